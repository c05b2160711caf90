"""The kit's pages assembled into one PDF: shared drawings as Form XObjects (``xobjects``),
placed through clipped windows, and each page's trim and bleed boxes.

A shared drawing, and a page's own drawing, is either drawn directly (``direct``: a counter
face, a page body, a chart) and then shares one subset of each font with every other, or a page
cairosvg converted (a map, a drawing the direct path refuses), imported as a relocatable form
(``imported``). Both come from the build cache ready to write: nothing is compressed or parsed
again here, and the file is written by the kit's own small writer (``writer``).

The file depends only on its inputs: fixed metadata, dates only from SOURCE_DATE_EPOCH, no /ID.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from toolkit.cache import Cache
from toolkit.kit.layout import PagePlan, Placement
from toolkit.kit.paper import Rect
from toolkit.kit.pdf.dielines import DieLines, add_die_lines, die_line_commands
from toolkit.kit.pdf.fonts import (
    FontSource,
    add_fonts,
    cached_subsets,
    font_resources,
    make_subset,
    merged_glyphs,
    shared_resources,
)
from toolkit.kit.pdf.forms import StoredForm, is_face_form, load_form
from toolkit.kit.pdf.imported import ImportedPage, decode_import, import_page, is_import, relocate
from toolkit.kit.pdf.writer import (
    PdfFile,
    array,
    deflate,
    dictionary,
    numbers,
    ref,
    stream,
    string,
)
from toolkit.kit.pdf.xobjects import face_xobject, images, imported_xobject

Drawn = StoredForm | ImportedPage


@dataclass(frozen=True, slots=True)
class ArtPdf:
    """A shared drawing converted to PDF, and the size the page plans expect it to have."""

    pdf: bytes
    """A drawing as :func:`~toolkit.kit.pdf.drawings.convert_direct` gives it, or a one-page
    PDF."""
    width: float
    height: float


def assemble(
    pages: Sequence[tuple[PagePlan, bytes]],
    art: dict[str, ArtPdf],
    info: dict[str, str],
    cache: Cache | None = None,
    die_lines: bool = False,
) -> bytes:
    """The kit as one PDF: each converted page, with its shared drawings and its page boxes,
    and ``info`` (see :func:`metadata`); with a ``cache``, font subsets made before are taken
    from it; with ``die_lines``, every piece's cut path on its own layer (``dielines``)."""
    return assemble_pages(pages, art, info, cached_subsets(cache or Cache(None)), die_lines)


def metadata(title: str, subject: str = "") -> dict[str, str]:
    """Fixed document information; dates only when SOURCE_DATE_EPOCH pins them."""
    info = {"/Title": title, "/Producer": "toolkit", "/Creator": "toolkit"}
    if subject:
        info["/Subject"] = subject
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        stamp = time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(int(epoch)))
        info["/CreationDate"] = stamp
        info["/ModDate"] = stamp
    return info


def load_drawing(entry: bytes) -> Drawn:
    """A converted drawing (``convert_direct``'s entry, or a plain one-page PDF) ready to place.

    :raises ValueError: none of these.
    """
    if is_face_form(entry):
        return load_form(entry)
    if is_import(entry):
        return decode_import(entry)
    return import_page(entry)  # a PDF made outside the cache (a test, a publish card)


