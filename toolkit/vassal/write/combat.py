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

Modifiers only a player knows of (declared) are not applied: the call declares none. A rule
with modifiers the module cannot express (weather, enemy units, support) is left out whole.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from lxml import etree  # type: ignore[import-untyped]

from toolkit.catalogue import DEFAULT_LANGUAGE, Words, words
from toolkit.model import Game
from toolkit.model.chart import Chart
from toolkit.model.counter import Counter
from toolkit.model.game import CombatEffect
from toolkit.model.odds import parse_cell_part, parse_dice, parse_odds, parse_roll_range
from toolkit.model.position import Position
from toolkit.model.queries import location_hexsides, location_neighbours
from toolkit.model.rules import CombatModifier, CombatRule, CombatSide, OddsStep, SelectorIndex
from toolkit.rules.combat.engagement import (
    SIDES,
    effect_words,
    modifier_places,
    terrain_effect_words,
)
from toolkit.rules.combat.results import read_cell
from toolkit.rules.context import Situation
from toolkit.vassal.format.codec import encode
from toolkit.vassal.format.expressions import all_of, string_literal
from toolkit.vassal.format.layout import Board, layer_faces
from toolkit.vassal.format.traits import (
    CTRL_SHIFT,
    PROTOTYPE_BASE,
    Trait,
    key,
    marker,
    report,
    trigger,
)
from toolkit.vassal.write.boards import board_places
from toolkit.vassal.write.elements import M, attrs, global_property
from toolkit.vassal.write.warnings import ModuleWarnings

ROLE = "CombatRole"
"""The piece property a player sets: 'attacker', 'defender' or empty."""
UNIT = "CombatUnit"
"""1 on every counter the combat rule covers (0, the module's value, elsewhere)."""
PROTOTYPE = "Combat"
DICE_KEY = "61452,130"
"""Ctrl+F25: the dice button's hotkey, fired by the defender (no keyboard sends it)."""
RESOLVE_KEY = "61453,130"
"""Ctrl+F26: what the combat button sends to the marked defender."""
_STEPS = tuple(f"{code},130" for code in range(61454, 61461))
"""What the defender does, in order: clear the origins, gather them from the attackers, write
the call and the account, roll the dice, write the result, clear every mark (keys no keyboard
sends)."""
GATED = ("reset", "gather", "call", "account", "result", "clear")
"""The steps of a combat a condition may hold back, in the order the defender takes them."""
_GATE_CODE = 61462
"""The keys that pass a held-back step on: codes from here on (the dice loops start at
61470), with Ctrl."""
ROLL_KEY = _STEPS[4]
"""What the defender sends itself to roll the combat dice button once."""
RESET_KEY = _STEPS[0]
"""What the defender sends itself first: the combat's module properties back to nothing."""
APPEND_KEY = "61461,130"
"""What the defender sends each attacker: add your place to the origins, your side as the
attacker's."""
FROM = "CombatFrom"
"""The module's property gathering the attackers' places (', 0801, 0601')."""
BY = "CombatBy"
"""The module's property holding the attacking side's name."""
CLEAR_KEY = key("X", CTRL_SHIFT)
"""Out of combat: the menu command, and what the defender sends every marked piece once the
result is written."""
SEPARATOR = "|"
MAX_STRENGTH_SETS = 16
"""More sets of strength modifiers than this make too many properties: the rule is left out."""


def dice_name(say: Words) -> str:
    """The name of the combat dice button (its total is the property ``<name>_total``, read
    with ``GetProperty``); not the combat button's, which players press."""
    return say("module.combat.dice")


@dataclass(frozen=True)
class ModuleChoice:
    """A module property the players set from the toolbar (the weather of a zone), which the
    combat reads: the button picks one of ``values`` and the chat reports it."""

    name: str
    button: str
    tooltip: str
    prompt: str
    report: str
    """The chat line, VASSAL filling ``$newValue$``."""
    values: tuple[str, ...]


