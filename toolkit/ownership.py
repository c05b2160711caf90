"""What a command may replace: only what the toolkit itself made, never a designer's files.

Every command that writes a folder replaces it whole or updates it in place, and the cache is
emptied when another version wrote it. Aimed at the wrong place (``-o`` at the folder that
holds the sources, or at a user's own folder), that would delete work. So everything the
toolkit makes says so, and nothing else is replaced:

- a build's output folder holds :data:`MARK`, the list of every file the build wrote; a folder
  holding anything else (a notes file dropped into it, a game's sources) is not replaced;
- the cache folder holds a ``CACHEDIR.TAG`` of ours (the standard tag that backup tools
  honour), and only such a folder is emptied;
- a scenario package is the folder its catalogue entry lists (see :mod:`toolkit.publish`).

An output that is, or holds, a source folder is refused even with ``--force``: no one means
to replace their sources with outputs. One that lies inside a source folder, or a folder or
cache that is not ours, is refused unless the user says ``--force``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from stat import S_ISDIR, S_ISLNK, S_ISREG

from toolkit.errors import EXIT_USAGE, ToolkitError

MARK = ".made-by-toolkit"
"""The file in a build's output folder that lists what the build wrote there."""
MARK_LIMIT = 64 * 1024 * 1024
"""A mark larger than this is not one of ours (a monster game's lists a few megabytes)."""
CACHE_TAG = "CACHEDIR.TAG"
CACHE_SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55"
"""The first line of a cache directory tag (https://bford.info/cachedir/)."""
CACHE_TAG_TEXT = (
    f"{CACHE_SIGNATURE}\n"
    "# This file is a cache directory tag created by toolkit.\n"
    "# Everything in this folder is made again when missing; toolkit may empty it.\n"
)
_LEGACY_STAMP = re.compile(r"[0-9a-f]{64}")
"""What the cache's STAMP file held before caches were tagged (a SHA-256 in hex)."""
FORCE_HINT = "or --force to replace it"
SHOWN = 3
"""How many of a folder's foreign entries a refusal names."""


class OutputRefused(ToolkitError):
    """A command would replace or write into what is not the toolkit's: a usage error."""

    exit_code = EXIT_USAGE


def check_apart(output: Path, sources: Sequence[Path], force: bool, option: str = "-o") -> None:
    """Refuse an output folder that is a source folder, holds one, or (unless ``force``)
    lies inside one: the first two would replace the sources with outputs.

    :raises OutputRefused: naming both folders and what to do.
    """
    where = _real(output)
    for source in sources:
        origin = _real(source)
        if where == origin:
            raise OutputRefused(
                f"refusing to write {output}: it is the source folder {source}; "
                f"give {option} another folder"
            )
        if origin.is_relative_to(where):
            raise OutputRefused(
                f"refusing to write {output}: it holds the source folder {source}; "
                f"give {option} another folder"
            )
        if where.is_relative_to(origin) and not force:
            raise OutputRefused(
                f"refusing to write {output}: it lies inside the source folder {source}; "
                f"give {option} a folder outside it, or --force to write there"
            )


def check_output_folder(folder: Path, legacy_names: Iterable[str], force: bool) -> None:
    """Refuse to replace ``folder`` unless it is absent, empty, or a build output of ours (its
    :data:`MARK` lists every file in it; or, made before outputs were marked, it holds only
    ``legacy_names`` at its top).

    :raises OutputRefused: naming the folder, what in it is not ours, and what to do.
    """
    if force:
        return
    reason = foreign_output(folder, frozenset(legacy_names))
    if reason is not None:
        raise OutputRefused(
            f"refusing to replace {folder}: {reason}; move it away, give -o another folder, "
            + FORCE_HINT
        )


def foreign_output(folder: Path, legacy_names: frozenset[str] = frozenset()) -> str | None:
    """Why ``folder`` is not a build output the toolkit may replace; None when it may."""
    kind = path_kind(folder)
    if kind != "folder":
        return None if kind == "absent" else f"it is {kind}"
    listed = read_mark(folder)
    try:
        names = sorted(os.listdir(folder)) if listed is None else _files(folder)
    except OSError as error:
        return f"it cannot be read ({error.strerror})"
    if listed is None:
        foreign = [name for name in names if name not in legacy_names]
        if not foreign:  # empty, or an output made before outputs were marked
            return None
        return f"it is not a toolkit output (it holds {_names(foreign)})"
    foreign = [name for name in names if name not in listed and name != MARK]
    if foreign:
        return f"it holds {_names(foreign)}, which toolkit did not make"
    return None


def read_mark(folder: Path) -> frozenset[str] | None:
    """The files a folder's :data:`MARK` lists; None when it has none that toolkit wrote."""
    path = folder / MARK
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MARK_LIMIT:
            return None
        document = json.loads(path.read_bytes())
        files = document["files"] if document.get("made-by") == "toolkit" else None
    except (OSError, ValueError, AttributeError, KeyError, TypeError):
        return None
    if not isinstance(files, list) or not all(isinstance(name, str) for name in files):
        return None
    return frozenset(files)


