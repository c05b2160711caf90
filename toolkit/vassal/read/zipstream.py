"""An archive walked as ``java.util.zip.ZipInputStream`` walks it: how VASSAL finds a saved game.

VASSAL decodes a saved game or log (``GameState.decodeSavedGame``) from a ``ZipInputStream``,
which never reads the central directory: it reads a *local* header at the start of the file,
then the entry's data, then the next local header, and so on, until a header is not one (the
central directory's first record ends the walk). What it takes for the end of an entry's data
(its JDK source, 17 to 25: ``readLOC``, ``read``, ``readEnd``):

* a stored entry: the size its local header gives (no data descriptor is allowed);
* a deflated entry: wherever its deflate stream ends, found by inflating it, whatever any size
  says; with flag bit 3 a data descriptor follows (with or without its ``PK\\x07\\x08``
  signature) and holds the CRC and sizes, otherwise the local header does;
* either way the sizes and CRC must match the data read, or the walk fails (a ``ZipException``,
  and VASSAL loads no game).

So a local entry the central directory does not list (or lists at another offset) is read by
VASSAL and by no directory-reading tool. Names are UTF-8 (VASSAL builds the stream with the
default charset). Every byte the walk reads and inflates is counted against a limit.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import BinaryIO

LOCAL_HEADER = b"PK\x03\x04"
DESCRIPTOR = b"PK\x07\x08"
"""The optional signature of a data descriptor."""
_LOCAL = struct.Struct("<4s5H3L2H")
"""Signature, version needed, flags, method, time, date, CRC, both sizes, name, extra lengths."""
_DESCRIPTOR = struct.Struct("<3L")
"""A data descriptor after its signature: CRC, compressed size, size."""

ENCRYPTED = 0x1
SIZES_AFTER = 0x8
"""Flag bit 3: the CRC and sizes follow the data, in a data descriptor."""
STORED = 0
DEFLATED = 8
ZIP64_SIZE = 0xFFFFFFFF
"""A size that says the real one is in a zip64 extra field."""
CHUNK = 1 << 16


class WalkRefused(ValueError):
    """The walk would read or inflate more than its limit, or meets what Java versions read
    differently; the message says which, in one line."""


@dataclass(frozen=True, slots=True)
class LocalEntry:
    """An entry as its local header describes it."""

    offset: int
    """Where its local header starts in the file."""
    flags: int
    method: int
    crc: int
    size: int
    """Its CRC and size as the local header gives them (meaningless with :data:`SIZES_AFTER`)."""


@dataclass(frozen=True, slots=True)
class Missed:
    """Why a walk met no entry of the name sought: the sentence ends "… before <reason>"."""

    reason: str


def first_local_entry(
    raw: BinaryIO, name: str, limit: int, max_entries: int
) -> LocalEntry | Missed:
    """The first entry called ``name`` that a ``ZipInputStream`` meets reading ``raw`` from its
    start, or why it meets none (the entries end, or one cannot be read and the walk fails).

    :raises WalkRefused: the entries before it hold more than ``limit`` bytes (read or
        inflated), or there are more than ``max_entries`` of them, or one has zip64 sizes.
    """
    budget = _Budget(limit)
    offset = 0
    for _ in range(max_entries + 1):
        raw.seek(offset)
        fixed = raw.read(_LOCAL.size)
        if len(fixed) < _LOCAL.size or fixed[:4] != LOCAL_HEADER:
            return Missed(f"the entries end at byte {offset:,}")
        _, _, flags, method, _, _, crc, csize, size, name_length, extra_length = _LOCAL.unpack(
            fixed
        )
        encoded = raw.read(name_length)
        extra = raw.read(extra_length)
        if len(encoded) + len(extra) < name_length + extra_length:
            return Missed(f"the file ends inside the header at byte {offset:,}")
        try:
            found = encoded.decode("utf-8")
        except UnicodeDecodeError:
            return Missed(f"the entry at byte {offset:,}, whose name is not UTF-8")
        problem = _unreadable(flags, method)
        if problem:
            return Missed(f"entry {found!r} at byte {offset:,}, which {problem}")
        if ZIP64_SIZE in (csize, size):
            raise WalkRefused(f"entry {found!r} at byte {offset:,} has zip64 sizes; not followed")
        if found == name:
            return LocalEntry(offset, flags, method, crc, size)
        start = offset + _LOCAL.size + name_length + extra_length
        try:
            offset = _data_end(raw, start, flags, method, (crc, csize, size), budget)
        except _Damaged as error:
            return Missed(f"entry {found!r} at byte {offset:,}, which {error}")
    raise WalkRefused(f"more than {max_entries:,} entries before the first {name!r}; not followed")


def _unreadable(flags: int, method: int) -> str:
    """Why ``ZipInputStream`` refuses an entry from its local header alone, or ''."""
    if flags & ENCRYPTED:
        return "is encrypted"
    if method not in (STORED, DEFLATED):
        return f"is compressed by method {method}"
    if flags & SIZES_AFTER and method != DEFLATED:
        return "is stored with its sizes after its data"
    return ""


class _Damaged(ValueError):
    """An entry whose data does not match what its header or data descriptor says."""


class _Budget:
    """The bytes a walk may still read or inflate."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.left = limit

    def spend(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            raise WalkRefused(
                f"the entries before the saved game hold more than {self.limit:,} bytes;"
                " not followed"
            )


def _data_end(
    raw: BinaryIO,
    start: int,
    flags: int,
    method: int,
    declared: tuple[int, int, int],
    budget: _Budget,
) -> int:
    """Where an entry's data (and data descriptor) ends, read as ``ZipInputStream`` reads it.

    :raises _Damaged: the file ends first, or the CRC or sizes do not match the data.
    """
    crc, csize, size = declared
    if method == STORED:
        budget.spend(size)
        read, actual_crc = _stored(raw, start, size)
        if read < size:
            raise _Damaged("ends before its data")
        if actual_crc != crc:
            raise _Damaged("fails its CRC check")
        return start + size
    read, inflated, actual_crc = _inflated(raw, start, budget)
    end = start + read
    if flags & SIZES_AFTER:
        raw.seek(end)
        descriptor = raw.read(4 + _DESCRIPTOR.size)
        skip = 4 if descriptor[:4] == DESCRIPTOR else 0
        if len(descriptor) < skip + _DESCRIPTOR.size:
            raise _Damaged("ends before its data descriptor")
        crc, csize, size = _DESCRIPTOR.unpack_from(descriptor, skip)
        end += skip + _DESCRIPTOR.size
    if (crc, csize, size) != (actual_crc, read, inflated):
        raise _Damaged("does not match its CRC or sizes")
    return end


def _stored(raw: BinaryIO, start: int, size: int) -> tuple[int, int]:
    """How many of ``size`` bytes from ``start`` the file has, and their CRC."""
    raw.seek(start)
    crc = 0
    read = 0
    while read < size:
        chunk = raw.read(min(CHUNK, size - read))
        if not chunk:
            break
        crc = zlib.crc32(chunk, crc)
        read += len(chunk)
    return read, crc


def _inflated(raw: BinaryIO, start: int, budget: _Budget) -> tuple[int, int, int]:
    """A raw deflate stream from ``start`` inflated to its end: the bytes it takes, the bytes it
    gives and their CRC (the output is counted, never kept).

    :raises _Damaged: the file ends first, or the stream is not deflate.
    """
    raw.seek(start)
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    fed = 0
    given = 0
    crc = 0
    try:
        while not inflater.eof:
            chunk = inflater.unconsumed_tail
            if not chunk:
                chunk = raw.read(CHUNK)
                if not chunk:
                    raise _Damaged("ends before its deflate stream does")
                fed += len(chunk)
                budget.spend(len(chunk))
            output = inflater.decompress(chunk, CHUNK)
            budget.spend(len(output))
            given += len(output)
            crc = zlib.crc32(output, crc)
    except zlib.error as error:
        raise _Damaged(f"cannot be inflated ({error})") from None
    return fed - len(inflater.unused_data), given, crc
