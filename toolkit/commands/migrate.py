"""toolkit migrate: a game's sources brought to the current source format."""

from __future__ import annotations

import os
from pathlib import Path

import click

from toolkit.errors import SourcesInvalid


def migrate(folder: Path, assumed: int | None, dry_run: bool) -> None:
    """toolkit migrate: rewrite what changed mechanically, say what was done; --dry-run only
    says. Every file is written whole or not at all; a file that changed meanwhile is left."""
    from toolkit.load.formats import FORMAT_VERSION
    from toolkit.load.loader import shown_path
    from toolkit.load.migrate import plan_migration

    migration = plan_migration(folder, assumed)
    if migration.problems:
        for problem in migration.problems:
            click.echo(problem, err=True)
        raise SourcesInvalid("nothing was migrated")
    if not migration.edits:
        click.echo(f"{folder}: already source format {FORMAT_VERSION}; nothing to do")
        return
    for note in migration.notes:
        click.echo(note)
    if dry_run:
        click.echo(f"{len(migration.edits)} file(s) would change (--dry-run: none written)")
        return
    for edit in migration.edits:
        if edit.path.read_text(encoding="utf-8") != edit.before:
            raise SourcesInvalid(f"{shown_path(edit.path)} changed meanwhile; run migrate again")
    for edit in migration.edits:
        temporary = edit.path.with_name(f".{edit.path.name}.migrating")
        temporary.write_text(edit.after, encoding="utf-8")
        os.replace(temporary, edit.path)
    click.echo(
        f"migrated {folder} from source format {migration.source_format} to {FORMAT_VERSION}: "
        f"{len(migration.edits)} file(s) rewritten"
    )
