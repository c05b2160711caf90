"""How our module lays out what its saves hold: its boards, and the faces of its pieces.

The module writer builds these from the game and its artwork; reading a save or log of our
module back into a position looks them up. They are the one contract between writing our
module and reading it back, so both rooms find them here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.model.counter import Counter, Face
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
