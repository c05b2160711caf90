"""Colour distances as everyone and as colour-blind players see them: CIEDE2000 against the
published test pairs, and the deficiency simulation's known confusions."""

from __future__ import annotations

import pytest

from toolkit.model.colourvision import MIN_DISTANCE, ciede2000, collapses, distance, simulate


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [  # Sharma, Wu and Dalal (2005), test pairs 1, 7 and 17
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ],
)
def test_ciede2000_matches_the_published_pairs(
    first: tuple[float, float, float], second: tuple[float, float, float], expected: float
) -> None:
    assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)


def test_grey_looks_the_same_to_everyone() -> None:
    for deficiency in ("protanopia", "deuteranopia", "tritanopia"):
        assert simulate((0.5, 0.5, 0.5), deficiency) == pytest.approx((0.5, 0.5, 0.5), abs=1e-3)


def test_red_and_green_collapse_for_red_green_deficiencies_only() -> None:
    red, green = "#cc3333", "#558b2f"
    assert distance(red, green) > 3 * MIN_DISTANCE
    found = dict(collapses(red, green))
    assert set(found) <= {"protanopia", "deuteranopia"} and found


def test_blue_and_orange_stay_apart_for_everyone() -> None:
    assert collapses("#1f4e9c", "#e69f00") == []


def test_colours_alike_to_everyone_are_not_a_colour_vision_finding() -> None:
    assert collapses("#cc3333", "#cc3434") == []
