"""Every combat the five rulebooks work through, played by the engine from each game's own
combat rule: the dice or the odds, the rolls the rulebook gives, and the hits or the result it
reports (each case cites the rulebook's line)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.model.rules import CombatRule
from toolkit.rules.combat import (
    Engagement,
    FirePlan,
    Odds,
    Outcome,
    combat_rule_at,
    engage,
    fire_outcome,
    fire_plan,
    table_odds,
    table_outcome,
)
from toolkit.rules.context import Situation

SOURCES = Path(__file__).resolve().parents[2] / "sources"
_games: dict[str, Game] = {}

Unit = tuple[str, str] | tuple[str, str, str]
"""(piece id, counter face) or (piece id, face, where it attacks from)."""


def game_of(name: str) -> Game:
    if name not in _games:
        result = load_game(SOURCES / name)
        assert result.game is not None, result.report.format_text()
        _games[name] = result.game
    return _games[name]


def battle(
    game: Game,
    at: str,
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    *,
    declared: Mapping[str, tuple[str, ...]] | None = None,
    weather: str | None = None,
    column: str | None = None,
) -> tuple[Situation, CombatRule, Engagement]:
    """A position holding the battle's units (attackers moved in, as in an area game or a
    Distant Foreign Fields battle, their origins kept) and the combat declared."""
    where = game.places.get(at, at)
    pieces, origins = [], {}
    for unit in [*attackers, *defenders]:
        piece_id, face = unit[0], unit[1]
        counter = game.counter(piece_id.split("/")[0])
        shown = counter.face(face)
        step = counter.steps if shown.conceals else shown.step
        pieces.append(Piece(piece_id, counter.id, where, face, counter.faction, step))
        if len(unit) == 3:
            origins[piece_id] = game.places.get(unit[2], unit[2])
    situation = Situation(game, Position(pieces=tuple(pieces), weather=weather))
    rule = combat_rule_at(situation, where)
    assert rule is not None
    ids = {u[0] for u in attackers}
    engagement = engage(
        situation,
        rule,
        where,
        [p for p in pieces if p.id in ids],
        origins=origins,
        declared=declared,
        column=column,
    )
    return situation, rule, engagement


def targets(plan: FirePlan) -> dict[str, tuple[int, int]]:
    """Piece id → (its group's dice, the number it hits on)."""
    return {p: (g.dice, g.target) for g in plan.groups for p in g.pieces}


def roll(rule: CombatRule, plan: FirePlan, rolls: Mapping[str, Sequence[int]]) -> Outcome:
    """The outcome of rolls given unit by unit (a group rolls its units' dice together)."""
    return fire_outcome(rule, plan, [[r for p in g.pieces for r in rolls[p]] for g in plan.groups])


def hits(outcome: Outcome) -> tuple[Fraction, Fraction]:
    """(hits on the defender, hits on the attacker)."""
    return outcome.defender.losses, outcome.attacker.losses


# -- Distant Foreign Fields (seed 002, 13.0 Example of play) -------------------------------------


@pytest.fixture(scope="module")
def dff() -> Game:
    return game_of("distant-foreign-fields")


def test_dff_north_battle_both_sides_fire_at_once(dff: Game) -> None:
    """Line 2022: three German infantry at 4 roll 2, 3, 5: two hits; the Australian at 4 rolls
    3: one hit (2.2.4.5)."""
    _, rule, engagement = battle(
        dff,
        "w-of-bapaume",
        [
            ("de-1-inf/1", "front", "bapaume"),
            ("de-2-inf/1", "front", "bapaume"),
            ("de-3-inf/1", "front", "arras"),
        ],
        [("au-1-inf/1", "front")],
    )
    plan = fire_plan(Situation(dff, Position()), rule, engagement)
    assert plan.first is None
    assert targets(plan)["de-1-inf/1"] == (3, 4) and targets(plan)["au-1-inf/1"] == (1, 4)
    outcome = roll(
        rule, plan, {"de-1-inf/1": [2], "de-2-inf/1": [3], "de-3-inf/1": [5], "au-1-inf/1": [3]}
    )
    assert hits(outcome) == (2, 1)


def test_dff_albert_first_round(dff: Game) -> None:
    """Line 2024: two German infantry at 4 roll 3 and 5: one hit; the Canadian at 3 rolls 3: one
    hit."""
    situation, rule, engagement = battle(
        dff,
        "albert",
        [("de-4-inf/1", "front", "e-of-albert"), ("de-5-inf/1", "front", "e-of-albert")],
        [("ca-1-inf/1", "back")],
    )
    plan = fire_plan(situation, rule, engagement)
    assert targets(plan) == {"de-4-inf/1": (2, 4), "de-5-inf/1": (2, 4), "ca-1-inf/1": (1, 3)}
    outcome = roll(rule, plan, {"de-4-inf/1": [3], "de-5-inf/1": [5], "ca-1-inf/1": [3]})
    assert hits(outcome) == (1, 1)


def test_dff_chaulnes_across_the_river_the_defender_fires_first(dff: Game) -> None:
    """Lines 2026-2030: every German attacks across the river, so the British infantry at 3
    fires first (5.4) and rolls 2: a hit on the 6th Division, given the ace's bonus; then the
    6th (now 3, +1 ace) and the 7th (4) both need 3 or less for the river's -1, roll 2 and 3:
    two hits."""
    attackers: list[Unit] = [
        ("de-6-inf/1", "front", "w-of-st-quentin"),
        ("de-7-inf/1", "front", "w-of-st-quentin"),
    ]
    ace = {"ace": ("de-6-inf/1",)}
    situation, rule, engagement = battle(
        dff, "chaulnes", attackers, [("gb-1-inf/1", "back")], declared=ace
    )
    plan = fire_plan(situation, rule, engagement)
    assert plan.first == "defender"
    assert targets(plan)["de-6-inf/1"] == (1, 4)  # 4 + 1 for the ace - 1 for the river
    assert hits(roll(rule, plan, {"de-6-inf/1": [10], "de-7-inf/1": [10], "gb-1-inf/1": [2]})) == (
        0,
        1,
    )
    # the 6th takes the hit: the Germans fire with what survives
    situation, rule, engagement = battle(
        dff,
        "chaulnes",
        [("de-6-inf/1", "back", "w-of-st-quentin"), attackers[1]],
        [("gb-1-inf/1", "back")],
        declared=ace,
    )
    plan = fire_plan(situation, rule, engagement)
    assert targets(plan)["de-6-inf/1"] == (1, 3) and targets(plan)["de-7-inf/1"] == (1, 3)
    reasons = {a.reason for a in plan.applied}
    assert {"Attacking across a river", "An ace's bonus given to a unit"} <= reasons
    outcome = roll(rule, plan, {"de-6-inf/1": [2], "de-7-inf/1": [3], "gb-1-inf/1": [9]})
    assert outcome.defender.losses == 2


def test_dff_albert_second_round(dff: Game) -> None:
    """Line 2066: the Germans at 3 and 4 roll 2 and 4: two hits; the Canadian at 4 rolls 5:
    a miss."""
    situation, rule, engagement = battle(
        dff,
        "albert",
        [("de-4-inf/1", "back", "e-of-albert"), ("de-5-inf/1", "front", "e-of-albert")],
        [("ca-1-inf/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    outcome = roll(rule, plan, {"de-4-inf/1": [2], "de-5-inf/1": [4], "ca-1-inf/1": [5]})
    assert hits(outcome) == (2, 0)


def test_dff_south_battle(dff: Game) -> None:
    """Line 2068: the Germans at 4 and 4 roll 5 and 6: misses; the Belgian at 3 rolls 2 and the
    French at 4 rolls 1: two hits."""
    situation, rule, engagement = battle(
        dff,
        "e-of-ham",
        [("de-8-inf/1", "front", "ham"), ("de-9-inf/1", "front", "ham")],
        [("be-1-inf/1", "back"), ("fr-1-inf/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    outcome = roll(
        rule, plan, {"de-8-inf/1": [5], "de-9-inf/1": [6], "be-1-inf/1": [2], "fr-1-inf/1": [1]}
    )
    assert hits(outcome) == (0, 2)


def test_dff_active_defence_at_chaulnes(dff: Game) -> None:
    """Line 2046: the British tank at 1 rolls 2 (a miss), the Belgian at 3 rolls 3 and the
    French at 4 rolls 2 (hits); the Germans at 3 and 4 roll 5 and 7 (misses)."""
    situation, rule, engagement = battle(
        dff,
        "chaulnes",
        [("gb-mk-iii/1", "front"), ("be-1-inf/1", "back"), ("fr-1-inf/1", "front")],
        [("de-6-inf/1", "back"), ("de-7-inf/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    assert targets(plan)["gb-mk-iii/1"] == (1, 1)
    outcome = roll(
        rule,
        plan,
        {
            "gb-mk-iii/1": [2],
            "be-1-inf/1": [3],
            "fr-1-inf/1": [2],
            "de-6-inf/1": [5],
            "de-7-inf/1": [7],
        },
    )
    assert hits(outcome) == (2, 0)


def test_dff_exploitation_attacks_at_minus_one(dff: Game) -> None:
    """Lines 2052-2054: in the exploitation (2.2.4.7) the Germans at 4 need 3 or less and roll 4
    and 5, the one at 3 attacks at 2 and rolls 3: no hit; the Australian at 2 rolls 2: a hit."""
    situation, rule, engagement = battle(
        dff,
        "douai",
        [
            ("de-1-inf/1", "front", "w-of-bapaume"),
            ("de-2-inf/1", "front", "w-of-bapaume"),
            ("de-3-inf/1", "back", "w-of-bapaume"),
        ],
        [("au-1-inf-p/1", "front")],
        declared={"exploitation": ()},
    )
    plan = fire_plan(situation, rule, engagement)
    assert targets(plan) == {
        "de-1-inf/1": (2, 3),
        "de-2-inf/1": (2, 3),
        "de-3-inf/1": (1, 2),
        "au-1-inf-p/1": (1, 2),
    }
    outcome = roll(
        rule, plan, {"de-1-inf/1": [4], "de-2-inf/1": [5], "de-3-inf/1": [3], "au-1-inf-p/1": [2]}
    )
    assert hits(outcome) == (0, 1)


def test_dff_amphibious_assault_on_gallipoli(dff: Game) -> None:
    """Lines 2069-2071: the Ottomans at 1 defend at 2 in rough terrain and fire first, rolling 2
    and 4: one hit; the British at 3, 3 and 4 attack at -1 for the landing and +1 for the
    event card, roll 2 and 6 (the 3s) and 3 (the 4): two hits."""
    situation, rule, engagement = battle(
        dff,
        "gallipoli",
        [("gb-2-inf/1", "back"), ("gb-3-inf/1", "back"), ("gb-4-inf/1", "front")],
        [("ot-1-inf-p/1", "back"), ("ot-2-inf-p/1", "back")],
        declared={"amphibious": (), "event-card": ("gb-2-inf/1", "gb-3-inf/1", "gb-4-inf/1")},
    )
    plan = fire_plan(situation, rule, engagement)
    assert plan.first == "defender"
    assert targets(plan) == {
        "gb-2-inf/1": (2, 3),
        "gb-3-inf/1": (2, 3),
        "gb-4-inf/1": (1, 4),
        "ot-1-inf-p/1": (2, 2),
        "ot-2-inf-p/1": (2, 2),
    }
    outcome = roll(
        rule,
        plan,
        {
            "gb-2-inf/1": [2],
            "gb-3-inf/1": [6],
            "gb-4-inf/1": [3],
            "ot-1-inf-p/1": [2],
            "ot-2-inf-p/1": [4],
        },
    )
    assert hits(outcome) == (2, 1)


# -- Europe Engulfed (seed 001) ------------------------------------------------------------------


@pytest.fixture(scope="module")
def ee() -> Game:
    return game_of("europe-engulfed")


SOVIETS: list[Unit] = [
    ("su-armour/1", "step-2"),
    ("su-infantry/1", "step-3"),
    ("su-infantry/2", "step-3"),
]
GERMANS: list[Unit] = [
    ("ge-panzer/1", "front"),
    ("ge-panzer/2", "front"),
    ("ge-panzer/3", "front"),
    ("ge-infantry/1", "front"),
    ("ge-infantry/2", "front"),
    ("ge-infantry/3", "front"),
    ("ge-infantry/4", "step-3"),
]


def test_ee_combat_round_the_defender_fires_first(ee: Game) -> None:
    """Line 697 (6.2-6.31): the Soviet armour at 2 steps rolls 3 and 5 at the panzers: no hit;
    the Soviet infantry's six steps roll 1, 3, 3, 4, 5, 6: one hit on 6."""
    situation, rule, engagement = battle(ee, "europe:kiev", GERMANS, SOVIETS)
    plan = fire_plan(situation, rule, engagement)
    assert plan.first == "defender"
    by_piece = targets(plan)
    assert by_piece["su-armour/1"] == (2, 6) and by_piece["su-infantry/1"] == (6, 6)
    assert by_piece["ge-infantry/1"] == (15, 6)  # the infantry's 15 steps left after the hit
    rolls = {"su-armour/1": [3, 5], "su-infantry/1": [1, 3, 3], "su-infantry/2": [4, 5, 6]}
    soviet = fire_outcome(
        rule,
        _defender_only(plan),
        [[r for p in g.pieces for r in rolls[p]] for g in _defender_only(plan).groups],
    )
    assert soviet.attacker.losses == 1


def _defender_only(plan: FirePlan) -> FirePlan:
    return FirePlan(
        plan.of("defender"), plan.first, plan.sides, plan.unit, plan.applied, plan.absorbs
    )


def test_ee_ground_support_then_armour_against_infantry(ee: Game) -> None:
    """Line 697 and after: the two panzers given ground support hit on 5 and roll 1, 3, 4, 5
    (one hit) and 2, 3, 5, 6 (two hits); once the Soviet armour is gone the third panzer fires
    at infantry with its bonus (6.29), rolling 2, 4, 5, 5: two hits."""
    support = {"ground-support": ("ge-panzer/1", "ge-panzer/2")}
    situation, rule, engagement = battle(ee, "europe:kiev", GERMANS, SOVIETS, declared=support)
    plan = fire_plan(situation, rule, engagement)
    assert targets(plan)["ge-panzer/1"] == (8, 5) and targets(plan)["ge-panzer/3"] == (4, 6)
    panzers = next(g for g in plan.groups if "ge-panzer/1" in g.pieces)
    assert panzers.hits([1, 3, 4, 5]) == 1 and panzers.hits([2, 3, 5, 6]) == 2
    infantry_left = [("su-infantry/1", "step-1"), ("su-infantry/2", "step-2")]
    situation, rule, engagement = battle(
        ee, "europe:kiev", GERMANS, infantry_left, declared=support
    )
    plan = fire_plan(situation, rule, engagement)
    third = next(g for g in plan.groups if "ge-panzer/3" in g.pieces)
    assert (third.dice, third.target) == (4, 5)
    assert third.hits([2, 4, 5, 5]) == 2


def test_ee_snow_halves_the_attackers_dice(ee: Game) -> None:
    """Line 275 (1.12): 15 steps of German infantry attacking in snow roll 7 dice."""
    germans: list[Unit] = GERMANS[3:]
    situation, rule, engagement = battle(ee, "europe:kiev", germans, SOVIETS, weather="snow")
    plan = fire_plan(situation, rule, engagement)
    assert sum(g.dice for g in plan.of("attacker")) == 7


def test_ee_snow_elite_fractions_go_to_the_dice_without_bonus(ee: Game) -> None:
    """Line 277 (1.12, example 2): 3 elite steps and 9 regular steps in snow roll 6 dice, one of
    them with the elite bonus."""
    germans: list[Unit] = [
        ("ge-elite-infantry/1", "step-3"),
        ("ge-infantry/1", "step-3"),
        ("ge-infantry/2", "step-3"),
        ("ge-infantry/3", "step-3"),
    ]
    situation, rule, engagement = battle(ee, "europe:kiev", germans, SOVIETS, weather="snow")
    plan = fire_plan(situation, rule, engagement)
    dice = {g.target: g.dice for g in plan.of("attacker")}
    assert dice == {5: 1, 6: 5}


def test_ee_fortress_gives_the_defender_two_hit_bonuses(ee: Game) -> None:
    """6.85: every unit defending in a fortress hits on 4 or more."""
    situation, rule, engagement = battle(ee, "europe:leningrad", GERMANS[3:], SOVIETS[1:])
    plan = fire_plan(situation, rule, engagement)
    assert targets(plan)["su-infantry/1"] == (6, 4)


def test_ee_armour_gets_no_hit_bonus_in_mud(ee: Game) -> None:
    """1.13: in mud armour gets no hit bonus, elite or against infantry, while defending
    infantry gets one (6.4b)."""
    panzers: list[Unit] = [("ge-elite-panzer/1", "front"), ("ge-panzer/1", "front")]
    infantry: list[Unit] = [("su-infantry/1", "step-3")]
    for weather, hits_on in ((None, (4, 5)), ("mud", (6, 6))):
        situation, rule, engagement = battle(ee, "europe:kiev", panzers, infantry, weather=weather)
        by_piece = targets(fire_plan(situation, rule, engagement))
        assert (by_piece["ge-elite-panzer/1"][1], by_piece["ge-panzer/1"][1]) == hits_on
        assert by_piece["su-infantry/1"][1] == (5 if weather == "mud" else 6)


def test_ee_soviets_attacking_at_home_roll_every_die_in_snow(ee: Game) -> None:
    """1.12: Soviet and Finnish units attacking in their home areas are not halved in snow."""
    soviets: list[Unit] = [("su-infantry/1", "step-3"), ("su-infantry/2", "step-3")]
    germans: list[Unit] = [("ge-infantry/1", "front")]
    situation, rule, engagement = battle(ee, "europe:kiev", soviets, germans, weather="snow")
    assert sum(g.dice for g in fire_plan(situation, rule, engagement).of("attacker")) == 6


def test_ee_a_swamp_in_snow_is_rough(ee: Game) -> None:
    """6.82, 1.12: infantry attacking into a swamp halves its dice, except in snow, when the
    swamp counts as rough and its defenders get the hit bonus (the snow still halves)."""
    germans: list[Unit] = [("ge-infantry/1", "front"), ("ge-infantry/2", "step-3")]
    defenders: list[Unit] = [("su-infantry/1", "step-3")]
    for weather, dice, hits_on in ((None, 3, 6), ("snow", 3, 5)):
        situation, rule, engagement = battle(
            ee, "europe:pripet", germans, defenders, weather=weather
        )
        plan = fire_plan(situation, rule, engagement)
        assert sum(g.dice for g in plan.of("attacker")) == dice
        assert targets(plan)["su-infantry/1"][1] == hits_on


def test_ee_the_maginot_line_gives_two_hit_bonuses_when_declared(ee: Game) -> None:
    """6.84, 6.4g: declared for the initial round of a newly contested Metz attacked from
    Germany, the Western Allies' land units there hit on 4 or more; not declared (a later
    round), on 6; a German defending Metz never has it, nor does a militia (glossary)."""
    germans: list[Unit] = [("ge-infantry/1", "front", "ruhr"), ("ge-panzer/1", "front", "ruhr")]
    allies: list[Unit] = [
        ("fr-infantry/1", "front"),
        ("fr-armour/1", "front"),
        ("gb-militia/1", "front"),
    ]
    for declared, hits_on in (({"maginot": ()}, 4), (None, 6)):
        situation, rule, engagement = battle(ee, "europe:metz", germans, allies, declared=declared)
        by_piece = targets(fire_plan(situation, rule, engagement))
        assert (by_piece["fr-infantry/1"][1], by_piece["fr-armour/1"][1]) == (hits_on, hits_on)
        assert by_piece["gb-militia/1"][1] == 6
    defenders: list[Unit] = [("ge-infantry/2", "front")]
    attackers: list[Unit] = [("fr-infantry/1", "front", "paris")]
    on = {"maginot": ()}
    situation, rule, engagement = battle(ee, "europe:metz", attackers, defenders, declared=on)
    assert targets(fire_plan(situation, rule, engagement))["ge-infantry/2"][1] == 6
    situation, rule, engagement = battle(ee, "europe:kiev", GERMANS[3:], SOVIETS, declared=on)
    assert targets(fire_plan(situation, rule, engagement))["su-infantry/1"][1] == 6


def test_ee_a_fortification_is_rough_terrain_in_the_first_round(ee: Game) -> None:
    """6.97, 6.4i: declared for the first round, a fortification gives its defenders the
    rough terrain's hit bonus (on 5 in clear Kiev), on top of the others (6.4: cumulative);
    militia never has one."""
    soviets: list[Unit] = [*SOVIETS[1:], ("su-militia/1", "front")]
    for declared, hits_on in (({"fortification": ()}, 5), (None, 6)):
        situation, rule, engagement = battle(
            ee, "europe:kiev", GERMANS[3:], soviets, declared=declared
        )
        by_piece = targets(fire_plan(situation, rule, engagement))
        assert by_piece["su-infantry/1"][1] == hits_on
        assert by_piece["su-militia/1"][1] == 6
    on = {"fortification": ()}
    situation, rule, engagement = battle(ee, "europe:lyon", GERMANS[3:5], SOVIETS[1:2], declared=on)
    assert targets(fire_plan(situation, rule, engagement))["su-infantry/1"][1] == 4  # rough too


def test_ee_defenders_of_a_landing_fire_at_infantry_with_a_bonus(ee: Game) -> None:
    """7.21, 7.31, 6.4j: in the first round against an airborne or amphibious assault every
    defender firing at infantry has one more hit bonus: infantry always, armour while no enemy
    armour is left to fire at (6.25), and not in mud (1.13)."""
    airborne: list[Unit] = [("ge-airborne/1", "front"), ("ge-infantry/1", "front")]
    defenders: list[Unit] = [("gb-infantry/1", "front"), ("gb-armour/1", "front")]
    landing = {"landing": (), "landing-armour": ()}
    for declared, hits_on in ((landing, (5, 4)), (None, (6, 5))):
        situation, rule, engagement = battle(
            ee, "europe:north-england", airborne, defenders, declared=declared
        )
        by_piece = targets(fire_plan(situation, rule, engagement))
        # the armour firing at infantry has 6.29's bonus too (6.4: they add up)
        assert (by_piece["gb-infantry/1"][1], by_piece["gb-armour/1"][1]) == hits_on
    with_armour = [*airborne, ("ge-panzer/1", "front")]
    situation, rule, engagement = battle(
        ee, "europe:north-england", with_armour, defenders, declared=landing
    )
    by_piece = targets(fire_plan(situation, rule, engagement))
    assert (by_piece["gb-infantry/1"][1], by_piece["gb-armour/1"][1]) == (5, 6)


# -- Axis & Allies Europe (seed 004) and 1914 (seed 003) ----------------------------------------


def test_aae_artillery_supports_one_infantry(tmp_path: Path) -> None:
    """Line 595 (Exemple d'action de l'artillerie): two Soviet infantry and an artillery attack
    Rumania; the artillery and one infantry attack at 2, the other infantry at 1; the German
    artillery there does not raise its infantry's defence."""
    game = game_of("axis-allies-europe")
    situation, rule, engagement = battle(
        game,
        "europe:rumania",
        [("su-infantry/1", "front"), ("su-infantry/2", "front"), ("su-artillery/1", "front")],
        [("ge-infantry/1", "front"), ("ge-artillery/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    assert sorted(t for p, (_, t) in targets(plan).items() if p.startswith("su-")) == [1, 2, 2]
    assert targets(plan)["ge-infantry/1"] == (1, 2)


def test_aae_each_unit_hits_at_or_under_its_value() -> None:
    """Line 275: an infantry (attack 1) hits only on 1, an armour (attack 3) on 1 to 3; line 281:
    a defending infantry or armour (defence 2) on 1 or 2."""
    game = game_of("axis-allies-europe")
    situation, rule, engagement = battle(
        game,
        "europe:ukraine-ssr",
        [("ge-infantry/1", "front"), ("ge-armour/1", "front")],
        [("su-infantry/1", "front"), ("su-armour/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    assert {p: t for p, (_, t) in targets(plan).items()} == {
        "ge-infantry/1": 1,
        "ge-armour/1": 3,
        "su-infantry/1": 2,
        "su-armour/1": 2,
    }
    outcome = roll(
        rule,
        plan,
        {"ge-infantry/1": [2], "ge-armour/1": [3], "su-infantry/1": [2], "su-armour/1": [3]},
    )
    assert hits(outcome) == (1, 1)


def test_aa1914_artillery_promotes_one_infantry_or_tank_to_three() -> None:
    """Seed 003 line 277: for each artillery one infantry or tank moves to the 'with artillery
    support' box, attacking at 3 instead of 2; the defender gets no promotion."""
    game = game_of("axis-allies-1914")
    situation, rule, engagement = battle(
        game,
        "world:romania",
        [("ge-infantry/1", "front"), ("ge-tank/1", "front"), ("ge-artillery/1", "front")],
        [("ru-infantry/1", "front"), ("ru-artillery/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    mine = sorted(t for p, (_, t) in targets(plan).items() if p.startswith("ge-"))
    assert mine == [2, 3, 3]
    assert targets(plan)["ru-infantry/1"] == (1, 3)


# -- Fatal Alliances (seed 000, 11.12; the rulebook works no land combat through) ------------


@pytest.fixture(scope="module")
def fa() -> Game:
    return game_of("fatal-alliances")


def _fa_odds(
    fa: Game,
    attackers: list[Unit],
    defenders: list[Unit],
    at: str,
    declared: Mapping[str, tuple[str, ...]] | None = None,
    column: str | None = None,
) -> tuple[CombatRule, Odds]:
    situation, rule, engagement = battle(
        fa, at, attackers, defenders, declared=declared, column=column
    )
    return rule, table_odds(situation, rule, engagement, fa.chart("land-combat"))


def test_fa_odds_give_a_roll_modifier(fa: Game) -> None:
    """11.12.5.2: 8 factors against 4 are 2:1, a +4 on the roll; the attacker picks the table
    (11.12.5.1) and rolls 2d10 (11.12.5.3)."""
    rule, odds = _fa_odds(
        fa,
        [("ge-inf-1914/1", "front"), ("ge-inf-1914/2", "front")],
        [("fr-inf-1914/1", "front")],
        "europe:W3020",
        column="Assaut",
    )
    assert (odds.attack, odds.defence, odds.odds) == (8, 4, "2:1")
    assert (odds.column, odds.roll_modifier, odds.dice.count, odds.dice.sides) == (
        "Assaut",
        4,
        2,
        10,
    )
    outcome = table_outcome(rule, fa.chart("land-combat"), odds, 11)
    assert outcome.roll == 15 and outcome.text == "1/2"
    assert outcome.attacker.losses == 1 and outcome.defender.losses == 2


def test_fa_a_defence_of_zero_gives_plus_twenty(fa: Game) -> None:
    """11.12.5.2: an attack on a defender of 0 combat factors gets the highest modifier, +20,
    and is not won by itself."""
    situation, rule, _ = battle(
        fa, "europe:W3020", [("ge-inf-1914/1", "front")], [("fr-inf-1914/1", "front")]
    )
    engagement = Engagement("europe:W3020", situation.position.pieces[:1], ())
    odds = table_odds(situation, rule, engagement, fa.chart("land-combat"))
    assert odds.roll_modifier == 20


def test_fa_results_read_attacker_then_defender(fa: Game) -> None:
    """11.12.5.4-11.12.5.8: 'X/Y' destroys X attacking then Y defending units; R retreats the
    defenders, S shatters them, * leaves the attackers face up."""
    from toolkit.rules.combat import read_cell

    rule = next(r for r in fa.rules if isinstance(r, CombatRule))
    attacker, defender, cites = read_cell(rule, "0.5/1R")
    assert attacker.losses == Fraction(1, 2) and defender.losses == 1 and defender.retreat
    attacker, defender, cites = read_cell(rule, "–/2S*")
    assert attacker.losses == 0 and attacker.notes and defender.shatter and defender.losses == 2
    assert cites == ("FA 11.12.5.6", "FA 11.12.5.8")


def test_aae_amphibious_assault_on_norway() -> None:
    """Seed 004 lines 403-405: the destroyer in the North Sea rolls 3 (a hit at 3), the British
    armour and fighter roll 5 and 5 (misses); the three German infantry defending at 2 roll 2,
    3, 3: one hit; both sides' hits are taken together."""
    game = game_of("axis-allies-europe")
    situation, rule, engagement = battle(
        game,
        "europe:norway",
        [("uk-destroyer/1", "front"), ("uk-armour/1", "front"), ("uk-fighter/1", "front")],
        [("ge-infantry/1", "front"), ("ge-infantry/2", "front"), ("ge-infantry/3", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    assert plan.first is None
    outcome = roll(
        rule,
        plan,
        {
            "uk-destroyer/1": [3],
            "uk-armour/1": [5],
            "uk-fighter/1": [5],
            "ge-infantry/1": [2],
            "ge-infantry/2": [3],
            "ge-infantry/3": [3],
        },
    )
    assert hits(outcome) == (1, 1)


def test_aae_naval_battle_before_the_libyan_landing() -> None:
    """Seed 004 line 412: the submarine rolls 4 (a miss at 2), the battleship 4 (a hit at 4), the
    transport does not fire (attack 0); the British destroyer defending at 3 rolls 1: a hit."""
    game = game_of("axis-allies-europe")
    situation, rule, engagement = battle(
        game,
        "europe:central-mediterranean",
        [("ge-submarine/1", "front"), ("ge-battleship/1", "front"), ("ge-transport/1", "front")],
        [("uk-destroyer/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    assert targets(plan)["ge-transport/1"] == (0, 0)
    outcome = roll(
        rule,
        plan,
        {
            "ge-submarine/1": [4],
            "ge-battleship/1": [4],
            "ge-transport/1": [],
            "uk-destroyer/1": [1],
        },
    )
    assert hits(outcome) == (1, 1)


def test_aae_libyan_land_battle_two_rounds() -> None:
    """Seed 004 line 414: the two German infantry (attack 1) roll 3 and 4, the British infantry
    (defence 2) rolls 2: one German lost; next round both roll 1: they eliminate each other."""
    game = game_of("axis-allies-europe")
    first = battle(
        game,
        "europe:libya",
        [("ge-infantry/1", "front"), ("ge-infantry/2", "front")],
        [("uk-infantry/1", "front")],
    )
    plan = fire_plan(*first)
    outcome = roll(
        first[1], plan, {"ge-infantry/1": [3], "ge-infantry/2": [4], "uk-infantry/1": [2]}
    )
    assert hits(outcome) == (0, 1)
    second = battle(
        game, "europe:libya", [("ge-infantry/2", "front")], [("uk-infantry/1", "front")]
    )
    plan = fire_plan(*second)
    outcome = roll(second[1], plan, {"ge-infantry/2": [1], "uk-infantry/1": [1]})
    assert hits(outcome) == (1, 1)


def test_aae_submarines_surprise_attack() -> None:
    """Seed 004 line 483: two submarines (attack 2) roll 1 and 2: two hits."""
    game = game_of("axis-allies-europe")
    situation, rule, engagement = battle(
        game,
        "europe:celtic-sea",
        [("ge-submarine/1", "front"), ("ge-submarine/2", "front")],
        [("uk-carrier/1", "front"), ("uk-transport/1", "front")],
    )
    plan = fire_plan(situation, rule, engagement)
    subs = next(g for g in plan.of("attacker"))
    assert (subs.dice, subs.target, subs.hits([1, 2])) == (2, 2, 2)


# -- every game: each combat its setups allow works out -------------------------------------


def setup_combats(game: Game) -> list[tuple[Situation, CombatRule, Engagement]]:
    """For each setup, each enemy stack next to (or sharing a space with) another, attacked by
    every unit the combat rule covers there."""
    from toolkit.model.queries import location_neighbours

    found = []
    for setup in game.setups:
        situation = Situation(game, Position.from_setup(game, setup))
        for key in situation.occupied:
            rule = combat_rule_at(situation, key)
            if rule is None:
                continue
            here = situation.position.pieces_at(key)
            sides = {situation.side_of(p) for p in here} - {None}
            nearby = [
                p
                for n in sorted(location_neighbours(game, key))
                for p in situation.position.pieces_at(n)
            ]
            for side in sorted(s for s in {situation.side_of(p) for p in [*here, *nearby]} if s):
                attackers = [p for p in [*here, *nearby] if situation.side_of(p) == side]
                if not sides - {side}:
                    continue
                try:
                    engagement = engage(situation, rule, key, attackers)
                except ValueError:
                    continue  # no unit of the side fights under the rule
                if engagement.defenders:
                    found.append((situation, rule, engagement))
    return found


@pytest.mark.parametrize(
    "name",
    [
        "axis-allies-1914",
        "axis-allies-europe",
        "distant-foreign-fields",
        "europe-engulfed",
        "fatal-alliances",
    ],
)
def test_every_combat_a_setup_allows_works_out(name: str) -> None:
    """Every enemy stack within reach in every setup, attacked by all who may: the odds read a
    column and every roll a result, or every die that hits is a loss."""
    game = game_of(name)
    combats = setup_combats(game)
    assert combats, "no setup puts enemy units within reach of each other"
    for situation, rule, engagement in combats[:200]:
        if rule.table is not None:
            chart = game.chart(rule.table.chart)
            odds = table_odds(situation, rule, engagement, chart)
            for total in range(odds.dice.lowest, odds.dice.highest + 1):
                table_outcome(rule, chart, odds, total)
        else:
            plan = fire_plan(situation, rule, engagement)
            best = [[1 if g.hit == "at-most" else plan.sides] * g.dice for g in plan.groups]
            outcome = fire_outcome(rule, plan, best)  # every die rolled hits
            assert outcome.defender.losses == sum(g.dice for g in plan.of("attacker"))
            assert outcome.attacker.losses == sum(g.dice for g in plan.of("defender"))


def test_aa1914_each_attacking_tank_cancels_a_hit() -> None:
    """Seed 003 line 293: the attacker's tanks (not the defender's) each absorb one hit: with 2
    tanks, 2 of the defender's hitting dice are taken off the board."""
    game = game_of("axis-allies-1914")
    situation, rule, engagement = battle(
        game,
        "world:romania",
        [("ge-tank/1", "front"), ("ge-tank/2", "front"), ("ge-infantry/1", "front")],
        [
            ("ru-infantry/1", "front"),
            ("ru-infantry/2", "front"),
            ("ru-infantry/3", "front"),
            ("ru-tank/1", "front"),
        ],
    )
    plan = fire_plan(situation, rule, engagement)
    assert plan.absorbs == (2, 0)
    rolls = {
        "ge-tank/1": [1],
        "ge-tank/2": [6],
        "ge-infantry/1": [6],
        "ru-infantry/1": [1],
        "ru-infantry/2": [2],
        "ru-infantry/3": [3],
        "ru-tank/1": [1],
    }
    assert hits(roll(rule, plan, rolls)) == (1, 2)  # 4 Russian hits, 2 cancelled


def test_fa_each_defending_corps_in_a_trench_is_minus_one(fa: Game) -> None:
    """21.6 (and the table's notes): -1 to the roll for each defending corps in a trench."""
    _, odds = _fa_odds(
        fa,
        [("ge-inf-1914/1", "front"), ("ge-inf-1914/2", "front")],
        [("fr-inf-1914/1", "front"), ("fr-inf-1914/2", "front")],
        "europe:W3020",
        declared={"trench": ()},
    )
    assert (odds.odds, odds.roll_modifier) == ("1:1", -2)
    assert [a.reason for a in odds.applied] == ["Corps en défense dans une tranchée"]


def test_the_places_a_modifier_holds_are_the_engines(ee: Game) -> None:
    """What a module would list for VASSAL agrees with what the engine applies: the fortress
    bonus holds in the five fortresses and nowhere else, and it is applied there."""
    from toolkit.rules.combat import modifier_places

    rule = next(r for r in ee.rules if isinstance(r, CombatRule))
    fortress = next(m for m in rule.modifiers if m.id == "fortress")
    places = modifier_places(Situation(ee, Position()), fortress)
    assert places == {
        "europe:leningrad",
        "europe:sevastopol",
        "europe:malta",
        "europe:tobruk",
        "europe:gibraltar",
    }
    for key in ["europe:leningrad", "europe:kiev"]:
        situation, rule, engagement = battle(ee, key, GERMANS[3:], SOVIETS[1:])
        applied = {a.reason for a in fire_plan(situation, rule, engagement).applied}
        assert ("Defending in a fortress" in applied) == (key in places)
