"""A chance typed where a box asks for a number of things gets one explanation in every form it
is written in: ``1/9``, ``1 in 9``, ``1 von 9`` and ``one in nine`` are told alike that they are
a share and that the question asks how many, in every lesson and in both languages."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from kaskaria import lessons
from kaskaria.i18n import text
from kaskaria.lessons import LESSONS
from kaskaria.lessons.answers import answer_kind, asks_average, question_totals


def box(lesson_id: str, qid: str, lang: str):
    """The real answer box of a lesson's exercise or exit ticket."""
    L = lessons.Lesson(lesson_id, lang)
    q = L.plan.question(qid)
    return L.exit_ticket(qid) if q in L.plan.exit_tickets else L.exercise(qid)


def _share_key(lesson_id: str, qid: str) -> str:
    q = LESSONS[lesson_id].question(qid)
    average = any(asks_average(p) for p in q.prompt.values())
    return "not_share_amount" if average else "not_whole_count"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    "qid, typed",
    [
        ("ex5", "1 in 9"),
        ("ex5", "one in nine"),
        ("ex7", "1 in 3"),
        ("ex8", "1 in 4"),
        ("ex8", "25 in 100"),
    ],
)
def test_lesson_02_a_chance_as_k_in_n_is_told_a_count_is_asked(qid, typed, lang):
    """The teacher's walk: ``1 in 9`` in exercise 5 was told "Not yet. Hint: 1 roll in 9
    fails.", its own words back, while ``1/9`` was told that a number of things is asked."""
    if lang == "de":
        typed = typed.replace(" in ", " von ").replace("one von nine", "einer von neun")
    q = LESSONS["dragon-battle-odds"].question(qid)
    hint = q.hint[lang]
    message = box("dragon-battle-odds", qid, lang).mark(typed).message
    assert message == text("marking", _share_key("dragon-battle-odds", qid), lang, hint=hint)


def _count_boxes():
    for lesson_id in LESSONS:
        plan = LESSONS[lesson_id]
        for q in (*plan.exercises, *plan.exit_tickets):
            if q.kind == "number" and answer_kind(F(q.exact())) == "count":
                yield lesson_id, q.id


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("lesson_id, qid", list(_count_boxes()))
def test_every_count_box_marks_a_chance_alike_in_every_form(lesson_id, qid, lang):
    """One value, one kind of feedback: a chance written as a chance (``1/7``, ``1 in 7``, ``1 zu
    7``) and the chance that gives the answer from a total the question names, in every form of
    either language (``1/9``, ``1 in 9``, ``1 of 9``, ``1 von 9``, ``1 aus 9`` for 40 of 360),
    get the same sentence: the one that says a count is asked."""
    q = LESSONS[lesson_id].question(qid)
    exact = F(q.exact())
    totals = question_totals(*q.prompt.values())
    expected = text("marking", _share_key(lesson_id, qid), lang, hint=q.hint[lang])
    n = next(n for n in (7, 9, 11, 13) if n not in totals)
    forms = [f"1/{n}", f"1 in {n}"] if lang == "en" else [f"1/{n}", f"1 zu {n}"]
    for total in sorted(totals):
        chance = exact / total
        if 0 < chance < 1 and chance.denominator != total:
            k, n = chance.numerator, chance.denominator
            if lang == "en":
                forms += [f"{k}/{n}", f"{k} in {n}", f"{k} of {n}", f"{k} out of {n}"]
            else:
                forms += [f"{k}/{n}", f"{k} von {n}", f"{k} aus {n}"]
    said = {typed: box(lesson_id, qid, lang).mark(typed).message for typed in forms}
    assert set(said.values()) == {expected}, said


def test_the_chance_behind_a_count_is_tried_in_several_lessons():
    """The test above types the chance behind the count in lesson 02's three count boxes at
    least (40 of 360, 100 of 300, 8 of 32)."""
    found = []
    for lesson_id, qid in _count_boxes():
        q = LESSONS[lesson_id].question(qid)
        exact = F(q.exact())
        totals = question_totals(*q.prompt.values())
        if any(0 < exact / t < 1 and (exact / t).denominator != t for t in totals):
            found.append((lesson_id, qid))
    assert {("dragon-battle-odds", q) for q in ("ex5", "ex7", "ex8")} <= set(found), found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_part_of_the_whole_the_question_names_stays_a_count(lang):
    """``7 of 32`` where all 32 pupils of a class are asked about is 7 pupils, a count: marked as
    one (not yet, with the hint), never told it is a share; ``8 of 32`` is right."""
    of = "von" if lang == "de" else "of"
    hint = LESSONS["dragon-battle-odds"].question("ex8").hint[lang]
    wrong = box("dragon-battle-odds", "ex8", lang).mark(f"7 {of} 32")
    assert not wrong.right
    assert wrong.message == text("core", "lesson.wrong", lang, hint=hint)
    assert box("dragon-battle-odds", "ex8", lang).mark(f"8 {of} 32").right
    assert box("dragon-battle-odds", "ex7", lang).mark(f"100 {of} 300").right
