"""The module's rules warnings say what the rules engine says, and VASSAL says it too.

Three judges look at the same positions: the rules engine (``toolkit check``), the module's
warning conditions evaluated here by the expression reader, and real VASSAL running the module
(a probe tells every piece of a saved game that it has just moved and reads the chat log).
"""

from __future__ import annotations

import json
import os
import random
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from tests.model.rule_games import GAMES, game
from tests.vassal.engine import run_warn_probe
from toolkit.catalogue import catalogue
from toolkit.load.positions import load_position
from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.model.rules import EntryRule, StackingRule
from toolkit.render.artwork import draw_artwork, rasterise
from toolkit.rules.context import Situation
from toolkit.rules.entry import check_entry
from toolkit.rules.stacking import check_stacking
from toolkit.vassal.format.layout import Board
from toolkit.vassal.write.boards import vassal_places
from toolkit.vassal.write.module import compile_module, game_boards, position_save
from toolkit.vassal.write.raised import raised
from toolkit.vassal.write.warnings import MOVED_KEY, SWITCH, ModuleWarnings, module_warnings
from toolkit.workers import Workers

CASES = Path(__file__).parents[1] / "rules" / "cases" / "positions"


@pytest.fixture(scope="module", params=GAMES)
def watched(request: pytest.FixtureRequest) -> tuple[Game, list[Board], ModuleWarnings]:
    """A game, its boards as the module has them, and its module's warnings."""
    the_game = game(request.param)
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    return the_game, boards, module_warnings(the_game, boards)


def engine_says(the_game: Game, position: Position, rule_ids: set[str]) -> set[tuple[str, str]]:
    """(rule id, location key) of every stacking and entry violation the engine finds."""
    situation = Situation(the_game, position)
    found: set[tuple[str, str]] = set()
    for rule in the_game.rules:
        if rule.id not in rule_ids:
            continue
        if isinstance(rule, StackingRule):
            violations = check_stacking(situation, rule)
        elif isinstance(rule, EntryRule):
            violations = check_entry(situation, rule)
        else:
            continue
        found |= {(v.rule, key) for v in violations for key in v.locations}
    return found


def module_says(
    the_game: Game, boards: list[Board], warnings: ModuleWarnings, position: Position
) -> set[tuple[str, str]]:
    return {(r.rule_id, r.location) for r in raised(the_game, boards, warnings, position)}


