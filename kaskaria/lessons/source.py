"""The lessons as text a teacher can edit: one YAML file per notebook in ``kaskaria/lessons/text/``,
English and German side by side.

A file holds everything a lesson says: the title, the age band, the goals and the timing table;
the notebook cell by cell (Markdown, and the short code cells); every question where the lesson
first asks it (its prompt, choices, hint, explanation, the worksheet's room and note, the words that
would give its answer away); the discussion questions with their answers and the notes for the
teacher. ``kaskaria/lessons/text/README.md`` describes every key. Only what is computed stays in
Python: each question's exact answer (and, for a "your turn" task, the list of things that counts
as right too) is given by the question's id in the lesson's content module
(:mod:`kaskaria.lessons.content_dragon_battle`, ``content_heroes``, ``content_dragons_gold``), and
the tables and charts are the functions the code cells call.

From a file come:

- :func:`read`: its :class:`LessonText` (cells, questions and words, checked);
- :func:`notebook`: the pupils' notebook in one language, as nbformat JSON without outputs
  (``tools/make_lessons.py`` writes it to ``notebooks/`` and ``notebooks/de/`` and runs it);
- :func:`build`: the lesson's :class:`~kaskaria.lessons.content.LessonPlan`, given the answers.

The files are read with PyYAML, every value as text (so ``no`` or ``1.5`` stay the words written;
numbers and yes/no are read where a key expects them); a mistake names the file and its line.
Pure Python, no Jupyter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from ..i18n import LANGUAGES
from .content import Choice, CodeTask, Grid, LessonPlan, Part, Question, Words, Working

__all__ = [
    "TEXT",
    "Cell",
    "LessonText",
    "LessonTextError",
    "QuestionText",
    "build",
    "names",
    "notebook",
    "read",
    "skeleton",
]

#: the folder of the text files (package data: the widgets read the questions at run time)
TEXT = Path(__file__).resolve().parent / "text"
SUFFIX = ".yaml"

#: the key that starts a question in the cell list -> the plan's tuple that holds it
ROLES = {
    "predict": "predictions",
    "exercise": "exercises",
    "exit ticket": "exit_tickets",
    "your turn": "code_tasks",
}
CELL_KINDS = ("markdown", "code")

#: the notebooks' metadata (the kernel that runs them; running fills in the language's details)
NOTEBOOK_METADATA: dict[str, Any] = {
    "kernelspec": {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    },
    "language_info": {"name": "python"},
}

_YES = {"yes": True, "true": True, "no": False, "false": False}
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_WORKING = re.compile(r"^(\d+) (lines?|mm box)$")
#: the heading over an exercise in the notebook (``### Exercise 3 <a id="ex3"></a>``): its number
_EXERCISE_HEADING = re.compile(r"^#+\s+Exercise\s+(\d+)\b", re.MULTILINE)


class LessonTextError(ValueError):
    """A lesson's text that cannot be read: the message names the file and the line."""


# ---------------------------------------------------------------------------------------------
# reading YAML: every value is text, and knows its line
# ---------------------------------------------------------------------------------------------
class _Str(str):
    line: int


class _Map(dict[str, Any]):
    line: int
    #: the line of each key
    key_lines: dict[str, int]


class _List(list[Any]):
    line: int


def _loader() -> type:
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _convert(node: yaml.Node, path: Path, lines: list[str]) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        end = node.end_mark
        rest = lines[end.line][end.column :] if end.line < len(lines) else ""
        if not node.style and rest.lstrip().startswith("#"):
            # YAML drops " #..." after a plain text (no > or |): the text would end early
            raise _error(
                path,
                end.line + 1,
                "the text stops at ' #' (YAML reads the rest of the line as a comment): put a "
                "comment on a line of its own, and a text with ' #' in a block (> or |)",
            )
        out: Any = _Str(node.value)
    elif isinstance(node, yaml.SequenceNode):
        out = _List(_convert(item, path, lines) for item in node.value)
    elif isinstance(node, yaml.MappingNode):
        out = _Map()
        out.key_lines = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise _error(path, key_node.start_mark.line + 1, "a key must be a word")
            key = key_node.value
            if key in out:
                raise _error(
                    path,
                    key_node.start_mark.line + 1,
                    f"{key!r} is given twice here (first on line {out.key_lines[key]})",
                )
            out[key] = _convert(value_node, path, lines)
            out.key_lines[key] = key_node.start_mark.line + 1
    else:  # pragma: no cover - PyYAML has only these three
        raise _error(path, line, "unexpected YAML")
    out.line = line
    return out


