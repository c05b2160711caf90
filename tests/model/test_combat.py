"""Combat data: terrain and hexside effects declared once in game.json, read by the checker's
accessors and printed by the terrain effects chart."""

from __future__ import annotations

import dataclasses

from tests.conftest import load_fixture
from toolkit.model.combat import combine, defence_effect, hexside_effect, terrain_effect
from toolkit.model.game import CombatEffect
from toolkit.render.charts.draw import chart_svg
from toolkit.render.charts.tec import tec_table


def test_terrain_and_hexside_effects_are_read_from_the_game() -> None:
    game = load_fixture("river-crossing")
    assert terrain_effect(game, "hills") == CombatEffect(defence=2)
    assert terrain_effect(game, "town") == CombatEffect(2, -1, "no retreat")
    assert terrain_effect(game, "clear") == CombatEffect()
    assert hexside_effect(game, "river") == CombatEffect(1, -2, "no advance after combat")


def test_a_hexside_helps_only_when_every_attacker_attacks_across_it() -> None:
    game = load_fixture("river-crossing")
    across = defence_effect(game, "front:0604", ["front:0504", "front:0505"])
    assert across == CombatEffect(1, -2, "no advance after combat")
    partly = defence_effect(game, "front:0604", ["front:0504", "front:0704"])
    assert partly == CombatEffect()


def test_effects_combine_by_multiplying_and_adding() -> None:
    game = load_fixture("river-crossing")
    # Bridgeton is a town, attacked over land: the town alone counts
    assert defence_effect(game, "front:0704", ["front:0705"]) == CombatEffect(2, -1, "no retreat")
    both = combine([CombatEffect(2, -1, "a"), CombatEffect(1.5, -2, "b")])
    assert both == CombatEffect(3, -3, "a; b")


def test_the_tec_prints_the_same_data() -> None:
    game = load_fixture("river-crossing")
    table = tec_table(game, game.chart("tec"))
    rows = {row.label: row.cells for row in table.rows}
    assert [c.label for c in table.columns] == ["Movement cost", "Defence", "Column shift", "Notes"]
    assert rows["Town"] == ("1", "×2", "-1", "no retreat")
    assert rows["Forest"] == ("2", "—", "-1", "—")
    assert rows["River hexside"] == ("+2", "—", "-2", "no advance after combat")
    # the movement rule's road and railway costs are printed too (the chart had no road row)
    assert rows["Along a road"] == ("0.5", "—", "—", "its bridges cross hexsides at no extra cost")
    assert rows["Along a railway"][0] == "0.34"
    assert "Hills" in chart_svg(game, game.chart("tec"))


def test_changing_the_data_changes_the_chart() -> None:
    game = load_fixture("river-crossing")
    terrain = tuple(
        dataclasses.replace(t, combat=CombatEffect(3)) if t.id == "hills" else t
        for t in game.terrain
    )
    changed = dataclasses.replace(game, terrain=terrain)
    rows = {row.label: row.cells for row in tec_table(changed, changed.chart("tec")).rows}
    assert rows["Hills"][1] == "×3"
