"""Kaskaria: exact rules, odds and bots for teaching board games in Jupyter.

>>> import kaskaria
>>> game = kaskaria.load("dragon-battle", players=2, seed=1)
>>> state = game.new_state()
"""

from . import dragon_battle  # noqa: F401  (registers the game)
from .core import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    InvalidActionError,
    Player,
    available_games,
    load,
    pick_outcome,
    register,
)
from .match import Match, SavedGameError

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "Player",
    "SavedGameError",
    "available_games",
    "dragon_battle",
    "load",
    "pick_outcome",
    "register",
]
