"""Combat by dice inside the module (Axis & Allies: each unit rolls one die and hits at or under
its value): a player marks the attacking units and one defending unit, presses the combat
button, and the defender counts each side's dice by the number they hit on, rolls VASSAL's
combat dice once for each die, counts the hits and writes them with the rule number. It never
moves a piece.

How each step of the engine (:func:`toolkit.rules.combat.fire_plan`) becomes VASSAL's:

- a unit's target is a property of its piece, ``CombatFireA`` when it attacks and
  ``CombatFireD`` when it defends (a Calculated Property when its faces differ);
- the dice hitting on a number are ``Count`` over the side's units with that target;
- a hit bonus for some of a side's units (infantry with artillery) moves them one target up;
  when only as many may have it as the side has supporting units, it goes to the lowest
  targets first, as the engine gives it;
- the dice are rolled side by side, the attacker's first, each side's from the lowest target
  up, the order in which ``toolkit check --log`` reads them back; a Trigger Action loops once
  per die and a Set Global Property adds 1 to the side's hits when the die hits;
- units that cancel hits (attacking tanks) take as many off the other side's hits.

Without supporting units (Distant Foreign Fields), each unit's target is worked out in the
condition ``Count`` picks units by: its value, plus each bonus whose terms hold for it. Terms
on the place are a list of location names; a crossing is a list of 'from>to', a unit that has
moved into the defender's place attacking from where it came (``OldLocationName``); terms on
the whole combat (every attacker crosses a river, no enemy armour) are the defender's, filled
into the condition as ``$name$``. When the defender fires first, the button fires the
defender's volley and writes its hits; the attacker takes its losses and presses the button
again, and its survivors fire.

Dice per step count each unit's steps (``Sum``). The weather is what the players set with a
toolbar button, one for each weather zone of the map (the places' ``weather_zone``), one for
the whole game without zones; a modifier's weathers are a list the defender's zone's weather
is looked up in. Dice multiplied (halved in snow or in a swamp, Europe Engulfed 1.12, 6.82) are
counted fire group by fire group and multiplier by multiplier, each count rounded down and the
dice the fractions make together going to the group's worst number, as the engine rounds
them. A rule whose modifiers the module cannot judge (crossings and firing first with
supporting units) is left to the players and ``toolkit check``. Declared modifiers are not
applied: the call declares none.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.model.position import Position
from toolkit.model.queries import location_neighbours
from toolkit.model.rules import (
    CombatFire,
    CombatModifier,
    CombatRule,
    CombatSide,
    PieceSelector,
    SelectorIndex,
)
from toolkit.rules.combat.engagement import SIDES, crosses, effect_words, modifier_places
from toolkit.rules.context import Situation
from toolkit.vassal.format.expressions import all_of, any_of, string_literal
from toolkit.vassal.format.traits import Trait, report, trigger
from toolkit.vassal.write.combat import (
    AS_TEXT,
    BY,
    FROM,
    RESET_KEY,
    ROLL_KEY,
    SEPARATOR,
    UNIT,
    ModuleChoice,
    ModuleCombat,
    after_comma,
    call_message,
    chat_text,
    combat_condition,
    combat_prototype,
    counter_traits,
    dice_name,
    face_value,
    phrase,
    picks,
    roll_dice,
    set_global,
    unit_faces,
)

LETTER: dict[CombatSide, str] = {"attacker": "A", "defender": "D"}
"""How a side is named in the module's property names."""
TARGET = "CombatFire"
"""A unit's target as ``CombatFireA`` (attacking) or ``CombatFireD`` (defending)."""
STEP = "CombatStep"
"""A unit's steps, for dice per step."""
STAGE = "CombatStage"
"""The module's property: 1 between the defender's volley and the attacker's, when the
defender fires first (0 otherwise)."""
FIRST = "CombatFirst"
"""The defender's property: 1 when it fires first."""
HITS = "CombatHits"
WEATHER = "CombatWeather"
"""The defender's property: the weather at its place, as the players set it."""
GROUP = "CombatGroup"
"""A unit's fire group (armour, infantry) as a number, for dice halved group by group."""
"""The module's count of the hits a side scored so far: ``CombatHitsA``, ``CombatHitsD``."""
_FIRST_CODE = 61470
"""The keys of the dice loops and counts: codes from here on, with Ctrl (none is a key)."""


