"""The printable worksheets and answer keys (docs/worksheets/): made from the lessons' content, so
they say what the notebooks say; the committed files are exactly what the generator makes now.
(Printing them to A4 PDFs in a real browser: tests/test_browser_worksheets.py.)"""

from __future__ import annotations

import functools
import re
import subprocess
import sys
from fractions import Fraction
from html import escape, unescape
from pathlib import Path

import pytest
from lesson_support import TOY_HEAD, TOY_VOTE

from kaskaria.lessons.content import LESSONS, Working
from kaskaria.lessons.worksheets import (
    TALLY_PAIRS,
    answer_key,
    extensions,
    files,
    moment,
    names,
    part_four,
    part_one,
    part_three,
    part_two,
    sheet,
    worksheet,
)

REPO = Path(__file__).resolve().parents[1]
SHEETS = REPO / "docs" / "worksheets"
NAMES = names()


@functools.cache
def _html(name: str) -> str:
    """The sheet ``name`` as the generator makes it (made once per process, when first asked)."""
    return sheet(name)


def _text(html: str) -> str:
    """The words a reader sees (tags dropped, entities read)."""
    body = html.split("<body", 1)[1]
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def test_there_is_a_sheet_and_a_key_per_lesson_and_language():
    assert sorted(NAMES) == sorted(
        f"{lesson}.{kind}{lang}.html"
        for lesson in (
            "dragon-battle-odds",
            "dragon-battle-rules",
            "heroes-cards",
            "heroes-rules",
            "dragons-gold-rules",
            "dragons-gold-deals",
            "dragons-gold-shares",
        )
        for kind in ("", "answers.")
        for lang in ("en", "de")
    )


@pytest.mark.parametrize("name", NAMES)
def test_the_committed_sheet_is_the_generated_one(name):
    html = _html(name)
    path = SHEETS / name
    assert path.is_file(), f"docs/worksheets/{name} is missing: run make worksheets"
    assert path.read_text(encoding="utf-8") == html, (
        f"docs/worksheets/{name} differs from what kaskaria.lessons.worksheets makes now: "
        "run make worksheets"
    )


def test_a_sheet_is_made_alone_by_its_name_as_among_all_of_them():
    """``sheet(name)`` makes the one sheet ``files()`` makes under that name (the tests ask for
    sheets one by one), and a name that is no sheet's is refused, naming the sheets there are."""
    first, key = NAMES[0], next(n for n in NAMES if ".answers." in n)
    made = dict(files())
    assert list(made) == NAMES
    assert sheet(first) == made[first] and sheet(key) == made[key]
    with pytest.raises(ValueError, match=r"no sheet is called 'x\.en\.html': the sheets are "):
        sheet("x.en.html")


def test_no_stray_files_in_the_folder():
    assert sorted(p.name for p in SHEETS.iterdir()) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_sheet_prints_on_a4_and_needs_no_network(name):
    html = _html(name)
    assert "@page { size: A4; margin:" in html
    # the one address an answer key prints is the lesson's own Binder link, a link to follow, not
    # something the page loads (its QR code is drawn inline)
    if ".answers." in name:
        from kaskaria.lessons.links import binder_link

        plan = next(p for p in LESSONS.values() if name.startswith(f"{p.id}.answers."))
        link = binder_link(plan.notebook, name.split(".")[-2])
        assert html.count(link) == 2  # the link and its text
        html = html.replace(link, "")
    lowered = html.lower()
    for outside in ("http://", "https://", "<link", "<script", "@import", "url(", "<img"):
        assert outside not in lowered, f"{name} loads something: {outside}"
    lang = name.split(".")[-2]
    assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_worksheet_asks_without_answering(plan, lang):
    text = _text(worksheet(plan.id, lang))
    printed = [q for q in plan.predictions if q.worksheet]
    core = [q for q in plan.exercises if q.worksheet]
    for q in (*printed, *core):
        assert q.prompt[lang] in text, q.id
        assert q.explain[lang] not in text, f"{q.id}: the worksheet gives the answer away"
        for c in q.choices:
            assert c.label[lang] in text
    for q in plan.predictions:
        if not q.worksheet:
            # a prediction of the extensions (or asked aloud), kept off the sheet
            assert q.prompt[lang] not in text, f"{q.id} is marked off the worksheet"
    assert plan.title[lang] in text
    if plan.tally is not None:
        assert plan.tally[lang] in text
        # one column per pair of a class of 32 (a teacher found 8 columns for 14-15 pairs, a
        # reader 15 columns for the 16 pairs of a class of 31-32) and one for the whole class;
        # rows for the rolls and the failed rolls, all empty to fill in (no share per pair: a
        # reader found the per-pair % row untimed; the class's share goes on the line below; the
        # exact chance is not printed beside them)
        assert TALLY_PAIRS == 16
        table = worksheet(plan.id, lang).split('<table class="tally"')[1].split("</table>")[0]
        assert all(f"<th>{i}</th>" in table for i in range(1, 17)) and "<th>17</th>" not in table
        assert table.count("<tr>") == 3 and table.count("<td></td>") == 2 * 17
        assert "11.1" not in text and "11,1" not in text


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_answer_key_has_every_answer_timing_row_and_discussion(plan, lang):
    text = _text(answer_key(plan.id, lang))
    for q in (*plan.predictions, *plan.exercises):
        assert f"{q.prompt[lang]}" in text, q.id
        assert f"{q.answer_label(lang)} · {q.explain[lang]}" in text, q.id
    for part in plan.parts:
        assert f"{part.title[lang]}" in text and f" {part.minutes} " in text
    assert f" {plan.core_minutes()} " in text
    for question, answer in plan.discussion:
        assert question[lang] in text and answer[lang] in text


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_key_says_which_questions_are_in_the_notebook_only(plan, lang):
    """A question the worksheet leaves out (``worksheet: no``) is keyed with "in the notebook
    only": a teacher marking paper does not look for it on the sheet."""
    key = answer_key(plan.id, lang)
    sheet = _text(worksheet(plan.id, lang))
    tag = "(in the notebook only" if lang == "en" else "(nur im Notebook"
    for q in (*plan.predictions, *plan.exercises, *plan.exit_tickets):
        item = re.search(rf'<li id="{re.escape(q.id)}">.*?</p>', key, re.S)
        assert item, q.id
        assert (tag in item[0]) == (not q.worksheet), q.id
        if not q.worksheet:
            assert q.prompt[lang] not in sheet, q.id


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_explanation_ending_in_a_colon_is_followed_in_the_key(plan, lang):
    """The key of 02's extension D ended "The whole rule, and what it costs against perfect
    play:" with nothing after it (the reveal draws the rule as a table): an explanation that
    announces what follows has its lines printed in the key and the teacher edition."""
    from kaskaria.lessons.teacher import edition

    key = _text(answer_key(plan.id, lang))
    cells = edition(plan.id, lang)["cells"]
    teacher = " ".join("".join(c["source"]) for c in cells).replace("\\", "")
    for q in plan.questions():
        more = q.key_lines(lang)
        if q.explain[lang].rstrip().endswith(":"):
            assert more, f"{plan.id} {q.id}: the key says nothing after {q.explain[lang][-30:]!r}"
        for line in more:
            assert line in key and line in teacher, (q.id, line)


