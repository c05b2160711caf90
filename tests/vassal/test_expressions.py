"""The BeanShell reader evaluates our expression forms as VASSAL 3.6 does, and refuses others."""

from __future__ import annotations

import pytest

from toolkit.vassal.format.expressions import (
    ExpressionError,
    Scope,
    all_of,
    any_of,
    bind,
    evaluate,
    smaller,
    string_literal,
    string_variables,
    sum_location,
)


def scope(properties: dict[str, str], sums: dict[str, int] | None = None) -> Scope:
    return Scope(lambda name: properties.get(name, ""), lambda name: (sums or {}).get(name, 0))


def test_a_property_of_digits_is_a_number_unless_a_string_method_reads_it() -> None:
    """VASSAL binds '0304' as 304, so a hex label must be read through a string method."""
    assert evaluate('"|" + LocationName + "|"', scope({"LocationName": "0304"})) == "|304|"
    listed = 'LocationName.length() > 0 && "|0304|".contains("|" + LocationName + "|")'
    assert evaluate(listed, scope({"LocationName": "0304"})) is True
    assert string_variables(listed) == {"LocationName"}


def test_binding_follows_vassal() -> None:
    assert bind("true", False) is True
    assert bind("false", False) is False
    assert bind("12", False) == 12
    assert bind("-3", False) == -3
    assert bind("1.5", False) == 1.5
    assert bind("1.2.3", False) == "1.2.3"
    assert bind("", False) == ""
    assert bind("Berlin", False) == "Berlin"
    assert bind("0304", True) == "0304"


def test_lists_and_sums() -> None:
    props = {"RulesWarnings": "1", "L": "+|Paris|Lyon|", "LocationName": "Lyon"}
    here = '"|" + LocationName + "|"'
    inside = all_of(
        [
            "LocationName.length() > 0",
            any_of(
                [
                    f'L.startsWith("+") && L.contains({here})',
                    f'L.startsWith("-") && !L.contains({here})',
                ]
            ),
        ]
    )
    assert evaluate(inside, scope(props)) is True
    assert evaluate(inside, scope(props | {"L": "-|Paris|Lyon|"})) is False
    assert evaluate(inside, scope(props | {"L": ""})) is False
    over = f"{sum_location('W')} - {smaller(sum_location('B'), '1')} > 2"
    assert evaluate(over, scope(props, {"W": 4, "B": 2})) is True
    assert evaluate(over, scope(props, {"W": 3, "B": 2})) is False
    assert evaluate(over, scope(props, {"W": 3, "B": 0})) is True
    assert evaluate("RulesWarnings == 1", scope(props)) is True
    assert evaluate("{RulesWarnings == 1}", scope(props | {"RulesWarnings": "0"})) is False


def test_string_literals_carry_any_text() -> None:
    text = 'a "quoted" back\\slash |pipe| $dollar$'
    assert evaluate(string_literal(text), scope({})) == text


def test_precedence_is_javas() -> None:
    assert evaluate("true || false && false", scope({})) is True
    assert evaluate("!false && 1 + 2 > 2", scope({})) is True
    assert evaluate("10 - 2 - 3 == 5", scope({})) is True


@pytest.mark.parametrize(
    "expression",
    [
        "Foo(1)",
        'x.matches("a")',
        "1 *",
        "(true",
        "true false",
        '1 > "a"',
        "(1 + 2).length()",
        "'a'",
        "1 && true",
    ],
)
def test_forms_outside_the_subset_are_refused(expression: str) -> None:
    with pytest.raises(ExpressionError):
        evaluate(expression, scope({"Count": "3"}))


# -- arithmetic, Sum and Count, GetProperty, substring --------------------------------------------


def test_integer_arithmetic_is_javas() -> None:
    assert evaluate("7 / 2", scope({})) == 3
    assert evaluate("-7 / 2", scope({})) == -3
    assert evaluate("-7 % 2", scope({})) == -1
    assert evaluate("2 + 3 * 4", scope({})) == 14
    with pytest.raises(ExpressionError):
        evaluate("1 / 0", scope({}))


def _table(pieces: list[dict[str, str]]) -> list[Scope]:
    found: list[Scope] = []
    for properties in pieces:
        found.append(Scope(lambda name, p=properties: p.get(name, ""), lambda _: 0, lambda: found))
    return found


def test_sum_and_count_pick_pieces_by_a_condition_filled_in_from_the_piece_asking() -> None:
    pieces = _table(
        [
            {"Role": "defender", "LocationName": "0701", "Side": "red", "D": "2"},
            {"Role": "", "LocationName": "0701", "Side": "red", "D": "3"},
            {"Role": "", "LocationName": "0701", "Side": "blue", "D": "4"},
            {"Role": "attacker", "LocationName": "0801", "Side": "blue", "A": "5"},
            {"Role": "attacker", "LocationName": "0601", "Side": "blue", "A": "x"},
        ]
    )
    here = '"{LocationName.startsWith(\\"$LocationName$\\") && Side == \\"$Side$\\"}"'
    assert evaluate(f'Sum("D", {here})', pieces[0]) == 5
    assert evaluate('Sum("A", "{Role == \\"attacker\\"}")', pieces[0]) == 5  # 'x' counts 0
    assert evaluate('Count("{Role == \\"attacker\\"}")', pieces[0]) == 2
    with pytest.raises(ExpressionError):
        evaluate('Count("{true}")', scope({}))  # no pieces to count


def test_get_property_reads_the_modules_properties() -> None:
    module = {"Combat_total": "7"}
    found = Scope(lambda _: "", lambda _: 0, None, lambda name: module.get(name, ""))
    assert evaluate('GetProperty("Combat_total") + 1', found) == 8


def test_substring_reads_text() -> None:
    assert evaluate("From.substring(2)", scope({"From": ", 0801, 0601"})) == "0801, 0601"
    assert evaluate("From.substring(0, 3)", scope({"From": "0801"})) == "080"
    with pytest.raises(ExpressionError):
        evaluate("From.substring(9)", scope({"From": "0801"}))
