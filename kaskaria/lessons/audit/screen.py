"""What a class sees after Run All, before anyone answers: the checks of a teacher's reading of a
pupil notebook that look for an answer on screen (``on-screen``), evidence drawn after a reveal
instead of inside it (``after-reveal``), a reveal stored open (``reveal-closed``) and a pointer to
the answers (``answer-link``). The rules are in the package's docstring ("The teacher's reading").

Everything here is derived from the lesson plan (each question's exact answer from the engine,
its kind, its choices and explanation) and from the notebook's structure (its headings, its
``L.<method>(...)`` calls); a question's ``giveaways`` add only what cannot be derived.
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...i18n import text as _t
from ..content import LessonPlan, Question
from .notebook import (
    Cell,
    Violation,
    _pieces,
    _snippet,
    _teacher_cells,
    calls,
    core_end,
    headings,
    html_text,
    markdown_text,
)
from .numbers import Form, answer_forms, find_forms

__all__ = [
    "Asked",
    "Section",
    "after_reveal",
    "answer_link",
    "further_down",
    "heading_tells",
    "heading_verdict",
    "answer_words",
    "asked",
    "buttons",
    "on_screen",
    "reveal_closed",
    "screen_forms",
    "sections_of",
]

#: the heading level that ends a part of a lesson: "##" on the core path (its "###" headings
#: are an exercise, a "your turn" or the exit ticket of the section above), "###" among the
#: extensions (each "### A." part stands on its own)
CORE_LEVEL, EXTENSION_LEVEL = 2, 3
#: the calls that make pupils type or compute an answer of their own (an exercise)
EXERCISES = frozenset({"exercise", "exit_ticket", "your_turn", "check_code"})
#: every call that asks the pupils something
QUESTIONS = EXERCISES | {"predict"}
_ROLE = {
    "predict": "prediction",
    "exercise": "exercise",
    "exit_ticket": "exit ticket",
    "check_code": "your-turn task",
}
#: a game table's moves, as its stored HTML names them (kaskaria.present buttons_html; a notebook
#: stored before drew them as framed words)
_BUTTON = re.compile(
    r'<span class="kaskaria-static-move">|'
    r'<span style="border:1px solid #888;border-radius:0\.3em;padding:0\.1em 0\.4em">'
)
_DETAILS = re.compile(r"<details\b.*?</details\s*>", re.IGNORECASE | re.DOTALL)
#: a fold of a markdown cell that is stored closed (no ``open``): its summary shows, the rest is
#: drawn only when a pupil opens it, like a reveal ("Which numbers are bad? Say it first, then
#: open.")
_CLOSED_FOLD = re.compile(
    r"<details(?![^>]*\bopen\b)[^>]*>\s*(<summary\b.*?</summary\s*>)?.*?</details\s*>",
    re.IGNORECASE | re.DOTALL,
)


def _folded(source: str) -> str:
    """A markdown cell's source as it shows before anyone opens a fold: each closed
    ``<details>`` keeps only its summary."""
    return _CLOSED_FOLD.sub(lambda m: f" {m.group(1) or ''} ", source)


# ---------------------------------------------------------------------------------------------
# where a question is asked, and what a pupil sees before committing
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Section:
    """A heading and the cells directly under it (up to the next heading of any level), with the
    calls made there (``predict``, ``exercise``, ...)."""

    cell: int
    level: int
    title: str
    end: int
    asks: frozenset[str]


def sections_of(cells: Sequence[Cell]) -> list[Section]:
    """Every heading of the notebook as a :class:`Section`, in order."""
    marks = headings(cells)
    made = calls(cells)
    out = []
    for n, (index, level, text, _) in enumerate(marks):
        end = marks[n + 1][0] if n + 1 < len(marks) else len(cells)
        asks = frozenset(m for i, m, _ in made if index <= i < end) if end > index else frozenset()
        out.append(Section(index, level, text, end, asks))
    return out


@dataclass(frozen=True)
class Asked:
    """A question as the notebook asks it: its role, the cell that asks it, where the pupil
    commits (the reveal of a prediction, the answer box of an exercise or exit ticket, the check
    of a "your turn" task), and the window of cells a pupil sees before committing:
    ``start`` up to ``end`` (exclusive), less the question's ``own`` cells (its prediction's
    choices, its reveal, its answer box)."""

    question: Question
    role: str
    cell: int
    commit: int
    reveal: int | None
    own: frozenset[int]
    start: int
    end: int
    #: the cell whose source belongs to the question (the check of a "your turn" task: only its
    #: output is on screen as the pupil's)
    quiet_source: int | None = None
    #: where the question's own section ends (the next heading of its part's level after the
    #: commit): below it, a small count ("4 points") is another situation's number
    section_end: int = 0

    def describe(self) -> str:
        if self.role == "prediction":
            shown = f"revealed in cell {self.reveal}" if self.reveal is not None else "no reveal"
            return f"prediction in cell {self.cell}, {shown}"
        if self.role == "your-turn task":
            return f"your-turn task checked in cell {self.cell}"
        return f"{self.role} in cell {self.cell}"

    @property
    def window(self) -> range:
        return range(self.start, self.end)


def _level(cells: Sequence[Cell], index: int) -> int:
    end = core_end(cells)
    return CORE_LEVEL if end is None or index < end else EXTENSION_LEVEL


def _break_after(
    parts: Sequence[Section], after: int, level: int, forbidden: frozenset[str], size: int
) -> int:
    """The first heading after cell ``after``, of ``level`` or above, whose section asks nothing
    ``forbidden``: the section break that ends a question's window."""
    for part in parts:
        if part.cell > after and part.level <= level and not part.asks & forbidden:
            return part.cell
    return size


