"""Putting a build's files in place: all of them or none, and touching only what changed.

A build stages its files in a folder beside the output (``.<game>.tmp-…``) and the output
changes only once every target has succeeded, so a failed or interrupted build leaves the last
output as it was.

- **Updated in place** when the output folder is already there as a build leaves it (plain
  folders and files): only the files whose bytes changed are staged, and at the end they are
  moved in, and the files no longer made are removed, under a journal written beside the
  staging folder first. A build killed while it moves files in is finished by the next one, which
  reads the journal. A rebuild after one edit of a big game thus costs a few renames, not one
  link and one removal per file.
- **Swapped** otherwise (the first build, or an output someone changed into something else):
  every file is staged (unchanged ones hard-linked), and the two folders swap by two renames.

A build holds a shared lock on the output's parent folder (no lock file to leave behind) and an
exclusive one on the output folder it updates, so that two builds of one game into one place
take turns rather than interleave; a build that can lock the parent exclusively is the only
one there, and first clears (or finishes) what killed builds left.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from stat import S_ISDIR, S_ISREG

from toolkit.errors import BuildError
from toolkit.interrupts import note_output_landed, register, signals_held, unregister

JOURNAL = ".journal"
"""Suffix of a staging folder's journal: ``.<game>.tmp-<token>.journal`` beside the folder."""
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


@contextlib.contextmanager
def claim(out_dir: Path, game_id: str) -> Iterator[None]:
    """Hold a shared lock on ``out_dir`` while building ``game_id`` into it; a build that can
    take the lock exclusively is alone there, and first clears what killed builds left."""
    descriptor = os.open(out_dir, os.O_RDONLY | _DIRECTORY)
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


def new_staging(out_dir: Path, game_id: str) -> Path:
    """A new empty folder beside the output, made with the user's umask (unlike mkdtemp's
    0700, which the output would keep when it is renamed into place)."""
    while True:
        staging = out_dir / f".{game_id}.tmp-{secrets.token_hex(6)}"
        try:
            staging.mkdir()
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
        return staging


def discard(staging: Path) -> None:
    """Remove a staging folder, unless its journal says its files are being moved in (the next
    build finishes that)."""
    if not os.path.lexists(os.fspath(staging) + JOURNAL):
        shutil.rmtree(staging, ignore_errors=True)


