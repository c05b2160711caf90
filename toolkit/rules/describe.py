"""How violations name things: places as a player finds them on the map, pieces by counter name."""

from __future__ import annotations

from collections.abc import Iterable

from toolkit.model import Game
from toolkit.model.map import parse_location_key
from toolkit.model.position import Piece

GRIDDED = ("hex", "square")
"""Location kinds named by their printed label (other kinds have a name of their own)."""


def board_name(game: Game, board_id: str) -> str:
    """The printed name of a map or display chart."""
    for map_ in game.maps:
        if map_.id == board_id:
            return map_.name
    for chart in game.charts:
        if chart.id == board_id:
            return chart.title
    return board_id


def place_name(game: Game, key: str) -> str:
    """'Paris (Western Front 1517)', 'Western Front 0712', 'Berlin', 'Turn Track 3': what a
    player looks for on the table."""
    location = game.locations.get(key)
    if location is None:
        board, label = parse_location_key(key)
        return f"{board_name(game, board)} {label}"
    board = board_name(game, location.map_id)
    if location.kind in GRIDDED:
        printed = f"{board} {location.label}"
        return f"{location.name} ({printed})" if location.name else printed
    if location.kind == "cell":
        # a section of a box printed on a map is found by its box ('North Sea 2'); a track
        # cell by its chart ('Turn Track 3')
        parent = game.locations.get(location.parent) if location.parent else None
        holder = parent.name if parent is not None and parent.name else board
        return f"{holder} {location.name or location.label}"
    return location.name or f"{board} {location.label}"


def piece_names(game: Game, pieces: Iterable[Piece]) -> str:
    """'Infantry Corps, 2 × Cavalry Division and Fortress': counter names, repeats counted."""
    counts: dict[str, int] = {}
    for piece in pieces:
        name = game.counter(piece.counter).name or piece.counter
        counts[name] = counts.get(name, 0) + 1
    return join_words(f"{n} × {name}" if n > 1 else name for name, n in counts.items())


def join_words(items: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def plural(count: float, word: str) -> str:
    """'1 piece', '3 pieces', '2.5 points'."""
    shown = int(count) if float(count).is_integer() else count
    return f"{shown} {word}{'' if count == 1 else 's'}"


def unless_note(text: str) -> str:
    """The rule's own exception, for the player to judge: ' (unless …)' or ''."""
    return f" (unless {text.rstrip('.')})" if text else ""
