"""Kit test helpers: build a kit with stand-in drawings, and read it back with real PDF parsers.

Measurements come from pdfminer's layout objects (the rectangles a viewer would paint), never
from the kit's own layout numbers, so a wrong transform anywhere shows up as a wrong size.
"""

from __future__ import annotations

import atexit
import dataclasses
import hashlib
import io
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest
from pdfminer.high_level import extract_pages
from pdfminer.layout import LTComponent, LTContainer, LTCurve, LTPage
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from tests.conftest import load_fixture
from tests.kit.fakes import face_of_colour, fake_artwork
from toolkit.artwork import Artwork
from toolkit.catalogue import catalogue, languages
from toolkit.kit.book import build_kit
from toolkit.kit.outputs import kit_files
from toolkit.kit.paper import MM
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.workers import Workers

TOLERANCE = 0.1 * MM
"""0.1 mm: far below what a knife or a printer can tell apart."""


@dataclass(frozen=True)
class Box:
    """A painted rectangle as pdfminer sees it, in page coordinates with y down (like the kit)."""

    x: float
    y: float
    width: float
    height: float
    colour: tuple[float, ...] | None


def make_kit(
    game: Game, drawings: Callable[[Game], Artwork] = fake_artwork, **options: object
) -> bytes:
    """The kit of ``game`` built from stand-in drawings."""
    settings = BuildOptions(**options)  # type: ignore[arg-type]
    with Workers(game, settings.jobs) as workers:
        return build_kit(game, drawings(game), settings, workers)


def real_kit(game: Game, **options: object) -> bytes:
    """The kit of ``game`` built from the real renderers' drawings, as ``toolkit build`` does."""
    settings = BuildOptions(**options)  # type: ignore[arg-type]
    with Workers(game, settings.jobs) as workers:
        return build_kit(game, draw_artwork(game, workers), settings, workers)


def with_print(game: Game, **changes: object) -> Game:
    """The game with some print options changed (as if game.json said so)."""
    return dataclasses.replace(game, print=dataclasses.replace(game.print, **changes))


def with_counts(game: Game, **counts: int) -> Game:
    """The game with some counters' ``count`` changed (keyword: counter id with _ for -)."""
    wanted = {key.replace("_", "-"): value for key, value in counts.items()}
    counters = tuple(
        dataclasses.replace(c, count=wanted[c.id]) if c.id in wanted else c for c in game.counters
    )
    return dataclasses.replace(game, counters=counters)


def layout_pages(pdf: bytes) -> list[LTPage]:
    """Every page as pdfminer lays it out."""
    return list(extract_pages(io.BytesIO(pdf)))


def painted_boxes(page: LTPage) -> list[Box]:
    """Every filled rectangle on a page, forms (maps) included, in y-down page coordinates."""
    found: list[Box] = []

    def walk(item: LTComponent) -> None:
        if isinstance(item, LTCurve) and item.fill:
            colour = item.non_stroking_color
            rgb = tuple(float(c) for c in colour) if isinstance(colour, (list, tuple)) else None
            found.append(Box(item.x0, page.height - item.y1, item.width, item.height, rgb))
        if isinstance(item, LTContainer):
            for child in item:
                walk(child)

    walk(page)
    return found


def face_boxes(page: LTPage) -> list[tuple[int, str, Box]]:
    """(counter index, face, box) of every stand-in face drawing on a page."""
    out = []
    for box in painted_boxes(page):
        if box.colour is not None and len(box.colour) == 3:
            face = face_of_colour(box.colour)  # type: ignore[arg-type]
            if face is not None:
                out.append((face[0], face[1], box))
    return out


