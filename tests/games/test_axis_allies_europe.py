"""Axis & Allies Europe (sources/axis-allies-europe) against its French rulebook (shared/seeds/004).

The expected numbers below are copied from the seed — the component list, the starting-income
table and the four national reference cards — not read back from the sources, so each test
can fail when the sources drift from the rulebook.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.map import parse_location_key
from toolkit.model.position import Piece, Position
from toolkit.model.queries import location_path
from toolkit.render.maps.area import space_fill
from toolkit.render.maps.legend import palette
from toolkit.rules.context import Situation
from toolkit.rules.registry import CHECKS, check_position
from toolkit.rules.turn import check_moves

GAME_DIR = Path(__file__).resolve().parents[2] / "sources" / "axis-allies-europe"
POWERS = ("ge", "su", "uk", "us")

# "Revenu de départ" table (the reference cards' "Starting Income").
STARTING_INCOME = {"us": 40, "uk": 25, "ge": 40, "su": 24}

# The component list: figures per power (the pieces' column order of the seed).
FIGURES = {
    "uk": {
        "infantry": 25,
        "fighter": 10,
        "bomber": 3,
        "artillery": 10,
        "armour": 10,
        "submarine": 6,
        "transport": 6,
        "destroyer": 8,
        "battleship": 4,
        "carrier": 3,
    },
    "ge": {
        "infantry": 25,
        "fighter": 12,
        "bomber": 3,
        "artillery": 12,
        "armour": 12,
        "submarine": 12,
        "transport": 6,
        "destroyer": 6,
        "battleship": 2,
        "carrier": 1,
    },
    "su": {
        "infantry": 25,
        "fighter": 10,
        "bomber": 3,
        "artillery": 10,
        "armour": 12,
        "submarine": 4,
        "transport": 4,
        "destroyer": 2,
        "battleship": 2,
        "carrier": 1,
    },
    "us": {
        "infantry": 25,
        "fighter": 12,
        "bomber": 6,
        "artillery": 10,
        "armour": 12,
        "submarine": 8,
        "transport": 8,
        "destroyer": 6,
        "battleship": 4,
        "carrier": 4,
    },
}
GREY_FIGURES = {"aa-gun": 12, "industrial-complex": 12}

# The cards' unit rows: cost, move, attack roll, defence roll (bomber 15 and sub move 2 are the
# cards' values; the rules text says 25 and 1).
CARD_STATS = {
    "infantry": (3, 1, 1, 2),
    "artillery": (4, 1, 2, 2),
    "armour": (5, 2, 3, 2),
    "aa-gun": (5, 1, 0, 1),
    "fighter": (12, 4, 3, 4),
    "bomber": (15, 6, 4, 1),
    "battleship": (24, 2, 4, 4),
    "carrier": (18, 2, 1, 3),
    "destroyer": (12, 2, 3, 3),
    "transport": (8, 2, 0, 1),
    "submarine": (8, 2, 2, 2),
}

# The cards' set-up columns as the seed's dump gives them: the non-empty cells of each unit
# column, top to bottom (land rows first, then sea rows).
CARD_COLUMNS = {
    "ge": {
        "infantry": [4, 3, 1, 6, 4, 3, 1, 1, 2, 2, 2, 3, 3, 2, 2, 1, 1, 1, 4, 4],
        "artillery": [2, 1, 1, 1, 1, 1, 1, 1, 1],
        "armour": [2, 2, 2, 2, 1, 1, 1, 2],
        "aa-gun": [1, 1],
        "fighter": [2, 1, 1, 1, 1],
        "bomber": [1],
        "battleship": [1],
        "carrier": [],
        "destroyer": [1],
        "transport": [1, 1],
        "submarine": [1, 1, 1, 2, 1, 1, 1, 2],
        "industrial-complex": [1, 1],
    },
    "su": {
        "infantry": [4, 4, 3, 3, 2, 2, 4, 3, 2, 4, 3, 1, 4, 3, 1, 1],
        "artillery": [1] * 5,
        "armour": [1] * 6,
        "aa-gun": [1] * 4,
        "fighter": [1],
        "bomber": [1],
        "battleship": [],
        "carrier": [],
        "destroyer": [],
        "transport": [1],
        "submarine": [1],
        "industrial-complex": [1] * 4,
    },
    "uk": {
        "infantry": [4, 1, 1, 1, 1],
        "artillery": [1, 1],
        "armour": [1, 1, 1],
        "aa-gun": [1, 1],
        "fighter": [2, 1],
        "bomber": [1],
        "battleship": [1],
        "carrier": [],
        "destroyer": [1] * 6,
        "transport": [1, 1, 1, 2],
        "submarine": [],
        "industrial-complex": [1, 1],
    },
    "us": {
        "infantry": [2],
        "artillery": [],
        "armour": [],
        "aa-gun": [1],
        "fighter": [1],
        "bomber": [1],
        "battleship": [],
        "carrier": [],
        "destroyer": [1],
        "transport": [1],
        "submarine": [],
        "industrial-complex": [1],
    },
}
# The cards' land rows, in order (their labels were images; recovered in the notes, B7).
CARD_LAND_ROWS = {
    "ge": [
        "germany",
        "netherlands-belgium",
        "denmark",
        "poland",
        "norway",
        "finland",
        "czechoslovakia",
        "austria",
        "northern-italy",
        "southern-italy",
        "yugoslavia",
        "hungary",
        "rumania",
        "bulgaria",
        "greece",
        "crete",
        "tunisia",
        "morocco",
        "france",
        "eastern-france",
    ],
    "su": [
        "moscow",
        "russia",
        "siberia",
        "archangel",
        "karelia",
        "leningrad",
        "belorussia",
        "turkestan",
        "stalingrad",
        "ukraine-ssr",
        "caucasus",
        "iran",
        "east-poland",
        "baltic-states",
        "vyborg",
        "bessarabia",
    ],
    "uk": ["united-kingdom", "egypt", "palestine", "syria", "iraq", "canada", "malta"],
    "us": ["united-states"],
}

NEUTRALS = {"spain", "spanish-morocco", "switzerland", "sweden", "eire", "turkey", "saudi-arabia"}


@pytest.fixture(scope="module")
def game() -> Game:
    result = load_game(GAME_DIR)
    assert result.game is not None, result.report.format_text()
    assert not result.report.diagnostics, result.report.format_text()
    return result.game


@pytest.fixture(scope="module")
def europe(game: Game):
    return game.map("europe")


@pytest.fixture(scope="module")
def spaces(europe):
    return {label: loc for label, loc in europe.locations.items() if loc.kind in ("land", "sea")}


@pytest.fixture(scope="module")
def owner(game: Game) -> dict[str, str]:
    """Space label -> the power holding it at the start: the set-up's control (land) over the
    map's owners (convoy centres)."""
    start = Position.from_setup(game, game.setup("spring-1941"))
    return {parse_location_key(key)[1]: power for key, power in start.control.items()}


