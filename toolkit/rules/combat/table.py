"""Combat on a results table: strengths, odds, the column (or the roll modifier) and the
result of a roll."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from toolkit.model.chart import Chart, Row
from toolkit.model.game import CombatEffect
from toolkit.model.odds import DiceSpec, format_ratio, parse_dice, parse_odds, parse_roll_range
from toolkit.model.position import Piece
from toolkit.model.queries import location_hexsides
from toolkit.model.rules import CombatModifier, CombatRule, CombatSide, CombatTable, OddsStep
from toolkit.rules.combat.engagement import (
    Applied,
    Engagement,
    applied_modifiers,
    describe_applied,
    terrain_effect_words,
    value_of,
)
from toolkit.rules.combat.results import Outcome, read_cell
from toolkit.rules.context import Situation


@dataclass(frozen=True, slots=True)
class Odds:
    """A table combat worked out before the roll: strengths, odds, column and modifiers."""

    attack: Fraction
    defence: Fraction
    odds: str
    """The strengths' odds as players say them ('9:4' → '2.25:1'; a differential: '+3')."""
    column: str
    """The chart column the roll is read on."""
    shift: int
    """Columns shifted by terrain, hexsides and modifiers."""
    roll_modifier: int
    dice: DiceSpec
    applied: tuple[Applied, ...]


def table_odds(
    situation: Situation, rule: CombatRule, engagement: Engagement, chart: Chart
) -> Odds:
    """The strengths, the odds, the column and the roll modifier of a table combat.

    :raises ValueError: the rule has no table, or the attacker picked no column the chart has.
    """
    table = rule.table
    if table is None:
        raise ValueError(f"combat rule {rule.id!r} resolves by dice, not on a table")
    found = applied_modifiers(situation, rule, engagement)
    applied = [describe_applied(m, units) for m, units in found]
    attack = _strength(situation, engagement, "attacker", table.attack, found)
    defence = _strength(situation, engagement, "defender", table.defence, found)
    shift = sum(m.shift for m, _ in found)
    roll = sum(m.roll * (len(units) if m.each else 1) for m, units in found)
    if rule.terrain_effects:
        for applied_effect, effect in terrain_effects(situation, engagement, rule.cite):
            defence *= Fraction(effect.defence).limit_denominator(100)
            shift += effect.shift
            applied.append(applied_effect)
    odds_text = _odds_text(table, attack, defence)
    dice = parse_dice(table.die or chart.die or "1d6")
    if table.roll_modifiers:
        column = _picked_column(engagement, chart)
        roll += _roll_modifier(table, attack, defence)
        return Odds(attack, defence, odds_text, column, shift, roll, dice, tuple(applied))
    steps = table.columns or _chart_odds(table, chart)
    base = _odds_index(steps, attack, defence, table.odds)
    index = min(max(base + shift, 0), len(chart.columns) - 1)
    column = chart.columns[index].label
    return Odds(attack, defence, odds_text, column, shift, roll, dice, tuple(applied))


def terrain_effects(
    situation: Situation, engagement: Engagement, cite: str
) -> list[tuple[Applied, CombatEffect]]:
    """The combat effects game.json gives the defender's terrain and the hexside types every
    attacking unit attacks across, each with its name as the reason."""
    game = situation.game
    place = game.locations.get(engagement.location)
    found: list[tuple[str, CombatEffect]] = []
    terrain = next((t for t in game.terrain if place and t.id == place.terrain), None)
    if terrain is not None and terrain.combat is not None:
        found.append((terrain.name, terrain.combat))
    shared: set[str] | None = None
    for piece in engagement.attackers:
        start = engagement.origin(piece)
        here = set()
        if start in game.locations and place is not None:
            here = {side.type for side in location_hexsides(game, start, engagement.location)}
        shared = here if shared is None else shared & here
    for kind in game.hexside_types:
        if kind.id in (shared or set()) and kind.combat is not None:
            found.append((kind.name, kind.combat))
    return [
        (Applied(_reason(name, e.note), cite, "defender", terrain_effect_words(e)), e)
        for name, e in found
        if e.defence != 1 or e.shift
    ]


