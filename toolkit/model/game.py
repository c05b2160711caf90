"""The whole game as one typed, immutable value: what every output is a pure function of."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.model.base import empty
from toolkit.model.card import Card, CardTemplate, Cup, Deck
from toolkit.model.chart import Chart
from toolkit.model.counter import Counter, Template
from toolkit.model.indexes import LinkEnd, LocationIndex, link_index, location_index
from toolkit.model.map import Location, LocationKey, Map
from toolkit.model.rules import Rule
from toolkit.model.scenario import Setup

Scalar = float | int | str | bool | None
FactionId = str
SideId = str

EMPTY: Mapping[str, Scalar] = empty()


@dataclass(frozen=True, slots=True)
class Side:
    """An alliance that wins or loses together."""

    id: SideId
    name: str
    color: str


@dataclass(frozen=True, slots=True)
class Faction:
    """A power or nation; counters belong to one."""

    id: FactionId
    name: str
    side: SideId
    color: str
    text_color: str
    """Text and symbols on its counters: given, or black/white by contrast with ``color``."""
    accent_color: str | None = None
    abbreviation: str = ""
    tags: frozenset[str] = frozenset()
    properties: Mapping[str, Scalar] = empty()


@dataclass(frozen=True, slots=True)
class CombatEffect:
    """What a terrain or a hexside does to combat: the defender's strength multiplied, the odds
    column shifted (negative: toward the attacker's worse odds), and a note for the chart."""

    defence: float = 1.0
    """Multiplier on the defender's strength (2: doubled)."""
    shift: int = 0
    """Columns the attack shifts on the combat results table (-1: one column left)."""
    note: str = ""
    """What the chart prints besides the numbers ('attacker may not advance')."""


NO_EFFECT = CombatEffect()


@dataclass(frozen=True, slots=True)
class TerrainType:
    """A terrain a hex or area can have, and how it is drawn."""

    id: str
    name: str
    color: str
    pattern: str = "none"
    water: bool = False
    properties: Mapping[str, Scalar] = empty()
    combat: CombatEffect | None = None
    """Its effect on a defender in it (None: none declared)."""


@dataclass(frozen=True, slots=True)
class HexsideType:
    """A kind of hexside or border: river, strait, alpine pass…"""

    id: str
    name: str
    color: str
    style: str = "river"
    properties: Mapping[str, Scalar] = empty()
    combat: CombatEffect | None = None
    """Its effect when every attacker attacks across it (None: none declared)."""


@dataclass(frozen=True, slots=True)
class LineType:
    """A kind of line across hexes or areas: railway, road…"""

    id: str
    name: str
    color: str
    style: str = "road"
    properties: Mapping[str, Scalar] = empty()


@dataclass(frozen=True, slots=True)
class Dice:
    """Dice rolled together."""

    count: int
    sides: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a turn."""

    id: str
    name: str
    cite: str = ""


@dataclass(frozen=True, slots=True)
class Turns:
    """The turn structure."""

    first: int = 1
    last: int | None = None
    labels: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    phases: tuple[Phase, ...] = ()


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """Defaults for the print-and-play kit; lengths in points."""

    paper: str = "letter"
    duplex: str = "long-edge"
    bleed: float = 9.0
    gutter: float | None = None
    """Space between counters, and between cards; None (unset): counters butt, and cards stand
    apart by as much as the paper leaves, up to twice the bleed."""
    back_offset: tuple[float, float] = (0.0, 0.0)
    maps: str = "tiled"
    dpi: int = 150
    sheets: str = "by-faction"
    """'by-faction': each faction starts a new counter sheet; 'packed': sheets are filled."""
    charts: str = "packed"
    """'packed': charts that fit together share a page; 'one-per-page': each has its own."""


@dataclass(frozen=True)
class Game:
    """A validated game: sources in, typed values out; no later stage reads JSON again."""

    id: str
    title: str
    folder: Path
    """The game folder; asset paths in the model are inside it (the loader checked)."""
    version: str = "1.0.0"
    """A semantic version (a short one in the sources is padded: "1.0" → "1.0.0")."""
    format: int | None = None
    """The source format game.json declares (None: none declared)."""
    subtitle: str = ""
    language: str = "en"
    """The language of the player text: the catalogue the kit, charts and module print from."""
    publisher: str = ""
    designer: str = ""
    year: int | None = None
    description: str = ""
    players: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    sides: tuple[Side, ...] = ()
    factions: tuple[Faction, ...] = ()
    dice: tuple[Dice, ...] = ()
    turns: Turns = Turns()
    terrain: tuple[TerrainType, ...] = ()
    hexside_types: tuple[HexsideType, ...] = ()
    line_types: tuple[LineType, ...] = ()
    print: PrintOptions = PrintOptions()
    module: Mapping[str, Scalar] = empty()
    properties: Mapping[str, Scalar] = empty()
    maps: tuple[Map, ...] = ()
    templates: tuple[Template, ...] = ()
    counters: tuple[Counter, ...] = ()
    charts: tuple[Chart, ...] = ()
    setups: tuple[Setup, ...] = ()
    rules: tuple[Rule, ...] = ()
    card_templates: tuple[CardTemplate, ...] = ()
    cards: tuple[Card, ...] = ()
    decks: tuple[Deck, ...] = ()
    cups: tuple[Cup, ...] = ()
    hidden_stacks: str = "all"
    """'top': the other side sees only a stack's top piece (its owner sees them all)."""
    hidden_stacks_cite: str = ""
    see_through: tuple[str, ...] = ()
    """Counter classes that hide nothing under them where stacks show only their top: the
    other side sees down to the first piece of another class (DFF 4.3: markers and supply)."""
    locations: Mapping[str, Location] = field(default_factory=lambda: MappingProxyType({}))
    """Every location of every map and display, by key ('map:label')."""
    places: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Feature ids → location keys, so sources may write 'verdun' for 'west:0712'."""
    sources: Mapping[str, bytes] = field(default_factory=lambda: MappingProxyType({}), repr=False)
    """Every source file the game was loaded from, by its path inside the game folder, so an
    output (a module) can carry the game itself."""
    counter_sources: frozenset[str] = frozenset()
    """Which of ``sources`` hold only templates and counters (kind "counters" and the CSV tables
    they read): nothing else is drawn from them, so a counter's edit leaves maps and charts be."""

    def faction(self, faction_id: FactionId) -> Faction:
        """The faction with this id.

        :raises KeyError: unknown id (the loader has checked every reference in the sources).
        """
        return self._index["faction"][faction_id]  # type: ignore[return-value]

    def side(self, side_id: SideId) -> Side:
        """The side with this id."""
        return self._index["side"][side_id]  # type: ignore[return-value]

    def map(self, map_id: str) -> Map:
        """The map with this id."""
        return self._index["map"][map_id]  # type: ignore[return-value]

    def counter(self, counter_id: str) -> Counter:
        """The counter with this id."""
        return self._index["counter"][counter_id]  # type: ignore[return-value]

    def template(self, template_id: str) -> Template:
        """The counter template with this id."""
        return self._index["template"][template_id]  # type: ignore[return-value]

    def chart(self, chart_id: str) -> Chart:
        """The chart with this id."""
        return self._index["chart"][chart_id]  # type: ignore[return-value]

    def setup(self, setup_id: str) -> Setup:
        """The setup with this id."""
        return self._index["setup"][setup_id]  # type: ignore[return-value]

    def card(self, card_id: str) -> Card:
        """The card with this id."""
        return self._index["card"][card_id]  # type: ignore[return-value]

    def card_template(self, template_id: str) -> CardTemplate:
        """The card template with this id."""
        return self._index["card_template"][template_id]  # type: ignore[return-value]

    def deck(self, deck_id: str) -> Deck:
        """The deck with this id."""
        return self._index["deck"][deck_id]  # type: ignore[return-value]

    def cup(self, cup_id: str) -> Cup:
        """The cup with this id."""
        return self._index["cup"][cup_id]  # type: ignore[return-value]

    def terrain_type(self, terrain_id: str) -> TerrainType:
        """The terrain type with this id."""
        return self._index["terrain"][terrain_id]  # type: ignore[return-value]

    def rule(self, rule_id: str) -> Rule:
        """The rule with this id.

        :raises KeyError: unknown id, with the close ones (a checker or a test may name a rule
            that a designer has since renamed).
        """
        rules = self._index["rule"]
        if rule_id not in rules:
            raise KeyError(f"no rule {rule_id!r} in {self.id!r}{did_you_mean(rule_id, rules)}")
        return rules[rule_id]  # type: ignore[return-value]

    # -- indexes behind toolkit.model.queries and toolkit.model.references, built on first use --

    @functools.cached_property
    def location_table(self) -> LocationIndex:
        """Maps, keys, places and bare labels indexed for resolving references."""
        return location_index(self.maps, self.charts, self.locations, self.places)

    @functools.cached_property
    def link_index(self) -> Mapping[LocationKey, tuple[LinkEnd, ...]]:
        """Every linked location's links to other maps, both ways."""
        return link_index(self.maps)

    @functools.cached_property
    def _index(self) -> dict[str, dict[str, object]]:
        """Every id-bearing tuple as a dict, built once: lookups stay O(1) however big the game."""
        groups: dict[str, tuple[Any, ...]] = {
            "faction": self.factions,
            "side": self.sides,
            "map": self.maps,
            "counter": self.counters,
            "template": self.templates,
            "chart": self.charts,
            "setup": self.setups,
            "terrain": self.terrain,
            "rule": self.rules,
            "card": self.cards,
            "card_template": self.card_templates,
            "deck": self.decks,
            "cup": self.cups,
        }
        return {name: {item.id: item for item in items} for name, items in groups.items()}
