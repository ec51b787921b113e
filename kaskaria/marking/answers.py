"""Reading and marking what a pupil types: one fair rule for every form of a number, kind words,
never a traceback.

Pure Python (no Jupyter), so the checks are tested directly and the worksheets, the teacher
editions and the lesson audit use the same rules.

What is read
------------
A number may be typed as

- a fraction: ``1/27``, ``1 / 27``, ``1⁄27``, ``1÷27``; a vulgar fraction ``¾``; a mixed number
  ``4½`` or ``4 1/2``;
- a ratio in words, read as "so many in so many": ``1 in 27``, ``1 out of 27``, ``1 of 27``,
  ``4 of 36``, ``1 roll in 27``, ``1 von 27``, ``1 aus 27``, ``einer von vier``; ``1 zu 4``,
  ``1 to 4`` and ``1:4`` are one notation (German schools read ``1:4`` aloud as "1 zu 4"),
  read as ``1/4`` in both languages, as everyday speech says "1 zu 6" for one in six; but they
  may also state odds (1 win against 4 losses, 1 in 5): when those odds are the answer and
  ``1/4`` is not (``2 zu 3`` for 2 gold coins against 3 silver ones, a chance of 2/5), the box
  cannot tell which the pupil means and does not mark it: it asks, without using a try and
  without naming a number, for the chance written one way only; where the answer is a count,
  ``100 of 300`` with 300 a total the question names is also the count 100 (the question's own
  words: "How many of 300 games is that?"), and so is a part of any whole told in words,
  ``7 of 9``, ``7 of the 9``, ``7 von den 9``, ``7 der 9`` (the count 7: "the other 7 of the 9
  tokens"); ``of``, ``von`` and ``aus`` may have ``the``/``den``/``der``/``die`` after them;
- a decimal with a point or a German comma (``0.037``, ``0,037``, ``.5``), a whole number, either of
  them with thousands in groups (``10,077,696``, ``10.077.696``, ``10 077 696``);
- a percentage: any of the decimals followed by ``%``, ``percent``, ``per cent`` or ``Prozent``;
  any other form followed by them is that many hundredths too (``3/4 %``, ``drei Viertel
  Prozent``: 3/400), and gets a sentence that says so;
- in words, English or German (``four``, ``vier``, ``twenty-six``, ``ein Viertel``, ``three
  quarters``, ``drei Viertel``, ``one in nine``, ``vierzig Prozent``; see
  :mod:`kaskaria.lessons.reading`);
- with a unit after it, which is dropped (``18 gold``, ``26 Punkte``, ``5.4 points``, ``5 socks``,
  ``26points``, ``3 each``; ``je 3`` and ``jeweils 3``, the German "3 each", are read alike), or with a second form of the same value or words in brackets (``25% (1/4)``,
  ``4 (gold + 1 silver)``) or after "or" (``2/5 or 40%``, ``2/5 oder 40 %``); two values in one
  answer are no answer; where the question asks how many points, a coin or a token as the unit
  (``4 gold``) is no answer: the pupil is asked for points, whatever the number;
- as a short calculation, evaluated exactly by a small parser, never by ``eval`` (``7+7+4``,
  ``1 - 1/4``, ``2/6*2/6*2/6``, ``2/6 x 2/6 x 2/6``, ``(2/6)^3``, a fraction of a number:
  ``1/4 of 32``, ``1/4 von 32``); with working written out, ``7+7+4 = 18``, the last part
  counts; a ``!`` after a whole number in a calculation is a factorial (``6^9 * 9!``; after a
  number on its own, ``4/9!``, it is only said with feeling);
  a calculation with a decimal or a percentage in it is
  read as the rounding its value is (``1 - 0.73`` as ``0.27``, ``1 - 0,7315`` as ``0.2685``,
  ``100% - 73%`` as ``27%``), unless its value has no short decimal (``1 - 0.5/3``); a
  percentage of a number (``360 * 11.1%``, ``11.1% of 360``) is a number (``39.96``), not a
  percentage; an en dash or a minus sign (``1 – 1/4``, ``1 − 1/4``) is a minus;
- with a leading ``about``/``~``/``≈``/``ca.``/``etwa``/``ungefähr``/``rund`` or ``=``, which are
  dropped, and with digits of any script (``٣``, full-width ``３``), which are read as digits.

A lone group such as ``1,296`` or ``1.296`` is read both ways (a thousands group and a decimal):
the check takes the reading that fits. Input longer than 80 characters, superscripts, other
symbols, ``True``, ``None`` or objects that are neither text nor numbers are not read (the pupil
gets a kind sentence, not an error).

How a number is marked (:func:`check_number`)
---------------------------------------------
Let ``x`` be the exact answer. The answer is a *chance* when ``0 < x < 1``, a *count* when it is a
whole number, and an *amount* (an average, say) otherwise.

*Exact forms*: a fraction, a ratio, a mixed number, a calculation of exact numbers or a fraction in
words stands for exactly its value. It is right when its value is ``x`` and not otherwise: ``4/10`` for 4/9 is not
right, nor is ``1/3`` for 15/46 or ``1 in 9`` for 5/46.

*Roundings*: a decimal, a percentage or a whole number is read as a rounding. Its *last digit* is
its last digit that is not 0 (zeros at the end do not make a number more precise: ``0.4``,
``0.40``, ``40%`` and ``40.0 %`` are one rounding, to tenths, so they always get the same answer;
a percentage is the same number moved two places, so ``0.33`` and ``33%`` are one rounding too).
Let ``L`` be the place of the first digit of ``x`` (0.1 for 0.326, 0.01 for 0.037, 1 for 4.67).

1. **right** when the value is ``x``; or when it is ``x`` rounded to its last digit as schools
   round, a half up (:func:`rounds_to`: ``x - half a unit < typed <= x + half a unit`` of that
   digit; ``88%`` for 7/8 = 87.5%, while ``87%`` is 87.5% cut off) and gives at least two digits
   of ``x`` (its last
   digit is at most ``L/10``): ``3.7%``, ``0.037`` for 1/27; ``33%``, ``0.33`` for 15/46; ``4.7``
   for 14/3; ``44%`` for 4/9. Never for a count: a count is right only when exact;
2. **close** (counted as right; the pupil is shown the exact value) when ``x`` is a chance and the
   value is ``x`` rounded to one digit (its last digit is at ``L``, or coarser but it is still
   ``x`` rounded to ``L``): ``30%``, ``0.3`` for 15/46; ``20%``, ``0.2`` for 4/25; ``30%``,
   ``0.3`` for 1/4; ``4%`` for 1/27; ``10%`` or ``0.1`` for 0.095; or when it is
   ``x`` rounded to a digit before its first one (``0.1`` or ``10%`` for 1/12 = 8.3%: "rounded a
   lot"); or when it is ``x`` cut off with two digits or more (``32%`` for 15/46 = 32.6%, with a
   sentence to round: it is nearer than ``30%``, so it never scores below it); or when it is
   typed with two digits or more and is less than one unit of the second digit of ``x`` from
   ``x`` (:func:`reach`: the same width for every chance; ``41%`` for 2/5 = 40% is a whole
   unit off: ``45%`` for 4/9 = 44.4%, ``16%`` for
   7/46 = 15.2%, ``22%`` for 3/14 = 21.4%, with a sentence to round to the nearest; not ``48%``,
   ``17%``, ``23%`` or ``34%`` for 15/46: a number typed with two digits claims them), unless it
   names a mistake (3.) and is no rounding of ``x`` (``14.9%`` for 7/46 is 7/47; ``25%`` for
   8/31, cut off, stays close). A chance is
   never close to 0 or 1 (``0%``, ``100%``, ``1``: those say impossible and certain; a whole
   ``0`` or ``1`` that is ``x`` rounded to a whole number is rounded too much, 6.). A half
   is rounded up: rounded down it is ``x`` cut off and judged as a cut-off (``87%`` or ``0.87``
   for 7/8 = 87.5% and ``0.12`` for 1/8 are close with the sentence to round; ``0.2`` or
   ``20%`` for 1/4 and ``0.7`` for 3/4 are cut off after the first digit: almost, 6.; no nearer
   than the rounding, it is no nearer answer). When ``x``
   is no fraction pupils compute exactly, a simple fraction (its denominator *as typed* at most
   10: ``1/5``, not ``5/25``) written as a fraction is an estimate, close when it rounds to the
   same first digit of ``x`` as ``x`` does (``1/4`` or ``1 in 4`` for a chance of 26.9%, as ``0.3`` is);
   a decimal or a percentage is judged by the rule above, estimate or not.
   Whether pupils compute ``x`` exactly, the lesson says per question (its text's
   ``marking`` key, :func:`estimates`): ``marking: exact`` where they do (7/46, 3/14 and
   185/689 in the Heroes card lesson, where pupils count the cards and multiply card by card),
   ``marking: estimate`` where they read or guess it; without the key a reduced denominator
   above 30 says they do not. Where
   ``x`` is computed exactly (4/25, 1/27, 8/31 with ``marking: exact``) a simple fraction is a
   fraction like any other, exact as typed and not yet unless it is ``x`` (``1/5`` and ``1/6``
   for 4/25, ``1/3`` and ``3/10`` for 8/31), while ``0.3`` and ``30%`` stay close: a rounding
   is judged by its value and the precision typed, a fraction claims its value exactly;
3. **a named mistake** (not right) when the input is written the way a known wrong way of
   thinking writes its value (the question's mistakes, in :mod:`kaskaria.lessons.mistakes`, each
   given as written: ``"10/40"``): its fraction as written, not reduced (``10/40``, ``10 in 40``;
   ``1/4`` or ``2/8`` for 8/31 is no sign of it and gets the hint), a calculation with its value,
   a mistake given as a whole number or a decimal (or as a Fraction) in any form, or its decimal
   or percentage, exactly or rounded to two digits or more (``25%``); a one-digit rounding of it
   is not named. A named mistake is never close: ``6/54`` for 5/46 (counting all the cards as if
   Mia saw none) is named, so is ``4/10`` for 4/9 (taking the marble away from the red ones
   only); ``0.4`` or ``40%`` for 4/9 is a one-digit rounding of ``x`` and close like any other.
   A rounding that two mistakes give alike names neither (``17%`` for 7/46 is 9/54 and 7/41
   rounded: the hint is given). A value computed in Python (:func:`check_value`) shows no form:
   its value names the mistake. A mistake whose value is also ``x`` cut off or rounded too
   much (``1`` for 3/4: the two dice's chances added, or 3/4 rounded) says both;
   Where the answer is a number that a total the question names times a chance gives, and
   its prompt or hint speaks of that chance (40 failed rolls of the 360, 1 in 9 failing; never
   in a question with no chance), that total times the chance rounded or cut off
   (``39.96``, ``39,96``, ``360 * 0.111``, ``360 * 11.1%``) names the mistake of the rounded
   chance and asks for the exact one, as a fraction (:func:`_rounded_chance`);
4. **right or close, if a percentage is meant** when ``x`` is a chance and a bare number above 1
   and at most 100 would be right or close with a % sign (``3.7`` or ``4`` for 1/27, ``75`` for
   3/4): counted as the percentage would be, with a reminder to write the sign (in Python, where a
   chance is a number between 0 and 1, ``5/46*100`` or ``10.9`` is not counted: "divide it by
   100, or leave out the * 100");
5. **the opposite** when ``x`` is a chance (not one half) and the value is right or close for
   ``1 - x`` (``1/4`` or ``25%`` when 3/4 is asked): not right, the pupil is told so;
6. **almost** (not right, with a sentence that says why) when ``x`` is a chance and the value is
   ``x`` cut off after its first digit (``3%`` or ``0.03`` for 1/27 = 3.7%, ``0.2`` for 8/31), or
   when ``x`` is an amount and the value is ``x`` cut off instead of rounded (``4.66`` or ``4.6``
   for 14/3; ``4`` for 9/2 cut off after its first digit asks for one more digit, not to round,
   which gives ``5``); when ``x`` is an amount
   and the value is ``x`` rounded to one digit (``5`` for 27/5 or 9/2: give it more exactly);
   when ``x`` is a chance and the value is ``0`` or ``1``, ``x`` rounded to a whole number
   (``0``, ``0.0`` or ``0%`` for 1/27: rounded too much, in the same words); when ``x``
   is a count and the value is a rounding of it with two digits or more (``10,080,000`` for
   10,077,696), or with one digit when the count is 1,000 or more (``10 million``);
7. **not a percentage** (not right) when ``x`` is a count or an amount and a percentage is
   typed (``400%`` for 4, ``450%`` for 4.5): the pupil is told the answer is no percentage;
8. **not yet** otherwise, with the question's hint (and a sentence when a chance is typed below 0
   or above 1).

Nothing typed (an empty box, only spaces) is asked for an answer and nothing else: no hint, so
that pressing Check on an empty box is no way to the method (:func:`check_number`,
:func:`check_choice`; an exit ticket's box and the class server's devices say the same).

Feedback never calls a rounding exact: it gives the exact fraction and its value, marked "about"
when it is rounded (``1/27, about 3.7%``; ``3/4 = 75%``; ``14/3, about 4.67``).

A choice (:func:`check_choice`) may be typed as any of its accepted words, in any case, with
quotes, with end punctuation, with words around it and filler openings, one rule in both
languages (``I would stop``, ``Ich würde aufhören``, ``I think black and red``, ``Ich glaube,
Schwarz und Rot.``, ``maybe``, ``vielleicht``, ``It fails.``, ``Er misslingt.``) and its
words in any order (``red and black`` for "black and red"), in any form of its words
(``fails``, ``ich höre auf`` for ``aufhören``, ``würfle weiter`` for ``weiterwürfeln``), in
the everyday spellings of German words (``nochmal`` or ``noch mal`` for ``noch einmal``,
``aufhoeren`` for ``aufhören``) and
without "only"/"nur" (``black``, ``Schwarz`` for "only black"), never with a negation left out
(``I would not stop`` is no choice); a choice whose value is a number (``1 in 9``) may also be typed as any form of that
number (``1/9``, ``1 von 9``, ``one in nine``). (The answer box gives a choice question one try; see
:class:`kaskaria.lessons.widgets.AnswerBox`.)

A value a pupil computed in Python (:func:`check_value`, the "your turn" cells) is marked by the
same rules: ints and Fractions exactly, floats up to the error of float arithmetic (or, if typed as
a rounded literal, by the rules above), lists of things against the items of the answer in any
order; text (``good = '27'``) is no number and is named so. The usual slips get a sentence that
names them: a named mistake, ``* 100`` (a chance in
Python is a number between 0 and 1), a German decimal comma (``0,109`` makes two numbers), a
comma at the end of the line, a list of numbers that should be added up with ``sum`` or counted
with ``len``, ``//`` that rounded a chance down to 0. :func:`explain_error` puts a SyntaxError,
NameError and the like into a kind sentence in the pupil's language (the lesson installs it in
its kernel: :mod:`kaskaria.lessons.kernel`).
"""

