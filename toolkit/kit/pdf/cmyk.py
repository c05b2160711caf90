"""RGB to CMYK for the print-shop edition: through a real output profile with lcms (Pillow's
ImageCms), then held under a total ink limit.

The profile is Artifex's "CMYK SWOP" output profile (``default_cmyk.icc``), which Debian ships
in ``libgs-common`` (free, installed with Ghostscript or alone, and listed in the Makefile's
tools): a full LUT-based printer profile for coated offset stock in the SWOP family, which most
print-on-demand shops accept as it is. The free profile packages (``icc-profiles-free``,
``colord-data``) hold RGB and grey profiles and FOGRA measurement data, but no CMYK output
profile. The source colours are sRGB, as SVG and CSS define them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageCms, ImageMath

from toolkit.kit.errors import KitError

PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
"""Where Debian's ``libgs-common`` puts its CMYK output profile."""
PROFILE_PACKAGE = "libgs-common"
INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
"""Relative colorimetric: flat faction colours and text keep their hue, only the few colours
outside the press's gamut move (perceptual would shift every colour to make room for them)."""


@dataclass(frozen=True, eq=False)
class Press:
    # eq=False: hashed by identity, so the colour cache never hashes the profile's bytes
    """The output condition the edition is printed for: its profile and ink limit."""

    profile: bytes
    """The ICC profile's bytes, embedded as the file's output intent."""
    description: str
    ink_limit: int
    """Percent: the most C + M + Y + K any colour may carry."""
    _transform: ImageCms.ImageCmsTransform = field(repr=False, compare=False)

    def cmyk(self, red: float, green: float, blue: float) -> tuple[float, float, float, float]:
        """An sRGB colour (components 0-1) as CMYK (0-1) under the ink limit."""
        r, g, b = (max(0, min(255, round(v * 255))) for v in (red, green, blue))
        return _convert(self, (r, g, b))

    def image(self, picture: Image.Image) -> Image.Image:
        """An RGB picture as a CMYK one under the ink limit."""
        converted = ImageCms.applyTransform(picture.convert("RGB"), self._transform)
        assert converted is not None  # not in place
        return limit_image_ink(converted, self.ink_limit)


def open_press(ink_limit: int, path: Path = PROFILE) -> Press:
    """The press described by the CMYK profile at ``path``.

    :raises KitError: the profile is missing or not a CMYK output profile, or the limit is not
        a total ink a press can lay (100-400 %).
    """
    if not 100 <= ink_limit <= 400:
        raise KitError(f"ink limit {ink_limit} % is not between 100 % and 400 %")
    try:
        data = path.read_bytes()
        profile = ImageCms.ImageCmsProfile(path.as_posix())
    except (OSError, ImageCms.PyCMSError):
        raise KitError(
            f"the print-shop kit needs the CMYK profile {path} (Debian package"
            f" {PROFILE_PACKAGE}: apt-get install {PROFILE_PACKAGE}, or run make tools)"
        ) from None
    if profile.profile.xcolor_space.strip() != "CMYK":
        raise KitError(f"{path} is not a CMYK output profile")
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK", renderingIntent=INTENT
    )
    description = ImageCms.getProfileDescription(profile).strip()
    return Press(data, description, ink_limit, transform)


@lru_cache(maxsize=65536)
def _convert(press: Press, rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    """One colour through the profile (cached: a kit has a few hundred distinct colours)."""
    pixel = press.image(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return tuple(round(v / 255, 4) for v in pixel)  # type: ignore[return-value]


def limit_ink(cmyk: tuple[float, ...], limit: int) -> tuple[float, ...]:
    """``cmyk`` (0-1) with C, M and Y scaled down together until the total is within ``limit``
    percent; black is kept, since it carries the shadows and the text."""
    c, m, y, k = cmyk
    room = limit / 100 - k
    colour = c + m + y
    if colour <= room or colour <= 0:
        return cmyk
    scale = max(room, 0) / colour
    return (c * scale, m * scale, y * scale, k)


def limit_image_ink(picture: Image.Image, limit: int) -> Image.Image:
    """A CMYK picture with :func:`limit_ink` applied to every pixel."""
    c, m, y, k = (channel.convert("F") for channel in picture.split())
    room = limit / 100 * 255
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"], c=c, m=m, y=y)
    free = ImageMath.lambda_eval(lambda a: a["room"] - a["k"], k=k, room=room)
    scale = ImageMath.lambda_eval(
        lambda a: a["min"](a["free"] / a["max"](a["total"], 1.0), 1.0), free=free, total=total
    )
    scaled = [
        ImageMath.lambda_eval(lambda a: a["v"] * a["s"], v=v, s=scale).convert("L")
        for v in (c, m, y)
    ]
    return Image.merge("CMYK", (*scaled, k.convert("L")))
