"""Validate a source against its JSON Schema and word every error as a diagnostic."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.load.jsonsource import Source, pointer_of

if TYPE_CHECKING:  # imported when first needed: a build whose sources are known valid skips it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "schemas"
"""Shipped inside the package (an installed toolkit needs them); ``schemas/`` at the top of the
repository links here so that the example sources can point editors at them."""
KINDS = (
    "game",
    "map",
    "counters",
    "cards",
    "decks",
    "chart",
    "setup",
    "rules",
    "position",
    "scenario",
)
MAX_ERRORS_PER_FILE = 1000
"""More schema errors than this in one file are counted, not listed: a file that far off is
better fixed from the first ones (and listing a hostile file's million errors would hang)."""


def schema_path(kind: str) -> Path:
    """The schema file of a source kind."""
    return SCHEMA_DIR / f"{kind}.schema.json"


@functools.cache
def _registry() -> Registry:
    from referencing import Registry, Resource

    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources)


@functools.cache
def validator(kind: str) -> Draft202012Validator:
    """The validator for one source kind (built once)."""
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_path(kind).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=_registry())


class KnownValid(Protocol):
    """Sources found valid before, remembered beyond this process (a build keeps them in its
    cache), each named by :func:`valid_token`."""

    def __contains__(self, token: object, /) -> bool: ...

    def add(self, token: str, /) -> None: ...


KNOWN_VALID_LIMIT = 4096
"""How many valid sources a process remembers (see :func:`validate`)."""
_known_valid: dict[str, None] = {}
"""Tokens (:func:`valid_token`) of sources found valid in this process, oldest first."""


def valid_token(source: Source, kind: str) -> str:
    """What names a source's validity: its kind and a hash of its text (the schemas themselves
    are the toolkit's, so whoever keeps tokens beyond a process keys them by its version)."""
    return f"{kind}:{hashlib.sha256(source.text.encode('utf-8')).hexdigest()}"


def validate(source: Source, kind: str, known: KnownValid | None = None) -> list[Diagnostic]:
    """Every schema error in ``source``, worded and located; past MAX_ERRORS_PER_FILE, one
    more diagnostic says how many were left out.

    A text already found valid (as that kind) in this process, or in ``known``, is not
    validated again: a live preview reloads the game on every save, a rebuild after one edit
    reads every source again, and schema validation is half of a load.
    """
    token = valid_token(source, kind)
    if token in _known_valid or (known is not None and token in known):
        _remember(token)
        return []
    errors = sorted(validator(kind).iter_errors(source.data), key=_document_order)
    if not errors:
        _remember(token)
        if known is not None:
            known.add(token)
    found: list[Diagnostic] = []
    for error in errors[:MAX_ERRORS_PER_FILE]:
        for cause in _explain(error):
            found.extend(_diagnostics(source, cause))
    left_out = len(errors) - MAX_ERRORS_PER_FILE
    if left_out > 0:
        found.append(
            source.diagnostic(
                "schema.too-many-errors",
                f"{left_out} more schema error(s) in this file are not listed (only the first "
                f"{MAX_ERRORS_PER_FILE} of {len(errors)} are); fix these and validate again "
                "to see the rest",
            )
        )
    return found


def _remember(token: str) -> None:
    _known_valid[token] = None
    if len(_known_valid) > KNOWN_VALID_LIMIT:
        del _known_valid[next(iter(_known_valid))]


def _document_order(error: ValidationError) -> list[tuple[bool, int | str]]:
    """Sort key: errors in the order their values appear (item 2 before item 10)."""
    return [(isinstance(part, str), part) for part in error.absolute_path]


