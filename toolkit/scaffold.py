"""`toolkit new`: write a small working game from the template shipped with the package."""

from __future__ import annotations

import os
import re
from pathlib import Path

from toolkit.load.schemas import SCHEMA_DIR
from toolkit.ownership import OutputRefused, check_folder_to_write, check_new_file, path_kind

TEMPLATE_DIR = Path(__file__).parent / "templates" / "new-game"


def slug(name: str) -> str:
    """A valid game id from a folder name ('My Game!' → 'my-game')."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text or "game"


def write_new_game(directory: Path, force: bool = False) -> list[Path]:
    """Copy the template into ``directory``, pointing each file's $schema at our schemas.
    Nothing is ever overwritten: ``force`` only lets the example go beside other files.

    :raises OutputRefused: ``directory`` is not a folder, is not empty (unless ``force``), or
        already has a file the example would write; nothing was written.
    """
    check_folder_to_write(directory, "DIRECTORY")
    if path_kind(directory) == "folder" and any(directory.iterdir()) and not force:
        raise OutputRefused(
            f"refusing to write into {directory}: it is not empty; give a new folder, or "
            "--force to add the example beside what is there"
        )
    templates = sorted(TEMPLATE_DIR.rglob("*.json"))
    for template in templates:
        check_new_file(directory / template.relative_to(TEMPLATE_DIR), False, "a file")
    written = []
    game_id = slug(directory.resolve().name)
    title = directory.resolve().name.replace("-", " ").replace("_", " ").title() or "New Game"
    for template in templates:
        target = directory / template.relative_to(TEMPLATE_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        schemas = Path(os.path.relpath(SCHEMA_DIR, target.parent.resolve())).as_posix()
        text = (
            template.read_text(encoding="utf-8")
            .replace("{{schemas}}", schemas)
            .replace("{{id}}", game_id)
            .replace("{{title}}", title.replace('"', "'"))
        )
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written
