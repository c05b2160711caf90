"""A combat rule read against the chart it names: every row a roll, every column odds, every
cell a result the rule explains, so a table cannot print what the engine cannot read."""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.load.context import Context
from toolkit.load.jsonsource import Source
from toolkit.model.chart import Chart
from toolkit.model.counter import Counter
from toolkit.model.odds import parse_cell_part, parse_dice, parse_odds, parse_roll_range
from toolkit.model.rules import CombatModifier, CombatRule, CombatTable


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


TABLE_ONLY = ("shift", "each")
"""Modifier effects only a results table reads."""
FIRE_ONLY = ("dice", "first", "absorb")
"""Modifier effects only dice per unit or step read."""


def check_combat_fields(
    ctx: Context, source: Source, rule: CombatRule, pointer: str, counters: Mapping[str, Counter]
) -> None:
    """Warn, at the field, about what a combat rule says that its way of resolving never reads,
    and about a counter value no counter has."""
    table = rule.table is not None
    unread = FIRE_ONLY if table else TABLE_ONLY
    how = "a results table" if table else "dice per unit or step"
    for j, modifier in enumerate(rule.modifiers):
        for name in unread:
            if _given(modifier, name):
                message = (
                    f"combat modifier {modifier.id!r}: {name!r} is not read when combat is "
                    f"resolved by {how}, and is ignored"
                )
                ctx.warn(source, "rule.unused-parameter", message, f"{pointer}/modifiers/{j}")
    if not counters:
        return  # the counters did not load: their own errors say why
    values = {name for c in counters.values() for f in c.faces for name in f.values}
    values |= {name for c in counters.values() for name in c.properties}
    for field_pointer, name in _value_names(rule, pointer):
        if name not in values:
            message = (
                f"no counter has a value {name!r}, so every unit would count 0; "
                "name a field of the units' template or a counter property"
            )
            ctx.warn(source, "rule.combat-value", message, field_pointer)


def _given(modifier: CombatModifier, name: str) -> bool:
    value = getattr(modifier, name)
    return value not in (0, 1, None, False)


def _value_names(rule: CombatRule, pointer: str) -> list[tuple[str, str]]:
    """The counter values the rule reads, with the pointer of the field naming each."""
    found = []
    if rule.table is not None:
        found += [(f"{pointer}/table/attack", rule.table.attack)]
        found += [(f"{pointer}/table/defence", rule.table.defence)]
    if rule.fire is not None:
        for side in ("attack", "defence"):
            name = getattr(rule.fire, side)
            if isinstance(name, str):
                found.append((f"{pointer}/fire/{side}", name))
    return found
