"""Forgiving answer boxes (``kaskaria.lessons.answers``): a sensible rounding is right or close,
a percentage without its sign is queried, fractions, ratios, mixed numbers and German forms are
read, far-off answers stay wrong, and no input ever raises. The rules are in the module's
docstring; this table holds the cases a class meets, in both languages (the cases of a teacher's
walk-through, named mistakes, words, units, calculations and the code checks:
tests/test_marking.py)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaskaria import lessons
from kaskaria.lessons.answers import (
    KINDS,
    check_choice,
    check_number,
    check_value,
    grade,
    read_number,
    readings,
)

F = Fraction
HINT = "HINT"

# (typed, exact answer, language, kind, words the message must hold)
TYPED = [
    # the examples: sensible roundings
    ("4%", F(1, 27), "en", "close", "Close! The exact value is 1/27, about 3.7%."),
    ("0.04", F(1, 27), "en", "close", "1/27, about 3.7%"),
    ("4 %", F(1, 27), "de", "close", "Nah dran! Der genaue Wert ist 1/27, etwa 3,7 %."),
    ("0,04", F(1, 27), "de", "close", "1/27, etwa 3,7 %"),
    ("33%", F(15, 46), "en", "right", "Right! The exact answer is 15/46, about 32.6%."),
    ("33 %", F(15, 46), "de", "right", "Richtig! Die genaue Antwort ist 15/46, etwa 32,6 %."),
    ("9%", F(5, 53), "en", "close", "5/53, about 9.4%"),
    ("9 Prozent", F(5, 53), "de", "close", "5/53, etwa 9,4 %"),
    ("8%", F(1, 12), "en", "close", "1/12, about 8.3%"),
    ("8,3 %", F(1, 12), "de", "right", "8,3 %"),
    ("3.7%", F(1, 27), "en", "right", "3.7%"),
    ("3,7 %", F(1, 27), "de", "right", "Richtig! Die genaue Antwort ist 1/27, etwa 3,7 %."),
    ("3.70%", F(1, 27), "en", "right", "3.7%"),
    ("0.037", F(1, 27), "en", "right", "3.7%"),
    ("0,037", F(1, 27), "de", "right", "3,7 %"),
    # no rounding of 3.70...%, but one unit of its second digit off at most: close, with
    # "round"; farther, the two digits typed are a miss (4%, one digit, is close)
    ("3.8%", F(1, 27), "en", "close", "Round to the nearest"),
    ("3.5%", F(1, 27), "en", "wrong", "HINT"),
    ("3.3%", F(1, 27), "en", "wrong", "HINT"),
    ("about 3.7%", F(1, 27), "en", "right", "3.7%"),
    ("etwa 3,7 %", F(1, 27), "de", "right", "3,7 %"),
    ("~4%", F(1, 27), "en", "close", "1/27"),
    # a percentage without its sign counts as the percentage would, with a reminder of the sign
    (
        "3.7",
        F(1, 27),
        "en",
        "percent",
        "Right, if you mean 3.7%: write the % sign too (or write the chance as 0.037).",
    ),
    (
        "3,7",
        F(1, 27),
        "de",
        "percent",
        "Richtig, wenn du 3,7 % meinst: Schreib das %-Zeichen dazu (oder schreib die "
        "Wahrscheinlichkeit als 0,037).",
    ),
    ("75", F(3, 4), "en", "percent", "Right, if you mean 75%"),
    ("75", F(3, 4), "de", "percent", "Richtig, wenn du 75 % meinst"),
    (
        "4",
        F(1, 27),
        "en",
        "percent",
        "Close, if you mean 4%: write the % sign too. The exact value",
    ),
    ("33", F(15, 46), "en", "percent", "33%"),
    ("32", F(15, 46), "en", "percent", "if you mean 32%"),  # 32% is close (cut off), with a %
    # fractions, ratios, vulgar fractions and mixed numbers
    ("1/27", F(1, 27), "en", "right", "3.7%"),
    ("2/54", F(1, 27), "en", "right", "3.7%"),
    ("1 / 27", F(1, 27), "de", "right", "3,7 %"),
    # "1:27", "1 zu 27", "1 to 27" are one notation, 1/27 (German schools read "1:27" aloud as
    # "1 zu 27"); only where their odds are the answer and 1/27 is not is the pupil asked
    ("1 to 27", F(1, 27), "en", "right", "Right!"),
    ("1:27", F(1, 27), "en", "right", "Right!"),  # a division
    ("1 to 4", F(1, 4), "en", "right", "Right!"),
    ("1 to 4", F(1, 5), "en", "unreadable", "“1 to 4” can be read in two ways"),
    ("1:4", F(1, 5), "en", "unreadable", "“1:4” can be read in two ways"),
    ("1 zu 4", F(1, 5), "de", "unreadable", "„1 zu 4“ kann man auf zwei Arten lesen"),
    ("1 zu 5", F(1, 4), "de", "wrong", "Noch nicht. Tipp: HINT"),  # neither 1/5 nor 1 in 6
    ("1 out of 27", F(1, 27), "en", "right", "3.7%"),
    ("1 in 27", F(1, 27), "en", "right", "3.7%"),
    ("1 roll in 27", F(1, 27), "en", "right", "3.7%"),
    ("1 von 27", F(1, 27), "de", "right", "3,7 %"),
    ("1 zu 27", F(1, 27), "de", "right", "Richtig!"),
    ("1:4", F(1, 4), "de", "right", "Richtig!"),  # ":" divides in German schools
    ("1:4", F(1, 4), "en", "right", "Right!"),  # one rule in both languages
    ("1 zu 4", F(1, 4), "de", "right", "Richtig!"),
    ("1 aus 27", F(1, 27), "de", "right", "3,7 %"),
    ("1-mal von 27", F(1, 27), "de", "right", "3,7 %"),
    ("¾", F(3, 4), "en", "right", "3/4 = 75%"),
    ("¾", F(3, 4), "de", "right", "3/4 = 75 %"),
    ("4½", F(9, 2), "en", "right", "9/2 = 4.5"),
    ("4 ½", F(9, 2), "de", "right", "9/2 = 4,5"),
    ("4 1/2", F(9, 2), "en", "right", "4.5"),
    ("4,5", F(9, 2), "de", "right", "9/2 = 4,5"),
    ("1 in 9", F(5, 46), "en", "close", "5/46"),  # a simple fraction: an estimate
    ("2 in 9", F(5, 46), "en", "wrong", "HINT"),  # a fraction is exact as typed
    # numbers that are no chance
    ("4.67", F(14, 3), "en", "right", "14/3, about 4.67"),
    ("4,7", F(14, 3), "de", "right", "14/3, etwa 4,67"),
    ("5", F(14, 3), "en", "nearly", "more exactly"),  # one digit of an average: almost
    ("4.66", F(14, 3), "en", "nearly", "instead of cutting"),  # cut off, not rounded
    ("3", F(16, 5), "en", "nearly", "rounded too much"),
    ("3,19", F(16, 5), "de", "wrong", "Tipp: HINT"),  # no rounding of 3,2
    ("3,2", F(16, 5), "de", "right", "16/5 = 3,2"),
    ("16/5", F(16, 5), "en", "right", "16/5 = 3.2"),
    ("40", F(40), "en", "right", "Right! The answer is 40."),
    ("10,077,696", F(10077696), "en", "right", "10,077,696"),
    ("10.077.696", F(10077696), "de", "right", "10.077.696"),
    ("10 077 696", F(10077696), "de", "right", "10.077.696"),
    ("1,296", F(1296), "en", "right", "1,296"),  # a lone group: a thousand and more
    ("1.296", F(1296), "de", "right", "1.296"),
    ("1,296", F(1296), "de", "right", "1.296"),  # read both ways: the reading that fits
    ("１２６", F(126), "en", "right", "126"),  # full-width digits
    ("٣", F(3), "de", "right", "3"),  # Arabic-Indic digits
    # far off stays wrong
    ("10%", F(1, 27), "en", "wrong", "Not yet. Hint: HINT"),
    ("10 %", F(1, 27), "de", "wrong", "Noch nicht. Tipp: HINT"),
    ("3%", F(1, 27), "en", "nearly", "cut off after its first digit"),  # cut off
    ("32%", F(15, 46), "en", "close", "instead of cutting"),  # never below 30%
    ("0.4", F(3, 8), "en", "close", "3/8 = 37.5%"),  # one significant digit, a rounding
    ("0.3", F(3, 8), "en", "nearly", "cut off after its first digit"),
    ("0.2", F(3, 8), "en", "wrong", "HINT"),
    # 0 is never close to a chance that is not 0: it is the chance rounded to a whole number,
    # rounded too much (not counted), in the words 5 for an average of 4.5 gets
    ("0", F(1, 1296), "en", "nearly", "rounded too much"),
    ("0%", F(1, 1296), "de", "nearly", "zu grob gerundet"),
    ("0.0", F(1, 27), "en", "nearly", "rounded too much"),
    ("1", F(19, 20), "en", "nearly", "rounded too much"),
    ("100%", F(19, 20), "de", "nearly", "zu grob gerundet"),
    # never or always for a chance a tenth or more from it is no rounding: not yet
    ("1", F(3, 4), "en", "wrong", "Not yet"),
    ("100%", F(7, 8), "de", "wrong", "Noch nicht"),
    ("0%", F(2, 5), "en", "wrong", "Not yet"),
    ("1", F(1, 4), "en", "wrong", "HINT"),  # 1/4 rounds to 0, not 1
    ("4", F(9, 2), "en", "nearly", "give one more digit"),  # cut off: not "round", which gives 5
    ("4", F(9, 2), "de", "nearly", "Gib eine Stelle mehr an"),
    ("5", F(9, 2), "en", "nearly", "rounded too much"),
    ("1/9", F(1, 27), "en", "wrong", "HINT"),
    ("370%", F(1, 27), "en", "wrong", "HINT"),
    ("4.6", F(14, 3), "en", "nearly", "instead of cutting"),
    ("126", F(1296), "en", "wrong", "HINT"),
    # what cannot be read gets kind words
    ("stop", F(1, 27), "en", "unreadable", "I cannot read that as a number"),
    ("x²", F(1, 27), "de", "unreadable", "Das kann ich nicht als Zahl lesen"),
    ("1/0", F(1, 27), "en", "unreadable", "fraction like 2/7"),
    ("", F(1, 27), "en", "empty", "Type your answer in the box first."),
    ("   ", F(1, 27), "de", "empty", "Schreib deine Antwort zuerst in das Feld."),
]


# a chance the lesson has pupils compute exactly (``marking: exact``, estimate=False), one they may
# estimate (``marking: estimate``, True) and one left to its denominator (None):
# (typed, exact, estimate, lang, kind, words)
BY_MARKING = [
    ("1/3", F(8, 31), False, "en", "wrong", "Not yet. Hint: HINT"),
    ("3/10", F(8, 31), False, "en", "wrong", "Not yet. Hint: HINT"),
    ("1 von 3", F(8, 31), False, "de", "wrong", "Noch nicht. Tipp: HINT"),
    ("ein Viertel", F(8, 31), False, "de", "wrong", "Noch nicht. Tipp: HINT"),
    ("0.26", F(8, 31), False, "en", "right", "8/31, about 25.8%"),
    ("26%", F(8, 31), False, "en", "right", "8/31, about 25.8%"),
    ("26 %", F(8, 31), False, "de", "right", "8/31, etwa 25,8 %"),
    ("0,3", F(8, 31), False, "de", "close", "8/31, etwa 25,8 %"),
    ("30%", F(8, 31), False, "en", "close", "8/31, about 25.8%"),
    ("30", F(8, 31), False, "en", "percent", "if you mean 30%"),
    ("25%", F(8, 31), False, "en", "close", "instead of cutting"),
    ("8/31", F(8, 31), False, "en", "right", "8/31, about 25.8%"),
    ("1/3", F(8, 31), None, "en", "close", "8/31, about 25.8%"),  # by its denominator
    ("3/10", F(8, 31), None, "en", "close", "8/31, about 25.8%"),
    ("1/4", F(15, 46), False, "en", "wrong", "Not yet. Hint: HINT"),
    ("2/7", F(15, 46), False, "en", "wrong", "Not yet. Hint: HINT"),
    ("1/4", F(185, 689), None, "en", "close", "185/689, about 26.9%"),
    ("1/4", F(185, 689), True, "en", "close", "185/689, about 26.9%"),
    ("1/4", F(185, 689), False, "en", "wrong", "Not yet. Hint: HINT"),  # the card lesson
    ("1 von 4", F(185, 689), True, "de", "close", "185/689, etwa 26,9 %"),
    ("1/5", F(4, 25), None, "en", "wrong", "Not yet. Hint: HINT"),
    ("1/5", F(4, 25), True, "en", "close", "4/25 = 16%"),  # an estimate only if the lesson says
]


@pytest.mark.parametrize(("typed", "exact", "estimate", "lang", "kind", "words"), BY_MARKING)
def test_a_simple_fraction_is_an_estimate_only_where_pupils_do_not_compute_it(
    typed, exact, estimate, lang, kind, words
):
    verdict = check_number(typed, exact, HINT, lang, estimate=estimate)
    assert verdict.kind == kind, verdict
    assert words in verdict.message, verdict.message
    assert verdict.right == (kind in ("right", "close", "percent"))


def test_the_table_is_big_and_speaks_both_languages():
    assert len(TYPED) >= 40
    assert (
        sum(lang == "de" for *_, lang, _, _ in [(t[0], t[1], t[2], t[3], t[4]) for t in TYPED])
        >= 20
    )
    kinds = {t[3] for t in TYPED}
    assert kinds == {"right", "close", "percent", "nearly", "wrong", "unreadable", "empty"}


@pytest.mark.parametrize(("typed", "exact", "lang", "kind", "words"), TYPED)
def test_what_a_pupil_types(typed, exact, lang, kind, words):
    verdict = check_number(typed, exact, HINT, lang)
    assert verdict.kind == kind, verdict
    assert words in verdict.message, verdict.message
    assert verdict.right == (kind in ("right", "close", "percent"))


def test_close_is_right_and_no_message_calls_a_rounding_exact():
    close = check_number("4%", F(1, 27), HINT)
    right = check_number("3.7%", F(1, 27), HINT)
    assert close.right and right.right
    assert close.message.startswith("Close!") and right.message.startswith("Right!")
    # the exact fraction, and its percentage marked as rounded
    for verdict in (close, right):
        assert "1/27, about 3.7%" in verdict.message and "= 3.7%" not in verdict.message


@pytest.mark.parametrize(
    ("typed", "forms"),
    [
        ("1,296", [(F(1296), "whole"), (F(1296, 1000), "decimal")]),
        ("3.70 %", [(F(37, 1000), "percent")]),
        ("4½", [(F(9, 2), "mixed")]),
        ("1 in 1,296", [(F(1, 1296), "ratio")]),
        ("1 von 1.296", [(F(1, 1296), "ratio")]),
    ],
)
def test_every_reading_is_kept(typed, forms):
    assert [(r.value, r.form) for r in readings(typed)] == forms


def test_the_language_decides_the_likelier_reading_of_a_lone_group():
    assert read_number("1,296", "en") == 1296 and read_number("1,296", "de") == F(1296, 1000)
    assert read_number("1.296", "de") == 1296 and read_number("1.296", "en") == F(1296, 1000)


def test_precision_typed_is_the_decimals_given():
    three_seven, four = readings("3.70%")[0], readings("4%")[0]
    assert (three_seven.decimals, three_seven.digits) == (2, 3)
    assert (four.decimals, four.digits) == (0, 1)
    assert readings("1/27")[0].decimals is None  # an exact form
    assert grade(readings("0.04")[0], F(1, 27)) == "close"
    assert grade(readings("0.037")[0], F(1, 27)) == "right"


# ---------------------------------------------------------------------------------------------
# never a traceback
# ---------------------------------------------------------------------------------------------
class Mischief:
    """Every method a check might touch raises."""

    def __str__(self):
        raise RuntimeError("str")

    def __repr__(self):
        raise RuntimeError("repr")

    def __eq__(self, other):
        raise RuntimeError("eq")

    def __hash__(self):
        raise RuntimeError("hash")

    def __iter__(self):
        raise RuntimeError("iter")

    def __len__(self):
        raise RuntimeError("len")


class Pretender(str):
    def strip(self, *args):  # a str subclass that lies
        raise RuntimeError("strip")


ODD = [
    Mischief(),
    Pretender("1/27"),
    b"1/27",
    {"1/27": 1},
    [1, 27],
    None,
    True,
    ...,
    Decimal("NaN"),
    Decimal("0.037"),
    float("inf"),
    float("nan"),
    -0.0,
    10**5000,
    F(10**5000, 3),
    np.float64(0.037),
    np.int64(126),
    np.array([1, 2]),
    "9" * 200,
    "1/27" * 30,
    "٣٫٧%",
    "𝟑.𝟕%",
    "\u202e3.7%",
    "3.7%\x00",
    "½%",
    "1 in 9 %",
    "1e-2",
    "0x10",
    "- 0.5",
]


@pytest.mark.parametrize("typed", ODD, ids=[f"odd{i}" for i in range(len(ODD))])
def test_odd_input_gets_words(typed):
    for verdict in (
        check_number(typed, F(1, 27), HINT),
        check_number(typed, F(126), HINT, "de"),
        check_choice(typed, "roll", {"roll": "roll", "stop": "stop"}, HINT),
        check_value(typed, F(1, 27), HINT, items=lambda: [1, 2]),
    ):
        assert isinstance(verdict.message, str) and 0 < len(verdict.message) < 400
        assert verdict.kind in KINDS


def test_a_str_subclass_is_read_as_its_text():
    assert check_number(Pretender("1/27"), F(1, 27), HINT).kind == "right"


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=120),
        st.text(alphabet="0123456789.,/% ½¾:invoutfzu-", max_size=20),
        st.integers(),
        st.floats(allow_nan=True),
        st.fractions(),
        st.none(),
        st.booleans(),
    )
)
def test_any_input_gets_words_never_an_error(typed):
    for verdict in (
        check_number(typed, F(1, 27), HINT, "de"),
        check_number(typed, F(9, 2), HINT),
        check_choice(typed, "1 in 9", {"1 in 9": "1 in 9", "1 in 3": "1 in 3"}, HINT),
        check_value(typed, F(32), HINT),
    ):
        assert verdict.kind in KINDS
        assert 0 < len(verdict.message) < 400


def test_a_number_choice_takes_any_form_of_its_number():
    accepted = {"1 in 3": "1 in 3", "1 in 9": "1 in 9", "about 1 in 9": "1 in 9"}
    assert check_choice("1/9", "1 in 9", accepted, HINT).right
    assert check_choice("1 von 9", "1 in 9", accepted, HINT, "de").right
    assert check_choice("ABOUT 1 IN 9", "1 in 9", accepted, HINT).right
    assert check_choice("1 in 3", "1 in 9", accepted, HINT).kind == "wrong"
    assert check_choice("1 von 3", "1 in 9", accepted, HINT, "de").kind == "wrong"
    # "1 to 3", "1 zu 3" and "1:3" are one notation, 1/3: the choice "1 in 3"; "1 zu 8" is 1/8,
    # no choice, but its odds (1 against 8) are the answer "1 in 9": the box asks
    assert check_choice("1 to 3", "1 in 9", accepted, HINT).kind == "wrong"
    assert check_choice("1 zu 3", "1 in 9", accepted, HINT, "de").kind == "wrong"
    assert check_choice("1:3", "1 in 9", accepted, HINT).kind == "wrong"
    for typed in ("1 to 8", "1 zu 8", "1:8"):
        assert check_choice(typed, "1 in 9", accepted, HINT, "de").kind == "unreadable"
    assert check_choice("1 zu 9", "1 in 9", accepted, HINT, "de").right
    assert check_choice("1/7", "1 in 9", accepted, HINT).kind == "unreadable"
    assert check_choice(9, "9", {"9": "9"}, HINT).right


def test_the_answer_box_survives_odd_objects_from_python():
    box = lessons.Lesson("dragon-battle-odds").exercise("ex2")
    for typed in ODD:
        verdict = box.check(typed)
        assert box.state["kind"] == verdict.kind
        assert isinstance(box.state["typed"], str) and len(box.state["typed"]) <= 80


# ---------------------------------------------------------------------------------------------
# values a pupil computed ("your turn")
# ---------------------------------------------------------------------------------------------
SQUARES = [(a, b) for a in range(6) for b in range(6) if a > 1 or b > 1]


@pytest.mark.parametrize(
    ("value", "kind", "words"),
    [
        (..., "empty", "Your turn: write your answer in the cell above"),
        (32, "right", "Right! The answer is 32."),
        (np.int64(32), "right", "32"),
        (F(32), "right", "32"),
        (32.0, "right", "32"),
        (np.float64(31.999999999999996), "right", "32"),
        ("32", "wrong", "'32' is in quotes, so Python reads it as text"),
        (SQUARES, "right", "Right! Your list holds exactly the right 32 things: 32."),
        (list(reversed(SQUARES)), "right", "32 things"),
        ({*SQUARES}, "right", "32 things"),
        ([list(s) for s in SQUARES], "right", "32 things"),
        (np.array(SQUARES), "right", "32 things"),
        ((s for s in SQUARES), "right", "32 things"),
        ([(0, 0), *SQUARES[1:]], "wrong", "your list has the right length"),
        (SQUARES[:-1], "wrong", "Not yet. Hint: HINT"),
        (31, "wrong", "Not yet. Hint: HINT"),
        (True, "unreadable", "I expected a number"),
        (None, "unreadable", "I expected a number"),
        (len, "unreadable", "I expected a number"),
        (Mischief(), "unreadable", "I expected a number"),
    ],
)
def test_a_computed_value_is_checked_by_its_value(value, kind, words):
    verdict = check_value(value, F(32), HINT, items=lambda: SQUARES)
    assert verdict.kind == kind, verdict
    assert words in verdict.message, verdict.message


def test_a_computed_chance_is_checked_up_to_float_error():
    assert check_value(32 / 36, F(8, 9), HINT).kind == "right"
    assert check_value(0.89, F(8, 9), HINT).kind == "right"  # a rounded literal: the box's rules
    assert check_value(0.9, F(8, 9), HINT).kind == "close"
    assert check_value(88.9, F(8, 9), HINT).kind == "percent"  # "leave out the * 100"
    assert check_value(F(32, 36), F(8, 9), HINT, "de").message == (
        "Richtig! Die genaue Antwort ist 8/9, etwa 88,9 %."
    )


def test_a_list_where_a_number_is_wanted_asks_for_len():
    assert check_value([1, 2, 3], F(3), HINT).message == (
        "That is a list with 3 things in it, but the answer is a number: count them with len(...)."
    )
    assert "1 Ding" in check_value([7], F(1), HINT, "de").message


def test_an_unreadable_choice_is_asked_for_by_the_labels_the_pupil_sees():
    """A pupil who types "class C!" is told the choices as shown, each in quotes (a choice may
    hold a comma), in the pupil's language; a value that is not its own label (A, B, same) never
    stands for the list. "class B!" is read as class B."""
    from kaskaria.lessons.content import LESSONS

    q = LESSONS["dragon-battle-odds"].question("ex6")
    for lang, shown in (
        ("en", "“class A”, “class B”, “both equally”"),
        ("de", "„Klasse A“, „Klasse B“, „beide gleich“"),
    ):
        labels = [c.label[lang] for c in q.choices]
        verdict = check_choice("class C!", "B", q.accepted(), HINT, lang, labels)
        assert verdict.kind == "unreadable" and shown in verdict.message
        assert check_choice("class B!", "B", q.accepted(), HINT, lang, labels).right
        assert verdict.message.startswith(
            {
                "en": "Please answer with one of:",
                "de": "Bitte antworte mit einer dieser Möglichkeiten:",
            }[lang]
        )
        assert check_choice("Klasse B", "B", q.accepted(), HINT, lang, labels).right
    # without labels, the words that are their own choice, as before
    assert (
        "“roll”, “stop”"
        in check_choice("fly", "roll", {"roll": "roll", "stop": "stop"}, HINT).message
    )
