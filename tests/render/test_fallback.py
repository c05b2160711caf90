"""Glyph fallback made explicit for cairo: CJK runs get the fallback face, nothing else changes."""

from __future__ import annotations

import io

from lxml import etree
from pypdf import PdfReader

from toolkit.kit.pdf import svg_to_pdf
from toolkit.render.fallback import FALLBACK_FAMILY, with_fallback_font
from toolkit.render.fonts import needs_fallback
from toolkit.render.svg import svg_document

SVG_NS = "{http://www.w3.org/2000/svg}"


def _text_of(svg: str) -> str:
    root = etree.fromstring(svg.encode("utf-8"))
    return "".join(root.find(f"{SVG_NS}text").itertext())  # type: ignore[union-attr]


def test_latin_and_cyrillic_documents_are_untouched() -> None:
    svg = svg_document(100, 20, '<text x="1" y="10">Łódź Київ Ωmega 4-4-3</text>')
    assert with_fallback_font(svg) is svg


def test_cjk_runs_are_set_in_the_fallback_face() -> None:
    svg = svg_document(200, 20, '<text x="1" y="10">Tokyo 東京 and <tspan>大阪</tspan> ok</text>')
    out = with_fallback_font(svg)
    assert _text_of(out) == _text_of(svg) == "Tokyo 東京 and 大阪 ok"
    root = etree.fromstring(out.encode("utf-8"))
    spans = [s for s in root.iter(f"{SVG_NS}tspan") if s.get("font-family") == FALLBACK_FAMILY]
    assert sorted(s.text for s in spans) == ["大阪", "東京"]


def test_only_characters_the_fallback_has_are_moved() -> None:
    assert needs_fallback("東") and needs_fallback("あ")
    assert not needs_fallback("A") and not needs_fallback("ж")
    assert not needs_fallback("서")  # Hangul is in neither face: DejaVu draws its box


def test_the_pdf_embeds_the_fallback_face_for_cjk() -> None:
    svg = svg_document(200, 40, '<text x="5" y="28" font-size="20">東京 Київ</text>')
    reader = PdfReader(io.BytesIO(svg_to_pdf(svg)))
    fonts = [
        str(f.get_object()["/BaseFont"]) for f in reader.pages[0]["/Resources"]["/Font"].values()
    ]
    assert any("DroidSansFallback" in name for name in fonts)
    assert any("DejaVuSansCondensed" in name for name in fonts)
