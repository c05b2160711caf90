"""A declarative wargame toolchain: one validated source, every component.

The public entry points are re-exported here; everything else is reachable from its package.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
