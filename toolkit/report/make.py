"""An after-action report made from VASSAL logs and saves: every output file as bytes, by name,
before anything is written (:func:`write_report` writes them)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.check import read_log_turn
from toolkit.model import Game
from toolkit.report.page import report_page
from toolkit.report.pictures import (
    Images,
    Painter,
    animation,
    forum_scale,
    position_png,
    thinned,
)
from toolkit.report.scene import Shown, scene
from toolkit.report.story import Step, story
from toolkit.report.summary import summarise, turn_groups
from toolkit.rules.turn import check_steps
from toolkit.vassal.format.commands import AddPiece, PieceStringError, parse_add_piece
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.piles import pile_names
from toolkit.vassal.read.logs import LogError, decode_log, replay_steps
from toolkit.vassal.read.reader import (
    ArchiveError,
    open_archive,
    read_saved_game,
    read_saved_game_commands,
)

IMAGES = "images/"


class ReportError(ValueError):
    """A file that cannot be read at all: the message says which and why, in one line."""


@dataclass(frozen=True, slots=True)
class Reported:
    """The report's files (name → bytes) and one line per thing that could not be read."""

    files: Mapping[str, bytes]
    problems: tuple[str, ...]


def module_images(module: Path) -> dict[str, bytes]:
    """The images of a module, by the name pieces use for them (read with the archive limits).

    :raises ReportError: the module cannot be read.
    """
    try:
        with open_archive(module) as archive:
            return {
                name[len(IMAGES) :]: archive.read(name)
                for name in sorted(archive.names)
                if name.startswith(IMAGES) and name.lower().endswith((".png", ".gif", ".jpg"))
            }
    except (ArchiveError, OSError) as error:
        raise ReportError(f"{module}: {error}") from None


def viewer_of(game: Game, side: str | None) -> str | None:
    """The name VASSAL knows ``side`` by (an id or a name of the game's sides); None: public.

    :raises ReportError: the game has no such side.
    """
    if side is None:
        return None
    for known in game.sides:
        if side.lower() in (known.id.lower(), known.name.lower()):
            return known.name
    names = ", ".join(s.id for s in game.sides)
    raise ReportError(f"no side {side!r} in {game.title} (its sides: {names})")


def _pieces(commands: Sequence[str]) -> tuple[dict[str, AddPiece], list[str]]:
    found: dict[str, AddPiece] = {}
    problems: list[str] = []
    for command in commands:
        if command.startswith("+/"):
            try:
                piece = parse_add_piece(command)
            except PieceStringError as error:
                problems.append(f"a piece that cannot be read: {error}")
                continue
            found[piece.piece_id] = piece
    return found, problems


def _board_pngs(
    name: str, boards: Sequence[Board], shown: Sequence[Shown], images: Images
) -> dict[str, bytes]:
    """A picture per board of ``shown``, named ``name`` (then the board's name, with several
    boards)."""
    files: dict[str, bytes] = {}
    for board, suffix in zip(boards, board_suffixes(boards), strict=True):
        on = [p for p in shown if p.board == board.name]
        files[f"{name}{suffix}.png"] = position_png(board_image(board, images), on, images)
    return files


def board_suffixes(boards: Sequence[Board]) -> list[str]:
    """What each board adds to a picture's file name: nothing when there is one board, else
    its name as a slug (a board's name is public: every side sees the map)."""
    if len(boards) == 1:
        return [""]
    found: list[str] = []
    for index, board in enumerate(boards, start=1):
        slug = "-".join("".join(c if c.isalnum() else " " for c in board.name).lower().split())
        suffix = f"-{slug or index}"
        found.append(suffix if suffix not in found else f"{suffix}-{index}")
    return found


def board_image(board: Board, images: Images) -> bytes:
    """The board's image as the module has it (the same drawing the map outputs make)."""
    return images.data.get(board.image) or board.png


def hands_of(game: Game, boards: frozenset[str]) -> dict[str, str]:
    """The module's hands: hand map name → the name of the side that holds it."""
    if not (game.decks or game.cups):
        return {}
    sides = {side.id: side.name for side in game.sides}
    hands = pile_names(game, sorted(boards)).hands
    return {hand: sides.get(side, side) for side, hand in hands.items()}


def _unknown_boards(
    commands: Sequence[str], boards: Sequence[Board], tables: frozenset[str]
) -> list[str]:
    """One line per map the pieces stand on that the module does not have."""
    known = {board.name for board in boards}
    found: dict[str, int] = {}
    for piece in _pieces(commands)[0].values():
        fields = (piece.basic.state or "").split(";")
        if piece.basic.type.startswith(("piece;", "stack")) and fields[0] not in ("", "null"):
            found[fields[0]] = found.get(fields[0], 0) + 1
    return [
        f"{n} piece(s) stand on map {name!r}, which the module does not have"
        for name, n in sorted(found.items())
        if name not in known and name not in tables
    ]


def tables_of(game: Game, boards: frozenset[str]) -> frozenset[str]:
    """The module's maps that are not boards: its card table and its hands."""
    if not (game.decks or game.cups):
        return frozenset()
    names = pile_names(game, sorted(boards))
    return frozenset([names.cards_map, *names.hands.values()])


