"""The one writer: load everything, check everything, make every output, then move it into place.

Outputs are written to a temporary folder beside the destination and renamed into place only when
every target succeeded, so a failed build never leaves half-written output behind.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.artwork import Artwork
from toolkit.check import setup_diagnostics
from toolkit.diagnostics import Diagnostic
from toolkit.errors import BuildError, DiagnosticsError
from toolkit.load.jsonsource import locate
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import ArtworkError, draw_artwork, rasterise
from toolkit.render.counters import CounterLayoutError
from toolkit.targets import TARGETS, Target
from toolkit.workers import Workers


@dataclass(frozen=True)
class BuildSummary:
    """What a build wrote."""

    folder: Path
    files: int
    bytes: int


def selected_targets(only: Sequence[str] | None) -> list[Target]:
    """The targets to run, in registry order."""
    if not only:
        return list(TARGETS)
    return [t for t in TARGETS if t.name in only]


def build_game(
    game: Game, out_dir: Path, targets: Sequence[Target], options: BuildOptions
) -> BuildSummary:
    """Draw the game's artwork once, make every output of ``targets`` from it, and move
    build/<game>/ into place at once.

    :raises DiagnosticsError: a setup breaks a rule it does not waive (located at its
        placement), or a counter cannot be drawn legibly (located at its template).
    :raises BuildError: a target failed; the previous output (if any) is left untouched.
    """
    broken = setup_diagnostics(game)
    if broken:
        raise DiagnosticsError(broken)
    out_dir.mkdir(parents=True, exist_ok=True)
    final = out_dir / game.id
    staging = Path(tempfile.mkdtemp(prefix=f".{game.id}.tmp-", dir=out_dir))
    count = total = 0
    try:
        with Workers(game, options.jobs) as workers:
            artwork = _artwork(game, workers)
            if any(target.pixels for target in targets):
                artwork = rasterise(artwork, options.dpi or game.print.dpi, workers)
            for target in targets:
                for relative, content in target.files(game, artwork, options, workers):
                    path = _inside(staging, relative)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(content)
                    count, total = count + 1, total + len(content)
        _replace(staging, final)
    except BuildError:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    except Exception as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"building {game.id!r} failed: {exc}") from exc
    return BuildSummary(final, count, total)


def _artwork(game: Game, workers: Workers) -> Artwork:
    """The drawings every output shares; counters that cannot be drawn become diagnostics."""
    try:
        return draw_artwork(game, workers)
    except ArtworkError as error:
        raise DiagnosticsError([layout_diagnostic(game, e) for e in error.errors]) from None


def layout_diagnostic(game: Game, error: CounterLayoutError) -> Diagnostic:
    """A counter that cannot be drawn legibly, reported at its template element's line."""
    origin = game.template(error.template_id).origin
    pointer = origin.pointer + error.pointer
    line, column = locate(origin.file, pointer) if origin.file else (1, 1)
    code = error.code if error.code.startswith("counter.") else f"counter.{error.code}"
    return Diagnostic(code, str(error), origin.file or game.id, line, column, pointer)


def _inside(root: Path, relative: str) -> Path:
    """``root/relative``, refusing anything that would land outside ``root``."""
    path = (root / relative).resolve()
    if not path.is_relative_to(root.resolve()):
        raise BuildError(f"refusing to write {relative!r} outside the build folder")
    return path


def _replace(staging: Path, final: Path) -> None:
    """Swap the staged folder into place; the old output is removed only after the swap."""
    old = None
    if final.exists():
        old = final.with_name(f".{final.name}.old-{os.getpid()}")
        final.rename(old)
    staging.rename(final)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
