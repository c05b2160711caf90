"""A scenario as VASSAL files for a module we built: its saved game (.vsav) and a module
extension (.vmdx) that adds it to the module's predefined setups.

The saved game is the one the module compiler writes for a setup inside the game: the same
pieces (prototypes expanded), the same gpids, the same boards and places, so a scenario
published from outside the game and the same setup built inside it give the same bytes; a
save released on its own differs only in the version its metadata carries.

An extension is what VASSAL's ``ModuleExtension`` reads: a ``buildFile.xml`` whose root is
``VASSAL.build.module.ModuleExtension`` (attributes ``anyModule``, ``version``,
``description``, ``module``, ``moduleVersion``, ``vassalVersion``, ``nextPieceSlotId``,
``extensionId``), each addition wrapped in an ``ExtensionElement`` whose ``target`` is the
path of the component it joins (empty: the module itself); ``extensiondata`` with the
extension's metadata and ``<universal>``; and a copy of the module's ``moduledata``, which
VASSAL keeps in every extension it saves. Here the one addition is a ``PredefinedSetup``
whose file, the scenario's saved game, travels inside the extension.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree  # type: ignore[import-untyped]

from toolkit.artwork import Artwork
from toolkit.model import Game
from toolkit.model.position import Position
from toolkit.model.scenario import Setup
from toolkit.vassal.write.archive import zip_archive
from toolkit.vassal.write.buildfile import VASSAL_VERSION
from toolkit.vassal.write.elements import M, text
from toolkit.vassal.write.module import module_data, position_saves, xml_escaped

EXTENSION_ROOT = M + "ModuleExtension"
EXTENSION_ELEMENT = M + "ExtensionElement"
EXTENSION_DATA = "extensiondata"
MODULE_DATA = "moduledata"


@dataclass(frozen=True, slots=True)
class ExtensionInfo:
    """What an extension says about itself."""

    name: str
    """The scenario's title: what the New Game menu shows."""
    version: str
    description: str
    setup_file: str
    """The saved game's entry name inside the extension."""


def scenario_saves(
    game: Game, setup: Setup, artwork: Artwork, releases: Sequence[str | None] = (None,)
) -> list[bytes]:
    """The saved game of a setup, for the module ``toolkit build`` makes of ``game``, from the
    game's drawn (not necessarily rasterised) maps, charts and counters, once per release:
    for None, the very bytes the build writes for the same setup; for a version, the same
    commands with that version in their metadata, for a save released on its own (see
    :mod:`toolkit.publish.package`).

    :raises toolkit.vassal.write.module.ModuleError: a piece at a place no board shows.
    """
    return position_saves(
        game, artwork, Position.from_setup(game, setup), releases, setup.name, setup
    )


def extension_id(game: Game, info: ExtensionInfo) -> str:
    """A short id from the game and the setup file: stable, so the same scenario gives the
    same bytes, and different scenarios do not clash in one module."""
    digest = hashlib.sha256(f"{game.id}/{info.setup_file}".encode()).hexdigest()
    return digest[:8]


def extension_build_file(game: Game, info: ExtensionInfo) -> bytes:
    """The extension's buildFile.xml: the module it extends and one predefined setup."""
    root = etree.Element(
        EXTENSION_ROOT,
        {
            "anyModule": "false",
            "version": text(info.version),
            "description": text(info.description),
            "module": text(game.title),
            "moduleVersion": text(game.version),
            "vassalVersion": VASSAL_VERSION,
            "nextPieceSlotId": "0",
            "extensionId": extension_id(game, info),
        },
    )
    element = etree.SubElement(root, EXTENSION_ELEMENT, {"target": ""})
    etree.SubElement(
        element,
        M + "PredefinedSetup",
        {
            "name": text(info.name),
            "description": text(info.description),
            "isMenu": "false",
            "useFile": "true",
            "file": text(info.setup_file),
        },
    )
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False))


def extension_data(info: ExtensionInfo) -> bytes:
    """The extension's own metadata (what VASSAL's ExtensionMetaData writes)."""

    esc = xml_escaped

    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">'
        f"<version>{esc(info.version)}</version>"
        f"<VassalVersion>{VASSAL_VERSION}</VassalVersion><dateSaved>0</dateSaved>"
        f"<description>{esc(info.description)}</description>"
        "<universal>false</universal></data>\n"
    ).encode()


def extension_archive(game: Game, info: ExtensionInfo, save: bytes) -> bytes:
    """The .vmdx: build file, extension metadata, the module's metadata, the saved game."""
    return zip_archive(
        [
            ("buildFile.xml", extension_build_file(game, info)),
            (EXTENSION_DATA, extension_data(info)),
            (MODULE_DATA, module_data(game)),
            (info.setup_file, save),
        ]
    )
