"""The class tally of Dragon Battle: every roll at the class's tables, the failed ones, and the
failures the exact chances expect (each roll's chance of failing, added up), next to the counts a
class types from real dice (two dice, the red dragon scared: fails 1 in 9)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..present import Tally
from .odds import fail_chance

__all__ = ["ROLLS", "RollTally"]


class RollTally(Tally):
    """A roll is an event; it fails when the turn ends with it (no die could be set aside)."""

    typed_chance = fail_chance(2, 1)

    def count(self, before: Any, action: Any, after: Any) -> tuple[int, int, Fraction]:
        if before.phase != "rolling" or not action.args:  # not a roll's result
            return 0, 0, Fraction(0)
        scared = sum(1 for d in before.on_dragon if d)
        return 1, int(after.turns > before.turns), fail_chance(before.hand, scared)


ROLLS = RollTally()
