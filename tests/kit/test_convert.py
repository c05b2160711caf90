"""SVG to PDF: bundled fonts, safe fetching, hostile names, shared drawings."""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT, tool_missing
from tests.kit.conftest import make_kit, page_texts
from toolkit.kit.pdf import metadata, use_bundled_fonts
from toolkit.kit.pdf.convert import EMPTY_SVG, game_fetcher
from toolkit.load import load_game
from toolkit.render.fonts import FONT_DIR

HOSTILE = ROOT / "tests" / "corpus" / "broken" / "hostile-names-are-fine"


def test_fontconfig_is_pointed_at_the_bundled_fonts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The configuration ships with the fonts: nothing is written to the temporary folder (a
    build used to leave a file there), and fontconfig finds the bundled files through it."""
    monkeypatch.delenv("FONTCONFIG_FILE", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    use_bundled_fonts()
    conf = Path(os.environ["FONTCONFIG_FILE"])
    assert conf.parent == FONT_DIR and not list(tmp_path.iterdir())
    assert '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>' in conf.read_text(
        encoding="utf-8"
    )
    if shutil.which("fc-list") is None:
        tool_missing("fc-list is not here to show what fontconfig finds")
    found = subprocess.run(
        ["fc-list", "--format", "%{file}\n"],
        env={**os.environ, "FONTCONFIG_FILE": str(conf), "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf") in found


def test_a_fontconfig_file_the_user_set_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FONTCONFIG_FILE", "/somewhere/fonts.conf")
    use_bundled_fonts()
    assert os.environ["FONTCONFIG_FILE"] == "/somewhere/fonts.conf"


def test_fetcher_reads_data_urls_and_files_inside_the_game_only(tmp_path: Path) -> None:
    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    (game / "art" / "logo.svg").write_bytes(b"<svg/>")
    (tmp_path / "secret.txt").write_bytes(b"secret")
    fetch = game_fetcher(game)
    data = "data:image/svg+xml;base64," + base64.b64encode(b"<svg>x</svg>").decode()
    assert fetch(data, "image/*") == b"<svg>x</svg>"
    assert fetch("art/logo.svg", "image/*") == b"<svg/>"
    assert fetch(f"file://{game}/art/logo.svg", "image/*") == b"<svg/>"
    assert fetch("../secret.txt", "image/*") == EMPTY_SVG
    assert fetch(str(tmp_path / "secret.txt"), "image/*") == EMPTY_SVG
    assert fetch("https://example.com/x.png", "image/*") == EMPTY_SVG
    assert game_fetcher(None)("art/logo.svg", "image/*") == EMPTY_SVG


def test_metadata_dates_only_from_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert set(metadata("T")) == {"/Title", "/Producer", "/Creator"}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert metadata("T")["/ModDate"] == "D:19700101000000Z"


def test_hostile_names_are_printed_as_text(tmp_path: Path) -> None:
    game_dir = tmp_path / "minimal-hex"
    shutil.copytree(FIXTURES / "minimal-hex", game_dir)
    for item in HOSTILE.iterdir():
        if item.is_dir():
            shutil.copytree(item, game_dir / item.name, dirs_exist_ok=True)
        elif item.name != "expect.json":
            shutil.copy(item, game_dir / item.name)
    result = load_game(game_dir)
    assert result.game is not None, result.report.format_text()
    text = "\n".join(page_texts(make_kit(result.game)))
    assert 'Counters: <script>alert(1)</script> & "Blue" Army; Łódź Київ' in text
