"""No command replaces what it did not write: every writing command, aimed at its own sources,
their parent, a child, the current folder, a user's folder, a foreign cache and a file, loses
nothing, and says so in one line when it refuses."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, run_cli
from toolkit.ownership import CACHE_TAG, MARK, foreign_cache, foreign_output, read_mark

GAME = "minimal-hex"
SCENARIO = "hilltop"
"""The scenario fixture's id: in the natural layout, it lives at DIR/scenarios/hilltop/."""


@dataclass(frozen=True)
class Case:
    """One command aimed at one place: run in ``cwd`` (inside the sandbox), and refused with
    ``refused`` in its one line (None: it may write, as long as nothing is lost)."""

    name: str
    args: tuple[str, ...]
    refused: str | None
    cwd: str = "."


SOURCES = "games/minimal-hex"
SCENARIO_DIR = "pub/scenarios/hilltop"


def _build_cases(verb: str) -> list[Case]:
    """build and serve write OUTPUT/<game>/ and OUTPUT/.cache/."""
    return [
        Case(f"{verb}-own-sources", (verb, SOURCES, "-o", SOURCES), "lies inside the source"),
        Case(f"{verb}-parent", (verb, SOURCES, "-o", "games"), "it is the source folder"),
        Case(f"{verb}-child", (verb, SOURCES, "-o", f"{SOURCES}/out"), "lies inside the source"),
        Case(f"{verb}-current-is-sources", (verb, ".", "-o", "."), "lies inside", SOURCES),
        Case(f"{verb}-current-is-parent", (verb, GAME, "-o", "."), "is the source", "games"),
        Case(f"{verb}-default-inside", (verb, "."), "lies inside the source", SOURCES),
        Case(f"{verb}-user-folder", (verb, SOURCES, "-o", "mine"), "not a toolkit output"),
        Case(f"{verb}-foreign-cache", (verb, SOURCES, "-o", "home"), "as the build cache"),
        Case(f"{verb}-file", (verb, SOURCES, "-o", "afile"), "it is a file"),
        Case(f"{verb}-under-file", (verb, SOURCES, "-o", "afile/x"), "afile is a file"),
        Case(
            f"{verb}-force-parent",
            (verb, SOURCES, "-o", "games", "--force"),
            "it is the source folder",
        ),
    ]


def _publish_cases() -> list[Case]:
    game = ("--game", "module/minimal-hex.vmod")
    verb = ("publish", SCENARIO_DIR, *game)
    return [
        Case("publish-own-sources", (*verb, "-o", SCENARIO_DIR), "lies inside the source"),
        Case("publish-natural-parent", (*verb, "-o", "pub"), "it is the source folder"),
        Case("publish-child", (*verb, "-o", f"{SCENARIO_DIR}/out"), "lies inside the source"),
        Case(
            "publish-current-is-sources",
            ("publish", ".", "--game", "../../../module/minimal-hex.vmod", "-o", "."),
            "lies inside the source",
            SCENARIO_DIR,
        ),
        Case(
            "publish-current-is-parent",
            ("publish", "scenarios/hilltop", "--game", "../module/minimal-hex.vmod", "-o", "."),
            "it is the source folder",
            "pub",
        ),
        Case("publish-user-folder", (*verb, "-o", "mine"), "not a published scenario"),
        Case("publish-foreign-cache", (*verb, "-o", "home"), None),
        Case("publish-file", (*verb, "-o", "afile"), "it is a file"),
        Case(
            "publish-force-natural-parent",
            (*verb, "-o", "pub", "--force"),
            "it is the source folder",
        ),
        Case("index-user-page", ("publish", "--index", "site"), "not a scenario catalogue"),
    ]


def _import_cases() -> list[Case]:
    verb = ("import-save", "module/minimal-hex.vmod", "module/scenarios/meeting.vsav")
    return [
        Case("import-own-sources", (*verb, "-o", SCENARIO_DIR), "scenario.json is there already"),
        Case("import-parent", (*verb, "-o", "pub/scenarios"), None),
        Case(
            "import-current",
            (
                "import-save",
                "../../../module/minimal-hex.vmod",
                "../../../module/scenarios/meeting.vsav",
                "-o",
                ".",
            ),
            "scenario.json is there already",
            SCENARIO_DIR,
        ),
        Case("import-user-folder", (*verb, "-o", "mine"), None),
        Case("import-foreign-cache", (*verb, "-o", "home/.cache"), None),
        Case("import-file", (*verb, "-o", "afile"), "it is a file"),
    ]


