"""upgrade-save keeps a game's cards where they were: in their deck, their hand, their discard
pile, when the new version of the module changed a card and the deck; VASSAL loads the result
with no problem and every piece where the old save had it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import copy_fixture, run_cli
from tests.vassal.engine import run_engine
from tests.vassal.versions import build_module
from toolkit.check import read_save_reading
from toolkit.load import load_game
from toolkit.model.holdings import deck_of


def _edit(folder: Path, name: str, change: object) -> None:
    path = folder / name
    data = json.loads(path.read_text("utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), "utf-8")


def test_cards_keep_their_deck_and_hand_when_a_card_and_its_deck_change(tmp_path: Path) -> None:
    old = copy_fixture("cards-hex", tmp_path / "v1")
    save = build_module(old, tmp_path / "out1").parent / "scenarios" / "meeting.vsav"
    new = copy_fixture("cards-hex", tmp_path / "v2")
    _edit(new, "game.json", lambda d: d.update(version="1.1.0"))

    def reword_and_add(cards: dict[str, list[dict[str, object]]]) -> None:
        recon = next(c for c in cards["cards"] if c["id"] == "air-recon")
        recon["text"] = "Look inside one enemy stack, then put this card back in your hand."
        cards["cards"].append(
            {"id": "spies", "template": "event", "side": "blue", "title": "Spies",
             "text": "Look at Red's hand.", "values": {"year": 2}}
        )  # fmt: skip

    _edit(new, "cards/events.json", reword_and_add)
    _edit(new, "decks/decks.json", lambda d: d["decks"][0]["cards"].append("spies"))
    module = build_module(new, tmp_path / "out2")
    out = tmp_path / "upgraded.vsav"
    done = run_cli("upgrade-save", str(save), "--module", str(module), "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr

    game = load_game(new).game
    assert game is not None
    reading, report = read_save_reading(game, out)
    assert reading is not None and not report.errors, report.format_text()
    blue = deck_of(reading.holdings, "blue-events")
    assert blue.hand == ("air-recon",)  # still in Blue's hand, now with its new text
    assert blue.draw == ("forced-march",)  # the deck as it was: the new card was never dealt
    assert deck_of(reading.holdings, "red-events").draw == ("ambush", "rail-lines")
    assert reading.holdings.cups["red-pool"] == ("rd-1-inf", "rd-1-inf")

    loaded = run_engine(module, save, out)  # VASSAL: no problem, every card where it was
    assert loaded.problems == []
    before = loaded.places("save meeting.vsav")
    assert loaded.places("save upgraded.vsav") == before and sum(before.values()) > 6
