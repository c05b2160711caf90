"""Area-map outlines from a drawing: an SVG or a GeoJSON file read into map units, and drawn
borders checked against the declared adjacency, each disagreement one located diagnostic."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_fixture
from toolkit.diagnostics import Diagnostic
from toolkit.geometry import closest_points, point_in_rings, project, shared_borders
from toolkit.load import load_game
from toolkit.load.outlines import path_rings

SHAPES = {
    "britain": [[100, 100], [260, 100], [260, 300], [100, 300]],
    "north-sea": [[260, 60], [520, 60], [520, 300], [260, 300]],
    "france": [[280, 300], [400, 300], [400, 550], [200, 550], [200, 320]],
    "germany": [[400, 300], [520, 300], [600, 300], [600, 550], [400, 550]],
    "pripet": [[600, 300], [780, 300], [780, 550], [600, 550]],
}
"""The minimal area game's spaces drawn so that every declared border is drawn, but the strait
Britain–France, which stays a gap (a link)."""


def svg(shapes: dict[str, list[list[float]]], view: str = "0 0 800 600") -> str:
    paths = "".join(
        f'<path id="{name}" d="M{" L".join(f"{x} {y}" for x, y in points)} Z"/>'
        for name, points in shapes.items()
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}">{paths}</svg>'


def outlined_game(tmp_path: Path, shapes: dict[str, list[list[float]]] | None = None) -> Path:
    """The minimal area game, its North Sea polygon dropped, its outlines from an SVG."""
    game = copy_fixture("minimal-area", tmp_path)
    (game / "maps" / "europe.svg").write_text(svg(shapes or SHAPES), encoding="utf-8")
    edit_map(game, lambda d: d.update(outlines={"svg": "maps/europe.svg"}))
    return game


def edit_map(game: Path, change: Any) -> None:
    path = game / "maps" / "europe.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for space in data["spaces"]:
        space.pop("polygon", None)
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def diagnostics(game: Path) -> list[Diagnostic]:
    return list(load_game(game).report.diagnostics)


def test_spaces_take_their_outlines_from_the_svg(tmp_path: Path) -> None:
    result = load_game(outlined_game(tmp_path))
    assert result.game is not None, result.report.format_text()
    spaces = {s.id: s for s in result.game.maps[0].spaces}
    assert spaces["france"].polygon == tuple((float(x), float(y)) for x, y in SHAPES["france"])
    assert spaces["kiel"].polygon is None  # nested, undrawn: keeps its centre


def test_a_viewbox_is_stretched_over_the_extent(tmp_path: Path) -> None:
    """A drawing at half size, its viewBox saying so, lands on the same map units."""
    game = outlined_game(tmp_path)
    halved = {k: [[x / 2, y / 2] for x, y in v] for k, v in SHAPES.items()}
    (game / "maps" / "europe.svg").write_text(svg(halved, "0 0 400 300"), encoding="utf-8")
    result = load_game(game)
    assert result.game is not None, result.report.format_text()
    france = next(s for s in result.game.maps[0].spaces if s.id == "france")
    assert france.polygon is not None and france.polygon[0] == (280.0, 300.0)


def test_a_drawn_border_nobody_declared_is_reported(tmp_path: Path) -> None:
    shapes = dict(
        SHAPES, pripet=[[520, 60], [780, 60], [780, 550], [600, 550], [600, 300], [520, 300]]
    )
    found = [d for d in diagnostics(outlined_game(tmp_path, shapes)) if d.severity == "error"]
    assert [d.code for d in found] == ["map.border-undeclared"]
    assert "'north-sea' and 'pripet' share a drawn border" in found[0].message
    assert found[0].line > 1


def test_a_declared_land_border_not_drawn_is_reported(tmp_path: Path) -> None:
    shapes = dict(SHAPES, pripet=[[620, 300], [780, 300], [780, 550], [620, 550]])
    found = [d for d in diagnostics(outlined_game(tmp_path, shapes)) if d.severity == "error"]
    assert [d.code for d in found] == ["map.border-not-drawn"]
    assert "'germany' lists 'pripet'" in found[0].message


def test_a_strait_across_a_gap_is_no_disagreement(tmp_path: Path) -> None:
    """Britain and France do not touch: their strait is drawn as a link, not reported."""
    assert not [d for d in diagnostics(outlined_game(tmp_path)) if d.severity == "error"]


def test_a_shape_named_after_no_space_is_reported(tmp_path: Path) -> None:
    shapes = dict(SHAPES)
    shapes["pripett"] = shapes.pop("pripet")
    found = [d for d in diagnostics(outlined_game(tmp_path, shapes)) if d.severity == "error"]
    assert "map.unknown-outline" in [d.code for d in found]
    assert "did you mean 'pripet'" in next(
        d.message for d in found if d.code == "map.unknown-outline"
    )


def test_an_unreadable_drawing_is_one_diagnostic(tmp_path: Path) -> None:
    game = outlined_game(tmp_path)
    (game / "maps" / "europe.svg").write_text('<svg viewBox="0 0 8 6"><path id="x" d="M 1"/>')
    found = [d for d in diagnostics(game) if d.severity == "error"]
    assert [d.code for d in found] == ["map.bad-outlines"]


def test_geojson_outlines_with_a_projection(tmp_path: Path) -> None:
    """The same shapes as longitude/latitude: 800 × 600 units are 8° × 6° (north up)."""
    game = copy_fixture("minimal-area", tmp_path)
    features = [
        {
            "type": "Feature",
            "properties": {"id": name},
            "geometry": {
                "type": "Polygon",
                "coordinates": [[[x / 100, 60 - y / 100] for x, y in [*points, points[0]]]],
            },
        }
        for name, points in SHAPES.items()
    ]
    (game / "maps" / "europe.geojson").write_text(
        json.dumps({"type": "FeatureCollection", "features": features}), encoding="utf-8"
    )
    spec = {"geojson": "maps/europe.geojson", "projection": "mercator", "bounds": [0, 54, 8, 60]}
    edit_map(game, lambda d: d.update(outlines=spec))
    result = load_game(game)
    assert result.game is not None, result.report.format_text()
    germany = next(s for s in result.game.maps[0].spaces if s.id == "germany")
    assert germany.polygon is not None and germany.polygon[0][0] == pytest.approx(400.0)
    # Mercator stretches the north: 1° of latitude near 60° is more units than near 54°.
    assert germany.polygon[0][1] != pytest.approx(300.0)
    spec["projection"] = "equirectangular"
    edit_map(game, lambda d: d.update(outlines=spec))
    assert not [d for d in diagnostics(game) if d.severity == "error"]


def test_an_outline_file_outside_the_game_is_refused(tmp_path: Path) -> None:
    game = outlined_game(tmp_path)
    edit_map(game, lambda d: d.update(outlines={"svg": "../elsewhere.svg"}))
    assert "path.escapes" in [d.code for d in diagnostics(game)]


def test_path_rings_follow_curves_and_relative_moves() -> None:
    square, curve = path_rings("m10 10 h10 v10 h-10 z M0 0 Q 5 -5 10 0 L 5 5 Z")
    assert square == [(10, 10), (20, 10), (20, 20), (10, 20)]
    assert curve[0] == (0, 0) and len(curve) == 8 and curve[3][1] < 0
    with pytest.raises(ValueError):
        path_rings("M 1")


def test_shared_borders_measure_common_edges_only() -> None:
    a = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    b = [(10.0, 2.0), (20.0, 2.0), (20.0, 8.0), (10.05, 8.0)]
    corner = [(10.0, 10.0), (20.0, 10.0), (20.0, 20.0)]
    assert shared_borders({"a": [a], "b": [b], "c": [corner]}, 0.1) == {
        ("a", "b"): pytest.approx(6.0)
    }


def test_closest_points_and_rings_with_holes() -> None:
    sea = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    island = [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]
    assert point_in_rings(1, 1, [sea, island]) and not point_in_rings(5, 5, [sea, island])
    assert closest_points([island], [[(9.0, 5.0), (12.0, 4.0), (12.0, 6.0)]]) == (
        (6.0, 5.0),
        (9.0, 5.0),
    )
    assert project(10, 0, "mercator") == pytest.approx((10, 0))
    with pytest.raises(ValueError):
        project(0, 0, "orthographic")
