"""A card's face and back as standalone SVGs at trim size, with the card's rounded corners.

Everything is placed by the template's areas (shares of the card), so a layout reads the same
on every card of the template; texts are shrunk to fit their area and kept inside the safe
zone (:data:`SAFE`, 3 mm inside the cut), where an imprecise cut cannot touch them. Colour
words 'faction' and 'side' are the card's owner's colour: its faction's, else its side's.

The kit prints cards with bleed: :func:`card_ground` draws what lies under a face (its ground
and the bands along its edges) carried past the cut, to be printed beneath the face's drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.catalogue import ENGLISH, Words, words
from toolkit.model import Game
from toolkit.model.card import (
    BODY_FLOOR,
    DEFAULT_FRONT,
    MM,
    Card,
    CardBack,
    CardElement,
    CardTemplate,
)
from toolkit.model.counter import Scalar
from toolkit.model.values import contrasting_text
from toolkit.render.cards.shapes import (
    Rect,
    clip_polygon,
    flat_paths,
    polygon_d,
    rounded_outline,
)
from toolkit.render.cards.text import (
    CardWhere,
    Paragraph,
    block_too_long,
    body_height,
    body_svg,
    fit_block,
    fit_body,
    flow_body,
    parse_body,
)
from toolkit.render.counters.pieces import IconPiece, ImagePiece, SymbolPiece, load_image
from toolkit.render.counters.text import (
    LEADING,
    fill_placeholders,
    format_value,
    shown_text,
    text_svg,
)
from toolkit.render.fonts import font_metrics
from toolkit.render.svg import attrs, fmt, svg_document
from toolkit.render.symbols import parse_icon, parse_unit_type

SAFE = 3 * MM
"""How far inside the cut every text stays: the safe zone printers ask for."""
TITLE_SIZE = 14.0
BODY_SIZE = 9.5
TEXT_SIZE = 9.0
"""Largest sizes (points) of a title, a body and a line of text when the element gives none."""
DISC_SHARE = 0.13
"""A disc's diameter as a share of the card's smaller side."""
DISC_TEXT = 0.5
"""A disc's number as a share of its diameter."""
DISC_GAP = 3.0
"""Points kept between a disc and a text beside it."""
BAND_SHARE = 0.12
"""Depth of a band along an edge, as a share of the card's side across it."""
BORDER_WIDTH = 1.2
FRAME_INSET = 0.09
"""A back's frame, inset by this share of the card's smaller side."""
LABEL_SHARE = 0.11
"""The largest size of a back's label, as a share of the card's width."""


@dataclass(frozen=True, slots=True)
class _Side:
    """One side of one card being drawn: everything its elements need."""

    card: Card
    template: CardTemplate
    where: CardWhere
    ground: str
    ink: str
    owner: tuple[str, str] | None
    """The owner's colour and the ink that reads on it."""
    values: Mapping[str, Scalar]
    discs: tuple[Rect, ...] = ()
    """The boxes of the side's discs, which texts keep clear of."""
    say: Words = ENGLISH
    """The game's words: how a value is written (decimal point, yes/no)."""

    @property
    def w(self) -> float:
        return self.template.width

    @property
    def h(self) -> float:
        return self.template.height

    def colour(self, value: str | None, default: str) -> str:
        """A colour as written, 'faction'/'side' as the owner's colour; ``default`` for None."""
        if value is None:
            return default
        if value in ("faction", "side"):
            return self.owner[0] if self.owner else self.ink
        return value

    def area(self, element: CardElement, safe: bool) -> Rect:
        """The element's area in points; a text's kept inside the safe zone."""
        left, top, width, height = element.box
        rect = (left * self.w, top * self.h, (left + width) * self.w, (top + height) * self.h)
        if not safe:
            return rect
        return (
            max(rect[0], SAFE),
            max(rect[1], SAFE),
            min(rect[2], self.w - SAFE),
            min(rect[3], self.h - SAFE),
        )

    def text_area(self, element: CardElement) -> Rect:
        """A text's area inside the safe zone, cut back on the side of a disc it runs into (a
        title beside a corner number), so the two never touch."""
        left, top, right, bottom = self.area(element, safe=True)
        for d_left, d_top, d_right, d_bottom in self.discs:
            apart = d_left - DISC_GAP >= right or d_right + DISC_GAP <= left
            if apart or d_top >= bottom or d_bottom <= top:
                continue
            if d_left + d_right > left + right:  # the disc is on the right half of the text
                right = min(right, d_left - DISC_GAP)
            else:
                left = max(left, d_right + DISC_GAP)
        return left, top, right, bottom


