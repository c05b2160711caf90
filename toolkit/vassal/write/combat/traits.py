"""The traits of the combat's pieces: a unit's role and mark, its strengths or targets, and the
combat prototype, whose Trigger Actions take the defender through the combat's steps when the
combat button is pressed."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from toolkit.catalogue import Words
from toolkit.model import Game
from toolkit.rules.combat.engagement import SIDES
from toolkit.vassal.format.codec import encode
from toolkit.vassal.format.expressions import all_of, any_of, string_literal
from toolkit.vassal.format.traits import (
    CTRL_SHIFT,
    PROTOTYPE_BASE,
    Trait,
    key,
    marker,
    report,
    trigger,
)
from toolkit.vassal.write.combat.declared import (
    GATHER_KEY,
    NAMES,
    ON,
    UNDECLARE_KEY,
    Declarations,
)
from toolkit.vassal.write.combat.marks import (
    APPEND_KEY,
    AS_TEXT,
    BY,
    CLEAR_KEY,
    DICE_KEY,
    FROM,
    GATE_CODE,
    GATED,
    PROTOTYPE,
    RESOLVE_KEY,
    ROLE,
    ROLL_KEY,
    STEPS,
    ModuleCombat,
    combat_condition,
)
from toolkit.vassal.write.warnings import ModuleWarnings


def calculated(name: str, expression: str) -> Trait:
    """A Calculated Property: ``name`` is the value of the BeanShell expression, worked out
    each time it is read."""
    return Trait("calcProp;" + encode([name, "{" + expression + "}", ""], ";"), "")


def role_property(say: Words) -> Trait:
    """CombatRole, set by three menu commands: attacking, defending, out of combat."""
    attack, defend, clear = (say(f"module.combat.{k}") for k in ("attack", "defend", "clear"))
    commands = [
        encode([attack, key("A", CTRL_SHIFT), encode(["P", "attacker"], ",")], ":"),
        encode([defend, key("E", CTRL_SHIFT), encode(["P", "defender"], ",")], ":"),
        encode([clear, CLEAR_KEY, encode(["P", ""], ",")], ":"),
    ]
    fields = [ROLE, "false,0,100,false", encode(commands, ","), ""]
    return Trait("PROP;" + encode(fields, ";"), "")


def _mark_label() -> Trait:
    """The mark a player sees on a piece in combat: a bold letter in a black box at the
    top right corner (nothing when the piece is not in combat)."""
    fields = [
        "",  # no key to change it
        "",  # no menu command
        "16",
        "0,0,0",  # black box
        "255,215,0",  # gold letter
        "t",  # at the top
        "0",
        "r",  # at the right
        "0",
        "c",
        "c",
        "$pieceName$",
        "Dialog",
        "1",  # bold
        "0",
        "CombatMarkLabel",
        "",
        "false",
    ]
    return Trait("label;" + encode(fields, ";"), "$CombatMark$")


def combat_prototype(
    exprs: Mapping[str, str],
    messages: Sequence[str],
    say: Words,
    rolling: tuple[Sequence[str], Sequence[Trait]] | None = None,
    gates: Mapping[str, str] | None = None,
    last: Sequence[str] = (),
    declared: Declarations | None = None,
) -> tuple[Trait, ...]:
    """What every unit of the combat carries: its role and mark, the combat as worked out
    from it when it defends, and the steps the combat button sets off on the defender.

    ``rolling`` is how the dice are rolled: the keys the defender sends itself between the
    account and the result, and the traits that answer them (None: one roll of the combat
    dice button, on :data:`ROLL_KEY`). ``gates`` holds a step back unless its condition holds
    on the defender: a step of :data:`GATED` → a BeanShell condition. ``last``: keys the
    defender sends itself once everything else is done. ``declared``: the modifiers a player
    declares, for the whole combat or for units (:func:`declaring`)."""
    reset_key, gather_key, call_key, account_key, _, result_key, clear_key = STEPS
    keys, traits = rolling or ((ROLL_KEY,), (roll_dice(),))
    named = dict(
        zip(
            GATED,
            (reset_key, gather_key, call_key, account_key, result_key, clear_key),
            strict=True,
        )
    )
    gated = []
    for n, (step, condition) in enumerate(sorted((gates or {}).items())):
        gate = f"{GATE_CODE + n},130"
        gated.append(trigger(gate, condition, (named[step],)))
        named[step] = gate
    steps = (*(named[s] for s in GATED[:4]), *keys, *(named[s] for s in GATED[4:]), *last)
    attacker, defender = (string_literal(say(f"module.combat.mark.{r}")) for r in SIDES)
    mark = f'If({ROLE} == "attacker", {attacker}, If({ROLE} == "defender", {defender}, ""))'
    joined = (  # ', 0801, 0601': never a number, as '0801' alone would be to VASSAL
        f'If({AS_TEXT}, If(({FROM} + ", ").contains(", " + LocationName + ", "), '
        f'{FROM}, {FROM} + ", " + LocationName), {FROM})'
    )
    return (
        role_property(say),
        calculated("CombatMark", mark),
        _mark_label(),
        *(calculated(name, expression) for name, expression in exprs.items()),
        trigger(RESOLVE_KEY, f'{ROLE} == "defender"', steps),
        set_global(FROM, ((reset_key, ""), (APPEND_KEY, "{" + joined + "}"))),
        set_global(BY, ((reset_key, ""), (APPEND_KEY, "{SideName}"))),
        _command_to(gather_key, APPEND_KEY, f'{ROLE} == "attacker"'),
        # before the marks are cleared: the declarations are taken back from the units marked
        *declaring(declared, gather_key, clear_key, reset_key),
        _command_to(clear_key, CLEAR_KEY, f"{ROLE}.length() > 0"),
        report((call_key,), "{" + messages[0] + "}"),
        report((account_key,), "{" + messages[1] + "}"),
        *traits,
        *gated,
        report((result_key,), "{" + messages[2] + "}"),
        PROTOTYPE_BASE,
    )


def declaring(
    declared: Declarations | None, gather_key: str, clear_key: str, reset_key: str
) -> tuple[Trait, ...]:
    """What a unit carries for the declared modifiers: a menu command declaring each for it;
    as the defender, the gathering of the names of the units each is declared for (on
    ``gather_key``) and, once the combat is written (``clear_key``), every declaration taken
    back, the buttons' and the units'."""
    if declared is None or not declared.modifiers:
        return ()
    traits, units = [], []
    for n, (unit, command) in enumerate(declared.menus):
        toggle = "{" + f'If({unit} == "{ON}", "", "{ON}")' + "}"
        commands = [
            encode([command, key(str(n + 1), CTRL_SHIFT), encode(["P", toggle], ",")], ":"),
            encode(["", UNDECLARE_KEY, encode(["P", ""], ",")], ":"),
        ]
        fields = [unit, "false,0,100,false", encode(commands, ","), ""]
        traits.append(Trait("PROP;" + encode(fields, ";"), ""))
        names = f"{NAMES}{n}"
        added = "{" + f'{names} + If({unit} == "{ON}", ", " + BasicName, "")' + "}"
        traits.append(set_global(names, ((reset_key, ""), (GATHER_KEY, added))))
        units.append(f'{unit} == "{ON}"')
    fighting = any_of([combat_condition(side) for side in SIDES])
    declared_for = all_of([fighting, any_of(units)])
    traits += [
        _command_to(gather_key, GATHER_KEY, declared_for),
        _command_to(clear_key, UNDECLARE_KEY, declared_for),
        *(set_global(name, ((clear_key, value),)) for name, value in declared.resets),
    ]
    return tuple(traits)


def roll_dice() -> Trait:
    """On :data:`ROLL_KEY`, roll the combat dice button once."""
    return Trait("globalhotkey;" + encode(["", ROLL_KEY, DICE_KEY, ""], ";"), "")


def _command_to(key_: str, sent: str, condition: str) -> Trait:
    """On ``key_``, send ``sent`` to every piece the condition picks (no menu entry)."""
    return Trait("globalkey;" + encode(["", key_, sent, "{" + condition + "}"], ";"), "")


def set_global(name: str, changes: Sequence[tuple[str, str]]) -> Trait:
    """Set Global Property: each key sets the module's property ``name`` to its value (an
    expression in braces is worked out on the piece)."""
    commands = [encode(["", k, encode(["P", value], ",")], ":") for k, value in changes]
    fields = [name, "false,0,100,false", encode(commands, ","), "", "", ""]
    return Trait("setprop;" + encode(fields, ";"), "")


def counter_traits(props: Mapping[str, str]) -> tuple[Trait, ...]:
    """A unit's combat traits: the prototype, then its properties (a value, or an expression
    in braces for a Calculated Property)."""
    plain = [(n, v) for n, v in sorted(props.items()) if not v.startswith("{")]
    calcs = [calculated(n, v[1:-1]) for n, v in sorted(props.items()) if v.startswith("{")]
    return (Trait("prototype;" + PROTOTYPE), *calcs, *((marker(plain),) if plain else ()))


# -- into the module ----------------------------------------------------------------------------


def with_combat(
    game: Game, warnings: ModuleWarnings, combat: ModuleCombat | None
) -> ModuleWarnings:
    """The pieces' traits with the combat's added: each counter's (and each holder's, a counter
    set up for another faction) after its warnings, and the combat prototype."""
    if combat is None:
        return warnings
    traits = dict(warnings.counter_traits)
    keys = [c.id for c in game.counters] + sorted(warnings.holders)
    for holder in keys:
        added = combat.counter_traits.get(holder.split("@", 1)[0])
        if added:
            traits[holder] = (*traits.get(holder, ()), *added)
    prototypes = dict(warnings.prototypes) | {PROTOTYPE: combat.prototype}
    return dataclasses.replace(warnings, counter_traits=traits, prototypes=prototypes)
