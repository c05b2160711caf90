"""Modifiers a player declares, applied by the module: a toolbar button sets each one declared,
and the module's strengths, column, roll modifier and dice are then the engine's for the combat
declared so, for the rulebooks' examples that declare one; the call names what is declared, and
the log checker reads it back."""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from tests.conftest import load_fixture
from tests.games.test_combat_examples import battle, game_of
from tests.rules.helpers import position as placed
from tests.vassal.engine import run_probe
from tests.vassal.test_combat_module import ENGINE_EXAMPLES, _Table
from tests.vassal.test_fire_module import (
    _LINE,
    PROBE,
    _agree,
    _by_group,
    _module,
    area_battle_game,
    battle_rules,
)
from toolkit.catalogue import words
from toolkit.check import played_combats
from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.model.rules import CombatModifier, CombatRule
from toolkit.render.artwork import draw_artwork, rasterise
from toolkit.rules.combat import engage, fire_outcome, fire_plan, table_odds
from toolkit.rules.combat_check import check_played_combat, declared_by_id
from toolkit.rules.context import Situation
from toolkit.vassal.format.expressions import evaluate
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.traits import CTRL_SHIFT, key
from toolkit.vassal.read.chat import parse_combat_call, parse_dice_report
from toolkit.vassal.write.combat import ModuleCombat, module_combat, module_fire
from toolkit.vassal.write.combat import declared as declared_module
from toolkit.vassal.write.module import compile_module, game_boards, position_save
from toolkit.workers import Workers


def declaring(combat: ModuleCombat, game: Game, ids: Sequence[str]) -> dict[str, str]:
    """The module's properties with the modifiers ``ids`` declared on their buttons, the others
    not."""
    rule = next(r for r in game.rules if isinstance(r, CombatRule) and r.id == combat.rule_id)
    texts = {m.text: m.id for m in rule.modifiers}
    say = words(game.language)
    found = {}
    for choice in combat.choices:
        if choice.button in texts:
            declared = texts[choice.button] in ids
            found[choice.name] = say("module.declare.on" if declared else "module.declare.off")
    assert {texts[c.button] for c in combat.choices if c.button in texts} >= set(ids)
    return found


def unit_property(combat: ModuleCombat, game: Game, modifier: str) -> str:
    """The property a unit's menu command sets when a player declares ``modifier`` for it."""
    rule = next(r for r in game.rules if isinstance(r, CombatRule) and r.id == combat.rule_id)
    text = next(m.text for m in rule.modifiers if m.id == modifier)
    button = next(c.name for c in combat.choices if c.button == text)
    return button.replace("CombatDeclared", "CombatFor")


def marking(
    combat: ModuleCombat, game: Game, declared: Mapping[str, Sequence[str]]
) -> dict[str, dict[str, str]]:
    """Piece id → its properties once a player declared each modifier for the units named."""
    found: dict[str, dict[str, str]] = {}
    for modifier, units in declared.items():
        for unit in units:
            found.setdefault(unit, {})[unit_property(combat, game, modifier)] = "on"
    return found


# -- dice: Distant Foreign Fields ---------------------------------------------------------------

DFF_DECLARED = [
    # (seed 002, 13.0) the place, the attackers (face, where they came from), the defenders,
    # what the attacker declares for the whole attack
    ("douai", [("de-1-inf/1", "front", "w-of-bapaume"), ("de-2-inf/1", "front", "w-of-bapaume"),
               ("de-3-inf/1", "back", "w-of-bapaume")], [("au-1-inf-p/1", "front")],
     ("exploitation",)),  # lines 2052-2054, 2.2.4.7
    ("gallipoli", [("gb-2-inf/1", "back"), ("gb-3-inf/1", "back"), ("gb-4-inf/1", "front")],
     [("ot-1-inf-p/1", "back"), ("ot-2-inf-p/1", "back")],
     ("amphibious", "event-card")),  # lines 2069-2071, 2.2.4.3, 5.4, 13.0
]  # fmt: skip