def test_the_rule_of_extension_d_is_in_the_key():
    from kaskaria.lessons.dragon_battle import rule

    for lang in ("en", "de"):
        key = _text(answer_key("dragon-battle-odds", lang))
        for line in rule(lang).text.split("\n"):
            assert f"{line}" in key
        assert ("99.7%" if lang == "en" else "99,7 %") in key


def test_the_answers_are_the_notebooks_answers():
    """The key shows the same answer the notebook's reveal and answer list show."""
    from kaskaria import lessons

    for plan in LESSONS.values():
        for lang in ("en", "de"):
            listed = repr(lessons.Lesson(plan.id, lang).answers())
            key = _text(answer_key(plan.id, lang))
            for q in (*plan.predictions, *plan.exercises):
                assert f"- {q.id}: {q.answer_label(lang)}." in listed
                assert q.answer_label(lang) in key


def _boxes(html: str) -> tuple[str, str]:
    """The text of a worksheet's two rule boxes: part one's and part two's ('' when none)."""

    def box(part: str) -> str:
        found = re.search(r'<section class="rules">.*?</section>', part, flags=re.S)
        return _text("<body " + found[0]) if found else ""

    return box(part_one(html)), box(part_two(html))


def test_the_odds_sheet_gives_the_rules_its_exercises_need():
    """Exercises 1 and 2 and the exit ticket of 02 multiply independent chances and take the
    complement: the sheet alone must say both (a teacher found the rule box without them), with
    no worked number that answers a question on the sheet. The two-dice prediction asks pupils
    to find the multiplying: the rule stands in the box of part two, not on the first page."""
    for lang, multiply, complement in (
        ("en", "independent", "the chance that a roll works is 1 − the chance that it fails"),
        ("de", "unabhängig", "Die Wahrscheinlichkeit, dass ein Wurf gelingt, ist 1 minus"),
    ):
        html = worksheet("dragon-battle-odds", lang)
        front, box = _boxes(html)
        assert multiply in box and ("multiplied" in box or "mal." in box), box
        assert complement in box, box
        assert not re.search(r"\d/\d", box), box  # no fraction: 2/6 x 2/6 would answer a question
        first = _text("<body " + part_one(html))
        assert multiply not in first and complement not in first, first
        # the predictions need what a good and a bad face is: it stays on the first page
        assert ("bad if it cannot" if lang == "en" else "sonst schlecht") in front, front


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_sheet_has_three_parts_the_predictions_first(plan, lang):
    """Part one (handed out at the start): the header, the rule box of what pupils know before
    the lesson, the predictions and the exercises asked before page 2 goes out. Part two, after a
    page break and headed with the moment it goes out: the rule box of what the lesson showed,
    the other exercises and the dice table. Part three, on a page of its own: the exit ticket (one set as homework on a fourth page)."""
    html = worksheet(plan.id, lang)
    one, two = _text("<body " + part_one(html)), _text("<body " + part_two(html))
    three = _text("<body " + part_three(html))
    for part in ("part-one", "part-two", "part-three"):
        assert html.count(f'<div class="{part}">') == 1, part
    assert (
        ".part-two, .part-three, .part-four { break-before: page; page-break-before: always; }"
        in html
    )
    assert plan.title[lang] in one and plan.title[lang] not in two
    for q in plan.predictions:
        if q.worksheet and not q.extension:
            assert q.prompt[lang] in one and q.prompt[lang] not in two + three, q.id
    for q in plan.exercises:
        if q.worksheet and not q.extension:
            on, off = (one, two) if q.id in plan.sheet_front else (two, one)
            assert q.prompt[lang] in on and q.prompt[lang] not in off + three, q.id
    for q in (*plan.predictions, *plan.exercises):
        if q.worksheet and q.extension:  # for early finishers, under the core exercises
            assert q.prompt[lang] in two and q.prompt[lang] not in one + three, q.id
    for q in plan.exit_tickets:  # homework goes on a page of its own (the test below)
        on = three if not q.homework else _text("<body " + part_four(html))
        assert q.prompt[lang] in on and q.prompt[lang] not in one + two, q.id
    if plan.tally is not None:
        assert plan.tally[lang] in two and plan.tally[lang] not in one
    # page 2 is headed "Part 2" only: when it goes out is a cue for the teacher, not for pupils
    heading = {"en": "Part 2", "de": "Teil 2"}[lang]
    assert two.split(" Name")[0].strip() == heading, two[:80]
    assert moment(plan, lang) not in one + two + three
    front, after = _boxes(html)
    if plan.sheet_rules is not None:
        assert plan.sheet_rules[lang].split()[0] in front and "\n" not in front.strip()
        assert " ".join(plan.sheet_rules[lang].split()) in one
    if plan.sheet_rules_found is not None:
        title = {"en": "What you found out", "de": "Das hast du herausgefunden"}[lang]
        assert after.strip().startswith(title)
        assert " ".join(plan.sheet_rules_found[lang].split()) in two
        assert " ".join(plan.sheet_rules_found[lang].split()) not in one + three


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_exit_ticket_is_a_page_of_its_own_without_the_rules(plan, lang):
    """A teacher found the exit ticket printed under page 2's "What you found out" box, so the
    sheet answered it while the notebook says "without looking back": it is page 3 now, handed
    out at the end with name, class and date, and no rule box on it."""
    html = worksheet(plan.id, lang)
    three = part_three(html)
    assert plan.exit_tickets and three.startswith('<div class="part-three">')
    assert 'class="rules"' not in three
    text = _text("<body " + three)
    for field in {"en": ("Name", "Class", "Date"), "de": ("Name", "Klasse", "Datum")}[lang]:
        assert f"{field}:" in text
    assert {"en": "without looking back", "de": "ohne auf das Blatt"}[lang] in text
    assert 'class="exit-ticket"' not in part_two(html)
    at_end = {
        "en": "page 3 (the exit ticket) at the end",
        "de": "Seite 3 (das Exit-Ticket) am Ende",
    }
    assert at_end[lang] in _text(answer_key(plan.id, lang))


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
def test_page_two_goes_out_at_one_moment_said_once(plan):
    """The key's header said "after the last prediction before the exit ticket" while 02's
    materials said "after the two-dice vote". Each lesson names the moment once ('worksheet
    page 2'): the key's hand-out line and the materials both print those words."""
    assert plan.sheet_after is not None and plan.sheet_page_two is not None
    after = plan.question(plan.sheet_after)
    assert after in plan.predictions and not after.extension
    for lang in ("en", "de"):
        intro = _text(answer_key(plan.id, lang)).split({"en": "Materials", "de": "Material"}[lang])[
            0
        ]
        said = {"en": "page 2 ", "de": "Seite 2 "}[lang] + plan.sheet_page_two[lang]
        assert said in intro, intro
        sheet = [m[lang] for m in plan.materials if "docs/worksheets/" in m[lang]]
        assert len(sheet) == 1 and plan.sheet_page_two[lang] in sheet[0], sheet


