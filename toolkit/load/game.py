"""game.json → sides, factions, terrain, hexside and line types, turns, print options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from toolkit.catalogue import DEFAULT_LANGUAGE, languages
from toolkit.load.context import Context, get
from toolkit.load.formats import FORMAT_VERSION
from toolkit.load.jsonsource import Source
from toolkit.load.versions import checked_version
from toolkit.model.colourvision import MIN_DISTANCE, collapses
from toolkit.model.game import (
    CombatEffect,
    Dice,
    Faction,
    HexsideType,
    LineType,
    Phase,
    PrintOptions,
    Side,
    TerrainType,
    Turns,
)
from toolkit.model.values import contrast_ratio, contrasting_text, parse_colour, parse_length

DEFAULT_TERRAIN_COLOUR = "#f2efe4"


@dataclass
class GameParts:
    """What game.json contributes to the Game, before maps and counters join it."""

    fields: dict[str, Any] = field(default_factory=dict)


def colour(ctx: Context, source: Source, value: str | None, pointer: str, default: str) -> str:
    """A checked colour, or ``default`` (reporting a bad one)."""
    if value is None:
        return default
    try:
        return parse_colour(value)
    except ValueError as exc:
        ctx.error(source, "value.colour", str(exc), pointer)
        return default


def length(ctx: Context, source: Source, value: str | None, pointer: str, default: float) -> float:
    """A checked length in points, or ``default``."""
    if value is None:
        return default
    try:
        return parse_length(value)
    except ValueError as exc:
        ctx.error(source, "value.length", str(exc), pointer)
        return default


def frozen(mapping: dict[str, Any] | None) -> MappingProxyType[str, Any]:
    """A read-only copy of a JSON object."""
    return MappingProxyType(dict(mapping or {}))


def load_game_file(ctx: Context, source: Source) -> GameParts:
    """Check game.json and turn it into model values."""
    data = source.data
    parts = GameParts()
    f = parts.fields
    for key in ("id", "title", "subtitle", "publisher", "designer", "description"):
        if key in data:
            f[key] = data[key]
    f["language"] = _language(ctx, source, get(data, "language", DEFAULT_LANGUAGE))
    version = checked_version(ctx.report, source, get(data, "version", "1.0.0"), "/version")
    if version is not None:
        f["version"] = version
    f["year"] = data.get("year")
    declared = data.get("format")
    if declared is not None and declared > FORMAT_VERSION:
        ctx.error(
            source,
            "game.newer-format",
            f"this game is written for source format {declared}, newer than the {FORMAT_VERSION} "
            "this toolkit reads; update the toolkit",
            "/format",
        )
    ctx.format = declared
    f["format"] = declared
    f["sides"] = tuple(_sides(ctx, source, data.get("sides", [])))
    f["factions"] = tuple(_factions(ctx, source, data.get("factions", [])))
    f["dice"] = tuple(
        Dice(d.get("count", 1), d["sides"], d.get("name", "")) for d in data.get("dice", [])
    )
    f["terrain"] = tuple(_terrain(ctx, source, data.get("terrain", [])))
    f["hexside_types"] = tuple(_hexside_types(ctx, source, data.get("hexsides", [])))
    f["line_types"] = tuple(_line_types(ctx, source, data.get("lines", [])))
    f["turns"] = _turns(ctx, source, data.get("turns", {}))
    f["print"] = _print(ctx, source, data.get("print", {}))
    hidden = data.get("hidden", {})
    f["hidden_stacks"] = get(hidden, "stacks", "all")
    f["hidden_stacks_cite"] = get(hidden, "stacks_cite", "")
    f["see_through"] = tuple(hidden.get("see_through", ()))
    f["players"] = _players(ctx, source, data.get("players", {}))
    _colour_blind_pairs(ctx, source, f["factions"], data.get("factions", []), f["players"])
    f["module"] = frozen(data.get("module"))
    f["properties"] = frozen(data.get("properties"))
    return parts


def _language(ctx: Context, source: Source, code: str) -> str:
    """A language the catalogue speaks; another is reported and the game builds in English."""
    if code in languages():
        return code
    base = code.split("-")[0]
    if base in languages():
        return base  # 'fr-CA' prints as 'fr' until it has a catalogue of its own
    ctx.error(
        source,
        "game.unknown-language",
        f"language {code!r} has no catalogue of player text (known: {', '.join(languages())})",
        "/language",
    )
    return DEFAULT_LANGUAGE


def _sides(ctx: Context, source: Source, items: list[dict[str, Any]]) -> list[Side]:
    sides = []
    for i, item in enumerate(items):
        pointer = f"/sides/{i}"
        if ctx.declare(source, "side", item["id"], pointer + "/id"):
            sides.append(
                Side(
                    item["id"],
                    item["name"],
                    colour(ctx, source, item.get("color"), pointer + "/color", "#808080"),
                )
            )
    return sides


def _factions(ctx: Context, source: Source, items: list[dict[str, Any]]) -> list[Faction]:
    factions = []
    for i, item in enumerate(items):
        pointer = f"/factions/{i}"
        if not ctx.declare(source, "faction", item["id"], pointer + "/id"):
            continue
        ctx.check_ref(source, "side", item["side"], pointer + "/side")
        fill = colour(ctx, source, item["color"], pointer + "/color", "#808080")
        if item.get("text_color"):
            _check_contrast(ctx, source, fill, item, pointer + "/text_color")
        factions.append(
            Faction(
                id=item["id"],
                name=item["name"],
                side=item["side"],
                color=fill,
                text_color=colour(
                    ctx,
                    source,
                    item.get("text_color"),
                    pointer + "/text_color",
                    contrasting_text(fill),
                ),
                accent_color=colour(
                    ctx, source, item.get("accent_color"), pointer + "/accent_color", ""
                )
                or None,
                abbreviation=get(item, "abbreviation", ""),
                tags=frozenset(item.get("tags", [])),
                properties=frozen(item.get("properties")),
            )
        )
    return factions


MIN_CONTRAST = 4.5
"""WCAG 2's contrast ratio for body text (level AA): a counter's bold 6-8 pt text is far below
the 14 pt bold for which WCAG settles for 3:1."""


def _check_contrast(
    ctx: Context, source: Source, fill: str, item: dict[str, Any], pointer: str
) -> None:
    """Warn of a faction's own text colour that reads poorly on its colour."""
    try:
        text = parse_colour(item["text_color"])
    except ValueError:
        return  # reported where the colour is read
    ratio = contrast_ratio(fill, text)
    if ratio < MIN_CONTRAST:
        ctx.warn(
            source,
            "faction.low-contrast",
            f"text colour {text} on {fill} has a contrast ratio of {ratio:.1f}:1, under the "
            f"{MIN_CONTRAST:g}:1 WCAG asks of body text; darken or lighten one of them, or leave "
            "text_color out to have black or white chosen",
            pointer,
        )


