"""Printed cell labels ("0101", "W20.31", "AA12"): one formatter and one parser for every map.

Hex maps (offset.py) and square maps (squares.py) both label a cell by its printed column and
row number; this module turns that pair into text and back, strictly and unambiguously.

Conventions:
- numeric fields are zero padded to at least `digits`; a number needing more digits simply takes
  them (with digits=2, column 100 prints "100"). Negative numbers print as "-" + padded digits.
- alpha style writes the column in bijective base 26 (1 -> A, 26 -> Z, 27 -> AA) and the row as a
  plain number, padded to `digits` only when `pad_alpha_rows` is set ("A1" or "A01").
- the parser accepts exactly what the formatter produces, and only for cells on the map.
- impossible case, refused when the grid is built: numeric style, no separator, and both the
  column and the row numbers of the map change digit count (e.g. 120 x 120 with digits=2):
  "100100" could be 100/100 or 1001/00. Use a separator or more digits.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .frame import frame_check_choice, frame_check_int

LabelStyle = Literal["numeric", "alpha"]
LabelOrder = Literal["column-row", "row-column"]

MAX_DIGITS = 9
MAX_PREFIX_LENGTH = 32
MAX_LABEL_LENGTH = 120
_NUMBER = re.compile(r"-?[0-9]+")
_LETTERS = re.compile(r"[A-Z]+")
_ALPHA_SPLIT = {
    "column-row": re.compile(r"([A-Z]+)(.+)"),
    "row-column": re.compile(r"(.+?)([A-Z]+)"),
}


@dataclass(frozen=True, slots=True)
class LabelFormat:
    """How a map prints cell labels, so every output names cells the way the printed map does."""

    style: LabelStyle = "numeric"  # "alpha": column as letters (A, B, ..., AA), row as a number
    digits: int = 2  # minimum width of numeric fields (2 -> "0101", 3 -> "001001")
    separator: str = ""  # between the two fields ("01.01"); no letters, digits or "-"
    prefix: str = ""  # per-map prefix written first ("W" -> "W2031")
    order: LabelOrder = "column-row"
    pad_alpha_rows: bool = False  # alpha style only: pad the row to `digits` ("A01", not "A1")

    def __post_init__(self) -> None:
        """Refuse formats whose labels could not be parsed back unambiguously."""
        frame_check_choice("label style", self.style, ("numeric", "alpha"))
        frame_check_choice("label order", self.order, ("column-row", "row-column"))
        frame_check_int("label digits", self.digits)
        if not 1 <= self.digits <= MAX_DIGITS:
            raise ValueError(f"label digits must be in 1..{MAX_DIGITS}, got {self.digits}")
        if not isinstance(self.separator, str):
            raise ValueError(f"label separator must be a string, got {self.separator!r}")
        if any(c.isalnum() or c == "-" for c in self.separator):
            raise ValueError(
                f"label separator {self.separator!r} must not hold letters, digits or '-'"
            )
        if not isinstance(self.prefix, str) or len(self.prefix) > MAX_PREFIX_LENGTH:
            raise ValueError(f"label prefix must be a string of <= {MAX_PREFIX_LENGTH} characters")
        if not isinstance(self.pad_alpha_rows, bool):
            raise ValueError(f"pad_alpha_rows must be a bool, got {self.pad_alpha_rows!r}")


def format_column_letters(n: int) -> str:
    """Column number as spreadsheet-style letters (1 -> A, 27 -> AA), for alpha-labelled maps."""
    frame_check_int("column", n)
    if n < 1:
        raise ValueError(f"only columns >= 1 have letters, got {n}")
    letters = []
    while n > 0:
        n, rem = divmod(n - 1, 26)
        letters.append(chr(ord("A") + rem))
    return "".join(reversed(letters))


def parse_column_letters(text: str) -> int:
    """Column number of spreadsheet-style letters; the inverse of format_column_letters."""
    if not isinstance(text, str) or not _LETTERS.fullmatch(text):
        raise ValueError(f"column letters {text!r} must be one or more of A-Z")
    n = 0
    for c in text:
        n = n * 26 + ord(c) - ord("A") + 1
    return n


def _format_number(n: int, width: int) -> str:
    """Zero-padded number with the sign outside the padding, so '-01' and '01' align."""
    return ("-" if n < 0 else "") + str(abs(n)).zfill(width)


def _parse_number(field: str, width: int) -> int | None:
    """Number of a canonical field, or None so the caller can word the error."""
    if not _NUMBER.fullmatch(field):
        return None
    n = int(field)
    return n if _format_number(n, width) == field else None


def _row_width(fmt: LabelFormat) -> int:
    """Padding of the row field, which alpha style leaves off unless asked."""
    return fmt.digits if fmt.style == "numeric" or fmt.pad_alpha_rows else 1


def _format_column(fmt: LabelFormat, column: int) -> str:
    """Column field text in the map's style."""
    if fmt.style == "alpha":
        return format_column_letters(column)
    return _format_number(column, fmt.digits)


