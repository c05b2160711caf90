"""What a report could not read, said twice: a diagnostic line for whoever runs the tool (the
file, the action, the piece string's fault, in the toolkit's English) and a sentence a player
reads on the report's page, from the catalogue in the game's language.

A player needs to know which file and which logged action went unread, which map the module
lacks and what the report did about it; the parser's reasons (a field count, a piece id) are
for the tool's user. Naming no piece in the player's sentence also keeps hidden pieces hidden.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from toolkit.catalogue import Words

Kind = Literal["damaged", "action", "piece", "unread-piece", "map", "board", "images", "other"]

KIND_OF_CODE: dict[str, Kind] = {
    "log.duplicate-entry": "damaged",
    "log.hidden-entry": "damaged",
    "log.unreadable": "damaged",
    "log.bad-step": "action",
    "log.unknown-board": "board",
    "log.unknown-piece": "piece",
}
"""The kind of what went unread, by the code of the checker's diagnostic that found it."""

COUNTED: frozenset[Kind] = frozenset({"piece", "unread-piece", "images"})
"""Kinds said once per file with how many: a player needs the number, not a line each."""

_ACTION = re.compile(r"^logged action (\d+): ")
"""How the log reader begins a line about one logged action (``toolkit.vassal.read.logs``)."""


@dataclass(frozen=True, slots=True)
class Unread:
    """One thing a report could not read, in ``file`` (a log's or a save's name)."""

    kind: Kind
    line: str
    """The diagnostic line, without the file's name (hidden pieces already scrubbed)."""
    file: str = ""
    action: int | None = None
    """The logged action it happened in, when it belongs to one."""
    map_name: str = ""
    """The map the module does not have (kind ``map``)."""
    count: int = 1
    """How many pieces or images it is about (counted kinds)."""

    def diagnostic(self) -> str:
        """The line the command line prints: ``file: detail``."""
        return f"{self.file}: {self.line}"


def from_diagnostic(code: str, line: str) -> Unread:
    """What the checker's diagnostic ``code`` with message ``line`` found unread."""
    kind = KIND_OF_CODE.get(code, "other")
    found = _ACTION.match(line)
    if kind == "action" and found is None:
        kind = "other"
    return Unread(kind, line, action=int(found.group(1)) if found else None)


def player_lines(unread: Sequence[Unread], say: Words) -> list[str]:
    """One sentence per thing unread, in the order met, in the game's language; the counted
    kinds once per file, adding up their counts; a sentence said twice, once."""
    counts: dict[tuple[str, Kind], int] = {}
    for item in unread:
        if item.kind in COUNTED:
            counts[(item.file, item.kind)] = counts.get((item.file, item.kind), 0) + item.count
    lines: dict[str, None] = {}
    for item in unread:
        count = counts.get((item.file, item.kind), item.count)
        lines[_sentence(item, count, say)] = None
    return list(lines)


def _sentence(item: Unread, count: int, say: Words) -> str:
    """The player's sentence for one thing unread (``count``: its file's total of its kind)."""
    key = f"report.unread.{item.kind}"
    if item.kind in COUNTED:
        key += ".one" if count == 1 else ".many"
    return say(key, file=item.file, action=item.action or "", map=item.map_name, count=count)