# -- map ---------------------------------------------------------------------------------------


def test_sixty_one_territories_and_thirty_five_sea_zones(spaces):
    kinds = Counter(loc.kind for loc in spaces.values())
    assert kinds == {"land": 61, "sea": 35}


def test_seven_neutrals_closed_and_unowned(spaces, owner):
    neutral = {label for label, loc in spaces.items() if "neutral" in loc.tags}
    assert neutral == NEUTRALS
    assert all(n not in owner and not spaces[n].values.get("ipc") for n in neutral)


def test_seven_convoy_centres_four_british_two_american_one_soviet(europe, spaces):
    convoys = {label: loc for label, loc in spaces.items() if "convoy" in loc.tags}
    assert all(loc.kind == "sea" for loc in convoys.values())
    assert Counter(loc.owner for loc in convoys.values()) == {"uk": 4, "us": 2, "su": 1}
    featured = {f.at for f in europe.features if f.type == "convoy-center"}
    assert featured == set(convoys)
    # Values the seed's examples give: a US centre worth 4; British centres of 3 and 5.
    assert 4 in {loc.values["ipc"] for loc in convoys.values() if loc.owner == "us"}
    assert {3, 5} <= {loc.values["ipc"] for loc in convoys.values() if loc.owner == "uk"}


def test_adjacency_is_symmetric_with_matching_border_types(europe, spaces):
    for space in spaces:
        for to in europe.neighbours(space):
            assert europe.adjacent(to, space), f"{space} -> {to}"
            assert europe.border_type(to, space) == europe.border_type(space, to), f"{space}/{to}"
    assert sum(len(europe.neighbours(space)) for space in spaces) == 2 * 237


