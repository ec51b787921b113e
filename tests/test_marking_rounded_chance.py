"""A number worked out from a chance rounded (``39.96`` for the 40 failed rolls of 360, 1 in 9
failing) is named as that mistake in every box that asks for a total times a chance; a
percentage inside a calculation is a calculation; an en dash is a minus; and lesson 02's boxes
name the values pupils are likely to copy or add."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction as F

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kaskaria import lessons
from kaskaria.i18n import text
from kaskaria.lessons import LESSONS
from kaskaria.lessons.answers import (
    answer_kind,
    check_number,
    names_a_chance,
    question_terms,
    read_answer,
)

HINT = "HINT"


def box(lesson_id: str, qid: str, lang: str):
    """The real answer box of a lesson's exercise or exit ticket."""
    L = lessons.Lesson(lesson_id, lang)
    q = L.plan.question(qid)
    return L.exit_ticket(qid) if q in L.plan.exit_tickets else L.exercise(qid)


def _rounded(x: F, places: int) -> F:
    return F(
        Decimal(x.numerator / x.denominator).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    )


def _shown(x: F, lang: str) -> str:
    return str(Decimal(x.numerator) / Decimal(x.denominator)).replace(
        ".", "," if lang == "de" else "."
    )


def _from_a_chance():
    """Every box whose answer is a total its question names times a chance with no short
    decimal (40 = 360 x 1/9), where its prompt or hint speaks of that chance: (lesson, question,
    total, chance)."""
    found = []
    for plan in LESSONS.values():
        for q in (*plan.exercises, *plan.exit_tickets):
            if q.kind != "number" or answer_kind(q.exact()) == "chance":
                continue
            if not names_a_chance(*q.prompt.values(), *q.hint.values()):
                continue
            exact = F(q.exact())
            for total in sorted(question_terms(*q.prompt.values())["totals"]):
                chance = exact / total if total else F(0)
                if 0 < chance < 1 and (chance * 1000).denominator != 1:
                    found.append((plan.id, q.id, total, chance))
    return found


FROM_A_CHANCE = _from_a_chance()


def test_the_lessons_ask_for_counts_from_chances():
    ids = {(lesson, qid) for lesson, qid, _, _ in FROM_A_CHANCE}
    assert {("dragon-battle-odds", "ex5"), ("dragon-battle-odds", "ex7")} <= ids


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("lesson_id, qid, total, chance", FROM_A_CHANCE)
def test_a_rounded_chance_is_named_in_every_box_that_asks_for_a_count_from_a_chance(
    lesson_id, qid, total, chance, lang
):
    """The total times the chance rounded to 2 or 3 decimals, typed as its value (with a point
    or a German comma), as the calculation with the decimal, or with the percentage, gets the
    sentence of the rounded chance, naming the rounded chance and the exact fraction."""
    comma = "," if lang == "de" else "."
    for places in (2, 3):
        used = _rounded(chance, places)
        value = total * used
        percent = _shown(used * 100, lang)
        tries = {
            _shown(value, lang): _shown(used, lang),
            f"{total} * {_shown(used, 'en')}": _shown(used, lang),
            f"{total} * {_shown(used, lang)}": _shown(used, lang),
            f"{total} * {_shown(used * 100, 'en')}%": f"{percent} %"
            if lang == "de"
            else f"{percent}%",
            f"{_shown(used * 100, lang)}% {'von' if lang == 'de' else 'of'} {total}": (
                f"{percent} %" if lang == "de" else f"{percent}%"
            ),
        }
        if value.denominator == 1:  # a whole number alone shows no rounded chance: 99 of 300
            del tries[_shown(value, lang)]
        for typed, rounded in tries.items():
            verdict = box(lesson_id, qid, lang).mark(typed)
            assert not verdict.right and verdict.kind == "mistake", (typed, verdict)
            assert verdict.message == text(
                "marking", "rounded_chance", lang, rounded=rounded, fraction=chance
            ), typed
            assert comma in rounded or "%" in rounded or "." not in rounded
    exact = total * chance
    assert box(lesson_id, qid, lang).mark(f"{total} * {chance}").right
    assert box(lesson_id, qid, lang).mark(str(exact)).right


