"""Positions: the pieces a setup puts in play, their faces, and control."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from tests.conftest import SOURCES
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.counter import UnknownFaceError
from toolkit.model.position import (
    Arrival,
    Piece,
    Position,
    format_piece_id,
    parse_piece_id,
    setup_face,
)
from toolkit.model.scenario import PieceState


def real_game(name: str) -> Game:
    """A game from sources/, failing the test with its diagnostics if it does not load."""
    result = load_game(SOURCES / name)
    assert result.game is not None, result.report.format_text()
    return result.game


@pytest.fixture(scope="module")
def engulfed() -> Game:
    """A block game."""
    return real_game("europe-engulfed")


@pytest.fixture
def meeting(minimal_hex: Game) -> Position:
    """minimal-hex's only scenario."""
    return Position.from_setup(minimal_hex, minimal_hex.setup("meeting"))


# -- piece ids ---------------------------------------------------------------------------------


def test_piece_ids_round_trip() -> None:
    assert format_piece_id("ge-infantry", 3) == "ge-infantry/3"
    assert parse_piece_id("ge-infantry/3") == ("ge-infantry", 3)


@pytest.mark.parametrize("text", ["ge-infantry", "/3", "ge-infantry/", "ge/0", "ge/x", "ge/-1"])
def test_bad_piece_ids_are_worded_errors(text: str) -> None:
    with pytest.raises(ValueError, match="is not a piece id"):
        parse_piece_id(text)


# -- from a setup ------------------------------------------------------------------------------


def test_placements_become_numbered_pieces(meeting: Position) -> None:
    assert meeting.pieces == (
        Piece("bl-1-inf/1", "bl-1-inf", "valley:0304", "front", "bl", 1),
        Piece("bl-2-inf/1", "bl-2-inf", "valley:0304", "front", "bl", 1),
        Piece("bl-3-arm/1", "bl-3-arm", "valley:0205", "front", "bl", 1),
        Piece("rd-1-inf/1", "rd-1-inf", "valley:0906", "front", "rd", 1),
        Piece("rd-1-inf/2", "rd-1-inf", "valley:0906", "front", "rd", 1),
        Piece("rd-2-art/1", "rd-2-art", "valley:1005", "front", "rd", 1),
    )
    assert (meeting.turn, meeting.phase, meeting.weather, meeting.arrivals) == (1, None, None, ())


def test_pieces_at_a_location_in_setup_order(meeting: Position) -> None:
    assert [p.id for p in meeting.pieces_at("valley:0906")] == ["rd-1-inf/1", "rd-1-inf/2"]
    assert meeting.pieces_at("valley:0101") == ()


def test_piece_by_id(meeting: Position) -> None:
    assert meeting.piece("rd-1-inf/2").location == "valley:0906"
    with pytest.raises(ValueError, match="no piece 'rd-1-inf/3' in this position"):
        meeting.piece("rd-1-inf/3")


def test_control_comes_from_the_setup(meeting: Position) -> None:
    assert meeting.controller("valley:0308") == "bl"
    assert meeting.controller("valley:1008") == "rd"
    assert meeting.controller("valley:0504") is None
    assert len(meeting.control) == 48


def test_setup_control_overrides_the_maps_owners() -> None:
    game = real_game("fatal-alliances")
    owned = next(loc for loc in game.locations.values() if loc.owner is not None)
    other = next(f.id for f in game.factions if f.id != owned.owner)
    setup = replace(game.setup("campaign-1914"), control=MappingProxyType({other: (owned.key,)}))
    assert Position.from_setup(game, game.setup("campaign-1914")).controller(owned.key) == (
        owned.owner
    )
    assert Position.from_setup(game, setup).controller(owned.key) == other


def test_position_is_immutable(meeting: Position) -> None:
    with pytest.raises(AttributeError):
        meeting.turn = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        meeting.control["valley:0101"] = "rd"  # type: ignore[index]


