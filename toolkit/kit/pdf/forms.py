"""A drawn face (or a kit page's own drawing) as PDF operators, and as the build cache keeps it:
what the direct drawing makes and what the fonts and the assembly read.

A form's content is kept deflated in its cache entry, so that assembling a kit of thousands of
faces compresses none of them again; its head (size, glyphs, pictures) is read once per distinct
head.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from toolkit.cache import pack, unpack_tagged

MAGIC = b"toolkit-face-pdf-2\n"
"""How a directly drawn face's cache entry starts (a cairosvg fallback's: ``imported.MAGIC``)."""


@dataclass(frozen=True, slots=True)
class FaceImage:
    """A raster picture of a face as a PDF image: 8-bit samples, deflated, maybe with alpha."""

    width: int
    height: int
    grey: bool
    data: bytes
    """Deflated samples: one byte per pixel when ``grey``, else three."""
    alpha: bytes = b""
    """Deflated 8-bit alpha samples (the image's soft mask); empty when opaque."""


@dataclass(frozen=True, slots=True)
class FaceForm:
    """One face as PDF operators in its own user space (the SVG's viewBox, y up)."""

    content: bytes
    width: float
    """Size of the viewBox, the form's bounding box."""
    height: float
    glyphs: Mapping[int, Mapping[int, str]] = field(default_factory=dict)
    """Font index (in ``fontfiles.FONT_FILES``) → glyph id → the text it shows (ToUnicode)."""
    images: tuple[FaceImage, ...] = ()
    """The pictures, named ``/Im<i>`` in the content."""


@dataclass(frozen=True, slots=True)
class StoredForm:
    """A face as its cache entry keeps it: the content already deflated, so that assembling a
    kit of thousands of faces compresses none of them again."""

    deflated: bytes
    width: float
    height: float
    glyphs: Mapping[int, Mapping[int, str]]
    images: tuple[FaceImage, ...]


def encode_form(form: FaceForm) -> bytes:
    """The form as a cache entry (see :func:`load_form`); made by the worker that drew it."""
    head = {
        "size": [form.width, form.height],
        "glyphs": {str(i): [[g, t] for g, t in used.items()] for i, used in form.glyphs.items()},
        "images": [[im.width, im.height, im.grey] for im in form.images],
    }
    content = zlib.compress(form.content, 6)
    parts = [("head", json.dumps(head, sort_keys=True).encode()), ("content", content)]
    for i, im in enumerate(form.images):
        parts.append((f"image{i}", im.data))
        parts.append((f"alpha{i}", im.alpha))
    return MAGIC + pack(parts)


def is_face_form(entry: bytes) -> bool:
    """Whether a converted drawing is a direct drawing (not cairosvg's, see ``imported``)."""
    return entry.startswith(MAGIC)


def load_form(entry: bytes) -> StoredForm:
    """A form from its cache entry, its content left deflated.

    :raises ValueError: not an entry :func:`encode_form` wrote.
    """
    parts = unpack_tagged(entry, MAGIC, "a face form")
    try:
        width, height, glyphs, pictures = _head(parts["head"])
        images = tuple(
            FaceImage(w, h, grey, parts[f"image{i}"], parts[f"alpha{i}"])
            for i, (w, h, grey) in enumerate(pictures)
        )
        content = parts["content"]
    except KeyError as error:
        raise ValueError(f"a damaged face form: {error!r}") from None
    return StoredForm(content, width, height, glyphs, images)


@lru_cache(maxsize=4096)
def _head(
    data: bytes,
) -> tuple[float, float, Mapping[int, Mapping[int, str]], tuple[tuple[int, int, bool], ...]]:
    """Size, glyphs and pictures of a form's head. Read once per distinct head: the faces of a
    big game show the same few characters at the same size (4000 faces, 128 heads), and the
    forms that share a head share its glyph map, which nothing may change.

    :raises ValueError: not a head :func:`encode_form` wrote.
    """
    try:
        head = json.loads(data)
        glyphs = {int(i): {int(g): t for g, t in used} for i, used in head["glyphs"].items()}
        pictures = tuple((int(w), int(h), bool(grey)) for w, h, grey in head["images"])
        width, height = (float(v) for v in head["size"])
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"a damaged face form: {error!r}") from None
    return width, height, glyphs, pictures


def decode_form(entry: bytes) -> FaceForm:
    """A form from its cache entry, as :func:`draw_face` made it.

    :raises ValueError: not an entry :func:`encode_form` wrote.
    """
    stored = load_form(entry)
    try:
        content = zlib.decompress(stored.deflated)
    except zlib.error as error:
        raise ValueError(f"a damaged face form: {error}") from None
    return FaceForm(content, stored.width, stored.height, stored.glyphs, stored.images)
