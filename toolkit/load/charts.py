"""charts/*.json → Chart; display boxes and track cells become locations '<chart>:<box>'."""

from __future__ import annotations

from typing import Any

from toolkit.load.context import Context, get
from toolkit.load.game import colour, frozen, length
from toolkit.load.jsonsource import Source
from toolkit.model.chart import Chart, Column, DisplayBox, Row, TrackCell
from toolkit.model.game import Turns
from toolkit.model.map import Location, location_key


def load_chart(ctx: Context, source: Source, turns: Turns | None = None) -> Chart | None:
    """Check one chart source and build its Chart (``turns``: the game's, for a turn track)."""
    data = source.data
    chart_id = data["id"]
    if not ctx.declare(source, "chart", chart_id, "/id"):
        return None
    if chart_id in ctx.known("map"):
        ctx.error(
            source,
            "id.duplicate",
            f"chart id {chart_id!r} is also a map id; locations '{chart_id}:…' would clash",
            "/id",
        )
    columns = tuple(
        Column(c, None)
        if isinstance(c, str)
        else Column(
            c["label"], colour(ctx, source, c.get("shade"), f"/columns/{i}/shade", "") or None
        )
        for i, c in enumerate(data.get("columns", []))
    )
    rows = []
    for i, row in enumerate(data.get("rows", [])):
        if len(row["cells"]) != len(columns):
            ctx.error(
                source,
                "chart.row-length",
                f"row {row['label']!r} has {len(row['cells'])} cells but there are "
                f"{len(columns)} columns",
                f"/rows/{i}/cells",
            )
        rows.append(Row(row["label"], tuple(row["cells"])))
    cells = _track_cells(ctx, source, data, turns or Turns())
    boxes = _boxes(ctx, source, data.get("boxes", []))
    chart = Chart(
        chart_id,
        data["title"],
        data["type"],
        get(data, "cite", ""),
        tuple(data.get("notes", [])),
        data.get("method"),
        data.get("die"),
        get(data, "row_header", ""),
        columns,
        tuple(rows),
        cells,
        data.get("wrap"),
        boxes,
        frozen(data.get("properties")),
    )
    for box in boxes:
        ctx.add_location(
            Location(
                location_key(chart_id, box.id),
                chart_id,
                box.id,
                "box",
                name=box.name,
                owner=box.owner,
            )
        )
    for cell in cells:
        ctx.add_location(
            Location(
                location_key(chart_id, cell.label), chart_id, cell.label, "cell", name=cell.label
            )
        )
    box_names = [(box.name, box.id) for box in boxes]
    name_locations(ctx, chart_id, box_names + cell_names(cells, bool(data.get("turns"))))
    return chart


def name_locations(ctx: Context, board: str, names: list[tuple[str, str]]) -> None:
    """Other names of a board's locations, as (name, label) pairs: a box by its printed name, a
    track cell by its number or date. A name that is some location's own label, or another's
    name already, stays with it. Run once the board's locations are known."""
    for name, label in names:
        alias, key = location_key(board, name), location_key(board, label)
        if alias != key and alias not in ctx.locations and alias not in ctx.places:
            ctx.places[alias] = key


def cell_names(cells: tuple[TrackCell, ...], dated: bool) -> list[tuple[str, str]]:
    """A track's cells by number counted from 1 or, on a turn track, by date."""
    if dated:
        return [(cell.note, cell.label) for cell in cells if cell.note]
    return [(str(i), cell.label) for i, cell in enumerate(cells, start=1)]


def _turn_cells(ctx: Context, source: Source, turns: Turns) -> tuple[TrackCell, ...]:
    """A cell per turn, numbered by turn and dated with its label."""
    if turns.last is None:
        ctx.error(
            source,
            "chart.turns-open",
            "a turn track needs the game's last turn (turns.last in game.json); list its cells "
            "instead for an open-ended game",
            "/turns",
        )
        return ()
    count = turns.last - turns.first + 1
    labels = (*turns.labels, *([""] * count))
    return tuple(TrackCell(str(turns.first + i), labels[i]) for i in range(count))


def _track_cells(
    ctx: Context, source: Source, data: dict[str, Any], turns: Turns
) -> tuple[TrackCell, ...]:
    if data.get("turns") is True:
        return _turn_cells(ctx, source, turns)
    if "range" in data:
        spec = data["range"]
        if spec["from"] > spec["to"]:
            ctx.error(
                source,
                "range.malformed",
                f"range from {spec['from']} to {spec['to']} runs backwards",
                "/range",
            )
            return ()
        return tuple(
            TrackCell(str(n)) for n in range(spec["from"], spec["to"] + 1, get(spec, "step", 1))
        )
    cells = []
    seen: set[str] = set()
    for i, cell in enumerate(data.get("cells", [])):
        item = {"label": cell} if isinstance(cell, str) else cell
        if item["label"] in seen:
            ctx.error(
                source, "id.duplicate", f"track cell {item['label']!r} appears twice", f"/cells/{i}"
            )
            continue
        seen.add(item["label"])
        cells.append(
            TrackCell(
                item["label"],
                get(item, "note", ""),
                colour(ctx, source, item.get("shade"), f"/cells/{i}/shade", "") or None,
            )
        )
    return tuple(cells)


def _boxes(ctx: Context, source: Source, items: list[dict[str, Any]]) -> tuple[DisplayBox, ...]:
    boxes = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        if item["id"] in seen:
            ctx.error(
                source, "id.duplicate", f"box id {item['id']!r} appears twice", f"/boxes/{i}/id"
            )
            continue
        seen.add(item["id"])
        ctx.check_ref(source, "faction", item.get("owner"), f"/boxes/{i}/owner")
        boxes.append(
            DisplayBox(
                item["id"],
                item["name"],
                item.get("owner"),
                colour(ctx, source, item.get("color"), f"/boxes/{i}/color", "") or None,
                _box_length(ctx, source, item.get("width"), f"/boxes/{i}/width"),
                _box_length(ctx, source, item.get("height"), f"/boxes/{i}/height"),
            )
        )
    return tuple(boxes)


def _box_length(ctx: Context, source: Source, value: str | None, pointer: str) -> float | None:
    """A box's own width or height in points; None when it keeps the display's default."""
    return None if value is None else length(ctx, source, value, pointer, 0.0) or None
