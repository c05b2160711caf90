"""The terrain effects chart, made from the game's own data: what each terrain and hexside
costs to move into or across, and each road or railway to move along (the game's first
movement rule), and what they do to combat (the combat effects of game.json), so the printed
chart and the rules the checker applies cannot differ."""

from __future__ import annotations

from dataclasses import replace

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.model.chart import Chart, Column, Row
from toolkit.model.game import CombatEffect
from toolkit.model.rules import PROHIBITED, MoveCost, MovementRule

DASH = "—"


def tec_table(game: Game, chart: Chart) -> Chart:
    """The chart as a table: a row per terrain, then per hexside type that has an effect."""
    say = words(game.language)
    movement = next((r for r in game.rules if isinstance(r, MovementRule)), None)
    rows = [
        _row(t.name, _cost(movement.costs.get(t.id, 1), say) if movement else None, t.combat, say)
        for t in game.terrain
    ]
    for kind in game.hexside_types:
        cost = movement.hexside_costs.get(kind.id) if movement else None
        if cost is not None or kind.combat is not None:
            label = say("chart.tec.hexside", name=kind.name)
            rows.append(_row(label, _extra(cost, say), kind.combat, say))
    for line in game.line_types:
        along = movement.line_costs.get(line.id) if movement else None
        if movement is not None and along is not None:
            rows.append(_along(line.name, along, movement, say))
    columns = [say("chart.tec.defence"), say("chart.tec.shift"), say("chart.tec.notes")]
    if movement is not None:
        columns.insert(0, say("chart.tec.cost"))
    else:
        rows = [Row(row.label, row.cells[1:]) for row in rows]
    if not any(row.cells[-1] != DASH for row in rows):
        columns.pop()
        rows = [Row(row.label, row.cells[:-1]) for row in rows]
    return replace(
        chart,
        type="table",
        row_header=chart.row_header or say("chart.tec.terrain"),
        columns=tuple(Column(c) for c in columns),
        rows=tuple(rows),
    )


def _row(label: str, cost: str | None, effect: CombatEffect | None, say: Words) -> Row:
    effect = effect or CombatEffect()
    defence = DASH if effect.defence == 1 else f"×{say.decimal(effect.defence)}"
    shift = DASH if effect.shift == 0 else f"{effect.shift:+d}"
    return Row(label, (cost or DASH, defence, shift, effect.note or DASH))


def _cost(cost: MoveCost, say: Words) -> str:
    return say("chart.tec.prohibited") if cost == PROHIBITED else say.decimal(float(cost))


def _along(name: str, cost: float, movement: MovementRule, say: Words) -> Row:
    """Moving along a line: its cost per hex, and, where hexsides cost extra, that the line
    takes its hexsides with it (a road's bridge crosses the river)."""
    free = bool(movement.hexside_costs) and movement.line_ignores_hexsides
    note = say("chart.tec.bridges") if free else DASH
    return Row(say("chart.tec.along", line=name.lower()), (say.decimal(cost), DASH, DASH, note))


def _extra(cost: MoveCost | None, say: Words) -> str | None:
    if cost is None:
        return None
    return say("chart.tec.prohibited") if cost == PROHIBITED else f"+{say.decimal(float(cost))}"
