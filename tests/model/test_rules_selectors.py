"""Selectors pick real pieces and locations of the games: fields, 'not', owners and controllers."""

from __future__ import annotations

import pytest

from tests.model.rule_games import fs, game
from toolkit.model.rules import (
    EntryRule,
    LocationSelector,
    PieceSelector,
    SelectorIndex,
    StackingRule,
    ZocRule,
)


def index(name: str) -> SelectorIndex:
    return SelectorIndex.of(game(name))


def picked(
    selector: PieceSelector, name: str, *counters: str, owner: str | None = None
) -> list[bool]:
    """Whether the selector picks each of these counters of the game."""
    g, idx = game(name), index(name)
    return [selector.matches(g.counter(c), idx, owner) for c in counters]


def where(
    selector: LocationSelector, name: str, *keys: str, controller: str | None = None
) -> list[bool]:
    """Whether the selector picks each of these locations of the game."""
    g, idx = game(name), index(name)
    return [selector.matches(g.locations[k], idx, controller) for k in keys]


# -- the index -----------------------------------------------------------------------------------


def test_index_holds_sides_and_features_by_location() -> None:
    idx = index("minimal-hex")
    assert dict(idx.sides) == {"bl": "blue", "rd": "red"}
    assert [f.type for f in idx.features["valley:0304"]] == ["city"]
    assert [f.id for f in idx.features["valley:0802"]] == ["hilltop"]
    assert "valley:0101" not in idx.features


def test_index_gathers_several_features_of_one_hex() -> None:
    idx = index("fatal-alliances")
    assert {f.type for f in idx.features["europe:W2531"]} == {"capital", "factory"}


# -- pieces --------------------------------------------------------------------------------------


def test_empty_piece_selector_picks_everything_even_markers() -> None:
    g, idx = game("minimal-hex"), index("minimal-hex")
    assert all(PieceSelector().matches(c, idx) for c in g.counters)
    assert g.counter("turn").faction is None


def test_piece_by_counter_template_and_class() -> None:
    assert picked(PieceSelector(counter=fs("bl-1-inf")), "minimal-hex", "bl-1-inf", "bl-2-inf") == [
        True,
        False,
    ]
    assert picked(PieceSelector(template=fs("marker")), "minimal-hex", "turn", "bl-1-inf") == [
        True,
        False,
    ]
    stacking = game("minimal-hex").rule("stacking")
    assert picked(stacking.pieces, "minimal-hex", "rd-2-art", "bl-3-arm", "turn") == [
        True,
        True,
        False,
    ]


def test_every_field_must_match() -> None:
    # FA 11.3.4.1: a surface ship carries one non-motorised infantry-type division
    cargo = game("fatal-alliances").rule("scs-capacity").cargo
    division, corps = "ge-inf-div-1914", "ge-inf-1914"
    assert picked(cargo, "fatal-alliances", division, corps) == [True, False]
    cavalry_division = next(
        c.id
        for c in game("fatal-alliances").counters
        if "division" in c.tags and c.class_ == "cavalry"
    )
    assert picked(cargo, "fatal-alliances", cavalry_division) == [False]


def test_piece_not_removes_what_it_picks() -> None:
    zoc = game("fatal-alliances").rule("zoc")
    assert isinstance(zoc, ZocRule)
    corps, division, artillery = "ge-inf-1914", "ge-inf-div-1914", "ge-art-1915"
    assert picked(zoc.exerted_by, "fatal-alliances", corps, division, artillery) == [
        True,
        False,
        False,
    ]
    at_sea = game("distant-foreign-fields").rule("no-units-at-sea")
    assert picked(at_sea.pieces, "distant-foreign-fields", "gb-1-inf", "activated") == [True, False]


def test_side_comes_from_the_faction() -> None:
    corfu = game("distant-foreign-fields").rule("corfu-allied-only")
    assert corfu.pieces == PieceSelector(side=fs("central"))
    assert picked(corfu.pieces, "distant-foreign-fields", "de-1-inf", "gb-1-inf") == [True, False]


def test_a_piece_without_faction_has_no_side() -> None:
    closed = game("distant-foreign-fields").rule("netherlands-closed")
    assert picked(closed.pieces, "distant-foreign-fields", "gb-1-inf", "activated") == [True, False]


def test_owner_overrides_the_counters_faction_and_side() -> None:
    # a captured or turned piece: faction and side are its holder's
    corfu = game("distant-foreign-fields").rule("corfu-allied-only").pieces
    assert picked(corfu, "distant-foreign-fields", "gb-1-inf", owner="de") == [True]
    assert picked(corfu, "distant-foreign-fields", "de-1-inf", owner="gb") == [False]
    red = PieceSelector(faction=fs("rd"))
    assert picked(red, "minimal-hex", "bl-1-inf") == [False]
    assert picked(red, "minimal-hex", "bl-1-inf", owner="rd") == [True]


def test_owner_reaches_the_not_part() -> None:
    not_blue = PieceSelector(not_=PieceSelector(side=fs("blue")))
    assert picked(not_blue, "minimal-hex", "bl-1-inf", "rd-1-inf") == [False, True]
    assert picked(not_blue, "minimal-hex", "bl-1-inf", owner="rd") == [True]


def test_piece_by_tag_any_of_them() -> None:
    transport = game("axis-allies-1914").rule("transport-capacity")
    assert picked(
        transport.cargo, "axis-allies-1914", "us-infantry", "us-fighter", "us-control"
    ) == [
        True,
        True,
        False,
    ]


# -- locations -----------------------------------------------------------------------------------


def test_empty_location_selector_picks_everything() -> None:
    g, idx = game("axis-allies-1914"), index("axis-allies-1914")
    assert all(LocationSelector().matches(loc, idx) for loc in g.locations.values())


