"""A small PDF writer: each object serialized straight to bytes when it is added, a classic cross
reference table by byte offsets, no /ID.

A kit holds some ten thousand objects, most of them counter faces whose content the build cache
already keeps deflated. A general PDF library builds a tree of Python objects for every number
and name of them, renumbers the tree and writes it one call at a time; here an object is its
bytes, numbered as it is added, and the file is those bytes joined.

Everything written goes through :func:`name`, :func:`string` and :func:`number`, so text from a
game (a title, a font name) can never end a string or a dictionary early.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from functools import lru_cache

HEADER = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"
"""The version (cairo's pages may use transparency groups, 1.4) and a binary comment line."""
DEFLATE_LEVEL = 6

_REGULAR = frozenset(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\"$&'*+,-.:;=?@\\^_`|~"
)
"""Bytes a name may hold as themselves: not white space, not a delimiter, not '#'."""


def name(text: str) -> bytes:
    """``/text``, any byte but a regular character written as ``#xx``."""
    raw = text.encode("utf-8")
    if all(b in _REGULAR for b in raw):
        return b"/" + raw
    return b"/" + b"".join(bytes([b]) if b in _REGULAR else b"#%02X" % b for b in raw)


def string(text: str) -> bytes:
    """A text string: literal when plain ASCII, else UTF-16 with its byte order mark, in hex."""
    if text.isascii() and text.isprintable():
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return b"(" + escaped.encode("ascii") + b")"
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


@lru_cache(maxsize=4096)
def number(value: float) -> bytes:
    """A number: whole ones as integers, others with at most six decimals, never ``-0``.
    (Cached: a kit's thousands of faces have a handful of sizes.)"""
    if float(value).is_integer():
        return b"%d" % int(value)
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return b"0" if text in ("-0", "") else text.encode("ascii")


def ref(number_: int) -> bytes:
    """A reference to indirect object ``number_``."""
    return b"%d 0 R" % number_


def array(items: Iterable[bytes]) -> bytes:
    return b"[" + b" ".join(items) + b"]"


def numbers(values: Iterable[float]) -> bytes:
    """An array of numbers."""
    return array(number(v) for v in values)


def dictionary(entries: Mapping[str, bytes]) -> bytes:
    """``<< /Key value ... >>`` in the order given (keys without their slash)."""
    return b"<<" + b"".join(name(k) + b" " + v for k, v in entries.items()) + b">>"


def stream(entries: Mapping[str, bytes], data: bytes, deflated: bool = False) -> bytes:
    """A stream object holding ``data`` as it is (``deflated`` says it is already compressed)."""
    head = dict(entries)
    if deflated:
        head["Filter"] = b"/FlateDecode"
    head["Length"] = b"%d" % len(data)
    return dictionary(head) + b"\nstream\n" + data + b"\nendstream"


def deflate(data: bytes) -> bytes:
    """``data`` compressed for a stream with ``/Filter /FlateDecode``."""
    return zlib.compress(data, DEFLATE_LEVEL)


class PdfFile:
    """The objects of one PDF file, each already serialized, numbered from 1 as added."""

    def __init__(self) -> None:
        self._bodies: list[bytes | None] = []

    def reserve(self) -> int:
        """A number for an object written later with :meth:`put` (for one that refers to
        objects not made yet, or that they refer to: a page and its parent)."""
        self._bodies.append(None)
        return len(self._bodies)

    def put(self, number_: int, body: bytes) -> None:
        """Write the object reserved as ``number_``."""
        self._bodies[number_ - 1] = body

    def add(self, body: bytes) -> int:
        """A new object; its number."""
        self._bodies.append(body)
        return len(self._bodies)

    def next_number(self) -> int:
        """The number the next object added will have."""
        return len(self._bodies) + 1

    def write(self, root: int, info: int | None = None) -> bytes:
        """The whole file, with ``root`` as its catalog and ``info`` its document information.

        :raises ValueError: an object was reserved and never written.
        """
        parts = [HEADER]
        offsets = []
        at = len(HEADER)
        for index, body in enumerate(self._bodies, start=1):
            if body is None:
                raise ValueError(f"PDF object {index} was reserved but never written")
            chunk = b"%d 0 obj\n" % index + body + b"\nendobj\n"
            offsets.append(at)
            parts.append(chunk)
            at += len(chunk)
        table = [b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)]
        table.extend(b"%010d 00000 n \n" % offset for offset in offsets)
        trailer = {"Size": b"%d" % (len(offsets) + 1), "Root": ref(root)}
        if info is not None:
            trailer["Info"] = ref(info)
        table.append(b"trailer\n" + dictionary(trailer) + b"\nstartxref\n%d\n%%%%EOF\n" % at)
        return b"".join(parts + table)
