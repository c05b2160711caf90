"""One face of a counter as a standalone SVG: ground, back band, elements, border.

Back styles change only what this module decides: the colours (a spent face washed towards
grey), a mark (reduced: a stripe across the middle, behind the unchanged layout, so the back
matches the front; spent: a band along the top edge with 'SPENT' or the back's label, as has a
reduced back with a label), or the whole content (generic: the faction's national back; hidden:
colour only, unless the template gives the hidden side elements of its own, as a chit's value).

Every back keeps its owner's identity: a spent face keeps a trace of its colour in the ground
and carries its band in the full colour, and a reduced back on a ground of another colour (a
template's grey back) carries its stripe in the faction's colour, so flipped stacks of different
nations still differ.
"""

from __future__ import annotations

from toolkit.catalogue import words
from toolkit.model import Faction, Game
from toolkit.model.counter import Counter, Face, Scalar, Template
from toolkit.model.values import colour_luminance, contrasting_text
from toolkit.render.counters.edges import EdgeItem, Frame, StripeItem, stack_edges
from toolkit.render.counters.elements import Across, FaceInput, FaceItems, element_items
from toolkit.render.counters.layout import Box, RowLayout, Slotted
from toolkit.render.counters.paint import Outline, Paint, greyed, mix
from toolkit.render.counters.pieces import TextPiece
from toolkit.render.counters.text import (
    MIN_TEXT_PT,
    PRINT_TEXT_PT,
    Where,
    fit_text,
    shown_text,
)
from toolkit.render.svg import attrs, svg_document

MARGIN = 0.065
"""Distance kept from the cut for text and symbols, as a share of the smaller side."""
ROUND_MARGIN = 0.05
GAP = 0.04
"""Space between neighbouring elements, as a share of the smaller side."""
BORDER = 0.014
BAND_SHARE = 0.1
"""Least depth of a back's band, as a share of the smaller side."""
BAND_TEXT = 0.12
"""Size of the word on a back's band, as a share of the smaller side (at least
:data:`PRINT_TEXT_PT`)."""
GENERIC_TITLE = 0.36
GENERIC_NAME = 0.13
REDUCED_STRIPE = 0.34
"""Depth of a reduced back's stripe across the middle, as a share of the height."""
SPENT_BAND = "#3c3c3c"
"""The band of a spent face that has no colour of its own to show (white or black ground)."""
SPENT_HUE = 0.3
"""How much of its colour a spent face's ground keeps, the rest being its grey: enough to tell
nations apart in a stack, little enough that the face still reads as spent."""


def draw_face(game: Game, counter: Counter, template: Template, face: Face) -> str:
    """The SVG of one face, exactly the counter's size.

    :raises CounterLayoutError: a text cannot be set at 5 pt, a block shows more than four
        steps, an image cannot be embedded.
    """
    faction = game.faction(counter.faction) if counter.faction else None
    outline = Outline(template.shape, template.width, template.height)
    smaller = min(template.width, template.height)
    paint = face_paint(template, faction, face.style, counter.back_background)
    border_width = max(0.5, BORDER * smaller)
    border = paint.tone(template.border) if template.border else None
    layout = "back" if face.style != "front" and template.back.elements is not None else "front"
    where = Where(counter.id, template.id, counter.set_id, face.id, layout)
    filter_id = f"grey-{counter.id}-{face.id}" if paint.grey and counter.images else None
    body = [outline.fill_svg(paint.background, None, 0.0)]
    if face.style != "hidden" or template.back.elements:
        drawn = FaceInput(
            face_values(counter, faction, face),
            paint,
            outline,
            where,
            face.step,
            counter.steps,
            counter.images,
            filter_id,
            words(game.language),
        )
        elements = template.front if layout == "front" else template.back.elements or ()
        items = (
            generic_items(counter, faction, template, drawn)
            if face.style == "generic"
            else element_items(elements, drawn)
        )
        if face.style == "reduced" and not template.back.label:
            # Behind everything, across the middle: the layout stays exactly the front's.
            items.across.insert(
                0, Across(-3, "middle", REDUCED_STRIPE * template.height, reduced_fill(paint))
            )
        body.append(_content(items, drawn, _band(template, face.style, paint, where, smaller)))
    if border:
        body.append(outline.border_svg(border, border_width))
    defs = (
        f'<filter id="{filter_id}"><feColorMatrix type="saturate" values="0"/></filter>'
        if filter_id
        else ""
    )
    return svg_document(
        template.width,
        template.height,
        "".join(body),
        defs,
        title=f"{face.name} ({face.id})",
    )


def face_paint(
    template: Template, faction: Faction | None, style: str, back_background: str | None = None
) -> Paint:
    """Ground and ink of a face: the faction's colours on a faction-coloured face, otherwise
    black or white on the template's colour; on a spent face, greys that keep a trace of the
    colour and still contrast. ``back_background`` is the counter's own back colour, which wins
    over the template's on every back face."""
    ground = template.background
    if style in ("generic", "hidden"):
        ground = back_background or template.back.background or "faction"
    elif style != "front" and (back_background or template.back.background):
        ground = back_background or template.back.background or ground
    if ground == "faction" and faction is None:
        ground = template.background if template.background != "faction" else "#ffffff"
    if ground == "faction" and faction is not None:
        colour, ink = faction.color, faction.text_color
    else:
        colour, ink = ground, contrasting_text(ground)
    # Whose piece it is: the faction's colours, unless the counter chose its own back colour.
    identity = (colour, ink)
    if faction is not None and not back_background and ground != "faction":
        identity = (faction.color, faction.text_color)
    if style == "spent":
        # Greys squeeze colours together: the ink is chosen again against the washed ground.
        washed = mix(greyed(colour), colour, SPENT_HUE)
        return Paint(washed, greyed(contrasting_text(washed)), grey=True, identity=identity)
    if style == "reduced" and identity != (colour, ink):
        return Paint(colour, ink, identity=identity)
    return Paint(colour, ink)


