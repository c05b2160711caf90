"""toolkit report on a small game with hidden pieces: a log made as VASSAL writes one, the
page it makes, and nothing the other side hides in any byte of a side's report."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.browser import browser  # noqa: F401  (the fixture)
from tests.conftest import ROOT, copy_fixture, load_fixture, run_cli
from toolkit.render.artwork import draw_artwork
from toolkit.vassal.format.codec import decode, encode, obfuscate
from toolkit.vassal.format.commands import leaf_commands, parse_add_piece
from toolkit.vassal.format.layout import Board
from toolkit.vassal.read.logs import MovePiece, encode_log, format_move
from toolkit.vassal.read.reader import open_archive, read_saved_game
from toolkit.vassal.write.module import game_boards
from toolkit.workers import Workers

RED_HIDDEN = ("Ambush", "ambush", "Rail Lines", "rail-lines", "card-ambush")
"""Red's cards, all in Red's face-down deck: Blue never sees them."""


@pytest.fixture(scope="module")
def cards_hex_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from toolkit.build import build_game, selected_targets
    from toolkit.options import BuildOptions

    out = tmp_path_factory.mktemp("cards-hex-module")
    game = load_fixture("cards-hex")
    return build_game(game, out, selected_targets(["vmod"]), BuildOptions()).folder


@pytest.fixture(scope="module")
def start(cards_hex_build: Path) -> str:
    with open_archive(cards_hex_build / "scenarios" / "meeting.vsav") as archive:
        return read_saved_game(archive)


def _stack_of(start: str, piece_id: str) -> tuple[str, int, int]:
    for command in leaf_commands(start):
        if command.startswith("+/"):
            piece = parse_add_piece(command)
            fields = decode(piece.basic.state or "", ";")
            if piece.basic.type == "stack" and piece_id in fields[3:]:
                return fields[0], int(fields[1]), int(fields[2])
    raise AssertionError(f"no stack holds {piece_id}")


def _moved(start: str, piece_id: str, to: tuple[int, int], new_stack: str) -> list[str]:
    map_id, x, y = _stack_of(start, piece_id)
    move = MovePiece(piece_id, map_id, to, None, map_id, (x, y), None, "player1")
    state = encode([map_id, str(to[0]), str(to[1]), piece_id, "@@-1"], ";")
    return [format_move(move), encode(["+", new_stack, "stack", state], "/")]


def _centre(board: Board, label: str) -> tuple[int, int]:
    x, y = board.centres[label]
    return int(x), int(y)


def _write_log(path: Path, start: str, steps: list[list[str]]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("savedGame", obfuscate(encode_log(start, steps)))
    return path


@pytest.fixture(scope="module")
def board() -> Board:
    """The cards game's board as its module has it (to find a hex's point on it)."""
    game = load_fixture("cards-hex")
    with Workers(game) as workers:
        return game_boards(game, draw_artwork(game, workers, counters=False), dpi=150)[0]


@pytest.fixture(scope="module")
def log(start: str, board: Board, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Red moves its hidden bottom infantry (1021) and its artillery, calls a combat, rolls a
    die, and its VASSAL reports a card drawn by name; a player's chat carries markup."""
    steps = [
        ["CHAT* New turn: Turn 1 Movement"],
        _moved(start, "1021", _centre(board, "0705"), "9001"),
        _moved(start, "1024", _centre(board, "0806"), "9002"),
        [
            "CHAT<Red> - Combat at 0806 from 0705",
            "CHAT** 1d6 = 4 *** <Red>",
            "CHAT* Red draws Ambush from Red events",
        ],
        ["CHAT<Red> - <script>alert('x')</script> \"quoted\""],
        ["CHAT* New turn: Turn 1 Combat"],
    ]
    return _write_log(tmp_path_factory.mktemp("logs") / "turn.vlog", start, steps)


