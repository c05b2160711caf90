"""Ctrl-C at the moments a running build's tests (test_interrupt.py) do not reach: while the
command's modules import, while a build's new output lands, and while a game is unpacked from
its module for `check`, `import-save` or `publish`.

Each moment is made to last: an import that waits (a site hook on the path), a signal sent by
the process to itself inside the hold that guards the final renames, a save or scenario that is
a named pipe nobody writes to (opening it waits, with the module's game unpacked). The signal is
then sent, and the test reads the one line, the exit status and what is left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, load_fixture
from tests.test_interrupt import DEADLINE, GAME, hidden, snapshot, wait_for
from toolkit.build import build_game, selected_targets
from toolkit.options import BuildOptions

KEPT = "interrupted; previous output kept\n"
LANDED = "interrupted; the new output is in place\n"

SLOW_IMPORT = """
import os, sys, time

class _Slow:
    \"\"\"Make the first import of click (the command line's first big module) wait.\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name == "click":
            with open(os.environ["TOOLKIT_TEST_MARK"], "w") as mark:
                mark.write("importing")
            time.sleep(60)
        return None

sys.meta_path.insert(0, _Slow())
"""


def _default_sigint() -> None:  # a background job (as under CI) starts with SIGINT ignored
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """A command, with Ctrl-C acting as at a terminal."""
    return subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_default_sigint,
    )


def ctrl_c(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Send SIGINT; the exit status, standard output and standard error."""
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=DEADLINE)
    return process.returncode, stdout, stderr


def _script() -> Path:
    return Path(sys.executable).parent / "toolkit"


@pytest.mark.parametrize("how", ["python -m toolkit", "toolkit"])
def test_ctrl_c_while_the_modules_import_is_one_line(tmp_path: Path, how: str) -> None:
    if how == "toolkit" and not _script().exists():
        pytest.skip("the toolkit command is not installed beside this Python")
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SLOW_IMPORT, encoding="utf-8")
    mark = tmp_path / "importing"
    env = {**os.environ, "PYTHONPATH": str(hook), "TOOLKIT_TEST_MARK": str(mark)}
    command = [sys.executable, "-m", "toolkit"] if how != "toolkit" else [str(_script())]
    process = start([*command, "--version"], env)
    wait_for("the modules to be importing", mark.exists)
    assert ctrl_c(process) == (130, "", KEPT)


@pytest.fixture
def out(tmp_path: Path) -> Path:
    """An output folder that already holds a complete earlier build of the game."""
    folder = tmp_path / "out"
    build_game(load_fixture(GAME), folder, selected_targets(["svg", "kit"]), BuildOptions())
    return folder


DRIVER = """
import contextlib, os, signal, sys
import toolkit.delivery as delivery

real_held, real_commit = delivery.signals_held, delivery.Delivery.commit


@contextlib.contextmanager
def held():
    with real_held():
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the new output is moved in
        yield


def commit(self):
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C just before the new output is moved in
    real_commit(self)


if sys.argv[1] == "landing":
    delivery.signals_held = held
else:
    delivery.Delivery.commit = commit
sys.argv[1:2] = []
from toolkit.__main__ import main

main()
"""


def build_interrupted(tmp_path: Path, out: Path, when: str, *options: str) -> tuple[int, str]:
    """`toolkit build` of the small game into ``out``, sent Ctrl-C ``when`` ("landing": while
    the output is moved in; "before": just before); its exit status and standard error."""
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    args = [sys.executable, str(driver), when, "build", str(FIXTURES / GAME), "-o", str(out)]
    done = subprocess.run(
        [*args, *options],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_default_sigint,
        check=False,
    )
    assert done.stdout == ""
    return done.returncode, done.stderr


