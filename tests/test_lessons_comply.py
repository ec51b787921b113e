"""The real lessons held to the lesson audit (``kaskaria.lessons.audit``), in both languages: every
check, the lesson checks (``A.CHECKS``) and the checks of a teacher's reading
(``A.TEACHER_CHECKS``: an answer on screen before pupils answer, evidence under a reveal, a
reveal stored open, a pointer to the answers, German slips, the worksheet), on every lesson
notebook, except the pairs listed in ``NOT_YET_FIXED``.

FOR THE LESSON ENGINEERS: ``NOT_YET_FIXED`` names, per notebook, the checks it does not pass yet
(what a teacher's walk-through found, docs/teacher-review.md). To see what to change:

    python -m kaskaria.lessons.audit notebooks/<notebook> --check <check>

When that reports nothing, take the check off the notebook's entry (and the entry off the list
when it is empty): from then on the suite keeps the notebook passing it. A listed check that the
notebook passes fails the suite too, so the list only ever shrinks and never hides a notebook that
is fixed. Never add a notebook or a check to the list to make the suite pass: fix the lesson (or,
for a number a question really needs above it, allow it in the cell's metadata with a reason;
see the audit's docstring). The list is empty when the teacher's walk-through finds nothing.

The audit's own tests, on made-up notebooks, are in tests/test_lesson_audit.py and
tests/test_teacher_reading.py (each case a teacher found, frozen from the notebooks as they were);
the twins' sections and lists are compared in tests/test_german_twins.py.
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
    "dragons-gold-deals",
    "dragons-gold-shares",
)

#: notebook (relative to notebooks/) -> the checks it does not pass yet. Reviewed: every entry is
#: a finding of the teacher's reading, listed in full by the audit's CLI.
NOT_YET_FIXED: dict[str, tuple[str, ...]] = {}


def _notebook(lesson_id: str, lang: str) -> str:
    name = LESSONS[lesson_id].notebook
    return name if lang == "en" else f"de/{name}"


CASES = [
    (lesson_id, lang, check)
    for lesson_id in EVERY_LESSON
    for lang in ("en", "de")
    for check in A.ALL_CHECKS
]


def test_the_lists_name_real_lessons_notebooks_and_checks():
    assert set(EVERY_LESSON) == set(LESSONS)
    notebooks = {_notebook(i, lang) for i in EVERY_LESSON for lang in ("en", "de")}
    assert set(NOT_YET_FIXED) <= notebooks
    for name, checks in NOT_YET_FIXED.items():
        assert checks, f"{name}: an empty entry; take it off the list"
        assert set(checks) <= set(A.ALL_CHECKS) and len(set(checks)) == len(checks), name
    assert set(A.ALL_CHECKS) == set(A.CHECKS) | set(A.TEACHER_CHECKS)


@pytest.mark.parametrize(
    ("lesson_id", "lang", "check"), CASES, ids=[f"{c}-{i}-{lang}" for i, lang, c in CASES]
)
def test_the_lesson_passes_the_check(lesson_id, lang, check):
    """A notebook passes every check not listed for it; a listed check still finds something
    (when it finds nothing, the notebook is fixed: take the check off ``NOT_YET_FIXED``)."""
    plan = LESSONS[lesson_id]
    name = _notebook(lesson_id, lang)
    found = A.audit(NOTEBOOKS / name, [check], plan, lang)
    if check in NOT_YET_FIXED.get(name, ()):
        assert found, f"notebooks/{name} passes {check} now: take it off NOT_YET_FIXED"
    else:
        assert found == [], f"notebooks/{name}:\n" + "\n".join(map(str, found))


def test_the_answer_boxs_examples_answer_no_lesson():
    assert A.message_examples() == []
