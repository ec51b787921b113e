"""Jupyter widgets for Kaskaria (anywidget). Imported only explicitly:

>>> from kaskaria.widgets import DragonBattleTable   # doctest: +SKIP
>>> table = DragonBattleTable(seats=("human", "optimal"), seed=1)   # doctest: +SKIP

``GameTable("<game>", ...)`` plays any registered game; each game with a board of its own has its
table class (``DragonBattleTable``, ``HeroesTable``). ``import kaskaria`` never imports this subpackage (it needs
anywidget and traitlets).
"""

from .dragon_battle import DragonBattleTable
from .dragons_gold import DragonsGoldTable
from .heroes import HeroesTable
from .table import HUMAN, GameTable

__all__ = ["HUMAN", "DragonBattleTable", "DragonsGoldTable", "GameTable", "HeroesTable"]
