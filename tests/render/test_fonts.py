"""The bundled fonts ship with their licence, and text measurement agrees with resvg."""

from __future__ import annotations

import os

import pytest

from toolkit.render import fonts
from toolkit.render.fonts import (
    FONT_FAMILY,
    font_files,
    font_metrics,
    font_path,
    text_extent,
    text_width,
)
from toolkit.render.svg import attrs, esc

from .helpers import render

SAMPLES = [
    "Hello World",
    "AVATAR To Wa",
    "4-6-8",
    "Łódź",
    "Київ",
    "Kampfgruppe Peiper",
    "東京",
    "Tokyo 東京",
    "서울",
]


def test_font_files_are_bundled_absolute_and_sorted() -> None:
    files = font_files()
    assert len(files) == 7  # four DejaVu faces, two condensed obliques, the fallback
    assert files == sorted(files)
    for path in files:
        assert os.path.isabs(path) and os.path.isfile(path)
        assert os.path.dirname(path) == str(fonts.FONT_DIR)
    assert font_path(bold=True) in files
    assert font_path(bold=True, italic=True) in files


def test_licence_ships_next_to_the_fonts() -> None:
    text = (fonts.FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in text
    assert "Arev Fonts Copyright" in text
    assert "DejaVu changes are in public domain" in text
    droid = (fonts.FONT_DIR / "LICENSE-DroidSansFallback.txt").read_text(encoding="utf-8")
    assert "Apache License" in droid and "Version 2.0" in droid


def test_family_name() -> None:
    assert FONT_FAMILY == "DejaVu Sans Condensed"


def test_width_scales_linearly_and_orders_faces() -> None:
    assert text_width("", 10) == 0.0
    w10 = text_width("Panzer", 10)
    assert w10 > 0
    assert text_width("Panzer", 20) == pytest.approx(2 * w10)
    assert text_width("Panzer", 10, bold=True) > w10
    assert text_width("Panzer", 10, condensed=False) > w10
    assert text_width("Panzer Lehr", 10) > w10


def test_whitespace_controls_measure_like_spaces() -> None:
    assert text_width("a\tb\nc", 10) == pytest.approx(text_width("a b c", 10))


def test_extent_uses_the_actual_glyphs() -> None:
    width, ascent, descent = text_extent("ace", 10)
    assert width == pytest.approx(text_width("ace", 10))
    _, cap_ascent, _ = text_extent("A", 10)
    assert 0 < ascent < cap_ascent < 10
    assert descent == pytest.approx(0, abs=0.2)
    assert text_extent("gjpq", 10)[2] > 1.5
    assert text_extent("   ", 10)[1:] == (0.0, 0.0)
    face_ascent, face_descent = font_metrics(10)
    assert face_ascent >= cap_ascent and face_descent > 0


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("bold", [False, True])
def test_width_matches_resvg_advance(text: str, bold: bool) -> None:
    """Anchor the same string at its start and, shifted by text_width, at its end: if our
    advance equals resvg's, both renderings put the ink in the same place."""
    size, x0 = 14.0, 10.0
    weight = "bold" if bold else None
    start = f"<text{attrs(x=x0, y=30, font_size=size, font_weight=weight)}>{esc(text)}</text>"
    shifted = attrs(
        x=x0 + text_width(text, size, bold),
        y=30,
        font_size=size,
        font_weight=weight,
        text_anchor="end",
    )
    end = f"<text{shifted}>{esc(text)}</text>"
    a = render(start, 200, 40).getchannel("A").getbbox()
    b = render(end, 200, 40).getchannel("A").getbbox()
    assert a is not None and b is not None
    for ea, eb in zip(a, b, strict=True):
        assert abs(ea - eb) <= 1, (a, b)


@pytest.mark.parametrize("text", SAMPLES)
def test_extent_bounds_the_rendered_ink(text: str) -> None:
    """The promise counters rely on: ink stays within width x (ascent + descent)."""
    size, x0, base = 14.0, 10.0, 30.0
    width, ascent, descent = text_extent(text, size)
    img = render(f"<text{attrs(x=x0, y=base, font_size=size)}>{esc(text)}</text>", 200, 40)
    box = img.getchannel("A").point(lambda a: 255 if a > 8 else 0).getbbox()
    assert box is not None
    px = 72 / 300
    assert box[0] * px >= x0 - 1.0
    assert box[2] * px <= x0 + width + 1.0
    assert box[1] * px >= base - ascent - 2 * px
    assert box[3] * px <= base + descent + 2 * px