def test_borders_typed_by_the_spaces_they_join(europe, spaces):
    for space in spaces:
        for to in europe.neighbours(space):
            kind = europe.border_type(space, to)
            pair = {spaces[space].kind, spaces[to].kind}
            expected = "land" if pair == {"land"} else "coast" if pair == {"land", "sea"} else "sea"
            if {space, to} == {"aegean-sea", "black-sea"}:
                expected = "strait"
            assert kind == expected, f"{space}/{to}"


def test_capitals_and_industrial_complexes(europe, owner):
    capitals = {f.at: f.owner for f in europe.features if f.type == "capital"}
    assert capitals == {
        "germany": "ge",
        "moscow": "su",
        "united-kingdom": "uk",
        "united-states": "us",
    }
    ics = {f.at for f in europe.features if f.type == "industrial-complex"}
    # Named in the seed: Germany, Leningrad, Moscow, Stalingrad, Archangel, Canada, UK, US;
    # Northern Italy is the second German complex of the cards' IC column.
    assert ics == {
        "germany",
        "northern-italy",
        "moscow",
        "leningrad",
        "stalingrad",
        "archangel",
        "united-kingdom",
        "canada",
        "united-states",
    }
    assert all(f.owner == owner[f.at] for f in europe.features if f.owner)


# "Couleur de la carte": Germany brown, the other Axis lands light brown, Great Britain, Canada
# and possessions light green, the Soviet Union brick red and its annexed lands light purple,
# the United States blue, the neutrals white, the Middle East yellow. Terrain -> start holder.
BOARD_COLOURS = {
    "germany": "ge",
    "axis": "ge",
    "british": "uk",
    "soviet": "su",
    "soviet-annexed": "su",
    "american": "us",
    "neutral": None,
    "middle-east": "uk",
}


def test_board_colours_follow_who_holds_the_land_at_the_start(spaces, owner):
    for label, loc in spaces.items():
        if loc.kind == "land":
            assert owner.get(label) == BOARD_COLOURS[loc.terrain], label
    by_colour = {
        t: {label for label, loc in spaces.items() if loc.terrain == t} for t in BOARD_COLOURS
    }
    assert by_colour["germany"] == {"germany"}
    assert by_colour["soviet-annexed"] == {"east-poland", "baltic-states", "bessarabia", "vyborg"}
    assert by_colour["neutral"] == NEUTRALS


def test_legend_swatches_are_the_map_fills(game, europe):
    """The legend shows each board colour as the map fills it: land is drawn untinted because
    the map prints no owner (the start holder is the set-up's control, as on the board)."""
    fills = palette(game, europe).fills
    for loc in europe.locations.values():
        if loc.kind == "land":
            assert loc.owner is None, loc.label
            assert space_fill(game, fills, loc, "land") == fills[loc.terrain], loc.label


def test_kit_paper_is_letter_like_the_other_games(game):
    assert game.print.paper == "letter"


def test_values_named_in_the_seed(spaces):
    named = {
        "moscow": 2,
        "leningrad": 1,
        "stalingrad": 1,
        "egypt": 1,
        "trans-jordan": 2,
        "syria": 1,
    }
    assert {s: spaces[s].values.get("ipc") for s in named} == named


def test_middle_east_territories(spaces):
    middle_east = {label for label, loc in spaces.items() if "middle-east" in loc.tags}
    assert middle_east == {"egypt", "trans-jordan", "syria", "iraq", "iran", "palestine"}
    assert sum(spaces[s].values.get("ipc", 0) for s in middle_east) == 8


