"""Decks, hands and cups in the module: its draw piles, hands and card pieces, the setups that
fill them, and a save's piles read back exactly."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from lxml import etree

from tests.conftest import copy_fixture, load_fixture
from tests.vassal.engine import run_engine, run_probe
from toolkit.artwork import Artwork, CardArt, Drawing
from toolkit.build import build_game, selected_targets
from toolkit.catalogue import words
from toolkit.check import check_log, check_save, check_setup
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.holdings import holdings_at_start
from toolkit.model.position import Position
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.vassal.format.codec import decode, deobfuscate, encode, obfuscate, safe_text
from toolkit.vassal.format.commands import leaf_commands, parse_add_piece
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.piles import card_image, pile_names
from toolkit.vassal.read.check import check_module
from toolkit.vassal.read.logs import MovePiece, encode_log, format_move
from toolkit.vassal.read.positions import position_from_commands
from toolkit.vassal.read.reader import open_archive, read_saved_game_commands
from toolkit.vassal.write.boards import png_size
from toolkit.vassal.write.cards import (
    card_images,
    card_sizes,
    card_traits,
    holding_gpids,
    solid_png,
)
from toolkit.vassal.write.drawpiles import (
    DECK_FIELDS_36,
    MAX_COLUMN,
    MAX_ROW,
    lay_out_piles,
    sign_font,
)
from toolkit.vassal.write.elements import MAP, WIDGET, M
from toolkit.vassal.write.identity import assign_gpids
from toolkit.vassal.write.module import game_boards, position_save
from toolkit.vassal.write.pieces import piece_def
from toolkit.workers import Workers

FIXTURE = "cards-hex"
PROBE = Path(__file__).with_name("CardProbe.java")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    """The card fixture game and the folder its module and scenario were built into."""
    game = load_fixture(FIXTURE)
    out = tmp_path_factory.mktemp("cards-vmod")
    summary = build_game(game, out, selected_targets(["vmod"]), BuildOptions())
    return game, summary.folder


@pytest.fixture(scope="module")
def build_xml(built: tuple[Game, Path]) -> etree._Element:
    game, folder = built
    with zipfile.ZipFile(folder / f"{game.id}.vmod") as vmod:
        return etree.fromstring(vmod.read("buildFile.xml"))


def boards_of(game: Game) -> list[Board]:
    with Workers(game) as workers:
        return game_boards(game, draw_artwork(game, workers, counters=False), dpi=game.print.dpi)


def piles_of(root: etree._Element) -> dict[str, etree._Element]:
    return {pile.get("name"): pile for pile in root.iter(MAP + "DrawPile")}


def slot_names(element: etree._Element) -> list[str]:
    names = []
    for slot in element:
        if slot.tag in (WIDGET + "CardSlot", WIDGET + "PieceSlot"):
            names.append(slot.get("entryName"))
    return names


def test_each_deck_is_a_face_down_random_draw_pile_with_its_discards(
    build_xml: etree._Element,
) -> None:
    piles = piles_of(build_xml)
    assert sorted(piles) == sorted(
        [
            "Blue events",
            "Blue events: discards",
            "Blue events: from turn 3",
            "Red events",
            "Red events: discards",
            "Red events: from turn 3",
            "Red reinforcements",
        ]
    )
    draw, discard = piles["Blue events"], piles["Blue events: discards"]
    assert (draw.get("faceDown"), draw.get("shuffle"), draw.get("allowMultiple")) == (
        "Always",
        "Always",
        "true",
    )
    assert draw.get("allowSelect") == "false"  # nobody looks through a face-down deck
    # the draw pile, when its last card is drawn, fires the key its discards reshuffle on
    assert draw.get("hotkeyOnEmpty") == "true"
    assert draw.get("emptyHotkey") == discard.get("reshuffleHotkey") == "0,0,reshuffle-blue-events"
    assert (discard.get("faceDown"), discard.get("reshufflable")) == ("Never", "true")
    assert discard.get("reshuffleTarget") == "Blue events"
    waiting = piles["Blue events: from turn 3"]
    assert (waiting.get("reshuffleTarget"), waiting.get("reshuffleCommand")) == (
        "Blue events",
        "Add to Blue events",
    )
    cup = piles["Red reinforcements"]
    assert (cup.get("faceDown"), cup.get("shuffle"), cup.get("drawFaceUp")) == (
        "Always",
        "Always",
        "true",
    )
    # VASSAL 3.7 lets only the owner draw (3.6 ignores the two attributes)
    owners = {name: (p.get("deckRestrictAccess"), p.get("deckOwners")) for name, p in piles.items()}
    assert owners["Blue events"] == owners["Blue events: discards"] == ("true", "Blue")
    assert owners["Red reinforcements"] == ("true", "Red")
    cards_map = [m for m in build_xml.iter(M + "Map") if m.get("mapName") == "Cards"]
    assert len(cards_map) == 1 and set(piles.values()) <= set(cards_map[0])


def test_piles_hold_what_the_first_setup_starts_them_with(
    built: tuple[Game, Path], build_xml: etree._Element
) -> None:
    game, _ = built
    piles = piles_of(build_xml)
    # the setup keeps Forced March in the deck and Air Reconnaissance in the hand
    assert slot_names(piles["Blue events"]) == ["Forced March"]
    assert slot_names(piles["Blue events: from turn 3"]) == ["Heavy Guns", "Heavy Guns"]
    assert Counter(slot_names(piles["Red events"])) == Counter(["Ambush", "Rail Lines"])
    assert slot_names(piles["Red events: discards"]) == []
    # the cup holds the Red counters the setup does not place: 2 of 4 rifles, no artillery
    assert slot_names(piles["Red reinforcements"]) == ["1st Rifles", "1st Rifles"]
    assert all(s.tag == WIDGET + "CardSlot" for s in piles["Blue events"])
    assert all(s.tag == WIDGET + "PieceSlot" for s in piles["Red reinforcements"])
    gpids = [int(s.get("gpid")) for s in build_xml.iter(WIDGET + "PieceSlot", WIDGET + "CardSlot")]
    assert len(gpids) == len(set(gpids))
    assert max(gpids) < int(build_xml.get("nextPieceSlotId"))


def test_a_hand_per_owning_side_only_that_side_sees(build_xml: etree._Element) -> None:
    hands = {h.get("mapName"): h for h in build_xml.iter(M + "PlayerHand")}
    assert sorted(hands) == ["Blue hand", "Red hand"]
    blue = hands["Blue hand"]
    assert (blue.get("side"), blue.get("visible")) == ("Blue", "false")
    helpers = {child.tag.rsplit(".", 1)[-1] for child in blue}
    assert "PieceMover" in helpers and not helpers & {"StackExpander", "CounterDetailViewer"}
    (stack,) = blue.iter(MAP + "SetupStack")
    (slot,) = stack
    piece = parse_add_piece(slot.text)
    assert slot.get("entryName") == "Air Reconnaissance"
    # a private card is dealt hidden from the other side (masked by its owner's side)
    (masked,) = [level for level in piece.levels if level.type.startswith("obs;")]
    assert masked.state == "Blue"
    assert list(hands["Red hand"].iter(MAP + "SetupStack")) == []


def test_a_card_piece_returns_to_its_deck_and_shows_its_back_when_face_down(
    build_xml: etree._Element,
) -> None:
    (slot,) = piles_of(build_xml)["Blue events"]
    levels = parse_add_piece(slot.text).levels
    prefixes = [level.prefix for level in levels]
    assert prefixes == ["mark;", "return;", "obs;", "piece;"]
    assert levels[1].type.split(";")[-1] == "Blue events"  # the pile it returns to
    assert card_image("forced-march", "back") in levels[2].type
    assert card_image("forced-march", "front") in levels[3].type
    assert "CardId" in levels[0].type and "forced-march" in (levels[0].state or "")


def test_under_the_top_of_a_stack_pieces_are_hidden_from_the_other_side(
    build_xml: etree._Element,
) -> None:
    """DFF 4.3: the other side sees only the top piece; the setup masks the rest by side."""
    stacks = {s.get("name"): s for s in build_xml.iter(MAP + "SetupStack")}
    millbrook = next(s for name, s in stacks.items() if name.endswith(": 0304"))  # Millbrook
    states = []
    for slot in millbrook:
        obs = [lv for lv in parse_add_piece(slot.text).levels if lv.type.startswith("obs;")]
        states.append(obs[0].state)
    assert states == ["Blue", "null"]  # bottom hidden by Blue, top open


def test_pieces_of_see_through_classes_hide_nothing_under_them(tmp_path: Path) -> None:
    """DFF 4.3: markers and supply hide nothing. Here infantry is let through, so the bottom
    infantry of Millbrook and Redtown shows under the infantry on top (the test above is the
    same stacks without it)."""
    game = replace(load_fixture(FIXTURE), see_through=("infantry",))
    out = build_game(game, tmp_path, selected_targets(["vmod"]), BuildOptions()).folder
    with zipfile.ZipFile(out / f"{game.id}.vmod") as vmod:
        root = etree.fromstring(vmod.read("buildFile.xml"))
    states: dict[str, list[str]] = {}
    for stack in root.iter(MAP + "SetupStack"):
        for slot in stack:
            obs = [lv for lv in parse_add_piece(slot.text).levels if lv.type.startswith("obs;")]
            state = obs[0].state if obs else "no mask"
            states.setdefault(stack.get("name").rsplit(": ", 1)[-1], []).append(state)
    assert states["0304"] == ["null", "null"]  # Millbrook
    assert states["0906"] == ["null", "null"]  # Redtown


def test_a_marker_under_a_unit_is_hidden_by_the_units_side(tmp_path: Path) -> None:
    """DFF 4.3: a unit hides whatever lies under it, a marker of no faction too; the marker
    is then hidden by the side of the unit above it."""
    folder = copy_fixture(FIXTURE, tmp_path)
    path = folder / "setups" / "meeting.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["placements"][0]["pieces"].insert(0, "turn")  # at the bottom of Millbrook's stack
    path.write_text(json.dumps(data), encoding="utf-8")
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    game = result.game
    out = build_game(game, tmp_path / "out", selected_targets(["vmod"]), BuildOptions()).folder
    with zipfile.ZipFile(out / f"{game.id}.vmod") as vmod:
        root = etree.fromstring(vmod.read("buildFile.xml"))
    millbrook = next(
        s for s in root.iter(MAP + "SetupStack") if s.get("name", "").endswith(": 0304")
    )
    states = []
    for slot in millbrook:
        obs = [lv for lv in parse_add_piece(slot.text).levels if lv.type.startswith("obs;")]
        states.append(obs[0].state if obs else "no mask")
    assert states == ["Blue", "Blue", "null"]  # the marker, the infantry under the top, the top


def test_the_fixture_module_passes_the_module_checker(built: tuple[Game, Path]) -> None:
    game, folder = built
    saves = sorted((folder / "scenarios").glob("*.vsav"))
    assert [p.format() for p in check_module(folder / f"{game.id}.vmod", saves)] == []


def test_a_save_reads_back_its_decks_hands_and_cups_exactly(built: tuple[Game, Path]) -> None:
    game, folder = built
    setup = game.setups[0]
    with open_archive(folder / "scenarios" / f"{setup.id}.vsav") as archive:
        commands = read_saved_game_commands(archive)
    reading = position_from_commands(game, boards_of(game), commands)
    assert reading.problems == ()
    assert reading.holdings == holdings_at_start(game, setup)
    held = {d.deck.id: d for d in reading.holdings.decks}
    assert held["blue-events"].hand == ("air-recon",)
    assert held["blue-events"].draw == ("forced-march",)
    assert reading.holdings.cups == {"red-pool": ("rd-1-inf", "rd-1-inf")}
    # what is in a pile or a hand is not a piece on the map
    assert len(reading.position.pieces) == 6


def test_a_save_of_other_holdings_reads_back_as_written(tmp_path: Path) -> None:
    """Top-first order, a discard pile, a hand of several cards, a later year's cards."""
    folder = copy_fixture(FIXTURE, tmp_path)
    path = folder / "setups" / "meeting.json"
    data = json.loads(path.read_text())
    data["decks"] = {"red-events": ["rail-lines"], "blue-events": ["heavy-guns", "forced-march"]}
    data["hands"] = {"red-events": ["mud", "ambush"]}
    data["discards"] = {"blue-events": ["air-recon"]}
    data["cups"] = {"red-pool": ["rd-2-art", "rd-1-inf"]}
    path.write_text(json.dumps(data))
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    game = result.game
    out = build_game(game, tmp_path / "out", selected_targets(["vmod"]), BuildOptions()).folder
    with open_archive(out / "scenarios" / "meeting.vsav") as archive:
        commands = read_saved_game_commands(archive)
    reading = position_from_commands(game, boards_of(game), commands)
    expected = holdings_at_start(game, game.setups[0])
    assert reading.holdings == expected
    blue = next(d for d in reading.holdings.decks if d.deck.id == "blue-events")
    assert blue.draw == ("heavy-guns", "forced-march")
    assert blue.discard == ("air-recon",)
    assert [cards for _, cards in blue.waiting] == [("heavy-guns",)]


