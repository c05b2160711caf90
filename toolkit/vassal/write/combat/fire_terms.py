"""What a dice combat's units and modifiers are, as properties of the pieces and the module
and conditions the defender picks units by: each unit's steps, targets and fire group; the
weather the players set; the terms a modifier holds on (the place, the weather, the crossings,
the other side's units); whether the defender fires first."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from toolkit.model.counter import Counter
from toolkit.model.position import Position
from toolkit.model.queries import location_neighbours
from toolkit.model.rules import CombatModifier, CombatSide, SelectorIndex
from toolkit.rules.combat.engagement import SIDES, crosses, modifier_places
from toolkit.rules.context import Situation
from toolkit.vassal.format.expressions import all_of, any_of
from toolkit.vassal.write.combat.fire_sheet import (
    FIRST,
    GROUP,
    LETTER,
    STAGE,
    STEP,
    TARGET,
    WEATHER,
    FireSheet,
    by_face,
)
from toolkit.vassal.write.combat.marks import (
    AS_TEXT,
    SEPARATOR,
    ModuleChoice,
    combat_condition,
    face_value,
    picks,
    unit_faces,
)

# -- units --------------------------------------------------------------------------------------


def unit_steps(sheet: FireSheet, covered: Sequence[Counter]) -> None:
    """Each unit's steps as its property ``CombatStep``, for dice per step."""
    if sheet.fire.per != "step":
        return
    sheet.props[STEP] = "0"
    for counter in covered:
        values = [
            counter.steps if face.conceals else face.step  # type: ignore[attr-defined]
            for face in unit_faces(counter)
        ]
        sheet.counters.setdefault(counter.id, {})[STEP] = by_face(values)


def unit_targets(sheet: FireSheet, side: CombatSide, covered: Sequence[Counter]) -> list[int]:
    """The targets the side's units may have, each unit's as its property."""
    name = sheet.fire.attack if side == "attacker" else sheet.fire.defence
    prop = f"{TARGET}{LETTER[side]}"
    if isinstance(name, int):
        sheet.props[prop] = str(name)
        return [name]
    sheet.props[prop] = "0"
    found = {0}
    for counter in covered:
        values = [int(face_value(counter, f, name)) for f in unit_faces(counter)]
        found |= set(values)
        sheet.counters.setdefault(counter.id, {})[prop] = by_face(values)
    return sorted(found)


def fire_groups(sheet: FireSheet, covered: Sequence[Counter]) -> int:
    """Each unit's fire group as its property ``CombatGroup`` (1, 2…), for dice halved
    group by group (Europe Engulfed 1.12: armour and infantry apart); how many there are."""
    names: dict[str, int] = {}
    for counter in covered:
        value = counter.properties.get(sheet.fire.group) if sheet.fire.group else None
        name = str(value if value is not None else counter.class_)
        number = names.setdefault(name, len(names) + 1)
        sheet.counters.setdefault(counter.id, {})[GROUP] = str(number)
    sheet.props[GROUP] = "0"
    return len(names)


def weather_choices(sheet: FireSheet, active: Sequence[CombatModifier]) -> None:
    """The weather the players set, one toolbar button per weather zone of the map (the
    places' ``weather_zone``; one for the whole game without zones), and the defender's
    ``CombatWeather``: the weather of its zone."""
    if not any(m.weather or m.not_weather for m in active):
        return
    say = sheet.say
    values = [say("module.weather.clear")]
    for m in sheet.rule.modifiers:
        for word in sorted(m.weather | m.not_weather):
            if weather_words(word) not in values:
                values.append(weather_words(word))
    zones: dict[str, list[str]] = {}
    for key, place in sheet.game.locations.items():
        zone = place.properties.get("weather_zone")
        if isinstance(zone, str) and zone:
            zones.setdefault(zone, []).append(key)
    if not zones:
        _weather_choice(sheet, "Weather", None, values)
        sheet.exprs[WEATHER] = "Weather"
        return
    expression = '""'
    named = {z: "Weather" + "".join(p.title() for p in re.split(r"\W+", z)) for z in zones}
    for zone in sorted(zones):
        _weather_choice(sheet, named[zone], zone, values)
    for zone in sorted(zones, reverse=True):
        places = f"{named[zone]}Places"
        sheet.props[places] = sheet.place_list(frozenset(zones[zone]))
        here = f'{places}.contains("{SEPARATOR}" + LocationName + "{SEPARATOR}")'
        expression = f"If({all_of([AS_TEXT, here])}, {named[zone]}, {expression})"
    sheet.exprs[WEATHER] = expression


def _weather_choice(sheet: FireSheet, name: str, zone: str | None, values: Sequence[str]) -> None:
    say, shown = sheet.say, weather_words(zone or "")
    single = "" if zone else ".single"
    sheet.props[name] = values[0]
    sheet.choices.append(
        ModuleChoice(
            name,
            say(f"module.weather.button{single}", zone=shown),
            say("module.weather.tooltip"),
            say(f"module.weather.prompt{single}", zone=shown),
            say(f"module.weather.report{single}", zone=shown),
            tuple(values),
        )
    )


# -- terms on the place, the crossings and the other side ---------------------------------------


