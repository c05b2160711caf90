"""Diagnostics: what is wrong, where, and what to do — one line each, like a compiler's."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding about a source file."""

    code: str
    """A stable code such as ``map.unknown-terrain``; tests and tools match on it."""
    message: str
    """A sentence for the designer: what is wrong and what to do."""
    file: str
    """The file as the user named it (relative to where they ran the tool)."""
    line: int = 1
    """1-based; 0 when the finding has no line (an archive entry, a whole file)."""
    column: int = 1
    pointer: str = ""
    """The JSON pointer of the offending value ("" for the whole file)."""
    severity: Severity = "error"

    def format(self) -> str:
        """Render as ``file:line:col: severity[code]: message`` on one line (``file: …`` when
        there is no line)."""
        message = " ".join(self.message.split())
        where = self.file if self.line <= 0 else f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.severity}[{self.code}]: {message}"

    def to_json(self) -> dict[str, object]:
        """The machine-readable form used by ``--format json``."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "pointer": self.pointer,
            "code": self.code,
            "severity": self.severity,
            "message": " ".join(self.message.split()),
        }


@dataclass
class Report:
    """Diagnostics collected over a whole load, printed once at the end."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        """Record one diagnostic."""
        self.diagnostics.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        """Record several diagnostics."""
        self.diagnostics.extend(diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        """The diagnostics that make the sources invalid."""
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        """The diagnostics that do not stop a build (unless ``--strict``)."""
        return [d for d in self.diagnostics if d.severity == "warning"]

    def sorted(self) -> list[Diagnostic]:
        """Diagnostics in file, line, column order, without exact repeats."""
        unique = dict.fromkeys(self.diagnostics)
        return sorted(unique, key=lambda d: (d.file, d.line, d.column, d.code, d.message))

    def format_text(self) -> str:
        """All diagnostics, one per line."""
        return "\n".join(d.format() for d in self.sorted())

    def format_json(self) -> str:
        """All diagnostics as a JSON list of objects."""
        return json.dumps([d.to_json() for d in self.sorted()], indent=2, ensure_ascii=False)

    def summary(self) -> str:
        """A closing line with the counts."""
        errors, warnings = len(self.errors), len(self.warnings)
        return f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"


def did_you_mean(word: str, candidates: Iterable[str], limit: int = 3) -> str:
    """A " (did you mean 'x'?)" hint for a misspelt id, or "" when nothing is close."""
    matches = difflib.get_close_matches(word, list(candidates), n=limit, cutoff=0.6)
    if not matches:
        return ""
    quoted = " or ".join(repr(m) for m in matches)
    return f" (did you mean {quoted}?)"


def known_list(candidates: Sequence[str], limit: int = 8) -> str:
    """A short "known: a, b, c, …" list for messages."""
    items = sorted(candidates)
    shown = ", ".join(items[:limit])
    return f"known: {shown}{', …' if len(items) > limit else ''}" if items else "none are declared"
