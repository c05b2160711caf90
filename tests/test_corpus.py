"""The broken-source corpus: every case is one mistake a designer makes; each must give one
located diagnostic with its code and exit status 1 — never a crash, a traceback or a hang."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, TESTS, run_cli

CORPUS = TESTS / "corpus" / "broken"
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expect.json").is_file())


OUTSIDE = "outside"
"""A case's files under outside/ go beside the game folder, not into it (symlink targets)."""
SCENARIO = "scenario"
"""A scenario case ("scenario": a fixture scenario folder) copies that folder beside the game
as scenario/, lays the case's scenario/ files over it, and validates it with --game game."""


def make_case(name: str, workdir: Path) -> tuple[Path, dict[str, object]]:
    """Copy the case's base game, lay the broken files over it, apply deletions/generation,
    and make the symbolic links it asks for ("symlinks": {link inside the game: target})."""
    case = CORPUS / name
    expect = json.loads((case / "expect.json").read_text(encoding="utf-8"))
    game = workdir / "game"
    shutil.copytree(FIXTURES / str(expect["base"]), game)
    if SCENARIO in expect:
        shutil.copytree(FIXTURES / str(expect[SCENARIO]), workdir / SCENARIO)
    for path in sorted(case.rglob("*")):
        if path.is_file() and path.name != "expect.json":
            relative = path.relative_to(case)
            base = workdir if relative.parts[0] in (OUTSIDE, SCENARIO) else game
            target = base / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    for relative in expect.get("delete", []):  # type: ignore[attr-defined]
        doomed = game / relative
        shutil.rmtree(doomed) if doomed.is_dir() else doomed.unlink()
    for link, target in dict(expect.get("symlinks", {})).items():  # type: ignore[call-overload]
        (game / link).symlink_to(target)
    generate = expect.get("generate")
    if isinstance(generate, dict):
        _generate(game / generate["file"], int(generate["megabytes"]))
    return game, expect


def _generate(path: Path, megabytes: int) -> None:
    """A file over the size limit: a JSON chart, or CSV rows of counters."""
    if path.suffix == ".csv":
        head = b"id,name,type,attack,defence,move\n"
        chunk = b"".join(b"x-%d,X,infantry,1,1,1\n" % i for i in range(50_000))
    else:
        head = b'{"kind": "chart", "padding": "'
        chunk = b"x" * (1 << 20)
    with path.open("wb") as handle:
        handle.write(head)
        for _ in range(megabytes * (1 << 20) // len(chunk) + 1):
            handle.write(chunk)
        if path.suffix != ".csv":
            handle.write(b'"}')


def test_corpus_is_big_enough() -> None:
    assert len(CASES) >= 40


def validate_args(expect: dict[str, object]) -> list[str]:
    """What to validate: the game folder, or the scenario folder with --game."""
    return [SCENARIO, "--game", "game"] if SCENARIO in expect else ["game"]


@pytest.mark.parametrize("name", CASES)
def test_broken_source(name: str, tmp_path: Path) -> None:
    game, expect = make_case(name, tmp_path)
    result = run_cli("validate", *validate_args(expect), cwd=tmp_path, timeout=60)
    assert "Traceback" not in result.stderr
    assert "internal error" not in result.stderr
    if "exit" in expect:
        assert result.returncode == expect["exit"], result.stderr
        return
    assert result.returncode == 1, result.stdout + result.stderr
    lines = [line for line in result.stderr.splitlines() if "error[" in line]
    wanted = f"error[{expect['code']}]"
    matching = [line for line in lines if wanted in line]
    assert matching, f"expected {wanted}, got:\n{result.stderr}"
    file_part, line_no, column, _ = matching[0].split(":", 3)
    folder = SCENARIO if SCENARIO in expect else "game"
    assert file_part == (f"{folder}/{expect['file']}" if expect["file"] else folder), matching[0]
    assert int(line_no) == expect["line"], matching[0]
    assert int(column) >= 1


@pytest.mark.parametrize("name", CASES)
def test_broken_source_json_format(name: str, tmp_path: Path) -> None:
    """--format json carries the same diagnostics as objects on stdout."""
    game, expect = make_case(name, tmp_path)
    result = run_cli(
        "validate", *validate_args(expect), "--format", "json", cwd=tmp_path, timeout=60
    )
    diagnostics = json.loads(result.stdout)
    if "exit" in expect:
        assert not [d for d in diagnostics if d["severity"] == "error"]
        return
    codes = {d["code"] for d in diagnostics}
    assert expect["code"] in codes
    first = next(d for d in diagnostics if d["code"] == expect["code"])
    assert set(first) == {"file", "line", "column", "pointer", "code", "severity", "message"}
