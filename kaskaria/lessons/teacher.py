"""Teacher editions: every answer of a lesson, for the teacher, never in the pupils' notebook.

One notebook per lesson and language, ``notebooks/teacher/<lesson>.ipynb`` and
``notebooks/de/teacher/<lesson>.ipynb``, made from the lesson plans (:mod:`kaskaria.lessons.content`,
read from the lessons' text in ``kaskaria/lessons/text/``) by ``make lessons`` or ``make teacher``
(``tools/make_teacher_editions.py``):

- the age band, the goals, links to the lesson and to its printable worksheet and answer key;
- the lesson's own Binder link for the pupils' devices (and its twin's in the other language),
  with a QR code of it (:mod:`kaskaria.lessons.links`);
- the timing table (the plan's parts);
- the lesson section by section, in the order of the pupils' notebook (its headings of level 1
  and 2): every
  prediction with its choices, answer and explanation, every exercise with its answer, explanation
  and the hint pupils get, the "your turn" tasks with a model solution, the exit tickets;
- how the answer boxes mark (:mod:`kaskaria.lessons.answers`): every form of a number, the one
  rule for roundings, the mistakes each question names, one try for a choice question and one
  answer without a hint for an exit ticket;
- the discussion questions with their answers, and the plan's notes for the teacher.

The editions hold Markdown cells only: nothing to run, so they read the same in JupyterLab, on
GitHub and in nbviewer, pass strict nbval, and are the same bytes every time they are made (a
test checks that the committed ones are up to date). Pure Python, no Jupyter.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, check_lang
from ..i18n import text as _t
from ..marking.answers import answer_kind
from . import messages  # noqa: F401  (registers the lessons' words)
from .content import LESSONS, LessonPlan, Question, lesson
from .links import binder_link, qr_data_uri
from .mistakes import mistakes
from .worksheets import extensions

__all__ = ["FOLDER", "edition", "edition_path", "edition_text", "files", "lesson_order"]

#: the folder of the teacher editions, under notebooks/ (English) and notebooks/de/ (German)
FOLDER = "teacher"
#: the checkout's notebooks (the pupils' lessons give the order of the sections), if present
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

_CALL = re.compile(r'\bL\.(predict|exercise|exit_ticket|your_turn|check_code)\(\s*"([^"]+)"')
_ANCHOR = re.compile(r'\s*<a id="[^"]*"></a>\s*')


def _w(key: str, lang: str, **params: object) -> str:
    return _t("lessons", key, lang, **params)


def _marking(key: str, lang: str, **params: object) -> str:
    return _t("marking", key, lang, **params)


def edition_path(plan: LessonPlan, lang: str, relative_to_lesson: bool = False) -> str:
    """Where the edition lives: relative to ``notebooks/`` (``teacher/02-....ipynb``,
    ``de/teacher/02-....ipynb``) or, with ``relative_to_lesson``, to the lesson's own folder
    (``teacher/02-....ipynb`` in both languages)."""
    check_lang(lang)
    if relative_to_lesson or lang == "en":
        return f"{FOLDER}/{plan.notebook}"
    return f"{lang}/{FOLDER}/{plan.notebook}"


def _text_path(plan: LessonPlan) -> str:
    """The lesson's text file, where its words are changed (``kaskaria/lessons/text/...``)."""
    from .source import SUFFIX

    return f"kaskaria/lessons/text/{Path(plan.notebook).stem}{SUFFIX}"


def _md(text: str) -> str:
    """Plain text as Markdown that shows exactly that text."""
    out = re.sub(r"([\\`*_\[\]|#])", r"\\\1", text).replace("<", "&lt;").replace(">", "&gt;")
    out = re.sub(r"^([-+])(\s)", r"\\\1\2", out)
    return re.sub(r"^(\d+)\.(\s)", r"\1\\.\2", out)


def _pupil_notebook(plan: LessonPlan, lang: str, notebooks: Path | None) -> Path | None:
    if notebooks is None:
        return None
    path = notebooks / plan.notebook if lang == "en" else notebooks / lang / plan.notebook
    return path if path.is_file() else None


def lesson_order(
    plan: LessonPlan, lang: str, notebooks: Path | None = NOTEBOOKS
) -> list[tuple[str, list[Question]]]:
    """The plan's questions grouped by the sections of the pupils' notebook, in its order:
    ``[(heading, [questions])]``; questions the notebook does not ask come last, under their own
    heading (all of them, in the plan's order, when the notebook is not there)."""
    return [(heading, questions) for heading, _, questions in sections(plan, lang, notebooks)]


