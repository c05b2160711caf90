"""Checking a VASSAL module and its saved games for what VASSAL rejects or silently gets wrong.

Works on any module, not only ours, and never trusts it (see :mod:`toolkit.vassal.reader`).
Each problem is one :class:`~toolkit.diagnostics.Diagnostic` with a ``vmod.*`` code, its file
written ``FILE:entry`` (the archive, then the entry inside it) and no line. VASSAL itself
reports some of these (a misspelt class, an unknown trait, a missing image, a bad at-start
location) and is silent about the rest (an unknown attribute, a prototype that does not exist,
a save naming a map the module lacks), which is why they are checked here.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.diagnostics import Diagnostic, Severity, did_you_mean
from toolkit.vassal import components as c
from toolkit.vassal.boardchoice import unknown_boards
from toolkit.vassal.codec import split_first
from toolkit.vassal.commands import (
    BASIC_PREFIXES,
    TRAIT_PREFIXES,
    AddPiece,
    PieceStringError,
    format_add_piece,
    leaf_commands,
    parse_add_piece,
)
from toolkit.vassal.grids import GridIndex, grid_index
from toolkit.vassal.reader import (
    Archive,
    ArchiveError,
    XmlElement,
    archive_from_bytes,
    open_archive,
    read_module_data,
    read_saved_game,
    read_xml,
)

BUILD_FILE = "buildFile.xml"
LEGACY_BUILD_FILE = "buildFile"
MODULE_DATA = "moduledata"
EXTENSION_DATA = "extensiondata"
"""An extension's metadata entry; VASSAL reads its VassalVersion, not a module's."""
EXTENSION_ELEMENT = "VASSAL.build.module.ExtensionElement"
"""Wraps each component an extension adds; its ``target`` names where it goes."""
IMAGES = "images/"
ELSEWHERE = " (unless the module this extension extends has it)"
"""Said of what an extension lacks."""
ANY_BOARD = "<any>"
"""What an at-start stack's owning board says when it belongs to no particular board."""
MAX_UNSAFE_SHOWN = 10
"""Entry names that leave the archive's folder are listed one per line, up to this many."""


@dataclass
class Findings:
    """The problems found so far, each already worded."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, where: str, code: str, message: str, severity: Severity = "error") -> None:
        """Record one problem at ``where`` (``FILE`` or ``FILE:entry``)."""
        self.items.append(Diagnostic(f"vmod.{code}", message, where, 0, 0, "", severity))


@dataclass
class Uses:
    """Where a name (an image, a prototype) is used: the first place and how many more."""

    places: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def add(self, name: str, place: str) -> None:
        """Record one use of ``name`` by ``place``."""
        self.places[name].append(place)

    def described(self, name: str) -> str:
        """'piece slot 'X'' or 'piece slot 'X' and 3 more'."""
        places = self.places[name]
        more = len(places) - 1
        return places[0] + (f" and {more} more" if more else "")


@dataclass
class Module:
    """What the checks of pieces and saves need to know about a module."""

    names: frozenset[str]
    """The archive's entries."""
    maps: frozenset[str]
    prototypes: frozenset[str]
    custom_encoder: str | None
    """A module's own command encoder class (it may add traits VASSAL does not know)."""
    extension: bool = False
    """An extension: what it does not define (a prototype, a map, an image, a class) the
    module it extends may, so a missing one is at most a warning."""
    boards: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Each map's boards, by name: what a saved game's board choice may name."""


UNKNOWN_MODULE = Module(frozenset(), frozenset(), frozenset(), None)
"""Stands for a module that could not be read."""


def check_module(
    module_path: Path, save_paths: Sequence[Path] = (), extends: Path | None = None
) -> list[Diagnostic]:
    """Every problem of a module (or an extension) and of the saved games given with it, in
    reading order. ``extends``: the module an extension is for; what the extension uses is
    then looked up in both, so something neither has is an error, not a warning."""
    findings = Findings()
    shown = str(module_path)
    module = None
    base = _base_module(extends, findings) if extends is not None else None
    try:
        with open_archive(module_path) as archive:
            module = _check_archive(archive, shown, findings, base)
    except ArchiveError as error:
        findings.add(shown, "archive", str(error))
    for save_path in save_paths:
        _check_save_file(save_path, module, findings)
    return findings.items


def _check_archive(
    archive: Archive, shown: str, findings: Findings, base: BaseModule | None = None
) -> Module | None:
    """The archive's entries, build file, pieces and scenarios; the module, if it was read."""
    _check_entry_names(archive, shown, findings)
    _check_duplicates(archive, shown, findings)
    entry = _build_file_entry(archive, shown, findings)
    if entry is None:
        return None
    where = f"{shown}:{entry}"
    try:
        data = archive.read(entry)
    except ArchiveError as error:
        findings.add(shown, "archive", str(error))
        return None
    try:
        root = read_xml(data, entry)
    except ArchiveError as error:
        findings.add(where, "xml", str(error))
        return None
    if root.tag not in c.MODULE_ROOTS | {c.EXTENSION_ROOT}:
        expected = " or ".join(sorted(c.MODULE_ROOTS | {c.EXTENSION_ROOT}))
        findings.add(where, "root", f"the root element is {root.tag!r}, not {expected}")
        return None
    module = _module(root, archive.names)
    if module.extension:
        _check_extension(root, archive, base, where, findings)
        if base is not None:
            module = _with_base(module, base.module)
    elif base is not None:
        findings.add(where, "not-extension", "--extends is for an extension; this is a module")
    _check_classes(root, module, where, findings)
    _check_attributes(root, where, findings)
    _check_module_pieces(root, module, where, findings)
    _check_component_files(root, archive, module, where, findings)
    _check_gpids(root, where, findings)
    _check_setup_stacks(root, where, findings)
    _check_setups(root, archive, module, (shown, entry), findings)
    return module


