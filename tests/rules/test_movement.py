"""Movement: allowances, the cheapest legal path, and where a piece can reach."""

from __future__ import annotations

import dataclasses
import math

import pytest

from tests.rules.helpers import game, position
from toolkit.model.rules import LocationSelector, MovementRule
from toolkit.rules.context import Situation
from toolkit.rules.movement import (
    allowance_of,
    check_movement,
    forced_allowance,
    line_path,
    on_line,
    path,
    reachable,
    step_cost,
)


def _rule(name: str = "rules-hex", rule_id: str = "movement") -> MovementRule:
    rule = game(name).rule(rule_id)
    assert isinstance(rule, MovementRule)
    return rule


def _situation(where: dict[str, str | None], name: str = "rules-hex", **kw: str) -> Situation:
    the_game = game(name)
    return Situation(the_game, position(the_game, where, **kw))


def test_the_road_ignores_the_hills_and_bridges_the_river() -> None:
    situation = _situation({"bl-1-inf/1": "front:0103"})
    found = path(situation, _rule(), "bl-1-inf/1", "front:0403")
    assert found == (1.5, ("front:0103", "front:0203", "front:0303", "front:0403"))


def test_off_the_road_hills_and_the_river_cost_their_price() -> None:
    situation = _situation({"bl-1-inf/1": "front:0103"})
    assert step_cost(situation, _rule(), "front:0203", "front:0303") == 0.5  # the road
    assert step_cost(situation, _rule(), "front:0202", "front:0303") == 2  # hills
    assert step_cost(situation, _rule(), "front:0302", "front:0402") == 2  # clear + river
    assert step_cost(situation, _rule(), "front:0403", "front:0404") is None  # lake


def test_a_line_may_pay_its_hexside_on_top_when_the_rule_says() -> None:
    situation = _situation({"bl-1-inf/1": "front:0103"})
    rule = dataclasses.replace(_rule(), line_ignores_hexsides=False)
    assert step_cost(situation, rule, "front:0303", "front:0403") == 1.5


def test_prohibited_terrain_is_never_entered() -> None:
    situation = _situation({"bl-3-arm/1": "front:0403"})
    reach = reachable(situation, _rule(), "bl-3-arm/1")
    assert "front:0404" not in reach and "front:0603" not in reach
    assert path(situation, _rule(), "bl-3-arm/1", "front:0404", allowance=math.inf) is None


def test_reachable_stops_at_the_allowance() -> None:
    reach = reachable(_situation({"bl-1-inf/1": "front:0101"}), _rule(), "bl-1-inf/1")
    assert max(reach.values()) <= 3
    assert reach["front:0104"] == 3 and "front:0105" not in reach


def test_a_zone_of_control_ends_the_move_but_may_be_left_at_the_start() -> None:
    where = {"bl-1-inf/1": "front:0103", "rd-1-inf/1": "front:0403"}
    situation = _situation(where)
    reach = reachable(situation, _rule(), "bl-1-inf/1")
    assert reach["front:0303"] == 1.0  # entered: the move ends
    assert "front:0503" not in reach
    assert "front:0503" in reachable(situation, _rule(), "bl-1-inf/1", zoc=False)
    started = _situation({"bl-1-inf/1": "front:0303", "rd-1-inf/1": "front:0403"})
    assert "front:0203" in reachable(started, _rule(), "bl-1-inf/1")


def test_entering_a_stop_place_ends_the_move() -> None:
    rule = _rule("europe-engulfed", "op-move-cavalry-gsu")
    situation = _situation({"su-cavalry/1": "europe:brest-litovsk"}, "europe-engulfed")
    reach = reachable(situation, rule, "su-cavalry/1")
    assert "europe:pripet" in reach
    for key in reach:
        found = path(situation, rule, "su-cavalry/1", key)
        assert found is not None and "europe:pripet" not in found[1][1:-1]


def test_weather_multiplies_costs() -> None:
    dry = reachable(_situation({"bl-1-inf/1": "front:0101"}), _rule(), "bl-1-inf/1")
    wet = reachable(_situation({"bl-1-inf/1": "front:0101"}, weather="mud"), _rule(), "bl-1-inf/1")
    assert wet["front:0102"] == 2 * dry["front:0102"]


