"""The import arrows hold: geometry ← model ← load; model ← render/kit/vassal/rules ← build ←
commands ← cli.

Inside vassal, a second table holds its rooms apart: writing our module and reading anyone's
both stand on VASSAL's formats, and never on each other.

Every ``import`` in the package (at the top of a module or inside a function, type-only ones
included) is read with ``ast`` and checked against one table of which room may import which.
A room that is not in the table fails the test, so a new package has to take its place first.
Inside a room, no module imports itself back through others: the same imports may form no
circle, so every module can be read, and tested, above the ones it stands on.

Inside the kit a second table holds its own rooms (page ← planning ← content; page ← pdf; all
← book), and nothing outside ``toolkit.kit.pdf`` reaches past that room's public face.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "toolkit"

BASE = frozenset({"diagnostics", "errors", "options", "interrupts", "catalogue"})
"""Plain shared pieces: the diagnostic type, the error classes, the build options, what an
interrupted process must undo, and the catalogue of the words players read."""
OUTPUT = BASE | {"geometry", "model", "artwork", "workers", "cache"}
"""What every output package stands on: the model, and the build's typed artwork and workers."""

MAY_IMPORT: dict[str, frozenset[str]] = {
    "geometry": frozenset(),
    "diagnostics": frozenset(),
    "errors": frozenset({"diagnostics"}),
    "options": frozenset(),
    "interrupts": frozenset(),
    "catalogue": frozenset(),
    "model": frozenset({"geometry", "diagnostics"}),  # did-you-mean hints in lookups
    "artwork": frozenset({"geometry", "model"}),
    "workers": frozenset({"model", "interrupts"}),
    "cache": frozenset({"toolkit", "ownership"}),  # the version, part of every key; its tag
    "delivery": frozenset({"errors", "interrupts"}),
    # What a command may replace: the marks on what the toolkit made, read by every writer.
    "ownership": frozenset({"errors"}),
    "load": BASE | {"geometry", "model"},
    "render": OUTPUT,
    # The kit places the renderer's drawings and shares its fonts: the one sideways arrow.
    "kit": OUTPUT | {"render"},
    # The module's combat mirrors the engine's own lists (a modifier's places, a result cell's
    # reading), so that the module and the checker cannot disagree: the other sideways arrow.
    "vassal": OUTPUT | {"rules"},
    "rules": BASE | {"geometry", "model"},
    "targets": OUTPUT | {"render", "kit", "vassal", "rules"},
    "check": OUTPUT | {"load", "rules", "render", "vassal"},
    # Text too small to print, read off the drawn counters and cards, located in the sources.
    "legibility": BASE | {"model", "artwork", "load"},
    # Maps too large for VASSAL, measured at the size the module's boards are rasterised to.
    "boardsize": BASE | {"model", "artwork", "load", "vassal"},
    # After-action reports: a log replayed as the checker reads it, drawn as one side sees it.
    "report": OUTPUT | {"check", "rules", "vassal"},
    "build": OUTPUT
    | {"load", "render", "kit", "vassal", "rules", "targets", "check", "delivery", "ownership"}
    | {"legibility", "boardsize"},
    "scaffold": frozenset({"load", "ownership"}),
    # Publishing a scenario stands on every output and on the checker, as the build does.
    "publish": OUTPUT | {"load", "render", "kit", "vassal", "rules", "check", "ownership"},
    # The live preview builds as the build command does, and draws setups as publishing does.
    "serve": OUTPUT | {"load", "render", "build", "publish", "ownership"},
    # The verbs' bodies: each parses what click cannot, calls the library and prints.
    "commands": frozenset({"diagnostics", "errors", "options", "model", "cache", "load", "build"})
    | {"targets", "check", "vassal", "publish", "serve", "scaffold", "ownership", "report"},
    # The command line declares the verbs and leaves the process; the verbs do the work.
    "cli": frozenset({"commands", "errors", "interrupts", "toolkit"}),  # the version
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


def imported_modules(
    source: str, module: str, is_package: bool = False, modules: Collection[str] = ()
) -> set[str]:
    """Every toolkit module a module's source imports, wherever the import statement is.

    ``from a import b`` imports ``a``; or ``a.b`` itself when that is one of ``modules``.
    """
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level:  # relative: from ..x import y
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                found.add(f"{name}.{alias.name}" if f"{name}.{alias.name}" in modules else name)
    return {name for name in found if name == "toolkit" or name.startswith("toolkit.")}


def violations(
    imports: dict[str, set[str]],
    table: Mapping[str, Collection[str]] = MAY_IMPORT,
    room: Callable[[str], str] = room_of,
) -> list[str]:
    """Each import that runs against the arrows, as 'importer -> imported: why'."""
    found = []
    for importer, imported in sorted(imports.items()):
        here = room(importer)
        if here not in table:
            found.append(f"{importer}: room {here!r} is not in the layer table")
            continue
        for name in sorted(imported):
            target = room(name)
            if target != here and target not in table[here]:
                found.append(f"{importer} -> {name}: {here!r} may not import {target!r}")
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
        ("toolkit.vassal.write.module", "toolkit.check"),
        ("toolkit.rules.check", "toolkit.vassal.save"),
        ("toolkit.rules.check", "toolkit.render.maps"),
        ("toolkit.build", "toolkit.cli"),
        ("toolkit.commands.building", "toolkit.cli"),
        ("toolkit.cli", "toolkit.build"),
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


# -- the rooms inside vassal -----------------------------------------------------------------------

VASSAL = "toolkit.vassal"

VASSAL_MAY_IMPORT: dict[str, frozenset[str]] = {
    "vassal": frozenset(),  # the package itself: a docstring naming the rooms
    # VASSAL's formats, both directions: what writing and reading share, standing on neither.
    "format": frozenset(),
    "write": frozenset({"format"}),
    "read": frozenset({"format"}),
}
"""Room inside vassal → the rooms of vassal it may import: reading and writing never each other."""


def vassal_room_of(module: str) -> str:
    """'toolkit.vassal.read.reader' → 'read'; 'toolkit.vassal' → 'vassal'."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else parts[1]


def imports_inside(imports: Mapping[str, set[str]], package: str) -> dict[str, set[str]]:
    """The imports of ``package``'s modules that stay inside it (its rooms' own arrows)."""

    def inside(name: str) -> bool:
        return name == package or name.startswith(package + ".")

    return {
        module: {name for name in imported if inside(name)}
        for module, imported in imports.items()
        if inside(module)
    }


def test_vassal_rooms_import_only_down_to_the_formats() -> None:
    imports = imports_inside(package_imports(), VASSAL)
    assert {vassal_room_of(module) for module in imports} >= {"format", "write", "read"}
    assert violations(imports, VASSAL_MAY_IMPORT, vassal_room_of) == []


@pytest.mark.parametrize(
    ("importer", "imported", "wrong"),
    [
        ("toolkit.vassal.read.positions", "toolkit.vassal.write.pieces", 1),
        ("toolkit.vassal.write.module", "toolkit.vassal.read.check", 1),
        ("toolkit.vassal.format.codec", "toolkit.vassal.write.archive", 1),
        ("toolkit.vassal.format.traits", "toolkit.vassal.read", 1),
        ("toolkit.vassal.saves", "toolkit.vassal.format.codec", 1),
        ("toolkit.vassal.read.positions", "toolkit.vassal.format.layout", 0),
        ("toolkit.vassal.write.saves", "toolkit.vassal.format", 0),
        ("toolkit.vassal.read.grids", "toolkit.vassal.read.reader", 0),
    ],
    ids=[
        "read to write",
        "write to read",
        "format to write",
        "format to read",
        "a file outside the rooms",
        "read to format",
        "write to format",
        "inside a room",
    ],
)
def test_vassal_arrows_are_held(importer: str, imported: str, wrong: int) -> None:
    imports = imports_inside({importer: {imported, "toolkit.model"}}, VASSAL)
    assert len(violations(imports, VASSAL_MAY_IMPORT, vassal_room_of)) == wrong


# -- no circles ------------------------------------------------------------------------------------

KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
"""Circles the package still has, each named by its modules; no other circle may appear."""


def module_graph() -> dict[str, set[str]]:
    """Module → the toolkit modules it imports, ``from a import b`` naming module ``a.b``."""
    paths = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    return {
        module: imported_modules(
            path.read_text(encoding="utf-8"), module, path.name == "__init__.py", paths
        )
        & paths.keys()
        for module, path in paths.items()
    }


def reachable(graph: Mapping[str, Collection[str]], start: str) -> set[str]:
    """Every module that ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for name in graph.get(todo.pop(), ()):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def import_cycles(graph: Mapping[str, Collection[str]]) -> list[frozenset[str]]:
    """Each group of modules that import one another round a circle, in sorted order."""
    reach = {module: reachable(graph, module) for module in graph}
    groups = {
        frozenset(other for other in reach[module] if module in reach[other])
        for module in graph
        if module in reach[module]
    }
    return sorted(groups, key=sorted)


