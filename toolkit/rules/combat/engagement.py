"""A combat as declared (who attacks, where, what is declared) and the modifiers that apply to
it, each with its reason and rule number: what every way of resolving a combat starts from."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from toolkit.catalogue import ENGLISH, Words
from toolkit.model.base import empty
from toolkit.model.game import CombatEffect
from toolkit.model.position import Piece, PieceId
from toolkit.model.queries import location_border_type, location_hexsides
from toolkit.model.rules import CombatModifier, CombatRule, CombatSide, PieceSelector
from toolkit.rules.context import Situation
from toolkit.rules.movement import weather_at

SIDES: tuple[CombatSide, CombatSide] = ("attacker", "defender")


def other_side(side: CombatSide) -> CombatSide:
    """The attacker's opponent is the defender, and the other way round."""
    return "defender" if side == "attacker" else "attacker"


@dataclass(frozen=True, slots=True)
class Engagement:
    """A combat as the players declare it: who attacks, where, and what they declare."""

    location: str
    """The defender's location (or the contested space, in an area game)."""
    attackers: tuple[Piece, ...]
    defenders: tuple[Piece, ...]
    origins: Mapping[PieceId, str] = empty()
    """Where each attacking unit attacks from, when not its own location (an area game's unit
    that entered the space across a river)."""
    declared: Mapping[str, tuple[PieceId, ...]] = empty()
    """Modifiers the players declare → the units they are for (empty: the whole side)."""
    column: str | None = None
    """The chart column the attacker picks, on a table whose odds modify the roll."""

    def side(self, side: CombatSide) -> tuple[Piece, ...]:
        """The attacking or the defending units."""
        return self.attackers if side == "attacker" else self.defenders

    def origin(self, piece: Piece) -> str:
        """Where an attacking unit attacks from."""
        return self.origins.get(piece.id, piece.location or "")


def engage(
    situation: Situation,
    rule: CombatRule,
    location: str,
    attackers: Iterable[Piece],
    *,
    origins: Mapping[PieceId, str] | None = None,
    declared: Mapping[str, tuple[PieceId, ...]] | None = None,
    column: str | None = None,
) -> Engagement:
    """The combat of ``attackers`` against every enemy unit the rule covers at ``location``.

    :raises ValueError: no attacking unit, or none the rule covers.
    """
    fighting = tuple(p for p in attackers if _fights(situation, rule, p))
    if not fighting:
        raise ValueError(f"no unit that fights under rule {rule.id!r} attacks {location}")
    side = situation.side_of(fighting[0])
    defenders = tuple(
        p
        for p in situation.position.pieces_at(location)
        if situation.side_of(p) not in (side, None) and _fights(situation, rule, p)
    )
    return Engagement(location, fighting, defenders, origins or {}, declared or {}, column)


def _fights(situation: Situation, rule: CombatRule, piece: Piece) -> bool:
    return rule.pieces.matches(situation.counter(piece), situation.index, piece.owner)


def combat_rule_at(situation: Situation, location: str) -> CombatRule | None:
    """The first combat rule that applies at a location (land combat, naval combat…)."""
    place = situation.game.locations.get(location)
    for rule in situation.game.rules:
        if isinstance(rule, CombatRule) and place is not None:
            if rule.where.matches(place, situation.index, situation.controller(location)):
                return rule
    return None


# -- modifiers ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Applied:
    """A modifier applied to a combat: what it did, why, and the rule that says so."""

    reason: str
    cite: str
    side: CombatSide | Literal["both"]
    effect: str
    """In words: '-1 column', '+1 to the roll', 'strength ×1/2', 'fires first'."""
    pieces: tuple[PieceId, ...] = ()
    """The units it applied to (empty: the side, or the roll, as a whole)."""


