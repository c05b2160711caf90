"""Faces and steps: which faces a counter has, which side shows each, and what each shows."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pytest

from tests.conftest import SOURCES, load_fixture
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.counter import BackLayout, BackStyle, Counter, Face, Template, UnknownFaceError
from toolkit.model.faces import derive_faces, derive_values


@pytest.fixture(scope="module")
def kinds() -> Game:
    """One counter of each kind: units, blocks, step-loss units, markers."""
    return load_fixture("counters-kinds")


@pytest.fixture(scope="module")
def engulfed() -> Game:
    """A block game."""
    result = load_game(SOURCES / "europe-engulfed")
    assert result.game is not None, result.report.format_text()
    return result.game


def template(
    style: BackStyle = "same",
    derive: Mapping[str, object] | None = None,
    shape: str = "square",
) -> Template:
    """A template with only what deriving faces reads."""
    return Template(
        "t",
        36.0,
        36.0,
        shape,  # type: ignore[arg-type]
        back=BackLayout(style, derive=MappingProxyType(dict(derive or {}))),
    )


def summary(counter: Counter) -> list[tuple[str, str, int, str]]:
    """(id, side, step, style) of every face, in order."""
    return [(f.id, f.side, f.step, f.style) for f in counter.faces]


# -- loaded counters ---------------------------------------------------------------------------


def test_two_sided_unit_has_a_front_and_a_reduced_back(minimal_hex: Game) -> None:
    infantry = minimal_hex.counter("bl-1-inf")
    assert summary(infantry) == [("front", "front", 1, "front"), ("back", "back", 1, "reduced")]
    assert (infantry.front.values["attack"], infantry.back and infantry.back.values["attack"]) == (
        4,
        2,
    )
    assert infantry.printed_faces == (infantry.face("front"), infantry.face("back"))


def test_one_sided_marker_has_only_its_front(minimal_hex: Game) -> None:
    turn = minimal_hex.counter("turn")
    assert turn.face_ids == ("front",)
    assert turn.back is None
    assert turn.printed_faces == (turn.front, None)


def test_block_has_a_hidden_side_and_a_face_per_step(engulfed: Game) -> None:
    block = engulfed.counter("ge-infantry")
    assert block.block and block.steps == 4
    assert summary(block) == [
        ("front", "front", 4, "front"),
        ("hidden", "back", 3, "hidden"),
        ("step-1", "front", 1, "front"),
        ("step-2", "front", 2, "front"),
        ("step-3", "front", 3, "front"),
        ("step-4", "front", 4, "front"),
    ]
    # A block's steps turn its label; the values stay the front's.
    assert {f.id: dict(f.values) for f in block.faces}["step-1"] == dict(block.front.values)


def test_block_prints_full_strength_over_its_hidden_side(engulfed: Game) -> None:
    militia = engulfed.counter("ge-militia")
    front, back = militia.printed_faces
    assert (front.id, back and back.id) == ("step-3", "hidden")


def test_step_loss_unit_reduces_its_lower_steps_by_the_derive_rules(kinds: Game) -> None:
    """Strength 4 with 'minus-one': the back shows 3, step-2 shows 2, step-1 shows 1."""
    unit = kinds.counter("ge-dff-12")
    assert summary(unit) == [
        ("front", "front", 4, "front"),
        ("back", "back", 3, "same"),
        ("step-1", "back", 1, "same"),
        ("step-2", "back", 2, "same"),
        ("step-3", "back", 3, "same"),
        ("step-4", "front", 4, "front"),
    ]
    strengths = {f.id: f.values["strength"] for f in unit.faces}
    assert strengths == {"front": 4, "back": 3, "step-1": 1, "step-2": 2, "step-3": 3, "step-4": 4}
    assert {f.values["move"] for f in unit.faces} == {3}  # no rule: unchanged
    assert unit.printed_faces == (unit.front, unit.back)


def test_generic_back_conceals_the_unit(kinds: Game) -> None:
    rommel = kinds.counter("ge-rommel")
    assert summary(rommel) == [("front", "front", 1, "front"), ("back", "back", 1, "generic")]
    assert rommel.back is not None and rommel.back.conceals
    assert not rommel.front.conceals


def test_every_loaded_counter_draws_exactly_its_model_faces(kinds: Game) -> None:
    """The renderer draws the model's faces, in the model's order: the names of the files."""
    from toolkit.render.counters import counter_faces

    for counter in kinds.counters:
        assert [name for name, _ in counter_faces(kinds, counter)] == list(counter.face_ids)


# -- looking faces up --------------------------------------------------------------------------


def test_face_looks_up_by_id(kinds: Game) -> None:
    unit = kinds.counter("ge-dff-12")
    assert unit.face("step-2").values["strength"] == 2
    assert unit.step_face(2) == unit.face("step-2")
    assert unit.step_face(5) is None


def test_unknown_face_is_a_worded_error(minimal_hex: Game) -> None:
    with pytest.raises(UnknownFaceError) as caught:
        minimal_hex.counter("turn").face("back")
    assert str(caught.value) == "counter 'turn' has no face 'back'; its faces are front"
    assert isinstance(caught.value, ValueError)


def test_a_counter_must_start_with_its_front() -> None:
    back = Face("back", "back", 1, "same", "x", MappingProxyType({}))
    with pytest.raises(ValueError, match="first face must be 'front'"):
        Counter("x", "x", "t", None, None, (back,))


def test_a_counter_cannot_repeat_a_face() -> None:
    front = Face("front", "front", 1, "front", "x", MappingProxyType({}))
    with pytest.raises(ValueError, match="face ids repeat"):
        Counter("x", "x", "t", None, None, (front, front))


# -- deriving, pure ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "before", "after"),
    [
        ("halve", 5, 2),
        ("halve-up", 5, 3),
        ("minus-one", 1, 0),
        ("minus-one", 0, 0),
        ({"value": "*"}, 5, "*"),
        ("halve", "x", "x"),
    ],
    ids=["halve", "halve-up", "minus-one", "minus-one-floor", "fixed", "not-a-number"],
)
def test_derive_rules(rule: object, before: object, after: object) -> None:
    derived = derive_values(template(derive={"a": rule}), {"a": before, "b": 7})  # type: ignore[dict-item]
    assert derived == {"a": after, "b": 7}


def test_unknown_derive_rule_is_a_worded_error() -> None:
    with pytest.raises(ValueError, match=r"derive rule 'third' for 'a' is not one of"):
        derive_values(template(derive={"a": "third"}), {"a": 6})


def test_back_values_override_the_derived_ones() -> None:
    faces = derive_faces(
        template(derive={"a": "halve", "b": "halve"}),
        name="Unit",
        values={"a": 8, "b": 8},
        back_name="Remnant",
        back_values={"b": 1},
    )
    assert [(f.id, f.name, dict(f.values)) for f in faces] == [
        ("front", "Unit", {"a": 8, "b": 8}),
        ("back", "Remnant", {"a": 4, "b": 1}),
    ]


def test_three_step_unit_halves_again_below_its_back() -> None:
    faces = derive_faces(template("reduced", {"a": "halve-up"}), name="U", values={"a": 8}, steps=3)
    assert [(f.id, f.side, f.step, f.style, f.values["a"]) for f in faces] == [
        ("front", "front", 3, "front", 8),
        ("back", "back", 2, "reduced", 4),
        ("step-1", "back", 1, "reduced", 2),
        ("step-2", "back", 2, "reduced", 4),
        ("step-3", "front", 3, "front", 8),
    ]


@pytest.mark.parametrize("style", ["generic", "hidden", "none"])
def test_step_unit_whose_back_hides_it_shows_its_front_at_every_step(style: BackStyle) -> None:
    faces = derive_faces(template(style, {"a": "halve"}), name="U", values={"a": 8}, steps=2)
    steps = [(f.id, f.side, f.style, f.values["a"]) for f in faces if f.id.startswith("step-")]
    assert steps == [("step-1", "front", "front", 8), ("step-2", "front", "front", 8)]


def test_block_with_one_step_still_has_a_step_face() -> None:
    faces = derive_faces(template("hidden", shape="block"), name="B", values={})
    assert [(f.id, f.side, f.step) for f in faces] == [
        ("front", "front", 1),
        ("hidden", "back", 1),
        ("step-1", "front", 1),
    ]


def test_hidden_back_of_a_square_counter_is_its_back() -> None:
    faces = derive_faces(template("hidden"), name="Chit", values={})
    assert [(f.id, f.side, f.style) for f in faces] == [
        ("front", "front", "front"),
        ("back", "back", "hidden"),
    ]


def test_block_without_a_hidden_side_prints_one_sided() -> None:
    faces = derive_faces(template("same", shape="block"), name="B", values={}, steps=2)
    block = Counter("b", "B", "t", None, None, faces, block=True, steps=2)
    front, back = block.printed_faces
    assert (front.id, back) == ("step-2", None)
