"""Versions of a small game for tests of what survives an update: the minimal hex game copied,
its counters and first setup edited, and built into a module."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import copy_fixture
from toolkit.build import build_game, selected_targets
from toolkit.load import load_game
from toolkit.options import BuildOptions

Edit = Callable[[list[Any], list[Any]], None]
"""Edits a game's counters and its setup's placements (the JSON lists) in place."""


def edited_game(folder: Path, edit: Edit, version: str | None = None) -> Path:
    """A copy of the minimal hex game in ``folder``, its counters and setup edited (and its
    version set, if given)."""
    game = copy_fixture("minimal-hex", folder)
    if version is not None:
        game_path = game / "game.json"
        document = json.loads(game_path.read_text())
        document["version"] = version
        game_path.write_text(json.dumps(document))
    counters_path = game / "counters" / "units.json"
    setup_path = game / "setups" / "meeting.json"
    counters, setup = json.loads(counters_path.read_text()), json.loads(setup_path.read_text())
    edit(counters["counters"], setup["placements"])
    counters_path.write_text(json.dumps(counters))
    setup_path.write_text(json.dumps(setup))
    return game


def build_module(game_folder: Path, out: Path) -> Path:
    """The game's module, built into ``out``; its scenarios lie beside it."""
    result = load_game(game_folder)
    assert result.game is not None, result.report.format_text()
    built = build_game(result.game, out, selected_targets(["vmod"]), BuildOptions())
    return built.folder / f"{result.game.id}.vmod"


def unchanged(counters: list[Any], placements: list[Any]) -> None:
    """No edit."""


def insert_at_front(counters: list[Any], placements: list[Any]) -> None:
    """A new counter first in the list, two copies of it first in the setup."""
    first = counters[0]
    new = dict(first, id="bl-0-hq", name="Headquarters", count=2, values=dict(first["values"]))
    counters.insert(0, new)
    next(p for p in placements if p["at"] == "0205")["pieces"].insert(0, "bl-0-hq")
    placements.insert(0, {"at": "0101", "pieces": ["bl-0-hq"]})


def remove_second_infantry(counters: list[Any], placements: list[Any]) -> None:
    """Counter bl-2-inf gone, from the counters and from the setup."""
    counters[:] = [c for c in counters if c["id"] != "bl-2-inf"]
    for placement in placements:
        placement["pieces"] = [p for p in placement["pieces"] if p != "bl-2-inf"]


def reorder(counters: list[Any], placements: list[Any]) -> None:
    """Counters, placements and the pieces of each placement in reverse order."""
    counters.reverse()
    placements.reverse()
    for placement in placements:
        placement["pieces"].reverse()


def armour_on_its_back(counters: list[Any], placements: list[Any]) -> None:
    """bl-3-arm set up showing its back."""
    at = next(p for p in placements if p["at"] == "0205")
    at["pieces"] = [{"counter": "bl-3-arm", "face": "back"}]


def rename_armour_back(counters: list[Any], placements: list[Any]) -> None:
    """bl-3-arm set up on its back, and its back face named anew."""
    armour_on_its_back(counters, placements)
    armour = next(c for c in counters if c["id"] == "bl-3-arm")
    armour["back"] = {"name": "3rd Armoured (spent)"}


def one_more_move(counters: list[Any], placements: list[Any]) -> None:
    """Every unit moves one hex more (a printed value: a new definition shows it)."""
    for counter in counters:
        values = counter.get("values", {})
        if "move" in values:
            values["move"] += 1


def combined(*edits: Edit) -> Edit:
    """Edits made one after another."""

    def edit(counters: list[Any], placements: list[Any]) -> None:
        for each in edits:
            each(counters, placements)

    return edit
