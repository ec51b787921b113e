"""The lesson audit (``kaskaria.lessons.audit``) on small made-up notebooks: each check catches
what it must (a planted spoiler, an over-long core path, a missing exit ticket, a twin with a
missing section, ...) and lets alone what it must not (the 6 of "six faces", an answer after its
reveal). The real lessons are held to these checks in tests/test_lessons_comply.py."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from lesson_support import PLAN, code, md, notebook

from kaskaria import lessons
from kaskaria.lessons import audit as A
from kaskaria.lessons.content import LESSONS

REPO = Path(__file__).resolve().parents[1]
F = Fraction


def run(check, *cells, lang="en", plan=PLAN):
    """The violations of one check on a notebook of the toy lesson made of ``cells``."""
    return A.audit(notebook(*cells, lang=lang), [check], plan, lang)


def cells_of(violations):
    return [v.cell for v in violations]


# ---------------------------------------------------------------------------------------------
# numbers on screen
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "lang", "found"),
    [
        ("1/27 = 3.7%", "en", [(F(1, 27), "fraction"), (F(37, 1000), "percent")]),
        ("1/27 = 3,7 %", "de", [(F(1, 27), "fraction"), (F(37, 1000), "percent")]),
        ("4 of the 36 squares", "en", [(F(1, 9), "fraction")]),
        ("4 der 36 Felder", "de", [(F(1, 9), "fraction")]),
        ("1 roll in 9", "en", [(F(1, 9), "fraction")]),
        ("1 Wurf von 9", "de", [(F(1, 9), "fraction")]),
        ("1 von 9 Würfen", "de", [(F(1, 9), "fraction")]),
        ("1-mal von 3", "de", [(F(1, 3), "fraction")]),
        ("once in 1,296 rolls; einmal", "en", [(F(1, 1296), "fraction")]),
        ("nur einmal in 1.296 Würfen", "de", [(F(1, 1296), "fraction")]),
        ("10,077,696 hands", "en", [(F(10077696), "whole")]),
        ("10.077.696 Hände", "de", [(F(10077696), "whole")]),
        ("0.037 and 0,5", "en", [(F(37, 1000), "decimal")]),  # 0,5 is no English number
        ("0,037", "de", [(F(37, 1000), "decimal")]),
        ("4.67 stars.", "en", [(F(467, 100), "decimal")]),
        ("ex1, KAS1, 02-dragon-battle-odds.ipynb, notebooks/02", "en", []),
        ("5 in the pile", "en", [(F(5), "whole")]),
        ("12.5 percent, 12,5 Prozent", "de", [(F(125, 1000), "percent")]),  # 12.5 is no German one
        # a heading's section number counts nothing; the same number in a sentence or as a
        # heading's count does
        ("## 3. Ein Kartenset ausspielen", "de", []),
        ("### 2) Two dice", "en", []),
        ("3. Ein Kartenset", "de", [(F(3), "whole")]),
        ("## 3 Karten", "de", [(F(3), "whole")]),
    ],
)
def test_numbers_are_found_in_either_language(text, lang, found):
    assert [(n.value, n.kind) for n in A.numbers_in(text, lang)] == found


def test_code_is_read_as_python():
    found = A.numbers_in("dg.splits_two(gold=1, silver=3)\nprint(1/27, 0.037)", "de", code=True)
    assert [(n.value, n.kind) for n in found] == [
        (F(1), "whole"), (F(3), "whole"), (F(1, 27), "fraction"), (F(37, 1000), "decimal")
    ]  # fmt: skip


# ---------------------------------------------------------------------------------------------
# the forms of an answer
# ---------------------------------------------------------------------------------------------
def forms(qid, lang="en"):
    return [
        (f.value, f.width, f.phrase, f.origin) for f in A.answer_forms(PLAN.question(qid), lang)
    ]


def test_forms_come_from_the_plans_own_answers():
    assert forms("ex1") == [(F(1, 27), 0, "", "answer")]
    assert forms("ex2") == [(F(126), 0, "", "answer")]
    # a choice: its value if it is a number, and the result its explanation states first
    assert forms("two-dice") == [
        (F(1, 9), 0, "", "choice"),
        (F(111, 1000), F(1, 2000), "", "explanation"),
    ]
    # 14/3 and the decimal written with it; an explicit phrase in each language
    assert forms("roll") == [
        (F(14, 3), 0, "", "explanation"),
        (F(467, 100), F(1, 200), "", "explanation"),
        (None, 0, "Stopping is better", "giveaway"),
    ]
    assert forms("roll", "de")[-1][2] == "Aufhören ist besser"
    assert A.unit_stems(PLAN.question("ex3"), "en") == ("point",)
    assert A.unit_stems(PLAN.question("ex3"), "de") == ("punkt",)
    assert A.unit_stems(PLAN.question("ex1"), "en") == ()


def test_operands_of_a_product_are_no_result():
    q = dataclasses.replace(
        PLAN.question("two-dice"), explain={"en": "2/6 times 2/6 is 1/9 = 11.1%.", "de": ""}
    )
    assert [f.value for f in A.answer_forms(q, "en")] == [F(1, 9), F(111, 1000)]


@pytest.mark.parametrize(
    ("shown", "lang", "hit"),
    [
        ("1/27", "en", True),
        ("2/54", "en", True),
        ("1 in 27", "en", True),
        ("1 von 27", "de", True),
        ("3.7%", "en", True),
        ("3,7 %", "de", True),
        ("3.70%", "en", True),
        ("4%", "en", True),  # rounded to the precision typed
        ("0.037", "en", True),
        ("0,04", "de", True),
        ("10%", "en", False),
        ("3%", "en", False),
        ("0.4", "en", False),  # a chance needs two decimals
        ("1/9", "en", False),
        ("27", "en", False),
        ("0%", "en", False),
    ],
)
def test_a_chance_shows_as_fraction_ratio_percentage_or_decimal(shown, lang, hit):
    ex1 = A.answer_forms(PLAN.question("ex1"), lang)
    assert bool(A.find_forms(ex1, f"we see {shown} here", lang)) == hit


@pytest.mark.parametrize(
    ("text", "lang", "hit"),
    [
        ("126 handfuls", "en", True),
        ("there are 126", "en", True),  # 100 or more and not round: anywhere
        ("126 Handvoll", "de", True),
        ("1,126", "en", False),
        ("1260", "en", False),
        ("12.6", "en", False),
    ],
)
def test_a_count_shows_as_itself(text, lang, hit):
    ex2 = A.answer_forms(PLAN.question("ex2"), lang)
    assert bool(A.find_forms(ex2, text, lang)) == hit


@pytest.mark.parametrize(
    ("text", "lang", "hit"),
    [
        ("Ben keeps 3 points", "en", True),
        ("3 more points", "en", True),
        ("Ben behält 3 Punkte", "de", True),
        ("the die has 3 red faces and 6 faces in all", "en", False),
        ("Player 3 (red) scores points", "en", False),  # the unit is not among the next 2 words
        ("3 · 4 · 5 points", "en", False),  # another number comes first
        ("5 - 4 + 2 = 3", "en", False),  # a sum counts only for a question without a unit
        ("gold=3", "en", False),
    ],
)
def test_a_small_count_needs_its_unit_beside_it(text, lang, hit):
    ex3 = A.answer_forms(PLAN.question("ex3"), lang)
    assert ex3[0].small
    assert bool(A.find_forms(ex3, text, lang)) == hit


def test_a_small_count_without_a_unit_counts_as_a_sums_result():
    three = [A.Form("q", F(3))]
    assert A.find_forms(three, "5 - 4 + 2 = 3.", "en")
    assert not A.find_forms(three, "Player 3 plays 3 cards", "en")
    assert not A.find_forms(three, "x = 3", "en", code=True)
    assert A.Form("q", F(100)).small and A.Form("q", F(40)).small
    assert not A.Form("q", F(126)).small and not A.Form("q", F(1, 3)).small


# ---------------------------------------------------------------------------------------------
# spoilers
# ---------------------------------------------------------------------------------------------
EXERCISE = code('L.exercise("ex1")', "Exercise: One scared, 3 dice: the chance to fail?\n[ ... ]")


@pytest.mark.parametrize(
    "planted",
    [
        md("The chance is 1/27."),
        md("That is 3.7% of all rolls."),
        code("db.fail_chart()", "1 scared, 3 dice: 3.7%"),
        code("db.fail_chart()", {"text/html": "<table><tr><td>1/27</td></tr></table>"}),
        code("db.simulate()", ("stream", "done: failed 1 in 27 rolls\n")),
        code("print(1/27)"),
        code("db.fail_chart()", "0.04"),
    ],
)
def test_a_planted_spoiler_before_an_exercise_is_found_with_its_cell(planted):
    found = run("spoilers", md("## 1. Dice"), planted, EXERCISE)
    assert cells_of(found) == [2] and found[0].question == "ex1"
    assert "ex1 (exercise in cell 3)" in found[0].message


def test_german_forms_are_found_in_the_german_notebook():
    found = run("spoilers", md("Die Chance ist 3,7 %."), EXERCISE, lang="de")
    assert cells_of(found) == [1]
    assert run("spoilers", md("Die Chance ist 10 %."), EXERCISE, lang="de") == []


def test_what_comes_after_the_exercise_or_far_off_is_no_spoiler():
    found = run(
        "spoilers",
        md("A die has 6 faces; 10% of the dice are red; 1/9 of the squares."),
        EXERCISE,
        md("The answer was 1/27 = 3.7%."),
    )
    assert found == []


def test_a_section_number_is_no_count_beside_the_questions_unit():
    """The German heading "## 3. Ein Kartenset ausspielen" above a "wie viele Karten" question
    whose answer is 3 is the section's number, not three cards; the answer in a sentence is."""
    plan = dataclasses.replace(
        PLAN,
        exercises=(
            dataclasses.replace(
                PLAN.question("ex3"),
                prompt={"en": "How many cards does she hold?", "de": "Wie viele Karten hat sie?"},
            ),
            *PLAN.exercises[:2],
        ),
    )
    ask = code('L.exercise("ex3")', "Aufgabe: Wie viele Karten hat sie?")
    heading = md("## 3. Ein Kartenset ausspielen")
    assert run("spoilers", heading, ask, lang="de", plan=plan) == []
    said = md("Sie hat dann 3 Karten.")
    assert cells_of(run("spoilers", heading, said, ask, lang="de", plan=plan)) == [2]


