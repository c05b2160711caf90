"""Features on a map: symbols in a row at their location, values beside, names placed clear.

A location with several features (a city that is also a port and a fortress) shows one symbol
per type side by side, one values text ("VP 2 · NM 5"), and each distinct name once. Names go
below the symbols when there is room, which keeps them off the hex number at the top of the hex.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from toolkit.catalogue import ENGLISH, Words, words
from toolkit.model import Game
from toolkit.model.map import Feature, Map
from toolkit.render.fonts import text_extent
from toolkit.render.maps.base import Label, Point, Rect, line_height, safe_colour
from toolkit.render.maps.labels import Option, Placer, wrap
from toolkit.render.maps.symbols import DEFAULT_FILL, FEATURE_ORDER, OWNED, symbol_use


@dataclass(frozen=True, slots=True)
class Sizes:
    """Font and symbol sizes for one map, in points."""

    number: float
    name: float
    value: float
    symbol: float
    space: float = 0.0
    """Area maps: the size of space names."""


@dataclass
class Group:
    """Everything printed at one location."""

    at: str
    kinds: list[str]
    names: list[str]
    values: str
    owner_fill: dict[str, str]
    labels_only: list[str]
    """Names of 'label' features: text with no symbol (a region, a mountain range)."""


def format_value(value: object, say: Words = ENGLISH) -> str:
    """A value as printed: integral numbers without '.0', others with the decimal point of the
    map's language ('0,5' in French)."""
    if isinstance(value, float):
        return say.decimal(value)
    return str(value)


def values_text(values: Mapping[str, object], say: Words = ENGLISH) -> str:
    """'VP 2 · NM 5': each value with its key in capitals, in key order."""
    return " · ".join(
        f"{str(key).upper().replace('_', ' ')} {format_value(values[key], say)}"
        for key in sorted(values)
    )


def feature_groups(
    game: Game, the_map: Map, skip_names: Mapping[str, str] | None = None
) -> list[Group]:
    """Features gathered per location, in location order (deterministic placement order)."""
    by_location: dict[str, list[Feature]] = {}
    for feature in the_map.features:
        by_location.setdefault(feature.at, []).append(feature)
    order = {label: i for i, label in enumerate(the_map.locations)}
    groups = []
    for at in sorted(by_location, key=lambda a: (order.get(a, len(order)), a)):
        groups.append(_group(game, at, by_location[at], (skip_names or {}).get(at, "")))
    return groups


def _group(game: Game, at: str, features: list[Feature], skip_name: str) -> Group:
    rank = {kind: i for i, kind in enumerate(FEATURE_ORDER)}
    kinds = sorted(
        {f.type for f in features if f.type != "label"}, key=lambda k: (rank.get(k, len(rank)), k)
    )
    names: list[str] = []
    labels_only: list[str] = []
    values: dict[str, object] = {}
    fills: dict[str, str] = {}
    for f in features:
        target = labels_only if f.type == "label" else names
        if f.name and f.name != skip_name and f.name not in target:
            target.append(f.name)
        values.update(f.values)
        if f.type in OWNED and f.type not in fills:
            fills[f.type] = owner_colour(game, f.owner) or DEFAULT_FILL[f.type]
    return Group(at, kinds, names, values_text(values, words(game.language)), fills, labels_only)


def owner_colour(game: Game, owner: str | None) -> str | None:
    """A faction's colour, or None for no owner or an unknown one."""
    if not owner:
        return None
    try:
        return safe_colour(game.faction(owner).color, "#808080")
    except KeyError:
        return None


# -- building options ----------------------------------------------------------------------------


def _lines_at(
    texts: Sequence[str],
    x: float,
    first_baseline: float,
    size: float,
    anchor: str,
    role: str,
    bold: bool = False,
) -> list[Label]:
    step = line_height(size)
    return [
        Label(t, x, first_baseline + i * step, size, anchor, bold, role=role)
        for i, t in enumerate(texts)
    ]


def _ascent(texts: Sequence[str], size: float, bold: bool = False) -> float:
    return max(text_extent(t, size, bold)[1] for t in texts)


def _descent(texts: Sequence[str], size: float, bold: bool = False) -> float:
    return max(text_extent(t, size, bold)[2] for t in texts)


NEAR = 8
"""How many of ``around``'s options are next to the box (the rest are a line further out)."""


