"""VASSAL logs: the stream taken apart and put back as VASSAL's BasicLogger writes it, moves
read and written, and the logged actions replayed onto the pieces the log starts with."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from toolkit.vassal.format.codec import ESC, decode, encode, obfuscate
from toolkit.vassal.format.commands import AddPiece, Level, format_add_piece, parse_add_piece
from toolkit.vassal.read.logs import (
    GameLog,
    LogError,
    MovePiece,
    decode_log,
    encode_log,
    format_move,
    parse_move,
    read_log,
    replay_log,
    replay_steps,
)
from toolkit.vassal.read.reader import ArchiveError


def piece(piece_id: str, name: str, at: tuple[int, int], face: str = "1") -> str:
    """A piece with a faces layer, on map 'Main' at ``at``."""
    state = encode(["Main", str(at[0]), str(at[1]), "7", "0"], ";")
    return format_add_piece(
        AddPiece(piece_id, (Level("emb2;Flip", face), Level(f"piece;;;{name};", state)))
    )


def stack(stack_id: str, at: tuple[int, int], *members: str) -> str:
    state = encode(["Main", str(at[0]), str(at[1]), *members, "@@-1"], ";")
    return encode(["+", stack_id, "stack", state], "/")


START = encode(
    [
        "begin_save",
        "",
        encode(
            [
                "",
                piece("1", "Inf", (10, 20)),
                piece("2", "Art", (50, 60)),
                stack("11", (10, 20), "1"),
                stack("12", (50, 60), "2"),
            ],
            ESC,
        ),
        "MainBoardPicker\tBoard\t0\t0",
        "end_save",
    ],
    ESC,
)
"""A saved game's stream as VASSAL writes one: two pieces, each in its own stack."""


def drag(piece_id: str, to: tuple[int, int], old: tuple[int, int], new_stack: str) -> list[str]:
    """What VASSAL logs for a piece dragged to an empty place: the move, then its new stack."""
    move = MovePiece(piece_id, "Main", to, None, "Main", old, None, "p1")
    return [format_move(move), stack(new_stack, to, piece_id)]


def places(commands: tuple[str, ...]) -> dict[str, tuple[str, int, int]]:
    """Piece id → (map, x, y) of every piece (not stack) among AddPiece commands."""
    found = {}
    for command in commands:
        added = parse_add_piece(command)
        if added.basic.type.startswith("piece;"):
            fields = decode(added.basic.state or "", ";")
            found[added.piece_id] = (fields[0], int(fields[1]), int(fields[2]))
    return found


# -- the stream ----------------------------------------------------------------------------------


def test_a_log_is_the_start_then_one_log_command_per_action() -> None:
    steps = [drag("1", (30, 40), (10, 20), "13"), ["M/2/Main/90/90/null/Main/50/60/null/p1"]]
    stream = encode_log(START, steps)
    # As BasicLogger writes it: after end_save, each action is LOG<TAB> and its own command,
    # the commands it carried following one ESC level deeper.
    assert stream.startswith(START + ESC + "LOG\tM/1/Main/30/40/null/Main/10/20/null/p1\\" + ESC)
    assert stream.endswith(ESC + "LOG\tM/2/Main/90/90/null/Main/50/60/null/p1")
    log = decode_log(stream)
    assert log.steps == tuple(tuple(step) for step in steps)
    assert log.start_commands()[0] == "begin_save" and log.start_commands()[-1] == "end_save"
    assert encode_log(encode(list(log.start), ESC), log.steps) == stream


def test_a_saved_game_is_not_a_log() -> None:
    with pytest.raises(LogError, match="a saved game, not a log"):
        decode_log(START)


def test_a_stream_that_is_no_game_is_refused() -> None:
    with pytest.raises(LogError, match="does not begin with 'begin_save'"):
        decode_log("LOG\tM/1/Main/1/1/null/Main/0/0/null")


def test_read_log_reads_the_obfuscated_entry(tmp_path: Path) -> None:
    path = tmp_path / "turn.vlog"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("savedGame", obfuscate(encode_log(START, [["-/2"]])))
    assert read_log(path).steps == (("-/2",),)


def test_a_damaged_log_file_is_an_archive_error(tmp_path: Path) -> None:
    path = tmp_path / "turn.vlog"
    path.write_bytes(b"!VCSK5a not a zip")
    with pytest.raises(ArchiveError, match="not a zip archive"):
        read_log(path)


# -- moves ---------------------------------------------------------------------------------------


