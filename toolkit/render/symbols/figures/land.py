"""Figure icons of the land: soldiers and guns, tanks, and what stands on the ground (factories,
forts, trenches, supply dumps)."""

from __future__ import annotations

from toolkit.render.symbols.figures.shapes import _bar, _circ, _Icon, _poly, _rr

LAND: dict[str, _Icon] = {
    "infantry": _Icon(
        60,
        100,
        body=(
            _poly((18, 15), (20, 8), (27, 3.5), (35, 4), (40, 9), (41, 15)),  # helmet
            _circ(30, 17, 7),  # head
            _poly((22, 23), (37, 23), (41, 32), (39, 57), (21, 57), (20, 32)),  # torso
            _rr(13, 25, 9, 21, 2.5),  # pack
            _bar(35, 27, 46, 43, 7),  # arm
            _bar(33, 54, 45, 92, 9),  # front leg
            _bar(27, 54, 16, 92, 9),  # back leg
            _poly((40, 91), (53, 91), (53, 98), (40, 98)),  # boots
            _poly((9, 91), (22, 91), (22, 98), (9, 98)),
            _bar(41, 58, 56, 4, 3.4),  # rifle
            _bar(40, 61, 44, 46, 6),  # rifle stock
        ),
    ),
    "artillery": _Icon(
        100,
        64,
        body=(
            _bar(40, 44, 4, 60, 6.5),  # trail
            _poly((1, 56), (8, 56), (8, 63), (1, 63)),  # spade
            _circ(40, 44, 18),  # wheel
            _bar(36, 42, 98, 22, 5),  # barrel
            _bar(40, 40, 70, 30.5, 9),  # recoil cylinder
            _poly((50, 18), (58, 15), (61, 44), (53, 47)),  # shield
        ),
        holes=(
            ("sector", 40, 44, 13, 15, 80),
            ("sector", 40, 44, 13, 105, 170),
            ("sector", 40, 44, 13, 195, 255),
            ("sector", 40, 44, 13, 285, 345),
        ),
    ),
    "tank": _Icon(
        100,
        56,
        body=(
            _rr(3, 34, 94, 21, 10.5),  # track
            _poly((9, 36), (15, 25), (86, 25), (96, 35)),  # hull
            _poly((31, 26), (36, 13), (63, 12), (72, 19), (72, 26)),  # turret
            _bar(68, 18.5, 99.5, 18.5, 3.4),  # gun
            _rr(41, 7, 11, 7, 2),  # cupola
        ),
        holes=tuple(_circ(x, 44.5, 4.8) for x in (17, 30, 43, 56, 69, 82)),
    ),
    "landship": _Icon(  # the rhomboid tank of 1916-18: tracks all round, a gun in a side sponson
        100,
        52,
        body=(
            _poly((1, 30), (9, 6), (20, 2), (66, 2), (99, 16), (97, 36), (86, 50), (13, 50)),
            _rr(42, 0, 14, 5, 1.5),  # cab
        ),
        holes=(
            _poly((36, 20), (60, 20), (64, 36), (32, 36)),  # sponson
            *(_circ(x, 43, 3.2) for x in (20, 32, 44, 56, 68, 80)),  # track rollers
        ),
    ),
    "aa-gun": _Icon(
        100,
        84,
        body=(
            _poly((3, 69), (97, 69), (92, 75), (8, 75)),  # platform
            # wheels
            _circ(22, 76.5, 7),
            _circ(78, 76.5, 7),
            _poly((36, 70), (41, 52), (61, 52), (66, 70)),  # pedestal
            _circ(51, 50, 11),  # cradle
            _bar(47, 52, 79, 6, 4),  # twin barrels
            _bar(55, 54, 87, 8, 4),
            _rr(28, 43, 14, 9, 2),  # sight and layer's seat
        ),
        holes=(_circ(51, 50, 4),),
    ),
    "industrial-complex": _Icon(
        100,
        84,
        body=(
            _poly(
                (3, 82),
                (3, 44),
                (21, 30),
                (21, 44),
                (39, 30),
                (39, 44),
                (57, 30),
                (57, 44),
                (97, 44),
                (97, 82),
            ),  # saw-tooth hall
            _poly((67, 10), (78, 10), (79, 45), (66, 45)),  # chimneys
            _poly((83, 18), (91, 18), (92, 45), (82, 45)),
            _circ(74, 5.5, 4.5),  # smoke
            _circ(83, 5, 3.5),
            _circ(90, 5.5, 2.8),
        ),
        holes=(
            *(_rr(x, y, 7, 8, 1) for y in (50, 64) for x in (8, 19, 30, 41, 52)),
            _rr(70, 58, 14, 24, 1),  # gate
            *(_poly((x + 3, 42), (x + 15, 33), (x + 15, 42)) for x in (3, 21, 39)),  # skylights
        ),
    ),
    # No standard exists for most of the figures below; each is the pictogram wargame markers
    # customarily use.
    # A fort: curtain wall between two towers, battlements, an arched gate.
    "fort": _Icon(
        100,
        80,
        body=(
            _poly((28, 80), (28, 44), (72, 44), (72, 80)),  # curtain wall
            *(_rr(x, 36, 8, 9, 0.5) for x in (31, 46, 61)),  # battlements
            _poly((2, 80), (2, 20), (28, 20), (28, 80)),  # towers
            _poly((72, 80), (72, 20), (98, 20), (98, 80)),
            *(_rr(x, 11, 6.5, 10, 0.5) for x in (2, 11.75, 21.5, 72, 81.75, 91.5)),
        ),
        holes=(
            _poly((40, 80), (40, 62), (50, 52), (60, 62), (60, 80)),  # gate
            _rr(12, 30, 6, 14, 3),  # windows
            _rr(82, 30, 6, 14, 3),
            _rr(12, 54, 6, 14, 3),
            _rr(82, 54, 6, 14, 3),
        ),
    ),
    # A trench line seen from above: fire bays and traverses, sandbags along the parapet.
    "trench": _Icon(
        100,
        40,
        body=(
            _bar(1, 10, 24, 10, 8),
            _bar(20, 6, 20, 30, 8),
            _bar(16, 26, 44, 26, 8),
            _bar(40, 30, 40, 6, 8),
            _bar(36, 10, 64, 10, 8),
            _bar(60, 6, 60, 30, 8),
            _bar(56, 26, 84, 26, 8),
            _bar(80, 30, 80, 6, 8),
            _bar(76, 10, 99, 10, 8),
            # barbed wire in front: a zig-zag
            *(
                _bar(x, 34 if k % 2 else 39, x + 7, 39 if k % 2 else 34, 1.8)
                for k, x in enumerate(range(2, 92, 7))
            ),
        ),
    ),
    # A supply crate in perspective, its planks showing: a box, never a NATO frame.
    "supply": _Icon(
        100,
        80,
        body=(_poly((1, 24), (27, 1), (99, 1), (99, 56), (72, 79), (1, 79)),),
        holes=(
            *(_rr(7, y, 59, 10, 1) for y in (30, 46, 62)),  # front planks
            _poly((13, 20), (29, 6), (88, 6), (71, 20)),  # lid
            *(_poly((77, y), (94, y - 14.5), (94, y - 3), (77, y + 11.5)) for y in (29, 46, 63)),
        ),
    ),
}
"""Land units and ground works, by icon name."""
