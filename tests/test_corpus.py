"""The broken-input corpus: every case is one mistake a designer makes, or one hostile file a
player or module maker hands over; each must give one located diagnostic with its code and exit
status 1 — never a crash, a traceback or a hang.

A source case is `toolkit validate` of a game folder. A reader case ("run" in its expect.json)
runs the command it names in a folder that holds the base game's built module as game.vmod,
beside the game folder, and the archive it describes ("archive"): a module, saved game or log
made from the built ones with entries replaced, edited, listed twice (or once more, unlisted)
or declared larger than they are, so that what is broken reads in the case itself.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, TESTS, run_cli
from tests.vassal import vmods
from toolkit.vassal.format.codec import deobfuscate, obfuscate

CORPUS = TESTS / "corpus" / "broken"
ALL_CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expect.json").is_file())


def _expect(name: str) -> dict[str, Any]:
    return dict(json.loads((CORPUS / name / "expect.json").read_text(encoding="utf-8")))


CASES = [name for name in ALL_CASES if "run" not in _expect(name)]
"""Source cases: `toolkit validate` of the broken game."""
READER_CASES = [name for name in ALL_CASES if "run" in _expect(name)]
"""Reader cases: a command given a hostile or broken module, saved game or log."""
MODULE = "game.vmod"
"""What a reader case's folder calls the base game's built module."""
SCENARIO = "meeting.vsav"
"""The base game's one scenario, in the module and beside it."""
LOCATED = re.compile(r"^(?P<file>.*?)(?::(?P<line>\d+):(?P<column>\d+))?: (?:error|warning)\[")
"""file:line:col: severity[ — or file: severity[ for a finding with no line (an archive)."""


OUTSIDE = "outside"
"""A case's files under outside/ go beside the game folder, not into it (symlink targets)."""
SCENARIO_CASE = "scenario"
"""A scenario case ("scenario": a fixture scenario folder) copies that folder beside the game
as scenario/, lays the case's scenario/ files over it, and validates it with --game game."""


def make_case(name: str, workdir: Path) -> tuple[Path, dict[str, object]]:
    """Copy the case's base game, lay the broken files over it, apply deletions/generation,
    and make the symbolic links it asks for ("symlinks": {link inside the game: target})."""
    case = CORPUS / name
    expect = json.loads((case / "expect.json").read_text(encoding="utf-8"))
    game = workdir / "game"
    shutil.copytree(FIXTURES / str(expect["base"]), game)
    if SCENARIO_CASE in expect:
        shutil.copytree(FIXTURES / str(expect[SCENARIO_CASE]), workdir / SCENARIO_CASE)
    for path in sorted(case.rglob("*")):
        if path.is_file() and path.name != "expect.json":
            relative = path.relative_to(case)
            base = workdir if relative.parts[0] in (OUTSIDE, SCENARIO_CASE) else game
            target = base / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    for relative in expect.get("delete", []):  # type: ignore[attr-defined]
        doomed = game / relative
        shutil.rmtree(doomed) if doomed.is_dir() else doomed.unlink()
    for link, target in dict(expect.get("symlinks", {})).items():  # type: ignore[call-overload]
        (game / link).symlink_to(target)
    generate = expect.get("generate")
    if isinstance(generate, dict) and "entries" in generate:
        _generate_position(workdir / generate["file"], int(generate["entries"]))
    elif isinstance(generate, dict):
        _generate(game / generate["file"], int(generate["megabytes"]))
    return game, expect


