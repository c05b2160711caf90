"""counters/*.json (and their CSV files) → templates and counters with derived back faces."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.load.context import Context, get
from toolkit.load.game import colour, frozen, length
from toolkit.load.jsonsource import (
    Source,
    SourceUnreadable,
    decode_utf8,
    read_limited,
    refuse_unwritable,
)
from toolkit.model.base import Origin
from toolkit.model.counter import (
    COUNTER_COLUMNS,
    BackLayout,
    Counter,
    Element,
    FieldSpec,
    Scalar,
    Template,
)
from toolkit.model.faces import derive_faces
from toolkit.model.values import ICON_TYPES, parse_colour, parse_echelon, parse_unit_type

MIN_COUNTER = 0.25 * 72
MAX_COUNTER = 6 * 72
BUILTIN_PLACEHOLDERS = (
    "id",
    "name",
    "faction",
    "faction_name",
    "faction_abbreviation",
    "class",
    "steps",
)
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
MAX_CSV_ROWS = 100_000


def load_templates(ctx: Context, source: Source, templates: dict[str, Template]) -> None:
    """Check and collect the templates of one counters file."""
    for i, item in enumerate(source.data.get("templates", [])):
        pointer = f"/templates/{i}"
        if ctx.declare(source, "template", item["id"], pointer + "/id"):
            templates[item["id"]] = _template(ctx, source, item, pointer)


def load_counters(ctx: Context, source: Source, templates: dict[str, Template]) -> list[Counter]:
    """Check and build the counters of one counters file, including its CSV rows."""
    set_id = source.data["id"]
    counters = []
    for i, item in enumerate(source.data.get("counters", [])):
        counter = _counter(ctx, source, item, f"/counters/{i}", templates, set_id)
        if counter is not None:
            counters.append(counter)
    for i, spec in enumerate(source.data.get("csv", [])):
        counters.extend(_csv_counters(ctx, source, spec, f"/csv/{i}", templates, set_id))
    return counters


# -- templates -------------------------------------------------------------------------------


def _template(ctx: Context, source: Source, item: dict[str, Any], pointer: str) -> Template:
    size = item["size"]
    width_text, height_text = (size, size) if isinstance(size, str) else size
    width = length(ctx, source, width_text, pointer + "/size", 36.0)
    height = length(ctx, source, height_text, pointer + "/size", 36.0)
    for value in (width, height):
        if not MIN_COUNTER <= value <= MAX_COUNTER:
            ctx.error(
                source,
                "counter.bad-size",
                f"a counter of {value / 72:.2f}in is outside 0.25in–6in",
                pointer + "/size",
            )
            width, height = (
                min(max(width, MIN_COUNTER), MAX_COUNTER),
                min(max(height, MIN_COUNTER), MAX_COUNTER),
            )
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
    background = get(item, "background", "faction")
    if background != "faction":
        background = colour(ctx, source, background, pointer + "/background", "#ffffff")
    front = tuple(_elements(ctx, source, item.get("front", []), fields, pointer + "/front"))
    back = _back(ctx, source, item.get("back", {}), fields, pointer + "/back")
    return Template(
        item["id"],
        width,
        height,
        get(item, "shape", "square"),
        background,
        colour(ctx, source, item.get("border"), pointer + "/border", "") or None,
        MappingProxyType(fields),
        front,
        back,
        Origin(source.shown, pointer),
    )


def _elements(
    ctx: Context,
    source: Source,
    items: list[dict[str, Any]],
    fields: dict[str, FieldSpec],
    pointer: str,
) -> list[Element]:
    names = list(fields)
    elements = []
    for i, item in enumerate(items):
        here = f"{pointer}/{i}"
        field = item.get("field")
        if field is not None and field not in fields:
            ctx.error(
                source,
                "template.unknown-field",
                f"element draws field {field!r}, which the template does not declare"
                f"{did_you_mean(field, names)}",
                here + "/field",
            )
        for name in _PLACEHOLDER.findall(item.get("text", "")):
            if name not in fields and name not in BUILTIN_PLACEHOLDERS:
                ctx.error(
                    source,
                    "template.unknown-field",
                    f"text uses {{{name}}}, which is not a field of the template"
                    f"{did_you_mean(name, names + list(BUILTIN_PLACEHOLDERS))}",
                    here + "/text",
                )
        elements.append(
            Element(
                draw=item["draw"],
                text=item.get("text"),
                field=field,
                at=get(item, "at", "center"),
                size=item.get("size"),
                bold=bool(item.get("bold", False)),
                color=colour(ctx, source, item.get("color"), here + "/color", "") or None,
                background=colour(ctx, source, item.get("background"), here + "/background", "")
                or None,
                edge=item.get("edge"),
            )
        )
    return elements


def _back(
    ctx: Context, source: Source, item: dict[str, Any], fields: dict[str, FieldSpec], pointer: str
) -> BackLayout:
    for name in item.get("derive", {}):
        if name not in fields:
            ctx.error(
                source,
                "template.unknown-field",
                f"derive names {name!r}, which is not a field{did_you_mean(name, list(fields))}",
                f"{pointer}/derive/{name}",
                key=True,
            )
    elements = (
        tuple(_elements(ctx, source, item["front"], fields, pointer + "/front"))
        if "front" in item
        else None
    )
    background = item.get("background")
    if background not in (None, "faction"):
        background = colour(ctx, source, background, pointer + "/background", "#ffffff")
    return BackLayout(
        get(item, "style", "same"),
        elements,
        MappingProxyType(dict(item.get("derive", {}))),
        background,
        get(item, "label", ""),
    )


# -- counters --------------------------------------------------------------------------------


def _counter(
    ctx: Context,
    source: Source,
    item: dict[str, Any],
    pointer: str,
    templates: dict[str, Template],
    set_id: str,
) -> Counter | None:
    if not ctx.declare(source, "counter", item["id"], pointer + "/id"):
        return None
    if not ctx.check_ref(source, "template", item["template"], pointer + "/template", templates):
        ctx.left_out.add(("counter", item["id"]))
        return None
    template = templates[item["template"]]
    faction = item.get("faction")
    ctx.check_ref(source, "faction", faction, pointer + "/faction")
    if faction is None and template.background == "faction":
        ctx.error(
            source,
            "counter.no-faction",
            f"counter {item['id']!r} has no faction, but template {template.id!r} is coloured "
            "by faction; give a faction or a template background colour",
            pointer,
        )
    images: dict[str, Path] = {}
    front = _values(
        ctx, source, template, item.get("values", {}), pointer + "/values", images, True
    )
    back_name: str | None = None
    back_values: dict[str, Scalar] = {}
    if template.back.style != "none":
        explicit = item.get("back", {})
        back_name = explicit.get("name", item.get("name", item["id"]))
        back_values = _values(
            ctx,
            source,
            template,
            explicit.get("values", {}),
            pointer + "/back/values",
            images,
            False,
        )
    elif "back" in item:
        ctx.error(
            source,
            "counter.no-back",
            f"template {template.id!r} is one-sided (back style 'none'); remove the back data",
            pointer + "/back",
        )
    steps = item.get("steps", 1)
    back_background = item.get("back", {}).get("background")
    if back_background not in (None, "faction"):
        back_background = colour(
            ctx, source, back_background, pointer + "/back/background", "#ffffff"
        )
    return Counter(
        id=item["id"],
        name=item.get("name", item["id"]),
        template=template.id,
        faction=faction,
        class_=item.get("class"),
        faces=derive_faces(
            template,
            name=item.get("name", item["id"]),
            values=front,
            steps=steps,
            back_name=back_name,
            back_values=back_values,
        ),
        block=template.shape == "block",
        count=item.get("count", 1),
        unlimited=bool(item.get("unlimited", False)),
        steps=steps,
        tags=frozenset(item.get("tags", [])),
        properties=frozen(item.get("properties")),
        set_id=set_id,
        images=MappingProxyType(images),
        origin=_origin(source, pointer),
        back_background=back_background,
        private=bool(item.get("private", False)),
    )


def _origin(source: Source, pointer: str) -> Origin:
    """Where a counter is written: a pointer in its JSON file, or the line of its CSV row."""
    if isinstance(source, CsvRowSource):
        return Origin(source.shown, "", source.line)
    return Origin(source.shown, pointer)


def _values(
    ctx: Context,
    source: Source,
    template: Template,
    values: dict[str, Any],
    pointer: str,
    images: dict[str, Path],
    front: bool,
) -> dict[str, Scalar]:
    """Field values checked against the template's field types, with defaults on the front."""
    spec = FieldsOf("counter", "template", template.id, template.fields)
    return field_values(ctx, source, spec, values, pointer, images, with_defaults=front)