def shortest_circle(graph: Mapping[str, Collection[str]], group: frozenset[str]) -> str:
    """One circle through a group's first module, as 'a -> b -> a', to say what to untie."""
    start = min(group)
    came_from: dict[str, str] = {}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for name in sorted(set(graph.get(here, ())) & group):
            if name == start:
                path = [here]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return " -> ".join([*reversed(path), start])
            if name not in came_from:
                came_from[name] = here
                todo.append(name)
    raise ValueError(f"{sorted(group)} is no circle")  # pragma: no cover


def test_no_module_imports_itself_back() -> None:
    graph = module_graph()
    assert len(graph) > 50  # the walk found the package
    cycles = [group for group in import_cycles(graph) if group not in KNOWN_CYCLES]
    assert [shortest_circle(graph, group) for group in cycles] == []


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"a"}}, [{"a"}]),
        ({"a": {"b"}, "b": {"a"}}, [{"a", "b"}]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [{"a", "b", "c"}]),
        ({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}, [{"a", "b"}, {"c", "d"}]),
    ],
    ids=["a line", "itself", "a pair", "a ring and a tail", "two circles"],
)
def test_circles_are_found(graph: dict[str, set[str]], expected: list[set[str]]) -> None:
    assert import_cycles(graph) == [frozenset(group) for group in expected]


