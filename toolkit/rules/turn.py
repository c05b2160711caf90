"""Checking a turn: what moved between two positions, and whether each move was legal.

Pieces are paired by id. A piece that changed location made a move, checked against every
movement rule that covers it (a path within its allowance, respecting zones of control, must
exist in the position before the move; or a way along the rule's unlimited lines, or within its
forced march, whose loss the position after the move must show), the zones of control it must
respect, and the entry rules (when that kind is registered) at its destination. A piece that
came into play or left it is reported plainly, as information (rule ids :data:`ENTERED` and
:data:`LEFT`); when the scenario is known, a reinforcement brought in elsewhere than, or before,
its setup says is an error (:data:`ARRIVAL`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from toolkit.model import Game
from toolkit.model.map import LocationKey
from toolkit.model.position import Piece, PieceId, Position
from toolkit.model.rules import MovementRule, PropertyRef, Rule, ZocRule
from toolkit.model.scenario import Reinforcement
from toolkit.rules.context import Situation
from toolkit.rules.movement import (
    allowance_of,
    forced_allowance,
    in_any_zone,
    line_path,
    number_of,
    on_line,
    path,
    unfriendly_on,
)
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
    found: list[Violation] = []
    moved: set[PieceId] = set()
    for move in list_moves(before, after):
        moved.add(move.piece)
        if move.start is None or move.end is None:
            found.append(_notice(game, before, after, move))
        else:
            leg = Leg(0, move.start, move.end)
            found.extend(_check_legs(game, (before, after), move.piece, [leg], setup_id, {}))
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

    A piece moved in several drags makes one move: its legs spend one allowance, each leg costed in
    the position it was made in (or they all run along the rule's unlimited lines, or they make a
    forced march, whose loss the last position must show); a leg after one that ended in an enemy
    zone of control that stops movement is a violation; entry rules are checked wherever a leg ends,
    so a unit passing through a place it may not enter is caught. Pieces that came into play or left
    it are noticed once, from the first position to the last.
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
    path of each leg a rule allowed goes into ``traced`` (the first rule's, when several).
    A forced march made along the way must show its loss by the last position."""
    first = Situation(game, positions[legs[0].step], setup_id)
    piece = first.position.piece(piece_id)
    found: list[Violation] = []
    for rule in _movement_rules(first, piece):
        along = rule.unlimited_along
        begins_on_line = along is not None and on_line(first, along, legs[0].start)
        march = _March(line="open" if begins_on_line else "closed")
        for number, leg in enumerate(legs):
            situation = Situation(game, positions[leg.step], setup_id)
            at = situation.position.piece(piece_id)
            if number > 0 and legs[number - 1].end == leg.start:
                stopped = _stopped_at(situation, at, leg.start)
                if stopped is not None:
                    found.append(_zoc_no_continue(situation, stopped, at, leg))
                    break
            way = _judge(situation, rule, at, leg.end, march, number == 0)
            if isinstance(way, Violation):
                found.append(way)
                break
            march.take(way)
            traced.setdefault((leg.step, piece_id), way.keys)
        else:
            if march.forced:
                found.extend(_unpaid(game, positions, piece_id, legs, rule, setup_id))
    return found


@dataclass(frozen=True, slots=True)
class _Way:
    """How one leg was legal: its path, what it cost, and by what right."""

    keys: tuple[LocationKey, ...]
    cost: float = 0.0
    by: Literal["allowance", "line", "forced"] = "allowance"
    along_line: bool = False
    """Within the allowance, and along the rule's unlimited lines too."""


@dataclass(slots=True)
class _March:
    """What the legs of one piece's move under one rule have used so far."""

    spent: float = 0.0
    forced: bool = False
    """A leg went beyond the allowance on a forced march."""
    line: Literal["open", "closed", "taken"] = "open"
    """May the move still be one along unlimited lines (open), is it one (taken), or has it
    left them or begun off them (closed)?"""

    def take(self, way: _Way) -> None:
        """Account for a legal leg."""
        self.spent += way.cost
        if way.by == "line":
            self.line = "taken"
        elif way.by == "forced" or not way.along_line:
            self.line = "closed" if self.line == "open" else self.line
        self.forced = self.forced or way.by == "forced"


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