def _error(path: Path, line: int | None, message: str) -> LessonTextError:
    where = f"{path.name}, line {line}" if line else path.name
    return LessonTextError(f"{where}: {message}")


def _parse(path: Path) -> _Map:
    text = path.read_text(encoding="utf-8")
    try:
        node = yaml.compose(text, Loader=_loader())
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        problem = " ".join(str(p) for p in (e.context, e.problem) if p)
        raise _error(path, line, f"not valid YAML ({problem}); check the indentation") from None
    if node is None or not isinstance(node, yaml.MappingNode):
        raise _error(path, 1, "a lesson's text is a list of keys (title:, cells:, ...)")
    data: _Map = _convert(node, path, text.split("\n"))
    return data


# ---------------------------------------------------------------------------------------------
# what a file holds
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """One cell of the notebook: ``"markdown"`` or ``"code"``, its id, its text in each language
    and its metadata (the same in both)."""

    kind: str
    id: str
    source: Words
    metadata: dict[str, Any] = field(default_factory=dict)
    #: what the teacher says here (the teacher edition only; ``teacher:`` in the text)
    teacher: Words | None = None


@dataclass(frozen=True)
class QuestionText:
    """A question as the text gives it: everything but the exact answer (and a "your turn"
    task's list of right things), which the lesson's Python gives by the question's id."""

    id: str
    role: str  # "predict", "exercise", "exit ticket" or "your turn"
    line: int
    prompt: Words
    hint: Words
    explain: Words
    choices: tuple[Choice, ...] = ()
    worksheet: bool = True
    extension: bool = False
    giveaways: tuple[Any, ...] = ()
    working: Working | None = None
    sheet_note: Words | None = None
    homework: bool = False
    sheet_grid: Grid | None = None
    #: how a simple fraction typed for the chance is marked: "exact" (pupils compute the chance
    #: exactly: 1/4 is a wrong fraction), "estimate" (1/4 is an estimate of it), "" (by its
    #: denominator: see :func:`kaskaria.marking.answers.estimates`)
    marking: str = ""
    #: the name the pupils' cell sets, in each language (``{"en": "chance", "de": "wkeit"}``)
    variable: Words | None = None
    min_age: int = 12
    solution: Words | None = None
    #: an exercise's number in the notebook: the heading above it (``### Exercise 3``)
    number: int | None = None

    @property
    def kind(self) -> str:
        if self.role == "your turn":
            return "code"
        return "choice" if self.choices else "number"


@dataclass(frozen=True)
class LessonText:
    """Everything one text file says. ``lesson`` is the lesson's id, or None for a notebook that
    is no lesson (the start page, the apps): those have cells only."""

    name: str
    path: Path
    lesson: str | None
    cells: tuple[Cell, ...]
    questions: tuple[QuestionText, ...] = ()
    title: Words | None = None
    age: Words | None = None
    goals: tuple[Words, ...] = ()
    parts: tuple[Part, ...] = ()
    discussion: tuple[tuple[Words, Words], ...] = ()
    teacher_notes: tuple[Words, ...] = ()
    tally: Words | None = None
    materials: tuple[Words, ...] = ()
    misconceptions: tuple[tuple[Words, Words], ...] = ()
    sheet_rules: Words | None = None
    sheet_rules_found: Words | None = None
    #: ``worksheet page 2``: the prediction after whose vote page 2 goes out, and the moment in
    #: words (``after the vote on two dice``)
    sheet_page_two: tuple[str, Words] | None = None
    #: ``worksheet grid``: an empty table on page 2 of the worksheet, to fill in, at the
    #: ``start`` of page 2 (under its rule box) or its ``end``
    sheet_grid: Grid | None = None
    sheet_grid_at: str = "start"
    #: what the filled-in grid shows, for the answer key (``worksheet grid: answer``)
    sheet_grid_answer: Words | None = None

    @property
    def notebook(self) -> str:
        """The notebook's file name, the same in both languages (``02-dragon-battle-odds.ipynb``)."""
        return f"{self.name}.ipynb"


