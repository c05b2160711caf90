"""Bridges and fords in the rules: a bridge carries a zone of control, a supply path and road
movement over the river; a ford, where a road crosses without a bridge, carries none of them."""

from __future__ import annotations

import dataclasses

from tests.rules.helpers import game, position
from toolkit.model.rules import MovementRule, ZocRule
from toolkit.rules.context import Situation
from toolkit.rules.movement import step_cost
from toolkit.rules.zoc import zoc_map


def _situation(where: dict[str, str]) -> Situation:
    the_game = game("river-crossing")
    return Situation(the_game, position(the_game, where))


def _zocs(red_at: str) -> set[str]:
    situation = _situation({"rd-inf/1": f"front:{red_at}"})
    rule = situation.game.rule("zoc")
    assert isinstance(rule, ZocRule)
    return {key.removeprefix("front:") for key in zoc_map(situation, rule)}


def test_a_zone_crosses_the_river_by_a_road_bridge_only() -> None:
    zones = _zocs("0603")
    assert "0504" in zones  # the Old Road's bridge
    assert "0503" not in zones  # the river, no bridge


def test_a_zone_does_not_cross_at_a_ford() -> None:
    assert "0503" not in _zocs("0602")  # the Farm Track crosses at Miller's Ford


def test_a_bridge_of_its_own_carries_the_zone() -> None:
    assert "0506" in _zocs("0606")  # the Footbridge


def test_line_types_in_bridged_by_pick_their_own_bridges() -> None:
    situation = _situation({"rd-inf/1": "front:0606"})
    rule = situation.game.rule("zoc")
    assert isinstance(rule, ZocRule)
    by_road = dataclasses.replace(rule, id="zoc-road", bridged_by=frozenset({"road"}))
    zones = zoc_map(situation, by_road)
    assert "front:0506" not in zones  # the Footbridge carries no road


def test_road_movement_ignores_the_river_at_a_bridge_but_not_at_a_ford() -> None:
    situation = _situation({})
    rule = situation.game.rule("movement")
    assert isinstance(rule, MovementRule)
    assert step_cost(situation, rule, "front:0504", "front:0603") == 0.5
    # at the ford the road pays the river's 2 on top of its 1/2
    assert step_cost(situation, rule, "front:0503", "front:0602") == 2.5
    # no road: clear (1) plus the river (2)
    assert step_cost(situation, rule, "front:0505", "front:0605") == 3.0
