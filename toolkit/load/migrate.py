"""Bring a game's sources written for an older source format up to the current one, by the
smallest edits to their text: every value keeps its place, every comment-free line the
designer wrote stays as it was, and what a source meant is what it means after.

Pure: :func:`plan_migration` says which files change and how; the command writes them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.load.formats import FIRST_FORMAT, FORMAT_VERSION
from toolkit.load.jsonsource import Source, SourceUnreadable, read_source
from toolkit.load.loader import discover, shown_path
from toolkit.model.versions import padded_version


@dataclass(frozen=True, slots=True)
class FileEdit:
    """One source file's text before and after."""

    path: Path
    before: str
    after: str


@dataclass
class Migration:
    """What migrating a game does: the files it rewrites and what it says it did."""

    edits: list[FileEdit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Why the game cannot be migrated (an unreadable game.json…); nothing is edited then."""
    source_format: int = FIRST_FORMAT


class _Text:
    """A source's text and the edits to make to it, applied from the end so that the offsets
    of earlier ones stay true."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.inserts: list[tuple[int, int, str]] = []

    def replace_value(self, pointer: str, value: object) -> None:
        start = self.source.offset(pointer)
        end = start + len(_token_at(self.source.text, start))
        self.inserts.append((start, end, json.dumps(value, ensure_ascii=False)))

    def insert_first(self, pointer: str, member: str) -> None:
        """A new member (``"key": value``) first in the object at ``pointer``, written as
        the designer wrote the others: on a line of its own, indented as the next, when the
        object opens on a line of its own; else on the same line."""
        at = self.source.offset(pointer) + 1
        text = self.source.text
        rest = text[at:].lstrip(" \t")
        comma = "" if rest.startswith("}") else ","
        newline = "\r\n" if rest.startswith("\r\n") else "\n" if rest.startswith("\n") else ""
        if not newline or not comma:
            self.inserts.append((at, at, f"{member}{comma} " if comma else member))
            return
        following = text.index("\n", at) + 1
        indent = text[following:][: len(text[following:]) - len(text[following:].lstrip(" \t"))]
        self.inserts.append((at, at, f"{newline}{indent}{member}{comma}"))

    def result(self) -> str:
        text = self.source.text
        for start, end, new in sorted(self.inserts, reverse=True):
            text = text[:start] + new + text[end:]
        return text


def _token_at(text: str, start: int) -> str:
    """The JSON string or number token starting at ``start``."""
    decoder = json.JSONDecoder()
    _, end = decoder.raw_decode(text, start)
    return text[start:end]


def plan_migration(folder: Path, assumed: int | None = None) -> Migration:
    """The edits that bring the game in ``folder`` to :data:`FORMAT_VERSION`. The format it
    is written for is the one game.json declares, else ``assumed``, else the first (sources
    older than declared formats)."""
    migration = Migration()
    game_path = folder / "game.json"
    sources: dict[Path, Source] = {}
    for path in discover(folder):
        try:
            sources[path] = read_source(path, shown_path(path))
        except SourceUnreadable as error:
            migration.problems.append(error.diagnostic.format())
        except OSError as error:
            migration.problems.append(f"{shown_path(path)}: cannot be read ({error.strerror})")
    if migration.problems:  # a file left out could hold a meaning that would silently change
        migration.problems.append("fix what cannot be read, then migrate again")
        return migration
    game = sources.get(game_path)
    if game is None or not isinstance(game.data, dict):
        migration.problems.append(f"{shown_path(game_path)}: no game to migrate")
        return migration
    declared = game.data.get("format")
    start = declared if isinstance(declared, int) else (assumed or FIRST_FORMAT)
    migration.source_format = start
    if start >= FORMAT_VERSION:
        return migration
    texts = {path: _Text(source) for path, source in sources.items()}
    if start < 2:
        _to_format_2(sources, texts, game_path, migration)
    _declare(texts[game_path], game.data, migration, shown_path(game_path))
    for path, text in texts.items():
        after = text.result()
        if after != sources[path].text:
            migration.edits.append(FileEdit(path, sources[path].text, after))
    return migration


def _to_format_2(
    sources: dict[Path, Source], texts: dict[Path, _Text], game_path: Path, migration: Migration
) -> None:
    """Format 2: semantic versions; a stacking rule without 'where' keeps counting boxes."""
    version = sources[game_path].data.get("version")
    if isinstance(version, str):
        padded = padded_version(version)
        if padded is not None and padded != version:
            texts[game_path].replace_value("/version", padded)
            migration.notes.append(
                f"{shown_path(game_path)}: version {version!r} is now {padded!r}"
            )
    for path, source in sources.items():
        data = source.data
        if not isinstance(data, dict) or data.get("kind") != "rules":
            continue
        for i, rule in enumerate(data.get("rules", [])):
            if isinstance(rule, dict) and rule.get("kind") == "stacking" and "where" not in rule:
                texts[path].insert_first(f"/rules/{i}", '"where": {}')
                migration.notes.append(
                    f"{shown_path(path)}: stacking rule {rule.get('id')!r} now says "
                    '"where": {} to keep counting pieces in boxes and on tracks, as it did; '
                    "remove it if the limit is for the maps only"
                )


def _declare(text: _Text, data: dict[str, object], migration: Migration, shown: str) -> None:
    """game.json declares the current format (``shown``: its name in the notes)."""
    if "format" in data:
        text.replace_value("/format", FORMAT_VERSION)
    else:
        text.insert_first("", f'"format": {FORMAT_VERSION}')
    migration.notes.append(f"{shown}: declares source format {FORMAT_VERSION}")
