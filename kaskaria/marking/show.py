"""How the marking writes a whole number."""

from __future__ import annotations

__all__ = ["plain_number"]


def plain_number(x: float, lang: str = "en") -> str:
    """``1,000`` / ``1.000``: whole numbers with thousands separators."""
    shown = f"{int(round(x)):,}"
    return shown.replace(",", ".") if lang == "de" else shown
