"""VASSAL logs (.vlog), the files play-by-email players exchange: the game as it stood when
logging began, and every action logged after it, replayed into the pieces the log ends with.

VASSAL writes a log exactly as it writes a saved game (a zip whose ``savedGame`` entry holds the
obfuscated command stream, plus ``savedata``), and the stream starts as a save does:
``begin_save``, the pieces, each component's restore command, ``end_save``. Each logged action
follows at the top level as ``LOG<TAB>`` and the action's own command; the commands it carried
with it (a piece marked as moved, a stack made for it) follow inside the same token, one ESC
level deeper, each again behind ``LOG<TAB>``. An undo is logged as an action too: ``UNDO<TAB>
true``, the inverse commands, ``UNDO<TAB>false``.

The commands a replay honours are those that place pieces (VASSAL's ``BasicCommandEncoder``):
``+/id/type/state`` adds a piece or a stack, ``-/id`` removes one, ``D/id/newState[/oldState]``
sets a piece's whole state, and ``M/id/map/x/y/underId/oldMap/oldX/oldY/oldUnderId/player``
moves it (``null`` for no map, no piece under). Every other command (chat, dice, turn counters)
changes no piece and is skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.vassal.format.codec import ESC, decode, encode, split_first, split_tokens
from toolkit.vassal.format.commands import (
    ADD_PIECE,
    AddPiece,
    Level,
    PieceStringError,
    format_add_piece,
    leaf_commands,
    parse_add_piece,
)
from toolkit.vassal.read.reader import open_archive, read_saved_game

LOG = "LOG\t"
"""How a logged action's command starts (VASSAL's ``BasicLogger.LOG``)."""
BEGIN_SAVE = "begin_save"
"""The first command of a saved game's stream, and of a log's."""
MOVE = "M/"
CHANGE = "D/"
REMOVE = "-/"

PieceRef = str
"""A piece's id in a VASSAL game (a number as text, as VASSAL hands them out)."""


class LogError(ValueError):
    """A command stream that is not a VASSAL log; the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class GameLog:
    """A log's command stream taken apart."""

    start: tuple[str, ...]
    """The commands of the game as it stood when logging began (``begin_save`` … ``end_save``),
    as top-level tokens: :func:`leaf_commands` flattens each."""
    steps: tuple[tuple[str, ...], ...]
    """Each logged action's commands in order, ``LOG<TAB>`` removed: its own, then those it
    carried."""

    def start_commands(self) -> list[str]:
        """The commands of the starting game, nested ones flattened."""
        return [leaf for token in self.start for leaf in leaf_commands(token)]


def decode_log(stream: str) -> GameLog:
    """A log's command stream taken apart (the inverse of :func:`encode_log`).

    :raises LogError: the stream does not start as a saved game does, or logs nothing.
    """
    tokens = split_tokens(stream, ESC)
    if tokens[0] != BEGIN_SAVE:
        raise LogError(f"the game does not begin with {BEGIN_SAVE!r}: not a VASSAL log")
    start: list[str] = []
    steps: list[tuple[str, ...]] = []
    for token in tokens:
        if token.startswith(LOG):
            leaves = leaf_commands(token)
            steps.append(tuple(leaf.removeprefix(LOG) for leaf in leaves))
        elif not steps:
            start.append(token)
    if not steps:
        raise LogError("no logged action: a saved game, not a log (check it with --save)")
    return GameLog(tuple(start), tuple(steps))


def encode_log(start: str, steps: Sequence[Sequence[str]]) -> str:
    """The command stream VASSAL writes for a log: the starting game's stream (a saved
    game's, ``begin_save`` … ``end_save``), then each action's commands behind ``LOG<TAB>``,
    the first the action's own and the rest nested one level deeper."""
    actions = [encode([LOG + command for command in step], ESC) for step in steps if step]
    return encode([*split_tokens(start, ESC), *actions], ESC)


def read_log(log_path: Path) -> GameLog:
    """The log in a ``.vlog`` file, read as hostile input (the saved game's limits).

    :raises ArchiveError: unreadable, too large, not a zip, no ``savedGame`` entry.
    :raises LogError: a stream that is not a log.
    """
    with open_archive(log_path) as archive:
        return decode_log(read_saved_game(archive))


# -- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MovePiece:
    """A logged move (``M/``): where a piece or stack went and where it came from."""

    piece_id: PieceRef
    map_id: str | None
    """The map it went to; ``None`` off every map."""
    at: tuple[int, int]
    under_id: PieceRef | None
    """The piece it was stacked on, if any."""
    old_map_id: str | None
    old_at: tuple[int, int]
    old_under_id: PieceRef | None
    player_id: str | None


