"""Distant Foreign Fields: facts from the rulebook checked against the sources.

The rulebook's 1917 example of play is checked too.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from toolkit.load import load_game
from toolkit.model.map import location_key, parse_location_key
from toolkit.model.queries import (
    location_adjacent,
    location_distance,
    location_features,
    location_hexsides,
    location_path,
)
from toolkit.model.references import resolve_location

GAME = Path(__file__).resolve().parents[2] / "sources" / "distant-foreign-fields"

# pointy-top hexes: axial steps for the six directions the rulebook uses ("W of Bapaume"…)
DIRECTIONS = {"e": (1, 0), "ne": (1, -1), "nw": (0, -1), "w": (-1, 0), "sw": (-1, 1), "se": (0, 1)}


@pytest.fixture(scope="module")
def game():
    result = load_game(GAME)
    assert result.game is not None, result.report.format_text()
    return result.game


def loc(game, ref):
    """The Location a place id or 'map:label' names."""
    return game.locations[resolve_location(game, ref)]


def step(game, ref, direction):
    """The location one hex from ``ref`` in ``direction`` (same map)."""
    here = loc(game, ref)
    the_map = game.map(here.map_id)
    dq, dr = DIRECTIONS[direction]
    for label in the_map.neighbours(here.label):
        there = the_map.location(label).hex
        if (there.q - here.hex.q, there.r - here.hex.r) == (dq, dr):
            return the_map.location(label)
    raise AssertionError(f"no hex {direction} of {ref}")


def adjacent(game, a, b):
    return location_adjacent(game, loc(game, a).key, loc(game, b).key)


def distance(game, a, b):
    return location_distance(game, loc(game, a).key, loc(game, b).key)


def sides_of(game, map_id, kind, name=None):
    return {
        frozenset((s.a, s.b))
        for s in game.map(map_id).hexsides
        if s.type == kind and (name is None or s.name == name)
    }


def feature(game, fid):
    return next(f for f in location_features(game, game.places[fid]) if f.id == fid)


def land_path_length(game, start, goal):
    """Fewest hexes a ground unit walks from start to goal (sea and impassable hexsides block)."""

    def walkable(here, there):
        sides = {s.type for s in location_hexsides(game, here, there)}
        return not sides & {"lake", "marsh", "peaks"} and game.locations[there].terrain != "sea"

    path = location_path(game, loc(game, start).key, loc(game, goal).key, can_step=walkable)
    return None if path is None else len(path) - 1


def coastal(game, ref):
    """True when a hex next to ``ref`` on its map is sea."""
    here = loc(game, ref)
    the_map = game.map(here.map_id)
    return any(the_map.location(n).terrain == "sea" for n in the_map.neighbours(here.label))


# ---------------------------------------------------------------------------- the game loads


def test_game_loads_with_its_maps(game):
    assert game.id == "distant-foreign-fields"
    # 1.0, 1.1: the six fronts, the Germany expansion's two maps, the Seine and Petrograd additions
    assert {m.id for m in game.maps} == {
        "wf",
        "ef",
        "bf",
        "if",
        "mef",
        "tcf",
        "seine",
        "strasbourg",
        "berlin",
        "petrograd",
    }
    sides = {f.side for f in game.factions}
    assert {"allies", "central"} <= sides


# ---------------------------------------------------------------------------- maps (1.1, 4.2)


@pytest.mark.parametrize(
    "map_id, ma",
    [
        ("wf", 8),
        ("ef", 4),
        ("bf", 4),
        ("if", 8),
        ("mef", 3),
        ("tcf", 4),
        ("seine", 4),
        ("petrograd", 2),
        ("strasbourg", 8),  # "elles utilisent les mêmes échelles de mouvement"
        ("berlin", 4),
    ],
)
def test_movement_allowance_per_map(game, map_id, ma):
    props = game.map(map_id).properties
    assert props["ma"] == ma  # 1.1
    assert props["ma_cavalry"] == 2 * ma  # 4.4.3
    assert props["ma_air"] == 3 * ma  # 4.5
    assert props["hq_range"] == ma  # 4.4.1
    assert props["interception_range"] == -(-ma // 2)  # 4.5.2, rounded up


def test_maps_use_pointy_top_xxyy_numbering(game):
    for the_map in game.maps:
        assert the_map.grid.grid.orientation == "pointy"
        assert all(
            len(label) == 4 and label.isdigit()
            for label, location in the_map.locations.items()
            if location.kind == "hex"
        )


def test_map_sizes_are_modest(game):
    wf, ef = game.map("wf").grid.grid, game.map("ef").grid.grid
    assert 24 <= wf.columns <= 34 and 24 <= wf.rows <= 34
    assert 20 <= ef.columns <= 30 and 20 <= ef.rows <= 30


def test_every_legend_terrain_is_declared(game):
    ids = {t.id for t in game.terrain}
    assert {"clear", "desert", "rough", "heights", "mountains", "forest", "swamp", "city"} <= ids
    assert {"river", "lake", "marsh", "peaks"} <= {h.id for h in game.hexside_types}


def test_every_map_draws_rivers_and_rail(game):
    for map_id in ("wf", "ef", "bf"):
        the_map = game.map(map_id)
        assert len(sides_of(game, map_id, "river")) > 50
        assert sum(1 for line in the_map.lines if line.type == "rail") > 10


def test_impassable_hexsides_exist(game):
    assert sides_of(game, "ef", "lake", "Masurian Lakes (north)")
    assert sides_of(game, "ef", "marsh")
    assert sides_of(game, "wf", "peaks")
    assert sides_of(game, "bf", "lake", "Bosporus")


# ---------------------------------------------------------------------------- links between maps


def test_links_point_at_existing_locations_both_ways(game):
    seen = 0
    for the_map in game.maps:
        for link in the_map.links:
            assert link.to in game.locations, link
            seen += 1
            if link.type == "adjacent":
                other = game.map(parse_location_key(link.to)[0])
                way_back = f"{the_map.id}:{link.from_label}"
                back = [back_link for back_link in other.links if back_link.to == way_back]
                assert back and back[0].name == link.name, (
                    f"{the_map.id}:{link.from_label} has no way back"
                )
    assert seen > 0


def test_seine_letters_a_to_d_on_the_wf_west_edge(game):
    links = [link for link in game.map("wf").links if link.to.startswith("seine:")]
    assert sorted(link.name for link in links) == ["A", "B", "C", "D"]
    assert all(game.map("wf").locations[link.from_label].column == 1 for link in links)


def test_ef_bf_letters_a_to_e(game):
    ef = game.map("ef")
    links = [link for link in ef.links if link.to.startswith("bf:")]
    assert sorted(link.name for link in links) == list("ABCDE")
    south_row = ef.grid.grid.rows
    assert all(ef.locations[link.from_label].row == south_row for link in links)  # EF south edge
    assert all(game.locations[link.to].row == 1 for link in links)  # BF north edge


def on_edge(the_map, label):
    where = the_map.locations[label]
    grid = the_map.grid.grid
    return where.column in (1, grid.columns) or where.row in (1, grid.rows)


def test_rail_exits_carry_the_other_fronts_code(game):
    """2.2.5.3: a rail line leaving a map edge is labelled with the front it leads to."""
    seen = set()
    for the_map in game.maps:
        for link in (link for link in the_map.links if link.type == "rail"):
            other = game.map(parse_location_key(link.to)[0])
            assert link.name == other.properties["front"], (the_map.id, link)
            assert on_edge(the_map, link.from_label) and on_edge(other, link.to.split(":")[1])
            seen.add((the_map.properties["front"], other.properties["front"]))
    # WF-EF, WF-IF, IF-BF, BF-MEF both ways; to the TCF from the BF and the MEF (2.2.5.4)
    assert {
        ("WF", "EF"),
        ("EF", "WF"),
        ("WF", "IF"),
        ("IF", "WF"),
        ("IF", "BF"),
        ("BF", "IF"),
    } <= seen
    assert {("BF", "MEF"), ("MEF", "BF"), ("TCF", "BF"), ("TCF", "MEF")} <= seen
    # The Germany maps are part of the WF and the EF (1.1): the rail between those fronts leaves
    # from the Strasbourg map's east edge and the Berlin map's west edge, every exit to every exit
    berlin, strasbourg = game.map("berlin"), game.map("strasbourg")
    labels = {f.at for f in berlin.features if f.type == "label" and f.name == "WF"}
    east = {link.from_label for link in strasbourg.links if link.to.startswith("berlin:")}
    rails = [link for link in strasbourg.links if link.type == "rail"]
    assert {parse_location_key(link.to)[1] for link in rails} == labels
    assert all(berlin.locations[label].column == 1 for label in labels)  # Berlin map west edge
    assert all(strasbourg.locations[label].column == strasbourg.grid.grid.columns for label in east)
    assert len(labels) * len(east) == len(rails)


def test_the_transcaucasian_front_is_reached_through_the_ottoman_empire(game):
    """2.2.5.4: by rail to the last Ottoman hex of the BF east edge, or to the Ottoman rail hex of
    the MEF north edge; next turn the unit enters any Turkish hex of the TCF west edge (from the
    BF) or south edge (from the MEF)."""
    tcf, grid = game.map("tcf"), game.map("tcf").grid.grid
    haidar = loc(game, "haidar-pasha")
    assert haidar.label == "2018" and haidar.column == game.map("bf").grid.grid.columns
    (mef_exit,) = [link.from_label for link in game.map("mef").links if link.to == haidar.key]
    assert game.map("mef").locations[mef_exit].row == 1
    setup = game.setup("grand-campaign")
    owner = {key: faction for faction, keys in setup.control.items() for key in keys}
    from_bf = {link.from_label for link in tcf.links if link.to == haidar.key}
    from_mef = {link.from_label for link in tcf.links if link.to == f"mef:{mef_exit}"}
    turkish = {label for label in tcf.locations if owner.get(f"tcf:{label}") == "ot"}
    assert from_bf == {label for label in turkish if tcf.locations[label].column == 1}
    assert from_mef == {label for label in turkish if tcf.locations[label].row == grid.rows}
    assert all(
        link.delay == 1 for link in tcf.links
    )  # "pendant la Phase de Mouvement du tour suivant"


# ---------------------------------------------------------------------------- fortresses (4.6.1)

FORTRESSES = {
    "verdun-fortress": 3,
    "liege-fortress": 3,
    "namur-fortress": 3,
    "antwerp-fortress": 3,
    "metz-fortress": 3,
    "toul-fortress": 2,
    "paris-fortress": 2,
    "maubeuge-fortress": 2,
    "cologne-fortress": 2,
    "calais-fortress": 1,
    "dunkirk-fortress": 1,
    "lille-fortress": 1,
    "fortress-e-of-vervins": 1,
    "warsaw-fortress": 3,
    "konigsberg-fortress": 3,
    "brest-litovsk-fortress": 2,
    "przemysl-fortress": 2,
    "riga-fortress": 2,
    "strasbourg-fortress": 2,
    "mainz-fortress": 2,
    "lotzen-fortress": 1,
    "cracow-fortress": 1,
    "belgrade-fortress": 1,
    "varna-fortress": 1,
    "fortress-ne-of-scutari": 1,
    "trent-fortress": 2,
    "trieste-fortress": 2,
}


@pytest.mark.parametrize("fid, sp", sorted(FORTRESSES.items()))
def test_fortress_strength(game, fid, sp):
    f = feature(game, fid)
    assert f.type == "fortress"
    assert f.values["sp"] == sp


@pytest.mark.parametrize(
    "map_id, count", [("wf", 24), ("ef", 15), ("bf", 7), ("if", 2), ("strasbourg", 2)]
)
def test_fortress_count_per_front(game, map_id, count):
    forts = [f for f in game.map(map_id).features if f.type == "fortress"]
    assert len(forts) == count
    assert all(1 <= f.values["sp"] <= 3 for f in forts)
    assert len({f.at for f in forts}) == count  # one per hex


@pytest.mark.parametrize(
    "fid, direction, town",
    [
        ("fortress-se-of-epinal", "se", "epinal"),
        ("fortress-nw-of-belfort", "nw", "belfort"),
        ("fortress-e-of-vervins", "e", "vervins"),
        ("fortress-ne-of-scutari", "ne", "scutari"),
        ("fortress-se-of-uzhitse", "se", "uzhitse"),
        ("fortress-e-of-sarajevo", "e", "sarajevo"),
    ],
)
def test_relative_fortresses_sit_where_the_text_says(game, fid, direction, town):
    assert loc(game, fid) == step(game, town, direction)


def test_fortress_chart_matches_the_maps(game):
    chart = game.chart("fortresses")
    total = Counter((row.cells[0], row.cells[1]) for row in chart.rows)
    drawn = Counter()
    for map_id, front in (
        ("wf", "Western"),
        ("ef", "Eastern"),
        ("bf", "Balkan"),
        ("if", "Italian"),
        ("strasbourg", "Strasbourg map"),
    ):
        for f in game.map(map_id).features:
            if f.type == "fortress":
                drawn[(front, f.values["sp"])] += 1
    assert drawn == total  # all 50 of 4.6.1 are drawn
    assert len(chart.rows) == 50


# ---------------------------------------------------------------------------- places and values


def test_nm_values_from_the_text(game):
    assert feature(game, "verdun").values["nm"] == 5  # 2.2.7.2
    assert feature(game, "albert").values["nm"] == 1  # 13.0


def test_budapest_is_two_hexes_of_four_nm_with_the_danube_between(game):
    buda, pest = feature(game, "budapest-buda"), feature(game, "budapest-pest")
    assert buda.values["nm"] == pest.values["nm"] == 4  # 1.1.1
    assert adjacent(game, "budapest-buda", "budapest-pest")
    assert frozenset((buda.at, pest.at)) in sides_of(game, "bf", "river", "Danube")


def test_gallipoli_is_rough(game):
    assert loc(game, "gallipoli").terrain == "rough"  # 13.0: defenders +1


def test_channel_ports_are_coastal_british_supply_centres(game):
    wf = game.map("wf")
    for port in ("dieppe", "montreuil", "boulogne", "calais", "dunkirk", "nieuport"):
        here = loc(game, port)
        assert coastal(game, port), port
        assert any(
            f.type == "port" and f.at == here.label and f.owner == "gb" and "channel-port" in f.tags
            for f in wf.features
        ), port


def test_abbeville_is_on_the_coast(game):
    assert coastal(game, "abbeville")


def test_netherlands_is_closed(game):
    rule = next(r for r in game.rules if r.id == "netherlands-closed")
    assert rule.kind == "entry"
    assert loc(game, "maastricht").key in rule.forbid.locations
    assert loc(game, "liege").key not in rule.forbid.locations


# ---------------------------------------------------------------------------- rules


def test_stacking_two_infantry_or_cavalry(game):
    rule = next(r for r in game.rules if r.kind == "stacking")
    assert rule.cite == "DFF 4.3"
    assert rule.limit == 2
    assert rule.pieces.class_ == {"infantry", "cavalry"}
    assert {"tank", "hq", "fighter", "supply", "trench"} <= rule.exempt.class_
    corfu = rule.overrides[0]
    assert corfu.limit is None and "bf:corfu" in corfu.where.locations


def test_entry_rules(game):
    rules = {r.id: r for r in game.rules}
    assert rules["tanks-not-in-forest"].forbid.terrain == {"forest"}
    assert rules["air-not-in-mountains-or-forest"].forbid.terrain == {
        "mountains",
        "forest",
    }
    assert {"fighter", "bomber", "recon", "ace"} <= rules[
        "air-not-in-mountains-or-forest"
    ].pieces.class_


def test_ground_units_cannot_cross_peaks_lake_or_marsh(game):
    rule = next(r for r in game.rules if r.id == "movement")
    for kind in ("peaks", "lake", "marsh"):
        assert rule.hexside_costs[kind] == "prohibited"
    assert rule.hexside_costs["river"] == 0  # 5.4: rivers do not affect movement
    assert rule.allowance.map_property == "ma"
    assert rule.costs["mountains"] == 3 and rule.costs["heights"] == 2


def test_every_rule_cites_the_rulebook(game):
    assert all(r.cite.startswith("DFF ") for r in game.rules)


# ---------------------------------------------------------------------------- charts


@pytest.mark.parametrize("chart_id", ["weather-wf", "weather-ef", "weather-bf", "weather-tcf"])
def test_weather_tables_partition_the_d10(game, chart_id):
    chart = game.chart(chart_id)
    assert [c.label for c in chart.columns] == ["Winter", "Spring", "Summer", "Autumn"]
    assert [row.label for row in chart.rows] == [str(n) for n in range(1, 11)]
    assert all(
        cell in ("Fair", "Wet", "Rain", "Cold", "Blizzard")
        for row in chart.rows
        for cell in row.cells
    )


def test_weather_values(game):
    wf = {row.label: row.cells for row in game.chart("weather-wf").rows}
    assert [wf[str(n)][0] for n in range(1, 11)] == ["Fair"] * 3 + ["Cold"] * 6 + ["Blizzard"]
    assert [wf[str(n)][2] for n in range(1, 11)] == ["Fair"] * 7 + ["Wet"] * 2 + ["Rain"]
    bf = {row.label: row.cells for row in game.chart("weather-bf").rows}
    assert (
        bf["6"][3] == "Wet" and bf["5"][3] == "Fair"
    )  # errata: 'Fair 1-6, Wet 6-8' read as Fair 1-5


def test_artillery_and_duel_tables(game):
    art = {row.label: row.cells[0] for row in game.chart("artillery").rows}
    assert art["Pre-set rounds 1–3"] == "≤3" and art["Pre-set rounds 7–9"] == "≤1"
    duel = {row.label: row.cells[0] for row in game.chart("artillery-duel").rows}
    assert "neutralised" in duel["3"] and duel["4–10"] == "no effect"


def test_turn_track(game):
    labels = [cell.label for cell in game.chart("turn-track").cells]
    assert labels[:5] == ["Aug 14 W1", "Aug 14 W2", "Aug 14 W3", "Aug 14 W4", "ST Aug 14"]
    assert (
        labels[labels.index("ST 3-17") + 1] == "Jul 17"
    )  # Summer Seasonal Turn 1917 → July (13.0)
    assert labels[-1] == "Dec 20"
    assert game.turns.labels == tuple(labels) and game.turns.last == len(labels)


# ---------------------------------------------------------------------------- counters (4.1)


def test_strength_dots_along_the_bottom_edge(game):
    template = game.template("division")
    dots = [e for e in template.front if e.draw == "dots"]
    assert dots and dots[0].edge == "bottom" and dots[0].field == "strength"


def test_main_and_partner_counters_show_four_to_one(game):
    for counter in game.counters:
        if counter.template != "division":
            continue
        front, back = counter.front.values["strength"], counter.back.values["strength"]
        assert back == front - 1  # turned 180° (4.1)
        assert (front, back) == ((2, 1) if "partner" in counter.tags else (4, 3))


def test_unit_classes(game):
    classes = {c.class_ for c in game.counters}
    assert {
        "infantry",
        "cavalry",
        "hq",
        "fighter",
        "bomber",
        "recon",
        "ace",
        "tank",
        "marker",
        "supply",
        "trench",
    } <= classes
    assert all(c.class_ for c in game.counters)


def test_non_rebuyable_tanks(game):
    tanks = {
        c.front.values["model"]: c.front.values["entry"]
        for c in game.counters
        if c.class_ == "tank" and "not-rebuyable" in c.tags and c.faction == "gb"
    }
    assert tanks == {
        "Mk I/II": "3-16",
        "Mk III": "2-17",
        "Mk V": "3-18",
        "Whippet": "2-18",
    }  # 4.4.4


# ------------------------------------------------------------------------ the 1917 example (13.0)

EXAMPLE = {
    "gb-1-army": "doullens",
    "fr-1-army": "chaulnes",
    "gb-salonika": "boulogne",
    "gb-fighter-1": "amiens",
    "fr-bomber-1": "montreuil",
    "be-bomber-1": "abbeville",
    "us-fighter-1": "cantigny",
    "au-1-inf": "w-of-bapaume",
    "ca-1-inf": "albert",
    "gb-1-inf": "chaulnes",
    "fr-1-inf": "e-of-ham",
    "be-1-inf": "e-of-ham",
    "fr-1-cav": "noyon",
    "gb-mk-iii": "villers",
    "gb-2-inf": "boulogne",
    "gb-3-inf": "boulogne",
    "gb-4-inf": "calais",
    "trench-1": "albert",
    "de-1-army": "lille",
    "de-2-army": "maubeuge",
    "de-fighter-1": "ypres",
    "de-recon-1": "ypres",
    "richthofen": "avesnes",
    "de-1-inf": "bapaume",
    "de-2-inf": "bapaume",
    "de-3-inf": "arras",
    "de-4-inf": "e-of-albert",
    "de-5-inf": "e-of-albert",
    "de-6-inf": "w-of-st-quentin",
    "de-7-inf": "w-of-st-quentin",
    "de-8-inf": "ham",
    "de-9-inf": "guise",
    "de-1-cav": "brussels",
    "ot-1-inf-p": "gallipoli",
    "ot-2-inf-p": "gallipoli",
    "ot-3-inf": "constantinople",
    "ot-1-army": "adrianople",
}


@pytest.fixture(scope="module")
def example(game):
    return game.setup("example-1917")


@pytest.mark.parametrize("counter, place", sorted(EXAMPLE.items()))
def test_example_piece_is_where_13_0_puts_it(game, example, counter, place):
    where = [p.at for p in example.placements for piece in p.pieces if piece.counter == counter]
    assert where == [game.places[place]]


def test_example_supply(game, example):
    supply = {}
    for p in example.placements:
        for piece in p.pieces:
            if piece.counter.startswith("supply-"):
                value = int(piece.counter.split("-")[1])
                supply[p.at] = supply.get(p.at, 0) + value * piece.count
    expected = {
        "paris": 5,
        "abbeville": 5,
        "boulogne": 30,
        "lille": 20,
        "maubeuge": 20,
        "adrianople": 5,
    }
    assert supply == {game.places[k]: v for k, v in expected.items()}


def test_example_strengths(game, example):
    faces = {piece.counter: piece.face for p in example.placements for piece in p.pieces}
    assert faces["ca-1-inf"] == "back"  # Albert's Canadians have 3 SP
    assert faces["de-1-cav"] == "back"  # turned to 4 by a specific reinforcement
    assert faces["au-1-inf"] == "front"
    ot = game.counter("ot-1-inf-p")
    assert ot.front.values["strength"] == 2  # 1 after one hit, 2 defending in Rough


def test_example_within_the_counter_mix(game, example):
    counts = example.placed_counts()
    for r in example.reinforcements:
        for piece in r.pieces:
            counts[piece.counter] = counts.get(piece.counter, 0) + piece.count
    for counter_id, n in counts.items():
        counter = game.counter(counter_id)
        assert counter.unlimited or n <= counter.count, counter_id


def test_example_stacking_holds(game, example):
    for p in example.placements:
        ground = sum(
            piece.count
            for piece in p.pieces
            if game.counter(piece.counter).class_ in ("infantry", "cavalry")
        )
        assert ground <= 2, p.at


def test_example_places_on_the_right_fronts(game):
    for place in (
        "boulogne",
        "calais",
        "abbeville",
        "amiens",
        "albert",
        "bapaume",
        "arras",
        "lille",
        "ypres",
        "ham",
        "noyon",
        "chaulnes",
        "st-quentin",
        "guise",
        "maubeuge",
        "avesnes",
        "brussels",
        "doullens",
        "cantigny",
        "villers",
        "montreuil",
        "douai",
        "cambrai",
        "queant",
        "antwerp",
    ):
        assert loc(game, place).map_id == "wf", place
    for place in ("gallipoli", "constantinople", "adrianople", "salonika", "ne-of-gallipoli"):
        assert loc(game, place).map_id == "bf", place


@pytest.mark.parametrize(
    "place, direction, town",
    [
        ("w-of-bapaume", "w", "bapaume"),
        ("e-of-albert", "e", "albert"),
        ("w-of-st-quentin", "w", "st-quentin"),
        ("e-of-ham", "e", "ham"),
        ("e-of-amiens", "e", "amiens"),
        ("se-of-chaulnes", "se", "chaulnes"),
        ("e-of-chaulnes", "e", "chaulnes"),
        ("sw-of-queant", "sw", "queant"),
        ("ne-of-gallipoli", "ne", "gallipoli"),
    ],
)
def test_relative_references(game, place, direction, town):
    assert loc(game, place) == step(game, town, direction)


def test_example_geography_the_walkthrough_needs(game):
    # the German offensive attacks five contiguous hexes (a Big Push needs at least 4, 2.2.7.4)
    places = ("w-of-bapaume", "albert", "chaulnes", "e-of-ham", "noyon")
    attacked = [loc(game, p).key for p in places]
    for other in attacked[1:]:
        assert location_path(game, attacked[0], other, can_step=lambda a, b: b in attacked), other
    # German and Allied hexes never coincide
    allied = {
        loc(game, p).key
        for p in (
            "w-of-bapaume",
            "albert",
            "chaulnes",
            "e-of-ham",
            "noyon",
            "villers",
            "doullens",
            "amiens",
            "cantigny",
        )
    }
    german = {
        loc(game, p).key
        for p in ("bapaume", "arras", "e-of-albert", "w-of-st-quentin", "ham", "guise")
    }
    assert not allied & german
    # retreats and exploitation move one hex
    assert adjacent(game, "w-of-bapaume", "doullens")
    assert adjacent(game, "chaulnes", "e-of-amiens")
    assert loc(game, "e-of-chaulnes").key not in allied


def test_the_somme(game):
    somme = sides_of(game, "wf", "river", "Somme")
    assert somme
    # the Germans attacking Chaulnes from W of St. Quentin cross a river: the defender fires first
    assert on_the_somme(game, "w-of-st-quentin", "chaulnes")
    # battles the walkthrough fires without a river
    for a, b in (
        ("ham", "e-of-ham"),
        ("bapaume", "w-of-bapaume"),
        ("albert", "e-of-albert"),
        ("w-of-bapaume", "doullens"),
        ("chaulnes", "se-of-chaulnes"),
    ):
        assert not on_the_somme(game, a, b), (a, b)
    # supply floats along the Somme from Abbeville to Chaulnes (3.5): a chain of hexes on its banks
    banks = {location_key("wf", label) for side in somme for label in side}
    start, goal = loc(game, "abbeville").key, loc(game, "chaulnes").key
    assert start in banks and goal in banks
    assert location_path(game, start, goal, can_step=lambda here, there: there in banks)


def on_the_somme(game, a, b):
    """True when the side between two hexes is the Somme."""
    sides = location_hexsides(game, loc(game, a).key, loc(game, b).key)
    return any(side.type == "river" and side.name == "Somme" for side in sides)


def _rail_connected(game, map_id, a, b, through=()):
    """True when rail runs from a to b (optionally passing every hex in ``through``)."""
    rail = {
        frozenset((location_key(map_id, u), location_key(map_id, v)))
        for line in game.map(map_id).lines
        if line.type == "rail"
        for u, v in pairwise(line.path)
    }
    stops = [loc(game, p).key for p in (a, *through, b)]
    return all(
        location_path(game, u, v, can_step=lambda here, there: {here, there} in rail)
        for u, v in pairwise(stops)
    )


@pytest.mark.parametrize(
    "a, b, through",
    [
        (
            "calais",
            "doullens",
            ("boulogne", "abbeville"),
        ),  # supply by train via Boulogne and Abbeville
        ("paris", "doullens", ()),
        ("brussels", "maubeuge", ()),
        ("brussels", "arras", ()),  # the German cavalry entrains at Brussels for Arras
    ],
)
def test_example_rail_lines(game, a, b, through):
    assert _rail_connected(game, "wf", a, b, through)


def test_example_ranges(game):
    assert distance(game, "maubeuge", "noyon") <= 8  # 2nd Army bombards Noyon
    assert distance(game, "douai", "chaulnes") <= 8  # 1st Army (moved to Douai) bombards Chaulnes
    assert distance(game, "doullens", "chaulnes") <= 8  # British 1st Army supports Chaulnes
    assert (
        distance(game, "antwerp", "sw-of-queant") <= 12
    )  # forced march of the 48th Landwehr: 8 × 1.5
    assert distance(game, "adrianople", "gallipoli") <= 4  # Ottoman artillery supports Gallipoli


def test_gallipoli_and_the_straits(game):
    # the Ottoman 3rd Division marches from Constantinople to NE of Gallipoli (BF MA 4) ...
    assert land_path_length(game, "constantinople", "ne-of-gallipoli") <= 4
    # ... but is not in range for an Active Defence of Gallipoli itself
    assert land_path_length(game, "constantinople", "gallipoli") > 4
    # Gallipoli and Constantinople are coastal (amphibious assault, sea movement)
    for place in ("gallipoli", "constantinople", "salonika"):
        assert loc(game, place).map_id == "bf" and coastal(game, place), place


def test_grand_campaign_territory_and_morale(game):
    setup = game.setup("grand-campaign")
    owner = {key: faction for faction, keys in setup.control.items() for key in keys}
    assert owner[game.places["paris"]] == "fr"
    assert owner[game.places["metz"]] == "de"  # Lorraine is German in 1914
    assert owner[game.places["brussels"]] == "be"
    assert owner[game.places["warsaw"]] == "ru"
    assert owner[game.places["cracow"]] == "ah"
    assert owner[game.places["adrianople"]] == "ot"
    assert owner[game.places["maastricht"]] == "nl"
    nm = setup.globals["nm"]
    assert (nm["de"], nm["fr"], nm["gb"], nm["ru"], nm["ah"], nm["ot"]) == (
        260,
        175,
        160,
        155,
        125,
        85,
    )
    bef = [p.at for p in setup.placements for piece in p.pieces if piece.counter == "gb-bef"]
    rule = next(r for r in game.rules if r.id == "bef-start")
    assert bef and bef[0] in rule.at.locations


# ---------------------------------------------------------------- the Italian, Middle East and
# Transcaucasian fronts (1.1, 1.1.1, 2.2.1, 3.7, 7.7.4, 7.9, 7.12.1, 7.13)


def test_weather_per_front(game):
    """2.2.1: weather is rolled on five fronts; the Middle East has none. The Italian Front uses
    the Eastern Front's table, the Transcaucasian its own."""
    assert game.map("mef").properties["weather"] is False
    assert not any(box.id == "weather" for box in game.map("mef").boxes)
    for map_id, table in (("if", "weather-ef"), ("tcf", "weather-tcf")):
        assert game.map(map_id).properties["weather_table"] == table
        assert any(box.id == "weather" for box in game.map(map_id).boxes)


