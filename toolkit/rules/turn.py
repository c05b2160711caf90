"""Checking a turn: what moved between two positions, and whether each move was legal.

Pieces are paired by id. A piece that changed location made a move, checked against every
movement rule that covers it (a path within its allowance, respecting zones of control, must
exist in the position before the move), the zones of control it must respect, and the entry
rules (when that kind is registered) at its destination. A piece that came into play or left
it is reported plainly, as information (rule ids :data:`ENTERED` and :data:`LEFT`); when the
scenario is known, a reinforcement brought in elsewhere than, or before, its setup says is an
error (:data:`ARRIVAL`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.model import Game
from toolkit.model.map import LocationKey
from toolkit.model.position import Piece, PieceId, Position
from toolkit.model.rules import MovementRule, Rule, ZocRule
from toolkit.model.scenario import Reinforcement
from toolkit.rules.context import Situation
from toolkit.rules.movement import allowance_of, path
from toolkit.rules.registry import CHECKS
from toolkit.rules.violations import Violation, violation
from toolkit.rules.words import piece_words, place_words, unless_words
from toolkit.rules.zoc import in_enemy_zone, side_of, zoc_map, zoc_rules

ENTERED = "entered-play"
"""The rule id of the notice that a piece came into play (a reinforcement, a replacement)."""
LEFT = "left-play"
"""The rule id of the notice that a piece left play (eliminated, withdrawn)."""
ARRIVAL = "reinforcement-entry"
"""The rule id of a reinforcement brought in where, or earlier than, its setup says."""


@dataclass(frozen=True, slots=True)
class Move:
    """One piece's change of place between two positions (None: off the map)."""

    piece: PieceId
    start: LocationKey | None
    end: LocationKey | None


def list_moves(before: Position, after: Position) -> list[Move]:
    """Every piece whose location differs between the positions, in the order of ``after``
    then of the pieces ``after`` no longer has."""
    moves: list[Move] = []
    seen: set[PieceId] = set()
    for piece in after.pieces:
        seen.add(piece.id)
        start = _location_in(before, piece.id)
        if start != piece.location:
            moves.append(Move(piece.id, start, piece.location))
    for piece in before.pieces:
        if piece.id not in seen and piece.location is not None:
            moves.append(Move(piece.id, piece.location, None))
    return moves


def check_moves(
    game: Game, before: Position, after: Position, setup_id: str | None = None
) -> list[Violation]:
    """Every broken movement, zoc or entry rule in the moves from ``before`` to ``after``,
    plus a notice for each piece that came into play or left it."""
    situation = Situation(game, before, setup_id)
    found: list[Violation] = []
    moved: set[PieceId] = set()
    for move in list_moves(before, after):
        moved.add(move.piece)
        if move.start is None or move.end is None:
            found.append(_notice(game, before, after, move))
        else:
            found.extend(_check_move(situation, before.piece(move.piece), move.end))
    found.extend(_entry(Situation(game, after, setup_id), moved))
    found.extend(_arrivals(game, setup_id, list_moves(before, after), before, after))
    return found


@dataclass(frozen=True, slots=True)
class Leg:
    """One part of a piece's move: from where it stood to where one logged action put it."""

    step: int
    """The index of the position the leg starts from."""
    start: LocationKey
    end: LocationKey


Traced = dict[tuple[int, PieceId], tuple[LocationKey, ...]]
"""(index of the position a leg starts from, piece) → the path the checker found for the leg,
from where the piece stood to where it went."""


def check_steps(
    game: Game, positions: Sequence[Position], setup_id: str | None = None
) -> list[Violation]:
    """Every broken movement, zoc or entry rule in a turn played as a series of positions
    (a VASSAL log, one position per logged action): :func:`trace_steps` without the paths."""
    return trace_steps(game, positions, setup_id)[0]


