"""The designers' screenshot command (``tools/vassal-screenshot/screenshot --maps``), run in
the real engine under a virtual display: one picture per map window, each of its own window,
also for a window whose button sits in a toolbar menu (the turn track under *Tracks &
displays*), which used to be saved as a second copy of the main map."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT, copy_fixture, run_cli, tool_missing
from tests.vassal.engine import LOAD_MODULE, _engine_paths, run_engine

SCREENSHOT = ROOT / "tools" / "vassal-screenshot" / "screenshot"
PNG = b"\x89PNG\r\n\x1a\n"


def test_every_map_window_is_saved_as_its_own_picture(tmp_path: Path) -> None:
    if not LOAD_MODULE.is_file():
        pytest.skip(f"no VASSAL engine: {LOAD_MODULE.name} not found beside the project")
    game = copy_fixture("river-crossing", tmp_path)
    built = run_cli("build", str(game), "-o", "out", "--only", "vmod", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    module = tmp_path / "out" / "river-crossing" / "river-crossing.vmod"
    lib, _ = _engine_paths()
    if not (lib / "Vengine.jar").is_file() or shutil.which("xvfb-run") is None:
        run_engine(module)  # load-module prepares the engine and Xvfb, or says why not
    for tool in ("javac", "java", "xvfb-run"):
        if shutil.which(tool) is None:
            tool_missing(f"no {tool} here to run the screenshot command")
    shots = tmp_path / "shots"
    result = subprocess.run(
        ["bash", str(SCREENSHOT), "--maps", str(module), str(shots), "The Crossing"],
        env={**os.environ, "WAIT": "2"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    pictures = {p.name: p.read_bytes() for p in shots.iterdir()}
    assert {"The Crossing.png", "Turn Record Track.png"} <= set(pictures), sorted(pictures)
    assert all(data.startswith(PNG) for data in pictures.values())
    assert len(set(pictures.values())) == len(pictures), "two windows saved as one picture"