def test_forced_march_on_the_middle_east_front_is_5(game):
    assert game.map("mef").properties["forced_march"] == 5  # 2.2.5.1: "arrondi à 5 hexs"


def test_italian_front_places(game):
    """4.6.1: Trent 2 and Trieste 2, Austro-Hungarian; 7.9: Venice decides Italy's surrender;
    7.11 and 7.17: Switzerland is closed."""
    for town in ("trent", "trieste"):
        assert feature(game, town).owner == "ah" and loc(game, town).map_id == "if"
    venice = feature(game, "venice")
    assert venice.owner == "it" and "surrender-city" in venice.tags and coastal(game, "venice")
    setup = game.setup("grand-campaign")
    swiss = set(setup.control["ch"])
    assert swiss and all(key.startswith("if:") for key in swiss)
    rule = next(r for r in game.rules if r.id == "switzerland-closed")
    assert rule.cite == "DFF 7.17" and swiss == set(rule.forbid.locations)


def test_transcaucasian_front_places(game):
    """7.12.1: Kars, Ardahan and Batum (Russian in 1914) are the Ottoman objectives; Sarikamish
    is named too. 3.7: Batum and Poti are port supply centres (Ottoman +1, German +3)."""
    setup = game.setup("grand-campaign")
    owner = {key: faction for faction, keys in setup.control.items() for key in keys}
    for town in ("kars", "ardahan", "batum", "sarikamish", "poti"):
        assert loc(game, town).map_id == "tcf" and owner[game.places[town]] == "ru", town
    assert {f.id for f in game.map("tcf").features if "caucasus-objective" in f.tags} == {
        "kars",
        "ardahan",
        "batum",
    }
    ports = {f.at for f in game.map("tcf").features if f.type == "port"}
    assert {loc(game, "batum").label, loc(game, "poti").label} <= ports
    assert coastal(game, "batum") and coastal(game, "poti")
    assert {"ru", "ot", "pe"} <= {
        o for o, keys in setup.control.items() if any(k.startswith("tcf:") for k in keys)
    }


