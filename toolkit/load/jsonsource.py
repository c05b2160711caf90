"""Reading one JSON source: bytes → text → data, with a line and column for every JSON pointer.

Parsing uses the C ``json`` module (fast); positions come from a small scanner that runs only when a
diagnostic needs one, so a clean build pays nothing for them.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.diagnostics import Diagnostic

MAX_SOURCE_BYTES = 16 * 1024 * 1024
"""Larger sources are refused before they are read: no game needs them, and they exhaust memory."""
MAX_DEPTH = 48
"""Deeper nesting is refused: no source format here needs more than a dozen levels."""

_TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|-?[0-9][0-9.eE+-]*|true|false|null|[^\s{}\[\]:,"]+'
)


class SourceUnreadable(Exception):
    """The file cannot be turned into JSON data; carries the one diagnostic that says why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def escape_pointer_part(part: str | int) -> str:
    """Escape one JSON pointer segment (RFC 6901)."""
    return str(part).replace("~", "~0").replace("/", "~1")


def pointer_of(path: Iterator[str | int] | list[str | int] | tuple[str | int, ...]) -> str:
    """The JSON pointer for a path of keys and indexes."""
    return "".join("/" + escape_pointer_part(p) for p in path)


@dataclass
class Source:
    """One parsed source file and the means to locate any value in it."""

    path: Path
    """Where the file is on disk."""
    shown: str
    """How diagnostics name the file."""
    text: str
    data: Any
    _positions: dict[str, tuple[int, int]] | None = field(default=None, repr=False)
    _line_starts: list[int] | None = field(default=None, repr=False)

    def position(self, pointer: str, key: bool = False) -> tuple[int, int]:
        """The 1-based (line, column) of the value at ``pointer`` (or of its key, if ``key``).

        A pointer that does not exist falls back to its nearest existing parent.
        """
        positions = self._index()
        probe = pointer + "#key" if key else pointer
        while probe not in positions and probe:
            probe = probe.removesuffix("#key")
            probe = probe[: probe.rfind("/")] if "/" in probe else ""
        offset = positions.get(probe, (0, 0))[0]
        return self._line_col(offset)

    def offset(self, pointer: str) -> int:
        """Where the value at ``pointer`` starts in the text (for edits that keep the rest).

        :raises KeyError: no value there.
        """
        return self._index()[pointer][0]

    def diagnostic(
        self,
        code: str,
        message: str,
        pointer: str = "",
        *,
        key: bool = False,
        severity: str = "error",
    ) -> Diagnostic:
        """A diagnostic located at ``pointer`` in this file."""
        line, column = self.position(pointer, key=key)
        return Diagnostic(code, message, self.shown, line, column, pointer, severity)  # type: ignore[arg-type]

    def duplicate_keys(self) -> list[tuple[str, str]]:
        """(pointer, key) of every key that appears twice in the same object."""
        self._index()
        return list(self._duplicates)

    def _line_col(self, offset: int) -> tuple[int, int]:
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._line_starts, offset)
        return line, offset - self._line_starts[line - 1] + 1

    def _index(self) -> dict[str, tuple[int, int]]:
        if self._positions is None:
            self._positions, self._duplicates = _scan_positions(self.text)
        return self._positions

    _duplicates: list[tuple[str, str]] = field(default_factory=list, repr=False)


