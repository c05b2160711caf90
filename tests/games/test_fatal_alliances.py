"""Fatal Alliances III – La Grande Guerre (Compass Games, 2016): the sources against the rulebook.

Rule numbers are those of the RAW 8.5 rulebook (French translation, December 2021). The maps,
the counter factors and the force-pool counts are representative (see the game's README); these
tests check what the rulebook states and the conventions the sources promise.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter as Tally
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.kit.conftest import page_texts, shared_kit
from toolkit.geometry import hex_round, point_to_hex
from toolkit.kit.summary import printed_rules, rule_notes
from toolkit.load import load_game
from toolkit.model.holdings import holdings_at_start
from toolkit.model.map import parse_location_key
from toolkit.model.position import Piece, Position
from toolkit.model.queries import location_adjacent, location_neighbours
from toolkit.model.rules import CombatRule
from toolkit.render.counters import counter_faces
from toolkit.render.maps.decor import box_frame_rect
from toolkit.render.maps.plan import build_plan
from toolkit.rules.context import Situation
from toolkit.rules.registry import CHECKS, check_position

GAME = Path(__file__).resolve().parents[2] / "sources" / "fatal-alliances"
CASES = Path(__file__).resolve().parents[1] / "rules" / "cases" / "positions" / "fatal-alliances"
AUTO_VICTORY = {"berlin", "vienne", "istanbul", "london", "moscou", "paris", "rome"}


@pytest.fixture(scope="module")
def game():
    result = load_game(GAME)
    assert result.game is not None, result.report.format_text()
    return result.game


@pytest.fixture(scope="module")
def europe(game):
    return game.map("europe")


@pytest.fixture(scope="module")
def world(game):
    return game.map("world")


def rule(game, rule_id):
    return next(r for r in game.rules if r.id == rule_id)


def chart_rows(game, chart_id):
    return {row.label: row.cells for row in game.chart(chart_id).rows}


def place(game, feature_id):
    return game.places[feature_id]


def position(game, feature_id):
    location = game.locations[place(game, feature_id)]
    return location.column, location.row


# -- maps: 1.2.3, 2.1.1, 2.1.2 -------------------------------------------------------------


def test_two_scales(europe, world):
    # 1.2.3: about 100 km per hex on the European maps, 600 km on the world map
    assert europe.properties["km_per_hex"] == 100
    assert world.properties["km_per_hex"] == 600
    assert europe.grid.grid.orientation == world.grid.grid.orientation == "flat"


def test_european_labels_use_the_w_prefix_and_brest_is_w2031(game, europe):
    # 11.3.4.2: "Brest (hexagone W2031)" lies in two sea areas, the Channel and the Bay of Biscay
    assert europe.grid.grid.label.prefix == "W"
    assert all(
        label.startswith("W")
        for label in europe.locations
        if "/" not in label and game.locations[f"europe:{label}"].kind == "hex"
    )
    assert place(game, "brest") == "europe:W2031"
    brest = next(f for f in europe.features if f.id == "brest")
    assert set(brest.properties["sea_areas"].split()) == {"english-channel", "bay-of-biscay"}
    assert brest.type in ("port", "major-port")


def test_junction_links_join_existing_land_hexes_by_number(game, europe, world):
    # 2.1.1: hexes on either side of the Europe/World junction with the same number are adjacent
    assert len(europe.links) > 20
    land = lambda key: not game.terrain_type(game.locations[key].terrain).water  # noqa: E731
    for link in europe.links:
        source = f"europe:{link.from_label}"
        assert source in game.locations and link.to in game.locations
        assert link.to.startswith("world:") and link.type == "adjacent"
        assert location_adjacent(game, source, link.to) and location_adjacent(game, link.to, source)
        assert link.name == link.from_label
        assert land(source) and land(link.to)
        assert game.locations[link.to].terrain != "europe-map"
        column, row = game.locations[source].column, game.locations[source].row
        grid = europe.grid.grid
        on_edge = column in (grid.first_column, grid.first_column + grid.columns - 1) or row in (
            grid.first_row,
            grid.first_row + grid.rows - 1,
        )
        assert on_edge, link
    # Russia, Persia/Iraq, North Africa and Scandinavia all meet the world map
    linked = {game.locations[f"europe:{link.from_label}"].row for link in europe.links}
    assert min(linked) == europe.grid.grid.first_row
    assert max(linked) == europe.grid.grid.first_row + europe.grid.grid.rows - 1


def test_sea_boxes_have_sections_0_to_4(game, europe, world):
    # 2.1.2: each sea area has a sea box with sections 0-4
    boxes = {b.id: b for m in (europe, world) for b in m.boxes}
    for named in (
        "north-sea",
        "english-channel",
        "bay-of-biscay",
        "faroes-gap",
        "north-atlantic",
        "baltic",
        "central-med",
        "east-med",
        "red-sea",
        "us-east-coast",
        "caribbean",
        "east-pacific",
    ):
        assert boxes[named].cells == ("0", "1", "2", "3", "4"), named
    assert "europe:north-sea/0" in game.locations and "world:caribbean/4" in game.locations
    assert len(game.chart("sea-areas").rows) == len(boxes)
    # the box's section values: search value = the big number of the section;
    # section 0 has no bombardment
    for cells in chart_rows(game, "sea-areas").values():
        assert cells[2] == "0 / aucun"
        assert [c.split(" / ")[0] for c in cells[2:]] == ["0", "1", "2", "3", "4"]


def test_baltic_is_northern_temperate(game):
    # 8.1: "La mer Baltique se trouve dans la zone tempérée nord."
    assert chart_rows(game, "sea-areas")["Mer Baltique"][1] == "Tempérée nord"


def test_terrain_types_present(game, europe, world):
    used = Tally(
        loc.terrain for m in (europe, world) for loc in m.locations.values() if loc.kind == "hex"
    )
    for terrain in (
        "clear",
        "forest",
        "jungle",
        "swamp",
        "mountain",
        "desert",
        "desert-mountain",
        "lake",
        "sea",
    ):
        assert used[terrain] > 0, terrain
    assert game.terrain_type("sea").water and game.terrain_type("lake").water
    assert game.terrain_type("mountain").properties["air_stack"] == 0
    assert game.terrain_type("swamp").properties["defence_multiplier"] == 2
    assert game.terrain_type("mountain").properties["mtn_defence_multiplier"] == 3


def test_hexside_types(game, europe):
    declared = {h.id for h in game.hexside_types}
    assert {"river", "canal", "alpine", "lake", "all-sea", "strait", "fort"} <= declared
    used = Tally(h.type for h in europe.hexsides)
    for kind in ("river", "canal", "alpine", "lake", "all-sea", "strait", "fort"):
        assert used[kind] > 0, kind
    straits = {h.name for h in europe.hexsides if h.type == "strait"}
    assert {"Bosphore", "Dardanelles"} <= straits
    alpine = {h.name for h in europe.hexsides if h.type == "alpine"}
    assert "Alpes" in alpine


def test_sevastopol_has_two_permanent_fort_hexsides(game, europe):
    _, sevastopol = parse_location_key(place(game, "sevastopol"))
    forts = [h for h in europe.hexsides if h.type == "fort"]
    assert len(forts) == 2
    assert all(sevastopol in (h.a, h.b) for h in forts)


def test_real_cities_roughly_in_place(game):
    col = lambda f: position(game, f)[0]  # noqa: E731
    row = lambda f: position(game, f)[1]  # noqa: E731
    assert col("london") < col("paris") < col("berlin") < col("warsaw") < col("moscou")
    assert row("london") < row("paris") and row("berlin") < row("vienne") < row("belgrade")
    assert row("rome") > row("vienne") and col("istanbul") > col("belgrade")
    assert row("jerusalem") > row("istanbul") and col("tsaritsyn") > col("kiev")
    for city in (
        "paris",
        "berlin",
        "vienne",
        "budapest",
        "belgrade",
        "warsaw",
        "moscou",
        "rome",
        "london",
        "istanbul",
        "metz",
        "minsk",
        "kiel",
        "copenhagen",
        "gelibolu",
        "alexandria",
        "tobruk",
    ):
        assert place(game, city).startswith("europe:W"), city
    for city in ("basra", "tsingtao", "foochow", "chihuahua", "guaymas", "bishkek", "diego-suarez"):
        assert place(game, city).startswith("world:"), city


def test_capitals(game, europe, world):
    capitals = {f.id for m in (europe, world) for f in m.features if f.type == "capital"}
    # Austria-Hungary has two capitals (2.5); Russia two for morale (14.1);
    # Madagascar's is Diego Suarez (errata)
    assert {"vienne", "budapest", "petrograd", "moscou", "diego-suarez"} <= capitals
    assert AUTO_VICTORY <= capitals


def test_madrid_has_only_one_red_factory(game, europe):
    # errata (map): remove Madrid's blue factory, leaving one red factory
    _, madrid = parse_location_key(place(game, "madrid"))
    factories = [f for f in europe.features_at(madrid) if f.type == "factory"]
    assert len(factories) == 1
    assert factories[0].values["usines"] == 1 and "red" in factories[0].tags


def test_map_errata_names(game, europe, world):
    names = {f.name for m in (europe, world) for f in m.features}
    assert "Kristiania" in names and "Oslo" not in names
    assert "Bichkek" in names and "Frunze" not in names
    assert "Diego-Suarez" in names and "Diego Garcia" not in names


ADRIATIC_PORTS = ("Venise", "Pola", "Fiume", "Ancône", "Split", "Cattaro", "Bari", "Durazzo")


def test_the_adriatic_is_sea_from_venice_to_otranto(game, europe):
    # 11.3 (ports lie in sea areas): the Adriatic separates Italy from Dalmatia and Albania.
    # Its northern end (the Gulf of Venice, off Istria) and its length down to Otranto are sea
    # hex dots, and every Adriatic port but Trieste touches one
    for label in ("W3336", "W3436", "W3536", "W3537", "W3637", "W3538", "W3638", "W3738", "W3739"):
        assert game.locations[f"europe:{label}"].terrain == "sea", label
    ports = {f.name: f for f in europe.features if f.name in ADRIATIC_PORTS}
    assert set(ports) == set(ADRIATIC_PORTS)
    for name, port in ports.items():
        assert port.properties["sea_areas"] == "central-med", name
        sea = [n for n in europe.neighbours(port.at) if europe.locations[n].terrain == "sea"]
        assert sea, f"{name} ({port.at}) touches no sea hex"


def _box_hexes(the_map, box):
    """The labels of the hexes a box printed on a hex map lies over (None: off the grid)."""
    plan = build_plan(the_map, 0, 0)
    by_hex = {h: label for label, h in plan.hexes.items()}
    rect = box_frame_rect(box, None)
    steps = 24
    return {
        by_hex.get(
            hex_round(
                point_to_hex(
                    plan.layout,
                    rect.x0 + (rect.x1 - rect.x0) * i / steps,
                    rect.y0 + (rect.y1 - rect.y0) * j / steps,
                )
            )
        )
        for i in range(steps + 1)
        for j in range(steps + 1)
    }


def test_sea_boxes_hide_no_place_and_no_other_box(europe, world):
    # 2.1.2: each sea area's box is printed on the map; it must not hide a port, a city or a
    # name (the Persian Gulf box once covered Port Sudan), nor another box
    for the_map in (europe, world):
        featured = {f.at for f in the_map.features}
        rects = {}
        for box in the_map.boxes:
            under = _box_hexes(the_map, box) - {None}
            assert not under & featured, (the_map.id, box.id, sorted(under & featured))
            rect = box_frame_rect(box, None)
            for other, o in rects.items():
                apart = rect.x1 <= o.x0 or o.x1 <= rect.x0 or rect.y1 <= o.y0 or o.y1 <= rect.y0
                assert apart, (the_map.id, box.id, other)
            rects[box.id] = rect


# -- rules.json ----------------------------------------------------------------------------


def test_land_stacking_two_european_four_world_plus_a_division(game):
    # 2.3.1.1
    stacking = rule(game, "land-stacking")
    assert stacking.kind == "stacking" and stacking.cite == "FA 2.3.1.1"
    assert stacking.limit == 2
    assert stacking.bonus.count == 1
    assert stacking.bonus.pieces.tag == {"division"}
    (world,) = stacking.overrides
    assert world.where.map == {"world"} and world.limit == 4
    assert world.bonus.pieces.tag == {"division"}
    assert stacking.pieces.tag == {"land"}


def test_divisions_are_tagged(game):
    for counter in game.counters:
        if counter.template in ("land", "hq", "partisan"):
            is_division = counter.front.values.get("size") == "division"
            assert ("division" in counter.tags) == is_division, counter.id


def test_zoc_blocked_by_alpine_and_strait(game):
    # 2.2: ZOC does not extend across alpine, all-sea, lake (unfrozen) or strait hexsides,
    # nor into world hexes
    zoc = rule(game, "zoc")
    assert zoc.kind == "zoc"
    assert {"alpine", "strait"} <= set(zoc.blocked_by)
    assert {"all-sea", "lake"} <= set(zoc.blocked_by)
    assert zoc.not_into.map == {"world"}
    assert "division" in zoc.exerted_by.not_.tag


def test_air_and_naval_stacking(game):
    air = rule(game, "air-stacking")
    limits = [o.limit for o in air.overrides]
    assert air.limit == 1 and limits[:3] == [3, 2, 0] and limits[3:6] == [6, 4, 0]
    naval = rule(game, "naval-stacking")
    assert naval.limit == 8 and naval.points == "stack_points"
    ships = [c for c in game.counters if "naval" in c.tags and c.class_ != "convoy"]
    assert all(c.properties["stack_points"] == 2 for c in ships)


def test_victory_rules(game):
    for side in ("central", "allies"):
        auto = rule(game, f"auto-victory-{side}")
        assert {game.places[k] for k in AUTO_VICTORY} == set(auto.control)
    assert rule(game, "victory-1914").count == 16
    assert rule(game, "victory-1917").count == 14


def test_counter_mix_rule_exempts_convoys(game):
    mix = rule(game, "counter-mix")
    assert mix.pieces.not_.class_ == {"convoy"}
    convoys = [c for c in game.counters if c.class_ == "convoy"]
    assert convoys and all(c.unlimited for c in convoys)


# -- counters ------------------------------------------------------------------------------


def test_every_unit_has_a_class_and_a_face_down_back(game):
    for counter in game.counters:
        assert counter.class_, counter.id
        template = game.template(counter.template)
        if {"land", "air", "naval"} & counter.tags and counter.class_ != "convoy":
            assert template.back.style == "spent", counter.id
            assert template.width == 36.0  # 1/2 inch
            assert counter.back is not None and counter.back.values.get("year"), counter.id


def test_unit_types_present(game):
    classes = {c.class_ for c in game.counters}
    for cls in (
        "infantry",
        "militia",
        "garrison",
        "marine",
        "mountain",
        "hq",
        "engineer",
        "territorial",
        "cavalry",
        "motorised",
        "mechanised",
        "armour",
        "artillery",
        "anti-tank",
        "partisan",
        "fighter",
        "land-bomber",
        "naval-bomber",
        "zeppelin",
        "balloon",
        "surface-ship",
        "submarine",
        "transport",
        "amphibious",
        "convoy",
        "seaplane-carrier",
        "gas",
        "railway-gun",
    ):
        assert cls in classes, cls


def _total(game, faction, cls, tag=None, division=False):
    return sum(
        c.count
        for c in game.counters
        if c.faction == faction
        and c.class_ == cls
        and (tag is None or tag in c.tags)
        and (("division" in c.tags) == division)
    )


def test_counter_mix_covers_the_1917_errata_setup(game):
    # 22 errata: Germany 26 INF, 5 MIL, 6 GAR, 3 CAV;
    # AH 10 Austrian INF, 8 Hungarian, 4 + 2 MIL, 2 Hungarian CAV
    assert _total(game, "ge", "infantry") >= 26
    assert _total(game, "ge", "militia") >= 5
    assert _total(game, "ge", "garrison") >= 6
    assert _total(game, "ge", "cavalry") >= 3
    assert _total(game, "ah", "infantry", "austrian") >= 10
    assert _total(game, "ah", "infantry", "hungarian") >= 8
    assert _total(game, "ah", "militia", "austrian") >= 4
    assert _total(game, "ah", "militia", "hungarian") >= 2
    assert _total(game, "ah", "cavalry", "hungarian") >= 2


def test_counter_errata(game):
    # 22.5: HQs cost 5 and take 3 turns (Tsar Nicholas too); US Marine corps 5 BP / 3 turns;
    # Danish INF 2 turns; Belgian units dated 1890; "Lanzarac" is Lanrezac
    for counter in game.counters:
        if counter.class_ == "hq":
            assert (counter.front.values["cost"], counter.front.values["time"]) == (5, 3), (
                counter.id
            )
        if (
            counter.faction == "us"
            and counter.class_ == "marine"
            and "division" not in counter.tags
        ):
            assert (counter.front.values["cost"], counter.front.values["time"]) == (5, 3)
        if counter.faction == "denmark" and counter.class_ == "infantry":
            assert counter.front.values["time"] == 2
        if counter.faction == "belgium" and {"land", "air", "naval"} & counter.tags:
            assert counter.front.values["year"] == 1890
    assert game.counter("fr-lanrezac").name == "Lanrezac"
    assert game.counter("ru-czech-legion").front.values["attack"] == 4
    assert game.counter("ru-czech-legion").front.values["move"] == 3
    villa = game.counter("mexico-pancho-villa").front.values
    assert (villa["attack"], villa["move"]) == (3, 4)
    for partisan, move in (("oe-senussi", 4), ("arabia-lawrence", 5)):
        values = game.counter(partisan).front.values
        assert (values["attack"], values["move"], values["year"]) == (2, move, 1917)


def test_entry_chits_carry_values(game):
    # 13.2.1: the entry level is the sum of the (secret) values of the drawn markers; the
    # values are on the hidden side. The rulebook gives no mix: ours is 40 chits valued 1-4
    chits = [c for c in game.counters if "entry" in c.tags]
    assert sum(c.count for c in chits) == 40
    for chit in chits:
        assert game.template(chit.template).back.style == "hidden"
        assert chit.front.values["label"] == "ENTRÉE"
        assert int(chit.front.values["value"]) == chit.properties["entry_value"] >= 1
    assert {c.properties["entry_value"] for c in chits} == {1, 2, 3, 4}
    # 9.4: the CW needs 18 entry points before declaring war
    assert game.chart("us-entry-options").properties["cw_entry_points"] == 18


def test_influence_flags(game):
    # 22.5: influence odds CP/Allies
    odds = {c.id: c.front.values.get("odds") for c in game.counters if c.class_ == "flag"}
    assert (
        odds["flag-oe"] == "7/5" and odds["flag-arabia"] == "8/9" and odds["flag-pakistan"] == "5/6"
    )
    assert (
        odds["flag-portugal"] == "6/6"
        and odds["flag-afghanistan"] == "8/7"
        and odds["flag-bulgaria"] == "8/6"
    )


# -- charts (section 4 of the notes) --------------------------------------------------------


def test_air_stacking_table(game):
    rows = chart_rows(game, "air-stacking")
    assert rows["Port majeur ou ville"] == (3,) and rows["Port mineur"] == (2,)
    assert rows["Montagne, désert ou marécage"] == (0,) and rows["Tout autre hexagone"] == (1,)
    assert rows["Chaque QG dans l'hexagone"] == ("+1",)
    assert game.chart("air-stacking").properties["world_multiplier"] == 2


def test_garrison_values(game):
    rows = chart_rows(game, "garrison-values")
    assert rows["Toute division"] == (0.5,) and rows["MTN"] == (2,) and rows["Partisan"] == (0,)


def test_naval_air_mission_sections(game):
    chart = game.chart("naval-air-mission")
    assert [c.label for c in chart.columns] == ["0", "1", "3", "6", "10+"]
    assert chart.rows[0].cells == (0, 1, 2, 3, 4)


def test_war_weariness(game):
    rows = chart_rows(game, "war-weariness")
    # French writes a decimal comma, as the rulebook does ("0,1 0,2* 0,3*")
    assert rows["Russie"] == ("0,1", "0,3*", "0,4*", "0,4*", "0,4*")
    assert rows["USA"] == ("–", "–", "0,1", "0,2", "0,3")


def test_minor_convoys_and_trade(game):
    convoys = game.chart("minor-convoys").properties
    assert (
        convoys["norway"] == 7
        and convoys["netherlands"] == 6
        and convoys["greece"] == 5
        and convoys["argentina"] == 1
    )
    trade = chart_rows(game, "trade-agreements")
    assert trade["Suède"] == ("Allemagne", 3) and trade["USA"] == ("Allemagne", 3)


def test_us_entry_options(game):
    rows = chart_rows(game, "us-entry-options")
    assert rows["50"] == ("Guerre navale sans restriction", 22, "42")
    assert rows["40"][1] == 11 and "25" in rows["40"][2]
    assert rows["32"][1] == 15
    assert "11" not in rows and "20" not in rows


def test_political_and_offensive_costs(game):
    politics = game.chart("political-actions").properties
    assert (
        politics["allied_high_command"] == 40
        and politics["absorb_minsk"] == 10
        and politics["appease_rebels"] == 8
    )
    assert game.chart("offensive-points").properties["unlimited_action"] == 7
    costs = game.chart("build-costs").properties
    assert (
        costs["pilot_cost"],
        costs["pilot_time"],
        costs["factory_cost"],
        costs["convoy_time"],
    ) == (2, 3, 6, 4)


def test_surprise_points(game):
    # 11.4.5: avoid combat 3, choose the type 3, choose a target 3 each, shift a column 2 each
    surprise = chart_rows(game, "surprise-points")
    assert surprise["Éviter le combat"] == (3,)
    assert surprise["Choisir le type de combat"] == (3,)
    assert surprise["Choisir une cible (d'un camp ou de l'autre)"] == ("3 par cible",)
    assert surprise["Décaler sa colonne vers la droite"] == ("2 par colonne",)
    assert surprise["Décaler la colonne adverse vers la gauche"] == ("2 par colonne",)
    # 11.4.7: "3 points de surprise par point de différence de vitesse"
    assert surprise["Inclure un SCS plus rapide"] == ("3 par point d'écart",)


def _roll_range(label):
    """'≤ 2' → (None, 2), '3–4' → (3, 4), '11' → (11, 11), '31+' → (31, None)."""
    if label.startswith("≤"):
        return None, int(label[1:])
    if label.endswith("+"):
        return int(label[:-1]), None
    low, _, high = label.partition("–")
    return int(low), int(high or low)


def _covers(labels, low, high):
    """The row labels split low..high into consecutive ranges (open ends allowed)."""
    ranges = [_roll_range(label) for label in labels]
    assert ranges[0][0] is None or ranges[0][0] <= low
    assert ranges[-1][1] is None or ranges[-1][1] >= high
    for (_, end), (start, _) in zip(ranges, ranges[1:], strict=False):
        assert end is not None and start == end + 1, labels


LAND_RESULT = re.compile(r"^(–|(0,5|[0-9]|–)/(0,5|[0-9]|–)?[RS]?\*?)$")


def test_land_combat_table(game):
    # 11.12.5: 2d10 plus modifiers on one of two tables, blitz or assault; results "X/Y" with
    # X attackers and Y defenders lost, 0,5 for a division (a decimal comma, 11.12.5.4);
    # R retreat; S shatter; * the attacker stays face up; "-" no effect. 0 defence factors
    # gives the maximum, +20
    chart = game.chart("land-combat")
    assert chart.type == "crt" and chart.die == "2d10" and chart.cite == "FA 11.12.5"
    assert [c.label for c in chart.columns] == ["Blitz", "Assaut"]
    _covers([r.label for r in chart.rows], 2, 20 + 20)
    for row in chart.rows:
        for cell in row.cells:
            assert LAND_RESULT.match(cell), (row.label, cell)
    blitz = [r.cells[0] for r in chart.rows]
    assault = [r.cells[1] for r in chart.rows]
    # blitz allows retreats and more often leaves the attacker face up (11.12.5.1)
    assert sum("*" in c for c in blitz) > sum("*" in c for c in assault)
    assert any("R" in c for c in blitz)
    # assault generally increases the losses of both sides (11.12.5.1)
    lost = lambda cell, side: sum(  # noqa: E731
        float(x.replace(",", "."))
        for x in re.findall(r"[0-9,]+", cell.split("/")[side] if "/" in cell else "")
    )
    for side in (0, 1):
        assert sum(lost(c, side) for c in assault) > sum(lost(c, side) for c in blitz)
    assert chart.properties["zero_defender_modifier"] == 20
    assert "+20" in " ".join(chart.notes) and "REPRÉSENTATIVE" in chart.title


AIR_RESULTS = {"AX", "DX", "AC", "DC", "AA", "DA", "–"}


def test_air_combat_table(game):
    # 16.3.2.2: each side rolls 2d10 on the column of its combat value; 16.3.3: the results
    # AX, DX, AC, DC, AA, DA and "-"; 16.4.4: orange and red results can kill the pilot
    chart = game.chart("air-combat-results")
    assert chart.type == "crt" and chart.die == "2d10"
    _covers([r.label for r in chart.rows], 2, 20)
    values = [c.label for c in chart.columns]
    assert values[0].startswith("≤ −") and values[-1].startswith("≥ +") and "0" in values
    seen = set()
    for row in chart.rows:
        for cell in row.cells:
            result = cell.rstrip("¹²")
            assert result in AIR_RESULTS, cell
            seen.add(cell)
    assert {"AX¹", "AX²"} <= seen and AIR_RESULTS - {"AX"} <= seen
    # a higher roll and a better value never help the other side less
    order = ["–", "DA", "AA", "DC", "AC", "DX", "AX", "AX¹", "AX²"]
    for row in chart.rows:
        ranks = [order.index(c) for c in row.cells]
        assert ranks == sorted(ranks), row.label


def test_naval_combat_table(game):
    # 11.4.7: the total of the factors gives the column on the line of the combat type
    # (surface, air-sea 11.4.8.1, ASW and SUB 11.4.9, AA 11.4.8); the column crossed with the
    # enemy ships gives results among X, D, A and 1/2 A (11.4.7.1); AA gives "+X/Y" dice
    rows = chart_rows(game, "naval-combat-results")
    lines = [label for label in rows if ":" in label and not label.startswith("Tir AA")]
    assert [label.split(" :")[0] for label in lines] == ["Surface", "Air-mer", "ASM", "SUB", "AA"]
    ships = [label for label in rows if label.endswith("ennemi") or label.endswith("ennemis")]
    ships = [label for label in ships if not label.startswith("Tir AA")]
    assert ships[0] == "1 navire ennemi" and len(ships) >= 5
    for label in ships:
        for cell in rows[label]:
            assert set(cell.split()) <= {"X", "D", "A", "½A"}, (label, cell)
    for label in (x for x in rows if x.startswith("Tir AA")):
        for cell in rows[label]:
            assert re.fullmatch(r"[+−][1-9]/[1-9]", cell), cell
    # totals increase from column to column on every line
    for label in lines:
        lows = [int(cell.split("–")[0].rstrip("+")) for cell in rows[label]]
        assert lows == sorted(lows) and len(set(lows)) == len(lows), label
    props = game.chart("naval-combat-results").properties
    # 11.4.7.2: X sinks 2 CP, D one; 2 CP make one ship. 11.4.9: ASW 1 per SCS (2 from 1917),
    # 1 per 3 CP
    assert (props["x_convoy_loss"], props["d_convoy_loss"], props["cp_per_ship"]) == (2, 1, 2)
    assert (props["asw_per_scs"], props["asw_per_scs_1917"], props["cp_per_asw"]) == (1, 2, 3)
    assert props["surprise_per_column"] == 2


# -- the combat tables are representative, but follow every rule the rulebook states ---------


def _losses(cell):
    """A land result's (attacker, defender) losses: '0,5/1R' → (0.5, 1.0), '–' → (0, 0)."""
    if "/" not in cell:
        return 0.0, 0.0
    sides = cell.split("/")
    return tuple(
        float(m.group().replace(",", ".")) if (m := re.match(r"[0-9,]+", x)) else 0.0 for x in sides
    )