@settings(max_examples=200, deadline=None)
# 225 * 0.8 = 180 for 7/9 of 225 = 175: a product that is also the count rounded to tens
@example(times=25, top=25, below=9, places=1, lang="en")
@given(
    times=st.integers(1, 200),
    top=st.integers(1, 40),
    below=st.sampled_from([3, 6, 7, 9, 11, 12, 13]),
    places=st.integers(1, 4),
    lang=st.sampled_from(["en", "de"]),
)
def test_only_the_total_times_the_chance_rounded_is_named(times, top, below, places, lang):
    """For any count that a total times a chance with no short decimal gives: the total times the chance rounded names
    the rounded chance (a lone decimal when it shows two digits of the chance or more, a whole
    number only as a calculation); the total times a number that is no rounding of the chance
    never does, nor does any number when the question names no total."""
    chance, total = F(top % below or 1, below), below * times
    exact = total * chance  # a count
    used = _rounded(chance, places)
    sentence = text("marking", "rounded_chance", lang, rounded=_shown(used, lang), fraction=chance)
    worked = check_number(
        f"{total} * {_shown(used, lang)}", exact, HINT, lang, totals=[total], chance=True
    )
    if used in (0, chance) or total * used < 1:  # a share below 1 is told it is a share
        assert worked.message != sentence
    else:
        assert worked.kind == "mistake" and worked.message == sentence
        assert check_number(f"{total} * {used}", exact, HINT, lang).message != sentence
    off = used + 2 * F(1, 10**places) + F(1, 10 ** (places + 2))  # no rounding of the chance
    for typed in (f"{total} * {_shown(off, lang)}", _shown(total * off, lang)):
        message = check_number(typed, exact, HINT, lang, totals=[total], chance=True).message
        assert "rounded" not in message and "gerundet" not in message
    # a question that speaks of no chance (neither its prompt nor its hint) never names one
    if not (used in (0, chance) or total * used < 1):
        plain = check_number(f"{total} * {_shown(used, lang)}", exact, HINT, lang, totals=[total])
        assert plain.message != sentence


def _boxes_without_a_chance():
    """Every number box whose answer is no chance and whose prompt and hint (both languages)
    speak of no chance: (lesson, question)."""
    return [
        (plan.id, q.id)
        for plan in LESSONS.values()
        for q in (*plan.exercises, *plan.exit_tickets)
        if q.kind == "number"
        and answer_kind(q.exact()) != "chance"
        and not names_a_chance(*q.prompt.values(), *q.hint.values())
    ]


NO_CHANCE = _boxes_without_a_chance()


def test_the_lessons_have_boxes_without_a_chance():
    assert {("dragons-gold-shares", "t1"), ("dragons-gold-shares", "ex1")} <= set(NO_CHANCE)
    assert ("dragon-battle-odds", "ex5") not in NO_CHANCE  # its hint: 1 roll in 9 fails


def _near_misses(exact: F, totals, lang: str) -> list[str]:
    """What a total times a rounded chance would give for ``exact``, for each whole the question
    names and each small total, and the slips of a few hundredths (7.04, 6.96, 70.4/10)."""
    typed = set()
    for total in {*totals, 3, 6, 8, 9, 10}:
        chance = exact / total
        if not 0 < chance < 1:
            continue
        for places in (1, 2, 3):
            used = _rounded(chance, places)
            if used in (0, chance):
                continue
            typed |= {_shown(total * used, lang), f"{total} * {_shown(used, lang)}"}
            typed.add(f"{total} * {_shown(used * 100, 'en')}%")
    for off in (F(4, 100), F(-4, 100), F(1, 100)):
        typed |= {_shown(exact + off, lang), f"{_shown((exact + off) * 10, 'en')}/10"}
    return sorted(typed)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("lesson_id, qid", NO_CHANCE)
