"""Installed from its wheel, away from the checkout, the toolkit validates and builds a game.

The wheel is built from this checkout and installed into a fresh virtual environment. Its
third-party dependencies are lent from the test environment by a path file (so the test needs
no download), which adds their folder to the path without running that folder's own path
files: the checkout's editable install stays invisible, and only the wheel's files can answer.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a fresh environment with only the built wheel installed."""
    work = tmp_path_factory.mktemp("install")
    wheels = work / "wheels"
    built = _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        cwd=work,
    )
    assert built.returncode == 0, built.stderr
    wheel = next(wheels.glob("toolkit-*.whl"))
    env_dir = work / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=work
    ).stdout.strip()
    lent = [p for p in site.getsitepackages() if Path(p).is_dir()]
    Path(purelib, "lent-dependencies.pth").write_text("\n".join(lent) + "\n", encoding="utf-8")
    install = _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        cwd=work,
    )
    assert install.returncode == 0, install.stderr
    return env_dir / "bin"


def test_the_installed_package_is_the_wheel_not_the_checkout(
    installed: Path, tmp_path: Path
) -> None:
    found = _run(
        [str(installed / "python"), "-c", "import toolkit; print(toolkit.__file__)"], cwd=tmp_path
    )
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()).is_relative_to(installed.parent), found.stdout
    assert not Path(found.stdout.strip()).is_relative_to(ROOT)


def test_the_installed_toolkit_validates_and_builds_a_game_elsewhere(
    installed: Path, tmp_path: Path
) -> None:
    game = tmp_path / "games" / "valley"
    shutil.copytree(FIXTURES / "minimal-hex", game)
    somewhere = tmp_path / "elsewhere"
    somewhere.mkdir()
    toolkit = str(installed / "toolkit")
    checked = _run([toolkit, "validate", str(game)], cwd=somewhere)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(f"ok: {game}")
    built = _run([toolkit, "build", str(game), "-o", str(somewhere / "out")], cwd=somewhere)
    assert built.returncode == 0, built.stderr
    out = somewhere / "out" / "minimal-hex"
    assert (out / "minimal-hex-kit.pdf").stat().st_size > 10_000
    assert (out / "svg" / "maps" / "valley.svg").is_file()


def test_the_installed_toolkit_starts_a_new_game(installed: Path, tmp_path: Path) -> None:
    created = _run([str(installed / "toolkit"), "new", "mygame"], cwd=tmp_path)
    assert created.returncode == 0, created.stderr
    checked = _run([str(installed / "toolkit"), "validate", "mygame"], cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
