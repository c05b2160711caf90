"""The loader's working state: diagnostics, the ids seen so far, and location resolution.

Each ``load_*`` module reads one kind of source through a ``Context``; the context is the only
place where references are resolved, so every "unknown x" message reads the same. Locations are
resolved by the model's resolver (``toolkit.model.references``), the same one later stages use
on the finished game: the context is the ``LocationTable`` it reads while maps arrive.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.diagnostics import Report, did_you_mean, known_list
from toolkit.load.jsonsource import MAX_SOURCE_BYTES, Source
from toolkit.model.game import Game
from toolkit.model.map import Location, Map
from toolkit.model.references import (
    UnresolvedKind,
    UnresolvedReference,
    lookup_location,
    lookup_locations,
)

UNRESOLVED_CODES: Mapping[UnresolvedKind, str] = {
    "unknown-map": "ref.unknown-map",
    "unknown-location": "ref.unknown-location",
    "ambiguous": "ref.ambiguous-location",
    "malformed-range": "range.malformed",
}
"""The diagnostic code of each way a location reference can fail to resolve."""

DECLARED_BY: Mapping[str, tuple[str, ...]] = {
    "counter": ("counters",),
    "template": ("counters",),
    "class": ("counters",),
    "tag": ("counters",),
    "map": ("map", "chart"),  # selectors name maps and display charts alike
    "chart": ("chart",),
    "space": ("map",),
    "setup": ("setup",),
    "rule": ("rules",),
    "card": ("cards",),
    "card-template": ("cards",),
    "deck": ("decks",),
    "cup": ("decks",),
}
"""Reference kind → the source kinds whose files declare such ids (game.json declares the rest:
factions, sides, terrain, …; a broken game.json stops every reference check)."""
LOCATIONS_DECLARED_BY = ("map", "chart")
ANY_KIND = "*"
"""A broken file whose kind is not known: it may declare anything."""
_XML_DECLARATIONS = re.compile(rb"<!ENTITY|<!DOCTYPE[^>\[]*\[", re.IGNORECASE)
"""An entity declaration, or a DOCTYPE with an internal subset where entities are declared.
Entities can expand without bound or read other files; the PDF step refuses them at build time.
A plain DOCTYPE naming the SVG DTD (as older editors write) is harmless and stays allowed."""


@dataclass
class Context:
    """Everything the semantic checks have learnt so far, plus the report they write to."""

    folder: Path
    report: Report
    ids: dict[str, dict[str, str]] = field(default_factory=dict)
    """kind → id → the file that first declared it."""
    declared_at: dict[tuple[str, str], tuple[Source, str]] = field(default_factory=dict)
    """(kind, id) → the source and pointer of its declaration: its line is looked up only when
    a duplicate needs it (a big game declares thousands of ids)."""
    maps: dict[str, Map] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)
    """Every location key → location, for maps and display charts."""
    places: dict[str, str] = field(default_factory=dict)
    """Feature id → location key."""
    labels: dict[str, list[str]] = field(default_factory=dict)
    """Bare label → the keys that carry it (to resolve 'berlin' without a map prefix)."""
    assets: dict[str, Path] = field(default_factory=dict)
    """Every file a source names (CSV rows, images), by its path inside the game folder."""
    broken: dict[str, list[str]] = field(default_factory=dict)
    """Source kind (or ANY_KIND) → files of that kind left out for their errors: ids they
    declare are unknown, so a reference to such an id is not reported, only counted."""
    format: int | None = None
    """The source format game.json declares (None: none declared, read as the current)."""
    unchecked: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    """Broken file → reference kind → the files whose references of that kind went unchecked."""
    left_out: set[tuple[str, str]] = field(default_factory=set)
    """(kind, id) declared but left out for an error reported at its declaration (a counter
    of an unknown template): a reference to it is no second error."""

    @classmethod
    def of_game(cls, game: Game, report: Report) -> Context:
        """A context that knows a loaded game's ids and locations, to read a file against it."""
        ctx = cls(Path(game.folder), report)
        for kind, ids in (
            ("faction", [f.id for f in game.factions]),
            ("side", [s.id for s in game.sides]),
            ("phase", [p.id for p in game.turns.phases]),
            ("setup", [s.id for s in game.setups]),
            ("rule", [r.id for r in game.rules]),
            ("chart", [c.id for c in game.charts]),
            ("card", [c.id for c in game.cards]),
            ("deck", [d.id for d in game.decks]),
            ("cup", [c.id for c in game.cups]),
        ):
            ctx.ids[kind] = dict.fromkeys(ids, game.id)
        ctx.maps = {m.id: m for m in game.maps}
        for location in game.locations.values():
            ctx.add_location(location)
        ctx.places = dict(game.places)
        return ctx

    # -- reporting -------------------------------------------------------------------------

    def error(
        self, source: Source, code: str, message: str, pointer: str = "", *, key: bool = False
    ) -> None:
        """Report an error at ``pointer`` of ``source``."""
        self.report.add(source.diagnostic(code, message, pointer, key=key))

    def warn(
        self, source: Source, code: str, message: str, pointer: str = "", *, key: bool = False
    ) -> None:
        """Report a warning at ``pointer`` of ``source``."""
        self.report.add(source.diagnostic(code, message, pointer, key=key, severity="warning"))

    # -- ids ---------------------------------------------------------------------------------

    def declare(self, source: Source, kind: str, id_: str, pointer: str) -> bool:
        """Record a new id of ``kind``; report and return False when it is already taken."""
        seen = self.ids.setdefault(kind, {})
        if id_ in seen:
            first = seen[id_]
            if (kind, id_) in self.declared_at:
                where, at = self.declared_at[kind, id_]
                first = f"{where.shown}:{where.position(at)[0]}"
            self.error(
                source,
                "id.duplicate",
                f"{kind} id {id_!r} is already used at {first}; ids must be unique",
                pointer,
            )
            return False
        seen[id_] = source.shown
        self.declared_at[kind, id_] = (source, pointer)
        return True

    def known(self, kind: str) -> Mapping[str, str]:
        """The ids of ``kind`` declared so far."""
        return self.ids.get(kind, {})

    def check_ref(
        self,
        source: Source,
        kind: str,
        value: str | None,
        pointer: str,
        candidates: Iterable[str] | None = None,
    ) -> bool:
        """True when ``value`` names a declared ``kind``; otherwise report it with a hint."""
        if value is None:
            return True
        known = list(candidates) if candidates is not None else list(self.known(kind))
        if value in known:
            return True
        if (kind, value) in self.left_out:
            return False
        if self._unchecked(source, kind, DECLARED_BY.get(kind, ())):
            return False
        self.error(
            source,
            f"ref.unknown-{kind}",
            f"unknown {kind} {value!r}{did_you_mean(value, known)} ({known_list(known)})",
            pointer,
        )
        return False

    # -- locations ---------------------------------------------------------------------------

    def add_location(self, location: Location) -> None:
        """Register a location so setups and rules can name it."""
        self.locations[location.key] = location
        self.labels.setdefault(location.label, []).append(location.key)

    @property
    def boards(self) -> list[str]:
        """Ids a location key may start with: the maps loaded so far, then the charts."""
        return [*self.maps, *self.known("chart")]

    def resolve_location(self, source: Source, ref: str, pointer: str) -> str | None:
        """The key of the location ``ref`` names ('map:label', a feature id, or a bare label).

        Reports an unknown or ambiguous reference and returns None.
        """
        try:
            return lookup_location(self, ref)
        except UnresolvedReference as exc:
            self._report_unresolved(source, exc, pointer)
            return None

    def resolve_locations(self, source: Source, refs: Iterable[str], pointer: str) -> list[str]:
        """Keys for a list of locations and ranges ('west:0203-0210'), reporting bad entries."""
        keys: list[str] = []
        for index, ref in enumerate(refs):
            try:
                keys.extend(lookup_locations(self, ref))
            except UnresolvedReference as exc:
                self._report_unresolved(source, exc, f"{pointer}/{index}")
        return keys

    def _report_unresolved(self, source: Source, exc: UnresolvedReference, pointer: str) -> None:
        if exc.kind in ("unknown-map", "unknown-location") and self._unchecked(
            source, "location", LOCATIONS_DECLARED_BY
        ):
            return
        self.error(source, UNRESOLVED_CODES[exc.kind], str(exc), pointer)

    def _unchecked(self, source: Source, kind: str, declared_by: Iterable[str]) -> bool:
        """True (and noted) when a broken file may declare the unknown ``kind`` id."""
        if not declared_by:  # declared by game.json, which is whole whenever references are checked
            return False
        blockers = [f for k in (*declared_by, ANY_KIND) for f in self.broken.get(k, [])]
        for blocker in blockers:
            self.unchecked.setdefault(blocker, {}).setdefault(kind, set()).add(source.shown)
        return bool(blockers)

    # -- paths -------------------------------------------------------------------------------

    def asset_path(self, source: Source, relative: str, pointer: str) -> Path | None:
        """The file a source names, if it stays inside the game folder and exists."""
        candidate = Path(relative)
        root = self.folder.resolve()
        resolved = (root / candidate).resolve()
        if candidate.is_absolute() or not resolved.is_relative_to(root):
            self.error(
                source,
                "path.escapes",
                f"path {relative!r} leaves the game folder; use a path inside it, "
                "relative to game.json",
                pointer,
            )
            return None
        if not resolved.is_file():
            self.error(
                source,
                "path.missing",
                f"file {relative!r} does not exist in the game folder",
                pointer,
            )
            return None
        self.assets[resolved.relative_to(root).as_posix()] = resolved
        return resolved

    def image_path(self, source: Source, relative: str, pointer: str) -> Path | None:
        """Like :meth:`asset_path`, and an SVG image must not declare XML entities."""
        path = self.asset_path(source, relative, pointer)
        if path is None or path.suffix.lower() != ".svg":
            return path
        with path.open("rb") as handle:
            head = handle.read(MAX_SOURCE_BYTES)
        if _XML_DECLARATIONS.search(head):
            self.error(
                source,
                "image.xml-entity",
                f"image {relative!r} declares XML entities (a <!DOCTYPE [...]> or <!ENTITY>), "
                "which are refused: they can expand without limit or read other files; "
                "save the SVG without them",
                pointer,
            )
            return None
        return path


def get(data: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """``data[key]`` or a default: the schema has already checked types."""
    value = data.get(key, default)
    return default if value is None else value
