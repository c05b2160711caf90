"""`toolkit check --log` on what play-by-email players exchange: a built module and a VASSAL
log of a turn, written as VASSAL writes one (the scenario as the game began, then each drag)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from tests.vassal.engine import run_engine
from toolkit.vassal.format.codec import decode, encode, obfuscate
from toolkit.vassal.format.commands import leaf_commands, parse_add_piece
from toolkit.vassal.format.layout import Board
from toolkit.vassal.read.logs import MovePiece, encode_log, format_move
from toolkit.vassal.read.reader import open_archive, read_saved_game


@pytest.fixture(scope="module")
def start(minimal_hex_build: Path) -> str:
    """The scenario's command stream: the game as it stands when the log begins."""
    with open_archive(minimal_hex_build / "scenarios" / "meeting.vsav") as archive:
        return read_saved_game(archive)


def drag(
    start: str,
    name: str,
    to: tuple[int, int],
    new_stack: str,
    came_from: tuple[int, int] | None = None,
) -> list[str]:
    """The commands VASSAL logs when a player drags the piece called ``name`` (from where the
    game began, or ``came_from``) onto an empty place: the move, then the new stack made for
    it."""
    pieces = [parse_add_piece(c) for c in leaf_commands(start) if c.startswith("+/")]
    piece = next(p for p in pieces if p.basic.type.endswith(f";{name}"))
    stack = next(
        p for p in pieces if p.basic.type == "stack" and piece.piece_id in (p.basic.state or "")
    )
    map_id, x, y = decode(stack.basic.state or "", ";")[:3]
    old = came_from or (int(x), int(y))
    move = MovePiece(piece.piece_id, map_id, to, None, map_id, old, None, "player1")
    stack_state = encode([map_id, str(to[0]), str(to[1]), piece.piece_id, "@@-1"], ";")
    return [format_move(move), encode(["+", new_stack, "stack", stack_state], "/")]


def write_log(path: Path, start: str, steps: list[list[str]]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("savedGame", obfuscate(encode_log(start, steps)))
    return path


def check_log(minimal_hex_build: Path, log: Path) -> tuple[int, str, str]:
    result = run_cli(
        "check", str(minimal_hex_build / "minimal-hex.vmod"), "--log", str(log), cwd=ROOT
    )
    return result.returncode, result.stdout, result.stderr


def test_a_legal_move_is_not_reported(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    steps = [drag(start, "2nd Artillery", minimal_hex_board.centres["1006"], "9001")]
    code, out, err = check_log(minimal_hex_build, write_log(tmp_path / "turn.vlog", start, steps))
    assert code == 0, out + err
    assert out == "" and err == f"checked {tmp_path / 'turn.vlog'}: passed\n"


def test_a_move_beyond_the_allowance_is_caught(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    steps = [
        drag(start, "3rd Armoured", minimal_hex_board.centres["0105"], "9001"),
        drag(start, "2nd Artillery", minimal_hex_board.centres["1006"], "9002"),
        drag(
            start,
            "2nd Artillery",
            minimal_hex_board.centres["0101"],
            "9003",
            minimal_hex_board.centres["1006"],
        ),
    ]
    code, out, err = check_log(minimal_hex_build, write_log(tmp_path / "turn.vlog", start, steps))
    assert code == 1, out + err
    lines = out.splitlines()
    assert len(lines) == 1, out
    # judged drag by drag: the second drag had only what the first one left
    assert lines[0].startswith("valley:1006: error[rule movement] 5.1: 2nd Artillery ")
    assert "to The Valley 0101" in lines[0]
    assert "after the 1 it spent earlier in the move" in lines[0]
    assert "3rd Armoured" not in out


def test_vassal_loads_the_log_as_written(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    """VASSAL decodes every logged command on loading (a move it cannot read refuses the whole
    file) and restores the game the log began with; the steps wait for its Step button."""
    steps = [drag(start, "2nd Artillery", minimal_hex_board.centres["1006"], "9001")]
    log = write_log(tmp_path / "turn.vlog", start, steps)
    report = run_engine(minimal_hex_build / "minimal-hex.vmod", log)
    assert report.problems == []
    assert report.places("save turn.vlog")[("The Valley", "1005")] == 1


def test_a_damaged_log_is_one_line(minimal_hex_build: Path, tmp_path: Path) -> None:
    junk = tmp_path / "junk.vlog"
    junk.write_bytes(b"PK\x03\x04 truncated")
    code, out, err = check_log(minimal_hex_build, junk)
    assert code == 1
    lines = [line for line in err.splitlines() if "log.unreadable" in line]
    assert len(lines) == 1 and "Traceback" not in err, err


def test_a_saved_game_is_not_a_log(minimal_hex_build: Path) -> None:
    code, _, err = check_log(minimal_hex_build, minimal_hex_build / "scenarios" / "meeting.vsav")
    assert code == 1
    assert "log.unreadable" in err and "check it with --save" in err


def test_log_excludes_the_other_checks(minimal_hex_build: Path) -> None:
    result = run_cli(
        "check",
        str(minimal_hex_build / "minimal-hex.vmod"),
        "--save",
        "x.vsav",
        "--log",
        "x.vlog",
        cwd=ROOT,
    )
    assert result.returncode == 2
    assert "--log FILE.vlog" in result.stderr
