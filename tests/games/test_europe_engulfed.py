"""Europe Engulfed (GMT, 2003): the sources against facts from the rulebook.

Rule numbers are those of the 1st-edition rulebook (French translation with the 28/09/2004 errata).
"""

from __future__ import annotations

import math
from collections import Counter as Tally
from pathlib import Path

import pytest

from toolkit.geometry import point_in_rings
from toolkit.load import load_game
from toolkit.model.map import parse_location_key
from toolkit.model.queries import location_path

GAME = Path(__file__).resolve().parents[2] / "sources" / "europe-engulfed"
MAP = "europe"
LAND = {"infantry", "armour", "militia", "cavalry", "airborne"}

# "Composants du jeu": 284 wooden blocks by colour
SEED_BLOCKS = {
    "grey": 68,
    "dark-grey": 10,
    "yellow": 18,
    "light-green": 20,
    "dark-green": 27,
    "light-blue": 27,
    "dark-blue": 24,
    "red-orange": 68,
    "dark-red": 7,
    "brown": 15,
}


@pytest.fixture(scope="module")
def game():
    result = load_game(GAME)
    assert result.game is not None, result.report.format_text()
    return result.game


@pytest.fixture(scope="module")
def europe(game):
    return game.map(MAP)


def loc(game, label):
    return game.locations[f"{MAP}:{label}"]


def neighbours(europe, label, types=None):
    """The spaces next to ``label`` across a border of one of ``types`` (any when None)."""
    return {
        to
        for to in europe.neighbours(label)
        if types is None or europe.border_type(label, to) in types
    }


def borders(europe, kind):
    """Every border of a kind, as pairs of spaces."""
    return {frozenset((a, b)) for a in europe.adjacency for b in neighbours(europe, a, {kind})}


def rule(game, rule_id):
    found = [r for r in game.rules if r.id == rule_id]
    assert found, f"no rule {rule_id!r}"
    return found[0]


def blocks(game):
    return [c for c in game.counters if game.template(c.template).shape == "block"]


# -- loading ----------------------------------------------------------------------------------


def test_sources_load_without_diagnostics():
    result = load_game(GAME)
    assert result.game is not None, result.report.format_text()
    assert not result.report.errors


# -- blocks (Components, Glossary, 4.4) -----------------------------------------------------------


def test_block_counts_per_colour_match_the_component_list(game):
    tally = Tally()
    for counter in blocks(game):
        tally[counter.properties["block_colour"]] += counter.count
    assert dict(tally) == SEED_BLOCKS
    assert sum(tally.values()) == 284


def test_every_land_unit_is_a_block_with_one_to_four_steps_and_a_hidden_face(game):
    land = [c for c in game.counters if c.class_ in LAND]
    assert land and {c.id for c in land} == {c.id for c in blocks(game)}
    for counter in land:
        template = game.template(counter.template)
        assert template.shape == "block"
        assert template.back.style == "hidden"
        assert 1 <= counter.steps <= 4, counter.id
        assert counter.faction, counter.id


def test_block_colours_follow_nationality_and_elite_status(game):
    expected_faction = {
        "grey": {"ge"},
        "dark-grey": {"ge"},
        "yellow": {"fi", "ro", "hu", "bg"},
        "light-green": {"it"},
        "dark-green": {"us"},
        "light-blue": {"fr", "vichy", "ff"},
        "dark-blue": {"gb"},
        "red-orange": {"su"},
        "dark-red": {"su"},
    }
    for counter in blocks(game):
        colour = counter.properties["block_colour"]
        elite = "elite" in counter.tags
        assert elite == (colour in ("dark-grey", "dark-red")), counter.id
        if colour in expected_faction:
            assert counter.faction in expected_faction[colour], counter.id
        else:
            assert game.faction(counter.faction).side == "neutral", counter.id


def test_elite_units_are_armour_and_infantry_only(game):
    elite = Tally()
    for counter in blocks(game):
        if "elite" in counter.tags:
            elite[(counter.faction, counter.class_)] += counter.count
    assert {cls for (_f, cls) in elite} == {"armour", "infantry"}
    assert sum(n for (f, _c), n in elite.items() if f == "ge") == 10
    assert sum(n for (f, _c), n in elite.items() if f == "su") == 7
    assert elite[("su", "infantry")] >= 4  # 9.24e: four free elite infantry in Jan/Feb 1942


def test_full_strengths_the_rules_state(game):
    c = game.counter
    assert c("ge-panzer").steps == 4 and c("ge-infantry").steps == 4  # 5.14, 6.26 examples
    assert c("su-infantry").steps == 4  # 5.14 example
    assert c("it-infantry").steps == 3  # 8.2 example
    assert c("vichy-infantry").steps == 2 and c("vichy-infantry").count == 3  # 9.522
    assert c("ff-armour").steps == 3 and c("ff-armour").count == 1  # 9.531
    assert c("ff-infantry").steps == 3 and c("ff-infantry").count == 3  # 9.531
    assert c("ro-armour").class_ == "armour"  # 9.15


def test_build_costs_per_step_follow_4_43(game):
    for counter in blocks(game):
        base = {"infantry": 1, "militia": 1, "cavalry": 1, "armour": 2, "airborne": 2}[
            counter.class_
        ]
        expected = base * (2 if "elite" in counter.tags else 1)
        assert counter.properties["werp_per_step"] == expected, counter.id
        assert counter.properties["cadre_cost_doubled"] == (counter.class_ != "militia"), counter.id


# -- markers --------------------------------------------------------------------------------------


def test_fleet_points_are_unlimited_and_two_sided(game):
    fleets = [c for c in game.counters if c.class_ == "fleet"]
    assert {c.faction for c in fleets} == {"ge", "it", "fr", "gb", "su"}  # GB and US share (9.32)
    for fleet in fleets:
        assert fleet.unlimited
        assert fleet.front.values["status"] == "Trans. Avail."
        assert fleet.back is not None and fleet.back.values["status"] == "w/out Transport"


