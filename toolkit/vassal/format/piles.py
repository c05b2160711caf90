"""How our module names its decks, hands and cups: the contract between writing them and
reading a save's back.

Every deck of the game is three kinds of VASSAL draw pile on one map, ``Cards``: its draw
pile, its discard pile, and one pile per group of cards that join later (a turn, a year); a
cup is a draw pile of counters there too. A deck owned by a side has that side's hand, a
VASSAL player hand (a map of its own). VASSAL finds a draw pile by its name alone, and a save
names maps by theirs, so the names are made here, once, from the game, unique among
themselves and among the module's boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.model.card import Joins
from toolkit.vassal.format.codec import safe_text

CARDS_MAP = "Cards"
"""The map window holding every deck, discard pile, waiting pile and cup."""
CARD_ID = "CardId"
"""The Marker property every card piece carries: its card's id."""
DECK_ID = "DeckId"
"""The Marker property every card piece carries: the id of the deck it belongs to."""

PileKind = Literal["draw", "discard", "waiting", "cup"]


@dataclass(frozen=True, slots=True)
class Pile:
    """One VASSAL draw pile: what it holds for the game."""

    kind: PileKind
    holder: str
    """The deck's id (or the cup's, for a cup)."""
    name: str
    """The draw pile's VASSAL name (unique in the module)."""
    joins: Joins | None = None
    """A waiting pile: when its cards join the deck."""


@dataclass(frozen=True, slots=True)
class PileNames:
    """Every draw pile and player hand of a game's module, by what it holds."""

    piles: tuple[Pile, ...]
    """Decks in the game's order, each: draw, discard, waiting piles; then the cups."""
    hands: Mapping[str, str]
    """Side id → the VASSAL name of its hand (a side owning no deck has none)."""
    cards_map: str = CARDS_MAP

    def pile(self, kind: PileKind, holder: str, joins: Joins | None = None) -> Pile:
        """The pile of one kind for a deck or cup.

        :raises KeyError: the module has no such pile.
        """
        for pile in self.piles:
            if pile.kind == kind and pile.holder == holder and pile.joins == joins:
                return pile
        raise KeyError(f"{kind} pile of {holder!r}")

    def by_name(self) -> dict[str, Pile]:
        """Draw pile name → its pile."""
        return {pile.name: pile for pile in self.piles}


def pile_names(game: Game, taken: Iterable[str] = ()) -> PileNames:
    """The module's piles and hands; ``taken``: the names of its boards (its other maps)."""
    used = set(taken)

    def unique(name: str) -> str:
        # names of maps and piles go through VASSAL's encoders: no control characters; and
        # "Return to deck" reads its pile's name as a format, where $...$ is a property
        base = safe_text(name).replace("$", "\uff04").strip() or "Pile"
        found, number = base, 1
        while found in used:
            number += 1
            found = f"{base} ({number})"
        used.add(found)
        return found

    say = words(game.language)
    cards_map = unique(say("module.cards.window"))
    piles: list[Pile] = []
    owners: list[str] = []
    for deck in game.decks:
        piles.append(Pile("draw", deck.id, unique(deck.name)))
        discard = deck.discard or say("module.pile.discards", deck=deck.name)
        piles.append(Pile("discard", deck.id, unique(discard)))
        for joins, _ in deck.joining:
            waiting = say("module.pile.waiting", deck=deck.name, when=_when(joins, say))
            piles.append(Pile("waiting", deck.id, unique(waiting), joins))
        if deck.owner is not None and deck.owner not in owners:
            owners.append(deck.owner)
    for cup in game.cups:
        piles.append(Pile("cup", cup.id, unique(cup.name)))
    hands = {side: unique(say("module.hand", side=game.side(side).name)) for side in owners}
    return PileNames(tuple(piles), hands, cards_map)


def _when(joins: Joins, say: Words) -> str:
    if joins.turn is not None:
        return say("module.pile.from-turn", turn=joins.turn)
    return say("module.pile.from-year", year=joins.year)


def card_image(card_id: str, side: Literal["front", "back"]) -> str:
    """The image file name of a card's face or back in the module."""
    return f"card-{card_id}-{side}.png"


def mask_image(faction_id: str) -> str:
    """The image a counter hidden from the other side shows them: its faction's colour."""
    return f"hidden-{faction_id}.png"
