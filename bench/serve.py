"""The bench's "preview updated after a save": how long a designer waits, in ``toolkit serve``,
from saving one edited source file to the preview's build-finished event.

``toolkit serve`` runs in its own process, as a designer runs it; the event is the line it
prints when a build has finished and the page has been told (no browser is needed for that).
"""

from __future__ import annotations

import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

START_TIMEOUT = 900.0
"""Seconds the first build may take (the monster game's output is usually in place already)."""
SAVE_TIMEOUT = 120.0
QUIET = 0.5
"""Seconds left between saves, so that each is built on its own."""


def preview_after_save(
    toolkit: Sequence[str],
    folder: Path,
    out: Path,
    jobs: int,
    save: Callable[[], None],
    repeats: int = 3,
) -> float:
    """The fastest of ``repeats`` waits, in seconds, from ``save()`` (writing one edited source
    file) to ``toolkit serve``'s line saying that build finished."""
    command = [*toolkit, "serve", str(folder), "-o", str(out), "--port", "0", "-j", str(jobs)]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    assert process.stdout is not None
    reader = threading.Thread(target=_read, args=(process.stdout, lines), daemon=True)
    reader.start()
    try:
        _next_build(lines, START_TIMEOUT)
        waits = []
        for _ in range(repeats):
            time.sleep(QUIET)
            saved = time.perf_counter()
            save()
            waits.append(_next_build(lines, SAVE_TIMEOUT) - saved)
        return min(waits)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        reader.join(5)


def _read(stream: IO[str], lines: queue.Queue[tuple[float, str]]) -> None:
    with stream:
        for line in stream:
            lines.put((time.perf_counter(), line))


def _next_build(lines: queue.Queue[tuple[float, str]], timeout: float) -> float:
    """When the next "built …" line came; exits the bench if the build failed or never ends."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            when, line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise SystemExit("toolkit serve did not finish a build in time") from None
        if line.startswith("built "):
            return when