@pytest.mark.parametrize(
    ("at", "attackers", "defenders", "declared"), DFF_DECLARED, ids=[e[0] for e in DFF_DECLARED]
)
def test_the_dff_rulebooks_declarations_agree_with_the_engine(
    at: str,
    attackers: list[tuple[str, str, str]],
    defenders: list[tuple[str, str]],
    declared: tuple[str, ...],
) -> None:
    """Declared on the toolbar, the exploitation's -1, the landing's -1 with the defender
    firing first, and the event card's +1 give the engine's dice and hits."""
    game, combat = _module("distant-foreign-fields")
    on = {name: () for name in declared}
    situation, rule, engagement = battle(game, at, attackers, defenders, declared=on)
    module = declaring(combat, game, declared)
    for seed in range(3):
        _agree(game, combat, situation, rule, engagement, rng=random.Random(seed), module=module)
    # not declared: the engine's combat without them
    situation, rule, engagement = battle(game, at, attackers, defenders)
    _agree(game, combat, situation, rule, engagement, module=declaring(combat, game, ()))


def test_the_call_names_what_is_declared_and_the_checker_reads_it() -> None:
    """The call lists each declaration by the reason players read, commas and all; the checker
    takes them back as the rule's modifiers, and the landing's dice are then the rule's."""
    game, combat = _module("distant-foreign-fields")
    at, attackers, defenders, declared = DFF_DECLARED[1]
    on = {name: () for name in declared}
    situation, _, engagement = battle(game, at, attackers, defenders, declared=on)
    board_module = dict(combat.module_properties) | declaring(combat, game, declared)
    from tests.vassal.test_fire_module import _Board

    defender = engagement.defenders[0]
    roles = {p.id: "attacker" for p in engagement.attackers} | {defender.id: "defender"}
    board = _Board(game, combat, situation.position, roles, engagement.origins)
    board.module = board_module | {"CombatFrom": ", Gallipoli", "CombatBy": "Allies"}
    scope = board.scopes[situation.position.pieces.index(defender)]
    call = str(evaluate(combat.messages[0], scope))
    assert call.endswith(
        " declaring Amphibious assault, fought as across a river, An event card played for the"
        " offensive"
    ), call
    parsed = parse_combat_call(call)
    assert parsed is not None
    rule = next(r for r in game.rules if isinstance(r, CombatRule))
    assert declared_by_id(rule, parsed.declared) == (("amphibious", ()), ("event-card", ()))
    account = str(evaluate(combat.messages[1], scope))
    assert "Amphibious assault, fought as across a river (DFF 2.2.4.3, 5.4): -1" in account
    assert "An event card played for the offensive (DFF 13.0): +1 to the roll" in account


def test_declarations_read_back_by_id_or_by_reason() -> None:
    """A call may name a declaration by its id (as a player types it) or by its reason (as the
    module writes it); a name that is neither stays as written, for the checker to report."""
    game = game_of("distant-foreign-fields")
    rule = next(r for r in game.rules if isinstance(r, CombatRule))
    calls = [
        ((("ace", ("6. Division",)),), (("ace", ("6. Division",)),)),
        (
            (("amphibious assault", ()), ("fought as across a river", ()), ("ace", ())),
            (("amphibious", ()), ("ace", ())),
        ),
        (
            (("Amphibious assault", ()), ("nowhere", ())),
            (("Amphibious assault", ()), ("nowhere", ())),
        ),
        ((("An event card played for the offensive", ("A",)),), (("event-card", ("A",)),)),
    ]
    for declared, expected in calls:
        assert declared_by_id(rule, declared) == expected, declared


