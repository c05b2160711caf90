"""Combat inside the module: a player marks the attacking units and one defending unit, presses
the combat button, and the defender works the combat out with VASSAL's own expressions, rolls
the rule's dice with a dice button and writes the call, the strengths, the modifiers, the
column and the result in the chat log. It never moves a piece.

How each step of the engine (:mod:`toolkit.rules.combat`) becomes VASSAL's:

- a unit's strength is a property of its piece (a Calculated Property when its faces differ),
  scaled to a whole number; a strength modifier makes one property per set of modifiers that
  may apply together, each unit counted once under the set that applies to it;
- the strengths are ``Sum`` over the pieces a condition picks: the marked attackers, and the
  defender's side at the defender's location (``$LocationName$`` is the defender's);
- a modifier's terms on the place are a list of location names (:func:`modifier_places`), its
  units a property set on the counters it picks, a hexside a list of crossings 'from>to';
- an odds step a:b is reached when b × attack ≥ a × defence (cross-multiplied, no division);
- the results are a chain of ``If`` over the column and the rows' ranges of rolls.

Modifiers only a player knows of (declared) apply to the units a player declares them for, on
their toolbar buttons (all units) or the units' menus (:mod:`.declared`): a term on the unit.
A rule with modifiers the module cannot express (weather, enemy units, support) is left out
whole.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.model.chart import Chart
from toolkit.model.counter import Counter
from toolkit.model.game import CombatEffect
from toolkit.model.odds import parse_dice
from toolkit.model.position import Position
from toolkit.model.queries import location_hexsides, location_neighbours
from toolkit.model.rules import CombatModifier, CombatRule, CombatSide, SelectorIndex
from toolkit.rules.combat.engagement import SIDES, modifier_places, terrain_effect_words
from toolkit.rules.context import Situation
from toolkit.vassal.format.expressions import all_of, string_literal
from toolkit.vassal.format.layout import Board
from toolkit.vassal.write.boards import board_places
from toolkit.vassal.write.combat.chat import table_messages
from toolkit.vassal.write.combat.declared import (
    LISTED,
    declarable,
    declarations,
    initial_values,
    with_declarations,
)
from toolkit.vassal.write.combat.marks import (
    AS_TEXT,
    BY,
    FROM,
    MAX_STRENGTH_SETS,
    SEPARATOR,
    UNIT,
    ModuleCombat,
    combat_condition,
    face_value,
    picks,
    unit_faces,
)
from toolkit.vassal.write.combat.odds import column_expressions, result_expressions
from toolkit.vassal.write.combat.traits import combat_prototype, counter_traits


def module_combat(game: Game, boards: Sequence[Board]) -> ModuleCombat | None:
    """The module's combat for the game's first combat rule on a results table (where it
    applies is not checked: the players call the combat); None when it has none the module
    can resolve. Dice games are :func:`toolkit.vassal.write.combat.fire.module_fire`'s."""
    for rule in game.rules:
        if isinstance(rule, CombatRule) and rule.table is not None and not rule.setups:
            chart = next((c for c in game.charts if c.id == rule.table.chart), None)
            if chart is not None and _expressible(rule):
                start = Position.from_setup(game, game.setups[0]) if game.setups else Position()
                return _table_combat(game, boards, rule, chart, start)
    return None


def _table_combat(
    game: Game, boards: Sequence[Board], rule: CombatRule, chart: Chart, start: Position
) -> ModuleCombat | None:
    """The module's combat on a results table, with the declared modifiers that fit."""

    def write(chosen: Sequence[CombatModifier]) -> ModuleCombat | None:
        return _Writer(game, boards, rule, chart, start, tuple(chosen)).write()

    return with_declarations(declarable(rule, _expressible), write)


def _expressible(rule: CombatRule) -> bool:
    """True when every modifier a player does not declare is one the module can judge: on the
    place, the units' counters and their crossings, not the weather, enemy units or support
    (a module that judged some of them would give other numbers than the engine)."""
    for m in rule.modifiers:
        if m.declared:
            continue
        if m.weather or m.unless_enemy or m.supported_by or m.first or m.absorb:
            return False
        if m.across and (m.side != "attacker" or m.across_all):
            return False
    return True


