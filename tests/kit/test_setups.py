"""The setup sheet's reinforcements: by side like the starting positions, by turn within a
side, with where they enter and the box they wait in, read back from the kit's PDF."""

from __future__ import annotations

import dataclasses

import pytest

from tests.conftest import SOURCES, load_fixture
from tests.kit.conftest import make_kit, page_texts
from toolkit.kit.setups import gazetteer, printed_setups, setup_lines
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.chips import stacks_on_chips
from toolkit.model.scenario import PieceState, Reinforcement, Setup


@pytest.fixture(scope="module")
def crossing() -> Game:
    return load_fixture("river-crossing")


def _lines(game: Game) -> list[str]:
    setup = game.setups[0]
    return [line.text for line in setup_lines(game, gazetteer(game), setup, 500.0)]


def _section(lines: list[str], heading: str) -> list[str]:
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("Reinforcements")), None)
    return lines[start:end]


def test_the_kit_shows_where_reinforcements_wait_and_enter(crossing: Game) -> None:
    pages = [t for t in page_texts(make_kit(crossing)) if "Setup: The Crossing" in t]
    text = "\n".join(pages)
    blue = text.index("Reinforcements: Blue")
    red = text.index("Reinforcements: Red")
    assert text.index("Starting positions: Red") < blue < red
    assert (
        "Turn 2 — enter at the west edge of The Crossing\n"
        "Set up waiting in Blue Reinforcements:\n"
        "1 × Blue Infantry [Blue Army]\n"
        "1 × Blue Armour [Blue Army]\n"
        "Enter anywhere on the west edge."
    ) in text[blue:red]
    assert "Turn 3 — enter at 1001-1008 (The Crossing)\n1 × Red Infantry [Red Army]" in text[red:]
    assert "[Blue Army]" not in text[red:]


def test_an_arrival_of_both_sides_is_listed_under_each(crossing: Game) -> None:
    setup = crossing.setups[0]
    mixed = Reinforcement(
        4, (PieceState("rd-inf", 1), PieceState("bl-inf", 2)), at="front:0704", note="Both."
    )
    game = dataclasses.replace(
        crossing,
        setups=(dataclasses.replace(setup, reinforcements=(mixed, *setup.reinforcements)),),
    )
    lines = _lines(game)
    blue = _section(lines, "Reinforcements: Blue")
    red = _section(lines, "Reinforcements: Red")
    # By turn within a side, whatever the source's order; each side sees only its pieces.
    assert blue.index("Turn 2 — enter at the west edge of The Crossing") < blue.index(
        "Turn 4 — at Bridgeton — 0704"
    )
    assert "2 × Blue Infantry [Blue Army]" in blue and "1 × Red Infantry [Red Army]" not in blue
    assert red[:3] == [
        "Turn 3 — enter at 1001-1008 (The Crossing)",
        "1 × Red Infantry [Red Army]",
        "Red's last infantry.",
    ]
    assert red[3:] == [
        "Turn 4 — at Bridgeton — 0704",
        "1 × Red Infantry [Red Army]",
        "Both.",
    ]


def test_one_sides_reinforcements_name_no_side(crossing: Game) -> None:
    setup = crossing.setups[0]
    blue_only = dataclasses.replace(setup, reinforcements=setup.reinforcements[:1])
    lines = _lines(dataclasses.replace(crossing, setups=(blue_only,)))
    assert "Reinforcements: Blue" in lines and "Reinforcements: Red" not in lines


def test_a_piece_set_up_on_a_named_face_is_called_by_that_name() -> None:
    """A damaged battleship set up damaged reads as its back's own name, not 'German
    battleship (back)'; a face without a name of its own still says which face it is."""
    from tests.model.rule_games import game
    from toolkit.kit.setups import piece_text

    aae = game("axis-allies-europe")
    assert (
        piece_text(aae, PieceState("ge-battleship", 1, face="back"))
        == "1 × German battleship (damaged) [Germany]"
    )
    crossing = load_fixture("river-crossing")
    infantry = next(c for c in crossing.counters if c.back is not None and c.back.name == c.name)
    assert "(back)" in piece_text(crossing, PieceState(infantry.id, 1, face="back"))


