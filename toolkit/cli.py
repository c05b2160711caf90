"""The command line: parse options, call the library, print. Nothing else lives here."""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from toolkit import __version__
from toolkit.diagnostics import Report
from toolkit.errors import EXIT_INVALID, EXIT_OK, SourcesInvalid, ToolkitError
from toolkit.interrupts import exit_status, interrupted_line, stop_on_signals
from toolkit.load import LoadResult, load_game
from toolkit.model import Game

F = TypeVar("F", bound=Callable[..., Any])

EXIT_INTERNAL = 3
"""A bug in the toolkit, not in the sources: reported without a traceback unless TOOLKIT_DEBUG=1."""


def _emit(report: Report, fmt: str) -> None:
    if fmt == "json":
        click.echo(report.format_json())
    elif report.diagnostics:
        click.echo(report.format_text(), err=True)


def _strict(report: Report) -> Report:
    """--strict: warnings count as errors."""
    return Report(
        [
            d
            if d.severity != "warning"
            else type(d)(d.code, d.message, d.file, d.line, d.column, d.pointer, "error")
            for d in report.diagnostics
        ]
    )


def _parse_offset(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> tuple[float, float] | None:
    """'1.5,-0.5' (millimetres) → points."""
    if value is None:
        return None
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"{value!r} is not X,Y in millimetres, e.g. 1.5,-0.5") from None
    if abs(x) > 20 or abs(y) > 20:
        raise click.BadParameter("an offset over 20 mm is not a printer's misalignment")
    return x * 72 / 25.4, y * 72 / 25.4


def _format_option(what: str) -> Callable[[F], F]:
    """--format text|json, the same on every command that reports."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json"]),
        default="text",
        help=f"{what} as text lines or as a JSON list.",
    )


def _output_option(what: str) -> Callable[[F], F]:
    """-o/--output DIR, default build/, the same on every command that writes."""
    return click.option(
        "-o",
        "--output",
        "out_dir",
        type=click.Path(path_type=Path),
        default=Path("build"),
        show_default=True,
        help=f"Where {what} goes.",
    )


def _force_option(what: str) -> Callable[[F], F]:
    """--force, the same on every command that writes: replace what is not the toolkit's."""
    return click.option("--force", is_flag=True, help=f"Replace {what}, even if not toolkit's.")


def _jobs_option(work: str) -> Callable[[F], F]:
    """-j/--jobs N, one worker process by default, the same on every command that draws."""
    return click.option(
        "-j",
        "--jobs",
        type=click.IntRange(1, 64),
        default=1,
        show_default=True,
        help=f"Worker processes for {work}.",
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="toolkit")
def cli() -> None:
    """Turn a wargame written as JSON sources into SVG, PNG, a print-and-play PDF and more."""


_GAME_OPTION = click.option(
    "--game",
    "game_path",
    type=click.Path(exists=True, path_type=Path),
    default=None,
    metavar="SRC|GAME.vmod",
    help="For a scenario folder: its game, as a game folder or a built module.",
)


@cli.command("validate")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@_GAME_OPTION
@_format_option("Diagnostics")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def validate_command(
    sources: tuple[Path, ...], game_path: Path | None, fmt: str, strict: bool
) -> None:
    """Check game folders, or scenario folders with --game; print one line per problem."""
    from toolkit.build import build_checks
    from toolkit.load.scenarios import is_scenario

    combined = Report()
    for folder in sources:
        if is_scenario(folder):
            report = _validate_scenario(folder, _need_game(game_path), fmt)
            combined.extend((_strict(report) if strict else report).diagnostics)
            continue
        result = load_game(folder)
        if result.game is not None and not result.report.errors:
            # what the build would stop on, so that a clean validate promises a build
            result.report.extend(build_checks(result.game))
        report = _strict(result.report) if strict else result.report
        combined.extend(report.diagnostics)
        if fmt == "text" and not report.errors and result.game is not None:
            game = result.game
            click.echo(
                f"ok: {folder} — {game.title}: {len(game.maps)} map(s), "
                f"{len(game.counters)} counter(s), {len(game.charts)} chart(s), "
                f"{len(game.setups)} setup(s), {len(game.rules)} rule(s)"
            )
    _emit(combined, fmt)
    if combined.errors:
        if fmt == "text":
            click.echo(combined.summary(), err=True)
        sys.exit(EXIT_INVALID)


