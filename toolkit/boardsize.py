"""Map images too large for VASSAL: boards whose pixels at the module's resolution would make
VASSAL run out of memory when it opens the module.

What VASSAL does with a board image, read in its source (3.6.0 to 3.7.26):

- Before a module opens, a separate process cuts every image larger than one 256 × 256 tile
  into tiles at 1:1, 1:2, 1:4… (``VASSAL.launch.TilingHandler``, which runs
  ``VASSAL.tools.image.tilecache.ZipFileImageTiler``). That process decodes the whole image
  into one ``BufferedImage`` of ``TYPE_INT_RGB`` or ``TYPE_INT_ARGB_PRE``: 4 bytes a pixel
  (``tilecache.FileArchiveImageTiler.run``).
- It starts the process with a heap of 1.66 × the largest image's decoded megabytes + 150 MB,
  a rule its comment says was "determined empirically" (``TilingHandler.sliceTiles``), capped
  by the tiler's heap limit (a preference, 3/4 of the machine's memory by default:
  ``ModuleManager.tilerHeapSetup``). From 3.7 it retries with 50 % more up to that limit, then
  gives up with "ran out of memory", and the module does not open.
- The player itself runs with a maximum heap of 1024 MB from 3.7, 512 MB in 3.6, unless the
  user raises it (``VASSAL.launch.AbstractLaunchAction.DEFAULT_MAXIMUM_HEAP``).
- Hard limits: up to 3.7.5 the tiler's heap is computed in an ``int`` that overflows past
  2^29 pixels (``TilingHandler.sliceTiles``); no version can hold more than 2^31 − 1 pixels in
  one image (its pixels are one Java array, and ``TilingHandler.findImages`` counts them in an
  ``int``); from 3.7.21 ``VASSAL.tools.imageop.ScaleOpBitmapImpl.fixSize`` refuses a scaled
  image that large.

So a board fits when the heap VASSAL would ask to tile it is within the heap VASSAL 3.7 gives
a module by default (:data:`HEAP_BUDGET_MB`): about 138 million pixels, a 78 × 78 in map at
150 dpi or a 39 × 39 in one at 300 dpi. The finding is a warning (an error under
``--strict``), at the map's file, with the resolution at which the map would fit.
"""

from __future__ import annotations

import json
import math

from toolkit.artwork import Artwork
from toolkit.diagnostics import Diagnostic
from toolkit.load.jsonsource import locate
from toolkit.load.loader import shown_path
from toolkit.model import Game
from toolkit.vassal.write.boards import pixel_size

CODE = "map.vassal-pixels"

DECODED_BYTES_PER_PIXEL = 4
"""VASSAL decodes a board into one int per pixel (``FileArchiveImageTiler.run``)."""
TILER_HEAP_FACTOR = 1.66
"""The tiler's heap per decoded megabyte (``TilingHandler.sliceTiles``)."""
TILER_HEAP_BASE_MB = 150
"""The tiler's heap before any image (``TilingHandler.sliceTiles``)."""
HEAP_BUDGET_MB = 1024
"""The heap a board's tiling may ask for: the maximum heap VASSAL 3.7 gives a module unless the
player raises it (``AbstractLaunchAction.DEFAULT_MAXIMUM_HEAP``). The tiler's own limit depends
on the player's machine (3/4 of its memory), so a module cannot know it; this is the memory
VASSAL itself deems a module needs, and what a machine of 1.4 GB gives the tiler. (3.6's
default was 512 MB; held to it, a 22 × 34 in map would not fit at 300 dpi, which the tiler
of 3.6 cuts on any machine of 1 GB.)"""
MAX_PIXELS = 2**31 - 1
"""The most pixels one Java image can hold (its pixels are one array with an ``int`` index);
VASSAL 3.7.21+ refuses a larger scaled image (``ScaleOpBitmapImpl.fixSize``)."""
MIN_DPI = 36
"""The least resolution a build takes (``--dpi``, "print" "dpi" in game.json)."""


def tiler_heap_mb(pixels: int) -> int:
    """The heap, in megabytes, VASSAL starts its tiler with for an image of ``pixels`` pixels,
    computed as ``TilingHandler.sliceTiles`` does (whole decoded megabytes, then truncated)."""
    decoded_mb = (DECODED_BYTES_PER_PIXEL * pixels) >> 20
    return int(TILER_HEAP_FACTOR * decoded_mb + TILER_HEAP_BASE_MB)


def board_fits(width: float, height: float, dpi: int) -> bool:
    """True when a drawing of ``width`` × ``height`` points, rasterised at ``dpi``, is a board
    VASSAL tiles within :data:`HEAP_BUDGET_MB`."""
    columns, rows = pixel_size(width, height, dpi)
    return tiler_heap_mb(columns * rows) <= HEAP_BUDGET_MB


def fitting_dpi(width: float, height: float, dpi: int) -> int | None:
    """The highest resolution below ``dpi`` at which the drawing fits, or None when even
    :data:`MIN_DPI` is too much."""
    columns, rows = pixel_size(width, height, dpi)
    budget_pixels = ((HEAP_BUDGET_MB - TILER_HEAP_BASE_MB) / TILER_HEAP_FACTOR + 1) * 2**20 / 4
    # pixels grow as dpi squared: start just above the estimate, step down past rounding
    candidate = min(dpi - 1, math.ceil(dpi * math.sqrt(budget_pixels / (columns * rows))) + 1)
    while candidate >= MIN_DPI:
        if board_fits(width, height, candidate):
            return candidate
        candidate -= 1
    return None


def oversized_boards(game: Game, artwork: Artwork, dpi: int) -> list[Diagnostic]:
    """A warning per map whose board image at ``dpi`` (the module's resolution) is too large
    for VASSAL to tile in its default memory, at the map's file."""
    found = []
    for map_id, art in artwork.maps.items():
        width, height = art.drawing.width, art.drawing.height
        if board_fits(width, height, dpi):
            continue
        columns, rows = pixel_size(width, height, dpi)
        file = _map_file(game, map_id)
        line, column = locate(file, "") if file else (1, 1)
        beyond = ", more than Java can hold in one image" if columns * rows > MAX_PIXELS else ""
        message = (
            f"map {map_id!r} is a {columns} × {rows} px board at {dpi} dpi "
            f"({columns * rows / 1e6:.0f} million pixels{beyond}): VASSAL would need about "
            f"{tiler_heap_mb(columns * rows) / 1024:.1f} GB of memory to cut it into tiles, "
            f"more than the {HEAP_BUDGET_MB / 1024:g} GB it runs a module with by default, and "
            f"the module may not open: {_remedy(width, height, dpi)}"
        )
        found.append(Diagnostic(CODE, message, file or game.id, line, column, "", "warning"))
    return found


def _remedy(width: float, height: float, dpi: int) -> str:
    """What to do: the resolution at which the map fits, and splitting it."""
    fitting = fitting_dpi(width, height, dpi)
    if fitting is None:
        return f"split it into smaller maps (even at {MIN_DPI} dpi it is too large)"
    return (
        f'build the module at {fitting} dpi or less (toolkit build --dpi {fitting}, or "dpi": '
        f'{fitting} in game.json\'s "print"), or split it into smaller maps'
    )


def _map_file(game: Game, map_id: str) -> str:
    """The file of the map ``map_id``, as diagnostics name it ("" when none declares it)."""
    for relative, raw in game.sources.items():
        if relative in game.counter_sources or not relative.endswith(".json"):
            continue
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(data, dict) and data.get("kind") == "map" and data.get("id") == map_id:
            return shown_path(game.folder / relative)
    return ""
