"""toolkit publish --index: index.json and the static catalogue page, judged in a real
headless browser."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, run_cli
from tests.publish.conftest import SCENARIO_ID

SECOND = {
    "kind": "scenario",
    "id": "river-crossing",
    "title": "River Crossing <b>bold</b>",
    "author": "B. Author",
    "version": "0.3.0",
    "game": "rules-hex",
    "description": "Blue forces the river.",
    "placements": [
        {"at": "bluetown", "pieces": ["bl-1-inf", "bl-2-inf"]},
        {"at": "0803", "pieces": [{"counter": "rd-1-inf", "count": 2}]},
    ],
}


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory, published: Path) -> Path:
    """A folder of two packages of two games (the fixture scenario and one more), indexed."""
    out = tmp_path_factory.mktemp("catalogue")
    (out / "scenarios").mkdir()
    target = out / "scenarios" / SCENARIO_ID
    target.mkdir()
    for path in published.iterdir():
        (target / path.name).write_bytes(path.read_bytes())
    second = out / "sources" / "river-crossing"
    second.mkdir(parents=True)
    (second / "scenario.json").write_text(json.dumps(SECOND), encoding="utf-8")
    game = FIXTURES / "rules-hex"
    made = run_cli("publish", str(second), "--game", str(game), "-o", str(out), cwd=out)
    assert made.returncode == 0, made.stderr
    indexed = run_cli("publish", "--index", str(out), cwd=out)
    assert indexed.returncode == 0, indexed.stderr
    assert "indexed 2 scenario(s)" in indexed.stdout
    return out


def test_index_json_lists_every_package(catalogue: Path) -> None:
    index = json.loads((catalogue / "index.json").read_text(encoding="utf-8"))
    listed = [(s["game"]["id"], s["id"], s["folder"], s["size"]) for s in index["scenarios"]]
    assert listed == [
        ("minimal-hex", "hilltop", "scenarios/hilltop", "small"),
        ("rules-hex", "river-crossing", "scenarios/river-crossing", "small"),
    ]


def test_index_leaves_out_a_package_whose_file_changed(tmp_path: Path, catalogue: Path) -> None:
    copy = tmp_path / "copy"
    for path in (catalogue / "scenarios").rglob("*"):
        if path.is_file():
            target = copy / path.relative_to(catalogue)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    vsav = copy / "scenarios" / SCENARIO_ID / f"{SCENARIO_ID}.vsav"
    vsav.write_bytes(vsav.read_bytes()[:-1] + b"x")
    result = run_cli("publish", "--index", str(copy), cwd=tmp_path)
    assert result.returncode == 1
    entry = Path("copy") / "scenarios" / SCENARIO_ID / f"{SCENARIO_ID}.json"
    assert f"{entry}:" in result.stderr
    assert "error[catalogue.bad-file]: 'hilltop.vsav' does not have the SHA-256" in result.stderr
    assert "1 package(s) left out of the index" in result.stderr
    index = json.loads((copy / "index.json").read_text(encoding="utf-8"))
    assert [s["id"] for s in index["scenarios"]] == ["river-crossing"]


def _visible(browser: Any) -> list[str]:
    from selenium.webdriver.common.by import By

    cards = browser.find_elements(By.CSS_SELECTOR, "article.scenario")
    return [c.get_attribute("id") for c in cards if c.is_displayed()]


def test_catalogue_page_in_a_headless_browser(browser: Any, catalogue: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get((catalogue / "index.html").as_uri())
    assert _visible(browser) == ["hilltop", "river-crossing"]
    titles = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "article h2")]
    assert titles == ["Race for the Hilltop", "River Crossing <b>bold</b>"]  # escaped, not bold
    images = browser.find_elements(By.CSS_SELECTOR, "article img")
    assert len(images) == 2
    for image in images:  # the map excerpts load and have pixels
        assert browser.execute_script("return arguments[0].naturalWidth", image) > 100
    Select(browser.find_element(By.ID, "game-filter")).select_by_value("rules-hex")
    assert _visible(browser) == ["river-crossing"]
    assert browser.find_element(By.ID, "shown-count").text == "1"
    Select(browser.find_element(By.ID, "game-filter")).select_by_value("")
    Select(browser.find_element(By.ID, "size-filter")).select_by_value("large")
    assert _visible(browser) == []
    Select(browser.find_element(By.ID, "size-filter")).select_by_value("small")
    assert _visible(browser) == ["hilltop", "river-crossing"]
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#hilltop a")]
    assert [Path(link).name for link in links] == [
        "hilltop-sheet.pdf",
        "hilltop.json",
        "hilltop.vmdx",
        "hilltop.vsav",
    ]