def _need_game(game_path: Path | None) -> Path:
    if game_path is None:
        raise click.UsageError("a scenario folder needs its game: --game SRC or --game GAME.vmod")
    return game_path


def _validate_scenario(folder: Path, game_path: Path, fmt: str) -> Report:
    """A scenario folder loaded against its game: its own diagnostics (the game's only when
    the game itself does not load: a scenario author cannot fix the game's warnings)."""
    from toolkit.load.scenarios import load_game_source, load_scenario

    with load_game_source(game_path) as result:
        if result.game is None:
            return result.report
        loaded = load_scenario(result.game, folder)
        if fmt == "text" and loaded.scenario is not None and not loaded.report.errors:
            scenario = loaded.scenario
            click.echo(
                f"ok: {folder} — {scenario.title} (v{scenario.version}, for {result.game.title} "
                f"{scenario.versions_text()}): {len(scenario.setup.placements)} placement(s), "
                f"{len(scenario.setup.reinforcements)} reinforcement(s)"
            )
        return loaded.report


@cli.command("build")
@click.argument("source", type=click.Path(path_type=Path))
@_output_option("build/<game>/")
@click.option(
    "--only",
    default=None,
    metavar="TARGETS",
    help="Comma-separated outputs to make (default: all).",
)
@_jobs_option("rendering")
@click.option("--dpi", type=click.IntRange(36, 1200), default=None, help="PNG resolution.")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default=None, help="Kit paper size.")
@click.option(
    "--duplex",
    type=click.Choice(["long-edge", "short-edge"]),
    default=None,
    help="Kit duplex flip.",
)
@click.option(
    "--maps",
    "maps_mode",
    type=click.Choice(["tiled", "full", "both"]),
    default=None,
    help="Kit maps: tiled on pages, one page at true size, or both.",
)
@click.option(
    "--back-offset",
    "back_offset",
    callback=_parse_offset,
    default=None,
    metavar="X,Y",
    help="The printer's back offset in mm, measured on the kit's calibration page.",
)
@click.option(
    "--no-cache",
    is_flag=True,
    help="Make every output afresh, neither reading nor filling OUTPUT/.cache.",
)
@_force_option("OUTPUT/<game>/ and OUTPUT/.cache/")
@_format_option("Diagnostics")
def build_command(
    source: Path,
    out_dir: Path,
    only: str | None,
    jobs: int,
    dpi: int | None,
    paper: str | None,
    duplex: str | None,
    maps_mode: str | None,
    back_offset: tuple[float, float] | None,
    no_cache: bool,
    force: bool,
    fmt: str,
) -> None:
    """Check a game folder and make its outputs in OUTPUT/<game>/."""
    from toolkit.build import build_folder, selected_targets
    from toolkit.cache import FOLDER
    from toolkit.options import BuildOptions
    from toolkit.targets import target_names

    wanted = [name.strip() for name in only.split(",") if name.strip()] if only else None
    for name in wanted or []:
        if name not in target_names():
            raise click.BadParameter(
                f"unknown output {name!r} (known: {', '.join(target_names())})", param_hint="--only"
            )
    options = BuildOptions(
        dpi=dpi,
        jobs=jobs,
        paper=paper,
        duplex=duplex,
        maps=maps_mode,
        back_offset=back_offset,
        cache=None if no_cache else out_dir / FOLDER,
        force=force,
    )
    built = build_folder(source, out_dir, selected_targets(wanted), options)
    _emit(built.report, fmt)
    if built.summary is None:
        if fmt == "text":
            click.echo(built.report.summary(), err=True)
        raise SourcesInvalid("the sources have errors; nothing was built")
    if fmt == "text":
        summary = built.summary
        unchanged = " (unchanged)" if built.game is None else ""
        size = f"{summary.bytes / 1e6:.1f} MB"
        click.echo(f"built {summary.folder}: {summary.files} file(s), {size}{unchanged}")