def test_an_ace_declared_for_one_unit_is_its_alone() -> None:
    """Lines 2026-2030: the ace's bonus declared for the 6th Division alone (13.0): the 6th
    attacks at 4 across the river, the 7th at 3, the British firing first; the call names the
    6th, and the checker reads it back as the ace for that unit."""
    game, combat = _module("distant-foreign-fields")
    attackers = [
        ("de-6-inf/1", "front", "w-of-st-quentin"),
        ("de-7-inf/1", "front", "w-of-st-quentin"),
    ]
    ace = {"ace": ("de-6-inf/1",)}
    situation, rule, engagement = battle(
        game, "chaulnes", attackers, [("gb-1-inf/1", "back")], declared=ace
    )
    marks = marking(combat, game, ace)
    for seed in range(3):
        plan = _agree(
            game,
            combat,
            situation,
            rule,
            engagement,
            rng=random.Random(seed),
            module=declaring(combat, game, ()),
            marks=marks,
        )
    assert {p: g.target for g in plan.groups for p in g.pieces if p.startswith("de-")} == {
        "de-6-inf/1": 4,
        "de-7-inf/1": 3,
    }
    from tests.vassal.test_fire_module import _Board

    defender = engagement.defenders[0]
    roles = {p.id: "attacker" for p in engagement.attackers} | {defender.id: "defender"}
    board = _Board(game, combat, situation.position, roles, engagement.origins)
    name = game.counter("de-6-inf").name
    names = unit_property(combat, game, "ace").replace("CombatFor", "CombatForNames")
    board.module |= {"CombatFrom": ", chaulnes", "CombatBy": "Central Powers", names: f", {name}"}
    call = str(
        evaluate(combat.messages[0], board.scopes[situation.position.pieces.index(defender)])
    )
    assert call.endswith(f" declaring An ace's bonus given to a unit ({name})"), call
    parsed = parse_combat_call(call)
    assert parsed is not None
    assert declared_by_id(rule, parsed.declared) == (("ace", (name,)),)


# -- dice: Europe Engulfed ----------------------------------------------------------------------


def test_an_assault_doubles_both_sides_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """6.32: declared, an assault rolls two dice per step on both sides, as the engine does,
    for 6.26's battle at Kiev, in clear weather and in snow (each count halved after it is
    doubled), and it is not applied without the declaration; here with room for it."""
    from tests.vassal.test_fire_weather import GERMANS, SOVIETS, _weather

    monkeypatch.setattr(declared_module, "GROWTH", 10)
    game = game_of("europe-engulfed")
    combat = module_fire(game, {key: key for key in game.locations})
    assert combat is not None
    for weather in (None, "snow"):
        for declared in ((), ("assault",)):
            on = {name: () for name in declared}
            situation, rule, engagement = battle(
                game, "europe:kiev", GERMANS, SOVIETS, declared=on, weather=weather
            )
            for seed in range(2):
                rng = random.Random(seed)
                module = _weather("europe:kiev", weather, rng) | declaring(combat, game, declared)
                plan = _agree(game, combat, situation, rule, engagement, rng=rng, module=module)
                doubled = any(a.reason.startswith("Assault") for a in plan.applied)
                assert doubled == bool(declared)


def test_a_declaration_too_long_for_the_saves_is_left_out() -> None:
    """Counting an assault's doubled dice would double the traits every block of a saved game
    carries (23 MB of them in the 1939 campaign): Europe Engulfed's module leaves the assault
    to the players, and keeps the other declarations within the budget."""
    game, combat = _module("europe-engulfed")
    buttons = [c.button for c in combat.choices]
    assert "Assault: two dice per step" not in buttons
    assert "Supported by a ground support unit" in buttons and len(buttons) == 3 + 5
    rule = next(r for r in game.rules if isinstance(r, CombatRule))
    plain = dataclasses.replace(rule, modifiers=tuple(m for m in rule.modifiers if not m.declared))
    bare = dataclasses.replace(game, rules=(plain,))
    without = module_fire(bare, {key: key for key in game.locations})
    assert without is not None
    length = sum(len(t.type) for t in combat.prototype)
    bare_length = sum(len(t.type) for t in without.prototype)
    assert length <= declared_module.GROWTH * bare_length + declared_module.ROOM


def test_ground_support_declared_for_two_panzers() -> None:
    """Line 697: the German ground support supports two of the three panzers (6.6), which hit
    on 5, the third on 6 with the Soviet armour still there: the module's dice are the
    engine's with the support declared for those two."""
    from tests.vassal.test_fire_weather import GERMANS, SOVIETS, _weather

    game, combat = _module("europe-engulfed")
    support = {"ground-support": ("ge-panzer/1", "ge-panzer/2")}
    situation, rule, engagement = battle(game, "europe:kiev", GERMANS, SOVIETS, declared=support)
    for seed in range(2):
        rng = random.Random(seed)
        module = _weather("europe:kiev", None, rng) | declaring(combat, game, ())
        marks = marking(combat, game, support)
        plan = _agree(
            game, combat, situation, rule, engagement, rng=rng, module=module, marks=marks
        )
    targets = {p: g.target for g in plan.groups for p in g.pieces}
    assert [targets[f"ge-panzer/{n}"] for n in (1, 2, 3)] == [5, 5, 6]


