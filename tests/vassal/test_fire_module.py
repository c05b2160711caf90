"""The module's dice combat says what the combat engine says: its expressions, evaluated by the
expression reader on marked pieces, give the engine's dice for each number they hit on, and
the hits its count of VASSAL's rolls makes are the hits the engine (and ``toolkit check
--log``, which reads the same dice in the same order) finds, for the Axis & Allies rulebooks'
examples and a few hundred generated battles."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

import pytest

from tests.conftest import copy_fixture
from tests.games.test_combat_examples import battle, game_of
from tests.vassal.engine import run_probe
from toolkit.catalogue import words
from toolkit.check import played_combats
from toolkit.load import load_game
from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.model.position import Piece, Position
from toolkit.model.queries import location_neighbours
from toolkit.model.rules import CombatRule
from toolkit.render.artwork import draw_artwork, rasterise
from toolkit.rules.combat import Engagement, FirePlan, engage, fire_outcome, fire_plan
from toolkit.rules.combat_check import check_played_combat
from toolkit.rules.context import Situation
from toolkit.vassal.format.expressions import Scope, Value, evaluate
from toolkit.vassal.format.layout import layer_faces
from toolkit.vassal.format.traits import CTRL_SHIFT, key
from toolkit.vassal.read.chat import (
    CombatCall,
    DiceReport,
    format_combat_call,
    format_dice_report,
    parse_combat_call,
    parse_dice_report,
)
from toolkit.vassal.write.combat import BY, FROM, ROLE, ModuleCombat, dice_name, module_fire
from toolkit.vassal.write.combat.fire_sheet import (
    HITS,
    LETTER,
    bucket,
    dice_property,
    scored_property,
)
from toolkit.vassal.write.module import compile_module, position_save
from toolkit.workers import Workers

GAMES = ("axis-allies-1914", "axis-allies-europe", "distant-foreign-fields")


@functools.cache
def _module(name: str) -> tuple[Game, ModuleCombat]:
    game = game_of(name)
    combat = module_fire(game, {key: key for key in game.locations})
    assert combat is not None, name
    return game, combat


def _text(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class _Board:
    """The pieces of a battle as the module's expressions see them, roles marked; a place is
    named by its key (the expressions only compare names)."""

    def __init__(
        self,
        game: Game,
        combat: ModuleCombat,
        position: Position,
        roles: Mapping[str, str],
        came_from: Mapping[str, str] = MappingProxyType({}),
    ) -> None:
        self.game, self.combat, self.position, self.roles = game, combat, position, roles
        self.came_from = came_from
        """Piece id → where it moved into the place from (VASSAL's OldLocationName)."""
        self.module = dict(combat.module_properties)
        self.marks: dict[str, dict[str, str]] = {}
        """Piece id → properties set on that piece alone (from its menu)."""
        self.total = 0
        self.scopes = [self._scope(p) for p in position.pieces]

    def _scope(self, piece: Piece) -> Scope:
        counter = self.game.counter(piece.counter)
        faces = [f.id for f in layer_faces(counter)]
        own = self.combat.counter_properties.get(counter.id, {})
        known: dict[str, str] = {}  # the pieces do not change while the combat is worked out

        def properties(name: str) -> str:
            if name.startswith(HITS):  # the hits counted so far change as the dice roll
                return self.module.get(name, "")
            if name not in known:
                known[name] = look_up(name)
            return known[name]

        def look_up(name: str) -> str:
            if name == "LocationName":
                return piece.location or ""
            if name == "OldLocationName":
                return self.came_from.get(piece.id, "")
            if name == ROLE:
                return self.roles.get(piece.id, "")
            if name in self.marks.get(piece.id, {}):
                return self.marks[piece.id][name]
            if name == "BasicName":
                return counter.name
            if name == "Side":
                return self.game.side(self.game.faction(piece.owner or "").side).id
            if name == "Face_Level":
                return str(faces.index(piece.face) + 1 if piece.face in faces else 1)
            if name in own:
                value = own[name]
                return _text(evaluate(value, scope)) if value.startswith("{") else value
            if name in self.combat.expressions and own:
                return _text(evaluate(self.combat.expressions[name], scope))
            return self.module.get(name, "")

        def module_property(name: str) -> str:
            dice = dice_name(words(self.game.language))
            return str(self.total) if name == f"{dice}_total" else properties(name)

        scope = Scope(properties, lambda _: 0, lambda: self.scopes, module_property)
        return scope

    def say(self, piece: Piece, name: str) -> Value:
        scope = self.scopes[self.position.pieces.index(piece)]
        return evaluate(self.combat.expressions[name], scope)


def _rolled(combat: ModuleCombat) -> list[tuple[str, int]]:
    """(side, number) of each dice loop, in the order the module rolls them."""
    found = []
    for side in ("attacker", "defender"):
        for target in range(1, 21):
            if dice_property(side, target) in combat.expressions:  # type: ignore[arg-type]
                found.append((side, target))
    return found


def _agree(
    game: Game,
    combat: ModuleCombat,
    situation: Situation,
    rule: CombatRule,
    engagement: Engagement,
    dice: Sequence[int] | None = None,
    rng: random.Random | None = None,
    module: Mapping[str, str] = MappingProxyType({}),
    marks: Mapping[str, Mapping[str, str]] = MappingProxyType({}),
) -> FirePlan:
    """The module's dice and hits are the engine's for these rolls (the rulebook's, in the
    order a log gives them, or random ones); the engine's plan. ``module``: module properties
    the players set (the weather); ``marks``: piece id → properties set on it alone."""
    plan = fire_plan(situation, rule, engagement)
    defender = engagement.defenders[0]
    roles = {p.id: "attacker" for p in engagement.attackers} | {defender.id: "defender"}
    board = _Board(game, combat, situation.position, roles, engagement.origins)
    board.module |= module
    board.marks |= {piece: dict(values) for piece, values in marks.items()}
    if plan.first is not None or "CombatFirst" in combat.expressions:
        assert board.say(defender, "CombatFirst") == (1 if plan.first == "defender" else 0)
    what = f"{engagement.location}: {[p.id for p in engagement.attackers]} against "
    what += f"{[p.id for p in engagement.defenders]}"
    fire = rule.fire
    assert fire is not None
    rolled = _rolled(combat)
    for side, target in rolled:
        due = sum(g.dice for g in plan.of(side) if bucket(g.target, fire) == target)  # type: ignore[arg-type]
        assert board.say(defender, dice_property(side, target)) == due, (what, side, target)  # type: ignore[arg-type]
    due = sum(g.dice for g in plan.groups)
    if dice is None:
        rng = rng or random.Random(0)
        dice = [rng.randint(1, fire.sides) for _ in range(due)]
    assert len(dice) == due, what
    hits = _module_hits(board, defender, rolled, dice, fire.hit)
    board.module |= {f"{HITS}{LETTER[s]}": str(n) for s, n in hits.items()}  # type: ignore[index]
    outcome = fire_outcome(rule, plan, _by_group(plan, dice))
    scored = (board.say(defender, scored_property(s)) for s in ("attacker", "defender"))
    assert tuple(scored) == (outcome.defender.losses, outcome.attacker.losses), what
    return plan


def _module_hits(
    board: _Board, defender: Piece, rolled: Sequence[tuple[str, int]], dice: Sequence[int], hit: str
) -> dict[str, int]:
    """What the module's loops count: each loop rolls its dice, one at a time, in order."""
    hits = {"attacker": 0, "defender": 0}
    left = iter(dice)
    for side, target in rolled:
        for _ in range(int(board.say(defender, dice_property(side, target)))):  # type: ignore[arg-type]
            die = next(left)
            hits[side] += die <= target if hit == "at-most" else die >= target
    assert next(left, None) is None
    return hits


def _by_group(plan: FirePlan, dice: Sequence[int]) -> list[list[int]]:
    """The dice of a log, group by group in the plan's order (as the log checker reads them)."""
    found, start = [], 0
    for group in plan.groups:
        found.append(list(dice[start : start + group.dice]))
        start += group.dice
    return found


EXAMPLES = [
    # the rulebook examples of the engine's tests (tests/games/test_combat_examples.py): the
    # place, the attackers, the defenders and, where the rulebook gives them, each unit's dice
    (
        "axis-allies-europe",
        "europe:rumania",
        ["su-infantry/1", "su-infantry/2", "su-artillery/1"],
        ["ge-infantry/1", "ge-artillery/1"],
        None,
    ),
    (
        "axis-allies-europe",
        "europe:ukraine-ssr",
        ["ge-infantry/1", "ge-armour/1"],
        ["su-infantry/1", "su-armour/1"],
        {"ge-infantry/1": [2], "ge-armour/1": [3], "su-infantry/1": [2], "su-armour/1": [3]},
    ),
    (
        "axis-allies-1914",
        "world:romania",
        ["ge-infantry/1", "ge-tank/1", "ge-artillery/1"],
        ["ru-infantry/1", "ru-artillery/1"],
        None,
    ),
    (
        "axis-allies-europe",
        "europe:norway",
        ["uk-destroyer/1", "uk-armour/1", "uk-fighter/1"],
        ["ge-infantry/1", "ge-infantry/2", "ge-infantry/3"],
        {
            "uk-destroyer/1": [3],
            "uk-armour/1": [5],
            "uk-fighter/1": [5],
            "ge-infantry/1": [2],
            "ge-infantry/2": [3],
            "ge-infantry/3": [3],
        },
    ),
    (
        "axis-allies-europe",
        "europe:central-mediterranean",
        ["ge-submarine/1", "ge-battleship/1", "ge-transport/1"],
        ["uk-destroyer/1"],
        {
            "ge-submarine/1": [4],
            "ge-battleship/1": [4],
            "ge-transport/1": [],
            "uk-destroyer/1": [1],
        },
    ),
    (
        "axis-allies-europe",
        "europe:libya",
        ["ge-infantry/1", "ge-infantry/2"],
        ["uk-infantry/1"],
        {"ge-infantry/1": [3], "ge-infantry/2": [4], "uk-infantry/1": [2]},
    ),
    (
        "axis-allies-europe",
        "europe:libya",
        ["ge-infantry/2"],
        ["uk-infantry/1"],
        {"ge-infantry/2": [1], "uk-infantry/1": [1]},
    ),
    (
        "axis-allies-europe",
        "europe:celtic-sea",
        ["ge-submarine/1", "ge-submarine/2"],
        ["uk-carrier/1", "uk-transport/1"],
        None,
    ),
    (
        "axis-allies-1914",
        "world:romania",
        ["ge-tank/1", "ge-tank/2", "ge-infantry/1"],
        ["ru-infantry/1", "ru-infantry/2", "ru-infantry/3", "ru-tank/1"],
        {
            "ge-tank/1": [1],
            "ge-tank/2": [6],
            "ge-infantry/1": [6],
            "ru-infantry/1": [1],
            "ru-infantry/2": [2],
            "ru-infantry/3": [3],
            "ru-tank/1": [1],
        },
    ),
]


DFF_EXAMPLES = [
    # Distant Foreign Fields (seed 002, 13.0): attackers moved into the hex, from where they came;
    # nothing declared (the rulebook's declarations: tests/vassal/test_combat_declared.py)
    ("w-of-bapaume", [("de-1-inf/1", "front", "bapaume"), ("de-2-inf/1", "front", "bapaume"),
                      ("de-3-inf/1", "front", "arras")], [("au-1-inf/1", "front")]),
    ("albert", [("de-4-inf/1", "front", "e-of-albert"), ("de-5-inf/1", "front", "e-of-albert")],
     [("ca-1-inf/1", "back")]),
    ("chaulnes", [("de-6-inf/1", "front", "w-of-st-quentin"),
                  ("de-7-inf/1", "front", "w-of-st-quentin")], [("gb-1-inf/1", "back")]),
    ("chaulnes", [("de-6-inf/1", "back", "w-of-st-quentin"),
                  ("de-7-inf/1", "front", "w-of-st-quentin")], [("gb-1-inf/1", "back")]),
    ("albert", [("de-4-inf/1", "back", "e-of-albert"), ("de-5-inf/1", "front", "e-of-albert")],
     [("ca-1-inf/1", "front")]),
    ("e-of-ham", [("de-8-inf/1", "front", "ham"), ("de-9-inf/1", "front", "ham")],
     [("be-1-inf/1", "back"), ("fr-1-inf/1", "front")]),
    ("chaulnes", [("gb-mk-iii/1", "front"), ("be-1-inf/1", "back"), ("fr-1-inf/1", "front")],
     [("de-6-inf/1", "back"), ("de-7-inf/1", "front")]),
    ("douai", [("de-1-inf/1", "front", "w-of-bapaume"), ("de-2-inf/1", "front", "w-of-bapaume"),
               ("de-3-inf/1", "back", "w-of-bapaume")], [("au-1-inf-p/1", "front")]),
    ("gallipoli", [("gb-2-inf/1", "back"), ("gb-3-inf/1", "back"), ("gb-4-inf/1", "front")],
     [("ot-1-inf-p/1", "back"), ("ot-2-inf-p/1", "back")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("at", "attackers", "defenders"), DFF_EXAMPLES, ids=[e[0] for e in DFF_EXAMPLES]
)
def test_the_dff_rulebooks_battles_agree_with_the_engine(
    at: str, attackers: list[tuple[str, str, str]], defenders: list[tuple[str, str]]
) -> None:
    game, combat = _module("distant-foreign-fields")
    situation, rule, engagement = battle(game, at, attackers, defenders)
    for seed in range(3):
        _agree(game, combat, situation, rule, engagement, rng=random.Random(seed))


@pytest.mark.parametrize(
    ("name", "at", "attackers", "defenders", "rolls"),
    EXAMPLES,
    ids=[f"{e[0]}-{e[1].split(':')[1]}-{n}" for n, e in enumerate(EXAMPLES)],
)
def test_the_rulebooks_battles_agree_with_the_engine(
    name: str,
    at: str,
    attackers: list[str],
    defenders: list[str],
    rolls: dict[str, list[int]] | None,
) -> None:
    game = game_of(name)
    situation, rule, engagement = battle(
        game, at, [(a, "front") for a in attackers], [(d, "front") for d in defenders]
    )
    dice = None
    if rolls is not None:  # the rulebook's dice, in the order a log gives them
        plan = fire_plan(situation, rule, engagement)
        dice = [d for g in plan.groups for p in g.pieces for d in rolls[p]]
    for seed in range(3 if dice is None else 1):
        _agree(game, _module(name)[1], situation, rule, engagement, dice, random.Random(seed))


@pytest.mark.parametrize("name", GAMES)
def test_generated_battles_agree_with_the_engine(name: str) -> None:
    game, combat = _module(name)
    rule = next(r for r in game.rules if isinstance(r, CombatRule) and r.fire is not None)
    rng = random.Random(27)
    places = sorted(k for k, loc in game.locations.items() if loc.kind in ("land", "hex"))
    empty = Situation(game, Position())
    fighting = [
        c for c in game.counters if c.faction and rule.pieces.matches(c, empty.index, c.faction)
    ]
    sides = sorted({game.faction(c.faction or "").side for c in fighting})
    by_side = {s: [c for c in fighting if game.faction(c.faction or "").side == s] for s in sides}
    firsts = 0
    for n in range(50):
        at = rng.choice(places)
        attack, defence = rng.sample(sides, 2)
        attackers = [
            _unit(rng, f"a{k}", c, at)
            for k, c in enumerate(rng.choices(by_side[attack], k=rng.randint(1, 7)))
        ]
        defenders = [
            _unit(rng, f"d{k}", c, at)
            for k, c in enumerate(rng.choices(by_side[defence], k=rng.randint(1, 5)))
        ]
        near = sorted(location_neighbours(game, at))
        origins = {p.id: rng.choice(near) for p in attackers if near and rng.random() < 0.8}
        situation = Situation(game, Position(pieces=(*attackers, *defenders)))
        engagement = engage(situation, rule, at, attackers, origins=origins)
        plan = _agree(game, combat, situation, rule, engagement, rng=random.Random(n))
        firsts += plan.first == "defender"
    if "CombatFirst" in combat.expressions:  # some battles had every attacker cross a river
        assert firsts > 0


def _unit(rng: random.Random, piece_id: str, counter: Counter, at: str) -> Piece:
    """A unit of the counter at ``at``, on one of its faces (its steps as that face shows)."""
    face = rng.choice([f for f in layer_faces(counter)] or [counter.front])
    step = counter.steps if face.conceals else face.step
    return Piece(piece_id, counter.id, at, face.id, counter.faction, step)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_chat_says_the_dice_and_the_hits(language: str) -> None:
    """The call reads back for the log checker; the account says each side's dice and the
    support given; the result the hits, with the rule number (in the game's language)."""
    english = game_of("axis-allies-europe")
    game = dataclasses.replace(english, language=language)
    combat = module_fire(game, {key: key for key in game.locations})
    assert combat is not None
    situation, rule, engagement = battle(
        english,
        "europe:rumania",
        [("su-infantry/1", "front"), ("su-infantry/2", "front"), ("su-artillery/1", "front")],
        [("ge-infantry/1", "front"), ("ge-artillery/1", "front")],
    )
    defender = engagement.defenders[0]
    roles = {p.id: "attacker" for p in engagement.attackers} | {defender.id: "defender"}
    board = _Board(game, combat, situation.position, roles)
    board.module |= {FROM: ", europe:rumania", BY: "Allies", "CombatHitsA": "2"}
    scope = board.scopes[situation.position.pieces.index(defender)]
    call, account, result, _ = (str(evaluate(m, scope)) for m in combat.messages)
    call_back = parse_combat_call(call)
    assert call_back is not None and call_back.at == "europe:rumania", call
    if language == "en":
        assert account.startswith(
            "Attacker rolls 1d6 hitting on 1 or less, 2d6 hitting on 2 or less; "
            "defender rolls 2d6 hitting on 2 or less · Infantry supported by artillery"
        ), account
        assert result == (
            "Hits: 2 on the defender, 0 on the attacker (A&amp;A Europe: land combat, naval combat)"
        ), result
    else:
        assert account.startswith(
            "L’attaquant lance 1d6 touchant sur 1 ou moins, 2d6 touchant sur 2 ou moins\u202f; "
            "le défenseur lance 2d6 touchant sur 2 ou moins"
        ), account
        assert result.startswith("Touches\u00a0: 2 sur le défenseur, 0 sur l’attaquant"), result


# -- real VASSAL --------------------------------------------------------------------------------

PROBE = Path(__file__).with_name("CombatProbe.java")
_LINE = re.compile(r'^CHAT text="((?:[^"\\]|\\.)*)"$')


def battle_rules(*modifiers: Mapping[str, object]) -> dict[str, object]:
    """The area battle's rules: every unit rolls a die and hits at or under its value (7.1),
    with ``modifiers``."""
    combat = {
        "id": "combat",
        "kind": "combat",
        "cite": "7.1",
        "text": "Each unit rolls a die and hits at or under its value.",
        "pieces": {"class": ["infantry", "battleship"]},
        "fire": {"per": "unit", "sides": 6, "hit": "at-most"},
        "modifiers": list(modifiers),
    }
    return {"kind": "rules", "rules": [combat]}


BATTLE_RULES = battle_rules(
    {
        "id": "support",
        "cite": "7.2",
        "text": "Infantry supported by a battleship (one for each)",
        "side": "attacker",
        "pieces": {"class": "infantry"},
        "supported_by": {"class": "battleship"},
        "roll": 1,
    },
    {
        "id": "armour",
        "cite": "7.3",
        "text": "Each attacking battleship cancels one hit",
        "side": "attacker",
        "pieces": {"class": "battleship"},
        "absorb": 1,
    },
)
"""The small area game fights as Axis & Allies 1914: infantry at 1 (2 in defence), a
battleship at 4, one infantry supported by each battleship, each attacking battleship
cancelling a hit."""


def area_battle_game(tmp_path: Path, rules: Mapping[str, object] = BATTLE_RULES) -> Game:
    """The small area game with ``rules`` and attack and defence values to roll against."""
    folder = copy_fixture("minimal-area", tmp_path)
    (folder / "rules.json").write_text(json.dumps(rules), "utf-8")
    path = folder / "counters" / "pieces.json"
    data = json.loads(path.read_text("utf-8"))
    values = {"infantry": (1, 2), "battleship": (4, 4)}
    for counter in data["counters"]:
        attack, defence = values[counter["class"]]
        counter["properties"] = {"attack": attack, "defence": defence}
    path.write_text(json.dumps(data), "utf-8")
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    return result.game


def test_vassal_rolls_the_dice_the_engine_plans(tmp_path: Path) -> None:
    """Two British infantry and a battleship marked attacking two German infantry in France:
    VASSAL writes the call and the dice the engine plans (one infantry supported), rolls the
    combat dice once per die, and writes the hits the engine scores with those dice; the log
    checker reads the same dice back."""
    the_game = area_battle_game(tmp_path)
    uk = [("uk-infantry", 1), ("uk-infantry", 2), ("uk-battleship", 1)]
    attackers = [Piece(f"{c}/{n}", c, "europe:france", "front", "uk", 1) for c, n in uk]
    defenders = [
        Piece(f"ge-infantry/{n}", "ge-infantry", "europe:france", "front", "ge", 1) for n in (1, 2)
    ]
    position = Position(pieces=(*defenders, *attackers))
    with Workers(the_game) as workers:
        artwork = rasterise(draw_artwork(the_game, workers), the_game.print.dpi, workers)
    module = tmp_path / "battle.vmod"
    module.write_bytes(compile_module(the_game, artwork).vmod)
    save = tmp_path / "battle.vsav"
    save.write_bytes(position_save(the_game, artwork, position))
    attack_key, defend_key = key("A", CTRL_SHIFT), key("E", CTRL_SHIFT)
    who = "id:uk-infantry,id:uk-battleship"
    args = [str(module), str(save), attack_key, defend_key, who, "France"]

    stdout = run_probe(PROBE, args, module, tmp_path).stdout

    marked = re.findall(r'^ROLE .* role="(attacker|defender)"$', stdout, re.MULTILINE)
    assert sorted(marked) == ["attacker"] * 3 + ["defender"], stdout[-2000:]
    lines = [_LINE.match(line) for line in stdout.splitlines()]
    chat = [re.sub(r"\\(.)", r"\1", m.group(1)) for m in lines if m]
    situation = Situation(the_game, position)
    rule = next(r for r in the_game.rules if isinstance(r, CombatRule))
    plan = fire_plan(situation, rule, engage(situation, rule, "europe:france", attackers))
    account = next(line for line in chat if "Attacker rolls" in line)
    assert (
        "Attacker rolls 1d6 hitting on 1 or less, 1d6 hitting on 2 or less, 1d6 hitting on 4 or"
        " less; defender rolls 2d6 hitting on 2 or less · Infantry supported by a battleship"
        " (one for each) (7.2): +1 to the roll · Each attacking battleship cancels one hit (7.3):"
        " cancels 1 hit"
    ) in account, account
    rolls = [r for r in map(parse_dice_report, chat) if r is not None]
    assert [len(r.dice) for r in rolls] == [1] * 5, chat
    dice = [r.dice[0] for r in rolls]
    outcome = fire_outcome(rule, plan, _by_group(plan, dice))
    result = next(line for line in chat if "Hits: " in line)
    hits = (outcome.defender.losses, outcome.attacker.losses)
    assert f"Hits: {hits[0]} on the defender, {hits[1]} on the attacker (7.1)" in result, chat
    played, problems = played_combats(the_game, [position, position], [tuple(chat)])
    assert problems == [] and len(played) == 1 and len(played[0].rolls) == 5, chat
    for violation in check_played_combat(the_game, played[0]):  # the hits are not taken here
        assert f"score {hits[0]} hit(s) and take {hits[1]}" in violation.message, violation


def test_the_checker_counts_each_unit_of_an_area_battle_once(tmp_path: Path) -> None:
    """The module's call names the space both sides share as where the attack comes from: the
    checker takes the attacking side's units there once, and wants their 5 dice, not 8."""
    the_game = area_battle_game(tmp_path)
    uk = [("uk-infantry", 1), ("uk-infantry", 2), ("uk-battleship", 1)]
    pieces = [Piece(f"{c}/{n}", c, "europe:france", "front", "uk", 1) for c, n in uk]
    pieces += [
        Piece(f"ge-infantry/{n}", "ge-infantry", "europe:france", "front", "ge", 1) for n in (1, 2)
    ]
    position = Position(pieces=tuple(pieces))
    call = format_combat_call(CombatCall("France", ("France",), "Allies"))
    dice = [format_dice_report(DiceReport("Combat dice", (d,)), "Alice") for d in (1, 2, 6, 6, 1)]
    played, problems = played_combats(the_game, [position, position], [(call, *dice)])
    assert problems == [] and len(played) == 1
    (violation,) = check_played_combat(the_game, played[0])  # the hits are not taken here
    # the defender's hit is cancelled by the battleship
    assert "score 2 hit(s) and take 0" in violation.message, violation.message


def test_the_checker_attacks_from_where_a_unit_came() -> None:
    """Distant Foreign Fields' attackers move into the hex they attack: the log says where
    from, and the checker judges the crossing from there, as the module does with VASSAL's
    OldLocationName (Chaulnes from west of St-Quentin: across the river, -1 and the defender
    fires first)."""
    game = game_of("distant-foreign-fields")
    target, origin = game.places["chaulnes"], game.places["w-of-st-quentin"]
    defender = Piece("gb-1-inf/1", "gb-1-inf", target, "back", "gb", 1)
    german = [Piece(f"de-{n}-inf/1", f"de-{n}-inf", origin, "front", "de", 1) for n in (6, 7)]
    before = Position(pieces=(defender, *german))
    moved = [dataclasses.replace(p, location=target) for p in german]
    half = Position(pieces=(defender, moved[0], german[1]))
    after = Position(pieces=(defender, *moved))
    call = format_combat_call(CombatCall("chaulnes", ("chaulnes",), game.side("central").name))
    dice = [format_dice_report(DiceReport("Combat dice", (d,)), "Eric") for d in (1, 10, 10)]
    played, problems = played_combats(game, [before, half, after, after], [(), (), (call, *dice)])
    assert problems == [] and played[0].came_from == {p.id: origin for p in german}
    (violation,) = check_played_combat(game, played[0])
    assert "2 dice hitting on ≤ 3" in violation.message, violation.message


def test_the_chat_says_the_defender_fires_first() -> None:
    """Chaulnes, attacked from west of St-Quentin across the river: the account names the
    river's -1 and the defender firing first, with their rules; the first press ends with the
    defender's hits and tells the attacker to press again."""
    game, combat = _module("distant-foreign-fields")
    attackers = [
        ("de-6-inf/1", "front", "w-of-st-quentin"),
        ("de-7-inf/1", "front", "w-of-st-quentin"),
    ]
    situation, _, engagement = battle(game, "chaulnes", attackers, [("gb-1-inf/1", "back")])
    defender = engagement.defenders[0]
    roles = {p.id: "attacker" for p in engagement.attackers} | {defender.id: "defender"}
    board = _Board(game, combat, situation.position, roles, engagement.origins)
    board.module |= {"CombatHitsD": "1"}
    scope = board.scopes[situation.position.pieces.index(defender)]
    _, account, _, first = (str(evaluate(m, scope)) for m in combat.messages)
    assert account.startswith("Attacker rolls 2d10 hitting on 3 or less;"), account
    assert " · Attacking across a river (DFF 5.4): -1 to the roll" in account, account
    assert "the defender fires first (DFF 5.4): the defender fires first" in account, account
    assert first == (
        "The defender fires first, hits: 1 on the attacker (DFF 2.2.4.5); the attacker takes"
        " its losses, then presses Combat again to fire with its survivors"
    ), first


def test_a_defender_alone_is_no_error() -> None:
    """Combat pressed with no unit marked attacking: VASSAL works out both branches of an If,
    so the empty lists of places and dice must not overrun a bound; the chat says no dice."""
    game, combat = _module("axis-allies-europe")
    defender = Piece("ge-infantry/1", "ge-infantry", "europe:rumania", "front", "ge", 1)
    board = _Board(game, combat, Position(pieces=(defender,)), {defender.id: "defender"})
    scope = board.scopes[0]
    call, account, _, _ = (str(evaluate(m, scope)) for m in combat.messages)
    assert call == "Combat at europe:rumania", call
    assert account.startswith("Attacker rolls no dice; defender rolls 1d6 hitting on 2 or less")
