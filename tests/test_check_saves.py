"""`toolkit check` on what players exchange: a built module and saved games edited as a player
would (a piece moved onto a full hex, a unit moved beyond its allowance)."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

from tests.conftest import FIXTURES, ROOT, run_cli
from tests.vassal import vmods
from tests.vassal.engine import run_engine
from toolkit.vassal.format.codec import ESC, decode, deobfuscate, encode, obfuscate
from toolkit.vassal.format.commands import Level, format_add_piece, leaf_commands, parse_add_piece
from toolkit.vassal.format.layout import Board
from toolkit.vassal.read.reader import open_archive, read_saved_game


def moved(save: Path, name: str, to: tuple[int, int], out: Path) -> Path:
    """The save with the piece called ``name`` dragged to board point ``to``, as VASSAL
    would write it: the piece's own state and its (one-piece) stack both move."""
    with open_archive(save) as archive:
        stream = read_saved_game(archive)
    commands = leaf_commands(stream)
    piece_id = None
    for i, command in enumerate(commands):
        if command.startswith("+/") and f";{name}" in command and "/stack/" not in command:
            added = parse_add_piece(command)
            state = decode(added.basic.state or "", ";")
            state[1:3] = [str(to[0]), str(to[1])]
            basic = Level(added.basic.type, encode(state, ";"))
            commands[i] = format_add_piece(type(added)(added.piece_id, (*added.levels[:-1], basic)))
            piece_id = added.piece_id
    assert piece_id is not None, name
    new_stack = encode(
        ["+", "9999", "stack", encode(["?", *map(str, to), piece_id, "@@-1"], ";")], "/"
    )
    for i, command in enumerate(list(commands)):
        if "/stack/" in command and f";{piece_id};" in command:
            head, _, state = command.partition("/stack/")
            fields = decode(state, ";")
            others = [f for f in fields[3:-1] if f != piece_id]
            commands[i] = f"{head}/stack/" + encode([*fields[:3], *others, fields[-1]], ";")
            new_stack = new_stack.replace("/stack/?;", f"/stack/{fields[0]};")
    commands.append(new_stack)
    edited = encode(commands, ESC)  # flat: every command at the top level, as a log holds them
    target = out / f"edited-{name.replace(' ', '-')}.vsav"
    with zipfile.ZipFile(target, "w") as archive:
        archive.writestr("savedGame", obfuscate(edited))
    return target


