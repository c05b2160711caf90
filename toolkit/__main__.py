"""The ``toolkit`` command and ``python -m toolkit``: Ctrl-C is handled from the first moment.

The command line's modules (click, the loader, the model) take a noticeable moment to import;
the signal handling is set up before them, so a Ctrl-C meanwhile ends like any other: one line,
exit 130, no traceback.
"""

from __future__ import annotations

from toolkit.interrupts import stop_on_signals


def main() -> None:
    """Set up the signal handling, then import and run the command line."""
    stop_on_signals()
    from toolkit.cli import main as run

    run()


if __name__ == "__main__":
    main()
