"""What one side sees of a VASSAL game: each piece on a board as that side's VASSAL draws it.

A report is made for one side, or for the public (what every side sees). A piece masked by
another side (a private counter, a piece under the top of a hidden stack, a block) is seen as
its mask: its mask image and its masked name, never its face, name or id. Hands, decks, cups
and the card table are not boards: nothing on them is drawn, so a face-down pile or another
side's hand gives nothing away. Only this module reads a piece's face, and it hands out either
the face or the mask; everything downstream sees only what it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import update_wrapper
from typing import Concatenate, ParamSpec, TypeVar

from toolkit.vassal.format.codec import decode
from toolkit.vassal.format.commands import AddPiece

PUBLIC = None
"""The viewer of a public report: no side, so every masked piece is seen as its mask."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A piece as the viewer sees it."""

    ref: str
    """The piece's VASSAL id: used to follow it from step to step, never written out."""
    board: str
    at: tuple[int, int]
    image: str
    """The module image the viewer sees: its face, or its mask."""
    name: str
    """Its name as the viewer sees it (a masked piece's masked name)."""
    masked: bool
    depth: int = 0
    """Its place in its stack, 0 at the bottom."""


Args = ParamSpec("Args")
Result = TypeVar("Result")
MEMORY = 65536
"""How many pieces' answers each :func:`per_piece` function keeps (then it starts again)."""


def per_piece(
    function: Callable[Concatenate[AddPiece, Args], Result],
) -> Callable[Concatenate[AddPiece, Args], Result]:
    """``function`` remembered per piece object and further arguments. A log's steps share
    their piece objects, and hashing a piece (each of its traits) costs more than most of what
    is asked of it, so a piece is known by its identity; the memory holds the piece, so its
    identity is not reused while remembered."""
    memory: dict[tuple[int, object], tuple[AddPiece, Result]] = {}

    def remembered(piece: AddPiece, /, *args: Args.args, **kwargs: Args.kwargs) -> Result:
        key = (id(piece), args)
        found = memory.get(key)
        if found is None or found[0] is not piece:
            if len(memory) >= MEMORY:
                memory.clear()
            found = memory[key] = (piece, function(piece, *args, **kwargs))
        return found[1]

    update_wrapper(remembered, function)
    return remembered


def _tokens(text: str, delimiter: str) -> list[str]:
    return decode(text, delimiter)


def masked_from(piece: AddPiece, viewer: str | None) -> tuple[str, str] | None:
    """(mask image, masked name) when a Mask trait hides the piece from ``viewer`` (a side's
    name, or None for the public); None when the viewer sees its face."""
    for level in piece.levels:
        if not level.type.startswith("obs;"):
            continue
        by = _tokens(level.state or "null", ";")[0]
        if by in ("", "null") or (viewer is not None and by == viewer):
            continue
        fields = _tokens(level.type, ";")
        image = fields[2] if len(fields) > 2 else ""
        name = fields[5] if len(fields) > 5 else ""
        return image, name or "Hidden piece"
    return None


def face_of(piece: AddPiece) -> tuple[str, str]:
    """(image, name) of the face a piece shows: its faces layer's current level, else its
    basic piece's image; a layer's level name replaces, or with '+' extends, the name."""
    basic = _tokens(piece.basic.type, ";")
    name = basic[4] if len(basic) > 4 else ""
    image = basic[3] if len(basic) > 3 else ""
    for level in piece.levels:
        if not level.type.startswith("emb2;"):
            continue
        fields = _tokens(level.type, ";")
        images = _tokens(fields[16], ",") if len(fields) > 16 else []
        names = _tokens(fields[17], ",") if len(fields) > 17 else []
        try:
            shown = int(_tokens(level.state or "1", ";")[0] or "1")
        except ValueError:
            shown = 1
        if shown > 0 and shown <= len(images) and images[shown - 1]:
            level_name = names[shown - 1] if shown <= len(names) else ""
            if level_name.startswith("+"):
                name = name + level_name[1:]
            elif level_name:
                name = level_name
            return images[shown - 1], name
    return image, name


@per_piece
def where(piece: AddPiece) -> tuple[str | None, tuple[int, int]]:
    """The map and point a piece's or stack's state puts it at."""
    fields = _tokens(piece.basic.state or "", ";")
    board = fields[0] if fields and fields[0] not in ("", "null") else None
    try:
        return board, (int(fields[1]), int(fields[2]))
    except (IndexError, ValueError):
        return board, (0, 0)


