"""Jupyter widgets for Kaskaria (anywidget). Imported only explicitly:

>>> from kaskaria.widgets import DragonBattleTable   # doctest: +SKIP
>>> table = DragonBattleTable(seats=("human", "optimal"), seed=1)   # doctest: +SKIP

``import kaskaria`` never imports this subpackage (it needs anywidget and traitlets).
"""

from .dragon_battle import DragonBattleTable

__all__ = ["DragonBattleTable"]
