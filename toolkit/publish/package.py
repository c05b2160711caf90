"""A scenario package: DIR/scenarios/<id>/ with the saved game, the module extension, the
scenario card, the map excerpt and the catalogue entry, made in memory and written at once.

Every file is a pure function of the game and the scenario, so the same sources give the same
bytes; the catalogue entry lists every other file with its size and SHA-256.

Versions. The VASSAL Game Library files each upload under a release and refuses a module,
saved game or log whose ``moduledata`` version is not that release's; of an extension it asks
only a valid version. A scenario is its author's own release, not the game's, so its files
carry the scenario's version where the library looks:

- ``<id>.vsav``: ``moduledata`` and ``savedata`` say the scenario's version (the module's name
  stays, so VASSAL knows the module it is for; VASSAL only notes in the chat that the save
  was made with another version of the module when the two differ). Its pieces are the very
  commands the build writes for the same setup.
- ``<id>.vmdx``: the extension's own version (``extensiondata``, the build file's
  ``version``) is the scenario's; its copy of the module's ``moduledata`` and
  ``moduleVersion`` name the game's version, the module it extends, which is what VASSAL
  reads them for. The saved game inside it is the build's, for the game's version, so
  starting the scenario from the module's menu says nothing about versions.
- The card, the map excerpt and the catalogue entry carry no version the library reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.artwork import Artwork
from toolkit.diagnostics import Diagnostic
from toolkit.load.scenarios import game_with_scenario
from toolkit.model import Game
from toolkit.model.scenario import Scenario
from toolkit.ownership import (
    FORCE_HINT,
    OutputRefused,
    check_apart,
    check_folder_to_write,
    path_kind,
)
from toolkit.publish.card import card_pdf
from toolkit.publish.excerpt import scenario_excerpts, setup_excerpts
from toolkit.publish.rules import scenario_diagnostics
from toolkit.render.artwork import draw_artwork
from toolkit.render.raster import palette_png, svg_to_png
from toolkit.vassal.write.extension import ExtensionInfo, extension_archive, scenario_saves
from toolkit.workers import Workers

PACKAGES = "scenarios"
"""The folder of DIR that holds one folder per published scenario."""
ENTRY_FORMAT = 1
"""The catalogue entry's format version, for readers of <id>.json."""
MAX_ENTRY_BYTES = 1024 * 1024
"""A catalogue entry larger than this is not one (a real one is a few kilobytes)."""
EXCERPT_DPI = 72
"""The catalogue page's map excerpt: small enough for a web page of many scenarios."""


class PublishRefused(ValueError):
    """The scenario breaks its game's rules without a waiver: the diagnostics say where."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} rule(s) broken")
        self.diagnostics = diagnostics


@dataclass(frozen=True)
class Package:
    """A scenario's published files, by name inside scenarios/<id>/."""

    scenario_id: str
    files: tuple[tuple[str, bytes], ...]


def package_scenario(game: Game, scenario: Scenario, jobs: int = 1) -> Package:
    """Every file of the scenario's package (``jobs``: worker processes for drawing).

    :raises PublishRefused: the scenario's start breaks a rule of severity error it does not
        waive.
    """
    broken = scenario_diagnostics(game, scenario)
    if broken:
        raise PublishRefused(broken)
    played = game_with_scenario(game, scenario)
    with Workers(played, jobs) as pool:
        artwork = draw_artwork(played, pool)
    return package_from_artwork(played, scenario, artwork)


def package_from_artwork(game: Game, scenario: Scenario, artwork: Artwork) -> Package:
    """The package from the game's drawn artwork (the game already holds the scenario)."""
    sid = scenario.id
    save, released = scenario_saves(game, scenario.setup, artwork, (None, scenario.version))
    info = ExtensionInfo(
        name=scenario.title,
        version=scenario.version,
        description=f"{scenario.title}, by {scenario.author}",
        setup_file=f"{sid}.vsav",
    )
    excerpts = scenario_excerpts(game, scenario, artwork)
    files = [
        (f"{sid}.vsav", released),
        (f"{sid}.vmdx", extension_archive(game, info, save)),
        (f"{sid}-sheet.pdf", card_pdf(game, scenario, excerpts)),
    ]
    if excerpts:
        main = setup_excerpts(
            game, scenario.setup, artwork, scenario.area, raster_dpi=EXCERPT_DPI, limit=1
        )[0]
        picture = svg_to_png(main.svg, EXCERPT_DPI, background="#ffffff")
        files.append((f"{sid}-map.png", palette_png(picture, EXCERPT_DPI)))
    files.append((f"{sid}.json", catalogue_entry(game, scenario, files)))
    return Package(sid, tuple(files))


