"""Combat on a results table, from the river-crossing game's data: strengths, odds rounded in
the defender's favour, terrain and hexside shifts, rule modifiers, and the result of a roll."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.conftest import load_fixture
from tests.rules.helpers import position
from toolkit.model import Game
from toolkit.model.odds import DiceSpec
from toolkit.model.rules import CombatRule
from toolkit.rules.combat import (
    Engagement,
    Odds,
    Outcome,
    combat_rule_at,
    engage,
    read_cell,
    table_odds,
    table_outcome,
)
from toolkit.rules.context import Situation


@pytest.fixture(scope="module")
def crossing() -> Game:
    return load_fixture("river-crossing")


def combat(game: Game, where: dict[str, str], defender: str) -> tuple[Situation, Engagement]:
    situation = Situation(game, position(game, where))
    rule = combat_rule_at(situation, defender)
    assert rule is not None
    attackers = [p for p in situation.position.pieces if p.location != defender]
    return situation, engage(situation, rule, defender, attackers)


def odds_of(game: Game, where: dict[str, str], defender: str) -> Odds:
    situation, engagement = combat(game, where, defender)
    return table_odds(situation, the_rule(game), engagement, game.chart("crt"))


def the_rule(game: Game) -> CombatRule:
    rule = next(r for r in game.rules if isinstance(r, CombatRule))
    return rule


def test_two_to_one_in_the_open(crossing: Game) -> None:
    # 4 + 4 against 4 in clear terrain: 2-1, no shift
    odds = odds_of(
        crossing,
        {"bl-inf/1": "front:0404", "bl-inf/2": "front:0304", "rd-inf/1": "front:0305"},
        "front:0305",
    )
    assert (odds.attack, odds.defence, odds.odds) == (8, 4, "2:1")
    assert (odds.column, odds.shift, odds.applied) == ("2-1", 0, ())


def test_odds_round_in_the_defenders_favour(crossing: Game) -> None:
    # 4 + 3 (a reduced armour) against 4: 1.75 reads the 1-1 column, never 2-1
    situation = Situation(
        crossing, position(crossing, {"bl-inf/1": "front:0404", "rd-inf/1": "front:0305"})
    )
    odds = table_odds(
        situation,
        the_rule(crossing),
        engage(situation, the_rule(crossing), "front:0305", [situation.position.pieces[0]]),
        crossing.chart("crt"),
    )
    assert odds.column == "1-1"
    assert odds.odds == "1:1"


def test_every_attacker_across_the_river_shifts_two_columns_left(crossing: Game) -> None:
    # the river runs between columns 05 and 06: 8 against 4 is 2-1, two columns left: 1-2
    odds = odds_of(
        crossing,
        {"bl-inf/1": "front:0505", "bl-inf/2": "front:0506", "rd-inf/1": "front:0605"},
        "front:0605",
    )
    assert odds.shift == -2
    assert odds.column == "1-2"
    assert [a.effect for a in odds.applied] == ["-2 columns"]
    assert odds.applied[0].reason == "River (no advance after combat)"


def test_an_attack_partly_across_the_river_is_not_shifted(crossing: Game) -> None:
    odds = odds_of(
        crossing,
        {"bl-inf/1": "front:0505", "bl-inf/2": "front:0604", "rd-inf/1": "front:0605"},
        "front:0605",
    )
    assert (odds.shift, odds.column) == (0, "2-1")


def test_a_town_doubles_the_defence_and_shifts_one_left(crossing: Game) -> None:
    # Bridgeton (0704) is a town: 8 against 4 × 2 = 1-1, one column left: 1-2
    odds = odds_of(
        crossing,
        {"bl-inf/1": "front:0703", "bl-inf/2": "front:0604", "rd-inf/1": "front:0704"},
        "front:0704",
    )
    assert (odds.defence, odds.shift, odds.column) == (8, -1, "1-2")
    assert odds.applied[0].effect == "defence ×2, -1 column"
    assert odds.applied[0].reason == "Town (no retreat)"


def test_armour_attacking_into_the_open_shifts_right(crossing: Game) -> None:
    odds = odds_of(crossing, {"bl-arm/1": "front:0404", "rd-inf/1": "front:0305"}, "front:0305")
    # 6 against 4: 1-1, one column right for the armour (9.3): 2-1
    assert odds.column == "2-1"
    assert [(a.reason, a.cite, a.pieces) for a in odds.applied] == [
        ("Armour attacking into clear terrain", "9.3", ("bl-arm/1",))
    ]


def test_attacking_across_the_stream_halves_only_those_who_cross(crossing: Game) -> None:
    # 0702 → 0802 crosses the stream (halved: 2), 0803 → 0802 does not (4); the hills double
    # the defence: 6 against 8 reads 1-2
    odds = odds_of(
        crossing,
        {"bl-inf/1": "front:0702", "bl-inf/2": "front:0803", "rd-inf/1": "front:0802"},
        "front:0802",
    )
    assert (odds.attack, odds.defence, odds.odds) == (6, 8, "1:1.33")
    assert odds.column == "1-2"
    assert odds.applied[0].pieces == ("bl-inf/1",)
    assert (odds.applied[1].reason, odds.applied[1].effect) == ("Hills", "defence ×2")


def test_no_defence_reads_the_last_column(crossing: Game) -> None:
    situation = Situation(
        crossing,
        position(crossing, {"bl-inf/1": "front:0404", "rd-inf/1": "front:0305"}),
    )
    engagement = Engagement("front:0305", situation.position.pieces[:1], ())
    odds = table_odds(situation, the_rule(crossing), engagement, crossing.chart("crt"))
    assert odds.column == "4-1"


@pytest.mark.parametrize(
    ("column", "roll", "text"),
    [("1-2", 1, "AE"), ("2-1", 1, "DR"), ("2-1", 3, "EX"), ("4-1", 2, "DE"), ("1-1", 4, "AR")],
)
def test_a_roll_reads_the_cell_of_its_column(
    crossing: Game, column: str, roll: int, text: str
) -> None:
    odds = Odds(Fraction(1), Fraction(1), "1:1", column, 0, 0, D6, ())
    outcome = table_outcome(the_rule(crossing), crossing.chart("crt"), odds, roll)
    assert outcome.text == text


D6 = DiceSpec(1, 6)


def test_results_say_what_happens_to_each_side(crossing: Game) -> None:
    rule = the_rule(crossing)
    attacker, defender, cites = read_cell(rule, "EX")
    assert defender.eliminated and attacker.exchange and not attacker.eliminated
    assert cites == ("9.7",)
    attacker, defender, _ = read_cell(rule, "DR")
    assert defender.retreat and attacker.quiet
    attacker, defender, _ = read_cell(rule, "AE")
    assert attacker.eliminated and defender.quiet


def test_a_modified_roll_beyond_the_table_reads_its_nearest_row(crossing: Game) -> None:
    odds = Odds(Fraction(1), Fraction(1), "1:1", "4-1", 0, 3, D6, ())
    outcome: Outcome = table_outcome(the_rule(crossing), crossing.chart("crt"), odds, 6)
    assert (outcome.roll, outcome.text) == (9, "EX")


def test_a_roll_the_dice_cannot_make_is_refused(crossing: Game) -> None:
    odds = Odds(Fraction(1), Fraction(1), "1:1", "4-1", 0, 0, D6, ())
    with pytest.raises(ValueError, match="7 is not a roll of 1d6"):
        table_outcome(the_rule(crossing), crossing.chart("crt"), odds, 7)
