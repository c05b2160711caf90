"""Axis & Allies 1914: the sources against the rules summary (seed 003) and the reference notes."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from toolkit.load import load_game
from toolkit.model.map import parse_location_key
from toolkit.model.queries import location_path

GAME = Path(__file__).resolve().parents[2] / "sources" / "axis-allies-1914"

POWERS = ["ah", "ru", "ge", "fr", "uk", "ot", "it", "us"]
# Starting incomes (IPC), seed 003 "Forces combattantes" and the production-chart example (GE 35).
INCOME = {"ah": 26, "ru": 25, "ge": 35, "fr": 24, "uk": 30, "ot": 16, "it": 14, "us": 20}
CAPITALS = {
    "ge": "berlin",
    "ah": "vienna",
    "ot": "constantinople",
    "ru": "moscow",
    "fr": "paris",
    "uk": "london",
    "it": "rome",
    "us": "united-states",
}
# Purchase costs printed in the Mobilization Zone (seed, Phase 1).
COSTS = {
    "infantry": 3,
    "artillery": 4,
    "tank": 6,
    "fighter": 6,
    "battleship": 12,
    "cruiser": 9,
    "submarine": 6,
    "transport": 6,
}
# The most period-fitting silhouettes the toolkit offers: the biplane for the 1914 fighter.
ICONS = {"fighter": "recon-plane"}
# Naval firepower table (seed): attack, defence, move.
NAVAL = {"battleship": (4, 4, 2), "cruiser": (3, 3, 3), "submarine": (2, 2, 2)}


@pytest.fixture(scope="module")
def game():
    result = load_game(GAME)
    assert result.game is not None, result.report.format_text()
    return result.game


@pytest.fixture(scope="module")
def world(game):
    return game.map("world")


def land_spaces(world):
    return [loc for loc in world.locations.values() if loc.kind == "land"]


def test_loads_cleanly():
    result = load_game(GAME)
    assert result.game is not None, result.report.format_text()
    assert not result.report.errors


# ---- map -------------------------------------------------------------------------------------


def test_space_counts(world):
    kinds = Counter(
        loc.kind for loc in world.locations.values() if loc.kind in ("land", "sea", "impassable")
    )
    assert kinds == {"land": 94, "sea": 30, "impassable": 2}
    assert {f"sz{n}" for n in range(1, 31)} <= set(world.locations)
    impassable = {loc.label for loc in world.locations.values() if loc.kind == "impassable"}
    assert impassable == {"sahara", "himalayas"}


def test_incomes_add_up_to_published_starting_incomes(world):
    income = Counter()
    for loc in land_spaces(world):
        if loc.owner:
            income[loc.owner] += loc.values.get("ipc", 0)
    assert dict(income) == INCOME
    assert sum(income.values()) == 190


def test_faction_properties_and_setup_globals_give_the_same_incomes(game):
    assert {f.id: f.properties["starting_income"] for f in game.factions} == INCOME
    for setup in game.setups:
        assert dict(setup.globals["income"]) == INCOME, setup.id
        assert dict(setup.globals["treasury"]) == INCOME, setup.id


def test_setup_control_matches_map_owners(game, world):
    owners = {}
    for loc in land_spaces(world):
        if loc.owner:
            owners.setdefault(loc.owner, set()).add(loc.key)
    for setup in game.setups:
        assert {f: set(keys) for f, keys in setup.control.items()} == owners, setup.id


def test_production_markers_show_the_starting_income(game):
    for setup in game.setups:
        shown = Counter()
        for placement in setup.placements:
            _, label = parse_location_key(placement.at)
            if not label.startswith("production-"):
                continue
            value = int(label.split("/")[1])
            for piece in placement.pieces:
                shown[game.counter(piece.counter).faction] += value * piece.count
        assert dict(shown) == INCOME, setup.id


def test_values_named_in_the_seed(world):
    ipc = {loc.label: loc.values.get("ipc") for loc in land_spaces(world)}
    assert ipc["united-states"] == 20
    assert ipc["serbia"] == 2
    assert ipc["holland"] == 2
    assert ipc["corsica"] is None  # "Certains territoires ne possèdent pas de nombre, tel la Corse"
    assert all(v is None or 1 <= v <= 8 or label == "united-states" for label, v in ipc.items())
    us = [loc.label for loc in land_spaces(world) if loc.owner == "us"]
    assert us == ["united-states"]  # the USA is the only American territory


def test_german_home_block_and_colonies(world):
    owned = {loc.label for loc in land_spaces(world) if loc.owner == "ge"}
    home = {"berlin", "ruhr", "alsace", "kiel", "hanover", "prussia", "silesia", "munich"}
    colonies = {"togoland", "kamerun", "south-west-africa", "german-east-africa"}
    assert owned == home | colonies


def test_adjacency_is_symmetric_with_the_same_type(world):
    assert world.adjacency
    for space in world.adjacency:
        for to in world.neighbours(space):
            assert world.adjacent(to, space), f"{space} -> {to} has no way back"
            there, back = world.border_type(space, to), world.border_type(to, space)
            assert there == back, f"{space}-{to}: {there} vs {back}"


def test_london_is_not_adjacent_to_sea_zone_8(world):
    """Seed: 'Londres et la mer 8 ne sont pas adjacents' (corner contact only)."""
    assert not world.adjacent("london", "sz8")
    assert not world.adjacent("sz8", "london")
    assert set(world.neighbours("london")) == {"wales", "yorkshire", "sz9"}


def test_suez_canal(world):
    assert world.border_type("sz19", "sz28") == "canal"
    assert {"trans-jordan", "sz19", "sz28"} <= set(world.neighbours("egypt"))
    assert world.hexside("sz19", "sz28", type="canal") is not None


def test_impassable_spaces_border_only_land(world):
    for label in ("sahara", "himalayas"):
        assert all(world.location(to).kind == "land" for to in world.neighbours(label))


def test_every_space_is_reachable_and_has_a_neighbour(game, world):
    playable = {
        loc.label for loc in world.locations.values() if loc.kind in ("land", "sea", "impassable")
    }
    for label in playable:
        assert set(world.neighbours(label)) <= playable, label
        assert location_path(game, "world:berlin", f"world:{label}"), label


def test_capitals(game, world):
    capitals = {f.owner: f.at for f in world.features if f.type == "capital"}
    assert capitals == CAPITALS
    for faction in game.factions:
        assert faction.properties["capital"] == CAPITALS[faction.id]
    assert game.faction("uk").properties["mobilize_at"] == "london,india"


def test_naval_bases_are_in_sea_zones_next_to_their_base(world):
    bases = [f for f in world.features if f.type == "naval-base"]
    assert len(bases) == 13
    for base in bases:
        assert world.location(base.at).kind == "sea"
        territory = base.properties["base"]
        assert world.location(territory).owner == base.owner
        assert world.adjacent(territory, base.at)


def test_minor_powers(world):
    props = {loc.label: loc.properties for loc in land_spaces(world)}
    assert props["serbia"]["patron"] == "ru"
    assert props["romania"]["patron"] == "ru"
    assert props["bulgaria"]["patron"] == "ot"
    # Serbia: 2 IPC but 3 infantry and 1 artillery are mobilised (seed example)
    assert (
        props["serbia"]["mobilization_infantry"],
        props["serbia"]["mobilization_artillery"],
    ) == (3, 1)
    assert "no-mobilization" in world.location("belgian-congo").tags
    for loc in land_spaces(world):
        if "minor" in loc.tags or "minor-colony" in loc.tags:
            assert loc.owner is None, loc.label


def test_centres_are_spread_out_and_inside_the_map(world):
    extent = world.grid.extent
    centres = {s.id: s.center for s in world.spaces}
    assert all(
        c is not None and 0 <= c[0] <= extent[0] and 0 <= c[1] <= extent[1]
        for c in centres.values()
    )
    items = list(centres.items())
    closest = min(math.dist(a[1], b[1]) for i, a in enumerate(items) for b in items[i + 1 :])
    assert closest >= 40


# ---- game, counters, rules -------------------------------------------------------------------


def test_turn_order_and_sides(game):
    assert list(game.turns.order) == POWERS
    assert [p.id for p in game.turns.phases] == [
        "purchase",
        "movement",
        "combat",
        "mobilize",
        "collect-income",
    ]
    sides = {f.id: f.side for f in game.factions}
    assert {f for f, s in sides.items() if s == "central"} == {"ah", "ge", "ot"}
    assert {f for f, s in sides.items() if s == "allies"} == {"ru", "fr", "uk", "it", "us"}
    assert game.players["min"] == 2 and game.players["max"] == 8


def test_one_figure_per_power_and_unit_type(game):
    figures = [c for c in game.counters if c.set_id == "units"]
    assert len(figures) == 8 * 8
    for power in POWERS:
        for unit, cost in COSTS.items():
            counter = game.counter(f"{power}-{unit}")
            assert counter.faction == power
            assert counter.properties["cost"] == cost
            assert counter.front.values["icon"] == ICONS.get(unit, unit)
            assert counter.class_


def test_naval_values_and_moves(game):
    for unit, (attack, defence, move) in NAVAL.items():
        counter = game.counter(f"ge-{unit}")
        assert (
            counter.properties["attack"],
            counter.properties["defence"],
            counter.properties["move"],
        ) == (attack, defence, move)
    assert game.counter("uk-transport").properties["move"] == 2
    assert game.counter("fr-battleship").properties["hits"] == 2
    assert game.counter("fr-battleship").back is not None  # tilted = damaged
    for unit in ("infantry", "artillery", "tank"):
        assert game.counter(f"ru-{unit}").properties["move"] == 1
    assert game.counter("ru-fighter").properties["move"] == 2
    assert game.counter("it-infantry").properties["attack"] == 2
    assert game.counter("it-tank").properties["buyable_from_round"] == 4


def test_chips(game):
    chips = [c for c in game.counters if c.class_ == "chip"]
    assert sorted((c.properties["side"], c.properties["units"]) for c in chips) == [
        ("allies", 1),
        ("allies", 5),
        ("central", 1),
        ("central", 5),
    ]
    assert all(c.unlimited for c in chips)
    red = {t.id: t.background for t in game.templates if t.id.startswith("chip-cp")}
    blue = {t.id: t.background for t in game.templates if t.id.startswith("chip-al")}
    assert len(red) == 2 and len(blue) == 2


def test_contested_stacking_rule(game):
    stacking = [r for r in game.rules if r.kind == "stacking"]
    assert len(stacking) == 1
    assert stacking[0].limit is None
    assert stacking[0].mixed_sides is True


def test_victory_rules(game):
    victory = [r for r in game.rules if r.kind == "victory"]
    allies = {
        frozenset(parse_location_key(k)[1] for k in r.control)
        for r in victory
        if r.side == "allies"
    }
    central = {
        frozenset(parse_location_key(k)[1] for k in r.control)
        for r in victory
        if r.side == "central"
    }
    assert allies == {frozenset({"berlin", "vienna"}), frozenset({"berlin", "constantinople"})}
    allied_capitals = {"paris", "london", "rome", "moscow", "united-states"}
    expected = {
        frozenset({a, b})
        for a in allied_capitals
        for b in allied_capitals
        if a < b and {a, b} & {"paris", "london"}
    }
    assert central == expected and len(central) == 7


def test_transport_capacity(game):
    (rule,) = [r for r in game.rules if r.kind == "capacity"]
    assert rule.limit == 2


# ---- setups ----------------------------------------------------------------------------------


def test_setups_place_existing_counters_within_the_mix_on_existing_locations(game):
    assert {s.id for s in game.setups} == {"start-1914", "start-1914-triplea"}
    counters = {c.id: c for c in game.counters}
    for setup in game.setups:
        used = Counter()
        for placement in setup.placements:
            assert placement.at in game.locations, (setup.id, placement.at)
            for piece in placement.pieces:
                assert piece.counter in counters, (setup.id, piece.counter)
                used[piece.counter] += piece.count
        for counter_id, n in used.items():
            counter = counters[counter_id]
            assert counter.unlimited or n <= counter.count, (setup.id, counter_id, n, counter.count)


def test_units_start_only_with_major_powers_in_their_own_spaces(game):
    for setup in game.setups:
        for placement in setup.placements:
            loc = game.locations[placement.at]
            for piece in placement.pieces:
                counter = game.counter(piece.counter)
                if counter.set_id != "units":
                    continue
                assert "minor" not in loc.tags and "minor-colony" not in loc.tags, (
                    setup.id,
                    loc.label,
                )
                if loc.kind == "land":
                    assert loc.owner == counter.faction, (setup.id, loc.label, counter.id)
                    assert "land" in counter.tags or "air" in counter.tags
                else:
                    assert loc.kind == "sea" and "sea" in counter.tags, (
                        setup.id,
                        loc.label,
                        counter.id,
                    )


def test_the_rules_only_setup_places_no_units(game):
    setup = game.setup("start-1914")
    assert not [
        p for pl in setup.placements for p in pl.pieces if game.counter(p.counter).set_id == "units"
    ]


def test_representative_setup_totals(game):
    """The TripleA set-up, transcribed (notes A7).

    Not the publisher's, but it must be transcribed right.
    """
    totals = Counter()
    for placement in game.setup("start-1914-triplea").placements:
        for piece in placement.pieces:
            totals[piece.counter] += piece.count
    assert (
        totals["ge-infantry"] == 63 and totals["ge-artillery"] == 23 and totals["ge-submarine"] == 4
    )
    assert totals["ah-infantry"] == 48 and totals["ru-infantry"] == 36 and totals["uk-cruiser"] == 5
    assert totals["us-infantry"] == 6 and totals["fr-transport"] == 3