def test_middle_east_front_places(game):
    """1.1.1: the Gulf of Suez hex is impassable and the Nile Delta's small rivers are river
    hexsides; 7.7.4: the Suez Canal, and Abadan, a Persian city worth 5 NM; 3.7: Alexandria and
    Port Said are port supply centres (British +3)."""
    mef = game.map("mef")
    (gulf,) = [f for f in mef.features if "gulf-of-suez" in f.tags]
    assert mef.locations[gulf.at].terrain == "sea"  # no ground unit enters it
    canal = sides_of(game, "mef", "canal", "Suez Canal")
    assert canal
    canal_hexes = {label for side in canal for label in side}
    assert {loc(game, "port-said").label, loc(game, "ismailia").label} & canal_hexes
    assert sides_of(game, "mef", "river", "Nile (Rosetta branch)")
    assert sides_of(game, "mef", "river", "Nile (Damietta branch)")
    abadan = feature(game, "abadan")
    assert abadan.owner == "pe" and abadan.values["nm"] == 5
    ports = {f.at for f in mef.features if f.type == "port"}
    assert {loc(game, "alexandria").label, loc(game, "port-said").label} <= ports
    setup = game.setup("grand-campaign")
    owner = {key: faction for faction, keys in setup.control.items() for key in keys}
    assert owner[game.places["cairo"]] == "gb"  # Egypt: British territory (7.7)
    assert owner[game.places["abadan"]] == "pe"  # 7.13: Persia, open to both sides
    assert owner[game.places["baghdad"]] == "ot"


