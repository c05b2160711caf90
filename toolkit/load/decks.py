"""decks/*.json → decks of cards and cups of counters.

A deck's cards must exist and be printed often enough: the copies every deck holds of a card,
together, are at most the card's count, so the kit prints every card the module deals. A cup
takes what is left of a counter's mix unless it says how many.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toolkit.load.context import Context, get
from toolkit.load.jsonsource import Source
from toolkit.model.base import Origin
from toolkit.model.card import Card, Cup, Deck, DeckEntry, Joins
from toolkit.model.counter import Counter

DISCARD_SUFFIX = "discards"
"""What a deck's discard pile is called when the deck does not name it."""


def load_decks(
    ctx: Context,
    source: Source,
    cards: Mapping[str, Card],
    counters: Mapping[str, Counter],
    dealt: dict[str, int],
) -> tuple[list[Deck], list[Cup]]:
    """Check and build the decks and cups of one decks file; ``dealt`` counts, across files,
    the copies of each card the decks hold so far."""
    decks = []
    for i, item in enumerate(source.data.get("decks", [])):
        deck = _deck(ctx, source, item, f"/decks/{i}", cards, dealt)
        if deck is not None:
            decks.append(deck)
    cups = []
    for i, item in enumerate(source.data.get("cups", [])):
        cup = _cup(ctx, source, item, f"/cups/{i}", counters)
        if cup is not None:
            cups.append(cup)
    return decks, cups


def _deck(
    ctx: Context,
    source: Source,
    item: dict[str, Any],
    pointer: str,
    cards: Mapping[str, Card],
    dealt: dict[str, int],
) -> Deck | None:
    if not ctx.declare(source, "deck", item["id"], pointer + "/id"):
        return None
    owner = item.get("owner")
    if owner is not None and not ctx.check_ref(source, "side", owner, pointer + "/owner"):
        owner = None
    entries = []
    for j, member in enumerate(item["cards"]):
        here = f"{pointer}/cards/{j}"
        entry = _entry(member)
        target = here if isinstance(member, str) else here + "/card"
        if not ctx.check_ref(source, "card", entry.card, target, cards):
            continue
        dealt[entry.card] = dealt.get(entry.card, 0) + entry.copies
        card = cards[entry.card]
        if dealt[entry.card] > card.count:
            ctx.error(
                source,
                "deck.too-many-copies",
                f"the decks hold {dealt[entry.card]} copies of card {card.id!r}, but it is "
                f"printed {card.count} time(s); raise its count or hold fewer",
                here,
            )
        entries.append(entry)
    name = item["name"]
    return Deck(
        id=item["id"],
        name=name,
        entries=tuple(entries),
        owner=owner,
        faces=get(item, "faces", "down"),
        discard=get(item, "discard", f"{name}: {DISCARD_SUFFIX}"),
        hand_limit=item.get("hand_limit"),
        plays_per_turn=item.get("plays_per_turn"),
        reshuffle=bool(item.get("reshuffle", True)),
        cite=get(item, "cite", ""),
        origin=Origin(source.shown, pointer),
    )


def _entry(member: str | dict[str, Any]) -> DeckEntry:
    if isinstance(member, str):
        return DeckEntry(member)
    joins = member.get("joins")
    return DeckEntry(
        member["card"],
        member.get("copies", 1),
        Joins(joins.get("turn"), joins.get("year")) if joins else None,
    )


def _cup(
    ctx: Context,
    source: Source,
    item: dict[str, Any],
    pointer: str,
    counters: Mapping[str, Counter],
) -> Cup | None:
    if not ctx.declare(source, "cup", item["id"], pointer + "/id"):
        return None
    owner = item.get("owner")
    if owner is not None and not ctx.check_ref(source, "side", owner, pointer + "/owner"):
        owner = None
    held: list[tuple[str, int | None]] = []
    for j, member in enumerate(item["counters"]):
        here = f"{pointer}/counters/{j}"
        counter_id = member if isinstance(member, str) else member["counter"]
        target = here if isinstance(member, str) else here + "/counter"
        if not ctx.check_ref(source, "counter", counter_id, target, counters):
            continue
        counter = counters[counter_id]
        copies = None if isinstance(member, str) else member.get("copies")
        if copies is not None and copies > counter.count and not counter.unlimited:
            ctx.error(
                source,
                "cup.too-many-copies",
                f"the cup holds {copies} of counter {counter_id!r}, but the counter mix has "
                f"{counter.count}",
                here,
            )
            copies = counter.count
        held.append((counter_id, copies))
    return Cup(
        id=item["id"],
        name=item["name"],
        counters=tuple(held),
        owner=owner,
        cite=get(item, "cite", ""),
        origin=Origin(source.shown, pointer),
    )


# -- a setup's holdings ----------------------------------------------------------------------


@dataclass(frozen=True)
class Holdings:
    """What a setup's decks, hands and cups are checked against."""

    decks: Mapping[str, Deck]
    cups: Mapping[str, Cup]
    counters: Mapping[str, Counter]


NO_HOLDINGS = Holdings({}, {}, {})


def deck_copies(deck: Deck) -> dict[str, int]:
    """Card id → copies the deck holds."""
    found: dict[str, int] = {}
    for entry in deck.entries:
        found[entry.card] = found.get(entry.card, 0) + entry.copies
    return found
