"""Small modules and saved games made in memory, and edits of real ones, for the checker's tests."""

from __future__ import annotations

import io
import warnings
import zipfile
from collections.abc import Callable, Mapping, Sequence

from toolkit.vassal.format.codec import deobfuscate, obfuscate

Entries = dict[str, bytes]


def read_zip(data: bytes) -> Entries:
    """An archive's entries by name, in order."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def make_zip(entries: Mapping[str, bytes]) -> bytes:
    """An archive of ``entries``, in order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries.items():
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), content)
    return buffer.getvalue()


def listed(entries: Sequence[tuple[str, bytes]]) -> bytes:
    """An archive of ``entries`` in order, a name listed twice if given twice."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive, warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Duplicate name", UserWarning)
        for name, content in entries:
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), content)
    return buffer.getvalue()


def edit_text(data: bytes, old: str, new: str) -> bytes:
    """``data`` with the first ``old`` replaced (which must be there)."""
    text = data.decode("utf-8")
    assert old in text, f"{old!r} is not in the text"
    return text.replace(old, new, 1).encode("utf-8")


def edit_build_file(vmod: bytes, old: str, new: str) -> bytes:
    """A module whose buildFile.xml has its first ``old`` replaced by ``new``."""
    entries = read_zip(vmod)
    entries["buildFile.xml"] = edit_text(entries["buildFile.xml"], old, new)
    return make_zip(entries)


def without_entry(vmod: bytes, name: str) -> bytes:
    """A module without one entry."""
    entries = read_zip(vmod)
    del entries[name]
    return make_zip(entries)


def renamed_entry(vmod: bytes, name: str, new_name: str) -> bytes:
    """A module with one entry renamed."""
    entries = read_zip(vmod)
    entries[new_name] = entries.pop(name)
    return make_zip(entries)


def edit_save(vsav: bytes, edit: Callable[[str], str]) -> bytes:
    """A saved game whose command stream is ``edit(stream)``, obfuscated again."""
    entries = read_zip(vsav)
    entries["savedGame"] = obfuscate(edit(deobfuscate(entries["savedGame"])))
    return make_zip(entries)


def edit_inner_save(vmod: bytes, entry: str, edit: Callable[[str], str]) -> bytes:
    """A module whose scenario ``entry`` has its command stream edited."""
    entries = read_zip(vmod)
    entries[entry] = edit_save(entries[entry], edit)
    return make_zip(entries)


def replace_once(old: str, new: str) -> Callable[[str], str]:
    """An edit replacing the first ``old`` (which must be there) with ``new``."""

    def edit(text: str) -> str:
        assert old in text, f"{old!r} is not in the text"
        return text.replace(old, new, 1)

    return edit


def module_with_build_file(build_file: bytes, extra: Mapping[str, bytes] | None = None) -> bytes:
    """A module made of a build file (and any other entries)."""
    return make_zip({"buildFile.xml": build_file, **(extra or {})})


def declared_size(data: bytes, name: str, size: int) -> bytes:
    """An archive whose central directory claims entry ``name`` holds ``size`` bytes."""
    raw = bytearray(data)
    encoded = name.encode("utf-8")
    at = raw.find(b"PK\x01\x02")
    while at >= 0:
        name_length = int.from_bytes(raw[at + 28 : at + 30], "little")
        if raw[at + 46 : at + 46 + name_length] == encoded:
            raw[at + 24 : at + 28] = size.to_bytes(4, "little")
            return bytes(raw)
        at = raw.find(b"PK\x01\x02", at + 4)
    raise AssertionError(f"no central directory entry for {name!r}")


def unlisted(data: bytes, name: str) -> bytes:
    """An archive whose central directory leaves out its first record of entry ``name``: the
    entry stays in the file, behind its local header, which only a reader walking the local
    headers (Java's ZipInputStream) meets. No comment may follow the directory."""
    raw = bytearray(data)
    end = raw.rfind(b"PK\x05\x06")
    assert end >= 0 and len(raw) == end + 22, "an archive with no comment"
    at = int.from_bytes(raw[end + 16 : end + 20], "little")
    encoded = name.encode("utf-8")
    while raw[at : at + 4] == b"PK\x01\x02":
        lengths = [int.from_bytes(raw[at + n : at + n + 2], "little") for n in (28, 30, 32)]
        record = 46 + sum(lengths)
        if raw[at + 46 : at + 46 + lengths[0]] == encoded:
            del raw[at : at + record]
            end -= record
            for field in (8, 10):  # entries on this disk, and in all
                count = int.from_bytes(raw[end + field : end + field + 2], "little")
                raw[end + field : end + field + 2] = (count - 1).to_bytes(2, "little")
            size = int.from_bytes(raw[end + 12 : end + 16], "little")
            raw[end + 12 : end + 16] = (size - record).to_bytes(4, "little")
            return bytes(raw)
        at += record
    raise AssertionError(f"no central directory entry for {name!r}")
