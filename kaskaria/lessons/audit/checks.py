"""The lesson checks that read a notebook against its plan: spoilers above a question, no answer
key, examples that answer nothing, one period of words, the timing tables, the ending, the "your
turn" cells, the questions asked, and the German twin's sections (see the package's docstring)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from ...i18n import text as _t
from ..answers import readings
from ..content import LESSONS, LessonPlan, Question
from .notebook import (
    _SUMMARY,
    REPO,
    Cell,
    Violation,
    _norm,
    _pieces,
    _snippet,
    calls,
    core_end,
    headings,
    markdown_text,
    sections,
)
from .numbers import Form, answer_forms, find_forms, numbers_in
from .words import core_words

#: the probability lessons: each needs at least one "your turn" task where pupils compute
COMPUTE_LESSONS = ("dragon-battle-odds", "heroes-cards", "dragons-gold-shares")


# ---------------------------------------------------------------------------------------------
# spoilers
# ---------------------------------------------------------------------------------------------


def _section_start(cells: Sequence[Cell], index: int) -> int:
    start = 0
    for i, _, _, _ in headings(cells):
        if i <= index:
            start = i
    return start


def _where(plan: LessonPlan, cells: Sequence[Cell]) -> list[tuple[Question, str, list[int], int]]:
    """For each question the notebook asks: ``(question, what, cells to look in, anchor cell)``."""
    found = calls(cells)
    first: dict[tuple[str, str], int] = {}
    for index, method, qid in found:
        first.setdefault((method, qid), index)
    known = {q.id: q for q in plan.questions()}
    out = []
    for (method, qid), index in first.items():
        q = known.get(qid)
        if q is None:
            continue
        if method == "predict":
            reveal = first.get(("reveal", qid))
            end = reveal if reveal is not None and reveal > index else len(cells)
            window = [i for i in range(_section_start(cells, index), end) if i != index]
            out.append((q, f"prediction, revealed in cell {reveal}", window, index))
        elif method in ("exercise", "exit_ticket"):
            what = "exercise" if method == "exercise" else "exit ticket"
            out.append((q, f"{what} in cell {index}", list(range(index)), index))
        elif method == "check_code":
            out.append(
                (q, f"your-turn task checked in cell {index}", list(range(index + 1)), index)
            )
    return out


def spoilers(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """Every place a question's answer shows before the pupil commits (module docstring)."""
    violations = []
    for q, what, window, anchor in _where(plan, cells):
        forms = answer_forms(q, lang)
        if not forms:
            continue
        for i in window:
            cell = cells[i]
            if q.id in cell.allowed():
                continue
            own_check = i == anchor
            for where, text, code in _pieces(cell, with_source=not own_check):
                hits = find_forms(forms, text, lang, code)
                if hits:
                    form, hit, at = hits[0]
                    violations.append(
                        Violation(
                            "spoilers",
                            i,
                            f"{q.id} ({what}): its {where} shows {hit!r}, the answer "
                            f"{form.describe(lang)} ({form.origin}): {_snippet(text, at, len(hit))!r}",
                            q.id,
                        )
                    )
                    break
    return violations


