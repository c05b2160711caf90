"""Rules warnings about a move: farther than the piece's allowance, or out of an enemy zone of
control it had to stop in. They join the stacking and entry warnings (:mod:`.warnings`): the same
trigger on the key every map sends a piece that has just been dragged, the same report, the same
switch.

What VASSAL 3.6 gives a piece after a drag, and what these warnings read of it:

- ``OldMap``, ``OldX``, ``OldY`` and ``OldLocationName``: where the piece stood before the drag
  (VASSAL's piece mover sets them on every piece it moves, just before moving it); ``CurrentMap``,
  ``CurrentX``, ``CurrentY`` and ``LocationName``: where it stands now. Coordinates are the map's
  pixels; a map here holds one board with no edge, so they are the board's.
- VASSAL 3.6 has no function for a range in hexes (3.7 has one), so the range is worked out from
  the pixels: on each board, the hex (or square) coordinates are a linear function of the
  pixels, fitted here on the centres of every hex and handed to VASSAL as four whole numbers
  scaled by :data:`SCALE` (map properties :data:`BASIS`). The difference of two positions gives
  the difference of their coordinates, whose largest component (hexes), Chebyshev or Manhattan
  norm (squares) is the straight-line range: a lower bound of what any path costs when every
  step costs at least 1.

**Too far.** After a drag within one map, from a hex to a hex, a piece a movement rule covers
warns when the range exceeds its reach: its allowance (a counter property, its largest on any
face; a map property; or a number; its forced march's, where the rule has one) divided by the
cheapest step the rule allows (a road at 1/2 doubles the reach, a terrain or line that costs
nothing leaves the rule unwatched; weather that makes steps cheaper widens it too). A zone of
control only adds costs. A drag is judged alone: a move made in several drags is judged leg by
leg, each a lower bound. Moves between maps, to or from a box, and area maps are not judged,
nor are maps crossed by a line the rule makes unlimited ('unlimited_along', Distant Foreign
Fields' railways) or the game says costs nothing a hex (a railway whose properties say
'unlimited' or 'mp_per_hex' 0) unless the rule prices it. What the rule leaves to its
``unless`` (one more hex with too few points, in Fatal Alliances) is quoted in the warning, not
widened.

**Out of a zone of control.** A zone rule whose effect is 'stop' warns when a piece it covers is
dragged out of a location in an enemy zone after a drag earlier in the same turn (and phase)
ended there: the piece records the turn of its last drag in a Dynamic Property
(:data:`RECORD`), after its warnings have read the previous value (its trigger stands outside
theirs: a Trigger Action lets the traits inside it act on a key first). Whether the place left lies
in an enemy zone is counted over the pieces (VASSAL's ``Count``): an enemy piece the rule says
exerts a zone, on the same map, in a location its ``where`` picks, within one hex of the place
left, unless the side between them is of a ``blocked_by`` type no bridge carries the zone across
(a list of such pairs per map), and unless the place left is one ``not_into`` picks. Effect
'no-exit' warns on any drag out of an enemy zone. What is not seen: zones across map links, a
controller other than the printed owner, and a piece moved by other means than a drag.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.model.map import Location, Map, SquareMapGrid, location_key
from toolkit.model.position import Position
from toolkit.model.rules import (
    PROHIBITED,
    LocationSelector,
    MovementRule,
    PropertyRef,
    Rule,
    SelectorIndex,
    ZocRule,
)
from toolkit.rules.context import Situation
from toolkit.rules.zoc import zone_crosses
from toolkit.vassal.format.expressions import all_of, any_of, string_literal
from toolkit.vassal.format.layout import Board
from toolkit.vassal.write.boards import Places, vassal_places

SWITCH = "RulesWarnings"
"""The module's global property that turns warnings on (1) and off (0)."""
RECORD = "RulesMoved"
"""The Dynamic Property where a piece records the turn (and phase) of its last drag."""
RECORD_KEY = "61440,65"
"""Shift-F13: what sets :data:`RECORD` (no keyboard sends it)."""
MAP_NUMBER = "RulesMapNo"
"""A map property: the map's number, to tell maps apart inside a ``Count``."""
NORM = "RulesNorm"
"""A map property: how its range is measured ('hex', 'chebyshev' or 'manhattan')."""
GRID = "RulesGrid"
"""A map property: the list of its hexes (or squares)."""
BASIS = ("RulesQx", "RulesQy", "RulesRx", "RulesRy")
"""Map properties: how the first and second coordinates grow per pixel right and down."""
SCALE = 100_000
"""The factor that makes the basis whole numbers (a map of 10,000 pixels stays in an int)."""
MOVE_ASPECTS = frozenset({"too-far", "zoc-leave", "zoc-exit"})
"""The aspects of the warnings judged on a move, not on a position."""
_FIT = 0.1
"""The most a fitted coordinate may miss a hex centre by (in hexes)."""