HOSTILE = '<b>Bad</b> "card"; a/b \\ c \' \u05e9\u05dc\u05d5\u05dd \u202eevil'


def test_hostile_card_names_reach_the_piece_intact(tmp_path: Path) -> None:
    folder = copy_fixture(FIXTURE, tmp_path)
    path = folder / "cards" / "events.json"
    data = json.loads(path.read_text())
    data["cards"][0]["name"] = HOSTILE
    path.write_text(json.dumps(data))
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    game = result.game
    out = build_game(game, tmp_path / "out", selected_targets(["vmod"]), BuildOptions()).folder
    with zipfile.ZipFile(out / f"{game.id}.vmod") as vmod:
        root = etree.fromstring(vmod.read("buildFile.xml"))
    (slot,) = piles_of(root)["Blue events"]
    assert slot.get("entryName") == HOSTILE
    basic = parse_add_piece(slot.text).basic
    assert decode(basic.type[len("piece;") :], ";")[3] == safe_text(HOSTILE)
    with open_archive(out / "scenarios" / "meeting.vsav") as archive:
        commands = read_saved_game_commands(archive)
    reading = position_from_commands(game, boards_of(game), commands)
    assert reading.holdings == holdings_at_start(game, game.setups[0])


def test_card_drawings_become_the_card_images() -> None:
    game = load_fixture(FIXTURE)
    face = solid_png(50, 70, "#ffee00")
    back = solid_png(50, 70, "#0000ff")
    art = CardArt(Drawing("<svg/>", 36, 50.4, face), Drawing("<svg/>", 36, 50.4, back))
    artwork = Artwork({}, {}, {}, {"ambush": art})
    sizes = card_sizes(game, artwork)
    assert sizes["ambush"] == (50, 70)
    images = dict(card_images(game, artwork, sizes))
    assert images["images/card-ambush-front.png"] == face
    assert images["images/card-ambush-back.png"] == back
    # a card not drawn yet is a plain card of its template's size (poker, at the game's dpi)
    assert png_size(images["images/card-mud-front.png"]) == sizes["mud"] == (372, 520)


