"""An after-action report made from VASSAL logs and saves: every output file as bytes, by name,
before anything is written (:func:`write_report` writes them)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.catalogue import words
from toolkit.check import read_log_turn, setup_of_save, trace_log
from toolkit.model import Game
from toolkit.model.position import start_control
from toolkit.model.scenario import Setup
from toolkit.report.control import hands_changed
from toolkit.report.page import report_page
from toolkit.report.pictures import (
    Images,
    Painter,
    animation,
    forum_scale,
    png_bytes,
    position_png,
    thinned,
)
from toolkit.report.scene import Shown, scene
from toolkit.report.story import Step, story, traced_moves
from toolkit.report.summary import summarise, turn_groups
from toolkit.report.unread import Unread, from_diagnostic, player_lines
from toolkit.vassal.format.commands import AddPiece, PieceStringError, parse_add_piece
from toolkit.vassal.format.layout import Board as PlacedBoard
from toolkit.vassal.read.boards import module_boards
from toolkit.vassal.read.logs import LogError, decode_log, replay_steps
from toolkit.vassal.read.reader import (
    ArchiveError,
    open_archive,
    read_saved_game,
    read_saved_game_commands,
    read_xml,
)

IMAGES = "images/"


class ReportError(ValueError):
    """A file that cannot be read at all: the message says which and why, in one line."""


@dataclass(frozen=True, slots=True)
class Reported:
    """The report's files (name → bytes) and what could not be read."""

    files: Mapping[str, bytes]
    unread: tuple[Unread, ...] = ()

    @property
    def problems(self) -> tuple[str, ...]:
        """One diagnostic line per thing that could not be read, for whoever runs the tool."""
        return tuple(item.diagnostic() for item in self.unread)


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


MAP = "VASSAL.build.module.Map"
HAND = "VASSAL.build.module.PlayerHand"
PRIVATE = "VASSAL.build.module.PrivateMap"
BOARD = "VASSAL.build.module.map.boardPicker.Board"


@dataclass(frozen=True, slots=True)
class Board:
    """A map of the module drawn in a report: its name (what saves call it) and image."""

    name: str
    image: str


@dataclass(frozen=True, slots=True)
class Layout:
    """The module's maps as a report needs them: the boards it draws, the maps it never draws
    (the card table, hands, private maps) and which side holds each hand."""

    boards: tuple[Board, ...]
    tables: frozenset[str]
    hands: Mapping[str, str]
    """Hand map name → the name of the side that holds it."""
    places: tuple[PlacedBoard, ...] = ()
    """The game's maps and charts as the module lays them out: where each place is, to read
    a log's pieces into positions without drawing a map."""


def module_layout(module: Path, images: Mapping[str, bytes], game: Game | None = None) -> Layout:
    """The maps of a module, read from its buildFile: a map whose board has an image the
    module holds is drawn; a hand, a private map or a map without a picture is not; the
    places of ``game`` on each board, when it is given.

    :raises ReportError: the module or its buildFile cannot be read.
    """
    try:
        with open_archive(module) as archive:
            entry = "buildFile.xml" if "buildFile.xml" in archive.names else "buildFile"
            root = read_xml(archive.read(entry), entry)
    except (ArchiveError, OSError) as error:
        raise ReportError(f"{module}: {error}") from None
    boards: list[Board] = []
    tables: set[str] = set()
    hands: dict[str, str] = {}
    for element in root.iter(MAP, HAND, PRIVATE):
        name = element.get("mapName", "")
        board = next(element.iter(BOARD), None)
        image = board.get("image", "") if board is not None else ""
        if element.tag == MAP and image in images:
            boards.append(Board(name, image))
            continue
        tables.add(name)
        if element.tag == HAND:
            hands[name] = element.get("side", "")
    places = tuple(module_boards(game, root)) if game is not None else ()
    return Layout(tuple(boards), frozenset(tables), hands, places)


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


def _pieces(commands: Sequence[str]) -> tuple[dict[str, AddPiece], list[Unread]]:
    found: dict[str, AddPiece] = {}
    problems: list[Unread] = []
    for command in commands:
        if command.startswith("+/"):
            try:
                piece = parse_add_piece(command)
            except PieceStringError as error:
                problems.append(Unread("unread-piece", f"a piece that cannot be read: {error}"))
                continue
            found[piece.piece_id] = piece
    return found, problems


