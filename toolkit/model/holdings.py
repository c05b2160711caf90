"""What every deck, hand, discard pile and cup holds at the start of a setup.

One answer for every output: the setup sheet prints it, the module deals it, the checker
compares a position with it. A setup says what it wants; what it does not say comes from the
decks and cups themselves: a deck's draw pile holds its cards without 'joins', its hand and
discard pile are empty, and a cup holds what it declares, where a counter named without copies
brings what is left of its mix once the setup has placed its pieces (a force pool is the units
not yet in play).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.model.base import empty
from toolkit.model.card import Deck, Joins
from toolkit.model.game import Game
from toolkit.model.scenario import Setup


@dataclass(frozen=True, slots=True)
class DeckAtStart:
    """A deck's piles at the start: card ids, one per copy, top first."""

    deck: Deck
    draw: tuple[str, ...]
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    waiting: tuple[tuple[Joins, tuple[str, ...]], ...] = ()
    """Cards that join later, by when: what is in no pile yet."""


@dataclass(frozen=True, slots=True)
class Holdings:
    """Every deck's piles and every cup's counters at the start, in the game's order."""

    decks: tuple[DeckAtStart, ...] = ()
    cups: Mapping[str, tuple[str, ...]] = empty()
    """Cup id → counter ids, one per copy."""


def holdings_at_start(game: Game, setup: Setup | None) -> Holdings:
    """The decks and cups as ``setup`` (None: no setup) starts them."""
    decks = tuple(_deck_at_start(deck, setup) for deck in game.decks)
    placed = _placed(setup)
    cups: dict[str, tuple[str, ...]] = {}
    for cup in game.cups:
        if setup is not None and cup.id in setup.cups:
            cups[cup.id] = tuple(p.counter for p in setup.cups[cup.id] for _ in range(p.count))
            continue
        held: list[str] = []
        for counter_id, copies in cup.counters:
            counter = game.counter(counter_id)
            if copies is None:
                copies = max(0, counter.count - placed.get(counter_id, 0))
                placed[counter_id] = placed.get(counter_id, 0) + copies
            held.extend([counter_id] * copies)
        cups[cup.id] = tuple(held)
    return Holdings(decks, cups)


def _deck_at_start(deck: Deck, setup: Setup | None) -> DeckAtStart:
    if setup is None:
        return DeckAtStart(deck, deck.start_cards, waiting=deck.joining)
    hand = setup.hands.get(deck.id, ())
    discard = setup.discards.get(deck.id, ())
    if deck.id in setup.decks:
        draw = setup.decks[deck.id]
    else:
        # the declared start cards, less what the setup put in the hand or the discards
        taken = list(hand) + list(discard)
        draw_list = []
        for card in deck.start_cards:
            if card in taken:
                taken.remove(card)
            else:
                draw_list.append(card)
        draw = tuple(draw_list)
    return DeckAtStart(deck, draw, hand, discard, _waiting(deck, setup, draw + hand + discard))


def _waiting(
    deck: Deck, setup: Setup, dealt: tuple[str, ...]
) -> tuple[tuple[Joins, tuple[str, ...]], ...]:
    """The cards joining later, less those the setup already put in a pile (a setup starting
    in a later year holds that year's cards already)."""
    left = list(dealt)
    for card in deck.start_cards:
        if card in left:
            left.remove(card)
    waiting = []
    for joins, cards in deck.joining:
        still = []
        for card in cards:
            if card in left:
                left.remove(card)
            else:
                still.append(card)
        if still:
            waiting.append((joins, tuple(still)))
    return tuple(waiting)


def _placed(setup: Setup | None) -> dict[str, int]:
    """Counter id → copies a setup puts on the map or brings as reinforcements."""
    if setup is None:
        return {}
    counts = setup.placed_counts()
    for reinforcement in setup.reinforcements:
        for piece in reinforcement.pieces:
            counts[piece.counter] = counts.get(piece.counter, 0) + piece.count
    return counts


def deck_of(holdings: Holdings, deck_id: str) -> DeckAtStart:
    """The start piles of one deck.

    :raises KeyError: no such deck.
    """
    for found in holdings.decks:
        if found.deck.id == deck_id:
            return found
    raise KeyError(deck_id)