def owner_colours(game: Game, card: Card) -> tuple[str, str] | None:
    """The card's owner's colour and the ink that reads on it: its faction's, else its side's."""
    if card.faction is not None:
        faction = game.faction(card.faction)
        return faction.color, faction.text_color
    if card.side is not None:
        colour = game.side(card.side).color
        return colour, contrasting_text(colour)
    return None


def card_back(game: Game, card: Card) -> CardBack:
    """The card's back: its own back's parts over its template's; the label, when neither
    gives one, is the name of the first deck holding the card."""
    template = game.card_template(card.template)
    own, shared = card.back or CardBack(), template.back
    label = own.label or shared.label
    if not label:
        label = next((d.name for d in game.decks if card.id in d.all_cards), "")
    return CardBack(
        own.elements if own.elements is not None else shared.elements,
        own.background or shared.background or template.background,
        label,
        own.image or shared.image,
    )


def _side(game: Game, card: Card, side: str, ground_word: str) -> _Side:
    template = game.card_template(card.template)
    owner = owner_colours(game, card)
    if ground_word in ("faction", "side"):
        ground, ink = owner if owner else ("#ffffff", "#000000")
    else:
        ground, ink = ground_word, contrasting_text(ground_word)
    builtins: dict[str, Scalar] = {
        "id": card.id,
        "name": card.name,
        "title": card.title,
        "faction": card.faction or "",
        "side": card.side or "",
        "count": card.count,
        "cite": card.cite,
    }
    where = CardWhere(card.id, template.id, side)
    drawn = _Side(card, template, where, ground, ink, owner, {**builtins, **card.values})
    if side == "front":
        elements = template.front or DEFAULT_FRONT
    else:
        elements = card_back(game, card).elements or ()
    discs = []
    for element in elements:
        if element.draw == "disc":
            cx, cy, diameter = _disc_circle(drawn, element)
            r = diameter / 2
            discs.append((cx - r, cy - r, cx + r, cy + r))
    return replace(drawn, discs=tuple(discs), say=words(game.language))


def draw_front(game: Game, card: Card) -> str:
    """The card's face at trim size.

    :raises CardLayoutError: a text does not fit its area at its floor, a picture cannot be
        drawn.
    """
    template = game.card_template(card.template)
    side = _side(game, card, "front", template.background)
    body = [_ground(side)]
    body += [_element(side, i, e) for i, e in enumerate(template.front or DEFAULT_FRONT)]
    body.append(_border(side))
    return svg_document(side.w, side.h, "".join(body), title=f"{card.name} (front)")


def draw_back(game: Game, card: Card) -> str:
    """The card's back at trim size: its image, its elements, or its label in a frame.

    :raises CardLayoutError: as :func:`draw_front`.
    """
    back = card_back(game, card)
    side = _side(game, card, "back", back.background or "#ffffff")
    body = [_ground(side)]
    if back.image is not None:
        body.append(_image_fill(side, back.image))
    elif back.elements is not None:
        body += [_element(side, i, e) for i, e in enumerate(back.elements)]
    else:
        body.append(_label_frame(side, back.label))
    body.append(_border(side))
    # Named by its label, not by its card: the backs of a deck are then the very same drawing
    # (rasterised and embedded once), and a back says nothing of the card on its other side.
    return svg_document(side.w, side.h, "".join(body), title=f"{back.label or 'Card'} (back)")