class _Reader:
    """Reads one file's mapping, naming the file and line of anything wrong."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, at: Any, message: str) -> LessonTextError:
        return _error(self.path, getattr(at, "line", None), message)

    def keys(self, m: Any, where: str, allowed: tuple[str, ...], needed: tuple[str, ...]) -> _Map:
        if not isinstance(m, _Map):
            raise self.fail(m, f"{where} needs keys ({', '.join(needed or allowed)})")
        unknown = [k for k in m if k not in allowed]
        if unknown:
            raise _error(
                self.path,
                m.key_lines[unknown[0]],
                f"{where} has an unknown key {unknown[0]!r}; it takes: {', '.join(allowed)}",
            )
        missing = [k for k in needed if k not in m]
        if missing:
            raise self.fail(m, f"{where} needs {missing[0]!r}")
        return m

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, _Str):
            raise self.fail(value, f"{where} must be text")
        if not value.strip():
            raise self.fail(value, f"{where} is empty")
        return str(value).rstrip("\n")  # a block (| or >) ends with a newline: not part of it

    def words(self, value: Any, where: str, same_allowed: bool = False) -> Words:
        """``{en: ..., de: ...}``: every language, each non-empty; with ``same_allowed`` a
        plain text stands for the same words in every language."""
        if same_allowed and isinstance(value, _Str):
            text = self.text(value, where)
            return {lang: text for lang in LANGUAGES}
        m = self.keys(value, where, LANGUAGES, LANGUAGES)
        return {lang: self.text(m[lang], f"{where} ({lang})") for lang in LANGUAGES}

    def words_in(self, m: _Map, where: str) -> Words:
        """The words of ``m``'s own language keys (``en:``, ``de:``), each non-empty."""
        missing = [lang for lang in LANGUAGES if lang not in m]
        if missing:
            raise self.fail(m, f"{where} needs its words in {missing[0]!r} too")
        return {lang: self.text(m[lang], f"{where} ({lang})") for lang in LANGUAGES}

    def flag(self, value: Any, where: str) -> bool:
        word = str(value).strip().lower() if isinstance(value, _Str) else None
        if word not in _YES:
            raise self.fail(value, f"{where} is yes or no, not {str(value)[:20]!r}")
        return _YES[word]

    def number(self, value: Any, where: str, low: int, high: int) -> int:
        word = str(value).strip() if isinstance(value, _Str) else ""
        if not word.isdigit() or not low <= int(word) <= high:
            raise self.fail(value, f"{where} is a whole number from {low} to {high}")
        return int(word)

    def items(self, value: Any, where: str) -> _List:
        if not isinstance(value, _List):
            raise self.fail(value, f"{where} is a list (each item starts with '- ')")
        return value


def names(folder: Path = TEXT) -> list[str]:
    """Every text file's name (its notebook's name without ``.ipynb``), in the notebooks' order."""
    return sorted(p.name[: -len(SUFFIX)] for p in folder.glob(f"*{SUFFIX}"))