def test_ctrl_c_while_a_first_build_lands_says_the_output_is_in_place(tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, stderr = build_interrupted(tmp_path, out, "landing", "--only", "svg")
    assert (status, stderr) == (130, LANDED)
    assert (out / GAME / "svg" / "maps").is_dir()
    assert hidden(out) == []


def test_ctrl_c_while_an_output_is_swapped_says_so_and_leaves_no_old_folder(
    tmp_path: Path, out: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "kept.txt").write_text("the user's")
    (out / GAME / "link").symlink_to(elsewhere)  # a link in it: the output is swapped whole
    status, stderr = build_interrupted(tmp_path, out, "landing", "--only", "svg", "--force")
    assert (status, stderr) == (130, LANDED)
    assert not (out / GAME / "link").is_symlink()
    assert (elsewhere / "kept.txt").read_text() == "the user's"
    assert not list((out / GAME).glob("*-kit.pdf"))
    assert hidden(out) == []


def test_ctrl_c_while_an_output_is_updated_in_place_says_so_and_leaves_no_journal(
    tmp_path: Path, out: Path
) -> None:
    assert list((out / GAME).glob("*-kit.pdf"))
    status, stderr = build_interrupted(tmp_path, out, "landing", "--only", "svg")
    assert (status, stderr) == (130, LANDED)
    assert not list((out / GAME).glob("*-kit.pdf"))  # the new output: svg only
    assert hidden(out) == []


def test_ctrl_c_just_before_the_output_lands_keeps_the_previous_one(
    tmp_path: Path, out: Path
) -> None:
    before = snapshot(out / GAME)
    status, stderr = build_interrupted(tmp_path, out, "before", "--only", "svg")
    assert (status, stderr) == (130, KEPT)
    assert snapshot(out / GAME) == before
    assert hidden(out) == []


# -- a game unpacked from its module ---------------------------------------------------------


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """An empty folder the commands are given as TMPDIR."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    return folder


def _module(built: Path) -> Path:
    [module] = built.glob("*.vmod")
    return module


def _unpacked_then_interrupted(args: list[str], scratch: Path) -> None:
    """Run a command that waits (on a named pipe) with the module's game unpacked in
    ``scratch``; Ctrl-C; the one line, exit 130, and nothing left in ``scratch``."""
    process = start(args, {**os.environ, "TMPDIR": str(scratch)})

    def unpacked() -> bool:
        if process.poll() is not None:
            pytest.fail(f"the command ended before it was interrupted: {process.communicate()}")
        return any(scratch.glob("toolkit-module-*/game/game.json"))

    wait_for("the game to be unpacked", unpacked)
    assert ctrl_c(process) == (130, "", KEPT)
    assert sorted(p.name for p in scratch.iterdir()) == []


def _pipe(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_ctrl_c_during_check_of_a_module_removes_the_unpacked_game(
    tmp_path: Path, scratch: Path, minimal_hex_build: Path
) -> None:
    save = _pipe(tmp_path / "turn.vsav")
    toolkit = [sys.executable, "-m", "toolkit"]
    args = [*toolkit, "check", str(_module(minimal_hex_build)), "--save", str(save)]
    _unpacked_then_interrupted(args, scratch)


def test_ctrl_c_during_import_save_removes_the_unpacked_game(
    tmp_path: Path, scratch: Path, minimal_hex_build: Path
) -> None:
    save = _pipe(tmp_path / "turn.vsav")
    toolkit = [sys.executable, "-m", "toolkit"]
    args = [*toolkit, "import-save", str(_module(minimal_hex_build)), str(save)]
    _unpacked_then_interrupted([*args, "-o", str(tmp_path / "scenario")], scratch)


def test_ctrl_c_during_publish_with_a_module_removes_the_unpacked_game(
    tmp_path: Path, scratch: Path, minimal_hex_build: Path
) -> None:
    scenario = _pipe(tmp_path / "scenario.json")
    toolkit = [sys.executable, "-m", "toolkit"]
    args = [*toolkit, "publish", str(scenario), "--game", str(_module(minimal_hex_build))]
    _unpacked_then_interrupted([*args, "-o", str(tmp_path / "published")], scratch)
