"""Rules as data: each rule has a kind (the checker that runs it), a citation and parameters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.model.base import empty

RULE_KINDS = (
    "stacking",
    "entry",
    "movement",
    "zoc",
    "supply",
    "counter-mix",
    "placement",
    "capacity",
    "victory",
)


@dataclass(frozen=True, slots=True)
class PieceSelector:
    """Picks pieces: every non-empty set must contain the piece's value."""

    counter: frozenset[str] = frozenset()
    template: frozenset[str] = frozenset()
    faction: frozenset[str] = frozenset()
    side: frozenset[str] = frozenset()
    class_: frozenset[str] = frozenset()
    tag: frozenset[str] = frozenset()
    not_: PieceSelector | None = None


@dataclass(frozen=True, slots=True)
class LocationSelector:
    """Picks locations: every non-empty set must contain the location's value."""

    map: frozenset[str] = frozenset()
    kind: frozenset[str] = frozenset()
    terrain: frozenset[str] = frozenset()
    feature: frozenset[str] = frozenset()
    tag: frozenset[str] = frozenset()
    owner: frozenset[str] = frozenset()
    locations: frozenset[str] = frozenset()
    """Location keys (ranges already expanded)."""
    not_: LocationSelector | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    """A checkable rule."""

    id: str
    kind: str
    cite: str
    text: str
    severity: str = "error"
    when: str = "always"
    pieces: PieceSelector | None = None
    where: LocationSelector | None = None
    params: Mapping[str, object] = empty()
    """The kind's other parameters, checked and with selectors resolved (see rules.schema.json)."""
