"""What the preview shows, as immutable snapshots: one per build, swapped in whole.

A :class:`Preview` is the last good build: its output folder, the model and drawings it was made
from, the page's lists and every map's hover data. A :class:`Snapshot` is one build's outcome:
its number, whether it succeeded, its diagnostics, and the preview to show (the last good one
when this build failed).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.artwork import Artwork
from toolkit.model import Game
from toolkit.publish.excerpt import setup_excerpts
from toolkit.serve.hover import map_places
from toolkit.serve.page import Json


@dataclass(frozen=True, eq=False)
class Preview:
    """A good build as the page shows it; setup excerpts are drawn when first asked for."""

    folder: Path
    """The build's output folder, build/<game>/."""
    game: Game
    artwork: Artwork
    contents: Json
    """What :func:`~toolkit.serve.page.page_contents` lists, with versioned file names."""
    _hover: dict[str, bytes] = field(default_factory=dict)
    _excerpts: dict[str, list[tuple[str, str, bytes]]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def hover(self, map_id: str) -> bytes:
        """The map's places as JSON (see :func:`~toolkit.serve.hover.map_places`), made when
        first asked for: a save's preview is ready without them.

        :raises KeyError: the game has no such map drawn.
        """
        with self._lock:
            if map_id not in self._hover:
                placement = self.artwork.maps[map_id].placement
                places = map_places(self.game, self.game.map(map_id), placement)
                body = {"map": map_id, "places": places}
                text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
                self._hover[map_id] = text.encode("utf-8")
            return self._hover[map_id]

    def excerpts(self, setup_id: str) -> list[tuple[str, str, bytes]]:
        """The setup drawn on each of its maps: (map id, map name, SVG), main map first.

        :raises KeyError: the game has no such setup.
        """
        with self._lock:
            if setup_id not in self._excerpts:
                setup = next((s for s in self.game.setups if s.id == setup_id), None)
                if setup is None:
                    raise KeyError(setup_id)
                try:
                    made = setup_excerpts(self.game, setup, self.artwork)
                except ValueError:  # nothing of the setup is drawn on a map
                    made = []
                self._excerpts[setup_id] = [
                    (e.map_id, e.title, e.svg.encode("utf-8")) for e in made
                ]
            return self._excerpts[setup_id]


@dataclass(frozen=True)
class Snapshot:
    """One build's outcome, and what the page shows after it."""

    number: int
    """Builds since the server started, counting from 1."""
    ok: bool
    message: str
    """One line: what was built, or why nothing was."""
    seconds: float
    diagnostics: list[Json]
    preview: Preview | None
    """The last good build (this one's when it succeeded); None until one has succeeded."""

    def state(self) -> bytes:
        """The page's state as JSON: the build, its diagnostics and the components to show."""
        body: Json = {
            "build": {
                "number": self.number,
                "ok": self.ok,
                "message": self.message,
                "seconds": round(self.seconds, 2),
            },
            "diagnostics": self.diagnostics,
            "contents": None if self.preview is None else self.preview.contents,
        }
        return json.dumps(body, ensure_ascii=False).encode("utf-8")


Listener = Callable[[Snapshot], None]
"""Called with each build's snapshot as soon as the build is done."""
