"""The checks a lesson notebook must pass before a teacher can run it unchanged.

Pure Python: it reads the ``.ipynb`` JSON (the stored outputs of the last Run All) and the lesson
plans (:mod:`kaskaria.lessons.content`), and lists every violation with the index of its cell::

    python -m kaskaria.lessons.audit notebooks/02-dragon-battle-odds.ipynb
    python -m kaskaria.lessons.audit notebooks/de/02-dragon-battle-odds.ipynb --check spoilers
    python -m kaskaria.lessons.audit notebooks/04-heroes-cards.ipynb --check teacher
    python -m kaskaria.lessons.audit            # every lesson, both languages

From Python: :func:`audit` (one notebook), :func:`audit_lesson` (a lesson in both languages and
its twin), or one check at a time (:func:`spoilers`, :func:`answer_key`, :func:`examples`,
:func:`one_period`, :func:`timing`, :func:`ending`, :func:`your_turn`, :func:`questions_asked`,
:func:`twin`; :func:`on_screen`, :func:`further_down`, :func:`after_reveal`, :func:`reveal_closed`,
:func:`answer_link`, :func:`german`, :func:`worksheet`). Each returns a list of
:class:`Violation`; none means the lesson passes.

The package's parts: :mod:`.notebook` reads a notebook, :mod:`.numbers` finds numbers and the
forms of an answer, :mod:`.checks` holds the lesson checks below, :mod:`.screen` and
:mod:`.language` the teacher's reading; the walk is :mod:`kaskaria.lessons.walk`.

The lesson checks (``CHECKS``, ``--check lesson``)
--------------------------------------------------
``spoilers``
    No cell a pupil sees before committing shows a question's answer, in markdown, code source, or
    any stored output (``text/plain``, ``text/html`` with its tags dropped, printed text).

    *Where:* for a prediction, from the heading of the section that holds ``L.predict("id")`` up to
    its ``L.reveal("id")`` (the prediction's own cell left out: its choices name the answer among
    others); for an exercise (``L.exercise``) and an exit ticket (``L.exit_ticket``), every cell
    above it; for a "your turn" task, every cell above ``L.check_code("id", ...)`` and that cell's
    own output. The answer of an exercise inside an earlier reveal counts: a pupil who opened it
    has seen it.

    *What counts as the answer (its forms):* the plan's exact answer of a number, exit-ticket or
    code question; for a choice question its value when that is a number (``126``, ``1 in 9``),
    and the first result its explanation states as a fraction with a slash, a decimal or a
    percentage, with the decimal or percentage written right after it (``5/53 = 9.4%``, ``14/3,
    about 4.67``; operands of a product or sum such as ``2/6 times 2/6``, ratios in words and
    whole numbers are not taken); and each question's own ``giveaways`` (numbers, or phrases per
    language: what a table or a story would give away in words, such as "Stopping is better").

    *How a number on screen matches a form:* fractions (``1/27``, ``4/36``) and ratios (``1 in
    27``, ``1 roll in 9``, ``once in 1,296``, ``5 of 46``, ``4 of the 36``, ``1 von 27``, ``1 Wurf
    von 9``, ``4 der 36``) by their exact value; percentages (``3.7%``, ``3,7 %``, ``4%``) and
    decimals (``0.037``, ``0,04``) when they lie within half a unit of their last digit (plus the
    rounding of the form itself, for a form taken from an explanation) of the form: ``4%`` and
    ``0.04`` match 1/27, ``10%`` and ``0.4`` do not; a chance never matches a decimal with fewer
    than 2 decimals, a percentage matches only a chance, and 0 matches nothing but 0.
    Whole numbers match exactly, written with their thousands grouped in either language
    (``10,077,696``, ``10.077.696``), and as the count on top of a ratio (``32 of the 36``).
    Numbers are read in the notebook's language (so ``0,5`` is no number in English text, and
    ``12.5`` none in German) and code source as Python. Digits in words, file names (``02-...``),
    paths and ``ex1`` are not numbers.

    *Common whole numbers* (below 100, and the round 100, 1,000, ...: "6 faces", "40 minutes",
    "100 rolls") count only beside the question's unit: the word after "how many"/"how much"/
    "count the" ("wie viele"/"wie viel"/"zähle die") in its prompt must be among the next two
    words, before any other number (``3 points``, ``4 different placements``, ``15 Punkte``; not
    ``Player 3 (red)`` or ``1 · 1 · 0 | gold``). A question whose prompt names no unit counts them
    only as the result of a sum in prose (``5 - 4 + 2 = 3``). A cell may keep a match it needs (a
    fact the question builds on) with the metadata ``{"kaskaria": {"audit-allow": {"<question
    id>": "why"}}}``; an entry without a reason allows nothing, and the CLI prints the reasons.

    *What it cannot see:* an answer given in words only (a table that shows the die in the well,
    a story that shows who wins) unless the plan names the words as ``giveaways``.

``answer-key``
    A pupil notebook holds no answer key and no discussion answers: no ``L.answers()`` or
    ``L.discussion()`` call, no question's explanation outside its own reveal, and no discussion
    answer anywhere. They belong in the teacher edition (``L.teacher_edition_link()``).

``examples``
    The input examples of "How to use" ("So geht's", "So benutzt du es": the code spans of the
    markdown cell that says so) answer nothing: none of them is (or rounds to) an answer of any
    question of the lesson. :func:`message_examples` checks the answer box's own examples against
    every lesson.

``one-period``
    The core path ends where a heading "Extensions" ("Erweiterungen", anchor ``extensions``)
    begins; a notebook without one fails. On the core path a pupil reads at most 1,200 words, or
    800 when the lesson's age band starts at 8 or younger (the plan's ``age``). Counted
    (:func:`core_words`): the words of every markdown cell (tags, link targets and LaTeX commands
    dropped), and of what code cells print (``text/plain`` and printed text); a reveal counts as
    its answer and explanation (what the pupil reads after pressing it); pictures (outputs with an
    image and no HTML), game tables (outputs whose text is an object's ``<...>``) and code are not
    counted, and neither are the teacher notes (a heading "Teacher notes" / "Hinweise für
    Lehrkräfte", anchor ``teacher``, up to the next heading of its level). A word is a run of
    letters or digits, joined by an apostrophe, a point, a comma, a slash or a hyphen (``3.7``,
    ``1/27``, ``1,296`` and ``don't`` are one word each). And a class walks the core path in
    at most 40 minutes, the period's slack included (:func:`kaskaria.lessons.walk.walk`: reading
    aloud at the class's pace, each prediction, typed answer, code task, table, game and hands-on
    activity timed as docs/teacher-review.md says).

``timing``
    The timing tables agree: each ``L.timing()`` output is the table the plan gives now; a
    sentence of the notebook's markdown about the core path ("core", "Kern", "Hauptteil", "ohne
    Erweiterungen") that says it "takes N minutes" ("dauert N Minuten") says the plan's number;
    and the README's lesson table gives the notebook the plan's minutes and age band (the age band
    up to its first bracket).

``ending``
    The core path ends with a pupil summary under a heading "What we found" ("Was wir
    herausgefunden haben"), three to five sentences, followed only by the exit ticket: the plan
    has two or three ``exit_tickets`` (number or choice questions), each shown with
    ``L.exit_ticket("id")`` after the summary and before the extensions, and no other code cell.
    (That their answers are no number shown earlier is part of ``spoilers``.)

``your-turn``
    The probability lessons (:data:`COMPUTE_LESSONS`) have at least one "your turn" task. Each task
    of the plan is shown with ``L.your_turn("id")``, followed by the pupil's cell (one to three
    lines, holding ``variable = ...``) and the check ``L.check_code("id", variable)``, whose stored
    output asks the pupil to write the answer above (the pupil's cell still holds ``...``). The
    notebook's text names a task's variable in code quotes only by this language's name: the
    German text of a task whose cell sets ``punkte`` never quotes `` `points` ``.

``questions``
    Every prediction has its reveal below it; every question the notebook asks is in the plan;
    every question of the plan's core path (not ``extension``) is asked in the notebook.

``twin`` (:func:`twin`)
    A German twin has the same sections as its English original (the same heading levels and
    anchors, in the same order) and, in each section, as many list items (see :func:`sections`).

The teacher's reading (``TEACHER_CHECKS``, ``--check teacher``)
------------------------------------------------------------------
After Run All a class sees the whole notebook at once: every answer, or anything a pupil can read
it from, stays out of sight until the pupil commits (presses the reveal, types the answer, runs
the check). These checks encode docs/teacher-review.md.

*Where a question is open* (:func:`.screen.asked`). A *section break* is a heading of the level
that ends a part of the lesson (``##`` on the core path; among the extensions ``###``, each part
standing on its own) whose section, up to the next heading of any level, asks no exercise
(exercise, exit ticket, "your turn"). A prediction is open from its section's heading to the next
section break after its reveal. An exercise, exit ticket or "your turn" task is open from the top
of the notebook to the next section break that asks nothing at all, a vote included (pupils who
type an answer work on their own and scroll further than a class that votes together). The
question's own cells are left out: its prediction's choices, its reveal (the answer inside it is
drawn when the pupil commits), its answer box, the source of its check. Another question's reveal
counts with what it holds: a pupil may open it.

``on-screen`` (:func:`on_screen`)
    No open question's answer shows in a cell of its window, in markdown (rendered), code source
    (unless hidden) or any stored output. The forms (:func:`screen_forms`) are derived from the
    plan: those of ``spoilers`` (the exact answer from the engine in every form: fraction, "1 in
    N", "k of n" and "4 of the 36", percentage, decimal, German comma, so the count or the table
    row it is read from too) and, for a share between 0 and 1, its complement (a chart of failing
    chances answers "what is the chance it works?"); the plan's ``giveaways`` add only what cannot
    be derived. Below the question's own section (the next heading of its part's level) a small
    count that needs its unit ("4 points") is another situation's number and does not count. A
    prediction's answer also shows as a sentence with at least three of the words that say it
    (:func:`.screen.answer_words`: those of the right choice and the first sentence of its
    explanation that neither the question nor a wrong choice uses), and a "how many" answer as a
    game table with that many buttons about the same things (its buttons' words share one with
    the question) anywhere above the window's end. The heading right above a vote names no rule
    the vote should find (:func:`.screen.heading_tells`: a word of both its hint and its
    explanation that the question, its choices and the story under the heading do not use, as
    "Judge the choice, not the luck" above "Was stopping the better choice?"), and passes no
    verdict the vote should reach (:func:`.screen.heading_verdict`: a word of success or failure,
    "breaks", "fails", "versagt", that the question, its choices and the story under the heading
    do not use, as "Three players: where divide and choose breaks" above "Can somebody end up
    jealous?"; a heading that asks is let alone). A cell may keep a match with ``audit-allow``
    and a reason, as for ``spoilers``.

``further-down`` (:func:`further_down`)
    No question is answered again further down, in plain view: below its window (in a later
    section or an extension, to the notebook's end) no cell shows its answer in a form of
    ``on-screen`` (the number in any form or its complement; a small count only as a sum's
    result) or its ``giveaways``, and, for a choice question, no sentence of the lesson's prose
    (markdown or printed text; not another question's cell, not a game table) states it in
    words (:func:`.screen.said_in_words`) or, for a yes/no question, tells its situation with
    its outcome (:func:`.screen.told_with_outcome`: a statement with every number of the
    question and every word of what it asks, "Ten cards always hold a set: there are only nine
    colours." for "Mia holds 10 cards, and there are 9 colours. Must she hold a set?"). After
    Run All a pupil who scrolls reads it before answering. What a closed reveal holds (drawn
    when pressed), the teacher notes and a cell allowed with a reason do not count.

``after-reveal`` (:func:`after_reveal`)
    Nothing follows a prediction's reveal, up to the next section break without an exercise,
    but other questions' cells and bare headings: text, tables, charts and stories there are the
    evidence for its answer, on screen before the class votes (past a section break whose
    section asks an exercise pupils work on and scroll on, so the evidence there counts too).
    They belong inside the reveal (drawn when the pupil commits) or after the break.

``reveal-closed`` (:func:`reveal_closed`)
    A reveal's stored output is its closed state, what nbval compares and a class sees after Run
    All: its plain text is the button alone (``[Show the answer]``), its HTML shows the answer only
    inside a closed ``<details>``, and it has no picture or printed text.

``answer-link`` (:func:`answer_link`)
    A pupil's notebook carries no link or pointer to answers: no ``L.teacher_edition_link()``, no
    text or link naming the teacher edition ("Ausgabe für Lehrkräfte") or an answer key
    ("Lösungsbogen"), no link into ``teacher/``. The teacher finds them from the README and
    ``00-start-here``.

``german`` (:func:`german`)
    A German notebook's text (markdown without code, and what its outputs show) has no mechanical
    slip (:func:`.language.german_slips`): a menu path in English ("Run ▸ Run All Cells"), an
    action code of the engine ("place yellow with silver"), an English word, "Chance" where school
    maths says "Wahrscheinlichkeit", the made-up "Kernweg", "Teiler" (a divisor) for the one who
    splits. Grammar, tone and names ("Spielerin") still need a native reader.

``worksheet`` (:func:`worksheet`)
    The lesson's printed worksheet in the notebook's language stands alone: nothing on it sends
    the pupil to the notebook ("section 3 of the lesson", "Abschnitt 3", "extension B"), every
    extension question printed on it stands in its section for the extensions ("If you finish
    early"), and no core question there, and no part of the page shows an exercise's or exit
    ticket's answer in a form of ``on-screen`` (a prediction's answer may stand in part two, handed
    out after the predictions: ``worksheet-front`` reads part one).

``worksheet-front`` (:func:`worksheet_front`)
    Part one of the printed worksheet (the first page, handed out at the start: the header, the
    rule box ``worksheet rules``, the predictions) answers none of the lesson's predictions,
    printed or asked aloud, core or extension: not in a form of ``on-screen`` (the number or its
    complement, the giveaway words), not in a sentence that states a choice's answer or tells a
    yes/no question's situation with its outcome. A rule a prediction asks pupils to find goes
    into the rule box of part two (``worksheet rules found``), handed out at the lesson's
    ``worksheet page 2`` moment; part two answers no prediction asked after that moment, and
    neither it nor part three (the exit ticket) one of the extensions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..content import LESSONS, LessonPlan, lesson
from .checks import (
    COMPUTE_LESSONS,
    answer_key,
    ending,
    examples,
    message_examples,
    one_period,
    questions_asked,
    readme_row,
    sentences,
    spoilers,
    timing,
    twin,
    your_turn,
)
from .language import german, worksheet, worksheet_front
from .notebook import (
    REPO,
    Cell,
    Violation,
    calls,
    core_end,
    count_words,
    headings,
    html_text,
    lesson_of,
    load,
    markdown_text,
    sections,
)
from .numbers import SMALL, Form, Number, answer_forms, find_forms, numbers_in, unit_stems
from .screen import after_reveal, answer_link, further_down, on_screen, reveal_closed, screen_forms
from .words import WORDS, WORDS_YOUNG, WordCount, core_words, word_limit

__all__ = [
    "ALL_CHECKS",
    "CHECKS",
    "GROUPS",
    "TEACHER_CHECKS",
    "COMPUTE_LESSONS",
    "REPO",
    "SMALL",
    "WORDS",
    "WORDS_YOUNG",
    "Cell",
    "Form",
    "Number",
    "Violation",
    "WordCount",
    "after_reveal",
    "answer_forms",
    "answer_key",
    "answer_link",
    "audit",
    "audit_lesson",
    "calls",
    "core_end",
    "core_words",
    "count_words",
    "ending",
    "examples",
    "find_forms",
    "german",
    "headings",
    "html_text",
    "lesson_of",
    "load",
    "main",
    "markdown_text",
    "message_examples",
    "numbers_in",
    "on_screen",
    "further_down",
    "one_period",
    "questions_asked",
    "readme_row",
    "reveal_closed",
    "screen_forms",
    "sections",
    "sentences",
    "spoilers",
    "timing",
    "twin",
    "unit_stems",
    "word_limit",
    "worksheet",
    "worksheet_front",
    "your_turn",
]

#: the checks of a notebook against its plan, in the order the CLI reports them ("twin" compares
#: two notebooks)
CHECKS = (
    "spoilers",
    "answer-key",
    "examples",
    "one-period",
    "timing",
    "ending",
    "your-turn",
    "questions",
)
#: the checks of a teacher's reading (docs/teacher-review.md): what a class sees after Run All
#: before anyone answers, the German a native teacher would correct, the printed worksheet
TEACHER_CHECKS = (
    "on-screen",
    "further-down",
    "after-reveal",
    "reveal-closed",
    "answer-link",
    "german",
    "worksheet",
    "worksheet-front",
)
#: every check, and the names of the two groups on the command line
ALL_CHECKS = CHECKS + TEACHER_CHECKS
GROUPS = {"lesson": CHECKS, "teacher": TEACHER_CHECKS}


# ---------------------------------------------------------------------------------------------
# all together
# ---------------------------------------------------------------------------------------------
_RUN = {
    "on-screen": on_screen,
    "further-down": further_down,
    "after-reveal": after_reveal,
    "reveal-closed": reveal_closed,
    "answer-link": answer_link,
    "german": german,
    "worksheet": worksheet,
    "worksheet-front": worksheet_front,
    "spoilers": spoilers,
    "answer-key": answer_key,
    "examples": examples,
    "one-period": one_period,
    "timing": timing,
    "ending": ending,
    "your-turn": your_turn,
    "questions": questions_asked,
}


def audit(
    notebook: str | Path | dict[str, Any],
    checks: Iterable[str] = ALL_CHECKS,
    plan: LessonPlan | None = None,
    lang: str | None = None,
) -> list[Violation]:
    """Every violation of ``checks`` in one lesson notebook (a path or its JSON). The plan and
    language come from the notebook's ``lessons.Lesson(...)`` call unless given."""
    path = None if isinstance(notebook, dict) else notebook
    cells = load(notebook)
    if plan is None or lang is None:
        found_plan, found_lang = lesson_of(cells, path)
        plan, lang = plan or found_plan, lang or found_lang
    out = []
    for check in checks:
        if check not in _RUN:
            raise ValueError(f"unknown check {check!r:.30}; checks: {', '.join(ALL_CHECKS)}")
        out += _RUN[check](cells, plan, lang)
    return out