def value_of(situation: Situation, piece: Piece, name: str | int) -> Fraction:
    """A unit's number on the face it shows (a fixed number is itself); 0 when the face
    prints none, or prints a mark that is not a number."""
    if isinstance(name, int):
        return Fraction(name)
    counter = situation.counter(piece)
    try:
        raw = counter.face(piece.face).values.get(name)
    except ValueError:
        raw = None
    if raw is None:
        raw = counter.properties.get(name)
    return printed_number(raw)


def printed_number(raw: object) -> Fraction:
    """A number as a counter prints it ('1,5' in French, '1.5', 2); 0 for none, or for a mark
    that is not a number."""
    try:
        return Fraction(str(raw).replace(",", ".")) if raw is not None else Fraction(0)
    except ValueError:
        return Fraction(0)


def crosses(situation: Situation, start: str, location: str, types: frozenset[str]) -> bool:
    """True when attacking from ``start`` into ``location`` crosses a hexside or border of one
    of these types."""
    if not types or not start or start == location:
        return False
    game = situation.game
    if start not in game.locations or location not in game.locations:
        return False
    if any(side.type in types for side in location_hexsides(game, start, location)):
        return True
    return location_border_type(game, start, location) in types


def _location_terms(situation: Situation, modifier: CombatModifier, engagement: Engagement) -> bool:
    """The modifier's conditions on the place, the weather, the declarations and the
    crossing of the whole attack hold."""
    place = situation.game.locations.get(engagement.location)
    if modifier.terrain and (place is None or place.terrain not in modifier.terrain):
        return False
    if modifier.where is not None:
        controller = situation.controller(engagement.location)
        if place is None or not modifier.where.matches(place, situation.index, controller):
            return False
    weather = weather_at(situation, engagement.location)
    if modifier.weather and weather not in modifier.weather:
        return False
    if weather is not None and weather in modifier.not_weather:
        return False
    if modifier.declared and modifier.id not in engagement.declared:
        return False
    if modifier.across and (modifier.side == "defender" or modifier.across_all):
        crossing = [
            crosses(situation, engagement.origin(p), engagement.location, modifier.across)
            for p in engagement.attackers
        ]
        return all(crossing) if modifier.across_all else any(crossing)
    return True


def modifier_places(situation: Situation, modifier: CombatModifier) -> frozenset[str]:
    """Every location where a modifier's terms on the defender's place hold (its terrain and
    ``where``): what a module hands VASSAL as a list of location names, as it does for the
    rules warnings. Hexsides, weather and units are judged apart."""
    found = set()
    for key, place in situation.game.locations.items():
        if modifier.terrain and place.terrain not in modifier.terrain:
            continue
        if modifier.where is not None:
            controller = situation.controller(key)
            if not modifier.where.matches(place, situation.index, controller):
                continue
        found.add(key)
    return frozenset(found)


def _picks(situation: Situation, selector: PieceSelector, piece: Piece) -> bool:
    return selector.matches(situation.counter(piece), situation.index, piece.owner)


def modified_units(
    situation: Situation,
    modifier: CombatModifier,
    engagement: Engagement,
    ranked: Mapping[CombatSide, str | int] = empty(),
) -> tuple[Piece, ...] | None:
    """The units a modifier applies to, of its side or both; None when it does not apply at
    all (one that applies to a side and names no units applies to all of them).

    When only some of the units it picks may have it (one infantry for each artillery), it
    goes to those with the lowest value ``ranked`` names for their side: the rulebooks leave
    the choice to the player, and the module and the checker need the same one."""
    if not _location_terms(situation, modifier, engagement):
        return None
    units: list[Piece] = []
    for side in SIDES:
        if modifier.affects(side):
            units += _side_units(situation, modifier, engagement, side, ranked.get(side))
    named = modifier.declared and engagement.declared.get(modifier.id)
    selective = modifier.pieces or modifier.across or modifier.supported_by or named
    if not units and (selective or modifier.unless_enemy or modifier.side == "both"):
        return None
    return tuple(units)