def around(
    box: Rect, texts: Sequence[str], size: float, role: str, reach: float, bold: bool = False
) -> list[Option]:
    """Label options below, above, right and left of ``box``, then shifted sideways."""
    gap = max(0.8, size * 0.15)
    step = line_height(size)
    height = step * (len(texts) - 1)
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    below = box.y1 + gap + _ascent(texts, size, bold)
    above = box.y0 - gap - _descent(texts, size, bold) - height
    middle = cy + 0.36 * size - height / 2
    options: list[Option] = [
        _lines_at(texts, cx, below, size, "middle", role, bold),
        _lines_at(texts, cx, above, size, "middle", role, bold),
        _lines_at(texts, box.x1 + 2 * gap, middle, size, "start", role, bold),
        _lines_at(texts, box.x0 - 2 * gap, middle, size, "end", role, bold),
    ]
    for dx in (reach, -reach):
        options.append(_lines_at(texts, cx + dx, below, size, "middle", role, bold))
        options.append(_lines_at(texts, cx + dx, above, size, "middle", role, bold))
    # A second ring, a line further out: crowded places still find a free spot nearby.
    for k in (1, 2):
        far = k * step
        options += [
            _lines_at(texts, cx, below + far, size, "middle", role, bold),
            _lines_at(texts, cx, above - far, size, "middle", role, bold),
            _lines_at(texts, box.x1 + 2 * gap, middle - far, size, "start", role, bold),
            _lines_at(texts, box.x1 + 2 * gap, middle + far, size, "start", role, bold),
            _lines_at(texts, box.x0 - 2 * gap, middle - far, size, "end", role, bold),
            _lines_at(texts, box.x0 - 2 * gap, middle + far, size, "end", role, bold),
        ]
        for dx in (reach * (k + 1), -reach * (k + 1)):
            options.append(_lines_at(texts, cx + dx, below + far, size, "middle", role, bold))
            options.append(_lines_at(texts, cx + dx, above - far, size, "middle", role, bold))
    return options


def symbol_row(kinds: Sequence[str], centre: Point, size: float) -> list[tuple[str, Point]]:
    """Symbol positions, side by side and centred on ``centre``."""
    step = size * 1.1
    start = centre[0] - step * (len(kinds) - 1) / 2
    return [(kind, (start + i * step, centre[1])) for i, kind in enumerate(kinds)]


def row_box(kinds: Sequence[str], centre: Point, size: float) -> Rect:
    """The box a symbol row occupies."""
    half_w = (size * 1.1 * (len(kinds) - 1) + size) / 2
    return Rect(centre[0] - half_w, centre[1] - size / 2, centre[0] + half_w, centre[1] + size / 2)


# -- placing -------------------------------------------------------------------------------------


@dataclass
class Placed:
    """The SVG of the symbols and the labels placed for all groups."""

    symbols: list[str]
    labels: list[Label]


def place_groups(
    groups: Sequence[Group],
    placer: Placer,
    sizes: Sizes,
    symbol_spots: Callable[[str, Rect], list[Point]],
    reach: float,
    centres: Mapping[str, Point],
    value_order: Sequence[int] = (2, 0, 1, 3),
    home: Callable[[str, Rect], bool] | None = None,
) -> Placed:
    """Place every group: symbols first, then values, then names (most constrained last).

    ``value_order`` ranks the first four spots around the symbols (below, above, right, left)
    for the values: right of the symbols reads as belonging to them on a hex map, above them
    keeps values inside the space on an area map. ``home(at, box)`` says whether a box lies in
    the location ``at``: a name is then set smaller or over more lines (breaking after hyphens
    too) rather than spill into its neighbours.
    """
    out = Placed([], [])
    boxes: dict[str, Rect] = {}
    for group in groups:
        if group.at not in centres:
            continue
        cx, cy = centres[group.at]
        if not group.kinds:
            boxes[group.at] = Rect(cx, cy, cx, cy)
            continue
        spots = symbol_spots(group.at, row_box(group.kinds, (0, 0), sizes.symbol))
        box = _place_row(group, spots, placer, sizes.symbol)
        boxes[group.at] = box
        for kind, (x, y) in symbol_row(
            group.kinds, ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2), sizes.symbol
        ):
            out.symbols.append(symbol_use(kind, x, y, group.owner_fill.get(kind)))
    for group in groups:
        if group.values and group.at in boxes:
            box = boxes[group.at]
            options = around(box, [group.values], sizes.value, "value", reach)
            options = [options[i] for i in value_order] + options[4:]
            out.labels += placer.place(options, near=NEAR)
    for group in groups:
        if group.at not in boxes:
            continue
        box = boxes[group.at]
        for text in group.labels_only:
            build = _options(box, [text], "place", reach, 1.15)
            out.labels += placer.place_sized(build, sizes.name, NEAR)
        if group.names:
            at = group.at
            within = (lambda b, at=at: home(at, b)) if home is not None else None
            build = _options(box, group.names, "name", reach, hyphens=within is not None)
            out.labels += placer.place_sized(build, sizes.name, NEAR, within)
    return out


def _options(
    box: Rect,
    names: Sequence[str],
    role: str,
    reach: float,
    scale: float = 1.0,
    hyphens: bool = False,
) -> Callable[[float, int], list[Option]]:
    """The options builder for names around ``box`` at a font size and a number of lines."""

    def build(size: float, lines: int) -> list[Option]:
        return around(box, _name_lines(names, lines, hyphens), size * scale, role, reach)

    return build


def _name_lines(names: Sequence[str], lines: int, hyphens: bool = False) -> list[str]:
    if len(names) > 1:
        return list(names)
    return wrap(names[0], lines, hyphens)


def _place_row(group: Group, spots: list[Point], placer: Placer, size: float) -> Rect:
    """Put the symbol row at the first free spot (the first spot if none is free)."""
    boxes = [row_box(group.kinds, spot, size) for spot in spots]
    chosen = next((b for b in boxes if placer.free(b)), boxes[0])
    placer.block(chosen)
    return chosen