HolderRef = tuple[str, Counter, str | None]
"""A holder as this module needs it: its key, its counter, the faction holding it."""


@dataclass(frozen=True, slots=True)
class MoveWatch:
    """One rule watched on a move: per holder the condition it checks."""

    rule: Rule
    aspect: str
    conditions: Mapping[str, str]
    """Holder key → the BeanShell condition its pieces evaluate."""
    properties: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Holder key → the properties its pieces carry for this rule."""
    zeros: tuple[str, ...] = ()
    """Properties every piece reads, 0 on the module for a piece without them."""
    records: bool = False
    """The piece records the turn of its drag after checking (:data:`RECORD`)."""


@dataclass(frozen=True)
class MoveWatches:
    """The move warnings of a module, and the map properties they read."""

    watches: tuple[MoveWatch, ...] = ()
    map_properties: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Board name → property → value."""
    unwatched: tuple[tuple[str, str], ...] = ()


def move_watches(
    game: Game,
    boards: Sequence[Board],
    places: Places,
    holders: Sequence[HolderRef],
    separator: str,
) -> MoveWatches:
    """The range and zone-of-control warnings of a game's module."""
    plan = _MovePlan(game, boards, places, holders, separator, SelectorIndex.of(game))
    for rule in game.rules:
        if not isinstance(rule, MovementRule | ZocRule):
            continue
        reason = _why_not(rule)
        if not reason and isinstance(rule, MovementRule):
            reason = plan.range(rule)
        elif not reason and isinstance(rule, ZocRule):
            reason = plan.zoc(rule)
        if reason:
            plan.unwatched.append((rule.id, reason))
    return plan.result()


def why_not_watched(rule: Rule) -> str:
    """Why the module watches no rule like this one, whatever its kind ('' when it may): the
    players left it to themselves, or it holds where or when the module cannot tell."""
    if rule.severity == "ignore":
        return "its severity is 'ignore'"
    if rule.setups:
        return "it holds in some scenarios only, and the module does not know which is played"
    if rule.when == "setup":
        return "it holds for the set-up only"
    return ""


def _why_not(rule: Rule) -> str:
    """Why the module cannot watch a movement or zone rule ('' when it can)."""
    if reason := why_not_watched(rule):
        return reason
    if isinstance(rule, ZocRule) and rule.effect == "cost":
        return "a zone that costs points is judged on the path, which the module cannot see"
    return ""


def turn_stamp(game: Game) -> tuple[str, str]:
    """What a piece records of the turn it was dragged in, as an expression of the turn's
    properties and as the format its Dynamic Property is set to ('T' first: never a number,
    so both sides of a comparison are text)."""
    if game.turns.phases:
        return '"T" + Turn + "|" + Phase', "T$Turn$|$Phase$"
    return '"T" + Turn', "T$Turn$"