def _check_entry_names(archive: Archive, shown: str, findings: Findings) -> None:
    for name in archive.unsafe_names[:MAX_UNSAFE_SHOWN]:
        findings.add(shown, "unsafe-entry", f"entry {name!r} would leave the archive's folder")
    hidden = len(archive.unsafe_names) - MAX_UNSAFE_SHOWN
    if hidden > 0:
        findings.add(shown, "unsafe-entry", f"and {hidden} more such entries")


def _check_duplicates(archive: Archive, shown: str, findings: Findings) -> None:
    """An entry listed twice: VASSAL reads one copy, another reader may read the other."""
    for message in archive.duplicate_messages():
        findings.add(shown, "duplicate-entry", message)


def _check_hidden(save: Archive, shown: str, findings: Findings) -> None:
    """A saved game whose ``savedGame`` VASSAL finds walking the file is not the one the
    archive's directory lists: VASSAL shows one game, every other reader another.

    :raises ArchiveError: the walk would read too much before it.
    """
    for message in save.hidden_messages():
        findings.add(shown, "hidden-entry", message)


def _build_file_entry(archive: Archive, shown: str, findings: Findings) -> str | None:
    """The build file VASSAL reads: ``buildFile.xml``, or ``buildFile`` for modules that
    ``moduledata`` says were written before VASSAL 3.5."""
    version = None
    metadata = EXTENSION_DATA if EXTENSION_DATA in archive.names else MODULE_DATA
    if metadata in archive.names:
        try:
            version = read_module_data(archive.read(metadata), metadata).vassal_version
        except ArchiveError as error:
            findings.add(f"{shown}:{metadata}", "moduledata", str(error))
    legacy = _older_than_3_5(version)
    wanted = LEGACY_BUILD_FILE if legacy else BUILD_FILE
    if wanted in archive.names:
        return wanted
    other = BUILD_FILE if legacy else LEGACY_BUILD_FILE
    if version is None and other in archive.names:
        return other
    reason = f" ({metadata} says VassalVersion {version})" if version else ""
    has_other = f"; it has only {other!r}" if other in archive.names else ""
    findings.add(shown, "no-buildfile", f"VASSAL reads {wanted!r}{reason}{has_other}")
    return None


def _hint(word: str, candidates: Iterable[str]) -> str:
    """A " (did you mean 'x'?)" hint with the closest candidate only."""
    return did_you_mean(word, candidates, limit=1)


