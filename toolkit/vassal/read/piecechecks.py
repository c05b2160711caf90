"""Checking piece definitions and saved games: what VASSAL cannot build or silently drops.

A piece definition (a piece slot's or prototype's text, or a saved game's AddPiece command)
must parse, read back the same, and use only traits VASSAL knows; the images and prototypes
it names must exist; a saved game's pieces must be on the module's maps and its stacks must
hold pieces added before them.
"""

from __future__ import annotations

import re

from toolkit.diagnostics import Severity
from toolkit.vassal.format import components as c
from toolkit.vassal.format.boardchoice import unknown_boards
from toolkit.vassal.format.codec import split_first
from toolkit.vassal.format.commands import (
    BASIC_PREFIXES,
    TRAIT_PREFIXES,
    AddPiece,
    PieceStringError,
    format_add_piece,
    leaf_commands,
    parse_add_piece,
)
from toolkit.vassal.format.engine import image_resolves
from toolkit.vassal.read.findings import UNKNOWN_MODULE, Findings, Module, Uses, add_absent, hint
from toolkit.vassal.read.reader import XmlElement

IMAGES = "images/"
"""The folder of a module's images."""


def check_module_pieces(root: XmlElement, module: Module, where: str, f: Findings) -> None:
    """Every piece slot and prototype definition holds a sound piece."""
    images, prototypes = Uses(), Uses()
    for element in root.iter(c.PIECE_SLOT, c.CARD_SLOT, c.PROTOTYPE):
        kind = "prototype" if element.tag == c.PROTOTYPE else "piece slot"
        name = element.get("name") if element.tag == c.PROTOTYPE else element.get("entryName")
        place = f"{kind} {name!r}"
        piece = check_piece(str(element.text or ""), place, module, where, f)
        if piece is not None:
            _collect_uses(piece, place, images, prototypes)
    report_images(images, module, where, f)
    _report_prototypes(prototypes, module, where, f)


def check_piece(text: str, place: str, module: Module, where: str, f: Findings) -> AddPiece | None:
    """One AddPiece string: it parses, round-trips and uses only known traits."""
    try:
        piece = parse_add_piece(text)
    except PieceStringError as error:
        f.add(where, "piece-syntax", f"{place}: the piece definition {error}")
        return None
    written = format_add_piece(piece)
    if written != text:
        at = next((i for i, (a, b) in enumerate(zip(text, written, strict=False)) if a != b), None)
        at = min(len(text), len(written)) if at is None else at
        f.add(
            where,
            "piece-roundtrip",
            f"{place}: VASSAL would read the piece definition and write it back differently,"
            f" from character {at}: {text[at : at + 30]!r} becomes {written[at : at + 30]!r}",
        )
    for index, level in enumerate(piece.levels):
        last = index == len(piece.levels) - 1
        known = BASIC_PREFIXES if last else TRAIT_PREFIXES
        if level.prefix in known:
            continue
        code = "piece-syntax" if last else "unknown-trait"
        severity: Severity = (
            "warning" if module.custom_encoder and code == "unknown-trait" else "error"
        )
        if not f.room(where, code, severity):
            continue  # counted; a hint is not worth working out for a line not shown
        message = _level_problem(level.prefix, last)
        if severity == "warning":
            message += f" (perhaps a trait of the module's own {module.custom_encoder})"
        f.add(where, code, f"{place}: {message}", severity)
    return piece


def _level_problem(prefix: str, last: bool) -> str:
    """Why VASSAL cannot build one level of a piece ("" if it can)."""
    if last and prefix not in BASIC_PREFIXES:
        if prefix in TRAIT_PREFIXES:
            return (
                f"ends with trait {prefix!r} instead of a basic piece ('piece;', 'stack', 'deck;')"
            )
        return f"ends with unknown basic piece {prefix!r}{hint(prefix, BASIC_PREFIXES)}"
    if not last and prefix not in TRAIT_PREFIXES:
        return f"unknown trait {prefix!r}{hint(prefix, TRAIT_PREFIXES)}"
    return ""


def _collect_uses(piece: AddPiece, place: str, images: Uses, prototypes: Uses) -> None:
    """The images and prototypes a piece's traits name."""
    for level in piece.levels:
        for image in _trait_images(level.prefix, level.type):
            images.add(image, place)
        if level.prefix == "prototype;":
            name = split_first(level.type[len("prototype;") :], ";")[0]
            if "$" not in name:  # a name computed from properties is only known in play
                prototypes.add(name, place)


_IMAGE_TRAITS = frozenset({"piece;", "emb2;", "emb;", "obs;", "markmoved;"})
"""The traits whose type names images."""


def _tokens(text: str, delimiter: str) -> list[str]:
    """All tokens of a sequence, as :func:`decode` reads them (a delimiter after a backslash
    is part of its token), split by a regular expression for speed on long definitions."""
    escaped = "\\" + delimiter
    return [
        _unquoted(token.replace(escaped, delimiter))
        for token in re.split(r"(?<!\\)" + re.escape(delimiter), text)
    ]


def _unquoted(token: str) -> str:
    return token[1:-1] if len(token) > 1 and token[0] == token[-1] == "'" else token


