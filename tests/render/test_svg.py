"""Escaping, attribute rendering, number formatting and the document wrapper."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.render.fonts import FONT_FAMILY
from toolkit.render.svg import attrs, clean_text, esc, fmt, svg_document

from .helpers import dark_pixels, parse, render

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = [
    "<script>alert(1)</script>",
    "Smith & Sons",
    "\"double\" and 'single' quotes",
    "tab\there",
    "semi;colon",
    "Łódź",
    "Київ",
    "東京",
    "]]> <!-- --> <![CDATA[",
    "&amp; already escaped",
    "bell\x07 null\x00 esc\x1b",
    "line\nbreak\r\n",
]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("a<b>c", "a&lt;b&gt;c"),
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ('say "hi"', "say &quot;hi&quot;"),
        ("it's", "it&#39;s"),
        ("a\tb", "a&#9;b"),
        ("a\nb", "a&#10;b"),
        ("bell\x07", "bell"),
        ("\x00\x1f\ufffe", ""),
        ("Łódź Київ 東京", "Łódź Київ 東京"),
        (42, "42"),
    ],
)
def test_esc(raw: object, expected: str) -> None:
    assert esc(raw) == expected


@given(st.text())
def test_esc_round_trips_through_a_parser_as_text_and_attribute(text: str) -> None:
    root = parse(f'<g xmlns="http://www.w3.org/2000/svg" id="{esc(text)}">{esc(text)}</g>')
    assert root.get("id") == clean_text(text)
    assert (root.text or "") == clean_text(text)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, "0"),
        (-0.0, "0"),
        (-0.0001, "0"),
        (1.0, "1"),
        (1.5, "1.5"),
        (2.25, "2.25"),
        (1 / 3, "0.333"),
        (-2 / 3, "-0.667"),
        (12.0004, "12"),
        (12.0006, "12.001"),
        (100, "100"),
        (1e6, "1000000"),
    ],
)
def test_fmt(value: float, expected: str) -> None:
    assert fmt(value) == expected


@given(st.floats(min_value=-1e9, max_value=1e9, allow_nan=False))
def test_fmt_is_compact_and_close(value: float) -> None:
    text = fmt(value)
    assert text != "-0"
    assert abs(float(text) - value) <= 0.0005 + 1e-9 * abs(value)
    if "." in text:
        assert not text.endswith("0") and len(text.split(".")[1]) <= 3


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_fmt_rejects_non_finite(bad: float) -> None:
    with pytest.raises(ValueError):
        fmt(bad)


def test_attrs_sorted_converted_and_dropping_none() -> None:
    out = attrs(y=2.50, x=1, stroke_width=0.5, fill=None, class_="hex", xlink_href="#a")
    assert out == ' class="hex" stroke-width="0.5" x="1" xlink:href="#a" y="2.5"'
    assert attrs() == ""
    assert attrs(title='a "b" <c>') == ' title="a &quot;b&quot; &lt;c&gt;"'


def test_attrs_rejects_booleans() -> None:
    with pytest.raises(TypeError):
        attrs(visible=True)


def test_document_root() -> None:
    doc = svg_document(36, 18.5, '<rect width="1" height="1"/>', defs="<g/>", title="T")
    root = parse(doc)
    assert root.tag == f"{SVG}svg"
    assert root.get("width") == "36pt" and root.get("height") == "18.5pt"
    assert root.get("viewBox") == "0 0 36 18.5"
    assert root.get("font-family").startswith(FONT_FAMILY)
    assert root.get("font-stretch") == "condensed"
    assert [child.tag for child in root] == [f"{SVG}title", f"{SVG}defs", f"{SVG}rect"]


@pytest.mark.parametrize(("w", "h"), [(0, 10), (10, -1), (math.nan, 10)])
def test_document_rejects_bad_sizes(w: float, h: float) -> None:
    with pytest.raises(ValueError):
        svg_document(w, h, "")


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_names_stay_well_formed_and_render(name: str) -> None:
    body = (
        f"<g{attrs(id='u1', data_name=name)}>"
        f"<text{attrs(x=4, y=20, font_size=12, fill='#000')}>{esc(name)}</text></g>"
    )
    doc = svg_document(200, 30, body, title=name)
    root = parse(doc)
    assert root.find(f"{SVG}title").text == clean_text(name)
    assert root.find(f"{SVG}g").get("data-name") == clean_text(name)
    visible = clean_text(name).strip()
    img = render(body, 200, 30)
    if visible:
        assert dark_pixels(img) > 20, "the name did not render"
