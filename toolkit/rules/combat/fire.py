"""Combat by dice: each unit (or step) rolls against a target number, hits taking units,
steps or strength points off the other side."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from toolkit.model.position import Piece, PieceId
from toolkit.model.rules import CombatModifier, CombatRule, CombatSide, Loss
from toolkit.rules.combat.engagement import (
    SIDES,
    Applied,
    Engagement,
    applied_modifiers,
    describe_applied,
    value_of,
)
from toolkit.rules.combat.results import Outcome, SideResult
from toolkit.rules.context import Situation


@dataclass(frozen=True, slots=True)
class FireGroup:
    """Units of one side that roll together: as many dice, one target."""

    side: CombatSide
    pieces: tuple[PieceId, ...]
    dice: int
    target: int
    hit: Literal["at-most", "at-least"]
    applied: tuple[Applied, ...] = ()

    @property
    def hits_on(self) -> str:
        """The rolls that hit, as players say it: '≤ 3', '≥ 5'."""
        return f"≤ {self.target}" if self.hit == "at-most" else f"≥ {self.target}"

    def hits(self, rolls: Sequence[int]) -> int:
        """How many of these rolls hit."""
        if self.hit == "at-most":
            return sum(1 for r in rolls if r <= self.target)
        return sum(1 for r in rolls if r >= self.target)


@dataclass(frozen=True, slots=True)
class FirePlan:
    """A dice combat worked out before the roll: who rolls how many dice, hitting on what."""

    groups: tuple[FireGroup, ...]
    """In the order a log's dice are read: the attacker's, then the defender's, each side's
    from the lowest target up (groups that share a target score alike, in any order)."""
    first: CombatSide | None
    """The side that fires first (None: both fire before losses are taken)."""
    sides: int
    unit: Loss
    applied: tuple[Applied, ...]
    absorbs: tuple[int, int] = (0, 0)
    """Hits the attacker's and the defender's units cancel of the other side's."""

    def of(self, side: CombatSide) -> tuple[FireGroup, ...]:
        """The groups of one side."""
        return tuple(g for g in self.groups if g.side == side)


def fire_plan(situation: Situation, rule: CombatRule, engagement: Engagement) -> FirePlan:
    """The dice each side rolls and what hits, for the units as they stand.

    Units sharing a target and the same modifiers roll together; units that no roll can make
    hit (an attack of 0) roll no dice. A dice multiplier (a side's
    dice halved) rounds down over all of a unit class's dice at once, the fractions left by
    units with a bonus going to those without (Europe Engulfed 1.12's example).

    :raises ValueError: the rule resolves on a table.
    """
    fire = rule.fire
    if fire is None:
        raise ValueError(f"combat rule {rule.id!r} resolves on a table, not by dice")
    found = applied_modifiers(situation, rule, engagement)
    groups: dict[tuple[object, ...], list[Piece]] = {}
    traits: dict[tuple[object, ...], tuple[int, Fraction, tuple[CombatModifier, ...]]] = {}
    for side in SIDES:
        base = fire.attack if side == "attacker" else fire.defence
        for piece in engagement.side(side):
            mine = tuple(m for m, units in found if m.affects(side) and piece in units)
            bonus = sum(m.roll for m in mine)
            target = value_of(situation, piece, base)
            target = target + bonus if fire.hit == "at-most" else target - bonus
            dice = math.prod((m.dice for m in mine), start=Fraction(1))
            key = (side, _fire_group(situation, piece, fire.group), int(target), dice, mine)
            groups.setdefault(key, []).append(piece)
            traits[key] = (int(target), dice, mine)
    made = _dice_counts(fire.per, fire.dice, groups, traits, fire.hit)
    made = [g if _can_hit(g, fire.sides) else dataclasses.replace(g, dice=0) for g in made]
    made.sort(key=lambda g: (SIDES.index(g.side), g.target))
    first = _first(fire.order, found)
    applied = tuple(describe_applied(m, units) for m, units in found)
    absorbs = tuple(
        sum(m.absorb * sum(1 for p in units if p in engagement.side(side)) for m, units in found)
        for side in SIDES
    )
    return FirePlan(tuple(made), first, fire.sides, fire.hits, applied, (absorbs[0], absorbs[1]))


