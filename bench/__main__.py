"""`make bench`: the whole pipeline on a synthetic monster game, as a designer meets it.

The monster game (bench/synthetic.py): 3000 hexes, 2000 two-faced counters, 10 charts, 3 setups
and its rules. Phases: validate; a cold build of every output (SVG, PNG, kit, module, the setups
checked against the rules); a rebuild with nothing changed; a rebuild after one counter's value
changed; the same game at half and twice the size, to show how time grows; peak memory. Builds
run as `toolkit build -j 2` in a fresh process, as a designer runs them, start-up included, from
compiled bytecode as an installed package has it. Last, `toolkit report` of a 300-step log
of the monster game's first scenario (bench/report.py writes it).

The cost of a counter face is what the counters add: a cold build of the same game with twice
the counters (same map, charts and rules), less the cold build, per face added; both cold builds
are the best of two, as a difference doubles the noise of what it subtracts. That is the
figure set against the LaTeX ``wargame`` package's per-face time; the whole cold build divided
by the faces (the map's cost included) is shown beside it. A card face (front or back, a poker
card with a flowed two-paragraph body) is measured the same way: a third cold build of the
game with event cards added.

Results go to the terminal as a table and to build/bench/results.json. The targets are the
issue's; figures are printed, never asserted.
"""

from __future__ import annotations

import compileall
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.report import write_long_log
from bench.rules import check_crowded, crowded_position
from bench.serve import preview_after_save
from bench.synthetic import write_monster_game
from toolkit.load import load_game
from toolkit.model import Game

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "build" / "bench" / "results.json"
JOBS = 2
REPEATS = 3
"""Quick phases are judged on the best of this many runs: a shared machine's noise only slows."""
COLD_REPEATS = 2
"""The two cold builds the cost of a face is the difference of are each the best of this many
(each into an empty output folder), run in turns: a difference doubles the noise of what it
subtracts, and a disk that slows as it is written to must not favour the one run first."""
TOOLKIT = [sys.executable, "-m", "toolkit"]
CARDS = 400
"""Event cards the third cold build adds (two faces each) to measure a card face's cost."""
LOG_STEPS = 300
"""The logged actions of the report's bar (the issue's: a 300-step log in under 10 s)."""


def _cpu() -> float:
    """CPU seconds used so far by this process and every finished child (builds, workers)."""
    own, kids = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _measure(function: Callable[[], object], repeats: int = 1) -> tuple[float, float]:
    """(wall, CPU) seconds of the fastest of ``repeats`` runs. On a shared machine the CPU time
    says what the work costs; the wall time also holds the wait for a core."""
    runs = []
    for _ in range(repeats):
        cpu, start = _cpu(), time.perf_counter()
        function()
        runs.append((time.perf_counter() - start, _cpu() - cpu))
    return min(runs)


def _load(folder: Path) -> Game:
    result = load_game(folder)
    if result.game is None:
        sys.exit(f"benchmark sources do not load:\n{result.report.format_text()}")
    return result.game


def _build(folder: Path, out: Path) -> None:
    """`toolkit build` in its own process, as a designer runs it."""
    command = [*TOOLKIT, "build", str(folder), "-o", str(out), "-j", str(JOBS)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"benchmark build failed:\n{done.stderr}")


def _report(module: Path, log: Path, out: Path) -> None:
    """`toolkit report` of a log in its own process, as a player runs it."""
    command = [*TOOLKIT, "report", str(module), str(log), "-o", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"benchmark report failed:\n{done.stderr}")


def _set_attack(folder: Path, value: int) -> None:
    """Give the first counter of the monster game another attack value (its CSV row)."""
    table = folder / "counters" / "units.csv"
    lines = table.read_text(encoding="utf-8").splitlines()
    cells = lines[1].split(",")
    cells[5] = str(value)
    lines[1] = ",".join(cells)
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _peak_mb() -> float:
    """The largest resident size of any process so far: this one or a finished build's."""
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB elsewhere
    peaks = [resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF,)]
    peaks.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return max(peaks) * scale / 1e6


