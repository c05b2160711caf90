"""The one writer: load everything, check everything, make every output, then put it in place.

Outputs are staged beside the destination and put in place (``delivery``) only when every
target succeeded, so a failed build never leaves half-written output behind. An interrupted
build removes its staging folder; one killed outright cannot, so the next build of the same game
into the same folder clears (or finishes) what it left, never while another build runs there.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.artwork import Artwork
from toolkit.boardsize import oversized_boards
from toolkit.cache import Cache, key, pack, unpack
from toolkit.check import setup_diagnostics
from toolkit.delivery import Delivery, claim, discard, listing, new_staging
from toolkit.diagnostics import Diagnostic, Report
from toolkit.errors import BuildError, DiagnosticsError
from toolkit.interrupts import register, unregister
from toolkit.kit.pdf import use_bundled_fonts
from toolkit.legibility import small_text
from toolkit.load import load_game
from toolkit.load.jsonsource import locate
from toolkit.load.loader import game_id_of
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.ownership import (
    MARK,
    check_apart,
    check_cache_folder,
    check_folder_to_write,
    check_output_folder,
    foreign_cache,
    mark,
)
from toolkit.render.artwork import ArtworkError, LayoutError, draw_artwork, rasterise
from toolkit.render.cards import CardLayoutError
from toolkit.targets import TARGETS, Target
from toolkit.workers import Workers


@dataclass(frozen=True)
class BuildSummary:
    """What a build wrote."""

    folder: Path
    files: int
    bytes: int
    artwork: Artwork | None = field(default=None, repr=False, compare=False)
    """The drawings the outputs were made from (None when nothing was drawn: unchanged)."""
    listing: list[list[object]] | None = field(default=None, repr=False, compare=False)
    """Every file written, as :func:`~toolkit.delivery.listing` gives it, when known."""
    warnings: list[Diagnostic] = field(default_factory=list, compare=False)
    """What drawing found that does not stop a build (text too small to print, a map too large
    for VASSAL)."""


def selected_targets(only: Sequence[str] | None) -> list[Target]:
    """The targets to run, in registry order."""
    if not only:
        return list(TARGETS)
    return [t for t in TARGETS if t.name in only]


def build_checks(game: Game, jobs: int = 1) -> list[Diagnostic]:
    """Everything :func:`build_game` would stop on before writing a file, as diagnostics:
    setups that break rules they do not waive, and counters that cannot be drawn legibly (a
    text that does not fit, an image that cannot be read); and the warnings drawing finds (text
    too small to print, maps too large for VASSAL at the game's resolution). ``toolkit
    validate`` runs these, so a clean validate means the build succeeds."""
    found = list(setup_diagnostics(game))
    with Workers(game, jobs) as workers:
        try:
            artwork = draw_artwork(game, workers)
        except ArtworkError as error:
            found += [layout_diagnostic(game, e) for e in error.errors]
        else:
            found += small_text(game, artwork)
            found += oversized_boards(game, artwork, game.print.dpi)
    return found


def build_game(
    game: Game, out_dir: Path, targets: Sequence[Target], options: BuildOptions
) -> BuildSummary:
    """Draw the game's artwork once, make every output of ``targets`` from it, and move
    build/<game>/ into place at once.

    :raises DiagnosticsError: a setup breaks a rule it does not waive (located at its
        placement), or a counter cannot be drawn legibly (located at its template).
    :raises BuildError: a target failed; the previous output (if any) is left untouched.
    :raises OutputRefused: ``out_dir/<game>`` is, holds or lies in the game folder, or is not
        the toolkit's (see :mod:`toolkit.ownership`); nothing was written.
    """
    final = out_dir / game.id
    check_folder_to_write(out_dir)
    check_apart(final, [game.folder], options.force)
    check_output_folder(final, legacy_names(game.id), options.force)
    broken = setup_diagnostics(game)
    if broken:
        raise DiagnosticsError(broken)
    out_dir.mkdir(parents=True, exist_ok=True)
    with claim(out_dir, game.id):
        staging = new_staging(out_dir, game.id)
        undo = register(lambda: discard(staging))
        try:
            return _build_into(game, staging, final, targets, options)
        finally:
            unregister(undo)
            discard(staging)  # already gone when the build succeeded


def _build_into(
    game: Game, staging: Path, final: Path, targets: Sequence[Target], options: BuildOptions
) -> BuildSummary:
    count = total = 0
    try:
        cache = Cache.open(options.cache)
        with Delivery(staging, final) as delivery:
            with Workers(game, options.jobs, apart=True) as workers:
                artwork = _artwork(game, workers, cache)
                warnings = _legibility(game, artwork, targets, options)
                warnings += module_boards(game, artwork, targets, options)
                if any(target.pixels for target in targets):
                    artwork = rasterise(artwork, options.dpi or game.print.dpi, workers, cache)
                made = []
                for target in targets:
                    for relative, content in _target_files(target, game, artwork, options, workers):
                        delivery.add(relative, content)
                        made.append(relative)
                        total += len(content)
                listed = mark(made)
                delivery.add(MARK, listed)
                count, total = len(made) + 1, total + len(listed)
            delivery.commit()
            files = delivery.listing
    except BuildError:
        raise
    except Exception as exc:
        raise BuildError(f"building {game.id!r} failed: {exc}") from exc
    return BuildSummary(final, count, total, artwork, files, warnings)


def legacy_names(game_id: str) -> frozenset[str]:
    """What builds made before outputs were marked (:data:`~toolkit.ownership.MARK`) wrote at
    the top of ``build/<game>/``: such a folder is still the toolkit's to replace."""
    return frozenset({"svg", "png", "scenarios", f"{game_id}.vmod", f"{game_id}-kit.pdf"})


def check_destination(
    source: Path, out_dir: Path, options: BuildOptions, game_id: str | None = None
) -> None:
    """Refuse, before anything is read or written, an output the build may not write: ``-o``
    at a file, a cache folder that is not the toolkit's, or (when the game's id is known) an
    output folder that is, holds or lies in the source folder.

    :raises OutputRefused: one line naming the paths and what to do.
    """
    check_folder_to_write(out_dir)
    if game_id is not None:
        check_apart(out_dir / game_id, [source], options.force)
    if options.cache is not None:
        check_apart(options.cache, [source], options.force)
        check_cache_folder(options.cache, options.force)


@dataclass(frozen=True)
class FolderBuild:
    """What :func:`build_folder` did: the loader's report, and what was built from what."""

    report: Report
    """The load's diagnostics: its warnings, or the errors that stopped it."""
    summary: BuildSummary | None
    """What was written; None when the sources are invalid and nothing was built."""
    game: Game | None = None
    """The model the outputs were made from; None when the sources are invalid or unchanged
    since the last clean build (then nothing was loaded)."""


def build_folder(
    source: Path, out_dir: Path, targets: Sequence[Target], options: BuildOptions
) -> FolderBuild:
    """Build a game folder the way ``toolkit build`` does: nothing at all when the last clean
    build of the very same files is in place, else load, check and :func:`build_game`.

    :raises DiagnosticsError: see :func:`build_game`.
    :raises BuildError: see :func:`build_game`.
    :raises OutputRefused: see :func:`check_destination` and :func:`build_game`.
    """
    check_destination(source, out_dir, options, game_id_of(source))
    if options.force and options.cache is not None and foreign_cache(options.cache):
        Cache.clear(options.cache)  # --force: the user said this folder is the toolkit's
    stamp = fingerprint(source, targets, options) if options.cache is not None else None
    done = up_to_date(stamp, out_dir, options)
    if done is not None:
        return FolderBuild(Report(done[1]), done[0])
    known = ValidSources(Cache.open(options.cache)) if options.cache is not None else None
    with rare_collections():
        result = load_game(source, known)
        if result.game is None:
            return FolderBuild(result.report, None)
        summary = build_game(result.game, out_dir, targets, options)
    result.report.extend(summary.warnings)
    if known is not None:
        known.save()
    remember(stamp, summary, options, result.report.diagnostics)
    return FolderBuild(result.report, summary, result.game)


RARE_COLLECTIONS = 50_000
"""Allocations between two young-generation collections while building (Python's default: 700)."""


@contextlib.contextmanager
def rare_collections() -> Iterator[None]:
    """Let Python's cycle collector run far less often. Each full collection walks every live
    object, and a big game's model is hundreds of thousands of them, none in a cycle: a
    one-counter rebuild of a 2000-counter game ran two, 0.05-0.1 s of its time. Cycles are
    still collected, later."""
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], RARE_COLLECTIONS), threshold[1], threshold[2])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


