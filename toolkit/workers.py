"""One pool of worker processes for a whole build, shared by every step that fans out.

The game reaches each worker once, when the worker is forked (it is inherited, not pickled: the
model holds read-only mappings, which do not pickle, and a big game would cost more to send than
to draw). Each task then sends only a small job (an id, an SVG string) and gets bytes back.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import TracebackType
from typing import TypeVar

from toolkit.model import Game

Job = TypeVar("Job")
Result = TypeVar("Result")

_worker_game: Game | None = None
"""Set once in each worker process by the pool's initializer; never set in the main process."""


def _start_worker(game: Game) -> None:
    global _worker_game
    _worker_game = game


def _run(task: tuple[Callable[[Game, Job], Result], Job]) -> Result:
    function, job = task
    if _worker_game is None:  # pragma: no cover - the initializer runs before any task
        raise RuntimeError("a worker started without its game")
    return function(_worker_game, job)


class Workers:
    """``map(function, jobs)`` over the build's game, in forked processes when ``jobs`` > 1.

    Use it as a context manager: the processes start at the first parallel map and end with the
    ``with`` block. Functions must be module-level (they are sent by name).
    """

    def __init__(self, game: Game, jobs: int = 1) -> None:
        self.game = game
        self.jobs = max(1, jobs)
        self._pool: ProcessPoolExecutor | None = None

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
        if self.jobs <= 1 or len(jobs) < 2:
            return [function(self.game, job) for job in jobs]
        tasks = [(function, job) for job in jobs]
        return list(self._executor().map(_run, tasks, chunksize=chunksize or 1))

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.jobs,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_start_worker,
                initargs=(self.game,),
            )
        return self._pool

    def close(self) -> None:
        """Stop the worker processes (waiting for none: every map has returned already)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
