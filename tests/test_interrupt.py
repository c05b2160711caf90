"""Interrupted and killed builds: real signals sent to a real `toolkit build` of a small game.

Each test waits (polling, with a deadline) until the build is under way — its staging folder
exists and its workers run (one at -j 1: the drawing is never done in the main process) — then
signals it and looks at what is left: the exit line and status, hidden folders, processes, and
the previous output, which must not change.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, load_fixture, run_cli
from toolkit.build import build_game, selected_targets
from toolkit.errors import BuildError
from toolkit.options import BuildOptions
from toolkit.targets import Target

GAME = "minimal-hex"
DEADLINE = 30.0
"""Seconds any awaited event may take on a slow machine; the tests pass far sooner."""
ANSWER_SECONDS = 3.0
"""How soon a signalled build must have exited: it answers in well under a second when idle,
and this leaves room for a loaded machine (a build that waits for a long drawing to finish
takes several seconds at the resolution the slow-drawing test asks for)."""
BIG_DPI = "900"
"""A resolution at which rasterising the small game's map takes seconds in one call."""


def wait_for(what: str, check: Callable[[], bool], deadline: float = DEADLINE) -> None:
    """Poll ``check`` until it holds; fail, naming ``what``, when it never does."""
    end = time.monotonic() + deadline
    while not check():
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.01)


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and alive(int(entry.name)):
            fields = _stat(int(entry.name))
            if fields and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped does not)."""
    fields = _stat(pid)
    return bool(fields) and fields[0] != "Z"


def _stat(pid: int) -> list[str]:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return []
    return text.rsplit(")", 1)[1].split()  # after "pid (name)": state, ppid, …


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and a digest of its content."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def hidden(out: Path) -> list[str]:
    """The hidden entries of the output folder: staging, old or lock leftovers (not the cache,
    which builds keep there on purpose)."""
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".") and p.name != ".cache")


def start_build(out: Path, jobs: int, *options: str) -> subprocess.Popen[str]:
    """`toolkit build` of the small game, with Ctrl-C acting as at a terminal."""

    def default_sigint() -> None:  # a background job (as under CI) starts with SIGINT ignored
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    return subprocess.Popen(
        [sys.executable, "-m", "toolkit", "build", str(FIXTURES / GAME), "-o", str(out)]
        + ["-j", str(jobs), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )


def under_way(process: subprocess.Popen[str], out: Path, workers: int) -> list[int]:
    """Wait until the build stages its output and runs its workers; their pids."""

    def started() -> bool:
        if process.poll() is not None:
            pytest.fail(f"the build ended before it was interrupted: {process.communicate()}")
        staged = any(p.name.startswith(f".{GAME}.tmp-") for p in out.iterdir())
        return staged and len(children(process.pid)) >= workers

    wait_for("the build to be under way", started)
    return children(process.pid)


@pytest.fixture
def out(tmp_path: Path) -> Iterator[Path]:
    """An output folder that already holds a complete earlier build of the game."""
    folder = tmp_path / "out"
    build_game(load_fixture(GAME), folder, selected_targets(["svg", "kit"]), BuildOptions())
    yield folder


def stop(process: subprocess.Popen[str], signum: int) -> tuple[str, str, float]:
    """Send ``signum`` to the build; its standard output and error, and how long it took to
    exit."""
    sent = time.monotonic()
    process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=DEADLINE)
    return stdout, stderr, time.monotonic() - sent


@pytest.mark.parametrize(
    ("signum", "jobs", "status"),
    [
        (signal.SIGINT, 2, 130),
        (signal.SIGINT, 1, 130),
        (signal.SIGTERM, 2, 143),
        (signal.SIGTERM, 1, 143),
    ],
    ids=["ctrl-c-j2", "ctrl-c-j1", "term-j2", "term-j1"],
)
def test_an_interrupted_build_leaves_one_line_and_nothing_else(
    out: Path, signum: int, jobs: int, status: int
) -> None:
    before = snapshot(out / GAME)
    process = start_build(out, jobs)
    workers = under_way(process, out, workers=jobs)
    stdout, stderr, took = stop(process, signum)
    assert (process.returncode, stderr) == (status, "interrupted; previous output kept\n")
    assert stdout == ""
    assert took < ANSWER_SECONDS, f"took {took:.1f}s to stop"
    assert hidden(out) == []
    assert snapshot(out / GAME) == before
    wait_for("the workers to be gone", lambda: not any(alive(pid) for pid in workers))


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "term"]
)
def test_one_job_answers_at_once_while_a_map_takes_seconds_to_draw(
    out: Path, signum: int, status: int
) -> None:
    """At -j 1 the map is rasterised in the build's one worker: were it rasterised in the main
    process, resvg would hold the interpreter's lock and the signal would wait for the map."""
    before = snapshot(out / GAME)
    process = start_build(out, 1, "--only", "png", "--dpi", BIG_DPI)
    [worker] = under_way(process, out, workers=1)
    wait_for("the worker to be drawing", lambda: _cpu_seconds(worker) >= 0.5)
    stdout, stderr, took = stop(process, signum)
    assert (process.returncode, stderr, stdout) == (
        status,
        "interrupted; previous output kept\n",
        "",
    )
    assert took < ANSWER_SECONDS, f"took {took:.1f}s to stop"
    assert hidden(out) == []
    assert snapshot(out / GAME) == before
    wait_for("the worker to be gone", lambda: not alive(worker))