from __future__ import annotations

import difflib
import numbers
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..i18n import text as _core_t
from . import messages_marking  # noqa: F401  (registers the marking words)
from .reading import calculate, looks_like_number, words_to_digits

__all__ = [
    "Reading",
    "Verdict",
    "answer_kind",
    "asks_average",
    "asks_each",
    "asks_for",
    "asks_points",
    "asks_tokens",
    "check_choice",
    "check_number",
    "check_value",
    "estimates",
    "names_a_chance",
    "exact_text",
    "explain_error",
    "grade",
    "placeholder",
    "question_terms",
    "question_totals",
    "question_wholes",
    "read_answer",
    "read_number",
    "reach",
    "readings",
    "rounds_to",
    "simple_estimates",
]

_MAX_INPUT = 80
#: the longest word a message quotes from what was typed
_MAX_WORD = 20
#: at most this many items of a pupil's collection are looked at
_MAX_ITEMS = 10_000

#: a named mistake as the checks take it: the wrong model's value and one sentence naming it;
#: the value given as text (``"10/40"``) is also the form it is named in (:func:`_written`).
#: A third item, when given, is the sum the wrong model writes (``"7 + 2 + 2"``): a typed sum
#: then names the mistake only when its terms are that sum's (:func:`_fits_working`)
Mistakes = Sequence[tuple[Fraction | str, str] | tuple[Fraction | str, str, str]]

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
    "\u2013": "-",  # an en dash, as tablets and autocorrect write a minus: 1 – 1/4
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
_AT_LEAST = re.compile(r"^(?:at\s+least|mindestens|wenigstens)\s+(.+)$")
_PERCENT = re.compile(r"\s*(?:%|percent|per\s*cent|pct\.?|prozent|v\.\s?h\.)$")
_NUM = r"[1-9]\d{0,2}(?:[ ,.']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?"
_RATIO = re.compile(
    rf"^(\d+)(?:\s*-?[a-zäöüß]+)?\s*"
    rf"(\s(?:(?:of|out\s+of|von|aus)(?:\s+(?:the|den|der|die))?|der|in|zu|to)\s|:)"
    rf"\s*({_NUM})(?:\s+[a-zäöüß]+)?$"
)
#: the ratio words that name a part of a whole: "7 of 9", "7 of the 9", "7 von den 9", "7 der 9"
#: (a count question reads them as the count 7)
_PART_OF = re.compile(r"^(?:of|out\s+of|von|aus|der)\b")
#: the ratio signs that may also state odds: "1 zu 4", "1 to 4", "1:4" is 1/4 in everyday
#: speech, but may be meant as 1 win against 4 losses (1 in 5)
_ODDS = ("zu", "to", ":")
_FRACTION = re.compile(r"^([+-]?)(\d+)\s*/\s*(\d+)$")
#: a mixed number: ``5 2/5``, ``5 and 2/5``, ``5 und 2/5``
_MIXED = re.compile(r"^([+-]?)(\d+)\s+(?:(?:and|und)\s+)?(\d+)\s*/\s*(\d+)$")
#: a word a pupil may write after the number (a unit: ``gold``, ``Punkte``, ``socks``)
_UNIT_WORD = re.compile(r"^(.*\S)\s+[^\W\d_][^\W\d_'’.-]*\.?$")


@dataclass(frozen=True)
class Reading:
    """One way to read what was typed: its exact value and how it was written."""

    value: Fraction
    #: "fraction", "ratio", "mixed", "sum" (a calculation), "whole", "decimal", "percent"
    form: str
    #: digits typed after the decimal separator (None for the exact forms: fractions and ratios)
    decimals: int | None = None
    #: significant digits typed (0 for a typed 0)
    digits: int = 0
    #: the number as typed, without its % sign, with a decimal point (``3.7``)
    number: str = ""
    #: the place of its last digit that is not 0, as a value (``0.40`` and ``40%``: 1/10;
    #: ``3.7%``: 1/1000; ``20``: 10); None for the exact forms and for 0
    step: Fraction | None = None
    #: the denominator as typed, for a fraction, a ratio or a mixed number (``5/25``: 25,
    #: ``1 in 5``: 5), before any reducing; None for the other forms
    typed_below: int | None = None
    #: a ratio written with a sign that may also state odds (``2:3``, ``2 zu 3``, ``2 to 3``):
    #: read as 2/3, though it may mean 2 against 3 (2 in 5)
    odds: bool = False
    #: a ratio written as a part of a whole (``7 of 9``, ``7 of the 9``, ``7 von den 9``)
    part_of: bool = False
    #: the working typed, for a calculation (``7+4`` or ``7+4 = 11``): the values of its terms
    #: in order when it is a plain sum, () for any other calculation; None for a bare number
    terms: tuple[Fraction, ...] | None = None

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
    if cleaned.endswith(".") or (cleaned.endswith("!") and not cleaned[-2:-1].isdigit()):
        cleaned = cleaned[:-1].rstrip()  # "4/9!" keeps its "!" here: see _exclaimed
    # "at least 5" (socks to be sure of a pair): a count, read as the count; never in front of a
    # fraction, a decimal or a percentage, where "at least" would change the answer
    least = _AT_LEAST.match(cleaned)
    if least and re.fullmatch(r"\d+(?:\s+[a-zäöüß]+)?|[a-zäöüß]+(?:\s+[a-zäöüß]+)?", least[1]):
        if not _PERCENT.search(least[1]):
            cleaned = least[1]
    return cleaned


def _digits(number: str) -> tuple[int, int]:
    """(decimals, significant digits) of a plain number with a decimal point."""
    whole, _, frac = number.lstrip("+-").partition(".")
    decimals = len(frac)
    significant = (whole + frac).lstrip("0")
    return decimals, len(significant)


def _step(number: str) -> Fraction | None:
    """The place of the last digit that is not 0 of a plain number (``0.40`` -> 1/10, ``20`` ->
    10, ``3.70`` -> 1/10); None for 0."""
    whole, _, frac = number.lstrip("+-").partition(".")
    if not (whole + frac).strip("0"):
        return None
    frac = frac.rstrip("0")
    if frac:
        return Fraction(1, 10 ** len(frac))
    return Fraction(10 ** (len(whole) - len(whole.rstrip("0"))))


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
    """Every sensible reading of what was typed as a number written with digits, the likeliest
    first (for ``lang``: a lone ``1,296`` is a thousands group in English and a decimal in
    German); empty when it cannot be read as one. Words, units and calculations are read by
    :func:`read_answer`."""
    if isinstance(typed, bool) or typed is None:
        return []
    if isinstance(typed, numbers.Integral):
        try:
            n = int(typed)
        except Exception:  # noqa: BLE001 - an odd object must not raise
            return []
        if abs(n) >= 10**30:  # far too big to be an answer (and to print)
            return [Reading(Fraction(n), "whole", 0, 31, "", Fraction(1))]
        return [
            Reading(Fraction(n), "whole", 0, len(str(abs(n)).lstrip("0")), str(n), _step(str(n)))
        ]
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
            value = Fraction(f).limit_denominator(10**9)
            return [Reading(value, "decimal", 12, 12, shown, Fraction(1, 10**12))]
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
    return _read_text(_exclaimed(text, lang), lang)


def _exclaimed(text: str, lang: str | None) -> str:
    """``text`` without a "!" at its end when what comes before it is a number on its own
    (``4/9!``, ``27%!``: said with feeling); in a calculation a "!" after a whole number is a
    factorial (``6^9 * 9!``), read by :func:`~kaskaria.marking.reading.calculate`."""
    if text.endswith("!") and _read_text(text[:-1].rstrip(), lang):
        return text[:-1].rstrip()
    return text


def _read_text(text: str, lang: str | None) -> list[Reading]:
    """The readings of cleaned text written with digits (see :func:`readings`)."""
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
        if percent and ratio:
            return []
        if ratio:
            # "2:5", "2 zu 5", "2 to 5" are 2/5, as German schools read "2:5" aloud; they may
            # also state odds, which check_number asks about when only those are the answer
            odds = ratio[2].strip() in _ODDS
            part_of = bool(_PART_OF.match(ratio[2].strip()))
            for below in (Fraction(b) for b in _decimal_readings(ratio[3])):
                if below and below.denominator == 1:
                    found.append(
                        Reading(
                            Fraction(int(ratio[1])) / below,
                            "ratio",
                            typed_below=int(below),
                            odds=odds,
                            part_of=part_of,
                        )
                    )
        elif fraction:
            top, bottom = int(fraction[2]), int(fraction[3])
            if bottom:
                sign = -1 if fraction[1] == "-" else 1
                found.append(Reading(sign * Fraction(top, bottom), "fraction", typed_below=bottom))
        elif mixed:
            whole, upper, lower = int(mixed[2]), int(mixed[3]), int(mixed[4])
            if lower and upper < lower:
                sign = -1 if mixed[1] == "-" else 1
                found.append(
                    Reading(sign * (whole + Fraction(upper, lower)), "mixed", typed_below=lower)
                )
        if percent:  # "3/4 %", "3/4 Prozent": three quarters of one hundredth, exactly
            return [_hundredths(r) for r in found]
        return found
    for plain in _decimal_readings(text):
        decimals, digits = _digits(plain)
        value = Fraction(plain)
        step = _step(plain)
        if percent:
            found.append(
                Reading(value / 100, "percent", decimals, digits, plain, step and step / 100)
            )
        else:
            form = "decimal" if decimals else "whole"
            found.append(Reading(value, form, decimals, digits, plain, step))
    if lang is not None and len(found) > 1:
        # a lone group: English reads 1,296 as a thousand and more, German 1.296
        def english_first(r: Reading) -> int:
            grouped = "," in text if lang == "en" else "." in text
            return 0 if (r.decimals == 0) == grouped else 1

        found.sort(key=english_first)
    return found


def _hundredths(reading: Reading) -> Reading:
    """An exact form followed by a % sign (``3/4 %``, ``drei Viertel Prozent``): its value in
    hundredths, still exact (``3/4 %`` is 3/400)."""
    return Reading(reading.value / 100, "percent", typed_below=None, number=str(reading.value))


#: an answer written after its label, as on a worksheet ("Antwort: 40", "answer: 3/4")
_LABEL = re.compile(
    r"^(?:(?:my|the|meine|die)\s+)?(?:answer|result|solution|antwort|ergebnis|l(?:ö|oe)sung)\s*:(.*)$"
)


def _without_units(text: str) -> Iterable[str]:
    """``text``, then ``text`` without one, two or three words at its end (``18 gold pieces``)."""
    yield text
    for _ in range(3):
        shorter = _UNIT_WORD.match(text)
        if not shorter:
            return
        text = shorter[1]
        yield text


def read_answer(typed: Any, lang: str | None = None) -> list[Reading]:
    """Every sensible reading of what a pupil typed as an answer, the likeliest first: the
    numbers of :func:`readings`, and beyond them numbers in words, numbers with a unit and short
    calculations (the module's docstring); empty when nothing can be read."""
    if not isinstance(typed, str):
        return readings(typed, lang)
    typed = str.__str__(typed)
    if len(typed) > _MAX_INPUT:
        return []
    found = readings(typed, lang)
    if found:
        return found
    text = _clean(typed)
    if not text:
        return []
    if text.endswith("?"):  # "26?", "4/9?": a pupil unsure of the answer, not another answer
        return read_answer(text.rstrip("?").rstrip(), lang)
    labelled = _LABEL.match(text)
    if labelled and labelled[1].strip():  # "Antwort: 40", "answer: 3/4": the label is no ratio
        return read_answer(labelled[1], lang)
    if "=" in text:  # working written out: "7+7+4 = 18" is the pupil's 18
        parts = [part.strip() for part in text.split("=") if part.strip()]
        if not parts:
            return []
        if len(parts) > 1:  # the working is kept with the result it gives
            terms = sum_terms(parts[0], lang)
            return [replace(r, terms=terms) for r in read_answer(_exclaimed(parts[-1], lang), lang)]
        text = _exclaimed(parts[-1], lang)
    both = _BOTH_FORMS.match(text) or _OR_FORMS.match(text)
    first = read_answer(both[1], lang) if both else []
    if both and first:
        # "25% (1/4)", "2/5 or 40%": two forms of one value are that value, two values ("2 or
        # 3") are none; words in the brackets say why ("4 (gold + 1 silver)")
        second = read_answer(both[2], lang)
        if not second:
            return first
        same = {r.value for r in first} & {r.value for r in second}
        return [r for r in [*first, *second] if r.value in same]
    text = _TIMES_SUFFIX.sub("", text)  # 40-mal, vierzigmal: a count of times
    text = _GLUED_UNIT.sub(r"\1 \2", text)  # 26points: 26 points
    text = _EACH.sub("", _operators(words_to_digits(text)))  # "je 3" is read as "3 each" is
    if any(looks_like_number(word) for word in text.split(" ")):
        return []  # "4 out of fourty": a number misspelt is never left out as a unit
    for candidate in _without_units(text):
        found = _read_text(candidate, lang)
        if found:
            return found
        percent = _PERCENT.search(candidate)
        if percent and re.search(
            r"(?:/\s*\d+|\)|\^\s*\d+)$", candidate[: percent.start()].rstrip()
        ):
            # "1/3 * 1/3 %", "(1/3)^3 %": a fraction in hundredths, not 1 divided by 3 %
            value = calculate(candidate[: percent.start()])
            if value is not None:
                return [_hundredths(Reading(value, "sum"))]
        value = calculate(candidate)
        if value is not None:
            reading = _rounded_sum(candidate, value) or Reading(value, "sum")
            return [replace(reading, terms=sum_terms(candidate, lang))]
    number = _sentence_number(text)
    return _read_text(number, lang) if number else []


def sum_terms(text: str, lang: str | None = None) -> tuple[Fraction, ...]:
    """The values of the terms of a plain sum as typed (``7 + 4 + 4``, ``7 plus 2 plus 2``), in
    order; () when ``text`` is any other calculation (``7 + 2*2``) or holds something unreadable."""
    parts = _operators(words_to_digits(_clean(text) or "")).split("+")
    if len(parts) < 2:
        return ()
    values = []
    for part in parts:
        found = {r.value for r in readings(part.strip(), lang)} if part.strip() else set()
        if len(found) != 1:
            return ()
        values.append(found.pop())
    return tuple(values)


