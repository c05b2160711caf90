"""A log's steps as one side may read them: the pieces after each step, the moves, the chat and
dice VASSAL recorded, the turn the log says it is, and the rules each step broke.

Everything here is already seen through :mod:`toolkit.report.scene`: a step holds no piece
the viewer may not see, and its texts have the names of hidden pieces taken out.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from toolkit.catalogue import ENGLISH, Words
from toolkit.model.map import LocationKey, parse_location_key
from toolkit.model.position import Position
from toolkit.report.control import combats_called
from toolkit.report.scene import Shown, face_of, hidden_names, members, scene, where
from toolkit.report.unread import Unread
from toolkit.rules.violations import Violation
from toolkit.vassal.format.commands import AddPiece
from toolkit.vassal.format.layout import Board as PlacedBoard
from toolkit.vassal.read.chat import parse_new_turn
from toolkit.vassal.read.logs import LogError, StepReplay, parse_move
from toolkit.vassal.read.positions import place_at

HIDDEN = ENGLISH("report.hidden")
"""What a hidden piece's name becomes in a text the viewer reads (in English; a report says
it in the game's language)."""


DICE = re.compile(r"^\*{1,3}\s*(?P<dice>[^*=]+?)\s*=\s*(?P<result>[^*]+?)\s*\*{2,3}")
"""How a VASSAL dice button reports a roll ("** 2d6 = 3,5 *** <Alice>", its default)."""
CHAT = "CHAT"
PIECE_ID = re.compile(r"\s*\([\w-]+/\d+\)")
"""A piece id in parentheses after its name, as the checker's messages write it."""


@dataclass(frozen=True, slots=True)
class Move:
    """A piece or stack drawn from one point of a board to another (``start`` None: it came
    from off the board, so only where it went is marked)."""

    board: str
    start: tuple[int, int] | None
    end: tuple[int, int]
    name: str
    via: tuple[tuple[int, int], ...] = ()
    """The places it passed through on the way, where the checker traced its path."""


@dataclass(frozen=True, slots=True)
class Broken:
    """A rule a step broke, worded for the viewer."""

    rule: str
    cite: str
    severity: str
    message: str
    places: tuple[str, ...]
    """The labels of the places involved ('0604')."""


@dataclass(frozen=True, slots=True)
class Step:
    """One logged action (number 0: the game as the log began)."""

    number: int
    turn: str
    """What the log last said the turn and phase are ('' before it says)."""
    pieces: tuple[Shown, ...]
    moves: tuple[Move, ...]
    chat: tuple[str, ...]
    dice: tuple[str, ...]
    broken: tuple[Broken, ...]
    hands: tuple[Hand, ...] = ()
    combats: tuple[str, ...] = ()
    """Where each combat the step called in the chat is fought."""
    taken: tuple[str, ...] = ()
    """The named places that changed hands in the step."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A side's hand as the viewer sees it: how many cards, and their names if it is the
    viewer's own hand (another side's hand shows only its size)."""

    name: str
    count: int
    cards: tuple[str, ...]


def hands_seen(
    pieces: Mapping[str, AddPiece], hands: Mapping[str, str], viewer: str | None
) -> tuple[Hand, ...]:
    """Each hand (``hands``: hand map name → its side's name) as ``viewer`` sees it."""
    held: dict[str, list[str]] = {name: [] for name in hands}
    for piece in pieces.values():
        board, _ = where(piece)
        if board in held and piece.basic.type.startswith("piece;"):
            held[board].append(face_of(piece)[1])
    return tuple(
        Hand(name, len(cards), tuple(sorted(cards)) if hands[name] == viewer else ())
        for name, cards in held.items()
    )


def scrub(text: str, hidden: Sequence[str], instead: str = HIDDEN) -> str:
    """``text`` with every hidden name or id, as a whole word, replaced by ``instead``."""
    for name in hidden:
        pattern = r"(?<![\w-])" + re.escape(name) + r"(?![\w-])"
        text = re.sub(pattern, lambda _: instead, text, flags=re.IGNORECASE)
    return text


