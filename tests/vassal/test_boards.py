"""What VASSAL calls each place of a board: one name per place, the name a player reads."""

from __future__ import annotations

from toolkit.model.map import Location, location_key
from toolkit.vassal.format.layout import unique_place_names


def _box(label: str, name: str) -> Location:
    return Location(location_key("sea", label), "sea", label, "box", name=name)


def _cell(box: str, cell: str) -> Location:
    parent = location_key("sea", box)
    return Location(
        location_key("sea", f"{box}/{cell}"),
        "sea",
        f"{box}/{cell}",
        "cell",
        name=cell,
        parent=parent,
    )


def test_cells_numbered_alike_in_several_boxes_are_named_by_their_box() -> None:
    places = [_box("biscay", "Golfe de Gascogne"), _box("north", "Mer du Nord")]
    places += [_cell("biscay", "0"), _cell("north", "0"), _cell("north", "1")]
    names = unique_place_names({place.label: place for place in places})
    assert names["biscay/0"] == "Golfe de Gascogne 0"
    assert names["north/0"] == "Mer du Nord 0"
    assert names["north/1"] == "1"


def test_boxes_printed_alike_keep_their_labels_apart() -> None:
    places = [_box("attacker", "Losses"), _box("defender", "Losses")]
    names = unique_place_names({place.label: place for place in places})
    assert names == {"attacker": "Losses [attacker]", "defender": "Losses [defender]"}