def test_out_of_supply_marker_flips_to_moved(game):
    oos = game.counter("out-of-supply")
    assert oos.front.values["label"] == "Out of Supply"
    assert oos.back.values["label"] == "Moved"


def test_gsu_markers_are_round_and_flip_between_ground_support_and_air_combat(game):
    gsus = [c for c in game.counters if c.class_ == "gsu"]
    assert {c.faction for c in gsus} == {"ge", "it", "fr", "gb", "us", "su"}
    for gsu in gsus:
        assert game.template(gsu.template).shape == "round"
        assert {gsu.front.values["mode"], gsu.back.values["mode"]} == {
            "Ground Support",
            "Air Combat",
        }


def test_special_actions_cover_the_7_11_maxima_and_the_9_64_minors(game):
    sa = {c.faction: c.count for c in game.counters if c.class_ == "special-action"}
    assert sa == {
        "ge": 5,
        "it": 1,
        "fr": 1,
        "gb": 2,
        "us": 3,
        "su": 3,
        "pl": 1,
        "es": 1,
        "tr": 1,
        "yu": 1,
    }
    assert "vichy" not in sa and "ff" not in sa  # 7.11: 0


def test_marker_mix_matches_the_136_square_and_68_round_markers(game):
    square = round_ = 0
    for counter in game.counters:
        if counter.class_ in LAND:
            continue
        shape = game.template(counter.template).shape
        if shape == "round":
            round_ += counter.count
        else:
            square += counter.count
    assert (square, round_) == (136, 68)


def test_named_markers_exist(game):
    for marker in (
        "fortification",
        "su-heavy-fortification",
        "beachhead-western-allies",
        "beachhead-axis",
        "beachhead-ussr",
        "turn",
        "axis-minor-step",
        "ge-u-boats",
        "gb-asw",
        "ge-flak",
        "gb-flak",
        "ge-v1",
        "ge-v2",
        "ge-bombers",
        "gb-bombers",
        "ge-fighters",
        "gb-fighters",
        "gb-next-allowed-asw",
        "ge-next-allowed-flak",
        "gb-next-allowed-flak",
    ):
        assert game.counter(marker).class_ == "marker"
    assert game.counter("fortification").unlimited  # 6.98
    assert game.counter("su-heavy-fortification").count == 2  # 6.95: only two
    beachheads = {
        c: game.counter(c).count
        for c in ("beachhead-western-allies", "beachhead-axis", "beachhead-ussr")
    }
    assert beachheads == {
        "beachhead-western-allies": 2,
        "beachhead-axis": 1,
        "beachhead-ussr": 1,
    }  # 7.24
    assert game.counter("ge-u-boats").back.values["label"] == "U-boats +30"
    next_fleet = {c.faction for c in game.counters if c.id.endswith("-next-fleet-allowed")}
    assert next_fleet == {"ge", "it", "fr", "gb", "us", "su"}  # 4.62: one per major power


# -- map: fortresses, special areas, borders -------------------------------------------------------


def test_five_fortresses_nested_in_the_right_areas(game, europe):
    fortresses = {
        label for label, location in europe.locations.items() if "fortress" in location.tags
    }
    assert fortresses == {"leningrad", "sevastopol", "malta", "tobruk", "gibraltar"}  # 6.85
    parent = {f: loc(game, f).parent for f in fortresses}
    assert parent["malta"] is None  # Glossary
    assert parent["gibraltar"] == f"{MAP}:andalusia"
    assert parent["tobruk"] == f"{MAP}:cyrenaica"
    assert parent["sevastopol"] == f"{MAP}:crimea"
    assert parent["leningrad"] == f"{MAP}:novgorod"
    # the surrounding areas: Spanish (6.85), Libyan-Italian, Soviet
    assert loc(game, "andalusia").owner == "es" and "country-es" in loc(game, "andalusia").tags
    assert "country-ly" in loc(game, "cyrenaica").tags
    assert loc(game, "crimea").owner == "su" and loc(game, "novgorod").owner == "su"
    for fortress in fortresses:
        assert loc(game, fortress).terrain == "fortress"
        assert any(f.type == "fortress" and f.at == fortress for f in europe.features)


def test_fortresses_connect_only_to_their_area_seas_and_air_routes(europe):
    for fortress in ("leningrad", "sevastopol", "tobruk", "gibraltar"):
        land = {to for to in neighbours(europe, fortress) if europe.location(to).kind == "land"}
        perimeter = neighbours(europe, fortress, {"fortress-perimeter"})
        _, parent = parse_location_key(europe.location(fortress).parent)
        assert perimeter == {parent}
        assert land - perimeter <= neighbours(europe, fortress, {"air-route"})
    not_by_air = neighbours(europe, "malta") - neighbours(europe, "malta", {"air-route"})
    assert {europe.location(to).kind for to in not_by_air} == {"sea"}
    assert "mediterranean" in neighbours(europe, "malta")
    assert {"atlantic", "mediterranean"} <= neighbours(europe, "gibraltar")


def test_soviet_fortresses_are_marked_and_no_units_are_built_there(game):
    for fortress in ("leningrad", "sevastopol"):
        assert "soviet-fortress" in loc(game, fortress).tags
    placement = rule(game, "new-units-home")
    assert placement.at.not_ is not None and "soviet-fortress" in placement.at.not_.tag


def test_fortress_stacking_overrides(game):
    stacking = rule(game, "fortress-stacking")
    assert stacking.kind == "stacking" and stacking.cite == "EE 5.5"
    assert stacking.limit is None  # no limit in ordinary areas
    assert stacking.when == "end-of-phase"
    assert stacking.mixed_sides is True
    limits = {}
    for override in stacking.overrides:
        where = override.where
        key = "soviet" if where.tag == {"soviet-fortress"} else "other"
        if key == "other":
            assert where.tag == {"fortress"} and where.not_.tag == {"soviet-fortress"}
        limits[key] = override.limit
    assert limits == {"other": 1, "soviet": 2}
    assert "gsu" in stacking.exempt.class_


