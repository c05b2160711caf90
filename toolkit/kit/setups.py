"""Setup sheets: one list per scenario of what starts where, who controls what, what arrives when.

A list, not a map excerpt: players set up from it by reading location names and labels, which
the map prints too. Long scenarios run over several pages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from toolkit.catalogue import words
from toolkit.kit import flow
from toolkit.kit.flow import Line
from toolkit.kit.layout import PagePlan
from toolkit.kit.paper import Page
from toolkit.model import Game
from toolkit.model.card import Joins
from toolkit.model.chips import OnChips, Where, reinforcement_place, stacks_on_chips
from toolkit.model.holdings import holdings_at_start
from toolkit.model.map import location_key, parse_location_key
from toolkit.model.scenario import PieceState, Reinforcement, Setup

INDENT = 14.0


def setup_plans(game: Game, page: Page) -> list[PagePlan]:
    """The pages of every scenario the kit prints (see :func:`printed_setups`), in the game's
    order."""
    plans: list[PagePlan] = []
    places = gazetteer(game)
    for setup in printed_setups(game.setups):
        section = words(game.language)("kit.section.setup", name=setup.name)
        bodies = flow.paginate(setup_lines(game, places, setup, page.inner_width), page)
        plans.extend(PagePlan(page, section, body) for body in bodies)
    return plans


def printed_setups(setups: Sequence[Setup]) -> list[Setup]:
    """The setups worth a sheet: one that another sets up entirely, and more (the rules'
    starting state without units beside a set-up that places them), would be a sheet with
    nothing a player does not find on the fuller one; the module still offers both."""
    return [s for s in setups if not any(_within(s, other) for other in setups if other is not s)]


def _within(small: Setup, large: Setup) -> bool:
    """Whether ``large`` starts everything ``small`` does, and more."""
    same = (small.turn, small.last_turn, small.phase, small.first, small.globals) == (
        large.turn,
        large.last_turn,
        large.phase,
        large.first,
        large.globals,
    ) and (small.decks, small.hands, small.discards, small.cups) == (
        large.decks,
        large.hands,
        large.discards,
        large.cups,
    )
    placed, more_placed = _placed(small), _placed(large)
    controlled, more_controlled = _controlled(small), _controlled(large)
    arriving, more_arriving = set(small.reinforcements), set(large.reinforcements)
    return (
        same
        and placed <= more_placed
        and controlled <= more_controlled
        and arriving <= more_arriving
        and (placed, controlled, arriving) != (more_placed, more_controlled, more_arriving)
    )


def _placed(setup: Setup) -> set[tuple[str, PieceState]]:
    return {(p.at, piece) for p in setup.placements for piece in p.pieces}


def _controlled(setup: Setup) -> set[tuple[str, str]]:
    return {(faction, at) for faction, places in setup.control.items() for at in places}


def setup_lines(game: Game, places: Gazetteer, setup: Setup, width: float) -> list[Line]:
    """Everything a player needs to set the scenario up, as wrapped lines."""
    lines = flow.heading_lines(setup.name, width, size=16, space_before=0)
    facts = _facts(game, setup)
    if facts:
        lines.extend(flow.paragraph(facts, width, space_before=2))
    if setup.description:
        lines.extend(flow.paragraph(setup.description, width, space_before=4))
    chips = stacks_on_chips(game, setup)
    lines.extend(_placements(game, places, setup, width, chips))
    lines.extend(_control(game, places, setup, width))
    lines.extend(_reinforcements(game, places, setup, width, chips))
    lines.extend(_decks_and_cups(game, setup, width))
    return lines


def _decks_and_cups(game: Game, setup: Setup, width: float) -> list[Line]:
    """What each deck's piles and each side's hand hold at the start, the cards that join
    later, and what each cup holds: the cards and counters a player sorts before play."""
    say = words(game.language)
    holdings = holdings_at_start(game, setup)
    lines: list[Line] = []
    if holdings.decks:
        lines.append(flow.heading(say("kit.setup.cards")))
    for held in holdings.decks:
        deck = held.deck
        owner = f" ({party_name(game, deck.owner)})" if deck.owner else ""
        lines.extend(_name_lines(f"{deck.name}{owner}", width))
        piles = [(say("kit.setup.shuffled"), held.draw)]
        if deck.owner:
            piles.append((say("kit.setup.in-hand"), held.hand))
        piles.append((say("kit.setup.discarded"), held.discard))
        piles += [
            (say("kit.setup.joining", when=_joins_words(game, joins)), cards)
            for joins, cards in held.waiting
        ]
        for title, cards in piles:
            if cards:
                text = say(
                    "kit.setup.pile", pile=title, cards=_counted(game.card(c).name for c in cards)
                )
                lines.extend(flow.paragraph(text, width, indent=INDENT, hanging=INDENT))
        if not held.draw and not held.hand and not held.discard and not held.waiting:
            lines.extend(flow.paragraph(say("kit.setup.empty"), width, indent=INDENT))
    cups = [(cup, holdings.cups.get(cup.id, ())) for cup in game.cups]
    if any(contents for _, contents in cups):
        lines.append(flow.heading(say("kit.setup.cups")))
    for cup, contents in cups:
        if not contents:
            continue
        owner = f" ({party_name(game, cup.owner)})" if cup.owner else ""
        lines.extend(_name_lines(f"{cup.name}{owner}", width))
        text = say("kit.setup.face-down", counters=_counted(game.counter(c).name for c in contents))
        lines.extend(flow.paragraph(text, width, indent=INDENT, hanging=INDENT))
    return lines


def _name_lines(name: str, width: float) -> list[Line]:
    """A place's, deck's or cup's name in bold over what it holds, wrapped and kept with it."""
    return flow.heading_lines(name, width, size=flow.BODY, space_before=3)


