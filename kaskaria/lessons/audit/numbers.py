"""Numbers on screen and the forms of an answer: every fraction, ratio ("1 in 9", "4 of the
36"), percentage, decimal and whole number in a text, in either language, and whether one of
them shows a question's answer (see the package's docstring for the rules)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..answers import readings
from ..content import Question
from .notebook import _norm

#: whole numbers below this (and the round 100, 1,000, ...) need the question's unit beside them
#: to count as its answer
SMALL = 100


@dataclass(frozen=True)
class Number:
    """A number found in a text: its value, how far from it the number may be rounded (half a
    unit of its last digit; 0 for a whole number or a fraction), its kind and where it stands."""

    value: Fraction
    width: Fraction
    kind: str  # "fraction" (also a ratio in words), "percent", "decimal", "whole"
    decimals: int
    start: int
    end: int
    text: str
    #: the count on top of a fraction or ratio (``32`` of ``32 of the 36``)
    top: int | None = None


_SP = "[ \u00a0\u202f\u2009]"


def _number_pattern(lang: str, code: bool) -> str:
    if code:
        return r"\d+(?:\.\d+)?"
    dec, grp = (r"\.", ",") if lang == "en" else (",", r"\.")
    return rf"\d{{1,3}}(?:(?:{grp}|[\u00a0\u202f\u2009])\d{{3}})+(?:{dec}\d+)?|\d+(?:{dec}\d+)?"


def _value(number: str, lang: str, code: bool) -> tuple[Fraction, int]:
    text = re.sub("[\u00a0\u202f\u2009]", "", number)
    if not code:
        if lang == "en":
            text = text.replace(",", "")
        else:
            text = text.replace(".", "").replace(",", ".")
    decimals = len(text.partition(".")[2])
    return Fraction(text), decimals


_BEFORE = r"(?<![\w.,/\-])"
_AFTER = r"(?![\w/]|[.,]\d|-[A-Za-z])"
_RATIO_WORDS = {
    "en": r"in|of|of the|out of",
    "de": r"von|aus|der|von den|in",
}


#: the number of a section at the start of a Markdown heading: "## 3. ..." or "### 2) ..."
_SECTION_NUMBER = re.compile(r"^[ \t]*#{1,6}[ \t]+(\d+)(?=[.)](?:[ \t]|$))", re.MULTILINE)


def numbers_in(text: str, lang: str = "en", code: bool = False) -> list[Number]:
    """Every number in ``text``: fractions and ratios first, then percentages, decimals and whole
    numbers (``lang`` decides the decimal and thousands separators; ``code`` reads Python)."""
    number = _number_pattern(lang, code)
    found: list[Number] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= x or a >= y for x, y in taken)

    def add(shown: Number) -> None:
        found.append(shown)
        taken.append((shown.start, shown.end))

    if not code:
        # a Markdown heading's section number ("## 3. Playing a set") counts nothing
        taken += [m.span(1) for m in _SECTION_NUMBER.finditer(text)]

    for m in re.finditer(rf"{_BEFORE}(\d+){_SP}?/{_SP}?(\d+){_AFTER}", text):
        top, bottom = int(m[1]), int(m[2])
        if bottom and not m[1].startswith("0") and free(m.start(), m.end()):
            add(
                Number(
                    Fraction(top, bottom), Fraction(0), "fraction", 0, m.start(), m.end(), m[0], top
                )
            )
    if not code:
        words = _RATIO_WORDS.get(lang, _RATIO_WORDS["en"])
        ratio = (
            rf"{_BEFORE}(\d+|once|einmal)(?:[- ][^\W\d_]+)?{_SP}(?:{words}){_SP}({number}){_AFTER}"
        )
        for m in re.finditer(ratio, text, flags=re.IGNORECASE):
            below, _ = _value(m[2], lang, code)
            upper = int(m[1]) if m[1][0].isdigit() else 1
            if below.denominator == 1 and 0 < upper <= below and free(m.start(), m.end()):
                value = Fraction(upper) / below
                add(Number(value, Fraction(0), "fraction", 0, m.start(), m.end(), m[0], upper))
    percent_sign = rf"{_SP}?(?:%|percent\b|prozent\b)"
    for m in re.finditer(rf"{_BEFORE}({number}){percent_sign}", text, flags=re.IGNORECASE):
        if free(m.start(), m.end()):
            value, decimals = _value(m[1], lang, code)
            width = Fraction(1, 2 * 10**decimals) / 100
            add(Number(value / 100, width, "percent", decimals, m.start(), m.end(), m[0]))
    for m in re.finditer(rf"{_BEFORE}({number}){_AFTER}", text):
        if not free(m.start(), m.end()):
            continue
        raw = m[1]
        if len(raw) > 1 and raw.startswith("0") and not re.match(r"0[.,]\d", raw):
            continue  # 02 in a file name, a time, a code
        value, decimals = _value(raw, lang, code)
        if decimals:
            add(
                Number(
                    value,
                    Fraction(1, 2 * 10**decimals),
                    "decimal",
                    decimals,
                    m.start(),
                    m.end(),
                    raw,
                )
            )
        else:
            add(Number(value, Fraction(0), "whole", 0, m.start(), m.end(), raw))
    return sorted(found, key=lambda s: s.start)


# ---------------------------------------------------------------------------------------------
# the forms of an answer
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Form:
    """One way a question's answer can show: a number (``value``, give or take ``width``) or a
    phrase; ``units`` are the word stems a small whole number needs beside it."""

    question: str
    value: Fraction | None = None
    width: Fraction = Fraction(0)
    phrase: str = ""
    units: tuple[str, ...] = ()
    origin: str = "answer"  # "answer", "choice", "explanation", "giveaway"

    @property
    def whole(self) -> bool:
        return self.value is not None and self.width == 0 and self.value.denominator == 1

    @property
    def small(self) -> bool:
        """A whole number too common to count without its unit: below :data:`SMALL`, or a round
        100, 1,000, ..."""
        if not self.whole or self.value is None:
            return False
        n = abs(self.value.numerator)
        return n < SMALL or str(n).rstrip("0") == "1"

    def describe(self, lang: str) -> str:
        if self.phrase:
            return f'"{self.phrase}"'
        from ..show import exact_words, plain_number

        assert self.value is not None
        if self.width:
            import math

            places = max(0, round(math.log10(1 / (2 * self.width))))
            if 0 < self.value < 1:
                from ..show import percent

                return f"about {percent(self.value, lang, max(0, places - 2))}"
            shown = f"{float(self.value):.{places}f}"
            return f"about {shown.replace('.', ',') if lang == 'de' else shown}"
        if self.value.denominator == 1:
            return plain_number(self.value.numerator, lang)
        return exact_words(self.value, lang)


_COUNT = {
    "en": re.compile(r"^\s*count\s+(?:the\s+|all\s+)?([^\W\d_][\w'-]*)", re.IGNORECASE),
    "de": re.compile(
        r"^\s*zähle\s+(?:die\s+|den\s+|das\s+|alle\s+)?([^\W\d_][\w'-]*)", re.IGNORECASE
    ),
}
_UNIT = {
    "en": re.compile(
        r"\bhow\s+(?:many|much)\s+(?:(?:different|more|of\s+the\s+\d+|of\s+\d+|of\s+the|of)\s+)*([^\W\d_][\w'-]*)",
        re.IGNORECASE,
    ),
    "de": re.compile(
        r"\bwie\s+(?:viele|vielen|viel)\s+(?:(?:verschiedene|verschiedenen|mehr|der\s+\d+|von\s+\d+|der|von\s+den)\s+)*([^\W\d_][\w'-]*)",
        re.IGNORECASE,
    ),
}
_NOT_UNITS = {"is", "are", "of", "does", "do", "did", "can", "sind", "ist", "hat", "haben", "kann"}


def _stem(word: str) -> str:
    word = word.lower()
    for ending in ("ies", "es", "en", "er", "s", "n", "e"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def unit_stems(q: Question, lang: str) -> tuple[str, ...]:
    """The word (as a stem) a small whole answer needs beside it: the thing the question counts
    (``How many points...`` -> ``point``, ``Count the squares...`` -> ``square``)."""
    prompt = q.prompt[lang]
    found = _UNIT.get(lang, _UNIT["en"]).search(prompt) or _COUNT.get(lang, _COUNT["en"]).search(
        prompt
    )
    if not found or found[1].lower() in _NOT_UNITS:
        return ()
    return (_stem(found[1]),)


_OPERATOR = r"(?:[x×*·+\-−÷]|times|minus|plus|mal)"


def _explained(q: Question) -> list[tuple[Fraction, Fraction]]:
    """The result a choice question's explanation states first (a fraction with a slash, a
    decimal or a percentage that is no operand of a product or sum), with the decimal or
    percentage written right after it (``5/53 = 9.4%``, ``14/3, about 4.67``)."""
    text = q.explain["en"]
    out: list[tuple[Fraction, Fraction]] = []
    last_end = -1
    for shown in numbers_in(text, "en"):
        if shown.kind == "whole" or (shown.kind == "fraction" and "/" not in shown.text):
            continue
        before, after = text[: shown.start], text[shown.end :]
        if re.search(rf"{_OPERATOR}\s*$", before) or re.match(rf"\s*{_OPERATOR}\s", after):
            continue
        if out:
            gap = text[last_end : shown.start]
            if not re.fullmatch(r"\s*(?:=|,?\s*(?:about|nearly)|\()\s*", gap):
                break
        out.append((shown.value, shown.width))
        last_end = shown.end
    return out


def _form_of(qid: str, value: Any, origin: str, units: tuple[str, ...]) -> Form | None:
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return Form(qid, Fraction(value), units=units, origin=origin)
    if isinstance(value, str):
        found = readings(value)
        if found:
            r = found[0]
            if r.decimals is None or (r.decimals == 0 and r.form != "percent"):
                return Form(qid, r.value, units=units, origin=origin)
            unit = Fraction(1, 100) if r.form == "percent" else Fraction(1)
            return Form(
                qid, r.value, Fraction(1, 2 * 10**r.decimals) * unit, units=units, origin=origin
            )
    return None


def answer_forms(q: Question, lang: str) -> list[Form]:
    """Every form of ``q``'s answer the spoiler check looks for (see the module's docstring)."""
    units = unit_stems(q, lang)
    forms: list[Form] = []
    if q.kind == "choice":
        value = q.exact()
        form = _form_of(q.id, str(value), "choice", units)
        if form is not None:
            forms.append(form)
        for number, width in _explained(q):
            forms.append(Form(q.id, number, width, units=units, origin="explanation"))
    else:
        form = _form_of(q.id, Fraction(q.exact()), "answer", units)
        if form is not None:
            forms.append(form)
    for extra in q.giveaways:
        if isinstance(extra, dict):
            if extra.get(lang):
                forms.append(Form(q.id, phrase=str(extra[lang]), origin="giveaway"))
        else:
            form = _form_of(q.id, extra, "giveaway", units)
            if form is not None:
                forms.append(form)
    unique: dict[tuple[Any, ...], Form] = {}
    for f in forms:
        unique.setdefault((f.value, f.width, f.phrase), f)
    return list(unique.values())


def _context_ok(form: Form, shown: Number, text: str, code: bool) -> bool:
    """A small whole number counts only with the question's unit among the next two words
    (before any other number), or, when the question names no unit, as a sum's result in
    prose (``= 3``)."""
    if form.units:
        for word in re.findall(r"[^\W_][\w'-]*", text[shown.end : shown.end + 60])[:2]:
            if word[0].isdigit():
                return False
            if any(word.lower().startswith(stem) for stem in form.units):
                return True
        return False
    return not code and bool(re.search(r"\s=\s*$", text[max(0, shown.start - 3) : shown.start]))


def _matches(form: Form, shown: Number, text: str, code: bool) -> bool:
    assert form.value is not None
    if shown.value == 0 and form.value != 0:
        return False
    if form.whole:
        if shown.kind == "fraction":
            # a count on top of a ratio shows too: "32 of the 36 squares"
            if shown.top is None or shown.top != form.value:
                return False
        elif shown.kind == "percent" or shown.value != form.value:
            return False
        return _context_ok(form, shown, text, code) if form.small else True
    if shown.kind == "whole":
        return False
    chance = 0 < form.value < 1
    if shown.kind == "percent" and not chance:
        return False
    if shown.kind == "percent" and shown.value == 1:
        return False  # "100%" says certain, not a rounding of 99.8%
    if shown.kind == "decimal" and chance and shown.decimals < 2:
        return False
    return abs(shown.value - form.value) <= shown.width + form.width


def find_forms(
    forms: Sequence[Form], text: str, lang: str, code: bool = False
) -> list[tuple[Form, str, int]]:
    """Which of ``forms`` show in ``text``: ``(form, the text that shows it, where)``."""
    hits: list[tuple[Form, str, int]] = []
    numeric = [f for f in forms if f.value is not None]
    if numeric:
        for shown in numbers_in(text, lang, code):
            for form in numeric:
                if _matches(form, shown, text, code):
                    hits.append((form, shown.text, shown.start))
                    break
    # words are read as they are drawn: markdown's emphasis ("we may **multiply** their chances")
    # splits no phrase
    low = _norm(text if code else re.sub(r"[*_]+", "", text))
    for form in forms:
        if form.phrase and _norm(form.phrase) in low:
            hits.append((form, form.phrase, max(0, text.lower().find(form.phrase.lower()))))
    return hits
