"""Printable worksheets and teacher answer keys, made from the lessons' content.

Pure Python (no Jupyter): every question, answer, timing row and discussion question comes from
:mod:`kaskaria.lessons.content`, the very source the notebooks' widgets use, so a printed sheet
cannot disagree with its notebook. Each page is a self-contained HTML file with print styles for
A4 (no external fonts, pictures or scripts): open it in a browser and print.

>>> from kaskaria.lessons.worksheets import worksheet, answer_key, files
>>> html = worksheet("dragon-battle-odds", "de")      # doctest: +SKIP
>>> sorted(files())[:2]                               # doctest: +SKIP
['dragon-battle-odds.answers.de.html', 'dragon-battle-odds.answers.en.html']
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape

from ..i18n import LANGUAGES, check_lang
from ..i18n import text as _t
from . import messages  # noqa: F401  (registers the lessons' words)
from .content import LESSONS, TALLY_PAIRS, Grid, LessonPlan, Question, Words, lesson, without_note
from .links import binder_link

__all__ = [
    "PAGE",
    "answer_key",
    "extensions",
    "files",
    "moment",
    "part_one",
    "part_three",
    "part_two",
    "worksheet",
]

#: The printed page: A4 with these margins (mm). The browser test measures against them.
PAGE = {"width": 210, "height": 297, "top": 10, "bottom": 10, "left": 14, "right": 14}
# The class's dice table on the odds worksheet has a column for each of TALLY_PAIRS pairs, as
# many as the rows the notebook's class table starts with.

_STYLE = """
@page { size: A4; margin: %(top)dmm %(right)dmm %(bottom)dmm %(left)dmm; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif;
       font-size: 10pt; line-height: 1.3; color: #111; background: #fff; }
body { margin: 0 auto; width: %(content)dmm; max-width: 100%%; }
@media screen { body { padding: 10mm 0; } }
/* the teacher's key is read, not written on: denser, so a lesson with nine extensions keeps its
   key within three pages */
body.answer-key { font-size: 8.5pt; line-height: 1.18; }
h1 { font-size: 16pt; margin: 0 0 1mm; }
h2 { font-size: 11.5pt; margin: 3.5mm 0 1.5mm; padding-bottom: 0.5mm; border-bottom: 0.3mm solid #888; }
h2 .sub { font-size: 9pt; font-weight: normal; margin-left: 2mm; }
p { margin: 0 0 1mm; }
.sub { color: #444; }
.fields { display: flex; gap: 6mm; margin: 2mm 0 1mm; }
.fields span { flex: 1; border-bottom: 0.3mm solid #444; padding-top: 3mm; }
.fields span.wide { flex: 2; }
ol { margin: 0; padding-left: 6mm; }
/* a question that prints its own number ("Exercise 5") shows no second one */
li:has(> p > b.number) { list-style: none; }
li { margin: 0 0 1.6mm; break-inside: avoid; }
.choices { margin: 0.8mm 0 0; }
.choice { display: inline-block; margin-right: 5mm; white-space: nowrap; }
.box { display: inline-block; width: 3.4mm; height: 3.4mm; border: 0.3mm solid #222;
       vertical-align: -0.6mm; margin-right: 1.2mm; }
.write { display: inline-block; width: 70mm; border-bottom: 0.3mm solid #444; }
.room { height: 6mm; border: 0.2mm dashed #aaa; border-radius: 1mm; margin: 0.8mm 0; }
.work { border: 0.3mm solid #888; border-radius: 1mm; margin: 0.8mm 0; }
.lines { margin: 0.8mm 0; }
.lines div { height: 7mm; border-bottom: 0.2mm solid #999; }
.note { margin: 0.6mm 0 0.8mm; padding: 0.8mm 2mm; border-left: 0.8mm solid #999;
        white-space: pre-line; font-size: 9.5pt; }
pre.solution { margin: 0.6mm 0; padding: 0.8mm 2mm; background: #f3f3f3; font-size: 9pt;
               white-space: pre-wrap; }
table { border-collapse: collapse; }
.tallies { display: flex; gap: 6mm; margin: 1mm 0; }
.tally { flex: 1; }
.tally th, .tally td { border: 0.3mm solid #444; padding: 0.5mm 1.5mm; text-align: left; }
.tally th { font-size: 9pt; }
.tally td { height: 5.8mm; }
.tally td:first-child { width: 8mm; }
.total .write { width: 22mm; }
.answer { margin-top: 0.6mm; }
.answer b { color: #174e2f; }
.timing td, .timing th { border-bottom: 0.2mm solid #bbb; padding: 0.6mm 2mm; text-align: left; }
.timing td.m { text-align: right; }
.timing tr.total td { font-weight: bold; border-bottom: none; }
.ext { color: #555; font-style: italic; }
.rules { margin: 2mm 0 1mm; padding: 1.2mm 2.5mm; border: 0.4mm solid #555; border-radius: 1.5mm;
         white-space: pre-line; font-size: 9.5pt; }
.rules b { display: block; margin-bottom: 0.5mm; }
.part-two, .part-three, .part-four { break-before: page; page-break-before: always; }
.part-two > h2.part { font-size: 13pt; border-bottom: 0.5mm solid #444; margin-top: 0; }
@media screen { .part-two, .part-three, .part-four { margin-top: 10mm; padding-top: 6mm;
                border-top: 0.6mm dashed #888; } }
.tally th, .tally td { padding: 0.5mm 0.8mm; }
.compare { margin: 1.5mm 0 0; }
.compare .write { width: 25mm; }
/* the questions for early finishers: two columns, so they fit under the core exercises */
.extensions .columns { columns: 2; column-gap: 5mm; font-size: 9pt; line-height: 1.22; }
.extensions .note { font-size: 9pt; margin: 0.4mm 0; }
.extensions li { margin-bottom: 1.2mm; }
.extensions h2 { margin-top: 2.5mm; }
.extensions .columns table { break-inside: avoid; }
.extensions .write { width: 60mm; }
footer { margin-top: 3mm; color: #555; font-size: 8.5pt; }
/* the teacher's key: a long answer may go on over a page break (no half-empty pages), never a
   heading left alone at a page's foot */
.answer-key li { break-inside: auto; orphans: 3; widows: 3; }
/* what a reveal adds to an answer (a rule line by line): a tight list under it */
.answer-key ul.answer { margin: 0.4mm 0 0; padding-left: 4mm; }
.answer-key ul.answer li { margin: 0 0 0.4mm; }
.answer-key h2 { break-after: avoid; page-break-after: avoid; }
/* the lesson's link, at the top of the key */
.binder { margin: 1mm 0; font-size: 8pt; overflow-wrap: anywhere; }
"""


def _style() -> str:
    content = PAGE["width"] - PAGE["left"] - PAGE["right"]
    return _STYLE % {**PAGE, "content": content}


def _w(key: str, lang: str, **params: object) -> str:
    return _t("lessons", key, lang, **params)


def _page(title: str, lang: str, kind: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_style()}</style>\n</head>\n"
        f'<body class="{kind}">\n{body}\n</body>\n</html>\n'
    )


def _choices(q: Question, lang: str) -> str:
    return (
        '<p class="choices">'
        + "".join(
            f'<span class="choice"><span class="box"></span>{escape(c.label[lang])}</span>'
            for c in q.choices
        )
        + "</p>"
    )


def _working(q: Question) -> str:
    """The room to work on the sheet: the plan's ruled lines or box (``0 lines``: none, the
    answer line is enough), else one small box (a number question) or none (a choice)."""
    if q.working is not None and not q.working.lines and not q.working.box_mm:
        return ""
    if q.working is not None and q.working.lines:
        return '<div class="lines">' + "<div></div>" * q.working.lines + "</div>"
    if q.working is not None and q.working.box_mm:
        return f'<div class="work" style="height:{q.working.box_mm}mm"></div>'
    return '<div class="room"></div>' if q.kind != "choice" else ""


def _grid(
    grid: Grid, lang: str, cell_mm: float = 6.5, side: str = "right", row_mm: float = 5
) -> str:
    """An empty grid to mark: the column labels across the top, the row labels down the side,
    its caption above, beside the question (the questions below flow past it). Styled in place
    (only a sheet with a grid carries its style)."""
    th = "font-weight:normal;padding:0 1mm"
    head = f'<tr><th style="{th}"></th>' + "".join(
        f'<th style="{th};text-align:center">{escape(c)}</th>' for c in grid.columns[lang]
    )
    cell = f'<td style="width:{cell_mm}mm;height:{row_mm}mm;border:0.3mm solid #444"></td>'
    body = "".join(
        f'<tr><th style="{th};text-align:right">{escape(r)}</th>{cell * len(grid.columns[lang])}</tr>'
        for r in grid.rows[lang]
    )
    caption = (
        f'<caption style="caption-side:top;text-align:left;padding-bottom:0.5mm">'
        f"{escape(grid.caption[lang])}</caption>"
        if grid.caption
        else ""
    )
    return (
        f'<table class="grid" style="float:{side};margin:0 0 1mm 4mm;font-size:8.5pt">'
        f"{caption}{head}</tr>{body}</table>"
    )


def _clear(questions: list[Question]) -> str:
    """The end of a section whose questions print a grid: nothing flows past it any further."""
    return '<div style="clear:both"></div>' if any(q.sheet_grid for q in questions) else ""


def _question(q: Question, lang: str, label: str, number: int | None = None) -> str:
    """A question on the pupils' sheet: the prompt (after its number, "Exercise 5" as the
    notebook heads it, when it is given), the note it needs, then boxes to tick or room to work
    and write. (An extension question stands in the section its heading marks as the extensions:
    :func:`extensions`.)"""
    head = ""
    if number is not None:
        word = f"{_w('teacher.exercise', lang)} {number}" if q.number is not None else f"{number}."
        head = f'<b class="number">{escape(word)}</b> '
    inner = f"<p>{head}{escape(q.prompt[lang])}</p>"
    if q.sheet_note is not None:
        inner += f'<p class="note">{escape(q.sheet_note[lang])}</p>'
    if q.sheet_grid is not None:
        inner += _grid(q.sheet_grid, lang)
    if q.kind == "choice":
        inner += _choices(q, lang) + _working(q)
    else:
        inner += _working(q)
        inner += f'<p>{escape(_w(label, lang))} <span class="write"></span></p>'
    return f'<li id="{escape(q.id)}">{inner}</li>'


def _numbers(questions: list[Question], start: int = 1) -> list[int]:
    """Each question's number: an exercise's as the notebook numbers it ("Exercise 5" is 5 on
    the sheet and in the key, however many exercises the sheet leaves out before it); any other
    question takes the next number."""
    out: list[int] = []
    for q in questions:
        out.append(q.number if q.number is not None else (out[-1] if out else start - 1) + 1)
    return out


def _ordered(questions: list[Question], items: list[str], start: int = 1) -> str:
    """Numbered lists of ``items`` (one per question, numbered by :func:`_numbers`). Where the
    numbers jump, a new list starts there."""
    lists: list[tuple[int, list[str]]] = []
    last = start - 1
    for number, item in zip(_numbers(questions, start), items, strict=True):
        if not lists or number != last + 1:
            lists.append((number, []))
        lists[-1][1].append(item)
        last = number
    return "".join(_ol(first) + "".join(run) + "</ol>" for first, run in lists)


def _ol(start: int) -> str:
    return f'<ol start="{start}">' if start > 1 else "<ol>"


def _tally(plan: LessonPlan, lang: str) -> str:
    """The class's dice on paper: one column per pair and one for all pairs together, a row for
    the rolls and one for the failed rolls (no share per pair: the lesson compares the class's
    share only, read from the notebook's table, on the two lines under it)."""
    if plan.tally is None:
        return ""
    rows = (_w("tally.rolls", lang), _w("tally.fails", lang))
    head = (
        f"<tr><th>{escape(_w('sheet.tally_pair', lang))}</th>"
        + "".join(f"<th>{i}</th>" for i in range(1, TALLY_PAIRS + 1))
        + f"<th>{escape(_w('sheet.tally_total', lang))}</th></tr>"
    )
    empty = "<td></td>" * (TALLY_PAIRS + 1)
    body = "".join(f"<tr><th>{escape(r)}</th>{empty}</tr>" for r in rows)
    compare = "".join(
        f'<p class="compare">{escape(_w(key, lang))} <span class="write"></span></p>'
        for key in ("sheet.tally_class", "sheet.tally_exact")
    )
    return (
        f'<section class="tally-section"><h2>{escape(_w("sheet.tally", lang))}</h2>'
        f"<p>{escape(plan.tally[lang])}</p>"
        f'<table class="tally" style="width:100%">{head}{body}</table>{compare}</section>'
    )


def _header(plan: LessonPlan, lang: str, kind_key: str, fields: bool) -> str:
    title = plan.title[lang]
    age = plan.age[lang]
    if kind_key in ("sheet.exit_ticket", "sheet.homework"):
        # the slip and the homework page hold no extension: no "(the extensions: ...)"
        age = without_note(age)
    head = (
        f"<header><h1>{escape(title)}</h1>"
        f'<p class="sub">{escape(_w(kind_key, lang))}'
        + (f" · {escape(age)}" if fields else "")
        + "</p>"
    )
    if fields:
        head += _fields(lang, ("sheet.class", "sheet.date"))
    return head + "</header>"


def _fields(lang: str, more: tuple[str, ...] = ()) -> str:
    """The lines a pupil writes on: the name, then ``more`` (class, date)."""
    return (
        '<div class="fields">'
        f'<span class="wide">{escape(_w("sheet.name", lang))}:</span>'
        + "".join(f"<span>{escape(_w(key, lang))}:</span>" for key in more)
        + "</div>"
    )


def _rules(words: Words | None, lang: str, title_key: str) -> str:
    """A rule box: what the questions of its part of the sheet need, so the sheet stands alone on
    paper (the first part's: what pupils know before the lesson; the second part's: what the
    lesson showed)."""
    if words is None:
        return ""
    return (
        f'<section class="rules"><b>{escape(_w(title_key, lang))}</b>'
        f"{escape(words[lang])}</section>"
    )


def _footer(plan: LessonPlan, lang: str) -> str:
    where = plan.notebook if lang == "en" else f"de/{plan.notebook}"
    return f"<footer>{escape(_w('sheet.notebook', lang, notebook=where))}</footer>"


def _plan(plan_or_id: LessonPlan | str) -> LessonPlan:
    return plan_or_id if isinstance(plan_or_id, LessonPlan) else lesson(plan_or_id)


def moment(plan_or_id: LessonPlan | str, lang: str = "en") -> str:
    """When page 2 of the worksheet goes out, in words: the lesson's ``worksheet page 2``
    (``after the vote on two dice``), else after the predictions."""
    plan = _plan(plan_or_id)
    if plan.sheet_page_two is not None:
        return plan.sheet_page_two[check_lang(lang)]
    return _w("sheet.after_predictions", lang)


def _sheet_grid(plan: LessonPlan, lang: str) -> str:
    """The lesson's table to fill in on page 2 (``worksheet grid``): squares to shade for a
    grid of many columns (two dice), room for numbers for one of few (a bag's sums)."""
    if plan.sheet_grid is None:
        return ""
    wide = len(plan.sheet_grid.columns[lang]) <= 3
    return (
        '<section class="sheet-grid">'
        + _grid(plan.sheet_grid, lang, cell_mm=20 if wide else 7, side="none")
        + '<div style="clear:both"></div></section>'
    )


def _exercises(questions: list[Question], lang: str, start: int) -> str:
    """A list of exercises, numbered on from ``start`` (page 2 goes on where page 1 ended)."""
    if not questions:
        return ""
    numbers = _numbers(questions, start)
    items = [_question(q, lang, "sheet.answer", n) for q, n in zip(questions, numbers, strict=True)]
    return (
        f"<section><h2>{escape(_w('sheet.exercises', lang))}</h2>"
        + _ordered(questions, items, start)
        + f"{_clear(questions)}</section>"
    )


def extensions(plan_or_id: LessonPlan | str) -> list[Question]:
    """The extension questions printed on the worksheet, in the order the lesson asks them: every
    prediction and exercise the lesson marks ``extension: yes`` and does not keep off the sheet
    (``worksheet: no``). The "your turn" tasks are Python, not paper."""
    plan = _plan(plan_or_id)
    found = [q for q in (*plan.predictions, *plan.exercises) if q.extension and q.worksheet]
    order = {qid: at for at, qid in enumerate(plan.order)}
    return sorted(found, key=lambda q: order.get(q.id, len(order)))


def _extensions(plan: LessonPlan, lang: str, start: int) -> str:
    """The section for pupils who finish early, after the core exercises: its heading says so,
    each question is marked as an extension, numbered on from the exercises. The lesson's grid
    for the end of page 2 (``worksheet grid: at: end``), a task for early finishers too, stands
    beside the questions."""
    questions = extensions(plan)
    if not questions:
        return ""
    grid = plan.sheet_grid if plan.sheet_grid_at == "end" else None
    numbers = _numbers(questions, start)
    items = [_question(q, lang, "sheet.answer", n) for q, n in zip(questions, numbers, strict=True)]
    # "when your exercises are done" only where the core path has exercises on paper
    core = [q for q in plan.exercises if not q.extension and q.worksheet]
    sub = _w("sheet.extensions_sub" if core else "sheet.extensions_sub_spare", lang)
    sub = " ".join(filter(None, (sub, _left_out(plan, lang))))
    return (
        f'<section class="extensions"><h2>{escape(_w("sheet.extensions", lang))}'
        f'<span class="sub">{escape(sub)}</span></h2>'
        + '<div class="columns">'
        + (_grid(grid, lang, side="none", row_mm=4.5) if grid is not None else "")
        + _ordered(questions, items, start)
        + f"{_clear(questions)}</div></section>"
    )


def _left_out(plan: LessonPlan, lang: str) -> str:
    """The sentence that names the numbered exercises the sheet leaves out (``worksheet: no``),
    so that a pupil who finds Exercise 3 followed by Exercise 5 is not left looking for 4:
    "Exercises 4 and 8 are not on this sheet." (the sheet stands alone: it sends no pupil to the
    notebook); empty when the sheet leaves none out."""
    left = [str(q.number) for q in plan.exercises if q.number is not None and not q.worksheet]
    if not left:
        return ""
    joined = f" {_t('core', 'and', lang)} ".join(
        [", ".join(left[:-1]), left[-1]] if left[1:] else left
    )
    key = "sheet.left_out_one" if len(left) == 1 else "sheet.left_out_many"
    return _w(key, lang, numbers=joined)


def worksheet(lesson_id: LessonPlan | str, lang: str = "en") -> str:
    """The pupils' sheet, in three parts, each on a page of its own.

    Part one (handed out at the start): the header, the rule box of what pupils know before the
    lesson (``sheet_rules``), the predictions with boxes to tick or room to write, and the core
    exercises asked before page 2 goes out (``sheet_front``: they need only part one's rules).
    Part two (handed out at the lesson's ``worksheet page 2`` moment, :func:`moment`): the rule
    box of what the lesson showed (``sheet_rules_found``), the table to fill in
    (``worksheet grid``), the other core exercises, the class's dice table where the lesson
    has one, and last the extension questions for pupils who finish early (:func:`extensions`,
    under "If you finish early"). Part three (at the end, with pages 1 and 2 put away): the exit ticket, with name,
    class and date, so that it checks what pupils remember, not what the rule box says; the
    teacher collects it. Part four, when an exit ticket is set as homework (``homework: yes``):
    that question on a page of its own that goes home, with what it needs printed under it."""
    plan, lang = _plan(lesson_id), check_lang(lang)
    predictions = [q for q in plan.predictions if q.worksheet and not q.extension]
    exercises = [q for q in plan.exercises if q.worksheet and not q.extension]
    front = [q for q in exercises if q.id in plan.sheet_front]
    later = [q for q in exercises if q.id not in plan.sheet_front]
    body = '<div class="part-one">' + _header(plan, lang, "sheet.worksheet", fields=True)
    body += _rules(plan.sheet_rules, lang, "sheet.rules")
    if predictions:
        body += (
            f"<section><h2>{escape(_t('core', 'lesson.predict', lang))}"
            f'<span class="sub">{escape(_w("sheet.predict", lang))}</span></h2><ol>'
            + "".join(_question(q, lang, "sheet.guess") for q in predictions)
            + f"</ol>{_clear(predictions)}</section>"
        )
    body += _exercises(front, lang, 1) + "</div>"
    # part two: its heading only over something to read or fill in (never an empty heading)
    grid = _sheet_grid(plan, lang)
    two = _rules(plan.sheet_rules_found, lang, "sheet.rules_found")
    two += (grid if plan.sheet_grid_at == "start" else "") + _exercises(later, lang, len(front) + 1)
    late = _extensions(plan, lang, len(exercises) + 1)
    two += _tally(plan, lang) + (grid if plan.sheet_grid_at == "end" and not late else "") + late
    if two:
        # when it goes out is the teacher's (the key and the teacher edition say it), not the pupil's
        part = _w("sheet.part_two", lang)
        body += f'<div class="part-two"><h2 class="part">{escape(part)}</h2>'
        # page 2 is handed out on its own and collected with page 1: it carries a name too
        body += _fields(lang)
        body += two + "</div>"
    tickets = [q for q in plan.exit_tickets if q.worksheet and not q.homework]
    homework = [q for q in plan.exit_tickets if q.worksheet and q.homework]
    for part, title, css, note, questions in (
        (
            "part-three",
            "sheet.exit_ticket",
            "exit-ticket",
            "sheet.exit_alone" if len(tickets) > 1 else "sheet.exit_alone_one",
            tickets,
        ),
        ("part-four", "sheet.homework", "homework", "sheet.homework_note", homework),
    ):
        if questions:
            body += (
                f'<div class="{part}">'
                + _header(plan, lang, title, fields=True)
                + f'<section class="{css}"><p>{escape(_w(note, lang))}</p><ol>'
                + "".join(_question(q, lang, "sheet.answer") for q in questions)
                + f"</ol>{_clear(questions)}</section></div>"
            )
    body += _footer(plan, lang)
    return _page(f"{plan.title[lang]}: {_w('sheet.worksheet', lang)}", lang, "worksheet", body)


def _body(html: str) -> str:
    return html.split("<body", 1)[-1]


def part_one(html: str) -> str:
    """What a pupil holds at the start of the lesson: part one of a worksheet made by
    :func:`worksheet` (the header, the first rule box, the predictions and the exercises asked
    before page 2 goes out)."""
    return _body(html).split('<div class="part-two">', 1)[0].split('<div class="part-three">')[0]


def part_two(html: str) -> str:
    """Part two of a worksheet (from its heading to the exit ticket's page): what pupils get at
    the lesson's page-2 moment."""
    body = _body(html)
    if '<div class="part-two">' not in body:
        return ""
    two = '<div class="part-two">' + body.split('<div class="part-two">', 1)[1]
    return two.split('<div class="part-three">', 1)[0].split('<div class="part-four">', 1)[0]


def part_three(html: str) -> str:
    """Part three of a worksheet: the exit ticket, on a page of its own ('' when none)."""
    body = _body(html)
    if '<div class="part-three">' not in body:
        return ""
    return ('<div class="part-three">' + body.split('<div class="part-three">', 1)[1]).split(
        '<div class="part-four">', 1
    )[0]


def part_four(html: str) -> str:
    """Part four of a worksheet: the exit tickets set as homework, on a page that goes home
    ('' when none)."""
    body = _body(html)
    if '<div class="part-four">' not in body:
        return ""
    return '<div class="part-four">' + body.split('<div class="part-four">', 1)[1]


def _keyed(q: Question, lang: str) -> str:
    tag = _t("core", "lesson.extension_tag", lang) if q.extension else ""
    # a question the worksheet leaves out (``worksheet: no``) is said to be the notebook's only
    paper = q.worksheet or q.code is not None
    solution = (
        f'<pre class="solution">{escape(q.code.solution[lang])}</pre>' if q.code is not None else ""
    )
    return (
        f'<li id="{escape(q.id)}"><p>{escape(q.prompt[lang])}'
        + (f' <span class="ext">{escape(tag.strip())}</span>' if tag else "")
        + ("" if paper else f' <span class="ext">{escape(_w("sheet.notebook_only", lang))}</span>')
        + f"</p>{solution}"
        + f'<p class="answer"><b>{escape(q.answer_label(lang))}</b> · '
        f"{escape(q.explain[lang])}</p>"
        + (
            '<ul class="answer">'
            + "".join(f"<li>{escape(line)}</li>" for line in q.key_lines(lang))
            + "</ul>"
            if q.key_lines(lang)
            else ""
        )
        + "</li>"
    )


def _asks_chance(plan: LessonPlan) -> bool:
    """Does a question pupils answer on paper ask for a chance (a rounding to mark)?"""
    from .answers import answer_kind

    for q in (*plan.exercises, *plan.exit_tickets):
        if q.kind == "choice":
            continue
        try:
            if answer_kind(q.exact()) == "chance":
                return True
        except Exception:  # noqa: BLE001 - an answer that is no number asks for no rounding
            continue
    return False


def _binder(plan: LessonPlan, lang: str) -> str:
    """The lesson's own Binder link, at the top of the answer key, to send to the groups'
    devices. Its QR code is in the teacher edition, not here: the key holds every answer, and a
    code shown to the class must not be read from it."""
    link = binder_link(plan.notebook, lang)
    return (
        f'<div class="binder"><p>{escape(_w("sheet.binder", lang))}<br>'
        f'<a href="{escape(link)}">{escape(link)}</a></p></div>'
    )


def answer_key(lesson_id: LessonPlan | str, lang: str = "en") -> str:
    """The teacher's key: the answer and explanation of every prediction, exercise, exit ticket
    and "your turn" task, the timing table and the discussion questions with answers."""
    plan, lang = _plan(lesson_id), check_lang(lang)
    body = _header(plan, lang, "sheet.answer_key", fields=False)
    body += _binder(plan, lang)
    body += (
        "<p>"
        + escape(_t("core", "lesson.intro", lang, age=plan.age[lang], minutes=plan.core_minutes()))
        + f" {escape(_w('sheet.hand_out', lang, moment=moment(plan, lang)))}"
        + (
            f" {escape(_w('sheet.hand_out_homework', lang))}"
            if any(q.homework and q.worksheet for q in plan.exit_tickets)
            else ""
        )
        + "</p>"
    )
    if _asks_chance(plan):  # how to mark a rounding on paper: the boxes' own rule
        body += f'<p class="rounding">{escape(_t("marking", "sheet.rounding", lang))}</p>'
        body += f'<p class="rounding">{escape(_t("marking", "sheet.ratio", lang))}</p>'
    if plan.materials:
        body += (
            f"<section><h2>{escape(_w('sheet.materials', lang))}</h2><ul>"
            + "".join(f"<li>{escape(m[lang])}</li>" for m in plan.materials)
            + "</ul></section>"
        )
    # the grid on page 2, when the lesson says what it shows filled in, is keyed after the
    # exercises (it is no numbered question)
    grid = plan.sheet_grid
    grid_key = (
        f'<li class="grid-key" style="list-style:none"><p>{escape(grid.caption[lang])}</p>'
        f'<p class="answer">{escape(plan.sheet_grid_answer[lang])}</p></li>'
        if grid is not None and grid.caption is not None and plan.sheet_grid_answer is not None
        else ""
    )
    for key, questions, more in (
        ("sheet.predictions_key", plan.predictions, ""),
        ("sheet.exercises_key", plan.exercises, grid_key),
        ("sheet.exit_key", plan.exit_tickets, ""),
        ("sheet.your_turn_key", plan.code_tasks, ""),
    ):
        if questions or more:
            lists = _ordered(list(questions), [_keyed(q, lang) for q in questions]) or "<ol></ol>"
            # the grid's key goes last, into the last list
            lists = lists[: -len("</ol>")] + more + "</ol>"
            body += f"<section><h2>{escape(_w(key, lang))}</h2>{lists}</section>"
    rows = "".join(
        f"<tr><td>{escape(p.title[lang])}"
        + (
            ""
            if p.core
            else f' <span class="ext">{escape(_t("core", "lesson.extension_tag", lang).strip())}</span>'
        )
        + f'</td><td class="m">{p.minutes}</td></tr>'
        for p in plan.parts
    )
    body += (
        f'<section><h2>{escape(_w("sheet.timing", lang))}</h2><table class="timing">'
        f"<tr><th>{escape(_t('core', 'lesson.part', lang))}</th>"
        f"<th>{escape(_t('core', 'lesson.minutes', lang))}</th></tr>{rows}"
        f'<tr class="total"><td>{escape(_t("core", "lesson.core_total", lang))}</td>'
        f'<td class="m">{plan.core_minutes()}</td></tr></table></section>'
    )
    if plan.discussion:
        body += (
            f"<section><h2>{escape(_w('sheet.discussion', lang))}</h2><ol>"
            + "".join(
                f"<li><p><b>{escape(q[lang])}</b></p><p>{escape(a[lang])}</p></li>"
                for q, a in plan.discussion
            )
            + "</ol></section>"
        )
    body += _footer(plan, lang)
    return _page(f"{plan.title[lang]}: {_w('sheet.answer_key', lang)}", lang, "answer-key", body)


def names() -> list[str]:
    """The file name of every sheet of :func:`files`, in its order, without making them: for
    each lesson and language a worksheet (``<lesson>.<lang>.html``) and an answer key
    (``<lesson>.answers.<lang>.html``)."""
    return [
        f"{lesson_id}.{kind}{lang}.html"
        for lesson_id in sorted(LESSONS)
        for lang in LANGUAGES
        for kind in ("", "answers.")
    ]


def sheet(name: str) -> str:
    """The html of the sheet called ``name`` (one of :func:`names`)."""
    if name not in names():
        raise ValueError(f"no sheet is called {name!r:.80}: the sheets are {', '.join(names())}")
    lesson_id, rest = name.split(".", 1)
    make = answer_key if rest.startswith("answers.") else worksheet
    return make(lesson_id, rest.removeprefix("answers.").removesuffix(".html"))


def files() -> Iterator[tuple[str, str]]:
    """Every sheet as ``(file name, html)`` (the names of :func:`names`)."""
    for name in names():
        yield name, sheet(name)