def income(spaces, owner, power: str) -> int:
    """The seed's audit rule: Allies add land territories and convoy centres, the Middle East
    excluded; Germany adds land territories only."""
    total = 0
    for label, loc in spaces.items():
        if owner.get(label) != power or "middle-east" in loc.tags:
            continue
        if power == "ge" and loc.kind != "land":
            continue
        total += int(loc.values.get("ipc", 0))
    return total


@pytest.mark.parametrize("power", POWERS)
def test_starting_income_matches_the_reference_cards(spaces, owner, game, power):
    assert income(spaces, owner, power) == STARTING_INCOME[power]
    assert game.faction(power).properties["starting_income"] == STARTING_INCOME[power]


# -- distances the seed's examples state ------------------------------------------------------


def distance(game: Game, start: str, goal: str, *, ships: bool = False) -> int | None:
    """Fewest moves, never through a neutral; ships stay at sea and do not cross a strait."""
    europe = game.map("europe")

    def can_step(here: str, there: str) -> bool:
        a, b = game.locations[here], game.locations[there]
        if "neutral" in b.tags:
            return False
        return not ships or (b.kind == "sea" and europe.border_type(a.label, b.label) != "strait")

    path = location_path(game, f"europe:{start}", f"europe:{goal}", can_step=can_step)
    return None if path is None else len(path) - 1


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("germany", "poland"),
        ("poland", "east-poland"),
        ("poland", "baltic-states"),
        ("east-poland", "baltic-states"),
        ("south-atlantic", "central-atlantic"),
        ("north-sea", "norway"),
        ("danish-sea", "denmark"),
        ("danish-sea", "germany"),
        ("danish-sea", "english-channel"),
        ("danish-sea", "north-sea"),
        ("celtic-sea", "united-kingdom"),
        ("celtic-sea", "bay-of-biscay"),
        ("celtic-sea", "atlantic"),
        ("libya", "central-mediterranean"),
        ("libya", "eastern-mediterranean"),
        ("adriatic-sea", "central-mediterranean"),
    ],
)
def test_adjacencies_named_in_the_seed(europe, a, b):
    assert europe.adjacent(a, b)


def test_the_united_kingdom_borders_the_bay_of_biscay(europe):
    """The carrier example ("Exemple d'action de portes-avions"): after the battle in the Bay of
    Biscay the American fighter "doit atterrir dans un espace adjacent, soit en Grande-Bretagne,
    soit [...] sur le porte-avions britannique en Mer des Açores". The rulebook wins over
    TripleA's map, which puts them two moves apart."""
    assert europe.adjacent("bay-of-biscay", "united-kingdom")
    assert europe.adjacent("bay-of-biscay", "azores-sea")


@pytest.mark.parametrize(
    ("start", "goal", "moves"),
    [
        ("united-kingdom", "germany", 3),  # the bomber flies home "using three moves"
        ("united-kingdom", "gibraltar", 4),  # "3 sea zones plus Gibraltar"
        ("atlantic", "algeria", 4),  # carrier fighter: "3 sea zones plus Algeria"
        ("malta", "sardinia", 3),  # "three moves"
    ],
)
def test_air_distances_in_the_seed(game, start, goal, moves):
    assert distance(game, start, goal) == moves


def test_uk_bomber_reaches_tunisia_with_its_six_moves(game):
    # The example's bomber "uses its six moves" to reach Tunisia; the shortest way is 5.
    assert distance(game, "united-kingdom", "tunisia") <= 6


def test_convoy_centre_borders_in_the_seed(europe, spaces):
    british = [s for s, loc in spaces.items() if "convoy" in loc.tags and loc.owner == "uk"]
    american = [s for s, loc in spaces.items() if "convoy" in loc.tags and loc.owner == "us"]
    atlantic = {"central-atlantic", "azores-sea", "south-atlantic"}
    assert any(atlantic <= set(europe.neighbours(s)) for s in british)
    assert any(europe.adjacent(s, "mid-atlantic") for s in british)
    assert any(europe.adjacent(s, "central-atlantic") for s in american)