def test_exercises_asked_before_page_two_are_on_page_one():
    """05 exercise 1 (section 3) and 06 exercise 1 (section 1) come before page 2 goes out:
    they are printed on page 1, with the rules they need there; page 2 numbers on. 05b's page 2
    goes out after the wizard vote, before its exercise 1, which needs the wizard rule."""
    assert LESSONS["dragons-gold-rules"].sheet_front == ("ex1",)
    assert LESSONS["dragons-gold-shares"].sheet_front == ("ex1",)
    assert LESSONS["dragons-gold-deals"].sheet_front == ()
    assert LESSONS["dragons-gold-deals"].sheet_after == "wizard"
    for plan in LESSONS.values():
        order = list(plan.order)
        for q in plan.exercises:
            if q.worksheet and not q.extension:
                before = order.index(q.id) < order.index(plan.sheet_after)
                assert (q.id in plan.sheet_front) == before, (plan.id, q.id)
    gold = LESSONS["dragons-gold-rules"]
    for lang, rule in (("en", "add up to at least"), ("de", "mindestens so groß")):
        first, box = _boxes(worksheet(gold, lang))
        assert rule in first and rule not in box
    html = worksheet("dragons-gold-shares", "en")
    assert '<ol start="2">' in part_two(html) and "<ol start" not in part_one(html)


def test_the_bag_sums_have_room_and_the_rule_says_times_the_hidden_tokens():
    """06: the 8-minute "bag's points on paper" activity had no place on the sheet; page 2 (out
    after the vote on the hidden tokens, before the sums) has a table for them, and its rule box
    gives the whole method, "× the hidden tokens", as section 4 says it; the table's last row is
    that step (× 2 hidden tokens = expected value), the one pupils miss."""
    plan = LESSONS["dragons-gold-shares"]
    assert plan.sheet_after == "hidden"
    for lang, words in (
        ("en", ("the whole bag", "one token on average", "tokens", "points")),
        ("de", ("der ganze Beutel", "ein Schatzstein im Durchschnitt", "Schatzsteine", "Punkte")),
    ):
        html = worksheet(plan, lang)
        grid = part_two(html).split('<section class="sheet-grid">')[1].split("</section>")[0]
        assert all(w in grid for w in words) and grid.count("<td ") == 6 * 2
        hidden = {"en": "the hidden tokens", "de": "die Zahl der versteckten Schatzsteine"}[lang]
        assert f"× {hidden}" in _boxes(html)[1]
        assert "sheet-grid" not in part_one(html)
        # the sums come first in the lesson: under the rule box, before exercise 2
        assert part_two(html).index('class="sheet-grid"') < part_two(html).index("<ol")


def test_the_odds_sheet_compares_the_class_and_has_the_early_finishers_grid():
    """02: a line for the class's share against the exact chance (both written by the pupils),
    and the grid for two scared dragons that the lesson gives early finishers. The share's line
    says where the % comes from (the class's table works it out: no pupil divides by 80), and the
    exact chance is asked as "1 in ...", not in % (11.1% would lead to 39.96 in exercise 5)."""
    for lang, compare, exact, grid in (
        (
            "en",
            "All pairs together: failed rolls in % (the class's table on the screen works it out):",
            "The exact chance of a failed roll, as 1 in …:",
            "Red and blue are scared",
        ),
        (
            "de",
            "Alle Paare zusammen: misslungene Würfe in % (die Tabelle der Klasse am Bildschirm "
            "rechnet es aus):",
            "Die genaue Wahrscheinlichkeit, dass ein Wurf misslingt, als 1 von …:",
            "Rot und Blau sind erschreckt",
        ),
    ):
        two = part_two(worksheet("dragon-battle-odds", lang))
        assert compare in _text("<body " + two) and '<p class="compare">' in two
        assert exact in _text("<body " + two)
        # for early finishers ('at: end'): in their section, after the exercises and the dice
        # table
        early = two.split('<section class="extensions">')[1].split("</section>")[0]
        assert grid in early and early.split('<table class="grid"')[1].count("<td ") == 36
        assert two.index('class="extensions"') > two.index('class="tally-section"')
        # the teacher sends early finishers to this grid (the sheet is printed one-sided: a
        # teacher found them sent to "the back of the sheet"), and the key says what it shows
        plan = LESSONS["dragon-battle-odds"]
        said = " ".join(" ".join(w[lang].split()) for w in plan.say.values())
        assert ("the grid at the end of worksheet page 2" if lang == "en"
                else "das Raster am Ende von Seite 2 des Arbeitsblatts") in said  # fmt: skip
        key = _text(answer_key(plan, lang))
        assert grid in key and "9/36 = 1/4" in key and ("9 of the 36" if lang == "en"
                                                         else "9 der 36") in key  # fmt: skip