def _cpu_seconds(pid: int) -> float:
    """The processor time ``pid`` has used so far (user and system), 0 once it is gone."""
    fields = _stat(pid)
    if not fields:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat
    return ticks / os.sysconf("SC_CLK_TCK")


@pytest.mark.parametrize("jobs", [2, 1], ids=["j2", "j1"])
def test_killed_build_takes_its_workers_along_and_the_next_build_clears_up(
    out: Path, jobs: int
) -> None:
    before = snapshot(out / GAME)
    process = start_build(out, jobs)
    workers = under_way(process, out, workers=jobs)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=DEADLINE)
    wait_for("the workers to die with their parent", lambda: not any(map(alive, workers)))
    left = hidden(out)
    assert len(left) == 1 and left[0].startswith(f".{GAME}.tmp-"), left
    assert snapshot(out / GAME) == before
    rebuilt = run_cli("build", str(FIXTURES / GAME), "-o", str(out), "--only", "svg", cwd=out)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert hidden(out) == []


def _stale(out: Path, name: str) -> Path:
    folder = out / name
    (folder / "svg").mkdir(parents=True)
    (folder / "svg" / "half.svg").write_text("<svg", encoding="utf-8")
    return folder


def test_stale_folders_are_cleared_only_for_this_game_and_only_when_no_build_runs(
    out: Path,
) -> None:
    game = load_fixture(GAME)
    ours, theirs = _stale(out, f".{GAME}.tmp-dead"), _stale(out, ".other.tmp-dead")
    descriptor = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH)  # as a build running into this folder does
        build_game(game, out, selected_targets(["svg"]), BuildOptions())
        assert ours.is_dir(), "removed while another build was running"
    finally:
        os.close(descriptor)
    build_game(game, out, selected_targets(["svg"]), BuildOptions())
    assert not ours.exists()
    assert theirs.is_dir()


def _failing(error: BaseException) -> Target:
    def files(*args: object) -> Iterator[tuple[str, bytes]]:
        yield "svg/first.svg", b"<svg/>"
        raise error

    return Target("broken", "fails half-way", files)  # type: ignore[arg-type]


def test_output_moved_aside_by_a_killed_build_is_put_back(out: Path) -> None:
    before = snapshot(out / GAME)
    (out / GAME).rename(out / f".{GAME}.old-99999")  # killed between its two renames
    with pytest.raises(BuildError):
        build_game(load_fixture(GAME), out, [_failing(RuntimeError("disk full"))], BuildOptions())
    assert snapshot(out / GAME) == before
    assert hidden(out) == []


def test_keyboard_interrupt_in_a_library_build_removes_its_staging_folder(out: Path) -> None:
    before = snapshot(out / GAME)
    with pytest.raises(KeyboardInterrupt):
        build_game(load_fixture(GAME), out, [_failing(KeyboardInterrupt())], BuildOptions(jobs=2))
    assert hidden(out) == []
    assert snapshot(out / GAME) == before


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o002], ids=oct)
def test_output_folders_follow_the_umask(tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        summary = build_game(
            load_fixture(GAME), tmp_path / "out", selected_targets(["svg"]), BuildOptions()
        )
    finally:
        os.umask(old)
    folders = [summary.folder, *(p for p in summary.folder.rglob("*") if p.is_dir())]
    assert {oct(p.stat().st_mode & 0o777) for p in folders} == {oct(0o777 & ~umask)}


def test_an_interrupt_while_work_is_handed_to_the_workers_kills_them_at_once() -> None:
    """A signal's handler runs in the main thread, which may be inside the worker pool, holding
    its lock while it hands work out: what the interruption undoes must not wait for that lock
    (it never comes back), or the process never exits."""
    import threading

    from toolkit.interrupts import undo_all
    from toolkit.workers import Workers

    game = load_fixture(GAME)
    with Workers(game, 2, apart=True) as workers:
        assert workers.map(_square, [1, 2, 3]) == [1, 4, 9]
        pool = workers._pool
        assert pool is not None
        processes = list(pool._processes.values())  # type: ignore[attr-defined]
        with pool._shutdown_lock:  # type: ignore[attr-defined]  # as while submitting
            undoing = threading.Thread(target=undo_all, daemon=True)
            undoing.start()
            undoing.join(DEADLINE)
            assert not undoing.is_alive(), "the interruption waited for the pool's lock"
        assert processes and all(_dies(process.pid) for process in processes)


def _dies(pid: int | None) -> bool:
    """Whether process ``pid`` is gone or a zombie within the deadline. Asked of the kernel, not
    of ``Process.is_alive``: the pool's own thread may reap a killed worker at the same moment,
    and the losing ``waitpid`` then leaves the process object saying it still runs."""
    if pid is None:
        return False
    stat = Path(f"/proc/{pid}/stat")
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError, IndexError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.01)
    return False


def _square(game: object, job: int) -> int:
    return job * job
