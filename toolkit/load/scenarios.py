"""Scenario folders (kind ``scenario``) → a Scenario of a loaded game, every reference checked.

A scenario lives outside its game's folder, so it is read against a game that has already
loaded, from its folder or from a module that carries it: the game it names and the game
versions it supports are checked first, then its setup as a setup inside the game would be.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import Report
from toolkit.load.context import Context, get
from toolkit.load.decks import Holdings
from toolkit.load.jsonsource import Source
from toolkit.load.loader import LoadResult, load_game, read_one
from toolkit.load.module import game_from_module
from toolkit.load.rules import RuleReader
from toolkit.load.setups import load_arrangement, load_holdings
from toolkit.load.versions import checked_version
from toolkit.model.base import Origin
from toolkit.model.game import Game
from toolkit.model.rules import Rule
from toolkit.model.scenario import Scenario, Setup

SCENARIO_FILE = "scenario.json"
"""The file a scenario folder holds."""


@dataclass(frozen=True)
class LoadedScenario:
    """A scenario (None when it has errors) and what the load found."""

    scenario: Scenario | None
    report: Report


def is_scenario(path: Path) -> bool:
    """Whether a path names a scenario: a folder with a scenario.json, or that file."""
    if path.is_dir():
        return (path / SCENARIO_FILE).is_file()
    return path.name == SCENARIO_FILE


def scenario_file(path: Path) -> Path:
    """The scenario.json of a scenario folder (or the file itself)."""
    return path / SCENARIO_FILE if path.is_dir() else path


@contextmanager
def load_game_source(path: Path) -> Iterator[LoadResult]:
    """The game of ``--game``: a game folder, or a built module that carries it."""
    if path.suffix.lower() == ".vmod":
        with game_from_module(path) as result:
            yield result
    else:
        yield load_game(path)


def load_scenario(game: Game, path: Path) -> LoadedScenario:
    """Read, validate and resolve a scenario folder (or its scenario.json) against ``game``."""
    report = Report()
    source = read_one(scenario_file(path), "scenario", report)
    if source is None:
        return LoadedScenario(None, report)
    versions = _versions(source, report)
    if versions is None or not _for_this_game(source, game, versions, report):
        return LoadedScenario(None, report)
    ctx = Context.of_game(game, report)
    scenario = _scenario(ctx, source, game, versions)
    if report.errors:
        return LoadedScenario(None, report)
    return LoadedScenario(scenario, report)


VERSION_POINTERS = ("/version", "/game_versions/min", "/game_versions/max")
"""Where a scenario writes versions: its own, and the game versions it works with."""


def _versions(source: Source, report: Report) -> dict[str, str] | None:
    """The scenario's versions by pointer, short ones padded; None when one is no version
    (each reported at its value)."""
    data = source.data
    texts = {
        "/version": data["version"],
        **{
            "/game_versions/" + end: text
            for end, text in data.get("game_versions", {}).items()
            if text is not None
        },
    }
    versions = {p: checked_version(report, source, t, p) for p, t in texts.items()}
    if any(v is None for v in versions.values()):
        return None
    return {p: str(v) for p, v in versions.items()}


def _for_this_game(source: Source, game: Game, versions: dict[str, str], report: Report) -> bool:
    """The scenario names this game and supports its version; else one located error."""
    data = source.data
    if data["game"] != game.id:
        message = (
            f"this scenario is for the game {data['game']!r}, but the game given is "
            f"{game.id!r} ({game.title})"
        )
        report.add(source.diagnostic("scenario.wrong-game", message, "/game"))
        return False
    probe = Scenario(
        Setup(data["id"], data["title"]),
        "",
        "",
        "",
        game.id,
        versions.get("/game_versions/min"),
        versions.get("/game_versions/max"),
    )
    try:
        supported = probe.supports(game.version)
    except ValueError:
        supported = False
    if not supported:
        message = (
            f"this scenario is for {game.title} {probe.versions_text()}, but the game given is "
            f"version {game.version!r}"
        )
        report.add(source.diagnostic("scenario.game-version", message, "/game_versions"))
        return False
    return True


def _scenario(ctx: Context, source: Source, game: Game, versions: dict[str, str]) -> Scenario:
    """The scenario and its setup, every reference checked (errors go to ctx.report)."""
    data = source.data
    counters = {c.id: c for c in game.counters}
    placements, reinforcements, control = load_arrangement(ctx, source, counters)
    known_sides = list(ctx.known("faction")) + list(ctx.known("side"))
    ctx.check_ref(source, "phase", data.get("phase"), "/phase")
    ctx.check_ref(source, "faction", data.get("first"), "/first", known_sides)
    _check_turns(ctx, source, game)
    victory_rules = _victory_rules(ctx, source, counters)
    for i, waiver in enumerate(data.get("waivers", [])):
        ctx.check_ref(source, "rule", waiver["rule"], f"/waivers/{i}/rule")
    area = tuple(ctx.resolve_locations(source, data.get("area", []), "/area"))
    known = Holdings({d.id: d for d in game.decks}, {c.id: c for c in game.cups}, counters)
    decks, hands, discards, cups = load_holdings(ctx, source, known)
    setup = Setup(
        id=data["id"],
        name=data["title"],
        description=get(data, "description", ""),
        turn=data.get("first_turn"),
        last_turn=data.get("last_turn"),
        phase=data.get("phase"),
        first=data.get("first"),
        placements=placements,
        control=control,
        reinforcements=reinforcements,
        globals=MappingProxyType(dict(data.get("globals", {}))),
        waivers=MappingProxyType({w["rule"]: w["reason"] for w in data.get("waivers", [])}),
        decks=decks,
        hands=hands,
        discards=discards,
        cups=cups,
        origin=Origin(source.shown),
    )
    return Scenario(
        setup=setup,
        title=data["title"],
        author=data["author"],
        version=versions["/version"],
        game=data["game"],
        min_version=versions.get("/game_versions/min"),
        max_version=versions.get("/game_versions/max"),
        special_rules=tuple(data.get("special_rules", [])),
        victory=tuple(data.get("victory", [])),
        victory_rules=tuple(victory_rules),
        area=area,
    )


def _check_turns(ctx: Context, source: Source, game: Game) -> None:
    """The turns lie within the game's, the last after the first, reinforcements between."""
    data = source.data
    first = data.get("first_turn", game.turns.first)
    last = data.get("last_turn")
    if first < game.turns.first or (game.turns.last is not None and first > game.turns.last):
        ctx.error(
            source, "scenario.bad-turn", _turn_range(game, f"first turn {first}"), "/first_turn"
        )
    if last is not None and last < first:
        message = f"the last turn ({last}) comes before the first ({first})"
        ctx.error(source, "scenario.bad-turn", message, "/last_turn")
    elif last is not None and game.turns.last is not None and last > game.turns.last:
        ctx.error(source, "scenario.bad-turn", _turn_range(game, f"last turn {last}"), "/last_turn")
    for i, item in enumerate(data.get("reinforcements", [])):
        if item["turn"] < first or (last is not None and item["turn"] > last):
            message = (
                f"reinforcements on turn {item['turn']} arrive outside the scenario's turns "
                f"({first} to {last if last is not None else 'the end'})"
            )
            ctx.error(source, "scenario.bad-turn", message, f"/reinforcements/{i}/turn")


def _turn_range(game: Game, what: str) -> str:
    end = game.turns.last if game.turns.last is not None else "its end"
    return f"{what} is not a turn of {game.title} (turns {game.turns.first} to {end})"


def _victory_rules(ctx: Context, source: Source, counters: dict[str, Any]) -> list[Rule]:
    """The checkable victory conditions: rules of kind 'victory', ids apart from the game's."""
    reader = RuleReader(ctx, source, counters)
    rules = []
    for i, item in enumerate(source.data.get("victory_rules", [])):
        pointer = f"/victory_rules/{i}"
        if ctx.declare(source, "rule", item["id"], pointer + "/id"):
            rules.append(reader.rule(item, pointer))
    return rules


def game_with_scenario(game: Game, scenario: Scenario) -> Game:
    """The game as the scenario plays it: its setup and victory rules added (a setup of the
    same id inside the game gives way to the scenario's)."""
    setups = tuple(s for s in game.setups if s.id != scenario.id) + (scenario.setup,)
    return replace(game, setups=setups, rules=game.rules + scenario.victory_rules)