class Delivery:
    """The files of one build, staged in ``staging``, for ``final``; nothing reaches ``final``
    before :meth:`commit`. Use it as a context manager: it holds ``final``'s lock."""

    def __init__(self, staging: Path, final: Path) -> None:
        self.staging = os.fspath(staging)
        self.final = os.fspath(final)
        self._lock = -1
        self._old: dict[str, tuple[int, int]] | None = None
        """Relative path → size and modification time (ns) of every file of ``final`` when it
        is updated in place."""
        self.listing: list[list[object]] | None = None
        """After :meth:`commit`, every file of the output as :func:`listing` gives it, when
        known without walking the folder again."""
        self._kept: set[str] = set()
        self._staged: list[str] = []
        self._folders: set[str] = set()

    def __enter__(self) -> Delivery:
        note_output_landed(False)
        self._lock = _lock_folder(self.final)
        if self._lock >= 0:
            self._old = _plain_files(self.final)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._lock >= 0:
            os.close(self._lock)
            self._lock = -1

    @property
    def in_place(self) -> bool:
        """Whether the output is updated in place (else swapped as a whole)."""
        return self._old is not None

    def add(self, relative: str, content: bytes) -> None:
        """Stage one file (``relative`` to the output folder, '/'-separated). Its bytes are
        compared with the output's file of that name: an unchanged file is left where it is
        (in place) or hard-linked (swap); only a changed one is written."""
        path = _inside(self.staging, relative)
        old = self.final + path[len(self.staging) :]
        if self._unchanged(relative, old, content):
            if self._old is not None:
                self._kept.add(relative)
                return
            self._make_parent(path)
            os.link(old, path)
            return
        self._make_parent(path)
        with open(path, "wb") as new:
            new.write(content)
        self._staged.append(relative)

    def commit(self) -> None:
        """Put the staged files in place: swap the folders, or move the changed files in and
        remove the ones no longer made, under a journal."""
        if self._old is None:
            _swap(Path(self.staging), Path(self.final))
            return
        staged = set(self._staged)
        removed = sorted(set(self._old) - self._kept - staged)
        if not staged and not removed:  # the output is already the new one
            note_output_landed()
            shutil.rmtree(self.staging, ignore_errors=True)
            self.listing = self._listing(staged)
            return
        journal = self.staging + JOURNAL
        _write_journal(journal, sorted(staged), removed)
        try:
            with signals_held():
                _roll_forward(self.staging, self.final, sorted(staged), removed)
                # before a signal held meanwhile is acted on: say so, and leave nothing behind
                note_output_landed()
                tidy = register(lambda: _tidy(journal, self.staging))
        except OSError as error:
            raise BuildError(
                f"the output was only partly updated ({error}); the next build finishes it"
            ) from error
        _tidy(journal, self.staging)
        unregister(tidy)
        self.listing = self._listing(staged)

    def _listing(self, staged: set[str]) -> list[list[object]] | None:
        """The output's files after an update in place: the kept ones as listed before it, the
        moved-in ones looked up."""
        assert self._old is not None
        found: list[list[object]] = [
            [name, *self._old[name]] for name in self._kept if name not in staged
        ]
        try:
            for name in staged:
                stat = os.lstat(_inside(self.final, name))
                found.append([name, stat.st_size, stat.st_mtime_ns])
        except OSError:
            return None
        return sorted(found, key=_name)

    def _unchanged(self, relative: str, old: str, content: bytes) -> bool:
        if self._old is not None:
            if self._old.get(relative, (-1,))[0] != len(content):
                return False
        else:
            try:
                stat = os.lstat(old)
            except OSError:
                return False
            if not S_ISREG(stat.st_mode) or stat.st_size != len(content):
                return False
        try:  # os calls, one read of the size expected and one byte more: thousands of files
            descriptor = os.open(old, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return False
        try:
            return os.read(descriptor, len(content) + 1) == content
        except OSError:
            return False
        finally:
            os.close(descriptor)

    def _make_parent(self, path: str) -> None:
        parent = os.path.dirname(path)
        if parent not in self._folders:
            os.makedirs(parent, exist_ok=True)
            self._folders.add(parent)


def _lock_folder(final: str) -> int:
    """An exclusive lock on the output folder, held open; -1 when there is none to update in
    place (missing, or a symbolic link). Re-taken when another build swapped the folder away
    while this one waited for it."""
    while True:
        try:
            descriptor = os.open(final, os.O_RDONLY | _DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            return -1
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            same = os.path.samestat(os.fstat(descriptor), os.lstat(final))
        except OSError:
            same = False
        if same:
            return descriptor
        os.close(descriptor)


def listing(folder: Path) -> list[list[object]]:
    """Every file of an output folder: path, size, modification time in nanoseconds (one stat
    each, by os.scandir: a big game has thousands); what a remembered build compares.

    :raises OSError: the folder cannot be read.
    """
    found: list[list[object]] = []
    pending = [("", os.fspath(folder))]
    while pending:
        prefix, where = pending.pop()
        with os.scandir(where) as entries:
            for entry in entries:
                name = prefix + entry.name
                if entry.is_dir(follow_symlinks=False):
                    pending.append((name + "/", entry.path))
                elif entry.is_file(follow_symlinks=False):
                    stat = entry.stat(follow_symlinks=False)
                    found.append([name, stat.st_size, stat.st_mtime_ns])
    return sorted(found, key=_name)


def _name(item: list[object]) -> str:
    return str(item[0])


def _plain_files(final: str) -> dict[str, tuple[int, int]] | None:
    """Every file of the output folder by relative path, with its size and modification time;
    None when anything in it is neither a plain folder nor a plain file (a link, say): such an
    output is swapped, so that nothing is ever written through a link."""
    found: dict[str, tuple[int, int]] = {}
    pending = [("", final)]
    try:
        while pending:
            prefix, where = pending.pop()
            with os.scandir(where) as entries:
                for entry in entries:
                    stat = entry.stat(follow_symlinks=False)
                    if S_ISDIR(stat.st_mode):
                        pending.append((prefix + entry.name + "/", entry.path))
                    elif S_ISREG(stat.st_mode):
                        found[prefix + entry.name] = (stat.st_size, stat.st_mtime_ns)
                    else:
                        return None
    except OSError:
        return None
    return found


def _write_journal(path: str, moved: list[str], removed: list[str]) -> None:
    """What the commit is about to do, written whole (by rename) before it starts."""
    partial = f"{path}.{secrets.token_hex(4)}"
    try:
        with open(partial, "w", encoding="utf-8") as out:
            json.dump({"moved": moved, "removed": removed}, out)
        os.replace(partial, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(partial)


def _roll_forward(staging: str, final: str, moved: list[str], removed: list[str]) -> None:
    """Remove the files no longer made (and the folders they leave empty), then move each
    staged file in. Safe to repeat: what is already done is skipped."""
    emptied: set[str] = set()
    for relative in removed:
        path = _inside(final, relative)
        with contextlib.suppress(FileNotFoundError, IsADirectoryError):
            os.unlink(path)
        parent = os.path.dirname(relative)
        while parent:
            emptied.add(parent)
            parent = os.path.dirname(parent)
    for folder in sorted(emptied, key=lambda f: f.count("/"), reverse=True):
        with contextlib.suppress(OSError):  # not empty: something is still made there
            os.rmdir(_inside(final, folder))
    for relative in moved:
        source, target = _inside(staging, relative), _inside(final, relative)
        if not os.path.lexists(source):
            continue  # moved before the last build was killed
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.replace(source, target)


def _swap(staging: Path, final: Path) -> None:
    """Swap the staged folder into place; the old output is removed only after the swap.

    An interruption waits for the two renames, so an output is in place whenever it lands, and
    one that landed during them says the new output is in place.
    """
    old = final.with_name(f".{final.name}.old-{os.getpid()}")
    with signals_held():
        moved = final.exists() or final.is_symlink()
        if moved:
            final.rename(old)
        try:
            staging.rename(final)
        except BaseException:
            if moved:
                old.rename(final)
            raise
        note_output_landed()
        # registered before a signal held meanwhile is acted on, or the old output stays
        undo = register(lambda: _remove(old)) if moved else None
    if undo is not None:
        _remove(old)
        unregister(undo)


def _tidy(journal: str, staging: str) -> None:
    """Remove an update's journal, then its staging folder (the journal first: it is what
    keeps the folder from being discarded)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(journal)
    shutil.rmtree(staging, ignore_errors=True)


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path, ignore_errors=True)


def _clear_killed_builds(out_dir: Path, game_id: str) -> None:
    """Finish or remove what killed builds of ``game_id`` left in ``out_dir``: a journaled
    update is finished; a staging folder without a journal is removed; an output moved aside
    by a build killed between its two renames is put back."""
    final = out_dir / game_id
    for journal in sorted(out_dir.glob(f".{game_id}.tmp-*{JOURNAL}")):
        staging = journal.with_name(journal.name.removesuffix(JOURNAL))
        try:
            done = json.loads(journal.read_text(encoding="utf-8"))
            moved, removed = list(map(str, done["moved"])), list(map(str, done["removed"]))
        except (OSError, ValueError, KeyError, TypeError):
            moved = removed = []  # not ours, or not whole: nothing was moved under it
        if moved or removed:
            descriptor = _lock_folder(os.fspath(final))
            if descriptor >= 0:
                try:
                    with signals_held():
                        _roll_forward(os.fspath(staging), os.fspath(final), moved, removed)
                except (OSError, BuildError):
                    pass  # the next build compares every file anyway
                finally:
                    os.close(descriptor)
        journal.unlink(missing_ok=True)
    for staging in out_dir.glob(f".{game_id}.tmp-*"):
        if staging.is_dir() and not staging.is_symlink():
            shutil.rmtree(staging, ignore_errors=True)
    olds = [p for p in out_dir.glob(f".{game_id}.old-*") if p.is_dir() and not p.is_symlink()]
    if olds and not final.exists():
        newest = max(olds, key=lambda p: p.stat().st_mtime)
        newest.rename(final)
        olds.remove(newest)
    for old in olds:
        shutil.rmtree(old, ignore_errors=True)


def _inside(root: str, relative: str) -> str:
    """``root/relative``, refusing anything that would land outside ``root``.

    Read from the name alone: the staging folder holds only folders this build made, and an
    output folder updated in place holds only plain folders and files (see :func:`_plain_files`),
    so no link inside either can lead out.
    """
    parts = relative.split("/")
    if (
        not relative
        or relative.startswith("/")
        or "\\" in relative
        or any(part in ("", ".", "..") for part in parts)
    ):
        raise BuildError(f"refusing to write {relative!r} outside the build folder")
    return os.path.join(root, *parts)
