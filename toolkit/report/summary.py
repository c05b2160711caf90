"""A short account of each turn of a log: moves, dice rolled, rules broken, in text and JSON."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.catalogue import Words
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

    def text(self, say: Words) -> str:
        """'Turn 3: 12 moves, 2 combats, 3 dice rolls, Warsaw changed hands; 1 rule broken:
        5.1 at 0604', in the game's language."""
        counts = ", ".join(
            [
                _count(say, self.moves, "moves"),
                _count(say, self.combats, "combats"),
                _count(say, self.rolls, "rolls"),
            ]
        )
        if self.taken:
            taken = "report.summary.taken." + ("one" if len(self.taken) == 1 else "many")
            counts += ", " + say(taken, places=_names(say, self.taken))
        if not self.broken:
            return say("report.summary.clean", turn=self.turn, counts=counts)
        where = ", ".join(
            say("report.summary.at", cite=cite, place=place) if place else cite
            for cite, place in self.broken
        )
        broken = "report.summary.broken." + ("one" if len(self.broken) == 1 else "many")
        return say(broken, turn=self.turn, counts=counts, count=len(self.broken), where=where)

    def to_json(self, say: Words) -> dict[str, object]:
        """The summary for tools: the same keys in every language; only ``text`` is worded."""
        return {
            "turn": self.turn,
            "steps": [self.first, self.last],
            "moves": self.moves,
            "combats": self.combats,
            "dice_rolls": self.rolls,
            "changed_hands": list(self.taken),
            "rules_broken": [{"cite": c, "at": p} for c, p in self.broken],
            "text": self.text(say),
        }


def _count(say: Words, n: int, what: str) -> str:
    """'1 move', '3 moves' (``what``: the catalogue's word for the count, 'moves')."""
    return say(f"report.summary.{what}.{'one' if n == 1 else 'many'}", count=n)


def _names(say: Words, names: Sequence[str]) -> str:
    """'Warsaw', 'Warsaw and Lodz', 'Warsaw, Lodz and Kovno'."""
    if len(names) == 1:
        return names[0]
    return say("report.summary.and", names=", ".join(names[:-1]), last=names[-1])


def turn_groups(steps: Sequence[Step]) -> list[list[Step]]:
    """The steps in runs of the same turn label, in order (the start is its own group)."""
    groups: list[list[Step]] = []
    for step in steps:
        if groups and groups[-1][-1].turn == step.turn and step.number != 0:
            groups[-1].append(step)
        else:
            groups.append([step])
    return groups


def summarise(steps: Sequence[Step], say: Words) -> list[TurnSummary]:
    """One summary per turn the log names (the steps before it names one: 'Before the first
    turn', in the game's language); the starting position is not a turn."""
    found: list[TurnSummary] = []
    for group in turn_groups([s for s in steps if s.number != 0]):
        found.append(
            TurnSummary(
                group[0].turn or say("report.before-first-turn"),
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