def assemble_pages(
    pages: Sequence[tuple[PagePlan, bytes]],
    art: Mapping[str, ArtPdf],
    info: Mapping[str, str],
    fonts: FontSource = make_subset,
    die_lines: bool = False,
) -> bytes:
    """The kit as one PDF: each converted page, with its shared drawings and its page boxes;
    the faces' fonts made by ``fonts``; with ``die_lines``, the pieces' cut paths."""
    pdf = PdfFile()
    catalog, tree = pdf.reserve(), pdf.reserve()
    information = pdf.add(dictionary({k.lstrip("/"): string(v) for k, v in info.items()}))
    keys = sorted({p.art for plan, _pdf in pages for p in plan.placements})
    drawings = {k: load_drawing(art[k].pdf) for k in keys}
    bodies = [load_drawing(entry) for _plan, entry in pages]
    direct = [d for d in (*drawings.values(), *bodies) if isinstance(d, StoredForm)]
    font_numbers = add_fonts(pdf, merged_glyphs(direct), fonts)
    shared = shared_resources(pdf, font_numbers) if direct else 0
    forms: dict[str, int] = {}
    for key, drawing in drawings.items():
        size = (art[key].width, art[key].height)
        if isinstance(drawing, StoredForm):
            forms[key] = face_xobject(pdf, drawing, size, font_numbers, shared)
        else:
            forms[key] = imported_xobject(pdf, drawing, size)
    wanted = die_lines and any(plan.cuts for plan, _entry in pages)
    dies = add_die_lines(pdf) if wanted else None
    kids = [
        _page(pdf, tree, plan, body, forms, art, font_numbers, dies)
        for (plan, _entry), body in zip(pages, bodies, strict=True)
    ]
    pdf.put(
        tree,
        dictionary(
            {"Type": b"/Pages", "Kids": array(ref(k) for k in kids), "Count": b"%d" % len(kids)}
        ),
    )
    entries = {"Type": b"/Catalog", "Pages": ref(tree)}
    if dies is not None:
        entries["OCProperties"] = dies.catalog_entry()
    pdf.put(catalog, dictionary(entries))
    return pdf.write(catalog, information)


def _page(
    pdf: PdfFile,
    tree: int,
    plan: PagePlan,
    body: Drawn,
    forms: Mapping[str, int],
    art: Mapping[str, ArtPdf],
    fonts: Mapping[int, int],
    dies: DieLines | None = None,
) -> int:
    """One page: its placements under its own drawing (marks stay on top), or over it for those
    marked ``above`` (counter faces over their bleed); its die lines (with ``dies``) on top of
    everything."""
    width, height = plan.page.width, plan.page.height
    names: dict[str, str] = {}  # one resource name per drawing, however often placed
    below: list[str] = []
    above: list[str] = []
    for placement in plan.placements:
        name = names.setdefault(placement.art, f"KitArt{len(names)}")
        command = _placement_command(placement, name, art[placement.art].height, height)
        (above if placement.above else below).append(command)
    xobjects = {name: forms[key] for key, name in names.items()}
    if dies is not None and plan.cuts:
        xobjects["KitCuts"] = _die_line_form(pdf, dies, plan)
        above.append("/KitCuts Do")
    if isinstance(body, ImportedPage) and not _fits(body, width, height):
        xobjects["KitPage"] = imported_xobject(pdf, body, (width, height))
        contents = [_content(pdf, below + ["/KitPage Do"] + above)]
        resources: dict[str, bytes] = {}
        own_images, group = b"", b""
    else:  # the page's own drawing between the placements below and above it
        first = _content(pdf, below + ["q"])
        resources, own_images, group, drawing = _own_drawing(pdf, body, (width, height), fonts)
        contents = [first, *drawing, _content(pdf, ["Q"] + above)]
    if xobjects or own_images:
        named = b"".join(b"/%s %d 0 R" % (n.encode(), f) for n, f in xobjects.items())
        resources["XObject"] = b"<<" + own_images + named + b">>"
    entries = {
        "Type": b"/Page",
        "Parent": ref(tree),
        "MediaBox": numbers((0, 0, width, height)),
    }
    if group:
        entries["Group"] = group
    if plan.trim is not None:
        entries["TrimBox"] = _pdf_rect(plan.trim, height)
    if plan.bleed is not None:
        entries["BleedBox"] = _pdf_rect(plan.bleed, height)
    entries["Resources"] = dictionary(resources)
    entries["Contents"] = array(ref(c) for c in contents)
    return pdf.add(dictionary(entries))