def test_maginot_line_is_metz(game, europe):
    metz = loc(game, "metz")
    assert "maginot-line" in metz.tags and metz.owner == "fr"
    maginot = [f for f in europe.features if f.id == "maginot-line"]
    assert maginot and maginot[0].at == "metz" and maginot[0].values["hit_bonus"] == 2  # 6.84
    # +2 against units entering from a contiguous area of Germany or Belgium
    assert {"belgium", "ruhr", "munich"} <= neighbours(europe, "metz")


def test_urals_closed_to_the_axis(game):
    urals = loc(game, "urals")
    assert urals.name == "Ural Mountains" and "urals" in urals.tags and urals.owner == "su"
    entry = rule(game, "axis-no-urals")
    assert entry.kind == "entry" and entry.cite == "EE 5.18"
    assert entry.pieces.side == {"axis"} and entry.forbid.tag == {"urals"}


def test_swamp_entry_is_forbidden_to_armour(game, europe):
    entry = rule(game, "armour-no-swamp")
    assert entry.kind == "entry" and entry.cite.startswith("EE 5.15")
    assert entry.pieces.class_ == {"armour"}
    assert entry.forbid.terrain == {"swamp"}
    move = rule(game, "op-move-armour")
    assert move.costs["swamp"] == "prohibited"
    swamps = {label for label, location in europe.locations.items() if location.terrain == "swamp"}
    assert {"ladoga-swamp", "onega-swamp"} <= swamps


def test_paris_has_five_surrounding_areas(europe):
    # 9.521: Vichy may form when the Axis holds "the five areas around Paris"
    around = neighbours(europe, "paris")
    assert len(around) == 5 and all(europe.locations[a].kind == "land" for a in around)
    assert all("country-fr" in europe.locations[a].tags for a in around)
    # 5.43 example: armour from Normandy liberates Bordeaux on its way to Paris
    assert "bordeaux" in neighbours(europe, "normandy") and "bordeaux" in around


def test_exactly_three_straits(europe):
    assert borders(europe, "strait") == {
        frozenset(("sicily", "naples")),
        frozenset(("istanbul", "izmir")),
        frozenset(("crimea", "krasnodar")),
    }
    names = {h.name for h in europe.hexsides if h.type == "strait"}
    assert names == {"Strait of Messina", "Dardanelles", "Kerch Strait"}


def test_border_types_are_declared_and_named_borders_agree(game, europe):
    declared = {h.id for h in game.hexside_types}
    assert {"river", "strait", "air-route", "fortress-perimeter"} <= declared
    used = {europe.border_type(a, b) for a in europe.adjacency for b in europe.neighbours(a)}
    assert used <= declared | {"land", "sea", "coast"}
    for side in europe.hexsides:
        assert europe.border_type(side.a, side.b) == side.type, side
    rivers = borders(europe, "river")
    named = {frozenset((h.a, h.b)) for h in europe.hexsides if h.type == "river"}
    assert rivers == named and rivers


def test_adjacency_is_symmetric(europe):
    assert europe.adjacency
    for label in europe.adjacency:
        for to in europe.neighbours(label):
            assert europe.neighbours(to).count(label) == 1, (label, to)
            assert europe.border_type(to, label) == europe.border_type(label, to), (label, to)


def test_land_areas_form_one_connected_graph_with_the_seas(game, europe):
    for label in europe.adjacency:
        assert set(europe.neighbours(label)) <= set(europe.adjacency), label
        assert location_path(game, f"{MAP}:paris", f"{MAP}:{label}"), label


def _top_level(europe):
    """Spaces drawn as territories of their own (nested fortresses sit inside their parents)."""
    return [s for s in europe.spaces if europe.location(s.id).parent is None]


def _edge_distance(point, rings):
    """How far a point is from the nearest edge of an outline."""
    px, py = point
    best = math.inf
    for ring in rings:
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
            best = min(best, math.dist(point, (ax + t * dx, ay + t * dy)))
    return best


def test_every_area_is_drawn_with_its_centre_well_inside(europe):
    """Each land and sea area has a drawn outline, and its centre (where its name and pieces
    go) lies inside it, at least 3 units (of the 1000-wide extent; Crete is thin) from its edge."""
    for space in _top_level(europe):
        if space.kind == "box":
            continue
        assert space.polygon is not None, space.id
        rings = space.rings or (space.polygon,)
        assert point_in_rings(*space.center, rings), space.id
        assert _edge_distance(space.center, rings) >= 3, space.id


@pytest.mark.parametrize("fortress", ["leningrad", "sevastopol", "tobruk", "gibraltar"])
def test_nested_fortresses_sit_inside_their_area(europe, fortress):
    """6.85: a fortress is a space inside its surrounding area, not a box on a border: its
    centre lies inside its area's outline, with room for its label (5 units from the edge)."""
    space = next(s for s in europe.spaces if s.id == fortress)
    _, parent = parse_location_key(europe.location(fortress).parent)
    home = next(s for s in _top_level(europe) if s.id == parent)
    rings = home.rings or (home.polygon,)
    assert point_in_rings(*space.center, rings), fortress
    assert _edge_distance(space.center, rings) >= 5, fortress


def test_usa_box_and_sea_areas(game, europe):
    usa = loc(game, "usa")
    assert usa.kind == "box" and usa.owner == "us" and "home-us" in usa.tags
    assert neighbours(europe, "usa") == {"atlantic"}
    seas = {label for label, location in europe.locations.items() if location.kind == "sea"}
    assert {"atlantic", "mediterranean", "baltic", "black-sea"} <= seas
    # Suez: Mediterranean to the Red Sea, usable with Alexandria and the Sinai Desert (Glossary)
    assert "red-sea" in neighbours(europe, "mediterranean", {"suez-canal"})
    assert "red-sea" in neighbours(europe, "sinai-desert") and "mediterranean" in neighbours(
        europe, "alexandria"
    )
    # Persia is a port through the Persian Gulf;
    # the Cape route reaches Upper Egypt and Persia (5.33)
    assert "persian-gulf" in neighbours(europe, "persia")
    assert neighbours(europe, "cape-route", {"cape-route"}) == {
        "atlantic",
        "red-sea",
        "persian-gulf",
    }


