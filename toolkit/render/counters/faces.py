"""Counter faces as SVG, drawn from their templates: fronts, backs, block steps.

Which faces a counter has, and what each shows, the model decides
(:func:`toolkit.model.faces.derive_faces`); this draws each of ``counter.faces``.

Each face is a standalone SVG of exactly the counter's size (points), deterministic, with its
text kept as text. The work is split by concern: :mod:`counter_face` (one face, back styles),
:mod:`counter_elements` (template elements to pieces), :mod:`counter_layout` (rows and slots),
:mod:`counter_edges` (stripes, dots, step numbers), :mod:`counter_pieces` (texts, symbols,
icons, images), :mod:`counter_text` (fitting, and :class:`CounterLayoutError`) and
:mod:`counter_paint` (colours, shapes).
"""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.render.counters.face import draw_face
from toolkit.render.counters.text import MIN_TEXT_PT, CounterLayoutError

__all__ = ["MIN_TEXT_PT", "CounterLayoutError", "counter_faces"]


def counter_faces(game: Game, counter: Counter) -> list[tuple[str, str]]:
    """(face id, SVG) for each face, in the model's order: 'front', 'back' or 'hidden', then one
    per step for blocks and step-loss units.

    :raises CounterLayoutError: a face cannot be drawn legibly (see its ``code``).
    """
    template = game.template(counter.template)
    return [(face.id, draw_face(game, counter, template, face)) for face in counter.faces]