FIRST_ROUNDS = [
    # Europe Engulfed's first-round bonuses (tests/games/test_combat_examples.py): the place, the
    # attackers (and where they came from), the defenders, what is declared, the weather
    ("maginot", "europe:metz",
     [("ge-infantry/1", "front", "ruhr"), ("ge-panzer/1", "front", "ruhr")],
     [("fr-infantry/1", "front"), ("fr-armour/1", "front"), ("gb-militia/1", "front")],
     ("maginot",), None),  # 6.84
    ("maginot-german", "europe:metz", [("fr-infantry/1", "front", "paris")],
     [("ge-infantry/2", "front")], ("maginot",), None),
    ("fortification", "europe:kiev", [("ge-infantry/1", "front"), ("ge-infantry/2", "front")],
     [("su-infantry/1", "step-3"), ("su-militia/1", "front")], ("fortification",), None),  # 6.97
    ("fortification-rough", "europe:lyon", [("ge-infantry/1", "front")],
     [("su-infantry/1", "step-3")], ("fortification", "ground-support"), None),
    ("landing", "europe:north-england", [("ge-airborne/1", "front"), ("ge-infantry/1", "front")],
     [("gb-infantry/1", "front"), ("gb-armour/1", "front")], ("landing", "landing-armour"),
     None),  # 7.21, 7.31
    ("landing-armour", "europe:north-england", [("ge-airborne/1", "front"),
     ("ge-panzer/1", "front")], [("gb-infantry/1", "front"), ("gb-armour/1", "front")],
     ("landing", "landing-armour"), None),
    ("landing-mud", "europe:north-england", [("ge-airborne/1", "front")],
     [("gb-infantry/1", "front"), ("gb-armour/1", "front")], ("landing", "landing-armour"),
     "mud"),  # 1.13
]  # fmt: skip


@pytest.mark.parametrize(
    ("at", "attackers", "defenders", "declared", "weather"),
    [e[1:] for e in FIRST_ROUNDS],
    ids=[e[0] for e in FIRST_ROUNDS],
)
def test_europe_engulfeds_first_round_bonuses_agree_with_the_engine(
    at: str,
    attackers: list[tuple[str, ...]],
    defenders: list[tuple[str, str]],
    declared: tuple[str, ...],
    weather: str | None,
) -> None:
    """The Maginot Line, a fortification and the defence of a landing, declared for the first
    round on their buttons or not: the module's dice are the engine's."""
    from tests.vassal.test_fire_weather import _weather

    game, combat = _module("europe-engulfed")
    for named in ((), declared):
        on = {name: () for name in named}
        situation, rule, engagement = battle(
            game, at, attackers, defenders, declared=on, weather=weather
        )
        rng = random.Random(len(named))
        module = _weather(at, weather, rng) | declaring(combat, game, named)
        plan = _agree(game, combat, situation, rule, engagement, rng=rng, module=module)
        reasons = {a.reason for a in plan.applied}
        texts = {m.id: m.text for m in rule.modifiers}
        assert named or not reasons & {texts[d] for d in declared}


# -- a results table ----------------------------------------------------------------------------

DUG_IN = CombatModifier(
    "dug-in", "9.8", "Defending dug in", "defender", declared=True, roll=-1, each=True
)
FORCED = CombatModifier(
    "forced-march", "9.9", "Attacking after a forced march", "attacker", declared=True,
    strength=Fraction(1, 2),
)  # fmt: skip


