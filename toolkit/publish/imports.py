"""The way back: a position set up by hand in VASSAL (a saved game of a module we built) as a
scenario source, so an author can set up visually and keep the declarative scenario.json.

The pieces come from the saved game, read with the module's own boards; what a saved game does
not hold (title, author, special rules, victory conditions, control, reinforcements, waivers)
comes from an existing scenario when one is given, else from a skeleton to fill in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.check import read_save
from toolkit.diagnostics import Report
from toolkit.model import Game
from toolkit.model.position import Piece, Position

SCHEMA_REF = "../../../schemas/scenario.schema.json"
"""Where a scenario folder laid out as scenarios/<game>/<id>/ finds its schema."""
POSITION_KEYS = ("placements",)
"""What an import replaces in an existing scenario: the pieces on the map."""


@dataclass(frozen=True)
class Imported:
    """The scenario source made from a saved game (None if the save cannot be read)."""

    scenario: dict[str, Any] | None
    report: Report
    """The save's problems: pieces the game does not know are warnings, never dropped
    silently."""


def scenario_from_save(
    game: Game,
    save_path: Path,
    base: dict[str, Any] | None = None,
    notes: Mapping[str, str] | None = None,
) -> Imported:
    """A scenario.json document with the saved game's pieces as its placements; the rest
    from ``base`` (an existing scenario's document), or a skeleton named after the file.
    ``notes``: location key → the note the base scenario prints for its placement there."""
    position, report = read_save(game, save_path)
    if position is None or report.errors:  # e.g. two savedGame entries: which game is it?
        return Imported(None, report)
    document = dict(base) if base is not None else skeleton(game, save_path.stem)
    document["placements"] = placements(game, position, notes or {})
    return Imported(_ordered(document), report)


def skeleton(game: Game, name: str) -> dict[str, Any]:
    """What an author fills in: a scenario of ``game`` named after the saved game."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-") or "scenario"
    return {
        "$schema": SCHEMA_REF,
        "kind": "scenario",
        "id": slug[:64],
        "title": name or slug,
        "author": "unknown",
        "version": "1.0.0",
        "game": game.id,
        "game_versions": {"min": game.version},
        "description": f"Imported from the VASSAL saved game {name}.",
        "first_turn": game.turns.first,
    }


def placements(
    game: Game, position: Position, notes: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The position's pieces grouped by location, in the order the save holds them; copies of
    the same counter showing the same face one after the other are counted, not repeated."""
    by_place: dict[str, list[Any]] = {}
    for piece in position.pieces:
        if piece.location is None:
            continue
        entries = by_place.setdefault(piece.location, [])
        entry = _entry(game, piece)
        last = entries[-1] if entries else None
        if last is not None and _same(last, entry):
            entries[-1] = _counted(last, _count(last) + 1)
        else:
            entries.append(entry)
    found = []
    for at, pieces in by_place.items():
        note = (notes or {}).get(at)
        found.append({"at": at, "pieces": pieces} | ({"note": note} if note else {}))
    return found


def _entry(game: Game, piece: Piece) -> Any:
    """A piece as a setup writes it: a bare counter id when it shows its front at full
    strength for its own faction."""
    counter = game.counter(piece.counter)
    entry: dict[str, Any] = {"counter": piece.counter}
    if piece.face != counter.front.id:
        entry["face"] = piece.face
        if counter.face(piece.face).conceals and piece.step != counter.steps:
            entry["step"] = piece.step
    if piece.owner is not None and piece.owner != counter.faction:
        entry["owner"] = piece.owner
    return piece.counter if len(entry) == 1 else entry


def _same(a: Any, b: Any) -> bool:
    """Two entries of the same counter, face, step and owner (whatever their counts)."""
    return bool(_uncounted(a) == _uncounted(b))


def _uncounted(entry: Any) -> Any:
    return entry if isinstance(entry, str) else {k: v for k, v in entry.items() if k != "count"}


def _count(entry: Any) -> int:
    return 1 if isinstance(entry, str) else int(entry.get("count", 1))


def _counted(entry: Any, count: int) -> dict[str, Any]:
    base = {"counter": entry} if isinstance(entry, str) else dict(entry)
    base["count"] = count
    return base


KEY_ORDER = (
    "$schema", "kind", "id", "title", "author", "version", "game", "game_versions",
    "description", "special_rules", "victory", "victory_rules", "first_turn", "last_turn",
    "phase", "first", "area", "placements", "control", "reinforcements", "waivers", "globals",
)  # fmt: skip
"""The order a scenario.json is written in: what a reader wants first, first."""


def _ordered(document: dict[str, Any]) -> dict[str, Any]:
    known = {key: document[key] for key in KEY_ORDER if key in document}
    return known | {key: value for key, value in document.items() if key not in known}


def scenario_json(document: dict[str, Any]) -> bytes:
    """The document as a scenario.json file."""
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
