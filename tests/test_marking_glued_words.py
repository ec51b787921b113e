"""English compound number words written as one word ("twentyfive", "twentyfifths", "four out
of twentyfive") are read as their hyphenated forms are, in every lesson's boxes; a number word
misspelt ("fourty") is never left out as a unit so that another number is marked: the answer
cannot be read and an exit ticket keeps its try. German compounds are read as before."""

from __future__ import annotations

import functools
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kaskaria import lessons
from kaskaria.lessons import LESSONS
from kaskaria.marking.reading import looks_like_number, words_to_digits

UNITS = "one two three four five six seven eight nine".split()
TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
ORDINAL_UNITS = "first second third fourth fifth sixth seventh eighth ninth".split()
ORDINALS = {2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 7: "seventh"}
ORDINALS |= {8: "eighth", 9: "ninth", 10: "tenth", 12: "twelfth"}


def words(n: int) -> str:
    """``n`` (1 to 99) in English words, a compound hyphenated (``twenty-five``)."""
    if n < 10:
        return UNITS[n - 1]
    if n < 20:
        return TEENS[n - 10]
    tens, unit = divmod(n, 10)
    return TENS[tens - 2] + (f"-{UNITS[unit - 1]}" if unit else "")


def ordinal(n: int) -> str | None:
    """The ordinal that names a fraction's denominator ``n`` (``twenty-fifth``), or None."""
    if n in ORDINALS:
        return ORDINALS[n]
    tens, unit = divmod(n, 10)
    if 2 <= tens <= 9 and unit:
        return f"{TENS[tens - 2]}-{ORDINAL_UNITS[unit - 1]}"
    return None


def box(lesson_id: str, qid: str, lang: str = "en"):
    L = lessons.Lesson(lesson_id, lang)
    q = L.plan.question(qid)
    return L.exit_ticket(qid) if q in L.plan.exit_tickets else L.exercise(qid)


def _spelt(exact: F) -> list[str]:
    """How a pupil writes ``exact`` in words, compounds hyphenated."""
    top, below = exact.numerator, exact.denominator
    if not 0 < top < 100 or below >= 100:
        return []
    if below == 1:
        return [words(top), f"{words(top)} points"]
    forms = [f"{words(top)} out of {words(below)}", f"{words(top)} in {words(below)}"]
    name = ordinal(below)
    if name:
        plural = "halves" if name == "half" else name + "s"
        forms.append(f"{words(top)} {name if top == 1 else plural}")
    return forms


def _glued_boxes():
    """Every number box whose answer, spelt out, has a compound word: (lesson, question, forms)."""
    found = []
    for plan in LESSONS.values():
        for q in (*plan.exercises, *plan.exit_tickets):
            if q.kind != "number":
                continue
            forms = [f for f in _spelt(F(q.exact())) if "-" in f]
            if forms:
                found.append((plan.id, q.id, forms))
    return found


@functools.cache
def _glued() -> list[tuple[str, str, list[str]]]:
    """The boxes with compound words, worked out when a test first asks (their exact answers
    take seconds: at import every worker of the suite would pay for them at collection)."""
    return _glued_boxes()


def test_the_lessons_have_answers_with_compound_words():
    ids = {(lesson, qid) for lesson, qid, _ in _glued()}
    assert {("dragon-battle-odds", "t1"), ("dragon-battle-odds", "ex2")} <= ids
    assert {("dragons-gold-rules", "ex2"), ("dragons-gold-rules", "t2")} <= ids


def test_a_glued_compound_is_marked_as_the_hyphenated_one():
    """In every box whose answer spelt out has a compound word, the glued form ("twentyfive")
    gets the verdict of the hyphenated one ("twenty-five")."""
    assert len(_glued()) >= 6, _glued()
    for lesson_id, qid, forms in _glued():
        answer = box(lesson_id, qid)
        for form in forms:
            hyphenated, glued = answer.mark(form), answer.mark(form.replace("-", ""))
            assert hyphenated.right, (lesson_id, qid, form)
            assert (glued.right, glued.kind, glued.message) == (
                hyphenated.right,
                hyphenated.kind,
                hyphenated.message,
            ), (lesson_id, qid, form)


@pytest.mark.parametrize(
    ("qid", "typed"),
    [
        ("t1", "four twentyfifths"),
        ("t1", "4 twentyfifths"),
        ("t1", "four out of twentyfive"),
        ("t1", "Four twentyfifths."),
        ("ex2", "one twentyseventh"),
        ("ex2", "one in twentyseven"),
        ("t2", "eightyseven point five percent"),
        ("ex1", "seventyfive percent"),
    ],
)
def test_lesson_02_reads_what_a_reader_typed(qid, typed):
    assert box("dragon-battle-odds", qid).mark(typed).right, typed


@pytest.mark.parametrize(
    ("lesson_id", "qid", "typed"),
    [
        ("dragon-battle-odds", "t1", "vier Fünfundzwanzigstel"),
        ("dragon-battle-odds", "t1", "4 von fünfundzwanzig"),
        ("dragon-battle-odds", "ex2", "ein Siebenundzwanzigstel"),
        ("dragon-battle-odds", "ex2", "1 von siebenundzwanzig"),
        ("dragons-gold-rules", "ex2", "sechsundzwanzig"),
        ("dragons-gold-rules", "t2", "zweiundzwanzig Punkte"),
    ],
)
def test_german_compounds_are_still_read(lesson_id, qid, typed):
    assert box(lesson_id, qid, "de").mark(typed).right, typed


@pytest.mark.parametrize(
    "typed", ["4 out of fourty", "four twentyfiveths", "four fourtieths", "4 fiveths", "fourty"]
)
def test_a_number_word_misspelt_cannot_be_read_and_keeps_the_try(typed):
    ticket = box("dragon-battle-odds", "t1")
    assert ticket.mark(typed).kind == "unreadable", typed
    assert ticket.check(typed).kind == "unreadable", typed
    assert ticket.check("4/25").right  # the one try was not used


@given(st.integers(21, 99).filter(lambda n: n % 10))
def test_every_glued_compound_reads_as_its_number(n):
    glued = words(n).replace("-", "")
    assert words_to_digits(glued) == str(n)
    assert not looks_like_number(glued)
    below = ordinal(n)
    assert below is not None
    assert words_to_digits(f"three {below.replace('-', '')}s") == f"3/{n}"


@pytest.mark.parametrize(
    "word", ["sixes", "tents", "tennis", "twenties", "tenths", "sixtieth", "gold", "würfe"]
)
def test_ordinary_words_do_not_look_like_numbers(word):
    assert not looks_like_number(word)
