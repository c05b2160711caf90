"""Axis & Allies 1914: the sources against the rules summary (seed 003) and the reference notes."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.geometry import point_in_rings
from toolkit.kit.setups import gazetteer, setup_lines
from toolkit.load import load_game
from toolkit.model.chips import stacks_on_chips
from toolkit.model.map import parse_location_key
from toolkit.model.position import Position
from toolkit.model.queries import location_path
from toolkit.rules.context import Situation
from toolkit.rules.registry import CHECKS, check_position
from toolkit.rules.turn import check_moves

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
# Period silhouettes: the biplane for the 1914 fighter, the rhomboid landship for the tank.
ICONS = {"fighter": "recon-plane", "tank": "landship"}
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


def test_every_space_is_drawn_with_its_centre_well_inside(world):
    """Every territory and sea zone has a drawn outline inside the map, and its centre (where
    its name and pieces go) lies inside it, at least 2 units of the 1000-wide extent from its
    edge (Europe's territories are small at the scale of the whole theatre)."""
    extent = world.grid.extent
    for space in world.spaces:
        assert space.polygon is not None, space.id
        assert all(0 <= x <= extent[0] and 0 <= y <= extent[1] for x, y in space.polygon)
        rings = space.rings or (space.polygon,)
        assert point_in_rings(*space.center, rings), space.id
        edges = [(r[i], r[(i + 1) % len(r)]) for r in rings for i in range(len(r))]
        assert min(_segment_distance(space.center, a, b) for a, b in edges) >= 2, space.id


def _segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


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


# ---- tables, seats and set-up counts against the rules summary (seed 003) --------------------


def test_seat_splits_for_two_to_seven_players(game):
    """'LES COMBATTANTS': the role splits (the 8-player line was lost: one power each)."""
    seats = {n: [sorted(seat) for seat in split] for n, split in game.players["seats"].items()}
    expected = {
        "2": [["ah", "ge", "ot"], ["fr", "it", "ru", "uk", "us"]],
        "3": [["ah", "ge", "ot"], ["it", "ru", "us"], ["fr", "uk"]],
        "4": [["ah", "ot"], ["ge"], ["it", "ru", "us"], ["fr", "uk"]],
        "5": [["ah", "ot"], ["ge"], ["ru", "us"], ["fr", "it"], ["uk"]],
        "6": [["ah"], ["ge"], ["ot"], ["ru", "us"], ["fr", "it"], ["uk"]],
        "7": [["ah"], ["ge"], ["ot"], ["ru", "us"], ["fr"], ["it"], ["uk"]],
    }
    assert {n: s for n, s in seats.items() if n != "8"} == expected
    assert sorted(p for seat in game.players["seats"]["8"] for p in seat) == sorted(POWERS)


def test_unit_chart_costs_and_moves(game):
    """p.14 (costs, twice in the summary, and in the Mobilization Zone) and p.15-16 (moves)."""
    rows = {row.label.split(" (")[0]: row.cells for row in game.chart("units").rows}
    moves = {
        "infantry": 1,
        "artillery": 1,
        "tank": 1,
        "fighter": 2,
        "battleship": 2,
        "cruiser": 3,
        "submarine": 2,
        "transport": 2,
    }
    for unit, cost in COSTS.items():
        cells = rows[unit.capitalize()]
        assert (cells[0], cells[3]) == (cost, moves[unit]), unit
    assert rows["Battleship"][4] == 2  # p.21: a battleship takes 2 hits


def test_naval_firepower_table(game):
    """p.20 'Puissance de feu des bateaux': attack, defence, move."""
    rows = {row.label: tuple(row.cells) for row in game.chart("naval-combat").rows}
    assert rows == {
        "Battleship": (4, 4, 2),
        "Cruiser": (3, 3, 3),
        "Submarine": (2, 2, 2),
        "Transport": ("-", "-", 2),
    }


def test_fixed_rolls(game):
    """p.18 air combat 1-2; p.17 artillery first salvo 1-3; p.17 mines 1; p.23 U-boats 1-2."""
    rows = {row.label: row.cells[0] for row in game.chart("special-rolls").rows}
    assert rows == {
        "Air combat (each fighter)": "1-2",
        "Artillery first salvo": "1-3",
        "Naval mines (each enemy ship)": "1",
        "Unrestricted U-boat warfare": "1-2",
    }
    props = game.properties
    assert (props["air_combat_hit"], props["artillery_first_salvo_hit"]) == (2, 3)
    assert (props["mine_hit"], props["submarine_warfare_hit"]) == (1, 2)


def test_land_combat_values_stated_in_the_summary(game):
    """p.18: infantry and tanks attack at 2, or 3 with artillery support; p.17 first salvo 3.
    Cells marked * are TripleA's (unverified); the summary's are unmarked."""
    rows = {row.label: tuple(row.cells) for row in game.chart("land-combat-values").rows}
    assert rows["Infantry"][0] == "2"
    assert rows["Tanks"][0] == "2"
    assert rows["Infantry/tank with artillery support"] == ("3", None)
    assert rows["Fighters (air combat)"] == ("2", "2")
    assert rows["Artillery first salvo at landing units"] == (None, "3")
    assert rows["Battleship offshore bombardment"][1] is None  # no defender bombardment


def test_battle_board_boxes(game):
    """p.18 step 1: the defender's half on top, then the attacker's boxes the summary names."""
    board = game.chart("battle-board")
    assert board.type == "display"
    names = [box.name.split(":")[0] for box in board.boxes]
    half = len(names) // 2
    assert all(n.startswith(("Defend", "Artillery", "Hits")) for n in names[:half])
    quoted = {
        "Attacking infantry",
        "Attacking artillery",
        "Attacking tanks",
        "Battleship offshore bombardment",
        "Infantry/Tanks with Artillery support",
        "Artillery with air supremacy support",
    }
    assert quoted <= set(names[half:])
    # The defender gets no artillery promotion and no bombardment (p.18).
    assert not {"Infantry/Tanks with Artillery support", "Battleship offshore bombardment"} & set(
        names[:half]
    )


# The TripleA set-up per power (notes A7): infantry, artillery, fighter, battleship, cruiser,
# submarine, transport. Representative, not the box lids; the transcription must be exact.
TRIPLEA_TOTALS = {
    "ah": (48, 12, 0, 1, 1, 0, 1),
    "ru": (36, 13, 0, 1, 2, 0, 0),
    "ge": (63, 23, 1, 1, 2, 4, 0),
    "fr": (30, 8, 1, 2, 1, 0, 3),
    "uk": (34, 10, 0, 2, 5, 0, 4),
    "ot": (23, 6, 0, 0, 2, 0, 0),
    "it": (22, 7, 0, 1, 1, 0, 1),
    "us": (6, 2, 0, 1, 1, 0, 0),
}


@pytest.mark.parametrize("power", POWERS)
def test_representative_setup_totals_per_power(game, power):
    totals = Counter()
    for placement in game.setup("start-1914-triplea").placements:
        for piece in placement.pieces:
            totals[piece.counter] += piece.count
    units = ("infantry", "artillery", "fighter", "battleship", "cruiser", "submarine", "transport")
    assert tuple(totals[f"{power}-{u}"] for u in units) == TRIPLEA_TOTALS[power]
    assert totals[f"{power}-tank"] == 0  # tanks only from round 4 (p.14)


def test_the_kit_prints_one_figure_per_stack_and_chips_for_the_rest(game):
    """Seed 'Jetons en plastique': a stack is one figure on chips, dark = 5, light = 1, red for
    the Central Powers and blue for the Allies. The kit prints enough of both for the set-up
    (tests/games/test_all_games.py counts them); chips stay unlimited in play."""
    for power in POWERS:
        for unit in COSTS:
            counter = game.counter(f"{power}-{unit}")
            assert counter.unlimited and counter.count >= 4, counter.id
    chips = {c.id: c.count for c in game.counters if c.class_ == "chip"}
    assert chips == {"chip-cp-1": 70, "chip-cp-5": 25, "chip-al-1": 70, "chip-al-5": 25}


@pytest.mark.parametrize("setup_id", ["start-1914", "start-1914-triplea"])
def test_every_stack_is_a_figure_on_chips_the_kit_prints(game, setup_id):
    """Seed 'Jetons en plastique': a stack is one figure on chips (dark = 5, light = 1) of its
    side's colour. Every stack the setup sheet lays out on chips makes its count exactly, and
    the figures and chips of all stacks together are within the printed mix."""
    setup = game.setup(setup_id)
    laid = stacks_on_chips(game, setup)
    used = Counter()
    figures = Counter()
    for (place, counter_id, _), stack in laid.items():
        chips = sum(game.counter(c).properties["units"] * n for c, n in stack.chips)
        assert stack.missing == 0 and 1 + chips == stack.units, (place, counter_id)
        side = game.faction(game.counter(counter_id).faction).side
        assert {game.counter(c).properties["side"] for c, _ in stack.chips} <= {side}
        used.update({c: n for c, n in stack.chips})
        figures[counter_id] += 1
    for counter_id, n in (used + figures).items():
        assert n <= game.counter(counter_id).count, counter_id
    if setup_id == "start-1914-triplea":
        assert laid[("world:berlin", "ge-infantry", None)].chips == (
            ("chip-cp-5", 2),
            ("chip-cp-1", 2),
        )
        assert figures["ge-infantry"] == 12  # 63 German infantry in 12 territories (notes A7)


def test_the_setup_sheet_says_which_figure_and_chips_make_each_count(game):
    lines = [
        line.text
        for line in setup_lines(game, gazetteer(game), game.setup("start-1914-triplea"), 600.0)
    ]
    berlin = lines[lines.index("Berlin") + 1]
    assert berlin == (
        "13 × German Empire infantry: "
        "1 figure on 2 × Dark red chip (5 units), 2 × Light red chip (1 unit)"
    )
    assert "1 × German Empire fighter" in lines  # one figure: no chips


# ---- played: the rules at the start, and positions the rulebook forbids ----------------------


@pytest.fixture(scope="module")
def start(game):
    return Position.from_setup(game, game.setup("start-1914-triplea"))


def test_the_set_up_passes_its_own_rules(game, start):
    for setup in game.setups:
        position = Position.from_setup(game, setup)
        assert check_position(Situation(game, position, setup.id)) == [], setup.id
        assert check_moves(game, position, position, setup.id) == [], setup.id


def moved(position, piece_id, to):
    pieces = tuple(replace(p, location=to) if p.id == piece_id else p for p in position.pieces)
    return replace(position, pieces=pieces)


def test_infantry_moves_one_territory_only(game, start):
    """p.15: 'Toutes les unités terrestres ... peuvent se déplacer dans un territoire adjacent'.
    Berlin to Poland is two territories (by Prussia or Silesia)."""
    (piece,) = [p for p in start.pieces_at("world:berlin") if p.counter == "ge-infantry"][:1]
    assert check_moves(game, start, moved(start, piece.id, "world:prussia")) == []
    found = check_moves(game, start, moved(start, piece.id, "world:poland"))
    assert [v.rule for v in found] == ["movement"]
    assert found[0].cite == "AA1914 p.15, p.16"


def test_no_unit_enters_the_sahara(game, start):
    """The board: the Sahara (the production chart's place) is impassable."""
    (piece,) = [p for p in start.pieces_at("world:egypt") if p.counter == "uk-infantry"][:1]
    found = check_moves(game, start, moved(start, piece.id, "world:sahara"))
    assert "movement" in {v.rule for v in found}


def rule_or_skip(game, rule_id):
    rule = next(r for r in game.rules if r.id == rule_id)
    if rule.kind not in CHECKS:
        pytest.skip(f"no check for {rule.kind!r} rules yet; the position is written down")
    return rule


def test_a_transport_carries_two_units_not_three(game, start):
    """p.16: 'Sa capacité de transport est de 2 unités'. Three Austrian infantry with the one
    Austrian transport in its sea zone is one too many."""
    (transport,) = [p for p in start.pieces if p.counter == "ah-transport"]
    infantry = [p.id for p in start.pieces if p.counter == "ah-infantry"][:3]
    position = start
    for piece_id in infantry:
        position = moved(position, piece_id, transport.location)
    rule_or_skip(game, "transport-capacity")
    found = check_position(Situation(game, position))
    assert "transport-capacity" in {v.rule for v in found}


def test_a_fighter_ends_its_move_on_land(game, start):
    """p.15: 'un avion de chasse doit terminer son déplacement sur un territoire contenant des
    troupes terrestres de son camp'. The German fighter left in sea zone 11."""
    (fighter,) = [p for p in start.pieces if p.counter == "ge-fighter"]
    position = replace(moved(start, fighter.id, "world:sz11"), phase="combat")
    rule_or_skip(game, "fighters-end-on-land")
    found = check_position(Situation(game, position))
    assert "fighters-end-on-land" in {v.rule for v in found}


# ------------------------------------------------------------------------- the sequence of play

# Seed 003 lines 160-170 ("Phases du tour de jeu d'une puissance"), in the rulebook's order.
TURN_PHASES = (
    "Purchase and repair units",  # recrutement d'unités et réparation d'unités endommagées
    "Movement",  # mouvements
    "Combat",  # combats
    "Mobilize new units",  # mobilisation de nouvelles unités
    "Collect income",  # collecte des revenus
)
# Seed 003 lines 260-273 ("Déroulement d'un combat") and 309-317 (the naval battle).
LAND_STEPS = ("Place dice", "Air supremacy", "Attacking", "Defending", "Remove", "Conclude")
NAVAL_STEPS = ("Attacking ships", "Defending ships", "Remove", "Attacker continues")


def _steps(rows, heading: str) -> list[str]:
    """The numbered rows after a heading row, up to the next heading."""
    labels = [row.label for row in rows]
    steps = []
    for label in labels[labels.index(heading) + 1 :]:
        if not label[0].isdigit():
            break
        steps.append(label)
    return steps


def test_sequence_of_play_follows_the_five_phases(game):
    """Seed 003 line 157: five phases in a fixed order; pages 14, 15 and 18 open phases 1-3."""
    rows = game.chart("sequence-of-play").rows
    assert [row.label for row in rows] == [f"{n}. {p}" for n, p in enumerate(TURN_PHASES, 1)]
    assert [row.cells[1] for row in rows] == ["p.14", "p.15", "p.18", None, None]
    assert [p.name for p in game.turns.phases] == list(TURN_PHASES)


def test_combat_sequence_steps_in_rulebook_order(game):
    """Seed 003 lines 264-273: six land combat steps; lines 311-317: four naval battle steps."""
    rows = game.chart("combat-sequence").rows
    land, naval = _steps(rows, "LAND COMBAT"), _steps(rows, "NAVAL BATTLE")
    for steps, expected in ((land, LAND_STEPS), (naval, NAVAL_STEPS)):
        numbered = [label.split(". ", 1) for label in steps]
        assert [number for number, _ in numbered] == [str(n) for n in range(1, len(expected) + 1)]
        assert all(name.startswith(w) for (_, name), w in zip(numbered, expected, strict=True))
