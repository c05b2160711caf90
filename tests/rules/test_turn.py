"""Checking a turn: every case file pairs two positions and names the rules the moves break."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.conftest import load_fixture
from tests.rules.helpers import game, position, read_cases
from toolkit.model.position import Position, start_control
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
            assert v.cite in _cites(game(case["game"]).rule(v.rule))
    if "cites" in case:
        assert sorted(v.cite for v in found) == sorted(case["cites"])


def _cites(rule: Rule) -> set[str]:
    """The rule's number, and those of its parts a violation may cite (a movement rule's
    unlimited lines and forced march)."""
    parts = [getattr(rule, name, None) for name in ("unlimited_along", "forced_march")]
    return {rule.cite, *(part.cite for part in parts if part is not None)}


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


# -- railways and forced marches (Distant Foreign Fields 2.2.5.1, 2.2.5.3) ----------------------

DFF = "distant-foreign-fields"
COLOGNE, BERLIN, PARIS = "wf:2704", "berlin:0606", "wf:0721"


def _august_1914() -> dict[str, str]:
    """Who holds what as the Grand Campaign begins: France and Belgium are not German."""
    the_game = game(DFF)
    return dict(start_control(the_game, the_game.setup("grand-campaign")))


def _moved(
    where: dict[str, str], to: dict[str, str], control: dict[str, str] | None = None
) -> list[Violation]:
    the_game = game(DFF)
    before = position(the_game, where, control=control)
    after = position(the_game, {**where, **to}, control=control)
    return check_moves(the_game, before, after)


def _flipped(the_game_id: str, where: dict[str, str], face: str) -> Position:
    """A position with every piece showing ``face`` (a division's back: one strength point
    less)."""
    placed = position(game(the_game_id), where)
    return dataclasses.replace(
        placed, pieces=tuple(dataclasses.replace(p, face=face) for p in placed.pieces)
    )


def test_a_rail_move_goes_any_distance_along_friendly_railways_and_rail_exits() -> None:
    """Cologne to Berlin is 26 hexes of German railway over three maps, by the Strasbourg
    map's rail exit 'EF' (2.2.5.3): legal, where the Western Front's allowance is 8."""
    assert _moved({"de-1-inf/1": COLOGNE}, {"de-1-inf/1": BERLIN}, _august_1914()) == []


def test_a_rail_move_may_not_pass_a_place_the_enemy_controls() -> None:
    (found,) = _moved({"de-1-inf/1": COLOGNE}, {"de-1-inf/1": PARIS}, _august_1914())
    assert (found.rule, found.cite, found.severity) == ("movement", "DFF 2.2.5.3", "error")
    assert found.message == (
        "1st German Infantry Division (de-1-inf/1) cannot move from Cologne (Western Front"
        " 2704) to Paris (Western Front 0721): the railway passes Western Front 2206, which is"
        " not under friendly control."
    )


def test_where_control_is_not_known_an_enemy_piece_on_the_railway_holds_it() -> None:
    """A log says nothing of control: Cologne to Paris then runs on French railways, but not
    through a place a French division stands in (nor out of its zone: 2.2.5.3)."""
    assert _moved({"de-1-inf/1": COLOGNE}, {"de-1-inf/1": PARIS}) == []
    french = {"fr-1-inf/1": "wf:0622", "fr-2-inf/1": "wf:1908"}
    found = _moved({"de-1-inf/1": COLOGNE, **french}, {"de-1-inf/1": PARIS})
    assert [(v.rule, v.cite) for v in found] == [("movement", "DFF 2.2.5.3")]
    assert found[0].message.endswith("may not end in an enemy zone of control.")


@pytest.mark.parametrize(
    ("french", "said"),
    [("berlin:0607", "may not end in"), ("wf:2804", "may not begin in")],
    ids=["ends-in-zoc", "begins-in-zoc"],
)
def test_a_rail_move_neither_begins_nor_ends_in_an_enemy_zone(french: str, said: str) -> None:
    where = {"de-1-inf/1": COLOGNE, "fr-1-inf/1": french}
    (found,) = _moved(where, {"de-1-inf/1": BERLIN}, _august_1914())
    assert (found.rule, found.cite) == ("movement", "DFF 2.2.5.3")
    assert found.message.endswith(f"a move along the railway {said} an enemy zone of control.")


def test_a_unit_that_does_not_begin_on_the_railway_cannot_ride_it() -> None:
    """Beside Cologne, off the line: Paris is as far as the allowance says."""
    (found,) = _moved({"de-1-inf/1": "wf:2705"}, {"de-1-inf/1": PARIS})
    assert (found.rule, found.cite) == ("movement", "DFF 4.2, 5.0")
    assert found.message.endswith(
        "its allowance is 8 (12 on a forced march, DFF 2.2.5.1). A move of any length along"
        " the railway must begin on it and run wholly along it (DFF 2.2.5.3)."
    )


def test_drags_along_the_railway_make_one_unlimited_move() -> None:
    steps = _walk(DFF, "de-1-inf/1", [COLOGNE, "wf:2902", "strasbourg:1201", BERLIN])
    assert check_steps(game(DFF), steps) == []


def test_a_walk_onto_the_railway_does_not_begin_a_rail_move() -> None:
    steps = _walk(DFF, "de-1-inf/1", ["wf:2705", COLOGNE, BERLIN])
    found = check_steps(game(DFF), steps)
    assert [(v.rule, v.cite, v.locations) for v in found] == [
        ("movement", "DFF 4.2, 5.0", (COLOGNE, BERLIN))
    ]


def test_a_move_beyond_the_allowance_by_rail_runs_wholly_along_it() -> None:
    steps = _walk(DFF, "de-1-inf/1", [COLOGNE, BERLIN, "berlin:0605"])
    found = check_steps(game(DFF), steps)
    assert [(v.rule, v.cite, v.locations) for v in found] == [
        ("movement", "DFF 2.2.5.3", (BERLIN, "berlin:0605"))
    ]
    assert found[0].message.endswith("such a move runs wholly along the railway.")


def test_a_forced_march_goes_half_as_far_again_for_a_strength_point() -> None:
    """Bapaume to Dieppe is 9 hexes, off the railway: one more than the Western Front's 8,
    within a forced march's 12 (2.2.5.1), if the division loses a strength point (its back,
    3 dots)."""
    the_game = game(DFF)
    before = position(the_game, {"de-1-inf/1": "wf:0911"})
    paid = _flipped(DFF, {"de-1-inf/1": "wf:0113"}, "back")
    assert check_moves(the_game, before, paid) == []
    (found,) = check_moves(the_game, before, position(the_game, {"de-1-inf/1": "wf:0113"}))
    assert (found.rule, found.cite) == ("movement", "DFF 2.2.5.1")
    assert found.message == (
        "1st German Infantry Division (de-1-inf/1) went from Bapaume (Western Front 0911) to"
        " Dieppe (Western Front 0113) on a forced march, beyond its allowance, and must lose 1"
        " point(s) of strength for it, but shows no loss."
    )


def test_beyond_a_forced_march_is_too_far() -> None:
    the_game = game(DFF)
    before = position(the_game, {"de-1-inf/1": "wf:0911"})
    (found,) = check_moves(the_game, before, _flipped(DFF, {"de-1-inf/1": "wf:0121"}, "back"))
    assert (found.rule, found.cite) == ("movement", "DFF 4.2, 5.0")
    assert found.message.endswith(
        "the cheapest path costs 13 movement points and its allowance is 8 (12 on a forced"
        " march, DFF 2.2.5.1)."
    )


def test_the_middle_east_forced_march_is_five_hexes() -> None:
    """2.2.5.1: 'rounded to 5 hexes' on the Middle East Front, where the allowance is 3."""
    the_game = game(DFF)
    before = position(the_game, {"gb-1-inf/1": "mef:1010"})
    five = _flipped(DFF, {"gb-1-inf/1": "mef:1015"}, "back")
    six = _flipped(DFF, {"gb-1-inf/1": "mef:1016"}, "back")
    assert check_moves(the_game, before, five) == []
    assert [v.cite for v in check_moves(the_game, before, six)] == ["DFF 4.2, 5.0"]


def test_the_drags_of_a_forced_march_spend_one_allowance_and_one_loss() -> None:
    """Six hexes, then three more, then the flip that pays for the march."""
    the_game = game(DFF)
    steps = [
        *_walk(DFF, "de-1-inf/1", ["wf:0911", "wf:0311", "wf:0113"]),
        _flipped(DFF, {"de-1-inf/1": "wf:0113"}, "back"),
    ]
    assert check_steps(the_game, steps) == []
    (found,) = check_steps(the_game, steps[:-1])
    assert (found.cite, found.locations) == ("DFF 2.2.5.1", ("wf:0911", "wf:0113"))
    flipped_first = [
        steps[0],
        *(_flipped(DFF, {"de-1-inf/1": at}, "back") for at in ("wf:0911", "wf:0311", "wf:0113")),
    ]
    assert check_steps(the_game, flipped_first) == []


def test_a_unit_with_no_strength_to_lose_cannot_force_march() -> None:
    """An HQ has no strength points (4.4.1), so 9 hexes are beyond it."""
    the_game = game(DFF)
    before = position(the_game, {"de-1-army/1": "wf:0911"})
    after = position(the_game, {"de-1-army/1": "wf:0113"})
    assert [v.cite for v in check_moves(the_game, before, after)] == ["DFF 4.2, 5.0"]
