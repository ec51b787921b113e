"""Dragon's Gold (Bruno Faidutti; White Goblin Games 2011): adventurers kill dragons together and
must then agree how to share the treasure.

The engine (:class:`DragonsGold`, :class:`DragonsGoldState`), its rules table with provenance
labels (:data:`RULES`), the rule options (:data:`OPTION_TABLE`) and variants (:data:`VARIANTS`);
fair division and expected values (:mod:`.fairness`), bots (:mod:`.bots`) and the presenter of the
table widget (:mod:`.present`), imported on first use so that ``import kaskaria`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

from .engine import GAME_TYPE, NAME, DragonsGold, DragonsGoldState, score_table
from .rules import (
    ADVENTURERS,
    COLOURS,
    GEMS,
    ITEM_KINDS,
    OPTION_TABLE,
    RULES,
    VARIANTS,
    DragonCard,
    DragonsGoldRules,
    ItemKind,
)


def __getattr__(name: str) -> Any:
    if name in ("fairness", "bots", "present", "messages", "positions"):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def setup(
    players: int = 4,
    variant: str = "basic",
    seed: int | None = None,
    *,
    options: dict[str, Any] | None = None,
    **what: Any,
) -> Any:
    """A :class:`kaskaria.Match` that starts at a Dragon's Gold position set up from what matters:
    ``kaskaria.setup("dragons-gold", ...)`` (see :func:`kaskaria.dragons_gold.positions.setup_state` for the
    words ``what`` may name, and ``docs/positions.md``)."""
    from ..match import setup as _setup

    return _setup(NAME, players, variant, seed, options=options, **what)


__all__ = [
    "setup",
    "ADVENTURERS",
    "COLOURS",
    "GAME_TYPE",
    "GEMS",
    "ITEM_KINDS",
    "NAME",
    "OPTION_TABLE",
    "RULES",
    "VARIANTS",
    "DragonCard",
    "DragonsGold",
    "DragonsGoldRules",
    "DragonsGoldState",
    "ItemKind",
    "score_table",
]
