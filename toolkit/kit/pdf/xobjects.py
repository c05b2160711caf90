"""Drawings as Form XObjects, ready to be placed on any number of pages: a directly drawn face
with the kit's fonts and its own pictures, or an imported page stretched onto the size the page
plans expect.

A kit holds thousands of faces: one without pictures names the kit's fonts through one shared
resource dictionary (see ``fonts.shared_resources``) rather than a dictionary of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from toolkit.kit.pdf.fonts import font_resources
from toolkit.kit.pdf.forms import FaceImage, StoredForm
from toolkit.kit.pdf.imported import ImportedPage, relocate
from toolkit.kit.pdf.writer import PdfFile, dictionary, number, numbers, ref, stream


def imported_xobject(pdf: PdfFile, page: ImportedPage, size: tuple[float, float]) -> int:
    """An imported page as a Form XObject sized ``size``: its box stretched onto it."""
    kinds, group = relocate(page, pdf)
    resources = dictionary(kinds)
    left, bottom, right, top = page.box
    sx, sy = size[0] / (right - left), size[1] / (top - bottom)
    entries = {
        "Type": b"/XObject",
        "Subtype": b"/Form",
        "BBox": numbers(page.box),
        "Matrix": numbers((sx, 0, 0, sy, -left * sx, -bottom * sy)),
        "Resources": resources,
    }
    if group:
        entries["Group"] = group
    return pdf.add(stream(entries, page.content, deflated=True))


def images(pdf: PdfFile, pictures: Iterable[FaceImage]) -> bytes:
    """``<< /Im0 n 0 R ... >>``: each picture as an image XObject, with its soft mask."""
    return b"<<" + (
        b"".join(b"/Im%d %d 0 R" % (i, _image(pdf, p)) for i, p in enumerate(pictures)) + b">>"
    )


def face_xobject(
    pdf: PdfFile,
    form: StoredForm,
    size: tuple[float, float],
    fonts: Mapping[int, int],
    shared: int,
) -> int:
    """The face as a Form XObject sized ``size`` (points), using the kit's fonts: through the
    ``shared`` resources unless it has pictures of its own."""
    if form.images:
        resources = b"<</XObject " + images(pdf, form.images) + b">>"
        if form.glyphs:
            resources = resources[:-2] + b"/Font " + font_resources(fonts, form.glyphs) + b">>"
    else:
        resources = ref(shared)
    sx, sy = size[0] / form.width, size[1] / form.height
    matrix = b""
    if abs(sx - 1) > 1e-9 or abs(sy - 1) > 1e-9:
        matrix = b"/Matrix " + numbers((sx, 0, 0, sy, 0, 0))
    head = b"<</Type/XObject/Subtype/Form/BBox[0 0 %s %s]%s/Resources %s" % (
        number(form.width),
        number(form.height),
        matrix,
        resources,
    )
    return pdf.add(
        head
        + b"/Filter/FlateDecode/Length %d>>\nstream\n" % len(form.deflated)
        + form.deflated
        + b"\nendstream"
    )


def _image(pdf: PdfFile, image: FaceImage) -> int:
    def picture(data: bytes, grey: bool, mask: int | None) -> bytes:
        entries = {
            "Type": b"/XObject",
            "Subtype": b"/Image",
            "Width": b"%d" % image.width,
            "Height": b"%d" % image.height,
            "ColorSpace": b"/DeviceGray" if grey else b"/DeviceRGB",
            "BitsPerComponent": b"8",
            "Interpolate": b"true",
        }
        if mask is not None:
            entries["SMask"] = ref(mask)
        return stream(entries, data, deflated=True)

    mask = pdf.add(picture(image.alpha, True, None)) if image.alpha else None
    return pdf.add(picture(image.data, image.grey, mask))