def _parse_column(fmt: LabelFormat, field: str) -> int | None:
    """Column number of a field, or None when the field is not canonical."""
    if fmt.style == "alpha":
        return parse_column_letters(field) if _LETTERS.fullmatch(field) else None
    return _parse_number(field, fmt.digits)


def label_format(fmt: LabelFormat, column: int, row: int) -> str:
    """Label text of a printed column and row number."""
    col_text = _format_column(fmt, column)
    row_text = _format_number(row, _row_width(fmt))
    first, second = (col_text, row_text) if fmt.order == "column-row" else (row_text, col_text)
    return f"{fmt.prefix}{first}{fmt.separator}{second}"


def _fixed_width(span: range, width: Callable[[int], int]) -> int | None:
    """The single text width of every number in span, or None when widths differ."""
    nearest_zero = min(max(0, span[0]), span[-1])
    widths = {width(n) for n in (span[0], span[-1], nearest_zero)}
    return widths.pop() if len(widths) == 1 else None


def _numeric_widths(fmt: LabelFormat, columns: range, rows: range) -> tuple[int | None, ...]:
    """Fixed widths of the first and second numeric field, in label order."""
    spans = (columns, rows) if fmt.order == "column-row" else (rows, columns)
    return tuple(_fixed_width(span, lambda n: len(_format_number(n, fmt.digits))) for span in spans)


def label_check(fmt: LabelFormat, columns: range, rows: range) -> None:
    """Refuse a map whose labels could not be written or read back, before any is printed."""
    if fmt.style == "alpha" and columns[0] < 1:
        raise ValueError(f"alpha labels need columns >= 1 (column 1 is A), got first {columns[0]}")
    if fmt.style == "alpha" or fmt.separator:
        return
    if all(width is None for width in _numeric_widths(fmt, columns, rows)):
        raise ValueError(
            f"labels would be ambiguous: columns {columns[0]}..{columns[-1]} and rows "
            f"{rows[0]}..{rows[-1]} both change digit count with digits={fmt.digits}; "
            "add a separator or raise digits"
        )


def _split(fmt: LabelFormat, body: str, columns: range, rows: range) -> tuple[str, str] | None:
    """Cut a label body into its two fields, or None when it has no valid shape."""
    if fmt.separator:
        parts = body.split(fmt.separator)
        return (parts[0], parts[1]) if len(parts) == 2 else None
    if fmt.style == "alpha":
        match = _ALPHA_SPLIT[fmt.order].fullmatch(body)
        return (match[1], match[2]) if match else None
    first_width, second_width = _numeric_widths(fmt, columns, rows)
    if first_width is not None:
        return body[:first_width], body[first_width:]
    if second_width is not None and len(body) > second_width:
        return body[:-second_width], body[-second_width:]
    return None


def label_parse(fmt: LabelFormat, text: str, columns: range, rows: range) -> tuple[int, int]:
    """Printed column and row number of a label; accepts exactly what label_format writes."""
    if not isinstance(text, str):
        raise TypeError(f"a label must be a string, got {text!r}")
    if len(text) > MAX_LABEL_LENGTH:
        raise ValueError(f"label {text[:20]!r}... is longer than {MAX_LABEL_LENGTH} characters")
    example = label_format(fmt, columns[0], rows[0])
    if not text.startswith(fmt.prefix):
        raise ValueError(f"label {text!r} does not start with prefix {fmt.prefix!r}")
    fields = _split(fmt, text[len(fmt.prefix) :], columns, rows)
    if fields is None:
        raise ValueError(f"label {text!r} does not split into column and row like {example!r}")
    col_field, row_field = fields if fmt.order == "column-row" else fields[::-1]
    column = _parse_column(fmt, col_field)
    row = _parse_number(row_field, _row_width(fmt))
    if column is None or row is None:
        which, bad = ("column", col_field) if column is None else ("row", row_field)
        raise ValueError(f"label {text!r}: bad {which} {bad!r}; labels look like {example!r}")
    if column not in columns or row not in rows:
        raise ValueError(
            f"label {text!r} is off the map (columns {columns[0]}..{columns[-1]}, "
            f"rows {rows[0]}..{rows[-1]})"
        )
    return column, row
