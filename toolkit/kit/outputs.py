"""The kit output: build/<game>/<game>-kit.pdf, one vector PDF to print at home or at a shop."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.artwork import Artwork
from toolkit.errors import BuildError
from toolkit.kit.book import build_kit
from toolkit.kit.errors import KitError
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.workers import Workers


def kit_files(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> Iterator[tuple[str, bytes]]:
    """<game>-kit.pdf: cover, calibration, counter sheets with backs, maps, charts, setups;
    with ``--kit print-shop``, <game>-kit-print-shop.pdf beside it (PDF/X-4, CMYK, die lines)."""
    editions = ["home"] + (["print-shop"] if options.kit == "print-shop" else [])
    for edition in editions:
        try:
            content = build_kit(game, artwork, options, workers, edition)
        except KitError as exc:  # the user's to fix: one line, no traceback
            raise BuildError(f"kit for {game.id!r}: {exc}") from exc
        suffix = "" if edition == "home" else f"-{edition}"
        yield f"{game.id}-kit{suffix}.pdf", content