def _signed(text):
    """'+4' → 4, '−6' → -6 (the typographic minus of the charts)."""
    return int(text.replace("−", "-").replace("+", ""))


def test_land_assault_never_costs_less_than_blitz_on_the_same_roll(game):
    # 11.12.5.1: "La table d'assaut augmente généralement les pertes des deux camps" - on our
    # table, on every row
    for row in game.chart("land-combat").rows:
        blitz, assault = (_losses(c) for c in row.cells)
        assert assault[0] >= blitz[0] and assault[1] >= blitz[1], row.label


def test_land_blitz_is_the_retreat_table(game):
    # 11.12.5.1: "La table de blitz permet les retraits et laisse plus souvent l'attaquant face
    # visible"; 11.12.5.5-6: R and S make the defender leave the hex
    chart = game.chart("land-combat")
    blitz = [r.cells[0] for r in chart.rows]
    assault = [r.cells[1] for r in chart.rows]
    moves = lambda cells: sum(bool(re.search("[RS]", c)) for c in cells)  # noqa: E731
    assert moves(blitz) > moves(assault)
    # 11.12.5.4: "Tout résultat de combat (autre que '-') détruit toute unité fictive" - the
    # no-effect result is on the table
    assert "–" in blitz + assault


def test_land_odds_modifiers_rise_to_the_plus_20_maximum(game):
    # 11.12.5.2: the ratio gives the initial modifier; "Une attaque contre un défenseur avec 0
    # facteur de combat accorde le modificateur maximal pour les chances (+20)"
    rows = chart_rows(game, "land-combat-modifiers")
    odds = [_signed(cells[0]) for label, cells in rows.items() if label.startswith("Rapport")]
    assert odds == sorted(odds) and len(set(odds)) == len(odds)
    zero = rows["Défenseur à 0 facteur (le maximum)"]
    assert _signed(zero[0]) == 20 == game.chart("land-combat").properties["zero_defender_modifier"]
    assert max(odds) < 20
    # so the table's rows reach every roll: 2d10 from 2, the worst odds below, +20 above
    labels = [r.label for r in game.chart("land-combat").rows]
    _covers(labels, 2 + min(odds), 20 + 20)


