"""What a build is asked for beyond the sources: the command line's options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BuildOptions:
    """Options shared by every output (command-line flags override game.json's defaults)."""

    dpi: int | None = None
    jobs: int = 1
    paper: str | None = None
    duplex: str | None = None
    maps: str | None = None
    back_offset: tuple[float, float] | None = None
    """The printer's measured back offset (x, y) in points, overriding game.json."""
    cache: Path | None = None
    """The content-addressed cache folder (``build/.cache``); None builds everything afresh."""
    force: bool = False
    """Replace an output folder or cache that is not the toolkit's, or write inside the source
    folder (``--force``); never a source folder itself (:mod:`toolkit.ownership`)."""
