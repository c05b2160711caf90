"""Real VASSAL as the judge: run ``load-module`` on a module and its saves, read its report.

``load-module`` (beside this project, in ``../shared/vassal/``; ``VASSAL_LOAD_MODULE`` names
another) loads a module headless in the real engine and prints one line per problem and one
per piece with the location VASSAL gives it. Where no engine can run, tests that need it skip
with one line saying why.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

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
        pytest.skip(f"no VASSAL engine can run here: {reason[0]}")
    report = EngineReport(result.stdout)
    current: list[tuple[str, str, str]] | None = None
    for line in result.stdout.splitlines():
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
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return report
