"""Nothing declared is ignored: a rule field the checker cannot honour is a located warning."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import copy_fixture
from toolkit.load import load_game


def _add_rule(game: Path, rule: dict[str, object]) -> None:
    path = game / "rules.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"].append(rule)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _warnings(game: Path) -> list[str]:
    result = load_game(game)
    return [d.message for d in result.report.warnings if d.code == "rule.unchecked"]


def test_capacity_without_where_is_never_checked(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    rule = {"id": "lift", "kind": "capacity", "cite": "9.1", "text": "Armour carries one."}
    _add_rule(game, rule | {"carrier": {"class": "armour"}, "cargo": {}, "limit": 1})
    assert _warnings(game) == [
        "rule 'lift', field 'where': missing, so the rule is never checked: a position does not "
        "say which pieces are aboard, and cargo is counted only where it can be nowhere but "
        'aboard; say where that is (e.g. {"kind": "sea"})'
    ]


def test_a_rule_declared_unchecked_is_not_warned_about(tmp_path: Path) -> None:
    """Severity 'ignore' says the rule is left to the players (the summary prints "not
    checked"), so a missing 'where' is no longer a field the checker silently drops."""
    game = copy_fixture("minimal-hex", tmp_path)
    rule = {"kind": "capacity", "cite": "9.1", "text": "Armour carries one."}
    rule |= {"carrier": {"class": "armour"}, "cargo": {}, "limit": 1}
    _add_rule(game, rule | {"id": "lift"})
    _add_rule(game, rule | {"id": "lift-by-hand", "severity": "ignore"})
    assert [message.split("'")[1] for message in _warnings(game)] == ["lift"]


def test_points_some_counters_lack(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    rule = {"id": "pts", "kind": "stacking", "cite": "4.2", "text": "Six points a hex."}
    _add_rule(game, rule | {"limit": 6, "points": "size", "pieces": {"class": "armour"}})
    assert _warnings(game) == [
        "rule 'pts', field 'points': 1 counter(s) it selects have no property 'size' "
        "('bl-3-arm'), so they would count 1 each; give each one its points"
    ]


def test_a_count_no_side_can_reach_and_a_move_rule_of_a_static_kind(tmp_path: Path) -> None:
    game = copy_fixture("minimal-hex", tmp_path)
    base = {"kind": "victory", "cite": "8.2", "text": "Red wins.", "side": "red"}
    _add_rule(game, base | {"id": "red-wins", "control": ["redtown"], "count": 2})
    entry = {"id": "no-lake", "kind": "entry", "cite": "5.3", "text": "No lake."}
    _add_rule(game, entry | {"when": "movement", "pieces": {}, "forbid": {"terrain": "lake"}})
    assert _warnings(game) == [
        "rule 'red-wins', field 'count': 2 of 1 places can never be met; lower the count or "
        "name more places",
        "rule 'no-lake', field 'when': 'movement' is never checked for entry rules: a position "
        "shows where pieces are, not a move under way; use 'always', 'end-of-phase' or 'setup'",
    ]


def test_the_example_games_warn_of_no_rule_field_they_cannot_check() -> None:
    """Each capacity rule of the example games says where its cargo can only be aboard, or
    is declared unchecked with the reason in the game's README."""
    sources = Path(__file__).resolve().parents[2] / "sources"
    found = {
        (folder.name, message.split("'")[1])
        for folder in sorted(sources.iterdir())
        for message in _warnings(folder)
    }
    assert found == set()


def test_a_forced_march_paid_from_a_property_no_counter_shows(tmp_path: Path) -> None:
    """No counter could pay the loss, so the march would never be allowed: said, not dropped."""
    game = copy_fixture("rules-hex", tmp_path)
    path = game / "rules.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][0]["forced_march"] = {"factor": 1.5, "loss_property": "strenght", "cite": "5.5"}
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert _warnings(game) == [
        "rule 'movement', field 'forced_march': no counter it selects shows 'strenght', so none"
        " can pay the loss and a forced march is never allowed; name the property the counters"
        " print"
    ]
    data["rules"][0]["forced_march"]["loss_property"] = "attack"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert _warnings(game) == []
