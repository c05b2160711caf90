"""Checking positions against a game's rules: setups (at build time and on demand), position
files, VASSAL saved games, whole turns and VASSAL logs, with the violations worded for players
and tools."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from toolkit.diagnostics import Diagnostic, Report, did_you_mean, known_list
from toolkit.load.jsonsource import locate
from toolkit.load.positions import load_position
from toolkit.model import Game
from toolkit.model.holdings import Holdings, holdings_at_start
from toolkit.model.position import Position, format_piece_id, start_control
from toolkit.model.scenario import Setup
from toolkit.render.artwork import draw_artwork
from toolkit.rules.combat_check import PlayedCombat, Roll, check_played_combat
from toolkit.rules.context import Situation
from toolkit.rules.hands import check_hands, check_plays
from toolkit.rules.registry import check_position
from toolkit.rules.turn import Traced, check_moves, trace_steps
from toolkit.rules.violations import Violation
from toolkit.vassal.format.boardchoice import unknown_boards
from toolkit.vassal.format.layout import Board
from toolkit.vassal.read.chat import (
    CombatCall,
    parse_combat_call,
    parse_dice_report,
    parse_new_turn,
    parse_weather_report,
    step_chat,
)
from toolkit.vassal.read.holdings import LoggedCards, card_plays, largest_hands
from toolkit.vassal.read.logs import LogError, decode_log, replay_steps
from toolkit.vassal.read.positions import (
    SaveReading,
    position_from_commands,
    positions_from_steps,
)
from toolkit.vassal.read.reader import (
    ArchiveError,
    open_archive,
    read_saved_game,
    read_saved_game_commands,
    save_description,
)
from toolkit.vassal.write.combat.fire_terms import weather_words
from toolkit.vassal.write.module import game_boards
from toolkit.workers import Workers


def check_setup(game: Game, setup: Setup) -> list[Violation]:
    """Every rule the scenario's starting position breaks."""
    situation = Situation(game, Position.from_setup(game, setup), setup.id, start=True)
    return check_position(situation) + check_hands(game, holdings_at_start(game, setup))


def setup_diagnostics(game: Game) -> list[Diagnostic]:
    """Each broken rule of severity error in each setup, unless the setup waives it, located
    at the placement of the first piece involved (else the location, else the file)."""
    found: list[Diagnostic] = []
    for setup in game.setups:
        broken = [
            v
            for v in check_setup(game, setup)
            if v.severity == "error" and v.rule not in setup.waivers
        ]
        pointers = _piece_pointers(setup) if broken else {}
        for v in broken:
            found.append(_diagnostic(setup, v, _pointer(setup, v, pointers)))
    return found


def _diagnostic(setup: Setup, v: Violation, pointer: str) -> Diagnostic:
    file = setup.origin.file or setup.id
    line, column = locate(file, pointer) if setup.origin.file else (1, 1)
    message = (
        f"setup {setup.id!r} breaks rule {v.rule!r} ({v.cite}): {v.message} "
        f"Move the pieces, or add a waiver for {v.rule!r} with the rulebook's reason."
    )
    return Diagnostic("setup.breaks-rule", message, file, line, column, pointer)


def _piece_pointers(setup: Setup) -> dict[str, str]:
    """Piece id → the JSON pointer of the setup entry that places it (numbered as positions
    number pieces: per counter, placements first, then reinforcements)."""
    numbers: dict[str, int] = {}
    pointers: dict[str, str] = {}
    groups = [(f"/placements/{i}", p.pieces) for i, p in enumerate(setup.placements)]
    groups += [(f"/reinforcements/{i}", r.pieces) for i, r in enumerate(setup.reinforcements)]
    for base, states in groups:
        for j, state in enumerate(states):
            first = numbers.get(state.counter, 0) + 1
            numbers[state.counter] = first + state.count - 1
            for number in range(first, first + state.count):
                pointers[format_piece_id(state.counter, number)] = f"{base}/pieces/{j}"
    return pointers


