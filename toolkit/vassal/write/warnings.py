"""Rules warnings inside the module: after every move VASSAL checks the game's stacking and entry
rules on the piece that moved and writes a warning in the chat log. Warnings advise; they never
move a piece back. A toolbar button turns them off and on.

How VASSAL is made to check them, with nothing but its own traits and expressions:

- Every map sends :data:`MOVED_KEY` to each piece that has just moved onto it.
- A piece a watched rule covers carries, per rule, a Trigger Action on that key whose condition
  is a BeanShell expression (:mod:`toolkit.vassal.format.expressions`), and a Report Action
  that writes the warning when the trigger fires.
- Where a rule applies is worked out here, from the model, location by location, and handed to
  VASSAL as map properties: a list of the location names (as VASSAL names them) where the rule
  applies, or of those where it does not, whichever is shorter.
- What a stack weighs is summed by VASSAL's ``SumLocation`` over properties each counted piece
  carries (its weight, its side); every such property also exists on the module with the value
  0, so a piece without it counts nothing.

Warnings about the move itself (farther than the allowance, out of a zone of control the piece
had to stop in) are worked out in :mod:`.moves` and written here with the others.

What VASSAL cannot know is left to ``toolkit check``: who controls a place now (printed owners
are used), whether a piece was captured (its printed faction counts), which scenario is played
(rules for some scenarios only are not watched), and rules that hold only at the end of a turn
or phase for entry (a fighter over the sea mid-move is no fault). Stacking limits that hold at
the end of a phase are watched, and the warning says so.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.model.map import Location
from toolkit.model.position import Position
from toolkit.model.rules import (
    EntryRule,
    PieceSelector,
    Rule,
    SelectorIndex,
    StackingBonus,
    StackingRule,
)
from toolkit.vassal.format.expressions import all_of, any_of, smaller, sum_location
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.traits import (
    PROTOTYPE_BASE,
    Trait,
    dynamic_property,
    marker,
    report,
    trigger,
)
from toolkit.vassal.write.boards import Places, board_places
from toolkit.vassal.write.moves import (
    RECORD,
    RECORD_KEY,
    MoveWatches,
    in_list,
    move_watches,
    turn_stamp,
    why_not_watched,
)
from toolkit.vassal.write.moves import (
    SWITCH as SWITCH,
)

MOVED_KEY = "61440,0"
"""F13: what every map sends to a piece that has just moved (no keyboard sends it)."""
_REPORT_CODES = tuple(range(61441, 61452))
"""F14…F24: the keys a trigger sends to its report."""
_REPORT_MODIFIERS = (0, 65, 130, 195, 520, 585, 650, 715)
"""None, Shift, Ctrl, Ctrl+Shift, Alt, Alt+Shift, Alt+Ctrl, Alt+Ctrl+Shift."""
MAX_WATCHES = len(_REPORT_CODES) * len(_REPORT_MODIFIERS)
_SEPARATORS = ("|", "¦", "§", "¤", "¶")
"""Candidates for the character that separates names in a location list."""
_SCALES = (1, 2, 4, 5, 10, 100)
"""Factors that make fractional stacking points whole (VASSAL sums integers only)."""


@dataclass(frozen=True, slots=True)
class Warning:
    """One condition a piece checks after it moves, and what it writes when it holds."""

    rule_id: str
    aspect: str
    """'entry', 'over' (too many pieces or points) or 'enemy' (sides that may not share)."""
    condition: str
    """The BeanShell expression VASSAL evaluates on the piece."""
    message: str
    """The Report Action's format (VASSAL fills in ``$location$`` and ``$newPieceName$``)."""
    key: str
    """The keystroke the trigger sends to the report."""
    records: str = ""
    """A format: after its warnings, the piece records it in :data:`RECORD` (the turn it was
    dragged in), which this warning reads; '' when it reads nothing of the kind."""


