"""Exceptions that reach the command line, with their exit statuses."""

from __future__ import annotations

import click

from toolkit.diagnostics import Diagnostic

EXIT_OK = 0
EXIT_INVALID = 1
"""Invalid sources, rule violations or a failed build."""
EXIT_USAGE = 2
"""Wrong usage of the command line (click's own convention)."""


class ToolkitError(click.ClickException):
    """A user-facing failure: printed as one line, never as a traceback."""

    exit_code = EXIT_INVALID


class SourcesInvalid(ToolkitError):
    """The sources have errors; the diagnostics have already been printed."""


class BuildError(ToolkitError):
    """A build step failed after the sources were accepted."""


class DiagnosticsError(BuildError):
    """A build step found a problem in the sources that only drawing or printing reveals.

    It is shown like any other diagnostic: one line naming the file, line and column.
    """

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics

    def show(self, file: object = None) -> None:
        """Print the diagnostics, one per line, on standard error."""
        for diagnostic in self.diagnostics:
            click.echo(diagnostic.format(), err=True)
