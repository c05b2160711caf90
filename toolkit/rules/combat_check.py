"""A played combat judged against the game's combat rule: the dice that should have been
rolled, the result the roll gives, and whether the losses and retreats applied afterwards are
that result.

A combat is read from a log as where it was fought, who attacked, what was declared, the dice
rolled (each roll with the position it was rolled in) and the position once its result was
applied; this module knows nothing of logs, chat lines or VASSAL.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.model.rules import CombatRule, CombatSide
from toolkit.rules.combat import (
    SIDES,
    Engagement,
    FirePlan,
    Outcome,
    SideResult,
    combat_rule_at,
    engage,
    fire_outcome,
    fire_plan,
    other_side,
    table_odds,
    table_outcome,
)
from toolkit.rules.context import Situation
from toolkit.rules.describe import join_words, piece_names, place_name
from toolkit.rules.violations import Violation

OFF_MAP = frozenset({"box", "cell"})
"""Where a piece taken out of play waits (a dead pile, a force pool)."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Dice rolled for a combat, and the position they were rolled in."""

    dice: tuple[int, ...]
    position: Position
    name: str = ""
    """The dice button's name, as the chat reports it."""


@dataclass(frozen=True, slots=True)
class PlayedCombat:
    """A combat as a log records it, its places resolved to location keys."""

    location: str
    origins: tuple[str, ...] = ()
    """Where the attackers attack from (empty: the attacking side's units at the location)."""
    side: str | None = None
    """The attacking side's id, when the call names it."""
    column: str | None = None
    declared: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = ()
    after: Position = field(default_factory=Position)
    """The position once the result was applied (before the next combat, or at the end)."""


def check_played_combat(game: Game, combat: PlayedCombat) -> list[Violation]:
    """What in a played combat breaks the game's combat rule: dice that are not the rule's,
    losses or retreats that are not the result's."""
    if not combat.rolls:
        return []
    situation = Situation(game, combat.rolls[0].position)
    rule = combat_rule_at(situation, combat.location)
    if rule is None:
        return []
    where = (combat.location, place_name(game, combat.location))
    engagement = _engagement(situation, rule, combat)
    if isinstance(engagement, str):
        return [_violation(rule, rule.cite, where, engagement)]
    unknown = [d for d in combat.declared if d not in {m.id for m in rule.modifiers}]
    if unknown:
        known = join_words((m.id for m in rule.modifiers if m.declared), "or")
        message = f"declares {join_words(unknown)}, which the rule does not know (known: {known})"
        return [_violation(rule, rule.cite, where, message)]
    resolved = _outcome(game, rule, combat, engagement)
    if isinstance(resolved, str):
        return [_violation(rule, rule.cite, where, resolved)]
    account, outcome = resolved
    cite = ", ".join(outcome.cites) or rule.cite
    found = []
    for side in SIDES:
        problem = _side_problem(game, engagement, combat, side, outcome)
        if problem:
            found.append(_violation(rule, cite, where, f"{account}; {problem}"))
    return found


def _engagement(situation: Situation, rule: CombatRule, combat: PlayedCombat) -> Engagement | str:
    """The combat's units, or why it has none."""
    position = situation.position
    if combat.origins:
        attackers = [p for key in combat.origins for p in position.pieces_at(key)]
    else:
        attackers = [
            p for p in position.pieces_at(combat.location) if situation.side_of(p) == combat.side
        ]
    if combat.side is not None:
        attackers = [p for p in attackers if situation.side_of(p) == combat.side]
    declared = {name: () for name in combat.declared}
    try:
        return engage(
            situation, rule, combat.location, attackers, declared=declared, column=combat.column
        )
    except ValueError as error:
        return str(error)


