"""Where the command line finds the module writer's error; it lives in
:mod:`toolkit.vassal.write.module`.

Kept only until the command line imports it from its room.
"""

from __future__ import annotations

from toolkit.vassal.write.module import ModuleError

__all__ = ["ModuleError"]