def _fits_working(reading: Reading, built: str, lang: str | None = None) -> bool:
    """Does what was typed fit a named mistake written as the sum ``built`` (``"7 + 2 + 2"``)?
    A bare number does (its value names the mistake), and so does a sum of the same terms in any
    order; any other working does not: ``7+4`` is 11 but is not the 4 gold split in two."""
    if not built or reading.terms is None:
        return True
    wanted = sum_terms(built, lang)
    return not wanted or sorted(reading.terms) == sorted(wanted)


#: a player or seat named by its number (``Player 1``, ``Spieler 2:``): a name, not the answer
_SEAT = re.compile(r"\b(?:player|spieler(?:in)?|seat|platz|pair|paar|gruppe|group)\s+\d+\b:?")
#: an answer sentence around one number: words before it (``scores``, ``bekommt``), a colon,
#: up to three words after it (``points``, ``Punkte``), a question mark of a pupil unsure
_SENTENCE = re.compile(
    r"^(?:[^\W\d_][^\W\d_'’.-]*\s+){0,5}:?\s*(\d+(?:[.,]\d+)?)(?:\s+[^\W\d_]+){0,3}\s*\??$"
)
#: words that turn the number of a sentence into something else (``not 26``, ``more than 26``)
_NOT_THE_NUMBER = re.compile(
    r"\b(?:not|no|never|than|less|more|over|under|nicht|kein|keine|nie|als|weniger|mehr|"
    r"über|unter|or|oder|and|und|times|mal|from|von|of|in)\b"
)


def _sentence_number(text: str) -> str | None:
    """The one number of an answer written as a sentence (``player 1 scores 26``,
    ``spieler 2: 22``, ``26?``), as digits; None when the sentence holds no number, two numbers
    (never read as one), an operation, or a word that changes the number (``not 26``). A player
    named by its number is a name, not a second number."""
    rest = _SEAT.sub(" ", text).strip()
    rest = re.sub(r"^:\s*", "", rest)
    found = _SENTENCE.match(rest)
    if not found or _NOT_THE_NUMBER.search(rest):
        return None
    return found[1]


#: "je 3", "jeweils 3" (German for "3 each") before a number: the number, as "3 each" after it
_EACH = re.compile(r"^(?:je|jeweils|each)\s+(?=\d)")
#: a number in a calculation written as a rounding: a decimal (``0.73``, ``0,73``) or a percentage
_ROUNDED_OPERAND = re.compile(r"\d[.,]\d|%")
#: a calculation's value is read as a rounding only with at most this many decimals
_SUM_DECIMALS = 15


def _decimal_places(x: Fraction) -> int | None:
    """How many decimals ``x`` ends after (``0.111``: 3, ``40``: 0), or None when its decimal
    never ends (``1/9``)."""
    below, places = x.denominator, {2: 0, 5: 0}
    for prime in places:
        while below % prime == 0:
            below //= prime
            places[prime] += 1
    return max(places.values()) if below == 1 else None  # a denominator of 2s and 5s only


def _rounded_sum(text: str, value: Fraction) -> Reading | None:
    """A calculation with a rounded number in it (``1 - 0.73``, ``1 - 0,7315``, ``100% - 73%``)
    read as the rounding its value is: ``0.27`` (``27%`` when a percentage is in it), marked as
    that number typed would be; None when no number in it is a rounding or its value has no
    short decimal (``1 - 0.5/3``: then it is read exactly, as any calculation)."""
    if not _ROUNDED_OPERAND.search(text):
        return None
    percent = "%" in text and not _percent_of_number(text)
    shown = value * 100 if percent else value
    decimals = _decimal_places(shown)
    if decimals is None or decimals > _SUM_DECIMALS:
        return None
    plain = format(Decimal(shown.numerator) / Decimal(shown.denominator), f".{decimals}f")
    decimals, digits = _digits(plain)
    step = _step(plain)
    if percent:
        return Reading(value, "percent", decimals, digits, plain, step and step / 100)
    return Reading(value, "decimal" if decimals else "whole", decimals, digits, plain, step)


#: a number in a calculation, with the % sign after it if it has one
_OPERAND = re.compile(r"(\d+(?:[.,]\d+)?)\s*(%?)")
#: a sign of multiplying or dividing in a calculation
_TIMES_OR_SHARE = re.compile(r"[*x×·/:]")


def _percent_of_number(text: str) -> bool:
    """Is the calculation ``text`` a percentage of a number, multiplied or divided by one that
    is no percentage (``360 * 11.1%``, ``11% * 360``)? Its value is a number (39.96), not a
    percentage; a sum or a difference of percentages (``100% - 73%``, ``1 - 73%``) and a product
    of percentages alone (``50% * 50%``) stay percentages."""
    signs = [sign for _, sign in _OPERAND.findall(text)]
    return bool(_TIMES_OR_SHARE.search(text)) and "%" in signs and "" in signs


#: a number with a second form of it in brackets: ``25% (1/4)``, ``1/4 (25 %)``
_BOTH_FORMS = re.compile(r"^([^()]+?)\s*\(([^()]+)\)$")
#: a number with a second form of it after "or": ``2/5 or 40%``, ``2/5 oder 40 %``
_OR_FORMS = re.compile(r"^([^()]+?)\s+(?:or|oder)\s+([^()]+)$")
#: a unit glued to its number: ``26points``, ``18gold``, ``15g`` at the end (not ``2x3``)
_GLUED_UNIT = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)([a-zäöüß]{2,}\b|[a-wyzäöüß]$)")


#: "-mal" glued to a number at the end (``40-mal``, ``40mal``, ``vierzigmal``)
_TIMES_SUFFIX = re.compile(r"(?<=[\w/])-?mal$")
#: operations in words, English and German (``2/6 mal 2/6``, ``1 minus 1/4``, ``(1/3) hoch 3``)
_OPERATOR_WORDS = (
    (re.compile(r"\s(?:mal|times|multipliziert mit|multiplied by)\s"), " * "),
    (re.compile(r"\s(?:geteilt durch|dividiert durch|durch|divided by)\s"), " / "),
    (re.compile(r"\s(?:minus|weniger)\s"), " - "),
    (re.compile(r"\s(?:plus)\s"), " + "),
    (re.compile(r"\s(?:hoch|to the power of|to the power)\s"), " ^ "),
    # a fraction of a number is their product (``1/4 of 32``, ``1/4 von 32``); ``1 of 4``
    # stays a ratio
    (re.compile(r"(\d\s*/\s*\d+)\s+(?:of|von)\s+(?=\d)"), r"\1 * "),
    # and so is a percentage of a number (``11.1% of 360``, ``11,1 % von 360``)
    (re.compile(r"(\d\s*%)\s+(?:of|von)\s+(?=\d)"), r"\1 * "),
)


def _operators(text: str) -> str:
    """Operations written as words, between two numbers, as signs: ``2/6 mal 2/6`` ->
    ``2/6 * 2/6``."""
    for pattern, sign in _OPERATOR_WORDS:
        while True:  # overlapping matches ("2 mal 2 mal 2") need a second pass
            changed = pattern.sub(sign, text)
            if changed == text:
                break
            text = changed
    return text


def read_number(typed: Any, lang: str | None = None) -> Fraction | None:
    """The number a pupil typed, exactly (the likeliest reading of :func:`read_answer`), or None
    when it cannot be read as one."""
    found = read_answer(typed, lang)
    return found[0].value if found else None


@dataclass(frozen=True)
class Verdict:
    """The result of a check: right or not, and the kind words to show."""

    right: bool
    message: str
    #: "right", "close", "mistake" (a named mistake), "percent" (right or close as a percentage,
    #: typed without its % sign),
    #: "opposite" (the complement), "nearly" (almost), "wrong", "unreadable", "empty"
    kind: str
    #: a slip of form: a percentage typed where a number is asked (``40%``, ``4000%`` or
    #: ``12%`` for 40 rolls), a fraction with a % sign for a chance (``4/9 %``), a decimal below 1
    #: with a % sign for a chance of 1% or more (``0.44%``); decided by the form alone, never by
    #: whether the number is right, so a box with one try that does not count it gives nothing away
    slip: bool = False
    #: what a box with one try shows for a slip instead of ``message``, when ``message`` says more
    #: than the form (``message`` may tell an exercise that the number is right but for its sign)
    slip_message: str = ""


KINDS = (
    "right",
    "close",
    "mistake",
    "percent",
    "opposite",
    "nearly",
    "wrong",
    "unreadable",
    "empty",
)


# ---------------------------------------------------------------------------------------------
# the rule
# ---------------------------------------------------------------------------------------------
def answer_kind(exact: Any) -> str:
    """What an answer is: ``"chance"`` (between 0 and 1), ``"count"`` (a whole number) or
    ``"amount"`` (any other number, such as an average)."""
    x = Fraction(exact)
    if 0 < x < 1:
        return "chance"
    if x.denominator == 1:
        return "count"
    return "amount"


_AVERAGE_WORDS = re.compile(
    r"\b(?:average|averages|on average|expected value|mean|durchschnitt\w*|im mittel|"
    r"erwartungswert\w*|mittelwert\w*)\b",
    re.IGNORECASE,
)


def asks_average(prompt: str) -> bool:
    """Does the question (its prompt, in either language) ask for an average? Then a whole-number
    answer (7 points on average) is still an average, not a count of things, and the sentences
    say so ("a number such as an average")."""
    return bool(_AVERAGE_WORDS.search(str(prompt)))


_POINTS_ASKED = re.compile(r"\b(?:how many points|wie viele punkte)\b", re.IGNORECASE)
#: a kind of token written after a number (``4 gold``, ``4 Goldmünzen``): things, not points
_TOKEN_WORD = re.compile(
    r"\b(?:gold|silver|silber|coins?|tokens?|gems?|(?:gold|silber)?münzen?|schatzsteine?|"
    r"edelsteine?)\b",
    re.IGNORECASE,
)
_POINTS_WORD = re.compile(r"\b(?:points?|punkte?)\b", re.IGNORECASE)


def asks_points(prompt: str) -> bool:
    """Does the question (its prompt, in either language) ask how many points? Then ``4 gold``
    is no answer: 4 gold coins are a number of coins, not of points."""
    return bool(_POINTS_ASKED.search(str(prompt)))


_TOKENS_ASKED = re.compile(r"\b(?:how many tokens|wie viele schatzsteine)\b", re.IGNORECASE)
#: the word for all tokens alike, typed after a count of tokens (``7 tokens``, ``7 Schatzsteine``)
_ALL_TOKENS_WORD = re.compile(r"\b(?:tokens?|schatzsteine?)\b", re.IGNORECASE)


def asks_tokens(prompt: str) -> bool:
    """Does the question (its prompt, in either language) ask how many tokens? Then ``7 gold``
    and ``7 Punkte`` are no answer: a number of gold coins or of points, not of tokens."""
    return bool(_TOKENS_ASKED.search(str(prompt)))


#: a question that asks about each one ("how many does each player get?", "je", "jeder")
_EACH_ASKED = re.compile(r"\b(?:each|every|per|je|jeweils|jede[rsnm]?|pro)\b", re.IGNORECASE)
#: "7 each", "je 7", "jeweils 7": a number for each one, not one number for the whole
_EACH_TYPED = re.compile(
    r"^\s*(?:je|jeweils|each)\s+\S|\d\s*\S*\s*\b(?:each|apiece|je|jeweils|pro person)\b",
    re.IGNORECASE,
)


def asks_each(prompt: str) -> bool:
    """Does the question (its prompt, in either language) ask about each one? Elsewhere ``7
    each`` (``je 7``) is no answer to a count: 7 tokens each, for three players, are 21."""
    return bool(_EACH_ASKED.search(str(prompt)))


#: the things a question may count, each with the words a pupil types for them after a number
#: (``40 rolls``, ``40 Fehlwürfe``, ``4.5 Sterne``); a unit of one of them typed where the
#: question counts another (``40 gold`` for the failed rolls) is asked again
#: (:func:`asks_for`, :func:`_other_unit`)
_COUNTED: dict[str, re.Pattern[str]] = {
    "rolls": re.compile(r"\b(?:rolls?|throws?|\w*w(?:u|ü|ue)rf(?:e|en|es|s)?)\b", re.I),
    "stars": re.compile(r"\b(?:stars?|sterne?n?)\b", re.I),
    "points": re.compile(r"\b(?:points?|punkte?n?)\b", re.I),
    "gold": re.compile(
        r"\b(?:gold(?:\s+(?:coins?|pieces?|cards?))?|gold(?:st(?:ü|ue)ck|m(?:ü|ue)nz|kart|taler)\w*)\b",
        re.I,
    ),
    "coins": re.compile(r"\b(?:silver|silber|coins?|\w*m(?:ü|ue)nzen?)\b", re.I),
    "tokens": re.compile(r"\b(?:tokens?|gems?|schatzsteine?n?|edelsteine?n?)\b", re.I),
    "pupils": re.compile(r"\b(?:pupils?|children|kids|kinder|sch(?:ü|ue)ler\w*)\b", re.I),
    "games": re.compile(r"\b(?:games?|spiele?n?)\b", re.I),
    "socks": re.compile(r"\b(?:socks?|socken)\b", re.I),
    "fields": re.compile(r"\b(?:fields?|felder?n?)\b", re.I),
    "sets": re.compile(
        r"\b(?:\w*sets?|(?:card\s+)?combos?|combinations?|\w*kombination(?:en)?)\b", re.I
    ),
}
#: the units that fit a question counting gold: gold, and the coins it is paid in
_FITS = {"gold": ("gold", "coins")}
#: what a question counts: the words right after "how many" or "how much" ("How many failed
#: rolls", "How many of 300 games", "Wie viele Fehlwürfe", "Wie viel Gold")
_HOW_MANY = re.compile(
    r"\b(?:how\s+many|how\s+much|wie\s+viele?)\s+((?:[^\s?.,:;!]+\s+){0,3}[^\s?.,:;!]+)",
    re.I,
)


def asks_for(*prompts: str) -> str:
    """What the question (its prompt, in each language) counts, as one of the things a pupil
    may name after a number: ``"rolls"``, ``"stars"``, ``"points"``, ``"gold"``, ``"coins"``,
    ``"tokens"``, ``"pupils"``, ``"games"``, ``"socks"``, ``"fields"`` or ``"sets"``; ``""`` when it
    counts something else (placements, hands) or
    asks no "how many". A unit naming another of them is then asked again (``40 gold`` for a
    number of rolls)."""
    for prompt in prompts:
        for asked in _HOW_MANY.finditer(str(prompt)):
            for word in asked[1].split():
                for thing, words in _COUNTED.items():
                    if words.fullmatch(word):
                        return thing
    return ""


