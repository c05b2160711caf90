"""The import arrows hold: geometry ← model ← load; model ← render/kit/vassal/rules ← build ← cli.

Every ``import`` in the package (at the top of a module or inside a function, type-only ones
included) is read with ``ast`` and checked against one table of which room may import which.
A room that is not in the table fails the test, so a new package has to take its place first.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "toolkit"

BASE = frozenset({"diagnostics", "errors", "options", "interrupts"})
"""Plain shared pieces: the diagnostic type, the error classes, the build options, and what an
interrupted process must undo."""
OUTPUT = BASE | {"geometry", "model", "artwork", "workers", "cache"}
"""What every output package stands on: the model, and the build's typed artwork and workers."""

MAY_IMPORT: dict[str, frozenset[str]] = {
    "geometry": frozenset(),
    "diagnostics": frozenset(),
    "errors": frozenset({"diagnostics"}),
    "options": frozenset(),
    "interrupts": frozenset(),
    "model": frozenset({"geometry", "diagnostics"}),  # did-you-mean hints in lookups
    "artwork": frozenset({"geometry", "model"}),
    "workers": frozenset({"model", "interrupts"}),
    "cache": frozenset({"toolkit", "ownership"}),  # the version, part of every key; its tag
    "delivery": frozenset({"errors", "interrupts"}),
    # Which folders a command may replace: only those the toolkit made (the mark, the cache tag).
    "ownership": frozenset({"errors"}),
    "load": BASE | {"geometry", "model"},
    "render": OUTPUT,
    # The kit places the renderer's drawings and shares its fonts: the one sideways arrow.
    "kit": OUTPUT | {"render"},
    "vassal": OUTPUT,
    "rules": BASE | {"geometry", "model"},
    "targets": OUTPUT | {"render", "kit", "vassal", "rules"},
    "check": OUTPUT | {"load", "rules", "render", "vassal"},
    "build": OUTPUT
    | {"load", "render", "kit", "vassal", "rules", "targets", "check", "delivery", "ownership"},
    "scaffold": frozenset({"load", "ownership"}),
    # Publishing a scenario stands on every output and on the checker, as the build does.
    "publish": OUTPUT | {"load", "render", "kit", "vassal", "rules", "check", "ownership"},
    # The live preview builds as the build command does, and draws setups as publishing does.
    "serve": OUTPUT | {"load", "render", "build", "publish", "ownership"},
    "cli": OUTPUT
    | {
        "load",
        "build",
        "targets",
        "scaffold",
        "check",
        "vassal",
        "publish",
        "serve",
        "ownership",
        "toolkit",
    },
    "__main__": frozenset({"cli", "interrupts"}),
    "toolkit": frozenset(),
}
"""Room → the rooms it may import (a room is a top-level module or subpackage of toolkit)."""


def room_of(module: str) -> str:
    """'toolkit.render.maps.draw' → 'render'; 'toolkit' → 'toolkit'."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def module_name(path: Path) -> str:
    """The dotted module name of a file of the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every toolkit module a module's source imports, wherever the import statement is."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from ..x import y
                base = package[: len(package) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            elif node.module:
                found.add(node.module)
    return {name for name in found if name == "toolkit" or name.startswith("toolkit.")}


def violations(imports: dict[str, set[str]]) -> list[str]:
    """Each import that runs against the arrows, as 'importer -> imported: why'."""
    found = []
    for importer, imported in sorted(imports.items()):
        room = room_of(importer)
        if room not in MAY_IMPORT:
            found.append(f"{importer}: room {room!r} is not in the layer table")
            continue
        for name in sorted(imported):
            target = room_of(name)
            if target != room and target not in MAY_IMPORT[room]:
                found.append(f"{importer} -> {name}: {room!r} may not import {target!r}")
    return found


def package_imports() -> dict[str, set[str]]:
    """Module → the toolkit modules it imports, for the whole package."""
    return {
        module_name(path): imported_modules(
            path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py"
        )
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def test_every_import_follows_the_arrows() -> None:
    imports = package_imports()
    assert len(imports) > 50  # the walk found the package
    assert violations(imports) == []


@pytest.mark.parametrize(
    ("importer", "imported"),
    [
        ("toolkit.geometry.hexes", "toolkit.model.map"),
        ("toolkit.model.game", "toolkit.load.loader"),
        ("toolkit.model.counter", "toolkit.render.counters"),
        ("toolkit.render.maps.draw", "toolkit.load.jsonsource"),
        ("toolkit.render.outputs", "toolkit.kit.book"),
        ("toolkit.kit.book", "toolkit.build"),
        ("toolkit.vassal.module", "toolkit.rules.check"),
        ("toolkit.rules.check", "toolkit.vassal.save"),
        ("toolkit.rules.check", "toolkit.render.maps"),
        ("toolkit.build", "toolkit.cli"),
        ("toolkit.newroom.thing", "toolkit.model"),
    ],
    ids=lambda value: value.removeprefix("toolkit."),
)
def test_an_import_up_the_arrows_is_caught(importer: str, imported: str) -> None:
    assert len(violations({importer: {imported}})) == 1


def test_relative_imports_are_resolved() -> None:
    source = "from .plan import Plan\nfrom ..svg import fmt\nfrom ...load import load_game\n"
    found = imported_modules(source, "toolkit.render.maps.draw")
    assert found == {"toolkit.render.maps.plan", "toolkit.render.svg", "toolkit.load"}
    assert violations({"toolkit.render.maps.draw": found}) == [
        "toolkit.render.maps.draw -> toolkit.load: 'render' may not import 'load'"
    ]


def test_imports_inside_functions_count() -> None:
    source = "def later():\n    from toolkit.render.maps import draw_map\n"
    assert imported_modules(source, "toolkit.model.map") == {"toolkit.render.maps"}
