"""A real headless browser for tests that judge a web page: Debian's chromium, driven through
its own chromedriver by selenium (no browser download, nothing fetched from the network).

Use the ``browser`` fixture (import it into a test module or a conftest). Where no browser can
run, the test is skipped with one line saying why (shown by ``pytest -ra``), never passed.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import tool_missing

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver",)
DEBIAN_DRIVER = Path("/usr/lib/chromium/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",  # the tests may run as root, where Chromium's sandbox cannot start
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--allow-file-access-from-files",
    "--window-size=1280,1024",
)


def _first(names: tuple[str, ...]) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def start_browser() -> tuple[Any, Path]:
    """A headless Chromium under selenium and its private profile folder; skips when none."""
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        tool_missing("no headless browser: the selenium package is not installed")
    binary = _first(BROWSERS)
    driver = _first(DRIVERS) or (str(DEBIAN_DRIVER) if DEBIAN_DRIVER.is_file() else None)
    if binary is None or driver is None:
        tool_missing(
            "no headless browser: install Debian's chromium and chromium-driver "
            "(make test does so when it runs as root)"
        )
    profile = Path(tempfile.mkdtemp(prefix="toolkit-browser-"))
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    try:
        return webdriver.Chrome(options=options, service=Service(executable_path=driver)), profile
    except WebDriverException as error:
        shutil.rmtree(profile, ignore_errors=True)
        first = (error.msg or str(error)).strip().splitlines()[:1] or ["(no message)"]
        tool_missing(f"no headless browser: Chromium did not start: {first[0]}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole session, closed (and its profile removed) at the end."""
    driver, profile = start_browser()
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
