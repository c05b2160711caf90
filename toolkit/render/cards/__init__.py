"""Cards as SVG: each card's face and back at trim size (see :mod:`toolkit.render.cards.face`)."""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.card import Card
from toolkit.render.cards.face import card_back, card_ground, draw_back, draw_front, owner_colours
from toolkit.render.cards.text import CardLayoutError

__all__ = [
    "CardLayoutError",
    "card_back",
    "card_ground",
    "card_sides",
    "draw_back",
    "draw_front",
    "owner_colours",
]


def card_sides(game: Game, card: Card) -> tuple[str, str]:
    """The card's face and back as SVG, both at its trim size.

    :raises CardLayoutError: a side cannot be drawn legibly (see its ``code``).
    """
    return draw_front(game, card), draw_back(game, card)
