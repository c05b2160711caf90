"""toolkit build, serve and new: make a game's outputs, keep them fresh, start a game."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import click

from toolkit.commands.common import emit
from toolkit.diagnostics import Report
from toolkit.errors import DiagnosticsError, SourcesInvalid, ToolkitError


def build(
    source: Path,
    out_dir: Path,
    only: str | None,
    jobs: int,
    dpi: int | None,
    paper: str | None,
    duplex: str | None,
    maps_mode: str | None,
    back_offset: tuple[float, float] | None,
    kit: tuple[str, bool, int],
    no_cache: bool,
    force: bool,
    fmt: str,
) -> None:
    """toolkit build: check a game folder, then write the outputs asked for; ``kit`` is the
    kit's edition, whether the home kit prints die lines, and the print-shop ink limit."""
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
        kit=kit[0],
        die_lines=kit[1],
        ink_limit=kit[2],
        cache=None if no_cache else out_dir / FOLDER,
        force=force,
    )
    try:
        built = build_folder(source, out_dir, selected_targets(wanted), options)
    except DiagnosticsError as error:  # what only drawing or the rules check find
        _failed(Report(error.diagnostics), fmt)
    emit(built.report, fmt)
    if built.summary is None:
        _failed(built.report, fmt, shown=True)
    if fmt == "text":
        summary = built.summary
        unchanged = " (unchanged)" if built.game is None else ""
        size = f"{summary.bytes / 1e6:.1f} MB"
        click.echo(f"built {summary.folder}: {summary.files} file(s), {size}{unchanged}")


def _failed(report: Report, fmt: str, *, shown: bool = False) -> NoReturn:
    """A build that stopped on the sources' errors: the diagnostics (unless ``shown``), the
    count, and the closing line that says nothing was written."""
    if not shown:
        emit(report, fmt)
    if fmt == "text":
        click.echo(report.summary(), err=True)
    errors = len(report.errors)
    raise SourcesInvalid(
        f"build failed: {errors} error{'s' * (errors != 1)} in the sources; nothing was written"
    )


def serve(source: Path, out_dir: Path, host: str, port: int, jobs: int, force: bool) -> None:
    """toolkit serve: build, then rebuild on every save, printing how each build went."""
    from toolkit.cache import FOLDER
    from toolkit.options import BuildOptions
    from toolkit.serve import ServeError, Snapshot
    from toolkit.serve import serve as serve_game

    def report(snapshot: Snapshot) -> None:
        for diagnostic in snapshot.diagnostics:
            click.echo(str(diagnostic["text"]), err=True)
        click.echo(snapshot.message, err=not snapshot.ok)

    def warn(line: str) -> None:
        click.echo(line, err=True)

    options = BuildOptions(jobs=jobs, cache=out_dir / FOLDER, force=force)
    try:
        serve_game(source, out_dir, options, host, port, click.echo, report, warn)
    except ServeError as error:
        raise ToolkitError(str(error)) from None


def new(directory: Path, force: bool) -> None:
    """toolkit new: write the small working example into DIRECTORY."""
    from toolkit.scaffold import write_new_game

    written = write_new_game(directory, force)
    click.echo(f"created {directory} ({len(written)} files); next: toolkit build {directory}")
