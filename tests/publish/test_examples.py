"""Every example scenario (one per game, outside the game folders) publishes into its package;
its extension passes vmod-check against the game's built module; real VASSAL loads its saved
game into that module with every piece where the scenario puts it; and the catalogue of all of
them lists every one in a headless browser."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, built_module, run_cli
from tests.vassal.engine import run_engine
from tests.vassal.test_module import expected_places
from toolkit.load.scenarios import game_with_scenario, load_scenario
from toolkit.model import Game
from toolkit.model.scenario import Scenario
from toolkit.model.versions import parse_semver
from toolkit.vassal.read.library import check_for_library

EXAMPLES = sorted((ROOT / "scenarios").glob("*/*/scenario.json"))
SUFFIXES = (".vsav", ".vmdx", "-sheet.pdf", ".json", "-map.png")


@dataclass(frozen=True)
class Example:
    game: Game
    scenario: Scenario
    vmod: Path
    package: Path


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Example]:
    """Each example scenario published, from its game's built module, into one folder."""
    out = tmp_path_factory.mktemp("examples")
    found = {}
    for path in EXAMPLES:
        game_id = json.loads(path.read_text(encoding="utf-8"))["game"]
        game, folder = built_module(ROOT / "sources" / game_id, tmp_path_factory)
        vmod = folder / f"{game.id}.vmod"
        args = ["publish", str(path.parent), "--game", str(vmod), "-o", str(out), "-j", "2"]
        published = run_cli(*args, cwd=out, timeout=600)
        assert published.returncode == 0, published.stderr
        scenario = load_scenario(game, path.parent).scenario
        assert scenario is not None
        found[path.parent.name] = Example(game, scenario, vmod, out / "scenarios" / scenario.id)
    return found


@pytest.mark.parametrize("name", [p.parent.name for p in EXAMPLES])
def test_example_publishes_into_its_package(examples: dict[str, Example], name: str) -> None:
    example = examples[name]
    names = {p.name for p in example.package.iterdir()}
    assert names == {example.scenario.id + suffix for suffix in SUFFIXES}
    vmdx = example.package / f"{example.scenario.id}.vmdx"
    checked = run_cli("vmod-check", str(vmdx), "--extends", str(example.vmod), cwd=example.package)
    assert checked.returncode == 0 and ": 0 errors, 0 warnings" in checked.stdout, checked.stdout


@pytest.mark.parametrize("name", [p.parent.name for p in EXAMPLES])
def test_the_game_library_accepts_every_file_of_the_package(
    examples: dict[str, Example], name: str
) -> None:
    """The saved game, the extension, the sheet, the card and the picture pass the VASSAL Game
    Library's upload checks, uploaded as the scenario's own release."""
    example = examples[name]
    files = sorted(example.package.iterdir())
    assert {path.suffix for path in files} == {".vsav", ".vmdx", ".pdf", ".json", ".png"}
    refused = check_for_library(files, parse_semver(example.scenario.version))
    assert [d.format() for d in refused] == []


@pytest.mark.parametrize("name", [p.parent.name for p in EXAMPLES])
def test_vassal_loads_the_example_where_it_puts_its_pieces(
    examples: dict[str, Example], name: str
) -> None:
    example = examples[name]
    save = example.package / f"{example.scenario.id}.vsav"
    report = run_engine(example.vmod, save)
    assert report.problems == []
    played = game_with_scenario(example.game, example.scenario)
    expected = expected_places(played, len(played.setups) - 1)
    assert report.places(f"save {save.name}") == expected


def test_catalogue_of_the_examples_lists_every_one(
    browser: Any, examples: dict[str, Example]
) -> None:
    from selenium.webdriver.common.by import By

    folder = next(iter(examples.values())).package.parents[1]
    indexed = run_cli("publish", "--index", str(folder), cwd=folder)
    assert indexed.returncode == 0, indexed.stderr
    browser.get((folder / "index.html").as_uri())
    cards = browser.find_elements(By.CSS_SELECTOR, "article.scenario")
    assert sorted(c.get_attribute("id") for c in cards if c.is_displayed()) == sorted(
        e.scenario.id for e in examples.values()
    )
    for image in browser.find_elements(By.CSS_SELECTOR, "article img"):
        assert browser.execute_script("return arguments[0].naturalWidth", image) > 100