def in_list(name: str, separator: str, location: str = "LocationName") -> str:
    """True when ``location`` (a property holding a location name) is one its map's list
    ``name`` picks: '+' and the names it picks, or '-' and the names it leaves."""
    here = f"{string_literal(separator)} + {location} + {string_literal(separator)}"
    listed = f"{name}.contains({here})"
    return all_of(
        [
            f"{location}.length() > 0",
            any_of([f'{name}.startsWith("+") && {listed}', f'{name}.startsWith("-") && !{listed}']),
        ]
    )


def offsets(prefix: str = "") -> tuple[str, str]:
    """The two coordinates of the move (or of a piece from ``prefix``'s old place), scaled."""
    qx, qy, rx, ry = BASIS
    if prefix:
        dx, dy = f"(CurrentX - {prefix}OldX$)", f"(CurrentY - {prefix}OldY$)"
    else:
        dx, dy = "(CurrentX - OldX)", "(CurrentY - OldY)"
    return f"({qx} * {dx} + {qy} * {dy})", f"({rx} * {dx} + {ry} * {dy})"


def beyond(q: str, r: str, norm: str, limit: str) -> str:
    """True when the range of coordinates ``q``, ``r`` (scaled) exceeds ``limit`` (scaled):
    ``norm`` is 'hex', 'chebyshev' or 'manhattan'."""
    if norm == "manhattan":
        parts = [f"{q} + {r}", f"{q} - {r}"]
    elif norm == "hex":
        parts = [q, r, f"{q} + {r}"]
    else:
        parts = [q, r]
    return any_of([test for p in parts for test in (f"{p} > {limit}", f"-({p}) > {limit}")])


# -- the plan -----------------------------------------------------------------------------------


