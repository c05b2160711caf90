"""The whole kit: settings, every page planned and numbered, converted and bound into one PDF.

Order: cover (even page count), calibration front/back, counter sheets then card sheets (fronts
on odd pages, each followed by its backs), maps, charts, setup sheets, the rules summary. The
double-sided part comes first and starts on an odd page, so printing the whole file double-sided
still puts every back behind its front.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.artwork import Artwork, Drawing
from toolkit.cache import Cache
from toolkit.cache import key as cache_key
from toolkit.catalogue import words
from toolkit.kit import measure
from toolkit.kit.artwork import KitArt, kit_art, svg_size
from toolkit.kit.blank import background_spaces, window_needs
from toolkit.kit.calibration import calibration_plans
from toolkit.kit.cardsheets import card_sheet_plans
from toolkit.kit.charts import CHART_MODES, ChartItem, chart_pages
from toolkit.kit.cover import PrintGuide, PrintShop, cover_plans
from toolkit.kit.errors import KitError
from toolkit.kit.impose import DUPLEX_MODES, Duplex
from toolkit.kit.layout import PagePlan, page_svg, section_pages
from toolkit.kit.paper import PAPER_SIZES, paper
from toolkit.kit.pdf import ArtPdf, assemble, convert_direct, metadata, open_press, to_pdfx
from toolkit.kit.setups import setup_plans
from toolkit.kit.sheets import face_key, sheet_plans
from toolkit.kit.summary import summary_plans
from toolkit.kit.tiles import full_plan, plan_tiles, tile_plans
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.workers import Workers

MAP_MODES: tuple[str, ...] = ("tiled", "full", "both")
EDITIONS: tuple[str, ...] = ("home", "print-shop")
"""The kit's editions: the print-and-play kit, and the PDF/X one a printer accepts."""
PRINT_SHOP_BLEED = 3 * 72 / 25.4
"""The least bleed the print-shop edition gives every piece: the 3 mm printers ask for."""


@dataclass(frozen=True, slots=True)
class KitSettings:
    """The print options in force: game.json's ``print`` with the command line's overrides."""

    paper: str
    duplex: Duplex
    maps: str
    charts: str
    """'packed' or 'one-per-page' (see ``toolkit.kit.charts``)."""
    bleed: float
    gutter: float | None
    """print.gutter; None when unset (counters butt, cards take what the paper leaves)."""
    back_offset: tuple[float, float]
    shop: PrintShop | None = None
    """The print-shop edition's job; None for the home kit."""


def kit_settings(
    game: Game, options: BuildOptions, edition: str = "home", condition: str = ""
) -> KitSettings:
    """Merge the options and check them. The print-shop ``edition`` (its colours made for the
    output ``condition``) bleeds at least 3 mm and sets no back offset: that corrects one home
    printer's feed, and a press registers its backs itself.

    :raises KitError: an unknown paper, duplex, maps or charts mode, or a negative length.
    """
    settings = game.print
    name = (options.paper or settings.paper).lower()
    duplex = options.duplex or settings.duplex
    maps = options.maps or settings.maps
    offset = options.back_offset or settings.back_offset
    if name not in PAPER_SIZES:
        raise KitError(f"unknown paper {name!r}; use {', '.join(PAPER_SIZES)}")
    if duplex not in DUPLEX_MODES:
        raise KitError(f"unknown duplex mode {duplex!r}; use {' or '.join(DUPLEX_MODES)}")
    if maps not in MAP_MODES:
        raise KitError(f"unknown maps mode {maps!r}; use {', '.join(MAP_MODES)}")
    if settings.charts not in CHART_MODES:
        raise KitError(f"unknown charts mode {settings.charts!r}; use {' or '.join(CHART_MODES)}")
    if settings.bleed < 0 or (settings.gutter or 0.0) < 0:
        raise KitError("print.bleed and print.gutter must not be negative")
    shop = PrintShop(condition, options.ink_limit) if edition == "print-shop" else None
    return KitSettings(
        name,
        duplex,  # type: ignore[arg-type]  # checked against DUPLEX_MODES above
        maps,
        settings.charts,
        max(settings.bleed, PRINT_SHOP_BLEED) if shop else settings.bleed,
        settings.gutter,
        (0.0, 0.0) if shop else (float(offset[0]), float(offset[1])),
        shop,
    )


@dataclass(frozen=True, slots=True)
class KitPlan:
    """Every page in order, and the shared drawings they show."""

    pages: list[PagePlan]
    art: dict[str, Drawing]
    """Artwork key ('map:<id>', 'chart:<id>', 'face:<hash>') → its drawing."""


