"""Card sheets: cards at true size, as many as fit a page, with bleed, crop marks and their
rounded cut line; each fronts page followed by its backs page, mirrored for duplex.

A card is printed as three layers: its ground carried past the cut into the bleed (drawn by the
renderer for this, :func:`toolkit.render.cards.card_ground`), the card's own drawing at trim
size over it (the very drawing the svg output writes), and a thin line on the rounded cut. Cards
of one size form one grid per page, centred on the paper; the grid is the counters' (see
``impose``), but unless the designer sets a gutter, the cards stand apart by as much as the paper
leaves, up to twice the bleed, so each card's bleed runs out on every side (a cut a little off
shows its own ground, not the next card's title band), and each card has its own cut lines.
The backs page mirrors the fronts page through the same rule and printer offset as counter
sheets (``impose.mirror_rect``), so a back cannot drift from its front.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from toolkit.artwork import CardArt, Drawing
from toolkit.catalogue import words
from toolkit.kit import draw
from toolkit.kit.errors import KitError
from toolkit.kit.impose import (
    Block,
    Duplex,
    Piece,
    Sheet,
    Slot,
    back_rotation,
    bleed_rect,
    mirror_rect,
)
from toolkit.kit.layout import Cut, PagePlan, Placement
from toolkit.kit.paper import MM, Page, Rect, grow
from toolkit.kit.sheets import face_key
from toolkit.model import Game
from toolkit.model.card import Card
from toolkit.render.cards import card_ground
from toolkit.render.svg import attrs, svg_document

MIN_BLEED = 3 * MM
"""The least bleed a card gets, whatever print.bleed says: print shops ask for 3 mm."""
EDGE_ROOM = 12.0
"""Kept clear at the paper's edge around a card grid, beyond the bleed (points)."""
HEADER_ROOM = 24.0
"""Room a page header needs above the crop marks; a page without it prints its header up the
left margin instead."""
TOP_HEADER = HEADER_ROOM + draw.MARK_GAP + draw.MARK_LENGTH - EDGE_ROOM
"""What a header above the crop marks takes at the top of a card sheet beyond the edge room."""
UNPRINTED = 0.25 * 72
"""How near the paper's edge home printers stop printing: a header stays inside it."""
SIDE_HEADER = UNPRINTED - EDGE_ROOM + draw.MARK_GAP + draw.HEADER_SIZE
"""What a header run up the left margin takes beyond the edge room: its line, clear of the
bleed and its marks, no nearer the paper's edge than a home printer prints."""
CUT_LINE = "#8c8c8c"
CUT_WIDTH = 0.35
"""The rounded cut line: thin and grey, inside the trim, so a clean cut leaves none of it."""
SEAM = 0.3
"""Grounds of neighbouring cards overlap by this much, so no hairline of paper shows between
them where a viewer's anti-aliasing meets two clipped edges; the overlap lies in the middle of
the gap between them, or, when a designer butts them, under the neighbour's face or in its
cut-off corner."""


@dataclass(frozen=True, slots=True)
class CardSheets:
    """The card pages in print order, and the drawings they place, by artwork key."""

    pages: list[PagePlan]
    art: dict[str, Drawing]


def card_pieces(game: Game, cards: Mapping[str, CardArt]) -> list[Piece]:
    """Every card to print, ``count`` copies each, grouped by the first deck holding it (decks
    in game order, loose cards last); with ``print.sheets: packed`` they share sheets."""
    say = words(game.language)
    loose, packed = say("kit.sheets.cards"), say("kit.sheets.all-cards")
    deck_of: dict[str, tuple[int, str]] = {}
    for index, deck in enumerate(game.decks):
        for card_id in deck.all_cards:
            deck_of.setdefault(card_id, (index, deck.name))
    printed = [c for c in game.cards if c.id in cards and c.count > 0]
    printed.sort(key=lambda c: deck_of.get(c.id, (len(game.decks), ""))[0])
    pieces = []
    for card in printed:
        template = game.card_template(card.template)
        group = packed if game.print.sheets == "packed" else deck_of.get(card.id, (0, loose))[1]
        pieces.append(Piece(card.id, template.width, template.height, card.count, group))
    return pieces


