"""Decks, hands and cups in the module: VASSAL draw piles on a map of their own, and a player
hand for every side that owns a deck.

*Where they live.* Every deck, discard pile, pile of cards waiting to join and cup is a draw
pile on one map window, ``Cards``, opened from the toolbar, laid out a deck a row (draw pile,
discard pile, then the waiting piles), the cups in the last row. Published modules of
card-driven games do the same (a "Cards" or "Decks" window beside the map): our maps print no
deck boxes, a window keeps the main map free for play, and it holds cards of any size.

*Decks.* A draw pile is face down and deals at random (VASSAL's "always shuffle"), so what a
player puts back (a discard pile reshuffled, the cards of a new year, a card returned) is
mixed in at once and no shuffle can be forgotten; drawing one card or several is on its menu,
and the number it holds is the map property ``<pile>_numPieces``. Its discard pile is face up
and sends its cards back into the draw pile ("Reshuffle into ..."), which the draw pile asks
for itself when its last card is drawn (if the deck reshuffles). A waiting pile (the cards
joining at a turn or a year) sends its cards into the deck when players say so.

*Cards.* A card piece shows its face; a Mask with its back image is what a face-down pile
draws of it (VASSAL draws a face-down deck's top card masked), and it can be moved to any map
and sent back to its deck ("Return to deck", Ctrl-R). A card drawn from a face-down deck that
holds private cards is masked to the other sides by VASSAL itself (VASSAL decides per pile,
not per card); its owner reveals it with Ctrl-M when playing it. A deck of public cards deals
them open. A side's hand is a player hand only that side can open; the setup deals private
cards masked there, public ones open.

*Cups.* A cup is a face-down draw pile of counters that deals at random; what is drawn is
shown face up. The counters carry the mask a face-down pile needs (their faction's colour).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from lxml import etree  # type: ignore[import-untyped]

from toolkit.artwork import Artwork
from toolkit.catalogue import ENGLISH, Words, words
from toolkit.model import Game
from toolkit.model.card import Card, Deck
from toolkit.model.holdings import DeckAtStart, Holdings
from toolkit.vassal.format.layout import Board, Pixel
from toolkit.vassal.format.piles import (
    CARD_ID,
    DECK_ID,
    PileNames,
    card_image,
)
from toolkit.vassal.format.traits import (
    Chain,
    Trait,
    basic_piece,
    marker,
    mask,
    return_to_deck,
)
from toolkit.vassal.write.boards import pixel_size, png_size
from toolkit.vassal.write.drawpiles import (
    MARGIN,
    PileSpec,
    count_name,
    deck_type,
    drawpile_attributes,
    largest,
    lay_out_piles,
    pile_sign,
    sign_at,
    sign_font,
)
from toolkit.vassal.write.elements import MAP, Slot, piece_slot, xml_bool
from toolkit.vassal.write.identity import assign_gpids
from toolkit.vassal.write.mapwindow import StartStack, map_window
from toolkit.vassal.write.saves import PlacedDeck, PlacedPiece, PlacedStack
from toolkit.vassal.write.warnings import ModuleWarnings

FELT = "46,94,64"
"""The Cards map's colour: a card table's."""


def holding_gpids(keys: Sequence[str], taken: Iterable[int]) -> dict[str, int]:
    """The gpid of every card and cup piece, by identity key, as counters' are made
    (:mod:`toolkit.vassal.write.identity`), none of them one of ``taken`` (the counters'):
    ``card:ID`` (a card's own, what saves name it by), ``card:ID#N`` (its n-th copy in the
    at-start piles), ``cup:CUP:COUNTER#N`` (a counter's n-th copy in a cup at start)."""
    return assign_gpids(keys, taken)


@dataclass(frozen=True, slots=True)
class Hand:
    """A side's player hand: its board, the side's name, and its cards at the start."""

    board: Board
    side: str
    stack: StartStack | None


@dataclass(frozen=True)
class CardsParts:
    """Everything the module needs for its decks, hands and cups."""

    board: Board
    piles: tuple[PileSpec, ...]
    contents: Mapping[str, tuple[tuple[Slot, bool], ...]]
    """Pile name → its pieces at the start, bottom first, each with 'is a card'."""
    hands: tuple[Hand, ...]
    signs: tuple[StartStack, ...]
    """A sign above each pile saying how many pieces it holds."""
    images: tuple[tuple[str, bytes], ...]
    card_gpids: Mapping[str, int] = field(default_factory=dict)
    card_sizes: Mapping[str, Pixel] = field(default_factory=dict)


def write_cards_windows(root: etree._Element, parts: CardsParts, say: Words = ENGLISH) -> None:
    """The Cards map with its draw piles, and every side's hand, in buildFile.xml."""
    none = ModuleWarnings()
    element = map_window(root, parts.board, True, parts.signs, none, colour=FELT, say=say)
    for spec in parts.piles:
        pile = etree.SubElement(
            element, MAP + "DrawPile", drawpile_attributes(spec, parts.board.name)
        )
        for slot, is_card in parts.contents.get(spec.pile.name, ()):
            piece_slot(pile, slot, "CardSlot" if is_card else "PieceSlot")
    for hand in parts.hands:
        stacks = (hand.stack,) if hand.stack is not None else ()
        map_window(root, hand.board, True, stacks, none, hand_of=hand.side, say=say)


# -- the pieces ------------------------------------------------------------------------------


def card_traits(
    card: Card, deck: Deck, names: PileNames, masked_by: str | None, say: Words = ENGLISH
) -> list[Trait]:
    """A card of a deck as a piece: its properties, Return to deck, its back as a mask (what
    a face-down pile shows, and the others see while it is hidden), its face."""
    owner = card.side or deck.owner or ""
    draw = names.pile("draw", deck.id).name
    return [
        marker(
            [
                (CARD_ID, card.id),
                (DECK_ID, deck.id),
                ("CardOwner", owner),
                ("Private", xml_bool(card.private)),
            ]
        ),
        return_to_deck(draw, say("module.card.return-to", pile=draw)),
        mask(
            card_image(card.id, "back"),
            say("module.card.masked", deck=deck.name),
            masked_by,
            say("module.card.hide-or-reveal"),
            True,
            say("module.piece.peek"),
        ),
        basic_piece(card.name, card_image(card.id, "front")),
    ]


def card_sizes(game: Game, artwork: Artwork) -> dict[str, Pixel]:
    """Every card's size in pixels: its face's image, else its template's size."""
    sizes = {}
    for card in game.cards:
        art = artwork.cards.get(card.id)
        if art is not None and art.front.png:
            sizes[card.id] = png_size(art.front.png)
        else:
            template = game.card_template(card.template)
            sizes[card.id] = pixel_size(template.width, template.height, game.print.dpi)
    return sizes


def card_images(
    game: Game, artwork: Artwork, sizes: Mapping[str, Pixel]
) -> list[tuple[str, bytes]]:
    """Every card's face and back image: its drawings, or (not drawn yet) a plain card of its
    size, white, its back in its owner's colour."""
    entries = []
    for card in game.cards:
        art = artwork.cards.get(card.id)
        width, height = sizes[card.id]
        owner = card.side or next((d.owner for d in game.decks if card.id in d.all_cards), None)
        back = game.side(owner).color if owner else "#555555"
        front_png = art.front.png if art is not None and art.front.png else b""
        back_png = art.back.png if art is not None and art.back.png else b""
        entries.append(
            (
                f"images/{card_image(card.id, 'front')}",
                front_png or solid_png(width, height, "#ffffff"),
            )
        )
        entries.append(
            (f"images/{card_image(card.id, 'back')}", back_png or solid_png(width, height, back))
        )
    return entries


def solid_png(width: int, height: int, colour: str) -> bytes:
    """A PNG of one colour ('#rrggbb') with a dark one-pixel frame."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    inside = bytes((red, green, blue)) * max(0, width - 2)
    edge = b"\x00" + b"\x30\x30\x30" * width
    middle = b"\x00" + b"\x30\x30\x30" + inside + (b"\x30\x30\x30" if width > 1 else b"")
    rows = [edge] + [middle] * max(0, height - 2) + ([edge] if height > 1 else [])
    raw = b"".join(rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# -- what the piles hold -----------------------------------------------------------------------


@dataclass(frozen=True)
class CounterPieces:
    """What cups need of the counters' pieces (made by the module writer)."""

    definition: Callable[[str], tuple[Trait, ...]]
    """Counter id → its piece definition showing its front, open (prototypes referenced)."""
    saved: Callable[[str], Chain]
    """Counter id → the same piece as saves hold it (prototypes expanded)."""
    sizes: Mapping[str, Pixel]
    gpids: Mapping[str, int]
    """Counter id → its palette slot's gpid."""


def cards_parts(
    game: Game,
    artwork: Artwork,
    names: PileNames,
    holdings: Holdings,
    counters: CounterPieces,
    taken_gpids: Iterable[int],
) -> CardsParts:
    """The Cards map, its piles holding ``holdings`` at the start, and the hands."""
    sizes = card_sizes(game, artwork)
    cup_counters = {c for cup in game.cups for c, _ in cup.counters}
    counter_size = largest([counters.sizes[c] for c in cup_counters if c in counters.sizes])
    piles, board_size = lay_out_piles(game, names, sizes, counter_size)
    keys = [f"card:{card.id}" for card in game.cards]
    keys += [f"sign:{spec.pile.name}" for spec in piles]
    copies: dict[str, int] = {}

    def copy_key(prefix: str) -> str:
        copies[prefix] = copies.get(prefix, 0) + 1
        key = f"{prefix}#{copies[prefix]}"
        keys.append(key)
        return key

    slots: dict[str, list[tuple[str, Callable[[int], Slot], bool]]] = {}
    for held in holdings.decks:
        deck = held.deck
        for pile_name, order, side in _deck_groups(game, held, names):
            for card_id in order:
                card = game.card(card_id)
                masked = side if card.private else None
                traits = tuple(card_traits(card, deck, names, masked, words(game.language)))
                key = copy_key(f"card:{card_id}")
                slots.setdefault(pile_name, []).append(
                    (key, _slot_maker(card.name, traits, sizes[card_id]), True)
                )
    for cup in game.cups:
        pile_name = names.pile("cup", cup.id).name
        for counter_id in holdings.cups.get(cup.id, ())[::-1]:  # top first; decks bottom first
            key = copy_key(f"cup:{cup.id}:{counter_id}")
            definition = counters.definition(counter_id)
            name = game.counter(counter_id).name
            size = counters.sizes[counter_id]
            slots.setdefault(pile_name, []).append(
                (key, _slot_maker(name, definition, size), False)
            )
    gpids = holding_gpids(keys, taken_gpids)
    made = {
        pile: tuple((make(gpids[key]), is_card) for key, make, is_card in group)
        for pile, group in slots.items()
    }
    board = _plain_board(names.cards_map, board_size)
    hand_size = largest(list(sizes.values()))
    hands = []
    for side_id, hand_name in names.hands.items():
        hand_board = _plain_board(
            hand_name, (max(600, 6 * (hand_size[0] + 12)), hand_size[1] + 2 * MARGIN)
        )
        held_slots = tuple(slot for slot, _ in made.pop(hand_name, ()))
        stack = (
            StartStack(hand_name, hand_name, _hand_at(hand_size), held_slots)
            if held_slots
            else None
        )
        hands.append(Hand(hand_board, game.side(side_id).name, stack))
    return CardsParts(
        board,
        piles,
        made,
        tuple(hands),
        tuple(
            StartStack(count_name(spec), board.name, sign_at(spec), (sign,))
            for spec in piles
            for sign in [
                Slot(
                    count_name(spec),
                    gpids[f"sign:{spec.pile.name}"],
                    pile_sign(spec.pile.name, sign_font(spec), words(game.language)),
                    (0, 0),
                )
            ]
        ),  # fmt: skip
        tuple(card_images(game, artwork, sizes)),
        {card.id: gpids[f"card:{card.id}"] for card in game.cards},
        sizes,
    )


def _deck_groups(
    game: Game, held: DeckAtStart, names: PileNames
) -> list[tuple[str, tuple[str, ...], str | None]]:
    """(pile or hand name, its cards bottom first, the hand's side name or None) of a deck:
    its piles hold their cards top first, VASSAL's decks bottom first; a hand in its order."""
    deck = held.deck
    groups: list[tuple[str, tuple[str, ...], str | None]] = [
        (names.pile("draw", deck.id).name, held.draw[::-1], None),
        (names.pile("discard", deck.id).name, held.discard[::-1], None),
    ]
    for joins, cards in held.waiting:
        groups.append((names.pile("waiting", deck.id, joins).name, cards[::-1], None))
    if deck.owner is not None and held.hand:
        groups.append((names.hands[deck.owner], held.hand, game.side(deck.owner).name))
    return groups


def _slot_maker(name: str, traits: tuple[Trait, ...], size: Pixel) -> Callable[[int], Slot]:
    return lambda gpid: Slot(name, gpid, traits, size)


def _hand_at(card_size: Pixel) -> Pixel:
    return (MARGIN + card_size[0] // 2, MARGIN + card_size[1] // 2)


def _plain_board(name: str, size: Pixel) -> Board:
    """A board with no image and no grid: a plain table of one colour."""
    return Board("", name, "", b"", size, None, (), (), {})


def saved_piles(
    game: Game, holdings: Holdings, parts: CardsParts, names: PileNames, counters: CounterPieces
) -> tuple[list[PlacedDeck], list[PlacedStack]]:
    """What a saved game holds of ``holdings``: every pile's deck (empty ones too) and each
    hand's cards."""
    held: dict[str, list[PlacedPiece]] = {}
    for at_start in holdings.decks:
        deck = at_start.deck
        for pile_name, order, side in _deck_groups(game, at_start, names):
            for card_id in order:
                card = game.card(card_id)
                masked_by = side if card.private else None
                chain = Chain.of(card_traits(card, deck, names, masked_by, words(game.language)))
                held.setdefault(pile_name, []).append(PlacedPiece(chain, parts.card_gpids[card_id]))
    for cup in game.cups:
        pile_name = names.pile("cup", cup.id).name
        for counter_id in holdings.cups.get(cup.id, ())[::-1]:  # top first; decks bottom first
            piece = PlacedPiece(counters.saved(counter_id), counters.gpids[counter_id])
            held.setdefault(pile_name, []).append(piece)
    decks = [
        PlacedDeck(
            names.cards_map, spec.at, deck_type(spec), spec.face_down,
            tuple(held.get(spec.pile.name, ())),
        )
        for spec in parts.piles
    ]  # fmt: skip
    hand_size = largest(list(parts.card_sizes.values()))
    hands = [
        PlacedStack(name, _hand_at(hand_size), tuple(held[name]))
        for name in names.hands.values()
        if held.get(name)
    ]
    for sign in parts.signs:
        (slot,) = sign.slots
        piece = PlacedPiece(Chain.of(slot.traits), slot.gpid)
        hands.append(PlacedStack(names.cards_map, sign.at, (piece,)))
    return decks, hands
