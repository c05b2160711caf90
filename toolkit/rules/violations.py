"""What a check finds: a broken rule, with its citation, where, who, and a sentence."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.model.rules import Rule


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: what a player reads, and what a tool needs to point at it."""

    rule: str
    """The rule's id."""
    cite: str
    """The rulebook's citation, e.g. 'Distant Foreign Fields 4.3'."""
    severity: str
    """'error', 'warning' or 'info' (a rule of severity 'ignore' is never checked)."""
    message: str
    """A sentence a player understands, naming the pieces and the place."""
    locations: tuple[str, ...] = ()
    """Location keys involved ('map:label')."""
    pieces: tuple[str, ...] = ()
    """Piece ids involved ('<counter>/<n>')."""


def violation(
    rule: Rule, message: str, locations: tuple[str, ...] = (), pieces: tuple[str, ...] = ()
) -> Violation:
    """A violation of ``rule``, carrying its id, citation and severity."""
    return Violation(rule.id, rule.cite, rule.severity, message, locations, pieces)
