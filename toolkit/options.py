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
    kit: str = "home"
    """Which kit editions to make: 'home' (the print-and-play kit), or 'print-shop' (the home
    kit and, beside it, the PDF/X edition a printer accepts: :mod:`toolkit.kit.pdf.pdfx`)."""
    die_lines: bool = False
    """Print the pieces' die lines in the home kit too (the print-shop edition always has them)."""
    ink_limit: int = 300
    """The print-shop edition's total ink limit, in percent (the sum of C, M, Y and K)."""
    cache: Path | None = None
    """The content-addressed cache folder (``build/.cache``); None builds everything afresh."""
    force: bool = False
    """Replace an output folder or cache that is not the toolkit's, or write inside the source
    folder (``--force``); never a source folder itself (:mod:`toolkit.ownership`)."""
