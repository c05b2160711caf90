"""toolkit upgrade-save: a game in progress brought to a new version of its module."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.errors import ToolkitError


def upgrade_save(save: Path, module: Path, output: Path, force: bool) -> None:
    """toolkit upgrade-save: write OUTPUT, the save on MODULE's pieces; list what is left."""
    from toolkit.ownership import check_folder_to_write, check_new_file
    from toolkit.vassal.read.reader import ArchiveError
    from toolkit.vassal.read.upgrade import read_new_module
    from toolkit.vassal.read.upgrade import upgrade_save as upgraded_save
    from toolkit.vassal.write.archive import zip_archive
    from toolkit.vassal.write.saves import save_entries

    check_folder_to_write(output.parent)
    check_new_file(output, force, "a saved game")
    try:
        new_module = read_new_module(module)
    except ArchiveError as error:
        raise ToolkitError(f"{module}: {error}; nothing was written") from None
    try:
        result = upgraded_save(save, new_module)
    except ArchiveError as error:
        raise ToolkitError(f"{save}: {error}; nothing was written") from None
    data = new_module.data
    version, vassal = data.version or "", data.vassal_version or ""
    entries = save_entries(
        result.stream, new_module.module_data, version, vassal, result.description
    )
    if not new_module.module_data:
        entries = [(name, content) for name, content in entries if name != "moduledata"]
    output.parent.mkdir(parents=True, exist_ok=True)
    check_new_file(output, force, "a saved game")  # not made meanwhile
    temporary = output.with_name(f".{output.name}.tmp")
    temporary.write_bytes(zip_archive(entries))
    temporary.replace(output)
    for line in (*result.notes, *result.left):
        click.echo(f"{save}: {line}", err=True)
    left = f"; {len(result.left)} left as they were (see above)" if result.left else ""
    pieces = f"{result.upgraded} piece(s) on the pieces of {module.name}"
    click.echo(f"upgraded {output}: {pieces}{left}")
