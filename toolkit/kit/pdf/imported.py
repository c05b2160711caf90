"""A one-page PDF (what cairosvg makes of a map, or of a drawing the direct path refuses) turned,
once, into a relocatable form: its content, resources and every object they reach, serialized
with local references that the kit's assembly renumbers.

The import is done where the drawing is converted and kept in the build cache with it, so a
rebuild whose maps did not change never parses a map's PDF again (nor imports pypdf at all).
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from typing import Any

from toolkit.cache import pack, unpack_tagged
from toolkit.kit.pdf.writer import PdfFile, deflate, name, number

MAGIC = b"toolkit-pdf-form-1\n"
"""How an imported page's cache entry starts."""

_LOCAL = re.compile(rb"\x00(\d+)\x00")
"""A local reference in serialized bytes: NUL, the local index, NUL. Serialized text holds no
other NUL: strings are written in hex and names escape every byte that is not a letter."""


@dataclass(frozen=True, slots=True)
class ImportedPage:
    """A page as a Form XObject to be: everything but the object numbers."""

    box: tuple[float, float, float, float]
    """The page's MediaBox: left, bottom, right, top."""
    content: bytes
    """The page's drawing, deflated."""
    resources: tuple[tuple[str, bytes], ...]
    """Its resources by kind ('Font', 'XObject', ...), each serialized with local references:
    kept apart so that a page's own resources can take the kit's drawings beside them."""
    group: bytes
    """Its transparency group dictionary, serialized (empty when it has none)."""
    objects: tuple[tuple[bytes, bytes | None], ...]
    """Local object ``i``: its serialized dictionary (or value) and, for a stream, its data as
    stored (its /Filter kept in the dictionary, /Length left to the writer)."""


def import_page(pdf: bytes) -> ImportedPage:
    """The first page of ``pdf`` as an :class:`ImportedPage`.

    :raises ValueError: not a PDF pypdf can read, or one without a page.
    """
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        page = PdfReader(io.BytesIO(pdf)).pages[0]
        box = page.mediabox
        contents = page.get_contents()  # a stream is a dict: test for None, not for truth
        drawing = contents.get_data() if contents is not None else b""
        local = _Serializer()
        found: Any = page["/Resources"].get_object() if "/Resources" in page else {}
        resources = tuple((str(k)[1:], local.value(v)) for k, v in sorted(found.items()))
        group = local.value(page["/Group"]) if "/Group" in page else b""
        objects = local.drain()
    except (PdfReadError, IndexError, KeyError, TypeError) as error:
        raise ValueError(f"not a one-page PDF: {error}") from None
    return ImportedPage(
        (float(box.left), float(box.bottom), float(box.right), float(box.top)),
        deflate(drawing),
        resources,
        group,
        objects,
    )


