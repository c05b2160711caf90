"""toolkit import-save: a position set up in VASSAL back to a scenario source."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli
from tests.publish.conftest import SCENARIO, SCENARIO_ID
from tests.vassal.vmods import edit_save, make_zip, read_zip


def test_round_trip_publish_import_publish_gives_the_same_package(
    tmp_path: Path, module: Path, published: Path
) -> None:
    save = published / f"{SCENARIO_ID}.vsav"
    imported = tmp_path / "imported"
    result = run_cli(
        "import-save", str(module), str(save), "--scenario", str(SCENARIO), "-o", str(imported),
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    again = run_cli(
        "publish", str(imported), "--game", str(module), "-o", str(tmp_path), cwd=tmp_path
    )
    assert again.returncode == 0, again.stderr
    package = tmp_path / "scenarios" / SCENARIO_ID
    names = sorted(p.name for p in published.iterdir())
    assert sorted(p.name for p in package.iterdir()) == names
    for name in names:
        assert (package / name).read_bytes() == (published / name).read_bytes(), name


def test_import_without_a_scenario_writes_one_to_fill_in(tmp_path: Path, module: Path) -> None:
    save = module.parent / "scenarios" / "meeting.vsav"
    out = tmp_path / "new"
    result = run_cli("import-save", str(module), str(save), "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads((out / "scenario.json").read_text(encoding="utf-8"))
    assert (data["kind"], data["id"], data["game"]) == ("scenario", "meeting", "minimal-hex")
    assert data["placements"] == [
        {"at": "valley:0304", "pieces": ["bl-1-inf", "bl-2-inf"]},
        {"at": "valley:0205", "pieces": ["bl-3-arm"]},
        {"at": "valley:0906", "pieces": [{"counter": "rd-1-inf", "count": 2}]},
        {"at": "valley:1005", "pieces": ["rd-2-art"]},
    ]
    checked = run_cli("validate", str(out), "--game", str(module), cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr


def test_pieces_the_game_does_not_know_are_reported(
    tmp_path: Path, module: Path, published: Path
) -> None:
    entries = read_zip((published / f"{SCENARIO_ID}.vsav").read_bytes())
    vsav = make_zip(entries)
    vsav = edit_save(vsav, lambda stream: stream.replace("bl-3-arm", "zz-9-unknown"))
    save = tmp_path / "hand.vsav"
    save.write_bytes(vsav)
    out = tmp_path / "hand"
    result = run_cli("import-save", str(module), str(save), "-o", str(out), cwd=tmp_path)
    assert result.returncode == 1
    assert "warning[save.unknown-piece]" in result.stderr and "zz-9-unknown" in result.stderr
    assert "1 piece(s) of the save are not in the game" in result.stderr
    data = json.loads((out / "scenario.json").read_text(encoding="utf-8"))
    placed = [piece for p in data["placements"] for piece in p["pieces"]]
    assert "bl-3-arm" not in placed and "bl-1-inf" in placed