def face_values(counter: Counter, faction: Faction | None, face: Face) -> dict[str, Scalar]:
    """The face's field values plus the built-in placeholders; a template's own field of the
    same name wins."""
    builtins: dict[str, Scalar] = {
        "id": counter.id,
        "name": face.name,
        "faction": counter.faction or "",
        "faction_name": faction.name if faction else "",
        "faction_abbreviation": (faction.abbreviation or faction.name) if faction else "",
        "class": counter.class_ or "",
        "steps": face.step,
    }
    return {**builtins, **face.values}


def _band(
    template: Template, style: str, paint: Paint, where: Where, smaller: float
) -> StripeItem | None:
    """The band a spent back (or a reduced back with a label) carries along its top edge."""
    label = template.back.label or ("SPENT" if style == "spent" else "")
    if style not in ("reduced", "spent") or not label:
        return None
    fill, ink = spent_band(paint) if style == "spent" else (reduced_fill(paint), "")
    if style == "reduced" and paint.identity is not None:
        fill, ink = paint.identity
    piece = TextPiece(
        shown_text(label),
        max(BAND_TEXT * smaller, PRINT_TEXT_PT),
        True,
        ink or contrasting_text(fill),
        where.at(None),
    )
    return StripeItem("top", BAND_SHARE * smaller, fill, piece)


def spent_band(paint: Paint) -> tuple[str, str]:
    """Fill and ink of a spent face's band: the owner's colour at full strength, as on its
    front, unless that colour is a plain white or black ground that would not read as a band."""
    if paint.identity is None or paint.identity[0] in ("#ffffff", "#000000"):
        fill = paint.tone(SPENT_BAND)
        return fill, contrasting_text(fill)
    return paint.identity


def reduced_fill(paint: Paint) -> str:
    """The reduced-strength stripe: a pale band under dark ink, a deep one under light ink, so
    it stands out from the ground and the ink stays readable on it; on a back whose ground is
    not its owner's colour, the owner's colour."""
    if paint.identity is not None and not paint.grey:
        return paint.identity[0]
    if colour_luminance(paint.ink) < 0.5:
        return mix(paint.background, "#ffffff", 0.72)
    return mix(paint.background, "#000000", 0.5)


def _content(items: FaceItems, face: FaceInput, band: StripeItem | None) -> str:
    """Edge items first (they take their strips), then rows in what is left; drawings come out
    in template order so later elements paint over earlier ones."""
    smaller = min(face.outline.w, face.outline.h)
    margin = (ROUND_MARGIN if face.outline.shape == "round" else MARGIN) * smaller
    frame = Frame(face.outline, margin, GAP * smaller)
    edges: list[EdgeItem] = ([band] if band else []) + items.edges
    insets, edge_draws = stack_edges(edges, frame)
    box = Box(
        insets["left"],
        insets["top"],
        face.outline.w - insets["right"],
        face.outline.h - insets["bottom"],
    )
    rows = RowLayout(items.rows, box, frame)
    drawings = rows.run()
    out = [edge_draws[0]()] if band else []
    offset = 1 if band else 0
    for i, index in enumerate(items.edge_index):
        drawings[index] = edge_draws[i + offset]()
    for stripe in items.across:
        drawings[stripe.index] = _across(
            stripe, rows.centres.get(stripe.row, face.outline.h / 2), face.outline, margin
        )
    out.extend(drawings[i] for i in sorted(drawings))
    return "".join(out)


def _across(stripe: Across, cy: float, outline: Outline, margin: float) -> str:
    """A stripe across the counter centred on ``cy``, with its label (if any) in the middle."""
    y0, y1 = cy - stripe.thickness / 2, cy + stripe.thickness / 2
    band = f"<path{attrs(d=outline.band_d('top', y0, y1), fill=stripe.fill)}/>"
    if stripe.label is None:
        return band
    lo, hi = outline.span(y0, y1, margin)
    fitted = stripe.label.fit(hi - lo, stripe.thickness)
    return band + fitted.draw((lo + hi) / 2, cy - fitted.h / 2, "middle")


def generic_items(
    counter: Counter, faction: Faction | None, template: Template, face: FaceInput
) -> FaceItems:
    """A national back: the faction's abbreviation large in the middle, its name (or the
    back's label) small below, on the faction's colour. Custom back elements add to it."""
    items = element_items(template.back.elements or (), face)
    smaller = min(face.outline.w, face.outline.h)
    if faction is not None:
        title = faction.abbreviation or faction.name
        second = template.back.label or (faction.name if faction.abbreviation else "")
    else:
        title, second = counter.name, template.back.label
    title, second = shown_text(title), shown_text(second)
    where = face.where.at(None)
    room = smaller * (1 - 2 * MARGIN)
    if fit_text(title, MIN_TEXT_PT, True, room, room) is None:
        raise where.error(
            "counter.text-too-long",
            f"{title!r} does not fit on the generic back even at {MIN_TEXT_PT:g}pt;"
            " give the faction a short 'abbreviation'",
        )
    items.slot(
        Slotted(
            -2, TextPiece(title, GENERIC_TITLE * smaller, True, face.paint.ink, where), "center"
        )
    )
    if second:
        items.slot(
            Slotted(
                -1,
                TextPiece(
                    second, GENERIC_NAME * smaller, True, face.paint.ink, where, optional=True
                ),
                "lower",
            )
        )
    return items