def chat_lines(commands: Sequence[str]) -> list[str]:
    """The chat text of a step's commands (dice reports and turn reports included)."""
    found: list[str] = []
    for command in commands:
        if command.startswith(CHAT):
            text = html.unescape(command[len(CHAT) :]).strip()
            if text:
                found.append(" ".join(text.split()))
    return found


SPEAKER = re.compile(r"^<(?P<who>[^<>]+)>\s*(?:-\s*)?(?P<text>.*)$")
"""A player's chat line as VASSAL writes it ("<Anne> - see you")."""


def chat_title(line: str, say: Words) -> str:
    """A chat line as a step's title in a list: a roll as its result, a player's line after
    their name (as the game's language sets it), and VASSAL's report stars left out
    ("2d6 = 3,5", "Anne: see you")."""
    rolled = DICE.match(line)
    if rolled is not None:
        return f"{rolled.group('dice')} = {rolled.group('result')}"
    said = SPEAKER.match(line.lstrip("* ").rstrip("* "))
    if said is not None:
        return say("report.page.said", who=said.group("who"), text=said.group("text"))
    return line.strip("* ")


def turn_said(chat: Sequence[str], turn: str) -> str:
    """The turn the chat says it now is (the last it says), else ``turn``."""
    for line in chat:
        turn = parse_new_turn(line) or turn
    return turn


def dice_rolled(chat: Sequence[str]) -> list[str]:
    """The rolls the chat reports ('2d6 = 3,5')."""
    return [f"{m.group('dice')} = {m.group('result')}" for m in map(DICE.match, chat) if m]


def step_moves(
    commands: Sequence[str],
    shown: Mapping[str, Shown],
    pieces: Mapping[str, AddPiece],
    boards: frozenset[str],
    tables: frozenset[str] = frozenset(),
) -> tuple[list[Move], list[Unread]]:
    """The moves of a step that land on a board, named as the viewer sees the piece (a
    stack by its top piece), and what went unread: a move that cannot be read or goes to a
    map that is neither a board nor one of ``tables`` (the module's hands and card table)."""
    moves: list[Move] = []
    problems: list[Unread] = []
    for command in commands:
        if not command.startswith("M/"):
            continue
        try:
            move = parse_move(command)
        except LogError as error:
            problems.append(Unread("action", str(error)))
            continue
        if move.map_id is not None and move.map_id not in boards | tables:
            line = f"a piece moves to map {move.map_id!r}, which the module does not have"
            problems.append(Unread("map", line, map_name=move.map_id))
        if move.map_id is None or move.map_id not in boards:
            continue
        ref = move.piece_id
        piece = pieces.get(ref)
        if piece is not None and piece.basic.type == "stack":
            tops = [m for m in members(piece) if m in shown]
            ref = tops[-1] if tops else ref
        if ref not in shown:
            continue  # not on a board the viewer sees
        start = move.old_at if move.old_map_id == move.map_id else None
        moves.append(Move(move.map_id, start, move.at, shown[ref].name))
    return moves, problems


def _broken(v: Violation, hidden: Sequence[str]) -> Broken:
    places = tuple(parse_location_key(key)[1] for key in v.locations)
    # the checker's piece ids ('rd-1-inf/3') are for tools; a player reads the names
    message = scrub(PIECE_ID.sub("", " ".join(v.message.split())), hidden)
    return Broken(v.rule, v.cite, v.severity, message, places)


def violation_steps(positions: Sequence[Position], violations: Sequence[Violation]) -> list[int]:
    """The step each violation belongs to: the last one that moved one of its pieces onto one
    of its places, else the last that moved one of its pieces, else the last step."""
    moved: list[dict[str, str | None]] = []
    for before, after in itertools.pairwise(positions):
        was = {p.id: p.location for p in before.pieces}
        moved.append({p.id: p.location for p in after.pieces if was.get(p.id, "") != p.location})
    found: list[int] = []
    for v in violations:
        onto = [
            n for n, m in enumerate(moved, 1) if any(m.get(p, 0) in v.locations for p in v.pieces)
        ]
        any_move = [n for n, m in enumerate(moved, 1) if any(p in m for p in v.pieces)]
        found.append((onto or any_move or [len(moved)])[-1])
    return found