def test_a_piece_whose_name_says_whose_it_is_gets_no_owner_in_brackets() -> None:
    """'German Empire fighter [German Empire]' says it twice; 'German battleship [Germany]'
    and a piece the scenario hands to another power keep the bracket."""
    from tests.model.rule_games import game
    from toolkit.kit.setups import piece_text

    aa = game("axis-allies-1914")
    assert piece_text(aa, PieceState("ge-fighter", 1)) == "1 × German Empire fighter"
    assert piece_text(aa, PieceState("ge-fighter", 1, owner="ah")) == (
        "1 × German Empire fighter [Austria-Hungary]"
    )
    aae = game("axis-allies-europe")
    assert piece_text(aae, PieceState("ge-battleship", 1)) == "1 × German battleship [Germany]"


def test_the_sheet_says_what_each_deck_hand_and_cup_holds_at_the_start() -> None:
    """A player sorts cards and counters before play: the draw pile, the hand, the cards that
    join later, and the counters each cup holds (the setup's, else what the deck declares)."""
    cards = load_fixture("cards-hex")
    lines = _lines(cards)
    blue = _section(lines, "Cards")
    assert blue[:4] == [
        "Blue events (Blue)",
        "Shuffled into the deck: Forced March.",
        "In hand: Air Reconnaissance.",
        "Joining at turn 3: 2 × Heavy Guns.",
    ]
    pools = _section(lines, "Cups and pools: counters drawn at random")
    assert pools == ["Red reinforcements (Red)", "2 × 1st Rifles, face down."]


def test_a_stack_beyond_the_printed_figures_is_one_figure_on_chips() -> None:
    """A&A 1914 prints 16 infantry per power for Germany's 63: each space's stack is one figure
    on chips, the largest chips first while the side's pile has them, then the small ones."""
    from tests.model.rule_games import game

    aa = game("axis-allies-1914")
    setup = aa.setup("start-1914-triplea")
    darks = 15  # of the 20 the Central Powers' stacks could use: 25 more light ones instead
    few = tuple(
        dataclasses.replace(c, count=darks) if c.id == "chip-cp-5" else c for c in aa.counters
    )
    laid = stacks_on_chips(dataclasses.replace(aa, counters=few), setup)
    values = {"chip-cp-5": 5, "chip-cp-1": 1}
    red = [s for (_, c, _), s in laid.items() if aa.counter(c).faction in ("ge", "ah", "ot")]
    assert sum(n for s in red for c, n in s.chips if c == "chip-cp-5") == darks
    assert all(1 + sum(values[c] * n for c, n in s.chips) == s.units for s in red)
    assert all(c in values for s in red for c, _ in s.chips)  # never the Allies' blue chips
    lines = _lines_of(aa, setup)
    assert (
        "7 × German Empire infantry: "
        "1 figure on 1 × Dark red chip (5 units), 1 × Light red chip (1 unit)"
    ) in lines


def test_a_game_without_chips_lays_out_figures_only(crossing: Game) -> None:
    assert stacks_on_chips(crossing, crossing.setups[0]) == {}
    assert not any("figure on" in line for line in _lines(crossing))


def _lines_of(game: Game, setup: Setup) -> list[str]:
    return [line.text for line in setup_lines(game, gazetteer(game), setup, 600.0)]


