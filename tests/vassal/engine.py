"""Real VASSAL as the judge: run ``load-module`` on a module and its saves, read its report.

``load-module`` (beside this project, in ``../shared/vassal/``; ``VASSAL_LOAD_MODULE`` names
another) loads a module headless in the real engine and prints one line per problem and one
per piece with the location VASSAL gives it. Where no engine can run, tests that need it skip
with one line saying why.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import tool_missing

ROOT = Path(__file__).resolve().parents[2]
LOAD_MODULE = Path(
    os.environ.get("VASSAL_LOAD_MODULE", ROOT.parent / "shared" / "vassal" / "load-module")
)

_QUOTED = r'"((?:[^"\\]|\\.)*)"'
_PIECE = re.compile(rf"^  PIECE map={_QUOTED} loc={_QUOTED} name={_QUOTED} at=(-?\d+),(-?\d+)")
_SLOT = re.compile(rf"^  SLOT {_QUOTED} gpid=(\d+) piece={_QUOTED}")
_BLOCK = re.compile(rf"^(GAME new|SAVE {_QUOTED}|SETUP {_QUOTED})")


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@dataclass
class EngineReport:
    """What VASSAL said about a module: its problems and, per game loaded, where pieces are."""

    output: str
    problems: list[str] = field(default_factory=list)
    slots: list[tuple[str, str]] = field(default_factory=list)
    """(slot name, piece name) of every piece slot, as VASSAL built it."""
    games: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)
    """'new', 'save <file>' or 'setup <name>' → (map, location, piece name) of every piece."""

    def places(self, game: str) -> Counter[tuple[str, str]]:
        """How many pieces VASSAL put at each (map, location) in one loaded game."""
        return Counter((m, loc) for m, loc, _ in self.games[game])


def run_engine(module: Path, *saves: Path, timeout: float = 900) -> EngineReport:
    """Load a module and saves in VASSAL; skip the test when no engine can run here."""
    if not LOAD_MODULE.is_file():
        pytest.skip(f"no VASSAL engine: {LOAD_MODULE.name} not found beside the project")
    result = subprocess.run(
        ["bash", str(LOAD_MODULE), "-v", str(module), *map(str, saves)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode == 3:
        reason = result.stdout.strip().splitlines()[-1:] or ["(no output)"]
        tool_missing(f"no VASSAL engine can run here: {reason[0]}")
    report = _engine_report(result.stdout)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return report


def _engine_report(stdout: str) -> EngineReport:
    """The harness's report read: problems, slots, and the pieces of each game it loaded."""
    report = EngineReport(stdout)
    current: list[tuple[str, str, str]] | None = None
    for line in stdout.splitlines():
        if line.startswith("PROBLEM "):
            report.problems.append(line)
            continue
        block = _BLOCK.match(line)
        if block:
            if block.group(1) == "GAME new":
                key = "new"
            elif block.group(2) is not None:
                key = f"save {_unquote(block.group(2))}"
            else:
                key = f"setup {_unquote(block.group(3))}"
            current = report.games.setdefault(key, [])
            continue
        slot = _SLOT.match(line)
        if slot:
            report.slots.append((_unquote(slot.group(1)), _unquote(slot.group(3))))
            continue
        piece = _PIECE.match(line)
        if piece and current is not None:
            current.append(tuple(_unquote(piece.group(i)) for i in (1, 2, 3)))  # type: ignore[arg-type]
        elif not line.startswith("  "):
            current = None
    return report


# -- what the module writes in the chat log after a move ----------------------------------------

PROBE = Path(__file__).with_name("WarnProbe.java")
_WARN = re.compile(
    rf"^WARN switch=(\d) map={_QUOTED} loc={_QUOTED} counter={_QUOTED} name={_QUOTED} "
    rf"text={_QUOTED}$"
)


@dataclass(frozen=True)
class ChatLine:
    """One line the module wrote in the chat log after a piece was told it had moved."""

    switch: int
    map: str
    location: str
    counter: str
    name: str
    text: str


