"""The outputs a build can make, in one plain list.

Each output is a function from the game and its artwork (drawn once, before any output runs) to
files, as (path relative to build/<game>/, bytes); none writes: ``build.py`` does every write.
Adding an output is one line in :data:`TARGETS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from toolkit.artwork import Artwork
from toolkit.catalogue import words
from toolkit.kit.outputs import kit_files
from toolkit.kit.summary import summary_html
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.outputs import png_files, svg_files
from toolkit.vassal.write.buildfile import HelpDocument
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


def module_documents(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> tuple[HelpDocument, ...]:
    """What the module's Help menu opens: the rules summary, in VASSAL's own help window, and
    the whole print-and-play kit, in the player's PDF viewer.

    The kit goes in whole: it is the game's own printed reference (charts, setups, the rules
    summary) and adds about a tenth to a module (0.3-1.1 MB of PDF beside 2-8 MB of board and
    counter images: 6-12 % in the five example games), where a link could not follow a module
    that is copied or shared. With the build's cache (the default) the kit's pages are converted
    once, and the module's copy is bound from them in a fraction of a second; with
    ``--no-cache`` the kit is made twice.
    """
    home = replace(options, kit="home")  # the print-shop edition is for a printer, not players
    kit = dict(kit_files(game, artwork, home, workers))
    say = words(game.language)
    return (
        HelpDocument(say("rules.summary.title"), "help/rules-summary.html", summary_html(game)),
        *(
            HelpDocument(say("module.help.kit"), f"help/{name}", content)
            for name, content in kit.items()
        ),
    )


def vmod_files(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> Iterator[tuple[str, bytes]]:
    """The module and its scenarios, its Help menu opening :func:`module_documents`."""
    documents = module_documents(game, artwork, options, workers)
    return module_files(game, artwork, options, workers, documents)


TARGETS: tuple[Target, ...] = (
    Target("svg", "every component as SVG", svg_files),
    Target("png", "every component as PNG", png_files, pixels=True),
    Target("kit", "the print-and-play kit (PDF)", kit_files, assembled=True),
    Target("vmod", "the VASSAL module and its scenarios", vmod_files, pixels=True, assembled=True),
)
"""Every output, in build order."""


def target_names() -> list[str]:
    """The names ``--only`` accepts."""
    return [t.name for t in TARGETS]
