"""`toolkit check --log` on a log of several phases: the turn tracker's reports in the chat
split it, and each phase's moves before its first combat call are movement, with an allowance
of their own (Distant Foreign Fields plays its Movement Phase, 2.2.5, after its Offensive
Phase, 2.2.4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.helpers import game, position
from tests.test_check_log_combat import approach, chat, refs, roll
from tests.test_check_logs import check_log, drag, start, write_log
from toolkit.catalogue import languages, words
from toolkit.check import log_movement, movement_spans, played_combats, trace_log
from toolkit.model.position import Position
from toolkit.vassal.format.layout import Board
from toolkit.vassal.read.chat import CombatCall, format_combat_call, parse_new_turn

__all__ = ["start"]  # the scenario's stream, a fixture of the log tests

DFF = "distant-foreign-fields"
CALL = "<Eric> " + format_combat_call(CombatCall("wf:1011", ("wf:1010",)))


def new_turn(turn: str, language: str = "en") -> str:
    """What the module's turn tracker writes in the chat when it moves on to ``turn``."""
    return words(language)("module.turn.report").replace("$newTurn$", turn)


@pytest.mark.parametrize("language", languages())
def test_the_tracker_s_report_reads_back_in_every_language(language: str) -> None:
    line = new_turn("Aug 14 W1 Monthly 5: Movement", language)
    assert parse_new_turn(line) == "Aug 14 W1 Monthly 5: Movement"
    assert parse_new_turn(line.replace(" ", "&nbsp;", 2)) == "Aug 14 W1 Monthly 5: Movement"
    assert parse_new_turn("* <Anne> Turn Updated from 1 to 2") == "2"
    assert parse_new_turn(CALL) is None


def test_a_log_without_phases_is_movement_until_its_first_call() -> None:
    chat = [["<Eric> moving"], [], [CALL], []]
    assert movement_spans(chat) == [(0, 3)]
    assert movement_spans([[], []]) == [(0, 3)]


def test_each_phase_is_movement_until_its_own_first_call() -> None:
    """Action 1 moves, 2 calls a combat, 3 retreats, 4 moves the tracker on, 5 and 6 move:
    positions 0-1 are movement, and 3 (the game as the tracker moved on) to 6."""
    chat = [[], [CALL], [], [new_turn("Turn 1 Movement")], [], []]
    assert movement_spans(chat) == [(0, 2), (3, 7)]


def _offensive_then_movement(last: str) -> tuple[list[Position], list[list[str]]]:
    """A DFF turn: the Offensive Phase, where the French unit attacks from wf:1010 and the
    German one waits at wf:2705; then the Movement Phase, where the German one goes to
    ``last``."""
    the_game = game(DFF)
    french, german = "fr-1-inf/1", "de-1-inf/1"
    where = [
        {french: "wf:1010", german: "wf:2705"},
        {french: "wf:1010", german: "wf:2705"},
        {french: "wf:1011", german: "wf:2705"},
        {french: "wf:1011", german: "wf:2705"},
        {french: "wf:1011", german: "wf:2705"},
        {french: "wf:1011", german: last},
    ]
    chat = [
        [new_turn("Aug 14 W1 Monthly 4: Offensive")],
        [],
        [CALL],
        [new_turn("Aug 14 W1 Monthly 5: Movement")],
        [],
    ]
    return [position(the_game, at) for at in where], chat


def test_a_move_too_far_in_the_movement_phase_after_an_offensive_is_caught() -> None:
    positions, chat = _offensive_then_movement("wf:0721")
    found = log_movement(game(DFF), positions, chat)
    assert [(v.rule, v.cite, v.pieces) for v in found] == [
        ("movement", "DFF 4.2, 5.0", ("de-1-inf/1",))
    ]


def test_the_same_turn_with_a_move_the_allowance_covers_is_clean() -> None:
    positions, chat = _offensive_then_movement("wf:2710")
    assert log_movement(game(DFF), positions, chat) == []


def test_a_report_draws_each_phase_s_moves_where_they_were_made() -> None:
    """The paths of a later phase are keyed by the log's positions, not the phase's."""
    positions, chat = _offensive_then_movement("wf:2710")
    violations, traced = trace_log(game(DFF), positions, chat)
    assert violations == []
    assert sorted(traced) == [(1, "fr-1-inf/1"), (4, "de-1-inf/1")]
    assert traced[4, "de-1-inf/1"][0] == "wf:2705" and traced[4, "de-1-inf/1"][-1] == "wf:2710"


def test_a_combat_ends_where_the_next_phase_begins() -> None:
    """The French unit's attack is read from the game before the Movement Phase."""
    positions, chat = _offensive_then_movement("wf:2710")
    (combat,) = played_combats(game(DFF), positions, chat)[0]
    assert combat.after is positions[3]


def test_a_phase_after_a_combat_is_checked_as_movement_with_an_allowance_of_its_own(
    minimal_hex_build: Path, minimal_hex_board: Board, start: str, tmp_path: Path
) -> None:
    # the Red artillery (allowance 2) spends 1 going to 1006; then 1-1, roll 5: AE, Red
    # removes both rifles; the tracker moves on, and the artillery has 2 again: 0908 is
    # within them, 0101 is not
    centres = minimal_hex_board.centres
    red = refs(start, "1st Rifles")
    first = drag(start, "2nd Artillery", centres["1006"], "9008")
    combat = [*approach(start, minimal_hex_board), roll(5), [f"-/{red[0]}"], [f"-/{red[1]}"]]
    turn = [first, *combat, chat(new_turn("Turn 1 Movement"))]
    on = drag(start, "2nd Artillery", centres["0908"], "9009", centres["1006"])
    log = write_log(tmp_path / "t.vlog", start, [*turn, on])
    code, out, err = check_log(minimal_hex_build, log)
    assert code == 0, out + err
    too_far = drag(start, "2nd Artillery", centres["0101"], "9009", centres["1006"])
    log = write_log(tmp_path / "t.vlog", start, [*turn, too_far])
    code, out, err = check_log(minimal_hex_build, log)
    assert code == 1, out + err
    lines = out.splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith("valley:1006: error[rule movement] 5.1: 2nd Artillery "), out
    assert "to The Valley 0101" in lines[0]
