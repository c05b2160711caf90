"""Cards, decks and cups: the components of card-driven games and of random pools.

A card is laid out by a template, as a counter is, but carries what counters cannot: a title and
a body text of paragraphs with bold and italic words, flowed into an area and shrunk to fit. A
deck is a draw pile of cards with its discard pile and, when a side owns it, that side's hand; a
cup is counters drawn at random (a force pool, an entry-marker pool). What each holds at the
start is the setup's (:class:`toolkit.model.scenario.Setup`), by default what the deck declares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from toolkit.model.base import Origin, empty
from toolkit.model.counter import FieldSpec, Scalar

CardDraw = Literal["title", "body", "text", "icon", "image", "unit-symbol", "band", "disc", "box"]
Corner = Literal["top-left", "top-right", "bottom-left", "bottom-right"]
Align = Literal["left", "center", "right"]
Area = tuple[float, float, float, float]
"""[left, top, width, height] as shares of the card's width and height, from the top left."""

MM = 72 / 25.4
CARD_SIZES: Mapping[str, tuple[float, float]] = {
    "poker": (63 * MM, 88 * MM),
    "bridge": (57 * MM, 89 * MM),
    "mini": (44 * MM, 63 * MM),
    "euro": (59 * MM, 92 * MM),
    "tarot": (70 * MM, 120 * MM),
    "square": (70 * MM, 70 * MM),
}
"""Standard card sizes in points, portrait (the sizes print-on-demand shops and sleeves use)."""
DEFAULT_CORNER = 3 * MM
"""The rounded corner's radius when a template gives none: a common playing card's."""
BODY_FLOOR = 6.0
"""The smallest size (points) body text is shrunk to by default: below it printers refuse text
and players cannot read it; text that still does not fit is the designer's to shorten."""

DEFAULT_AREAS: Mapping[str, Area] = {
    "title": (0.06, 0.04, 0.88, 0.12),
    "body": (0.08, 0.48, 0.84, 0.44),
    "text": (0.08, 0.20, 0.84, 0.08),
    "icon": (0.30, 0.18, 0.40, 0.28),
    "image": (0.06, 0.18, 0.88, 0.28),
    "unit-symbol": (0.30, 0.20, 0.40, 0.24),
    "box": (0.05, 0.05, 0.90, 0.90),
}
"""Where each kind of element sits when it gives no area: a title at the top, a picture below
it, the body text in the lower half (a usual event card)."""


@dataclass(frozen=True, slots=True)
class CardElement:
    """One element of a card face, drawn in order."""

    draw: CardDraw
    area: Area | None = None
    """Where it is drawn; None: its kind's default (:data:`DEFAULT_AREAS`; bands: ``edge``)."""
    text: str | None = None
    field: str | None = None
    at: Corner = "top-left"
    size: float | None = None
    min_size: float | None = None
    bold: bool = False
    align: Align | None = None
    color: str | None = None
    background: str | None = None
    """A colour, or 'faction'/'side': the card's owner's colour."""
    edge: str | None = None

    @property
    def box(self) -> Area:
        """The element's area: its own, or its kind's default."""
        return self.area or DEFAULT_AREAS.get(self.draw, DEFAULT_AREAS["box"])


DEFAULT_FRONT = (CardElement("title"), CardElement("body"))
"""A card's face when its template gives no elements: its title above its text."""


@dataclass(frozen=True, slots=True)
class CardBack:
    """What a card's back shows; a card's own back replaces its template's field by field."""

    elements: tuple[CardElement, ...] | None = None
    """None: its label in a frame, over its background."""
    background: str | None = None
    """A colour or 'faction'/'side'; None: the template's face background."""
    label: str = ""
    image: Path | None = None
    """An image filling the back (a path inside the game folder, checked by the loader)."""


