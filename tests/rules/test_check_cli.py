"""'toolkit check' and the build's setup check, as a user meets them: exact lines, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import FIXTURES, copy_fixture, run_cli

GAME = str(FIXTURES / "minimal-hex")
OVERSTACKED = {
    "$schema": "../schemas/position.schema.json",
    "kind": "position",
    "pieces": [
        {"at": "valley:0303", "pieces": ["bl-1-inf", "bl-2-inf", "bl-3-arm"]},
        {"at": "valley:0404", "pieces": ["rd-2-art"]},
    ],
    "control": {"bl": ["millbrook", "hilltop"]},
}
LINES = [
    "valley:0303: error[rule stacking] 4.1: The Valley 0303 holds 3 pieces (1st Infantry, "
    "2nd Infantry and 3rd Armoured); at most 2 pieces may stack there.",
    "valley:0404: error[rule lake] 5.2: 2nd Artillery is in The Valley 0404, where the rule "
    "keeps it out: No unit may enter a lake hex.",
    "valley:0304: info[rule victory] 8.1: Victory condition met for Blue: control of every "
    "place it names (Millbrook (The Valley 0304) and Hilltop (The Valley 0802)).",
]


def _position(tmp_path: Path, data: dict[str, object]) -> str:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return "position.json"


def test_check_a_legal_setup_exits_0(tmp_path: Path) -> None:
    result = run_cli("check", GAME, "--setup", "meeting", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr == "checked setup meeting: passed\n"


def test_check_a_position_prints_one_line_per_broken_rule(tmp_path: Path) -> None:
    result = run_cli("check", GAME, "--position", _position(tmp_path, OVERSTACKED), cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == LINES


def test_only_information_exits_0(tmp_path: Path) -> None:
    won = {"kind": "position", "pieces": [], "control": {"bl": ["millbrook", "hilltop"]}}
    result = run_cli("check", GAME, "--position", _position(tmp_path, won), cwd=tmp_path)
    assert (result.returncode, result.stdout.splitlines()) == (0, LINES[2:])


def test_check_json_lists_violations(tmp_path: Path) -> None:
    result = run_cli(
        "check",
        GAME,
        "--position",
        _position(tmp_path, OVERSTACKED),
        "--format",
        "json",
        cwd=tmp_path,
    )
    assert result.returncode == 1
    found = json.loads(result.stdout)
    assert [v["rule"] for v in found] == ["stacking", "lake", "victory"]
    assert found[0] == {
        "rule": "stacking",
        "cite": "4.1",
        "severity": "error",
        "message": LINES[0].split(" 4.1: ", 1)[1],
        "locations": ["valley:0303"],
        "pieces": ["bl-1-inf/1", "bl-2-inf/1", "bl-3-arm/1"],
        "waived": None,
    }


def test_a_bad_position_file_is_located(tmp_path: Path) -> None:
    bad = {"kind": "position", "pieces": [{"at": "valley:0303", "pieces": ["bl-1-inff"]}]}
    result = run_cli("check", GAME, "--position", _position(tmp_path, bad), cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        "position.json:7:9: error[ref.unknown-counter]: unknown counter 'bl-1-inff' "
        "(did you mean 'bl-1-inf' or 'bl-2-inf' or 'rd-1-inf'?) (known: bl-1-inf, bl-2-inf, "
        "bl-3-arm, rd-1-inf, rd-2-art, turn)"
    )


def test_a_position_says_what_the_hands_hold_and_one_over_its_limit_is_reported(
    tmp_path: Path,
) -> None:
    cards = str(FIXTURES / "cards-hex")
    held = {
        "kind": "position",
        "pieces": [],
        "decks": {"blue-events": []},
        "hands": {"blue-events": ["air-recon", "forced-march"]},
    }
    within = run_cli("check", cards, "--position", _position(tmp_path, held), cwd=tmp_path)
    assert (within.returncode, within.stdout) == (0, ""), within.stderr
    held["hands"] = {"blue-events": ["air-recon", "forced-march", "heavy-guns"]}
    over = run_cli("check", cards, "--position", _position(tmp_path, held), cwd=tmp_path)
    assert over.returncode == 1, over.stderr
    assert over.stdout.splitlines() == [
        "position.json: error[rule hand-limit] 6.0: Blue holds 3 cards of Blue events in hand; "
        "the limit is 2."
    ]


def test_a_hand_holding_another_decks_card_in_a_position_is_located(tmp_path: Path) -> None:
    cards = str(FIXTURES / "cards-hex")
    wrong = {"kind": "position", "pieces": [], "hands": {"blue-events": ["ambush"]}}
    result = run_cli("check", cards, "--position", _position(tmp_path, wrong), cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == (
        "position.json:6:7: error[deck.not-in-deck]: card 'ambush' is not one of deck "
        "'blue-events''s cards"
    )


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    neither = run_cli("check", GAME, cwd=tmp_path)
    both = run_cli("check", GAME, "--setup", "meeting", "--position", "p.json", cwd=tmp_path)
    half_turn = run_cli("check", GAME, "--before", "a.json", cwd=tmp_path)
    unknown = run_cli("check", GAME, "--setup", "meting", cwd=tmp_path)
    codes = [neither.returncode, both.returncode, half_turn.returncode, unknown.returncode]
    assert codes == [2, 2, 2, 2]
    usage = (
        "give one of --setup ID, --position FILE, --save FILE.vsav [--setup ID], "
        "--before A --after B or --log FILE.vlog"
    )
    for wrong in (neither, both, half_turn):
        assert usage in wrong.stderr
    assert "no setup 'meting' in minimal-hex (did you mean 'meeting'?)" in unknown.stderr


def _overstack_setup(game: Path, waiver: str = "") -> None:
    path = game / "setups" / "meeting.json"
    text = path.read_text(encoding="utf-8").replace('["bl-3-arm"]', '["bl-3-arm", "bl-1-inf"]')
    text = text.replace(
        '{"at": "millbrook", "pieces": ["bl-1-inf", "bl-2-inf"]}',
        ('{"at": "millbrook", "pieces": ["bl-2-inf", "bl-3-arm"]}'),
    )
    text = text.replace('["bl-3-arm", "bl-1-inf"]', '["bl-1-inf"]')
    text = text.replace(
        '"at": "valley:1005", "pieces": ["rd-2-art"]',
        '"at": "millbrook", "pieces": ["rd-2-art"]',
    )
    if waiver:
        text = text.replace('  "turn": 1,', f'  "turn": 1,\n  "waivers": [{waiver}],')
    path.write_text(text, encoding="utf-8")


def test_build_refuses_a_setup_that_breaks_a_rule(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    _overstack_setup(game)
    result = run_cli("build", "minimal-hex", "-o", "out", "--only", "svg", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [  # the report's order: by place, then by text
        "minimal-hex/setups/meeting.json:10:36: error[setup.breaks-rule]: setup 'meeting' "
        "breaks rule 'stacking' (4.1): Millbrook (The Valley 0304) holds 3 pieces (2nd "
        "Infantry, 3rd Armoured and 2nd Artillery); at most 2 pieces may stack there. Move the "
        "pieces, or add a waiver for 'stacking' with the rulebook's reason.",
        "minimal-hex/setups/meeting.json:10:36: error[setup.breaks-rule]: setup 'meeting' "
        "breaks rule 'stacking' (4.1): Millbrook (The Valley 0304) holds pieces of Blue and "
        "Red (2nd Infantry, 3rd Armoured and 2nd Artillery); enemy pieces may not share a "
        "location. Move the pieces, or add a waiver for 'stacking' with the rulebook's reason.",
        "2 errors, 0 warnings",
        "Error: build failed: 2 errors in the sources; nothing was written",
    ]
    assert not (tmp_path / "out" / "minimal-hex").exists()


def test_a_waiver_with_a_reason_lets_the_build_through(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    _overstack_setup(game, '{"rule": "stacking", "reason": "4.1: the meeting starts in melee"}')
    result = run_cli("build", "minimal-hex", "-o", "out", "--only", "svg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_check_reports_a_waived_rule_with_its_reason_and_passes(tmp_path: Path) -> None:
    """The setup's waivers hold wherever its position is checked: its start, a position file
    naming it, and the module's saved game of it (found by its description, or --setup)."""
    game = copy_fixture("minimal-hex", tmp_path)
    _overstack_setup(game, '{"rule": "stacking", "reason": "4.1: the meeting starts in melee"}')
    start = run_cli("check", "minimal-hex", "--setup", "meeting", cwd=tmp_path)
    assert start.returncode == 0, start.stdout + start.stderr
    assert start.stdout.count("(waived: 4.1: the meeting starts in melee)") == 2
    assert start.stderr == "checked setup meeting: passed (2 waived)\n"
    built = run_cli("build", "minimal-hex", "-o", "out", "--only", "vmod", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    save = tmp_path / "out" / "minimal-hex" / "scenarios" / "meeting.vsav"
    renamed = save.with_name("turn-3.vsav")
    save.rename(renamed)  # a player's save keeps the setup's name in its description
    for extra in ([], ["--setup", "meeting"]):
        result = run_cli(
            "check",
            "minimal-hex",
            "--save",
            str(renamed),
            *extra,
            "--format",
            "json",
            cwd=tmp_path,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        found = json.loads(result.stdout)
        assert {v["waived"] for v in found if v["rule"] == "stacking"} == {
            "4.1: the meeting starts in melee"
        }


def test_a_waiver_names_a_rule_that_exists(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    _overstack_setup(game, '{"rule": "stacknig", "reason": "a typo"}')
    result = run_cli("validate", "minimal-hex", cwd=tmp_path)
    assert result.returncode == 1
    assert "error[ref.unknown-rule]: unknown rule 'stacknig' (did you mean 'stacking'?)" in (
        result.stderr
    )


def test_a_name_no_output_can_hold_is_one_located_line(tmp_path: Path) -> None:
    """A counter named with half of a surrogate pair (a JSON escape) is refused where it is
    written, by check as by validate, instead of crashing when the name is printed."""
    game = copy_fixture("minimal-hex", tmp_path)
    units = game / "counters" / "units.json"
    text = units.read_text(encoding="utf-8")
    units.write_text(text.replace('"1st Infantry"', '"1st \\ud800 Infantry"'), encoding="utf-8")
    checked = run_cli("check", "minimal-hex", "--setup", "meeting", cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr
    assert "Traceback" not in checked.stderr
    assert (
        "minimal-hex/counters/units.json:36:32: error[json.bad-character]: this text holds "
        "U+D800, half of a UTF-16 surrogate pair without its other half"
    ) in checked.stderr


def test_a_save_naming_no_setup_is_told_which_setup_waives_what_it_breaks(
    tmp_path: Path,
) -> None:
    """A save made before saves carried their setup's name: its waived rules fail, and the
    check says which setup waives them and how to name it."""
    from tests.vassal.vmods import make_zip, read_zip

    game = copy_fixture("minimal-hex", tmp_path)
    _overstack_setup(game, '{"rule": "stacking", "reason": "4.1: the meeting starts in melee"}')
    built = run_cli("build", "minimal-hex", "-o", "out", "--only", "vmod", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    save = tmp_path / "out" / "minimal-hex" / "scenarios" / "meeting.vsav"
    entries = {n: data for n, data in read_zip(save.read_bytes()).items() if n != "savedata"}
    old = tmp_path / "turn-3.vsav"
    old.write_bytes(make_zip(entries))
    result = run_cli("check", "minimal-hex", "--save", str(old), cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        "this save names no setup, and setup 'meeting' waives a rule it breaks: if the game "
        "began from it, say so with --setup meeting beside --save"
    )
    named = run_cli("check", "minimal-hex", "--save", str(old), "--setup", "meeting", cwd=tmp_path)
    assert named.returncode == 0, named.stdout + named.stderr