def _outcome(
    game: Game, rule: CombatRule, combat: PlayedCombat, engagement: Engagement
) -> tuple[str, Outcome] | str:
    """What the rule makes of the dice rolled, in words, or why the dice are not the rule's."""
    situation = Situation(game, combat.rolls[0].position)
    if rule.table is not None:
        chart = game.chart(rule.table.chart)
        try:
            odds = table_odds(situation, rule, engagement, chart)
        except ValueError as error:
            return str(error)
        dice = combat.rolls[0].dice
        if len(dice) != odds.dice.count or any(not 1 <= d <= odds.dice.sides for d in dice):
            rolled = ",".join(map(str, dice))
            return f"rolled {rolled}; the combat calls for {odds.dice.count}d{odds.dice.sides}"
        outcome = table_outcome(rule, chart, odds, sum(dice))
        account = (
            f"{_sides(game, engagement)}: {_number(odds.attack)} against {_number(odds.defence)}"
            f" ({odds.odds}), {odds.column}{_modifier(odds.roll_modifier)}, roll {sum(dice)}"
            f" gives {outcome.text or 'no effect'}"
        )
        return account, outcome
    return _fire(game, rule, combat, engagement)


def _fire(
    game: Game, rule: CombatRule, combat: PlayedCombat, engagement: Engagement
) -> tuple[str, Outcome] | str:
    """Dice per unit or step: the first side's roll, then the other's in the position it was
    rolled in (after the first side's hits were taken), or both sides' dice together."""
    first_plan = fire_plan(Situation(game, combat.rolls[0].position), rule, engagement)
    if first_plan.first is None:
        dice = [d for r in combat.rolls for d in r.dice]
        return _fired(game, rule, engagement, [(first_plan, SIDES, dice)])
    firing = first_plan.first
    later = combat.rolls[1].position if len(combat.rolls) > 1 else combat.rolls[0].position
    second = _refreshed(Situation(game, later), rule, engagement)
    second_plan = fire_plan(Situation(game, later), rule, second)
    volleys = [
        (first_plan, (firing,), list(combat.rolls[0].dice)),
        (second_plan, (other_side(firing),), [d for r in combat.rolls[1:] for d in r.dice]),
    ]
    return _fired(game, rule, engagement, volleys)