def test_turkish_straits_closed_to_ships_open_to_aircraft(game, europe):
    assert europe.border_type("aegean-sea", "black-sea") == "strait"
    assert distance(game, "aegean-sea", "black-sea") == 1
    assert distance(game, "aegean-sea", "black-sea", ships=True) is None
    assert [h.type for h in europe.hexsides] == ["strait"]
    assert {t.id for t in game.hexside_types} == {"strait"}
    naval = next(r for r in game.rules if r.id == "naval-movement")
    assert naval.hexside_costs["strait"] == "prohibited"


def test_every_space_is_drawn_inside_the_map(europe):
    width, height = europe.grid.extent
    centres = [s.center for s in europe.spaces]
    assert all(0 < x < width and 0 < y < height for x, y in centres)
    assert len(set(centres)) == len(centres)


# -- pieces ------------------------------------------------------------------------------------


def test_one_figure_counter_per_power_and_unit_type(game):
    for power, figures in FIGURES.items():
        mine = {
            c.class_: c
            for c in game.counters
            if c.faction == power and c.class_ != "control-marker"
        }
        assert {k: c.count for k, c in mine.items()} == figures
        assert all(c.front.values["icon"] for c in mine.values())
    grey = {c.id: c.count for c in game.counters if c.id in GREY_FIGURES}
    assert grey == GREY_FIGURES
    total = sum(sum(f.values()) for f in FIGURES.values()) + sum(GREY_FIGURES.values())
    assert total == 368  # the seed says 369 figures; its own list adds up to 368


def test_unit_stats_match_the_cards(game):
    units = {row.label: row.cells for row in game.chart("units").rows}
    for counter in game.counters:
        if counter.class_ not in CARD_STATS:
            continue
        cost, move, attack, defence = CARD_STATS[counter.class_]
        printed = counter.front.values
        assert (printed["cost"], printed["move"], printed["attack"], printed["defence"]) == (
            cost,
            move,
            attack,
            defence,
        ), counter.id
        props = counter.properties
        assert (props["cost"], props["move"], props["attack"], props["defence"]) == (
            cost,
            move,
            attack,
            defence,
        ), counter.id
    assert units["Bomber"] == (15, 6, 4, 1)
    assert units["Artillery"] == (4, 1, "2*", 2)


def test_chips_of_one_and_five_are_unlimited(game):
    chips = {c.id: c for c in game.counters if c.class_ == "chip"}
    assert {c.properties["units"] for c in chips.values()} == {1, 5}
    assert all(c.unlimited for c in chips.values())


# -- the set-up --------------------------------------------------------------------------------


def expand(game: Game) -> dict[tuple[str, str, str], int]:
    """(power, unit class, space) → units, counting chips under the figure listed before them."""
    units: dict[tuple[str, str, str], int] = {}
    for placement in game.setup("spring-1941").placements:
        map_id, space = parse_location_key(placement.at)
        if map_id != "europe":
            continue
        last: tuple[str, str, str] | None = None
        for piece in placement.pieces:
            counter = game.counter(piece.counter)
            if counter.class_ == "chip":
                assert last is not None and last[0] == piece.owner, placement.at
                units[last] += counter.properties["units"] * piece.count
                continue
            owner = piece.owner or counter.faction
            last = (owner, counter.class_, space)
            units[last] = units.get(last, 0) + piece.count
    return units


def test_setup_within_the_counter_mix(game):
    used: Counter[str] = Counter()
    for placement in game.setup("spring-1941").placements:
        for piece in placement.pieces:
            used[piece.counter] += piece.count
    for counter_id, n in used.items():
        counter = game.counter(counter_id)
        assert counter.unlimited or n <= counter.count, f"{counter_id}: {n} > {counter.count}"
    # The starting forces outnumber some figures, so chips are needed, and used.
    assert used["chip-1"] + used["chip-5"] > 0


