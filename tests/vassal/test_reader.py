"""Reading archives as VASSAL reads them: of an entry listed twice, the copy VASSAL takes (the
first savedGame of a saved game or log, the last copy of anything else) and one line naming it;
a savedGame only VASSAL's walk through the local headers meets, and one line naming it."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

import pytest

from tests.vassal.vmods import listed, unlisted
from toolkit.vassal.format.codec import ESC, encode, obfuscate
from toolkit.vassal.read.reader import (
    MAX_DUPLICATES_SHOWN,
    ArchiveError,
    archive_from_bytes,
    read_saved_game,
)
from toolkit.vassal.read.zipstream import LocalEntry, Missed, WalkRefused, first_local_entry


def stream(piece: str) -> bytes:
    return obfuscate(encode(["begin_save", piece, "end_save"], ESC))


def test_a_saved_game_is_read_from_its_first_saved_game_entry() -> None:
    """VASSAL's GameState.decodeSavedGame reads a ZipInputStream and stops at the first."""
    data = listed(
        [("savedGame", stream("first")), ("savedata", b""), ("savedGame", stream("last"))]
    )
    with archive_from_bytes(data) as archive:
        assert "first" in read_saved_game(archive)
        assert archive.duplicates == {"savedGame": 2}
        assert archive.duplicate_messages() == [
            "entry 'savedGame' is in the archive 2 times; VASSAL reads only the first, another"
            " reader may read another copy"
        ]


def test_any_other_entry_is_read_from_its_last_copy() -> None:
    """VASSAL's ZipArchive maps names to entries in central-directory order: the last wins."""
    data = listed([("buildFile.xml", b"first"), ("buildFile.xml", b"last"), ("x", b"x")])
    with archive_from_bytes(data) as archive:
        assert archive.read("buildFile.xml") == b"last"
        assert archive.duplicate_messages() == [
            "entry 'buildFile.xml' is in the archive 2 times; VASSAL reads only the last, another"
            " reader may read another copy"
        ]


def test_an_archive_listing_each_entry_once_says_nothing() -> None:
    with archive_from_bytes(listed([("savedGame", stream("one")), ("a", b"")])) as archive:
        assert archive.duplicates == {}
        assert archive.duplicate_messages() == []


def test_many_duplicated_names_are_named_up_to_a_limit() -> None:
    names = [f"images/{n}.png" for n in range(MAX_DUPLICATES_SHOWN + 3)]
    data = listed([(name, b"") for name in names for _ in range(3)])
    with archive_from_bytes(data) as archive:
        messages = archive.duplicate_messages()
    assert len(messages) == MAX_DUPLICATES_SHOWN + 1
    assert messages[0].startswith("entry 'images/0.png' is in the archive 3 times;")
    assert messages[-1] == "and 3 more entries listed more than once"


# -- a savedGame hidden from the central directory ------------------------------------------------


def test_a_saved_game_the_directory_does_not_list_is_named() -> None:
    """VASSAL's ZipInputStream meets the first local header; zipfile goes by the directory."""
    data = unlisted(
        listed([("savedGame", stream("hidden")), ("savedGame", stream("listed"))]), "savedGame"
    )
    offset = zipfile.ZipFile(io.BytesIO(data)).getinfo("savedGame").header_offset
    with archive_from_bytes(data) as archive:
        assert archive.duplicates == {}
        assert "listed" in read_saved_game(archive)
        assert archive.hidden_messages() == [
            "entry 'savedGame' at byte 0 is hidden: VASSAL reads this copy, which the archive's"
            f" directory does not list (it lists one at byte {offset:,})"
        ]


def test_a_saved_game_only_a_local_header_holds_is_named() -> None:
    data = unlisted(listed([("savedGame", stream("hidden")), ("savedata", b"")]), "savedGame")
    with archive_from_bytes(data) as archive:
        assert archive.hidden_messages() == [
            "entry 'savedGame' at byte 0 is hidden: VASSAL reads this copy, which the archive's"
            " directory does not list (it lists none)"
        ]
        with pytest.raises(ArchiveError, match="no 'savedGame' entry"):
            read_saved_game(archive)


def test_a_saved_game_after_other_entries_is_the_one_both_read() -> None:
    entries = [("moduledata", b"<data/>" * 500), ("images/a.png", b"\x89PNG" * 9)]
    with archive_from_bytes(listed([*entries, ("savedGame", stream("one"))])) as archive:
        assert archive.hidden_messages() == []