def _older_than_3_5(version: str | None) -> bool:
    """Whether a VassalVersion, cut to major.minor, is below 3.5 (unreadable ones are not)."""
    if not version:
        return False
    try:
        major, minor = (int(part) for part in (version.split(".") + ["0"])[:2])
    except ValueError:
        return False
    return (major, minor) < (3, 5)


def _module(root: XmlElement, names: frozenset[str]) -> Module:
    maps = {str(e.get("mapName", "")) for e in root.iter(*c.MAP_CLASSES)}
    prototypes = {str(e.get("name", "")) for e in root.iter(c.PROTOTYPE)}
    encoders = [str(e.tag) for e in root.iter() if str(e.tag).endswith("CommandEncoder")]
    custom = next((tag for tag in encoders if tag != c.COMMAND_ENCODER), None)
    extension = root.tag == c.EXTENSION_ROOT
    boards = {
        str(m.get("mapName", "")): frozenset(
            str(b.get("name", "")) for p in m.iterchildren(c.BOARD_PICKER) for b in p.iter(c.BOARD)
        )
        for m in root.iter(*c.MAP_CLASSES)
    }
    return Module(names, frozenset(maps), frozenset(prototypes), custom, extension, boards)


# -- extensions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BaseModule:
    """The module an extension is checked against: what it defines, its name and version."""

    module: Module
    root: XmlElement
    name: str
    version: str


def _base_module(path: Path, findings: Findings) -> BaseModule | None:
    """The module an extension extends, read (not checked: vmod-check it on its own)."""
    shown = str(path)
    try:
        with open_archive(path) as archive:
            _check_duplicates(archive, shown, findings)
            entry = _build_file_entry(archive, shown, findings)
            if entry is None:
                return None
            root = read_xml(archive.read(entry), entry)
            names = archive.names
    except ArchiveError as error:
        findings.add(shown, "archive", str(error))
        return None
    if root.tag not in c.MODULE_ROOTS:
        findings.add(shown, "root", f"--extends names {root.tag!r}, not a module")
        return None
    name, version = str(root.get("name", "")), str(root.get("version", ""))
    return BaseModule(_module(root, names), root, name, version)


def _with_base(extension: Module, base: Module) -> Module:
    """What an extension can use: its own entries and definitions, and its module's."""
    return Module(
        extension.names | base.names,
        extension.maps | base.maps,
        extension.prototypes | base.prototypes,
        extension.custom_encoder or base.custom_encoder,
        extension=False,
        boards={**base.boards, **extension.boards},
    )


def _check_extension(
    root: XmlElement, archive: Archive, base: BaseModule | None, where: str, f: Findings
) -> None:
    """What VASSAL's ModuleExtension reads: its metadata, its id, the module it names (VASSAL
    refuses to load an extension into another module), and one component per
    ExtensionElement, whose target is a component of the module."""
    if EXTENSION_DATA not in archive.names:
        f.add(
            where,
            "extension-data",
            f"no {EXTENSION_DATA!r}: VASSAL reads the build file's first lines instead",
            "warning",
        )
    if not root.get("extensionId"):
        f.add(
            where, "extension-id", "no extensionId: the pieces it adds get no unique ids", "warning"
        )
    universal = root.get("anyModule") == "true"
    if base is not None and not universal and root.get("module") != base.name:
        f.add(
            where,
            "extension-module",
            f"the extension is for module {root.get('module')!r}; VASSAL refuses to load it "
            f"into {base.name!r}",
        )
    if (
        base is not None
        and not universal
        and _newer(str(root.get("moduleVersion", "")), base.version)
    ):
        f.add(
            where,
            "extension-version",
            f"the extension is for version {root.get('moduleVersion')!r} of its module, newer "
            f"than {base.version!r}: VASSAL warns when it loads it",
            "warning",
        )
    for element in root.iter(EXTENSION_ELEMENT):
        children = [child for child in element if isinstance(child.tag, str)]
        if len(children) != 1:
            f.add(
                where,
                "extension-element",
                f"an ExtensionElement holds {len(children)} components; VASSAL builds one, "
                "the first",
            )
        target = str(element.get("target", ""))
        if base is not None and target and _find_target(base.root, target) is None:
            f.add(where, "extension-target", f"target {target!r} is not a component of the module")