def test_a_prediction_is_spoiled_between_its_section_and_its_reveal():
    predict = code('L.predict("two-dice")', "Predict first: ... [about 1 in 3] [about 1 in 9]")
    reveal = code('L.reveal("two-dice")', "[Show the answer]")
    grid = code("db.grid()", "4 of the 36 squares are bad: 1/9 = 11.1%.")
    # before the prediction in its own section, and between it and its reveal: spoilers
    assert cells_of(run("spoilers", md("## Two dice"), grid, predict, reveal)) == [2]
    assert cells_of(run("spoilers", md("## Two dice"), predict, grid, reveal)) == [3]
    # in an earlier section, or after the reveal: evidence that may come
    assert run("spoilers", grid, md("## Two dice"), predict, reveal) == []
    assert run("spoilers", md("## Two dice"), predict, reveal, grid) == []
    # the prediction's own choices name the answer among others: not a spoiler
    assert run("spoilers", md("## Two dice"), predict, reveal) == []


def test_an_earlier_reveal_that_holds_an_exercises_answer_spoils_it():
    predict = code('L.predict("two-dice")')
    reveal = code(
        'L.reveal("two-dice")',
        {
            "text/plain": "[Show the answer]",
            "text/html": "<details><p>and 1/27 with 3</p></details>",
        },
    )
    assert cells_of(run("spoilers", predict, reveal, EXERCISE)) == [2]