@dataclass
class ValidSources:
    """The sources a build found valid, kept in its cache (:class:`~toolkit.load.schemas.
    KnownValid`): a rebuild after one edit checks only the edited file against its schema.
    New ones are stored by :meth:`save`, once the build succeeded (a failed build stores
    nothing)."""

    cache: Cache
    found: list[str] = field(default_factory=list)

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and self.cache.get(key("valid", token)) is not None

    def add(self, token: str) -> None:
        self.found.append(token)

    def save(self) -> None:
        for token in self.found:
            self.cache.put(key("valid", token), b"")
        if self.found:
            self.cache.prune("valid", KEEP_VALID)
        self.found.clear()


KEEP_VALID = 1024
"""How many valid source texts the cache remembers (a few per edit; each entry is tiny)."""
KEEP_ASSEMBLED = 16
"""How many assembled kits (and modules) the cache keeps: each is megabytes, and an edit makes
another; the pages and drawings they are made from stay, so an older one is quick to remake."""
KEEP_RECORDS = 64
"""How many remembered builds (one per game folder, targets and options) the cache keeps."""
FINGERPRINT_LIMIT = 256 * 1024 * 1024
"""A game folder larger than this is not fingerprinted: every build of it loads it."""


def fingerprint(folder: Path, targets: Sequence[Target], options: BuildOptions) -> str | None:
    """A hash of every file in the game folder (but hidden ones), the targets and the options:
    when it matches the last clean build's, that build's output is this one's. None when the
    folder cannot be read or is too large to be worth it."""
    # the folder as given, too: the warnings repeated name their files the way the user did
    parts: list[str | bytes] = [str(folder), " ".join(t.name for t in targets)]
    parts.append(_options_text(options))
    size = 0
    try:
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder)
            if any(part.startswith(".") for part in relative.parts) or not path.is_file():
                continue
            size += path.stat().st_size
            if size > FINGERPRINT_LIMIT:
                return None
            parts += [relative.as_posix(), path.read_bytes()]
    except OSError:
        return None
    return key("build", *parts)


