"""What a combat's result does to each side, and how a results table's cells read."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from toolkit.model.odds import parse_cell_part
from toolkit.model.rules import CombatRule, CombatSide, Loss, ResultCode
from toolkit.rules.combat.engagement import SIDES


@dataclass(frozen=True, slots=True)
class SideResult:
    """What a result does to one side."""

    eliminated: bool = False
    retreat: bool = False
    shatter: bool = False
    losses: Fraction = Fraction(0)
    """Units or steps lost (see :attr:`Outcome.unit`)."""
    exchange: bool = False
    """The attacker of an exchange: it loses units too (as many as the rules say)."""
    notes: tuple[str, ...] = ()

    @property
    def quiet(self) -> bool:
        """True when nothing happens to the side that a position can show."""
        return not (self.eliminated or self.retreat or self.shatter or self.losses or self.exchange)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a combat's roll, for each side."""

    text: str
    """As the table prints it ('DR', '0.5/1R'), or the hits in words."""
    attacker: SideResult
    defender: SideResult
    unit: Loss = "units"
    roll: int | None = None
    """The modified roll a table was read with."""
    cites: tuple[str, ...] = ()

    def side(self, side: CombatSide) -> SideResult:
        """The result for one side."""
        return self.attacker if side == "attacker" else self.defender


def read_cell(rule: CombatRule, text: str) -> tuple[SideResult, SideResult, tuple[str, ...]]:
    """A results cell read as what happens to the attacker and to the defender.

    :raises ValueError: a code the rule does not explain, or a code that strikes no side.
    """
    results = rule.results
    codes = frozenset(results.codes)
    parts = text.split(results.split) if results.split else [text]
    found: dict[CombatSide, _Tally] = {"attacker": _Tally(), "defender": _Tally()}
    cites: list[str] = []
    for position, raw in enumerate(parts[:2]):
        part_side: CombatSide | None = None
        if results.split:
            part_side = SIDES[position]
        parsed = parse_cell_part(raw, codes, results.none)
        if parsed.number is not None:
            if part_side is None:
                raise ValueError(f"result {text!r}: a number with no side to strike")
            found[part_side].losses += parsed.number
        for code in parsed.codes:
            meaning = results.codes[code]
            _apply_code(found, meaning, meaning.side or part_side, text)
            if meaning.cite and meaning.cite not in cites:
                cites.append(meaning.cite)
    return found["attacker"].result(), found["defender"].result(), tuple(cites)


@dataclass
class _Tally:
    eliminated: bool = False
    retreat: bool = False
    shatter: bool = False
    exchange: bool = False
    losses: Fraction = field(default_factory=Fraction)
    notes: list[str] = field(default_factory=list)

    def result(self) -> SideResult:
        return SideResult(
            self.eliminated,
            self.retreat,
            self.shatter,
            self.losses,
            self.exchange,
            tuple(self.notes),
        )


def _apply_code(
    found: dict[CombatSide, _Tally], meaning: ResultCode, side: CombatSide | None, text: str
) -> None:
    if meaning.effect == "exchange":
        found["defender"].eliminated = True
        found["attacker"].exchange = True
        return
    if side is None:
        raise ValueError(f"result {text!r}: code {meaning.code!r} names no side it strikes")
    tally = found[side]
    if meaning.effect == "eliminated":
        tally.eliminated = True
    elif meaning.effect == "retreat":
        tally.retreat = True
    elif meaning.effect == "shatter":
        tally.shatter = True
    elif meaning.effect in ("units", "steps"):
        tally.losses += meaning.count
    elif meaning.text:
        tally.notes.append(meaning.text)
