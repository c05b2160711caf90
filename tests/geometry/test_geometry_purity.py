"""The geometry package stays pure maths: no I/O, no other toolkit imports, house style."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GEOMETRY = Path(__file__).resolve().parents[2] / "toolkit" / "geometry"
MODULES = sorted(GEOMETRY.glob("*.py"))
ALLOWED_IMPORTS = {"__future__", "collections", "dataclasses", "math", "re", "typing"}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval"}


def test_modules_are_found() -> None:
    """Guard against the checks below passing vacuously."""
    assert len(MODULES) >= 7


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_module_is_pure(path: Path) -> None:
    """Only stdlib maths imports or sibling modules, no I/O calls, no assert statements."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = {alias.name.split(".")[0] for alias in node.names}
            assert names <= ALLOWED_IMPORTS, names
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            assert node.module.split(".")[0] in ALLOWED_IMPORTS, node.module
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, node.func.id
        assert not isinstance(node, ast.Assert)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_module_house_style(path: Path) -> None:
    """Future annotations first, lines <= 100, every function typed and documented."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    first_import = next(n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom))
    assert isinstance(first_import, ast.ImportFrom) and first_import.module == "__future__"
    assert max(len(line) for line in text.splitlines()) <= 100
    assert len(text.splitlines()) <= 400
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            assert node.returns is not None, node.name
            assert ast.get_docstring(node), node.name
            args = node.args.args + node.args.kwonlyargs
            assert all(a.annotation is not None for a in args if a.arg != "self"), node.name