def test_land_modifiers_the_rulebook_gives(game):
    rows = chart_rows(game, "land-combat-modifiers")
    # 21.3: the engineer "fournit son modificateur de combat +1" in attack; it also modifies
    # the defence; 21.6: "Chaque corps en défense qui est dans une tranchée donne un -1";
    # errata: "-1 pour l'attaque avec des puissances majeures coopérantes"
    assert rows["ENG attaquant (il subit la première perte)"][0] == "+1"
    assert _signed(rows["ENG en défense"][0]) < 0
    assert rows["Par corps défenseur en tranchée"][0] == "−1"
    assert rows["Majeures coopérantes ensemble ²"][0] == "−1"
    # 11.12.3: HQ support adds or takes half the difference of the reorganisation values
    assert "½" in rows["Soutien de QG (le QG se retourne face cachée)"][0]
    # 21.10: "Ajustez votre jet d'attaque terrestre comme indiqué pour les attaques au gaz" -
    # one d10 rolled just before the attack, every result on the table
    gas = [
        label.split("= ")[1].split(" ")[0] for label in rows if label.startswith("Attaque au gaz")
    ]
    _covers(gas, 1, 10)
    notes = " ".join(game.chart("land-combat-modifiers").notes)
    # 21.7: "Si toutes les unités terrestres attaquent à travers un côté d'hexagone fortifié,
    # le défenseur a le choix de la table de combat"; map errata: ports are "sans effet"
    assert "le défenseur choisit" in notes and "(21.7)" in notes
    assert "ports majeurs et mineurs sont sans effet" in notes
    # table errata: non-MAR units flip after an invasion "sauf en cas d'AMPH"
    assert "sauf si elles ont envahi depuis un AMPH" in notes
    # the values that are ours carry ¹, explained once in a footnote
    assert "¹ Valeur REPRÉSENTATIVE" in notes


