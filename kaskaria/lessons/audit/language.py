"""The slips a teacher finds without a native reading: English left in a German notebook (words,
menu paths, the engine's action codes), "Chance" where German school maths says
"Wahrscheinlichkeit", the made-up word "Kernweg"; and a printed worksheet that sends the pupil to
the notebook, leaves an extension unmarked or gives an answer away on its own page, or whose
first part (handed out before the predictions) answers one of them. The rules
are in the package's docstring ("The teacher's reading")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from ..content import LessonPlan, Question
from ..worksheets import part_one, part_three, part_two
from ..worksheets import worksheet as sheet
from .notebook import Cell, Violation, _snippet, html_text, markdown_text
from .numbers import find_forms
from .screen import answer_words, said_in_words, screen_forms, told_with_outcome

__all__ = [
    "german",
    "german_slips",
    "pupil_text",
    "worksheet",
    "worksheet_front",
    "worksheet_front_text",
    "worksheet_text",
]


# ---------------------------------------------------------------------------------------------
# German
# ---------------------------------------------------------------------------------------------
def pupil_text(cell: Cell) -> str:
    """The words a pupil reads in a cell: rendered markdown without code spans, code blocks or
    link targets; of a code cell its outputs (the HTML when there is one, else the plain text;
    printed text), never its source."""
    if cell.kind == "markdown":
        text = re.sub(r"```.*?```", " ", cell.source, flags=re.DOTALL)
        text = re.sub(r"`[^`\n]*`", " ", text)
        return markdown_text(text)
    if cell.kind != "code":
        return ""
    kinds = {k for k, _ in cell.outputs}
    shown = []
    for kind, text in cell.outputs:
        if kind == "text/plain" and "text/html" in kinds:
            continue
        if kind == "stream" and "Traceback" in text:
            continue
        shown.append(text)
    return "\n".join(shown)


#: each slip: its name, what to write instead, and the pattern that finds it (case matters)
_SLIPS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    (
        "a menu path in English",
        "say what to do in German (or show the button)",
        re.compile(
            r"\b(?:Run|Kernel|File|Edit|View|Cell)\s*[▸>→»]\s*[A-Z][\w ]*|\bRun All Cells\b"
            r"|\bRestart Kernel\b"
        ),
    ),
    (
        "an action code of the engine",
        "the move in German words, as the table's buttons say it",
        re.compile(
            r"\b(?:place|roll|draw|take|play|send|give|ask|offer|propose|accept|refuse|steal)"
            r"(?:\s+(?:black|yellow|red|blue|purple|silver|green|white|orange|turquoise|with|on|"
            r"from|all|again|the|a|gold|display|pile|set|nothing|\d+))+\b"
        ),
    ),
    (
        "an English word",
        "German",
        re.compile(
            r"(?<![\w`'./-])(?:the|and|with|you|your|of|is|are|this|that|which|what|from|"
            r"yellow|purple|silver|black|blue|red|green|white|dice|cards?|dragons?|players?|"
            r"turn|pile|button|buttons|roll|place|again|stop|Run|Cells)(?![\w'`/-])"
        ),
    ),
    (
        '"Chance"',
        '"Wahrscheinlichkeit" (school maths), or say it another way',
        re.compile(r"\b\w*[Cc]hancen?\b"),
    ),
    ('"Kernweg"', '"der Hauptteil", "die Stunde" or "der Pflichtteil"', re.compile(r"\bKernweg")),
    ('"Teiler"', '"wer teilt" ("Teiler" is a divisor)', re.compile(r"\bTeilers?\b")),
)


#: a menu item of JupyterLab as Binder shows it (in English: Binder has no German language pack),
#: named with its German meaning in brackets right after it ("Run All Above Selected Cell (alles
#: oberhalb ausführen)"): the pupil reads what to do in German and finds the item as it is written
_GLOSSED_MENU = re.compile(
    r"\b(?:Run All Above Selected Cell|Run Selected Cell and All Below|Run)\*?\s+\(([^)]*[Aa]usführen[^)]*)\)"
)


def without_glossed_menus(text: str) -> str:
    """``text`` with each menu item named with its German meaning (:data:`_GLOSSED_MENU`) left as
    that meaning alone."""
    return _GLOSSED_MENU.sub(lambda m: m[1], text)


#: a Markdown code span (``pupil_text`` leaves them out: Python names are no slip)
_CODE_SPAN = re.compile(r"`([^`\n]*)`")


def german_slips(text: str) -> list[tuple[str, str, int, str]]:
    """Every slip in a German ``text``: ``(what, instead, where, the words)``, an action code
    before the English words inside it."""
    found: list[tuple[str, str, int, str]] = []
    taken: list[tuple[int, int]] = []
    for name, instead, pattern in _SLIPS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            found.append((name, instead, m.start(), m[0]))
    return sorted(found, key=lambda f: f[2])


def german(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """A German notebook's mechanical slips (:func:`german_slips`), one violation per cell and
    kind of slip; an English notebook has none."""
    if lang != "de":
        return []
    violations = []
    # the Python names the pupils' cells set ("chance"): the task names them as code, not German
    names = {q.code.name(lang) for q in plan.code_tasks if q.code is not None}
    for cell in cells:
        text = without_glossed_menus(pupil_text(cell))
        for name in names:
            text = re.sub(rf"(?<![\w`'./-]){re.escape(name)}(?![\w'`/-])", " ", text)
        seen: dict[str, list[str]] = {}
        first: dict[str, tuple[str, int, str]] = {}
        found = german_slips(text)
        # a menu path is a slip even set as code (`Run ▸ Run All Cells`): the pupil still has to
        # find an English menu
        spans = " · ".join(_CODE_SPAN.findall(cell.source)) if cell.kind == "markdown" else ""
        if spans:
            start = len(text) + 1
            text = f"{text} {spans}"
            what, instead_menu, menu = _SLIPS[0]
            found += [(what, instead_menu, start + m.start(), m[0]) for m in menu.finditer(spans)]
        for name, instead, at, slip in found:
            seen.setdefault(name, []).append(slip)
            first.setdefault(name, (instead, at, slip))
        for name, slips in seen.items():
            instead, at, hit = first[name]
            more = f" (and {len(slips) - 1} more)" if len(slips) > 1 else ""
            violations.append(
                Violation(
                    "german",
                    cell.index,
                    f"{name}: {hit!r}{more}; instead: {instead}: {_snippet(text, at, len(hit))!r}",
                )
            )
    return violations


# ---------------------------------------------------------------------------------------------
# the printed worksheet
# ---------------------------------------------------------------------------------------------
def worksheet_text(html: str) -> str:
    """What the pupil reads on a worksheet: its questions, notes and tables (the header and the
    footer, which names the notebook the sheet goes with, left out)."""
    body = html.split("<body", 1)[-1]
    body = re.sub(r"<header>.*?</header>|<footer>.*?</footer>", " ", body, flags=re.DOTALL)
    return html_text(body)


_NOTEBOOK_REFS = re.compile(
    r"\b(?:sections?|Abschnitte?n?)\s+\d+|\b(?:notebook|Notebook)\s+\d+|\b(?:extension|"
    r"Erweiterung)\s+[A-F]\b|\bthe lesson\b|\bder Stunde\b|\bin the notebook\b|\bim Notebook\b",
)


def worksheet(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """The lesson's printed worksheet (``kaskaria.lessons.worksheets``) in the notebook's
    language stands alone: nothing on it sends the pupil to the notebook ("section 3 of the
    lesson names them"), every extension question on it stands in its section for the extensions
    (headed "If you finish early"), and no other question there, and no part of the
    page shows an exercise's or exit ticket's answer in any form a teacher looks for (the
    complement too). A prediction's answer may stand in part two, which pupils get after the
    predictions; :func:`worksheet_front` reads part one for them."""
    html = sheet(plan, lang)
    text = worksheet_text(html)
    violations = []
    said: set[str] = set()
    for m in _NOTEBOOK_REFS.finditer(text):
        start = max(text.rfind(".", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
        sentence = " ".join(text[start : m.end() + 80].split(".")[0].split())
        if sentence in said:
            continue  # one finding per sentence ("section 3 of the lesson")
        said.add(sentence)
        violations.append(
            Violation(
                "worksheet",
                None,
                f"the worksheet sends the pupil to the notebook: {sentence[:120]!r}",
            )
        )
    items = dict(re.findall(r'<li id="([^"]+)">(.*?)</li>', html, flags=re.DOTALL))
    extensions = {
        qid
        for section in re.findall(r'<section class="extensions">.*?</section>', html, re.DOTALL)
        for qid in re.findall(r'<li id="([^"]+)">', section)
    }
    for q in plan.questions():
        if q.id not in items:
            continue
        if q.extension != (q.id in extensions):
            where = "outside" if q.extension else "inside"
            violations.append(
                Violation(
                    "worksheet",
                    None,
                    f"{q.id} is {'an' if q.extension else 'no'} extension, printed {where} the "
                    "sheet's section for the extensions",
                    q.id,
                )
            )
        if q in plan.predictions:
            # part two answers the predictions (it is handed out after them): what a pupil
            # holds before voting is part one, read by ``worksheet-front``
            continue
        rest = re.sub(rf'<li id="{re.escape(q.id)}">.*?</li>', " ", html, flags=re.DOTALL)
        hits = find_forms(screen_forms(q, lang), worksheet_text(rest), lang)
        if hits:
            form, hit, _ = hits[0]
            violations.append(
                Violation(
                    "worksheet",
                    None,
                    f"{q.id}: the sheet shows {hit!r} elsewhere on the page, the answer "
                    f"{form.describe(lang)} ({form.origin})",
                    q.id,
                )
            )
    return violations


def worksheet_front_text(html: str, qid: str | None = None, asked: Sequence[str] = ()) -> str:
    """What a pupil holds from the start of the lesson: part one of a worksheet (its header,
    the first rule box, the predictions and the exercises asked before page 2), the question
    ``qid``'s own item left out, and the prompts ``asked`` too (an exercise's question as the
    notebook asks it before the prediction, which the on-screen check reads there; its note
    and room stay)."""
    front = part_one(html)
    if qid is not None:
        front = re.sub(rf'<li id="{re.escape(qid)}">.*?</li>', " ", front, flags=re.DOTALL)
    for prompt in asked:  # the prompt after its number ("Exercise 1"), if the sheet prints one
        front = re.sub(
            rf'<p>(?:<b class="number">[^<]*</b> )?{re.escape(escape(prompt))}</p>', " ", front
        )
    return html_text(front)


def _answered(q: Question, text: str, lang: str) -> str | None:
    """How ``text`` answers the prediction ``q``, if it does: its number in any form or its
    complement, its giveaway words, a sentence that states a choice's answer or tells a yes/no
    question's situation with its outcome."""
    hits = find_forms(screen_forms(q, lang), text, lang)
    if hits:
        form, hit, at = hits[0]
        what = "giveaway words" if form.phrase else f"the answer {form.describe(lang)}"
        return f"shows {hit!r}, {what} ({form.origin}): {_snippet(text, at, len(hit))!r}"
    said = said_in_words(answer_words(q, lang), text, lang) or told_with_outcome(q, text, lang)
    if said:
        return (
            f"states the answer (it shares {', '.join(said[2])} with the question and its "
            f"answer): {_snippet(said[1], 0, 80)!r}"
        )
    return None


