"""Maps and charts on paper: tiled over home-printer pages, or one page at true size.

A tile shows a window of the shared drawing (see ``layout.Placement``). Neighbouring tiles
overlap by about half an inch; at the middle of each overlap the left/upper tile carries a thin
alignment line and the right/lower tile a dashed cut line at the same spot of the map, so one trims
the later tile on its dashed line and lays its edge on the earlier tile's line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence, Set
from dataclasses import dataclass

from toolkit.catalogue import ENGLISH, Words
from toolkit.kit import draw
from toolkit.kit.blank import Contents, Needs
from toolkit.kit.errors import KitError
from toolkit.kit.layout import PagePlan, Placement
from toolkit.kit.paper import INCH, Page, Rect
from toolkit.render.svg import attrs, fmt

OVERLAP: float = 0.5 * INCH
HEADER_ROOM: float = 10.0
"""Space under the top margin kept for the header line."""
FOOTER_ROOM: float = 10.0
"""Space above the bottom margin; the tile name and index sit below it."""
MAX_PAGE: float = 200 * INCH
"""The largest page PDF readers accept (Acrobat's limit): a larger drawing can only be tiled."""
MIN_CHART_SCALE: float = 0.7
"""Below this a chart's text gets too small to read; such charts are tiled at full size."""
GUIDE = "#666666"
LEFT_OUT = "#c8c8c8"
"""The index's fill for a tile with nothing on it, which has no page."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One page's window onto a drawing, in the drawing's own units (points at full size)."""

    column: int
    row: int
    source: Rect

    @property
    def name(self) -> str:
        """Column letter(s) and row number: 'A1', 'B3', 'AA2'."""
        return f"{column_letters(self.column)}{self.row + 1}"


def column_letters(index: int) -> str:
    """0 → 'A', 25 → 'Z', 26 → 'AA' (spreadsheet style)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def tile_area(page: Page) -> Rect:
    """Where a tile's window goes on its page: inside the margins, below the header."""
    return (
        page.margin,
        page.margin + HEADER_ROOM,
        page.inner_width,
        page.inner_height - HEADER_ROOM - FOOTER_ROOM,
    )


Box = tuple[float, float, float, float]
"""(left, top, right, bottom) in the drawing's units."""
Span = tuple[float, float]
"""(start, end) of a box along one axis."""


def _spans(
    length: float,
    window: float,
    overlap: float,
    words: Sequence[Span] = (),
    blocks: Sequence[Sequence[Span]] = (),
) -> list[tuple[float, float]]:
    """(start, size) of each window along one axis, each overlapping the next by ``overlap``.

    As few windows as fit. Without ``words`` or ``blocks`` they are all the same size: the map
    is spread evenly over its tiles, so no page ends up holding a sliver of map on a sheet of
    white. Otherwise each cut moves, within what the windows allow, first off the ``blocks``
    (tiers of framed panels along the axis, the first kept clear of before the next: the title
    block and legend, then the boxes and tracks, then the tracks' cells), so that each lies
    whole between two cuts, on one tile; then to where it splits fewest ``words`` ((start, end)
    of each printed word) on both its tiles: a word cut by one tile's edge is then whole on
    its neighbour's.
    """
    if length <= window + 1e-6:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (window - overlap) - 1e-9)
    size = (length + (count - 1) * overlap) / count
    half = overlap / 2
    cuts = [i * (size - overlap) + half for i in range(1, count)]
    # only a word longer than the overlap can reach past both its edges
    long = [(a, b) for a, b in words if b - a > overlap]
    if long or any(blocks):
        cuts = _cuts_clear_of(cuts, length, window, overlap, long, blocks)
    edges = [0.0, *(c - half for c in cuts)]
    ends = [*(c + half for c in cuts), length]
    return [(start, end - start) for start, end in zip(edges, ends, strict=True)]


PANEL_CLEARANCE: float = 3.0
"""How far a cut keeps from a panel's frame, so its dashed line does not run along it."""


