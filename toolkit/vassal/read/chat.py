"""The chat lines of a VASSAL log that say what a combat was: the combat called (where, from
where, by whom, on which column, with which declarations) and the dice VASSAL rolled; and the
lines that say a new turn or phase has begun.

VASSAL logs a chat line as the command ``CHAT`` and the text. A dice button reports its roll as
its ``reportFormat`` says; the module's is ``** <button> = <dice> *** <player>``, the dice
listed one by one. A combat is called by a line the module writes (or a player types), in any
language of the catalogue (its ``module.combat.call…`` messages)::

    Combat at 0606 from 0706, 0705 on Assaut declaring ace (6th Infantry), exploitation
    Combat à W3020 depuis W3019 sur Assaut avec cooperating-majors

A declaration names a modifier of the game's combat rule, and in brackets the units it is
for (by their names; left out, every unit it may apply to).

Anything after `` — `` is the module's own account (strengths, odds) and is not read back.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.catalogue import ENGLISH, Words, catalogue, languages

CHAT = "CHAT"
"""How VASSAL's chat command starts (``Chatter.DisplayText``)."""

_DICE = re.compile(r"\*\* (?P<name>.+?) = (?P<dice>\d+(?:\s*,\s*\d+)*) \*\*\*")


def _call_words(part: str) -> list[str]:
    """The word that opens one part of a call in every language ('from', 'depuis')."""
    found = {
        catalogue(language).get(f"module.combat.{part}", "").split("{")[0].strip()
        for language in languages()
    }
    return sorted((w for w in found if w), key=len, reverse=True)


def _either(part: str) -> str:
    return "(?:" + "|".join(re.escape(w) for w in _call_words(part)) + ")"


_START = re.compile(_either("call") + " ")
_CALL = re.compile(
    _either("call") + r" (?P<at>.+?)"
    rf"(?: {_either('call.from')} (?P<origins>.+?))?"
    rf"(?: {_either('call.by')} (?P<side>.+?))?"
    rf"(?: {_either('call.on')} (?P<column>.+?))?"
    rf"(?: {_either('call.declaring')} (?P<declared>.+?))?"
    r"(?: — .*)?$"
)


def _weather_pattern(language: str, single: bool) -> re.Pattern[str] | None:
    """What the module's weather button writes in the chat, in one language."""
    message = catalogue(language).get(f"module.weather.report{'.single' if single else ''}")
    if not message:
        return None
    pattern = re.escape(message).replace(re.escape("{zone}"), "(?P<zone>.+?)")
    return re.compile(pattern.replace(re.escape("$newValue$"), "(?P<weather>.+?)") + r"\s*$")


_WEATHER = [
    found
    for language in languages()
    for single in (False, True)
    if (found := _weather_pattern(language, single)) is not None
]


def _new_turn_words() -> str:
    """What our turn tracker's report says before the turn, in every language ('New turn:',
    'Nouveau tour :'), any run of spaces matching (the chat's spaces are read as one)."""
    found = set()
    for language in languages():
        said = catalogue(language).get("module.turn.report", "").split("$newTurn$")[0]
        if said.strip("* "):
            found.add(r"\s*".join(re.escape(word) for word in said.strip("* ").split()))
    return "|".join(sorted(found, key=len, reverse=True))


_NEW_TURN = re.compile(
    rf"^\*\s*(?:{_new_turn_words()}|.*\bTurn Updated from .* to)\s*(?P<turn>.+?)\s*$",
    re.IGNORECASE,
)


def parse_new_turn(text: str) -> str | None:
    """The turn and phase a turn tracker's report in the chat says have begun, else None:
    ours, in any language ("* New turn: Turn 2 Combat" → 'Turn 2 Combat', "* Nouveau tour :
    Tour 2 Combat"), and VASSAL's default ("* <Alice> Turn Updated from 1 to 2" → '2').
    A checker splits a log into phases with it, a report titles its steps. The text may be as
    VASSAL logged it (HTML entities, a no-break space) or as the chat shows it."""
    said = _NEW_TURN.match(" ".join(html.unescape(text).split()))
    return said.group("turn") if said is not None else None


