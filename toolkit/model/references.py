"""Location references as sources write them, resolved to keys.

A reference is a key ('west:0712'), a feature id ('verdun'), a label only one map has ('0304',
'berlin'), or a hex or square range ('west:0203-0210', '0203-0510'). The loader resolves them
while maps are still arriving and later stages resolve them on the finished Game; both hand the
same resolver a ``LocationTable`` (plain indexes), so a reference means one thing everywhere and
a mistake reads the same wherever it is found.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, Protocol

from toolkit.diagnostics import did_you_mean, known_list
from toolkit.model.game import Game
from toolkit.model.map import Location, LocationKey, Map, location_key, parse_location_key
from toolkit.model.ranges import RangeError, expand_range, is_range_on

UnresolvedKind = Literal["unknown-map", "unknown-location", "ambiguous", "malformed-range"]


class UnresolvedReference(ValueError):
    """A reference that names no location, or several; the message is ready to show.

    ``candidates`` are what the reference could have meant: the keys of an ambiguous label, the
    known maps for an unknown map, the known labels (and places) for an unknown location.
    """

    def __init__(
        self,
        kind: UnresolvedKind,
        reference: str,
        message: str,
        candidates: Iterable[str] = (),
    ) -> None:
        super().__init__(message)
        self.kind: UnresolvedKind = kind
        self.reference = reference
        self.candidates: tuple[str, ...] = tuple(candidates)


class LocationTable(Protocol):
    """What resolving needs: the loader's context and a Game's index both provide it."""

    @property
    def maps(self) -> Mapping[str, Map]:
        """Maps by id (ranges are expanded on their grids)."""

    @property
    def locations(self) -> Mapping[LocationKey, Location]:
        """Every location of every map and display, by key."""

    @property
    def places(self) -> Mapping[str, LocationKey]:
        """Feature ids → keys."""

    @property
    def labels(self) -> Mapping[str, Sequence[LocationKey]]:
        """Bare label → the keys that carry it, in loading order."""

    @property
    def boards(self) -> Sequence[str]:
        """The ids a key may start with: maps, then display charts."""


# -- resolving ------------------------------------------------------------------------------------


def resolve(game: Game, reference: str) -> tuple[LocationKey, ...]:
    """The keys a reference names: one for a key, place or unique label; a range's every hex.

    :raises UnresolvedReference: unknown map or location, ambiguous label, or malformed range.
    """
    return lookup_locations(game.location_table, reference)


def resolve_location(game: Game, reference: str) -> LocationKey:
    """The one key a reference names (a key, a place or a unique label; not a range).

    :raises UnresolvedReference: unknown map or location, or an ambiguous label.
    """
    return lookup_location(game.location_table, reference)


def lookup_location(table: LocationTable, reference: str) -> LocationKey:
    """``resolve_location`` on any LocationTable (the loader's, while it is filled)."""
    found = _found(table, reference)
    if isinstance(found, str):
        return found
    raise _unresolved(table, reference, found)


def lookup_locations(table: LocationTable, reference: str) -> tuple[LocationKey, ...]:
    """``resolve`` on any LocationTable (the loader's, while it is filled)."""
    found = _found(table, reference)
    if isinstance(found, str):
        return (found,)
    expanded = _expand(table, reference)
    if expanded is None:
        raise _unresolved(table, reference, found)
    return expanded


def _found(table: LocationTable, reference: str) -> LocationKey | list[LocationKey]:
    """The key, or every candidate key: several for an ambiguous label, none when unknown."""
    if reference in table.locations:
        return reference
    if reference in table.places:
        return table.places[reference]
    keys = list(table.labels.get(reference, ()))
    return keys[0] if len(keys) == 1 else keys


def _qualified(reference: str) -> tuple[str, str, str]:
    """(map, ':', rest) of 'map:rest', or ('', '', reference) for a bare reference."""
    return reference.rpartition(":")


def _expand(table: LocationTable, reference: str) -> tuple[LocationKey, ...] | None:
    """A hex or square range's keys; None when ``reference`` is no range on any map.

    A range may name its map or not; without one, the first map it fits is taken.
    """
    map_id, _, body = _qualified(reference)
    if map_id:
        candidates = [table.maps[map_id]] if map_id in table.maps else []
    else:
        candidates = list(table.maps.values())
    grid_maps = [m for m in candidates if is_range_on(m, body)]
    if not grid_maps:
        return None
    errors: list[str] = []
    for the_map in grid_maps:
        try:
            return tuple(location_key(the_map.id, label) for label in expand_range(the_map, body))
        except RangeError as exc:
            errors.append(str(exc))
    message = f"range {reference!r}: {errors[0]}"
    raise UnresolvedReference("malformed-range", reference, message, [m.id for m in grid_maps])


def _unresolved(
    table: LocationTable, reference: str, found: list[LocationKey]
) -> UnresolvedReference:
    """The error for a reference that names several locations, or none."""
    if found:
        options = ", ".join(repr(k) for k in sorted(found)[:4])
        message = f"location {reference!r} is on several maps; write one of {options}"
        return UnresolvedReference("ambiguous", reference, message, sorted(found))
    map_id, sep, label = _qualified(reference)
    if not sep:
        pool = [*table.labels, *table.places]
        hint = did_you_mean(reference, pool)
        message = f"no location {reference!r}{hint}"
        return UnresolvedReference("unknown-location", reference, message, pool)
    if map_id not in table.boards:
        boards = list(table.boards)
        message = (
            f"location {reference!r}: unknown map {map_id!r}{did_you_mean(map_id, boards)}"
            f" ({known_list(boards)})"
        )
        return UnresolvedReference("unknown-map", reference, message, boards)
    pool = _labels_on(table, map_id)
    message = f"no location {label!r} on map {map_id!r}{did_you_mean(label, pool)}"
    return UnresolvedReference("unknown-location", reference, message, pool)


def _labels_on(table: LocationTable, board: str) -> list[str]:
    """The labels of a map or display (only when reporting: it scans every key)."""
    if board in table.maps:
        return list(table.maps[board].locations)
    return [label for map_id, label in map(parse_location_key, table.locations) if map_id == board]
