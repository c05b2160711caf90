"""Exceptions that reach the command line, with their exit statuses."""

from __future__ import annotations

import click

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
