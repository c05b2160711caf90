"""Checking a turn: every case file pairs two positions and names the rules the moves break."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.conftest import load_fixture
from tests.rules.helpers import game, position, read_cases
from toolkit.model.position import Position
from toolkit.model.rules import Rule
from toolkit.rules.context import Situation
from toolkit.rules.registry import CHECKS
from toolkit.rules.turn import ARRIVAL, ENTERED, LEFT, Move, check_moves, check_steps, list_moves
from toolkit.rules.violations import Violation, violation

MOVES = read_cases("moves")


def _positions(case: dict[str, Any]) -> tuple[Position, Position]:
    the_game = game(case["game"])
    weather = case.get("weather")
    return (
        position(the_game, case["before"], weather=weather),
        position(the_game, case["after"], weather=weather),
    )


@pytest.mark.parametrize("case", [c for _, c in MOVES], ids=[name for name, _ in MOVES])
def test_move_case(case: dict[str, Any]) -> None:
    before, after = _positions(case)
    found = check_moves(game(case["game"]), before, after)
    assert sorted(v.rule for v in found) == sorted(case["expect"]), [v.message for v in found]
    for v in found:
        if v.rule not in (ENTERED, LEFT):
            assert v.cite == game(case["game"]).rule(v.rule).cite


def test_every_game_with_movement_rules_has_a_legal_and_an_illegal_case() -> None:
    games = {c["game"] for _, c in MOVES}
    for name in games:
        kinds = {bool(c["expect"]) for _, c in MOVES if c["game"] == name}
        assert kinds == {True, False}, name


def test_a_move_beyond_the_allowance_says_so_with_the_citation() -> None:
    the_game = game("rules-hex")
    before = position(the_game, {"bl-1-inf/1": "front:0103"}, weather="mud")
    after = position(the_game, {"bl-1-inf/1": "front:0105"}, weather="mud")
    assert check_moves(the_game, before, after) == [
        Violation(
            rule="movement",
            cite="5.1",
            severity="error",
            message="1st Infantry (bl-1-inf/1) cannot move from Bluetown (The Front 0103) to"
            " The Front 0105: the cheapest path costs 4 movement points and its allowance is 3.",
            locations=("front:0103", "front:0105"),
            pieces=("bl-1-inf/1",),
        )
    ]


def test_a_move_with_no_open_path_names_what_closes_it() -> None:
    the_game = game("rules-hex")
    before = position(the_game, {"bl-3-arm/1": "front:0403"})
    after = position(the_game, {"bl-3-arm/1": "front:0404"})
    (found,) = check_moves(the_game, before, after)
    assert found.message == (
        "3rd Armoured (bl-3-arm/1) cannot move from The Front 0403 to The Front 0404: no path"
        " open to it reaches there (prohibited terrain or hexsides on the way)."
    )


def test_a_move_stopped_by_a_zone_cites_the_zoc_rule() -> None:
    (_, case) = next(c for c in MOVES if c[0] == "hex-zoc-stops")
    before, after = _positions(case)
    (found,) = check_moves(game("rules-hex"), before, after)
    assert (found.rule, found.cite) == ("zoc", "6.1")
    assert found.message.endswith(
        "enemy zones of control on every path within its allowance end its move earlier."
    )


def test_moves_are_listed_by_piece() -> None:
    the_game = game("rules-hex")
    before = position(the_game, {"bl-1-inf/1": "front:0101", "bl-2-inf/1": "front:0102"})
    after = position(the_game, {"bl-1-inf/1": "front:0102", "bl-2-inf/1": "front:0102"})
    assert list_moves(before, after) == [Move("bl-1-inf/1", "front:0101", "front:0102")]


def test_entry_rules_are_checked_for_moved_pieces_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def every_piece(situation: Situation, rule: Rule) -> list[Violation]:
        return [violation(rule, "x", (), (p.id,)) for p in situation.position.pieces]

    the_game = game("minimal-hex")
    monkeypatch.setitem(CHECKS, "entry", every_piece)
    before = position(the_game, {"bl-1-inf/1": "valley:0101", "bl-2-inf/1": "valley:0102"})
    after = position(the_game, {"bl-1-inf/1": "valley:0201", "bl-2-inf/1": "valley:0102"})
    found = check_moves(the_game, before, after)
    assert [(v.rule, v.pieces) for v in found] == [("lake", ("bl-1-inf/1",))]


def test_without_an_entry_check_entry_rules_are_left_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    the_game = game("minimal-hex")
    monkeypatch.delitem(CHECKS, "entry", raising=False)
    before = position(the_game, {"bl-1-inf/1": "valley:0101"})
    after = position(the_game, {"bl-1-inf/1": "valley:0201"})
    assert check_moves(the_game, before, after) == []


# -- a turn as a series of positions (a VASSAL log, one position per drag) ----------------------


def _walk(
    the_game_id: str, piece: str, path: list[str], others: dict[str, str] | None = None
) -> list[Position]:
    """The positions of one piece dragged along ``path``, one drag per step."""
    the_game = game(the_game_id)
    return [position(the_game, {piece: at, **(others or {})}) for at in path]


def test_drags_of_one_move_spend_one_allowance() -> None:
    """Four drags of one hex each: the fourth goes beyond an allowance of 3, though each drag
    alone is within it; the violation names that drag and what the earlier ones spent."""
    the_game = game("rules-hex")
    steps = _walk("rules-hex", "bl-1-inf/1", ["front:0101", "front:0102", "front:0103"])
    assert check_steps(the_game, steps) == []
    steps = _walk(
        "rules-hex",
        "bl-1-inf/1",
        ["front:0101", "front:0102", "front:0103", "front:0104", "front:0105"],
    )
    found = check_steps(the_game, steps)
    assert [(v.rule, v.locations) for v in found] == [("movement", ("front:0104", "front:0105"))]
    assert "only 0 of its allowance of 3 were left after the 3 it spent" in found[0].message


def test_a_wandering_move_is_judged_by_the_way_it_went() -> None:
    """Out three hexes and back one: judged from start to end the move is two hexes and
    legal; drag by drag it spent four points of three."""
    the_game = game("rules-hex")
    steps = _walk(
        "rules-hex",
        "bl-1-inf/1",
        ["front:0101", "front:0102", "front:0103", "front:0104", "front:0103"],
    )
    assert check_moves(the_game, steps[0], steps[-1]) == []
    assert [v.rule for v in check_steps(the_game, steps)] == ["movement"]


def test_a_drag_out_of_an_enemy_zone_entered_earlier_in_the_move_is_caught() -> None:
    the_game = game("rules-hex")
    red = {"rd-1-inf/1": "front:0803"}
    steps = _walk("rules-hex", "bl-1-inf/1", ["front:0603", "front:0703", "front:0603"], red)
    found = check_steps(the_game, steps)
    assert [(v.rule, v.locations) for v in found] == [("zoc", ("front:0703", "front:0603"))]
    assert "entered an enemy zone of control there, which ends its move" in found[0].message


def test_a_place_passed_through_is_checked_for_entry() -> None:
    """Armour driven along the causeway into a lake hex and out again ends on land, and
    judged from start to end breaks nothing; drag by drag, the lake was entered."""
    the_game = game("minimal-hex")
    steps = _walk("minimal-hex", "bl-3-arm/1", ["valley:0304", "valley:0404", "valley:0304"])
    assert check_moves(the_game, steps[0], steps[-1]) == []
    found = check_steps(the_game, steps)
    assert [(v.rule, v.locations) for v in found] == [("lake", ("valley:0404",))]


def test_pieces_coming_and_going_are_noticed_once() -> None:
    the_game = game("rules-hex")
    steps = [
        position(the_game, {"bl-1-inf/1": "front:0101"}),
        position(the_game, {"bl-1-inf/1": None}),
        position(the_game, {"bl-1-inf/1": "front:0101"}),
    ]
    assert check_steps(the_game, steps) == []
    steps[2] = position(the_game, {"bl-1-inf/1": None})
    assert [v.rule for v in check_steps(the_game, steps)] == [LEFT]


def _arrive(before: Position, piece_id: str, at: str, turn: int) -> Position:
    """``before`` on ``turn`` with one piece (waiting or arriving) put at ``at``."""
    moved = dataclasses.replace(before.piece(piece_id), location=at)
    pieces = tuple(p for p in before.pieces if p.id != piece_id) + (moved,)
    arrivals = tuple(a for a in before.arrivals if a.piece.id != piece_id)
    return Position(pieces, before.control, turn, arrivals=arrivals)


@pytest.mark.parametrize(
    ("piece", "at", "turn", "expect"),
    [
        ("bl-inf/3", "front:0104", 2, None),  # out of its box onto the west edge, on time
        ("bl-inf/3", "front:0505", 2, "at the west edge of The Crossing"),
        ("bl-inf/3", "front:0104", 1, "brings it in on turn 2."),
        ("rd-inf/3", "front:1005", 3, None),  # from off the map onto the east edge
        ("rd-inf/3", "front:0905", 3, "on turn 3 at front:1001-1008."),
    ],
    ids=["on-the-edge", "off-the-edge", "early", "arriving", "arriving-off-the-edge"],
)
def test_a_reinforcement_enters_where_and_when_its_setup_says(
    piece: str, at: str, turn: int, expect: str | None
) -> None:
    crossing = load_fixture("river-crossing")
    before = Position.from_setup(crossing, crossing.setup("crossing"))
    after = _arrive(before, piece, at, turn)
    found = [v for v in check_moves(crossing, before, after, "crossing") if v.rule == ARRIVAL]
    if expect is None:
        assert found == []
        return
    assert len(found) == 1 and expect in found[0].message, [v.message for v in found]
    assert found[0].cite == "setup The Crossing, reinforcements"
    assert found[0].pieces == (piece,) and found[0].locations == (at,)
    # without its setup the checker cannot know where the piece was due
    assert all(v.rule != ARRIVAL for v in check_moves(crossing, before, after))
