"""The print-shop edition: the assembled kit made a PDF/X-4 file for a printer's preflight.

**Why PDF/X-4, not X-1a.** The kit's pages keep live transparency (cairo's soft masks and
constant alpha in maps and charts, a counter's translucent marker) and the die lines sit on an
optional content layer. PDF/X-1a forbids both: transparency would have to be flattened into
pixels and the die lines could not be a layer a RIP routes to the cutter. PDF/X-4 allows both,
and every print-on-demand shop that asks for X-1a accepts X-4 today.

What this pass changes, walking every page and everything its resources reach:

- every colour operator in every content stream (pages, forms, patterns, Type 3 glyphs),
  every image and every shading, from RGB to DeviceCMYK through the press's profile
  (:mod:`cmyk`), held under its ink limit; greys stay DeviceGray (black ink only);
- transparency groups blend in DeviceCMYK;
- every page gets a TrimBox and a BleedBox (the MediaBox where the kit set none);
- the catalog gets the output intent (the profile embedded), the XMP metadata PDF/X asks
  for, and the document information its version key, Trapped and dates.

The file stays deterministic: dates come from SOURCE_DATE_EPOCH (the epoch itself without it,
since PDF/X requires them) and the file identifier is a hash of the content.
"""

from __future__ import annotations

import hashlib
import io
import os
import time
import zlib
from collections.abc import Callable
from typing import Any, cast

from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    ContentStream,
    DecodedStreamObject,
    DictionaryObject,
    EncodedStreamObject,
    FloatObject,
    IndirectObject,
    NameObject,
    NumberObject,
    PdfObject,
    StreamObject,
    TextStringObject,
)

from toolkit.kit.errors import KitError
from toolkit.kit.pdf.cmyk import Press

VERSION = "PDF/X-4"
HEADER = b"%PDF-1.6"
"""PDF/X-4 is built on PDF 1.6."""

_RGB = NameObject("/DeviceRGB")
_CMYK = NameObject("/DeviceCMYK")
_COLOUR_OPERATORS = {b"rg": b"k", b"RG": b"K"}
_COMPONENT_OPERATORS = (b"sc", b"scn", b"SC", b"SCN")


