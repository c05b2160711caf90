"""A synthetic game of any size, written as real sources, for kit scale tests and the benchmark.

Run ``python -m tests.kit.synthetic DIR [COUNTERS] [COLUMNS] [ROWS]`` to write one by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TYPES = ("infantry", "armour", "artillery", "cavalry", "engineer", "reconnaissance")
SIZES = ("division", "brigade", "regiment", "battalion")


def write_synthetic_game(folder: Path, counters: int = 2000, columns: int = 60,
                         rows: int = 50) -> Path:
    """Write a game of ``counters`` two-faced counters (CSV) and a ``columns``×``rows`` hex map."""
    root = Path(__file__).resolve().parents[2] / "schemas"
    (folder / "counters").mkdir(parents=True, exist_ok=True)
    (folder / "maps").mkdir(exist_ok=True)
    game = {
        "$schema": str(root / "game.schema.json"), "kind": "game", "id": "synthetic",
        "title": "Synthetic Front", "version": "1.0",
        "sides": [{"id": "a", "name": "Axis", "color": "#555555"},
                  {"id": "b", "name": "Allies", "color": "#2f5aa8"}],
        "factions": [{"id": "ge", "name": "Germany", "side": "a", "color": "#9a9a9a"},
                     {"id": "su", "name": "Soviet Union", "side": "b", "color": "#c9734f"}],
        "terrain": [{"id": "clear", "name": "Clear", "color": "#f1ecd2"},
                    {"id": "forest", "name": "Forest", "color": "#9cc489", "pattern": "trees"}],
        "print": {"paper": "letter", "duplex": "long-edge", "bleed": "1/8in"},
    }
    (folder / "game.json").write_text(json.dumps(game, indent=1), encoding="utf-8")
    template = {
        "id": "unit", "size": "5/8in",
        "fields": {"type": {"type": "unit-type", "required": True},
                   "size": {"type": "echelon", "default": "division"},
                   "designation": {"type": "text"},
                   "attack": {"type": "integer", "required": True},
                   "defence": {"type": "integer", "required": True},
                   "move": {"type": "integer", "required": True}},
        "front": [{"draw": "echelon", "field": "size", "at": "top"},
                  {"draw": "unit-symbol", "field": "type", "at": "center"},
                  {"draw": "text", "text": "{designation}", "at": "left", "size": 6},
                  {"draw": "text", "text": "{attack}-{defence}-{move}", "at": "bottom",
                   "bold": True, "size": 8}],
        "back": {"style": "reduced", "derive": {"attack": "halve", "defence": "halve"}},
    }
    sheet = {"$schema": str(root / "counters.schema.json"), "kind": "counters", "id": "units",
             "templates": [template], "csv": [{"file": "counters/units.csv", "template": "unit"}]}
    (folder / "counters" / "units.json").write_text(json.dumps(sheet, indent=1), encoding="utf-8")
    lines = ["id,name,faction,type,size,designation,attack,defence,move"]
    for i in range(counters):
        faction = "ge" if i % 2 == 0 else "su"
        lines.append(f"{faction}-{i},Unit {i},{faction},{TYPES[i % len(TYPES)]},"
                     f"{SIZES[i % len(SIZES)]},{i % 100},{4 + i % 5},{3 + i % 4},{3 + i % 3}")
    (folder / "counters" / "units.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    terrain = [" ".join("f" if (c * 7 + r * 3) % 11 == 0 else "." for c in range(columns))
               for r in range(rows)]
    the_map = {"$schema": str(root / "map.schema.json"), "kind": "map", "id": "front",
               "name": "The Front",
               "grid": {"type": "hex", "orientation": "flat", "columns": columns, "rows": rows,
                        "shifted": "even", "hex_width": "0.75in"},
               "terrain": {"default": "clear", "legend": {".": "clear", "f": "forest"},
                           "rows": terrain}}
    (folder / "maps" / "front.json").write_text(json.dumps(the_map, indent=1), encoding="utf-8")
    return folder


if __name__ == "__main__":
    arguments = sys.argv[1:]
    sizes = [int(a) for a in arguments[1:4]]
    print(write_synthetic_game(Path(arguments[0]), *sizes))
