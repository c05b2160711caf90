"""Europe Engulfed's combat in the module: the weather the players set for each weather zone,
the hit bonuses it gives or takes away and the dice it halves (rounded down over each fire
group at once) agree with the engine, for the rulebook's combats and generated ones."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.games.test_combat_examples import GERMANS, SOVIETS, Unit, battle, game_of
from tests.vassal.engine import run_probe
from tests.vassal.test_fire_module import (
    _LINE,
    PROBE,
    _agree,
    _module,
    _unit,
    area_battle_game,
    battle_rules,
)
from toolkit.check import played_combats
from toolkit.model.position import Piece, Position
from toolkit.model.rules import CombatRule
from toolkit.render.artwork import draw_artwork, rasterise
from toolkit.rules.combat import engage, fire_plan
from toolkit.rules.combat_check import check_played_combat
from toolkit.rules.context import Situation
from toolkit.vassal.format.traits import CTRL_SHIFT, key
from toolkit.vassal.read.chat import (
    CombatCall,
    DiceReport,
    format_combat_call,
    format_dice_report,
    parse_dice_report,
    parse_weather_report,
)
from toolkit.vassal.write.combat.fire_terms import weather_words
from toolkit.vassal.write.module import compile_module, position_save
from toolkit.workers import Workers

ELITE_IN_SNOW: list[Unit] = [
    ("ge-elite-infantry/1", "step-3"),
    ("ge-infantry/1", "step-3"),
    ("ge-infantry/2", "step-3"),
    ("ge-infantry/3", "step-3"),
]
ZONES = ("east", "south", "west")

EXAMPLES: list[tuple[str, str, list[Unit], list[Unit], str | None]] = [
    # the combats of tests/games/test_combat_examples.py: place, attackers, defenders, weather
    ("round", "europe:kiev", GERMANS, SOVIETS, None),  # 6.26's example, the Soviets first
    ("snow", "europe:kiev", GERMANS[3:], SOVIETS, "snow"),  # 1.12: 15 steps roll 7 dice
    ("snow-elite", "europe:kiev", ELITE_IN_SNOW, SOVIETS, "snow"),  # 1.12 example 2
    ("fortress", "europe:leningrad", GERMANS[3:], SOVIETS[1:], None),  # 6.85
    ("mud", "europe:kiev", [("ge-elite-panzer/1", "front"), ("ge-panzer/1", "front")],
     [("su-infantry/1", "step-3")], "mud"),  # 1.13
    ("soviets-at-home", "europe:kiev", SOVIETS[1:], [("ge-infantry/1", "front")], "snow"),
    ("swamp", "europe:pripet", GERMANS[3:5], SOVIETS[1:2], None),  # 6.82
    ("frozen-swamp", "europe:pripet", GERMANS[3:5], SOVIETS[1:2], "snow"),  # 6.82, 1.12
]  # fmt: skip


def _weather(at: str, weather: str | None, rng: random.Random) -> dict[str, str]:
    """The module's weather properties: the battle's zone as the engine's weather, the other
    zones anything."""
    game = game_of("europe-engulfed")
    here = game.locations[at].properties.get("weather_zone")
    shown = ["Clear", "Mud", "Snow"]
    found = {f"Weather{z.title()}": rng.choice(shown) for z in ZONES}
    found[f"Weather{str(here).title()}"] = weather_words(weather) if weather else "Clear"
    return found


@pytest.mark.parametrize(
    ("at", "attackers", "defenders", "weather"),
    [e[1:] for e in EXAMPLES],
    ids=[e[0] for e in EXAMPLES],
)
def test_the_rulebooks_combats_agree_with_the_engine(
    at: str, attackers: list[Unit], defenders: list[Unit], weather: str | None
) -> None:
    game, combat = _module("europe-engulfed")
    situation, rule, engagement = battle(game, at, attackers, defenders, weather=weather)
    for seed in range(3):
        rng = random.Random(seed)
        module = _weather(at, weather, rng)
        _agree(game, combat, situation, rule, engagement, rng=rng, module=module)


def test_the_module_sets_the_weather_zone_by_zone() -> None:
    """One toolbar button per weather zone (1.1), each picking the weathers the combat rule
    names, clear first; snow in the west does not halve an attack in the east."""
    game, combat = _module("europe-engulfed")
    weathers = [c for c in combat.choices if c.name.startswith("Weather")]
    assert [c.button for c in weathers] == ["Weather (East)", "Weather (South)", "Weather (West)"]
    assert {c.values for c in weathers} == {("Clear", "Mud", "Snow")}
    assert ("WeatherEast", "Clear") in combat.module_properties
    situation, rule, engagement = battle(game, "europe:kiev", GERMANS[3:], SOVIETS)
    west_snow = {"WeatherEast": "Clear", "WeatherSouth": "Snow", "WeatherWest": "Snow"}
    plan = _agree(game, combat, situation, rule, engagement, module=west_snow)
    assert sum(g.dice for g in plan.of("attacker")) == 15


def test_generated_combats_agree_with_the_engine() -> None:
    """A few hundred battles anywhere on land, in any weather, by any units of each side."""
    game, combat = _module("europe-engulfed")
    rule = next(r for r in game.rules if isinstance(r, CombatRule) and r.fire is not None)
    rng = random.Random(1942)
    places = sorted(k for k, loc in game.locations.items() if loc.kind == "land")
    empty = Situation(game, Position())
    fighting = [
        c for c in game.counters if c.faction and rule.pieces.matches(c, empty.index, c.faction)
    ]
    by_side = {
        s: [c for c in fighting if game.faction(c.faction or "").side == s]
        for s in ("axis", "allies")
    }
    halved = 0
    for n in range(200):
        at = rng.choice(places)
        weather = rng.choice([None, "mud", "snow", "snow"])
        attack, defence = rng.sample(sorted(by_side), 2)
        attackers = [
            _unit(rng, f"a{k}", c, at)
            for k, c in enumerate(rng.choices(by_side[attack], k=rng.randint(1, 6)))
        ]
        defenders = [
            _unit(rng, f"d{k}", c, at)
            for k, c in enumerate(rng.choices(by_side[defence], k=rng.randint(1, 4)))
        ]
        position = Position(pieces=(*attackers, *defenders), weather=weather)
        situation = Situation(game, position)
        engagement = engage(situation, rule, at, attackers)
        module = _weather(at, weather, rng)
        plan = _agree(
            game, combat, situation, rule, engagement, rng=random.Random(n), module=module
        )
        halved += any("half the dice" in a.reason for a in plan.applied)
    assert halved > 20


# -- real VASSAL --------------------------------------------------------------------------------

SNOW_RULES = battle_rules(
    {
        "id": "snow",
        "cite": "7.4",
        "text": "Attacking in snow: half the dice",
        "side": "attacker",
        "weather": ["snow"],
        "dice": 0.5,
    },
    {
        "id": "dug-in",
        "cite": "7.5",
        "text": "Infantry defending in snow",
        "side": "defender",
        "pieces": {"class": "infantry"},
        "weather": ["snow"],
        "roll": 1,
    },
)


def test_vassal_halves_the_dice_in_the_weather_set(tmp_path: Path) -> None:
    """Snow set on the module's weather button: three British infantry and a battleship
    attacking in France roll one die (three infantry dice halved, one battleship die halved,
    each class rounded down), as the engine says; the two German infantry roll two, hitting
    one higher in the snow."""
    the_game = area_battle_game(tmp_path, SNOW_RULES)
    uk = [("uk-infantry", 1), ("uk-infantry", 2), ("uk-infantry", 3), ("uk-battleship", 1)]
    attackers = [Piece(f"{c}/{n}", c, "europe:france", "front", "uk", 1) for c, n in uk]
    defenders = [
        Piece(f"ge-infantry/{n}", "ge-infantry", "europe:france", "front", "ge", 1) for n in (1, 2)
    ]
    position = Position(pieces=(*defenders, *attackers), weather="snow")
    with Workers(the_game) as workers:
        artwork = rasterise(draw_artwork(the_game, workers), the_game.print.dpi, workers)
    module = tmp_path / "snow.vmod"
    module.write_bytes(compile_module(the_game, artwork).vmod)
    save = tmp_path / "snow.vsav"
    save.write_bytes(position_save(the_game, artwork, position))
    keys = [key("A", CTRL_SHIFT), key("E", CTRL_SHIFT)]
    who = "id:uk-infantry,id:uk-battleship"
    args = [str(module), str(save), *keys, who, "France", "1", "Weather=Snow"]

    stdout = run_probe(PROBE, args, module, tmp_path).stdout

    lines = [_LINE.match(line) for line in stdout.splitlines()]
    chat = [re.sub(r"\\(.)", r"\1", m.group(1)) for m in lines if m]
    situation = Situation(the_game, position)
    rule = next(r for r in the_game.rules if isinstance(r, CombatRule))
    plan = fire_plan(situation, rule, engage(situation, rule, "europe:france", attackers))
    assert [(g.dice, g.target) for g in plan.groups if g.dice] == [(1, 1), (2, 3)]
    account = next((line for line in chat if "Attacker rolls" in line), str(chat))
    assert (
        "Attacker rolls 1d6 hitting on 1 or less; defender rolls 2d6 hitting on 3 or less"
        " · Attacking in snow: half the dice (7.4): dice ×0.5 · Infantry defending in snow (7.5)"
    ) in account, account
    rolls = [r for r in map(parse_dice_report, chat) if r is not None]
    assert [len(r.dice) for r in rolls] == [1] * 3, chat


@pytest.mark.parametrize("reported", [True, False], ids=["snow-reported", "no-report"])
def test_the_checker_reads_the_weather_the_players_set(reported: bool) -> None:
    """The weather button's line in the log sets the weather of its zone for the combats
    called after it: 15 German steps attacking Kiev in snow roll 7 dice (1.12), and the
    Soviets' 8; without the line the checker wants the attacker's 15."""
    game = game_of("europe-engulfed")
    position = battle(game, "europe:kiev", GERMANS[3:], SOVIETS)[0].position
    call = format_combat_call(CombatCall("Kiev", ("Kiev",), "Axis"))
    dice = [format_dice_report(DiceReport("Combat dice", (1,)), "Erich") for _ in range(7 + 8)]
    weather = ["Weather (East): Snow", "Weather (West): Clear"] if reported else []
    played, problems = played_combats(game, [position, position], [(*weather, call, *dice)])
    assert problems == [] and len(played) == 1
    assert played[0].weather == ({"east": "snow", "west": "clear"} if reported else {})
    messages = [v.message for v in check_played_combat(game, played[0])]
    if reported:
        assert messages == []
    else:
        assert any("calls for 15" in m for m in messages), messages


def test_the_weather_lines_read_back_in_every_language() -> None:
    assert parse_weather_report("Weather (South): Light Mud") == ("South", "Light Mud")
    assert parse_weather_report("Météo (Est)\u00a0: Snow") == ("Est", "Snow")
    assert parse_weather_report("Weather: Mud") == ("", "Mud")
    assert parse_weather_report("* Combat at Kiev") is None
