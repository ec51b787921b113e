"""Find the browser half of the widgets (the ES modules and CSS of the top-level ``widgets/``):
see :mod:`kaskaria.tables.assets`, which the class server's pages use too."""

from __future__ import annotations

from ..tables.assets import (
    CHECKOUT,
    PACKAGED,
    SHELL,
    static_path,
    static_text,
    table_module,
    table_styles,
)

__all__ = [
    "CHECKOUT",
    "PACKAGED",
    "SHELL",
    "static_path",
    "static_text",
    "table_module",
    "table_styles",
]
