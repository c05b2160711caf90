"""toolkit publish and import-save: scenario packages and their catalogue, and scenarios made
from a position set up by hand in VASSAL."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from toolkit.commands.common import emit, need_game
from toolkit.diagnostics import Report
from toolkit.errors import EXIT_INVALID, SourcesInvalid
from toolkit.model import Game


def publish(
    scenario: Path | None,
    game_path: Path | None,
    out_dir: Path,
    index_dir: Path | None,
    jobs: int,
    force: bool,
    fmt: str,
) -> None:
    """toolkit publish: one scenario's package, or with --index the catalogue of a folder."""
    if index_dir is not None:
        if scenario is not None:
            raise click.UsageError("give either SCENARIO --game G or --index DIR, not both")
        _publish_index(index_dir, force)
        return
    if scenario is None:
        raise click.UsageError("give SCENARIO --game G, or --index DIR")
    _publish_scenario(scenario, need_game(game_path), out_dir, jobs, force, fmt)


def _publish_scenario(
    folder: Path, game_path: Path, out_dir: Path, jobs: int, force: bool, fmt: str
) -> None:
    from toolkit.load.scenarios import load_game_source, load_scenario
    from toolkit.publish.package import (
        PublishRefused,
        check_package_destination,
        package_scenario,
        write_package,
    )
    from toolkit.vassal.write.module import ModuleError

    sources = [folder] if game_path.is_file() else [folder, game_path]

    with load_game_source(game_path) as result:
        if result.game is None:
            emit(result.report, fmt)
            raise SourcesInvalid("the game has errors; nothing was published")
        loaded = load_scenario(result.game, folder)
        emit(loaded.report, fmt)
        if loaded.scenario is None:
            raise SourcesInvalid("the scenario has errors; nothing was published")
        check_package_destination(out_dir, loaded.scenario.id, sources, force)
        try:
            package = package_scenario(result.game, loaded.scenario, jobs)
        except ModuleError as error:
            raise SourcesInvalid(f"{folder}: {error}; nothing was published") from None
        except PublishRefused as refused:
            emit(Report(refused.diagnostics), fmt)
            raise SourcesInvalid(
                "the scenario breaks its game's rules; nothing was published"
            ) from None
    final = write_package(package, out_dir, sources, force)
    size = sum(len(content) for _, content in package.files)
    if fmt == "text":
        click.echo(f"published {final}: {len(package.files)} file(s), {size / 1e6:.1f} MB")


def _publish_index(index_dir: Path, force: bool) -> None:
    from toolkit.publish.catalogue import CatalogueError, write_catalogue

    try:
        written, count, refused = write_catalogue(index_dir, force)
    except CatalogueError as error:
        raise SourcesInvalid(str(error)) from None
    for diagnostic in refused:
        click.echo(diagnostic.format(), err=True)
    click.echo(f"indexed {count} scenario(s): {', '.join(str(p) for p in written)}")
    if refused:
        raise SourcesInvalid(f"{len(refused)} package(s) left out of the index: see above")


def import_save(
    module: Path, save: Path, out_dir: Path, base_path: Path | None, force: bool
) -> None:
    """toolkit import-save: a saved game's pieces as OUTPUT/scenario.json, checked once written."""
    from toolkit.load.module import game_from_module
    from toolkit.load.scenarios import load_scenario, scenario_file
    from toolkit.ownership import check_folder_to_write, check_new_file
    from toolkit.publish.imports import scenario_from_save, scenario_json

    check_folder_to_write(out_dir)
    target = out_dir / "scenario.json"
    check_new_file(target, force, "a scenario.json")
    base = _read_base(scenario_file(base_path)) if base_path is not None else None
    with game_from_module(module) as result:
        if result.game is None:
            emit(result.report, "text")
            raise SourcesInvalid("the module carries no readable game; nothing was imported")
        notes = _placement_notes(result.game, base_path) if base_path is not None else {}
        imported = scenario_from_save(result.game, save, base, notes)
        if imported.report.diagnostics:
            click.echo(imported.report.format_text(), err=True)
        if imported.scenario is None:
            raise SourcesInvalid(f"{save} cannot be read; nothing was imported")
        out_dir.mkdir(parents=True, exist_ok=True)
        check_new_file(target, force, "a scenario.json")  # not made meanwhile
        temporary = out_dir / ".scenario.json.tmp"
        temporary.write_bytes(scenario_json(imported.scenario))
        temporary.replace(target)
        loaded = load_scenario(result.game, out_dir)
    emit(loaded.report, "text")
    pieces = sum(len(p["pieces"]) for p in imported.scenario["placements"])
    click.echo(
        f"imported {target}: {len(imported.scenario['placements'])} location(s), "
        f"{pieces} piece entr{'y' if pieces == 1 else 'ies'}"
    )
    unknown = [d for d in imported.report.diagnostics if d.code == "save.unknown-piece"]
    if unknown:
        click.echo(f"{len(unknown)} piece(s) of the save are not in the game: see above", err=True)
    if loaded.report.errors or unknown:
        sys.exit(EXIT_INVALID)


def _placement_notes(game: Game, base_path: Path) -> dict[str, str]:
    """The base scenario's placement notes by location key (the save cannot hold them)."""
    from toolkit.load.scenarios import load_scenario

    loaded = load_scenario(game, base_path)
    if loaded.scenario is None:
        emit(loaded.report, "text")
        raise SourcesInvalid(f"{base_path} has errors; nothing was imported")
    return {p.at: p.note for p in loaded.scenario.setup.placements if p.note}


def _read_base(path: Path) -> dict[str, Any]:
    """An existing scenario's document, to keep what a saved game does not hold."""
    try:
        data = json.loads(path.read_bytes()[: 16 * 1024 * 1024])
    except (OSError, ValueError) as error:
        raise click.BadParameter(f"{path}: not a readable scenario ({error})") from None
    if not isinstance(data, dict) or data.get("kind") != "scenario":
        raise click.BadParameter(f"{path}: not a scenario (kind 'scenario')")
    return data