def parse_weather_report(text: str) -> tuple[str, str] | None:
    """'Weather (East): Snow' → ('East', 'Snow'); 'Weather: Snow' → ('', 'Snow'): the
    weather a player set with the module's button; None for other lines."""
    for pattern in _WEATHER:
        match = pattern.search(text)
        if match is not None:
            zone = match.groupdict().get("zone") or ""
            return zone.strip(), match.group("weather").strip()
    return None


@dataclass(frozen=True, slots=True)
class DiceReport:
    """A roll VASSAL reported: the button's name and each die."""

    name: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CombatCall:
    """A combat called in the chat, as its words name things (labels, names)."""

    at: str
    origins: tuple[str, ...] = ()
    side: str | None = None
    column: str | None = None
    declared: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each modifier declared, with the names of the units it is for (empty: all of them)."""


def chat_text(command: str) -> str | None:
    """The text of a chat command; None for any other command."""
    return command[len(CHAT) :] if command.startswith(CHAT) else None


def parse_dice_report(text: str) -> DiceReport | None:
    """'** 2d10 = 3,8 *** <Alice>' → the 2d10 button's dice (3, 8); None for other lines."""
    match = _DICE.search(text)
    if match is None:
        return None
    dice = tuple(int(d) for d in match.group("dice").split(","))
    return DiceReport(match.group("name").strip(), dice)


def format_dice_report(report: DiceReport, player: str) -> str:
    """The line the module's dice buttons write (the inverse of :func:`parse_dice_report`)."""
    return f"** {report.name} = {','.join(str(d) for d in report.dice)} *** <{player}>"


def parse_combat_call(text: str) -> CombatCall | None:
    """A combat called in a chat line (after any '<player>' prefix); None for other lines."""
    start = _START.search(text)
    if start is None:
        return None
    match = _CALL.match(text[start.start() :].strip())
    if match is None:
        return None
    return CombatCall(
        match.group("at").strip(),
        _items(match.group("origins")),
        _strip(match.group("side")),
        _strip(match.group("column")),
        tuple(_declaration(item) for item in _bracketed_items(match.group("declared"))),
    )


def format_combat_call(call: CombatCall, say: Words = ENGLISH) -> str:
    """The line that calls a combat, in the language of ``say`` (the inverse of
    :func:`parse_combat_call`, which reads every language)."""
    words = [say("module.combat.call", place=call.at)]
    if call.origins:
        words.append(say("module.combat.call.from", places=", ".join(call.origins)))
    if call.side:
        words.append(say("module.combat.call.by", side=call.side))
    if call.column:
        words.append(say("module.combat.call.on", column=call.column))
    if call.declared:
        items = [f"{name} ({', '.join(units)})" if units else name for name, units in call.declared]
        words.append(say("module.combat.call.declaring", declared=", ".join(items)))
    return "".join(words)


def _items(text: str | None) -> tuple[str, ...]:
    return tuple(part.strip() for part in (text or "").split(",") if part.strip())


def _bracketed_items(text: str | None) -> list[str]:
    """Items split at the commas outside brackets: 'ace (A, B), exploitation' → 2 items."""
    items: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text or "":
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    items.append("".join(current).strip())
    return [item for item in items if item]


def _declaration(item: str) -> tuple[str, tuple[str, ...]]:
    """'ace (6th Infantry)' → ('ace', ('6th Infantry',)); 'exploitation' → ('exploitation', ())."""
    name, bracket, rest = item.partition("(")
    return name.strip(), _items(rest.rstrip(")")) if bracket else ()


def _strip(text: str | None) -> str | None:
    return text.strip() if text else None


def step_chat(steps: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """Each logged action's chat lines, in order."""
    return tuple(
        tuple(text for command in step if (text := chat_text(command)) is not None)
        for step in steps
    )
