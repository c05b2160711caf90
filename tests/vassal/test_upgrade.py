"""toolkit upgrade-save: a saved game brought to a new version of its module keeps every piece
where and as it was, on its new definition; pieces whose counter is gone are listed and left."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.vassal import vmods
from tests.vassal.versions import (
    Edit,
    armour_on_its_back,
    build_module,
    edited_game,
    insert_at_front,
    remove_second_infantry,
    rename_armour_back,
)
from toolkit.vassal.format.codec import decode, deobfuscate, obfuscate
from toolkit.vassal.format.commands import AddPiece, leaf_commands, parse_add_piece
from toolkit.vassal.read.reader import (
    ArchiveError,
    open_archive,
    read_module_data,
    read_saved_game,
    save_description,
)
from toolkit.vassal.read.upgrade import read_new_module, upgrade_save
from toolkit.vassal.write.identity import counter_key, key_gpid, start_key


@dataclass(frozen=True)
class SavedPiece:
    """What a test looks at in one saved piece."""

    counter: str
    map: str
    at: tuple[str, str]
    gpid: str
    layer: str | None
    command: str
    added: AddPiece


def saved_pieces(save: Path) -> dict[str, SavedPiece]:
    """The pieces of a saved game by piece id (stacks left out)."""
    with open_archive(save) as archive:
        stream = read_saved_game(archive)
    found = {}
    for command in leaf_commands(stream):
        if not command.startswith("+/"):
            continue
        added = parse_add_piece(command)
        if not added.basic.type.startswith("piece;"):
            continue
        marks = next(level for level in added.levels if "CounterId" in level.type)
        keys = decode(marks.type[len("mark;") :], ",")
        counter = decode(marks.state or "", ",")[keys.index("CounterId")]
        state = decode(added.basic.state or "", ";")
        layer = next((lv.state for lv in added.levels if lv.prefix == "emb2;"), None)
        found[added.piece_id] = SavedPiece(
            counter, state[0], (state[1], state[2]), state[3], layer, command, added
        )
    return found


@pytest.fixture(scope="module")
def old_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Version 1's scenario save, the armour on its back."""
    tmp = tmp_path_factory.mktemp("upgrade-v1")
    module = build_module(edited_game(tmp / "source", armour_on_its_back), tmp / "out")
    return module.parent / "scenarios" / "meeting.vsav"


def _new_version(tmp_path: Path, edit: Edit) -> Path:
    def both(counters: list[object], placements: list[object]) -> None:
        armour_on_its_back(counters, placements)  # type: ignore[arg-type]
        edit(counters, placements)  # type: ignore[arg-type]

    return build_module(edited_game(tmp_path / "v2", both), tmp_path / "out")


def test_a_counter_inserted_at_the_front(old_save: Path, tmp_path: Path) -> None:
    module = _new_version(tmp_path, insert_at_front)
    result = upgrade_save(old_save, read_new_module(module))
    assert result.left == () and result.notes == ()
    old = saved_pieces(old_save)
    new_module = read_new_module(module)
    assert result.upgraded == len(old) == 6
    for piece_id, new in _upgraded(old_save, module, tmp_path).items():
        before = old[piece_id]
        assert (new.counter, new.map, new.at, new.layer) == (
            before.counter,
            before.map,
            before.at,
            before.layer,
        )
        assert new.gpid == str(key_gpid(counter_key(new.counter)))
        slot = new_module.palette[new.counter]
        assert [lv.type for lv in new.added.levels] == [lv.type for lv in slot.levels]
    armour = [p for p in old.values() if p.counter == "bl-3-arm"]
    assert [p.layer for p in armour] == ["2"]