def test_location_by_kind_and_map() -> None:
    ships = game("axis-allies-1914").rule("ships-at-sea")
    assert isinstance(ships, EntryRule) and ships.allow is not None
    assert where(ships.allow, "axis-allies-1914", "world:sz1", "world:berlin") == [True, False]
    zoc = game("fatal-alliances").rule("zoc")
    assert where(zoc.where, "fatal-alliances", "europe:W1625", "world:1117") == [True, False]


def test_location_by_terrain() -> None:
    tanks = game("distant-foreign-fields").rule("tanks-not-in-forest")
    assert isinstance(tanks, EntryRule)
    g, idx = game("distant-foreign-fields"), index("distant-foreign-fields")
    forest, clear = g.locations["wf:2504"], g.locations["wf:1201"]
    assert forest.terrain == "forest" and clear.terrain == "clear"
    assert not tanks.permits(forest, idx) and tanks.permits(clear, idx)


def test_location_by_explicit_keys_and_places() -> None:
    zeppelins = game("distant-foreign-fields").rule("zeppelin-bases")
    assert isinstance(zeppelins, EntryRule) and zeppelins.allow is not None
    cologne = game("distant-foreign-fields").places["cologne"]
    assert where(zeppelins.allow, "distant-foreign-fields", cologne, "wf:london", "wf:2504") == [
        True,
        True,
        False,
    ]


def test_location_by_feature_and_not_feature() -> None:
    # FA 11.3.2: naval units only in a port (or a sea box), never in a hex without one
    ports = game("fatal-alliances").rule("naval-in-ports")
    assert isinstance(ports, EntryRule)
    g, idx = game("fatal-alliances"), index("fatal-alliances")
    minor_port, plain = g.locations["europe:W2335"], g.locations["europe:W1625"]
    assert ports.permits(minor_port, idx) and not ports.permits(plain, idx)


def test_stacking_override_is_the_first_that_matches() -> None:
    air = game("fatal-alliances").rule("air-stacking")
    assert isinstance(air, StackingRule)
    g, idx = game("fatal-alliances"), index("fatal-alliances")

    def limit(key: str) -> int | None:
        found = air.override_at(g.locations[key], idx)
        return air.limit if found is None else found.limit

    city, minor_port, mountain, clear = "W2629", "W2335", "W1751", "W1625"
    assert [limit(f"europe:{k}") for k in (city, minor_port, mountain, clear)] == [3, 2, 0, 1]


def test_location_tags_include_the_features_tags() -> None:
    home_resource = LocationSelector(tag=fs("soviet-home-resource"))
    assert "soviet-home-resource" not in game("europe-engulfed").locations["europe:leningrad"].tags
    assert where(home_resource, "europe-engulfed", "europe:leningrad", "europe:sevastopol") == [
        True,
        False,
    ]


def test_location_tag_and_not_tag() -> None:
    stacking = game("europe-engulfed").rule("fortress-stacking")
    assert isinstance(stacking, StackingRule)
    g, idx = game("europe-engulfed"), index("europe-engulfed")
    soviet = stacking.override_at(g.locations["europe:leningrad"], idx)
    assert soviet is not None and soviet.limit == 2
    assert stacking.override_at(g.locations["europe:berlin"], idx) is None
    other = next(
        loc
        for loc in g.locations.values()
        if "fortress" in loc.tags and "soviet-fortress" not in loc.tags
    )
    found = stacking.override_at(other, idx)
    assert found is not None and found.limit == 1


def test_location_owner_printed_or_controlled() -> None:
    forbid = game("axis-allies-1914").rule("us-isolationism").forbid
    assert where(forbid, "axis-allies-1914", "world:berlin", "world:london") == [True, False]
    # control changes hands: the controller, not the printed owner, decides
    assert where(forbid, "axis-allies-1914", "world:london", controller="ge") == [True]
    assert where(forbid, "axis-allies-1914", "world:berlin", controller="uk") == [False]


def test_location_owner_of_a_feature() -> None:
    blue = LocationSelector(owner=fs("bl"))
    keys = ("valley:0304", "valley:0906", "valley:0101")  # blue's city, red's city, open ground
    assert game("minimal-hex").locations["valley:0304"].owner is None
    assert where(blue, "minimal-hex", *keys) == [True, False, False]
    assert where(blue, "minimal-hex", *keys, controller="bl") == [True, True, True]
    assert where(blue, "minimal-hex", *keys, controller="rd") == [False, False, False]


def test_controller_reaches_the_not_part() -> None:
    not_blue = LocationSelector(kind=fs("hex"), not_=LocationSelector(owner=fs("bl")))
    assert where(not_blue, "minimal-hex", "valley:0101", "valley:0304") == [True, False]
    assert where(not_blue, "minimal-hex", "valley:0101", controller="bl") == [False]


def test_entry_forbid_and_allow_together() -> None:
    rule = EntryRule(
        id="t",
        cite="t",
        text="t",
        allow=LocationSelector(terrain=fs("clear", "lake")),
        forbid=LocationSelector(terrain=fs("lake")),
    )
    idx = index("minimal-hex")
    g = game("minimal-hex")
    assert [
        rule.permits(g.locations[k], idx) for k in ("valley:0101", "valley:0504", "valley:0301")
    ] == [
        True,
        False,
        False,
    ]


@pytest.mark.parametrize("controller", [None, "bl"])
def test_selectors_read_features_from_the_index_only(controller: str | None) -> None:
    # an index without features: feature selectors see none (no scan of the maps per call)
    city = LocationSelector(feature=fs("city"))
    location = game("minimal-hex").locations["valley:0304"]
    assert city.matches(location, index("minimal-hex"), controller)
    assert not city.matches(location, SelectorIndex(), controller)
