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
from toolkit.interrupts import EXIT_SIGNAL_BASE, stop_on_signals
from toolkit.load import LoadResult, load_game

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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="toolkit")
def cli() -> None:
    """Turn a wargame written as JSON sources into SVG, PNG, a print-and-play PDF and more."""


@cli.command("validate")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@_format_option("Diagnostics")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def validate_command(sources: tuple[Path, ...], fmt: str, strict: bool) -> None:
    """Check game folders; print one line per problem."""
    from toolkit.build import build_checks

    combined = Report()
    for folder in sources:
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


@cli.command("build")
@click.argument("source", type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path("build"),
    show_default=True,
    help="Where build/<game>/ goes.",
)
@click.option(
    "--only",
    default=None,
    metavar="TARGETS",
    help="Comma-separated outputs to make (default: all).",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Worker processes for rendering.",
)
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
    fmt: str,
) -> None:
    """Check a game folder and make its outputs in OUTPUT/<game>/."""
    from toolkit.build import build_game, selected_targets
    from toolkit.options import BuildOptions
    from toolkit.targets import target_names

    wanted = [name.strip() for name in only.split(",") if name.strip()] if only else None
    for name in wanted or []:
        if name not in target_names():
            raise click.BadParameter(
                f"unknown output {name!r} (known: {', '.join(target_names())})", param_hint="--only"
            )
    result = load_game(source)
    _emit(result.report, fmt)
    if result.game is None:
        if fmt == "text":
            click.echo(result.report.summary(), err=True)
        raise SourcesInvalid("the sources have errors; nothing was built")
    options = BuildOptions(
        dpi=dpi, jobs=jobs, paper=paper, duplex=duplex, maps=maps_mode, back_offset=back_offset
    )
    summary = build_game(result.game, out_dir, selected_targets(wanted), options)
    if fmt == "text":
        click.echo(f"built {summary.folder}: {summary.files} file(s), {summary.bytes / 1e6:.1f} MB")


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
@_format_option("Violations")
def check_command(
    source: Path,
    setup_id: str | None,
    position_path: Path | None,
    save_path: Path | None,
    before_path: Path | None,
    after_path: Path | None,
    log_path: Path | None,
    fmt: str,
) -> None:
    """Check a setup, a position, a VASSAL saved game, a whole turn or a VASSAL log against
    the game's rules; SOURCE is the game folder or its built module (.vmod). One line per
    broken rule."""
    asked = [setup_id, position_path, save_path, before_path or after_path, log_path]
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
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--setup") from None
    if checked.report.diagnostics:
        click.echo(checked.report.format_text(), err=True)
    if checked.report.errors:
        raise SourcesInvalid(f"{checked.where} cannot be read; nothing was checked")
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
@_format_option("Problems")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def vmod_check_command(module: Path, saves: tuple[Path, ...], fmt: str, strict: bool) -> None:
    """Check a VASSAL module (any, not only ours) and saved games for what VASSAL rejects or
    silently gets wrong; print one line per problem."""
    from toolkit.vassal.check import check_module

    report = Report(check_module(module, saves))
    report = _strict(report) if strict else report
    _emit(report, fmt)
    if fmt == "text":
        click.echo(f"{module}: {report.summary()}", err=bool(report.diagnostics))
    if report.errors:
        sys.exit(EXIT_INVALID)


@cli.command("new")
@click.argument("directory", type=click.Path(path_type=Path))
def new_command(directory: Path) -> None:
    """Start a new game in DIRECTORY from a small working example."""
    from toolkit.scaffold import write_new_game

    if directory.exists() and any(directory.iterdir()):
        raise click.BadParameter(f"{directory} exists and is not empty", param_hint="DIRECTORY")
    written = write_new_game(directory)
    click.echo(f"created {directory} ({len(written)} files); next: toolkit build {directory}")


INTERRUPTED = "interrupted; previous output kept"
"""The one line a build stopped by Ctrl-C or a kill signal prints (it exits 128 + the signal)."""


def main() -> None:
    """Entry point: run the CLI; a bug is one line, not a traceback (TOOLKIT_DEBUG=1 shows it)."""
    stop_on_signals(INTERRUPTED)
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):
            click.echo(INTERRUPTED, err=True)
            sys.exit(EXIT_SIGNAL_BASE + signal.SIGINT)
        click.echo("aborted", err=True)
        sys.exit(EXIT_INVALID)
    except KeyboardInterrupt:
        click.echo(INTERRUPTED, err=True)
        sys.exit(EXIT_SIGNAL_BASE + signal.SIGINT)
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
