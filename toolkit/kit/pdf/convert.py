"""SVG drawings to one deterministic vector PDF: each drawn directly or converted by cairosvg
(in the workers, cached), then assembled by our own writer.

cairosvg and pypdf take a quarter of a second to import; they are imported where they are used
(converting a map), so that a build whose maps did not change starts without them.

Maps and charts are converted once each and shown through page windows as shared Form XObjects
(``q <clip> W n <cm> /KitArtN Do Q``), so a map tiled over 30 pages is stored and rendered once.
The file depends only on its inputs: fixed metadata, dates only from SOURCE_DATE_EPOCH, no /ID.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.cache import Cache, pack, unpack
from toolkit.cache import key as cache_key
from toolkit.kit.layout import PagePlan
from toolkit.kit.pdf.direct import draw_face, encode_form
from toolkit.kit.pdf.fontfiles import FONT_FILES
from toolkit.kit.pdf.fonts import FontSource, FontSubset, decode_subset, encode_subset, make_subset
from toolkit.kit.pdf.imported import encode_import, import_page, is_import
from toolkit.kit.pdf.paint import Unsupported
from toolkit.model import Game
from toolkit.render.fallback import with_fallback_font
from toolkit.render.fonts import FONT_DIR
from toolkit.workers import Workers

log = logging.getLogger(__name__)


EMPTY_SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'


# -- fonts ---------------------------------------------------------------------------------------


def use_bundled_fonts() -> None:
    """Point fontconfig at the bundled DejaVu files (plus the system's fonts) for cairo.

    Must run before cairo first loads a font in this process; a FONTCONFIG_FILE the user set is
    respected. The generated file is named by its content, so concurrent builds agree on it.
    """
    if os.environ.get("FONTCONFIG_FILE"):
        return
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <dir>{FONT_DIR}</dir>\n</fontconfig>\n"
    )
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"toolkit-fonts-{digest}.conf"
    if not path.exists():
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)
        except OSError:  # no writable temp dir: the system's fonts (often DejaVu too) must do
            return
    os.environ["FONTCONFIG_FILE"] = str(path)


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
    names = [cache_key("pdf", fonts, svg, *_resources(svg, folder)) for svg in svgs]
    unique = list(dict.fromkeys(names))
    svg_of = dict(zip(names, svgs, strict=True))

    def make(indexes: list[int]) -> list[bytes]:
        return workers.map(_convert, [svg_of[unique[i]] for i in indexes])

    store = cache or Cache(None)
    by_name = dict(zip(unique, store.convert(unique, make), strict=True))
    return [by_name[name] for name in names]


def _face(game: Game, svg: str) -> bytes:
    try:
        return encode_form(draw_face(svg))
    except Unsupported as reason:
        log.debug("drawing converted by cairosvg: %s", reason)
        return encode_import(import_page(svg_to_pdf(svg, game.folder)))


BATCH = 64
"""Drawings sent to a worker at once: most take well under a millisecond to draw."""
BIG = 200_000
"""An SVG this long (a map) goes to a worker alone, so the others are not kept waiting."""


def drawing_batches(svgs: Sequence[str]) -> list[list[str]]:
    """``svgs`` cut, in order, into runs of up to :data:`BATCH`, each big one a run by itself."""
    batches: list[list[str]] = []
    run: list[str] = []
    for svg in svgs:
        if len(svg) >= BIG or len(run) == BATCH:
            if run:
                batches.append(run)
            run = []
        if len(svg) >= BIG:
            batches.append([svg])
        else:
            run.append(svg)
    if run:
        batches.append(run)
    return batches


def _draw_batch(game: Game, svgs: list[str]) -> list[bytes]:
    return [_face(game, svg) for svg in svgs]


def convert_direct(
    svgs: Sequence[str], workers: Workers, cache: Cache | None = None
) -> list[bytes]:
    """Every drawing (counter faces, page bodies, charts, maps) ready for the kit, in order:
    drawn directly (``direct.encode_form``) where it keeps to the renderers' vocabulary, else
    converted by cairosvg and imported (``imported.encode_import``), both in the workers;
    cached like :func:`convert_all`, and read back in bundles (see :func:`bundles`). Drawings
    go to the workers in batches (see :func:`drawing_batches`); put the big ones first, so
    that they start first."""
    folder = workers.game.folder
    use_bundled_fonts()
    fonts = os.environ.get("FONTCONFIG_FILE", "")
    names = [cache_key("face-pdf", fonts, svg, *_resources(svg, folder)) for svg in svgs]
    svg_of = dict(zip(names, svgs, strict=True))
    store = cache or Cache(None)
    small = sorted({name for name, svg in svg_of.items() if len(svg) < BIG})
    by_name: dict[str, bytes] = {}
    unread: list[tuple[str, list[str]]] = []
    for group in bundles(small):
        bundle = cache_key("face-pdf-bundle", *group)
        found = _read_bundle(store.get(bundle), group)
        if found is None:
            unread.append((bundle, group))
        else:
            by_name.update(zip(group, found, strict=True))
    wanted = [name for name in dict.fromkeys(names) if name not in by_name]

    def make(indexes: list[int]) -> list[bytes]:
        batches = drawing_batches([svg_of[wanted[i]] for i in indexes])
        return [entry for done in workers.map(_draw_batch, batches) for entry in done]

    by_name.update(zip(wanted, store.convert(wanted, make), strict=True))
    for bundle, group in unread:
        store.put(bundle, pack([(name, by_name[name]) for name in group]))
    fell_back = sum(is_import(data) for data in by_name.values())
    log.debug("%d of %d distinct drawings converted by cairosvg", fell_back, len(by_name))
    return [by_name[name] for name in names]


BUNDLE_BITS = 6
"""A bundle ends after a name whose hash ends in this many zero bits: 64 drawings on average."""


def bundles(names: Sequence[str]) -> list[list[str]]:
    """Sorted cache names cut into runs that end where a name says so, not at fixed counts: a
    kit's drawings are read back in some 60 files rather than 4000, and an edit that adds or
    removes a drawing changes only the one or two runs it falls in (the others keep their
    names, so they are read back whole)."""
    runs: list[list[str]] = []
    run: list[str] = []
    mask = (1 << BUNDLE_BITS) - 1
    for name in names:
        run.append(name)
        if int(name[-8:], 16) & mask == 0:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    return runs


def _read_bundle(entry: bytes | None, group: list[str]) -> list[bytes] | None:
    """The drawings of a bundle entry, when it holds exactly ``group``'s."""
    if entry is None:
        return None
    try:
        parts = unpack(entry)
    except ValueError:
        return None
    if [name for name, _data in parts] != group:
        return None
    return [data for _name, data in parts]


_HREF = re.compile(r"""href\s*=\s*["']([^"'#][^"']*)["']""")


def _resources(svg: str, folder: Path | None) -> list[bytes]:
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


# -- assembly ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArtPdf:
    """A shared drawing converted to PDF, and the size the page plans expect it to have."""

    pdf: bytes
    """A drawing as :func:`convert_direct` gives it, or a one-page PDF."""
    width: float
    height: float


def assemble(
    pages: Sequence[tuple[PagePlan, bytes]],
    art: dict[str, ArtPdf],
    metadata: dict[str, str],
    cache: Cache | None = None,
) -> bytes:
    """The kit as one PDF: each converted page, with its shared drawings and its page boxes;
    with a ``cache``, font subsets made before are taken from it."""
    from toolkit.kit.pdf.assembly import assemble_pages

    return assemble_pages(pages, art, metadata, cached_subsets(cache or Cache(None)))


def cached_subsets(cache: Cache) -> FontSource:
    """:func:`fonts.make_subset` through the build cache: after an edit that adds no new
    character, every subset is the one the last build made (fontTools is not even loaded)."""

    def subset(index: int, gids: frozenset[int]) -> FontSubset:
        ids = ",".join(str(g) for g in sorted(gids))
        name = cache_key("font-subset", FONT_FILES[index], ids)
        entry = cache.get(name)
        if entry is not None:
            with contextlib.suppress(ValueError):
                return decode_subset(entry)
        made = make_subset(index, gids)
        cache.put(name, encode_subset(made))
        return made

    return subset


def metadata(title: str, subject: str = "") -> dict[str, str]:
    """Fixed document information; dates only when SOURCE_DATE_EPOCH pins them."""
    info = {"/Title": title, "/Producer": "toolkit", "/Creator": "toolkit"}
    if subject:
        info["/Subject"] = subject
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        stamp = time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(int(epoch)))
        info["/CreationDate"] = stamp
        info["/ModDate"] = stamp
    return info
