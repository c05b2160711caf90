"""The report page speaks the game's language: its headings, buttons, step titles and the
lines it writes about each step; the chat stays as the players typed it."""

from __future__ import annotations

from toolkit.catalogue import ENGLISH, words
from toolkit.report.page import report_page
from toolkit.report.pictures import Images
from toolkit.report.story import Broken, Hand, Move, Step
from toolkit.report.summary import summarise

NO_BREAK = "\u00a0"


def _steps(turn: str) -> list[Step]:
    start = Step(0, "", (), (), (), (), ())
    played = Step(
        1,
        turn,
        (),
        (Move("Carte", (0, 0), (10, 10), "1er Corps"),),
        ("<Anne> - à vous",),
        ("2d6 = 3,5",),
        (Broken("stacking", "5.1", "error", "trop d’unités", ("0906",)),),
        (Hand("Alliés", 2, ()),),
        ("0705",),
        ("Paris",),
    )
    return [start, played]


def _page(language: str, turn: str = "") -> str:
    say = words(language)
    steps = _steps(turn)
    return report_page("Partie", steps, {}, Images.of({}), summarise(steps, say), ["?"], say)


def test_a_french_page_is_french_from_its_lang_to_its_buttons() -> None:
    page = _page("fr")
    assert '<html lang="fr">' in page
    for said in (
        "Début de l’enregistrement",
        "Étape 1",
        "Avant le premier tour",
        "&laquo; Première",
        "&lsaquo; Précédente",
        "Suivante &rsaquo;",
        "Dernière &raquo;",
        "1er Corps se déplace",
        f"Alliés{NO_BREAK}: 2 cartes",
        "Combat à 0705",
        "Paris change de camp",
        f"Dés{NO_BREAK}: 2d6 = 3,5",
        f"Règle 5.1 (0906){NO_BREAK}: trop d’unités",
        "Tour par tour",
        "Ce qui n’a pas pu être lu",
        "&lt;Anne&gt; - à vous",
    ):
        assert said in page, said
    for english in ("Step", "First", "Previous", "Next", "Last", "moves", "Combat at", "Dice"):
        assert english not in page, english


def test_an_english_page_is_english_and_names_the_turn_in_a_step_title() -> None:
    page = _page("en", "Turn 2")
    assert '<html lang="en">' in page
    assert "Step 1 — Turn 2" in page and "Turn by turn" in page
    assert _page("fr", "Tour 2").count("Étape 1 — Tour 2") == 2  # the heading and data-title
    assert ENGLISH("report.page.first") in page
