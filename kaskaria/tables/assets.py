"""The browser half of a table: where its files are, and how they are joined into one module.

An anywidget ``_esm`` (and a page served by the class server) is one ES module and cannot import
sibling files, so a table's module is joined from plain scripts in a fixed order: the game's board
module (``widgets/<game>.js``, which defines ``BOARD``), then the shell's files (:data:`SHELL`),
the last of which ends with the module's one export. The styles are joined the same way.

An installed wheel carries the files in ``kaskaria/static/`` (hatch force-include); an editable
install or a plain checkout has no such folder, so the checkout's own ``widgets/`` is used
instead. Nothing here imports Jupyter.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "CHECKOUT",
    "PACKAGED",
    "SHELL",
    "static_path",
    "static_text",
    "table_module",
    "table_styles",
]

PACKAGED = Path(__file__).resolve().parent.parent / "static"
CHECKOUT = Path(__file__).resolve().parent.parent.parent / "widgets"
#: The table's shell, in the order its files are joined after the board module.
SHELL = (
    "table_dom.js",
    "table_pieces.js",
    "table_screen.js",
    "table_parts.js",
    "table_advice.js",
    "table_panel.js",
    "table.js",
)
SHELL_CSS = ("table.css",)


def static_path(name: str) -> Path:
    """The path of the widget file ``name`` (``"dragon_battle.js"``), packaged copy first."""
    if not isinstance(name, str) or not name or "/" in name or "\\" in name:
        raise ValueError(f"a widget file name is a plain file name, got {name!r}")
    for folder in (PACKAGED, CHECKOUT):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(
        f"widget file {name!r} is missing: looked in {PACKAGED} (installed package) and "
        f"{CHECKOUT} (source checkout); reinstall kaskaria with `pip install .`"
    )


def static_text(name: str) -> str:
    """The text of the widget file ``name`` (anywidget gets strings, never paths: a path makes it
    watch the file and keep every widget alive)."""
    return static_path(name).read_text(encoding="utf-8")


def table_module(board_js: str | None = None) -> str:
    """One ES module: the game's board module (none: the shell's generic board), then the
    shell's files in their order."""
    names = ((board_js,) if board_js else ()) + SHELL
    return "\n".join(static_text(n) for n in names)


def table_styles(board_css: str | None = None) -> str:
    """The shell's styles, then the game's board's."""
    names = SHELL_CSS + ((board_css,) if board_css else ())
    return "\n".join(static_text(n) for n in names)
