"""Saved games read back: what the game does not know is reported, never dropped silently."""

from __future__ import annotations

import pytest

from tests.conftest import load_fixture
from toolkit.model import Game
from toolkit.render.artwork import draw_artwork
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.traits import Chain, basic_piece, marker
from toolkit.vassal.read.positions import place_at, position_from_stream
from toolkit.vassal.write.module import game_boards
from toolkit.vassal.write.pieces import piece_def
from toolkit.vassal.write.saves import PlacedPiece, PlacedStack, save_stream
from toolkit.workers import Workers


@pytest.fixture(scope="module")
def game() -> Game:
    return load_fixture("minimal-hex")


@pytest.fixture(scope="module")
def boards(game: Game) -> list[Board]:
    with Workers(game) as workers:
        return game_boards(game, draw_artwork(game, workers, counters=False), dpi=150)


def _stream(board: Board, pieces: list[tuple[PlacedPiece, tuple[int, int]]]) -> str:
    stacks = [PlacedStack(board.name, at, (piece,)) for piece, at in pieces]
    return save_stream(stacks, [(board.name, board.name)])


def test_a_piece_on_a_hex_reads_as_that_hex(game: Game, boards: list[Board]) -> None:
    board = boards[0]
    x, y = board.centres["0506"]
    assert place_at(board, x + 7, y - 5) == "0506"
    piece = PlacedPiece(Chain.of(piece_def(game.counter("bl-1-inf")).traits), 1)
    reading = position_from_stream(game, boards, _stream(board, [(piece, (x + 7, y - 5))]))
    assert reading.problems == ()
    (read,) = reading.position.pieces
    assert (read.id, read.counter, read.location, read.face) == (
        "bl-1-inf/1",
        "bl-1-inf",
        "valley:0506",
        "front",
    )


def test_what_the_game_does_not_know_is_reported(game: Game, boards: list[Board]) -> None:
    board = boards[0]
    at = board.centres["0101"]
    stranger = PlacedPiece(Chain.of((marker([("Colour", "red")]), basic_piece("Stranger"))), 9)
    impostor = PlacedPiece(
        Chain.of((marker([("CounterId", "no-such")]), basic_piece("Impostor"))), 9
    )
    reading = position_from_stream(game, boards, _stream(board, [(stranger, at), (impostor, at)]))
    assert reading.position.pieces == ()
    assert reading.problems == (
        "piece 'Stranger' is not a counter of this game (it has no CounterId)",
        "piece 'Impostor' names counter 'no-such', which this game does not have",
    )


def test_a_piece_on_an_unknown_map_is_reported(game: Game, boards: list[Board]) -> None:
    piece = PlacedPiece(Chain.of(piece_def(game.counter("bl-1-inf")).traits), 1)
    stream = save_stream([PlacedStack("Atlantis", (10, 10), (piece,))], [])
    reading = position_from_stream(game, boards, stream)
    assert reading.problems == (
        "piece '1st Infantry' is on map 'Atlantis', which this game does not have",
    )
