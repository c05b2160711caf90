"""``toolkit serve`` in a real headless browser: the page shows every component of the game,
names the hex under the pointer, follows an edit, and shows a broken file's diagnostic above
the last good outputs with a link to its line. Skipped, with one line, where no browser runs.

With TOOLKIT_UPDATE_GOLDEN=1 (``make golden``) the screenshot is written for the README.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT, SOURCES, copy_fixture, load_fixture
from toolkit.load import load_game
from toolkit.model import Game

SCREENSHOT = ROOT / "docs" / "images" / "preview.png"
WAIT = 120.0
GAME = "river-crossing"
EXAMPLE = "distant-foreign-fields"
"""The example game the README's screenshot shows: seven fronts, 679 counter faces."""


class Served:
    """A running ``toolkit serve`` of a copy of the fixture game."""

    def __init__(self, root: Path, source: Path, jobs: int = 1) -> None:
        self.source = source
        self.out = root / "out"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "toolkit", "serve", str(self.source), "-o", str(self.out)]
            + ["--port", "0", "-j", str(jobs)],
            cwd=root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.errors: list[str] = []
        assert self.process.stdout is not None and self.process.stderr is not None
        self.readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self.lines)),
            threading.Thread(target=self._read, args=(self.process.stderr, self.errors)),
        ]
        for reader in self.readers:
            reader.start()
        self.url = self._url()

    @staticmethod
    def _read(stream: Any, into: list[str]) -> None:
        with stream:
            for line in stream:
                into.append(line.rstrip("\n"))

    def _url(self) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            for line in self.lines:
                found = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
                if found:
                    return found.group(1)
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"toolkit serve did not start: {self.lines} {self.errors}")

    def stop(self) -> int:
        """Ctrl-C, as a designer stops it; its exit status."""
        self.process.send_signal(signal.SIGINT)
        status = self.process.wait(timeout=WAIT)
        for reader in self.readers:
            reader.join(WAIT)
        return status


def _serving(running: Served) -> Iterator[Served]:
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.process.kill()
            running.process.wait()
        for reader in running.readers:
            reader.join(WAIT)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The fixture game, copied to be edited."""
    root = tmp_path_factory.mktemp("serve")
    yield from _serving(Served(root, copy_fixture(GAME, root)))


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """An example game of the repository as it is (only read), built into a temporary folder."""
    root = tmp_path_factory.mktemp("serve-example")
    yield from _serving(Served(root, SOURCES / EXAMPLE, jobs=2))


def wait_for(what: Callable[[], Any], message: str) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            value = what()
        except Exception:  # the page is between two renders
            value = None
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {message}")


def build_number(browser: Any) -> int:
    return int(browser.execute_script("return Number(document.body.dataset.build || 0)"))


def console_errors(browser: Any) -> list[str]:
    return [str(e["message"]) for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def count(browser: Any, selector: str) -> int:
    return int(browser.execute_script(f"return document.querySelectorAll({selector!r}).length"))


def all_loaded(browser: Any, selector: str) -> bool:
    script = (
        f"const images = [...document.querySelectorAll({selector!r})];"
        "images.forEach((i) => i.loading = 'eager');"
        "return images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0);"
    )
    return bool(browser.execute_script(script))


def hover(browser: Any, map_id: str, label: str) -> str:
    """Move the pointer over the centre of ``label`` as the page draws it; the tip's label."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    viewport = browser.find_element(By.CSS_SELECTOR, f'.viewport[data-map="{map_id}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", viewport)
    dx, dy = browser.execute_script(
        """
        const [viewport, mapId, label] = arguments;
        const view = views.get(mapId);
        const data = await (await fetch(`/api/hover/${mapId}.json`)).json();
        const place = data.places.find((p) => p.label === label);
        const o = place.outline;
        let x = 0, y = 0;
        for (let i = 0; i < o.length; i += 2) { x += o[i]; y += o[i + 1]; }
        x = x / (o.length / 2) * view.scale + view.x;
        y = y / (o.length / 2) * view.scale + view.y;
        return [x - viewport.clientWidth / 2, y - viewport.clientHeight / 2];
        """,
        viewport,
        map_id,
        label,
    )
    ActionChains(browser).move_to_element_with_offset(viewport, int(dx), int(dy)).perform()
    tip = browser.find_element(By.ID, "tip")
    return str(wait_for(lambda: tip.get_attribute("data-label"), "the hover"))


