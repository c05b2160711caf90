"""The cover: title, what the game is, contents with page numbers, and how to print the kit so the
backs line up."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.kit import flow
from toolkit.kit.flow import Line
from toolkit.kit.impose import Duplex
from toolkit.kit.layout import PagePlan
from toolkit.kit.paper import MM, Page
from toolkit.model import Game

SECTION = "Cover"
LEFT_OUT_TILES = (
    " A tile that would show nothing but open sea or empty ground is not printed: its square in "
    "the small grid is grey; leave its place empty."
)
"""Added to the tiling step when some map tile was left out."""
PAPER_NAMES = {"letter": "US Letter (8.5 × 11 in)", "a4": "A4 (210 × 297 mm)"}


@dataclass(frozen=True, slots=True)
class PrintGuide:
    """The facts the printing instructions need, in page numbers."""

    paper: str
    duplex: Duplex
    back_offset: tuple[float, float]
    bleed: float
    duplex_pages: tuple[int, int] | None
    """First and last page to print double-sided (calibration, counter and card sheets)."""
    single_pages: tuple[int, int] | None
    """First and last page to print single-sided (maps, charts, setups)."""
    calibration: tuple[int, int] | None
    counter_sheets: bool
    tiled_maps: bool
    option_hint: str = ""
    """How to give the offset on the command line, when the command line can."""
    card_sheets: bool = False
    blank_tiles: bool = False
    """Whether some map tile holds nothing and has no page."""


def cover_plans(
    game: Game, contents: list[tuple[str, int, int]], guide: PrintGuide, page: Page
) -> list[PagePlan]:
    """The cover pages, padded to an even count so the first double-sided page is a front."""
    bodies = flow.paginate(cover_lines(game, contents, guide, page.inner_width), page)
    plans = [PagePlan(page, SECTION, body) for body in bodies]
    if len(plans) % 2:
        note = flow.paginate(
            [
                Line(
                    "This page is left blank on purpose: every counter sheet "
                    "front falls on an odd page, its back on the next one.",
                    8,
                    colour="#777777",
                )
            ],
            page,
        )[0]
        plans.append(PagePlan(page, SECTION, note, label="back of the cover"))
    return plans


def cover_lines(
    game: Game, contents: list[tuple[str, int, int]], guide: PrintGuide, width: float
) -> list[Line]:
    """Title block (title, credits, the game's description), printing instructions (first:
    they matter most), contents."""
    lines = [Line(game.title, 26, True, space_before=10)]
    if game.subtitle:
        lines.extend(flow.paragraph(game.subtitle, width, size=14, space_before=2))
    credits = [f"Print-and-play kit, version {game.version}"]
    credits += [f"design: {game.designer}"] if game.designer else []
    credits += [game.publisher] if game.publisher else []
    credits += [str(game.year)] if game.year else []
    lines.extend(
        flow.paragraph(" · ".join(credits), width, size=10, space_before=4, colour="#444444")
    )
    for number, text in enumerate(p for p in game.description.split("\n") if p.strip()):
        lines.extend(
            flow.paragraph(text.strip(), width, size=10, space_before=10 if not number else 4)
        )
    lines.append(flow.heading("How to print", space_before=16))
    for number, text in enumerate(instructions(guide), start=1):
        lines.extend(flow.paragraph(f"{number}.  {text}", width, hanging=12, space_before=4))
    lines.append(flow.heading("Contents", space_before=16))
    for section, first, last in contents:
        pages = f"page {first}" if first == last else f"pages {first}–{last}"
        lines.append(Line(section, space_before=1, right=pages))
    return lines


def instructions(guide: PrintGuide) -> list[str]:
    """The printing steps, each naming the exact pages and printer setting to use."""
    flip = "long edge" if guide.duplex == "long-edge" else "short edge"
    other = "short-edge" if guide.duplex == "long-edge" else "long-edge"
    steps = [
        f"Paper: {PAPER_NAMES.get(guide.paper, guide.paper)}. In the print dialog choose 100 % "
        '("Actual size"), never "Fit to page" or "Shrink oversized pages": counters and '
        "maps are drawn to the exact size and a scaled print will not fit together.",
    ]
    if guide.calibration:
        first, second = guide.calibration
        offset = f"x {guide.back_offset[0] / MM:+.1f} mm, y {guide.back_offset[1] / MM:+.1f} mm"
        steps.append(
            f"Calibrate once per printer: print pages {first}–{second} as one double-sided sheet "
            f"(flip on {flip}). Check that its rulers measure 100 mm and 4 in, hold the sheet to "
            "a light and read, on the back, where the front's cross falls. Add the reading to "
            f"the back offset (now {offset}) and build the kit again{guide.option_hint}."
        )
    if guide.duplex_pages:
        first, last = guide.duplex_pages
        steps.append(
            f'Print pages {first}–{last} double-sided with "flip on {flip}": the backs are '
            f"laid out for it (for the other flip, build again with --duplex {other}). Each "
            f"{'counter and card' if guide.card_sheets else 'counter'} sheet front is an odd "
            "page and its backs the next one. Without a duplex "
            "printer: "
            "print the odd pages, put the stack back in the tray as your printer's manual "
            "shows, then print the even pages."
        )
    if guide.counter_sheets:
        register = (
            " The small targets in the margins coincide on both sides when the backs are "
            "in register."
            if guide.duplex_pages
            else ""
        )
        steps.append(
            "Cut the counters along the crop marks in the margin, with a steel ruler and a sharp "
            f"knife. Colour runs {guide.bleed / 72 * 25.4:.1f} mm past every cut, so a cut that "
            f"misses by a hair shows no white edge.{register}"
        )
    if guide.card_sheets:
        steps.append(
            "Cut the cards along the crop marks, then round each corner along its thin grey line "
            "(a corner rounder or small scissors). Each card's colour runs at least 3 mm past "
            "its outer cuts; where two cards touch, one cut parts them."
        )
    if guide.single_pages:
        first, last = guide.single_pages
        rest = "the rest" if guide.duplex_pages else "the kit"
        steps.append(f"Print {rest}, pages {first}–{last}, single-sided.")
    if guide.tiled_maps:
        steps.append(
            "Maps are tiled: tile A1 is the top-left one, the small grid at the foot of each "
            "page shows where it goes. Trim each tile along its dashed line(s), lay the cut edge "
            "on the neighbour's thin line so the map runs on, and tape the tiles from behind."
            + (LEFT_OUT_TILES if guide.blank_tiles else "")
        )
    return steps
