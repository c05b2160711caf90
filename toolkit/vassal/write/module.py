"""The module output: build/<game>/<game>.vmod and build/<game>/scenarios/<setup>.vsav.

Assembled from the model and the build's artwork only: boards from the drawn maps and charts
(their PNGs and placements), pieces from the counters' faces, at-start stacks and predefined
setups from the setups' positions; the documents its Help menu opens come ready-made from the
caller. Archives are deterministic (sorted entries, fixed times).
"""

from __future__ import annotations

import contextlib
import gc
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from toolkit.artwork import Artwork, MapArt
from toolkit.catalogue import words
from toolkit.model import Game
from toolkit.model.chart import Chart
from toolkit.model.holdings import holdings_at_start
from toolkit.model.map import parse_location_key
from toolkit.model.position import Piece, Position
from toolkit.model.scenario import Setup
from toolkit.options import BuildOptions
from toolkit.vassal.format.layout import Board, board_names
from toolkit.vassal.format.piles import PileNames, mask_image, pile_names
from toolkit.vassal.format.traits import Chain, Trait
from toolkit.vassal.write.archive import zip_archive
from toolkit.vassal.write.boards import (
    board_of,
    build_board,
    pixel_size,
    place_names,
    png_size,
)
from toolkit.vassal.write.buildfile import (
    VASSAL_VERSION,
    HelpDocument,
    ModuleParts,
    Palette,
    build_file,
    module_credits,
)
from toolkit.vassal.write.cards import (
    CardsParts,
    CounterPieces,
    cards_parts,
    saved_piles,
    solid_png,
)
from toolkit.vassal.write.combat import ModuleCombat, module_combat, module_fire, with_combat
from toolkit.vassal.write.elements import Slot, text
from toolkit.vassal.write.identity import (
    NEXT_PIECE_SLOT_ID,
    assign_gpids,
    counter_key,
    start_key,
)
from toolkit.vassal.write.mapwindow import StartStack
from toolkit.vassal.write.pieces import (
    PieceDef,
    expanded,
    face_image,
    piece_def,
    prototypes,
    showing,
)
from toolkit.vassal.write.saves import (
    PlacedDeck,
    PlacedPiece,
    PlacedStack,
    save_entries,
    save_stream,
)
from toolkit.vassal.write.warnings import ModuleWarnings, module_warnings
from toolkit.workers import Workers

GAME_FOLDER = "game"
"""Where the module carries the game's own sources, so a checker can load the game from it."""


class ModuleError(ValueError):
    """The game cannot be made into a module (the message says why and where)."""


def module_files(
    game: Game,
    artwork: Artwork,
    options: BuildOptions,
    workers: Workers,
    documents: Sequence[HelpDocument] = (),
) -> Iterator[tuple[str, bytes]]:
    """<game>.vmod, its Help menu opening ``documents``, and scenarios/<setup>.vsav for every
    setup."""
    compiled = compile_module(game, artwork, workers.jobs, documents)
    yield f"{game.id}.vmod", compiled.vmod
    for setup_id, save in compiled.saves:
        yield f"scenarios/{setup_id}.vsav", save


@dataclass(frozen=True, slots=True)
class CompiledModule:
    """A module's archive and its scenarios' saved games."""

    vmod: bytes
    saves: tuple[tuple[str, bytes], ...]
    """(setup id, .vsav bytes) for every setup."""


@dataclass(frozen=True)
class _Pieces:
    """Every counter as a piece: definitions, prototypes, sizes, palette slots."""

    defs: dict[str, PieceDef]
    """By holder key: each counter's own, and one per faction a setup gives a counter to (a
    generic chip set up for a power carries that power's rules warnings)."""
    prototypes: dict[str, tuple[Trait, ...]]
    sizes: dict[str, tuple[int, int]]
    slots: dict[str, Slot]
    warnings: ModuleWarnings
    gpids: dict[str, int]
    """Identity key → gpid (:mod:`toolkit.vassal.write.identity`): palette and at-start slots."""

    def placed(self, game: Game, piece: Piece) -> PieceDef:
        """The definition a set-up piece is made from."""
        return self.defs[self.warnings.key_for(game.counter(piece.counter), piece.owner)]