def test_the_scenario_as_built_is_legal(minimal_hex_build: Path) -> None:
    result = run_cli(
        "check",
        str(minimal_hex_build / "minimal-hex.vmod"),
        "--save",
        str(minimal_hex_build / "scenarios" / "meeting.vsav"),
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error[" not in result.stdout


def test_a_piece_dragged_onto_a_full_hex_is_caught(
    minimal_hex_build: Path, minimal_hex_board: Board, tmp_path: Path
) -> None:
    save = moved(
        minimal_hex_build / "scenarios" / "meeting.vsav",
        "3rd Armoured",
        minimal_hex_board.centres["0304"],
        tmp_path,
    )
    result = run_cli(
        "check", str(minimal_hex_build / "minimal-hex.vmod"), "--save", str(save), cwd=ROOT
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "valley:0304: error[rule stacking] 4.1: " in result.stdout


def test_a_unit_moved_beyond_its_allowance_is_caught(
    minimal_hex_build: Path, minimal_hex_board: Board, tmp_path: Path
) -> None:
    before = minimal_hex_build / "scenarios" / "meeting.vsav"
    after = moved(before, "2nd Artillery", minimal_hex_board.centres["0101"], tmp_path)
    result = run_cli(
        "check",
        str(minimal_hex_build / "minimal-hex.vmod"),
        "--before",
        str(before),
        "--after",
        str(after),
        cwd=ROOT,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "error[rule movement] 5.1: " in result.stdout
    assert "2nd Artillery" in result.stdout


def test_vassal_loads_the_saved_game_the_directory_does_not_list(
    minimal_hex_build: Path, tmp_path: Path
) -> None:
    """A savedGame present only as a local header, before the listed one: VASSAL's
    ZipInputStream loads it (every piece on one hex), and the check names it."""
    entries = vmods.read_zip((minimal_hex_build / "scenarios" / "meeting.vsav").read_bytes())
    stream = deobfuscate(entries["savedGame"])
    for at in ("178;657;", "769;706;", "853;657;"):
        stream = stream.replace(f"The Valley;{at}", "The Valley;263;511;")
    hidden = obfuscate(stream)
    save = tmp_path / "turn.vsav"
    listed = vmods.listed([("savedGame", hidden), *entries.items()])
    save.write_bytes(vmods.unlisted(listed, "savedGame"))
    module = str(minimal_hex_build / "minimal-hex.vmod")
    result = run_cli("check", module, "--save", str(save), cwd=ROOT)
    assert "error[save.hidden-entry]: entry 'savedGame' at byte 0 is hidden" in result.stderr
    report = run_engine(minimal_hex_build / "minimal-hex.vmod", save)
    assert report.problems == []
    assert report.places("save turn.vsav") == {("The Valley", "0304"): 6}


def test_a_broken_save_is_one_line(minimal_hex_build: Path, tmp_path: Path) -> None:
    junk = tmp_path / "junk.vsav"
    junk.write_bytes(b"not a zip at all")
    result = run_cli(
        "check", str(minimal_hex_build / "minimal-hex.vmod"), "--save", str(junk), cwd=ROOT
    )
    assert result.returncode == 1
    assert "save.unreadable" in result.stderr and "Traceback" not in result.stderr


def test_a_broken_save_is_one_json_object_for_tools(
    minimal_hex_build: Path, tmp_path: Path
) -> None:
    """With --format json a save that cannot be read is said on stdout, as validate says a
    broken source, not left as text on stderr with nothing for the tool to parse."""
    junk = tmp_path / "junk.vsav"
    junk.write_bytes(b"not a zip at all")
    result = run_cli(
        "check",
        str(minimal_hex_build / "minimal-hex.vmod"),
        "--save",
        str(junk),
        "--format",
        "json",
        cwd=ROOT,
    )
    assert result.returncode == 1
    found = json.loads(result.stdout)
    assert [(d["code"], d["severity"], d["file"]) for d in found] == [
        ("save.unreadable", "error", str(junk))
    ]


def test_usage_needs_exactly_one_thing_to_check(minimal_hex_build: Path) -> None:
    result = run_cli(
        "check",
        str(minimal_hex_build / "minimal-hex.vmod"),
        "--position",
        "p.json",
        "--save",
        "x.vsav",
        cwd=ROOT,
    )
    assert result.returncode == 2


def test_beside_a_save_setup_names_whose_waivers_apply(minimal_hex_build: Path) -> None:
    result = run_cli(
        "check",
        str(minimal_hex_build / "minimal-hex.vmod"),
        "--setup",
        "meting",
        "--save",
        str(minimal_hex_build / "scenarios" / "meeting.vsav"),
        cwd=ROOT,
    )
    assert result.returncode == 2
    assert "no setup 'meting' in minimal-hex (did you mean 'meeting'?)" in result.stderr


def test_a_save_is_judged_with_the_control_its_setup_began_with(
    minimal_hex_build: Path, tmp_path: Path
) -> None:
    """A save holds pieces, not who controls each place: Redtown here is Red's only by the
    setup's control (the map prints no owner), and it is Red's only source of supply."""
    game = tmp_path / "minimal-hex"
    shutil.copytree(FIXTURES / "minimal-hex", game)
    board = game / "maps" / "valley.json"
    board.write_text(board.read_text().replace('"owner": "rd", ', ""))
    rules = json.loads((game / "rules.json").read_text())
    rules["rules"].append(
        {
            "id": "supply",
            "kind": "supply",
            "cite": "7.1",
            "text": "A unit is in supply within 12 hexes of a friendly city.",
            "pieces": {"class": ["infantry", "armour", "artillery"]},
            "sources": {"feature": "city"},
            "range": 12,
        }
    )
    (game / "rules.json").write_text(json.dumps(rules))
    save = minimal_hex_build / "scenarios" / "meeting.vsav"
    result = run_cli("check", str(game), "--save", str(save), cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    renamed = tmp_path / "turn-3.vsav"  # names no setup: the maps' owners only
    with zipfile.ZipFile(save) as archive, zipfile.ZipFile(renamed, "w") as copy:
        for item in archive.infolist():
            data = archive.read(item)
            copy.writestr(
                item,
                data.replace(b"Meeting Engagement", b"A game")
                if item.filename == "savedata"
                else data,
            )
    result = run_cli("check", str(game), "--save", str(renamed), cwd=ROOT)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "error[rule supply] 7.1" in result.stdout
