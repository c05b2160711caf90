"""What the module offers beyond the game itself, as players expect of a published module: a
flare on every map, an overview window on a large one, a notes window, a Help menu opening the
rules summary and the print-and-play kit, and the game's credits in its metadata."""

from __future__ import annotations

import dataclasses
import zipfile
from pathlib import Path

import pytest
from lxml import etree  # type: ignore[import-untyped]

from tests.conftest import load_fixture
from toolkit.build import build_game, selected_targets
from toolkit.kit.summary import summary_html
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.vassal.format.layout import Board
from toolkit.vassal.read.check import check_module
from toolkit.vassal.write.buildfile import module_credits
from toolkit.vassal.write.mapwindow import is_large, map_window, overview_scale
from toolkit.vassal.write.module import module_data
from toolkit.vassal.write.warnings import ModuleWarnings

M = "VASSAL.build.module."
KIT = "help/minimal-hex-kit.pdf"
PAGE = "help/rules-summary.html"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The minimal hex game's kit and module, built together as ``toolkit build`` does."""
    out = tmp_path_factory.mktemp("build")
    game = load_fixture("minimal-hex")
    return build_game(game, out, selected_targets(["kit", "vmod"]), BuildOptions()).folder


@pytest.fixture(scope="module")
def root(built: Path) -> etree._Element:
    with zipfile.ZipFile(built / "minimal-hex.vmod") as archive:
        return etree.fromstring(archive.read("buildFile.xml"))


def board(width: int, height: int) -> Board:
    return Board("m", "Front", "m.png", b"", (width, height), None, (), (), {})


def test_every_map_has_a_flare_that_says_where_in_the_chat(root: etree._Element) -> None:
    maps = root.findall(M + "Map")
    assert maps
    for map_ in maps:
        flares = map_.findall(M + "map.Flare")
        assert len(flares) == 1
        assert dict(flares[0].attrib) == {
            "flareName": "Flare",
            "description": "",
            "flareKey": "keyAlt",
            "circleSize": "100",
            "circleColor": "255,0,0",
            "circleScale": "true",
            "flarePulses": "6",
            "flarePulsesPerSec": "3",
            "reportFormat": "$PlayerName$ points at $FlareLocation$ ($FlareMap$)",
        }


@pytest.mark.parametrize(
    ("size", "large"),
    [
        ((6675, 5504), True),
        ((2426, 2673), True),
        ((1921, 1081), True),
        ((1920, 1081), False),
        ((2463, 900), False),
        ((1834, 2258), False),
        ((947, 1276), False),
    ],
    ids=["europe", "front", "just-over", "screen-wide", "long-track", "tall-chart", "small"],
)
def test_a_map_is_large_when_it_overflows_a_screen_both_ways(
    size: tuple[int, int], large: bool
) -> None:
    assert is_large(board(*size)) is large


@pytest.mark.parametrize(
    ("size", "scale"),
    [((6075, 5178), 0.0579), ((4000, 3000), 0.1), ((2225, 1530), 0.1797)],
    ids=["tall", "exact", "wide"],
)
def test_the_overview_fits_its_box(size: tuple[int, int], scale: float) -> None:
    assert overview_scale(board(*size)) == scale
    assert size[0] * scale <= 400 and size[1] * scale <= 300


def test_a_large_map_has_an_overview_window_and_a_small_one_none(root: etree._Element) -> None:
    large = etree.Element("module")
    map_window(large, board(4000, 3000), False, (), ModuleWarnings())
    overviews = large.findall(f"{M}Map/{M}map.GlobalMap")
    assert [dict(o.attrib) for o in overviews] == [
        {
            "tooltip": "Show or hide the overview of the whole map",
            "buttonText": "Overview",
            "icon": "",
            "hotkey": "",
            "scale": "0.1",
            "color": "255,0,0",
        }
    ]
    assert root.findall(f"{M}Map/{M}map.GlobalMap") == []  # the minimal map fits a screen


def test_the_module_has_a_notes_window(root: etree._Element) -> None:
    notes = root.findall(M + "NotesWindow")
    assert len(notes) == 1
    assert notes[0].get("buttonText") == "Notes"
    assert notes[0].get("icon") == ""


def test_the_help_menu_opens_the_rules_summary_and_the_kit(
    root: etree._Element, built: Path
) -> None:
    items = root.findall(f"{M}Documentation/*")
    assert [(item.tag, dict(item.attrib)) for item in items] == [
        (
            M + "documentation.HelpFile",
            {
                "title": "Rules summary",
                "fileName": PAGE,
                "fileType": "archive",
                "vassalDoc": "false",
            },
        ),
        (
            M + "documentation.BrowserPDFFile",
            {"title": "Print-and-play kit (PDF)", "pdfFile": KIT},
        ),
    ]
    with zipfile.ZipFile(built / "minimal-hex.vmod") as archive:
        assert archive.read(KIT) == (built / "minimal-hex-kit.pdf").read_bytes()
        assert archive.read(PAGE) == summary_html(load_fixture("minimal-hex"))


def test_the_rules_summary_page_quotes_every_rule_in_ascii() -> None:
    game = load_fixture("minimal-hex")
    page = summary_html(dataclasses.replace(game, subtitle="Été — 1914 <draft>"))
    text = page.decode("ascii")
    assert "<h1>Minimal Hex</h1>" in text
    assert "<p><i>&#201;t&#233; &#8212; 1914 &lt;draft&gt;</i></p>" in text
    assert game.rules
    for rule in game.rules:
        assert f"<b>{rule.cite}</b>&nbsp; {rule.text}" in text


def test_a_game_without_rules_says_so_on_its_page() -> None:
    game = dataclasses.replace(load_fixture("minimal-hex"), rules=())
    assert b"The module checks no rule of this game" in summary_html(game)


def credited(game: Game) -> Game:
    return dataclasses.replace(
        game, designer="Rick Young & Jesse Evans", publisher="GMT Games", year=2003
    )


def test_the_credits_name_the_designer_and_the_publisher() -> None:
    game = load_fixture("minimal-hex")
    assert module_credits(credited(game)) == (
        "Design: Rick Young & Jesse Evans",
        "© 2003 GMT Games",
    )
    assert module_credits(dataclasses.replace(game, publisher="3W", year=None)) == ("", "© 3W")
    assert module_credits(dataclasses.replace(game, designer="", publisher="")) == ("", "")


def test_the_metadata_carries_the_credits() -> None:
    data = etree.fromstring(module_data(credited(load_fixture("minimal-hex"))))
    assert data.findtext("extra1") == "Design: Rick Young & Jesse Evans"
    assert data.findtext("extra2") == "© 2003 GMT Games"
    assert data.findtext("description") == load_fixture("minimal-hex").description


def test_a_game_without_credits_writes_none(root: etree._Element) -> None:
    assert root.get("ModuleOther1") == "" and root.get("ModuleOther2") == ""
    data = etree.fromstring(module_data(load_fixture("minimal-hex")))
    assert data.find("extra1") is None and data.find("extra2") is None


def test_vmod_check_accepts_the_module(built: Path) -> None:
    saves = sorted((built / "scenarios").glob("*.vsav"))
    assert [d.format() for d in check_module(built / "minimal-hex.vmod", saves)] == []