def _board_pngs(
    name: str, layout: Layout, shown: Sequence[Shown], images: Images, only: set[str] | None = None
) -> dict[str, bytes]:
    """A picture per board of ``shown`` (``only``: just those boards), named ``name``, then
    the board's name when the module has several."""
    files: dict[str, bytes] = {}
    for board, suffix in zip(layout.boards, board_suffixes(layout.boards), strict=True):
        if only is not None and board.name not in only:
            continue
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
    """The board's image as the module has it."""
    return images.data[board.image]


def _unknown_maps(commands: Sequence[str], layout: Layout) -> list[Unread]:
    """Each map the pieces stand on that the module does not have."""
    known = {board.name for board in layout.boards} | layout.tables
    found: dict[str, int] = {}
    for piece in _pieces(commands)[0].values():
        fields = (piece.basic.state or "").split(";")
        if piece.basic.type.startswith(("piece;", "stack")) and fields[0] not in ("", "null"):
            found[fields[0]] = found.get(fields[0], 0) + 1
    return [
        Unread(
            "map",
            f"{n} piece(s) stand on map {name!r}, which the module does not have",
            map_name=name,
            count=n,
        )
        for name, n in sorted(found.items())
        if name not in known
    ]


def save_report(save: Path, layout: Layout, images: Images, viewer: str | None) -> Reported:
    """The position of a saved game as a picture per map, as ``viewer`` sees it.

    :raises ReportError: the save cannot be read.
    """
    try:
        with open_archive(save) as archive:
            commands = read_saved_game_commands(archive)
    except (ArchiveError, OSError) as error:
        raise ReportError(f"{save}: {error}") from None
    pieces, problems = _pieces(commands)
    shown = scene(pieces, [b.name for b in layout.boards], viewer)
    problems += _unknown_maps(commands, layout)
    problems += _missing_images(shown, images)
    files = _board_pngs(_safe_stem(save), layout, shown, images)
    return Reported(files, tuple(replace(p, file=save.name) for p in problems))


def _missing_images(shown: Sequence[Shown], images: Images) -> list[Unread]:
    missing = {p.image for p in shown} - set(images.sizes)
    if not missing:
        return []
    line = f"{len(missing)} piece image(s) are not in the module: drawn as grey squares"
    return [Unread("images", line, count=len(missing))]


def _safe_stem(path: Path) -> str:
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in path.stem)
    return stem.strip("-") or "position"


def log_steps(
    game: Game, log_path: Path, layout: Layout, viewer: str | None
) -> tuple[tuple[Step, ...], list[Unread]]:
    """A log's steps as ``viewer`` sees them, and what could not be read in it.

    :raises ReportError: the log cannot be read at all.
    """
    try:
        with open_archive(log_path) as archive:
            log = decode_log(read_saved_game(archive))
    except (ArchiveError, LogError, OSError) as error:
        raise ReportError(f"{log_path}: {error}") from None
    positions, _, chat, report = read_log_turn(game, log_path, layout.places or None)
    replay = replay_steps(log)
    violations, traced = trace_log(game, positions, chat) if positions else ([], {})
    names = frozenset(board.name for board in layout.boards)
    notes = [from_diagnostic(d.code, d.message) for d in report.diagnostics]
    steps, problems = story(
        replay,
        log.steps,
        names,
        viewer,
        positions,
        violations,
        layout.tables,
        layout.hands,
        notes,
        words(game.language)("report.hidden"),
    )
    if len(positions) == len(steps):
        steps = traced_moves(steps, traced, {board.name: board for board in layout.places})
        begun = start_control(game, _setup(game, setup_of_save(game, log_path)))
        taken = [(), *hands_changed(game, positions, begun)]
        steps = tuple(
            replace(step, taken=places) for step, places in zip(steps, taken, strict=True)
        )
    return steps, [replace(problem, file=log_path.name) for problem in problems]


def _setup(game: Game, setup_id: str | None) -> Setup | None:
    return next((setup for setup in game.setups if setup.id == setup_id), None)


