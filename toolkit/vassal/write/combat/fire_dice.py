"""How many dice a side rolls on each number, as the defender's expressions: each unit's target
and the bonuses it meets, its dice multiplied and rounded down group by group, or (with
supporting units) the bonus given to as many units as support them; and the hits cancelled."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import product

from toolkit.model.rules import CombatModifier, CombatSide, SelectorIndex
from toolkit.vassal.format.expressions import all_of, any_of
from toolkit.vassal.write.combat.fire_sheet import (
    GROUP,
    LETTER,
    STEP,
    TARGET,
    FireSheet,
    bucket,
    dice_property,
)
from toolkit.vassal.write.combat.marks import combat_condition, picks


def terms_dice(
    sheet: FireSheet,
    side: CombatSide,
    targets: Sequence[int],
    active: Sequence[CombatModifier],
    conditions: Mapping[int, str],
    groups: int,
) -> None:
    """How many dice the side rolls on each number: each unit's target is its value and
    the bonuses whose conditions it meets; its dice are multiplied by the modifiers whose
    conditions it meets, and rounded down over each fire group's dice at once."""
    letter = LETTER[side]
    sign = 1 if sheet.fire.hit == "at-most" else -1
    bonuses = [(conditions[id(m)], m.roll) for m in active if m.roll and m.affects(side)]
    target = " + ".join(
        [f"{TARGET}{letter}", *(f"If({c}, {sign * roll}, 0)" for c, roll in bonuses)]
    )
    possible = {
        v + sign * sum(chosen)
        for v in targets
        for chosen in product(*((0, roll) for _, roll in bonuses))
    }
    numbers = sorted({b for v in possible if (b := bucket(v, sheet.fire)) is not None})
    factors = [m for m in active if m.dice != 1 and m.affects(side)]
    tests = {number: _hits_on(sheet, target, number) for number in numbers}
    if not factors:
        for number in numbers:
            counted = _dice_of(sheet, all_of([combat_condition(side), tests[number]]))
            sheet.exprs[dice_property(side, number)] = counted
            sheet.rolled.append((side, number))
        return
    terms: dict[int, list[str]] = {number: [] for number in numbers}
    multiplied = _multipliers(sheet, factors, conditions)
    for k, factor in enumerate(sorted(multiplied, reverse=True)):
        units = all_of([combat_condition(side), multiplied[factor]])
        if factor == 1:
            for number in numbers:
                terms[number].append(_dice_of(sheet, all_of([units, tests[number]])))
            continue
        for group in range(1, groups + 1):
            raw = {}
            for number in numbers:
                name = f"CombatRaw{letter}{group}F{k}T{number}"
                chosen = [units, f"{GROUP} == {group}", tests[number]]
                sheet.exprs[name] = _dice_of(sheet, all_of(chosen))
                raw[number] = name
            floors, left = _rounded(raw, factor, sheet.fire.hit)
            for number in numbers:
                # a property, not an If inside a sum: VASSAL adds no number an If returns
                name = f"CombatLeft{letter}{group}F{k}T{number}"
                sheet.exprs[name] = left[number]
                terms[number].append(f"{floors[number]} + {name}")
    for number in numbers:
        sheet.exprs[dice_property(side, number)] = " + ".join(terms[number])
        sheet.rolled.append((side, number))


def _multipliers(
    sheet: FireSheet, factors: Sequence[CombatModifier], conditions: Mapping[int, str]
) -> dict[Fraction, str]:
    """Multiplier → the condition a unit meets when its dice are multiplied by it: one of
    the sets of dice modifiers that may apply together holds for it and no other does
    (plain conditions: VASSAL does no arithmetic on what ``If`` returns)."""
    found: dict[Fraction, list[str]] = {}
    for chosen in product((False, True), repeat=len(factors)):
        on = [m for m, c in zip(factors, chosen, strict=True) if c]
        if any(_exclusive(sheet, a, b) for a in on for b in on if a is not b):
            continue
        off = [m for m in factors if m not in on and not any(_exclusive(sheet, m, o) for o in on)]
        factor = math.prod((m.dice for m in on), start=Fraction(1))
        parts = [conditions[id(m)] for m in on] + [f"!({conditions[id(m)]})" for m in off]
        found.setdefault(factor, []).append(all_of(parts) if parts else "true")
    return {factor: any_of(parts) for factor, parts in found.items()}


def _exclusive(sheet: FireSheet, a: CombatModifier, b: CombatModifier) -> bool:
    """True when two modifiers never hold for the same unit: their weathers exclude each
    other, or they pick no counter in common."""
    if a.weather and (a.weather <= b.not_weather or (b.weather and not a.weather & b.weather)):
        return True
    if b.weather and b.weather <= a.not_weather:
        return True
    index = SelectorIndex.of(sheet.game)
    covered = [c for c in sheet.game.counters if sheet.rule.pieces.matches(c, index, c.faction)]
    picked = [
        {c.id for c in covered if m.pieces is None or m.pieces.matches(c, index, c.faction)}
        for m in (a, b)
    ]
    return not picked[0] & picked[1]