def _colour_blind_pairs(
    ctx: Context,
    source: Source,
    factions: tuple[Faction, ...],
    items: list[dict[str, Any]],
    players: Mapping[str, Any],
) -> None:
    """Warn, at the later faction's colour, of two enemy factions whose colours collapse for
    colour-blind players (:mod:`toolkit.model.colourvision`: Machado 2009, CIEDE2000).

    Only factions of different sides are compared (a player must tell friend from foe, while
    allies sharing a family of colours is often the designer's intent), and, when the game
    seats its players, only the factions someone plays (not the minor neutrals)."""
    seats = players.get("seats", {})
    played = {f for groups in seats.values() for group in groups for f in group}
    compared = [f for f in factions if not played or f.id in played]
    index: dict[str, int] = {}
    for i, item in enumerate(items):
        index.setdefault(str(item.get("id")), i)
    for j, later in enumerate(compared):
        for earlier in compared[:j]:
            if earlier.side == later.side:
                continue
            found = collapses(earlier.color, later.color)
            if not found:
                continue
            seen = ", ".join(f"{name} (ΔE00 {value:g})" for name, value in found)
            ctx.warn(
                source,
                "faction.colour-blind",
                f"{later.name!r} ({later.color}) and {earlier.name!r} ({earlier.color}) are hard "
                f"to tell apart with {seen}, where {MIN_DISTANCE:g} is needed; make one of them "
                "lighter or darker (a difference in lightness survives every colour deficiency)",
                f"/factions/{index[later.id]}/color",
            )