def test_an_exercises_own_reveal_may_carry_the_table_that_answers_it():
    """A table that shows an exercise's answer, right below it in plain view, is found; inside
    the exercise's own reveal (drawn only when pressed) it is not, and that reveal needs no
    prediction."""
    table = "<table><tr><td>1/27</td></tr></table>"
    plain = code("db.fail_chart()", {"text/html": table})
    reveal = code(
        'L.reveal("ex1", then=db.fail_chart())',
        {"text/plain": "[Show the answer]", "text/html": f"<details>{table}</details>"},
    )
    checks = ("on-screen", "further-down", "questions")
    assert [
        v.cell
        for c in checks
        for v in run(c, md("## 1. Dice"), EXERCISE, plain)
        if v.question == "ex1"
    ] == [3]  # cell 0 is the toy lesson's set-up
    for check in checks:
        assert [
            v for v in run(check, md("## 1. Dice"), EXERCISE, reveal) if v.question == "ex1"
        ] == [], check
    # a reveal with neither a prediction nor an exercise above it is still found
    found = run("questions", md("## 1. Dice"), reveal, EXERCISE)
    assert [v.cell for v in found if v.question == "ex1"] == [2]


def test_a_phrase_given_away_in_the_plan_is_found():
    predict = code('L.predict("roll")')
    table = code("db.expected_value()", "Rolling: 4.5 on average. Stopping is better.")
    reveal = code('L.reveal("roll")')
    assert cells_of(run("spoilers", predict, table, reveal)) == [2]
    german = code("db.expected_value()", "Würfeln: 4,5 im Mittel. Aufhören ist besser.")
    assert cells_of(run("spoilers", predict, german, reveal, lang="de")) == [2]


