"""The cover: title, what the game is, contents with page numbers, and how to print the kit so the
backs line up."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.catalogue import Words, words
from toolkit.kit import flow
from toolkit.kit.flow import Line
from toolkit.kit.impose import Duplex
from toolkit.kit.layout import PagePlan
from toolkit.kit.paper import MM, Page
from toolkit.model import Game

PAPER_NAMES = {"letter": "kit.paper.letter", "a4": "kit.paper.a4"}
"""Message ids of the paper sizes' printed names."""


@dataclass(frozen=True, slots=True)
class PrintShop:
    """What a printer is told of the print-shop edition's file, besides its pages."""

    condition: str
    """The output condition the colours were made for (the CMYK profile's description)."""
    ink_limit: int
    """Percent: the most total ink any colour carries."""


@dataclass(frozen=True, slots=True)
class PrintGuide:
    """The facts the printing instructions need, in page numbers."""

    paper: str
    duplex: Duplex
    bleed: float
    duplex_pages: tuple[int, int] | None
    """First and last page to print double-sided (calibration, counter and card sheets)."""
    single_pages: tuple[int, int] | None
    """First and last page to print single-sided (maps, charts, setups)."""
    calibration: tuple[int, int] | None
    counter_sheets: bool
    tiled_maps: bool
    card_sheets: bool = False
    blank_tiles: bool = False
    """Whether some map tile holds nothing and has no page."""
    shop: PrintShop | None = None
    """The print-shop edition's job: the cover tells the printer, not a player at home."""


def cover_plans(
    game: Game, contents: list[tuple[str, int, int]], guide: PrintGuide, page: Page
) -> list[PagePlan]:
    """The cover pages, padded to an even count so the first double-sided page is a front."""
    say = words(game.language)
    section = say("kit.cover.section")
    bodies = flow.paginate(cover_lines(game, contents, guide, page.inner_width), page, even=True)
    plans = [PagePlan(page, section, body) for body in bodies]
    if len(plans) % 2:
        note = flow.paginate([Line(say("kit.cover.blank-page"), 8, colour="#777777")], page)[0]
        plans.append(PagePlan(page, section, note, label=say("kit.cover.back-label")))
    return plans


def cover_lines(
    game: Game, contents: list[tuple[str, int, int]], guide: PrintGuide, width: float
) -> list[Line]:
    """Title block (title, credits, the game's description), printing instructions (first:
    they matter most), contents."""
    say = words(game.language)
    lines = [Line(game.title, 26, True, space_before=10)]
    if game.subtitle:
        lines.extend(flow.paragraph(game.subtitle, width, size=14, space_before=2))
    edition = "kit.cover.edition-shop" if guide.shop else "kit.cover.edition"
    credits = [say(edition, version=game.version)]
    credits += [say("kit.cover.designer", designer=game.designer)] if game.designer else []
    credits += [game.publisher] if game.publisher else []
    credits += [str(game.year)] if game.year else []
    lines.extend(
        flow.paragraph(" · ".join(credits), width, size=10, space_before=4, colour="#444444")
    )
    for number, text in enumerate(p for p in game.description.split("\n") if p.strip()):
        lines.extend(
            flow.paragraph(text.strip(), width, size=10, space_before=10 if not number else 4)
        )
    heading = "kit.cover.for-the-printer" if guide.shop else "kit.cover.how-to-print"
    steps = shop_instructions(guide, guide.shop, say) if guide.shop else instructions(guide, say)
    lines.append(flow.heading(say(heading), space_before=16))
    for number, text in enumerate(steps, start=1):
        lines.extend(flow.paragraph(f"{number}.  {text}", width, hanging=12, space_before=4))
    lines.append(flow.heading(say("kit.cover.contents"), space_before=16))
    for section, first, last in contents:
        pages = (
            say("kit.cover.page", page=first)
            if first == last
            else say("kit.cover.pages", first=first, last=last)
        )
        lines.append(Line(section, space_before=1, right=pages))
    return lines