@dataclass(frozen=True, slots=True)
class CardTemplate:
    """A card layout."""

    id: str
    width: float
    """Points, as the card is read (a landscape card is wider than high)."""
    height: float
    corner: float = DEFAULT_CORNER
    """Radius of the rounded corners, in points (0: square corners)."""
    background: str = "white"
    border: str | None = None
    fields: Mapping[str, FieldSpec] = empty()
    front: tuple[CardElement, ...] = ()
    """Drawn in order; a template that gives none shows :data:`DEFAULT_FRONT`."""
    back: CardBack = CardBack()
    origin: Origin = Origin()


@dataclass(frozen=True, slots=True)
class Card:
    """A card: its title, its text and its data; ``count`` copies are printed."""

    id: str
    name: str
    template: str
    title: str = ""
    text: str = ""
    """The body: paragraphs split by a blank line, **bold** and *italic* words."""
    faction: str | None = None
    side: str | None = None
    """Its owner's side (its faction's, unless it says)."""
    count: int = 1
    private: bool = False
    """Kept hidden in its owner's hand until played; a public card is shown when drawn."""
    values: Mapping[str, Scalar] = empty()
    back: CardBack | None = None
    """Its own back, over its template's; None: the template's."""
    cite: str = ""
    tags: frozenset[str] = frozenset()
    properties: Mapping[str, Scalar] = empty()
    set_id: str = ""
    """The cards file it comes from."""
    images: Mapping[str, Path] = empty()
    """Image fields → their checked path inside the game folder."""
    origin: Origin = Origin()

    def __hash__(self) -> int:
        """Cards are identified by id (their mappings cannot be hashed)."""
        return hash(("card", self.id))


@dataclass(frozen=True, slots=True)
class Joins:
    """When cards that wait beside a deck join it: at a turn, or at the first turn of a year."""

    turn: int | None = None
    year: int | None = None

    def __str__(self) -> str:
        return f"turn {self.turn}" if self.turn is not None else f"year {self.year}"


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """A card in a deck, with its copies and when it joins (None: there from the start)."""

    card: str
    copies: int = 1
    joins: Joins | None = None


@dataclass(frozen=True, slots=True)
class Deck:
    """A draw pile of cards, its discard pile and (owned by a side) that side's hand."""

    id: str
    name: str
    entries: tuple[DeckEntry, ...]
    owner: str | None = None
    """The side that draws from it and holds its hand; None: shared."""
    faces: Literal["down", "up"] = "down"
    discard: str = ""
    """The discard pile's name, as players see it."""
    hand_limit: int | None = None
    plays_per_turn: int | None = None
    reshuffle: bool = True
    cite: str = ""
    origin: Origin = Origin()

    @property
    def start_cards(self) -> tuple[str, ...]:
        """The draw pile before any setup says otherwise: every card without 'joins', one id
        per copy, in the order written (the module shuffles it)."""
        return tuple(e.card for e in self.entries if e.joins is None for _ in range(e.copies))

    @property
    def joining(self) -> tuple[tuple[Joins, tuple[str, ...]], ...]:
        """The cards that join later, grouped by when, in the order they join."""
        groups: dict[Joins, list[str]] = {}
        for entry in self.entries:
            if entry.joins is not None:
                groups.setdefault(entry.joins, []).extend([entry.card] * entry.copies)
        order = sorted(groups, key=lambda j: (j.year or 0, j.turn or 0))
        return tuple((joins, tuple(groups[joins])) for joins in order)

    @property
    def all_cards(self) -> tuple[str, ...]:
        """Every card the deck ever holds, one id per copy."""
        return tuple(e.card for e in self.entries for _ in range(e.copies))


@dataclass(frozen=True, slots=True)
class Cup:
    """Counters drawn at random, face down: a force pool, an entry-marker pool."""

    id: str
    name: str
    counters: tuple[tuple[str, int | None], ...]
    """(counter id, copies) in the order written; copies None: what is left of the counter's
    mix once a setup has placed its pieces (see :mod:`toolkit.model.holdings`)."""
    owner: str | None = None
    cite: str = ""
    origin: Origin = Origin()
