"""Reading and checking what a pupil types: kind words, never a traceback.

Pure Python (no Jupyter), so the checks are tested directly and the worksheets and the lesson
audit use the same rules.

What is read
------------
A number may be typed as

- a fraction: ``1/27``, ``1 / 27``, ``1⁄27``, ``1÷27``; a vulgar fraction ``¾``; a mixed number
  ``4½`` or ``4 1/2``;
- a ratio in words or with a colon, read as "so many in so many": ``1 in 27``, ``1 out of 27``,
  ``1 of 27``, ``1 roll in 27``, ``1 von 27``, ``1 aus 27``, ``1 zu 27``, ``1:27`` (the lessons never
  teach odds "against", so ``1:27`` and ``1 zu 27`` mean 1/27 here);
- a decimal with a point or a German comma (``0.037``, ``0,037``, ``.5``), a whole number, either of
  them with thousands in groups (``10,077,696``, ``10.077.696``, ``10 077 696``);
- a percentage: any of the decimals followed by ``%``, ``percent``, ``per cent`` or ``Prozent``;
- with a leading ``about``/``~``/``≈``/``ca.``/``etwa``/``ungefähr``/``rund`` or ``=``, which are
  dropped, and with digits of any script (``٣``, full-width ``３``), which are read as digits.

A lone group such as ``1,296`` or ``1.296`` is read both ways (a thousands group and a decimal):
the check takes the reading that fits. Input longer than 80 characters, superscripts, other
symbols, ``True``, ``None`` or objects that are neither text nor numbers are not read (the pupil
gets a kind sentence, not an error).

How a number is checked (:func:`check_number`)
----------------------------------------------
Let ``x`` be the exact answer. The *precision typed* of a decimal or a percentage is the number of
digits typed after its decimal separator (``4%``: 0, ``3.70%``: 2, ``0.04``: 2); a whole number
has precision 0; fractions, ratios and mixed numbers are exact forms. The *significant digits* are
the digits typed from the first one that is not 0 (``0.04``: 1, ``33%``: 2, ``40``: 2).

1. **right** when the value typed is ``x`` exactly (any form), or when it is ``x`` rounded to the
   precision typed (``|typed - x| <= half a unit of the last digit typed``, measured in per cent
   for a percentage) with at least 2 significant digits: ``3.7%``, ``0.037`` and ``3.70%`` for
   1/27, ``33%`` for 15/46, ``4.7`` for 14/3;
2. **close** (counted as right, and the pupil is shown the exact value) when ``x`` is a chance
   (``0 < x < 1``) and the value typed is ``x`` rounded to the precision typed with only 1
   significant digit (``4%`` or ``0.04`` for 1/27, ``9%`` for 5/53, ``8%`` for 1/12) or lies
   within half a percentage point of it (``3.5%`` for 1/27, ``1 in 9`` for 5/46); or when ``x`` is
   any other number and the value typed lies within 1% of it (``4.66`` for 14/3; but ``3`` for
   an average of 3.2 points is not yet right: the lesson is about the 0.2). A value of 0 is never
   close to an answer that is not 0;
3. **did you mean ... %?** when ``x`` is a chance and the pupil typed a bare number above 1 and at
   most 100 that would be right or close with a % sign (``3.7`` or ``4`` for 1/27, ``75`` for 3/4);
   this does not count as right: the pupil is asked to add the sign;
4. **wrong** otherwise (``10%`` or ``3%`` for 1/27, ``32%`` for 15/46), with the hint.

A choice (:func:`check_choice`) may be typed as any of its accepted words, in any case, with
quotes; a choice whose value is a number (``1 in 9``) may also be typed as any form of that
number (``1/9``, ``1 von 9``). A value a pupil computed in Python (:func:`check_value`, the "your
turn" cells) is checked by the same rules: ints and Fractions exactly, floats up to the error of
float arithmetic (or, if typed as a rounded literal, by the rules above), lists of things against
the items of the answer in any order.
"""

from __future__ import annotations

import numbers
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..i18n import text as _t

__all__ = [
    "Reading",
    "Verdict",
    "check_choice",
    "check_number",
    "check_value",
    "grade",
    "read_number",
    "readings",
]

_MAX_INPUT = 80
#: at most this many items of a pupil's collection are looked at
_MAX_ITEMS = 10_000