def test_air_combat_columns_are_every_combat_value(game):
    # 16.3.2.1: "Votre valeur air-air pour chaque round = votre force air-air - la force air-air
    # de votre adversaire" - any integer, so the columns run without a gap, open at both ends
    labels = [c.label for c in game.chart("air-combat-results").columns]
    assert labels[0].startswith("≤ ") and labels[-1].startswith("≥ ")
    values = [_signed(label.lstrip("≤≥ ")) for label in labels]
    assert values == list(range(values[0], values[-1] + 1)) and values[0] < 0 < values[-1]


def test_air_pilot_deaths_only_on_destroyed_aircraft(game):
    # 16.4.4: the pilot may die when the aircraft "a été détruit [...] par un résultat de
    # combat aérien orange [...] par un résultat de combat aérien rouge" - so the colours mark
    # X results only; 16.3.3 note: the roller's own units never suffer
    for row in game.chart("air-combat-results").rows:
        for cell in row.cells:
            if cell[-1] in "¹²":
                assert cell[:-1] in {"AX", "DX"}, (row.label, cell)


def test_naval_lines_leave_no_total_without_a_column(game):
    # 11.4.7: "Trouvez votre total sur la ligne": every total from 1 up falls in one column
    rows = chart_rows(game, "naval-combat-results")
    for label in ("Surface", "Air-mer", "ASM", "SUB", "AA"):
        cells = next(cells for row, cells in rows.items() if row.startswith(label + " :"))
        _covers(cells, 1, 1)


def test_naval_results_in_the_order_they_are_applied(game):
    # 11.4.7.1: "Vous devez d'abord appliquer tous les résultats 'X', puis tous les résultats
    # 'D' et, enfin, tous les résultats 'A'" (two 1/2 A make an A); the rows of enemy ships
    # count every ship from 1 up (11.4.7: "Un navire est une unité navale, ou 2 points de convoi")
    rows = chart_rows(game, "naval-combat-results")
    order = ["X", "D", "A", "½A"]
    ships = []
    for label, cells in rows.items():
        if label.endswith(("navire ennemi", "navires ennemis")) and not label.startswith("Tir"):
            ships.append(label.split(" ")[0])
            for cell in cells:
                ranks = [order.index(x) for x in cell.split()]
                assert ranks == sorted(ranks), (label, cell)
    _covers(ships, 1, 1)


def test_naval_aa_dice_keep_no_more_than_they_roll(game):
    # 11.4.8: "+X/Y. Y est le nombre de dés que vous lancez. X est le nombre de dés qui
    # comptent" - positive the highest, negative the lowest; rows by enemy bombers from 1 up
    rows = chart_rows(game, "naval-combat-results")
    bombers = []
    for label, cells in rows.items():
        if not label.startswith("Tir AA"):
            continue
        bombers.append(label.split(": ")[1].split(" ")[0])
        for cell in cells:
            kept, rolled = cell.split("/")
            assert 1 <= abs(_signed(kept)) <= int(rolled), (label, cell)
    _covers(bombers, 1, 1)
    # 11.4.8: surprise points never shift the AA fire or the air-sea attack
    assert "la surprise ne décale pas l'AA ni l'air-mer" in " ".join(
        game.chart("naval-combat-results").notes
    )


# -- turns and scenarios (22.3, 22.4) -------------------------------------------------------


def test_turn_track(game):
    labels = game.turns.labels
    assert len(labels) == 30 and labels[0] == "J/A 1914" and labels[-1] == "M/J 1919"
    assert labels[16] == "M/A 1917"