def card_ground(game: Game, card: Card, which: str, bleed: float, turned: bool = False) -> str:
    """What lies under a side of the card, carried ``bleed`` points past the cut on every
    edge: its ground, and its bands that run along an edge. The document is the trim size
    plus the bleed around it; the side's own drawing goes over it at (bleed, bleed).
    ``turned``: upside down, for a back printed turned (short-edge duplex)."""
    template = game.card_template(card.template)
    if which == "front":
        side = _side(game, card, "front", template.background)
        elements = template.front or DEFAULT_FRONT
    else:
        back = card_back(game, card)
        side = _side(game, card, "back", back.background or "#ffffff")
        elements = back.elements or () if back.image is None else ()
    w, h = side.w + 2 * bleed, side.h + 2 * bleed
    regions: list[tuple[Rect, str]] = [((0.0, 0.0, w, h), side.ground)]
    for element in elements:
        if element.draw != "band":
            continue
        left, top, right, bottom = _band_rect(side, element)
        edge = 0.5
        rect = (
            0.0 if left <= edge else left + bleed,
            0.0 if top <= edge else top + bleed,
            w if right >= side.w - edge else right + bleed,
            h if bottom >= side.h - edge else bottom + bleed,
        )
        if rect == (left + bleed, top + bleed, right + bleed, bottom + bleed):
            continue  # touches no edge: the face draws it whole
        regions.append((rect, side.colour(element.background or "side", side.ink)))
    out = [f"<path{attrs(d=d, fill=fill)}/>" for fill, d in flat_paths(regions).items()]
    body = "".join(out)
    if turned:
        body = f'<g transform="rotate(180 {fmt(w / 2)} {fmt(h / 2)})">{body}</g>'
    return svg_document(w, h, body)


# -- shapes ------------------------------------------------------------------------------------


def _ground(side: _Side) -> str:
    radius = side.template.corner or None
    rect = attrs(x=0, y=0, width=side.w, height=side.h, rx=radius, fill=side.ground)
    return f"<rect{rect}/>"


def _border(side: _Side) -> str:
    colour = side.template.border
    if not colour:
        return ""
    inset = BORDER_WIDTH / 2
    rect = attrs(
        x=inset,
        y=inset,
        width=side.w - 2 * inset,
        height=side.h - 2 * inset,
        rx=max(side.template.corner - inset, 0.0) or None,
        fill="none",
        stroke=colour,
        stroke_width=BORDER_WIDTH,
    )
    return f"<rect{rect}/>"


# -- elements ----------------------------------------------------------------------------------


def _element(side: _Side, index: int, element: CardElement) -> str:
    here = CardWhere(side.where.card_id, side.where.template_id, side.where.side, index)
    drawn = _DRAW[element.draw](side, here, element)
    return drawn


def _title(side: _Side, where: CardWhere, element: CardElement) -> str:
    text = shown_text(side.card.title)
    return _block(side, where, element, text, TITLE_SIZE, True, "center", "title")


def _text(side: _Side, where: CardWhere, element: CardElement) -> str:
    text = shown_text(_content(side, element))
    return _block(side, where, element, text, TEXT_SIZE, element.bold, "center", "")


def _content(side: _Side, element: CardElement) -> str:
    if element.text is not None:
        return fill_placeholders(element.text, side.values, side.say)
    if element.field is not None:
        return format_value(side.values.get(element.field), side.say)
    return ""


def _block(
    side: _Side,
    where: CardWhere,
    element: CardElement,
    text: str,
    size: float,
    bold: bool,
    align: str,
    subject: str,
) -> str:
    """A title or a line of text, centred in its area's height, shrunk to fit on two lines."""
    if not text:
        return ""
    left, top, right, bottom = side.text_area(element)
    floor = element.min_size or BODY_FLOOR
    setting = fit_block(text, element.size or size, floor, bold, right - left, bottom - top)
    if setting is None:
        raise block_too_long(where, text, floor, right - left, bottom - top, subject)
    align = element.align or align
    x = {"left": left, "center": (left + right) / 2, "right": right}[align]
    anchor = {"left": "start", "center": "middle", "right": "end"}[align]
    y = top + (bottom - top - setting.h) / 2
    return text_svg(setting, x, y, anchor, side.colour(element.color, side.ink))


def _body(side: _Side, where: CardWhere, element: CardElement) -> str:
    """The card's text, flowed from the top of its area and shrunk as a whole to fit."""
    paragraphs = parse_body(side.card.text)
    if not paragraphs:
        return ""
    left, top, right, bottom = side.text_area(element)
    w, h = right - left, bottom - top
    floor = element.min_size or BODY_FLOOR
    flowed = fit_body(paragraphs, max(element.size or BODY_SIZE, floor), floor, w, h)
    if flowed is None:
        raise where.error("card.text-too-long", _overflow(paragraphs, floor, w, h), "text")
    colour = side.colour(element.color, side.ink)
    return body_svg(flowed, left, top, w, element.align or "left", colour)