def test_the_new_fronts_draw_rivers_rail_and_borders(game):
    for map_id in ("if", "mef", "tcf"):
        the_map = game.map(map_id)
        assert len(sides_of(game, map_id, "river")) >= 20, map_id
        assert sides_of(game, map_id, "border"), map_id
        assert sum(1 for line in the_map.lines if line.type == "rail") >= 4, map_id


# ------------------------------------------- the Germany expansion and the Petrograd map (1.1, 7.x)


def joined(game, map_id, other_id):
    """The pairs of labels an edge join links, read from ``map_id``'s side."""
    return {
        (link.from_label, parse_location_key(link.to)[1])
        for link in game.map(map_id).links
        if link.type == "edge" and link.to.startswith(f"{other_id}:")
    }


@pytest.mark.parametrize(
    "addition, front, edge", [("strasbourg", "wf", "east"), ("berlin", "ef", "west")]
)
def test_the_germany_maps_join_their_fronts_at_marked_edge_hexes(game, addition, front, edge):
    """1.1: the Strasbourg and Berlin maps extend the WF and the EF, with the same movement
    scale, entered or left by the edge hexes marked with a red-and-yellow line."""
    extra, base = game.map(addition), game.map(front)
    assert extra.properties["front"] == base.properties["front"] == front.upper()
    assert extra.properties["ma"] == base.properties["ma"]
    pairs = joined(game, front, addition)
    assert pairs and {(b, a) for a, b in pairs} == joined(game, addition, front)
    outer = base.grid.grid.columns if edge == "east" else 1
    inner = 1 if edge == "east" else extra.grid.grid.columns
    for here, there in pairs:
        assert base.locations[here].column == outer and extra.locations[there].column == inner
        assert base.locations[here].row - extra.locations[there].row in (0, 10)  # rows continue
        for map_id, label in ((front, here), (addition, there)):
            assert game.map(map_id).locations[label].terrain != "sea"
    marked = {label for s in sides_of(game, front, "join") for label in s}
    assert {here for here, _ in pairs} <= marked