Row = dict[str, object]


def _row(
    phase: str,
    value: float,
    unit: str,
    target: float | None,
    note: str = "",
    cpu: float | None = None,
) -> Row:
    met = None if target is None else value <= target
    return {
        "phase": phase,
        "value": value,
        "cpu_seconds": cpu,
        "unit": unit,
        "target": target,
        "met": met,
        "note": note,
    }


def run() -> list[Row]:
    """Every phase, in order."""
    rows: list[Row] = []
    # pip compiles a package it installs; an editable checkout may run with bytecode writing off
    compileall.compile_dir(ROOT / "toolkit", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        games = {scale: work / f"monster-{scale}" for scale in (0.5, 1.0, 2.0)}
        held = {scale: write_monster_game(folder, scale) for scale, folder in games.items()}
        monster, sizes = games[1.0], held[1.0]
        faces = 2 * sizes["counters"]
        more_counters = work / "monster-counters-2"
        more = write_monster_game(more_counters, 1.0, counter_scale=2.0)
        with_cards = work / "monster-cards"
        carded = write_monster_game(with_cards, 1.0, cards=CARDS)

        def timed_row(phase: str, function: Callable[[], object], *rest: object) -> float:
            repeats = REPEATS if rest and rest[-1] == "best" else 1
            wall, cpu = _measure(function, repeats)
            target = rest[0] if rest else None
            note = str(rest[1]) if len(rest) > 2 else ""
            rows.append(_row(phase, wall, "s", target, note, cpu))  # type: ignore[arg-type]
            return wall

        timed_row("command start-up (python + imports)", _version, None, "", "best")
        timed_row("validate (load and check the sources)", lambda: _load(monster), 0.5, "", "best")
        out = work / "out"

        more_out = work / "out-counters-2"
        cards_out = work / "out-cards"
        colds: dict[Path, list[tuple[float, float]]] = {out: [], more_out: [], cards_out: []}
        builds = ((more_counters, more_out), (with_cards, cards_out), (monster, out))
        for _ in range(COLD_REPEATS):  # in turns: the builds meet the disk in the same state
            for folder, into in builds:
                shutil.rmtree(into, ignore_errors=True)
                colds[into].append(_measure(lambda f=folder, i=into: _build(f, i)))  # type: ignore[misc]
        cold, cold_cpu = min(colds[out])
        doubled, doubled_cpu = min(colds[more_out])
        carded_wall, carded_cpu = min(colds[cards_out])
        rows.append(_row("cold build, every output", cold, "s", 20.0, _described(sizes), cold_cpu))
        timed_row("rebuild, nothing changed", lambda: _build(monster, out), 0.5, "", "best")
        values = iter(range(20, 40))

        def edit_and_build() -> None:
            _set_attack(monster, next(values))
            _build(monster, out)

        timed_row("rebuild after one counter changed", edit_and_build, 1.5, "", "best")
        waited = preview_after_save(
            TOOLKIT, monster, out, JOBS, lambda: _set_attack(monster, next(values)), REPEATS
        )
        rows.append(_row("preview updated after a save", waited, "s", 2.0, "toolkit serve"))
        per_face = cold / faces * 1000
        note = f"CPU {cold_cpu / faces * 1000:.2f} ms"
        rows.append(_row("cold build / counter faces (whole game)", per_face, "ms", None, note))
        rows.append(
            _row("cold build, counters doubled", doubled, "s", None, _described(more), doubled_cpu)
        )
        added = 2 * (more["counters"] - sizes["counters"])
        added_cpu = doubled_cpu - cold_cpu
        rows.append(
            _row(
                "per counter face, all outputs (cold)",
                (doubled - cold) / added * 1000,
                "ms",
                1.4,
                f"{added} faces more, same map; CPU {added_cpu / added * 1000:.2f} ms",
            )
        )
        card_faces = 2 * carded["cards"]
        rows.append(
            _row(
                "per card face, all outputs (cold)",
                (carded_wall - cold) / card_faces * 1000,
                "ms",
                None,
                f"{card_faces} poker card faces more; "
                f"CPU {(carded_cpu - cold_cpu) / card_faces * 1000:.2f} ms",
            )
        )

        times = {1.0: cold}
        for scale in (0.5, 2.0):
            folder = games[scale]
            times[scale] = timed_row(
                f"cold build at {scale:g}x size",
                lambda f=folder, s=scale: _build(f, work / f"out-{s}"),  # type: ignore[misc]
                None,
                _described(held[scale]),
                "",
            )
        cpus = {r["phase"]: r["cpu_seconds"] for r in rows}
        cpu_at = {
            0.5: cpus["cold build at 0.5x size"],
            1.0: cpus["cold build, every output"],
            2.0: cpus["cold build at 2x size"],
        }
        for low, high in ((1.0, 2.0), (0.5, 1.0)):
            ratio = float(cpu_at[high]) / float(cpu_at[low])  # type: ignore[arg-type]
            note = f"CPU time ratio {ratio:.2f}"
            rows.append(
                _row(
                    f"growth {low:g}x -> {high:g}x (time ratio)",
                    times[high] / times[low],
                    "x",
                    2.2,
                    note,
                )
            )
        built = next(f for f in sorted(out.iterdir()) if (f / "scenarios").is_dir())
        save = sorted((built / "scenarios").glob("*.vsav"))[0]
        log = write_long_log(save, work / "long.vlog", LOG_STEPS)
        module = built / f"{built.name}.vmod"
        timed_row(
            f"report a {LOG_STEPS}-step log (page, turns, replay)",
            lambda: _report(module, log, work / "report"),
            10.0,
            "",
            "",
        )
        rows.append(_row("peak memory (largest process)", _peak_mb(), "MB", 1000.0))

        game = _load(ROOT / "sources" / "fatal-alliances")
        crowd = crowded_position(game, "europe")
        phase = f"check {len(crowd.pieces)} pieces, fatal-alliances rules"
        timed_row(phase, lambda: check_crowded(game, crowd), 1.0, "", "best")
    return rows


def _version() -> None:
    subprocess.run([*TOOLKIT, "--version"], capture_output=True, check=True)


def _described(sizes: dict[str, int]) -> str:
    return ", ".join(f"{count} {kind}" for kind, count in sizes.items())


def _machine() -> dict[str, object]:
    return {
        "cores": os.cpu_count(),
        "jobs": JOBS,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "load_average": os.getloadavg(),
    }


def report(rows: list[Row]) -> str:
    """The table for the terminal."""
    width = max(len(str(row["phase"])) for row in rows)
    heading = f"{'phase (-j ' + str(JOBS) + ')':<{width}}  {'measured':>10}  {'CPU':>8}"
    lines = [f"{heading}  {'target':>9}"]
    for row in rows:
        unit, target, cpu = str(row["unit"]), row["target"], row["cpu_seconds"]
        shown = f"{row['value']:.2f} {unit}"
        shown += f"  {f'{cpu:.2f} s' if isinstance(cpu, float) else '':>8}"
        aim = f"{target:g} {unit}" if isinstance(target, float) else ""
        verdict = {True: "ok", False: "OVER", None: ""}[row["met"]]  # type: ignore[index]
        note = f"  ({row['note']})" if row["note"] else ""
        lines.append(f"{row['phase']:<{width}}  {shown:>20}  {aim:>9}  {verdict:<4}{note}")
    return "\n".join(lines)


def main() -> None:
    """Run every phase, print the table, write the results file."""
    rows = run()
    print(report(rows))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(
        json.dumps({"machine": _machine(), "phases": rows}, indent=2) + "\n", encoding="utf-8"
    )
    print(f"written {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