def _pointer(setup: Setup, v: Violation, pointers: dict[str, str]) -> str:
    for piece in v.pieces:
        if piece in pointers:
            return pointers[piece]
    for i, placement in enumerate(setup.placements):
        if placement.at in v.locations:
            return f"/placements/{i}"
    return ""


def format_violation(v: Violation, where: str, waived: str | None = None) -> str:
    """'wf:0712: error[rule stacking] DFF 4.3: …' — one line; ``where`` when no location;
    a waived one ends with '(waived: <reason>)'."""
    place = v.locations[0] if v.locations else where
    line = f"{place}: {v.severity}[rule {v.rule}] {v.cite}: {' '.join(v.message.split())}"
    return f"{line} (waived: {' '.join(waived.split())})" if waived else line


def violation_json(v: Violation, waived: str | None = None) -> dict[str, object]:
    """The machine-readable form used by ``--format json``; ``waived`` is the setup's reason
    for allowing it, or null."""
    return {
        "rule": v.rule,
        "cite": v.cite,
        "severity": v.severity,
        "message": " ".join(v.message.split()),
        "locations": list(v.locations),
        "pieces": list(v.pieces),
        "waived": waived,
    }


def check_summary(what: str, violations: Sequence[Violation], waivers: Mapping[str, str]) -> str:
    """The closing line of a check: what was checked, and that it passed or how it failed."""
    errors = [v for v in violations if v.severity == "error"]
    waived = [v for v in errors if v.rule in waivers]
    warnings = len(violations) - len(errors)
    failing = len(errors) - len(waived)
    counts = [f"{failing} broken rule(s)"] if failing else []
    counts += [f"{len(waived)} waived"] if waived else []
    counts += [f"{warnings} warning(s)"] if warnings else []
    verdict = "failed" if failing else "passed"
    return f"checked {what}: {verdict}" + (f" ({', '.join(counts)})" if counts else "")


def waiving_setups(game: Game, violations: Iterable[Violation]) -> list[str]:
    """The setups that waive a rule of severity error these violations break: a save that
    names no setup (one made before saves carried their setup's name) may come from one."""
    rules = {v.rule for v in violations if v.severity == "error"}
    return [setup.id for setup in game.setups if rules & set(setup.waivers)]


def broken(violations: Iterable[Violation]) -> bool:
    """True when a rule of severity error is broken."""
    return any(v.severity == "error" for v in violations)


class UnknownSetup(ValueError):
    """``--setup`` names no setup of the game; the message suggests one."""


@dataclass(frozen=True)
class CheckResult:
    """What ``toolkit check`` reports: the violations, or the position file's diagnostics."""

    violations: list[Violation]
    report: Report
    where: str
    """What the check looked at ('setup grand-campaign', or the position file), for lines
    that name no location."""
    waivers: Mapping[str, str] = field(default_factory=dict)
    """Rule id → the reason the setup the position comes from may break it: a waived
    violation is still reported, with its reason, but does not fail the check."""
    setup: str | None = None
    """The setup whose waivers apply, if one is known."""

    @property
    def failed(self) -> bool:
        """True when a rule of severity error is broken and not waived."""
        return any(v.severity == "error" and v.rule not in self.waivers for v in self.violations)


def check_source(
    game: Game, setup_id: str | None = None, position_path: Path | None = None
) -> CheckResult:
    """Check a setup of ``game``, or a position file read against it.

    :raises UnknownSetup: the game has no such setup (the message suggests one).
    """
    if setup_id is not None:
        known = [s.id for s in game.setups]
        if setup_id not in known:
            raise UnknownSetup(
                f"no setup {setup_id!r} in {game.id}{did_you_mean(setup_id, known)} "
                f"({known_list(known)})"
            )
        setup = game.setup(setup_id)
        violations = check_setup(game, setup)
        return CheckResult(violations, Report(), f"setup {setup_id}", setup.waivers, setup.id)
    if position_path is None:
        raise ValueError("give a setup or a position file to check")
    loaded = load_position(game, position_path)
    if loaded.position is None:
        return CheckResult([], loaded.report, str(position_path))
    situation = Situation(game, loaded.position, loaded.setup_id, loaded.start)
    hands = check_hands(game, loaded.holdings) if loaded.holdings is not None else []
    return CheckResult(
        check_position(situation) + hands,
        loaded.report,
        str(position_path),
        *_waivers_of(game, loaded.setup_id),
    )


