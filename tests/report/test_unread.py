"""What a report could not read: the checker's findings sorted into what a player is told, in
the game's language, and the diagnostic lines kept for the command line."""

from __future__ import annotations

import pytest

from toolkit.catalogue import catalogue, words
from toolkit.report.unread import KIND_OF_CODE, Unread, from_diagnostic, player_lines


def test_the_checkers_findings_become_kinds_a_player_is_told_about() -> None:
    action = from_diagnostic("log.bad-step", "logged action 12: piece '4242' is not in the game")
    assert (action.kind, action.action) == ("action", 12)
    assert action.line == "logged action 12: piece '4242' is not in the game"  # kept whole
    assert from_diagnostic("log.unknown-piece", "piece 'x' is on no place").kind == "piece"
    assert from_diagnostic("log.duplicate-entry", "entry 'savedGame' twice").kind == "damaged"
    assert from_diagnostic("log.bad-step", "no action number").kind == "other"
    assert from_diagnostic("log.something-new", "whatever").kind == "other"


@pytest.mark.parametrize("code", sorted(KIND_OF_CODE))
def test_every_kind_has_a_sentence_in_every_language(code: str) -> None:
    kind = KIND_OF_CODE[code]
    keys = [f"report.unread.{kind}"] + [f"report.unread.{kind}.{n}" for n in ("one", "many")]
    for language in ("en", "fr"):
        assert any(key in catalogue(language) for key in keys), (language, kind)


def test_a_player_is_told_each_thing_once_and_how_many_pieces() -> None:
    unread = [
        Unread("piece", "piece 'a' names counter 'q'", "turn.vlog"),
        Unread("action", "logged action 4: bad", "turn.vlog", action=4),
        Unread("piece", "piece 'b' names counter 'r'", "turn.vlog"),
        Unread("map", "moves to map 'Atlantis'", "turn.vlog", map_name="Atlantis"),
        Unread("map", "moves to map 'Atlantis'", "turn.vlog", map_name="Atlantis"),
        Unread("piece", "piece 'c' names counter 's'", "next.vlog"),
    ]
    assert player_lines(unread, words("en")) == [
        "turn.vlog: 2 pieces are not this game’s or stand on no place of its maps; the rules"
        " are not checked for them.",
        "turn.vlog, action 4: this action could not be read; the report goes on without it.",
        "turn.vlog: pieces stand on or move to the map “Atlantis”, which this module does not"
        " have; the pictures leave them out.",
        "next.vlog: 1 piece is not this game’s or stands on no place of its maps; the rules"
        " are not checked for it.",
    ]
    french = player_lines(unread, words("fr"))
    assert french[0].startswith("turn.vlog\u00a0: 2 pions ne sont pas de ce jeu")
    assert french[3].startswith("next.vlog\u00a0: 1 pion n’est pas de ce jeu")
    assert not any("piece" in line or "'" in line for line in french)  # no parser detail
    assert [u.diagnostic() for u in unread[:2]] == [
        "turn.vlog: piece 'a' names counter 'q'",
        "turn.vlog: logged action 4: bad",
    ]
