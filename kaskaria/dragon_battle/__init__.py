"""Dragon Battle (HABA's Drachenschreck): push-your-luck colour dice.

The engine (:class:`DragonBattle`, :class:`DragonBattleState`), its rules table with provenance
labels (:data:`RULES`), the rule options (:data:`OPTIONS`) and variants (:data:`VARIANTS`).
"""

from ..core import register
from .bots import BOT_NAMES, make_bot
from .engine import NAME, DragonBattle, DragonBattleState, placements, roll_outcomes
from .odds import (
    POLICY_NAMES,
    Advice,
    Choice,
    TurnDistribution,
    TurnPolicy,
    advise,
    advise_turn,
    expected_stars,
    fail_chance,
    make_policy,
    optimal_rule_text,
    optimal_turn_value,
    rule_says_roll,
    turn_distribution,
    turn_view,
)
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
from .simulate import TurnSample, simulate_turns

register(NAME, DragonBattle)

__all__ = [
    "BOT_NAMES",
    "POLICY_NAMES",
    "Advice",
    "Choice",
    "TurnDistribution",
    "TurnPolicy",
    "TurnSample",
    "advise",
    "advise_turn",
    "expected_stars",
    "fail_chance",
    "make_bot",
    "make_policy",
    "optimal_rule_text",
    "optimal_turn_value",
    "rule_says_roll",
    "simulate_turns",
    "turn_distribution",
    "turn_view",
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