def module_fire(game: Game, names: Mapping[str, str]) -> ModuleCombat | None:
    """The module's combat for the game's first combat rule by dice; None when it has none,
    or one the module cannot resolve. ``names``: location key → the name VASSAL gives it."""
    for rule in game.rules:
        if isinstance(rule, CombatRule) and rule.fire is not None and not rule.setups:
            if not fire_expressible(rule):
                return None
            return _FireWriter(game, rule, rule.fire, dict(names)).write()
    return None


def fire_expressible(rule: CombatRule) -> bool:
    """True when the module gives the engine's dice: every modifier not declared is a hit
    bonus, a number of dice multiplied, a cancelling of hits or the defender firing first, on
    the units' counters, the place, the weather the players set, the crossings and the other
    side's units; with supporting units (one infantry for each artillery), both sides fire at
    once, one bonus for each side, on the counters only."""
    fire = rule.fire
    if fire is None:
        return False
    active = [m for m in rule.modifiers if not m.declared]
    for m in active:
        if m.shift or m.each or m.strength != 1 or m.dice <= 0:
            return False
        if m.first not in (None, "defender"):
            return False
        if (m.across or m.unless_enemy is not None) and m.side == "both":
            return False
    if not any(m.supported_by is not None for m in active):
        return True
    if fire.per != "unit" or fire.order != "simultaneous":
        return False
    for m in active:
        if m.terrain or m.where is not None or m.across or m.unless_enemy or m.first:
            return False
        if m.weather or m.not_weather or m.dice != 1:
            return False
    bonuses = [m for m in active if m.roll]
    return all(sum(1 for m in bonuses if m.affects(side)) <= 1 for side in SIDES)


def bucket(target: int, fire: CombatFire) -> int | None:
    """The number a die must make for a unit of this target, within the die's faces (a target
    of 7 on a d6 hits on anything); None when no roll can hit, and the unit rolls no die."""
    if fire.hit == "at-most":
        return None if target < 1 else min(target, fire.sides)
    return None if target > fire.sides else max(target, 1)


def dice_property(side: CombatSide, target: int) -> str:
    """The defender's property: how many dice the side rolls hitting on ``target``."""
    return f"CombatDice{LETTER[side]}{target}"


def scored_property(side: CombatSide) -> str:
    """The defender's property: the hits the side scores once hits are cancelled."""
    return f"CombatScored{LETTER[side]}"


