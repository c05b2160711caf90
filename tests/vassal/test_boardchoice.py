"""A map's board choice, as VASSAL's BoardPicker writes and reads it: a board name is a '/'
sequence of its own, so a '/' in it is escaped, or VASSAL picks no board and every piece on
the map lies off the board."""

from __future__ import annotations

import pytest

from toolkit.vassal.format.boardchoice import (
    decode_board_choice,
    encode_board_choice,
    unknown_boards,
)
from toolkit.vassal.format.codec import TAB

NAMES = ["Russia 1941/42", "A;B", "<b>&amp;", "rev/rev", "Back\\slash", "'quoted'", "plain"]


@pytest.mark.parametrize("name", NAMES)
def test_a_board_name_comes_back_as_written(name: str) -> None:
    command = encode_board_choice(name, [name])
    choice = decode_board_choice(command, [name])
    assert choice is not None
    assert (choice.map_name, choice.boards) == (name, (name,))
    assert unknown_boards([command], {name: [name]}) == []


def test_the_slash_is_escaped_as_vassal_writes_it() -> None:
    """BoardPicker.encode: SE(TAB)[map + 'BoardPicker', SE('/')[board, 'rev'?], x, y]."""
    assert encode_board_choice("Russia 1941/42", ["Russia 1941/42"]) == (
        f"Russia 1941/42BoardPicker{TAB}Russia 1941\\/42{TAB}0{TAB}0"
    )


def test_an_unescaped_slash_names_another_board() -> None:
    command = f"Russia 1941/42BoardPicker{TAB}Russia 1941/42{TAB}0{TAB}0"
    choice = decode_board_choice(command, ["Russia 1941/42"])
    assert choice is not None and choice.boards == ("Russia 1941",)
    assert unknown_boards(["begin_save", command], {"Russia 1941/42": ["Russia 1941/42"]}) == [
        "the board choice of map 'Russia 1941/42' names board 'Russia 1941', which the map does"
        " not have (did you mean 'Russia 1941/42'?): VASSAL shows the map with no board, every"
        " piece on it off the board"
    ]


def test_a_choice_for_another_map_or_no_choice_is_not_read() -> None:
    assert decode_board_choice(f"OtherBoardPicker{TAB}X{TAB}0{TAB}0", ["Main"]) is None
    assert decode_board_choice("SETUP_STACK\t", ["Main"]) is None
    assert unknown_boards([f"OtherBoardPicker{TAB}X{TAB}0{TAB}0"], {"Main": ["Main"]}) == []