def test_names_the_rules_use_exist(game):
    for label in (
        "ruhr",
        "east-prussia",
        "paris",
        "normandy",
        "pas-de-calais",
        "bordeaux",
        "lyon",
        "marseille",
        "metz",
        "corsica",
        "morocco",
        "lebanon",
        "syria",
        "rome",
        "piedmont",
        "sicily",
        "sardinia",
        "tripoli",
        "cyrenaica",
        "albania",
        "alexandria",
        "sinai-desert",
        "upper-egypt",
        "transjordan",
        "iraq",
        "persia",
        "crete",
        "moscow",
        "novgorod",
        "karelia",
        "ladoga-swamp",
        "onega-swamp",
        "baku",
        "murmansk",
        "lithuania",
        "brest-litovsk",
        "lvov",
        "bessarabia",
        "ploesti",
        "athens",
        "oslo",
        "trondheim",
        "andalusia",
        "denmark",
        "netherlands",
        "belgium",
    ):
        assert f"{MAP}:{label}" in game.locations, label


def test_pact_areas(game):
    locations = game.map(MAP).locations
    pact = {label for label, location in locations.items() if "pact-area" in location.tags}
    assert pact == {"lithuania", "brest-litovsk", "lvov", "bessarabia"}  # 9.25, 9.26


def test_onega_swamp_is_just_east_of_finland_and_guards_murmansk(europe):
    assert {"karelia", "central-finland"} & neighbours(europe, "onega-swamp")
    land = {a for a in neighbours(europe, "murmansk") if europe.locations[a].kind == "land"}
    assert land == {"onega-swamp"}
    # 5.17: Leningrad lies between Novgorod and Karelia
    assert "karelia" in neighbours(europe, "novgorod")


def test_weather_zones(game, europe):
    for label, location in europe.locations.items():
        if location.kind != "land":
            continue
        zones = {t for t in location.tags if t.startswith("weather-")}
        assert len(zones) == 1, label
    assert (
        "weather-south" in loc(game, "lyon").tags and "weather-south" in loc(game, "corsica").tags
    )
    assert "weather-west" in loc(game, "paris").tags
    # 9.21: Soviets may not operate in the South zone except in these countries, so the
    # Soviet home areas are all outside it
    assert all(
        "weather-south" not in location.tags
        for location in europe.locations.values()
        if "home-su" in location.tags
    )


def test_home_areas(game):
    assert "home-it" in loc(game, "sicily").tags  # 9.4 note
    assert "home" not in loc(game, "albania").tags and loc(game, "albania").owner == "it"
    locations = game.map(MAP).locations
    vichy = {label for label, location in locations.items() if "vichy-territory" in location.tags}
    assert vichy == {
        "lyon",
        "marseille",
        "corsica",
        "morocco",
        "algeria",
        "tunisia",
        "lebanon",
        "syria",
    }
    middle_east = {label for label, location in locations.items() if "middle-east" in location.tags}
    assert middle_east == {"lebanon", "syria", "transjordan", "iraq", "persia"}  # Glossary


# -- economy ---------------------------------------------------------------------------------


def resources(europe):
    return {f.at: f for f in europe.features if f.type == "resource"}


def test_home_resource_areas_add_up_to_the_base_production(game, europe):
    res = resources(europe)
    for nation, base, each in (("ge", 30, 6), ("it", 10, 5), ("fr", 16, 8), ("gb", 24, 8)):
        home = [
            f
            for at, f in res.items()
            if f.owner == nation and f"home-{nation}" in game.map(MAP).locations[at].tags
        ]
        assert all(f.values["werp"] == each for f in home), nation
        assert len(home) * each == base, nation
    assert {"rome", "piedmont"} <= {at for at, f in res.items() if f.owner == "it"}  # 10.31c


def test_soviet_on_map_resources_total_17(europe):
    res = resources(europe)
    soviet = {at: f.values["werp"] for at, f in res.items() if f.owner == "su"}
    assert soviet["moscow"] == 4 and soviet["baku"] == 5  # 4.14
    assert sum(soviet.values()) == 17  # 34 base, half off-map
    assert res["moscow"].values["werp_captured"] == 2 and res["baku"].values["werp_captured"] == 2
    assert all(
        res[a].values["werp_captured"] == 1 for a in soviet if a not in ("moscow", "baku")
    )  # 4.13
    assert "leningrad" in soviet  # 4.12


def test_minor_and_captured_values(europe):
    res = resources(europe)
    for at, feature in res.items():
        if feature.owner not in ("ge", "it", "fr", "gb", "su", "us"):
            assert feature.values["werp"] == 2, at
    assert res["alexandria"].owner == "gb" and res["alexandria"].values["werp_captured"] == 2
    assert "ploesti" in res


def test_capitals_named_in_the_rules(europe):
    capitals = {f.at: f for f in europe.features if f.type == "capital"}
    assert capitals["oslo"].owner == "no" and capitals["athens"].owner == "gr"
    assert capitals["paris"].owner == "fr" and capitals["lyon"].owner == "vichy"  # 9.522


def test_production_chart(game):
    chart = game.chart("production")
    rows = {r.label: r.cells for r in chart.rows}
    assert rows["Germany"] == (30, 6) and rows["Italy"] == (10, 5) and rows["France"] == (16, 8)
    assert rows["Great Britain"] == (24, 8) and rows["USSR"] == (34, 1) and rows["U.S.A."][0] == 40
    assert rows["Any minor power"][1] == 2


