"""An answer written as a sentence in a number box: the one number of the sentence is the
pupil's answer ("Player 1 scores 26", "Spieler 2: 22", "26?"), in both languages and in every
lesson's number boxes; two numbers are never read as one, and a word that changes the number
("not 26") leaves the sentence unread."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from kaskaria.lessons import LESSONS, Lesson
from kaskaria.lessons.answers import asks_for, asks_tokens, read_number
from kaskaria.lessons.content import lesson

#: every number box of every lesson (exercises and exit tickets), whole-number answers
BOXES = [
    (lesson_id, q.id, int(Fraction(q.exact())))
    for lesson_id in LESSONS
    for q in (*lesson(lesson_id).exercises, *lesson(lesson_id).exit_tickets)
    if q.kind == "number" and Fraction(q.exact()).denominator == 1
]
#: every number box, whatever its answer
ALL_BOXES = [
    (lesson_id, q.id, Fraction(q.exact()))
    for lesson_id in LESSONS
    for q in (*lesson(lesson_id).exercises, *lesson(lesson_id).exit_tickets)
    if q.kind == "number"
]
SENTENCES = {
    "en": ["Player 1 scores {n}", "Player 2: {n}", "player 3 gets {n} {unit}", "I think {n}"],
    "de": ["Spieler 1 bekommt {n} {unit}", "Spieler 2: {n}", "Spielerin 3 hat {n} {unit}."],
}
#: the unit a sentence gives its number: points, or tokens where the question asks how many
#: tokens (points typed there are asked again as tokens)
UNITS = {"en": ("points", "tokens"), "de": ("Punkte", "Schatzsteine")}
#: the unit of what a question counts where it names it (another unit is asked again)
COUNTED = {
    "rolls": {"en": "rolls", "de": "Würfe"},
    "stars": {"en": "stars", "de": "Sterne"},
    "gold": {"en": "gold", "de": "Gold"},
    "pupils": {"en": "pupils", "de": "Kinder"},
    "games": {"en": "games", "de": "Spiele"},
    "socks": {"en": "socks", "de": "Socken"},
    "fields": {"en": "fields", "de": "Felder"},
    "sets": {"en": "sets", "de": "Kartensets"},
}


def _box(lesson_id: str, qid: str, lang: str):
    plan = Lesson(lesson_id, lang=lang)
    if qid in {q.id for q in plan.plan.exit_tickets}:
        return plan.exit_ticket(qid)
    return plan.exercise(qid)


def test_there_are_whole_number_boxes_in_most_lessons() -> None:
    assert len({lesson_id for lesson_id, _, _ in BOXES}) >= 4


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("lesson_id", "qid", "answer"), BOXES)
def test_a_right_sentence_answer_is_right(lesson_id: str, qid: str, answer: int, lang: str) -> None:
    box = _box(lesson_id, qid, lang)
    prompts = lesson(lesson_id).question(qid).prompt.values()
    tokens = any(asks_tokens(p) for p in prompts)
    unit = COUNTED.get(asks_for(*prompts), {lang: UNITS[lang][tokens]})[lang]
    for sentence in SENTENCES[lang]:
        verdict = box.mark(sentence.format(n=answer, unit=unit))
        assert verdict.right, (sentence, verdict.message)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("lesson_id", "qid", "answer"), ALL_BOXES)
def test_a_right_answer_with_a_question_mark_is_right(
    lesson_id: str, qid: str, answer: Fraction, lang: str
) -> None:
    typed = f"{answer}?"  # 26?, 4/9?
    verdict = _box(lesson_id, qid, lang).mark(typed)
    assert verdict.right, (typed, verdict.message)


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("Player 1 scores 26", 26),
        ("Spieler 1 bekommt 26 Punkte", 26),
        ("Spieler eins bekommt sechsundzwanzig Punkte", 26),
        ("Spieler 2: 22", 22),
        ("26?", 26),
        ("26 points?", 26),
        ("Player 12", None),  # a name alone holds no answer
        ("1 26", None),  # two numbers are never one
        ("Player 1 scores 26 and Player 2 22", None),
        ("26 or 22", None),
        ("not 26", None),
        ("nicht 26", None),
        ("more than 26", None),
        ("mehr als 26", None),
    ],
)
def test_the_one_number_of_a_sentence(typed: str, value: int | None) -> None:
    for lang in ("en", "de"):
        assert read_number(typed, lang) == value


def test_a_wrong_sentence_answer_is_marked_wrong_not_unreadable() -> None:
    box = _box("dragons-gold-rules", "t2", "de")
    verdict = box.mark("Spieler 2 bekommt 25 Punkte")
    assert not verdict.right and verdict.kind not in ("unreadable", "empty")


#: every choice of every lesson whose label names a piece with its strength in brackets
BRACKETED = [
    (lesson_id, q.id, c.value, lang)
    for lesson_id in LESSONS
    for q in lesson(lesson_id).questions()
    if q.kind == "choice"
    for c in q.choices
    for lang in ("en", "de")
    if re.search(r"\w\s*\(\d+\)", c.label[lang])
]


def test_some_choices_name_a_strength_in_brackets() -> None:
    assert BRACKETED


@pytest.mark.parametrize(("lesson_id", "qid", "value", "lang"), BRACKETED)
def test_a_choice_is_read_with_or_without_its_strength(lesson_id, qid, value, lang) -> None:
    """ "big knight (4)" and "big knight" are one choice; "thief (2)" after a choice's words
    changes nothing ("both knights and the thief (2)")."""
    q = lesson(lesson_id).question(qid)
    label = q.choices[[c.value for c in q.choices].index(value)].label[lang]
    bare = re.sub(r"\s*\(\d+\)", "", label)
    box = _box(lesson_id, qid, lang)
    assert box.mark(bare).kind == box.mark(label).kind == box.mark(value).kind


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_strength_typed_after_a_choice_is_read(lang) -> None:
    box = _box("dragons-gold-rules", "ex1", lang)
    for typed in ("both knights and the thief (2)", "beide Ritter und der Dieb (2)"):
        assert box.mark(typed).right, typed


@pytest.mark.parametrize(
    "lang, qid, typed",
    [
        ("de", "ex5", "Antwort: 40"),
        ("de", "ex5", "Lösung: 40"),
        ("de", "ex5", "Ergebnis:40"),
        ("en", "ex5", "Answer: 40"),
        ("en", "ex5", "My answer: 40 rolls"),
        ("en", "ex1", "Answer: 3/4"),
        ("de", "ex1", "Antwort: 75 %"),
    ],
)
def test_an_answer_after_its_label_is_read(lang, qid, typed):
    """ "Antwort: 40", as a worksheet writes it, was "cannot read that as a number" while "the
    answer is 40" was right: the label before a colon is no ratio."""
    assert _box("dragon-battle-odds", qid, lang).mark(typed).right, typed


def test_a_label_alone_is_no_answer():
    assert _box("dragon-battle-odds", "ex5", "de").mark("Antwort:").kind == "unreadable"