def _animations(layout: Layout, steps: Sequence[Step], images: Images) -> dict[str, bytes]:
    """A replay per board: the start, then each step that moved something on it."""
    files: dict[str, bytes] = {}
    for board, suffix in zip(layout.boards, board_suffixes(layout.boards), strict=True):
        shown = [s for s in steps if s.number == 0 or any(m.board == board.name for m in s.moves)]
        if len(shown) < 2:
            continue
        png = board_image(board, images)
        painter = Painter(images, forum_scale(images.sizes[board.image][0]))
        kept = [shown[i] for i in thinned(len(shown))]
        frames = painter.frames(board.name, png, [(s.pieces, s.moves) for s in kept])
        files[f"replay{suffix}.gif"] = animation(frames)
    return files


def _turn_pictures(layout: Layout, steps: Sequence[Step], images: Images) -> dict[str, bytes]:
    """The position at the end of each turn, on each board something moved on in the turn
    (every board, for a module with one); each board drawn once, then only what changed."""
    ends: dict[str, list[tuple[int, Step]]] = {board.name: [] for board in layout.boards}
    for number, group in enumerate(turn_groups([s for s in steps if s.number]), start=1):
        moved = {m.board for s in group for m in s.moves}
        for board in layout.boards:
            if len(layout.boards) == 1 or board.name in moved:
                ends[board.name].append((number, group[-1]))
    files: dict[str, bytes] = {}
    painter = Painter(images)
    for board, suffix in zip(layout.boards, board_suffixes(layout.boards), strict=True):
        shown = ends[board.name]
        if not shown:
            continue
        png = board_image(board, images)
        frames = painter.frames(board.name, png, [(end.pieces, ()) for _, end in shown])
        for (number, _), frame in zip(shown, frames, strict=True):
            files[f"turn-{number}{suffix}.png"] = png_bytes(frame)
    return files


def log_report(
    game: Game, logs: Sequence[Path], layout: Layout, images: Images, viewer: str | None
) -> Reported:
    """The page, the turn pictures and the summaries of one or more logs played in order."""
    steps: list[Step] = []
    problems: list[Unread] = []
    for log in logs:
        found, unread = log_steps(game, log, layout, viewer)
        offset = len(steps)
        steps += [replace(step, number=step.number + offset) for step in found]
        problems += unread
    say = words(game.language)
    summaries = summarise(steps, say)
    told = player_lines(problems, say)
    board_art = {
        b.name: (f"b{i}", board_image(b, images), images.sizes[b.image])
        for i, b in enumerate(layout.boards)
    }
    names = ", ".join(log.name for log in logs)
    title = (
        say("report.title.side", game=game.title, logs=names, side=viewer)
        if viewer
        else say("report.title.public", game=game.title, logs=names)
    )
    page = report_page(title, steps, board_art, images, summaries, told, say)
    files: dict[str, bytes] = {"index.html": page.encode("utf-8")}
    files.update(_turn_pictures(layout, steps, images))
    files.update(_animations(layout, steps, images))
    text = "\n".join(s.text(say) for s in summaries) + "\n"
    files["summary.txt"] = text.encode("utf-8")
    data = {
        "game": game.title,
        "side": viewer,
        "turns": [s.to_json(say) for s in summaries],
        "problems": told,
    }
    files["summary.json"] = (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
    return Reported(files, tuple(problems))


def make_report(game: Game, module: Path, inputs: Sequence[Path], side: str | None) -> Reported:
    """Every file of the report of ``inputs`` (logs and saves) for ``side`` (None: public),
    drawn with the images of ``module``.

    :raises ReportError: a side the game does not have, or a file that cannot be read.
    """
    viewer = viewer_of(game, side)
    data = module_images(module)
    layout = module_layout(module, data, game)
    images = Images.of(data)
    files: dict[str, bytes] = {}
    problems: list[Unread] = []
    logs = [p for p in inputs if p.suffix.lower() == ".vlog"]
    for save in [p for p in inputs if p.suffix.lower() != ".vlog"]:
        done = save_report(save, layout, images, viewer)
        files.update(done.files)
        problems += done.unread
    if logs:
        done = log_report(game, logs, layout, images, viewer)
        files.update(done.files)
        problems += done.unread
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
