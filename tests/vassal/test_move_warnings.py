"""The module's warnings about a move say what the rules engine says, and VASSAL says it too.

A move too long for the piece's allowance, and a move out of an enemy zone of control where an
earlier drag of the same turn ended: the module's conditions are evaluated here on the drags
the engine judges (:func:`toolkit.vassal.write.raised.raised_by_move`), and a probe drags pieces
in a real VASSAL and reads the chat log.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.conftest import load_fixture
from tests.vassal.engine import run_engine, run_move_probe
from toolkit.geometry import hex_distance
from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.model.rules import ForcedMarch, MovementRule, ZocRule
from toolkit.render.artwork import draw_artwork, rasterise
from toolkit.rules.context import Situation
from toolkit.rules.turn import check_moves, check_steps
from toolkit.rules.zoc import in_enemy_zone, zoc_map
from toolkit.vassal.format.layout import Board
from toolkit.vassal.write.module import compile_module, game_boards, position_save
from toolkit.vassal.write.moves import MOVE_ASPECTS
from toolkit.vassal.write.raised import Drag, raised_by_move
from toolkit.vassal.write.warnings import MOVED_KEY, ModuleWarnings, module_warnings
from toolkit.workers import Workers

TURN = {"Turn": "1"}
"""The turn tracker's property as VASSAL shows it in the first turn."""
STAMP = "T1"
"""What a piece dragged in the first turn recorded."""


@pytest.fixture(scope="module")
def rules_hex() -> tuple[Game, list[Board], ModuleWarnings]:
    the_game = load_fixture("rules-hex")
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    return the_game, boards, module_warnings(the_game, boards)


def _piece(piece_id: str, location: str) -> Piece:
    counter = piece_id.rsplit("/", 1)[0]
    return Piece(piece_id, counter, location, "front", counter.split("-", 1)[0], 1)


def _hexes(the_game: Game) -> list[str]:
    return sorted(k for k, loc in the_game.locations.items() if loc.kind == "hex")


def _warned(
    setting: tuple[Game, list[Board], ModuleWarnings],
    after: Position,
    drag: Drag,
    switch: int = 1,
) -> set[str]:
    the_game, boards, warnings = setting
    return {r.aspect for r in raised_by_move(the_game, boards, warnings, after, drag, TURN, switch)}