def sections(
    plan: LessonPlan, lang: str, notebooks: Path | None = NOTEBOOKS
) -> list[tuple[str, list[str], list[Question]]]:
    """The sections of the pupils' notebook (its headings of level 1 and 2) that ask a question
    or where the plan says what the teacher says: ``[(heading, [what to say], [questions])]``."""
    path = _pupil_notebook(plan, lang, notebooks)
    known = {q.id: q for q in plan.questions()}
    out: list[tuple[str, list[str], list[Question]]] = []
    placed: set[str] = set()

    def here(heading: str) -> tuple[str, list[str], list[Question]]:
        if not out or out[-1][0] != heading:
            out.append((heading, [], []))
        return out[-1]

    if path is not None:
        heading = plan.title[lang]
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell.get("source", ""))
            if cell.get("cell_type") == "markdown":
                for line in source.splitlines():
                    found = re.match(r"^#{1,2}\s+(.*)$", line.strip())
                    if found:
                        heading = _ANCHOR.sub(" ", found[1]).strip()
            elif cell.get("cell_type") == "code":
                for _, qid in _CALL.findall(source):
                    if qid in known and qid not in placed:
                        placed.add(qid)
                        here(heading)[2].append(known[qid])
            say = plan.say.get(cell.get("id", ""))
            if say is not None:
                here(heading)[1].append(say[lang])
    rest = [q for q in plan.questions() if q.id not in placed]
    if rest:
        out.append((_w("teacher.not_placed", lang), [], rest))
    return out


def _kind(plan: LessonPlan, q: Question, lang: str) -> str:
    if q.kind == "code" and q.code is not None:
        return _w("teacher.your_turn", lang, age=q.code.min_age)
    if q in plan.exit_tickets:
        return _w("teacher.exit_ticket", lang)
    if q in plan.predictions:
        return _w("teacher.predict", lang)
    if q.number is not None:
        return f"{_w('teacher.exercise', lang)} {q.number}"
    return _w("teacher.exercise", lang)


def _question(plan: LessonPlan, q: Question, lang: str) -> list[str]:
    tag = f" ({_w('teacher.extension', lang)})" if q.extension else ""
    # an exercise goes by its number, as the notebook and the sheet say it; other questions by id
    by_id = "" if q.number is not None else f" `{q.id}`"
    lines = [f"**{_md(_kind(plan, q, lang))}**{tag}{by_id}: {_md(q.prompt[lang])}", ""]
    if q.choices:
        choices = " · ".join(_md(c.label[lang]) for c in q.choices)
        lines += [f"{_w('teacher.choices', lang)} {choices}", ""]
    if q.kind == "code" and q.code is not None:
        lines += [_w("teacher.variable", lang, variable=q.code.name(lang)), ""]
        lines += [_w("teacher.solution", lang), "", "```python", q.code.solution[lang], "```", ""]
    lines += [
        f"> **{_w('teacher.answer', lang)} {_md(q.answer_label(lang))}** {_md(q.explain[lang])}",
        "",
    ]
    more = q.key_lines(lang)  # what the reveal draws after the explanation: a rule, a table
    if more:
        lines[-1:] = [">", *(f"> - {_md(line)}" for line in more), ""]
    if q in plan.exit_tickets:  # answered alone: no hint on screen, one answer
        lines += [f"{_md(_marking('teacher.hint_exit', lang))} {_md(q.hint[lang])}", ""]
        lines += [_md(_exit_marking(q, lang)), ""]
    elif q not in plan.predictions:
        lines += [f"{_w('teacher.hint', lang)} {_md(q.hint[lang])}", ""]
        if q.kind == "choice":
            lines += [_md(_marking("teacher.one_try", lang)), ""]
    if q.marking:  # how a simple fraction is marked, as the lesson's text says
        lines += [_md(_marking(f"teacher.marking_{q.marking}", lang)), ""]
    named = mistakes(plan.id, q.id)
    if named:
        lines += [_md(_marking("teacher.mistakes", lang)), ""]
        # as the box names them, a decimal with a comma in German (1,8)
        forms = [
            ", ".join(_decimal_form(w, lang) for w in (m.written, m.shown, *m.also) if w)
            for m in named
        ]
        lines += [f"- {_md(f)}: {_md(m.words[lang])}" for f, m in zip(forms, named, strict=True)]
        lines += [""]
    return lines


