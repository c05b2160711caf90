"""Charts on paper: several to a page when they fit together, each at the size it has alone.

A chart that prints at full size on a page of its own is packable: runs of such charts, in the
order the game lists them, are set on as few pages as they fill, each page turned whichever way
holds more of the run. A chart that has to shrink to fit a page, or to be tiled, keeps its page(s)
(``tiles.chart_plans``) and ends the run before it, so the order never changes and no chart is
ever smaller than it would be alone.

Within a page charts go in order to the highest free spot, leftmost first (a skyline), so small
charts stack beside a tall one instead of leaving a row of white under them; the whole group is
then centred in the printable area, as a lone chart is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.catalogue import ENGLISH, Words
from toolkit.kit.errors import KitError
from toolkit.kit.layout import PagePlan, Placement
from toolkit.kit.paper import INCH, Page
from toolkit.kit.tiles import chart_plans, tile_area

CHART_MODES: tuple[str, ...] = ("packed", "one-per-page")
GAP: float = 0.25 * INCH
"""White between two charts on a page: clear to the eye, room for scissors."""
_EPS = 1e-6

Spot = tuple[float, float]
"""Top-left corner of a chart, relative to the printable area's top-left corner."""


@dataclass(frozen=True, slots=True)
class ChartItem:
    """A chart's drawing as the kit sees it."""

    key: str
    """Artwork key, 'chart:<id>'."""
    name: str
    """The chart's printed name: names its tiles when it is tiled."""
    title: str
    size: tuple[float, float]
    """Width and height of the drawing at full size, in points."""
    say: Words = ENGLISH
    """The game's language, for the words around the title."""

    @property
    def section(self) -> str:
        """What the cover's contents call this chart."""
        return self.say("kit.section.chart", title=self.title)


def chart_pages(charts: Sequence[ChartItem], page: Page, mode: str = "packed") -> list[PagePlan]:
    """Every chart's page(s) in order: packed where they fit together, or one page each."""
    plans: list[PagePlan] = []
    run: list[ChartItem] = []
    for chart in charts:
        if mode == "packed" and fits_whole(chart.size, page):
            run.append(chart)
            continue
        plans.extend(pack_charts(run, page))
        run = []
        plans.extend(
            chart_plans(chart.key, chart.name, chart.section, chart.size, page, say=chart.say)
        )
    plans.extend(pack_charts(run, page))
    return plans


def fits_whole(size: tuple[float, float], page: Page) -> bool:
    """Whether a drawing fits the printable area at full size, the page turned either way."""
    for candidate in (page, page.turned()):
        _x, _y, width, height = tile_area(candidate)
        if size[0] <= width + _EPS and size[1] <= height + _EPS:
            return True
    return False


def pack_charts(charts: Sequence[ChartItem], page: Page) -> list[PagePlan]:
    """Charts that each fit a page at full size, in order, on as few pages as they fill.

    :raises KitError: a chart that does not fit the page at full size either way.
    """
    plans = []
    start = 0
    while start < len(charts):
        rest = [c.size for c in charts[start:]]
        best: tuple[Page, list[Spot]] | None = None
        for candidate in (page, page.turned()):  # portrait wins ties
            _x, _y, width, height = tile_area(candidate)
            spots = fill_area(rest, width, height)
            if best is None or len(spots) > len(best[1]):
                best = (candidate, spots)
        assert best is not None  # two candidates were tried
        turned, spots = best
        if not spots:
            raise KitError(f"chart {charts[start].name!r} does not fit a page at full size")
        plans.append(_packed_page(charts[start : start + len(spots)], spots, turned))
        start += len(spots)
    return plans


def fill_area(sizes: Sequence[tuple[float, float]], width: float, height: float) -> list[Spot]:
    """Where the first of ``sizes`` go in a ``width``×``height`` area, in order, ``GAP`` apart;
    as many as fit before the first that does not.

    Each goes to the highest spot it fits, then the leftmost. Every chart is grown by ``GAP`` to
    the right and below, and the area by as much, so gaps fall only between charts.
    """
    skyline: list[tuple[float, float, float]] = [(0.0, width + GAP, 0.0)]
    """(x, width, lowest taken y) of each stretch of the area, left to right."""
    spots: list[Spot] = []
    for w, h in sizes:
        grown_w, grown_h = w + GAP, h + GAP
        best: tuple[float, float] | None = None
        for x, _w, _y in skyline:
            if x + grown_w > width + GAP + _EPS:
                break
            y = max(sy for sx, sw, sy in skyline if sx < x + grown_w - _EPS and sx + sw > x + _EPS)
            if y + grown_h <= height + GAP + _EPS and (best is None or (y, x) < best):
                best = (y, x)
        if best is None:
            break
        y, x = best
        spots.append((x, y))
        skyline = _raise(skyline, x, grown_w, y + grown_h)
    return spots


def _raise(
    skyline: list[tuple[float, float, float]], x: float, width: float, top: float
) -> list[tuple[float, float, float]]:
    """The skyline after a chart took ``x``…``x + width`` down to ``top``."""
    end = x + width
    out = []
    for sx, sw, sy in skyline:
        if sx + sw <= x + _EPS or sx >= end - _EPS:
            out.append((sx, sw, sy))
            continue
        if sx < x - _EPS:
            out.append((sx, x - sx, sy))
        if sx + sw > end + _EPS:
            out.append((end, sx + sw - end, sy))
    out.append((x, width, top))
    out.sort()
    merged: list[tuple[float, float, float]] = []
    for stretch in out:
        if merged and abs(merged[-1][2] - stretch[2]) < _EPS:
            mx, mw, my = merged[-1]
            merged[-1] = (mx, mw + stretch[1], my)
        else:
            merged.append(stretch)
    return merged


def _packed_page(charts: Sequence[ChartItem], spots: Sequence[Spot], page: Page) -> PagePlan:
    """One page of charts at full size, the group centred in the printable area."""
    area_x, area_y, area_w, area_h = tile_area(page)
    used_w = max(x + c.size[0] for c, (x, _y) in zip(charts, spots, strict=True))
    used_h = max(y + c.size[1] for c, (_x, y) in zip(charts, spots, strict=True))
    left = area_x + (area_w - used_w) / 2
    top = area_y + (area_h - used_h) / 2
    placements = tuple(
        Placement(c.key, (left + x, top + y, c.size[0], c.size[1]), left + x, top + y)
        for c, (x, y) in zip(charts, spots, strict=True)
    )
    if len(charts) == 1:
        return PagePlan(page, charts[0].section, "", placements)
    section = charts[0].say("kit.section.charts", titles=" · ".join(c.title for c in charts))
    return PagePlan(page, section, "", placements, contents=tuple(c.section for c in charts))