def test_a_circle_is_shown_by_its_shortest_way_round() -> None:
    graph = {"a": {"b", "c"}, "b": {"c"}, "c": {"a"}}
    assert shortest_circle(graph, frozenset(graph)) == "a -> c -> a"


@pytest.mark.parametrize(
    "source",
    [
        "from toolkit.model.queries import location_path\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import toolkit.model.queries\n",
        "def later():\n    from toolkit.model import queries\n",
        "from . import queries\n",
    ],
    ids=["at the top", "type-only", "inside a function", "relative"],
)
def test_every_import_of_a_module_is_an_arrow_to_it(source: str) -> None:
    modules = {"toolkit.model", "toolkit.model.game", "toolkit.model.queries"}
    found = imported_modules(source, "toolkit.model.game", modules=modules)
    assert found == {"toolkit.model.queries"}
    graph = {"toolkit.model.game": found, "toolkit.model.queries": {"toolkit.model.game"}}
    assert import_cycles(graph) == [frozenset(graph)]


def test_a_name_from_a_package_is_an_arrow_to_the_package() -> None:
    modules = {"toolkit.model", "toolkit.model.game"}
    found = imported_modules("from toolkit.model import Game\n", "toolkit.load.x", modules=modules)
    assert found == {"toolkit.model"}


# -- inside the kit ------------------------------------------------------------------------------

KIT = "toolkit.kit"

KIT_ROOMS: dict[str, frozenset[str]] = {
    # What a page is: paper and rectangles, the plan of a page, the kit's own marks and text
    # (and their widths), text flowed over pages, the kit's one error.
    "page": frozenset({"errors", "paper", "layout", "draw", "measure", "flow"}),
    # Where the printed pieces go: the artwork as the kit prints it, imposition, counter and
    # card sheets with their mirrored backs, map tiles.
    "planning": frozenset({"artwork", "impose", "sheets", "cardsheets", "tiles", "blank"}),
    # What the other pages say: cover, calibration, charts, setups, the rules summary.
    "content": frozenset({"cover", "calibration", "charts", "setups", "summary"}),
    # Planned pages and drawings in, one PDF out.
    "pdf": frozenset({"pdf"}),
    # The whole kit: settings, every part in order, bound; the kit output.
    "book": frozenset({"book", "outputs"}),
}
"""Kit room → its members (modules and subpackages directly under toolkit.kit)."""