@dataclass(frozen=True)
class FieldsOf:
    """The fields values are checked against, and how messages name them: a counter's
    template, a card's."""

    what: str
    """The diagnostic codes' prefix ('counter', 'card')."""
    template_word: str
    """How the template is named ('template', 'card template')."""
    template_id: str
    fields: Mapping[str, FieldSpec]


def field_values(
    ctx: Context,
    source: Source,
    spec: FieldsOf,
    values: dict[str, Any],
    pointer: str,
    images: dict[str, Path],
    *,
    with_defaults: bool,
    missing_at: str | None = None,
) -> dict[str, Scalar]:
    """Field values checked against their types; images recorded by field; with
    ``with_defaults``, a required field missing is an error (at ``missing_at``, else
    ``pointer``) and a field with a default gets it."""
    result: dict[str, Scalar] = {}
    names = list(spec.fields)
    for name, value in values.items():
        here = f"{pointer}/{name}"
        field = spec.fields.get(name)
        if field is None:
            ctx.error(
                source,
                f"{spec.what}.unknown-field",
                f"{name!r} is not a field of {spec.template_word} {spec.template_id!r}"
                f"{did_you_mean(name, names)}",
                here,
                key=True,
            )
            continue
        try:
            result[name] = check_field_value(field, value)
        except ValueError as exc:
            ctx.error(source, f"{spec.what}.bad-value", f"field {name!r}: {exc}", here)
            continue
        if field.type == "image" and isinstance(value, str):
            path = ctx.image_path(source, value, here)
            if path is not None:
                images[name] = path
    if with_defaults:
        for name, field in spec.fields.items():
            if name in values:
                continue
            if field.required:
                ctx.error(
                    source,
                    f"{spec.what}.missing-field",
                    f"{spec.template_word} {spec.template_id!r} requires field {name!r}",
                    pointer if missing_at is None else missing_at,
                )
            elif field.default is not None:
                result[name] = field.default
    return result


