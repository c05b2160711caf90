"""The report page: one self-contained HTML file (images inlined), one section per step of the
log, grouped by turn, with buttons, a slider, the arrow keys and a link (#step-N) to each step.
Every text in it comes from a log or a module, so every text is escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from toolkit.catalogue import Words
from toolkit.report.pictures import (
    Images,
    Refs,
    board_state_svg,
    close_up,
    image_defs,
    step_svg,
)
from toolkit.report.scene import Shown
from toolkit.report.story import Hand, Step, chat_title
from toolkit.report.summary import TurnSummary, turn_groups

STYLE = """
body{font-family:system-ui,sans-serif;margin:0;display:flex;height:100vh;color:#222}
nav.steps{width:16rem;overflow:auto;border-right:1px solid #ccc;padding:.5rem;font-size:.9rem}
nav.steps h3{margin:.6rem 0 .2rem;font-size:.95rem}
nav.steps a{display:block;padding:.1rem .3rem;color:#245;text-decoration:none}
nav.steps a.current{background:#245;color:#fff}
nav.steps a.broke::after{content:" \\26A0";color:#c00}
main{flex:1;overflow:auto;padding:.5rem 1rem}
.controls{display:flex;gap:.5rem;align-items:center;position:sticky;top:0;background:#fff;
padding:.3rem 0;z-index:1}
.controls input[type=range]{flex:1}
svg.board{width:100%;height:auto;max-height:78vh;border:1px solid #999;margin:.3rem 0}
svg.close-up{max-height:50vh}
.move:is(line,polyline){stroke:#d7191c;stroke-width:6;stroke-linecap:round;
stroke-linejoin:round;fill:none}
circle.moved{fill:none;stroke:#d7191c;stroke-width:4}
.broken{color:#a00}
.chat{font-family:ui-monospace,monospace;white-space:pre-wrap;background:#f4f4f4;padding:.3rem}
section.step[hidden]{display:none}
section.step{scroll-margin-top:3rem}
.others summary{cursor:pointer;color:#245}
"""

SCRIPT = """
const steps=[...document.querySelectorAll('section.step')];
const links=[...document.querySelectorAll('nav.steps a')];
const slider=document.getElementById('slider');
const label=document.getElementById('where');
let current=0;
function show(n){
  n=Math.max(0,Math.min(steps.length-1,n));current=n;
  steps.forEach((s,i)=>{s.hidden=i!==n;});
  links.forEach((a,i)=>a.classList.toggle('current',i===n));
  links[n].scrollIntoView({block:'nearest'});
  slider.value=n;label.textContent=steps[n].dataset.title;
  if(location.hash!=='#'+steps[n].id)history.replaceState(null,'','#'+steps[n].id);
}
function fromHash(){const i=steps.findIndex(s=>'#'+s.id===location.hash);show(i<0?0:i);}
document.getElementById('previous').onclick=()=>show(current-1);
document.getElementById('next').onclick=()=>show(current+1);
document.getElementById('first').onclick=()=>show(0);
document.getElementById('last').onclick=()=>show(steps.length-1);
slider.oninput=()=>show(+slider.value);
links.forEach((a,i)=>a.onclick=(e)=>{e.preventDefault();show(i);});
document.addEventListener('keydown',(e)=>{
  if(e.key==='ArrowRight'||e.key==='PageDown'){show(current+1);e.preventDefault();}
  if(e.key==='ArrowLeft'||e.key==='PageUp'){show(current-1);e.preventDefault();}
  if(e.key==='Home'){show(0);} if(e.key==='End'){show(steps.length-1);}
});
window.addEventListener('hashchange',fromHash);
fromHash();
"""


def step_title(step: Step, say: Words) -> str:
    """'Step 4 — Turn 1 Movement', or 'Start of the log' for the game as the log began, in
    the game's language (the turn as the log names it)."""
    if step.number == 0:
        return say("report.page.start-of-log")
    if step.turn:
        return say("report.page.step.turn", number=step.number, turn=step.turn)
    return say("report.page.step", number=step.number)


def _nav(steps: Sequence[Step], say: Words) -> str:
    parts = [f'<nav class="steps" aria-label="{escape(say("report.page.steps"))}">']
    start = say("report.page.start")
    for group in turn_groups(steps):
        heading = start if group[0].number == 0 else group[0].turn
        heading = heading or say("report.before-first-turn")
        parts.append(f"<h3>{escape(heading)}</h3>")
        for step in group:
            broke = ' class="broke"' if step.broken else ""
            said = chat_title(step.chat[0], say) if step.chat else ""
            what = step.moves[0].name if step.moves else said
            text = f"{step.number}. {what}" if step.number else start
            parts.append(f'<a href="#step-{step.number}"{broke}>{escape(_short(text))}</a>')
    parts.append("</nav>")
    return "".join(parts)


def _short(text: str, most: int = 48) -> str:
    """``text`` cut to ``most`` characters, an ellipsis saying so."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


class BoardStates:
    """Each state of each board the steps show, written once and referred to by every step
    that shows it (a step redraws the boards it changed, not the others)."""

    def __init__(self, images: Images, refs: Refs, board_refs: Mapping[str, str]) -> None:
        self.images, self.refs, self.board_refs = images, refs, board_refs
        self.last: dict[str, tuple[tuple[Shown, ...], str]] = {}
        self.written: list[str] = []

    def ref(self, board: str, pieces: Sequence[Shown]) -> str:
        """The id of the board's state with ``pieces`` on it (those of the board, in order)."""
        on = tuple(piece for piece in pieces if piece.board == board)
        last = self.last.get(board)
        if last is not None and last[0] == on:
            return last[1]
        state_ref = f"s{len(self.written)}"
        board_ref = self.board_refs[board]
        self.written.append(board_state_svg(state_ref, board_ref, on, self.images, self.refs))
        self.last[board] = (on, state_ref)
        return state_ref


def _section(
    step: Step, boards: Mapping[str, tuple[int, int]], states: BoardStates, say: Words
) -> str:
    title = step_title(step, say)
    parts = [
        f'<section class="step" id="step-{step.number}" data-title="{escape(title)}">',
        f"<h2>{escape(title)}</h2>",
    ]
    moved = {move.board for move in step.moves} or set(list(boards)[:1])
    others: list[str] = []
    for board, size in boards.items():
        state = states.ref(board, step.pieces)
        drawn = step_svg(board, size, state, step.moves)
        view = close_up(size, step.moves, board)
        if view is not None:
            parts.append(step_svg(board, size, state, step.moves, view))
        if board in moved:
            parts.append(drawn)
        else:
            others.append(f"<details><summary>{escape(board)}</summary>{drawn}</details>")
    if others:
        parts.append('<div class="others">' + "".join(others) + "</div>")
    for move in step.moves:
        moved_how = "report.page.moves" if move.start is not None else "report.page.enters"
        parts.append(f'<p class="move">{escape(say(moved_how, piece=move.name))}</p>')
    if step.hands:
        held = [
            say("report.page.hand", side=hand.name, cards=_hand(hand, say)) for hand in step.hands
        ]
        parts.append(f'<p class="hands">{escape(" · ".join(held))}</p>')
    for place in step.combats:
        parts.append(f'<p class="combat">{escape(say("report.page.combat", place=place))}</p>')
    for place in step.taken:
        parts.append(f'<p class="taken">{escape(say("report.page.taken", place=place))}</p>')
    if step.dice:
        rolls = say("punct.semicolon").join(step.dice)
        parts.append(f'<p class="dice">{escape(say("report.page.dice", rolls=rolls))}</p>')
    if step.chat:
        parts.append(f'<div class="chat">{escape(chr(10).join(step.chat))}</div>')
    if step.broken:
        parts.append('<ul class="broken">')
        for b in step.broken:
            where = f" ({', '.join(b.places)})" if b.places else ""
            rule = say("report.page.rule", cite=b.cite, places=where, message=b.message)
            parts.append(f"<li>{escape(rule)}</li>")
        parts.append("</ul>")
    parts.append("</section>")
    return "".join(parts)


def _hand(hand: Hand, say: Words) -> str:
    """The viewer's own hand by its cards, another side's by how many it holds."""
    if hand.cards:
        return ", ".join(hand.cards)
    return say(f"report.page.cards.{'one' if hand.count == 1 else 'many'}", count=hand.count)


def _controls(last: int, say: Words) -> str:
    """The buttons and the slider that go from step to step."""

    def button(key: str, text: str) -> str:
        tip = escape(say(f"report.page.{key}.tip"))
        return f'<button id="{key}" title="{tip}">{text}</button>'

    label = escape(say("report.page.slider"))
    return (
        '<div class="controls">'
        + button("first", f"&laquo; {escape(say('report.page.first'))}")
        + button("previous", f"&lsaquo; {escape(say('report.page.previous'))}")
        + f'<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="{label}">'
        + button("next", f"{escape(say('report.page.next'))} &rsaquo;")
        + button("last", f"{escape(say('report.page.last'))} &raquo;")
        + '<span id="where"></span></div>'
    )


def report_page(
    title: str,
    steps: Sequence[Step],
    boards: Mapping[str, tuple[str, bytes, tuple[int, int]]],
    images: Images,
    summaries: Sequence[TurnSummary],
    problems: Sequence[str],
    say: Words,
) -> str:
    """The whole page in the game's language (``boards``: board name → (ref, PNG, size) in
    the page's order)."""
    refs = Refs()
    sizes = {name: size for name, (_, _, size) in boards.items()}
    board_refs = {name: ref for name, (ref, _, _) in boards.items()}
    states = BoardStates(images, refs, board_refs)
    sections = "".join(_section(s, sizes, states, say) for s in steps)
    pngs = {name: (ref, png) for name, (ref, png, _) in boards.items()}
    defs = image_defs(refs, images, pngs, states.written)
    summary = "".join(f"<li>{escape(s.text(say))}</li>" for s in summaries)
    unread = "".join(f"<li>{escape(p)}</li>" for p in problems)
    last = max(len(steps) - 1, 0)
    turn_by_turn = escape(say("report.page.turn-by-turn"))
    unread_heading = escape(say("report.page.unread"))
    return (
        f'<!DOCTYPE html><html lang="{escape(say.language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        f"{defs}{_nav(steps, say)}<main><h1>{escape(title)}</h1>{_controls(last, say)}"
        f'{sections}<h2>{turn_by_turn}</h2><ul class="summary">{summary}</ul>'
        + (f'<h2>{unread_heading}</h2><ul class="problems">{unread}</ul>' if unread else "")
        + f"</main><script>{SCRIPT}</script></body></html>"
    )