@cli.command("serve")
@click.argument("source", type=click.Path(path_type=Path, exists=True, file_okay=False))
@_output_option("build/<game>/")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@_jobs_option("rendering")
@_force_option("OUTPUT/<game>/ and OUTPUT/.cache/")
def serve_command(
    source: Path, out_dir: Path, host: str, port: int, jobs: int, force: bool
) -> None:
    """Build a game folder, rebuild it on every save, and show it in the browser."""
    from toolkit.cache import FOLDER
    from toolkit.options import BuildOptions
    from toolkit.serve import ServeError, Snapshot, serve

    def report(snapshot: Snapshot) -> None:
        for diagnostic in snapshot.diagnostics:
            click.echo(str(diagnostic["text"]), err=True)
        click.echo(snapshot.message, err=not snapshot.ok)

    def warn(line: str) -> None:
        click.echo(line, err=True)

    options = BuildOptions(jobs=jobs, cache=out_dir / FOLDER, force=force)
    try:
        serve(source, out_dir, options, host, port, click.echo, report, warn)
    except ServeError as error:
        raise ToolkitError(str(error)) from None


_FILE = click.Path(path_type=Path, dir_okay=False)


@cli.command("check")
@click.argument("source", type=click.Path(path_type=Path))
@click.option("--setup", "setup_id", default=None, metavar="ID", help="Check a setup's start.")
@click.option(
    "--position",
    "position_path",
    type=_FILE,
    default=None,
    metavar="FILE",
    help="Check a position file (kind 'position').",
)
@click.option(
    "--save",
    "save_path",
    type=_FILE,
    default=None,
    metavar="FILE.vsav",
    help="Check the position of a VASSAL saved game.",
)
@click.option(
    "--before",
    "before_path",
    type=_FILE,
    default=None,
    metavar="FILE",
    help="With --after: check every move between two positions (.json or .vsav).",
)
@click.option("--after", "after_path", type=_FILE, default=None, metavar="FILE")
@click.option(
    "--log",
    "log_path",
    type=_FILE,
    default=None,
    metavar="FILE.vlog",
    help="Check every move a VASSAL log (play by email) records.",
)
@_GAME_OPTION
@_format_option("Violations")
def check_command(
    source: Path,
    game_path: Path | None,
    setup_id: str | None,
    position_path: Path | None,
    save_path: Path | None,
    before_path: Path | None,
    after_path: Path | None,
    log_path: Path | None,
    fmt: str,
) -> None:
    """Check a setup, a position, a VASSAL saved game, a whole turn or a VASSAL log against
    the game's rules; SOURCE is the game folder or its built module (.vmod), or a scenario
    folder (its start is checked) with --game. One line per broken rule."""
    asked = [setup_id, position_path, save_path, before_path or after_path, log_path]
    from toolkit.load.scenarios import is_scenario

    if is_scenario(source):
        if any(choice is not None for choice in asked):
            raise click.UsageError("a scenario folder is checked at its start; give only --game")
        _check_scenario(source, _need_game(game_path), fmt)
        return
    if sum(choice is not None for choice in asked) != 1 or (before_path is None) != (
        after_path is None
    ):
        raise click.UsageError(
            "give one of --setup ID, --position FILE, --save FILE.vsav, --before A --after B "
            "or --log FILE.vlog"
        )
    if source.suffix.lower() == ".vmod":
        from toolkit.load.module import game_from_module

        with game_from_module(source) as result:
            _check(
                result, fmt, setup_id, position_path, save_path, before_path, after_path, log_path
            )
    else:
        _check(
            load_game(source),
            fmt,
            setup_id,
            position_path,
            save_path,
            before_path,
            after_path,
            log_path,
        )