def _generate_position(path: Path, entries: int) -> None:
    """A position file (beside the game) with ``entries`` entries, one a line from line 2,
    each naming a location and a counter the game does not have."""
    lines = [f'{{"at": "nowhere-{i}", "pieces": ["nobody-{i}"]}}' for i in range(entries)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"kind": "position", "pieces": [\n' + ",\n".join(lines) + "\n]}\n")


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
    return [SCENARIO_CASE, "--game", "game"] if SCENARIO_CASE in expect else ["game"]


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
    folder = SCENARIO_CASE if SCENARIO_CASE in expect else "game"
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


# -- readers: modules, saved games, logs ---------------------------------------------------------


def test_reader_corpus_covers_every_reader_code() -> None:
    """Every diagnostic code the readers of modules, saves and logs emit has a case."""
    sources = [
        TESTS.parent / "toolkit" / path
        for path in (
            "vassal/read/check.py",
            "vassal/read/piecechecks.py",
            "check.py",
            "load/module.py",
        )
    ]
    emitted = {"vmod.cut"}
    for source in sources:
        text = source.read_text(encoding="utf-8")
        prefix = "vmod." if "vassal" in source.parts else ""
        if prefix:
            emitted |= {
                prefix + c for c in re.findall(r'(?:add|add_absent)\([^")]*"([a-z-]+)"', text)
            }
            for choice in re.findall(r'code = "([a-z-]+)" if .* else "([a-z-]+)"', text):
                emitted |= {prefix + c for c in choice}
        emitted |= set(re.findall(r'Diagnostic\(\s*"((?:save|log|module)\.[a-z-]+)"', text))
    emitted -= {f"vmod.{severity}" for severity in ("error", "warning", "info")}
    covered = {str(_expect(name)["code"]) for name in READER_CASES}
    assert emitted - covered == set()
    assert len(emitted) >= 30


@pytest.fixture(scope="module")
def built_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The base game's module and scenario, built once for every reader case."""
    from tests.conftest import load_fixture
    from toolkit.build import build_game, selected_targets
    from toolkit.options import BuildOptions

    out = tmp_path_factory.mktemp("corpus-module")
    game = load_fixture("minimal-hex")
    return build_game(game, out, selected_targets(["vmod"]), BuildOptions()).folder


def make_reader_case(name: str, workdir: Path, built: Path) -> dict[str, Any]:
    """The case's folder: its game, the built module as game.vmod, and its archive. A case
    that changes its game ("build": true) has that game built, not the base game."""
    game, expect = make_case(name, workdir)
    if expect.get("build"):
        built = _built(game, workdir / "built")
    if not (workdir / MODULE).exists():
        shutil.copyfile(built / f"{built.name}.vmod", workdir / MODULE)
    if "archive" in expect:
        recipe = dict(expect["archive"])
        (workdir / recipe["file"]).write_bytes(_archive(recipe, built, CORPUS / name))
    return expect


def _built(folder: Path, out: Path) -> Path:
    """A game folder's module and scenarios, built; the folder they are in."""
    from toolkit.build import build_game, selected_targets
    from toolkit.load import load_game
    from toolkit.options import BuildOptions

    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    return build_game(result.game, out, selected_targets(["vmod"]), BuildOptions()).folder


def _archive(recipe: dict[str, Any], built: Path, case: Path) -> bytes:
    """A zip made as ``recipe`` says: the built module's, scenario's or extension's entries
    ("from"), or none; entries replaced or removed ("entries"), text edited ("edits": a saved game's
    command stream is edited as text and obfuscated again), entries listed a second time
    ("duplicate"; "hidden": that copy left out of the central directory), sizes declared
    ("declare")."""
    origin = recipe.get("from")
    entries: dict[str, bytes] = {}
    if origin == "module":
        entries = vmods.read_zip((built / f"{built.name}.vmod").read_bytes())
    elif origin == "scenario":
        entries = vmods.read_zip((built / "scenarios" / SCENARIO).read_bytes())
    elif origin == "extension":
        entries = vmods.read_zip(_extension(built))
    for entry, spec in dict(recipe.get("entries", {})).items():
        if spec is None:
            del entries[entry]
        else:
            entries[entry] = _content(spec, case)
    for edit in recipe.get("edits", []):
        entries[edit["entry"]] = _edited(entries[edit["entry"]], edit)
    listed = list(entries.items())
    for copy in recipe.get("duplicate", []):
        listed = _duplicated(listed, copy)
    data = vmods.listed(listed)
    for copy in recipe.get("duplicate", []):
        if copy.get("hidden"):
            assert copy.get("place") == "first", "a hidden copy is the first listed"
            data = vmods.unlisted(data, copy["entry"])
    for entry, size in dict(recipe.get("declare", {})).items():
        data = vmods.declared_size(data, entry, int(size))
    for entry, flags in dict(recipe.get("central", {})).items():
        data = _central(data, entry, dict(flags))
    for entry in recipe.get("damage", []):
        data = _damaged(data, entry)
    return data


def _extension(built: Path) -> bytes:
    """A module extension (.vmdx) adding the base game's scenario as a predefined setup, as
    `toolkit publish` writes one."""
    from tests.conftest import load_fixture
    from toolkit.vassal.write.extension import ExtensionInfo, extension_archive

    info = ExtensionInfo("Meeting again", "1.0", "The meeting engagement", SCENARIO)
    save = (built / "scenarios" / SCENARIO).read_bytes()
    return extension_archive(load_fixture("minimal-hex"), info, save)


def _central(data: bytes, name: str, flags: dict[str, Any]) -> bytes:
    """An archive whose central directory says entry ``name`` is encrypted ("encrypted") or
    compressed by another method ("method": its number)."""
    raw = bytearray(data)
    at = _record(raw, b"PK\x01\x02", 46, name)
    if flags.get("encrypted"):
        raw[at + 8] |= 0x1
    if "method" in flags:
        raw[at + 10 : at + 12] = int(flags["method"]).to_bytes(2, "little")
    return bytes(raw)


def _damaged(data: bytes, name: str) -> bytes:
    """An archive whose entry ``name`` has its compressed bytes overwritten, after the first
    two (its CRC and sizes still claim the old content)."""
    raw = bytearray(data)
    at = _record(raw, b"PK\x03\x04", 30, name)
    start = at + 30 + len(name.encode()) + int.from_bytes(raw[at + 28 : at + 30], "little")
    size = int.from_bytes(raw[at + 18 : at + 22], "little")
    raw[start + 2 : start + min(size, 40)] = b"\xff" * (min(size, 40) - 2)
    return bytes(raw)


def _record(raw: bytearray, signature: bytes, name_at: int, name: str) -> int:
    """Where the zip record with ``signature`` for entry ``name`` starts."""
    encoded = name.encode()
    at = raw.find(signature)
    while at >= 0:
        length_at = 28 if signature == b"PK\x01\x02" else 26
        length = int.from_bytes(raw[at + length_at : at + length_at + 2], "little")
        if raw[at + name_at : at + name_at + length] == encoded:
            return at
        at = raw.find(signature, at + 4)
    raise AssertionError(f"no {signature!r} record for {name!r}")


def _content(spec: Any, case: Path) -> bytes:
    """An entry's bytes: text; {"stream": text} obfuscated as VASSAL saves it; {"zeros": n}
    (a zip bomb: n bytes that compress to almost nothing); {"file": name} from the case."""
    if isinstance(spec, str):
        return spec.encode("utf-8")
    if "stream" in spec:
        return obfuscate(_text(spec["stream"]))
    if "zeros" in spec:
        return bytes(int(spec["zeros"]))
    return (case / spec["file"]).read_bytes()


def _text(parts: Any) -> str:
    """Text, or a list of texts and {"repeat": text, "times": n} (for what is too long to
    write out)."""
    if isinstance(parts, str):
        return parts
    return "".join(p if isinstance(p, str) else p["repeat"] * int(p["times"]) for p in parts)


def _edited(data: bytes, edit: dict[str, Any]) -> bytes:
    """One entry edited: "old" replaced by "new" (which must be there), or "append" added."""
    saved = edit["entry"] == "savedGame"
    text = deobfuscate(data) if saved else data.decode("utf-8")
    if "old" in edit:
        assert edit["old"] in text, f"{edit['old']!r} is not in {edit['entry']}"
        text = text.replace(edit["old"], _text(edit["new"]), 1)
    text += _text(edit.get("append", ""))
    return obfuscate(text) if saved else text.encode("utf-8")


def _duplicated(listed: list[tuple[str, bytes]], copy: dict[str, Any]) -> list[tuple[str, bytes]]:
    """The entries with entry ``copy["entry"]`` listed once more: a copy of it with its own
    text edits ("edits", as above), written before every other entry ("place": "first") or
    after them ("last", the default)."""
    name = copy["entry"]
    content = dict(listed)[name]
    for edit in copy.get("edits", []):
        content = _edited(content, {"entry": name, **edit})
    return (
        [(name, content), *listed] if copy.get("place") == "first" else [*listed, (name, content)]
    )


@pytest.mark.parametrize("name", READER_CASES)
def test_hostile_file(name: str, tmp_path: Path, built_module: Path) -> None:
    expect = make_reader_case(name, tmp_path, built_module)
    result = run_cli(*expect["run"], cwd=tmp_path, timeout=60)
    assert "Traceback" not in result.stderr
    assert "internal error" not in result.stderr
    assert result.returncode == expect.get("exit", 1), result.stdout + result.stderr
    wanted = f"[{expect['code']}]: "
    matching = [line for line in result.stderr.splitlines() if wanted in line]
    assert matching, f"expected {wanted}, got:\n{result.stderr}"
    located = LOCATED.match(matching[0])
    assert located, matching[0]
    assert located["file"] == expect["file"], matching[0]
    assert int(located["line"] or 0) == expect["line"], matching[0]
    assert expect["says"] in matching[0], matching[0]


@pytest.mark.parametrize("name", [n for n in READER_CASES if _expect(n)["run"][0] == "vmod-check"])
def test_hostile_module_json_format(name: str, tmp_path: Path, built_module: Path) -> None:
    """vmod-check's --format json carries the same finding as an object on stdout."""
    expect = make_reader_case(name, tmp_path, built_module)
    result = run_cli(*expect["run"], "--format", "json", cwd=tmp_path, timeout=60)
    found = [d for d in json.loads(result.stdout) if d["code"] == expect["code"]]
    assert found, result.stdout
    assert (found[0]["file"], found[0]["line"]) == (expect["file"], expect["line"])
