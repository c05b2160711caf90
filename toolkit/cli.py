"""The command line: the verbs, their options and their help, and the one way out of the process.

Each verb is declared here and does its work in :mod:`toolkit.commands` (parse, call the library,
print), so ``toolkit --help`` and every verb's options read in one place.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from toolkit import __version__
from toolkit.commands import building, checking, migrate, reporting, scenarios, upgrade, vmod
from toolkit.errors import EXIT_INVALID, EXIT_OK, ToolkitError
from toolkit.interrupts import exit_status, interrupted_line, stop_on_signals

F = TypeVar("F", bound=Callable[..., Any])

EXIT_INTERNAL = 3
"""A bug in the toolkit, not in the sources: reported without a traceback unless TOOLKIT_DEBUG=1."""


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
    checking.validate(sources, game_path, fmt, strict)


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
    "--kit",
    "kit_edition",
    type=click.Choice(["home", "print-shop"]),
    default="home",
    show_default=True,
    help="print-shop: also write <game>-kit-print-shop.pdf (PDF/X-4, CMYK, die lines).",
)
@click.option("--die-lines", is_flag=True, help="Print the pieces' die lines in the home kit too.")
@click.option(
    "--ink-limit",
    type=click.IntRange(100, 400),
    default=300,
    show_default=True,
    help="Total ink limit of the print-shop kit, in percent.",
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
    kit_edition: str,
    die_lines: bool,
    ink_limit: int,
    no_cache: bool,
    force: bool,
    fmt: str,
) -> None:
    """Check a game folder and make its outputs in OUTPUT/<game>/."""
    building.build(
        source,
        out_dir,
        only,
        jobs,
        dpi,
        paper,
        duplex,
        maps_mode,
        back_offset,
        (kit_edition, die_lines, ink_limit),
        no_cache,
        force,
        fmt,
    )


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
    building.serve(source, out_dir, host, port, jobs, force)


_FILE = click.Path(path_type=Path, dir_okay=False)


@cli.command("check")
@click.argument("source", type=click.Path(path_type=Path))
@click.option(
    "--setup",
    "setup_id",
    default=None,
    metavar="ID",
    help="Check a setup's start; beside --save, the setup whose waivers apply.",
)
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
    checking.check(
        source,
        game_path,
        setup_id,
        position_path,
        save_path,
        before_path,
        after_path,
        log_path,
        fmt,
    )


@cli.command("report")
@click.argument("source", type=click.Path(path_type=Path, exists=True))
@click.argument(
    "inputs", nargs=-1, required=True, type=click.Path(path_type=Path, exists=True, dir_okay=False)
)
@click.option(
    "-o",
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    required=True,
    help="Folder the report is written into.",
)
@click.option(
    "--side",
    default=None,
    metavar="SIDE",
    help="The side the report is for (it sees its own hidden pieces); else what all sides see.",
)
def report_command(source: Path, inputs: tuple[Path, ...], out_dir: Path, side: str | None) -> None:
    """An after-action report of VASSAL logs (.vlog) and saves (.vsav): a page stepping through
    each logged action, a picture per turn, a summary; SOURCE is the game folder or its module."""
    reporting.report(source, inputs, out_dir, side)


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
@click.option(
    "--library",
    is_flag=True,
    help="Check every FILE (of any kind) as the VASSAL Game Library checks an upload, instead.",
)
@click.option(
    "--release",
    default=None,
    metavar="X.Y.Z",
    help="With --library: the release the files go to; modules, saves and logs must carry it.",
)
@_format_option("Problems")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def vmod_check_command(
    module: Path,
    saves: tuple[Path, ...],
    extends: Path | None,
    library: bool,
    release: str | None,
    fmt: str,
    strict: bool,
) -> None:
    """Check a VASSAL module or extension (any, not only ours) and saved games for what VASSAL
    rejects or silently gets wrong; print one line per problem. With --library, check every
    file given (MODULE and SAVES alike, of any kind) for what the VASSAL Game Library
    refuses on upload, one line per refused file."""
    if library:
        vmod.library_check((module, *saves), extends, release, fmt)
    elif release is not None:
        raise click.UsageError("--release goes with --library")
    else:
        vmod.vmod_check(module, saves, extends, fmt, strict)


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
    scenarios.publish(scenario, game_path, out_dir, index_dir, jobs, force, fmt)


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
    scenarios.import_save(module, save, out_dir, base_path, force)


@cli.command("upgrade-save")
@click.argument("save", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--module",
    "module",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help="The new version of the module (a .vmod toolkit built).",
)
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(path_type=Path),
    required=True,
    help="The saved game to write.",
)
@click.option("--force", is_flag=True, help="Overwrite an existing OUTPUT.")
def upgrade_save_command(save: Path, module: Path, output: Path, force: bool) -> None:
    """Bring SAVE, a game in progress, to a new version of its module: every piece gets its new
    definition and keeps its place, face, step and owner; pieces whose counter is gone are
    listed and left as they were."""
    upgrade.upgrade_save(save, module, output, force)


@cli.command("migrate")
@click.argument("source", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--from",
    "assumed",
    type=click.IntRange(1),
    default=None,
    metavar="N",
    help="The format SOURCE is written for, when game.json does not say (default 1).",
)
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
def migrate_command(source: Path, assumed: int | None, dry_run: bool) -> None:
    """Bring a game folder written for an older source format to the current one: the
    mechanical updates the CHANGELOG lists, each said in one line, every meaning kept, and
    game.json declaring the format."""
    migrate.migrate(source, assumed, dry_run)


@cli.command("new")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Write into a folder that is not empty.")
def new_command(directory: Path, force: bool) -> None:
    """Start a new game in DIRECTORY from a small working example."""
    building.new(directory, force)


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
