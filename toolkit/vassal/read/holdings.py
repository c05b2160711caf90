"""A saved game's decks, hands and cups read back: what each draw pile and each hand holds.

Our module names its piles and hands from the game alone (:mod:`toolkit.vassal.format.piles`),
so a save is read with the game only. A deck is found by its name in its type, its cards by
the ``CardId`` property each card piece carries, a cup's counters by ``CounterId``; a hand is
every card on a hand's map. Cards and counters lying elsewhere (on the table) are in no pile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from toolkit.model import Game
from toolkit.model.card import Joins
from toolkit.model.holdings import DeckAtStart, Holdings
from toolkit.vassal.format.codec import decode
from toolkit.vassal.format.commands import AddPiece, PieceStringError, parse_add_piece
from toolkit.vassal.format.piles import CARD_ID, PileNames, pile_names

DECK_NAME_FIELD = 12
"""Where a deck's name sits among its type's fields (after ``deck;``)."""


@dataclass(frozen=True, slots=True)
class HoldingsReading:
    """The decks, hands and cups of a save, and what could not be read into them."""

    holdings: Holdings
    in_piles: frozenset[str]
    """The VASSAL ids of every piece in a pile or a hand: no piece of the map's position."""
    problems: tuple[str, ...]
    maps: frozenset[str] = frozenset()
    """The names of the Cards map and the hands' maps."""


def holdings_from_commands(
    game: Game, board_names: Sequence[str], commands: Iterable[str]
) -> HoldingsReading:
    """The piles and hands the AddPiece commands among ``commands`` hold (``board_names``:
    the module's map boards, which the pile names are made unique against)."""
    names = pile_names(game, board_names)
    if not game.decks and not game.cups:  # nothing to find: no second pass over the save
        return HoldingsReading(Holdings(), frozenset(), ())
    pieces: dict[str, AddPiece] = {}
    decks: list[tuple[str, list[str]]] = []
    for command in commands:
        if not command.startswith("+/"):
            continue
        try:
            added = parse_add_piece(command)
        except PieceStringError:
            continue  # the position's reader reports it
        basic = added.basic
        if basic.type.startswith("deck;"):
            fields = decode(basic.type[len("deck;") :], ";")
            state = decode(basic.state or "", ";")
            name = fields[DECK_NAME_FIELD] if len(fields) > DECK_NAME_FIELD else ""
            members = decode(state[4], ",") if len(state) > 4 and state[4] else []
            decks.append((name, members))
        elif basic.type.startswith("piece;"):
            pieces[added.piece_id] = added
    return _read(game, names, pieces, decks)


def _read(
    game: Game,
    names: PileNames,
    pieces: dict[str, AddPiece],
    decks: list[tuple[str, list[str]]],
) -> HoldingsReading:
    piles = names.by_name()
    draw: dict[str, list[str]] = {deck.id: [] for deck in game.decks}
    discard: dict[str, list[str]] = {deck.id: [] for deck in game.decks}
    waiting: dict[tuple[str, Joins], list[str]] = {}
    hands: dict[str, list[str]] = {deck.id: [] for deck in game.decks}
    cups: dict[str, list[str]] = {cup.id: [] for cup in game.cups}
    taken: set[str] = set()
    problems: list[str] = []
    for name, members in decks:
        pile = piles.get(name)
        if pile is None:
            problems.append(f"a deck {name!r}, which this game's module does not have")
            continue
        # VASSAL lists a deck bottom first; our piles are read top first
        for piece_id in reversed(members):
            added = pieces.get(piece_id)
            if added is None:
                continue
            taken.add(piece_id)
            value = _property(added, "CounterId" if pile.kind == "cup" else CARD_ID)
            if value is None:
                problems.append(f"a piece in {name!r} that is not one of its cards or counters")
                continue
            if pile.kind == "cup":
                cups[pile.holder].append(value)
            elif pile.kind == "draw":
                draw[pile.holder].append(value)
            elif pile.kind == "discard":
                discard[pile.holder].append(value)
            elif pile.joins is not None:
                waiting.setdefault((pile.holder, pile.joins), []).append(value)
    hand_maps = {name: side for side, name in names.hands.items()}
    for piece_id, added in pieces.items():
        card_id = _property(added, CARD_ID)
        deck_id = _property(added, "DeckId")
        where = decode(added.basic.state or "", ";")[0]
        if piece_id in taken or card_id is None or deck_id not in hands:
            continue
        if where in hand_maps:
            taken.add(piece_id)
            hands[deck_id].append(card_id)
    holdings = Holdings(
        tuple(
            DeckAtStart(
                deck,
                tuple(draw[deck.id]),
                tuple(hands[deck.id]),
                tuple(discard[deck.id]),
                tuple(
                    (joins, tuple(waiting[(deck.id, joins)]))
                    for joins, _ in deck.joining
                    if waiting.get((deck.id, joins))
                ),
            )
            for deck in game.decks
        ),
        {cup_id: tuple(held) for cup_id, held in cups.items()},
    )
    tables = frozenset([names.cards_map, *names.hands.values()])
    return HoldingsReading(holdings, frozenset(taken), tuple(problems), tables)