def test_build_cost_chart(game):
    rows = {r.label: r.cells[0] for r in game.chart("build-costs").rows}
    assert rows == {
        "Infantry / militia step": 1,
        "Cavalry step": 1,
        "Armour / panzer step": 2,
        "Airborne step": 2,
        "Fortification": 5,
        "Soviet heavy fortification": 10,
        "Ground Support Unit": 5,
        "Fighter point": 3,
        "Bomber point": 5,
        "Flak +1 level": 10,
        "U-boat point": 1,
        "Fleet Point": 10,
        "ASW +1 level": 15,
        "Special Action": 5,
        "V-1 (per 2 points)": 1,
        "V-2 (per point)": 1,
    }


def test_strategic_and_special_action_limits(game):
    limits = {r.label: r.cells for r in game.chart("strategic-build-limits").rows}
    assert limits["Germany"] == (8, 6, 2, 4, 2)
    assert limits["Great Britain"][3:] == (2, 1) and limits["U.S.A."][3:] == (6, 3)
    sa = {r.label: r.cells[0] for r in game.chart("special-actions").rows}
    assert [sa[k] for k in ("Germany 1939-1941", "Germany 1942-1943", "Germany 1944+")] == [5, 4, 3]
    assert [sa[k] for k in ("U.S.A. 1942", "U.S.A. 1943", "U.S.A. 1944+")] == [1, 2, 3]
    assert [sa[k] for k in ("USSR 1939-1942", "USSR 1943", "USSR 1944+")] == [1, 2, 3]
    assert (
        sa["Italy"] == sa["France"] == 1
        and sa["Great Britain"] == 2
        and sa["Free French or Vichy"] == 0
    )


def test_small_tables(game):
    assert [r.cells[0] for r in game.chart("v-weapons").rows] == [0, 1, 2]
    assert [r.label for r in game.chart("flak").rows] == ["0", "1", "2", "3", "4"]
    conscription = {r.label: r.cells for r in game.chart("soviet-production").rows}
    assert conscription["Emergency Conscription: free infantry steps"] == (20, 15, 10, 5)
    assert sum(conscription["Emergency Conscription: free infantry steps"]) == 50
    assert conscription["Suggested newcomer bid of 20"] == (12, 9, 6, 3)


def test_turn_track_covers_sep_oct_1939_to_nov_dec_1945(game):
    track = game.chart("turn-track")
    labels = [c.label for c in track.cells]
    assert len(labels) == 38 and labels[0] == "Sep/Oct 1939" and labels[-1] == "Nov/Dec 1945"
    assert list(game.turns.labels) == labels and game.turns.last == 38
    variable = [c.label for c in track.cells if "Variable weather" in c.note]
    assert all(label.startswith(("Mar/Apr", "Nov/Dec")) for label in variable)
    assert len(variable) == 13  # Nov/Dec 1939 + 6 x (Mar/Apr, Nov/Dec)


# -- rules ---------------------------------------------------------------------------------


def test_every_rule_cites_the_rulebook(game):
    assert game.rules
    for r in game.rules:
        assert r.cite.startswith("EE "), r.id


def test_supply_does_not_cross_air_routes(game):
    supply = rule(game, "supply")
    assert "air-route" in supply.blocked_by and "strait" not in supply.blocked_by


def test_victory_rules(game, europe):
    axis = rule(game, "axis-operational-victory")
    assert axis.count == 10  # 10.42
    resource_keys = {f"{MAP}:{f.at}" for f in europe.features if f.type == "resource"}
    assert set(axis.control) == resource_keys
    allies = rule(game, "allied-victory")
    german = {f"{MAP}:{f.at}" for f in europe.features if f.type == "resource" and f.owner == "ge"}
    assert set(allies.control) == german


# -- setups ----------------------------------------------------------------------------------


def test_setups_place_existing_counters_within_the_mix_on_existing_locations(game):
    assert game.setups
    for setup in game.setups:
        used = Tally()
        for placement in setup.placements:
            assert placement.at in game.locations, (setup.id, placement.at)
            for piece in placement.pieces:
                counter = game.counter(piece.counter)
                used[counter.id] += piece.count
                if piece.step is not None:
                    assert piece.step <= counter.steps
        for counter_id, n in used.items():
            counter = game.counter(counter_id)
            assert counter.unlimited or n <= counter.count, (setup.id, counter_id, n)
        for locations in setup.control.values():
            assert all(key in game.locations for key in locations)


def test_campaign_1939_control(game):
    """The start lines are the 1939 borders, power by power (Glossary: controlled areas)."""
    setup = game.setup("campaign-1939")
    assert setup.turn == 1 and setup.last_turn == 38 and setup.first == "axis"
    control = {faction: set(keys) for faction, keys in setup.control.items()}
    assert f"{MAP}:gibraltar" in control["gb"]
    assert f"{MAP}:andalusia" in control["es"]  # 6.85: Gibraltar's area starts Spanish
    assert f"{MAP}:ruhr" in control["ge"] and f"{MAP}:albania" in control["it"]
    assert f"{MAP}:paris" in control["fr"] and f"{MAP}:lithuania" in control["baltic"]
    everyone = [k for keys in setup.control.values() for k in keys]
    assert len(everyone) == len(set(everyone))
    land = [where.key for where in game.map(MAP).locations.values() if where.kind == "land"]
    assert set(land) <= set(everyone), "every land area has a controller at the start"
    assert setup.globals["werp_base"] == {"ge": 30, "it": 5, "fr": 16, "gb": 24, "us": 0}


# -- the representative 1939 campaign -----------------------------------------------------------

CAMPAIGN = "campaign-1939"
POOLS = {  # each force-pool box and the powers whose pieces wait in it
    "force-pool-ge:ge-pool": {"ge"},
    "force-pool-su:su-pool": {"su"},
    "force-pools-gb-us:gb-pool": {"gb"},
    "force-pools-gb-us:us-pool": {"us"},
    "force-pools-fr-it:fr-pool": {"fr"},
    "force-pools-fr-it:it-pool": {"it"},
    "force-pools-fr-it:vichy-pool": {"vichy"},
    "force-pools-fr-it:ff-pool": {"ff"},
    "force-pools-minors:axis-minors-pool": {"fi", "ro", "hu", "bg"},
    "force-pools-minors:neutrals-pool": {
        "pl",
        "es",
        "tr",
        "yu",
        "gr",
        "se",
        "no",
        "be",
        "nl",
        "ch",
    },
}
POOLED = {"gsu", "special-action"}
"""Besides blocks, what a force pool holds: the units and Special Actions a power can build
(Glossary: Force Pool; GSUs are units, and their count is the most in play)."""


