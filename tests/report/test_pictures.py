"""Drawing positions for a report: close-ups of moves on large boards."""

from __future__ import annotations

from toolkit.report.pictures import close_up
from toolkit.report.story import Move


def test_a_large_board_is_cropped_around_the_moves_on_it() -> None:
    moves = [Move("west", (1000, 1200), (1300, 1100), "1st Corps"), Move("east", None, (5, 5), "x")]
    assert close_up((4000, 3000), moves, "west", margin=100) == (900, 1000, 500, 300)


def test_the_close_up_stays_on_the_board() -> None:
    moves = [Move("west", None, (50, 2950), "1st Corps")]
    assert close_up((4000, 3000), moves, "west", margin=100) == (0, 2850, 150, 150)


def test_a_small_board_or_no_move_has_no_close_up() -> None:
    moves = [Move("west", (10, 10), (300, 300), "1st Corps")]
    assert close_up((1200, 900), moves, "west") is None
    assert close_up((4000, 3000), moves, "east") is None


def _png(size: tuple[int, int], colour: tuple[int, int, int, int]) -> bytes:
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse([0, 0, size[0] - 1, size[1] - 1], fill=colour)  # soft edges
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_each_frame_redrawn_in_part_is_the_whole_picture_drawn_afresh() -> None:
    """A replay redraws only where pieces changed and arrows were: every frame must be the
    very picture a full drawing of that step gives, stacks, edges and arrows included."""
    from PIL import ImageChops

    from toolkit.report.pictures import Images, Painter
    from toolkit.report.scene import Shown

    images = Images.of(
        {"board": _png((160, 120), (200, 220, 180, 255)), "a": _png((24, 24), (200, 30, 30, 200))}
    )
    board = images.data["board"]

    def piece(ref: str, at: tuple[int, int], depth: int = 0, image: str = "a") -> Shown:
        return Shown(ref, "west", at, image, ref, False, depth)

    steps = [
        ([piece("1", (30, 30)), piece("2", (30, 30), 1), piece("3", (150, 110))], []),
        (
            [piece("1", (30, 30)), piece("3", (150, 110)), piece("2", (80, 60))],
            [Move("west", (30, 30), (80, 60), "2", ((55, 30),))],
        ),
        ([piece("1", (30, 30)), piece("3", (4, 118)), piece("2", (80, 60), image="gone")], []),
        ([piece("2", (80, 60)), piece("1", (80, 60), 1)], [Move("west", None, (80, 60), "1")]),
    ]
    painter = Painter(images, scale=0.75)
    for number, frame in enumerate(painter.frames("west", board, steps)):
        whole = Painter(images, scale=0.75).position("west", board, *steps[number])
        assert ImageChops.difference(frame, whole).getbbox(alpha_only=False) is None, number
