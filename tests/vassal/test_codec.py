"""VASSAL's encoding, checked against strings VASSAL itself wrote and read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.vassal.codec import (
    ESC,
    TAB,
    CodecError,
    decode,
    deobfuscate,
    encode,
    obfuscate,
    safe_text,
)
from toolkit.vassal.traits import PROTOTYPE_BASE, Trait, add_piece, delete, marker, report

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


@pytest.mark.parametrize("delimiter", DELIMITERS, ids=repr)
@given(st.lists(st.text(max_size=12), min_size=1, max_size=6))
def test_tokens_round_trip(delimiter: str, tokens: list[str]) -> None:
    assert decode(encode(tokens, delimiter), delimiter) == tokens


@pytest.mark.parametrize(
    ("token", "written"),
    [("plain", "plain"), ("a;b", "a\\;b"), ("ends\\", "'ends\\'"), ("'q'", "''q''"), ("", "")],
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
