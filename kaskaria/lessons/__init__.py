"""The plumbing of the lessons: predictions, reveals, answer boxes, charts, tallies, tournaments.

Imported only by notebooks (``from kaskaria import lessons``), never by ``import kaskaria``: it
needs ipywidgets/anywidget and matplotlib. A learner-facing cell stays a few lines:

>>> L = lessons.Lesson("dragon-battle-odds")          # doctest: +SKIP
>>> L.predict("bad-faces")                            # doctest: +SKIP
>>> L.reveal("bad-faces")                             # doctest: +SKIP
>>> L.exercise("ex1")                                 # doctest: +SKIP

Everything a lesson asks and answers lives in :mod:`kaskaria.lessons.content` (English and German),
which the printable worksheets (:mod:`kaskaria.lessons.worksheets`) use too. The widgets are
imported only when a lesson first shows one, so the content and the worksheets need no Jupyter.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

from ..i18n import check_lang
from ..i18n import text as _t
from .answers import Verdict, check_choice, check_number, read_number
from .content import LESSONS, LessonPlan, Question, lesson
from .show import Shown, percent

if TYPE_CHECKING:
    from .widgets import AnswerBox, ImageSlider, Predict, Reveal, Tally

_WIDGETS = ("AnswerBox", "ImageSlider", "Predict", "Reveal", "Tally")


def __getattr__(name: str) -> Any:
    """The widget classes, imported on first use (they need ipywidgets and anywidget)."""
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LESSONS",
    "AnswerBox",
    "ImageSlider",
    "Lesson",
    "LessonPlan",
    "Predict",
    "Question",
    "Reveal",
    "Shown",
    "Tally",
    "Verdict",
    "at_a_glance",
    "check_choice",
    "check_number",
    "lesson",
    "percent",
    "read_number",
]


def _answer_label(q: Question, lang: str) -> str:
    return q.answer_label(lang)


class Lesson:
    """One lesson's predictions, reveals and exercises, in one language."""

    def __init__(self, lesson_id: str, lang: str = "en") -> None:
        self.plan: LessonPlan = lesson(lesson_id)
        self.lang = check_lang(lang)
        self._predictions: dict[str, Predict] = {}

    def __repr__(self) -> str:
        return f"<Lesson {self.plan.id} ({self.lang})>"

    # -- for the class ---------------------------------------------------------------------------
    def predict(self, qid: str) -> Predict:
        """Ask for a vote or a guess before the reveal."""
        q = self.plan.question(qid)
        choices = [(c.value, c.label[self.lang]) for c in q.choices] if q.kind == "choice" else None
        from .widgets import Predict

        widget = Predict(q.id, q.prompt[self.lang], choices, self.lang)
        self._predictions[qid] = widget
        return widget

    def reveal(self, qid: str) -> Reveal:
        """The answer behind a button, compared with the class's guess."""
        from .widgets import Reveal

        q = self.plan.question(qid)
        return Reveal(
            q.id,
            self._predictions.get(qid),
            _answer_label(q, self.lang),
            q.explain[self.lang],
            str(q.exact()),
            self.lang,
        )

    def exercise(self, qid: str) -> AnswerBox:
        """An exercise with a box for the answer, Check and Hint (answers stay inside)."""
        from .widgets import AnswerBox

        q = self.plan.question(qid)
        lang = self.lang
        hint = q.hint[lang]
        if q.kind == "choice":
            accepted = q.accepted()
            right = str(q.exact())

            def checker(typed: Any) -> Verdict:
                return check_choice(typed, right, accepted, hint, lang)

            choices = [(c.value, c.label[lang]) for c in q.choices]
        else:
            exact = Fraction(q.exact())

            def checker(typed: Any) -> Verdict:
                return check_number(typed, exact, hint, lang)

            choices = None
        return AnswerBox(q.id, q.prompt[lang], checker, hint, lang, choices)

    # -- for the teacher ----------------------------------------------------------------------------
    def intro(self) -> Shown:
        """Age band, goals in words and the length of the core path."""
        p, lang = self.plan, self.lang
        goals = [g[lang] for g in p.goals]
        core = p.core_minutes()
        head = _t("core", "lesson.intro", lang, age=p.age[lang], minutes=core)
        html = (
            f"<div><p><b>{escape(head)}</b></p><p>{escape(_t('core', 'lesson.goals', lang))}</p><ul>"
            + "".join(f"<li>{escape(g)}</li>" for g in goals)
            + "</ul></div>"
        )
        text = "\n".join([head, _t("core", "lesson.goals", lang), *(f"- {g}" for g in goals)])
        return Shown(html, text)

    def timing(self) -> Shown:
        """The timing table: the core path, then the extensions."""
        p, lang = self.plan, self.lang
        rows = []
        for part in p.parts:
            tag = "" if part.core else _t("core", "lesson.extension_tag", lang)
            rows.append((part.title[lang] + tag, part.minutes, part.core))
        core = sum(m for _, m, c in rows if c)
        html = (
            f"<table><tr><th>{escape(_t('core', 'lesson.part', lang))}</th>"
            f"<th>{escape(_t('core', 'lesson.minutes', lang))}</th></tr>"
            + "".join(f"<tr><td>{escape(t)}</td><td>{m}</td></tr>" for t, m, _ in rows)
            + f"<tr><td><b>{escape(_t('core', 'lesson.core_total', lang))}</b></td><td><b>{core}</b></td></tr></table>"
        )
        text = (
            "\n".join(f"{m:>3}  {t}" for t, m, _ in rows)
            + f"\n{core:>3}  {_t('core', 'lesson.core_total', lang)}"
        )
        return Shown(html, text)

    def discussion(self) -> Shown:
        """The discussion questions, each with its answer for the teacher."""
        lang = self.lang
        html = (
            "<ol>"
            + "".join(
                f"<li><b>{escape(q[lang])}</b><br>{escape(a[lang])}</li>"
                for q, a in self.plan.discussion
            )
            + "</ol>"
        )
        text = "\n".join(
            f"{i + 1}. {q[lang]}\n   {a[lang]}" for i, (q, a) in enumerate(self.plan.discussion)
        )
        return Shown(html, text)

    def answers(self) -> Shown:
        """The answer key of every prediction and exercise (for the teacher's notes)."""
        lang = self.lang
        items = [*self.plan.predictions, *self.plan.exercises]
        html = (
            "<ul>"
            + "".join(
                f"<li><b>{escape(q.prompt[lang])}</b><br>{escape(_answer_label(q, lang))}: {escape(q.explain[lang])}</li>"
                for q in items
            )
            + "</ul>"
        )
        text = "\n".join(f"- {q.id}: {_answer_label(q, lang)}. {q.explain[lang]}" for q in items)
        return Shown(html, text)


def at_a_glance(lang: str = "en") -> Shown:
    """Every lesson: its notebook, age band, minutes of the core path and goals."""
    check_lang(lang)
    head = [_t("core", f"lesson.glance.{k}", lang) for k in ("lesson", "age", "minutes", "goals")]
    rows = []
    for plan in LESSONS.values():
        link = f'<a href="{escape(plan.notebook)}">{escape(plan.title[lang])}</a>'
        goals = "".join(f"<li>{escape(g[lang])}</li>" for g in plan.goals)
        rows.append(
            f"<tr><td>{link}</td><td>{escape(plan.age[lang])}</td><td>{plan.core_minutes()}</td>"
            f"<td><ul>{goals}</ul></td></tr>"
        )
    html = (
        "<table><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join(sorted(rows, key=lambda r: r.split('href="')[1]))
        + "</table>"
    )
    text = "\n".join(
        f"{plan.notebook}: {plan.title[lang]} | {plan.age[lang]} | {plan.core_minutes()} min"
        for plan in sorted(LESSONS.values(), key=lambda p: p.notebook)
    )
    return Shown(html, text)
