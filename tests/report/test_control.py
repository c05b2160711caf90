"""What a report reads in a log besides the moves: combats called, places changing hands, and
the turn's summary that counts them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.conftest import load_fixture
from toolkit.catalogue import ENGLISH, words
from toolkit.model import Game
from toolkit.model.position import Piece, Position, start_control
from toolkit.report.control import combats_called, hands_changed
from toolkit.report.story import Move, Step
from toolkit.report.summary import summarise


@pytest.fixture(scope="module")
def game() -> Game:
    """Blue holds Millbrook (0304), Red holds Redtown (0906); Hilltop (0802) is Red's too."""
    return load_fixture("cards-hex")


def _at(*pieces: tuple[str, str, str | None]) -> Position:
    return Position(
        tuple(
            Piece(piece_id, piece_id.split("/")[0], where, "front", owner, 1)
            for piece_id, owner, where in pieces
        )
    )


def test_a_place_changes_hands_when_the_other_side_stands_in_it_alone(game: Game) -> None:
    begun = start_control(game, game.setups[0])
    positions = [
        _at(("rd-1-inf/1", "rd", "valley:0906"), ("bl-1-inf/1", "bl", "valley:0304")),
        # Blue enters Redtown beside Red: contested, nobody takes it
        _at(("rd-1-inf/1", "rd", "valley:0906"), ("bl-1-inf/1", "bl", "valley:0906")),
        # Red leaves: Blue stands there alone
        _at(("rd-1-inf/1", "rd", "valley:0805"), ("bl-1-inf/1", "bl", "valley:0906")),
        # Blue moves on to Hilltop, Red's by the setup; Redtown stays Blue's, empty
        _at(("rd-1-inf/1", "rd", "valley:0805"), ("bl-1-inf/1", "bl", "valley:0802")),
        # a bare hex never changes hands, and a piece of no side takes nothing
        _at(("rd-1-inf/1", "rd", "valley:0304"), ("mk/1", None, "valley:0802")),
    ]
    assert hands_changed(game, positions, begun) == [
        (),
        ("Redtown",),
        ("Hilltop",),
        ("Millbrook",),
    ]


def test_who_stands_alone_when_the_log_begins_holds_the_place(game: Game) -> None:
    """A log taken up mid-game: Red already stands in Millbrook, which the setup gave Blue."""
    positions = [
        _at(("rd-1-inf/1", "rd", "valley:0304")),
        _at(("rd-1-inf/1", "rd", "valley:0305")),
        _at(("bl-1-inf/1", "bl", "valley:0304")),
    ]
    begun = start_control(game, game.setups[0])
    assert hands_changed(game, positions, begun) == [(), ("Millbrook",)]


def test_combats_are_the_calls_in_the_chat() -> None:
    chat = [
        "<Red> - Combat at 0705 from 0806 by Red on 2:1",
        "** 2d6 = 3,5 *** <Red>",
        "<Blue> - the combat at dawn was hard",
        "* Combat à Redtown depuis 0805",
    ]
    assert combats_called(chat) == ("0705", "Redtown")


def _step(number: int, moved: bool, combats: tuple[str, ...], taken: tuple[str, ...]) -> Step:
    moves = (Move("valley", (0, 0), (1, 1), "1st Rifles"),) if moved else ()
    return Step(number, "Turn 3", (), moves, (), (), (), (), combats, taken)


def test_the_summary_counts_combats_and_names_places_that_changed_hands() -> None:
    steps = [
        _step(1, True, (), ()),
        _step(2, True, ("0705",), ("Redtown",)),
        _step(3, False, ("Hilltop", "0806"), ("Hilltop", "Redtown")),
    ]
    (summary,) = summarise(steps, ENGLISH)
    assert summary.text(ENGLISH) == (
        "Turn 3: 2 moves, 3 combats, 0 dice rolls, Redtown and Hilltop changed hands;"
        " no rule broken"
    )
    data = summary.to_json(ENGLISH)
    assert (data["combats"], data["changed_hands"]) == (3, ["Redtown", "Hilltop"])


def test_a_french_summary_is_french_and_its_json_keys_stay_the_same() -> None:
    steps = [_step(0, False, (), ()), _step(1, True, ("0705",), ("Redtown",))]
    steps = [replace(steps[0], turn=""), replace(steps[1], turn="")]
    french = words("fr")
    (summary,) = summarise(steps, french)
    assert summary.text(french) == (
        "Avant le premier tour\u00a0: 1 déplacement, 1 combat, 0 jets de dés,"
        " Redtown change de camp\u202f; aucune règle enfreinte"
    )
    assert summary.to_json(french).keys() == summary.to_json(ENGLISH).keys()
