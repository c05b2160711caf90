"""Piece slot ids (gpids) come from what a piece is: adding, removing or reordering counters
leaves every other piece's gpid as it was, in the palette and in the at-start stacks, and its
definition and the prototypes as they were (what VASSAL's refresher matches traits by)."""

from __future__ import annotations

import io
import zipfile
from collections import Counter as Tally
from pathlib import Path

import pytest
from lxml import etree  # type: ignore[import-untyped]

from tests.conftest import load_fixture
from tests.vassal.versions import (
    Edit,
    build_module,
    edited_game,
    insert_at_front,
    remove_second_infantry,
    reorder,
    unchanged,
)
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


def _definitions(vmod: Path) -> dict[str, str]:
    """What VASSAL's refresher matches a piece's traits by, per counter: the palette slot's
    piece definition (prototype names, trait descriptions, layer names), and every prototype
    by name."""
    with zipfile.ZipFile(vmod) as archive:
        root = etree.parse(io.BytesIO(archive.read("buildFile.xml"))).getroot()
    found = {
        f"prototype {p.get('name')}": p.text or ""
        for p in root.iter("VASSAL.build.module.PrototypeDefinition")
    }
    for slot in root.iter(SLOT):
        if not any(parent.tag == STACK for parent in slot.iterancestors()):
            found[_counter_id(slot.text)] = slot.text
    return found


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


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("identity")
    return build_module(edited_game(tmp / "source", unchanged), tmp / "out")


@pytest.mark.parametrize(
    ("edit", "gone"),
    [(insert_at_front, None), (remove_second_infantry, "bl-2-inf"), (reorder, None)],
    ids=["counter inserted at the front", "counter removed", "counters reordered"],
)
def test_other_pieces_keep_their_gpids_and_definitions(
    original: Path, tmp_path: Path, edit: Edit, gone: str | None
) -> None:
    palette, starts, next_id = _slots(original)
    new_module = build_module(edited_game(tmp_path / "source", edit), tmp_path / "out")
    new_palette, new_starts, new_next = _slots(new_module)
    kept = {c: g for c, g in palette.items() if c != gone}
    assert {c: new_palette[c] for c in kept} == kept
    kept_starts = {k: g for k, g in starts.items() if k[0] != gone}
    assert {k: new_starts[k] for k in kept_starts} == kept_starts
    assert new_next == next_id == NEXT_PIECE_SLOT_ID
    every = [*new_palette.values(), *new_starts.values()]
    assert len(set(every)) == len(every) and max(every) < new_next
    definitions, new_definitions = _definitions(original), _definitions(new_module)
    kept_definitions = {k: d for k, d in definitions.items() if k != gone}
    assert {k: new_definitions.get(k) for k in kept_definitions} == kept_definitions
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
