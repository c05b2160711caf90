"""rules.json → typed rules (one class per kind) with their selectors resolved against the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from toolkit.load.combat import check_combat_chart, check_combat_fields
from toolkit.load.context import Context, get
from toolkit.load.formats import stacking_everywhere
from toolkit.load.jsonsource import Source
from toolkit.load.maps import FEATURE_TYPES
from toolkit.load.spaces import BORDER_TYPES
from toolkit.load.unchecked import warn_unchecked
from toolkit.model.base import Origin
from toolkit.model.chart import Chart
from toolkit.model.counter import Counter
from toolkit.model.odds import parse_dice, parse_odds
from toolkit.model.rules import (
    RULE_TYPES,
    CombatFire,
    CombatModifier,
    CombatResults,
    CombatRule,
    CombatTable,
    ForcedMarch,
    LocationSelector,
    OddsStep,
    PieceSelector,
    PropertyRef,
    ResultCode,
    Rule,
    StackingBonus,
    StackingOverride,
    UnlimitedAlong,
    VictoryLevel,
    rule_parameters,
)

EVERYWHERE = LocationSelector()
OFF_MAP_KINDS = frozenset({"box", "cell"})
"""Holding boxes and track cells: where pieces wait, off the playing area."""
DEFAULT_WHERE = {"stacking": LocationSelector(not_=LocationSelector(kind=OFF_MAP_KINDS))}
"""Where a rule that gives no 'where' applies, when not everywhere: a stacking limit is what
players mean by one, a limit on the map's hexes and areas, not on the pieces waiting in a
turn track's boxes (a box that has a limit says so with 'where')."""
DEFAULT_SEVERITY = {"victory": "info"}
"""A met victory condition is news, not a fault, unless the rule says otherwise."""
COMMON_KEYS = ("id", "kind", "cite", "text", "severity", "when", "pieces", "where")
PIECE_PARAMS = ("exempt", "exerted_by", "source_pieces", "carrier", "cargo", "aboard")
LOCATION_PARAMS = ("forbid", "allow", "stop_on_enter", "not_into", "sources", "through", "at")


def load_rules(
    ctx: Context,
    source: Source,
    counters: dict[str, Counter],
    charts: Mapping[str, Chart] | None = None,
) -> list[Rule]:
    """Check every rule's references (a combat rule's chart too) and build the rules."""
    reader = RuleReader(ctx, source, counters)
    rules = []
    for i, item in enumerate(source.data["rules"]):
        pointer = f"/rules/{i}"
        if ctx.declare(source, "rule", item["id"], pointer + "/id"):
            rule = reader.rule(item, pointer)
            warn_unchecked(ctx, source, rule, pointer, counters)
            if isinstance(rule, CombatRule):
                check_combat_chart(ctx, source, rule, pointer, charts or {})
                check_combat_fields(ctx, source, rule, pointer, counters)
            rules.append(rule)
    return rules