def test_the_petrograd_letters_a_and_b_on_the_ef_north_edge(game):
    """1.1: the Petrograd map is entered by hexes A and B of the EF north edge, which match A and
    B of the Petrograd map."""
    ef, petrograd = game.map("ef"), game.map("petrograd")
    links = {link.name: link for link in ef.links if link.to.startswith("petrograd:")}
    assert sorted(links) == ["A", "B"]
    for name, link in links.items():
        assert ef.locations[link.from_label].row == 1 and link.type == "adjacent"
        there = parse_location_key(link.to)[1]
        assert petrograd.locations[there].row == petrograd.grid.grid.rows  # its south edge
        label = next(f for f in petrograd.features if f.type == "label" and f.at == there)
        assert label.name == name
    assert petrograd.properties["addition_to"] == "EF"


def test_strasbourg_and_mainz_fortresses_on_the_strasbourg_map(game):
    """4.6.1: "Carte de l'Allemagne: Strasbourg 2, Mainz 2"; 7.6: all of the Germany map is
    German territory."""
    for town in ("strasbourg", "mainz"):
        assert loc(game, town).map_id == "strasbourg"
        assert loc(game, f"{town}-fortress") == loc(game, town)
        assert feature(game, f"{town}-fortress").owner == "de"
    # Mainz on the Rhine where the Main joins it; Strasbourg across the Rhine from Baden
    here, *neighbours = around(game, "mainz")
    sides = {s.name for n in neighbours for s in location_hexsides(game, here, n)}
    assert "Rhine" in sides
    assert "Rhine" in {s.name for s in game.map("strasbourg").hexsides if s.type == "river"}


def around(game, ref):
    """``ref``'s key and each of its neighbours' keys, for location_hexsides."""
    here = loc(game, ref)
    the_map = game.map(here.map_id)
    return (here.key, *(the_map.location(n).key for n in the_map.neighbours(here.label)))


@pytest.mark.parametrize(
    "city, map_id, owner, rule, nation",
    [
        ("berlin", "berlin", "de", "germany-surrenders", "Germany"),
        ("petrograd", "petrograd", "ru", "russia-surrenders", "Russia"),
        ("venice", "if", "it", "italy-surrenders", "Italy"),
    ],
)
def test_surrender_cities_are_on_the_map_and_decide_victory(
    game, campaign, city, map_id, owner, rule, nation
):
    """7.6: Berlin held by the Allies 3 full turns; 7.15: St. Petersburg (Petrograd) held by the
    Central Powers 1 full turn; 7.9: Venice 3 full turns."""
    f = feature(game, city)
    assert loc(game, city).map_id == map_id and f.owner == owner and "surrender-city" in f.tags
    owners = {key: faction for faction, keys in campaign.control.items() for key in keys}
    assert owners[game.places[city]] == owner
    victory = next(r for r in game.rules if r.id == rule)
    assert victory.kind == "victory" and list(victory.control) == [game.places[city]]
    assert victory.side == ("allies" if owner in ("de",) else "central")
    row = next(r for r in game.chart("nations").rows if r.label == nation)
    assert f.name in row.cells[2]