def test_an_allowed_cell_needs_a_reason():
    fact = md("Ben keeps 3 points of the other treasure.")
    exercise = code('L.exercise("ex3")')
    assert cells_of(run("spoilers", fact, exercise)) == [1]
    fact["metadata"] = {"kaskaria": {"audit-allow": {"ex3": "a different treasure"}}}
    assert run("spoilers", fact, exercise) == []
    fact["metadata"] = {"kaskaria": {"audit-allow": {"ex3": " "}}}
    assert cells_of(run("spoilers", fact, exercise)) == [1]


def test_exit_tickets_and_your_turn_checks_are_guarded_too():
    ticket = code('L.exit_ticket("t1")')
    assert cells_of(run("spoilers", md("A quarter: 25%."), ticket)) == [1]
    task = [code('L.your_turn("good-squares")'), code("good = ...")]
    silent = code('L.check_code("good-squares", good)', "Your turn: write your answer above")
    telling = code('L.check_code("good-squares", good)', "Not yet: 32 squares are good.")
    assert run("spoilers", *task, silent) == []
    assert cells_of(run("spoilers", *task, telling)) == [3]  # the check's own output


# ---------------------------------------------------------------------------------------------
# answer key and examples
# ---------------------------------------------------------------------------------------------
def test_the_answer_key_and_discussion_answers_are_found():
    found = run(
        "answer-key",
        code('L.reveal("ex1")', {"text/html": "2/6 x 2/6 x 2/6 = 1/27."}),
        code("L.answers()", "- ex1: 1/27. 2/6 x 2/6 x 2/6 = 1/27."),
        code("L.discussion()"),
        md("Why? The dice do not influence each other at all."),
    )
    assert [(v.cell, v.question) for v in found] == [(2, None), (3, None), (2, "ex1"), (4, None)]
    assert "L.answers() shows the answers" in found[0].message


def test_a_question_revealed_twice_shows_its_explanation_only_inside_its_reveals():
    """An extension may show a table behind a second reveal of a question the class has
    answered: its explanation there is inside a reveal (no answer key); the same words in a
    plain cell still are."""
    explained = {"text/html": "2/6 x 2/6 x 2/6 = 1/27."}
    found = run(
        "answer-key",
        code('L.reveal("ex1")', explained),
        code('L.reveal("ex1", then=table)', explained),
        md("2/6 x 2/6 x 2/6 = 1/27."),
    )
    assert [(v.cell, v.question) for v in found] == [(3, "ex1")]


def test_how_to_use_examples_answer_nothing():
    bad = md("**How to use it.** Type a fraction like `1/27`, a decimal like `0.35`.")
    found = run("examples", bad)
    assert [(v.cell, v.question) for v in found] == [(1, "ex1")]
    assert "`1/27` is the answer to ex1" in found[0].message
    assert run("examples", md("**How to use it.** Type `2/7`, `0.35` or `12.5%`.")) == []
    german = md("**So geht's.** Schreib `0,037` oder `126`.")
    assert [v.question for v in run("examples", german, lang="de")] == ["ex1", "ex2"]
    assert run("examples", md("Elsewhere: `1/27`.")) == []


def test_the_answer_boxs_own_examples_answer_no_lesson():
    assert A.message_examples() == []
    found = A.message_examples([PLAN], {"en": ["e.g. 1/4, 0.35"], "de": ["z. B. 0,037"]})
    assert [v.question for v in found] == ["t1", "ex1"]


# ---------------------------------------------------------------------------------------------
# one period
# ---------------------------------------------------------------------------------------------
def test_words_are_counted_as_a_pupil_reads_them():
    nb = notebook(
        md('# Toy odds <a id="top"></a>\n\nRead [this](http://example.com/a-b-c) now.'),  # 2 + 3
        code("db.faces()", {"text/plain": "Two bad faces.", "text/html": "<b>Two bad faces.</b>"}),
        code("db.chart()", {"text/plain": "numbers behind the picture", "image/png": "iVBO"}),
        code("DragonBattleTable()", "<DragonBattleTable seed=1 actions=4: Player 1: roll>"),
        code(
            'L.reveal("ex1")', "[Show the answer]"
        ),  # "1/27, about 3.7%" + "2/6 x 2/6 x 2/6 = 1/27."
        code("print(x)", ("stream", "it's 3.7% now\n")),
        md('## Teacher notes <a id="teacher"></a>\n\nFor the teacher only.'),
        md("### Timing\n\nStill the teacher's."),
        md('## Extensions <a id="extensions"></a>\n\nOptional words here.'),
        md("More optional words."),
    )
    count = A.core_words(A.load(nb), PLAN, "en")
    assert count.per_cell == ((1, 5), (2, 3), (5, 3 + 6), (6, 3))
    assert count.total == 20 and count.end == 9 and count.limit == 1200