def save_report(
    game: Game, save: Path, boards: Sequence[Board], images: Images, viewer: str | None
) -> Reported:
    """The position of a saved game as a picture per map, as ``viewer`` sees it.

    :raises ReportError: the save cannot be read.
    """
    try:
        with open_archive(save) as archive:
            commands = read_saved_game_commands(archive)
    except (ArchiveError, OSError) as error:
        raise ReportError(f"{save}: {error}") from None
    pieces, problems = _pieces(commands)
    shown_boards = [b.name for b in boards]
    shown = scene(pieces, shown_boards, viewer)
    problems += _unknown_boards(commands, boards, tables_of(game, frozenset(shown_boards)))
    problems += _missing_images(shown, images)
    files = _board_pngs(_safe_stem(save), boards, shown, images)
    return Reported(files, tuple(f"{save.name}: {p}" for p in problems))


def _missing_images(shown: Sequence[Shown], images: Images) -> list[str]:
    missing = sorted({p.image for p in shown} - set(images.sizes))
    return (
        [
            f"{len(missing)} piece image(s) are not in the module: those pieces are drawn as grey "
            "squares"
        ]
        if missing
        else []
    )


def _safe_stem(path: Path) -> str:
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in path.stem)
    return stem.strip("-") or "position"


def log_steps(
    game: Game, log_path: Path, boards: Sequence[Board], viewer: str | None
) -> tuple[tuple[Step, ...], list[str]]:
    """A log's steps as ``viewer`` sees them, and one line per problem.

    :raises ReportError: the log cannot be read at all.
    """
    try:
        with open_archive(log_path) as archive:
            log = decode_log(read_saved_game(archive))
    except (ArchiveError, LogError, OSError) as error:
        raise ReportError(f"{log_path}: {error}") from None
    positions, _, report = read_log_turn(game, log_path)
    replay = replay_steps(log)
    violations = check_steps(game, positions) if positions else []
    names = frozenset(board.name for board in boards)
    tables = tables_of(game, names)
    notes = [d.message for d in report.diagnostics]
    steps, problems = story(
        replay,
        log.steps,
        names,
        viewer,
        positions,
        violations,
        tables,
        hands_of(game, names),
        notes,
    )
    return steps, [f"{log_path.name}: {line}" for line in problems]


def _animations(boards: Sequence[Board], steps: Sequence[Step], images: Images) -> dict[str, bytes]:
    """A replay per board: the start, then each step that moved something on it."""
    files: dict[str, bytes] = {}
    for board, suffix in zip(boards, board_suffixes(boards), strict=True):
        png = board_image(board, images)
        shown = [s for s in steps if s.number == 0 or any(m.board == board.name for m in s.moves)]
        if len(shown) < 2:
            continue
        painter = Painter(images, forum_scale(int(board.size[0])))
        kept = [shown[i] for i in thinned(len(shown))]
        frames = [painter.position(board.name, png, s.pieces, s.moves) for s in kept]
        files[f"replay{suffix}.gif"] = animation(frames)
    return files


def log_report(
    game: Game,
    logs: Sequence[Path],
    boards: Sequence[Board],
    images: Images,
    viewer: str | None,
) -> Reported:
    """The page, the turn pictures and the summaries of one or more logs played in order."""
    steps: list[Step] = []
    problems: list[str] = []
    for log in logs:
        found, unread = log_steps(game, log, boards, viewer)
        offset = len(steps)
        steps += [replace(step, number=step.number + offset) for step in found]
        problems += unread
    summaries = summarise(steps)
    board_art = {
        b.name: (f"b{i}", board_image(b, images), (int(b.size[0]), int(b.size[1])))
        for i, b in enumerate(boards)
    }
    who = f" — as {viewer} sees it" if viewer else " — what both sides see"
    title = f"{game.title}: {', '.join(log.name for log in logs)}{who}"
    page = report_page(title, steps, board_art, images, summaries, problems)
    files: dict[str, bytes] = {"index.html": page.encode("utf-8")}
    for number, group in enumerate(turn_groups([s for s in steps if s.number]), start=1):
        files.update(_board_pngs(f"turn-{number}", boards, group[-1].pieces, images))
    files.update(_animations(boards, steps, images))
    text = "\n".join(s.text() for s in summaries) + "\n"
    files["summary.txt"] = text.encode("utf-8")
    data = {
        "game": game.title,
        "side": viewer,
        "turns": [s.to_json() for s in summaries],
        "problems": problems,
    }
    files["summary.json"] = (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
    return Reported(files, tuple(problems))


def make_report(
    game: Game,
    inputs: Sequence[Path],
    boards: Sequence[Board],
    image_data: Mapping[str, bytes],
    side: str | None,
) -> Reported:
    """Every file of the report of ``inputs`` (logs and saves) for ``side`` (None: public).

    :raises ReportError: a side the game does not have, or an input that cannot be read.
    """
    viewer = viewer_of(game, side)
    images = Images.of(image_data)
    files: dict[str, bytes] = {}
    problems: list[str] = []
    logs = [p for p in inputs if p.suffix.lower() == ".vlog"]
    for save in [p for p in inputs if p.suffix.lower() != ".vlog"]:
        done = save_report(game, save, boards, images, viewer)
        files.update(done.files)
        problems += done.problems
    if logs:
        done = log_report(game, logs, boards, images, viewer)
        files.update(done.files)
        problems += done.problems
    return Reported(files, tuple(problems))


def write_report(reported: Reported, out_dir: Path) -> None:
    """Write the report's files into ``out_dir`` all at once: into a fresh folder beside it,
    then moved in, so a failure leaves no half-written report."""
    out_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".report-", dir=out_dir))
    try:
        for name, data in sorted(reported.files.items()):
            (staging / name).write_bytes(data)
        for name in sorted(reported.files):
            (staging / name).replace(out_dir / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