def _scan_positions(text: str) -> tuple[dict[str, tuple[int, int]], list[tuple[str, str]]]:
    """Map every JSON pointer to (offset, 0) of its value, and every key to 'pointer#key'.

    Iterative (no recursion), so hostile nesting cannot overflow the stack. Assumes valid JSON.
    """
    positions: dict[str, tuple[int, int]] = {}
    duplicates: list[tuple[str, str]] = []
    # Each frame: [pointer, kind '{' or '[', next index, pending key, seen keys]
    stack: list[list[Any]] = []
    expecting_key = False
    for match in _TOKEN.finditer(text):
        token, start = match.group(), match.start()
        if token in ",:":
            if token == "," and stack and stack[-1][1] == "{":
                expecting_key = True
            continue
        if token in "}]":
            stack.pop()
            expecting_key = False
            continue
        if stack and stack[-1][1] == "{" and expecting_key:
            frame = stack[-1]
            key = json.loads(token) if token.startswith('"') else token
            frame[3] = key
            if key in frame[4]:
                duplicates.append((frame[0] + "/" + escape_pointer_part(key), key))
            frame[4].add(key)
            positions[frame[0] + "/" + escape_pointer_part(key) + "#key"] = (start, 0)
            expecting_key = False
            continue
        if not stack:
            pointer = ""
        elif stack[-1][1] == "[":
            pointer = f"{stack[-1][0]}/{stack[-1][2]}"
            stack[-1][2] += 1
        else:
            pointer = stack[-1][0] + "/" + escape_pointer_part(stack[-1][3])
        positions.setdefault(pointer, (start, 0))
        if token == "{":
            stack.append([pointer, "{", 0, None, set()])
            expecting_key = True
        elif token == "[":
            stack.append([pointer, "[", 0, None, set()])
    return positions, duplicates


def _depth_offender(text: str, limit: int) -> int | None:
    """The offset where nesting first exceeds ``limit``, scanning iteratively."""
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "{[":
            depth += 1
            if depth > limit:
                return match.start()
        elif token in "}]":
            depth -= 1
    return None


def locate(file: str, pointer: str) -> tuple[int, int]:
    """(line, column) of ``pointer`` in a source file, read again on demand (for late errors).

    Returns (1, 1) when the file cannot be read any more.
    """
    try:
        return read_source(Path(file), file).position(pointer)
    except (OSError, SourceUnreadable):
        return 1, 1


def read_limited(path: Path, shown: str, code: str, hint: str) -> bytes:
    """The bytes of a source file (JSON or CSV) no larger than MAX_SOURCE_BYTES.

    :raises SourceUnreadable: ``code`` (e.g. "json.too-large"), the size, the limit and ``hint``.
    """
    size = path.stat().st_size
    if size > MAX_SOURCE_BYTES:
        raise SourceUnreadable(
            Diagnostic(
                code,
                f"the file is {size / 1e6:.1f} MB; sources are limited to "
                f"{MAX_SOURCE_BYTES // (1024 * 1024)} MB ({hint})",
                shown,
            )
        )
    return path.read_bytes()


def decode_utf8(raw: bytes, shown: str, code: str, hint: str) -> str:
    """UTF-8 text (without a byte-order mark) of a source file's bytes.

    :raises SourceUnreadable: ``code`` at the line and column of the first byte that is not
        UTF-8, with ``hint`` saying how to fix it.
    """
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SourceUnreadable(
            Diagnostic(
                code,
                f"byte 0x{raw[exc.start]:02x} is not UTF-8; {hint}",
                shown,
                line,
                column,
            )
        ) from None


def read_source(path: Path, shown: str) -> Source:
    """Read and parse one JSON source.

    :raises SourceUnreadable: empty, too large, not UTF-8, not JSON, nested too deep, with a
        duplicate key, or with a character no output can hold.
    """
    raw = read_limited(path, shown, "json.too-large", "split it, or move rows into a CSV")
    return parse_source(raw, path, shown)


