"""Counter sheet pages: fronts with bleed, crop and registration marks; backs mirrored for duplex.

The backs page is built from the fronts page's own geometry through one rule
(``impose.mirror_rect`` plus the printer's offset), never laid out a second time, so a back
cannot drift from its front.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from toolkit.catalogue import Words, words
from toolkit.kit import draw
from toolkit.kit.artwork import PrintedCounter
from toolkit.kit.impose import (
    Duplex,
    Piece,
    Sheet,
    Slot,
    back_rotation,
    bleed_rect,
    impose,
    mirror_rect,
    share_pages,
)
from toolkit.kit.layout import Cut, PagePlan, Placement
from toolkit.kit.paper import Page, Rect, grow
from toolkit.model import Game
from toolkit.render.svg import fmt

HEADER_ROOM = 12.0
"""Kept free above and below the counters for the page header (see ``impose``)."""


def counter_pieces(game: Game, printed: Mapping[str, PrintedCounter]) -> list[Piece]:
    """Every counter to print, grouped by faction in game order, markers last.

    With ``print.sheets: packed`` they keep that order but share sheets, to save paper.
    """
    say = words(game.language)
    markers, packed = say("kit.sheets.markers"), say("kit.sheets.all-counters")
    order = {faction.id: i for i, faction in enumerate(game.factions)}
    names = {faction.id: faction.name for faction in game.factions}
    counters = [c for c in game.counters if c.id in printed and c.count > 0]
    counters.sort(key=lambda c: order.get(c.faction or "", len(order)))
    pieces = []
    for counter in counters:
        template = game.template(counter.template)
        group = (
            packed if game.print.sheets == "packed" else names.get(counter.faction or "", markers)
        )
        pieces.append(Piece(counter.id, template.width, template.height, counter.count, group))
    return pieces


def _cut(game: Game, slot: Slot) -> Cut:
    """A counter's die line: its trim box, a circle for a round counter (a chip, a marker)."""
    shape = game.template(game.counter(slot.counter).template).shape
    return Cut(slot.rect, min(slot.width, slot.height) / 2 if shape == "round" else 0.0)


@dataclass(frozen=True, slots=True)
class SheetPlans:
    """The counter sheets' pages: those printed on both sides, and those with nothing on the
    back, which the kit prints with the single-sided pages rather than give each a blank back."""

    two_sided: list[PagePlan]
    """A fronts page, then its backs page, for every sheet with a back to print."""
    one_sided: list[PagePlan]
    """A page for every sheet whose counters have no backs."""


def sheet_plans(
    game: Game,
    printed: Mapping[str, PrintedCounter],
    page: Page,
    duplex: Duplex,
    offset: tuple[float, float],
    bleed: float,
    gutter: float,
    backs: bool = True,
) -> SheetPlans:
    """A fronts page and (with ``backs``) its backs page for every sheet, in print order; with
    ``backs``, a sheet of one-sided counters only has no backs page and comes apart, numbered
    after its group's other sheets, and such sheets of several groups share a page where they
    fit (a faction's few control markers left over from its full sheets)."""
    sheets = impose(counter_pieces(game, printed), page, bleed, gutter, HEADER_ROOM)
    blank = [backs and not any(_has_back(sheet, printed)) for sheet in sheets]
    plans = SheetPlans([], [])
    numbers: dict[str, int] = {}
    say = words(game.language)

    def number(group: str) -> int:
        numbers[group] = numbers.get(group, 0) + 1
        return numbers[group]

    for sheet in (s for s, b in zip(sheets, blank, strict=True) if not b):
        sheet_number = number(sheet.group)
        section = say("kit.section.counters", group=sheet.group)
        fronts = say("kit.sheets.fronts", sheet=sheet_number)
        plans.two_sided.append(_front_plan(game, sheet, printed, page, bleed, section, fronts))
        if backs:
            plans.two_sided.append(
                _back_plan(sheet, printed, page, duplex, offset, bleed, section, sheet_number, say)
            )
    one_sided = [s for s, b in zip(sheets, blank, strict=True) if b]
    for shared in share_pages(one_sided, page, bleed, HEADER_ROOM):
        parts = [(s.group, number(s.group)) for s in shared]
        sheet = Sheet(shared[0].group, tuple(b for s in shared for b in s.blocks))
        section, label, contents = _one_sided_heading(parts, say)
        plans.one_sided.append(
            _front_plan(game, sheet, printed, page, bleed, section, label, contents)
        )
    return plans