def _check_scenario(folder: Path, game_path: Path, fmt: str) -> None:
    """toolkit check SCENARIO --game G: the scenario's start against the game's rules."""
    from toolkit.check import format_violation, violation_json
    from toolkit.load.scenarios import load_game_source, load_scenario
    from toolkit.publish.rules import check_scenario

    with load_game_source(game_path) as result:
        if result.game is None:
            _emit(result.report, fmt)
            raise SourcesInvalid("the game has errors; nothing was checked")
        loaded = load_scenario(result.game, folder)
        if loaded.scenario is None:
            _emit(loaded.report, fmt)
            raise SourcesInvalid("the scenario has errors; nothing was checked")
        scenario = loaded.scenario
        violations = check_scenario(result.game, scenario)
    where = f"scenario {scenario.id}"
    if fmt == "json":
        click.echo(json.dumps([violation_json(v) for v in violations], indent=2))
    for v in violations if fmt == "text" else ():
        waived = scenario.setup.waivers.get(v.rule)
        click.echo(format_violation(v, where) + (f" (waived: {waived})" if waived else ""))
    if any(v.severity == "error" and v.rule not in scenario.setup.waivers for v in violations):
        sys.exit(EXIT_INVALID)


def _check(
    result: LoadResult,
    fmt: str,
    setup_id: str | None,
    position_path: Path | None,
    save_path: Path | None,
    before_path: Path | None,
    after_path: Path | None,
    log_path: Path | None,
) -> None:
    from toolkit.check import (
        UnknownSetup,
        broken,
        check_log,
        check_save,
        check_source,
        check_turn,
        format_violation,
        violation_json,
    )

    if result.game is None:
        _emit(result.report, fmt)
        raise SourcesInvalid("the sources have errors; nothing was checked")
    try:
        if save_path is not None:
            checked = check_save(result.game, save_path)
        elif log_path is not None:
            checked = check_log(result.game, log_path)
        elif before_path is not None and after_path is not None:
            checked = check_turn(result.game, before_path, after_path)
        else:
            checked = check_source(result.game, setup_id, position_path)
    except UnknownSetup as exc:  # only --setup names something the game may lack
        raise click.BadParameter(str(exc), param_hint="--setup") from None
    if checked.report.errors:
        # what could not be read is the answer: with --format json, on stdout for tools
        _emit(checked.report, fmt)
        raise SourcesInvalid(f"{checked.where} cannot be read; nothing was checked")
    if checked.report.diagnostics:
        click.echo(checked.report.format_text(), err=True)
    if fmt == "json":
        click.echo(json.dumps([violation_json(v) for v in checked.violations], indent=2))
    for v in checked.violations if fmt == "text" else ():
        click.echo(format_violation(v, checked.where))
    if broken(checked.violations):
        sys.exit(EXIT_INVALID)


@cli.command("vmod-check")
@click.argument(
    "module", type=click.Path(exists=True, dir_okay=False, readable=True, path_type=Path)
)
@click.argument(
    "saves",
    nargs=-1,
    type=click.Path(exists=True, dir_okay=False, readable=True, path_type=Path),
)
@click.option(
    "--extends",
    "extends",
    type=click.Path(exists=True, dir_okay=False, readable=True, path_type=Path),
    default=None,
    metavar="GAME.vmod",
    help="For an extension (.vmdx): the module it extends, to check it against.",
)
@_format_option("Problems")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def vmod_check_command(
    module: Path, saves: tuple[Path, ...], extends: Path | None, fmt: str, strict: bool
) -> None:
    """Check a VASSAL module or extension (any, not only ours) and saved games for what VASSAL
    rejects or silently gets wrong; print one line per problem."""
    from toolkit.vassal.check import check_module

    report = Report(check_module(module, saves, extends))
    report = _strict(report) if strict else report
    _emit(report, fmt)
    if fmt == "text":
        click.echo(f"{module}: {report.summary()}", err=bool(report.diagnostics))
    if report.errors:
        sys.exit(EXIT_INVALID)


