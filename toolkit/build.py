"""The one writer: load everything, check everything, make every output, then move it into place.

Outputs are written to a temporary folder beside the destination and renamed into place only when
every target succeeded, so a failed build never leaves half-written output behind. An interrupted
build removes its staging folder; one killed outright cannot, so the next build of the same game
into the same folder clears what it left (never while another build is running there).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import secrets
import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.artwork import Artwork
from toolkit.check import setup_diagnostics
from toolkit.diagnostics import Diagnostic
from toolkit.errors import BuildError, DiagnosticsError
from toolkit.interrupts import register, signals_held, undo_on_interrupt, unregister
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


def build_checks(game: Game, jobs: int = 1) -> list[Diagnostic]:
    """Everything :func:`build_game` would stop on before writing a file, as diagnostics:
    setups that break rules they do not waive, and counters that cannot be drawn legibly (a
    text that does not fit, an image that cannot be read). ``toolkit validate`` runs these, so
    a clean validate means the build succeeds."""
    found = list(setup_diagnostics(game))
    with Workers(game, jobs) as workers:
        try:
            draw_artwork(game, workers)
        except ArtworkError as error:
            found += [layout_diagnostic(game, e) for e in error.errors]
    return found


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
    with _claim(out_dir, game.id):
        staging = _new_staging(out_dir, game.id)
        undo = register(lambda: shutil.rmtree(staging, ignore_errors=True))
        try:
            return _build_into(game, staging, final, targets, options)
        finally:
            unregister(undo)
            shutil.rmtree(staging, ignore_errors=True)  # already gone when the build succeeded


def _build_into(
    game: Game, staging: Path, final: Path, targets: Sequence[Target], options: BuildOptions
) -> BuildSummary:
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
        raise
    except Exception as exc:
        raise BuildError(f"building {game.id!r} failed: {exc}") from exc
    return BuildSummary(final, count, total)


@contextlib.contextmanager
def _claim(out_dir: Path, game_id: str) -> Iterator[None]:
    """Hold a shared lock on ``out_dir`` itself (no lock file to leave behind) while building.

    A build that can take the lock exclusively is the only one writing into ``out_dir``: any
    staging or old folder of its game there is a killed build's, and is cleared first.
    """
    descriptor = os.open(out_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pass  # another build is running here: the folders it stages are not stale
        else:
            _clear_killed_builds(out_dir, game_id)
        fcntl.flock(descriptor, fcntl.LOCK_SH)
        yield
    finally:
        os.close(descriptor)


def _clear_killed_builds(out_dir: Path, game_id: str) -> None:
    """Remove what killed builds of ``game_id`` left in ``out_dir``; if one was killed between
    moving the old output aside and moving the new one in, put the old output back first."""
    for staging in out_dir.glob(f".{game_id}.tmp-*"):
        if staging.is_dir() and not staging.is_symlink():
            shutil.rmtree(staging, ignore_errors=True)
    olds = [p for p in out_dir.glob(f".{game_id}.old-*") if p.is_dir() and not p.is_symlink()]
    final = out_dir / game_id
    if olds and not final.exists():
        newest = max(olds, key=lambda p: p.stat().st_mtime)
        newest.rename(final)
        olds.remove(newest)
    for old in olds:
        shutil.rmtree(old, ignore_errors=True)


def _new_staging(out_dir: Path, game_id: str) -> Path:
    """A new empty folder beside the output, made with the user's umask (unlike mkdtemp's
    0700, which the output would keep when it is renamed into place)."""
    while True:
        staging = out_dir / f".{game_id}.tmp-{secrets.token_hex(6)}"
        try:
            staging.mkdir()
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
        return staging


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
    """Swap the staged folder into place; the old output is removed only after the swap.

    An interruption waits for the two renames, so an output is in place whenever it lands.
    """
    old = final.with_name(f".{final.name}.old-{os.getpid()}")
    with signals_held():
        moved = final.exists()
        if moved:
            final.rename(old)
        try:
            staging.rename(final)
        except BaseException:
            if moved:
                old.rename(final)
            raise
    if moved:
        with undo_on_interrupt(lambda: shutil.rmtree(old, ignore_errors=True)):
            shutil.rmtree(old, ignore_errors=True)