def asked(cells: Sequence[Cell], plan: LessonPlan) -> list[Asked]:
    """Every question the notebook asks, with its window (see the package's docstring): a
    prediction from its section's heading to the next section break without an exercise after
    its reveal; an exercise, exit ticket or "your turn" task from the top of the notebook to the
    next section break that asks nothing at all (pupils who type an answer work on their own and
    scroll further than a class that votes together)."""
    made = calls(cells)
    first: dict[tuple[str, str], int] = {}
    for index, method, qid in made:
        first.setdefault((method, qid), index)
    known = {q.id: q for q in plan.questions()}
    parts = sections_of(cells)
    out = []
    for (method, qid), index in first.items():
        q = known.get(qid)
        if q is None or method not in _ROLE:
            continue
        level = _level(cells, index)
        if method == "predict":
            reveal = first.get(("reveal", qid))
            commit = reveal if reveal is not None and reveal > index else index
        else:
            commit = index
        closes = _break_after(parts, commit, level, frozenset(), len(cells))
        if method == "predict":
            reveal = first.get(("reveal", qid))
            reveal = reveal if reveal is not None and reveal > index else None
            commit = reveal if reveal is not None else index
            start = max((p.cell for p in parts if p.cell <= index and p.level <= level), default=0)
            end = _break_after(parts, commit, level, EXERCISES, len(cells))
            own = frozenset({index} | ({reveal} if reveal is not None else set()))
            out.append(Asked(q, "prediction", index, commit, reveal, own, start, end, None, closes))
        elif method == "check_code":
            end = _break_after(parts, index, level, QUESTIONS, len(cells))
            out.append(
                Asked(q, _ROLE[method], index, index, None, frozenset(), 0, end, index, closes)
            )
        else:
            end = _break_after(parts, index, level, QUESTIONS, len(cells))
            # an exercise's own reveal below its box (L.reveal(qid, then=...)) carries the
            # evidence that would show its answer: drawn only when pressed, like a prediction's
            reveal = first.get(("reveal", qid)) if method == "exercise" else None
            reveal = reveal if reveal is not None and reveal > index else None
            own = frozenset({index} | ({reveal} if reveal is not None else set()))
            out.append(Asked(q, _ROLE[method], index, index, reveal, own, 0, end, None, closes))
    return out


