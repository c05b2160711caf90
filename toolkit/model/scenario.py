"""Setups (scenarios) and positions: which pieces are where."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.model.base import Origin, empty

LocationKey = str


@dataclass(frozen=True, slots=True)
class PieceState:
    """Some copies of one counter, with the face and step they show."""

    counter: str
    count: int = 1
    face: str = "front"
    """'front', 'back' (the other side, 'hidden' on a block), or any face id of the counter
    ('step-2', 'hidden'); :func:`toolkit.model.position.setup_face` says which face it is."""
    step: int | None = None
    """The strength it has, when not full: picks the face 'step-<step>' if the counter has one;
    a block standing hidden keeps it as its strength."""
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class Placement:
    """Pieces at one location."""

    at: LocationKey
    pieces: tuple[PieceState, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """Pieces that arrive on a later turn."""

    turn: int
    pieces: tuple[PieceState, ...]
    at: LocationKey | None = None
    note: str = ""
    waiting: LocationKey | None = None
    """A box where the pieces wait, in play and on the table, until they arrive: they are the
    setup's pieces there, counted once against the counter mix."""
    enter: tuple[LocationKey, ...] = ()
    """Where they may enter when the place is not fixed: a range of hexes, or a map edge's."""
    enter_text: str = ""
    """How the source said it ('the west edge of The Crossing'), for players."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A scenario's starting position."""

    id: str
    name: str
    description: str = ""
    cite: str = ""
    turn: int | None = None
    last_turn: int | None = None
    phase: str | None = None
    first: str | None = None
    placements: tuple[Placement, ...] = ()
    control: Mapping[str, tuple[LocationKey, ...]] = empty()
    """Faction → locations it controls at the start."""
    reinforcements: tuple[Reinforcement, ...] = ()
    globals: Mapping[str, object] = empty()
    waivers: Mapping[str, str] = empty()
    """Rule id → why this setup may break it (the build checks setups against the rules)."""
    origin: Origin = Origin()
    """The setup's file, so a broken rule is reported at its placement's line."""

    def placed_counts(self) -> dict[str, int]:
        """Counter id → copies on the map at the start."""
        counts: dict[str, int] = {}
        for placement in self.placements:
            for piece in placement.pieces:
                counts[piece.counter] = counts.get(piece.counter, 0) + piece.count
        return counts
