"""The build as a library call: one plain path, every output, and no state left behind."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

from tests.conftest import load_fixture
from toolkit.build import build_game, selected_targets
from toolkit.options import BuildOptions
from toolkit.targets import TARGETS, target_names


def test_every_output_is_in_the_plain_list() -> None:
    assert target_names() == ["svg", "png", "kit", "vmod"]
    assert selected_targets(None) == list(TARGETS)
    assert [t.name for t in selected_targets(["kit", "svg"])] == ["svg", "kit"]


def test_a_library_build_makes_every_output_without_setup(tmp_path: Path) -> None:
    """No registry to fill first: importing build and calling it is enough."""
    game = load_fixture("minimal-hex")
    summary = build_game(game, tmp_path, selected_targets(None), BuildOptions())
    written = {p.relative_to(summary.folder).as_posix() for p in summary.folder.rglob("*.*")}
    assert "minimal-hex-kit.pdf" in written and "minimal-hex.vmod" in written
    assert "scenarios/meeting.vsav" in written
    assert "svg/maps/valley.svg" in written and "png/maps/valley.png" in written
    faces = [c.id for c in game.counters]
    assert all(any(p.startswith(f"svg/counters/{c}-") for p in written) for c in faces)
    assert summary.files == len(written)


def _state(module: ModuleType) -> dict[str, tuple[int, object]]:
    """Each global of a module: the object it names and, for a container, what it holds."""
    found: dict[str, tuple[int, object]] = {}
    for name, value in vars(module).items():
        held: object = None
        if isinstance(value, dict):
            held = tuple((repr(k), id(v)) for k, v in value.items())
        elif isinstance(value, list | set):
            held = tuple(sorted(id(v) for v in value))
        found[name] = (id(value), held)
    return found


def test_no_module_state_changes_during_a_build(tmp_path: Path) -> None:
    game = load_fixture("minimal-hex")
    build_game(game, tmp_path / "warm", selected_targets(None), BuildOptions(jobs=2))
    modules = {n: m for n, m in sys.modules.items() if n.startswith("toolkit") and m is not None}
    before = {name: _state(module) for name, module in modules.items()}
    build_game(game, tmp_path / "again", selected_targets(None), BuildOptions(jobs=2))
    after = {name: _state(modules[name]) for name in before}
    changed = [
        f"{name}.{key}"
        for name in before
        for key in before[name].keys() | after[name].keys()
        if before[name].get(key) != after[name].get(key)
    ]
    assert changed == []