def test_pile_names_are_unique_and_safe() -> None:
    game = load_fixture(FIXTURE)
    names = pile_names(game, ["Cards", "Blue events"])
    all_names = [p.name for p in names.piles] + list(names.hands.values()) + [names.cards_map]
    assert len(all_names) == len(set(all_names))
    assert names.cards_map == "Cards (2)"
    assert names.pile("draw", "blue-events").name == "Blue events (2)"


def test_card_and_cup_gpids_come_from_identities_apart_from_the_counters() -> None:
    """Card and cup pieces are numbered as counters are, by what they are, and never take a
    gpid a counter's slot has."""
    keys = ["card:a", "card:a#1", "cup:c:x#1"]
    alone = holding_gpids(keys, ())
    assert alone == assign_gpids(keys) and len(set(alone.values())) == 3
    assert holding_gpids(list(reversed(keys)), ()) == alone  # not by position
    taken = {alone["card:a"]}
    beside = holding_gpids(keys, taken)
    assert beside["card:a"] not in taken and beside["cup:c:x#1"] == alone["cup:c:x#1"]


# -- in the real engine ----------------------------------------------------------------------


def test_the_module_and_its_scenario_load_in_vassal_with_cards_in_their_decks(
    built: tuple[Game, Path],
) -> None:
    game, folder = built
    report = run_engine(folder / f"{game.id}.vmod", folder / "scenarios" / "meeting.vsav")
    assert report.problems == []
    for key in ("new", "save meeting.vsav", "setup Meeting Engagement"):
        places = Counter((m, loc) for m, loc, _ in report.games[key] if m != "The Valley")
        assert places == {
            ("Cards", "deck Blue events"): 1,
            ("Cards", "deck Blue events: from turn 3"): 2,
            ("Cards", "deck Red events"): 2,
            ("Cards", "deck Red events: from turn 3"): 1,
            ("Cards", "deck Red reinforcements"): 2,
            ("Cards", "offboard"): 7,  # the signs saying how many each pile holds
            ("Blue hand", "offboard"): 1,  # a hand has no grid
        }, key
        names = {name for m, _, name in report.games[key] if m == "Blue hand"}
        assert names == {"Blue events card"}  # private: hidden from the harness (no side)


