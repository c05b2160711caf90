"""VASSAL's one escaping scheme (its ``SequenceEncoder``) and the obfuscation of saved games.

Every piece definition, trait, command and list VASSAL stores is a sequence of tokens joined by
one delimiter, where a delimiter inside a token is preceded by a backslash and nothing else is
escaped. Nesting therefore adds one backslash per level.

The rules are those of ``VASSAL.tools.SequenceEncoder`` (the same file from 3.6.0 to 3.8), to
the character: its ``append(String)`` wraps a token in single quotes when it *starts* with a
backslash, or starts and ends with a quote; its ``Decoder`` takes a delimiter after a backslash
as part of the token (dropping that one backslash) and strips one pair of enclosing quotes. So
VASSAL's encoding loses a token that *ends* with a backslash when another token follows (the
backslash escapes the delimiter); :func:`encode` writes it as VASSAL does, and
:func:`safe_text` keeps such values out of what we write.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

TAB = "\t"
"""Joins the traits of a piece, outermost first."""
ESC = "\x1b"
"""Joins commands in a saved game or log."""

_CONTROL = re.compile("[\x00-\x1f\x7f]")

OBFUSCATION_HEADER = "!VCSK"
"""How an obfuscated saved game starts; anything else is read as plain text."""


class CodecError(ValueError):
    """A value VASSAL's encoding cannot carry, or a string that is not in that encoding."""


def encode_token(token: str, delimiter: str) -> str:
    """One token, escaped for ``delimiter``.

    As VASSAL's own encoder does, a token that starts with a backslash, or is already wrapped
    in single quotes, is wrapped in one more pair, which the decoder strips. A token that ends
    with a backslash is not (VASSAL does not protect it: see the module's docstring).
    """
    if not token:
        return ""
    escaped = token.replace(delimiter, "\\" + delimiter) if delimiter in token else token
    first = token[0]
    if first == "\\" or (first == "'" and token[-1] == "'"):
        return f"'{escaped}'"
    return escaped


def safe_text(value: str) -> str:
    """A free text (a name, a property value) as VASSAL can keep it through its own saves.

    Control characters (a TAB, an ESC, a line break) become spaces: VASSAL splits a basic
    piece's type at its TABs and a saved game at its ESCs whatever their escaping. And VASSAL's
    encoder (like :func:`encode`) does not protect a trailing backslash, so such a value would
    swallow the delimiter after it: a space after the backslash keeps the text readable and the
    piece intact. A leading backslash is safe: the encoder quotes that token.
    """
    if value.isprintable() and not value.endswith("\\"):  # no control character: as it is
        return value
    cleaned = _CONTROL.sub(" ", value)
    return cleaned + " " if cleaned.endswith("\\") else cleaned


def safe_texts(values: Sequence[str]) -> list[str]:
    """:func:`safe_text` of each value (a piece's dozen property values in one check)."""
    flat = "".join(values)
    if flat.isprintable() and "\\" not in flat:
        return list(values)
    return [safe_text(value) for value in values]


def encode(tokens: Iterable[str], delimiter: str) -> str:
    """Tokens joined by ``delimiter``, each escaped (an empty token writes nothing)."""
    tokens = tokens if isinstance(tokens, list | tuple) else list(tokens)
    joined = delimiter.join(tokens)
    # Most sequences need no escaping at all: no (one-character) delimiter inside a token, so
    # the joined text holds only the ones joining; no backslash, no quote. Scans in C say so.
    if joined.count(delimiter) == len(tokens) - 1 and "\\" not in joined and "'" not in joined:
        return joined
    return delimiter.join([encode_token(token, delimiter) for token in tokens])


def decode(text: str, delimiter: str) -> list[str]:
    """The tokens of a sequence; the inverse of :func:`encode` (an empty text is one empty
    token, as in VASSAL)."""
    tokens: list[str] = []
    current: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] == delimiter:
            current.append(delimiter)
            index += 2
            continue
        if char == delimiter:
            tokens.append(_unquote("".join(current)))
            current = []
        else:
            current.append(char)
        index += 1
    tokens.append(_unquote("".join(current)))
    return tokens


def _unquote(token: str) -> str:
    """A token wrapped in single quotes by the encoder loses one pair."""
    if len(token) > 1 and token[0] == token[-1] == "'":
        return token[1:-1]
    return token


def encode_list(values: Sequence[str]) -> str:
    """A string array as VASSAL's configurers write it (comma-joined)."""
    return encode(values, ",")


# -- saved games ---------------------------------------------------------------------------------


def obfuscate(text: str, key: int = 0x5A) -> bytes:
    """A saved game's command stream as VASSAL writes it: header, key, XOR-ed bytes in hex.

    The key is fixed (VASSAL picks one at random) so that the same game gives the same bytes.
    """
    if not 0 <= key <= 255:
        raise CodecError(f"obfuscation key must be a byte, got {key}")
    body = text.encode("utf-8").translate(_xor_table(key)).hex()
    return f"{OBFUSCATION_HEADER}{key:02x}{body}".encode("ascii")


def deobfuscate(data: bytes) -> str:
    """The command stream of a saved game, obfuscated or plain.

    :raises CodecError: a broken header, odd-length or non-hex body, or text that is not UTF-8.
    """
    header = OBFUSCATION_HEADER.encode("ascii")
    if not data.startswith(header):
        return _utf8(data)
    body = data[len(header) :]
    try:
        key = int(body[:2], 16)
        raw = bytes.fromhex(body[2:].decode("ascii"))
    except (ValueError, UnicodeDecodeError) as error:
        raise CodecError(f"the obfuscated save is damaged: {error}") from None
    return _utf8(raw.translate(_xor_table(key)))


def _xor_table(key: int) -> bytes:
    """A translation table XOR-ing every byte with ``key``: one C-level pass over a whole save."""
    return bytes(byte ^ key for byte in range(256))


def _utf8(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CodecError(f"the saved game is not UTF-8 text: {error}") from None


# -- reading, one token at a time ----------------------------------------------------------------


def split_first(text: str, delimiter: str) -> tuple[str, str | None]:
    """The first token of a sequence and the rest, still encoded (``None`` when there is no
    delimiter left): how VASSAL's decoder reads one token at a time.

    A delimiter preceded by a backslash belongs to the token; that backslash is dropped.
    """
    start = 0
    while True:
        index = text.find(delimiter, start)
        if index < 0:
            return _unquote(text.replace("\\" + delimiter, delimiter)), None
        if index > 0 and text[index - 1] == "\\":
            start = index + 1
            continue
        return _unquote(text[:index].replace("\\" + delimiter, delimiter)), text[index + 1 :]


def split_tokens(text: str, delimiter: str) -> list[str]:
    """Every token of a sequence, as :func:`split_first` reads them one after another, in one
    pass (a delimiter after a backslash belongs to its token)."""
    escaped = "\\" + delimiter
    return [
        _unquote(token.replace(escaped, delimiter)) for token in _unescaped(delimiter).split(text)
    ]


@cache
def _unescaped(delimiter: str) -> re.Pattern[str]:
    """A delimiter with no backslash before it."""
    return re.compile(r"(?<!\\)" + re.escape(delimiter))