def compile_module(
    game: Game, artwork: Artwork, jobs: int = 1, documents: Sequence[HelpDocument] = ()
) -> CompiledModule:
    """The module of a game, from its rasterised artwork, carrying ``documents`` for its Help
    menu; ``jobs`` > 1 deflates on as many threads."""
    with _collector_paused():
        return _compile(game, artwork, jobs, tuple(documents))


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while the module is made: it makes hundreds of thousands
    of small objects and no cycles, and a full collection that they set off midway walks the
    whole build's heap (the model, the artwork) for nothing: 45 ms of a 2000-counter game's
    module, more than any one part of it."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _compile(
    game: Game, artwork: Artwork, jobs: int, documents: tuple[HelpDocument, ...]
) -> CompiledModule:
    starts = [Position.from_setup(game, setup) for setup in game.setups]
    parts = _parts(game, artwork, starts)
    by_place, pieces = parts.by_place, parts.pieces
    stacks = _start_stacks(game, pieces, by_place, starts)
    metadata = module_data(game)
    with _threads(jobs) as pool:
        # the saves are deflated on other threads while the build file is written here
        zipping = [
            (
                setup.id,
                _zipped(
                    pool,
                    _save_entries(
                        game, start, parts, metadata, setup=setup, description=setup.name
                    ),
                ),
            )
            for setup, start in zip(game.setups, starts, strict=True)
        ]
        module_parts = _module_parts(game, artwork, parts, stacks, documents)
        entries = [("buildFile.xml", build_file(module_parts)), ("moduledata", metadata)]
        entries += _images(game, artwork, parts)
        entries += [(document.entry, document.content) for document in documents]
        saves = tuple((setup_id, save.result()) for setup_id, save in zipping)
        entries += [(f"{setup_id}.vsav", save) for setup_id, save in saves]
        entries += [(f"{GAME_FOLDER}/{path}", content) for path, content in game.sources.items()]
        return CompiledModule(zip_archive(entries, pool), saves)


def _module_parts(
    game: Game,
    artwork: Artwork,
    parts: _Parts,
    stacks: tuple[tuple[str, tuple[StartStack, ...]], ...],
    documents: tuple[HelpDocument, ...],
) -> ModuleParts:
    boards, pieces = parts.boards, parts.pieces
    return ModuleParts(
        game=game,
        boards=tuple(boards),
        window_boards=frozenset(b.name for b in boards[1:]),
        menus=_menus(game, boards),
        prototypes=tuple(pieces.prototypes.items()),
        palettes=_palettes(game, pieces.slots),
        stacks=stacks,
        charts=tuple(
            (chart.title, f"chart-{chart.id}.png") for chart in _table_charts(game, artwork)
        ),
        setups=tuple((s.name, s.description, f"{s.id}.vsav") for s in game.setups),
        next_gpid=NEXT_PIECE_SLOT_ID,
        warnings=parts.warnings,
        combat=parts.combat,
        documents=documents,
        cards=parts.cards,
    )


@contextlib.contextmanager
def _threads(jobs: int) -> Iterator[ThreadPoolExecutor | None]:
    """Threads for deflating, one per job (none at one job: everything on this thread)."""
    if jobs < 2:
        yield None
        return
    with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="deflate") as pool:
        yield pool


def _zipped(pool: ThreadPoolExecutor | None, entries: list[tuple[str, bytes]]) -> Future[bytes]:
    """The archive of ``entries``, made on ``pool`` (here, without one)."""
    if pool is not None:
        return pool.submit(zip_archive, entries)
    done: Future[bytes] = Future()
    done.set_result(zip_archive(entries))
    return done


def position_save(
    game: Game,
    artwork: Artwork,
    position: Position,
    release: str | None = None,
    description: str = "",
    setup: Setup | None = None,
) -> bytes:
    """Any position of the game as a saved game (.vsav) its module loads, pieces as the
    module makes them: what a player would have saved after setting it up by hand. The
    artwork may be drawn only (boards and counters then measure as the rasteriser would
    make them at the game's resolution). ``release``: the version its metadata carries, when
    the save is released on its own (the game's version otherwise).

    :raises ModuleError: a piece at a place no board shows."""
    (save,) = position_saves(game, artwork, position, (release,), description, setup)
    return save


def position_saves(
    game: Game,
    artwork: Artwork,
    position: Position,
    releases: Sequence[str | None],
    description: str = "",
    setup: Setup | None = None,
) -> list[bytes]:
    """The saved game of :func:`position_save` for each release, measured once: the same
    commands, each with its version in its metadata, described as ``description`` says.

    :raises ModuleError: a piece at a place no board shows."""
    parts = _parts(game, artwork)
    return [
        zip_archive(
            _save_entries(
                game, position, parts, module_data(game, release), release, description, setup
            )
        )
        for release in releases
    ]


