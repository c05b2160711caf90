"""The serve loop: a build at the start, one per burst of saves, one more for a save made during
a build, and a failed build that keeps the last good preview under its diagnostics."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from watchfiles import Change

from tests.conftest import copy_fixture
from toolkit.cache import FOLDER
from toolkit.options import BuildOptions
from toolkit.serve import Snapshot, serve_loop
from toolkit.serve.loop import SourceFilter

TIMEOUT = 60.0
SETTLE = 1.5
"""Seconds of quiet after which no further build is expected (watch quiet time is 0.15 s)."""

Step = Callable[[Snapshot], None]


def run(tmp_path: Path, steps: list[Step], builds: int, settle: float = SETTLE) -> list[Snapshot]:
    """Serve river-crossing; after build N, run steps[N-1] (from the loop, as a save made
    while a build runs would be seen); stop ``settle`` seconds after build number ``builds``
    (any build after it is one too many)."""
    source = copy_fixture("river-crossing", tmp_path)
    out = tmp_path / "out"
    snapshots: list[Snapshot] = []
    started: list[int] = []
    stop = threading.Event()
    deadline = time.monotonic() + TIMEOUT

    def listener(snapshot: Snapshot) -> None:
        snapshots.append(snapshot)
        if len(snapshots) <= len(steps):
            steps[len(snapshots) - 1](snapshot)
        if len(snapshots) == builds:
            threading.Timer(settle, stop.set).start()

    guard = threading.Timer(TIMEOUT, stop.set)
    guard.start()
    try:
        serve_loop(source, out, BuildOptions(cache=out / FOLDER), listener, stop, started.append)
    finally:
        guard.cancel()
    assert started == [s.number for s in snapshots]  # each build said when it started
    assert time.monotonic() < deadline, "the loop did not stop in time"
    return snapshots


def units(tmp_path: Path) -> Path:
    return tmp_path / "river-crossing" / "counters" / "units.json"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _face(snapshot: Snapshot, counter: str) -> str:
    assert snapshot.preview is not None
    for faction in snapshot.preview.contents["factions"]:  # type: ignore[attr-defined]
        for c in faction["counters"]:
            if c["id"] == counter:
                return str(c["faces"][0]["src"])
    raise AssertionError(counter)


def test_edit_rebuilds_and_a_broken_file_keeps_the_last_good_preview(tmp_path: Path) -> None:
    infantry = '"designation": "1", "attack": 4'
    snapshots = run(
        tmp_path,
        [
            lambda s: edit(units(tmp_path), infantry, '"designation": "1", "attack": 7'),
            lambda s: edit(units(tmp_path), '"template": "marker"', '"template": "markr"'),
        ],
        builds=3,
    )
    assert [s.ok for s in snapshots] == [True, True, False]
    first, edited, broken = snapshots
    assert [s.number for s in snapshots] == [1, 2, 3]
    # only the edited counter's picture changed, and its name says so to the browser
    assert _face(edited, "bl-inf") != _face(first, "bl-inf")
    assert _face(edited, "bl-arm") == _face(first, "bl-arm")
    assert broken.preview is edited.preview
    assert broken.message == "build failed: 1 error; the last good outputs are shown"
    problem = broken.diagnostics[0]
    assert problem["file"] == "counters/units.json"
    assert problem["severity"] == "error"
    line = units(tmp_path).read_text(encoding="utf-8").splitlines()[int(str(problem["line"])) - 1]
    assert '"markr"' in line


def test_a_burst_of_saves_is_one_build(tmp_path: Path) -> None:
    def burst(snapshot: Snapshot) -> None:
        def save() -> None:
            for value in range(5, 10):
                edit(units(tmp_path), f'"attack": {value - 1}', f'"attack": {value}')
                time.sleep(0.02)

        threading.Thread(target=save).start()

    snapshots = run(tmp_path, [burst], builds=2, settle=2.0)
    assert [s.ok for s in snapshots] == [True, True]


def test_a_save_during_a_build_makes_one_more_build(tmp_path: Path) -> None:
    def save_now(snapshot: Snapshot) -> None:  # the loop is not watching while this runs
        edit(units(tmp_path), '"attack": 4', '"attack": 5')
        time.sleep(0.5)

    snapshots = run(tmp_path, [save_now], builds=2)
    assert len(snapshots) == 2
    assert snapshots[1].ok and snapshots[1].preview is not snapshots[0].preview


@pytest.mark.parametrize("name", [".hidden.json", "notes.json~"])
def test_editor_droppings_do_not_rebuild(tmp_path: Path, name: str) -> None:
    snapshots = run(
        tmp_path, [lambda s: (tmp_path / "river-crossing" / name).write_text("x")], builds=1
    )
    assert len(snapshots) == 1


def test_the_filter_knows_the_folders_however_they_are_named(tmp_path: Path) -> None:
    real = tmp_path / "real"
    (real / "out").mkdir(parents=True)
    (tmp_path / "link").symlink_to(real)
    wanted = SourceFilter(tmp_path / "link", tmp_path / "link" / "out")
    for root in (real, tmp_path / "link"):
        assert wanted(Change.modified, str(root / "counters" / "units.json"))
        assert not wanted(Change.modified, str(root / "out" / "game" / "x.svg"))
        assert not wanted(Change.modified, str(root / ".git" / "index"))
        assert not wanted(Change.added, str(root / "maps" / ".front.json.swp"))