def read(name: str, folder: Path = TEXT) -> LessonText:
    """The text of notebook ``name`` (``"02-dragon-battle-odds"``), read and checked."""
    path = folder / f"{name}{SUFFIX}"
    if not path.is_file():
        known = ", ".join(names(folder)) or "none"
        raise LessonTextError(f"no lesson text {name!r:.40} in {folder}; there are: {known}")
    r = _Reader(path)
    data = _parse(path)
    lesson_keys = ("lesson", "title", "age", "goals", "timing")
    allowed = (
        *lesson_keys,
        "cell ids",
        "cells",
        "discussion",
        "teacher notes",
        "materials",
        "misconceptions",
        "worksheet rules",
        "worksheet rules found",
        "worksheet tally",
        "worksheet page 2",
        "worksheet grid",
    )
    is_lesson = "lesson" in data
    r.keys(data, "the file", allowed, (*lesson_keys, "cell ids", "cells") if is_lesson else ())
    prefix = r.text(data.get("cell ids", _Str(name)), "cell ids")
    cells, questions = _cells(r, r.items(data.get("cells"), "cells"), prefix)
    if not is_lesson:
        for key in allowed:
            if key in data and key not in ("cell ids", "cells"):
                raise _error(
                    path,
                    data.key_lines[key],
                    f"{key!r} belongs to a lesson: give the lesson's id too ('lesson: ...')",
                )
        if questions:
            raise r.fail(questions[0], "questions belong to a lesson: give its 'lesson:' id too")
        return LessonText(name, path, None, cells)
    lesson_id = r.text(data["lesson"], "lesson")
    if not _NAME.match(lesson_id):
        raise r.fail(data["lesson"], "the lesson's id is lower-case words joined by '-'")
    goals = tuple(r.words(g, "a goal") for g in r.items(data["goals"], "goals"))
    parts = tuple(_part(r, p) for p in r.items(data["timing"], "timing"))
    discussion = tuple(
        _discussion(r, d) for d in r.items(data.get("discussion", _List()), "discussion")
    )
    notes = tuple(
        r.words(n, "a teacher note")
        for n in r.items(data.get("teacher notes", _List()), "teacher notes")
    )
    tally = (
        r.words(data["worksheet tally"], "worksheet tally") if "worksheet tally" in data else None
    )
    materials = tuple(
        r.words(m, "a material") for m in r.items(data.get("materials", _List()), "materials")
    )
    misconceptions = tuple(
        _misconception(r, m) for m in r.items(data.get("misconceptions", _List()), "misconceptions")
    )
    rules = (
        r.words(data["worksheet rules"], "worksheet rules") if "worksheet rules" in data else None
    )
    found = (
        r.words(data["worksheet rules found"], "worksheet rules found")
        if "worksheet rules found" in data
        else None
    )
    page_two = None
    if "worksheet page 2" in data:
        m = r.keys(data["worksheet page 2"], "worksheet page 2", ("after", *LANGUAGES), ("after",))
        after = r.text(m["after"], "worksheet page 2: after")
        ids = [q.id for q in questions if q.role == "predict" and not q.extension]
        if after not in ids:
            raise r.fail(
                m["after"],
                f"worksheet page 2: after names a prediction of the core path, one of: "
                f"{', '.join(ids)}",
            )
        page_two = (after, r.words_in(m, "worksheet page 2"))
    grid, grid_at, grid_answer = None, "start", None
    if "worksheet grid" in data:
        given = r.keys(
            data["worksheet grid"],
            "worksheet grid",
            ("rows", "columns", "caption", "at", "answer"),
            ("rows",),
        )
        if "at" in given:
            grid_at = r.text(given["at"], "worksheet grid: at")
            if grid_at not in ("start", "end"):
                raise r.fail(given["at"], "worksheet grid: at is start or end")
        if "answer" in given:
            grid_answer = r.words(given["answer"], "worksheet grid: answer")
        plain = _Map({k: v for k, v in given.items() if k not in ("at", "answer")})
        plain.line, plain.key_lines = given.line, given.key_lines
        grid = _grid(r, plain, "worksheet grid")
    return LessonText(
        name=name,
        path=path,
        lesson=lesson_id,
        cells=cells,
        questions=questions,
        title=r.words(data["title"], "title"),
        age=r.words(data["age"], "age"),
        goals=goals,
        parts=parts,
        discussion=discussion,
        teacher_notes=notes,
        tally=tally,
        materials=materials,
        misconceptions=misconceptions,
        sheet_rules=rules,
        sheet_rules_found=found,
        sheet_page_two=page_two,
        sheet_grid=grid,
        sheet_grid_at=grid_at,
        sheet_grid_answer=grid_answer,
    )


def _misconception(r: _Reader, value: Any) -> tuple[Words, Words]:
    m = r.keys(value, "a misconception", ("mistake", "help"), ("mistake", "help"))
    return r.words(m["mistake"], "a misconception"), r.words(m["help"], "what helps")


def _part(r: _Reader, value: Any) -> Part:
    m = r.keys(value, "a part of the timing", ("minutes", "extension", *LANGUAGES), ("minutes",))
    title = r.words_in(m, "a part of the timing")
    core = not r.flag(m["extension"], "extension") if "extension" in m else True
    return Part(title, r.number(m["minutes"], "minutes", 0, 120), core)


def _discussion(r: _Reader, value: Any) -> tuple[Words, Words]:
    m = r.keys(value, "a discussion question", ("question", "answer"), ("question", "answer"))
    return r.words(m["question"], "a discussion question"), r.words(m["answer"], "its answer")


