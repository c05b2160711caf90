"""cards/*.json (and their CSV files) → card templates and cards.

Whether a card's text fits its template is a matter of drawing, checked with the drawing
(:mod:`toolkit.render.cards`) before a build writes anything; the loader checks everything else.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import did_you_mean
from toolkit.load.context import Context, get
from toolkit.load.counters import CsvRowSource, FieldsOf, field_values, read_csv_rows
from toolkit.load.game import colour, frozen, length
from toolkit.load.jsonsource import Source
from toolkit.model.base import Origin
from toolkit.model.card import (
    CARD_SIZES,
    DEFAULT_CORNER,
    DEFAULT_FRONT,
    Card,
    CardBack,
    CardElement,
    CardTemplate,
)
from toolkit.model.counter import FieldSpec

CARD_COLUMNS = ("id", "name", "faction", "side", "title", "text", "count", "private", "tags")
"""CSV columns every cards CSV may have besides its template's field names."""
MIN_CARD = 0.75 * 72
MAX_CARD = 12 * 72
OWNER_COLOURS = ("faction", "side")
"""Background words that mean the card's owner's colour."""


def load_card_templates(ctx: Context, source: Source, templates: dict[str, CardTemplate]) -> None:
    """Check and collect the card templates of one cards file."""
    for i, item in enumerate(source.data.get("templates", [])):
        pointer = f"/templates/{i}"
        if ctx.declare(source, "card-template", item["id"], pointer + "/id"):
            templates[item["id"]] = _template(ctx, source, item, pointer)


def load_cards(ctx: Context, source: Source, templates: dict[str, CardTemplate]) -> list[Card]:
    """Check and build the cards of one cards file, including its CSV rows."""
    set_id = source.data["id"]
    cards = []
    for i, item in enumerate(source.data.get("cards", [])):
        card = _card(ctx, source, item, f"/cards/{i}", templates, set_id)
        if card is not None:
            cards.append(card)
    for i, spec in enumerate(source.data.get("csv", [])):
        pointer = f"/csv/{i}"
        if not ctx.check_ref(source, "card-template", spec["template"], pointer + "/template"):
            continue
        template = templates[spec["template"]]
        defaults = {k: spec[k] for k in ("faction", "side") if k in spec}
        for row_source, item in read_csv_rows(
            ctx,
            source,
            spec["file"],
            pointer,
            template.id,
            list(template.fields),
            CARD_COLUMNS,
            defaults,
        ):
            card = _card(ctx, row_source, item, "", templates, set_id)
            if card is not None:
                cards.append(card)
    return cards


# -- templates -------------------------------------------------------------------------------


def _template(ctx: Context, source: Source, item: dict[str, Any], pointer: str) -> CardTemplate:
    size = item["size"]
    if isinstance(size, str):
        width, height = CARD_SIZES[size]
        if get(item, "orientation", "portrait") == "landscape":
            width, height = height, width
    else:
        width = length(ctx, source, size[0], pointer + "/size/0", 180.0)
        height = length(ctx, source, size[1], pointer + "/size/1", 252.0)
        for value, at in ((width, "/size/0"), (height, "/size/1")):
            if not MIN_CARD <= value <= MAX_CARD:
                ctx.error(
                    source,
                    "card.bad-size",
                    f"a card side of {value / 72 * 25.4:.0f} mm is outside 19–305 mm",
                    pointer + at,
                )
        width = min(max(width, MIN_CARD), MAX_CARD)
        height = min(max(height, MIN_CARD), MAX_CARD)
    corner = length(ctx, source, item.get("corner"), pointer + "/corner", DEFAULT_CORNER)
    if corner > min(width, height) / 4:
        ctx.error(
            source,
            "card.bad-corner",
            f"a corner radius of {corner / 72 * 25.4:.1f} mm is more than a quarter of the "
            "card's width; use a smaller radius (playing cards use about 3 mm)",
            pointer + "/corner",
        )
        corner = DEFAULT_CORNER
    fields = {
        name: FieldSpec(
            name,
            get(spec, "type", "text"),
            bool(spec.get("required", False)),
            spec.get("default"),
            get(spec, "description", ""),
        )
        for name, spec in item.get("fields", {}).items()
    }
    front = (
        _elements(ctx, source, item["front"], fields, pointer + "/front")
        if "front" in item
        else DEFAULT_FRONT
    )
    back = _back(ctx, source, item.get("back", {}), fields, pointer + "/back") or CardBack()
    return CardTemplate(
        item["id"],
        width,
        height,
        corner,
        _background(ctx, source, get(item, "background", "white"), pointer + "/background"),
        colour(ctx, source, item.get("border"), pointer + "/border", "") or None,
        MappingProxyType(fields),
        front,
        back,
        Origin(source.shown, pointer),
    )


def _background(ctx: Context, source: Source, value: str, pointer: str) -> str:
    """'faction', 'side' or a checked colour."""
    if value in OWNER_COLOURS:
        return value
    return colour(ctx, source, value, pointer, "#ffffff")


