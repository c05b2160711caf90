"""What several verbs share: printing a report, --strict, and a scenario folder's --game."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.diagnostics import Report


def emit(report: Report, fmt: str) -> None:
    """Print a report: the JSON list on stdout, or its text lines on stderr."""
    if fmt == "json":
        click.echo(report.format_json())
    elif report.diagnostics:
        click.echo(report.format_text(), err=True)


def strict(report: Report) -> Report:
    """--strict: warnings count as errors."""
    return Report(
        [
            d
            if d.severity != "warning"
            else type(d)(d.code, d.message, d.file, d.line, d.column, d.pointer, "error")
            for d in report.diagnostics
        ]
    )


def need_game(game_path: Path | None) -> Path:
    """A scenario folder's --game, which it cannot do without.

    :raises click.UsageError: when --game was not given.
    """
    if game_path is None:
        raise click.UsageError("a scenario folder needs its game: --game SRC or --game GAME.vmod")
    return game_path
