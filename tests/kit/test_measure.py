"""The kit's text widths, remembered from one build to the next."""

from __future__ import annotations

from toolkit.kit import measure
from toolkit.render.fonts import text_width


def test_a_width_is_the_one_the_fonts_give() -> None:
    cases = (("Setup: Barbarossa", 16, True), ("1 × Unit 5 [Reich]", 9.5, False))
    with measure.remembered(None):
        for text, size, bold in cases:
            assert measure.text_width(text, size, bold) == text_width(text, size, bold)
    for text, size, bold in cases:  # outside a kit's planning: measured as they are
        assert measure.text_width(text, size, bold) == text_width(text, size, bold)


def test_a_kit_learns_what_it_measured_and_the_next_one_measures_nothing_again() -> None:
    with measure.remembered(None) as first:
        measure.text_width("page 1 of 9", 7)
    entry = first.learned()
    assert entry is not None
    with measure.remembered(entry) as second:
        assert measure.text_width("page 1 of 9", 7) == text_width("page 1 of 9", 7)
    assert second.learned() is None  # the same widths: nothing to store again
    with measure.remembered(entry) as third:
        measure.text_width("page 2 of 9", 7)
    assert third.learned() is not None


def test_a_damaged_entry_is_ignored() -> None:
    for entry in (b"[[1, 2", b'[["x", false, "wide"]]'):
        with measure.remembered(entry):
            assert measure.text_width("x", 10) == text_width("x", 10)
