"""Printed-map conventions: labels round-trip and axial neighbours are the hexes touching on paper.

The reference model below is written from the convention's wording alone (where each printed
hex is drawn on the page), independently of the axial formulas in toolkit.geometry.offset.
"""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from toolkit.geometry import (
    Hex,
    HexGrid,
    LabelFormat,
    format_column_letters,
    format_label,
    grid_contains,
    grid_hexes,
    grid_size,
    hex_neighbors,
    hex_to_offset,
    offset_to_hex,
    parse_column_letters,
    parse_label,
)

ORIENTATIONS = ("flat", "pointy")
SHIFTS = ("even", "odd")
ORIGINS = ("top-left", "top-right", "bottom-left", "bottom-right")
LABELS = {
    "num2": LabelFormat(),
    "num3-dot": LabelFormat(digits=3, separator="."),
    "num1-slash": LabelFormat(digits=1, separator="/"),
    "num2-prefixW-rowcol": LabelFormat(prefix="W", order="row-column"),
    "alpha": LabelFormat(style="alpha"),
    "alpha-padded-rowcol-space": LabelFormat(
        style="alpha", pad_alpha_rows=True, order="row-column", separator=" "
    ),
    "alpha-prefix": LabelFormat(style="alpha", prefix="N:"),
}
# (columns, rows, first_column, first_row): odd sizes, first numbers other than 0/1, and
# printed numbers that change digit count (99 -> 100, -1 -> 0) inside the map.
FRAMES = {
    "7x5-from2,0": (7, 5, 2, 0),
    "9x7-from95,5": (9, 7, 95, 5),
    "5x9-from7,-4": (5, 9, 7, -4),
}
SQRT3 = math.sqrt(3)


def make_grid(orientation: str, shifted: str, origin: str, label: str, frame: str) -> HexGrid:
    """A grid for one named combination of conventions."""
    columns, rows, first_column, first_row = FRAMES[frame]
    return HexGrid(
        orientation,  # type: ignore[arg-type]
        columns,
        rows,
        first_column=first_column,
        first_row=first_row,
        shifted=shifted,  # type: ignore[arg-type]
        origin=origin,  # type: ignore[arg-type]
        label=LABELS[label],
    )


def reference_label(fmt: LabelFormat, column: int, row: int) -> str:
    """Label written straight from the LabelFormat documentation, as a second opinion."""

    def number(n: int, width: int) -> str:
        return ("-" if n < 0 else "") + str(abs(n)).zfill(width)

    if fmt.style == "alpha":
        letters = ""
        n = column
        while n:
            n, rem = divmod(n - 1, 26)
            letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rem] + letters
        col_text, row_text = letters, number(row, fmt.digits if fmt.pad_alpha_rows else 1)
    else:
        col_text, row_text = number(column, fmt.digits), number(row, fmt.digits)
    parts = [col_text, row_text] if fmt.order == "column-row" else [row_text, col_text]
    return fmt.prefix + fmt.separator.join(parts)


def printed_cells(grid: HexGrid) -> list[tuple[int, int]]:
    """Every printed (column, row) number pair of the map."""
    columns = range(grid.first_column, grid.first_column + grid.columns)
    rows = range(grid.first_row, grid.first_row + grid.rows)
    return [(c, r) for c in columns for r in rows]


def page_centre(grid: HexGrid, column: int, row: int) -> tuple[float, float]:
    """Where the printed hex is drawn (regular hexes, size 1), read off the convention's text."""
    x = column - grid.first_column
    if grid.origin.endswith("right"):
        x = grid.columns - 1 - x
    y = row - grid.first_row
    if grid.origin.startswith("bottom"):
        y = grid.rows - 1 - y
    parity = 0 if grid.shifted == "even" else 1
    if grid.orientation == "flat":
        lower = SQRT3 / 2 if column % 2 == parity else 0.0
        return 1.5 * x, SQRT3 * y + lower
    right = SQRT3 / 2 if row % 2 == parity else 0.0
    return SQRT3 * x + right, 1.5 * y


