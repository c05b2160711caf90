"""From a game folder to the model: parse JSON, check it against the schemas, then resolve
every reference into one immutable :class:`toolkit.model.Game`.

Each ``load`` module reads one kind of source (``game``, ``maps``, ``counters``, ``charts``,
``setups``, ``rules``) through a :class:`~toolkit.load.context.Context` that collects the
diagnostics; :func:`load_game` runs them in order.
"""

from __future__ import annotations

from toolkit.load.loader import LoadResult, load_game

__all__ = ["LoadResult", "load_game"]
