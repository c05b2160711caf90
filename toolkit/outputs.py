"""Imports every output module so each registers its Target (kept apart to keep imports one-way)."""

from __future__ import annotations

import importlib

OUTPUT_MODULES = ("toolkit.render.targets", "toolkit.kit.targets")


def load_targets() -> None:
    """Import the output modules that exist; each registers its targets once."""
    for name in OUTPUT_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