def touching_on_page(grid: HexGrid, cell: tuple[int, int]) -> set[tuple[int, int]]:
    """Printed cells whose drawn centres are one hex apart, i.e. hexes that share a side."""
    cx, cy = page_centre(grid, *cell)
    return {
        other
        for other in printed_cells(grid)
        if abs(math.dist((cx, cy), page_centre(grid, *other)) - SQRT3) < 1e-9
    }


ALL_CONVENTIONS = list(itertools.product(ORIENTATIONS, SHIFTS, ORIGINS, LABELS, FRAMES))


@pytest.mark.parametrize(
    "orientation, shifted, origin, label, frame", ALL_CONVENTIONS, ids="-".join
)
def test_labels_round_trip_for_every_convention(
    orientation: str, shifted: str, origin: str, label: str, frame: str
) -> None:
    """printed -> hex -> printed, hex -> label -> hex and label -> hex -> label, all exact."""
    grid = make_grid(orientation, shifted, origin, label, frame)
    seen_hexes, seen_labels = set(), set()
    for column, row in printed_cells(grid):
        h = offset_to_hex(grid, column, row)
        assert grid_contains(grid, h)
        assert hex_to_offset(grid, h) == (column, row)
        text = reference_label(grid.label, column, row)
        assert format_label(grid, h) == text
        assert parse_label(grid, text) == h
        assert format_label(grid, parse_label(grid, text)) == text
        seen_hexes.add(h)
        seen_labels.add(text)
    assert len(seen_hexes) == len(seen_labels) == grid_size(grid)


@pytest.mark.parametrize(
    "orientation, shifted, origin, frame",
    list(itertools.product(ORIENTATIONS, SHIFTS, ORIGINS, FRAMES)),
    ids="-".join,
)
def test_axial_neighbours_are_the_hexes_touching_on_the_page(
    orientation: str, shifted: str, origin: str, frame: str
) -> None:
    """The key property: for every convention, hex_neighbors == hexes sharing a printed side."""
    grid = make_grid(orientation, shifted, origin, "num3-dot", frame)
    for cell in printed_cells(grid):
        h = offset_to_hex(grid, *cell)
        axial = {hex_to_offset(grid, n) for n in hex_neighbors(h) if grid_contains(grid, n)}
        assert axial == touching_on_page(grid, cell), cell


def neighbour_labels(grid: HexGrid, text: str) -> set[str]:
    """Labels of the on-map neighbours of a labelled hex."""
    h = parse_label(grid, text)
    return {format_label(grid, n) for n in hex_neighbors(h) if grid_contains(grid, n)}


# Hand-checked adjacency on printed maps (all 6 x 6, first column and row 1); the last item
# lists the expected neighbour labels.
GROUND_TRUTH = [
    # Flat-top, even columns drawn lower, 0101 top-left. Column 02 sits half a hex below
    # columns 01 and 03, so 0202 touches rows 02 and 03 of those columns. Column 03 is high,
    # so 0303 touches rows 02 and 03 of the lower columns 02 and 04.
    ("flat", "even", "top-left", "num2", "0202", "0201 0203 0102 0103 0302 0303"),
    ("flat", "even", "top-left", "num2", "0303", "0302 0304 0202 0203 0402 0403"),
    # Same map numbered from the bottom-left: rows count upward, so "lower on the page" now
    # means towards SMALLER row numbers: 0202 touches rows 01 and 02 of columns 01 and 03.
    ("flat", "even", "bottom-left", "num2", "0202", "0201 0203 0101 0102 0301 0302"),
    # Pointy-top, odd rows drawn half a hex right, 0101 bottom-left (rows count upward).
    # Row 03 is shifted right, so 0303 sits between columns 03 and 04 of rows 02 and 04.
    ("pointy", "odd", "bottom-left", "num2", "0303", "0203 0403 0302 0402 0304 0404"),
    # Row 02 is not shifted while rows 01 and 03 are, so 0202 sits between their columns 01, 02.
    ("pointy", "odd", "bottom-left", "num2", "0202", "0102 0302 0101 0201 0103 0203"),
    # Pointy-top, odd rows right, 0101 top-right: columns count leftward, so the column to the
    # right of 03 is 02, and 0303 (shifted right) touches columns 03 and 02 of rows 02 and 04.
    ("pointy", "odd", "top-right", "num2", "0303", "0203 0403 0202 0302 0204 0304"),
    # Alpha labels on the first map: column B is column 02 (drawn lower), C is column 03.
    ("flat", "even", "top-left", "alpha", "B2", "B1 B3 A2 A3 C2 C3"),
    ("flat", "even", "top-left", "alpha", "C3", "C2 C4 B2 B3 D2 D3"),
    # Map edge: the corner hex has only the neighbours that are printed.
    ("flat", "even", "top-left", "num2", "0101", "0102 0201"),
    ("flat", "even", "top-left", "num2", "0201", "0101 0102 0202 0301 0302"),
]