def test_words_before_the_extensions_heading_in_its_cell_count():
    nb = notebook(md('Last words.\n\n## Erweiterungen <a id="extensions"></a>\n\nOptional.'))
    assert A.core_words(A.load(nb), PLAN, "de").per_cell == ((1, 2),)


def test_an_over_long_core_path_or_a_missing_extensions_heading_is_found():
    long_text = md("word " * 1201)
    ending = md('## Extensions <a id="extensions"></a>')
    found = run("one-period", long_text, ending)
    assert (
        cells_of(found) == [2]
        and "reads 1201 words on the core path, more than 1200" in found[0].message
    )
    assert run("one-period", md("word " * 1200), ending) == []
    young = dataclasses.replace(PLAN, age={"en": "ages 7-11", "de": "7 bis 11 Jahre"})
    assert A.word_limit(young) == 800
    assert "more than 800" in run("one-period", md("word " * 801), ending, plan=young)[0].message
    missing = run("one-period", md("Short."))
    assert [v.message for v in missing] == [
        'no heading "Extensions" ("Erweiterungen") ends the core path: the whole notebook counts as core'
    ]


# ---------------------------------------------------------------------------------------------
# timing
# ---------------------------------------------------------------------------------------------
README = """
| notebook | for | what you learn | minutes |
| --- | --- | --- | --- |
| `99-toy-odds.ipynb` | ages 10-14 | toy odds | 25 |
"""


def test_the_timing_tables_agree():
    table = repr(lessons.Lesson(PLAN).timing())
    good = [code("L.timing()", table), md("**Timing.** The core path takes 25 minutes.")]
    assert A.timing(A.load(notebook(*good)), PLAN, "en", README) == []
    stale = code("L.timing()", table.replace("20", "15"))
    said = md(
        "The core path (sections 1-2) takes 40 minutes, 5 minutes of slack included. A whole game takes about 20 minutes."
    )
    found = A.timing(A.load(notebook(stale, said)), PLAN, "en", README)
    assert [(v.cell, v.message) for v in found] == [
        (1, "the stored timing table is not the plan's (run the notebook again)"),
        (2, "the notes say the core path takes 40 minutes; the plan's parts add up to 25"),
    ]
    german = md("Der Kernweg dauert 30 Minuten.")
    assert cells_of(A.timing(A.load(notebook(german, lang="de")), PLAN, "de")) == [1]
    # the German lessons' own words for the core path are read too
    for said in (
        "Die Stunde ohne Erweiterungen dauert 30 Minuten.",
        "Der Hauptteil dauert 30 Minuten.",
    ):
        assert cells_of(A.timing(A.load(notebook(md(said), lang="de")), PLAN, "de")) == [1], said
    right = md("Die Stunde ohne Erweiterungen (Abschnitte 1-2) dauert 25 Minuten.")
    assert A.timing(A.load(notebook(right, lang="de")), PLAN, "de") == []


def test_the_readme_row_agrees_with_the_plan():
    wrong = README.replace("| 25 |", "| 40 |").replace("ages 10-14", "ages 9-13")
    found = A.timing(A.load(notebook()), PLAN, "en", wrong)
    assert [v.message for v in found] == [
        "the README gives 40 minutes, the plan 25",
        "the README gives the age band 'ages 9-13', the plan 'ages 10-14'",
    ]
    missing = A.timing(A.load(notebook()), PLAN, "en", "| `other.ipynb` | x | y | 40 |")
    assert [v.message for v in missing] == [
        "the README's lesson table has no row for 99-toy-odds.ipynb"
    ]


# ---------------------------------------------------------------------------------------------
# ending well
# ---------------------------------------------------------------------------------------------
SUMMARY = md(
    "## What we found\n\nDice do not influence each other. So we multiply their chances. "
    "More dice make a roll safer."
)
TICKETS = [code('L.exit_ticket("t1")'), code('L.exit_ticket("t2")')]
EXTENSIONS = md('## Extensions <a id="extensions"></a>')