_VULGAR = {
    "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5),
    "⅗": (3, 5), "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅐": (1, 7), "⅛": (1, 8), "⅜": (3, 8),
    "⅝": (5, 8), "⅞": (7, 8), "⅑": (1, 9), "⅒": (1, 10),
}  # fmt: skip
_SPACES = {"\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ", "\t": " "}
_SIGNS = {
    "\u066b": ".",
    "\u066c": ",",
    "\u2212": "-",
    "\u2044": "/",
    "\u2215": "/",
    "÷": "/",
    "\u2019": "'",
    "\u2018": "'",
}
_APPROX = re.compile(
    r"^(?:~|≈|=|about|approx\.?|approximately|around|roughly|nearly|almost|circa|ca\.|"
    r"etwa|ungefähr|ungefaehr|rund|fast|knapp)\s*"
)
_PERCENT = re.compile(r"\s*(?:%|percent|per\s*cent|pct\.?|prozent|v\.\s?h\.)$")
_NUM = r"[1-9]\d{0,2}(?:[ ,.']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
_RATIO = re.compile(
    rf"^(\d+)(?:\s*-?[a-zäöüß]+)?\s*(?:\s(?:in|of|out\s+of|von|aus|zu)\s|:)\s*({_NUM})(?:\s+[a-zäöüß]+)?$"
)
_FRACTION = re.compile(r"^([+-]?)(\d+)\s*/\s*(\d+)$")
_MIXED = re.compile(r"^([+-]?)(\d+)\s+(\d+)\s*/\s*(\d+)$")


@dataclass(frozen=True)
class Reading:
    """One way to read what was typed: its exact value and how it was written."""

    value: Fraction
    #: "fraction", "ratio", "mixed", "whole", "decimal", "percent"
    form: str
    #: digits typed after the decimal separator (None for the exact forms: fractions and ratios)
    decimals: int | None = None
    #: significant digits typed (0 for a typed 0)
    digits: int = 0
    #: the number as typed, without its % sign, with a decimal point (``3.7``)
    number: str = ""

    @property
    def exact_form(self) -> bool:
        return self.decimals is None


def _clean(text: str) -> str | None:
    """Digits of any script as 0-9, one kind of space and sign; None for anything odd."""
    out = []
    for ch in text:
        if ch in _VULGAR:
            top, bottom = _VULGAR[ch]
            out.append(f" {top}/{bottom}")
        elif ch.isdecimal():
            out.append(str(unicodedata.decimal(ch)))
        elif ch.isdigit() or ch.isnumeric():  # superscripts, circled digits, roman numerals
            return None
        else:
            out.append(_SPACES.get(ch, _SIGNS.get(ch, ch)))
    cleaned = re.sub(r"\s+", " ", "".join(out)).strip().lower()
    cleaned = cleaned.strip("'\"„“”«» ")
    while True:
        shorter = _APPROX.sub("", cleaned, count=1)
        if shorter == cleaned:
            break
        cleaned = shorter
    if cleaned.endswith((".", "!")):
        cleaned = cleaned[:-1].rstrip()
    return cleaned


def _digits(number: str) -> tuple[int, int]:
    """(decimals, significant digits) of a plain number with a decimal point."""
    whole, _, frac = number.lstrip("+-").partition(".")
    decimals = len(frac)
    significant = (whole + frac).lstrip("0")
    return decimals, len(significant)


def _decimal_readings(text: str) -> list[str]:
    """Each way to read ``text`` as a plain number with a decimal point (``1,296`` -> both
    ``1296`` and ``1.296``)."""
    found: list[str] = []
    for sep in (",", ".", " ", "'"):
        grouped = re.fullmatch(
            rf"([+-]?[1-9]\d{{0,2}}(?:{re.escape(sep)}\d{{3}})+)(?:([.,])(\d+))?", text
        )
        if grouped and grouped[2] != sep:
            whole = grouped[1].replace(sep, "")
            found.append(whole + (f".{grouped[3]}" if grouped[3] else ""))
    if re.fullmatch(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)", text):
        found.append(text.replace(",", ".").rstrip("."))
    return list(dict.fromkeys(found))


