"""Running text over pages: no section ends on a page of a few lines. It is set a little
tighter when that spares the page, else the last two pages share the lines."""

from __future__ import annotations

from toolkit.kit import flow
from toolkit.kit.flow import Line
from toolkit.kit.paper import paper

LETTER = paper("letter")


def _lines(count: int) -> list[Line]:
    return [Line(f"line {i}") for i in range(count)]


def _per_page(bodies: list[str]) -> list[int]:
    return [body.count("<text") for body in bodies]


def _full_page() -> int:
    """How many body lines a page holds at the normal leading."""
    return _per_page(flow.paginate(_lines(200), LETTER))[0]


def test_a_page_of_a_few_lines_is_spared_by_setting_the_section_tighter() -> None:
    full = _full_page()
    bodies = flow.paginate(_lines(full + 3), LETTER)
    assert _per_page(bodies) == [full + 3]
    assert "line 0" in bodies[0] and f"line {full + 2}" in bodies[0]


def test_when_tightening_cannot_spare_it_the_last_two_pages_share_the_lines() -> None:
    full = _full_page()
    count = full + full // 4  # too many for one page even set tighter; a short tail
    per_page = _per_page(flow.paginate(_lines(count), LETTER))
    assert sum(per_page) == count and len(per_page) == 2
    assert abs(per_page[0] - per_page[1]) <= 1


def test_a_fair_last_page_is_left_as_it_is() -> None:
    full = _full_page()
    assert _per_page(flow.paginate(_lines(full + full // 2), LETTER)) == [full, full // 2]


def test_a_heading_moved_to_the_last_page_still_goes_with_its_lines() -> None:
    full = _full_page()
    half = (full + full // 4) // 2
    lines = _lines(half - 1) + [flow.heading("Heading"), *_lines(full // 4 + half)]
    bodies = flow.paginate(lines, LETTER)
    assert len(bodies) == 2
    assert "Heading" not in bodies[0] or bodies[0].rindex("Heading") < bodies[0].rindex("line")


def test_a_section_padded_to_even_pages_is_balanced_rather_than_squeezed() -> None:
    """The cover takes an even number of pages: squeezing two pages into one would only trade
    a page of contents for a blank one."""
    full = _full_page()
    per_page = _per_page(flow.paginate(_lines(full + 3), LETTER, even=True))
    assert len(per_page) == 2 and abs(per_page[0] - per_page[1]) <= 1
