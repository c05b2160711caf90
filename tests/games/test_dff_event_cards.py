"""Distant Foreign Fields: the event cards and decks against 6.0-6.3 and the cards the rulebook
names (see the game's README, "Event cards")."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from toolkit.load import load_game
from toolkit.model.holdings import deck_of, holdings_at_start

GAME = Path(__file__).resolve().parents[2] / "sources" / "distant-foreign-fields"
DECKS = {"allies": "allied-events", "central": "central-events"}
SEASONAL_TURNS_A_YEAR = 4

# card id -> (deck side, private), as the rulebook gives them
NAMED = {
    "italy-enters-the-war": ("allies", False),  # 7.9
    "romania-enters-the-war": ("allies", False),  # 7.14
    "greece-enters-the-war": ("allies", False),  # 7.8
    "usa-enters-the-war": ("allies", False),  # 7.18
    "bulgaria-enters-the-war": ("central", False),  # 7.4
    "tank-combat": ("allies", False),  # 4.4.4
    "creeping-barrage": ("allies", True),  # 6.2: "rendront cette Carte Privée Publique"
    "portuguese-divisions": ("allies", False),  # 7.7.7
    "new-battlefield-manual": ("allies", True),  # 13.0: "Il garde cette carte privée"
    "french-army-mutiny": ("allies", True),  # 7.5.2: "gardée privée"
    "russian-revolution": ("allies", False),  # 7.15.1
    "poison-gas": ("central", False),  # 4.7
    "war-weariness": ("central", False),  # 13.0: "C'est une carte publique"
    "bruchmuller": ("central", False),  # 7.6.1
}


@pytest.fixture(scope="module")
def game():
    result = load_game(GAME)
    assert result.game is not None, result.report.format_text()
    return result.game


def draws_per_year() -> dict[str, dict[int, int]]:
    """6.3 from the event-draws chart: cards drawn in each year, per alliance."""
    chart = json.loads((GAME / "charts" / "event-draws.json").read_text(encoding="utf-8"))
    out: dict[str, dict[int, int]] = {"allies": {}, "central": {}}
    for row in chart["rows"]:
        if row["label"].isdigit():
            for side, per_turn in zip(("allies", "central"), row["cells"], strict=True):
                out[side][int(row["label"])] = per_turn * SEASONAL_TURNS_A_YEAR
    return out


def test_54_cards_in_two_decks_one_per_alliance(game):
    assert len(game.cards) == 54  # 1.0
    for side, deck_id in DECKS.items():
        deck = game.deck(deck_id)
        assert deck.owner == side
        assert {game.card(c).side for c in deck.all_cards} == {side}
        assert deck.plays_per_turn == 1 and deck.hand_limit is None  # 6.2; no limit stated
        assert not deck.reshuffle  # 6.3: after 1918, draws go on "until there are no more cards"
    assert sorted(c for d in DECKS.values() for c in game.deck(d).all_cards) == sorted(
        c.id for c in game.cards
    )


def test_each_year_holds_its_draws_and_1915_one_card_more(game):
    draws = draws_per_year()
    for side, deck_id in DECKS.items():
        deck = game.deck(deck_id)
        assert deck.start_cards == ()  # no 1914 cards: nobody draws in 1914
        per_year = Counter()
        for joins, cards in deck.joining:
            assert joins.year is not None
            per_year[joins.year] += len(cards)
            assert {game.card(c).values["year"] for c in cards} == {joins.year}
        expected = {y: n for y, n in draws[side].items() if n}
        expected[1915] += 1  # 6.3: one card left in the deck at the end of each year
        assert dict(per_year) == expected


def test_cards_from_the_rulebook_and_representative_ones(game):
    for card in game.cards:
        assert len(card.tags & {"rulebook", "representative"}) == 1, card.id
        assert bool(card.cite) == ("rulebook" in card.tags), card.id
        assert card.values["use"].startswith("Private" if card.private else "Public"), card.id
        words = len(card.text.replace("**", "").split())
        assert 8 <= words <= 60, (card.id, words)  # fits a poker card at 6 pt or more
    named = {c.id: (c.side, c.private) for c in game.cards if "rulebook" in c.tags}
    assert named == NAMED


def test_setups_deal_the_decks(game):
    assert game.hidden_stacks == "top"  # 4.3
    campaign = holdings_at_start(game, game.setup("grand-campaign"))
    for deck_id in DECKS.values():
        assert deck_of(campaign, deck_id).draw == ()
    example = holdings_at_start(game, game.setup("example-1917"))
    allies, central = deck_of(example, "allied-events"), deck_of(example, "central-events")
    assert "new-battlefield-manual" in allies.draw and "war-weariness" in central.draw  # 13.0
    assert set(allies.discard) == {"usa-enters-the-war", "tank-combat"}
    for pile in (allies, central):
        assert [(j.year, len(c)) for j, c in pile.waiting] == [(1918, 8)]
        assert {game.card(c).values["year"] for c in pile.draw + pile.discard} <= {1915, 1916, 1917}


def test_stacks_show_their_top_unit_through_markers_and_supply(game):
    """4.3: only the owner sees inside a stack, the others its top piece; markers and supply
    units hide nothing, units, fortresses and trenches do."""
    assert game.hidden_stacks == "top"
    see_through = set(game.see_through)
    assert see_through == {"marker", "control", "supply"}
    classes = {c.class_ for c in game.counters}
    assert see_through <= classes
    assert {"infantry", "cavalry", "hq", "fortress-marker", "trench", "fighter"} <= (
        classes - see_through
    )
