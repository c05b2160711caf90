"""Counter mix: no more copies of a counter in play (reinforcements included) than the sheet has."""

from __future__ import annotations

from toolkit.model.counter import Counter
from toolkit.model.rules import CounterMixRule, Rule
from toolkit.rules.context import Situation
from toolkit.rules.describe import unless_note
from toolkit.rules.violations import Violation, violation


def check_counter_mix(situation: Situation, rule: Rule) -> list[Violation]:
    """One violation per limited counter with more copies than the counter mix holds."""
    if not isinstance(rule, CounterMixRule):
        raise TypeError(f"rule {rule.id!r} is a {rule.kind} rule, not a counter-mix rule")
    copies: dict[str, list[str]] = {}
    locations: dict[str, dict[str, None]] = {}
    pieces = [*situation.position.pieces, *(a.piece for a in situation.position.arrivals)]
    for piece in pieces:
        counter = situation.counter(piece)
        if counter.unlimited or not rule.pieces.matches(counter, situation.index, piece.owner):
            continue
        if piece.location is not None and not _where(situation, rule, piece.location):
            continue
        copies.setdefault(counter.id, []).append(piece.id)
        if piece.location is not None:
            locations.setdefault(counter.id, {})[piece.location] = None
    return [
        _report(rule, situation.game.counter(counter_id), ids, tuple(locations.get(counter_id, {})))
        for counter_id, ids in copies.items()
        if len(ids) > situation.game.counter(counter_id).count
    ]


def _where(situation: Situation, rule: CounterMixRule, key: str) -> bool:
    """True when the rule counts pieces at this location."""
    location = situation.game.locations.get(key)
    if location is None:
        return True
    return rule.where.matches(location, situation.index, situation.controller(key))


def _report(
    rule: CounterMixRule, counter: Counter, ids: list[str], locations: tuple[str, ...]
) -> Violation:
    copies = "1 copy" if len(ids) == 1 else f"{len(ids)} copies"
    verb = "is" if len(ids) == 1 else "are"
    message = (
        f"{copies} of {counter.name} {verb} in play or due to arrive, "
        f"but the counter mix has {counter.count}{unless_note(rule.unless)}."
    )
    return violation(rule, message, locations, tuple(ids))