def _before(plan: LessonPlan, first: str, then: str) -> bool:
    """Whether the lesson asks question ``first`` before ``then`` (the order of its text)."""
    return plan.order.index(first) < plan.order.index(then) if plan.order else False


def worksheet_front(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """Part one of the lesson's printed worksheet (the first page: the header, the rule box of
    what pupils know before the lesson, the predictions), which pupils hold from the start,
    answers none of the lesson's predictions, printed on the sheet or asked aloud, core or
    extension: not its number in any form or its complement (:func:`screen_forms`), not its
    giveaway words, not a sentence that states a choice's answer (:func:`said_in_words`) or
    tells a yes/no question's situation with its outcome (:func:`told_with_outcome`). A rule a
    prediction asks pupils to find belongs in the rule box of part two (``worksheet rules
    found``), which is handed out at the lesson's ``worksheet page 2`` moment (after the vote on
    ``plan.sheet_after``; else after the last prediction of the core path); so part two answers no
    prediction asked after that moment, and neither it nor part three (the exit ticket) answers a
    prediction of the extensions (they come after the exit ticket)."""
    html = sheet(plan, lang)
    ids = [q.id for q in plan.predictions]
    core = [q.id for q in plan.predictions if not q.extension]
    last = plan.sheet_after or (core[-1] if core else None)
    out = ids.index(last) if last in ids else len(ids)
    after = html_text(part_two(html))
    rest = part_two(html) + part_three(html)
    violations = []
    for at, q in enumerate(plan.predictions):
        asked = [
            e.prompt[lang]
            for e in plan.exercises
            if e.id in plan.sheet_front and _before(plan, e.id, q.id)
        ]
        found = _answered(q, worksheet_front_text(html, q.id, asked), lang)
        if found:
            violations.append(
                Violation(
                    "worksheet-front",
                    None,
                    f"{q.id}: part one of the worksheet, which pupils hold before they vote, "
                    f"{found}; the rule belongs in the rule box of part two "
                    f"(worksheet rules found)",
                    q.id,
                )
            )
            continue
        if q.extension:
            # its own item (in the section for the extensions on page 2) is no answer
            own = rf'<li id="{re.escape(q.id)}">.*?</li>'
            found = _answered(q, html_text(re.sub(own, " ", rest, flags=re.DOTALL)), lang)
            told = "part two of the worksheet, handed out before the extensions,"
        else:
            found = _answered(q, after, lang) if at > out else None
            told = f"part two of the worksheet, handed out after the vote on {last!r},"
        if found:
            violations.append(
                Violation(
                    "worksheet-front",
                    None,
                    f"{q.id}: {told} {found}; the prediction comes later",
                    q.id,
                )
            )
    return violations