_PROBE_LINE = re.compile(r"^([A-Z]+) (.*)$")
_NAMED_KEY = re.compile(r"\d+,0,(reshuffle-)")


def test_decks_hands_and_hidden_stacks_play_in_vassal(
    built: tuple[Game, Path], tmp_path: Path
) -> None:
    """Join the waiting cards, shuffle, draw into the hand, who sees what, play the card,
    return it, reshuffle the discards when the deck runs out; the other side sees only the
    top piece of a stack."""
    game, folder = built
    module = folder / f"{game.id}.vmod"
    args = [str(module), "Blue events", "Blue events: from turn 3", "Blue events: discards"]
    result = run_probe(PROBE, [*args, "Blue", "Red", "The Valley"], module, tmp_path)
    lines = result.stdout.splitlines()
    facts = [line for line in lines if _PROBE_LINE.match(line) and not line.startswith("  ")]
    after = facts[facts.index("HARNESS exit 0") :]
    # VASSAL 3.6 looks a deck command's name up as a translation key when it reports it
    assert [f for f in after if f.startswith("PROBLEM") and "No Translation" not in f] == []
    # the shuffled deck's top card: the drawer sees it, the other side its back's name only
    drawing = re.compile(r'DRAWN card="(.*)\(Blue events card\)"')
    (drawn,) = [drawing.match(fact) for fact in after if fact.startswith("DRAWN")]
    assert drawn is not None and drawn.group(1) in ("Forced March", "Heavy Guns")
    card = drawn.group(1)
    assert f'CARD side="Blue" hidden=false name="{card}(Blue events card)"' in after
    assert 'CARD side="Red" hidden=true name="Blue events card"' in after
    assert f'PLAYED map="The Valley" hidden=false name="{card}"' in after
    expected = [
        "COUNT before=1 waiting=2",
        "COUNT joined=3 waiting=0",
        "COUNT shuffled=3 facedown=true",
        "HAND visible mine=true other=false accessible mine=true other=false",
        'SIGN text="Blue events: 2"',
        'RETURNED map="Cards" indeck=true count=3',
        "DISCARDED count=2 discards=1",
        "EMPTIED drawn=2 count=1 discards=0",
        'STACK side="Blue" at="0304" bottom-up="1st Infantry(Blue Army unit) | 2nd Infantry"',
        'STACK side="Red" at="0304" bottom-up="Blue Army unit [hidden] | 2nd Infantry"',
        'STACK side="Red" at="0906" bottom-up="1st Rifles(Red Army unit) | 1st Rifles"',
        'STACK side="Blue" at="0906" bottom-up="Red Army unit [hidden] | 1st Rifles"',
    ]
    assert [line for line in expected if line not in after] == []
    # the decks our saves write are the decks VASSAL makes from the draw piles
    with open_archive(folder / "scenarios" / "meeting.vsav") as archive:
        commands = read_saved_game_commands(archive)
    ours = {}
    for command in commands:
        if command.startswith("+/") and "/deck;" in command:
            deck_type = parse_add_piece(command).basic.type
            # VASSAL 3.6 writes its own fields only; the 3.7 ones come after them
            fields = decode(deck_type, ";")
            ours[fields[13]] = encode(fields[: DECK_FIELDS_36 + 1], ";")
    engine = {}
    for line in after:
        found = re.match(r'^DECKTYPE name="(.*)" type="(.*)"$', line)
        if found:
            engine[found.group(1)] = _NAMED_KEY.sub(r"0,0,\1", found.group(2))
    assert engine == ours


