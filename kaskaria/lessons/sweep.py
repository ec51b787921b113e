"""Type what pupils type: the marking part of a teacher's walk-through, repeatable.

For every answer box of every lesson (exercises and exit tickets with a number answer), in English
and German, :func:`inputs` makes what a teacher types to judge the marking: the exact answer, the
fraction unreduced, "1 in N" / "k of n", the answer rounded to 0-3 decimals as a decimal and as a
percentage (with and without the sign, with a German comma, with "Prozent"), cut off instead of
rounded, the complement by mistake, the simple fractions nearest a chance (``1/3``, ``1 in 3``),
with a unit, in words, as a sum, the question's named mistakes, a near and a far miss, nonsense
and nothing. :func:`sweep` types them into the lessons' real boxes;
:func:`findings` lists every verdict that breaks the standard of :mod:`kaskaria.lessons.answers`
(the decimal and percentage of one rounding disagree, an exact or correctly rounded answer is
not counted, a named mistake or the complement is counted or called close, a simple fraction is
not the estimate it is, or is counted where the lesson has pupils compute the chance exactly, a
count is answered with words about percentages, a message calls a rounding exact, a miss is
counted). The test suite requires no findings; ``python tools/type_answers.py`` prints every
verdict for a reader.

Pure Python; it builds the answer boxes, so it needs the lessons' widget stack (the notebooks'
extra).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from .answers import (
    answer_kind,
    asks_for,
    asks_tokens,
    estimates,
    exact_text,
    read_answer,
    rounds_to,
    simple_estimates,
)
from .content import LESSONS, LessonPlan, Question
from .mistakes import mistakes

__all__ = ["Typed", "findings", "inputs", "sweep"]

_EN_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_EN_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_DE_WORDS = (
    "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
    "fünfzehn sechzehn siebzehn achtzehn neunzehn"
).split()
_DE_TENS = "zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig".split()
_UNITS = {"en": "points", "de": "Punkte"}
#: the unit of a count where the question asks how many tokens (:func:`asks_tokens`)
_TOKEN_UNITS = {"en": "tokens", "de": "Schatzsteine"}
#: the unit of what a question counts (:func:`asks_for`): another is asked again
_COUNTED_UNITS = {
    "rolls": {"en": "rolls", "de": "Würfe"},
    "stars": {"en": "stars", "de": "Sterne"},
    "socks": {"en": "socks", "de": "Socken"},
    "fields": {"en": "fields", "de": "Felder"},
    "sets": {"en": "sets", "de": "Kartensets"},
    "points": _UNITS,
    "gold": {"en": "gold", "de": "Gold"},
    "coins": {"en": "coins", "de": "Münzen"},
    "tokens": _TOKEN_UNITS,
    "pupils": {"en": "pupils", "de": "Kinder"},
    "games": {"en": "games", "de": "Spiele"},
}
_NONSENSE = {"en": "banana", "de": "Banane"}


def _unit(q: Question, lang: str) -> str:
    """The unit a pupil types after the answer: tokens where the question asks how many tokens
    (points there are asked again, as coins are for points), what the question counts where it
    names it (rolls, stars, pupils: another unit is asked again), else points."""
    if any(asks_tokens(p) for p in q.prompt.values()):
        return _TOKEN_UNITS[lang]
    return _COUNTED_UNITS.get(asks_for(*q.prompt.values()), _UNITS)[lang]


def number_words(n: int, lang: str) -> str | None:
    """``n`` (0-99) in words: ``twenty-six``, ``sechsundzwanzig``; None above 99."""
    if not 0 <= n <= 99:
        return None
    if lang == "de":
        if n < 20:
            return _DE_WORDS[n]
        tens, unit = divmod(n, 10)
        if not unit:
            return _DE_TENS[tens - 2]
        return ("ein" if unit == 1 else _DE_WORDS[unit]) + "und" + _DE_TENS[tens - 2]
    if n < 20:
        return _EN_WORDS[n]
    tens, unit = divmod(n, 10)
    return _EN_TENS[tens - 2] + (f"-{_EN_WORDS[unit]}" if unit else "")


@dataclass(frozen=True)
class Typed:
    """One input of the sweep and what the standard expects of it."""

    text: str
    #: what it is: "exact", "rounded-2" (two digits of the answer or more), "rounded-1",
    #: "cut", "rounded-count", "percent-bare", "percent-count" (a count typed as a percentage),
    #: "estimate" (a simple fraction that rounds to the answer's first digit, for a chance pupils
    #: do not compute exactly), "simple" (the same, for a chance they compute exactly: a wrong
    #: fraction), "complement", "mistake", "miss", "nonsense", "empty"
    role: str
    #: inputs of one rounding share a group (their verdicts must agree)
    group: str = ""


def _decimal(x: Fraction, places: int, rounding: str = ROUND_HALF_UP) -> Decimal:
    value = Decimal(x.numerator) / Decimal(x.denominator)
    return value.quantize(Decimal(1).scaleb(-places), rounding=rounding)


def _plain(d: Decimal, lang: str) -> str:
    shown = f"{d:f}"
    return shown.replace(".", ",") if lang == "de" else shown


def _percent_forms(d: Decimal, lang: str) -> list[str]:
    """A decimal as a percentage, with the sign and with the word, as ``lang`` writes it."""
    shown = f"{d * 100:f}"
    if "." in shown:
        shown = shown.rstrip("0").rstrip(".")
    if lang == "de":
        shown = shown.replace(".", ",")
        return [f"{shown} %", f"{shown}%", f"{shown} Prozent"]
    return [f"{shown}%", f"{shown} %", f"{shown} percent"]


def _first_place(x: Fraction) -> int:
    """The decimal place of the first digit of ``x`` (0.326 -> 1, 0.037 -> 2, 4.67 -> 0)."""
    place = 0
    while Fraction(1, 10**place) > x and place < 12:
        place += 1
    return place


def inputs(q: Question, lang: str, lesson_id: str = "") -> list[Typed]:
    """What a teacher types into the box of the number question ``q`` (see the module)."""
    x = Fraction(q.exact())
    kind = answer_kind(x)
    out: list[Typed] = [
        Typed(str(x), "exact"),
        Typed(f"{2 * x.numerator}/{2 * x.denominator}", "exact"),
        Typed(f"= {x}", "exact"),
        Typed(_NONSENSE[lang], "nonsense"),
        Typed("", "empty"),
    ]
    shown = {w for m in mistakes(lesson_id, q.id) for w in (m.shown, *m.also)}
    for m in mistakes(lesson_id, q.id):
        out += [Typed(w, "mistake") for w in (m.shown, *m.also)]
        # the same value in another form (1/3 for 18/54, 2/8 for 10/40): no sign of the mistake
        if "/" in m.shown and str(m.value) not in shown and 0 < m.value < 1:
            ratio = "von" if lang == "de" else "in"
            top, below = m.value.numerator, m.value.denominator
            out.append(Typed(str(m.value), "other-form"))
            out.append(Typed(f"{top} {ratio} {below}", "other-form"))
            if f"{2 * top}/{2 * below}" not in shown:
                out.append(Typed(f"{2 * top}/{2 * below}", "other-form"))
    if kind == "count":
        n = x.numerator
        out += [
            Typed(f"{n} {_unit(q, lang)}", "exact"),
            Typed(f"{'etwa' if lang == 'de' else 'about'} {n}", "exact"),
            Typed(f"{n}{',' if lang == 'de' else '.'}0", "exact"),
            Typed(f"{n - 3}+3", "exact"),
            Typed(f"{n}/1", "exact"),
            Typed(f"{n + 1}", "miss"),
            Typed(f"{n - 1}", "miss"),
            Typed(f"-{n}", "miss"),
            Typed(f"{n}%", "percent-count"),
            Typed(f"{n * 10 + 7}", "miss"),
            Typed(f"{n}.5", "miss"),
        ]
        words = number_words(n, lang)
        if words:
            out.append(Typed(words, "exact"))
        if n >= 1000:  # a big count given rounded to three digits
            near = round(n, 3 - len(str(n)))
            if near != n:
                written = f"{near:,}".replace(",", "." if lang == "de" else ",")
                out.append(Typed(written, "rounded-count"))
        return out
    # a chance or an amount: the roundings
    first = _first_place(x) if kind == "chance" else 0
    for places in range(0, 4):
        rounded = _decimal(x, places)
        cut = _decimal(x, places, ROUND_DOWN)
        if kind == "chance" and places == first - 1 and 0 < rounded < 1:
            # rounded more coarsely than its first digit: 0.1 or 10% for 1/12 = 8.3%
            out.append(Typed(_plain(rounded, lang), "rounded-1", f"r{places}"))
            for typed in _percent_forms(rounded, lang):
                out.append(Typed(typed, "rounded-1", f"r{places}"))
        if places < first or rounded == 0:
            continue
        digits = places - first + 1 if kind == "chance" else len(str(int(x))) + places
        role = "rounded-2" if digits >= 2 else "rounded-1"
        group = f"r{places}"
        if Fraction(rounded) == x:
            role = "exact"
        out.append(Typed(_plain(rounded, lang), role, group))
        if kind == "chance":  # the same rounding as a percentage
            for typed in _percent_forms(rounded, lang):
                out.append(Typed(typed, role, group))
            bare = _percent_forms(rounded, "en")[0][:-1]
            if Fraction(bare) > 1:
                out.append(Typed(_plain(Decimal(bare), lang), "percent-bare", group))
        if cut != rounded and cut != 0:
            # cut off with two digits or more; for a chance after its first digit too (0.2 for
            # 8/31 = 25.8%), which is no rounding and no estimate; a half rounded down is a
            # cut-off too (87% for 87.5%, 0.2 for 1/4), as schools round a half up
            cut_role = "cut" if digits >= 2 else "cut-1"
            if digits >= 2 or kind == "chance":
                out.append(Typed(_plain(cut, lang), cut_role, f"c{places}"))
            if kind == "chance":
                for typed in _percent_forms(cut, lang):
                    out.append(Typed(typed, cut_role, f"c{places}"))
    if kind == "chance":
        # a simple fraction near the answer: an estimate where pupils do not compute the chance
        # exactly, a wrong fraction where they do (the lesson's ``marking``)
        role = "estimate" if estimates(x, q.estimate()) else "simple"
        ratio = "von" if lang == "de" else "in"
        for v in simple_estimates(x)[:2]:
            out.append(Typed(f"{v.numerator}/{v.denominator}", role))
            out.append(Typed(f"{v.numerator} {ratio} {v.denominator}", role))
        out += [
            Typed(f"{x.numerator} {'von' if lang == 'de' else 'in'} {x.denominator}", "exact"),
            Typed(f"1 - {1 - x}", "exact"),
            Typed(f"{1 - x}", "complement"),
            Typed(f"{min(x * 3, Fraction(99, 100))}", "miss"),
            Typed(f"{x.denominator}/{x.numerator}", "miss"),
        ]
    else:
        whole, part = divmod(x, 1)
        step = _decimal(x, 1) + Decimal("0.1")
        out += [
            Typed(f"{_plain(_decimal(x, 2), lang)} {_unit(q, lang)}", "rounded-2"),
            Typed(
                f"{'etwa' if lang == 'de' else 'about'} {_plain(_decimal(x, 2), lang)}", "rounded-2"
            ),
            Typed(f"{x} + 0", "exact"),
            Typed(f"{int(whole)} {part}", "exact"),
            Typed(_plain(step, lang), "miss"),
            Typed(f"{x * 3}", "miss"),
            Typed(f"-{_plain(_decimal(x, 2), lang)}", "miss"),
        ]
    return out


@dataclass(frozen=True)
class Row:
    lesson: str
    question: str
    lang: str
    typed: Typed
    kind: str
    right: bool
    message: str


def _boxes(plan: LessonPlan) -> list[Question]:
    return [q for q in (*plan.exercises, *plan.exit_tickets) if q.kind == "number"]


def sweep(langs: tuple[str, ...] = ("en", "de")) -> list[Row]:
    """Type every input of :func:`inputs` into every number box of every lesson."""
    from . import Lesson

    rows = []
    for plan in LESSONS.values():
        for lang in langs:
            lesson = Lesson(plan, lang)
            for q in _boxes(plan):
                box = lesson.exit_ticket(q.id) if q in plan.exit_tickets else lesson.exercise(q.id)
                for typed in inputs(q, lang, plan.id):
                    verdict = box.mark(typed.text)  # the rule, not the exit ticket's one try
                    rows.append(
                        Row(
                            plan.id,
                            q.id,
                            lang,
                            typed,
                            verdict.kind,
                            verdict.right,
                            verdict.message,
                        )
                    )
    return rows


_PERCENT_WORDS = ("%", "percent", "Prozent", "decimal", "Dezimal", "fraction", "Bruch")


def _expected(row: Row, x: Fraction) -> str | None:
    """What the standard requires of a row, or None when it is met."""
    role, kind = row.typed.role, row.kind
    named = {m.value for m in mistakes(row.lesson, row.question)}
    if role == "exact" and kind != "right":
        return "an exact answer is not right"
    if role == "rounded-2" and not row.right and kind not in ("mistake", "nearly"):
        return "a rounding with two digits or more is not counted"
    if role == "rounded-1" and answer_kind(x) == "chance" and kind not in ("close", "mistake"):
        return "a one-digit rounding of a chance is not close"
    if role == "cut" and answer_kind(x) == "chance" and kind not in ("close", "mistake"):
        return "a chance cut off with two digits or more is not close (it must not score below 30%)"
    if role == "cut" and answer_kind(x) != "chance" and row.right:
        return "a cut-off number is counted"
    if role == "cut-1" and (row.right or kind not in ("nearly", "mistake")):
        return "a chance cut off after its first digit is not answered with 'almost'"
    if role == "other-form" and kind == "mistake":
        return "a named mistake is named for another form of its value"
    if kind == "mistake" and not _written_as(row):
        return "a mistake is named for an input that is not written as that mistake writes it"
    if role == "estimate" and kind not in ("close", "mistake"):
        return "a simple fraction is not marked as the estimate it is"
    if role == "simple" and row.right:
        return "a simple fraction is counted for a chance pupils compute exactly"
    if role == "rounded-count" and kind != "nearly":
        return "a rounded count is not answered with 'almost: give the exact number'"
    if role in ("mistake", "complement") and row.right:
        return "a named mistake or the complement is counted"
    if role == "mistake" and kind != "mistake":
        return "a named mistake is not named"
    if role == "complement" and kind not in ("opposite", "mistake"):
        return "the complement is not named"
    if role == "miss" and row.right:
        return "a miss is counted"
    if role == "percent-count":
        if row.right or "%" not in row.message:
            return "a count typed as a percentage is not told that it is no percentage"
        return None
    if role == "nonsense" and kind != "unreadable":
        return "nonsense is read"
    if role == "empty" and kind != "empty":
        return "nothing typed is read"
    if role == "percent-bare" and kind not in ("percent", "mistake", "wrong", "nearly"):
        return "a percentage without its sign is not handled as one"
    if answer_kind(x) == "count":
        if kind == "close":
            return "a count is called close"
        if any(word in row.message for word in _PERCENT_WORDS):
            return "a count question's words speak of percentages, decimals or fractions"
    if kind in ("right", "close") and exact_text(x, row.lang) not in row.message:
        return "the exact value is not shown as the rule writes it"
    typed = read_answer(row.typed.text, row.lang)
    if row.right and typed and typed[0].exact_form and typed[0].value in named:
        return "a named mistake, typed as its fraction, is counted"
    return None


def _written_as(row: Row) -> bool:
    """Is what was typed a form of the named mistake the message names: its own fraction as the
    wrong model writes it (``10/40``, ``10 in 40``; any form of a whole number or a decimal), a
    calculation with its value, or a decimal or percentage of it with two digits or more?"""
    for m in mistakes(row.lesson, row.question):
        if m.words[row.lang] not in row.message:
            continue
        belows = {int(w.split("/")[1]) for w in (m.shown, *m.also) if "/" in w}
        for r in read_answer(row.typed.text, row.lang):
            if r.exact_form:
                if r.value == m.value and (not belows or r.typed_below in {None, *belows}):
                    return True
            elif r.value == m.value:
                return True
            elif r.step is not None and m.value > 0:
                lead = Fraction(1)  # the place of the mistake's first digit
                while lead > m.value:
                    lead /= 10
                while lead * 10 <= m.value:
                    lead *= 10
                if r.step <= lead / 10 and rounds_to(r.value, m.value, r.step):
                    return True
    return False


def findings(rows: list[Row] | None = None) -> list[str]:
    """Every verdict of the sweep that breaks the marking standard, as a readable line."""
    rows = sweep() if rows is None else rows
    out = []
    groups: dict[tuple[str, str, str, str], set[tuple[str, bool]]] = {}
    for row in rows:
        x = Fraction(LESSONS[row.lesson].question(row.question).exact())
        problem = _expected(row, x)
        if problem:
            out.append(
                f"{row.lesson} {row.question} ({row.lang}): {row.typed.text!r} -> {row.kind}: "
                f"{problem} ({row.message})"
            )
        if row.typed.group and row.typed.role != "percent-bare":
            key = (row.lesson, row.question, row.lang, row.typed.group)
            groups.setdefault(key, set()).add((row.kind, row.right))
    for (lesson_id, qid, lang, group), verdicts in groups.items():
        if len(verdicts) > 1:
            out.append(
                f"{lesson_id} {qid} ({lang}): the forms of one rounding ({group}) get different "
                f"verdicts: {sorted(verdicts)}"
            )
    return out


def table(rows: list[Row]) -> str:
    """The sweep as text, one line per input, grouped by lesson and question."""
    lines = []
    last: Any = None
    for row in rows:
        head = (row.lesson, row.question, row.lang)
        if head != last:
            x = LESSONS[row.lesson].question(row.question).exact()
            lines.append(f"\n{row.lesson} {row.question} ({row.lang}), answer {x}:")
            last = head
        lines.append(f"  {row.typed.text!r:28} {row.typed.role:12} {row.kind:10} {row.message}")
    return "\n".join(lines)
