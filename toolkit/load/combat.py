"""A combat rule read against the chart it names: every row a roll, every column odds, every
cell a result the rule explains, so a table cannot print what the engine cannot read."""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.load.context import Context
from toolkit.load.jsonsource import Source
from toolkit.model.chart import Chart
from toolkit.model.odds import parse_cell_part, parse_dice, parse_odds, parse_roll_range
from toolkit.model.rules import CombatRule, CombatTable


def check_combat_chart(
    ctx: Context, source: Source, rule: CombatRule, pointer: str, charts: Mapping[str, Chart]
) -> None:
    """Report, at the rule's table, what in its chart the engine could not read."""
    table = rule.table
    if table is None or table.chart not in charts:
        return  # a fire rule reads no chart; an unknown chart is reported already
    chart = charts[table.chart]
    here = pointer + "/table/chart"
    for problem in chart_problems(rule, table, chart):
        ctx.error(source, "rule.combat-chart", f"chart {chart.id!r}: {problem}", here)


def chart_problems(rule: CombatRule, table: CombatTable, chart: Chart) -> list[str]:
    """Each thing in the chart a combat rule cannot read, in one sentence."""
    if chart.type != "crt":
        return [f"is a {chart.type!r} chart; a combat table reads a chart of type 'crt'"]
    problems = _die_problems(table, chart) + _column_problems(table, chart)
    for row in chart.rows:
        try:
            parse_roll_range(row.label)
        except ValueError as error:
            problems.append(str(error))
    problems += _cell_problems(rule, chart)
    return problems


def _die_problems(table: CombatTable, chart: Chart) -> list[str]:
    if not (table.die or chart.die):
        return ["names no dice; give the chart's 'die' or the table's"]
    try:
        parse_dice(table.die or chart.die or "")
    except ValueError as error:
        return [str(error)]
    return []


def _column_problems(table: CombatTable, chart: Chart) -> list[str]:
    if table.roll_modifiers:
        return []
    if table.columns:
        if len(table.columns) != len(chart.columns):
            return [
                f"has {len(chart.columns)} column(s) and the table gives odds for"
                f" {len(table.columns)}; give one for each column"
            ]
        return []
    problems = []
    for column in chart.columns:
        try:
            parse_odds(column.label, table.odds)
        except ValueError as error:
            problems.append(f"column {error}; give the table 'columns' odds")
    return problems


def _cell_problems(rule: CombatRule, chart: Chart) -> list[str]:
    results = rule.results
    codes = frozenset(results.codes)
    problems: list[str] = []
    for row in chart.rows:
        for cell in row.cells:
            text = "" if cell is None else str(cell)
            parts = text.split(results.split) if results.split else [text]
            for part in parts:
                try:
                    parse_cell_part(part, codes, results.none)
                except ValueError as error:
                    problem = f"row {row.label!r}: {error}; explain it in the rule's 'results'"
                    if problem not in problems:
                        problems.append(problem)
    return problems