def _fire_group(situation: Situation, piece: Piece, group: str) -> object:
    """Which units fire together: by a counter property, else by class."""
    counter = situation.counter(piece)
    return counter.properties.get(group, counter.class_) if group else counter.class_


def _dice_counts(
    per: str,
    each: int,
    groups: Mapping[tuple[object, ...], list[Piece]],
    traits: Mapping[tuple[object, ...], tuple[int, Fraction, tuple[CombatModifier, ...]]],
    hit: Literal["at-most", "at-least"],
) -> list[FireGroup]:
    raw = {
        key: sum(p.step if per == "step" else 1 for p in units) * each
        for key, units in groups.items()
    }
    counts = {key: math.floor(raw[key] * traits[key][1]) for key in groups}
    clusters: dict[tuple[object, object, Fraction], list[tuple[object, ...]]] = {}
    for key in groups:
        if traits[key][1] != 1:
            clusters.setdefault((key[0], key[1], traits[key][1]), []).append(key)
    for (_, _, factor), keys in clusters.items():
        total = math.floor(sum(raw[k] for k in keys) * factor)
        worst = min(keys, key=lambda k: traits[k][0] if hit == "at-most" else -traits[k][0])
        counts[worst] += total - sum(counts[k] for k in keys)
    return [
        FireGroup(
            key[0],  # type: ignore[arg-type]
            tuple(p.id for p in units),
            counts[key],
            traits[key][0],
            hit,
            tuple(describe_applied(m, units) for m in traits[key][2]),
        )
        for key, units in groups.items()
    ]


def _can_hit(group: FireGroup, sides: int) -> bool:
    """True when some face of the die hits: a unit of attack 0 (a transport) does not roll."""
    return group.target >= 1 if group.hit == "at-most" else group.target <= sides


def _first(
    order: str, found: Sequence[tuple[CombatModifier, tuple[Piece, ...]]]
) -> CombatSide | None:
    if order == "defender-first":
        return "defender"
    firsts = [m.first for m, _ in found if m.first is not None]
    return "defender" if "defender" in firsts else (firsts[0] if firsts else None)


def fire_outcome(rule: CombatRule, plan: FirePlan, rolls: Sequence[Sequence[int]]) -> Outcome:
    """The hits each side scores with these rolls, one sequence per group of the plan.

    :raises ValueError: a group rolled another number of dice than the plan gives it, or a
        roll the die cannot make.
    """
    if len(rolls) != len(plan.groups):
        raise ValueError(f"{len(rolls)} groups of rolls for {len(plan.groups)} groups of units")
    hits: dict[CombatSide, int] = {"attacker": 0, "defender": 0}
    for group, rolled in zip(plan.groups, rolls, strict=True):
        if len(rolled) != group.dice:
            raise ValueError(f"{len(rolled)} dice rolled where {group.dice} are due")
        if any(not 1 <= r <= plan.sides for r in rolled):
            raise ValueError(f"a roll of {list(rolled)} is not a roll of d{plan.sides}")
        hits[group.side] += group.hits(rolled)
    # a side's hits on units that cancel hits (attacking tanks) are cancelled first
    hits["attacker"] = max(hits["attacker"] - plan.absorbs[1], 0)
    hits["defender"] = max(hits["defender"] - plan.absorbs[0], 0)
    text = f"{hits['attacker']} hit(s) on the defender, {hits['defender']} on the attacker"
    return Outcome(
        text,
        SideResult(losses=Fraction(hits["defender"])),
        SideResult(losses=Fraction(hits["attacker"])),
        plan.unit,
        None,
        (rule.cite,),
    )