@per_piece
def members(stack: AddPiece) -> tuple[str, ...]:
    """A stack's pieces, bottom first (a log's steps share most pieces: read each once)."""
    fields = _tokens(stack.basic.state or "", ";")
    return tuple(f for f in fields[3:] if f and not f.startswith("@@"))


def scene(
    pieces: Mapping[str, AddPiece], boards: Iterable[str], viewer: str | None
) -> tuple[Shown, ...]:
    """Every piece on ``boards`` as ``viewer`` sees it, bottom of each stack first, stacks in
    the game's order. Decks, cups and the pieces in them are left out (they are not boards'
    pieces: a pile shows no face)."""
    on = frozenset(boards)
    stacked: dict[str, tuple[str, int]] = {}
    for ref, piece in pieces.items():
        if piece.basic.type == "stack":
            for depth, member in enumerate(members(piece)):
                stacked[member] = (ref, depth)
    shown: list[Shown] = []
    for ref, piece in pieces.items():
        if piece.basic.type == "stack":
            for member in members(piece):
                if member in pieces:
                    _add(shown, member, pieces[member], stacked[member][1], on, viewer)
        elif piece.basic.type.startswith("piece;") and ref not in stacked:
            _add(shown, ref, piece, 0, on, viewer)
    return tuple(shown)


def _add(
    shown: list[Shown],
    ref: str,
    piece: AddPiece,
    depth: int,
    boards: frozenset[str],
    viewer: str | None,
) -> None:
    if not piece.basic.type.startswith("piece;"):
        return
    board, _ = where(piece)
    if board is None or board not in boards:
        return
    shown.append(_shown(piece, ref, depth, viewer))


@per_piece
def _shown(piece: AddPiece, ref: str, depth: int, viewer: str | None) -> Shown:
    """A piece as ``viewer`` sees it: the same object from step to step while the piece and
    its place in its stack stay the same, so comparing two steps' boards is quick."""
    board, at = where(piece)
    image, name, masked = _looks(piece, viewer)
    return Shown(ref, board or "", at, image, name, masked, depth)


@per_piece
def _looks(piece: AddPiece, viewer: str | None) -> tuple[str, str, bool]:
    """(image, name, masked) of a piece as ``viewer`` sees it."""
    mask = masked_from(piece, viewer)
    image, name = mask if mask is not None else face_of(piece)
    return image, name, mask is not None


def hidden_names(pieces: Mapping[str, AddPiece], viewer: str | None) -> frozenset[str]:
    """The names and ids of every piece ``viewer`` may not see: masked from it, or a card
    of another side (in a hand, a deck or a cup: never on a board). Text shown to the viewer
    (chat, rule messages) has these taken out."""
    found: set[str] = set()
    for piece in pieces.values():
        found.update(_hidden_names_of(piece, viewer))
    return frozenset(found)


@per_piece
def _hidden_names_of(piece: AddPiece, viewer: str | None) -> tuple[str, ...]:
    """:func:`hidden_names` of one piece (none when the viewer may see it)."""
    if not piece.basic.type.startswith("piece;"):
        return ()
    marks = markers(piece)
    if masked_from(piece, viewer) is None and _open_card(marks, viewer):
        return ()
    basic = _tokens(piece.basic.type, ";")
    found = {name for name in basic[3:5] if name}
    found.add(face_of(piece)[1])
    found.update(marks[key] for key in ("CounterId", "CardId") if marks.get(key))
    return tuple(sorted(name for name in found if len(name.strip()) > 2))


def _open_card(marks: Mapping[str, str], viewer: str | None) -> bool:
    """True unless the piece is a card the viewer's side does not own (cards live in hands,
    decks and on the card table, where another side's may be face down)."""
    if "CardId" not in marks:
        return True
    owner = marks.get("CardOwner", "")
    return viewer is not None and owner.lower() == viewer.lower()


def markers(piece: AddPiece) -> dict[str, str]:
    """A piece's Marker properties, name to value."""
    found: dict[str, str] = {}
    for level in piece.levels:
        if level.type.startswith("mark;"):
            keys = _tokens(level.type[len("mark;") :], ",")
            values = _tokens(level.state or "", ",")
            found.update(zip(keys, values + [""] * (len(keys) - len(values)), strict=False))
    return found