def _campaign_pieces(game):
    """(location key, counter, step) for every piece the 1939 campaign sets up."""
    setup = game.setup(CAMPAIGN)
    return [
        (placement.at, game.counter(piece.counter), piece.step)
        for placement in setup.placements
        for piece in placement.pieces
        for _ in range(piece.count)
    ]


def test_campaign_1939_sets_up_the_whole_printed_mix_once(game):
    """Composants du jeu and 4.4: every block of the 284 is either on the map or waiting in its
    Force Pool, once; so is every GSU and Special Action marker; no limited marker is used more
    often than printed."""
    used = Tally(counter.id for _, counter, _ in _campaign_pieces(game))
    for counter in game.counters:
        if counter.block or counter.class_ in POOLED:
            assert used[counter.id] == counter.count, counter.id
        elif not counter.unlimited:
            assert used[counter.id] <= counter.count, counter.id
    assert sum(used[c.id] for c in blocks(game)) == 284


def test_campaign_1939_every_block_stands_where_its_nation_may_set_up(game):
    """A block on the map starts in an area its power controls at the start (its home areas,
    and for the majors the colonies, mandates and fortresses behind their start lines), at a
    strength it has (Glossary: Steps); off the map it waits in its own Force Pool."""
    control = {
        key: faction for faction, keys in game.setup(CAMPAIGN).control.items() for key in keys
    }
    on_map = 0
    for at, counter, step in _campaign_pieces(game):
        if not (counter.block or counter.class_ in POOLED):
            continue
        assert step is None or 1 <= step <= counter.steps, (counter.id, at)
        if at in POOLS:
            assert counter.faction in POOLS[at], (counter.id, at)
            continue
        where = game.locations[at]
        assert where.map_id == MAP and where.kind == "land", (counter.id, at)
        assert control[at] == counter.faction, (counter.id, at)
        if counter.class_ == "special-action":
            assert f"home-{counter.faction}" in where.tags, (counter.id, at)  # 7.12
        on_map += 1
    assert on_map >= 80


def test_campaign_1939_fleets_start_at_sea_beside_a_port_of_their_power(game, europe):
    """4.64 and 8.3: Fleet Points are in sea areas, each with a port its power controls; no
    German fleet may use the Mediterranean while Italy is neutral (9.44)."""
    control = {
        key: faction for faction, keys in game.setup(CAMPAIGN).control.items() for key in keys
    }
    fleets = Tally()
    for at, counter, _ in _campaign_pieces(game):
        if counter.class_ != "fleet":
            continue
        fleets[(at, counter.faction)] += 1
        assert game.locations[at].kind == "sea", at
        ports = {
            f"{MAP}:{n}"
            for n in europe.neighbours(parse_location_key(at)[1])
            if "port" in loc(game, n).tags
        }
        assert any(control.get(p) == counter.faction for p in ports), (counter.id, at)
    assert fleets[(f"{MAP}:mediterranean", "ge")] == 0 and fleets[(f"{MAP}:mediterranean", "it")]


def test_campaign_1939_respects_stacking_and_the_checker_agrees(game):
    """5.5: at most 1 land unit in a fortress, 2 in a Soviet one; the rules checker passes the
    set-up (`toolkit check --setup campaign-1939`) and refuses a second unit in Gibraltar."""
    from dataclasses import replace

    from toolkit.model.position import Position
    from toolkit.rules.context import Situation
    from toolkit.rules.registry import check_position

    in_fortress = Tally(
        at
        for at, counter, _ in _campaign_pieces(game)
        if counter.class_ in LAND and "fortress" in game.locations[at].tags
    )
    assert in_fortress, "the fortresses start garrisoned"
    for at, n in in_fortress.items():
        assert n <= (2 if "soviet-fortress" in game.locations[at].tags else 1), at
    setup = game.setup(CAMPAIGN)
    found = check_position(Situation(game, Position.from_setup(game, setup), CAMPAIGN, start=True))
    assert [v for v in found if v.severity != "info"] == []
    moved = tuple(  # Malta's garrison moved into Gibraltar
        replace(p, at=f"{MAP}:gibraltar") if p.at == f"{MAP}:malta" else p for p in setup.placements
    )
    crowded = replace(setup, placements=moved)
    found = check_position(
        Situation(game, Position.from_setup(game, crowded), CAMPAIGN, start=True)
    )
    assert {(v.rule, v.cite) for v in found if v.severity != "info"} == {
        ("fortress-stacking", "EE 5.5")
    }