# ---------------------------------------------------------------------------------------------
# the forms of an answer a teacher looks for
# ---------------------------------------------------------------------------------------------
def screen_forms(q: Question, lang: str) -> list[Form]:
    """Every form of ``q``'s answer (:func:`answer_forms`) and, for each share between 0 and 1,
    its complement (a chart of failing chances answers "what is the chance it works?")."""
    forms = answer_forms(q, lang)
    out = list(forms)
    for f in forms:
        if f.value is not None and 0 < f.value < 1:
            out.append(
                Form(q.id, 1 - f.value, f.width, units=f.units, origin=f"complement ({f.origin})")
            )
    unique: dict[tuple[object, ...], Form] = {}
    for f in out:
        unique.setdefault((f.value, f.width, f.phrase), f)
    return list(unique.values())


def whole_answer(q: Question) -> int | None:
    """The answer as a whole number of things, if it is one (a count, or a choice named by one)."""
    try:
        value = Fraction(str(q.exact()).replace(",", ""))
    except (ValueError, ZeroDivisionError):
        return None
    return int(value) if value.denominator == 1 and value >= 0 else None


_HOW_MANY = re.compile(r"\bhow\s+many\b|\bwie\s+vielen?\b|\bcount\s+the\b|\bzähle\b", re.I)


_LABEL = re.compile(_BUTTON.pattern + r"(.*?)</span>", re.DOTALL)


def buttons(cell: Cell) -> list[str]:
    """The buttons a game table of this cell shows, by their words (none: no table)."""
    found: list[str] = []
    for html in cell.html:
        labels = [_html.unescape(x) for x in _LABEL.findall(html)]
        if len(labels) > len(found):
            found = labels
    return found


def counted_buttons(q: Question, cell: Cell, lang: str) -> int | None:
    """The answer of a "how many" question, when a table of ``cell`` shows that many buttons
    about the same things (its buttons' words share a word with the question: "send ... to the
    dragons" and "big knight (4) → dragon 1")."""
    if not _HOW_MANY.search(q.prompt[lang]):
        return None
    count = whole_answer(q)
    labels = buttons(cell)
    if count is None or count < 2 or len(labels) != count:
        return None
    return count if stems(" ".join(labels), lang) & stems(q.prompt[lang], lang) else None