@dataclass(frozen=True)
class ModuleCombat:
    """What the module needs to resolve one combat rule: properties, traits and expressions."""

    rule_id: str
    scale: int
    """Strengths are whole numbers: the true strength × this."""
    dice: tuple[int, int]
    """(count, sides) of the combat dice button."""
    module_properties: tuple[tuple[str, str], ...]
    counter_traits: Mapping[str, tuple[Trait, ...]]
    """Counter id → the traits its pieces add (the combat prototype, its strengths)."""
    counter_properties: Mapping[str, Mapping[str, str]]
    """Counter id → property → a value or, for a Calculated Property, '{expression}'."""
    prototype: tuple[Trait, ...]
    expressions: Mapping[str, str] = field(default_factory=dict)
    """The defender's Calculated Properties: name → BeanShell expression."""
    messages: tuple[str, ...] = ()
    """What the defender writes: the call, the account, then (after the dice) the result."""
    language: str = DEFAULT_LANGUAGE
    """The language of the game, which the menu, the button and the chat speak."""
    choices: tuple[ModuleChoice, ...] = ()
    """Module properties the players set from the toolbar, each a property of
    ``module_properties``."""


def module_combat(game: Game, boards: Sequence[Board]) -> ModuleCombat | None:
    """The module's combat for the game's first combat rule on a results table (where it
    applies is not checked: the players call the combat); None when it has none the module
    can resolve. Dice games are :func:`toolkit.vassal.write.fire.module_fire`'s."""
    for rule in game.rules:
        if isinstance(rule, CombatRule) and rule.table is not None and not rule.setups:
            chart = next((c for c in game.charts if c.id == rule.table.chart), None)
            if chart is not None and _expressible(rule):
                start = Position.from_setup(game, game.setups[0]) if game.setups else Position()
                return _Writer(game, boards, rule, chart, start).write()
    return None


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


def combat_condition(side: CombatSide) -> str:
    """The pieces of one side of the marked combat, as seen from the defender."""
    if side == "attacker":
        return all_of([f'{ROLE} == "attacker"', f"{UNIT} == 1"])
    same_place = 'LocationName.startsWith("$LocationName$")'
    same_length = 'LocationName.length() == "$LocationName$".length()'
    return all_of([f"{UNIT} == 1", same_place, same_length, 'Side == "$Side$"'])


AS_TEXT = "LocationName.length() > 0"
"""Makes VASSAL read the location name as text (a hex '0806' is not the number 806)."""


