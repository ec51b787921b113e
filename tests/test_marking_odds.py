"""Ratios written as odds (``2:5``, ``2 zu 5``, ``2 to 5``) are one notation in both languages,
and a reply to one never leads a pupil who was right into a named mistake nor gives the answer's
form away while an exit ticket's one try is unused (docs/marking.md, "one notation").

The exit ticket that found it: lesson 05b, t2, 2 gold coins and 3 silver coins behind a screen,
the chance of a gold coin 2/5, the named mistake 2/3 (gold against silver). At the end: "je 3",
the German "3 each", read as "3 each" is."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaskaria.lessons import Lesson
from kaskaria.lessons.answers import check_number

F = Fraction
LANGS = ("en", "de")


def _gold_ticket(lang: str):
    return Lesson("dragons-gold-deals", lang=lang).exit_ticket("t2")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["2:5", "2 zu 5", "2 to 5", "zwei zu fünf", "two to five"])
def test_two_to_five_is_read_alike_however_it_is_typed(lang, typed):
    box = _gold_ticket(lang)
    verdict = box.check(typed)
    assert verdict.right and verdict.kind == "right"
    assert box.answered


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["2 to 3", "2 zu 3", "2:3", "zwei zu drei", "two to three"])
def test_the_right_odds_are_asked_about_without_a_number_and_without_using_the_try(lang, typed):
    box = _gold_ticket(lang)
    verdict = box.check(typed)
    assert verdict.kind == "unreadable" and not verdict.right
    assert not box.answered  # the one try is still there
    said = verdict.message
    # neither the named mistake (2/3, "2 in 3", "2 von 3") nor the answer (2/5, 40%) is named:
    # the only digits in the sentence are those the pupil typed, in the quote
    quote = "“" + typed + "”" if lang == "en" else "„" + typed + "“"
    assert said.startswith(quote)
    assert not re.search(r"\d", said[len(quote) :])
    for form in ("2/3", "2 in 3", "2 von 3", "2/5", "2 in 5", "2 von 5", "40"):
        assert form not in said[len(quote) :]
    # the try is then taken by what the pupil writes next, marked as always
    assert box.check("2/5").right
    assert box.answered


@pytest.mark.parametrize("lang", LANGS)
def test_a_pupil_who_means_gold_against_silver_as_a_chance_still_hears_the_named_mistake(lang):
    box = _gold_ticket(lang)
    assert box.check("2 zu 3").kind == "unreadable"
    verdict = box.check("2/3")  # what the pupil means, written one way only
    assert verdict.kind == "mistake"
    assert ("gold coins with the silver" if lang == "en" else "Goldmünzen mit den Silber") in (
        verdict.message
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["2 zu 7", "2 to 7", "2:7", "3 zu 5"])
def test_a_ratio_wrong_in_both_readings_is_an_answer(lang, typed):
    box = _gold_ticket(lang)
    verdict = box.check(typed)
    assert not verdict.right and verdict.kind not in ("unreadable", "empty")
    assert box.answered


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.sampled_from(("zu", "to", ":")),
    st.sampled_from(LANGS),
)
def test_odds_and_their_everyday_reading_are_marked_by_one_rule(a, b, sign, lang):
    typed = f"{a}{sign}{b}" if sign == ":" else f"{a} {sign} {b}"
    everyday, odds = F(a, b), F(a, a + b)
    if everyday < 1:  # the everyday reading is the answer: right, whatever the sign
        assert check_number(typed, everyday, "HINT", lang).right
    # the odds are the answer: asked about, never right, never the hint, never a number said
    verdict = check_number(typed, odds, "HINT", lang)
    assert verdict.kind == "unreadable" and "HINT" not in verdict.message
    assert not re.search(r"\d", verdict.message.replace(typed, ""))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["3:2", "3 zu 2", "3 to 2", "drei zu zwei", "three to two"])
def test_the_ratio_turned_round_is_asked_about_as_two_to_three_is(lang, typed):
    """A "3:2" (silver against gold) for the chance 2/5 is no chance of 3/2: it may be odds, or
    "2:3" turned round; the box asks as it does for "2:3" and keeps the try."""
    box = _gold_ticket(lang)
    verdict = box.check(typed)
    assert verdict.kind == "unreadable" and not box.answered
    turned = _gold_ticket(lang).check("2:3").message
    assert verdict.message.replace(typed, "2:3") == turned
    assert box.check("2/5").right and box.answered


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 11),
    st.integers(1, 11),
    st.sampled_from(("zu", "to", ":")),
    st.sampled_from(LANGS),
    st.fractions(min_value=F(1, 100), max_value=F(99, 100), max_denominator=100),
)
def test_a_ratio_above_one_is_never_marked_as_a_chance(b, more, sign, lang, exact):
    a = b + more
    typed = f"{a}{sign}{b}" if sign == ":" else f"{a} {sign} {b}"
    verdict = check_number(typed, exact, "HINT", lang)
    assert verdict.kind == "unreadable" and not verdict.right, (typed, exact, verdict)
    assert "HINT" not in verdict.message
    assert not re.search(r"\d", verdict.message.replace(typed, ""))


# "je 3" and "jeweils 3" are German for "3 each": read alike, so the named mistake is named in
# both languages (lesson 05b, exit ticket 1: 3 is what each of three players could get)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["3 each", "je 3", "jeweils 3", "je drei", "je 3 Schatzsteine"])
def test_three_each_is_read_alike_in_both_languages(lang, typed):
    box = Lesson("dragons-gold-deals", lang=lang).exit_ticket("t1")
    verdict = box.check(typed)
    assert verdict.kind == "mistake"
    assert ("what each of the three players" if lang == "en" else "jeder der drei Spieler") in (
        verdict.message
    )


@pytest.mark.parametrize("typed", ["je", "jeder 3", "je 3 oder 4"])
def test_je_alone_or_with_two_numbers_is_no_number(typed):
    assert check_number(typed, F(7), "HINT", "de").kind != "right"
