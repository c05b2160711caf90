"""toolkit validate and toolkit check: the sources against their schemas, positions against
the game's rules."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from toolkit.commands.common import emit, need_game, strict
from toolkit.diagnostics import Report, did_you_mean, known_list
from toolkit.errors import EXIT_INVALID, SourcesInvalid
from toolkit.load import LoadResult, load_game


def validate(
    sources: tuple[Path, ...], game_path: Path | None, fmt: str, strict_mode: bool
) -> None:
    """toolkit validate: each game folder, or scenario folder against its game."""
    from toolkit.build import build_checks
    from toolkit.load.scenarios import is_scenario

    combined = Report()
    for folder in sources:
        if is_scenario(folder):
            report = _validate_scenario(folder, need_game(game_path), fmt)
            combined.extend((strict(report) if strict_mode else report).diagnostics)
            continue
        result = load_game(folder)
        if result.game is not None and not result.report.errors:
            # what the build would stop on, so that a clean validate promises a build
            result.report.extend(build_checks(result.game))
        report = strict(result.report) if strict_mode else result.report
        combined.extend(report.diagnostics)
        if fmt == "text" and not report.errors and result.game is not None:
            game = result.game
            cards = (
                f"{len(game.cards)} card(s) in {len(game.decks)} deck(s), "
                if game.cards or game.decks
                else ""
            )
            cups = f"{len(game.cups)} cup(s), " if game.cups else ""
            click.echo(
                f"ok: {folder} — {game.title}: {len(game.maps)} map(s), "
                f"{len(game.counters)} counter(s), {cards}{cups}{len(game.charts)} chart(s), "
                f"{len(game.setups)} setup(s), {len(game.rules)} rule(s)"
            )
    emit(combined, fmt)
    if combined.errors:
        if fmt == "text":
            click.echo(combined.summary(), err=True)
        sys.exit(EXIT_INVALID)


def _validate_scenario(folder: Path, game_path: Path, fmt: str) -> Report:
    """A scenario folder loaded against its game: its own diagnostics (the game's only when
    the game itself does not load: a scenario author cannot fix the game's warnings)."""
    from toolkit.load.scenarios import load_game_source, load_scenario

    with load_game_source(game_path) as result:
        if result.game is None:
            return result.report
        loaded = load_scenario(result.game, folder)
        if fmt == "text" and loaded.scenario is not None and not loaded.report.errors:
            scenario = loaded.scenario
            click.echo(
                f"ok: {folder} — {scenario.title} (v{scenario.version}, for {result.game.title} "
                f"{scenario.versions_text()}): {len(scenario.setup.placements)} placement(s), "
                f"{len(scenario.setup.reinforcements)} reinforcement(s)"
            )
        return loaded.report


def check(
    source: Path,
    game_path: Path | None,
    setup_id: str | None,
    position_path: Path | None,
    save_path: Path | None,
    before_path: Path | None,
    after_path: Path | None,
    log_path: Path | None,
    fmt: str,
) -> None:
    """toolkit check: one setup, position, saved game, turn or log, or a scenario's start."""
    # --setup alone checks a setup's start; beside --save it names the setup whose waivers apply
    waivers_of = setup_id if save_path is not None else None
    if waivers_of is not None:
        setup_id = None
    asked = [setup_id, position_path, save_path, before_path or after_path, log_path]
    from toolkit.load.scenarios import is_scenario

    if is_scenario(source):
        if any(choice is not None for choice in asked):
            raise click.UsageError("a scenario folder is checked at its start; give only --game")
        _check_scenario(source, need_game(game_path), fmt)
        return
    if sum(choice is not None for choice in asked) != 1 or (before_path is None) != (
        after_path is None
    ):
        raise click.UsageError(
            "give one of --setup ID, --position FILE, --save FILE.vsav [--setup ID], "
            "--before A --after B or --log FILE.vlog"
        )
    if source.suffix.lower() == ".vmod":
        from toolkit.load.module import game_from_module

        with game_from_module(source) as result:
            _check(
                result,
                fmt,
                setup_id,
                position_path,
                save_path,
                before_path,
                after_path,
                log_path,
                waivers_of,
            )
    else:
        _check(
            load_game(source),
            fmt,
            setup_id,
            position_path,
            save_path,
            before_path,
            after_path,
            log_path,
            waivers_of,
        )


def _check_scenario(folder: Path, game_path: Path, fmt: str) -> None:
    """toolkit check SCENARIO --game G: the scenario's start against the game's rules."""
    from toolkit.check import check_summary, format_violation, violation_json
    from toolkit.load.scenarios import load_game_source, load_scenario
    from toolkit.publish.rules import check_scenario

    with load_game_source(game_path) as result:
        if result.game is None:
            emit(result.report, fmt)
            raise SourcesInvalid("the game has errors; nothing was checked")
        loaded = load_scenario(result.game, folder)
        if loaded.scenario is None:
            emit(loaded.report, fmt)
            raise SourcesInvalid("the scenario has errors; nothing was checked")
        scenario = loaded.scenario
        violations = check_scenario(result.game, scenario)
    where = f"scenario {scenario.id}"
    waivers = scenario.setup.waivers
    if fmt == "json":
        found = [violation_json(v, waivers.get(v.rule)) for v in violations]
        click.echo(json.dumps(found, indent=2))
    for v in violations if fmt == "text" else ():
        click.echo(format_violation(v, where, waivers.get(v.rule)))
    failed = any(v.severity == "error" and v.rule not in waivers for v in violations)
    if fmt == "text":
        click.echo(check_summary(f"scenario {scenario.title}", violations, waivers), err=True)
    if failed:
        sys.exit(EXIT_INVALID)


def _check(
    result: LoadResult,
    fmt: str,
    setup_id: str | None,
    position_path: Path | None,
    save_path: Path | None,
    before_path: Path | None,
    after_path: Path | None,
    log_path: Path | None,
    waivers_of: str | None = None,
) -> None:
    from toolkit.check import (
        UnknownSetup,
        check_log,
        check_save,
        check_source,
        check_summary,
        check_turn,
        format_violation,
        violation_json,
        waiving_setups,
    )

    if result.game is None:
        emit(result.report, fmt)
        raise SourcesInvalid("the sources have errors; nothing was checked")
    try:
        if waivers_of is not None and waivers_of not in {s.id for s in result.game.setups}:
            known = [s.id for s in result.game.setups]
            raise UnknownSetup(
                f"no setup {waivers_of!r} in {result.game.id}"
                f"{did_you_mean(waivers_of, known)} ({known_list(known)})"
            )
        if save_path is not None:
            checked = check_save(result.game, save_path, waivers_of)
        elif log_path is not None:
            checked = check_log(result.game, log_path)
        elif before_path is not None and after_path is not None:
            checked = check_turn(result.game, before_path, after_path)
        else:
            checked = check_source(result.game, setup_id, position_path)
    except UnknownSetup as exc:  # only --setup names something the game may lack
        raise click.BadParameter(str(exc), param_hint="--setup") from None
    if checked.report.errors:
        # what could not be read is the answer: with --format json, on stdout for tools
        emit(checked.report, fmt)
        raise SourcesInvalid(f"{checked.where} cannot be read; nothing was checked")
    if checked.report.diagnostics:
        click.echo(checked.report.format_text(), err=True)
    waivers = checked.waivers
    if fmt == "json":
        found = [violation_json(v, waivers.get(v.rule)) for v in checked.violations]
        click.echo(json.dumps(found, indent=2))
    for v in checked.violations if fmt == "text" else ():
        click.echo(format_violation(v, checked.where, waivers.get(v.rule)))
    if fmt == "text":
        named = checked.setup and waivers and checked.where != f"setup {checked.setup}"
        under = f" (waivers of setup {checked.setup})" if named else ""
        click.echo(check_summary(checked.where + under, checked.violations, waivers), err=True)
    if checked.failed and save_path is not None and checked.setup is None:
        waiving = waiving_setups(result.game, checked.violations)
        if waiving:
            candidates = " or ".join(repr(setup) for setup in waiving)
            click.echo(
                f"this save names no setup, and setup {candidates} waives a rule it breaks: if the "
                f"game began from it, say so with --setup {waiving[0]} beside --save",
                err=True,
            )
    if checked.failed:
        sys.exit(EXIT_INVALID)