def test_a_hand_over_its_limit_in_a_save_is_a_violation_with_the_decks_cite(
    tmp_path: Path,
) -> None:
    game = load_fixture(FIXTURE)
    setup = game.setups[0]
    over = replace(setup, hands={"blue-events": ("air-recon", "forced-march", "heavy-guns")})
    assert [v.rule for v in check_setup(game, over)] == ["hand-limit"]
    with Workers(game) as workers:
        artwork = draw_artwork(game, workers)
    save = tmp_path / "over.vsav"
    save.write_bytes(position_save(game, artwork, Position.from_setup(game, setup), setup=over))
    result = check_save(game, save)
    assert [(v.rule, v.cite, v.message) for v in result.violations] == [
        ("hand-limit", "6.0", "Blue holds 3 cards of Blue events in hand; the limit is 2.")
    ]
    # the setup as written keeps to the limit
    assert check_setup(game, setup) == []


def test_more_plays_in_a_turn_than_the_deck_allows_is_a_violation(tmp_path: Path) -> None:
    """A log of one turn where Blue plays two event cards from hand onto the map (the deck
    allows one); a card moved back into a pile is no play."""
    game = load_fixture(FIXTURE)
    setup = replace(game.setups[0], hands={"blue-events": ("air-recon", "forced-march")})
    with Workers(game) as workers:
        artwork = draw_artwork(game, workers)
    save = position_save(game, artwork, Position.from_setup(game, setup), setup=setup)
    with zipfile.ZipFile(io.BytesIO(save)) as archive:
        stream = deobfuscate(archive.read("savedGame"))
    in_hand = []
    for command in leaf_commands(stream):
        if command.startswith("+/") and "CardId" in command:
            state = decode(parse_add_piece(command).basic.state or "", ";")
            if state[0] == "Blue hand":
                in_hand.append((parse_add_piece(command).piece_id, (int(state[1]), int(state[2]))))
    assert len(in_hand) == 2

    def play(piece: str, at: tuple[int, int], to: str = "The Valley") -> list[str]:
        move = MovePiece(piece, to, (120, 120), None, "Blue hand", at, None, "Blue")
        return [format_move(move)]

    log = tmp_path / "turn.vlog"
    with zipfile.ZipFile(log, "w") as archive:
        steps = [play(*in_hand[0]), play(*in_hand[1])]
        archive.writestr("savedGame", obfuscate(encode_log(stream, steps)))
    result = check_log(game, log)
    plays = [v for v in result.violations if v.rule == "plays-per-turn"]
    assert [(v.cite, v.message) for v in plays] == [
        (
            "6.0",
            "Blue played 2 cards of Blue events in one turn (Air Reconnaissance, Forced March);"
            " the limit is 1.",
        )
    ]
    # one play and one card back into the deck: within the limit
    with zipfile.ZipFile(log, "w") as archive:
        steps = [play(*in_hand[0]), play(*in_hand[1], to="Cards")]
        archive.writestr("savedGame", obfuscate(encode_log(stream, steps)))
    assert [v for v in check_log(game, log).violations if v.rule == "plays-per-turn"] == []


