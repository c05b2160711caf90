"""Stacks laid out as one figure standing on chips, as figure games count their armies.

In a figure game (Axis & Allies) a stack of identical units is one figure on chips: a chip
under it adds the units its value says, and the rules set no limit to chips or figures. The
box prints fewer figures than a campaign places, so a setup that gives "13 × infantry" in one
space is laid out as one figure on chips making up the other twelve. A game says which
counters are chips: counters of class ``chip`` with an integer ``units`` property (the units
one chip adds). Chips that name a ``side`` property belong to that side's pile (red chips for
one side, blue for the other); otherwise every side draws from one pile.

The rule, one answer for the setup sheet and the tests that count the printed mix:

- a counter whose copies in the setup fit its printed copies is laid out as figures;
- a counter with more copies than printed is laid out, in each place, as one figure on chips
  for the other n - 1 units: the largest chips first while the pile has them, then smaller ones;
- chips the setup places itself come out of the pile first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from toolkit.model.game import Game
from toolkit.model.scenario import PieceState, Setup

CHIP_CLASS = "chip"
"""The counter class that marks a chip."""
CHIP_UNITS = "units"
"""The counter property that says how many units one chip adds."""

Where = tuple[str, str, str | None]
"""A stack: (place, figure counter id, owner). The place is a placement's location key, or
a reinforcement's own key for one that arrives later (see :func:`setup_places`)."""


@dataclass(frozen=True, slots=True)
class OnChips:
    """One stack laid out as a figure on chips."""

    units: int
    """The units the stack counts."""
    chips: tuple[tuple[str, int], ...]
    """Chip counter id → how many under the figure, the largest value first."""
    missing: int = 0
    """Units the printed chips could not make up (0 when the mix suffices)."""


def chip_values(game: Game) -> dict[str, int]:
    """Chip counter id → the units one chip adds; empty for a game without chips."""
    values: dict[str, int] = {}
    for counter in game.counters:
        units = counter.properties.get(CHIP_UNITS)
        if counter.class_ == CHIP_CLASS and isinstance(units, int) and units > 0:
            values[counter.id] = units
    return values


def chip_pile(game: Game, chip_id: str) -> str | None:
    """The side whose pile a chip is in (its ``side`` property), None for a shared pile."""
    side = game.counter(chip_id).properties.get("side")
    return side if isinstance(side, str) else None


def figure_pile(game: Game, piece: PieceState, sided: bool) -> str | None:
    """The pile a figure's chips come from: its owner's side when chips have sides."""
    if not sided:
        return None
    party = piece.owner or game.counter(piece.counter).faction
    if party is None:
        return None
    if any(side.id == party for side in game.sides):
        return party
    try:
        return game.faction(party).side
    except KeyError:
        return None


def setup_places(setup: Setup) -> list[tuple[str, tuple[PieceState, ...]]]:
    """Every place a setup stacks pieces: its placements, then each reinforcement apart."""
    places = [(p.at, p.pieces) for p in setup.placements]
    places += [(reinforcement_place(i), r.pieces) for i, r in enumerate(setup.reinforcements)]
    return places


def reinforcement_place(index: int) -> str:
    """The place of the setup's reinforcement number ``index``: a stack of its own."""
    return f"reinforcement #{index}"


def stacks_on_chips(game: Game, setup: Setup) -> dict[Where, OnChips]:
    """Each stack the setup lays out as a figure on chips; stacks laid out as figures are absent."""
    values = chip_values(game)
    if not values:
        return {}
    places = setup_places(setup)
    stacks: dict[Where, int] = {}
    total: Counter[str] = Counter()
    for at, pieces in places:
        for piece in pieces:
            total[piece.counter] += piece.count
            where = (at, piece.counter, piece.owner)
            stacks[where] = stacks.get(where, 0) + piece.count
    short = {c for c, n in total.items() if c not in values and n > game.counter(c).count}
    left = {c: game.counter(c).count - total.get(c, 0) for c in values}
    sided = any(chip_pile(game, c) is not None for c in values)
    laid: dict[Where, OnChips] = {}
    for where, units in stacks.items():
        if where[1] not in short:
            continue
        figure = PieceState(where[1], owner=where[2])
        pile = [c for c in values if chip_pile(game, c) == figure_pile(game, figure, sided)]
        laid[where] = _lay(units, sorted(pile, key=lambda c: -values[c]), values, left)
    return laid


def _lay(
    units: int, pile: Iterable[str], values: Mapping[str, int], left: dict[str, int]
) -> OnChips:
    """One figure and the chips for the rest, the largest first, taken from ``left``."""
    rest = units - 1
    chips: list[tuple[str, int]] = []
    for chip in pile:
        n = min(rest // values[chip], max(0, left[chip]))
        if n:
            chips.append((chip, n))
            left[chip] -= n
            rest -= n * values[chip]
    return OnChips(units, tuple(chips), rest)
