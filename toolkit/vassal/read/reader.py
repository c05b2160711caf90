"""Reading VASSAL archives (modules and saved games) as hostile input.

Anyone's module may be checked, so nothing in an archive is trusted: the archive and every
entry read have size limits checked before reading (and again while reading, since a zip may
lie about sizes), XML is parsed without entities, DTDs or the network, and entry names that
would leave the archive's folder are listed, never used as paths. Every failure is an
:class:`ArchiveError` whose message says what is wrong in one line.

An entry listed twice is read as VASSAL reads it, and reported (see
:meth:`Archive.duplicate_messages`), since another reader may show another game. VASSAL (its
source at 3.6.0, 3.7.0 and 3.8.0-SNAPSHOT; its engine, run on such archives, agrees) opens a
module or extension through ``VASSAL.tools.DataArchive``, whose ``VASSAL.tools.io.ZipArchive``
(``readEntries``) puts every entry of ``java.util.zip.ZipFile.stream()`` into a ``HashMap`` by
name, in central-directory order: the **last** copy of a name wins (as ``ZipFile.getEntry``
and Python's :mod:`zipfile` also give it). A saved game or log, and a predefined setup's saved
game inside a module, is decoded by ``VASSAL.build.module.GameState.decodeSavedGame``, which
reads the archive as a ``java.util.zip.ZipInputStream`` and stops at the **first**
``savedGame`` entry it meets, in the order the entries lie in the file.

That walk reads the entries' local headers, never the central directory that :mod:`zipfile`
(and every other reader of modules) goes by, so a saved game may hold a ``savedGame`` that only
VASSAL sees: a local entry the directory does not list, or a directory pointing elsewhere. The
walk is repeated here as the JDK does it (:mod:`toolkit.vassal.read.zipstream`), and any such
disagreement is reported (see :meth:`Archive.hidden_messages`).
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import TracebackType
from typing import Any

from lxml import etree  # type: ignore[import-untyped]

from toolkit.vassal.format.codec import CodecError, deobfuscate
from toolkit.vassal.format.commands import leaf_commands
from toolkit.vassal.read.zipstream import (
    SIZES_AFTER,
    LocalEntry,
    Missed,
    WalkRefused,
    first_local_entry,
)

MAX_ARCHIVE_BYTES = 2 * 1024**3
"""The largest archive read: the biggest published modules are a few hundred megabytes."""
MAX_ENTRIES = 100_000
"""The most entries an archive may list."""
MAX_ENTRY_BYTES = 64 * 1024**2
"""The largest entry read into memory: a build file, a saved game, a scenario inside a module."""
MAX_DUPLICATES_SHOWN = 10
"""Entry names listed more than once are reported one per line, up to this many."""
MAX_ELEMENTS = 500_000
"""The most XML elements read from one entry: the biggest published modules' build files have
tens of thousands; a few megabytes of empty elements would otherwise take gigabytes."""
XML_CHUNK = 1 << 16
"""How much XML is parsed at a time between counts of its elements."""

ENCRYPTED = 0x1
"""The zip flag bit of an encrypted entry (VASSAL never writes one)."""

SAVED_GAME = "savedGame"
"""The entry of a saved game that holds its command stream."""
BEGIN_SAVE = "begin_save"
END_SAVE = "end_save"
"""The first and last commands of a saved game's stream."""
LOGGED = "LOG\t"
"""How a logged action's commands start (found in logs, never in saved games)."""

XmlElement = Any
"""An lxml element (lxml ships no type hints)."""


_DAMAGE = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    RuntimeError,  # an encrypted entry
    NotImplementedError,  # a compression method this Python lacks
    ValueError,
)
"""What reading a damaged or unusual zip entry raises."""


class ArchiveError(ValueError):
    """An archive or entry that cannot be read safely; the message says why, in one line."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line
        """The line of the entry where reading stopped (0: no line applies)."""


@dataclass(frozen=True, slots=True)
class ModuleData:
    """What a module's or save's metadata (``moduledata``, ``savedata``) says."""

    vassal_version: str | None
    """The VASSAL version that wrote it (``VassalVersion``), if given."""
    version: str | None
    """The module's own version, if given."""