def modifier_conditions(
    sheet: FireSheet,
    active: Sequence[CombatModifier],
    selectors: Mapping[int, str],
    covered: Sequence[Counter],
    index: SelectorIndex,
) -> dict[int, str]:
    """Modifier → the condition a unit meets when the modifier applies to it, in a
    ``Count`` the defender evaluates: its counter, its crossing, and the defender's
    ``CombatHolds<n>`` for the terms on the whole combat."""
    start = Position.from_setup(sheet.game, sheet.game.setups[0]) if sheet.game.setups else None
    situation = Situation(sheet.game, start or Position())
    found = {}
    for n, m in enumerate(active):
        whole = []
        if m.terrain or m.where is not None:
            name = f"CombatPlaces{n}"
            sheet.props[name] = sheet.place_list(modifier_places(situation, m))
            here = f'{name}.contains("{SEPARATOR}" + LocationName + "{SEPARATOR}")'
            whole.append(all_of([AS_TEXT, here]))
        if m.weather:
            name = f"CombatWeathers{n}"
            sheet.props[name] = _words_list(m.weather)
            whole.append(f'{name}.contains("{SEPARATOR}" + {WEATHER} + "{SEPARATOR}")')
        if m.not_weather:
            name = f"CombatNotWeathers{n}"
            sheet.props[name] = _words_list(m.not_weather)
            whole.append(f'!({name}.contains("{SEPARATOR}" + {WEATHER} + "{SEPARATOR}"))')
        crossing = ""
        if m.across:
            name = f"CombatCross{n}"
            sheet.props[name] = crossing_list(sheet, situation, m.across)
            crossing = _crossing_test(name)
            if m.side == "defender" or m.across_all:
                attackers = combat_condition("attacker")
                every = f"Count({picks(attackers)})"
                crossed = f"Count({picks(all_of([attackers, crossing]))})"
                all_cross = all_of([f"{every} > 0", f"{crossed} == {every}"])
                whole.append(all_cross if m.across_all else f"{crossed} > 0")
        if m.unless_enemy is not None:
            enemy = sheet.selector(f"CombatEnemy{n}", m.unless_enemy, covered, index)
            other: CombatSide = "defender" if m.side == "attacker" else "attacker"
            whole.append(f"Count({picks(all_of([combat_condition(other), enemy]))}) == 0")
        parts = [selectors[id(m)]]
        if id(m) in sheet.declared.holds:  # declared for the unit, or for the whole combat
            parts.append(sheet.declared.holds[id(m)])
        if whole:
            sheet.exprs[f"CombatHolds{n}"] = f"If({all_of(whole)}, 1, 0)"
            parts.append(f"$CombatHolds{n}$ == 1")
        if crossing and m.side == "attacker":
            parts.append(crossing)
        found[id(m)] = all_of(parts)
        tests = [
            f"Count({picks(all_of([combat_condition(side), found[id(m)]]))}) > 0"
            for side in SIDES
            if m.affects(side)
        ]
        sheet.applies.append((m, any_of(tests)))
    return found


def crossing_list(sheet: FireSheet, situation: Situation, types: frozenset[str]) -> str:
    """'|from>to|…|': every attack from one place into the next across these hexsides or
    borders, as the engine judges a crossing."""
    game, found = sheet.game, []
    for start in game.locations:
        for other in location_neighbours(game, start):
            if start in sheet.names and other in sheet.names:
                if crosses(situation, start, other, types):
                    found.append(f"{sheet.names[start]}>{sheet.names[other]}")
    return SEPARATOR + SEPARATOR.join(sorted(found)) + SEPARATOR


def fires_first(
    sheet: FireSheet, active: Sequence[CombatModifier], conditions: Mapping[int, str]
) -> bool:
    """Whether the defender may fire first: always (the rule's order) or when a modifier
    says so (``CombatFirst`` on the defender)."""
    if sheet.fire.order == "defender-first":
        sheet.exprs[FIRST] = "1"
    else:
        tests = [
            f"Count({picks(all_of([combat_condition(side), conditions[id(m)]]))}) > 0"
            for m in active
            if m.first == "defender"
            for side in SIDES
            if m.affects(side)
        ]
        if not tests:
            return False
        sheet.exprs[FIRST] = f"If({any_of(tests)}, 1, 0)"
    sheet.props[STAGE] = "0"
    return True


def weather_words(word: str) -> str:
    """A weather as players read it on the toolbar: 'light-mud' → 'Light Mud'."""
    return " ".join(part.capitalize() for part in word.split("-") if part)


def _words_list(weathers: frozenset[str]) -> str:
    """'|Mud|Snow|': weathers as the toolbar button sets them."""
    return SEPARATOR + SEPARATOR.join(sorted(weather_words(w) for w in weathers)) + SEPARATOR


def _crossing_test(name: str) -> str:
    """True for an attacking unit that crosses one of the list's hexsides to attack: from
    its place, or from where it came when it has moved into the defender's place."""
    inside = all_of(
        [
            'LocationName.startsWith("$LocationName$")',
            'LocationName.length() == "$LocationName$".length()',
        ]
    )
    origin = f"If({inside}, OldLocationName, LocationName)"
    attack = f'{name}.contains("{SEPARATOR}" + {origin} + ">$LocationName${SEPARATOR}")'
    return all_of([AS_TEXT, "OldLocationName.length() >= 0", attack])
