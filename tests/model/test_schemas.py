"""The schemas are for people too: every property says what it means, every schema has an $id."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from toolkit.load.schemas import KINDS, SCHEMA_DIR, validator

SCHEMAS = sorted(SCHEMA_DIR.glob("*.schema.json"))


def _properties(node: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, schema) of every declared property, however deeply nested."""
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield f"{path}/{name}", sub
        for key, value in node.items():
            if key == "$defs":  # a table of named schemas, not a schema itself
                for name, definition in value.items():
                    yield from _properties(definition, f"{path}/$defs/{name}")
            else:
                yield from _properties(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _properties(value, f"{path}/{index}")


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == path.name
    assert schema.get("description")


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_property_has_a_description(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    missing = [
        where
        for where, sub in _properties(schema)
        if isinstance(sub, dict)
        and "description" not in sub
        and "$ref" not in sub
        and where.rsplit("/", 1)[-1] != "$schema"
        and "/if/" not in where
    ]
    # A property that is only a $ref inherits the description of what it points at.
    assert not missing, f"properties without a description: {missing}"


def test_every_kind_has_a_schema_with_examples() -> None:
    for kind in KINDS:
        text = (SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8")
        assert '"examples"' in text, kind


@pytest.mark.parametrize("kind", KINDS)
def test_schema_rejects_unknown_top_level_property(kind: str) -> None:
    errors = list(validator(kind).iter_errors({"kind": kind, "surprise": 1}))
    assert any(e.validator == "additionalProperties" for e in errors)


def test_template_sources_name_their_schema() -> None:
    template = Path(__file__).resolve().parents[2] / "toolkit" / "templates" / "new-game"
    for path in template.rglob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["$schema"].endswith(f"{data['kind']}.schema.json"), path
