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
