"""Find the browser half of the widgets (the ES modules and CSS of the top-level ``widgets/``).

An installed wheel carries them in ``kaskaria/static/`` (hatch force-include); an editable install
or a plain checkout has no such folder, so the checkout's own ``widgets/`` is used instead.
"""

from __future__ import annotations

from pathlib import Path

PACKAGED = Path(__file__).resolve().parent.parent / "static"
CHECKOUT = Path(__file__).resolve().parent.parent.parent / "widgets"


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


def joined_module(*names: str) -> str:
    """One ES module from several widget files: the game's board module first, the table's
    shell (``table.js``, which ends with the module's one export) last."""
    return "\n".join(static_text(n) for n in names)


__all__ = ["CHECKOUT", "PACKAGED", "joined_module", "static_path", "static_text"]
