"""The kit's text widths, remembered from one build to the next."""

from __future__ import annotations

from toolkit.kit import measure
from toolkit.render.fonts import text_width


def test_a_width_is_the_one_the_fonts_give() -> None:
    measure.remember(None)
    for text, size, bold in (("Setup: Barbarossa", 16, True), ("1 × Unit 5 [Reich]", 9.5, False)):
        assert measure.text_width(text, size, bold) == text_width(text, size, bold)


def test_a_kit_learns_what_it_measured_and_the_next_one_measures_nothing_again() -> None:
    measure.remember(None)
    measure.text_width("page 1 of 9", 7)
    entry = measure.learned()
    assert entry is not None
    measure.remember(entry)
    assert measure.text_width("page 1 of 9", 7) == text_width("page 1 of 9", 7)
    assert measure.learned() is None  # the same widths: nothing to store again
    measure.text_width("page 2 of 9", 7)
    assert measure.learned() is not None


def test_a_damaged_entry_is_ignored() -> None:
    measure.remember(b"[[1, 2")
    assert measure.text_width("x", 10) == text_width("x", 10)
    measure.remember(b'[["x", false, "wide"]]')
    assert measure.text_width("x", 10) == text_width("x", 10)
