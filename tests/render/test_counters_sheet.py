"""A contact sheet of counter faces — front, back and step faces side by side — for the fixture
games and every game in sources/ that validates: the page a wargamer judges the counters by.

Run ``.venv/bin/python -m tests.render.test_counters_sheet OUT.png [DPI] [GAME...]`` to write
one; the test builds a small one to keep the script working.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from PIL import Image

from tests.conftest import FIXTURES, SOURCES
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.render.counters import CounterLayoutError, counter_faces
from toolkit.render.raster import svg_to_png
from toolkit.render.svg import attrs, esc, svg_document

from .helpers import parse

GAP = 6.0
LABEL = 7.0
PAPER = "#f4f1ea"


def sheet_games() -> list[Game]:
    """The counter fixtures, then every source game that loads cleanly."""
    folders = sorted(FIXTURES.glob("counters-*")) + sorted(FIXTURES.glob("minimal-*"))
    folders += sorted(p for p in SOURCES.glob("*") if (p / "game.json").exists())
    games = []
    for folder in folders:
        result = load_game(folder)
        if result.game is not None and not result.report.errors:
            games.append(result.game)
    return games


def _nested(svg: str, x: float, y: float) -> tuple[str, float, float]:
    """A face document placed at (x, y) inside the sheet, with its size in the sheet's units."""
    width = float(re.search(r'width="([0-9.]+)pt"', svg).group(1))  # type: ignore[union-attr]
    height = float(re.search(r'height="([0-9.]+)pt"', svg).group(1))  # type: ignore[union-attr]
    svg = svg.replace(f'width="{width:g}pt"', f'width="{width:g}"', 1)
    svg = svg.replace(f'height="{height:g}pt"', f'height="{height:g}"', 1)
    return svg.replace("<svg", f'<svg x="{x:g}" y="{y:g}"', 1), width, height


def _refused(game: Game, counter: Counter) -> str:
    """A stand-in for a counter the renderer refuses (its text cannot be set at 5 pt)."""
    template = game.template(counter.template)
    w, h = template.width, template.height
    cross = attrs(d=f"M0 0L{w} {h}M{w} 0L0 {h}", stroke="#c00000", stroke_width=1)
    return svg_document(w, h, f"<rect{attrs(width=w, height=h, fill='#ffe0e0')}/><path{cross}/>")


def build_sheet(games: list[Game], columns: int = 4, limit: int | None = None) -> str:
    """The sheet as one SVG: per counter, its faces in a row and its id below."""
    parts: list[str] = []
    x = y = GAP
    row_h = 0.0
    width = 0.0
    for game in games:
        if x > GAP:
            x, y, row_h = GAP, y + row_h + GAP, 0.0
        parts.append(
            f"<text{attrs(x=GAP, y=y + 9, font_size=9, font_weight='bold')}>"
            f"{esc(game.title)}</text>"
        )
        y += 14
        counters = game.counters if limit is None else game.counters[:limit]
        for k, counter in enumerate(counters):
            try:
                faces = counter_faces(game, counter)
            except CounterLayoutError:
                faces = [("refused", _refused(game, counter))]
            cell_x = x
            cell_h = 0.0
            for _name, svg in faces:
                nested, w, h = _nested(svg, cell_x, y)
                parts.append(nested)
                cell_x += w + 2
                cell_h = max(cell_h, h)
            label = attrs(x=x, y=y + cell_h + LABEL - 1, font_size=LABEL - 2)
            parts.append(f"<text{label}>{esc(counter.id)}</text>")
            row_h = max(row_h, cell_h + LABEL)
            x = cell_x + GAP
            width = max(width, x)
            if (k + 1) % columns == 0:
                x, y, row_h = GAP, y + row_h + GAP, 0.0
    height = y + row_h + GAP
    paper = f"<rect{attrs(width=width, height=height, fill=PAPER)}/>"
    return svg_document(width, height, paper + "".join(parts), title="Counter sheet")


def test_contact_sheet_builds() -> None:
    games = sheet_games()
    assert games, "no game to draw"
    doc = build_sheet(games, limit=3)
    parse(doc)
    image = Image.open(io.BytesIO(svg_to_png(doc, 30)))
    assert image.size[0] > 50 and image.size[1] > 50


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path("counters.png")
    dpi = int(argv[2]) if len(argv) > 2 else 300
    wanted = set(argv[3:])
    games = [g for g in sheet_games() if not wanted or g.id in wanted]
    out.write_bytes(svg_to_png(build_sheet(games), dpi, background=PAPER))


if __name__ == "__main__":
    main(sys.argv)