def _other_unit(typed: Any, counts: str) -> str:
    """The thing a unit typed after the number names (``"gold"`` for ``40 gold``, ``"points"``
    for ``4,5 Punkte``) when it is not what the question counts (``counts``, :func:`asks_for`);
    ``""`` when the unit fits (``40 Würfe``), names nothing the marking knows, or is only what
    the number is made of, in brackets (``4 (gold + 1 silver)``)."""
    if not counts or not isinstance(typed, str):
        return ""
    unit = re.sub(r"\([^()]*\)", " ", typed)
    if any(_COUNTED[fits].search(unit) for fits in _FITS.get(counts, (counts,))):
        return ""
    named = [
        (m.start(), i, thing)
        for i, (thing, words) in enumerate(_COUNTED.items())
        if (m := words.search(unit))
    ]
    return min(named)[2] if named else ""  # the first named ("4.5 points per roll": points)


#: the things of the lessons a pupil may name after a number by mistake (``40 dragons`` for a
#: number of rolls): where the question counts another, such a word is asked about, whatever
#: else is typed beside it (``40 failed turns``, ``We expect 40 dragons``). A word the marking
#: does not know (``40 misslungen``, ``4 for sure``, ``40 bananas``) is never asked about: it is
#: left out, as a word that says more (it may well be fair)
_THINGS = re.compile(
    r"dragons?|drachens?|drache|griffins?|\w*greif(?:e|en|s)?|cards?|\w*karten?|colou?rs?|"
    r"\w*farben?|residents?|\w*bewohner\w*|jugglers?|gaukler\w*|marbles?|murmeln?|turns?|"
    r"z(?:ü|ue)ge?n?|zug|knights?|ritter\w*|adventurers?|abenteurer\w*|wizards?|zauberer\w*|"
    r"thie(?:f|ves)|dieb(?:e|en)?|runners?|\w*l(?:ä|ae)ufer\w*|amulets?|amulett\w*",
    re.I,
)


def _strange_unit(typed: str, counts: str) -> str:
    """A thing of the lessons named after the number (``dragons`` of ``40 dragons``, ``forty
    dragons`` or ``We expect 40 dragons``) where the question counts another (``counts``,
    :func:`asks_for`), the word as typed, for the question to name; "" when what is counted is
    named too (``15 gold cards``), or no such thing is."""
    if not counts or not isinstance(typed, str):
        return ""
    spelled = words_to_digits(_clean(typed) or "")  # "forty dragons": "40 dragons"
    first = re.search(r"\d", spelled)
    after = re.sub(r"\([^()]*\)", " ", spelled[first.start() :] if first else "")
    if any(_COUNTED[fits].search(after) for fits in _FITS.get(counts, (counts,))):
        return ""  # what the number is made of, in brackets, is left out above
    for word in re.findall(r"[^\W\d_][^\W\d_'’]*", after):
        if _THINGS.fullmatch(word):
            as_typed = re.search(re.escape(word), typed, re.I)  # the pupil's own capitals
            return (as_typed[0] if as_typed else word)[:_MAX_WORD]
    return ""


#: words that speak of a chance: the word itself, odds such as "1 game in 3" or "1 von 9
#: Würfen", a percentage
_CHANCE_WORDS = re.compile(
    r"\b(?:chances?|probabilit(?:y|ies)|odds|wahrscheinlichkeit(?:en)?)\b|\d\s*%|"
    r"\b(?:percent|prozent)\b|\b\d+\s+(?:[^\W\d_]+\s+){0,2}(?:in|von|out of)\s+\d+",
    re.IGNORECASE,
)


def names_a_chance(*words: str) -> bool:
    """Do ``words`` (a question's prompt or hint, in either language) speak of a chance: the word
    chance or probability, odds such as "1 roll in 9" (``1 von 9 Würfen``) or a percentage? Only
    then is a number that a total times a rounded chance gives named as the rounded chance."""
    return any(_CHANCE_WORDS.search(str(w)) for w in words)


def question_terms(*prompts: str) -> dict[str, Any]:
    """What a question's words (its prompt in each language) tell :func:`check_number`: the
    keywords ``average``, ``totals``, ``wholes``, ``points``, ``each``, ``tokens``, ``chance``
    and ``counts``, worked out in one place for the lessons' boxes, the class server and the walk
    tool alike."""
    return {
        "chance": names_a_chance(*prompts),
        "average": any(asks_average(p) for p in prompts),
        "totals": question_totals(*prompts),
        "wholes": question_wholes(*prompts),
        "points": any(asks_points(p) for p in prompts),
        "each": any(asks_each(p) for p in prompts),
        "tokens": any(asks_tokens(p) for p in prompts),
        "counts": asks_for(*prompts),
    }


def _tokens_for_points(typed: Any) -> bool:
    """Is ``typed`` a number of coins or tokens (``4 gold``, ``4 Goldmünzen``), not of points?
    Words in brackets say what the number is made of (``4 (gold + 1 silver)``): not a unit."""
    if not isinstance(typed, str):
        return False
    unit = re.sub(r"\([^()]*\)", " ", typed)
    return bool(_TOKEN_WORD.search(unit)) and not _POINTS_WORD.search(unit)


def _not_tokens_for_tokens(typed: Any) -> bool:
    """Is ``typed`` a number of points or of one kind of token (``7 gold``, ``7 Punkte``,
    ``7 Münzen``), not of tokens? Words in brackets say what the number is made of: not a unit."""
    if not isinstance(typed, str):
        return False
    unit = re.sub(r"\([^()]*\)", " ", typed)
    other = _TOKEN_WORD.search(_ALL_TOKENS_WORD.sub(" ", unit)) or _POINTS_WORD.search(unit)
    return bool(other) and not _ALL_TOKENS_WORD.search(unit)


#: a whole number written in a question: digits, with thousands in groups (``2,000``, ``2.000``)
_WHOLE_IN_WORDS = re.compile(
    r"(?<![\d.,])\d{1,3}(?:[,.]\d{3})+(?![\d.,]\d)|(?<![\d.,])\d+(?![\d]|[.,]\d)"
)


def question_totals(*prompts: str) -> frozenset[int]:
    """The whole numbers a question's prompt names (in each of its languages): the totals a
    count may be given "of" (``100 of 300`` for "How many of 300 games is that?")."""
    found: set[int] = set()
    for prompt in prompts:
        for number in _WHOLE_IN_WORDS.findall(str(prompt)):
            found.add(int(re.sub(r"[,.]", "", number)))
    return frozenset(found)


#: a whole the question itself takes a count "of": "How many of 300 games", "wie viele von 300"
_WHOLE_OF = re.compile(r"\b(?:of|von)\s+(\d{1,3}(?:[,.]\d{3})+|\d+)(?![\d]|[.,]\d)")


def question_wholes(*prompts: str) -> frozenset[int]:
    """The wholes a question's prompt takes a count of (``300`` in "How many of 300 games is
    that?", ``3`` and ``300`` in "1 von 3 Spielen ... Wie viele von 300 Spielen"); empty for a
    question that names none ("How many tokens must the deal hand out?")."""
    return frozenset(
        int(re.sub(r"[,.]", "", number))
        for prompt in prompts
        for number in _WHOLE_OF.findall(str(prompt))
    )


def _counts_of(
    found: list[Reading], exact: Fraction, totals: Iterable[int], wholes: Iterable[int] = ()
) -> list[Reading]:
    """A count written as a part of a whole where the answer is a count: "k of N" with N a
    total the question names (``100 of 300``, ``40 von 360``, ``100 in 300``), or, where the
    question takes its count of no whole (``wholes``, :func:`question_wholes`, is empty), "k of
    N" in words that name a part of any whole (``7 of 9``, ``7 of the 9``, ``7 out of 9``, ``7
    von den 9``, ``7 der 9``: the count 7, told with the tokens it is taken from). Each is read
    as the count k too (first), so it is marked as the k it gives. Any other ratio (``1 in 9``,
    ``100 of 200`` for "How many of 300 games?") stays the fraction it states."""
    if answer_kind(exact) != "count":
        return found
    totals = set(totals)
    free = not set(wholes)
    counts = []
    for r in found:
        below = r.typed_below
        if r.form == "ratio" and below is not None and ((free and r.part_of) or below in totals):
            k = r.value * below
            if k.denominator == 1:
                shown = str(k.numerator)
                counts.append(Reading(k, "whole", 0, len(shown.lstrip("0")), shown, _step(shown)))
    return [*counts, *found]


def _lead(x: Fraction) -> Fraction:
    """The place of the first digit of ``x`` (0.1 for 0.326, 1 for 4.67, 10 for 18)."""
    x = abs(x)
    power = len(str(x.numerator)) - len(str(x.denominator))
    place = Fraction(10) ** power
    while place > x:
        place /= 10
    while place * 10 <= x:
        place *= 10
    return place