def _property(added: AddPiece, name: str) -> str | None:
    """A Marker property of a piece, or None."""
    for level in added.levels:
        if level.type.startswith("mark;"):
            keys = decode(level.type[len("mark;") :], ",")
            if name in keys:
                values = decode(level.state or "", ",")
                index = keys.index(name)
                return values[index] if index < len(values) else ""
    return None


def is_card(added: AddPiece) -> bool:
    """Whether a piece is one of our module's cards."""
    return _property(added, CARD_ID) is not None


def card_plays(
    game: Game,
    board_names: Sequence[str],
    start: Sequence[tuple[str, AddPiece]],
    steps: Sequence[Sequence[tuple[str, AddPiece]]],
) -> dict[str, list[str]]:
    """Deck id → the cards a log shows played from its owner's hand, in order: a card that
    leaves a hand for one of the game's boards (the table). A card put back into a pile, or
    moved within the hand, is no play."""
    if not game.decks:
        return {}
    names = pile_names(game, board_names)
    hands = frozenset(names.hands.values())
    boards = frozenset(board_names)
    where: dict[str, str] = {}
    plays: dict[str, list[str]] = {}

    def seen(ref: str, added: AddPiece) -> None:
        card_id = _property(added, CARD_ID)
        if card_id is None:
            return
        now = decode(added.basic.state or "", ";")[0]
        before = where.get(ref)
        where[ref] = now
        if before in hands and now in boards:
            plays.setdefault(_property(added, "DeckId") or "", []).append(card_id)

    for ref, added in start:
        seen(ref, added)
    for step in steps:
        for ref, added in step:
            seen(ref, added)
    return plays


@dataclass(frozen=True, slots=True)
class LoggedCards:
    """What a log shows of the cards: the plays from hand, and the hands at their largest."""

    plays: dict[str, list[str]]
    """Deck id → the cards played from its owner's hand, in order (see :func:`card_plays`)."""
    hands: Holdings
    """Each deck's hand when it held the most (see :func:`largest_hands`)."""


def largest_hands(
    game: Game,
    board_names: Sequence[str],
    start: Sequence[tuple[str, AddPiece]],
    steps: Sequence[Sequence[tuple[str, AddPiece]]],
) -> Holdings:
    """Each deck's hand when it held the most cards of that deck, as a log shows it, from the
    game it starts with through every logged action (for the hand limit)."""
    if not game.decks:
        return Holdings()
    hands = frozenset(pile_names(game, board_names).hands.values())
    held: dict[str, tuple[str, str]] = {}
    """Piece ref → (deck id, card id) of every card in a hand now."""
    counts: dict[str, int] = {}
    largest: dict[str, tuple[str, ...]] = {}

    def seen(ref: str, added: AddPiece) -> str | None:
        card_id = _property(added, CARD_ID)
        if card_id is None:
            return None
        before = held.pop(ref, None)
        if before is not None:
            counts[before[0]] -= 1
        if decode(added.basic.state or "", ";")[0] not in hands:
            return None
        deck_id = _property(added, "DeckId") or ""
        held[ref] = (deck_id, card_id)
        counts[deck_id] = counts.get(deck_id, 0) + 1
        return deck_id

    def note(changed: set[str]) -> None:
        for deck_id in changed:
            if counts[deck_id] > len(largest.get(deck_id, ())):
                largest[deck_id] = tuple(c for d, c in held.values() if d == deck_id)

    note({d for ref, added in start if (d := seen(ref, added)) is not None})
    for step in steps:
        note({d for ref, added in step if (d := seen(ref, added)) is not None})
    decks = {deck.id: deck for deck in game.decks}
    return Holdings(
        tuple(DeckAtStart(decks[d], (), hand) for d, hand in largest.items() if d in decks)
    )


def is_sign(added: AddPiece, tables: frozenset[str]) -> bool:
    """Whether a piece is one of the signs our module stands beside its piles."""
    where = decode(added.basic.state or "", ";")[0]
    return where in tables and _property(added, "PileSign") is not None