def test_a_summary_and_an_exit_ticket_end_the_core_path():
    assert run("ending", SUMMARY, *TICKETS, EXTENSIONS, code('L.exercise("ex2")')) == []


def test_a_missing_summary_or_exit_ticket_is_found():
    found = run("ending", *TICKETS, EXTENSIONS)
    assert [v.message[:19] for v in found] == [
        "no pupil summary: t",
        "exit ticket t1 is n",
        "exit ticket t2 is n",
    ]
    only_one = run("ending", SUMMARY, TICKETS[0], EXTENSIONS)
    assert [v.message for v in only_one] == ["exit ticket t2 is not asked after the summary"]
    no_tickets = dataclasses.replace(PLAN, exit_tickets=PLAN.exit_tickets[:1])
    assert "the plan has 1 exit tickets; an exit ticket has 2 or 3 questions" in [
        v.message for v in run("ending", SUMMARY, TICKETS[0], EXTENSIONS, plan=no_tickets)
    ]


@pytest.mark.parametrize(("sentences", "ok"), [(2, False), (3, True), (5, True), (6, False)])
def test_the_summary_has_three_to_five_sentences(sentences, ok):
    text = "## Was wir herausgefunden haben\n\n" + " ".join(["Ein Satz."] * sentences)
    found = run("ending", md(text), *TICKETS, EXTENSIONS, lang="de")
    assert (found == []) == ok
    if not ok:
        assert found[0].message == f"the summary has {sentences} sentences; it needs three to five"


def test_nothing_but_the_exit_ticket_follows_the_summary():
    found = run("ending", SUMMARY, code("db.more()"), *TICKETS, EXTENSIONS)
    assert [(v.cell, v.message) for v in found] == [
        (2, "only the exit ticket comes after the summary, on the core path")
    ]


# ---------------------------------------------------------------------------------------------
# your turn
# ---------------------------------------------------------------------------------------------
EMPTY = lessons.Lesson(PLAN).check_code("good-squares", ...)
TASK = code('L.your_turn("good-squares")')
CHECK = code('L.check_code("good-squares", good)', repr(EMPTY))


def test_a_your_turn_cell_is_set_up_to_be_done():
    assert run("your-turn", TASK, code("# count them\ngood = ..."), CHECK) == []
    german = code(
        'L.check_code("good-squares", good)',
        repr(lessons.Lesson(PLAN, "de").check_code("good-squares", ...)),
    )
    assert run("your-turn", TASK, code("good = ..."), german, lang="de") == []


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ([code("good = ..."), CHECK], 'good-squares: no L.your_turn("good-squares") cell'),
        ([TASK, code("good = 32"), CHECK], "the pupil cell must hold `good = ...`"),
        ([TASK, code("a = 1\nb = 2\nc = 3\ngood = ..."), CHECK], "the pupil cell has 4 lines"),
        ([TASK, CHECK], "no pupil cell above the check"),
        (
            [TASK, code("good = ..."), code('L.check_code("good-squares", good)', "Right! 32.")],
            "must ask the pupil to write the answer above",
        ),
        ([TASK, code("good = ...")], 'no L.check_code("good-squares", good) cell'),
    ],
)
def test_a_your_turn_cell_that_is_not_ready_is_found(cells, message):
    found = run("your-turn", *cells)
    assert any(message in v.message for v in found), [v.message for v in found]


def test_the_text_names_a_your_turn_variable_only_by_its_own_languages_name():
    """A German notebook whose cell sets `gut` must not tell pupils to write `good` (06's extension
    G once said "die Prüfung liest `points`" above `punkte = ...`)."""
    (task,) = PLAN.code_tasks
    assert task.code is not None
    split = dataclasses.replace(
        task, code=dataclasses.replace(task.code, variable={"en": "good", "de": "gut"})
    )
    plan = dataclasses.replace(PLAN, code_tasks=(split,))
    german = code(
        'L.check_code("good-squares", gut)',
        repr(lessons.Lesson(plan, "de").check_code("good-squares", ...)),
    )
    cells = (TASK, code("gut = ..."), german)
    wrong = md("Schreib den Namen genau so, denn die Prüfung liest `good`.")
    found = run("your-turn", wrong, *cells, lang="de", plan=plan)
    assert [v.message for v in found] == [
        "good-squares: the text names `good`, the variable of another language's notebook; "
        "here the pupils' cell sets `gut`"
    ]
    assert cells_of(found) == [1]  # the notebook opens with its Lesson cell
    # its own name, in code quotes or in a line of code, and the word in plain text are fine
    right = md("Die Prüfung liest `gut`; schreib `gut = 32`. Good!")
    assert run("your-turn", right, *cells, lang="de", plan=plan) == []
    english = (TASK, code("good = ..."), CHECK)
    assert run("your-turn", md("Set `good`."), *english, plan=plan) == []
    assert cells_of(run("your-turn", md("Not `gut = 32`."), *english, plan=plan)) == [1]