@dataclass
class _MovePlan:
    game: Game
    boards: Sequence[Board]
    places: Places
    holders: Sequence[HolderRef]
    separator: str
    index: SelectorIndex
    watches: list[MoveWatch] = field(default_factory=list)
    maps: dict[str, dict[str, str]] = field(default_factory=dict)
    unwatched: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.norms: dict[str, str] = {}
        """Board name → the norm of its grid, for the boards whose grid has a basis."""
        for number, board in enumerate(self.boards):
            found = self._basis(board)
            if found is None:
                continue
            basis, norm = found
            self.norms[board.name] = norm
            props = self.maps.setdefault(board.name, {})
            props[MAP_NUMBER] = str(number + 1)
            props[NORM] = norm
            props.update(zip(BASIS, map(str, basis), strict=True))
        self._list(GRID, lambda location: True)

    # -- range ---------------------------------------------------------------------------------

    def range(self, rule: MovementRule) -> str:
        cheapest = _cheapest_step(rule)
        if cheapest is None:
            return "a step costs nothing, so a move has no longest range"
        number = _number(self.game, rule)
        reach = f"RulesReach{number}"
        properties: dict[str, dict[str, str]] = {}
        on_maps = {m.id for m in self.game.maps}  # the maps where the rule knows an allowance
        if isinstance(rule.allowance, PropertyRef) and rule.allowance.map_property:
            on_maps = set()
            for board in self.boards:
                value = _marched(
                    rule,
                    self._map_value(board, rule.allowance.map_property),
                    functools.partial(self._map_amount, board),
                )
                if board.name in self.norms and value is not None:
                    self.maps[board.name][reach] = str(_reach(value, cheapest))
                    on_maps.add(board.map_id)
        for key, counter, faction in self.holders:
            if not rule.pieces.matches(counter, self.index, faction):
                continue
            allowance = _marched(
                rule,
                _allowance(rule.allowance, counter),
                functools.partial(_allowance, counter=counter),
            )
            if allowance is not None:
                properties[key] = {reach: str(_reach(allowance, cheapest))}
            elif isinstance(rule.allowance, PropertyRef) and rule.allowance.map_property:
                properties[key] = {}
        starts = f"RulesFrom{number}"
        free = _free_lines(self.game, rule)
        if not self._list(
            starts,
            lambda location: rule.where.matches(location, self.index),
            lambda the_map: (
                the_map.id in on_maps and free.isdisjoint(line.type for line in the_map.lines)
            ),
        ):
            if free:
                return f"moves along {', '.join(sorted(free))} are unlimited on its maps"
            return "it covers no hex or square the module can measure a range on"
        if not properties:
            return "it covers no counter with an allowance"
        limit = f"{reach} * {SCALE} + {SCALE // 2}"
        condition = all_of(
            [
                f"{SWITCH} == 1",
                "OldMap == CurrentMap",
                in_list(starts, self.separator, "OldLocationName"),
                in_list(GRID, self.separator),
                self._by_norm(lambda norm: beyond(*offsets(), norm, limit)),
            ]
        )
        conditions = dict.fromkeys(properties, condition)
        self.watches.append(MoveWatch(rule, "too-far", conditions, properties))
        return ""

    # -- zones of control ----------------------------------------------------------------------

    def zoc(self, rule: ZocRule) -> str:
        number = _number(self.game, rule)
        sides = [side.id for side in self.game.sides]
        exerts: dict[str, dict[str, str]] = {}
        for key, counter, faction in self.holders:
            side = self.index.sides.get(faction or "")
            if side is not None and rule.exerted_by.matches(counter, self.index, faction):
                exerts[key] = {f"RulesZoc{number}_{sides.index(side)}": "1"}
        if not exerts:
            return "no counter exerts its zone"
        left = f"RulesZocFrom{number}"
        if not self._list(left, lambda loc: not _picks(rule.not_into, loc, self.index)):
            return "its zone lies on no hex or square the module can measure a range on"
        where = f"RulesZocWhere{number}"
        self._list(where, lambda location: rule.where.matches(location, self.index))
        cut = f"RulesZocCut{number}"
        self._cuts(rule, cut)
        conditions: dict[str, str] = {}
        made: dict[str, str] = {}
        for key, counter, faction in self.holders:
            side = self.index.sides.get(faction or "")
            if side is None or not rule.pieces.matches(counter, self.index, faction):
                continue
            if side not in made:
                others = [f"RulesZoc{number}_{n}" for n, s in enumerate(sides) if s != side]
                made[side] = self._zoc_condition(rule, others, left, where, cut)
            conditions[key] = made[side]
        if not conditions:
            return "it covers no counter of a side"
        zeros = tuple(f"RulesZoc{number}_{n}" for n in range(len(sides)))
        aspect = "zoc-leave" if rule.effect == "stop" else "zoc-exit"
        self.watches.append(
            MoveWatch(rule, aspect, conditions, exerts, zeros, records=rule.effect == "stop")
        )
        return ""

    def _zoc_condition(
        self, rule: ZocRule, others: list[str], left: str, where: str, cut: str
    ) -> str:
        """A piece of a side left a location in a zone of the ``others`` sides."""
        near = self._by_norm(lambda norm: f"!({beyond(*offsets('$'), norm, str(SCALE * 3 // 2))})")
        sep = self.separator
        exerter = all_of(
            [
                any_of([f"{other} == 1" for other in others]),
                f"{MAP_NUMBER} == ${MAP_NUMBER}$",
                in_list(where, sep),
                near,
                f"!{cut}.contains({string_literal(sep)} + LocationName + "
                f"{string_literal('>$OldLocationName$' + sep)})",
            ]
        )
        parts = [
            f"{SWITCH} == 1",
            "OldMap == CurrentMap",
            "OldLocationName != LocationName",
            in_list(left, sep, "OldLocationName"),
        ]
        if rule.effect == "stop":
            parts.append(f"{RECORD} == {turn_stamp(self.game)[0]}")
        parts.append(f"Count({string_literal('{' + exerter + '}')}) > 0")
        return all_of(parts)

    def _cuts(self, rule: ZocRule, name: str) -> None:
        """The map list of 'from>to' pairs of neighbouring places a zone does not cross."""
        if not rule.blocked_by:
            return
        situation = Situation(self.game, Position())
        where = vassal_places(self.game, self.boards)
        for board, (map_id, named) in self.places.items():
            if board not in self.norms:
                continue
            the_map = next(m for m in self.game.maps if m.id == map_id)
            pairs = []
            for location in named.values():
                if location.kind not in ("hex", "square"):
                    continue
                for label in the_map.neighbours(location.label):
                    there = location_key(map_id, label)
                    if there not in where:
                        continue
                    if not zone_crosses(situation, rule, location.key, there):
                        pairs.append(f"{where[location.key][1]}>{where[there][1]}")
            if pairs:
                sep = self.separator
                self.maps[board][name] = sep + sep.join(sorted(pairs)) + sep

    # -- shared --------------------------------------------------------------------------------

    def _by_norm(self, test: Callable[[str], str]) -> str:
        """``test`` of the norm of the piece's map: one test when every map has the same
        norm, else one per norm, each for the maps of that norm (:data:`NORM`)."""
        norms = sorted(set(self.norms.values()))
        if len(norms) == 1:
            return test(norms[0])
        return any_of([all_of([f"{NORM} == {string_literal(n)}", test(n)]) for n in norms])

    def _list(
        self,
        name: str,
        applies: Callable[[Location], bool],
        on: Callable[[Map], bool] = lambda the_map: True,
    ) -> bool:
        """A list of the hexes (squares) ``applies`` picks on each measured board whose map
        ``on`` picks (see :func:`in_list`); True when any board has one."""
        sep = self.separator
        any_set = False
        maps = {m.id: m for m in self.game.maps}
        for board, (map_id, named) in self.places.items():
            if board not in self.norms or not on(maps[map_id]):
                continue
            grid = {n: loc for n, loc in named.items() if loc.kind in ("hex", "square")}
            picked = sorted(n for n, loc in grid.items() if applies(loc))
            if not picked:
                continue
            left = sorted(n for n in named if n not in set(picked))
            mode, names = ("+", picked) if len(picked) <= len(left) else ("-", left)
            self.maps[board][name] = mode + sep + sep.join(names) + sep
            any_set = True
        return any_set

    def _map_amount(self, board: Board, ref: PropertyRef) -> float | None:
        """An amount a rule reads from the board's map (None: one held on the counters)."""
        return self._map_value(board, ref.map_property) if ref.map_property else None

    def _map_value(self, board: Board, prop: str) -> float | None:
        the_map = next((m for m in self.game.maps if m.id == board.map_id), None)
        value = the_map.properties.get(prop) if the_map is not None else None
        return _as_number(value)

    def _basis(self, board: Board) -> tuple[tuple[int, int, int, int], str] | None:
        """The scaled basis of a board's grid and its norm; None for a board without one."""
        the_map = next((m for m in self.game.maps if m.id == board.map_id), None)
        if the_map is None:
            return None
        samples = []
        for location in the_map.locations.values():
            at = board.centres.get(location.label)
            if at is None:
                continue
            if location.kind == "hex" and location.hex is not None:
                samples.append((at, (location.hex.q, location.hex.r)))
            elif location.kind == "square" and location.column is not None:
                samples.append((at, (location.column, location.row or 0)))
        if len(samples) < 3:
            return None
        fitted = [_fit([(at, coords[i]) for at, coords in samples]) for i in (0, 1)]
        if any(f is None for f in fitted):
            return None
        (qx, qy), (rx, ry) = (f for f in fitted if f is not None)
        if isinstance(the_map.grid, SquareMapGrid):
            norm = "chebyshev" if the_map.grid.diagonal else "manhattan"
        else:
            norm = "hex"
        return (round(qx * SCALE), round(qy * SCALE), round(rx * SCALE), round(ry * SCALE)), norm

    def result(self) -> MoveWatches:
        if not self.watches:
            return MoveWatches(unwatched=tuple(self.unwatched))
        return MoveWatches(tuple(self.watches), self.maps, tuple(self.unwatched))