def test_a_box_whose_question_has_no_chance_never_names_a_rounded_chance(lesson_id, qid, lang):
    """Lesson 06's fair shares ask for points, not a count from a chance: 7.04 or 3.96 is a
    plain miss there, never "you worked with the chance rounded (0.88)"."""
    q = LESSONS[lesson_id].question(qid)
    exact = F(q.exact())
    answer = box(lesson_id, qid, lang)
    for typed in _near_misses(exact, question_terms(*q.prompt.values())["totals"], lang):
        message = answer.mark(typed).message
        assert "chance rounded" not in message and "gerundeten Wahrscheinlichkeit" not in message, (
            typed,
            message,
        )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lesson_06_slips_get_the_hint(lang):
    """The slips a fresh reader typed into lesson 06's boxes get the box's hint."""
    for qid, typed in (("t1", "7.04"), ("t1", "6.96"), ("t1", "70.4/10"), ("ex1", "3.96")):
        hint = LESSONS["dragons-gold-shares"].question(qid).hint[lang]
        for written in {typed, typed.replace(".", ",") if lang == "de" else typed}:
            assert hint in box("dragons-gold-shares", qid, lang).mark(written).message, written


@pytest.mark.parametrize(
    "words, said",
    [
        ("1 roll in 9 fails.", True),
        ("1 von 9 Würfen misslingt.", True),
        ("wins 1 game in 3", True),
        ("the chance of a failed roll", True),
        ("Wahrscheinlichkeit eines Fehlwurfs", True),
        ("wins 40% of the games", True),
        ("How many of 300 games is that?", False),
        ("Wie viele von 300 Spielen sind das?", False),
        ("1 gold coin (3 points) and 6 silver coins (1 point each)", False),
    ],
)
def test_names_a_chance(words, said):
    assert names_a_chance(words) is said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_plain_misses_of_a_count_from_a_chance_keep_the_hint(lang):
    """``36`` (no rounded chance shown), ``41`` and ``36.0`` (one digit of a chance) are plain
    misses for the 40 failed rolls of 360."""
    hint = box("dragon-battle-odds", "ex5", lang).mark("36").message
    for typed in ("36", "41", "36.0", "40.5", "38"):
        verdict = box("dragon-battle-odds", "ex5", lang).mark(typed)
        assert verdict.kind == "wrong" and verdict.message == hint, typed


