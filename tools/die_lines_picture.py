"""A picture of a print-shop kit's die lines: a page drawn faint, its CutContour plate over it.

    python tools/die_lines_picture.py KIT.pdf PAGE OUT.png [LEFT,TOP,RIGHT,BOTTOM]
        [--and KIT.pdf PAGE LEFT,TOP,RIGHT,BOTTOM]

Ghostscript's ``tiffsep`` device renders the page's separations, one of them the die lines'
spot colour; poppler's ``pdftoppm`` renders the page as a viewer shows it. The page is blended
half-way to white and the CutContour plate painted over it in red, so the cut paths stand out
from the artwork. The crop is a share of the page (0 to 1 on each side); ``--and`` puts a
second page's crop (of the same kit or another) beside the first, both at the same height.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageFilter, ImageOps

DPI = 150
RED = (220, 0, 60)
HEIGHT = 480
"""Pixels: the height of the picture, wide enough for a README at its natural size."""


def die_lines(pdf: Path, page: int, crop: tuple[float, ...]) -> Image.Image:
    """One page, faint, with its die-line plate in red, cropped."""
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        subprocess.run(
            ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{DPI}",
             f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={tmp / 'sep.tif'}",
             str(pdf)],
            check=True,
        )  # fmt: skip
        subprocess.run(
            ["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png",
             "-singlefile", str(pdf), str(tmp / "page")],
            check=True,
        )  # fmt: skip
        base = Image.open(tmp / "page.png").convert("RGB")
        plate = Image.open(tmp / "sep(CutContour).tif").convert("L")  # white where no ink
    faint = Image.blend(base, Image.new("RGB", base.size, "white"), 0.55)
    ink = ImageOps.invert(plate).point(lambda v: 255 if v > 40 else 0)
    faint.paste(Image.new("RGB", base.size, RED), (0, 0), ink.filter(ImageFilter.MaxFilter(3)))
    width, height = faint.size
    left, top, right, bottom = crop
    return faint.crop((int(left * width), int(top * height), int(right * width),
                       int(bottom * height)))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", type=Path)
    parser.add_argument("page", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("crop", nargs="?", default="0,0,1,1")
    parser.add_argument("--and", dest="also", nargs=3, metavar=("PDF", "PAGE", "CROP"))
    args = parser.parse_args()
    panels = [die_lines(args.pdf, args.page, _crop(args.crop))]
    if args.also:
        pdf, page, crop = args.also
        panels.append(die_lines(Path(pdf), int(page), _crop(crop)))
    panels = [p.resize((round(p.width * HEIGHT / p.height), HEIGHT)) for p in panels]
    gap = 16
    picture = Image.new("RGB", (sum(p.width for p in panels) + gap * (len(panels) - 1), HEIGHT))
    picture.paste((255, 255, 255), (0, 0, picture.width, HEIGHT))
    x = 0
    for panel in panels:
        picture.paste(panel, (x, 0))
        x += panel.width + gap
    picture.quantize(colors=128, dither=Image.Dither.NONE).save(args.out, optimize=True)


def _crop(text: str) -> tuple[float, ...]:
    return tuple(float(v) for v in text.split(","))


if __name__ == "__main__":
    main()
