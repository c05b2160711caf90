"""Semantic versions (semver.org 2.0.0, ``MAJOR.MINOR.PATCH[-PRE][+BUILD]``): what a game's and
a scenario's versions are, what the VASSAL Game Library accepts, and how two of them compare.

Sources kept for years say "1.0" or "1": such a short version is still accepted, with a
warning, and stands for its padded form ("1.0.0") everywhere the build writes it. Anything
else that is not a semantic version is an error, with the fix when one can be guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

_NUMBER = r"(?:0|[1-9][0-9]*)"
_PRE_ID = r"(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
_BUILD_ID = r"[0-9A-Za-z-]+"
SEMVER = re.compile(
    rf"^({_NUMBER})\.({_NUMBER})\.({_NUMBER})"
    rf"(?:-({_PRE_ID}(?:\.{_PRE_ID})*))?"
    rf"(?:\+({_BUILD_ID}(?:\.{_BUILD_ID})*))?\Z"
)
"""A semantic version, ASCII only (semver.org's own grammar)."""
SHORT = re.compile(rf"^{_NUMBER}(?:\.{_NUMBER})?\Z")
"""One or two dotted numbers: the versions sources wrote before they had to be semantic."""
MAX_NUMBER = 2**63 - 1
"""The largest major, minor or patch number the Game Library stores (a signed 64-bit one)."""
_LOOSE = re.compile(r"^[vV]?\s*([0-9]+(?:\.[0-9]+){0,2})(?:[\s._-]*([0-9A-Za-z][0-9A-Za-z.-]*))?\Z")
"""Dotted numbers maybe followed by a label ("1.0a", "v2.1 beta"): the fix can be guessed."""

_FOUR_NUMBERS = re.compile(r"^[vV]?[0-9]+(?:\.[0-9]+){3}")
"""Four numbers or more ("1.2.3.4"): which one to drop is the designer's call."""

VersionSeverity = Literal["", "warning", "error"]


@dataclass(frozen=True, slots=True)
class SemVer:
    """A parsed semantic version."""

    major: int
    minor: int
    patch: int
    pre: tuple[str, ...] = ()
    """The pre-release identifiers ("beta.2" → ("beta", "2")); a pre-release comes before
    its release."""
    build: str = ""
    """Build metadata: ignored by precedence, but part of the text the Game Library matches."""

    def __str__(self) -> str:
        pre = "-" + ".".join(self.pre) if self.pre else ""
        build = "+" + self.build if self.build else ""
        return f"{self.major}.{self.minor}.{self.patch}{pre}{build}"

    def precedence(self) -> tuple[object, ...]:
        """A key that sorts versions by semver precedence (1.0.0-beta < 1.0.0 < 1.10.0)."""
        if not self.pre:
            return (self.major, self.minor, self.patch, 1, ())
        ids = tuple((0, int(i), "") if i.isdigit() else (1, 0, i) for i in self.pre)
        return (self.major, self.minor, self.patch, 0, ids)


def parse_semver(text: str) -> SemVer:
    """'1.2.3-beta.1' → SemVer(1, 2, 3, ('beta', '1')); exactly what the Game Library accepts.

    :raises ValueError: not a semantic version (the message names the fix when it is clear).
    """
    version = _semver(text)
    if version is None:
        problem = version_problem(text, "version")
        raise ValueError(problem or f"version {text!r} has a number larger than {MAX_NUMBER}")
    return version


def _semver(text: str) -> SemVer | None:
    match = SEMVER.match(text)
    if match is None:
        return None
    numbers = [int(match.group(i)) for i in (1, 2, 3)]
    if max(numbers) > MAX_NUMBER:
        return None
    pre = tuple(match.group(4).split(".")) if match.group(4) else ()
    return SemVer(numbers[0], numbers[1], numbers[2], pre, match.group(5) or "")


def is_semver(text: str) -> bool:
    """Whether ``text`` is a semantic version the Game Library accepts."""
    return _semver(text) is not None


def padded_version(text: str) -> str | None:
    """'1' → '1.0.0', '1.2' → '1.2.0'; None for anything that is not one or two numbers."""
    if not SHORT.match(text):
        return None
    parts = text.split(".")
    return ".".join(parts + ["0"] * (3 - len(parts)))


def guess_version(text: str) -> str | None:
    """The semantic version ``text`` most likely means ("v1.2" → "1.2.0", "1.0a" →
    "1.0.0-a", "01.2.3" → "1.2.3"), or None when there is no good guess ("beta")."""
    stripped = text.strip()
    if is_semver(stripped):
        return stripped
    match = _LOOSE.match(stripped)
    if match is None or _FOUR_NUMBERS.match(stripped):
        return None
    numbers = [str(int(n)) for n in match.group(1).split(".")]
    core = ".".join(numbers + ["0"] * (3 - len(numbers)))
    label = match.group(2)
    if label:
        ids = [str(int(i)) if i.isdigit() else i for i in label.strip(".-").split(".")]
        core += "-" + ".".join(ids)
    return core if is_semver(core) else None


def version_problem(text: str, what: str) -> str:
    """Why ``text`` is not a semantic version, and its fix ("" when it is one)."""
    if SEMVER.match(text):
        return ""
    fix = padded_version(text) or guess_version(text)
    if fix is not None and fix != text:
        return f"{what} {text!r} is not a semantic version x.y.z; write {fix!r}"
    return (
        f"{what} {text!r} is not a semantic version x.y.z (three numbers, major.minor.patch,"
        " e.g. '1.0.0', maybe with a pre-release label: '1.0.0-beta.1')"
    )


@dataclass(frozen=True, slots=True)
class VersionVerdict:
    """What a source's version string means to the build."""

    value: str
    """The version to use: the text itself, or its padded form for a short one."""
    severity: VersionSeverity = ""
    """'' fine; 'warning' a short version (accepted, padded); 'error' anything else."""
    message: str = ""


def judge_version(text: str, what: str = "version") -> VersionVerdict:
    """The version a source's ``text`` stands for, and what to say about it (``what``: how
    the message names it, e.g. 'version' or 'game_versions.min')."""
    padded = padded_version(text)
    if padded is not None:
        return VersionVerdict(padded, "warning", version_problem(text, what))
    try:
        parse_semver(text)
    except ValueError as exc:
        return VersionVerdict(text, "error", version_problem(text, what) or str(exc))
    return VersionVerdict(text)


def version_key(text: str) -> tuple[object, ...]:
    """The precedence key of a version a source wrote: semantic, or short (padded).

    :raises ValueError: neither.
    """
    return parse_semver(padded_version(text) or text).precedence()