def _overflow(paragraphs: tuple[Paragraph, ...], floor: float, w: float, h: float) -> str:
    """Why a body does not fit at its floor, in the designer's terms."""
    flowed = flow_body(paragraphs, floor, w)
    if flowed is None:
        return (
            f"a word of its text is wider than the body's area ({w:.1f}pt) even at {floor:g}pt;"
            " shorten the word or widen the area"
        )
    ascent, descent = font_metrics(floor)
    room = max(0, int((h - ascent - descent) / (LEADING * floor)) + 1)
    needed = body_height(flowed.lines, len(paragraphs), floor)
    return (
        f"its text needs {flowed.lines} lines ({needed:.1f}pt) at the smallest size, {floor:g}pt,"
        f" but the body's area is {h:.1f}pt high (about {room} lines); shorten the text or give"
        " the body a larger area"
    )


def _band_rect(side: _Side, element: CardElement) -> Rect:
    """A band's rectangle: its area, else a strip along its edge."""
    if element.area is not None:
        return side.area(element, safe=False)
    depth_h, depth_w = BAND_SHARE * side.h, BAND_SHARE * side.w
    return {
        "bottom": (0.0, side.h - depth_h, side.w, side.h),
        "left": (0.0, 0.0, depth_w, side.h),
        "right": (side.w - depth_w, 0.0, side.w, side.h),
    }.get(element.edge or "top", (0.0, 0.0, side.w, depth_h))


def _band(side: _Side, where: CardWhere, element: CardElement) -> str:
    """A colour band, cut to the card's rounded outline; its text (if any) centred on it."""
    rect = _band_rect(side, element)
    fill = side.colour(element.background or "side", side.ink)
    outline = clip_polygon(rounded_outline(side.w, side.h, side.template.corner), rect)
    out = f"<path{attrs(d=polygon_d(outline), fill=fill)}/>"
    if element.text:
        text = shown_text(fill_placeholders(element.text, side.values, side.say))
        placed = CardElement(
            "text",
            _share(side, rect),
            size=element.size,
            bold=element.bold,
            align=element.align,
            min_size=element.min_size,
            color=element.color or contrasting_text(fill),
        )
        out += _block(side, where, placed, text, TEXT_SIZE, element.bold, "center", "")
    return out


def _share(side: _Side, rect: Rect) -> tuple[float, float, float, float]:
    left, top, right, bottom = rect
    return (left / side.w, top / side.h, (right - left) / side.w, (bottom - top) / side.h)


def _disc_circle(side: _Side, element: CardElement) -> tuple[float, float, float]:
    """A disc's centre and diameter: in its area, else in its corner inside the safe zone."""
    if element.area is not None:
        left, top, right, bottom = side.area(element, safe=True)
        return (left + right) / 2, (top + bottom) / 2, min(right - left, bottom - top)
    diameter = DISC_SHARE * min(side.w, side.h)
    r = SAFE + diameter / 2
    cx = side.w - r if element.at.endswith("right") else r
    cy = side.h - r if element.at.startswith("bottom") else r
    return cx, cy, diameter


def _disc(side: _Side, where: CardWhere, element: CardElement) -> str:
    """A number in a circle, in a corner (inside the safe zone) or centred in its area."""
    text = shown_text(_content(side, element))
    if not text:
        return ""
    cx, cy, diameter = _disc_circle(side, element)
    fill = side.colour(element.background, side.owner[0] if side.owner else side.ink)
    ink = side.colour(element.color, contrasting_text(fill))
    stroke = max(0.5, 0.03 * diameter)
    circle = attrs(
        cx=cx, cy=cy, r=diameter / 2 - stroke / 2, fill=fill, stroke=ink, stroke_width=stroke
    )
    room = 0.68 * diameter
    floor = element.min_size or BODY_FLOOR
    setting = fit_block(text, element.size or DISC_TEXT * diameter, floor, True, room, room, 1)
    if setting is None:
        raise block_too_long(where, text, floor, room, room)
    return f"<circle{circle}/>" + text_svg(setting, cx, cy - setting.h / 2, "middle", ink)


