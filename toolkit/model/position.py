"""Positions: every piece in play, where it is and which face it shows, plus the game state.

A :class:`Position` is what a rules checker judges and what a VASSAL module saves as its
starting state. Both build on it and must never import each other, so it lives in the model.
:meth:`Position.from_setup` makes a scenario's starting position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from toolkit.model.base import empty
from toolkit.model.counter import Counter, Face, FaceId
from toolkit.model.game import Game
from toolkit.model.scenario import LocationKey, PieceState, Setup

PieceId = str
"""'<counter>/<n>': the n-th copy of a counter in a setup (counter ids never hold '/')."""


def format_piece_id(counter_id: str, number: int) -> PieceId:
    """('ge-infantry', 3) → 'ge-infantry/3'."""
    return f"{counter_id}/{number}"


def parse_piece_id(text: str) -> tuple[str, int]:
    """'ge-infantry/3' → ('ge-infantry', 3).

    :raises ValueError: not '<counter>/<n>' with n a whole number from 1.
    """
    counter_id, slash, number = text.rpartition("/")
    if not slash or not counter_id or not number.isdigit() or int(number) < 1:
        raise ValueError(f"{text!r} is not a piece id; write '<counter>/<n>', e.g. 'ge-inf/1'")
    return counter_id, int(number)


@dataclass(frozen=True, slots=True)
class Piece:
    """One physical piece: a copy of a counter somewhere, showing one of its faces."""

    id: PieceId
    counter: str
    location: LocationKey | None
    """A location key ('map:label'); None off the map (in reserve, not yet arrived)."""
    face: FaceId
    owner: str | None
    """The faction playing it: the counter's own unless the setup says otherwise."""
    step: int
    """The strength steps it has: what its face shows, or, for a face that conceals it (a
    block's hidden side), the setup's step, else full strength."""


@dataclass(frozen=True, slots=True)
class Arrival:
    """A reinforcement: a piece that comes into play on a later turn."""

    turn: int
    piece: Piece
    """Off the map (``location`` is None) until it arrives."""
    at: LocationKey | None = None
    """Where it arrives, when the setup fixes it."""
    enter: tuple[LocationKey, ...] = ()
    """Where it may enter, when the setup gives a choice (a range of hexes, a map edge)."""


