"""One pool of worker processes for a whole build, shared by every step that fans out.

The game reaches each worker once, when the worker is forked (it is inherited, not pickled: the
model holds read-only mappings, which do not pickle, and a big game would cost more to send than
to draw). Each task then sends only a small job (an id, an SVG string) and gets bytes back.

Workers never outlive the build: they ignore the terminal's Ctrl-C (the main process decides and
stops them), die with the main process even when it is killed outright, and are killed, not
waited for, when the build is interrupted or fails.

A build draws in a worker even at one job: resvg holds the interpreter's lock for as long as it
rasterises a map (seconds, for a big one at a high resolution), and while it does, no signal
handler and no thread of the process that called it can run. With the drawing in a worker, the
main process only waits, and answers Ctrl-C at once.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType
from typing import TypeVar

from toolkit.interrupts import as_worker, register, unregister
from toolkit.model import Game

Job = TypeVar("Job")
Result = TypeVar("Result")

_worker_game: Game | None = None
"""Set once in each worker process by the pool's initializer; never set in the main process."""


PR_SET_PDEATHSIG = 1
"""Linux prctl option: the signal a process gets when its parent dies."""
PARENT_POLL_SECONDS = 0.5
"""Where the kernel cannot signal a worker on its parent's death, how often it looks."""
KILL_WAIT_SECONDS = 2.0
"""How long to wait for a killed worker to be gone (SIGKILL cannot be refused)."""


def _start_worker(game: Game, parent: int) -> None:
    global _worker_game
    _worker_game = game
    as_worker()
    _die_with(parent)


def _die_with(parent: int) -> None:
    """End this worker as soon as ``parent`` is gone, even if it was killed with SIGKILL."""
    if not _kernel_kills_orphan():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the kernel was asked to tell us
        os._exit(1)


def _kernel_kills_orphan() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where that is unknown."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def _run(task: tuple[Callable[[Game, Job], Result], Job]) -> Result:
    function, job = task
    if _worker_game is None:  # pragma: no cover - the initializer runs before any task
        raise RuntimeError("a worker started without its game")
    return function(_worker_game, job)


class Workers:
    """``map(function, jobs)`` over the build's game, in forked processes when ``jobs`` > 1, or
    always when ``apart`` (one process at one job: the caller stays free to answer signals).

    Use it as a context manager: the processes start at the first map that uses them and end
    with the ``with`` block. Functions must be module-level (they are sent by name).
    """

    def __init__(self, game: Game, jobs: int = 1, *, apart: bool = False) -> None:
        self.game = game
        self.jobs = max(1, jobs)
        self.apart = apart or self.jobs > 1
        """Whether maps run in worker processes (else in the calling process)."""
        self._pool: ProcessPoolExecutor | None = None
        self._interrupt = -1

    def map(
        self,
        function: Callable[[Game, Job], Result],
        jobs: Sequence[Job],
        chunksize: int | None = None,
    ) -> list[Result]:
        """``[function(game, job) for job in jobs]``, in order, in parallel when worth it.

        ``chunksize`` None hands out jobs one at a time (for jobs of very different cost);
        many small jobs go faster in chunks.
        """
        if not jobs or not self.apart:
            return [function(self.game, job) for job in jobs]
        tasks = [(function, job) for job in jobs]
        return list(self._executor().map(_run, tasks, chunksize=chunksize or 1))

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_start_worker,
                initargs=(self.game, os.getpid()),
            )
        return self._pool

    def close(self) -> None:
        """Stop the worker processes once they are idle (every map has returned already)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def kill(self) -> None:
        """Kill the worker processes now, in the middle of whatever they do, and reap them."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = _kill(pool)
        pool.shutdown(wait=False, cancel_futures=True)
        _reap(processes)

    def _kill_on_interrupt(self) -> None:
        """What an interruption undoes: the worker processes killed and reaped, the pool itself
        left alone. The signal handler runs in the main thread, which may be inside the pool
        holding its lock (submitting work), and the process exits right after this."""
        if self._pool is not None:
            _reap(_kill(self._pool))

    def __enter__(self) -> Workers:
        self._interrupt = register(self._kill_on_interrupt)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            if error is None:
                self.close()
            else:  # a failed or interrupted build: nothing the workers do is wanted any more
                self.kill()
        finally:
            unregister(self._interrupt)


def _kill(pool: ProcessPoolExecutor) -> list[multiprocessing.process.BaseProcess]:
    """Send SIGKILL to every process of ``pool``; the processes, to reap."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.kill()
    return processes


def _reap(processes: list[multiprocessing.process.BaseProcess]) -> None:
    """Wait for killed processes to be gone (SIGKILL cannot be refused, so this is short)."""
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.join(KILL_WAIT_SECONDS)