def trace_steps(
    game: Game, positions: Sequence[Position], setup_id: str | None = None
) -> tuple[list[Violation], Traced]:
    """Every broken movement, zoc or entry rule in a turn played as a series of positions
    (a VASSAL log, one position per logged action), and the path found for each leg the
    rules allowed (a leg that broke a rule has none: no legal path was found).

    A piece moved in several drags makes one move: its legs spend one allowance, each leg
    costed in the position it was made in; a leg after one that ended in an enemy zone of
    control that stops movement is a violation; entry rules are checked wherever a leg ends,
    so a unit passing through a place it may not enter is caught. Pieces that came into play
    or left it are noticed once, from the first position to the last.
    """
    if len(positions) < 2:
        return [], {}
    legs: dict[PieceId, list[Leg]] = {}
    entered: dict[tuple[str, tuple[str, ...], tuple[str, ...]], Violation] = {}
    for step, (before, after) in enumerate(itertools.pairwise(positions)):
        moved: set[PieceId] = set()
        for move in list_moves(before, after):
            if move.start is not None and move.end is not None:
                legs.setdefault(move.piece, []).append(Leg(step, move.start, move.end))
                moved.add(move.piece)
        for v in _entry(Situation(game, after, setup_id), moved):
            entered.setdefault((v.rule, v.locations, v.pieces), v)
    found: list[Violation] = []
    whole = list_moves(positions[0], positions[-1])
    for move in whole:
        if move.start is None or move.end is None:
            found.append(_notice(game, positions[0], positions[-1], move))
    found.extend(_arrivals(game, setup_id, whole, positions[0], positions[-1]))
    traced: Traced = {}
    for piece_id, piece_legs in legs.items():
        found.extend(_check_legs(game, positions, piece_id, piece_legs, setup_id, traced))
    found.extend(entered.values())
    return found, traced


def _check_legs(
    game: Game,
    positions: Sequence[Position],
    piece_id: PieceId,
    legs: list[Leg],
    setup_id: str | None,
    traced: Traced,
) -> list[Violation]:
    """A piece's legs against its movement rules and the zones of control it respects; the
    path of each leg a rule allowed goes into ``traced`` (the first rule's, when several)."""
    first = Situation(game, positions[legs[0].step], setup_id)
    piece = first.position.piece(piece_id)
    found: list[Violation] = []
    for rule in _movement_rules(first, piece):
        spent = 0.0
        for number, leg in enumerate(legs):
            situation = Situation(game, positions[leg.step], setup_id)
            at = situation.position.piece(piece_id)
            if number > 0 and legs[number - 1].end == leg.start:
                stopped = _stopped_at(situation, at, leg.start)
                if stopped is not None:
                    found.append(_zoc_no_continue(situation, stopped, at, leg))
                    break
            problem = _judge(situation, rule, at, leg.end, spent)
            if problem is not None:
                found.append(problem)
                break
            taken = path(situation, rule, piece_id, leg.end, allowance=math.inf)
            spent += taken[0] if taken is not None else 0
            if taken is not None:
                traced.setdefault((leg.step, piece_id), taken[1])
    return found


def _stopped_at(situation: Situation, piece: Piece, key: LocationKey) -> ZocRule | None:
    """The zoc rule whose enemy zone at ``key`` ended the piece's move there, if any."""
    side = side_of(situation, piece)
    for rule in zoc_rules(situation, piece):
        if rule.effect == "stop" and _in_zone(situation, rule, key, side):
            return rule
    return None


def _zoc_no_continue(situation: Situation, rule: ZocRule, piece: Piece, leg: Leg) -> Violation:
    game = situation.game
    message = (
        f"{piece_words(game, piece)} moved on from {place_words(game, leg.start)} to"
        f" {place_words(game, leg.end)}: it had entered an enemy zone of control there, which"
        f" ends its move.{unless_words(rule)}"
    )
    return violation(rule, message, (leg.start, leg.end), (piece.id,))