@dataclass(frozen=True)
class ModuleWarnings:
    """Everything the module needs to warn: properties, prototypes and per-counter traits."""

    module_properties: tuple[tuple[str, str], ...] = ()
    """Global properties of the module: the switch, and 0 for every summed property."""
    map_properties: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """Board name → its location lists, as (property, value)."""
    prototypes: Mapping[str, tuple[Trait, ...]] = field(default_factory=dict)
    """'Rules warnings <digest>' → its triggers and reports (each ends in the placeholder piece)."""
    counter_traits: Mapping[str, tuple[Trait, ...]] = field(default_factory=dict)
    """Holder key (:func:`holder_key`) → the traits its pieces add: their warnings prototype
    and their summed properties."""
    warnings: Mapping[str, tuple[Warning, ...]] = field(default_factory=dict)
    """Holder key → the warnings its pieces check."""
    properties: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Holder key → its summed properties (name → value)."""
    holders: frozenset[str] = frozenset()
    """The keys of counters set up for another faction than their printed one (a generic
    chip given to a power): their pieces carry that faction's warnings."""
    unwatched: tuple[tuple[str, str], ...] = ()
    """(rule id, why the module does not watch it) for every stacking or entry rule left out."""

    @property
    def enabled(self) -> bool:
        return bool(self.warnings)

    def key_for(self, counter: Counter, owner: str | None) -> str:
        """The holder key a piece of ``counter`` held by ``owner`` has in the module: its own
        if a setup gives the counter to that faction, else the printed faction's (a piece
        dragged from the palette knows nothing else)."""
        key = holder_key(counter, owner)
        return key if key in self.holders else counter.id


def module_warnings(
    game: Game, boards: Sequence[Board], starts: Sequence[Position] | None = None
) -> ModuleWarnings:
    """The warnings of a game's module, for its boards (as the module names their places).
    ``starts``: the position of every setup, when the caller has them already."""
    places = board_places(game, boards)
    separator = _separator(places)
    index = SelectorIndex.of(game)
    if starts is None:
        starts = [Position.from_setup(game, setup) for setup in game.setups]
    plan = _Plan(game, index, places, separator, _holders(game, starts))
    for rule in game.rules:
        reason = _why_not(rule)
        if reason:
            if rule.kind in ("stacking", "entry"):
                plan.unwatched.append((rule.id, reason))
            continue
        if isinstance(rule, EntryRule):
            plan.entry(rule)
        elif isinstance(rule, StackingRule):
            plan.stacking(rule)
    refs = [(h.key, h.counter, h.faction) for h in plan.holders]
    plan.moves(move_watches(game, boards, places, refs, separator))
    return plan.result()


def holder_key(counter: Counter, faction: str | None) -> str:
    """How a counter held by a faction is keyed: its id for its printed faction, else
    '<id>@<faction>'."""
    return counter.id if faction == counter.faction else f"{counter.id}@{faction or ''}"


@dataclass(frozen=True, slots=True)
class Holder:
    """A counter as held by one faction: the printed one, or one a setup gives it to."""

    counter: Counter
    faction: str | None
    key: str
    """Its :func:`holder_key`, which every rule looks it up by."""

    @classmethod
    def of(cls, counter: Counter, faction: str | None) -> Holder:
        return cls(counter, faction, holder_key(counter, faction))


def _holders(game: Game, starts: Sequence[Position]) -> list[Holder]:
    """Every counter with its printed faction, then every (counter, faction) a setup places
    that differs from it, in setup order."""
    found = {c.id: Holder(c, c.faction, c.id) for c in game.counters}
    for start in starts:
        for piece in start.pieces:
            counter = game.counter(piece.counter)
            key = holder_key(counter, piece.owner)
            if key not in found:
                found[key] = Holder(counter, piece.owner, key)
    return list(found.values())


def report_key(n: int) -> str:
    """The n-th (0-based) key a trigger sends to its report."""
    code = _REPORT_CODES[n % len(_REPORT_CODES)]
    return f"{code},{_REPORT_MODIFIERS[n // len(_REPORT_CODES)]}"


def _why_not(rule: Rule) -> str:
    """Why the module cannot watch a rule ('' when it can)."""
    if rule.kind not in ("stacking", "entry"):
        return "only stacking and entry rules are watched in VASSAL"
    if reason := why_not_watched(rule):
        return reason
    if rule.kind == "entry" and rule.when in ("end-of-phase", "end-of-turn"):
        return f"it holds at the {rule.when.replace('-', ' ')} only, not after every move"
    return ""


# -- location lists ---------------------------------------------------------------------------