def _waivers_of(game: Game, setup_id: str | None) -> tuple[Mapping[str, str], str | None]:
    """The waivers of the setup a position names (none when it names none the game has)."""
    known = {s.id: s for s in game.setups}
    if setup_id in known:
        return known[setup_id].waivers, setup_id
    return {}, None


def setup_of_save(game: Game, save_path: Path, setup_id: str | None = None) -> str | None:
    """The setup a saved game comes from: the one asked for, else the one its description
    names (our saves of a setup carry its name; VASSAL keeps it when the game is saved
    again), else the one its file is named after (``scenarios/<setup>.vsav``)."""
    if setup_id is not None:
        return setup_id
    try:
        with open_archive(save_path) as archive:
            description = save_description(archive)
    except (ArchiveError, OSError):
        description = ""
    for setup in game.setups:
        if description and description in (setup.name, setup.id):
            return setup.id
    stem = save_path.stem
    return stem if stem in {s.id for s in game.setups} else None


# -- positions from VASSAL saved games, and whole turns ------------------------------------------


def read_save(game: Game, save_path: Path) -> tuple[Position | None, Report]:
    """The position a VASSAL saved game holds, read with the same boards the module has; what
    cannot be read (a broken archive, a piece the game does not know) is a diagnostic."""
    reading, report = read_save_reading(game, save_path)
    return (reading.position if reading is not None else None), report


def read_save_reading(game: Game, save_path: Path) -> tuple[SaveReading | None, Report]:
    """:func:`read_save`, with what the save's decks, hands and cups hold."""
    report = Report()
    shown = str(save_path)
    try:
        with open_archive(save_path) as archive:
            for message in archive.duplicate_messages():
                report.add(Diagnostic("save.duplicate-entry", message, shown))
            for message in archive.hidden_messages():
                report.add(Diagnostic("save.hidden-entry", message, shown))
            commands = read_saved_game_commands(archive)
    except (ArchiveError, OSError) as error:
        report.add(Diagnostic("save.unreadable", str(error), shown))
        return None, report
    with Workers(game) as workers:
        places = draw_artwork(game, workers, counters=False)
    boards = game_boards(game, places, dpi=game.print.dpi)
    for problem in unknown_boards(commands, {board.name: [board.name] for board in boards}):
        report.add(Diagnostic("save.unknown-board", problem, shown))
    reading = position_from_commands(game, boards, commands)
    for problem in reading.problems:
        report.add(Diagnostic("save.unknown-piece", problem, shown, severity="warning"))
    return reading, report


def read_any_position(game: Game, path: Path) -> tuple[Position | None, Report, str | None]:
    """A position from a position file (.json) or a VASSAL saved game (.vsav), with its
    diagnostics and the scenario it names (position files only)."""
    if path.suffix.lower() == ".vsav":
        position, report = read_save(game, path)
        return position, report, None
    loaded = load_position(game, path)
    return loaded.position, loaded.report, loaded.setup_id


def check_save(game: Game, save_path: Path, setup_id: str | None = None) -> CheckResult:
    """Check the position of a VASSAL saved game against the game's rules, and its hands
    against their decks' limits, under the waivers of the setup it comes from (``setup_id``,
    else :func:`setup_of_save`)."""
    reading, report = read_save_reading(game, save_path)
    if reading is None:
        return CheckResult([], report, str(save_path))
    waivers, setup = _waivers_of(game, setup_of_save(game, save_path, setup_id))
    position = _as_begun(game, reading.position, setup)
    violations = check_position(Situation(game, position))
    violations += check_hands(game, reading.holdings)
    return CheckResult(violations, report, str(save_path), waivers, setup)