@dataclass(frozen=True)
class _Parts:
    """What both the module and its saves are made of: boards, pieces, rules warnings."""

    boards: list[Board]
    by_place: dict[str, Board]
    pieces: _Pieces
    warnings: ModuleWarnings
    saved: dict[tuple[str, str, str | None, str | None], Chain] = field(default_factory=dict)
    """(holder key, face, owner, hidden) → the piece as saves hold it, made at its first
    placement: the same few hundred pieces stand in every scenario."""
    cards: CardsParts | None = None
    """The decks, hands and cups (None: the game has none)."""
    piles: PileNames | None = None
    combat: ModuleCombat | None = None
    """The combat the module resolves (None: the game has none it can)."""


def _parts(game: Game, artwork: Artwork, starts: Sequence[Position] | None = None) -> _Parts:
    """The parts, from the setups' positions when the caller has them already."""
    if starts is None:
        starts = [Position.from_setup(game, setup) for setup in game.setups]
    sizes = _sizes(game, artwork)
    heights = sorted(height for _, height in sizes.values())
    height = heights[len(heights) // 2] if heights else 0
    boards = game_boards(game, artwork, height, game.print.dpi, starts[0] if starts else None)
    combat = module_combat(game, boards) or module_fire(game, place_names(game, boards))
    warnings = with_combat(game, module_warnings(game, boards, starts), combat)
    pieces = _pieces(game, sizes, warnings, starts[0] if starts else None)
    by_place = {board.map_id: board for board in boards}
    parts = _Parts(boards, by_place, pieces, warnings, combat=combat)
    if not game.decks and not game.cups:
        return parts
    names = pile_names(game, [board.name for board in boards])
    holdings = holdings_at_start(game, game.setups[0] if game.setups else None)
    taken = frozenset(pieces.gpids.values())
    cards = cards_parts(game, artwork, names, holdings, _counter_pieces(game, parts), taken)
    return _Parts(parts.boards, parts.by_place, pieces, warnings, parts.saved, cards, names, combat)


def _counter_pieces(game: Game, parts: _Parts) -> CounterPieces:
    """The counters as cups hold them: front up, open."""
    pieces = parts.pieces

    def definition(counter_id: str) -> tuple[Trait, ...]:
        return showing(pieces.defs[counter_id], game.counter(counter_id).front.id)

    def saved(counter_id: str) -> Chain:
        key = (counter_id, game.counter(counter_id).front.id, None, None)
        found = parts.saved.get(key)
        if found is None:
            found = parts.saved[key] = Chain.of(expanded(definition(counter_id), pieces.prototypes))
        return found

    gpids = {counter_id: slot.gpid for counter_id, slot in pieces.slots.items()}
    return CounterPieces(definition, saved, pieces.sizes, gpids)


def _sizes(game: Game, artwork: Artwork) -> dict[str, tuple[int, int]]:
    """Every counter's size in pixels: its front's image, or, for artwork drawn but not
    rasterised, the size the rasteriser would give it at the game's resolution."""
    sizes = {}
    for c in game.counters:
        front = artwork.counters[c.id].faces[c.front.id]
        sizes[c.id] = (
            png_size(front.png)
            if front.png
            else pixel_size(front.width, front.height, game.print.dpi)
        )
    return sizes


def _pieces(
    game: Game,
    sizes: dict[str, tuple[int, int]],
    warnings: ModuleWarnings,
    start: Position | None,
) -> _Pieces:
    """Every counter's piece, and its palette slot. Gpids come from identities (each counter's,
    and each at-start copy's in ``start``, the first setup), so the module and every save made
    alone from the same game agree on them, whatever the order of the counters."""
    hideable = hideable_counters(game)
    say = words(game.language)
    defs = {
        c.id: piece_def(
            c,
            game.faction(c.faction).name if c.faction else "",
            warnings.counter_traits.get(c.id, ()),
            _hidden_image(c.faction, hideable, c.id),
            say,
        )
        for c in game.counters
    }
    for key in sorted(warnings.holders):
        counter_id, faction = key.split("@", 1)
        counter = game.counter(counter_id)
        faction_name = game.faction(faction).name if faction else ""
        hidden = _hidden_image(faction or counter.faction, hideable, counter_id)
        defs[key] = piece_def(
            counter, faction_name, warnings.counter_traits.get(key, ()), hidden, say
        )
    keys = [counter_key(c.id) for c in game.counters]
    if start is not None:
        keys += [start_key(piece.id) for piece in start.pieces]
    gpids = assign_gpids(keys)
    slots = {
        c.id: Slot(c.name, gpids[counter_key(c.id)], defs[c.id].traits, sizes[c.id])
        for c in game.counters
    }
    protos = prototypes(game, list(defs.values())) | dict(warnings.prototypes)
    return _Pieces(defs, protos, sizes, slots, warnings, gpids)


def hideable_counters(game: Game) -> frozenset[str]:
    """The counters their side can hide from the others: private ones, every faction's piece
    where the others see only the top of a stack (the pieces under it are hidden), and the
    counters of cups (a face-down pile shows their mask).

    Hiding is VASSAL's Mask (Obscurable) with side access, the one trait whose hiding VASSAL
    itself enforces: a stack drawn unexpanded, or a mouse-over viewer turned off, still gives
    its pieces away to anyone who expands or inspects it. A piece hidden by its side is, to
    the other sides, its faction's colour named "<faction> unit", in the map, in the mouse-over
    viewer and in expanded stacks: they see how many pieces a stack holds and whose they are,
    never which units, their faces or steps. Its own side sees it whole, framed by its colour.
    The setups hide every piece under another that hides what is below it (any piece but the
    see-through classes, such as markers) and private counters everywhere; after a move,
    players hide or show a piece with Ctrl-M, as with blocks. What VASSAL does
    not hide: the chat's move report, written by the mover's VASSAL, names the pieces as their
    mover sees them (blocks share this)."""
    found = {c.id for c in game.counters if c.private}
    if game.hidden_stacks == "top":
        # a marker or a supply counter under a unit is hidden too, by the unit's side
        found |= {c.id for c in game.counters}
    found |= {counter_id for cup in game.cups for counter_id, _ in cup.counters}
    return frozenset(found)


def _hidden_image(faction: str | None, hideable: frozenset[str], counter_id: str) -> str | None:
    return mask_image(faction or "none") if counter_id in hideable else None


def _start_stacks(
    game: Game, pieces: _Pieces, boards: dict[str, Board], starts: Sequence[Position]
) -> tuple[tuple[str, tuple[StartStack, ...]], ...]:
    """The first setup as at-start stacks (what a new game shows), by board. Each copy's slot
    has the gpid of its identity (counter and copy number), and each stack is named by its
    setup and place, so neither moves when other counters come or go."""
    stacks: dict[str, list[StartStack]] = defaultdict(list)
    if not game.setups:
        return ()
    setup = game.setups[0]
    for board, label, group in _placed(game, starts[0], boards):
        slots = []
        for index, piece in enumerate(group):
            hidden = _hidden_by(game, index, group)
            traits = _showing(game, pieces.placed(game, piece), piece.face, piece.owner, hidden)
            name = game.counter(piece.counter).name
            gpid = pieces.gpids[start_key(piece.id)]
            slots.append(Slot(name, gpid, traits, pieces.sizes[piece.counter]))
        stack = StartStack(f"{setup.name}: {label}", board.name, board.centres[label], tuple(slots))
        stacks[board.name].append(stack)
    return tuple((name, tuple(group)) for name, group in stacks.items())


def _save_entries(
    game: Game,
    position: Position,
    parts: _Parts,
    metadata: bytes,
    release: str | None = None,
    description: str = "",
    setup: Setup | None = None,
) -> list[tuple[str, bytes]]:
    """A position as a saved game's entries: its pieces, prototypes expanded, on their places;
    its decks, hands and cups as ``setup`` starts them."""
    slots = parts.pieces.slots
    placed = [
        PlacedStack(
            board.name,
            board.centres[label],
            tuple(
                PlacedPiece(
                    _saved(game, parts, p, _hidden_by(game, i, group)), slots[p.counter].gpid
                )
                for i, p in enumerate(group)
            ),
        )
        for board, label, group in _placed(game, position, parts.by_place)
    ]
    decks: list[PlacedDeck] = []
    if parts.cards is not None and parts.piles is not None:
        holdings = holdings_at_start(game, setup)
        counters = _counter_pieces(game, parts)
        decks, hands = saved_piles(game, holdings, parts.cards, parts.piles, counters)
        placed += hands
    stream = save_stream(placed, [(b.name, b.name) for b in _all_boards(parts)], decks)
    return save_entries(stream, metadata, release or game.version, VASSAL_VERSION, description)


def _all_boards(parts: _Parts) -> list[Board]:
    """Every board a save chooses: the maps', the Cards map's and the hands'."""
    if parts.cards is None:
        return parts.boards
    return [*parts.boards, parts.cards.board, *(hand.board for hand in parts.cards.hands)]


def _hidden_by(game: Game, index: int, group: Sequence[Piece]) -> str | None:
    """The faction that hides a piece of a stack from the other side, in a game where the
    others see only the top piece: the piece's own, when a piece that hides what is below it
    (any but the see-through classes) lies above it; for a piece of no faction (a marker, a
    supply counter), the faction of the nearest such piece above that has one. None: shown."""
    if game.hidden_stacks != "top":
        return None
    piece = group[index]
    own = piece.owner or game.counter(piece.counter).faction
    for above in group[index + 1 :]:
        counter = game.counter(above.counter)
        if counter.class_ in game.see_through:
            continue
        faction = own or above.owner or counter.faction
        if faction:
            return faction
    return None


def _saved(game: Game, parts: _Parts, piece: Piece, hidden: str | None = None) -> Chain:
    """A set-up piece as saves hold it: showing its face, prototypes expanded."""
    pieces = parts.pieces
    key = (
        pieces.warnings.key_for(game.counter(piece.counter), piece.owner),
        piece.face,
        piece.owner,
        hidden,
    )
    found = parts.saved.get(key)
    if found is None:
        shown = _showing(game, pieces.defs[key[0]], piece.face, piece.owner, hidden)
        found = parts.saved[key] = Chain.of(expanded(shown, pieces.prototypes))
    return found


def _table_charts(game: Game, artwork: Artwork) -> list[Chart]:
    """The charts without places (tables): shown as images in the charts window."""
    return [
        chart
        for chart in game.charts
        if chart.id in artwork.charts and not artwork.charts[chart.id].placement.centres
    ]


def _images(game: Game, artwork: Artwork, parts: _Parts) -> list[tuple[str, bytes]]:
    """Every image the module shows: boards, counter faces, table charts, cards, and the
    faction colours hidden counters show."""
    entries = [(f"images/{board.image}", board.png) for board in parts.boards]
    hideable = hideable_counters(game)
    factions: dict[str, tuple[int, int]] = {}
    for counter_id in sorted(hideable):
        counter = game.counter(counter_id)
        factions.setdefault(counter.faction or "none", parts.pieces.sizes[counter_id])
    for faction, (width, height) in sorted(factions.items()):
        colour = game.faction(faction).color if faction != "none" else "#777777"
        entries.append((f"images/{mask_image(faction)}", solid_png(width, height, colour)))
    if parts.cards is not None:
        entries += parts.cards.images
    for counter in game.counters:
        for face_id, drawing in artwork.counters[counter.id].faces.items():
            entries.append((f"images/{face_image(counter.id, face_id)}", drawing.png))
    for chart in _table_charts(game, artwork):
        entries.append((f"images/chart-{chart.id}.png", artwork.charts[chart.id].drawing.png))
    return entries


def game_boards(
    game: Game,
    artwork: Artwork,
    piece_height: int = 0,
    dpi: int = 0,
    start: Position | None = None,
) -> list[Board]:
    """One board per map, the main map first, then one per chart that has places for pieces
    (tracks, displays). ``dpi`` measures boards whose drawings were not rasterised; ``start``
    is the first setup's position, when the caller has it already."""
    charted = [c.id for c in game.charts if c.id in artwork.charts and _has_places(artwork, c.id)]
    names = board_names(game, charted)
    main = main_map(game, start)
    ordered = sorted(game.maps, key=lambda m: m.id != main)
    boards = [build_board(m, artwork.maps[m.id], names[m.id], piece_height, dpi) for m in ordered]
    for chart_id in charted:
        art = artwork.charts[chart_id]
        locations = {loc.label: loc for loc in game.locations.values() if loc.map_id == chart_id}
        art_as_map = MapArt(art.drawing, art.placement)
        image = f"chart-{chart_id}.png"
        boards.append(
            board_of(chart_id, locations, None, art_as_map, names[chart_id], image, 0, dpi)
        )
    return boards


def _has_places(artwork: Artwork, chart_id: str) -> bool:
    """Whether a chart's drawing has places for pieces (tracks, displays): it is a board."""
    return bool(artwork.charts[chart_id].placement.centres)


def main_map(game: Game, start: Position | None = None) -> str | None:
    """The map shown in VASSAL's main window: game.json's ``module.main_map``, else the map
    where the first setup (whose position ``start`` is, if given) puts most pieces, else the
    first map."""
    wanted = game.module.get("main_map")
    ids = [m.id for m in game.maps]
    if isinstance(wanted, str) and wanted in ids:
        return wanted
    if game.setups:
        first = start if start is not None else Position.from_setup(game, game.setups[0])
        counts = Counter(
            parse_location_key(p.location)[0] for p in first.pieces if p.location is not None
        )
        on_maps = [(counts[m], -i, m) for i, m in enumerate(ids) if counts[m]]
        if on_maps:
            return max(on_maps)[2]
    return ids[0] if ids else None


def _menus(game: Game, boards: list[Board]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Toolbar menus: the charts with places (tracks, displays) under one button, so the
    toolbar keeps to one row."""
    maps = {m.id for m in game.maps}
    charts = tuple(b.name for b in boards if b.map_id not in maps)
    return ((words(game.language)("module.menu.tracks"), charts),) if charts else ()


BOTTOM_CLASSES = frozenset({"chip"})
"""Classes that lie under the other pieces of their place (an Axis & Allies strength chip
under its figure), whatever the order the setup lists them in."""


def _placed(
    game: Game, position: Position, boards: dict[str, Board]
) -> Iterator[tuple[Board, str, list[Piece]]]:
    """The pieces of a position grouped by place, bottom first, on the boards that show it.

    :raises ModuleError: a piece at a place no board shows.
    """
    groups: dict[str, list[Piece]] = defaultdict(list)
    for piece in position.pieces:
        if piece.location is not None:
            groups[piece.location].append(piece)
    for key, group in groups.items():
        group.sort(key=lambda piece: game.counter(piece.counter).class_ not in BOTTOM_CLASSES)
        map_id, label = parse_location_key(key)
        board = boards.get(map_id)
        if board is None or label not in board.centres:
            raise ModuleError(f"no board shows {key!r}, where the setup places pieces")
        yield board, label, group


def _showing(
    game: Game, piece: PieceDef, face_id: str, owner: str | None, hidden: str | None = None
) -> tuple[Trait, ...]:
    """The piece showing ``face_id``; a block is hidden by its owner's side, as set up, and so
    is a private counter, or one under the top of a stack where the others see only tops
    (``hidden``: the faction hiding it, see :func:`_hidden_by`)."""
    if piece.masked:
        faction = owner
    elif piece.hideable and (piece.counter.private or hidden):
        faction = owner or piece.counter.faction or hidden
    else:
        faction = None
    side = game.side(game.faction(faction).side).name if faction else None
    return showing(piece, face_id, side)


def _palettes(game: Game, slots: dict[str, Slot]) -> tuple[Palette, ...]:
    """A tab per faction (and one for markers), a panel per class."""
    tabs: list[Palette] = []
    for faction in [*game.factions, None]:
        counters = [c for c in game.counters if c.faction == (faction.id if faction else None)]
        if not counters:
            continue
        groups: dict[str, list[Slot]] = defaultdict(list)
        for counter in counters:
            groups[
                counter.class_ or "Markers" if faction is None else counter.class_ or "Other"
            ].append(slots[counter.id])
        tabs.append(
            Palette(
                faction.name if faction else words(game.language)("kit.sheets.markers"),
                tuple((name, tuple(group)) for name, group in groups.items()),
            )
        )
    return tuple(tabs)


def xml_escaped(value: str) -> str:
    """Text as the body of an element VASSAL's metadata reader parses."""
    return text(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def module_data(game: Game, release: str | None = None) -> bytes:
    """The moduledata entry: what VASSAL shows of a module before it opens it (the credits
    from VASSAL 3.7 on; 3.6 skips them), and what the VASSAL Game Library reads the version of
    a module, saved game or log from (``release``: that version, when not the game's own)."""
    esc = xml_escaped
    extras = "".join(
        f"<{tag}>{esc(value)}</{tag}>"
        for tag, value in zip(("extra1", "extra2"), module_credits(game), strict=True)
        if value
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">'
        f"<version>{esc(release or game.version)}</version>{extras}"
        f"<VassalVersion>{VASSAL_VERSION}</VassalVersion><dateSaved>0</dateSaved>"
        f"<description>{esc(game.description or game.title)}</description>"
        f"<name>{esc(game.title)}</name></data>\n"
    ).encode()