def _cuts_clear_of(
    even: list[float],
    length: float,
    window: float,
    overlap: float,
    words: Sequence[Span],
    blocks: Sequence[Sequence[Span]] = (),
) -> list[float]:
    """The cut lines (middles of the overlaps), each as near its even place as it can be among
    those that cross the fewest of the first tier of ``blocks``, then of the next…, and then
    split the fewest ``words`` on both tiles, left to right, every window no wider than
    ``window`` and the last reaching ``length``."""
    half = overlap / 2
    count = len(even) + 1
    cuts: list[float] = []
    previous = half
    beside = [[(a - PANEL_CLEARANCE, b + PANEL_CLEARANCE) for a, b in tier] for tier in blocks]
    for index, wanted in enumerate(even, start=1):
        after = count - index  # windows from this cut to the end
        low = length + half - after * window + (after - 1) * overlap
        high = previous + window - overlap
        spots = {wanted, *(a + half for a, _b in words), *(b - half for _a, b in words)}
        spots |= {edge for tier in beside for panel in tier for edge in panel}
        choices = [min(max(x, low), high) for x in spots]
        cut = min(
            choices,
            key=lambda c: (
                *(_crossed(c, tier) for tier in beside),
                _split(c, half, words),
                abs(c - wanted),
            ),
        )
        cuts.append(cut)
        previous = cut
    return cuts


def _crossed(cut: float, blocks: Sequence[Span]) -> int:
    """How many blocks the cut line runs through."""
    return sum(1 for a, b in blocks if a + 1e-6 < cut < b - 1e-6)


def _split(cut: float, half: float, words: Sequence[Span]) -> int:
    """How many words a cut leaves whole on neither tile: those reaching past both edges of
    the overlap around it."""
    return sum(1 for a, b in words if a < cut - half - 1e-6 and b > cut + half + 1e-6)


def plan_tiles(
    width: float,
    height: float,
    page: Page,
    scale: float = 1.0,
    overlap: float = OVERLAP,
    words: Sequence[Box] = (),
    blocks: Sequence[Box] = (),
    needs: Contents | None = None,
    boxes: Sequence[Box] = (),
    cells: Sequence[Box] = (),
) -> tuple[Page, list[Tile]]:
    """Cut a drawing of ``width``×``height`` into tiles on ``page`` turned whichever way prints
    fewer sheets (tiles that show nothing, by ``needs``, print none; portrait wins ties,
    unless only landscape keeps more of the ``blocks``, then of the ``boxes``, whole).
    Neighbours overlap by ``overlap`` (on the page); the cuts keep clear of the ``blocks``
    (the map's title block and legend), then of its ``boxes`` and tracks and the tracks'
    ``cells``, and of the printed ``words`` where they can (see :func:`_spans`).

    :raises KitError: a page too small to overlap on.
    """
    best: tuple[tuple[int, ...], Page, list[Tile]] | None = None
    across, down = [(b[0], b[2]) for b in words], [(b[1], b[3]) for b in words]
    tiers = (blocks, boxes, cells)
    wide = [[(b[0], b[2]) for b in tier] for tier in tiers]
    tall = [[(b[1], b[3]) for b in tier] for tier in tiers]
    for candidate in (page, page.turned()):
        _x, _y, area_w, area_h = tile_area(candidate)
        if min(area_w, area_h) <= 2 * overlap:
            raise KitError("the page is too small to tile on")
        xs = _spans(width, area_w / scale, overlap / scale, across, wide)
        ys = _spans(height, area_h / scale, overlap / scale, down, tall)
        tiles = [
            Tile(c, r, (x, y, w, h)) for r, (y, h) in enumerate(ys) for c, (x, w) in enumerate(xs)
        ]
        half = overlap / scale / 2
        empty = _left_out(tiles, needs([t.source for t in tiles])) if needs is not None else ()
        cost = (
            len(tiles) - len(empty),
            *(
                _cut_through(xs, half, a) + _cut_through(ys, half, b)
                for a, b in zip(wide, tall, strict=True)
            ),
        )
        if best is None or cost < best[0]:
            best = (cost, candidate, tiles)
    assert best is not None  # two candidates were tried
    return best[1], best[2]


def _cut_through(spans: Sequence[tuple[float, float]], half: float, blocks: Sequence[Span]) -> int:
    """How many times the cuts between ``spans`` run through one of the ``blocks``."""
    return sum(_crossed(start + half, blocks) for start, _size in spans[1:])