def _fit(samples: Sequence[tuple[tuple[int, int], int]]) -> tuple[float, float] | None:
    """How a coordinate grows per pixel right and down (least squares over the centres);
    None when the centres do not lie on a grid that closely."""
    n = len(samples)
    mx = sum(x for (x, _), _ in samples) / n
    my = sum(y for (_, y), _ in samples) / n
    mv = sum(v for _, v in samples) / n
    sxx = sum((x - mx) ** 2 for (x, _), _ in samples)
    syy = sum((y - my) ** 2 for (_, y), _ in samples)
    sxy = sum((x - mx) * (y - my) for (x, y), _ in samples)
    sxv = sum((x - mx) * (v - mv) for (x, _), v in samples)
    syv = sum((y - my) * (v - mv) for (_, y), v in samples)
    det = sxx * syy - sxy * sxy
    if abs(det) < 1e-9:
        return None
    a = (sxv * syy - syv * sxy) / det
    b = (syv * sxx - sxv * sxy) / det
    worst = max(abs(mv + a * (x - mx) + b * (y - my) - v) for (x, y), v in samples)
    return (a, b) if worst <= _FIT else None


def _cheapest_step(rule: MovementRule) -> Fraction | None:
    """The least a step can cost under the rule, at most 1 (terrain it does not price costs 1);
    None when a step can cost nothing."""
    costs = [Fraction(1)]
    costs += [Fraction(c).limit_denominator(100) for c in rule.costs.values() if c != PROHIBITED]
    costs += [Fraction(c).limit_denominator(100) for c in rule.line_costs.values()]
    factor = min(
        [Fraction(1)] + [Fraction(f).limit_denominator(100) for f in rule.weather_costs.values()]
    )
    cheapest = min(costs) * factor
    return cheapest if cheapest > 0 else None


