"""The odds and the results of a table combat as the defender's expressions: the column the
strengths reach (cross-multiplied, no division), shifted and bounded, or the roll modifier
the odds give; then the roll, the cell of the results table and what it means."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from toolkit.catalogue import Words
from toolkit.model.chart import Chart
from toolkit.model.odds import parse_cell_part, parse_odds, parse_roll_range
from toolkit.model.rules import CombatRule, OddsStep
from toolkit.rules.combat.results import read_cell
from toolkit.vassal.format.expressions import all_of, string_literal
from toolkit.vassal.write.combat.marks import dice_name


def column_expressions(
    rule: CombatRule, chart: Chart, rolls: Sequence[str], scale: int
) -> dict[str, str]:
    """The column (``CombatBase``, ``CombatIndex``, ``CombatColumn``) and the roll modifier
    (``CombatRollModifier``: ``rolls`` and what the odds give) as the defender's properties."""
    exprs: dict[str, str] = {}
    table = rule.table
    assert table is not None
    defence = "CombatDefenceBase * CombatDefenceNum"
    den = "CombatDefenceDen"
    labels = [c.label for c in chart.columns]
    modifiers = list(rolls)
    if table.roll_modifiers:
        exprs["CombatBase"] = "0"
        exprs["CombatIndex"] = "0"
        steps = table.roll_modifiers
        chosen = _highest(steps, table.odds, defence, den, scale, "m")
        zero = table.zero_defence
        zero = steps[-1].modifier if zero is None else zero
        if table.odds == "ratio":
            chosen = f"If({defence} == 0, {zero}, {chosen})"
        modifiers.append(chosen)
    else:
        steps = table.columns or tuple(
            OddsStep(label, parse_odds(label, table.odds)) for label in labels
        )
        base = _highest(steps, table.odds, defence, den, scale, "i")
        if table.odds == "ratio":
            base = f"If({defence} == 0, {len(steps) - 1}, {base})"
        exprs["CombatBase"] = base
        last = len(labels) - 1
        shifted = "CombatBase + CombatShift"
        exprs["CombatIndex"] = f"If({shifted} < 0, 0, If({shifted} > {last}, {last}, {shifted}))"
    exprs["CombatRollModifier"] = " + ".join(modifiers) or "0"
    chain = string_literal(labels[0])
    for n in range(len(labels) - 1, 0, -1):
        chain = f"If(CombatIndex == {n}, {string_literal(labels[n])}, {chain})"
    exprs["CombatColumn"] = chain
    return exprs


def result_expressions(rule: CombatRule, chart: Chart, say: Words) -> dict[str, str]:
    """The roll (``CombatRoll``), the cell it finds in the column (``CombatResult``) and what
    the cell means (``CombatResultWords``) as the defender's properties."""
    exprs: dict[str, str] = {}
    total = string_literal(f"{dice_name(say)}_total")
    exprs["CombatRoll"] = f"GetProperty({total}) + CombatRollModifier"
    rows = [(parse_roll_range(row.label), row) for row in chart.rows]
    lowest = min(rows, key=lambda r: r[0][0] if r[0][0] is not None else -math.inf)
    highest = max(rows, key=lambda r: r[0][1] if r[0][1] is not None else math.inf)
    cells: dict[str, None] = {}
    chain = '""'
    columns = len(chart.columns)
    for n in range(columns - 1, -1, -1):
        column = _row_chain(rows, lowest, highest, n, cells)
        chain = column if n == columns - 1 else f"If(CombatIndex == {n}, {column}, {chain})"
    exprs["CombatResult"] = chain
    chain = string_literal(say("module.combat.no-effect"))
    for cell in cells:
        if cell.strip():
            said = string_literal(_cell_words(rule, say, cell))
            chain = f"If(CombatResult == {string_literal(cell)}, {said}, {chain})"
    exprs["CombatResultWords"] = chain
    return exprs


def _row_chain(rows, lowest, highest, column: int, cells: dict[str, None]) -> str:  # type: ignore[no-untyped-def]
    def cell(row) -> str:  # type: ignore[no-untyped-def]
        value = row.cells[column]
        text = "" if value is None else str(value)
        cells[text] = None
        return string_literal(text)

    (low_bound, _), low_row = lowest
    chain = cell(highest[1])
    for (low, high), row in reversed(rows):
        test = all_of(
            [f"CombatRoll >= {low}" if low is not None else "true"]
            + ([f"CombatRoll <= {high}"] if high is not None else [])
        )
        chain = f"If({test}, {cell(row)}, {chain})"
    if low_bound is not None:
        chain = f"If(CombatRoll < {low_bound}, {cell(low_row)}, {chain})"
    return chain


def _cell_words(rule: CombatRule, say: Words, text: str) -> str:
    try:
        _, _, cites = read_cell(rule, text)
    except ValueError:
        cites = ()
    results = rule.results
    parts = text.split(results.split) if results.split else [text]
    meanings = []
    for part in parts:
        try:
            codes = parse_cell_part(part, frozenset(results.codes), results.none).codes
        except ValueError:
            codes = ()
        meanings += [results.codes[c].text for c in codes if results.codes[c].text]
    meaning = say("punct.semicolon").join(dict.fromkeys(meanings))
    cited = ", ".join(cites) or rule.cite
    if not meaning:
        return f"{text} ({cited})"
    return say("module.combat.cell", cell=text, meaning=meaning, cite=cited)


def _highest(
    steps: Sequence[OddsStep], odds: str, defence: str, den: str, scale: int, kind: str
) -> str:
    """The index (kind 'i') or modifier ('m') of the highest step the strengths reach."""
    chain = "0" if kind == "i" else str(steps[0].modifier)
    for n, step in enumerate(steps):
        if n == 0:
            continue
        at = Fraction(step.at_least)
        if odds == "differential":
            test = (
                f"{at.denominator} * (CombatAttack * {den} - {defence}) >= "
                f"{at.numerator * scale} * {den}"
            )
        else:
            test = f"CombatAttack * {den} * {at.denominator} >= {at.numerator} * {defence}"
        value = n if kind == "i" else step.modifier
        chain = f"If({test}, {value}, {chain})"
    return chain
