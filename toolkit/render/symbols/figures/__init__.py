"""The figure icons' designs, one module per family: land, air, sea and markers.

Each design is made of the shapes of :mod:`~toolkit.render.symbols.figures.shapes`;
:mod:`toolkit.render.symbols.icons` names, measures and draws them.
"""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.render.symbols.figures.air import AIR
from toolkit.render.symbols.figures.land import LAND
from toolkit.render.symbols.figures.markers import MARKERS
from toolkit.render.symbols.figures.sea import SEA
from toolkit.render.symbols.figures.shapes import _Icon

FIGURES: Mapping[str, _Icon] = {**LAND, **AIR, **SEA, **MARKERS}
"""Icon name → its design. ICON_TYPES (:mod:`toolkit.model.values`) is the model's vocabulary;
FIGURES draws every one of them."""