def tile_plans(
    key: str,
    name: str,
    section: str,
    size: tuple[float, float],
    page: Page,
    scale: float = 1.0,
    needs: Contents | None = None,
    *,
    say: Words = ENGLISH,
    bleed: float = 0.0,
    words: Sequence[Box] = (),
    blocks: Sequence[Box] = (),
    boxes: Sequence[Box] = (),
    cells: Sequence[Box] = (),
) -> list[PagePlan]:
    """One page per tile of a drawing, each with its alignment marks, label and index; a tile
    that shows nothing the other printed tiles do not (by ``needs``) gets no page (its square
    in the index is grey); the cuts keep clear of the drawing's ``blocks`` (title block,
    legend), ``boxes`` and tracks, tracks' ``cells`` and printed ``words`` where they can.

    With a ``bleed`` (the print-shop edition) a tile is a piece a printer trims: its window is
    the page's TrimBox, and the drawing runs ``bleed`` past it on every side (the BleedBox),
    so a trim that misses by a hair shows more map, not white paper.
    """
    turned, tiles = plan_tiles(
        *size, page, scale, words=words, blocks=blocks, needs=needs, boxes=boxes, cells=cells
    )
    columns = max(t.column for t in tiles) + 1
    rows = max(t.row for t in tiles) + 1
    left_out = _left_out(tiles, needs([t.source for t in tiles])) if needs is not None else set()
    neighbours = {(t.column, t.row): t for t in tiles if (t.column, t.row) not in left_out}
    area_x, area_y, _w, _h = tile_area(turned)
    plans = []
    for tile in tiles:
        if (tile.column, tile.row) in left_out:
            continue
        sx, sy, sw, sh = tile.source
        window = (area_x, area_y, sw * scale, sh * scale)
        placement = Placement(key, window, area_x - sx * scale, area_y - sy * scale, scale)
        body = _guides(tile, neighbours, placement, say) + _tile_label(
            turned, f"{name} {tile.name}", columns, rows, tile, left_out
        )
        label = say("kit.tiles.tile", tile=tile.name)
        if bleed <= 0:
            plans.append(PagePlan(turned, section, body, (placement,), label=label))
            continue
        bled = grown(window, bleed)
        placement = Placement(key, bled, placement.x, placement.y, scale)
        plans.append(
            PagePlan(turned, section, body, (placement,), label=label, trim=window, bleed=bled)
        )
    return plans


def _left_out(tiles: Sequence[Tile], needs: Sequence[Needs]) -> set[tuple[int, int]]:
    """The tiles to print no page for, taken in turn: each one that shows nothing the tiles
    still printed do not, as long as those stay joined edge to edge (a tile with no printed
    neighbour could not be laid in its place). A map with nothing on it still prints whole."""
    if not any(needs):
        return set()
    printed = set(range(len(tiles)))
    for index in range(len(tiles)):
        rest = printed - {index}
        if all(others & rest for others in needs[index]) and _joined(
            [(tiles[i].column, tiles[i].row) for i in rest]
        ):
            printed = rest
    return {(t.column, t.row) for i, t in enumerate(tiles) if i not in printed}


def _joined(places: Sequence[tuple[int, int]]) -> bool:
    """Whether the grid cells form one piece, neighbours sharing a side (none do not)."""
    if not places:
        return False
    cells = set(places)
    seen = {places[0]}
    todo = [places[0]]
    while todo:
        column, row = todo.pop()
        for step in ((column + 1, row), (column - 1, row), (column, row + 1), (column, row - 1)):
            if step in cells and step not in seen:
                seen.add(step)
                todo.append(step)
    return seen == cells


def grown(rect: Rect, by: float) -> Rect:
    """``rect`` grown by ``by`` on every side."""
    x, y, w, h = rect
    return (x - by, y - by, w + 2 * by, h + 2 * by)


def _guides(tile: Tile, tiles: dict[tuple[int, int], Tile], at: Placement, say: Words) -> str:
    """Alignment lines (to the right and below) and cut lines (to the left and above)."""
    cx, cy, cw, ch = at.clip
    parts = []

    def page_x(x: float) -> float:
        return at.x + x * at.scale

    def page_y(y: float) -> float:
        return at.y + y * at.scale

    right, below = tiles.get((tile.column + 1, tile.row)), tiles.get((tile.column, tile.row + 1))
    left, above = tiles.get((tile.column - 1, tile.row)), tiles.get((tile.column, tile.row - 1))
    if right is not None:
        x = page_x(_meet(tile.source[0] + tile.source[2], right.source[0]))
        parts.append(draw.line(x, cy, x, cy + ch, colour=GUIDE))
        parts.append(_pointer(x, cy, say("kit.tiles.goes-here", tile=right.name)))
    if below is not None:
        y = page_y(_meet(tile.source[1] + tile.source[3], below.source[1]))
        parts.append(draw.line(cx, y, cx + cw, y, colour=GUIDE))
        parts.append(draw.text(cx - 2, y + 2.5, f"{below.name} ↓", 6, anchor="end", colour=GUIDE))
    if left is not None:
        x = page_x(_meet(left.source[0] + left.source[2], tile.source[0]))
        parts.append(draw.line(x, cy, x, cy + ch, colour=draw.INK, dash="4 2"))
        parts.append(draw.text(x, cy - 2, "✂ " + say("kit.tiles.cut"), 6, anchor="middle"))
    if above is not None:
        y = page_y(_meet(above.source[1] + above.source[3], tile.source[1]))
        parts.append(draw.line(cx, y, cx + cw, y, colour=draw.INK, dash="4 2"))
        parts.append(draw.text(cx + cw + 2, y + 2.5, "✂", 6))
    return "".join(parts)


