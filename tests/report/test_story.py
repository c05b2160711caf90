"""Reading what a log's chat says: turns, dice, and hidden names taken out."""

from __future__ import annotations

from toolkit.catalogue import ENGLISH, words
from toolkit.report.story import (
    HIDDEN,
    chat_lines,
    chat_title,
    dice_rolled,
    scrub,
    turn_said,
)


def test_the_chat_of_a_step_is_its_chat_commands_unescaped() -> None:
    commands = ["M/1/x", "CHAT** 2d6 = 3,5 *** &lt;Anne&gt;", "CHAT   ", "CHAT<Ben> -  hi  there"]
    assert chat_lines(commands) == ["** 2d6 = 3,5 *** <Anne>", "<Ben> - hi there"]


def test_turns_are_read_from_our_tracker_and_from_vassal_s_default() -> None:
    assert turn_said(["* New turn: Turn 2 Combat"], "Turn 2 Movement") == "Turn 2 Combat"
    assert turn_said(["* <Anne> Turn Updated from Turn 1 to Turn 2"], "") == "Turn 2"
    assert turn_said(["<Anne> - see you next turn"], "Turn 1") == "Turn 1"


def test_a_french_module_s_turn_reports_are_read_too() -> None:
    """A French module's tracker says 'Nouveau tour', and the chat reads its no-break space
    as a space."""
    assert turn_said(chat_lines(["CHAT* Nouveau tour\u00a0: Tour 2 Combat"]), "") == "Tour 2 Combat"


def test_dice_are_read_from_the_dice_buttons_reports() -> None:
    chat = ["** 2d6 = 3,5 *** <Anne>", "*** 1d6 = 6 *** <Ben>", "<Ben> - 2 = 2 ***"]
    assert dice_rolled(chat) == ["2d6 = 3,5", "1d6 = 6"]


def test_hidden_names_are_taken_out_as_whole_words() -> None:
    text = "* 1st Rifles moves; 21st Rifles stay; rd-1-inf/3 and rd-1-inf-x"
    assert scrub(text, ["1st Rifles", "rd-1-inf"]) == (
        f"* {HIDDEN} moves; 21st Rifles stay; {HIDDEN}/3 and rd-1-inf-x"
    )
    french = words("fr")("report.hidden")
    assert scrub("* 1st Rifles attaque", ["1st Rifles"], french) == "* un pion caché attaque"


def test_a_chat_line_titles_a_step_without_vassal_s_marks() -> None:
    assert chat_title("** 2d6 = 3,5 *** <Anne>", ENGLISH) == "2d6 = 3,5"
    assert (
        chat_title("<Ben> - Combat at 0806 from 0705", ENGLISH) == "Ben: Combat at 0806 from 0705"
    )
    assert chat_title("* New turn: Turn 2 Combat", ENGLISH) == "New turn: Turn 2 Combat"
    assert (
        chat_title("* <Anne> Turn Updated from 1 to 2", ENGLISH) == "Anne: Turn Updated from 1 to 2"
    )
    assert chat_title("<Anne> - à vous", words("fr")) == "Anne\u00a0: à vous"
