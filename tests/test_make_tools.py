"""`make tools` installs every program the tests judge outputs with, and waits while another
program holds apt's package lists; the tools CI requires are the ones the tests look for."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tests import conftest
from tests.conftest import REQUIRED_TOOLS, ROOT, TESTS

MAKE = "make"
"""What runs the Makefile (the README's commands need it, not a test's judgement)."""
FAKE_APT = """#!/bin/sh
# apt-get as a fresh machine has it while another program refreshes the package lists: the
# lists are locked for the first two updates, and nothing is known until one succeeds.
log="$FAKE_APT_DIR/calls"
for arg in "$@"; do case "$arg" in update|install) verb=$arg ;; esac; done
echo "$verb" >> "$log"
if [ "$verb" = update ]; then
  if [ "$(grep -c update "$log")" -le 2 ]; then
    echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 1 (apt-get)" >&2
    exit 100
  fi
  touch "$FAKE_APT_DIR/lists"
  exit 0
fi
[ -f "$FAKE_APT_DIR/lists" ] || { echo "E: Unable to locate package fake-tools" >&2; exit 100; }
printf '#!/bin/sh\\n' > "$FAKE_APT_DIR/toolkit-fake-tool"
chmod +x "$FAKE_APT_DIR/toolkit-fake-tool"
"""


def _make_tools() -> list[str]:
    """The commands the Makefile's TOOLS names (not the files it names by path)."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8").replace("\\\n", " ")
    line = next(line for line in text.splitlines() if line.startswith("TOOLS :="))
    pairs = line.split(":=", 1)[1].split()
    return [pair.split(":", 1)[0] for pair in pairs if not pair.startswith("/")]


def test_make_installs_the_tools_ci_requires() -> None:
    assert sorted(_make_tools()) == sorted(REQUIRED_TOOLS)


def test_every_tool_a_test_looks_for_is_one_make_installs() -> None:
    """A test that looks a program up by name must find one `make tools` installs, or it
    would skip on a fresh machine, and pass in CI without running."""
    looked_up: set[str] = set()
    for path in TESTS.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        looked_up.update(re.findall(r"""shutil\.which\(\s*["']([\w.+-]+)["']""", text))
        for names in re.findall(r"for tool in \(([^)]*)\)", text):
            looked_up.update(re.findall(r"""["']([\w.+-]+)["']""", names))
    assert looked_up, "no lookup found: the pattern no longer matches the tests"
    assert looked_up - set(REQUIRED_TOOLS) == set()


def test_make_tools_waits_while_the_package_lists_are_locked(tmp_path: Path) -> None:
    if shutil.which(MAKE) is None or os.geteuid() != 0:
        pytest.skip("make tools installs only as root, with make")
    fake = tmp_path / "bin"
    fake.mkdir()
    apt = fake / "apt-get"
    apt.write_text(FAKE_APT, encoding="utf-8")
    apt.chmod(apt.stat().st_mode | stat.S_IXUSR)
    result = subprocess.run(
        [MAKE, "-s", "tools", "TOOLS=toolkit-fake-tool:fake-tools", "APT_LOCK_PAUSE=0"],
        cwd=ROOT,
        env={**os.environ, "PATH": f"{fake}:{os.environ['PATH']}", "FAKE_APT_DIR": str(fake)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    calls = (fake / "calls").read_text(encoding="utf-8").split()
    assert calls == ["install", "update", "update", "update", "install"], result.stdout
    assert (fake / "toolkit-fake-tool").is_file(), result.stdout + result.stderr
    assert "could not install" not in result.stdout


def test_a_tool_that_cannot_run_fails_in_ci_and_skips_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A browser that does not start, an engine whose install failed: CI must not pass on a
    skip, so with TOOLKIT_REQUIRE_TOOLS=1 the test fails, saying why."""
    monkeypatch.setattr(conftest, "REQUIRE_TOOLS", False)
    with pytest.raises(pytest.skip.Exception, match="Chromium did not start"):
        conftest.tool_missing("Chromium did not start")
    monkeypatch.setattr(conftest, "REQUIRE_TOOLS", True)
    with pytest.raises(pytest.fail.Exception, match="TOOLKIT_REQUIRE_TOOLS=1: Chromium did"):
        conftest.tool_missing("Chromium did not start")
