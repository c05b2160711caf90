"""Versions in sources: a semantic version passes; a short one ("1.0") is a warning and stands
for its padded form ("1.0.0"); anything else is an error at the value, with the fix when it
can be guessed (see :mod:`toolkit.model.versions`)."""

from __future__ import annotations

from toolkit.diagnostics import Report
from toolkit.load.jsonsource import Source
from toolkit.model.versions import judge_version

CODE = "value.version"


def checked_version(report: Report, source: Source, text: str, pointer: str) -> str | None:
    """The version ``text`` (at ``pointer`` of ``source``) stands for, after reporting what is
    wrong with it; None when it is no version at all (an error was reported)."""
    what = pointer.strip("/").replace("/", ".")
    verdict = judge_version(text, what)
    if verdict.severity:
        report.add(source.diagnostic(CODE, verdict.message, pointer, severity=verdict.severity))
    return None if verdict.severity == "error" else verdict.value