def _meet(end_of_first: float, start_of_second: float) -> float:
    """The middle of an overlap: where the later tile is cut and laid."""
    return (end_of_first + start_of_second) / 2


def _pointer(x: float, y: float, note: str) -> str:
    """A small triangle above a guide line with a note, so the line is found on a busy map."""
    outline = f"M{fmt(x - 3)} {fmt(y - 6)} L{fmt(x + 3)} {fmt(y - 6)} L{fmt(x)} {fmt(y - 1)} Z"
    return f"<path{attrs(d=outline, fill=GUIDE)}/>" + draw.text(x + 5, y - 2, note, 6, colour=GUIDE)


def _tile_label(
    page: Page,
    label: str,
    columns: int,
    rows: int,
    tile: Tile,
    left_out: Set[tuple[int, int]] = frozenset(),
) -> str:
    """The tile's name, large, and a small index of all tiles with this one filled (and those
    left out, holding nothing, grey), at the foot."""
    cell = min(18.0 / rows, 48.0 / columns, 8.0)
    x0 = page.width - page.margin - columns * cell
    y0 = page.height - page.margin - FOOTER_ROOM + 2
    cells = "".join(
        draw.rect(
            (x0 + c * cell, y0 + r * cell, cell, cell),
            fill=draw.INK
            if (c, r) == (tile.column, tile.row)
            else LEFT_OUT
            if (c, r) in left_out
            else "none",
            stroke=draw.INK,
        )
        for r in range(rows)
        for c in range(columns)
    )
    return cells + draw.text(
        x0 - 6, y0 + min(rows * cell, 12.0), label, 11, bold=True, anchor="end"
    )


def full_plan(
    key: str,
    name: str,
    section: str,
    size: tuple[float, float],
    margin: float = 0.5 * INCH,
    *,
    say: Words = ENGLISH,
    bleed: float = 0.0,
) -> PagePlan:
    """The whole drawing on one page at true size for a print shop; TrimBox = the drawing, and
    the BleedBox ``bleed`` past it (the crop marks stand clear of it).

    :raises KitError: a drawing larger than a PDF page may be.
    """
    width, height = size
    if max(width, height) + 2 * margin + HEADER_ROOM > MAX_PAGE:
        raise KitError(
            f"{name!r} is {width / INCH:.0f}×{height / INCH:.0f} in, more than one PDF "
            "page can hold (200 in); print it with maps: tiled"
        )
    page = Page(width + 2 * margin, height + 2 * margin + HEADER_ROOM, margin)
    where = (margin, margin + HEADER_ROOM, width, height)
    xs, ys = (where[0], where[0] + width), (where[1], where[1] + height)
    body = draw.crop_marks(where, xs, ys, bleed)
    return PagePlan(
        page,
        section,
        body,
        (Placement(key, grown(where, bleed), where[0], where[1]),),
        label=say("kit.tiles.full-size", name=name),
        trim=where,
        bleed=grown(where, bleed) if bleed > 0 else None,
    )


def chart_plans(
    key: str,
    name: str,
    section: str,
    size: tuple[float, float],
    page: Page,
    *,
    say: Words = ENGLISH,
) -> list[PagePlan]:
    """A chart on one page, shrunk to fit the better orientation; tiled when that is too small."""
    width, height = size
    best_scale, best_page = 0.0, page
    for candidate in (page, page.turned()):
        _x, _y, area_w, area_h = tile_area(candidate)
        scale = min(1.0, area_w / width, area_h / height)
        if scale > best_scale + 1e-9:
            best_scale, best_page = scale, candidate
    if best_scale < MIN_CHART_SCALE:
        return tile_plans(key, name, section, size, page, say=say)
    area_x, area_y, area_w, area_h = tile_area(best_page)
    shown_w, shown_h = width * best_scale, height * best_scale
    x = area_x + (area_w - shown_w) / 2
    y = area_y + (area_h - shown_h) / 2
    label = "" if best_scale >= 1.0 else say("kit.tiles.scaled", percent=f"{best_scale * 100:.0f}")
    return [
        PagePlan(
            best_page,
            section,
            "",
            (Placement(key, (x, y, shown_w, shown_h), x, y, best_scale),),
            label=label,
        )
    ]
