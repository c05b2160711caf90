"""The module's draw piles: how each deck, discard pile, waiting pile and cup behaves (one
spec, written both as its DrawPile element and as the deck a save holds), where it sits on the
Cards map, and the sign above it that counts what it holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from toolkit.catalogue import ENGLISH, Words, words
from toolkit.model import Game
from toolkit.model.card import Deck
from toolkit.vassal.format.codec import encode, encode_list
from toolkit.vassal.format.layout import Pixel
from toolkit.vassal.format.piles import Pile, PileNames
from toolkit.vassal.format.traits import (
    Trait,
    basic_piece,
    immobile,
    marker,
    text_label,
)
from toolkit.vassal.write.elements import attrs, xml_bool

MARGIN = 24
"""Pixels around and between the piles of the Cards map."""
SIGN_SIZE = 14
"""The size of a pile's sign, in pixels."""
SIGN_LETTER = 8
"""About how wide a letter of a pile's sign is at that size, in pixels."""
MAX_COLUMN = 400
"""The widest a pile's column gets for its sign (a longer name is written smaller)."""
MAX_ROW = 2400
"""How wide a row of piles gets before the next pile starts a row below (a game with dozens
of force pools)."""
MAX_DRAWN = 10
"""How many cards deep a pile is drawn at most."""


@dataclass(frozen=True, slots=True)
class PileSpec:
    """One draw pile as both its DrawPile element and its deck in a save describe it."""

    pile: Pile
    at: Pixel
    """Its centre on the Cards board."""
    size: Pixel
    face_down: bool
    random: bool
    """Draws at random ("always shuffle")."""
    draw_face_up: bool
    allow_select: bool
    send_to: str = ""
    """The pile its "send" command moves its contents into ('' none)."""
    send_command: str = ""
    send_key: str = ""
    """The named key that sends (what the draw pile fires when it is empty)."""
    empty_key: str = ""
    owners: tuple[str, ...] = ()
    """The sides that alone may draw from it (VASSAL 3.7 and later; 3.6 lets everyone)."""
    say: Words = ENGLISH
    """The game's language, for the pile's menu and its report."""

    @property
    def face_down_option(self) -> str:
        return "Always" if self.face_down else "Never"

    @property
    def shuffle_option(self) -> str:
        return "Always" if self.random else "Never"

    @property
    def send_message(self) -> str:
        if not self.send_to:
            return ""
        return self.say("module.pile.goes-into", pile=self.pile.name, target=self.send_to)

    @property
    def messages(self) -> dict[str, str]:
        """The pile's menu words, by the DrawPile attribute that holds each."""
        return {name: self.say(key) for name, key in _MESSAGES.items()}


_MESSAGES = {
    "shuffleCommand": "module.pile.shuffle",
    "reverseCommand": "module.pile.reverse",
    "drawMultipleMessage": "module.pile.draw-several",
    "drawSpecificMessage": "module.pile.draw-specific",
    "faceUpMessage": "module.pile.face-up",
    "faceDownMessage": "module.pile.face-down",
}
"""DrawPile attributes → the message ids of their words."""


DECK_FIELDS_36 = 37
"""How many fields of a deck's type VASSAL 3.6 reads; 3.7 reads 14 more, then the owners."""


