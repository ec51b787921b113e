"""Dragon Battle (HABA's Drachenschreck): push-your-luck colour dice.

The engine (:class:`DragonBattle`, :class:`DragonBattleState`), its rules table with provenance
labels (:data:`RULES`), the rule options (:data:`OPTIONS`) and variants (:data:`VARIANTS`).
"""

from ..core import register
from .engine import NAME, DragonBattle, DragonBattleState, placements, roll_outcomes
from .rules import (
    ASSUMED,
    COLOURS,
    FACE_LETTERS,
    FACES,
    INFERRED,
    OPTIONS,
    RULEBOOK,
    RULES,
    SOURCED,
    VARIANTS,
    DragonBattleRules,
    Resident,
    Value,
)

register(NAME, DragonBattle)

__all__ = [
    "ASSUMED",
    "COLOURS",
    "FACES",
    "FACE_LETTERS",
    "INFERRED",
    "NAME",
    "OPTIONS",
    "RULEBOOK",
    "RULES",
    "SOURCED",
    "VARIANTS",
    "DragonBattle",
    "DragonBattleRules",
    "DragonBattleState",
    "Resident",
    "Value",
    "placements",
    "roll_outcomes",
]