def zoom(browser: Any, map_id: str, label: str, scale: float) -> None:
    """Zoom the map to ``scale`` around ``label``, as the wheel would."""
    browser.execute_script(
        """
        const [mapId, label, scale] = arguments;
        const viewport = document.querySelector(`.viewport[data-map="${mapId}"]`);
        const data = await (await fetch(`/api/hover/${mapId}.json`)).json();
        const o = data.places.find((p) => p.label === label).outline;
        let x = 0, y = 0;
        for (let i = 0; i < o.length; i += 2) { x += o[i]; y += o[i + 1]; }
        x /= o.length / 2;
        y /= o.length / 2;
        const view = views.get(mapId);
        view.scale = scale;
        view.x = viewport.clientWidth / 2 - x * scale;
        view.y = viewport.clientHeight / 2 - y * scale;
        viewport.querySelector(".stage").style.transform =
          `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
        """,
        map_id,
        label,
        scale,
    )


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def shows_every_component(browser: Any, served: Served, game: Game) -> None:
    """The page lists as many of each component as the model and the kit have."""
    wait_for(lambda: build_number(browser) >= 1, "the first build")
    kit = served.out / game.id / f"{game.id}-kit.pdf"
    assert count(browser, ".viewport") == len(game.maps)
    assert count(browser, "img.face") == sum(len(c.faces) for c in game.counters)
    in_decks = sum(len(set(d.all_cards)) for d in game.decks)
    loose = sum(1 for c in game.cards if not any(c.id in d.all_cards for d in game.decks))
    assert count(browser, "img.card-side") == 2 * (in_decks + loose)
    assert count(browser, "img.chart-image") == len(game.charts)
    assert count(browser, "#setups h3") == len(game.setups)
    wait_for(lambda: count(browser, "img.setup-map") >= len(game.setups), "the setups")
    assert count(browser, "img.kit-page") == len(PdfReader(kit).pages)


def test_preview_shows_every_component(browser: Any, served: Served) -> None:
    browser.set_window_size(1280, 1000)
    browser.get(served.url)
    shows_every_component(browser, served, load_fixture(GAME))
    for selector in ("img.map-image", "img.face", "img.chart-image", "img.setup-map"):
        wait_for(lambda s=selector: all_loaded(browser, s), f"{selector} to load")
    wait_for(lambda: all_loaded(browser, "img.kit-page"), "the kit's pages to load")
    assert hover(browser, "front", "0403") == "0403"
    tip = browser.find_element("id", "tip").text
    assert "Ashford (town)" in tip and "Town" in tip
    assert hover(browser, "front", "0903") == "0903"
    assert console_errors(browser) == []


def test_example_game_preview_golden(browser: Any, example: Served) -> None:
    """A real example game: every component listed, the maps and counters load, the hover
    names a hex with its river, bridge and railway; the README's screenshot."""
    loaded = load_game(SOURCES / EXAMPLE).game
    assert loaded is not None
    browser.set_window_size(1280, 1400)
    browser.get(example.url)
    wait_for(lambda: build_number(browser) >= 1, "the example's first build")
    shows_every_component(browser, example, loaded)
    for selector in ("img.map-image", "img.face"):
        wait_for(lambda s=selector: all_loaded(browser, s), f"{selector} to load")
    assert hover(browser, "bf", "1213") == "1213"
    tip = browser.find_element("id", "tip").text
    assert "Iskar (river) to 1214" in tip and "railway" in tip
    assert console_errors(browser) == []
    zoom(browser, "bf", "1213", 2.4)  # as a designer looks closer
    assert hover(browser, "bf", "1213") == "1213"
    browser.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    if os.environ.get("TOOLKIT_UPDATE_GOLDEN"):
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SCREENSHOT))