def _newer(version: str, than: str) -> bool:
    """Whether a dotted version is after another (unreadable ones are not)."""
    try:
        return tuple(int(p) for p in version.split(".")) > tuple(int(p) for p in than.split("."))
    except ValueError:
        return False


def _find_target(root: XmlElement, target: str) -> XmlElement | None:
    """The component an ExtensionElement's target names: '/'-separated 'Class:name' steps
    from the module down (VASSAL's ComponentPathBuilder)."""
    here: XmlElement | None = root
    for step in re.split(r"(?<!\\)/", target):
        tag, _, name = step.replace("\\/", "/").partition(":")
        here = next(
            (
                child
                for child in (here if here is not None else [])
                if child.tag == tag and (not name or name in _names(child))
            ),
            None,
        )
        if here is None:
            return None
    return here


def _names(element: XmlElement) -> set[str]:
    """The names a component goes by in a target path."""
    return {
        str(element.get(key))
        for key in ("name", "mapName", "entryName", "text")
        if element.get(key)
    }


# -- components ----------------------------------------------------------------------------------


def _check_classes(root: XmlElement, module: Module, where: str, f: Findings) -> None:
    """Every element names a component class VASSAL has (or one the module ships)."""
    pending = [root]
    while pending:
        element = pending.pop()
        plain = c.PLAIN_CHILDREN.get(element.tag, frozenset())
        for child in reversed(element):
            if not isinstance(child.tag, str):
                continue  # comments and processing instructions
            if plain is None or child.tag in plain:
                continue
            if child.tag not in c.KNOWN_CLASSES and _class_file(child.tag) not in module.names:
                hint = _hint(child.tag, c.KNOWN_CLASSES)
                message = f"unknown component class {child.tag!r}{hint}"
                _add_absent(module, where, "unknown-class", message, f)
                continue
            pending.append(child)


def _class_file(tag: str) -> str:
    """Where a module's own class would be in its archive."""
    return tag.replace(".", "/") + ".class"


def _check_attributes(root: XmlElement, where: str, findings: Findings) -> None:
    """Attributes the best-known components do not read (VASSAL ignores them silently)."""
    for element in root.iter(*c.KNOWN_ATTRIBUTES):
        known = c.KNOWN_ATTRIBUTES[element.tag]
        for name in element.attrib:
            if name not in known:
                hint = _hint(name, known)
                findings.add(
                    where,
                    "unknown-attribute",
                    f"{_describe(element)} has attribute {name!r}, which VASSAL ignores{hint}",
                    "warning",
                )


def _describe(element: XmlElement) -> str:
    """A component as a reader finds it: its class and its name."""
    kind = str(element.tag).rsplit(".", 1)[-1]
    for key in ("entryName", "name", "mapName", "chartName", "title"):
        if element.get(key):
            return f"{kind} {element.get(key)!r}"
    return kind


def _check_component_files(
    root: XmlElement, archive: Archive, module: Module, where: str, f: Findings
) -> None:
    """Images and other entries that components name exist, with the exact case, and so do
    the images an HTML chart's page shows."""
    images = Uses()
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        wanted = c.IMAGE_ATTRIBUTES.get(element.tag, frozenset()) | c.ICON_ATTRIBUTES
        for attribute in wanted & set(element.attrib):
            images.add(str(element.get(attribute)), f"{_describe(element)} ({attribute})")
        for attribute in c.FILE_ATTRIBUTES.get(element.tag, frozenset()):
            entry = str(element.get(attribute, ""))
            if entry and entry not in module.names:
                message = f"{_describe(element)} names {entry!r}, not in the archive"
                _add_absent(module, where, "missing-file", message, f)
            elif entry and element.tag == c.HTML_CHART:
                for image in _html_images(archive, entry, where, f):
                    images.add(image, f"{_describe(element)} ({entry})")
    _report_images(images, module, where, f)