KIT_MAY_IMPORT: dict[str, frozenset[str]] = {
    "kit": frozenset(),  # the package itself: its docstring
    "page": frozenset(),
    "planning": frozenset({"page"}),
    "content": frozenset({"page", "planning"}),
    # The PDF room reads planned pages; planning and content never reach into PDF objects.
    "pdf": frozenset({"page"}),
    "book": frozenset({"page", "planning", "content", "pdf"}),
}
"""Kit room → the kit rooms it may import."""

FACES = ("toolkit.kit.pdf",)
"""Packages whose modules are private: the rest of the toolkit imports the package alone."""


def kit_room_of(module: str) -> str:
    """'toolkit.kit.pdf.writer' → 'pdf'; 'toolkit.kit' → 'kit'; '?' for a kit module no room
    lists."""
    parts = module.split(".")
    if len(parts) == 2:
        return "kit"
    return next((room for room, held in KIT_ROOMS.items() if parts[2] in held), "?")


def kit_violations(imports: dict[str, set[str]]) -> list[str]:
    """Each import inside the kit that runs against the kit's arrows."""
    return violations(imports_inside(imports, KIT), KIT_MAY_IMPORT, kit_room_of)


def face_violations(imports: dict[str, set[str]]) -> list[str]:
    """Each import from outside a room with a public face of one of that room's modules."""
    found = []
    for importer, imported in sorted(imports.items()):
        for face in FACES:
            if importer == face or importer.startswith(f"{face}."):
                continue
            found.extend(
                f"{importer} -> {name}: import it from {face}"
                for name in sorted(imported)
                if name.startswith(f"{face}.")
            )
    return found


def test_every_kit_import_follows_the_kit_arrows() -> None:
    imports = module_graph()
    kit = imports_inside(imports, KIT)
    assert {kit_room_of(m) for m in kit} == set(KIT_MAY_IMPORT)  # every room has a module
    assert kit_violations(imports) == []


def test_the_pdf_room_is_reached_through_its_face() -> None:
    imports = module_graph()
    users = {m for m, imported in imports.items() if "toolkit.kit.pdf" in imported}
    assert {"toolkit.kit.book", "toolkit.build", "toolkit.publish.card"} <= users
    assert face_violations(imports) == []


@pytest.mark.parametrize(
    ("importer", "imported"),
    [
        ("toolkit.kit.sheets", "toolkit.kit.pdf"),
        ("toolkit.kit.cover", "toolkit.kit.pdf.writer"),
        ("toolkit.kit.paper", "toolkit.kit.sheets"),
        ("toolkit.kit.tiles", "toolkit.kit.charts"),
        ("toolkit.kit.pdf.assembly", "toolkit.kit.sheets"),
        ("toolkit.kit.pdf.writer", "toolkit.kit.book"),
        ("toolkit.kit.newroom", "toolkit.kit.paper"),
    ],
    ids=lambda value: value.removeprefix("toolkit.kit."),
)
def test_an_import_against_the_kit_arrows_is_caught(importer: str, imported: str) -> None:
    assert len(kit_violations({importer: {imported}})) == 1


@pytest.mark.parametrize(
    ("importer", "imported", "caught"),
    [
        ("toolkit.publish.card", "toolkit.kit.pdf.assembly", True),
        ("toolkit.kit.book", "toolkit.kit.pdf.drawings", True),
        ("toolkit.kit.book", "toolkit.kit.pdf", False),
        ("toolkit.kit.pdf.assembly", "toolkit.kit.pdf.writer", False),
    ],
    ids=lambda value: str(value).removeprefix("toolkit."),
)
def test_only_the_pdf_room_imports_its_modules(importer: str, imported: str, caught: bool) -> None:
    assert bool(face_violations({importer: {imported}})) is caught


def test_a_module_imported_from_its_package_is_that_module() -> None:
    source = "from toolkit.kit import draw, flow\nfrom toolkit.kit.pdf import ArtPdf\n"
    modules = {"toolkit.kit", "toolkit.kit.draw", "toolkit.kit.flow", "toolkit.kit.pdf"}
    found = imported_modules(source, "toolkit.kit.cover", modules=modules)
    assert found == {"toolkit.kit.draw", "toolkit.kit.flow", "toolkit.kit.pdf"}