def _report(cards_hex_build: Path, log: Path, out: Path, *side: str) -> str:
    module = cards_hex_build / "cards-hex.vmod"
    result = run_cli("report", str(module), str(log), "-o", str(out), *side, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stderr


@pytest.fixture(scope="module")
def blue_report(cards_hex_build: Path, log: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("blue")
    _report(cards_hex_build, log, out, "--side", "blue")
    return out


def test_the_page_has_each_step_and_its_turn(blue_report: Path) -> None:
    page = (blue_report / "index.html").read_text()
    for number in range(7):
        assert f'id="step-{number}"' in page
    assert "Turn 1 Movement" in page and "Turn 1 Combat" in page
    assert page.count('class="move"') >= 2  # the two moves, as arrows
    assert "Dice: 1d6 = 4" in page
    assert sorted(p.name for p in blue_report.iterdir()) == [
        "index.html",
        "replay.gif",
        "summary.json",
        "summary.txt",
        "turn-1.png",
        "turn-2.png",
    ]
    assert (blue_report / "summary.txt").read_text().splitlines() == [
        "Turn 1 Movement: 2 moves, 1 combat, 1 dice roll; 1 rule broken: 5.1 at 0906",
        "Turn 1 Combat: 0 moves, 0 combats, 0 dice rolls; no rule broken",
    ]
    assert '<p class="combat">Combat at 0806</p>' in page.split('id="step-3"')[1]
    # the hidden infantry went further than its allowance: the rule is shown at its step
    step = page.split('id="step-2"')[1].split("</section>")[0]
    assert "Rule 5.1 (0906" in step and "a hidden piece" in step


def test_the_replay_is_an_animation_sized_for_a_forum(blue_report: Path) -> None:
    from PIL import Image

    with Image.open(blue_report / "replay.gif") as replay:
        # the start, then the two steps that moved something
        assert (replay.format, replay.n_frames, replay.width) == ("GIF", 3, 800)


def test_markup_in_the_chat_is_escaped(blue_report: Path) -> None:
    page = (blue_report / "index.html").read_text()
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &quot;quoted&quot;" in page


def test_no_byte_of_a_side_report_names_what_the_other_side_hides(blue_report: Path) -> None:
    for path in blue_report.iterdir():
        data = path.read_bytes()
        for name in RED_HIDDEN:
            assert name.encode() not in data, (path.name, name)
            assert name not in path.name
    page = (blue_report / "index.html").read_text()
    assert "Red draws a hidden piece from Red events" in page
    # the hidden infantry under the top of Red's stack moves as its mask
    assert "<title>Red Army unit</title>" in page
    assert "Blue hand: Air Reconnaissance · Red hand: 0 cards" in page


def test_the_public_report_hides_both_sides(
    cards_hex_build: Path, log: Path, tmp_path: Path
) -> None:
    _report(cards_hex_build, log, tmp_path)
    page = (tmp_path / "index.html").read_bytes()
    for name in (*RED_HIDDEN, "Air Reconnaissance", "air-recon"):
        assert name.encode() not in page, name


def test_the_side_sees_its_own_hidden_pieces(
    cards_hex_build: Path, log: Path, tmp_path: Path
) -> None:
    _report(cards_hex_build, log, tmp_path, "--side", "red")
    page = (tmp_path / "index.html").read_text()
    assert "Red draws Ambush from Red events" in page
    assert "<title>Red Army unit</title>" not in page
    # Blue's private card in Blue's hand: Red sees how many cards, never which
    assert "Blue hand: 1 card ·" in page
    assert "Air Reconnaissance" not in page and "air-recon" not in page


def test_a_save_is_a_picture_per_map(cards_hex_build: Path, tmp_path: Path) -> None:
    save = cards_hex_build / "scenarios" / "meeting.vsav"
    module = cards_hex_build / "cards-hex.vmod"
    result = run_cli("report", str(module), str(save), "-o", str(tmp_path), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["meeting.png"]
    assert (tmp_path / "meeting.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_side_is_one_line(cards_hex_build: Path, log: Path, tmp_path: Path) -> None:
    module = cards_hex_build / "cards-hex.vmod"
    result = run_cli(
        "report", str(module), str(log), "-o", str(tmp_path), "--side", "green", cwd=ROOT
    )
    assert result.returncode == 1
    assert "no side 'green' in Cards Hex (its sides: blue, red)" in result.stderr
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_log_is_one_line_and_no_output(cards_hex_build: Path, tmp_path: Path) -> None:
    junk = tmp_path / "junk.vlog"
    junk.write_bytes(b"PK\x03\x04 truncated")
    out = tmp_path / "out"
    result = run_cli(
        "report", str(cards_hex_build / "cards-hex.vmod"), str(junk), "-o", str(out), cwd=ROOT
    )
    assert result.returncode == 1
    assert "junk.vlog" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_the_page_steps_with_keys_buttons_slider_and_links(
    browser: Any,  # noqa: F811
    blue_report: Path,
    board: Board,
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.get((blue_report / "index.html").as_uri())

    def shown() -> list[str]:
        script = (
            "return [...document.querySelectorAll('section.step')]"
            ".filter(s => !s.hidden).map(s => s.id)"
        )
        return list(browser.execute_script(script))

    assert shown() == ["step-0"]
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert shown() == ["step-1"]
    browser.find_element(By.ID, "next").click()
    assert shown() == ["step-2"] and browser.current_url.endswith("#step-2")
    # the arrow of step 2 runs from the stack's hex to the hex it went to, on the drawn board
    line = browser.find_element(By.CSS_SELECTOR, "#step-2 line.move")
    end = (float(line.get_attribute("x2")), float(line.get_attribute("y2")))
    assert end == _centre(board, "0705")
    assert line.is_displayed()
    browser.execute_script("const s=document.getElementById('slider');s.value=5;s.oninput()")
    assert shown() == ["step-5"]
    browser.find_element(By.CSS_SELECTOR, 'nav.steps a[href="#step-3"]').click()
    assert shown() == ["step-3"]
    # the artillery's arrow follows its path, drawn as a line, not a filled shape
    path = browser.find_element(By.CSS_SELECTOR, "#step-3 svg.board polyline.move")
    assert path.is_displayed() and path.value_of_css_property("fill") == "none"
    browser.find_element(By.ID, "last").click()
    assert shown() == ["step-6"]
    browser.get((blue_report / "index.html").as_uri() + "#step-4")
    assert shown() == ["step-4"]


def test_a_log_that_does_not_match_its_module_reports_what_it_can(
    cards_hex_build: Path, start: str, board: Board, tmp_path: Path
) -> None:
    """A piece on a map the module does not have, and a piece it does not know: one line
    each, and a report of the rest."""
    stray = encode(
        ["+", "9100", "stack", encode(["Atlantis", "10", "10", "1016", "@@-1"], ";")], "/"
    )
    valley = "The Valley"
    steps = [
        _moved(start, "1024", _centre(board, "0806"), "9002"),
        [format_move(MovePiece("1016", "Atlantis", (10, 10), None, valley, (0, 0), None, None))]
        + [stray],
        [format_move(MovePiece("4242", valley, (10, 10), None, valley, (0, 0), None, None))],
    ]
    log = _write_log(tmp_path / "odd.vlog", start, steps)
    out = tmp_path / "out"
    stderr = _report(cards_hex_build, log, out, "--side", "blue")
    lines = [line for line in stderr.splitlines() if line.startswith("warning:")]
    assert lines == [
        "warning: odd.vlog: logged action 3: piece '4242' is not in the game",
        "warning: odd.vlog: logged action 2: a piece moves to map 'Atlantis', which the module "
        "does not have",
    ], stderr
    page = (out / "index.html").read_text()
    assert 'id="step-3"' in page and "What could not be read" in page
    # what could be read is drawn: the artillery's move
    assert page.split('id="step-1"')[1].count('class="move"') == 2


def test_what_cannot_be_read_never_names_a_hidden_piece(
    cards_hex_build: Path, start: str, board: Board, tmp_path: Path
) -> None:
    """Red's stack, its hidden infantry under the top, stands on a map the module lacks: the
    lines saying so name the pieces as Blue sees them."""
    moved = start.replace("The Valley;769;706", "Atlantis;769;706")
    assert moved != start
    steps = [_moved(start, "1024", _centre(board, "0806"), "9002")]
    log = _write_log(tmp_path / "lost.vlog", moved, steps)
    stderr = _report(cards_hex_build, log, tmp_path / "out", "--side", "blue")
    lines = [line for line in stderr.splitlines() if "Atlantis" in line]
    assert lines, stderr
    assert all("1st Rifles" not in line for line in lines), lines
    page = (tmp_path / "out" / "index.html").read_text()
    assert "1st Rifles" not in page


def test_a_game_folder_is_reported_from_its_own_module(
    minimal_hex_build: Path, tmp_path: Path
) -> None:
    """SOURCE may be the game's folder: its module is built to draw the pieces; a save and a
    log together give the save's pictures beside the log's page."""
    save = minimal_hex_build / "scenarios" / "meeting.vsav"
    with open_archive(save) as archive:
        begun = read_saved_game(archive)
    log = _write_log(tmp_path / "chat.vlog", begun, [["CHAT* New turn: Turn 1 Movement"]])
    out = tmp_path / "out"
    source = ROOT / "tests" / "fixtures" / "minimal-hex"
    result = run_cli("report", str(source), str(save), str(log), "-o", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "index.html",
        "meeting.png",
        "summary.json",
        "summary.txt",
        "turn-1.png",
    ]


def test_a_traced_move_is_drawn_along_its_path(blue_report: Path, board: Board) -> None:
    """Red's artillery (step 3) moves two hexes within its allowance: its arrow runs through
    the middle of the hex on the path the checker found; the infantry's move (step 2) broke a
    rule, so the checker found no path for it, and its arrow is straight."""
    page = (blue_report / "index.html").read_text()
    step = page.split('id="step-3"')[1].split("</section>")[0]
    points = step.split('<polyline class="move" points="')[1].split('"')[0].split()
    path = [tuple(int(n) for n in point.split(",")) for point in points]
    assert (path[0], path[-1]) == (_centre(board, "1005"), _centre(board, "0806"))
    hexes = {label: _centre(board, label) for label in board.centres}
    through = [
        next(label for label, at in hexes.items() if abs(at[0] - x) <= 2 and abs(at[1] - y) <= 2)
        for x, y in path[1:-1]
    ]
    assert through == ["0906"]  # by Redtown, which Red holds
    broke = page.split('id="step-2"')[1].split("</section>")[0]
    assert '<line class="move"' in broke and "<polyline" not in broke


def test_a_french_games_report_says_what_it_could_not_read_in_french(
    board: Board, tmp_path: Path
) -> None:
    """The same mismatched log in a French game: the page tells the player, in French, which
    action went unread and which map the module lacks, without the parser's English reasons,
    which the command line still gives whoever runs it."""
    from toolkit.build import build_game, selected_targets
    from toolkit.load import load_game
    from toolkit.options import BuildOptions
    from toolkit.report.make import make_report

    folder = copy_fixture("cards-hex", tmp_path)
    about = folder / "game.json"
    document = json.loads(about.read_text("utf-8"))
    document["language"] = "fr"
    about.write_text(json.dumps(document), "utf-8")
    game = load_game(folder).game
    assert game is not None and game.language == "fr"
    built = build_game(game, tmp_path / "out", selected_targets(["vmod"]), BuildOptions()).folder
    with open_archive(built / "scenarios" / "meeting.vsav") as archive:
        start = read_saved_game(archive)
    stray = encode(
        ["+", "9100", "stack", encode(["Atlantis", "10", "10", "1016", "@@-1"], ";")], "/"
    )
    valley = "The Valley"
    steps = [
        _moved(start, "1024", _centre(board, "0806"), "9002"),
        [format_move(MovePiece("1016", "Atlantis", (10, 10), None, valley, (0, 0), None, None))]
        + [stray],
        [format_move(MovePiece("4242", valley, (10, 10), None, valley, (0, 0), None, None))],
    ]
    log = _write_log(tmp_path / "odd.vlog", start, steps)
    reported = make_report(game, built / "cards-hex.vmod", [log], "blue")
    assert reported.problems == (
        "odd.vlog: logged action 3: piece '4242' is not in the game",
        "odd.vlog: logged action 2: a piece moves to map 'Atlantis', which the module "
        "does not have",
    )
    page = reported.files["index.html"].decode()
    told = page.split('<ul class="problems">')[1].split("</ul>")[0]
    assert told == (
        "<li>odd.vlog, action 3\u00a0: cette action n’a pas pu être lue\u202f; le rapport"
        " continue sans elle.</li>"
        "<li>odd.vlog\u00a0: des pions se trouvent sur la carte «\u00a0Atlantis\u00a0» ou s’y"
        " rendent, et ce module ne l’a pas\u202f; les images les omettent.</li>"
    )
    assert "Ce qui n’a pas pu être lu" in page
    summary = json.loads(reported.files["summary.json"])
    assert summary["problems"] == [
        line.removeprefix("<li>") for line in told.split("</li>") if line
    ]