def test_a_probability_lesson_needs_a_your_turn_task():
    plan = dataclasses.replace(PLAN, id="heroes-cards", code_tasks=())
    found = A.your_turn(A.load(notebook()), plan, "en")
    assert [v.message for v in found] == [
        "a probability lesson needs at least one your-turn task where pupils compute"
    ]
    assert set(A.COMPUTE_LESSONS) <= set(LESSONS)


# ---------------------------------------------------------------------------------------------
# the questions asked
# ---------------------------------------------------------------------------------------------
def test_the_notebook_and_the_plan_ask_the_same_questions():
    found = run(
        "questions",
        code('L.reveal("roll")'),
        code('L.predict("roll")'),
        code('L.predict("two-dice")'),
        code('L.exercise("nope")'),
    )
    messages = [v.message for v in found]
    assert "roll is revealed before it is predicted" in messages
    assert "two-dice is predicted but never revealed" in messages
    assert "L.exercise('nope'): the plan has no such question" in messages
    assert "ex1 (core path) is not asked in the notebook" in messages


# ---------------------------------------------------------------------------------------------
# German twins
# ---------------------------------------------------------------------------------------------
def twin_cells(*sources):
    return A.load({"cells": [md(s) for s in sources]})


def test_a_twin_with_the_same_sections_and_lists_passes():
    en = twin_cells('# T <a id="top"></a>\n\n- a\n- b', '## One <a id="one"></a>\n\n1. x\n2. y')
    de = twin_cells('# T <a id="top"></a>\n\n- A\n- B', '## Eins <a id="one"></a>\n\n1. X\n2. Y')
    assert A.twin(en, de) == []


def test_a_twin_with_a_missing_section_is_found():
    en = twin_cells('# T <a id="top"></a>', '## One <a id="one"></a>', '## Two <a id="two"></a>')
    de = twin_cells('# T <a id="top"></a>', '## Zwei <a id="two"></a>')
    found = A.twin(en, de)
    assert [v.message for v in found] == ["sections differ: missing in German: ## one"]
    moved = twin_cells(
        '# T <a id="top"></a>', '## Zwei <a id="two"></a>', '## Eins <a id="one"></a>'
    )
    assert "another order" in A.twin(en, moved)[0].message


def test_a_twin_with_a_missing_bullet_is_found():
    en = twin_cells(
        '## Buttons <a id="buttons"></a>\n\n- **Roll**\n- **Play whole turn**\n- **Undo**'
    )
    de = twin_cells('## Knöpfe <a id="buttons"></a>\n\n- **Würfeln**\n- **Zurück**')
    found = A.twin(en, de)
    assert [(v.cell, v.message) for v in found] == [
        (0, "section buttons has 2 bullet items in German, 3 in English (cell 0)")
    ]


def test_a_wrapped_line_that_starts_with_a_number_is_no_list_item():
    en = twin_cells("Player 3 sends the knight (3), and the thief\n7) while the others fight.")
    de = twin_cells(
        "Spieler 3 schickt den Ritter (3) und den Dieb (7), während die anderen kämpfen."
    )
    assert A.twin(en, de) == []
    assert A.sections(twin_cells("1. one\n2. two\n\n3) three"))[0][3] == 3


# ---------------------------------------------------------------------------------------------
# the CLI and the real lessons
# ---------------------------------------------------------------------------------------------
def _real_exercise():
    plan = LESSONS["dragon-battle-odds"]
    q = next(q for q in plan.exercises if q.kind == "number" and not q.extension)
    return plan, q