class Archive:
    """An open zip archive: its entry names and a size-limited reader for one entry, which
    reads the copy of a duplicated entry that VASSAL reads (see the module's docstring)."""

    def __init__(self, archive: zipfile.ZipFile, source: Path | bytes) -> None:
        self._zip = archive
        self._source = source
        infos = archive.infolist()
        names = [info.filename for info in infos]
        self.names = frozenset(name for name in names if entry_is_safe(name))
        """The entries that stay inside the archive's folder."""
        self.unsafe_names = tuple(name for name in names if not entry_is_safe(name))
        """Entry names that would leave the folder if extracted (never opened)."""
        counts = Counter(names)
        self.duplicates = {name: n for name, n in counts.items() if n > 1}
        """Entry names the archive lists more than once, with how many times, in listed order."""
        self._first_saved_game = min(
            (info for info in infos if info.filename == SAVED_GAME),
            key=lambda info: info.header_offset,
            default=None,
        )
        """Of the ``savedGame`` entries the directory lists, the one that lies first in the
        file: the one VASSAL decodes, unless a hidden one comes before it."""

    def __enter__(self) -> Archive:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Release the archive's file."""
        self._zip.close()

    def read(self, name: str, limit: int = MAX_ENTRY_BYTES) -> bytes:
        """The bytes of one entry, at most ``limit`` of them.

        :raises ArchiveError: no such entry, too large (as declared or as read), or damaged.
        """
        if name not in self.names:
            raise ArchiveError(f"the archive has no entry {name!r}")
        first = self._first_saved_game
        info = first if name == SAVED_GAME and first is not None else self._zip.getinfo(name)
        if info.flag_bits & ENCRYPTED:
            raise ArchiveError(f"entry {name!r} is encrypted")
        if info.file_size > limit:
            raise ArchiveError(
                f"entry {name!r} declares {info.file_size:,} bytes, over the limit of {limit:,}"
            )
        try:
            with self._zip.open(info) as stream:
                data = stream.read(limit + 1)
        except _DAMAGE as error:
            raise ArchiveError(f"entry {name!r} cannot be read: {error}") from None
        if len(data) > limit:
            raise ArchiveError(f"entry {name!r} holds more than {limit:,} bytes")
        return data

    def hidden_messages(self) -> list[str]:
        """For a saved game or log: one sentence when the ``savedGame`` VASSAL decodes (the
        first it meets walking the local headers from the file's start) is not the one read
        here (the first the directory lists), or does not hold the same bytes.

        :raises ArchiveError: the walk would read too much before it (see
            :func:`~toolkit.vassal.read.zipstream.first_local_entry`).
        """
        try:
            if isinstance(self._source, bytes):
                walked = first_local_entry(
                    io.BytesIO(self._source), SAVED_GAME, MAX_ENTRY_BYTES, MAX_ENTRIES
                )
            else:
                with open(self._source, "rb") as raw:
                    walked = first_local_entry(raw, SAVED_GAME, MAX_ENTRY_BYTES, MAX_ENTRIES)
        except WalkRefused as error:
            raise ArchiveError(str(error)) from None
        except OSError as error:
            raise ArchiveError(f"cannot read the file: {error.strerror or error}") from None
        listed = frozenset(
            info.header_offset for info in self._zip.infolist() if info.filename == SAVED_GAME
        )
        message = _hidden_message(walked, self._first_saved_game, listed)
        return [] if message is None else [message]

    def duplicate_messages(self) -> list[str]:
        """One sentence per entry name listed more than once (up to
        :data:`MAX_DUPLICATES_SHOWN`, then how many more): which copy VASSAL reads."""
        messages = [
            f"entry {name!r} is in the archive {count} times; VASSAL reads only the"
            f" {'first' if name == SAVED_GAME else 'last'}, another reader may read another copy"
            for name, count in list(self.duplicates.items())[:MAX_DUPLICATES_SHOWN]
        ]
        hidden = len(self.duplicates) - MAX_DUPLICATES_SHOWN
        if hidden > 0:
            messages.append(f"and {hidden:,} more entries listed more than once")
        return messages


