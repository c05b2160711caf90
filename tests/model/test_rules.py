"""Rules load into one typed class per kind, every parameter with its exact value."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.conftest import copy_fixture
from tests.model.rule_games import FIXTURE_GAMES, GAMES, fs, game
from toolkit.load import load_game
from toolkit.model.base import Origin
from toolkit.model.rules import (
    RULE_KINDS,
    RULE_TYPES,
    CapacityRule,
    CounterMixRule,
    EntryRule,
    ForcedMarch,
    LocationSelector,
    MovementRule,
    PieceSelector,
    PlacementRule,
    PropertyRef,
    Rule,
    StackingBonus,
    StackingOverride,
    StackingRule,
    SupplyRule,
    UnlimitedAlong,
    VictoryRule,
    ZocRule,
    rule_parameters,
)


def bare(rule: Rule) -> Rule:
    """The rule without its prose and origin, so every other field is compared exactly."""
    return replace(rule, text="", origin=Origin())


# -- every rule of every game ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES + FIXTURE_GAMES)
def test_every_rule_is_its_kinds_class_and_knows_its_line(name: str) -> None:
    loaded = game(name)
    folder = Path(loaded.folder)
    written = json.loads((folder / "rules.json").read_text(encoding="utf-8"))["rules"]
    assert len(loaded.rules) == len(written)
    for rule in loaded.rules:
        assert type(rule) is RULE_TYPES[rule.kind]
        assert not hasattr(rule, "params")
        index = int(rule.origin.pointer.removeprefix("/rules/"))
        assert written[index]["id"] == rule.id
        assert Path(rule.origin.file).resolve() == (folder / "rules.json").resolve()


def test_the_ten_kinds_have_a_class_each() -> None:
    assert RULE_KINDS == (
        "stacking",
        "entry",
        "movement",
        "zoc",
        "supply",
        "counter-mix",
        "placement",
        "capacity",
        "victory",
        "combat",
    )
    assert len(set(RULE_TYPES.values())) == 10


def test_the_five_games_use_every_kind() -> None:
    kinds = {rule.kind for name in GAMES for rule in game(name).rules}
    assert kinds == set(RULE_KINDS)


# -- stacking ------------------------------------------------------------------------------------


def test_stacking_with_bonus_and_an_override_with_its_own_bonus() -> None:
    rule = game("fatal-alliances").rule("land-stacking")
    assert isinstance(rule, StackingRule)
    assert rule.text.startswith("Au plus 2 unités terrestres")
    assert "les envahisseurs ont une limite propre" in rule.text
    assert rule.unless.startswith("avec l'option 1")
    division = StackingBonus(PieceSelector(tag=fs("division")), 1)
    assert bare(rule) == StackingRule(
        id="land-stacking",
        cite="FA 2.3.1.1",
        text="",
        when="end-of-phase",
        pieces=PieceSelector(tag=fs("land")),
        where=LocationSelector(kind=fs("hex")),
        limit=2,
        bonus=division,
        overrides=(StackingOverride(LocationSelector(map=fs("world")), 4, division),),
        unless=rule.unless,
    )


ON_THE_MAP = LocationSelector(not_=LocationSelector(kind=fs("box", "cell")))
"""Where a stacking rule that names no 'where' applies: not in holding boxes or track cells."""


def test_a_stacking_rule_without_where_leaves_boxes_and_track_cells_out() -> None:
    rule = game("distant-foreign-fields").rule("stacking")
    assert rule.where == ON_THE_MAP


def test_stacking_with_exempt_pieces_and_an_unlimited_box() -> None:
    rule = game("distant-foreign-fields").rule("stacking")
    exempt = fs(
        "supply",
        "trench",
        "fortress-marker",
        "fighter",
        "bomber",
        "recon",
        "ace",
        "zeppelin",
        "hq",
        "tank",
        "marker",
        "leader",
        "gas",
        "control",
    )
    assert bare(rule) == StackingRule(
        id="stacking",
        cite="DFF 4.3",
        text="",
        when="end-of-phase",
        where=ON_THE_MAP,
        pieces=PieceSelector(class_=fs("infantry", "cavalry")),
        limit=2,
        exempt=PieceSelector(class_=exempt),
        overrides=(StackingOverride(LocationSelector(locations=fs("bf:corfu")), None),),
    )
    assert rule.per == "location" and rule.mixed_sides is False and rule.bonus is None


def test_stacking_per_side_with_mixed_sides_and_exclusive_overrides() -> None:
    rule = game("europe-engulfed").rule("fortress-stacking")
    assert bare(rule) == StackingRule(
        id="fortress-stacking",
        cite="EE 5.5",
        text="",
        when="end-of-phase",
        where=ON_THE_MAP,
        pieces=PieceSelector(class_=fs("infantry", "armour", "militia", "cavalry", "airborne")),
        exempt=PieceSelector(class_=fs("gsu")),
        limit=None,
        per="side",
        mixed_sides=True,
        overrides=(
            StackingOverride(
                LocationSelector(
                    tag=fs("fortress"), not_=LocationSelector(tag=fs("soviet-fortress"))
                ),
                1,
            ),
            StackingOverride(LocationSelector(tag=fs("soviet-fortress")), 2),
        ),
    )


def test_stacking_by_points_in_minor_ports() -> None:
    rule = game("fatal-alliances").rule("naval-stacking")
    assert isinstance(rule, StackingRule)
    assert rule.points == "stack_points" and rule.limit == 8
    assert rule.where == LocationSelector(
        feature=fs("port"), not_=LocationSelector(feature=fs("major-port"))
    )
    assert rule.pieces == PieceSelector(tag=fs("naval"))


# -- entry ---------------------------------------------------------------------------------------


def test_entry_forbids_by_owner_unless_at_war() -> None:
    rule = game("axis-allies-1914").rule("us-isolationism")
    assert bare(rule) == EntryRule(
        id="us-isolationism",
        cite="AA1914 p.12",
        text="",
        pieces=PieceSelector(faction=fs("us"), tag=fs("land", "air")),
        forbid=LocationSelector(owner=fs("ah", "ge", "ot")),
        unless="the United States is at war: attacked by a Central Power, or from the start of"
        " round 4",
    )
    assert rule.allow is None


def test_entry_allows_only_some_places_as_a_warning() -> None:
    rule = game("europe-engulfed").rule("italy-south-zone")
    assert isinstance(rule, EntryRule)
    assert rule.severity == "warning" and rule.when == "always"
    assert rule.pieces == PieceSelector(faction=fs("it"))
    assert rule.allow == LocationSelector(tag=fs("weather-south"))
    assert rule.forbid is None
    assert rule.unless.startswith("up to 3 land units + 1 GSU in the USSR;")


# -- movement ------------------------------------------------------------------------------------


def test_movement_with_a_map_allowance_and_prohibited_hexsides() -> None:
    rule = game("distant-foreign-fields").rule("movement")
    assert bare(rule) == MovementRule(
        id="movement",
        cite="DFF 4.2, 5.0",
        text="",
        when="movement",
        pieces=PieceSelector(class_=fs("infantry", "hq", "tank", "supply", "gas")),
        allowance=PropertyRef(map_property="ma"),
        costs={
            "clear": 1,
            "desert": 1,
            "rough": 1,
            "city": 1,
            "heights": 2,
            "forest": 2,
            "swamp": 2,
            "mountains": 3,
            "sea": "prohibited",
        },
        hexside_costs={
            "river": 0,
            "lake": "prohibited",
            "marsh": "prohibited",
            "peaks": "prohibited",
            "border": 0,
        },
        unlimited_along=UnlimitedAlong(fs("rail"), "DFF 2.2.5.3", links=fs("rail")),
        forced_march=ForcedMarch(
            "DFF 2.2.5.1", PropertyRef(map_property="forced_march"), loss_property="strength"
        ),
    )


def test_movement_with_a_number_and_a_stop_on_entering() -> None:
    rule = game("europe-engulfed").rule("op-move-infantry")
    assert isinstance(rule, MovementRule)
    assert rule.allowance == 1
    assert rule.stop_on_enter == LocationSelector(terrain=fs("swamp"))
    assert dict(rule.costs) == {"clear": 1, "desert": 1, "rough": 1, "swamp": 1, "fortress": 1}
    assert dict(rule.hexside_costs) == {} and dict(rule.line_costs) == {}


def test_movement_with_a_counter_allowance_and_road_costs() -> None:
    rule = game("minimal-hex").rule("movement")
    assert isinstance(rule, MovementRule)
    assert rule.allowance == PropertyRef(property="move")
    assert dict(rule.line_costs) == {"road": 0.5}
    assert dict(rule.hexside_costs) == {"river": 1}
    assert rule.pieces == PieceSelector()  # none given: every piece
    assert rule.stop_on_enter is None


def test_rule_mappings_are_read_only() -> None:
    rule = game("minimal-hex").rule("movement")
    assert isinstance(rule, MovementRule)
    with pytest.raises(TypeError):
        rule.costs["clear"] = 9


# -- zoc, supply ---------------------------------------------------------------------------------


def test_zoc_exerted_blocked_and_kept_out_of_the_world_map() -> None:
    rule = game("fatal-alliances").rule("zoc")
    assert bare(rule) == ZocRule(
        id="zoc",
        cite="FA 2.2",
        text="",
        exerted_by=PieceSelector(
            tag=fs("land"), not_=PieceSelector(tag=fs("division", "own-hex-zoc"))
        ),
        where=LocationSelector(map=fs("europe")),
        blocked_by=fs("alpine", "strait", "all-sea", "lake"),
        not_into=LocationSelector(map=fs("world")),
        effect="stop",
        unless=rule.unless,
    )
    assert "de lac non gelé" in rule.text and rule.unless == ""


def test_supply_from_places_and_pieces_within_a_range() -> None:
    rule = game("fatal-alliances").rule("supply")
    assert isinstance(rule, SupplyRule)
    assert rule.sources == LocationSelector(feature=fs("city", "capital", "major-port", "port"))
    assert rule.source_pieces == PieceSelector(class_=fs("hq"))
    assert rule.range == 4
    assert rule.blocked_by == fs("alpine", "lake", "all-sea")
    assert rule.through is None
    assert rule.range_by_weather == {"snow": 3, "rain": 2, "storm": 2, "blizzard": 2}
    assert rule.enemy_blocks == fs("units", "zoc") and rule.zoc_unless_friendly


def test_supply_range_read_from_the_map() -> None:
    rule = game("distant-foreign-fields").rule("supply")
    assert bare(rule) == SupplyRule(
        id="supply",
        cite="DFF 3.3, 3.6, 4.4.1",
        text="",
        source_pieces=PieceSelector(class_=fs("hq")),
        range=PropertyRef(map_property="hq_range"),
        range_measure="distance",
        blocked_by=fs("lake", "marsh", "peaks"),
        enemy_blocks=fs("units", "zoc", "territory"),
    )


def test_supply_unlimited_through_some_kinds() -> None:
    rule = game("europe-engulfed").rule("supply")
    assert bare(rule) == SupplyRule(
        id="supply",
        cite="EE 3.1, 3.2",
        text="",
        pieces=PieceSelector(not_=PieceSelector(class_=fs("fleet", "marker"))),
        where=LocationSelector(not_=LocationSelector(tag=fs("fortress"))),
        sources=LocationSelector(tag=fs("home")),
        range=None,
        blocked_by=fs("air-route"),
        through=LocationSelector(kind=fs("land", "sea", "box")),
        enemy_blocks=fs("territory"),
        own_sources=True,
        sea_legs=1,
    )


# -- counter mix, placement, capacity ------------------------------------------------------------


def test_counter_mix_as_information_except_chips() -> None:
    rule = game("axis-allies-europe").rule("figures-and-chips")
    assert bare(rule) == CounterMixRule(
        id="figures-and-chips",
        cite="A&A Europe: purchasing new units",
        text="",
        severity="info",
        pieces=PieceSelector(not_=PieceSelector(class_=fs("chip"))),
    )


def test_counter_mix_of_everything() -> None:
    rule = game("distant-foreign-fields").rule("counter-mix")
    assert bare(rule) == CounterMixRule(id="counter-mix", cite="DFF 1.0", text="")


def test_placement_in_one_setup_at_listed_hexes() -> None:
    rule = game("distant-foreign-fields").rule("bef-start")
    hexes = "0113 0114 0213 0306 0405 0406 0407 0408 0409 0505 0506 0507 0508 0509 0604 0605 0704"
    assert bare(rule) == PlacementRule(
        id="bef-start",
        cite="DFF 7.7.9",
        text="",
        when="setup",
        setups=fs("grand-campaign"),
        pieces=PieceSelector(faction=fs("gb"), not_=PieceSelector(class_=fs("marker", "control"))),
        at=LocationSelector(locations=frozenset(f"wf:{h}" for h in (hexes + " 0705").split())),
    )
    assert rule.applies_in("grand-campaign") and not rule.applies_in("1914")


def test_placement_during_play_at_a_feature() -> None:
    rule = game("axis-allies-europe").rule("place-land-air-at-ic")
    assert isinstance(rule, PlacementRule)
    assert rule.when == "end-of-phase"
    assert rule.setups == frozenset()  # written as []: every setup
    assert rule.applies_in("anything")
    assert rule.at == LocationSelector(feature=fs("industrial-complex"))
    assert rule.pieces == PieceSelector(tag=fs("land", "air"))


def test_capacity_by_points() -> None:
    rule = game("axis-allies-europe").rule("transport-capacity")
    assert bare(rule) == CapacityRule(
        id="transport-capacity",
        cite="A&A Europe: transports",
        text="",
        carrier=PieceSelector(class_=fs("transport")),
        cargo=PieceSelector(tag=fs("land")),
        where=LocationSelector(kind=fs("sea")),
        limit=4,
        points="transport_size",
    )


def test_capacity_of_some_factions_carriers() -> None:
    rule = game("europe-engulfed").rule("sea-supply-western-allies")
    assert isinstance(rule, CapacityRule)
    assert rule.carrier == PieceSelector(class_=fs("fleet"), faction=fs("gb", "fr"))
    assert rule.limit == 4 and rule.points is None


# -- victory -------------------------------------------------------------------------------------


def test_victory_needs_every_place_by_default() -> None:
    rule = game("minimal-hex").rule("victory")
    assert bare(rule) == VictoryRule(
        id="victory",
        cite="8.1",
        text="",
        side="blue",
        control=("valley:0304", "valley:0802"),
        severity="info",
    )
    assert isinstance(rule, VictoryRule) and rule.count is None and rule.needed == 2


def test_victory_needs_a_count_in_one_setup() -> None:
    rule = game("fatal-alliances").rule("victory-1914")
    assert isinstance(rule, VictoryRule)
    assert rule.side == "central" and rule.count == 16 and rule.needed == 16
    assert rule.check_at == "fin de mai/juin 1919"
    assert rule.setups == fs("campaign-1914")
    assert rule.applies_in("campaign-1914") and not rule.applies_in("campaign-1917")
    assert len(rule.control) == 62 and rule.control[0] == game("fatal-alliances").places["paris"]


def test_victory_check_time_in_words() -> None:
    rule = game("europe-engulfed").rule("axis-operational-victory")
    assert isinstance(rule, VictoryRule)
    assert rule.needed == 10 and len(rule.control) == 32
    assert rule.check_at == "end of the Nov/Dec 1945 turn, Germany not conquered"


# -- Game.rule -----------------------------------------------------------------------------------


def test_game_rule_finds_by_id() -> None:
    minimal = game("minimal-hex")
    assert minimal.rule("lake") is next(r for r in minimal.rules if r.id == "lake")


def test_game_rule_names_a_close_id_when_unknown() -> None:
    with pytest.raises(
        KeyError, match=r"no rule 'stackin' in 'minimal-hex' \(did you mean 'stacking'\?\)"
    ):
        game("minimal-hex").rule("stackin")


# -- parameters of another kind ------------------------------------------------------------------


def test_a_parameter_of_another_kind_is_reported_and_dropped(tmp_path: Path) -> None:
    folder = copy_fixture("minimal-hex", tmp_path)
    path = folder / "rules.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][0]["forbid"] = {"terrain": "lake"}
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    result = load_game(folder)
    assert result.game is not None  # a warning: the rest of the rule still holds
    (found,) = [d for d in result.report.sorted() if d.code == "rule.unused-parameter"]
    assert found.severity == "warning" and found.pointer == "/rules/0/forbid"
    assert found.message == (
        "'forbid' does not apply to a stacking rule and is ignored (stacking rules take: bonus,"
        " exempt, limit, mixed_sides, overrides, per, points, setups, unless)"
    )
    assert not hasattr(result.game.rule("stacking"), "forbid")


def test_a_parameter_of_another_kind_still_has_its_references_checked(tmp_path: Path) -> None:
    folder = copy_fixture("minimal-hex", tmp_path)
    path = folder / "rules.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][0]["forbid"] = {"terrain": "lakes"}
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    codes = {d.code for d in load_game(folder).report.sorted()}
    assert {"ref.unknown-terrain", "rule.unused-parameter"} <= codes


@pytest.mark.parametrize(
    ("kind", "takes"),
    [
        ("entry", {"forbid", "allow", "aboard", "unless", "setups"}),
        ("counter-mix", {"unless", "setups"}),
        (
            "victory",
            {"side", "control", "count", "check_at", "points", "levels", "unless", "setups"},
        ),
    ],
)
def test_rule_parameters_per_kind(kind: str, takes: set[str]) -> None:
    assert rule_parameters(kind) == takes