def _exit_marking(q: Any, lang: str) -> str:
    """How an exit ticket's box takes its one answer: what does not use the try (for a typed
    answer, the slips of form of :func:`kaskaria.marking.answers.check_number`) and what it
    shows after it (on a ticket answered first on paper, only that the answer is in)."""
    key = "teacher.one_try_exit"
    if q.kind == "number":
        key += "_chance" if answer_kind(q.exact()) == "chance" else "_count"
    after = "teacher.exit_after_paper" if q.worksheet else "teacher.exit_after"
    return f"{_marking(key, lang)} {_marking(after, lang)}"


def _decimal_form(number: str, lang: str) -> str:
    """A number as a pupil of ``lang`` writes it: ``1.8`` is ``1,8`` in German."""
    return re.sub(r"(?<=\d)\.(?=\d)", ",", number) if lang == "de" else number


def _marking_topics(plan: LessonPlan) -> list[str]:
    """The parts of the marking rule that bear on the lesson's questions: a lesson whose typed
    answers are all counts (ages 7 and up: 15 gold, 3 cards) hears how counts are marked, not
    how chances are rounded or estimated; one with averages but no chance (5.4 points) hears how
    an average is rounded, not a chance."""
    typed = [q for q in plan.questions() if q.kind in ("number", "code")]
    kinds = {answer_kind(q.exact()) for q in typed}
    if "chance" in kinds:
        keys = ["forms", "exact", "rounded", "nearly", "counts", "named", "feedback"]
    elif "amount" in kinds:  # averages, no chance: no word of chances or their roundings
        keys = ["forms_amount", "exact_amount", "rounded_amount", "counts", "named_amount"]
        keys.append("feedback")
    else:
        keys = ["forms_count", "counts_only"] if typed else []
        if any(mistakes(plan.id, q.id) for q in typed):
            keys.append("named_count")
    if any(q.kind == "choice" for q in plan.questions()) or plan.exit_tickets:
        keys.append("choices")
    if plan.code_tasks:
        keys.append("code")
    return keys


def _marking_cell(plan: LessonPlan, lang: str) -> list[str]:
    """How the answer boxes mark, in the teacher's words (the rule of
    :mod:`kaskaria.lessons.answers`), as far as it bears on the lesson's questions."""
    keys = _marking_topics(plan)
    lines = [f"## {_md(_marking('teacher.marking', lang))}", ""]
    lines += [f"- {_md(_marking(f'teacher.marking.{key}', lang))}" for key in keys]
    return lines


def _materials(plan: LessonPlan, lang: str) -> list[str]:
    if not plan.materials:
        return []
    return [_w("teacher.materials", lang), "", *(f"- {m[lang]}" for m in plan.materials), ""]


def _walked(plan: LessonPlan, lang: str, notebooks: Path | None) -> list[str]:
    """How the timing was made: the walk of the pupils' notebook (kaskaria.lessons.walk)."""
    path = _pupil_notebook(plan, lang, notebooks)
    if path is None:
        return [_w("teacher.timing_how", lang)]
    from .audit.walk import walk

    walked = walk(path, plan=plan, lang=lang)
    return [_w("teacher.timing_walked", lang, minutes=walked.minutes, speed=walked.speed)]


def _binder(plan: LessonPlan, lang: str) -> list[str]:
    """The lesson's own Binder link (and its German or English twin's), with its QR code."""
    twin = next(other for other in LANGUAGES if other != lang)
    link = binder_link(plan.notebook, lang)
    lines = [
        _w("teacher.binder", lang, link=link, twin=binder_link(plan.notebook, twin)),
        "",
    ]
    qr = qr_data_uri(link)
    if qr is not None:
        lines += [f"![{_w('teacher.binder_qr', lang)}]({qr})", ""]
    return lines


#: the menu item of a lesson that runs its notebook only down to a heading (05, 05b: the
#: exit-ticket boxes below stay unrun); its materials name it, and its edition does not send the
#: teacher to the button that runs every cell
PART_RUN = "Run All Above Selected Cell"


def runs_every_cell(plan: LessonPlan) -> bool:
    """Does the lesson run its whole notebook (the ⏩ button), or only part of it
    (:data:`PART_RUN`, as its materials say)?"""
    return not any(PART_RUN in item["en"] for item in plan.materials)


def _projecting(plan: LessonPlan, lang: str) -> list[str]:
    """How to project the notebook: first how to run it (the ⏩ button, the English menu path
    second, where the lesson runs every cell), then how its answers stay hidden."""
    how = _w("teacher.projecting_how", lang)
    if runs_every_cell(plan):
        how = f"{_w('teacher.projecting_run', lang)} {how}"
    return [f"## {_w('teacher.projecting', lang)}", "", how]


