"""The kit's pages assembled into one PDF with pypdf: shared drawings as Form XObjects, placed
through clipped windows, and each page's trim and bleed boxes."""

from __future__ import annotations

import io
from collections.abc import Sequence

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    RectangleObject,
    StreamObject,
)

from toolkit.kit.layout import PagePlan
from toolkit.kit.paper import Rect
from toolkit.kit.pdf import ArtPdf


def assemble_pages(
    pages: Sequence[tuple[PagePlan, bytes]], art: dict[str, ArtPdf], metadata: dict[str, str]
) -> bytes:
    """The kit as one PDF: each converted page, with its shared drawings and its page boxes."""
    writer = PdfWriter()
    forms: dict[str, IndirectObject] = {}
    for key in sorted({p.art for plan, _pdf in pages for p in plan.placements}):
        forms[key] = _form_xobject(writer, art[key])
    for plan, pdf in pages:
        page = writer.add_page(PdfReader(io.BytesIO(pdf)).pages[0])
        if plan.placements:
            _place_art(writer, page, plan, forms, art)
        _set_boxes(page, plan)
    writer.add_metadata(metadata)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _form_xobject(writer: PdfWriter, art: ArtPdf) -> IndirectObject:
    """The single page of ``art.pdf`` as a Form XObject sized ``art.width``×``art.height``."""
    source = PdfReader(io.BytesIO(art.pdf)).pages[0]
    box = source.mediabox
    contents = source.get_contents()  # a stream is a dict: test for None, not for truth
    form = DecodedStreamObject()
    form.set_data(contents.get_data() if contents is not None else b"")
    encoded: StreamObject = form.flate_encode()
    encoded.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(
                FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)
            ),
            NameObject("/Matrix"): ArrayObject(
                FloatObject(v)
                for v in (
                    art.width / float(box.width),
                    0,
                    0,
                    art.height / float(box.height),
                    -float(box.left) * art.width / float(box.width),
                    -float(box.bottom) * art.height / float(box.height),
                )
            ),
        }
    )
    for key in ("/Resources", "/Group"):
        if key in source:
            encoded[NameObject(key)] = source[key].clone(writer)
    return writer._add_object(encoded)  # pypdf has no public call for a new indirect object


def _place_art(
    writer: PdfWriter,
    page: PageObject,
    plan: PagePlan,
    forms: dict[str, IndirectObject],
    art: dict[str, ArtPdf],
) -> None:
    """Draw each placement's window under the page's own content (marks stay on top)."""
    height = plan.page.height
    resources = page.setdefault(NameObject("/Resources"), DictionaryObject()).get_object()
    xobjects = resources.setdefault(NameObject("/XObject"), DictionaryObject()).get_object()
    commands = []
    for index, placement in enumerate(plan.placements):
        name = f"/KitArt{index}"
        xobjects[NameObject(name)] = forms[placement.art]
        cx, cy, cw, ch = placement.clip
        art_height = art[placement.art].height
        s = placement.scale
        commands.append(
            f"q {_n(cx)} {_n(height - cy - ch)} {_n(cw)} {_n(ch)} re W n "
            f"{_n(s)} 0 0 {_n(s)} {_n(placement.x)} {_n(height - placement.y - s * art_height)} cm "
            f"{name} Do Q"
        )
    prefix = DecodedStreamObject()
    prefix.set_data(("\n".join(commands) + "\n").encode("ascii"))
    old = page.get(NameObject("/Contents"))
    contents = ArrayObject([writer._add_object(prefix)])
    if old is not None:
        old_value = old.get_object()
        contents.extend(old_value if isinstance(old_value, ArrayObject) else [old])
    page[NameObject("/Contents")] = contents


def _set_boxes(page: PageObject, plan: PagePlan) -> None:
    """TrimBox and BleedBox from the plan, converted from top-left to PDF coordinates."""
    if plan.trim is not None:
        page.trimbox = _pdf_rect(plan.trim, plan.page.height)
    if plan.bleed is not None:
        page.bleedbox = _pdf_rect(plan.bleed, plan.page.height)


def _pdf_rect(rect: Rect, page_height: float) -> RectangleObject:
    x, y, w, h = rect
    return RectangleObject([_r(x), _r(page_height - y - h), _r(x + w), _r(page_height - y)])


def _r(value: float) -> float:
    """Round to 1/1000 pt so box numbers are short and identical from run to run."""
    return round(value, 3) + 0.0


def _n(value: float) -> str:
    """A number for a content stream: at most 4 decimals, no '-0'."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