def up_to_date(
    stamp: str | None, out_dir: Path, options: BuildOptions
) -> tuple[BuildSummary, list[Diagnostic]] | None:
    """The summary and warnings of the build remembered under ``stamp`` (a :func:`fingerprint`)
    when its output is still in place as it wrote it (same files, sizes and times); else None."""
    if options.cache is None or stamp is None:
        return None
    stored = Cache.open(options.cache).get(stamp, touch=True)
    if stored is None:
        return None
    try:
        record = json.loads(stored)
        final = out_dir / record["game"]
        if listing(final) != record["files"]:
            return None
        warnings = [Diagnostic(**fields) for fields in record["warnings"]]
        summary = BuildSummary(final, len(record["files"]), sum(f[1] for f in record["files"]))
    except (ValueError, KeyError, TypeError, OSError):
        return None
    return summary, warnings


def remember(
    stamp: str | None, summary: BuildSummary, options: BuildOptions, warnings: Sequence[Diagnostic]
) -> None:
    """Note a build and the warnings its load gave under ``stamp``, the :func:`fingerprint` of
    its sources taken before they were read (an edit saved during the build is not taken for
    built), so that the next build of the same sources can skip all work."""
    if options.cache is None or stamp is None:
        return
    with contextlib.suppress(OSError):
        record = {
            "game": summary.folder.name,
            "files": summary.listing or listing(summary.folder),
            "warnings": [dataclasses.asdict(w) for w in warnings],
        }
        cache = Cache.open(options.cache)
        cache.put(stamp, json.dumps(record).encode("utf-8"))
        cache.prune(stamp.partition("/")[0], KEEP_RECORDS)


