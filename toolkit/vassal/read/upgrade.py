"""A saved game brought to a new version of its module: every piece gets its new definition and
keeps its place, face, step, owner and id.

This is what VASSAL's *Refresh Counters* does (``GameRefresher``: a new piece from the module's
slot with the saved piece's gpid, then ``GpIdChecker.copyState``), done on the files and keyed
on identity rather than on gpids alone:

- A piece is matched by the ``CounterId`` property every piece of our modules carries: to the
  new module's slot with the piece's own gpid when that slot is still the same counter (an
  at-start copy, whose definition may be its setup faction's), else to the counter's palette
  slot. Saves made before gpids came from identities therefore upgrade too.
- Its new type is that slot's, prototypes expanded as VASSAL expands them when it creates a
  piece (``PieceCloner``: each prototype replaced by its traits, comments dropped).
- Its basic piece keeps its old state (map, position, properties such as VASSAL's
  ``UniqueID``) with the new slot's gpid, so a later *Refresh Counters* finds it too.
- Its faces layer keeps the face it showed, found by the face's image (named after the counter
  and face ids), not by level number, so renamed or reordered faces keep the face; a face that
  is gone leaves the level number as it was. Marker properties take the new definition's
  values (the counter's printed data), as VASSAL does. Any other trait takes the state of the
  old trait of the very same type, else of the same kind at the same rank (a mask keeps the
  side it is hidden by even when its text changed), else the new default.
- A piece whose counter the module no longer has, or that is no counter of ours, is left
  exactly as it was, and listed.

Everything that is not a piece stays as it was: stacks, the board choice, turn, notes, and
the save's description. Stacks,
and the decks and hands a module may have, list their members by piece id, and every piece
keeps its id, so a piece stays in its stack, and a card in its deck or hand.

Both files are hostile input, read with :mod:`.reader`'s limits.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from toolkit.vassal.format.codec import ESC, decode, encode, split_tokens
from toolkit.vassal.format.commands import (
    MAX_NESTING,
    AddPiece,
    Level,
    PieceStringError,
    format_add_piece,
    parse_add_piece,
)
from toolkit.vassal.read.reader import (
    Archive,
    ArchiveError,
    ModuleData,
    XmlElement,
    open_archive,
    read_module_data,
    read_saved_game,
    read_saved_game_commands,
    read_xml,
    save_description,
)

COUNTER_PROPERTY = "CounterId"
"""The Marker property that names a piece's counter in our modules."""
MAX_PROTOTYPE_DEPTH = 8
"""How deep prototypes may use prototypes: ours use none inside another."""
MAX_EXPANDED_LEVELS = 2_000
"""The most traits one piece may expand to: ours have a few dozen."""
_SLOT = "VASSAL.build.widget.PieceSlot"
_PROTOTYPE = "VASSAL.build.module.PrototypeDefinition"
_SETUP_STACK = "VASSAL.build.module.map.SetupStack"
_LAYER_IMAGES = 15
_LAYER_NAME = 18
"""Where an Embellishment's (``emb2;``) image list and layer name are among its fields."""


@dataclass(frozen=True, slots=True)
class SlotPiece:
    """A piece slot of the new module, its prototypes expanded."""

    gpid: str
    counter_id: str
    levels: tuple[Level, ...]


@dataclass(frozen=True)
class NewModule:
    """What an upgrade needs of the new module: its pieces and its metadata."""

    by_gpid: Mapping[str, SlotPiece]
    palette: Mapping[str, SlotPiece]
    """Counter id → its palette slot (the first slot outside the at-start stacks)."""
    name: str
    module_data: bytes
    """The module's ``moduledata`` entry, which the upgraded save carries."""
    data: ModuleData


@dataclass(frozen=True, slots=True)
class Upgraded:
    """A saved game's stream for the new module, and what was left as it was."""

    stream: str
    upgraded: int
    left: tuple[str, ...]
    """One sentence per piece left as it was, saying which and why."""
    notes: tuple[str, ...]
    """Anything else the user should know (the save names another module)."""
    description: str = ""
    """What the save's metadata describes it as (what VASSAL shows when it is loaded)."""