def _new_cases() -> list[Case]:
    return [
        Case("new-own-sources", ("new", SOURCES), "it is not empty"),
        Case("new-parent", ("new", "games"), "it is not empty"),
        Case("new-child", ("new", f"{SOURCES}/maps"), "it is not empty"),
        Case("new-current", ("new", "."), "it is not empty", SOURCES),
        Case("new-user-folder", ("new", "mine"), "it is not empty"),
        Case("new-foreign-cache", ("new", "home/.cache"), "it is not empty"),
        Case("new-file", ("new", "afile"), "it is a file"),
        Case("new-force-own-sources", ("new", SOURCES, "--force"), "is there already"),
    ]


CASES = [*_build_cases("build"), *_build_cases("serve"), *_publish_cases()]
CASES += [*_import_cases(), *_new_cases()]


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's built module and its scenario save (what publish and import-save read)."""
    out = tmp_path_factory.mktemp("ownership-module")
    result = run_cli("build", str(FIXTURES / GAME), "-o", str(out), "--only", "vmod", cwd=out)
    assert result.returncode == 0, result.stderr
    return out / GAME


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory, module: Path) -> Path:
    """The fixture scenario published: a package folder to lay beside a user's own page."""
    out = tmp_path_factory.mktemp("ownership-package")
    vmod = module / f"{GAME}.vmod"
    args = ("publish", str(FIXTURES / "scenario-hex"), "--game", str(vmod), "-o", str(out))
    result = run_cli(*args, cwd=out)
    assert result.returncode == 0, result.stderr
    return out / "scenarios" / SCENARIO