def _explain(error: ValidationError) -> list[ValidationError]:
    """For a oneOf/anyOf failure, the errors of the branch the value was meant for.

    A branch whose discriminator does not match (a ``const`` such as the grid's "type", or a
    value of the wrong JSON type) was clearly not meant; among the others the one with the
    fewest errors is the designer's intent.
    """
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    branches: dict[int, list[ValidationError]] = {}
    for cause in error.context:
        branches.setdefault(int(cause.relative_schema_path[0]), []).append(cause)
    depth = len(error.absolute_path)

    def meant(causes: list[ValidationError]) -> bool:
        return not any(
            c.validator in ("const", "type") and len(c.absolute_path) == depth for c in causes
        )

    candidates = [causes for causes in branches.values() if meant(causes)]
    if not candidates:
        from jsonschema.exceptions import best_match

        best = best_match(error.context)
        return [error] if best is None else _explain(best) if best.context else [best]
    chosen = min(candidates, key=len)
    return [leaf for cause in chosen for leaf in _explain(cause)]


def _describe(schema: Any) -> str:
    if isinstance(schema, dict):
        return str(schema.get("description", "")).rstrip(".")
    return ""


def _diagnostics(source: Source, error: ValidationError) -> Iterator[Diagnostic]:
    pointer = pointer_of(list(error.absolute_path))
    value = error.instance
    kind = str(error.validator)
    where = f"{pointer or 'the file'}: "
    if kind == "additionalProperties" or kind == "unevaluatedProperties":
        allowed = list(error.schema.get("properties", {})) if isinstance(error.schema, dict) else []
        extras = sorted(set(value) - set(allowed)) if isinstance(value, dict) else []
        for extra in extras:
            yield source.diagnostic(
                "schema.unknown-property",
                f"{where}unknown property {extra!r}{did_you_mean(extra, allowed)}",
                pointer_of([*error.absolute_path, extra]),
                key=True,
            )
        return
    if kind == "required":
        missing = str(error.message).split("'")[1] if "'" in error.message else error.message
        yield source.diagnostic(
            "schema.required", f"{where}missing required property {missing!r}", pointer
        )
        return
    if kind == "enum":
        options = [str(o) for o in error.validator_value]  # type: ignore[union-attr]
        hint = did_you_mean(str(value), options)
        yield source.diagnostic(
            "schema.enum", f"{where}{value!r} is not one of {', '.join(options)}{hint}", pointer
        )
        return
    if kind == "const":
        yield source.diagnostic(
            "schema.const", f"{where}must be {error.validator_value!r}, not {value!r}", pointer
        )
        return
    if kind == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        yield source.diagnostic(
            "schema.type",
            f"{where}expected {expected}, got {type_name(value)} {short(value)}",
            pointer,
        )
        return
    if kind == "pattern":
        yield source.diagnostic(
            "schema.pattern",
            f"{where}{short(value)} is not valid here ({_describe(error.schema) or 'wrong form'})",
            pointer,
        )
        return
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {
            "minimum": "at least",
            "maximum": "at most",
            "exclusiveMinimum": "more than",
            "exclusiveMaximum": "less than",
        }[kind]
        yield source.diagnostic(
            "schema.range", f"{where}{value!r} must be {bound} {error.validator_value}", pointer
        )
        return
    if kind in ("minLength", "maxLength", "minItems", "maxItems", "minProperties"):
        yield source.diagnostic("schema.size", f"{where}{error.message}", pointer)
        return
    if kind == "uniqueItems":
        yield source.diagnostic("schema.unique", f"{where}list has repeated items", pointer)
        return
    code = {"oneOf": "schema.one-of", "anyOf": "schema.any-of", "items": "schema.items"}.get(
        kind, "schema.invalid"
    )
    yield source.diagnostic(
        code,
        f"{where}{short(value)} does not fit: {_describe(error.schema) or error.message}",
        pointer,
    )


def type_name(value: Any) -> str:
    """A JSON type name for messages."""
    if value is None:
        return "null"
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "array",
        dict: "object",
    }.get(type(value), type(value).__name__)


def short(value: Any, limit: int = 40) -> str:
    """A value quoted for a message, cut to a readable length."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