def unseekable(entries: list[tuple[str, bytes]]) -> bytes:
    """An archive written as Java's ZipOutputStream writes one (and VASSAL its saves): deflated
    entries whose CRC and sizes follow their data, in a data descriptor (flag bit 3)."""

    class Sink(io.RawIOBase):
        def __init__(self) -> None:
            self.data = bytearray()

        def writable(self) -> bool:
            return True

        def write(self, chunk: bytes) -> int:  # type: ignore[override]
            self.data += chunk
            return len(chunk)

    sink = Sink()
    with zipfile.ZipFile(sink, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries:
            with archive.open(name, "w") as entry:
                entry.write(content)
    return bytes(sink.data)


def test_entries_with_data_descriptors_are_walked_to_the_saved_game() -> None:
    data = unseekable([("moduledata", b"<data/>" * 900), ("savedGame", stream("one"))])
    assert data[6] & 0x8, "the first entry's sizes follow its data"
    with archive_from_bytes(data) as archive:
        assert archive.hidden_messages() == []


def local(name: str, content: bytes, *, descriptor: bytes | None = None, crc: int = -1) -> bytes:
    """One deflated local entry: sizes in its header, or (flag bit 3) in a data descriptor
    with or without its signature (``descriptor``: empty, or the signature)."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    deflated = packer.compress(content) + packer.flush()
    actual = zlib.crc32(content) if crc < 0 else crc
    sizes = (actual, len(deflated), len(content))
    flags = 0 if descriptor is None else 0x8
    header = struct.pack(
        "<4s5H3L2H",
        b"PK\x03\x04",
        20,
        flags,
        8,
        0,
        0,
        *(sizes if descriptor is None else (0, 0, 0)),
        len(name),
        0,
    )
    tail = b"" if descriptor is None else descriptor + struct.pack("<3L", *sizes)
    return header + name.encode() + deflated + tail


@pytest.mark.parametrize("signature", [b"PK\x07\x08", b""], ids=["signed", "unsigned"])
def test_a_data_descriptor_is_found_by_inflating_with_or_without_its_signature(
    signature: bytes,
) -> None:
    """ZipInputStream.readEnd: the descriptor's signature is optional."""
    first = local("moduledata", b"<data/>" * 300, descriptor=signature)
    walked = first_local_entry(
        io.BytesIO(first + local("savedGame", b"x")), "savedGame", 1 << 20, 10
    )
    assert isinstance(walked, LocalEntry) and walked.offset == len(first)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"", "the entries end at byte 0"),
        (b"MZ" + local("savedGame", b"x"), "the entries end at byte 0"),
        (local("a", b"abc", crc=1) + local("savedGame", b"x"), "entry 'a' at byte 0, which does"),
        (local("a", b"abc")[:-3], "entry 'a' at byte 0, which ends before its deflate stream"),
        (local("a", b"abc", descriptor=b"")[:-2], "entry 'a' at byte 0, which ends before its"),
    ],
    ids=["empty", "prefixed", "wrong-crc", "truncated", "truncated-descriptor"],
)
def test_a_walk_that_cannot_reach_the_saved_game_says_where_it_stops(
    raw: bytes, reason: str
) -> None:
    walked = first_local_entry(io.BytesIO(raw), "savedGame", 1 << 20, 10)
    assert isinstance(walked, Missed) and walked.reason.startswith(reason), walked


def test_a_saved_game_vassal_cannot_reach_is_named() -> None:
    """A file that does not start with a local header: VASSAL loads nothing, zipfile a game."""
    data = b"MZ" + listed([("savedGame", stream("one"))])
    with archive_from_bytes(data) as archive:
        assert archive.hidden_messages() == [
            "entry 'savedGame' at byte 2 is out of VASSAL's reach: reading the entries from the"
            " file's start, it meets none before the entries end at byte 0"
        ]


def test_a_walk_reads_and_inflates_no_more_than_its_limit() -> None:
    bomb = local("a", bytes(1 << 20)) + local("savedGame", b"x")
    with pytest.raises(WalkRefused, match="more than 65,536 bytes; not followed"):
        first_local_entry(io.BytesIO(bomb), "savedGame", 1 << 16, 10)
    many = local("a", b"") * 11 + local("savedGame", b"x")
    with pytest.raises(WalkRefused, match="more than 10 entries"):
        first_local_entry(io.BytesIO(many), "savedGame", 1 << 16, 10)
