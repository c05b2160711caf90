"""Let `pytest tests/geometry` import toolkit from a plain checkout, before `pip install -e .`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("toolkit") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
