"""The scenario card: a printable PDF with everything a player needs to set the scenario up
and play it, drawn with the kit's own text flow, pages and PDF assembly.

Text first (title, author, version, the game and versions, the turns, the description, special
rules, victory conditions, the rules it waives and why, what starts where grouped by location,
control, reinforcements by turn), then a page per map excerpt, the units drawn on it.
"""

from __future__ import annotations

from dataclasses import replace

from toolkit.catalogue import Words, words
from toolkit.kit import flow
from toolkit.kit.flow import Line
from toolkit.kit.layout import PagePlan, Placement, page_svg
from toolkit.kit.paper import Page, Rect, paper
from toolkit.kit.pdf import ArtPdf, assemble, metadata, svg_to_pdf
from toolkit.kit.setups import gazetteer, setup_lines
from toolkit.model import Game
from toolkit.model.scenario import Scenario
from toolkit.publish.excerpt import Excerpt


def card_pdf(game: Game, scenario: Scenario, excerpts: list[Excerpt]) -> bytes:
    """The scenario card as PDF bytes (the same scenario gives the same bytes)."""
    page = paper(game.print.paper)
    say = words(game.language)
    section = say("publish.card.section")
    plans = [
        PagePlan(page, section, body)
        for body in flow.paginate(card_lines(game, scenario, page.inner_width), page)
    ]
    art: dict[str, ArtPdf] = {}
    for excerpt in excerpts:
        key = f"excerpt:{excerpt.map_id}"
        art[key] = ArtPdf(svg_to_pdf(excerpt.svg), excerpt.width, excerpt.height)
        plans.append(_map_plan(excerpt, key, page, section, say))
    title = f"{scenario.title} — {game.title}"
    pages = [
        (plan, svg_to_pdf(page_svg(plan, title, n, len(plans), say)))
        for n, plan in enumerate(plans, start=1)
    ]
    subject = say("publish.card.subject", version=scenario.version, author=scenario.author)
    return assemble(pages, art, metadata(title, subject))


def card_lines(game: Game, scenario: Scenario, width: float) -> list[Line]:
    """The card's text as wrapped lines, the setup's own lines (from the kit) last."""
    setup = scenario.setup
    setup_part = setup_lines(game, gazetteer(game), replace(setup, description=""), width)
    facts = 1
    while facts < len(setup_part) and not setup_part[facts].bold:
        facts += 1  # the turns and who moves first, up to the first heading
    lines = setup_part[:1]
    say = words(game.language)
    byline = say(
        "publish.card.byline",
        author=scenario.author,
        version=scenario.version,
        game=game.title,
        versions=versions_words(scenario, say),
        printed=game.version,
    )
    lines += flow.paragraph(byline, width, space_before=2)
    lines += setup_part[1:facts]
    if setup.description:
        lines += flow.paragraph(setup.description, width, space_before=4)
    lines += _numbered(say("publish.card.special-rules"), scenario.special_rules, width)
    lines += _numbered(say("publish.card.victory"), scenario.victory, width)
    lines += _numbered(
        say("publish.card.checked-victory"),
        [f"{rule.text} ({rule.cite})" for rule in scenario.victory_rules],
        width,
    )
    rules = {r.id: r for r in (*game.rules, *scenario.victory_rules)}
    waived = [
        f"{rules[rule].text} ({rules[rule].cite}) — {reason}" if rule in rules else reason
        for rule, reason in setup.waivers.items()
    ]
    lines += _numbered(say("publish.card.waived"), waived, width)
    return lines + setup_part[facts:]


def versions_words(scenario: Scenario, say: Words) -> str:
    """'1.0.0 to 1.9.0', '1.0.0 or later', 'up to 2.0.0' or 'any version', in the game's
    language: the game versions the scenario is written for."""
    low, high = scenario.min_version, scenario.max_version
    if low and high:
        return low if low == high else say("publish.card.versions-between", low=low, high=high)
    if low:
        return say("publish.card.versions-from", low=low)
    if high:
        return say("publish.card.versions-up-to", high=high)
    return say("publish.card.versions-any")


def _numbered(title: str, items: tuple[str, ...] | list[str], width: float) -> list[Line]:
    """A heading and its items, numbered, each wrapped under its number."""
    if not items:
        return []
    lines = [flow.heading(title)]
    for n, item in enumerate(items, start=1):
        lines += flow.paragraph(f"{n}. {item}", width, hanging=12.0, space_before=2)
    return lines


def _map_plan(excerpt: Excerpt, key: str, portrait: Page, section: str, say: Words) -> PagePlan:
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
        section,
        "",
        (Placement(key, clip, x, y, scale),),
        label=f"{excerpt.title} " + say("kit.tiles.scaled", percent=round(scale * 100)),
    )