def _separator(places: Places) -> str:
    """A character no location name holds, to separate names in a list."""
    names = [name for _, named in places.values() for name in named]
    for candidate in _SEPARATORS:
        if not any(candidate in name for name in names):
            return candidate
    return _SEPARATORS[0]


# -- the plan -----------------------------------------------------------------------------------


@dataclass
class _Plan:
    """The warnings being worked out, rule after rule."""

    game: Game
    index: SelectorIndex
    places: Places
    separator: str
    holders: list[Holder]
    summed: dict[str, None] = field(default_factory=dict)
    lists: dict[str, dict[str, str]] = field(default_factory=dict)
    counter_props: dict[str, dict[str, str]] = field(default_factory=dict)
    counter_warnings: dict[str, list[Warning]] = field(default_factory=dict)
    unwatched: list[tuple[str, str]] = field(default_factory=list)
    watches: int = 0

    @property
    def _say(self) -> Words:
        return words(self.game.language)

    def _report(self, message: str, rule: Rule, when: str = "") -> str:
        """The chat line of a broken rule: '! ' (VASSAL's colour for it) and, in the game's
        language, what is wrong, when, what lifts the rule, and its citation and text."""
        unless = self._say("module.warning.unless", condition=_chat(rule.unless))
        return "! " + self._say(
            message,
            when=when,
            unless=unless if rule.unless else "",
            cite=_chat(rule.cite),
            rule=_chat(rule.text),
        )

    # -- entry ---------------------------------------------------------------------------------

    def entry(self, rule: EntryRule) -> None:
        name = f"RulesBar{self._rule_number(rule)}"
        barred = self._place_list(
            name,
            lambda loc: rule.where.matches(loc, self.index) and not rule.permits(loc, self.index),
        )
        if not barred:
            self.unwatched.append((rule.id, "it keeps no piece out of any place"))
            return
        covered = self._covered(rule.pieces)
        if not covered:
            self.unwatched.append((rule.id, "it covers no counter"))
            return
        key = self._next_key(rule)
        if key is None:
            return
        message = self._report("module.warning.entry", rule)
        carriers = f"RulesCarry{self._rule_number(rule)}"
        made: dict[str, Warning] = {}  # by side tag: every piece of a side checks the same
        for counter in covered:
            tag = self._side_tag(counter) if rule.aboard is not None else ""
            if tag not in made:
                parts = [self._switch(), self._in_list(name)]
                if rule.aboard is not None:
                    group = carriers + tag
                    self._sum(group)
                    parts.append(f"{sum_location(group)} - {group} < 1")
                made[tag] = Warning(rule.id, "entry", all_of(parts), message, key)
            self._watch(counter, made[tag])
        if rule.aboard is not None:
            for counter in self._covered(rule.aboard):
                self._set(counter, carriers + self._side_tag(counter), "1")

    # -- stacking ------------------------------------------------------------------------------

    def stacking(self, rule: StackingRule) -> None:
        number = self._rule_number(rule)
        counted = [
            h
            for h in self._covered(rule.pieces)
            if rule.exempt is None or not rule.exempt.matches(h.counter, self.index, h.faction)
        ]
        if not counted:
            self.unwatched.append((rule.id, "it counts no counter"))
            return
        if rule.points is not None and _bonus_anywhere(rule):
            self.unwatched.append(
                (rule.id, "a bonus on top of a limit in stacking points is not expressible")
            )
            return
        points = {h.key: _points(h.counter, rule) for h in counted}
        weights = {value: _weight(value) for value in set(points.values())}  # a few values
        limits = {
            location.key: _limit_at(rule, location, self.index)
            for _, named in self.places.values()
            for location in named.values()
        }
        classes = list(dict.fromkeys(c for c in limits.values() if c is not None))
        scale = _scale([*weights.values(), *(Fraction(limit) for limit, _ in classes)])
        if scale is None:
            self.unwatched.append((rule.id, "its stacking points are not whole numbers"))
            return
        whole = {value: str(int(weight * scale)) for value, weight in weights.items()}
        scaled = {h: whole[value] for h, value in points.items()}
        over = self._over(rule, number, counted, scaled, (classes, limits), scale)
        enemy = self._enemy(rule, number, counted)
        if not over and not enemy:
            self.unwatched.append((rule.id, "it sets no limit anywhere"))

    def _over(
        self,
        rule: StackingRule,
        number: int,
        counted: list[Holder],
        weights: dict[str, str],
        limits: tuple[list[LimitClass], dict[str, LimitClass | None]],
        scale: int,
    ) -> bool:
        """Warn of too many pieces (or points): ``weights`` is each holder's, scaled to
        whole numbers; ``limits`` the distinct (limit, bonus) pairs the rule sets, in a fixed
        order, and the pair at each location key."""
        classes, at = limits
        if not classes:
            return False
        key = self._next_key(rule)
        if key is None:
            return False
        lists = []
        for n, limit_class in enumerate(classes):
            name = f"RulesLimit{number}_{n}"
            self._place_list(name, partial(_has_limit, at, limit_class))
            lists.append(name)
        bonuses = list(dict.fromkeys(b for _, b in classes if b is not None))
        message = self._report(
            "module.warning.too-many-points" if rule.points else "module.warning.too-many-pieces",
            rule,
            self._say("module.warning.end-of-phase") if rule.when == "end-of-phase" else "",
        )
        for counter in counted:
            group = self._group_tag(rule, counter)
            self._set(counter, f"RulesWeight{number}{group}", weights[counter.key])
            for bonus in bonuses:
                if bonus.pieces.matches(counter.counter, self.index, counter.faction):
                    self._set(counter, f"RulesBonus{number}_{bonuses.index(bonus)}{group}", "1")
        made: dict[str, Warning] = {}  # by group: every piece of a group checks the same
        for counter in counted:
            group = self._group_tag(rule, counter)
            if group not in made:
                weight_name = f"RulesWeight{number}{group}"
                self._sum(weight_name)
                tests = []
                for name, (limit, extra) in zip(lists, classes, strict=True):
                    total = sum_location(weight_name)
                    if extra is not None:
                        bonus_name = f"RulesBonus{number}_{bonuses.index(extra)}{group}"
                        self._sum(bonus_name)
                        total = f"{total} - {smaller(sum_location(bonus_name), str(extra.count))}"
                    tests.append(all_of([self._in_list(name), f"{total} > {limit * scale}"]))
                condition = all_of([self._switch(), any_of(tests)])
                made[group] = Warning(rule.id, "over", condition, message, key)
            self._watch(counter, made[group])
        return True

    def _enemy(self, rule: StackingRule, number: int, counted: list[Holder]) -> bool:
        if rule.mixed_sides:
            return False
        name = f"RulesNoEnemy{number}"
        if not self._place_list(name, lambda loc: rule.where.matches(loc, self.index)):
            return False
        key = self._next_key(rule)
        if key is None:
            return False
        message = self._report("module.warning.enemy", rule)
        sides = [side.id for side in self.game.sides]
        for counter in counted:
            side = self.index.sides.get(counter.faction or "")
            if side is None:
                continue
            self._set(counter, f"RulesSide{number}_{sides.index(side)}", "1")
        made: dict[str, Warning | None] = {}  # by side: every piece of a side checks the same
        for counter in counted:
            side = self.index.sides.get(counter.faction or "")
            if side is None:
                continue
            if side not in made:
                others = [f"RulesSide{number}_{n}" for n, s in enumerate(sides) if s != side]
                for other in others:
                    self._sum(other)
                total = " + ".join(sum_location(other) for other in others)
                condition = all_of([self._switch(), self._in_list(name), f"{total} > 0"])
                made[side] = Warning(rule.id, "enemy", condition, message, key) if others else None
            warning = made[side]
            if warning is not None:
                self._watch(counter, warning)
        return True

    # -- moves -------------------------------------------------------------------------------

    def moves(self, watches: MoveWatches) -> None:
        """The warnings about a move (:mod:`.moves`), with the properties they read."""
        self.unwatched.extend(watches.unwatched)
        for board, props in watches.map_properties.items():
            self.lists.setdefault(board, {}).update(props)
        records = turn_stamp(self.game)[1]
        for watch in watches.watches:
            key = self._next_key(watch.rule)
            if key is None:
                continue
            for name in watch.zeros:
                self._sum(name)
            for holder, props in watch.properties.items():
                for name, value in props.items():
                    self.counter_props.setdefault(holder, {})[name] = value
            message = self._report(f"module.warning.{watch.aspect}", watch.rule)
            made: dict[str, Warning] = {}  # by condition: a side's pieces check the same
            for holder, condition in watch.conditions.items():
                if condition not in made:
                    stamp = records if watch.records else ""
                    made[condition] = Warning(
                        watch.rule.id, watch.aspect, condition, message, key, stamp
                    )
                self.counter_warnings.setdefault(holder, []).append(made[condition])

    # -- shared --------------------------------------------------------------------------------

    def _rule_number(self, rule: Rule) -> int:
        return next(n for n, r in enumerate(self.game.rules) if r.id == rule.id)

    def _covered(self, selector: PieceSelector) -> list[Holder]:
        """The holders (counter and faction) a selector picks."""
        return [h for h in self.holders if selector.matches(h.counter, self.index, h.faction)]

    def _next_key(self, rule: Rule) -> str | None:
        if self.watches >= MAX_WATCHES:
            self.unwatched.append((rule.id, f"the module watches at most {MAX_WATCHES} checks"))
            return None
        self.watches += 1
        return report_key(self.watches - 1)

    def _place_list(self, name: str, applies: Callable[[Location], bool]) -> bool:
        """Set the map property ``name`` on every board where ``applies`` picks a place: '+'
        and the names it picks, or '-' and the names it leaves; True when any board has one."""
        sep = self.separator
        any_set = False
        for board, (_, named) in self.places.items():
            picked = sorted(n for n, loc in named.items() if applies(loc))
            if not picked:
                continue
            chosen = set(picked)
            left = sorted(n for n in named if n not in chosen)
            mode, names = ("+", picked) if len(picked) <= len(left) else ("-", left)
            self.lists.setdefault(board, {})[name] = mode + sep + sep.join(names) + sep
            any_set = True
        return any_set

    def _in_list(self, name: str) -> str:
        """True when the piece's location is one its map's list ``name`` picks."""
        return in_list(name, self.separator)

    def _switch(self) -> str:
        return f"{SWITCH} == 1"

    def _side_tag(self, counter: Holder) -> str:
        sides = [side.id for side in self.game.sides]
        side = self.index.sides.get(counter.faction or "")
        return f"_{sides.index(side)}" if side is not None else "_x"

    def _group_tag(self, rule: StackingRule, counter: Holder) -> str:
        if rule.per == "side":
            return self._side_tag(counter)
        if rule.per == "faction":
            factions = [f.id for f in self.game.factions]
            return f"_f{factions.index(counter.faction)}" if counter.faction else "_fx"
        return ""

    def _sum(self, name: str) -> None:
        self.summed.setdefault(name, None)

    def _set(self, counter: Holder, name: str, value: str) -> None:
        self.counter_props.setdefault(counter.key, {})[name] = value

    def _watch(self, counter: Holder, warning: Warning) -> None:
        self.counter_warnings.setdefault(counter.key, []).append(warning)

    def result(self) -> ModuleWarnings:
        if not self.counter_warnings:
            return ModuleWarnings(unwatched=tuple(self.unwatched))
        prototypes: dict[tuple[Warning, ...], str] = {}
        # Thousands of holders share a few lists of the very same warnings (made once per
        # group) and a few sets of properties: each is named, and its traits made, once.
        named: dict[tuple[int, ...], str] = {}
        made: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[Trait, ...]] = {}
        counter_traits: dict[str, tuple[Trait, ...]] = {}
        for holder in self.holders:
            watched = self.counter_warnings.get(holder.key, [])
            same = tuple(map(id, watched))  # they all stay alive: ids are not reused
            if same not in named:
                name = warnings_prototype_name(watched) if watched else ""
                named[same] = prototypes.setdefault(tuple(watched), name) if watched else ""
            props = tuple(sorted(self.counter_props.get(holder.key, {}).items()))
            both = (named[same], props)
            if both not in made:
                made[both] = _holder_traits(*both)
            if made[both]:
                counter_traits[holder.key] = made[both]
        return ModuleWarnings(
            module_properties=((SWITCH, "1"), *((name, "0") for name in sorted(self.summed))),
            map_properties={
                board: tuple(sorted(lists.items())) for board, lists in self.lists.items()
            },
            prototypes={
                name: _prototype(watched)
                for watched, name in sorted(prototypes.items(), key=lambda item: item[1])
            },
            counter_traits=counter_traits,
            holders=frozenset(h.key for h in self.holders if h.faction != h.counter.faction),
            warnings={cid: tuple(ws) for cid, ws in self.counter_warnings.items()},
            properties={cid: dict(sorted(p.items())) for cid, p in self.counter_props.items()},
            unwatched=tuple(self.unwatched),
        )


