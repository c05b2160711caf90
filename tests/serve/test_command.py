"""The serve command as a designer runs it: its own mistakes each one line, with the usual
exit status; Ctrl-C as its normal end; a warning when it listens beyond this machine; and not a
word for requests a client got wrong."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest

from tests.conftest import copy_fixture, run_cli

WAIT = 120.0
"""Seconds a serve may take to build the small game on a slow machine."""


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    done = run_cli("serve", str(tmp_path / "nothing"), cwd=tmp_path)
    assert done.returncode == 2
    assert "does not exist" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_taken_port_is_one_line(tmp_path: Path) -> None:
    source = copy_fixture("river-crossing", tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli("serve", str(source), "--port", str(port), cwd=tmp_path, timeout=60)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"Error: cannot listen on 127.0.0.1:{port}: ")
    assert not (tmp_path / "build").exists()  # nothing built when nothing can be shown


class Serving:
    """A running ``toolkit serve`` of the small game, its output read line by line."""

    def __init__(self, root: Path, *options: str) -> None:
        def default_sigint() -> None:  # a background job (as under CI) ignores SIGINT
            signal.signal(signal.SIGINT, signal.SIG_DFL)

        source = copy_fixture("minimal-hex", root)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "toolkit", "serve", str(source), "-o", str(root / "out")]
            + ["--port", "0", *options],
            cwd=root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=default_sigint,
        )
        self.lines: list[str] = []
        self.errors: list[str] = []
        self.readers = [
            threading.Thread(target=_read, args=(self.process.stdout, self.lines)),
            threading.Thread(target=_read, args=(self.process.stderr, self.errors)),
        ]
        for reader in self.readers:
            reader.start()
        built = self.wait_for(lambda line: line.startswith("built "))
        self.port = int(re.findall(r":(\d+)/", self.lines[0])[0]) if built else 0

    def wait_for(self, wanted: Callable[[str], bool]) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if wanted(line):
                    return line
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"toolkit serve: {self.lines} {self.errors}")

    def stop(self, signum: int = signal.SIGINT) -> int:
        self.process.send_signal(signum)
        status = self.process.wait(timeout=WAIT)
        for reader in self.readers:
            reader.join(WAIT)
        return status

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for reader in self.readers:
            reader.join(WAIT)


def _read(stream: IO[str], into: list[str]) -> None:
    with stream:
        for line in stream:
            into.append(line.rstrip("\n"))


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[Callable[..., Serving]]:
    """Start ``toolkit serve`` with options; every one started is killed at the end."""
    started: list[Serving] = []

    def start(*options: str) -> Serving:
        started.append(Serving(tmp_path / str(len(started)), *options))
        return started[-1]

    yield start
    for running in started:
        running.close()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "term"])
def test_stopping_the_server_is_its_normal_end(
    serving: Callable[..., Serving], signum: int
) -> None:
    running = serving()
    status = running.stop(signum)
    assert running.errors == ["stopped"]
    assert status == 0


def test_a_host_other_than_loopback_is_warned_of_in_one_line(
    serving: Callable[..., Serving],
) -> None:
    running = serving("--host", "0.0.0.0")
    status = running.stop()
    assert status == 0
    assert running.errors == [
        "warning: listening on 0.0.0.0: anyone who can reach this machine can read the "
        "game's sources and outputs",
        "stopped",
    ]


HEADERS = b" HTTP/1.1\r\nHost: 127.0.0.1\r\n"
CLOSE = HEADERS + b"Connection: close\r\n\r\n"
MALFORMED = {
    "bad request line": b"GARBAGE\r\n\r\n",
    "huge header": b"GET /" + HEADERS + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n",
    "invalid method": b"G@T /" + CLOSE,
    "invalid method after a good request": b"GET /" + HEADERS + b"\r\n" + b"G@T /" + CLOSE,
    "bad percent-encoding": b"GET /raw/%zz%G0" + CLOSE,
    "NUL in the path": b"GET /raw/a\x00b" + CLOSE,
    "encoded NUL in the path": b"GET /out/a%00b" + CLOSE,
    "bad chunked body": b"POST /" + HEADERS + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
}


def test_malformed_requests_are_answered_without_a_word(
    serving: Callable[..., Serving],
) -> None:
    running = serving()
    for name, request in MALFORMED.items():
        with socket.create_connection(("127.0.0.1", running.port), timeout=10) as client:
            client.sendall(request)
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1."), name
        assert b" 500 " not in answer, name
    status = running.stop()
    assert "\n".join(running.errors) == "stopped"  # not a traceback, not a line per request
    assert status == 0
