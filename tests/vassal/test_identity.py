"""Piece slot ids (gpids) come from what a piece is: adding, removing or reordering counters
leaves every other piece's gpid as it was, in the palette and in the at-start stacks."""

from __future__ import annotations

import io
import json
import zipfile
from collections import Counter as Tally
from pathlib import Path
from typing import Any

import pytest
from lxml import etree  # type: ignore[import-untyped]

from tests.conftest import copy_fixture, load_fixture
from toolkit.build import build_game, selected_targets
from toolkit.load import load_game
from toolkit.options import BuildOptions
from toolkit.vassal.format.codec import decode
from toolkit.vassal.format.commands import parse_add_piece
from toolkit.vassal.write.identity import (
    GPID_LIMIT,
    NEXT_PIECE_SLOT_ID,
    assign_gpids,
    counter_key,
    key_gpid,
)

SLOT = "VASSAL.build.widget.PieceSlot"
STACK = "VASSAL.build.module.map.SetupStack"


def _counter_id(text: str) -> str:
    """The CounterId property a slot's piece carries."""
    for level in parse_add_piece(text).levels:
        if level.type.startswith("mark;"):
            keys = decode(level.type[len("mark;") :], ",")
            values = decode(level.state or "", ",")
            if "CounterId" in keys:
                return values[keys.index("CounterId")]
    raise AssertionError(f"no CounterId in {text[:80]!r}")


def _slots(vmod: Path) -> tuple[dict[str, int], dict[tuple[str, int], int], int]:
    """(counter id → palette gpid, (counter id, copy n) → at-start gpid, nextPieceSlotId)."""
    with zipfile.ZipFile(vmod) as archive:
        root = etree.parse(io.BytesIO(archive.read("buildFile.xml"))).getroot()
    palette: dict[str, int] = {}
    starts: dict[tuple[str, int], int] = {}
    copies: Tally[str] = Tally()
    for slot in root.iter(SLOT):
        counter = _counter_id(slot.text)
        gpid = int(slot.get("gpid"))
        if any(parent.tag == STACK for parent in slot.iterancestors()):
            copies[counter] += 1
            starts[(counter, copies[counter])] = gpid
        else:
            palette[counter] = gpid
    return palette, starts, int(root.get("nextPieceSlotId"))


def _edited(tmp_path: Path, name: str, edit: Any) -> Path:
    """A copy of the minimal hex game with its counters and setup edited by ``edit``."""
    folder = copy_fixture("minimal-hex", tmp_path / name)
    counters_path = folder / "counters" / "units.json"
    setup_path = folder / "setups" / "meeting.json"
    counters, setup = json.loads(counters_path.read_text()), json.loads(setup_path.read_text())
    edit(counters["counters"], setup["placements"])
    counters_path.write_text(json.dumps(counters))
    setup_path.write_text(json.dumps(setup))
    return folder


def _built(folder: Path, out: Path) -> Path:
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    built = build_game(result.game, out, selected_targets(["vmod"]), BuildOptions())
    return built.folder / f"{result.game.id}.vmod"


def _insert_at_front(counters: list[Any], placements: list[Any]) -> None:
    new = dict(counters[0], id="bl-0-hq", name="Headquarters", count=2)
    counters.insert(0, new)
    next(p for p in placements if p["at"] == "0205")["pieces"].insert(0, "bl-0-hq")
    placements.insert(0, {"at": "0101", "pieces": ["bl-0-hq"]})


def _remove(counters: list[Any], placements: list[Any]) -> None:
    counters[:] = [c for c in counters if c["id"] != "bl-2-inf"]
    placements[0]["pieces"].remove("bl-2-inf")


def _reorder(counters: list[Any], placements: list[Any]) -> None:
    counters.reverse()
    placements.reverse()
    for placement in placements:
        placement["pieces"].reverse()


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("identity")
    return _built(copy_fixture("minimal-hex", tmp / "source"), tmp / "out")


@pytest.mark.parametrize(
    ("edit", "gone"),
    [(_insert_at_front, None), (_remove, "bl-2-inf"), (_reorder, None)],
    ids=["counter inserted at the front", "counter removed", "counters reordered"],
)
def test_other_pieces_keep_their_gpids(
    original: Path, tmp_path: Path, edit: Any, gone: str | None
) -> None:
    palette, starts, next_id = _slots(original)
    new_palette, new_starts, new_next = _slots(_built(_edited(tmp_path, "g", edit), tmp_path))
    kept = {c: g for c, g in palette.items() if c != gone}
    assert {c: new_palette[c] for c in kept} == kept
    kept_starts = {k: g for k, g in starts.items() if k[0] != gone}
    assert {k: new_starts[k] for k in kept_starts} == kept_starts
    assert new_next == next_id == NEXT_PIECE_SLOT_ID
    every = [*new_palette.values(), *new_starts.values()]
    assert len(set(every)) == len(every) and max(every) < new_next
    if gone is not None:  # a removed counter's gpid goes to no other piece
        assert palette[gone] not in every
        assert not {g for k, g in starts.items() if k[0] == gone} & set(every)


def test_palette_gpid_is_the_counters_identity(original: Path) -> None:
    palette, starts, _ = _slots(original)
    game = load_fixture("minimal-hex")
    assert palette == {c.id: key_gpid(counter_key(c.id)) for c in game.counters}
    assert len(starts) == 6 and all(0 < g < GPID_LIMIT for g in starts.values())


def test_colliding_keys_are_settled_in_sorted_order(monkeypatch: pytest.MonkeyPatch) -> None:
    import toolkit.vassal.write.identity as identity

    def clashing(key: str, attempt: int = 0) -> int:
        return 7 + attempt  # every key hashes to 7 at first

    monkeypatch.setattr(identity, "key_gpid", clashing)
    assert assign_gpids(["counter:b", "counter:a", "counter:c"]) == {
        "counter:a": 7,
        "counter:b": 8,
        "counter:c": 9,
    }
    assert assign_gpids(["counter:c", "counter:b", "counter:a"]) == {
        "counter:a": 7,
        "counter:b": 8,
        "counter:c": 9,
    }