def _cells(
    r: _Reader, items: _List, prefix: str
) -> tuple[tuple[Cell, ...], tuple[QuestionText, ...]]:
    """The notebook's cells and the questions among them. A cell without ``id`` is numbered
    ``<prefix>-00``, ``<prefix>-01``, ... (skipping the ids other cells name)."""
    kinds = (*CELL_KINDS, *ROLES)
    given = {
        str(item["id"])
        for item in items
        if isinstance(item, _Map) and isinstance(item.get("id"), _Str)
    }
    cells: list[Cell] = []
    questions: list[QuestionText] = []
    seen: set[str] = set()
    number = 0
    heading: int | None = None  # the number of the last "Exercise N" heading, until it is used
    for item in items:
        if not isinstance(item, _Map):
            raise r.fail(item, f"each item of 'cells' starts with one of: {', '.join(kinds)}")
        found = [k for k in kinds if k in item]
        if len(found) != 1:
            raise r.fail(item, f"each item of 'cells' has exactly one of: {', '.join(kinds)}")
        kind = found[0]
        if kind in ROLES:
            q = _question(r, item, kind)
            if q.id in {x.id for x in questions}:
                raise r.fail(item[kind], f"the question {q.id!r} is written twice")
            if q.role == "exercise" and heading is not None:
                q = replace(q, number=heading)
                heading = None
            questions.append(q)
            continue
        if "id" in item:
            cell_id = r.text(item["id"], "id")
        else:
            while f"{prefix}-{number:02d}" in given:
                number += 1
            cell_id = f"{prefix}-{number:02d}"
            number += 1
        if cell_id in seen:
            raise r.fail(item, f"two cells have the id {cell_id!r}")
        seen.add(cell_id)
        cell = _cell(r, item, kind, cell_id)
        if kind == "markdown":
            numbered = _EXERCISE_HEADING.search(cell.source.get("en", ""))
            heading = int(numbered[1]) if numbered else heading
        cells.append(cell)
    return tuple(cells), tuple(questions)


def _cell(r: _Reader, m: _Map, kind: str, cell_id: str) -> Cell:
    options: tuple[str, ...] = ("id", "metadata", "teacher")
    if kind == "code":
        options = (*options, "hidden", "tags")
    r.keys(m, f"a {kind} cell", (kind, *options), (kind,))
    source = r.words(m[kind], f"a {kind} cell", same_allowed=True)
    metadata: dict[str, Any] = {}
    if "hidden" in m and r.flag(m["hidden"], "hidden"):
        metadata["jupyter"] = {"source_hidden": True}
    if "tags" in m:
        metadata["tags"] = [r.text(t, "a tag") for t in r.items(m["tags"], "tags")]
    if "metadata" in m:
        extra = _plain(r, m["metadata"])
        if not isinstance(extra, dict):
            raise r.fail(m["metadata"], "metadata holds keys")
        metadata.update(extra)
    teacher = r.words(m["teacher"], "teacher") if "teacher" in m else None
    return Cell(kind, cell_id, source, metadata, teacher)


def _plain(r: _Reader, value: Any) -> Any:
    """Metadata as JSON: mappings, lists and text."""
    if isinstance(value, _Map):
        return {str(k): _plain(r, v) for k, v in value.items()}
    if isinstance(value, _List):
        return [_plain(r, v) for v in value]
    return str(value)


_QUESTION_KEYS = (
    "extension",
    "worksheet",
    "prompt",
    "choices",
    "hint",
    "explain",
    "working",
    "sheet note",
    "homework",
    "sheet grid",
    "giveaways",
    "marking",
)
#: the values of a question's ``marking`` key
MARKINGS = ("exact", "estimate")
_TASK_KEYS = ("variable", "min age", "solution")


