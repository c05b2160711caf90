"""Label placement: try a few spots per label, keep the first that collides with nothing.

Hex numbers, symbols and already placed names are obstacles held in a RectIndex, so each try
looks only at nearby boxes and a whole map places in linear time. A label that fits nowhere
is set smaller, then split over two lines, and only then put where it overlaps least, so a
crowded map still gets every name rather than an exception.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from itertools import combinations

from toolkit.render.maps.base import Label, Rect, RectIndex, rect_union, shrunk

PAD = 0.6
"""Points of clear space kept around every label: touching letters read as one word."""

Option = Sequence[Label]
"""One way to place a label: its lines, each positioned."""
HOME_TRIES = ((1.0, 1), (0.85, 1), (1.0, 2), (0.85, 2), (0.85, 3), (0.72, 2), (0.72, 3))
"""(share of the size, lines) tried in turn to keep a name within its own hex; no share shrinks
a name below :data:`~toolkit.render.maps.base.MIN_TEXT`."""


class Placer:
    """Places labels one by one on a map, avoiding everything placed or blocked before."""

    def __init__(self, cell: float, bounds: Rect) -> None:
        """``cell``: bucket size (about a hex); ``bounds``: where labels should stay."""
        self.index = RectIndex(cell)
        self.soft = RectIndex(cell)
        """Things labels had better avoid but may cross when nothing else fits: roads, rivers."""
        self.halo = RectIndex(cell)
        """Room around things a label must not abut (hex numbers): a label placed by choice
        keeps out of it, one placed where it overlaps least may not."""
        self.bounds = bounds
        self.placed: list[Label] = []

    def block(self, rect: Rect) -> None:
        """Mark a box (a symbol, a hex number) that labels must not cover."""
        self.index.add(rect)

    def keep_apart(self, rect: Rect, room: float) -> None:
        """Mark a box labels must not cover nor come within ``room`` of (a hex number: a name
        just under it would read as its second line)."""
        self.index.add(rect)
        self.halo.add(rect.grow(room))

    def free(self, rect: Rect) -> bool:
        """Whether a box is clear of everything and inside the bounds."""
        grown = rect.grow(PAD)
        return rect.inside(self.bounds) and not self.index.hits(grown)

    def marks(self) -> list[Rect]:
        """Everything placed or blocked so far: labels, symbols, blocks, lines' stretches."""
        return self.index.boxes() + self.soft.boxes() + [label.box for label in self.placed]

    def avoid(self, rect: Rect) -> None:
        """Mark a box labels should avoid if they can (a stretch of road or river)."""
        self.soft.add(rect)

    def _fits(self, option: Option) -> bool:
        return bool(option) and all(
            self.free(label.box) and not self.halo.hits(label.box) for label in option
        )

    def _clear(self, option: Option) -> bool:
        return self._fits(option) and not any(self.soft.hits(lb.box) for lb in option)

    def _badness(self, option: Option) -> float:
        outside = 0.0 if all(lb.box.inside(self.bounds) for lb in option) else 1e6
        covered = sum(self.index.overlap_area(lb.box.grow(PAD)) for lb in option)
        # coming too near a number is bad, covering anything is worse
        near = sum(self.halo.overlap_area(lb.box) for lb in option) / 100
        return outside + covered + near

    def place(
        self, options: Sequence[Option], fallback: bool = True, near: int | None = None
    ) -> list[Label]:
        """Keep the first option clear of everything, else the first that only crosses lines,
        else the least bad one (or none).

        The first ``near`` options are tried in full before the others: a label next to its
        symbol across a road reads better than one clear of it but far away.
        """
        for tier in _tiers(options, near):
            chosen = next((o for o in tier if self._clear(o)), None)
            chosen = chosen or next((o for o in tier if self._fits(o)), None)
            if chosen is not None:
                return self._keep(chosen)
        if not fallback or not options:
            return []
        return self._keep(min(options, key=self._badness))

    def _keep(self, option: Option) -> list[Label]:
        option = inside(option, self.bounds)
        for label in option:
            self.index.add(label.box)
            self.placed.append(label)
        return list(option)

    def place_sized(
        self,
        build: Callable[[float, int], list[Option]],
        size: float,
        near: int | None = None,
        within: Callable[[Rect], bool] | None = None,
    ) -> list[Label]:
        """Try ``build(size, lines)`` at full size, smaller, then over two lines; near options
        (clear, then crossing lines) at every size before far ones.

        With ``within`` (the name's own hex), every size and up to three lines are first tried
        for an option whose lines all stay within, clear of everything, roads and rivers too;
        then one that stays within across a road or river; only a name that has no such room
        spills (a name wholly in the next hex reads as that hex's).
        """
        if within is not None:
            home_tries = dict.fromkeys((shrunk(size, font), lines) for font, lines in HOME_TRIES)
            home_built = [build(font, lines) for font, lines in home_tries]
            home = (  # the largest size that fits, near spots before far ones
                option
                for options in home_built
                for tier in range(2)
                for option in _tier(options, near, tier)
                if all(within(label.box) for label in option)
            )
            home_options = list(home)
            chosen = next((o for o in home_options if self._clear(o)), None)
            chosen = chosen or next((o for o in home_options if self._fits(o)), None)
            if chosen is not None:
                return self._keep(chosen)
        tries = ((1.0, 1), (0.85, 1), (0.85, 2), (0.72, 2))
        sized = dict.fromkeys((shrunk(size, font), lines) for font, lines in tries)
        built = [build(font, lines) for font, lines in sized]
        for tier in range(2 if near else 1):
            for test in (self._clear, self._fits):
                for options in built:
                    part = _tiers(options, near)[tier] if near else options
                    chosen = next((o for o in part if test(o)), None)
                    if chosen is not None:
                        return self._keep(chosen)
        return self.place([option for options in built for option in options])


