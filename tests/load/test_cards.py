"""Cards, decks and cups in the sources: what a designer writes, what the model holds, and one
located line for each mistake."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_fixture, load_fixture, run_cli
from toolkit.load import load_game
from toolkit.model.card import CARD_SIZES, MM
from toolkit.model.holdings import deck_of, holdings_at_start

GAME = "cards-hex"


def edit(path: Path, change: Any) -> None:
    """Rewrite a JSON source after ``change(data)`` edited it in place."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")


def validate(game: Path) -> subprocess.CompletedProcess[str]:
    return run_cli("validate", str(game), cwd=game.parent)


def test_the_fixture_holds_cards_decks_and_a_cup() -> None:
    game = load_fixture(GAME)
    assert [c.id for c in game.cards][:2] == ["forced-march", "air-recon"]
    template = game.card_template("event")
    assert (template.width, template.height) == CARD_SIZES["poker"]
    assert template.height == pytest.approx(88 * MM)
    assert game.card("air-recon").private and not game.card("forced-march").private
    assert game.card("forced-march").side == "blue"
    assert game.deck("blue-events").owner == "blue"
    assert game.deck("blue-events").hand_limit == 2
    assert game.cup("red-pool").owner == "red"
    assert game.hidden_stacks == "top"


def test_a_setup_deals_what_it_says_and_the_decks_keep_the_rest() -> None:
    game = load_fixture(GAME)
    holdings = holdings_at_start(game, game.setup("meeting"))
    blue = deck_of(holdings, "blue-events")
    assert blue.draw == ("forced-march",)
    assert blue.hand == ("air-recon",)
    assert [(str(j), cards) for j, cards in blue.waiting] == [
        ("turn 3", ("heavy-guns", "heavy-guns"))
    ]
    red = deck_of(holdings, "red-events")
    assert red.draw == ("ambush", "rail-lines") and red.hand == ()
    # the force pool holds what the setup did not place: 4 rifles, 2 of them on the map
    assert holdings.cups["red-pool"] == ("rd-1-inf", "rd-1-inf")


def test_without_a_setup_each_deck_holds_its_start_cards() -> None:
    game = load_fixture(GAME)
    holdings = holdings_at_start(game, None)
    assert deck_of(holdings, "red-events").draw == ("ambush", "rail-lines")
    assert holdings.cups["red-pool"] == ("rd-1-inf",) * 4 + ("rd-2-art",)


def test_landscape_named_size_swaps_width_and_height(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    edit(
        game / "cards" / "events.json", lambda d: d["templates"][0].update(orientation="landscape")
    )
    loaded = load_game(game).game
    assert loaded is not None
    template = loaded.card_template("event")
    assert (template.width, template.height) == CARD_SIZES["poker"][::-1]


def test_a_gutter_left_unset_is_told_apart_from_zero(tmp_path: Path) -> None:
    """Unset, card sheets choose their gaps; a designer's 0 butts cards and counters alike."""
    assert load_fixture(GAME).print.gutter is None
    game = copy_fixture(GAME, tmp_path)
    edit(game / "game.json", lambda d: d["print"].update(gutter="0mm"))
    loaded = load_game(game).game
    assert loaded is not None and loaded.print.gutter == 0.0


def test_cards_come_from_csv_rows_and_a_bad_row_is_located(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    (game / "cards" / "more.csv").write_text(
        "id,title,text,side,private,count,year\n"
        'gas-attack,Gas Attack,"Play before an attack.\n\n**+1** to the attack.",red,true,2,2\n'
        "raid,Trench Raid,Look inside one stack.,blue,false,1,1\n",
        encoding="utf-8",
    )
    edit(
        game / "cards" / "events.json",
        lambda d: d.update(csv=[{"file": "cards/more.csv", "template": "event"}]),
    )
    loaded = load_game(game).game
    assert loaded is not None
    gas = loaded.card("gas-attack")
    assert (gas.title, gas.side, gas.private, gas.count) == ("Gas Attack", "red", True, 2)
    assert gas.text == "Play before an attack.\n\n**+1** to the attack."
    assert gas.values["year"] == 2
    assert loaded.card("raid").side == "blue" and not loaded.card("raid").private
    # a row whose year is not a number: one line at the row, no traceback
    (game / "cards" / "more.csv").write_text(
        "id,title,text,side,year\nraid,Trench Raid,Look.,blue,soon\n", encoding="utf-8"
    )
    result = validate(game)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    (line,) = [s for s in result.stderr.splitlines() if "error[" in s]
    assert line.startswith("cards-hex/cards/more.csv:2:"), line


@pytest.mark.parametrize(
    ("file", "change", "expected"),
    [
        pytest.param(
            "decks/decks.json",
            lambda d: d["decks"][0]["cards"].append("no-such-card"),
            "unknown card 'no-such-card'",
            id="a deck naming an unknown card",
        ),
        pytest.param(
            "decks/decks.json",
            lambda d: d["decks"][1].update(id="blue-events"),
            "deck id 'blue-events' is already used",
            id="two decks with one id",
        ),
        pytest.param(
            "cards/events.json",
            lambda d: (
                d["cards"][0]["back"].update(image="../../outside.png")
                if "back" in d["cards"][0]
                else d["cards"][0].update(back={"image": "../../outside.png"})
            ),
            "leaves the game folder",
            id="a card image leaving the game folder",
        ),
        pytest.param(
            "cards/events.json",
            lambda d: d["cards"][0].update(template="evnt"),
            "unknown card-template 'evnt' (did you mean 'event'?)",
            id="an unknown template",
        ),
        pytest.param(
            "decks/decks.json",
            lambda d: d["decks"][0]["cards"].append("forced-march"),
            "the decks hold 2 copies of card 'forced-march', but it is printed 1 time(s)",
            id="a deck holding more copies than are printed",
        ),
        pytest.param(
            "setups/meeting.json",
            lambda d: d["hands"].update({"blue-events": ["ambush"]}),
            "card 'ambush' is not one of deck 'blue-events''s cards",
            id="a hand holding another deck's card",
        ),
        pytest.param(
            "cards/events.json",
            lambda d: d["templates"][0]["front"][3].update(area=[0.5, 0.5, 0.6, 0.2]),
            "runs off the card",
            id="an area off the card",
        ),
        pytest.param(
            "game.json",
            lambda d: d["hidden"].update(see_through=["infantri"]),
            "unknown class 'infantri' (did you mean 'infantry'?)",
            id="a see-through class no counter has",
        ),
    ],
)
def test_each_mistake_is_one_located_line(
    tmp_path: Path, file: str, change: Any, expected: str
) -> None:
    game = copy_fixture(GAME, tmp_path)
    edit(game / file, change)
    result = validate(game)
    assert result.returncode == 1, result.stdout + result.stderr
    lines = [
        line for line in result.stdout.splitlines() + result.stderr.splitlines() if expected in line
    ]
    assert len(lines) == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    location = lines[0].split(" ", 1)[0]
    assert location.count(":") >= 3, lines[0]  # file:line:col:
    out = tmp_path / "out"
    built = run_cli("build", str(game), "-o", str(out), "--only", "svg", cwd=tmp_path)
    assert built.returncode == 1 and expected in built.stderr, built.stdout + built.stderr
    assert "Traceback" not in built.stderr
    assert not out.exists() or not any(out.iterdir())  # a failed load writes nothing