def test_a_percentage_of_a_number_is_a_number_and_a_difference_of_percentages_a_percentage():
    for typed in ("360 * 11.1%", "360*11,1 %", "11.1% * 360", "11.1% of 360", "11,1 % von 360"):
        found = read_answer(typed)
        assert [(r.form, r.number) for r in found] == [("decimal", "39.96")], typed
    assert [(r.form, r.number) for r in read_answer("100% - 73%")] == [("percent", "27")]
    assert [(r.form, r.number) for r in read_answer("1 - 73 %")] == [("percent", "27")]
    assert [(r.form, r.number) for r in read_answer("50% * 50%")] == [("percent", "25")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_calculation_with_a_percentage_in_it_is_never_told_it_is_a_percentage(lang):
    for typed in ("360*11.1%", "360 * 12%", "360 * 50%"):
        verdict = box("dragon-battle-odds", "ex5", lang).mark(typed)
        assert "percentage" not in verdict.message and "Prozentzahl" not in verdict.message
    # a percentage on its own still is one
    alone = box("dragon-battle-odds", "ex5", lang).mark("11.1%")
    assert alone.message == text("marking", "not_percent_amount_other", lang)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("minus", ["\u2013", "\u2212", "-"])
def test_an_en_dash_and_a_minus_sign_read_as_a_minus(minus, lang):
    assert box("dragon-battle-odds", "ex1", lang).mark(f"1 {minus} 1/4").right
    assert box("dragon-battle-odds", "ex1", lang).mark(f"1{minus}1/4").right


# (question, typed): lesson 02's values that pupils copy from a reveal, add or slip with
NAMED = [
    ("ex1", "8/9"),  # section 2's answer, copied
    ("ex3", "14/3"),  # the vote before, copied
    ("ex3", "27"),  # the six faces added, not divided by 6
    ("ex5", "320"),  # the rolls that work
    ("ex8", "24"),  # the pupils whose roll works
    ("t2", "1"),
    ("t2", "3/2"),  # the three coins' chances added
    ("t2", "1.5"),
    ("ex2", "0.4"),  # the decimal point slipped, rounded
    ("ex2", "40%"),
]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("qid, typed", NAMED)
def test_lesson_02_names_the_values_pupils_copy_or_add(qid, typed, lang):
    answer = box("dragon-battle-odds", qid, lang)
    verdict = answer.check(typed) if qid == "t2" else answer.mark(typed)
    assert not verdict.right and verdict.kind == "mistake", verdict
    if qid == "ex2":  # with a German comma too
        assert box("dragon-battle-odds", "ex2", lang).mark("0,4").kind == "mistake"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_exercise_8_is_a_count_as_exercise_7_is(lang):
    """Both ask how many pupils or games: a share and a percentage get the same sentences."""
    for qid, share, percent in (("ex7", "1/3", "33%"), ("ex8", "1/4", "25%")):
        hint = lessons.Lesson("dragon-battle-odds", lang).plan.question(qid).hint[lang]
        assert box("dragon-battle-odds", qid, lang).mark(share).message == text(
            "marking", "not_whole_count", lang, hint=hint
        )
        assert box("dragon-battle-odds", qid, lang).mark(percent).message == text(
            "marking", "not_percent_count_other", lang
        )
    hint = lessons.Lesson("dragon-battle-odds", lang).plan.question("ex8").hint[lang]
    assert box("dragon-battle-odds", "ex8", lang).mark("0.25").message == text(
        "marking", "not_whole_count", lang, hint=hint
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_exercise_5_tells_a_chance_typed_for_the_count_that_it_is_a_share(lang):
    """Exercise 5 asks how many failed rolls to expect on average: the chance typed for it
    (1/9, 0.11, 0,11) is told it is a share where a number of things (such as an average) is
    asked; exercise 8 asks how many, a whole number."""
    hint = lessons.Lesson("dragon-battle-odds", lang).plan.question("ex5").hint[lang]
    for typed in ("1/9", "0.11", "0,11"):
        assert box("dragon-battle-odds", "ex5", lang).mark(typed).message == text(
            "marking", "not_share_amount", lang, hint=hint
        ), typed
    hint = lessons.Lesson("dragon-battle-odds", lang).plan.question("ex8").hint[lang]
    assert box("dragon-battle-odds", "ex8", lang).mark("1/4").message == text(
        "marking", "not_whole_count", lang, hint=hint
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_share_typed_for_an_average_is_never_told_the_answer_is_whole(lang):
    """Lesson 06's exit ticket 1 asks for an average (7): 0.7 was told "the question asks how
    many, a whole number of things", which an average need not be and which gives away that the
    answer is whole."""
    whole = {"en": "whole number", "de": "ganze Anzahl"}[lang]
    for lesson_id, qid in (("dragons-gold-shares", "t1"), ("dragon-battle-odds", "ex5")):
        for typed in ("0.7", "7/10", "0,7" if lang == "de" else "0.70"):
            said = box(lesson_id, qid, lang).mark(typed).message
            assert whole not in said and "(" in said, (lesson_id, qid, typed, said)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_class_server_names_the_rounded_chance_as_the_box_does(lang):
    """The class server marks the pupils' devices by the same rule: 360 * 11.1% for the 40
    failed rolls gets the box's sentence."""
    import json

    from kaskaria.classroom.answers import _mark, spec_of
    from kaskaria.classroom.protocol import check_message

    spec = lessons.Lesson("dragon-battle-odds", lang).answer_spec("ex5")
    message = check_message(json.dumps({"type": "question_open", **spec}))
    verdict = _mark(spec_of(message), "360 * 11.1%", lang)
    assert verdict.message == box("dragon-battle-odds", "ex5", lang).mark("360 * 11.1%").message
    assert verdict.kind == "mistake" and "1/9" in verdict.message
