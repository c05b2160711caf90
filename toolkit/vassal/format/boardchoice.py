"""A map's board choice in a saved game: the command its ``BoardPicker`` restores.

VASSAL writes it (``VASSAL.build.module.map.BoardPicker.encode``) as a TAB sequence: the map's
name followed by ``BoardPicker``, then for each board a token, its x and its y. The board token
is a ``/`` sequence of its own: the board's name, then ``rev`` for a reversed board. So a board
named "Russia 1941/42" is written ``Russia 1941\\/42``; written as it is, VASSAL
(``BoardPicker.decode``) reads board "Russia 1941", finds no such board, and the map is shown
with no board at all: every piece on it lies off the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from toolkit.diagnostics import did_you_mean
from toolkit.vassal.format.codec import TAB, decode, encode

PICKER = "BoardPicker"
"""What follows the map's name in the first token of its board choice."""
REVERSED = "rev"
"""The second part of a board token, for a board turned upside down."""


@dataclass(frozen=True, slots=True)
class BoardChoice:
    """Which boards a saved game puts on one map, as VASSAL reads them."""

    map_name: str
    boards: tuple[str, ...]
    """The board names, each as VASSAL decodes it."""


def encode_board_choice(map_name: str, boards: Sequence[str]) -> str:
    """The command choosing ``boards`` for the map, each at (0, 0), none reversed."""
    tokens = [map_name + PICKER]
    for board in boards:
        tokens += [encode([board], "/"), "0", "0"]
    return encode(tokens, TAB)


def decode_board_choice(command: str, map_names: Iterable[str]) -> BoardChoice | None:
    """The board choice ``command`` holds for one of ``map_names`` (the first the command
    starts with, as VASSAL asks each map's picker in turn), or None if it holds none."""
    owner = next((m for m in map_names if command.startswith(m + PICKER + TAB)), None)
    if owner is None:
        return None
    tokens = decode(command, TAB)[1:]
    boards = tuple(decode(token, "/")[0] for token in tokens[::3])
    return BoardChoice(owner, boards)


def unknown_boards(commands: Iterable[str], boards: Mapping[str, Iterable[str]]) -> list[str]:
    """One sentence per board a save's board choice names that its map does not have
    (``boards``: each map's board names): VASSAL leaves that map with no board."""
    problems = []
    for command in commands:
        if PICKER + TAB not in command or command.startswith("+/"):
            continue
        choice = decode_board_choice(command, boards)
        if choice is None:
            continue
        known = list(boards[choice.map_name])
        for board in choice.boards:
            if board not in known:
                problems.append(
                    f"the board choice of map {choice.map_name!r} names board {board!r},"
                    f" which the map does not have{did_you_mean(board, known, limit=1)}:"
                    " VASSAL shows the map with no board, every piece on it off the board"
                )
    return problems