def test_piece_ids_are_unique() -> None:
    piece = Piece("a/1", "a", None, "front", None, 1)
    with pytest.raises(ValueError, match="piece id 'a/1' is used twice"):
        Position(pieces=(piece,), arrivals=(Arrival(3, piece),))


def test_blocks_stand_at_full_strength_unless_the_setup_gives_a_step(engulfed: Game) -> None:
    setup = engulfed.setup("campaign-1939")
    position = Position.from_setup(engulfed, setup)
    given = {
        (placement.at, piece.counter): piece.step
        for placement in setup.placements
        for piece in placement.pieces
    }
    blocks = [p for p in position.pieces if engulfed.counter(p.counter).block]
    assert {p.step for p in blocks} > {engulfed.counter(p.counter).steps for p in blocks}
    for piece in blocks:
        step = given[(piece.location, piece.counter)] or engulfed.counter(piece.counter).steps
        assert (piece.face, piece.step) == (f"step-{step}", step), piece


def test_reinforcements_arrive_off_the_map() -> None:
    game = real_game("distant-foreign-fields")
    setup = game.setup("example-1917")
    position = Position.from_setup(game, setup)
    placed = sum(p.count for placement in setup.placements for p in placement.pieces)
    assert len(position.pieces) == placed
    assert [a.turn for a in position.arrivals] == [
        r.turn for r in setup.reinforcements for p in r.pieces for _ in range(p.count)
    ]
    for arrival in position.arrivals:
        assert arrival.piece.location is None
        assert arrival.piece not in position.pieces
        assert position.piece(arrival.piece.id) == arrival.piece
    # 'back' is the counter turned over; its id is the drawing's name.
    assert {p.face for p in position.pieces} == {"front", "back"}


def test_weather_is_the_setups_weather_word() -> None:
    game = real_game("distant-foreign-fields")
    position = Position.from_setup(game, game.setup("grand-campaign"))
    assert position.weather == game.setup("grand-campaign").globals["weather"] == "fair"


# -- the face a setup names --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "step", "shown"),
    [
        ("front", None, "step-4"),
        ("front", 2, "step-2"),
        ("back", None, "hidden"),
        ("back", 2, "hidden"),
        ("hidden", None, "hidden"),
        ("step-3", None, "step-3"),
        ("front", 9, "step-4"),
    ],
    ids=["front", "front-step", "back", "back-step-stays-hidden", "id", "step-id", "no-such-step"],
)
def test_setup_face_of_a_block(engulfed: Game, face: str, step: int | None, shown: str) -> None:
    block = engulfed.counter("ge-infantry")
    assert setup_face(block, PieceState(block.id, face=face, step=step)).id == shown


@pytest.mark.parametrize(
    ("face", "step", "shown"),
    [("front", None, "front"), ("back", None, "back"), ("front", 1, "front")],
    ids=["front", "back", "step-of-a-one-step-unit"],
)
def test_setup_face_of_a_unit(minimal_hex: Game, face: str, step: int | None, shown: str) -> None:
    unit = minimal_hex.counter("bl-1-inf")
    assert setup_face(unit, PieceState(unit.id, face=face, step=step)).id == shown


def test_setup_face_unknown(minimal_hex: Game) -> None:
    with pytest.raises(ValueError, match="counter 'turn' has no back face"):
        setup_face(minimal_hex.counter("turn"), PieceState("turn", face="back"))
    with pytest.raises(UnknownFaceError):
        setup_face(minimal_hex.counter("turn"), PieceState("turn", face="hidden"))


def test_a_hidden_block_keeps_its_setups_step(engulfed: Game) -> None:
    setup = engulfed.setup("campaign-1939")
    placement = setup.placements[0]
    hidden = PieceState("ge-infantry", face="back", step=2)
    position = Position.from_setup(
        engulfed, replace(setup, placements=(replace(placement, pieces=(hidden,)),))
    )
    assert [(p.id, p.face, p.step) for p in position.pieces] == [("ge-infantry/1", "hidden", 2)]
