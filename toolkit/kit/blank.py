"""Map tiles with nothing on them: a window that shows no name, no symbol, no coast and no
place for pieces (the middle of an ocean, a desert) is not worth a sheet of paper.

Decided from the map model and where its drawing put things (:class:`toolkit.artwork.MapPlacement`),
never from pixels: a tile is blank when no location's centre or stack spot lies in it, no
printed mark (a label, a symbol, a stretch of line, the title or the legend) touches it, and the
only outlines crossing it are those of background spaces, open water or impassable ground (a
line between two sea zones far from both names; a coast is land's outline too). An outline's
stretch along the map's own edge (a sea clipped by the frame) is no border. A map whose
placement knows no outlines tells nothing, so no tile of it is blank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set

from toolkit.artwork import MapPlacement, Point
from toolkit.kit.paper import Rect
from toolkit.model import Game

Blank = Callable[[Rect], bool]
"""Whether a window (x, y, width, height) of the drawing holds nothing."""


def blank_windows(placement: MapPlacement, background: Set[str] = frozenset()) -> Blank | None:
    """The test for ``placement``'s map, or None when the placement cannot tell; the outlines
    of the locations labelled in ``background`` do not count."""
    if not placement.outlines:
        return None
    points = [*placement.centres.values(), *placement.stacks.values()]
    outlines = [
        (_bounds(ring), ring)
        for label, ring in placement.outlines.items()
        if ring and label not in background
    ]

    def blank(window: Rect) -> bool:
        x0, y0, width, height = window
        box = (x0, y0, x0 + width, y0 + height)
        if any(_inside(point, box) for point in points):
            return False
        if any(_overlap(mark, box) for mark in placement.marks):
            return False
        return not any(
            _overlap(bounds, box) and _ring_crosses(ring, box, placement.frame)
            for bounds, ring in outlines
        )

    return blank


def background_spaces(game: Game, map_id: str) -> frozenset[str]:
    """Labels of the map's spaces that are background: open water or impassable ground."""
    water = {t.id for t in game.terrain if t.water}
    return frozenset(
        location.label
        for location in game.locations.values()
        if location.map_id == map_id
        and (location.kind in ("sea", "impassable") or location.terrain in water)
    )


def _bounds(ring: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return (min(xs), min(ys), max(xs), max(ys))


def _inside(point: Point, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and a[2] >= b[0] and a[1] <= b[3] and a[3] >= b[1]


def _ring_crosses(
    ring: Sequence[Point],
    box: tuple[float, float, float, float],
    frame: tuple[float, float, float, float],
) -> bool:
    """Whether any edge of the closed ``ring`` passes through ``box``, but along the frame."""
    return any(
        segment_meets_box(ring[i - 1], ring[i], box) and not _on_frame(ring[i - 1], ring[i], frame)
        for i in range(len(ring))
    )


def _on_frame(a: Point, b: Point, frame: tuple[float, float, float, float]) -> bool:
    """Whether the segment a–b runs along one side of the map's frame."""
    near = 0.5
    left, top, right, bottom = frame
    return any(
        abs(a[axis] - edge) <= near and abs(b[axis] - edge) <= near
        for axis, edge in ((0, left), (0, right), (1, top), (1, bottom))
    )


def segment_meets_box(a: Point, b: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether the segment a–b has a point in ``box`` (Liang–Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in (
        (-dx, a[0] - box[0]),
        (dx, box[2] - a[0]),
        (-dy, a[1] - box[1]),
        (dy, box[3] - a[1]),
    ):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
