"""Rules as data: one typed value per rule kind, and the selectors that pick pieces and locations.

A rule is what a checker needs and nothing else: which pieces, where, the kind's parameters, and
the rulebook's citation so every violation can quote it. Selectors are plain data matched by set
lookups, never code, so a rule can be checked here, shown in a player aid or sent to VASSAL.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar, Literal, Protocol

from toolkit.model.base import Origin, empty
from toolkit.model.counter import Counter
from toolkit.model.map import Feature, Location, Map, location_key

LocationKey = str
FactionId = str
RuleKind = Literal[
    "stacking",
    "entry",
    "movement",
    "zoc",
    "supply",
    "counter-mix",
    "placement",
    "capacity",
    "victory",
    "combat",
]
Severity = Literal["error", "warning", "info", "ignore"]
When = Literal["always", "setup", "end-of-phase", "end-of-turn", "movement"]
StackingPer = Literal["location", "side", "faction"]
ZocEffect = Literal["stop", "no-exit", "cost"]
SupplyBlock = Literal["units", "zoc", "territory"]
PROHIBITED: Literal["prohibited"] = "prohibited"
MoveCost = float | Literal["prohibited"]
"""A movement cost: points to spend, or 'prohibited' (the move is not allowed at all)."""


# -- selectors ---------------------------------------------------------------------------------


class SidedFaction(Protocol):
    """A faction as selectors see it: its id and its side's."""

    @property
    def id(self) -> FactionId:
        """The faction's id."""

    @property
    def side(self) -> str:
        """Its side's id."""


class SelectorSource(Protocol):
    """What ``SelectorIndex.of`` reads of a game: a Game provides it. Rules are part of a Game,
    so they name these two fields rather than the Game type above them."""

    @property
    def factions(self) -> Iterable[SidedFaction]:
        """Every faction."""

    @property
    def maps(self) -> Iterable[Map]:
        """Every map, with the features printed on it."""


@dataclass(frozen=True, slots=True)
class SelectorIndex:
    """What selectors look up in the game besides the piece or location itself.

    Build it once per game (``SelectorIndex.of(game)``) and pass it to every ``matches`` call:
    matching then costs a few set lookups, however many pieces and features the game has.
    """

    sides: Mapping[FactionId, str] = empty()
    """Faction id → its side id."""
    features: Mapping[LocationKey, tuple[Feature, ...]] = empty()
    """Location key → the features printed there (locations without features are absent)."""

    @classmethod
    def of(cls, game: SelectorSource) -> SelectorIndex:
        """The index of a game: one pass over its factions and its maps' features."""
        features: dict[LocationKey, list[Feature]] = {}
        for map_ in game.maps:
            for feature in map_.features:
                features.setdefault(location_key(map_.id, feature.at), []).append(feature)
        return cls(
            sides=MappingProxyType({f.id: f.side for f in game.factions}),
            features=MappingProxyType({key: tuple(found) for key, found in features.items()}),
        )


@dataclass(frozen=True, slots=True)
class PieceSelector:
    """Picks pieces: every non-empty field must hold the piece's value; empty fields mean any.

    A set field matches when it contains the piece's value ('tag': when it shares one of the
    counter's tags). ``not_`` removes the pieces it picks. The empty selector picks every piece.
    """

    counter: frozenset[str] = frozenset()
    template: frozenset[str] = frozenset()
    faction: frozenset[str] = frozenset()
    """The faction holding the piece: the counter's own, or the owner passed to ``matches``."""
    side: frozenset[str] = frozenset()
    """The side of that faction."""
    class_: frozenset[str] = frozenset()
    tag: frozenset[str] = frozenset()
    not_: PieceSelector | None = None

    def matches(
        self, counter: Counter, index: SelectorIndex, owner: FactionId | None = None
    ) -> bool:
        """True when this selector picks the piece.

        :param owner: the faction holding the piece now, when it has changed hands; faction and
            side are then read from it instead of from the counter (so is ``not_``).
        """
        faction = owner if owner is not None else counter.faction
        return (
            (not self.counter or counter.id in self.counter)
            and (not self.template or counter.template in self.template)
            and (not self.faction or faction in self.faction)
            and (not self.side or index.sides.get(faction or "") in self.side)
            and (not self.class_ or counter.class_ in self.class_)
            and (not self.tag or not self.tag.isdisjoint(counter.tags))
            and (self.not_ is None or not self.not_.matches(counter, index, owner))
        )


