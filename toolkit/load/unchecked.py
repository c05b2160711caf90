"""What the rules checker cannot check in a rule: said at validation, never silently dropped.

Each function looks at one kind of rule (stacking, capacity, victory, movement) and warns, at
the offending field, when the checker would have to ignore part of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from toolkit.load.context import Context
from toolkit.load.jsonsource import Source
from toolkit.model.counter import Counter
from toolkit.model.rules import (
    CapacityRule,
    LocationSelector,
    MovementRule,
    PieceSelector,
    Rule,
    SelectorIndex,
    StackingRule,
    VictoryRule,
)

STATIC_KINDS = frozenset({"stacking", "entry", "counter-mix", "placement", "capacity", "victory"})
"""Kinds judged on a position as it stands (a move in progress is the movement checker's)."""


def warn_unchecked(
    ctx: Context, source: Source, rule: Rule, pointer: str, counters: Mapping[str, Counter]
) -> None:
    """Warn about every field of ``rule`` the checker cannot honour, and why.

    A rule of severity 'ignore' is declared unchecked: the printed summary says "not checked"
    beside it and the checker passes it by, so none of its fields is silently dropped.
    """
    if rule.severity == "ignore":
        return
    warn = _Warner(ctx, source, rule, pointer)
    if rule.kind in STATIC_KINDS and rule.when == "movement":
        warn(
            "when",
            f"'movement' is never checked for {rule.kind} rules: a position shows where "
            "pieces are, not a move under way; use 'always', 'end-of-phase' or 'setup'",
        )
    check = UNCHECKED.get(rule.kind)
    if check is not None:
        check(warn, rule, counters)


class _Warner:
    """Warns about one field of one rule, naming the rule."""

    def __init__(self, ctx: Context, source: Source, rule: Rule, pointer: str) -> None:
        self.ctx, self.source, self.rule, self.pointer = ctx, source, rule, pointer

    def __call__(self, field: str, why: str) -> None:
        self.ctx.warn(
            self.source,
            "rule.unchecked",
            f"rule {self.rule.id!r}, field {field!r}: {why}",
            f"{self.pointer}/{field}",
            key=True,
        )


def _points(
    warn: _Warner, points: str | None, selected: PieceSelector, counters: Mapping[str, Counter]
) -> None:
    """A points property some selected counters lack: they would silently weigh 1."""
    if points is None:
        return
    index = SelectorIndex()
    lacking = sorted(
        c.id for c in counters.values() if selected.matches(c, index) and points not in c.properties
    )
    if lacking:
        shown = ", ".join(repr(c) for c in lacking[:3]) + (", …" if len(lacking) > 3 else "")
        warn(
            "points",
            f"{len(lacking)} counter(s) it selects have no property {points!r} ({shown}), "
            "so they would count 1 each; give each one its points",
        )


def _stacking(warn: _Warner, rule: Rule, counters: Mapping[str, Counter]) -> None:
    if isinstance(rule, StackingRule):
        _points(warn, rule.points, rule.pieces, counters)


def _capacity(warn: _Warner, rule: Rule, counters: Mapping[str, Counter]) -> None:
    if not isinstance(rule, CapacityRule):
        return
    if rule.where == LocationSelector():
        warn(
            "where",
            "missing, so the rule is never checked: a position does not say which pieces are "
            "aboard, and cargo is counted only where it can be nowhere but aboard; "
            'say where that is (e.g. {"kind": "sea"})',
        )
    _points(warn, rule.points, rule.cargo, counters)


def _victory(warn: _Warner, rule: Rule, counters: Mapping[str, Counter]) -> None:
    if not isinstance(rule, VictoryRule):
        return
    if rule.levels and rule.count is not None:
        warn("count", "levels say what each outcome needs, so count is ignored; remove it")
    if rule.levels and rule.points is None:
        for level in rule.levels:
            if level.at_least > len(rule.control):
                warn(
                    "levels",
                    f"level {level.name!r} needs {level.at_least:g} of {len(rule.control)} "
                    "places and can never be met",
                )
    if rule.count is not None and rule.count > len(rule.control):
        warn(
            "count",
            f"{rule.count} of {len(rule.control)} places can never be met; "
            "lower the count or name more places",
        )


def _movement(warn: _Warner, rule: Rule, counters: Mapping[str, Counter]) -> None:
    """A forced march paid from a property no counter the rule moves shows: none could pay,
    so none may march, and the march is never allowed."""
    if not isinstance(rule, MovementRule) or rule.forced_march is None:
        return
    prop = rule.forced_march.loss_property
    if prop is None or rule.forced_march.loss == 0:
        return
    index = SelectorIndex()
    selected = [c for c in counters.values() if rule.pieces.matches(c, index)]
    if selected and not any(_shows(c, prop) for c in selected):
        warn(
            "forced_march",
            f"no counter it selects shows {prop!r}, so none can pay the loss and a forced "
            "march is never allowed; name the property the counters print",
        )


def _shows(counter: Counter, prop: str) -> bool:
    """True when the counter prints the property, on a face or for the whole counter."""
    return prop in counter.properties or any(prop in face.values for face in counter.faces)


UNCHECKED: Mapping[str, Callable[[_Warner, Rule, Mapping[str, Counter]], None]] = {
    "stacking": _stacking,
    "capacity": _capacity,
    "victory": _victory,
    "movement": _movement,
}
"""Rule kind → what it checks in such a rule."""