def _cut(x: Fraction, step: Fraction) -> Fraction:
    """``x`` cut off (not rounded) at ``step``."""
    units = abs(x) / step
    cut = Fraction(units.numerator // units.denominator) * step
    return cut if x >= 0 else -cut


def rounds_to(value: Fraction, x: Fraction, step: Fraction) -> bool:
    """Is ``value`` the number ``x`` rounded to ``step`` as schools round, a half up (away from
    0): 0.88 for 0.875, not 0.87, which is 0.875 cut off?"""
    gap = abs(Fraction(value)) - abs(Fraction(x))
    return -step / 2 < gap <= step / 2


def _judge(reading: Reading, exact: Fraction, estimate: bool | None = None) -> tuple[str, str]:
    """(grade, why) of one reading against ``exact`` by the module's rule: grade "right",
    "close", "nearly" or "wrong"; why says more ("cut", "coarse", "count", "range").
    ``estimate`` says whether a simple fraction may be an estimate of the chance (see
    :func:`estimates`)."""
    value = reading.value
    kind = answer_kind(exact) if exact else "count"
    if reading.form == "percent" and kind != "chance":  # 400% for 4 things is no count
        return "wrong", "percent_" + kind
    if value == exact:
        return "right", ""
    if kind == "chance" and (value < 0 or value > 1):
        return "wrong", "range"
    if kind == "count" and value.denominator != 1:
        return "wrong", ""
    step = reading.step
    if kind == "chance" and reading.exact_form and _estimate(reading, exact, estimate):
        return "close", "estimate"
    if kind == "chance" and value in (0, 1) and not reading.exact_form and exact != 0:
        # 0 for 1/27 or 1 for 19/20: never or always, the chance rounded to a whole number, as 5
        # for an average of 4.5 is: rounded too much, almost (not counted). A zero has no
        # digit to round at (0, 0.0 and 0% are one rounding): it is rounded to a whole number
        # Only a chance less than a tenth from it is so rounded: 0% for 40% says "impossible",
        # not "almost" (and 1 for 3/4 is the named mistake of adding the chances)
        whole = step if step is not None else Fraction(1)
        near = abs(value - exact) < Fraction(1, 10)
        return ("nearly", "coarse") if near and rounds_to(value, exact, whole) else ("wrong", "")
    if reading.exact_form or step is None or exact == 0 or (value < 0) != (exact < 0):
        return "wrong", ""
    lead = _lead(exact)
    cut = step <= lead and value == _cut(exact, step)  # cut off, not rounded (87% for 87.5%)
    if rounds_to(value, exact, min(step, lead)):  # exact, rounded to the last digit typed
        if step <= lead / 10:  # two digits of it or more
            return ("nearly", "count") if kind == "count" else ("right", "")
        if kind == "chance":
            return "close", ""
        if kind == "count":  # a big count rounded to its first digit: 10 million
            return ("nearly", "count") if exact >= BIG_COUNT else ("wrong", "")
        return "nearly", "coarse"
    if kind == "chance" and step > lead and rounds_to(value, exact, step):
        return "close", "coarse"  # 0.1 or 10% for 1/12 = 8.3%: rounded to tenths
    if kind == "chance" and step <= lead / 10 and cut:
        return "close", "cut"  # 32% for 32.6%: never below 30%
    if kind == "chance" and step <= lead / 10 and abs(value - exact) < reach(exact):
        # 45% for 4/9 = 44.4%: less than one unit off in the second digit (41% for 2/5 = 40%
        # is a whole unit off: a two-digit answer has nothing to round there)
        return "close", "near"
    if kind != "count" and cut:
        return "nearly", "cut"
    if kind == "chance" and _estimate(reading, exact, estimate):  # 1 in 4 for 26.9%
        return "close", "estimate"
    return "wrong", ""


def reach(exact: Any) -> Fraction:
    """How far from the chance ``exact`` an answer typed with two digits or more must stay
    below to be close: one unit of the answer's second digit, the same width for every chance
    (``45%`` or ``43.5%`` for 4/9 = 44.4%, ``16%`` for 7/46 = 15.2%, ``22%`` for 3/14 = 21.4%;
    not ``48%``, ``17%`` or ``23%``). A two-digit answer claims two digits: farther off, it is
    a wrong number, not a rough one (a one-digit answer, ``40%`` for 4/9, is judged as the
    one-digit rounding it is)."""
    x = Fraction(exact)
    if not 0 < x < 1:
        return Fraction(0)
    return _lead(x) / 10


#: a count from this size on may be given rounded ("almost"); a smaller round number is a miss
BIG_COUNT = 1000
#: a fraction typed with at most this denominator is a simple fraction: for a chance whose
#: fraction pupils do not compute exactly, ``1/4`` or ``1 in 4`` is an estimate, marked like the
#: one-digit rounding it stands for
SIMPLE = 10
#: unless the lesson says otherwise (:func:`estimates`), a chance whose reduced denominator is at
#: most this is a fraction pupils are asked to compute exactly (``4/25``, ``1/27``, ``7/8``): a
#: simple fraction typed for it is no estimate but a wrong fraction (``1/5`` for 4/25); above it
#: (``185/689``) it is an estimate
COMPUTED = 30


def estimates(exact: Any, estimate: bool | None = None) -> bool:
    """May a simple fraction be an estimate of the chance ``exact``? ``estimate`` is what the
    lesson says of the question (its text's ``marking`` key): False where pupils compute the
    chance exactly (``marking: exact``: 7/46 and 3/14 in the Heroes card lesson, where pupils
    count the cards), True where they estimate it (``marking: estimate``); None (no key) leaves
    it to the chance: an estimate is fair when its reduced denominator is above
    :data:`COMPUTED` (185/689: beyond what pupils compute), not for 4/25 or 1/27."""
    if estimate is not None:
        return bool(estimate)
    return Fraction(exact).denominator > COMPUTED


def _estimate(reading: Reading, exact: Fraction, estimate: bool | None = None) -> bool:
    """Is ``reading`` an estimate of the chance ``exact``, which is no fraction pupils compute
    exactly (:func:`estimates`): a simple fraction (its denominator as typed at most
    :data:`SIMPLE`: ``1/5``, ``1 in 5``, not ``5/25``) that rounds to the same first digit of
    ``exact`` as ``exact`` does (a half rounded up)? ``1/4`` or ``1 in 4`` for 185/689 (26.9%),
    as ``0.3`` is. A decimal or a percentage is none (``25%``): it is judged by its digits, so
    that a nearer one never fares worse (``28%`` is not close to 26.9%, so ``25%`` is not)."""
    value = reading.value
    below = reading.typed_below if reading.typed_below is not None else value.denominator
    if not estimates(exact, estimate) or not 0 < value < 1:
        return False
    if not reading.exact_form:  # a decimal or a percentage is judged by its digits alone: a
        return False  # nearer one never fares worse (28% for 26.9% is not close, so 25% is not)
    if below > SIMPLE:
        return False
    lead = _lead(exact)
    cut = _cut(exact, lead)
    same = [m for m in (cut, cut + lead) if rounds_to(m, exact, lead)]
    return any(rounds_to(m, value, lead) for m in same)


def simple_estimates(exact: Any) -> list[Fraction]:
    """The simple fractions (denominator at most :data:`SIMPLE`) other than the chance ``exact``
    that round to the same first digit as it does (a half rounded up), the nearest first: what
    a pupil who estimates may type (``1/3``, ``3/10``, ``2/7``, ``1/4`` for 15/46 = 32.6%). They
    are close where an estimate is fair (:func:`estimates`) and wrong fractions where it is
    not."""
    x = Fraction(exact)
    if not 0 < x < 1:
        return []
    lead = _lead(x)
    cut = _cut(x, lead)
    same = [m for m in (cut, cut + lead) if rounds_to(m, x, lead)]
    found = {
        Fraction(top, below)
        for below in range(2, SIMPLE + 1)
        for top in range(1, below)
        if any(rounds_to(m, Fraction(top, below), lead) for m in same)
    }
    found.discard(x)
    return sorted(found, key=lambda v: (abs(v - x), v))


def grade(reading: Reading, exact: Fraction, estimate: bool | None = None) -> str:
    """The grade of one reading against the exact answer by the module's rule, leaving out the
    named mistakes: "right", "close", "percent" (right or close as the percentage a bare number
    stands for), "nearly" or "wrong". ``estimate``: see :func:`estimates`."""
    exact = Fraction(exact)
    found, _ = _judge(reading, exact, estimate)
    if found in ("right", "close"):
        return found
    if _percent_query(reading, exact, estimate):
        return "percent"
    return found


def _as_percent(reading: Reading, exact: Fraction) -> Reading | None:
    """A bare number above 1 and at most 100, typed for a chance, read as a percentage."""
    if answer_kind(exact) != "chance" or reading.form not in ("whole", "decimal"):
        return None
    if not 1 < reading.value <= 100 or reading.step is None:
        return None
    return replace(reading, value=reading.value / 100, form="percent", step=reading.step / 100)


def _percent_query(reading: Reading, exact: Fraction, estimate: bool | None = None) -> str | None:
    """The grade ("right" or "close") the bare number ``reading`` would get with a % sign, or
    None."""
    as_percent = _as_percent(reading, exact)
    if as_percent is None:
        return None
    found = _judge(as_percent, exact, estimate)[0]
    return found if found in ("right", "close") else None


#: the sentence of a named mistake whose value is also the answer cut off ("cut") or rounded
#: too much ("coarse": 1 for 3/4, the two dice's chances added, or 3/4 rounded)
_MISTAKE_TOO = {"cut": "mistake_cut", "coarse": "mistake_coarse"}

#: how good an outcome is, best first
_RANK = ("right", "mistake", "close", "percent", "opposite", "nearly", "wrong")


@dataclass(frozen=True)
class _Outcome:
    kind: str
    why: str = ""
    reading: Reading | None = None
    mistake: str = ""


def _outcome(
    reading: Reading, exact: Fraction, mistakes: Mistakes, estimate: bool | None = None
) -> _Outcome:
    # the named mistakes and the opposite are judged as the question is: where pupils compute
    # the chance exactly, a simple fraction is no estimate of a wrong model's value either
    found, why = _judge(reading, exact, estimate)
    if found == "right":
        return _Outcome("right", reading=reading)
    named = []
    for written, words, *built in mistakes:
        if not _fits_working(reading, built[0] if built else ""):
            continue  # the working typed is not the one this mistake writes
        value, below = _written(written)
        if reading.exact_form:  # 10/40 or 10 in 40 as the mistake writes it; 1/4 is no sign of it
            typed = reading.typed_below  # None for a calculation or a value computed in Python
            if reading.value != value or (None not in (below, typed) and below != typed):
                continue
        elif reading.value != value and _judge(reading, value, estimate)[0] != "right":
            continue  # a decimal or a percentage names it with two digits or more (or exactly)
        if found == "close" and why in ("", "coarse", "cut"):
            # 0.4 for 4/9 is a rounding of the answer like any other (4/10 is named), and so is
            # the answer cut off: 25% for 8/31 (25.8%) is close even where 10/40 = 25% is a
            # mistake. A decimal that is only near the answer and is a mistake's value is that
            # mistake: 14.9% for 7/46 (15.2%) is 7/47, the waterfall card counted
            break
        named.append((value, words))
    if len({value for value, _ in named}) == 1:
        # the mistake's value may also be the answer cut off or rounded too much: say both
        return _Outcome("mistake", why if why in _MISTAKE_TOO else "", reading, named[0][1])
    # a rounding that two wrong ways of thinking give alike (17% for 7/46: 9/54 and 7/41) names
    # neither: which one the pupil took is not known, so the question's hint is given
    if found == "close":
        return _Outcome("close", why, reading)
    as_percent = _as_percent(reading, exact)
    if as_percent is not None:  # "40" for a chance: judged as 40% is, reminded of the sign
        meant = _outcome(as_percent, exact, mistakes, estimate)
        if meant.kind in ("right", "close"):
            return _Outcome("percent", meant.kind, reading)
        if meant.kind == "mistake":
            return meant
    if answer_kind(exact) == "chance" and exact != Fraction(1, 2):
        # (only nearer the opposite than the answer: 0.5 for 0.55 is the answer cut off as much
        # as 0.45 rounded, and a pupil who cut it off is not told they read the question wrong)
        nearer = abs(reading.value - (1 - exact)) < abs(reading.value - exact)
        if nearer and _judge(reading, 1 - exact, estimate)[0] in ("right", "close"):
            return _Outcome("opposite", reading=reading)
    return _Outcome(found, why, reading)


def _number_only(reading: Reading, exact: Fraction) -> bool:
    """Is a percentage typed for a count or an amount the answer once its sign is dropped
    (``40%`` for 40, ``133.33%`` for 4/3 rounded), not only by its value (``4000%`` for 40)?"""
    step = reading.step if reading.step is not None else Fraction(0)
    return abs(100 * reading.value - exact) <= 50 * step


def _written(mistake: Fraction | str) -> tuple[Fraction, int | None]:
    """A named mistake's value and, when it is given as the fraction the wrong way of thinking
    writes (``"10/40"``), the denominator it is written with (None otherwise: any form of its
    value names it)."""
    if isinstance(mistake, str):
        written = _FRACTION.match(mistake.strip())
        if written:
            return Fraction(mistake.strip()), int(written[3])
    return Fraction(mistake), None


def _best(
    found: Iterable[Reading], exact: Fraction, mistakes: Mistakes, estimate: bool | None = None
) -> _Outcome:
    outcomes = [_outcome(r, exact, mistakes, estimate) for r in found]
    return min(outcomes, key=lambda o: _RANK.index(o.kind))


# ---------------------------------------------------------------------------------------------
# words
# ---------------------------------------------------------------------------------------------
def _m(key: str, lang: str, **params: Any) -> str:
    return _core_t("marking", key, lang, **params)


def _decimal_text(x: Fraction, places: int, lang: str) -> str:
    """``x`` with ``places`` decimals, a half rounded up as :func:`rounds_to` does (1.125 is
    1.13), never a float's rounding."""
    units = abs(x) * 10**places + Fraction(1, 2)
    whole = units.numerator // units.denominator
    digits = str(whole).rjust(places + 1, "0")
    shown = ("-" if x < 0 and whole else "") + (
        f"{digits[:-places]}.{digits[-places:]}" if places else digits
    )
    if "." in shown:
        shown = shown.rstrip("0").rstrip(".")
    return shown.replace(".", ",") if lang == "de" else shown


def _percent_text(x: Fraction, places: int, lang: str) -> str:
    shown = _decimal_text(100 * x, places, lang)
    return f"{shown} %" if lang == "de" else f"{shown}%"


def _short(x: Fraction) -> bool:
    """Does ``x`` end within two decimals (``87.5``, ``0.25``)?"""
    return (x * 100).denominator == 1


def exact_text(exact: Any, lang: str = "en") -> str:
    """An exact answer as the marking shows it, never calling a rounding exact: a whole number
    with its thousands grouped (``10,077,696``); a chance as its fraction and its percentage,
    marked "about" when that is rounded (``3/4 = 75%``, ``1/27, about 3.7%``); any other number
    as its fraction and decimal (``9/2 = 4.5``, ``14/3, about 4.67``)."""
    from .show import plain_number

    x = Fraction(exact)
    if x.denominator == 1:
        return plain_number(x.numerator, lang)
    if 0 < x < 1:
        if _short(100 * x):
            return f"{x} = {_percent_text(x, 2, lang)}"
        lead = _lead(100 * x)
        places = 1 if lead >= 1 else len(str(lead.denominator))  # two digits of a tiny chance
        return _m("about", lang, fraction=x, value=_percent_text(x, places, lang))
    if _short(x):
        return f"{x} = {_decimal_text(x, 2, lang)}"
    return _m("about", lang, fraction=x, value=_decimal_text(x, 2, lang))


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


#: a number with the letter O among its digits or right after them (``8O``, ``1OO``, ``1O5``,
#: ``0.O4``): the letter typed for the digit 0
_LETTER_O = re.compile(r"(?<![^\W\d_])\d+(?:[.,]?\d)*[.,]?[oO](?:[.,]?[\doO])*(?![^\W\d_])")


def _unreadable(exact: Fraction, lang: str, young: bool) -> str:
    kind = answer_kind(exact) if exact else "count"
    if kind == "count":
        return _m("unreadable_count", lang)
    if kind == "amount":
        return _m("unreadable_amount", lang)
    return _m("unreadable_young", lang) if young else _core_t("core", "lesson.unreadable", lang)


def placeholder(exact: Any, lang: str = "en", young: bool = False) -> str:
    """The answer box's grey example text, fitting the answer's kind and the age band (a count
    asks for a number, never for a percentage)."""
    kind = answer_kind(exact) if Fraction(exact) else "count"
    if kind == "count":
        return _m("type_count", lang)
    if kind == "amount":
        return _m("type_amount", lang)
    return _m("type_young", lang) if young else _core_t("core", "lesson.type_answer", lang)


def _right(exact: Fraction, lang: str) -> Verdict:
    """Right: a whole number is simply the answer ("Right! The answer is 15."); a fraction or a
    decimal is named exactly, with its value (a rounding typed is never called exact)."""
    key = "right_whole" if exact.denominator == 1 else "right"
    return Verdict(True, _m(key, lang, value=exact_text(exact, lang)), "right")


def _message(
    outcome: _Outcome, exact: Fraction, hint: str, lang: str, young: bool = False
) -> Verdict:
    kind = outcome.kind
    if kind == "right":
        return _right(exact, lang)
    if kind == "close":
        key = {"cut": "close_cut", "coarse": "close_coarse", "near": "close_near"}.get(
            outcome.why, "close"
        )
        return Verdict(True, _m(key, lang, value=exact_text(exact, lang)), kind)
    if kind == "mistake":
        key = _MISTAKE_TOO.get(outcome.why, "mistake")
        return Verdict(False, _m(key, lang, mistake=outcome.mistake), kind)
    if kind == "percent":  # counted like the percentage, with a reminder of its sign
        reading = outcome.reading
        assert reading is not None
        places = (reading.decimals or 0) + 2
        decimal = _decimal_text(Fraction(reading.number) / 100, places, lang)  # 0.4, not 0.40
        typed = _typed_percent(reading.number, lang)
        if outcome.why == "right" and young:  # the younger band is not asked for decimals
            sentence = _m("percent_right_young", lang, value=typed)
        elif outcome.why == "right":
            sentence = _m("percent_right", lang, value=typed, decimal=decimal)
        else:
            sentence = _m("percent_close", lang, value=typed, exact=exact_text(exact, lang))
        return Verdict(True, sentence, kind)
    if kind == "opposite":
        return Verdict(False, _m("complement", lang), kind)
    if kind == "nearly":
        nearly = {"cut": "nearly_cut", "coarse": "nearly_coarse", "count": "nearly_count"}
        if outcome.why == "cut" and outcome.reading is not None:
            if outcome.reading.step is not None and outcome.reading.step >= _lead(exact):
                # a chance rounded to its first digit is close, so rounding is advice enough; an
                # average rounded to its first digit (5 for 4.5) is rounded too much
                one = "nearly_cut_one" if answer_kind(exact) == "chance" else "nearly_cut_one_more"
                return Verdict(False, _m(one, lang), kind)
        return Verdict(False, _m(nearly[outcome.why], lang), kind)
    if outcome.why in ("percent_count", "percent_amount"):
        # a percentage where a number is asked is a slip of form, whatever its number: a box with
        # one try keeps its try and says only that a number is asked (the same words for 7%, 70%
        # and 700% when 7 is asked); an exercise says more
        reading = outcome.reading
        once = _m(f"once_{outcome.why}", lang)
        if reading is not None and not _number_only(reading, exact):
            # 11.1% or 4000% for 40 rolls, 540% for 5.4: dropping the sign would not give the
            # answer, so the pupil is asked for the number itself
            other = _m(f"not_{outcome.why}_other", lang)
            return Verdict(False, other, "wrong", slip=True, slip_message=once)
        # 40% for 40: only the sign is wrong
        return Verdict(False, _m(f"not_{outcome.why}", lang), "wrong", slip=True, slip_message=once)
    if outcome.why == "range":
        return Verdict(False, _m("range", lang, hint=hint), "wrong")
    reading = outcome.reading
    if reading is not None and reading.form == "percent" and reading.exact_form:
        # "3/4 %": three quarters of one per cent, which the pupil rarely means
        number = reading.number.replace(".", ",") if lang == "de" else reading.number
        # a slip of form, whatever the fraction (4/9 % or 1/2 % for 4/9)
        return Verdict(False, _m("fraction_percent", lang, number=number), "wrong", slip=True)
    if reading is not None and reading.form == "percent" and _decimal_with_percent(reading, exact):
        # "0.33%" for 1/3: the decimal with a % sign, a hundred times too small
        number = reading.number.replace(".", ",") if lang == "de" else reading.number
        return Verdict(False, _m("decimal_percent", lang, number=number), "wrong", slip=True)
    if outcome.why in ("whole_count", "share_amount"):
        return Verdict(False, _m(f"not_{outcome.why}", lang, hint=hint), "wrong")
    return Verdict(False, _core_t("core", "lesson.wrong", lang, hint=hint), "wrong")


def _decimal_with_percent(reading: Any, exact: Fraction) -> bool:
    """Is a percentage (``0.33%``) typed for the chance ``exact`` a decimal with a % sign: a
    number below 1 with the sign, where the chance is 1% or more? Decided by the form alone
    (``0.9%`` for 1/3 as ``0.33%``), so a box with one try that keeps its try for it gives
    nothing away."""
    if answer_kind(exact) != "chance" or exact < Fraction(1, 100):
        return False
    try:
        return 0 < Fraction(reading.number) < 1
    except (TypeError, ValueError, ZeroDivisionError):
        return False


def check_number(
    typed: Any,
    exact: Fraction,
    hint: str,
    lang: str = "en",
    mistakes: Mistakes = (),
    young: bool = False,
    average: bool = False,
    estimate: bool | None = None,
    totals: Iterable[int] = (),
    wholes: Iterable[int] = (),
    points: bool = False,
    each: bool = True,
    tokens: bool = False,
    chance: bool = False,
    counts: str = "",
) -> Verdict:
    """Mark ``typed`` against the number ``exact`` by the module's rule. ``mistakes`` are the
    question's named mistakes (value, sentence in ``lang``); ``young`` picks the words of the
    younger age band (no decimals) for a chance that cannot be read; ``average`` says the answer
    is an average (:func:`asks_average`) even when it is a whole number, so a percentage typed
    for it is told "a number such as an average", not "a number of things"; ``estimate`` says
    whether a simple fraction may be an estimate of the chance (False where the lesson has pupils
    compute it exactly, ``marking: exact``; see :func:`estimates`); ``totals`` are the whole
    numbers the question names (:func:`question_totals`): for a count, "k of N" with N among
    them is read as the count k; ``wholes`` are the wholes it takes a count of
    (:func:`question_wholes`): where there are none, "k of N", "k of the N", "k von den N" is
    read as the count k whatever N is; ``points`` says the question asks how many points
    (:func:`asks_points`): a number of coins or tokens (``4 gold``) is then asked again as points,
    whatever its number (no try is used); ``each`` says the question asks about each one
    (:func:`asks_each`): where it does not, the right count typed as "7 each" or "je 7" is
    asked again as one number for the whole (no try is used); ``tokens`` says the question asks
    how many tokens (:func:`asks_tokens`): a number of points or of one kind of token (``7
    gold``, ``7 Punkte``) is then asked again as a number of tokens, whatever its number (no try
    is used); ``chance`` says the question's prompt speaks of a chance (:func:`names_a_chance`):
    only there, or where ``hint`` does, is a total times a rounded chance named as such
    (:func:`_rounded_chance`), never in a question that has no chance; ``counts`` is what the
    question counts (:func:`asks_for`: ``"rolls"``, ``"stars"``...): a count or an average typed
    with a unit that names another of those things (``40 gold``, ``4,5 Punkte`` for stars) is
    asked again as what the question counts, whatever its number (no try is used). A ratio written with a
    sign that may also state odds (``2:3``, ``3 zu 2``) is asked
    about where the answer is a chance and either reading could be meant: its odds are the
    answer, or it would be a chance greater than 1 (no try is used)."""
    typed = _plain(typed)
    exact = Fraction(exact)
    if _empty(typed):
        return Verdict(False, _core_t("core", "lesson.empty", lang), "empty")
    if not each and isinstance(typed, str) and _EACH_TYPED.search(typed):
        # the right number "each" is not the count asked for (7 each, for three, are 21); a
        # wrong one is marked as it is (3 each is the named mistake of a share for each)
        read = check_number(
            typed,
            exact,
            hint,
            lang,
            mistakes,
            young,
            average,
            estimate,
            totals,
            wholes=wholes,
            points=points,
            tokens=tokens,
            chance=chance,
            counts=counts,
        )
        if read.right and answer_kind(exact) == "count":
            return Verdict(False, _m("count_not_each", lang), "unreadable")
        return read
    if points and _tokens_for_points(typed):
        return Verdict(False, _m("points_not_tokens", lang), "unreadable")
    if tokens and _not_tokens_for_tokens(typed):
        return Verdict(False, _m("tokens_not_points", lang), "unreadable")
    other = _other_unit(typed, counts) if answer_kind(exact) != "chance" else ""
    if other:
        # 40 gold for 40 failed rolls, 4,5 Punkte for 4.5 stars: another thing than the question
        # counts, asked again as that thing, whatever the number (no try is used)
        what, unit = _m(f"unit.{counts}", lang), _m(f"unit.{other}", lang)
        how = _m(f"unit_how.{counts}", lang)
        return Verdict(False, _m("unit_other", lang, what=what, unit=unit, how=how), "unreadable")
    pairs = _PAIRS.match(typed) if isinstance(typed, str) else None
    if pairs and answer_kind(exact) == "count":
        # "5 pairs" for 5 socks are 10 socks: not marked, the pupil is asked for the count one by
        # one (no try is used); no question asks for a number of pairs
        counted = [r.value for r in read_answer(pairs[1], lang) if r.value.denominator == 1]
        if len(counted) == 1:
            n = int(counted[0])
            return Verdict(False, _m("pairs", lang, n=n, twice=2 * n), "unreadable")
    letter_o = _LETTER_O.search(typed) if isinstance(typed, str) else None
    if letter_o:
        # "8O", "1OO", "0.O4": the letter O typed for the digit 0 (read before, the O was left
        # out as a one-letter unit: "8O" was marked 8, "1OO" 1); not marked, asked again
        meant = re.sub(r"[oO]", "0", letter_o[0])
        return Verdict(False, _m("letter_o", lang, typed=letter_o[0], meant=meant), "unreadable")
    found = read_answer(typed, lang)
    if not found:
        return Verdict(False, _unreadable(exact, lang, young), "unreadable")
    strange = _strange_unit(typed, counts) if answer_kind(exact) != "chance" else ""
    if strange:
        # "40 dragons", "5 Farben": another thing of the lessons than the question counts; asked
        # again as the thing it counts, as "40 gold" is (no try is used)
        what, how = _m(f"unit.{counts}", lang), _m(f"unit_how.{counts}", lang)
        unit = _m("quoted", lang, word=strange)
        return Verdict(False, _m("unit_other", lang, what=what, unit=unit, how=how), "unreadable")
    if answer_kind(exact) == "chance" and any(_odds_to_ask(r, exact) for r in found):
        # "2 zu 3" for 2 gold coins against 3 silver ones (2/5): right as odds, the named
        # mistake 2/3 as a chance; "3 zu 2", silver against gold, is no chance read as 3/2; the
        # box cannot tell, so it asks (no try is used) for the chance written one way only,
        # naming no number: neither the answer nor the mistake
        return Verdict(False, _m("odds", lang, typed=_quoted(typed)), "unreadable")
    outcome = _best(_counts_of(found, exact, totals, wholes), exact, mistakes, estimate)
    if average and outcome.kind == "wrong" and outcome.why == "percent_count":
        outcome = _Outcome("wrong", "percent_amount", outcome.reading)
    elif _part_for_count(outcome, exact, found, totals):
        # an average need not be whole (7 points on average): the box says only that a number
        # of things is asked
        outcome = _Outcome("wrong", "share_amount" if average else "whole_count", outcome.reading)
    # a total times the chance rounded is named as such, also where its product happens to be a
    # rounding of the count ("225 * 0.8" = 180 for 7/9 of 225 = 175: not "rounded too much")
    missed = (outcome.kind == "wrong" and not outcome.why) or outcome.kind == "nearly"
    if missed and (chance or names_a_chance(hint)):
        rounded = _rounded_chance(found, typed, exact, totals, lang)
        if rounded is not None:
            return rounded
    return _message(outcome, exact, hint, lang, young)


#: a rounded chance is looked for with at most this many decimals (0.111111)
_CHANCE_DECIMALS = 6


def _rounded_chance(
    found: list[Reading], typed: Any, exact: Fraction, totals: Iterable[int], lang: str
) -> Verdict | None:
    """The named mistake of working a number out from a chance rounded, where the question asks
    for a number that is a total it names times a chance its prompt or hint speaks of (40 failed
    rolls of the 360, 1 in 9 failing): ``39.96``, ``39,96``, ``360 * 0.111``, ``360 * 11.1%`` or ``360 * 0.1`` give the
    total times the chance rounded or cut off (0.111, 11.1%, 0.1), so the box names the rounded
    chance and asks for the exact one, as a fraction. A decimal typed on its own names it only
    when the chance it gives has two digits or more (``36.0`` is no sign of 0.1), a whole number
    only when it is worked out with a rounded number (``36`` alone is a plain miss). None when
    the answer is itself a chance or nothing typed is such a number."""
    if answer_kind(exact) == "chance" or exact <= 0:
        return None
    text = _clean(typed) if isinstance(typed, str) else None
    text = _operators(text) if text else None  # 11.1% of 360 is 11.1% * 360
    worked = bool(text and _ROUNDED_OPERAND.search(text) and _TIMES_OR_SHARE.search(text))
    for reading in found:
        if reading.exact_form or (reading.value.denominator == 1 and not worked):
            continue
        for total in sorted(set(totals)):
            chance, used = exact / total, reading.value / total
            places = _decimal_places(used) if 0 < used < 1 < total else None
            if places is None or not 0 < chance < 1 or used == chance:
                continue
            digits = len(str((used * 10**places).numerator))
            if places > _CHANCE_DECIMALS or (digits < 2 and not worked):
                continue
            if abs(used - chance) < Fraction(1, 10**places):  # rounded or cut off at its last digit
                percent = bool(text and "%" in text)
                shown = (
                    _percent_text(used, max(places - 2, 0), lang)
                    if percent
                    else _decimal_text(used, places, lang)
                )
                sentence = _m("rounded_chance", lang, rounded=shown, fraction=chance)
                return Verdict(False, sentence, "mistake")
    return None


def _part_for_count(
    outcome: _Outcome, exact: Fraction, found: Iterable[Reading] = (), totals: Iterable[int] = ()
) -> bool:
    """Is ``outcome`` a plain "not yet" for a share where the question asks how many (a count,
    or an average that is one: ``1/9`` for the 40 failed rolls expected of 360)? The box says
    so, and the one try of an exit ticket then says why it was used. A share is a decimal or a
    fraction between 0 and 1 (``0.7``, ``7/9``); a ratio between 0 and 1 written as a chance,
    not as a part of a whole (``1 in 9``, ``1 zu 9``, ``1:9``); or a ratio in any words that is
    the chance that gives the answer from a total the question names (``1 in 9`` or ``1 von 9``
    for the 40 failed rolls of 360, ``1 in 3`` or ``1 of 3`` for 100 of 300 games): the pupil
    typed the chance where its count is asked. Any other "k of n" is a count of n
    (``7 of 32`` pupils, ``5 of the 9`` tokens) and is marked as that count. ``found`` are the
    readings of what was typed."""
    reading = outcome.reading
    if outcome.kind != "wrong" or outcome.why or reading is None:
        return False
    if answer_kind(exact) != "count":
        return False
    if reading.form in ("decimal", "fraction") and 0 < reading.value < 1:
        return True
    totals = set(totals)
    return any(
        r.form == "ratio"
        and 0 < r.value < 1
        and ((r is reading and not r.part_of) or any(r.value * total == exact for total in totals))
        for r in (reading, *found)
    )


def _only_odds_right(reading: Reading, exact: Fraction) -> bool:
    """Is ``reading`` a ratio such as ``2 zu 3`` whose odds (2 against 3: 2/5) are ``exact``
    while its everyday reading (2/3) is not?"""
    if not reading.odds or not reading.typed_below or reading.value == exact:
        return False
    wins = reading.value * reading.typed_below
    return wins / (wins + reading.typed_below) == exact


def _odds_to_ask(reading: Reading, exact: Fraction) -> bool:
    """Where the answer ``exact`` is a chance: is ``reading`` a ratio that may be odds and is
    read two ways, either one whose odds are the answer (:func:`_only_odds_right`) or one such as
    ``3 zu 2`` whose everyday reading (3/2) is no chance at all, so that odds (3 against 2)
    may be meant as much as the ratio turned round (2/3)?"""
    return _only_odds_right(reading, exact) or (reading.odds and reading.value > 1)


def _quoted(typed: Any) -> str:
    """What the pupil typed, as a message quotes it (one line, short)."""
    return re.sub(r"\s+", " ", str(typed)).strip()[:_MAX_INPUT]


#: German letters as a keyboard without them writes them: "aufhoeren" is "aufhören"
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
#: the everyday spellings of "noch einmal" (once more): "nochmal", "noch mal", "nochmals"
_ONCE_MORE = re.compile(r"\bnoch\s*(?:ein)?mals?\b")


def _spelled(text: str) -> str:
    """One spelling for the ways a German word is written: umlauts as ae, oe, ue and ß as ss,
    and "noch einmal", "noch mal", "nochmals" as "nochmal"."""
    return _ONCE_MORE.sub("nochmal", text.translate(_UMLAUTS))


#: a count typed in pairs: "5 pairs", "5 Paar", "fünf Paare"
_PAIRS = re.compile(r"^\s*(.+?)\s+(?:pairs?|paare?n?)\.?\s*$", re.I)


def _word(text: str) -> str:
    cleaned = unicodedata.normalize("NFKC", text).strip().strip("'\"„“”«» ").casefold()
    return _spelled(re.sub(r"\s+", " ", cleaned))


def check_choice(
    typed: Any,
    right: str,
    accepted: dict[str, str],
    hint: str,
    lang: str = "en",
    labels: Sequence[str] = (),
) -> Verdict:
    """Is ``typed`` the choice ``right``? ``accepted`` maps each word a pupil may type (any
    language) to the choice it means; a choice whose value is a number may be typed as any form
    of that number. ``labels``, the choices as the pupil sees them, are what an unreadable
    answer is asked to be one of (without them: the words that are their own choice)."""
    typed = _plain(typed)
    if _empty(typed):
        return Verdict(False, _core_t("core", "lesson.empty", lang), "empty")
    if isinstance(typed, numbers.Integral) and not isinstance(typed, bool):
        try:
            typed = str(int(typed)) if abs(int(typed)) < 10**30 else ""
        except Exception:  # noqa: BLE001 - an odd integer must not raise
            typed = ""
    if not isinstance(typed, str) or len(typed) > _MAX_INPUT:
        return _unknown_choice(accepted, lang, labels)
    word = _word(str.__str__(typed))
    by_word = {_word(w): c for w, c in accepted.items()}
    choice = by_word.get(word)
    if choice is None and _hedged(word, accepted, by_word):
        return _unknown_choice(accepted, lang, labels)  # "A or B": two answers are none
    if choice is None:
        choice = _choice_by_words(word, accepted)
    if choice is None:
        choice = _leading_choice(word, accepted, by_word)
    if choice is None:
        values = {read_number(c): c for c in set(accepted.values())}
        values.pop(None, None)
        found = read_answer(word, lang)
        right_value = read_number(right)
        if right_value is not None and any(_only_odds_right(r, right_value) for r in found):
            return _unknown_choice(accepted, lang, labels)  # "1 zu 8" for "1 in 9": odds?
        matches = {values[r.value] for r in found if r.value in values}
        if len(matches) == 1:
            choice = matches.pop()
    if choice is None:
        choice = _place_choice(word, accepted)
    if choice is None:
        return _unknown_choice(accepted, lang, labels)
    if choice == right:
        return Verdict(True, _core_t("core", "lesson.right_choice", lang), "right")
    return Verdict(False, _core_t("core", "lesson.wrong", lang, hint=hint), "wrong")


#: words around a choice that do not change it: "I would stop.", "Ich würde aufhören", "you
#: should stop", "Du solltest aufhören",
#: "the turn fails", "black and red" (the order of the things named does not count either);
#: "only black" names the same faces as "black", "nur Schwarz" as "Schwarz"
_FILLER = frozenset(
    _spelled(w)
    for w in (
        "i i'd would will choose pick take say think guess believe maybe perhaps probably it it's "
        "its is the a an answer my to and or only just you "
        "we he she they should shall "
        "ich würde nehme wähle sage sagen denke glaube glaub meine vielleicht "
        "wahrscheinlich es er ist die der das den dem ein eine antwort und oder nur bloß "
        "man du wir sie würdest sollte solltest soll sollst sollten"
    ).split()
)

#: a German verb's separable part at the end of a sentence belongs to the verb: "ich höre auf"
#: is "aufhören", "ich würfle weiter" is "weiterwürfeln"
_PARTICLES = frozenset("auf weiter an ab aus ein mit zurueck vor".split())

#: endings of word forms (fails/fail, würfelst/würfeln/würfle, misslingt/misslingen, and a German
#: adjective's endings: großer, großen, großem, große/groß); a word keeps at least 3 letters
_ENDINGS = ("en", "er", "em", "st", "es", "e", "n", "t", "s")


#: words that deny or count nothing keep their own form: "nicht" is no form of "nichts"
_NEGATIONS = frozenset(
    "not no none never nobody nothing don't nicht nichts kein keine keinen keiner nie niemand".split()
)


def _form(word: str) -> str:
    """One form for the forms of a word: ``fails`` and ``fail``, ``würfelst``, ``würfeln`` and
    ``würfle``, ``misslingt`` and ``misslingen``, ``großer``, ``großen`` and ``große``."""
    if len(word) < 4 or not word.isalpha() or word in _NEGATIONS:
        return word
    stripped = True
    while stripped:  # "residents", "resident": one form
        stripped = False
        for ending in _ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                word = word[: -len(ending)]
                stripped = True
                break
    return re.sub(r"([^aeiouäöü])e([lr])$", r"\1\2", word)  # würfel / würfl


#: everyday words for yes and no, read as the word a choice names: "nope", „nö“
_SAYINGS = {
    **dict.fromkeys("nope nah naw".split(), "no"),
    **dict.fromkeys("yep yeah yup".split(), "yes"),
    **dict.fromkeys("ne noe nee noeoe".split(), "nein"),
    **dict.fromkeys("jo jep jap jup jupp".split(), "ja"),
}


#: a number in brackets after a name, as the lessons write a piece's strength: "thief (2)"
_BRACKETED_NUMBER = re.compile(r"(?<=\w)\s*\(\s*\d+\s*\)")


def _choice_words(text: str) -> frozenset[str]:
    # "thief (2)" is "thief": the strength after a piece's name, typed or in a choice's label
    text = _BRACKETED_NUMBER.sub(" ", text)
    # "player1" and "Spieler1" are "player 1" and "Spieler 1": a digit right after a letter
    spaced = re.sub(r"(?<=[^\W\d_])(?=\d)", " ", _word(text).replace("’", "'"))
    words = [_SAYINGS.get(w, w) for w in re.findall(r"[\w']+", spaced)]
    if len(words) > 1 and words[-1] in _PARTICLES:
        words = [*words[:-2], words[-1] + words[-2]]
    kept = frozenset(_form(w) for w in words if w not in _FILLER)
    return kept or frozenset(words)  # "a" alone is the choice A


_ALTERNATIVES = re.compile(r"\s*(?:\bor\b|\boder\b|\band\b|\bund\b|/|,|&)\s*")


def _hedged(word: str, accepted: dict[str, str], by_word: dict[str, str]) -> bool:
    """Does ``word`` name two different choices ("A or B", "A/B", "class A, class B")? A choice
    whose own words are the words typed ("red and black" for "black and red") is no hedge.
    ``by_word`` is ``accepted`` keyed by its words as :func:`check_choice` compares them."""
    parts = [p for p in _ALTERNATIVES.split(word) if p.strip()]
    if len(parts) < 2:
        return False
    raw = frozenset(re.findall(r"[\w'’]+", word))
    if any(frozenset(re.findall(r"[\w'’]+", w)) == raw for w in by_word):
        return False
    found = set()
    for part in parts:
        choice = by_word.get(_word(part)) or _choice_by_words(_word(part), accepted)
        if choice is None:
            return False
        found.add(choice)
    return len(found) >= 2


def _choice_by_words(word: str, accepted: dict[str, str]) -> str | None:
    """The one choice whose words (without fillers, in any order, without punctuation) are the
    words typed, or None: ``stop.``, ``I would stop``, ``class B.``, ``red and black`` for
    "black and red"."""
    typed = _choice_words(word)
    if not typed:
        return None
    found = {c for w, c in accepted.items() if _choice_words(w) == typed}
    return found.pop() if len(found) == 1 else None


#: a choice said first, then a reason, however it is joined on: "no, Cleo gets 2", „Nein: Cleo
#: bekommt 2“, "no because Cleo gets 2", „Spieler 3 weil er gleichzieht“, "Player 3 (he ties)",
#: "no - Cleo gets 2" (a comma or a full stop inside a number, "5,4", splits nothing)
_REASON_WORDS = "because|cause|cos|since|as|weil|denn|da|wegen"
_LEADING = re.compile(
    rf"^(.+?)(?:[,;:!?.]\s+|\s*\(\s*|\s+[-–—]\s+|\s+(?:{_REASON_WORDS})\b\s*)(.+)$"
)


def _leading_choice(word: str, accepted: dict[str, str], by_word: dict[str, str]) -> str | None:
    """The choice named before the first comma, colon, full stop, bracket, dash or word such as
    "because"/"weil", when the words after it (the pupil's reason) name no word of another
    choice ("no, Cleo gets 2" and "no because Cleo gets 2" are "no"; "Anna, no, Ben" is no
    answer); None otherwise."""
    found = _LEADING.match(word)
    if found is None:
        return None
    head, reason = found[1].strip(), found[2]
    choice = by_word.get(head) or _choice_by_words(head, accepted)
    if choice is None:
        return None
    others = frozenset().union(*(_choice_words(w) for w, c in accepted.items() if c != choice))
    return None if _choice_words(reason) & others else choice


#: an ordinal a pupil types for a numbered place ("third", "3rd", „dritter“, „3.“), read as its
#: number; "a third", "one third" and „ein Drittel“ are fractions and stay what they are, and a
#: German ordinal has its ending („achte“: „acht“ alone is eight)
_ORDINAL_EN = {
    word: n
    for n, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth".split(), start=1
    )
}
_ORDINAL_DE = {
    **{
        stem: n
        for n, stem in enumerate(
            "erst zweit dritt viert fuenft sechst siebt acht neunt zehnt".split(), start=1
        )
    },
    "siebent": 7,
}
_ORDINAL = re.compile(
    r"(?<!\ba )(?<!\ban )(?<!\bone )\b(?:(\d{1,2})(?:st|nd|rd|th|\.(?!\d))"
    rf"|({'|'.join(_ORDINAL_EN)})|({'|'.join(_ORDINAL_DE)})(?:e|er|en|em|es))(?!\w)"
)
#: a choice that names a numbered place: "Player 3", „Spielerin 3“, "dragon 2"
_PLACE = re.compile(r"^([^\W\d_][^\d]*?)\s*(\d{1,2})$")