def _box(side: _Side, where: CardWhere, element: CardElement) -> str:
    """A framed box, its text (if any) centred in it."""
    left, top, right, bottom = side.area(element, safe=False)
    width = 0.8
    stroke = side.colour(element.color, side.ink)
    fill = side.colour(element.background, "none") if element.background else "none"
    rect = attrs(
        x=left + width / 2,
        y=top + width / 2,
        width=right - left - width,
        height=bottom - top - width,
        rx=2.0,
        fill=fill,
        stroke=stroke,
        stroke_width=width,
    )
    out = f"<rect{rect}/>"
    if element.text:
        pad = 0.08 * min(right - left, bottom - top)
        inner = (left + pad, top + pad, right - pad, bottom - pad)
        placed = CardElement(
            "text",
            _share(side, inner),
            element.text,
            size=element.size,
            min_size=element.min_size,
            bold=element.bold,
            align=element.align,
            color=element.color,
        )
        out += _text(side, where, placed)
    return out


def _picture(side: _Side, where: CardWhere, element: CardElement) -> str:
    """An icon, a NATO unit symbol or an image, as large as its area allows, centred in it."""
    value = side.values.get(element.field) if element.field else element.text
    if value is None or value == "":
        return ""
    left, top, right, bottom = side.area(element, safe=False)
    w, h = right - left, bottom - top
    colour = side.colour(element.color, side.ink)
    piece: IconPiece | SymbolPiece | ImagePiece
    try:
        if element.draw == "icon":
            piece = IconPiece(parse_icon(str(value)), max(w, h), colour)
        elif element.draw == "unit-symbol":
            parse_unit_type(str(value))
            fill = side.colour(element.background, "none") if element.background else "none"
            piece = SymbolPiece(str(value), w, colour, fill)
        else:
            path = side.card.images.get(element.field or "")
            if path is None:
                return ""
            uri, aspect = load_image(path)
            piece = ImagePiece(uri, aspect, max(w, h))
    except (OSError, ValueError) as exc:
        code = "card.bad-image" if element.draw == "image" else "card.bad-symbol"
        raise where.error(code, str(exc)) from None
    fitted = piece.fit(w, h)
    return fitted.draw((left + right) / 2, top + (h - fitted.h) / 2, "middle")


_DRAW: dict[str, Callable[[_Side, CardWhere, CardElement], str]] = {
    "title": _title,
    "body": _body,
    "text": _text,
    "band": _band,
    "disc": _disc,
    "box": _box,
    "icon": _picture,
    "unit-symbol": _picture,
    "image": _picture,
}


# -- backs -------------------------------------------------------------------------------------


def _image_fill(side: _Side, image: Path) -> str:
    """The back's image over the whole card, kept in proportion and centred."""
    try:
        uri, _aspect = load_image(image)
    except (OSError, ValueError) as exc:
        raise side.where.error("card.bad-image", str(exc)) from None
    markup = attrs(
        x=0,
        y=0,
        width=side.w,
        height=side.h,
        preserveAspectRatio="xMidYMid meet",
        xlink_href=uri,
    )
    return f"<image{markup}/>"


def _label_frame(side: _Side, label: str) -> str:
    """A frame inside the safe zone, the back's label large in the middle."""
    inset = max(SAFE, FRAME_INSET * min(side.w, side.h))
    width = 1.4
    frame = attrs(
        x=inset,
        y=inset,
        width=side.w - 2 * inset,
        height=side.h - 2 * inset,
        rx=max(side.template.corner - inset / 2, 1.0),
        fill="none",
        stroke=side.ink,
        stroke_width=width,
    )
    out = f"<rect{frame}/>"
    text = shown_text(label)
    if not text:
        return out
    pad = inset + 0.06 * side.w
    room_w, room_h = side.w - 2 * pad, side.h - 2 * pad
    setting = fit_block(text, LABEL_SHARE * side.w, BODY_FLOOR, True, room_w, room_h)
    if setting is None:
        raise block_too_long(side.where, text, BODY_FLOOR, room_w, room_h, "back/label")
    return out + text_svg(setting, side.w / 2, (side.h - setting.h) / 2, "middle", side.ink)
