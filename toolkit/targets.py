"""The outputs a build can make, in one plain list.

Each output is a function from the game and its artwork (drawn once, before any output runs) to
files, as (path relative to build/<game>/, bytes); none writes: ``build.py`` does every write.
Adding an output is one line in :data:`TARGETS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from toolkit.artwork import Artwork
from toolkit.kit.outputs import kit_files
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.outputs import png_files, svg_files
from toolkit.vassal.write.module import module_files
from toolkit.workers import Workers

Files = Callable[[Game, Artwork, BuildOptions, Workers], Iterator[tuple[str, bytes]]]
"""(game, artwork, options, workers) → the files of one output."""


@dataclass(frozen=True)
class Target:
    """One kind of output."""

    name: str
    """What ``--only`` calls it."""
    description: str
    files: Files
    pixels: bool = False
    """Whether it needs the artwork rasterised (at the build's resolution) before it runs."""
    assembled: bool = False
    """Whether its files are assembled from the whole game (kit, module): the build keeps them
    in its cache, keyed by the game's sources and options, rather than making them again."""


TARGETS: tuple[Target, ...] = (
    Target("svg", "every component as SVG", svg_files),
    Target("png", "every component as PNG", png_files, pixels=True),
    Target("kit", "the print-and-play kit (PDF)", kit_files, assembled=True),
    Target(
        "vmod", "the VASSAL module and its scenarios", module_files, pixels=True, assembled=True
    ),
)
"""Every output, in build order."""


def target_names() -> list[str]:
    """The names ``--only`` accepts."""
    return [t.name for t in TARGETS]