def test_campaign_1939_reads_back_the_rulebook(game):
    """Facts of the 1939 campaign the rulebook gives, with their rule numbers."""
    setup = game.setup(CAMPAIGN)
    pieces = _campaign_pieces(game)
    where = Tally()
    for at, counter, _ in pieces:
        where[(counter.id, at.split(":")[0] if at in POOLS else at)] += 1
    assert setup.turn == 1 and game.turns.labels[0] == "Sep/Oct 1939"  # 9.23a
    assert setup.last_turn == 38 and game.turns.labels[37] == "Nov/Dec 1945"  # 10.42
    assert where[("turn", "turn-track:Sep/Oct 1939")] == 1  # 1.4
    assert setup.globals["werp_base"]["it"] == 5  # 9.42: 5 while neutral
    assert setup.globals["werp_base"]["ge"] == 30 and setup.globals["werp_base"]["gb"] == 24  # 4.14
    maxima = {"ge": 5, "it": 1, "fr": 1, "gb": 2, "su": 1, "us": 0}  # 7.11, 1939
    on_map = Tally(
        c.faction for at, c, _ in pieces if c.class_ == "special-action" and at not in POOLS
    )
    assert all(on_map[f] <= n for f, n in maxima.items()), on_map
    assert on_map["pl"] == 1  # 9.64: Poland's Special Action when war is declared on it
    assert f"{MAP}:andalusia" in setup.control["es"]  # 6.85
    assert f"{MAP}:gibraltar" in setup.control["gb"]  # Glossary: Fortresses
    vichy = [s for at, c, s in pieces if c.faction == "vichy"]
    assert len(vichy) == 3 and all(
        at == "force-pools-fr-it:vichy-pool" for at, c, _ in pieces if c.faction == "vichy"
    )  # 9.522
    assert game.counter("vichy-infantry").steps == 2  # 9.522: 2-step units
    free_french = Tally(
        c.class_ for at, c, _ in pieces if c.faction == "ff" and at.endswith("ff-pool")
    )
    assert free_french == {"armour": 1, "infantry": 3}  # 9.531
    assert not [c for at, c, _ in pieces if c.faction == "us" and at not in POOLS]  # 9.32
    minors = {"fi", "ro", "hu", "bg"}
    assert not [c for at, c, _ in pieces if c.faction in minors and at not in POOLS]  # 9.15
    italy = {k for k, w in game.locations.items() if "country-it" in w.tags}
    assert not [c for at, c, _ in pieces if c.faction == "ge" and at in italy]  # 9.44
    soviet_south = [
        at
        for at, c, _ in pieces
        if c.faction == "su" and at not in POOLS and "weather-south" in game.locations[at].tags
    ]
    assert soviet_south == []  # 9.21


def test_campaign_1939_puts_markers_on_the_general_records_track(game):
    """2.1 and 2.22d: the scenario sets the ASW and U-boat levels and both Flak levels; they
    stand on the General Records Track (Flak at most 4, bombers and fighters at most 30)."""
    levels = {
        counter.id: int(at.split(":")[1])
        for at, counter, _ in _campaign_pieces(game)
        if at.startswith("records-track:")
    }
    assert {"gb-asw", "ge-u-boats", "ge-flak", "gb-flak"} <= set(levels)
    assert all(0 <= levels[m] <= 4 for m in ("ge-flak", "gb-flak"))
    assert all(0 <= n <= 30 for n in levels.values())
    assert levels["ge-v1"] == levels["ge-v2"] == 0  # 2.28: none before 1944


def test_campaign_1939_is_labelled_representative_once(game):
    """Player Aid 17.0 is not in the rulebook: the set-up's name says the set-up is
    representative and its description why, once for the sheet; no placement repeats it."""
    setup = game.setup(CAMPAIGN)
    assert "representative" in setup.name.lower() and "17.0" in setup.description
    assert "representative" not in setup.description.lower()
    assert not [p.at for p in setup.placements if "representative" in (p.note or "").lower()]