def test_phase_sequence(game):
    # 3.1: "A. PHASE DE RENFORTS, B. PHASE DE PRÊT DE RESSOURCES, C. PHASE D'INITIATIVE,
    # D. PHASE D'ACTION [...] E. PHASE DE FIN DE TOUR"; a turn is two months (1.2.3)
    phases = [(p.id, p.name[:2], p.cite) for p in game.turns.phases]
    assert phases == [
        ("reinforcement", "A.", "FA 4"),
        ("lending", "B.", "FA 5"),
        ("initiative", "C.", "FA 6"),
        ("action", "D.", "FA 7"),
        ("end-of-turn", "E.", "FA 13"),
    ]
    months = ["J/F", "M/A", "M/J", "J/A", "S/O", "N/D"]
    labels = game.turns.labels
    for before, after in zip(labels, labels[1:], strict=False):
        step = (months.index(after[:3]) - months.index(before[:3])) % 6
        assert step == 1 and int(after[-4:]) - int(before[-4:]) == (after[:3] == "J/F"), after


def test_sequence_of_play_card(game):
    # 3.1: the phases A to E of the turn, the impulse D1-D3, the execution steps (a) to (m) of
    # D2.3 and the end-of-turn phases E1 to E9, each with the section that rules it
    chart = game.chart("sequence-of-play")
    assert chart.type == "table" and chart.cite == "FA 3.1"
    rows = [(r.label.split(" ")[0], r.cells[-1]) for r in chart.rows]
    phases = [(label, cite) for label, cite in rows if re.fullmatch("[A-E][.]", label)]
    assert [(p, c) for p, c in phases] == [
        (p.name[:2], p.cite.removeprefix("FA ")) for p in game.turns.phases
    ]
    steps = [label for label, _ in rows if label.startswith("(")]
    assert steps == [f"({letter})" for letter in "abcdefghijklm"]
    assert [cite for label, cite in rows if label.startswith("(")] == [
        f"11.{n}" for n in range(2, 15)
    ]
    impulse = [label for label, _ in rows if label.startswith("D") and label != "D."]
    assert impulse == ["D1", "D2", "D2.1", "D2.2", "D2.3", "D2.4", "D3"]
    end = [(label, cite) for label, cite in rows if re.fullmatch("E[0-9]", label)]
    assert [label for label, _ in end] == [f"E{n}" for n in range(1, 10)]
    assert end[0][1] == "13.1" and end[4][1] == "13.5" and end[7][1] == "13.7"
    # every word is the game's: no row without its rule
    assert all(cite for _, cite in rows)


def _placed(setup):
    tally = Tally()
    for placement in setup.placements:
        for piece in placement.pieces:
            tally[piece.counter] += piece.count
    return tally


def test_setups_stay_within_the_counter_mix(game):
    for setup in game.setups:
        for counter_id, count in _placed(setup).items():
            counter = game.counter(counter_id)
            assert counter.unlimited or count <= counter.count, (setup.id, counter_id)


def test_campaign_1914(game):
    setup = game.setup("campaign-1914")
    assert (setup.turn, setup.last_turn, setup.first) == (1, 30, "central")
    assert setup.globals["initiative"] == {"central": 2}
    assert setup.globals["weather_roll"] == 5
    assert setup.globals["political_points"] == {"central": 5, "allies": 5}
    # 22.2: "Placez les marqueurs d'entrée dans une tasse opaque. Les USA et le CW doivent
    # tirer 2 marqueurs d'entrée de départ" - the whole mix goes in the common cup (a cup of
    # decks/pools.json, not a placement), the draw is the players'; 22.3: "Les USA et le CW
    # commencent chacun avec 2 marqueurs"
    chits = [c for c in game.counters if "entry" in c.tags]
    assert not any(
        "entry" in game.counter(x.counter).tags for p in setup.placements for x in p.pieces
    )
    cups = holdings_at_start(game, setup).cups
    assert Tally(cups["entry-markers"]) == {c.id: c.count for c in chits}
    assert game.cup("entry-markers").owner is None
    assert setup.globals["entry_markers"] == {"us": 2, "cw": 2}
    assert any(
        p.at == "production-circle:ja" and {x.counter for x in p.pieces} == {"turn", "year"}
        for p in setup.placements
    )
    # units are placed by a representative setup chart (22.2), tested below
    # initial control: every land hex of the two maps has a controller;
    # Ireland is conquered by the CW
    controlled = {key for keys in setup.control.values() for key in keys}
    assert place(game, "dublin") in setup.control["cw"]
    assert (
        place(game, "brest") in setup.control["fr"] and place(game, "berlin") in setup.control["ge"]
    )
    assert place(game, "warsaw") in setup.control["ru"]
    land = [
        k
        for k, loc in game.locations.items()
        if loc.kind == "hex"
        and loc.terrain
        and not game.terrain_type(loc.terrain).water
        and loc.terrain != "europe-map"
    ]
    assert set(land) <= controlled


# -- the representative 1914 setup chart (22.2) --------------------------------------------

MAJORS_SET_UP_IN_1914 = {"ge", "ah", "fr", "ru", "cw", "us"}


def _units_placed(game, setup):
    """(location key, counter, count) of every land, air and naval unit the setup places."""
    return [
        (p.at, game.counter(x.counter), x.count)
        for p in setup.placements
        for x in p.pieces
        if {"land", "air", "naval"} & game.counter(x.counter).tags
    ]


def test_1914_places_every_major_at_war_in_1914(game):
    # 22.2: "Le tableau de mise en place est divisé par puissance majeure [...] en lignes pour
    # les emplacements géographiques, et en colonnes pour les types d'unités"
    setup = game.setup("campaign-1914")
    per_major = Tally()
    for _, counter, count in _units_placed(game, setup):
        per_major[counter.faction] += count
    assert set(per_major) == MAJORS_SET_UP_IN_1914
    assert per_major["ge"] >= 60 and per_major["fr"] >= 50 and per_major["ru"] >= 60
    assert per_major["ah"] >= 40 and per_major["cw"] >= 60


@pytest.mark.parametrize("setup_id", ["campaign-1914", "campaign-1917"])
def test_setup_pieces_counted_against_the_printed_mix(game, setup_id):
    # 1.2.1: "Vous êtes limité par le nombre d'unités incluses dans le jeu"; 22.1: the pools
    # hold the units not built - so a placed unit is no longer in its pool, and every copy of a
    # unit the setup draws from is on the map or still in its pool, none lost, none twice
    setup = game.setup(setup_id)
    placed = _placed(setup)
    held = Tally(c for cup in holdings_at_start(game, setup).cups.values() for c in cup)
    for counter_id, count in placed.items():
        counter = game.counter(counter_id)
        if counter.unlimited or not {"land", "air", "naval"} & counter.tags:
            continue
        assert count + held[counter_id] == counter.count, (counter_id, count, held[counter_id])
    if setup_id != "campaign-1914":
        return
    # the cups the setup lists itself lost what it placed
    assert Tally(holdings_at_start(game, setup).cups["ge-inf-corps-4"]) == {
        "ge-inf-1914": game.counter("ge-inf-1914").count - placed["ge-inf-1914"]
    }
    assert holdings_at_start(game, setup).cups["cw-scs-4"] == ()


def test_1914_units_stand_in_their_own_country(game):
    # 22.2: "Une puissance majeure neutre ne peut s'installer que dans les hexagones qu'elle
    # contrôle" - all majors are neutral in 1914 (22.3). The one exception is 22.5's "Note 3":
    # the German auxiliary cruisers set up in American ports
    setup = game.setup("campaign-1914")
    control = _controller(setup)
    abroad = set()
    for at, counter, _ in _units_placed(game, setup):
        location = game.locations.get(at)
        if location is None or location.kind != "hex":
            continue
        if control[at] != counter.faction:
            abroad.add((counter.id, control[at]))
    assert abroad == {("ge-kronprinz-wilhelm", "us"), ("ge-cap-trafalgar", "us")}


def test_1914_ships_in_ports_and_land_units_on_land(game):
    # 22.2: "Vous devez déployer toutes les unités navales sur la carte dans des ports";
    # 2.1.1: no land unit on a hex dot; ships on the production circle come "[fu]" from a dated
    # row of the chart
    setup = game.setup("campaign-1914")
    ports = {"port", "major-port", "naval-base"}
    for at, counter, _ in _units_placed(game, setup):
        location = game.locations[at]
        if "naval" in counter.tags and location.kind == "hex":
            features = {f.type for m in game.maps for f in m.features if f"{m.id}:{f.at}" == at}
            assert features & ports, (counter.id, at)
        if "land" in counter.tags:
            assert location.kind == "hex" and not game.terrain_type(location.terrain).water, at
    circle = [p for p in setup.placements if p.at == "production-circle:nd"]
    assert [(x.counter, x.count) for p in circle for x in p.pieces] == [("ru-bb-1914", 4)]