def page_texts(pdf: bytes) -> list[str]:
    """The text of every page (pypdf's extraction)."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def sheet_pairs(pdf: bytes) -> list[tuple[int, int]]:
    """(fronts page index, backs page index) of every counter sheet, found by header text."""
    texts = page_texts(pdf)
    marks = []  # (section, fronts) as each language's header words them
    for language in languages():
        words = catalogue(language)
        section = words["kit.section.counters"].split("{")[0].strip()
        marks.append((section, words["kit.sheets.fronts"].split("}")[-1].strip(" ,")))
    fronts = [
        i
        for i, t in enumerate(texts)
        if any(front in t and section in t for section, front in marks)
    ]
    return [(i, i + 1) for i in fronts]


@pytest.fixture(scope="module")
def hex_game() -> Game:
    """minimal-hex, loaded once per module."""
    return load_fixture("minimal-hex")


@pytest.fixture(scope="module")
def hex_kit(hex_game: Game) -> bytes:
    """minimal-hex's kit on its own settings (Letter, long edge)."""
    return make_kit(hex_game)


@pytest.fixture(scope="module")
def hex_layout(hex_kit: bytes) -> list[LTPage]:
    """minimal-hex's kit as pdfminer reads it."""
    return layout_pages(hex_kit)


big_map_drawings = partial(fake_artwork, map_size=(2000.0, 1500.0), chart_size=(1400.0, 1000.0))
"""Drawings with a map that needs many tiles and a chart too big to shrink to one page."""


def embedded_fonts(reader: PdfReader) -> list[DictionaryObject]:
    """Every font resource of a PDF, including those inside form XObjects (maps, charts)."""
    fonts: list[DictionaryObject] = []

    def collect(resources: DictionaryObject) -> None:
        for font in resources.get("/Font", DictionaryObject()).get_object().values():
            fonts.append(font.get_object())
        for xobject in resources.get("/XObject", DictionaryObject()).get_object().values():
            inner = xobject.get_object().get("/Resources")
            if inner is not None:
                collect(inner.get_object())

    for page in reader.pages:
        collect(page["/Resources"].get_object())
    return fonts


_SHARED_KITS: dict[tuple[str, str], bytes] = {}
_CACHE: list[str] = []


def _session_cache() -> str:
    """A conversion cache for this session's real kits, removed at exit: a game's print-shop
    edition reuses what its home kit converted (its maps above all) instead of converting all
    again."""
    if not _CACHE:
        _CACHE.append(tempfile.mkdtemp(prefix="kit-cache-"))
        atexit.register(shutil.rmtree, _CACHE[0], True)
    return _CACHE[0]


def _real_editions(game: Game) -> dict[str, bytes]:
    """Both editions of ``game``'s kit from the real renderers' drawings at ``-j 2``, made by one
    build as ``toolkit build --kit print-shop`` makes them: drawn once, converted once."""
    settings = BuildOptions(jobs=2, kit="print-shop", cache=Path(_session_cache()))
    with Workers(game, settings.jobs) as workers:
        files = dict(kit_files(game, draw_artwork(game, workers), settings, workers))
    return {
        "real": files[f"{game.id}-kit.pdf"],
        "print-shop": files[f"{game.id}-kit-print-shop.pdf"],
    }


def shared_kit(game: Game, real: bool = False, edition: str = "home") -> bytes:
    """:func:`make_kit` (or with ``real``, :func:`real_kit` at ``-j 2``) of ``game`` on its own
    settings, built once per session for the tests that only read a game's kit (its pages'
    text, its sheets' register): a real game's kit takes seconds. A real kit's build makes the
    print-shop ``edition`` beside it (as ``--kit print-shop`` does), so asking for both costs
    one build. Tests of how a kit is built (byte identity, options, the environment) build
    their own."""
    digest = hashlib.sha256(repr(game).encode()).hexdigest()
    kind = "print-shop" if edition == "print-shop" else "real" if real else "fake"
    if (digest, kind) not in _SHARED_KITS:
        if kind == "fake":
            _SHARED_KITS[digest, kind] = make_kit(game)
        else:
            for made, pdf in _real_editions(game).items():
                _SHARED_KITS[digest, made] = pdf
    return _SHARED_KITS[digest, kind]
