"""The kit's pages assembled into one PDF with pypdf: shared drawings as Form XObjects, placed
through clipped windows, and each page's trim and bleed boxes.

A shared drawing is either a one-page PDF (maps, charts, a face cairosvg converted) or a
counter face drawn directly (``facepdf``); the latter share one subset of each font."""

from __future__ import annotations

import io
import math
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

from toolkit.kit.embed import (
    add_fonts,
    face_xobject,
    merged_glyphs,
    page_body,
    shared_resources,
)
from toolkit.kit.facepdf import FaceForm, Subsetter, decode_form, is_face_form, subset_font
from toolkit.kit.layout import PagePlan, Placement
from toolkit.kit.paper import Rect
from toolkit.kit.pdf import ArtPdf


def assemble_pages(
    pages: Sequence[tuple[PagePlan, bytes]],
    art: dict[str, ArtPdf],
    metadata: dict[str, str],
    subset: Subsetter = subset_font,
) -> bytes:
    """The kit as one PDF: each converted page, with its shared drawings and its page boxes;
    the faces' fonts made by ``subset``."""
    writer = PdfWriter()
    keys = sorted({p.art for plan, _pdf in pages for p in plan.placements})
    faces = {k: decode_form(art[k].pdf) for k in keys if is_face_form(art[k].pdf)}
    bodies = [decode_form(pdf) if is_face_form(pdf) else None for _plan, pdf in pages]
    drawn = [faces[k] for k in sorted(faces)] + [body for body in bodies if body is not None]
    fonts = add_fonts(writer, merged_glyphs(drawn), subset)
    shared = shared_resources(writer, fonts) if faces else None
    forms: dict[str, IndirectObject] = {}
    for key in keys:
        if shared is not None and key in faces:
            size = (art[key].width, art[key].height)
            forms[key] = face_xobject(writer, faces[key], size, fonts, shared)
        else:
            forms[key] = _form_xobject(writer, art[key])
    for (plan, pdf), body in zip(pages, bodies, strict=True):
        if body is None:
            page = writer.add_page(PdfReader(io.BytesIO(pdf)).pages[0])
        else:
            page = _direct_page(writer, plan, body, fonts)
        if plan.placements:
            _place_art(writer, page, plan, forms, art)
        _set_boxes(page, plan)
    writer.add_metadata(metadata)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _direct_page(
    writer: PdfWriter, plan: PagePlan, body: FaceForm, fonts: dict[int, IndirectObject]
) -> PageObject:
    """A page whose own drawing was drawn directly (``facepdf``), not converted by cairosvg."""
    page = writer.add_blank_page(plan.page.width, plan.page.height)
    content, resources = page_body(writer, body, (plan.page.width, plan.page.height), fonts)
    page[NameObject("/Resources")] = resources
    page[NameObject("/Contents")] = content
    return page


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
    """Draw each placement's window under the page's own content (marks stay on top), or over
    it for those marked ``above`` (counter faces over their bleed)."""
    resources = page.setdefault(NameObject("/Resources"), DictionaryObject()).get_object()
    xobjects = resources.setdefault(NameObject("/XObject"), DictionaryObject()).get_object()
    below: list[str] = []
    above: list[str] = []
    names: dict[str, str] = {}
    for placement in plan.placements:
        if placement.art not in names:  # one resource name per drawing, however often placed
            names[placement.art] = f"/KitArt{len(names)}"
            xobjects[NameObject(names[placement.art])] = forms[placement.art]
        command = _placement_command(
            placement, names[placement.art], art[placement.art].height, plan.page.height
        )
        (above if placement.above else below).append(command)
    old = page.get(NameObject("/Contents"))
    old_value = old.get_object() if old is not None else None
    contents = ArrayObject()
    if below:
        contents.append(_content(writer, below))
    if old is not None:
        if above:  # the page's own drawing may leave its graphics state changed
            contents.append(_content(writer, ["q"]))
        contents.extend(old_value if isinstance(old_value, ArrayObject) else [old])
    if above:
        contents.append(_content(writer, (["Q"] if old is not None else []) + above))
    page[NameObject("/Contents")] = contents


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
        f"{name} Do Q"
    )


def _content(writer: PdfWriter, commands: list[str]) -> IndirectObject:
    stream = DecodedStreamObject()
    stream.set_data(("\n".join(commands) + "\n").encode("ascii"))
    return writer._add_object(stream.flate_encode())


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
