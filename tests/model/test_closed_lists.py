"""Every closed list a source picks from names its choices and suggests the nearest one, as the
references to ids do: a designer who writes 'armor' learns both the spelling and the list."""

from __future__ import annotations

import pytest

from toolkit.load.counters import check_field_value
from toolkit.model.counter import FieldSpec
from toolkit.model.values import ECHELONS, ICON_TYPES, UNIT_TYPES, parse_echelon, parse_unit_type


def test_unknown_unit_type_suggests_and_lists() -> None:
    with pytest.raises(ValueError) as caught:
        parse_unit_type("infantry+armor")
    message = str(caught.value)
    assert "'armor' is not a unit type (did you mean 'armour'" in message
    assert all(kind in message for kind in UNIT_TYPES)


def test_unknown_echelon_suggests_and_lists() -> None:
    with pytest.raises(ValueError) as caught:
        parse_echelon("divison")
    message = str(caught.value)
    assert "(did you mean 'division'" in message
    assert all(echelon in message for echelon in ECHELONS)


def test_unknown_icon_lists_the_icons() -> None:
    with pytest.raises(ValueError) as caught:
        check_field_value(FieldSpec("figure", "icon"), "tnak")
    message = str(caught.value)
    assert "did you mean 'tank'" in message
    assert all(icon in message for icon in ICON_TYPES)