def test_every_lesson_keeps_the_rules_found_for_after_the_predictions():
    """The rule boxes as the teacher found them gave predictions away (01 "never both", 05 the
    tie bonus, 05b the thief): each lesson whose first box said such a rule has a second box."""
    for lesson_id in (
        "dragon-battle-rules",
        "dragon-battle-odds",
        "heroes-cards",
        "dragons-gold-rules",
        "dragons-gold-deals",
        "dragons-gold-shares",
    ):
        assert LESSONS[lesson_id].sheet_rules_found is not None, lesson_id
    rules = LESSONS["dragon-battle-rules"]
    assert "never both" in rules.sheet_rules_found["en"]
    assert "never both" not in rules.sheet_rules["en"]
    assert "nie beides" not in rules.sheet_rules["de"]
    gold = LESSONS["dragons-gold-rules"]
    assert "tie for the most all get" in gold.sheet_rules_found["en"]
    assert "tie" not in gold.sheet_rules["en"] and "gleich viele" not in gold.sheet_rules["de"]


def test_german_sheets_speak_german():
    text = _text(worksheet("dragon-battle-odds", "de")) + _text(
        answer_key("dragon-battle-odds", "de")
    )
    for word in (
        "Arbeitsblatt",
        "Lösungsbogen",
        "Erst vermuten",
        "Kreuze an oder schreib deine Vermutung auf",
        "Vermutungsfragen",
        "Aufgaben",
        "Zeitplan",
        "Paar",
        "Teil 2",
        "Seite 2 nach der Abstimmung zu zwei Würfeln",  # the key says when page 2 goes out
        "Das hast du herausgefunden",
        "Seite 2",
        "Seite 3",
    ):
        assert word in text
    for english in (
        "Worksheet",
        "Answer key",
        "Exercises",
        "Timing",
        " stars",
        "pair",
        "Part 2",
        "found out",
        "page 2",
        "page 3",
        "Exit ticket",
    ):
        assert english not in text