def test_a_hand_a_log_fills_over_its_limit_is_a_violation(tmp_path: Path) -> None:
    """A log where Blue, holding two cards (its limit), takes a third from the Cards map into
    its hand; then plays one, which brings the hand back within the limit."""
    game = load_fixture(FIXTURE)
    setup = replace(game.setups[0], hands={"blue-events": ("air-recon", "forced-march")})
    with Workers(game) as workers:
        artwork = draw_artwork(game, workers)
    save = position_save(game, artwork, Position.from_setup(game, setup), setup=setup)
    with zipfile.ZipFile(io.BytesIO(save)) as archive:
        stream = deobfuscate(archive.read("savedGame"))
    cards: dict[str, tuple[bool, str, tuple[int, int]]] = {}
    for command in leaf_commands(stream):
        if command.startswith("+/") and "CardId" in command:
            added = parse_add_piece(command)
            state = decode(added.basic.state or "", ";")
            blue = "blue-events" in command  # the card's DeckId
            cards[added.piece_id] = (blue, state[0], (int(state[1]), int(state[2])))
    # Blue's cards on the Cards map: the two Heavy Guns waiting for turn 3
    (waiting, *_) = [p for p, (blue, m, _a) in cards.items() if blue and m == "Cards"]
    in_hand = [p for p, (_b, m, _a) in cards.items() if m == "Blue hand"]
    assert len(in_hand) == 2

    def move(piece: str, to: str) -> list[str]:
        _blue, at_map, at = cards[piece]
        return [format_move(MovePiece(piece, to, (300, 120), None, at_map, at, None, "Blue"))]

    log = tmp_path / "turn.vlog"
    with zipfile.ZipFile(log, "w") as archive:
        archive.writestr("savedGame", obfuscate(encode_log(stream, [move(waiting, "Blue hand")])))
    over = [v for v in check_log(game, log).violations if v.rule == "hand-limit"]
    assert [(v.cite, v.message) for v in over] == [
        ("6.0", "Blue holds 3 cards of Blue events in hand; the limit is 2.")
    ]
    # a card played first keeps the hand within its limit all along
    with zipfile.ZipFile(log, "w") as archive:
        steps = [move(in_hand[0], "The Valley"), move(waiting, "Blue hand")]
        archive.writestr("savedGame", obfuscate(encode_log(stream, steps)))
    assert [v for v in check_log(game, log).violations if v.rule == "hand-limit"] == []