def _free_lines(game: Game, rule: MovementRule) -> frozenset[str]:
    """The line types along which a move costs nothing: those the rule makes unlimited, and by
    the game's own word (a railway whose properties say 'unlimited' or 0 points a hex) those
    the rule does not price."""
    along = rule.unlimited_along.lines if rule.unlimited_along is not None else frozenset()
    free = set()
    for line in game.line_types:
        unlimited = line.properties.get("unlimited") is True
        if unlimited or line.properties.get("mp_per_hex") == 0:
            free.add(line.id)
    return frozenset(free - set(rule.line_costs)) | along


def _reach(allowance: float, cheapest: Fraction) -> int:
    """The most hexes an allowance can pay for at the cheapest step."""
    return math.floor(Fraction(allowance).limit_denominator(1000) / cheapest)


def _marched(
    rule: MovementRule, allowance: float | None, read: Callable[[PropertyRef], float | None]
) -> float | None:
    """The longest allowance a piece may use under the rule: its forced march's where it has
    one (read from where the march's allowance is held; None when that cannot be read, so
    no range is watched rather than a legal march warned)."""
    march = rule.forced_march
    if march is None or allowance is None:
        return allowance
    if march.factor is not None:
        return allowance * march.factor
    if isinstance(march.allowance, PropertyRef):
        longer = read(march.allowance)
        return None if longer is None else max(allowance, longer)
    return max(allowance, float(march.allowance or 0))


def _allowance(amount: int | PropertyRef, counter: Counter) -> float | None:
    """A counter's allowance: the number, or the largest its faces' property holds (the
    module does not know which face shows); None when it reads a map property or the counter
    has none."""
    if not isinstance(amount, PropertyRef):
        return float(amount)
    prop = amount.property
    if prop is None:
        return None
    values = [_as_number(f.values.get(prop, counter.properties.get(prop))) for f in counter.faces]
    values.append(_as_number(counter.properties.get(prop)))
    found = [v for v in values if v is not None]
    return max(found) if found else None


def _as_number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _picks(selector: LocationSelector | None, location: Location, index: SelectorIndex) -> bool:
    return selector is not None and selector.matches(location, index)


def _number(game: Game, rule: Rule) -> int:
    return next(n for n, r in enumerate(game.rules) if r.id == rule.id)
