"""Widths of the kit's own text (headers, cover, setup lists), remembered from build to build.

Measuring a string asks Pillow to lay it out: tens of microseconds each, and the fonts loaded
first in a fresh process. A big game's cover and setup sheets measure a couple of thousand
strings on every build, nearly all of them the same after any edit. So ``build_kit`` plans its
kit inside :func:`remembered`, given the widths the last kit measured (kept in the build cache),
and the kit measures only what it has not seen. The bundled fonts and Pillow's version are in
the cache's stamp, so a remembered width is the one :func:`toolkit.render.fonts.text_width`
gives.

The widths are in force for the ``with`` block only (a context variable, reset when it ends):
no state outlives the build, and planning stays a function of its arguments.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from toolkit.render import fonts


class Widths:
    """(text, bold) → advance width in em: those given, and which of them a kit used."""

    def __init__(self, entry: bytes | None) -> None:
        self.known: dict[tuple[str, bool], float] = {}
        self.used: set[tuple[str, bool]] = set()
        if entry is not None:
            try:
                rows = json.loads(entry)
                self.known = {(str(t), bool(b)): float(w) for t, b, w in rows}
            except (ValueError, TypeError):
                self.known = {}
        self.given = frozenset(self.known)

    def width(self, text: str, size: float, bold: bool) -> float:
        key = (text, bool(bold))
        em = self.known.get(key)
        if em is None:
            em = self.known[key] = fonts.text_width(text, 1.0, bool(bold))
        self.used.add(key)
        return em * float(size)  # what fonts.text_width computes: the width at 1 pt, times size

    def learned(self) -> bytes | None:
        """The widths the kit used, as an entry for the next kit; None when they are the ones
        it was given (nothing to store)."""
        if self.used == self.given:
            return None
        rows = sorted([text, bold, self.known[text, bold]] for text, bold in self.used)
        return json.dumps(rows, ensure_ascii=False).encode("utf-8")


_current: ContextVar[Widths | None] = ContextVar("kit_text_widths", default=None)


@contextmanager
def remembered(entry: bytes | None) -> Iterator[Widths]:
    """Measure through the widths of ``entry`` (a damaged one is ignored) until the block
    ends; what was measured is then the ``Widths``' :meth:`~Widths.learned`."""
    widths = Widths(entry)
    token = _current.set(widths)
    try:
        yield widths
    finally:
        _current.reset(token)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """``fonts.text_width`` of ``text`` in the kit's condensed face, remembered when a kit is
    being planned inside :func:`remembered`."""
    widths = _current.get()
    if widths is None:
        return fonts.text_width(text, size, bold)
    return widths.width(text, size, bold)
