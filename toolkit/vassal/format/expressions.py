"""VASSAL's BeanShell expressions: the few forms our modules write, and a reader that evaluates
that text the way VASSAL does.

A module's rules warnings are conditions VASSAL evaluates on a piece after it moves. They are
written here as text, and the same text is evaluated by :func:`evaluate`, which follows VASSAL
3.6's own binding rules (a property that looks like a number is a number; one that a string
method is called on stays a string; a property nobody set is an empty string). Tests evaluate
every warning of a module on the positions the rules engine checks, so the module, VASSAL and
the engine agree on what each condition means.

Only this subset is read: literals (strings, integers, true/false), property names, ``!``,
``&&``, ``||``, comparisons, ``+``, ``-``, ``*``, ``/`` and ``%`` (Java's integer arithmetic),
parentheses, the string methods ``contains``, ``startsWith``, ``length`` and ``substring``, and
VASSAL's functions ``SumLocation``, ``If``, ``GetProperty``, and ``Sum`` and ``Count`` over the
pieces a condition picks (``$name$`` in it is first filled in from the piece evaluating).
Anything else is an :class:`ExpressionError`, so a form the reader does not know cannot slip
into a module untested. As in Java, the right side of ``&&`` and ``||`` is not evaluated when the
left side decides (a condition may guard what would fail without the guard).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Value = bool | int | float | str
"""What an expression or a bound property evaluates to."""

STRING_METHODS = frozenset({"contains", "startsWith", "length", "substring"})
"""The string methods the reader knows; VASSAL binds a property they are called on as text."""


class ExpressionError(ValueError):
    """An expression outside the subset this module writes and reads, or one that fails."""


# -- writing ------------------------------------------------------------------------------------


def string_literal(text: str) -> str:
    """A Java string literal holding ``text``."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def all_of(parts: Sequence[str]) -> str:
    """The conjunction of conditions (each parenthesised)."""
    return " && ".join(f"({part})" for part in parts) if parts else "true"


def any_of(parts: Sequence[str]) -> str:
    """The disjunction of conditions (each parenthesised)."""
    return " || ".join(f"({part})" for part in parts) if parts else "false"


def sum_location(property_name: str) -> str:
    """The sum of an integer property over every piece at the piece's location (its map's
    location name), the piece itself included."""
    return f"SumLocation({string_literal(property_name)})"


def smaller(a: str, b: str) -> str:
    """The smaller of two integer expressions (VASSAL's ``If``)."""
    return f"If(({a}) < ({b}), {a}, {b})"


# -- reading ------------------------------------------------------------------------------------


class Scope:
    """What an expression sees: the properties of the piece it is evaluated on, and its location.

    ``properties`` gives the text VASSAL's ``getProperty`` would return for a name (an empty
    string for one nobody set); ``sum_location`` the value of VASSAL's ``SumLocation``.
    """

    def __init__(
        self,
        properties: Callable[[str], str],
        sum_location: Callable[[str], int],
        pieces: Callable[[], Sequence[Scope]] | None = None,
        global_property: Callable[[str], str] | None = None,
    ) -> None:
        self.properties = properties
        self.sum_location = sum_location
        self.pieces = pieces
        """Every piece on every map, for ``Sum`` and ``Count`` (None: they are not allowed)."""
        self.global_property = global_property or properties
        """What ``GetProperty`` reads: the module's own properties (a dice button's total)."""


_TOKEN = re.compile(
    r"""\s*(?:
        (?P<string>"(?:[^"\\]|\\.)*")
      | (?P<number>\d+)
      | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
      | (?P<op>&&|\|\||==|!=|<=|>=|[!<>+\-*/%(),.])
    )""",
    re.VERBOSE,
)


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str


def _tokens(expression: str) -> list[_Token]:
    found: list[_Token] = []
    position = 0
    text = expression.strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            raise ExpressionError(f"cannot read {text[position : position + 20]!r}")
        kind = match.lastgroup or ""
        found.append(_Token(kind, match.group(kind)))
        position = match.end()
    return found


def string_variables(expression: str) -> frozenset[str]:
    """The property names a string method is called on: VASSAL binds these as text."""
    tokens = _tokens(expression)
    return frozenset(
        token.text
        for token, dot, method in zip(tokens, tokens[1:], tokens[2:], strict=False)
        if token.kind == "name" and dot.text == "." and method.text in STRING_METHODS
    )


