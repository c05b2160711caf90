"""Which faces a counter has and what each shows, worked out once from its template.

Every counter has:

* ``front``, at full strength;
* a back unless the template's back style is 'none': ``back``, or ``hidden`` for a block whose
  back style is 'hidden' (the colour-only side its owner turns towards the enemy);
* for blocks and step-loss units (``steps`` > 1), one face per strength, ``step-1`` …
  ``step-N``. A block shows its front at every step (only its step numbers turn). A step-loss
  unit shows its front at full strength, its back one step down, and below that the back
  reduced again by the template's derive rules for each lost step (a strength shown as dots
  loses one dot per step with 'minus-one').

The ids are the names of the drawings (``<counter>-<face>.svg``), so they never change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from toolkit.model.counter import EMPTY, Face, Scalar, Template

DERIVE_RULES = ("halve", "halve-up", "minus-one")
"""The named derive rules; a rule may also be ``{"value": …}``, a fixed value."""

_DRAWN_BACKS = ("same", "reduced", "spent")
"""Back styles that show the unit (reduced strength): a step unit's lower steps use them."""


def derive_faces(
    template: Template,
    *,
    name: str,
    values: Mapping[str, Scalar],
    steps: int = 1,
    back_name: str | None = None,
    back_values: Mapping[str, Scalar] = EMPTY,
) -> tuple[Face, ...]:
    """Every face of a counter, in drawing order: front, its back, then step-1 … step-N.

    ``values`` are the front's; the back gets them with the template's derive rules applied,
    then ``back_values`` (what the counter gives for its back) over them.

    :raises ValueError: a derive rule the template schema does not allow.
    """
    front = Face(
        id="front",
        side="front",
        step=steps,
        style="front",
        name=name,
        values=MappingProxyType(dict(values)),
    )
    faces = [front]
    style = template.back.style
    back: Face | None = None
    if style != "none":
        derived = {**derive_values(template, values), **back_values}
        face_id = "hidden" if style == "hidden" and template.shape == "block" else "back"
        back = Face(
            id=face_id,
            side="back",
            step=max(steps - 1, 1),
            style=style,
            name=name if back_name is None else back_name,
            values=MappingProxyType(derived),
        )
        faces.append(back)
    if template.shape == "block" or steps > 1:
        faces.extend(_step_faces(template, front, back, steps))
    return tuple(faces)


def _step_faces(template: Template, front: Face, back: Face | None, steps: int) -> list[Face]:
    """'step-1' … 'step-N', lowest first (see the module's docstring)."""
    if back is None or back.style not in _DRAWN_BACKS or template.shape == "block":
        return [replace(front, id=f"step-{k}", step=k) for k in range(1, steps + 1)]
    faces = [replace(front, id=f"step-{steps}")]
    lower = back
    for step in range(steps - 1, 0, -1):
        faces.append(replace(lower, id=f"step-{step}", step=step))
        lower = replace(lower, values=MappingProxyType(derive_values(template, lower.values)))
    return sorted(faces, key=lambda face: face.step)


def derive_values(template: Template, values: Mapping[str, Scalar]) -> dict[str, Scalar]:
    """``values`` one step down: the template's back derive rules applied once.

    'halve' rounds down, 'halve-up' rounds up, 'minus-one' stops at 0, ``{"value": v}`` sets
    ``v``; the named rules leave a value that is not a number as it is.

    :raises ValueError: a rule that is none of these.
    """
    derived = dict(values)
    for field_name, rule in template.back.derive.items():
        if isinstance(rule, Mapping):
            derived[field_name] = rule.get("value")
            continue
        if rule not in DERIVE_RULES:
            raise ValueError(
                f"template {template.id!r}: derive rule {rule!r} for {field_name!r} is not one "
                f"of {', '.join(DERIVE_RULES)} or {{'value': …}}"
            )
        value = values.get(field_name)
        if isinstance(value, int | float) and not isinstance(value, bool):
            derived[field_name] = _apply(str(rule), value)
    return derived


def _apply(rule: str, value: float) -> float:
    """One named derive rule applied to a number."""
    if rule == "halve":
        return value // 2
    if rule == "halve-up":
        return -(-value // 2)
    return max(value - 1, 0)