def test_dozens_of_cups_wrap_into_rows_and_long_names_get_smaller_signs() -> None:
    game = load_fixture(FIXTURE)
    long_name = "Réserve de forces — Allemagne : canon ferroviaire (corps), coût 4"
    cups = tuple(
        replace(game.cups[0], id=f"pool-{n}", name=long_name if n == 0 else f"Pool {n}")
        for n in range(40)
    )
    many = replace(game, cups=cups)
    names = pile_names(many, ["The Valley"])
    sizes = card_sizes(many, Artwork({}, {}, {}))
    piles, (width, height) = lay_out_piles(many, names, sizes, (94, 94))
    assert width <= MAX_ROW + MAX_COLUMN and height > 3 * 94
    cup_rows = {spec.at[1] for spec in piles if spec.pile.kind == "cup"}
    assert len(cup_rows) > 1
    first = next(spec for spec in piles if spec.pile.name == long_name)
    assert sign_font(first) < 14
    assert sign_font(next(spec for spec in piles if spec.pile.name == "Pool 1")) == 14
    assert len({spec.at for spec in piles}) == len(piles)  # no two piles on one spot


def test_a_deck_of_public_cards_deals_them_open() -> None:
    game = load_fixture(FIXTURE)
    public = replace(game, cards=tuple(replace(card, private=False) for card in game.cards))
    for which, private_in_deck in ((public, False), (game, True)):
        names = pile_names(which, ["The Valley"])
        sizes = card_sizes(which, Artwork({}, {}, {}))
        piles, _ = lay_out_piles(which, names, sizes, (94, 94))
        draw = next(spec for spec in piles if spec.pile.name == "Blue events")
        assert draw.draw_face_up is not private_in_deck


@pytest.mark.parametrize(("language", "peek"), [("en", "Peek"), ("fr", "Regarder")])
def test_every_way_of_hiding_names_its_peek_in_the_games_language(language: str, peek: str) -> None:
    """A hidden block, a unit its side hides and a private card each carry a Peek menu item,
    which VASSAL would call "Peek" in every language: the module names it itself."""
    say = words(language)
    kinds = load_fixture("counters-kinds")
    block = piece_def(kinds.counter("ge-inf-block"), "Allemagne", say=say).traits
    unit = piece_def(kinds.counter("ge-inf-block"), hidden_image="hidden.png", say=say).traits
    cards = load_fixture(FIXTURE)
    deck = cards.decks[0]
    card = cards.card(deck.all_cards[0])
    private = card_traits(card, deck, pile_names(cards), "Blue", say)
    for traits in (block, unit, private):
        (masks,) = [t for t in traits if t.type.startswith("obs;")]
        assert f";side:;{peek};" in masks.type
        assert language == "en" or "Peek" not in masks.type