@cli.command("publish")
@click.argument("scenario", required=False, type=click.Path(exists=True, path_type=Path))
@_GAME_OPTION
@_output_option("scenarios/<id>/")
@click.option(
    "--index",
    "index_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    metavar="DIR",
    help="Instead: merge DIR's packages (DIR/scenarios/*/) into DIR/index.json and index.html.",
)
@_jobs_option("drawing")
@_force_option("OUTPUT/scenarios/<id>/, or DIR/index.json and index.html,")
@_format_option("Diagnostics")
def publish_command(
    scenario: Path | None,
    game_path: Path | None,
    out_dir: Path,
    index_dir: Path | None,
    jobs: int,
    force: bool,
    fmt: str,
) -> None:
    """Publish a scenario folder as DIR/scenarios/<id>/: its saved game, a VASSAL module
    extension, a printable scenario card and a catalogue entry; or, with --index DIR, make the
    catalogue of a folder of packages."""
    if index_dir is not None:
        if scenario is not None:
            raise click.UsageError("give either SCENARIO --game G or --index DIR, not both")
        _publish_index(index_dir, force)
        return
    if scenario is None:
        raise click.UsageError("give SCENARIO --game G, or --index DIR")
    _publish_scenario(scenario, _need_game(game_path), out_dir, jobs, force, fmt)


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
    from toolkit.vassal.module import ModuleError

    sources = [folder] if game_path.is_file() else [folder, game_path]

    with load_game_source(game_path) as result:
        if result.game is None:
            _emit(result.report, fmt)
            raise SourcesInvalid("the game has errors; nothing was published")
        loaded = load_scenario(result.game, folder)
        _emit(loaded.report, fmt)
        if loaded.scenario is None:
            raise SourcesInvalid("the scenario has errors; nothing was published")
        check_package_destination(out_dir, loaded.scenario.id, sources, force)
        try:
            package = package_scenario(result.game, loaded.scenario, jobs)
        except ModuleError as error:
            raise SourcesInvalid(f"{folder}: {error}; nothing was published") from None
        except PublishRefused as refused:
            _emit(Report(refused.diagnostics), fmt)
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


@cli.command("import-save")
@click.argument("module", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("save", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(path_type=Path),
    required=True,
    help="The scenario folder to write scenario.json into.",
)
@click.option(
    "--scenario",
    "base_path",
    type=click.Path(exists=True, path_type=Path),
    default=None,
    metavar="SCENARIO",
    help="Keep this scenario's title, rules, control and the rest; take only the pieces.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing OUTPUT/scenario.json.")
def import_save_command(
    module: Path, save: Path, out_dir: Path, base_path: Path | None, force: bool
) -> None:
    """Turn a position set up by hand in VASSAL (a saved game of MODULE, a module toolkit
    built) into a scenario folder's scenario.json."""
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
            _emit(result.report, "text")
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
    _emit(loaded.report, "text")
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
        _emit(loaded.report, "text")
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


@cli.command("new")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Write into a folder that is not empty.")
def new_command(directory: Path, force: bool) -> None:
    """Start a new game in DIRECTORY from a small working example."""
    from toolkit.scaffold import write_new_game

    written = write_new_game(directory, force)
    click.echo(f"created {directory} ({len(written)} files); next: toolkit build {directory}")


def main() -> None:
    """Run the CLI; a bug is one line, not a traceback (TOOLKIT_DEBUG=1 shows it). The
    ``toolkit`` command starts in :mod:`toolkit.__main__`, which sets up the signal handling
    before this module's imports; an interruption prints :func:`interrupted_line`."""
    stop_on_signals()
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):
            click.echo(interrupted_line(), err=True)
            sys.exit(exit_status(signal.SIGINT))
        click.echo("aborted", err=True)
        sys.exit(EXIT_INVALID)
    except KeyboardInterrupt:
        click.echo(interrupted_line(), err=True)
        sys.exit(exit_status(signal.SIGINT))
    except ToolkitError as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except SystemExit:
        raise
    except Exception as exc:  # a bug: say so in one line
        if os.environ.get("TOOLKIT_DEBUG"):
            raise
        click.echo(
            f"internal error: {type(exc).__name__}: {exc} (set TOOLKIT_DEBUG=1 for details)",
            err=True,
        )
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_OK)
