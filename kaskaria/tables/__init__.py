"""One table, many screens.

- :class:`Table` (:mod:`.table`): what every screen of a table shares (the match, seats, bots,
  pace, hourglass, undo rights, the clock) and its one gate, :meth:`Table.apply`.
- :class:`Screen` (:mod:`.screen`): what differs between two screens of one table (the viewer,
  language, log, sound, motion, the pass-the-device screen, the last refusal).
- :func:`view` (:mod:`.view`): what a screen draws, a pure function of (table, screen).
- :mod:`.protocol`: the messages a screen may send, as frozen types, and :func:`parse`.
- :mod:`.words`: refusals and news, worded for the viewer who reads them.

A notebook's table is one table and one screen (:class:`kaskaria.session.TableSession`); the
class server keeps one table and a screen per device. Nothing here imports Jupyter.
"""

from __future__ import annotations

from .protocol import Command, parse
from .screen import ANY, Screen
from .table import AUTO, DEFAULT_PACE, HUMAN, Table, new_match
from .view import PARTS, View, view
from .words import News, Refusal

__all__ = [
    "ANY",
    "AUTO",
    "DEFAULT_PACE",
    "HUMAN",
    "PARTS",
    "Command",
    "News",
    "Refusal",
    "Screen",
    "Table",
    "View",
    "new_match",
    "parse",
    "view",
]