def _cell(index: int, lines: list[str]) -> dict[str, Any]:
    while lines and not lines[-1]:
        lines = lines[:-1]
    source = [line + "\n" for line in lines]
    if source:
        source[-1] = source[-1].rstrip("\n")
    return {"cell_type": "markdown", "id": f"teacher-{index:02d}", "metadata": {}, "source": source}


def edition(
    plan_or_id: LessonPlan | str, lang: str = "en", notebooks: Path | None = NOTEBOOKS
) -> dict[str, Any]:
    """The teacher edition of a lesson, as notebook JSON (Markdown cells only)."""
    plan = plan_or_id if isinstance(plan_or_id, LessonPlan) else lesson(plan_or_id)
    lang = check_lang(lang)
    up = "../.." if lang == "en" else "../../.."
    cells: list[list[str]] = []
    cells.append(
        [
            f"# {_md(_w('teacher.title', lang, title=plan.title[lang]))}",
            "",
            _w(
                "teacher.links",
                lang,
                notebook=plan.notebook,
                notebook_link=f"../{plan.notebook}",
                sheet=f"{up}/docs/worksheets/{plan.id}.{lang}.html",
                answer_key=f"{up}/docs/worksheets/{plan.id}.answers.{lang}.html",
            )
            + (f" {_w('teacher.sheet_extensions', lang)}" if extensions(plan) else ""),
            "",
            *_binder(plan, lang),
            _md(_w("teacher.intro", lang, age=plan.age[lang], minutes=plan.core_minutes())),
            "",
            _w("teacher.goals", lang),
            "",
            *(f"- {_md(g[lang])}" for g in plan.goals),
            "",
            *_materials(plan, lang),
            f"*{_w('teacher.made', lang, text=_text_path(plan))}*",
        ]
    )
    rows = [
        f"| {_md(p.title[lang])}"
        + ("" if p.core else f" ({_w('teacher.extension', lang)})")
        + f" | {p.minutes} |"
        for p in plan.parts
    ]
    cells.append(
        [
            f"## {_w('teacher.timing', lang)}",
            "",
            f"| {_w('teacher.part', lang)} | {_w('teacher.minutes', lang)} |",
            "| --- | ---: |",
            *rows,
            f"| **{_w('teacher.core_total', lang)}** | **{plan.core_minutes()}** |",
            "",
            *_walked(plan, lang, notebooks),
        ]
    )
    cells.append(_projecting(plan, lang))
    cells.append([f"## {_w('teacher.sections', lang)}"])
    for heading, say, questions in sections(plan, lang, notebooks):
        lines = [f"### {_md(heading)}", ""]
        for words in say:
            lines += [f"*{_w('teacher.say', lang)}* {words}", ""]
        for q in questions:
            lines += _question(plan, q, lang)
        cells.append(lines)
    cells.append(_marking_cell(plan, lang))
    if plan.discussion:
        lines = [f"## {_w('teacher.discussion', lang)}", ""]
        for i, (question, answer) in enumerate(plan.discussion, 1):
            lines += [f"{i}. **{_md(question[lang])}**", f"   {_md(answer[lang])}", ""]
        cells.append(lines)
    if plan.misconceptions:
        lines = [f"## {_w('teacher.misconceptions', lang)}", ""]
        for mistake, helps in plan.misconceptions:
            lines += [f"- **{_md(mistake[lang])}** {_md(helps[lang])}"]
        cells.append(lines)
    if plan.teacher_notes:
        lines = [f"## {_w('teacher.notes', lang)}", ""]
        for note in plan.teacher_notes:
            lines += [note[lang], ""]
        cells.append(lines)
    return {
        "cells": [_cell(i, lines) for i, lines in enumerate(cells)],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def edition_text(
    plan_or_id: LessonPlan | str, lang: str = "en", notebooks: Path | None = NOTEBOOKS
) -> str:
    """The edition as the file holds it (the layout nbformat and JupyterLab write)."""
    return (
        json.dumps(
            edition(plan_or_id, lang, notebooks), indent=1, sort_keys=True, ensure_ascii=False
        )
        + "\n"
    )


def files(notebooks: Path | None = NOTEBOOKS) -> Iterator[tuple[str, str]]:
    """Every edition as ``(path relative to notebooks/, text)``, for each lesson and language."""
    for plan in sorted(LESSONS.values(), key=lambda p: p.notebook):
        for lang in LANGUAGES:
            yield edition_path(plan, lang), edition_text(plan, lang, notebooks)