def test_all_of_the_germany_map_is_german_and_petrograd_russian(game, campaign):
    """7.6: Germany's territory is "tout le territoire sur la carte de l'Allemagne"; the Petrograd
    map (with Finland, a grand duchy of the Empire in 1914) is Russian."""
    owners = {key: faction for faction, keys in campaign.control.items() for key in keys}
    for map_id, owner in (("strasbourg", "de"), ("berlin", "de"), ("petrograd", "ru")):
        for label, where in game.map(map_id).locations.items():
            if where.kind == "hex" and where.terrain != "sea":
                assert owners.get(where.key) == owner, (map_id, label)
        for f in game.map(map_id).features:
            assert f.owner in (None, owner), f


def test_the_rail_example_of_2_2_5_3(game):
    """2.2.5.3: a German unit leaving the EF by the west edge near Berlin may come back by the
    line heading for Dresden, both exits labelled 'WF'. With the Berlin map joined, that edge is
    the Berlin map's: one exit's line runs to Berlin, another's to Dresden."""
    berlin = game.map("berlin")
    exits = {f.at for f in berlin.features if f.type == "label" and f.name == "WF"}
    to = {
        stop: {line.path[0] for line in berlin.lines if loc(game, stop).label in line.path} & exits
        for stop in ("berlin", "dresden")
    }
    assert to["berlin"] and to["dresden"]
    assert feature(game, "dresden").owner == "de"


def test_revel_is_a_port_supply_centre_for_germany(game):
    """3.7: Germany pays one extra supply to use Liepaja (Libau) or Revel."""
    for town, map_id in (("revel", "petrograd"), ("libau", "ef")):
        ports = [f for f in game.map(map_id).features if f.type == "port"]
        port = next(f for f in ports if f.at == loc(game, town).label)
        assert port.properties["surcharge-de"] == 1 and coastal(game, town)
    row = next(r for r in game.chart("port-surcharges").rows if r.label == "Germany")
    assert "Revel" in row.cells[1]


def test_the_new_maps_draw_rivers_and_rail(game):
    """1.1 and 5.4: the Rhine and the Main on the Strasbourg map, the Elbe and the Oder on the
    Berlin map, the Neva, Lake Ladoga and the Gulf of Finland on the Petrograd map."""
    rivers = {
        map_id: {s.name for s in game.map(map_id).hexsides if s.type == "river"}
        for map_id in ("strasbourg", "berlin", "petrograd")
    }
    assert {"Rhine", "Main", "Neckar"} <= rivers["strasbourg"]
    assert {"Elbe", "Oder", "Spree"} <= rivers["berlin"]
    assert "Neva" in rivers["petrograd"]
    assert coastal(game, "petrograd") and coastal(game, "stettin")
    labels = {f.name for f in game.map("petrograd").features if f.type == "label"}
    assert {"Lake Ladoga", "Gulf of Finland"} <= labels
    for map_id in ("strasbourg", "berlin", "petrograd"):
        assert sum(1 for line in game.map(map_id).lines if line.type == "rail") >= 6, map_id


def test_every_place_a_chart_or_rule_names_is_on_a_map(game):
    """The places the nations chart (7.x) and the fortress chart (4.6.1) name all stand on a map:
    no surrender city or fortress is left without a hex."""
    for city in ("berlin", "petrograd", "paris", "vienna", "constantinople", "sofia", "venice"):
        assert city in game.places, city
    for rule in game.rules:
        for place in getattr(rule, "control", None) or ():
            assert resolve_location(game, place) in game.locations, (rule.id, place)
    # the cities whose capture makes a nation surrender (7.2-7.15) are marked as such
    capitals = ("france", "austria", "ottomans", "bulgaria", "greece", "germany", "russia", "italy")
    features = [f for m in game.maps for f in m.features]
    tagged = {game.places[f.id] for f in features if "surrender-city" in f.tags}
    for rule in game.rules:
        if rule.kind == "victory" and rule.id.startswith(capitals):
            assert set(rule.control) <= tagged, rule.id


# ---------------------------------------------------------------- the sequence of play (2.0)


def test_sequence_of_play_chart(game):
    """2.1: four Seasonal Turn phases; 2.2: seven Monthly Turn phases; 2.2.4: the Offensive
    Phase's eight sub-phases, each with its rule number."""
    rows = game.chart("sequence-of-play").rows
    rule = {row.label.strip(): row.cells[1] for row in rows}
    seasonal = ["1. Force Pool Replenishment", "2. Purchase", "3. Placement", "4. Event Card Draw"]
    assert [rule[label] for label in seasonal] == ["2.1.1", "2.1.2", "2.1.3", "2.1.4, 6.3"]
    monthly = ["Weather", "Supply", "Air", "Offensive", "Movement", "Reinforcement"]
    monthly = [f"{n}. {name}" for n, name in enumerate(monthly, start=1)] + ["7. National Morale"]
    expected = ["2.2.1", "2.2.2", "2.2.3", "2.2.4", "2.2.5", "2.2.6, 4.6.2", "2.2.7, 7.0"]
    assert [rule[label] for label in monthly] == expected
    sub = [row.cells[1] for row in rows if row.label.strip()[:2] in {f"{c}." for c in "abcdefgh"}]
    assert sub == [f"2.2.4.{n}" for n in range(2, 10)]
    labels = [row.label.strip() for row in rows]
    assert labels.index("SEASONAL TURN") < labels.index("MONTHLY TURN")


# ------------------------------------------------------------ counters: entry codes (2.1.1, 4.1)

ENTRY_CODE = re.compile(r"^(ST|[1-4]-1[4-9]|[1-4]-20)$")


def test_every_division_and_hq_prints_its_entry_code(game):
    """2.1.1: each counter carries its entry code, ST or season-year; 4.1: the entry strength
    (the dots joined by a line) is printed at the right edge, "3•"."""
    template = game.template("division")
    assert any(e.draw == "text" and e.text == "{entry}" for e in template.front)
    assert any(e.draw == "text" and e.text == "{entry_sp}•" for e in template.front)
    assert any(e.draw == "text" and "{entry}" in (e.text or "") for e in game.template("hq").front)
    for counter in game.counters:
        if counter.template in ("division", "hq"):
            assert ENTRY_CODE.match(counter.front.values["entry"]), counter.id
        if counter.template == "division":
            assert 1 <= counter.front.values["entry_sp"] <= 4, counter.id


def test_entry_codes_the_text_gives(game):
    assert game.counter("de-48-lw").front.values["entry"] == "3-17"  # 13.0
    assert game.counter("de-48-lw").front.values["entry_sp"] == 3  # "achetée à 3 PF"
    assert game.counter("nz-1-inf").front.values["entry"] == "3-17"  # 13.0 (for the example)


def test_a_unit_and_its_partner_share_their_entry(game):
    for counter in game.counters:
        partner = counter.properties.get("partner")
        if counter.template == "division" and partner:
            other = game.counter(partner)
            assert other.front.values["entry"] == counter.front.values["entry"], counter.id
            assert other.front.values["entry_sp"] == counter.front.values["entry_sp"], counter.id


# --------------------------------------------------------- the Grand Campaign start (10.1, 2.1.1)


@pytest.fixture(scope="module")
def campaign(game):
    return game.setup("grand-campaign")


def test_every_st_counter_starts_on_the_map(game, campaign):
    """2.1.1: "ST" = starts on the map; every other code enters later through the Force Pool."""
    placed = {piece.counter for p in campaign.placements for piece in p.pieces}
    starting = {
        c.id
        for c in game.counters
        if c.template in ("division", "hq")
        and c.front.values["entry"] == "ST"
        and "partner" not in c.tags
    }
    assert placed & {c.id for c in game.counters if c.template in ("division", "hq")} == starting
    assert not placed & {c.id for c in game.counters if "partner" in c.tags}


def test_units_start_at_their_entry_strength(game, campaign):
    """4.1: a unit enters with the joined dots to the south: 4 on the front face, 3 on the back."""
    for p in campaign.placements:
        for piece in p.pieces:
            counter = game.counter(piece.counter)
            if counter.template == "division":
                face = "back" if counter.front.values["entry_sp"] == 3 else "front"
                assert piece.face == face, counter.id


