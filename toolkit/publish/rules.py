"""A scenario against its game's rules: what its start breaks, and what publishing refuses."""

from __future__ import annotations

from dataclasses import replace

from toolkit.check import check_setup, setup_diagnostics
from toolkit.diagnostics import Diagnostic
from toolkit.load.scenarios import game_with_scenario
from toolkit.model import Game
from toolkit.model.scenario import Scenario
from toolkit.rules.violations import Violation


def check_scenario(game: Game, scenario: Scenario) -> list[Violation]:
    """Every rule the scenario's start breaks (its victory rules included), waived or not."""
    return check_setup(game_with_scenario(game, scenario), scenario.setup)


def scenario_diagnostics(game: Game, scenario: Scenario) -> list[Diagnostic]:
    """Each broken rule of severity error the scenario does not waive, located at the
    placement of the first piece involved: what stops it from being published."""
    played = game_with_scenario(game, scenario)
    return setup_diagnostics(replace(played, setups=(scenario.setup,)))