def read_new_module(path: Path) -> NewModule:
    """The pieces and metadata of the module a save is brought to.

    :raises ArchiveError: unreadable, not a module, or with no counter of ours.
    """
    with open_archive(path) as archive:
        if "buildFile.xml" not in archive.names:
            raise ArchiveError("no 'buildFile.xml': not a VASSAL module toolkit builds")
        root = read_xml(archive.read("buildFile.xml"), "buildFile.xml")
        module_data = archive.read("moduledata") if "moduledata" in archive.names else b""
    data = read_module_data(module_data, "moduledata") if module_data else ModuleData(None, None)
    prototypes = {
        str(p.get("name", "")): p.text or "" for p in root.iter(_PROTOTYPE) if p.get("name")
    }
    by_gpid: dict[str, SlotPiece] = {}
    palette: dict[str, SlotPiece] = {}
    for slot in root.iter(_SLOT):
        found = _slot_piece(slot, prototypes)
        if found is None:
            continue
        by_gpid.setdefault(found.gpid, found)
        at_start = any(parent.tag == _SETUP_STACK for parent in slot.iterancestors())
        if not at_start:
            palette.setdefault(found.counter_id, found)
    if not palette:
        raise ArchiveError("the module has no counter pieces (no CounterId): not one toolkit built")
    name = str(root.get("name") or "")
    return NewModule(by_gpid, palette, name, module_data, data)


def _slot_piece(slot: XmlElement, prototypes: Mapping[str, str]) -> SlotPiece | None:
    """A slot's piece with prototypes expanded; None when it is no counter of ours.

    :raises ArchiveError: a prototype nested too deep or expanding too far.
    """
    try:
        added = parse_add_piece(slot.text or "")
    except PieceStringError:
        return None
    levels = _expanded(added.levels, prototypes, 0)
    counter_id = _counter_id(levels)
    if counter_id is None or not levels[-1].type.startswith("piece;"):
        return None
    return SlotPiece(str(slot.get("gpid", "")), counter_id, levels)


def _expanded(
    levels: tuple[Level, ...], prototypes: Mapping[str, str], depth: int
) -> tuple[Level, ...]:
    """Levels with every prototype replaced by its traits, and comments dropped."""
    if depth > MAX_PROTOTYPE_DEPTH:
        raise ArchiveError(f"prototypes nest more than {MAX_PROTOTYPE_DEPTH} deep: refused")
    out: list[Level] = []
    for level in levels:
        if level.type.startswith("prototype;"):
            name = decode(level.type[len("prototype;") :], ";")[0]
            text = prototypes.get(name)
            if text is None:
                continue  # VASSAL too drops a prototype it does not have, silently
            try:
                inner = parse_add_piece(text).levels[:-1]
            except PieceStringError:
                continue
            out.extend(_expanded(inner, prototypes, depth + 1))
        elif not level.type.startswith("cmt;"):
            out.append(level)
        if len(out) > MAX_EXPANDED_LEVELS:
            raise ArchiveError(f"a piece expands to over {MAX_EXPANDED_LEVELS:,} traits: refused")
    return tuple(out)


def _counter_id(levels: tuple[Level, ...]) -> str | None:
    """The CounterId Marker property of a piece, if it has one."""
    for level in levels:
        if level.type.startswith("mark;"):
            keys = decode(level.type[len("mark;") :], ",")
            if COUNTER_PROPERTY in keys:
                values = decode(level.state or "", ",")
                index = keys.index(COUNTER_PROPERTY)
                return values[index] if index < len(values) else None
    return None


def upgrade_save(save: Path, module: NewModule) -> Upgraded:
    """The saved game's stream with every piece of a counter the module has on its new
    definition (see the module's docstring).

    :raises ArchiveError: the save cannot be read as a saved game, or holds a saved game
        hidden from the archive's directory (VASSAL would read another one than this).
    """
    with open_archive(save) as archive:
        hidden = archive.hidden_messages()
        if hidden:  # VASSAL would load another game than the one upgraded here
            raise ArchiveError(f"{hidden[0]}: refused")
        read_saved_game_commands(archive)  # a saved game's stream, not a log: or refused
        stream = read_saved_game(archive)
        notes = _other_module(archive, module)
        description = save_description(archive)
    upgrade = _Upgrade(module)
    stream = upgrade.command(stream, 0)
    return Upgraded(stream, upgrade.count, tuple(upgrade.left), notes, description)


def _other_module(archive: Archive, module: NewModule) -> tuple[str, ...]:
    """A note when the save says it was made with a module of another name."""
    if "moduledata" not in archive.names:
        return ()
    try:
        root = read_xml(archive.read("moduledata", 1 << 20), "moduledata")
    except ArchiveError:
        return ()
    names = [str(child.text or "").strip() for child in root if child.tag == "name"]
    if names and module.name and names[0] != module.name:
        return (f"the save was made with module {names[0]!r}, not {module.name!r}",)
    return ()