def inside(option: Option, bounds: Rect) -> Option:
    """The option moved the least that brings it within ``bounds``: a name the map found no
    room for inside must still not run off the sheet (or over a tile's outer edge). An option
    larger than the bounds is centred on them along that axis."""
    box = rect_union(label.box for label in option)
    if box is None or box.inside(bounds):
        return option
    dx, dy = (
        _into(box.x0, box.x1, bounds.x0, bounds.x1),
        _into(box.y0, box.y1, bounds.y0, bounds.y1),
    )
    return [dataclasses.replace(label, x=label.x + dx, y=label.y + dy) for label in option]


def _into(low: float, high: float, start: float, end: float) -> float:
    """How far to move [low, high] along one axis to lie within [start, end]."""
    if high - low > end - start:
        return (start + end) / 2 - (low + high) / 2
    return max(start - low, 0.0) + min(end - high, 0.0)


def _tier(options: Sequence[Option], near: int | None, tier: int) -> Sequence[Option]:
    """The near options (tier 0) or the far ones (tier 1); all options are near without
    ``near``."""
    tiers = _tiers(options, near)
    return tiers[tier] if tier < len(tiers) else ()


def _tiers(options: Sequence[Option], near: int | None) -> list[Sequence[Option]]:
    """The near options and the far ones (or all options as one tier)."""
    if near is None or near >= len(options):
        return [options]
    return [options[:near], options[near:]]


def wrap(text: str, lines: int, hyphens: bool = False) -> list[str]:
    """Split a name over ``lines`` lines at the space nearest the middle (one line if none).

    With ``hyphens``, a line may also end after a hyphen (which it keeps), and a name may take
    more than two lines: 'Saint-Pierre-des-Corps' fits a hex as 'Saint-Pierre-' / 'des-Corps'.
    """
    if hyphens:
        return _wrap_pieces(text, lines)
    words = text.split(" ")
    if lines < 2 or len(words) < 2:
        return [text]
    best = min(
        range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:])))
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _wrap_pieces(text: str, lines: int) -> list[str]:
    """At most ``lines`` lines broken after spaces or hyphens, the longest line the shortest;
    a break after a hyphen counts as three letters longer, so spaces are preferred."""
    pieces = [p for p in re.split(r"(?<=-)|(?<= )", text) if p]
    if lines < 2 or len(pieces) < 2:
        return [text]

    def cost(candidate: list[str]) -> int:
        return max(map(len, candidate)) + 3 * sum(line.endswith("-") for line in candidate)

    best: list[str] = [text]
    for cuts in combinations(range(1, len(pieces)), min(lines, len(pieces)) - 1):
        bounds = (0, *cuts, len(pieces))
        candidate = ["".join(pieces[a:b]).strip() for a, b in zip(bounds, bounds[1:], strict=False)]
        if cost(candidate) < cost(best):
            best = candidate
    return best


def block_box(labels: Sequence[Label]) -> Rect | None:
    """The box around a group of labels."""
    return rect_union(label.box for label in labels)