def parse_source(raw: bytes, path: Path, shown: str) -> Source:
    """Parse bytes already read; see :func:`read_source`."""
    text = decode_utf8(raw, shown, "json.encoding", "save the file as UTF-8")
    if not text.strip():
        raise SourceUnreadable(
            Diagnostic(
                "json.empty",
                'the file is empty; a source must be a JSON object with a "kind"',
                shown,
            )
        )
    offender = _depth_offender(text, MAX_DEPTH)
    if offender is not None:
        source = Source(path, shown, text, None)
        line, column = source._line_col(offender)
        raise SourceUnreadable(
            Diagnostic(
                "json.too-deep",
                f"JSON is nested more than {MAX_DEPTH} levels deep here; "
                "no source needs that much nesting",
                shown,
                line,
                column,
            )
        )
    has_duplicates = False

    def pairs_to_dict(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal has_duplicates
        result = dict(pairs)
        has_duplicates = has_duplicates or len(result) != len(pairs)
        return result

    try:
        data = json.loads(text, object_pairs_hook=pairs_to_dict)
    except json.JSONDecodeError as exc:
        raise SourceUnreadable(
            Diagnostic(
                "json.syntax",
                f"invalid JSON: {_explain_syntax(exc.msg)}",
                shown,
                exc.lineno,
                exc.colno,
            )
        ) from None
    except RecursionError:  # pragma: no cover - the depth check above comes first
        raise SourceUnreadable(
            Diagnostic("json.too-deep", "JSON is nested too deeply", shown)
        ) from None
    source = Source(path, shown, text, data)
    _refuse_unwritable_strings(source)
    for pointer, key in source.duplicate_keys() if has_duplicates else []:
        raise SourceUnreadable(
            source.diagnostic(
                "json.duplicate-key",
                f"key {key!r} appears twice in the same object; "
                "the second would silently replace the first",
                pointer,
                key=True,
            )
        )
    return source


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
"""A JSON string token (in valid JSON, every quote outside a string starts one)."""
_UNWRITABLE = re.compile("[\ud800-\udfff\ufffe\uffff]")
"""What no output can hold: half of a UTF-16 surrogate pair (only a JSON escape can make
one), and U+FFFE and U+FFFF, which are not characters (XML, and so SVG and VASSAL's files,
refuse them)."""


def unwritable_problem(text: str) -> tuple[int, str] | None:
    """(offset, what to do) for the first character of ``text`` that no output can hold."""
    found = _UNWRITABLE.search(text)
    if found is None:
        return None
    char = found.group()
    code = f"U+{ord(char):04X}"
    if char in "\ufffe\uffff":
        what = f"{code}, which is not a character: remove it"
    else:
        what = (
            f"{code}, half of a UTF-16 surrogate pair without its other half: write the whole "
            "character (itself, or both halves of its escape, e.g. \\ud83d\\ude00) or remove it"
        )
    return found.start(), f"this text holds {what} (no SVG, PDF or VASSAL module can hold it)"


def refuse_unwritable(text: str, shown: str, code: str) -> None:
    """Refuse a text file (a CSV) holding a character no output can hold.

    :raises SourceUnreadable: ``code`` at the character's line and column.
    """
    problem = unwritable_problem(text)
    if problem is not None:
        line, column = Source(Path(shown), shown, text, None)._line_col(problem[0])
        raise SourceUnreadable(Diagnostic(code, problem[1], shown, line, column))


def _refuse_unwritable_strings(source: Source) -> None:
    """Refuse a JSON source whose strings (keys or values) hold a character no output can
    hold, written as itself or as an escape: validate must catch what a build cannot write.

    :raises SourceUnreadable: "json.bad-character" at the string that holds it.
    """
    text = source.text
    if "\\u" not in text and _UNWRITABLE.search(text) is None:
        return  # no escape at all (most sources), and no such character as itself
    for match in _STRING.finditer(text):
        token = match.group()
        if "\\u" not in token and _UNWRITABLE.search(token) is None:
            continue
        problem = unwritable_problem(json.loads(token))
        if problem is not None:
            line, column = source._line_col(match.start())
            raise SourceUnreadable(
                Diagnostic("json.bad-character", problem[1], source.shown, line, column)
            )


_SYNTAX_HINTS = {
    "Invalid control character at": (
        "a raw tab or line break inside a string; write it as \\t or \\n"
    ),
    "Expecting property name enclosed in double quotes": (
        'expected a "quoted" property name (a trailing comma, or a key without quotes?)'
    ),
    "Expecting ',' delimiter": "expected ',' between items (a missing comma?)",
    "Expecting ':' delimiter": "expected ':' after a property name",
    "Expecting value": "expected a value (a trailing comma, or text that is not JSON?)",
    "Extra data": "text after the end of the JSON object (two objects in one file?)",
    "Unterminated string starting at": "a string that is never closed (a missing quote?)",
    "Invalid \\escape": "a backslash escape that JSON does not allow (write \\\\ for a backslash)",
}


def _explain_syntax(message: str) -> str:
    """json's terse message, said so that a designer knows what to fix."""
    for prefix, hint in _SYNTAX_HINTS.items():
        if message.startswith(prefix):
            return hint
    return message[0].lower() + message[1:]