def test_1914_stacking_limits(game):
    # 2.3.1.1: "Jusqu'à 2 unités terrestres peuvent être empilées dans un hexagone de carte
    # européenne [...] (3ème ou 5ème), à condition qu'elle soit de taille divisionnaire"; 4 on a
    # world hex; 2.3.1.3: 4 ships in a minor port (each ship 2 points of 8)
    setup = game.setup("campaign-1914")
    corps, divisions, ships = Tally(), Tally(), Tally()
    for at, counter, count in _units_placed(game, setup):
        if "land" in counter.tags:
            (divisions if "division" in counter.tags else corps)[at] += count
        if "naval" in counter.tags:
            ships[at] += count
    for at in corps.keys() | divisions.keys():
        limit = 4 if at.startswith("world:") else 2
        assert corps[at] <= limit and corps[at] + divisions[at] <= limit + 1, at
    minor_ports = {
        f"{m.id}:{f.at}"
        for m in game.maps
        for f in m.features
        if f.type == "port" and not any(g.type == "major-port" and g.at == f.at for g in m.features)
    }
    assert all(ships[at] <= 4 for at in ships.keys() & minor_ports)
    assert "stacking" in CHECKS


def test_1914_what_the_setup_leaves_out(game):
    setup = game.setup("campaign-1914")
    placed = _placed(setup)
    factions = {game.counter(c).faction for c in placed}
    # 22.3: "Toutes les puissances majeures commencent neutres"; 22.1: set aside "toutes les
    # unités MIL et 'Res' si vous commencez la partie en tant que puissance majeure neutre"
    assert not any(
        game.counter(c).class_ == "militia" or "res" in game.counter(c).tags for c in placed
    )
    # 22.1: Brandenburg, Canada, Agincourt and Selim Yavuz set aside; Tsar Nicolas too;
    # nothing dated after 1914
    assert not {"ge-brandenburg", "cw-agincourt", "oe-selim-yavuz", "ru-tsar-nicolas"} & set(placed)
    assert all(_year(game.counter(c)) <= 1914 for c in placed)
    # 22.3 (and the notes): Italy, the Ottoman Empire, Japan and China set up only when they
    # activate; 20.5.1: a minor sets up "lorsqu'un pays mineur [...] s'aligne sur vous" -
    # Serbia aligns in impulse 1 (22.3), Belgium when it is invaded
    assert not {"it", "oe", "jp", "cn", "serbia", "belgium"} & factions
    # 22.2: "chaque avion (autre que les ballons et les Zeppelins) [...] doit se voir attribuer
    # un pilote": no 1914 aircraft needs one, so the setup gives none
    assert not any(game.counter(c).properties.get("needs_pilot") for c in placed)


def test_1914_errata_and_named_units(game):
    setup = game.setup("campaign-1914")
    where = {}
    for p in setup.placements:
        for x in p.pieces:
            where.setdefault(x.counter, []).append((p.at, x.face))
    # 22.5: "« Estz Monarch » [fu] est remplacé par « Prinz Eugen »" and Estz Monarch starts in
    # the force pool
    assert where["ah-prinz-eugen"] == [(f"europe:{_named(game.map('europe'), 'Pola')}", "front")]
    assert "ah-estz-monarch" not in where
    assert "ah-estz-monarch" in holdings_at_start(game, setup).cups["ah-scs-2"]
    # 22.5: "Le QG français « Lanzarac » devrait être « Lanrezac »" - placed with the 5th army
    assert game.counter("fr-lanrezac").name == "Lanrezac" and "fr-lanrezac" in where
    # 22.2: "Les unités de Territoriaux doivent être mises en place dans leur pays d'origine":
    # British territorials in Great Britain (not Ireland, column 20 and east), French ones in
    # metropolitan France (north of the Mediterranean, row 40 and above)
    for counter_id, rows, columns in (
        ("cw-terr-1914", (17, 30), (20, 26)),
        ("fr-terr-1914", (28, 40), (18, 30)),
    ):
        for at, _ in where[counter_id]:
            location = game.locations[at]
            assert location.map_id == "europe" and rows[0] <= location.row <= rows[1], at
            assert columns[0] <= location.column <= columns[1], at


def test_1914_historical_deployment(game):
    # representative, from August 1914: the Schlieffen armies on the Belgian and French
    # borders, the Russian 1st and 2nd armies facing East Prussia, the Austro-Hungarian armies in
    # Galicia and facing Serbia, the fleets in their home ports
    setup = game.setup("campaign-1914")
    units = Tally()
    for at, counter, count in _units_placed(game, setup):
        if "land" in counter.tags:
            units[(at, counter.faction)] += count
    control = _controller(setup)
    europe = game.map("europe")

    def facing(faction, enemies):
        """How many of the faction's units stand within two hexes of one of the enemies."""
        total = 0
        for (at, owner), count in units.items():
            if owner != faction or not at.startswith("europe:"):
                continue
            ring = set(location_neighbours(game, at))
            ring |= {k for n in ring for k in location_neighbours(game, n)}
            total += count if {control.get(k) for k in ring} & enemies else 0
        return total

    assert facing("ge", {"belgium", "fr"}) >= 22 and facing("ge", {"ru"}) >= 10
    assert facing("fr", {"ge"}) >= 16
    assert facing("ru", {"ge"}) >= 20 and facing("ru", {"ah"}) >= 18
    assert facing("ah", {"ru"}) >= 16 and facing("ah", {"serbia", "montenegro"}) >= 12
    fleets = {p.at: {x.counter for x in p.pieces} for p in setup.placements}
    assert "cw-erin" in fleets[place(game, "scapa-flow")]
    assert "ge-bb-1912" in fleets[f"europe:{_named(europe, 'Kiel')}"]
    assert "ge-bc-1913" in fleets[f"europe:{_named(europe, 'Wilhelmshaven')}"]


def _year(counter):
    """The year printed on the unit's back (4.1.1), 0 when it has none."""
    back = counter.back.values if counter.back is not None else {}
    return back.get("year") or counter.front.values.get("year") or 0


def _named(game_map, name):
    return next(f.at for f in game_map.features if f.name == name)


# -- the representative 1917 setup chart (22.2, 22.4) ---------------------------------------


def test_1917_places_the_errata_totals_where_the_errata_says(game):
    # 22.5, "Mise en place de la campagne de 1917": Germany "10 INF (pour un total de 26), 2 MIL
    # (pour un total de 5), 4 GAR (pour un total de 6), et 1 CAV (pour un total de 3) [...] en
    # Allemagne, en Belgique, ou en France [...] aussi [...] en Pologne, en Pologne de l'Est et
    # dans les Etats Baltes"; Austria-Hungary "5 INF autrichiennes (pour un total de 10), 4 INF
    # hongroises (pour un total de 8), 2 MIL autrichiennes (pour un total de 4), 2 MIL hongroises
    # (pour un total de 2), et 2 CAV hongroises [...] en Autriche-Hongrie ou en Serbie [...]
    # aussi [...] en Bosnie et en Roumanie"
    setup = game.setup("campaign-1917")
    in_1914 = _controller(game.setup("campaign-1914"))
    totals = setup.globals["errata_setup_totals"]
    groups = {
        "ge-inf": ({"ge-inf-1914", "ge-inf-1915"}, {"ge", "belgium", "fr", "ru"}),
        "ge-mil": ({"ge-mil-1914"}, {"ge", "belgium", "fr", "ru"}),
        "ge-gar": ({"ge-gar-1914"}, {"ge", "belgium", "fr", "ru"}),
        "ge-cav": ({"ge-cav-1914"}, {"ge", "belgium", "fr", "ru"}),
        "ah-austrian-inf": ({"ah-au-inf"}, {"ah", "serbia", "romania"}),
        "ah-hungarian-inf": ({"ah-hu-inf"}, {"ah", "serbia", "romania"}),
        "ah-austrian-mil": ({"ah-au-mil"}, {"ah", "serbia", "romania"}),
        "ah-hungarian-mil": ({"ah-hu-mil"}, {"ah", "serbia", "romania"}),
        "ah-hungarian-cav": ({"ah-hu-cav"}, {"ah", "serbia", "romania"}),
    }
    for key, (counters, countries) in groups.items():
        count = 0
        for p in setup.placements:
            for x in p.pieces:
                if x.counter in counters:
                    count += x.count
                    # Poland, East Poland and the Baltic States were Russian in 1914
                    assert in_1914[p.at] in countries, (key, p.at, in_1914[p.at])
        assert count == totals[key], key