# the words that say nothing about an answer: dropped before two texts are compared
_STOP = {
    "en": set(
        "a an the and or but if so then than that this these those it its it's they them their "
        "there here is are was were be been being am do does did done has have had will would "
        "can could may might must shall should of in on at to from by for with without into "
        "onto out up down over under about after before again also only just not no yes any "
        "all every each both one two three four five six seven eight nine ten more most less "
        "fewer some other another same what which who whom whose when where why how you your "
        "he she his her we our us i me my as too very even still now already once many much "
        "take takes took taken get gets got make makes made put puts give gives go goes come "
        "comes see sees look looks keep keeps let sure".split()
    ),
    "de": set(
        "ein eine einer eines einem einen der die das den dem des und oder aber wenn so dann "
        "als dass dies diese dieser dieses es sie ihr ihre ihren ihrem ihn er ist sind war "
        "waren sein gewesen wird werden würde kann können darf dürfen muss müssen soll sollen "
        "hat haben hatte von in im an am auf aus bei mit ohne nach vor zu zum zur für über "
        "unter um auch nur noch schon nicht kein keine keinen ja nein alle jede jeder jedes "
        "beide eins zwei drei vier fünf sechs sieben acht neun zehn mehr meist weniger "
        "andere anderen gleich was welche welcher wer wen wem wann wo warum wie du dein deine "
        "wir uns ich mich mein man sich sehr viele vielen viel nimmt nehmen nimm gibt geben "
        "macht machen bekommt bekommen sieht sehen schau geht gehen kommt kommen sicher".split()
    ),
}
_WORDS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def _stem(word: str, lang: str) -> str:
    """A word's stem, roughly: "dragons", "dragon" -> "dragon"; "moves", "moving" -> "mov";
    "Drachen", "Drache" -> "drach"."""
    word = word.lower().replace("’", "'")
    if lang == "de":
        for ending in ("ern", "en", "er", "es", "em", "e", "n", "s"):
            if word.endswith(ending) and len(word) - len(ending) >= 4:
                return word[: -len(ending)]
        return word
    word = word.removesuffix("'s")
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        word = word[:-1]
    for ending in ("ing", "ed", "e"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def stems(text: str, lang: str) -> set[str]:
    """The words of ``text`` that carry meaning, as stems (stop words and numbers dropped)."""
    stop = _STOP.get(lang, _STOP["en"])
    return {_stem(w, lang) for w in _WORDS.findall(text) if len(w) > 2 and w.lower() not in stop}


def _first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s+", text.strip(), maxsplit=1)[0]


def answer_words(q: Question, lang: str) -> frozenset[str]:
    """The words that say a choice question's answer: those of the right choice and of the first
    sentence of its explanation (what the answer is; the rest says why) that neither the question
    nor a wrong choice uses. For a lone wizard: "player", "take", "draw", "magic", "item", ..."""
    if q.kind != "choice":
        return frozenset()
    right = str(q.exact())
    label = next((c.label[lang] for c in q.choices if c.value == right), right)
    words = stems(label, lang) | stems(_first_sentence(q.explain[lang]), lang)
    words -= stems(q.prompt[lang], lang)
    for c in q.choices:
        if c.value != right:
            words -= stems(c.label[lang], lang)
    return frozenset(words)


#: a sentence states a choice's answer when it has at least this many of its answer words, and
#: at least this share of them
WORDS_SHARED, WORDS_SHARE = 3, Fraction(1, 3)


def _split(text: str, ends: str) -> list[tuple[int, str]]:
    """The pieces of ``text`` (with where each starts) split after any of ``ends``, at blank
    lines and at list items."""
    out, at = [], 0
    for piece in re.split(rf"(?<=[{ends}])\s+|\n\s*\n|\n\s*[-*]\s+", text):
        found = text.find(piece, at)
        at = found + len(piece) if found >= 0 else at
        if piece.strip():
            out.append((max(found, 0), piece))
    return out


def _sentences(text: str) -> list[tuple[int, str]]:
    return _split(text, ".!?:;")


def said_in_words(words: frozenset[str], text: str, lang: str) -> tuple[int, str, list[str]] | None:
    """The first sentence of ``text`` that states an answer made of ``words``: ``(where, the
    sentence, the words it shares)``."""
    need = max(WORDS_SHARED, -(-len(words) * WORDS_SHARE.numerator // WORDS_SHARE.denominator))
    if len(words) < need:
        return None
    for at, sentence in _sentences(text):
        shared = sorted(stems(sentence, lang) & words)
        if len(shared) >= need:
            return at, sentence, shared
    return None


# ---------------------------------------------------------------------------------------------
# the checks
# ---------------------------------------------------------------------------------------------
def _texts(cell: Cell, with_source: bool) -> list[tuple[str, str, bool]]:
    """What a pupil sees of a cell: rendered markdown, its source unless hidden, its outputs."""
    out = []
    for where, text, code in _pieces(cell, with_source=with_source and not cell.hidden):
        out.append((where, markdown_text(_folded(text)) if where == "markdown" else text, code))
    return out


def _describe_origin(form: Form) -> str:
    if form.origin.startswith("complement"):
        return "the complement of the answer"
    if form.phrase:
        return "words that give the answer away"
    return "the answer"


def on_screen(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """Every cell that shows a question's answer before the pupil commits: in its window, the
    number in any form or its complement (:func:`screen_forms`; below the question's own section
    a small count needs to be no other situation's, so only the other forms count there), the
    plan's giveaway words, or, for a prediction, a sentence that states its answer
    (:func:`answer_words`); anywhere above its window's end, a table whose buttons can be counted
    for a "how many" answer (:func:`counted_buttons`). One violation per question and cell."""
    teacher = _teacher_cells(cells)
    opening = _opening_end(cells)
    violations = []
    for a in asked(cells, plan):
        q = a.question
        forms = screen_forms(q, lang)
        far = [f for f in forms if not f.small]
        words = answer_words(q, lang) if a.role == "prediction" else frozenset()
        for i in range(a.end):
            cell = cells[i]
            if i in a.own or i in teacher or q.id in cell.allowed():
                continue
            found = None
            if i >= a.start or i < opening:
                # the lesson's opening (its title, what pupils will learn) is read aloud before
                # every question: a goal may not tell a prediction's answer (its number or its
                # giveaway words; the goals share words with every answer, so no sentence test)
                top = i < a.start
                here = far if top or (i > a.commit and i >= a.section_end) else forms
                for where, text, code in _texts(cell, with_source=i != a.quiet_source):
                    hits = find_forms(here, text, lang, code)
                    if hits:
                        form, hit, at = hits[0]
                        found = (
                            f"its {where} shows {hit!r}, {_describe_origin(form)} "
                            f"{form.describe(lang)} ({form.origin}): "
                            f"{_snippet(text, at, len(hit))!r}"
                        )
                        break
                    said = None if code or top else said_in_words(words, text, lang)
                    if said:
                        at, sentence, shared = said
                        found = (
                            f"its {where} states the answer in words (it shares "
                            f"{', '.join(shared)} with the answer): {_snippet(sentence, 0, 60)!r}"
                        )
                        break
            count = counted_buttons(q, cell, lang)
            if found is None and count is not None:
                found = f"its table shows {count} buttons to count, the answer {count}"
            if found:
                violations.append(
                    Violation("on-screen", i, f"{q.id} ({a.describe()}): {found}", q.id)
                )
        if a.role == "prediction":
            for check, says in (
                (
                    heading_tells,
                    "names what the vote should find ({}, the words of its hint and its answer)",
                ),
                (heading_verdict, "passes the verdict the vote should reach ({})"),
            ):
                found_above = check(cells, a, lang)
                if found_above is not None and found_above[0] not in teacher:
                    at, heading, named = found_above
                    violations.append(
                        Violation(
                            "on-screen",
                            at,
                            f"{q.id} ({a.describe()}): its heading {heading!r}, right above the "
                            f"vote, " + says.format(", ".join(named)),
                            q.id,
                        )
                    )
    return violations


def _heading_above(cells: Sequence[Cell], a: Asked, lang: str) -> tuple[int, str, set[str]] | None:
    """The heading right above a prediction's vote and the words the vote's own situation uses
    (its question, its choices, the text between the heading and the vote); None when there is
    no heading or the heading cell keeps its words with ``audit-allow``."""
    q = a.question
    above = [h for h in headings(cells) if h[0] <= a.cell]
    if not above:
        return None
    index, _, heading, _ = above[-1]
    if q.id in cells[index].allowed():
        return None
    known = stems(q.prompt[lang], lang)
    for c in q.choices:
        known |= stems(c.label[lang], lang)
    for i in range(index, a.cell):
        if cells[i].kind == "markdown":
            known |= stems(markdown_text(cells[i].source).replace(heading, " ", 1), lang)
    return index, heading, known


def heading_tells(cells: Sequence[Cell], a: Asked, lang: str) -> tuple[int, str, list[str]] | None:
    """The heading right above a prediction's vote, when it names what the vote should find: it
    shares a word with both the question's hint and its explanation (the rule the vote leads to,
    "Judge the choice, not the luck" above "Your roll failed. Was stopping the better choice?")
    that neither the question, its choices nor the text between the heading and the vote uses
    (the situation's own words: "What if? A turn that failed" above a turn that failed).
    ``(the heading's cell, its text, the words it shares)``; a heading cell may keep its words
    with ``audit-allow`` and a reason."""
    found = _heading_above(cells, a, lang)
    if found is None:
        return None
    index, heading, known = found
    q = a.question
    shared = (
        (stems(heading, lang) - known) & stems(q.hint[lang], lang) & stems(q.explain[lang], lang)
    )
    return (index, heading, sorted(shared)) if shared else None


#: words that pass a verdict on what a vote asks about: whether something works, fails or wins
VERDICTS = {
    "en": "break breaks broken fail fails failure wrong win wins lose loses beat beats trap flaw "
    "paradox",
    "de": "versagt versagen scheitert scheitern klappt funktioniert gewinnt verliert schlägt "
    "kaputt bricht",
}


def heading_verdict(
    cells: Sequence[Cell], a: Asked, lang: str
) -> tuple[int, str, list[str]] | None:
    """The heading right above a prediction's vote, when it passes a verdict the vote should
    reach ("Three players: where divide and choose breaks" above "Can somebody end up
    jealous?"): a word of :data:`VERDICTS` that neither the question, its choices nor the text
    between the heading and the vote uses. A heading that is itself a question ("Does it
    break?") asks, and is let alone. ``(the heading's cell, its text, the verdict words)``; a
    heading cell may keep its words with ``audit-allow`` and a reason."""
    found = _heading_above(cells, a, lang)
    if found is None:
        return None
    index, heading, known = found
    if heading.rstrip().endswith("?"):
        return None
    verdicts = stems(VERDICTS.get(lang, VERDICTS["en"]), lang)
    said = (stems(heading, lang) - known) & verdicts
    return (index, heading, sorted(said)) if said else None


def _opening_end(cells: Sequence[Cell]) -> int:
    """Where a lesson's opening ends: its first section heading of the core path ("##"). The
    cells above it (the title, the goals that ``L.intro()`` prints, the game in a few sentences)
    are what a class reads before any question."""
    return next((p.cell for p in sections_of(cells) if p.level == CORE_LEVEL), 0)


def _question_cells(cells: Sequence[Cell]) -> set[int]:
    """Cells that ask or check a question, and the pupils' own cells of a "your turn" task."""
    made = calls(cells)
    found = {i for i, m, _ in made if m in QUESTIONS | {"reveal"}}
    turns = [i for i, m, _ in made if m == "your_turn"]
    checks = [i for i, m, _ in made if m == "check_code"]
    for t in turns:
        later = [c for c in checks if c > t]
        if later:
            found.update(range(t, later[0] + 1))
    return found


def _says_something(cell: Cell) -> str:
    if cell.kind == "markdown":
        lines = [
            x
            for x in markdown_text(cell.source).splitlines()
            if x.strip() and not x.lstrip().startswith("#")
        ]
        return " ".join(" ".join(lines).split())
    if cell.kind == "code":
        kinds = {k for k, _ in cell.outputs}
        # what a pupil sees: the HTML when there is one (a table's board, not its repr)
        shown = [
            t
            for k, t in cell.outputs
            if t and k != "image" and not (k == "text/plain" and "text/html" in kinds)
        ]
        if shown or "image" in kinds:
            return " ".join(" ".join(shown).split()) or "(a picture)"
    return ""


def after_reveal(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """What follows a prediction's reveal (text, tables, charts, stories: the evidence for its
    answer, up to the next section break without an exercise: past a section break whose
    section asks an exercise, pupils work on and scroll on) is on screen before the class votes:
    it belongs inside the reveal (drawn when the pupil commits) or after the break. Cells of
    other questions and bare headings are left out."""
    teacher = _teacher_cells(cells)
    others = _question_cells(cells)
    violations = []
    for a in asked(cells, plan):
        if a.role != "prediction" or a.reveal is None:
            continue
        end = a.end
        for i in range(a.reveal + 1, end):
            cell = cells[i]
            if i in others or i in teacher or a.question.id in cell.allowed():
                continue
            said = _says_something(cell)
            if said:
                violations.append(
                    Violation(
                        "after-reveal",
                        i,
                        f"{a.question.id} ({a.describe()}): after the reveal, on screen "
                        f"before the class votes: {said[:70]!r}; it belongs inside the reveal or "
                        f"after the section break (cell {end})",
                        a.question.id,
                    )
                )
    return violations


_NUMBER_WORDS = {
    **{
        w: n
        for n, w in enumerate(
            "zero one two three four five six seven eight nine ten eleven twelve".split()
        )
    },
    **{
        w: n
        for n, w in enumerate(
            "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split()
        )
    },
    "ein": 1,
    "eine": 1,
    "einen": 1,
}


def _counts_in(text: str) -> set[int]:
    """The whole numbers a sentence names, in digits or as a word ("ten", "neun")."""
    found = {int(x) for x in re.findall(r"(?<![\d.,])\d{1,4}(?![\d.,]\d)", text)}
    found |= {_NUMBER_WORDS[w.lower()] for w in _WORDS.findall(text) if w.lower() in _NUMBER_WORDS}
    return found


def _statements(text: str) -> list[tuple[int, str]]:
    """The sentences of ``text`` split at full stops only ("Ten cards hold a set: there are nine
    colours." is one statement)."""
    return _split(text, ".!?")


def _yes_no(q: Question) -> bool:
    return q.kind == "choice" and {c.value for c in q.choices} == {"yes", "no"}


def told_with_outcome(q: Question, text: str, lang: str) -> tuple[int, str, list[str]] | None:
    """The first sentence of ``text`` that tells a yes/no question's situation with its outcome
    (its answer is the question turned into a statement): a statement (no question mark) with
    every number the question names, every word of what it asks (its last sentence, "Must she
    hold a set?") and at least :data:`WORDS_SHARED` of its words in all ("Ten cards
    always hold a set: there are only nine colours." for "Mia holds 10 cards, and there are 9
    colours. Must she hold a set?"). ``(where, the sentence, the words it shares)``. Other
    choices are told by their answer words (:func:`said_in_words`) or their ``giveaways``."""
    if not _yes_no(q):
        return None
    prompt = stems(q.prompt[lang], lang)
    numbers = _counts_in(q.prompt[lang])
    asks = [s for _, s in _statements(q.prompt[lang]) if s.rstrip().endswith("?")]
    point = stems(asks[-1], lang) if asks else set()
    if not numbers or not point:
        return None
    for at, sentence in _statements(text):
        if sentence.rstrip().endswith("?"):
            continue
        said = stems(sentence, lang)
        shared = sorted(said & prompt)
        if numbers <= _counts_in(sentence) and point <= said and len(shared) >= WORDS_SHARED:
            return at, sentence, shared
    return None


def _in_plain_view(cell: Cell) -> list[tuple[str, str, bool]]:
    """What a cell shows without a press: rendered markdown, its source unless hidden, its
    outputs as drawn (the HTML when there is one, less what a closed ``<details>`` holds)."""
    if cell.kind == "markdown":
        return [("markdown", markdown_text(_folded(cell.source)), False)]
    if cell.kind != "code":
        return []
    out = [] if cell.hidden else [("source", cell.source, True)]
    drawn = [html_text(_DETAILS.sub(" ", h)) for h in cell.html]
    out += [("output text/html", t, False) for t in drawn if t.strip()]
    for kind, text in cell.outputs:
        if text and kind != "text/html" and not (kind == "text/plain" and cell.html):
            out.append((f"output {kind}", text, False))
    return out


def _game_table(cell: Cell) -> bool:
    """A game table's output (its plain text is the object's ``<...>``): buttons and counters,
    no sentence of the lesson's."""
    return any(k == "text/plain" and t.lstrip().startswith("<") for k, t in cell.outputs)


def further_down(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """A question answered again further down, in plain view: below its window (:func:`asked`;
    later sections and the extensions, up to the notebook's end) no cell shows its answer in a
    form of ``on-screen`` (the number in any form or its complement; a small count only as a
    sum's result), its giveaway words, or, for a choice question, a sentence of the lesson's
    prose (markdown, printed text; not another question's cell, not a game table) that states
    its answer (:func:`said_in_words`) or tells its situation with its outcome
    (:func:`told_with_outcome`). After Run All a pupil who scrolls reads it before answering.
    What a closed reveal holds is drawn only when pressed and does not count; teacher notes do
    not count; a cell may keep a match with ``audit-allow`` and a reason."""
    teacher = _teacher_cells(cells)
    others = _question_cells(cells)
    violations = []
    for a in asked(cells, plan):
        q = a.question
        forms = [f for f in screen_forms(q, lang) if not f.small]
        words = answer_words(q, lang)
        for i in range(max(a.end, a.commit + 1), len(cells)):
            cell = cells[i]
            if i in a.own or i in teacher or q.id in cell.allowed():
                continue
            prose = i not in others and not _game_table(cell)
            found = None
            for where, text, code in _in_plain_view(cell):
                hits = find_forms(forms, text, lang, code)
                if hits:
                    form, hit, at = hits[0]
                    found = (
                        f"its {where} shows {hit!r}, {_describe_origin(form)} "
                        f"{form.describe(lang)} ({form.origin}): {_snippet(text, at, len(hit))!r}"
                    )
                    break
                if code or not prose:
                    continue
                said = said_in_words(words, text, lang) or told_with_outcome(q, text, lang)
                if said:
                    found = (
                        f"its {where} tells the answer (it shares {', '.join(said[2])} with "
                        f"the question and its answer): {_snippet(said[1], 0, 60)!r}"
                    )
                    break
            if found:
                violations.append(
                    Violation(
                        "further-down",
                        i,
                        f"{q.id} ({a.describe()}), answered further down in plain view: {found}; "
                        f"it belongs inside a reveal or after the question is answered",
                        q.id,
                    )
                )
    return violations


def reveal_closed(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """A reveal's stored output is its closed state (what nbval compares and a class sees after
    Run All): the plain text is its button alone, and its HTML shows the answer only inside a
    closed ``<details>``; no picture and no printed text."""
    button = f"[{_t('core', 'lesson.show_answer', lang)}]"
    violations = []
    for i, method, qid in calls(cells):
        if method != "reveal":
            continue
        cell = cells[i]
        wrong = []
        plain = [t.strip() for k, t in cell.outputs if k == "text/plain"]
        if plain != [button]:
            wrong.append(f"its plain text is {plain[:1]!r}, not the button {button!r}")
        if any(k in ("image", "stream") for k, _ in cell.outputs):
            wrong.append("it shows a picture or printed text")
        for html in cell.html:
            if re.search(r"<details\b[^>]*\bopen\b", html, re.I):
                wrong.append("its <details> is stored open")
            outside = re.sub(r"<[^>]*>", " ", _DETAILS.sub(" ", html))
            if outside.strip():
                wrong.append(
                    f"it shows {' '.join(outside.split())[:60]!r} outside the closed answer"
                )
        for w in wrong:
            violations.append(
                Violation("reveal-closed", i, f"{qid}: the reveal is not closed: {w}", qid)
            )
    return violations


_POINTERS = re.compile(
    r"teacher(?:'s|’s)? edition|answer key|answers?\.(?:en|de)\.html|\bteacher/[\w.-]+\.ipynb"
    r"|\]\(teacher/|href=\"teacher/|Ausgabe für Lehrkräfte|Lehrer(?:innen)?ausgabe|Lösungs(?:bogen|blatt|schlüssel)"
    r"|\bLösungen\b",
    re.IGNORECASE,
)


def answer_link(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> list[Violation]:
    """A pupil's notebook points to no answers: no ``L.teacher_edition_link()``, and no text that
    names or links the teacher edition or an answer key (the teacher finds them from the README
    and ``00-start-here``)."""
    violations = []
    for cell in cells:
        if cell.kind == "code" and re.search(r"\bteacher_edition_link\(", cell.source):
            violations.append(
                Violation(
                    "answer-link",
                    cell.index,
                    "L.teacher_edition_link() shows pupils where the answers are: the teacher finds "
                    "the edition from the README and 00-start-here",
                )
            )
            continue
        shown = [(w, t) for w, t, _ in _texts(cell, with_source=True)]
        shown += [("markdown", cell.source)] if cell.kind == "markdown" else []
        shown += [("output text/html", h) for h in cell.html]
        for where, text in shown:
            found = _POINTERS.search(text)
            if found:
                violations.append(
                    Violation(
                        "answer-link",
                        cell.index,
                        f"its {where} points pupils to the answers: "
                        f"{_snippet(text, found.start(), len(found[0]))!r}",
                    )
                )
                break
    return violations
