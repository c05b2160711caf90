"""The small notations of combat tables: odds ('3:2', '2-1', '+3'), the rolls a row covers
('1', '3–4', '≤ 2', '31+'), dice ('2d10') and the cells of a results table ('0.5/1R', 'DR').

Each parser raises ``ValueError`` with a worded message; the loader turns it into a diagnostic,
the engine and the module read the same parsed values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

_RATIO = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[:\-]\s*(\d+(?:\.\d+)?)\s*$")
_DIFFERENCE = re.compile(r"^\s*([+\-−]?\d+)\s*$")
_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*$")
_NUMBER = r"(-?\d+)"
_DASHES = "-–—"
_ROLL_FORMS = (
    (re.compile(rf"^{_NUMBER}$"), lambda a: (a, a)),
    (re.compile(rf"^(?:≤|<=)\s*{_NUMBER}$"), lambda a: (None, a)),
    (re.compile(rf"^{_NUMBER}\s*(?:-|or less|ou moins)$"), lambda a: (None, a)),
    (re.compile(rf"^(?:≥|>=)\s*{_NUMBER}$"), lambda a: (a, None)),
    (re.compile(rf"^{_NUMBER}\s*(?:\+|or more|ou plus)$"), lambda a: (a, None)),
)
_ROLL_RANGE = re.compile(rf"^{_NUMBER}\s*[{_DASHES}]\s*{_NUMBER}$")
_LEADING_NUMBER = re.compile(r"^(\d+(?:[.,]\d+)?|½)")

RollRange = tuple[int | None, int | None]
"""The lowest and highest roll a row covers; None: no bound."""


def parse_odds(text: str, odds: str) -> Fraction:
    """'3:2' → 3/2 (odds 'ratio', '2-1' also), '+3' → 3 (odds 'differential').

    :raises ValueError: not odds of that kind.
    """
    if odds == "differential":
        match = _DIFFERENCE.match(text.replace("−", "-"))
        if not match:
            raise ValueError(f"{text!r} is not a strength difference; write e.g. '-2', '0', '+3'")
        return Fraction(int(match.group(1)))
    match = _RATIO.match(text)
    if not match or Fraction(match.group(2)) == 0:
        raise ValueError(f"{text!r} is not odds; write attack to defence, e.g. '1:2', '3:1', '2-1'")
    return Fraction(match.group(1)) / Fraction(match.group(2))


def format_ratio(attack: Fraction, defence: Fraction) -> str:
    """The odds as players say them, the smaller side as 1: 9 against 4 → '2.25:1'."""
    if defence == 0:
        return "∞"
    if attack >= defence:
        return f"{_short(attack / defence)}:1"
    return f"1:{_short(defence / attack)}" if attack else "0:1"


def _short(value: Fraction) -> str:
    """A number with at most two decimals, none when whole."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def parse_roll_range(label: str) -> RollRange:
    """A row label read as the rolls it covers: '4' → (4, 4), '3–4' → (3, 4), '≤ 2' →
    (None, 2), '31+' → (31, None).

    :raises ValueError: none of these forms.
    """
    text = label.strip()
    for pattern, bounds in _ROLL_FORMS:
        match = pattern.match(text)
        if match:
            return bounds(int(match.group(1)))
    match = _ROLL_RANGE.match(text)
    if match:
        low, high = int(match.group(1)), int(match.group(2))
        if low <= high:
            return low, high
    raise ValueError(
        f"row {label!r} is not a roll; write '4', '3–4', '≤ 2' or '31+' so a roll finds its row"
    )


def roll_in(bounds: RollRange, roll: int) -> bool:
    """True when a roll falls in a row's range."""
    low, high = bounds
    return (low is None or roll >= low) and (high is None or roll <= high)


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """Dice rolled together: '2d10' is two ten-sided dice."""

    count: int
    sides: int

    @property
    def lowest(self) -> int:
        """The lowest total they roll."""
        return self.count

    @property
    def highest(self) -> int:
        """The highest total they roll."""
        return self.count * self.sides


def parse_dice(text: str) -> DiceSpec:
    """'2d10' → two d10, 'd6' → one d6.

    :raises ValueError: not dice.
    """
    match = _DICE.match(text)
    if not match or int(match.group(2)) < 2:
        raise ValueError(f"{text!r} is not dice; write e.g. '1d6', '2d10'")
    return DiceSpec(int(match.group(1) or 1), int(match.group(2)))


@dataclass(frozen=True, slots=True)
class CellPart:
    """One side's part of a results cell: a number lost, and codes."""

    number: Fraction | None
    codes: tuple[str, ...]


def parse_cell_part(text: str, codes: frozenset[str], none: frozenset[str]) -> CellPart:
    """'1R*' with codes {R, *} → 1 and (R, *); 'DE' → (DE,); '–' → nothing.

    A whole part that is a code reads as that code; otherwise a leading number, then codes,
    the longest first.

    :raises ValueError: a character that starts no known code.
    """
    part = text.strip()
    if part in none:
        return CellPart(None, ())
    if part in codes:
        return CellPart(None, (part,))
    number: Fraction | None = None
    match = _LEADING_NUMBER.match(part)
    if match:
        raw = match.group(1)
        number = Fraction(1, 2) if raw == "½" else Fraction(raw.replace(",", "."))
        part = part[match.end() :]
    found: list[str] = []
    longest = sorted(codes, key=len, reverse=True)
    while part:
        code = next((c for c in longest if part.startswith(c)), None)
        if code is None:
            known = ", ".join(sorted(codes)) or "none"
            raise ValueError(f"{part!r} in result {text!r} is no result code (known: {known})")
        found.append(code)
        part = part[len(code) :]
    return CellPart(number, tuple(found))