def _holder_traits(prototype: str, props: tuple[tuple[str, str], ...]) -> tuple[Trait, ...]:
    """What a holder's pieces add: their warnings prototype, their summed properties."""
    traits = [Trait("prototype;" + prototype)] if prototype else []
    return (*traits, marker(props)) if props else tuple(traits)


def warnings_prototype_name(watched: Sequence[Warning]) -> str:
    """The name of the prototype holding a list of warnings: 'Rules warnings ' and a digest of
    what they check and say. Not a number in order of the counters: a name that moved when a
    counter is added would change the piece definitions of every later counter."""
    digest = hashlib.sha256()
    for warning in watched:
        for part in (warning.rule_id, warning.aspect, warning.condition, warning.message):
            digest.update(part.encode("utf-8") + b"\0")
        digest.update(warning.key.encode("utf-8") + b"\1")
        if warning.records:
            digest.update(warning.records.encode("utf-8") + b"\2")
    return f"Rules warnings {digest.hexdigest()[:12]}"


def _prototype(watched: tuple[Warning, ...]) -> tuple[Trait, ...]:
    """A trigger and a report per warning, then the placeholder piece; first, when a warning
    reads the turn a piece was last dragged in, the trigger that records it and the property
    it is kept in. First, so it records after the warnings read: a Trigger Action hands a key
    to the traits inside it before acting itself, so the innermost triggers act first."""
    traits: list[Trait] = []
    stamp = next((w.records for w in watched if w.records), "")
    if stamp:
        moved = "LocationName != OldLocationName || CurrentMap != OldMap"
        traits.append(trigger(MOVED_KEY, moved, (RECORD_KEY,)))
        traits.append(dynamic_property(RECORD, [(RECORD_KEY, stamp)]))
    for warning in watched:
        traits.append(trigger(MOVED_KEY, warning.condition, (warning.key,)))
        traits.append(report((warning.key,), warning.message))
    return (*traits, PROTOTYPE_BASE)


