"""Putting a build's files in place: an output updated in place touches only what changed, a
killed update is finished by the next build, and nothing is ever written through a link."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import copy_fixture, load_fixture
from toolkit.build import build_game, selected_targets
from toolkit.delivery import JOURNAL, Delivery, claim, listing
from toolkit.errors import BuildError
from toolkit.load import load_game
from toolkit.options import BuildOptions
from toolkit.ownership import MARK, OutputRefused

GAME = "minimal-hex"


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file but the output's mark: its bytes and its inode (the same inode is the same
    file, left alone)."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_ino)
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != MARK
    }


def _hidden(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith("."))


def test_a_rebuild_replaces_only_the_files_that_changed(tmp_path: Path) -> None:
    source = copy_fixture(GAME, tmp_path / "src")
    out, targets = tmp_path / "out", selected_targets(["svg", "png"])
    game = load_game(source).game
    assert game is not None
    before = _files(build_game(game, out, targets, BuildOptions()).folder)
    units = source / "counters" / "units.json"
    units.write_text(units.read_text().replace('"attack": 4', '"attack": 7', 1))
    edited = load_game(source).game
    assert edited is not None
    summary = build_game(edited, out, targets, BuildOptions())
    assert summary.listing is not None and summary.listing == listing(summary.folder)
    after = _files(summary.folder)
    assert after.keys() == before.keys()
    changed = {name for name in after if after[name][0] != before[name][0]}
    assert changed and all("counters" in name for name in changed), changed
    assert all(after[n][1] == before[n][1] for n in after if n not in changed)  # not rewritten
    assert all(after[n][1] != before[n][1] for n in changed)
    assert _hidden(out) == []


def test_files_no_longer_made_are_removed_with_their_folders(tmp_path: Path) -> None:
    out, game = tmp_path / "out", load_fixture(GAME)
    build_game(game, out, selected_targets(["svg", "png"]), BuildOptions())
    summary = build_game(game, out, selected_targets(["svg"]), BuildOptions())
    assert not (summary.folder / "png").exists()
    assert all(name.startswith("svg/") for name in _files(summary.folder))
    assert _hidden(out) == []


def test_an_update_killed_half_way_is_finished_by_the_next_build(tmp_path: Path) -> None:
    out, game = tmp_path / "out", load_fixture(GAME)
    final = build_game(game, out, selected_targets(["svg"]), BuildOptions()).folder
    names = sorted(_files(final))
    staging = out / f".{GAME}.tmp-killed"
    for name in names[:2]:
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
    (staging / names[0]).write_bytes(b"<svg>new</svg>")
    (staging / names[1]).write_bytes(b"<svg>also new</svg>")
    journal = {"moved": names[:2], "removed": [names[2]]}
    Path(str(staging) + JOURNAL).write_text(json.dumps(journal))
    os.replace(staging / names[0], final / names[0])  # killed after its first move
    with claim(out, GAME):
        pass  # alone in the folder: finishes what the killed build began
    assert (final / names[0]).read_bytes() == b"<svg>new</svg>"
    assert (final / names[1]).read_bytes() == b"<svg>also new</svg>"
    assert not (final / names[2]).exists()
    assert _hidden(out) == []


def test_a_staging_folder_without_journal_is_only_removed(tmp_path: Path) -> None:
    out, game = tmp_path / "out", load_fixture(GAME)
    final = build_game(game, out, selected_targets(["svg"]), BuildOptions()).folder
    before = _files(final)
    half = out / f".{GAME}.tmp-killed" / sorted(before)[0]
    half.parent.mkdir(parents=True)
    half.write_bytes(b"half")
    with claim(out, GAME):
        pass
    assert _files(final) == before
    assert _hidden(out) == []


def test_a_journal_cannot_move_files_out_of_the_output(tmp_path: Path) -> None:
    out, game = tmp_path / "out", load_fixture(GAME)
    final = build_game(game, out, selected_targets(["svg"]), BuildOptions()).folder
    before = _files(final)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    staging = out / f".{GAME}.tmp-hostile"
    staging.mkdir()
    (staging / "x.svg").write_text("<svg/>")
    hostile = {"moved": ["../../victim.txt"], "removed": ["../../victim.txt", "/etc/passwd"]}
    Path(str(staging) + JOURNAL).write_text(json.dumps(hostile))
    with claim(out, GAME):
        pass
    assert victim.read_text() == "keep me"
    assert _files(final) == before
    assert _hidden(out) == []


def test_an_output_holding_a_link_is_swapped_not_written_through(tmp_path: Path) -> None:
    out, game = tmp_path / "out", load_fixture(GAME)
    final = build_game(game, out, selected_targets(["svg"]), BuildOptions()).folder
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    svg = final / "svg"
    moved = svg.rename(tmp_path / "moved-svg")
    for path in moved.rglob("*"):  # the same names, seen through a link
        target = elsewhere / path.relative_to(moved)
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.is_file():
            target.write_bytes(b"not the build's")
    svg.symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(OutputRefused, match="holds 'svg', which toolkit did not make"):
        build_game(game, out, selected_targets(["svg"]), BuildOptions())  # a link is the user's
    assert svg.is_symlink()
    build_game(game, out, selected_targets(["svg"]), BuildOptions(force=True))
    assert not (final / "svg").is_symlink()
    assert all(p.read_bytes() == b"not the build's" for p in elsewhere.rglob("*") if p.is_file())
    assert set(_files(final)) == {f"svg/{name}" for name in _files(moved)}
    assert _hidden(out) == []


def test_a_file_outside_the_staging_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "final").mkdir()
    (tmp_path / "staging").mkdir()
    with Delivery(tmp_path / "staging", tmp_path / "final") as delivery:
        for name in ("../escape.svg", "/abs.svg", "a//b.svg", "a\\b.svg", ""):
            with pytest.raises(BuildError):
                delivery.add(name, b"x")
    assert not (tmp_path / "escape.svg").exists()