def _die_line_form(pdf: PdfFile, dies: DieLines, plan: PagePlan) -> int:
    """The page's die lines as a form in the die-line layer (its /OC hides the whole form
    with the layer, in viewers that do not read marked content)."""
    width, height = plan.page.width, plan.page.height
    head = {
        "Type": b"/XObject",
        "Subtype": b"/Form",
        "BBox": numbers((0, 0, width, height)),
        "Resources": dictionary(dies.resources()),
        "OC": ref(dies.layer),
    }
    text = ("\n".join(die_line_commands(plan.cuts, height)) + "\n").encode("ascii")
    return pdf.add(stream(head, deflate(text), deflated=True))


def _own_drawing(
    pdf: PdfFile, body: Drawn, size: tuple[float, float], fonts: Mapping[int, int]
) -> tuple[dict[str, bytes], bytes, bytes, list[int]]:
    """A page's own drawing as content streams, and its resources: by kind, its pictures
    (entries of an /XObject dictionary) apart, and its transparency group."""
    if isinstance(body, ImportedPage):  # cairosvg's page as it is: its text stays page text
        resources, group = relocate(body, pdf)
        pictures = resources.pop("XObject", b"<<>>")[2:-2]
        return resources, pictures, group, [pdf.add(stream({}, body.content, deflated=True))]
    resources = {"Font": font_resources(fonts, body.glyphs)} if body.glyphs else {}
    pictures = images(pdf, body.images)[2:-2] if body.images else b""
    sx, sy = size[0] / body.width, size[1] / body.height
    drawing = [pdf.add(stream({}, body.deflated, deflated=True))]
    if (sx, sy) != (1, 1):
        drawing.insert(0, _content(pdf, [f"{sx:.6f} 0 0 {sy:.6f} 0 0 cm"]))
    return resources, pictures, b"", drawing


def _fits(page: ImportedPage, width: float, height: float) -> bool:
    """Whether an imported page can be the kit's page itself: the same size, and its pictures
    (if any) in a dictionary the kit's drawings can join."""
    left, bottom, right, top = page.box
    same = max(abs(left), abs(bottom), abs(right - width), abs(top - height)) < 1e-6
    return same and dict(page.resources).get("XObject", b"<<>>").startswith(b"<<")


def _content(pdf: PdfFile, commands: list[str]) -> int:
    """A content stream of ``commands``, one a line."""
    text = ("\n".join(c for c in commands if c) + "\n").encode("ascii")
    return pdf.add(stream({}, deflate(text), deflated=True))


def _placement_command(placement: Placement, name: str, art_height: float, height: float) -> str:
    """``q <clip> W n [<turn>] <cm> /Name Do Q`` in PDF coordinates (y up)."""
    cx, cy, cw, ch = placement.clip
    s = placement.scale
    turn = ""
    if placement.rotate % 360:
        # turning by the SVG angle (clockwise on a y-down page) is the opposite angle here
        angle = math.radians(-placement.rotate)
        cos, sin = math.cos(angle), math.sin(angle)
        mx, my = cx + cw / 2, height - cy - ch / 2
        turn = (
            f"{_n(cos)} {_n(sin)} {_n(-sin)} {_n(cos)} "
            f"{_n(mx - cos * mx + sin * my)} {_n(my - sin * mx - cos * my)} cm "
        )
    return (
        f"q {_n(cx)} {_n(height - cy - ch)} {_n(cw)} {_n(ch)} re W n {turn}"
        f"{_n(s)} 0 0 {_n(s)} {_n(placement.x)} {_n(height - placement.y - s * art_height)} cm "
        f"/{name} Do Q"
    )


def _pdf_rect(rect: Rect, page_height: float) -> bytes:
    """A page box from top-left coordinates, rounded to 1/1000 pt so its numbers are short."""
    x, y, w, h = rect
    return numbers(round(v, 3) for v in (x, page_height - y - h, x + w, page_height - y))


@lru_cache(maxsize=16384)
def _n(value: float) -> str:
    """A number for a content stream: at most 4 decimals, no '-0'. (Cached: the placements of
    a sheet repeat the same rows and columns.)"""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