@dataclass(frozen=True, slots=True)
class LocationSelector:
    """Picks locations: every non-empty field must hold the location's value; empty means any.

    'feature' and 'tag' also look at the features printed at the location (a city's tags count
    for its hex), 'owner' at their owners too. ``not_`` removes the locations it picks. The empty
    selector picks every location.
    """

    map: frozenset[str] = frozenset()
    kind: frozenset[str] = frozenset()
    terrain: frozenset[str] = frozenset()
    feature: frozenset[str] = frozenset()
    """Feature types of which at least one is at the location."""
    tag: frozenset[str] = frozenset()
    """Tags of the location or of one of its features."""
    owner: frozenset[str] = frozenset()
    """The controlling faction passed to ``matches``, or else the printed owner of the location
    or of one of its features."""
    locations: frozenset[LocationKey] = frozenset()
    """Location keys (ranges already expanded)."""
    not_: LocationSelector | None = None

    def matches(
        self, location: Location, index: SelectorIndex, controller: FactionId | None = None
    ) -> bool:
        """True when this selector picks the location.

        :param controller: the faction controlling the location now (from a position's
            control); when given, 'owner' is matched against it alone, not the printed owners.
        """
        features = index.features.get(location.key, ())
        return (
            (not self.map or location.map_id in self.map)
            and (not self.kind or location.kind in self.kind)
            and (not self.terrain or location.terrain in self.terrain)
            and (not self.locations or location.key in self.locations)
            and (not self.feature or any(f.type in self.feature for f in features))
            and (not self.tag or self._tagged(location, features))
            and (not self.owner or self._owned(location, features, controller))
            and (self.not_ is None or not self.not_.matches(location, index, controller))
        )

    def _tagged(self, location: Location, features: tuple[Feature, ...]) -> bool:
        if not self.tag.isdisjoint(location.tags):
            return True
        return any(not self.tag.isdisjoint(f.tags) for f in features)

    def _owned(
        self, location: Location, features: tuple[Feature, ...], controller: FactionId | None
    ) -> bool:
        if controller is not None:
            return controller in self.owner
        if location.owner in self.owner:
            return True
        return any(f.owner in self.owner for f in features)


# -- parameters shared by several kinds ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PropertyRef:
    """A number the rule does not write itself but reads from the game."""

    property: str | None = None
    """A counter property (or template field) holding it: each piece has its own."""
    map_property: str | None = None
    """A map property holding it: it depends on the map the piece is on."""


# -- rules ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleBase:
    """What every rule has: its identity, its citation, and which pieces and places it covers."""

    kind: ClassVar[RuleKind]
    """The checker that runs it (a class constant: one class per kind)."""
    id: str
    cite: str
    """The rulebook's own rule number, quoted in every violation."""
    text: str
    """The rule in a sentence a player understands."""
    severity: Severity = "error"
    when: When = "always"
    pieces: PieceSelector = PieceSelector()
    """The pieces it applies to (the empty selector: all of them)."""
    where: LocationSelector = LocationSelector()
    """The locations where it applies (the empty selector: everywhere)."""
    unless: str = ""
    """A condition that lifts the rule, in words; a checker reports it for a person to judge."""
    setups: frozenset[str] = frozenset()
    """The setups (scenarios) it applies to; empty: every one."""
    origin: Origin = Origin()
    """Where the rule is written, so a checker can report at the designer's line."""

    def applies_in(self, setup_id: str) -> bool:
        """True when the rule holds in this setup (scenario)."""
        return not self.setups or setup_id in self.setups


@dataclass(frozen=True, slots=True)
class StackingBonus:
    """Pieces allowed on top of a stacking limit."""

    pieces: PieceSelector = PieceSelector()
    count: int = 1
    """How many such pieces may be added."""


