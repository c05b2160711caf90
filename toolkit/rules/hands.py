"""Hands over their limit: a deck's own rule, checked wherever hands are known (a setup's
start, a saved game's hands)."""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.holdings import Holdings
from toolkit.rules.violations import Violation

HAND_LIMIT = "hand-limit"
"""The rule id of a hand over its deck's ``hand_limit`` (what a setup's waivers name)."""


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
                f"the limit is {limit}",
            )
        )
    return found
