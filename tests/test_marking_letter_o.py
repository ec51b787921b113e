"""The letter O typed for the digit 0 (``8O``, ``1OO``, ``0.O4``) is asked again, naming the number
meant: before, the O was left out as a one-letter unit, so ``8O`` was marked 8 ("Right!" where 8
is asked, a teacher's reviewer) and ``1OO`` 1. Every number box of every lesson, both languages."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kaskaria import lessons
from kaskaria.i18n import text
from kaskaria.lessons import LESSONS
from kaskaria.marking.answers import exact_text


def _boxes():
    for lesson_id in LESSONS:
        plan = lessons.Lesson(lesson_id, "en").plan
        for q in (*plan.exercises, *plan.exit_tickets):
            if q.kind != "choice":
                yield lesson_id, q.id


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_letter_o_for_a_zero_is_asked_again_in_every_box(lang):
    seen = 0
    for lesson_id, qid in _boxes():
        L = lessons.Lesson(lesson_id, lang)
        q = L.plan.question(qid)
        box = L.exit_ticket(qid) if q in L.plan.exit_tickets else L.exercise(qid)
        for typed, meant in (("8O", "80"), ("1OO", "100"), ("1O5", "105"), ("0.O4", "0.04")):
            verdict = box.mark(typed)
            assert not verdict.right and verdict.kind == "unreadable", (lesson_id, qid, typed)
            assert verdict.message == text("marking", "letter_o", lang, typed=typed, meant=meant)
            seen += 1
    assert seen > 40


def test_an_o_in_a_word_is_no_zero():
    L = lessons.Lesson("dragon-battle-odds", "en")
    box = L.exercise("ex8")
    # a count with a word that begins with O, and an "or" between two numbers, are read as
    # before (not asked about the letter O)
    for typed in ("8 of them", "8 or 9", "8 Ochsen"):
        assert "letter O" not in box.mark(typed).message, typed
    assert box.mark("8").right and exact_text(Fraction(8)) == "8"
