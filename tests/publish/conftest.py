"""Fixtures for scenario publishing: the minimal hex game's module, and its fixture scenario
published from that module, each made once per session with the real command line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.browser import browser  # noqa: F401  (the fixture, for the catalogue page's tests)
from tests.conftest import FIXTURES, run_cli

GAME = FIXTURES / "minimal-hex"
SCENARIO = FIXTURES / "scenario-hex"
SCENARIO_ID = "hilltop"


@pytest.fixture(scope="session")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """build/minimal-hex/minimal-hex.vmod, with scenarios/meeting.vsav beside it."""
    out = tmp_path_factory.mktemp("build")
    result = run_cli("build", str(GAME), "-o", str(out), "--only", "vmod", cwd=out)
    assert result.returncode == 0, result.stderr
    return out / "minimal-hex" / "minimal-hex.vmod"


@pytest.fixture(scope="session")
def published(tmp_path_factory: pytest.TempPathFactory, module: Path) -> Path:
    """The fixture scenario published from the module: DIR/scenarios/hilltop/."""
    out = tmp_path_factory.mktemp("published")
    result = run_cli("publish", str(SCENARIO), "--game", str(module), "-o", str(out), cwd=out)
    assert result.returncode == 0, result.stderr
    return out / "scenarios" / SCENARIO_ID


def scenario_copy(tmp_path: Path, edit: dict[str, object] | None = None) -> Path:
    """A private copy of the fixture scenario, with top-level keys replaced by ``edit``."""
    import json

    folder = tmp_path / "scenario"
    shutil.copytree(SCENARIO, folder)
    if edit:
        path = folder / "scenario.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data.update(edit)
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder
