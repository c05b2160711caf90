"""Victory with levels: the highest level the side's score reaches, otherwise a draw; the score
counts places held, or their victory points."""

from __future__ import annotations

import dataclasses

import pytest

from tests.rules.helpers import game, position
from toolkit.model.rules import VictoryLevel, VictoryRule
from toolkit.rules.context import Situation
from toolkit.rules.victory import check_victory, victory_level


def _rule() -> VictoryRule:
    rule = game("river-crossing").rule("victory")
    assert isinstance(rule, VictoryRule)
    return rule


def _situation(held: list[str]) -> Situation:
    the_game = game("river-crossing")
    control = {the_game.places[place]: "bl" for place in held}
    return Situation(the_game, position(the_game, {}, control=control))


@pytest.mark.parametrize(
    ("held", "level", "message"),
    [
        (
            ["ashford", "bridgeton"],
            "decisive",
            "Decisive victory for Blue: 3 vp (Ashford (The Crossing 0403) and Bridgeton (The "
            "Crossing 0704)), 3 vp needed; it is checked at the end of turn 4.",
        ),
        (
            ["bridgeton"],
            "marginal",
            "Marginal victory for Blue: 2 vp (Bridgeton (The Crossing 0704)), 2 vp needed; it "
            "is checked at the end of turn 4.",
        ),
        (
            ["ashford"],
            None,
            "A draw: Blue scores 1 vp (Ashford (The Crossing 0403)), short of a marginal "
            "victory (2 vp); it is checked at the end of turn 4.",
        ),
    ],
    ids=["decisive", "marginal", "draw"],
)
def test_the_highest_level_reached_or_a_draw(
    held: list[str], level: str | None, message: str
) -> None:
    situation = _situation(held)
    assert victory_level(situation, _rule()) == level
    (found,) = check_victory(situation, _rule())
    assert found.message == message
    assert found.cite == "8.1"


def test_levels_by_places_held_without_points() -> None:
    rule = dataclasses.replace(
        _rule(), points=None, levels=(VictoryLevel("decisive", 2), VictoryLevel("marginal", 1))
    )
    assert victory_level(_situation(["ashford"]), rule) == "marginal"
    assert victory_level(_situation(["ashford", "bridgeton"]), rule) == "decisive"
    (found,) = check_victory(_situation([]), rule)
    assert found.message.startswith("A draw: Blue scores 0 places, short of a marginal victory")


def test_levels_are_kept_highest_first() -> None:
    assert [level.name for level in _rule().levels] == ["decisive", "marginal"]