def test_1917_eastern_border_garrisons(game):
    # 22.4: "l'Allemagne et l'Autriche doivent maintenir une garnison frontalière sur le front
    # oriental (voir 14.4) dès le premier tour"; 14.4: "L'Allemagne doit maintenir une valeur de
    # garnison de 20, et l'Autriche-Hongrie [...] de 15"; 9.2.3: a division 0.5, MTN 2, other
    # land or air units 1, on the common border
    setup = game.setup("campaign-1917")
    control = _controller(setup)
    values = chart_rows(game, "garrison-values")
    garrison = Tally()
    for at, counter, count in _units_placed(game, setup):
        if not at.startswith("europe:") or "naval" in counter.tags:
            continue
        if not any(control.get(k) == "ru" for k in location_neighbours(game, at)):
            continue
        if "division" in counter.tags:
            value = values["Toute division"][0]
        elif counter.class_ == "mountain":
            value = values["MTN"][0]
        else:
            value = values["Autre unité terrestre ou aérienne"][0]
        garrison[counter.faction] += value * count
    assert garrison["ge"] >= 20 and garrison["ah"] >= 15, garrison


def test_1917_who_sets_up_where(game):
    setup = game.setup("campaign-1917")
    control = _controller(setup)
    factions = Tally()
    for at, counter, count in _units_placed(game, setup):
        factions[counter.faction] += count
        location = game.locations[at]
        if location.kind != "hex":
            continue
        # 22.4: "Tous les territoires russes sont considérés comme hors limites pour les deux
        # camps et hors jeu"
        assert control[at] != "ru", at
        # 22.2: the USA, neutral until its first impulse (22.4), set up in its own hexes
        if counter.faction == "us":
            assert control[at] == "us", at
    # 22.4: "La Russie et le Japon sont hors jeu"; Italy and Portugal aligned with the Allies,
    # Bulgaria and the Ottoman Empire with Germany; Serbia holds Albania
    assert not {"ru", "jp"} & set(factions)
    assert {"ge", "ah", "oe", "bulgaria", "cw", "fr", "it", "us", "serbia", "portugal"} <= set(
        factions
    )
    serbs = {at for at, counter, _ in _units_placed(game, setup) if counter.faction == "serbia"}
    assert serbs and all(control[at] == "serbia" for at in serbs)
    assert place(game, "tirana") in serbs


def _controller(setup):
    return {key: faction for faction, keys in setup.control.items() for key in keys}


AUGUST_1914 = {
    # place id or printed name -> its 1914 controller. 15.3.1: "à la fin de chaque tour où
    # Tsingtao est sous contrôle allemand, le Japon se déplace d'un espace vers les Alliés" and,
    # if Japan takes it, "la Chine cède Foochow au Japon": Tsingtao starts German, Foochow
    # Chinese. The rest is the world of August 1914 that 22.3 sets up ("Toutes les puissances
    # majeures commencent neutres"; each country holds its own hexes)
    "tsingtao": "ge",
    "foochow": "cn",
    "Addis-Abeba": "ethiopia",  # Ethiopia was independent
    "Massaoua": "it",  # Eritrea was Italian
    "Djibouti": "fr",  # French Somaliland
    "Lomé": "ge",  # Togoland was German until the end of August 1914
    "Lourenço Marques": "portugal",  # Portuguese Mozambique
    "Belfort": "fr",  # a French fortress all war long
    "Hanoï": "fr",  # French Indochina
    "Hong Kong": "cw",  # a British colony
    "Port-Arthur": "jp",  # the Kwantung lease, Japanese since 1905
    "Aden": "cw",
    "Gaza": "oe",
    "Trente": "ah",  # Trentino was Austrian until 1918
    "Buenos Aires": "argentina",
    "Montevideo": "uruguay",
    "Valparaíso": "chile",
}


def test_1914_owners_of_the_places_the_rules_and_history_fix(game):
    control = _controller(game.setup("campaign-1914"))
    features = {key: f for m in game.maps for f in m.features for key in (f.id, f.name) if key}
    for name, owner in AUGUST_1914.items():
        feature = features[name]
        key = f"{next(m.id for m in game.maps if feature in m.features)}:{feature.at}"
        assert control[key] == owner, (name, key, control[key])
        assert feature.owner == owner, name


def test_1914_control_agrees_with_every_printed_owner(game):
    # 22.3: every country starts with its own hexes, except the minors conquered at the start:
    # "Tous les mineurs sous contrôle britannique et français sont considérés comme alignés,
    # sauf l'Irlande (conquise)" - Irish places are the CW's
    control = _controller(game.setup("campaign-1914"))
    for the_map in game.maps:
        for feature in the_map.features:
            if feature.owner is None or feature.type == "label":
                continue
            owner = "cw" if feature.owner == "ireland" else feature.owner
            assert control[f"{the_map.id}:{feature.at}"] == owner, (feature.name, feature.at)


def test_country_names_are_printed_inside_their_country(game):
    # Chile and Argentina were once printed the wrong way round, Belgium inside the Netherlands.
    # A printed country name lies in a hex that country holds in 1914 (Ireland: the CW, 22.3)
    control = _controller(game.setup("campaign-1914"))
    by_name = {f.name.upper(): f.id for f in game.factions}
    checked = 0
    for the_map in game.maps:
        for label in (f for f in the_map.features if f.type == "label"):
            faction = by_name.get(label.name.upper())
            if faction is None:
                continue
            checked += 1
            expected = "cw" if faction == "ireland" else faction
            assert control[f"{the_map.id}:{label.at}"] == expected, (label.name, label.at)
    assert checked >= 25
    chile, argentina = (
        next(f for f in game.map("world").features if f.name == name)
        for name in ("CHILI", "ARGENTINE")
    )
    # Chile is the Pacific strip west of Argentina
    column = lambda label: game.locations[f"world:{label.at}"].column  # noqa: E731
    assert column(chile) < column(argentina)


def test_campaign_1917(game):
    setup = game.setup("campaign-1917")
    assert (setup.turn, setup.last_turn, setup.first) == (17, 30, "allies")
    assert setup.last_turn - setup.turn + 1 == 14
    assert setup.globals["morale"] == {
        "us": 15,
        "ge": 11,
        "cw": 11,
        "oe": 9,
        "ah": 8,
        "it": 8,
        "fr": 7,
    }
    assert setup.globals["weather_roll"] == 4 and setup.globals["initiative"] == {"allies": 1}
    ge = set(setup.control["ge"])
    assert (
        place(game, "bruxelles") in ge
        and place(game, "belgrade") in ge
        and place(game, "bucarest") in ge
    )
    assert place(game, "warsaw") in ge and place(game, "lille") in ge
    assert place(game, "calais") not in ge if "calais" in game.places else True
    assert place(game, "tirana") in setup.control["serbia"]
    assert place(game, "basra") in setup.control["cw"]
    morale = {
        p.at: {x.counter for x in p.pieces}
        for p in setup.placements
        if p.at.startswith("morale-track")
    }
    assert morale["morale-track:15"] == {"morale-us"} and morale["morale-track:7"] == {"morale-fr"}


# -- played, not only printed: the rules checker on the setups ------------------------------


def _start(game, setup_id, *extra, units=True):
    """The setup's starting position with extra pieces (counter id, location key) added;
    ``units=False`` leaves the setup's own units out, so that only the extra pieces are judged."""
    start = Position.from_setup(game, game.setup(setup_id))
    if not units:
        kept = tuple(
            p for p in start.pieces if not {"land", "air", "naval"} & game.counter(p.counter).tags
        )
        start = dataclasses.replace(start, pieces=kept)
    numbers = Tally(p.counter for p in start.pieces)
    pieces = []
    for counter_id, key in extra:
        numbers[counter_id] += 1
        counter = game.counter(counter_id)
        piece_id = f"{counter_id}/{numbers[counter_id]}"
        pieces.append(Piece(piece_id, counter_id, key, "front", counter.faction, 1))
    return dataclasses.replace(start, pieces=start.pieces + tuple(pieces))


@pytest.mark.parametrize("setup_id", ["campaign-1914", "campaign-1917"])
def test_each_setup_passes_its_own_rules(game, setup_id):
    setup = game.setup(setup_id)
    found = check_position(Situation(game, _start(game, setup_id), setup_id, start=True))
    # a met victory condition is reported as news (severity 'info'), not as a broken rule;
    # a rule the setup waives is reported and does not fail it
    faults = [v for v in found if v.severity != "info" and v.rule not in setup.waivers]
    assert faults == [], [v.message for v in faults]


def test_1914_waives_supply_only_for_the_auxiliary_cruisers_in_us_ports(game):
    # 22.5: "« Note 3 » pour l'Allemagne : il s'agit des deux croiseurs auxiliaires à mettre en
    # place dans les ports américains" - neutral ports, which supply them (2.4.3, 21.13); the
    # waiver covers them and nothing else
    setup = game.setup("campaign-1914")
    assert set(setup.waivers) == {"supply"}
    found = check_position(Situation(game, _start(game, "campaign-1914"), start=True))
    waived = [v for v in found if v.rule == "supply"]
    assert [(v.locations, sorted(v.pieces)) for v in waived] == [
        (("world:4606",), ["ge-cap-trafalgar/1", "ge-kronprinz-wilhelm/1"])
    ]
    assert place(game, "new-york") == "world:4606"