def test_grand_campaign_stacking_and_fronts(game, campaign):
    """4.3: at most two infantry or cavalry divisions a hex; 1.2.1: the WF, EF and BF are live in
    August 1914, the Ottomans are at war from November (the TCF and MEF), Italy later."""
    by_map = Counter()
    for p in campaign.placements:
        ground = sum(
            piece.count
            for piece in p.pieces
            if game.counter(piece.counter).class_ in ("infantry", "cavalry")
        )
        assert ground <= 2, p.at
        if ground:
            by_map[parse_location_key(p.at)[0]] += ground
    assert by_map["wf"] >= 30 and by_map["ef"] >= 25 and by_map["bf"] >= 12
    assert by_map["tcf"] >= 4 and by_map["mef"] >= 3 and by_map["if"] == 0
    nations = {
        game.counter(piece.counter).faction for p in campaign.placements for piece in p.pieces
    }
    assert {"de", "fr", "gb", "be", "ru", "ah", "se", "ot"} <= nations and "it" not in nations


def test_units_start_in_their_own_territory(game, campaign):
    owner = {key: faction for faction, keys in campaign.control.items() for key in keys}
    for p in campaign.placements:
        for piece in p.pieces:
            counter = game.counter(piece.counter)
            if counter.template in ("division", "hq") and counter.id != "gb-bef":
                if counter.faction == "gb":
                    continue  # the BEF lands in France (7.7.9)
                assert owner.get(p.at) == counter.faction, (counter.id, p.at)


def test_setups_within_the_counter_mix(game):
    for setup in game.setups:
        counts = setup.placed_counts()
        for counter_id, n in counts.items():
            counter = game.counter(counter_id)
            assert counter.unlimited or n <= counter.count, (setup.id, counter_id)


# ----------------------------------------------------- played, not only printed: the rules checker


def _situation(game, setup_id):
    from toolkit.model.position import Position
    from toolkit.rules.context import Situation

    return Situation(game, Position.from_setup(game, game.setup(setup_id)), setup_id)


def test_the_grand_campaign_passes_its_own_rules(game):
    from toolkit.rules.registry import check_position

    found = check_position(_situation(game, "grand-campaign"))
    assert found == [], [v.message for v in found]


def test_the_1917_example_passes_its_own_rules(game):
    """An HQ's range is a distance ("toute unité à 8 hexs de distance ou moins de ce QG est à
    portée", 4.4.1) and the line of friendly hexes has no length (3.3): Ham is 7 hexes from the
    1st Army at Lille, so the 8th Division, which attacks in 13.0 (3.6 forbids that to an
    unsupplied unit), is in supply, though its line walks 10 hexes round the Allied zones."""
    from toolkit.rules.registry import check_position

    assert not game.setup("example-1917").waivers
    found = check_position(_situation(game, "example-1917"))
    assert found == [], [v.message for v in found]
    assert distance(game, "lille", "ham") == 7


def test_a_line_longer_than_the_range_still_supplies_within_the_distance(game):
    """4.4.1: the range counts hexes from the HQ, not the line's steps: the same 8th Division
    is cut off when the range is read as a path length (10 steps round the Allied zones)."""
    import dataclasses

    from toolkit.model.rules import SupplyRule
    from toolkit.rules.supply import check_supply

    rule = next(r for r in game.rules if isinstance(r, SupplyRule))
    situation = _situation(game, "example-1917")
    assert check_supply(situation, rule) == []
    as_path = dataclasses.replace(rule, range_measure="path")
    assert [v.pieces for v in check_supply(situation, as_path)] == [("de-8-inf/1",)]


def test_the_checker_finds_a_unit_beyond_its_hqs_range(game):
    """3.3, 3.6: "une unité est hors de portée d'un QG" is unsupplied: Dieppe lies beyond 8
    hexes of the German 1st Army at Lille."""
    from tests.rules.helpers import position
    from toolkit.rules.context import Situation
    from toolkit.rules.supply import check_supply

    where = position(
        game, {"de-1-inf/1": game.places["dieppe"], "de-1-army/1": game.places["lille"]}
    )
    supply = next(r for r in game.rules if r.id == "supply")
    found = check_supply(Situation(game, where), supply)
    assert [(v.rule, v.cite, v.pieces) for v in found] == [
        ("supply", "DFF 3.3, 3.6, 4.4.1", ("de-1-inf/1",))
    ]


def test_the_checker_refuses_a_move_beyond_the_allowance(game):
    """1.1, 2.2.5: a division moves at most the map's allowance, 8 hexes on the Western Front,
    12 on a forced march (2.2.5.1): Bapaume to Dieppe's 13 hexes are too far. Cologne to Paris
    is far more, and the railway that joins them runs through Belgium and France, which the
    Germans do not hold in August 1914 (2.2.5.3); to Berlin it runs through Germany."""
    from tests.rules.helpers import position
    from toolkit.model.position import start_control
    from toolkit.rules.turn import check_moves

    walk = check_moves(
        game,
        position(game, {"de-1-inf/1": game.places["bapaume"]}),
        position(game, {"de-1-inf/1": "wf:0121"}),
    )
    assert [(v.rule, v.cite) for v in walk] == [("movement", "DFF 4.2, 5.0")]
    control = start_control(game, game.setup("grand-campaign"))
    before = position(game, {"de-1-inf/1": game.places["cologne"]}, control=control)
    to_paris = position(game, {"de-1-inf/1": game.places["paris"]}, control=control)
    found = check_moves(game, before, to_paris)
    assert [(v.rule, v.cite) for v in found] == [("movement", "DFF 2.2.5.3")]
    to_berlin = position(game, {"de-1-inf/1": game.places["berlin"]}, control=control)
    assert check_moves(game, before, to_berlin) == []


def test_swiss_and_dutch_territory_is_closed(game):
    """7.11, 7.17: "Aucune unité ne peut entrer en Suisse" (and the Netherlands). The entry
    rules bar both; the registry checks entry rules once it has them."""
    from toolkit.model.rules import SelectorIndex

    index = SelectorIndex.of(game)
    infantry = game.counter("de-1-inf")
    for rule_id, place in (("netherlands-closed", "maastricht"), ("switzerland-closed", "lugano")):
        rule = next(r for r in game.rules if r.id == rule_id)
        assert rule.pieces.matches(infantry, index, "de")
        where = loc(game, place)
        assert rule.forbid.matches(where, index, where.owner), place
        assert not rule.forbid.matches(loc(game, "paris"), index, "fr")


def test_every_town_starts_in_its_owners_hands(game, campaign):
    """7.x: each nation's territory is what lies inside its border; in August 1914 every town is
    held by the nation whose territory it is in (Belgrade and Cetinje Serbian and Montenegrin,
    Brody and Kattowitz Austrian and German, Batum, Kars and Ardahan Russian…)."""
    owner = {key: faction for faction, keys in campaign.control.items() for key in keys}
    for the_map in game.maps:
        for f in the_map.features:
            if f.type in ("city", "town", "capital") and f.owner:
                assert owner.get(f"{the_map.id}:{f.at}") == f.owner, f.id


# ------------------------------------------------- the rulebook's tables, cell by cell (2.x-7.x)


def rows_of(game, chart_id):
    return {row.label: list(row.cells) for row in game.chart(chart_id).rows}


def column(game, chart_id, index):
    return [row.cells[index] for row in game.chart(chart_id).rows]


def runs_of(cells):
    """'Fair 1-3, Cold 4-9, Blizzard 10' from the ten cells of a weather column."""
    out, start = [], 1
    for n in range(1, 11):
        if n == 10 or cells[n] != cells[n - 1]:
            out.append(f"{cells[n - 1]} {start}" + (f"-{n}" if n != start else ""))
            start = n + 1
    return ", ".join(out)


