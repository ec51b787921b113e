"""Heroes of Kaskaria (HABA's Die Helden von Kaskaria): collect sets of one colour, race a griffin
and a cliff runner to the volcano, and rescue the most gold.

The engine (:class:`Heroes`, :class:`HeroesState`, :func:`sample_state`), its rules table with
provenance labels (:data:`RULES`), the rule options (:data:`OPTIONS`) and the variants
(:data:`VARIANTS`). Exact odds (:mod:`.odds`), bots (:mod:`.bots`) and the table's presenter
(:mod:`.present`) are imported on first use, so that ``import kaskaria`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

from .engine import (
    DRAW_PILE,
    GAME_TYPE,
    NAME,
    PASS,
    PLUS2_PILE,
    WATERFALL,
    Heroes,
    HeroesState,
    sample_state,
)
from .pieces import card_word, colour_word
from .rules import (
    ASSUMED,
    COLOURS,
    INFERRED,
    MOTIFS,
    OPTION_TABLE,
    OPTIONS,
    OVERRIDES,
    READINGS,
    RULEBOOK,
    RULES,
    SOURCED,
    VARIANTS,
    HeroesRules,
    Value,
)

_SUBMODULES = ("odds", "bots", "present", "messages", "engine", "rules", "positions")


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def setup(
    players: int = 2,
    variant: str = "basic",
    seed: int | None = None,
    *,
    options: dict[str, Any] | None = None,
    **what: Any,
) -> Any:
    """A :class:`kaskaria.Match` that starts at a Heroes of Kaskaria position set up from what matters:
    ``kaskaria.setup("heroes", ...)`` (see :func:`kaskaria.heroes.positions.setup_state` for the
    words ``what`` may name, and ``docs/positions.md``)."""
    from ..match import setup as _setup

    return _setup(NAME, players, variant, seed, options=options, **what)


__all__ = [
    "setup",
    "ASSUMED",
    "COLOURS",
    "DRAW_PILE",
    "GAME_TYPE",
    "INFERRED",
    "MOTIFS",
    "NAME",
    "OPTIONS",
    "OPTION_TABLE",
    "OVERRIDES",
    "PASS",
    "PLUS2_PILE",
    "READINGS",
    "RULEBOOK",
    "RULES",
    "SOURCED",
    "VARIANTS",
    "WATERFALL",
    "Heroes",
    "HeroesRules",
    "HeroesState",
    "Value",
    "card_word",
    "colour_word",
    "sample_state",
]