def _hidden_message(
    walked: LocalEntry | Missed, listed: zipfile.ZipInfo | None, offsets: frozenset[int]
) -> str | None:
    """What differs between the ``savedGame`` VASSAL meets walking the file and the one the
    directory lists first (``listed``; ``offsets``: of every one it lists), in a sentence;
    None when they are the same."""
    if isinstance(walked, Missed):
        if listed is None:
            return None  # neither reader finds a saved game: reading it says so
        return (
            f"entry {SAVED_GAME!r} at byte {listed.header_offset:,} is out of VASSAL's reach:"
            f" reading the entries from the file's start, it meets none before {walked.reason}"
        )
    where = f"entry {SAVED_GAME!r} at byte {walked.offset:,}"
    if listed is None:
        return (
            f"{where} is hidden: VASSAL reads this copy, which the archive's directory does not"
            " list (it lists none)"
        )
    if walked.offset in offsets and listed.header_offset != walked.offset:
        return (
            f"{where} is the one VASSAL reads, not the one at byte {listed.header_offset:,}"
            " that the archive's directory lists first"
        )
    if listed.header_offset != walked.offset:
        return (
            f"{where} is hidden: VASSAL reads this copy, which the archive's directory does not"
            f" list (it lists one at byte {listed.header_offset:,})"
        )
    if walked.flags & SIZES_AFTER == 0 and (walked.crc, walked.size) != (
        listed.CRC,
        listed.file_size,
    ):
        return (
            f"{where}: its local header and the archive's directory give other sizes or CRCs;"
            " VASSAL reads it as the local header says"
        )
    return None


