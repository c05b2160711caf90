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
supporting units) is left to the players and ``toolkit check``. Declared modifiers apply to the
units a player declares them for, on their toolbar buttons (all units) or the units' menus
(:mod:`.declared`), a term on the unit; with supporting units, none is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from toolkit.catalogue import words
from toolkit.model import Game
from toolkit.model.rules import CombatFire, CombatModifier, CombatRule, CombatSide, SelectorIndex
from toolkit.rules.combat.engagement import SIDES, effect_words
from toolkit.vassal.format.expressions import string_literal
from toolkit.vassal.format.traits import Trait, report, trigger
from toolkit.vassal.write.combat.chat import after_comma, call_message, chat_text, phrase
from toolkit.vassal.write.combat.declared import (
    LISTED,
    declarable,
    declarations,
    initial_values,
    with_declarations,
)
from toolkit.vassal.write.combat.fire_dice import absorbs, supported_dice, terms_dice
from toolkit.vassal.write.combat.fire_sheet import (
    FIRST,
    FIRST_CODE,
    HITS,
    LETTER,
    STAGE,
    FireSheet,
    dice_property,
    scored_property,
)
from toolkit.vassal.write.combat.fire_terms import (
    fire_groups,
    fires_first,
    modifier_conditions,
    unit_steps,
    unit_targets,
    weather_choices,
)
from toolkit.vassal.write.combat.marks import (
    BY,
    FROM,
    RESET_KEY,
    ROLL_KEY,
    UNIT,
    ModuleCombat,
    dice_name,
)
from toolkit.vassal.write.combat.traits import (
    combat_prototype,
    counter_traits,
    roll_dice,
    set_global,
)


def module_fire(game: Game, names: Mapping[str, str]) -> ModuleCombat | None:
    """The module's combat for the game's first combat rule by dice; None when it has none,
    or one the module cannot resolve. ``names``: location key → the name VASSAL gives it."""
    for rule in game.rules:
        if isinstance(rule, CombatRule) and rule.fire is not None and not rule.setups:
            if not fire_expressible(rule):
                return None
            return _fire_combat(game, rule, rule.fire, names)
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


def _fire_combat(
    game: Game, rule: CombatRule, fire: CombatFire, names: Mapping[str, str]
) -> ModuleCombat | None:
    """The module's combat by dice, with the declared modifiers that fit."""
    say = words(game.language)

    def write(chosen: Sequence[CombatModifier]) -> ModuleCombat:
        declared = declarations(chosen, say)
        return _FireWriter(game, rule, fire, dict(names), declared=declared).write()

    return with_declarations(declarable(rule, _declarable), write)


def _declarable(rule: CombatRule) -> bool:
    """True when the module gives the engine's dice with a rule's declared modifiers applied
    always: supporting units leave no room for a declaration's terms."""
    active = [m for m in rule.modifiers if not m.declared]
    return fire_expressible(rule) and not any(m.supported_by is not None for m in active)


@dataclass
class _FireWriter(FireSheet):
    def write(self) -> ModuleCombat:
        index = SelectorIndex.of(self.game)
        covered = [c for c in self.game.counters if self.rule.pieces.matches(c, index, c.faction)]
        held = self.declared.holds
        self.props |= {UNIT: "0", FROM: "", BY: ""} | initial_values(self.declared)
        self.exprs |= self.declared.expressions
        active = [m for m in self.rule.modifiers if not m.declared or id(m) in held]
        selectors = {}
        for n, m in enumerate(active):
            selectors[id(m)] = self.selector(f"CombatSel{n}", m.pieces, covered, index)
            self.selector(f"CombatSup{n}", m.supported_by, covered, index)
        supported = any(m.supported_by is not None for m in active)
        weather_choices(self, active)
        conditions = (
            {} if supported else modifier_conditions(self, active, selectors, covered, index)
        )
        unit_steps(self, covered)
        groups = fire_groups(self, covered)
        for side in SIDES:
            targets = unit_targets(self, side, covered)
            if supported:
                bonus = next((m for m in active if m.roll and m.affects(side)), None)
                supported_dice(self, side, targets, bonus, active, selectors)
            else:
                terms_dice(self, side, targets, active, conditions, groups)
            absorbs(self, side, active, conditions or selectors, announce=supported)
        first = fires_first(self, active, conditions)
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
            (*self.choices, *self.declared.choices),
        )

    def _prototype(self, messages: Sequence[str], first: bool) -> tuple[Trait, ...]:
        """The combat prototype; when the defender may fire first, the button's first press
        fires the defender's volley and its second the attacker's (the call, the account
        and the reset on the first, the result and the marks cleared on the second)."""
        keys, traits = self._rolling(first)
        if not first:
            return combat_prototype(
                self.exprs, messages, self.say, (keys, traits), declared=self.declared
            )
        before, after = f"{STAGE} == 0", f"({STAGE} == 1) || ({FIRST} == 0)"
        gates = {step: before for step in ("reset", "gather", "call", "account")}
        gates |= {"result": after, "clear": after}
        gate, said, stage = (f"{FIRST_CODE + 50 + k},130" for k in range(3))
        keys.append(gate)
        traits += [
            trigger(gate, f"({STAGE} == 0) && ({FIRST} == 1)", (said,)),
            report((said,), "{" + messages[3] + "}"),
            set_global(STAGE, ((stage, "{" + f"If(({before}) && ({FIRST} == 1), 1, 0)" + "}"),)),
        ]
        return combat_prototype(
            self.exprs,
            messages,
            self.say,
            (keys, traits),
            gates,
            (stage,),
            self.declared,
        )

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
            loop_key, count_key = (f"{FIRST_CODE + 2 * n + k},130" for k in (0, 1))
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
        listed = ""
        if self.declared.listed:
            self.exprs[LISTED] = self.declared.listed
            listed = LISTED
        return (call_message(say, listed), " + ".join(lines), result, first)

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
        self.exprs[name] = " + ".join(['""', *parts])
        none = string_literal(self.say("module.combat.fire.no-dice"))
        return f"If({name}.length() > 2, {after_comma(name)}, {none})"
