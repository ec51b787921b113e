"""Every lesson, by its id: ``LESSONS`` and :func:`lesson`, the one source for the notebooks'
prediction, exercise, exit-ticket and "your turn" widgets, the timing tables, the teacher editions
(:mod:`kaskaria.lessons.teacher`), the printable worksheets and the lesson audit (so they cannot
disagree).

Each lesson's words are a text file in ``kaskaria/lessons/text/`` (read by
:mod:`kaskaria.lessons.source`); its exact answers are computed in its game's module
(:mod:`~kaskaria.lessons.content_dragon_battle`, :mod:`~kaskaria.lessons.content_heroes`,
:mod:`~kaskaria.lessons.content_dragons_gold`), each of which imports on its own. The data model
(:class:`LessonPlan`, :class:`Question`, ...) lives in :mod:`kaskaria.lessons.plan` and is named
here too. Pure Python (no Jupyter). Exact answers are computed from the engine when first asked
for.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .plan import Choice, CodeTask, LessonPlan, Part, Question, Words, Working

__all__ = [
    "LESSONS",
    "Choice",
    "CodeTask",
    "LessonPlan",
    "Part",
    "Question",
    "Words",
    "Working",
    "lesson",
]

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
