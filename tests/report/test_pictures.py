"""Drawing positions for a report: close-ups of moves on large boards."""

from __future__ import annotations

from toolkit.report.pictures import close_up
from toolkit.report.story import Move


def test_a_large_board_is_cropped_around_the_moves_on_it() -> None:
    moves = [Move("west", (1000, 1200), (1300, 1100), "1st Corps"), Move("east", None, (5, 5), "x")]
    assert close_up((4000, 3000), moves, "west", margin=100) == (900, 1000, 500, 300)


def test_the_close_up_stays_on_the_board() -> None:
    moves = [Move("west", None, (50, 2950), "1st Corps")]
    assert close_up((4000, 3000), moves, "west", margin=100) == (0, 2850, 150, 150)


def test_a_small_board_or_no_move_has_no_close_up() -> None:
    moves = [Move("west", (10, 10), (300, 300), "1st Corps")]
    assert close_up((1200, 900), moves, "west") is None
    assert close_up((4000, 3000), moves, "east") is None
