"""The serve loop: build once, then rebuild on every save, and hand each outcome to a listener.

Building is ``toolkit build``'s own :func:`~toolkit.build.build_folder` (with its cache), run in
the calling thread, which is the main one under the command line: Ctrl-C then stops a build
exactly as it stops ``toolkit build``. Saves are gathered by watchfiles (a Rust file watcher):
a burst of saves is one change once the folder has been quiet for a moment, and what is saved
while a build runs is kept for one more build right after it.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PyPdfError
from watchfiles import Change, DefaultFilter, watch

from toolkit.artwork import Artwork
from toolkit.build import FolderBuild, build_folder, selected_targets
from toolkit.cache import Cache
from toolkit.diagnostics import Diagnostic
from toolkit.errors import BuildError, DiagnosticsError
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.serve.page import Json, page_contents, page_diagnostics
from toolkit.serve.state import Listener, Preview, Snapshot
from toolkit.workers import Workers

QUIET_MS = 150
"""A save is built once the game folder has had no other change for this long."""
GATHER_MS = 1500
"""At most this long is spent gathering one burst of changes before building."""
POLL_MS = 200
"""How often the watcher looks up from waiting (for the first build, and for ``stop``)."""


class SourceFilter(DefaultFilter):
    """Changes worth a build: not in the output folder (when it lies inside the game folder),
    not hidden files or folders (which the build does not read either), not editors' swap and
    backup files or version control (watchfiles' own defaults)."""

    def __init__(self, source: Path, out_dir: Path) -> None:
        super().__init__()
        # as given and with links resolved: the watcher may report a path either way
        self.sources = {Path(os.path.abspath(source)), source.resolve()}
        self.outputs = {Path(os.path.abspath(out_dir)), out_dir.resolve()}

    def __call__(self, change: Change, path: str) -> bool:
        changed = Path(os.path.abspath(path))
        if any(changed.is_relative_to(out) for out in self.outputs):
            return False
        for source in self.sources:
            inside = changed.relative_to(source).parts if changed.is_relative_to(source) else ()
            if any(part.startswith(".") for part in inside):
                return False
        return bool(super().__call__(change, path))


def serve_loop(
    source: Path,
    out_dir: Path,
    options: BuildOptions,
    listener: Listener,
    stop: threading.Event | None = None,
    starting: Callable[[int], None] | None = None,
) -> None:
    """Build ``source`` into ``out_dir`` now and after every change to it, calling ``listener``
    with each outcome (and ``starting`` with each build's number as it starts), until ``stop``
    is set (or forever)."""
    previous: Snapshot | None = None
    for number, _ in enumerate(_changes(source, out_dir, stop), start=1):
        if starting is not None:
            starting(number)
        previous = build_once(source, out_dir, options, number, previous)
        listener(previous)


def _changes(source: Path, out_dir: Path, stop: threading.Event | None) -> Iterator[None]:
    """Once at the start, then once per burst of changes. The watcher is running before the
    first build, so a save made during that build is not missed."""
    first = True
    for changes in watch(
        source,
        watch_filter=SourceFilter(source, out_dir),
        debounce=GATHER_MS,
        step=QUIET_MS,
        rust_timeout=POLL_MS,
        yield_on_timeout=True,
        stop_event=stop,
    ):
        if changes or first:
            first = False
            yield None


def build_once(
    source: Path, out_dir: Path, options: BuildOptions, number: int, previous: Snapshot | None
) -> Snapshot:
    """Build once and say how it went; a failed build keeps the previous good preview."""
    started = time.perf_counter()
    last_good = previous.preview if previous is not None else None
    try:
        built = build_folder(source, out_dir, selected_targets(None), options)
    except DiagnosticsError as error:
        return _failed(number, started, error.diagnostics, source, last_good)
    except BuildError as error:
        problem = Diagnostic("build.failed", error.message, str(source), 0, 0)
        return _failed(number, started, [problem], source, last_good)
    warnings = page_diagnostics(built.report.diagnostics, source)
    if built.summary is None:
        return _failed(number, started, built.report.diagnostics, source, last_good)
    if built.game is None and last_good is not None:  # unchanged since the preview was made
        preview = last_good
    else:
        game, artwork = _model(source, built, options)
        preview = make_preview(built.summary.folder, game, artwork)
    seconds = time.perf_counter() - started
    where = built.summary.folder.name
    message = f"built {where}: {built.summary.files} files in {seconds:.1f} s"
    return Snapshot(number, True, message, seconds, warnings, preview)


def _failed(
    number: int,
    started: float,
    diagnostics: list[Diagnostic],
    source: Path,
    last_good: Preview | None,
) -> Snapshot:
    errors = sum(1 for d in diagnostics if d.severity == "error")
    kept = "; the last good outputs are shown" if last_good is not None else ""
    message = f"build failed: {errors} error{'s' * (errors != 1)}{kept}"
    seconds = time.perf_counter() - started
    ordered = sorted(diagnostics, key=lambda d: (d.severity != "error", d.file, d.line, d.column))
    return Snapshot(number, False, message, seconds, page_diagnostics(ordered, source), last_good)


def _model(source: Path, built: FolderBuild, options: BuildOptions) -> tuple[Game, Artwork]:
    """The model and drawings the build made its outputs from; when it had nothing to do (the
    output was already up to date when serving started), loaded and drawn again here, the
    counters read back from the build's cache."""
    summary = built.summary
    if built.game is not None and summary is not None and summary.artwork is not None:
        return built.game, summary.artwork
    loaded = built.game or load_game(source).game
    if loaded is None:  # pragma: no cover - the build loaded these very files a moment ago
        raise BuildError(f"{source}: the sources changed while serving started")
    with Workers(loaded, options.jobs) as workers:
        cache = Cache.open(options.cache) if options.cache is not None else None
        return loaded, draw_artwork(loaded, workers, cache=cache)


def make_preview(folder: Path, game: Game, artwork: Artwork) -> Preview:
    """The page's view of a good build: its lists, with each file named with a version (its
    size and time, which a rebuild keeps for a file it did not change), and whether the kit's
    pages can be shown as pictures (poppler's pdftoppm draws them; else the PDF is linked)."""
    kit = folder / f"{game.id}-kit.pdf"
    pictures = shutil.which("pdftoppm") is not None
    contents = _versioned(page_contents(game, artwork, _page_count(kit), pictures), folder)
    return Preview(folder, game, artwork, contents)


def _page_count(pdf: Path) -> int:
    """How many pages the kit has; 0 when it cannot be read."""
    try:
        return len(PdfReader(pdf).pages)
    except (OSError, PyPdfError, ValueError):
        return 0


def _versioned(contents: Json, folder: Path) -> Json:
    """``contents`` with every file name ("src", the kit's "pdf") given a ``?v=`` version."""

    def walk(value: object) -> object:
        if isinstance(value, dict):
            return {
                k: _version(folder, v) if k in ("src", "pdf") and isinstance(v, str) else walk(v)
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    versioned: Json = {key: walk(value) for key, value in contents.items()}
    return versioned


def _version(folder: Path, relative: str) -> str:
    try:
        stat = (folder / relative).stat()
    except OSError:
        return relative
    return f"{relative}?v={stat.st_mtime_ns:x}-{stat.st_size:x}"