def _elements(
    ctx: Context,
    source: Source,
    items: list[dict[str, Any]],
    fields: dict[str, FieldSpec],
    pointer: str,
) -> tuple[CardElement, ...]:
    names = list(fields)
    elements = []
    for i, item in enumerate(items):
        here = f"{pointer}/{i}"
        field = item.get("field")
        if field is not None and field not in fields:
            ctx.error(
                source,
                "template.unknown-field",
                f"element names field {field!r}, which the template does not declare"
                f"{did_you_mean(field, names)}",
                here + "/field",
            )
            field = None
        draw = item["draw"]
        if draw in ("icon", "image", "unit-symbol") and field is None and "text" not in item:
            ctx.error(
                source,
                "template.missing-field",
                f"a {draw} element needs the field it draws",
                here,
            )
            continue
        size, floor = item.get("size"), item.get("min_size")
        if size is not None and floor is not None and floor > size:
            ctx.error(
                source,
                "card.bad-size",
                f"min_size {floor} pt is larger than size {size} pt",
                here + "/min_size",
            )
            floor = size
        area = item.get("area")
        if area is not None and (area[0] + area[2] > 1.0001 or area[1] + area[3] > 1.0001):
            ctx.error(
                source,
                "card.bad-area",
                f"area {area} runs off the card: left + width and top + height must be at most 1",
                here + "/area",
            )
            area = None
        background = item.get("background")
        if background is not None:
            background = _background(ctx, source, background, here + "/background")
        elements.append(
            CardElement(
                draw,
                tuple(area) if area is not None else None,
                item.get("text"),
                field,
                get(item, "at", "top-left"),
                size,
                floor,
                bool(item.get("bold", False)),
                item.get("align"),
                colour(ctx, source, item.get("color"), here + "/color", "") or None,
                background,
                item.get("edge"),
            )
        )
    return tuple(elements)


def _back(
    ctx: Context,
    source: Source,
    item: dict[str, Any],
    fields: dict[str, FieldSpec],
    pointer: str,
) -> CardBack | None:
    """A back as written (None when nothing is written)."""
    if not item:
        return None
    elements = (
        _elements(ctx, source, item["elements"], fields, pointer + "/elements")
        if "elements" in item
        else None
    )
    background = item.get("background")
    if background is not None:
        background = _background(ctx, source, background, pointer + "/background")
    image = ctx.image_path(source, item["image"], pointer + "/image") if "image" in item else None
    return CardBack(elements, background, get(item, "label", ""), image)


# -- cards -----------------------------------------------------------------------------------


def _card(
    ctx: Context,
    source: Source,
    item: dict[str, Any],
    pointer: str,
    templates: dict[str, CardTemplate],
    set_id: str,
) -> Card | None:
    if not ctx.declare(source, "card", item["id"], pointer + "/id"):
        return None
    if not ctx.check_ref(
        source, "card-template", item["template"], pointer + "/template", templates
    ):
        return None
    template = templates[item["template"]]
    faction = item.get("faction")
    if faction is not None and not ctx.check_ref(source, "faction", faction, pointer + "/faction"):
        faction = None
    side = item.get("side")
    if side is not None and not ctx.check_ref(source, "side", side, pointer + "/side"):
        side = None
    uses_owner = template.background in OWNER_COLOURS or any(
        e.background in OWNER_COLOURS for e in template.front
    )
    if uses_owner and faction is None and side is None:
        ctx.error(
            source,
            "card.no-owner",
            f"card {item['id']!r} has no faction or side, but template {template.id!r} is "
            "coloured by its owner; give a faction or a side, or a template colour",
            pointer,
        )
    images: dict[str, Path] = {}
    fields = FieldsOf("card", "card template", template.id, template.fields)
    values = field_values(
        ctx,
        source,
        fields,
        item.get("values", {}),
        pointer + "/values",
        images,
        with_defaults=True,
        missing_at=pointer,
    )
    back = _back(ctx, source, item.get("back", {}), dict(template.fields), pointer + "/back")
    title = get(item, "title", "")
    return Card(
        id=item["id"],
        name=item.get("name") or title or item["id"],
        template=template.id,
        title=title,
        text=get(item, "text", ""),
        faction=faction,
        side=side,
        count=item.get("count", 1),
        private=bool(item.get("private", False)),
        values=MappingProxyType(values),
        back=back,
        cite=get(item, "cite", ""),
        tags=frozenset(item.get("tags", [])),
        properties=frozen(item.get("properties")),
        set_id=set_id,
        images=MappingProxyType(images),
        origin=_origin(source, pointer),
    )


def _origin(source: Source, pointer: str) -> Origin:
    """Where a card is written: a pointer in its JSON file, or the line of its CSV row."""
    if isinstance(source, CsvRowSource):
        return Origin(source.shown, "", source.line)
    return Origin(source.shown, pointer)
