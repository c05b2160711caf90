"""Unit symbols, echelon marks and icons: well-formed, inside their boxes, distinct."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from toolkit.render.raster import svg_to_png
from toolkit.render.svg import svg_document
from toolkit.render.symbols import (
    ECHELON_MARKS,
    ECHELONS,
    ICON_TYPES,
    UNIT_TYPES,
    echelon_mark,
    echelon_width,
    icon,
    parse_echelon,
    parse_icon,
    parse_unit_type,
    unit_symbol,
)

from .contact_sheet import COMBINATIONS, build_contact_sheet
from .helpers import PX_PT, assert_inside, dark_pixels, ink_box_pt, parse, render

CANVAS = (48.0, 40.0)
BOX = (12.0, 12.0, 21.6, 14.4)  # the usual 0.3 in x 0.2 in symbol box, on the pixel grid
BOXES = [BOX, (6.0, 6.0, 36.0, 12.0), (12.0, 6.0, 14.4, 28.8), (12.0, 12.0, 7.2, 4.8)]
KINDS = list(UNIT_TYPES) + list(COMBINATIONS) + ["mountain+infantry", "gas+motorised"]


# ------------------------------------------------------------------------- unit symbols


@pytest.mark.parametrize("kind", KINDS)
def test_unit_symbol_is_well_formed_and_fills_its_box(kind: str) -> None:
    fragment = unit_symbol(kind, *BOX)
    parse(svg_document(*CANVAS, fragment))
    ink = ink_box_pt(fragment, *CANVAS)
    assert_inside(ink, BOX)
    assert ink is not None
    x, y, w, h = BOX
    # The frame's outer edge lies on the box: the symbol uses all of it.
    assert ink[0] <= x + PX_PT and ink[1] <= y + PX_PT
    assert ink[2] >= x + w - PX_PT and ink[3] >= y + h - PX_PT


@pytest.mark.parametrize("kind", UNIT_TYPES)
@pytest.mark.parametrize("box", BOXES[1:])
def test_unit_symbol_stays_inside_any_box(kind: str, box: tuple[float, ...]) -> None:
    assert_inside(ink_box_pt(unit_symbol(kind, *box), *CANVAS), box)


@pytest.mark.parametrize("kind", ["infantry", "headquarters+armour", "railway-gun", "gas"])
def test_heavy_lines_and_fill_stay_inside(kind: str) -> None:
    fragment = unit_symbol(kind, *BOX, stroke="#123456", fill="#ffcc00", line_width=2.5)
    assert 'fill="#ffcc00"' in fragment and 'stroke="#123456"' in fragment
    assert_inside(ink_box_pt(fragment, *CANVAS), BOX)


def test_every_unit_type_looks_different() -> None:
    """Each type has its own picture, except cavalry and reconnaissance, which APP-6 draws
    with the same diagonal."""
    seen: dict[bytes, str] = {}
    for kind in UNIT_TYPES:
        png = svg_to_png(svg_document(*CANVAS, unit_symbol(kind, *BOX)), 150)
        other = seen.setdefault(png, kind)
        if other != kind:
            assert {other, kind} == {"cavalry", "reconnaissance"}


def _dark_at(fragment: str, u: float, v: float) -> bool:
    """Is the point at fractions (u, v) of BOX dark? (3x3 pixel probe)."""
    img = render(fragment, *CANVAS, background="#fff")
    x, y, w, h = BOX
    cx, cy = round((x + u * w) / PX_PT), round((y + v * h) / PX_PT)
    return dark_pixels(img, (cx - 1, cy - 1, cx + 2, cy + 2)) > 0


def test_combinations() -> None:
    mech = unit_symbol("mechanised", *BOX)
    assert unit_symbol("armour+infantry", *BOX) == mech
    assert unit_symbol("Infantry + Armor", *BOX) == mech
    assert parse_unit_type("Mechanized") == ("mechanised",)
    assert parse_unit_type("armour+infantry+armour") == ("armour", "infantry")
    # Standalone "motorised" is motorised infantry; combined it only adds its own mark.
    assert _dark_at(unit_symbol("motorised", *BOX), 0.25, 0.25)
    assert not _dark_at(unit_symbol("artillery+motorised", *BOX), 0.25, 0.25)
    assert _dark_at(unit_symbol("artillery+motorised", *BOX), 0.5, 0.15)
    assert _dark_at(unit_symbol("mountain+infantry", *BOX), 0.25, 0.25)


@pytest.mark.parametrize(
    "bad", ["infantyr", "armour+infantyr", "", "+", "armour+", "dragoons", "armour++infantry"]
)
def test_unknown_unit_types_raise(bad: str) -> None:
    with pytest.raises(ValueError) as err:
        unit_symbol(bad, *BOX)
    assert "infantry" in str(err.value)


def test_unknown_unit_type_message_puts_close_matches_first() -> None:
    with pytest.raises(ValueError) as err:
        parse_unit_type("artilery")
    message = str(err.value)
    assert "did you mean 'artillery'" in message
    known = message.split("known: ")[1].split(", ")
    assert known[0] == "artillery" and set(known) == set(UNIT_TYPES)


def test_bad_boxes_raise() -> None:
    with pytest.raises(ValueError):
        unit_symbol("infantry", 0, 0, 0, 10)


# ----------------------------------------------------------------------------- echelons


def test_echelon_table() -> None:
    assert ECHELONS[0] == "team" and ECHELONS[-1] == "army-group" and len(ECHELONS) == 12
    assert ECHELON_MARKS["division"] == "XX" and ECHELON_MARKS["battalion"] == "||"
    assert ECHELON_MARKS["platoon"] == "•••" and ECHELON_MARKS["team"] == "ø"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("division", "division"),
        ("xx", "division"),
        ("XX", "division"),
        (" XXX ", "corps"),
        ("xxxxx", "army-group"),
        ("Army Group", "army-group"),
        ("army_group", "army-group"),
        ("II", "battalion"),
        ("||", "battalion"),
        ("iii", "regiment"),
        ("Bn", "battalion"),
        ("Coy", "company"),
        ("•••", "platoon"),
        ("..", "section"),
        ("ø", "team"),
        ("Ø", "team"),
        ("X", "brigade"),
        ("Bde", "brigade"),
    ],
)
def test_parse_echelon(text: str, expected: str) -> None:
    assert parse_echelon(text) == expected


@pytest.mark.parametrize("name", ECHELONS)
def test_parse_echelon_accepts_names_and_marks(name: str) -> None:
    assert parse_echelon(name) == name
    assert parse_echelon(name.upper()) == name
    assert parse_echelon(ECHELON_MARKS[name]) == name


@pytest.mark.parametrize("bad", ["xxxxxx", "legion", "", "||||", "divison"])
def test_unknown_echelons_raise(bad: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_echelon(bad)
    assert "army-group" in str(err.value)


def test_echelon_typo_suggests() -> None:
    with pytest.raises(ValueError, match="did you mean 'division'"):
        parse_echelon("divison")


@pytest.mark.parametrize("name", ECHELONS)
@pytest.mark.parametrize("height", [3.6, 6.0])
def test_echelon_mark_fills_its_box(name: str, height: float) -> None:
    cx, bottom = 24.0, 20.0
    width = echelon_width(name, height)
    fragment = echelon_mark(name, cx, bottom, height, color="#000")
    parse(svg_document(*CANVAS, fragment))
    box = (cx - width / 2, bottom - height, width, height)
    ink = ink_box_pt(fragment, *CANVAS)
    assert_inside(ink, box)
    assert ink is not None
    assert ink[3] - ink[1] >= 0.5 * height  # not a speck


def test_echelon_widths_grow_with_the_count() -> None:
    assert (
        echelon_width("brigade", 4) < echelon_width("division", 4) < echelon_width("army-group", 4)
    )
    assert echelon_width("company", 4) < echelon_width("regiment", 4)
    assert echelon_width("squad", 4) < echelon_width("platoon", 4)
    assert echelon_width("xx", 8) == pytest.approx(2 * echelon_width("xx", 4))


def test_echelon_marks_differ() -> None:
    pictures = {
        svg_to_png(svg_document(*CANVAS, echelon_mark(e, 24, 20, 5)), 150) for e in ECHELONS
    }
    assert len(pictures) == len(ECHELONS)


# -------------------------------------------------------------------------------- icons

ICON_BOX = (6.0, 6.0, 36.0, 28.8)


@pytest.mark.parametrize("kind", ICON_TYPES)
@pytest.mark.parametrize("stroke", ["none", "#000"])
def test_icon_is_well_formed_and_inside(kind: str, stroke: str) -> None:
    fragment = icon(kind, *ICON_BOX, fill="#456", stroke=stroke)
    parse(svg_document(*CANVAS, fragment))
    ink = ink_box_pt(fragment, *CANVAS)
    assert_inside(ink, ICON_BOX)
    assert ink is not None
    x, y, w, h = ICON_BOX
    # Fitted: the silhouette reaches across the box in at least one direction.
    assert ink[2] - ink[0] >= 0.85 * w or ink[3] - ink[1] >= 0.85 * h


@pytest.mark.parametrize("kind", ICON_TYPES)
@pytest.mark.parametrize("box", [(20.0, 4.0, 8.0, 32.0), (2.0, 16.0, 44.0, 8.0)])
def test_icon_inside_extreme_boxes(kind: str, box: tuple[float, ...]) -> None:
    assert_inside(ink_box_pt(icon(kind, *box, fill="#000", stroke="#f00"), *CANVAS), box)


def test_icons_have_similar_visual_weight() -> None:
    """No icon is a speck or a slab next to the others (ink coverage within 4x)."""
    cover = {}
    for kind in ICON_TYPES:
        img = render(icon(kind, 0, 0, 48, 40, fill="#000"), 48, 40, dpi=100)
        alpha = img.getchannel("A").histogram()
        cover[kind] = sum(count * level for level, count in enumerate(alpha)) / 255
    assert max(cover.values()) < 4 * min(cover.values()), cover


def test_icons_differ() -> None:
    pictures = {svg_to_png(svg_document(*CANVAS, icon(k, *ICON_BOX)), 150) for k in ICON_TYPES}
    assert len(pictures) == len(ICON_TYPES)


def test_icon_aliases_and_errors() -> None:
    assert parse_icon("Aircraft Carrier") == "carrier"
    assert parse_icon("AA Gun") == "aa-gun"
    assert parse_icon("factory") == "industrial-complex"
    with pytest.raises(ValueError, match="did you mean 'destroyer'"):
        icon("destroyr", *ICON_BOX)
    with pytest.raises(ValueError):
        icon("tank", 0, 0, -1, 5)


def test_icon_required_set() -> None:
    assert set(ICON_TYPES) >= {
        "infantry",
        "artillery",
        "tank",
        "fighter",
        "bomber",
        "battleship",
        "cruiser",
        "destroyer",
        "carrier",
        "transport",
        "submarine",
        "aa-gun",
        "industrial-complex",
    }


def test_unit_type_required_set() -> None:
    assert set(UNIT_TYPES) >= {
        "infantry",
        "cavalry",
        "armour",
        "mechanised",
        "motorised",
        "artillery",
        "mountain",
        "marine",
        "airborne",
        "engineer",
        "headquarters",
        "militia",
        "garrison",
        "fortress",
        "anti-tank",
        "reconnaissance",
        "anti-aircraft",
        "supply",
        "partisan",
        "gas",
        "railway-gun",
        "heavy-artillery",
        "siege-artillery",
        "naval",
        "air",
    }


# ------------------------------------------------------------------------ contact sheet


def test_contact_sheet_builds_and_renders() -> None:
    doc = build_contact_sheet()
    parse(doc)
    img = Image.open(io.BytesIO(svg_to_png(doc, 30)))
    assert img.size[0] > 100 and img.size[1] > 100