@pytest.mark.parametrize("power", POWERS)
def test_setup_reproduces_the_reference_card_columns(game, spaces, power):
    units = expand(game)
    for unit, column in CARD_COLUMNS[power].items():
        land = [units.get((power, unit, s), 0) for s in CARD_LAND_ROWS[power]]
        land = [n for n in land if n]
        sea = [
            n
            for (p, u, s), n in units.items()
            if p == power and u == unit and spaces[s].kind == "sea"
        ]
        assert land == column[: len(land)], f"{power} {unit}"
        assert sorted(sea) == sorted(column[len(land) :]), f"{power} {unit}"
        total = sum(n for (p, u, _), n in units.items() if p == power and u == unit)
        assert total == sum(column), f"{power} {unit}"


def test_setup_industrial_complexes_stand_on_the_map_features(game, europe, owner):
    placed = {s: p for (p, u, s), n in expand(game).items() if u == "industrial-complex"}
    assert placed == {f.at: owner[f.at] for f in europe.features if f.type == "industrial-complex"}


def test_setup_no_enemy_and_nothing_in_neutrals(game, spaces, owner):
    side = {f.id: f.side for f in game.factions}
    for (power, _, space), _n in expand(game).items():
        assert "neutral" not in spaces[space].tags
        if space in owner:
            assert side[power] == side[owner[space]], f"{power} in {space}"


def test_seed_example_egypt(game):
    units = expand(game)
    assert {u: n for (p, u, s), n in units.items() if s == "egypt"} == {
        "infantry": 1,
        "artillery": 1,
        "armour": 1,
    }


def test_income_markers_start_on_the_production_chart(game):
    chart = game.chart("national-production")
    assert chart.type == "track"
    labels = [c.label for c in chart.cells]
    assert labels[0] == "0" and all(str(v) in labels for v in STARTING_INCOME.values())
    marker_at = {}
    for placement in game.setup("spring-1941").placements:
        if placement.at.startswith("national-production:"):
            for piece in placement.pieces:
                marker_at[game.counter(piece.counter).faction] = int(
                    parse_location_key(placement.at)[1]
                )
    assert marker_at == STARTING_INCOME


# -- rules -------------------------------------------------------------------------------------


def test_ship_placement_zones_are_those_next_to_an_industrial_complex(game, europe, spaces):
    ics = {f.at for f in europe.features if f.type == "industrial-complex"}
    expected = {
        f"europe:{s}" for ic in ics for s in europe.neighbours(ic) if spaces[s].kind == "sea"
    }
    rule = next(r for r in game.rules if r.id == "place-ships-by-ic")
    assert set(rule.at.locations) == expected
    assert "europe:davis-strait" in expected  # Canada's ships (the seed's Canada rule)


ON_THE_BOARD = {
    "infantry": "infantry",
    "artillery": "artillery",
    "armour": "armour",
    "aa-gun": "AA gun",
    "fighter": "fighter",
    "bomber": "bomber",
    "battleship": "battleship",
    "carrier": "aircraft carrier",
    "destroyer": "destroyer",
    "transport": "transport",
    "submarine": "submarine",
}
"""Unit class -> the name the battle board prints it by."""


def test_the_battle_board_puts_each_unit_in_the_box_of_its_value(game):
    """Components 8 "Le plateau de résolution des combats" (it recalls the score each unit needs
    to attack or defend) and the combat rules: an Attacker side and a Defender side, each "quatre
    cases" (1 to 4); the defender's losses move to the box "marquée casualties" and still fire
    back; the attacker's side has "un emplacement à part" for transports, which cannot attack.
    Each unit sits in the box of its printed attack and defence (the unit cards, p. Unités)."""
    boxes = {box.id: box.name for box in game.chart("battle-board").boxes}
    assert game.chart("battle-board").type == "display"
    for side, value in (("attack", "attack"), ("defence", "defence")):
        for number in range(1, 5):
            listed = boxes[f"{side}-{number}"].split(": ", 1)[1]
            units = {part.split(" (")[0] for part in listed.split(", ")}
            expected = {
                ON_THE_BOARD[c.class_]
                for c in game.counters
                if c.class_ in ON_THE_BOARD and c.properties.get(value) == number
            }
            if (side, number) == ("attack", 2):
                expected.add("infantry with artillery support")  # "2 avec un appui d'artillerie"
            assert units == expected, (side, number)
    assert "transports" in boxes["attack-transports"]
    assert "casualties" in boxes["defence-casualties"]
    assert not any("industrial" in name for name in boxes.values())  # "Défense: non"