def _ordinal(found: re.Match[str]) -> str:
    if found[1]:
        return found[1]
    return str(_ORDINAL_EN[found[2]] if found[2] else _ORDINAL_DE[found[3]])


def _place_choice(word: str, accepted: dict[str, str]) -> str | None:
    """The choice a pupil names by its place with an ordinal ("third", "the 3rd player", „der
    dritte Spieler“, „Dritte“ for "Player 3"), where the choices name numbered places: the one
    choice whose place has that number and whose name holds every other word typed. None where
    nothing is typed as an ordinal, or the choices are no places ("3" is a count, not "third")."""
    placed = _ORDINAL.sub(_ordinal, word)
    if placed == word:
        return None
    typed = _choice_words(placed)
    numbers = {w for w in typed if w.isdigit()}
    if len(numbers) != 1:
        return None
    (number,) = numbers
    found = set()
    for name, choice in accepted.items():
        place = _PLACE.match(_word(name))
        if place and place[2] == number and typed - {number} <= _choice_words(place[1]):
            found.add(choice)
    return found.pop() if len(found) == 1 else None


def _unknown_choice(accepted: dict[str, str], lang: str, labels: Sequence[str] = ()) -> Verdict:
    shown_choices = labels or sorted({w for w, c in accepted.items() if c == w} or accepted)
    opening, closing = ("„", "“") if lang == "de" else ("“", "”")
    shown = ", ".join(f"{opening}{c}{closing}" for c in shown_choices)
    return Verdict(
        False, _core_t("core", "lesson.unknown_choice", lang, choices=shown), "unreadable"
    )


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


