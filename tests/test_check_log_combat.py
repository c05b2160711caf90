"""`toolkit check --log` follows a combat: the call in the chat, the roll VASSAL reports, and
whether the losses and retreats applied afterwards are the result the roll gives (the minimal
hex game: Red's two rifles, 3 + 3, attack the Blue armour, defence 4: 1.5 reads 1-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_check_logs import check_log, drag, start, write_log
from toolkit.catalogue import languages, words
from toolkit.vassal.format.codec import decode, encode
from toolkit.vassal.format.commands import leaf_commands, parse_add_piece
from toolkit.vassal.format.layout import Board
from toolkit.vassal.read.chat import (
    CombatCall,
    DiceReport,
    format_combat_call,
    format_dice_report,
    parse_combat_call,
    parse_dice_report,
)
from toolkit.vassal.read.logs import MovePiece, format_move

__all__ = ["start"]  # the scenario's stream, a fixture of the log tests


def refs(start: str, name: str) -> list[str]:
    """The VASSAL ids of the pieces called ``name`` in the scenario."""
    pieces = [parse_add_piece(c) for c in leaf_commands(start) if c.startswith("+/")]
    return [p.piece_id for p in pieces if p.basic.type.endswith(f";{name}")]


def drag_ref(
    start: str, ref: str, to: tuple[int, int], new_stack: str, came_from: tuple[int, int]
) -> list[str]:
    """The commands VASSAL logs when a player drags the piece ``ref`` onto an empty place."""
    pieces = [parse_add_piece(c) for c in leaf_commands(start) if c.startswith("+/")]
    stack = next(p for p in pieces if p.basic.type == "stack" and ref in (p.basic.state or ""))
    map_id = decode(stack.basic.state or "", ";")[0]
    move = MovePiece(ref, map_id, to, None, map_id, came_from, None, "player2")
    state = encode([map_id, str(to[0]), str(to[1]), ref, "@@-1"], ";")
    return [format_move(move), encode(["+", new_stack, "stack", state], "/")]


def chat(text: str) -> list[str]:
    return ["CHAT" + text]


def roll(*dice: int) -> list[str]:
    return chat(format_dice_report(DiceReport("1d6", dice), "Red").replace("<", "&lt;"))


def approach(start: str, board: Board) -> list[list[str]]:
    """The Blue armour drives to 0705; Red's two rifles come up to 0806 and call the attack."""
    first, second = refs(start, "1st Rifles")
    return [
        drag(start, "3rd Armoured", board.centres["0705"], "9001"),
        drag_ref(start, first, board.centres["0806"], "9002", board.centres["0906"]),
        drag_ref(start, second, board.centres["0806"], "9003", board.centres["0906"]),
        chat("<Red> " + format_combat_call(CombatCall("0705", ("0806",)))),
    ]


def test_the_call_and_the_report_read_back() -> None:
    declared = (("ace", ("6th Infantry", "7th Infantry")), ("exploitation", ()))
    call = CombatCall("W3020", ("W3019", "W3120"), None, "Assaut", declared)
    assert parse_combat_call("<Eric> " + format_combat_call(call)) == call
    french = "Combat à W3020 depuis W3019, W3120 sur Assaut avec ace (6th Infantry, 7th Infantry)"
    assert parse_combat_call(french + ", exploitation — 8 contre 4") == call
    assert parse_dice_report("** 2d10 = 3,8 *** &lt;Alice&gt;") == DiceReport("2d10", (3, 8))
    assert parse_dice_report("<Blue> your move") is None


@pytest.mark.parametrize("language", languages())
def test_a_call_in_every_language_reads_back(language: str) -> None:
    """The module writes its call in the game's language; the checker reads every language."""
    declared = (("ace", ("6th Infantry",)),)
    call = CombatCall("0606", ("0706", "0705"), "Blue", "Assaut", declared)
    line = format_combat_call(call, words(language))
    assert parse_combat_call(f"* <Eric> {line} — Attack 8, defence 4") == call, line
    assert parse_combat_call(format_combat_call(CombatCall("0606"), words(language))) == (
        CombatCall("0606")
    )


def test_a_result_applied_as_the_table_says_passes(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    # 1-1, roll 5: AE, the attackers eliminated (6.2): Red removes both infantry
    red = refs(start, "1st Rifles")
    steps = [*approach(start, minimal_hex_board), roll(5), [f"-/{red[0]}"], [f"-/{red[1]}"]]
    code, out, err = check_log(minimal_hex_build, write_log(tmp_path / "t.vlog", start, steps))
    assert "[rule combat]" not in out, out
    assert code == 0, out + err


def test_a_wrong_result_is_caught_with_the_rule_number(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    # roll 5 is AE, but the players removed the defending armour instead
    blue = refs(start, "3rd Armoured")
    steps = [*approach(start, minimal_hex_board), roll(5), [f"-/{blue[0]}"]]
    code, out, err = check_log(minimal_hex_build, write_log(tmp_path / "t.vlog", start, steps))
    assert code == 1, out + err
    lines = [line for line in out.splitlines() if "[rule combat]" in line]
    assert len(lines) == 2, out
    attacker, defender = lines
    assert attacker.startswith(
        "valley:0705: error[rule combat] 6.2: the combat at The Valley 0705:"
    )
    assert "2 × 1st Rifles against 3rd Armoured: 6 against 4 (1.5:1), 1-1, roll 5 gives AE" in (
        attacker
    )
    assert attacker.endswith("the attacker is eliminated, but 2 × 1st Rifles survived.")
    assert defender.endswith("the defender loses 0 unit(s), but lost 1.")


def test_a_roll_of_the_wrong_dice_is_caught(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    steps = [*approach(start, minimal_hex_board), roll(2, 3)]
    code, out, err = check_log(minimal_hex_build, write_log(tmp_path / "t.vlog", start, steps))
    assert code == 1, out + err
    assert "rolled 2,3; the combat calls for 1d6." in out


def test_a_retreat_not_taken_is_caught_and_retreat_moves_are_not_movement(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    # roll 1 on 1-1 is AR: the attackers retreat; one goes back to 0906, one stays
    steps = [
        *approach(start, minimal_hex_board),
        roll(1),
        drag_ref(
            start,
            refs(start, "1st Rifles")[0],
            minimal_hex_board.centres["0906"],
            "9004",
            minimal_hex_board.centres["0806"],
        ),
    ]
    code, out, err = check_log(minimal_hex_build, write_log(tmp_path / "t.vlog", start, steps))
    assert code == 1, out + err
    lines = out.splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith("valley:0705: error[rule combat] 6.3: ")
    assert lines[0].endswith("the attacker retreats, but 1st Rifles stayed.")


def test_a_call_at_a_place_the_game_lacks_is_one_warning(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    steps = [chat("<Red> Combat at 9999 from 0806"), roll(3)]
    code, out, err = check_log(minimal_hex_build, write_log(tmp_path / "t.vlog", start, steps))
    assert code == 0, out + err
    warnings = [line for line in (out + err).splitlines() if "log.unknown-place" in line]
    assert len(warnings) == 1, out + err
    assert (
        "logged action 1: combat called at '9999', a place the game does not have" in (warnings[0])
    )
