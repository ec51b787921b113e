"""The shape of a lesson plan: its parts, questions, choices, worked answers and code tasks, each
in English and German. :mod:`kaskaria.lessons.content` and its per-game modules hold the lessons
themselves, built from these classes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Choice", "CodeTask", "LessonPlan", "Part", "Question", "Words", "Working"]

Words = dict[str, str]  # {"en": ..., "de": ...}


@dataclass(frozen=True)
class Choice:
    value: str
    label: Words
    #: other words a pupil may type for it (any language)
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Working:
    """Room to work a question out on the printed worksheet: ``lines`` ruled lines, or a box
    ``box_mm`` millimetres high (not both). Without it a question gets one small dashed box."""

    lines: int = 0
    box_mm: int = 0

    def __post_init__(self) -> None:
        for name, value, top in (("lines", self.lines, 20), ("box_mm", self.box_mm, 150)):
            if value.__class__ is not int or not 0 <= value <= top:
                raise ValueError(
                    f"Working.{name} must be a whole number from 0 to {top}, not {value!r:.20}"
                )
        if self.lines and self.box_mm:
            raise ValueError("Working takes lines or box_mm, not both")


@dataclass(frozen=True)
class CodeTask:
    """What makes a question a "your turn" cell: the pupil writes one to three lines of Python
    that set ``variable`` (the cell holds ``variable = ...`` until then), and
    ``L.check_code(qid, variable)`` checks the value (see :func:`answers.check_value`)."""

    #: the name the pupil's cell sets (the same in both languages: the check cell names it)
    variable: str
    #: a model solution for the teacher edition (Python, with comments in each language)
    solution: Words
    #: the things the answer counts, when a list of them is right too (the good squares)
    items: Callable[[], Any] | None = None
    #: the youngest age the task is meant for; younger classes may leave it out
    min_age: int = 12

    def __post_init__(self) -> None:
        if not self.variable.isidentifier():
            raise ValueError(f"CodeTask.variable must be a Python name, not {self.variable!r:.30}")


@dataclass(frozen=True)
class Question:
    """A prediction (asked before a reveal), an exercise or exit ticket (with a check and a hint),
    or a "your turn" task (kind ``"code"``: the pupil computes it in Python)."""

    id: str
    prompt: Words
    kind: str  # "number", "choice" or "code"
    answer: Callable[[], Any]  # the exact answer: a Fraction (number, code) or a choice value
    hint: Words
    explain: Words  # what the reveal or the answer key says
    choices: tuple[Choice, ...] = ()
    #: on the worksheet (predictions and exercises of the core path and extensions)
    worksheet: bool = True
    extension: bool = False
    #: more ways to give the answer away than the lesson audit works out itself: numbers
    #: (Fractions, ints, or text such as ``"14/3"``) or phrases (``{"en": ..., "de": ...}``) that
    #: must not show before the pupil commits (see :mod:`kaskaria.lessons.audit`)
    giveaways: tuple[Any, ...] = ()
    #: for kind "code": the variable, the model solution and what else counts as right
    code: CodeTask | None = None
    #: room to work on the printed worksheet (default: one small box)
    working: Working | None = None
    #: a note printed with the question on the worksheet: the numbers or the table it needs
    sheet_note: Words | None = None

    def exact(self) -> Any:
        return self.answer()

    def answer_label(self, lang: str) -> str:
        """The answer as the reveal, the teacher edition and the printed key show it."""
        from .show import exact_words

        exact = self.exact()
        if self.kind == "choice":
            for c in self.choices:
                if c.value == exact:
                    return c.label[lang]
            return str(exact)
        return exact_words(exact, lang)

    def accepted(self) -> dict[str, str]:
        """Every word a pupil may type for a choice -> the choice's value."""
        out: dict[str, str] = {}
        for c in self.choices:
            for word in (c.value, c.label["en"], c.label["de"], *c.also):
                out[word.strip().lower()] = c.value
        return out


@dataclass(frozen=True)
class Part:
    title: Words
    minutes: int
    core: bool = True


@dataclass(frozen=True)
class LessonPlan:
    id: str
    notebook: str
    title: Words
    age: Words
    goals: tuple[Words, ...]
    parts: tuple[Part, ...]
    predictions: tuple[Question, ...]
    exercises: tuple[Question, ...]
    discussion: tuple[tuple[Words, Words], ...] = ()
    tally: Words | None = None  # the hands-on table on the worksheet, if any
    extras: dict[str, Any] = field(default_factory=dict)
    #: two or three checked questions at the end of the core path (``L.exit_ticket(qid)``): new
    #: numbers that carry the lesson's idea over, answered in the teacher edition
    exit_tickets: tuple[Question, ...] = ()
    #: "your turn" tasks (kind "code"): ``L.your_turn(qid)``, the pupil's cell,
    #: ``L.check_code(qid, variable)``
    code_tasks: tuple[Question, ...] = ()
    #: notes for the teacher edition only (Markdown, each language): misconceptions, set-up tips
    teacher_notes: tuple[Words, ...] = ()

    def core_minutes(self) -> int:
        return sum(p.minutes for p in self.parts if p.core)

    def min_age(self) -> int | None:
        """The youngest age of the lesson's age band (``ages 8-12`` -> 8)."""
        import re

        found = re.search(r"\d+", self.age["en"])
        return int(found[0]) if found else None

    def questions(self) -> tuple[Question, ...]:
        """Every question: predictions, exercises, exit tickets and "your turn" tasks."""
        return (*self.predictions, *self.exercises, *self.exit_tickets, *self.code_tasks)

    def question(self, qid: str) -> Question:
        for q in self.questions():
            if q.id == qid:
                return q
        known = ", ".join(q.id for q in self.questions())
        raise ValueError(f"lesson {self.id!r} has no question {qid!r:.30}; it has: {known}")


def _w(en: str, de: str) -> Words:
    return {"en": en, "de": de}
