"""What each lesson asks and answers, in English and German: the one source for the notebooks'
prediction, exercise, exit-ticket and "your turn" widgets, the timing tables, the teacher editions
(:mod:`kaskaria.lessons.teacher`), the printable worksheets and the lesson audit's spoiler check (so
they cannot disagree).

The data model (:class:`LessonPlan`, :class:`Question`, ...) and every lesson by its id
(:data:`LESSONS`, :func:`lesson`). A lesson's words are its text file in ``kaskaria/lessons/text/``
(read by :mod:`kaskaria.lessons.source`); its exact answers are computed in its game's module
(:mod:`~kaskaria.lessons.content_dragon_battle`, :mod:`~kaskaria.lessons.content_heroes`,
:mod:`~kaskaria.lessons.content_dragons_gold`), which builds its plans; each of them imports on its
own, and a lesson is read the first time it is asked for.

Pure Python (no Jupyter). Exact answers are computed from the engine when first asked for.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "LESSONS",
    "Choice",
    "CodeTask",
    "Grid",
    "TALLY_PAIRS",
    "LessonPlan",
    "Part",
    "Question",
    "Working",
    "lesson",
    "without_note",
]

Words = dict[str, str]  # {"en": ..., "de": ...}

#: The pairs a class's dice tally has room for, one each (a class of 31 or 32 has 16 pairs): the
#: columns of the worksheet's dice table and the rows the notebook's class table starts with (it
#: grows when the last row is typed into).
TALLY_PAIRS = 16


#: a note in brackets at the end of a text: "(4)" in "only the big knight (4)"
_NOTE_AT_END = re.compile(r"\s*\([^()]*\)\s*$")


def without_note(text: str) -> str:
    """``text`` without the note in brackets at its end: "only the big knight" for "only the big
    knight (4)", "ages 9-13" for "ages 9-13 (the extensions: 12 and up)"."""
    return _NOTE_AT_END.sub("", text)


@dataclass(frozen=True)
class Choice:
    value: str
    label: Words
    #: other words a pupil may type for it (any language)
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Working:
    """Room to work a question out on the printed worksheet: ``lines`` ruled lines, or a box
    ``box_mm`` millimetres high (not both), or neither (``Working()``: no room, the answer line
    is enough). Without it a question gets one small dashed box."""

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
class Grid:
    """An empty table printed with a question on the worksheet, for the pupil to mark or fill
    in (the 6 x 6 grid of two dice): the labels of its rows and of its columns in each language,
    and a caption saying what they are and what to mark."""

    rows: dict[str, tuple[str, ...]]
    columns: dict[str, tuple[str, ...]]
    caption: Words | None = None

    #: the most rows or columns a printed grid has (it must fit the page)
    MOST = 12

    def __post_init__(self) -> None:
        for name, labels in (("rows", self.rows), ("columns", self.columns)):
            sizes = {len(v) for v in labels.values()}
            if not labels or len(sizes) != 1 or not 1 <= sizes.pop() <= self.MOST:
                raise ValueError(
                    f"Grid.{name} needs 1 to {self.MOST} labels, as many in every language, "
                    f"not { ({k: len(v) for k, v in labels.items()})!r:.60}"
                )


