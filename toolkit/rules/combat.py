"""Combat from the data: strengths, the modifiers that apply (each with its reason and rule
number), the column or the dice, and the result of a roll, as a game's combat rule says.

Pure functions over the model: a position, the attacking units and the defender's location in,
numbers and words out. The log checker compares a played combat with them, and a module can
mirror every step with VASSAL's own expressions, as the rules warnings do:

- a unit's strength or target is a counter value (a piece property); fractional multipliers
  scale to whole numbers, as stacking points do;
- a modifier's terms on the place are a list of location names (:func:`modifier_places`), its
  terms on units a piece property (their selector), its hexside a list of crossings;
- an odds step a:b is reached when b × attack ≥ a × defence, a comparison of sums;
- a results row is a range of rolls, a cell a code the rule explains.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from toolkit.model.base import empty
from toolkit.model.chart import Chart, Row
from toolkit.model.game import CombatEffect
from toolkit.model.odds import (
    DiceSpec,
    format_ratio,
    parse_cell_part,
    parse_dice,
    parse_odds,
    parse_roll_range,
)
from toolkit.model.position import Piece, PieceId
from toolkit.model.queries import location_border_type, location_hexsides
from toolkit.model.rules import (
    CombatModifier,
    CombatRule,
    CombatSide,
    CombatTable,
    Loss,
    OddsStep,
    PieceSelector,
    ResultCode,
)
from toolkit.rules.context import Situation
from toolkit.rules.movement import weather_at

SIDES: tuple[CombatSide, CombatSide] = ("attacker", "defender")


def other_side(side: CombatSide) -> CombatSide:
    """The attacker's opponent is the defender, and the other way round."""
    return "defender" if side == "attacker" else "attacker"


@dataclass(frozen=True, slots=True)
class Engagement:
    """A combat as the players declare it: who attacks, where, and what they declare."""

    location: str
    """The defender's location (or the contested space, in an area game)."""
    attackers: tuple[Piece, ...]
    defenders: tuple[Piece, ...]
    origins: Mapping[PieceId, str] = empty()
    """Where each attacking unit attacks from, when not its own location (an area game's unit
    that entered the space across a river)."""
    declared: Mapping[str, tuple[PieceId, ...]] = empty()
    """Modifiers the players declare → the units they are for (empty: the whole side)."""
    column: str | None = None
    """The chart column the attacker picks, on a table whose odds modify the roll."""

    def side(self, side: CombatSide) -> tuple[Piece, ...]:
        """The attacking or the defending units."""
        return self.attackers if side == "attacker" else self.defenders

    def origin(self, piece: Piece) -> str:
        """Where an attacking unit attacks from."""
        return self.origins.get(piece.id, piece.location or "")


def engage(
    situation: Situation,
    rule: CombatRule,
    location: str,
    attackers: Iterable[Piece],
    *,
    origins: Mapping[PieceId, str] | None = None,
    declared: Mapping[str, tuple[PieceId, ...]] | None = None,
    column: str | None = None,
) -> Engagement:
    """The combat of ``attackers`` against every enemy unit the rule covers at ``location``.

    :raises ValueError: no attacking unit, or none the rule covers.
    """
    fighting = tuple(p for p in attackers if _fights(situation, rule, p))
    if not fighting:
        raise ValueError(f"no unit that fights under rule {rule.id!r} attacks {location}")
    side = situation.side_of(fighting[0])
    defenders = tuple(
        p
        for p in situation.position.pieces_at(location)
        if situation.side_of(p) not in (side, None) and _fights(situation, rule, p)
    )
    return Engagement(location, fighting, defenders, origins or {}, declared or {}, column)


def _fights(situation: Situation, rule: CombatRule, piece: Piece) -> bool:
    return rule.pieces.matches(situation.counter(piece), situation.index, piece.owner)


def combat_rule_at(situation: Situation, location: str) -> CombatRule | None:
    """The first combat rule that applies at a location (land combat, naval combat…)."""
    place = situation.game.locations.get(location)
    for rule in situation.game.rules:
        if isinstance(rule, CombatRule) and place is not None:
            if rule.where.matches(place, situation.index, situation.controller(location)):
                return rule
    return None


# -- modifiers ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Applied:
    """A modifier applied to a combat: what it did, why, and the rule that says so."""

    reason: str
    cite: str
    side: CombatSide | Literal["both"]
    effect: str
    """In words: '-1 column', '+1 to the roll', 'strength ×1/2', 'fires first'."""
    pieces: tuple[PieceId, ...] = ()
    """The units it applied to (empty: the side, or the roll, as a whole)."""


def value_of(situation: Situation, piece: Piece, name: str | int) -> Fraction:
    """A unit's number on the face it shows (a fixed number is itself); 0 when the face
    prints none, or prints a mark that is not a number."""
    if isinstance(name, int):
        return Fraction(name)
    counter = situation.counter(piece)
    try:
        raw = counter.face(piece.face).values.get(name)
    except ValueError:
        raw = None
    if raw is None:
        raw = counter.properties.get(name)
    try:
        return Fraction(str(raw).replace(",", ".")) if raw is not None else Fraction(0)
    except ValueError:
        return Fraction(0)