def test_control_is_listed_by_map_and_nation_with_runs_of_hexes() -> None:
    """DFF's grand campaign controls some 3,000 hexes on seven maps: the sheet lists them
    under each map's name, then by nation, as runs down a column, and the runs read back to
    exactly the hexes the setup gives."""
    from tests.model.rule_games import game

    dff = game("distant-foreign-fields")
    setup = dff.setup("grand-campaign")
    lines = _lines_of(dff, setup)
    control = lines[lines.index("Control at start") + 1 : lines.index("Cards")]
    assert len(control) < 100  # a page and a bit, not three and a half
    assert "Luxembourg (11): 2312–2316, 2413–2416, 2514–2515" in control
    boards = {m.name: m.id for m in dff.maps}
    read: dict[tuple[str, str], set[str]] = {}
    names = {dff.faction(f).name: f for f in setup.control}
    paragraphs: list[tuple[str, str]] = []
    current = ""
    for line in control:
        if line in boards:
            current = boards[line]
        elif ": " in line and line.split(" (")[0] in names:
            paragraphs.append((current, line))
        else:
            paragraphs[-1] = (paragraphs[-1][0], paragraphs[-1][1] + " " + line)
    for map_id, paragraph in paragraphs:
        party = names[paragraph.split(" (")[0]]
        for item in paragraph.split(": ", 1)[1].split(", "):
            label = item.split(" ")[0]
            first, _, last = label.partition("–")
            column, row = first[:2], int(first[2:])
            end = int(last[2:]) if last else row
            assert not last or last[:2] == column, item
            cells = {f"{map_id}:{column}{r:02d}" for r in range(row, end + 1)}
            read.setdefault((map_id, party), set()).update(cells)
    given: dict[tuple[str, str], set[str]] = {}
    for party, keys in setup.control.items():
        for key in keys:
            given.setdefault((key.partition(":")[0], party), set()).add(key)
    assert read == given


def test_a_long_scenario_name_wraps_within_the_page(crossing: Game) -> None:
    """Europe Engulfed's 'Demonstration position, autumn 1939 (REPRESENTATIVE, not the 17.0
    set-up)' ran off the page as a 16 pt heading."""
    from toolkit.kit.measure import text_width

    name = "Demonstration position, autumn 1939 (REPRESENTATIVE, not the 17.0 set-up)"
    setup = dataclasses.replace(crossing.setups[0], name=name)
    width = 468.0
    lines = setup_lines(crossing, gazetteer(crossing), setup, width)
    title = [line for line in lines if line.size == 16]
    assert len(title) > 1 and " ".join(line.text for line in title) == name
    assert all(text_width(line.text, line.size, line.bold) <= width for line in lines)
    assert all(line.keep_with_next for line in title)


def _with_more(setup: Setup, id: str, **changes: object) -> Setup:
    return dataclasses.replace(setup, id=id, name=id, **changes)  # type: ignore[arg-type]


def test_a_setup_another_holds_entirely_gets_no_sheet(crossing: Game) -> None:
    """The rules' starting state without units beside a set-up that adds them: the bare one
    is a sheet with nothing the fuller one lacks."""
    bare = dataclasses.replace(crossing.setups[0], placements=crossing.setups[0].placements[:1])
    full = _with_more(bare, "full", placements=crossing.setups[0].placements)
    assert [s.id for s in printed_setups((bare, full))] == ["full"]


def test_setups_that_differ_or_are_the_same_each_get_a_sheet(crossing: Game) -> None:
    setup = crossing.setups[0]
    later = _with_more(setup, "later", turn=(setup.turn or 1) + 1)
    twin = _with_more(setup, "twin")
    assert printed_setups((setup, later)) == [setup, later]
    assert printed_setups((setup, twin)) == [setup, twin]


def test_axis_allies_1914_prints_its_set_up_with_units_only() -> None:
    game = load_game(SOURCES / "axis-allies-1914").game
    assert game is not None
    assert [s.id for s in printed_setups(game.setups)] == ["start-1914-triplea"]


def test_who_goes_first_reads_right_for_a_power_and_for_an_alliance(crossing: Game) -> None:
    """'Central Powers moves first' is wrong English: the sheet names the first player without
    a verb that would have to agree with a plural."""
    line = _lines(crossing)[1]
    assert "first player: Blue Army" in line
    assert "moves first" not in line