@dataclass(frozen=True)
class CodeTask:
    """What makes a question a "your turn" cell: the pupil writes one to three lines of Python
    that set ``variable`` (the cell holds ``variable = ...`` until then), and
    ``L.check_code(qid, variable)`` checks the value (see :func:`answers.check_value`)."""

    #: the name the pupil's cell sets: one for every language (``"chance"``) or one per language
    #: (``{"en": "chance", "de": "wkeit"}``: a German pupil writes a German name); the check
    #: cell names it (see :meth:`name`)
    variable: str | Words
    #: a model solution for the teacher edition (Python, with comments in each language)
    solution: Words
    #: the things the answer counts, when a list of them is right too (the good squares)
    items: Callable[[], Any] | None = None
    #: the youngest age the task is meant for; younger classes may leave it out
    min_age: int = 12
    #: other names the cell sets on the way, each with the things it must hold in any order
    #: (``{"bad": ...}``: the bad faces): a right answer from a wrong list is not right (any
    #: three faces give 27 good squares)
    given: Mapping[str, Callable[[], Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = [self.variable] if isinstance(self.variable, str) else list(self.variable.values())
        if not names or not all(isinstance(n, str) and n.isidentifier() for n in names):
            raise ValueError(f"CodeTask.variable must be a Python name, not {self.variable!r:.30}")

    def name(self, lang: str) -> str:
        """The name the pupil's cell sets in ``lang``'s notebook."""
        if isinstance(self.variable, str):
            return self.variable
        return self.variable[lang]

    def other_names(self, lang: str) -> tuple[str, ...]:
        """The names the same cell sets in the other languages' notebooks (``("chance",)`` for
        a German notebook), where they differ from this one's."""
        if isinstance(self.variable, str):
            return ()
        own = self.variable[lang]
        return tuple(dict.fromkeys(n for n in self.variable.values() if n != own))


#: the answers worked out so far, by their function (:meth:`Question.exact`)
_EXACT: dict[Callable[[], Any], Any] = {}


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
    #: an exit ticket set as homework: printed on a page of its own that goes home (the
    #: worksheet's last page), not on the exit-ticket page the teacher collects
    homework: bool = False
    #: an empty grid printed with the question on the worksheet, for the pupil to mark
    sheet_grid: Grid | None = None
    #: how a simple fraction typed for a chance is marked (the text's ``marking`` key): "exact"
    #: (pupils compute the chance exactly, so 1/4 is a wrong fraction), "estimate" (1/4 is an
    #: estimate of it), "" (by the chance's denominator)
    marking: str = ""
    #: what the reveal draws after ``explain`` (a rule, a table's words), for the teacher edition
    #: and the printed answer key, which show no table: a function of the language giving its
    #: lines (``rule-three-dice``: the rule of extension D and what it costs)
    key: Callable[[str], tuple[str, ...]] | None = None
    #: an exercise's number in the notebook (the heading ``### Exercise 3`` above it), which the
    #: worksheet, the answer key and the teacher edition print; None for other questions
    number: int | None = None

    def exact(self) -> Any:
        """The exact answer, worked out once per process: every answer is a value that does
        not change (a Fraction, a number, a choice's value), and some take a second (a solved
        game, every two-player split), asked by the reveal, the marking, the key and the edition."""
        try:
            return _EXACT[self.answer]
        except KeyError:
            value = _EXACT[self.answer] = self.answer()
            return value

    def estimate(self) -> bool | None:
        """May a simple fraction be an estimate of this question's chance? False for
        ``marking: exact``, True for ``marking: estimate``, None (the marking decides by the
        chance's denominator, :func:`kaskaria.marking.answers.estimates`) without the key."""
        return {"exact": False, "estimate": True}.get(self.marking)

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

    def key_lines(self, lang: str) -> tuple[str, ...]:
        """What the teacher edition and the answer key print after ``explain``: the lines the
        reveal's table or rule shows (none for most questions)."""
        return tuple(self.key(lang)) if self.key is not None else ()

    def accepted(self) -> dict[str, str]:
        """Every word a pupil may type for a choice -> the choice's value: its value, its labels,
        each label without the note in brackets at its end ("nur der große Ritter" for "nur der
        große Ritter (4)", in every language alike) and its ``also`` words."""
        out: dict[str, str] = {}
        for c in self.choices:
            labels = (c.label["en"], c.label["de"])
            bare = (without_note(label) for label in labels)
            for word in (c.value, *labels, *bare, *c.also):
                if word.strip():
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
    #: what the class needs besides the notebook (dice, paper, groups): the teacher edition and
    #: the answer key list it
    materials: tuple[Words, ...] = ()
    #: mistakes pupils commonly make in this lesson, each with what helps (teacher edition)
    misconceptions: tuple[tuple[Words, Words], ...] = ()
    #: what pupils know before the lesson and the predictions need, printed in a box at the top
    #: of the worksheet's first part (handed out at the start): no rule a prediction asks them to
    #: find
    sheet_rules: Words | None = None
    #: the rules the lesson showed that the exercises and the exit ticket need, printed in a box
    #: at the top of the worksheet's second part (after the predictions), so the sheet stands
    #: alone on paper
    sheet_rules_found: Words | None = None
    #: the prediction after whose vote page 2 of the worksheet goes out (``worksheet page 2``;
    #: None: after the last prediction of the core path), and that moment in words
    sheet_after: str | None = None
    sheet_page_two: Words | None = None
    #: every question's id in the order the lesson asks them
    order: tuple[str, ...] = ()
    #: the exercises of the core path asked before page 2 goes out: printed on page 1
    sheet_front: tuple[str, ...] = ()
    #: an empty table on page 2 of the worksheet, to fill in (``worksheet grid``), at the
    #: ``start`` of page 2 (under its rule box) or at its ``end`` (after the exercises and the
    #: dice table)
    sheet_grid: Grid | None = None
    sheet_grid_at: str = "start"
    #: what the filled-in grid shows, for the answer key (``worksheet grid: answer``)
    sheet_grid_answer: Words | None = None
    #: what the teacher says at a cell of the notebook: cell id -> words (teacher edition, in
    #: the section of that cell)
    say: dict[str, Words] = field(default_factory=dict)

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


#: every lesson's id -> the module that computes its answers, and the plan's name there
WHERE = {
    "dragon-battle-odds": ("content_dragon_battle", "ODDS"),
    "dragon-battle-rules": ("content_dragon_battle", "RULES_LESSON"),
    "heroes-rules": ("content_heroes", "HEROES_RULES"),
    "heroes-cards": ("content_heroes", "HEROES_CARDS"),
    "dragons-gold-rules": ("content_dragons_gold", "DRAGONS_GOLD_RULES"),
    "dragons-gold-deals": ("content_dragons_gold", "DRAGONS_GOLD_DEALS"),
    "dragons-gold-shares": ("content_dragons_gold", "DRAGONS_GOLD_SHARES"),
}


class _Lessons(Mapping[str, LessonPlan]):
    """Every lesson by its id, read from its text the first time it is asked for (a notebook
    reads only its own game's lessons)."""

    def __getitem__(self, lesson_id: str) -> LessonPlan:
        module, name = WHERE[lesson_id]
        plan: LessonPlan = getattr(importlib.import_module(f".{module}", __package__), name)
        return plan

    def __iter__(self) -> Iterator[str]:
        return iter(WHERE)

    def __len__(self) -> int:
        return len(WHERE)

    def __repr__(self) -> str:
        return f"<the lessons {', '.join(WHERE)}>"


LESSONS: Mapping[str, LessonPlan] = _Lessons()


def lesson(lesson_id: str) -> LessonPlan:
    if lesson_id not in LESSONS:
        raise ValueError(f"unknown lesson {lesson_id!r:.40}; lessons: {', '.join(LESSONS)}")
    return LESSONS[lesson_id]
