"""How the checker's messages name places: what a player looks for on the table."""

from __future__ import annotations

from tests.model.rule_games import game
from toolkit.rules.describe import place_name


def test_a_section_of_a_sea_box_is_named_by_its_box() -> None:
    """Fatal Alliances' sea boxes are printed on the maps, each with sections 0 to 4: a
    section is found by its box's name, not the map's title."""
    fatal = game("fatal-alliances")
    assert place_name(fatal, "europe:north-sea/2") == "Mer du Nord 2"
    assert place_name(fatal, "europe:north-sea") == "Mer du Nord"


def test_a_track_cell_is_named_by_its_chart() -> None:
    assert place_name(game("fatal-alliances"), "turn-track:J/A 1914") == "Tours J/A 1914"