def _options_text(options: BuildOptions) -> str:
    """The options that shape outputs, as text (not how many workers, nor where the cache is)."""
    shaping = (
        options.dpi,
        options.paper,
        options.duplex,
        options.maps,
        options.back_offset,
        options.kit,
        options.die_lines,
        options.ink_limit,
    )
    use_bundled_fonts()  # sets FONTCONFIG_FILE unless the user did: key what conversion will use
    # the kit's dates and a user's own font configuration change bytes too
    environment = [os.environ.get(name) for name in ("SOURCE_DATE_EPOCH", "FONTCONFIG_FILE")]
    return repr((shaping, environment))


def _target_files(
    target: Target, game: Game, artwork: Artwork, options: BuildOptions, workers: Workers
) -> list[tuple[str, bytes]]:
    """The target's files; an assembled output (the kit, the module) is read back from the cache
    when the game's sources and the options that shape it are the ones it was made from."""
    if not target.assembled or options.cache is None:
        return list(target.files(game, artwork, options, workers))
    cache = Cache.open(options.cache)
    shaping = f"{options.dpi or game.print.dpi} {_options_text(options)}"
    name = key(f"output-{target.name}", shaping, *_sources(game))
    stored = cache.get(name, touch=True)
    if stored is not None:
        with contextlib.suppress(ValueError):
            return unpack(stored)
    files = list(target.files(game, artwork, options, workers))
    cache.put(name, pack(files))
    cache.prune(name.partition("/")[0], KEEP_ASSEMBLED)
    return files


def _sources(game: Game) -> list[str | bytes]:
    """Every file the game was loaded from, as path and bytes: what its model is made of."""
    return [part for path, data in sorted(game.sources.items()) for part in (path, data)]


def _legibility(
    game: Game, artwork: Artwork, targets: Sequence[Target], options: BuildOptions
) -> list[Diagnostic]:
    """Text too small to print: warnings, or (making the print-shop kit) errors that stop the
    build before anything is written (a counter's or card's; a map's or chart's warns).

    :raises DiagnosticsError: the print-shop kit is asked for and some piece's text is too
        small.
    """
    print_shop = options.kit == "print-shop" and any(t.name == "kit" for t in targets)
    found = small_text(game, artwork, "error" if print_shop else "warning")
    if any(d.severity == "error" for d in found):
        raise DiagnosticsError(found)
    return found


def module_boards(
    game: Game, artwork: Artwork, targets: Sequence[Target], options: BuildOptions
) -> list[Diagnostic]:
    """Maps too large for VASSAL at the module's resolution (``--dpi``, else the game's):
    warnings, when the module is made."""
    if not any(target.name == "vmod" for target in targets):
        return []
    return oversized_boards(game, artwork, options.dpi or game.print.dpi)


def _artwork(game: Game, workers: Workers, cache: Cache) -> Artwork:
    """The drawings every output shares; counters that cannot be drawn become diagnostics."""
    try:
        return draw_artwork(game, workers, cache=cache)
    except ArtworkError as error:
        raise DiagnosticsError([layout_diagnostic(game, e) for e in error.errors]) from None


def layout_diagnostic(game: Game, error: LayoutError) -> Diagnostic:
    """A counter that cannot be drawn legibly, reported at its template element's line; a card,
    at its own line (its text, its title), or its CSV row's."""
    if isinstance(error, CardLayoutError):
        return _card_diagnostic(game, error)
    origin = game.template(error.template_id).origin
    pointer = origin.pointer + error.pointer
    line, column = locate(origin.file, pointer) if origin.file else (1, 1)
    code = error.code if error.code.startswith("counter.") else f"counter.{error.code}"
    return Diagnostic(code, str(error), origin.file or game.id, line, column, pointer)


def _card_diagnostic(game: Game, error: CardLayoutError) -> Diagnostic:
    """A card that cannot be drawn, at the card's own value when it wrote the one at fault."""
    card = game.card(error.card_id)
    origin = card.origin
    if origin.line:  # a CSV row
        return Diagnostic(error.code, str(error), origin.file, origin.line, 1, "")
    pointer = origin.pointer
    if error.subject and origin.file:
        line, column = locate(origin.file, f"{pointer}/{error.subject}")
        if (line, column) != (1, 1):
            pointer = f"{pointer}/{error.subject}"
    line, column = locate(origin.file, pointer) if origin.file else (1, 1)
    return Diagnostic(error.code, str(error), origin.file or game.id, line, column, pointer)