def test_capacities_and_closed_neutrals(game):
    rules = {r.id: r for r in game.rules}
    assert rules["transport-capacity"].limit == 4
    assert rules["carrier-capacity"].limit == 2
    sizes = {
        c.class_: c.properties.get("transport_size") for c in game.counters if "land" in c.tags
    }
    # Two of infantry, artillery or AA guns fit (2 + 2 = 4); armour fills it alone (3 + 2 > 4).
    assert sizes == {"infantry": 2, "artillery": 2, "aa-gun": 2, "armour": 3}
    assert rules["neutrals-closed"].forbid.tag == {"neutral"}


def test_capital_victory(game):
    victories = [r for r in game.rules if r.kind == "victory"]
    axis = [set(r.control) for r in victories if r.side == "axis"]
    assert sorted(axis, key=sorted) == sorted(
        [{"europe:germany", f"europe:{c}"} for c in ("united-kingdom", "united-states", "moscow")],
        key=sorted,
    )
    allies = [set(r.control) for r in victories if r.side == "allies"]
    assert allies == [
        {"europe:germany", "europe:moscow", "europe:united-kingdom", "europe:united-states"}
    ]


# -- turn, tables and the cash advance --------------------------------------------------------


def test_turn_order_and_the_seven_phases(game):
    """'Ordre de jeu': Germany, Soviet Union, Great Britain, United States. 'La séquence de
    jeu': purchase, combat move, combat, strategic move, place, surface/repair, income."""
    assert list(game.turns.order) == ["ge", "su", "uk", "us"]
    assert [p.id for p in game.turns.phases] == [
        "purchase",
        "combat-move",
        "combat",
        "strategic-move",
        "place",
        "surface-repair",
        "collect",
    ]
    assert [p.cite[-1] for p in game.turns.phases] == list("1234567")


def test_starting_income_table(game):
    """'Revenu de départ': United States 40, Great Britain 25, Germany 40, Soviet Union 24."""
    rows = {row.label: row.cells[0] for row in game.chart("starting-income").rows}
    assert rows == {"United States": 40, "Great Britain": 25, "Germany": 40, "Soviet Union": 24}
    assert dict(game.setup("spring-1941").globals["income"]) == STARTING_INCOME


def test_strategic_bombing_rolls(game):
    """'Bombardement stratégique': the AA gun hits on 1 (the example's 1, 3, 4 make one hit);
    escort fighters hit on 1 (step 4C)."""
    rows = {row.label: row.cells[0] for row in game.chart("special-rolls").rows}
    assert rows["AA gun, per aircraft"] == "1"
    assert rows["Escort fighter"] == "1"


def test_special_cash_advance(game):
    """'Avance spéciale en liquidités': 12 IPC to Germany and 12 to the Allies together."""
    assert dict(game.setup("spring-1941").globals["cash_advance"]) == {"axis": 12, "allies": 12}
    assert game.properties["cash_advance_axis"] == game.properties["cash_advance_allies"] == 12


# -- played: the rules at the start, and positions the rulebook forbids -----------------------


@pytest.fixture(scope="module")
def start(game):
    return Position.from_setup(game, game.setup("spring-1941"))


def test_the_set_up_passes_its_own_rules(game, start):
    assert check_position(Situation(game, start, "spring-1941")) == []
    assert check_moves(game, start, start, "spring-1941") == []


def moved(position, piece_ids, to):
    pieces = tuple(replace(p, location=to) if p.id in piece_ids else p for p in position.pieces)
    return replace(position, pieces=pieces)