@dataclass
class _Writer:
    game: Game
    boards: Sequence[Board]
    rule: CombatRule
    chart: Chart
    start: Position
    """A position of the game (its printed owners say who controls a place)."""
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
        active = [m for m in rule.modifiers if not m.declared]
        strengths = {s: [m for m in active if m.affects(s) and m.strength != 1] for s in SIDES}
        self.props |= {UNIT: "0", FROM: "", BY: ""}
        conditions = {
            id(m): self._unit_condition(n, m, covered, index) for n, m in enumerate(active)
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
        self._column(scale)
        self._result()
        for counter in covered:
            self.counters.setdefault(counter.id, {})[UNIT] = "1"
        dice = parse_dice(table.die or self.chart.die or "1d6")
        messages = self._messages(active, scale)
        return ModuleCombat(
            rule.id,
            scale,
            (dice.count, dice.sides),
            tuple(sorted(self.props.items())),
            {cid: counter_traits(props) for cid, props in self.counters.items()},
            {cid: dict(props) for cid, props in self.counters.items()},
            combat_prototype(self.exprs, messages, self.say),
            dict(self.exprs),
            messages,
            game.language,
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
        self, n: int, m: CombatModifier, covered: Sequence[Counter], index: SelectorIndex
    ) -> str:
        """What a unit must be for a modifier to apply to it (beyond its side)."""
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
            selective = m.pieces is not None or bool(m.across) or m.side == "both"
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

    def _column(self, scale: int) -> None:
        table = self.rule.table
        assert table is not None
        defence = "CombatDefenceBase * CombatDefenceNum"
        den = "CombatDefenceDen"
        labels = [c.label for c in self.chart.columns]
        rolls = list(self.rolls)
        if table.roll_modifiers:
            self.exprs["CombatBase"] = "0"
            self.exprs["CombatIndex"] = "0"
            steps = table.roll_modifiers
            chosen = _highest(steps, table.odds, defence, den, scale, "m")
            zero = table.zero_defence
            zero = steps[-1].modifier if zero is None else zero
            if table.odds == "ratio":
                chosen = f"If({defence} == 0, {zero}, {chosen})"
            rolls.append(chosen)
        else:
            steps = table.columns or tuple(
                OddsStep(label, parse_odds(label, table.odds)) for label in labels
            )
            base = _highest(steps, table.odds, defence, den, scale, "i")
            if table.odds == "ratio":
                base = f"If({defence} == 0, {len(steps) - 1}, {base})"
            self.exprs["CombatBase"] = base
            last = len(labels) - 1
            shifted = "CombatBase + CombatShift"
            self.exprs["CombatIndex"] = (
                f"If({shifted} < 0, 0, If({shifted} > {last}, {last}, {shifted}))"
            )
        self.exprs["CombatRollModifier"] = " + ".join(rolls) or "0"
        chain = string_literal(labels[0])
        for n in range(len(labels) - 1, 0, -1):
            chain = f"If(CombatIndex == {n}, {string_literal(labels[n])}, {chain})"
        self.exprs["CombatColumn"] = chain

    def _result(self) -> None:
        total = string_literal(f"{dice_name(self.say)}_total")
        self.exprs["CombatRoll"] = f"GetProperty({total}) + CombatRollModifier"
        rows = [(parse_roll_range(row.label), row) for row in self.chart.rows]
        lowest = min(rows, key=lambda r: r[0][0] if r[0][0] is not None else -math.inf)
        highest = max(rows, key=lambda r: r[0][1] if r[0][1] is not None else math.inf)
        cells: dict[str, None] = {}
        chain = '""'
        columns = len(self.chart.columns)
        for n in range(columns - 1, -1, -1):
            column = self._row_chain(rows, lowest, highest, n, cells)
            chain = column if n == columns - 1 else f"If(CombatIndex == {n}, {column}, {chain})"
        self.exprs["CombatResult"] = chain
        chain = string_literal(self.say("module.combat.no-effect"))
        for cell in cells:
            if cell.strip():
                said = string_literal(self._cell_words(cell))
                chain = f"If(CombatResult == {string_literal(cell)}, {said}, {chain})"
        self.exprs["CombatResultWords"] = chain

    def _row_chain(self, rows, lowest, highest, column: int, cells: dict[str, None]) -> str:  # type: ignore[no-untyped-def]
        def cell(row) -> str:  # type: ignore[no-untyped-def]
            value = row.cells[column]
            text = "" if value is None else str(value)
            cells[text] = None
            return string_literal(text)

        (low_bound, _), low_row = lowest
        chain = cell(highest[1])
        for (low, high), row in reversed(rows):
            test = all_of(
                [f"CombatRoll >= {low}" if low is not None else "true"]
                + ([f"CombatRoll <= {high}"] if high is not None else [])
            )
            chain = f"If({test}, {cell(row)}, {chain})"
        if low_bound is not None:
            chain = f"If(CombatRoll < {low_bound}, {cell(low_row)}, {chain})"
        return chain

    def _cell_words(self, text: str) -> str:
        try:
            _, _, cites = read_cell(self.rule, text)
        except ValueError:
            cites = ()
        results = self.rule.results
        parts = text.split(results.split) if results.split else [text]
        meanings = []
        for part in parts:
            try:
                codes = parse_cell_part(part, frozenset(results.codes), results.none).codes
            except ValueError:
                codes = ()
            meanings += [results.codes[c].text for c in codes if results.codes[c].text]
        meaning = self.say("punct.semicolon").join(dict.fromkeys(meanings))
        cited = ", ".join(cites) or self.rule.cite
        if not meaning:
            return f"{text} ({cited})"
        return self.say("module.combat.cell", cell=text, meaning=meaning, cite=cited)

    def _messages(self, active: Sequence[CombatModifier], scale: int) -> tuple[str, ...]:
        say = self.say
        call = call_message(say)
        strengths = {"attack": _shown("CombatAttack", scale)}
        strengths["defence"] = _shown("CombatDefenceBase", scale)
        account = [phrase(say, "account", **strengths)]
        for m, name in self.applies:
            line = say(
                "module.combat.applies",
                reason=chat_text(m.text),
                cite=m.cite,
                effect=effect_words(m, say),
            )
            account.append(f'If({name}, {string_literal(line)}, "")')
        for n, (test, reason, effect) in enumerate(self.terrain):
            # a Report Action's message cannot hold a Count's braced condition (a hexside every
            # attacker crosses): the defender works each test out as a property
            self.exprs[f"CombatShowsTerrain{n}"] = test
            cite = self.rule.cite
            line = say("module.combat.applies", reason=chat_text(reason), cite=cite, effect=effect)
            account.append(f'If(CombatShowsTerrain{n}, {string_literal(line)}, "")')
        account.append(phrase(say, "column", column="CombatColumn"))
        modifier = phrase(say, "roll-modifier", modifier="CombatRollModifier")
        account.append(f'If(CombatRollModifier != 0, {modifier}, "")')
        result = phrase(
            say, "result", roll="CombatRoll", column="CombatColumn", result="CombatResultWords"
        )
        return (call, " + ".join(account), result)


def _common(sets: Sequence[set[str] | None]) -> set[str] | None:
    """What every given set holds (None: no set restricts it)."""
    known = [s for s in sets if s is not None]
    return set.intersection(*known) if known else None


def picks(condition: str) -> str:
    """The condition ``Sum`` and ``Count`` pick pieces by: a BeanShell expression in braces
    (without them VASSAL would read an old-style 'name = value' match)."""
    return string_literal("{" + condition + "}")


def _highest(
    steps: Sequence[OddsStep], odds: str, defence: str, den: str, scale: int, kind: str
) -> str:
    """The index (kind 'i') or modifier ('m') of the highest step the strengths reach."""
    chain = "0" if kind == "i" else str(steps[0].modifier)
    for n, step in enumerate(steps):
        if n == 0:
            continue
        at = Fraction(step.at_least)
        if odds == "differential":
            test = (
                f"{at.denominator} * (CombatAttack * {den} - {defence}) >= "
                f"{at.numerator * scale} * {den}"
            )
        else:
            test = f"CombatAttack * {den} * {at.denominator} >= {at.numerator} * {defence}"
        value = n if kind == "i" else step.modifier
        chain = f"If({test}, {value}, {chain})"
    return chain


def _shown(name: str, scale: int) -> str:
    if scale == 1:
        return f'"" + {name}'
    return f'If({name} % {scale} == 0, "" + {name} / {scale}, {name} + "/{scale}")'


def unit_faces(counter: Counter) -> list[object]:
    """The faces a unit may show, in the order of its layer's levels."""
    return list(layer_faces(counter)) or [counter.front]


def face_value(counter: Counter, face: object, name: str) -> Fraction:
    """A number the face prints (else the counter's property); 0 when it has none."""
    raw = getattr(face, "values", {}).get(name)
    if raw is None:
        raw = counter.properties.get(name)
    try:
        return Fraction(str(raw).replace(",", ".")) if raw is not None else Fraction(0)
    except ValueError:
        return Fraction(0)


def call_message(say: Words) -> str:
    """The line that calls the combat, as :func:`~toolkit.vassal.read.chat.format_combat_call`
    writes it and the log checker reads it: the defender's place, the attackers' places and
    their side."""
    return " + ".join(
        [
            f'If({AS_TEXT}, {phrase(say, "call", place="LocationName")}, "")',
            f'If({FROM}.length() > 2, {phrase(say, "call.from", places=after_comma(FROM))}, "")',
            f'If({BY}.length() > 0, {phrase(say, "call.by", side=BY)}, "")',
        ]
    )


def after_comma(name: str) -> str:
    """A list ', a, b' without its first comma: 'a, b' (VASSAL works out both branches of an
    ``If``, so the list may be empty and no bound may overrun it)."""
    return f"{name}.substring(If({name}.length() > 2, 2, 0))"


def phrase(say: Words, key: str, **parts: str) -> str:
    """The message ``module.combat.<key>`` as a BeanShell string expression, each placeholder
    the expression ``parts`` gives for it: ('Attack {attack}', attack='A') → '"Attack " + (A)'."""
    mark = "\x00"
    message = say(f"module.combat.{key}", **{name: f"{mark}{name}{mark}" for name in parts})
    terms = ['""']
    for n, piece in enumerate(message.split(mark)):
        if n % 2:
            terms.append(f"({parts[piece]})")
        elif piece:
            terms.append(string_literal(piece))
    return " + ".join(terms)


def chat_text(text: str) -> str:
    """Game text as the chat shows it: no markup, and no '$' VASSAL would read as a property."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("$", "＄")


def calculated(name: str, expression: str) -> Trait:
    """A Calculated Property: ``name`` is the value of the BeanShell expression, worked out
    each time it is read."""
    return Trait("calcProp;" + encode([name, "{" + expression + "}", ""], ";"), "")


def role_property(say: Words) -> Trait:
    """CombatRole, set by three menu commands: attacking, defending, out of combat."""
    attack, defend, clear = (say(f"module.combat.{k}") for k in ("attack", "defend", "clear"))
    commands = [
        encode([attack, key("A", CTRL_SHIFT), encode(["P", "attacker"], ",")], ":"),
        encode([defend, key("E", CTRL_SHIFT), encode(["P", "defender"], ",")], ":"),
        encode([clear, CLEAR_KEY, encode(["P", ""], ",")], ":"),
    ]
    fields = [ROLE, "false,0,100,false", encode(commands, ","), ""]
    return Trait("PROP;" + encode(fields, ";"), "")


def _mark_label() -> Trait:
    """The mark a player sees on a piece in combat: a bold letter in a black box at the
    top right corner (nothing when the piece is not in combat)."""
    fields = [
        "",  # no key to change it
        "",  # no menu command
        "16",
        "0,0,0",  # black box
        "255,215,0",  # gold letter
        "t",  # at the top
        "0",
        "r",  # at the right
        "0",
        "c",
        "c",
        "$pieceName$",
        "Dialog",
        "1",  # bold
        "0",
        "CombatMarkLabel",
        "",
        "false",
    ]
    return Trait("label;" + encode(fields, ";"), "$CombatMark$")


def combat_prototype(
    exprs: Mapping[str, str],
    messages: Sequence[str],
    say: Words,
    rolling: tuple[Sequence[str], Sequence[Trait]] | None = None,
    gates: Mapping[str, str] | None = None,
    last: Sequence[str] = (),
) -> tuple[Trait, ...]:
    """What every unit of the combat carries: its role and mark, the combat as worked out
    from it when it defends, and the steps the combat button sets off on the defender.

    ``rolling`` is how the dice are rolled: the keys the defender sends itself between the
    account and the result, and the traits that answer them (None: one roll of the combat
    dice button, on :data:`ROLL_KEY`). ``gates`` holds a step back unless its condition holds
    on the defender: a step of :data:`GATED` → a BeanShell condition. ``last``: keys the
    defender sends itself once everything else is done."""
    reset_key, gather_key, call_key, account_key, _, result_key, clear_key = _STEPS
    keys, traits = rolling or ((ROLL_KEY,), (roll_dice(),))
    named = dict(
        zip(
            GATED,
            (reset_key, gather_key, call_key, account_key, result_key, clear_key),
            strict=True,
        )
    )
    gated = []
    for n, (step, condition) in enumerate(sorted((gates or {}).items())):
        gate = f"{_GATE_CODE + n},130"
        gated.append(trigger(gate, condition, (named[step],)))
        named[step] = gate
    steps = (*(named[s] for s in GATED[:4]), *keys, *(named[s] for s in GATED[4:]), *last)
    attacker, defender = (string_literal(say(f"module.combat.mark.{r}")) for r in SIDES)
    mark = f'If({ROLE} == "attacker", {attacker}, If({ROLE} == "defender", {defender}, ""))'
    joined = (  # ', 0801, 0601': never a number, as '0801' alone would be to VASSAL
        f'If({AS_TEXT}, If(({FROM} + ", ").contains(", " + LocationName + ", "), '
        f'{FROM}, {FROM} + ", " + LocationName), {FROM})'
    )
    return (
        role_property(say),
        calculated("CombatMark", mark),
        _mark_label(),
        *(calculated(name, expression) for name, expression in exprs.items()),
        trigger(RESOLVE_KEY, f'{ROLE} == "defender"', steps),
        set_global(FROM, ((reset_key, ""), (APPEND_KEY, "{" + joined + "}"))),
        set_global(BY, ((reset_key, ""), (APPEND_KEY, "{SideName}"))),
        _command_to(gather_key, APPEND_KEY, f'{ROLE} == "attacker"'),
        _command_to(clear_key, CLEAR_KEY, f"{ROLE}.length() > 0"),
        report((call_key,), "{" + messages[0] + "}"),
        report((account_key,), "{" + messages[1] + "}"),
        *traits,
        *gated,
        report((result_key,), "{" + messages[2] + "}"),
        PROTOTYPE_BASE,
    )


def roll_dice() -> Trait:
    """On :data:`ROLL_KEY`, roll the combat dice button once."""
    return Trait("globalhotkey;" + encode(["", ROLL_KEY, DICE_KEY, ""], ";"), "")


def _command_to(key_: str, sent: str, condition: str) -> Trait:
    """On ``key_``, send ``sent`` to every piece the condition picks (no menu entry)."""
    return Trait("globalkey;" + encode(["", key_, sent, "{" + condition + "}"], ";"), "")


def set_global(name: str, changes: Sequence[tuple[str, str]]) -> Trait:
    """Set Global Property: each key sets the module's property ``name`` to its value (an
    expression in braces is worked out on the piece)."""
    commands = [encode(["", k, encode(["P", value], ",")], ":") for k, value in changes]
    fields = [name, "false,0,100,false", encode(commands, ","), "", "", ""]
    return Trait("setprop;" + encode(fields, ";"), "")


def counter_traits(props: Mapping[str, str]) -> tuple[Trait, ...]:
    """A unit's combat traits: the prototype, then its properties (a value, or an expression
    in braces for a Calculated Property)."""
    plain = [(n, v) for n, v in sorted(props.items()) if not v.startswith("{")]
    calcs = [calculated(n, v[1:-1]) for n, v in sorted(props.items()) if v.startswith("{")]
    return (Trait("prototype;" + PROTOTYPE), *calcs, *((marker(plain),) if plain else ()))


# -- into the module ----------------------------------------------------------------------------


def with_combat(
    game: Game, warnings: ModuleWarnings, combat: ModuleCombat | None
) -> ModuleWarnings:
    """The pieces' traits with the combat's added: each counter's (and each holder's, a counter
    set up for another faction) after its warnings, and the combat prototype."""
    if combat is None:
        return warnings
    traits = dict(warnings.counter_traits)
    keys = [c.id for c in game.counters] + sorted(warnings.holders)
    for holder in keys:
        added = combat.counter_traits.get(holder.split("@", 1)[0])
        if added:
            traits[holder] = (*traits.get(holder, ()), *added)
    prototypes = dict(warnings.prototypes) | {PROTOTYPE: combat.prototype}
    return dataclasses.replace(warnings, counter_traits=traits, prototypes=prototypes)


def write_combat(root: etree._Element, combat: ModuleCombat) -> None:
    """The module's part: the properties every piece reads (0 for a unit property, the place
    and crossing lists), the combat dice and the combat button."""
    container = root.find(M + "properties.GlobalProperties")  # a module may have one only
    if container is None:
        container = etree.SubElement(root, M + "properties.GlobalProperties")
    choices = {choice.name: choice for choice in combat.choices}
    for name, value in combat.module_properties:
        prop = global_property(container, name, value)
        if name in choices:
            _choice_button(prop, choices[name])
    count, sides = combat.dice
    say = words(combat.language)
    dice, button = dice_name(say), say("module.combat.button")
    etree.SubElement(
        root,
        M + "DiceButton",
        attrs(
            name=dice,
            text=dice,
            tooltip=f"{dice}: {count}d{sides}",
            icon="",
            hotkey=DICE_KEY,
            canDisable="false",
            propertyGate="",
            hideWhenDisabled="false",
            disabledIcon="",
            reportFormat="** $name$ = $result$ *** &lt;$PlayerName$&gt;",
            prompt="false",
            nDice=str(count),
            lockDice="false",
            nSides=str(sides),
            lockSides="false",
            plus="0",
            lockPlus="false",
            addToTotal="0",
            lockAdd="false",
            reportTotal="false",
            sortDice="false",
            keepDice="false",
            keepOption=">",
            keepCount="1",
        ),
    )
    etree.SubElement(
        root,
        M + "GlobalKeyCommand",
        attrs(
            name=button,
            buttonText=button,
            tooltip=say("module.combat.tooltip"),
            icon="",
            buttonHotkey="",
            hotkey=RESOLVE_KEY,
            filter="{" + f'{ROLE} == "defender"' + "}",
            reportSingle="false",
            reportFormat="",
            deckCount="-1",
            singleMap="false",
        ),
    )


def _choice_button(prop: etree._Element, choice: ModuleChoice) -> None:
    """A toolbar button that sets the property to one of its values, picked from a list."""
    prop.set("description", choice.button)
    etree.SubElement(
        prop,
        M + "properties.ChangePropertyButton",
        attrs(
            text=choice.button,
            tooltip=choice.tooltip,
            icon="",
            hotkey="",
            reportFormat=choice.report,
            propChanger=encode(["E", choice.prompt, encode(choice.values, ",")], ","),
        ),
    )
