"""Every drawing of a kit made ready to place, in the build's workers and through its cache:
drawn directly where it keeps to the renderers' vocabulary, else converted by cairosvg and
imported once, where it was converted.

Maps and charts are converted once each and shown through page windows as shared Form XObjects,
so a map tiled over 30 pages is stored and rendered once; thousands of small drawings (counter
faces, page bodies) go to the workers in batches and come back from the cache in bundles.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence

from toolkit.cache import Cache, pack, unpack
from toolkit.cache import key as cache_key
from toolkit.kit.pdf.convert import svg_resources, svg_to_pdf, use_bundled_fonts
from toolkit.kit.pdf.direct import draw_face
from toolkit.kit.pdf.forms import encode_form
from toolkit.kit.pdf.imported import encode_import, import_page, is_import
from toolkit.kit.pdf.paint import Unsupported
from toolkit.model import Game
from toolkit.workers import Workers

log = logging.getLogger(__name__)


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
    cached like :func:`~toolkit.kit.pdf.convert.convert_all`, and read back in bundles (see
    :func:`bundles`). Drawings go to the workers in batches (see :func:`drawing_batches`); put
    the big ones first, so that they start first."""
    folder = workers.game.folder
    use_bundled_fonts()
    fonts = os.environ.get("FONTCONFIG_FILE", "")
    names = [cache_key("face-pdf", fonts, svg, *svg_resources(svg, folder)) for svg in svgs]
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