@pytest.mark.parametrize(
    "orientation, shifted, origin, label, text, expected",
    GROUND_TRUTH,
    ids=[f"{o}-{s}-{g}-{t}" for o, s, g, _, t, _ in GROUND_TRUTH],
)
def test_printed_map_adjacency_ground_truth(
    orientation: str, shifted: str, origin: str, label: str, text: str, expected: str
) -> None:
    """Neighbour labels match what a player sees on the printed map."""
    grid = HexGrid(orientation, 6, 6, shifted=shifted, origin=origin, label=LABELS[label])  # type: ignore[arg-type]
    assert neighbour_labels(grid, text) == set(expected.split())


@pytest.mark.parametrize(
    "orientation, expected",
    [("flat", ["0101", "0102", "0103", "0201"]), ("pointy", ["0101", "0201", "0301", "0401"])],
    ids=["flat-column-major", "pointy-row-major"],
)
def test_grid_hexes_in_label_order(orientation: str, expected: list[str]) -> None:
    """Flat maps list hexes column by column, pointy maps row by row."""
    grid = HexGrid(orientation, 4, 3, origin="bottom-right")  # type: ignore[arg-type]
    hexes = grid_hexes(grid)
    assert [format_label(grid, h) for h in hexes[:4]] == expected
    assert len(hexes) == len(set(hexes)) == grid_size(grid) == 12


def test_visual_top_left_is_origin_hex() -> None:
    """Whatever the numbering, the hex in the page's top-left corner is Hex(0, 0)."""
    grid = HexGrid("flat", 5, 4, first_column=0, first_row=7, origin="bottom-right")
    assert offset_to_hex(grid, 4, 10) == Hex(0, 0)
    assert format_label(grid, Hex(0, 0)) == "0410"


@pytest.mark.parametrize(
    "fmt, column, row, text",
    [
        (LabelFormat(), 1, 1, "0101"),
        (LabelFormat(digits=3), 1, 1, "001001"),
        (LabelFormat(separator="."), 1, 1, "01.01"),
        (LabelFormat(prefix="W"), 20, 31, "W2031"),
        (LabelFormat(order="row-column"), 3, 12, "1203"),
        (LabelFormat(), 100, 5, "10005"),
        (LabelFormat(), 10, 5, "1005"),
        (LabelFormat(style="alpha"), 1, 1, "A1"),
        (LabelFormat(style="alpha"), 27, 12, "AA12"),
        (LabelFormat(style="alpha", pad_alpha_rows=True), 2, 3, "B03"),
        (LabelFormat(style="alpha", order="row-column"), 28, 4, "4AB"),
    ],
    ids=[
        "0101",
        "001001",
        "01.01",
        "W2031",
        "row-column",
        "col100",
        "col10",
        "A1",
        "AA12",
        "B03",
        "4AB",
    ],
)
def test_label_examples(fmt: LabelFormat, column: int, row: int, text: str) -> None:
    """Concrete labels from real maps, both ways, on a 120-column map (columns take 3 digits)."""
    grid = HexGrid("flat", 120, 40, label=fmt)
    h = offset_to_hex(grid, column, row)
    assert format_label(grid, h) == text
    assert parse_label(grid, text) == h


