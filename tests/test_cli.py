"""The command line as a user meets it: exit statuses, output, and builds that never half-happen."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, run_cli


def test_validate_clean_game_exits_0(tmp_path: Path) -> None:
    result = run_cli("validate", str(FIXTURES / "minimal-hex"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok: ")


def test_validate_reports_and_exits_1(tmp_path: Path) -> None:
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "minimal-hex", game)
    path = game / "setups" / "meeting.json"
    path.write_text(
        path.read_text(encoding="utf-8").replace('"bl-3-arm"', '"bl-3-armr"'), encoding="utf-8"
    )
    result = run_cli("validate", "game", cwd=tmp_path)
    assert result.returncode == 1
    assert (
        "game/setups/meeting.json:11:31: error[ref.unknown-counter]: unknown counter "
        "'bl-3-armr' (did you mean 'bl-3-arm'?)" in result.stderr
    )
    assert result.stderr.strip().endswith("1 error, 0 warnings")
    assert "Traceback" not in result.stderr


def test_validate_json_format(tmp_path: Path) -> None:
    result = run_cli("validate", "--format", "json", "nowhere", cwd=tmp_path)
    assert result.returncode == 1
    [diagnostic] = json.loads(result.stdout)
    assert diagnostic["code"] == "source.not-a-folder"


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run_cli("validate", cwd=tmp_path).returncode == 2
    assert run_cli("frobnicate", cwd=tmp_path).returncode == 2
    bad_target = run_cli("build", str(FIXTURES / "minimal-hex"), "--only", "pdf", cwd=tmp_path)
    assert bad_target.returncode == 2
    assert "unknown output 'pdf'" in bad_target.stderr


def test_new_then_build(tmp_path: Path) -> None:
    created = run_cli("new", "my-game", cwd=tmp_path)
    assert created.returncode == 0, created.stderr
    assert run_cli("validate", "my-game", cwd=tmp_path).returncode == 0
    built = run_cli("build", "my-game", "-o", "out", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "my-game" / "svg" / "maps" / "valley.svg").is_file()
    hidden = [p.name for p in (tmp_path / "out").iterdir() if p.name.startswith(".")]
    assert hidden == [".cache"]  # the build's cache; nothing a build staged is left


def test_new_writes_the_forms_the_readme_recommends(tmp_path: Path) -> None:
    """The starter taught forms the README calls older: a hex's size by 'hex_width' and a
    river as a list of sides. It now measures hexes as a ruler does and runs rivers between
    groups of hexes, and gives no warning."""
    created = run_cli("new", "my-game", cwd=tmp_path)
    assert created.returncode == 0, created.stderr
    grid = json.loads((tmp_path / "my-game" / "maps" / "valley.json").read_text("utf-8"))
    assert "across_flats" in grid["grid"] and "hex_width" not in grid["grid"]
    assert all("sides" not in side for side in grid["hexsides"])
    checked = run_cli("validate", "my-game", cwd=tmp_path)
    assert checked.returncode == 0 and "warning" not in checked.stdout + checked.stderr


def test_new_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    result = run_cli("new", "taken", cwd=tmp_path)
    assert result.returncode == 2
    assert (tmp_path / "taken" / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_failed_build_leaves_previous_output_untouched(tmp_path: Path) -> None:
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "minimal-hex", game)
    assert run_cli("build", "game", "-o", "out", "--only", "svg", cwd=tmp_path).returncode == 0
    before = sorted(p.relative_to(tmp_path) for p in (tmp_path / "out").rglob("*"))
    (game / "game.json").write_text("{ broken", encoding="utf-8")
    result = run_cli("build", "game", "-o", "out", cwd=tmp_path)
    assert result.returncode == 1
    assert "nothing was written" in result.stderr
    after = sorted(p.relative_to(tmp_path) for p in (tmp_path / "out").rglob("*"))
    assert after == before


def test_build_is_deterministic(tmp_path: Path) -> None:
    for out in ("a", "b"):
        assert (
            run_cli(
                "build", str(FIXTURES / "minimal-hex"), "-o", out, "--only", "svg", cwd=tmp_path
            ).returncode
            == 0
        )
    files_a = sorted((tmp_path / "a").rglob("*.svg"))
    assert files_a
    for path in files_a:
        twin = tmp_path / "b" / path.relative_to(tmp_path / "a")
        assert path.read_bytes() == twin.read_bytes(), path.name


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_counter_that_cannot_be_drawn_is_a_located_diagnostic(tmp_path: Path, jobs: str) -> None:
    """Also from worker processes: the error travels back to be reported, not lost."""
    shutil.copytree(FIXTURES / "counters-overflow", tmp_path / "game")
    units = tmp_path / "game" / "counters" / "units.json"
    extra = "".join(  # more counters, so that the workers draw them, not the main process
        f',\n    {{"id": "ge-ok-{n}", "name": "OK", "template": "unit", "faction": "ge", '
        '"values": {"type": "infantry"}}'
        for n in range(8)
    )
    text = units.read_text(encoding="utf-8")
    units.write_text(text.replace("}}\n  ]", "}}" + extra + "\n  ]"), encoding="utf-8")
    result = run_cli("build", "game", "-o", "out", "--only", "svg", "-j", jobs, cwd=tmp_path)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    *diagnostics, count, closing = result.stderr.strip().splitlines()
    line = diagnostics[-1]
    assert line.startswith("game/counters/units.json:11:9: error[counter.text-too-long]: ")
    assert count == "1 error, 0 warnings"
    assert closing == "Error: build failed: 1 error in the sources; nothing was written"
    assert "'ge-gd'" in line
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_hostile_names_build_into_well_formed_outputs(tmp_path: Path) -> None:
    """Names with <, &, quotes, tabs, ';' and non-Latin letters reach every output escaped."""
    from lxml import etree
    from pypdf import PdfReader

    from tests.test_corpus import make_case
    from toolkit.vassal.read.check import check_module

    make_case("hostile-names-are-fine", tmp_path)
    result = run_cli("build", "game", "-o", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = tmp_path / "out" / "minimal-hex"
    svgs = sorted(out.rglob("*.svg"))
    assert svgs
    texts = []
    for path in svgs:
        root = etree.parse(str(path)).getroot()  # raises on anything unescaped
        assert not root.findall(".//{http://www.w3.org/2000/svg}script")
        texts.append(" ".join(root.itertext()))
    joined = " ".join(" ".join(texts).split())  # a long name may take two lines
    assert 'Mill<brook> & "Sons"; Ωmega 東' in joined
    assert "<&" in joined  # the counter designation
    pdf = PdfReader(out / "minimal-hex-kit.pdf")
    assert len(pdf.pages) > 3
    # the map's name ('/', ';', a TAB, markup) is its board's: the scenario chooses it escaped
    scenarios = sorted((out / "scenarios").glob("*.vsav"))
    assert scenarios
    assert check_module(out / "minimal-hex.vmod", scenarios) == []
