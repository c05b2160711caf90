"""Deterministic zip archives (modules, saved games, extensions), written directly.

A module holds thousands of entries, most of them PNG images that deflate cannot shrink, so
they are stored; the text entries are deflated (level 6, raw deflate, as :mod:`zipfile` does).
Headers are packed here rather than by :class:`zipfile.ZipFile`, whose per-entry bookkeeping
(a header written, then sought back to and rewritten) cost more than the data itself on a
2000-counter module. The bytes are those ``zipfile`` writes on a POSIX system for the same
entries: every entry at :data:`ZIP_TIME`, mode 0644, no extra field, no comment. An archive
that would need the zip64 extensions (over 65,535 entries, or offsets near 2 GiB) is left to
``zipfile``, which knows them.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from collections.abc import Sequence
from concurrent.futures import Executor, Future

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every archive entry's time: the same sources give the same bytes."""
DEFLATE_LEVEL = 6
BACKGROUND_BYTES = 1 << 18
"""Entries this big are worth deflating on another thread (a module's buildFile.xml)."""

_DOS_DATE = (ZIP_TIME[0] - 1980) << 9 | ZIP_TIME[1] << 5 | ZIP_TIME[2]
_DOS_TIME = ZIP_TIME[3] << 11 | ZIP_TIME[4] << 5 | ZIP_TIME[5] // 2
_LOCAL = b"PK\x03\x04\x14\x00"
"""A local header's signature, version needed (2.0: deflate) and a reserved byte."""
_CENTRAL = b"PK\x01\x02\x14\x03\x14\x00"
"""A central record's signature, made by 2.0 on Unix, version needed 2.0, a reserved byte."""
_COMMON = struct.Struct("<4HL2L2H")
"""What both records say: flags, method, time, date, CRC, both sizes, name and extra lengths."""
_CENTRAL_TAIL = struct.Struct("<3H2L")
"""The central record's comment length, disk, internal and external attributes, offset."""
_END = struct.Struct("<4s4H2LH")
_MODE = 0o644 << 16
_UTF8_NAME = 0x800
_LIMIT = zipfile.ZIP64_LIMIT
_MAX_ENTRIES = zipfile.ZIP_FILECOUNT_LIMIT


def zip_archive(entries: Sequence[tuple[str, bytes]], pool: Executor | None = None) -> bytes:
    """A deterministic archive: entries in the given order, fixed times and modes; PNG images
    stored, everything else deflated. With a ``pool`` of threads, the big entries are deflated
    there (zlib lets go of the interpreter while it works) as the rest are packed here."""
    if len(entries) > _MAX_ENTRIES:
        return _zipfile_archive(entries)
    deflating: dict[int, Future[bytes]] = {}
    if pool is not None:
        for n, (name, content) in enumerate(entries):
            if len(content) >= BACKGROUND_BYTES and not name.endswith(".png"):
                deflating[n] = pool.submit(_deflate, content)
    parts: list[bytes] = []
    central: list[bytes] = []
    offset = 0
    for n, (name, content) in enumerate(entries):
        if len(content) * 1.05 > _LIMIT or offset > _LIMIT:
            return _zipfile_archive(entries)
        raw_name, flags = _name(name)
        stored = name.endswith(".png")
        data = content if stored else deflating[n].result() if n in deflating else _deflate(content)
        common = _COMMON.pack(
            flags,
            zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED,
            _DOS_TIME,
            _DOS_DATE,
            zlib.crc32(content),
            len(data),
            len(content),
            len(raw_name),
            0,
        )
        parts += (_LOCAL, common, raw_name, data)
        central += (_CENTRAL, common, _CENTRAL_TAIL.pack(0, 0, 0, _MODE, offset), raw_name)
        offset += len(_LOCAL) + len(common) + len(raw_name) + len(data)
    directory = b"".join(central)
    if offset > _LIMIT or len(directory) > _LIMIT:
        return _zipfile_archive(entries)
    end = _END.pack(b"PK\x05\x06", 0, 0, len(entries), len(entries), len(directory), offset, 0)
    return b"".join([*parts, directory, end])


def _name(name: str) -> tuple[bytes, int]:
    """An entry name's bytes and flags: ASCII as is, anything else UTF-8, flagged so."""
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), _UTF8_NAME


def _deflate(content: bytes) -> bytes:
    compressor = zlib.compressobj(DEFLATE_LEVEL, zlib.DEFLATED, -15)
    return compressor.compress(content) + compressor.flush()


def _zipfile_archive(entries: Sequence[tuple[str, bytes]]) -> bytes:
    """The same archive by :mod:`zipfile`, with zip64 records where it needs them."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in entries:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.external_attr = _MODE
            info.create_system = 3  # Unix, wherever it is made
            stored = name.endswith(".png")
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            archive.writestr(info, content, compresslevel=None if stored else DEFLATE_LEVEL)
    return buffer.getvalue()
