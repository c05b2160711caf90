"""The indexes a Game keeps over what it holds, built once on first use: every map link from
both ends, and every location by map, key, place and bare label.

``Game`` holds them (``Game.link_index``, ``Game.location_table``), so they are built from its
parts, not from a Game: the queries that read them (:mod:`toolkit.model.queries`,
:mod:`toolkit.model.references`) take a whole Game and stand above it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from toolkit.model.chart import Chart
from toolkit.model.map import Link, Location, LocationKey, Map, location_key


@dataclass(frozen=True, slots=True)
class LinkEnd:
    """A link seen from one of its ends: the location at the other end, and the link."""

    to: LocationKey
    link: Link


def link_index(maps: Iterable[Map]) -> Mapping[LocationKey, tuple[LinkEnd, ...]]:
    """Every linked location's links, both ways: a link declared on one map joins both ends."""
    index: dict[LocationKey, list[LinkEnd]] = {}
    for the_map in maps:
        for link in the_map.links:
            here = location_key(the_map.id, link.from_label)
            index.setdefault(here, []).append(LinkEnd(link.to, link))
            index.setdefault(link.to, []).append(LinkEnd(here, link))
    return {key: tuple(ends) for key, ends in index.items()}


@dataclass(frozen=True)
class LocationIndex:
    """A finished game's LocationTable (see :mod:`toolkit.model.references`), built once."""

    maps: Mapping[str, Map]
    locations: Mapping[LocationKey, Location]
    places: Mapping[str, LocationKey]
    labels: Mapping[str, tuple[LocationKey, ...]]
    boards: tuple[str, ...]


def location_index(
    maps: tuple[Map, ...],
    charts: tuple[Chart, ...],
    locations: Mapping[LocationKey, Location],
    places: Mapping[str, LocationKey],
) -> LocationIndex:
    """A game's maps, locations, places and bare labels, indexed for resolving references."""
    labels: dict[str, list[LocationKey]] = {}
    for key, location in locations.items():
        labels.setdefault(location.label, []).append(key)
    return LocationIndex(
        maps={m.id: m for m in maps},
        locations=locations,
        places=places,
        labels={label: tuple(keys) for label, keys in labels.items()},
        boards=(*(m.id for m in maps), *(c.id for c in charts)),
    )