@functools.cache
def _declared_river() -> tuple[Game, list[Board], ModuleCombat]:
    """The small hex game with two modifiers a player declares: -1 on the roll for each
    defending unit dug in, and the attackers' strength halved after a forced march."""
    plain = load_fixture("river-crossing")
    rules = tuple(
        dataclasses.replace(r, modifiers=(*r.modifiers, DUG_IN, FORCED))
        if isinstance(r, CombatRule)
        else r
        for r in plain.rules
    )
    the_game = dataclasses.replace(plain, rules=rules)
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    combat = module_combat(the_game, boards)
    assert combat is not None
    return the_game, boards, combat


def _check_table(
    the_game: Game,
    boards: Sequence[Board],
    combat: ModuleCombat,
    position: Position,
    location: str,
    attackers: Sequence[Piece],
    declared: Mapping[str, tuple[str, ...]],
    roll: int,
) -> None:
    """The module agrees with the engine: ``declared`` → the units it is declared for, on
    their menus (none: on its button, for the whole combat)."""
    situation = Situation(the_game, position)
    rule = next(r for r in the_game.rules if isinstance(r, CombatRule))
    assert rule.table is not None
    chart = the_game.chart(rule.table.chart)
    engagement = engage(situation, rule, location, attackers, declared=declared)
    odds = table_odds(situation, rule, engagement, chart)
    defender = engagement.defenders[0]
    roles = {p.id: "attacker" for p in engagement.attackers} | {defender.id: "defender"}
    table = _Table(the_game, boards, combat, position, roles, roll)
    table.module |= declaring(combat, the_game, [d for d, units in declared.items() if not units])
    table.marks |= marking(combat, the_game, declared)
    scope = table.scopes[position.pieces.index(defender)]
    say = lambda name: evaluate(combat.expressions[name], scope)  # noqa: E731
    what = f"{location} by {[p.id for p in attackers]} declaring {declared}"
    assert Fraction(int(say("CombatAttack")), combat.scale) == odds.attack, what
    base = Fraction(int(say("CombatDefenceBase")), combat.scale)
    multiplier = Fraction(int(say("CombatDefenceNum")), int(say("CombatDefenceDen")))
    assert base * multiplier == odds.defence, what
    assert say("CombatColumn") == odds.column, what
    assert say("CombatRollModifier") == odds.roll_modifier, what
    account = str(evaluate(combat.messages[1], scope))
    for modifier in (DUG_IN, FORCED):
        assert (f"{modifier.text} ({modifier.cite})" in account) == (
            modifier.id in declared and any(a.reason == modifier.text for a in odds.applied)
        ), (what, account)


@pytest.mark.parametrize(("where", "attacked"), ENGINE_EXAMPLES)
@pytest.mark.parametrize(
    "declared", [(), ("dug-in",), ("forced-march",), ("dug-in", "forced-march")], ids=str
)
def test_declared_table_modifiers_agree_with_the_engine(
    where: dict[str, str], attacked: str, declared: tuple[str, ...]
) -> None:
    """The engine's combats of the small hex game, with each set of declarations."""
    the_game, boards, combat = _declared_river()
    position = placed(the_game, where)
    attackers = [p for p in position.pieces if p.location != attacked]
    on = {d: () for d in declared}
    for roll in (1, 6):
        _check_table(the_game, boards, combat, position, attacked, attackers, on, roll)


@pytest.mark.parametrize(("where", "attacked"), ENGINE_EXAMPLES)
def test_table_modifiers_declared_for_units_agree_with_the_engine(
    where: dict[str, str], attacked: str
) -> None:
    """Declared on their menus: dug in for the defender, a forced march for one attacker."""
    the_game, boards, combat = _declared_river()
    position = placed(the_game, where)
    attackers = [p for p in position.pieces if p.location != attacked]
    defender = next(p for p in position.pieces if p.location == attacked)
    for declared in (
        {"dug-in": (defender.id,)},
        {"forced-march": (attackers[0].id,)},
        {"dug-in": (defender.id,), "forced-march": tuple(p.id for p in attackers)},
    ):
        for roll in (1, 6):
            _check_table(the_game, boards, combat, position, attacked, attackers, declared, roll)


