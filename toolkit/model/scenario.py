"""Setups (scenarios) and positions: which pieces are where."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.model.base import Origin, empty
from toolkit.model.rules import Rule
from toolkit.model.versions import version_key

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
    decks: Mapping[str, tuple[str, ...]] = empty()
    """Deck id → the cards of its draw pile at the start, top first (a deck not named holds
    its declared cards; see :attr:`toolkit.model.card.Deck.start_cards`)."""
    hands: Mapping[str, tuple[str, ...]] = empty()
    """Deck id → the cards in its owner's hand at the start."""
    discards: Mapping[str, tuple[str, ...]] = empty()
    """Deck id → the cards in its discard pile at the start."""
    cups: Mapping[str, tuple[PieceState, ...]] = empty()
    """Cup id → what it holds at the start (a cup not named holds what it declares)."""
    origin: Origin = Origin()
    """The setup's file, so a broken rule is reported at its placement's line."""

    def placed_counts(self) -> dict[str, int]:
        """Counter id → copies on the map at the start."""
        counts: dict[str, int] = {}
        for placement in self.placements:
            for piece in placement.pieces:
                counts[piece.counter] = counts.get(piece.counter, 0) + piece.count
        return counts


def parse_version(text: str) -> tuple[object, ...]:
    """A version's precedence key: '1.10.0' after '1.9.0', '1.0.0-beta' before '1.0.0'; a
    short version counts as its padded form ('1.0' is '1.0.0').

    :raises ValueError: not a version.
    """
    return version_key(text)


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario published for a game from outside its folder: a setup plus who wrote it, the
    game versions it is for and what players read on its card."""

    setup: Setup
    """The starting position, with the scenario's id, title, turns and waivers."""
    title: str
    author: str
    version: str
    game: str
    """The id of the game it is for."""
    min_version: str | None = None
    max_version: str | None = None
    """The game versions it works with, both ends included (None: open)."""
    special_rules: tuple[str, ...] = ()
    victory: tuple[str, ...] = ()
    """The victory conditions in words."""
    victory_rules: tuple[Rule, ...] = ()
    """The checkable ones, as rules of kind 'victory'."""
    area: tuple[LocationKey, ...] = ()
    """The locations in play (empty: wherever a piece starts or arrives)."""

    @property
    def id(self) -> str:
        """The scenario's id (its setup's)."""
        return self.setup.id

    def supports(self, game_version: str) -> bool:
        """Whether a game version lies within the scenario's range."""
        version = parse_version(game_version)
        low = parse_version(self.min_version) if self.min_version else None
        high = parse_version(self.max_version) if self.max_version else None
        return (low is None or version >= low) and (high is None or version <= high)

    def versions_text(self) -> str:
        """'1.0 to 1.9', '1.0 or later', 'up to 2.0' or 'any version'."""
        if self.min_version and self.max_version:
            if self.min_version == self.max_version:
                return self.min_version
            return f"{self.min_version} to {self.max_version}"
        if self.min_version:
            return f"{self.min_version} or later"
        if self.max_version:
            return f"up to {self.max_version}"
        return "any version"
