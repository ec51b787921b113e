"""Dragon Battle (HABA's Drachenschreck): push-your-luck colour dice.

The engine (:class:`DragonBattle`, :class:`DragonBattleState`), its rules table with provenance
labels (:data:`RULES`), the rule options (:data:`OPTIONS`) and variants (:data:`VARIANTS`); the
turn model shared by everything (:mod:`.turn`), exact odds (:mod:`.odds`), bots (:mod:`.bots`),
the vectorised simulators (:mod:`.simulate`: turns in :mod:`.turn_sim`, whole games in
:mod:`.game_sim`) and the presenter of the table widget
(:mod:`.present`). The odds, bots and simulator are imported on first use, so that
``import kaskaria`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

from .engine import GAME_TYPE, NAME, DragonBattle, DragonBattleState, placements, roll_outcomes
from .rules import (
    ASSUMED,
    COLOURS,
    FACE_LETTERS,
    FACES,
    INFERRED,
    OPTION_TABLE,
    OPTIONS,
    RULEBOOK,
    RULES,
    SOURCED,
    VARIANTS,
    DragonBattleRules,
    Resident,
    Value,
)

# name -> module that defines it (imported when the name is first used)
_LAZY = {
    **{
        name: "odds"
        for name in (
            "POLICY_NAMES",
            "Advice",
            "Choice",
            "TurnDistribution",
            "TurnPolicy",
            "advise",
            "advise_turn",
            "expected_stars",
            "fail_chance",
            "make_policy",
            "optimal_rule_text",
            "optimal_turn_value",
            "rule_says_roll",
            "turn_distribution",
            "turn_view",
        )
    },
    "BOT_NAMES": "bots",
    "make_bot": "bots",
    "TurnSample": "turn_sim",
    "simulate_turns": "turn_sim",
    "GameSample": "game_sim",
    "simulate_games": "game_sim",
    "simulate_tournament": "game_sim",
}


_SUBMODULES = (
    "odds",
    "bots",
    "simulate",
    "turn_sim",
    "game_sim",
    "present",
    "render",
    "turn",
    "messages",
    "positions",
)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        if name in _SUBMODULES:
            return importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


def setup(
    players: int = 2,
    variant: str = "basic",
    seed: int | None = None,
    *,
    options: dict[str, Any] | None = None,
    **what: Any,
) -> Any:
    """A :class:`kaskaria.Match` that starts at a Dragon Battle position set up from what matters:
    ``kaskaria.setup("dragon-battle", ...)`` (see :func:`kaskaria.dragon_battle.positions.setup_state` for the
    words ``what`` may name, and ``docs/positions.md``)."""
    from ..match import setup as _setup

    return _setup(NAME, players, variant, seed, options=options, **what)


__all__ = [
    "setup",
    "BOT_NAMES",
    "GAME_TYPE",
    "POLICY_NAMES",
    "Advice",
    "Choice",
    "TurnDistribution",
    "TurnPolicy",
    "TurnSample",
    "GameSample",
    "advise",
    "advise_turn",
    "expected_stars",
    "fail_chance",
    "make_bot",
    "make_policy",
    "optimal_rule_text",
    "optimal_turn_value",
    "rule_says_roll",
    "simulate_games",
    "simulate_tournament",
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
    "OPTION_TABLE",
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