def plan_kit(game: Game, artwork: KitArt, settings: KitSettings) -> KitPlan:
    """Lay out every page of the kit (pure: no conversion, no I/O)."""
    page = paper(settings.paper)
    say = words(game.language)
    cards = card_sheet_plans(
        game,
        artwork.cards,
        page,
        settings.duplex,
        settings.back_offset,
        settings.bleed,
        settings.gutter,
    )
    # when nothing prints on a back there are no backs pages and nothing to calibrate
    two_sided = any(p.back is not None for p in artwork.counters.values()) or bool(cards.pages)
    sheets = sheet_plans(
        game,
        artwork.counters,
        page,
        settings.duplex,
        settings.back_offset,
        settings.bleed,
        settings.gutter or 0.0,
        backs=two_sided,
    )
    # a press needs no calibration: that page is for a home printer's back offset
    calibration = (
        calibration_plans(page, settings.duplex, settings.back_offset, settings.bleed, say)
        if two_sided and settings.shop is None
        else []
    )
    tile_bleed = settings.bleed if settings.shop else 0.0
    art: dict[str, Drawing] = dict(cards.art)
    for printed in artwork.counters.values():
        for face in (printed.front, printed.back):
            if face is not None and (key := face_key(face)) not in art:
                art[key] = Drawing(face, *svg_size(face))
    boards: list[PagePlan] = []
    blank_tiles = False
    for the_map in game.maps:
        if the_map.id not in artwork.maps:
            continue
        key, drawing = f"map:{the_map.id}", artwork.maps[the_map.id]
        art[key] = drawing
        section = say("kit.section.map", name=the_map.name)
        size = (drawing.width, drawing.height)
        if settings.maps in ("tiled", "both"):
            place = artwork.places.get(the_map.id)
            background = background_spaces(game, the_map.id)
            needs = window_needs(place, background) if place is not None else None
            names = place.names if place is not None else ()
            panels = place.blocks if place is not None else ()
            boxes = place.boxes if place is not None else ()
            cells = place.cells if place is not None else ()
            tiles = tile_plans(
                key,
                the_map.name,
                section,
                size,
                page,
                needs=needs,
                say=say,
                bleed=tile_bleed,
                words=names,
                blocks=panels,
                boxes=boxes,
                cells=cells,
            )
            planned = plan_tiles(
                *size, page, words=names, blocks=panels, needs=needs, boxes=boxes, cells=cells
            )[1]
            blank_tiles |= len(tiles) < len(planned)
            boards.extend(tiles)
        if settings.maps in ("full", "both"):
            boards.append(full_plan(key, the_map.name, section, size, say=say, bleed=tile_bleed))
    charts = []
    for chart in game.charts:
        if chart.id not in artwork.charts:
            continue
        key, drawing = f"chart:{chart.id}", artwork.charts[chart.id]
        art[key] = drawing
        charts.append(
            ChartItem(key, chart.title, chart.title, (drawing.width, drawing.height), say)
        )
    boards.extend(chart_pages(charts, page, settings.charts))
    # card sheets are double-sided like the counter sheets, so they are printed with them
    # sheets with nothing on the back open the single-sided part: no blank backs for them
    body = calibration + sheets.two_sided + cards.pages + sheets.one_sided + boards
    body += setup_plans(game, page) + summary_plans(game, page)
    count = 2
    for _attempt in range(4):  # the cover's length moves every page number: let it settle
        guide = _guide(
            settings,
            count,
            len(calibration),
            len(sheets.two_sided),
            len(body),
            settings.maps != "full" and bool(game.maps),
            len(cards.pages),
            blank_tiles,
            two_sided,
            bool(sheets.one_sided),
        )
        cover = cover_plans(game, section_pages(body, first=count + 1), guide, page)
        if len(cover) == count:
            break
        count = len(cover)
    return KitPlan(cover + body, art)


def _guide(
    settings: KitSettings,
    cover: int,
    calibration: int,
    sheets: int,
    body: int,
    tiled: bool,
    cards: int = 0,
    blank_tiles: bool = False,
    two_sided: bool = True,
    one_sided_sheets: bool = False,
) -> PrintGuide:
    """Page ranges for the instructions, given how many pages each part has (``sheets``: the
    pages of the two-sided counter sheets; ``two_sided``: whether the sheets print backs;
    ``one_sided_sheets``: whether some counter sheets print with the single-sided pages)."""
    first = cover + 1
    double_end = cover + (calibration + sheets + cards if two_sided else 0)
    return PrintGuide(
        settings.paper,
        settings.duplex,
        settings.bleed,
        (first, double_end) if two_sided and sheets + cards else None,
        (double_end + 1, cover + body) if cover + body > double_end else None,
        (first, first + 1) if calibration else None,
        sheets > 0 or one_sided_sheets,
        tiled,
        cards > 0,
        blank_tiles,
        settings.shop,
    )


def build_kit(
    game: Game, artwork: Artwork, options: BuildOptions, workers: Workers, edition: str = "home"
) -> bytes:
    """The print-and-play kit of ``game`` as PDF bytes, placing the build's ``artwork``; the
    print-shop ``edition`` as PDF/X-4 in CMYK, with die lines (:mod:`toolkit.kit.pdf.pdfx`).

    :raises KitError: bad print options, a counter too large for the paper, or (print-shop)
        no CMYK profile.
    """
    press = open_press(options.ink_limit) if edition == "print-shop" else None
    settings = kit_settings(game, options, edition, press.description if press else "")
    say = words(game.language)
    cache = Cache.open(options.cache)
    widths_key = cache_key("kit-text-widths")
    with measure.remembered(cache.get(widths_key)) as widths:
        plan = plan_kit(game, kit_art(game, artwork), settings)
        total = len(plan.pages)
        pages_svg = [
            page_svg(p, game.title, n, total, say) for n, p in enumerate(plan.pages, start=1)
        ]
    if (learned := widths.learned()) is not None:
        cache.put(widths_key, learned)
    # maps first: the longest to convert, they start while the rest is drawn
    keys = sorted(plan.art, key=lambda k: (not k.startswith("map:"), k))
    drawn = convert_direct([plan.art[k].svg for k in keys] + pages_svg, workers, cache)
    art = {
        k: ArtPdf(pdf, plan.art[k].width, plan.art[k].height)
        for k, pdf in zip(keys, drawn[: len(keys)], strict=True)
    }
    pages = list(zip(plan.pages, drawn[len(keys) :], strict=True))
    described = say("kit.cover.edition", version=game.version)
    subject = f"{described}; {settings.paper}, {settings.duplex}"
    if press is None:
        return assemble(pages, art, metadata(game.title, subject), cache, options.die_lines)
    home = assemble(pages, art, metadata(game.title, subject), cache, die_lines=True)
    return to_pdfx(home, press, game.title)
