"""Text too small to print: the sizes a printer's preflight refuses, found in the drawn pieces.

Printers ask for text of at least 6 pt, and for reversed text (light on a dark ground, where
ink spreads into the letters) of at least 6 pt bold: here a reversed text in a regular weight
needs :data:`REVERSED_REGULAR_PT`, the size at which its strokes are as thick as 6 pt bold's.
The renderer may shrink a counter's text to 5 pt to make it fit, so the sizes are read from
the drawings themselves (counters, cards, maps and charts are drawn at their printed size, one
SVG unit a point; a size a group passes down or a transform scales counts), not from the
sources. Each finding is reported once per template, at the template's line, naming the
smallest text and where it is; on a map or a chart, once, at the line that holds its smallest
text's words (a place's name, a table's cell; else the map's or chart's file).

In the print-shop edition a counter's or card's finding is an error (a printer would send the
file back); otherwise, and on maps and charts, a warning: a map's text is sized by the
renderer from its hex, which no source setting raises yet, so it is reported, not refused.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from toolkit.artwork import Artwork
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.load.jsonsource import escape_pointer_part, locate
from toolkit.load.loader import shown_path
from toolkit.model import Game
from toolkit.model.base import Origin
from toolkit.model.values import colour_luminance, parse_colour

MIN_PT = 6.0
"""The least size of any printed text, in points."""
LIGHT = 0.6
"""A text whose fill is lighter than this (relative luminance, 0 black to 1 white) is reversed:
it stands on a darker ground."""
REVERSED_REGULAR_PT = 8.0
"""The least size of a reversed text that is not bold, in points."""
CODE = "print.text-too-small"

_INHERITED = ("font-size", "font-weight", "fill")
"""The presentation attributes a text takes from the groups around it."""
_TRANSFORM = re.compile(r"(\w+)\s*\(([^)]*)\)")
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE]-?\d+)?")


@dataclass(frozen=True, slots=True)
class SetText:
    """One text as drawn: its words, size, weight and fill."""

    words: str
    size: float
    bold: bool
    light: bool

    def too_small(self) -> bool:
        """Below 6 pt; or reversed, not bold and below 8 pt."""
        regular_reversed = self.light and not self.bold
        return self.size < (REVERSED_REGULAR_PT if regular_reversed else MIN_PT) - 1e-6

    def rule(self) -> str:
        """The rule it breaks, for the message."""
        if self.light:
            return (
                f"reversed text needs at least {MIN_PT:g} pt bold or "
                f"{REVERSED_REGULAR_PT:g} pt regular"
            )
        return f"text needs at least {MIN_PT:g} pt"


def set_texts(svg: str) -> Iterator[SetText]:
    """Every ``<text>`` of an SVG drawn at print size, with its size, weight and fill as drawn:
    inherited from the groups around it, the size scaled by their transforms."""
    yield from _walk(ElementTree.fromstring(svg), {"font-weight": "normal"}, 1.0)


def _walk(
    element: ElementTree.Element, inherited: dict[str, str], scale: float
) -> Iterator[SetText]:
    """The texts in ``element``: a map's labels take their size from a group, not from
    themselves."""
    style = {**inherited, **{k: v for k, v in element.attrib.items() if k in _INHERITED}}
    scale *= _scale(element.get("transform", ""))
    if element.tag.rpartition("}")[2] != "text":
        for child in element:
            yield from _walk(child, style, scale)
        return
    try:
        size = float(style.get("font-size", "").removesuffix("pt")) * scale
    except ValueError:
        return
    weight = style["font-weight"]
    bold = weight == "bold" or (weight.isdigit() and int(weight) >= 600)
    words = " ".join("".join(element.itertext()).split())
    yield SetText(words, size, bold, _luminance(style.get("fill", "")) > LIGHT)


def _scale(transform: str) -> float:
    """How much a ``transform`` enlarges lengths (the square root of its area ratio)."""
    factor = 1.0
    for name, arguments in _TRANSFORM.findall(transform):
        values = [float(v) for v in _NUMBER.findall(arguments)]
        if name == "scale" and values:
            factor *= math.sqrt(abs(values[0] * (values[1] if len(values) > 1 else values[0])))
        elif name == "matrix" and len(values) == 6:
            factor *= math.sqrt(abs(values[0] * values[3] - values[1] * values[2]))
    return factor


def small_text(game: Game, artwork: Artwork, severity: Severity = "warning") -> list[Diagnostic]:
    """One diagnostic per counter or card template whose drawings set text too small to
    print, at the template's line (``severity``); one warning per map or chart, at the line of
    its smallest text."""
    found: dict[tuple[str, str], tuple[Origin, str, SetText]] = {}
    for counter in game.counters:
        art = artwork.counters.get(counter.id)
        template = game.template(counter.template)
        for face, drawing in art.faces.items() if art is not None else ():
            _smallest(found, ("counter", template.id), template.origin, drawing.svg,
                      f"counter {counter.id!r}, {face}")  # fmt: skip
    for card in game.cards:
        sides = artwork.cards.get(card.id)
        card_template = game.card_template(card.template)
        for side, drawing in (("front", sides.front), ("back", sides.back)) if sides else ():
            _smallest(found, ("card", card_template.id), card_template.origin, drawing.svg,
                      f"card {card.id!r}, {side}")  # fmt: skip
    pieces = [
        _diagnostic(game, f"{kind} template {template_id!r}", origin, where, text, severity)
        for (kind, template_id), (origin, where, text) in found.items()
    ]
    return pieces + _board_text(game, artwork)


def _board_text(game: Game, artwork: Artwork) -> list[Diagnostic]:
    """Maps' and charts' text too small to print: a warning per map or chart, at the source
    line of its smallest such text, counting the others."""
    sources = _Sources(game)
    boards = [("map", k, art.drawing.svg) for k, art in artwork.maps.items()]
    boards += [("chart", k, art.drawing.svg) for k, art in artwork.charts.items()]
    found = []
    for kind, board_id, svg in boards:
        small = sorted((t for t in set_texts(svg) if t.too_small()), key=lambda t: t.size)
        if not small:
            continue
        origin = sources.origin(kind, board_id, small[0].words)
        hint = "it is sized from the map's hexes or the chart's layout: shorten it or give it room"
        if len(small) > 1:
            hint += f" ({len(small) - 1} more text(s) on it are too small too)"
        found.append(
            _diagnostic(game, f"{kind} {board_id!r}", origin, "", small[0], "warning", hint)
        )
    return found


class _Sources:
    """The game's JSON sources, read once, to find the element a map's or chart's words come
    from."""

    def __init__(self, game: Game) -> None:
        self.files: dict[str, Any] = {}
        for relative, raw in game.sources.items():
            try:
                self.files[shown_path(game.folder / relative)] = json.loads(raw)
            except (ValueError, UnicodeDecodeError):
                continue  # a CSV table: counters and cards, not maps or charts

    def origin(self, kind: str, board_id: str, words: str) -> Origin:
        """The element whose string is ``words``: in the map's or chart's own file first,
        then anywhere; else, in its own file, the link whose far end the words name (a tab
        such as '→ Eastern Front 0112' for "ef:0112"); else that file itself."""
        own = [f for f, data in self.files.items() if _is(data, kind, board_id)]
        for file in own + [f for f in self.files if f not in own]:
            pointer = _pointer_of(self.files[file], words)
            if pointer is not None:
                return Origin(file, pointer)
        for file in own:
            for token in reversed(words.split()):
                pointer = _pointer_of(self.files[file], token, suffix=True)
                if pointer is not None:
                    return Origin(file, pointer)
        return Origin(own[0], "") if own else Origin()


def _is(data: Any, kind: str, board_id: str) -> bool:
    return isinstance(data, Mapping) and data.get("kind") == kind and data.get("id") == board_id


def _pointer_of(value: Any, words: str, pointer: str = "", *, suffix: bool = False) -> str | None:
    """The JSON pointer of the first string in ``value`` that reads ``words`` (``suffix``: a
    reference to another map's place, '<map>:<words>')."""
    if isinstance(value, str):
        if suffix:
            return pointer if value.partition(":")[2] == words and words else None
        return pointer if " ".join(value.split()) == words else None
    if not isinstance(value, Mapping | list):
        return None
    items = value.items() if isinstance(value, Mapping) else enumerate(value)
    for key, item in items:
        place = f"{pointer}/{escape_pointer_part(key)}"
        found = _pointer_of(item, words, place, suffix=suffix)
        if found is not None:
            return found
    return None


def _smallest(
    found: dict[tuple[str, str], tuple[Origin, str, SetText]],
    key: tuple[str, str],
    origin: Origin,
    svg: str,
    where: str,
) -> None:
    """Keep, for ``key``, the smallest offending text of ``svg`` if it beats the one kept."""
    for text in set_texts(svg):
        if text.too_small() and (key not in found or text.size < found[key][2].size):
            found[key] = (origin, where, text)


def _diagnostic(
    game: Game,
    what: str,
    origin: Origin,
    where: str,
    text: SetText,
    severity: Severity,
    hint: str = "give it a larger size or more room, or a bold weight",
) -> Diagnostic:
    weight = "bold" if text.bold else "regular"
    place = f" ({where})" if where else ""
    message = (
        f"{what} sets {text.words!r}{place} at {text.size:.3g} pt {weight}; {text.rule()} to "
        f"print: {hint}"
    )
    line, column = locate(origin.file, origin.pointer) if origin.file else (1, 1)
    return Diagnostic(CODE, message, origin.file or game.id, line, column, origin.pointer,
                      severity)  # fmt: skip


def _luminance(colour: str) -> float:
    """The relative luminance of a fill (0, as if black, when it is not a colour: 'none')."""
    try:
        return colour_luminance(parse_colour(colour))
    except ValueError:
        return 0.0
