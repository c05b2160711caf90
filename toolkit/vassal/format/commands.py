"""Reading what VASSAL stores as commands: AddPiece strings and the command stream of a save.

A piece definition (the text of a piece slot or a prototype, or one command of a saved game)
is ``+/id/type/state``. The type is a chain of traits, outermost first, each nesting the rest
one TAB level deeper and ending with a basic piece; the state follows the same chain. These
readers take the strings apart exactly as VASSAL's decoders do, one token at a time, so that
writing the parts back (:func:`format_add_piece`) gives the same string only if VASSAL would
have read all of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolkit.vassal.format.codec import ESC, TAB, encode, split_first, split_tokens

ADD_PIECE = "+/"
"""How an AddPiece command starts."""

MAX_NESTING = 16
"""The deepest a compound command is taken apart. VASSAL nests a few levels (a logged action's
carried commands, an undo); reading a level costs a pass over the command, so a hostile stream
nested a million levels deep (a backslash each) would otherwise take hours. A command nested
deeper stays one leaf, which no reader takes for a piece."""

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


MAX_PIECE_CHARACTERS = 1_000_000
"""The longest piece definition read: a piece VASSAL writes is a few thousand characters, and
reading one costs time in proportion to its length (per TAB in it, in Python)."""
MAX_LEVEL_READING = 20_000_000
"""How many characters reading a piece level by level may go over in all. Each level costs the
rest of the string, so a hostile piece nested a thousand levels deep (with quoted tokens, which
only that reader takes) would take minutes; a real piece costs a small fraction of this."""


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
    if len(text) > MAX_PIECE_CHARACTERS:
        raise PieceStringError(
            f"is {len(text):,} characters long, over the limit of {MAX_PIECE_CHARACTERS:,}"
        )
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
    """The chain of levels, read in one pass over each string when no token is quoted."""
    return _levels_in_one_pass(piece_type, state) or _levels_token_by_token(piece_type, state)


def _levels_token_by_token(piece_type: str, state: str) -> tuple[Level, ...]:
    """The chain of levels exactly as VASSAL's decoders peel it: a trait's type holds its own
    token and the next level's (a third token is ignored by VASSAL), and so does its state.
    Each level copies the rest of the string, so a long piece costs its length times its depth.
    """
    levels: list[Level] = []
    remaining_type: str | None = piece_type
    remaining_state: str | None = state
    read = 0
    while remaining_type is not None:
        read += len(remaining_type) + len(remaining_state or "")
        if read > MAX_LEVEL_READING:
            raise PieceStringError(
                f"is nested too deeply to read: {len(levels)} levels down, its levels hold"
                f" over {MAX_LEVEL_READING:,} characters in all"
            )
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


_TAB_RUN = re.compile(r"\\*\t")
"""A TAB and the backslashes before it: n backslashes make it the TAB between levels n and n+1."""


def _levels_in_one_pass(piece_type: str, state: str) -> tuple[Level, ...] | None:
    """The same chain as :func:`_levels_token_by_token`, found from where each TAB is and how
    deep it is (``None`` when a token is quoted: that reader handles it)."""
    types = _chain(piece_type, None)
    if types is None:
        return None
    depth = len(types[0])
    states = _chain(state, depth - 1)
    if states is None:
        return None
    type_tokens = [_unescaped(piece_type, span, 1) for span in types[0]]
    spans, ended = states
    state_tokens: list[str | None] = [_unescaped(state, span, 1) for span in spans[:-1]]
    state_tokens.append(_unescaped(state, spans[-1], 1 if ended else 0))
    state_tokens.extend([None] * (depth - len(state_tokens)))
    return tuple(Level(t, s) for t, s in zip(type_tokens, state_tokens, strict=True))


Span = tuple[int, int, int]
"""Where a level's token is in the whole string (start, end) and how deep it is nested."""


