"""The artwork step: every map, counter face, chart and card of a game, drawn once, as typed
values.

Every output takes the :class:`~toolkit.artwork.Artwork` this returns: the svg and png outputs
write it, the kit places it, a module writer lays out its boards from the maps' placements.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass, replace
from types import MappingProxyType

from toolkit.artwork import (
    Artwork,
    CardArt,
    ChartArt,
    CounterArt,
    Drawing,
    MapArt,
    placement_data,
    placement_from_data,
)
from toolkit.cache import Cache, canonical, key, pack, unpack
from toolkit.model import Game
from toolkit.render.cards import CardLayoutError, card_sides
from toolkit.render.charts import draw_chart
from toolkit.render.counters import CounterLayoutError, counter_faces
from toolkit.render.maps import draw_map
from toolkit.render.raster import svg_to_png
from toolkit.render.svg import declared_size
from toolkit.workers import Workers

LayoutError = CounterLayoutError | CardLayoutError
"""A counter or a card that cannot be drawn legibly."""
Art = MapArt | CounterArt | ChartArt | CardArt


class ArtworkError(ValueError):
    """Some counters or cards cannot be drawn legibly; each problem says where (its errors)."""

    def __init__(self, errors: list[LayoutError]) -> None:
        super().__init__(f"{len(errors)} counter(s) or card(s) cannot be drawn")
        self.errors = errors


@dataclass(frozen=True, slots=True)
class _Item:
    """One thing to draw, small enough to send to a worker."""

    kind: str
    id: str


def draw_artwork(
    game: Game, workers: Workers, counters: bool = True, cache: Cache | None = None
) -> Artwork:
    """Draw everything, in parallel when the workers allow (``counters=False``: only the
    maps and charts, for reading where things are on them).

    With a ``cache``, a counter whose faces were drawn before from the same counter, template,
    faction and image files is read back instead of drawn; so is a card.

    :raises ArtworkError: one or more counter faces or card sides cannot be drawn legibly.
    """
    items = (
        [_Item("map", m.id) for m in game.maps]
        + [_Item("counter", c.id) for c in game.counters if counters]
        + [_Item("chart", c.id) for c in game.charts]
        + [_Item("card", c.id) for c in game.cards if counters]
    )
    store = cache or Cache(None)
    names = _counter_keys(game, items) if store.folder is not None else {}
    names.update(_card_keys(game, items) if store.folder is not None else {})
    boards = _board_keys(game, items) if store.folder is not None else {}
    known: dict[int, Art] = {}
    for index, name in names.items():
        stored = store.get(name)
        if stored is not None:
            with contextlib.suppress(ValueError, UnicodeDecodeError):
                if items[index].kind == "card":
                    known[index] = _card_art(game, items[index].id, unpack(stored))
                else:
                    known[index] = _counter_art(game, items[index].id, unpack(stored))
    for index, name in boards.items():
        stored = store.get(name)
        if stored is not None:
            with contextlib.suppress(ValueError, UnicodeDecodeError):
                known[index] = _board_art(items[index].kind, stored)
    missing = [item for index, item in enumerate(items) if index not in known]
    chunk = max(1, len(missing) // (workers.jobs * 8))
    made = iter(workers.map(_draw, missing, chunksize=chunk))
    drawn = [known[index] if index in known else next(made) for index in range(len(items))]
    errors = [d for d in drawn if isinstance(d, CounterLayoutError | CardLayoutError)]
    if errors:  # stored nothing: a build that fails here leaves no cache behind
        raise ArtworkError(errors)
    for index, name in names.items():
        art = drawn[index]
        if index not in known and isinstance(art, CounterArt):
            store.put(name, pack([(f, d.svg.encode("utf-8")) for f, d in art.faces.items()]))
        if index not in known and isinstance(art, CardArt):
            store.put(name, pack([(s, getattr(art, s).svg.encode("utf-8")) for s in _SIDES]))
    for index, name in boards.items():
        art = drawn[index]
        if index not in known and isinstance(art, MapArt | ChartArt):
            store.put(name, _board_bytes(art))
    by_kind: dict[str, dict[str, object]] = {"map": {}, "counter": {}, "chart": {}, "card": {}}
    for item, art in zip(items, drawn, strict=True):
        by_kind[item.kind][item.id] = art
    return Artwork(
        maps=MappingProxyType(by_kind["map"]),  # type: ignore[arg-type]
        counters=MappingProxyType(by_kind["counter"]),  # type: ignore[arg-type]
        charts=MappingProxyType(by_kind["chart"]),  # type: ignore[arg-type]
        cards=MappingProxyType(by_kind["card"]),  # type: ignore[arg-type]
    )


_SIDES = ("front", "back")


def _card_keys(game: Game, items: list[_Item]) -> dict[int, str]:
    """Cache keys of the cards among ``items``, by index: the card, its template, the owner
    colours and deck names it may print, the language its values are written in, and the
    game's image files."""
    assets = hashlib.sha256()
    for path, data in sorted(game.sources.items()):
        if not path.endswith((".json", ".csv")):
            assets.update(path.encode("utf-8") + b"\0" + hashlib.sha256(data).digest())
    decks = [(d.name, d.all_cards) for d in game.decks]
    shared = canonical((game.factions, game.sides, decks, game.language))
    names = {}
    for index, item in enumerate(items):
        if item.kind != "card":
            continue
        card = game.card(item.id)
        try:
            drawn_from = canonical((card, game.card_template(card.template)))
        except TypeError:
            continue
        names[index] = key("card", drawn_from, shared, assets.digest())
    return names


