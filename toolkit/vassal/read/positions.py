"""A VASSAL saved game read back as a position of the game: which piece is where, on which face.

Each piece of the save is matched to its counter by the ``CounterId`` property every piece of
our modules carries, its face by its faces layer's level, and its place by where VASSAL put it:
inside a zone (an area space, a box, a track cell), else on the hex or square the board's grid
names exactly as the map prints it, else the nearest printed place. What cannot be matched (a
piece the game does not know, a piece off every board) is reported, never dropped silently.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from toolkit.geometry import point_in_polygon
from toolkit.model import Game
from toolkit.model.holdings import Holdings
from toolkit.model.map import location_key
from toolkit.model.position import Piece, Position, format_piece_id
from toolkit.vassal.format.codec import decode
from toolkit.vassal.format.commands import (
    AddPiece,
    PieceStringError,
    leaf_commands,
    parse_add_piece,
)
from toolkit.vassal.format.layout import Board, layer_faces
from toolkit.vassal.format.numbering import grid_location_name
from toolkit.vassal.format.piles import pile_names
from toolkit.vassal.read.holdings import holdings_from_commands, is_card, is_sign

StepPieces = Sequence[tuple[str, AddPiece]]
"""(VASSAL piece id, piece) pairs: a game's pieces, or those one logged action changed."""


@dataclass(frozen=True, slots=True)
class SaveReading:
    """A position read from a saved game, and what could not be read into it."""

    position: Position
    problems: tuple[str, ...]
    """One sentence per piece that is not in the position, saying why."""
    holdings: Holdings = Holdings()
    """What its decks, hands, discard piles and cups hold."""


def position_from_stream(game: Game, boards: Sequence[Board], stream: str) -> SaveReading:
    """The position a saved game's command stream holds (see :func:`read_saved_game`)."""
    return position_from_commands(game, boards, leaf_commands(stream))


def position_from_commands(
    game: Game, boards: Sequence[Board], commands: Iterable[str]
) -> SaveReading:
    """The position the AddPiece commands among ``commands`` place (other commands are
    skipped): a saved game's, or the pieces a replayed log ends with; and what its decks,
    hands and cups hold (their pieces are in no place of the position)."""
    by_name = {board.name: board for board in boards}
    commands = list(commands)
    held = holdings_from_commands(game, list(by_name), commands)
    numbers: Tally[str] = Tally()
    pieces: list[Piece] = []
    problems: list[str] = list(held.problems)
    for command in commands:
        if not command.startswith("+/"):
            continue
        try:
            added = parse_add_piece(command)
        except PieceStringError as error:
            problems.append(f"a piece that cannot be read: {error}")
            continue
        if not added.basic.type.startswith("piece;"):
            continue  # a stack or a deck: its members are pieces of their own
        if added.piece_id in held.in_piles or (game.cards and is_card(added)):
            continue  # in a deck, a hand or a cup, or a card on the table
        if held.maps and is_sign(added, held.maps):
            continue
        found = _piece(game, by_name, added, held.maps)
        if isinstance(found, str):
            problems.append(found)
            continue
        counter_id, face, key = found
        numbers[counter_id] += 1
        counter = game.counter(counter_id)
        pieces.append(
            Piece(
                format_piece_id(counter_id, numbers[counter_id]),
                counter_id,
                key,
                face,
                counter.faction,
                counter.face(face).step,
            )
        )
    return SaveReading(Position(tuple(pieces)), tuple(problems), held.holdings)


def _piece(
    game: Game, boards: dict[str, Board], added: AddPiece, tables: frozenset[str] = frozenset()
) -> tuple[str, str, str | None] | str:
    """(counter id, face id, location key or None off-board), or why the piece is not read
    (``tables``: the maps of cards and hands, where a counter is off every board)."""
    properties = _markers(added)
    name = _basic_name(added)
    if isinstance(properties, str):
        return f"piece {name!r}: {properties}"
    counter_id = properties.get("CounterId")
    if counter_id is None:
        return f"piece {name!r} is not a counter of this game (it has no CounterId)"
    known = {c.id for c in game.counters}
    if counter_id not in known:
        return f"piece {name!r} names counter {counter_id!r}, which this game does not have"
    counter = game.counter(counter_id)
    face = _face(counter_id, game, added)
    state = decode(added.basic.state or "", ";")
    map_name = state[0] if state else "null"
    if map_name in ("", "null") or map_name in tables:
        return counter_id, face, None
    board = boards.get(map_name)
    if board is None:
        return f"piece {counter.name!r} is on map {map_name!r}, which this game does not have"
    try:
        x, y = int(state[1]), int(state[2])
    except (IndexError, ValueError):
        return f"piece {counter.name!r} has no position on {map_name!r}"
    label = place_at(board, x, y)
    if label is None:
        return f"piece {counter.name!r} at {x},{y} on {map_name!r} is on no place of the map"
    return counter_id, face, location_key(board.map_id, label)