def _joins_words(game: Game, joins: Joins) -> str:
    say = words(game.language)
    if joins.turn is not None:
        return say("kit.setup.joins-turn", turn=joins.turn)
    return say("kit.setup.joins-year", year=joins.year)


def _counted(names: Iterable[str]) -> str:
    """'2 × Heavy Guns, Mud', in the order first named."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{n} × {name}" for name, n in counts.items())


def _facts(game: Game, setup: Setup) -> str:
    """Start turn, last turn, who goes first, and the rule citation."""
    say = words(game.language)
    facts = []
    if setup.turn is not None:
        facts.append(say("kit.setup.starts", turn=setup.turn))
    if setup.last_turn is not None:
        facts.append(say("kit.setup.ends", turn=setup.last_turn))
    if setup.first:
        facts.append(say("kit.setup.first", party=party_name(game, setup.first)))
    if setup.cite:
        facts.append(say("kit.setup.see", cite=setup.cite))
    return say("punct.semicolon").join(facts) + ("." if facts else "")


def _placements(
    game: Game, places: Gazetteer, setup: Setup, width: float, chips: dict[Where, OnChips]
) -> list[Line]:
    """Pieces by side (each player sets up their own), then by location in the order the
    scenario first names it; pieces of no side (markers) come last."""
    by_side: dict[str, dict[str, list[PieceState]]] = {}
    notes: dict[str, list[str]] = {}
    for placement in setup.placements:
        for piece in placement.pieces:
            side = piece_side(game, piece)
            by_side.setdefault(side, {}).setdefault(placement.at, []).append(piece)
        if placement.note:
            notes.setdefault(placement.at, []).append(placement.note)
    if not by_side:
        return []
    say = words(game.language)
    lines: list[Line] = []
    noted: set[str] = set()
    for side in _side_order(game, by_side):
        title = say("kit.setup.positions")
        if side or len(by_side) > 1:
            party = party_name(game, side) if side else say("kit.setup.no-side")
            title = say("kit.setup.titled", title=title, party=party)
        lines.extend(flow.heading_lines(title, width))
        for board, keys in _by_board(game, places, by_side[side]).items():
            if board:
                lines.extend(flow.heading_lines(board, width, size=10.5, space_before=6))
            for key in keys:
                title = location_title(game, places, key, with_board=False)
                lines.extend(_name_lines(title, width))
                lines.extend(_piece_lines(game, by_side[side][key], width, chips, key))
                for note in notes.get(key, []) if key not in noted else []:
                    lines.extend(flow.paragraph(note, width, indent=INDENT, colour="#444444"))
                noted.add(key)
    return lines


def _by_board(game: Game, places: Gazetteer, keys: Iterable[str]) -> dict[str, list[str]]:
    """Location keys by the board they are on ('' for the game's only map), boards in the
    order first named: a player sets up one map at a time."""
    boards: dict[str, list[str]] = {}
    for key in keys:
        board = board_name(game, places, parse_location_key(key)[0])
        boards.setdefault(board, []).append(key)
    return boards


def _piece_lines(
    game: Game,
    pieces: Iterable[PieceState],
    width: float,
    chips: dict[Where, OnChips] | None = None,
    place: str = "",
) -> list[Line]:
    lines: list[Line] = []
    for piece in pieces:
        text = piece_text(game, piece)
        laid = (chips or {}).get((place, piece.counter, piece.owner))
        if laid is not None and laid.units > 1:
            text += f": {chips_text(game, laid)}"
        lines.extend(flow.paragraph(text, width, indent=INDENT, hanging=INDENT))
    return lines


def chips_text(game: Game, laid: OnChips) -> str:
    """'1 figure on 2 × Dark red chip (5 units), 2 × Light red chip (1 unit)': how a stack
    is laid out, in the chips' own names."""
    say = words(game.language)
    parts = [f"{n} × {game.counter(chip).name}" for chip, n in laid.chips]
    if laid.missing:
        parts.append(say("kit.setup.on-chips-short", units=laid.missing))
    return say("kit.setup.on-chips", chips=", ".join(parts))


def piece_text(game: Game, piece: PieceState) -> str:
    """'2 × 1st Rifles (back, step 2) [Red Army]' — name, count, the face it shows, and whose
    it is: its faction (or the owner the scenario gives it), unless the name already says it
    ('German Empire infantry', not 'German Empire infantry [German Empire]'). A face with a
    name of its own (a marker's other side) is named by it: 'Entente Control', not 'Control
    (back)'."""
    counter = game.counter(piece.counter)
    name = counter.name
    back = words(game.language)("kit.setup.face-back") if piece.face == "back" else piece.face
    shown: list[str] = [] if piece.face == "front" else [str(back)]
    face = next((f for f in counter.faces if f.id == piece.face), None)
    if face is not None and face.name != counter.name and not face.conceals:
        name, shown = face.name, []  # a two-faced marker: its back's own name says the face
    if piece.step is not None:
        shown.append(words(game.language)("kit.setup.step", step=piece.step))
    detail = f" ({', '.join(shown)})" if shown else ""
    whose = piece.owner or counter.faction
    party = party_name(game, whose) if whose else ""
    owner = f" [{party}]" if party and party not in name else ""
    return f"{piece.count} × {name}{detail}{owner}"


def piece_side(game: Game, piece: PieceState) -> str:
    """The side a piece sets up for: its owner's or its faction's ('' for none, a marker)."""
    party = piece.owner or game.counter(piece.counter).faction or ""
    if any(side.id == party for side in game.sides):
        return party
    try:
        return game.faction(party).side if party else ""
    except KeyError:
        return ""


def _control(game: Game, places: Gazetteer, setup: Setup, width: float) -> list[Line]:
    """Who controls what at the start: by map (a player marks one map at a time), then by
    faction or side, hexes as runs down a column ('0123–0128') rather than one by one."""
    if not setup.control:
        return []
    lines = [flow.heading(words(game.language)("kit.setup.control"))]
    order = {m.id: i for i, m in enumerate(game.maps)}
    by_board: dict[str, dict[str, list[str]]] = {}
    for party, keys in setup.control.items():
        for key in keys:
            on_board = by_board.setdefault(parse_location_key(key)[0], {})
            on_board.setdefault(party, []).append(key)
    for map_id in sorted(by_board, key=lambda m: order.get(m, len(order))):
        board = board_name(game, places, map_id)
        if board:
            lines.extend(flow.heading_lines(board, width, size=10.5, space_before=6))
        for party, held in by_board[map_id].items():
            listed = ", ".join(compressed_locations(game, places, held))
            lines.extend(
                flow.paragraph(
                    f"{party_name(game, party)} ({len(held)}): {listed}",
                    width,
                    hanging=INDENT,
                    space_before=3,
                )
            )
    return lines


def compressed_locations(game: Game, places: Gazetteer, keys: Iterable[str]) -> list[str]:
    """Locations for a long list: hexes and squares in column order, a run down one column as
    '0123–0128' (a lone one with its name, '0804 Liège'), then other spaces by name."""
    gridded: list[tuple[int, int, str]] = []
    others: list[str] = []
    for key in keys:
        location = game.locations.get(key)
        if location is not None and location.column is not None and location.row is not None:
            gridded.append((location.column, location.row, key))
        else:
            others.append(short_location(game, places, key))
    runs: list[list[tuple[int, int, str]]] = []
    for cell in sorted(gridded):
        last = runs[-1][-1] if runs else None
        if last is not None and last[0] == cell[0] and last[1] + 1 == cell[1]:
            runs[-1].append(cell)
        else:
            runs.append([cell])
    listed = [
        short_location(game, places, run[0][2])
        if len(run) == 1
        else f"{parse_location_key(run[0][2])[1]}–{parse_location_key(run[-1][2])[1]}"
        for run in runs
    ]
    return listed + others


def _reinforcements(
    game: Game, places: Gazetteer, setup: Setup, width: float, chips: dict[Where, OnChips]
) -> list[Line]:
    """Arrivals by side (each player brings on their own), then by turn (stable within a turn,
    so the scenario's order is kept): where they enter and the box they wait in until then."""
    by_side: dict[str, list[tuple[int, Reinforcement, list[PieceState]]]] = {}
    for index, item in sorted(enumerate(setup.reinforcements), key=lambda ir: ir[1].turn):
        split: dict[str, list[PieceState]] = {}
        for piece in item.pieces:
            split.setdefault(piece_side(game, piece), []).append(piece)
        for side, pieces in split.items():
            by_side.setdefault(side, []).append((index, item, pieces))
    say = words(game.language)
    lines: list[Line] = []
    for side in _side_order(game, by_side):
        title = say("kit.setup.reinforcements")
        if side or len(by_side) > 1:
            party = party_name(game, side) if side else say("kit.setup.no-side")
            title = say("kit.setup.titled", title=title, party=party)
        lines.extend(flow.heading_lines(title, width))
        for index, item, pieces in by_side[side]:
            lines.extend(
                dataclasses.replace(line, keep_with_next=True)
                for line in flow.paragraph(
                    arrival_title(game, places, item),
                    width,
                    bold=True,
                    hanging=INDENT,
                    space_before=3,
                )
            )
            if item.waiting:
                where = location_title(game, places, item.waiting)
                waiting = say("kit.setup.waiting", place=where)
                lines.extend(flow.paragraph(waiting, width, indent=INDENT, hanging=INDENT))
            place = reinforcement_place(index)
            lines.extend(_piece_lines(game, pieces, width, chips, place))
            if item.note:
                lines.extend(flow.paragraph(item.note, width, indent=INDENT, colour="#444444"))
    return lines


def _side_order(game: Game, parties: Iterable[str]) -> list[str]:
    """The game's sides in its order, then any other party by name, then no side."""
    present = set(parties)
    sides = [side.id for side in game.sides if side.id in present]
    return sides + sorted(present - set(sides))


def arrival_title(game: Game, places: Gazetteer, item: Reinforcement) -> str:
    """'Turn 2 — enter at the west edge of The Crossing': when, and where when the scenario
    says (one place, or a choice of places as the source named them)."""
    say = words(game.language)
    if item.at:
        return say(
            "kit.setup.arrive-at", turn=item.turn, place=location_title(game, places, item.at)
        )
    if item.enter:
        return say("kit.setup.enter-at", turn=item.turn, place=_entry_text(places, item))
    return say("kit.setup.turn", turn=item.turn)


def _entry_text(places: Gazetteer, item: Reinforcement) -> str:
    """The source's words for the entry places, with a map id ('front:1001-1008') printed as
    the map's name ('1001-1008 (The Crossing)')."""
    named = []
    for part in item.enter_text.split(", ") if item.enter_text else []:
        board, colon, rest = part.partition(":")
        named.append(
            f"{rest} ({places.boards[board]})" if colon and board in places.boards else part
        )
    if named:
        return ", ".join(named)
    return ", ".join(parse_location_key(key)[1] for key in item.enter)


def location_title(game: Game, places: Gazetteer, key: str, *, with_board: bool = True) -> str:
    """A location as printed on the map: its name (and what stands there), its label where the
    map prints one (a hex number), and its map when the game has several, e.g.
    'Millbrook — 0304 (The Valley)', 'Berlin', 'National Production (tens) · 20'."""
    map_id, _ = parse_location_key(key)
    names = _names(game, places, key)
    label = printed_label(game, key)
    name = " · ".join(names)
    if not name or (label and _same(names[0], label)):
        title = name or label
    else:
        title = f"{name} — {label}" if label else name
    board = board_name(game, places, map_id) if with_board else ""
    return f"{title} ({board})" if board else title


def short_location(game: Game, places: Gazetteer, key: str) -> str:
    """A location in a long list: its printed label, and its name when it has one."""
    names = _names(game, places, key)
    label = printed_label(game, key)
    if not names or not label or _same(names[0], label):
        return names[0] if names else label
    return f"{label} {names[0]}"


def printed_label(game: Game, key: str) -> str:
    """The label a player reads on the map: a hex's or square's number. A space's or box's
    label is an id the map does not print ('' then), unless it is all the location has."""
    location = game.locations.get(key)
    _, label = parse_location_key(key)
    if location is None or location.kind in ("hex", "square"):
        return label
    return "" if location.name else label


def board_name(game: Game, places: Gazetteer, map_id: str) -> str:
    """The map's or display's name a location is on, '' when the game has only that board:
    a player with one map does not need it repeated after every space."""
    if [m.id for m in game.maps] == [map_id]:
        return ""
    return places.boards.get(map_id, map_id)


def _same(name: str, label: str) -> bool:
    """A label that only spells the name ('north-sea' for 'North Sea') is not worth repeating."""

    def letters(text: str) -> str:
        return "".join(ch for ch in text.casefold() if ch.isalnum())

    return letters(name) == letters(label)


def party_name(game: Game, party: str) -> str:
    """A faction's or side's printed name."""
    names = {s.id: s.name for s in game.sides} | {f.id: f.name for f in game.factions}
    return names.get(party, party)


@dataclass(frozen=True, slots=True)
class Gazetteer:
    """The printed names around locations, gathered once per kit (not per line)."""

    features: dict[str, tuple[str, ...]]
    """Location key → names of the features there (cities, capitals…)."""
    boards: dict[str, str]
    """Map and display-chart ids → their printed names."""


def gazetteer(game: Game) -> Gazetteer:
    """Index feature names by location and board names by id."""
    names: dict[str, list[str]] = {}
    for the_map in game.maps:
        for feature in the_map.features:
            if feature.name:
                names.setdefault(location_key(the_map.id, feature.at), []).append(feature.name)
    boards = {**{c.id: c.title for c in game.charts}, **{m.id: m.name for m in game.maps}}
    return Gazetteer({key: tuple(value) for key, value in names.items()}, boards)


def _names(game: Game, places: Gazetteer, key: str) -> list[str]:
    """The location's own name first (a track cell's after its track's), then the features
    standing in it."""
    location = game.locations.get(key)
    names = [location.name] if location is not None and location.name else []
    parent = game.locations.get(location.parent) if location and location.parent else None
    if names and location is not None and location.kind == "cell" and parent and parent.name:
        names = [f"{parent.name} · {names[0]}"]
    return names + [n for n in places.features.get(key, ()) if n not in names]
