"""The kit's one exception: a print setting or size the user can fix, said in one sentence."""

from __future__ import annotations


class KitError(ValueError):
    """Print options or sizes that make no kit (unknown paper, a counter wider than the page…).

    Only these become a one-line build error; anything else is a bug and keeps its traceback.
    """
