"""Charts: tables (CRT, TEC, costs), tracks and displays — drawn, and read by the rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from toolkit.model.base import empty

Scalar = float | int | str | bool | None


@dataclass(frozen=True, slots=True)
class Column:
    """A table column heading."""

    label: str
    shade: str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """A table row: its label and one cell per column."""

    label: str
    cells: tuple[str | float | int | None, ...]


@dataclass(frozen=True, slots=True)
class TrackCell:
    """A cell of a track."""

    label: str
    note: str = ""
    shade: str | None = None


@dataclass(frozen=True, slots=True)
class DisplayBox:
    """A box of a display (force pool, holding box); a location pieces can be in."""

    id: str
    name: str
    owner: str | None = None
    color: str | None = None
    width: float | None = None
    """Its width in points, when the pieces it holds need more than the display's common one."""
    height: float | None = None
    """The height in points of its space for pieces, when they need more than the default."""


@dataclass(frozen=True, slots=True)
class Chart:
    """A chart."""

    id: str
    title: str
    type: Literal["table", "crt", "track", "display", "tec"]
    """'tec': a terrain effects chart, its rows made from the game's terrain, hexside and
    movement data when drawn."""
    cite: str = ""
    notes: tuple[str, ...] = ()
    method: str | None = None
    die: str | None = None
    row_header: str = ""
    columns: tuple[Column, ...] = ()
    rows: tuple[Row, ...] = ()
    cells: tuple[TrackCell, ...] = ()
    wrap: int | None = None
    boxes: tuple[DisplayBox, ...] = ()
    properties: Mapping[str, Scalar] = empty()

    def lookup(self, row_label: str, column_label: str) -> str | float | int | None:
        """The cell at a row and column (a CRT result for a die roll and a column).

        :raises KeyError: no such row or column.
        """
        columns = [c.label for c in self.columns]
        if column_label not in columns:
            raise KeyError(f"chart {self.id!r} has no column {column_label!r}")
        for row in self.rows:
            if row.label == row_label:
                return row.cells[columns.index(column_label)]
        raise KeyError(f"chart {self.id!r} has no row {row_label!r}")
