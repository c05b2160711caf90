"""Entry: where pieces may be (never in 'forbid', only in 'allow')."""

from __future__ import annotations

from toolkit.model.map import Location
from toolkit.model.position import Piece
from toolkit.model.rules import EntryRule, Rule
from toolkit.rules.context import Situation
from toolkit.rules.describe import piece_names, place_name, unless_note
from toolkit.rules.violations import Violation, violation


def check_entry(situation: Situation, rule: Rule) -> list[Violation]:
    """One violation per location holding pieces the rule keeps out of it."""
    if not isinstance(rule, EntryRule):
        raise TypeError(f"rule {rule.id!r} is a {rule.kind} rule, not an entry rule")
    barred: dict[str, list[Piece]] = {}
    for piece, location in situation.pieces_in_play():
        if _barred(situation, rule, piece, location):
            barred.setdefault(location.key, []).append(piece)
    return [_report(situation, rule, key, pieces) for key, pieces in barred.items()]


def _barred(situation: Situation, rule: EntryRule, piece: Piece, location: Location) -> bool:
    """True when the rule covers this piece here and does not let it be here."""
    index, controller = situation.index, situation.controller(location.key)
    if not rule.pieces.matches(situation.counter(piece), index, piece.owner):
        return False
    if not rule.where.matches(location, index, controller):
        return False
    if rule.permits(location, index, controller):
        return False
    return not _aboard(situation, rule, piece, location)


def _aboard(situation: Situation, rule: EntryRule, piece: Piece, location: Location) -> bool:
    """True when a friendly carrier the rule names is at the location: the piece rides it."""
    if rule.aboard is None:
        return False
    side = situation.side_of(piece)
    return any(
        other.id != piece.id
        and situation.side_of(other) == side
        and rule.aboard.matches(situation.counter(other), situation.index, other.owner)
        for other in situation.position.pieces_at(location.key)
    )


def _report(situation: Situation, rule: EntryRule, key: str, pieces: list[Piece]) -> Violation:
    game = situation.game
    verb = "is" if len(pieces) == 1 else "are"
    message = (
        f"{piece_names(game, pieces)} {verb} in {place_name(game, key)}, "
        f"where the rule keeps {'it' if len(pieces) == 1 else 'them'} out"
        f"{unless_note(rule.unless)}: {rule.text}"
    )
    return violation(rule, message, (key,), tuple(p.id for p in pieces))
