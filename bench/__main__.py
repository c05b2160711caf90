"""`make bench`: time the bars the issues set, on this machine, and print a table.

Bars: a 3000-hex map to SVG+PNG < 3 s; 2000 two-faced counters to SVG+PNG < 10 s; the kit for both
< 15 s; the module for both, from the drawn artwork, < 3 s; every rule of a game checked on a
2000-piece position < 1 s; plus loading and building every game in sources/.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.rules import check_crowded, crowded_position
from bench.synthetic import write_counter_game, write_kit_game, write_map_game
from toolkit.build import build_game, selected_targets
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork, rasterise
from toolkit.targets import target_names
from toolkit.vassal.module import compile_module
from toolkit.workers import Workers

ROOT = Path(__file__).resolve().parents[1]
JOBS = min(2, os.cpu_count() or 1)
REPEATS = 3
"""Bars are judged on the best of this many runs: a shared machine's noise only ever slows."""


def _load(folder: Path) -> Game:
    result = load_game(folder)
    if result.game is None:
        sys.exit(f"benchmark sources do not load:\n{result.report.format_text()}")
    return result.game


def _timed(function: Callable[[], object]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def _build(game: Game, out: Path, only: list[str], repeats: int = 1) -> float:
    wanted = [name for name in only if name in target_names()]
    if not wanted:
        return float("nan")
    return min(
        _timed(lambda: build_game(game, out, selected_targets(wanted), BuildOptions(jobs=JOBS)))
        for _ in range(repeats)
    )


def _module_time(game: Game) -> float:
    """Writing the module once the artwork is drawn and rasterised (which other outputs share)."""
    with Workers(game, JOBS) as workers:
        artwork = rasterise(draw_artwork(game, workers), game.print.dpi, workers)
    return min(_timed(lambda: compile_module(game, artwork)) for _ in range(REPEATS))


def main() -> None:
    """Run every benchmark and print one line each: what, time, bar, verdict."""
    rows: list[tuple[str, float, float | None]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        hexes = write_map_game(work / "map")
        load_time = _timed(lambda: _load(work / "map"))
        game = _load(work / "map")
        rows.append((f"load a {hexes}-hex map game", load_time, None))
        rows.append(
            (
                f"{hexes}-hex map → SVG + PNG (150 dpi)",
                _build(game, work / "out", ["svg", "png"], REPEATS),
                3.0,
            )
        )
        count = write_counter_game(work / "counters")
        load_time = _timed(lambda: _load(work / "counters"))
        game = _load(work / "counters")
        rows.append((f"load {count} counters from CSV", load_time, None))
        rows.append(
            (
                f"{count} two-faced counters → SVG + PNG (150 dpi, -j {JOBS})",
                _build(game, work / "out", ["svg", "png"], REPEATS),
                10.0,
            )
        )
        write_kit_game(work / "kit")
        game = _load(work / "kit")
        rows.append(
            (
                f"kit PDF: {count} two-faced counters + {hexes}-hex map (-j {JOBS})",
                _build(game, work / "out", ["kit"], REPEATS),
                15.0,
            )
        )
        rows.append(
            (
                f"module (.vmod) from the drawn artwork: {count} counters + {hexes}-hex map",
                _module_time(game),
                3.0,
            )
        )
        game = _load(ROOT / "sources" / "fatal-alliances")
        crowd = crowded_position(game, "europe")
        rows.append(
            (
                f"check {len(crowd.pieces)} pieces of fatal-alliances against all its rules",
                min(_timed(lambda: check_crowded(game, crowd)) for _ in range(REPEATS)),
                1.0,
            )
        )
        for folder in sorted((ROOT / "sources").glob("*/game.json")):
            game = _load(folder.parent)
            rows.append(
                (
                    f"build sources/{folder.parent.name} (all outputs, -j {JOBS})",
                    _build(game, work / "out", target_names()),
                    None,
                )
            )
    width = max(len(name) for name, _, _ in rows)
    heading = f"benchmark (bars: best of {REPEATS} runs)"
    print(f"{heading:<{width}}  {'seconds':>8}  {'bar':>6}")
    failed = False
    for name, seconds, bar in rows:
        missing = seconds != seconds  # NaN: that output does not exist yet
        verdict = "n/a" if missing else "" if bar is None else ("ok" if seconds < bar else "OVER")
        failed |= verdict == "OVER"
        bar_text = f"{bar:.0f} s" if bar else ""
        shown = "—" if missing else f"{seconds:8.2f}"
        print(f"{name:<{width}}  {shown:>8}  {bar_text:>6}  {verdict}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