def test_the_generator_writes_and_checks(tmp_path):
    done = subprocess.run(
        [sys.executable, str(REPO / "tools" / "make_worksheets.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_worksheets_need_no_jupyter():
    code = (
        "import sys, kaskaria.lessons.worksheets as w; list(w.files()); "
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'matplotlib', 'IPython') "
        "if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert done.stdout.strip() == "[]"


# ---------------------------------------------------------------------------------------------
# working space, notes, exit tickets (on a made-up lesson: tests/lesson_support.py)
# ---------------------------------------------------------------------------------------------
def test_a_question_gets_the_working_space_and_note_its_plan_gives():
    from lesson_support import PLAN

    html = worksheet(PLAN, "en")
    ex1 = html.split('<li id="ex1">')[1].split("</li>")[0]
    assert '<div class="lines"><div></div><div></div><div></div></div>' in ex1  # 3 ruled lines
    assert '<p class="note">A die has 6 faces; 2 are bad.</p>' in ex1
    ex2 = html.split('<li id="ex2">')[1].split("</li>")[0]
    assert '<div class="work" style="height:30mm"></div>' in ex2
    ex3 = html.split('<li id="ex3">')[1].split("</li>")[0]
    assert '<div class="room"></div>' in ex3  # no plan for it: the small default box
    assert "Ein Würfel hat 6 Seiten; 2 sind schlecht." in worksheet(PLAN, "de")


def test_a_question_planned_with_no_room_gets_its_answer_line_only():
    """'working: 0 lines' (a one-line sum, Working()): no ruled lines, no box, no default room."""
    import dataclasses

    from lesson_support import PLAN

    ex1 = dataclasses.replace(PLAN.question("ex1"), working=Working())
    plan = dataclasses.replace(
        PLAN, exercises=tuple(ex1 if q.id == "ex1" else q for q in PLAN.exercises)
    )
    assert plan.question("ex1").working == Working()
    for lang, label in (("en", "Answer:"), ("de", "Antwort:")):
        ex1 = worksheet(plan, lang).split('<li id="ex1">')[1].split("</li>")[0]
        assert 'class="lines"' not in ex1 and 'class="work"' not in ex1
        assert 'class="room"' not in ex1
        assert f'<p>{label} <span class="write"></span></p>' in ex1


def test_the_exit_ticket_is_on_the_sheet_and_its_answers_in_the_key_only():
    from lesson_support import PLAN

    sheet, key = _text(worksheet(PLAN, "en")), _text(answer_key(PLAN, "en"))
    assert "Exit ticket" in sheet and PLAN.question("t1").prompt["en"] in sheet
    assert "1/2 x 1/2 = 1/4" not in sheet and "1/2 x 1/2 = 1/4" in key
    # the your-turn task is Python: not on paper, but its model solution is in the key
    assert "Count the squares" not in sheet
    assert "Your turn (Python)" in key and "good = [(a, b) for a in range(1, 7)" in key
    assert "Exit-Ticket" in _text(worksheet(PLAN, "de"))


def test_the_real_sheets_are_as_before_without_plans_for_space():
    """Questions without working space or notes print as they did: one small box each."""
    for plan in LESSONS.values():
        html = worksheet(plan.id, "en")
        if not any(q.working or q.sheet_note for q in plan.questions()):
            assert '<div class="lines">' not in html and 'class="note"' not in html


# ---------------------------------------------------------------------------------------------
# 'worksheet page 2' in the lesson text, and the audit reading page 2 for later predictions
# ---------------------------------------------------------------------------------------------
_TOY = (
    TOY_HEAD
    + """\
materials:
- en: The worksheet, page 2 {worksheet page 2}.
  de: Das Arbeitsblatt, Seite 2 {worksheet page 2}.
PAGE2cell ids: toy
cells:
"""
    + TOY_VOTE
)


def test_the_moment_is_named_once_and_checked(tmp_path):
    from kaskaria.lessons import source

    folder = tmp_path / "text"
    folder.mkdir()
    path = folder / "99-toy.yaml"
    page2 = "worksheet page 2:\n  after: {after}\n  en: after the vote\n  de: nach der Abstimmung\n"
    path.write_text(_TOY.replace("PAGE2", page2.format(after="two")), encoding="utf-8")
    plan = source.build("99-toy", {"two": "no"}, folder=folder)
    assert plan.sheet_after == "two" and plan.sheet_page_two["de"] == "nach der Abstimmung"
    assert plan.materials[0]["en"] == "The worksheet, page 2 after the vote."
    assert "Seite 2 nach der Abstimmung" in answer_key(plan, "de")
    path.write_text(_TOY.replace("PAGE2", page2.format(after="three")), encoding="utf-8")
    with pytest.raises(source.LessonTextError, match="worksheet page 2: after"):
        source.read("99-toy", folder)
    path.write_text(_TOY.replace("PAGE2", ""), encoding="utf-8")
    with pytest.raises(source.LessonTextError, match="worksheet page 2"):
        source.build("99-toy", {"two": "no"}, folder=folder)


def test_the_audit_reads_page_two_for_the_predictions_after_its_moment():
    """05b's page 2 goes out after the wizard vote, before the thief's (extension A since the
    core path had to fit the period): a rule box that said the thief "may ... steal nothing" (as
    it did) would answer the later 'steal' vote."""
    import dataclasses

    from kaskaria.lessons import audit as A

    plan = LESSONS["dragons-gold-deals"]
    cells = A.load(REPO / "notebooks" / plan.notebook)
    assert A.worksheet_front(cells, plan, "en") == []
    said = "Thieves: the player of a thief that fought may rob another player, or steal nothing."
    told = dataclasses.replace(
        plan, sheet_rules_found={"en": said, "de": plan.sheet_rules_found["de"]}
    )
    found = A.worksheet_front(cells, told, "en")
    assert [v.question for v in found] == ["steal"], found
    assert "handed out before the extensions" in found[0].message


class _Headings:
    """Every heading of a page (h1, h2) with what follows it inside its container: the words,
    list items, table cells, boxes and headings under it (a part's heading may have a section
    under it)."""

    def __init__(self, html: str) -> None:
        from html.parser import HTMLParser

        found: list[dict] = []
        stack: list[str] = []
        shown = ("li", "td", "table", "span", "div", "h1", "h2", "h3")

        def under():
            return [h for h in found if h["open"] and not h["in"]]

        class P(HTMLParser):
            def handle_starttag(self, tag, attrs):
                if tag in shown:
                    for h in under():
                        h["under"] += f"<{tag}>"
                if tag in ("h1", "h2"):
                    found.append({"tag": tag, "text": "", "under": "", "depth": len(stack),
                                  "in": True, "open": True})  # fmt: skip
                if tag not in ("br", "meta", "link", "input", "img", "hr"):
                    stack.append(tag)

            def handle_endtag(self, tag):
                if tag in stack:
                    while stack and stack.pop() != tag:
                        pass
                for h in found:
                    if h["in"] and tag == h["tag"]:
                        h["in"] = False
                    elif h["open"] and not h["in"] and len(stack) < h["depth"]:
                        h["open"] = False  # its container closed

            def handle_data(self, data):
                for h in found:
                    if h["open"]:
                        h["text" if h["in"] else "under"] += data.strip()

        P().feed(html.split("<body", 1)[1])
        self.headings = [(h["text"], h["under"]) for h in found]


@pytest.mark.parametrize("name", NAMES)
def test_no_sheet_prints_a_heading_with_nothing_under_it(name):
    """05b's worksheet printed an "Exercises" heading with nothing under it once its one
    exercise had moved to an extension: every heading of every sheet and key, in both
    languages, has something under it."""
    html = _html(name)
    empty = [text for text, under in _Headings(html).headings if not under]
    assert empty == [], (name, empty)


def test_the_generator_prints_no_empty_section():
    """A lesson with no exercise, no prediction and no discussion question (all left off the
    sheet) gets no heading for them, on the sheet or in the key; page 2 without a rule box,
    exercises or tables gets no heading of its own."""
    import dataclasses

    plan = LESSONS["dragons-gold-deals"]
    bare = dataclasses.replace(
        plan,
        exercises=(),
        predictions=tuple(dataclasses.replace(q, worksheet=False) for q in plan.predictions),
        discussion=(),
        sheet_rules_found=None,
    )
    assert _Headings("<body>" + "<section><h2>x</h2></section>").headings == [("x", "")]
    for lang in ("en", "de"):
        for html in (worksheet(bare, lang), answer_key(bare, lang)):
            empty = [text for text, under in _Headings(html).headings if not under]
            assert empty == [], (lang, empty)


def test_the_odds_sheet_has_room_to_multiply():
    """A teacher found exercises 1-2 and both exit questions of lesson 02 with only an answer
    line: pupils multiplying (2/6)^3 on paper need a box to work in, on page 2 and the exit slip.
    Each of them plans a box, and gets it wherever the sheet prints it (the core path's exercise
    and the exit questions always)."""
    plan = LESSONS["dragon-battle-odds"]
    for qid in ("ex1", "ex2", "t1", "t2"):
        assert plan.question(qid).working.box_mm >= 20, qid
        for lang in ("en", "de"):
            sheet = worksheet(plan, lang)
            if plan.question(qid).extension and f'<li id="{qid}">' not in sheet:
                continue
            item = sheet.split(f'<li id="{qid}">')[1].split("</li>")[0]
            assert 'class="work"' in item, (qid, lang)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_answer_key_says_how_to_mark_roundings_on_the_slips(lang):
    """A teacher marking the paper slips marks a rounding as the answer boxes do: the key of
    every lesson that asks for a chance says the rule in one line, in the key's language."""
    from html import escape

    from kaskaria.i18n import text
    from kaskaria.lessons.worksheets import answer_key

    line = escape(text("marking", "sheet.rounding", lang))
    for lesson_id in ("dragon-battle-odds", "heroes-cards", "dragons-gold-deals"):
        assert answer_key(lesson_id, lang).count(line) == 1, lesson_id
    assert line not in answer_key("dragon-battle-rules", lang)  # no chance asked there


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_heroes_page_two_heading_names_a_moment_not_another_figure(lang):
    """03's page 2 was headed "Part 2: after the last vote, on the cliff runners' gold", which
    read as if the page were about cliff runners; its exercise is about griffins. The heading
    names no figure, and no moment either: when page 2 goes out is the teacher's cue, in the
    answer key."""
    two = _text("<body>" + part_two(worksheet("heroes-rules", lang)))
    heading = two.split("Exercise" if lang == "en" else "Aufgabe", 1)[0]
    assert moment("heroes-rules", lang) not in heading
    assert moment("heroes-rules", lang) in _text(answer_key("heroes-rules", lang))
    for figure in ("cliff runner", "Klippenläufer"):
        assert figure not in heading, heading


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_page_two_carries_a_name_line(lesson_id, lang):
    """A teacher found page 2 without a line for the name: it is handed out on its own, in the
    middle of the lesson, and collected with page 1."""
    from kaskaria.lessons.worksheets import worksheet

    html = worksheet(lesson_id, lang)
    if '<div class="part-two">' not in html:
        return
    two = html.split('<div class="part-two">', 1)[1].split('<div class="part-three">', 1)[0]
    name = "Name" if lang == "en" else "Name"
    assert f'<div class="fields"><span class="wide">{name}:</span></div>' in two, lesson_id


# ---------------------------------------------------------------------------------------------
# the extension questions, on page 2 for pupils who finish early
# ---------------------------------------------------------------------------------------------
_EARLY = {"en": "If you finish early", "de": "Wenn du früher fertig bist"}


def _section(html: str) -> str:
    """The worksheet's section for early finishers ('' when it has none)."""
    if '<section class="extensions">' not in html:
        return ""
    return html.split('<section class="extensions">', 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_extension_question_is_on_page_two_under_its_heading(plan, lang):
    """A teacher with fast finishers had nothing on paper for them: every extension question of
    the lesson's text (prediction or exercise; not one it keeps off paper with ``worksheet: no``,
    nor a "your turn" task, which is Python) is printed on page 2, after the core exercises and
    the dice table, under "If you finish early", in the order the lesson asks them, numbered on
    from the exercises, with boxes to tick or a line to answer on, and without its answer."""
    html = worksheet(plan, lang)
    two, section = part_two(html), _section(html)
    wanted = [
        q.id
        for q in (*plan.predictions, *plan.exercises)
        if q.extension and q.worksheet and q.kind != "code"
    ]
    wanted.sort(key=list(plan.order).index)
    assert [q.id for q in extensions(plan)] == wanted
    if not wanted:
        assert section == "" and _EARLY[lang] not in _text(html), plan.id
        return
    assert section and section in two, plan.id
    heading = _text("<body " + section.split("</h2>", 1)[0])
    assert heading.strip().startswith(_EARLY[lang]), heading
    assert ("Extensions" if lang == "en" else "Erweiterungen") in heading
    # after the core exercises and the dice table
    for marker in ("<section><h2>", '<section class="tally-section">'):
        if marker in two:
            assert two.rindex(marker) < two.index('<section class="extensions">'), marker
    assert re.findall(r'<li id="([^"]+)">', section) == wanted
    core = [q for q in plan.exercises if q.worksheet and not q.extension]
    assert f'<ol start="{len(core) + 1}">' in section or (not core and "<ol>" in section)
    words = _text("<body " + section)
    for qid in wanted:
        q = plan.question(qid)
        item = section.split(f'<li id="{qid}">', 1)[1].split("</li>", 1)[0]
        assert q.prompt[lang] in words and q.explain[lang] not in _text(html), qid
        if q.choices:
            assert item.count('<span class="box"></span>') == len(q.choices), qid
            assert all(c.label[lang] in words for c in q.choices), qid
        else:
            assert '<span class="write"></span>' in item, qid
        if q.sheet_note is not None:
            assert " ".join(q.sheet_note[lang].split()) in words, qid


def test_the_lessons_without_extensions_on_paper():
    """01's extension questions are votes on rules it keeps off paper (``worksheet: no``: the
    rule a vote asks for would be its answer), 05 has none: no empty section on their sheets.
    Every other lesson prints its extensions."""
    bare = {lesson_id for lesson_id in LESSONS if not extensions(lesson_id)}
    assert bare == {"dragon-battle-rules", "dragons-gold-rules"}
    for q in LESSONS["dragon-battle-rules"].questions():
        if q.extension:
            assert q in LESSONS["dragon-battle-rules"].predictions and not q.worksheet, q.id


def test_an_extension_prediction_leaves_page_one():
    """05b's vote on the thief (an extension) was printed among the predictions of page 1,
    handed out at the start: it stands with the other extensions on page 2 now."""
    for lang in ("en", "de"):
        html = worksheet("dragons-gold-deals", lang)
        assert '<li id="steal">' not in part_one(html)
        assert '<li id="steal">' in _section(html)


def test_the_extensions_say_the_rules_they_need():
    """The sheet stands alone on paper: an extension that needs a rule the rule boxes do not give
    prints it with the question (02: what a turn brings, what to expect on average; 03: the
    brave variant)."""
    needs = {
        ("dragon-battle-odds", "ex3"): ("the stars of every scared dragon",
                                        "die Sterne aller erschreckten Drachen"),
        ("dragon-battle-odds", "ex5"): ("rolls × the chance", "Würfe × Wahrscheinlichkeit"),
        ("heroes-rules", "ex3"): ("walks one field more", "ein Feld weiter"),
    }  # fmt: skip
    for (lesson_id, qid), said in needs.items():
        for lang, words in zip(("en", "de"), said, strict=True):
            item = _section(worksheet(lesson_id, lang)).split(f'<li id="{qid}">', 1)[1]
            assert words in _text("<body " + item.split("</li>", 1)[0]), (lesson_id, qid, lang)
    # the grid for early finishers stands in their section, its caption no longer saying so
    for lang in ("en", "de"):
        section = _section(worksheet("dragon-battle-odds", lang))
        assert '<table class="grid"' in section
        assert _EARLY[lang] not in _text("<body " + section.split("</h2>", 1)[1])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_teacher_edition_says_where_the_extensions_are(lang):
    from kaskaria.lessons.teacher import edition

    where = {"en": "Page 2 of the worksheet ends with the extension questions",
             "de": "Seite 2 des Arbeitsblatts endet mit den Erweiterungsaufgaben"}[lang]  # fmt: skip
    for lesson_id in LESSONS:
        first = "".join(edition(lesson_id, lang)["cells"][0]["source"])
        assert (where in first) == bool(extensions(lesson_id)), lesson_id
        assert (_EARLY[lang] in first) == bool(extensions(lesson_id)), lesson_id


@pytest.mark.parametrize("plan", LESSONS.values(), ids=list(LESSONS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_exit_slip_header_names_no_extensions(plan, lang):
    """The slip of page 3 holds only the exit ticket: its header gives the ages without the
    note about the extensions ("(the extensions: 12 and up)"), which page 1 keeps."""
    slip = part_three(worksheet(plan.id, lang))
    header = re.search(r"<header>.*?</header>", slip, re.S).group()
    assert "(" not in unescape(re.sub(r"<[^>]+>", " ", header)), header
    if "(" in plan.age[lang]:
        assert escape(plan.age[lang]) in part_one(worksheet(plan.id, lang))


def _shown_numbers(html: str) -> dict[str, int]:
    """The number a reader sees before each question of a sheet or key: its list's ``start``
    counted on."""
    shown: dict[str, int] = {}
    for start, items in re.findall(r'<ol(?: start="(\d+)")?>(.*?)</ol>', html, flags=re.S):
        for at, qid in enumerate(re.findall(r'<li id="([^"]+)">', items)):
            shown[qid] = int(start or 1) + at
    return shown


def _notebook_numbers(plan, lang: str) -> dict[str, int]:
    """Each exercise's number as the pupils' notebook heads it ("### Exercise 5", "### Aufgabe
    5" above the cell that asks it)."""
    import json

    folder = REPO / "notebooks" / ("de" if lang == "de" else "")
    cells = json.loads((folder / plan.notebook).read_text(encoding="utf-8"))["cells"]
    numbers: dict[str, int] = {}
    heading = None
    for cell in cells:
        text = "".join(cell["source"])
        found = re.search(r"^#+\s+(?:Exercise|Aufgabe)\s+(\d+)", text, flags=re.M)
        if cell["cell_type"] == "markdown" and found:
            heading = int(found[1])
        asked = re.search(r'L\.exercise\("([^"]+)"\)', text)
        if cell["cell_type"] == "code" and asked and heading is not None:
            numbers[asked[1]] = heading
            heading = None
    return numbers


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("plan", [LESSONS[k] for k in LESSONS], ids=list(LESSONS))
def test_the_sheet_and_the_key_carry_the_notebooks_exercise_numbers(plan, lang):
    """A reader found the odds sheet's extensions numbered 2-6 where the notebook says
    Exercises 2, 3, 5, 6 and 7 (Exercise 4 is not on paper): the sheet, the key and the teacher
    edition say each exercise's number as the notebook heads it."""
    numbers = _notebook_numbers(plan, lang)
    assert numbers == {q.id: q.number for q in plan.exercises}
    sheet, key = _shown_numbers(worksheet(plan, lang)), _shown_numbers(answer_key(plan, lang))
    for q in plan.exercises:
        assert key[q.id] == numbers[q.id], q.id
        if q.worksheet:
            assert sheet[q.id] == numbers[q.id], q.id
    # no two questions of a list of exercises share a number
    on_sheet = {q.id for q in (*plan.exercises, *extensions(plan))} & set(sheet)
    printed = [sheet[qid] for qid in on_sheet]
    assert len(printed) == len(set(printed))
    # the teacher edition names an exercise by its number, not by its id
    folder = REPO / "notebooks" / ("de/teacher" if lang == "de" else "teacher")
    edition = (folder / plan.notebook).read_text(encoding="utf-8")
    word = "Exercise" if lang == "en" else "Aufgabe"
    for q in plan.exercises:
        assert f"**{word} {q.number}**" in edition, q.id
        assert f"`{q.id}`:" not in edition, q.id


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_exercise_on_the_sheet_prints_its_notebooks_name(lang):
    """A reader found the sheet's exercises bare list items, while the projector and the teacher
    say "Exercise 5": each exercise on the sheet prints "Exercise 5" / "Aufgabe 5" before its
    prompt, as the notebook heads it, and its list shows no second number."""
    word = "Exercise" if lang == "en" else "Aufgabe"
    for plan in LESSONS.values():
        html = worksheet(plan, lang)
        for q in plan.exercises:
            if q.worksheet:
                found = re.search(rf'<li id="{q.id}"><p><b class="number">([^<]*)</b>', html)
                assert found and found[1] == f"{word} {q.number}", (plan.id, q.id)
    sheet = worksheet("dragon-battle-odds", lang)
    assert f"{word} 5" in sheet and f"{word} 4" not in sheet  # 4 is in the notebook only
    assert "li:has(> p > b.number) { list-style: none; }" in sheet


def test_the_odds_sheet_numbers_its_extensions_as_the_notebook_does():
    sheet = _shown_numbers(worksheet("dragon-battle-odds", "en"))
    assert {qid: sheet[qid] for qid in ("ex1", "ex2", "ex3", "ex5", "ex6", "ex7")} == {
        "ex1": 1, "ex2": 2, "ex3": 3, "ex5": 5, "ex6": 6, "ex7": 7,
    }  # fmt: skip
    assert "ex4" not in sheet  # it needs extension D's rule, met only in the notebook


#: the examples of the answer key's marking sentences, and what the box says to each:
#: (typed, exact answer, is it an average, the verdict)
_KEY_EXAMPLES = [
    ("33%", "15/46", False, "right"),  # 32.6% rounded to two digits
    ("30%", "15/46", False, "close"),  # one digit
    ("32%", "15/46", False, "close"),  # cut off after two digits: less than one away
    ("45%", "4/9", False, "close"),  # 44.4%: two digits less than one away
    ("70%", "3/4", False, "nearly"),  # cut off after one digit
    ("0.7", "3/4", False, "nearly"),
    ("5", "9/2", True, "nearly"),  # an average rounded to a whole number
    ("4", "9/2", True, "nearly"),  # or cut off
]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_keys_marking_line_says_what_the_boxes_do(lang):
    """A reader found the key's one line ("close when no farther off than the answer rounded to
    one digit") counting 0.7 for 3/4 and 5 for 4.5, which the boxes call almost and do not count.
    Every example the line gives is marked by the boxes as the line says, and the line says the
    cut-offs do not count."""
    from fractions import Fraction

    from kaskaria.i18n import text
    from kaskaria.marking.answers import check_number

    line = text("marking", "sheet.rounding", lang)
    for typed, exact, average, kind in _KEY_EXAMPLES:
        shown = typed.replace(".", ",").replace("%", " %") if lang == "de" else typed
        assert shown in line, shown
        verdict = check_number(typed, Fraction(exact), "", "en", average=average)
        assert verdict.kind == kind, (typed, exact, verdict)
        assert verdict.right == (kind in ("right", "close")), typed
    sentences = line.split(". ")

    def saying(example: str) -> str:
        return next(x for x in sentences if example in x)

    cut, one_digit, average = ("0.7", "30%", "4.5") if lang == "en" else ("0,7", "30 %", "4,5")
    not_counted = "do not count" if lang == "en" else "Nicht zählen"
    assert not_counted in saying(cut) and not_counted in saying(average)
    assert ("close, and counts" if lang == "en" else "Nah dran, und sie zählen") in saying(
        one_digit
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_keys_ratio_line_says_what_the_boxes_do(lang):
    """A reader found German pupils writing "2:5", "2 zu 5" and "2 zu 3" on paper, and the key
    said only "mark the slips as the answer boxes mark". Every key that asks a chance says how
    the boxes read them, and each example is marked by the boxes as the line says."""
    from fractions import Fraction
    from html import escape

    from kaskaria.i18n import text
    from kaskaria.lessons.worksheets import answer_key
    from kaskaria.marking.answers import check_number

    line = text("marking", "sheet.ratio", lang)
    for lesson_id in ("dragon-battle-odds", "heroes-cards", "dragons-gold-deals"):
        assert answer_key(lesson_id, lang).count(escape(line)) == 1, lesson_id
    assert escape(line) not in answer_key("dragon-battle-rules", lang)
    right = ("2:5", "2 zu 5", "2 to 5") if lang == "en" else ("2:5", "2 zu 5")
    asked = ("2:3", "2 zu 3", "2 to 3") if lang == "en" else ("2:3", "2 zu 3")
    for typed in right:
        assert typed in line and check_number(typed, Fraction(2, 5), "", lang).right, typed
    for typed in asked:
        assert typed in line, typed
        assert check_number(typed, Fraction(2, 5), "", lang).kind == "unreadable", typed
    assert (
        "neither right nor wrong" if lang == "en" else "weder als richtig noch als falsch"
    ) in line


@pytest.mark.parametrize("rolls", [5, 20, 80])
def test_the_normal_range_of_a_class_count_leaves_out_at_most_a_fortieth_on_each_side(rolls):
    """The range of failed rolls the teacher edition calls normal is the binomial distribution's
    own: each tail it leaves out holds at most 2.5% of classes, and one count more on either side
    would leave out more than that."""
    from math import comb

    from kaskaria.lessons.content_dragon_battle import CLASS_FAIL, normal_counts

    p = [comb(rolls, k) * CLASS_FAIL**k * (1 - CLASS_FAIL) ** (rolls - k) for k in range(rolls + 1)]
    low, high, held = normal_counts(rolls, CLASS_FAIL)
    tail = Fraction(1, 40)
    assert sum(p[:low]) <= tail < sum(p[: low + 1])
    assert sum(p[high + 1 :]) <= tail < sum(p[high:])
    assert held == sum(p[low : high + 1]) >= Fraction(95, 100)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_key_and_the_teacher_edition_say_what_the_dice_tables_percent_lines_hold(lang):
    """A reader found no line in the key for the sheet's "failed rolls in %" and "the exact
    chance, in %", and no word on what a class's total may normally be: both now say the exact
    chance and the normal range for 16 pairs of 5 rolls (4 to 15 failed rolls of 80)."""
    from kaskaria.lessons.teacher import edition

    key = _text(answer_key("dragon-battle-odds", lang))
    cells = edition("dragon-battle-odds", lang)["cells"]
    teacher = " ".join("".join(c["source"]) for c in cells)
    for said in (key, teacher):
        assert ("4 to 15 failed rolls" if lang == "en" else "4 bis 15 Fehlwürfen") in said
        assert ("1 in 9 = 11.1%" if lang == "en" else "1 von 9 = 11,1 %") in said
        assert ("80 rolls" if lang == "en" else "80 Würfe") in said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_homework_goes_home_on_its_own_page_and_the_exit_ticket_is_collected(lang):
    """An exit ticket set as homework (03's Lena) is on a last page of its own that says to take
    it home, never on the exit-ticket page the teacher collects; the key says which is which."""
    from kaskaria.i18n import text

    for plan_id, plan in LESSONS.items():
        html = worksheet(plan_id, lang)
        slip, home = part_three(html), part_four(html)
        for q in plan.exit_tickets:
            if not q.worksheet:
                continue
            prompt = escape(q.prompt[lang].strip()[:40])
            assert prompt in (home if q.homework else slip), (plan_id, q.id)
            assert prompt not in (slip if q.homework else home), (plan_id, q.id)
        homework = any(q.homework and q.worksheet for q in plan.exit_tickets)
        assert bool(home) is homework, plan_id
        key = answer_key(plan_id, lang)
        said = escape(text("lessons", "sheet.hand_out_homework", lang))
        assert (said in key) is homework, plan_id
        if homework:
            assert escape(text("lessons", "sheet.homework_note", lang)) in home
            for alone in ("sheet.exit_alone", "sheet.exit_alone_one"):
                assert escape(text("lessons", alone, lang)) not in home
    assert any(q.homework for q in LESSONS["heroes-rules"].exit_tickets)


def test_an_exit_page_with_one_question_says_question_not_questions():
    """The German slip of lesson 03 holds one question (the socks): "Beantworte die Frage",
    not "die Fragen"."""
    sheet = worksheet("heroes-rules", "de")
    assert "Beantworte die Frage allein" in sheet and "Beantworte die Fragen" not in sheet
    assert "Beantworte die Fragen allein" in worksheet("dragons-gold-rules", "de")
