"""The direct zip writer gives the bytes zipfile gives, and zipfile reads them back intact; a
module deflated on threads is the module deflated on one."""

from __future__ import annotations

import gc
import io
import zipfile
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.model.rule_games import game
from toolkit.render.artwork import draw_artwork, rasterise
from toolkit.vassal.write import archive
from toolkit.vassal.write.archive import ZIP_TIME, zip_archive
from toolkit.vassal.write.module import compile_module
from toolkit.workers import Workers

ENTRIES = [
    ("buildFile.xml", b"<module>" + b"<piece/>" * 5000 + b"</module>"),
    ("moduledata", b""),
    ("images/a-front.png", bytes(range(256)) * 40),
    ("images/\u00e9t\u00e9 \u2014 \u65e5\u672c.png", b"\x89PNG not really"),
    ("game/setups/\u00e9t\u00e9.json", '{"name": "\u00e9t\u00e9"}'.encode()),
    ("scenario.vsav", b"PK" + bytes(1000)),
]


def zipfile_archive(entries: list[tuple[str, bytes]]) -> bytes:
    """The archive as zipfile writes it, entry by entry: the reference."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as written:
        for name, content in entries:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.external_attr = 0o644 << 16
            stored = name.endswith(".png")
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            written.writestr(info, content, compresslevel=None if stored else 6)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "entries",
    [ENTRIES, ENTRIES[:1], ENTRIES[2:3], []],
    ids=["mixed", "one-deflated", "one-stored", "empty"],
)
def test_the_bytes_are_those_zipfile_writes(entries: list[tuple[str, bytes]]) -> None:
    assert zip_archive(entries) == zipfile_archive(entries)


def test_zipfile_reads_every_entry_back_intact() -> None:
    with zipfile.ZipFile(io.BytesIO(zip_archive(ENTRIES))) as read:
        assert read.testzip() is None
        assert [(i.filename, read.read(i)) for i in read.infolist()] == ENTRIES
        methods = {i.filename: i.compress_type for i in read.infolist()}
        times = {i.date_time for i in read.infolist()}
    assert methods["images/a-front.png"] == zipfile.ZIP_STORED
    assert methods["buildFile.xml"] == zipfile.ZIP_DEFLATED
    assert times == {ZIP_TIME}


def test_big_entries_deflated_on_threads_give_the_same_bytes() -> None:
    big = [("big.xml", b"<slot/>" * archive.BACKGROUND_BYTES), *ENTRIES]
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert zip_archive(big, pool) == zipfile_archive(big)


def test_an_archive_past_the_zip_limits_is_left_to_zipfile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    many = [(f"images/{n}.png", b"x") for n in range(3)]
    monkeypatch.setattr(archive, "_MAX_ENTRIES", 2)
    assert zip_archive(many) == zipfile_archive(many)
    monkeypatch.setattr(archive, "_MAX_ENTRIES", 65535)
    monkeypatch.setattr(archive, "_LIMIT", 1)
    assert zip_archive(many) == zipfile_archive(many)


def test_a_module_made_on_threads_is_the_module_made_on_one() -> None:
    """Deflating on other threads changes when the bytes are made, not which; and the garbage
    collector, paused while the module is made, runs again afterwards."""
    the_game = game("rules-hex")
    with Workers(the_game) as workers:
        artwork = rasterise(draw_artwork(the_game, workers), the_game.print.dpi, workers)
    alone = compile_module(the_game, artwork, jobs=1)
    threaded = compile_module(the_game, artwork, jobs=3)
    assert gc.isenabled()
    assert threaded == alone
    assert [setup_id for setup_id, _ in alone.saves] == [s.id for s in the_game.setups]