@dataclass(frozen=True, slots=True)
class Position:
    """Every piece in play, who controls what, and the game's clock and values.

    Reinforcements are not in play: they are :attr:`arrivals`, never in :attr:`pieces`, so
    :meth:`pieces_at` and stacking see only what is on the board.
    """

    pieces: tuple[Piece, ...] = ()
    control: Mapping[LocationKey, str] = empty()
    """Location key → the faction (or side) controlling it."""
    turn: int | None = None
    phase: str | None = None
    weather: str | None = None
    globals: Mapping[str, object] = empty()
    """Game-wide values (income, morale…), as the setup gives them."""
    arrivals: tuple[Arrival, ...] = ()
    _by_id: Mapping[PieceId, Piece] = field(init=False, repr=False, compare=False)
    _by_location: Mapping[LocationKey, tuple[Piece, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        """Index the pieces once, by id and by location.

        :raises ValueError: two pieces (in play or arriving) share an id.
        """
        by_id: dict[PieceId, Piece] = {}
        for piece in [*self.pieces, *(arrival.piece for arrival in self.arrivals)]:
            if piece.id in by_id:
                raise ValueError(f"piece id {piece.id!r} is used twice; piece ids are unique")
            by_id[piece.id] = piece
        by_location: dict[LocationKey, list[Piece]] = {}
        for piece in self.pieces:
            if piece.location is not None:
                by_location.setdefault(piece.location, []).append(piece)
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))
        object.__setattr__(
            self,
            "_by_location",
            MappingProxyType({key: tuple(stack) for key, stack in by_location.items()}),
        )

    def piece(self, piece_id: PieceId) -> Piece:
        """The piece with this id, in play or arriving.

        :raises ValueError: no such piece.
        """
        found = self._by_id.get(piece_id)
        if found is None:
            raise ValueError(f"no piece {piece_id!r} in this position")
        return found

    def pieces_at(self, location: LocationKey) -> tuple[Piece, ...]:
        """The pieces at a location, in setup order (bottom of the stack first)."""
        return self._by_location.get(location, ())

    def controller(self, location: LocationKey) -> str | None:
        """The faction (or side) controlling a location; None when nobody does."""
        return self.control.get(location)

    @classmethod
    def from_setup(cls, game: Game, setup: Setup) -> Position:
        """The position a scenario starts from.

        Placements become pieces on their face, and so do reinforcements waiting in a box
        (they are on the table); the other reinforcements become arrivals. Control starts from
        the owners the maps print and the setup's control overrides them (a later faction wins
        a location named twice).
        The turn defaults to the game's first; weather is the setup's 'weather' global.

        :raises ValueError: a piece names a face its counter does not have (the loader has
            reported it already).
        """
        numbers: dict[str, int] = {}
        pieces = _flatten(
            _pieces(game.counter(state.counter), state, placement.at, numbers)
            for placement in setup.placements
            for state in placement.pieces
        )
        arrivals: list[Arrival] = []
        waiting: list[Piece] = []
        for later in setup.reinforcements:
            for state in later.pieces:
                made = _pieces(game.counter(state.counter), state, later.waiting, numbers)
                if later.waiting is not None:
                    waiting.extend(made)  # on the table in their box: pieces, not arrivals
                else:
                    arrivals.extend(Arrival(later.turn, p, later.at, later.enter) for p in made)
        weather = setup.globals.get("weather")
        return cls(
            pieces=(*pieces, *waiting),
            control=start_control(game, setup),
            turn=setup.turn if setup.turn is not None else game.turns.first,
            phase=setup.phase,
            weather=weather if isinstance(weather, str) else None,
            globals=MappingProxyType(dict(setup.globals)),
            arrivals=tuple(arrivals),
        )


def setup_face(counter: Counter, state: PieceState) -> Face:
    """The face a setup's piece shows.

    'front' and 'back' are the two sides the counter is printed with (a block's: its full
    strength and its hidden side, see :attr:`Counter.printed_faces`). With a step, a side
    becomes the face 'step-<step>' when the counter has one, unless the side conceals the unit
    (a block standing hidden stays hidden; the piece keeps the step). Any other name is a
    face id.

    :raises ValueError: the counter has no such face.
    """
    if state.face not in ("front", "back"):
        return counter.face(state.face)
    printed_front, printed_back = counter.printed_faces
    side = printed_front if state.face == "front" else printed_back or counter.back
    if side is None:
        raise ValueError(f"counter {counter.id!r} has no back face")
    stepped = counter.step_face(state.step) if state.step is not None else None
    return side if stepped is None or side.conceals else stepped


def _pieces(
    counter: Counter, state: PieceState, location: LocationKey | None, numbers: dict[str, int]
) -> tuple[Piece, ...]:
    """``state.count`` pieces of ``counter``, numbered on from ``numbers[counter.id]``."""
    face = setup_face(counter, state)
    step = face.step if not face.conceals else (state.step or counter.steps)
    first = numbers.get(counter.id, 0) + 1
    numbers[counter.id] = first + state.count - 1
    return tuple(
        Piece(
            format_piece_id(counter.id, number),
            counter.id,
            location,
            face.id,
            state.owner or counter.faction,
            step,
        )
        for number in range(first, first + state.count)
    )


def start_control(game: Game, setup: Setup | None) -> Mapping[LocationKey, str]:
    """Who controls what when a game starts: the maps' printed owners, then the setup's control
    over them. A saved game does not say who controls what, so it is read as its setup began
    (no setup: as the maps print it)."""
    control = {key: loc.owner for key, loc in game.locations.items() if loc.owner is not None}
    for faction, keys in (setup.control if setup is not None else {}).items():
        control.update(dict.fromkeys(keys, faction))
    return MappingProxyType(control)


def _flatten(groups: Iterable[tuple[Piece, ...]]) -> tuple[Piece, ...]:
    """One tuple of every piece in ``groups``, in order."""
    return tuple(piece for group in groups for piece in group)