def _judge(
    situation: Situation,
    rule: MovementRule,
    piece: Piece,
    goal: LocationKey,
    march: _March,
    first: bool = True,
) -> _Way | Violation:
    """One leg of a move against one movement rule: the way it went, or the violation (of the
    rule, or of the zoc rule that stops it). ``march``: what earlier legs of the move used;
    ``first``: the leg begins the move.

    A leg is legal within what is left of the allowance, or along the rule's unlimited lines
    when the whole move runs along them, or within what is left of a forced march."""
    start = piece.location or ""
    allowance = allowance_of(situation, rule, piece)
    if allowance is None:
        what = _what(situation, piece, goal)
        message = f"{what}: its allowance cannot be read, so {rule.id!r} cannot judge the move."
        return Violation(rule.id, rule.cite, "info", message, (start, goal), (piece.id,))
    along = line_path(situation, rule, piece.id, goal, first) if march.line != "closed" else None
    if march.line == "taken":
        return _Way(along) if along is not None else _off_line(situation, rule, piece, goal, first)
    left = allowance - march.spent
    walked = path(situation, rule, piece.id, goal, allowance=left)
    if walked is not None:
        return _Way(walked[1], walked[0], along_line=along is not None)
    if along is not None:
        return _Way(along, by="line")
    forced = forced_allowance(situation, rule, piece)
    reach = left if forced is None else max(left, forced - march.spent)
    marched = path(situation, rule, piece.id, goal, allowance=reach) if forced else None
    if marched is not None:
        return _Way(marched[1], marched[0], by="forced")
    return _too_far(situation, rule, piece, goal, march, first, (allowance, forced, reach))


def _too_far(
    situation: Situation,
    rule: MovementRule,
    piece: Piece,
    goal: LocationKey,
    march: _March,
    first: bool,
    allowances: tuple[float, float | None, float],
) -> Violation:
    """Why a leg no way allowed is illegal: zones of control on the way, a move along the
    lines the rule's conditions forbid, or a path longer than the allowance."""
    allowance, forced, reach = allowances
    start = piece.location or ""
    what = _what(situation, piece, goal)
    if path(situation, rule, piece.id, goal, zoc=False, allowance=reach) is not None:
        return _zoc_stop(situation, piece, goal, what)
    if march.line != "closed":
        loose = line_path(situation, rule, piece.id, goal, first, zoc=False, control=False)
        if loose is not None:
            return _line_problem(situation, rule, piece, goal, loose)
    spent = march.spent
    left = allowance - spent
    longest = path(situation, rule, piece.id, goal, zoc=False, allowance=math.inf)
    if longest is None:
        reason = "no path open to it reaches there (prohibited terrain or hexsides on the way)"
    elif spent:
        reason = (
            f"the cheapest path costs {_points(longest[0])} movement points, and only"
            f" {_points(max(left, 0))} of its allowance of {_points(allowance)} were left after"
            f" the {_points(spent)} it spent earlier in the move"
        )
    else:
        reason = (
            f"the cheapest path costs {_points(longest[0])} movement points and its allowance"
            f" is {_points(allowance)}"
        )
    if longest is not None and forced is not None and rule.forced_march is not None:
        reason += f" ({_points(forced)} on a forced march, {rule.forced_march.cite})"
    note = _line_note(situation, rule, goal)
    message = f"{what}: {reason}.{note}{unless_words(rule)}"
    return violation(rule, message, (start, goal), (piece.id,))


def _line_problem(
    situation: Situation,
    rule: MovementRule,
    piece: Piece,
    goal: LocationKey,
    loose: tuple[LocationKey, ...],
) -> Violation:
    """What forbids a move along the rule's unlimited lines that the lines themselves allow:
    an enemy zone where it begins or ends, a place not under friendly control, or enemy zones
    on the way (the zoc rule's to say)."""
    along = rule.unlimited_along
    assert along is not None  # only called for a rule with unlimited lines
    start = piece.location or ""
    what = _what(situation, piece, goal)
    name = _line_name(situation, along.lines)
    unfriendly = unfriendly_on(situation, piece, loose) if along.friendly_control else None
    if along.ends_outside_zoc and in_any_zone(situation, piece, start):
        reason = f"a move along the {name} may not begin in an enemy zone of control"
    elif along.ends_outside_zoc and in_any_zone(situation, piece, goal):
        reason = f"a move along the {name} may not end in an enemy zone of control"
    elif unfriendly is not None and line_path(situation, rule, piece.id, goal, zoc=False) is None:
        place = place_words(situation.game, unfriendly)
        reason = f"the {name} passes {place}, which is not under friendly control"
    else:
        return _zoc_stop(situation, piece, goal, what, f"cut every way along the {name}")
    message = f"{what}: {reason}."
    message += unless_words(rule)
    return Violation(rule.id, along.cite, rule.severity, message, (start, goal), (piece.id,))


