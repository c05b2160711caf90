"""Imposition as pure arithmetic: the mirror rule, no overlaps, inside the printable area."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from toolkit.kit.errors import KitError
from toolkit.kit.impose import (
    MARK_SPACE,
    Block,
    Piece,
    Sheet,
    Slot,
    back_rotation,
    bleed_rect,
    impose,
    mirror_point,
    mirror_rect,
    mirror_slot,
    share_pages,
)
from toolkit.kit.paper import MM, Page, Rect, paper
from toolkit.kit.sheets import HEADER_ROOM

LETTER = paper("letter")
A4 = paper("a4")
EIGHTH = 9.0


def overlaps(a: Rect, b: Rect) -> bool:
    """Interiors intersect (touching edges is fine: butted counters touch)."""
    return (
        a[0] < b[0] + b[2] - 1e-6
        and b[0] < a[0] + a[2] - 1e-6
        and a[1] < b[1] + b[3] - 1e-6
        and b[1] < a[1] + a[3] - 1e-6
    )


def inside(inner: Rect, outer: Rect) -> bool:
    return (
        inner[0] >= outer[0] - 1e-6
        and inner[1] >= outer[1] - 1e-6
        and inner[0] + inner[2] <= outer[0] + outer[2] + 1e-6
        and inner[1] + inner[3] <= outer[1] + outer[3] + 1e-6
    )


def printable(page: Page) -> Rect:
    return (page.margin, page.margin, page.inner_width, page.inner_height)


def mixed_pieces() -> list[Piece]:
    """Two factions and markers, three sizes, enough copies to need several sheets."""
    return [
        Piece("bl-inf", 45, 45, 150, "Blue"),
        Piece("bl-hq", 54, 54, 7, "Blue"),
        Piece("rd-inf", 45, 45, 20, "Red"),
        Piece("rd-tank", 45, 45, 3, "Red"),
        Piece("turn", 36, 36, 1, "Markers"),
        Piece("vp", 72, 36, 12, "Markers"),
    ]


# -- the mirror rule -------------------------------------------------------------------------------


def test_long_edge_mirrors_x_and_keeps_y() -> None:
    assert mirror_rect((36, 100, 45, 45), LETTER, "long-edge") == (612 - 36 - 45, 100, 45, 45)


def test_short_edge_mirrors_y_and_keeps_x() -> None:
    assert mirror_rect((36, 100, 45, 45), LETTER, "short-edge") == (36, 792 - 100 - 45, 45, 45)


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
def test_mirror_twice_is_identity_and_offset_is_added(duplex: str) -> None:
    rect = (51.3, 77.7, 45.0, 54.0)
    twice = mirror_rect(mirror_rect(rect, A4, duplex), A4, duplex)  # type: ignore[arg-type]
    assert twice == pytest.approx(rect)
    plain = mirror_rect(rect, A4, duplex)  # type: ignore[arg-type]
    shifted = mirror_rect(rect, A4, duplex, (1.5 * MM, -0.5 * MM))  # type: ignore[arg-type]
    assert shifted[0] - plain[0] == pytest.approx(1.5 * MM)
    assert shifted[1] - plain[1] == pytest.approx(-0.5 * MM)


def test_mirror_slot_and_point_follow_the_same_rule() -> None:
    slot = Slot("x", 100, 200, 45, 45, 1, 2)
    back = mirror_slot(slot, LETTER, "long-edge", (2, 3))
    assert (back.x, back.y, back.row, back.column) == (612 - 145 + 2, 203, 1, 2)
    assert mirror_point(100, 200, LETTER, "short-edge") == (100, 592)


def test_unknown_duplex_is_refused() -> None:
    with pytest.raises(KitError, match="duplex"):
        mirror_rect((0, 0, 1, 1), LETTER, "tumble")  # type: ignore[arg-type]


def test_short_edge_backs_turn_so_a_sideways_flip_reads_upright() -> None:
    assert back_rotation("long-edge") == 0
    assert back_rotation("short-edge") == 180


# -- layout ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("gutter", [0.0, 6.0, 24.0], ids=["butted", "gutter6", "gutter24"])
def test_no_overlaps_and_inside_the_printable_area(page: Page, gutter: float) -> None:
    sheets = impose(mixed_pieces(), page, EIGHTH, gutter, HEADER_ROOM)
    for sheet in sheets:
        bleeds = [(bleed_rect(b, s, EIGHTH), s) for b in sheet.blocks for s in b.slots]
        for (bleed_a, a), (bleed_b, b) in combinations(bleeds, 2):
            assert not overlaps(a.rect, b.rect), (a, b)
            assert not overlaps(bleed_a, b.rect), f"{a} bleeds onto {b}"
            assert not overlaps(bleed_b, a.rect), f"{b} bleeds onto {a}"
        for bleed, _slot in bleeds:
            assert inside(bleed, printable(page))
        top = page.margin + HEADER_ROOM
        assert sheet.block[1] - EIGHTH >= top - 1e-6
        assert sheet.block[1] + sheet.block[3] + EIGHTH <= page.height - top + 1e-6


def test_every_copy_is_placed_once() -> None:
    pieces = mixed_pieces()
    sheets = impose(pieces, LETTER, EIGHTH, 0.0, HEADER_ROOM)
    placed = Counter(slot.counter for sheet in sheets for slot in sheet.slots)
    assert placed == {p.counter: p.copies for p in pieces}


def test_groups_get_their_own_sheets_in_order() -> None:
    sheets = impose(mixed_pieces(), LETTER, EIGHTH, 0.0, HEADER_ROOM)
    groups = [sheet.group for sheet in sheets]
    assert groups == sorted(groups, key=["Blue", "Red", "Markers"].index)
    assert groups.count("Blue") == 2  # 150 5/8" counters do not fit one Letter sheet
    for sheet in sheets:
        owners = {slot.counter.split("-")[0] for slot in sheet.slots}
        assert len(owners) == 1 or sheet.group == "Markers"


def test_a_block_holds_one_counter_size_and_sizes_stack() -> None:
    sheets = impose(
        [Piece("a", 45, 45, 5, "G"), Piece("b", 72, 36, 5, "G")], LETTER, EIGHTH, 0.0, HEADER_ROOM
    )
    assert len(sheets) == 1
    first, second = sheets[0].blocks
    assert {(s.width, s.height) for s in first.slots} == {(45, 45)}
    assert {(s.width, s.height) for s in second.slots} == {(72, 36)}
    assert second.y >= first.y + first.height + 2 * EIGHTH  # room for both blocks' crop marks


def test_a_full_sheet_is_packed() -> None:
    sheet = impose([Piece("a", 45, 45, 500, "G")], LETTER, EIGHTH, 0.0, HEADER_ROOM)[0]
    block = sheet.blocks[0]
    assert block.columns == int((612 - 72 - 18) // 45)
    assert block.rows == int((792 - 72 - 18 - 2 * HEADER_ROOM) // 45)


def test_small_sheets_share_a_page_in_order_each_kept_whole() -> None:
    """Three groups' few counters take one page, stacked in group order with the gap impose
    keeps between blocks; a sheet that would not fit whole starts the next page."""
    pieces = [
        Piece("de-flag", 45, 45, 20, "Germany"),
        Piece("us-flag", 45, 45, 20, "United States"),
        Piece("it-flag", 45, 45, 9, "Italy"),
        Piece("turn", 45, 45, 200, "Markers"),
    ]
    sheets = impose(pieces, LETTER, EIGHTH, 0.0, HEADER_ROOM)
    pages = share_pages(sheets, LETTER, EIGHTH, HEADER_ROOM)
    assert [[s.group for s in page] for page in pages] == [
        ["Germany", "United States", "Italy"],
        ["Markers"],
        ["Markers"],
    ]
    first = pages[0]
    for above, below in zip(first, first[1:], strict=False):
        assert below.block[1] == pytest.approx(
            above.block[1] + above.block[3] + 2 * (EIGHTH + MARK_SPACE)
        )
        assert below.blocks[0].slots[0].y == pytest.approx(below.block[1])  # slots moved too
    bottom = LETTER.height - LETTER.margin - HEADER_ROOM - EIGHTH
    for page in pages:
        assert page[-1].block[1] + page[-1].block[3] <= bottom + 1e-6
        slots = [slot.rect for sheet in page for slot in sheet.slots]
        assert not any(overlaps(a, b) for a, b in combinations(slots, 2))
    assert [s.slots for s in pages[1] + pages[2]] == [
        s.slots for s in sheets[3:]
    ]  # no room: as laid out


def test_butted_counters_bleed_only_outwards_and_gutters_split() -> None:
    butted = impose([Piece("a", 45, 45, 40, "G")], LETTER, EIGHTH, 0.0)[0].blocks[0]
    corner, centre = butted.slots[0], butted.slots[butted.columns + 1]
    assert butted.bleed_of(corner, EIGHTH) == (EIGHTH, EIGHTH, 0.0, 0.0)
    assert butted.bleed_of(centre, EIGHTH) == (0.0, 0.0, 0.0, 0.0)
    spaced = impose([Piece("a", 45, 45, 40, "G")], LETTER, EIGHTH, 6.0)[0].blocks[0]
    assert spaced.bleed_of(spaced.slots[0], EIGHTH) == (EIGHTH, EIGHTH, 3.0, 3.0)


def test_cut_lines_follow_the_grid() -> None:
    block = Block(
        100,
        50,
        3,
        2,
        45,
        45,
        6,
        tuple(
            Slot("a", 100 + c * 51, 50 + r * 51, 45, 45, r, c) for r in range(2) for c in range(3)
        ),
    )
    assert block.cuts_x() == (100, 145, 151, 196, 202, 247)
    assert block.cuts_y() == (50, 95, 101, 146)
    butted = Block(0, 0, 2, 1, 45, 45, 0, (Slot("a", 0, 0, 45, 45), Slot("a", 45, 0, 45, 45, 0, 1)))
    assert butted.cuts_x() == (0, 45, 90)


def test_rows_may_have_a_gap_of_their_own() -> None:
    """A card sheet's columns and rows stand apart by different gaps: cuts and bleeds follow."""
    slots = tuple(Slot("a", c * 56, r * 47, 45, 45, r, c) for r in range(2) for c in range(2))
    block = Block(0, 0, 2, 2, 45, 45, 11, slots, row_gutter=2)
    assert block.cuts_x() == (0, 45, 56, 101)
    assert block.cuts_y() == (0, 45, 47, 92)
    assert (block.width, block.height) == (101, 92)
    assert block.bleed_of(slots[0], EIGHTH) == (EIGHTH, EIGHTH, 5.5, 1.0)


