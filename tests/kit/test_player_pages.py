"""A player's pages hold no developer's words: no file path of the sources, no raw id beside a
name, read back from each game's kit (the text pages: cover, setup sheets, rules summary, page
headers and tile labels)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from functools import cache

import pytest

from tests.conftest import SOURCES
from tests.kit.conftest import page_texts, shared_kit
from toolkit.catalogue import words
from toolkit.load import load_game
from toolkit.model import Game

GAMES = sorted(p.parent.name for p in SOURCES.glob("*/game.json"))

PATH = re.compile(r"[\w./-]+\.(?:json|csv|svg|xml|md|py|vmod|vsav)\b|\bsources/|\bREADME\b")
"""A file of the sources or a folder of the project, as a developer would write it."""

MAINTAINER_NOTE = re.compile(
    r"\bunverified\b|\bnon vérifiée?s?\b|\((?:missing|manquante?s?)\)|\bTODO\b|\bFIXME\b"
    r"|\bto be checked\b|\bà vérifier\b",
    re.IGNORECASE,
)
"""A note a maintainer leaves for the next one: a publisher's page says what a value is
(representative, from the rules), never that nobody has checked it yet."""

EDITORS_WE = re.compile(r"(?<![\w-])(?:[Ww]e|[Oo]urs?|[Nn]otre|[Nn]os)(?![\w-])")
"""The editors speaking of themselves ('the text we have', 'notre carte'): a publisher's
page says 'this table', 'this map'."""

OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*")
"""A command-line option: a player of a published kit has no command line to give it to."""


@cache
def _game(name: str) -> Game:
    result = load_game(SOURCES / name)
    assert result.game is not None, result.report.format_text()
    return result.game


@cache
def _text(name: str) -> str:
    return "\n".join(page_texts(shared_kit(_game(name))))


def strings(value: object) -> Iterator[str]:
    """Every string a chart holds (title, headers, cells, notes), walked through its fields."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from strings(item)


@cache
def _chart_text(name: str) -> str:
    """The words of the game's charts: a stand-in kit draws no chart, so they are read from the
    charts themselves."""
    return "\n".join(s for chart in _game(name).charts for s in strings(chart))


def raw_ids(game: Game) -> set[str]:
    """Ids a player never reads: slugs with a hyphen (one-word ids read like words) of the
    locations that have a name, the counters, setups, maps and charts."""
    ids = {loc.label for loc in game.locations.values() if loc.name and loc.kind not in ("hex",)}
    ids |= {c.id for c in game.counters} | {s.id for s in game.setups}
    ids |= {m.id for m in game.maps} | {c.id for c in game.charts}
    return {i for i in ids if "-" in i or "/" in i}


def found_ids(text: str, ids: set[str]) -> set[str]:
    """The ids standing as words of their own in ``text``."""
    words = set(re.findall(r"[\w/]+(?:-[\w/]+)+", text))
    return ids & words


@pytest.mark.parametrize("name", GAMES)
def test_no_file_path_on_a_players_page(name: str) -> None:
    paths = set(PATH.findall(_text(name)))
    assert not paths, paths


@pytest.mark.parametrize("name", GAMES)
def test_no_maintainers_note_on_a_players_page(name: str) -> None:
    assert not set(MAINTAINER_NOTE.findall(_text(name)))
    assert not set(MAINTAINER_NOTE.findall(_chart_text(name)))


@pytest.mark.parametrize("name", GAMES)
def test_no_editors_we_on_a_players_page(name: str) -> None:
    assert not set(EDITORS_WE.findall(_text(name)))
    assert not set(EDITORS_WE.findall(_chart_text(name)))


@pytest.mark.parametrize("name", GAMES)
def test_no_command_line_option_on_a_players_page(name: str) -> None:
    assert not set(OPTION.findall(_text(name)))


REPRESENTATIVE = re.compile(r"repr[ée]sentati", re.IGNORECASE)
"""The label of what is not the publisher's, in English and French."""
LABEL_LINES = 4
"""Lines of a setup sheet that may carry the label: its title and its description say it (and
why); its entries, dozens of them, do not repeat it."""


def setup_label_lines(game: Game, text_of_pages: list[str]) -> dict[str, int]:
    """Per setup, how many lines of its sheet (headers left out) say it is representative."""
    say = words(game.language)
    found: dict[str, int] = {}
    for setup in game.setups:
        header = say("kit.section.setup", name=setup.name)
        found[setup.id] = sum(
            1
            for page in text_of_pages
            if header in page
            for line in page.splitlines()
            if header not in line and REPRESENTATIVE.search(line)
        )
    return found


@pytest.mark.parametrize("name", GAMES)
def test_a_setup_sheet_says_representative_once_not_on_every_line(name: str) -> None:
    game = _game(name)
    found = setup_label_lines(game, page_texts(shared_kit(game)))
    assert {setup: count for setup, count in found.items() if count > LABEL_LINES} == {}


@pytest.mark.parametrize("name", GAMES)
def test_no_raw_id_on_a_players_page(name: str) -> None:
    assert not found_ids(_text(name), raw_ids(_game(name)))


def test_the_checks_catch_what_they_look_for() -> None:
    assert PATH.findall("see setups/grand-campaign.json and the README") == [
        "setups/grand-campaign.json",
        "README",
    ]
    assert MAINTAINER_NOTE.findall("TripleA's value, unverified; Berlin (missing), à vérifier") == [
        "unverified",
        "(missing)",
        "à vérifier",
    ]
    assert EDITORS_WE.findall("the text we have; ours; sur notre carte") == ["we", "ours", "notre"]
    assert not EDITORS_WE.findall("Western Front; US Navy; Our-Bay; Nosy Be")
    assert not MAINTAINER_NOTE.findall("Representative value: the rules summary does not give it.")
    assert OPTION.findall("build it again (--back-offset X,Y); 1914--1918") == ["--back-offset"]
    ids = {"north-england", "production-tens/20"}
    assert found_ids("north-england Northern England; production-tens/20", ids) == ids
    assert not found_ids("a set-up in Northern England", ids)