@dataclass
class _FireWriter:
    game: Game
    rule: CombatRule
    fire: CombatFire
    names: dict[str, str]
    props: dict[str, str] = field(default_factory=dict)
    counters: dict[str, dict[str, str]] = field(default_factory=dict)
    exprs: dict[str, str] = field(default_factory=dict)
    rolled: list[tuple[CombatSide, int]] = field(default_factory=list)
    """(side, target) of each dice loop, in the order the dice are rolled."""
    applies: list[tuple[CombatModifier, str]] = field(default_factory=list)
    choices: list[ModuleChoice] = field(default_factory=list)

    @property
    def say(self) -> Words:
        return words(self.game.language)

    def write(self) -> ModuleCombat:
        index = SelectorIndex.of(self.game)
        covered = [c for c in self.game.counters if self.rule.pieces.matches(c, index, c.faction)]
        self.props |= {UNIT: "0", FROM: "", BY: ""}
        active = [m for m in self.rule.modifiers if not m.declared]
        selectors = {}
        for n, m in enumerate(active):
            selectors[id(m)] = self._selector(f"CombatSel{n}", m.pieces, covered, index)
            self._selector(f"CombatSup{n}", m.supported_by, covered, index)
        supported = any(m.supported_by is not None for m in active)
        self._weather(active)
        conditions = {} if supported else self._conditions(active, selectors, covered, index)
        self._steps(covered)
        groups = self._groups(covered)
        for side in SIDES:
            targets = self._targets(side, covered)
            if supported:
                bonus = next((m for m in active if m.roll and m.affects(side)), None)
                self._dice(side, targets, bonus, active, selectors)
            else:
                self._terms_dice(side, targets, active, conditions, groups)
            self._absorbs(side, active, conditions or selectors, announce=supported)
        first = self._first(active, conditions)
        for side in SIDES:
            self.props[f"{HITS}{LETTER[side]}"] = "0"
            other = LETTER["defender" if side == "attacker" else "attacker"]
            hits = f"{HITS}{LETTER[side]} - CombatAbsorb{other}"
            self.exprs[scored_property(side)] = f"If({hits} < 0, 0, {hits})"
        for counter in covered:
            self.counters.setdefault(counter.id, {})[UNIT] = "1"
        messages = self._messages()
        return ModuleCombat(
            self.rule.id,
            1,
            (1, self.fire.sides),
            tuple(sorted(self.props.items())),
            {cid: counter_traits(props) for cid, props in self.counters.items()},
            {cid: dict(props) for cid, props in self.counters.items()},
            self._prototype(messages, first),
            dict(self.exprs),
            messages,
            self.game.language,
            tuple(self.choices),
        )

    # -- units -------------------------------------------------------------------------------

    def _selector(
        self,
        name: str,
        selector: PieceSelector | None,
        covered: Sequence[Counter],
        index: SelectorIndex,
    ) -> str:
        """The condition a unit meets when the selector picks it: the property ``name``, 1 on
        the counters it picks (0, the module's value, elsewhere)."""
        if selector is None:
            return "true"
        self.props[name] = "0"
        for counter in covered:
            if selector.matches(counter, index, counter.faction):
                self.counters.setdefault(counter.id, {})[name] = "1"
        return f"{name} == 1"

    def _steps(self, covered: Sequence[Counter]) -> None:
        """Each unit's steps as its property ``CombatStep``, for dice per step."""
        if self.fire.per != "step":
            return
        self.props[STEP] = "0"
        for counter in covered:
            values = [
                counter.steps if face.conceals else face.step  # type: ignore[attr-defined]
                for face in unit_faces(counter)
            ]
            self.counters.setdefault(counter.id, {})[STEP] = _by_face(values)

    def _targets(self, side: CombatSide, covered: Sequence[Counter]) -> list[int]:
        """The targets the side's units may have, each unit's as its property."""
        name = self.fire.attack if side == "attacker" else self.fire.defence
        prop = f"{TARGET}{LETTER[side]}"
        if isinstance(name, int):
            self.props[prop] = str(name)
            return [name]
        self.props[prop] = "0"
        found = {0}
        for counter in covered:
            values = [int(face_value(counter, f, name)) for f in unit_faces(counter)]
            found |= set(values)
            self.counters.setdefault(counter.id, {})[prop] = _by_face(values)
        return sorted(found)

    def _groups(self, covered: Sequence[Counter]) -> int:
        """Each unit's fire group as its property ``CombatGroup`` (1, 2…), for dice halved
        group by group (Europe Engulfed 1.12: armour and infantry apart); how many there are."""
        names: dict[str, int] = {}
        for counter in covered:
            value = counter.properties.get(self.fire.group) if self.fire.group else None
            name = str(value if value is not None else counter.class_)
            number = names.setdefault(name, len(names) + 1)
            self.counters.setdefault(counter.id, {})[GROUP] = str(number)
        self.props[GROUP] = "0"
        return len(names)

    def _weather(self, active: Sequence[CombatModifier]) -> None:
        """The weather the players set, one toolbar button per weather zone of the map (the
        places' ``weather_zone``; one for the whole game without zones), and the defender's
        ``CombatWeather``: the weather of its zone."""
        if not any(m.weather or m.not_weather for m in active):
            return
        say = self.say
        values = [say("module.weather.clear")]
        for m in self.rule.modifiers:
            for word in sorted(m.weather | m.not_weather):
                if weather_words(word) not in values:
                    values.append(weather_words(word))
        zones: dict[str, list[str]] = {}
        for key, place in self.game.locations.items():
            zone = place.properties.get("weather_zone")
            if isinstance(zone, str) and zone:
                zones.setdefault(zone, []).append(key)
        if not zones:
            self._weather_choice("Weather", None, values)
            self.exprs[WEATHER] = "Weather"
            return
        expression = '""'
        named = {z: "Weather" + "".join(p.title() for p in re.split(r"\W+", z)) for z in zones}
        for zone in sorted(zones):
            self._weather_choice(named[zone], zone, values)
        for zone in sorted(zones, reverse=True):
            places = f"{named[zone]}Places"
            self.props[places] = self._list(frozenset(zones[zone]))
            here = f'{places}.contains("{SEPARATOR}" + LocationName + "{SEPARATOR}")'
            expression = f"If({all_of([AS_TEXT, here])}, {named[zone]}, {expression})"
        self.exprs[WEATHER] = expression

    def _weather_choice(self, name: str, zone: str | None, values: Sequence[str]) -> None:
        say, shown = self.say, weather_words(zone or "")
        single = "" if zone else ".single"
        self.props[name] = values[0]
        self.choices.append(
            ModuleChoice(
                name,
                say(f"module.weather.button{single}", zone=shown),
                say("module.weather.tooltip"),
                say(f"module.weather.prompt{single}", zone=shown),
                say(f"module.weather.report{single}", zone=shown),
                tuple(values),
            )
        )

    # -- terms on the place, the crossings and the other side ---------------------------------

    def _conditions(
        self,
        active: Sequence[CombatModifier],
        selectors: Mapping[int, str],
        covered: Sequence[Counter],
        index: SelectorIndex,
    ) -> dict[int, str]:
        """Modifier → the condition a unit meets when the modifier applies to it, in a
        ``Count`` the defender evaluates: its counter, its crossing, and the defender's
        ``CombatHolds<n>`` for the terms on the whole combat."""
        start = Position.from_setup(self.game, self.game.setups[0]) if self.game.setups else None
        situation = Situation(self.game, start or Position())
        found = {}
        for n, m in enumerate(active):
            whole = []
            if m.terrain or m.where is not None:
                name = f"CombatPlaces{n}"
                self.props[name] = self._list(modifier_places(situation, m))
                here = f'{name}.contains("{SEPARATOR}" + LocationName + "{SEPARATOR}")'
                whole.append(all_of([AS_TEXT, here]))
            if m.weather:
                name = f"CombatWeathers{n}"
                self.props[name] = _words_list(m.weather)
                whole.append(f'{name}.contains("{SEPARATOR}" + {WEATHER} + "{SEPARATOR}")')
            if m.not_weather:
                name = f"CombatNotWeathers{n}"
                self.props[name] = _words_list(m.not_weather)
                whole.append(f'!({name}.contains("{SEPARATOR}" + {WEATHER} + "{SEPARATOR}"))')
            crossing = ""
            if m.across:
                name = f"CombatCross{n}"
                self.props[name] = self._crossings(situation, m.across)
                crossing = _crossing_test(name)
                if m.side == "defender" or m.across_all:
                    attackers = combat_condition("attacker")
                    every = f"Count({picks(attackers)})"
                    crossed = f"Count({picks(all_of([attackers, crossing]))})"
                    all_cross = all_of([f"{every} > 0", f"{crossed} == {every}"])
                    whole.append(all_cross if m.across_all else f"{crossed} > 0")
            if m.unless_enemy is not None:
                enemy = self._selector(f"CombatEnemy{n}", m.unless_enemy, covered, index)
                other: CombatSide = "defender" if m.side == "attacker" else "attacker"
                whole.append(f"Count({picks(all_of([combat_condition(other), enemy]))}) == 0")
            parts = [selectors[id(m)]]
            if whole:
                self.exprs[f"CombatHolds{n}"] = f"If({all_of(whole)}, 1, 0)"
                parts.append(f"$CombatHolds{n}$ == 1")
            if crossing and m.side == "attacker":
                parts.append(crossing)
            found[id(m)] = all_of(parts)
            tests = [
                f"Count({picks(all_of([combat_condition(side), found[id(m)]]))}) > 0"
                for side in SIDES
                if m.affects(side)
            ]
            self.applies.append((m, any_of(tests)))
        return found

    def _list(self, keys: frozenset[str]) -> str:
        names = sorted(self.names[k] for k in keys if k in self.names)
        return SEPARATOR + SEPARATOR.join(names) + SEPARATOR

    def _crossings(self, situation: Situation, types: frozenset[str]) -> str:
        """'|from>to|…|': every attack from one place into the next across these hexsides or
        borders, as the engine judges a crossing."""
        game, found = self.game, []
        for start in game.locations:
            for other in location_neighbours(game, start):
                if start in self.names and other in self.names:
                    if crosses(situation, start, other, types):
                        found.append(f"{self.names[start]}>{self.names[other]}")
        return SEPARATOR + SEPARATOR.join(sorted(found)) + SEPARATOR

    def _first(self, active: Sequence[CombatModifier], conditions: Mapping[int, str]) -> bool:
        """Whether the defender may fire first: always (the rule's order) or when a modifier
        says so (``CombatFirst`` on the defender)."""
        if self.fire.order == "defender-first":
            self.exprs[FIRST] = "1"
        else:
            tests = [
                f"Count({picks(all_of([combat_condition(side), conditions[id(m)]]))}) > 0"
                for m in active
                if m.first == "defender"
                for side in SIDES
                if m.affects(side)
            ]
            if not tests:
                return False
            self.exprs[FIRST] = f"If({any_of(tests)}, 1, 0)"
        self.props[STAGE] = "0"
        return True

    # -- dice --------------------------------------------------------------------------------

    def _terms_dice(
        self,
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
        sign = 1 if self.fire.hit == "at-most" else -1
        bonuses = [(conditions[id(m)], m.roll) for m in active if m.roll and m.affects(side)]
        target = " + ".join(
            [f"{TARGET}{letter}", *(f"If({c}, {sign * roll}, 0)" for c, roll in bonuses)]
        )
        possible = {
            v + sign * sum(chosen)
            for v in targets
            for chosen in product(*((0, roll) for _, roll in bonuses))
        }
        numbers = sorted({b for v in possible if (b := bucket(v, self.fire)) is not None})
        factors = [m for m in active if m.dice != 1 and m.affects(side)]
        tests = {number: self._hits_on(target, number) for number in numbers}
        if not factors:
            for number in numbers:
                counted = self._dice_of(all_of([combat_condition(side), tests[number]]))
                self.exprs[dice_property(side, number)] = counted
                self.rolled.append((side, number))
            return
        terms: dict[int, list[str]] = {number: [] for number in numbers}
        multiplied = self._multipliers(factors, conditions)
        for k, factor in enumerate(sorted(multiplied, reverse=True)):
            units = all_of([combat_condition(side), multiplied[factor]])
            if factor == 1:
                for number in numbers:
                    terms[number].append(self._dice_of(all_of([units, tests[number]])))
                continue
            for group in range(1, groups + 1):
                raw = {}
                for number in numbers:
                    name = f"CombatRaw{letter}{group}F{k}T{number}"
                    chosen = [units, f"{GROUP} == {group}", tests[number]]
                    self.exprs[name] = self._dice_of(all_of(chosen))
                    raw[number] = name
                floors, left = _rounded(raw, factor, self.fire.hit)
                for number in numbers:
                    # a property, not an If inside a sum: VASSAL adds no number an If returns
                    name = f"CombatLeft{letter}{group}F{k}T{number}"
                    self.exprs[name] = left[number]
                    terms[number].append(f"{floors[number]} + {name}")
        for number in numbers:
            self.exprs[dice_property(side, number)] = " + ".join(terms[number])
            self.rolled.append((side, number))

    def _multipliers(
        self, factors: Sequence[CombatModifier], conditions: Mapping[int, str]
    ) -> dict[Fraction, str]:
        """Multiplier → the condition a unit meets when its dice are multiplied by it: one of
        the sets of dice modifiers that may apply together holds for it and no other does
        (plain conditions: VASSAL does no arithmetic on what ``If`` returns)."""
        found: dict[Fraction, list[str]] = {}
        for chosen in product((False, True), repeat=len(factors)):
            on = [m for m, c in zip(factors, chosen, strict=True) if c]
            if any(self._exclusive(a, b) for a in on for b in on if a is not b):
                continue
            off = [m for m in factors if m not in on and not any(self._exclusive(m, o) for o in on)]
            factor = math.prod((m.dice for m in on), start=Fraction(1))
            parts = [conditions[id(m)] for m in on] + [f"!({conditions[id(m)]})" for m in off]
            found.setdefault(factor, []).append(all_of(parts) if parts else "true")
        return {factor: any_of(parts) for factor, parts in found.items()}

    def _exclusive(self, a: CombatModifier, b: CombatModifier) -> bool:
        """True when two modifiers never hold for the same unit: their weathers exclude each
        other, or they pick no counter in common."""
        if a.weather and (a.weather <= b.not_weather or (b.weather and not a.weather & b.weather)):
            return True
        if b.weather and b.weather <= a.not_weather:
            return True
        index = SelectorIndex.of(self.game)
        covered = [c for c in self.game.counters if self.rule.pieces.matches(c, index, c.faction)]
        picked = [
            {c.id for c in covered if m.pieces is None or m.pieces.matches(c, index, c.faction)}
            for m in (a, b)
        ]
        return not picked[0] & picked[1]

    def _hits_on(self, target: str, number: int) -> str:
        """The condition a unit of this target meets when it hits on ``number``."""
        if self.fire.hit == "at-most" and number == self.fire.sides:
            return f"({target}) >= {number}"
        if self.fire.hit == "at-least" and number == 1:
            return f"({target}) <= 1"
        return f"({target}) == {number}"

    def _dice_of(self, condition: str) -> str:
        """The dice the units a condition picks roll: one per unit or per step, times the
        rule's dice each."""
        pick = picks(condition)
        counted = f'Sum("{STEP}", {pick})' if self.fire.per == "step" else f"Count({pick})"
        per = self.fire.dice
        return f"{counted} * {per}" if per != 1 else counted

    def _dice(
        self,
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
        boosted = self._boosted(side, targets, bonus, active, selectors)
        step = 0 if bonus is None else (bonus.roll if self.fire.hit == "at-most" else -bonus.roll)
        terms: dict[int, list[str]] = {}
        for v in targets:
            rest = f"({count[v]} - {boosted[v]})" if v in boosted else count[v]
            place = bucket(v, self.fire)
            if place is not None:
                terms.setdefault(place, []).append(rest)
            if v in boosted:
                raised = bucket(v + step, self.fire)
                if raised is not None:
                    terms.setdefault(raised, []).append(boosted[v])
        for target in sorted(terms):
            total = " + ".join(terms[target])
            per = self.fire.dice
            self.exprs[dice_property(side, target)] = f"({total}) * {per}" if per != 1 else total
            self.rolled.append((side, target))

    def _boosted(
        self,
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
            self.exprs[f"CombatSupport{letter}"] = (
                f"Count({picks(all_of([units, f'CombatSup{n} == 1']))})"
            )
            boosted, before = {}, list[str]()
            for v in targets:
                left = " - ".join([f"CombatSupport{letter}", *before])
                name = f"CombatBoost{letter}{v}"
                self.exprs[name] = (
                    f"If({left} <= 0, 0, If({left} >= {picked[v]}, {picked[v]}, {left}))"
                )
                boosted[v] = name
                before.append(f"({picked[v]})")
        name = f"CombatBonus{letter}"
        self.exprs[name] = " + ".join(boosted.values())
        self.applies.append((bonus, f"{name} > 0"))
        return boosted

    def _absorbs(
        self,
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
                    self.applies.append((m, f"{units} > 0"))
        self.exprs[f"CombatAbsorb{LETTER[side]}"] = " + ".join(terms) or "0"

    def _prototype(self, messages: Sequence[str], first: bool) -> tuple[Trait, ...]:
        """The combat prototype; when the defender may fire first, the button's first press
        fires the defender's volley and its second the attacker's (the call, the account
        and the reset on the first, the result and the marks cleared on the second)."""
        keys, traits = self._rolling(first)
        if not first:
            return combat_prototype(self.exprs, messages, self.say, (keys, traits))
        before, after = f"{STAGE} == 0", f"({STAGE} == 1) || ({FIRST} == 0)"
        gates = {step: before for step in ("reset", "gather", "call", "account")}
        gates |= {"result": after, "clear": after}
        gate, said, stage = (f"{_FIRST_CODE + 50 + k},130" for k in range(3))
        keys.append(gate)
        traits += [
            trigger(gate, f"({STAGE} == 0) && ({FIRST} == 1)", (said,)),
            report((said,), "{" + messages[3] + "}"),
            set_global(STAGE, ((stage, "{" + f"If(({before}) && ({FIRST} == 1), 1, 0)" + "}"),)),
        ]
        return combat_prototype(self.exprs, messages, self.say, (keys, traits), gates, (stage,))

    def _rolling(self, first: bool) -> tuple[list[str], list[Trait]]:
        """The keys the defender sends itself to roll every die, and the traits that roll
        them and count the hits (the defender's volley alone first, when it fires first)."""
        keys, traits = [], [roll_dice()]
        volley = {
            "attacker": f" && (({STAGE} == 1) || ({FIRST} == 0))" if first else "",
            "defender": f" && ({STAGE} == 0)" if first else "",
        }
        counts: dict[CombatSide, list[tuple[str, str]]] = {s: [(RESET_KEY, "0")] for s in SIDES}
        total = string_literal(f"{dice_name(self.say)}_total")
        for n, (side, target) in enumerate(self.rolled):
            loop_key, count_key = (f"{_FIRST_CODE + 2 * n + k},130" for k in (0, 1))
            keys.append(loop_key)
            dice = dice_property(side, target)
            when = f"({dice} > 0){volley[side]}"
            traits.append(trigger(loop_key, when, (ROLL_KEY, count_key), f"${dice}$"))
            compare = "<=" if self.fire.hit == "at-most" else ">="
            hits = f"{HITS}{LETTER[side]}"
            added = f"{hits} + If(GetProperty({total}) {compare} {target}, 1, 0)"
            counts[side].append((count_key, "{" + added + "}"))
        traits += [set_global(f"{HITS}{LETTER[side]}", counts[side]) for side in SIDES]
        return keys, traits

    # -- what the chat says ------------------------------------------------------------------

    def _messages(self) -> tuple[str, ...]:
        say = self.say
        account = [phrase(say, f"fire.{side}-rolls", dice=self._dice_list(side)) for side in SIDES]
        lines = [account[0], string_literal(say("punct.semicolon")), account[1]]
        for n, (m, test) in enumerate(self.applies):
            # a Report Action's message cannot hold a Count's braced condition: the defender
            # works the test out as a property
            self.exprs[f"CombatShows{n}"] = test
            test = f"CombatShows{n}"
            line = say(
                "module.combat.applies",
                reason=chat_text(m.text),
                cite=chat_text(m.cite),
                effect=effect_words(m, say),
            )
            lines.append(f'If({test}, {string_literal(line)}, "")')
        result = phrase(
            say,
            "fire.result",
            attacker=scored_property("attacker"),
            defender=scored_property("defender"),
            cite=string_literal(chat_text(self.rule.cite)),
        )
        first = phrase(
            say,
            "fire.first",
            hits=scored_property("defender"),
            cite=string_literal(chat_text(self.rule.cite)),
            button=string_literal(say("module.combat.button")),
        )
        return (call_message(say), " + ".join(lines), result, first)

    def _dice_list(self, side: CombatSide) -> str:
        """'2d6 hitting on 1 or less, 1d6 hitting on 3 or less', or 'no dice'."""
        name = f"CombatDiceList{LETTER[side]}"
        parts = []
        for rolled_side, target in self.rolled:
            if rolled_side == side:
                dice = dice_property(side, target)
                words_ = phrase(
                    self.say,
                    f"fire.{self.fire.hit}",
                    count=dice,
                    sides=str(self.fire.sides),
                    target=str(target),
                )
                parts.append(f'If({dice} > 0, ", " + {words_}, "")')
        self.exprs[name] = " + ".join(['""', *parts])
        none = string_literal(self.say("module.combat.fire.no-dice"))
        return f"If({name}.length() > 2, {after_comma(name)}, {none})"


def weather_words(word: str) -> str:
    """A weather as players read it on the toolbar: 'light-mud' → 'Light Mud'."""
    return " ".join(part.capitalize() for part in word.split("-") if part)


def _words_list(weathers: frozenset[str]) -> str:
    """'|Mud|Snow|': weathers as the toolbar button sets them."""
    return SEPARATOR + SEPARATOR.join(sorted(weather_words(w) for w in weathers)) + SEPARATOR


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


def _crossing_test(name: str) -> str:
    """True for an attacking unit that crosses one of the list's hexsides to attack: from
    its place, or from where it came when it has moved into the defender's place."""
    inside = all_of(
        [
            'LocationName.startsWith("$LocationName$")',
            'LocationName.length() == "$LocationName$".length()',
        ]
    )
    origin = f"If({inside}, OldLocationName, LocationName)"
    attack = f'{name}.contains("{SEPARATOR}" + {origin} + ">$LocationName${SEPARATOR}")'
    return all_of([AS_TEXT, "OldLocationName.length() >= 0", attack])


def _by_face(values: Sequence[int]) -> str:
    """A unit's number: the value, or '{expression}' choosing it by the face shown."""
    if len(set(values)) == 1:
        return str(values[0])
    expression = str(values[0])
    for level in range(len(values), 1, -1):
        expression = f"If(Face_Level == {level}, {values[level - 1]}, {expression})"
    return "{" + expression + "}"
