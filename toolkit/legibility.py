"""Text too small to print: the sizes a printer's preflight refuses, found in the drawn pieces.

Printers ask for text of at least 6 pt, and for reversed text (light on a dark ground, where
ink spreads into the letters) of at least 6 pt bold: here a reversed text in a regular weight
needs :data:`REVERSED_REGULAR_PT`, the size at which its strokes are as thick as 6 pt bold's.
The renderer may shrink a counter's text to 5 pt to make it fit, so the sizes are read from
the drawings themselves (counters and cards are drawn at their printed size, one SVG unit a
point), not from the templates. Each finding is reported once per template, at the template's
line, naming the smallest text and where it is.

In the print-shop edition these are errors (a printer would send the file back); otherwise
warnings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.artwork import Artwork
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.load.jsonsource import locate
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

_TEXT = re.compile(r"<text\b([^>]*)>(.*?)</text>", re.S)
_ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')
_TAG = re.compile(r"<[^>]+>")


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
    """Every ``<text>`` of an SVG drawn at print size, with its size, weight and fill."""
    for match in _TEXT.finditer(svg):
        attributes = dict(_ATTRIBUTE.findall(match.group(1)))
        try:
            size = float(attributes.get("font-size", "").removesuffix("pt"))
        except ValueError:
            continue
        weight = attributes.get("font-weight", "normal")
        bold = weight == "bold" or (weight.isdigit() and int(weight) >= 600)
        words = " ".join(_TAG.sub(" ", match.group(2)).split())
        yield SetText(words, size, bold, _luminance(attributes.get("fill", "")) > LIGHT)


def small_text(game: Game, artwork: Artwork, severity: Severity = "warning") -> list[Diagnostic]:
    """One diagnostic per counter or card template whose drawings set text too small to
    print, at the template's line."""
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
    return [
        _diagnostic(game, kind, template_id, origin, where, text, severity)
        for (kind, template_id), (origin, where, text) in found.items()
    ]


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
    kind: str,
    template_id: str,
    origin: Origin,
    where: str,
    text: SetText,
    severity: Severity,
) -> Diagnostic:
    weight = "bold" if text.bold else "regular"
    message = (
        f"{kind} template {template_id!r} sets {text.words!r} ({where}) at {text.size:g} pt "
        f"{weight}; {text.rule()} to print: give it a larger size or more room, or a bold "
        "weight"
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