def _check_move(situation: Situation, piece: Piece, goal: LocationKey) -> list[Violation]:
    found: list[Violation] = []
    for rule in _movement_rules(situation, piece):
        problem = _judge(situation, rule, piece, goal)
        if problem is not None:
            found.append(problem)
    return found


def _judge(
    situation: Situation, rule: MovementRule, piece: Piece, goal: LocationKey, spent: float = 0
) -> Violation | None:
    """The violation of one move against one movement rule (or the zoc rule that stops it);
    ``spent``: the points earlier legs of the same move used."""
    game = situation.game
    start = piece.location or ""
    what = f"{piece_words(game, piece)} cannot move from {place_words(game, start)} to"
    what += f" {place_words(game, goal)}"
    allowance = allowance_of(situation, rule, piece)
    if allowance is None:
        message = f"{what}: its allowance cannot be read, so {rule.id!r} cannot judge the move."
        return Violation(rule.id, rule.cite, "info", message, (start, goal), (piece.id,))
    left = allowance - spent
    if path(situation, rule, piece.id, goal, allowance=left) is not None:
        return None
    if path(situation, rule, piece.id, goal, zoc=False, allowance=left) is not None:
        return _zoc_stop(situation, piece, goal, what)
    longest = path(situation, rule, piece.id, goal, zoc=False, allowance=math.inf)
    if longest is None:
        reason = "no path open to it reaches there (prohibited terrain or hexsides on the way)"
    elif spent:
        reason = (
            f"the cheapest path costs {_points(longest[0])} movement points, and only"
            f" {_points(left)} of its allowance of {_points(allowance)} were left after the"
            f" {_points(spent)} it spent earlier in the move"
        )
    else:
        reason = (
            f"the cheapest path costs {_points(longest[0])} movement points and its allowance"
            f" is {_points(allowance)}"
        )
    return violation(rule, f"{what}: {reason}.{unless_words(rule)}", (start, goal), (piece.id,))


def _zoc_stop(situation: Situation, piece: Piece, goal: LocationKey, what: str) -> Violation:
    """The zoc rule that forbids a move an allowance and the terrain allow."""
    start = piece.location or ""
    side = side_of(situation, piece)
    rules = zoc_rules(situation, piece)
    holding = [r for r in rules if r.effect == "no-exit" and _in_zone(situation, r, start, side)]
    rule: ZocRule = holding[0] if holding else rules[0]
    if holding:
        reason = "it may not leave the enemy zone of control it stands in"
    else:
        reason = "enemy zones of control on every path within its allowance end its move earlier"
    return violation(rule, f"{what}: {reason}.{unless_words(rule)}", (start, goal), (piece.id,))


def _in_zone(situation: Situation, rule: ZocRule, key: LocationKey, side: str | None) -> bool:
    return in_enemy_zone(zoc_map(situation, rule), key, side)


def _movement_rules(situation: Situation, piece: Piece) -> list[MovementRule]:
    """The movement rules covering a move of this piece: in force, for its kind of piece, and
    for moves from where it stands (``where``)."""
    found = []
    counter = situation.counter(piece)
    start = situation.location(piece.location or "")
    for rule in situation.game.rules:
        if not isinstance(rule, MovementRule) or not _in_force(situation, rule):
            continue
        if rule.when == "setup" or not rule.pieces.matches(counter, situation.index, piece.owner):
            continue
        if rule.where.matches(start, situation.index, situation.position.controller(start.key)):
            found.append(rule)
    return found


def _entry(situation: Situation, moved: set[PieceId]) -> list[Violation]:
    """The entry rules' violations, in the position after the moves, of the pieces that moved."""
    check = CHECKS.get("entry")
    if check is None:
        return []
    found: list[Violation] = []
    for rule in situation.game.rules:
        if rule.kind == "entry" and _in_force(situation, rule):
            found.extend(v for v in check(situation, rule) if moved.intersection(v.pieces))
    return found


