"""Glyph fallback for renderers that cannot do it themselves.

resvg falls back per glyph to the bundled Droid Sans Fallback (Chinese, Japanese); cairo's text
API, which cairosvg uses for the kit's PDF, draws a whole text element in one face. So before an
SVG goes to cairosvg, runs of characters only the fallback face has are wrapped in a ``<tspan>``
naming that face. The drawing stays the same; only the font that holds each glyph is explicit.
"""

from __future__ import annotations

import re

from lxml import etree  # type: ignore[import-untyped]

from toolkit.render.fonts import needs_fallback

FALLBACK_FAMILY = "Droid Sans Fallback"
"""The family name fontconfig knows for the bundled fallback face."""

_SVG = "{http://www.w3.org/2000/svg}"
_MAYBE = re.compile("[\u0530-\U0010ffff]")
"""Below U+0530 DejaVu has every glyph; most documents need no work at all."""


def _pieces(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into (run, needs the fallback face) pieces."""
    pieces: list[tuple[str, bool]] = []
    for char in text:
        flag = needs_fallback(char)
        if pieces and pieces[-1][1] == flag:
            pieces[-1] = (pieces[-1][0] + char, flag)
        else:
            pieces.append((char, flag))
    return pieces


def _fallback_span(text: str) -> etree._Element:
    span = etree.Element(f"{_SVG}tspan", {"font-family": FALLBACK_FAMILY})
    span.text = text
    return span


def _split_text(element: etree._Element) -> bool:
    """Wrap the fallback runs of an element's own text; True when anything changed."""
    pieces = _pieces(element.text or "")
    if not any(flag for _, flag in pieces):
        return False
    element.text = None
    previous: etree._Element | None = None
    inserted = 0
    for run, flag in pieces:
        if flag:
            previous = _fallback_span(run)
            element.insert(inserted, previous)
            inserted += 1
        elif previous is None:
            element.text = run
        else:
            previous.tail = run
    return True


def _split_tail(element: etree._Element) -> bool:
    """Wrap the fallback runs of the text that follows a tspan (it belongs to the parent)."""
    pieces = _pieces(element.tail or "")
    if not any(flag for _, flag in pieces):
        return False
    parent = element.getparent()
    element.tail = None
    at = parent.index(element) + 1
    last = element
    for run, flag in pieces:
        if flag:
            span = _fallback_span(run)
            parent.insert(at, span)
            at += 1
            last = span
        else:
            last.tail = (last.tail or "") + run
    return True


def with_fallback_font(svg: str) -> str:
    """``svg`` with every run of fallback-only characters set explicitly in the fallback face."""
    if not _MAYBE.search(svg):
        return svg
    root = etree.fromstring(svg.encode("utf-8"))
    changed = False
    for element in list(root.iter(f"{_SVG}text", f"{_SVG}tspan")):
        changed |= _split_text(element)
        if element.tag == f"{_SVG}tspan":
            changed |= _split_tail(element)
    return etree.tostring(root, encoding="unicode") if changed else svg