def _markers(added: AddPiece) -> dict[str, str] | str:
    """The Marker properties of a piece (name → value), or why they cannot be trusted: a
    Marker's state holds one value per property it names, never more."""
    found: dict[str, str] = {}
    for level in added.levels:
        if level.type.startswith("mark;"):
            keys = decode(level.type[len("mark;") :], ",")
            values = decode(level.state or "", ",")
            if len(values) > len(keys):
                named = ", ".join(keys[:3]) + (", …" if len(keys) > 3 else "")
                return (
                    f"its Marker trait holds {len(values)} values for {len(keys)} properties "
                    f"({named}): the saved game is damaged; save the game again in VASSAL"
                )
            found.update(zip(keys, values + [""] * (len(keys) - len(values)), strict=True))
    return found


def _basic_name(added: AddPiece) -> str:
    fields = decode(added.basic.type[len("piece;") :], ";")
    return fields[3] if len(fields) > 3 else ""


def _face(counter_id: str, game: Game, added: AddPiece) -> str:
    """The face the piece shows: its faces layer's level, or the counter's front."""
    levels = tuple(face.id for face in layer_faces(game.counter(counter_id)))
    for level in added.levels:
        if level.type.startswith("emb2;") and levels:
            try:
                shown = abs(int(level.state or "1"))
            except ValueError:
                shown = 1
            if 1 <= shown <= len(levels):
                return levels[shown - 1]
    return game.counter(counter_id).front.id


def place_at(board: Board, x: int, y: int) -> str | None:
    """The label of the place at a board point: the zone holding it, else the hex or square
    the grid names, else the nearest place within reach; None when there is none."""
    for zone in board.zones:
        if zone.label and point_in_polygon(x, y, zone.path):
            return zone.label
    if board.numbering is not None:
        label = grid_location_name(board.numbering, x, y)
        if label in board.centres:
            return label
    reach = 0.75 * max(board.numbering.dx, board.numbering.dy) if board.numbering else 60.0
    best = min(
        board.centres.items(),
        key=lambda item: (item[1][0] - x) ** 2 + (item[1][1] - y) ** 2,
        default=None,
    )
    if best is None:
        return None
    bx, by = best[1]
    return best[0] if (bx - x) ** 2 + (by - y) ** 2 <= reach**2 else None


@dataclass(frozen=True, slots=True)
class StepsReading:
    """The positions a log passes through: its start, then one after each logged action."""

    positions: tuple[Position, ...]
    problems: tuple[str, ...]
    """One sentence per starting piece that is not in the positions, saying why."""


def positions_from_steps(
    game: Game, boards: Sequence[Board], start: StepPieces, steps: Sequence[StepPieces]
) -> StepsReading:
    """The position before the first logged action and after each one. A piece keeps its id
    (``counter/n``, numbered in the order pieces first appear) from step to step, so a move
    made in several drags is one piece's path."""
    by_name = {board.name: board for board in boards}
    numbers: Tally[str] = Tally()
    ids: dict[str, str] = {}
    current: dict[str, Piece] = {}
    problems: list[str] = []

    names = pile_names(game, list(by_name)) if game.decks or game.cups else None
    tables = frozenset([names.cards_map, *names.hands.values()]) if names else frozenset()

    def read(ref: str, added: AddPiece, first: bool) -> None:
        if not added.basic.type.startswith("piece;"):
            return  # a stack or a deck: its members are pieces of their own
        if game.cards and is_card(added):
            return  # a card: in no place of the map
        if tables and is_sign(added, tables):
            return
        found = _piece(game, by_name, added, tables)
        if isinstance(found, str):
            if first:
                problems.append(found)
            current.pop(ref, None)
            return
        counter_id, face, key = found
        if ref not in ids:
            numbers[counter_id] += 1
            ids[ref] = format_piece_id(counter_id, numbers[counter_id])
        counter = game.counter(counter_id)
        current[ref] = Piece(
            ids[ref], counter_id, key, face, counter.faction, counter.face(face).step
        )

    for ref, added in start:
        read(ref, added, True)
    positions = [Position(tuple(current.values()))]
    for changed in steps:
        for ref, added in changed:
            read(ref, added, ref not in ids)
        positions.append(Position(tuple(current.values())))
    return StepsReading(tuple(positions), tuple(problems))