def test_a_corps_beyond_four_hexes_of_supply_is_caught(game):
    # 2.4.2.1: "Une ligne de ravitaillement [...] peut faire jusqu'à 4 hexagones de long si
    # l'hexagone à partir duquel vous le tracez est par beau temps" - a German corps standing
    # in Moscow in 1914 is far more than 4 hexes from any German city and has no HQ
    far = _start(game, "campaign-1914", ("ge-inf-1914", place(game, "moscou")), units=False)
    found = check_position(Situation(game, far, "campaign-1914"))
    assert [(v.rule, v.cite, v.pieces) for v in found] == [
        ("supply", "FA 2.4.2", ("ge-inf-1914/1",))
    ]
    # the same corps in Berlin, a German city, is supplied
    home = _start(game, "campaign-1914", ("ge-inf-1914", place(game, "berlin")), units=False)
    assert check_position(Situation(game, home, "campaign-1914")) == []


def test_three_corps_in_a_european_hex_break_the_stacking_limit(game):
    # 2.3.1.1: "Jusqu'à 2 unités terrestres peuvent être empilées dans un hexagone de carte
    # européenne [...] une unité terrestre supplémentaire (3ème ou 5ème), à condition qu'elle
    # soit de taille divisionnaire." Three German corps in Berlin are one too many; two corps
    # and a division are legal
    berlin = place(game, "berlin")
    crowded = [("ge-inf-1914", berlin)] * 3
    legal = [("ge-inf-1914", berlin)] * 2 + [("ge-inf-div-1914", berlin)]
    stacking = rule(game, "land-stacking")

    def over(extra):
        pieces = [game.counter(c) for c, _ in extra]
        corps = sum(1 for c in pieces if "division" not in c.tags)
        divisions = len(pieces) - corps
        return corps > stacking.limit or corps + divisions > stacking.limit + stacking.bonus.count

    assert over(crowded) and not over(legal)
    if "stacking" not in CHECKS:
        return  # the checker has no stacking check yet: the position stays data
    found = check_position(Situation(game, _start(game, "campaign-1914", *crowded, units=False)))
    assert {v.rule for v in found} == {"land-stacking"}
    legal_start = _start(game, "campaign-1914", *legal, units=False)
    assert check_position(Situation(game, legal_start)) == []
    # and on the 1914 setup itself: one more corps where two stand is one too many
    essen = f"europe:{_named(game.map('europe'), 'Essen')}"
    found = check_position(Situation(game, _start(game, "campaign-1914", ("ge-inf-1914", essen))))
    assert [(v.rule, v.locations) for v in found if v.rule == "land-stacking"] == [
        ("land-stacking", (essen,))
    ]


# -- the kit prints and plays in French ------------------------------------------------------

ENGLISH_WORDS = {
    # what the toolchain and these sources printed in this kit before it spoke French only
    "used", "pool", "Balloon", "BALLOON", "HQ", "London", "SEAPLANE", "CARRIER", "Fleet",
    "Command", "Patrol", "Desert", "Column", "Mounted", "Starting", "positions", "Setup",
    "Control", "start", "Turn", "Rules", "summary", "unless", "applies", "Printing", "Contents",
    "Counters", "Reinforcements", "Fronts", "Backs", "sheet", "the", "and", "of", "with", "Morale",
}  # fmt: skip
MAINTAINER_NOTES = ("ce que donne le texte", "(missing)", "choix représentatif")


@pytest.fixture(scope="module")
def kit_text(game):
    return page_texts(shared_kit(game, real=True))


def test_no_english_word_and_no_maintainer_note_in_the_kit(kit_text):
    found = {
        (number, word)
        for number, text in enumerate(kit_text, start=1)
        for word in re.findall(r"[\w'’]+", text)
        if word in ENGLISH_WORDS
    }
    assert not found, sorted(found)
    for note in MAINTAINER_NOTES:
        assert not [n for n, text in enumerate(kit_text, start=1) if note in text], note


def test_kit_numbers_take_the_french_decimal_comma(kit_text):
    # a rule number never starts with 0, and the version (0.1.0) has two points
    decimals = re.compile(r"(?<![\d.])0\.\d+(?![\d.])")
    assert not [(n, m) for n, t in enumerate(kit_text, start=1) for m in decimals.findall(t)]


def test_each_chart_and_sheet_says_representative_once(game, kit_text):
    label = re.compile("représentati", re.IGNORECASE)
    for chart in game.charts:
        said = [chart.title, *chart.notes]
        assert sum(len(label.findall(text)) for text in said) <= 1, chart.id
    for setup in game.setups:
        said = [setup.description, *(p.note for p in setup.placements if p.note)]
        assert sum(len(label.findall(text)) for text in said) <= 1, setup.id
    summary = [t for t in kit_text if "Résumé des règles" in t.split("\n")[0]]
    assert summary and sum(len(label.findall(t)) for t in summary) <= 1


def test_morale_markers_name_their_nation_as_the_rulebook_abbreviates_it(game):
    # 22.5 writes the nations on the counters as "Ge", "Ru", "Gr"...; the marker prints that,
    # never the sources' id
    for counter in game.counters:
        if not counter.id.startswith("morale-"):
            continue
        front = dict(counter_faces(game, counter))["front"]
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", front)
        faction = game.faction(counter.faction)
        assert faction.abbreviation in texts and counter.faction not in texts, counter.id


def test_the_rules_summary_reads_each_exception_as_one(game):
    # "sauf" introduces a condition that lifts the rule, never a note; no sentence of the
    # AMPH's cargo (11.3.4.1), checked as several rules, is printed twice
    for rule_ in game.rules:
        notes = rule_notes(game, rule_)
        for after in re.findall(r"sauf (\S)", notes):
            assert after.islower() or after in "«(", (rule_.id, notes)
    amph = [r.text for r in printed_rules(game, "capacity") if r.text.startswith("Un AMPH")]
    assert len(amph) == len(set(amph)) == 2


def test_1917_places_the_minors_22_4_puts_at_war(game):
    # 22.4: "Le Portugal et l'Italie sont alignés sur les Alliés. La Roumanie, la Serbie et la
    # Belgique sont conquises par l'Allemagne. La Bulgarie et l'Empire Ottoman sont alignés sur
    # l'Allemagne [...] La Serbie contrôle toujours l'Albanie"; 20.5.1: an aligned minor sets up
    # in the hexes it controls; every other minor is neutral and sets up only when it aligns
    setup = game.setup("campaign-1917")
    control = _controller(setup)
    minors = {f.id for f in game.factions if "minor" in f.tags}
    placed = {}
    for at, counter, _ in _units_placed(game, setup):
        if counter.faction in minors:
            placed.setdefault(counter.faction, set()).add(at)
    assert set(placed) == {"bulgaria", "portugal", "serbia"}
    for faction, places in placed.items():
        assert all(control[at] == faction for at in places), faction


def test_result_codes_read_in_the_middle_of_a_sentence(game):
    """The module explains a result as '–/R* : ceci ; cela (FA 11.12.5.5)': each code's words
    follow a colon or a semicolon, so in French they start with a small letter."""
    texts = [
        code.text
        for rule_ in game.rules
        if isinstance(rule_, CombatRule)
        for code in rule_.results.codes.values()
        if code.text
    ]
    assert texts
    assert [t for t in texts if t[0].isupper()] == []


def test_check_reports_overloaded_ships_at_sea_with_the_rule_number(tmp_path):
    """11.3.4.1 on a position: cargo is counted in the sea boxes' sections, where a land unit
    can only be aboard; each line names the box and section and cites the rule."""
    case = CASES / "sea-transport-overloaded.json"
    position = tmp_path / "position.json"
    position.write_text(json.dumps(json.loads(case.read_text("utf-8"))["position"]), "utf-8")
    checked = run_cli("check", str(GAME), "--position", str(position), cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr
    assert checked.stdout.splitlines() == [
        "europe:north-sea/2: error[rule trs-capacity] FA 11.3.4.1: In Mer du Nord 2, INF 1914 "
        "and ART 1915 (4 points) are aboard TRS 1914 (Alliés), which can carry 2 points in all.",
        "europe:bay-of-biscay/1: error[rule amph-capacity] FA 11.3.4.1: In Golfe de Gascogne 1, "
        "ARM 1916 and ART 1915 (4 points) are aboard TRS 1914 (Alliés), which can carry 2 "
        "points in all.",
        "europe:english-channel/1: error[rule amph-no-heavy] FA 11.3.4.1: ARM 1916 is in "
        "Manche 1, where the rule keeps it out: Un ARM, un MECH, une CAV ou une ART n'est en "
        "mer qu'à bord d'un TRS ; un AMPH ne les transporte pas.",
    ]


@pytest.mark.parametrize("rule_id", ["amph-no-air", "scs-capacity"])
def test_cargo_a_position_cannot_show_is_printed_as_not_checked(game, rule_id):
    """An aircraft in a sea box may be flying a naval air mission (11.2), and an infantry
    division may ride a TRS or an AMPH of its section as well as a SCS: the position does not
    say which ship carries what, so these rules are printed, marked not checked."""
    assert rule_notes(game, rule(game, rule_id)) == "Laissée aux joueurs."