def _question(r: _Reader, m: _Map, role: str) -> QuestionText:
    keys = (role, *_QUESTION_KEYS, *(_TASK_KEYS if role == "your turn" else ()))
    needed: tuple[str, ...] = (role, "prompt", "hint", "explain")
    if role == "your turn":
        needed = (*needed, "variable", "solution")
    r.keys(m, f"the question {str(m.get(role))[:30]!r}", keys, needed)
    qid = r.text(m[role], role)
    if not _NAME.match(qid):
        raise r.fail(m[role], f"a question's id is lower-case words joined by '-', not {qid!r:.30}")
    what = f"the question {qid!r}"
    choices = tuple(_choice(r, c, what) for c in r.items(m.get("choices", _List()), "choices"))
    if role == "your turn" and choices:
        raise r.fail(
            m["choices"], f"{what} is a 'your turn' task: the pupils write Python, no choices"
        )
    values = [c.value for c in choices]
    if len(set(values)) != len(values):
        raise r.fail(m["choices"], f"{what} has two choices with the same value")
    giveaways = tuple(
        _giveaway(r, g, what) for g in r.items(m.get("giveaways", _List()), "giveaways")
    )
    working = None
    if "working" in m:
        found = _WORKING.match(r.text(m["working"], "working").strip())
        if not found:
            raise r.fail(m["working"], "working is '<n> lines' or '<n> mm box'")
        n = int(found[1])
        try:
            working = Working(lines=n) if found[2].startswith("line") else Working(box_mm=n)
        except ValueError as e:
            raise r.fail(m["working"], str(e)) from None
    marking = ""
    if "marking" in m:
        marking = r.text(m["marking"], "marking").strip()
        if marking not in MARKINGS:
            raise r.fail(m["marking"], f"marking is {' or '.join(MARKINGS)}, not {marking!r:.30}")
        if role == "predict" or choices:
            raise r.fail(
                m["marking"],
                f"{what} is not marked (a prediction or a choice): marking is for a number "
                "pupils type or compute",
            )
    if "homework" in m and role != "exit ticket":
        raise r.fail(m["homework"], f"{what} is no exit ticket: only an exit ticket is homework")
    variable = None
    if role == "your turn":
        # one Python name for every language, or one per language ({en: chance, de: wkeit})
        names = r.words(m["variable"], "variable", same_allowed=True)
        for name in names.values():
            if not name.strip().isidentifier():
                raise r.fail(m["variable"], f"variable is a Python name, not {name!r:.30}")
        variable = {lang: name.strip() for lang, name in names.items()}
    return QuestionText(
        id=qid,
        role=role,
        line=m.line,
        prompt=r.words(m["prompt"], f"{what}: prompt"),
        hint=r.words(m["hint"], f"{what}: hint"),
        explain=r.words(m["explain"], f"{what}: explain"),
        choices=choices,
        worksheet=r.flag(m["worksheet"], "worksheet") if "worksheet" in m else True,
        extension=r.flag(m["extension"], "extension") if "extension" in m else False,
        giveaways=giveaways,
        working=working,
        sheet_note=r.words(m["sheet note"], f"{what}: sheet note") if "sheet note" in m else None,
        homework=r.flag(m["homework"], "homework") if "homework" in m else False,
        sheet_grid=_grid(r, m["sheet grid"], what) if "sheet grid" in m else None,
        marking=marking,
        variable=variable,
        min_age=r.number(m["min age"], "min age", 4, 18) if "min age" in m else 12,
        solution=r.words(m["solution"], f"{what}: solution") if "solution" in m else None,
    )


def _grid(r: _Reader, value: Any, what: str) -> Grid:
    """``{rows: ..., columns: ..., caption: ...}``: the labels of the rows, and of the columns
    (the rows' again when left out), each a list (the same in every language) or ``en:`` and
    ``de:`` lists; the caption in each language."""
    m = r.keys(value, f"{what}: sheet grid", ("rows", "columns", "caption"), ("rows",))

    def labels(key: str) -> dict[str, tuple[str, ...]]:
        given = m[key]
        if isinstance(given, _List):
            same = tuple(r.text(x, f"a label of the grid's {key}") for x in given)
            return {lang: same for lang in LANGUAGES}
        each = r.keys(given, f"the grid's {key}", LANGUAGES, LANGUAGES)
        return {
            lang: tuple(
                r.text(x, f"a label of the grid's {key}")
                for x in r.items(each[lang], f"the grid's {key} ({lang})")
            )
            for lang in LANGUAGES
        }

    rows = labels("rows")
    columns = labels("columns") if "columns" in m else rows
    caption = r.words(m["caption"], f"{what}: the grid's caption") if "caption" in m else None
    try:
        return Grid(rows, columns, caption)
    except ValueError as e:
        raise r.fail(value, str(e)) from None


