"""A worksheet whose exercise numbers jump (lesson 02 keeps exercises 4 and 8 off the paper) says
which are not on it, without sending the pupil to the notebook."""

from __future__ import annotations

import pytest

from kaskaria.lessons import LESSONS
from kaskaria.lessons.worksheets import answer_key, worksheet


@pytest.mark.parametrize(
    "lang, sentence",
    [
        ("en", "Exercises 4 and 8 are not on this sheet."),
        ("de", "Die Aufgaben 4 und 8 stehen nicht auf diesem Blatt."),
    ],
)
def test_the_odds_sheet_says_which_exercises_it_leaves_out(lang, sentence):
    sheet = worksheet("dragon-battle-odds", lang)
    assert sheet.count(sentence) == 1
    assert sheet.index("Exercise" if lang == "en" else "Aufgabe") < sheet.index(sentence)
    assert sentence not in answer_key("dragon-battle-odds", lang)  # the key marks each one


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_sheet_that_leaves_no_numbered_exercise_out_says_nothing_of_it(lang):
    for plan in LESSONS.values():
        left = [q for q in plan.exercises if q.number is not None and not q.worksheet]
        sheet = worksheet(plan.id, lang)
        said = "not on this sheet" in sheet or "nicht auf diesem Blatt" in sheet
        assert said == bool(left), plan.id
