"""The plumbing of the lessons: predictions, reveals, answer boxes, charts, tallies, tournaments.

Imported only by notebooks (``from kaskaria import lessons``), never by ``import kaskaria``: it
needs ipywidgets/anywidget and matplotlib. A learner-facing cell stays a few lines:

>>> L = lessons.Lesson("dragon-battle-odds")          # doctest: +SKIP
>>> L.predict("bad-faces")                            # doctest: +SKIP
>>> L.reveal("bad-faces")                             # doctest: +SKIP
>>> L.exercise("ex1")                                 # doctest: +SKIP

Everything a lesson asks and answers comes from :mod:`kaskaria.lessons.content` (English and German:
the words from the lesson's text in ``kaskaria/lessons/text/``, the exact answers from Python),
which the printable worksheets (:mod:`kaskaria.lessons.worksheets`) use too. The widgets are
imported only when a lesson first shows one, so the content and the worksheets need no Jupyter.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

from ..i18n import check_lang
from ..i18n import text as _t
from .answers import (
    Verdict,
    check_choice,
    check_number,
    check_value,
    exact_text,
    other_name,
    placeholder,
    question_terms,
    read_number,
)
from .content import LESSONS, LessonPlan, Question, lesson
from .mistakes import for_check
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
    "check_value",
    "lesson",
    "percent",
    "read_number",
]


_NOTE_STYLE = (
    "font-family:sans-serif;font-size:16px;border:2px solid #c9c3b3;border-radius:10px;"
    "padding:10px 14px;margin:6px 0;background:#faf8f2;max-width:820px;"
)


def _answer_label(q: Question, lang: str) -> str:
    return q.answer_label(lang)


class Lesson:
    """One lesson's predictions, reveals and exercises, in one language."""

    def __init__(self, lesson_id: str | LessonPlan, lang: str = "en") -> None:
        self.plan: LessonPlan = (
            lesson_id if isinstance(lesson_id, LessonPlan) else lesson(lesson_id)
        )
        self.lang = check_lang(lang)
        self._predictions: dict[str, Predict] = {}
        self._boxes: dict[str, AnswerBox] = {}
        #: the kernel's names when each your-turn task was shown (to find a misspelt variable)
        self._names_before: dict[str, set[str]] = {}
        #: pupils younger than 10 get no decimals in the answer box's examples
        self._young = (self.plan.min_age() or 99) < 10
        from . import kernel

        tasks = [q.code for q in self.plan.code_tasks if q.code]
        kernel.install(
            self.lang,
            [c.name(self.lang) for c in tasks],
            others={c.name(self.lang): c.other_names(self.lang) for c in tasks},
        )

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

    def reveal(self, qid: str, then: Any = None) -> Reveal:
        """The answer behind a button, compared with the class's guess; ``then`` (a table, a
        chart, an output, or a list of them) is drawn with the answer when the button is pressed,
        never before: the evidence that would give the answer away stays inside the reveal
        (``L.reveal("two-dice", then=db.grid(["red"]))``)."""
        from .widgets import Reveal, then_html

        q = self.plan.question(qid)
        return Reveal(
            q.id,
            self._predictions.get(qid),
            _answer_label(q, self.lang),
            q.explain[self.lang],
            str(q.exact()),
            self.lang,
            then_html(then),
            answer_box=self._boxes.get(qid),
            answered=q not in self.plan.predictions,
        )

    def after_vote(self, qid: str, then: Any) -> Shown:
        """``then`` (a table or picture) folded away until the vote ``qid`` above it is over:
        what it shows would answer that vote, and a pair on its own device reaches it by
        scrolling. Opened by a press, as an answer is; its plain text is the fold's label."""
        from .widgets import then_html

        q = self.plan.question(qid)
        label = _t("core", "lesson.after_vote", self.lang)
        html = (
            f'<details class="kaskaria-after-vote" data-question="{escape(q.id)}">'
            f"<summary>{escape(label)}</summary>{then_html(then)}</details>"
        )
        return Shown(html, label)

    def exercise(self, qid: str) -> AnswerBox:
        """An exercise with a box for the answer, Check and Hint (answers stay inside). A
        ``L.reveal(qid, then=...)`` below it may carry the evidence that would show its answer (a
        table, a chart): drawn only when pressed, after the pupil has typed an answer."""
        box = self._answer_box(self.plan.question(qid), "lesson.exercise")
        self._boxes[qid] = box
        return box

    def exit_ticket(self, qid: str) -> AnswerBox:
        """One question of the exit ticket at the end of the core path, checked like an
        exercise (its answer is in the teacher edition, never on the pupil's screen)."""
        q = self.plan.question(qid)
        if q not in self.plan.exit_tickets:
            tickets = ", ".join(t.id for t in self.plan.exit_tickets) or "none"
            raise ValueError(
                f"{qid!r:.30} is not an exit ticket of {self.plan.id}; they are: {tickets}"
            )
        return self._answer_box(q, "lesson.exit_ticket")

    def _answer_box(self, q: Question, title_key: str) -> AnswerBox:
        """A number in an exercise gets any number of tries, each marked by the one rule of
        :mod:`~kaskaria.lessons.answers`; a choice gets one try, then its explanation; an exit
        ticket (a number or a choice) gets one answer, no hint, then right or not and its
        explanation; one also written on the worksheet's slip shows them only at a separate
        "Show the answer" press (:class:`~kaskaria.lessons.widgets.AnswerBox`)."""
        from .widgets import AnswerBox

        lang = self.lang
        hint = q.hint[lang]
        exit = title_key == "lesson.exit_ticket"
        if q.kind == "choice":
            accepted = q.accepted()
            right = str(q.exact())

            labels = [c.label[lang] for c in q.choices]

            def checker(typed: Any) -> Verdict:
                return check_choice(typed, right, accepted, hint, lang, labels)

            choices = [(c.value, c.label[lang]) for c in q.choices]
            return AnswerBox(
                q.id,
                q.prompt[lang],
                checker,
                hint,
                lang,
                choices,
                title_key,
                once=(q.answer_label(lang), q.explain[lang]),
                exit=exit,
                paper=q.worksheet,
            )
        if q.kind == "number":
            exact = Fraction(q.exact())
            named = for_check(self.plan.id, q.id, lang)
            young = self._young
            estimate = q.estimate()
            terms = question_terms(*q.prompt.values())

            def check(typed: Any) -> Verdict:
                return check_number(
                    typed, exact, hint, lang, named, young, estimate=estimate, **terms
                )

            return AnswerBox(
                q.id,
                q.prompt[lang],
                check,
                hint,
                lang,
                None,
                title_key,
                placeholder=placeholder(exact, lang, young),
                once=(exact_text(exact, lang), q.explain[lang]) if exit else None,
                exit=exit,
                paper=q.worksheet,
            )
        raise ValueError(
            f"{q.id!r:.30} is a {q.kind!r:.10} question: use L.your_turn and L.check_code"
        )

    def answer_spec(self, qid: str) -> dict[str, Any]:
        """What a class server needs to mark exercise or exit-ticket ``qid`` on the pupils'
        devices by the same rule as the answer box (plain JSON values, both languages): the
        prompt, the hint, the exact answer (a fraction as text, or the right choice), the
        choices, the named mistakes and how a simple fraction is marked (``marking``: "exact",
        "estimate" or "", as the lesson's text says)."""
        q = self.plan.question(qid)
        if q.kind not in ("number", "choice"):
            raise ValueError(f"{q.id!r:.30} is a {q.kind!r:.10} question: it has no answer box")
        both = ("en", "de")
        spec: dict[str, Any] = {
            "qid": q.id,
            "lesson": self.plan.id,
            "form": q.kind,
            "exact": str(q.exact()) if q.kind == "choice" else str(Fraction(q.exact())),
            "prompt": {lg: q.prompt[lg] for lg in both},
            "hint": {lg: q.hint[lg] for lg in both},
            "exit": q in self.plan.exit_tickets,
            "young": self._young,
            "marking": q.marking,
        }
        if q.kind == "choice":
            spec["choices"] = [
                {"value": c.value, "label": {lg: c.label[lg] for lg in both}, "also": list(c.also)}
                for c in q.choices
            ]
        else:
            named = {lg: for_check(self.plan.id, q.id, lg) for lg in both}
            spec["mistakes"] = [
                {"value": value, "words": {lg: named[lg][i][1] for lg in both}, "written": written}
                for i, (value, _, written) in enumerate(named["en"])
            ]
        return spec

    # -- your turn: the pupils compute ----------------------------------------------------------
    def _code_task(self, qid: str) -> Question:
        q = self.plan.question(qid)
        if q.kind != "code" or q.code is None:
            tasks = ", ".join(t.id for t in self.plan.code_tasks) or "none"
            raise ValueError(
                f"{qid!r:.30} is not a your-turn task of {self.plan.id}; they are: {tasks}"
            )
        return q

    def your_turn(self, qid: str) -> Shown:
        """The task of a "your turn" cell: what to compute, for which ages, and the variable the
        pupil's cell below sets (it holds ``variable = ...`` until the pupil writes it)."""
        q = self._code_task(qid)
        assert q.code is not None
        from .kernel import user_names

        self._names_before[qid] = user_names()
        lang = self.lang
        head = _t("core", "lesson.your_turn", lang, age=q.code.min_age, prompt=q.prompt[lang])
        variable = q.code.name(lang)
        how = _t("core", "lesson.your_turn_how", lang, variable=variable)
        # on screen the variable is set as code: `punkte` is a name, not a misspelt noun
        mark = "\ue000"
        how_html = escape(_t("core", "lesson.your_turn_how", lang, variable=mark)).replace(
            mark, f"<code>{escape(variable)}</code>"
        )
        html = (
            f'<div class="kaskaria-lesson kaskaria-lesson-your-turn" style="{_NOTE_STYLE}'
            f'border-left:5px solid #2f5f8a"><p><b>{escape(head)}</b></p><p>{how_html}</p></div>'
        )
        return Shown(html, f"{head}\n{how}")

    def check_code(self, qid: str, value: Any) -> Shown:
        """Check what the pupil's cell computed: right (any correct way of computing it), a
        sentence naming the mistake, a hint, or (while the cell still holds ``...``) "write your
        answer above" (or, when the cell set a name much like the variable, which name the check
        reads), never the answer."""
        q = self._code_task(qid)
        assert q.code is not None
        lang = self.lang
        from .kernel import last_assigned, last_error, last_failed, last_source

        named = for_check(self.plan.id, q.id, lang)
        verdict = check_value(
            value, q.exact(), q.hint[lang], lang, q.code.items, named, q.estimate(), last_source()
        )

        cell = last_assigned()
        variable = q.code.name(lang)
        if last_failed():
            # the cell above stopped with an error: the variable may hold an earlier run's value
            said = last_error()
            if said:  # the mistake, named as under the cell itself
                message = _t("marking", "code_cell_failed_named", lang, mistake=said)
            else:
                message = _t("marking", "code_cell_failed", lang)
            verdict = Verdict(False, message, "wrong")
        elif cell and variable not in cell:
            # the pupil's latest cell set other names: judge that cell, not a value left in
            # the variable by an earlier run
            verdict = self._other_language(q, cell) or self._cell_name(variable, cell) or verdict
        elif not cell and verdict.kind == "empty":
            verdict = self._other_name(qid, variable) or verdict
        if verdict.kind in ("right", "close"):
            verdict = self._given_wrong(q) or verdict
        colour = {
            "right": "#2e7d4f",
            "close": "#2e7d4f",
            "empty": "#5a6170",
            "percent": "#a86b00",
            "nearly": "#a86b00",
        }.get(verdict.kind, "#b3372f")
        html = (
            f'<div class="kaskaria-lesson kaskaria-lesson-check kl-{verdict.kind}" '
            f'style="{_NOTE_STYLE}border-left:5px solid {colour}" role="status">'
            f"{escape(verdict.message)}</div>"
        )
        return Shown(html, verdict.message)

    def _given_wrong(self, q: Question) -> Verdict | None:
        """A right answer from a wrong list on the way (``bad = [1, 2, 3]`` gives 27 good
        squares too): the first of the task's other names (:attr:`CodeTask.given`) whose list
        does not hold its things, said without them. (Outside a kernel, as in a script, only the
        value is checked.)"""
        assert q.code is not None
        from .kernel import user_namespace

        names = user_namespace()
        if names is None:
            return None
        for name, things in q.code.given.items():
            held: Any = names.get(name)
            try:
                same = sorted(held) == sorted(things())
            except TypeError:  # not a list of things (None, a number, mixed kinds)
                same = False
            if not same:
                sentence = _t("marking", "code_given_wrong", self.lang, name=name)
                return Verdict(False, sentence, "wrong")
        return None

    def _other_language(self, q: Question, names: Iterable[str]) -> Verdict | None:
        """The pupil set the name this task has in another language's notebook (``chance`` in
        a German notebook, whose cell sets ``wkeit``): say kindly which name this one reads."""
        assert q.code is not None
        given = set(names)
        for other in q.code.other_names(self.lang):
            if other in given:
                sentence = _t(
                    "marking",
                    "code_other_language",
                    self.lang,
                    name=other,
                    variable=q.code.name(self.lang),
                )
                return Verdict(False, sentence, "wrong")
        return None

    def _cell_name(self, variable: str, cell: list[str]) -> Verdict | None:
        """The pupil's latest cell set ``cell`` but not ``variable``: a name much like it, or a
        name of the pupil's own that holds a number."""
        return self._named_otherwise(variable, cell, other_name(variable, cell))

    def _named_otherwise(
        self, variable: str, names: Iterable[str], name: str | None
    ) -> Verdict | None:
        """A name much like ``variable`` (``name``), or else a name of the pupil's own among
        ``names`` that holds a number (``Wahrscheinlichkeit = 5/46``): the pupil did write an
        answer, only under another name."""
        from .kernel import user_numbers

        if name is not None:
            sentence = _t("marking", "code_other_name", self.lang, name=name, variable=variable)
            return Verdict(False, sentence, "wrong")
        held = user_numbers(names)
        if not held:
            return None
        sentence = _t("marking", "code_new_name", self.lang, name=held[0], variable=variable)
        return Verdict(False, sentence, "wrong")

    def _other_name(self, qid: str, variable: str) -> Verdict | None:
        """``variable`` still holds ``...``: did the pupil's cell set a name much like it?"""
        from .kernel import user_names

        now = user_names()
        new = now - self._names_before.get(qid, set())
        other = self._other_language(self._code_task(qid), new)
        if other is not None:
            return other
        name = other_name(variable, new) or other_name(variable, now)
        return self._named_otherwise(variable, new, name)

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