def combat_effect(data: dict[str, Any] | None) -> CombatEffect | None:
    """A terrain's or hexside's combat effect (the schema has checked its fields)."""
    if data is None:
        return None
    return CombatEffect(
        float(get(data, "defence", 1.0)), int(get(data, "shift", 0)), get(data, "note", "")
    )


def _terrain(ctx: Context, source: Source, items: list[dict[str, Any]]) -> list[TerrainType]:
    terrain = []
    for i, item in enumerate(items):
        pointer = f"/terrain/{i}"
        if ctx.declare(source, "terrain", item["id"], pointer + "/id"):
            terrain.append(
                TerrainType(
                    item["id"],
                    item["name"],
                    colour(
                        ctx, source, item.get("color"), pointer + "/color", DEFAULT_TERRAIN_COLOUR
                    ),
                    get(item, "pattern", "none"),
                    bool(item.get("water", False)),
                    frozen(item.get("properties")),
                    combat_effect(item.get("combat")),
                )
            )
    return terrain


def _hexside_types(ctx: Context, source: Source, items: list[dict[str, Any]]) -> list[HexsideType]:
    types = []
    for i, item in enumerate(items):
        pointer = f"/hexsides/{i}"
        if ctx.declare(source, "hexside type", item["id"], pointer + "/id"):
            types.append(
                HexsideType(
                    item["id"],
                    item["name"],
                    colour(ctx, source, item.get("color"), pointer + "/color", "#2b6cb0"),
                    get(item, "style", "river"),
                    frozen(item.get("properties")),
                    combat_effect(item.get("combat")),
                )
            )
    return types


def _line_types(ctx: Context, source: Source, items: list[dict[str, Any]]) -> list[LineType]:
    types = []
    for i, item in enumerate(items):
        pointer = f"/lines/{i}"
        if ctx.declare(source, "line type", item["id"], pointer + "/id"):
            types.append(
                LineType(
                    item["id"],
                    item["name"],
                    colour(ctx, source, item.get("color"), pointer + "/color", "#333333"),
                    get(item, "style", "road"),
                    frozen(item.get("properties")),
                )
            )
    return types


def _turns(ctx: Context, source: Source, data: dict[str, Any]) -> Turns:
    for i, who in enumerate(data.get("order", [])):
        known = list(ctx.known("faction")) + list(ctx.known("side"))
        ctx.check_ref(source, "faction", who, f"/turns/order/{i}", known)
    phases = []
    for i, phase in enumerate(data.get("phases", [])):
        if ctx.declare(source, "phase", phase["id"], f"/turns/phases/{i}/id"):
            phases.append(Phase(phase["id"], phase["name"], get(phase, "cite", "")))
    first, last = data.get("first", 1), data.get("last")
    if last is not None and last < first:
        ctx.error(
            source,
            "range.malformed",
            f"last turn {last} comes before first turn {first}",
            "/turns/last",
        )
    return Turns(
        first, last, tuple(data.get("labels", [])), tuple(data.get("order", [])), tuple(phases)
    )


def _print(ctx: Context, source: Source, data: dict[str, Any]) -> PrintOptions:
    offset = data.get("back_offset", ["0mm", "0mm"])
    return PrintOptions(
        paper=get(data, "paper", "letter"),
        duplex=get(data, "duplex", "long-edge"),
        bleed=length(ctx, source, data.get("bleed"), "/print/bleed", 9.0),
        gutter=None
        if data.get("gutter") is None
        else length(ctx, source, data["gutter"], "/print/gutter", 0.0),
        back_offset=(
            length(ctx, source, offset[0], "/print/back_offset/0", 0.0),
            length(ctx, source, offset[1], "/print/back_offset/1", 0.0),
        ),
        maps=get(data, "maps", "tiled"),
        sheets=get(data, "sheets", "by-faction"),
        charts=get(data, "charts", "packed"),
        dpi=get(data, "dpi", 150),
    )


def _players(ctx: Context, source: Source, data: dict[str, Any]) -> MappingProxyType[str, Any]:
    seats = data.get("seats", {})
    for count, groups in seats.items():
        for g, group in enumerate(groups):
            for s, faction in enumerate(group):
                ctx.check_ref(source, "faction", faction, f"/players/seats/{count}/{g}/{s}")
    if "min" in data and "max" in data and data["min"] > data["max"]:
        ctx.error(source, "range.malformed", "players: min is larger than max", "/players/min")
    return frozen(data)
