"""The source format keeps its word: a game written for an older format builds and means what it
meant, is told what changed when it fails, and `toolkit migrate` brings it up to date by the
smallest edits, every meaning kept."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

from tests.conftest import copy_fixture, load_fixture, run_cli
from toolkit.load import load_game
from toolkit.load.formats import FORMAT_VERSION
from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.rules.context import Situation
from toolkit.rules.stacking import check_stacking

OLD = "format-1"
"""The river-crossing game as written for format 1 (tests/fixtures/format-1)."""
BOX = "front:blue-reinforcements"


def _waiting_in_the_box(game: Game) -> int:
    """How many stacking violations three infantry waiting in a holding box make."""
    pieces = tuple(Piece(f"bl-inf/{n}", "bl-inf", BOX, "front", "bl", 1) for n in (1, 2, 3))
    situation = Situation(game, Position(pieces=pieces))
    return len(check_stacking(situation, game.rule("stacking")))


def test_a_game_of_an_older_format_builds_and_means_what_it_meant(tmp_path: Path) -> None:
    old = load_fixture(OLD)
    assert old.format == 1 and old.version == "0.1.0"
    assert _waiting_in_the_box(old) == 1  # format 1: the limit counted boxes too
    assert _waiting_in_the_box(load_fixture("river-crossing")) == 0  # format 2: maps only
    built = run_cli("build", str(copy_fixture(OLD, tmp_path)), "-o", "out", "--only", "svg",
                    cwd=tmp_path)  # fmt: skip
    assert built.returncode == 0, built.stderr


def test_migrate_makes_the_smallest_edits_and_keeps_every_meaning(tmp_path: Path) -> None:
    folder = copy_fixture(OLD, tmp_path)
    before = {p.name: p.read_text("utf-8") for p in (folder / "game.json", folder / "rules.json")}
    result = run_cli("migrate", str(folder), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"from source format 1 to {FORMAT_VERSION}: 2 file(s) rewritten" in result.stdout
    notes = result.stdout.splitlines()[:-1]  # each names its file as the diagnostics do
    assert notes and all(
        n.startswith(("format-1/game.json: ", "format-1/rules.json: ")) for n in notes
    )
    game = json.loads((folder / "game.json").read_text("utf-8"))
    assert game["format"] == FORMAT_VERSION and game["version"] == "0.1.0"
    rules = json.loads((folder / "rules.json").read_text("utf-8"))
    assert next(r for r in rules["rules"] if r["id"] == "stacking")["where"] == {}
    for name, text in before.items():  # only the lines that had to change did
        after = (folder / name).read_text("utf-8").splitlines()
        diff = list(difflib.unified_diff(text.splitlines(), after, lineterm="", n=0))[2:]
        added = [line for line in diff if line.startswith("+")]
        removed = [line for line in diff if line.startswith("-")]
        assert 1 <= len(added) <= 2 and len(removed) <= len(added), (name, diff)
    migrated = load_game(folder)
    assert migrated.game is not None and not migrated.report.warnings
    assert _waiting_in_the_box(migrated.game) == 1  # the same meaning, now said
    again = run_cli("migrate", str(folder), cwd=tmp_path)
    assert again.returncode == 0 and "nothing to do" in again.stdout


def test_a_dry_run_writes_nothing(tmp_path: Path) -> None:
    folder = copy_fixture(OLD, tmp_path)
    before = sorted((p.name, p.read_bytes()) for p in folder.rglob("*") if p.is_file())
    result = run_cli("migrate", str(folder), "--dry-run", cwd=tmp_path)
    assert result.returncode == 0 and "would change" in result.stdout
    assert sorted((p.name, p.read_bytes()) for p in folder.rglob("*") if p.is_file()) == before


def test_a_failing_game_of_no_declared_format_is_told_what_changed(tmp_path: Path) -> None:
    folder = copy_fixture("minimal-hex", tmp_path)
    units = folder / "counters" / "units.json"
    units.write_text(units.read_text("utf-8").replace('"template": "unit"', '"template": "u"'))
    notes = [d for d in load_game(folder).report.diagnostics if d.code == "source.format-changed"]
    assert len(notes) == 1 and notes[0].file.endswith("game.json")
    assert "toolkit migrate" in notes[0].message and "CHANGELOG.md" in notes[0].message
    game = folder / "game.json"
    game.write_text(
        game.read_text("utf-8").replace('"kind": "game",', '"kind": "game", "format": 2,')
    )
    report = load_game(folder).report
    assert report.errors and not [
        d for d in report.diagnostics if d.code == "source.format-changed"
    ]


def test_a_format_newer_than_the_toolkit_is_one_located_error(tmp_path: Path) -> None:
    folder = copy_fixture("minimal-hex", tmp_path)
    game = folder / "game.json"
    game.write_text(
        game.read_text("utf-8").replace('"kind": "game",', '"kind": "game", "format": 99,')
    )
    (error,) = load_game(folder).report.errors
    assert error.code == "game.newer-format" and "update the toolkit" in error.message


def test_migrate_refuses_a_game_it_cannot_read_whole(tmp_path: Path) -> None:
    """A rules file that cannot be read might hold a stacking rule whose meaning migrating would
    change in silence: nothing is written, and the file is named with its line and column."""
    folder = copy_fixture(OLD, tmp_path)
    rules = folder / "rules.json"
    rules.write_text(rules.read_text("utf-8").replace('"kind": "rules",', '"kind": "rules",,'))
    before = sorted((p.name, p.read_bytes()) for p in folder.rglob("*") if p.is_file())
    result = run_cli("migrate", str(folder), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "rules.json:" in result.stderr and "nothing was migrated" in result.stderr
    assert sorted((p.name, p.read_bytes()) for p in folder.rglob("*") if p.is_file()) == before


def test_migrate_writes_a_new_member_as_the_object_is_written(tmp_path: Path) -> None:
    """On the line of the object's first member when the object is written on one line, on a
    line of its own indented as the next when it opens a line; never a dangling comma."""
    from toolkit.load.migrate import plan_migration

    def declared(text: str) -> str:
        (tmp_path / "game.json").write_text(text, encoding="utf-8")
        (edit,) = plan_migration(tmp_path).edits
        json.loads(edit.after)
        return edit.after

    assert declared('{"kind": "game"}') == '{"format": 2, "kind": "game"}'
    assert declared('{\n\t"kind": "game"\n}') == '{\n\t"format": 2,\n\t"kind": "game"\n}'
    assert (
        declared('{  \r\n    "kind": "game"}') == '{\r\n    "format": 2,  \r\n    "kind": "game"}'
    )
    assert declared("{}") == '{"format": 2}'


def test_a_file_that_is_no_source_is_told_to_leave_the_game_folder(tmp_path: Path) -> None:
    """Notes kept in cards/ (read since format 2), beside game.json or in a folder of the
    game: each one error at the file, saying it may simply move out."""
    folder = copy_fixture("minimal-hex", tmp_path)
    (folder / "cards").mkdir()
    (folder / "cards" / "ideas.json").write_text('{"todo": "card ideas"}', encoding="utf-8")
    (folder / "export.json").write_text("[1, 2]", encoding="utf-8")
    (folder / "charts" / "notes.json").write_text('{"kind": "notes"}', encoding="utf-8")
    said = {Path(d.file).name: d.message for d in load_game(folder).report.errors}
    assert set(said) == {"ideas.json", "export.json", "notes.json"}
    assert said["ideas.json"].endswith("every JSON file in cards/ is read as a source")
    assert said["export.json"].endswith("every JSON file beside game.json is read as a source")
    assert said["notes.json"].endswith("every JSON file in charts/ is read as a source")
