"""A played combat judged against the game's combat rule: the dice that should have been
rolled, the result the roll gives, and whether the losses and retreats applied afterwards are
that result.

A combat is read from a log as where it was fought, who attacked, what was declared, the dice
rolled (each roll with the position it was rolled in) and the position once its result was
applied; this module knows nothing of logs, chat lines or VASSAL.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.model.rules import CombatRule, CombatSide, Loss
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
    value_of,
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
    declared: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each modifier declared (by its id, or by its reason as the module's call names it), with
    the names of the units it is for (empty: all it may)."""
    rolls: tuple[Roll, ...] = ()
    after: Position = field(default_factory=Position)
    came_from: Mapping[str, str] = field(default_factory=dict)
    """Piece id → where a unit that moved into the defender's place came from (the place it
    attacks from, as a module judges a crossing)."""
    weather: Mapping[str, str] = field(default_factory=dict)
    """Weather zone → the weather the log's chat last reported set before the call ('' for
    a game with one weather)."""


def check_played_combat(game: Game, combat: PlayedCombat) -> list[Violation]:
    """What in a played combat breaks the game's combat rule: dice that are not the rule's,
    losses or retreats that are not the result's."""
    combat = _in_weather(combat)
    situation = Situation(game, combat.rolls[0].position if combat.rolls else combat.after)
    rule = combat_rule_at(situation, combat.location)
    if rule is None:
        return []
    if not combat.rolls:
        name = place_name(game, combat.location)
        message = f"the combat at {name}: no roll was reported after it was called."
        return [Violation(rule.id, rule.cite, "warning", message, (combat.location,))]
    where = (combat.location, place_name(game, combat.location))
    combat = dataclasses.replace(combat, declared=declared_by_id(rule, combat.declared))
    engagement = _engagement(situation, rule, combat)
    if isinstance(engagement, str):
        return [_violation(rule, rule.cite, where, engagement)]
    unknown = [d for d, _ in combat.declared if d not in {m.id for m in rule.modifiers}]
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
        problem = _side_problem(game, rule, engagement, combat, side, outcome)
        if problem:
            found.append(_violation(rule, cite, where, f"{account}; {problem}"))
    return found


