"""The kit output: build/<game>/<game>-kit.pdf, one vector PDF to print at home or at a shop."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.errors import BuildError
from toolkit.kit.book import build_kit
from toolkit.kit.errors import KitError
from toolkit.model import Game
from toolkit.targets import BuildOptions, Target, register


class KitTarget(Target):
    """<game>-kit.pdf: cover, calibration, counter sheets with backs, maps, charts, setups."""

    name = "kit"
    description = "the print-and-play kit (PDF)"

    def files(self, game: Game, options: BuildOptions) -> Iterator[tuple[str, bytes]]:
        try:
            content = build_kit(game, options)
        except KitError as exc:  # the user's to fix: one line, no traceback
            raise BuildError(f"kit for {game.id!r}: {exc}") from exc
        yield f"{game.id}-kit.pdf", content


register(KitTarget())
