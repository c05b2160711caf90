"""`toolkit new`: write a small working game from the template shipped with the package."""

from __future__ import annotations

import os
import re
from pathlib import Path

from toolkit.load.schemas import SCHEMA_DIR

TEMPLATE_DIR = Path(__file__).parent / "templates" / "new-game"


def slug(name: str) -> str:
    """A valid game id from a folder name ('My Game!' → 'my-game')."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text or "game"


def write_new_game(directory: Path) -> list[Path]:
    """Copy the template into ``directory``, pointing each file's $schema at our schemas."""
    written = []
    game_id = slug(directory.resolve().name)
    title = directory.resolve().name.replace("-", " ").replace("_", " ").title() or "New Game"
    for template in sorted(TEMPLATE_DIR.rglob("*.json")):
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