class _Upgrade:
    """One save's walk: its commands rewritten piece by piece."""

    def __init__(self, module: NewModule) -> None:
        self.module = module
        self.count = 0
        self.left: list[str] = []

    def command(self, command: str, depth: int) -> str:
        """A command with the pieces in it upgraded (a compound one, part by part)."""
        if command.startswith("+/"):
            return self.piece(command)
        if ESC not in command or depth >= MAX_NESTING:
            return command
        tokens = split_tokens(command, ESC)
        if tokens == [command]:
            return command
        return encode([self.command(token, depth + 1) for token in tokens], ESC)

    def piece(self, command: str) -> str:
        try:
            old = parse_add_piece(command)
        except PieceStringError as error:
            self.left.append(f"a piece that cannot be read, left as it was: {error}")
            return command
        if not old.basic.type.startswith("piece;"):
            return command  # a stack or deck: its members are pieces of their own
        counter_id = _counter_id(old.levels)
        slot = self._slot(old, counter_id)
        if slot is None:
            self.left.append(_left_message(old, counter_id))
            return command
        self.count += 1
        return format_add_piece(AddPiece(old.piece_id, _new_levels(old.levels, slot)))

    def _slot(self, old: AddPiece, counter_id: str | None) -> SlotPiece | None:
        if counter_id is None:
            return None
        state = decode(old.basic.state or "", ";")
        same = self.module.by_gpid.get(state[3]) if len(state) > 3 else None
        if same is not None and same.counter_id == counter_id:
            return same
        return self.module.palette.get(counter_id)


def _left_message(old: AddPiece, counter_id: str | None) -> str:
    """Which piece is left as it was, where, and why, in one line."""
    fields = decode(old.basic.type[len("piece;") :], ";")
    name = fields[3] if len(fields) > 3 else ""
    state = decode(old.basic.state or "", ";")
    where = (
        f"on {state[0]!r} at {state[1]},{state[2]}"
        if len(state) > 2 and state[0] not in ("", "null")
        else "off the maps"
    )
    why = (
        f"its counter {counter_id!r} is not in the new module"
        if counter_id is not None
        else "it is no counter of the game (no CounterId)"
    )
    return f"piece {name!r} {where}: {why}; left as it was"


def _new_levels(old: tuple[Level, ...], slot: SlotPiece) -> tuple[Level, ...]:
    """The slot's levels carrying the old piece's state (see the module's docstring)."""
    used: set[int] = set()
    rank: dict[str, int] = {}
    levels: list[Level] = []
    for level in slot.levels[:-1]:
        prefix = level.prefix
        nth = rank[prefix] = rank.get(prefix, 0) + 1
        if prefix == "mark;":
            levels.append(level)
            continue
        found = _old_level(old, level, nth, used)
        if found is None:
            levels.append(level)
        elif prefix == "emb2;":
            levels.append(Level(level.type, _layer_state(old[found], level)))
        else:
            levels.append(Level(level.type, old[found].state))
    levels.append(Level(slot.levels[-1].type, _basic_state(old[-1].state, slot.gpid)))
    return tuple(levels)


def _old_level(old: tuple[Level, ...], new: Level, nth: int, used: set[int]) -> int | None:
    """The index of the old trait whose state the new one takes: the same type, else (for a
    layer) the same layer name, else the nth of the same kind; None when there is none."""
    traits = range(len(old) - 1)
    candidates = [i for i in traits if i not in used and old[i].type == new.type]
    if not candidates and new.prefix == "emb2;":
        name = _layer_field(new, _LAYER_NAME)
        candidates = [
            i
            for i in traits
            if i not in used
            and old[i].prefix == "emb2;"
            and _layer_field(old[i], _LAYER_NAME) == name
        ]
    if not candidates:
        same_kind = [i for i in traits if old[i].prefix == new.prefix]
        candidates = [same_kind[nth - 1]] if len(same_kind) >= nth else []
        candidates = [i for i in candidates if i not in used]
    if not candidates or old[candidates[0]].state is None:
        return None
    used.add(candidates[0])
    return candidates[0]


def _layer_field(level: Level, index: int) -> str:
    fields = decode(level.type[len("emb2;") :], ";")
    return fields[index] if index < len(fields) else ""


def _layer_state(old: Level, new: Level) -> str:
    """The new layer's level showing the face the old one showed (found by its image)."""
    try:
        value = int(old.state or "")
    except ValueError:
        return new.state or "1"
    old_images = decode(_layer_field(old, _LAYER_IMAGES), ",")
    new_images = decode(_layer_field(new, _LAYER_IMAGES), ",")
    shown = abs(value)
    if 1 <= shown <= len(old_images) and old_images[shown - 1] in new_images:
        shown = new_images.index(old_images[shown - 1]) + 1
    elif new_images:
        shown = min(shown, len(new_images))
    return str(-shown if value < 0 else shown)


def _basic_state(state: str | None, gpid: str) -> str:
    """The old basic piece's state (map, position, properties) with the new slot's gpid."""
    fields = decode(state or "", ";")
    fields += ["null", "0", "0", ""][len(fields) :]
    fields[3] = gpid
    return encode(fields, ";")
