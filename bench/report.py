"""A long play-by-email log for the report's bar: every stack of a built game's first scenario
moved in turn, one drag per logged action, as VASSAL logs them."""

from __future__ import annotations

import zipfile
from pathlib import Path

from toolkit.vassal.format.codec import decode, obfuscate
from toolkit.vassal.format.commands import leaf_commands, parse_add_piece
from toolkit.vassal.read.logs import MovePiece, encode_log, format_move
from toolkit.vassal.read.reader import open_archive, read_saved_game

SHIFT = 40
"""How far each drag moves a stack, in board pixels (there and back again, in turns)."""


def write_long_log(save: Path, log: Path, steps: int = 300) -> Path:
    """A log of ``steps`` drags starting from ``save``: the stacks of its first board, each
    moved ``SHIFT`` pixels right, then back, round and round; a new turn every 50 drags."""
    with open_archive(save) as archive:
        start = read_saved_game(archive)
    stacks: list[tuple[str, str, int, int]] = []
    for command in leaf_commands(start):
        if command.startswith("+/"):
            piece = parse_add_piece(command)
            fields = decode(piece.basic.state or "", ";")
            if piece.basic.type == "stack" and len(fields) > 3:
                stacks.append((piece.piece_id, fields[0], int(fields[1]), int(fields[2])))
    board = stacks[0][1]
    stacks = [stack for stack in stacks if stack[1] == board]
    logged: list[list[str]] = []
    for number in range(steps):
        stack_id, _, x, y = stacks[number % len(stacks)]
        there = (number // len(stacks)) % 2 == 0
        old, new = ((x, y), (x + SHIFT, y)) if there else ((x + SHIFT, y), (x, y))
        if number % 50 == 0:
            logged.append([f"CHAT* New turn: Turn {number // 50 + 1}"])
        logged.append([format_move(MovePiece(stack_id, board, new, None, board, old, None, "a"))])
    with zipfile.ZipFile(log, "w") as archive:
        archive.writestr("savedGame", obfuscate(encode_log(start, logged)))
    return log