def test_each_force_pool_box_holds_every_block_of_its_powers(game):
    """4.4 and Glossary: eliminated units and spent Special Actions go back to the Force Pool,
    so a box must hold all of its power's blocks side by side (3/4in), with its GSUs and
    Special Actions (5/8in) in rows under them."""
    from toolkit.render.charts.display import PAD

    block = game.template("block").width
    marker = game.template("gsu").width
    for key, factions in POOLS.items():
        chart_id, box_id = parse_location_key(key)
        box = next(b for b in game.chart(chart_id).boxes if b.id == box_id)
        assert box.width and box.height, key
        n_blocks = sum(c.count for c in blocks(game) if c.faction in factions)
        n_markers = sum(
            c.count for c in game.counters if c.faction in factions and c.class_ in POOLED
        )
        inner_w, inner_h = box.width - 2 * PAD, box.height - 2 * PAD
        rows = -(-n_blocks // int(inner_w // block)) * block
        rows += -(-n_markers // int(inner_w // marker)) * marker
        assert rows <= inner_h, (key, n_blocks, n_markers)
    pooled = {f for factions in POOLS.values() for f in factions}
    assert {c.faction for c in blocks(game)} <= pooled


def test_sequence_of_play_follows_the_rulebooks_summary(game):
    """The rulebook's sequence of play: phases A to I, each with its rule, and the Special
    Actions the summary lists under each phase."""
    chart = game.chart("sequence-of-play")
    labels = [row.label for row in chart.rows]
    phases = [label.split(".")[0] for label in labels if label[1:3] == ". "]
    assert phases == list("ABCDEFGHI")
    rows = {label.split(".")[0]: row for label, row in zip(labels, chart.rows, strict=True)}
    rules = {p: rows[p].cells[1] for p in phases}
    assert rules["A"].startswith("1.1") and rules["I"].startswith("1.4")
    for phase, number in zip("BCDEFGH", range(21, 28), strict=True):
        assert rules[phase].startswith(f"1.{number}"), phase
    actions = {p: rows[p].cells[2] or "" for p in phases}
    assert "7.8" in actions["C"]
    assert all(r in actions["D"] for r in ("7.2", "7.3", "7.52"))
    assert all(r in actions["F"] for r in ("7.51", "7.6", "7.7"))
    assert "6.7" in actions["G"] and "7.9" in actions["H"]
    assert not (actions["A"] or actions["B"] or actions["E"] or actions["I"])


# -- what the map and the track print ----------------------------------------------------------


def test_fixed_weather_is_printed_on_every_fixed_turn(game):
    """A, 1.1: Mar/Apr and Nov/Dec roll variable weather; every other turn's weather is
    predetermined by what the turn track prints, one result per zone (West, East, South)."""
    conditions = ("Clear", "Light Mud", "Mud", "Snow")
    for cell in game.chart("turn-track").cells:
        if cell.label.startswith(("Mar/Apr", "Nov/Dec")):
            assert cell.note.startswith("Variable weather (1.1)"), cell.label
            continue
        assert cell.note.startswith("Weather W "), cell.label
        printed = cell.note.split(".")[0].removeprefix("Weather ").split(" · ")
        assert [p.split(" ", 1)[0] for p in printed] == ["W", "E", "S"], cell.label
        assert all(p.split(" ", 1)[1] in conditions for p in printed), cell.label
    sep_oct_1942 = next(c for c in game.chart("turn-track").cells if c.label == "Sep/Oct 1942")
    assert sep_oct_1942.note.startswith("Weather W Clear")  # 2.22 example: "(temps clair)"


def test_a_resource_areas_value_is_printed_once(europe):
    """4.1: each resource area has one WERP value; the map prints it once, beside the resource
    symbol (the area itself carries no second copy and the symbol no name repeating it)."""
    resources = [f for f in europe.features if f.type == "resource"]
    assert len(resources) == 32
    for f in resources:
        assert "werp" in f.values and "werp_captured" in f.values, f.at
        assert not f.name, f.at
        assert "werp" not in europe.location(f.at).values, f.at


def test_rough_terrain_keeps_the_owners_colour(game, europe):
    """Rough areas are tinted by their owner as clear ones are: on the drawn map a rough area
    differs from a clear area of the same owner by its pattern, hardly by its colour, so
    German rough reads grey and neutral rough brown."""
    import dataclasses

    from toolkit.render.maps.area import space_fill
    from toolkit.render.maps.base import rgb

    fills = {t.id: t.color for t in game.terrain}
    rough = [where for where in europe.locations.values() if where.terrain == "rough"]
    assert {where.owner for where in rough} >= {"ge", "gb", "no"}
    for where in rough:
        as_rough = rgb(space_fill(game, fills, where, "land"))
        as_clear = rgb(space_fill(game, fills, dataclasses.replace(where, terrain="clear"), "land"))
        assert sum(abs(a - b) for a, b in zip(as_rough, as_clear, strict=True)) <= 24, where.label


# -- played, not only printed: the rules checker -----------------------------------------------


@pytest.mark.parametrize("setup_id", ["campaign-1939"])
def test_setups_pass_their_own_rules(game, setup_id):
    from toolkit.model.position import Position
    from toolkit.rules.context import Situation
    from toolkit.rules.registry import check_position

    setup = game.setup(setup_id)
    found = check_position(Situation(game, Position.from_setup(game, setup), setup_id, start=True))
    # a met victory condition is reported as news (severity 'info'), not as a broken rule
    faults = [v for v in found if v.severity != "info"]
    assert faults == [], [v.message for v in faults]


def _one_move(game, before, after):
    from tests.rules.helpers import position
    from toolkit.rules.turn import check_moves

    return check_moves(game, position(game, before), position(game, after))


def _entry_forbids(game, rule_id, piece_id, label):
    """True when the entry rule bars the piece's counter from the area (the selectors the
    checker uses); and, once the registry checks entry rules, the move there is caught too."""
    from tests.rules.helpers import position
    from toolkit.model.rules import SelectorIndex
    from toolkit.rules.registry import CHECKS
    from toolkit.rules.turn import check_moves

    entry = rule(game, rule_id)
    index = SelectorIndex.of(game)
    counter = game.counter(piece_id.split("/")[0])
    where = loc(game, label)
    barred = entry.pieces.matches(counter, index, counter.faction) and (
        (entry.forbid is not None and entry.forbid.matches(where, index, where.owner))
        or (entry.allow is not None and not entry.allow.matches(where, index, where.owner))
    )
    if barred and "entry" in CHECKS:
        start = next(to for to in game.map(MAP).neighbours(label))
        found = check_moves(
            game,
            position(game, {piece_id: f"{MAP}:{start}"}),
            position(game, {piece_id: f"{MAP}:{label}"}),
        )
        return (entry.id, entry.cite) in {(v.rule, v.cite) for v in found}
    return barred


def test_the_checker_catches_armour_entering_a_swamp(game):
    """5.15a: "Les unités blindées ne peuvent pas entrer ou traverser les zones marécageuses"; the
    movement check already refuses the move (5.12), the entry rule bars the area itself."""
    found = _one_move(game, {"ge-panzer/1": f"{MAP}:minsk"}, {"ge-panzer/1": f"{MAP}:pripet"})
    assert ("op-move-armour", "EE 5.12, 5.15a") in {(v.rule, v.cite) for v in found}
    assert _entry_forbids(game, "armour-no-swamp", "ge-panzer/1", "pripet")
    assert not _entry_forbids(game, "armour-no-swamp", "ge-infantry/1", "pripet")


def test_the_checker_catches_the_axis_in_the_urals(game):
    """5.18: "Les unités de l'Axe ne peuvent jamais entrer dans la zone des montagnes de
    l'Oural"."""
    assert _entry_forbids(game, "axis-no-urals", "ge-infantry/1", "urals")
    assert not _entry_forbids(game, "axis-no-urals", "su-infantry/1", "urals")


def test_the_checker_finds_a_unit_cut_off_from_its_home_areas(game):
    """3.1: a unit is supplied only through friendly-controlled areas to a home area."""
    from tests.rules.helpers import position
    from toolkit.model.position import Position
    from toolkit.rules.context import Situation
    from toolkit.rules.supply import check_supply

    control = Position.from_setup(game, game.setup("campaign-1939")).control
    where = position(game, {"ge-infantry/1": f"{MAP}:moscow"}, control=control)
    found = check_supply(Situation(game, where), rule(game, "supply"))
    assert [(v.rule, v.cite, v.pieces) for v in found] == [
        ("supply", "EE 3.1, 3.2", ("ge-infantry/1",))
    ]


@pytest.mark.parametrize(
    "rule_id", ["sea-transport", "sea-supply-western-allies", "sea-supply-axis-ussr"]
)
def test_sea_capacity_is_printed_but_left_to_the_players(game, rule_id):
    """5.34 counts what a Fleet Point carried this turn, 3.31 the supply lines crossing its sea
    area: no position shows either (land units are never left in a sea area, 5.3). The rules
    summary prints them, marked not checked, and the checker passes them by."""
    from toolkit.kit.summary import rule_notes

    assert rule_notes(game, rule(game, rule_id)) == "Left to the players."
