"""Reading AddPiece strings and save streams: tested on the save VASSAL itself wrote."""

from __future__ import annotations

import random
import re
import time

import pytest

from toolkit.vassal.format.codec import ESC, TAB, decode, encode, split_first, split_tokens
from toolkit.vassal.format.commands import (
    Level,
    PieceStringError,
    format_add_piece,
    leaf_commands,
    parse_add_piece,
    type_prefix,
)
from toolkit.vassal.read.findings import Findings, Module
from toolkit.vassal.read.piecechecks import check_save_stream
from toolkit.vassal.read.reader import entry_is_safe

ARTILLERY = (
    "+/1795324772792/delete;Delete;68,130;\treport;70\\,130;$location$: $newPieceName$ flipped;"
    ";;;false\\\tmark;Side\\\\\temb2;;130;;Flip;130;;;130;;;;1;false;0;0;art_f.png,art_b.png;"
    ",+ (reduced);true;Step;;;false;;1;1;true;;70,130;;;1.0;;true\\\\\\\tpiece;;;;Artillery/"
    "\t-1\\\tRed\\\\\t1\\\\\\\tMain Map;299;130;6;1;UniqueID;1795324772792"
)
"""A piece of the save VASSAL wrote for the format notes (prototypes expanded)."""
STACK = "+/1795324772793/stack/Main Map;299;130;1795324772792;@@-1"
TURN = "TURNTurnTracker0\t0|1;0;true;8;0\\;0\\;0\\;true,true"
GOLDEN = ESC.join(
    [
        "begin_save",
        "\\" + ESC + ARTILLERY + "\\" + ESC + STACK,
        "Main MapBoardPicker\tBoard\t0\t0",
        "SETUP_STACK\t",
        TURN,
        "end_save",
    ]
)
"""That save's stream, cut to one piece and its stack."""


def test_the_golden_save_is_read_command_by_command() -> None:
    assert leaf_commands(GOLDEN) == [
        "begin_save",
        "",
        ARTILLERY,
        STACK,
        "Main MapBoardPicker\tBoard\t0\t0",
        "SETUP_STACK\t",
        TURN,
        "end_save",
    ]


def test_a_piece_is_read_level_by_level_and_written_back_the_same() -> None:
    piece = parse_add_piece(ARTILLERY)
    assert piece.piece_id == "1795324772792"
    assert [level.prefix for level in piece.levels] == [
        "delete;",
        "report;",
        "mark;",
        "emb2;",
        "piece;",
    ]
    assert [level.state for level in piece.levels] == [
        "",
        "-1",
        "Red",
        "1",
        "Main Map;299;130;6;1;UniqueID;1795324772792",
    ]
    assert piece.basic.type == "piece;;;;Artillery"
    assert format_add_piece(piece) == ARTILLERY


def test_a_short_state_leaves_the_inner_levels_unset() -> None:
    piece = parse_add_piece("+/null/mark;Side\tpiece;;;a.png;A/Red")
    assert [level.state for level in piece.levels] == ["Red", None]
    assert format_add_piece(piece) == "+/null/mark;Side\tpiece;;;a.png;A/Red"


@pytest.mark.parametrize(
    "text",
    [
        "+/null/mark;A\tmark;B\tpiece;;;;/x",  # a third level not nested: VASSAL drops it
        "+/null/piece;;;;/state/extra",  # a fourth field
        "+/null/mark;A\tpiece;;;;/a\tb\tc",  # a state level VASSAL drops
    ],
)
def test_what_vassal_would_drop_does_not_round_trip(text: str) -> None:
    assert format_add_piece(parse_add_piece(text)) != text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("piece;;;;/x", "does not start with '+/'"),
        ("+/null", "no type and state"),
        ("+/null/piece;;;;", "no state"),
        ("+/null//state", "empty type"),
    ],
)
def test_a_broken_command_is_a_worded_error(text: str, says: str) -> None:
    with pytest.raises(PieceStringError, match=re.escape(says)):
        parse_add_piece(text)


def test_type_prefix_is_what_vassal_looks_traits_up_by() -> None:
    assert type_prefix("emb2;;130") == "emb2;"
    assert type_prefix("stack") == "stack"
    assert type_prefix("piece;;;;") == "piece;"


def test_split_first_reads_tokens_as_decode_does() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        text = "".join(rng.choice("ab;\\'") for _ in range(rng.randint(0, 12)))
        tokens, rest = [], text
        while rest is not None:
            token, rest = split_first(rest, ";")
            tokens.append(token)
        assert tokens == decode(text, ";"), text


def test_split_tokens_reads_all_tokens_as_split_first_does() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        text = "".join(rng.choice("ab;\\'") for _ in range(rng.randint(0, 12)))
        tokens, rest = [], text
        while rest is not None:
            token, rest = split_first(rest, ";")
            tokens.append(token)
        assert split_tokens(text, ";") == tokens, text


