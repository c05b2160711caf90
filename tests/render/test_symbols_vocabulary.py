"""The renderer draws exactly the vocabulary the loader accepts: every unit type, echelon and
icon the model knows has a picture, and symbols shares the model's names rather than a copy."""

from __future__ import annotations

import pytest

from toolkit.model import values
from toolkit.render import symbols
from toolkit.render.svg import svg_document

from .helpers import assert_inside, ink_box_pt, parse

CANVAS = (48.0, 40.0)
BOX = (12.0, 12.0, 21.6, 14.4)


def test_symbols_use_the_model_vocabulary() -> None:
    assert symbols.UNIT_TYPES is values.UNIT_TYPES
    assert symbols.ECHELONS is values.ECHELONS
    assert symbols.ICON_TYPES is values.ICON_TYPES
    assert tuple(symbols.ECHELON_MARKS) == values.ECHELONS


@pytest.mark.parametrize("kind", values.UNIT_TYPES)
def test_every_model_unit_type_is_drawn(kind: str) -> None:
    fragment = symbols.unit_symbol(values.parse_unit_type(kind), *BOX)
    parse(svg_document(*CANVAS, fragment))
    assert_inside(ink_box_pt(fragment, *CANVAS), BOX)


@pytest.mark.parametrize("echelon", values.ECHELONS)
def test_every_model_echelon_is_drawn(echelon: str) -> None:
    fragment = symbols.echelon_mark(echelon, 24, 20, 5)
    parse(svg_document(*CANVAS, fragment))
    assert ink_box_pt(fragment, *CANVAS) is not None


@pytest.mark.parametrize("kind", values.ICON_TYPES)
def test_every_model_icon_is_drawn(kind: str) -> None:
    box = (6.0, 6.0, 36.0, 28.8)
    fragment = symbols.icon(kind, *box, fill="#000")
    parse(svg_document(*CANVAS, fragment))
    assert_inside(ink_box_pt(fragment, *CANVAS), box)
    assert 0 < symbols.icon_reach(kind) <= 0.5 * (1 + symbols.icon_aspect(kind))


@pytest.mark.parametrize("text", ["XX", "ii", "Bn", "division", "Army Group", "•••", "ø"])
def test_symbols_read_every_echelon_the_loader_reads(text: str) -> None:
    assert symbols.parse_echelon(text) == values.parse_echelon(text)
