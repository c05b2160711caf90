"""Stand-in drawings for kit tests: known shapes and colours the tests can find in the PDF.

The kit's job is to place the renderer's drawings; these fakes draw each counter face as one
full-size rectangle in a colour unique to (counter, face), so a test can measure where every face
landed, whatever the real renderers draw today.
"""

from __future__ import annotations

from toolkit.artwork import Artwork, ChartArt, CounterArt, Drawing, MapArt, MapPlacement
from toolkit.model import Game
from toolkit.render.svg import attrs, esc, svg_document

EDGE = "#c0c0c0"
"""Background of every stand-in face: what the kit should repeat in the bleed."""


def face_colour(index: int, face: str) -> str:
    """A colour unique to a counter index and face (front: red channel 0x10, back: 0x20…)."""
    channel = {"front": 0x10, "back": 0x20, "hidden": 0x30}.get(face, 0x40)
    return f"#{channel:02x}{index // 256:02x}{index % 256:02x}"


def face_of_colour(rgb: tuple[float, float, float]) -> tuple[int, str] | None:
    """(counter index, face) of a fill colour read back from a PDF, or None if not a face."""
    r, g, b = (round(c * 255) for c in rgb)
    faces = {0x10: "front", 0x20: "back", 0x30: "hidden", 0x40: "step"}
    if r not in faces:
        return None
    return (g * 256 + b, faces[r])


def fake_counter(game: Game, index: int, face: str) -> str:
    counter = game.counters[index]
    template = game.template(counter.template)
    w, h = template.width, template.height
    # a neutral background first (the kit reads it for the bleed), then the face's own colour
    ground = attrs(x=0, y=0, width=w, height=h, fill=EDGE)
    box = attrs(x=0, y=0, width=w, height=h, fill=face_colour(index, face))
    label = attrs(x=w / 2, y=h / 2, font_size=6, text_anchor="middle", fill="white")
    body = f"<rect{ground}/><rect{box}/><text{label}>{esc(counter.name[:10])} {esc(face)}</text>"
    return svg_document(w, h, body, title=counter.name)


def fake_map(width: float, height: float, name: str) -> str:
    cells = []
    step = 36.0
    for row in range(int(height // step)):
        for column in range(int(width // step)):
            colour = "#d9e8c4" if (row + column) % 2 else "#f1ecd2"
            box = attrs(x=column * step, y=row * step, width=step, height=step, fill=colour)
            cells.append(f"<rect{box}/>")
    label = f"<text{attrs(x=20, y=30, font_size=24)}>{esc(name)}</text>"
    return svg_document(width, height, "".join(cells) + label)


def fake_artwork(
    game: Game,
    map_size: tuple[float, float] = (760, 560),
    chart_size: tuple[float, float] = (500, 300),
) -> Artwork:
    """Every drawing the kit needs: faces as the real renderer names them, maps, charts."""
    maps = {
        m.id: MapArt(Drawing(fake_map(*map_size, m.name), *map_size), MapPlacement((0, 0, 1, 1)))
        for m in game.maps
    }
    counters = {}
    for index, counter in enumerate(game.counters):
        template = game.template(counter.template)
        size = (template.width, template.height)
        counters[counter.id] = CounterArt(
            {f.id: Drawing(fake_counter(game, index, f.id), *size) for f in counter.faces}
        )
    charts = {
        c.id: ChartArt(
            Drawing(fake_map(*chart_size, c.title), *chart_size), MapPlacement((0, 0, 1, 1))
        )
        for c in game.charts
    }
    return Artwork(maps, counters, charts)