def _trait_images(prefix: str, piece_type: str) -> list[str]:
    """The image names a trait's type holds (as each trait class reads them)."""
    if prefix not in _IMAGE_TRAITS:
        return []
    fields = _tokens(piece_type, ";")
    if prefix == "piece;":
        return fields[3:4]
    if prefix == "emb2;":
        return _tokens(fields[16], ",") if len(fields) > 16 else []
    if prefix == "emb;":
        return [split_first(item, ",")[0] for item in fields[9:]]
    if prefix == "obs;":
        images = fields[2:3]
        if len(fields) > 4 and fields[4].startswith("G"):
            images.append(fields[4][1:])
        return images
    if prefix == "markmoved;":
        return fields[1:2]
    return []


def _report_prototypes(prototypes: Uses, module: Module, where: str, f: Findings) -> None:
    """One line per prototype name that no prototype definition has (VASSAL is silent)."""
    for name in prototypes.places:
        if name not in module.prototypes:
            message = (
                f"{prototypes.described(name)} uses prototype {name!r}, which is not defined"
                f"{hint(name, module.prototypes)}"
            )
            add_absent(module, where, "unknown-prototype", message, f)


def report_images(images: Uses, module: Module, where: str, f: Findings) -> None:
    """One line per image that is missing, or present only with another case; an image
    VASSAL supplies itself (see :mod:`toolkit.vassal.format.engine`) is not missing."""
    names = module.names
    by_case = {name.lower(): name for name in names}
    for image in images.places:
        if not image or image.startswith("/") or image_resolves(image, names):
            continue
        user = images.described(image)
        other = by_case.get((IMAGES + image).lower())
        if other is not None:
            message = (
                f"{user} names image {image!r} but the archive has {other!r}"
                " (entry names are case-sensitive)"
            )
            add_absent(module, where, "image-case", message, f)
        else:
            message = f"{user} names image {image!r}, not in {IMAGES}"
            add_absent(module, where, "missing-image", message, f)


def whole_number(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


# -- saved games ---------------------------------------------------------------------------------


def check_save_stream(stream: str, module: Module | None, where: str, f: Findings) -> None:
    """A saved game's commands: ``begin_save`` … ``end_save``, sound pieces on the module's
    maps, stacks of pieces that exist, and the marker that keeps at-start stacks out (without
    a readable module, what the pieces name is not checked)."""
    commands = leaf_commands(stream)
    if not commands or commands[0] != "begin_save" or commands[-1] != "end_save":
        f.add(where, "save-stream", "the saved game is not a 'begin_save' … 'end_save' stream")
        return
    if not any(command.startswith("SETUP_STACK\t") for command in commands):
        f.add(
            where,
            "no-setup-stack",
            "no SETUP_STACK command: VASSAL will add the module's at-start stacks on top",
        )
    images, prototypes = Uses(), Uses()
    unknown_maps = Uses()
    added: set[str] = set()
    for command in commands:
        if not command.startswith("+/"):
            continue
        place = f"piece {split_first(command[2:], '/')[0]}"
        piece = check_piece(command, place, module or UNKNOWN_MODULE, where, f)
        if piece is None:
            continue
        place = _save_place(piece)
        _collect_uses(piece, place, images, prototypes)
        map_name = _map_of(piece)
        if map_name not in (None, "null") and map_name not in (module or UNKNOWN_MODULE).maps:
            unknown_maps.add(map_name, place)
        if piece.basic.prefix == "stack":
            _check_stack_members(piece, added, where, f)
        if piece.piece_id in added:
            f.add(
                where, "duplicate-id", f"{place}: another piece already has id {piece.piece_id!r}"
            )
        added.add(piece.piece_id)
    if module is None:
        return
    for map_name in unknown_maps.places:
        message = (
            f"{unknown_maps.described(map_name)} is on map {map_name!r}, which the module"
            f" does not have{hint(map_name, module.maps)}"
        )
        add_absent(module, where, "unknown-map", message, f)
    report_images(images, module, where, f)
    _report_prototypes(prototypes, module, where, f)
    for message in unknown_boards(commands, module.boards):
        add_absent(module, where, "unknown-board", message, f)
    for message in unknown_boards(commands, module.boards):
        add_absent(module, where, "unknown-board", message, f)


def _save_place(piece: AddPiece) -> str:
    """'piece 1001 ('Infantry')' or 'stack 1003'."""
    if piece.basic.prefix == "stack":
        return f"stack {piece.piece_id}"
    name = _tokens(piece.basic.type, ";")[4:5]
    return f"piece {piece.piece_id}" + (f" ({name[0]!r})" if name and name[0] else "")


def _map_of(piece: AddPiece) -> str | None:
    """The map a piece's or stack's state puts it on (``None`` when the state has none)."""
    state = piece.basic.state
    if not state or piece.basic.prefix not in {"piece;", "stack"}:
        return None
    return split_first(state, ";")[0]


def _check_stack_members(stack: AddPiece, added: set[str], where: str, f: Findings) -> None:
    """A stack names pieces added before it (VASSAL drops the others silently)."""
    tokens = _tokens(stack.basic.state or "", ";")
    members = tokens[3:]
    if tokens[0] == "null":
        # VASSAL writes an off-map stack's x and y too ("null;0;0;…") but reads no position
        # after "null": the two numbers are looked up as pieces and quietly skipped.
        members = tokens[1:]
        for _ in range(2):
            if members and whole_number(members[0]) is not None and members[0] not in added:
                members = members[1:]
    for member in members:
        if member.startswith("@@") or not member:
            continue
        if member not in added:
            f.add(
                where,
                "stack-member",
                f"stack {stack.piece_id} holds piece {member!r}, which the save does not add"
                " before it",
            )
