"""The printable worksheets and answer keys (docs/worksheets/): made from the lessons' content, so
they say what the notebooks say; the committed files are exactly what the generator makes now.
(Printing them to A4 PDFs in a real browser: tests/test_browser_worksheets.py.)"""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

from kaskaria.lessons.content import LESSONS, Working
from kaskaria.lessons.worksheets import answer_key, files, part_one, part_two, worksheet

REPO = Path(__file__).resolve().parents[1]
SHEETS = REPO / "docs" / "worksheets"
NAMES = [name for name, _ in files()]


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


@pytest.mark.parametrize(("name", "html"), list(files()), ids=NAMES)
def test_the_committed_sheet_is_the_generated_one(name, html):
    path = SHEETS / name
    assert path.is_file(), f"docs/worksheets/{name} is missing: run make worksheets"
    assert path.read_text(encoding="utf-8") == html, (
        f"docs/worksheets/{name} differs from what kaskaria.lessons.worksheets makes now: "
        "run make worksheets"
    )


def test_no_stray_files_in_the_folder():
    assert sorted(p.name for p in SHEETS.iterdir()) == sorted(NAMES)


@pytest.mark.parametrize(("name", "html"), list(files()), ids=NAMES)
def test_a_sheet_prints_on_a4_and_needs_no_network(name, html):
    assert "@page { size: A4; margin:" in html
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
    core = [q for q in plan.exercises if q.worksheet and not q.extension]
    for q in (*printed, *core):
        assert q.prompt[lang] in text, q.id
        assert q.explain[lang] not in text, f"{q.id}: the worksheet gives the answer away"
        for c in q.choices:
            assert c.label[lang] in text
    for q in plan.exercises:
        if q.extension:
            assert q.prompt[lang] not in text, f"{q.id} is an extension: not on the worksheet"
    for q in plan.predictions:
        if not q.worksheet:
            # a prediction of the extensions (or asked aloud), kept off the sheet
            assert q.prompt[lang] not in text, f"{q.id} is marked off the worksheet"
    assert plan.title[lang] in text
    if plan.tally is not None:
        assert plan.tally[lang] in text
        # one column per pair and one for the whole class; rows for the rolls, the failed rolls
        # and their share, all empty to fill in (the exact chance is not printed beside them)
        table = worksheet(plan.id, lang).split('<table class="tally"')[1].split("</table>")[0]
        assert all(f"<th>{i}</th>" in table for i in range(1, 9)) and "<th>9</th>" not in table
        assert table.count("<tr>") == 4 and table.count("<td></td>") == 3 * 9
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
def test_the_sheet_has_two_parts_the_predictions_first(plan, lang):
    """Part one (handed out at the start): the header, the rule box of what pupils know before
    the lesson and the predictions. Part two, after a page break and headed for after the
    predictions: the rule box of what the lesson showed, the exercises, the dice table and the
    exit ticket."""
    html = worksheet(plan.id, lang)
    one, two = _text("<body " + part_one(html)), _text("<body " + part_two(html))
    assert html.count('<div class="part-one">') == 1 and html.count('<div class="part-two">') == 1
    assert ".part-two { break-before: page; page-break-before: always; }" in html
    assert plan.title[lang] in one and plan.title[lang] not in two
    for q in plan.predictions:
        if q.worksheet:
            assert q.prompt[lang] in one and q.prompt[lang] not in two, q.id
    for q in (*plan.exercises, *plan.exit_tickets):
        if q.worksheet and not q.extension:
            assert q.prompt[lang] in two and q.prompt[lang] not in one, q.id
    if plan.tally is not None:
        assert plan.tally[lang] in two and plan.tally[lang] not in one
    assert two.lstrip().startswith(
        {"en": "Part 2: after the predictions", "de": "Teil 2: nach den Vermutungsfragen"}[lang]
    )
    front, after = _boxes(html)
    if plan.sheet_rules is not None:
        assert plan.sheet_rules[lang].split()[0] in front and "\n" not in front.strip()
        assert " ".join(plan.sheet_rules[lang].split()) in one
    if plan.sheet_rules_found is not None:
        title = {"en": "What you found out", "de": "Das hast du herausgefunden"}[lang]
        assert after.strip().startswith(title)
        assert " ".join(plan.sheet_rules_found[lang].split()) in two
        assert " ".join(plan.sheet_rules_found[lang].split()) not in one


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
        "Teil 2: nach den Vermutungsfragen",
        "Das hast du herausgefunden",
        "Seite 2",
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
    plan = LESSONS["dragon-battle-odds"]
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