def _as_begun(game: Game, position: Position, setup_id: str | None) -> Position:
    """A saved game's position with the control its setup began with: a save holds pieces,
    not who controls each place, and supply and victory depend on it."""
    setups = {setup.id: setup for setup in game.setups}
    return replace(position, control=start_control(game, setups.get(setup_id or "")))


def check_turn(game: Game, before_path: Path, after_path: Path) -> CheckResult:
    """Check every move between two positions (files or saved games) against the movement,
    zone-of-control and entry rules: "check my opponent's turn"."""
    before, report, setup_id = read_any_position(game, before_path)
    after, after_report, _ = read_any_position(game, after_path)
    report.extend(after_report.diagnostics)
    where = f"{before_path} -> {after_path}"
    if before is None or after is None or report.errors:
        return CheckResult([], report, where)
    return CheckResult(
        check_moves(game, before, after, setup_id), report, where, *_waivers_of(game, setup_id)
    )


# -- whole turns from VASSAL logs ----------------------------------------------------------------


def read_log_positions(game: Game, log_path: Path) -> tuple[tuple[Position, ...], Report]:
    """The positions a VASSAL log passes through: the game it starts with, then the game after
    each logged action (adds, removes, changes and moves replayed), read with the module's
    boards; what cannot be read (a broken archive, a step naming no piece, a piece the game
    does not know) is a diagnostic. Empty when the log cannot be read at all."""
    positions, _, _, report = read_log_turn(game, log_path)
    return positions, report


def read_log_turn(
    game: Game, log_path: Path, boards: Sequence[Board] | None = None
) -> tuple[tuple[Position, ...], LoggedCards, tuple[tuple[str, ...], ...], Report]:
    """:func:`read_log_positions`, with the cards the log shows played, by deck, each deck's
    hand at its largest, and each logged action's chat lines (``boards``: the module's, read
    from its build file; drawn from the game when not given)."""
    report = Report()
    shown = str(log_path)
    try:
        with open_archive(log_path) as archive:
            for message in archive.duplicate_messages():
                report.add(Diagnostic("log.duplicate-entry", message, shown))
            for message in archive.hidden_messages():
                report.add(Diagnostic("log.hidden-entry", message, shown))
            log = decode_log(read_saved_game(archive))
    except (ArchiveError, LogError, OSError) as error:
        report.add(Diagnostic("log.unreadable", str(error), shown))
        return (), LoggedCards({}, Holdings()), (), report
    replay = replay_steps(log)
    for problem in replay.problems:
        report.add(Diagnostic("log.bad-step", problem, shown, severity="warning"))
    if boards is None:
        with Workers(game) as workers:
            places = draw_artwork(game, workers, counters=False)
        boards = game_boards(game, places, dpi=game.print.dpi)
    choices = {board.name: [board.name] for board in boards}
    for problem in unknown_boards(log.start_commands(), choices):
        report.add(Diagnostic("log.unknown-board", problem, shown))
    reading = positions_from_steps(game, boards, replay.start, replay.steps)
    for problem in reading.problems:
        report.add(Diagnostic("log.unknown-piece", problem, shown, severity="warning"))
    plays = card_plays(game, list(choices), replay.start, replay.steps)
    hands = largest_hands(game, list(choices), replay.start, replay.steps)
    return reading.positions, LoggedCards(plays, hands), step_chat(log.steps), report


