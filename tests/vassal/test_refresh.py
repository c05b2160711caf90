"""VASSAL's own Refresh Counters, in the real engine, on a save of version 1.0.0 with version
1.1.0 of the module, which has a counter inserted at the front: every piece is still the
counter it was, where it was, and now has 1.1.0's definition. The same save upgraded by
``toolkit upgrade-save`` loads with no problem and shows the same pieces."""

from __future__ import annotations

from collections import Counter as Tally
from pathlib import Path

from tests.conftest import run_cli
from tests.vassal.engine import run_refresh_probe
from tests.vassal.versions import (
    armour_on_its_back,
    build_module,
    combined,
    edited_game,
    insert_at_front,
    one_more_move,
)
from toolkit.load import load_game
from toolkit.vassal.write.identity import counter_key, key_gpid


def test_refresh_counters_keeps_every_piece_the_counter_it_was(tmp_path: Path) -> None:
    v1 = build_module(edited_game(tmp_path / "v1", armour_on_its_back, "1.0.0"), tmp_path / "out1")
    old_save = v1.parent / "scenarios" / "meeting.vsav"
    new_edit = combined(armour_on_its_back, insert_at_front, one_more_move)
    v2_source = edited_game(tmp_path / "v2", new_edit, "1.1.0")
    v2 = build_module(v2_source, tmp_path / "out2")
    upgraded = tmp_path / "upgraded.vsav"
    done = run_cli(
        "upgrade-save", str(old_save), "--module", str(v2), "-o", str(upgraded), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr

    report = run_refresh_probe(v2, [upgraded, old_save], tmp_path)

    assert report.loaded.problems == [], "\n".join(report.loaded.problems)
    before = Tally(report.loaded.games["save meeting.vsav"])
    assert sum(before.values()) == 6
    assert Tally(report.loaded.games["save upgraded.vsav"]) == before
    after = Tally((p.map, p.location, p.name) for p in report.pieces)
    assert after == before
    assert not [line for line in report.chat if line.startswith("~")], report.chat
    game = load_game(v2_source).game
    assert game is not None
    for piece in report.pieces:
        counter = game.counter(piece.counter)
        assert piece.name.startswith(counter.name)
        assert piece.gpid == str(key_gpid(counter_key(counter.id)))
        assert piece.move == str(counter.front.values["move"])  # 1.1.0's definition
        assert piece.face == ("2" if counter.id == "bl-3-arm" else "1")  # the face it showed
