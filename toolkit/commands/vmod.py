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
