"""VASSAL's encoding, checked against strings VASSAL itself wrote and read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.vassal.format.codec import (
    ESC,
    TAB,
    CodecError,
    decode,
    deobfuscate,
    encode,
    encode_token,
    obfuscate,
    safe_text,
    safe_texts,
    split_first,
    split_tokens,
)
from toolkit.vassal.format.traits import (
    PROTOTYPE_BASE,
    Chain,
    Trait,
    add_piece,
    basic_piece,
    delete,
    marker,
    nest,
    report,
)

DELIMITERS = [TAB, ";", ",", "/", "|", ESC]

# The prototype of VASSAL's own test module (vassal-format.md, section 2.2), TAB written as \t.
PROTOTYPE = (
    "+/null/delete;Delete;68,130;\treport;70\\,130;$location$: $newPieceName$ flipped;;;;false"
    "\\\tmark;Side\\\\\tpiece;;;;/\t-1\\\tRed\\\\\tnull;0;0;;0"
)


def test_a_prototype_is_written_as_vassal_writes_it() -> None:
    traits = [
        delete(),
        report(["70,130"], "$location$: $newPieceName$ flipped"),
        Trait(marker([("Side", "Red")]).type, "Red"),
        PROTOTYPE_BASE,
    ]
    assert add_piece("null", traits) == PROTOTYPE


def test_nesting_adds_one_backslash_per_level() -> None:
    inner = encode(["a\tb", "c"], TAB)
    assert inner == "a\\\tb\tc"
    assert encode(["x", inner], TAB) == "x\ta\\\\\tb\\\tc"
    assert decode(decode(encode(["x", inner], TAB), TAB)[1], TAB) == ["a\tb", "c"]


def vassal_keeps(tokens: list[str]) -> bool:
    """Whether VASSAL's encoding keeps these tokens: it loses one that ends with a backslash,
    unless quoted (it starts with one too), when another token follows."""
    return not any(t.endswith("\\") and not t.startswith("\\") for t in tokens[:-1])


@pytest.mark.parametrize("delimiter", DELIMITERS, ids=repr)
@given(st.lists(st.text(max_size=12), min_size=1, max_size=6).filter(vassal_keeps))
def test_tokens_round_trip(delimiter: str, tokens: list[str]) -> None:
    assert decode(encode(tokens, delimiter), delimiter) == tokens


@pytest.mark.parametrize("delimiter", DELIMITERS, ids=repr)
@given(st.lists(st.text(alphabet="a;\t\\'/,\x1b|", max_size=6), min_size=1, max_size=6))
def test_tricky_tokens_round_trip_where_vassal_keeps_them(
    delimiter: str, tokens: list[str]
) -> None:
    """Delimiters, backslashes at either end, quotes, empty tokens: what VASSAL writes it reads
    back, except a trailing backslash before another token (see :func:`vassal_keeps`)."""
    if vassal_keeps(tokens):
        assert decode(encode(tokens, delimiter), delimiter) == tokens
        assert split_tokens(encode(tokens, delimiter), delimiter) == tokens


WRITTEN_BY_VASSAL = [
    (["\\Map\\", "x"], "'\\Map\\';x"),
    (["\\", ""], "'\\';"),
    (["", "\\"], ";'\\'"),
    (["\\a;b", "c"], "'\\a\\;b';c"),
    (["'", "''", "'q'"], "''';'''';''q''"),
    (["'q", "q'", "q'q"], "'q;q';q'q"),
    (["it's", "\\'", "\\;"], "it's;'\\'';'\\\\;'"),
    (["", "", ""], ";;"),
]
"""Tokens, and what VASSAL's SequenceEncoder (3.6 to 3.8) writes for them with ';'."""


@pytest.mark.parametrize(("tokens", "written"), WRITTEN_BY_VASSAL, ids=repr)
def test_tokens_are_written_and_read_as_vassal_does(tokens: list[str], written: str) -> None:
    assert encode(tokens, ";") == written
    assert decode(written, ";") == tokens
    assert split_tokens(written, ";") == tokens
    head, rest = split_first(written, ";")
    assert head == tokens[0] and rest is not None and decode(rest, ";") == tokens[1:]


