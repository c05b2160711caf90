"""Piece slot ids (gpids) that come from what a piece is, not from where it sits in a list.

VASSAL knows a piece by the gpid of the slot it was made from: every piece of a saved game
carries it, and *Refresh Counters* (``GameRefresher``, through ``GpIdChecker``) gives each saved
piece the definition of the module's slot with the same gpid. If gpids were list positions,
inserting one counter would hand every later piece another counter's definition. So a slot's
gpid is derived from a stable key:

- ``counter:<counter id>`` for a counter's palette slot, which saved games also name;
- ``start:<counter id>/<n>`` for the n-th copy of a counter in the at-start stacks (the first
  setup), numbered per counter, so other counters' copies do not move it;
- ``card:<card id>``, ``card:<card id>#<n>``, ``cup:<cup>:<counter>#<n>`` and
  ``sign:<pile>`` for the cards, the pieces of the piles at start and the piles' counts.

VASSAL reads a gpid as a Java ``int`` (``GpIdChecker.testGpId`` refuses anything else, and the
refresher then refuses to run) and wants the module's ``nextPieceSlotId`` above every gpid (its
editor numbers new slots from there). A key's gpid is therefore 1 + (the first 8 bytes of its
SHA-256) mod (2**30 - 1): from 1 to 2**30 - 1. ``nextPieceSlotId`` is always 2**30, so it too
stays the same from one version to the next, and slots a module maker adds in VASSAL's editor
(2**30, 2**30 + 1, …) never meet ours and have a billion ids to go before ``int`` ends.

Two keys may hash alike (with n slots, a new key meets an old one with odds n / 2**30: one in
200,000 for 5,000 slots). The rule, deterministic and independent of list order: keys are
taken in sorted order; the first keeps its hash, and a later one tries ``<key>#1``, ``<key>#2``…
until it finds a gpid not taken. Only in that rare case can adding a key move another one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

GPID_LIMIT = 1 << 30
"""Every gpid is below this."""
NEXT_PIECE_SLOT_ID = GPID_LIMIT
"""The module's ``nextPieceSlotId``: above every gpid, and the same in every version."""


def counter_key(counter_id: str) -> str:
    """The identity of a counter's palette slot (and of its pieces in saved games)."""
    return f"counter:{counter_id}"


def start_key(piece_id: str) -> str:
    """The identity of an at-start copy of a counter (``piece_id`` is ``<counter>/<n>``)."""
    return f"start:{piece_id}"


def key_gpid(key: str, attempt: int = 0) -> int:
    """The gpid a key hashes to (``attempt`` > 0: the n-th try after a collision)."""
    text = key if attempt == 0 else f"{key}#{attempt}"
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return 1 + int.from_bytes(digest[:8], "big") % (GPID_LIMIT - 1)


def assign_gpids(keys: Iterable[str], taken_before: Iterable[int] = ()) -> dict[str, int]:
    """Every key's gpid, unique, by the collision rule of this module (sorted order decides),
    none of them one of ``taken_before`` (the gpids of slots assigned earlier: the cards'
    after the counters')."""
    taken: set[int] = set(taken_before)
    found: dict[str, int] = {}
    for key in sorted(set(keys)):
        attempt = 0
        gpid = key_gpid(key)
        while gpid in taken:
            attempt += 1
            gpid = key_gpid(key, attempt)
        taken.add(gpid)
        found[key] = gpid
    return found