def test_a_move_reads_as_vassal_reads_it() -> None:
    text = "M/1/Main/30/40/null/null/0/0/7/player1"
    move = parse_move(text)
    assert move == MovePiece("1", "Main", (30, 40), None, None, (0, 0), "7", "player1")
    assert format_move(move) == text
    assert format_move(parse_move("M/1/null/0/0/5/Main/3/4/null")) == "M/1/null/0/0/5/Main/3/4/null"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("M/1/Main/30/40", "4 fields"),
        ("M/1/Main/x/40/null/Main/0/0/null", "not a number"),
        ("D/1/state", "not a move"),
    ],
)
def test_a_broken_move_says_why(text: str, why: str) -> None:
    with pytest.raises(LogError, match=why):
        parse_move(text)


# -- replay --------------------------------------------------------------------------------------


def replay(*steps: list[str]) -> tuple[dict[str, tuple[str, int, int]], tuple[str, ...]]:
    done = replay_log(decode_log(encode_log(START, list(steps))))
    return places(done.commands), done.problems


def test_a_dragged_piece_ends_where_it_was_dropped() -> None:
    found, problems = replay(drag("1", (30, 40), (10, 20), "13"))
    assert found == {"1": ("Main", 30, 40), "2": ("Main", 50, 60)}
    assert problems == ()


def test_a_dragged_stack_takes_its_pieces_along() -> None:
    found, _ = replay(["M/12/Main/70/80/null/Main/50/60/null/p1"])
    assert found["2"] == ("Main", 70, 80)


def test_a_piece_dropped_on_another_joins_its_stack_and_moves_with_it() -> None:
    found, _ = replay(
        ["M/1/Main/50/60/2/Main/10/20/null/p1"],
        ["M/12/Main/5/5/null/Main/50/60/null/p1"],
    )
    assert found == {"1": ("Main", 5, 5), "2": ("Main", 5, 5)}


def test_a_piece_dragged_out_of_a_stack_leaves_it_behind() -> None:
    found, _ = replay(
        ["M/1/Main/50/60/2/Main/10/20/null/p1"],
        drag("1", (30, 40), (50, 60), "13"),
        ["M/12/Main/5/5/null/Main/50/60/null/p1"],
    )
    assert found == {"1": ("Main", 30, 40), "2": ("Main", 5, 5)}


def test_an_undone_move_puts_the_piece_back() -> None:
    found, _ = replay(
        drag("1", (30, 40), (10, 20), "13"),
        ["UNDO\ttrue", "-/13", "M/1/Main/10/20/null/Main/30/40/null/p1", "UNDO\tfalse"],
    )
    assert found["1"] == ("Main", 10, 20)


def test_a_removed_piece_stays_off_the_map_so_later_pieces_keep_their_order() -> None:
    done = replay_log(decode_log(encode_log(START, [["-/1"]])))
    assert [parse_add_piece(c).piece_id for c in done.commands] == ["1", "2", "11", "12"]
    assert places(done.commands)["1"][0] == "null"


def test_a_change_sets_the_whole_state() -> None:
    state = encode(["2", encode(["Main", "50", "60", "7", "0"], ";")], "\t")
    done = replay_log(decode_log(encode_log(START, [[encode(["D", "1", state], "/")]])))
    changed = parse_add_piece(done.commands[0])
    assert changed.levels[0].state == "2"
    assert places(done.commands)["1"] == ("Main", 50, 60)


def test_a_step_naming_no_piece_is_a_problem_and_the_rest_still_plays() -> None:
    found, problems = replay(["M/99/Main/1/1/null/Main/0/0/null/p1"], ["-/2"])
    assert problems == ("logged action 1: piece '99' is not in the game",)
    assert found["2"][0] == "null"


def test_a_new_piece_comes_after_the_starting_ones() -> None:
    log = GameLog(("begin_save", "end_save"), ((piece("5", "New", (1, 2)),),))
    assert [parse_add_piece(c).piece_id for c in replay_log(log).commands] == ["5"]
    found, _ = replay([piece("5", "New", (1, 2))])
    assert list(found) == ["1", "2", "5"]


def test_step_by_step_each_action_lists_what_it_changed() -> None:
    """Replayed one action at a time: the starting pieces, then per action the pieces and
    stacks it touched; at the end, the same pieces as the whole replay."""
    steps = [
        drag("1", (30, 40), (10, 20), "13"),
        ["M/12/Main/70/80/null/Main/50/60/null/p1"],
        ["chat: nothing moves"],
    ]
    log = decode_log(encode_log(START, steps))
    done = replay_steps(log)
    assert [ref for ref, _ in done.start] == ["1", "2", "11", "12"]
    assert [sorted(ref for ref, _ in changed) for changed in done.steps] == [
        ["1", "11", "13"],
        ["12", "2"],
        [],
    ]
    last: dict[str, AddPiece] = dict(done.start)
    for changed in done.steps:
        last.update(changed)
    assert places([format_add_piece(p) for p in last.values()]) == places(replay_log(log).commands)