def _arrivals(
    game: Game, setup_id: str | None, moves: list[Move], before: Position, after: Position
) -> list[Violation]:
    """Reinforcements brought into play (or out of the box they wait in) somewhere their setup
    does not let them enter, or before their turn. A piece is matched to the setup's
    reinforcements by its counter, not its id: a piece brought in from VASSAL's palette gets
    a new id. A counter the setup brings in nowhere (a replacement) is not judged."""
    if setup_id is None or setup_id not in {s.id for s in game.setups}:
        return []
    reinforcements = game.setup(setup_id).reinforcements
    found: list[Violation] = []
    for move in moves:
        if move.end is None:
            continue
        piece = after.piece(move.piece)
        options = [
            r
            for r in reinforcements
            if any(p.counter == piece.counter for p in r.pieces)
            and (move.start is None or move.start == r.waiting)
        ]
        if not options or any(_may_arrive(r, move.end, after.turn) for r in options):
            continue
        found.append(_arrival_violation(game, setup_id, piece, move.end, after.turn, options))
    return found


def _may_arrive(reinforcement: Reinforcement, place: LocationKey, turn: int | None) -> bool:
    early = turn is not None and turn < reinforcement.turn
    return not early and _enters_at(reinforcement, place)


def _enters_at(reinforcement: Reinforcement, place: LocationKey) -> bool:
    if reinforcement.at is not None:
        return place == reinforcement.at
    return not reinforcement.enter or place in reinforcement.enter


def _arrival_violation(
    game: Game,
    setup_id: str,
    piece: Piece,
    place: LocationKey,
    turn: int | None,
    options: list[Reinforcement],
) -> Violation:
    """Said against the first reinforcement the piece could be: where, or when, it arrives."""
    allowed = [r for r in options if _enters_at(r, place)]
    first = (allowed or options)[0]
    setup = game.setup(setup_id)
    who = piece_words(game, piece)
    if allowed:
        message = (
            f"{who} came into play at {place_words(game, place)} on turn {turn}; "
            f"the setup brings it in on turn {first.turn}."
        )
    else:
        where = _where(game, first)
        message = (
            f"{who} came into play at {place_words(game, place)}; "
            f"the setup brings it in on turn {first.turn} at {where}."
        )
    cite = f"setup {setup.name}, reinforcements"
    return Violation(ARRIVAL, cite, "error", message, (place,), (piece.id,))


def _where(game: Game, reinforcement: Reinforcement) -> str:
    """Where a reinforcement comes in, as the setup sheet says it: its place, a few places by
    name, or the source's own words for many (a map edge, a range of hexes)."""
    if reinforcement.at is not None:
        return place_words(game, reinforcement.at)
    if len(reinforcement.enter) > 3 and reinforcement.enter_text:
        return reinforcement.enter_text
    return " or ".join(place_words(game, key) for key in reinforcement.enter)


def _in_force(situation: Situation, rule: Rule) -> bool:
    if rule.severity == "ignore":
        return False
    return situation.setup_id is None or rule.applies_in(situation.setup_id)


def _notice(game: Game, before: Position, after: Position, move: Move) -> Violation:
    """A piece came into play or left it: said plainly, for the players to account for."""
    if move.start is None:
        piece = after.piece(move.piece)
        place = place_words(game, move.end or "")
        message = f"{piece_words(game, piece)} came into play at {place}."
        return Violation(ENTERED, "", "info", message, (move.end or "",), (move.piece,))
    piece = before.piece(move.piece)
    message = f"{piece_words(game, piece)} left play from {place_words(game, move.start)}."
    return Violation(LEFT, "", "info", message, (move.start,), (move.piece,))


def _location_in(position: Position, piece_id: PieceId) -> LocationKey | None:
    try:
        return position.piece(piece_id).location
    except ValueError:
        return None


def _points(value: float) -> str:
    return f"{value:g}"
