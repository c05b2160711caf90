"""VASSAL piece traits as values, and the nested type and state strings VASSAL stores them as.

A VASSAL piece is a chain of traits around a basic piece, outermost first. Each trait has a
*type* (what it is; fixed) and a *state* (what it shows now). The chain is written as two
strings, types and states, each nesting the inner chain one TAB level deeper (see
:mod:`toolkit.vassal.format.codec`). Only the traits the module uses are here, each writing
every field VASSAL 3.6 reads, in its order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from toolkit.vassal.format.codec import (
    TAB,
    encode,
    encode_list,
    encode_token,
    safe_text,
    safe_texts,
)

CTRL = 130
"""The modifiers VASSAL stores for Ctrl (old mask 2 + new mask 128)."""
CTRL_SHIFT = 195
"""Ctrl + Shift."""


def key(code: str, modifiers: int = CTRL) -> str:
    """A keystroke as VASSAL stores it: 'keyCode,modifiers' (the letter's code)."""
    return f"{ord(code.upper())},{modifiers}"


@dataclass(frozen=True, slots=True)
class Trait:
    """One trait: its type string (with its id prefix) and its state string."""

    type: str
    state: str = ""


def chain(traits: Sequence[Trait]) -> tuple[str, str]:
    """The (type, state) strings of a trait chain, outermost first, basic piece last."""
    if not traits:
        raise ValueError("a piece needs at least its basic piece")
    return nest([trait.type for trait in traits]), nest([trait.state for trait in traits])


def nest(tokens: Sequence[str]) -> str:
    """Tokens nested outermost first, each holding the rest one TAB level deeper:
    ``encode([t0, encode([t1, ...], TAB)], TAB)``.

    A TAB that joins level n and the levels inside it gets n backslashes before it. Unless a
    token holds a TAB, or starts with a backslash or a quote (then escaping and VASSAL's
    quoting rules apply level by level), that is all the nesting changes, and the text is
    joined at once rather than re-escaped at every level of a piece's dozen or more.
    """
    if not tokens:
        raise ValueError("nothing to nest")
    last = len(tokens) - 1
    flat = "\0".join(tokens)
    if "\t" in flat or "\0\\" in flat or "\0'" in flat or flat[:1] in ("\\", "'"):
        text = tokens[last]
        for token in reversed(tokens[:last]):
            text = encode([token, text], TAB)
        return text
    parts = [""] * (2 * last + 1)
    parts[::2] = tokens
    parts[1::2] = _separators(last)
    return "".join(parts)


@lru_cache(maxsize=64)
def _separators(count: int) -> tuple[str, ...]:
    """What joins level n to the next, for n = 0 … count-1: n backslashes and a TAB."""
    return tuple("\\" * level + TAB for level in range(count))


def add_piece(piece_id: str, traits: Sequence[Trait]) -> str:
    """The AddPiece command ('+/id/type/state') that slots, prototypes and saves hold."""
    piece_type, piece_state = chain(traits)
    return _add_piece(piece_id, piece_type, piece_state)


def _add_piece(piece_id: str, piece_type: str, piece_state: str) -> str:
    """``encode(["+", piece_id, piece_type, piece_state], "/")``, token by token: a nested
    type or state holds backslashes, so the shortcut of joining them unescaped never applies."""
    escaped = (encode_token(part, "/") for part in (piece_id, piece_type, piece_state))
    return "+/" + "/".join(escaped)


@dataclass(frozen=True, slots=True)
class Chain:
    """A trait chain with its type string already nested, for a piece placed many times (in
    every save, on every stack): only the states differ from one placement to the next."""

    type: str
    states: tuple[str, ...]
    """Every trait's state, outermost first, the basic piece's last."""

    @classmethod
    def of(cls, traits: Sequence[Trait]) -> Chain:
        if not traits:
            raise ValueError("a piece needs at least its basic piece")
        return cls(nest([trait.type for trait in traits]), tuple(t.state for t in traits))

    def add_piece(self, piece_id: str, basic_state: str | None = None) -> str:
        """The AddPiece command of the piece, its basic piece in ``basic_state`` if given."""
        states = self.states if basic_state is None else (*self.states[:-1], basic_state)
        return _add_piece(piece_id, self.type, nest(states))


# -- the traits ----------------------------------------------------------------------------------


def basic_piece(
    name: str, image: str = "", map_name: str = "null", x: int = 0, y: int = 0, gpid: str = ""
) -> Trait:
    """The innermost piece: its name and image; its state holds where it is."""
    unplaced = map_name == "null" and x == y == 0 and not gpid  # as every definition is
    return Trait(
        "piece;" + encode(["", "", image, safe_text(name)], ";"),
        _UNPLACED if unplaced else encode([safe_text(map_name), str(x), str(y), gpid, "0"], ";"),
    )


_UNPLACED = "null;0;0;;0"
"""The state of a basic piece on no map (a definition's)."""


PROTOTYPE_BASE = Trait("piece;;;;", "null;0;0;;0")
"""The placeholder basic piece that ends a prototype definition."""


def marker(values: Sequence[tuple[str, str]]) -> Trait:
    """Named properties (Marker): what expressions and reports read, e.g. Faction=ge."""
    return Trait(
        "mark;" + encode_list([name for name, _ in values]),
        encode_list(safe_texts([value for _, value in values])),
    )


@lru_cache(maxsize=256)
def use_prototype(name: str) -> Trait:
    """A reference to a prototype, replaced by its traits when a piece is made (one value per
    name, shared by the thousands of pieces that use it)."""
    return Trait("prototype;" + encode([name], ";"))


@lru_cache(maxsize=256)
def delete(command: str = "Delete") -> Trait:
    """Delete, on Ctrl-D."""
    return Trait("delete;" + encode([command, key("D"), ""], ";"))


@lru_cache(maxsize=256)
def clone(command: str = "Clone") -> Trait:
    """Clone, on Ctrl-C."""
    return Trait("clone;" + encode([command, key("C"), ""], ";"))


def report(keys: Sequence[str], message: str) -> Trait:
    """Write ``message`` in the chat log when one of ``keys`` is pressed on the piece."""
    return Trait(
        "report;" + encode([encode_list(list(keys)), message, "", "", "", "false"], ";"), "-1"
    )


def trigger(key_: str, condition: str, actions: Sequence[str], count: str | None = None) -> Trait:
    """A Trigger Action: on ``key_``, when the BeanShell ``condition`` holds for the piece,
    send it ``actions``, ``count`` times when a count is given (a '$property$'; a counted loop
    runs at least once, so the condition must rule 'none' out). No menu entry (it is the
    module's own machinery)."""
    fields = [
        "",  # name
        "",  # menu command: none
        key_,
        "{" + condition + "}",
        "",  # watched keys: its own key is enough
        encode_list(list(actions)),
        "false" if count is None else "true",  # loop
        "",
        "",
        "counted",
        "",
        "",
        count or "1",
        "false",
        "",
        "1",
        "1",
    ]
    return Trait("macro;" + encode(fields, ";"), "")


def movement_trail(command: str = "Movement trail") -> Trait:
    """A movement trail the player can show with Ctrl-T (hidden at first, not shared)."""
    fields = [
        key("T"),
        command,
        "false",
        "false",
        "10",
        "255,255,255",
        "0,0,0",
        "100",
        "50",
        "20",
        "30",
        "1.0",
        key("T", CTRL_SHIFT),
        "",
        "",
    ]
    return Trait("footprint;" + encode(fields, ";"), "false;;0")


def mask(
    image: str,
    masked_name: str,
    masked_by: str | None = None,
    command: str = "Hide from the other side",
    framed: bool = False,
    peek: str = "Peek",
) -> Trait:
    """Hide a piece from the other sides (a block stands on its edge): they see ``image`` and
    ``masked_name``; its own side sees the piece, with ``image`` inset in a corner so it knows
    the others do not (``framed``: the piece a little smaller over ``image``, for a mask as
    large as the piece, such as a card's back). ``masked_by`` is the side hiding it now;
    ``command`` (Ctrl-M) hides and shows it; ``peek`` names the menu item that shows the
    hiding side its piece (VASSAL's default word is English, so a module names it itself)."""
    fields = [
        key("M"),
        image,
        command,
        "2" if framed else "I",
        safe_text(masked_name),
        "side:",
        peek,
        "",
        "true",
        "",
        "",
    ]
    return Trait("obs;" + encode(fields, ";"), encode([masked_by or "null"], ";"))


@dataclass(frozen=True, slots=True)
class Layer:
    """An always-active layer of images (an Embellishment): the faces of a counter.

    The piece shows level ``shown`` (1-based); ``up`` steps forward through the levels and
    loops, ``down`` steps back. A level's name replaces the piece's name while it shows.
    """

    name: str
    images: tuple[str, ...]
    level_names: tuple[str, ...]
    up: tuple[str, str]
    """Menu text and keystroke for the next level."""
    down: tuple[str, str] | None = None


def layer(spec: Layer, shown: int = 1) -> Trait:
    """The Embellishment trait (``emb2;``) of a layer, with all 33 fields VASSAL reads."""
    if not 1 <= shown <= len(spec.images):
        raise ValueError(f"level {shown} of a layer with {len(spec.images)} images")
    down_text, down_key = spec.down or ("", "")
    fields = [
        "",  # activate command (always active)
        str(CTRL),
        "",
        spec.up[0],
        str(CTRL),
        "",
        down_text,
        str(CTRL),
        "",
        "",  # reset command
        "",
        "1",
        "false",
        "0",
        "0",
        encode_list(list(spec.images)),
        encode_list(safe_texts(spec.level_names)),
        "true",  # loop
        spec.name,
        "",
        "",
        "false",
        "",
        "1",
        "1",  # version
        "true",  # always active
        "",
        spec.up[1],
        down_key,
        "",
        "1.0",
        "",
        "true",
    ]
    return Trait("emb2;" + encode(fields, ";"), str(shown))


def return_to_deck(pile: str, command: str = "Return to deck") -> Trait:
    """Send the piece back into the draw pile named ``pile`` (Ctrl-R), wherever it lies.

    The pile is named as a format, as VASSAL 3.6 writes the trait (version 2, no prompt):
    draw pile names are made without ``$`` (:mod:`toolkit.vassal.format.piles`), so the name
    is taken as it is."""
    fields = [command, key("R"), "", "", "", "2", "false", safe_text(pile)]
    return Trait("return;" + encode(fields, ";"))


def immobile() -> Trait:
    """Neither selectable nor movable, and never stacked (a sign on the table)."""
    return Trait("immob;nZ;V;R;")


def text_label(text: str, size: int = 14, colour: str = "255,255,255") -> Trait:
    """A text drawn over the piece (a Text Label with no command to change it). ``text`` may
    name properties as ``$name$``: VASSAL fills them in as it draws, so it stays current."""
    fields = [
        "",  # no key to change it
        "",  # no menu command
        str(size),
        "",  # no background
        colour,
        "c",  # centred vertically on the piece
        "0",
        "c",
        "0",
        "c",
        "c",
        "$pieceName$",
        "Dialog",
        "1",  # bold
        "0",
        "TextLabel",
        "",
        "false",
    ]
    return Trait("label;" + encode(fields, ";"), safe_text(text))


def dynamic_property(name: str, setters: Sequence[tuple[str, str]], value: str = "") -> Trait:
    """A Dynamic Property: a value the piece keeps and its keys change. Each setter is a key
    and the format it sets the value to (``$name$`` filled in from the piece when the key
    arrives); no menu entries, no numeric limits."""
    commands = [encode(["", key_, encode(["P", format_], ",")], ":") for key_, format_ in setters]
    fields = [name, "false,0,100,false", encode_list(commands), ""]
    return Trait("PROP;" + encode(fields, ";"), safe_text(value))
