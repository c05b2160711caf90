"""Reading what VASSAL stores as commands: AddPiece strings and the command stream of a save.

A piece definition (the text of a piece slot or a prototype, or one command of a saved game)
is ``+/id/type/state``. The type is a chain of traits, outermost first, each nesting the rest
one TAB level deeper and ending with a basic piece; the state follows the same chain. These
readers take the strings apart exactly as VASSAL's decoders do, one token at a time, so that
writing the parts back (:func:`format_add_piece`) gives the same string only if VASSAL would
have read all of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.vassal.codec import ESC, TAB, encode, split_first

ADD_PIECE = "+/"
"""How an AddPiece command starts."""

BASIC_PREFIXES = frozenset({"piece;", "stack", "deck;"})
"""What the last level of a piece's type may be: a basic piece, a stack or a deck."""

TRAIT_PREFIXES = frozenset(
    {
        "emb2;",
        "emb;",
        "mark;",
        "immob;",
        "delete;",
        "clone;",
        "report;",
        "label;",
        "macro;",
        "globalhotkey;",
        "globalkey;",
        "prototype;",
        "PROP;",
        "calcProp;",
        "setprop;",
        "setpieceprop;",
        "sendto;",
        "return;",
        "placemark;",
        "replace;",
        "hide;",
        "obs;",
        "rotate;",
        "pivot;",
        "translate;",
        "markmoved;",
        "footprint;",
        "restrict;",
        "hideCmd;",
        "submenu;",
        "menuSeparator;",
        "nonRect2;",
        "nonRect;",
        "AreaOfEffect;",
        "table;",
        "propertysheet;",
        "playSound;",
        "button;",
        "deselect;",
        "mat;",
        "matPiece;",
        "basicName;",
        "border;",
        "attach;",
        "locCommand;",
        "locmsg;",
        "cmt;",
    }
)
"""The trait prefixes VASSAL 3.7's ``BasicCommandEncoder`` knows (each trait class's ``ID``)."""


class PieceStringError(ValueError):
    """A piece definition VASSAL cannot read at all (the message says why)."""


@dataclass(frozen=True, slots=True)
class Level:
    """One level of a piece: a trait, or the basic piece that ends the chain."""

    type: str
    state: str | None
    """``None`` when the state string ends before this level (VASSAL keeps the default)."""

    @property
    def prefix(self) -> str:
        """What VASSAL looks the level up by: up to the first ';' (or all of a 'stack')."""
        return type_prefix(self.type)


@dataclass(frozen=True, slots=True)
class AddPiece:
    """An AddPiece command as VASSAL reads it."""

    piece_id: str
    """The piece's id (``null`` in slots and prototypes)."""
    levels: tuple[Level, ...]
    """The traits, outermost first, then the basic piece."""

    @property
    def basic(self) -> Level:
        """The innermost level: a basic piece, a stack or a deck (if the string is sound)."""
        return self.levels[-1]


def type_prefix(piece_type: str) -> str:
    """The key VASSAL finds a trait or basic piece class by (its ``typePrefix``)."""
    end = piece_type.find(";")
    return piece_type if end < 0 else piece_type[: end + 1]


def parse_add_piece(text: str) -> AddPiece:
    """The parts of an AddPiece command, read as VASSAL reads them (tokens VASSAL ignores are
    dropped, so :func:`format_add_piece` shows whether the string round-trips).

    :raises PieceStringError: not ``+/id/type/state``, or an empty type.
    """
    if not text.startswith(ADD_PIECE):
        raise PieceStringError(f"does not start with {ADD_PIECE!r}: {_excerpt(text)}")
    piece_id, rest = split_first(text[len(ADD_PIECE) :], "/")
    if rest is None:
        raise PieceStringError("has an id but no type and state (expected '+/id/type/state')")
    piece_type, rest = split_first(rest, "/")
    if rest is None:
        raise PieceStringError("has a type but no state (expected '+/id/type/state')")
    state, _ = split_first(rest, "/")
    if not piece_type:
        raise PieceStringError("has an empty type")
    return AddPiece(piece_id, _levels(piece_type, state))


def _levels(piece_type: str, state: str) -> tuple[Level, ...]:
    """The chain of levels; a trait's type holds its own token and the next level's (a third
    token is ignored by VASSAL), and so does its state."""
    levels: list[Level] = []
    remaining_type: str | None = piece_type
    remaining_state: str | None = state
    while remaining_type is not None:
        head, rest = split_first(remaining_type, TAB)
        if rest is None:
            levels.append(Level(head, remaining_state))
            break
        inner, _ = split_first(rest, TAB)
        state_head: str | None = None
        if remaining_state is not None:
            state_head, state_rest = split_first(remaining_state, TAB)
            remaining_state = None if state_rest is None else split_first(state_rest, TAB)[0]
        levels.append(Level(head, state_head))
        remaining_type = inner
    return tuple(levels)


def format_add_piece(piece: AddPiece) -> str:
    """The command VASSAL would write for ``piece`` (the inverse of :func:`parse_add_piece`)."""
    piece_type = piece.levels[-1].type
    for level in reversed(piece.levels[:-1]):
        piece_type = encode([level.type, piece_type], TAB)
    states = [level.state for level in piece.levels]
    known = states.index(None) if None in states else len(states)
    state = ""
    if known:
        state = states[known - 1] or ""
        for level_state in reversed(states[: known - 1]):
            state = encode([level_state or "", state], TAB)
    return ADD_PIECE + encode([piece.piece_id, piece_type, state], "/")


def leaf_commands(stream: str) -> list[str]:
    """The commands of a command stream in order, nested compound commands flattened.

    A compound command is its own command and its sub-commands joined by ESC, each nesting
    level escaping the ESCs below it; as in VASSAL's ``GameModule.decode``, a command is a leaf
    when reading its first token gives the whole command back.
    """
    leaves: list[str] = []
    pending = [stream]
    while pending:
        command = pending.pop()
        tokens: list[str] = []
        rest: str | None = command
        while rest is not None:
            token, rest = split_first(rest, ESC)
            tokens.append(token)
        if tokens == [command]:
            leaves.append(command)
        else:
            pending.extend(reversed(tokens))
    return leaves


def _excerpt(text: str, limit: int = 40) -> str:
    """The start of a long string, for a message."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    return repr(shown)