def declared_by_id(
    rule: CombatRule, declared: Sequence[tuple[str, tuple[str, ...]]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The declarations of a call, each by its modifier's id: a call names a modifier by its
    id or by the reason players read (the module's call), which may hold commas where the
    call's list was split ('Amphibious assault, fought as across a river')."""
    by_text = {m.text.casefold(): m.id for m in rule.modifiers if m.declared}
    found = []
    start = 0
    while start < len(declared):
        end = start
        name, units = declared[start]
        while name.casefold() not in by_text and end + 1 < len(declared) and not units:
            longer = f"{name}, {declared[end + 1][0]}"
            if not any(text.startswith(longer.casefold()) for text in by_text):
                break
            end += 1
            name, units = longer, declared[end][1]
        if name.casefold() not in by_text:  # not a reason: as the call wrote it
            end = start
            name, units = declared[start]
        found.append((by_text.get(name.casefold(), name), units))
        start = end + 1
    return tuple(found)


def _in_weather(combat: PlayedCombat) -> PlayedCombat:
    """The combat's positions in the weather the players set."""
    if not combat.weather:
        return combat
    rolls = tuple(
        dataclasses.replace(r, position=_with_weather(r.position, combat.weather))
        for r in combat.rolls
    )
    after = _with_weather(combat.after, combat.weather)
    return dataclasses.replace(combat, rolls=rolls, after=after)


def _with_weather(position: Position, weather: Mapping[str, str]) -> Position:
    """The position in the weather the players set: one for the game, or one per zone."""
    if "" in weather:
        return dataclasses.replace(position, weather=weather[""])
    return dataclasses.replace(position, globals={**position.globals, "weather": dict(weather)})


def _engagement(situation: Situation, rule: CombatRule, combat: PlayedCombat) -> Engagement | str:
    """The combat's units, or why it has none: the units at the places it is called from, and
    those of the side named that have entered the defender's place (an area game, or a game
    where attackers move in), which attack from the first place named."""
    position = situation.position
    attackers = [p for key in combat.origins for p in position.pieces_at(key)]
    side = combat.side
    if side is None and attackers:
        side = situation.side_of(attackers[0])
    if combat.side is not None:
        attackers = [p for p in attackers if situation.side_of(p) == side]
        attackers += [  # the units already there, once (the call may name their place too)
            p
            for p in position.pieces_at(combat.location)
            if situation.side_of(p) == side and p not in attackers
        ]
    origins = {}
    for piece in attackers:
        if piece.location == combat.location:
            origin = combat.came_from.get(piece.id) or next(iter(combat.origins), None)
            if origin is not None:
                origins[piece.id] = origin
    declared = _declared(situation, combat, [*attackers, *position.pieces_at(combat.location)])
    try:
        return engage(
            situation,
            rule,
            combat.location,
            attackers,
            origins=origins,
            declared=declared,
            column=combat.column,
        )
    except ValueError as error:
        return str(error)


def _declared(
    situation: Situation, combat: PlayedCombat, pieces: Sequence[Piece]
) -> dict[str, tuple[str, ...]]:
    """Each declared modifier → the ids of the units it names (each name picks one unit not
    picked yet; a name no unit has stays as it is, and picks none)."""
    found: dict[str, tuple[str, ...]] = {}
    for modifier, names in combat.declared:
        taken: list[str] = []
        for name in names:
            match = next(
                (p.id for p in pieces if situation.counter(p).name == name and p.id not in taken),
                None,
            )
            taken.append(match if match is not None else name)  # a name picks no unit
        found[modifier] = tuple(taken)
    return found


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
    """Dice per unit or step. Both sides' dice together, attacker's first; or, when one side
    fires first, its dice, then the other side's, planned in the position they were rolled in
    (after the first side's hits were taken). A side may roll its dice in several reports."""
    start = combat.rolls[0].position
    first_plan = fire_plan(Situation(game, start), rule, engagement)
    if first_plan.first is None:
        dice = [d for r in combat.rolls for d in r.dice]
        return _fired(game, rule, engagement, [(first_plan, SIDES, dice)])
    firing = first_plan.first
    due = sum(g.dice for g in first_plan.of(firing))
    first_dice, later_dice, later = _split(combat.rolls, due)
    now = Situation(game, later)
    second = _refreshed(now, engagement, start)
    volleys = [
        (first_plan, (firing,), first_dice),
        (fire_plan(now, rule, second), (other_side(firing),), later_dice),
    ]
    return _fired(game, rule, engagement, volleys)


def _split(rolls: Sequence[Roll], due: int) -> tuple[list[int], list[int], Position]:
    """The first ``due`` dice, the rest, and the position the rest began to be rolled in."""
    first: list[int] = []
    rest: list[int] = []
    later: Position | None = None
    for roll in rolls:
        for die in roll.dice:
            if len(first) < due:
                first.append(die)
            else:
                rest.append(die)
                later = later or roll.position
    return first, rest, later or rolls[-1].position


def _refreshed(situation: Situation, engagement: Engagement, start: Position) -> Engagement:
    """The engagement with its units as they stand now: the hits taken, the dead gone, and a
    unit's replacement counter (a reduced division's partner) standing in for it."""
    position = situation.position

    def still(side: CombatSide) -> tuple[Piece, ...]:
        units = engagement.side(side)
        places = {p.location for p in units}
        sides = {situation.side_of(p) for p in units}
        found = []
        for piece in units:
            try:
                now = position.piece(piece.id)
            except ValueError:
                continue
            if now.location is not None:
                found.append(now)
        for piece in position.pieces:
            if piece.location in places and situation.side_of(piece) in sides:
                if not _known(start, piece) and piece not in found:
                    found.append(piece)
        return tuple(found)

    return Engagement(
        engagement.location,
        still("attacker"),
        still("defender"),
        engagement.origins,
        engagement.declared,
        engagement.column,
    )


def _known(position: Position, piece: Piece) -> bool:
    try:
        position.piece(piece.id)
    except ValueError:
        return False
    return True


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
        sub = FirePlan(tuple(groups), plan.first, plan.sides, plan.unit, plan.applied, plan.absorbs)
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
    rule: CombatRule,
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
    fates = (gone, reduced, moved, stayed)
    lost = _lost(game, rule, side, units, fates, combat, outcome.unit)
    wanted = _wanted(units, result, outcome.unit)
    if wanted is not None and outcome.unit == "strength":
        fire = rule.fire
        name = (fire.attack if side == "attacker" else fire.defence) if fire else "strength"
        start = Situation(game, combat.rolls[0].position)
        wanted = min(wanted, sum((value_of(start, p, name) for p in units), Fraction(0)))
    if result.exchange and lost == 0:
        return f"{who} loses units in the exchange, but lost none"
    if wanted is not None and lost != wanted:
        unit = {"units": "unit(s)", "steps": "step(s)", "strength": "strength point(s)"}[
            outcome.unit
        ]
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
    game: Game,
    rule: CombatRule,
    side: CombatSide,
    units: Sequence[Piece],
    fates: tuple[list[Piece], list[Piece], list[Piece], list[Piece]],
    combat: PlayedCombat,
    unit: Loss,
) -> Fraction:
    """Units (gone or reduced), steps, or strength points lost by the side."""
    gone, reduced, _, _ = fates
    if unit == "units":
        return Fraction(len(gone) + len(reduced))
    if unit == "steps":
        steps = sum(p.step for p in gone)
        for piece in reduced:
            steps += max(piece.step - combat.after.piece(piece.id).step, 1)
        return Fraction(steps)
    return _strength_lost(game, rule, side, units, combat)


def _strength_lost(
    game: Game, rule: CombatRule, side: CombatSide, units: Sequence[Piece], combat: PlayedCombat
) -> Fraction:
    """The drop in the side's strength: its units' values before, against the survivors' and
    their replacements' (a counter of the same side newly at one of their places) after."""
    fire = rule.fire
    name = (fire.attack if side == "attacker" else fire.defence) if fire else "strength"
    before_situation = Situation(game, combat.rolls[0].position)
    after_situation = Situation(game, combat.after)
    before = sum((value_of(before_situation, p, name) for p in units), Fraction(0))
    places = {p.location for p in units}
    sides = {before_situation.side_of(p) for p in units}
    after = Fraction(0)
    for piece in combat.after.pieces:
        known = _known(combat.rolls[0].position, piece)
        if known and piece.id in {p.id for p in units} and _on_map(game, piece):
            after += value_of(after_situation, piece, name)
        elif not known and piece.location in places and after_situation.side_of(piece) in sides:
            after += value_of(after_situation, piece, name)
    return max(before - after, Fraction(0))


def _on_map(game: Game, piece: Piece) -> bool:
    place = game.locations.get(piece.location or "")
    return place is not None and place.kind not in OFF_MAP


def _wanted(units: Sequence[Piece], result: SideResult, unit: str) -> Fraction | None:
    """What the side must lose (a half unit is a unit reduced), no more than it has."""
    if result.exchange:
        return None
    if unit == "strength":
        return Fraction(math.ceil(result.losses))  # capped by the units' strength where read
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