def mark(files: Iterable[str]) -> bytes:
    """The :data:`MARK` of an output folder holding ``files`` (relative, '/'-separated)."""
    document = {
        "made-by": "toolkit",
        "what": "a build's output: toolkit replaces this folder, and only while it holds "
        "nothing but these files",
        "files": sorted(set(files)),
    }
    return (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def check_cache_folder(folder: Path, force: bool) -> None:
    """Refuse a cache folder that is not the toolkit's (a home folder's ``.cache``), which a
    build would empty when its stamp does not match.

    :raises OutputRefused: naming the folder and what to do.
    """
    if force:
        return
    reason = foreign_cache(folder)
    if reason is not None:
        raise OutputRefused(
            f"refusing to use {folder} as the build cache: {reason}; give -o another folder, "
            "--no-cache to build without one, or --force to empty it"
        )


def foreign_cache(folder: Path) -> str | None:
    """Why ``folder`` is not a cache the toolkit may empty; None when it may."""
    kind = path_kind(folder)
    if kind != "folder":
        return None if kind == "absent" else f"it is {kind}"
    if is_tagged_cache(folder) or not os.listdir(folder):
        return None
    return "it is not toolkit's (it has no CACHEDIR.TAG of toolkit's)"


def is_tagged_cache(folder: Path) -> bool:
    """Whether ``folder`` is a cache the toolkit made: its tag, or (made before caches were
    tagged) a STAMP file holding a SHA-256 in hex."""
    try:
        head = (folder / CACHE_TAG).read_bytes()[:4096].decode("utf-8", "replace")
    except OSError:
        head = ""
    if head.startswith(CACHE_SIGNATURE) and "created by toolkit" in head:
        return True
    try:
        stamp = (folder / "STAMP").read_bytes()[:100].decode("ascii")
    except (OSError, UnicodeDecodeError):
        return False
    return _LEGACY_STAMP.fullmatch(stamp) is not None


def check_new_file(path: Path, force: bool, what: str = "a file") -> None:
    """Refuse to overwrite an existing file (or write where a folder is) unless ``force``.

    :raises OutputRefused: naming the file and what to do.
    """
    kind = path_kind(path)
    if kind == "absent" or (kind == "a file" and force):
        return
    fix = "move it away" + (", or --force to overwrite it" if kind == "a file" else "")
    there = f"{what} is there already" if kind == "a file" else f"it is {kind}"
    raise OutputRefused(f"refusing to write {path}: {there}; {fix}")


def check_folder_to_write(folder: Path, option: str = "-o") -> None:
    """Refuse an output path that is not a folder to write in (a file, a broken link, under a
    file) with one line. A link to a folder is a folder here: what is written goes inside it.

    :raises OutputRefused: naming the path.
    """
    path = folder
    while True:
        kind = _followed_kind(path)
        if kind == "folder":
            return
        if kind != "absent":
            which = "it" if path == folder else str(path)
            raise OutputRefused(f"{option} {folder}: {which} is {kind}, not a folder")
        if path.parent == path:
            return
        path = path.parent


def _followed_kind(path: Path) -> str:
    """:func:`path_kind`, links followed ('a broken symbolic link' when one leads nowhere)."""
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "a broken symbolic link" if path.is_symlink() else "absent"
    except OSError:
        return "not readable"
    if S_ISDIR(mode):
        return "folder"
    return "a file" if S_ISREG(mode) else "not a plain file"


def path_kind(path: Path) -> str:
    """What is at ``path``: 'absent', 'folder', 'a file', 'a symbolic link' or 'not a plain
    file' (no link followed: a link is the user's own, and replacing it is removing it)."""
    try:
        mode = path.lstat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "absent"  # (a parent that is a file: the caller names it)
    except OSError:
        return "not readable"
    if S_ISLNK(mode):
        return "a symbolic link"
    if S_ISDIR(mode):
        return "folder"
    return "a file" if S_ISREG(mode) else "not a plain file"


def _files(folder: Path) -> list[str]:
    """Every file and link under ``folder``, relative and '/'-separated, sorted (empty folders
    are not listed: replacing them loses nothing)."""
    found: list[str] = []
    pending = [("", os.fspath(folder))]
    while pending:
        prefix, where = pending.pop()
        with os.scandir(where) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    pending.append((prefix + entry.name + "/", entry.path))
                else:
                    found.append(prefix + entry.name)
    return sorted(found)


def _names(names: Sequence[str]) -> str:
    shown = ", ".join(repr(name) for name in names[:SHOWN])
    more = len(names) - SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def _real(path: Path) -> Path:
    """The path with links and '..' resolved, as far as it exists."""
    return Path(os.path.realpath(path))
