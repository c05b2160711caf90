"""The calibration pair: measures how far this printer puts the back of a sheet from its front.

Every duplex printer shifts the back a little (often 0.5–2 mm). The front carries bold crosses;
the back carries, at the mirrored places, millimetre grids drawn exactly like counter backs (with
the current ``back_offset``). Held to the light, the front's cross shows through on the back grid;
its reading, in the back's own axes (x right, y down), is what to add to ``back_offset`` — no sign
to flip for either duplex mode, which is why the grid is on the back and not on the front.
"""

from __future__ import annotations

from toolkit.catalogue import Words
from toolkit.kit import draw, flow
from toolkit.kit.cover import correction
from toolkit.kit.impose import Duplex, mirror_point
from toolkit.kit.layout import PagePlan
from toolkit.kit.paper import INCH, MM, Page

CROSS = 18.0
GRID_MM = 8


def cross_points(page: Page) -> list[tuple[float, float]]:
    """The centre and four points towards the corners, symmetric about both axes of the page so
    the mirrored set is the same set in either duplex mode (the instructions stay clear)."""
    dx = page.width / 2 - page.margin - 50
    dy = min(page.height / 2 - 200, page.height / 2 - page.margin - 60)
    cx, cy = page.width / 2, page.height / 2
    return [
        (cx, cy),
        (cx - dx, cy - dy),
        (cx + dx, cy - dy),
        (cx - dx, cy + dy),
        (cx + dx, cy + dy),
    ]


def calibration_plans(
    page: Page, duplex: Duplex, offset: tuple[float, float], bleed: float, say: Words
) -> list[PagePlan]:
    """The front page (crosses and rulers) and the back page (grids), in that order; ``bleed``
    is how far the counters' colour runs past their cut, which hides a smaller shift."""
    section = say("kit.calibration.section")
    return [
        PagePlan(page, section, front_body(page, duplex, say), label=say("kit.label.front")),
        PagePlan(
            page,
            section,
            back_body(page, duplex, offset, bleed, say),
            label=say("kit.label.back"),
        ),
    ]


def front_body(page: Page, duplex: Duplex, say: Words) -> str:
    """Crosses to show through the paper, and rulers that prove the print is at 100 %."""
    flip = say("kit.print.long-edge" if duplex == "long-edge" else "kit.print.short-edge")
    text = [
        flow.heading(say("kit.calibration.front-title"), size=14, space_before=0),
        *flow.paragraph(
            say("kit.calibration.front-print", flip=flip), page.inner_width, space_before=4
        ),
        *flow.paragraph(say("kit.calibration.front-scale"), page.inner_width, space_before=4),
    ]
    crosses = "".join(draw.crosshair(x, y, CROSS, width=1.0) for x, y in cross_points(page))
    foot = page.height - page.margin
    rulers = ruler(page.width / 2 - 50 * MM, foot - 46, 100, MM, 10, 10, "mm") + ruler(
        page.width / 2 - 2 * INCH, foot - 12, 32, INCH / 8, 8, 1, say("kit.unit.inch")
    )
    return flow.paginate(text, page)[0] + crosses + rulers


def ruler(
    x: float, y: float, ticks: int, step: float, major: int, per_major: int, unit: str
) -> str:
    """A straight ruler of ``ticks`` steps, labelled every ``major`` ticks (``per_major`` units)."""
    parts = [draw.line(x, y, x + ticks * step, y, width=0.5)]
    for i in range(ticks + 1):
        half = major % 2 == 0 and i % (major // 2) == 0
        length = 8.0 if i % major == 0 else (5.0 if half else 3.0)
        parts.append(draw.line(x + i * step, y, x + i * step, y - length))
        if i % major == 0:
            parts.append(
                draw.text(x + i * step, y - 10, str(i // major * per_major), 6, anchor="middle")
            )
    parts.append(draw.text(x + ticks * step + 6, y, unit, 7))
    return "".join(parts)


def back_body(
    page: Page, duplex: Duplex, offset: tuple[float, float], bleed: float, say: Words
) -> str:
    """Millimetre grids behind each front cross, placed like counter backs, how to read them
    and what a player does with the reading."""
    adjust = " ".join([say("kit.calibration.back-adjust"), *correction(bleed, say)])
    text = [
        flow.heading(say("kit.calibration.back-title"), size=14, space_before=0),
        *flow.paragraph(say("kit.calibration.back-read"), page.inner_width, space_before=4),
        *flow.paragraph(adjust, page.inner_width, space_before=4),
    ]
    grids = "".join(
        mm_grid(*mirror_point(x, y, page, duplex, offset)) for x, y in cross_points(page)
    )
    return flow.paginate(text, page)[0] + grids


def mm_grid(x: float, y: float) -> str:
    """A ±8 mm grid centred on (x, y): a line each millimetre, darker each five, numbered each
    two, with the axes named (x to the right, y downwards) so the reading needs no thought."""
    half = GRID_MM * MM
    parts = []
    for i in range(-GRID_MM, GRID_MM + 1):
        at = i * MM
        colour = draw.INK if i == 0 else ("#777777" if i % 5 == 0 else "#bbbbbb")
        width = 0.4 if i == 0 else 0.2
        parts.append(draw.line(x + at, y - half, x + at, y + half, width=width, colour=colour))
        parts.append(draw.line(x - half, y + at, x + half, y + at, width=width, colour=colour))
        if i % 2 == 0:
            parts.append(draw.text(x + at, y + half + 4.5, str(i), 3.6, anchor="middle"))
            parts.append(draw.text(x + half + 1.5, y + at + 1.3, str(i), 3.6))
    parts.append(draw.text(x, y + half + 10, "x (mm) →", 4.5, bold=True, anchor="middle"))
    parts.append(draw.text(x + half + 8, y + 1.5, "y (mm) ↓", 4.5, bold=True))
    return "".join(parts)
