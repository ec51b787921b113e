"""A teacher's walk through a lesson's core path, timed the way a class does it (the procedure is
docs/teacher-review.md): every section read aloud at the class's pace, each prediction with its
short discussion, each typed answer, each code task, each table looked at, each game played by
turns, the hands-on activity, the worksheet's pages handed out, the board work the teacher notes
ask for, a grid marked on the sheet, the rules said aloud under "What we found", and the period's
slack. It reads the notebook as stored after Run All, and the lesson's own timing table from the
lesson plans (``kaskaria.lessons.content``), so the two can be compared::

    python -m kaskaria.lessons.walk notebooks/02-dragon-battle-odds.ipynb
    python -m kaskaria.lessons.walk notebooks/de/03-heroes-rules.ipynb --age 8 --turns 2
    python -m kaskaria.lessons.walk            # every lesson, both languages: the totals

Pure Python, no Jupyter. :func:`walk` returns a :class:`Walk` (sections, minutes, the plan's
table); the lesson audit's ``walked-time`` check fails a lesson whose walk exceeds
:data:`PERIOD` minutes.

The figures are a model, not a stopwatch; each is a constant below, taken from the teacher's
procedure (the middle of each range it gives) or, where it gives none, stated as an assumption.
The walk does not know what an exercise asks: every typed answer is :data:`ANSWER` minutes, one
count as much as two fractions multiplied on a calculator and the complement taken, each piece of
board work :data:`BOARD` minute, a worked example explained on the board too, and an answer shared
after an exercise is counted only as that board work. Where a lesson has such work its walk is
short of a teacher's clock (lesson 04's section 3, the worked example, exercise 2 and an answer
shared: 9 minutes by the clock, under 5 here), and the lesson's timing table, made with the
clock, is the figure to plan with.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..content import LESSONS, LessonPlan
from .notebook import REPO, Cell, _teacher_cells, calls, core_end, headings, lesson_of, load
from .words import _cell_words, core_words

#: the class of each piece a reveal draws when pressed (kaskaria.lessons.widgets.THEN_ITEM; the
#: walk reads stored notebooks and needs no widgets)
THEN_ITEM = "kl-then-item"

__all__ = [
    "ACTIVITY",
    "ANSWER",
    "BOARD",
    "CODE",
    "GROUP",
    "GROUP_MOVE",
    "HANDOUT",
    "LOOK",
    "PAGE_ONE",
    "PERIOD",
    "PREDICTION",
    "RULES_ALOUD",
    "SHEET_GRID",
    "SLACK",
    "SLIP",
    "TABLE",
    "TURN",
    "TURNS",
    "Section",
    "Walk",
    "main",
    "inputs_report",
    "marking",
    "reading_speed",
    "typed_inputs",
    "walk",
]

#: one lesson period, in minutes: a core path walked longer than this does not fit
PERIOD = 40
#: words a minute, read aloud to (or by) a class: ages 8-10 and 11-14 (the youngest of a lesson's
#: age band decides: the class at the bottom of the band must fit the period too)
SLOW_READING, READING = 100, 130
#: a prediction: the class votes, then a short discussion (2-3 minutes)
PREDICTION = 2.5
#: a typed answer: an exercise or one exit-ticket question (1-2 minutes)
ANSWER = 1.5
#: a "your turn" code task: reading it, typing, running, the check (5-6 minutes)
CODE = 5.5
#: a table set at a position: the teacher says what it shows, a pupil presses a button (assumed)
TABLE = 2.0
#: a chart, a picture or a slider, and each table or chart a reveal draws when pressed: looked at
#: together (assumed)
LOOK = 1.0
#: a game against bots: the turns the class plays on the core path (the lessons say "two or three
#: turns of their own"; a game whose section says how many, "Play one turn", plays that many), and
#: the minutes of one of its own turns; each bot's turn after it is played with "Play whole turn"
#: and watched for half a minute (assumed)
TURNS, TURN, BOT_TURN = 3, 1.0, 0.5
#: a scene played at one screen in groups: each player's decision with the device passed round
#: and the talk (about 2 minutes for each of three players and one to settle the split: two
#: teachers walking the deals lesson timed the whole section at 10), and the class going to the
#: group devices with its roles and back to the projector (2.5)
GROUP, GROUP_MOVE = 7.0, 2.5
#: the worksheet's pages handed out, when the lesson's materials list a worksheet: page 1 at the
#: start, while the class logs in (half a minute beside the slack), page 2 at its moment
#: (``worksheet page 2``: the lesson stops for a minute), page 3, the exit slip, while the class
#: reads the exit ticket (half a minute)
PAGE_ONE, HANDOUT, SLIP = 0.5, 1.0, 0.5
#: board work: a teacher note of a core cell says the teacher writes "on the board" (a tally, a
#: sum, the point values, a rule)
BOARD = 1.0
#: a grid on the worksheet that pupils mark in pairs at a question (a question's ``sheet grid``)
SHEET_GRID = 1.5
#: "What we found": the rules said aloud from the screen or the sheet, one pupil each
RULES_ALOUD = 2.0
#: the class's own dice (a tally): materials handed out and pairs formed (2), rolling and counting
#: (4), the class's total typed in one row (1); the pairs' counts called out onto the board are
#: board work, counted where the teacher note says so (typing every pair's row took a teacher 4)
ACTIVITY = 7.0
#: every period's slack: logging in, Run All, questions
SLACK = 5.0


def reading_speed(plan: LessonPlan, age: int | None = None) -> int:
    """Words a minute for a class of ``age`` (default: the youngest of the lesson's band)."""
    youngest = age if age is not None else plan.min_age()
    return SLOW_READING if youngest is None or youngest <= 10 else READING


@dataclass
class Section:
    """One heading of the core path and what a class does under it."""

    cell: int
    level: int
    title: str
    words: int = 0
    predictions: int = 0
    answers: int = 0
    code: int = 0
    games: list[str] = field(default_factory=list)
    tables: int = 0
    looks: int = 0
    group: int = 0
    activities: int = 0
    #: the section's Markdown so far (where a game says how many turns the class plays)
    text: str = field(default="", repr=False)
    #: the worksheet pages handed out here ("page 1", "page 2", "page 3 (exit slip)")
    handouts: list[str] = field(default_factory=list)
    boards: int = 0
    grids: int = 0
    rules: int = 0
    minutes: float = 0.0

    def activity_minutes(self) -> float:
        return (
            self.predictions * PREDICTION
            + self.answers * ANSWER
            + self.code * CODE
            + self.tables * TABLE
            + self.looks * LOOK
            + self.group * (GROUP + GROUP_MOVE)
            + self.activities * ACTIVITY
            + sum(PAGES.get(p, HANDOUT) for p in self.handouts)
            + self.boards * BOARD
            + self.grids * SHEET_GRID
            + self.rules * RULES_ALOUD
        )


@dataclass
class Walk:
    """A lesson's core path, walked: per section and in all."""

    path: str
    plan: LessonPlan
    lang: str
    speed: int
    #: the turns of its own the class plays in a game (None: as many as the game's section says,
    #: else :data:`TURNS`)
    turns: int | None
    sections: list[Section]
    #: the cell whose heading "Extensions" ends the core path (None: the notebook has none)
    end: int | None

    @property
    def core(self) -> float:
        return sum(s.minutes for s in self.sections)

    @property
    def minutes(self) -> int:
        """The walked minutes of the core path, the period's slack included, rounded."""
        return round(self.core + SLACK)

    @property
    def planned(self) -> int:
        return self.plan.core_minutes()

    def longest(self, n: int = 3) -> list[Section]:
        return sorted(self.sections, key=lambda s: -s.minutes)[:n]


_TABLE = re.compile(r"<(\w+Table) seats=\(([^)]*)\)")


_NUMBERS = {"one": 1, "two": 2, "three": 3, "einen": 1, "zwei": 2, "drei": 3}
_TURNS = re.compile(
    r"\b(?:play|spiel[et]?)\s+(one|two|three|einen|zwei|drei)\s+(?:turns?|Zug|Züge)\b", re.I
)


def said_turns(text: str) -> int | None:
    """The turns a game's section tells the class to play ("Play one turn", "Spiel einen
    Zug"), or None when it does not say."""
    found = _TURNS.search(text)
    return _NUMBERS[found[1].lower()] if found else None


def _game_minutes(seats: Sequence[str], turns: int) -> float:
    bots = sum(1 for s in seats if s.strip() != "human")
    return turns * (TURN + bots * BOT_TURN)


#: the exit slip's name in the walk's sections
SLIP_PAGE = "page 3 (exit slip)"
#: the minutes of each page handed out (page 2: :data:`HANDOUT`)
PAGES = {"page 1": PAGE_ONE, "page 2": HANDOUT, SLIP_PAGE: SLIP}
_BOARD = re.compile(r"\bon the board\b", re.I)
#: the heading of the summary whose rules the class says aloud
_FOUND = re.compile(r"^(?:What we found|Was wir herausgefunden haben)\b", re.I)


def _on_paper(cell: Cell, section: Section, plan: LessonPlan) -> None:
    """What the teacher and the class do away from the screen at a cell (any kind): board work
    the cell's teacher note asks for, a worksheet grid marked at a question."""
    note = plan.say.get(cell.id) if cell.id else None
    if note is not None and _BOARD.search(note["en"]):
        section.boards += 1
    if cell.kind == "code":
        for _, m, qid in calls([cell]):
            known = {q.id: q for q in plan.questions()}
            if m in ("predict", "exercise") and qid in known:
                if getattr(known[qid], "sheet_grid", None) is not None:
                    section.grids += 1


def _handouts(cells: Sequence[Cell], stop: int, plan: LessonPlan) -> list[tuple[int, str]]:
    """Where the worksheet's pages go out on the core path: ``(cell, page)``. Page 1 at the
    start, page 2 after the vote the plan names (``worksheet page 2``: the prediction's reveal;
    without it, the last prediction of the core path), page 3 (the exit slip) at the first exit
    ticket. A lesson whose materials list no worksheet hands out nothing."""
    if not any("docs/worksheets/" in item["en"] for item in plan.materials):
        return []
    core = [(i, m, qid) for i, m, qid in calls(cells) if i < stop]
    out = [(0, "page 1")]
    votes = [qid for _, m, qid in core if m == "predict"]
    after = plan.sheet_after or (votes[-1] if votes else None)
    for method in ("reveal", "predict"):
        at = [i for i, m, qid in core if m == method and qid == after]
        if at:
            out.append((at[0], "page 2"))
            break
    slip = [i for i, m, _ in core if m == "exit_ticket"]
    if slip:
        out.append((slip[0], SLIP_PAGE))
    return out


def _activities(cell: Cell, section: Section, turns: int | None) -> None:
    """What a class does at a code cell besides reading it."""
    methods = {m for _, m, _ in calls([cell])}
    if "reveal" in methods:
        # what a reveal draws when pressed (a table, a chart): looked at with the answer
        section.looks += max((h.count(f'class="{THEN_ITEM}"') for h in cell.html), default=0)
    section.predictions += "predict" in methods
    section.answers += sum(1 for _, m, _ in calls([cell]) if m in ("exercise", "exit_ticket"))
    section.code += "your_turn" in methods
    if "predict" in methods or methods & {"reveal", "exercise", "exit_ticket", "check_code"}:
        return
    if "your_turn" in methods:
        return
    if re.search(r"\btally\(", cell.source):
        section.activities += 1
        return
    if "one_screen_table(" in cell.source:
        section.group += 1
        return
    plain = " ".join(t for k, t in cell.outputs if k == "text/plain")
    table = _TABLE.search(plain)
    if table:
        seats = table[2].split(",")
        if any(s.strip() == "human" for s in seats) and any(s.strip() != "human" for s in seats):
            if turns is None:
                turns = said_turns(section.text) or TURNS
            section.games.append(
                f"{table[1]} ({', '.join(s.strip() for s in seats)}), "
                f"{turns} turn{'s' if turns != 1 else ''} of the class's own"
            )
            section.minutes += _game_minutes(seats, turns)
        elif "run_bots(" not in cell.source:
            section.tables += 1
        return
    kinds = {k for k, _ in cell.outputs}
    if "image" in kinds or "slider" in cell.source:
        section.looks += 1


def walk(
    notebook: str | Path | dict[str, Any] | Sequence[Cell],
    age: int | None = None,
    turns: int | None = None,
    plan: LessonPlan | None = None,
    lang: str | None = None,
) -> Walk:
    """The core path of a lesson notebook (a path, its JSON, or its cells as the audit reads
    them), walked section by section (see the module's docstring); ``age`` is the class's
    (default: the youngest of the lesson's band), ``turns`` the turns of its own the class plays
    in a game against bots (default: as many as the game's section says, else :data:`TURNS`)."""
    path = notebook if isinstance(notebook, (str, Path)) else None
    cells = load(notebook) if isinstance(notebook, (str, Path, dict)) else list(notebook)
    if plan is None or lang is None:
        found_plan, found_lang = lesson_of(cells, path)
        plan, lang = plan or found_plan, lang or found_lang
    speed = reading_speed(plan, age)
    end = core_end(cells)
    stop = end if end is not None else len(cells)
    teacher = _teacher_cells(cells)
    marks = [(i, lv, t) for i, lv, t, _ in headings(cells) if i < stop and i not in teacher]
    sections = [Section(0, 0, "(before the first heading)")]
    sections += [Section(i, lv, t) for i, lv, t in marks]

    def section_of(index: int) -> Section:
        return next(s for s in reversed(sections) if s.cell <= index)

    for cell in cells[:stop]:
        if cell.index in teacher:
            continue
        section = section_of(cell.index)
        section.words += _cell_words(cell, plan, lang)
        if cell.kind == "markdown":
            section.text += cell.source + "\n"
        _on_paper(cell, section, plan)
        if cell.kind == "code":
            _activities(cell, section, turns)
    for index, page in _handouts(cells, stop, plan):
        # page 1 goes out with the lesson's first heading (its title)
        first = sections[1].cell if page == "page 1" and len(sections) > 1 else index
        section_of(first).handouts.append(page)
    for s in sections:
        if _FOUND.match(s.title.strip()):
            s.rules += 1
    if end is not None and end not in teacher:
        # the words before the heading "Extensions" in its own cell
        sections[-1].words += dict(core_words(cells, plan, lang).per_cell).get(end, 0)
    for s in sections:
        s.minutes += s.words / speed + s.activity_minutes()
    sections = [s for s in sections if s.minutes or s.level]
    return Walk(str(path or "the notebook"), plan, lang, speed, turns, sections, end)


def _row(s: Section) -> str:
    does = []
    for n, what in (
        (s.predictions, "prediction"),
        (s.answers, "typed answer"),
        (s.code, "code task"),
        (s.tables, "table at a position"),
        (s.looks, "chart"),
        (s.group, "group scene (with the move to the devices and back)"),
        (s.activities, "hands-on activity"),
        (s.boards, "board work"),
        (s.grids, "grid marked on the sheet"),
    ):
        if n:
            does.append(f"{n} {what}{'s' if n > 1 else ''}")
    if s.rules:
        does.append("the rules said aloud")
    does += [f"game: {g}" for g in s.games]
    does += [f"{page} handed out" for page in s.handouts]
    title = ("  " * max(0, s.level - 1) + s.title)[:46]
    return f"  {title:<46} {s.words:>5} {s.minutes:>6.1f}  {'; '.join(does)}"


def report(w: Walk) -> str:
    """The walk as a teacher reads it: per section, the sum, and the lesson's own table."""
    plan = w.plan
    lines = [
        f"{w.path}: {plan.title[w.lang]} ({plan.age[w.lang]}; read aloud at {w.speed} words a "
        f"minute; a game: "
        + (
            f"{w.turns} turns of the class's own)"
            if w.turns is not None
            else f"the turns its section says, else {TURNS})"
        ),
        f"  {'section':<46} {'words':>5} {'min':>6}  what the class does",
    ]
    lines += [_row(s) for s in w.sections]
    words = sum(s.words for s in w.sections)
    reading = words / w.speed
    lines.append(
        f"  {'core path to the heading Extensions':<46} {words:>5} {w.core:>6.1f}  "
        f"(reading {reading:.1f} min)"
        if w.end is not None
        else f"  {'whole notebook (no heading Extensions)':<46} {words:>5} {w.core:>6.1f}"
    )
    lines.append(f"  {'slack: logging in, Run All, questions':<46} {'':>5} {SLACK:>6.1f}")
    verdict = "fits" if w.minutes <= PERIOD else f"{w.minutes - PERIOD} over"
    lines.append(f"  walked: {w.minutes} minutes ({verdict} a {PERIOD}-minute period)")
    lines.append(f"  the lesson's timing table: {w.planned} minutes for the core path")
    for part in plan.parts:
        if part.core:
            lines.append(f"    {part.minutes:>3}  {part.title[w.lang]}")
    gap = w.minutes - w.planned
    if gap:
        lines.append(
            f"  the walk takes {abs(gap)} minute{'s' if abs(gap) > 1 else ''} "
            f"{'more' if gap > 0 else 'less'} than the table says"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# the inputs to type
# ---------------------------------------------------------------------------------------------
#: number words a pupil may type (the answer boxes' reading of them is what the teacher checks)
_WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve".split(),
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split(),
}
_PARTS = {
    "en": {Fraction(1, 2): "a half", Fraction(1, 4): "a quarter", Fraction(3, 4): "three quarters"},
    "de": {
        Fraction(1, 2): "die Hälfte",
        Fraction(1, 4): "ein Viertel",
        Fraction(3, 4): "drei Viertel",
    },
}
_UNIT_WORD = re.compile(
    r"\b(?:how\s+(?:many|much)|wie\s+viele?n?)\s+(?:\w+\s+)??([^\W\d_]{3,})", re.I
)


def _local(number: str, lang: str) -> str:
    return number.replace(".", ",") if lang == "de" else number


def typed_inputs(q: Any, lang: str) -> list[str]:
    """At least 15 inputs a teacher types into ``q``'s answer box (docs/teacher-review.md): the
    exact answer and its unreduced fraction; rounded to 0, 1 and 2 decimals as a decimal and a
    percentage (with and without the sign, with a German comma); "1 in N" and "k of n"; the
    complement by mistake; the nearest simple fraction (an estimate, or a wrong fraction where
    pupils compute the chance exactly); a unit; a number word; a sum; a near and a far miss;
    nonsense; empty.
    For a choice: every choice's words, the right one in capitals and misspelt, a number, nonsense,
    empty."""
    nonsense = "I don't know" if lang == "en" else "weiß nicht"
    if q.kind == "choice":
        right = str(q.exact())
        labels = [c.label[lang] for c in q.choices]
        label = next((c.label[lang] for c in q.choices if c.value == right), right)
        wrong = next((x for x in labels if x != label), "?")
        other = "en" if lang == "de" else "de"
        out = [*labels, right, label.upper(), f'"{label}"', f"  {label}  ", label[:-1]]
        out += [label + "!", label[:1], wrong.upper(), wrong[:-1]]
        out += [c.label[other] for c in q.choices]
        out += ["both" if lang == "en" else "beide", "2", "?", nonsense, ""]
        return list(dict.fromkeys(out))
    x = Fraction(q.exact())
    n, d = x.numerator, x.denominator
    unit = _UNIT_WORD.search(q.prompt[lang])
    out = [str(n) if d == 1 else f"{n}/{d}"]
    if d == 1:
        out += [f"{n}.0", f"{n},0", f"{n}/1", f"{2 * n}/2", f" {n} "]
        out += [f"{n} {unit[1]}" if unit else f"{n} points", f"{n - 1}+1", f"{n} + 0"]
        if 0 <= n < len(_WORDS[lang]):
            out.append(_WORDS[lang][n])
        out += [str(n + 1), str(max(0, n - 1)), str(10 * n or 10), f"{100 * n}%", f"1/{n or 1}"]
    else:
        out.append(f"{2 * n}/{2 * d}")
        if 0 < x < 1:
            out += [
                f"1 in {d}" if n == 1 else f"{n} in {d}",
                f"{n} of {d}" if lang == "en" else f"{n} von {d}",
            ]
        for places in (1, 2, 3) if 0 < x < 1 else (0, 1, 2):
            out.append(_local(f"{float(x):.{places}f}", lang))
        if 0 < x < 1:
            for places in (0, 1, 2):
                out.append(_local(f"{float(x) * 100:.{places}f}%", lang))
            out += [_local(f"{float(x) * 100:.1f}", lang), _local(f"{float(x) * 100:.1f} %", lang)]
            out += ["0" + _local(f"{float(x):.3f}", "de" if lang == "en" else "en")[1:]]
            c = 1 - x
            out += [f"{c.numerator}/{c.denominator}", f"1 - {c.numerator}/{c.denominator}"]
            # the nearest simple fraction: an estimate, or a wrong fraction where the lesson has
            # pupils compute the chance exactly (its ``marking``)
            from ..answers import simple_estimates

            out += [f"{v.numerator}/{v.denominator}" for v in simple_estimates(x)[:1]]
            out += [_local(f"{float(x) * 100 + 1:.1f}%", lang), "50%"]
        else:
            whole, part = int(x), x - int(x)
            shown = _local(f"{float(x):.1f}", lang)
            out += [f"{shown} {unit[1]}" if unit else f"{shown} points", f"{whole} {part}"]
            out += [f"{whole} + {part}", _local(f"{float(x):.1f}", "de" if lang == "en" else "en")]
            out += [_local(f"{float(x) + 0.1:.1f}", lang), str(whole + 1), str(10 * whole)]
            out += [f"{round(float(x) * 100)}%", f"{d}/{n}"]
        if x in _PARTS[lang]:
            out.append(_PARTS[lang][x])
    out += [nonsense, ""]
    return list(dict.fromkeys(out))


def marking(q: Any, lang: str) -> list[tuple[str, str, str]]:
    """What the answer box answers to each of :func:`typed_inputs`: ``(typed, kind, words)``."""
    from ..answers import check_choice, check_number, question_terms

    hint = q.hint[lang]
    out = []
    for typed in typed_inputs(q, lang):
        if q.kind == "choice":
            labels = [c.label[lang] for c in q.choices]
            verdict = check_choice(typed, str(q.exact()), q.accepted(), hint, lang, labels)
        else:
            terms = question_terms(*q.prompt.values())
            exact = Fraction(q.exact())
            verdict = check_number(typed, exact, hint, lang, estimate=q.estimate(), **terms)
        out.append((typed, verdict.kind, verdict.message))
    return out


def inputs_report(w: Walk) -> str:
    """Every answer box of the notebook's core path (exercises and exit tickets), with what it
    answers to each input a teacher types; "your turn" tasks are listed with the code mistakes to
    type in the notebook itself."""
    from .notebook import calls as _calls

    cells = load(w.path) if Path(w.path).is_file() else []
    asked = [
        (i, m, qid) for i, m, qid in _calls(cells) if m in ("exercise", "exit_ticket", "your_turn")
    ]
    lines = [f"{w.path}: the inputs to type (at least 15 per answer box)"]
    for i, method, qid in asked:
        if w.end is not None and i >= w.end:
            continue
        q = w.plan.question(qid)
        if method == "your_turn":
            lines.append(
                f"  {qid} (your turn, cell {i}): type in the notebook: the answer written "
                "three ways; a German decimal comma; *100; sum(...) for len(...); a "
                "misspelt name; a syntax error (each needs kind words in the pupil's language)"
            )
            continue
        lines.append(f"  {qid} ({method.replace('_', ' ')}, cell {i}): {q.answer_label(w.lang)}")
        for typed, kind, words in marking(q, w.lang):
            lines.append(f"    {typed!r:<26} {kind:<10} {' '.join(words.split())[:90]}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """The CLI: ``python -m kaskaria.lessons.walk [notebook ...] [--age N] [--turns N]``; exits
    1 when a walked core path does not fit the period."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m kaskaria.lessons.walk",
        description="Walk a lesson's core path as a class would and time it, section by section.",
    )
    parser.add_argument(
        "notebooks", nargs="*", help="lesson notebooks (default: every lesson, both languages)"
    )
    parser.add_argument("--age", type=int, help="the class's age (default: the band's youngest)")
    parser.add_argument(
        "--turns",
        type=int,
        help=f"turns of its own a class plays (default: as the game's section says, else {TURNS})",
    )
    parser.add_argument("--summary", action="store_true", help="only the walked minutes")
    parser.add_argument(
        "--inputs",
        action="store_true",
        help="also every answer box's marking of the inputs a teacher types (15 or more each)",
    )
    args = parser.parse_args(argv)
    if args.age is not None and not 5 <= args.age <= 18:
        parser.error(f"--age must be a pupil's age from 5 to 18, not {args.age}")
    if args.turns is not None and not 0 <= args.turns <= 50:
        parser.error(f"--turns must be from 0 to 50, not {args.turns}")
    notebooks = REPO / "notebooks"
    paths = [Path(p) for p in args.notebooks] or [
        folder / plan.notebook
        for plan in sorted(LESSONS.values(), key=lambda p: p.notebook)
        for folder in (notebooks, notebooks / "de")
    ]
    over = 0
    for path in paths:
        shown = path
        try:
            shown = path.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            pass
        w = walk(path, args.age, args.turns)
        w.path = str(shown)
        over += w.minutes > PERIOD
        if args.summary:
            print(f"{shown}: walked {w.minutes} min, the table says {w.planned}")
        else:
            print(report(w))
            print()
        if args.inputs:
            w.path = str(path)
            print(inputs_report(w).replace(str(path), str(shown), 1))
            print()
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