def bind(raw: str, as_text: bool) -> Value:
    """A property's text as VASSAL binds it in an expression: ``true``/``false`` as booleans,
    text made only of digits, signs and points as a number where it parses, else the text."""
    if as_text:
        return raw
    if raw == "true":
        return True
    if raw == "false":
        return False
    if raw and all(c in "+-.0123456789" for c in raw):
        try:
            return int(raw)
        except ValueError:
            try:
                return float(raw)
            except ValueError:
                return raw
    return raw


def evaluate(expression: str, scope: Scope) -> Value:
    """The value of an expression on a piece, as VASSAL would compute it.

    :raises ExpressionError: the expression is outside the subset, or fails (a method on a
        number, a comparison of text with a number).
    """
    parser = _Parser(_tokens(expression), scope, string_variables(expression))
    value = parser.expression()
    if parser.position != len(parser.tokens):
        raise ExpressionError(f"unexpected {parser.tokens[parser.position].text!r}")
    return value


class _Parser:
    """A recursive-descent evaluator, one method per precedence level (Java's order)."""

    def __init__(self, tokens: list[_Token], scope: Scope, as_text: frozenset[str]) -> None:
        self.tokens = tokens
        self.position = 0
        self.scope = scope
        self.as_text = as_text
        self.skip = 0
        """Above 0: reading the right side of a ``&&`` or ``||`` Java does not evaluate (the
        left side decided), so nothing is looked up, called or checked there."""

    def peek(self) -> str | None:
        return self.tokens[self.position].text if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> _Token:
        if self.position >= len(self.tokens):
            raise ExpressionError("the expression ends too early")
        token = self.tokens[self.position]
        if expected is not None and token.text != expected:
            raise ExpressionError(f"expected {expected!r}, found {token.text!r}")
        self.position += 1
        return token

    def expression(self) -> Value:
        return self.disjunction()

    def disjunction(self) -> Value:
        value = self.conjunction()
        while self.peek() == "||":
            self.take()
            if not self.skip and _truth(value):
                self.skipping(self.conjunction)  # Java does not evaluate it
            else:
                right = self.conjunction()
                value = value if self.skip else _truth(right)
        return value

    def conjunction(self) -> Value:
        value = self.comparison()
        while self.peek() == "&&":
            self.take()
            if not self.skip and not _truth(value):
                self.skipping(self.comparison)  # Java does not evaluate it
            else:
                right = self.comparison()
                value = value if self.skip else _truth(right)
        return value

    def skipping(self, read: Callable[[], Value]) -> None:
        """Read an operand without evaluating it."""
        self.skip += 1
        read()
        self.skip -= 1

    def comparison(self) -> Value:
        value = self.additive()
        while self.peek() in ("==", "!=", "<", ">", "<=", ">="):
            op = self.take().text
            right = self.additive()
            value = False if self.skip else _compare(op, value, right)
        return value

    def additive(self) -> Value:
        value = self.multiplicative()
        while self.peek() in ("+", "-"):
            op = self.take().text
            right = self.multiplicative()
            if self.skip:
                continue
            value = _add(value, right) if op == "+" else _number(value) - _number(right)
        return value

    def multiplicative(self) -> Value:
        value = self.unary()
        while self.peek() in ("*", "/", "%"):
            op = self.take().text
            right = self.unary()
            value = False if self.skip else _arithmetic(op, value, right)
        return value

    def unary(self) -> Value:
        if self.peek() in ("!", "-"):
            op = self.take().text
            value = self.unary()
            if self.skip:
                return False
            return not _truth(value) if op == "!" else -_number(value)
        return self.postfix()

    def postfix(self) -> Value:
        value = self.primary()
        while self.peek() == ".":
            self.take()
            method = self.take().text
            arguments = self.arguments()
            value = False if self.skip else _method(value, method, arguments)
        return value

    def arguments(self) -> list[Value]:
        self.take("(")
        found: list[Value] = []
        if self.peek() != ")":
            found.append(self.expression())
            while self.peek() == ",":
                self.take()
                found.append(self.expression())
        self.take(")")
        return found

    def primary(self) -> Value:
        token = self.take()
        if token.text == "(":
            value = self.expression()
            self.take(")")
            return value
        if token.kind == "string":
            return _unescape(token.text[1:-1])
        if token.kind == "number":
            return int(token.text)
        if token.kind != "name":
            raise ExpressionError(f"unexpected {token.text!r}")
        if token.text in ("true", "false"):
            return token.text == "true"
        if self.peek() == "(":
            arguments = self.arguments()
            return False if self.skip else self.call(token.text, arguments)
        if self.skip:
            return False
        return bind(self.scope.properties(token.text), token.text in self.as_text)

    def call(self, function: str, arguments: list[Value]) -> Value:
        if function == "SumLocation" and len(arguments) == 1:
            return self.scope.sum_location(str(arguments[0]))
        if function == "If" and len(arguments) == 3:
            return arguments[1] if _truth(arguments[0]) else arguments[2]
        if function == "GetProperty" and len(arguments) == 1:
            return bind(self.scope.global_property(_text(arguments[0])), False)
        if function in ("Sum", "Count") and len(arguments) == (2 if function == "Sum" else 1):
            return self.over_pieces(function, arguments)
        raise ExpressionError(f"unknown function {function}({len(arguments)} arguments)")

    def over_pieces(self, function: str, arguments: list[Value]) -> int:
        """VASSAL's ``Sum(property, condition)`` and ``Count(condition)`` over every piece: the
        condition's ``$name$`` filled in from this piece, a property that is not a whole number
        counting 0."""
        if self.scope.pieces is None:
            raise ExpressionError(f"{function}() needs the pieces of the game")
        condition = _fill_in(_text(arguments[-1]), self.scope.properties)
        total = 0
        for piece in self.scope.pieces():
            if not _truth(evaluate(condition, piece)):
                continue
            if function == "Count":
                total += 1
                continue
            try:
                total += int(piece.properties(_text(arguments[0])))
            except ValueError:
                pass
        return total


