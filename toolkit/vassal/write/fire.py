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

The module resolves simultaneous fire, one or more dice per unit, with hit bonuses on the
units' counters and hits cancelled by units. A rule with anything else a player does not
declare (terrain, crossings, weather, one side firing first, dice per step, dice halved) is
left to the players and ``toolkit check``. Declared modifiers are not applied: the call
declares none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.model.rules import (
    CombatFire,
    CombatModifier,
    CombatRule,
    CombatSide,
    PieceSelector,
    SelectorIndex,
)
from toolkit.rules.combat.engagement import SIDES, effect_words
from toolkit.vassal.format.codec import encode, encode_list
from toolkit.vassal.format.expressions import all_of, string_literal
from toolkit.vassal.format.traits import Trait
from toolkit.vassal.write.combat import (
    BY,
    FROM,
    RESET_KEY,
    ROLL_KEY,
    UNIT,
    ModuleCombat,
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
HITS = "CombatHits"
"""The module's count of the hits a side scored so far: ``CombatHitsA``, ``CombatHitsD``."""
_FIRST_CODE = 61470
"""The keys of the dice loops and counts: codes from here on, with Ctrl (none is a key)."""


def module_fire(game: Game) -> ModuleCombat | None:
    """The module's combat for the game's first combat rule by dice; None when it has none,
    or one the module cannot resolve."""
    for rule in game.rules:
        if isinstance(rule, CombatRule) and rule.fire is not None and not rule.setups:
            return _FireWriter(game, rule, rule.fire).write() if fire_expressible(rule) else None
    return None


def fire_expressible(rule: CombatRule) -> bool:
    """True when the module gives the engine's dice: both sides fire at once, dice per unit,
    and every modifier not declared is a hit bonus or a cancelling of hits on the units'
    counters (at most one bonus for each side)."""
    fire = rule.fire
    if fire is None or fire.per != "unit" or fire.order != "simultaneous":
        return False
    active = [m for m in rule.modifiers if not m.declared]
    for m in active:
        if m.terrain or m.where is not None or m.across or m.weather or m.unless_enemy:
            return False
        if m.first or m.shift or m.each or m.strength != 1 or m.dice != 1:
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
    props: dict[str, str] = field(default_factory=dict)
    counters: dict[str, dict[str, str]] = field(default_factory=dict)
    exprs: dict[str, str] = field(default_factory=dict)
    rolled: list[tuple[CombatSide, int]] = field(default_factory=list)
    """(side, target) of each dice loop, in the order the dice are rolled."""
    applies: list[tuple[CombatModifier, str]] = field(default_factory=list)

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
        for side in SIDES:
            targets = self._targets(side, covered)
            bonus = next((m for m in active if m.roll and m.affects(side)), None)
            self._dice(side, targets, bonus, active, selectors)
            self._absorbs(side, active, selectors)
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
            combat_prototype(self.exprs, messages, self.say, self._rolling()),
            dict(self.exprs),
            messages,
            self.game.language,
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
            expression = str(values[0])
            for level in range(len(values), 1, -1):
                expression = f"If(Face_Level == {level}, {values[level - 1]}, {expression})"
            own = self.counters.setdefault(counter.id, {})
            own[prop] = str(values[0]) if len(set(values)) == 1 else "{" + expression + "}"
        return sorted(found)

    # -- dice --------------------------------------------------------------------------------

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
        self, side: CombatSide, active: Sequence[CombatModifier], selectors: dict[int, str]
    ) -> None:
        """The hits the side's units cancel of the other side's."""
        terms = []
        for m in active:
            if m.absorb and m.affects(side):
                units = f"Count({picks(all_of([combat_condition(side), selectors[id(m)]]))})"
                terms.append(f"{units} * {m.absorb}")
                if not m.roll:
                    self.applies.append((m, f"{units} > 0"))
        self.exprs[f"CombatAbsorb{LETTER[side]}"] = " + ".join(terms) or "0"

    def _rolling(self) -> tuple[list[str], list[Trait]]:
        """The keys the defender sends itself to roll every die, and the traits that roll
        them and count the hits."""
        keys, traits = [], [roll_dice()]
        counts: dict[CombatSide, list[tuple[str, str]]] = {s: [(RESET_KEY, "0")] for s in SIDES}
        total = string_literal(f"{dice_name(self.say)}_total")
        for n, (side, target) in enumerate(self.rolled):
            loop_key, count_key = (f"{_FIRST_CODE + 2 * n + k},130" for k in (0, 1))
            keys.append(loop_key)
            dice = dice_property(side, target)
            traits.append(_loop(loop_key, f"{dice} > 0", (ROLL_KEY, count_key), f"${dice}$"))
            compare = "<=" if self.fire.hit == "at-most" else ">="
            hits = f"{HITS}{LETTER[side]}"
            added = f"{hits} + If(GetProperty({total}) {compare} {target}, 1, 0)"
            counts[side].append((count_key, "{" + added + "}"))
        traits += [set_global(f"{HITS}{LETTER[side]}", counts[side]) for side in SIDES]
        return keys, traits

    # -- what the chat says ------------------------------------------------------------------

    def _messages(self) -> tuple[str, str, str]:
        say = self.say
        account = [phrase(say, f"fire.{side}-rolls", dice=self._dice_list(side)) for side in SIDES]
        lines = [account[0], string_literal(say("punct.semicolon")), account[1]]
        for m, test in self.applies:
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
        return (call_message(say), " + ".join(lines), result)

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
        return f"If({name}.length() > 2, {name}.substring(2), {none})"


def _loop(key_: str, condition: str, actions: Sequence[str], count: str) -> Trait:
    """A Trigger Action that sends ``actions`` ``count`` times (a '$property$'), when the
    condition holds: a counted loop runs at least once, so the condition must say 'none'."""
    fields = [
        "",  # name
        "",  # menu command: none
        key_,
        "{" + condition + "}",
        "",  # watched keys: its own key is enough
        encode_list(list(actions)),
        "true",  # loop
        "",
        "",
        "counted",
        "",
        "",
        count,
        "false",
        "",
        "1",
        "1",
    ]
    return Trait("macro;" + encode(fields, ";"), "")
