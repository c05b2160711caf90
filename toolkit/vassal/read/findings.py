"""What a check of a VASSAL module finds: worded problems, bounded per kind, and what the
checks of pieces and saved games need to know about the module.

A hostile module can hold a million copies of one mistake; listing each would take hours and
gigabytes, and nobody reads past the first ones. So only the first :data:`MAX_PER_KIND` of a
kind (the same code and severity in the same file) are listed, and one closing line per kind
says how many more were cut.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from toolkit.diagnostics import Diagnostic, Severity, did_you_mean

MAX_PER_KIND = 100
"""Findings of one kind (code and severity) in one file listed before the rest are counted."""
CUT = "cut"
"""The code of the line that says how many findings of a kind were not listed."""
ELSEWHERE = " (unless the module this extension extends has it)"
"""Said of what an extension lacks."""

Kind = tuple[str, str, Severity]
"""Where (``FILE`` or ``FILE:entry``), code and severity: what findings are counted by."""


@dataclass
class Findings:
    """The problems found so far, each already worded, at most :data:`MAX_PER_KIND` of a
    kind; the others are only counted."""

    listed: list[Diagnostic] = field(default_factory=list)
    counts: dict[Kind, int] = field(default_factory=lambda: defaultdict(int))
    """How many findings of each kind were found, listed or not."""

    def room(self, where: str, code: str, severity: Severity = "error") -> bool:
        """Whether a finding of this kind would be listed (when it would not, it is counted
        now): ask before wording a finding that is costly to word."""
        if self.counts[where, code, severity] < MAX_PER_KIND:
            return True
        self.counts[where, code, severity] += 1
        return False

    def add(
        self, where: str, code: str, message: str, severity: Severity = "error", line: int = 0
    ) -> None:
        """Record one problem at ``where`` (``FILE`` or ``FILE:entry``; ``line`` in the entry,
        when known), or only count it when its kind has been listed enough."""
        kind = (where, code, severity)
        self.counts[kind] += 1
        if self.counts[kind] <= MAX_PER_KIND:
            self.listed.append(
                Diagnostic(f"vmod.{code}", message, where, line, 1 if line else 0, "", severity)
            )

    @property
    def items(self) -> list[Diagnostic]:
        """The listed problems in the order found, then one line per kind saying how many
        more of it were cut."""
        cut = [
            Diagnostic(
                f"vmod.{CUT}",
                f"{count - MAX_PER_KIND:,} more {severity}s [vmod.{code}] were cut (the first "
                f"{MAX_PER_KIND} of {count:,} are listed); fix those and check again",
                where,
                0,
                0,
                "",
                severity,
            )
            for (where, code, severity), count in self.counts.items()
            if count > MAX_PER_KIND
        ]
        return self.listed + cut


@dataclass
class Uses:
    """Where a name (an image, a prototype) is used: the first place and how many more."""

    places: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def add(self, name: str, place: str) -> None:
        """Record one use of ``name`` by ``place``."""
        self.places[name].append(place)

    def described(self, name: str) -> str:
        """'piece slot 'X'' or 'piece slot 'X' and 3 more'."""
        places = self.places[name]
        more = len(places) - 1
        return places[0] + (f" and {more} more" if more else "")


@dataclass
class Module:
    """What the checks of pieces and saves need to know about a module."""

    names: frozenset[str]
    """The archive's entries."""
    maps: frozenset[str]
    prototypes: frozenset[str]
    custom_encoder: str | None
    """A module's own command encoder class (it may add traits VASSAL does not know)."""
    extension: bool = False
    """An extension: what it does not define (a prototype, a map, an image, a class) the
    module it extends may, so a missing one is at most a warning."""
    boards: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Each map's boards, by name: what a saved game's board choice may name."""


UNKNOWN_MODULE = Module(frozenset(), frozenset(), frozenset(), None)
"""Stands for a module that could not be read."""


def hint(word: str, candidates: Iterable[str]) -> str:
    """A " (did you mean 'x'?)" hint with the closest candidate only."""
    return did_you_mean(word, candidates, limit=1)


def absent_severity(module: Module) -> Severity:
    """How bad it is that the archive lacks something: an error, but a warning in an
    extension (the module it extends may have it)."""
    return "warning" if module.extension else "error"


def add_absent(module: Module, where: str, code: str, message: str, f: Findings) -> None:
    """Record something the archive lacks: an error, or a warning in an extension."""
    if module.extension:
        f.add(where, code, message + ELSEWHERE, "warning")
    else:
        f.add(where, code, message)