# ---------------------------------------------------------------------------------------------
# answer key, examples
# ---------------------------------------------------------------------------------------------
def answer_key(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """No answer key, no discussion answers, no explanation outside its own reveal."""
    violations = []
    reveals: dict[str, set[int]] = {}  # a question may be revealed again (an extension's table)
    for i, method, qid in calls(cells):
        if method == "reveal":
            reveals.setdefault(qid, set()).add(i)
    for i, method, _ in calls(cells):
        if method in ("answers", "discussion"):
            violations.append(
                Violation(
                    "answer-key",
                    i,
                    f"L.{method}() shows the answers to pupils: they belong in the teacher "
                    "edition (which the teacher finds from the README and 00-start-here)",
                )
            )
    texts = [
        (c.index, _norm(" ".join(t for _, t, _ in _pieces(c, with_source=False)))) for c in cells
    ]
    for q in plan.questions():
        explain = _norm(q.explain[lang])
        if len(explain) < 12:
            continue
        for i, text in texts:
            if explain in text and i not in reveals.get(q.id, set()):
                violations.append(
                    Violation(
                        "answer-key", i, f"the explanation of {q.id} shows outside its reveal", q.id
                    )
                )
    for n, (_, answer) in enumerate(plan.discussion, 1):
        wanted = _norm(answer[lang])
        for i, text in texts:
            if wanted and wanted in text:
                violations.append(
                    Violation("answer-key", i, f"the answer to discussion question {n} shows")
                )
    return violations


_HOW_TO = re.compile(r"how to use|so geht's|so geht’s|so benutzt", re.IGNORECASE)


def _example_hits(reading: Any, forms: Iterable[Form]) -> list[Form]:
    """The forms an input example (as read) equals, or rounds to; the nearest first."""
    if not reading.decimals:
        width = Fraction(0)  # a fraction or a whole number is exact
    else:
        width = Fraction(1, 2 * 10**reading.decimals) / (100 if reading.form == "percent" else 1)
    hits = [
        form
        for form in forms
        if form.value is not None and abs(reading.value - form.value) <= width + form.width
    ]
    return sorted(hits, key=lambda f: (abs(reading.value - f.value), f.width))


def examples(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """The "How to use" input examples answer no question of the lesson."""
    forms = [f for q in plan.questions() for f in answer_forms(q, lang)]
    violations = []
    for cell in cells:
        if cell.kind != "markdown" or not _HOW_TO.search(cell.source):
            continue
        for span in re.findall(r"`([^`\n]{1,40})`", cell.source):
            for reading in readings(span, lang)[:1]:
                for form in _example_hits(reading, forms):
                    violations.append(
                        Violation(
                            "examples",
                            cell.index,
                            f"the input example `{span}` is the answer to {form.question} "
                            f"({form.describe(lang)}): use a number that answers nothing",
                            form.question,
                        )
                    )
                    break
    return violations


def message_examples(
    plans: Iterable[LessonPlan] | None = None,
    sentences: dict[str, Sequence[str]] | None = None,
) -> list[Violation]:
    """The answer box's own examples (its placeholder and its "cannot read" sentence, both
    languages, unless other ``sentences`` are given) answer no question of any lesson."""
    plans = list(LESSONS.values() if plans is None else plans)
    if sentences is None:
        keys = ("lesson.type_answer", "lesson.unreadable")
        sentences = {lang: [_t("core", key, lang) for key in keys] for lang in ("en", "de")}
    violations = []
    for lang, texts in sentences.items():
        forms = [f for plan in plans for q in plan.questions() for f in answer_forms(q, lang)]
        for sentence in texts:
            for shown in numbers_in(sentence, lang):
                for reading in readings(shown.text, lang)[:1]:
                    for form in _example_hits(reading, forms)[:1]:
                        violations.append(
                            Violation(
                                "examples",
                                None,
                                f"the answer box's example {shown.text!r} ({lang}) is the answer to "
                                f"{form.question} ({form.describe(lang)})",
                                form.question,
                            )
                        )
    return violations


# ---------------------------------------------------------------------------------------------
# one period
# ---------------------------------------------------------------------------------------------


def one_period(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """An "Extensions" heading ends the core path, the core path fits the word limit, and a
    class walks it in one period (:func:`kaskaria.lessons.walk.walk`)."""
    from .walk import PERIOD, walk

    count = core_words(cells, plan, lang)
    violations = []
    if count.end is None:
        violations.append(
            Violation(
                "one-period",
                None,
                'no heading "Extensions" ("Erweiterungen") ends the core path: the whole notebook '
                "counts as core",
            )
        )
    if count.total > count.limit:
        top = sorted(count.per_cell, key=lambda c: -c[1])[:3]
        violations.append(
            Violation(
                "one-period",
                count.end,
                f"a pupil reads {count.total} words on the core path, more than {count.limit} "
                f"(age band: {plan.age['en']}); the longest cells: "
                + ", ".join(f"cell {i} ({n})" for i, n in top),
            )
        )
    walked = walk(cells, plan=plan, lang=lang)
    if walked.minutes > PERIOD:
        violations.append(
            Violation(
                "one-period",
                count.end,
                f"a class walks the core path in {walked.minutes} minutes (slack included), more "
                f"than a {PERIOD}-minute period (the timing table says {walked.planned}; "
                f"python -m kaskaria.lessons.walk shows each section); the longest sections: "
                + ", ".join(f"{x.title!r} ({x.minutes:.0f} min)" for x in walked.longest(3)),
            )
        )
    return violations


# ---------------------------------------------------------------------------------------------
# timing
# ---------------------------------------------------------------------------------------------
_MINUTES = re.compile(r"\b(?:takes|dauert)\s+(?:about\s+|etwa\s+)?(\d+)\s+(?:minutes|Minuten)\b")


def readme_row(notebook: str, readme: str) -> tuple[str, str] | None:
    """``(age, minutes)`` of the notebook's row in the README's lesson table."""
    for line in readme.splitlines():
        if line.startswith("|") and f"`{notebook}`" in line:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 4:
                return cells[1], cells[-1]
    return None


#: how a sentence names the core path: "core", "Kern...", "Hauptteil", "ohne Erweiterungen"
_CORE = r"\b(?:core|Kern|Hauptteil)|ohne Erweiterungen"


def timing(
    cells: Sequence[Cell], plan: LessonPlan, lang: str, readme: str | None = None
) -> list[Violation]:
    """The notebook's timing table and sentences, the plan's parts and the README agree."""
    from .. import Lesson

    violations = []
    table = Lesson(plan, lang).timing().text.strip()
    for i, method, _ in calls(cells):
        if method == "timing":
            stored = [t for k, t in cells[i].outputs if k == "text/plain"]
            if not stored or stored[0].strip() != table:
                violations.append(
                    Violation(
                        "timing",
                        i,
                        "the stored timing table is not the plan's (run the notebook again)",
                    )
                )
    minutes = plan.core_minutes()
    for cell in cells:
        if cell.kind != "markdown":
            continue
        for sentence in re.split(r"(?<=[.;:!?])\s+", cell.source):
            if not re.search(_CORE, sentence, re.IGNORECASE):
                continue
            for m in _MINUTES.finditer(sentence):
                if int(m[1]) != minutes:
                    violations.append(
                        Violation(
                            "timing",
                            cell.index,
                            f"the notes say the core path takes {m[1]} minutes; the plan's parts add up to {minutes}",
                        )
                    )
    if readme is None and lang == "en" and (REPO / "README.md").is_file():
        readme = (REPO / "README.md").read_text(encoding="utf-8")
    if readme is not None and lang == "en":
        row = readme_row(plan.notebook, readme)
        if row is None:
            violations.append(
                Violation(
                    "timing", None, f"the README's lesson table has no row for {plan.notebook}"
                )
            )
        else:
            age, shown = row
            band = plan.age["en"].split(" (")[0]
            if shown != str(minutes):
                violations.append(
                    Violation(
                        "timing",
                        None,
                        f"the README gives {shown or 'no'} minutes, the plan {minutes}",
                    )
                )
            if age != band:
                violations.append(
                    Violation(
                        "timing", None, f"the README gives the age band {age!r}, the plan {band!r}"
                    )
                )
    return violations


# ---------------------------------------------------------------------------------------------
# ending well
# ---------------------------------------------------------------------------------------------
def sentences(text: str) -> int:
    """Sentences of a summary: each ends with . ! ? (a bullet item without one is one too)."""
    count = 0
    for line in markdown_text(text).splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        ends = len(re.findall(r"[.!?](?:[\"')\]*_]*)(?=\s|$)", line))
        count += ends or 1
    return count


def ending(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """A summary (3-5 sentences) and an exit ticket (2-3 checked questions) end the core path."""
    violations = []
    end = core_end(cells)
    stop = end if end is not None else len(cells)
    summary = [(i, lv) for i, lv, text, _ in headings(cells) if _SUMMARY.match(text) and i < stop]
    tickets = plan.exit_tickets
    if not 2 <= len(tickets) <= 3:
        violations.append(
            Violation(
                "ending",
                None,
                f"the plan has {len(tickets)} exit tickets; an exit ticket has 2 or 3 questions",
            )
        )
    for q in tickets:
        if q.kind not in ("number", "choice"):
            violations.append(
                Violation(
                    "ending",
                    None,
                    f"exit ticket {q.id} must be checked: a number or a choice",
                    q.id,
                )
            )
    if not summary:
        violations.append(
            Violation(
                "ending",
                None,
                'no pupil summary: the core path ends with a heading "What we found" '
                '("Was wir herausgefunden haben") and three to five sentences',
            )
        )
        start = stop
    else:
        start = summary[-1][0]
        text = cells[start].source
        head = re.search(
            r"^#{1,6}\s+(?:what we found|was wir herausgefunden haben).*$", text, re.I | re.M
        )
        body = text[head.end() :] if head else text
        for cell in cells[start + 1 : stop]:
            if cell.kind != "markdown" or re.search(r"^#{1,6}\s", cell.source, re.M):
                break
            body += "\n" + cell.source
        n = sentences(body)
        if not 3 <= n <= 5:
            violations.append(
                Violation("ending", start, f"the summary has {n} sentences; it needs three to five")
            )
    shown: list[str] = []
    for cell in cells[start + 1 : stop] if summary else []:
        if cell.kind != "code":
            continue
        asked = re.findall(r'\bL\.exit_ticket\(\s*"([^"]+)"', cell.source)
        if not asked:
            violations.append(
                Violation(
                    "ending",
                    cell.index,
                    "only the exit ticket comes after the summary, on the core path",
                )
            )
        shown += asked
    for q in tickets:
        if q.id not in shown:
            violations.append(
                Violation(
                    "ending", None, f"exit ticket {q.id} is not asked after the summary", q.id
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# your turn
# ---------------------------------------------------------------------------------------------
def _code_lines(source: str) -> list[str]:
    return [x for x in source.splitlines() if x.strip() and not x.strip().startswith("#")]


def _other_names(cells: Sequence[Cell], q: Question, lang: str) -> list[Violation]:
    """The text names the task's variable in code quotes with its name of another language's
    notebook (`points` in the German notebook, whose cell sets `punkte`): a pupil who writes it is
    told the name is wrong."""
    assert q.code is not None
    var = q.code.name(lang)
    others = set(q.code.other_names(lang)) - {var}
    out = []
    for cell in cells:
        if cell.kind != "markdown":
            continue
        spans = re.findall(r"`([^`\n]+)`", cell.source)
        for name in sorted(others):
            if any(re.search(rf"\b{re.escape(name)}\b", span) for span in spans):
                out.append(
                    Violation(
                        "your-turn",
                        cell.index,
                        f"{q.id}: the text names `{name}`, the variable of another language's "
                        f"notebook; here the pupils' cell sets `{var}`",
                        q.id,
                    )
                )
    return out


def your_turn(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """The "your turn" tasks are there (in the probability lessons) and set up to be done."""
    violations = []
    tasks = plan.code_tasks
    if plan.id in COMPUTE_LESSONS and not tasks:
        violations.append(
            Violation(
                "your-turn",
                None,
                "a probability lesson needs at least one your-turn task where pupils compute",
            )
        )
    found = calls(cells)
    empty = _t("core", "lesson.code_empty", lang)
    for q in tasks:
        if q.kind != "code" or q.code is None:
            violations.append(
                Violation("your-turn", None, f"{q.id} is in code_tasks but has no CodeTask", q.id)
            )
            continue
        var = q.code.name(lang)
        violations += _other_names(cells, q, lang)
        shown = [i for i, m, qid in found if m == "your_turn" and qid == q.id]
        checks = [i for i, m, qid in found if m == "check_code" and qid == q.id]
        if not shown:
            violations.append(
                Violation("your-turn", None, f'{q.id}: no L.your_turn("{q.id}") cell', q.id)
            )
        if not checks:
            violations.append(
                Violation("your-turn", None, f'{q.id}: no L.check_code("{q.id}", {var}) cell', q.id)
            )
            continue
        check = checks[0]
        if shown and shown[0] > check:
            violations.append(
                Violation("your-turn", shown[0], f"{q.id}: the task comes after its check", q.id)
            )
        if not re.search(
            rf'L\.check_code\(\s*"{re.escape(q.id)}"\s*,\s*{re.escape(var)}\s*\)',
            cells[check].source,
        ):
            violations.append(
                Violation(
                    "your-turn",
                    check,
                    f'{q.id}: the check must be L.check_code("{q.id}", {var})',
                    q.id,
                )
            )
        pupil = next((c for c in reversed(cells[:check]) if c.kind == "code"), None)
        if pupil is None or (shown and pupil.index <= shown[0]):
            violations.append(
                Violation("your-turn", check, f"{q.id}: no pupil cell above the check", q.id)
            )
        else:
            lines = _code_lines(pupil.source)
            if not re.search(rf"^\s*{re.escape(var)}\s*=\s*\.\.\.\s*$", pupil.source, re.M):
                violations.append(
                    Violation(
                        "your-turn",
                        pupil.index,
                        f"{q.id}: the pupil cell must hold `{var} = ...` until the pupil writes it",
                        q.id,
                    )
                )
            if not 1 <= len(lines) <= 3:
                violations.append(
                    Violation(
                        "your-turn",
                        pupil.index,
                        f"{q.id}: the pupil cell has {len(lines)} lines; it needs one to three",
                        q.id,
                    )
                )
            if pupil.metadata.get("jupyter", {}).get("source_hidden"):
                violations.append(
                    Violation("your-turn", pupil.index, f"{q.id}: the pupil cell is hidden", q.id)
                )
        stored = " ".join(t for k, t in cells[check].outputs if k == "text/plain")
        if _norm(empty) not in _norm(stored):
            violations.append(
                Violation(
                    "your-turn",
                    check,
                    f"{q.id}: after Run All the check must ask the pupil to write the answer above; it says {stored[:60]!r}",
                    q.id,
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# the questions asked
# ---------------------------------------------------------------------------------------------
def questions_asked(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """Predictions are revealed below them; the notebook and the plan ask the same questions."""
    violations = []
    found = calls(cells)
    known = {q.id for q in plan.questions()}
    asked = set()
    predicted: dict[str, int] = {}
    for i, method, qid in found:
        if method in ("answers", "discussion", "timing"):
            continue
        if qid not in known:
            violations.append(
                Violation(
                    "questions", i, f"L.{method}({qid!r}): the plan has no such question", qid
                )
            )
            continue
        asked.add(qid)
        if method in ("predict", "exercise"):
            predicted.setdefault(qid, i)  # an exercise may have a reveal below its box
        if method == "reveal" and qid not in predicted:
            violations.append(
                Violation("questions", i, f"{qid} is revealed before it is predicted", qid)
            )
    revealed = {qid for _, m, qid in found if m == "reveal"}
    voted = {qid for _, m, qid in found if m == "predict"}
    for qid, i in predicted.items():
        if qid in voted and qid not in revealed:
            violations.append(
                Violation("questions", i, f"{qid} is predicted but never revealed", qid)
            )
    for q in plan.questions():
        if not q.extension and q.id not in asked:
            violations.append(
                Violation(
                    "questions", None, f"{q.id} (core path) is not asked in the notebook", q.id
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# German twins
# ---------------------------------------------------------------------------------------------


def twin(english: Sequence[Cell], german: Sequence[Cell]) -> list[Violation]:
    """The German twin has the English original's sections (levels and anchors, in order) and,
    section by section, as many bullet items; violations name the German cells."""
    en, de = sections(english), sections(german)
    violations = []
    en_keys = [(lv, a) for _, lv, a, _ in en]
    de_keys = [(lv, a) for _, lv, a, _ in de]
    if en_keys != de_keys:
        missing = [
            f"{'#' * lv} {a or '(no anchor)'}" for lv, a in en_keys if (lv, a) not in de_keys
        ]
        extra = [f"{'#' * lv} {a or '(no anchor)'}" for lv, a in de_keys if (lv, a) not in en_keys]
        detail = []
        if missing:
            detail.append("missing in German: " + ", ".join(missing))
        if extra:
            detail.append("only in German: " + ", ".join(extra))
        if not detail:
            detail.append("the same sections in another order or level")
        violations.append(Violation("twin", None, "sections differ: " + "; ".join(detail)))
        return violations
    for (ei, _, anchor, en_n), (di, _, _, de_n) in zip(en, de, strict=True):
        if en_n != de_n:
            violations.append(
                Violation(
                    "twin",
                    di,
                    f"section {anchor or '(top)'} has {de_n} bullet items in German, {en_n} in "
                    f"English (cell {ei})",
                )
            )
    return violations