def _card_art(game: Game, card_id: str, sides: list[tuple[str, bytes]]) -> CardArt:
    """A card's art from its sides' SVGs, sized as :func:`_draw` sizes them.

    :raises ValueError: the entry does not hold a front and a back.
    """
    template = game.card_template(game.card(card_id).template)
    size = declared_size(template.width, template.height)
    svgs = dict(sides)
    if set(svgs) != set(_SIDES):
        raise ValueError("not a drawn card")
    return CardArt(*(Drawing(svgs[s].decode("utf-8"), *size) for s in _SIDES))


def _counter_keys(game: Game, items: list[_Item]) -> dict[int, str]:
    """Cache keys of the counters among ``items``, by index: exactly what its faces are drawn
    from (the counter, its template, its faction, the language its values are written in) and
    the game's image files. A counter whose values cannot be written for certain gets no key
    and is always drawn."""
    assets = hashlib.sha256()
    for path, data in sorted(game.sources.items()):
        if not path.endswith((".json", ".csv")):
            assets.update(path.encode("utf-8") + b"\0" + hashlib.sha256(data).digest())
    shared: dict[tuple[str, str | None], str] = {}  # one text per template and faction
    names = {}
    for index, item in enumerate(items):
        if item.kind != "counter":
            continue
        counter = game.counter(item.id)
        try:
            pair = (counter.template, counter.faction)
            if pair not in shared:
                faction = game.faction(counter.faction) if counter.faction else None
                drawn_with = (game.template(counter.template), faction, game.language)
                shared[pair] = canonical(drawn_with)
            names[index] = key("counter", canonical(counter), shared[pair], assets.digest())
        except TypeError:
            continue
    return names


def _board_keys(game: Game, items: list[_Item]) -> dict[int, str]:
    """Cache keys of the maps and charts among ``items``, by index: each is drawn from the game's
    sources (terrain, factions, its own file, images…) but never from its counters' files, so
    the key is the item and every other source file. Coarse on purpose: a finer key would have
    to name every model value a map reads, and a wrong key would show stale art."""
    drawn_from = hashlib.sha256()
    for path, data in sorted(game.sources.items()):
        if path not in game.counter_sources:
            drawn_from.update(path.encode("utf-8") + b"\0" + hashlib.sha256(data).digest())
    return {
        index: key(item.kind, item.id, drawn_from.digest())
        for index, item in enumerate(items)
        if item.kind in ("map", "chart")
    }


def _board_bytes(art: MapArt | ChartArt) -> bytes:
    """A drawn map or chart as a cache entry: its SVG, size and placement."""
    drawing = art.drawing
    head = {"width": drawing.width, "height": drawing.height}
    head["placement"] = placement_data(art.placement)  # type: ignore[assignment]
    return pack([("head", json.dumps(head).encode("utf-8")), ("svg", drawing.svg.encode("utf-8"))])


