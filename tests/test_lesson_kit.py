"""The lesson kit's new pieces, on a made-up lesson (tests/lesson_support.py): exit tickets,
"your turn" cells whose check never gives the answer away, the link to the teacher edition, and
the plan's new fields."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from lesson_support import PLAN, SQUARES

from kaskaria import lessons
from kaskaria.lessons.content import CodeTask, Working

REPO = Path(__file__).resolve().parents[1]


def test_every_question_is_found_by_its_id():
    assert [q.id for q in PLAN.questions()] == [
        "two-dice", "roll", "ex1", "ex2", "ex3", "t1", "t2", "good-squares"
    ]  # fmt: skip
    assert PLAN.question("t1").exact() == Fraction(1, 4)
    with pytest.raises(ValueError, match="has no question 'nope'; it has: two-dice, roll"):
        PLAN.question("nope")
    assert PLAN.min_age() == 10


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_exit_ticket_is_checked_like_an_exercise(lang):
    L = lessons.Lesson(PLAN, lang)
    box = L.exit_ticket("t1")
    title = {"en": "Exit ticket:", "de": "Exit-Ticket:"}[lang]
    assert repr(box).startswith(f"{title} {PLAN.question('t1').prompt[lang]}")
    assert "1/4" not in json.dumps(box.spec) and "25" not in json.dumps(box.spec)
    assert box.mark("1/4").kind == "right"  # the exercises' rule, without using the one answer
    assert box.mark("0,3" if lang == "de" else "0.3").kind == "close"
    assert box.mark("25").kind == "percent"
    assert box.mark("1/8").kind == "wrong"
    assert box.check("nonsense").kind == "unreadable"  # does not count
    assert box.check("1/8").kind == "wrong"
    assert box.check("1/4").kind == "wrong"  # an exit ticket takes one answer
    choice = L.exit_ticket("t2")
    assert choice.check("sicherer").right and choice.check("SAFER").right
    with pytest.raises(
        ValueError, match="'ex1' is not an exit ticket of toy-odds; they are: t1, t2"
    ):
        L.exit_ticket("ex1")


def test_a_your_turn_task_says_for_whom_and_what_to_set():
    shown = lessons.Lesson(PLAN).your_turn("good-squares")
    assert repr(shown) == (
        "Your turn (ages 12 and up; optional for younger classes): Count the squares of the 6 x 6 "
        "grid where at least one die is good.\nWrite one to three lines of Python in the cell "
        "below that set good, run it, then run the check under it."
    )
    german = repr(lessons.Lesson(PLAN, "de").your_turn("good-squares"))
    assert german.startswith("Du bist dran (ab 12 Jahren; für jüngere Klassen freiwillig): ")
    # on screen the variable is code, in both languages ("die punkte festlegen" read as a
    # misspelt noun)
    assert "that set <code>good</code>, run it" in shown._repr_html_()
    german_html = lessons.Lesson(PLAN, "de").your_turn("good-squares")._repr_html_()
    assert "die <code>good</code> festlegen" in german_html
    assert "32" not in repr(shown) + german and "32" not in shown._repr_html_()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_check_of_an_empty_cell_asks_for_the_answer_and_gives_nothing_away(lang):
    shown = lessons.Lesson(PLAN, lang).check_code("good-squares", ...)
    text, html = repr(shown), shown._repr_html_()
    assert text.startswith({"en": "Your turn: write", "de": "Du bist dran: Schreib"}[lang])
    assert "32" not in text and "32" not in html and "36 - 4" not in html


def test_any_correct_way_of_computing_it_is_right():
    L = lessons.Lesson(PLAN)
    good = [(a, b) for a in range(1, 7) for b in range(1, 7) if not (a <= 2 and b <= 2)]
    for value in (good, set(good), len(good), 36 - 4, 32.0, Fraction(32), SQUARES[::-1]):
        assert repr(L.check_code("good-squares", value)).startswith("Right!"), value
    assert "Not yet. Hint: Faces 1 and 2 are bad." == repr(L.check_code("good-squares", 36))
    with pytest.raises(ValueError, match="'ex1' is not a your-turn task of toy-odds"):
        L.check_code("ex1", 3)
    with pytest.raises(ValueError, match="use L.your_turn and L.check_code"):
        L.exercise("good-squares")


def test_a_pupils_lesson_has_no_link_to_the_answers():
    """The teacher finds the editions from the README and the start page; a pupil's notebook
    offers no way to them."""
    assert not hasattr(lessons.Lesson, "teacher_edition_link")


def test_working_space_and_code_tasks_are_checked_when_made():
    assert Working(lines=4).lines == 4 and Working(box_mm=40).box_mm == 40
    for bad in ({"lines": -1}, {"lines": 21}, {"box_mm": 151}, {"lines": 2, "box_mm": 10}):
        with pytest.raises(ValueError, match="Working"):
            Working(**bad)
    with pytest.raises(ValueError, match="Working.lines must be a whole number"):
        Working(lines=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be a Python name, not 'good squares'"):
        CodeTask("good squares", {"en": "", "de": ""})
