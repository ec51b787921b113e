"""Kaskaria: exact rules, odds and bots for teaching board games in Jupyter.

>>> import kaskaria
>>> game = kaskaria.load("dragon-battle", players=2, seed=1)
>>> state = game.new_state()
>>> match = kaskaria.setup("dragon-battle", players=2, scared={"red": 2}, seed=1)
>>> match.position_text()
'dragon-battle 2; player 1; residents king queen princess prince; scared red: red red'

The games: ``"dragon-battle"`` (Dragon Battle), ``"heroes"`` (Heroes of Kaskaria) and
``"dragons-gold"`` (Dragon's Gold).
``import kaskaria`` is light: each game (and its odds, bots and simulator) is imported the first
time it is loaded or named (``kaskaria.dragon_battle``, ``kaskaria.heroes``).
"""

from __future__ import annotations

import importlib
from typing import Any

from .bots import register_bot_module, register_strong_bot
from .core import (
    CHANCE,
    OMNISCIENT,
    TABLE,
    TERMINAL,
    Action,
    Game,
    GameType,
    IllegalActionError,
    InvalidActionError,
    Player,
    State,
    Viewer,
    available_games,
    load,
    pick_outcome,
    register,
    register_positions,
)
from .hints import register_hints
from .i18n import register_loader
from .match import Match, SavedGameError, setup
from .positions import PositionError
from .present import register_presenter

__version__ = "0.1.0"

#: The games of this package: name -> (module, Game class).
GAMES = {
    "dragon-battle": ("kaskaria.dragon_battle", "DragonBattle"),
    "heroes": ("kaskaria.heroes", "Heroes"),
    "dragons-gold": ("kaskaria.dragons_gold", "DragonsGold"),
}

#: Each game's strongest bot: (its module, its name). Registered with the game's bots, not in the
#: seat menus; a table offers it as "hard" with ``difficulty_bots(game, strong=True)``.
STRONG_BOTS = {
    "dragon-battle": ("winbot", "win"),
    "heroes": ("search", "search"),
    "dragons-gold": ("search", "search"),
}
#: Where a table's "hard" seat is the strongest bot: (player count, variant) pairs where the
#: measured ladder (docs/bots.md) shows it above every other bot, read by wins. Elsewhere "hard" stays the
#: game's quick hard bot.
STRONG_AT_TABLES: dict[str, tuple[tuple[int, str], ...]] = {
    "dragon-battle": (
        (2, "basic"),
        (2, "younger"),
        (2, "memory"),
        (3, "basic"),
        (3, "younger"),
        (4, "basic"),
        (4, "memory"),
    ),
    "heroes": ((2, "basic"), (3, "basic"), (4, "basic"), (2, "brave")),
    "dragons-gold": (
        (3, "basic"),
        (3, "advanced"),
        (4, "basic"),
        (4, "advanced"),
        (5, "basic"),
        (5, "advanced"),
        (3, "basic-strategic"),
        (4, "basic-strategic"),
        (5, "basic-strategic"),
        (4, "advanced-strategic"),
    ),
}


def _words(module: str) -> Any:
    """A loader of a message table: it imports ``module`` (which registers the table)."""
    return lambda: importlib.import_module(module)


for _name, (_module, _cls) in GAMES.items():
    register(_name, f"{_module}.engine:{_cls}")
    register_positions(_name, f"{_module}.positions")
    register_bot_module(_name, f"{_module}.bots")
    register_bot_module(_name, f"{_module}.{STRONG_BOTS[_name][0]}")
    register_strong_bot(_name, STRONG_BOTS[_name][1], STRONG_AT_TABLES[_name])
    register_presenter(_name, f"{_module}.present:{_cls}Presenter")
    register_hints(_name, f"{_module}.hints")
    register_loader(f"hints-{_name}", _words(f"{_module}.hint_messages"))
# the words the hints of every game share (kaskaria.hints), loaded when first needed
register_loader("hints", _words("kaskaria.hint_messages"))

_SUBPACKAGES = {
    "dragon_battle",
    "heroes",
    "dragons_gold",
    "bots",
    "tournament",
    "provenance",
    "options",
    "positions",
    "i18n",
    "validate",
    "hints",
    "ladder",
    "search",
}


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CHANCE",
    "GAMES",
    "OMNISCIENT",
    "TABLE",
    "TERMINAL",
    "Action",
    "Game",
    "GameType",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "Player",
    "PositionError",
    "SavedGameError",
    "State",
    "Viewer",
    "available_games",
    "dragon_battle",
    "dragons_gold",
    "heroes",
    "load",
    "pick_outcome",
    "register",
    "setup",
]
