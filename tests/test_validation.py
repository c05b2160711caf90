"""Validation tells everything at once: every schema error, and every reference it can check.

A schema error in one file must not hide the mistakes of the others; what it does hold back (a
reference to an id the broken file may declare) is said, on that file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_fixture
from toolkit.diagnostics import Diagnostic
from toolkit.load import load_game
from toolkit.load.schemas import MAX_ERRORS_PER_FILE

GAME = "minimal-hex"


def edit(path: Path, change: Any) -> None:
    """Rewrite a JSON source after ``change(data)`` edited it in place."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def codes(diagnostics: list[Diagnostic], code: str) -> list[Diagnostic]:
    return [d for d in diagnostics if d.code == code]


def break_counters(game: Path) -> None:
    """One schema error in the counters file (an unknown property)."""
    edit(game / "counters" / "units.json", lambda d: d.update(colour="red"))


def many_unknown_counters(count: int) -> list[dict[str, Any]]:
    return [{"id": f"c{i}", "template": "unit", "faction": "nobody"} for i in range(count)]


def test_a_hundred_schema_mistakes_are_a_hundred_diagnostics(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    edit(
        game / "counters" / "units.json",
        lambda d: d["counters"].extend({"id": f"c{i}", "count": "two"} for i in range(50)),
    )
    report = load_game(game).report
    assert len(codes(report.errors, "schema.required")) == 50  # no template
    assert len(codes(report.errors, "schema.type")) == 50  # count is not a number
    assert not codes(report.diagnostics, "schema.too-many-errors")
    assert report.summary() == "100 errors, 0 warnings"


def test_past_the_limit_the_left_out_errors_are_counted(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    total = MAX_ERRORS_PER_FILE + 25
    units = json.loads((game / "counters" / "units.json").read_text(encoding="utf-8"))
    first = len(units["counters"])
    edit(
        game / "counters" / "units.json",
        lambda d: d["counters"].extend({"id": f"c{i}"} for i in range(total)),
    )
    report = load_game(game).report
    listed = codes(report.errors, "schema.required")
    in_document_order = [f"/counters/{first + i}" for i in range(MAX_ERRORS_PER_FILE)]
    assert [d.pointer for d in listed] == in_document_order
    (note,) = codes(report.errors, "schema.too-many-errors")
    assert note.message == (
        f"25 more schema error(s) in this file are not listed (only the first "
        f"{MAX_ERRORS_PER_FILE} of {total} are); fix these and validate again to see the rest"
    )


def test_a_schema_error_does_not_hide_the_other_files_reference_errors(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    break_counters(game)
    edit(
        game / "setups" / "meeting.json",
        lambda d: d["placements"].extend(
            {"at": f"nowhere-{i}", "pieces": ["bl-1-inf"]} for i in range(50)
        ),
    )
    report = load_game(game).report
    assert len(codes(report.errors, "schema.unknown-property")) == 1
    assert len(codes(report.errors, "ref.unknown-location")) == 50
    assert report.summary() == "51 errors, 0 warnings"


def test_references_a_broken_file_may_declare_are_held_back_and_said_so(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    break_counters(game)
    edit(game / "setups" / "meeting.json", lambda d: d["placements"][0]["pieces"].append("ghost"))
    report = load_game(game).report
    assert not codes(report.diagnostics, "ref.unknown-counter")  # it may be in the broken file
    (note,) = codes(report.diagnostics, "source.checks-skipped")
    assert note.severity == "info"
    assert note.file.endswith("counters/units.json")
    assert "counter" in note.message and "setups/meeting.json" in note.message


def test_other_files_references_are_checked_when_a_map_is_fine(tmp_path: Path) -> None:
    """Held back is only what the broken file's kind declares: factions come from game.json."""
    game = copy_fixture(GAME, tmp_path)
    break_counters(game)
    edit(game / "setups" / "meeting.json", lambda d: d["control"].update(green=["0101"]))
    report = load_game(game).report
    assert len(codes(report.errors, "ref.unknown-faction")) == 1


def test_a_broken_game_json_says_nothing_else_was_checked(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    edit(game / "game.json", lambda d: d.update(colour="red"))
    report = load_game(game).report
    (note,) = codes(report.diagnostics, "source.checks-skipped")
    assert note.file.endswith("game.json") and "game.json" in note.message


def test_a_file_that_is_not_json_holds_back_what_its_folder_declares(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    (game / "counters" / "units.json").write_text("{ not json", encoding="utf-8")
    report = load_game(game).report
    assert codes(report.errors, "json.syntax")
    assert not codes(report.diagnostics, "ref.unknown-counter")
    assert codes(report.diagnostics, "source.checks-skipped")


@pytest.mark.parametrize("where", ["file", "folder"])
def test_sources_linked_from_outside_the_game_folder_are_refused(
    tmp_path: Path, where: str
) -> None:
    game = copy_fixture(GAME, tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    if where == "file":
        (game / "setups" / "meeting.json").rename(outside / "meeting.json")
        (game / "setups" / "meeting.json").symlink_to(outside / "meeting.json")
    else:
        (game / "setups").rename(outside / "setups")
        (game / "setups").symlink_to(outside / "setups")
    result = load_game(game)
    (refused,) = codes(result.report.errors, "source.escapes")
    assert refused.file.endswith("setups/meeting.json" if where == "file" else "setups")
    assert result.game is None


def test_a_link_that_stays_inside_the_game_folder_is_fine(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    (game / "setups" / "meeting.json").rename(game / "meeting.txt")
    (game / "setups" / "meeting.json").symlink_to(game / "meeting.txt")
    result = load_game(game)
    assert result.game is not None, result.report.format_text()


def _image_counter(game: Path, svg: str) -> None:
    (game / "art").mkdir()
    (game / "art" / "pic.svg").write_text(svg, encoding="utf-8")
    (game / "counters" / "pics.json").write_text(
        json.dumps(
            {
                "kind": "counters",
                "$schema": "../../../../schemas/counters.schema.json",
                "id": "pics",
                "templates": [
                    {
                        "id": "pic",
                        "size": "5/8in",
                        "background": "white",
                        "fields": {"art": {"type": "image"}},
                        "front": [{"draw": "image", "field": "art"}],
                    }
                ],
                "counters": [{"id": "hero", "template": "pic", "values": {"art": "art/pic.svg"}}],
            }
        ),
        encoding="utf-8",
    )


SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>{}</text></svg>'


def test_an_svg_image_with_entities_is_refused_naming_source_and_image(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    _image_counter(game, '<!DOCTYPE svg [<!ENTITY a "aaaa">]>\n' + SVG.format("&a;"))
    (refused,) = codes(load_game(game).report.errors, "image.xml-entity")
    assert refused.file.endswith("counters/pics.json")
    assert refused.pointer == "/counters/0/values/art"
    assert "'art/pic.svg'" in refused.message


def test_an_svg_image_with_a_plain_doctype_is_fine(tmp_path: Path) -> None:
    game = copy_fixture(GAME, tmp_path)
    doctype = (
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
        '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
    )
    _image_counter(game, doctype + SVG.format("fine"))
    result = load_game(game)
    assert result.game is not None, result.report.format_text()


def test_a_counter_left_out_for_its_template_is_one_error_not_one_per_use(tmp_path: Path) -> None:
    """A mistyped template name leaves its counter out; the setup that places the counter
    used to add 'unknown counter', though the counter is right there in counters/."""
    game = copy_fixture(GAME, tmp_path)
    edit(
        game / "counters" / "units.json",
        lambda data: next(c for c in data["counters"] if c["id"] == "bl-1-inf").update(
            template="unti"
        ),
    )
    report = load_game(game).report
    (error,) = report.errors
    assert error.code == "ref.unknown-template" and "did you mean 'unit'?" in error.message
    assert not codes(report.diagnostics, "ref.unknown-counter")