def impose_cards(
    pieces: Sequence[Piece], page: Page, bleed: float, gutter: float | None = None
) -> list[Sheet]:
    """One grid of same-size cards per page, as many as fit, on the paper as :func:`card_grid`
    lays it out; a new page for each group and each size.

    :raises KitError: a card larger than the page allows.
    """
    sheets = []
    for group in dict.fromkeys(p.group for p in pieces):
        sizes: dict[tuple[float, float], list[str]] = {}
        for piece in (p for p in pieces if p.group == group):
            sizes.setdefault((piece.width, piece.height), []).extend([piece.counter] * piece.copies)
        for (width, height), copies in sizes.items():
            grid = card_grid(page, width, height, bleed, gutter)
            columns, rows, left, top = grid.columns, grid.rows, grid.left, grid.top
            gutter_x, gutter_y = grid.gap_x, grid.gap_y
            if columns < 1 or rows < 1:
                raise KitError(
                    f"card {copies[0]!r} ({width / MM:.0f}×{height / MM:.0f} mm) with its bleed "
                    "is larger than the page; print on larger paper"
                )
            per = columns * rows
            for start in range(0, len(copies), per):
                chunk = copies[start : start + per]
                slots = tuple(
                    Slot(
                        card_id,
                        left + (i % columns) * (width + gutter_x),
                        top + (i // columns) * (height + gutter_y),
                        width,
                        height,
                        i // columns,
                        i % columns,
                    )
                    for i, card_id in enumerate(chunk)
                )
                shape = (min(columns, len(chunk)), math.ceil(len(chunk) / columns))
                block = Block(left, top, *shape, width, height, gutter_x, slots, gutter_y)
                sheets.append(Sheet(group, (block,)))
    return sheets


@dataclass(frozen=True, slots=True)
class CardGrid:
    """How cards of one size lie on a page: how many across and down, the gaps between them,
    and the grid's top left corner (its cut, not its bleed)."""

    columns: int
    rows: int
    gap_x: float
    gap_y: float
    left: float
    top: float


def card_grid(
    page: Page, width: float, height: float, bleed: float, gutter: float | None
) -> CardGrid:
    """The grid of ``width`` × ``height`` cards on a page.

    A designer's ``gutter`` is kept as given, the grid centred. Without one, the count is what
    fits with cards butted, and each gap is the widest, up to twice the bleed, that keeps that
    count and leaves the page header its room: above the crop marks where the paper's height
    allows it, else up the left margin, never nearer the edge than the edge room. With the full
    gap every card carries its whole bleed towards its neighbours, so a cut a little off shows
    the card's own ground, never the next card's edge.
    """
    room_x = page.width - 2 * (EDGE_ROOM + bleed)
    room_y = page.height - 2 * (EDGE_ROOM + bleed)
    if gutter is not None:
        columns, rows = _fit(room_x, width, gutter), _fit(room_y, height, gutter)
        gap_x = gap_y = gutter
        above = beside = 0.0
    else:
        columns, rows = _fit(room_x, width, 0.0), _fit(room_y, height, 0.0)
        spare_x, spare_y = room_x - columns * width, room_y - rows * height
        above = TOP_HEADER if spare_y >= TOP_HEADER else 0.0
        beside = 0.0 if above else SIDE_HEADER
        gap_x = _gap(columns, spare_x - beside, bleed)
        gap_y = _gap(rows, spare_y - above, bleed)
    grid_width = columns * width + max(columns - 1, 0) * gap_x
    grid_height = rows * height + max(rows - 1, 0) * gap_y
    left = beside + (page.width - beside - grid_width) / 2
    top = above + (page.height - above - grid_height) / 2
    return CardGrid(columns, rows, gap_x, gap_y, left, top)


def _gap(count: int, spare: float, bleed: float) -> float:
    """The gap between ``count`` cards sharing ``spare`` room, at most twice the bleed."""
    return min(2 * bleed, max(spare, 0.0) / (count - 1)) if count > 1 else 0.0


def _fit(room: float, size: float, gutter: float) -> int:
    """How many ``size`` cells with ``gutter`` between them fit in ``room``."""
    if room + 1e-6 < size:
        return 0
    return int((room + gutter + 1e-6) // (size + gutter))


def card_sheet_plans(
    game: Game,
    cards: Mapping[str, CardArt],
    page: Page,
    duplex: Duplex,
    offset: tuple[float, float],
    bleed: float,
    gutter: float | None,
) -> CardSheets:
    """A fronts page and its backs page for every card sheet, and the drawings they place."""
    bleed = max(bleed, MIN_BLEED)
    say = words(game.language)
    sheets = impose_cards(card_pieces(game, cards), page, bleed, gutter)
    layers = _Layers(game, cards, bleed, back_rotation(duplex))
    plans: list[PagePlan] = []
    numbers: dict[str, int] = {}
    for sheet in sheets:
        numbers[sheet.group] = numbers.get(sheet.group, 0) + 1
        section = say("kit.section.cards", group=sheet.group)
        (block,) = sheet.blocks
        on_top = block.y - bleed - draw.MARK_GAP - draw.MARK_LENGTH >= HEADER_ROOM - 1e-6
        trim = sheet.block
        marks = draw.crop_marks(block.rect, block.cuts_x(), block.cuts_y(), bleed)
        plans.append(
            PagePlan(
                page,
                section,
                marks,
                tuple(p for slot in block.slots for p in layers.front(block, slot)),
                label=say("kit.sheets.fronts", sheet=numbers[sheet.group]),
                trim=trim,
                bleed=grow(trim, bleed),
                side_header=None if on_top else _side_strip(block.rect, block.cuts_y(), bleed),
                cuts=tuple(Cut(slot.rect, _corner(game, slot.counter)) for slot in block.slots),
            )
        )
        back_trim = mirror_rect(trim, page, duplex, offset)
        back_rect = mirror_rect(block.rect, page, duplex, offset)
        back_ys = [mirror_rect((0, y, 0, 0), page, duplex, offset)[1] for y in block.cuts_y()]
        back_marks = draw.crop_marks(
            back_rect,
            [mirror_rect((x, 0, 0, 0), page, duplex, offset)[0] for x in block.cuts_x()],
            back_ys,
            bleed,
        )
        plans.append(
            PagePlan(
                page,
                section,
                back_marks,
                tuple(
                    p
                    for slot in block.slots
                    for p in layers.back(block, slot, page, duplex, offset)
                ),
                label=say(
                    "kit.sheets.backs",
                    sheet=numbers[sheet.group],
                    duplex=say(f"kit.print.duplex-{duplex}"),
                ),
                trim=back_trim,
                bleed=grow(back_trim, bleed),
                side_header=None if on_top else _side_strip(back_rect, back_ys, bleed),
            )
        )
    return CardSheets(plans, layers.art)


def _side_strip(grid: Rect, cuts_y: Sequence[float], bleed: float) -> tuple[float, float, float]:
    """Where a header runs up the left margin of a card sheet whose top has no room: just
    outside the bleed, along the longest stretch between the crop marks of two horizontal
    cuts (the marks stand in that margin at each cut)."""
    ys = sorted(cuts_y)
    top, bottom = max(zip(ys, ys[1:], strict=False), key=lambda gap: gap[1] - gap[0])
    pad = draw.MARK_GAP + 3
    return (grid[0] - bleed - draw.MARK_GAP, top + pad, bottom - pad)


def _corner(game: Game, card_id: str) -> float:
    """The radius of a card's rounded corners, as its template gives it."""
    return game.card_template(game.card(card_id).template).corner


class _Layers:
    """The placements of one card copy's layers, and every drawing they use (each drawn once)."""

    def __init__(self, game: Game, cards: Mapping[str, CardArt], bleed: float, turn: int) -> None:
        self.game, self.cards, self.bleed, self.turn = game, cards, bleed, turn
        self.art: dict[str, Drawing] = {}
        self._keys: dict[tuple[str, str], str] = {}

    def _key(self, card_id: str, layer: str) -> str:
        """The artwork key of one layer of a card, its drawing made on first use."""
        found = self._keys.get((card_id, layer))
        if found is not None:
            return found
        card = self.game.card(card_id)
        template = self.game.card_template(card.template)
        art = self.cards[card_id]
        drawing: Drawing
        if layer == "front":
            drawing = art.front
        elif layer == "back":
            drawing = art.back
        elif layer == "cut":
            drawing = _cut_line(template.width, template.height, template.corner)
        else:
            drawing = _ground(self.game, card, layer, self.bleed, self.turn)
        key = face_key(drawing.svg)
        self.art.setdefault(key, drawing)
        self._keys[(card_id, layer)] = key
        return key

    def _clip(self, block: Block, slot: Slot) -> Rect:
        """Where a card's ground shows on the fronts page: its bleed, and a seam's width more."""
        return grow(bleed_rect(block, slot, self.bleed), SEAM)

    def front(self, block: Block, slot: Slot) -> list[Placement]:
        """Ground (clipped to the slot's bleed), face, cut line."""
        x, y = slot.x - self.bleed, slot.y - self.bleed
        return [
            Placement(self._key(slot.counter, "ground-front"), self._clip(block, slot), x, y),
            Placement(self._key(slot.counter, "front"), slot.rect, slot.x, slot.y, above=True),
            Placement(self._key(slot.counter, "cut"), slot.rect, slot.x, slot.y, above=True),
        ]

    def back(
        self, block: Block, slot: Slot, page: Page, duplex: Duplex, offset: tuple[float, float]
    ) -> list[Placement]:
        """The back's ground and face behind the front's slot, turned as the duplex needs."""
        clip = mirror_rect(self._clip(block, slot), page, duplex, offset)
        x, y, _w, _h = mirror_rect(grow(slot.rect, self.bleed), page, duplex, offset)
        where = mirror_rect(slot.rect, page, duplex, offset)
        face = self._key(slot.counter, "back")
        return [
            Placement(self._key(slot.counter, "ground-back"), clip, x, y),
            Placement(face, where, where[0], where[1], rotate=self.turn, above=True),
        ]


def _ground(game: Game, card: Card, layer: str, bleed: float, turn: int) -> Drawing:
    """A side's ground with its bleed (a back's turned as its face is)."""
    which = layer.removeprefix("ground-")
    svg = card_ground(game, card, which, bleed, turned=which == "back" and turn == 180)
    template = game.card_template(card.template)
    return Drawing(svg, template.width + 2 * bleed, template.height + 2 * bleed)


def _cut_line(width: float, height: float, corner: float) -> Drawing:
    """The card's outline as a thin line just inside the trim."""
    inset = CUT_WIDTH / 2
    outline = attrs(
        x=inset,
        y=inset,
        width=width - 2 * inset,
        height=height - 2 * inset,
        rx=max(corner - inset, 0.0) or None,
        fill="none",
        stroke=CUT_LINE,
        stroke_width=CUT_WIDTH,
    )
    return Drawing(svg_document(width, height, f"<rect{outline}/>"), width, height)
