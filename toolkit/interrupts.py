"""What an interrupted process must undo before it exits, and the signal handling that does it.

A build registers each thing it would leave behind (its staging folder, its worker processes)
for as long as that thing exists. On SIGINT, SIGTERM or SIGHUP the command line undoes them all,
prints one line and exits at once with 128 + the signal's number. It never raises into whatever
runs at that moment: an exception raised inside a cairo callback is swallowed and printed as
noise, and one raised while waiting for workers can hang. A step that must not be cut in half
(swapping the new output into place) holds signals; one that arrives meanwhile is acted on when
the step is done.

The line printed says what is true when the process stops: the previous output is kept, or,
once a build's swap has put the new output in place (:func:`note_output_landed`), that the new
output is there. A command whose normal end is a signal (``toolkit serve``) says so instead
(:func:`stop_is_normal`) and exits 0.

Python runs signal handlers in the main thread between bytecodes, so a main thread deep in a
long C call (cairo drawing a big map) would answer late; a watcher thread, woken by the signal
itself, stops the process when the main thread has not done so within a moment.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType

EXIT_SIGNAL_BASE = 128
"""A process ended by signal N exits 128 + N, as shells report it: 130 for Ctrl-C, 143 for TERM."""
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
GRACE_SECONDS = 0.5
"""How long the main thread has to stop by itself before the watcher thread does it."""
OUTPUT_KEPT = "interrupted; previous output kept"
"""The line of an interrupted command while the output is still the previous one (or none)."""
OUTPUT_LANDED = "interrupted; the new output is in place"
"""The line of a command interrupted after its build's new output landed."""

_undo: dict[int, Callable[[], None]] = {}
"""Registration number → what to undo; run newest first."""
_numbers = itertools.count()
_held: list[int] = []
"""One entry per active :func:`signals_held` block."""
_pending: list[int] = []
"""Signals that arrived while held, to act on when the hold ends."""
_stopping = threading.Lock()
"""Taken by whichever thread stops the process; the other waits for the exit."""
_setup: dict[str, object] = {}
"""The process :func:`stop_on_signals` set up, and a normal end's line (:func:`stop_is_normal`)."""
_landed: list[bool] = [False]
"""Whether the running build's new output is in place (see :func:`note_output_landed`)."""


def register(action: Callable[[], None]) -> int:
    """Run ``action`` if the process is interrupted before :func:`unregister` of the number."""
    number = next(_numbers)
    _undo[number] = action
    return number


def unregister(number: int) -> None:
    """Forget what :func:`register` returned ``number`` for: it is done, or undone."""
    _undo.pop(number, None)


@contextlib.contextmanager
def undo_on_interrupt(action: Callable[[], None]) -> Iterator[None]:
    """Run ``action`` if the process is interrupted while the ``with`` block runs."""
    number = register(action)
    try:
        yield
    finally:
        unregister(number)


def undo_all() -> None:
    """Run every registered action, newest first; one that fails does not stop the others."""
    for number in sorted(_undo, reverse=True):
        action = _undo.pop(number, None)
        if action is None:
            continue
        with contextlib.suppress(Exception):
            action()


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Delay interruption until the ``with`` block is done (see :func:`defer`)."""
    outermost = not _held
    if outermost:  # the watcher thread cannot stop the process in the middle either
        _stopping.acquire()
    _held.append(len(_held))
    try:
        yield
    finally:
        _held.pop()
        if outermost:
            _stopping.release()
            if _pending:
                signum = _pending[0]
                _pending.clear()
                signal.raise_signal(signum)


def defer(signum: int) -> bool:
    """True when signals are held: ``signum`` is then delivered again when the hold ends."""
    if not _held:
        return False
    if signum not in _pending:
        _pending.append(signum)
    return True


def note_output_landed(landed: bool = True) -> None:
    """Record that the build's new output is in place (or, with False, not yet: a new build
    starts), so that an interruption from now on does not claim the previous output is kept."""
    _landed[0] = landed


def stop_is_normal(message: str) -> None:
    """From now on, a stop signal is this process's normal end (a server's): undo what is
    registered, print ``message`` and exit 0."""
    _setup["normal"] = message


def interrupted_line() -> str:
    """The one line an interruption prints now: what is true of the output at this moment."""
    normal = _setup.get("normal")
    if isinstance(normal, str):
        return normal
    return OUTPUT_LANDED if _landed[0] else OUTPUT_KEPT


def exit_status(signum: int) -> int:
    """What a process stopped by ``signum`` exits with: 0 for a normal end, else 128 + N."""
    return 0 if "normal" in _setup else EXIT_SIGNAL_BASE + signum


# -- the command line's signal handling ------------------------------------------------------


def stop_on_signals() -> None:
    """Make SIGINT, SIGTERM and SIGHUP undo what is registered, print :func:`interrupted_line`
    on standard error and exit with :func:`exit_status`. A signal the caller's shell ignores
    stays ignored (``nohup``, a background job's SIGINT). Call from the main thread, as early as
    possible: a second call in the same process changes nothing."""
    if _setup.get("pid") == os.getpid():
        return
    _setup["pid"] = os.getpid()
    handled = False
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _on_signal)
            handled = True
    if handled:
        _start_watcher()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if os.getpid() != _setup.get("pid"):  # a worker between its fork and its own signal set-up
        return
    if defer(signum):
        return
    for stop_signal in STOP_SIGNALS:  # a second Ctrl-C must not cut the clean-up short
        signal.signal(stop_signal, signal.SIG_IGN)
    _stop(signum)


def _stop(signum: int) -> None:
    """Undo, say so, exit: whichever thread comes second waits here for the exit."""
    _stopping.acquire()
    undo_all()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    with contextlib.suppress(OSError):
        os.write(2, f"{interrupted_line()}\n".encode())
    os._exit(exit_status(signum))


def _start_watcher() -> None:
    """Have every handled signal also write its number to a pipe that a thread reads."""
    read_end, write_end = os.pipe()
    for end in (read_end, write_end):
        fcntl.fcntl(end, fcntl.F_SETFD, fcntl.FD_CLOEXEC)
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    threading.Thread(target=_watch, args=(read_end,), name="stop-watcher", daemon=True).start()


def _watch(read_end: int) -> None:
    while True:
        try:
            received = os.read(read_end, 64)
        except OSError:  # pragma: no cover - the pipe is ours alone
            return
        stops = [n for n in received if n in STOP_SIGNALS]
        if not received or not stops:
            continue
        time.sleep(GRACE_SECONDS)  # the main thread, if it is running Python, exits meanwhile
        _stop(stops[0])


def as_worker() -> None:
    """In a forked worker process: leave stopping to the main process, which kills its workers.

    The terminal's signals are ignored (Ctrl-C reaches the whole process group), SIGTERM kills
    at once, and the main process's handlers, watcher pipe and undo actions are dropped.
    """
    signal.set_wakeup_fd(-1)
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _undo.clear()
