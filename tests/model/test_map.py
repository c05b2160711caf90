"""Maps: location keys."""

from __future__ import annotations

import pytest

from toolkit.model.map import location_key, parse_location_key

# -- location keys --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "parts"),
    [
        ("west:0712", ("west", "0712")),
        ("europe:north-sea", ("europe", "north-sea")),
        ("valley:turn/3", ("valley", "turn/3")),
        ("valley:clock/1:00", ("valley", "clock/1:00")),  # a track cell may hold a ':'
    ],
    ids=["hex", "space", "cell", "colon-in-label"],
)
def test_parse_location_key_round_trips(key: str, parts: tuple[str, str]) -> None:
    assert parse_location_key(key) == parts
    assert location_key(*parts) == key


@pytest.mark.parametrize("key", ["0712", ":0712", "west:", ":", ""])
def test_parse_location_key_refuses_a_malformed_key(key: str) -> None:
    with pytest.raises(ValueError, match=f"location key {key!r} is not 'map:label'"):
        parse_location_key(key)
