"""The checks a lesson notebook must pass before a teacher can run it unchanged.

Pure Python: it reads the ``.ipynb`` JSON (the stored outputs of the last Run All) and the lesson
plans (:mod:`kaskaria.lessons.content`), and lists every violation with the index of its cell::

    python -m kaskaria.lessons.audit notebooks/02-dragon-battle-odds.ipynb
    python -m kaskaria.lessons.audit notebooks/de/02-dragon-battle-odds.ipynb --check spoilers
    python -m kaskaria.lessons.audit            # every lesson, both languages, and the twins

From Python: :func:`audit` (one notebook), :func:`audit_lesson` (a lesson in both languages and
its twin), or one check at a time (:func:`spoilers`, :func:`answer_key`, :func:`examples`,
:func:`one_period`, :func:`timing`, :func:`ending`, :func:`your_turn`, :func:`questions_asked`,
:func:`twin`). Each returns a list of :class:`Violation`; none means the lesson passes.

The checks and their rules
--------------------------
``spoilers``
    No cell a pupil sees before committing shows a question's answer, in markdown, code source, or
    any stored output (``text/plain``, ``text/html`` with its tags dropped, printed text).

    *Where:* for a prediction, from the heading of the section that holds ``L.predict("id")`` up to
    its ``L.reveal("id")`` (the prediction's own cell left out: its choices name the answer among
    others); for an exercise (``L.exercise``) and an exit ticket (``L.exit_ticket``), every cell
    above it; for a "your turn" task, every cell above ``L.check_code("id", ...)`` and that cell's
    own output. The answer of an exercise inside an earlier reveal counts: a pupil who opened it
    has seen it.

    *What counts as the answer (its forms):* the plan's exact answer of a number, exit-ticket or
    code question; for a choice question its value when that is a number (``126``, ``1 in 9``),
    and the first result its explanation states as a fraction with a slash, a decimal or a
    percentage, with the decimal or percentage written right after it (``5/53 = 9.4%``, ``14/3,
    about 4.67``; operands of a product or sum such as ``2/6 times 2/6``, ratios in words and
    whole numbers are not taken); and each question's own ``giveaways`` (numbers, or phrases per
    language: what a table or a story would give away in words, such as "Stopping is better").

    *How a number on screen matches a form:* fractions (``1/27``, ``4/36``) and ratios (``1 in
    27``, ``1 roll in 9``, ``once in 1,296``, ``5 of 46``, ``4 of the 36``, ``1 von 27``, ``1 Wurf
    von 9``, ``4 der 36``) by their exact value; percentages (``3.7%``, ``3,7 %``, ``4%``) and
    decimals (``0.037``, ``0,04``) when they lie within half a unit of their last digit (plus the
    rounding of the form itself, for a form taken from an explanation) of the form: ``4%`` and
    ``0.04`` match 1/27, ``10%`` and ``0.4`` do not; a chance never matches a decimal with fewer
    than 2 decimals, a percentage matches only a chance, and 0 matches nothing but 0.
    Whole numbers match exactly, written with their thousands grouped in either language
    (``10,077,696``, ``10.077.696``), and as the count on top of a ratio (``32 of the 36``).
    Numbers are read in the notebook's language (so ``0,5`` is no number in English text, and
    ``12.5`` none in German) and code source as Python. Digits in words, file names (``02-...``),
    paths and ``ex1`` are not numbers.

    *Common whole numbers* (below 100, and the round 100, 1,000, ...: "6 faces", "40 minutes",
    "100 rolls") count only beside the question's unit: the word after "how many"/"how much"/
    "count the" ("wie viele"/"wie viel"/"zähle die") in its prompt must be among the next two
    words, before any other number (``3 points``, ``4 different placements``, ``15 Punkte``; not
    ``Player 3 (red)`` or ``1 · 1 · 0 | gold``). A question whose prompt names no unit counts them
    only as the result of a sum in prose (``5 - 4 + 2 = 3``). A cell may keep a match it needs (a
    fact the question builds on) with the metadata ``{"kaskaria": {"audit-allow": {"<question
    id>": "why"}}}``; an entry without a reason allows nothing, and the CLI prints the reasons.

    *What it cannot see:* an answer given in words only (a table that shows the die in the well,
    a story that shows who wins) unless the plan names the words as ``giveaways``.

``answer-key``
    A pupil notebook holds no answer key and no discussion answers: no ``L.answers()`` or
    ``L.discussion()`` call, no question's explanation outside its own reveal, and no discussion
    answer anywhere. They belong in the teacher edition (``L.teacher_edition_link()``).

``examples``
    The input examples of "How to use" ("So geht's", "So benutzt du es": the code spans of the
    markdown cell that says so) answer nothing: none of them is (or rounds to) an answer of any
    question of the lesson. :func:`message_examples` checks the answer box's own examples against
    every lesson.

``one-period``
    The core path ends where a heading "Extensions" ("Erweiterungen", anchor ``extensions``)
    begins; a notebook without one fails. On the core path a pupil reads at most 1,200 words, or
    800 when the lesson's age band starts at 8 or younger (the plan's ``age``). Counted
    (:func:`core_words`): the words of every markdown cell (tags, link targets and LaTeX commands
    dropped), and of what code cells print (``text/plain`` and printed text); a reveal counts as
    its answer and explanation (what the pupil reads after pressing it); pictures (outputs with an
    image and no HTML), game tables (outputs whose text is an object's ``<...>``) and code are not
    counted, and neither are the teacher notes (a heading "Teacher notes" / "Hinweise für
    Lehrkräfte", anchor ``teacher``, up to the next heading of its level). A word is a run of
    letters or digits, joined by an apostrophe, a point, a comma, a slash or a hyphen (``3.7``,
    ``1/27``, ``1,296`` and ``don't`` are one word each).

``timing``
    The timing tables agree: each ``L.timing()`` output is the table the plan gives now; a
    sentence of the notebook's markdown about the core path ("core", "Kern") that says it "takes
    N minutes" ("dauert N Minuten") says the plan's number; and the README's lesson table gives the
    notebook the plan's minutes and age band (the age band up to its first bracket).

``ending``
    The core path ends with a pupil summary under a heading "What we found" ("Was wir
    herausgefunden haben"), three to five sentences, followed only by the exit ticket: the plan
    has two or three ``exit_tickets`` (number or choice questions), each shown with
    ``L.exit_ticket("id")`` after the summary and before the extensions, and no other code cell.
    (That their answers are no number shown earlier is part of ``spoilers``.)

``your-turn``
    The probability lessons (:data:`COMPUTE_LESSONS`) have at least one "your turn" task. Each task
    of the plan is shown with ``L.your_turn("id")``, followed by the pupil's cell (one to three
    lines, holding ``variable = ...``) and the check ``L.check_code("id", variable)``, whose stored
    output asks the pupil to write the answer above (the pupil's cell still holds ``...``).

``questions``
    Every prediction has its reveal below it; every question the notebook asks is in the plan;
    every question of the plan's core path (not ``extension``) is asked in the notebook.

``twin`` (:func:`twin`)
    A German twin has the same sections as its English original (the same heading levels and
    anchors, in the same order) and, in each section, as many list items (see :func:`sections`).
"""