def check_field_value(spec: FieldSpec, value: Any) -> Scalar:
    """A value checked (and for CSV text, converted) to the field's type.

    :raises ValueError: the value does not fit the type.
    """
    if value is None:
        return None
    kind = spec.type
    if kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError(f"expected a whole number, got {value!r}")
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"expected a whole number, got {value!r}") from None
    if kind == "number":
        try:
            return float(value) if not isinstance(value, bool) else _bad(value, "a number")
        except ValueError:
            raise ValueError(f"expected a number, got {value!r}") from None
    text = str(value)
    if kind == "unit-type":
        return parse_unit_type(text)
    if kind == "echelon":
        return parse_echelon(text)
    if kind == "icon":
        if text not in ICON_TYPES:
            raise ValueError(
                f"{text!r} is not an icon{did_you_mean(text, ICON_TYPES)}; "
                f"the icons are {', '.join(ICON_TYPES)}"
            )
        return text
    if kind == "colour":
        return parse_colour(text)
    return value if isinstance(value, int | float | bool) else text


def _bad(value: Any, what: str) -> float:
    raise ValueError(f"expected {what}, got {value!r}")


# -- CSV -------------------------------------------------------------------------------------


def _csv_counters(
    ctx: Context,
    source: Source,
    spec: dict[str, Any],
    pointer: str,
    templates: dict[str, Template],
    set_id: str,
) -> list[Counter]:
    if not ctx.check_ref(source, "template", spec["template"], pointer + "/template", templates):
        return []
    template = templates[spec["template"]]
    defaults = {"faction": spec["faction"]} if spec.get("faction") else {}
    counters = []
    for row_source, item in read_csv_rows(
        ctx,
        source,
        spec["file"],
        pointer,
        template.id,
        list(template.fields),
        COUNTER_COLUMNS,
        defaults,
    ):
        counter = _counter(ctx, row_source, item, "", templates, set_id)
        if counter is not None:
            counters.append(counter)
    return counters


def read_csv_rows(
    ctx: Context,
    source: Source,
    file: str,
    pointer: str,
    template_id: str,
    fields: list[str],
    columns: tuple[str, ...],
    defaults: dict[str, str],
) -> list[tuple[Source, dict[str, Any]]]:
    """The rows of a CSV file a source names, each as the object it stands for (with the
    template and ``defaults``) and a stand-in source that locates problems at its cells; rows
    and headers that cannot be read are reported here and left out."""
    path = ctx.asset_path(source, file, pointer + "/file")
    if path is None:
        return []
    shown = str(Path(source.shown).parent.parent / file) if "/" in source.shown else file
    try:
        raw = read_limited(path, shown, "csv.too-large", "split it into several CSV files")
        text = decode_utf8(raw, shown, "csv.encoding", "export the CSV as UTF-8")
        refuse_unwritable(text, shown, "csv.bad-character")
    except SourceUnreadable as exc:
        ctx.report.add(exc.diagnostic)
        return []
    sheet = CsvSheet(ctx, shown, text)
    header = sheet.header()
    if header is None:
        return []
    allowed = list(columns) + fields
    good = True
    for col, name in enumerate(header):
        if name not in allowed:
            sheet.error(
                1,
                col,
                "csv.unknown-column",
                f"column {name!r} is neither one of {', '.join(columns)} nor a field of "
                f"template {template_id!r}{did_you_mean(name, allowed)}",
            )
            good = False
    if "id" not in header:
        sheet.error(1, 0, "csv.missing-column", "the CSV needs an 'id' column")
        good = False
    if not good:
        return []
    found = []
    for line, cells in sheet.rows():
        if len(cells) != len(header):
            sheet.error(
                line,
                min(len(cells), len(header)) - 1 if cells else 0,
                "csv.row-length",
                f"row has {len(cells)} cells but the header has {len(header)} columns",
            )
            continue
        row = dict(zip(header, cells, strict=True))
        item = sheet.item(line, row, template_id, defaults, columns)
        if item is not None:
            found.append((sheet.as_source(line, header), item))
    return found