@dataclass(frozen=True, slots=True)
class StackingOverride:
    """Another stacking limit at some locations."""

    where: LocationSelector
    limit: int | None
    """None: unlimited there."""
    bonus: StackingBonus | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StackingRule(RuleBase):
    """At most ``limit`` pieces (or points) in one location."""

    kind: ClassVar[Literal["stacking"]] = "stacking"
    limit: int | None
    """None: unlimited (the rule may still forbid enemies sharing a location)."""
    points: str | None = None
    """A counter property summed instead of counting pieces."""
    per: StackingPer = "location"
    """Count all pieces together, or each side's or faction's apart."""
    exempt: PieceSelector | None = None
    """Pieces that never count."""
    mixed_sides: bool = False
    """Enemy pieces may share a location."""
    overrides: tuple[StackingOverride, ...] = ()
    bonus: StackingBonus | None = None

    def override_at(
        self, location: Location, index: SelectorIndex, controller: FactionId | None = None
    ) -> StackingOverride | None:
        """The first override whose locations include this one; None: the rule's own limit."""
        for override in self.overrides:
            if override.where.matches(location, index, controller):
                return override
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryRule(RuleBase):
    """Where pieces may be: never in ``forbid``, only in ``allow``."""

    kind: ClassVar[Literal["entry"]] = "entry"
    forbid: LocationSelector | None = None
    allow: LocationSelector | None = None
    aboard: PieceSelector | None = None
    """Carriers that lift it: a piece sharing a location with a friendly one rides it (how much
    it carries is a capacity rule's concern)."""

    def permits(
        self, location: Location, index: SelectorIndex, controller: FactionId | None = None
    ) -> bool:
        """True when the rule lets its pieces be at this location."""
        if self.forbid is not None and self.forbid.matches(location, index, controller):
            return False
        return self.allow is None or self.allow.matches(location, index, controller)


@dataclass(frozen=True, slots=True)
class UnlimitedAlong:
    """Moves of any length along some lines (DFF 2.2.5.3's railways): the whole move runs along
    them from a place on them, through friendly places, and, where the rule says so, neither
    begins nor ends in an enemy zone of control."""

    lines: frozenset[str]
    """Line types the move runs along; a line goes on across a map join when both of its
    neighbouring ends lie on one."""
    cite: str
    """The rulebook's number for it, quoted when such a move breaks it."""
    links: frozenset[str] = frozenset()
    """Link types between maps the move may take as part of the line (rail exits); a link
    that takes turns to cross ('delay') only where the move begins."""
    friendly_control: bool = True
    """Every place on the way is under friendly control (where a position says nothing of a
    place's control, a place an enemy piece stands in is not)."""
    ends_outside_zoc: bool = True
    """The move neither begins nor ends in an enemy zone of control."""


