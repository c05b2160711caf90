"""Where the command line finds the module checker; it lives in :mod:`toolkit.vassal.read.check`.

Kept only until the command line imports it from its room.
"""

from __future__ import annotations

from toolkit.vassal.read.check import check_module

__all__ = ["check_module"]
