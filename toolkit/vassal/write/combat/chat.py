"""What the combat writes in the chat log, as BeanShell string expressions the defender works
out: the call (the places and the side, as the log checker reads them back), the account of a
table combat (strengths, what applies with its rule, the column) and its result."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.catalogue import Words
from toolkit.model.rules import CombatModifier, CombatRule
from toolkit.rules.combat.engagement import effect_words
from toolkit.vassal.format.expressions import string_literal
from toolkit.vassal.write.combat.marks import AS_TEXT, BY, FROM


def shown(name: str, scale: int) -> str:
    if scale == 1:
        return f'"" + {name}'
    return f'If({name} % {scale} == 0, "" + {name} / {scale}, {name} + "/{scale}")'


def call_message(say: Words, declared: str = "") -> str:
    """The line that calls the combat, as :func:`~toolkit.vassal.read.chat.format_combat_call`
    writes it and the log checker reads it: the defender's place, the attackers' places, their
    side and, when ``declared`` names the defender's property listing them (', a, b'), the
    modifiers declared."""
    parts = [
        f'If({AS_TEXT}, {phrase(say, "call", place="LocationName")}, "")',
        f'If({FROM}.length() > 2, {phrase(say, "call.from", places=after_comma(FROM))}, "")',
        f'If({BY}.length() > 0, {phrase(say, "call.by", side=BY)}, "")',
    ]
    if declared:
        listed = phrase(say, "call.declaring", declared=after_comma(declared))
        parts.append(f'If({declared}.length() > 2, {listed}, "")')
    return " + ".join(parts)


def after_comma(name: str) -> str:
    """A list ', a, b' without its first comma: 'a, b' (VASSAL works out both branches of an
    ``If``, so the list may be empty and no bound may overrun it)."""
    return f"{name}.substring(If({name}.length() > 2, 2, 0))"


def phrase(say: Words, key: str, **parts: str) -> str:
    """The message ``module.combat.<key>`` as a BeanShell string expression, each placeholder
    the expression ``parts`` gives for it: ('Attack {attack}', attack='A') → '"Attack " + (A)'."""
    mark = "\x00"
    message = say(f"module.combat.{key}", **{name: f"{mark}{name}{mark}" for name in parts})
    terms = ['""']
    for n, piece in enumerate(message.split(mark)):
        if n % 2:
            terms.append(f"({parts[piece]})")
        elif piece:
            terms.append(string_literal(piece))
    return " + ".join(terms)


def chat_text(text: str) -> str:
    """Game text as the chat shows it: no markup, and no '$' VASSAL would read as a property."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("$", "＄")


def table_messages(
    say: Words,
    rule: CombatRule,
    scale: int,
    applies: Sequence[tuple[CombatModifier, str]],
    terrain: Sequence[tuple[str, str, str]],
    exprs: dict[str, str],
    declared: str = "",
) -> tuple[str, ...]:
    """The call, the account and the result of a table combat; ``applies``: each modifier and
    the defender's property saying it applies; ``terrain``: each terrain effect's test, name
    and effect. Adds to ``exprs`` the properties the account reads."""
    call = call_message(say, declared)
    strengths = {"attack": shown("CombatAttack", scale)}
    strengths["defence"] = shown("CombatDefenceBase", scale)
    account = [phrase(say, "account", **strengths)]
    for m, name in applies:
        line = say(
            "module.combat.applies",
            reason=chat_text(m.text),
            cite=m.cite,
            effect=effect_words(m, say),
        )
        account.append(f'If({name}, {string_literal(line)}, "")')
    for n, (test, reason, effect) in enumerate(terrain):
        # a Report Action's message cannot hold a Count's braced condition (a hexside every
        # attacker crosses): the defender works each test out as a property
        exprs[f"CombatShowsTerrain{n}"] = test
        cite = rule.cite
        line = say("module.combat.applies", reason=chat_text(reason), cite=cite, effect=effect)
        account.append(f'If(CombatShowsTerrain{n}, {string_literal(line)}, "")')
    account.append(phrase(say, "column", column="CombatColumn"))
    modifier = phrase(say, "roll-modifier", modifier="CombatRollModifier")
    account.append(f'If(CombatRollModifier != 0, {modifier}, "")')
    result = phrase(
        say, "result", roll="CombatRoll", column="CombatColumn", result="CombatResultWords"
    )
    return (call, " + ".join(account), result)