def _upgraded(save: Path, module: Path, tmp_path: Path) -> dict[str, SavedPiece]:
    """The save upgraded by the command line, read back."""
    out = tmp_path / "upgraded.vsav"
    done = run_cli("upgrade-save", str(save), "--module", str(module), "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    with open_archive(out) as archive:
        saved = read_module_data(archive.read("savedata"), "savedata")
        with open_archive(module) as vmod:
            assert archive.read("moduledata") == vmod.read("moduledata")
            release = read_module_data(vmod.read("moduledata"), "moduledata").version
        assert save_description(archive) == "Meeting Engagement"
    assert saved.version == release == "0.1.0"  # the new module's release
    return saved_pieces(out)


def test_a_removed_counter_is_listed_and_left_as_it_was(old_save: Path, tmp_path: Path) -> None:
    module = _new_version(tmp_path, remove_second_infantry)
    out = tmp_path / "upgraded.vsav"
    done = run_cli(
        "upgrade-save", str(old_save), "--module", str(module), "-o", str(out), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    old, new = saved_pieces(old_save), saved_pieces(out)
    gone = [piece_id for piece_id, piece in old.items() if piece.counter == "bl-2-inf"]
    assert len(gone) == 1
    assert new[gone[0]].command == old[gone[0]].command
    (listed,) = [line for line in done.stderr.splitlines() if "left as it was" in line]
    x, y = old[gone[0]].at
    assert listed == (
        f"{old_save}: piece '2nd Infantry' on 'The Valley' at {x},{y}: its counter "
        "'bl-2-inf' is not in the new module; left as it was"
    )
    assert done.stdout == (
        f"upgraded {out}: 5 piece(s) on the pieces of {module.name};"
        " 1 left as they were (see above)\n"
    )
    others = [piece_id for piece_id in old if piece_id not in gone]
    assert all(new[p].at == old[p].at and new[p].counter == old[p].counter for p in others)


def test_a_renamed_face_keeps_the_face_shown(old_save: Path, tmp_path: Path) -> None:
    module = _new_version(tmp_path, rename_armour_back)
    (armour,) = [
        p for p in _upgraded(old_save, module, tmp_path).values() if p.counter == "bl-3-arm"
    ]
    layer = next(lv for lv in armour.added.levels if lv.prefix == "emb2;")
    assert "3rd Armoured (spent)" in layer.type
    assert armour.layer == "2"


def test_an_existing_output_is_not_overwritten_without_force(
    old_save: Path, tmp_path: Path
) -> None:
    module = _new_version(tmp_path, insert_at_front)
    out = tmp_path / "kept.vsav"
    out.write_bytes(b"mine")
    args = ("upgrade-save", str(old_save), "--module", str(module), "-o", str(out))
    refused = run_cli(*args, cwd=tmp_path)
    assert refused.returncode == 2
    assert f"refusing to write {out}: a saved game is there already" in refused.stderr
    assert out.read_bytes() == b"mine"
    assert run_cli(*args, "--force", cwd=tmp_path).returncode == 0
    assert out.read_bytes() != b"mine"


def test_a_module_that_is_not_ours_is_refused(old_save: Path, tmp_path: Path) -> None:
    out = tmp_path / "new.vsav"
    refused = run_cli(
        "upgrade-save", str(old_save), "--module", str(old_save), "-o", str(out), cwd=tmp_path
    )
    assert refused.returncode == 1
    assert "not a VASSAL module toolkit builds; nothing was written" in refused.stderr
    assert not out.exists()


def _with_gpid(save: Path, counter: str, gpid: str, out: Path) -> Path:
    """A copy of a save whose pieces of ``counter`` carry another gpid."""
    entries = vmods.read_zip(save.read_bytes())
    stream = deobfuscate(entries["savedGame"])
    for piece in saved_pieces(save).values():
        if piece.counter == counter:
            state = piece.added.basic.state or ""
            stream = stream.replace(state, state.replace(f";{piece.gpid};", f";{gpid};"))
    entries["savedGame"] = obfuscate(stream)
    out.write_bytes(vmods.make_zip(entries))
    return out


def test_pieces_are_matched_by_counter_not_by_an_old_gpid(old_save: Path, tmp_path: Path) -> None:
    """A save made when gpids were list positions: its gpids name other counters' slots."""
    module = _new_version(tmp_path, insert_at_front)
    infantry_slot = str(key_gpid(counter_key("bl-1-inf")))
    save = _with_gpid(old_save, "bl-3-arm", infantry_slot, tmp_path / "legacy.vsav")
    (armour,) = [p for p in _upgraded(save, module, tmp_path).values() if p.counter == "bl-3-arm"]
    assert armour.gpid == str(key_gpid(counter_key("bl-3-arm")))
    assert "3rd Armoured" in armour.added.levels[-1].type


def test_an_at_start_piece_keeps_its_own_slot(old_save: Path, tmp_path: Path) -> None:
    """A piece of a new game carries its at-start slot's gpid, which the new module still has."""
    module = _new_version(tmp_path, insert_at_front)
    at_start = str(key_gpid(start_key("rd-2-art/1")))
    assert at_start in read_new_module(module).by_gpid
    save = _with_gpid(old_save, "rd-2-art", at_start, tmp_path / "new-game.vsav")
    (artillery,) = [
        p for p in _upgraded(save, module, tmp_path).values() if p.counter == "rd-2-art"
    ]
    assert artillery.gpid == at_start


def test_prototypes_that_use_themselves_are_refused(tmp_path: Path) -> None:
    loop = "+/null/prototype;Loop\tpiece;;;;/\tnull;0;0;;0"
    slot = "+/null/prototype;Loop\tmark;CounterId\tpiece;;;;Unit/\tunit\tnull;0;0;1;0"
    build_file = (
        '<?xml version="1.0" encoding="UTF-8"?><VASSAL.build.GameModule name="Loop">'
        "<VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition"
        f' name="Loop">{loop}</VASSAL.build.module.PrototypeDefinition>'
        "</VASSAL.build.module.PrototypesContainer>"
        f'<VASSAL.build.widget.PieceSlot gpid="1">{slot}</VASSAL.build.widget.PieceSlot>'
        "</VASSAL.build.GameModule>"
    )
    module = tmp_path / "loop.vmod"
    module.write_bytes(vmods.make_zip({"buildFile.xml": build_file.encode()}))
    with pytest.raises(ArchiveError, match="prototypes nest more than 8 deep: refused"):
        read_new_module(module)


def test_a_save_hiding_another_game_is_refused(old_save: Path, tmp_path: Path) -> None:
    """VASSAL reads the savedGame it meets first in the file; one the directory does not list
    would be the game VASSAL shows, not the one upgraded."""
    module = _new_version(tmp_path, insert_at_front)
    entries = vmods.read_zip(old_save.read_bytes())
    hiding = vmods.unlisted(
        vmods.listed([("savedGame", entries["savedGame"]), *entries.items()]), "savedGame"
    )
    save = tmp_path / "hiding.vsav"
    save.write_bytes(hiding)
    with pytest.raises(ArchiveError, match="is hidden: VASSAL reads this copy.*: refused$"):
        upgrade_save(save, read_new_module(module))