def test_hit_testing_stays_fast_on_a_big_map(browser: Any, served: Served) -> None:
    browser.get(served.url)
    wait_for(lambda: build_number(browser) >= 1, "the first build")
    seconds = browser.execute_script(
        """
        const places = [];
        for (let c = 0; c < 60; c++) for (let r = 0; r < 50; r++) {  // 3000 hexes
          const x = c * 45, y = r * 52 + (c % 2) * 26, o = [];
          for (let k = 0; k < 6; k++) {
            o.push(x + 30 * Math.cos(k * Math.PI / 3), y + 30 * Math.sin(k * Math.PI / 3));
          }
          places.push({label: `${c}-${r}`, outline: o});
        }
        const start = performance.now();
        const index = hitIndex(places);
        let found = 0;
        for (let i = 0; i < 10000; i++) {
          if (placeAt(index, (i * 7919) % 2700, (i * 104729) % 2600)) found++;
        }
        return [(performance.now() - start) / 1000, found];
        """
    )
    elapsed, found = seconds
    assert found > 9000
    assert elapsed < 1.0, f"10,000 look-ups on 3000 hexes took {elapsed:.2f} s"


def test_preview_follows_edits_and_shows_diagnostics(browser: Any, served: Served) -> None:
    from selenium.webdriver.common.by import By

    browser.get(served.url)
    first = wait_for(lambda: build_number(browser), "the first build")
    face = 'img.face[data-counter="bl-inf"][data-face="front"]'
    before = browser.find_element(By.CSS_SELECTOR, face).get_attribute("src")
    units = served.source / "counters" / "units.json"
    edit(units, '"designation": "1", "attack": 4', '"designation": "1", "attack": 7')
    wait_for(lambda: build_number(browser) > first, "the edit's build")
    after = browser.find_element(By.CSS_SELECTOR, face).get_attribute("src")
    assert after != before
    wait_for(lambda: all_loaded(browser, face), "the edited counter")
    shown = count(browser, "img.face")

    edit(units, '"template": "marker"', '"template": "markr"')
    edited = build_number(browser)
    wait_for(lambda: build_number(browser) > edited, "the broken build")
    assert browser.find_element(By.ID, "diagnostics").is_displayed()
    link = browser.find_element(By.CSS_SELECTOR, "#diagnostic-list a.where")
    line = (
        units.read_text(encoding="utf-8")
        .splitlines()
        .index(next(t for t in units.read_text(encoding="utf-8").splitlines() if '"markr"' in t))
    )
    assert link.text.startswith(f"counters/units.json:{line + 1}:")
    column = int(link.text.split(":")[2])
    line_text = units.read_text(encoding="utf-8").splitlines()[line]
    assert "unknown template 'markr'" in browser.find_element(By.ID, "diagnostic-list").text
    # the last good outputs stay, below the diagnostics
    assert count(browser, "img.face") == shown
    assert browser.find_element(By.CSS_SELECTOR, face).get_attribute("src") == after
    assert "failed" in browser.find_element(By.ID, "status").get_attribute("class")
    assert console_errors(browser) == []

    link.click()
    hit = wait_for(lambda: browser.find_element(By.CSS_SELECTOR, ".line.hit"), "the source line")
    assert hit.get_attribute("id") == f"L{line + 1}"
    assert '"markr"' in hit.text
    assert hit.find_element(By.CSS_SELECTOR, "mark.column").text == line_text[column - 1]
    assert browser.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= innerHeight",
        hit,
    )
    assert console_errors(browser) == []


def test_names_from_the_sources_stay_text(browser: Any, served: Served) -> None:
    from selenium.webdriver.common.by import By

    browser.get(served.url)
    units = served.source / "counters" / "units.json"
    if '"markr"' in units.read_text(encoding="utf-8"):
        edit(units, '"template": "markr"', '"template": "marker"')
    first = wait_for(lambda: build_number(browser), "a build")
    hostile = '<img src=x onerror=\\"window.hacked=1\\">Blue'
    edit(served.source / "game.json", '"Blue Army"', f'"{hostile}"')
    wait_for(
        lambda: build_number(browser) > first and "onerror" in browser.page_source,
        "the renamed faction",
    )
    headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "h3.faction")]
    assert '<img src=x onerror="window.hacked=1">Blue' in headings
    assert browser.execute_script("return window.hacked") is None
    assert console_errors(browser) == []


def test_ctrl_c_stops_with_one_line(served: Served) -> None:
    assert served.stop() == 0  # stopping is the server's normal end
    time.sleep(0.2)
    assert served.errors[-1:] == ["stopped"]
