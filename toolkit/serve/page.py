"""What the preview page lists, as plain JSON-ready data made from the model and its artwork.

Every path here is relative to the game's output folder (``build/<game>/``), named the way the
svg and png outputs name their files. The page writes every text it is given as text (never as
HTML), so a name from the sources cannot become markup.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from toolkit.artwork import Artwork, Drawing
from toolkit.diagnostics import Diagnostic
from toolkit.model import Game

Json = dict[str, object]

NO_FACTION = "No faction"
"""The heading of counters that belong to no faction (markers, the turn counter)."""
NO_DECK = "Cards in no deck"
"""The heading of cards that no deck holds."""


def page_contents(game: Game, artwork: Artwork, kit_pages: int, kit_images: bool = True) -> Json:
    """Every component a build made: maps, counters (every face) by faction, cards (face and
    back) by deck, charts, setups and the kit's pages (``kit_images``: shown as pictures, else
    only the PDF is linked), in the model's order."""
    return {
        "title": game.title,
        "maps": [
            _board(m.id, m.name, f"svg/maps/{m.id}.svg", artwork.maps[m.id].drawing)
            for m in game.maps
            if m.id in artwork.maps
        ],
        "factions": _factions(game, artwork),
        "decks": _decks(game, artwork),
        "charts": [
            _board(c.id, c.title, f"png/charts/{c.id}.png", artwork.charts[c.id].drawing)
            for c in game.charts
            if c.id in artwork.charts
        ],
        "setups": [{"id": s.id, "name": s.name} for s in game.setups],
        "kit": {"pdf": f"{game.id}-kit.pdf", "pages": kit_pages, "images": kit_images},
    }


def _board(id_: str, name: str, src: str, drawing: Drawing) -> Json:
    """A map or chart as the page lists it: its file and its size (points)."""
    return {"id": id_, "name": name, "src": src, "width": drawing.width, "height": drawing.height}


def _factions(game: Game, artwork: Artwork) -> list[Json]:
    """Counters grouped by faction, factions in the game's order and the unaligned last."""
    groups: dict[str | None, list[Json]] = {f.id: [] for f in game.factions}
    for counter in game.counters:
        art = artwork.counters.get(counter.id)
        if art is None:
            continue
        faces = [
            {
                "id": face.id,
                "name": face.name,
                "src": f"png/counters/{counter.id}-{face.id}.png",
                "width": art.faces[face.id].width,
                "height": art.faces[face.id].height,
            }
            for face in counter.faces
            if face.id in art.faces
        ]
        groups.setdefault(counter.faction, []).append(
            {"id": counter.id, "name": counter.name, "faces": faces}
        )
    names = {f.id: (f.name, f.color) for f in game.factions}
    return [
        {
            "id": faction_id or "",
            "name": names.get(faction_id, (NO_FACTION, ""))[0] if faction_id else NO_FACTION,
            "color": names.get(faction_id, ("", "#888888"))[1] if faction_id else "#888888",
            "counters": counters,
        }
        for faction_id, counters in groups.items()
        if counters
    ]


def _decks(game: Game, artwork: Artwork) -> list[Json]:
    """Cards grouped by deck, in the game's order, each with its copies in that deck; the
    cards no deck holds last. A deck owned by a side carries that side's colour."""
    colours = {side.id: side.color for side in game.sides}
    held: set[str] = set()
    decks: list[Json] = []
    for deck in game.decks:
        copies: dict[str, int] = {}
        for card_id in deck.all_cards:
            copies[card_id] = copies.get(card_id, 0) + 1
        held.update(copies)
        cards = [_card(game, artwork, card_id, n) for card_id, n in copies.items()]
        decks.append(
            {
                "id": deck.id,
                "name": deck.name,
                "color": colours.get(deck.owner or "", "#888888"),
                "cards": [c for c in cards if c is not None],
            }
        )
    loose = [_card(game, artwork, c.id, c.count) for c in game.cards if c.id not in held]
    if any(loose):
        decks.append(
            {"id": "", "name": NO_DECK, "color": "#888888", "cards": [c for c in loose if c]}
        )
    return [d for d in decks if d["cards"]]


def _card(game: Game, artwork: Artwork, card_id: str, copies: int) -> Json | None:
    """A card as the page lists it: its name, its copies, its two sides' files and sizes."""
    art = artwork.cards.get(card_id)
    if art is None:
        return None
    sides: list[Json] = [
        {"id": side, "src": f"png/cards/{card_id}-{side}.png", "width": d.width, "height": d.height}
        for side, d in (("front", art.front), ("back", art.back))
    ]
    return {"id": card_id, "name": game.card(card_id).name, "copies": copies, "sides": sides}


def page_diagnostics(diagnostics: Sequence[Diagnostic], source: Path) -> list[Json]:
    """The diagnostics as the page lists them, each with its file relative to the game folder
    (None where it lies outside, as a module or a saved game may)."""
    return [
        {
            "text": d.format(),
            "severity": d.severity,
            "code": d.code,
            "message": d.message,
            "file": source_ref(d.file, source),
            "line": d.line,
            "column": d.column,
        }
        for d in diagnostics
    ]


def source_ref(file: str, source: Path) -> str | None:
    """``file`` (as a diagnostic names it: relative to the working folder, or absolute) as a
    slash-separated path inside the game folder ``source``; None when it is not inside."""
    if not file:
        return None
    root = Path(os.path.abspath(source))
    path = Path(os.path.abspath(file))
    if not path.is_relative_to(root) or path == root:
        path = Path(os.path.abspath(root / file))  # a name given relative to the game folder
        if not path.is_relative_to(root) or path == root:
            return None
    return path.relative_to(root).as_posix()
