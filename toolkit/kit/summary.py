"""The rules summary: every checkable rule (rules.json) in its own words, with its citation.

The module and ``toolkit check`` quote these rules when a position breaks one; the printed kit
lists the same sentences, grouped by what they govern, so players at a table read what the
checker will hold them to and where the rulebook says it. The module's Help menu shows the same
summary as one HTML page (:func:`summary_html`).
"""

from __future__ import annotations

from html import escape

from toolkit.catalogue import words
from toolkit.kit import flow
from toolkit.kit.flow import Line
from toolkit.kit.layout import PagePlan
from toolkit.kit.paper import Page
from toolkit.model import Game
from toolkit.model.rules import CombatRule, Rule

INDENT = 14.0
KINDS = (
    "stacking",
    "entry",
    "movement",
    "zoc",
    "combat",
    "supply",
    "capacity",
    "placement",
    "counter-mix",
    "victory",
)
"""Rule kinds, in the order a turn meets them; each heading is the message 'rules.kind.<kind>'."""
WHEN = ("setup", "end-of-phase", "end-of-turn", "movement")
"""When a rule is checked, where it is not at every moment: the message 'rules.when.<when>'."""


def summary_plans(game: Game, page: Page) -> list[PagePlan]:
    """The rules summary pages; none when the game has no checkable rules."""
    if not game.rules:
        return []
    bodies = flow.paginate(summary_lines(game, page.inner_width), page)
    section = words(game.language)("rules.summary.title")
    return [PagePlan(page, section, body) for body in bodies]


def summary_lines(game: Game, width: float) -> list[Line]:
    """A heading per kind of rule, then each rule: citation and text, and its conditions."""
    say = words(game.language)
    lines = [flow.heading(say("rules.summary.title"), size=16, space_before=0)]
    lines.extend(
        flow.paragraph(say("rules.summary.intro"), width, space_before=2, colour="#444444")
    )
    for kind in KINDS:
        rules = printed_rules(game, kind)
        if not rules:
            continue
        lines.append(flow.heading(say(f"rules.kind.{kind}")))
        for rule in rules:
            lines.extend(rule_lines(game, rule, width))
    return lines


def printed_rules(game: Game, kind: str) -> list[Rule]:
    """The rules of a kind as a reader needs them: one rule of the rulebook written as several
    checkable rules (a side's victory by either of two pairs of capitals) shares its citation,
    text and conditions, and is printed once."""
    seen: set[tuple[str, str, str]] = set()
    found = []
    for rule in game.rules:
        said = (rule.cite.strip(), " ".join(rule.text.split()), rule_notes(game, rule))
        if rule.kind == kind and said not in seen:
            seen.add(said)
            found.append(rule)
    return found


def rule_lines(game: Game, rule: Rule, width: float) -> list[Line]:
    """'EE 5.5  No limit in an ordinary area…', then when, unless and for which scenarios."""
    cite = rule.cite.strip()
    lines = flow.paragraph(
        f"{cite}  {rule.text}" if cite else rule.text, width, hanging=INDENT, space_before=3
    )
    notes = rule_notes(game, rule)
    if notes:
        lines.extend(
            flow.paragraph(notes, width, size=8, indent=INDENT, hanging=0.0, colour="#555555")
        )
    return lines


def rule_notes(game: Game, rule: Rule) -> str:
    """The rule's conditions in words: when it is checked, what lifts it, where it applies."""
    say = words(game.language)
    notes = []
    if rule.when in WHEN:
        notes.append(say(f"rules.when.{rule.when}"))
    if rule.severity in ("warning", "info") and rule.kind != "victory":
        notes.append(say("rules.note.reminder"))
    if rule.severity == "ignore":
        notes.append(say("rules.note.unchecked"))
    if rule.unless:
        notes.append(say("rules.note.unless", condition=rule.unless.strip().rstrip(".")))
    if isinstance(rule, CombatRule) and rule.modifiers:
        listed = say("punct.semicolon").join(f"{m.text} ({m.cite})" for m in rule.modifiers)
        notes.append(say("rules.note.modifiers", modifiers=listed))
    if rule.setups:
        names = {setup.id: setup.name for setup in game.setups}
        only = ", ".join(names.get(s, s) for s in sorted(rule.setups))
        notes.append(say("rules.note.only-in", setups=only))
    if not notes:
        return ""
    text = say("punct.semicolon").join(notes)
    return text[0].upper() + text[1:] + "."


def summary_html(game: Game) -> bytes:
    """The rules summary as one HTML page, under the game's title, credits and description:
    what the module's Help menu shows in VASSAL's own help window. The page is plain HTML 3.2
    (all that window draws) and ASCII, every other character a reference, so it reads the same
    whatever charset the window assumes."""
    say = words(game.language)
    section = say("rules.summary.title")
    credits = [say("kit.cover.designer", designer=game.designer)] if game.designer else []
    credits += [game.publisher] if game.publisher else []
    credits += [str(game.year)] if game.year else []
    parts = [f"<html><head><title>{_html(game.title)}: {_html(section)}</title></head><body>"]
    parts.append(f"<h1>{_html(game.title)}</h1>")
    if game.subtitle:
        parts.append(f"<p><i>{_html(game.subtitle)}</i></p>")
    if credits:
        parts.append(f"<p>{_html(' · '.join(credits))}</p>")
    parts += [
        f"<p>{_html(text.strip())}</p>" for text in game.description.split("\n") if text.strip()
    ]
    parts.append(f"<h2>{_html(section)}</h2>")
    if not game.rules:
        parts.append(f"<p>{_html(say('rules.summary.none'))}</p>")
    else:
        parts.append(f"<p>{_html(say('rules.summary.intro'))}</p>")
    for kind in KINDS:
        rules = printed_rules(game, kind)
        if rules:
            parts.append(f"<h3>{_html(say(f'rules.kind.{kind}'))}</h3>")
            parts += [_rule_html(game, rule) for rule in rules]
    parts.append("</body></html>\n")
    return "\n".join(parts).encode("ascii", "xmlcharrefreplace")


def _rule_html(game: Game, rule: Rule) -> str:
    """One rule: its citation in bold, its text, its conditions below in grey."""
    cite = rule.cite.strip()
    head = f"<b>{_html(cite)}</b>&nbsp; " if cite else ""
    notes = rule_notes(game, rule)
    below = f'<br><font color="#555555" size="-1">{_html(notes)}</font>' if notes else ""
    return f"<p>{head}{_html(rule.text)}{below}</p>"


def _html(text: str) -> str:
    return escape(text, quote=False)