def audit_lesson(
    lesson_id: str, notebooks: Path = REPO / "notebooks", checks: Iterable[str] = ALL_CHECKS
) -> dict[str, list[Violation]]:
    """A lesson in both languages and its twin: ``{"en": [...], "de": [...], "twin": [...]}``."""
    plan = lesson(lesson_id)
    checks = tuple(checks)
    english, german = notebooks / plan.notebook, notebooks / "de" / plan.notebook
    return {
        "en": audit(english, checks, plan, "en"),
        "de": audit(german, checks, plan, "de"),
        "twin": twin(load(english), load(german)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """The CLI: ``python -m kaskaria.lessons.audit [notebook ...] [--check a,b]``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m kaskaria.lessons.audit",
        description="List what a lesson notebook must change before a teacher can run it unchanged.",
    )
    parser.add_argument(
        "notebooks", nargs="*", help="lesson notebooks (default: every lesson, both languages)"
    )
    parser.add_argument(
        "--check",
        default=",".join(ALL_CHECKS),
        help=f"checks to run (default: all but twin): {', '.join(ALL_CHECKS)}, twin; or a group: "
        "lesson (the first eight), teacher (the rest)",
    )
    parser.add_argument(
        "--summary", action="store_true", help="only the number of violations per check"
    )
    args = parser.parse_args(argv)
    checks: list[str] = []
    for c in (c.strip() for c in args.check.split(",")):
        if c in GROUPS:
            checks += GROUPS[c]
        elif c in _RUN or c == "twin":
            checks.append(c)
        elif c:
            parser.error(
                f"unknown check {c!r}; checks: {', '.join(ALL_CHECKS)}, twin; groups: lesson, teacher"
            )
    notebooks = REPO / "notebooks"
    paths = [Path(p) for p in args.notebooks] or [
        folder / plan.notebook
        for plan in sorted(LESSONS.values(), key=lambda p: p.notebook)
        for folder in (notebooks, notebooks / "de")
    ]
    total = 0
    for path in paths:
        shown = path
        try:
            shown = path.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            pass
        cells = load(path)
        plan, lang = lesson_of(cells, path)
        found = audit(path, [c for c in checks if c != "twin"], plan, lang)
        if "twin" in checks and path.parent.name == "de":
            original = path.parent.parent / path.name
            if original.is_file():
                found += twin(load(original), cells)
        total += len(found)
        counts: dict[str, int] = {}
        for v in found:
            counts[v.check] = counts.get(v.check, 0) + 1
        tally = ", ".join(f"{k} {n}" for k, n in counts.items()) or "none"
        print(f"{shown}: {len(found)} violation(s) ({tally})")
        if not args.summary:
            for v in found:
                print(f"  {v}")
            for cell in cells:
                for qid, why in cell.allowed().items():
                    print(f"  cell {cell.index}: allowed for {qid}: {why}")
    if "examples" in checks and not args.notebooks:
        extra = message_examples()
        total += len(extra)
        for v in extra:
            print(f"messages: {v}")
    return 1 if total else 0
