"""A played dice combat judged from positions alone (no log): Distant Foreign Fields' first
round at Chaulnes (13.0), the British firing first across the river, each side's hits taken
as strength points, a reduced division swapped for its partner counter."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.rules.combat_check import PlayedCombat, Roll, check_played_combat

SOURCES = Path(__file__).resolve().parents[2] / "sources"


@pytest.fixture(scope="module")
def dff() -> Game:
    result = load_game(SOURCES / "distant-foreign-fields")
    assert result.game is not None
    return result.game


def unit(game: Game, piece_id: str, place: str | None, face: str = "front") -> Piece:
    counter = game.counter(piece_id.split("/")[0])
    where = game.places.get(place, place) if place else None
    return Piece(piece_id, counter.id, where, face, counter.faction, 1)


def chaulnes(dff: Game, british_after: list[Piece]) -> PlayedCombat:
    """The Germans enter Chaulnes from west of St Quentin; the British (3) roll 2, a hit on
    the 6th; the 6th (now 3, +1 ace, -1 river) and the 7th (4, -1) roll 2 and 3."""
    germans = [unit(dff, "de-6-inf/1", "chaulnes"), unit(dff, "de-7-inf/1", "chaulnes")]
    british = [unit(dff, "gb-1-inf/1", "chaulnes", "back")]
    fired = Position(pieces=(*germans, *british))
    hit = Position(pieces=(unit(dff, "de-6-inf/1", "chaulnes", "back"), germans[1], *british))
    after = Position(pieces=(hit.pieces[0], germans[1], *british_after))
    return PlayedCombat(
        dff.places["chaulnes"],
        (dff.places["w-of-st-quentin"],),
        "central",
        None,
        (("ace", ("6th German Infantry Division",)),),
        (Roll((2,), fired), Roll((2, 3), hit)),
        after,
    )


def test_the_rulebooks_losses_pass(dff: Game) -> None:
    # two hits on the British 3: off goes the division, on comes its partner at 1
    after = [
        unit(dff, "gb-1-inf/1", None, "back"),
        unit(dff, "gb-1-inf-p/1", "chaulnes", "back"),
    ]
    assert check_played_combat(dff, chaulnes(dff, after)) == []


def test_too_few_losses_are_caught(dff: Game) -> None:
    after = [unit(dff, "gb-1-inf-p/1", "chaulnes", "front"), unit(dff, "gb-1-inf/1", None)]
    found = check_played_combat(dff, chaulnes(dff, after))
    assert len(found) == 1
    message = found[0].message
    assert found[0].cite == "DFF 2.2.4.5"
    assert message.startswith("the combat at Chaulnes (Western Front 0913): ")
    assert "the defender loses 2 strength point(s), but lost 1." in message


def test_dice_the_plan_does_not_call_for_are_caught(dff: Game) -> None:
    combat = chaulnes(dff, [])
    short = PlayedCombat(
        combat.location,
        combat.origins,
        combat.side,
        None,
        combat.declared,
        (combat.rolls[0], Roll((2,), combat.rolls[1].position)),
        combat.after,
    )
    found = check_played_combat(dff, short)
    assert [v.message.split(": ", 1)[1] for v in found] == [
        "the attacker rolled 1 d10; the combat calls for 2."
    ]


@pytest.mark.parametrize(
    ("named", "problems"),
    [("6th German Infantry Division", 0), ("7th German Infantry Division", 1), ("Nobody", 1)],
)
def test_a_declaration_is_for_the_unit_it_names(dff: Game, named: str, problems: int) -> None:
    """With the ace on the 6th both Germans hit on 3 and roll 3, 3: two hits, as applied;
    named for the 7th (or for no unit there) the 6th needs 2 and one hit was due."""
    after = [
        unit(dff, "gb-1-inf/1", None, "back"),
        unit(dff, "gb-1-inf-p/1", "chaulnes", "back"),
    ]
    combat = chaulnes(dff, after)
    rolled = PlayedCombat(
        combat.location,
        combat.origins,
        combat.side,
        None,
        (("ace", (named,)),),
        (combat.rolls[0], Roll((3, 3), combat.rolls[1].position)),
        combat.after,
    )
    assert len(check_played_combat(dff, rolled)) == problems


def test_a_combat_called_and_never_rolled_is_a_warning(dff: Game) -> None:
    combat = chaulnes(dff, [])
    unrolled = PlayedCombat(combat.location, combat.origins, combat.side, after=combat.after)
    (found,) = check_played_combat(dff, unrolled)
    assert found.severity == "warning"
    assert found.message == (
        "the combat at Chaulnes (Western Front 0913): no roll was reported after it was called."
    )


@pytest.fixture(scope="module")
def fa() -> Game:
    result = load_game(SOURCES / "fatal-alliances")
    assert result.game is not None
    return result.game


def fa_combat(fa: Game, after_french: int) -> PlayedCombat:
    """Four German corps (16) from two hexes against two French (8): 2:1, +4 on the assault
    table; 2d10 roll 5 and 6: 15 reads '1/2', one German and two French units destroyed."""
    from toolkit.model.queries import location_neighbours

    target = "europe:W3020"
    west, east = sorted(location_neighbours(fa, target))[:2]
    germans = [unit(fa, f"ge-inf-1914/{n}", west if n <= 2 else east) for n in range(1, 5)]
    french = [unit(fa, f"fr-inf-1914/{n}", target) for n in range(1, 3)]
    fought = Position(pieces=(*germans, *french))
    survivors = [
        unit(fa, f"fr-inf-1914/{n}", target if n <= after_french else None) for n in range(1, 3)
    ]
    after = Position(pieces=(unit(fa, "ge-inf-1914/1", None), *germans[1:], *survivors))
    return PlayedCombat(target, (west, east), None, "Assaut", (), (Roll((5, 6), fought),), after)


def test_a_table_result_applied_passes(fa: Game) -> None:
    assert check_played_combat(fa, fa_combat(fa, after_french=0)) == []


def test_a_table_result_half_applied_is_caught(fa: Game) -> None:
    (found,) = check_played_combat(fa, fa_combat(fa, after_french=1))
    assert found.cite == "FA 11.12.5"
    assert "16 against 8 (2:1), Assaut +4, roll 11 gives 1/2" in found.message
    assert found.message.endswith("the defender loses 2 unit(s), but lost 1.")
