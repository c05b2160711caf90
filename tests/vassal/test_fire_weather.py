"""Europe Engulfed's combat in the module: the weather the players set for each weather zone,
the hit bonuses it gives or takes away and the dice it halves (rounded down over each fire
group at once) agree with the engine, for the rulebook's combats and generated ones."""

from __future__ import annotations

import random

import pytest

from tests.games.test_combat_examples import Unit, battle, game_of
from tests.vassal.test_fire_module import _agree, _module, _unit
from toolkit.model.position import Position
from toolkit.model.rules import CombatRule
from toolkit.rules.combat import engage, fire_plan
from toolkit.rules.context import Situation
from toolkit.vassal.write.fire import weather_words

GERMANS: list[Unit] = [
    ("ge-panzer/1", "front"),
    ("ge-panzer/2", "front"),
    ("ge-panzer/3", "front"),
    ("ge-infantry/1", "front"),
    ("ge-infantry/2", "front"),
    ("ge-infantry/3", "front"),
    ("ge-infantry/4", "step-3"),
]
SOVIETS: list[Unit] = [
    ("su-armour/1", "step-2"),
    ("su-infantry/1", "step-3"),
    ("su-infantry/2", "step-3"),
]
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
    assert [c.button for c in combat.choices] == [
        "Weather (East)",
        "Weather (South)",
        "Weather (West)",
    ]
    assert {c.values for c in combat.choices} == {("Clear", "Mud", "Snow")}
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