def _peeled(piece_type: str, state: str) -> list[Level]:
    """The levels as VASSAL's decorators peel them, one token at a time (the reference)."""
    levels: list[Level] = []
    rest_type: str | None = piece_type
    rest_state: str | None = state
    while rest_type is not None:
        head, after = split_first(rest_type, TAB)
        if after is None:
            levels.append(Level(head, rest_state))
            break
        own_state = None
        if rest_state is not None:
            own_state, state_after = split_first(rest_state, TAB)
            rest_state = None if state_after is None else split_first(state_after, TAB)[0]
        levels.append(Level(head, own_state))
        rest_type = split_first(after, TAB)[0]
    return levels


def _nested(tokens: list[str]) -> str:
    """Tokens nested as VASSAL's decorators write them, one level at a time (the reference)."""
    nested = tokens[-1]
    for token in reversed(tokens[:-1]):
        nested = encode([token, nested], TAB)
    return nested


def test_pieces_of_any_shape_read_and_write_as_level_by_level() -> None:
    rng = random.Random(5)
    pieces = ["a", "b", ";", "\\", TAB, "'", "\\" + TAB, "/"]

    def text(size: int) -> str:
        return "".join(rng.choice(pieces) for _ in range(rng.randint(0, size)))

    for _ in range(6000):
        levels = [text(5) for _ in range(rng.randint(1, 6))]
        piece_type = _nested(levels) if rng.random() < 0.7 else text(20)
        state = _nested([text(4) for _ in levels]) if rng.random() < 0.7 else text(20)
        if not piece_type or (piece_type.endswith("\\") and not piece_type.startswith("\\")):
            continue  # VASSAL's encoder would lose it: its last backslash escapes the '/' after
        command = "+/7/" + encode([piece_type, state], "/")
        piece = parse_add_piece(command)
        assert list(piece.levels) == _peeled(piece_type, state), command
        written = [level.type for level in piece.levels]
        assert format_add_piece(piece).startswith("+/7/" + encode([_nested(written)], "/"))


def test_a_deep_piece_is_read_to_its_last_level() -> None:
    levels = [f"mark;Property{i}" for i in range(600)] + ["piece;;;a.png;A"]
    command = "+/null/" + _nested(levels) + "/" + _nested([str(i) for i in range(601)])
    piece = parse_add_piece(command)
    assert [level.type for level in piece.levels] == levels
    assert [level.state for level in piece.levels] == [str(i) for i in range(601)]
    assert format_add_piece(piece) == command


def test_the_golden_save_checks_clean_against_its_module() -> None:
    module = Module(
        frozenset({"images/art_f.png", "images/art_b.png"}),
        frozenset({"Main Map"}),
        frozenset(),
        None,
    )
    findings = Findings()
    check_save_stream(GOLDEN, module, "golden.vsav", findings)
    assert [d.format() for d in findings.items] == []


@pytest.mark.parametrize(
    ("name", "safe"),
    [
        ("images/a.png", True),
        ("a..b.png", True),
        ("../a.png", False),
        ("images/../../a.png", False),
        ("/etc/passwd", False),
        ("C:/x.png", False),
        ("images\\..\\..\\a.png", False),
        ("", False),
    ],
)
def test_entry_names_that_leave_the_folder(name: str, safe: bool) -> None:
    assert entry_is_safe(name) is safe


def _quoted_deep(depth: int) -> str:
    """A piece ``depth`` levels deep whose first token is quoted (read level by level)."""
    levels = ["'quoted"] + [f"mark;P{i}" for i in range(depth - 2)] + ["piece;;;a.png;A"]
    return "+/null/" + _nested(levels) + "/0"


def test_a_quoted_piece_a_hundred_levels_deep_is_read() -> None:
    assert len(parse_add_piece(_quoted_deep(100)).levels) == 100


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("+/1/piece;;;a.png;" + "x" * 1_000_001 + "/0", "characters long, over the limit"),
        (_quoted_deep(1300), "nested too deeply to read"),
    ],
    ids=["long", "deep"],
)
def test_a_hostile_piece_is_refused_in_moments(command: str, says: str) -> None:
    """Reading a piece level by level costs its length per level: a piece nested a thousand
    deep, or long, took minutes."""
    started = time.monotonic()
    with pytest.raises(PieceStringError, match=says):
        parse_add_piece(command)
    assert time.monotonic() - started < 10


def test_commands_nested_a_million_deep_are_flattened_in_moments() -> None:
    """Each nesting level costs a pass over the command: a run of a million backslashes before
    an ESC (a million levels) took hours; past the deepest level read, the rest is one leaf."""
    started = time.monotonic()
    leaves = leaf_commands("begin_save" + ESC + "a" + "\\" * 1_000_000 + ESC + "end_save")
    assert time.monotonic() - started < 10
    assert leaves[0] == "begin_save" and len(leaves) == 2