class RuleReader:
    """Resolves the references inside the rules of one file and builds typed rules."""

    def __init__(self, ctx: Context, source: Source, counters: dict[str, Counter]) -> None:
        self.ctx, self.source, self.counters = ctx, source, counters
        self.classes = sorted({c.class_ for c in counters.values() if c.class_})
        self.tags = sorted({t for c in counters.values() for t in c.tags})
        self.readers: dict[str, Callable[[Any, str], Any]] = {
            "overrides": self.overrides,
            "bonus": self.bonus,
            "allowance": self.amount,
            "range": self.amount,
            "costs": self.costs,
            "side_sources": self.side_sources,
            "hexside_costs": self.hexside_costs,
            "line_costs": self.line_costs,
            "unlimited_along": self.unlimited_along,
            "forced_march": self.forced_march,
            "blocked_by": self.blocked_by,
            "bridged_by": self.bridged_by,
            "setups": self.setups,
            "side": self.side,
            "control": self.control,
            "levels": self.levels,
            "table": self.table,
            "fire": self.fire,
            "modifiers": self.modifiers,
            "results": self.results,
        }
        """Parameters that are more than a plain JSON value, by key."""

    def rule(self, item: dict[str, Any], pointer: str) -> Rule:
        """One rule of the class its kind names; a parameter of another kind is reported."""
        kind = item["kind"]
        accepted = rule_parameters(kind)
        params: dict[str, Any] = {}
        for key, value in item.items():
            if key in COMMON_KEYS:
                continue
            here = f"{pointer}/{key}"
            converted = self.parameter(key, value, here)
            if key in accepted:
                params[key] = converted
            else:
                self._unused(kind, key, accepted, here)
        if kind == "victory" and "levels" in item and "side" not in item:
            self.ctx.error(
                self.source,
                "rule.victory-needs-side",
                "a victory rule with levels scores one side: name it with 'side' (a rule "
                "without 'side' is met by whichever side holds the places)",
                pointer + "/levels",
                key=True,
            )
        return RULE_TYPES[kind](
            id=item["id"],
            cite=item["cite"],
            text=item["text"],
            severity=get(item, "severity", DEFAULT_SEVERITY.get(kind, "error")),
            when=get(item, "when", "always"),
            pieces=self.pieces(item.get("pieces", {}), pointer + "/pieces"),
            where=self.where(item["where"], pointer + "/where")
            if "where" in item
            else self.default_where(kind),
            origin=Origin(self.source.shown, pointer),
            **params,
        )

    def default_where(self, kind: str) -> LocationSelector:
        """Where a rule that gives no 'where' applies, as the game's declared format means it
        (before format 2, a stacking rule counted every place, boxes included)."""
        if stacking_everywhere(self.ctx.format):
            return EVERYWHERE
        return DEFAULT_WHERE.get(kind, EVERYWHERE)

    def _unused(self, kind: str, key: str, accepted: frozenset[str], pointer: str) -> None:
        """A parameter no checker of this kind reads: the designer's intent would be lost."""
        self.ctx.warn(
            self.source,
            "rule.unused-parameter",
            f"{key!r} does not apply to a {kind} rule and is ignored"
            f" ({kind} rules take: {', '.join(sorted(accepted))})",
            pointer,
            key=True,
        )

    def parameter(self, key: str, value: Any, pointer: str) -> Any:
        """A kind's parameter, its references checked, as its model value."""
        if key in PIECE_PARAMS:
            return self.pieces(value, pointer)
        if key in LOCATION_PARAMS:
            return self.where(value, pointer)
        special = self.readers.get(key)
        return special(value, pointer) if special is not None else value

    # -- selectors ----------------------------------------------------------------------------

    def _set(
        self,
        value: str | list[str] | None,
        kind: str,
        pointer: str,
        candidates: list[str] | None = None,
    ) -> frozenset[str]:
        if value is None:
            return frozenset()
        items = [value] if isinstance(value, str) else list(value)
        for j, item in enumerate(items):
            here = pointer if isinstance(value, str) else f"{pointer}/{j}"
            self.ctx.check_ref(self.source, kind, item, here, candidates)
        return frozenset(items)

    def pieces(self, data: dict[str, Any], pointer: str) -> PieceSelector:
        """A piece selector whose every id exists."""
        return PieceSelector(
            counter=self._set(
                data.get("counter"), "counter", pointer + "/counter", list(self.counters)
            ),
            template=self._set(data.get("template"), "template", pointer + "/template"),
            faction=self._set(data.get("faction"), "faction", pointer + "/faction"),
            side=self._set(data.get("side"), "side", pointer + "/side"),
            class_=self._set(data.get("class"), "class", pointer + "/class", self.classes),
            tag=self._set(data.get("tag"), "tag", pointer + "/tag", self.tags),
            not_=self.pieces(data["not"], pointer + "/not") if "not" in data else None,
        )

    def where(self, data: dict[str, Any], pointer: str) -> LocationSelector:
        """A location selector whose every id exists."""
        maps = list(self.ctx.known("map")) + list(self.ctx.known("chart"))
        terrain = list(self.ctx.known("terrain"))
        return LocationSelector(
            map=self._set(data.get("map"), "map", pointer + "/map", maps),
            kind=_strings(data.get("kind")),
            terrain=self._set(data.get("terrain"), "terrain", pointer + "/terrain", terrain),
            feature=self._set(
                data.get("feature"), "feature type", pointer + "/feature", list(FEATURE_TYPES)
            ),
            tag=_strings(data.get("tag")),
            owner=self._set(data.get("owner"), "faction", pointer + "/owner"),
            locations=frozenset(
                self.ctx.resolve_locations(
                    self.source, data.get("locations", []), pointer + "/locations"
                )
            ),
            not_=self.where(data["not"], pointer + "/not") if "not" in data else None,
        )

    def side_sources(
        self, value: dict[str, Any], pointer: str
    ) -> MappingProxyType[str, LocationSelector]:
        """Supply sources by the side or faction they belong to, each id declared."""
        holders = list(self.ctx.known("side")) + list(self.ctx.known("faction"))
        found = {}
        for holder, where in value.items():
            here = f"{pointer}/{holder}"
            if self.ctx.check_ref(self.source, "side", holder, here, holders):
                found[holder] = self.where(where, here)
        return MappingProxyType(found)

    # -- stacking -----------------------------------------------------------------------------

    def overrides(self, value: list[dict[str, Any]], pointer: str) -> tuple[StackingOverride, ...]:
        """Stacking overrides; an override's bonus allows one more of its pieces."""
        return tuple(
            StackingOverride(
                where=self.where(o["where"], f"{pointer}/{j}/where"),
                limit=o["limit"],
                bonus=StackingBonus(self.pieces(o["bonus"], f"{pointer}/{j}/bonus"))
                if "bonus" in o
                else None,
            )
            for j, o in enumerate(value)
        )

    def bonus(self, value: dict[str, Any], pointer: str) -> StackingBonus:
        """Pieces allowed on top of the stacking limit."""
        return StackingBonus(
            self.pieces(value.get("pieces", {}), pointer + "/pieces"), value.get("count", 1)
        )

    # -- movement, zoc, supply ----------------------------------------------------------------

    def amount(self, value: int | dict[str, str] | None, pointer: str) -> int | PropertyRef | None:
        """An allowance or range: a number, or where the game holds it."""
        if isinstance(value, dict):
            return PropertyRef(value.get("property"), value.get("map_property"))
        return value

    def costs(self, value: dict[str, Any], pointer: str) -> MappingProxyType[str, Any]:
        """Terrain costs, every terrain declared."""
        terrain = list(self.ctx.known("terrain"))
        for name in value:
            self.ctx.check_ref(self.source, "terrain", name, f"{pointer}/{name}", terrain)
        return MappingProxyType(dict(value))

    def hexside_costs(self, value: dict[str, Any], pointer: str) -> MappingProxyType[str, Any]:
        """Hexside costs, every hexside type declared."""
        hexsides = list(self.ctx.known("hexside type"))
        for name in value:
            self.ctx.check_ref(self.source, "hexside type", name, f"{pointer}/{name}", hexsides)
        return MappingProxyType(dict(value))

    def line_costs(self, value: dict[str, Any], pointer: str) -> MappingProxyType[str, Any]:
        """Line costs, every line type declared."""
        for name in value:
            self.ctx.check_ref(self.source, "line type", name, f"{pointer}/{name}")
        return MappingProxyType(dict(value))

    def unlimited_along(self, value: dict[str, Any], pointer: str) -> UnlimitedAlong:
        """Unlimited moves along lines, every line type declared."""
        known = list(self.ctx.known("line type"))
        for j, name in enumerate(value["lines"]):
            self.ctx.check_ref(self.source, "line type", name, f"{pointer}/lines/{j}", known)
        return UnlimitedAlong(
            lines=frozenset(value["lines"]),
            cite=value["cite"],
            links=frozenset(value.get("links", ())),
            friendly_control=value.get("friendly_control", True),
            ends_outside_zoc=value.get("ends_outside_zoc", True),
        )

    def forced_march(self, value: dict[str, Any], pointer: str) -> ForcedMarch:
        """A forced march: its allowance or factor (the schema has made it one of them)."""
        allowance = self.amount(value.get("allowance"), pointer + "/allowance")
        return ForcedMarch(
            cite=value["cite"],
            allowance=allowance,
            factor=value.get("factor"),
            loss=value.get("loss", 1),
            loss_property=value.get("loss_property"),
        )

    def blocked_by(self, value: list[str], pointer: str) -> frozenset[str]:
        """Hexside or border types, every one declared or built in."""
        known = list(self.ctx.known("hexside type")) + list(BORDER_TYPES)
        for j, name in enumerate(value):
            self.ctx.check_ref(self.source, "border type", name, f"{pointer}/{j}", known)
        return frozenset(value)

    def bridged_by(self, value: list[str], pointer: str) -> frozenset[str]:
        """'bridge' or line types, every one declared."""
        known = [*self.ctx.known("line type"), "bridge"]
        for j, name in enumerate(value):
            self.ctx.check_ref(self.source, "line type", name, f"{pointer}/{j}", known)
        return frozenset(value)

    # -- placement, victory -------------------------------------------------------------------

    def setups(self, value: list[str], pointer: str) -> frozenset[str]:
        """Setup ids, every one declared."""
        for j, name in enumerate(value):
            self.ctx.check_ref(self.source, "setup", name, f"{pointer}/{j}")
        return frozenset(value)

    def side(self, value: str, pointer: str) -> str:
        """A declared side."""
        self.ctx.check_ref(self.source, "side", value, pointer)
        return value

    def control(self, value: list[str], pointer: str) -> tuple[str, ...]:
        """Locations to control, as keys."""
        return tuple(self.ctx.resolve_locations(self.source, value, pointer))

    def levels(self, value: list[dict[str, Any]], pointer: str) -> tuple[VictoryLevel, ...]:
        """Victory levels; two with one name would make the outcome ambiguous."""
        seen: set[str] = set()
        for j, item in enumerate(value):
            if item["name"] in seen:
                self.ctx.error(
                    self.source,
                    "id.duplicate",
                    f"victory level {item['name']!r} is named twice",
                    f"{pointer}/{j}/name",
                )
            seen.add(item["name"])
        return tuple(VictoryLevel(item["name"], float(item["at_least"])) for item in value)

    # -- combat ---------------------------------------------------------------------------------

    def table(self, value: dict[str, Any], pointer: str) -> CombatTable:
        """A results table: its chart declared, its odds readable."""
        self.ctx.check_ref(self.source, "chart", value["chart"], pointer + "/chart")
        odds = value.get("odds", "ratio")
        if "die" in value:
            self._dice(value["die"], pointer + "/die")
        return CombatTable(
            chart=value["chart"],
            odds=odds,
            attack=value.get("attack", "attack"),
            defence=value.get("defence", "defence"),
            columns=self._columns(value.get("columns", []), odds, pointer + "/columns"),
            roll_modifiers=tuple(
                OddsStep(step.label, step.at_least, item["modifier"])
                for j, item in enumerate(value.get("roll_modifiers", []))
                if (step := self._odds(item["odds"], odds, f"{pointer}/roll_modifiers/{j}/odds"))
                is not None
            ),
            zero_defence=value.get("zero_defence"),
            die=value.get("die", ""),
        )

    def _columns(self, labels: list[str], odds: str, pointer: str) -> tuple[OddsStep, ...]:
        """The odds of each column; none when one cannot be read (it is reported once, and
        the chart's own headings are not read in its place)."""
        steps = [self._odds(label, odds, f"{pointer}/{j}") for j, label in enumerate(labels)]
        return tuple(s for s in steps if s is not None) if None not in steps else ()

    def _odds(self, label: str, odds: str, pointer: str) -> OddsStep | None:
        try:
            return OddsStep(label, parse_odds(label, odds))
        except ValueError as error:
            self.ctx.error(self.source, "rule.combat-odds", str(error), pointer)
            return None

    def _dice(self, text: str, pointer: str) -> None:
        try:
            parse_dice(text)
        except ValueError as error:
            self.ctx.error(self.source, "rule.combat-dice", str(error), pointer)

    def fire(self, value: dict[str, Any], pointer: str) -> CombatFire:
        """Dice per unit or step (the schema has checked every field)."""
        return CombatFire(**value)

    def modifiers(self, value: list[dict[str, Any]], pointer: str) -> tuple[CombatModifier, ...]:
        """Combat modifiers, their pieces, places and hexside types declared."""
        found = []
        seen: set[str] = set()
        for j, item in enumerate(value):
            here = f"{pointer}/{j}"
            if item["id"] in seen:
                message = f"combat modifier {item['id']!r} is named twice"
                self.ctx.error(self.source, "id.duplicate", message, here + "/id")
            seen.add(item["id"])
            found.append(self._modifier(item, here))
        return tuple(found)

    def _modifier(self, item: dict[str, Any], pointer: str) -> CombatModifier:
        terrain = list(self.ctx.known("terrain"))
        selectors = {
            key: self.pieces(item[key], f"{pointer}/{key}")
            for key in ("pieces", "unless_enemy", "supported_by")
            if key in item
        }
        return CombatModifier(
            id=item["id"],
            cite=item["cite"],
            text=item["text"],
            side=item["side"],
            terrain=self._set(item.get("terrain"), "terrain", pointer + "/terrain", terrain),
            where=self.where(item["where"], pointer + "/where") if "where" in item else None,
            across=self.blocked_by(item["across"], pointer + "/across")
            if "across" in item
            else frozenset(),
            across_all=item.get("across_all", False),
            weather=frozenset(item.get("weather", ())),
            not_weather=frozenset(item.get("not_weather", ())),
            declared=item.get("declared", False),
            shift=item.get("shift", 0),
            roll=item.get("roll", 0),
            strength=Fraction(str(item.get("strength", 1))),
            dice=Fraction(str(item.get("dice", 1))),
            first=item.get("first"),
            each=item.get("each", False),
            absorb=item.get("absorb", 0),
            **selectors,
        )

    def results(self, value: dict[str, Any], pointer: str) -> CombatResults:
        """What the result codes mean."""
        codes = {
            code: ResultCode(
                code,
                item["effect"],
                item.get("side"),
                Fraction(str(item.get("count", 0))),
                item.get("text", ""),
                item.get("cite", ""),
            )
            for code, item in value.get("codes", {}).items()
        }
        none = CombatResults().none if "none" not in value else frozenset(value["none"])
        return CombatResults(
            MappingProxyType(codes), value.get("split", ""), value.get("losses", "units"), none
        )


def _strings(value: str | list[str] | None) -> frozenset[str]:
    """A one-or-many JSON value as a set."""
    if value is None:
        return frozenset()
    return frozenset([value] if isinstance(value, str) else value)
