"""What a side sees of a piece: its face, or the mask another side put on it."""

from __future__ import annotations

from toolkit.report.scene import face_of, hidden_names, masked_from, scene
from toolkit.vassal.format.codec import encode
from toolkit.vassal.format.commands import parse_add_piece

MASK = "obs;77,130;hidden-rd.png;Hide from the other side;2;Red Army unit;side:;Peek;;true;;"
LAYER = (
    "emb2;;130;;Flip;130;;;130;;;;1;false;0;0;rd-1-inf-front.png,rd-1-inf-back.png;"
    "1st Rifles,+ (reduced);true;Face;;;false;;1;1;true;;70,130;;;1.0;;true"
)


def _piece(ref: str, masked_by: str, level: str, at: str = "The Valley;769;706") -> str:
    types = [
        "mark;CounterId,Steps",
        MASK,
        LAYER,
        "piece;;;;1st Rifles",
    ]
    states = ["rd-1-inf,1", masked_by, level, f"{at};1;0"]
    return encode(["+", ref, _chain(types), _chain(states)], "/")


def _chain(levels: list[str]) -> str:
    """Levels as VASSAL nests them: each trait, a tab, then everything inside it."""
    inner = levels[-1]
    for level in reversed(levels[:-1]):
        inner = encode([level, inner], "\t")
    return inner


def test_the_other_side_sees_the_mask_and_the_masked_name() -> None:
    piece = parse_add_piece(_piece("7", "Red", "1"))
    assert masked_from(piece, "Blue") == ("hidden-rd.png", "Red Army unit")
    assert masked_from(piece, None) == ("hidden-rd.png", "Red Army unit")
    assert masked_from(piece, "Red") is None


def test_a_layer_level_shows_its_image_and_extends_the_name() -> None:
    assert face_of(parse_add_piece(_piece("7", "null", "1"))) == (
        "rd-1-inf-front.png",
        "1st Rifles",
    )
    assert face_of(parse_add_piece(_piece("7", "null", "2"))) == (
        "rd-1-inf-back.png",
        "1st Rifles (reduced)",
    )


def test_a_stack_is_drawn_bottom_first_with_its_hidden_pieces_masked() -> None:
    bottom = parse_add_piece(_piece("7", "Red", "1"))
    top = parse_add_piece(_piece("8", "null", "2"))
    stack = parse_add_piece(
        encode(
            ["+", "9", "stack", encode(["The Valley", "769", "706", "7", "8", "@@-1"], ";")], "/"
        )
    )
    pieces = {"7": bottom, "8": top, "9": stack}
    shown = scene(pieces, ["The Valley"], "Blue")
    assert [(s.ref, s.image, s.name, s.depth) for s in shown] == [
        ("7", "hidden-rd.png", "Red Army unit", 0),
        ("8", "rd-1-inf-back.png", "1st Rifles (reduced)", 1),
    ]
    assert scene(pieces, ["Elsewhere"], "Blue") == ()
    assert {"1st Rifles", "rd-1-inf"} <= hidden_names(pieces, "Blue")
    assert hidden_names(pieces, "Red") == frozenset()