def test_the_declarations_are_buttons_set_back_after_the_combat() -> None:
    """One toolbar button per declaration, not declared until a player says so; the combat
    sets each back once its marks are cleared."""
    the_game, _, combat = _declared_river()
    assert [(c.button, c.values) for c in combat.choices] == [
        ("Defending dug in", ("not declared", "declared")),
        ("Attacking after a forced march", ("not declared", "declared")),
    ]
    properties = dict(combat.module_properties)
    assert [properties[c.name] for c in combat.choices] == ["not declared"] * 2
    resets = [t.type for t in combat.prototype if t.type.startswith("setprop;CombatDeclared")]
    assert len(resets) == 2 and all("not declared" in t for t in resets), resets


# -- Fatal Alliances ---------------------------------------------------------------------------


@functools.cache
def _fatal_alliances() -> tuple[Game, list[Board], ModuleCombat]:
    the_game = game_of("fatal-alliances")
    with Workers(the_game) as workers:
        places = draw_artwork(the_game, workers, counters=False)
    boards = game_boards(the_game, places, dpi=the_game.print.dpi)
    combat = module_combat(the_game, boards)
    assert combat is not None
    return the_game, boards, combat


@pytest.mark.parametrize(
    "declared",
    [{}, {"trench": ()}, {"trench": ("fr-inf-1914/1",)}],
    ids=["open", "trench", "one-corps"],
)
def test_fatal_alliances_trench_agrees_with_the_engine(
    declared: dict[str, tuple[str, ...]],
) -> None:
    """21.6: declared, each defending corps in a trench is -1 on the roll: two French corps,
    -2 (the engine's example); declared for one corps on its menu, -1; in French in the chat,
    the call naming the corps."""
    the_game, boards, combat = _fatal_alliances()
    attackers = [("ge-inf-1914/1", "front"), ("ge-inf-1914/2", "front")]
    defenders = [("fr-inf-1914/1", "front"), ("fr-inf-1914/2", "front")]
    situation, rule, engagement = battle(
        the_game, "europe:W3020", attackers, defenders, declared=declared
    )
    position = situation.position
    odds = table_odds(situation, rule, engagement, the_game.chart("land-combat"))
    units = declared.get("trench")
    assert odds.roll_modifier == (0 if units is None else -1 if units else -2)
    defender = engagement.defenders[0]
    roles = {p.id: "attacker" for p in engagement.attackers} | {defender.id: "defender"}
    table = _Table(the_game, boards, combat, position, roles, 10)
    table.module |= declaring(combat, the_game, [d for d, named in declared.items() if not named])
    table.marks |= marking(combat, the_game, declared)
    scope = table.scopes[position.pieces.index(defender)]
    assert evaluate(combat.expressions["CombatRollModifier"], scope) == odds.roll_modifier
    assert evaluate(combat.expressions["CombatColumn"], scope) == odds.column
    account = str(evaluate(combat.messages[1], scope))
    said = "Corps en défense dans une tranchée (FA 21.6)\u00a0: -1 au jet de dé"
    assert (said in account) == (units is not None), account
    corps = the_game.counter("fr-inf-1914").name
    names = unit_property(combat, the_game, "trench").replace("CombatFor", "CombatForNames")
    gathered = f", {corps}" if units else ""
    table.module |= {"CombatFrom": ", W3020", "CombatBy": "Empires centraux", names: gathered}
    call = str(evaluate(combat.messages[0], scope))
    parsed = parse_combat_call(call)
    named = (corps,) if units else ()
    reason = "Corps en défense dans une tranchée"
    assert parsed is not None and parsed.declared == (
        () if units is None else ((reason, named),)
    ), call
    assert declared_by_id(rule, parsed.declared) == (() if units is None else (("trench", named),))


# -- real VASSAL --------------------------------------------------------------------------------

BARRAGE_RULES = battle_rules(
    {
        "id": "barrage",
        "cite": "7.6",
        "text": "A barrage fired before the attack",
        "side": "attacker",
        "declared": True,
        "roll": 1,
    },
)


