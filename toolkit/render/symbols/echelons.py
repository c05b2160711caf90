"""Echelon marks: the size of a unit (ø, •, |, X …) drawn centred above its symbol frame.

Split from :mod:`toolkit.render.symbols.nato`, which re-exports everything public here, so
callers keep importing from there. The vocabulary (:data:`ECHELONS`) and the parser of
record come from :mod:`toolkit.model.values`; this module adds the few extra spellings a
drawing caller may pass, and draws each mark with geometry rather than text so ``XX`` looks
the same in the PNG, the PDF and VASSAL and never depends on a font.

All coordinates are points (1/72 in), y growing downwards.
"""

from __future__ import annotations

import math

from toolkit.model.values import ECHELONS
from toolkit.model.values import parse_echelon as _parse_model_echelon
from toolkit.render.symbols.paths import _circle_d, _norm, _path, _poly_d, _suggest

__all__ = ["ECHELONS", "ECHELON_MARKS", "echelon_mark", "echelon_width", "parse_echelon"]

ECHELON_MARKS: dict[str, str] = {
    "team": "ø",
    "squad": "•",
    "section": "••",
    "platoon": "•••",
    "company": "|",
    "battalion": "||",
    "regiment": "|||",
    "brigade": "X",
    "division": "XX",
    "corps": "XXX",
    "army": "XXXX",
    "army-group": "XXXXX",
}
"""Echelon -> its conventional mark as text (what :func:`echelon_mark` draws)."""

# ECHELONS (imported above) comes from the model, smallest to largest; ECHELON_MARKS gives each
# its mark, in the same order (a test checks the two agree).

_ECHELON_ALIASES: dict[str, str] = {
    # Spellings the model's parser does not know (it handles the names, the XX/II/|| marks,
    # • dots, ø and the common abbreviations): keyboard dots, middle dots, more abbreviations.
    ".": "squad",
    "..": "section",
    "...": "platoon",
    "·": "squad",
    "··": "section",
    "···": "platoon",
    # More abbreviations.
    "tm": "team",
    "sqd": "squad",
    "sec": "section",
    "plt": "platoon",
    "pl": "platoon",
    "cie": "company",
    "btn": "battalion",
    "rgt": "regiment",
    "brig": "brigade",
    "ag": "army-group",
    "front": "army-group",
}


def parse_echelon(text: str) -> str:
    """Canonical echelon name for a name, abbreviation or mark (``"xx"``, ``"II"``, ``"Bn"``,
    ``"army group"``); raises ValueError listing the known echelons otherwise.

    The model's parser decides first, so whatever the loader accepted draws the same echelon
    here; the few extra spellings below only widen what callers outside the loader may pass.
    """
    raw = str(text).strip()
    key = _norm(raw)
    for candidate in (raw, key):
        try:
            return _parse_model_echelon(candidate)
        except ValueError:
            pass
    for candidate in (raw, raw.lower(), key, key.replace("-", "")):
        if candidate in _ECHELON_ALIASES:
            return _ECHELON_ALIASES[candidate]
    raise _suggest("echelon", raw, ECHELONS)


def _echelon_layout(mark: str, height: float) -> tuple[str, int, float, float]:
    """(glyph kind, count, glyph width, gap) for an echelon mark at ``height``."""
    if mark == "ø":
        return ("team", 1, 0.9 * height, 0.0)
    if set(mark) == {"•"}:
        return ("dot", len(mark), 0.5 * height, 0.25 * height)
    if set(mark) == {"|"}:
        return ("bar", len(mark), 0.16 * height, 0.22 * height)
    return ("x", len(mark), 0.62 * height, 0.12 * height)


def echelon_width(echelon: str, height: float) -> float:
    """Width in points that :func:`echelon_mark` uses at ``height``, for fitting a label."""
    _kind, n, w, gap = _echelon_layout(ECHELON_MARKS[parse_echelon(echelon)], height)
    return n * w + (n - 1) * gap


def echelon_mark(
    echelon: str, cx: float, y_bottom: float, height: float, *, color: str = "#000"
) -> str:
    """The echelon mark, horizontally centred on ``cx``, standing on ``y_bottom`` and exactly
    ``height`` tall; place it just above the symbol frame. Drawn with geometry, not text, so
    ``XX`` looks the same in every output and never depends on a font."""
    if height <= 0:
        raise ValueError(f"echelon height must be positive, got {height!r}")
    kind, n, w, gap = _echelon_layout(ECHELON_MARKS[parse_echelon(echelon)], height)
    total = n * w + (n - 1) * gap
    left = cx - total / 2
    top = y_bottom - height
    sw = 0.16 * height
    parts: list[str] = []
    if kind == "dot":
        r = w / 2
        d = "".join(_circle_d(left + r + i * (w + gap), y_bottom - height / 2, r) for i in range(n))
        parts.append(_path(d, fill=color))
    elif kind == "bar":
        d = "".join(
            _poly_d(
                [(left + w / 2 + i * (w + gap), top), (left + w / 2 + i * (w + gap), y_bottom)],
                False,
            )
            for i in range(n)
        )
        parts.append(_path(d, fill="none", stroke=color, stroke_width=w))
    elif kind == "x":
        # Inset by the stroke's half-width projected on each axis so the ends stay in the box.
        ang = math.atan2(height, w)
        ix, iy = sw / 2 * math.sin(ang), sw / 2 * math.cos(ang)
        d = ""
        for i in range(n):
            x0 = left + i * (w + gap)
            d += _poly_d([(x0 + ix, top + iy), (x0 + w - ix, y_bottom - iy)], False)
            d += _poly_d([(x0 + ix, y_bottom - iy), (x0 + w - ix, top + iy)], False)
        parts.append(_path(d, fill="none", stroke=color, stroke_width=sw))
    else:  # team: a circle struck through
        r = (height - sw) / 2 * 0.78
        cy = y_bottom - height / 2
        ang = math.radians(55)
        half = (height - sw) / 2
        dx = half / math.tan(ang)
        d = _circle_d(cx, cy, r) + _poly_d(
            [(cx - dx, y_bottom - sw / 2), (cx + dx, top + sw / 2)], False
        )
        parts.append(_path(d, fill="none", stroke=color, stroke_width=sw))
    return "".join(parts)