@dataclass
class _Writer:
    game: Game
    boards: Sequence[Board]
    rule: CombatRule
    chart: Chart
    start: Position
    """A position of the game (its printed owners say who controls a place)."""
    declared: tuple[CombatModifier, ...] = ()
    """The declared modifiers the module applies while a player declares them."""
    props: dict[str, str] = field(default_factory=dict)
    counters: dict[str, dict[str, str]] = field(default_factory=dict)
    exprs: dict[str, str] = field(default_factory=dict)
    picked: dict[int, set[str]] = field(default_factory=dict)
    """Modifier (by id) → the counters its units selector picks (absent: any)."""
    pairs: dict[int, set[str]] = field(default_factory=dict)
    """Modifier → the crossings 'from>to' it needs (absent: any)."""
    places: dict[int, set[str]] = field(default_factory=dict)
    """Modifier → the places where it holds (absent: anywhere)."""

    def write(self) -> ModuleCombat | None:
        game, rule = self.game, self.rule
        index = SelectorIndex.of(game)
        places = board_places(game, self.boards)
        self.names = {loc.key: name for _, named in places.values() for name, loc in named.items()}
        covered = [c for c in game.counters if rule.pieces.matches(c, index, c.faction)]
        found = declarations(self.declared, self.say)
        active = [m for m in rule.modifiers if not m.declared or id(m) in found.holds]
        strengths = {s: [m for m in active if m.affects(s) and m.strength != 1] for s in SIDES}
        self.props |= {UNIT: "0", FROM: "", BY: ""} | initial_values(found)
        self.exprs |= found.expressions
        conditions = {
            id(m): self._unit_condition(n, m, covered, index, found.holds.get(id(m)))
            for n, m in enumerate(active)
        }
        places_of = {id(m): self._place_test(f"CombatPlaces{n}", m) for n, m in enumerate(active)}
        sets = {side: self._possible(strengths[side]) for side in SIDES}
        if any(len(found) > MAX_STRENGTH_SETS for found in sets.values()):
            return None
        scale = self._scale(covered, strengths)
        table = rule.table
        assert table is not None
        for side in SIDES:
            name = "CombatAttack" if side == "attacker" else "CombatDefenceBase"
            field_name = table.attack if side == "attacker" else table.defence
            terms = []
            for chosen in sets[side]:
                picked = [m for m, on in zip(strengths[side], chosen, strict=True) if on]
                prop = f"{name}_{''.join('1' if on else '0' for on in chosen)}"
                for counter in covered:
                    if all(counter.id in self.picked.get(id(m), {counter.id}) for m in picked):
                        self._strength(counter, prop, field_name, picked, scale)
                parts = [combat_condition(side)]
                for m, on in zip(strengths[side], chosen, strict=True):
                    test = all_of([places_of[id(m)], conditions[id(m)]])
                    parts.append(test if on else f"!({test})")
                terms.append(f"Sum({string_literal(prop)}, {picks(all_of(parts))})")
            self.exprs[name] = " + ".join(terms)
        self._modifiers(active, conditions, places_of)
        self._terrain()
        self.exprs |= column_expressions(rule, self.chart, self.rolls, scale)
        self.exprs |= result_expressions(rule, self.chart, self.say)
        for counter in covered:
            self.counters.setdefault(counter.id, {})[UNIT] = "1"
        dice = parse_dice(table.die or self.chart.die or "1d6")
        if found.listed:
            self.exprs[LISTED] = found.listed
        listed = LISTED if found.listed else ""
        messages = table_messages(
            self.say, rule, scale, self.applies, self.terrain, self.exprs, listed
        )
        return ModuleCombat(
            rule.id,
            scale,
            (dice.count, dice.sides),
            tuple(sorted(self.props.items())),
            {cid: counter_traits(props) for cid, props in self.counters.items()},
            {cid: dict(props) for cid, props in self.counters.items()},
            combat_prototype(self.exprs, messages, self.say, declared=found),
            dict(self.exprs),
            messages,
            game.language,
            found.choices,
        )

    @property
    def say(self) -> Words:
        return words(self.game.language)

    def _possible(self, modifiers: Sequence[CombatModifier]) -> list[tuple[bool, ...]]:
        """The sets of modifiers that can apply to one unit together: they share a place, a
        crossing and a counter (a unit in a swamp is never in the mountains)."""
        found = []
        for chosen in product((False, True), repeat=len(modifiers)):
            picked = [m for m, on in zip(modifiers, chosen, strict=True) if on]
            shared = [
                _common([table.get(id(m)) for m in picked])
                for table in (self.picked, self.pairs, self.places)
            ]
            if all(common is None or common for common in shared):
                found.append(chosen)
        return found

    # -- units and places --------------------------------------------------------------------

    def _unit_condition(
        self,
        n: int,
        m: CombatModifier,
        covered: Sequence[Counter],
        index: SelectorIndex,
        declared: str | None = None,
    ) -> str:
        """What a unit must be for a modifier to apply to it (beyond its side): ``declared``,
        the condition that a player declared it for the unit."""
        parts = []
        if m.pieces is not None:
            name = f"CombatSel{n}"
            self.props[name] = "0"
            self.picked[id(m)] = set()
            for counter in covered:
                if m.pieces.matches(counter, index, counter.faction):
                    self.counters.setdefault(counter.id, {})[name] = "1"
                    self.picked[id(m)].add(counter.id)
            parts.append(f"{name} == 1")
        if m.across:
            name = f"CombatCross{n}"
            self.props[name] = self._crossings(m.across)
            self.pairs[id(m)] = set(self.props[name].strip(SEPARATOR).split(SEPARATOR))
            here = f'"{SEPARATOR}" + LocationName + ">$LocationName${SEPARATOR}"'
            parts += [AS_TEXT, f"{name}.contains({here})"]
        if declared is not None:
            parts.append(declared)
        return all_of(parts)

    def _crossings(self, types: frozenset[str]) -> str:
        """'|from>to|…|': every attack from one place into the next across these hexsides."""
        found = []
        game = self.game
        for start in game.locations:
            for other in location_neighbours(game, start):
                if start in self.names and other in self.names:
                    if any(s.type in types for s in location_hexsides(game, start, other)):
                        found.append(f"{self.names[start]}>{self.names[other]}")
        return SEPARATOR + SEPARATOR.join(sorted(found)) + SEPARATOR

    def _place_test(self, name: str, m: CombatModifier) -> str:
        """True for a piece when the defender's place is one where the modifier holds."""
        if not m.terrain and m.where is None:
            return "true"
        found = modifier_places(Situation(self.game, self.start), m)
        self.places[id(m)] = set(found)
        self.props[name] = self._list(found)
        return f'{name}.contains("{SEPARATOR}$LocationName${SEPARATOR}")'

    def _list(self, keys: frozenset[str] | set[str]) -> str:
        names = sorted(self.names[k] for k in keys if k in self.names)
        return SEPARATOR + SEPARATOR.join(names) + SEPARATOR

    def _here(self, name: str) -> str:
        """True on the defender when its place is in the list ``name``."""
        return all_of([AS_TEXT, f'{name}.contains("{SEPARATOR}" + LocationName + "{SEPARATOR}")'])

    # -- strengths ---------------------------------------------------------------------------

    def _scale(
        self, covered: Sequence[Counter], strengths: Mapping[CombatSide, list[CombatModifier]]
    ) -> int:
        table = self.rule.table
        assert table is not None
        denominators = [1]
        for side in SIDES:
            name = table.attack if side == "attacker" else table.defence
            for counter in covered:
                for face in unit_faces(counter):
                    value = face_value(counter, face, name)
                    for chosen in product((False, True), repeat=len(strengths[side])):
                        total = value
                        for m, on in zip(strengths[side], chosen, strict=True):
                            total *= m.strength if on else 1
                        denominators.append(total.denominator)
        return math.lcm(*denominators)

    def _strength(
        self,
        counter: Counter,
        prop: str,
        name: str,
        picked: Sequence[CombatModifier],
        scale: int,
    ) -> None:
        multiplier = math.prod((m.strength for m in picked), start=Fraction(1))
        faces = unit_faces(counter)
        values = [int(face_value(counter, f, name) * multiplier * scale) for f in faces]
        if len(set(values)) == 1:
            self.counters.setdefault(counter.id, {})[prop] = str(values[0])
            return
        expression = str(values[0])
        for level in range(len(values), 1, -1):
            expression = f"If(Face_Level == {level}, {values[level - 1]}, {expression})"
        self.counters.setdefault(counter.id, {})[prop] = "{" + expression + "}"

    # -- modifiers, terrain, column, result ---------------------------------------------------

    def _modifiers(
        self,
        active: Sequence[CombatModifier],
        conditions: Mapping[int, str],
        places_of: Mapping[int, str],
    ) -> None:
        shifts, rolls = [], []
        self.applies: list[tuple[CombatModifier, str]] = []
        for n, m in enumerate(active):
            on_place = places_of[id(m)].replace("$LocationName$", '" + LocationName + "')
            on_place = all_of([AS_TEXT, on_place])
            counts = [
                f"Count({picks(all_of([combat_condition(s), conditions[id(m)]]))})"
                for s in SIDES
                if m.affects(s)
            ]
            count = " + ".join(counts) or "0"
            selective = m.pieces is not None or bool(m.across) or m.side == "both" or m.declared
            applies = all_of([on_place, f"{count} > 0"]) if selective else on_place
            self.exprs[f"CombatApplies{n}"] = applies
            self.applies.append((m, f"CombatApplies{n}"))
            if m.shift:
                shifts.append(f"If(CombatApplies{n}, {m.shift}, 0)")
            if m.roll:
                times = f"({count}) * {m.roll}" if m.each else str(m.roll)
                rolls.append(f"If(CombatApplies{n}, {times}, 0)")
        self.shifts = shifts
        self.rolls = rolls

    def _terrain(self) -> None:
        """game.json's combat effects: the defender's terrain, and a hexside every attacker
        crosses."""
        numerators, denominators = ["1"], ["1"]
        self.terrain: list[tuple[str, str, str]] = []
        if not self.rule.terrain_effects:
            self._defence(numerators, denominators)
            return
        game = self.game
        for n, terrain in enumerate(game.terrain):
            effect = terrain.combat
            if effect is None or (effect.defence == 1 and not effect.shift):
                continue
            name = f"CombatTerrain{n}"
            self.props[name] = self._list(
                {k for k, loc in game.locations.items() if loc.terrain == terrain.id}
            )
            self._effect(self._here(name), effect, numerators, denominators)
            self.terrain.append((self._here(name), terrain.name, self._terrain_words(effect)))
        attackers = f"Count({picks(combat_condition('attacker'))})"
        for n, kind in enumerate(game.hexside_types):
            effect = kind.combat
            if effect is None or (effect.defence == 1 and not effect.shift):
                continue
            name = f"CombatHexside{n}"
            self.props[name] = self._crossings(frozenset({kind.id}))
            here = f'"{SEPARATOR}" + LocationName + ">$LocationName${SEPARATOR}"'
            crossing = all_of([combat_condition("attacker"), AS_TEXT, f"{name}.contains({here})"])
            test = all_of([f"{attackers} > 0", f"Count({picks(crossing)}) == {attackers}"])
            self._effect(test, effect, numerators, denominators)
            self.terrain.append((test, kind.name, self._terrain_words(effect)))
        self._defence(numerators, denominators)

    def _terrain_words(self, effect: CombatEffect) -> str:
        return terrain_effect_words(effect, self.say)

    def _effect(self, test: str, effect: object, nums: list[str], dens: list[str]) -> None:
        defence = Fraction(getattr(effect, "defence", 1)).limit_denominator(100)
        shift = int(getattr(effect, "shift", 0))
        if defence != 1:
            nums.append(f"If({test}, {defence.numerator}, 1)")
            dens.append(f"If({test}, {defence.denominator}, 1)")
        if shift:
            self.shifts.append(f"If({test}, {shift}, 0)")

    def _defence(self, numerators: list[str], denominators: list[str]) -> None:
        self.exprs["CombatDefenceNum"] = " * ".join(f"({n})" for n in numerators)
        self.exprs["CombatDefenceDen"] = " * ".join(f"({d})" for d in denominators)
        self.exprs["CombatShift"] = " + ".join(self.shifts) or "0"


def _common(sets: Sequence[set[str] | None]) -> set[str] | None:
    """What every given set holds (None: no set restricts it)."""
    known = [s for s in sets if s is not None]
    return set.intersection(*known) if known else None
