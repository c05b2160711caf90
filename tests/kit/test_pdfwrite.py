"""The kit's own PDF writer and the import of cairosvg's pages, judged by real readers: pypdf in
strict mode, qpdf's checker, and poppler's rasteriser against the page imported."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pdfminer.high_level import extract_text
from PIL import Image, ImageChops
from pypdf import PdfReader

from toolkit.kit.layout import PagePlan
from toolkit.kit.paper import Page
from toolkit.kit.pdf import svg_to_pdf
from toolkit.kit.pdf.assembly import assemble_pages
from toolkit.kit.pdf.imported import decode_import, encode_import, import_page, relocate
from toolkit.kit.pdf.writer import PdfFile, dictionary, name, number, ref, stream, string
from toolkit.render.svg import svg_document

QPDF = shutil.which("qpdf")
POPPLER = shutil.which("pdftocairo")

DRAWING = svg_document(
    200,
    120,
    '<rect x="10" y="10" width="180" height="100" fill="#3060a0" opacity="0.6"/>'
    '<text x="20" y="60" font-size="18" font-family="DejaVu Sans">Zürich (4-3)</text>'
    '<circle cx="150" cy="60" r="30" fill="none" stroke="#000" stroke-dasharray="4,2"/>',
)
"""A drawing the direct path refuses (an opacity), with text: fonts and a group to import."""


def test_names_escape_what_is_not_a_regular_character() -> None:
    assert name("Font") == b"/Font"
    assert name("A B#/(x)") == b"/A#20B#23#2F#28x#29"
    assert name("é") == b"/#C3#A9"


def test_strings_cannot_end_early() -> None:
    assert string("a (b) \\ c") == b"(a \\(b\\) \\\\ c)"
    assert string("line\nbreak") == b"<FEFF006C0069006E0065000A0062007200650061006B>"
    assert string("Zürich") == b"<FEFF005A00FC0072006900630068>"


def test_numbers_are_short_and_never_minus_zero() -> None:
    assert [number(v) for v in (36.0, 0.5, -0.0000001, 1 / 3, -2)] == [
        b"36",
        b"0.5",
        b"0",
        b"0.333333",
        b"-2",
    ]


def test_an_object_reserved_and_never_written_is_refused() -> None:
    pdf = PdfFile()
    pdf.reserve()
    with pytest.raises(ValueError, match="reserved but never written"):
        pdf.write(1)


def written_file(title: str) -> bytes:
    """A one-page file written by hand with the writer: a page with a rectangle."""
    pdf = PdfFile()
    catalog, pages = pdf.reserve(), pdf.reserve()
    content = pdf.add(stream({}, b"0 0 1 rg 10 10 50 50 re f\n"))
    page = pdf.add(
        dictionary(
            {
                "Type": b"/Page",
                "Parent": ref(pages),
                "MediaBox": b"[0 0 100 100]",
                "Contents": ref(content),
            }
        )
    )
    pdf.put(pages, dictionary({"Type": b"/Pages", "Kids": b"[" + ref(page) + b"]", "Count": b"1"}))
    pdf.put(catalog, dictionary({"Type": b"/Catalog", "Pages": ref(pages)}))
    info = pdf.add(dictionary({"Title": string(title)}))
    return pdf.write(catalog, info)


HOSTILE_TITLE = "Evil) /Title (x) >> endobj\n\\ Ünïcode"


def test_a_written_file_reads_back_strictly() -> None:
    data = written_file(HOSTILE_TITLE)
    reader = PdfReader(io.BytesIO(data), strict=True)
    assert len(reader.pages) == 1
    assert reader.metadata is not None and reader.metadata["/Title"] == HOSTILE_TITLE
    assert "/ID" not in reader.trailer
    # every offset of the cross-reference table points at its object
    table = data[data.rindex(b"xref\n") :].split(b"\n")
    offsets = [int(row[:10]) for row in table[3:] if row.endswith(b" n ")]
    for number_, offset in enumerate(offsets, start=1):
        assert data[offset:].startswith(b"%d 0 obj\n" % number_)


@pytest.mark.skipif(QPDF is None, reason="qpdf is not installed: the structure check is skipped")
def test_qpdf_finds_nothing_wrong(tmp_path: Path) -> None:
    path = tmp_path / "written.pdf"
    path.write_bytes(written_file(HOSTILE_TITLE))
    result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No syntax or stream encoding errors found" in result.stdout


def test_an_imported_page_survives_the_cache() -> None:
    page = import_page(svg_to_pdf(DRAWING))
    assert decode_import(encode_import(page)) == page
    assert page.box == (0.0, 0.0, 200.0, 120.0)
    assert page.group  # cairo draws the opacity in a transparency group
    assert any(b"/FontFile2" in body for body, _data in page.objects)


def test_a_damaged_entry_is_refused() -> None:
    entry = encode_import(import_page(svg_to_pdf(DRAWING)))
    with pytest.raises(ValueError):
        decode_import(entry[:60])
    with pytest.raises(ValueError):
        import_page(b"%PDF-1.4 not really")


def test_relocated_references_point_at_the_objects_added() -> None:
    page = import_page(svg_to_pdf(DRAWING))
    pdf = PdfFile()
    pdf.add(b"<<>>")  # taken: the page's objects start at 2
    kinds, _group = relocate(page, pdf)
    resources = b"".join(kinds.values())
    assert {"Font", "ExtGState"} <= set(kinds)
    assert b"\x00" not in resources
    numbers = {int(n) for n in re.findall(rb"(\d+) 0 R", resources)}
    assert numbers and min(numbers) >= 2 and max(numbers) < pdf.next_number()


def kit_of(pdf: bytes) -> bytes:
    """The page ``pdf`` made a kit page by the assembly (so imported as a form and placed)."""
    plan = PagePlan(Page(200.0, 120.0, 0.0), "test", "")
    return assemble_pages([(plan, pdf)], {}, {"/Title": "test"})


def rasterise(pdf: bytes, folder: Path, name_: str) -> Image.Image:
    path = folder / f"{name_}.pdf"
    path.write_bytes(pdf)
    subprocess.run(
        ["pdftocairo", "-r", "150", "-png", "-singlefile", str(path), str(folder / name_)],
        check=True,
    )
    with Image.open(folder / f"{name_}.png") as image:
        return image.convert("RGB")


def test_an_imported_page_keeps_its_text_on_the_page() -> None:
    """Not inside a form: text extractors that leave forms' text alone (pdfminer) still read
    a page cairosvg drew, word by word."""
    text = extract_text(io.BytesIO(kit_of(svg_to_pdf(DRAWING))))
    assert "Zürich (4-3)" in text


@pytest.mark.skipif(POPPLER is None, reason="poppler-utils is not installed: no page to compare")
def test_an_imported_page_looks_exactly_as_the_page_itself(tmp_path: Path) -> None:
    source = svg_to_pdf(DRAWING)
    original = rasterise(source, tmp_path, "original")
    imported = rasterise(kit_of(source), tmp_path, "imported")
    assert ImageChops.difference(original, imported).getbbox() is None


@pytest.mark.skipif(QPDF is None, reason="qpdf is not installed: the structure check is skipped")
def test_qpdf_finds_nothing_wrong_in_an_assembled_page(tmp_path: Path) -> None:
    path = tmp_path / "kit.pdf"
    path.write_bytes(kit_of(svg_to_pdf(DRAWING)))
    result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_page_of_another_size_is_stretched_onto_the_kit_page() -> None:
    plan = PagePlan(Page(100.0, 60.0, 0.0), "test", "")
    kit = assemble_pages([(plan, svg_to_pdf(DRAWING))], {}, {})
    page = PdfReader(io.BytesIO(kit), strict=True).pages[0]
    assert "/KitPage" in page["/Resources"]["/XObject"]
    assert [float(v) for v in page.mediabox] == [0, 0, 100, 60]
    form = page["/Resources"]["/XObject"]["/KitPage"].get_object()
    assert [float(v) for v in form["/Matrix"]] == [0.5, 0, 0, 0.5, 0, 0]