def test_a_move_beyond_the_reach_warns_and_the_engine_finds_it_too_long(
    rules_hex: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """Artillery moves 2, and a road step costs 1/2: it may go 4 hexes along a road, never 5.
    From every hex to every hex, the module warns exactly when the straight line is longer
    than 4 hexes, and every move it warns of is one the engine finds too long."""
    the_game = rules_hex[0]
    hexes = _hexes(the_game)
    art = "rd-2-art/1"
    warned = 0
    for start in hexes:
        before = Position((_piece(art, start),))
        for end in hexes:
            after = Position((_piece(art, end),))
            said = _warned(rules_hex, after, Drag(art, start))
            a, b = the_game.locations[start].hex, the_game.locations[end].hex
            assert a is not None and b is not None
            assert ("too-far" in said) == (hex_distance(a, b) > 4), (start, end)
            if "too-far" in said:
                warned += 1
                rules = {v.rule for v in check_moves(the_game, before, after)}
                assert "movement" in rules, (start, end)
    assert warned > 0


def test_a_move_within_the_reach_or_switched_off_says_nothing(
    rules_hex: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    art = "rd-2-art/1"
    within = _warned(rules_hex, Position((_piece(art, "front:0503"),)), Drag(art, "front:0101"))
    beyond = Position((_piece(art, "front:0603"),))
    assert within == set()
    assert _warned(rules_hex, beyond, Drag(art, "front:0101")) == {"too-far"}
    assert _warned(rules_hex, beyond, Drag(art, "front:0101"), switch=0) == set()


ENEMIES = (_piece("rd-1-inf/1", "front:0803"), _piece("rd-1-inf/2", "front:0402"))
"""Red infantry exerting zones, one beside the river (which its zone does not cross)."""


def test_a_piece_moving_on_out_of_an_enemy_zone_it_stopped_in_warns_where_the_engine_says(
    rules_hex: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """From every hex to each of its neighbours, after a drag of the same turn ended there:
    the module warns exactly where the engine's zone of control holds the piece."""
    the_game = rules_hex[0]
    rule = next(r for r in the_game.rules if isinstance(r, ZocRule))
    mover = "bl-1-inf/1"
    warned = 0
    for start in _hexes(the_game):
        if start in {p.location for p in ENEMIES}:
            continue
        stood = Position((*ENEMIES, _piece(mover, start)))
        zones = zoc_map(Situation(the_game, stood), rule)
        held = in_enemy_zone(zones, start, "blue")
        label = the_game.locations[start].label
        for label_to in the_game.maps[0].neighbours(label):
            end = f"front:{label_to}"
            after = Position((*ENEMIES, _piece(mover, end)))
            said = _warned(rules_hex, after, Drag(mover, start, STAMP))
            assert ("zoc-leave" in said) == held, (start, end)
            warned += "zoc-leave" in said
    assert warned > 0


def test_the_engine_reports_the_leave_the_module_warns_of(
    rules_hex: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """Two drags of one turn, into the zone of the infantry at 0803 and on out of it: the
    engine reports the zoc rule, and the module warns on the second drag only; the same
    second drag in a later turn, or as the first of the turn, is no warning."""
    the_game = rules_hex[0]
    mover = "bl-1-inf/1"
    steps = [Position((*ENEMIES, _piece(mover, f"front:{h}"))) for h in ("0801", "0802", "0702")]
    assert "zoc" in {v.rule for v in check_steps(the_game, steps)}
    assert "zoc" not in {v.rule for v in check_steps(the_game, steps[1:])}
    assert _warned(rules_hex, steps[1], Drag(mover, "front:0801")) == set()
    assert _warned(rules_hex, steps[2], Drag(mover, "front:0802", STAMP)) == {"zoc-leave"}
    assert _warned(rules_hex, steps[2], Drag(mover, "front:0802", "")) == set()
    assert _warned(rules_hex, steps[2], Drag(mover, "front:0802", "T2")) == set()


def test_the_move_warnings_are_written_once_per_side(
    rules_hex: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """Every unit covered by the movement and zoc rules checks them, and the prototype that
    reads the turn of the last drag records it."""
    _, _, warnings = rules_hex
    aspects = {w.aspect for ws in warnings.warnings.values() for w in ws}
    assert aspects & MOVE_ASPECTS == {"too-far", "zoc-leave"}
    recording = [
        traits
        for traits in warnings.prototypes.values()
        if any("PROP;RulesMoved" in t.type for t in traits)
    ]
    assert recording


# -- real VASSAL --------------------------------------------------------------------------------


def test_vassal_warns_of_a_drag_too_long_and_of_leaving_a_zone_it_stopped_in(
    tmp_path: Path,
) -> None:
    """Dragged in a real VASSAL: infantry that starts in the zone of the Red infantry at 0803
    out of it (no warning: it did not stop there this turn); the artillery 5 hexes (too far),
    then 1 (no warning); other infantry into the zone (no warning), then on out of it: the
    chat log has the two warnings predicted here, word for word, and no other about a move."""
    the_game = load_fixture("rules-hex")
    with Workers(the_game) as workers:
        artwork = rasterise(draw_artwork(the_game, workers), the_game.print.dpi, workers)
    module = tmp_path / "rules-hex.vmod"
    module.write_bytes(compile_module(the_game, artwork).vmod)
    start = Position(
        (
            *ENEMIES,
            _piece("rd-2-art/1", "front:0101"),
            _piece("bl-1-inf/1", "front:0801"),
            _piece("bl-2-inf/1", "front:0804"),
        )
    )
    save = tmp_path / "start.vsav"
    save.write_bytes(position_save(the_game, artwork, start))
    boards = game_boards(the_game, artwork)
    warnings = module_warnings(the_game, boards)
    (board,) = boards

    def to(counter: str, label: str) -> str:
        x, y = board.centres[label]
        return f"{counter}@{x},{y}"

    drags = [
        to("bl-2-inf", "0705"),
        to("rd-2-art", "0601"),
        to("rd-2-art", "0501"),
        to("bl-1-inf", "0802"),
        to("bl-1-inf", "0702"),
    ]
    lines = run_move_probe(module, save, MOVED_KEY, drags, tmp_path)

    messages = {w.aspect: w.message for ws in warnings.warnings.values() for w in ws}
    by_drag = {line.drag: line for line in lines}
    assert [(n, by_drag[n].start, by_drag[n].end) for n in (1, 2, 3, 4, 5)] == [
        (1, "0804", "0705"),
        (2, "0101", "0601"),
        (3, "0601", "0501"),
        (4, "0801", "0802"),
        (5, "0802", "0702"),
    ]
    said = []
    for line in lines:
        for aspect in sorted(MOVE_ASPECTS & messages.keys()):
            if line.text == _said(messages[aspect], line.name, line.start, line.end):
                said.append((line.drag, aspect))
    assert said == [(2, "too-far"), (5, "zoc-leave")]
    assert run_engine(module).problems == []


def _said(message: str, name: str, start: str, end: str) -> str:
    """A report's format as the chat shows it: VASSAL's '* ' first, the colour mark out, the
    properties filled in, entities read."""
    text = "* " + message.removeprefix("!").strip()
    text = text.replace("$newPieceName$", name).replace("$OldLocationName$", start)
    text = text.replace("$location$", end)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


# -- the example games ----------------------------------------------------------------------------


@pytest.fixture(scope="module", params=["distant-foreign-fields", "fatal-alliances"])
def example(request: pytest.FixtureRequest) -> tuple[Game, list[Board], ModuleWarnings]:
    from tests.model.rule_games import game

    the_game = game(request.param)
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    return the_game, boards, module_warnings(the_game, boards)


def test_in_the_example_games_the_zone_the_module_counts_is_the_engines(
    example: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """From the first scenario, each piece a zoc rule covers is dragged on from hexes around
    the enemy (a sample, on sideways and upright grids, across rivers and lakes): the module
    warns exactly where the engine's zone holds it."""
    the_game, _, warnings = example
    rule = next(r for r in the_game.rules if isinstance(r, ZocRule))
    start = Position.from_setup(the_game, the_game.setups[0])
    situation = Situation(the_game, start)
    zones = zoc_map(situation, rule)
    covered = [
        p
        for p in start.pieces
        if any(
            w.aspect == "zoc-leave"
            for w in warnings.warnings.get(
                warnings.key_for(the_game.counter(p.counter), p.owner), ()
            )
        )
        and (p.location or "").count(":") == 1
        and the_game.locations[p.location or ""].kind == "hex"
    ]
    assert covered
    mover = covered[0]
    side = situation.side_of(mover)
    near = sorted(k for k, sides in zones.items() if the_game.locations[k].kind == "hex")
    checked = {True: 0, False: 0}
    for key in near[:: max(1, len(near) // 12)]:
        the_map = next(m for m in the_game.maps if m.id == the_game.locations[key].map_id)
        for label in the_map.neighbours(the_game.locations[key].label)[:2]:
            pieces = [p for p in start.pieces if p.id != mover.id]
            moved = Piece(
                mover.id,
                mover.counter,
                f"{the_map.id}:{label}",
                mover.face,
                mover.owner,
                mover.step,
            )
            after = Position((*pieces, moved), start.control)
            held = in_enemy_zone(
                zoc_map(Situation(the_game, Position((*pieces,), start.control)), rule), key, side
            )
            stamp = STAMP + ("|" if the_game.turns.phases else "")  # no phase set: 'T1|'
            said = _warned(example, after, Drag(mover.id, key, stamp))
            assert ("zoc-leave" in said) == held, (key, label)
            checked[held] += 1
    assert checked[True] > 0


def test_on_squares_without_diagonals_the_range_counts_rows_and_columns_apart() -> None:
    """Infantry moves 3, a road step costs 1/2: on a square grid without diagonal moves it
    may go 6 squares, counted across and down (Manhattan), and every move the module warns of
    is one the engine finds too long."""
    the_game = load_fixture("minimal-square")
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    setting = (the_game, boards, module_warnings(the_game, boards))
    squares = sorted(k for k, loc in the_game.locations.items() if loc.kind == "square")
    mover = "bl-1-inf/1"
    warned = 0
    for start in squares[::3]:
        a = the_game.locations[start]
        for end in squares:
            b = the_game.locations[end]
            assert a.column is not None and b.column is not None
            steps = abs(a.column - b.column) + abs((a.row or 0) - (b.row or 0))
            after = Position((_piece(mover, end),))
            said = _warned(setting, after, Drag(mover, start))
            assert ("too-far" in said) == (steps > 6), (start, end)
            if "too-far" in said:
                warned += 1
                before = Position((_piece(mover, start),))
                assert "movement" in {v.rule for v in check_moves(the_game, before, after)}
    assert warned > 0


def test_a_zone_that_holds_warns_on_the_first_drag_out() -> None:
    """A zone no piece may leave ('no-exit'): the first drag out of it warns, however the
    piece came there; a drag elsewhere does not; and no piece records its drags."""
    the_game = load_fixture("rules-hex")
    rules = tuple(
        dataclasses.replace(r, effect="no-exit") if isinstance(r, ZocRule) else r
        for r in the_game.rules
    )
    the_game = dataclasses.replace(the_game, rules=rules)
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    warnings = module_warnings(the_game, boards)
    setting = (the_game, boards, warnings)
    mover = "bl-1-inf/1"
    out = Position((*ENEMIES, _piece(mover, "front:0702")))
    assert _warned(setting, out, Drag(mover, "front:0802")) == {"zoc-exit"}
    assert _warned(setting, out, Drag(mover, "front:0602")) == set()
    traits = [t.type for ts in warnings.prototypes.values() for t in ts]
    assert not any(t.startswith("PROP;") for t in traits)


def test_a_forced_march_widens_the_reach_so_a_legal_march_is_never_warned(
    rules_hex: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """Artillery moves 2, half as far again on a forced march: 3 points, 6 hexes along a road
    at 1/2 a hex, never 7."""
    the_game, boards, _ = rules_hex
    rule = the_game.rule("movement")
    assert isinstance(rule, MovementRule)
    marching = dataclasses.replace(rule, forced_march=ForcedMarch("5.9", factor=1.5))
    rules = tuple(marching if r.id == rule.id else r for r in the_game.rules)
    marched = dataclasses.replace(the_game, rules=rules)
    setting = (marched, boards, module_warnings(marched, boards))
    art = "rd-2-art/1"
    six = _warned(setting, Position((_piece(art, "front:0703"),)), Drag(art, "front:0101"))
    seven = _warned(setting, Position((_piece(art, "front:0803"),)), Drag(art, "front:0101"))
    assert (six, seven) == (set(), {"too-far"})


def test_a_railway_the_rule_makes_unlimited_leaves_its_maps_unwatched(
    example: tuple[Game, list[Board], ModuleWarnings],
) -> None:
    """Distant Foreign Fields' units go any distance along a friendly railway (2.2.5.3), so no
    range is ever too long there: its ground movement rules are not watched, by the rules' own
    word even where the railway's properties say nothing."""
    the_game, boards, warnings = example
    unlimited = {r.id for r in the_game.rules if isinstance(r, MovementRule) and r.unlimited_along}
    plain_lines = tuple(dataclasses.replace(t, properties={}) for t in the_game.line_types)
    plain = dataclasses.replace(the_game, line_types=plain_lines)
    for found in (warnings, module_warnings(plain, boards)):
        left_out = dict(found.unwatched)
        for rule_id in unlimited:
            assert left_out.get(rule_id) == "moves along rail are unlimited on its maps"
    assert unlimited == (
        {"movement", "movement-cavalry", "movement-air"}
        if the_game.id == "distant-foreign-fields"
        else set()
    )