_HTML_IMAGE = re.compile(
    r"""<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE
)


def _html_images(archive: Archive, entry: str, where: str, f: Findings) -> list[str]:
    """The images an HTML page in the archive shows: VASSAL's HTML charts look an ``<img>``
    whose source has no '/' up in ``images/``, and log an error when it is not there."""
    try:
        page = archive.read(entry).decode("utf-8", errors="replace")
    except ArchiveError as error:
        f.add(where, "archive", str(error))
        return []
    sources = (html.unescape("".join(found)) for found in _HTML_IMAGE.findall(page))
    return [src for src in sources if src.strip() and "/" not in src]


def _add_absent(module: Module, where: str, code: str, message: str, f: Findings) -> None:
    """Record something the archive lacks: an error, or a warning in an extension."""
    if module.extension:
        f.add(where, code, message + ELSEWHERE, "warning")
    else:
        f.add(where, code, message)


def _report_images(images: Uses, module: Module, where: str, f: Findings) -> None:
    """One line per image that is missing, or present only with another case."""
    names = module.names
    by_case = {name.lower(): name for name in names}
    for image in images.places:
        if not image or image.startswith("/") or IMAGES + image in names:
            continue
        user = images.described(image)
        other = by_case.get((IMAGES + image).lower())
        if other is not None:
            message = (
                f"{user} names image {image!r} but the archive has {other!r}"
                " (entry names are case-sensitive)"
            )
            _add_absent(module, where, "image-case", message, f)
        else:
            message = f"{user} names image {image!r}, not in {IMAGES}"
            _add_absent(module, where, "missing-image", message, f)


def _check_gpids(root: XmlElement, where: str, findings: Findings) -> None:
    """Each piece slot's gpid is unique and below the module's nextPieceSlotId."""
    next_id = _int(root.get("nextPieceSlotId"))
    seen: dict[str, str] = {}
    for slot in root.iter(c.PIECE_SLOT, c.CARD_SLOT):
        gpid = str(slot.get("gpid", ""))
        if not gpid:
            continue
        slot_name = _describe(slot)
        if gpid in seen:
            message = f"{slot_name} has gpid {gpid}, as {seen[gpid]} does"
            findings.add(where, "duplicate-gpid", message)
            continue
        seen[gpid] = slot_name
        # Pieces an extension adds have gpids "<extensionId>:<n>"; VASSAL checks the number.
        number = _int(gpid.split(":")[1] if ":" in gpid else gpid)
        if number is None:
            message = f"{slot_name} has gpid {gpid!r}, not a whole number"
            findings.add(where, "gpid", message, "warning")
        elif next_id is not None and number >= next_id:
            findings.add(
                where,
                "gpid-range",
                f"{slot_name} has gpid {gpid}, not below the module's nextPieceSlotId"
                f" {next_id}: VASSAL would give the same id to the next new piece",
            )
    if seen and next_id is None:
        value = root.get("nextPieceSlotId")
        message = f"the module's nextPieceSlotId is {value!r}, not a whole number"
        findings.add(where, "gpid", message if value is not None else "no nextPieceSlotId")


def _int(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


def _check_setup_stacks(root: XmlElement, where: str, findings: Findings) -> None:
    """At-start stacks placed by grid location name a location of their board's grid."""
    for map_element in root.iter(*c.MAP_CLASSES):
        grids: dict[str, GridIndex] | None = None
        for stack in map_element.iter(c.SETUP_STACK):
            if stack.get("useGridLocation") != "true":
                continue
            if grids is None:
                grids = _board_grids(map_element)
            message = _grid_location_problem(stack, grids)
            if message:
                findings.add(where, "grid-location", f"{_describe(stack)}: {message}")


def _board_grids(map_element: XmlElement) -> dict[str, GridIndex]:
    """A map's boards' grids by board name, in order (VASSAL finds the first of a name)."""
    grids: dict[str, GridIndex] = {}
    for board in map_element.iter(c.BOARD):
        name = str(board.get("name", ""))
        if name not in grids:
            grids[name] = grid_index(board)
    return grids


def _grid_location_problem(stack: XmlElement, grids: dict[str, GridIndex]) -> str:
    """Why VASSAL cannot place an at-start stack by its grid location ("" if it can), given
    the grids of its map's boards, by board name, in order."""
    board_name = str(stack.get("owningBoard", ""))
    location = str(stack.get("location", ""))
    if board_name in ("", ANY_BOARD):
        # No owning board: VASSAL finds the location on the first board the player picked,
        # and checks it on the map's first board; a board without a grid places it by x, y.
        board_name = next(iter(grids), "")
        if board_name not in grids or grids[board_name].empty:
            return ""
    if board_name not in grids:
        hint = _hint(board_name, grids)
        return f"owning board {board_name!r} is not a board of its map{hint}"
    if grids[board_name].empty:
        return f"board {board_name!r} has no grid to find location {location!r} on"
    if grids[board_name].accepts(location):
        return ""
    return f"location {location!r} is not a location of board {board_name!r}'s grid"


# -- pieces --------------------------------------------------------------------------------------


def _check_module_pieces(root: XmlElement, module: Module, where: str, f: Findings) -> None:
    """Every piece slot and prototype definition holds a sound piece."""
    images, prototypes = Uses(), Uses()
    for element in root.iter(c.PIECE_SLOT, c.CARD_SLOT, c.PROTOTYPE):
        kind = "prototype" if element.tag == c.PROTOTYPE else "piece slot"
        name = element.get("name") if element.tag == c.PROTOTYPE else element.get("entryName")
        place = f"{kind} {name!r}"
        piece = check_piece(str(element.text or ""), place, module, where, f)
        if piece is not None:
            _collect_uses(piece, place, images, prototypes)
    _report_images(images, module, where, f)
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
        message = _level_problem(level.prefix, last)
        if message:
            code = "piece-syntax" if message.startswith("ends") else "unknown-trait"
            severity: Severity = (
                "warning" if module.custom_encoder and code == "unknown-trait" else "error"
            )
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
        return f"ends with unknown basic piece {prefix!r}{_hint(prefix, BASIC_PREFIXES)}"
    if not last and prefix not in TRAIT_PREFIXES:
        return f"unknown trait {prefix!r}{_hint(prefix, TRAIT_PREFIXES)}"
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
                f"{_hint(name, module.prototypes)}"
            )
            _add_absent(module, where, "unknown-prototype", message, f)