def test_part_filled_last_row_bleeds_into_the_empty_cells() -> None:
    block = impose([Piece("a", 45, 45, 13, "G")], LETTER, EIGHTH, 0.0)[0].blocks[0]
    last = block.slots[-1]
    assert not block.occupied(last.row, last.column + 1)
    assert block.bleed_of(last, EIGHTH)[2] == EIGHTH
    above_empty = block.slots[last.column + 1]
    assert block.bleed_of(above_empty, EIGHTH)[3] == EIGHTH


def test_too_large_a_counter_is_refused_with_its_name() -> None:
    with pytest.raises(KitError, match="'huge'"):
        impose([Piece("huge", 600, 45, 1, "G")], LETTER, EIGHTH, 0.0)


def test_negative_lengths_are_refused() -> None:
    with pytest.raises(KitError):
        impose([Piece("a", 45, 45, 1, "G")], LETTER, -1.0, 0.0)


def test_no_pieces_no_sheets() -> None:
    assert impose([], LETTER, EIGHTH, 0.0) == []
    assert impose([Piece("a", 45, 45, 0, "G")], LETTER, EIGHTH, 0.0) == []


def test_sheet_block_is_the_union_of_its_blocks() -> None:
    sheet: Sheet = impose(
        [Piece("a", 45, 45, 5, "G"), Piece("b", 90, 45, 2, "G")], LETTER, EIGHTH, 0.0
    )[0]
    x, y, w, h = sheet.block
    assert x == min(b.x for b in sheet.blocks)
    assert y + h == pytest.approx(sheet.blocks[-1].y + sheet.blocks[-1].height)
    assert w == max(b.width for b in sheet.blocks)