def _off_line(
    situation: Situation, rule: MovementRule, piece: Piece, goal: LocationKey, first: bool
) -> Violation:
    """A leg of a move already beyond its allowance along the lines that is not along them."""
    loose = line_path(situation, rule, piece.id, goal, first, zoc=False, control=False)
    if loose is not None:
        return _line_problem(situation, rule, piece, goal, loose)
    along = rule.unlimited_along
    assert along is not None  # a move is taken along lines only under a rule that has them
    name = _line_name(situation, along.lines)
    message = (
        f"{_what(situation, piece, goal)}: it has gone beyond its allowance along the {name},"
        f" and such a move runs wholly along the {name}."
    )
    start = piece.location or ""
    message += unless_words(rule)
    return Violation(rule.id, along.cite, rule.severity, message, (start, goal), (piece.id,))


def _line_note(situation: Situation, rule: MovementRule, goal: LocationKey) -> str:
    """A word on the rule's unlimited lines when the move ends on them: they carry only a move
    that runs wholly along them from a place on them."""
    along = rule.unlimited_along
    if along is None or not on_line(situation, along, goal):
        return ""
    name = _line_name(situation, along.lines)
    return (
        f" A move of any length along the {name} must begin on it and run wholly along it"
        f" ({along.cite})."
    )


def _line_name(situation: Situation, lines: frozenset[str]) -> str:
    names = [t.name.lower() for t in situation.game.line_types if t.id in lines]
    return " or ".join(names) if names else " or ".join(sorted(lines))


def _what(situation: Situation, piece: Piece, goal: LocationKey) -> str:
    game = situation.game
    start = piece.location or ""
    return (
        f"{piece_words(game, piece)} cannot move from {place_words(game, start)} to"
        f" {place_words(game, goal)}"
    )


def _unpaid(
    game: Game,
    positions: Sequence[Position],
    piece_id: PieceId,
    legs: list[Leg],
    rule: MovementRule,
    setup_id: str | None,
) -> list[Violation]:
    """A forced march whose loss the last position does not show on the piece, against the
    first position that has it (the loss may be shown before the move); one that left play,
    or was replaced, is not judged."""
    march = rule.forced_march
    if march is None or not march.loss:
        return []
    first = next(p for p in positions if _location_in(p, piece_id) is not None)
    before = Situation(game, first, setup_id)
    after = Situation(game, positions[-1], setup_id)
    piece = before.position.piece(piece_id)
    try:
        now = after.position.piece(piece_id)
    except ValueError:
        return []
    if now.location is None or now.counter != piece.counter:
        return []
    lost = _strength(before, march.loss_property, piece) - _strength(
        after, march.loss_property, now
    )
    if lost >= march.loss:
        return []
    prop = march.loss_property
    unit = f"point(s) of {prop.replace('_', ' ')}" if prop else "step(s)"
    shown = "shows no loss" if lost <= 0 else f"has lost only {_points(lost)}"
    start, end = legs[0].start, legs[-1].end
    message = (
        f"{piece_words(game, piece)} went from {place_words(game, start)} to"
        f" {place_words(game, end)} on a forced march, beyond its allowance, and must lose"
        f" {march.loss} {unit} for it, but {shown}."
    )
    return [Violation(rule.id, march.cite, rule.severity, message, (start, end), (piece_id,))]


def _strength(situation: Situation, prop: str | None, piece: Piece) -> float:
    if prop is None:
        return float(piece.step)
    return number_of(situation, PropertyRef(prop), piece) or 0.0


def _zoc_stop(
    situation: Situation,
    piece: Piece,
    goal: LocationKey,
    what: str,
    cut: str = "on every path within its allowance end its move earlier",
) -> Violation:
    """The zoc rule that forbids a move an allowance and the terrain allow."""
    start = piece.location or ""
    side = side_of(situation, piece)
    rules = zoc_rules(situation, piece)
    holding = [r for r in rules if r.effect == "no-exit" and _in_zone(situation, r, start, side)]
    rule: ZocRule = holding[0] if holding else rules[0]
    if holding:
        reason = "it may not leave the enemy zone of control it stands in"
    else:
        reason = f"enemy zones of control {cut}"
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