def test_the_allowance_comes_from_the_counter_or_the_map() -> None:
    hexes = _situation({"bl-3-arm/1": "front:0101"})
    assert allowance_of(hexes, _rule(), hexes.position.piece("bl-3-arm/1")) == 5
    fronts = _situation(
        {"de-1-inf/1": "wf:0911", "de-2-inf/1": "ef:0911"}, "distant-foreign-fields"
    )
    rule = _rule("distant-foreign-fields")
    assert allowance_of(fronts, rule, fronts.position.piece("de-1-inf/1")) == 8
    assert allowance_of(fronts, rule, fronts.position.piece("de-2-inf/1")) == 4


def test_a_path_crosses_a_map_link() -> None:
    rule = _rule("distant-foreign-fields")
    situation = _situation({"de-1-inf/1": "wf:0117"}, "distant-foreign-fields")
    found = path(situation, rule, "de-1-inf/1", "seine:0702")
    assert found is not None and found[1][-2:] == ("wf:0116", "seine:0702")


def test_an_unknown_allowance_is_a_worded_error() -> None:
    situation = _situation({"turn/1": "front:0101"})
    with pytest.raises(ValueError, match="reads the allowance from the property 'move'"):
        reachable(situation, _rule(), "turn/1")


def test_a_piece_off_the_map_has_nowhere_to_move_from() -> None:
    situation = _situation({"bl-1-inf/1": None})
    with pytest.raises(ValueError, match="not on the map"):
        reachable(situation, _rule(), "bl-1-inf/1")


def test_a_stop_place_is_entered_but_never_passed() -> None:
    hills = LocationSelector(terrain=frozenset({"hills"}))
    rule = dataclasses.replace(_rule(), stop_on_enter=hills)
    situation = _situation({"bl-3-arm/1": "front:0103"})
    found = path(situation, rule, "bl-3-arm/1", "front:0403")
    assert found is not None and "front:0303" not in found[1]
    assert found[0] > 1.5


def test_a_position_alone_breaks_no_movement_rule() -> None:
    assert check_movement(_situation({"bl-1-inf/1": "front:0404"}), _rule()) == []


# -- unlimited lines and forced marches (Distant Foreign Fields 2.2.5.1, 2.2.5.3, 2.2.5.4) ------


def _dff(where: dict[str, str]) -> Situation:
    return _situation(where, "distant-foreign-fields")


def test_a_railway_runs_on_through_map_joins_and_rail_exits() -> None:
    """Cologne's line crosses the join to the Strasbourg map, whose exit 'EF' leads to the
    Berlin map's exits 'WF' (2.2.5.3)."""
    rule = _rule("distant-foreign-fields")
    found = line_path(_dff({"de-1-inf/1": "wf:2704"}), rule, "de-1-inf/1", "berlin:0103")
    assert found is not None
    assert ("wf:3002", "strasbourg:0102") == found[6:8]
    assert found[-2:] == ("strasbourg:1201", "berlin:0103")


def test_a_link_that_takes_a_turn_is_taken_only_where_the_move_begins() -> None:
    """2.2.5.4: a unit railed to Haidar Pasha enters the Transcaucasian Front the next turn,
    so from where its move begins, not on the way."""
    rule = _rule("distant-foreign-fields")
    situation = _dff({"ot-1-inf/1": "bf:2018"})
    assert line_path(situation, rule, "ot-1-inf/1", "tcf:0112") == ("bf:2018", "tcf:0112")
    assert line_path(situation, rule, "ot-1-inf/1", "tcf:0112", first=False) is None


def test_a_railway_is_ridden_only_from_a_place_on_it() -> None:
    rule = _rule("distant-foreign-fields")
    assert rule.unlimited_along is not None
    situation = _dff({"de-1-inf/1": "wf:2705"})
    assert not on_line(situation, rule.unlimited_along, "wf:2705")
    assert on_line(situation, rule.unlimited_along, "wf:2704")
    assert line_path(situation, rule, "de-1-inf/1", "wf:2704") is None


@pytest.mark.parametrize(
    ("rule_id", "piece", "at", "expected"),
    [
        ("movement", "de-1-inf/1", "wf:0911", 12),
        ("movement", "gb-1-inf/1", "mef:1010", 5),
        ("movement-cavalry", "fr-1-cav/1", "wf:0911", 24),
        ("movement", "de-1-army/1", "wf:0911", None),
    ],
    ids=["western-front", "middle-east-rounded", "cavalry-factor", "hq-has-no-strength"],
)
def test_a_forced_march_allowance(
    rule_id: str, piece: str, at: str, expected: float | None
) -> None:
    situation = _dff({piece: at})
    rule = _rule("distant-foreign-fields", rule_id)
    assert forced_allowance(situation, rule, situation.position.piece(piece)) == expected