from __future__ import annotations

import html as _html
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..i18n import text as _t
from .answers import readings
from .content import LESSONS, LessonPlan, Question, lesson

__all__ = [
    "CHECKS",
    "COMPUTE_LESSONS",
    "Cell",
    "Form",
    "Violation",
    "answer_forms",
    "answer_key",
    "audit",
    "audit_lesson",
    "core_words",
    "ending",
    "examples",
    "load",
    "main",
    "message_examples",
    "numbers_in",
    "one_period",
    "questions_asked",
    "spoilers",
    "timing",
    "twin",
    "word_limit",
    "your_turn",
]

#: every check of a notebook, in the order the CLI reports them ("twin" compares two notebooks)
CHECKS = (
    "spoilers",
    "answer-key",
    "examples",
    "one-period",
    "timing",
    "ending",
    "your-turn",
    "questions",
)
#: the probability lessons: each needs at least one "your turn" task where pupils compute
COMPUTE_LESSONS = ("dragon-battle-odds", "heroes-cards", "dragons-gold-shares")
#: the words a pupil reads on the core path, at most (and for a lesson for ages 8 and younger)
WORDS, WORDS_YOUNG = 1200, 800
#: whole numbers below this (and the round 100, 1,000, ...) need the question's unit beside them
#: to count as its answer
SMALL = 100
REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Violation:
    """One thing a lesson must change: which check, which cell (an index into the notebook's
    cells, None for the notebook as a whole), which question, and what is wrong."""

    check: str
    cell: int | None
    message: str
    question: str | None = None

    def __str__(self) -> str:
        where = f"cell {self.cell}" if self.cell is not None else "notebook"
        return f"{where}: [{self.check}] {self.message}"


