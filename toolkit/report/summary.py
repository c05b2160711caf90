"""A short account of each turn of a log: moves, dice rolled, rules broken, in text and JSON."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.report.story import Step


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """What happened in one turn (or phase) as the log names it."""

    turn: str
    first: int
    """The first step of the turn, and the last."""
    last: int
    moves: int
    rolls: int
    broken: tuple[tuple[str, str], ...]
    """(citation, where) per rule broken."""
    combats: int = 0
    taken: tuple[str, ...] = ()
    """The named places that changed hands, in the order they did."""

    def text(self) -> str:
        """'Turn 3: 12 moves, 2 combats, 3 dice rolls, Warsaw changed hands; 1 rule broken:
        5.1 at 0604'."""
        counts = ", ".join(
            [
                _count(self.moves, "move"),
                _count(self.combats, "combat"),
                _count(self.rolls, "dice roll"),
            ]
        )
        if self.taken:
            counts += f", {_names(self.taken)} changed hands"
        if not self.broken:
            return f"{self.turn}: {counts}; no rule broken"
        where = ", ".join(f"{cite} at {place}" if place else cite for cite, place in self.broken)
        return f"{self.turn}: {counts}; {_count(len(self.broken), 'rule')} broken: {where}"

    def to_json(self) -> dict[str, object]:
        return {
            "turn": self.turn,
            "steps": [self.first, self.last],
            "moves": self.moves,
            "combats": self.combats,
            "dice_rolls": self.rolls,
            "changed_hands": list(self.taken),
            "rules_broken": [{"cite": c, "at": p} for c, p in self.broken],
            "text": self.text(),
        }


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _names(names: Sequence[str]) -> str:
    """'Warsaw', 'Warsaw and Lodz', 'Warsaw, Lodz and Kovno'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def turn_groups(steps: Sequence[Step]) -> list[list[Step]]:
    """The steps in runs of the same turn label, in order (the start is its own group)."""
    groups: list[list[Step]] = []
    for step in steps:
        if groups and groups[-1][-1].turn == step.turn and step.number != 0:
            groups[-1].append(step)
        else:
            groups.append([step])
    return groups


def summarise(steps: Sequence[Step]) -> list[TurnSummary]:
    """One summary per turn the log names (the steps before it names one: 'Before the first
    turn'); the starting position is not a turn."""
    found: list[TurnSummary] = []
    for group in turn_groups([s for s in steps if s.number != 0]):
        found.append(
            TurnSummary(
                group[0].turn or "Before the first turn",
                group[0].number,
                group[-1].number,
                sum(1 for s in group if s.moves),
                sum(len(s.dice) for s in group),
                tuple((b.cite, b.places[0] if b.places else "") for s in group for b in s.broken),
                sum(len(s.combats) for s in group),
                tuple(dict.fromkeys(name for s in group for name in s.taken)),
            )
        )
    return found
