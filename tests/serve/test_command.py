"""The serve command's own mistakes: each one line, with the usual exit status."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.conftest import copy_fixture, run_cli


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