@dataclass
class ProbeReport:
    """What the probe saw: the harness's report, the chat lines, the switch buttons pressed."""

    output: str
    lines: list[ChatLine] = field(default_factory=list)
    switches: int = 0


def run_probe(
    probe: Path, args: list[str], module: Path, work: Path
) -> subprocess.CompletedProcess[str]:
    """Compile a probe (a Java class driving the harness) against the engine and run it on
    ``args``; skip the test when no engine can run here. It must end with "PROBE done"."""
    run_engine(module, timeout=900)  # prepares the engine and the harness, or skips
    return _probe_run(probe, probe.stem, args, work)


def _engine_paths() -> tuple[Path, Path]:
    """The engine's jar folder and the compiled harness, as ``load-module`` prepared them."""
    home = os.environ.get("HOME") or "/tmp"
    cache_root = Path(os.environ.get("XDG_CACHE_HOME") or f"{home}/.cache") / "vassal-load-module"
    vassal_home = os.environ.get("VASSAL_HOME")
    lib = Path(vassal_home) / "lib" if vassal_home else cache_root / "engine" / "lib"
    here = LOAD_MODULE.resolve().parent
    stubs = sorted(str(p) for p in (here / "wizard-stub").rglob("*.java"))
    key = subprocess.run(
        ["bash", "-c", 'cat "$@" | cksum | tr " " "-"', "cksum", str(here / "LoadModule.java")]
        + stubs
        + [str(lib / "Vengine.jar")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return lib, cache_root / key


def run_warn_probe(module: Path, save: Path, key: str, work: Path) -> ProbeReport:
    """Load a module and a save in VASSAL, tell every piece it has just moved (``key``, the key
    the maps send), and read back what the module wrote in the chat log; skip the test when no
    engine can run here."""
    run_engine(module, timeout=900)  # prepares the engine and the harness, or skips
    stdout = _run_probe(PROBE, "WarnProbe", [key, str(module), str(save)], work)
    report = ProbeReport(stdout)
    for line in stdout.splitlines():
        found = _WARN.match(line)
        if found:
            values = [_unquote(found.group(i)) for i in range(2, 7)]
            report.lines.append(ChatLine(int(found.group(1)), *values))
        elif line.startswith("SWITCH buttons="):
            report.switches = int(line.split("=", 1)[1])
    return report


def _probe_run(
    source: Path, main: str, args: list[str], work: Path
) -> subprocess.CompletedProcess[str]:
    """Compile a probe against the engine and the harness ``load-module`` prepared, run it
    under a virtual display, and give its run (whose output must end with "PROBE done");
    skip the test when it cannot be compiled here."""
    if shutil.which("javac") is None:
        tool_missing(f"no javac here to compile {source.name} against the VASSAL engine")
    lib, harness = _engine_paths()
    if not (harness / "LoadModule.class").is_file():
        tool_missing(f"the VASSAL harness is not where load-module keeps it ({harness.name})")
    classes = work / f"{main}-classes"
    classes.mkdir(exist_ok=True)
    class_path = f"{harness}:{lib}/*"
    subprocess.run(
        ["javac", "-nowarn", "-encoding", "UTF-8", "-cp", class_path, "-d", str(classes),
         str(source)],
        check=True,
        capture_output=True,
        text=True,
    )  # fmt: skip
    tmp = work / "probe-tmp"
    tmp.mkdir(exist_ok=True)
    result = subprocess.run(
        [
            "xvfb-run", "-a", "-s", "-screen 0 1280x1024x24 -nolisten tcp",
            "java", "-Djava.awt.headless=false", "-Duser.language=en", "-Duser.country=US",
            f"-Djava.io.tmpdir={tmp}",
            "-cp", f"{classes}:{class_path}:{harness}/wizard-stub",
            main, *args,
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )  # fmt: skip
    assert "PROBE done" in result.stdout, result.stdout[-3000:] + result.stderr[-3000:]
    return result


def _run_probe(source: Path, main: str, args: list[str], work: Path) -> str:
    """:func:`_probe_run`'s output."""
    return _probe_run(source, main, args, work).stdout


# -- VASSAL's own Refresh Counters on a save --------------------------------------------------

REFRESH_PROBE = Path(__file__).with_name("RefreshProbe.java")
_REFRESHED = re.compile(
    rf"^REFRESHED map={_QUOTED} loc={_QUOTED} name={_QUOTED} counter={_QUOTED} "
    rf"gpid={_QUOTED} move={_QUOTED} face={_QUOTED} at=(-?\d+),(-?\d+)$"
)
_CHAT = re.compile(rf"^CHAT text={_QUOTED}$")


@dataclass(frozen=True)
class RefreshedPiece:
    """One piece after VASSAL refreshed it from the module's slots."""

    map: str
    location: str
    name: str
    counter: str
    gpid: str
    move: str
    face: str
    """The level its faces layer shows (1: front)."""
    at: tuple[int, int]


@dataclass
class RefreshReport:
    """What the refresh probe saw: the harness's report of the files it loaded (problems, and
    each save's pieces), the pieces after the refresh, and what the refresh wrote in the chat."""

    loaded: EngineReport
    pieces: list[RefreshedPiece] = field(default_factory=list)
    chat: list[str] = field(default_factory=list)


def run_refresh_probe(module: Path, saves: list[Path], work: Path) -> RefreshReport:
    """Load a module and saves in VASSAL (the last one stays open), run its Refresh Counters,
    and read back every piece; skip the test when no engine can run here. One engine run when
    ``load-module`` has prepared the engine before, two the first time."""
    if not LOAD_MODULE.is_file():
        pytest.skip(f"no VASSAL engine: {LOAD_MODULE.name} not found beside the project")
    lib, harness = _engine_paths()
    if not (lib / "Vengine.jar").is_file() or not (harness / "LoadModule.class").is_file():
        run_engine(module, timeout=900)  # prepares the engine and the harness, or skips
    stdout = _run_probe(REFRESH_PROBE, "RefreshProbe", [str(module), *map(str, saves)], work)
    report = RefreshReport(_engine_report(stdout))
    for line in stdout.splitlines():
        piece = _REFRESHED.match(line)
        chat = _CHAT.match(line)
        if piece:
            texts = [_unquote(piece.group(i)) for i in range(1, 8)]
            at = (int(piece.group(8)), int(piece.group(9)))
            report.pieces.append(RefreshedPiece(*texts, at))
        elif chat:
            report.chat.append(_unquote(chat.group(1)))
    return report


# -- what the module writes in the chat log when pieces are dragged -------------------------------

MOVE_PROBE = Path(__file__).with_name("MoveProbe.java")
_MOVED = re.compile(
    rf"^MOVED (\d+) counter={_QUOTED} from={_QUOTED} to={_QUOTED} name={_QUOTED} "
    rf"text={_QUOTED}$"
)


@dataclass(frozen=True)
class DragLine:
    """One line the module wrote in the chat log after a drag ('' when it wrote nothing)."""

    drag: int
    """The drag's number, from 1."""
    counter: str
    start: str
    end: str
    """Where VASSAL says the piece stood, and stands after the drag."""
    name: str
    text: str


def run_move_probe(
    module: Path, save: Path, key: str, drags: list[str], work: Path
) -> list[DragLine]:
    """Load a module and a save in VASSAL, make each drag ('COUNTER@X,Y', or 'OFF' to press
    the warnings switch) as VASSAL's piece mover does, sending the pieces ``key``, and read
    back what the module wrote in the chat log; skip the test when no engine can run here."""
    run_engine(module, timeout=900)  # prepares the engine and the harness, or skips
    stdout = _run_probe(MOVE_PROBE, "MoveProbe", [key, str(module), str(save), *drags], work)
    lines = []
    for line in stdout.splitlines():
        found = _MOVED.match(line)
        if found:
            texts = [_unquote(found.group(i)) for i in range(2, 7)]
            lines.append(DragLine(int(found.group(1)), *texts))
    assert lines, stdout[-3000:]
    return lines