def deck_type(spec: PileSpec) -> str:
    """The deck's type string, field for field as VASSAL's Deck writes it from the pile's
    DrawPile element (so a deck in our saves is the one a new game makes): the 3.6 fields,
    then those 3.7 added (3.6 reads no further than its own)."""
    messages = spec.messages
    fields = [
        "true",  # outline drawn when empty
        "255,255,255",
        str(spec.size[0]),
        str(spec.size[1]),
        spec.face_down_option,
        spec.shuffle_option,
        "true",  # draw several
        xml_bool(spec.allow_select),
        "false",  # reversible
        spec.send_command,
        spec.send_to,
        spec.send_message,
        spec.pile.name,
        "",  # shuffle report
        "",  # reverse report
        "",  # face-down report
        xml_bool(spec.draw_face_up),
        "false",  # saved to a file
        "",  # shuffle key
        _named(spec.send_key),
        str(MAX_DRAWN),
        "",  # count expressions
        "false",
        "",  # deck global key commands
        xml_bool(bool(spec.empty_key)),
        _named(spec.empty_key),
        "$BasicName$",
        "",
        "false",  # no restriction on what may be added
        "",
        messages["shuffleCommand"],
        messages["reverseCommand"],
        "",
        messages["drawMultipleMessage"],
        messages["drawSpecificMessage"],
        messages["faceUpMessage"],
        messages["faceDownMessage"],
        # VASSAL 3.7: keys and reports of face up/down, saving and loading (unused), access
        *([""] * 10),
        xml_bool(bool(spec.owners)),
        encode_list(list(spec.owners)),
    ]
    return "deck;" + encode(fields, ";")


def _named(name: str) -> str:
    """A named key as VASSAL stores it: the name stands; VASSAL gives out its code as it runs."""
    return f"0,0,{name}" if name else ""


def drawpile_attributes(spec: PileSpec, board: str) -> dict[str, str]:
    """The attributes of a pile's DrawPile element (every one VASSAL 3.6 reads)."""
    sending = bool(spec.send_to)
    return attrs(
        name=spec.pile.name,
        owningBoard=board,
        x=str(spec.at[0]),
        y=str(spec.at[1]),
        width=str(spec.size[0]),
        height=str(spec.size[1]),
        allowMultiple="true",
        allowSelect=xml_bool(spec.allow_select),
        selectDisplayProperty="$BasicName$",
        selectSortProperty="",
        faceDown=spec.face_down_option,
        drawFaceUp=xml_bool(spec.draw_face_up),
        faceDownFormat="",
        shuffle=spec.shuffle_option,
        shuffleFormat="",
        shuffleHotkey="",
        reversible="false",
        reverseFormat="",
        reverseHotkey="",
        draw="true",
        color="255,255,255",
        hotkeyOnEmpty=xml_bool(bool(spec.empty_key)),
        emptyHotkey=_named(spec.empty_key),
        reshufflable=xml_bool(sending),
        reshuffleCommand=spec.send_command,
        reshuffleMessage=spec.send_message,
        reshuffleHotkey=_named(spec.send_key),
        reshuffleTarget=spec.send_to,
        canSave="false",
        maxStack=str(MAX_DRAWN),
        expressionCounting="false",
        countExpressions="",
        restrictOption="false",
        restrictExpression="",
        deckRestrictAccess=xml_bool(bool(spec.owners)),
        deckOwners=encode_list(list(spec.owners)),
        **spec.messages,
    )


# -- where the piles sit ------------------------------------------------------------------------


