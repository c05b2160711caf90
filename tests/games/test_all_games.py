"""Every setup of every game in sources/ can be laid out from the counters the kit prints.

The kit prints ``count`` copies of each counter (``toolkit.kit.sheets.counter_pieces``), whether
or not the counter is ``unlimited``: unlimited means the rules set no limit in play (VASSAL
clones it), not that the kit prints many. So a setup's pieces, placements and reinforcements
together, are counted per power and per counter against ``count``.

Chips (Axis & Allies): where a game's counter mix has chips (counters of class ``chip`` with a
``units`` property, 1 or 5), a stack is one figure standing on chips, as A&A players lay it out
(seed 003 "Jetons en plastique": 7 German infantry = one figure on a dark 5 and a light 1; seed
004: a grey chip is +1, a red +5). The rule applied here:

- chips a setup places itself are chips: each needs a printed chip of that counter;
- a unit counter whose pieces all fit in its printed copies is laid out as figures;
- a unit counter with more pieces than printed copies is laid out as one figure per place and
  chips for the other n - 1 units of each place, as many 5s as there are, the rest 1s (five 1s
  may stand for a missing 5, never the other way round);
- chips are of the owner's side when the game's chips name a ``side`` (1914: red for the
  Central Powers, blue for the Allies), else from one pool (Europe's grey and red chips).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.scenario import PieceState, Placement, Setup

SOURCES = Path(__file__).resolve().parents[2] / "sources"
GAMES = sorted(p.name for p in SOURCES.iterdir() if (p / "game.json").is_file())

KNOWN_SHORT: dict[str, str] = {}
"""Games another change is completing (issue 15): their case is expected to fail until then."""


@dataclass
class Need:
    """What a setup needs from the printed counter mix."""

    pieces: Counter[str]
    """Counter id -> copies needed (figures, markers, units, explicit chips)."""
    chips: dict[str | None, list[int]]
    """Chip pool (a side, or None) -> the chip value under each figure (n - 1 per place)."""


_games: dict[str, Game] = {}


def game_of(name: str) -> Game:
    if name not in _games:
        result = load_game(SOURCES / name)
        assert result.game is not None, result.report.format_text()
        _games[name] = result.game
    return _games[name]


def chip_counters(game: Game) -> dict[str, int]:
    """Chip counter id -> the units it stands for."""
    return {
        c.id: int(c.properties["units"])
        for c in game.counters
        if c.class_ == "chip" and "units" in c.properties
    }


def chip_pool(game: Game, owner: str | None) -> str | None:
    """The chips a figure of ``owner`` stands on: its side's, or the one shared pool."""
    sided = {c.properties.get("side") for c in game.counters if c.id in chip_counters(game)}
    if sided == {None} or owner is None:
        return None
    return game.faction(owner).side


def stacks(setup: Setup) -> list[tuple[str, list[PieceState]]]:
    """Each place's pieces: the placements, and each reinforcement as a place of its own."""
    places = [(p.at, list(p.pieces)) for p in setup.placements]
    places += [(f"{r.turn}:{r.at}:{i}", list(r.pieces)) for i, r in enumerate(setup.reinforcements)]
    return places


def needs(game: Game, setup: Setup) -> Need:
    """Count what the setup needs, laying multiples out as figures on chips where short."""
    chips = chip_counters(game)
    total: Counter[str] = Counter()
    per_place: dict[str, Counter[tuple[str, str | None]]] = defaultdict(Counter)
    for place, pieces in stacks(setup):
        for piece in pieces:
            total[piece.counter] += piece.count
            per_place[place][(piece.counter, piece.owner)] += piece.count
    need = Need(Counter(), defaultdict(list))
    for counter_id, n in total.items():
        counter = game.counter(counter_id)
        if not chips or counter_id in chips or n <= counter.count:
            need.pieces[counter_id] = n
            continue
        for here in per_place.values():
            for (cid, owner), k in here.items():
                if cid == counter_id:
                    need.pieces[counter_id] += 1
                    pool = chip_pool(game, owner or counter.faction)
                    need.chips[pool].append(k - 1)
    return need


def chip_shortfall(game: Game, need: Need) -> list[str]:
    """The pools whose printed chips cannot make up the chips the stacks need."""
    chips = chip_counters(game)
    problems = []
    for pool, values in need.chips.items():
        printed = {1: 0, 5: 0}
        for cid, units in chips.items():
            if chip_pool_of_counter(game, cid) == pool:
                assert units in printed, f"{cid}: chips of {units} are not A&A chips"
                printed[units] += game.counter(cid).count - need.pieces.get(cid, 0)
        fives = min(sum(v // 5 for v in values), printed[5])
        ones = sum(values) - 5 * fives
        if ones > printed[1]:
            problems.append(
                f"{pool or 'chips'}: the stacks need {sum(values)} units in chips; the kit "
                f"prints {printed[5]} fives and {printed[1]} ones left after the placed chips"
            )
    return problems


def chip_pool_of_counter(game: Game, counter_id: str) -> str | None:
    side = game.counter(counter_id).properties.get("side")
    return side if isinstance(side, str) else None


def setup_cases() -> list[object]:
    cases = []
    for name in GAMES:
        for setup in game_of(name).setups:
            marks = []
            if name in KNOWN_SHORT:
                marks.append(pytest.mark.xfail(reason=KNOWN_SHORT[name], strict=False))
            cases.append(pytest.param(name, setup.id, marks=marks, id=f"{name}/{setup.id}"))
    return cases


@pytest.mark.parametrize(("name", "setup_id"), setup_cases())
def test_every_setup_can_be_laid_out_from_the_printed_counters(name: str, setup_id: str) -> None:
    game = game_of(name)
    need = needs(game, game.setup(setup_id))
    short = []
    for counter_id, n in sorted(need.pieces.items()):
        counter = game.counter(counter_id)
        if n > counter.count:
            power = counter.faction or "no power"
            short.append(f"{power}: {counter_id}: needs {n}, the kit prints {counter.count}")
    short += chip_shortfall(game, need)
    assert not short, "\n".join(short)


def test_the_rule_counts_chips_as_a_and_a_players_do() -> None:
    """Seed 003: 7 German infantry in a territory = one figure on a dark 5 and a light 1."""
    game = game_of("axis-allies-1914")
    setup = Setup(
        "probe",
        "probe",
        placements=(
            _placement("world:berlin", PieceState("ge-infantry", 7)),
            _placement("world:kiel", PieceState("ge-infantry", 100)),
        ),
    )
    need = needs(game, setup)
    assert need.pieces["ge-infantry"] == 2
    assert sorted(need.chips["central"]) == [6, 99]
    assert chip_shortfall(game, need) == []
    heavy = Setup(
        "heavy", "heavy", placements=(_placement("world:kiel", PieceState("ge-infantry", 1000)),)
    )
    assert chip_shortfall(game, needs(game, heavy))


def _placement(at: str, *pieces: PieceState) -> Placement:
    return Placement(at, tuple(pieces))