def _board_art(kind: str, stored: bytes) -> MapArt | ChartArt:
    """A map's or chart's art read back from :func:`_board_bytes`.

    :raises ValueError: the entry is not such bytes.
    """
    parts = dict(unpack(stored))
    if set(parts) != {"head", "svg"}:
        raise ValueError("not a drawn board")
    head = json.loads(parts["head"])
    if not isinstance(head, dict):
        raise ValueError("not a drawn board")
    try:
        drawing = Drawing(parts["svg"].decode("utf-8"), float(head["width"]), float(head["height"]))
    except (KeyError, TypeError) as error:
        raise ValueError(f"not a drawn board: {error}") from None
    placement = placement_from_data(head.get("placement", {}))
    return MapArt(drawing, placement) if kind == "map" else ChartArt(drawing, placement)


def _counter_art(game: Game, counter_id: str, faces: list[tuple[str, bytes]]) -> CounterArt:
    """A counter's art from its faces' SVGs, sized as :func:`_draw` sizes them."""
    template = game.template(game.counter(counter_id).template)
    size = declared_size(template.width, template.height)
    return CounterArt({face: Drawing(svg.decode("utf-8"), *size) for face, svg in faces})


def rasterise(artwork: Artwork, dpi: int, workers: Workers, cache: Cache | None = None) -> Artwork:
    """The artwork with every drawing's PNG made, once, for every output that needs pixels
    (the png output writes them, a module shows them).

    With a ``cache``, a drawing whose SVG was rasterised at this resolution before is read back
    instead; identical drawings (a face shared by many counters) are rasterised once.
    """
    drawings = [d for d in _all_drawings(artwork)]
    store = cache or Cache(None)
    names = [key("png", str(dpi), d.svg) for d in drawings]
    unique = list(dict.fromkeys(names))
    svg_of = {name: d.svg for name, d in zip(names, drawings, strict=True)}

    def make(indexes: list[int]) -> list[bytes]:
        jobs = [(svg_of[unique[i]], dpi) for i in indexes]
        chunk = max(1, len(jobs) // (workers.jobs * 8))
        return workers.map(_rasterise, jobs, chunksize=chunk)

    by_name = dict(zip(unique, store.convert(unique, make), strict=True))
    pngs = [by_name[name] for name in names]
    done = {id(d): replace(d, png=png) for d, png in zip(drawings, pngs, strict=True)}
    return Artwork(
        maps={k: replace(art, drawing=done[id(art.drawing)]) for k, art in artwork.maps.items()},
        counters={
            k: CounterArt({face: done[id(d)] for face, d in art.faces.items()})
            for k, art in artwork.counters.items()
        },
        charts={
            k: replace(art, drawing=done[id(art.drawing)]) for k, art in artwork.charts.items()
        },
        cards={
            k: CardArt(done[id(art.front)], done[id(art.back)]) for k, art in artwork.cards.items()
        },
    )


def _all_drawings(artwork: Artwork) -> list[Drawing]:
    return (
        [art.drawing for art in artwork.maps.values()]
        + [d for art in artwork.counters.values() for d in art.faces.values()]
        + [art.drawing for art in artwork.charts.values()]
        + [d for art in artwork.cards.values() for d in (art.front, art.back)]
    )


def _rasterise(game: Game, job: tuple[str, int]) -> bytes:
    svg, dpi = job
    return svg_to_png(svg, dpi)


def _draw(game: Game, item: _Item) -> Art | LayoutError:
    """One item's art; a counter or card that cannot be drawn comes back as its error, not
    raised, so every problem of the game is reported at once. (Art holds plain dicts, typed
    read-only: it travels back from a worker by pickle, which read-only mapping proxies
    cannot.)"""
    if item.kind == "card":
        return _draw_card(game, item.id)
    if item.kind == "map":
        drawn = draw_map(game, game.map(item.id))
        return MapArt(Drawing(drawn.svg, *drawn.size), drawn.placement)
    if item.kind == "chart":
        chart_drawing, places = draw_chart(game, game.chart(item.id))
        return ChartArt(chart_drawing, places)
    counter = game.counter(item.id)
    try:
        faces = counter_faces(game, counter)
    except CounterLayoutError as error:
        return error
    template = game.template(counter.template)
    size = declared_size(template.width, template.height)  # every face is the counter's size
    return CounterArt({face: Drawing(svg, *size) for face, svg in faces})


def _draw_card(game: Game, card_id: str) -> CardArt | CardLayoutError:
    card = game.card(card_id)
    try:
        front, back = card_sides(game, card)
    except CardLayoutError as error:
        return error
    template = game.card_template(card.template)
    size = declared_size(template.width, template.height)  # both sides are the card's trim size
    return CardArt(Drawing(front, *size), Drawing(back, *size))
