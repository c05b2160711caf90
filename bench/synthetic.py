"""Synthetic sources for the benchmark: big, deterministic, and valid."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from toolkit.geometry import HexGrid, format_label, hex_neighbors, offset_to_hex

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
TERRAIN = {".": "clear", "f": "forest", "h": "hills", "m": "mountain", "s": "swamp", "~": "lake"}
FACTIONS = [
    ("ge", "Germany", "#8c8c8c"),
    ("fr", "France", "#6f8fc8"),
    ("ru", "Russia", "#c8a06f"),
    ("ah", "Austria-Hungary", "#c8c06f"),
]


def _write(path: Path, data: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _game(folder: Path, game_id: str) -> None:
    _write(
        folder / "game.json",
        {
            "$schema": str(SCHEMAS / "game.schema.json"),
            "kind": "game",
            "id": game_id,
            "title": f"Benchmark {game_id}",
            "sides": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
            "factions": [
                {"id": i, "name": n, "side": "a" if k % 2 == 0 else "b", "color": c}
                for k, (i, n, c) in enumerate(FACTIONS)
            ],
            "terrain": [
                {"id": "clear", "name": "Clear", "color": "#f1ecd2"},
                {"id": "forest", "name": "Forest", "color": "#9cc489", "pattern": "trees"},
                {"id": "hills", "name": "Hills", "color": "#d9c08c", "pattern": "hills"},
                {"id": "mountain", "name": "Mountain", "color": "#b59c7a", "pattern": "mountains"},
                {"id": "swamp", "name": "Swamp", "color": "#a9c8a0", "pattern": "swamp"},
                {"id": "lake", "name": "Lake", "color": "#9cc7e4", "water": True},
            ],
            "hexsides": [{"id": "river", "name": "River", "style": "river"}],
            "lines": [{"id": "rail", "name": "Railway", "style": "rail"}],
        },
    )


def write_map_game(folder: Path, columns: int = 60, rows: int = 50, seed: int = 1914) -> int:
    """A game with one columns × rows hex map: terrain, a river, railways and named cities."""
    rng = random.Random(seed)
    _game(folder, "bench-map")
    grid = HexGrid("flat", columns, rows)
    chars = list(TERRAIN)
    weights = [60, 15, 10, 5, 6, 4]
    row_strings = [
        "".join(rng.choices(chars, weights)[0] for _ in range(columns)) for _ in range(rows)
    ]
    sides, hexes = [], []
    here = offset_to_hex(grid, 1, rows // 2)
    for step in range(columns - 1):
        nxt = offset_to_hex(grid, step + 2, rows // 2 + (step // 7) % 3 - 1)
        if nxt in hex_neighbors(here):
            sides.append(f"{format_label(grid, here)}/{format_label(grid, nxt)}")
        here = nxt
    for column in range(1, columns + 1):
        hexes.append(format_label(grid, offset_to_hex(grid, column, 3)))
    cities = [
        {
            "id": f"city-{n}",
            "type": "city",
            "name": f"Town {n}",
            "at": format_label(
                grid, offset_to_hex(grid, 2 + (n * 7) % (columns - 2), 2 + (n * 5) % (rows - 2))
            ),
            "values": {"vp": n % 3 + 1},
        }
        for n in range(40)
    ]
    _write(
        folder / "maps" / "big.json",
        {
            "$schema": str(SCHEMAS / "map.schema.json"),
            "kind": "map",
            "id": "big",
            "name": "Big Map",
            "grid": {"type": "hex", "columns": columns, "rows": rows, "hex_width": "0.75in"},
            "terrain": {"legend": TERRAIN, "rows": row_strings},
            "hexsides": [{"type": "river", "name": "Long River", "sides": sides}],
            "lines": [{"type": "rail", "path": hexes}],
            "features": cities,
        },
    )
    return columns * rows


def write_counter_game(folder: Path, count: int = 2000) -> int:
    """A game with ``count`` two-faced NATO counters read from a CSV."""
    _game(folder, "bench-counters")
    types = ["infantry", "cavalry", "armour", "artillery", "mountain", "headquarters"]
    lines = ["id,name,faction,type,size,attack,defence,move"]
    for n in range(count):
        faction = FACTIONS[n % len(FACTIONS)][0]
        lines.append(
            f"c{n:05d},Unit {n},{faction},{types[n % len(types)]},"
            f"{['division', 'corps', 'brigade'][n % 3]},{n % 9 + 1},{(n * 7) % 9 + 1},{n % 6 + 2}"
        )
    (folder / "counters").mkdir(parents=True, exist_ok=True)
    (folder / "counters" / "units.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _write(
        folder / "counters" / "units.json",
        {
            "$schema": str(SCHEMAS / "counters.schema.json"),
            "kind": "counters",
            "id": "units",
            "templates": [
                {
                    "id": "unit",
                    "size": "5/8in",
                    "fields": {
                        "type": {"type": "unit-type", "required": True},
                        "size": {"type": "echelon"},
                        "attack": {"type": "integer"},
                        "defence": {"type": "integer"},
                        "move": {"type": "integer"},
                    },
                    "front": [
                        {"draw": "echelon", "field": "size", "at": "top"},
                        {"draw": "unit-symbol", "field": "type", "at": "center"},
                        {
                            "draw": "text",
                            "text": "{attack}-{defence}-{move}",
                            "at": "bottom",
                            "bold": True,
                        },
                    ],
                    "back": {"style": "reduced", "derive": {"attack": "halve", "defence": "halve"}},
                }
            ],
            "csv": [{"file": "counters/units.csv", "template": "unit"}],
        },
    )
    return count


CARD_TEXT = (
    "Play at the start of your **movement** phase. One unit of the *{faction}* moves {n} extra "
    "hexes and may not attack this turn.\n\nIf it ends next to an enemy unit, that unit is "
    "**disrupted** until the end of the turn. *Discard after use.*"
)


def write_card_game(folder: Path, count: int) -> int:
    """``count`` event cards (a title, a two-paragraph body with bold and italic words, a year
    in a disc) read from a CSV, added to the game in ``folder``."""
    lines = ["id,title,faction,text,year"]
    for n in range(count):
        faction = FACTIONS[n % len(FACTIONS)]
        text = CARD_TEXT.format(faction=faction[1], n=n % 3 + 1).replace('"', '""')
        lines.append(f'e{n:05d},Event {n},{faction[0]},"{text}",{1914 + n % 5}')
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    (folder / "cards" / "events.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _write(
        folder / "cards" / "events.json",
        {
            "$schema": str(SCHEMAS / "cards.schema.json"),
            "kind": "cards",
            "id": "events",
            "templates": [
                {
                    "id": "event",
                    "size": "poker",
                    "fields": {"year": {"type": "integer"}},
                    "front": [
                        {"draw": "band", "area": [0, 0, 1, 0.17], "background": "faction"},
                        {"draw": "title", "area": [0.06, 0.03, 0.74, 0.11], "color": "white"},
                        {"draw": "disc", "field": "year", "at": "top-right"},
                        {"draw": "body", "area": [0.08, 0.22, 0.84, 0.70]},
                    ],
                    "back": {"background": "faction", "label": "Events"},
                }
            ],
            "csv": [{"file": "cards/events.csv", "template": "event"}],
        },
    )
    return count


def write_kit_game(folder: Path) -> None:
    """Both at once: 2000 two-faced counters and a 3000-hex map (the kit's bar)."""
    write_counter_game(folder)
    map_folder = folder / ".map"
    write_map_game(map_folder)
    (folder / "maps").mkdir(exist_ok=True)
    (map_folder / "maps" / "big.json").rename(folder / "maps" / "big.json")
    data = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    data["id"] = "bench-kit"
    _write(folder / "game.json", data)


def write_monster_game(
    folder: Path, scale: float = 1.0, counter_scale: float | None = None, cards: int = 0
) -> dict[str, int]:
    """The issue's monster game at ``scale``: 3000 hexes, 2000 two-faced counters, 10 charts,
    3 setups and its rules at 1.0 (hexes and counters grow with ``scale``; charts, setups and
    rules stay; ``counter_scale``, when given, scales the counters alone; ``cards`` adds that
    many event cards). Returns what it holds, by kind."""
    counters = round(2000 * (scale if counter_scale is None else counter_scale))
    columns, rows = round(60 * scale**0.5), round(50 * scale**0.5)
    write_counter_game(folder, counters)
    map_folder = folder / ".map"
    write_map_game(map_folder, columns, rows)
    (folder / "maps").mkdir(exist_ok=True)
    (map_folder / "maps" / "big.json").rename(folder / "maps" / "big.json")
    shutil.rmtree(map_folder)
    data = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    data["id"] = "bench-monster"
    _write(folder / "game.json", data)
    for n in range(10):
        _write(
            folder / "charts" / f"table-{n}.json",
            {
                "$schema": str(SCHEMAS / "chart.schema.json"),
                "kind": "chart",
                "id": f"table-{n}",
                "title": f"Table {n + 1}",
                "type": "table",
                "row_header": "Roll",
                "columns": [f"Column {c}" for c in range(6)],
                "rows": [
                    {"label": str(r + 1), "cells": [f"{(r * 7 + c * n) % 10}" for c in range(6)]}
                    for r in range(10)
                ],
            },
        )
    grid = HexGrid("flat", columns, rows)
    terrain = json.loads((folder / "maps" / "big.json").read_text(encoding="utf-8"))["terrain"]
    land = [
        format_label(grid, offset_to_hex(grid, column + 1, row + 1))
        for row, line in enumerate(terrain["rows"])
        for column, char in enumerate(line)
        if TERRAIN[char] != "lake"
    ]
    placed = min(len(land), counters // 4)
    for n in range(3):
        _write(
            folder / "setups" / f"scenario-{n}.json",
            {
                "$schema": str(SCHEMAS / "setup.schema.json"),
                "kind": "setup",
                "id": f"scenario-{n}",
                "name": f"Scenario {n + 1}",
                "turn": 1,
                "placements": [
                    {"at": at, "pieces": [f"c{k:05d}"]}
                    for k, at in enumerate(random.Random(n).sample(land, placed))
                ],
            },
        )
    _write(
        folder / "rules.json",
        {
            "$schema": str(SCHEMAS / "rules.schema.json"),
            "kind": "rules",
            "rules": [
                {
                    "id": "stacking",
                    "kind": "stacking",
                    "cite": "1.1",
                    "text": "At most two units in a hex.",
                    "limit": 2,
                    "pieces": {"faction": [f[0] for f in FACTIONS]},
                },
                {
                    "id": "no-lakes",
                    "kind": "entry",
                    "cite": "1.2",
                    "text": "No unit enters a lake.",
                    "pieces": {"faction": [f[0] for f in FACTIONS]},
                    "forbid": {"terrain": "lake"},
                },
            ],
        },
    )
    held = {"hexes": columns * rows, "counters": counters, "charts": 10, "setups": 3}
    if cards:
        held["cards"] = write_card_game(folder, cards)
    return held
