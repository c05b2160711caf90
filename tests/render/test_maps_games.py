"""Synthetic games for the map tests, written as real source folders and loaded by the loader.

Building games from JSON (rather than constructing model objects by hand) keeps the tests on
the same path as a designer's sources; each builder returns a loaded Game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolkit.load import load_game
from toolkit.load.maps import FEATURE_TYPES as MODEL_FEATURE_TYPES
from toolkit.model import Game

TERRAIN = [
    {"id": "clear", "name": "Clear", "color": "#f1ecd2"},
    {"id": "forest", "name": "Forest", "color": "#9cc489", "pattern": "trees"},
    {"id": "hills", "name": "Hills", "color": "#d9c08c", "pattern": "hills"},
    {"id": "mountain", "name": "Mountain", "color": "#b9a58a", "pattern": "mountains"},
    {"id": "peaks", "name": "High peaks", "color": "#a59a8e", "pattern": "peaks"},
    {"id": "swamp", "name": "Swamp", "color": "#a9c8a0", "pattern": "swamp"},
    {"id": "marsh", "name": "Marsh", "color": "#c4d8b0", "pattern": "marsh"},
    {"id": "desert", "name": "Desert", "color": "#eedc9a", "pattern": "dunes"},
    {"id": "steppe", "name": "Steppe", "color": "#e3dcae", "pattern": "dots"},
    {"id": "rough", "name": "Rough", "color": "#cbbf9f", "pattern": "rough"},
    {"id": "urban", "name": "Urban", "color": "#c9c2bb", "pattern": "city"},
    {"id": "jungle", "name": "Jungle", "color": "#6fa15f", "pattern": "jungle"},
    {"id": "ice", "name": "Ice", "color": "#eef4f7", "pattern": "ice"},
    {"id": "sea", "name": "Sea", "color": "#9cc7e4", "water": True},
]
HEXSIDES = [
    {"id": "river", "name": "River", "color": "#3b7dc4", "style": "river"},
    {"id": "canal", "name": "Canal", "color": "#2b6cb0", "style": "canal"},
    {"id": "strait", "name": "Strait", "color": "#2b6cb0", "style": "strait"},
    {"id": "wall", "name": "Wall", "color": "#555555", "style": "wall"},
    {"id": "fortified", "name": "Fortified line", "color": "#8b1a1a", "style": "fortified"},
    {"id": "impassable", "name": "Impassable", "color": "#222222", "style": "impassable"},
    {"id": "alpine", "name": "Alpine", "color": "#6b4f3a", "style": "alpine"},
    {"id": "border", "name": "Border", "color": "#7a3e9d", "style": "dashed"},
]
LINES = [
    {"id": "rail", "name": "Railway", "color": "#1a1a1a", "style": "rail"},
    {"id": "road", "name": "Road", "color": "#8a5a2b", "style": "road"},
    {"id": "track", "name": "Track", "color": "#8a5a2b", "style": "track"},
    {"id": "lane", "name": "Sea lane", "color": "#1f4e8c", "style": "sea-lane"},
    {"id": "air", "name": "Air route", "color": "#5f6f7f", "style": "air-route"},
]
FACTIONS = [
    {"id": "bl", "name": "Blue Army", "side": "blue", "color": "#7da7d9"},
    {"id": "rd", "name": "Red Army", "side": "red", "color": "#e8a49c"},
]
FEATURE_TYPES = list(MODEL_FEATURE_TYPES)


def write_game(root: Path, maps: list[dict[str, Any]], **game: Any) -> Game:
    """Write game.json and maps/*.json under ``root``, load them, and return the Game."""
    root.mkdir(parents=True, exist_ok=True)
    data = {
        "kind": "game",
        "id": "test",
        "title": "Test Game",
        "sides": [{"id": "blue", "name": "Blue"}, {"id": "red", "name": "Red"}],
        "factions": FACTIONS,
        "terrain": TERRAIN,
        "hexsides": HEXSIDES,
        "lines": LINES,
    }
    data.update(game)
    (root / "game.json").write_text(json.dumps(data), encoding="utf-8")
    (root / "maps").mkdir(exist_ok=True)
    for the_map in maps:
        the_map = {"kind": "map", **the_map}
        (root / "maps" / f"{the_map['id']}.json").write_text(json.dumps(the_map), encoding="utf-8")
    result = load_game(root)
    assert result.game is not None, result.report.format_text()
    return result.game


def showcase_hex_map(**grid: Any) -> dict[str, Any]:
    """A hex map (12 x 9 by default) using every terrain, hexside, line and feature type."""
    columns, rows = grid.get("columns", 12), grid.get("rows", 9)
    first_column, first_row = grid.get("first_column", 1), grid.get("first_row", 1)

    def at(c: int, r: int) -> str:
        """Label of the c-th column and r-th row (1-based, whatever the numbering)."""
        return f"{first_column + c - 1:02d}{first_row + r - 1:02d}"

    ids = [t["id"] for t in TERRAIN]
    terrain_hexes: dict[str, list[str]] = {}
    for c in range(1, columns + 1):
        for r in range(1, rows + 1):
            terrain_hexes.setdefault(ids[(c * 3 + r * 5) % len(ids)], []).append(at(c, r))
    features = []
    for i, kind in enumerate(FEATURE_TYPES):
        c, r = 2 + (i * 5) % (columns - 2), 2 + (i * 3) % (rows - 2)
        features.append(
            {
                "type": kind,
                "at": at(c, r),
                "name": f"{kind.title()} {i}",
                "owner": "bl" if i % 2 else "rd",
                "values": {"vp": i % 3 + 1},
            }
        )
    hexsides = [
        {"type": h["id"], "sides": [f"{at(i + 2, 1)}/{at(i + 2, 2)}"]}
        for i, h in enumerate(HEXSIDES)
        if i + 2 <= columns
    ]
    hexsides.append(
        {
            "type": "river",
            "sides": [f"{at(1, rows - 1)}/{at(1, rows)}", f"{at(1, 1)}/nw", f"{at(columns, 3)}/ne"],
        }
    )
    lines = [
        {"type": line["id"], "path": [at(c, j + 5) for c in range(1, min(6, columns + 1))]}
        for j, line in enumerate(LINES[:4])
        if j + 5 <= rows
    ]
    return {
        "id": "showcase",
        "name": "Showcase",
        "grid": {"type": "hex", "columns": columns, "rows": rows, **grid},
        "terrain": {"default": "clear", "hexes": terrain_hexes},
        "hexsides": hexsides,
        "lines": lines,
        "features": features,
        "compass": True,
        "scale": {"label": "5 km"},
        "boxes": [
            {"id": "turn", "name": "Turn", "cells": ["1", "2", "3", "4", "5"], "columns": 5},
            {
                "id": "pool",
                "name": "Blue pool",
                "owner": "bl",
                "at": [0.1, 0.1],
                "width": "1in",
                "height": "0.6in",
            },
        ],
        "links": [{"from": at(columns, 5), "to": f"showcase:{at(1, 1)}", "name": "to North"}],
    }
