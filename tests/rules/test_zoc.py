"""Zones of control: who exerts them, where they reach, what blocks them."""

from __future__ import annotations

import dataclasses

from tests.rules.helpers import game, position
from toolkit.model.rules import PieceSelector, ZocRule
from toolkit.rules.context import Situation
from toolkit.rules.movement import reachable
from toolkit.rules.zoc import check_zoc, zoc_map


def _zones(where: dict[str, str | None], rule: ZocRule | None = None) -> dict[str, set[str]]:
    the_game = game("rules-hex")
    situation = Situation(the_game, position(the_game, where))
    zones = zoc_map(situation, rule or _rule())
    return {key.removeprefix("front:"): set(sides) for key, sides in zones.items()}


def _rule() -> ZocRule:
    rule = game("rules-hex").rule("zoc")
    assert isinstance(rule, ZocRule)
    return rule


def test_a_zone_covers_the_hex_and_its_neighbours() -> None:
    assert _zones({"rd-1-inf/1": "front:0202"}) == {
        key: {"red"} for key in ("0202", "0303", "0302", "0201", "0102", "0103", "0203")
    }


def test_a_river_hexside_blocks_a_zone() -> None:
    zones = _zones({"rd-1-inf/1": "front:0305"})
    assert "0404" not in zones and "0405" not in zones
    assert {"0304", "0204", "0205"} <= set(zones)


def test_a_road_bridge_carries_a_zone_across_the_river() -> None:
    zones = _zones({"rd-1-inf/1": "front:0403"})
    assert "0303" in zones  # the road crosses the river here
    assert "0304" not in zones  # plain river


def test_without_the_bridge_the_river_blocks_that_side_too() -> None:
    rule = dataclasses.replace(_rule(), bridged_by=frozenset())
    assert "0303" not in _zones({"rd-1-inf/1": "front:0403"}, rule)


def test_only_the_selected_pieces_exert_a_zone() -> None:
    assert _zones({"rd-2-art/1": "front:0403"}) == {}


def test_not_into_keeps_a_zone_out_of_some_places() -> None:
    the_game = game("rules-hex")
    forest = dataclasses.replace(
        _rule(),
        not_into=dataclasses.replace(
            the_game.rule("movement").where, terrain=frozenset({"forest"})
        ),
    )
    assert "0202" not in _zones({"rd-1-inf/1": "front:0302"}, forest)
    assert "0202" in _zones({"rd-1-inf/1": "front:0302"})


def test_both_sides_zones_overlap() -> None:
    zones = _zones({"rd-1-inf/1": "front:0202", "bl-1-inf/1": "front:0204"})
    assert zones["0203"] == {"red", "blue"}


def test_a_zone_map_is_worked_out_once_per_situation() -> None:
    the_game = game("rules-hex")
    situation = Situation(the_game, position(the_game, {"rd-1-inf/1": "front:0202"}))
    assert zoc_map(situation, _rule()) is zoc_map(situation, _rule())


def test_a_zone_breaks_nothing_on_a_position_alone() -> None:
    the_game = game("rules-hex")
    situation = Situation(the_game, position(the_game, {"rd-1-inf/1": "front:0202"}))
    assert check_zoc(situation, _rule()) == []


def test_no_exit_holds_a_piece_that_starts_in_an_enemy_zone() -> None:
    the_game = game("rules-hex")
    rule = dataclasses.replace(_rule(), effect="no-exit")
    held = dataclasses.replace(the_game, rules=(the_game.rule("movement"), rule))
    situation = Situation(
        held, position(held, {"rd-1-inf/1": "front:0202", "bl-1-inf/1": "front:0103"})
    )
    assert reachable(situation, held.rule("movement"), "bl-1-inf/1") == {"front:0103": 0.0}  # type: ignore[arg-type]


def test_a_cost_zone_adds_its_cost_to_enter() -> None:
    the_game = game("rules-hex")
    rule = dataclasses.replace(_rule(), effect="cost", cost=2)
    taxed = dataclasses.replace(the_game, rules=(the_game.rule("movement"), rule))
    situation = Situation(
        taxed, position(taxed, {"rd-1-inf/1": "front:0302", "bl-1-inf/1": "front:0101"})
    )
    costs = reachable(situation, taxed.rule("movement"), "bl-1-inf/1")  # type: ignore[arg-type]
    assert costs["front:0201"] == 3.0  # clear 1 + the zone's 2
    assert costs["front:0102"] == 1.0


def test_exerted_by_reads_the_holder_of_a_captured_piece() -> None:
    rule = dataclasses.replace(_rule(), exerted_by=PieceSelector(faction=frozenset({"rd"})))
    the_game = game("rules-hex")
    situation = Situation(
        the_game,
        position(the_game, {"bl-1-inf/1": "front:0202"}, owners={"bl-1-inf/1": "rd"}),
    )
    assert set(zoc_map(situation, rule)["front:0203"]) == {"red"}


def test_fatal_alliances_zones_stay_out_of_the_world_map() -> None:
    the_game = game("fatal-alliances")
    rule = the_game.rule("zoc")
    assert isinstance(rule, ZocRule)
    europe = next(link for link in the_game.map("europe").links)
    key = f"europe:{europe.from_label}"
    situation = Situation(the_game, position(the_game, {"ge-inf-1914/1": key}))
    zones = zoc_map(situation, rule)
    assert key in zones and europe.to not in zones
