"""The real lessons held to the lesson audit (``kaskaria.lessons.audit``), in both languages.

FOR THE CONTENT ENGINEERS: each check runs only on the lessons listed under it in ``COMPLY``.
The lists of the checks the lessons of issue 15 must come to pass (spoilers, answer-key, examples,
one-period, ending, your-turn) start empty, because no lesson passes them yet; when
``python -m kaskaria.lessons.audit --check <check> notebooks/<lesson>.ipynb`` (and its German twin)
reports nothing, add the lesson's id here, and from then on the suite keeps it passing. The checks
every lesson passes already (timing, questions) list all of them. Never take a lesson off a list
to make the suite pass: fix the lesson (or, for a number a question really needs, allow it in the
cell's metadata with a reason; see the audit's docstring).

The audit's own tests, on made-up notebooks, are in tests/test_lesson_audit.py; the twins'
sections and lists are compared in tests/test_german_twins.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kaskaria.lessons import audit as A
from kaskaria.lessons.content import LESSONS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
EVERY_LESSON = (
    "dragon-battle-rules",
    "dragon-battle-odds",
    "heroes-rules",
    "heroes-cards",
    "dragons-gold-rules",
    "dragons-gold-shares",
)

#: check -> the lessons that pass it (content engineers: add a lesson when it passes)
COMPLY: dict[str, tuple[str, ...]] = {
    "spoilers": ("dragon-battle-rules", "dragon-battle-odds", "heroes-rules", "heroes-cards"),
    "answer-key": ("dragon-battle-rules", "dragon-battle-odds", "heroes-rules", "heroes-cards"),
    "examples": ("dragon-battle-rules", "dragon-battle-odds", "heroes-rules", "heroes-cards"),
    "one-period": ("dragon-battle-rules", "dragon-battle-odds", "heroes-rules", "heroes-cards"),
    "ending": ("dragon-battle-rules", "dragon-battle-odds", "heroes-rules", "heroes-cards"),
    "your-turn": ("dragon-battle-rules", "dragon-battle-odds", "heroes-rules", "heroes-cards"),
    "timing": EVERY_LESSON,
    "questions": EVERY_LESSON,
}

CASES = [
    (check, lesson_id, lang)
    for check, ids in COMPLY.items()
    for lesson_id in ids
    for lang in ("en", "de")
]


def test_the_lists_name_every_check_and_real_lessons_only():
    assert set(COMPLY) == set(A.CHECKS)
    assert set(EVERY_LESSON) == set(LESSONS)
    for ids in COMPLY.values():
        assert set(ids) <= set(LESSONS) and len(set(ids)) == len(ids)


@pytest.mark.parametrize(
    ("check", "lesson_id", "lang"), CASES, ids=[f"{c}-{i}-{lang}" for c, i, lang in CASES]
)
def test_the_lesson_passes_the_check(check, lesson_id, lang):
    plan = LESSONS[lesson_id]
    path = NOTEBOOKS / plan.notebook if lang == "en" else NOTEBOOKS / "de" / plan.notebook
    found = A.audit(path, [check], plan, lang)
    assert found == [], f"{path.relative_to(NOTEBOOKS.parent)}:\n" + "\n".join(map(str, found))


def test_the_answer_boxs_examples_answer_no_lesson():
    assert A.message_examples() == []
