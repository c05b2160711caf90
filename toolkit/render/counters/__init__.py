"""Counter faces as SVG, drawn from their templates (see :mod:`toolkit.render.counters.faces`)."""

from __future__ import annotations

from toolkit.render.counters.faces import MIN_TEXT_PT, CounterLayoutError, counter_faces

__all__ = ["MIN_TEXT_PT", "CounterLayoutError", "counter_faces"]
