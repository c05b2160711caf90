"""A deck's own rules: hands over their limit, checked wherever hands are known (a setup's
start, a saved game's hands), and more cards played in a turn than allowed (a log's turn)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toolkit.model import Game
from toolkit.model.holdings import Holdings
from toolkit.rules.violations import Violation

HAND_LIMIT = "hand-limit"
"""The rule id of a hand over its deck's ``hand_limit`` (what a setup's waivers name)."""
PLAYS_PER_TURN = "plays-per-turn"
"""The rule id of more cards of a deck played in a turn than its ``plays_per_turn``."""


def check_hands(game: Game, holdings: Holdings) -> list[Violation]:
    """One violation per hand holding more cards of a deck than the deck allows, with the
    deck's citation."""
    found = []
    for held in holdings.decks:
        deck = held.deck
        limit = deck.hand_limit
        if limit is None or len(held.hand) <= limit:
            continue
        owner = game.side(deck.owner).name if deck.owner else "A player"
        found.append(
            Violation(
                HAND_LIMIT,
                deck.cite,
                "error",
                f"{owner} holds {len(held.hand)} cards of {deck.name} in hand; "
                f"the limit is {limit}.",
            )
        )
    return found


def check_plays(game: Game, plays: Mapping[str, Sequence[str]]) -> list[Violation]:
    """One violation per deck whose cards were played more often in one turn than the deck
    allows (``plays``: deck id → the cards played, as a log of one turn shows them)."""
    found = []
    for deck in game.decks:
        played = plays.get(deck.id, ())
        limit = deck.plays_per_turn
        if limit is None or len(played) <= limit:
            continue
        owner = game.side(deck.owner).name if deck.owner else "A player"
        titles = ", ".join(game.card(card).name for card in played)
        found.append(
            Violation(
                PLAYS_PER_TURN,
                deck.cite,
                "error",
                f"{owner} played {len(played)} cards of {deck.name} in one turn ({titles}); "
                f"the limit is {limit}.",
            )
        )
    return found
