"""Counter faces as SVG from their templates (to be drawn)."""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.render.svg import svg_document


def counter_faces(game: Game, counter: Counter) -> list[tuple[str, str]]:
    """(face name, SVG) for each face: 'front', 'back', or one per step for blocks."""
    return [("front", svg_document(36, 36, "", title=counter.name))]
