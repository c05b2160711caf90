"""The svg and png outputs: every map, counter face and chart, drawn once as SVG.

PNG is rasterised from the very same SVG string. With ``-j N`` the drawing runs in forked worker
processes that inherit the loaded game (the model holds read-only mappings, which do not pickle).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

from toolkit.diagnostics import Diagnostic
from toolkit.errors import DiagnosticsError
from toolkit.load.jsonsource import locate
from toolkit.model import Game
from toolkit.render.charts import chart_svg
from toolkit.render.counters import CounterLayoutError, counter_faces
from toolkit.render.maps import map_svg
from toolkit.render.raster import svg_to_png
from toolkit.targets import BuildOptions, Target, register

Drawing = tuple[str, str]
"""(path without extension under svg/ or png/, e.g. 'maps/west'; SVG text)."""

_GAME: Game | None = None
"""The game being drawn, inherited by forked workers."""
_CACHE: dict[tuple[int, str], list[Drawing]] = {}


def _items(game: Game) -> list[str]:
    """Every drawable thing as 'kind:id', in a stable order."""
    return (
        [f"map:{m.id}" for m in game.maps]
        + [f"counter:{c.id}" for c in game.counters]
        + [f"chart:{c.id}" for c in game.charts]
    )


def draw_item(game: Game, item: str) -> list[Drawing]:
    """The SVG drawings of one item."""
    kind, _, item_id = item.partition(":")
    if kind == "map":
        return [(f"maps/{item_id}", map_svg(game, game.map(item_id)))]
    if kind == "chart":
        return [(f"charts/{item_id}", chart_svg(game, game.chart(item_id)))]
    return [
        (f"counters/{item_id}-{face}", svg)
        for face, svg in counter_faces(game, game.counter(item_id))
    ]


def layout_diagnostic(game: Game, error: CounterLayoutError) -> Diagnostic:
    """A counter that cannot be drawn legibly, reported at its template element's line."""
    origin = game.template(error.template_id).origin
    pointer = origin.pointer + error.pointer
    line, column = locate(origin.file, pointer) if origin.file else (1, 1)
    code = error.code if error.code.startswith("counter.") else f"counter.{error.code}"
    return Diagnostic(code, str(error), origin.file or game.id, line, column, pointer)


def draw_checked(game: Game, item: str) -> list[Drawing] | Diagnostic:
    """The drawings of one item, or the diagnostic that explains why it cannot be drawn."""
    try:
        return draw_item(game, item)
    except CounterLayoutError as error:
        return layout_diagnostic(game, error)


def _draw_in_worker(item: str) -> list[Drawing] | Diagnostic:
    if _GAME is None:  # pragma: no cover - set before the pool forks
        raise RuntimeError("no game to draw")
    return draw_checked(_GAME, item)


def _rasterise_in_worker(job: tuple[str, str, int]) -> tuple[str, bytes]:
    path, svg, dpi = job
    return path, svg_to_png(svg, dpi)


def _parallel(function: Callable, jobs: list, workers: int) -> list:  # type: ignore[type-arg]
    """``map`` in forked processes when asked for and worth it; results in input order."""
    if workers <= 1 or len(jobs) < 2:
        return [function(job) for job in jobs]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(function, jobs, chunksize=max(1, len(jobs) // (workers * 8))))


def drawings(game: Game, options: BuildOptions) -> list[Drawing]:
    """Every SVG drawing of the game, made once per game and shared by the svg and png targets."""
    global _GAME
    key = (id(game), game.id)
    if key not in _CACHE:
        _CACHE.clear()
        _GAME = game
        try:
            results = _parallel(_draw_in_worker, _items(game), options.jobs)
        finally:
            _GAME = None
        problems = [r for r in results if isinstance(r, Diagnostic)]
        if problems:
            raise DiagnosticsError(problems)
        _CACHE[key] = [d for group in results for d in group]
    return _CACHE[key]


class SvgTarget(Target):
    """svg/maps/<map>.svg, svg/counters/<counter>-<face>.svg, svg/charts/<chart>.svg."""

    name = "svg"
    description = "every component as SVG"

    def files(self, game: Game, options: BuildOptions) -> Iterator[tuple[str, bytes]]:
        for path, svg in drawings(game, options):
            yield f"svg/{path}.svg", svg.encode("utf-8")


class PngTarget(Target):
    """png/… at the DPI asked for (game.json print.dpi, or --dpi)."""

    name = "png"
    description = "every component as PNG"

    def files(self, game: Game, options: BuildOptions) -> Iterator[tuple[str, bytes]]:
        dpi = options.dpi or game.print.dpi
        jobs = [(path, svg, dpi) for path, svg in drawings(game, options)]
        for path, png in _parallel(_rasterise_in_worker, jobs, options.jobs):
            yield f"png/{path}.png", png


register(SvgTarget())
register(PngTarget())