def instructions(guide: PrintGuide, say: Words) -> list[str]:
    """The printing steps, each naming the exact pages and printer setting to use."""
    flip = say("kit.print.long-edge" if guide.duplex == "long-edge" else "kit.print.short-edge")
    paper = say(PAPER_NAMES[guide.paper]) if guide.paper in PAPER_NAMES else guide.paper
    steps = [say("kit.print.paper", paper=paper)]
    if guide.calibration:
        first, second = guide.calibration
        calibrate = say("kit.print.calibrate", first=first, last=second, flip=flip)
        steps.append(" ".join([calibrate, *correction(guide.bleed, say)]))
    duplex = after_calibration(guide.duplex_pages, guide.calibration)
    if duplex:
        first, last = duplex
        steps.append(
            say(
                "kit.print.duplex-cards" if guide.card_sheets else "kit.print.duplex",
                first=first,
                last=last,
                flip=flip,
            )
        )
    if guide.counter_sheets:
        register = " " + say("kit.print.register") if guide.duplex_pages else ""
        bleed = say.number(guide.bleed / 72 * 25.4)
        steps.append(say("kit.print.cut-counters", bleed=bleed) + register)
    if guide.card_sheets:
        steps.append(say("kit.print.cut-cards"))
    if guide.single_pages:
        first, last = guide.single_pages
        rest = "kit.print.single-rest" if guide.duplex_pages else "kit.print.single-all"
        steps.append(say(rest, first=first, last=last))
    if guide.tiled_maps:
        tiles = say("kit.print.tiles")
        steps.append(tiles + " " + say("kit.print.tiles-left-out") if guide.blank_tiles else tiles)
    return steps


def after_calibration(
    pages: tuple[int, int] | None, calibration: tuple[int, int] | None
) -> tuple[int, int] | None:
    """The double-sided pages still to print once the calibration sheet, printed on its own in
    the step before (once per printer), is left out: a player following the steps would
    otherwise print it twice. None when nothing else prints double-sided."""
    if pages is None or calibration is None or calibration[0] != pages[0]:
        return pages
    if calibration[1] >= pages[1]:
        return None
    return calibration[1] + 1, pages[1]


def shop_instructions(guide: PrintGuide, shop: PrintShop, say: Words) -> list[str]:
    """The print-shop edition's job sheet: what the file is, which pages print on both sides,
    where the pieces are trimmed and cut. A printer needs no calibration or duplex advice."""
    paper = say(PAPER_NAMES[guide.paper]) if guide.paper in PAPER_NAMES else guide.paper
    steps = [say("kit.shop.file", condition=shop.condition, ink=shop.ink_limit, paper=paper)]
    if guide.duplex_pages:
        first, last = guide.duplex_pages
        flip = say("kit.print.long-edge" if guide.duplex == "long-edge" else "kit.print.short-edge")
        steps.append(say("kit.shop.duplex", first=first, last=last, flip=flip))
    if guide.single_pages:
        first, last = guide.single_pages
        steps.append(say("kit.shop.single", first=first, last=last))
    bleed = say.number(guide.bleed / MM)
    steps.append(say("kit.shop.trim", bleed=bleed))
    if guide.counter_sheets or guide.card_sheets:
        steps.append(say("kit.shop.die-lines"))
    if guide.tiled_maps:
        steps.append(say("kit.shop.tiles", bleed=bleed))
    return steps


def correction(bleed: float, say: Words) -> list[str]:
    """What a player does with a calibration reading: the printer's own back-side shift (a
    published kit cannot be built again), and nothing at all for a shift the ``bleed`` hides."""
    sentences = [say("kit.print.shift-back")]
    if bleed >= 0.25 * MM:
        sentences.append(say("kit.print.within-bleed", bleed=say.number(bleed / MM)))
    return sentences
