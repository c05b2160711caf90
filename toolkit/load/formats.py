"""The source format's versions: what each changed in what a source means, and how a game
written for an older one is read, told about, and brought up to date.

A game declares the format it is written for in game.json (``"format": 2``). A game that does
not is read as the current format, as it always was; when it then fails to load, one note says
what changed in the format since the first version, and how to update. A game that declares an
older format is read as that format meant it where the meaning changed (such as
:func:`stacking_everywhere`), and ``toolkit migrate`` rewrites what can be rewritten
mechanically (:mod:`toolkit.load.migrate`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

FORMAT_VERSION = 2
"""The format this toolkit writes and reads natively."""
FIRST_FORMAT = 1
"""Sources written before games declared a format."""


@dataclass(frozen=True, slots=True)
class FormatChange:
    """One change to what sources mean, as the CHANGELOG tells it."""

    summary: str
    update: str
    """How to update a source written before it ('toolkit migrate' where it can)."""
    mechanical: bool = False
    """True when ``toolkit migrate`` makes the update."""


CHANGES: Mapping[int, tuple[FormatChange, ...]] = {
    2: (
        FormatChange(
            "versions are semantic versions x.y.z",
            'write "1.0.0" for "1.0" (a short one builds, with a warning)',
            mechanical=True,
        ),
        FormatChange(
            "a stacking rule without 'where' no longer counts pieces in holding boxes and on "
            "turn tracks",
            'to keep a limit on boxes, give the rule "where": {} (every place) or {"kind": "box"}',
            mechanical=True,
        ),
        FormatChange(
            "JSON files in 'cards/' and 'decks/' are read as cards and decks",
            "move other JSON files out of those folders",
        ),
    ),
}
"""Format version → what it changed since the one before."""


def changes_since(declared: int) -> list[FormatChange]:
    """Every change a game written for ``declared`` has not seen, oldest first."""
    return [
        change for version in sorted(CHANGES) if version > declared for change in CHANGES[version]
    ]


def update_note(declared: int | None) -> str:
    """What a game that failed to load is told about the format: the changes it may have
    missed, and how to update (empty when it declares the current format)."""
    if declared is not None and declared >= FORMAT_VERSION:
        return ""
    since = FIRST_FORMAT if declared is None else declared
    changes = changes_since(since)
    if not changes:
        return ""
    said = "declares no format version" if declared is None else f"declares format {declared}"
    listed = "; ".join(f"{c.summary}: {c.update}" for c in changes)
    return (
        f"this game {said}, and the source format is now {FORMAT_VERSION}; if these errors "
        f"come from sources written for an earlier format, what changed is: {listed}. "
        "'toolkit migrate GAME' makes the mechanical updates and declares the format; see "
        "CHANGELOG.md"
    )


def stacking_everywhere(declared: int | None) -> bool:
    """True when a stacking rule without 'where' counts every place, boxes included: what
    it meant before format 2."""
    return declared is not None and declared < 2
