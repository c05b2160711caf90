"""The build cache: an edit redraws only what depends on it, and the result is a cold build's.

Each case edits one kind of source in a private copy of a fixture game, rebuilds over a warm
cache, and checks three things: the rebuilt files are byte-identical to a cold build (no cache)
of the edited sources; the outputs that depend on the edit changed and the others did not; and
the cache made new PNG entries for exactly the drawings whose pixels changed.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from types import MappingProxyType

import pytest
from PIL import Image

from tests.conftest import ROOT, SOURCES, copy_fixture, run_cli
from toolkit.build import (
    build_folder,
    build_game,
    fingerprint,
    remember,
    selected_targets,
    up_to_date,
)
from toolkit.cache import FOLDER, STAMP_FILE, Cache, canonical, key
from toolkit.load import load_game, schemas
from toolkit.options import BuildOptions
from toolkit.ownership import CACHE_TAG

Files = dict[str, bytes]


def _build(game_dir: Path, out: Path, cache: bool = True, **options: object) -> Files:
    result = load_game(game_dir)
    assert result.game is not None, result.report.format_text()
    chosen = BuildOptions(cache=out / FOLDER if cache else None, **options)  # type: ignore[arg-type]
    summary = build_game(result.game, out, selected_targets(None), chosen)
    return {
        p.relative_to(summary.folder).as_posix(): p.read_bytes()
        for p in sorted(summary.folder.rglob("*"))
        if p.is_file()
    }


def _entries(out: Path, kind: str) -> set[str]:
    folder = out / FOLDER / kind
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _recolour(path: Path) -> None:
    with Image.open(path) as image:
        picture = image.convert("RGBA")
    picture.putpixel((0, 0), (1, 2, 3, 255))
    picture.save(path)


@dataclasses.dataclass(frozen=True)
class Case:
    name: str
    fixture: str
    edit: Callable[[Path], None]
    changes: tuple[str, ...]
    """Outputs that must change (exact paths)."""
    keeps: tuple[str, ...]
    """Path prefixes under which nothing may change."""
    options: tuple[tuple[str, object], ...] = ()
    """Build options of the rebuild (the first build uses the defaults)."""


_MARKS = {STAMP_FILE, CACHE_TAG}
"""The cache folder's own files: its stamp and its tag, not entries."""
FACES = ("svg/counters/", "png/counters/")
MAPS = ("svg/maps/", "png/maps/")
CHARTS = ("svg/charts/", "png/charts/")

