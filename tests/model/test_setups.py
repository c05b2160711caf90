"""Setups name the face each piece shows; the loader checks the name against the counter."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import copy_fixture
from toolkit.load import load_game
from toolkit.load.loader import LoadResult


def load_with_pieces(tmp_path: Path, pieces: list[Any]) -> LoadResult:
    """minimal-hex with '1st Infantry' a three-step unit and ``pieces`` in the valley at 1005."""
    game_dir = copy_fixture("minimal-hex", tmp_path)
    units = game_dir / "counters" / "units.json"
    counters = json.loads(units.read_text(encoding="utf-8"))
    counters["counters"][0]["steps"] = 3
    units.write_text(json.dumps(counters), encoding="utf-8")
    setup_file = game_dir / "setups" / "meeting.json"
    setup = json.loads(setup_file.read_text(encoding="utf-8"))
    setup["placements"] = [{"at": "valley:1005", "pieces": pieces}]
    setup_file.write_text(json.dumps(setup, indent=2), encoding="utf-8")
    return load_game(game_dir)


def messages(result: LoadResult) -> list[tuple[str, str, str]]:
    """(code, pointer, message) of every error."""
    return [(d.code, d.pointer, d.message) for d in result.report.errors]


def test_a_piece_may_show_any_face_of_its_counter(tmp_path: Path) -> None:
    result = load_with_pieces(
        tmp_path,
        [
            {"counter": "bl-1-inf", "face": "step-2"},
            {"counter": "bl-2-inf", "face": "back"},
            {"counter": "rd-2-art", "face": "front", "step": 1},
        ],
    )
    assert result.game is not None, result.report.format_text()
    faces = [p.face for p in result.game.setup("meeting").placements[0].pieces]
    assert faces == ["step-2", "back", "front"]


def test_unknown_face_is_located_with_a_hint(tmp_path: Path) -> None:
    result = load_with_pieces(tmp_path, [{"counter": "bl-1-inf", "face": "step-4"}])
    assert result.game is None
    assert messages(result) == [
        (
            "ref.unknown-face",
            "/placements/0/pieces/0/face",
            "unknown face 'step-4' (did you mean 'step-3' or 'step-2' or 'step-1'?) "
            "(known: back, front, step-1, step-2, step-3)",
        )
    ]


def test_one_sided_counter_has_no_back(tmp_path: Path) -> None:
    result = load_with_pieces(tmp_path, [{"counter": "turn", "face": "back"}])
    assert messages(result) == [
        ("setup.no-back", "/placements/0/pieces/0", "counter 'turn' has no back face")
    ]


def test_a_step_face_and_a_different_step_contradict(tmp_path: Path) -> None:
    result = load_with_pieces(tmp_path, [{"counter": "bl-1-inf", "face": "step-2", "step": 3}])
    assert messages(result) == [
        (
            "setup.bad-step",
            "/placements/0/pieces/0/step",
            "face 'step-2' shows step 2, not step 3; give one of them",
        )
    ]


def test_a_step_face_and_its_own_step_agree(tmp_path: Path) -> None:
    result = load_with_pieces(tmp_path, [{"counter": "bl-1-inf", "face": "step-2", "step": 2}])
    assert not result.report.errors, result.report.format_text()


def test_a_step_beyond_the_counter_is_impossible(tmp_path: Path) -> None:
    result = load_with_pieces(tmp_path, [{"counter": "bl-1-inf", "step": 4}])
    assert messages(result) == [
        (
            "setup.bad-step",
            "/placements/0/pieces/0/step",
            "counter 'bl-1-inf' has 3 step(s); step 4 is impossible",
        )
    ]
