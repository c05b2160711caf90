"""The scenario card: a printable PDF with everything a player needs to set the scenario up
and play it, drawn with the kit's own text flow, pages and PDF assembly.

Text first (title, author, version, the game and versions, the turns, the description, special
rules, victory conditions, the rules it waives and why, what starts where grouped by location,
control, reinforcements by turn), then a page per map excerpt, the units drawn on it.
"""

from __future__ import annotations

from dataclasses import replace

from toolkit.kit import flow
from toolkit.kit.flow import Line
from toolkit.kit.layout import PagePlan, Placement, page_svg
from toolkit.kit.paper import Page, Rect, paper
from toolkit.kit.pdf import ArtPdf, assemble, metadata, svg_to_pdf
from toolkit.kit.setups import gazetteer, setup_lines
from toolkit.model import Game
from toolkit.model.scenario import Scenario
from toolkit.publish.excerpt import Excerpt

SECTION = "Scenario"


def card_pdf(game: Game, scenario: Scenario, excerpts: list[Excerpt]) -> bytes:
    """The scenario card as PDF bytes (the same scenario gives the same bytes)."""
    page = paper(game.print.paper)
    plans = [
        PagePlan(page, SECTION, body)
        for body in flow.paginate(card_lines(game, scenario, page.inner_width), page)
    ]
    art: dict[str, ArtPdf] = {}
    for excerpt in excerpts:
        key = f"excerpt:{excerpt.map_id}"
        art[key] = ArtPdf(svg_to_pdf(excerpt.svg), excerpt.width, excerpt.height)
        plans.append(_map_plan(excerpt, key, page))
    title = f"{scenario.title} — {game.title}"
    pages = [
        (plan, svg_to_pdf(page_svg(plan, title, n, len(plans))))
        for n, plan in enumerate(plans, start=1)
    ]
    subject = f"Scenario card, version {scenario.version}, by {scenario.author}"
    return assemble(pages, art, metadata(title, subject))


def card_lines(game: Game, scenario: Scenario, width: float) -> list[Line]:
    """The card's text as wrapped lines, the setup's own lines (from the kit) last."""
    setup = scenario.setup
    setup_part = setup_lines(game, gazetteer(game), replace(setup, description=""), width)
    facts = 1
    while facts < len(setup_part) and not setup_part[facts].bold:
        facts += 1  # the turns and who moves first, up to the first heading
    lines = setup_part[:1]
    byline = (
        f"By {scenario.author}. Scenario version {scenario.version}, for {game.title} "
        f"{scenario.versions_text()} (this card printed for version {game.version})."
    )
    lines += flow.paragraph(byline, width, space_before=2)
    lines += setup_part[1:facts]
    if setup.description:
        lines += flow.paragraph(setup.description, width, space_before=4)
    lines += _numbered("Special rules", scenario.special_rules, width)
    lines += _numbered("Victory conditions", scenario.victory, width)
    lines += _numbered(
        "Checked victory rules",
        [f"{rule.text} ({rule.cite})" for rule in scenario.victory_rules],
        width,
    )
    rules = {r.id: r for r in (*game.rules, *scenario.victory_rules)}
    waived = [
        f"{rules[rule].text} ({rules[rule].cite}) — {reason}" if rule in rules else reason
        for rule, reason in setup.waivers.items()
    ]
    lines += _numbered("Rules this scenario waives, and why", waived, width)
    return lines + setup_part[facts:]


def _numbered(title: str, items: tuple[str, ...] | list[str], width: float) -> list[Line]:
    """A heading and its items, numbered, each wrapped under its number."""
    if not items:
        return []
    lines = [flow.heading(title)]
    for n, item in enumerate(items, start=1):
        lines += flow.paragraph(f"{n}. {item}", width, hanging=12.0, space_before=2)
    return lines


def _map_plan(excerpt: Excerpt, key: str, portrait: Page) -> PagePlan:
    """A page showing one excerpt, as large as fits, turned to suit its shape."""
    page = portrait.turned() if (excerpt.width > excerpt.height) != portrait.landscape else portrait
    top = page.margin + 24.0
    room_w, room_h = page.inner_width, page.height - page.margin - top
    scale = min(room_w / excerpt.width, room_h / excerpt.height, 1.0)
    width, height = excerpt.width * scale, excerpt.height * scale
    x = page.margin + (room_w - width) / 2
    y = top
    clip: Rect = (x, y, width, height)
    return PagePlan(
        page,
        SECTION,
        "",
        (Placement(key, clip, x, y, scale),),
        label=f"{excerpt.title} at {round(scale * 100)}%",
    )
