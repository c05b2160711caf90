"""The kit's PDF machinery: planned pages and their drawings in, one deterministic PDF out.

Page planning and page content make SVG and :class:`~toolkit.kit.layout.PagePlan` values and
never see a PDF object; everything PDF is in this room, and what the rest of the toolkit needs
of it is the few names below. Inside, the arrows run one way:

- ``writer``: PDF objects serialized to bytes as they are added, the file with its xref table;
- ``paint``: SVG values and outlines as content-stream operands;
- ``fontfiles``: the bundled font files as text setting reads them, and their subsets;
- ``forms``: a directly drawn form and its cache entry (what ``direct`` makes, the rest reads);
- ``direct``: a counter face's or a page's SVG drawn straight as PDF operators;
- ``convert``: cairosvg, for what the direct path refuses (maps, foreign drawings);
- ``imported``: a page cairosvg made, turned once into a relocatable form;
- ``drawings``: every drawing of a kit made ready in the workers, through the build cache;
- ``fonts``: one embedded subset of each font for every drawing of the kit;
- ``xobjects``: drawings as Form XObjects, placed on any number of pages;
- ``dielines``: every piece's cut path in a CutContour separation, on its own layer;
- ``assembly``: the pages, their windows onto the shared drawings, and the document;
- ``cmyk``: sRGB to CMYK through a press's ICC profile, under its total ink limit;
- ``pdfx``: the assembled kit made PDF/X-4 for a printer (the print-shop edition).
"""

from __future__ import annotations

from toolkit.kit.pdf.assembly import ArtPdf, assemble, metadata
from toolkit.kit.pdf.cmyk import open_press
from toolkit.kit.pdf.convert import svg_to_pdf, use_bundled_fonts
from toolkit.kit.pdf.drawings import convert_direct
from toolkit.kit.pdf.pdfx import to_pdfx

__all__ = [
    "ArtPdf",
    "assemble",
    "convert_direct",
    "metadata",
    "open_press",
    "svg_to_pdf",
    "to_pdfx",
    "use_bundled_fonts",
]