WEATHER = {  # 2.2.1, as printed (Balkan autumn read as Fair 1-5, see the README)
    "weather-wf": (
        "Fair 1-3, Cold 4-9, Blizzard 10",
        "Fair 1-4, Wet 5-8, Rain 9-10",
        "Fair 1-7, Wet 8-9, Rain 10",
        "Fair 1-5, Wet 6-8, Cold 9-10",
    ),
    "weather-ef": (
        "Fair 1-2, Cold 3-7, Blizzard 8-10",
        "Fair 1-3, Wet 4-8, Rain 9, Cold 10",
        "Fair 1-7, Wet 8-9, Rain 10",
        "Fair 1-5, Wet 6-7, Cold 8-10",
    ),
    "weather-bf": (
        "Fair 1-3, Cold 4-8, Blizzard 9-10",
        "Fair 1-4, Wet 5-8, Rain 9-10",
        "Fair 1-7, Wet 8-9, Rain 10",
        "Fair 1-5, Wet 6-8, Cold 9-10",
    ),
    "weather-tcf": (
        "Fair 1-2, Cold 3-6, Blizzard 7-10",
        "Fair 1-3, Wet 4-7, Rain 8-9, Cold 10",
        "Fair 1-7, Wet 8-9, Rain 10",
        "Fair 1-4, Wet 5-6, Cold 7-10",
    ),
}


@pytest.mark.parametrize("chart_id", sorted(WEATHER))
def test_weather_tables_cell_by_cell(game, chart_id):
    for season, expected in enumerate(WEATHER[chart_id]):
        assert runs_of(column(game, chart_id, season)) == expected, (chart_id, season)


def test_weather_effects_2_2_1_1(game):
    effects = rows_of(game, "weather-effects")
    assert [effects[w][0] for w in ("Fair", "Wet", "Rain", "Cold", "Blizzard")] == ["—"] + ["½"] * 4
    assert effects["Rain"][1] == effects["Blizzard"][1] == "cannot move"
    assert effects["Wet"][2] == effects["Rain"][2] == "−1"
    assert (effects["Cold"][3], effects["Cold"][4]) == ("−1", "−1")
    assert (effects["Blizzard"][3], effects["Blizzard"][4]) == ("−2", "−1")
    assert effects["Cold"][6] == effects["Blizzard"][6] == "×2"


def test_purchase_costs_2_1_2(game):
    costs = {label: cells[0] for label, cells in rows_of(game, "purchase-costs").items()}
    assert costs == {
        "Infantry, per SP": 4,
        "Cavalry, per SP": 3,
        "Tank": 6,
        "Fighter, per SP": 4,
        "Bomber, per SP": 5,
        "Reconnaissance": 5,
        "Zeppelin": 8,
        "Gas unit": 5,
        "Supply point": 1,
        "Generic reinforcement": 5,
        "HQ, Ace": 0,
    }


def test_nations_table_7_x(game):
    nations = rows_of(game, "nations")
    start = {name: cells[1] for name, cells in nations.items()}
    assert start == {
        "Austria-Hungary": 125,
        "Belgium": 50,
        "Bulgaria": 45,
        "France": 175,
        "Germany": 260,
        "Great Britain": 160,
        "Greece": 25,
        "Italy": 80,
        "Ottoman Empire": 85,
        "Romania": 40,
        "Russia": 155,
        "Serbia & Montenegro": 65,
        "United States": 150,
    }
    surrender = {"Austria-Hungary": 50, "Bulgaria": 20, "France": 45, "Germany": 170}
    surrender |= {"Italy": 30, "Ottoman Empire": 55, "Russia": 70}
    for name, nm in surrender.items():
        assert f"NM {nm}" in nations[name][2], name
    assert nations["Ottoman Empire"][0] == "Nov 1914"
    by_faction = {f.name: f.properties.get("nm_start") for f in game.factions}
    assert all(by_faction[name] == nm for name, nm in start.items())


def test_port_surcharges_3_7(game):
    ports = rows_of(game, "port-surcharges")
    assert ports["Great Britain"][3] == "Alexandria, Port Said"
    assert ports["Great Britain"][2] == "Scutari, Durazzo, Valona, Salonika"
    assert ports["Ottoman Empire"][1] == "Varna, Batum, Poti"
    assert ports["Germany"][1] == "Liepaja, Revel" and ports["Germany"][3] == "Batum, Poti"
    assert ports["Russia"][1] == "Constanza, Memel" and ports["Bulgaria"][1] == "Constanza"
    # every port the table names is a port on a drawn map
    drawn = {f.at for m in game.maps for f in m.features if f.type == "port"}
    named = {"Alexandria", "Port Said", "Batum", "Poti", "Varna", "Salonika", "Durazzo", "Valona"}
    assert all(loc(game, name.lower().replace(" ", "-")).label in drawn for name in named)


def test_event_card_draws_6_3(game):
    assert rows_of(game, "event-draws") == {
        "1914": [0, 0],
        "1915": [1, 1],
        "1916": [2, 1],
        "1917": [3, 1],
        "1918": [2, 2],
        "after 1918": [1, 1],
    }


def test_supply_costs_3_4(game):
    costs = {label: cells[0] for label, cells in rows_of(game, "supply-costs").items()}
    assert costs["Assault: per ground unit"] == "1 per combat round"
    assert costs["Attrition: ground units"] == "1 per 2 units (round up)"
    assert costs["Amphibious: per ground unit / artillery"] == "2 per round"
    assert costs["Fighter on Patrol"] == 1 and costs["Trench, per SP"] == 1
    assert costs["Reinforcement SP, enemy 2+ hexes away"] == 1
    assert costs["Reinforcement SP, enemy within 2 hexes"] == 2


def test_single_roll_tables(game):
    rolls = rows_of(game, "die-rolls")

    def cut(label, first):
        cells = rolls[label]
        return cells.index(next(c for c in cells if c != cells[0])) == first

    assert cut("HQ hex captured (4.4.1.5)", 7)  # 1-7 displaced, 8-10 Force Pool
    assert cut("Enemy enters air unit's hex (4.5)", 5)
    assert cut("Air withdrawal, defender (4.5.1)", 5)
    assert cut("Air withdrawal, attacker (4.5.1)", 7)
    assert cut("Ace hit (4.5.6)", 5) and cut("Zeppelin raid (4.5.7)", 5)
    assert cut("French Mutiny, per HQ (7.5.2)", 5)
    assert cut("Russian Revolution, per attack (7.15.1)", 4)
    battery = rows_of(game, "counter-battery")
    assert battery == {
        "1": ["defending HQ loses 2 supply"],
        "2–3": ["defending HQ loses 1 supply"],
        "4–10": ["no effect"],
    }


def test_turn_and_phase_sequence_2_1_2_2(game):
    """2.0: Seasonal Turns have four phases, Monthly Turns seven, in this order."""
    phases = [p.id for p in game.turns.phases]
    assert phases == [
        "force-pool",
        "purchase",
        "placement",
        "event-cards",
        "weather",
        "supply",
        "air",
        "offensive",
        "movement",
        "reinforcement",
        "national-morale",
    ]
    assert [p.cite for p in game.turns.phases][:4] == [f"DFF 2.1.{n}" for n in range(1, 5)]
    assert [p.cite for p in game.turns.phases][4:] == [f"DFF 2.2.{n}" for n in range(1, 8)]


def test_game_wide_limits(game):
    props = game.properties
    assert props["stacking_limit"] == 2  # 4.3
    assert props["max_unit_sp"] == 4 and props["max_trench_sp"] == 3  # 4.1, 4.6.2
    assert (
        props["max_fortress_sp"] == 3 and props["max_generic_reinforcements"] == 10
    )  # 4.6.1, 2.2.6
    assert props["big_push_min_hexes"] == 4 and props["big_push_nm"] == 5  # 2.2.7.4
    assert props["big_push_penalty"] == 8 and props["december_war_weariness"] == 3  # 2.2.7.4, 2.2.7
    assert (
        props["monthly_goal_penalty"] == 3 and props["hq_artillery_hits_on"] == 3
    )  # 2.2.7.5, 4.4.1