def crosses(situation: Situation, start: str, location: str, types: frozenset[str]) -> bool:
    """True when attacking from ``start`` into ``location`` crosses a hexside or border of one
    of these types."""
    if not types or not start or start == location:
        return False
    game = situation.game
    if start not in game.locations or location not in game.locations:
        return False
    if any(side.type in types for side in location_hexsides(game, start, location)):
        return True
    return location_border_type(game, start, location) in types


def _location_terms(situation: Situation, modifier: CombatModifier, engagement: Engagement) -> bool:
    """The modifier's conditions on the place, the weather, the declarations and the
    crossing of the whole attack hold."""
    place = situation.game.locations.get(engagement.location)
    if modifier.terrain and (place is None or place.terrain not in modifier.terrain):
        return False
    if modifier.where is not None:
        controller = situation.controller(engagement.location)
        if place is None or not modifier.where.matches(place, situation.index, controller):
            return False
    if modifier.weather and weather_at(situation, engagement.location) not in modifier.weather:
        return False
    if modifier.declared and modifier.id not in engagement.declared:
        return False
    if modifier.across and (modifier.side == "defender" or modifier.across_all):
        crossing = [
            crosses(situation, engagement.origin(p), engagement.location, modifier.across)
            for p in engagement.attackers
        ]
        return all(crossing) if modifier.across_all else any(crossing)
    return True


def modifier_places(situation: Situation, modifier: CombatModifier) -> frozenset[str]:
    """Every location where a modifier's terms on the defender's place hold (its terrain and
    ``where``): what a module hands VASSAL as a list of location names, as it does for the
    rules warnings. Hexsides, weather and units are judged apart."""
    found = set()
    for key, place in situation.game.locations.items():
        if modifier.terrain and place.terrain not in modifier.terrain:
            continue
        if modifier.where is not None:
            controller = situation.controller(key)
            if not modifier.where.matches(place, situation.index, controller):
                continue
        found.add(key)
    return frozenset(found)


def _picks(situation: Situation, selector: PieceSelector, piece: Piece) -> bool:
    return selector.matches(situation.counter(piece), situation.index, piece.owner)


def modified_units(
    situation: Situation, modifier: CombatModifier, engagement: Engagement
) -> tuple[Piece, ...] | None:
    """The units a modifier applies to, of its side or both; None when it does not apply at
    all (one that applies to a side and names no units applies to all of them)."""
    if not _location_terms(situation, modifier, engagement):
        return None
    units: list[Piece] = []
    for side in SIDES:
        if modifier.affects(side):
            units += _side_units(situation, modifier, engagement, side)
    named = modifier.declared and engagement.declared.get(modifier.id)
    selective = modifier.pieces or modifier.across or modifier.supported_by or named
    if not units and (selective or modifier.unless_enemy or modifier.side == "both"):
        return None
    return tuple(units)


def _side_units(
    situation: Situation, modifier: CombatModifier, engagement: Engagement, side: CombatSide
) -> list[Piece]:
    """The units of one side a modifier applies to."""
    if modifier.unless_enemy is not None:
        enemy = engagement.side(other_side(side))
        if any(_picks(situation, modifier.unless_enemy, p) for p in enemy):
            return []
    units = [
        p
        for p in engagement.side(side)
        if modifier.pieces is None or _picks(situation, modifier.pieces, p)
    ]
    if modifier.across and side == "attacker" and modifier.side != "defender":
        location = engagement.location
        units = [
            p for p in units if crosses(situation, engagement.origin(p), location, modifier.across)
        ]
    named = engagement.declared.get(modifier.id, ())
    if modifier.declared and named:
        units = [p for p in units if p.id in named]
    if modifier.supported_by is not None:
        selector = modifier.supported_by
        support = sum(1 for p in engagement.side(side) if _picks(situation, selector, p))
        units = units[:support]
    return units


def _effect_words(modifier: CombatModifier) -> str:
    words = []
    if modifier.shift:
        words.append(f"{modifier.shift:+d} column{'s' if abs(modifier.shift) > 1 else ''}")
    if modifier.roll:
        words.append(f"{modifier.roll:+d} to the roll")
    if modifier.strength != 1:
        words.append(f"strength ×{modifier.strength}")
    if modifier.dice != 1:
        words.append(f"dice ×{modifier.dice}")
    if modifier.first:
        words.append(f"the {modifier.first} fires first")
    if modifier.absorb:
        words.append(f"cancels {modifier.absorb} hit{'s' if modifier.absorb > 1 else ''}")
    return ", ".join(words) or "no change"


