"""toolkit vmod-check: any VASSAL module or extension, and saved games, as VASSAL reads them."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from toolkit.commands.common import emit, strict
from toolkit.diagnostics import Report
from toolkit.errors import EXIT_INVALID


def vmod_check(
    module: Path, saves: tuple[Path, ...], extends: Path | None, fmt: str, strict_mode: bool
) -> None:
    """toolkit vmod-check: one line per problem, then the module's summary."""
    from toolkit.vassal.read.check import check_module

    report = Report(check_module(module, saves, extends))
    report = strict(report) if strict_mode else report
    emit(report, fmt)
    if fmt == "text":
        click.echo(f"{module}: {report.summary()}", err=bool(report.diagnostics))
    if report.errors:
        sys.exit(EXIT_INVALID)


def library_check(
    paths: tuple[Path, ...], extends: Path | None, release: str | None, fmt: str
) -> None:
    """toolkit vmod-check --library: one line per file the Game Library would refuse, then
    how many were checked.

    :raises click.UsageError: --extends given, or a release that is no semantic version.
    """
    from toolkit.model.versions import parse_semver
    from toolkit.vassal.read.library import check_for_library

    if extends is not None:
        raise click.UsageError("--library checks files on their own; leave out --extends")
    try:
        target = None if release is None else parse_semver(release)
    except ValueError as error:
        message = str(error).replace("version", "--release", 1)
        raise click.BadParameter(message, param_hint="--release") from None
    report = Report(check_for_library(paths, target))
    emit(report, fmt)
    if fmt == "text":
        refused = len(report.errors)
        against = f"release {release}" if release else "no release (versions not compared)"
        files = f"{len(paths)} file{'s' * (len(paths) != 1)}"
        summary = f"{files} checked for the VASSAL Game Library, {against}: {refused} refused"
        click.echo(summary, err=bool(refused))
    if report.errors:
        sys.exit(EXIT_INVALID)