def parse_move(command: str) -> MovePiece:
    """A move command read as VASSAL reads it.

    :raises LogError: not ``M/…``, a field missing, or a coordinate that is not a number.
    """
    if not command.startswith(MOVE):
        raise LogError(f"not a move: {_excerpt(command)}")
    fields = decode(command[len(MOVE) :], "/")
    if len(fields) < 9:
        raise LogError(f"a move with {len(fields)} fields, not 9 or 10: {_excerpt(command)}")
    try:
        at = (int(fields[2]), int(fields[3]))
        old_at = (int(fields[6]), int(fields[7]))
    except ValueError:
        problem = "a move to or from a point that is not a number"
        raise LogError(f"{problem}: {_excerpt(command)}") from None
    player = fields[9] if len(fields) > 9 else None
    nulls = [None if f == "null" else f for f in fields[:9]]
    piece_id = fields[0]
    return MovePiece(piece_id, nulls[1], at, nulls[4], nulls[5], old_at, nulls[8], player)


def format_move(move: MovePiece) -> str:
    """The command VASSAL writes for a move (the inverse of :func:`parse_move`)."""
    fields = [
        move.piece_id,
        move.map_id or "null",
        str(move.at[0]),
        str(move.at[1]),
        move.under_id or "null",
        move.old_map_id or "null",
        str(move.old_at[0]),
        str(move.old_at[1]),
        move.old_under_id or "null",
    ]
    if move.player_id is not None:
        fields.append(move.player_id)
    return MOVE + encode(fields, "/")


# -- replay --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Replay:
    """The pieces a log ends with, and what in it could not be replayed."""

    commands: tuple[str, ...]
    """One AddPiece command per piece and stack, as a save taken at the end would hold them:
    the starting game's in their order (a removed piece kept, off every map, so that pieces
    keep their numbers), then those the log added."""
    problems: tuple[str, ...]
    """One sentence per logged command that could not be replayed, saying why."""


def replay_log(log: GameLog) -> Replay:
    """The starting game's pieces with every logged add, remove, change and move applied."""
    table = _Table()
    for command in log.start_commands():
        if command.startswith(ADD_PIECE):
            table.add(command)  # the starting game's own faults are reported when it is read
    problems: list[str] = []
    for number, step in enumerate(log.steps, start=1):
        for command in step:
            try:
                table.apply(command)
            except (LogError, PieceStringError) as error:
                problems.append(f"logged action {number}: {error}")
    return Replay(tuple(format_add_piece(p) for p in table.pieces.values()), tuple(problems))


@dataclass(frozen=True, slots=True)
class StepReplay:
    """A log replayed action by action: the starting pieces, then what each action changed."""

    start: tuple[tuple[PieceRef, AddPiece], ...]
    """Every piece and stack of the starting game, in its order."""
    steps: tuple[tuple[tuple[PieceRef, AddPiece], ...], ...]
    """For each logged action, the pieces and stacks it added or changed (a removed piece is
    kept, off every map), in the table's order: pieces keep their numbers from step to step."""
    problems: tuple[str, ...]


def replay_steps(log: GameLog) -> StepReplay:
    """The log replayed one action at a time, so a turn can be judged move by move (a unit
    moved hex by hex, one drag per hex, is one move spending its allowance leg after leg)."""
    table = _Table()
    for command in log.start_commands():
        if command.startswith(ADD_PIECE):
            table.add(command)
    start = tuple(table.pieces.items())
    steps: list[tuple[tuple[PieceRef, AddPiece], ...]] = []
    problems: list[str] = []
    for number, step in enumerate(log.steps, start=1):
        before = dict(table.pieces)
        for command in step:
            try:
                table.apply(command)
            except (LogError, PieceStringError) as error:
                problems.append(f"logged action {number}: {error}")
        steps.append(
            tuple(
                (ref, piece) for ref, piece in table.pieces.items() if before.get(ref) is not piece
            )
        )
    return StepReplay(start, tuple(steps), tuple(problems))