def to_pdfx(data: bytes, press: Press, title: str) -> bytes:
    """The kit ``data`` (as :func:`~toolkit.kit.pdf.assembly.assemble` made it) as PDF/X-4.

    :raises KitError: something in it this pass cannot make CMYK (a sampled shading in RGB).
    """
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    walk = _Walk(press)
    for page in writer.pages:
        walk.page(page)
    _catalog(writer, press, title)
    writer.pdf_header = HEADER
    digest = hashlib.sha256(data + press.profile + str(press.ink_limit).encode()).digest()[:16]
    writer._ID = ArrayObject([ByteStringObject(digest), ByteStringObject(digest)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class _Walk:
    """Everything reachable from the pages, each object converted once."""

    def __init__(self, press: Press) -> None:
        self.press = press
        self.seen: set[int] = set()

    def _once(self, obj: PdfObject) -> bool:
        """Whether ``obj`` is met for the first time (direct objects always are)."""
        ref = getattr(obj, "indirect_reference", None)
        if ref is None:
            return True
        if ref.idnum in self.seen:
            return False
        self.seen.add(ref.idnum)
        return True

    def page(self, page: Any) -> None:
        media = page["/MediaBox"]
        for box in ("/TrimBox", "/BleedBox"):
            if box not in page:
                page[NameObject(box)] = ArrayObject(list(media))
        self.group(page)
        resources = _dict(page.get("/Resources"))
        contents = page.get_contents()
        if contents is not None:
            page.replace_contents(self.content(contents, resources))
            page.compress_content_streams()
        self.resources(resources)

    def group(self, holder: DictionaryObject) -> None:
        """A transparency group blends in CMYK, not RGB."""
        group = _dict(holder.get("/Group"))
        if group is not None and _is_rgb(group.get("/CS")):
            group[NameObject("/CS")] = _CMYK

    def content(self, stream: Any, resources: DictionaryObject | None) -> ContentStream:
        """A content stream with every RGB colour operator made CMYK."""
        content = stream if isinstance(stream, ContentStream) else ContentStream(stream, None)
        rgb_spaces = _rgb_space_names(resources)
        operations = []
        for operands, operator in content.operations:
            if operator in _COLOUR_OPERATORS:
                operands = self._numbers(operands)
                operator = _COLOUR_OPERATORS[operator]
            elif (
                operator in (b"cs", b"CS")
                and operands
                and (_is_rgb(operands[0]) or operands[0] in rgb_spaces)
            ):
                operands = [_CMYK]
            elif operator in _COMPONENT_OPERATORS and _three_numbers(operands):
                operands = self._numbers(operands)
            elif operator == b"INLINE IMAGE":
                operands = self.inline_image(operands)
            operations.append((operands, operator))
        content.operations = operations
        return content

    def _numbers(self, operands: list[Any]) -> list[Any]:
        """Three RGB components as four CMYK ones."""
        cmyk = self.press.cmyk(*(float(v) for v in operands[:3]))
        return [FloatObject(round(v, 4)) for v in cmyk] + list(operands[3:])

    def resources(self, resources: DictionaryObject | None) -> None:
        if resources is None or not self._once(resources):
            return
        spaces = _dict(resources.get("/ColorSpace"))
        if spaces is not None:
            for key in list(spaces):
                if _is_rgb(spaces[key]):
                    spaces[NameObject(key)] = _CMYK
        for kind, visit in (
            ("/XObject", self.xobject),
            ("/Pattern", self.pattern),
            ("/Shading", self.shading),
            ("/ExtGState", self.state),
            ("/Font", self.font),
        ):
            entries = _dict(resources.get(kind))
            for key in list(entries or {}):
                visit(cast(DictionaryObject, entries)[key])

    def xobject(self, ref: PdfObject) -> None:
        obj = ref.get_object()
        if not isinstance(obj, StreamObject) or not self._once(obj):
            return
        if obj.get("/Subtype") == "/Image":
            self.image(obj)
        elif obj.get("/Subtype") == "/Form":
            self.form(obj)

    def form(self, obj: StreamObject) -> None:
        """A form's own content and resources, and its group."""
        self.group(obj)
        resources = _dict(obj.get("/Resources"))
        obj.set_data(self.content(obj, resources).get_data())
        self.resources(resources)

    def image(self, obj: StreamObject) -> None:
        """An RGB image as CMYK pixels (its soft mask, a grey image, is left as it is)."""
        space = obj.get("/ColorSpace")
        if _is_indexed_rgb(space):
            self.palette(cast(ArrayObject, space.get_object()))  # type: ignore[union-attr]
            return
        if not _is_rgb(space):
            return
        if obj.get("/BitsPerComponent", 8) != 8:
            raise KitError("an RGB image in the kit is not 8 bits a component")
        size = (cast(int, obj["/Width"]), cast(int, obj["/Height"]))
        filters = obj.get("/Filter")
        raw = obj.get_data()
        picture: Image.Image
        if filters == "/DCTDecode" or (isinstance(filters, list) and "/DCTDecode" in filters):
            picture = Image.open(io.BytesIO(raw))
        else:
            picture = Image.frombytes("RGB", size, raw)
        converted = self.press.image(picture)
        for key in ("/Filter", "/DecodeParms", "/Decode"):
            obj.pop(NameObject(key), None)
        obj[NameObject("/ColorSpace")] = _CMYK
        obj[NameObject("/Filter")] = NameObject("/FlateDecode")
        if isinstance(obj, EncodedStreamObject):
            obj.decoded_self = None
        StreamObject.set_data(obj, zlib.compress(converted.tobytes(), 6))  # the bytes as given

    def inline_image(self, image: dict[str, Any]) -> dict[str, Any]:
        """A small picture written in the content itself (cairo's, for a few pixels) as CMYK:
        the same conversion as :meth:`image`, its pixels left uncompressed.

        :raises KitError: an RGB inline image in an encoding other than none or Flate.
        """
        settings = image["settings"]
        space = settings.get("/CS", settings.get("/ColorSpace"))
        if space not in ("/RGB", "/DeviceRGB"):
            return image
        filters = settings.get("/F", settings.get("/Filter"))
        data = image["data"]
        if filters in ("/Fl", "/FlateDecode"):
            data = zlib.decompress(data)
        elif filters is not None:
            raise KitError(f"an inline picture in the kit is encoded as {filters}; not made CMYK")
        size = (
            int(settings.get("/W", settings.get("/Width"))),
            int(settings.get("/H", settings.get("/Height"))),
        )
        converted = self.press.image(Image.frombytes("RGB", size, data))
        kept = DictionaryObject(
            {
                k: v
                for k, v in settings.items()
                if k
                not in (
                    "/F",
                    "/Filter",
                    "/DP",
                    "/DecodeParms",
                    "/CS",
                    "/ColorSpace",
                    "/D",
                    "/Decode",
                )
            }
        )
        kept[NameObject("/CS")] = NameObject("/CMYK")
        return {"settings": kept, "data": converted.tobytes()}

    def palette(self, space: ArrayObject) -> None:
        """An indexed image's palette made CMYK."""
        table = space[3].get_object()
        raw = table.get_data() if isinstance(table, StreamObject) else bytes(table)
        colours = [raw[i : i + 3] for i in range(0, len(raw) - 2, 3)]
        cmyk = b"".join(
            bytes(round(v * 255) for v in self.press.cmyk(*(c / 255 for c in rgb)))
            for rgb in colours
        )
        space[1] = _CMYK
        space[3] = ByteStringObject(cmyk)

    def pattern(self, ref: PdfObject) -> None:
        obj = ref.get_object()
        if not isinstance(obj, DictionaryObject) or not self._once(obj):
            return
        if obj.get("/PatternType") == 1 and isinstance(obj, StreamObject):
            self.form(obj)
        elif "/Shading" in obj:
            self.shading(obj["/Shading"])
        if "/ExtGState" in obj:
            self.state(obj["/ExtGState"])

    def shading(self, ref: PdfObject) -> None:
        obj = ref.get_object()
        if not isinstance(obj, DictionaryObject) or not self._once(obj):
            return
        if not _is_rgb(obj.get("/ColorSpace")):
            return
        obj[NameObject("/ColorSpace")] = _CMYK
        if "/Background" in obj:
            obj[NameObject("/Background")] = ArrayObject(
                self._numbers(list(cast(ArrayObject, obj["/Background"])))
            )
        self.function(obj["/Function"])

    def function(self, ref: PdfObject) -> None:
        """A shading's colour function made to return CMYK: exponential ones by their end
        colours, stitching ones by their parts."""
        obj = ref.get_object()
        if isinstance(obj, ArrayObject):
            raise KitError("a shading in the kit has one function a component; not made CMYK")
        assert isinstance(obj, DictionaryObject)
        if not self._once(obj):
            return
        kind = obj.get("/FunctionType")
        if kind == 2:
            for end, default in (("/C0", [0, 0, 0]), ("/C1", [1, 1, 1])):
                values = list(obj.get(end, default))
                obj[NameObject(end)] = ArrayObject(self._numbers(values))
        elif kind == 3:
            for part in cast(ArrayObject, obj["/Functions"]):
                self.function(part)
        else:
            raise KitError(f"a shading in the kit uses a type {kind} function; not made CMYK")
        if "/Range" in obj:
            obj[NameObject("/Range")] = ArrayObject([NumberObject(v) for v in (0, 1) * 4])

    def state(self, ref: PdfObject) -> None:
        """A graphics state's soft mask group blends in CMYK too."""
        obj = ref.get_object()
        if not isinstance(obj, DictionaryObject) or not self._once(obj):
            return
        mask = obj.get("/SMask")
        if isinstance(mask, (DictionaryObject, IndirectObject)):
            mask = mask.get_object()
            if isinstance(mask, DictionaryObject) and "/G" in mask:
                self.xobject(mask["/G"])
                backdrop = mask.get("/BC")
                if isinstance(backdrop, ArrayObject) and len(backdrop) == 3:
                    mask[NameObject("/BC")] = ArrayObject(self._numbers(list(backdrop)))

    def font(self, ref: PdfObject) -> None:
        """A Type 3 font's glyphs are content streams too."""
        obj = ref.get_object()
        if not isinstance(obj, DictionaryObject) or obj.get("/Subtype") != "/Type3":
            return
        if not self._once(obj):
            return
        resources = _dict(obj.get("/Resources"))
        procs = _dict(obj.get("/CharProcs")) or DictionaryObject()
        for key in list(procs):
            glyph = cast(StreamObject, procs[key].get_object())
            glyph.set_data(self.content(glyph, resources).get_data())
        self.resources(resources)


def _catalog(writer: PdfWriter, press: Press, title: str) -> None:
    """The output intent, the XMP metadata and the document information PDF/X asks for."""
    plain = DecodedStreamObject()
    plain.set_data(press.profile)
    plain[NameObject("/N")] = NumberObject(4)
    profile = plain.flate_encode()
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject("Custom"),
            NameObject("/OutputCondition"): TextStringObject(press.description),
            NameObject("/Info"): TextStringObject(press.description),
            NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
            NameObject("/DestOutputProfile"): writer._add_object(profile),
        }
    )
    root = writer._root_object
    root[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])
    stamp = _stamp()
    metadata = DecodedStreamObject()
    metadata.set_data(_xmp(title, stamp, press))
    metadata[NameObject("/Type")] = NameObject("/Metadata")
    metadata[NameObject("/Subtype")] = NameObject("/XML")
    root[NameObject("/Metadata")] = writer._add_object(metadata)
    pdf_date = time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(stamp))
    info: Callable[[str], TextStringObject] = TextStringObject
    writer.add_metadata(
        {
            "/Title": info(title),
            "/GTS_PDFXVersion": info(VERSION),
            "/CreationDate": info(pdf_date),
            "/ModDate": info(pdf_date),
        }
    )
    info_dict = cast(DictionaryObject, writer._info)
    info_dict[NameObject("/Trapped")] = NameObject("/False")