def test_ambiguous_numeric_labels_are_refused() -> None:
    """With digits=2 and no separator, 100+ columns AND 100+ rows make '100100' ambiguous."""
    with pytest.raises(ValueError, match="ambiguous"):
        HexGrid("flat", 120, 120)
    grid = HexGrid("flat", 120, 120, label=LabelFormat(separator="."))
    assert parse_label(grid, "100.100") == offset_to_hex(grid, 100, 100)


def test_alpha_labels_need_positive_columns() -> None:
    """Column 0 has no letter."""
    with pytest.raises(ValueError, match="alpha"):
        HexGrid("flat", 5, 5, first_column=0, label=LabelFormat(style="alpha"))


@pytest.mark.parametrize(
    "n, letters",
    [(1, "A"), (26, "Z"), (27, "AA"), (52, "AZ"), (53, "BA"), (702, "ZZ"), (703, "AAA")],
    ids=lambda v: str(v),
)
def test_column_letters(n: int, letters: str) -> None:
    """Bijective base 26: no zero digit, so Z is followed by AA."""
    assert format_column_letters(n) == letters
    assert parse_column_letters(letters) == n


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=1, max_value=10**7))
def test_column_letters_round_trip(n: int) -> None:
    """Every positive column has exactly one letter name."""
    assert parse_column_letters(format_column_letters(n)) == n


BAD_LABELS = [
    "",
    "0",
    "0A01",
    "01010",
    "0001",
    "0100",
    "1101",
    " 0101",
    "0101 ",
    "01.01",
    "W0101",
    "-0101",
    "0-101",
    "0٣01",
    "00101",
    "A1",
    "x" * 500,
]


@pytest.mark.parametrize("text", BAD_LABELS, ids=repr)
def test_parse_label_errors_quote_the_input(text: str) -> None:
    """Anything format_label would not write is refused, naming the offending text."""
    grid = HexGrid("flat", 10, 10)
    with pytest.raises(ValueError) as excinfo:
        parse_label(grid, text)
    assert repr(text[:20]) in str(excinfo.value) or repr(text) in str(excinfo.value)


@pytest.mark.parametrize(
    "fmt, text",
    [
        (LabelFormat(style="alpha"), "a1"),
        (LabelFormat(style="alpha"), "A01"),
        (LabelFormat(style="alpha"), "1A"),
        (LabelFormat(style="alpha"), "K1"),
        (LabelFormat(style="alpha", pad_alpha_rows=True), "A1"),
        (LabelFormat(separator="."), "01.01.01"),
        (LabelFormat(separator="."), "1.01"),
        (LabelFormat(prefix="W"), "0101"),
        (LabelFormat(prefix="W"), "w0101"),
    ],
    ids=[
        "lowercase",
        "padded-alpha-row",
        "swapped",
        "off-map-letter",
        "unpadded-when-padded",
        "two-separators",
        "short-field",
        "missing-prefix",
        "wrong-case-prefix",
    ],
)
def test_parse_label_is_strict(fmt: LabelFormat, text: str) -> None:
    """Near misses are refused rather than guessed at."""
    grid = HexGrid("pointy", 10, 10, label=fmt)
    with pytest.raises(ValueError, match=re.escape(repr(text))):
        parse_label(grid, text)


def test_huge_label_text_is_cut_short() -> None:
    """A megabyte of digits is refused by length before any int conversion."""
    with pytest.raises(ValueError, match="longer than"):
        parse_label(HexGrid("flat", 10, 10, label=LabelFormat(separator=".")), "1" * 10**6)


def test_format_label_refuses_off_map_hex() -> None:
    """Off-map hexes have no printed label."""
    grid = HexGrid("flat", 3, 3)
    with pytest.raises(ValueError, match="not on the"):
        format_label(grid, offset_to_hex(grid, 4, 1))


