"""How lesson outputs show themselves: as HTML in a notebook and as readable, stable text where
HTML is not shown (and for nbval, which compares both); charts as PNG plus the numbers behind them.
"""

from __future__ import annotations

import base64
import io
from fractions import Fraction
from typing import Any

__all__ = ["Chart", "Shown", "done_line", "exact_words", "percent", "plain_number"]


class Shown:
    """An output with an HTML face and a text face."""

    def __init__(self, html: str, text: str) -> None:
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def percent(x: Any, lang: str = "en", digits: int = 1) -> str:
    """``3.7%`` / ``3,7 %``."""
    shown = f"{100 * float(x):.{digits}f}"
    return f"{shown.replace('.', ',')} %" if lang == "de" else f"{shown}%"


def exact_words(x: Any, lang: str = "en") -> str:
    """An exact answer as a pupil reads it: a chance (between 0 and 1) as a fraction and a
    percentage (``1/27 = 3.7%``), a whole number as itself (``40``), any other number as a
    fraction and a decimal (``9/2 = 4.5``)."""
    value = Fraction(x)
    if value.denominator == 1:
        return str(value.numerator)
    if 0 < value < 1:
        return f"{value} = {percent(value, lang)}"
    shown = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return f"{value} = {shown.replace('.', ',') if lang == 'de' else shown}"


def plain_number(x: float, lang: str = "en") -> str:
    """``1,000`` / ``1.000``: whole numbers with thousands separators."""
    shown = f"{int(round(x)):,}"
    return shown.replace(",", ".") if lang == "de" else shown


def done_line(games: int, lang: str = "en") -> str:
    """The line a finished run prints instead of a progress bar."""
    word = "Spiele fertig" if lang == "de" else "games"
    head = "fertig" if lang == "de" else "done"
    return f"{head}: {plain_number(games, lang)} {word}"


class Chart:
    """A matplotlib figure as a PNG, shown with the numbers behind it as its text."""

    def __init__(self, figure: Any, text: str) -> None:
        import matplotlib.pyplot as plt

        buffer = io.BytesIO()
        figure.savefig(
            buffer, format="png", dpi=80, bbox_inches="tight", metadata={"Software": None}
        )
        plt.close(figure)
        self.png = buffer.getvalue()
        self.text = text

    def _repr_png_(self) -> bytes:
        return self.png

    def base64(self) -> str:
        return base64.b64encode(self.png).decode()

    def __repr__(self) -> str:
        return self.text


def style() -> None:
    """Large, plain chart text for a projector: labels at least 14 pt, no chart junk."""
    import matplotlib as mpl

    mpl.rcParams.update(
        {
            "font.size": 16,
            "axes.titlesize": 18,
            "axes.labelsize": 16,
            "xtick.labelsize": 15,
            "ytick.labelsize": 15,
            "legend.fontsize": 15,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "figure.dpi": 80,
        }
    )


def fraction_text(x: Fraction) -> str:
    return str(x) if x.denominator != 1 else str(x.numerator)
