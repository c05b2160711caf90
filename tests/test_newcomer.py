"""A designer's first hour, as a new user spends it: the game `toolkit new` writes, with the
situations that surprised one, each met by the message a newcomer needs. Each step edits the
starter as a designer would and runs the real command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_cli

GAME = "my-game"


@pytest.fixture
def starter(tmp_path: Path) -> Path:
    created = run_cli("new", GAME, cwd=tmp_path)
    assert created.returncode == 0, created.stderr
    return tmp_path / GAME


def _edit(path: Path, change: Callable[[Any], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")


def _add_rule(game: Path, rule: dict[str, Any]) -> None:
    _edit(game / "rules.json", lambda data: data["rules"].append(rule))


def _check(game: Path, *extra: str) -> tuple[int, str, str]:
    result = run_cli("check", GAME, "--setup", "meeting", *extra, cwd=game.parent)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout, result.stderr


def test_the_starter_checks_clean_and_says_so(starter: Path) -> None:
    assert _check(starter) == (0, "", "checked setup meeting: passed\n")


def test_a_map_edge_nobody_controls_is_told_how_to_supply_a_side(starter: Path) -> None:
    """Blue's source is its west edge, which nobody controls in the setup: every blue unit is
    told why, and how to give the side its own sources; with side_sources, all is supplied."""
    supply = {
        "id": "supply", "kind": "supply", "cite": "7.1", "text": "Units trace to their edge.",
        "range": 6, "pieces": {"faction": ["bl"]}, "sources": {"locations": ["0101-0108"]},
    }  # fmt: skip
    _add_rule(starter, supply)
    _edit(starter / "setups" / "meeting.json", lambda s: s["control"].pop("bl"))
    code, out, err = _check(starter)
    assert code == 1 and out.count("\n") == 2, out  # Millbrook's stack, and the armour
    for line in out.splitlines():
        assert "its side has no supply source at all" in line and "'side_sources'" in line
    assert err == "checked setup meeting: failed (2 broken rule(s))\n"
    supply["side_sources"] = {"blue": supply.pop("sources")}
    _edit(starter / "rules.json", lambda r: r["rules"].__setitem__(-1, supply))
    assert _check(starter)[0] == 0


def test_pieces_waiting_in_a_box_are_not_counted_by_a_hex_stacking_limit(starter: Path) -> None:
    def box(data: dict[str, Any]) -> None:
        data["boxes"] = [{"id": "blue-reserve", "name": "Blue Reserve", "owner": "bl"}]

    def in_reserve(setup: dict[str, Any]) -> None:
        blue = ["bl-1-inf", "bl-2-inf", "bl-3-arm"]
        kept = [p for p in setup["placements"] if not any(x in blue for x in p["pieces"])]
        setup["placements"] = [{"at": "valley:Blue Reserve", "pieces": blue}, *kept]

    _edit(starter / "maps" / "valley.json", box)
    _edit(starter / "setups" / "meeting.json", in_reserve)
    assert _check(starter) == (0, "", "checked setup meeting: passed\n")  # 3, limit 2 a hex


def test_a_waived_rule_is_printed_with_its_reason_and_passes(starter: Path) -> None:
    reason = "4.1: the garrison starts in the town's streets"

    def overstack(setup: dict[str, Any]) -> None:
        setup["placements"][0]["pieces"].append("bl-3-arm")
        setup["placements"].pop(1)
        setup["waivers"] = [{"rule": "stacking", "reason": reason}]

    _edit(starter / "setups" / "meeting.json", overstack)
    code, out, err = _check(starter)
    assert code == 0 and out.endswith(f"(waived: {reason})\n"), out
    assert err == "checked setup meeting: passed (1 waived)\n"
    code, out, _ = _check(starter, "--format", "json")
    assert code == 0 and [v["waived"] for v in json.loads(out)] == [reason]


def test_a_failed_build_closes_with_its_count(starter: Path) -> None:
    _edit(starter / "setups" / "meeting.json", lambda s: s["placements"][1].update(at="0299"))
    result = run_cli("build", GAME, "-o", "out", cwd=starter.parent)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        "Error: build failed: 1 error in the sources; nothing was written"
    )
