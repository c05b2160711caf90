"""Saved games (.vsav): a position as the command stream VASSAL restores, zipped as VASSAL does.

The stream is ``begin_save``, every piece (prototypes expanded, as VASSAL writes them) and one
stack per occupied place, each board's selection, the at-start marker that tells VASSAL not to
add the module's at-start stacks on top, then ``end_save``; it is obfuscated exactly as VASSAL
obfuscates it, with a fixed key so the same position gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.vassal.format.boardchoice import encode_board_choice
from toolkit.vassal.format.codec import ESC, TAB, encode, obfuscate, safe_text
from toolkit.vassal.format.traits import Chain


@dataclass(frozen=True, slots=True)
class PlacedPiece:
    """A piece on a board: its expanded traits, basic piece last, its state not yet placed."""

    traits: Chain
    gpid: int


@dataclass(frozen=True, slots=True)
class PlacedStack:
    """The pieces at one place of a board, bottom first."""

    map_name: str
    at: tuple[int, int]
    pieces: tuple[PlacedPiece, ...]


@dataclass(frozen=True, slots=True)
class PlacedDeck:
    """A draw pile's deck: its type (as its draw pile writes it) and its pieces, bottom first.
    Written even when empty: a deck a save leaves out is gone from the game."""

    map_name: str
    at: tuple[int, int]
    deck_type: str
    face_down: bool
    pieces: tuple[PlacedPiece, ...]


def save_stream(
    stacks: Sequence[PlacedStack],
    board_names: Sequence[tuple[str, str]],
    decks: Sequence[PlacedDeck] = (),
) -> str:
    """The command stream of a saved game: pieces, stacks, decks, board choices, at-start
    marker.

    ``board_names`` is each (map name, board name); ids are numbered in order, so the same
    position always gives the same stream.
    """
    commands = [""]
    stack_commands = []
    next_id = 1000
    for deck in decks:
        members = []
        for piece in deck.pieces:
            next_id += 1
            members.append(str(next_id))
            at = [deck.map_name, str(deck.at[0]), str(deck.at[1]), str(piece.gpid), "0"]
            commands.append(piece.traits.add_piece(str(next_id), encode(at, ";")))
        next_id += 1
        where = [deck.map_name, str(deck.at[0]), str(deck.at[1])]
        contents = [encode(members, ",")] if members else []  # as VASSAL writes an empty one
        state = encode([*where, "true" if deck.face_down else "false", *contents], ";")
        stack_commands.append(encode(["+", str(next_id), deck.deck_type, state], "/"))
    for stack in stacks:
        members = []
        for piece in stack.pieces:
            next_id += 1
            members.append(str(next_id))
            at = [stack.map_name, str(stack.at[0]), str(stack.at[1]), str(piece.gpid), "0"]
            commands.append(piece.traits.add_piece(str(next_id), encode(at, ";")))
        next_id += 1
        state = encode([stack.map_name, str(stack.at[0]), str(stack.at[1]), *members, "@@-1"], ";")
        stack_commands.append(encode(["+", str(next_id), "stack", state], "/"))
    pieces = encode(commands + stack_commands, ESC)
    boards = [encode_board_choice(map_name, [board]) for map_name, board in board_names]
    return encode(["begin_save", "", pieces, *boards, "SETUP_STACK" + TAB, "end_save"], ESC)


def save_entries(
    stream: str, module_data: bytes, version: str, vassal: str, description: str = ""
) -> list[tuple[str, bytes]]:
    """The archive entries of a saved game: the obfuscated stream and its metadata, whose
    description VASSAL shows when the game is loaded (a setup's save gives the setup's name,
    which also tells the checker whose waivers apply)."""
    about = _xml(safe_text(description))
    save_data = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">'
        f"<version>{_xml(version)}</version><VassalVersion>{vassal}</VassalVersion>"
        f"<dateSaved>0</dateSaved><description>{about}</description></data>\n"
    ).encode()
    return [("moduledata", module_data), ("savedGame", obfuscate(stream)), ("savedata", save_data)]


def _xml(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
