"""Checking a VASSAL module and its saved games for what VASSAL rejects or silently gets wrong.

Works on any module, not only ours, and never trusts it (see :mod:`toolkit.vassal.read.reader`).
Each problem is one :class:`~toolkit.diagnostics.Diagnostic` with a ``vmod.*`` code, its file
written ``FILE:entry`` (the archive, then the entry inside it) and no line, unless reading the
entry stopped at one; a kind of problem found many times is listed only so often (see
:mod:`toolkit.vassal.read.findings`). The pieces and saved games of a module are checked in
:mod:`toolkit.vassal.read.piecechecks`. VASSAL itself
reports some of these (a misspelt class, an unknown trait, a missing image, a bad at-start
location) and is silent about the rest (an unknown attribute, a prototype that does not exist,
a save naming a map the module lacks), which is why they are checked here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.vassal.format import components as c
from toolkit.vassal.read.findings import (
    Findings,
    Module,
    Uses,
    absent_severity,
    add_absent,
    hint,
)
from toolkit.vassal.read.grids import GridIndex, grid_index
from toolkit.vassal.read.piecechecks import (
    check_module_pieces,
    check_save_stream,
    report_images,
    whole_number,
)
from toolkit.vassal.read.reader import (
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
ANY_BOARD = "<any>"
"""What an at-start stack's owning board says when it belongs to no particular board."""
MAX_UNSAFE_SHOWN = 10
"""Entry names that leave the archive's folder are listed one per line, up to this many."""


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
        findings.add(where, "xml", str(error), line=error.line)
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
    check_module_pieces(root, module, where, findings)
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
                if f.room(where, "unknown-class", absent_severity(module)):
                    close = hint(child.tag, c.KNOWN_CLASSES)
                    message = f"unknown component class {child.tag!r}{close}"
                    add_absent(module, where, "unknown-class", message, f)
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
            if name not in known and findings.room(where, "unknown-attribute", "warning"):
                close = hint(name, known)
                findings.add(
                    where,
                    "unknown-attribute",
                    f"{_describe(element)} has attribute {name!r}, which VASSAL ignores{close}",
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
            if not _names_an_entry(element):
                continue
            entry = str(element.get(attribute, ""))
            if entry and entry not in module.names:
                message = f"{_describe(element)} names {entry!r}, not in the archive"
                add_absent(module, where, "missing-file", message, f)
            elif entry and element.tag == c.HTML_CHART:
                for image in _html_images(archive, entry, where, f):
                    images.add(image, f"{_describe(element)} ({entry})")
    report_images(images, module, where, f)


def _names_an_entry(element: XmlElement) -> bool:
    """Whether a component's file attribute names an entry of the archive: always, but for a
    help file that names one of VASSAL's resources or a file on the player's disk."""
    if element.tag != c.HELP_FILE:
        return True
    return str(element.get("fileType", c.HELP_FILE_IN_ARCHIVE)) == c.HELP_FILE_IN_ARCHIVE


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


def _check_gpids(root: XmlElement, where: str, findings: Findings) -> None:
    """Each piece slot's gpid is unique and below the module's nextPieceSlotId."""
    next_id = whole_number(root.get("nextPieceSlotId"))
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
        number = whole_number(gpid.split(":")[1] if ":" in gpid else gpid)
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
        return f"owning board {board_name!r} is not a board of its map{hint(board_name, grids)}"
    if grids[board_name].empty:
        return f"board {board_name!r} has no grid to find location {location!r} on"
    if grids[board_name].accepts(location):
        return ""
    return f"location {location!r} is not a location of board {board_name!r}'s grid"


# -- scenarios and saved games -------------------------------------------------------------------


def _check_setups(
    root: XmlElement, archive: Archive, module: Module, names: tuple[str, str], f: Findings
) -> None:
    """Predefined setups name saved games that exist, and those saves are sound (``names``:
    the archive as shown and its build file's entry)."""
    shown, build_entry = names
    for setup in root.iter(c.PREDEFINED_SETUP):
        entry = _setup_file(setup)
        if entry is None:
            continue
        if not entry:
            f.add(
                f"{shown}:{build_entry}",
                "setup-without-file",
                f"{_describe(setup)} loads a saved game but names none: VASSAL says 'Setup not"
                " found' when it is chosen; set useFile to false for an empty game, or name"
                " the file",
                "warning",
            )
            continue
        if entry not in archive.names:
            close = did_you_mean(entry, [n for n in archive.names if n.endswith(".vsav")])
            f.add(
                f"{shown}:{build_entry}",
                "missing-file",
                f"{_describe(setup)} names saved game {entry!r}, not in the archive{close}",
            )
            continue
        where = f"{shown}:{entry}"
        try:
            with archive_from_bytes(archive.read(entry)) as save:
                stream = _saved_game(save, where, f)
        except ArchiveError as error:
            f.add(where, "save", str(error))
            continue
        check_save_stream(stream, module, where, f)


def _setup_file(setup: XmlElement) -> str | None:
    """The saved game a predefined setup loads ("" when it loads one but names none), or None
    when it starts an empty game or is a menu. As ``PredefinedSetup`` reads it: ``useFile``
    is true unless it says otherwise (``Boolean.valueOf``: only 'true', in any case, is
    true), and a setup without a ``file`` attribute starts an empty game."""
    if setup.get("isMenu", "").lower() == "true":
        return None
    use_file = setup.get("useFile")
    if use_file is not None and use_file.lower() != "true":
        return None
    file = setup.get("file")
    return None if file is None else str(file)


def _check_save_file(path: Path, module: Module | None, f: Findings) -> None:
    shown = str(path)
    try:
        with open_archive(path) as save:
            stream = _saved_game(save, shown, f)
    except ArchiveError as error:
        f.add(shown, "save", str(error))
        return
    check_save_stream(stream, module, shown, f)


def _saved_game(save: Archive, where: str, f: Findings) -> str:
    """A saved game's command stream, as VASSAL reads it, after reporting what would make
    another reader read another game (an entry listed twice, one the directory hides).

    :raises ArchiveError: the saved game cannot be read.
    """
    _check_duplicates(save, where, f)
    _check_hidden(save, where, f)
    return read_saved_game(save)