def readings(typed: Any, lang: str | None = None) -> list[Reading]:
    """Every sensible reading of what a pupil typed, the likeliest first (for ``lang``: a lone
    ``1,296`` is a thousands group in English and a decimal in German); empty when it cannot be
    read as a number."""
    if isinstance(typed, bool) or typed is None:
        return []
    if isinstance(typed, numbers.Integral):
        try:
            n = int(typed)
        except Exception:  # noqa: BLE001 - an odd object must not raise
            return []
        if abs(n) >= 10**30:  # far too big to be an answer (and to print)
            return [Reading(Fraction(n), "whole", 0, 31, "")]
        return [Reading(Fraction(n), "whole", 0, len(str(abs(n)).lstrip("0")), str(n))]
    if isinstance(typed, numbers.Rational):
        try:
            return [Reading(Fraction(int(typed.numerator), int(typed.denominator)), "fraction")]
        except Exception:  # noqa: BLE001
            return []
    if isinstance(typed, float) or (
        isinstance(typed, numbers.Real) and not isinstance(typed, numbers.Rational)
    ):
        try:
            f = float(typed)
        except Exception:  # noqa: BLE001
            return []
        if f != f or abs(f) >= 1e12:
            return []
        shown = repr(f)
        if "e" in shown:
            return [Reading(Fraction(f).limit_denominator(10**9), "decimal", 12, 12, shown)]
        return readings(shown)
    if isinstance(typed, Decimal):
        if not typed.is_finite() or abs(typed) >= Decimal(10**12):
            return []
        return readings(format(typed, "f")[:_MAX_INPUT])
    if not isinstance(typed, str):
        return []
    typed = str.__str__(typed)
    if len(typed) > _MAX_INPUT:
        return []
    text = _clean(typed)
    if not text:
        return []
    percent = _PERCENT.search(text)
    if percent:
        text = text[: percent.start()].strip()
        if not text:
            return []
    found: list[Reading] = []
    ratio = _RATIO.match(text)
    fraction = _FRACTION.match(text)
    mixed = _MIXED.match(text)
    if ratio or fraction or mixed:
        if percent:
            return []
        if ratio:
            for below in (Fraction(b) for b in _decimal_readings(ratio[2])):
                if below and below.denominator == 1:
                    found.append(Reading(Fraction(int(ratio[1])) / below, "ratio"))
        elif fraction:
            top, bottom = int(fraction[2]), int(fraction[3])
            if bottom:
                sign = -1 if fraction[1] == "-" else 1
                found.append(Reading(sign * Fraction(top, bottom), "fraction"))
        elif mixed:
            whole, upper, lower = int(mixed[2]), int(mixed[3]), int(mixed[4])
            if lower and upper < lower:
                sign = -1 if mixed[1] == "-" else 1
                found.append(Reading(sign * (whole + Fraction(upper, lower)), "mixed"))
        return found
    for plain in _decimal_readings(text):
        decimals, digits = _digits(plain)
        value = Fraction(plain)
        if percent:
            found.append(Reading(value / 100, "percent", decimals, digits, plain))
        else:
            form = "decimal" if decimals else "whole"
            found.append(Reading(value, form, decimals, digits, plain))
    if lang is not None and len(found) > 1:
        # a lone group: English reads 1,296 as a thousand and more, German 1.296
        def english_first(r: Reading) -> int:
            grouped = "," in text if lang == "en" else "." in text
            return 0 if (r.decimals == 0) == grouped else 1

        found.sort(key=english_first)
    return found


def read_number(typed: Any, lang: str | None = None) -> Fraction | None:
    """The number a pupil typed, exactly (the likeliest reading), or None when it cannot be
    read as one."""
    found = readings(typed, lang)
    return found[0].value if found else None


@dataclass(frozen=True)
class Verdict:
    """The result of a check: right or not, and the kind words to show."""

    right: bool
    message: str
    #: "right", "close", "percent" (did you mean ... %?), "wrong", "unreadable", "empty"
    kind: str


#: how good a grade is, best last
_ORDER = ("wrong", "percent", "close", "right")


def _is_chance(x: Fraction) -> bool:
    return 0 < x < 1


def grade(reading: Reading, exact: Fraction) -> str:
    """The grade of one reading against the exact answer: "right", "close", "percent" or
    "wrong" (the rules in the module's docstring)."""
    value = reading.value
    if value == exact:
        return "right"
    if value == 0:
        return "wrong"
    if reading.decimals is not None:
        unit = 100 if reading.form == "percent" else 1
        half = Fraction(1, 2 * 10**reading.decimals)
        if abs(value * unit - exact * unit) <= half:
            if reading.digits >= 2:
                return "right"
            if _is_chance(exact):
                return "close"
    if _is_chance(exact):
        if abs(value - exact) <= Fraction(1, 200):
            return "close"
        if reading.form in ("whole", "decimal") and 1 < value <= 100:
            as_percent = Reading(
                value / 100, "percent", reading.decimals, reading.digits, reading.number
            )
            if grade(as_percent, exact) in ("right", "close"):
                return "percent"
    elif exact and abs(value - exact) <= abs(exact) / 100:
        return "close"
    return "wrong"