def _choice(r: _Reader, value: Any, what: str) -> Choice:
    """A choice: a text (its value and its label in every language, for numbers), or
    ``{value: ..., en: ..., de: ..., also: [...]}``."""
    if isinstance(value, _Str):
        text = r.text(value, f"a choice of {what}")
        return Choice(text, {lang: text for lang in LANGUAGES})
    m = r.keys(value, f"a choice of {what}", ("value", *LANGUAGES, "also"), ("value", *LANGUAGES))
    label = r.words_in(m, f"a choice of {what}")
    also = tuple(r.text(a, "also") for a in r.items(m.get("also", _List()), "also"))
    return Choice(r.text(m["value"], "value"), label, also)


def _giveaway(r: _Reader, value: Any, what: str) -> Any:
    """Words in each language, or a number: ``8/3`` and ``12`` are exact (a Fraction), anything
    else (``99.8%``) is read by the audit as written."""
    if isinstance(value, _Str):
        text = r.text(value, f"a giveaway of {what}").strip()
        if re.fullmatch(r"-?\d+(/\d+)?", text):
            return Fraction(text)
        return text
    return r.words(value, f"a giveaway of {what}")


# ---------------------------------------------------------------------------------------------
# what is made from it
# ---------------------------------------------------------------------------------------------
def notebook(text: LessonText | str, lang: str) -> dict[str, Any]:
    """The pupils' notebook in ``lang``: nbformat 4.5 JSON, every code cell without outputs
    (running it fills them in)."""
    if isinstance(text, str):
        text = read(text)
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r:.10}; choose one of: {', '.join(LANGUAGES)}")
    cells: list[dict[str, Any]] = []
    for cell in text.cells:
        made: dict[str, Any] = {
            "cell_type": cell.kind,
            "id": cell.id,
            "metadata": _copy(cell.metadata),
            "source": cell.source[lang].rstrip("\n"),
        }
        if cell.kind == "code":
            made["execution_count"] = None
            made["outputs"] = []
        cells.append(made)
    metadata = _copy(NOTEBOOK_METADATA)
    title = _title(cells)
    if title:
        metadata["title"] = title  # the browser tab's name in the apps (Voila), not the file's
    return {
        "cells": cells,
        "metadata": metadata,
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _title(cells: list[dict[str, Any]]) -> str:
    """The notebook's title: the first heading of its first markdown cell, as plain words."""
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        for line in cell["source"].splitlines():
            if line.startswith("# "):
                words = re.sub(r"<[^>]*>", "", line[2:])
                return re.sub(r"\s+", " ", words.replace("*", "").replace("`", "")).strip()
        return ""
    return ""


def skeleton(notebook: Mapping[str, Any]) -> dict[str, Any]:
    """A notebook (nbformat JSON) without what running it adds (outputs, execution counts and
    times, the kernel's language details, widget state): what its text decides. A committed
    notebook is what its text makes when the two skeletons are equal."""
    cells = []
    for cell in notebook.get("cells", []):
        text = cell.get("source", "")
        cells.append(
            {
                "cell_type": cell.get("cell_type"),
                "id": cell.get("id"),
                "metadata": {k: v for k, v in cell.get("metadata", {}).items() if k != "execution"},
                "source": "".join(text) if isinstance(text, list) else text,
            }
        )
    metadata = {
        k: v
        for k, v in notebook.get("metadata", {}).items()
        if k not in ("language_info", "widgets")
    }
    return {
        "cells": cells,
        "metadata": metadata,
        "nbformat": notebook.get("nbformat"),
        "nbformat_minor": notebook.get("nbformat_minor"),
    }


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _fixed(value: Any) -> Callable[[], Any]:
    def exact() -> Any:
        return value

    return exact


def build(
    name: str,
    answers: Mapping[str, Any],
    items: Mapping[str, Callable[[], Any]] | None = None,
    folder: Path = TEXT,
    keys: Mapping[str, Callable[[str], tuple[str, ...]]] | None = None,
    given: Mapping[str, Mapping[str, Callable[[], Any]]] | None = None,
) -> LessonPlan:
    """The lesson plan of text file ``name``: its words, with each question's exact answer from
    ``answers`` (question id -> a function that computes it, or the value itself), each
    "your turn" task's list of right things from ``items`` (question id -> function) and, from
    ``keys`` (question id -> a function of the language), the lines a reveal draws after its
    explanation (a rule, a table's words), printed in the teacher edition and the answer key;
    from ``given`` (question id -> {name: function}), the other names a "your turn" cell sets on
    the way and the things each must hold (:attr:`CodeTask.given`)."""
    text = read(name, folder)
    where = text.path.name
    if text.lesson is None:
        raise LessonTextError(f"{where} is no lesson (it has no 'lesson:' id)")
    items = dict(items or {})
    asked = [q.id for q in text.questions]
    missing = [qid for qid in asked if qid not in answers]
    if missing:
        raise LessonTextError(
            f"{where} asks {', '.join(map(repr, missing))}, whose exact answer the lesson's "
            "Python does not give"
        )
    keys = dict(keys or {})
    given = dict(given or {})
    unknown = [qid for qid in [*answers, *items, *keys, *given] if qid not in asked]
    if unknown:
        raise LessonTextError(
            f"the lesson's Python gives an answer for {unknown[0]!r}, which {where} does not ask "
            f"(its questions: {', '.join(asked)})"
        )
    tasks = {q.id for q in text.questions if q.role == "your turn"}
    for qid in items:
        if qid not in tasks:
            raise LessonTextError(f"{qid!r} in {where} is no 'your turn' task: it takes no items")
    grouped: dict[str, list[Question]] = {role: [] for role in ROLES.values()}
    for q in text.questions:
        answer = answers[q.id]
        code = None
        if q.role == "your turn":
            assert q.variable is not None and q.solution is not None
            variable: str | Words = q.variable
            if len(set(q.variable.values())) == 1:
                variable = next(iter(q.variable.values()))
            code = CodeTask(variable, q.solution, items.get(q.id), q.min_age, given.get(q.id, {}))
        grouped[ROLES[q.role]].append(
            Question(
                q.id,
                q.prompt,
                q.kind,
                answer if callable(answer) else _fixed(answer),
                q.hint,
                q.explain,
                q.choices,
                worksheet=q.worksheet,
                extension=q.extension,
                giveaways=q.giveaways,
                code=code,
                working=q.working,
                sheet_note=q.sheet_note,
                homework=q.homework,
                sheet_grid=q.sheet_grid,
                marking=q.marking,
                key=keys.get(q.id),
                number=q.number,
            )
        )
    assert text.title is not None and text.age is not None
    materials = text.materials
    if text.sheet_page_two is not None:
        after, moment = text.sheet_page_two
        # the moment page 2 goes out, said once: the materials name it with {worksheet page 2}
        materials = tuple(
            {lang: m[lang].replace("{worksheet page 2}", moment[lang]) for lang in m}
            for m in materials
        )
        # an exercise of the core path asked before that moment is printed on page 1
        order = [q.id for q in text.questions]
        front = tuple(
            q.id
            for q in text.questions
            if q.role == "exercise"
            and q.worksheet
            and not q.extension
            and order.index(q.id) < order.index(after)
        )
    else:
        after, moment, front = None, None, ()
    if any("{worksheet page 2}" in m[lang] for m in materials for lang in m):
        raise LessonTextError(
            f"{text.path.name}: a material names {{worksheet page 2}}, but the lesson gives no "
            "'worksheet page 2'"
        )
    return LessonPlan(
        id=text.lesson,
        notebook=text.notebook,
        title=text.title,
        age=text.age,
        goals=text.goals,
        parts=text.parts,
        predictions=tuple(grouped["predictions"]),
        exercises=tuple(grouped["exercises"]),
        discussion=text.discussion,
        tally=text.tally,
        exit_tickets=tuple(grouped["exit_tickets"]),
        code_tasks=tuple(grouped["code_tasks"]),
        teacher_notes=text.teacher_notes,
        materials=materials,
        misconceptions=text.misconceptions,
        sheet_rules=text.sheet_rules,
        sheet_rules_found=text.sheet_rules_found,
        sheet_after=after,
        sheet_page_two=moment,
        sheet_front=front,
        order=tuple(q.id for q in text.questions),
        sheet_grid=text.sheet_grid,
        sheet_grid_at=text.sheet_grid_at,
        sheet_grid_answer=text.sheet_grid_answer,
        say={c.id: c.teacher for c in text.cells if c.teacher is not None},
    )