def catalogue_entry(game: Game, scenario: Scenario, files: Sequence[tuple[str, bytes]]) -> bytes:
    """<id>.json: what a catalogue lists, and every file's size and SHA-256."""
    setup = scenario.setup
    entry = {
        "format": ENTRY_FORMAT,
        "id": scenario.id,
        "title": scenario.title,
        "author": scenario.author,
        "version": scenario.version,
        "description": setup.description,
        "game": {
            "id": game.id,
            "title": game.title,
            "published_with": game.version,
            "versions": {"min": scenario.min_version, "max": scenario.max_version},
        },
        "turns": {
            "first": setup.turn if setup.turn is not None else game.turns.first,
            "last": setup.last_turn,
        },
        "pieces": sum(state.count for p in setup.placements for state in p.pieces),
        "waivers": dict(setup.waivers),
        "files": {
            name: {"bytes": len(content), "sha256": hashlib.sha256(content).hexdigest()}
            for name, content in files
        },
    }
    return (json.dumps(entry, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def check_package_destination(
    out_dir: Path, scenario_id: str, sources: Sequence[Path], force: bool = False
) -> Path:
    """Where the package of ``scenario_id`` goes (DIR/scenarios/<id>/), once sure it may go
    there: not a source folder (the scenario's own, in the natural layout, is exactly
    DIR/scenarios/<id>/), nor a folder the toolkit did not publish, unless ``force``.

    :raises OutputRefused: one line naming the paths and what to do.
    """
    final = out_dir / PACKAGES / scenario_id
    check_folder_to_write(out_dir)
    check_folder_to_write(final.parent)
    check_apart(final, sources, force)
    reason = None if force else foreign_package(final, scenario_id)
    if reason is not None:
        raise OutputRefused(
            f"refusing to replace {final}: {reason}; move it away, give -o another folder, "
            + FORCE_HINT
        )
    return final


def foreign_package(folder: Path, scenario_id: str) -> str | None:
    """Why ``folder`` is not a package the toolkit published (one holding its catalogue entry
    and only the files that entry lists); None when it is, or is absent or empty."""
    kind = path_kind(folder)
    if kind != "folder":
        return None if kind == "absent" else f"it is {kind}"
    names = set(os.listdir(folder))
    if not names:
        return None
    entry = folder / f"{scenario_id}.json"
    try:
        document = json.loads(entry.read_bytes()[:MAX_ENTRY_BYTES])
        listed = set(document["files"]) if document.get("format") == ENTRY_FORMAT else None
    except (OSError, ValueError, AttributeError, KeyError, TypeError):
        listed = None
    if listed is None:
        return f"it is not a published scenario (no catalogue entry {entry.name} of toolkit's)"
    foreign = sorted(names - listed - {entry.name})
    if foreign:
        return f"it holds {', '.join(map(repr, foreign[:3]))}, which toolkit did not publish"
    return None


def write_package(
    package: Package, out_dir: Path, sources: Sequence[Path] = (), force: bool = False
) -> Path:
    """Write DIR/scenarios/<id>/ at once: into a temporary folder beside it, then moved into
    place, so a failure leaves the previous package (or nothing), never half of one.

    :raises OutputRefused: see :func:`check_package_destination`; nothing was written.
    """
    final = check_package_destination(out_dir, package.scenario_id, sources, force)
    parent = final.parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{package.scenario_id}.tmp-", dir=parent))
    staging.chmod(0o755)  # a package is for sharing; mkdtemp makes it private
    try:
        for name, content in package.files:
            (staging / name).write_bytes(content)
        old = None
        if final.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{package.scenario_id}.old-", dir=parent))
            os.rmdir(old)
            final.rename(old)
        staging.rename(final)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return final
