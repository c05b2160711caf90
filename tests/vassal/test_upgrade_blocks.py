"""upgrade-save keeps what players did to a block: the step it is down to and the side hiding
it, when the new version gives the block one step more (so its face sits at another level of
the layer) and renames its faction (so the hidden block's text changes)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import copy_fixture
from tests.vassal.vmods import make_zip
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.vassal.format.codec import decode
from toolkit.vassal.format.commands import AddPiece, leaf_commands, parse_add_piece
from toolkit.vassal.format.traits import Chain, Trait, add_piece
from toolkit.vassal.read.reader import ModuleData, open_archive, read_saved_game
from toolkit.vassal.read.upgrade import NewModule, SlotPiece, upgrade_save
from toolkit.vassal.write.identity import counter_key, key_gpid
from toolkit.vassal.write.pieces import expanded, piece_def, prototypes, showing
from toolkit.vassal.write.saves import PlacedPiece, PlacedStack, save_entries, save_stream

BLOCK = "ge-inf-block"
GPID = key_gpid(counter_key(BLOCK))
MAP, AT = "Europe", (412, 260)


def _game(folder: Path, steps: int, faction_name: str) -> Game:
    """The counter kinds game, its German block given ``steps`` steps and Germany a name."""
    game = copy_fixture("counters-kinds", folder)
    units = game / "counters" / "units.json"
    data = json.loads(units.read_text("utf-8"))
    next(c for c in data["counters"] if c["id"] == BLOCK)["steps"] = steps
    units.write_text(json.dumps(data), "utf-8")
    about = game / "game.json"
    document = json.loads(about.read_text("utf-8"))
    next(f for f in document["factions"] if f["id"] == "ge")["name"] = faction_name
    about.write_text(json.dumps(document), "utf-8")
    loaded = load_game(game)
    assert loaded.game is not None, loaded.report.format_text()
    return loaded.game


def _traits(game: Game, face: str | None = None, hidden_by: str | None = None) -> list[Trait]:
    """The block's traits, prototypes expanded (showing ``face``, hidden by a side, if given)."""
    counter = game.counter(BLOCK)
    made = piece_def(counter, game.faction(counter.faction or "").name)
    chain = made.traits if face is None else showing(made, face, hidden_by)
    return expanded(chain, prototypes(game, [made]))


def _old_save(game: Game, path: Path) -> Path:
    """A saved game of version 1: the block down to two steps, hidden by the Axis."""
    traits = _traits(game, "step-2", "Axis")
    piece = PlacedPiece(Chain.of(traits), GPID)
    stream = save_stream([PlacedStack(MAP, AT, (piece,))], [])
    module_data = b"<data><version>1.0.0</version><name>Counter Kinds</name></data>"
    path.write_bytes(make_zip(dict(save_entries(stream, module_data, "1.0.0", "3.6.0"))))
    return path


def _new_module(game: Game) -> NewModule:
    """Version 2 as upgrade-save reads it: the block's palette slot."""
    levels = parse_add_piece(add_piece("null", _traits(game))).levels
    slot = SlotPiece(str(GPID), BLOCK, levels)
    data = ModuleData("3.6.0", "1.1.0")
    return NewModule({str(GPID): slot}, {BLOCK: slot}, "Counter Kinds", b"", data)


def _stream(save: Path) -> str:
    with open_archive(save) as archive:
        return read_saved_game(archive)


def _the_block(stream: str) -> AddPiece:
    (command,) = [c for c in leaf_commands(stream) if c.startswith("+/") and BLOCK in c]
    return parse_add_piece(command)


def _level(piece: AddPiece, prefix: str) -> tuple[str, str | None]:
    (level,) = [lv for lv in piece.levels if lv.prefix == prefix]
    return level.type, level.state


def test_a_block_keeps_its_step_and_the_side_hiding_it(tmp_path: Path) -> None:
    old_game = _game(tmp_path / "v1", 4, "Germany")
    new_game = _game(tmp_path / "v2", 5, "German Empire")
    save = _old_save(old_game, tmp_path / "old.vsav")
    old = _the_block(_stream(save))

    result = upgrade_save(save, _new_module(new_game))

    assert (result.upgraded, result.left) == (1, ())
    new = _the_block(result.stream)
    assert new.piece_id == old.piece_id
    layer_type, level = _level(new, "emb2;")
    images = decode(decode(layer_type[len("emb2;") :], ";")[15], ",")
    assert len(images) == 5  # step-5 … step-1: two steps left is the fourth level now
    assert (level, images[3]) == ("4", f"{BLOCK}-step-2.png")
    assert _level(old, "emb2;")[1] == "3"
    mask_type, hidden_by = _level(new, "obs;")
    assert "Block (German Empire)" in mask_type and hidden_by == "Axis"
    state = decode(new.levels[-1].state or "", ";")
    assert (state[0], state[1], state[2], state[3]) == (MAP, str(AT[0]), str(AT[1]), str(GPID))
