"""A place typed as an ordinal ("third", "3rd", „dritter“, „3.“) where a question asks for a
numbered place ("Player 3"): a teacher typed them into 06's exit ticket 2 and was asked to
answer "with one of" the choices, though "three" and „drei“ were read. The shared marking reads
an ordinal as its number where the choices are places, in every lesson, and nowhere else."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaskaria import lessons
from kaskaria.lessons import LESSONS
from kaskaria.marking.answers import check_choice

ORDINALS_EN = "first second third fourth fifth sixth seventh eighth ninth tenth".split()
ORDINALS_DE = "erst zweit dritt viert fünft sechst siebt acht neunt zehnt".split()
SUFFIX = {1: "st", 2: "nd", 3: "rd"}
#: a label that names a numbered place, as the lessons write it
PLACE = re.compile(r"^(\w[^\d]*?) (\d{1,2})$")


def _boxes():
    """Every typed choice question of every lesson whose choices name numbered places."""
    found = []
    for plan in LESSONS.values():
        for q in (*plan.exercises, *plan.exit_tickets):
            choices = getattr(q, "choices", None) or ()
            if any(PLACE.match(c.label["en"]) for c in choices):
                found.append((plan.id, q.id))
    return found


PLACES = _boxes()


def _box(lesson_id: str, qid: str, lang: str):
    L = lessons.Lesson(lesson_id, lang)
    q = L.plan.question(qid)
    return L.exit_ticket(qid) if q in L.plan.exit_tickets else L.exercise(qid)


def _forms(noun: str, n: int, lang: str) -> list[str]:
    """How a pupil writes place ``n`` as an ordinal."""
    if lang == "en":
        word = ORDINALS_EN[n - 1]
        return [word, f"{n}{SUFFIX.get(n, 'th')}", f"the {word} {noun.lower()}", word.title()]
    stem = ORDINALS_DE[n - 1]
    return [f"{stem}er", f"der {stem}e {noun}", f"{stem.title()}e", f"{n}."]


def test_the_lessons_ask_for_a_place_somewhere():
    assert ("dragons-gold-shares", "t2") in PLACES, PLACES


@pytest.mark.parametrize(("lesson_id", "qid"), PLACES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_ordinal_names_its_place_in_every_lesson(lesson_id, qid, lang):
    """Each place typed as an ordinal is that choice: right where it is the answer, "not yet"
    (a wrong choice, read) where it is not; never "please answer with one of"."""
    q = LESSONS[lesson_id].question(qid)
    right = q.answer()
    places = [(c, PLACE.match(c.label[lang])) for c in q.choices]
    places = [(c, m) for c, m in places if m]
    assert places
    for choice, place in places:
        for typed in _forms(place[1], int(place[2]), lang):
            verdict = _box(lesson_id, qid, lang).mark(typed)
            assert verdict.right == (choice.value == right), (typed, verdict)
            assert verdict.kind in ("right", "wrong"), (typed, verdict)
    t2 = _box("dragons-gold-shares", "t2", lang)
    for typed in {"en": ("third", "3rd", "the third player"), "de": ("dritter", "3.")}[lang]:
        assert t2.mark(typed).right, typed


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    "typed", ["a third", "one third", "ein Drittel", "acht", "eighteenth", "3.5", "third or first"]
)
def test_a_fraction_a_number_or_two_places_is_no_ordinal(typed, lang):
    """ "a third" is a fraction and „acht“ is eight: neither names Player 3 or Player 8; two
    places at once are no answer."""
    verdict = _box("dragons-gold-shares", "t2", lang).mark(typed)
    assert not verdict.right and verdict.kind == "unreadable", (typed, verdict)


@pytest.mark.parametrize("typed", ["third", "the third", "dritter", "der dritte"])
def test_an_ordinal_is_no_place_where_the_choices_are_counts(typed):
    """Choices "1", "2", "3" are counts (how many), not places: "third" does not pick 3 (a digit
    typed with letters, "3rd", is read as the number it shows, as any digit is)."""
    counts = {"1": "1", "2": "2", "3": "3"}
    verdict = check_choice(typed, "3", counts, "hint", "en", labels=["1", "2", "3"])
    assert verdict.kind == "unreadable", verdict


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 10),
    data=st.data(),
    lang=st.sampled_from(["en", "de"]),
)
def test_any_place_of_any_table_is_read_from_its_ordinal(seats, data, lang):
    """Players 1 to ``seats`` (German "Spieler"): each ordinal form of a place picks that place
    and no other."""
    noun = "Player" if lang == "en" else "Spieler"
    accepted = {f"{noun} {i}": f"p{i}" for i in range(1, seats + 1)}
    n = data.draw(st.integers(1, seats))
    typed = data.draw(st.sampled_from(_forms(noun, n, lang)))
    verdict = check_choice(typed, f"p{n}", accepted, "hint", lang, labels=list(accepted))
    assert verdict.right, (typed, verdict)
    other = data.draw(st.integers(1, seats).filter(lambda i: i != n))
    verdict = check_choice(typed, f"p{other}", accepted, "hint", lang, labels=list(accepted))
    assert verdict.kind == "wrong", (typed, verdict)