def test_a_token_ending_with_a_backslash_is_lost_as_vassal_loses_it() -> None:
    """SequenceEncoder.append quotes a token that starts with a backslash, not one that ends
    with one: the backslash then escapes the delimiter after it, in VASSAL as here."""
    assert encode(["a\\", "b"], ";") == "a\\;b"
    assert decode("a\\;b", ";") == ["a;b"]
    assert decode(encode([safe_text("a\\"), "b"], ";"), ";") == ["a\\ ", "b"]


TRICKY = st.text(alphabet="a;\t\\'/,\x00", max_size=5)
"""Tokens made of what escaping and quoting turn on: delimiters, backslashes, quotes."""


@pytest.mark.parametrize("delimiter", DELIMITERS, ids=repr)
@given(st.lists(TRICKY, max_size=6))
def test_encoding_is_each_token_escaped_then_joined(delimiter: str, tokens: list[str]) -> None:
    """The shortcut for tokens that need no escaping gives what escaping each one gives."""
    assert encode(tokens, delimiter) == delimiter.join(encode_token(t, delimiter) for t in tokens)


@given(st.lists(TRICKY, min_size=1, max_size=7))
def test_nesting_at_once_is_nesting_level_by_level(tokens: list[str]) -> None:
    by_level = tokens[-1]
    for token in reversed(tokens[:-1]):
        by_level = TAB.join([encode_token(token, TAB), encode_token(by_level, TAB)])
    assert nest(tokens) == by_level


@given(st.lists(st.text(max_size=6), max_size=5))
def test_safe_texts_is_safe_text_of_each(values: list[str]) -> None:
    assert safe_texts(values) == [safe_text(value) for value in values]


def test_a_chain_placed_is_the_piece_with_its_basic_state_replaced() -> None:
    traits = [delete(), marker([("Side", "Red")]), basic_piece("Tank", "tank.png")]
    placed = basic_piece("Tank", "tank.png", "Main Map", 120, 80, "7")
    assert Chain.of(traits).add_piece("12") == add_piece("12", traits)
    assert Chain.of(traits).add_piece("12", placed.state) == add_piece("12", [*traits[:2], placed])


@pytest.mark.parametrize(
    ("token", "written"),
    [
        ("plain", "plain"),
        ("a;b", "a\\;b"),
        ("ends\\", "ends\\"),
        ("\\starts", "'\\starts'"),
        ("\\", "'\\'"),
        ("'q'", "''q''"),
        ("", ""),
    ],
)
def test_tokens_are_escaped_and_quoted_as_vassal_does(token: str, written: str) -> None:
    assert encode([token], ";") == written


def test_safe_text_keeps_what_vassal_can_keep() -> None:
    assert safe_text('Łódź <Army> & "Co"; 第一軍') == 'Łódź <Army> & "Co"; 第一軍'
    assert safe_text("tab\there\x1bthere\nnext") == "tab here there next"
    assert safe_text("ends\\") == "ends\\ "


@given(st.text(max_size=200), st.integers(min_value=0, max_value=255))
def test_saves_are_obfuscated_and_read_back(text: str, key: int) -> None:
    data = obfuscate(text, key)
    assert data.startswith(b"!VCSK") and data[5:7] == f"{key:02x}".encode()
    assert deobfuscate(data) == text


def test_a_plain_save_is_read_too() -> None:
    assert deobfuscate(b"begin_save\x1bend_save") == "begin_save\x1bend_save"


@pytest.mark.parametrize("data", [b"!VCSKzz00", b"!VCSK5a0", b"\xff\xfe", b"!VCSK5a" + b"ff" * 3])
def test_a_damaged_save_is_one_clear_error(data: bytes) -> None:
    with pytest.raises(CodecError):
        deobfuscate(data)
