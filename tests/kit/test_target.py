"""The kit as an output: registered as 'kit', written by the one writer, options from the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import FIXTURES, ROOT, run_cli
from tests.kit.conftest import with_print
from tests.kit.fakes import fake_artwork
from toolkit.errors import BuildError
from toolkit.kit.outputs import kit_files
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.ownership import MARK
from toolkit.targets import target_names
from toolkit.workers import Workers


def test_kit_is_a_registered_output() -> None:
    assert target_names().count("kit") == 1


def test_bad_print_settings_are_one_build_error(hex_game: Game) -> None:
    game = with_print(hex_game, paper="legal")
    with pytest.raises(BuildError, match="unknown paper 'legal'; use letter, a4"):
        list(kit_files(game, fake_artwork(game), BuildOptions(), Workers(game)))


def test_command_line_builds_the_kit_with_real_renderers(tmp_path: Path) -> None:
    result = run_cli(
        "build", str(FIXTURES / "minimal-hex"), "--only", "kit", "-o", str(tmp_path), cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    written = sorted(p.name for p in (tmp_path / "minimal-hex").iterdir())
    assert written == [MARK, "minimal-hex-kit.pdf"]
    reader = PdfReader(tmp_path / "minimal-hex" / "minimal-hex-kit.pdf")
    assert len(reader.pages) >= 10
    assert {(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages} == {
        (612.0, 792.0)
    }


def test_command_line_options_override_the_game(tmp_path: Path) -> None:
    result = run_cli(
        "build",
        str(FIXTURES / "minimal-hex"),
        "--only",
        "kit",
        "-o",
        str(tmp_path),
        "--paper",
        "a4",
        "--duplex",
        "short-edge",
        "--maps",
        "both",
        "-j",
        "2",
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    reader = PdfReader(tmp_path / "minimal-hex" / "minimal-hex-kit.pdf")
    sizes = {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader.pages
    }
    assert (595.28, 841.89) in sizes and len(sizes) == 2  # A4, and the full-size map page
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "backs (short-edge duplex)" in text and "flip on short edge" in text


def test_command_line_writes_the_print_shop_kit_beside_the_home_kit(tmp_path: Path) -> None:
    result = run_cli(
        "build",
        str(FIXTURES / "minimal-hex"),
        "--only",
        "kit",
        "--kit",
        "print-shop",
        "--ink-limit",
        "240",
        "-o",
        str(tmp_path),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    folder = tmp_path / "minimal-hex"
    written = sorted(p.name for p in folder.iterdir())
    assert written == [MARK, "minimal-hex-kit-print-shop.pdf", "minimal-hex-kit.pdf"]
    shop = PdfReader(folder / "minimal-hex-kit-print-shop.pdf")
    assert shop.trailer["/Info"]["/GTS_PDFXVersion"] == "PDF/X-4"
    home = (folder / "minimal-hex-kit.pdf").read_bytes()
    assert b"/GTS_PDFXVersion" not in home and b"/CutContour" not in home


def test_command_line_die_lines_in_the_home_kit(tmp_path: Path) -> None:
    result = run_cli(
        "build",
        str(FIXTURES / "minimal-hex"),
        "--only",
        "kit",
        "--die-lines",
        "-o",
        str(tmp_path),
        "--no-cache",
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    home = PdfReader(tmp_path / "minimal-hex" / "minimal-hex-kit.pdf")
    layers = home.trailer["/Root"]["/OCProperties"]["/OCGs"]
    assert [g.get_object()["/Name"] for g in layers] == ["Die lines"]


def test_the_module_carries_the_home_kit_only(hex_game: Game) -> None:
    from toolkit.targets import module_documents

    options = BuildOptions(kit="print-shop")
    with Workers(hex_game) as workers:
        documents = module_documents(hex_game, fake_artwork(hex_game), options, workers)
    kits = [d.entry for d in documents if d.entry.endswith(".pdf")]
    assert kits == ["help/minimal-hex-kit.pdf"]