# -- scenarios and saved games -------------------------------------------------------------------


def _check_setups(
    root: XmlElement, archive: Archive, module: Module, names: tuple[str, str], f: Findings
) -> None:
    """Predefined setups name saved games that exist, and those saves are sound (``names``:
    the archive as shown and its build file's entry)."""
    shown, build_entry = names
    for setup in root.iter(c.PREDEFINED_SETUP):
        if setup.get("isMenu") == "true" or setup.get("useFile") != "true":
            continue
        entry = str(setup.get("file", ""))
        if entry not in archive.names:
            hint = did_you_mean(entry, [n for n in archive.names if n.endswith(".vsav")])
            f.add(
                f"{shown}:{build_entry}",
                "missing-file",
                f"{_describe(setup)} names saved game {entry!r}, not in the archive{hint}",
            )
            continue
        where = f"{shown}:{entry}"
        try:
            with archive_from_bytes(archive.read(entry)) as save:
                _check_duplicates(save, where, f)
                _check_hidden(save, where, f)
                stream = read_saved_game(save)
        except ArchiveError as error:
            f.add(where, "save", str(error))
            continue
        check_save_stream(stream, module, where, f)


def _check_save_file(path: Path, module: Module | None, f: Findings) -> None:
    shown = str(path)
    try:
        with open_archive(path) as save:
            _check_duplicates(save, shown, f)
            _check_hidden(save, shown, f)
            stream = read_saved_game(save)
    except ArchiveError as error:
        f.add(shown, "save", str(error))
        return
    check_save_stream(stream, module, shown, f)


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
            f" does not have{_hint(map_name, module.maps)}"
        )
        _add_absent(module, where, "unknown-map", message, f)
    _report_images(images, module, where, f)
    _report_prototypes(prototypes, module, where, f)
    for message in unknown_boards(commands, module.boards):
        _add_absent(module, where, "unknown-board", message, f)


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
            if members and _int(members[0]) is not None and members[0] not in added:
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