def _exact(x: Fraction, lang: str) -> str:
    """A chance as a percentage (``3.7%``), a whole number with its thousands grouped
    (``10,077,696``), any other number as :func:`show.exact_words` says (``9/2 = 4.5``)."""
    from .show import exact_words, percent, plain_number

    if 0 < x < 1:
        return percent(x, lang)
    if x.denominator == 1:
        return plain_number(x.numerator, lang)
    return exact_words(x, lang)


def _typed_number(number: str, lang: str) -> str:
    return number.replace(".", ",") if lang == "de" else number


def _typed_percent(number: str, lang: str) -> str:
    return f"{_typed_number(number, lang)} %" if lang == "de" else f"{number}%"


def _plain(typed: Any) -> Any:
    """A str subclass as the plain text it holds (its own methods are not trusted)."""
    return str.__str__(typed) if isinstance(typed, str) else typed


def _empty(typed: Any) -> bool:
    if typed is None or typed is ...:
        return True
    return isinstance(typed, str) and not str.strip(typed)


def check_number(typed: Any, exact: Fraction, hint: str, lang: str = "en") -> Verdict:
    """Is ``typed`` the number ``exact``? Right, close, "did you mean ... %?" or not yet."""
    from .show import exact_words

    typed = _plain(typed)
    if _empty(typed):
        return Verdict(False, _t("core", "lesson.empty", lang, hint=hint), "empty")
    found = readings(typed, lang)
    if not found:
        return Verdict(False, _t("core", "lesson.unreadable", lang), "unreadable")
    exact = Fraction(exact)
    best = max(found, key=lambda r: _ORDER.index(grade(r, exact)))
    kind = grade(best, exact)
    if kind == "right":
        return Verdict(
            True, _t("core", "lesson.right_number", lang, value=_exact(exact, lang)), kind
        )
    if kind == "close":
        return Verdict(True, _t("core", "lesson.close", lang, value=exact_words(exact, lang)), kind)
    if kind == "percent":
        shown = f"{float(Fraction(best.number) / 100):.{(best.decimals or 0) + 2}f}"
        return Verdict(
            False,
            _t(
                "core",
                "lesson.percent_sign",
                lang,
                value=_typed_percent(best.number, lang),
                decimal=_typed_number(shown, lang),
            ),
            kind,
        )
    return Verdict(False, _t("core", "lesson.wrong", lang, hint=hint), "wrong")


def _word(text: str) -> str:
    cleaned = unicodedata.normalize("NFKC", text).strip().strip("'\"„“”«» ").casefold()
    return re.sub(r"\s+", " ", cleaned)


def check_choice(
    typed: Any, right: str, accepted: dict[str, str], hint: str, lang: str = "en"
) -> Verdict:
    """Is ``typed`` the choice ``right``? ``accepted`` maps each word a pupil may type (any
    language) to the choice it means; a choice whose value is a number may be typed as any form
    of that number."""
    typed = _plain(typed)
    if _empty(typed):
        return Verdict(False, _t("core", "lesson.empty", lang, hint=hint), "empty")
    if isinstance(typed, numbers.Integral) and not isinstance(typed, bool):
        try:
            typed = str(int(typed)) if abs(int(typed)) < 10**30 else ""
        except Exception:  # noqa: BLE001 - an odd integer must not raise
            typed = ""
    if not isinstance(typed, str) or len(typed) > _MAX_INPUT:
        return _unknown_choice(accepted, lang)
    word = _word(str.__str__(typed))
    choice = {_word(w): c for w, c in accepted.items()}.get(word)
    if choice is None:
        values = {read_number(c): c for c in set(accepted.values())}
        values.pop(None, None)
        typed_values = {r.value for r in readings(word, lang)}
        matches = {values[v] for v in typed_values if v in values}
        if len(matches) == 1:
            choice = matches.pop()
    if choice is None:
        return _unknown_choice(accepted, lang)
    if choice == right:
        return Verdict(True, _t("core", "lesson.right_choice", lang), "right")
    return Verdict(False, _t("core", "lesson.wrong", lang, hint=hint), "wrong")