def _hits_on(sheet: FireSheet, target: str, number: int) -> str:
    """The condition a unit of this target meets when it hits on ``number``."""
    if sheet.fire.hit == "at-most" and number == sheet.fire.sides:
        return f"({target}) >= {number}"
    if sheet.fire.hit == "at-least" and number == 1:
        return f"({target}) <= 1"
    return f"({target}) == {number}"


def _dice_of(sheet: FireSheet, condition: str) -> str:
    """The dice the units a condition picks roll: one per unit or per step, times the
    rule's dice each."""
    pick = picks(condition)
    counted = f'Sum("{STEP}", {pick})' if sheet.fire.per == "step" else f"Count({pick})"
    per = sheet.fire.dice
    return f"{counted} * {per}" if per != 1 else counted


def supported_dice(
    sheet: FireSheet,
    side: CombatSide,
    targets: Sequence[int],
    bonus: CombatModifier | None,
    active: Sequence[CombatModifier],
    selectors: dict[int, str],
) -> None:
    """How many dice the side rolls on each number, the bonus moving some units up."""
    letter = LETTER[side]
    units = combat_condition(side)
    count = {v: f"Count({picks(all_of([units, f'{TARGET}{letter} == {v}']))})" for v in targets}
    boosted = _boosted(sheet, side, targets, bonus, active, selectors)
    step = 0 if bonus is None else (bonus.roll if sheet.fire.hit == "at-most" else -bonus.roll)
    terms: dict[int, list[str]] = {}
    for v in targets:
        rest = f"({count[v]} - {boosted[v]})" if v in boosted else count[v]
        place = bucket(v, sheet.fire)
        if place is not None:
            terms.setdefault(place, []).append(rest)
        if v in boosted:
            raised = bucket(v + step, sheet.fire)
            if raised is not None:
                terms.setdefault(raised, []).append(boosted[v])
    for target in sorted(terms):
        total = " + ".join(terms[target])
        per = sheet.fire.dice
        sheet.exprs[dice_property(side, target)] = f"({total}) * {per}" if per != 1 else total
        sheet.rolled.append((side, target))


def _boosted(
    sheet: FireSheet,
    side: CombatSide,
    targets: Sequence[int],
    bonus: CombatModifier | None,
    active: Sequence[CombatModifier],
    selectors: dict[int, str],
) -> dict[int, str]:
    """Target → how many units of it have the bonus: all it picks, or as many as the side
    has supporting units, the lowest targets first."""
    if bonus is None:
        return {}
    letter = LETTER[side]
    units = combat_condition(side)
    picked = {
        v: f"Count({picks(all_of([units, selectors[id(bonus)], f'{TARGET}{letter} == {v}']))})"
        for v in targets
    }
    if bonus.supported_by is None:
        boosted = picked
    else:
        n = next(n for n, m in enumerate(active) if m is bonus)
        sheet.exprs[f"CombatSupport{letter}"] = (
            f"Count({picks(all_of([units, f'CombatSup{n} == 1']))})"
        )
        boosted, before = {}, list[str]()
        for v in targets:
            left = " - ".join([f"CombatSupport{letter}", *before])
            name = f"CombatBoost{letter}{v}"
            sheet.exprs[name] = (
                f"If({left} <= 0, 0, If({left} >= {picked[v]}, {picked[v]}, {left}))"
            )
            boosted[v] = name
            before.append(f"({picked[v]})")
    name = f"CombatBonus{letter}"
    sheet.exprs[name] = " + ".join(boosted.values())
    sheet.applies.append((bonus, f"{name} > 0"))
    return boosted


def absorbs(
    sheet: FireSheet,
    side: CombatSide,
    active: Sequence[CombatModifier],
    selectors: dict[int, str],
    announce: bool,
) -> None:
    """The hits the side's units cancel of the other side's."""
    terms = []
    for m in active:
        if m.absorb and m.affects(side):
            units = f"Count({picks(all_of([combat_condition(side), selectors[id(m)]]))})"
            terms.append(f"{units} * {m.absorb}")
            if announce and not m.roll:
                sheet.applies.append((m, f"{units} > 0"))
    sheet.exprs[f"CombatAbsorb{LETTER[side]}"] = " + ".join(terms) or "0"


def _rounded(
    raw: Mapping[int, str], factor: Fraction, hit: str
) -> tuple[dict[int, str], dict[int, str]]:
    """A fire group's dice once multiplied and rounded down all at once: each number's share
    rounded down, and the dice the fractions left over make, which go to the worst number the
    group has dice on (Europe Engulfed 1.12, as the engine gives them); number → each."""
    p, q = factor.numerator, factor.denominator
    floors = {n: f"({name} * {p} / {q})" for n, name in raw.items()}
    total = " + ".join(raw.values())
    left = f"(({total}) * {p} / {q} - {' - '.join(floors.values())})"
    worst_first = sorted(raw, reverse=hit == "at-least")
    extra = {}
    for i, number in enumerate(worst_first):
        worse = [f"{raw[w]} == 0" for w in worst_first[:i]]
        extra[number] = f"If({all_of([f'{raw[number]} > 0', *worse])}, {left}, 0)"
    return floors, extra