def _refreshed(situation: Situation, rule: CombatRule, engagement: Engagement) -> Engagement:
    """The engagement with its units as they stand now (the hits taken, the dead gone)."""
    position = situation.position

    def still(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
        found = []
        for piece in pieces:
            try:
                now = position.piece(piece.id)
            except ValueError:
                continue
            if now.location is not None:
                found.append(now)
        return tuple(found)

    return Engagement(
        engagement.location,
        still(engagement.attackers),
        still(engagement.defenders),
        engagement.origins,
        engagement.declared,
        engagement.column,
    )


def _fired(
    game: Game,
    rule: CombatRule,
    engagement: Engagement,
    volleys: Sequence[tuple[FirePlan, Sequence[CombatSide], list[int]]],
) -> tuple[str, Outcome] | str:
    hits: dict[CombatSide, Fraction] = {"attacker": Fraction(0), "defender": Fraction(0)}
    words = []
    for plan, sides, dice in volleys:
        groups = [g for side in sides for g in plan.of(side)]
        due = sum(g.dice for g in groups)
        if len(dice) != due or any(not 1 <= d <= plan.sides for d in dice):
            who = join_words(sides)
            return f"the {who} rolled {len(dice)} d{plan.sides}; the combat calls for {due}"
        rolls, start = [], 0
        for group in groups:
            rolls.append(dice[start : start + group.dice])
            start += group.dice
        sub = FirePlan(tuple(groups), plan.first, plan.sides, plan.unit, plan.applied)
        outcome = fire_outcome(rule, sub, rolls)
        for side in SIDES:
            hits[side] += outcome.side(side).losses
        words += [f"{g.dice} dice hitting on {g.hits_on}" for g in groups]
    account = f"{_sides(game, engagement)}: {join_words(words)}"
    account += f" score {_number(hits['defender'])} hit(s) and take {_number(hits['attacker'])}"
    outcome = Outcome(
        account,
        SideResult(losses=hits["attacker"]),
        SideResult(losses=hits["defender"]),
        rule.fire.hits if rule.fire else "units",
        None,
        (rule.cite,),
    )
    return account, outcome


def _side_problem(
    game: Game,
    engagement: Engagement,
    combat: PlayedCombat,
    side: CombatSide,
    outcome: Outcome,
) -> str:
    """What the side's units did after the combat that its result does not say, in words."""
    result = outcome.side(side)
    units = engagement.side(side)
    if not units:
        return ""
    gone, reduced, moved, stayed = _fates(game, units, combat, side)
    who = f"the {side}"
    if result.eliminated and (reduced or moved or stayed):
        alive = piece_names(game, [*reduced, *moved, *stayed])
        return f"{who} is eliminated, but {alive} survived"
    if (result.retreat or result.shatter) and stayed:
        return f"{who} retreats, but {piece_names(game, stayed)} stayed"
    lost = _lost(units, gone, reduced, combat, outcome.unit)
    wanted = _wanted(units, result, outcome.unit)
    if result.exchange and lost == 0:
        return f"{who} loses units in the exchange, but lost none"
    if wanted is not None and lost != wanted:
        unit = "step(s)" if outcome.unit == "steps" else "unit(s)"
        return f"{who} loses {_number(wanted)} {unit}, but lost {_number(lost)}"
    if not (result.retreat or result.shatter or result.eliminated) and moved and side == "defender":
        return f"{who} stays, but {piece_names(game, moved)} left"
    return ""


def _fates(
    game: Game, units: Sequence[Piece], combat: PlayedCombat, side: CombatSide
) -> tuple[list[Piece], list[Piece], list[Piece], list[Piece]]:
    """The side's units once the result was applied: gone, reduced (and still there),
    moved away, unchanged where they fought."""
    gone, reduced, moved, stayed = [], [], [], []
    for piece in units:
        try:
            now = combat.after.piece(piece.id)
        except ValueError:
            gone.append(piece)
            continue
        place = game.locations.get(now.location or "")
        if place is None or place.kind in OFF_MAP:
            gone.append(piece)
        elif now.step < piece.step or now.face != piece.face:
            reduced.append(piece)
        elif now.location != piece.location:
            moved.append(piece)
        else:
            stayed.append(piece)
    return gone, reduced, moved, stayed


def _lost(
    units: Sequence[Piece],
    gone: Sequence[Piece],
    reduced: Sequence[Piece],
    combat: PlayedCombat,
    unit: str,
) -> Fraction:
    """Units (gone or reduced) or steps lost by the side."""
    if unit == "units":
        return Fraction(len(gone) + len(reduced))
    steps = sum(p.step for p in gone)
    for piece in reduced:
        steps += max(piece.step - combat.after.piece(piece.id).step, 1)
    return Fraction(steps)


def _wanted(units: Sequence[Piece], result: SideResult, unit: str) -> Fraction | None:
    """What the side must lose (a half unit is a unit reduced), no more than it has."""
    if result.exchange:
        return None
    have = Fraction(len(units)) if unit == "units" else Fraction(sum(p.step for p in units))
    if result.eliminated:
        return have
    return min(Fraction(math.ceil(result.losses)), have)


def _sides(game: Game, engagement: Engagement) -> str:
    return (
        f"{piece_names(game, engagement.attackers)} against"
        f" {piece_names(game, engagement.defenders) or 'no unit'}"
    )


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _modifier(value: int) -> str:
    return f" {value:+d}" if value else ""


def _violation(rule: CombatRule, cite: str, where: tuple[str, str], message: str) -> Violation:
    """A violation of the combat rule at a place ((key, name))."""
    key, name = where
    return Violation(rule.id, cite, rule.severity, f"the combat at {name}: {message}.", (key,))