def _number(x: Any) -> Fraction | None:
    """A plain number (not a bool) as a Fraction, or None."""
    if isinstance(x, bool) or not isinstance(x, numbers.Number):
        return None
    found = readings(x)
    return found[0].value if found else None


def _near(f: float, value: Fraction) -> bool:
    """Equal up to the error of float arithmetic."""
    target = float(value)
    return abs(f - target) <= 1e-9 * max(1.0, abs(target))


def check_value(
    value: Any,
    exact: Any,
    hint: str,
    lang: str = "en",
    items: Callable[[], Iterable[Any]] | None = None,
    mistakes: Mistakes = (),
    estimate: bool | None = None,
    source: str | None = None,
) -> Verdict:
    """Is ``value`` (what a pupil's Python computed) the answer? ``exact`` is a number (a
    Fraction); ``items``, when given, are the things the answer counts (a pupil may give the
    list of them instead of its length); ``mistakes`` are the task's named mistakes;
    ``estimate`` as for :func:`check_number`; ``source``, when known, is the text of the
    pupil's cell (a decimal typed there with a comma is then named as typed). ``...`` (the cell
    not yet filled in) asks the pupil to write the answer above; odd objects get a kind
    sentence."""
    try:
        return _check_value(value, Fraction(exact), hint, lang, items, mistakes, estimate, source)
    except Exception:  # noqa: BLE001 - whatever a pupil's object does, the pupil gets words
        return Verdict(False, _core_t("core", "lesson.code_unreadable", lang), "unreadable")