LimitClass = tuple[int, StackingBonus | None]
"""A stacking limit, and the bonus on top of it."""


def _limit_at(rule: StackingRule, location: Location, index: SelectorIndex) -> LimitClass | None:
    """The limit (and bonus) the rule sets at a location; None where it sets none."""
    if not rule.where.matches(location, index):
        return None
    override = rule.override_at(location, index)
    limit = rule.limit if override is None else override.limit
    if limit is None:
        return None
    bonus = rule.bonus if override is None else override.bonus or rule.bonus
    return limit, bonus


def _has_limit(at: Mapping[str, LimitClass | None], wanted: LimitClass, location: Location) -> bool:
    return at[location.key] == wanted


def _bonus_anywhere(rule: StackingRule) -> bool:
    return rule.bonus is not None or any(o.bonus is not None for o in rule.overrides)


def _points(counter: Counter, rule: StackingRule) -> int | float | None:
    """A piece's stacking points as the engine reads them; None: it weighs 1."""
    if rule.points is None:
        return None
    value = counter.properties.get(rule.points)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def _weight(points: int | float | None) -> Fraction:
    """What a piece weighs: 1, or its stacking points."""
    return Fraction(1) if points is None else Fraction(points).limit_denominator(1000)


def _scale(values: Sequence[Fraction]) -> int | None:
    """The smallest factor of :data:`_SCALES` that makes every value whole."""
    for scale in _SCALES:
        if all((value * scale).denominator == 1 for value in values):
            return scale
    return None


def _chat(text: str) -> str:
    """Text for a report: no property references ($), no HTML (a quick-coloured line is HTML)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("$", "＄")