def _chain(text: str, splits: int | None) -> tuple[list[Span], bool] | None:
    """The level tokens of a nested TAB sequence: the first ``splits`` heads (all, if
    ``None``), then what is left; and whether the sequence ended before that many splits.

    At depth k every TAB left has k backslashes or more: one with exactly k ends the head,
    and the next such TAB ends the rest (what lies after it is ignored, as VASSAL does).
    ``None`` when a token starts with a quote, which VASSAL's decoder may strip.
    """
    at: list[int] = []
    deep: list[int] = []
    for run in _TAB_RUN.finditer(text):
        at.append(run.end() - 1)
        deep.append(run.end() - 1 - run.start())
    closing = _next_as_shallow(deep)
    spans: list[Span] = []
    start, end, limit, first, depth = 0, len(text), len(at), 0, 0
    while True:
        if text.startswith("'", start):
            return None
        if splits is not None and len(spans) == splits:
            spans.append((start, end, depth))
            return spans, False
        tab = first
        while tab < limit and deep[tab] > depth:
            tab += 1
        if tab == limit:
            spans.append((start, end, depth))
            return spans, True
        spans.append((start, at[tab] - depth, depth))
        if closing[tab] < limit:
            end, limit = at[closing[tab]] - depth, closing[tab]
        start, first, depth = at[tab] + 1, tab + 1, depth + 1


def _next_as_shallow(deep: list[int]) -> list[int]:
    """For each TAB, the index of the next TAB at its depth or shallower (or the count)."""
    found = [len(deep)] * len(deep)
    waiting: list[int] = []
    for index in range(len(deep) - 1, -1, -1):
        while waiting and deep[waiting[-1]] > deep[index]:
            waiting.pop()
        if waiting:
            found[index] = waiting[-1]
        waiting.append(index)
    return found


def _unescaped(text: str, span: Span, extra: int) -> str:
    """A token of the whole string, its TABs unescaped once per level it is nested in (plus
    ``extra``: once more when it is read as a token of its own level)."""
    start, end, depth = span
    times = depth + extra
    token = text[start:end]
    return token.replace("\\" * times + TAB, TAB) if times and TAB in token else token


def format_add_piece(piece: AddPiece) -> str:
    """The command VASSAL would write for ``piece`` (the inverse of :func:`parse_add_piece`)."""
    states = [level.state for level in piece.levels]
    known = states.index(None) if None in states else len(states)
    state = _nested([s or "" for s in states[:known]]) if known else ""
    piece_type = _nested([level.type for level in piece.levels])
    return ADD_PIECE + encode([piece.piece_id, piece_type, state], "/")


def _nested(tokens: list[str]) -> str:
    """Tokens nested as VASSAL writes a piece's levels: each joined to the encoded rest.

    Level i's TABs get a backslash per level it is nested in, and the TAB after it i
    backslashes, in one pass; tokens the encoder would quote take the token-by-token way: one
    that starts with a backslash or a quote, or a TAB (the rest of the sequence from that
    level on then starts with the backslash escaping it).
    """
    if any(t.startswith(("\\", "'", TAB)) for t in tokens):
        nested = tokens[-1]
        for token in reversed(tokens[:-1]):
            nested = encode([token, nested], TAB)
        return nested
    last = len(tokens) - 1
    parts: list[str] = []
    for index, token in enumerate(tokens):
        times = index + 1 if index < last else last
        parts.append(token.replace(TAB, "\\" * times + TAB) if times else token)
        if index < last:
            parts.append("\\" * index + TAB)
    return "".join(parts)


def leaf_commands(stream: str) -> list[str]:
    """The commands of a command stream in order, nested compound commands flattened.

    A compound command is its own command and its sub-commands joined by ESC, each nesting
    level escaping the ESCs below it; as in VASSAL's ``GameModule.decode``, a command is a leaf
    when reading its first token gives the whole command back.
    """
    leaves: list[str] = []
    pending = [(stream, 0)]
    while pending:
        command, depth = pending.pop()
        if ESC not in command or depth >= MAX_NESTING:
            leaves.append(command)
            continue
        tokens = split_tokens(command, ESC)
        if tokens == [command]:
            leaves.append(command)
        else:
            pending.extend((token, depth + 1) for token in reversed(tokens))
    return leaves


def _excerpt(text: str, limit: int = 40) -> str:
    """The start of a long string, for a message."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    return repr(shown)