def check_log(game: Game, log_path: Path) -> CheckResult:
    """Check every move a VASSAL log records, from the game it starts with to the game it ends
    with, against the movement, zone-of-control and entry rules, and every combat called in its
    chat against the combat rules (the dice rolled, the losses and retreats applied), and the
    cards played and held against their decks' limits: a play-by-email turn."""
    positions, cards, chat, report = read_log_turn(game, log_path)
    combats, problems = played_combats(game, positions, chat)
    violations = log_movement(game, positions, chat) + check_plays(game, cards.plays)
    violations += check_hands(game, cards.hands)
    for problem in problems:
        report.add(Diagnostic("log.unknown-place", problem, str(log_path), severity="warning"))
    for combat in combats:
        violations += check_played_combat(game, combat)
    return CheckResult(violations, report, str(log_path))


def log_movement(
    game: Game, positions: Sequence[Position], chat: Sequence[Sequence[str]]
) -> list[Violation]:
    """Every broken movement, zone-of-control or entry rule in the movement of each phase of
    a log (:func:`movement_spans`): each phase's moves spend an allowance of their own."""
    return trace_log(game, positions, chat)[0]


def trace_log(
    game: Game, positions: Sequence[Position], chat: Sequence[Sequence[str]]
) -> tuple[list[Violation], Traced]:
    """:func:`log_movement`, with the path found for each leg of the movement (by the index
    in ``positions`` of the position the leg starts from), for a report to draw."""
    found: list[Violation] = []
    traced: Traced = {}
    for begin, end in movement_spans(chat):
        violations, paths = trace_steps(game, positions[begin:end])
        found += violations
        traced |= {(begin + index, piece): keys for (index, piece), keys in paths.items()}
    return found, traced


# -- phases and combats called in a log's chat ----------------------------------------------


def phase_starts(chat: Sequence[Sequence[str]]) -> list[int]:
    """The position each phase of a log begins from: the log's start, then, for each action
    whose chat has the turn tracker announce a new turn or phase, the game as it stood when
    the tracker moved on (``positions[n - 1]`` for action ``n``)."""
    starts = [0]
    for number, lines in enumerate(chat, start=1):
        if any(parse_new_turn(line) is not None for line in lines) and number - 1 > starts[-1]:
            starts.append(number - 1)
    return starts


