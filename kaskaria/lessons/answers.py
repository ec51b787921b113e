"""Reading and checking what a pupil types: kind words, never a traceback.

Pure Python (no Jupyter), so the checks are tested directly and the worksheets use the same
answers. A number may be typed as ``1/27``, ``0.037``, ``3.7%``, ``3,7 %`` (a German decimal comma),
``1 in 27``, or with its thousands in groups (``10,077,696``, ``10.077.696``, ``10 077 696``); a
choice as any of its accepted words, in any case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..i18n import text as _t

__all__ = ["Verdict", "check_choice", "check_number", "read_number"]

_MAX_INPUT = 80
_IN = re.compile(r"^\s*(\d+)\s*(?:in|of|von|aus)\s*(\d+)\s*$", re.IGNORECASE)
# thousands written in groups: two groups or more, or one with a decimal part (a single group alone,
# as 1,000 or 1.000, is a decimal in the other language and stays one)
_GROUPED_EN = re.compile(r"[+-]?\d{1,3}(?:(?:,\d{3}){2,}(?:\.\d+)?|,\d{3}\.\d+)")
_GROUPED_DE = re.compile(r"[+-]?\d{1,3}(?:(?:\.\d{3}){2,}(?:,\d+)?|\.\d{3},\d+)")


def read_number(typed: Any) -> Fraction | None:
    """The number a pupil typed, exactly, or None when it cannot be read as one."""
    if isinstance(typed, bool) or typed is None:
        return None
    if isinstance(typed, (int, Fraction)):
        return Fraction(typed)
    if isinstance(typed, float):
        return (
            Fraction(typed).limit_denominator(10**6)
            if typed == typed and abs(typed) < 1e12
            else None
        )
    if not isinstance(typed, str) or len(typed) > _MAX_INPUT:
        return None
    text = typed.strip().replace("\u2009", "").replace(" ", "")
    percent = text.endswith("%")
    if percent:
        text = text[:-1]
    in_words = _IN.match(typed.strip().rstrip("%"))
    if in_words and not percent:
        top, bottom = int(in_words[1]), int(in_words[2])
        return Fraction(top, bottom) if bottom else None
    if _GROUPED_EN.fullmatch(text):
        text = text.replace(",", "")  # 10,077,696 or 1,234.5
    elif _GROUPED_DE.fullmatch(text):
        text = text.replace(".", "").replace(",", ".")  # 10.077.696 or 1.234,5 in German
    elif text.count(",") == 1 and "." not in text:
        text = text.replace(",", ".")  # 3,7 in German
    if not re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)(/\d+)?", text):
        return None
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None
    return value / 100 if percent else value


@dataclass(frozen=True)
class Verdict:
    """The result of a check: right or not, and the kind words to show."""

    right: bool
    message: str
    kind: str  # "right", "wrong", "unreadable", "empty"


def _exact(x: Fraction, lang: str) -> str:
    """A chance as a percentage (``3.7%``); any other number as :func:`show.exact_words` says."""
    from .show import exact_words, percent

    return percent(x, lang) if 0 < x < 1 else exact_words(x, lang)


def check_number(
    typed: Any,
    exact: Fraction,
    hint: str,
    lang: str = "en",
    tolerance: Fraction = Fraction(1, 1000),
) -> Verdict:
    """Is ``typed`` the number ``exact`` (within ``tolerance`` for decimals and percentages)?"""
    if typed is None or (isinstance(typed, str) and not typed.strip()) or typed is ...:
        return Verdict(False, _t("core", "lesson.empty", lang, hint=hint), "empty")
    value = read_number(typed)
    if value is None:
        return Verdict(False, _t("core", "lesson.unreadable", lang), "unreadable")
    if abs(value - exact) <= tolerance:
        return Verdict(
            True, _t("core", "lesson.right_number", lang, value=_exact(exact, lang)), "right"
        )
    return Verdict(False, _t("core", "lesson.wrong", lang, hint=hint), "wrong")


def check_choice(
    typed: Any, right: str, accepted: dict[str, str], hint: str, lang: str = "en"
) -> Verdict:
    """Is ``typed`` the choice ``right``? ``accepted`` maps each word a pupil may type (any
    language) to the choice it means."""
    if typed is None or (isinstance(typed, str) and not typed.strip()) or typed is ...:
        return Verdict(False, _t("core", "lesson.empty", lang, hint=hint), "empty")
    word = str(typed).strip().strip("'\"").lower()[:_MAX_INPUT]
    if word not in accepted:
        shown = ", ".join(sorted({w for w, c in accepted.items() if c == w} or accepted))
        return Verdict(
            False, _t("core", "lesson.unknown_choice", lang, choices=shown), "unreadable"
        )
    if accepted[word] == right:
        return Verdict(True, _t("core", "lesson.right_choice", lang), "right")
    return Verdict(False, _t("core", "lesson.wrong", lang, hint=hint), "wrong")