def _sandbox(root: Path, module: Path, package: Path) -> None:
    """Sources, a user's folders and files, a foreign cache, and the built module."""
    shutil.copytree(FIXTURES / GAME, root / SOURCES)
    (root / SOURCES / "NOTES.txt").write_text("the designer's notes\n")
    shutil.copytree(FIXTURES / "scenario-hex", root / SCENARIO_DIR)
    (root / SCENARIO_DIR / "notes.md").write_text("the author's notes\n")
    for mine in ("mine/keep.txt", f"mine/{GAME}/keep.txt", f"mine/scenarios/{SCENARIO}/keep"):
        (root / mine).parent.mkdir(parents=True, exist_ok=True)
        (root / mine).write_text("the user's own\n")
    (root / "home/.cache/pip").mkdir(parents=True)
    (root / "home/.cache/pip/wheel").write_text("another program's cache\n")
    (root / "afile").write_text("a file\n")
    shutil.copytree(module, root / "module")
    shutil.copytree(package, root / "site/scenarios" / SCENARIO)
    (root / "site/index.html").write_text("<html>the club's own home page</html>\n")


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_nothing_is_lost(tmp_path: Path, module: Path, package: Path, case: Case) -> None:
    _sandbox(tmp_path, module, package)
    before = _files(tmp_path)
    result = run_cli(*case.args, cwd=tmp_path / case.cwd, timeout=60)
    after = _files(tmp_path)
    lost = [name for name, content in before.items() if after.get(name) != content]
    assert lost == [], result.stderr
    if case.refused is None:
        return
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1 and case.refused in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_a_build_marks_its_output_and_its_cache(tmp_path: Path) -> None:
    result = run_cli("build", str(FIXTURES / GAME), "-o", "out", "--only", "svg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    final = tmp_path / "out" / GAME
    listed = read_mark(final)
    made = {p.relative_to(final).as_posix() for p in final.rglob("*") if p.is_file()}
    assert listed == made - {MARK} and listed
    assert foreign_output(final) is None
    assert (tmp_path / "out/.cache" / CACHE_TAG).read_text().startswith("Signature: 8a477f59")
    assert foreign_cache(tmp_path / "out/.cache") is None


def test_a_users_file_in_an_output_stops_the_next_build(tmp_path: Path) -> None:
    args = ("build", str(FIXTURES / GAME), "-o", "out", "--only", "svg")
    assert run_cli(*args, cwd=tmp_path).returncode == 0
    notes = tmp_path / "out" / GAME / "svg" / "notes.txt"
    notes.write_text("mine\n")
    refused = run_cli(*args, cwd=tmp_path)
    assert refused.returncode == 2
    assert "holds 'svg/notes.txt', which toolkit did not make" in refused.stderr
    assert notes.read_text() == "mine\n"
    forced = run_cli(*args, "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert not notes.exists()


def test_an_output_made_before_outputs_were_marked_is_still_ours(tmp_path: Path) -> None:
    args = ("build", str(FIXTURES / GAME), "-o", "out", "--only", "svg,kit")
    assert run_cli(*args, cwd=tmp_path).returncode == 0
    (tmp_path / "out" / GAME / MARK).unlink()
    stamp = tmp_path / "out/.cache/STAMP"
    (tmp_path / "out/.cache" / CACHE_TAG).unlink()
    stamp.write_text("0" * 64)  # a cache an older version wrote: stamp only, and stale
    again = run_cli(*args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert read_mark(tmp_path / "out" / GAME)
    assert (tmp_path / "out/.cache" / CACHE_TAG).is_file()


def test_force_empties_a_foreign_cache_only_when_asked(tmp_path: Path) -> None:
    (tmp_path / "home/.cache/pip").mkdir(parents=True)
    (tmp_path / "home/.cache/pip/wheel").write_text("another program's\n")
    args = ("build", str(FIXTURES / GAME), "-o", "home", "--only", "svg")
    missing = run_cli("build", "nowhere", "-o", "home", cwd=tmp_path)
    assert missing.returncode == 2 and "as the build cache" in missing.stderr
    assert (tmp_path / "home/.cache/pip/wheel").is_file()
    assert run_cli(*args, "--no-cache", cwd=tmp_path).returncode == 0
    assert (tmp_path / "home/.cache/pip/wheel").is_file()
    assert run_cli(*args, "--force", cwd=tmp_path).returncode == 0
    assert not (tmp_path / "home/.cache/pip").exists()
    assert foreign_cache(tmp_path / "home/.cache") is None


def test_publish_replaces_its_own_package(tmp_path: Path, module: Path) -> None:
    vmod = str(module / f"{GAME}.vmod")
    args = ("publish", str(FIXTURES / "scenario-hex"), "--game", vmod, "-o", "site")
    assert run_cli(*args, cwd=tmp_path).returncode == 0
    again = run_cli(*args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    (tmp_path / "site/scenarios" / SCENARIO / "review.txt").write_text("mine\n")
    refused = run_cli(*args, cwd=tmp_path)
    assert refused.returncode == 2
    assert "holds 'review.txt', which toolkit did not publish" in refused.stderr
    assert run_cli("publish", "--index", "site", cwd=tmp_path).returncode == 0
    assert run_cli("publish", "--index", "site", cwd=tmp_path).returncode == 0
    page = json.loads((tmp_path / "site/index.json").read_text())
    assert [s["id"] for s in page["scenarios"]] == [SCENARIO]


def test_import_save_overwrites_only_when_told(tmp_path: Path, module: Path) -> None:
    folder = tmp_path / "scenario"
    shutil.copytree(FIXTURES / "scenario-hex", folder)
    authored = (folder / "scenario.json").read_bytes()
    vmod, save = module / f"{GAME}.vmod", module / "scenarios" / "meeting.vsav"
    args = ("import-save", str(vmod), str(save), "-o", str(folder))
    refused = run_cli(*args, cwd=tmp_path)
    assert refused.returncode == 2
    assert "a scenario.json is there already; move it away, or --force" in refused.stderr
    assert (folder / "scenario.json").read_bytes() == authored
    forced = run_cli(*args, "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert (folder / "scenario.json").read_bytes() != authored
