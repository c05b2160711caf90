"""toolkit report: after-action reports from VASSAL logs and saves."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

import click

from toolkit.commands.common import emit
from toolkit.errors import SourcesInvalid
from toolkit.load import LoadResult, load_game


def report(source: Path, inputs: Sequence[Path], out_dir: Path, side: str | None) -> None:
    """toolkit report: the report of ``inputs`` for ``side`` (None: public), into ``out_dir``."""
    if source.suffix.lower() == ".vmod":
        from toolkit.load.module import game_from_module

        with game_from_module(source) as result:
            _report(result, source, inputs, out_dir, side)
        return
    result = load_game(source)
    with tempfile.TemporaryDirectory(prefix="toolkit-report-") as tmp:
        module = _built_module(result, Path(tmp))
        _report(result, module, inputs, out_dir, side)


def _built_module(result: LoadResult, tmp: Path) -> Path:
    """The module of a game folder, built into ``tmp``: its images are the pieces' artwork."""
    from toolkit.build import build_game, selected_targets
    from toolkit.options import BuildOptions

    if result.game is None:
        emit(result.report, "text")
        raise SourcesInvalid("the sources have errors; nothing was reported")
    folder = build_game(result.game, tmp, selected_targets(["vmod"]), BuildOptions()).folder
    return folder / f"{result.game.id}.vmod"


def _report(
    result: LoadResult, module: Path, inputs: Sequence[Path], out_dir: Path, side: str | None
) -> None:
    from toolkit.report.make import ReportError, make_report, write_report

    if result.game is None:
        emit(result.report, "text")
        raise SourcesInvalid("the sources have errors; nothing was reported")
    try:
        reported = make_report(result.game, module, inputs, side)
    except ReportError as error:
        raise SourcesInvalid(str(error)) from None
    for line in reported.problems:
        click.echo(f"warning: {line}", err=True)
    write_report(reported, out_dir)
    click.echo(f"reported {len(inputs)} file(s) into {out_dir}: {len(reported.files)} file(s)")