def _one_sided_heading(
    parts: Sequence[tuple[str, int]], say: Words
) -> tuple[str, str, tuple[str, ...]]:
    """The section, label and contents entries of a page of one-sided sheets, given each
    sheet's group and number: a page shared by several groups names each with its sheet."""
    if len(parts) == 1:
        ((group, sheet_number),) = parts
        section = say("kit.section.counters-one-sided", group=group)
        return section, say("kit.sheets.sheet", sheet=sheet_number), ()
    named = " · ".join(say("kit.sheets.group-sheet", group=g, sheet=n) for g, n in parts)
    contents = tuple(say("kit.section.counters-one-sided", group=g) for g, _n in parts)
    return say("kit.section.counters-one-sided", group=named), "", contents


def _front_plan(
    game: Game,
    sheet: Sheet,
    printed: Mapping[str, PrintedCounter],
    page: Page,
    bleed: float,
    section: str,
    label: str,
    contents: tuple[str, ...] = (),
) -> PagePlan:
    """A sheet's fronts page, with its trim, bleed and die lines."""
    trim = sheet.block
    return PagePlan(
        page,
        section,
        front_body(sheet, printed, page, bleed),
        front_faces(sheet, printed),
        label=label,
        trim=trim,
        bleed=grow(trim, bleed),
        contents=contents,
        cuts=tuple(_cut(game, slot) for block in sheet.blocks for slot in block.slots),
    )


def _back_plan(
    sheet: Sheet,
    printed: Mapping[str, PrintedCounter],
    page: Page,
    duplex: Duplex,
    offset: tuple[float, float],
    bleed: float,
    section: str,
    sheet_number: int,
    say: Words,
) -> PagePlan:
    """A sheet's backs page: its fronts page mirrored through the duplex rule and offset."""
    back_trim = mirror_rect(sheet.block, page, duplex, offset)
    duplex_name = say(f"kit.print.duplex-{duplex}")
    return PagePlan(
        page,
        section,
        back_body(sheet, printed, page, duplex, offset, bleed),
        back_faces(sheet, printed, page, duplex, offset),
        label=say("kit.sheets.backs", sheet=sheet_number, duplex=duplex_name),
        trim=back_trim,
        bleed=grow(back_trim, bleed),
    )


def _has_back(sheet: Sheet, printed: Mapping[str, PrintedCounter]) -> Iterator[bool]:
    """For each counter on the sheet, whether it prints a back."""
    return (printed[slot.counter].back is not None for b in sheet.blocks for slot in b.slots)


def front_body(
    sheet: Sheet, printed: Mapping[str, PrintedCounter], page: Page, bleed: float
) -> str:
    """Fronts: edge colour under every counter (its bleed), then the marks; the faces are
    placed over it (:func:`front_faces`)."""
    fills = []
    for block in sheet.blocks:
        for slot in block.slots:
            face = printed[slot.counter]
            fills.append(draw.rect(bleed_rect(block, slot, bleed), fill=face.front_edge))
    return "".join(fills) + sheet_marks(sheet, page, bleed)


def front_faces(sheet: Sheet, printed: Mapping[str, PrintedCounter]) -> tuple[Placement, ...]:
    """Every front face, each exactly on its slot's trim box."""
    return tuple(
        face_placement(printed[slot.counter].front, slot.rect)
        for block in sheet.blocks
        for slot in block.slots
    )