CASES = [
    Case(
        "counter value",
        "minimal-hex",
        lambda g: _replace(g / "counters/units.json", '"attack": 4', '"attack": 7'),
        ("svg/counters/bl-1-inf-front.svg", "minimal-hex-kit.pdf", "minimal-hex.vmod"),
        MAPS + CHARTS + ("svg/counters/bl-2-inf", "svg/counters/rd-", "svg/counters/turn"),
    ),
    Case(
        "template",
        "minimal-hex",
        lambda g: _replace(g / "counters/units.json", '"bold": true, "size": 8', '"size": 9'),
        ("svg/counters/bl-2-inf-front.svg", "svg/counters/rd-2-art-front.svg"),
        MAPS + CHARTS + ("svg/counters/turn", "png/counters/turn"),
    ),
    Case(
        "terrain colour",
        "minimal-hex",
        lambda g: _replace(g / "game.json", '"#9cc489"', '"#7fb36b"'),
        ("svg/maps/valley.svg", "png/maps/valley.png", "minimal-hex-kit.pdf"),
        FACES + CHARTS,
    ),
    Case(
        "a hex's terrain",
        "minimal-hex",
        lambda g: _replace(g / "maps/valley.json", '". . f f . .', '". . h f . .'),
        ("svg/maps/valley.svg", "png/maps/valley.png", "minimal-hex-kit.pdf"),
        FACES + CHARTS,
    ),
    Case(
        "a chart cell",
        "minimal-hex",
        lambda g: _replace(g / "charts/crt.json", '"AE", "AR", "DR"', '"DE", "AR", "DR"'),
        ("svg/charts/crt.svg", "png/charts/crt.png", "minimal-hex-kit.pdf"),
        FACES + MAPS,
    ),
    Case(
        "a setup",
        "minimal-hex",
        lambda g: _replace(g / "setups/meeting.json", '"at": "0205"', '"at": "0206"'),
        ("scenarios/meeting.vsav", "minimal-hex-kit.pdf"),
        FACES + MAPS + CHARTS,
    ),
    Case(
        "the rules",
        "minimal-hex",
        lambda g: _replace(g / "rules.json", '"limit": 2', '"limit": 3'),
        ("minimal-hex.vmod",),
        FACES + MAPS + CHARTS,
    ),
    Case(
        "an image file",
        "counters-kinds",
        lambda g: _recolour(g / "art/flag-ge.png"),
        ("counters-kinds-kit.pdf", "counters-kinds.vmod"),
        (),
    ),
    Case(
        "a build option",
        "minimal-hex",
        lambda g: None,
        ("png/maps/valley.png", "png/counters/turn-front.png", "minimal-hex.vmod"),
        ("svg/", "minimal-hex-kit.pdf"),
        (("dpi", 100),),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_an_edit_redraws_only_what_depends_on_it(case: Case, tmp_path: Path) -> None:
    game = copy_fixture(case.fixture, tmp_path / "src")
    out = tmp_path / "out"
    before = _build(game, out)
    pngs_before = _entries(out, "png")
    case.edit(game)
    after = _build(game, out, **dict(case.options))
    cold = _build(game, tmp_path / "cold", cache=False, **dict(case.options))

    assert after.keys() == cold.keys()
    assert [p for p in after if after[p] != cold[p]] == [], "the rebuild differs from a cold one"
    assert not (tmp_path / "cold" / FOLDER).exists()
    changed = {p for p in after if before.get(p) != after[p]}
    assert set(case.changes) <= changed
    assert [p for p in changed if p.startswith(case.keeps)] == [] if case.keeps else True
    new_pngs = {after[p] for p in changed if p.endswith(".png")} - {
        before[p] for p in before if p.endswith(".png")
    }
    assert len(_entries(out, "png") - pngs_before) == len(new_pngs)


def test_the_image_edit_changes_the_faces_that_show_it(tmp_path: Path) -> None:
    """The image case above checks outputs as a whole; this names the faces."""
    game = copy_fixture("counters-kinds", tmp_path / "src")
    before = _build(game, tmp_path / "out")
    _recolour(game / "art/flag-ge.png")
    after = _build(game, tmp_path / "out")
    changed = {p for p in after if p.startswith("svg/") and before.get(p) != after[p]}
    shows = {p for p in after if p.startswith("svg/") and b"data:image/png" in after[p]}
    assert changed and changed <= shows


def test_a_damaged_cache_is_ignored_and_mended(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path / "src")
    out = tmp_path / "out"
    cold = _build(game, tmp_path / "cold", cache=False)
    _build(game, out)
    entries = [p for p in (out / FOLDER).rglob("*") if p.is_file() and p.name not in _MARKS]
    assert entries
    for n, entry in enumerate(entries):  # every way of breaking an entry, in turn
        data = entry.read_bytes()
        entry.write_bytes([b"", data[:-1], data[:-1] + bytes([data[-1] ^ 1]), b"junk"][n % 4])
    assert _build(game, out) == cold
    assert all(Cache.open(out / FOLDER).get(_name(out, p)) is not None for p in entries)


def _name(out: Path, entry: Path) -> str:
    kind, high, low = entry.relative_to(out / FOLDER).parts
    return f"{kind}/{high}{low}"


def test_a_cache_from_another_version_is_emptied(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path / "src")
    out = tmp_path / "out"
    _build(game, out)
    stale = out / FOLDER / "png" / "00" / "planted"
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_bytes(b"from another version")
    (out / FOLDER / STAMP_FILE).write_text("another version", encoding="ascii")
    assert _build(game, out) == _build(game, tmp_path / "cold", cache=False)
    assert not stale.exists()


def test_an_unchanged_folder_is_up_to_date_until_its_output_or_sources_change(
    tmp_path: Path,
) -> None:
    game = copy_fixture("minimal-hex", tmp_path / "src")
    out = tmp_path / "out"
    options = BuildOptions(cache=out / FOLDER)
    targets = selected_targets(None)

    def now(chosen: BuildOptions = options, only: list[str] | None = None) -> object:
        return up_to_date(fingerprint(game, selected_targets(only), chosen), out, chosen)

    assert now() is None
    stamp = fingerprint(game, targets, options)
    result = load_game(game)
    assert result.game is not None
    summary = build_game(result.game, out, targets, options)
    remember(stamp, summary, options, result.report.diagnostics)
    done = now()
    assert isinstance(done, tuple) and done[0] == summary
    assert now(only=["svg"]) is None
    assert now(dataclasses.replace(options, dpi=100)) is None
    assert now(dataclasses.replace(options, cache=None)) is None
    (summary.folder / "minimal-hex-kit.pdf").write_bytes(b"edited by hand")
    assert now() is None
    shutil.rmtree(summary.folder)
    assert now() is None
    summary = build_game(result.game, out, targets, options)
    remember(stamp, summary, options, result.report.diagnostics)
    assert now() is not None
    _replace(game / "rules.json", '"limit": 2', '"limit": 3')
    assert now() is None


def test_an_edit_saved_during_a_build_is_not_taken_for_built(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path / "src")
    out = tmp_path / "out"
    options = BuildOptions(cache=out / FOLDER)
    targets = selected_targets(None)
    stamp = fingerprint(game, targets, options)  # taken before the sources are read
    result = load_game(game)
    assert result.game is not None
    _replace(game / "rules.json", '"limit": 2', '"limit": 3')  # saved while it builds
    summary = build_game(result.game, out, targets, options)
    remember(stamp, summary, options, result.report.diagnostics)
    assert up_to_date(fingerprint(game, targets, options), out, options) is None


def test_a_cli_rebuild_of_unchanged_sources_repeats_its_warnings(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path / "src")
    _replace(game / "rules.json", 'rules.schema.json"', 'map.schema.json"')
    command = ("build", "src/minimal-hex", "-o", "out", "--only", "svg")
    first, second = run_cli(*command, cwd=tmp_path), run_cli(*command, cwd=tmp_path)
    assert first.returncode == second.returncode == 0, first.stderr
    assert "(unchanged)" in second.stdout and "(unchanged)" not in first.stdout
    assert "warning[source.wrong-schema]" in first.stderr
    assert second.stderr == first.stderr


def test_prune_keeps_the_most_recently_used_entries(tmp_path: Path) -> None:
    cache = Cache.open(tmp_path / FOLDER)
    names = [key("output-kit", str(n)) for n in range(5)]
    for n, name in enumerate(names):
        cache.put(name, f"kit {n}".encode())
        entry = tmp_path / FOLDER / "output-kit" / name[11:13] / name[13:]
        os.utime(entry, ns=(n * 10**9, n * 10**9))
    assert cache.get(names[0], touch=True) == b"kit 0"  # used just now: newest
    cache.prune("output-kit", 2)
    assert [cache.get(name) is not None for name in names] == [True, False, False, False, True]
    assert Cache(None).get(names[0]) is None


def test_no_cache_neither_reads_nor_fills_the_cache(tmp_path: Path) -> None:
    copy_fixture("minimal-hex", tmp_path / "src")
    command = ("build", "src/minimal-hex", "-o", "out", "--only", "svg,png")
    assert run_cli(*command, cwd=tmp_path).returncode == 0
    cached = tmp_path / "out" / FOLDER
    before = sorted(p for p in cached.rglob("*") if p.is_file())
    for entry in before:  # a cache read would now give broken files, or be dropped
        if entry.name not in _MARKS:
            entry.write_bytes(b"junk")
    again = run_cli(*command, "--no-cache", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "(unchanged)" not in again.stdout
    assert sorted(p for p in cached.rglob("*") if p.is_file()) == before
    assert all(p.read_bytes() == b"junk" for p in before if p.name not in _MARKS)
    fresh = run_cli("build", "src/minimal-hex", "-o", "cold", "--only", "svg,png", cwd=tmp_path)
    assert fresh.returncode == 0
    built = tmp_path / "out" / "minimal-hex"
    assert all(
        p.read_bytes() == (tmp_path / "cold" / "minimal-hex" / p.relative_to(built)).read_bytes()
        for p in built.rglob("*")
        if p.is_file()
    )


def test_a_rebuild_checks_only_the_edited_sources_against_their_schemas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = copy_fixture("minimal-hex", tmp_path / "src")
    out = tmp_path / "out"
    options = BuildOptions(cache=out / FOLDER)
    checked: list[str] = []
    real = schemas.validator

    def counting(kind: str) -> object:
        checked.append(kind)
        return real(kind)

    monkeypatch.setattr(schemas, "validator", counting)
    monkeypatch.setattr(schemas, "_known_valid", {})  # a new process remembers nothing itself
    assert build_folder(game, out, selected_targets(["svg"]), options).summary is not None
    assert "rules" in checked and "game" in checked
    checked.clear()
    monkeypatch.setattr(schemas, "_known_valid", {})
    _replace(game / "rules.json", '"limit": 2', '"limit": 3')
    assert build_folder(game, out, selected_targets(["svg"]), options).summary is not None
    assert checked == ["rules"]  # the one file edited; the others are known valid
    checked.clear()
    monkeypatch.setattr(schemas, "_known_valid", {})
    _replace(game / "rules.json", '"limit": 3', '"limit": "three"')
    broken = build_folder(game, out, selected_targets(["svg"]), options)
    assert broken.summary is None and checked == ["rules"]
    assert "schema.type" in broken.report.format_text()


def test_canonical_text_is_the_same_in_every_process() -> None:
    """Sets and string hashing differ between processes; the text of a model value must not."""
    script = (
        "from pathlib import Path; from toolkit.load import load_game; "
        "from toolkit.cache import canonical; "
        "game = load_game(Path('sources/fatal-alliances')).game; "
        "print(canonical(({'b', 'a', 'c'}, frozenset({3, 1}), game.counters[:50], "
        "game.templates, game.factions)))"
    )
    texts = {
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(texts) == 1 and len(next(iter(texts))) > 1000


def test_canonical_text_tells_kinds_and_values_apart() -> None:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: float
        y: float

    values = [
        1,
        1.0,
        "1",
        True,
        None,
        b"1",
        [1],
        {1},
        {"1": 1},
        MappingProxyType({"1": 1}),
        Point(1, 2),
        Point(2, 1),
        PurePosixPath("a/b"),
        "a/b",
        MappingProxyType({(1, 2): "tuple key"}),
    ]
    texts = [canonical(value) for value in values]
    assert len(set(texts)) == len(values), texts
    with pytest.raises(TypeError):
        canonical(object())
    with pytest.raises(TypeError):
        canonical(float("nan"))
    with pytest.raises(TypeError):  # a plain dict's keys are the encoder's: not cached, not wrong
        canonical({(1, 2): "tuple key"})


@pytest.mark.parametrize("name", sorted(p.name for p in SOURCES.iterdir() if p.is_dir()))
def test_every_counter_of_the_example_games_has_a_cache_key(name: str) -> None:
    game = load_game(SOURCES / name).game
    assert game is not None
    for counter in game.counters:
        faction = game.faction(counter.faction) if counter.faction else None
        canonical((counter, game.template(counter.template), faction))