class _Table:
    """The pieces and stacks of a game by id, and which stack holds which piece."""

    def __init__(self) -> None:
        self.pieces: dict[PieceRef, AddPiece] = {}
        self.types: dict[PieceRef, str] = {}
        """Each piece's type as written (a change gives a new state for the same type)."""
        self.stack_of: dict[PieceRef, PieceRef] = {}

    def apply(self, command: str) -> None:
        if command.startswith(ADD_PIECE):
            self.add(command)
        elif command.startswith(REMOVE):
            self.remove(command[len(REMOVE) :])
        elif command.startswith(CHANGE):
            fields = decode(command[len(CHANGE) :], "/")
            if len(fields) < 2:
                raise LogError(f"a change with no new state: {_excerpt(command)}")
            self.change(fields[0], fields[1])
        elif command.startswith(MOVE):
            self.move(parse_move(command))

    def add(self, command: str) -> None:
        added = parse_add_piece(command)
        _, rest = split_first(command[len(ADD_PIECE) :], "/")
        self.types[added.piece_id] = split_first(rest or "", "/")[0]
        self.pieces[added.piece_id] = added
        if _is_stack(added):
            self._restack(added.piece_id)

    def remove(self, piece_id: PieceRef) -> None:
        target = self._get(piece_id)
        self._leave_stack(piece_id)
        if _is_stack(target):
            for member in _members(target):
                self.stack_of.pop(member, None)
                self._remove_piece(member)
            del self.pieces[piece_id]
        else:
            self._remove_piece(piece_id)

    def _remove_piece(self, piece_id: PieceRef) -> None:
        """A removed piece stays, off every map, so that later pieces keep their numbers."""
        if piece_id in self.pieces:
            self.pieces[piece_id] = _placed(self.pieces[piece_id], None, (0, 0))

    def change(self, piece_id: PieceRef, state: str) -> None:
        self._get(piece_id)
        self.add(ADD_PIECE + encode([piece_id, self.types[piece_id], state], "/"))

    def move(self, move: MovePiece) -> None:
        target = self._get(move.piece_id)
        self.pieces[move.piece_id] = _placed(target, move.map_id, move.at)
        if _is_stack(target):
            self._restack(move.piece_id)
            return
        self._leave_stack(move.piece_id)
        under = move.under_id
        if under is not None and under in self.pieces:
            stack = under if _is_stack(self.pieces[under]) else self.stack_of.get(under)
            if stack is not None:
                self._join_stack(move.piece_id, stack)

    def _get(self, piece_id: PieceRef) -> AddPiece:
        if piece_id not in self.pieces:
            raise LogError(f"piece {piece_id!r} is not in the game")
        return self.pieces[piece_id]

    def _restack(self, stack_id: PieceRef) -> None:
        """A stack's members, now as its state lists them, put where it is."""
        stack = self.pieces[stack_id]
        for member, holder in list(self.stack_of.items()):
            if holder == stack_id:
                del self.stack_of[member]
        map_id, at = _where(stack)
        for member in _members(stack):
            if member in self.pieces:
                self._leave_stack(member)
                self.stack_of[member] = stack_id
                self.pieces[member] = _placed(self.pieces[member], map_id, at)

    def _leave_stack(self, piece_id: PieceRef) -> None:
        stack_id = self.stack_of.pop(piece_id, None)
        if stack_id is None or stack_id not in self.pieces:
            return
        stack = self.pieces[stack_id]
        fields = decode(stack.basic.state or "", ";")
        kept = fields[:3] + [f for f in fields[3:] if f != piece_id]
        self.pieces[stack_id] = _with_basic_state(stack, encode(kept, ";"))

    def _join_stack(self, piece_id: PieceRef, stack_id: PieceRef) -> None:
        stack = self.pieces[stack_id]
        fields = decode(stack.basic.state or "", ";")
        layer = [f for f in fields[3:] if f.startswith("@@")]
        members = [f for f in fields[3:] if not f.startswith("@@")]
        state = encode([*fields[:3], *members, piece_id, *layer], ";")
        self.pieces[stack_id] = _with_basic_state(stack, state)
        self.stack_of[piece_id] = stack_id
        map_id, at = _where(self.pieces[stack_id])
        self.pieces[piece_id] = _placed(self.pieces[piece_id], map_id, at)


def _is_stack(piece: AddPiece) -> bool:
    return piece.basic.type == "stack"


def _members(stack: AddPiece) -> list[PieceRef]:
    fields = decode(stack.basic.state or "", ";")
    return [f for f in fields[3:] if f and not f.startswith("@@")]


def _where(piece: AddPiece) -> tuple[str | None, tuple[int, int]]:
    """The map and point a piece's or stack's state puts it at."""
    fields = decode(piece.basic.state or "", ";")
    map_id = fields[0] if fields and fields[0] not in ("", "null") else None
    try:
        return map_id, (int(fields[1]), int(fields[2]))
    except (IndexError, ValueError):
        return map_id, (0, 0)


def _placed(piece: AddPiece, map_id: str | None, at: tuple[int, int]) -> AddPiece:
    """The piece with its map and point set (its basic piece's or stack's first fields)."""
    fields = decode(piece.basic.state or "", ";")
    fields += [""] * (3 - len(fields))
    fields[:3] = [map_id or "null", str(at[0]), str(at[1])]
    return _with_basic_state(piece, encode(fields, ";"))


def _with_basic_state(piece: AddPiece, state: str) -> AddPiece:
    *outer, basic = piece.levels
    # A trait whose state the string left out gets VASSAL's default back as an empty token, so
    # the basic piece's state can be written after it.
    outer = [Level(level.type, level.state or "") for level in outer]
    return AddPiece(piece.piece_id, (*outer, Level(basic.type, state)))


def _excerpt(text: str, limit: int = 60) -> str:
    shown = text if len(text) <= limit else text[:limit] + "…"
    return repr(shown)
