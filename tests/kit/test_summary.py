"""The rules summary: each rule of the rulebook once, however many checkable rules say it."""

from __future__ import annotations

from tests.conftest import load_fixture
from tests.model.rule_games import game
from toolkit.kit.summary import printed_rules, summary_html, summary_lines
from toolkit.model.rules import VictoryRule


def test_a_rule_written_as_several_checks_is_printed_once() -> None:
    """Axis & Allies 1914 gives each side's victory as one sentence, checked as one rule per
    pair of capitals: the summary printed the same sentence two and three times."""
    aa = game("axis-allies-1914")
    victories = [r for r in aa.rules if isinstance(r, VictoryRule)]
    printed = printed_rules(aa, "victory")
    assert len(victories) > len(printed) == len({(r.cite, r.text) for r in victories})
    lines = [line.text for line in summary_lines(aa, 500)]
    html = summary_html(aa).decode("ascii")
    for rule in printed:
        opening = f"{rule.cite} {rule.text[:20]}"  # the flow joins words with one space
        assert sum(line.startswith(opening) for line in lines) == 1, opening
        assert html.count(rule.text.split(",")[0]) == 1


def test_distinct_rules_of_one_citation_are_all_printed() -> None:
    hexes = load_fixture("minimal-hex")
    for kind in {r.kind for r in hexes.rules}:
        assert len(printed_rules(hexes, kind)) == len([r for r in hexes.rules if r.kind == kind])