def test_the_cli_lists_violations_with_their_cells(tmp_path):
    plan, q = _real_exercise()
    value = F(q.exact())
    nb = {
        "cells": [
            code(
                'from kaskaria import lessons\nL = lessons.Lesson("dragon-battle-odds", lang="en")'
            ),
            md(f"The answer is {value.numerator}/{value.denominator}."),
            code(f'L.exercise("{q.id}")'),
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "planted.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kaskaria.lessons.audit",
            str(path),
            "--check",
            "spoilers,answer-key",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 1, done.stderr
    assert f"{path}: 1 violation(s) (spoilers 1)" in done.stdout
    assert f"  cell 1: [spoilers] {q.id} (exercise in cell 2)" in done.stdout
    nb["cells"][1]["metadata"] = {"kaskaria": {"audit-allow": {q.id: "the worked example"}}}
    path.write_text(json.dumps(nb), encoding="utf-8")
    clean = subprocess.run(
        [sys.executable, "-m", "kaskaria.lessons.audit", str(path), "--check", "spoilers"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert clean.returncode == 0, clean.stdout
    assert f"cell 1: allowed for {q.id}: the worked example" in clean.stdout
    wrong = subprocess.run(
        [sys.executable, "-m", "kaskaria.lessons.audit", str(path), "--check", "spelling"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert wrong.returncode == 2 and "unknown check 'spelling'" in wrong.stderr


def test_a_notebook_that_is_no_lesson_is_refused():
    with pytest.raises(ValueError, match="is not a lesson: no lessons.Lesson"):
        A.audit({"cells": [md("# Hello")]})
    with pytest.raises(ValueError, match="unknown check 'speling'"):
        A.audit(notebook(), ["speling"], PLAN, "en")


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
def test_every_real_lesson_can_be_audited(plan):
    """Every check runs on every lesson in both languages and names real cells (whether a lesson
    passes is tests/test_lessons_comply.py's business)."""
    found = A.audit_lesson(plan.id)
    for lang in ("en", "de"):
        size = len(A.load(REPO / "notebooks" / ("de" if lang == "de" else "") / plan.notebook))
        for v in found[lang]:
            assert v.check in A.ALL_CHECKS and (v.cell is None or 0 <= v.cell < size), v
            assert v.message and len(v.message) < 600


@pytest.mark.parametrize(
    ("lang", "rule", "table"),
    [
        (
            "en",
            "So **chance = wanted cards you cannot see ÷ all cards you cannot see**.",
            "Mia sees 14 cards and cannot see 40: 33 in the draw pile and 7 in the other hands.",
        ),
        (
            "de",
            "Also gilt: **Wahrscheinlichkeit = gewünschte Karten, die du nicht siehst ÷ alle "
            "Karten, die du nicht siehst**.",
            "Mia sieht 14 Karten und sieht 40 nicht: 33 im Nachziehstapel und 7 bei den anderen "
            "auf der Hand.",
        ),
    ],
)
def test_a_counting_rule_or_a_colour_table_below_the_first_card_vote_is_found(lang, rule, table):
    """Lesson 04's first vote (is a second blue card less likely?) is answered by the counting
    rule (5/53 against 6/54) and by Mia's count for every colour (a colour she has seen is
    rarer): a teacher found both in plain view below the vote, the rule in section 2 and the
    table in extension A. Below the vote they are found; inside a reveal they are not."""
    plan = LESSONS["heroes-cards"]
    predict = code('L.predict("second-card")', "Predict first: ... [more likely] [less likely]")
    reveal = code('L.reveal("second-card")', "[Show the answer]")
    said = md(f"## 2. Counting\n\n{rule}")
    shown = code("hk.unseen_table(...)", {"text/html": f"<p>{table}</p><table></table>"})
    found = run(
        "further-down", md("## 1. Dice"), predict, reveal, said, shown, lang=lang, plan=plan
    )
    assert [v.cell for v in found if v.question == "second-card"] == [4, 5]
    inside = code(
        'L.reveal("second-card", then=hk.unseen_table(...))',
        {
            "text/plain": "[Show the answer]",
            "text/html": f"<details><p>{rule}</p><p>{table}</p></details>",
        },
    )
    assert [
        v
        for v in run("further-down", md("## 1. Dice"), predict, inside, lang=lang, plan=plan)
        if v.question == "second-card"
    ] == []


def test_a_menu_item_named_with_its_german_meaning_is_no_slip():
    """Binder's JupyterLab shows its menus in English: a German lesson names the item as it is
    written, with its German meaning in brackets right after it. Without the meaning it is a
    slip, as before."""
    from kaskaria.lessons.audit.language import german_slips, without_glossed_menus

    glossed = (
        "wähle im Menü Run (Ausführen) den Punkt Run All Above Selected Cell (alles oberhalb "
        "ausführen)"
    )
    assert german_slips(without_glossed_menus(glossed)) == []
    bare = "wähle im Menü Run den Punkt Run All Above Selected Cell"
    assert german_slips(without_glossed_menus(bare))
    assert german_slips(without_glossed_menus("Run ▸ Run All Cells"))