# ---------------------------------------------------------------------------------------------
# reading a notebook
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """A cell as the audit reads it: its index, kind, source and outputs (``(kind, text)``
    pairs: ``"text/plain"``, ``"text/html"`` (tags dropped), ``"stream"``, ``"image"``)."""

    index: int
    kind: str
    source: str
    outputs: tuple[tuple[str, str], ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def allowed(self) -> dict[str, str]:
        """The questions whose answer this cell may show, each with the reason given (an entry
        without a reason allows nothing)."""
        meta = self.metadata.get("kaskaria", {})
        allow = meta.get("audit-allow", {}) if isinstance(meta, dict) else {}
        if not isinstance(allow, dict):
            return {}
        return {str(k): v.strip() for k, v in allow.items() if isinstance(v, str) and v.strip()}


def _join(value: Any) -> str:
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return str(value) if value is not None else ""


_DROP_HTML = re.compile(r"<(script|style)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)


def html_text(html: str) -> str:
    """The words an HTML output shows: tags, scripts and styles dropped, entities read."""
    text = _DROP_HTML.sub(" ", html)
    text = re.sub(r"<br\s*/?>|</(?:p|div|li|tr|h\d|summary|details)>", "\n", text, flags=re.I)
    text = re.sub(r"</t[dh]>", " | ", text, flags=re.I)
    text = re.sub(r"<[^>]*>", " ", text)
    return re.sub(r"[ \t]+", " ", _html.unescape(text))


def load(notebook: str | Path | dict[str, Any]) -> list[Cell]:
    """The cells of a notebook (a path, or the notebook's JSON already read)."""
    nb = (
        notebook
        if isinstance(notebook, dict)
        else json.loads(Path(notebook).read_text(encoding="utf-8"))
    )
    cells = []
    for i, cell in enumerate(nb.get("cells", [])):
        outputs: list[tuple[str, str]] = []
        for out in cell.get("outputs", []) or []:
            if out.get("output_type") == "stream":
                outputs.append(("stream", _join(out.get("text"))))
            elif out.get("output_type") == "error":
                outputs.append(("stream", "\n".join(out.get("traceback", []))))
            data = out.get("data", {}) or {}
            if "text/plain" in data:
                outputs.append(("text/plain", _join(data["text/plain"])))
            if "text/html" in data:
                outputs.append(("text/html", html_text(_join(data["text/html"]))))
            if any(k.startswith("image/") for k in data):
                outputs.append(("image", ""))
        cells.append(
            Cell(
                i,
                str(cell.get("cell_type", "")),
                _join(cell.get("source")),
                tuple(outputs),
                dict(cell.get("metadata", {}) or {}),
            )
        )
    return cells


_LESSON = re.compile(
    r"""lessons\.Lesson\(\s*["']([\w-]+)["'](?:\s*,\s*(?:lang\s*=\s*)?["'](\w+)["'])?"""
)


def lesson_of(cells: Sequence[Cell], path: str | Path | None = None) -> tuple[LessonPlan, str]:
    """The lesson plan and language of a notebook (from its ``lessons.Lesson(...)`` call)."""
    for cell in cells:
        if cell.kind == "code":
            found = _LESSON.search(cell.source)
            if found:
                lang = found[2] or (
                    "de" if path is not None and Path(path).parent.name == "de" else "en"
                )
                return lesson(found[1]), lang
    raise ValueError(
        f"{str(path or 'the notebook')[:80]} is not a lesson: no lessons.Lesson(...) call"
    )


_CALL = re.compile(
    r"\bL\.(predict|reveal|exercise|exit_ticket|your_turn|check_code|answers|discussion|timing)"
    r'\(\s*(?:"([^"]*)")?'
)


def calls(cells: Sequence[Cell]) -> list[tuple[int, str, str]]:
    """``(cell index, method, question id)`` of every ``L.<method>(...)`` call, in order."""
    found = []
    for cell in cells:
        if cell.kind == "code":
            for method, qid in _CALL.findall(cell.source):
                found.append((cell.index, method, qid))
    return found


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def headings(cells: Sequence[Cell]) -> list[tuple[int, int, str, str]]:
    """``(cell index, level, text, anchor)`` of every markdown heading, in order."""
    found = []
    for cell in cells:
        if cell.kind != "markdown":
            continue
        fenced = False
        for line in cell.source.splitlines():
            if line.strip().startswith("```"):
                fenced = not fenced
            m = None if fenced else _HEADING.match(line.strip())
            if m:
                anchor = _ANCHOR.search(m[2])
                text = _ANCHOR.sub("", m[2]).strip()
                found.append((cell.index, len(m[1]), text, anchor[1] if anchor else ""))
    return found


_EXTENSIONS = re.compile(r"^(?:extensions|erweiterungen)\b", re.IGNORECASE)
_TEACHER = re.compile(r"^(?:teacher notes|hinweise für (?:die )?lehrkr)", re.IGNORECASE)
_SUMMARY = re.compile(r"^(?:what we found|was wir herausgefunden haben)\b", re.IGNORECASE)


def core_end(cells: Sequence[Cell]) -> int | None:
    """The index of the cell whose heading "Extensions" begins the optional part (None: the
    notebook has no such heading)."""
    for index, _, text, anchor in headings(cells):
        if anchor == "extensions" or _EXTENSIONS.match(text):
            return index
    return None


def _teacher_cells(cells: Sequence[Cell]) -> set[int]:
    """The cells of the teacher notes (from their heading to the next heading of its level)."""
    found: set[int] = set()
    marks = headings(cells)
    for n, (index, level, text, anchor) in enumerate(marks):
        if anchor == "teacher" or _TEACHER.match(text):
            end = next((i for i, lv, _, _ in marks[n + 1 :] if lv <= level), len(cells))
            found.update(range(index, end))
    return found


# ---------------------------------------------------------------------------------------------
# numbers on screen
# ---------------------------------------------------------------------------------------------
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
        from .show import exact_words, plain_number

        assert self.value is not None
        if self.width:
            import math

            places = max(0, round(math.log10(1 / (2 * self.width))))
            if 0 < self.value < 1:
                from .show import percent

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
    if shown.kind == "decimal" and chance and shown.decimals < 2:
        return False
    return abs(shown.value - form.value) <= shown.width + form.width


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


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
    low = _norm(text)
    for form in forms:
        if form.phrase and _norm(form.phrase) in low:
            hits.append((form, form.phrase, max(0, text.lower().find(form.phrase.lower()))))
    return hits


# ---------------------------------------------------------------------------------------------
# spoilers
# ---------------------------------------------------------------------------------------------
def _pieces(cell: Cell, with_source: bool = True) -> list[tuple[str, str, bool]]:
    """``(where, text, is code)`` of everything a cell shows."""
    out: list[tuple[str, str, bool]] = []
    if cell.kind == "markdown":
        out.append(("markdown", cell.source, False))
    elif cell.kind == "code":
        if with_source:
            out.append(("source", cell.source, True))
        for kind, text in cell.outputs:
            if text:
                out.append((f"output {kind}", text, False))
    return out


def _snippet(text: str, at: int, length: int) -> str:
    start, end = max(0, at - 30), min(len(text), at + length + 30)
    shown = re.sub(r"\s+", " ", text[start:end])
    return ("..." if start else "") + shown + ("..." if end < len(text) else "")


def _section_start(cells: Sequence[Cell], index: int) -> int:
    start = 0
    for i, _, _, _ in headings(cells):
        if i <= index:
            start = i
    return start


def _where(plan: LessonPlan, cells: Sequence[Cell]) -> list[tuple[Question, str, list[int], int]]:
    """For each question the notebook asks: ``(question, what, cells to look in, anchor cell)``."""
    found = calls(cells)
    first: dict[tuple[str, str], int] = {}
    for index, method, qid in found:
        first.setdefault((method, qid), index)
    known = {q.id: q for q in plan.questions()}
    out = []
    for (method, qid), index in first.items():
        q = known.get(qid)
        if q is None:
            continue
        if method == "predict":
            reveal = first.get(("reveal", qid))
            end = reveal if reveal is not None and reveal > index else len(cells)
            window = [i for i in range(_section_start(cells, index), end) if i != index]
            out.append((q, f"prediction, revealed in cell {reveal}", window, index))
        elif method in ("exercise", "exit_ticket"):
            what = "exercise" if method == "exercise" else "exit ticket"
            out.append((q, f"{what} in cell {index}", list(range(index)), index))
        elif method == "check_code":
            out.append(
                (q, f"your-turn task checked in cell {index}", list(range(index + 1)), index)
            )
    return out


def spoilers(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """Every place a question's answer shows before the pupil commits (module docstring)."""
    violations = []
    for q, what, window, anchor in _where(plan, cells):
        forms = answer_forms(q, lang)
        if not forms:
            continue
        for i in window:
            cell = cells[i]
            if q.id in cell.allowed():
                continue
            own_check = i == anchor
            for where, text, code in _pieces(cell, with_source=not own_check):
                hits = find_forms(forms, text, lang, code)
                if hits:
                    form, hit, at = hits[0]
                    violations.append(
                        Violation(
                            "spoilers",
                            i,
                            f"{q.id} ({what}): its {where} shows {hit!r}, the answer "
                            f"{form.describe(lang)} ({form.origin}): {_snippet(text, at, len(hit))!r}",
                            q.id,
                        )
                    )
                    break
    return violations


# ---------------------------------------------------------------------------------------------
# answer key, examples
# ---------------------------------------------------------------------------------------------
def answer_key(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """No answer key, no discussion answers, no explanation outside its own reveal."""
    violations = []
    reveals = {qid: i for i, method, qid in calls(cells) if method == "reveal"}
    for i, method, _ in calls(cells):
        if method in ("answers", "discussion"):
            violations.append(
                Violation(
                    "answer-key",
                    i,
                    f"L.{method}() shows the answers to pupils: use L.teacher_edition_link() "
                    "(the teacher edition holds them)",
                )
            )
    texts = [
        (c.index, _norm(" ".join(t for _, t, _ in _pieces(c, with_source=False)))) for c in cells
    ]
    for q in plan.questions():
        explain = _norm(q.explain[lang])
        if len(explain) < 12:
            continue
        for i, text in texts:
            if explain in text and i != reveals.get(q.id):
                violations.append(
                    Violation(
                        "answer-key", i, f"the explanation of {q.id} shows outside its reveal", q.id
                    )
                )
    for n, (_, answer) in enumerate(plan.discussion, 1):
        wanted = _norm(answer[lang])
        for i, text in texts:
            if wanted and wanted in text:
                violations.append(
                    Violation("answer-key", i, f"the answer to discussion question {n} shows")
                )
    return violations


_HOW_TO = re.compile(r"how to use|so geht's|so geht’s|so benutzt", re.IGNORECASE)


def _example_hits(reading: Any, forms: Iterable[Form]) -> list[Form]:
    """The forms an input example (as read) equals, or rounds to; the nearest first."""
    if not reading.decimals:
        width = Fraction(0)  # a fraction or a whole number is exact
    else:
        width = Fraction(1, 2 * 10**reading.decimals) / (100 if reading.form == "percent" else 1)
    hits = [
        form
        for form in forms
        if form.value is not None and abs(reading.value - form.value) <= width + form.width
    ]
    return sorted(hits, key=lambda f: (abs(reading.value - f.value), f.width))


def examples(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """The "How to use" input examples answer no question of the lesson."""
    forms = [f for q in plan.questions() for f in answer_forms(q, lang)]
    violations = []
    for cell in cells:
        if cell.kind != "markdown" or not _HOW_TO.search(cell.source):
            continue
        for span in re.findall(r"`([^`\n]{1,40})`", cell.source):
            for reading in readings(span, lang)[:1]:
                for form in _example_hits(reading, forms):
                    violations.append(
                        Violation(
                            "examples",
                            cell.index,
                            f"the input example `{span}` is the answer to {form.question} "
                            f"({form.describe(lang)}): use a number that answers nothing",
                            form.question,
                        )
                    )
                    break
    return violations


def message_examples(
    plans: Iterable[LessonPlan] | None = None,
    sentences: dict[str, Sequence[str]] | None = None,
) -> list[Violation]:
    """The answer box's own examples (its placeholder and its "cannot read" sentence, both
    languages, unless other ``sentences`` are given) answer no question of any lesson."""
    plans = list(LESSONS.values() if plans is None else plans)
    if sentences is None:
        keys = ("lesson.type_answer", "lesson.unreadable")
        sentences = {lang: [_t("core", key, lang) for key in keys] for lang in ("en", "de")}
    violations = []
    for lang, texts in sentences.items():
        forms = [f for plan in plans for q in plan.questions() for f in answer_forms(q, lang)]
        for sentence in texts:
            for shown in numbers_in(sentence, lang):
                for reading in readings(shown.text, lang)[:1]:
                    for form in _example_hits(reading, forms)[:1]:
                        violations.append(
                            Violation(
                                "examples",
                                None,
                                f"the answer box's example {shown.text!r} ({lang}) is the answer to "
                                f"{form.question} ({form.describe(lang)})",
                                form.question,
                            )
                        )
    return violations


# ---------------------------------------------------------------------------------------------
# one period
# ---------------------------------------------------------------------------------------------
_WORD = re.compile(r"[^\W_]+(?:['’.,/\-][^\W_]+)*")
_OBJECT_REPR = re.compile(r"^\s*<[A-Za-z_][\w.]*\b[^\n]*>\s*$", re.DOTALL)


def markdown_text(source: str) -> str:
    """The words a rendered markdown cell shows (roughly): tags, link targets and LaTeX commands
    dropped."""
    text = re.sub(r"<!--.*?-->", " ", source, flags=re.DOTALL)
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"\\[A-Za-z]+", " ", text)
    return _html.unescape(text)


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


def _cell_words(cell: Cell, plan: LessonPlan, lang: str) -> int:
    if cell.kind == "markdown":
        return count_words(markdown_text(cell.source))
    if cell.kind != "code":
        return 0
    reveal = re.search(r'\bL\.reveal\(\s*"([^"]+)"', cell.source)
    if reveal:
        try:
            q = plan.question(reveal[1])
        except ValueError:
            return 0
        return count_words(q.answer_label(lang)) + count_words(q.explain[lang])
    kinds = {k for k, _ in cell.outputs}
    words = 0
    for kind, text in cell.outputs:
        if kind == "stream":
            words += count_words(text)
        elif kind == "text/plain":
            if "image" in kinds and "text/html" not in kinds:
                continue  # a picture: its text is the numbers behind it, for nbval
            if _OBJECT_REPR.match(text):
                continue  # a game table: played, not read
            words += count_words(text)
    return words


@dataclass(frozen=True)
class WordCount:
    total: int
    limit: int
    per_cell: tuple[tuple[int, int], ...]
    #: the cell that begins the extensions (None: no such heading)
    end: int | None


def word_limit(plan: LessonPlan) -> int:
    age = plan.min_age()
    return WORDS_YOUNG if age is not None and age <= 8 else WORDS


def core_words(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> WordCount:
    """The words a pupil reads on the core path (module docstring), cell by cell."""
    end = core_end(cells)
    teacher = _teacher_cells(cells)
    per_cell = []
    for cell in cells[: end if end is not None else len(cells)]:
        if cell.index in teacher:
            continue
        n = _cell_words(cell, plan, lang)
        if n:
            per_cell.append((cell.index, n))
    if end is not None and end not in teacher:
        # the extensions' heading may share its cell with what comes before it
        before = []
        for line in cells[end].source.splitlines():
            m = _HEADING.match(line.strip())
            if m and (
                _EXTENSIONS.match(_ANCHOR.sub("", m[2]).strip()) or 'id="extensions"' in m[2]
            ):
                break
            before.append(line)
        n = count_words(markdown_text("\n".join(before)))
        if n:
            per_cell.append((end, n))
    return WordCount(sum(n for _, n in per_cell), word_limit(plan), tuple(per_cell), end)


def one_period(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """An "Extensions" heading ends the core path, and the core path fits the word limit."""
    count = core_words(cells, plan, lang)
    violations = []
    if count.end is None:
        violations.append(
            Violation(
                "one-period",
                None,
                'no heading "Extensions" ("Erweiterungen") ends the core path: the whole notebook '
                "counts as core",
            )
        )
    if count.total > count.limit:
        top = sorted(count.per_cell, key=lambda c: -c[1])[:3]
        violations.append(
            Violation(
                "one-period",
                count.end,
                f"a pupil reads {count.total} words on the core path, more than {count.limit} "
                f"(age band: {plan.age['en']}); the longest cells: "
                + ", ".join(f"cell {i} ({n})" for i, n in top),
            )
        )
    return violations


# ---------------------------------------------------------------------------------------------
# timing
# ---------------------------------------------------------------------------------------------
_MINUTES = re.compile(r"\b(?:takes|dauert)\s+(?:about\s+|etwa\s+)?(\d+)\s+(?:minutes|Minuten)\b")


def readme_row(notebook: str, readme: str) -> tuple[str, str] | None:
    """``(age, minutes)`` of the notebook's row in the README's lesson table."""
    for line in readme.splitlines():
        if line.startswith("|") and f"`{notebook}`" in line:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 4:
                return cells[1], cells[-1]
    return None


def timing(
    cells: Sequence[Cell], plan: LessonPlan, lang: str, readme: str | None = None
) -> list[Violation]:
    """The notebook's timing table and sentences, the plan's parts and the README agree."""
    from . import Lesson

    violations = []
    table = Lesson(plan, lang).timing().text.strip()
    for i, method, _ in calls(cells):
        if method == "timing":
            stored = [t for k, t in cells[i].outputs if k == "text/plain"]
            if not stored or stored[0].strip() != table:
                violations.append(
                    Violation(
                        "timing",
                        i,
                        "the stored timing table is not the plan's (run the notebook again)",
                    )
                )
    minutes = plan.core_minutes()
    for cell in cells:
        if cell.kind != "markdown":
            continue
        for sentence in re.split(r"(?<=[.;:!?])\s+", cell.source):
            if not re.search(r"\b(?:core|Kern)", sentence, re.IGNORECASE):
                continue
            for m in _MINUTES.finditer(sentence):
                if int(m[1]) != minutes:
                    violations.append(
                        Violation(
                            "timing",
                            cell.index,
                            f"the notes say the core path takes {m[1]} minutes; the plan's parts add up to {minutes}",
                        )
                    )
    if readme is None and lang == "en" and (REPO / "README.md").is_file():
        readme = (REPO / "README.md").read_text(encoding="utf-8")
    if readme is not None and lang == "en":
        row = readme_row(plan.notebook, readme)
        if row is None:
            violations.append(
                Violation(
                    "timing", None, f"the README's lesson table has no row for {plan.notebook}"
                )
            )
        else:
            age, shown = row
            band = plan.age["en"].split(" (")[0]
            if shown != str(minutes):
                violations.append(
                    Violation(
                        "timing",
                        None,
                        f"the README gives {shown or 'no'} minutes, the plan {minutes}",
                    )
                )
            if age != band:
                violations.append(
                    Violation(
                        "timing", None, f"the README gives the age band {age!r}, the plan {band!r}"
                    )
                )
    return violations


# ---------------------------------------------------------------------------------------------
# ending well
# ---------------------------------------------------------------------------------------------
def sentences(text: str) -> int:
    """Sentences of a summary: each ends with . ! ? (a bullet item without one is one too)."""
    count = 0
    for line in markdown_text(text).splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        ends = len(re.findall(r"[.!?](?:[\"')\]*_]*)(?=\s|$)", line))
        count += ends or 1
    return count


def ending(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """A summary (3-5 sentences) and an exit ticket (2-3 checked questions) end the core path."""
    violations = []
    end = core_end(cells)
    stop = end if end is not None else len(cells)
    summary = [(i, lv) for i, lv, text, _ in headings(cells) if _SUMMARY.match(text) and i < stop]
    tickets = plan.exit_tickets
    if not 2 <= len(tickets) <= 3:
        violations.append(
            Violation(
                "ending",
                None,
                f"the plan has {len(tickets)} exit tickets; an exit ticket has 2 or 3 questions",
            )
        )
    for q in tickets:
        if q.kind not in ("number", "choice"):
            violations.append(
                Violation(
                    "ending",
                    None,
                    f"exit ticket {q.id} must be checked: a number or a choice",
                    q.id,
                )
            )
    if not summary:
        violations.append(
            Violation(
                "ending",
                None,
                'no pupil summary: the core path ends with a heading "What we found" '
                '("Was wir herausgefunden haben") and three to five sentences',
            )
        )
        start = stop
    else:
        start = summary[-1][0]
        text = cells[start].source
        head = re.search(
            r"^#{1,6}\s+(?:what we found|was wir herausgefunden haben).*$", text, re.I | re.M
        )
        body = text[head.end() :] if head else text
        for cell in cells[start + 1 : stop]:
            if cell.kind != "markdown" or re.search(r"^#{1,6}\s", cell.source, re.M):
                break
            body += "\n" + cell.source
        n = sentences(body)
        if not 3 <= n <= 5:
            violations.append(
                Violation("ending", start, f"the summary has {n} sentences; it needs three to five")
            )
    shown: list[str] = []
    for cell in cells[start + 1 : stop] if summary else []:
        if cell.kind != "code":
            continue
        asked = re.findall(r'\bL\.exit_ticket\(\s*"([^"]+)"', cell.source)
        if not asked:
            violations.append(
                Violation(
                    "ending",
                    cell.index,
                    "only the exit ticket comes after the summary, on the core path",
                )
            )
        shown += asked
    for q in tickets:
        if q.id not in shown:
            violations.append(
                Violation(
                    "ending", None, f"exit ticket {q.id} is not asked after the summary", q.id
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# your turn
# ---------------------------------------------------------------------------------------------
def _code_lines(source: str) -> list[str]:
    return [x for x in source.splitlines() if x.strip() and not x.strip().startswith("#")]


def your_turn(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """The "your turn" tasks are there (in the probability lessons) and set up to be done."""
    violations = []
    tasks = plan.code_tasks
    if plan.id in COMPUTE_LESSONS and not tasks:
        violations.append(
            Violation(
                "your-turn",
                None,
                "a probability lesson needs at least one your-turn task where pupils compute",
            )
        )
    found = calls(cells)
    empty = _t("core", "lesson.code_empty", lang)
    for q in tasks:
        if q.kind != "code" or q.code is None:
            violations.append(
                Violation("your-turn", None, f"{q.id} is in code_tasks but has no CodeTask", q.id)
            )
            continue
        var = q.code.variable
        shown = [i for i, m, qid in found if m == "your_turn" and qid == q.id]
        checks = [i for i, m, qid in found if m == "check_code" and qid == q.id]
        if not shown:
            violations.append(
                Violation("your-turn", None, f'{q.id}: no L.your_turn("{q.id}") cell', q.id)
            )
        if not checks:
            violations.append(
                Violation("your-turn", None, f'{q.id}: no L.check_code("{q.id}", {var}) cell', q.id)
            )
            continue
        check = checks[0]
        if shown and shown[0] > check:
            violations.append(
                Violation("your-turn", shown[0], f"{q.id}: the task comes after its check", q.id)
            )
        if not re.search(
            rf'L\.check_code\(\s*"{re.escape(q.id)}"\s*,\s*{re.escape(var)}\s*\)',
            cells[check].source,
        ):
            violations.append(
                Violation(
                    "your-turn",
                    check,
                    f'{q.id}: the check must be L.check_code("{q.id}", {var})',
                    q.id,
                )
            )
        pupil = next((c for c in reversed(cells[:check]) if c.kind == "code"), None)
        if pupil is None or (shown and pupil.index <= shown[0]):
            violations.append(
                Violation("your-turn", check, f"{q.id}: no pupil cell above the check", q.id)
            )
        else:
            lines = _code_lines(pupil.source)
            if not re.search(rf"^\s*{re.escape(var)}\s*=\s*\.\.\.\s*$", pupil.source, re.M):
                violations.append(
                    Violation(
                        "your-turn",
                        pupil.index,
                        f"{q.id}: the pupil cell must hold `{var} = ...` until the pupil writes it",
                        q.id,
                    )
                )
            if not 1 <= len(lines) <= 3:
                violations.append(
                    Violation(
                        "your-turn",
                        pupil.index,
                        f"{q.id}: the pupil cell has {len(lines)} lines; it needs one to three",
                        q.id,
                    )
                )
            if pupil.metadata.get("jupyter", {}).get("source_hidden"):
                violations.append(
                    Violation("your-turn", pupil.index, f"{q.id}: the pupil cell is hidden", q.id)
                )
        stored = " ".join(t for k, t in cells[check].outputs if k == "text/plain")
        if _norm(empty) not in _norm(stored):
            violations.append(
                Violation(
                    "your-turn",
                    check,
                    f"{q.id}: after Run All the check must ask the pupil to write the answer above; it says {stored[:60]!r}",
                    q.id,
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# the questions asked
# ---------------------------------------------------------------------------------------------
def questions_asked(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """Predictions are revealed below them; the notebook and the plan ask the same questions."""
    violations = []
    found = calls(cells)
    known = {q.id for q in plan.questions()}
    asked = set()
    predicted: dict[str, int] = {}
    for i, method, qid in found:
        if method in ("answers", "discussion", "timing"):
            continue
        if qid not in known:
            violations.append(
                Violation(
                    "questions", i, f"L.{method}({qid!r}): the plan has no such question", qid
                )
            )
            continue
        asked.add(qid)
        if method == "predict":
            predicted.setdefault(qid, i)
        if method == "reveal" and qid not in predicted:
            violations.append(
                Violation("questions", i, f"{qid} is revealed before it is predicted", qid)
            )
    revealed = {qid for _, m, qid in found if m == "reveal"}
    for qid, i in predicted.items():
        if qid not in revealed:
            violations.append(
                Violation("questions", i, f"{qid} is predicted but never revealed", qid)
            )
    for q in plan.questions():
        if not q.extension and q.id not in asked:
            violations.append(
                Violation(
                    "questions", None, f"{q.id} (core path) is not asked in the notebook", q.id
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# German twins
# ---------------------------------------------------------------------------------------------
_BULLET = re.compile(r"^\s*[-*+]\s+\S")
_ORDERED = re.compile(r"^\s*(\d+)[.)]\s+\S")


def sections(cells: Sequence[Cell]) -> list[tuple[int, int, str, int]]:
    """``(cell index, heading level, anchor, list items)`` of every section (the part before the
    first heading is a section with level 0). A list item is a line starting with ``-``, ``*`` or
    ``+``, or a numbered line that starts a list (after a blank line, a heading or another item,
    or numbered 1): a wrapped line that happens to start with ``7)`` is not one."""
    out = [(0, 0, "", 0)]
    for cell in cells:
        if cell.kind != "markdown":
            continue
        fenced = False
        previous = "blank"
        for line in cell.source.splitlines():
            if line.strip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            m = _HEADING.match(line.strip())
            ordered = _ORDERED.match(line)
            if m:
                found = _ANCHOR.search(m[2])
                out.append((cell.index, len(m[1]), found[1] if found else "", 0))
                previous = "blank"
            elif _BULLET.match(line) or (
                ordered and (previous in ("blank", "item") or ordered[1] == "1")
            ):
                i, level, anchor, n = out[-1]
                out[-1] = (i, level, anchor, n + 1)
                previous = "item"
            elif not line.strip():
                previous = "blank"
            elif previous == "item" and line.startswith((" ", "\t")):
                previous = "item"  # an item's continuation
            else:
                previous = "text"
    return out


def twin(english: Sequence[Cell], german: Sequence[Cell]) -> list[Violation]:
    """The German twin has the English original's sections (levels and anchors, in order) and,
    section by section, as many bullet items; violations name the German cells."""
    en, de = sections(english), sections(german)
    violations = []
    en_keys = [(lv, a) for _, lv, a, _ in en]
    de_keys = [(lv, a) for _, lv, a, _ in de]
    if en_keys != de_keys:
        missing = [
            f"{'#' * lv} {a or '(no anchor)'}" for lv, a in en_keys if (lv, a) not in de_keys
        ]
        extra = [f"{'#' * lv} {a or '(no anchor)'}" for lv, a in de_keys if (lv, a) not in en_keys]
        detail = []
        if missing:
            detail.append("missing in German: " + ", ".join(missing))
        if extra:
            detail.append("only in German: " + ", ".join(extra))
        if not detail:
            detail.append("the same sections in another order or level")
        violations.append(Violation("twin", None, "sections differ: " + "; ".join(detail)))
        return violations
    for (ei, _, anchor, en_n), (di, _, _, de_n) in zip(en, de, strict=True):
        if en_n != de_n:
            violations.append(
                Violation(
                    "twin",
                    di,
                    f"section {anchor or '(top)'} has {de_n} bullet items in German, {en_n} in "
                    f"English (cell {ei})",
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# all together
# ---------------------------------------------------------------------------------------------
_RUN = {
    "spoilers": spoilers,
    "answer-key": answer_key,
    "examples": examples,
    "one-period": one_period,
    "timing": timing,
    "ending": ending,
    "your-turn": your_turn,
    "questions": questions_asked,
}


def audit(
    notebook: str | Path | dict[str, Any],
    checks: Iterable[str] = CHECKS,
    plan: LessonPlan | None = None,
    lang: str | None = None,
) -> list[Violation]:
    """Every violation of ``checks`` in one lesson notebook (a path or its JSON). The plan and
    language come from the notebook's ``lessons.Lesson(...)`` call unless given."""
    path = None if isinstance(notebook, dict) else notebook
    cells = load(notebook)
    if plan is None or lang is None:
        found_plan, found_lang = lesson_of(cells, path)
        plan, lang = plan or found_plan, lang or found_lang
    out = []
    for check in checks:
        if check not in _RUN:
            raise ValueError(f"unknown check {check!r:.30}; checks: {', '.join(CHECKS)}")
        out += _RUN[check](cells, plan, lang)
    return out


def audit_lesson(
    lesson_id: str, notebooks: Path = REPO / "notebooks", checks: Iterable[str] = CHECKS
) -> dict[str, list[Violation]]:
    """A lesson in both languages and its twin: ``{"en": [...], "de": [...], "twin": [...]}``."""
    plan = lesson(lesson_id)
    checks = tuple(checks)
    english, german = notebooks / plan.notebook, notebooks / "de" / plan.notebook
    return {
        "en": audit(english, checks, plan, "en"),
        "de": audit(german, checks, plan, "de"),
        "twin": twin(load(english), load(german)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """The CLI: ``python -m kaskaria.lessons.audit [notebook ...] [--check a,b]``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m kaskaria.lessons.audit",
        description="List what a lesson notebook must change before a teacher can run it unchanged.",
    )
    parser.add_argument(
        "notebooks", nargs="*", help="lesson notebooks (default: every lesson, both languages)"
    )
    parser.add_argument(
        "--check",
        default=",".join(CHECKS),
        help=f"checks to run (default: all): {', '.join(CHECKS)}",
    )
    parser.add_argument(
        "--summary", action="store_true", help="only the number of violations per check"
    )
    args = parser.parse_args(argv)
    checks = [c.strip() for c in args.check.split(",") if c.strip()]
    for c in checks:
        if c not in _RUN and c != "twin":
            parser.error(f"unknown check {c!r}; checks: {', '.join(CHECKS)}, twin")
    notebooks = REPO / "notebooks"
    paths = [Path(p) for p in args.notebooks] or [
        folder / plan.notebook
        for plan in sorted(LESSONS.values(), key=lambda p: p.notebook)
        for folder in (notebooks, notebooks / "de")
    ]
    total = 0
    for path in paths:
        shown = path
        try:
            shown = path.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            pass
        cells = load(path)
        plan, lang = lesson_of(cells, path)
        found = audit(path, [c for c in checks if c != "twin"], plan, lang)
        if "twin" in checks and path.parent.name == "de":
            original = path.parent.parent / path.name
            if original.is_file():
                found += twin(load(original), cells)
        total += len(found)
        counts: dict[str, int] = {}
        for v in found:
            counts[v.check] = counts.get(v.check, 0) + 1
        tally = ", ".join(f"{k} {n}" for k, n in counts.items()) or "none"
        print(f"{shown}: {len(found)} violation(s) ({tally})")
        if not args.summary:
            for v in found:
                print(f"  {v}")
            for cell in cells:
                for qid, why in cell.allowed().items():
                    print(f"  cell {cell.index}: allowed for {qid}: {why}")
    if "examples" in checks and not args.notebooks:
        extra = message_examples()
        total += len(extra)
        for v in extra:
            print(f"messages: {v}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