def entry_is_safe(name: str) -> bool:
    """Whether an entry name stays inside the folder it would be extracted to: not absolute,
    no drive, no ``..`` part, no NUL (backslashes count as separators, as Windows reads them)."""
    if not name or "\x00" in name:
        return False
    path = PurePosixPath(name.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts:
        return False
    return not (len(name) > 1 and name[1] == ":")


def open_archive(path: Path) -> Archive:
    """An archive file, opened for reading.

    :raises ArchiveError: unreadable, too large, not a zip, or with too many entries.
    """
    try:
        size = os.stat(path).st_size
    except OSError as error:
        raise ArchiveError(f"cannot read the file: {error.strerror}") from None
    if size > MAX_ARCHIVE_BYTES:
        raise ArchiveError(f"the file is {size:,} bytes, over the limit of {MAX_ARCHIVE_BYTES:,}")
    return _open(path, path)


def archive_from_bytes(data: bytes) -> Archive:
    """An archive held in memory (a scenario inside a module).

    :raises ArchiveError: not a zip, or with too many entries.
    """
    return _open(io.BytesIO(data), data)


def _open(source: Path | io.BytesIO, raw: Path | bytes) -> Archive:
    """``source`` opened as a zip; ``raw`` is the same file, for walking its local headers."""
    try:
        opened = zipfile.ZipFile(source)
    except zipfile.BadZipFile as error:
        raise ArchiveError(f"not a zip archive ({error})") from None
    except OSError as error:
        raise ArchiveError(f"cannot read the file: {error.strerror or error}") from None
    except (zlib.error, EOFError, ValueError, NotImplementedError) as error:
        raise ArchiveError(f"a damaged zip archive ({error})") from None
    count = len(opened.infolist())
    if count > MAX_ENTRIES:
        opened.close()
        limit = MAX_ENTRIES
        raise ArchiveError(f"the archive lists {count:,} entries, over the limit of {limit:,}")
    return Archive(opened, raw)


def read_xml(data: bytes, entry: str, limit: int = MAX_ELEMENTS) -> XmlElement:
    """The root element of an XML entry, parsed without entities, DTDs or the network, and
    with at most ``limit`` elements (they are counted as the parse goes, so a larger one stops
    at the first element past the limit, before its tree outgrows memory).

    :raises ArchiveError: not well-formed, too deep or too large, with too many elements (the
        error carries the line of the first element past the limit), or declaring a DTD
        (VASSAL never writes one; a DTD is how entity bombs and external entities get in).
    """
    parser = etree.XMLPullParser(
        events=("start",),
        resolve_entities=False,
        no_network=True,
        huge_tree=False,
        load_dtd=False,
        dtd_validation=False,
    )
    count = 0
    for start in range(0, len(data), XML_CHUNK):
        _feed(parser, data[start : start + XML_CHUNK], entry)
        for _, element in parser.read_events():
            count += 1
            if count > limit:
                raise ArchiveError(
                    f"{entry} holds more than {limit:,} XML elements (element {count:,}, "
                    f"<{element.tag}>, is on this line); no module needs that many: refused",
                    element.sourceline or 0,
                )
    root = _feed(parser, None, entry)
    docinfo = root.getroottree().docinfo
    if docinfo.doctype or docinfo.internalDTD is not None:
        raise ArchiveError(f"{entry} declares a DTD, which VASSAL never writes; refused")
    return root


def _feed(parser: Any, data: bytes | None, entry: str) -> XmlElement:
    """Parse more of an entry (``None``: the end, giving the root element).

    :raises ArchiveError: what is parsed so far is not well-formed, too deep or too large.
    """
    try:
        return parser.close() if data is None else parser.feed(data)
    except etree.XMLSyntaxError as error:
        raise ArchiveError(f"{entry} is not well-formed XML: {error}") from None
    except ValueError as error:
        raise ArchiveError(f"{entry} cannot be read as XML: {error}") from None


def read_module_data(data: bytes, entry: str) -> ModuleData:
    """The VASSAL version and module version of a ``moduledata`` or ``savedata`` entry.

    :raises ArchiveError: the entry is not readable XML.
    """
    root = read_xml(data, entry)
    return ModuleData(_child_text(root, "VassalVersion"), _child_text(root, "version"))


def save_description(archive: Archive) -> str:
    """What a saved game's ``savedata`` describes it as ('' when it has none or it cannot be
    read): our saves of a setup give the setup's name, and VASSAL keeps what a player types."""
    if "savedata" not in archive.names:
        return ""
    try:
        root = read_xml(archive.read("savedata"), "savedata")
    except ArchiveError:
        return ""
    return _child_text(root, "description") or ""


def _child_text(root: XmlElement, tag: str) -> str | None:
    for child in root:
        if child.tag == tag:
            return str(child.text or "").strip()
    return None


def read_saved_game(archive: Archive) -> str:
    """The command stream of a saved game, obfuscated or plain.

    :raises ArchiveError: no ``savedGame`` entry, too large, or not decodable.
    """
    if SAVED_GAME not in archive.names:
        raise ArchiveError(f"no {SAVED_GAME!r} entry: not a VASSAL saved game")
    data = archive.read(SAVED_GAME)
    try:
        return deobfuscate(data)
    except CodecError as error:
        raise ArchiveError(f"{SAVED_GAME}: {error}") from None


def read_saved_game_commands(archive: Archive) -> list[str]:
    """The commands of a saved game, nested ones flattened: ``begin_save`` first, then the
    pieces and ``end_save`` (a command after it is read too, as VASSAL runs it), and no logged
    action.

    :raises ArchiveError: as :func:`read_saved_game`, or a stream that is not a saved game's
        (anything else would read as a game with no pieces, which breaks no rule).
    """
    commands = leaf_commands(read_saved_game(archive))
    if commands[0] != BEGIN_SAVE or END_SAVE not in commands:
        raise ArchiveError(
            f"{SAVED_GAME}: not a {BEGIN_SAVE!r} … {END_SAVE!r} command stream, as VASSAL saves"
            " a game"
        )
    if any(command.startswith(LOGGED) for command in commands):
        raise ArchiveError(f"{SAVED_GAME}: a log of moves, not a saved game: check it with --log")
    return commands
