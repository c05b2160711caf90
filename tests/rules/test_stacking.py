"""Stacking edge cases the example games do not all show: a fortress holding more, counting per
faction, a bonus piece on top of the limit, an unlimited override. (Stacking points: see the
Fatal Alliances cases.)"""

from __future__ import annotations

from dataclasses import replace

from tests.model.rule_games import fs, game
from toolkit.model.position import Piece, Position
from toolkit.model.rules import (
    LocationSelector,
    PieceSelector,
    StackingBonus,
    StackingOverride,
    StackingRule,
)
from toolkit.rules.context import Situation
from toolkit.rules.stacking import check_stacking

HEX = game("minimal-hex")
RULE = HEX.rule("stacking")


def _pieces(at: str, *counters: str, owner: str | None = None) -> tuple[Piece, ...]:
    return tuple(
        Piece(f"{c}/{n}", c, at, "front", owner or HEX.counter(c).faction, 1)
        for n, c in enumerate(counters, start=1)
    )


def _broken(rule: StackingRule, *pieces: Piece) -> list[str]:
    situation = Situation(HEX, Position(pieces=pieces))
    return [v.message for v in check_stacking(situation, rule)]


def test_a_fortress_holds_more() -> None:
    assert isinstance(RULE, StackingRule)
    fortress = replace(
        RULE,
        overrides=(StackingOverride(LocationSelector(locations=fs("valley:0304")), 3),),
    )
    three = ("bl-1-inf", "bl-2-inf", "bl-3-arm")
    assert _broken(fortress, *_pieces("valley:0304", *three)) == []
    assert len(_broken(fortress, *_pieces("valley:0303", *three))) == 1


def test_per_faction_counts_each_faction_apart() -> None:
    assert isinstance(RULE, StackingRule)
    per_faction = replace(RULE, limit=1, per="faction", mixed_sides=True)
    mixed = _pieces("valley:0303", "bl-1-inf") + _pieces("valley:0303", "rd-2-art")
    assert _broken(per_faction, *mixed) == []
    [message] = _broken(per_faction, *_pieces("valley:0303", "bl-1-inf", "bl-2-inf"))
    assert message == (
        "The Valley 0303 holds 2 pieces of Blue Army (1st Infantry and 2nd Infantry); at most "
        "1 piece may stack there."
    )


def test_a_bonus_piece_on_top_of_the_limit() -> None:
    assert isinstance(RULE, StackingRule)
    bonus = StackingBonus(PieceSelector(class_=fs("armour")), 1)
    with_bonus = replace(RULE, limit=2, bonus=bonus)
    assert _broken(with_bonus, *_pieces("valley:0303", "bl-1-inf", "bl-2-inf", "bl-3-arm")) == []
    [message] = _broken(
        with_bonus, *_pieces("valley:0303", "bl-1-inf", "bl-2-inf", "rd-1-inf", owner="bl")
    )
    assert message == (
        "The Valley 0303 holds 3 pieces (1st Infantry, 2nd Infantry and 1st Rifles); at most "
        "2 pieces plus 1 bonus piece may stack there."
    )


def test_an_unlimited_box() -> None:
    assert isinstance(RULE, StackingRule)
    unlimited = replace(RULE, overrides=(StackingOverride(LocationSelector(kind=fs("hex")), None),))
    assert _broken(unlimited, *_pieces("valley:0303", "bl-1-inf", "bl-2-inf", "bl-3-arm")) == []


def test_pieces_waiting_in_a_box_do_not_count_unless_the_rule_says_where() -> None:
    """'At most two divisions per hex' is about the map: divisions waiting in London's box
    (Distant Foreign Fields' holding box for British arrivals) are not over the limit, unless
    a rule names boxes in its 'where'."""
    dff = game("distant-foreign-fields")
    rule = dff.rule("stacking")
    assert isinstance(rule, StackingRule)
    waiting = tuple(
        Piece(f"{c}/1", c, "wf:london", "front", dff.counter(c).faction, 1)
        for c in ("gb-1-inf", "gb-2-inf", "gb-3-inf")
    )
    situation = Situation(dff, Position(pieces=waiting))
    assert check_stacking(situation, rule) == []
    boxes = replace(rule, where=LocationSelector(kind=fs("box")))
    assert len(check_stacking(situation, boxes)) == 1
