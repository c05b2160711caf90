"""Resolving location references on a finished game, with the loader's very messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import copy_fixture, load_fixture
from tests.model.twomaps import load_two_maps
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.references import UnresolvedReference, resolve, resolve_location


@pytest.fixture(scope="module")
def hexes() -> Game:
    return load_fixture("minimal-hex")


@pytest.fixture(scope="module")
def two_maps(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_two_maps(tmp_path_factory.mktemp("two-maps"))


def _unresolved(game: Game, reference: str) -> UnresolvedReference:
    with pytest.raises(UnresolvedReference) as caught:
        resolve(game, reference)
    return caught.value


# -- what resolves --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reference", "keys"),
    [
        ("valley:0304", ("valley:0304",)),
        ("millbrook", ("valley:0304",)),
        ("0304", ("valley:0304",)),
        ("valley:0101-0103", ("valley:0101", "valley:0102", "valley:0103")),
        ("0101-0103", ("valley:0101", "valley:0102", "valley:0103")),
        ("0101-0202", ("valley:0101", "valley:0102", "valley:0201", "valley:0202")),
    ],
    ids=["key", "place", "bare-label", "range", "bare-range", "rectangle"],
)
def test_resolve(hexes: Game, reference: str, keys: tuple[str, ...]) -> None:
    assert resolve(hexes, reference) == keys


def test_resolve_location_takes_one_location_not_a_range(hexes: Game) -> None:
    assert resolve_location(hexes, "redtown") == "valley:0906"
    with pytest.raises(UnresolvedReference) as caught:
        resolve_location(hexes, "valley:0101-0103")
    assert caught.value.kind == "unknown-location"


def test_keys_of_display_charts_resolve() -> None:
    game = load_fixture("charts-display")
    assert resolve(game, "pools:reserve") == ("pools:reserve",)
    assert resolve(game, "reserve") == ("pools:reserve",)


def test_a_map_qualified_label_is_not_ambiguous(two_maps: Game) -> None:
    assert resolve(two_maps, "hills:0304") == ("hills:0304",)
    assert resolve(two_maps, "millbrook") == ("valley:0304",)  # the place is on the valley only


# -- every way to fail ----------------------------------------------------------------------------


def test_unknown_map(hexes: Game) -> None:
    error = _unresolved(hexes, "vally:0101")
    assert isinstance(error, ValueError)
    assert error.kind == "unknown-map"
    assert error.reference == "vally:0101"
    assert set(error.candidates) == {"valley", "crt"}
    assert str(error) == (
        "location 'vally:0101': unknown map 'vally' (did you mean 'valley'?) (known: crt, valley)"
    )


def test_unknown_location_on_a_map(hexes: Game) -> None:
    error = _unresolved(hexes, "valley:0a04")
    assert error.kind == "unknown-location"
    assert set(error.candidates) == set(hexes.map("valley").locations)
    assert str(error).startswith("no location '0a04' on map 'valley' (did you mean ")


def test_unknown_bare_location_suggests_places(hexes: Game) -> None:
    error = _unresolved(hexes, "milbrook")
    assert error.kind == "unknown-location"
    assert "millbrook" in error.candidates and "0304" in error.candidates
    assert str(error) == "no location 'milbrook' (did you mean 'millbrook'?)"


def test_unknown_location_on_a_display_chart() -> None:
    game = load_fixture("charts-display")
    error = _unresolved(game, "pools:reserves")
    assert error.kind == "unknown-location"
    assert "reserve" in error.candidates
    assert str(error) == "no location 'reserves' on map 'pools' (did you mean 'reserve'?)"


def test_ambiguous_label(two_maps: Game) -> None:
    error = _unresolved(two_maps, "0304")
    assert error.kind == "ambiguous"
    assert error.candidates == ("hills:0304", "valley:0304")
    assert str(error) == (
        "location '0304' is on several maps; write one of 'hills:0304', 'valley:0304'"
    )


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        (
            "valley:0203-0101",
            "range 'valley:0203-0101': it runs backwards; write the lower label first "
            "('0101-0203'?)",
        ),
        (
            "valley:0203-0299",
            "range 'valley:0203-0299': label '0299' is off the map (columns 1..10, rows 1..8)",
        ),
    ],
    ids=["backwards", "off-the-map"],
)
def test_malformed_range(hexes: Game, reference: str, message: str) -> None:
    error = _unresolved(hexes, reference)
    assert error.kind == "malformed-range"
    assert error.candidates == ("valley",)
    assert str(error) == message


def test_a_misspelt_hyphenated_place_is_unknown_not_a_malformed_range(hexes: Game) -> None:
    assert _unresolved(hexes, "red-twon").kind == "unknown-location"


def test_area_maps_have_no_ranges() -> None:
    game = load_fixture("minimal-area")
    assert _unresolved(game, "europe:britain-france").kind == "unknown-location"


# -- one resolver: the loader reports exactly what resolve() raises ------------------------------


@pytest.mark.parametrize(
    ("reference", "code"),
    [
        ("vally:0101", "ref.unknown-map"),
        ("valley:0a04", "ref.unknown-location"),
        ("milbrook", "ref.unknown-location"),
        ("valley:0203-0101", "range.malformed"),
    ],
)
def test_the_loader_reports_what_resolve_raises(
    hexes: Game, tmp_path: Path, reference: str, code: str
) -> None:
    folder = copy_fixture("minimal-hex", tmp_path)
    setup_path = folder / "setups" / "meeting.json"
    setup = json.loads(setup_path.read_text(encoding="utf-8"))
    setup["control"]["rd"].append(reference)
    setup_path.write_text(json.dumps(setup), encoding="utf-8")
    report = load_game(folder).report
    [diagnostic] = report.errors
    assert (diagnostic.code, diagnostic.pointer) == (code, "/control/rd/1")
    assert diagnostic.message == str(_unresolved(hexes, reference))


def test_setups_hold_what_resolve_gives_for_their_sources(hexes: Game) -> None:
    source = json.loads(
        (Path(hexes.folder) / "setups" / "meeting.json").read_text(encoding="utf-8")
    )
    setup = hexes.setup("meeting")
    assert [p.at for p in setup.placements] == [
        resolve_location(hexes, p["at"]) for p in source["placements"]
    ]
    for faction, refs in source["control"].items():
        assert setup.control[faction] == tuple(k for ref in refs for k in resolve(hexes, ref))
