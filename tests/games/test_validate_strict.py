"""Every example game in sources/ passes ``toolkit validate --strict``: the games the README
shows are the designer's models, so no lint may fire on them (a colour pair colour-blind
players confuse, a rule field the checker would drop, text too small to print)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli

SOURCES = Path(__file__).resolve().parents[2] / "sources"
GAMES = sorted(p.name for p in SOURCES.iterdir() if (p / "game.json").is_file())


@pytest.mark.parametrize("name", GAMES)
def test_the_example_game_validates_strictly(name: str, tmp_path: Path) -> None:
    checked = run_cli("validate", "--strict", str(SOURCES / name), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith(f"ok: {SOURCES / name} — "), checked.stdout
    assert checked.stderr == "", checked.stderr