def _reason(name: str, note: str) -> str:
    return f"{name} ({note})" if note else name


def _strength(
    situation: Situation,
    engagement: Engagement,
    side: CombatSide,
    name: str,
    found: Sequence[tuple[CombatModifier, tuple[Piece, ...]]],
) -> Fraction:
    total = Fraction(0)
    for piece in engagement.side(side):
        value = value_of(situation, piece, name)
        for modifier, units in found:
            if modifier.affects(side) and modifier.strength != 1 and piece in units:
                value *= modifier.strength
        total += value
    return total


def _odds_text(table: CombatTable, attack: Fraction, defence: Fraction) -> str:
    if table.odds == "differential":
        difference = attack - defence
        return f"{'+' if difference >= 0 else ''}{_number(difference)}"
    return format_ratio(attack, defence)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _chart_odds(table: CombatTable, chart: Chart) -> tuple[OddsStep, ...]:
    return tuple(OddsStep(c.label, parse_odds(c.label, table.odds)) for c in chart.columns)


def _reaches(step: OddsStep, attack: Fraction, defence: Fraction, odds: str) -> bool:
    """True when the strengths reach a step's odds (a ratio rounded in the defender's
    favour: 5 against 2 reaches 2:1, not 3:1)."""
    if odds == "differential":
        return attack - defence >= step.at_least
    return attack >= step.at_least * defence


def _odds_index(steps: Sequence[OddsStep], attack: Fraction, defence: Fraction, odds: str) -> int:
    """The highest step the strengths reach; the first when they reach none, the last
    against no defence at all."""
    if odds == "ratio" and defence == 0:
        return len(steps) - 1
    reached = [i for i, step in enumerate(steps) if _reaches(step, attack, defence, odds)]
    return max(reached, default=0)


def _roll_modifier(table: CombatTable, attack: Fraction, defence: Fraction) -> int:
    if defence == 0 and table.odds == "ratio":
        if table.zero_defence is not None:
            return table.zero_defence
        return table.roll_modifiers[-1].modifier
    index = _odds_index(table.roll_modifiers, attack, defence, table.odds)
    return table.roll_modifiers[index].modifier


def _picked_column(engagement: Engagement, chart: Chart) -> str:
    labels = [c.label for c in chart.columns]
    if engagement.column is None:
        return labels[0]
    if engagement.column not in labels:
        raise ValueError(
            f"chart {chart.id!r} has no column {engagement.column!r} (its columns: "
            f"{', '.join(labels)})"
        )
    return engagement.column


def table_outcome(rule: CombatRule, chart: Chart, odds: Odds, roll: int) -> Outcome:
    """The result of a roll on the column the odds read (a modified roll beyond the table
    reads its nearest row).

    :raises ValueError: a roll the dice cannot make, or a cell the rule does not explain (the
        loader reports those).
    """
    if not odds.dice.lowest <= roll <= odds.dice.highest:
        raise ValueError(f"{roll} is not a roll of {odds.dice.count}d{odds.dice.sides}")
    modified = roll + odds.roll_modifier
    row = _row_for(chart, modified)
    labels = [c.label for c in chart.columns]
    cell = row.cells[labels.index(odds.column)]
    text = "" if cell is None else str(cell)
    attacker, defender, cites = read_cell(rule, text)
    return Outcome(text, attacker, defender, rule.results.losses, modified, cites)


def _row_for(chart: Chart, roll: int) -> Row:
    ranges = [(row, parse_roll_range(row.label)) for row in chart.rows]
    for row, bounds in ranges:
        low, high = bounds
        if (low is None or roll >= low) and (high is None or roll <= high):
            return row
    lowest = min(ranges, key=lambda item: item[1][0] if item[1][0] is not None else -math.inf)
    highest = max(ranges, key=lambda item: item[1][1] if item[1][1] is not None else math.inf)
    bound = lowest[1][0]
    return lowest[0] if bound is not None and roll < bound else highest[0]