def movement_spans(chat: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """Where each phase's movement runs in a log's positions, as (first, end) slice bounds:
    from the phase's start to the action that calls its first combat, or to the next phase.
    The moves after a call are retreats and advances, which the combat rules judge; a phase's
    movement starts a new allowance, as every game's sequence of play gives units a fresh one
    in each phase that moves them (DFF's Offensive Phase 2.2.4 and Movement Phase 2.2.5,
    Europe Engulfed's operational, strategic and breakthrough movement). A log whose chat
    announces no phase is one phase: its movement is everything before the first call."""
    starts = phase_starts(chat)
    ends = [*starts[1:], len(chat)]
    spans = []
    for begin, last in zip(starts, ends, strict=True):
        called = first_call(chat[begin:last])
        spans.append((begin, begin + called if called is not None else last + 1))
    return spans


def first_call(chat: Sequence[Sequence[str]]) -> int | None:
    """The number of the logged action that calls the first combat: the moves before it are
    the turn's movement, those after it retreats and advances, which the combat rules judge."""
    for number, lines in enumerate(chat, start=1):
        if any(parse_combat_call(line) is not None for line in lines):
            return number
    return None


def played_combats(
    game: Game, positions: Sequence[Position], chat: Sequence[Sequence[str]]
) -> tuple[list[PlayedCombat], list[str]]:
    """Every combat called in the chat with the dice rolled after it (until the next call),
    and one sentence per call whose places the game does not know.

    ``positions[0]`` is the game before the first logged action and ``positions[i]`` the game
    after action ``i``; ``chat[i - 1]`` is what action ``i`` wrote in the chat. A combat's
    losses, retreats and advances are read from the game before the next call, or before the
    next phase begins (the moves of a later phase are not the combat's).
    """
    calls: list[tuple[int, CombatCall]] = []
    rolls: dict[int, list[Roll]] = {}
    weather: dict[str, str] = {}
    weathers: dict[int, dict[str, str]] = {}
    for number, lines in enumerate(chat, start=1):
        for line in lines:
            call = parse_combat_call(line)
            if call is not None:
                calls.append((number, call))
                weathers[number] = dict(weather)
                continue
            set_weather = parse_weather_report(line)
            if set_weather is not None:
                weather |= _weather_of(game, *set_weather)
                continue
            report = parse_dice_report(line)
            if report is not None and calls:
                roll = Roll(report.dice, positions[number], report.name)
                rolls.setdefault(calls[-1][0], []).append(roll)
    found, problems = [], []
    starts = phase_starts(chat)
    for index, (number, call) in enumerate(calls):
        end = calls[index + 1][0] - 1 if index + 1 < len(calls) else len(positions) - 1
        end = min([end, *(start for start in starts if start >= number)])
        resolved = _resolve(game, call)
        if isinstance(resolved, str):
            problems.append(f"logged action {number}: {resolved}")
            continue
        location, origins, side = resolved
        found.append(
            PlayedCombat(
                location,
                origins,
                side,
                call.column,
                call.declared,
                tuple(rolls.get(number, ())),
                positions[end],
                came_from(positions[: number + 1], location),
                weathers.get(number, {}),
            )
        )
    return found, problems


def _weather_of(game: Game, zone: str, shown: str) -> dict[str, str]:
    """Zone id → weather, as the module's weather button names them ('East', 'Light Mud' →
    'east', 'light-mud'; '' for the game's one weather); nothing for a zone the game lacks."""
    weather = "-".join(shown.casefold().split())
    if not zone:
        return {"": weather}
    zones = {
        named
        for place in game.locations.values()
        if isinstance(named := place.properties.get("weather_zone"), str)
    }
    found = [z for z in sorted(zones) if weather_words(z).casefold() == zone.casefold()]
    return {found[0]: weather} if found else {}


def came_from(positions: Sequence[Position], location: str) -> dict[str, str]:
    """Piece id → the place each piece at ``location`` in the last position was before it last
    moved there (none for a piece that has not moved there in these positions)."""
    found: dict[str, str] = {}
    last = positions[-1]
    for piece in last.pieces_at(location):
        for earlier in reversed(positions[:-1]):
            try:
                was = earlier.piece(piece.id).location
            except ValueError:
                break
            if was != location:
                if was is not None:
                    found[piece.id] = was
                break
    return found


def _resolve(game: Game, call: CombatCall) -> tuple[str, tuple[str, ...], str | None] | str:
    """The call's places as location keys and its side as an id, or what is not known."""
    location = place_key(game, call.at)
    if location is None:
        return f"combat called at {call.at!r}, a place the game does not have"
    origins = []
    for name in call.origins:
        key = place_key(game, name, near=location)
        if key is None:
            return f"combat called from {name!r}, a place the game does not have"
        origins.append(key)
    side = None
    if call.side is not None:
        side = next(
            (s.id for s in game.sides if call.side.casefold() in (s.id, s.name.casefold())), None
        )
        if side is None:
            return f"combat called by {call.side!r}, a side the game does not have"
    return location, tuple(origins), side


def place_key(game: Game, words: str, near: str | None = None) -> str | None:
    """The location a chat line names: a key, a place name or feature id, or a label (on the
    map of ``near`` first, else on the only map that has it)."""
    if words in game.locations:
        return words
    named = game.places.get(words)
    if named is not None:
        return named
    if near is not None:
        key = f"{near.split(':', 1)[0]}:{words}"
        if key in game.locations:
            return key
    matches = [f"{m.id}:{words}" for m in game.maps if f"{m.id}:{words}" in game.locations]
    if len(matches) == 1:
        return matches[0]
    folded = words.casefold()
    named_as = [k for k, place in game.locations.items() if (place.name or "").casefold() == folded]
    return named_as[0] if len(named_as) == 1 else None