def applied_modifiers(
    situation: Situation, rule: CombatRule, engagement: Engagement
) -> list[tuple[CombatModifier, tuple[Piece, ...]]]:
    """Every modifier of the rule that applies, with the units it applies to."""
    found = []
    for modifier in rule.modifiers:
        units = modified_units(situation, modifier, engagement)
        if units is not None:
            found.append((modifier, units))
    return found


def _applied(modifier: CombatModifier, units: Sequence[Piece]) -> Applied:
    every = modifier.pieces is None and not modifier.across and modifier.supported_by is None
    pieces = () if every and not modifier.declared else tuple(p.id for p in units)
    return Applied(modifier.text, modifier.cite, modifier.side, _effect_words(modifier), pieces)


# -- results tables -----------------------------------------------------------------------------


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
    applied = [_applied(m, units) for m, units in found]
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
        (Applied(_reason(name, e.note), cite, "defender", _terrain_words(e)), e)
        for name, e in found
        if e.defence != 1 or e.shift
    ]


def _reason(name: str, note: str) -> str:
    return f"{name} ({note})" if note else name


def _terrain_words(effect: CombatEffect) -> str:
    words = [f"defence ×{effect.defence:g}"] if effect.defence != 1 else []
    if effect.shift:
        words.append(f"{effect.shift:+d} column{'s' if abs(effect.shift) > 1 else ''}")
    return ", ".join(words)


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


@dataclass(frozen=True, slots=True)
class SideResult:
    """What a result does to one side."""

    eliminated: bool = False
    retreat: bool = False
    shatter: bool = False
    losses: Fraction = Fraction(0)
    """Units or steps lost (see :attr:`Outcome.unit`)."""
    exchange: bool = False
    """The attacker of an exchange: it loses units too (as many as the rules say)."""
    notes: tuple[str, ...] = ()

    @property
    def quiet(self) -> bool:
        """True when nothing happens to the side that a position can show."""
        return not (self.eliminated or self.retreat or self.shatter or self.losses or self.exchange)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a combat's roll, for each side."""

    text: str
    """As the table prints it ('DR', '0.5/1R'), or the hits in words."""
    attacker: SideResult
    defender: SideResult
    unit: Loss = "units"
    roll: int | None = None
    """The modified roll a table was read with."""
    cites: tuple[str, ...] = ()

    def side(self, side: CombatSide) -> SideResult:
        """The result for one side."""
        return self.attacker if side == "attacker" else self.defender


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


def read_cell(rule: CombatRule, text: str) -> tuple[SideResult, SideResult, tuple[str, ...]]:
    """A results cell read as what happens to the attacker and to the defender.

    :raises ValueError: a code the rule does not explain, or a code that strikes no side.
    """
    results = rule.results
    codes = frozenset(results.codes)
    parts = text.split(results.split) if results.split else [text]
    found: dict[CombatSide, _Tally] = {"attacker": _Tally(), "defender": _Tally()}
    cites: list[str] = []
    for position, raw in enumerate(parts[:2]):
        part_side: CombatSide | None = None
        if results.split:
            part_side = SIDES[position]
        parsed = parse_cell_part(raw, codes, results.none)
        if parsed.number is not None:
            if part_side is None:
                raise ValueError(f"result {text!r}: a number with no side to strike")
            found[part_side].losses += parsed.number
        for code in parsed.codes:
            meaning = results.codes[code]
            _apply_code(found, meaning, meaning.side or part_side, text)
            if meaning.cite and meaning.cite not in cites:
                cites.append(meaning.cite)
    return found["attacker"].result(), found["defender"].result(), tuple(cites)


@dataclass
class _Tally:
    eliminated: bool = False
    retreat: bool = False
    shatter: bool = False
    exchange: bool = False
    losses: Fraction = field(default_factory=Fraction)
    notes: list[str] = field(default_factory=list)

    def result(self) -> SideResult:
        return SideResult(
            self.eliminated,
            self.retreat,
            self.shatter,
            self.losses,
            self.exchange,
            tuple(self.notes),
        )


def _apply_code(
    found: dict[CombatSide, _Tally], meaning: ResultCode, side: CombatSide | None, text: str
) -> None:
    if meaning.effect == "exchange":
        found["defender"].eliminated = True
        found["attacker"].exchange = True
        return
    if side is None:
        raise ValueError(f"result {text!r}: code {meaning.code!r} names no side it strikes")
    tally = found[side]
    if meaning.effect == "eliminated":
        tally.eliminated = True
    elif meaning.effect == "retreat":
        tally.retreat = True
    elif meaning.effect == "shatter":
        tally.shatter = True
    elif meaning.effect in ("units", "steps"):
        tally.losses += meaning.count
    elif meaning.text:
        tally.notes.append(meaning.text)


# -- dice per unit or per step ------------------------------------------------------------------


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
    first = _first(fire.order, found)
    applied = tuple(_applied(m, units) for m, units in found)
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
            tuple(_applied(m, units) for m in traits[key][2]),
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