def _unknown_choice(accepted: dict[str, str], lang: str) -> Verdict:
    shown = ", ".join(sorted({w for w, c in accepted.items() if c == w} or accepted))
    return Verdict(False, _t("core", "lesson.unknown_choice", lang, choices=shown), "unreadable")


# ---------------------------------------------------------------------------------------------
# values a pupil computed in Python ("your turn" cells)
# ---------------------------------------------------------------------------------------------
def _item(x: Any, depth: int = 0) -> Any:
    """An item of a pupil's list in a form that compares like the answer's: text in lower case,
    numbers as Fractions, lists and tuples as tuples."""
    if depth > 4:
        raise ValueError("nested too deeply")
    if isinstance(x, str):
        return _word(x)
    if isinstance(x, bool):
        return x
    if isinstance(x, numbers.Number):
        found = readings(x)
        return found[0].value if found else x
    if isinstance(x, (list, tuple)):
        return tuple(_item(y, depth + 1) for y in x[:_MAX_ITEMS])
    if isinstance(x, (set, frozenset)):
        return frozenset(_item(y, depth + 1) for y in list(x)[:_MAX_ITEMS])
    if hasattr(x, "tolist"):
        return _item(x.tolist(), depth + 1)
    return x


def _collection(value: Any) -> list[Any] | None:
    """The items of a list, tuple, set, range, dict (its keys), numpy array or other iterable
    (at most ``_MAX_ITEMS``), or None for something that is not a collection."""
    if isinstance(value, (str, bytes, numbers.Number)) or value is None:
        return None
    if hasattr(value, "tolist") and not isinstance(value, (list, tuple)):
        value = value.tolist()
        if not isinstance(value, list):
            return None
    if not isinstance(value, Iterable):
        return None
    items = []
    for i, x in enumerate(value):
        if i >= _MAX_ITEMS:
            break
        items.append(x)
    return items


def _multiset(items: Iterable[Any]) -> Counter[Any]:
    return Counter(_item(x) if not isinstance(x, str) else _word(x) for x in items)


def check_value(
    value: Any,
    exact: Any,
    hint: str,
    lang: str = "en",
    items: Callable[[], Iterable[Any]] | None = None,
) -> Verdict:
    """Is ``value`` (what a pupil's Python computed) the answer? ``exact`` is a number (a
    Fraction); ``items``, when given, are the things the answer counts (a pupil may give the
    list of them instead of its length). ``...`` (the cell not yet filled in) asks the pupil to
    write the answer above; odd objects get a kind sentence."""
    try:
        return _check_value(value, exact, hint, lang, items)
    except Exception:  # noqa: BLE001 - whatever a pupil's object does, the pupil gets words
        return Verdict(False, _t("core", "lesson.code_unreadable", lang), "unreadable")


def _check_value(
    value: Any,
    exact: Any,
    hint: str,
    lang: str,
    items: Callable[[], Iterable[Any]] | None,
) -> Verdict:
    if value is ...:
        return Verdict(False, _t("core", "lesson.code_empty", lang), "empty")
    if isinstance(value, bool) or value is None:
        return Verdict(False, _t("core", "lesson.code_unreadable", lang), "unreadable")
    exact = Fraction(exact)
    if isinstance(value, float) or (
        isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational)
    ):
        f = float(value)
        if f == f and abs(f - float(exact)) <= 1e-9 * max(1.0, abs(float(exact))):
            return Verdict(
                True, _t("core", "lesson.right_number", lang, value=_exact(exact, lang)), "right"
            )
        return check_number(value, exact, hint, lang)
    if isinstance(value, (numbers.Rational, str, Decimal)):
        return check_number(value, exact, hint, lang)
    listed = _collection(value)
    if listed is None:
        return Verdict(False, _t("core", "lesson.code_unreadable", lang), "unreadable")
    if items is None:
        return Verdict(False, _t("core", "lesson.code_count", lang, n=len(listed)), "unreadable")
    wanted = list(items())
    if _multiset(listed) == _multiset(wanted):
        return Verdict(
            True,
            _t("core", "lesson.code_listed", lang, n=len(wanted), value=_exact(exact, lang)),
            "right",
        )
    if len(listed) == len(wanted):
        return Verdict(False, _t("core", "lesson.code_same_count", lang, hint=hint), "wrong")
    return Verdict(False, _t("core", "lesson.wrong", lang, hint=hint), "wrong")
