"""How far apart two colours look, to everyone and to colour-blind players.

Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", their matrices for full severity (1.0) of protanopia,
deuteranopia and tritanopia, applied to linear sRGB. Distance: CIEDE2000 (ΔE00) between the
CIELAB values (D65) of the two simulated colours. Two colours closer than
:data:`MIN_DISTANCE` are hard to tell apart at a glance on a counter or a map.
"""

from __future__ import annotations

import math

Rgb = tuple[float, float, float]
Matrix = tuple[Rgb, Rgb, Rgb]

MIN_DISTANCE = 8.0
"""ΔE00 below which two faction colours are flagged: about where flat colours on small pieces
across a map stop being told apart at a glance (2-3 is the least difference an eye notices
with the two side by side)."""

DEFICIENCIES: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. 2009, severity 1.0, on linear RGB."""


def linear(colour: str) -> Rgb:
    """A '#rrggbb' colour as linear sRGB components (0-1)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return (r, g, b)


def simulate(rgb: Rgb, deficiency: str) -> Rgb:
    """Linear RGB as a player with ``deficiency`` sees it (clipped to the gamut)."""
    rows = DEFICIENCIES[deficiency]
    r, g, b = (
        min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb, strict=True)))) for row in rows
    )
    return (r, g, b)


def lab(rgb: Rgb) -> Rgb:
    """Linear sRGB as CIELAB (D65 white)."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(first: Rgb, second: Rgb) -> float:
    """ΔE00 between two CIELAB colours (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lp, cp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp = (h1p + h2p) / 2
    else:
        hp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp - 30))
        + 0.24 * math.cos(math.radians(2 * hp))
        + 0.32 * math.cos(math.radians(3 * hp + 6))
        - 0.20 * math.cos(math.radians(4 * hp - 63))
    )
    sl = 1 + 0.015 * (lp - 50) ** 2 / math.sqrt(20 + (lp - 50) ** 2)
    sc = 1 + 0.045 * cp
    sh = 1 + 0.015 * cp * t
    rt = (
        -2
        * math.sqrt(cp**7 / (cp**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hp - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def distance(first: str, second: str, deficiency: str | None = None) -> float:
    """ΔE00 between two '#rrggbb' colours, as everyone sees them or with ``deficiency``."""
    a, b = linear(first), linear(second)
    if deficiency is not None:
        a, b = simulate(a, deficiency), simulate(b, deficiency)
    return ciede2000(lab(a), lab(b))


def collapses(first: str, second: str) -> list[tuple[str, float]]:
    """(deficiency, ΔE00) of every deficiency under which the two colours come closer than
    :data:`MIN_DISTANCE`, when everyone else tells them apart."""
    if distance(first, second) < MIN_DISTANCE:
        return []  # alike to everyone: a choice of the designer's, not a colour-vision issue
    found = [(d, distance(first, second, d)) for d in DEFICIENCIES]
    return [(d, round(value, 1)) for d, value in found if value < MIN_DISTANCE]
