"""Map tiles with nothing on them: a window that shows nothing a player reads or plays on that
the other printed tiles do not show (the middle of an ocean, a desert, the far side of a
large space) is not worth a sheet of paper.

Decided from the map model and where its drawing put things (:class:`toolkit.artwork.MapPlacement`),
never from pixels. What a window shows, each thing with the other windows that show it too:

- each location's centre in it, and each area space's stack spot (shown too where the space's
  centre is: a space whose name prints has room for its pieces there);
- each printed mark touching it (a label, a symbol, a stretch of line, the title, the legend),
  shown too by a window that holds it whole;
- its borders: inside the map, any outline crossing it other than those of background spaces
  (open water, impassable ground), which nothing else replaces, since leaving the window out
  would make a hole; at the map's edge, where leaving it out only notches the edge, each pair
  of spaces whose shared border (or a space whose coast) crosses it, shown too by every window
  that border crosses. An outline's stretch along the map's own edge is no border.

A map whose placement knows no outlines tells nothing, so no tile of it is blank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set

from toolkit.artwork import MapPlacement, Point
from toolkit.kit.paper import Rect
from toolkit.model import Game

Box = tuple[float, float, float, float]
"""(left, top, right, bottom)."""
Needs = list[frozenset[int]]
"""What one window shows that a player needs, each thing as the set of the other windows that
show it too; an empty set: only this window shows it."""
Contents = Callable[[Sequence[Rect]], list[Needs]]
"""The needs of each of some windows (x, y, width, height) of the drawing, among them."""


def window_needs(placement: MapPlacement, background: Set[str] = frozenset()) -> Contents | None:
    """The test for ``placement``'s map, or None when the placement cannot tell; the outlines
    of the locations labelled in ``background`` do not count."""
    if not placement.outlines:
        return None
    borders = _borders(placement, background)

    def contents(windows: Sequence[Rect]) -> list[Needs]:
        boxes = [(x, y, x + w, y + h) for x, y, w, h in windows]
        crossed = {pair: _meeting(segments, boxes) for pair, segments in borders.items()}
        return [_needs(i, box, boxes, placement, crossed) for i, box in enumerate(boxes)]

    return contents


def _needs(
    index: int,
    box: Box,
    boxes: Sequence[Box],
    placement: MapPlacement,
    crossed: dict[frozenset[str], frozenset[int]],
) -> Needs:
    """What the window ``index`` shows (see the module's docstring)."""

    others = [(j, other) for j, other in enumerate(boxes) if j != index]

    def showing(*points: Point) -> frozenset[int]:
        return frozenset(j for j, other in others if any(_inside(p, other) for p in points))

    needs = [showing(p) for p in placement.centres.values() if _inside(p, box)]
    needs += [
        showing(spot, placement.centres.get(label, spot))
        for label, spot in placement.stacks.items()
        if _inside(spot, box)
    ]
    needs += [
        frozenset(j for j, other in others if _holds(other, mark))
        for mark in placement.marks
        if _overlap(mark, box)
    ]
    at_edge = _at_edge(box, placement.frame)
    for windows in crossed.values():
        if index in windows:
            needs.append(windows - {index} if at_edge else frozenset())
    return needs


def _borders(
    placement: MapPlacement, background: Set[str]
) -> dict[frozenset[str], list[tuple[Point, Point]]]:
    """The stretches of outline between two spaces (or along one space's coast), by the pair
    (or the one) they part; not along the map's frame, nor between background spaces only."""
    sides: dict[tuple[Point, Point], tuple[Point, Point, set[str]]] = {}
    for label, ring in placement.outlines.items():
        for i in range(len(ring)):
            a, b = ring[i - 1], ring[i]
            if _on_frame(a, b, placement.frame):
                continue
            key = tuple(sorted((_rounded(a), _rounded(b))))
            sides.setdefault(key, (a, b, set()))[2].add(label)  # type: ignore[arg-type]
    borders: dict[frozenset[str], list[tuple[Point, Point]]] = {}
    for a, b, labels in sides.values():
        if not labels <= background:
            borders.setdefault(frozenset(labels), []).append((a, b))
    return borders


def _rounded(point: Point) -> Point:
    """A corner as two outlines that share it both give it, rounding aside."""
    return (round(point[0], 1), round(point[1], 1))


def _meeting(segments: Sequence[tuple[Point, Point]], boxes: Sequence[Box]) -> frozenset[int]:
    """The windows any of the ``segments`` passes through."""
    return frozenset(
        i for i, box in enumerate(boxes) if any(segment_meets_box(a, b, box) for a, b in segments)
    )


def _at_edge(box: Box, frame: Box) -> bool:
    """Whether the window reaches the playing area's edge (or past it)."""
    return box[0] <= frame[0] or box[1] <= frame[1] or box[2] >= frame[2] or box[3] >= frame[3]


def _holds(outer: Box, inner: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


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
