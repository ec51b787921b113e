"""The class plays together: one laptop serves the class, every pupil on their own device.

``kaskaria-class`` (or ``make class``) starts the class server (:mod:`kaskaria.classroom.server`);
:class:`kaskaria.classroom.room.ClassRoom` is its logic, :class:`~kaskaria.classroom.store.Store`
its memory (one SQLite file), and :class:`ClassBoard` the teacher's projector widget (imported
only when asked for: ``import kaskaria.classroom`` needs no Jupyter).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ClassBoard", "ClassRoom", "Store", "find_server", "join_class"]


def __getattr__(name: str) -> Any:
    if name == "ClassRoom":
        from .room import ClassRoom

        return ClassRoom
    if name == "Store":
        from .store import Store

        return Store
    if name == "join_class":
        from .lesson import join_class

        return join_class
    if name in ("ClassBoard", "find_server"):
        from . import board

        return getattr(board, name)
    raise AttributeError(f"module 'kaskaria.classroom' has no attribute {name!r}")