def _stamp() -> int:
    """The file's date: SOURCE_DATE_EPOCH, or the epoch itself (PDF/X requires a date; a
    build's own clock would make every build a different file)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(epoch) if epoch.isdigit() else 0


def _xmp(title: str, stamp: int, press: Press) -> bytes:
    """The XMP packet PDF/X-4 requires: its version, the title, dates, trapping and the
    document's identifiers."""
    date = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))
    uuid = hashlib.sha1(f"{title}{stamp}{press.ink_limit}".encode()).hexdigest()
    escaped = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escaped}</rdf:li></rdf:Alt></dc:title>
<dc:format>application/pdf</dc:format>
<xmp:CreateDate>{date}</xmp:CreateDate>
<xmp:ModifyDate>{date}</xmp:ModifyDate>
<xmp:MetadataDate>{date}</xmp:MetadataDate>
<xmp:CreatorTool>toolkit</xmp:CreatorTool>
<pdf:Producer>toolkit</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:{uuid[:8]}-{uuid[8:12]}-{uuid[12:16]}-{uuid[16:20]}-{uuid[20:32]}</xmpMM:DocumentID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>{VERSION}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    return text.encode("utf-8")


def _dict(value: PdfObject | None) -> DictionaryObject | None:
    """``value`` resolved, when it is a dictionary."""
    obj = value.get_object() if value is not None else None
    return obj if isinstance(obj, DictionaryObject) else None


def _is_rgb(space: PdfObject | None) -> bool:
    """Whether a colour space is RGB: DeviceRGB, or an ICC-based one with three components."""
    obj = space.get_object() if space is not None else None
    if obj == _RGB:
        return True
    if isinstance(obj, ArrayObject) and obj and obj[0] == "/ICCBased":
        return int(obj[1].get_object().get("/N", 0)) == 3
    return False


def _is_indexed_rgb(space: PdfObject | None) -> bool:
    obj = space.get_object() if space is not None else None
    return (
        isinstance(obj, ArrayObject) and len(obj) == 4 and obj[0] == "/Indexed" and _is_rgb(obj[1])
    )


def _rgb_space_names(resources: DictionaryObject | None) -> set[str]:
    """The names a content stream's resources give to RGB colour spaces."""
    spaces = _dict(resources.get("/ColorSpace")) if resources is not None else None
    return {key for key in spaces or {} if _is_rgb(spaces[key])}  # type: ignore[index]


def _three_numbers(operands: list[Any]) -> bool:
    return len(operands) == 3 and all(isinstance(v, (int, float)) for v in operands)