class CsvSheet:
    """A CSV file being read, able to point diagnostics at a row and a cell."""

    def __init__(self, ctx: Context, shown: str, text: str) -> None:
        self.ctx, self.shown, self.text = ctx, shown, text
        self.lines = text.splitlines()

    def error(self, line: int, column_index: int, code: str, message: str) -> None:
        """Report at the cell ``column_index`` of ``line`` (1-based line)."""
        row_text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        offsets = cell_offsets(row_text)
        column = offsets[column_index] + 1 if 0 <= column_index < len(offsets) else 1
        self.ctx.report.add(Diagnostic(code, message, self.shown, line, column))

    def header(self) -> list[str] | None:
        """The header row, stripped; reports an empty file."""
        if not self.lines:
            self.ctx.report.add(Diagnostic("csv.empty", "the CSV file is empty", self.shown))
            return None
        return [cell.strip() for cell in next(csv.reader([self.lines[0]]))]

    def rows(self) -> list[tuple[int, list[str]]]:
        """(line number, cells) of every non-empty data row."""
        reader = csv.reader(io.StringIO(self.text))
        next(reader, None)
        rows: list[tuple[int, list[str]]] = []
        for cells in reader:
            if len(rows) >= MAX_CSV_ROWS:
                self.error(reader.line_num, 0, "csv.too-large", f"more than {MAX_CSV_ROWS} rows")
                break
            if any(c.strip() for c in cells):
                rows.append((reader.line_num, [c.strip() for c in cells]))
        return rows

    def item(
        self,
        line: int,
        row: dict[str, str],
        template_id: str,
        defaults: dict[str, str],
        known: tuple[str, ...] = COUNTER_COLUMNS,
    ) -> dict[str, Any] | None:
        """The row as a counter's (or card's) object, or None after reporting a malformed
        cell; ``known`` are the columns that are not template fields."""
        columns = list(row)
        item: dict[str, Any] = {"template": template_id, "values": {}, **defaults}
        for name, cell in row.items():
            if cell == "":
                continue
            column = columns.index(name)
            if name in ("count", "steps"):
                if not cell.isdigit():
                    self.error(
                        line,
                        column,
                        "csv.bad-value",
                        f"{name} must be a whole number, not {cell!r}",
                    )
                    return None
                item[name] = int(cell)
            elif name in ("unlimited", "private"):
                item[name] = cell.lower() in ("1", "true", "yes", "y")
            elif name == "tags":
                item[name] = cell.split()
            elif name in known:
                item[name] = cell
            else:
                item["values"][name] = cell
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", item.get("id", "")):
            self.error(
                line,
                columns.index("id"),
                "csv.bad-value",
                f"id {item.get('id', '')!r} is not a valid id "
                "(lowercase letters, digits, '-', '_')",
            )
            return None
        return item

    def as_source(self, line: int, header: list[str]) -> Source:
        """A stand-in Source whose pointers resolve to cells of ``line``."""
        return CsvRowSource(self, line, header)


class CsvRowSource(Source):
    """Lets the counter checks report into a CSV row: '/values/attack' → that row's attack cell."""

    def __init__(self, sheet: CsvSheet, line: int, header: list[str]) -> None:
        super().__init__(
            Path(sheet.shown),
            sheet.shown,
            sheet.lines[line - 1] if line <= len(sheet.lines) else "",
            None,
        )
        self.sheet, self.line, self.header = sheet, line, header

    def position(self, pointer: str, key: bool = False) -> tuple[int, int]:
        """Line of the row; column of the cell the pointer's last part names."""
        name = pointer.rstrip("/").split("/")[-1] if pointer else ""
        offsets = cell_offsets(self.text)
        if name in self.header and self.header.index(name) < len(offsets):
            return self.line, offsets[self.header.index(name)] + 1
        return self.line, 1


def cell_offsets(line: str) -> list[int]:
    """The character offset where each cell of a CSV line starts (quotes respected)."""
    offsets = [0]
    quoted = False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            offsets.append(i + 1)
    return offsets