def lay_out_piles(
    game: Game, names: PileNames, sizes: Mapping[str, Pixel], counter_size: Pixel
) -> tuple[tuple[PileSpec, ...], Pixel]:
    """Every pile's place and behaviour on the Cards board, and the board's size: a row per
    deck (draw pile, discard pile, waiting piles), the cups in the last row."""
    say = words(game.language)
    rows: list[list[PileSpec]] = []
    for deck in game.decks:
        size = largest([sizes[c] for c in deck.all_cards if c in sizes])
        owners = _owners(game, deck.owner)
        # a deck of public cards deals them open; one holding private cards deals them hidden
        hidden = any(game.card(card).private for card in deck.all_cards)
        rows.append(
            [
                _deck_pile(deck, pile, names, size, owners, hidden, say)
                for pile in names.piles
                if pile.holder == deck.id and pile.kind != "cup"
            ]
        )
    cups = [
        _cup_pile(pile, counter_size, _owners(game, game.cup(pile.holder).owner), say)
        for pile in names.piles
        if pile.kind == "cup"
    ]
    if cups:
        rows.append(cups)
    placed: list[PileSpec] = []
    top = MARGIN
    width = 2 * MARGIN
    for row in rows:
        left = MARGIN
        height = max(spec.size[1] for spec in row)
        for spec in row:
            column = _column(spec)
            if left > MARGIN and left + column > MAX_ROW:  # a long row goes on below
                top += height + MARGIN
                left = MARGIN
            placed.append(_at(spec, (left + column // 2, top + height // 2)))
            left += column + MARGIN
            width = max(width, left)
        top += height + MARGIN
    return tuple(placed), (max(width, 200), max(top, 200))


def _column(spec: PileSpec) -> int:
    """A pile's column: as wide as the pile, or as its sign's text up to a limit."""
    return max(spec.size[0], min(_sign_width(spec.pile.name), MAX_COLUMN))


def _sign_width(pile: str) -> int:
    return SIGN_LETTER * (len(pile) + 4)


def sign_font(spec: PileSpec) -> int:
    """The size of a pile's sign: smaller for a name longer than its column is wide."""
    return max(8, min(SIGN_SIZE, SIGN_SIZE * _column(spec) // _sign_width(spec.pile.name)))


def _owners(game: Game, side: str | None) -> tuple[str, ...]:
    return (game.side(side).name,) if side else ()


def largest(sizes: Sequence[Pixel]) -> Pixel:
    if not sizes:
        return (100, 140)
    return (max(w for w, _ in sizes), max(h for _, h in sizes))


def _at(spec: PileSpec, at: Pixel) -> PileSpec:
    return replace(spec, at=at)


def _deck_pile(
    deck: Deck,
    pile: Pile,
    names: PileNames,
    size: Pixel,
    owners: tuple[str, ...],
    hidden: bool = True,
    say: Words = ENGLISH,
) -> PileSpec:
    draw = names.pile("draw", deck.id).name
    reshuffle = f"reshuffle-{deck.id}"
    if pile.kind == "draw":
        empty = reshuffle if deck.reshuffle else ""
        face_down = deck.faces == "down"
        return PileSpec(
            pile,
            (0, 0),
            size,
            face_down,
            True,
            not hidden,
            False,
            empty_key=empty,
            owners=owners,
            say=say,
        )
    if pile.kind == "discard":
        command = say("module.pile.reshuffle-into", pile=draw)
        return PileSpec(
            pile,
            (0, 0),
            size,
            False,
            False,
            True,
            True,
            draw,
            command,
            reshuffle,
            owners=owners,
            say=say,
        )
    send = say("module.pile.add-to", pile=draw)
    return PileSpec(
        pile, (0, 0), size, True, False, False, False, draw, send, owners=owners, say=say
    )


def _cup_pile(pile: Pile, size: Pixel, owners: tuple[str, ...], say: Words) -> PileSpec:
    return PileSpec(pile, (0, 0), size, True, True, True, False, owners=owners, say=say)


def pile_sign(pile: str, size: int = SIGN_SIZE, say: Words = ENGLISH) -> tuple[Trait, ...]:
    """A sign on the table above a pile, saying how many pieces it holds now (VASSAL keeps
    the count as the map property ``<pile>_numPieces``)."""
    return (
        marker([("PileSign", pile)]),
        immobile(),
        text_label(say("module.pile.sign", pile=pile, count=f"${pile}_numPieces$"), size),
        basic_piece(say("module.pile.count", pile=pile)),
    )


def count_name(spec: PileSpec) -> str:
    """The name of a pile's sign (what its piece and its setup stack are called)."""
    return spec.say("module.pile.count", pile=spec.pile.name)


def sign_at(spec: PileSpec) -> Pixel:
    """Where a pile's sign stands: in the margin above the pile."""
    return (spec.at[0], spec.at[1] - spec.size[1] // 2 - MARGIN // 2)