def _fill_in(text: str, properties: Callable[[str], str]) -> str:
    """``$name$`` replaced by the property's value, as VASSAL does to a condition it is handed."""
    return re.sub(r"\$([A-Za-z_][A-Za-z0-9_]*)\$", lambda m: properties(m.group(1)), text)


def _arithmetic(op: str, left: Value, right: Value) -> int | float:
    a, b = _number(left), _number(right)
    if op == "*":
        return a * b
    if b == 0:
        raise ExpressionError(f"{a} {op} 0")
    if isinstance(a, int) and isinstance(b, int):  # Java's integer division and remainder
        quotient = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        return quotient if op == "/" else a - quotient * b
    return a / b if op == "/" else a % b


def _unescape(body: str) -> str:
    return re.sub(r"\\(.)", r"\1", body)


def _truth(value: Value) -> bool:
    if not isinstance(value, bool):
        raise ExpressionError(f"{value!r} is not true or false")
    return value


def _number(value: Value) -> int | float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ExpressionError(f"{value!r} is not a number")
    return value


def _add(left: Value, right: Value) -> Value:
    if isinstance(left, str) or isinstance(right, str):
        return _text(left) + _text(right)
    return _number(left) + _number(right)


def _text(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _compare(op: str, left: Value, right: Value) -> bool:
    if op in ("==", "!="):
        same = (
            _text(left) == _text(right)
            if isinstance(left, str) or isinstance(right, str)
            else left == right
        )
        return same if op == "==" else not same
    a, b = _number(left), _number(right)
    return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


def _method(value: Value, method: str, arguments: list[Value]) -> Value:
    if not isinstance(value, str):
        raise ExpressionError(f"{method}() called on {value!r}, which is not text")
    if method == "length" and not arguments:
        return len(value)
    if method == "contains" and len(arguments) == 1:
        return _text(arguments[0]) in value
    if method == "startsWith" and len(arguments) == 1:
        return value.startswith(_text(arguments[0]))
    if method == "substring" and len(arguments) in (1, 2):
        bounds = [_number(a) for a in arguments]
        if not all(isinstance(b, int) and 0 <= b <= len(value) for b in bounds):
            raise ExpressionError(f"substring{tuple(bounds)} of {value!r}")
        return value[int(bounds[0]) : int(bounds[1]) if len(bounds) == 2 else None]
    raise ExpressionError(f"unknown method {method}({len(arguments)} arguments)")