@pytest.mark.parametrize("declared", ["button", "menu", "none"])
def test_vassal_applies_a_declared_barrage(tmp_path: Path, declared: str) -> None:
    """The barrage declared on its toolbar button: two British infantry attacking two German
    infantry in France hit on 2, not 1, as the engine says for the combat declared so; the
    call names the barrage, the account says it with its rule, the log checker reads the
    declaration back, and the button is set back once the combat is written. Declared from
    one unit's menu, that unit alone hits on 2 and the call names it; not declared, none of
    it."""
    the_game = area_battle_game(tmp_path, BARRAGE_RULES)
    attackers = [Piece(f"uk-infantry/{n}", "uk-infantry", "europe:france", "front", "uk", 1)
                 for n in (1, 2)]  # fmt: skip
    defenders = [Piece(f"ge-infantry/{n}", "ge-infantry", "europe:france", "front", "ge", 1)
                 for n in (1, 2)]  # fmt: skip
    position = Position(pieces=(*defenders, *attackers))
    with Workers(the_game) as workers:
        artwork = rasterise(draw_artwork(the_game, workers), the_game.print.dpi, workers)
    module = tmp_path / "barrage.vmod"
    module.write_bytes(compile_module(the_game, artwork).vmod)
    save = tmp_path / "barrage.vsav"
    save.write_bytes(position_save(the_game, artwork, position))
    keys = [key("A", CTRL_SHIFT), key("E", CTRL_SHIFT)]
    setting = f"CombatDeclared0={'declared' if declared == 'button' else 'not declared'}"
    args = [str(module), str(save), *keys, "id:uk-infantry", "France", "1", setting]
    if declared == "menu":  # the first declaration's command on a British infantry's menu
        args.append(f"id:uk-infantry={key('1', CTRL_SHIFT)}")

    stdout = run_probe(PROBE, args, module, tmp_path).stdout

    lines = [_LINE.match(line) for line in stdout.splitlines()]
    chat = [re.sub(r"\\(.)", r"\1", m.group(1)) for m in lines if m]
    situation = Situation(the_game, position)
    rule = next(r for r in the_game.rules if isinstance(r, CombatRule))
    name = the_game.counter("uk-infantry").name
    on = {"button": {"barrage": ()}, "menu": {"barrage": ("uk-infantry/1",)}}.get(declared, {})
    engagement = engage(situation, rule, "europe:france", attackers, declared=on)
    plan = fire_plan(situation, rule, engagement)
    dice = {"button": "2d6 hitting on 2", "menu": "1d6 hitting on 1 or less, 1d6 hitting on 2"}
    account = next((line for line in chat if "Attacker rolls" in line), str(chat))
    assert f"Attacker rolls {dice.get(declared, '2d6 hitting on 1')} or less;" in account, account
    assert sorted(g.target for g in plan.of("attacker") for _ in range(g.dice)) == (
        [2, 2] if declared == "button" else [1, 2] if declared == "menu" else [1, 1]
    )
    barrage = "A barrage fired before the attack (7.6): +1 to the roll"
    assert (barrage in account) == (declared != "none"), account
    calls = [c for c in map(parse_combat_call, chat) if c is not None]
    named = {"button": (), "menu": (name,)}
    expected = (("A barrage fired before the attack", named[declared]),) if on else ()
    assert len(calls) == 1 and calls[0].declared == expected, chat
    rolls = [r for r in map(parse_dice_report, chat) if r is not None]
    assert [len(r.dice) for r in rolls] == [1] * 4, chat
    outcome = fire_outcome(rule, plan, _by_group(plan, [r.dice[0] for r in rolls]))
    hits = (outcome.defender.losses, outcome.attacker.losses)
    played, problems = played_combats(the_game, [position, position], [tuple(chat)])
    assert problems == [] and len(played) == 1, problems
    for violation in check_played_combat(the_game, played[0]):  # the hits are not taken here
        assert f"score {hits[0]} hit(s) and take {hits[1]}" in violation.message, violation
    after = re.findall(r'^SETTING name="CombatDeclared0" value="(.*)"$', stdout, re.MULTILINE)
    assert after == ["not declared"], stdout[-2000:]
    marks = re.findall(r'^AFTER .* for="(.*)" role=', stdout, re.MULTILINE)
    assert len(marks) == 4 and set(marks) == {""}, marks  # every unit's declaration taken back
