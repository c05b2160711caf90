"""Counter faces as SVG, drawn from their templates: fronts, backs, block steps.

Which faces a counter has:

* ``front``, always;
* ``back`` unless the template's back style is 'none' (a block's colour-only back is called
  ``hidden``);
* for blocks and step-loss units (``steps`` > 1), one face per strength, ``step-1`` …
  ``step-N``: a block's label turned to that step; a unit's front at full strength and its back
  below it.

Each face is a standalone SVG of exactly the counter's size (points), deterministic, with its
text kept as text. The work is split by concern: :mod:`counter_face` (one face, back styles),
:mod:`counter_elements` (template elements to pieces), :mod:`counter_layout` (rows and slots),
:mod:`counter_edges` (stripes, dots, step numbers), :mod:`counter_pieces` (texts, symbols,
icons, images), :mod:`counter_text` (fitting, and :class:`CounterLayoutError`) and
:mod:`counter_paint` (colours, shapes).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from toolkit.model import Game
from toolkit.model.counter import Counter, Face, Scalar, Template
from toolkit.render.counters.face import FacePlan, draw_face
from toolkit.render.counters.text import MIN_TEXT_PT, CounterLayoutError

__all__ = ["MIN_TEXT_PT", "CounterLayoutError", "counter_faces", "face_plans"]

_DRAWN_BACKS = ("same", "reduced", "spent")
"""Back styles that show the unit (reduced strength): a step unit's lower steps use them."""


def counter_faces(game: Game, counter: Counter) -> list[tuple[str, str]]:
    """(face name, SVG) for each face: 'front', 'back', or one per step for blocks.

    :raises CounterLayoutError: a face cannot be drawn legibly (see its ``code``).
    """
    template = game.template(counter.template)
    return [
        (plan.name, draw_face(game, counter, template, plan))
        for plan in face_plans(counter, template)
    ]


def face_plans(counter: Counter, template: Template) -> list[FacePlan]:
    """The faces a counter has, in output order."""
    steps = counter.steps
    style = template.back.style
    plans = [FacePlan("front", counter.front, "front", steps)]
    if style != "none" and counter.back is not None:
        name = "hidden" if style == "hidden" and template.shape == "block" else "back"
        plans.append(FacePlan(name, counter.back, style, max(steps - 1, 1)))
    if template.shape == "block" or steps > 1:
        plans.extend(_step_plans(counter, template))
    return plans


def _step_plans(counter: Counter, template: Template) -> list[FacePlan]:
    """'step-1' … 'step-N'. A block shows its front at every step (only its step numbers
    turn). A step-loss unit shows its front at full strength, its back one step down, and
    below that the back reduced again by the template's derive rules for each lost step (a
    strength shown as dots loses one dot per step with 'minus-one')."""
    steps, style = counter.steps, template.back.style
    lower = (
        counter.back
        if counter.back is not None and style in _DRAWN_BACKS and template.shape != "block"
        else None
    )
    if lower is None:
        return [FacePlan(f"step-{k}", counter.front, "front", k) for k in range(1, steps + 1)]
    plans = [FacePlan(f"step-{steps}", counter.front, "front", steps)]
    face = lower
    for step in range(steps - 1, 0, -1):
        plans.append(FacePlan(f"step-{step}", face, style, step))
        face = Face(face.name, MappingProxyType(reduce_values(template, face.values)))
    return sorted(plans, key=lambda plan: plan.step)


def reduce_values(template: Template, values: Mapping[str, Scalar]) -> dict[str, Scalar]:
    """``values`` reduced once more by the template's back derive rules (as the loader derives
    the back from the front): halve, halve-up, minus-one, or a fixed value."""
    reduced = dict(values)
    for name, rule in template.back.derive.items():
        value = values.get(name)
        if isinstance(rule, Mapping):
            reduced[name] = rule.get("value")
        elif isinstance(value, int | float) and not isinstance(value, bool):
            reduced[name] = {
                "halve": value // 2,
                "halve-up": -(-value // 2),
                "minus-one": max(value - 1, 0),
            }.get(str(rule), value)
    return reduced
