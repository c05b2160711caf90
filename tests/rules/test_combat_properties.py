"""Invariants of the combat engine over a few hundred generated combats on the river-crossing
map: odds never favour the attacker beyond its strength, more strength never reads a worse
column, every roll reads a row, dice and hits stay within what the units can roll."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import load_fixture
from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.model.queries import location_neighbours
from toolkit.model.rules import CombatFire, CombatModifier, CombatRule
from toolkit.rules.combat import (
    SIDES,
    Engagement,
    fire_outcome,
    fire_plan,
    table_odds,
    table_outcome,
)
from toolkit.rules.context import Situation

GAME = load_fixture("river-crossing")
RULE = next(r for r in GAME.rules if isinstance(r, CombatRule))
CHART = GAME.chart("crt")
HEXES = sorted(k for k, place in GAME.locations.items() if place.kind == "hex")
ATTACKERS = ("bl-inf", "bl-arm")
FACES = ("front", "back")


@st.composite
def engagements(draw: st.DrawFn, game: Game = GAME) -> tuple[Situation, Engagement]:
    """A defender's hex, one or two red units in it, and one to four blue units around it."""
    target = draw(st.sampled_from(HEXES))
    around = sorted(location_neighbours(game, target))
    pieces = []
    for n in range(draw(st.integers(1, 4))):
        counter = draw(st.sampled_from(ATTACKERS))
        at = draw(st.sampled_from(around))
        pieces.append(
            Piece(f"{counter}/{n + 1}", counter, at, draw(st.sampled_from(FACES)), "bl", 1)
        )
    for n in range(draw(st.integers(1, 2))):
        pieces.append(
            Piece(f"rd-inf/{n + 1}", "rd-inf", target, draw(st.sampled_from(FACES)), "rd", 1)
        )
    situation = Situation(game, Position(pieces=tuple(pieces)))
    attackers = tuple(p for p in pieces if p.owner == "bl")
    defenders = tuple(p for p in pieces if p.owner == "rd")
    return situation, Engagement(target, attackers, defenders)


@settings(max_examples=300, deadline=None, database=None)
@given(engagements(), st.integers(1, 6))
def test_every_table_combat_reads_a_column_and_a_result(
    combat: tuple[Situation, Engagement], roll: int
) -> None:
    situation, engagement = combat
    odds = table_odds(situation, RULE, engagement, CHART)
    columns = [c.label for c in CHART.columns]
    assert odds.column in columns
    if odds.shift == 0 and odds.defence and odds.attack >= odds.defence / 2:
        # rounded in the defender's favour: the column's odds never exceed the strengths'
        a, _, d = odds.column.partition("-")
        assert Fraction(int(a), int(d)) <= odds.attack / odds.defence
    outcome = table_outcome(RULE, CHART, odds, roll)
    assert outcome.text in {"AE", "AR", "EX", "DR", "DE"}
    assert not (outcome.attacker.quiet and outcome.defender.quiet)


@settings(max_examples=200, deadline=None, database=None)
@given(engagements())
def test_more_attack_never_reads_a_worse_column(combat: tuple[Situation, Engagement]) -> None:
    situation, engagement = combat
    odds = table_odds(situation, RULE, engagement, CHART)
    stronger = dataclasses.replace(
        engagement,
        attackers=(
            *engagement.attackers,
            Piece("bl-arm/9", "bl-arm", engagement.attackers[0].location, "front", "bl", 1),
        ),
    )
    more = table_odds(situation, RULE, stronger, CHART)
    columns = [c.label for c in CHART.columns]
    assert more.attack > odds.attack
    assert columns.index(more.column) >= columns.index(odds.column) or more.shift < odds.shift


FIRE_RULE = dataclasses.replace(
    RULE,
    table=None,
    fire=CombatFire(per="unit", sides=6, hit="at-most", attack="attack", defence="defence"),
    modifiers=(
        CombatModifier(
            "hills", "9.8", "Defending in hills", "defender", terrain=frozenset({"hills"}), roll=1
        ),
        CombatModifier(
            "stream",
            "9.4",
            "Across the stream",
            "attacker",
            across=frozenset({"stream"}),
            roll=-1,
            dice=Fraction(1, 2),
        ),
    ),
)


@settings(max_examples=300, deadline=None, database=None)
@given(engagements(), st.randoms(use_true_random=False))
def test_dice_and_hits_stay_within_the_units(
    combat: tuple[Situation, Engagement], rnd: random.Random
) -> None:
    situation, engagement = combat
    plan = fire_plan(situation, FIRE_RULE, engagement)
    for side in SIDES:
        units = engagement.side(side)
        groups = plan.of(side)
        assert sorted(p for g in groups for p in g.pieces) == sorted(p.id for p in units)
        assert sum(g.dice for g in groups) <= len(units)
    rolls = [[rnd.randint(1, 6) for _ in range(g.dice)] for g in plan.groups]
    outcome = fire_outcome(FIRE_RULE, plan, rolls)
    assert outcome.defender.losses <= sum(g.dice for g in plan.of("attacker"))
    assert outcome.attacker.losses <= sum(g.dice for g in plan.of("defender"))
    for group, rolled in zip(plan.groups, rolls, strict=True):
        assert group.hits(rolled) == sum(1 for r in rolled if r <= group.target)


def test_a_wrong_number_of_dice_is_refused() -> None:
    situation = Situation(
        GAME,
        Position(
            pieces=(
                Piece("bl-inf/1", "bl-inf", "front:0404", "front", "bl", 1),
                Piece("rd-inf/1", "rd-inf", "front:0305", "front", "rd", 1),
            )
        ),
    )
    engagement = Engagement(
        "front:0305", situation.position.pieces[:1], situation.position.pieces[1:]
    )
    plan = fire_plan(situation, FIRE_RULE, engagement)
    with pytest.raises(ValueError, match="2 dice rolled where 1 are due"):
        fire_outcome(FIRE_RULE, plan, [[1, 2], [3]])
