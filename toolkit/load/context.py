"""The loader's working state: diagnostics, the ids seen so far, and location resolution.

Each ``load_*`` module reads one kind of source through a ``Context``; the context is the only
place where references are resolved, so every "unknown x" message reads the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.diagnostics import Report, did_you_mean, known_list
from toolkit.load.jsonsource import Source
from toolkit.model.map import Location, Map
from toolkit.model.ranges import RangeError, expand_range, is_range_on


@dataclass
class Context:
    """Everything the semantic checks have learnt so far, plus the report they write to."""

    folder: Path
    report: Report
    ids: dict[str, dict[str, str]] = field(default_factory=dict)
    """kind → id → where it was first declared ('file:line')."""
    maps: dict[str, Map] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)
    """Every location key → location, for maps and display charts."""
    places: dict[str, str] = field(default_factory=dict)
    """Feature id → location key."""
    labels: dict[str, list[str]] = field(default_factory=dict)
    """Bare label → the keys that carry it (to resolve 'berlin' without a map prefix)."""

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
            self.error(
                source,
                "id.duplicate",
                f"{kind} id {id_!r} is already used at {seen[id_]}; ids must be unique",
                pointer,
            )
            return False
        line, _ = source.position(pointer)
        seen[id_] = f"{source.shown}:{line}"
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

    def resolve_location(self, source: Source, ref: str, pointer: str) -> str | None:
        """The key of the location ``ref`` names ('map:label', a feature id, or a bare label).

        Reports an unknown or ambiguous reference and returns None.
        """
        found = self._lookup(ref)
        if isinstance(found, str):
            return found
        self._report_unresolved(source, ref, pointer, found)
        return None

    def resolve_locations(self, source: Source, refs: Iterable[str], pointer: str) -> list[str]:
        """Keys for a list of locations and ranges ('west:0203-0210'), reporting bad entries."""
        keys: list[str] = []
        for index, ref in enumerate(refs):
            here = f"{pointer}/{index}"
            found = self._lookup(ref)
            if isinstance(found, str):
                keys.append(found)
                continue
            expanded = self._expand(source, ref, here)
            if expanded is not None:
                keys.extend(expanded)
            else:
                self._report_unresolved(source, ref, here, found)
        return keys

    def _lookup(self, ref: str) -> str | list[str] | None:
        """A key, a list of candidate keys when ambiguous, or None."""
        if ref in self.locations:
            return ref
        if ref in self.places:
            return self.places[ref]
        keys = self.labels.get(ref, [])
        if len(keys) == 1:
            return keys[0]
        return keys or None

    def _expand(self, source: Source, ref: str, pointer: str) -> list[str] | None:
        """Expand a hex or square range; None when ``ref`` is not a range at all."""
        map_id, _, body = ref.rpartition(":")
        candidates = (
            [self.maps[map_id]]
            if map_id in self.maps
            else ([] if map_id else list(self.maps.values()))
        )
        grid_maps = [m for m in candidates if is_range_on(m, body)]
        if not grid_maps:
            return None
        errors: list[str] = []
        for map_ in grid_maps:
            try:
                return [f"{map_.id}:{label}" for label in expand_range(map_, body)]
            except RangeError as exc:
                errors.append(str(exc))
        self.error(source, "range.malformed", f"range {ref!r}: {errors[0]}", pointer)
        return []

    def _report_unresolved(
        self, source: Source, ref: str, pointer: str, found: list[str] | None
    ) -> None:
        if found:
            options = ", ".join(repr(k) for k in sorted(found)[:4])
            self.error(
                source,
                "ref.ambiguous-location",
                f"location {ref!r} is on several maps; write one of {options}",
                pointer,
            )
            return
        map_id, sep, label = ref.rpartition(":")
        if sep and map_id not in self.maps and map_id not in self.known("chart"):
            known_maps = list(self.maps) + list(self.known("chart"))
            self.error(
                source,
                "ref.unknown-map",
                f"location {ref!r}: unknown map {map_id!r}{did_you_mean(map_id, known_maps)}"
                f" ({known_list(known_maps)})",
                pointer,
            )
            return
        pool = (
            [k.split(":", 1)[1] for k in self.locations if k.startswith(map_id + ":")]
            if sep
            else list(self.labels) + list(self.places)
        )
        hint = did_you_mean(label if sep else ref, pool)
        where = f" on map {map_id!r}" if sep else ""
        self.error(
            source,
            "ref.unknown-location",
            f"no location {label if sep else ref!r}{where}{hint}",
            pointer,
        )

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
        return resolved


def get(data: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """``data[key]`` or a default: the schema has already checked types."""
    value = data.get(key, default)
    return default if value is None else value
