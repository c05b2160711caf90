"""Widths of the kit's own text (headers, cover, setup lists), remembered from build to build.

Measuring a string asks Pillow to lay it out: tens of microseconds each, and the fonts loaded
first in a fresh process. A big game's cover and setup sheets measure a couple of thousand
strings on every build, nearly all of them the same after any edit. So ``build_kit`` hands the
widths the last kit measured (kept in the build cache) to :func:`remember`, and the next kit
measures only what it has not seen. The bundled fonts and Pillow's version are in the cache's
stamp, so a remembered width is the one :func:`toolkit.render.fonts.text_width` gives.

The widths live in this module for the length of one kit's planning (like a cache of the
function, which is what they are): planning stays a pure function of its arguments.
"""

from __future__ import annotations

import json

from toolkit.render import fonts

_known: dict[tuple[str, bool], float] = {}
"""(text, bold) → advance width in em."""
_used: set[tuple[str, bool]] = set()
_seeded: set[tuple[str, bool]] = set()


def text_width(text: str, size: float, bold: bool = False) -> float:
    """``fonts.text_width`` of ``text`` in the kit's condensed face, remembered."""
    key = (text, bool(bold))
    em = _known.get(key)
    if em is None:
        em = _known[key] = fonts.text_width(text, 1.0, bool(bold))
    _used.add(key)
    return em * float(size)  # what fonts.text_width computes: the width of 1 pt, times size


def remember(entry: bytes | None) -> None:
    """Start a kit with the widths of ``entry`` (from :func:`learned`; a damaged one is
    ignored)."""
    global _known, _used, _seeded
    _known, _used, _seeded = {}, set(), set()
    if entry is None:
        return
    try:
        widths = {(str(t), bool(b)): float(w) for t, b, w in json.loads(entry)}
    except (ValueError, TypeError):
        return
    _known, _seeded = widths, set(widths)


def learned() -> bytes | None:
    """The widths this kit used, as an entry for :func:`remember`; None when they are the
    ones it was given (nothing to store)."""
    if _used == _seeded:
        return None
    rows = sorted([text, bold, _known[text, bold]] for text, bold in _used)
    return json.dumps(rows, ensure_ascii=False).encode("utf-8")