@dataclass(frozen=True, slots=True)
class ForcedMarch:
    """A longer move paid for with strength (DFF 2.2.5.1: half as far again for one strength
    point): the longer allowance, and what each piece that uses it loses."""

    cite: str
    allowance: int | PropertyRef | None = None
    """The longer allowance itself (a map's forced-march allowance, rounded as printed)."""
    factor: float | None = None
    """Or the allowance times this."""
    loss: int = 1
    """What a piece that marches loses: strength points of ``loss_property``, else steps."""
    loss_property: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementRule(RuleBase):
    """How far pieces move and what entering or crossing costs."""

    kind: ClassVar[Literal["movement"]] = "movement"
    allowance: int | PropertyRef
    costs: Mapping[str, MoveCost] = empty()
    """Terrain id → cost to enter."""
    hexside_costs: Mapping[str, MoveCost] = empty()
    """Hexside type → extra cost to cross."""
    line_costs: Mapping[str, float] = empty()
    """Line type → cost per location moved along it."""
    stop_on_enter: LocationSelector | None = None
    """Entering these ends the move."""
    line_ignores_hexsides: bool = True
    """A step along a line (a road, a railway) pays the line cost alone, its hexside too: the
    road's bridge crosses the river. False: the hexside cost is paid on top."""
    weather_costs: Mapping[str, float] = empty()
    """Weather → factor on every cost (rain doubling costs: 2); weather not listed: 1."""
    unlimited_along: UnlimitedAlong | None = None
    """Lines along which a move from a place on them has no limit (railways)."""
    forced_march: ForcedMarch | None = None
    """A longer allowance bought with strength."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ZocRule(RuleBase):
    """Zones of control: who exerts one, what it does and what stops it."""

    kind: ClassVar[Literal["zoc"]] = "zoc"
    exerted_by: PieceSelector
    blocked_by: frozenset[str] = frozenset()
    """Hexside or border types it does not cross."""
    not_into: LocationSelector | None = None
    effect: ZocEffect = "stop"
    bridged_by: frozenset[str] = frozenset()
    """Crossings that carry the zone across a blocking hexside: 'bridge' (every bridge of the
    maps) or line types (the bridges of roads, railways)."""
    cost: float = 1
    """Effect 'cost': the extra points a piece pays to enter a location in an enemy zone."""

    def __post_init__(self) -> None:
        """Sets from JSON lists."""
        object.__setattr__(self, "bridged_by", frozenset(self.bridged_by))


@dataclass(frozen=True, slots=True, kw_only=True)
class SupplyRule(RuleBase):
    """Supply: a path from a source, within a range, through allowed places."""

    kind: ClassVar[Literal["supply"]] = "supply"
    sources: LocationSelector | None = None
    """Places that supply the side that controls them (else whose owner the map prints)."""
    side_sources: Mapping[str, LocationSelector] = empty()
    """Side or faction id → places that supply it whoever controls them (a side's map edge,
    its home country's rear)."""
    source_pieces: PieceSelector | None = None
    """Pieces that are sources themselves (HQs, depots)."""
    range: int | PropertyRef | None = None
    """Path length; None: unlimited."""
    blocked_by: frozenset[str] = frozenset()
    bridged_by: frozenset[str] = frozenset()
    """Crossings a path may take over a ``blocked_by`` hexside: 'bridge' or line types."""
    through: LocationSelector | None = None
    """Where a path may pass; None: anywhere."""
    enemy_blocks: frozenset[SupplyBlock] = frozenset({"units"})
    """What of the enemy's blocks a path: 'units' (locations holding enemy pieces), 'zoc'
    (locations in an enemy zone of control, by the game's zoc rules), 'territory' (locations
    the enemy controls)."""
    zoc_unless_friendly: bool = True
    """A friendly piece in a location lifts the enemy zone there, for supply."""
    own_sources: bool = False
    """Only sources the unit's own faction controls (a power's home areas) supply it."""
    sea_legs: int = 0
    """How many sea legs (port, sea locations, port) a path may take."""
    range_by_weather: Mapping[str, int] = empty()
    """Weather → path length, instead of ``range`` in that weather."""
    range_measure: Literal["path", "distance"] = "path"
    """'path': the range counts the steps of the open path; 'distance': it counts the hexes
    from the source as the crow flies (on the source's map), and the open path joining them
    may be any length (an HQ's range, DFF 4.4.1)."""

    def __post_init__(self) -> None:
        """Sets from JSON lists."""
        object.__setattr__(self, "enemy_blocks", frozenset(self.enemy_blocks))
        object.__setattr__(self, "bridged_by", frozenset(self.bridged_by))


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterMixRule(RuleBase):
    """No more copies of a counter in play than the counter sheet has."""

    kind: ClassVar[Literal["counter-mix"]] = "counter-mix"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlacementRule(RuleBase):
    """Where pieces may be set up or arrive."""

    kind: ClassVar[Literal["placement"]] = "placement"
    at: LocationSelector


@dataclass(frozen=True, slots=True, kw_only=True)
class CapacityRule(RuleBase):
    """What a transporting piece may carry."""

    kind: ClassVar[Literal["capacity"]] = "capacity"
    carrier: PieceSelector
    cargo: PieceSelector
    limit: int | None
    """None: unlimited."""
    points: str | None = None
    """A cargo counter property summed instead of counting pieces."""


@dataclass(frozen=True, slots=True)
class VictoryLevel:
    """One level of victory: its name and the score it needs (places held, or points)."""

    name: str
    """'decisive', 'marginal'…"""
    at_least: float


@dataclass(frozen=True, slots=True, kw_only=True)
class VictoryRule(RuleBase):
    """A side wins by controlling (enough of) some locations."""

    kind: ClassVar[Literal["victory"]] = "victory"
    side: str | None = None
    """The side that wins; None: whichever side controls the places."""
    control: tuple[LocationKey, ...]
    count: int | None = None
    """How many of them; None: all."""
    check_at: str = ""
    """When it is checked, in words."""
    points: str | None = None
    """Score by this value of the places held ('vp': the locations' and features' values)
    instead of counting the places."""
    levels: tuple[VictoryLevel, ...] = ()
    """Levels from the highest down ('decisive', then 'marginal'); a score below every level
    is a draw. None given: one level, met by ``count`` places (or all of them)."""

    def __post_init__(self) -> None:
        """Levels from the highest score down, whatever order the source gave."""
        ordered = tuple(sorted(self.levels, key=lambda level: -level.at_least))
        object.__setattr__(self, "levels", ordered)

    @property
    def needed(self) -> int:
        """How many of the locations the side must control."""
        return len(self.control) if self.count is None else self.count


# -- combat -------------------------------------------------------------------------------------

CombatSide = Literal["attacker", "defender"]
Loss = Literal["units", "steps", "strength"]
"""What a combat's losses count: units, steps, or points of the units' strength (the counter
value they fire with)."""
ResultEffect = Literal["eliminated", "retreat", "exchange", "units", "steps", "shatter", "note"]
"""What a result does to a side: every unit removed, every survivor out of the location, the
defender removed and the attacker losing as much, a number of units or steps lost, the
survivors taken off the map (to return later), or a note a position cannot show."""


@dataclass(frozen=True, slots=True)
class OddsStep:
    """One step of an odds scale: from this ratio (or strength difference) up."""

    label: str
    """As the rulebook prints it: '3:2', '2-1', '+3'."""
    at_least: Fraction
    """The ratio attack/defence (or the difference attack - defence) it starts at."""
    modifier: int = 0
    """The die roll modifier it gives, on a table whose odds modify the roll."""


@dataclass(frozen=True, slots=True)
class CombatTable:
    """Combat on a results table: the strengths give odds; the odds give a column (or a die
    roll modifier); a roll on that column gives the result."""

    chart: str
    """The chart (of type 'crt') the result is read from."""
    odds: Literal["ratio", "differential"] = "ratio"
    attack: str = "attack"
    """The counter value each attacking unit adds to the attack."""
    defence: str = "defence"
    """The counter value each defending unit adds to the defence."""
    columns: tuple[OddsStep, ...] = ()
    """Odds → the chart's columns, in order (empty: the odds modify the roll instead, and the
    attacker picks the column)."""
    roll_modifiers: tuple[OddsStep, ...] = ()
    """Odds → a modifier to the roll, from the lowest odds up."""
    zero_defence: int | None = None
    """The roll modifier against a defence of 0 (None: the highest odds)."""
    die: str = ""
    """The dice rolled ('2d10'); empty: the chart's."""


@dataclass(frozen=True, slots=True)
class CombatFire:
    """Combat by dice: each unit (or each step) rolls and hits on a target number."""

    per: Literal["unit", "step"] = "unit"
    dice: int = 1
    """Dice rolled per unit or per step."""
    sides: int = 6
    hit: Literal["at-most", "at-least"] = "at-most"
    """A die hits when it rolls at most (or at least) the target."""
    attack: str | int = "attack"
    """The target of an attacking unit: a counter value, or a number for every unit."""
    defence: str | int = "defence"
    order: Literal["simultaneous", "defender-first"] = "simultaneous"
    hits: Loss = "units"
    """What each hit takes off the side that suffers it."""
    group: str = ""
    """A counter property whose value says which units fire together ('fires_as': armour or
    infantry); empty: the unit class."""


@dataclass(frozen=True, slots=True)
class CombatModifier:
    """Something the rules say changes a combat: where, when and for whom, and by how much."""

    id: str
    cite: str
    text: str
    """The reason, as players read it beside the number."""
    side: CombatSide | Literal["both"]
    """Whose units (or roll) it changes."""
    pieces: PieceSelector | None = None
    """Which of that side's units (None: all of them, or the roll as a whole)."""
    terrain: frozenset[str] = frozenset()
    """The defender's terrain must be one of these."""
    where: LocationSelector | None = None
    """The defender's location must be one of these."""
    across: frozenset[str] = frozenset()
    """Hexside (or border) types: an attacking unit attacking across one (side attacker: only
    those units; side defender: when they do)."""
    across_all: bool = False
    """With ``across``: only when every attacking unit attacks across one."""
    weather: frozenset[str] = frozenset()
    """Only in one of these weathers."""
    not_weather: frozenset[str] = frozenset()
    """Never in these weathers (armour gets no hit bonus in mud, Europe Engulfed 1.13); an
    unknown weather is none of them."""
    unless_enemy: PieceSelector | None = None
    """Only while the other side has none of these units (armour firing at infantry when no
    enemy armour is left)."""
    supported_by: PieceSelector | None = None
    """Only as many of the units as the side has of these (one infantry per artillery)."""
    declared: bool = False
    """Only when a player declares it for the combat (an exploitation, a card, an ace)."""
    shift: int = 0
    """Columns on the results table (+ toward the attacker's better odds)."""
    roll: int = 0
    """Added to the die roll (a table) or to each die (fire: a hit bonus; at-most: a higher
    target)."""
    strength: Fraction = Fraction(1)
    """Multiplier on the units' strength."""
    dice: Fraction = Fraction(1)
    """Multiplier on the side's dice (fractions rounded down)."""
    first: CombatSide | None = None
    """This side fires first, and the other side fires with what survives."""
    each: bool = False
    """A table's roll modifier counts once for each unit it applies to (-1 per corps)."""
    absorb: int = 0
    """Fire: hits of the other side each unit it applies to cancels (an attacking tank)."""

    def affects(self, side: CombatSide) -> bool:
        """True when it changes this side's units or roll."""
        return self.side in (side, "both")


@dataclass(frozen=True, slots=True)
class ResultCode:
    """One code printed in the results (or the outcome of a roll of dice) and its meaning."""

    code: str
    effect: ResultEffect
    side: CombatSide | None = None
    """Whom it strikes (None: the part of the cell it is printed in)."""
    count: Fraction = Fraction(0)
    """Units or steps lost, for 'units' and 'steps'."""
    text: str = ""
    cite: str = ""


@dataclass(frozen=True, slots=True)
class CombatResults:
    """How a results table's cells read."""

    codes: Mapping[str, ResultCode] = empty()
    split: str = ""
    """Cells 'attacker part<split>defender part' ('0.5/1R'); empty: one code per cell."""
    losses: Loss = "units"
    """What a number in a split cell counts."""
    none: frozenset[str] = frozenset({"", "-", "–", "—"})
    """What a cell (or part) holds for 'no effect'."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatRule(RuleBase):
    """How combat resolves where it applies: on a results table or by dice, with the
    modifiers and results the rulebook gives. Checked in logs, never on a position alone."""

    kind: ClassVar[Literal["combat"]] = "combat"
    table: CombatTable | None = None
    fire: CombatFire | None = None
    modifiers: tuple[CombatModifier, ...] = ()
    results: CombatResults = CombatResults()
    terrain_effects: bool = True
    """Apply the combat effects of game.json's terrain and hexside types (a table only)."""


Rule = (
    StackingRule
    | EntryRule
    | MovementRule
    | ZocRule
    | SupplyRule
    | CounterMixRule
    | PlacementRule
    | CapacityRule
    | VictoryRule
    | CombatRule
)
"""Any rule; ``rule.kind`` (or ``isinstance``) tells which."""

RULE_TYPES: Mapping[str, type[Rule]] = MappingProxyType(
    {
        cls.kind: cls
        for cls in (
            StackingRule,
            EntryRule,
            MovementRule,
            ZocRule,
            SupplyRule,
            CounterMixRule,
            PlacementRule,
            CapacityRule,
            VictoryRule,
            CombatRule,
        )
    }
)
"""Rule kind → its class."""
RULE_KINDS: tuple[str, ...] = tuple(RULE_TYPES)

COMMON_FIELDS = frozenset(f.name for f in fields(RuleBase))


def rule_parameters(kind: str) -> frozenset[str]:
    """The parameters a kind of rule takes besides the common ones (``unless`` and ``setups``
    included, as any rule may have them)."""
    names = {f.name for f in fields(RULE_TYPES[kind])}
    return frozenset(names - COMMON_FIELDS) | {"unless", "setups"}
