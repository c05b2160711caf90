"""Position files → a Position of a loaded game, every reference checked and located.

A position file is written like a setup (pieces grouped by location, control, arrivals, what
the decks, hands, discard piles and cups hold) but stands outside the game's sources: it is
read against a game that has already loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import Report
from toolkit.load.context import Context, get
from toolkit.load.decks import Holdings as KnownHoldings
from toolkit.load.jsonsource import Source
from toolkit.load.loader import read_one
from toolkit.load.schemas import MAX_ERRORS_PER_FILE
from toolkit.load.setups import load_holdings, load_pieces
from toolkit.model.game import Game
from toolkit.model.holdings import Holdings, holdings_at_start
from toolkit.model.position import Position
from toolkit.model.scenario import Placement, Reinforcement, Setup

MAX_ENTRIES = 20_000
"""The most entries a position lists (in "pieces", and in "arrivals"): the biggest games have a
few thousand counters, and pieces at one location share an entry."""
ENTRY_LIMITS = MappingProxyType({"pieces": MAX_ENTRIES, "arrivals": MAX_ENTRIES})
TOO_MANY_ERRORS = "position.too-many-errors"
"""The error that says how many entries of a position went unchecked after too many errors."""


@dataclass(frozen=True)
class LoadedPosition:
    """A position (None when the file has errors), what it belongs to, and what the load found."""

    position: Position | None
    report: Report
    setup_id: str | None = None
    """The scenario being played, if the file names it."""
    start: bool = False
    """The file is a scenario's starting set-up."""
    holdings: Holdings | None = None
    """What the decks, hands, discard piles and cups hold, as the file says (what it does not
    say is what the decks and cups declare)."""


def load_position(game: Game, path: Path) -> LoadedPosition:
    """Read, validate and resolve one position file against ``game``."""
    report = Report()
    source = read_one(path, "position", report, ENTRY_LIMITS)
    if source is None:
        return LoadedPosition(None, report)
    ctx = Context.of_game(game, report)
    setup = _setup(ctx, source, game)
    if report.errors:
        return LoadedPosition(None, report)
    data = source.data
    return LoadedPosition(
        Position.from_setup(game, setup),
        report,
        data.get("setup"),
        get(data, "start", False),
        holdings_at_start(game, setup),
    )


def _setup(ctx: Context, source: Source, game: Game) -> Setup:
    """The position as a setup of its own (what ``Position.from_setup`` builds from)."""
    data = source.data
    counters = {c.id: c for c in game.counters}
    for key, kind in (("setup", "setup"), ("phase", "phase")):
        ctx.check_ref(source, kind, data.get(key), f"/{key}")
    scenario = game.setup(data["setup"]) if data.get("setup") in ctx.known("setup") else None
    turn = data.get("turn", scenario.turn if scenario is not None else None)
    placements = []
    for i, item in enumerate(data["pieces"]):
        pointer = f"/pieces/{i}"
        if _too_many_errors(ctx, source, data, pointer):
            break
        at = ctx.resolve_location(source, item["at"], pointer + "/at")
        pieces = load_pieces(ctx, source, item["pieces"], pointer + "/pieces", counters, None)
        if at is not None:
            placements.append(Placement(at, pieces))
    arrivals = []
    for i, item in enumerate(data.get("arrivals", [])):
        pointer = f"/arrivals/{i}"
        if _too_many_errors(ctx, source, data, pointer):
            break
        at = ctx.resolve_location(source, item["at"], pointer + "/at") if "at" in item else None
        pieces = load_pieces(ctx, source, item["pieces"], pointer + "/pieces", counters, None)
        arrivals.append(Reinforcement(item.get("turn", turn or 0), pieces, at))
    control = {}
    known = list(ctx.known("faction")) + list(ctx.known("side"))
    for faction, refs in data.get("control", {}).items():
        pointer = f"/control/{faction}"
        if ctx.check_ref(source, "faction", faction, pointer, known):
            control[faction] = tuple(ctx.resolve_locations(source, refs, pointer))
    weather = data.get("weather")
    piles = KnownHoldings({d.id: d for d in game.decks}, {c.id: c for c in game.cups}, counters)
    decks, hands, discards, cups = load_holdings(ctx, source, piles)
    return Setup(
        id=data.get("setup", "position"),
        name=source.shown,
        turn=turn,
        phase=data.get("phase"),
        placements=tuple(placements),
        control=MappingProxyType(control),
        reinforcements=tuple(arrivals),
        globals=MappingProxyType({"weather": weather} if weather is not None else {}),
        decks=decks,
        hands=hands,
        discards=discards,
        cups=cups,
    )


def _too_many_errors(ctx: Context, source: Source, data: dict[str, Any], pointer: str) -> bool:
    """Past MAX_ERRORS_PER_FILE errors, the entries from ``pointer`` on are not checked (a
    file that far off is better fixed from the first ones, and wording a hostile file's
    million errors would take minutes): one more error, there, says how many were left."""
    if len(ctx.report.errors) < MAX_ERRORS_PER_FILE:
        return False
    group, index = pointer.split("/")[1:]
    left = len(data[group]) - int(index)
    if group == "pieces":
        left += len(data.get("arrivals", []))
    if not any(d.code == TOO_MANY_ERRORS for d in ctx.report.diagnostics):
        ctx.error(
            source,
            TOO_MANY_ERRORS,
            f"{left:,} more entr{'y' if left == 1 else 'ies'} of this position, from here on, "
            f"are not checked (it has {MAX_ERRORS_PER_FILE} errors before them); fix those "
            "and check again to see the rest",
            pointer,
        )
    return True