def test_no_unit_enters_a_neutral(game, start):
    """'Territoires neutres': 'aucune unité ne peut y pénétrer ni même les survoler'. German
    armour from France into Spain, and a fighter over Switzerland."""
    found = check_moves(game, start, moved(start, {"ge-armour/1"}, "europe:spain"))
    assert "land-movement" in {v.rule for v in found}
    assert check_moves(game, start, moved(start, {"ge-armour/1"}, "europe:vichy-france")) == []
    found = check_moves(game, start, moved(start, {"ge-fighter/1"}, "europe:switzerland"))
    assert "neutrals-no-overflight" in {v.rule for v in found}


def test_infantry_moves_one_space(game, start):
    """The cards: infantry move 1. From France to Poland is three territories."""
    found = check_moves(game, start, moved(start, {"ge-infantry/8"}, "europe:poland"))
    assert "land-movement" in {v.rule for v in found}


def rule_or_skip(game, rule_id):
    rule = next(r for r in game.rules if r.id == rule_id)
    if rule.kind not in CHECKS:
        pytest.skip(f"no check for {rule.kind!r} rules yet; the position is written down")
    return rule


def test_a_carrier_holds_two_fighters_not_three(game, start):
    """'Portes-avions': 'Deux chasseurs au plus sont autorisés en même temps sur un même
    porte-avions'. Britain's three fighters on one carrier in the North Sea are one too many."""
    carrier = Piece("uk-carrier/1", "uk-carrier", "europe:north-sea", "front", "uk", 1)
    fighters = {"uk-fighter/1", "uk-fighter/2", "uk-fighter/3"}
    position = moved(start, fighters, "europe:north-sea")
    position = replace(position, pieces=(*position.pieces, carrier))
    rule_or_skip(game, "carrier-capacity")
    found = check_position(Situation(game, position))
    assert "carrier-capacity" in {v.rule for v in found}


def test_a_transport_takes_armour_alone(game, start):
    """'Transport: 2 unités terrestres (1 seule si c'est un blindé)'. British armour and
    infantry from the United Kingdom aboard the one North Sea transport: 3 + 2 places of 4."""
    position = moved(start, {"uk-armour/3", "uk-infantry/5"}, "europe:north-sea")
    rule_or_skip(game, "transport-capacity")
    found = check_position(Situation(game, position))
    assert "transport-capacity" in {v.rule for v in found}


# Seed 004 lines 219-228 ("La séquence de jeu"): seven phases, in this order.
SEQUENCE_OF_PLAY = (
    "Purchase new units",  # Achat de nouvelles unités
    "Combat movement",  # Mouvement d'assaut
    "Resolve combat",  # Résolution des combats
    "Strategic movement",  # Mouvement stratégique
    "Place new units",  # Placement des nouvelles unités sur la carte
    "Surface submarines, repair battleships",  # Emersion des sous-marins et réparation...
    "Collect income",  # Collecte des revenus
)


def test_sequence_of_play_follows_the_seven_phases(game):
    """Seed 004 lines 221-227: the chart lists the seven phases in the rulebook's order, and the
    turn structure agrees with it phase by phase."""
    labels = [row.label for row in game.chart("sequence-of-play").rows]
    assert labels == [f"{n}. {phase}" for n, phase in enumerate(SEQUENCE_OF_PLAY, start=1)]
    turn = [re.sub(r" \(.*\)", "", phase.name) for phase in game.turns.phases]
    assert turn == list(SEQUENCE_OF_PLAY)


def test_citations_name_the_rulebook_sections_in_the_kits_language(game: Game) -> None:
    """The kit is English: a citation names the rulebook's section in English ('A&A Europe:
    land combat'), not in the French of the translation the rules were read from, so that a
    setup sheet or the rules summary never mixes the two languages."""
    cites = [p.cite for p in game.turns.phases]
    cites += [rule.cite for rule in game.rules]
    cites += [chart.cite for chart in game.charts] + [setup.cite for setup in game.setups]
    french = re.compile(r"[éèàùç]|\b(?:de|des|du|la|le|les|et|jeu|partie|unités)\b")
    assert [c for c in cites if c and french.search(c)] == []
    assert "A&A Europe: land combat, naval combat" in cites