def _check_value(
    value: Any,
    exact: Fraction,
    hint: str,
    lang: str,
    items: Callable[[], Iterable[Any]] | None,
    mistakes: Mistakes,
    estimate: bool | None = None,
    source: str | None = None,
) -> Verdict:
    if value is ...:
        return Verdict(False, _core_t("core", "lesson.code_empty", lang), "empty")
    if isinstance(value, bool) or value is None:
        return Verdict(False, _core_t("core", "lesson.code_unreadable", lang), "unreadable")
    if isinstance(value, str):
        # good = '27': a number in quotes is text to Python, whatever number it shows
        shown = str.__str__(value)
        if len(shown) <= _MAX_INPUT and read_answer(shown, lang):
            # '16' loses its quotes; 'sixteen' without them is a name Python does not know
            key = "code_text" if re.search(r"\d", shown) else "code_text_words"
            return Verdict(False, _m(key, lang, text=repr(shown)), "wrong")
        return Verdict(False, _core_t("core", "lesson.code_unreadable", lang), "unreadable")
    chance = answer_kind(exact) == "chance"
    slip = _code_slip(value, exact, lang, mistakes)
    if slip is not None:
        return slip
    if isinstance(value, float) or (
        isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational)
    ):
        f = float(value)
        if f == f and _near(f, exact):
            return _right(exact, lang)
        for wrong, words, *_ in mistakes:
            if f == f and _near(f, Fraction(wrong)):
                return Verdict(False, _m("mistake", lang, mistake=words), "mistake")
        if chance and f == f and exact != Fraction(1, 2) and _near(f, 1 - exact):
            return Verdict(False, _m("complement", lang), "opposite")
        if chance and f == f and 1 < f <= 100:
            return _code_percent(f, exact, hint, lang, mistakes, estimate)
        return _code_number(value, exact, hint, lang, mistakes, estimate)
    if isinstance(value, numbers.Rational) or isinstance(value, (str, Decimal)):
        number = _number(value)
        if chance and number is not None and 1 < number <= 100:
            return _code_percent(
                value if isinstance(value, numbers.Integral) else number,
                exact,
                hint,
                lang,
                mistakes,
                estimate,
            )
        if chance and number == 0 and isinstance(value, numbers.Integral):
            return Verdict(False, _m("code_zero", lang), "wrong")
        return _code_number(value, exact, hint, lang, mistakes, estimate)
    listed = _collection(value)
    if listed is None:
        return Verdict(False, _core_t("core", "lesson.code_unreadable", lang), "unreadable")
    numbers_in = [_number(x) for x in listed]
    plain_tuple = isinstance(value, tuple) and all(n is not None for n in numbers_in)
    if plain_tuple and (items is None or _multiset(listed) != _multiset(items())):
        if len(listed) == 2:  # chance = 0,109 or good = 27,0: Python made a pair
            return _comma_pair(listed, exact, lang, source)
        if len(listed) == 1:  # chance = 5/46, or good = 36 - 9,
            return Verdict(False, _m("code_trailing_comma", lang), "unreadable")
    if items is None:
        if listed and all(n is not None for n in numbers_in):
            total = sum(n for n in numbers_in if n is not None)
            if total == exact:
                return Verdict(False, _m("code_sum", lang), "wrong")
            if len(listed) != exact:
                return Verdict(False, _m("code_numbers", lang, n=len(listed), hint=hint), "wrong")
        return Verdict(
            False, _core_t("core", "lesson.code_count", lang, n=len(listed)), "unreadable"
        )
    wanted = list(items())
    if _multiset(listed) == _multiset(wanted):
        return Verdict(
            True,
            _core_t(
                "core", "lesson.code_listed", lang, n=len(wanted), value=exact_text(exact, lang)
            ),
            "right",
        )
    if (
        listed
        and wanted
        and all(isinstance(w, tuple) for w in wanted)
        and all(n is not None for n in numbers_in)
    ):
        # good = [a for a in faces if a not in bad]: the good faces, where squares are pairs
        return Verdict(False, _m("code_not_pairs", lang), "wrong")
    for wrong, words, *_ in mistakes:
        if len(listed) == Fraction(wrong):
            return Verdict(False, _m("mistake", lang, mistake=words), "mistake")
    if len(listed) == len(wanted):
        return Verdict(False, _core_t("core", "lesson.code_same_count", lang, hint=hint), "wrong")
    return Verdict(False, _core_t("core", "lesson.wrong", lang, hint=hint), "wrong")


#: how much of a pupil's cell is searched for a decimal typed with a comma
_MAX_SOURCE = 2000
#: a decimal typed with a comma (``1,6``): digits on both sides, no name, point or digit around
_DECIMAL_COMMA = re.compile(r"(?<![\w.])(\d+),(\d+)(?![\w.])")


def _comma_pair(pair: Sequence[Any], exact: Fraction, lang: str, source: str | None) -> Verdict:
    """Python made a pair of two numbers where the pupil typed a decimal with a comma. When the
    cell's text shows the comma in a calculation (``punkte = 1,6 * 10`` makes 1 and 60), the
    sentence names the decimal as typed and as Python writes it (1.6): the method may be right.
    When the pair is the typed decimal itself (``punkte = 1,6``, ``good = 27,0``), or the text is
    unknown, it says how Python writes that number, and for a count that the answer is a whole
    number. When the text shows no decimal at all (``points = 2, 6*3``), the comma joined two
    parts: it says so, and invents no decimal."""
    a, b = (_shown_number(x) for x in pair)
    code = re.sub(r"#.*", "", source) if isinstance(source, str) else ""
    typed = _DECIMAL_COMMA.search(code[:_MAX_SOURCE])
    if typed is not None and (typed[1], typed[2]) != (a, b):
        whole, part = typed[1], typed[2]
        sentence = _m(
            "code_decimal_comma", lang, a=a, b=b, point=f"{whole}.{part}", written=f"{whole},{part}"
        )
        return Verdict(False, sentence, "unreadable")
    if code.strip() and typed is None:
        # points = 2, 6*3: the comma joins two parts, no decimal was typed (not "2.18")
        return Verdict(False, _m("code_comma_parts", lang, a=a, b=b), "unreadable")
    key = "code_comma" if answer_kind(exact) != "count" else "code_tuple_comma"
    return Verdict(False, _m(key, lang, a=a, b=b), "unreadable")


def _code_slip(value: Any, exact: Fraction, lang: str, mistakes: Mistakes) -> Verdict | None:
    """The slips of a number computed in Python that the rules of :func:`check_number` do not
    name: a count times 100 (``* 100``), a share where a count is asked, the two numbers of a
    chance added up (``5 + 46`` for 5/46). None when ``value`` is none of them (or a named
    mistake, which its own sentence names)."""
    number = _number(value)
    if number is None or number == exact:
        return None
    if isinstance(value, float) and _near(float(value), exact):
        return None
    if any(number == Fraction(m[0]) for m in mistakes):
        return None
    kind = answer_kind(exact) if exact else "count"
    if kind == "count":
        if exact and _close_to(value, number, exact * 100):
            return Verdict(False, _m("code_count_percent", lang), "percent")
        if 0 < number < 1:
            return Verdict(False, _m("code_count_share", lang), "wrong")
        return None
    if kind == "chance" and number.denominator == 1 and number > 1:
        total = exact.numerator + exact.denominator
        if number % total == 0 and number // total <= 100:  # (6 - 1) + (54 - 8)
            return Verdict(False, _m("code_plus", lang), "wrong")
    return None


def _close_to(value: Any, number: Fraction, target: Fraction) -> bool:
    if isinstance(value, float):
        return _near(float(value), target)
    return number == target


def _shown_number(x: Any) -> str:
    if isinstance(x, numbers.Integral):
        return str(int(x))
    return repr(float(x)) if isinstance(x, float) else str(x)


def _code_percent(
    value: Any,
    exact: Fraction,
    hint: str,
    lang: str,
    mistakes: Mistakes,
    estimate: bool | None = None,
) -> Verdict:
    """A number above 1 for a chance: a percentage (``5/46*100``, ``10.9``) gets "divide it by
    100 (or leave out the * 100)"."""
    if isinstance(value, float) and _near(value / 100, exact):
        return Verdict(False, _m("code_percent", lang), "percent")
    if isinstance(value, (float, numbers.Integral)):
        typed = f"{_shown_number(value)}%"
        verdict = check_number(typed, exact, hint, lang, mistakes, estimate=estimate)
    else:
        typed_value = Fraction(value) / 100
        verdict = check_number(typed_value, exact, hint, lang, mistakes, estimate=estimate)
    if verdict.kind in ("right", "close"):
        return Verdict(False, _m("code_percent", lang), "percent")
    if verdict.kind == "mistake":
        return verdict
    return Verdict(False, _m("range", lang, hint=hint), "wrong")


def _code_number(
    value: Any,
    exact: Fraction,
    hint: str,
    lang: str,
    mistakes: Mistakes,
    estimate: bool | None = None,
) -> Verdict:
    verdict = check_number(value, exact, hint, lang, mistakes, estimate=estimate)
    if verdict.kind == "percent":  # never "write the % sign": Python has none
        return Verdict(False, _m("code_percent", lang), "percent")
    if verdict.kind == "unreadable":
        return Verdict(False, _core_t("core", "lesson.code_unreadable", lang), "unreadable")
    return verdict


def other_name(variable: str, names: Iterable[str]) -> str | None:
    """The name a pupil most likely meant as ``variable`` among ``names`` (a misspelling, other
    capitals), or None."""
    names = [n for n in names if isinstance(n, str) and n != variable and n.isidentifier()]
    for name in names:
        if name.casefold() == variable.casefold():
            return name
    close = difflib.get_close_matches(variable, names, n=1, cutoff=0.75)
    if close:
        return close[0]
    for name in names:  # two letters swapped, which the ratio misses in a short name (bda, bad)
        if _swapped(variable.casefold(), name.casefold()):
            return name
    return None


def _swapped(a: str, b: str) -> bool:
    """Is ``a`` the word ``b`` with two neighbouring letters swapped?"""
    if len(a) != len(b) or len(a) < 2 or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


# ---------------------------------------------------------------------------------------------
# errors in a lesson's cells
# ---------------------------------------------------------------------------------------------
_NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "null": 0, "eins": 1, "zwei": 2, "drei": 3, "vier": 4,
    "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "hundred": 100,
    "hundert": 100,
}  # fmt: skip
_BUILTINS = ("len", "sum", "print", "range", "round", "max", "min", "abs", "list", "sorted")


def _error_line(error: BaseException, source: str | None) -> tuple[int, str]:
    line = getattr(error, "lineno", None) or 1
    text = getattr(error, "text", None)
    if not text and source:
        lines = source.splitlines()
        text = lines[line - 1] if 0 < line <= len(lines) else ""
    return int(line), (text or "").strip()


def explain_error(
    error: BaseException,
    lang: str = "en",
    names: Iterable[str] = (),
    variable: str = "answer",
    source: str | None = None,
    line: int | None = None,
) -> str | None:
    """A kind sentence in ``lang`` that names the mistake behind ``error`` in a pupil's cell:
    a SyntaxError (a missing bracket, ``x`` for times, a % sign, an indented line...), a
    NameError (a misspelt name, with the likeliest of ``names`` meant), ``sum`` of things that
    are no numbers, a division by 0. ``variable`` is the name the cell is to set, ``source`` the
    cell's text and ``line`` the line that failed, when known. None for any other error (Python's
    own message is shown then)."""
    try:
        return _explain(error, lang, list(names), variable, source, line)
    except Exception:  # noqa: BLE001 - a sentence, or Python's own message: never a new error
        return None


def _explain(
    error: BaseException,
    lang: str,
    names: list[str],
    variable: str,
    source: str | None,
    line: int | None,
) -> str | None:
    if isinstance(error, SyntaxError):
        return _explain_syntax(error, lang, variable, source)
    where = line or 1
    if isinstance(error, NameError):
        name = getattr(error, "name", None)
        if not name:
            found = re.search(r"name '([^']+)'", str(error))
            name = found[1] if found else "?"
        if name.casefold() in _NUMBER_WORDS:
            return _m("error.name_number", lang, name=name, number=_NUMBER_WORDS[name.casefold()])
        like = other_name(name, [variable, *names, *_BUILTINS])
        if like is not None:
            return _m("error.name_like", lang, name=name, like=like)
        return _m("error.name", lang, name=name)
    if isinstance(error, TypeError):
        message = str(error)
        if re.match(
            r"unsupported operand type\(s\) for \+: 'int' and '(tuple|str|list)'", message
        ) and (not source or "sum(" in source):
            return _m("error.sum_things", lang)
        code = ""
        if source:
            lines = source.splitlines()
            code = lines[where - 1].strip() if 0 < where <= len(lines) else ""
        number = re.match(r"object of type '(int|float|Fraction)' has no len\(\)", message)
        if number:
            return _with_argument("error.len_number", _argument("len", code), lang)
        several = re.match(r"sum\(\) takes at most 2 arguments", message)
        if several or (
            re.match(r"'(int|float|Fraction)' object is not iterable", message) and "sum(" in code
        ):
            what = _argument("sum", code)
            if several or "," in (what or ""):  # sum(5, 46): several numbers, not one list
                return _with_argument("error.sum_several", what, lang)
            return _with_argument("error.sum_number", what, lang)
        return None
    if isinstance(error, ZeroDivisionError):
        return _m("error.zero_division", lang, line=where)
    return None


def _argument(function: str, code: str) -> str | None:
    """What stands in the brackets of ``function(...)`` in ``code`` (``27`` in ``len(27)``), or
    None when the line does not show it."""
    found = re.search(rf"\b{function}\(\s*([^()]{{1,30}}?)\s*\)", code)
    return found[1] if found else None


def _with_argument(key: str, what: str | None, lang: str) -> str:
    """The sentence ``key`` quoting what stands in the brackets, or, when the line is not known,
    its ``_unknown`` twin, which speaks of "its brackets" (no words stand in for the code)."""
    return _m(key, lang, what=what) if what is not None else _m(f"{key}_unknown", lang)


def _explain_syntax(error: SyntaxError, lang: str, variable: str, source: str | None) -> str:
    line, code = _error_line(error, source)
    message = error.msg or ""
    if isinstance(error, IndentationError) and "unexpected indent" in message:
        return _m("error.indent", lang, line=line)
    bracket = re.search(r"'([(\[{])' was never closed", message)
    if bracket:
        return _m("error.unclosed", lang, line=line, bracket=bracket[1])
    if "unexpected EOF" in message or "incomplete input" in message:
        text = source or code
        for opening, closing in ("()", "[]", "{}"):
            if text.count(opening) > text.count(closing):
                return _m("error.unclosed", lang, line=line, bracket=opening)
        if text.count('"') % 2 or text.count("'") % 2:
            return _m("error.quote", lang, line=line)
    unmatched = re.search(r"unmatched '([)\]}])'", message)
    if unmatched:
        return _m("error.unmatched", lang, line=line, bracket=unmatched[1])
    if "does not match opening parenthesis" in message:
        return _m("error.unmatched", lang, line=line, bracket=message.split("'")[1])
    character = re.search(r"invalid character '(.)'", message)
    if character:
        char = character[1]
        if char in "×·⋅∙✕":
            return _m("error.times", lang, line=line)
        if char in "÷:":
            return _m("error.divide", lang, line=line)
        return _m("error.character", lang, line=line, char=char)
    if "leading zeros" in message:
        return _m("error.zero_lead", lang, line=line)
    if "unterminated string" in message or "unterminated triple" in message:
        return _m("error.quote", lang, line=line)
    if re.search(r"\d\s*%\s*(\)|$)", code):
        return _m("error.percent", lang, line=line)
    if re.search(r"[\d)]\s*x\s*[\d(]", code):
        return _m("error.times", lang, line=line)
    if re.search(r"\d\s*:\s*\d", code):
        return _m("error.divide", lang, line=line)
    if "cannot assign to" in message or "cannot assign" in message:
        return _m("error.assign", lang, line=line, variable=variable)
    glued = re.search(r"\b\d+[A-Za-z_]\w*", code)
    if "invalid decimal literal" in message and glued:
        return _m("error.glued", lang, line=line, word=glued[0])
    return _m("error.syntax", lang, line=line, code=code or "?")
