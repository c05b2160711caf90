"""Outputs as small classes: each turns a Game into files (relative path → bytes); none writes.

Add an output by writing one Target and listing it in TARGETS; ``build.py`` does every write.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.model import Game


@dataclass(frozen=True)
class BuildOptions:
    """Options shared by every target (command-line flags override game.json's defaults)."""

    dpi: int | None = None
    jobs: int = 1
    paper: str | None = None
    duplex: str | None = None
    maps: str | None = None
    back_offset: tuple[float, float] | None = None
    """The printer's measured back offset (x, y) in points, overriding game.json."""


class Target:
    """One kind of output."""

    name: str = ""
    """What ``--only`` calls it."""
    description: str = ""

    def files(self, game: Game, options: BuildOptions) -> Iterator[tuple[str, bytes]]:
        """The files this target makes, as (path relative to build/<game>/, content)."""
        raise NotImplementedError


TARGETS: list[Target] = []
"""Every available target, in build order."""


def register(target: Target) -> Target:
    """Add a target to the registry (targets call this at import)."""
    TARGETS.append(target)
    return target


def target_names() -> list[str]:
    """The names ``--only`` accepts."""
    return [t.name for t in TARGETS]