@pytest.mark.parametrize(
    "columns, rows, reason",
    [
        (10**9, 1, "columns must be in"),
        (1, 10**9, "rows must be in"),
        (10_001, 1, "columns must be in"),
        (1001, 1000, "exceed the limit"),
        (0, 5, "columns must be in"),
        (5, -1, "rows must be in"),
        (True, 3, "must be an int"),
        (2.0, 3, "must be an int"),
    ],
    ids=["1e9-columns", "1e9-rows", "10001-wide", "over-1e6", "zero", "negative", "bool", "float"],
)
def test_hostile_sizes_are_refused(columns: object, rows: object, reason: str) -> None:
    """Sizes from an untrusted JSON source fail fast, for the right reason, before allocating."""
    with pytest.raises(ValueError, match=reason):
        HexGrid("flat", columns, rows, label=LabelFormat(digits=5))  # type: ignore[arg-type]


def test_largest_allowed_grid_is_cheap() -> None:
    """A million-hex grid is accepted and sized without enumerating it."""
    grid = HexGrid("pointy", 1000, 1000, label=LabelFormat(digits=4))
    assert grid_size(grid) == 1_000_000
    assert format_label(grid, offset_to_hex(grid, 1000, 1000)) == "10001000"


@pytest.mark.parametrize(
    "changes",
    [
        {"orientation": "square"},
        {"shifted": "both"},
        {"origin": "centre"},
        {"first_column": 10**7},
        {"label": "0101"},
    ],
    ids=["orientation", "shifted", "origin", "first-number", "label"],
)
def test_unknown_conventions_are_refused(changes: dict[str, object]) -> None:
    """A misspelt convention fails at construction, not as a subtly wrong map."""
    kwargs: dict[str, object] = {"orientation": "flat", "columns": 3, "rows": 3} | changes
    with pytest.raises(ValueError):
        HexGrid(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "changes",
    [
        {"style": "roman"},
        {"digits": 0},
        {"digits": 10},
        {"separator": "-"},
        {"separator": "x"},
        {"order": "diagonal"},
        {"pad_alpha_rows": 1},
    ],
    ids=["style", "digits-0", "digits-10", "dash-separator", "letter-separator", "order", "pad"],
)
def test_bad_label_formats_are_refused(changes: dict[str, object]) -> None:
    """Formats whose output could not be parsed back are refused."""
    with pytest.raises(ValueError):
        LabelFormat(**changes)  # type: ignore[arg-type]


conventions = st.fixed_dictionaries(
    {
        "orientation": st.sampled_from(ORIENTATIONS),
        "shifted": st.sampled_from(SHIFTS),
        "origin": st.sampled_from(ORIGINS),
        "columns": st.integers(1, 150),
        "rows": st.integers(1, 150),
        "first_column": st.integers(-120, 120),
        "first_row": st.integers(-120, 120),
        "label": st.builds(
            LabelFormat,
            style=st.sampled_from(["numeric", "alpha"]),
            digits=st.integers(1, 4),
            separator=st.sampled_from(["", ".", " ", "/"]),
            prefix=st.sampled_from(["", "W", "12-"]),
            order=st.sampled_from(["column-row", "row-column"]),
            pad_alpha_rows=st.booleans(),
        ),
    }
)


@settings(max_examples=150, deadline=None)
@given(conventions, st.data())
def test_random_conventions_round_trip(kwargs: dict, data: st.DataObject) -> None:
    """Larger random maps: any on-map hex survives hex -> label -> hex and its neighbours agree."""
    try:
        grid = HexGrid(**kwargs)
    except ValueError as error:
        assume("ambiguous" not in str(error) and "alpha" not in str(error))
        raise
    column = data.draw(st.integers(grid.first_column, grid.first_column + grid.columns - 1))
    row = data.draw(st.integers(grid.first_row, grid.first_row + grid.rows - 1))
    h = offset_to_hex(grid, column, row)
    text = format_label(grid, h)
    assert text == reference_label(grid.label, column, row)
    assert parse_label(grid, text) == h
    for n in hex_neighbors(h):
        if grid_contains(grid, n):
            assert (
                abs(
                    math.dist(
                        page_centre(grid, column, row), page_centre(grid, *hex_to_offset(grid, n))
                    )
                    - SQRT3
                )
                < 1e-9
            )