class _Serializer:
    """pypdf's objects as PDF bytes, indirect ones numbered locally in the order first reached."""

    def __init__(self) -> None:
        self.numbers: dict[tuple[int, int], int] = {}
        self.pending: list[Any] = []
        self.done: list[tuple[bytes, bytes | None]] = []

    def value(self, item: Any) -> bytes:
        from pypdf.generic import (
            ArrayObject,
            BooleanObject,
            ByteStringObject,
            DictionaryObject,
            FloatObject,
            IndirectObject,
            NameObject,
            NullObject,
            NumberObject,
            StreamObject,
            TextStringObject,
        )

        if isinstance(item, IndirectObject):
            return self._reference(item)
        if isinstance(item, StreamObject):
            raise ValueError("a stream that is not an indirect object")
        if isinstance(item, DictionaryObject):
            entries = sorted(item.items())
            return b"<<" + b"".join(self._entry(str(k), v) for k, v in entries) + b">>"
        if isinstance(item, ArrayObject):
            return b"[" + b" ".join(self.value(v) for v in item) + b"]"
        if isinstance(item, NameObject):
            return name(str(item)[1:])
        if isinstance(item, BooleanObject):
            return b"true" if item else b"false"
        if isinstance(item, NumberObject):
            return b"%d" % int(item)
        if isinstance(item, FloatObject):
            return number(float(item))
        if isinstance(item, TextStringObject):
            return b"<" + item.original_bytes.hex().encode("ascii") + b">"
        if isinstance(item, ByteStringObject):
            return b"<" + bytes(item).hex().encode("ascii") + b">"
        if isinstance(item, NullObject) or item is None:
            return b"null"
        raise ValueError(f"a PDF value of an unknown kind: {type(item).__name__}")

    def _entry(self, key: str, value: Any) -> bytes:
        return name(key[1:]) + b" " + self.value(value)

    def _reference(self, item: Any) -> bytes:
        identity = (item.idnum, item.generation)
        if identity not in self.numbers:
            self.numbers[identity] = len(self.numbers)
            self.pending.append(item.get_object())
        return b"\x00%d\x00" % self.numbers[identity]

    def drain(self) -> tuple[tuple[bytes, bytes | None], ...]:
        """Serialize every object reached so far, and those they reach, in local order."""
        from pypdf.generic import StreamObject

        while len(self.done) < len(self.pending):
            target = self.pending[len(self.done)]
            self.done.append((b"", None))  # hold the slot: serializing may reach more objects
            index = len(self.done) - 1
            if isinstance(target, StreamObject):
                entries = sorted((k, v) for k, v in target.items() if k != "/Length")
                head = b"<<" + b"".join(self._entry(str(k), v) for k, v in entries) + b">>"
                self.done[index] = (head, bytes(target._data))
            else:
                self.done[index] = (self.value(target), None)
        return tuple(self.done)


# -- cache entries -------------------------------------------------------------------------------


def encode_import(page: ImportedPage) -> bytes:
    """The page as a cache entry (see :func:`decode_import`)."""
    head = {"box": list(page.box), "streams": [data is not None for _d, data in page.objects]}
    parts = [
        ("head", json.dumps(head).encode()),
        ("content", page.content),
        ("group", page.group),
    ]
    parts.extend((f"r:{kind}", value) for kind, value in page.resources)
    for i, (body, data) in enumerate(page.objects):
        parts.append((f"o{i}", body))
        if data is not None:
            parts.append((f"s{i}", data))
    return MAGIC + pack(parts)


def is_import(entry: bytes) -> bool:
    return entry.startswith(MAGIC)


def decode_import(entry: bytes) -> ImportedPage:
    """A page from its cache entry.

    :raises ValueError: not an entry :func:`encode_import` wrote.
    """
    parts = unpack_tagged(entry, MAGIC, "an imported page")
    try:
        head = json.loads(parts["head"])
        left, bottom, right, top = (float(v) for v in head["box"])
        objects = tuple(
            (parts[f"o{i}"], parts[f"s{i}"] if is_stream else None)
            for i, is_stream in enumerate(head["streams"])
        )
        return ImportedPage(
            (left, bottom, right, top),
            parts["content"],
            tuple((k[2:], v) for k, v in parts.items() if k.startswith("r:")),
            parts["group"],
            objects,
        )
    except (KeyError, TypeError, json.JSONDecodeError) as error:
        raise ValueError(f"a damaged imported page: {error!r}") from None


def relocate(page: ImportedPage, pdf: PdfFile) -> tuple[dict[str, bytes], bytes]:
    """Add the page's objects to ``pdf``; its resources (by kind) and group, their references
    pointing at the numbers the objects were given."""
    base = pdf.next_number()

    def fix(text: bytes) -> bytes:
        return _LOCAL.sub(lambda m: b"%d 0 R" % (base + int(m[1])), text)

    for body, data in page.objects:
        fixed = fix(body)
        if data is None:
            pdf.add(fixed)
        else:  # a stream's dictionary, written without its /Length: add it
            pdf.add(fixed[:-2] + b"/Length %d>>\nstream\n" % len(data) + data + b"\nendstream")
    return {kind: fix(value) for kind, value in page.resources}, fix(page.group)
