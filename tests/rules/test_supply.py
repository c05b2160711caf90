"""Supply: case files give a position and the units it leaves out of supply."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.rules.helpers import game, position, read_cases
from toolkit.model.position import Position
from toolkit.model.rules import LocationSelector, SupplyRule
from toolkit.rules.context import Situation
from toolkit.rules.registry import check_position
from toolkit.rules.supply import check_supply

SUPPLY = read_cases("supply")


def _situation(case: dict[str, Any]) -> tuple[Situation, SupplyRule]:
    the_game = game(case["game"])
    control = None
    if "control_from" in case:
        control = Position.from_setup(the_game, the_game.setup(case["control_from"])).control
    rule = the_game.rule(case["rule"])
    assert isinstance(rule, SupplyRule)
    rule = dataclasses.replace(rule, **case.get("overrides", {}))
    where = position(the_game, case["position"], weather=case.get("weather"), control=control)
    return Situation(the_game, where), rule


@pytest.mark.parametrize("case", [c for _, c in SUPPLY], ids=[name for name, _ in SUPPLY])
def test_supply_case(case: dict[str, Any]) -> None:
    situation, rule = _situation(case)
    found = check_supply(situation, rule)
    assert sorted(p for v in found for p in v.pieces) == sorted(case["expect"])
    assert all((v.rule, v.cite) == (rule.id, rule.cite) for v in found)


def test_every_game_with_a_supply_rule_has_a_supplied_and_a_cut_off_case() -> None:
    for name in {c["game"] for _, c in SUPPLY}:
        assert {bool(c["expect"]) for _, c in SUPPLY if c["game"] == name} == {True, False}


def test_a_unit_out_of_supply_is_named_with_its_place() -> None:
    (_, case) = next(c for c in SUPPLY if c[0] == "hex-cut-by-a-zone")
    situation, rule = _situation(case)
    found = check_supply(situation, rule)
    assert found[0].message == (
        "1st Infantry (bl-1-inf/1) at The Front 0101 is out of supply: no friendly source within"
        " reach along an open path."
    )
    assert found[0].locations == ("front:0101",)


def test_units_cut_off_together_are_one_violation() -> None:
    the_game = game("rules-hex")
    where = {"bl-1-inf/1": "front:0805", "bl-2-inf/1": "front:0805"}
    situation = Situation(the_game, position(the_game, where))
    (found,) = check_supply(situation, the_game.rule("supply"))
    assert found.pieces == ("bl-1-inf/1", "bl-2-inf/1")
    assert found.message.startswith("1st Infantry (bl-1-inf/1) and 2nd Infantry (bl-2-inf/1) at")
    assert " are out of supply" in found.message


def test_the_registry_runs_supply_on_a_setup() -> None:
    the_game = game("rules-hex")
    start = Position.from_setup(the_game, the_game.setup("meeting"))
    assert check_position(Situation(the_game, start, "meeting")) == []


def test_a_side_with_no_source_is_told_why() -> None:
    """Sources supply only the side that controls them: a rule whose sources no Blue place
    matches says so, and how to give Blue its own."""
    the_game = game("rules-hex")
    rule = the_game.rule("supply")
    assert isinstance(rule, SupplyRule)
    rule = dataclasses.replace(rule, sources=dataclasses.replace(rule.sources, owner={"rd"}))
    situation = Situation(the_game, position(the_game, {"bl-1-inf/1": "front:0101"}))
    (found,) = check_supply(situation, rule)
    assert "its side has no supply source at all" in found.message
    assert "'side_sources'" in found.message


def test_side_sources_supply_their_side_whoever_holds_them() -> None:
    the_game = game("rules-hex")
    rule = the_game.rule("supply")
    assert isinstance(rule, SupplyRule)
    edge = LocationSelector(locations=frozenset({"front:0102"}))
    rule = dataclasses.replace(
        rule,
        sources=dataclasses.replace(rule.sources, owner={"rd"}),
        side_sources={"blue": edge},
    )
    near = Situation(the_game, position(the_game, {"bl-1-inf/1": "front:0101"}))
    assert check_supply(near, rule) == []
    red = Situation(the_game, position(the_game, {"rd-1-inf/1": "front:0101"}))
    (cut,) = check_supply(red, rule)  # Blue's edge does not supply Red, far from its city
    assert cut.pieces == ("rd-1-inf/1",) and "no friendly source within reach" in cut.message