def back_faces(
    sheet: Sheet,
    printed: Mapping[str, PrintedCounter],
    page: Page,
    duplex: Duplex,
    offset: tuple[float, float],
) -> tuple[Placement, ...]:
    """Every back face on its front's slot mirrored (plus the offset), turned as the duplex mode
    needs; one-sided counters have none."""
    turn = back_rotation(duplex)
    placements = []
    for block in sheet.blocks:
        for slot in block.slots:
            back = printed[slot.counter].back
            if back is not None:
                where = mirror_rect(slot.rect, page, duplex, offset)
                placements.append(face_placement(back, where, turn))
    return tuple(placements)


def back_body(
    sheet: Sheet,
    printed: Mapping[str, PrintedCounter],
    page: Page,
    duplex: Duplex,
    offset: tuple[float, float],
    bleed: float,
) -> str:
    """Backs: the bleed of every front slot mirrored (plus the offset), then the marks; the faces
    are placed over it (:func:`back_faces`). One-sided counters leave paper blank."""
    fills = []
    for block in sheet.blocks:
        for slot in block.slots:
            face = printed[slot.counter]
            if face.back is None:
                continue
            bleed_area = mirror_rect(bleed_rect(block, slot, bleed), page, duplex, offset)
            fills.append(draw.rect(bleed_area, fill=face.back_edge))
    marks = draw.group(sheet_marks(sheet, page, bleed), mirror_transform(page, duplex, offset))
    return "".join(fills) + marks


def mirror_transform(page: Page, duplex: Duplex, offset: tuple[float, float]) -> str:
    """The SVG transform that is ``mirror_rect`` for symmetric marks (lines, circles)."""
    dx, dy = offset
    if duplex == "long-edge":
        return f"translate({fmt(page.width + dx)} {fmt(dy)}) scale(-1 1)"
    return f"translate({fmt(dx)} {fmt(page.height + dy)}) scale(1 -1)"


def sheet_marks(sheet: Sheet, page: Page, bleed: float) -> str:
    """Crop marks for every cut line of every block, and registration targets around the sheet."""
    parts = [draw.crop_marks(b.rect, b.cuts_x(), b.cuts_y(), bleed) for b in sheet.blocks]
    parts.extend(draw.registration_mark(x, y) for x, y in registration_points(sheet, bleed))
    return "".join(parts)


def registration_points(sheet: Sheet, bleed: float) -> list[tuple[float, float]]:
    """Four targets in the margins, mid-way between cut lines so they never hide a crop mark."""
    first, last = sheet.blocks[0], sheet.blocks[-1]
    reach = bleed + draw.MARK_GAP + draw.MARK_LENGTH / 2
    middle_y = _middle(first.y, first.rows, first.cell_height, first.gutter_y)
    x0, _y0, width, _h = sheet.block
    return [
        (x0 - reach, middle_y),
        (x0 + width + reach, middle_y),
        (_middle(first.x, first.columns, first.cell_width, first.gutter), first.y - reach),
        (_middle(last.x, last.columns, last.cell_width, last.gutter), last.y + last.height + reach),
    ]


def _middle(start: float, count: int, size: float, gutter: float) -> float:
    """The centre of the cell nearest the middle of a row or column of cells."""
    index = (count - 1) // 2
    return start + index * (size + gutter) + size / 2


@lru_cache(maxsize=16384)
def face_key(svg: str) -> str:
    """The artwork key of a face drawing: identical drawings are one shared form. (Cached: a kit
    asks for each face's key on its sheet, its backs sheet and in its list of drawings.)"""
    return "face:" + hashlib.sha256(svg.encode("utf-8")).hexdigest()[:32]


def face_placement(svg: str, where: Rect, rotate: int = 0) -> Placement:
    """A face drawing placed exactly on the trim box ``where`` (its own size: a counter's face
    is drawn at its template's size), turned ``rotate`` degrees about the box's centre."""
    return Placement(face_key(svg), where, where[0], where[1], rotate=rotate, above=True)
