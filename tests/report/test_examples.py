"""A report of a short log of every example game, made with the game's own module: the page
with every step, a picture per turn and the replay, and nothing the report could not read.

The modules are the session's (built once for every test that reads them)."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.browser import browser  # noqa: F401  (the fixture)
from tests.conftest import SOURCES, built_module
from toolkit.catalogue import words
from toolkit.model.map import location_key
from toolkit.report.make import make_report, module_images, module_layout
from toolkit.vassal.format.codec import decode, obfuscate
from toolkit.vassal.format.commands import leaf_commands, parse_add_piece
from toolkit.vassal.read.logs import MovePiece, encode_log, format_move
from toolkit.vassal.read.positions import place_at
from toolkit.vassal.read.reader import open_archive, read_saved_game

GAMES = [pytest.param(path, id=path.name) for path in sorted(SOURCES.iterdir()) if path.is_dir()]
MOVES = 3
"""Stacks moved in each of the log's two turns."""


def _short_log(save: Path, map_name: str, log: Path) -> Path:
    """Two turns of a play-by-email log from ``save``: in each, the first stacks on
    ``map_name`` dragged 60 pixels right, one logged action each, then back."""
    with open_archive(save) as archive:
        start = read_saved_game(archive)
    stacks: list[tuple[str, int, int]] = []
    for command in leaf_commands(start):
        if command.startswith("+/"):
            piece = parse_add_piece(command)
            fields = decode(piece.basic.state or "", ";")
            if piece.basic.type == "stack" and fields[0] == map_name:
                stacks.append((piece.piece_id, int(fields[1]), int(fields[2])))
    assert len(stacks) >= MOVES, f"{save.name}: {len(stacks)} stack(s) on {map_name!r}"
    steps: list[list[str]] = []
    for turn, shift in ((1, 60), (2, -60)):
        steps.append([f"CHAT* New turn: Turn {turn}"])
        for stack_id, x, y in stacks[:MOVES]:
            was, to = ((x, y), (x + 60, y)) if shift > 0 else ((x + 60, y), (x, y))
            move = MovePiece(stack_id, map_name, to, None, map_name, was, None, "a")
            steps.append([format_move(move)])
    with zipfile.ZipFile(log, "w") as archive:
        archive.writestr("savedGame", obfuscate(encode_log(start, steps)))
    return log


@pytest.mark.parametrize("source", GAMES)
def test_a_log_of_each_example_game_is_reported(
    source: Path, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    game, folder = built_module(source, tmp_path_factory)
    module = folder / f"{game.id}.vmod"
    save = sorted((folder / "scenarios").glob("*.vsav"))[0]
    board = module_layout(module, module_images(module)).boards[0]
    log = _short_log(save, board.name, tmp_path / "turns.vlog")
    reported = make_report(game, module, [log], None)
    assert reported.problems == ()
    names = sorted(reported.files)
    assert [n for n in names if not n.startswith("turn-")] == [
        "index.html",
        next(n for n in names if n.startswith("replay")),
        "summary.json",
        "summary.txt",
    ]
    assert {n.split("-")[1] for n in names if n.startswith("turn-")} == {"1", "2"}
    page = reported.files["index.html"].decode()
    assert all(f'id="step-{n}"' in page for n in range(2 * MOVES + 3))
    summary = reported.files["summary.txt"].decode().splitlines()
    assert [line.split(":")[0].strip() for line in summary] == ["Turn 1", "Turn 2"]
    moves = words(game.language)("report.summary.moves.many", count=MOVES)
    assert all(moves in line for line in summary), summary


def test_an_arrow_lands_in_the_space_a_piece_moved_to(
    browser: Any,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
    tmp_path: Path,
) -> None:
    """On an area map the page's arrow, as the browser draws it, ends in the space the piece
    was moved to (the hex games' arrows are judged in test_report)."""
    from selenium.webdriver.common.by import By

    game, folder = built_module(SOURCES / "axis-allies-europe", tmp_path_factory)
    module = folder / f"{game.id}.vmod"
    save = sorted((folder / "scenarios").glob("*.vsav"))[0]
    layout = module_layout(module, module_images(module), game)
    board = layout.boards[0]
    places = next(placed for placed in layout.places if placed.name == board.name)
    with open_archive(save) as archive:
        start = read_saved_game(archive)
    stack_id, x, y = next(
        (piece.piece_id, int(fields[1]), int(fields[2]))
        for command in leaf_commands(start)
        if command.startswith("+/")
        and (piece := parse_add_piece(command)).basic.type == "stack"
        and (fields := decode(piece.basic.state or "", ";"))[0] == board.name
    )
    was = place_at(places, x, y)
    target = next(
        label
        for label in sorted(places.centres)
        if label != was
        and game.locations[location_key(places.map_id, label)].kind in ("land", "sea")
    )
    to = tuple(int(n) for n in places.centres[target])
    move = MovePiece(stack_id, board.name, (to[0], to[1]), None, board.name, (x, y), None, "a")
    log = tmp_path / "move.vlog"
    with zipfile.ZipFile(log, "w") as archive:
        archive.writestr("savedGame", obfuscate(encode_log(start, [[format_move(move)]])))
    reported = make_report(game, module, [log], None)
    assert reported.problems == ()
    for name, data in reported.files.items():
        (tmp_path / name).write_bytes(data)
    browser.get((tmp_path / "index.html").as_uri() + "#step-1")
    arrow = browser.find_element(By.CSS_SELECTOR, "#step-1 svg.board .move")
    assert arrow.is_displayed()
    if arrow.tag_name == "line":
        end = (float(arrow.get_attribute("x2")), float(arrow.get_attribute("y2")))
    else:
        end = tuple(float(n) for n in arrow.get_attribute("points").split()[-1].split(","))
    assert place_at(places, int(end[0]), int(end[1])) == target