def story(
    replay: StepReplay,
    commands: Sequence[Sequence[str]],
    boards: frozenset[str],
    viewer: str | None,
    positions: Sequence[Position],
    violations: Sequence[Violation],
    tables: frozenset[str] = frozenset(),
    hands: Mapping[str, str] | None = None,
    notes: Sequence[Unread] = (),
    instead: str = HIDDEN,
) -> tuple[tuple[Step, ...], list[Unread]]:
    """Every step of a replayed log as ``viewer`` sees it (``commands``: each step's logged
    commands), and what could not be read in it; ``positions`` are the checker's, one more than
    the steps, and ``violations`` what the checker found in their movement
    (:func:`toolkit.check.log_movement`); ``tables``: the module's maps that are not boards;
    ``hands``: hand map name → its side's name; ``notes``: what reading the log found wrong,
    which may name hidden pieces (scrubbed like the chat); ``instead``: what a hidden piece's
    name becomes, in the game's language."""
    table: dict[str, AddPiece] = dict(replay.start)
    states = [dict(table)]
    for changed in replay.steps:
        table.update(changed)
        states.append(dict(table))
    hidden = sorted(
        set().union(*(hidden_names(t, viewer) for t in states)), key=lambda n: (-len(n), n)
    )
    by_step: dict[int, list[Broken]] = {}
    if len(positions) == len(states):
        for v, number in zip(violations, violation_steps(positions, violations), strict=True):
            by_step.setdefault(number, []).append(_broken(v, hidden))
    steps: list[Step] = []
    problems = [replace(note, line=scrub(note.line, hidden, instead)) for note in notes]
    turn = ""
    for number, pieces in enumerate(states):
        shown = scene(pieces, boards, viewer)
        logged = commands[number - 1] if number else ()
        moves, unread = step_moves(logged, {s.ref: s for s in shown}, pieces, boards, tables)
        problems += [
            replace(u, action=number, line=f"logged action {number}: {u.line}") for u in unread
        ]
        chat = [scrub(line, hidden, instead) for line in chat_lines(logged)]
        turn = turn_said(chat, turn)
        dice = dice_rolled(chat)
        steps.append(
            Step(
                number,
                turn,
                shown,
                tuple(moves),
                tuple(chat),
                tuple(dice),
                tuple(by_step.get(number, ())),
                hands_seen(pieces, hands or {}, viewer),
                combats_called(chat),
            )
        )
    return tuple(steps), problems


def traced_moves(
    steps: Sequence[Step],
    traced: Mapping[tuple[int, str], tuple[LocationKey, ...]],
    boards: Mapping[str, PlacedBoard],
) -> tuple[Step, ...]:
    """The steps, each move the checker traced drawn along the path it found: through the
    middle of every place between where the piece stood and where it went (``traced``: leg
    paths by the index of the position before the leg; ``boards``: where places lie, by board
    name). A move it did not trace stays a straight line."""
    by_step: dict[int, list[tuple[LocationKey, ...]]] = {}
    for (index, _), keys in traced.items():
        if len(keys) > 2:
            by_step.setdefault(index + 1, []).append(keys)
    found: list[Step] = []
    for step in steps:
        paths = by_step.get(step.number, [])
        moves = tuple(_along(move, paths, boards) for move in step.moves) if paths else ()
        found.append(replace(step, moves=moves) if moves else step)
    return tuple(found)


def _along(
    move: Move, paths: Sequence[tuple[LocationKey, ...]], boards: Mapping[str, PlacedBoard]
) -> Move:
    """The move through the places of the path that starts and ends where it does."""
    board = boards.get(move.board)
    if board is None or move.start is None:
        return move
    ends = (place_at(board, *move.start), place_at(board, *move.end))
    for keys in paths:
        places = [parse_location_key(key) for key in keys]
        if any(map_id != board.map_id for map_id, _ in places):
            continue
        if (places[0][1], places[-1][1]) == ends:
            via = tuple(board.centres[label] for _, label in places[1:-1] if label in board.centres)
            return replace(move, via=via)
    return move