def positions(the_game: Game, seed: int = 1914, shuffled: int = 25) -> list[tuple[str, Position]]:
    """Every setup, every rulebook case of the game, and positions made from each setup by
    moving a handful of pieces anywhere (into forbidden places and crowded ones alike)."""
    found = [(f"setup {s.id}", Position.from_setup(the_game, s)) for s in the_game.setups]
    for path in sorted((CASES / the_game.id).glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if "position" in case:
            found.append((path.stem, _case_position(the_game, case["position"], path)))
    rng = random.Random(seed)
    keys = sorted(the_game.locations)
    for n in range(shuffled):
        setup = the_game.setups[n % len(the_game.setups)]
        start = Position.from_setup(the_game, setup)
        pieces = list(start.pieces)
        crowded = [rng.choice(keys) for _ in range(3)]
        for i in rng.sample(range(len(pieces)), min(len(pieces), 12)):
            target = rng.choice(crowded) if rng.random() < 0.6 else rng.choice(keys)
            pieces[i] = _moved(pieces[i], target)
        found.append((f"shuffled {n}", Position(tuple(pieces), start.control)))
    return found


def as_the_module_knows(the_game: Game, warnings: ModuleWarnings, position: Position) -> Position:
    """The position with each piece held by a faction the module can know: the one a setup
    gives its counter to, else its printed one (VASSAL's palette pieces know no other)."""
    pieces = []
    for piece in position.pieces:
        counter = the_game.counter(piece.counter)
        key = warnings.key_for(counter, piece.owner)
        owner = piece.owner if key != counter.id else counter.faction
        pieces.append(Piece(piece.id, piece.counter, piece.location, piece.face, owner, piece.step))
    return Position(tuple(pieces), position.control)


def _moved(piece: Piece, location: str) -> Piece:
    return Piece(piece.id, piece.counter, location, piece.face, piece.owner, piece.step)


def _case_position(the_game: Game, data: object, path: Path) -> Position:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / path.name
        file.write_text(json.dumps(data), encoding="utf-8")
        loaded = load_position(the_game, file)
    assert loaded.position is not None, loaded.report.format_text()
    return loaded.position


def test_the_module_warns_where_the_engine_finds_a_violation(
    watched: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """Location by location, on setups, rulebook cases and shuffled positions, the module's
    conditions raise a warning for a watched rule exactly where the engine reports it."""
    the_game, boards, warnings = watched
    rule_ids = {w.rule_id for ws in warnings.warnings.values() for w in ws}
    assert rule_ids, "every example game has stacking or entry rules the module watches"
    disagreements = []
    violations = 0
    for name, position in positions(the_game):
        position = as_the_module_knows(the_game, warnings, position)
        engine = engine_says(the_game, position, rule_ids)
        module = module_says(the_game, boards, warnings, position)
        violations += len(engine)
        if engine != module:
            disagreements.append((name, sorted(engine - module), sorted(module - engine)))
    assert disagreements == []
    assert violations > 0, "the positions must break some watched rule"


def test_switched_off_the_module_says_nothing(
    watched: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    the_game, boards, warnings = watched
    for _, position in positions(the_game, shuffled=5):
        assert raised(the_game, boards, warnings, position, switch=0) == []


def test_every_stacking_and_entry_rule_is_watched_or_says_why(
    watched: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    the_game, _, warnings = watched
    rule_ids = {w.rule_id for ws in warnings.warnings.values() for w in ws}
    left_out = dict(warnings.unwatched)
    for rule in the_game.rules:
        if rule.kind in ("stacking", "entry"):
            assert (rule.id in rule_ids) != (rule.id in left_out), rule.id
    assert all(reason for reason in left_out.values())


def test_what_cannot_be_watched_after_a_move() -> None:
    """A&A 1914 sets no stacking limit, fighters may fly over the sea mid-move, and its
    spaces have no grid to measure a move's range on."""
    the_game = game("axis-allies-1914")
    with Workers(the_game) as workers:
        boards = game_boards(
            the_game, draw_artwork(the_game, workers, counters=False), dpi=the_game.print.dpi
        )
    left_out = dict(module_warnings(the_game, boards).unwatched)
    assert left_out == {
        "contested-stacking": "it sets no limit anywhere",
        "fighters-end-on-land": "it holds at the end of phase only, not after every move",
        "movement": "it covers no hex or square the module can measure a range on",
        "suez-canal": "it covers no hex or square the module can measure a range on",
    }


# -- real VASSAL --------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["distant-foreign-fields", "fatal-alliances"])
def test_vassal_writes_the_warnings_the_expressions_predict(game_id: str, tmp_path: Path) -> None:
    """The rulebook's illegal position, saved as a player would have it: VASSAL, told that each
    piece has just moved, writes in its chat log the very warnings predicted here, one per piece
    and rule, and nothing once the toolbar button has switched the warnings off."""
    the_game = game(game_id)
    case = json.loads((CASES / game_id / "illegal-play.json").read_text(encoding="utf-8"))
    position = _case_position(the_game, case["position"], Path("illegal-play.json"))
    with Workers(the_game) as workers:
        artwork = rasterise(draw_artwork(the_game, workers), the_game.print.dpi, workers)
    module = tmp_path / f"{game_id}.vmod"
    module.write_bytes(compile_module(the_game, artwork).vmod)
    save = tmp_path / "illegal-play.vsav"
    save.write_bytes(position_save(the_game, artwork, position))
    boards = game_boards(the_game, artwork)
    warnings = module_warnings(the_game, boards)

    report = run_warn_probe(module, save, MOVED_KEY, tmp_path)

    predicted = raised(the_game, boards, warnings, position)
    assert predicted, "the illegal position must break a watched rule"
    spots = vassal_places(the_game, boards)
    names = {(line.counter, line.map, line.location): line.name for line in report.lines}
    messages = {(w.rule_id, w.aspect): w.message for ws in warnings.warnings.values() for w in ws}
    expected: Counter[tuple[str, str, str, str]] = Counter()
    for r in predicted:
        counter_id = _counter(r.piece)
        board, where = spots[r.location]
        name = names.get((counter_id, board, where), "?")
        text = _plain(messages[(r.rule_id, r.aspect)])
        text = text.replace("$newPieceName$", name).replace("$location$", where)
        expected[(counter_id, board, where, text)] += 1
    prefix = "* " + _warning_prefix(the_game)
    said = Counter(
        (line.counter, line.map, line.location, line.text)
        for line in report.lines
        if line.switch == 1 and line.text.startswith(prefix)
    )
    assert said == expected
    assert report.switches == 1
    assert [line for line in report.lines if line.switch == 0 and prefix in line.text] == []


def test_the_module_has_the_switch_and_tells_pieces_they_moved(tmp_path: Path) -> None:
    from tests.conftest import SOURCES
    from toolkit.build import build_game, selected_targets
    from toolkit.load import load_game
    from toolkit.options import BuildOptions

    loaded = load_game(SOURCES / "distant-foreign-fields")
    assert loaded.game is not None
    out = build_game(loaded.game, tmp_path, selected_targets(["vmod"]), BuildOptions(jobs=2))
    with zipfile.ZipFile(out.folder / "distant-foreign-fields.vmod") as archive:
        build_file = archive.read("buildFile.xml").decode("utf-8")
    assert f'name="{SWITCH}" initialValue="1"' in build_file
    assert 'propChanger="I,1"' in build_file
    # every map the game is played on; not the table of decks and cups, where no rule applies
    maps = build_file.split("<VASSAL.build.module.Map ")[1:]
    played = [m for m in maps if not m.startswith('mapName="Cards"')]
    assert len(played) == len(maps) - 1
    assert build_file.count(f'moveKey="{MOVED_KEY}"') == len(played)


def _counter(piece_id: str) -> str:
    return piece_id.rsplit("/", 1)[0]


def _plain(message: str) -> str:
    """A report's format as the chat shows it: VASSAL's '* ' before a report, the quick
    colour mark ('!') taken out, entities read."""
    text = "* " + message.removeprefix("!").strip()
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _warning_prefix(game: Game) -> str:
    """What every rules warning starts with in the game's language ('Rules: ')."""
    messages = catalogue(game.language)
    said = [messages[f"module.warning.{kind}"] for kind in ("entry", "too-many-pieces", "enemy")]
    return os.path.commonprefix(said)


@pytest.mark.parametrize(("where", "warned"), [("front:blue-reinforcements", 0), ("front:0303", 1)])
def test_the_module_leaves_pieces_waiting_in_a_box_out_of_a_hex_limit(
    where: str, warned: int
) -> None:
    """A stacking rule that names no place limits the hexes, in VASSAL as in the checker:
    three infantry waiting in a holding box are no warning, three in a hex are one."""
    from tests.conftest import load_fixture

    the_game = load_fixture("river-crossing")
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    pieces = tuple(Piece(f"bl-inf/{n}", "bl-inf", where, "front", "bl", 1) for n in (1, 2, 3))
    said = module_says(the_game, boards, module_warnings(the_game, boards), Position(pieces))
    assert [rule for rule, _ in said].count("stacking") == warned
