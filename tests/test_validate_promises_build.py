"""A clean ``toolkit validate`` promises a build: for every fixture game and every case of the
broken-source corpus, either validate reports an error, or the full build succeeds. Validate
runs what the build stops on (setups against their rules, counters that cannot be drawn)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import FIXTURES, run_cli
from tests.test_corpus import CASES, make_case
from toolkit.build import build_checks
from toolkit.load import load_game

FIXTURE_GAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "game.json").is_file())


def _promise(folder: Path, workdir: Path) -> None:
    result = load_game(folder)  # what validate runs, without a process per case
    if result.report.errors:
        return  # nothing promised
    assert result.game is not None
    if any(d.severity == "error" for d in build_checks(result.game)):
        return  # validate said the build would stop; warnings promise a build
    built = run_cli("build", str(folder), "-o", str(workdir / "out"), cwd=workdir, timeout=300)
    assert built.returncode == 0, f"validate was clean but the build failed:\n{built.stderr}"


@pytest.mark.parametrize("name", FIXTURE_GAMES)
def test_every_fixture(name: str, tmp_path: Path) -> None:
    _promise(FIXTURES / name, tmp_path)


@pytest.mark.parametrize("name", CASES)
def test_every_broken_case(name: str, tmp_path: Path) -> None:
    game, _ = make_case(name, tmp_path)
    _promise(game, tmp_path)


def test_validate_reports_what_the_build_would_stop_on(tmp_path: Path) -> None:
    """The counter whose name cannot fit: once only the build said so, now validate does."""
    result = run_cli("validate", str(FIXTURES / "counters-overflow"), cwd=tmp_path)
    assert result.returncode == 1
    assert "error[counter.text-too-long]" in result.stderr
