"""A game carried inside a built module: its sources, unpacked safely and loaded as usual.

A module (``.vmod``) made by the toolkit holds the game's own source files under ``game/``,
so ``toolkit check game.vmod`` needs nothing else. The archive is read as hostile: sizes are
capped, and no entry may land outside the folder it is unpacked into. The unpacked copy is
temporary: it is removed when the caller is done, and when the process is interrupted (which
ends it at once, without unwinding the ``with`` block).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path, PurePosixPath

from toolkit.diagnostics import Diagnostic, Report
from toolkit.interrupts import register, signals_held, unregister
from toolkit.load.loader import LoadResult, load_game, shown_path

GAME_FOLDER = "game"
MAX_ENTRY_BYTES = 50 * 1024 * 1024
MAX_TOTAL_BYTES = 200 * 1024 * 1024
MAX_ENTRIES = 5000

ENCRYPTED = 0x1
"""The zip flag bit of an encrypted entry (a module never has one)."""
_DAMAGE = (
    zipfile.BadZipFile,
    zlib.error,  # damaged compressed data
    EOFError,
    OSError,
    RuntimeError,  # an encrypted entry
    NotImplementedError,  # a compression method this Python lacks
    ValueError,
)
"""What reading a damaged or unusual zip archive raises."""


@contextmanager
def game_from_module(module: Path) -> Iterator[LoadResult]:
    """The game a module carries, loaded; its folder lasts as long as the ``with`` block."""
    with signals_held():  # the folder never exists without its removal on interrupt
        tmp = tempfile.mkdtemp(prefix="toolkit-module-")
        undo = register(lambda: shutil.rmtree(tmp, ignore_errors=True))
    try:
        folder = Path(tmp) / GAME_FOLDER
        problem = _unpack(module, folder)
        if problem is not None:
            yield LoadResult(None, Report([problem]))
            return
        yield _named_in_module(load_game(folder), folder, module)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        unregister(undo)  # only now: an interrupt during the removal finishes it


def _named_in_module(result: LoadResult, folder: Path, module: Path) -> LoadResult:
    """The load's diagnostics with each file named as the module holds it
    (``game.vmod:game/maps/west.json``), not by a temporary folder that is gone when they are
    read."""
    unpacked = shown_path(folder)
    inside = f"{module}:{GAME_FOLDER}"
    diagnostics = [
        replace(
            d,
            file=_in_module(d.file, unpacked, inside),
            message=d.message.replace(unpacked + os.sep, inside + "/"),
        )
        for d in result.report.diagnostics
    ]
    return LoadResult(result.game, Report(diagnostics))


def _in_module(file: str, unpacked: str, inside: str) -> str:
    if file == unpacked:
        return inside
    if file.startswith(unpacked + os.sep):
        return inside + "/" + PurePosixPath(Path(file[len(unpacked) + 1 :])).as_posix()
    return file


def _unpack(module: Path, folder: Path) -> Diagnostic | None:
    """Unpack the module's game folder; the diagnostic saying why not, or None."""
    shown = str(module)
    try:
        with zipfile.ZipFile(module) as archive:
            twice = _listed_twice(archive)
            if twice is not None:
                return Diagnostic("module.duplicate-entry", twice, shown)
            problem = _extract(archive, folder)
    except _DAMAGE as error:
        problem = f"not a readable module archive: {error}"
    return None if problem is None else Diagnostic("module.unreadable", problem, shown)


def _listed_twice(archive: zipfile.ZipFile) -> str | None:
    """A sentence naming the first entry the archive lists more than once, or None: readers
    disagree on which copy is the module's (VASSAL takes the last), so none is trusted."""
    counts = Counter(info.filename for info in archive.infolist())
    twice = [name for name, count in counts.items() if count > 1]
    if not twice:
        return None
    more = f" (and {len(twice) - 1:,} more entries listed twice)" if len(twice) > 1 else ""
    return (
        f"entry {twice[0]!r} is in the archive {counts[twice[0]]} times{more}; which copy is the"
        " module's differs from reader to reader"
    )


def _extract(archive: zipfile.ZipFile, folder: Path) -> str | None:
    """Write the archive's game folder into ``folder``; a sentence saying why not, or None."""
    members = [i for i in archive.infolist() if i.filename.startswith(GAME_FOLDER + "/")]
    if not members:
        return "this module carries no game sources (it was not made by toolkit build)"
    if len(members) > MAX_ENTRIES:
        return f"the module carries {len(members)} game files; at most {MAX_ENTRIES}"
    total = 0
    for info in members:
        relative = PurePosixPath(info.filename).relative_to(GAME_FOLDER)
        if info.is_dir():
            continue
        if relative.is_absolute() or ".." in relative.parts or "\\" in info.filename:
            return f"the entry {info.filename!r} would leave the game folder"
        total += info.file_size
        if info.file_size > MAX_ENTRY_BYTES or total > MAX_TOTAL_BYTES:
            return f"the entry {info.filename!r} is too large to be a game source"
        target = folder.joinpath(*relative.parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        if info.flag_bits & ENCRYPTED:
            return f"the entry {info.filename!r} is encrypted"
        try:
            with archive.open(info) as source:
                data = source.read(MAX_ENTRY_BYTES + 1)
        except _DAMAGE as error:
            return f"the entry {info.filename!r} cannot be read: {error}"
        if len(data) > MAX_ENTRY_BYTES:
            return f"the entry {info.filename!r} is larger than it says"
        target.write_bytes(data)
    return None
