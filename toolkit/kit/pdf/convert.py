"""Drawings the direct path cannot draw (maps, anything outside the renderers' vocabulary),
converted to PDF by cairosvg with the bundled fonts and nothing but the game's own files.

cairosvg takes a quarter of a second to import; it is imported where it is used (converting a
map), so that a build whose maps did not change starts without it.
"""

from __future__ import annotations

import hashlib
import os
import re
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path

from toolkit.cache import Cache
from toolkit.cache import key as cache_key
from toolkit.model import Game
from toolkit.render.fallback import with_fallback_font
from toolkit.render.fonts import FONT_DIR
from toolkit.workers import Workers

EMPTY_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'


# -- fonts ---------------------------------------------------------------------------------------


def use_bundled_fonts() -> None:
    """Point fontconfig at the bundled DejaVu files (plus the system's fonts) for cairo.

    Must run before cairo first loads a font in this process; a FONTCONFIG_FILE the user set is
    respected. The configuration ships beside the fonts and names their folder relative to
    itself, so nothing is written anywhere to use it.
    """
    if not os.environ.get("FONTCONFIG_FILE"):
        os.environ["FONTCONFIG_FILE"] = str(FONT_DIR / "fonts.conf")


# -- SVG → PDF -----------------------------------------------------------------------------------


def game_fetcher(folder: Path | None) -> Callable[[str, str], bytes]:
    """A cairosvg URL fetcher that reads data: URLs and files inside the game folder, nothing else
    (no network, no file outside the sources), like the renderers' own rule."""
    root = folder.resolve() if folder is not None else None

    from cairosvg.url import fetch as cairo_fetch  # type: ignore[import-untyped]

    def fetch(url: str, resource_type: str) -> bytes:
        if url.startswith("data:"):
            content = bytes(cairo_fetch(url, resource_type))
            if content.lstrip().startswith(b"<svg"):  # a counter face drawn by the renderer
                return with_fallback_font(content.decode("utf-8")).encode("utf-8")
            return content
        if root is None:
            return EMPTY_SVG
        parsed = urllib.parse.urlparse(url)
        if parsed.scheme not in ("", "file"):
            return EMPTY_SVG
        path = (root / urllib.parse.unquote(parsed.path)).resolve()
        if not path.is_relative_to(root) or not path.is_file():
            return EMPTY_SVG
        return path.read_bytes()

    return fetch


def svg_to_pdf(svg: str, folder: Path | None = None) -> bytes:
    """One SVG document as a one-page vector PDF, text as embedded font subsets."""
    from cairosvg.surface import PDFSurface  # type: ignore[import-untyped]

    use_bundled_fonts()
    # PDFSurface.convert (not svg2pdf) passes url_fetcher on to the parser
    result = PDFSurface.convert(
        bytestring=with_fallback_font(svg).encode("utf-8"), url_fetcher=game_fetcher(folder)
    )
    return bytes(result)


def _convert(game: Game, svg: str) -> bytes:
    return svg_to_pdf(svg, game.folder)


def convert_all(svgs: Sequence[str], workers: Workers, cache: Cache | None = None) -> list[bytes]:
    """Every SVG converted, in order, by the build's workers; with a ``cache``, only those never
    converted before (the key is the SVG and the bytes of any game file it refers to), and
    identical SVGs once.

    Pages go one at a time (chunksize 1): their costs differ a lot (a map against a setup
    sheet), and handing the next page to whichever worker is free keeps every core busy.
    """
    folder = workers.game.folder
    use_bundled_fonts()
    fonts = os.environ.get("FONTCONFIG_FILE", "")  # a user's own font set changes the text
    names = [cache_key("pdf", fonts, svg, *svg_resources(svg, folder)) for svg in svgs]
    unique = list(dict.fromkeys(names))
    svg_of = dict(zip(names, svgs, strict=True))

    def make(indexes: list[int]) -> list[bytes]:
        return workers.map(_convert, [svg_of[unique[i]] for i in indexes])

    store = cache or Cache(None)
    by_name = dict(zip(unique, store.convert(unique, make), strict=True))
    return [by_name[name] for name in names]


_HREF = re.compile(r"""href\s*=\s*["']([^"'#][^"']*)["']""")


def svg_resources(svg: str, folder: Path | None) -> list[bytes]:
    """Each game file the SVG links to (not data: URLs, which it holds by value), as its path and
    bytes: what the conversion reads besides the SVG, so part of its cache key."""
    found: list[bytes] = []
    for url in sorted(set(_HREF.findall(svg))):
        if url.startswith("data:"):
            continue
        found.append(url.encode("utf-8"))
        fetched = game_fetcher(folder)(url, "image")
        found.append(hashlib.sha256(fetched).digest())
    return found
