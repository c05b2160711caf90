"""Reading archives as VASSAL reads them: of an entry listed twice, the copy VASSAL takes (the
first savedGame of a saved game or log, the last copy of anything else) and one line naming it."""

from __future__ import annotations

from tests.vassal.vmods import listed
from toolkit.vassal.codec import ESC, encode, obfuscate
from toolkit.vassal.reader import (
    MAX_DUPLICATES_SHOWN,
    archive_from_bytes,
    read_saved_game,
)


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