def _side_units(
    situation: Situation,
    modifier: CombatModifier,
    engagement: Engagement,
    side: CombatSide,
    ranked: str | int | None = None,
) -> list[Piece]:
    """The units of one side a modifier applies to."""
    if modifier.unless_enemy is not None:
        enemy = engagement.side(other_side(side))
        if any(_picks(situation, modifier.unless_enemy, p) for p in enemy):
            return []
    units = [
        p
        for p in engagement.side(side)
        if modifier.pieces is None or _picks(situation, modifier.pieces, p)
    ]
    if modifier.across and side == "attacker" and modifier.side != "defender":
        location = engagement.location
        units = [
            p for p in units if crosses(situation, engagement.origin(p), location, modifier.across)
        ]
    named = engagement.declared.get(modifier.id, ())
    if modifier.declared and named:
        units = [p for p in units if p.id in named]
    if modifier.supported_by is not None:
        selector = modifier.supported_by
        support = sum(1 for p in engagement.side(side) if _picks(situation, selector, p))
        if ranked is not None:
            units.sort(key=lambda p: value_of(situation, p, ranked))
        units = units[:support]
    return units


def effect_words(modifier: CombatModifier, say: Words = ENGLISH) -> str:
    """What a modifier does, as players read it beside its reason ('+1 column, strength ×2'):
    the one wording of the checker's accounts and the module's chat."""
    words = [shift_words(modifier.shift, say)] if modifier.shift else []
    if modifier.roll:
        words.append(say("combat.effect.roll", roll=f"{modifier.roll:+d}"))
    if modifier.strength != 1:
        words.append(say("combat.effect.strength", factor=factor_words(modifier.strength, say)))
    if modifier.dice != 1:
        words.append(say("combat.effect.dice", factor=factor_words(modifier.dice, say)))
    if modifier.first:
        words.append(say(f"combat.effect.first.{modifier.first}"))
    if modifier.absorb:
        plural = "s" if modifier.absorb > 1 else ""
        words.append(say(f"combat.effect.absorb{plural}", count=modifier.absorb))
    return ", ".join(words) or say("combat.effect.none")


def terrain_effect_words(effect: CombatEffect, say: Words = ENGLISH) -> str:
    """What a terrain or hexside type does to a combat ('defence ×2, -1 column')."""
    words = []
    if effect.defence != 1:
        words.append(say("combat.effect.defence", factor=factor_words(effect.defence, say)))
    if effect.shift:
        words.append(shift_words(effect.shift, say))
    return ", ".join(words)


def shift_words(shift: int, say: Words = ENGLISH) -> str:
    """'+1 column', '-2 columns'."""
    plural = "s" if abs(shift) > 1 else ""
    return say(f"combat.effect.column{plural}", shift=f"{shift:+d}")


def factor_words(factor: Fraction | float, say: Words = ENGLISH) -> str:
    """A multiplier as the language writes it: '2', '0.5' ('0,5' in French)."""
    return f"{float(factor):g}".replace(".", say("number.decimal-point"))


def applied_modifiers(
    situation: Situation, rule: CombatRule, engagement: Engagement
) -> list[tuple[CombatModifier, tuple[Piece, ...]]]:
    """Every modifier of the rule that applies, with the units it applies to."""
    found = []
    for modifier in rule.modifiers:
        units = modified_units(situation, modifier, engagement, _ranked(rule))
        if units is not None:
            found.append((modifier, units))
    return found


def _ranked(rule: CombatRule) -> dict[CombatSide, str | int]:
    """The value each side's units count with: their target (dice) or their strength (a
    table)."""
    if rule.fire is not None:
        return {"attacker": rule.fire.attack, "defender": rule.fire.defence}
    if rule.table is not None:
        return {"attacker": rule.table.attack, "defender": rule.table.defence}
    return {}


def describe_applied(modifier: CombatModifier, units: Sequence[Piece]) -> Applied:
    every = modifier.pieces is None and not modifier.across and modifier.supported_by is None
    pieces = () if every and not modifier.declared else tuple(p.id for p in units)
    return Applied(modifier.text, modifier.cite, modifier.side, effect_words(modifier), pieces)
