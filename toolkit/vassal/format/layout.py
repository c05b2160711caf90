"""How our module lays out what its saves hold: its boards, and the faces of its pieces.

The module writer builds these from the game and its artwork; reading a save or log of our
module back into a position looks them up. They are the one contract between writing our
module and reading it back, so both rooms find them here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from toolkit.model import Game
from toolkit.model.counter import Counter, Face
from toolkit.model.map import Location
from toolkit.vassal.format.codec import safe_text
from toolkit.vassal.format.numbering import GridNumbering

Pixel = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Zone:
    """A named polygon of the board (an area space, a box, a track cell)."""

    name: str
    path: tuple[Pixel, ...]
    label: str = ""
    """The label of the location it outlines."""


@dataclass(frozen=True, slots=True)
class Region:
    """A named point of the board, where pieces snap (a hex or space with no outline)."""

    name: str
    at: Pixel
    label: str = ""
    """The label of the location it marks."""


@dataclass(frozen=True, slots=True)
class Board:
    """One VASSAL map with its single board."""

    map_id: str
    name: str
    """The VASSAL map and board name: what saves and the chat log call it."""
    image: str
    """The board image's file name in ``images/``."""
    png: bytes
    size: Pixel
    numbering: GridNumbering | None
    zones: tuple[Zone, ...]
    regions: tuple[Region, ...]
    centres: Mapping[str, Pixel]
    """Location label → where a piece there sits, in board pixels."""


def layer_faces(counter: Counter) -> tuple[Face, ...]:
    """The faces a piece's faces layer shows, in level order: its steps, strongest first, or
    its front and back; empty when the piece has one face and no layer (a block's hidden side
    is a mask, not a level)."""
    steps = [face for face in counter.faces if face.id.startswith("step-")]
    if steps:
        return tuple(sorted(steps, key=lambda face: -face.step))
    back = counter.back
    if back is not None and back.id == "back":
        return (counter.front, back)
    return ()


# -- what the module calls maps and places -------------------------------------------------------


def map_names(game: Game) -> dict[str, str]:
    """Map id → a VASSAL map name, unique (a repeated name gets its id in brackets)."""
    seen: dict[str, int] = {}
    for the_map in game.maps:
        seen[the_map.name] = seen.get(the_map.name, 0) + 1
    return {
        m.id: map_name(m.name if seen[m.name] == 1 and m.name.strip() else f"{m.name} [{m.id}]")
        for m in game.maps
    }


def board_names(game: Game, charts: Iterable[str]) -> dict[str, str]:
    """Place id → the VASSAL name of its board: each map's (:func:`map_names`), then each of
    ``charts`` (the charts with places for pieces, in the game's order) by its title, with its
    id in brackets when another board has the name."""
    names = map_names(game)
    taken = set(names.values())
    wanted = set(charts)
    for chart in game.charts:
        if chart.id not in wanted:
            continue
        title = map_name(chart.title)  # a map's name: no TAB, no leading backslash
        name = title if title not in taken else f"{title} [{chart.id}]"
        taken.add(name)
        names[chart.id] = name
    return names


def map_name(text: str) -> str:
    """A text as a VASSAL map's name: :func:`safe_text`, never starting with a backslash.

    VASSAL's BoardPicker starts its saved board choice with the map's name, which VASSAL's
    encoder quotes when it starts with a backslash, and then looks for the unquoted name: such
    a map gets no board in a new game or a save, every piece on it off the board. A space
    before the backslash keeps the name as it reads.
    """
    name = safe_text(text)
    return " " + name if name.startswith("\\") else name


def place_name(location: Location) -> str:
    """What the chat log calls a location: a space's or box's name, a hex's label."""
    if location.kind in ("hex", "square"):
        return location.label
    return safe_text(location.name or location.label)


def unique_place_names(locations: Mapping[str, Location]) -> dict[str, str]:
    """Label → what VASSAL calls the location, one name per place. A box's cells printed with
    the same number as another box's ('0' in every sea area) take their box's name ('Bay of
    Biscay 0'); two boxes printed with the same words (an attacker's and a defender's) get their
    labels in brackets, so the chat log and every rule that reads a location's name can tell
    them apart."""
    names = {label: place_name(location) for label, location in locations.items()}
    names = _cells_by_box(locations, names, _repeated(locations, names))
    repeated = _repeated(locations, names)
    return {
        label: f"{name} [{label}]" if name in repeated else name for label, name in names.items()
    }


def _repeated(locations: Mapping[str, Location], names: Mapping[str, str]) -> set[str]:
    """The names that more than one place (not a hex or square) would carry."""
    seen: dict[str, int] = {}
    for label, name in names.items():
        if locations[label].kind not in ("hex", "square"):
            seen[name] = seen.get(name, 0) + 1
    return {name for name, count in seen.items() if count > 1}


def _cells_by_box(
    locations: Mapping[str, Location], names: Mapping[str, str], repeated: set[str]
) -> dict[str, str]:
    """Names with each repeated cell of a named box called by its box first."""
    by_key = {location.key: location for location in locations.values()}
    renamed = dict(names)
    for label, location in locations.items():
        box = by_key.get(location.parent) if location.parent else None
        if location.kind == "cell" and names[label] in repeated and box and box.name:
            renamed[label] = f"{place_name(box)} {names[label]}"
    return renamed
