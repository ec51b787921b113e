"""How lesson outputs show themselves: as HTML in a notebook and as readable, stable text where
HTML is not shown (and for nbval, which compares both); charts as PNG plus the numbers behind them.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

from ..marking.show import plain_number
from ..present import cells_aligned

__all__ = [
    "Chart",
    "Shown",
    "done_line",
    "exact_words",
    "legal_shown",
    "percent",
    "plain_number",
    "refused_shown",
    "source_table_html",
    "story_shown",
]


class Shown:
    """An output with an HTML face and a text face."""

    def __init__(self, html: str, text: str) -> None:
        self.html, self.text = cells_aligned(html), text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


# ---------------------------------------------------------------------------------------------
# positions explained on a table (every game's lessons)
# ---------------------------------------------------------------------------------------------
def legal_shown(table: Any, head: str, listed: bool = False) -> Shown:
    """What the player at ``table`` may do now: ``head``, then each button's words (as a list
    when ``listed``). In English each button also shows its action line (``place red``, the
    engine's notation, which reads as English); in any other language only the button's own
    words: the notation is no word of that language."""
    rows = [(b["label"], b["action"]) for b in table.view["moves"]["actions"]]
    codes = getattr(table, "lang", "en") == "en"
    if codes:
        text = head + "\n" + "\n".join(f"  {label}  ({line})" for label, line in rows)
    else:
        text = head + "\n" + "\n".join(f"  {label}" for label, _ in rows)
    if listed:
        items = "".join(
            f"<li>{escape(label)}" + (f" <code>{escape(line)}</code>" if codes else "") + "</li>"
            for label, line in rows
        )
        html = f"<p style='font-size:17px'><b>{escape(head)}</b></p><ul style='font-size:16px'>{items}</ul>"
    elif codes:
        shown = ", ".join(f"<code>{escape(line)}</code>" for _, line in rows)
        html = f"<p style='font-size:17px'><b>{escape(head)}</b> {shown}</p>"
    else:
        shown = escape(", ".join(label for label, _ in rows))
        html = f"<p style='font-size:17px'><b>{escape(head)}</b> {shown}</p>"
    return Shown(html, text)


def refused_shown(state: Any, action: str, lang: str, allowed: str) -> Shown:
    """What the engine says to ``action`` at ``state``: refused, with the rule it breaks (in
    ``lang``); ``allowed`` is shown should the action be legal after all. In English the
    engine's own sentence, which names the moves by their action lines; in any other language
    the table's sentence (the rule in words) and the moves allowed now by their buttons' words,
    never an action line."""
    from ..core import IllegalActionError

    try:
        state.apply(action)
    except IllegalActionError as err:
        text = err.text(lang) if lang == "en" else _refused_words(state, err, lang)
    else:  # pragma: no cover - the lessons only ask for refused moves
        text = allowed
    return Shown(f"<p style='font-size:17px;color:#b3372f'>{escape(text)}</p>", text)


def _refused_words(state: Any, err: Any, lang: str) -> str:
    """A refusal as a table says it (the rule in words, never the move's action line), then
    the moves allowed now, each by its button's words."""
    from ..i18n import Phrase
    from ..i18n import text as _t
    from ..present import presenter_for
    from ..tables.words import capital

    rule = err.params.get("rule") if err.key == "illegal_action" else None
    if isinstance(rule, Phrase) and rule.domain is not None:
        # a whole sentence after the colon: German starts it with a capital letter
        words = capital(rule(lang)) if lang == "de" else rule(lang)
        said = _t("core", "refuse.illegal", lang, rule=words)
    else:
        said = _t("core", "refuse.illegal_plain", lang)
    labels = [b["label"] for b in presenter_for(state.game).buttons(state, lang)]
    if not labels:
        return said
    return f"{said} {_t('core', 'refuse.allowed_now', lang, moves=', '.join(labels))}"


def story_shown(table: Any, then: Iterable[str], lang: str, players: Sequence[str] = ()) -> Shown:
    """What the lines ``then`` do at ``table`` (a table made for this and thrown away), in the
    table's own sentences as its viewer reads them; ``players`` names the seats as the lesson
    does (``("Lukas", "Ella")``: "Ella rolls 2 dice", "Ella wirft 2 Würfel"), the other seats
    keep the table's names."""
    start = len(table.match.actions)
    for line in then:
        table.apply(line)
    session = table.session

    def names(seat: int) -> str:
        if 0 <= seat < len(players):
            return players[seat]
        return session.name(seat, lang)

    text, _ = session.presenter.narrate(session.match, start, table.viewer, lang, names)
    return Shown(f"<p style='font-size:17px'>{escape(text)}</p>", text)


def source_table_html(rows: Sequence[tuple[str, str, str]]) -> str:
    """A rules table's numbers as HTML rows: what, its value, and where it comes from."""
    cells = "".join(
        f"<tr><td>{escape(k)}</td><td>{escape(v)}</td><td><code>{lab}</code></td></tr>"
        for k, v, lab in rows
    )
    return f"<table style='font-size:16px'>{cells}</table>"


def percent(x: Any, lang: str = "en", digits: int = 1) -> str:
    """``3.7%`` / ``3,7 %``."""
    shown = f"{100 * float(x):.{digits}f}"
    return f"{shown.replace('.', ',')} %" if lang == "de" else f"{shown}%"


def exact_words(x: Any, lang: str = "en") -> str:
    """An exact answer as a pupil reads it: a chance (between 0 and 1) as a fraction and a
    percentage, a whole number as itself (``40``), any other number as a fraction and a decimal.
    A rounded figure says so: ``1/4 = 25%``, ``1/8 = 12.5%`` and ``9/2 = 4.5`` are exact,
    ``1/27, about 3.7%`` and ``14/3, about 4.67`` are not (German ``etwa``). An exact percentage
    has no trailing zero, as the answer boxes write it (``25%``, not ``25.0%``)."""
    value = Fraction(x)
    if value.denominator == 1:
        return str(value.numerator)
    if 0 < value < 1:
        exact = (value * 1000).denominator == 1
        whole = (value * 100).denominator == 1
        shown = percent(value, lang, 0 if whole else 1)
    else:
        decimal = f"{float(value):.2f}".rstrip("0").rstrip(".")
        shown = decimal.replace(".", ",") if lang == "de" else decimal
        exact = (value * 100).denominator == 1
    if exact:
        return f"{value} = {shown}"
    return f"{value}, {'etwa' if lang == 'de' else 'about'} {shown}"


def done_line(games: int, lang: str = "en") -> str:
    """The line a finished run prints instead of a progress bar."""
    if lang == "de":
        return f"fertig: {plain_number(games, lang)} Spiele gespielt"
    return f"done: {plain_number(games, lang)} games"


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
