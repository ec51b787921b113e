"""The words a pupil reads on the core path of a lesson, cell by cell: what the audit's word
limit and the class's walk (:mod:`.walk`) both count."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..content import LessonPlan
from .notebook import (
    _ANCHOR,
    _EXTENSIONS,
    _HEADING,
    _OBJECT_REPR,
    Cell,
    _teacher_cells,
    core_end,
    count_words,
    markdown_text,
)

#: the words a pupil reads on the core path, at most (and for a lesson for ages 8 and younger)
WORDS, WORDS_YOUNG = 1200, 800


def _cell_words(cell: Cell, plan: LessonPlan, lang: str) -> int:
    if cell.kind == "markdown":
        return count_words(markdown_text(cell.source))
    if cell.kind != "code":
        return 0
    reveal = re.search(r'\bL\.reveal\(\s*"([^"]+)"', cell.source)
    if reveal:
        try:
            q = plan.question(reveal[1])
        except ValueError:
            return 0
        return count_words(q.answer_label(lang)) + count_words(q.explain[lang])
    kinds = {k for k, _ in cell.outputs}
    words = 0
    for kind, text in cell.outputs:
        if kind == "stream":
            words += count_words(text)
        elif kind == "text/plain":
            if "image" in kinds and "text/html" not in kinds:
                continue  # a picture: its text is the numbers behind it, for nbval
            if _OBJECT_REPR.match(text):
                continue  # a game table: played, not read
            words += count_words(text)
    return words


@dataclass(frozen=True)
class WordCount:
    total: int
    limit: int
    per_cell: tuple[tuple[int, int], ...]
    #: the cell that begins the extensions (None: no such heading)
    end: int | None


def word_limit(plan: LessonPlan) -> int:
    age = plan.min_age()
    return WORDS_YOUNG if age is not None and age <= 8 else WORDS


def core_words(cells: Sequence[Cell], plan: LessonPlan, lang: str) -> WordCount:
    """The words a pupil reads on the core path (module docstring), cell by cell."""
    end = core_end(cells)
    teacher = _teacher_cells(cells)
    per_cell = []
    for cell in cells[: end if end is not None else len(cells)]:
        if cell.index in teacher:
            continue
        n = _cell_words(cell, plan, lang)
        if n:
            per_cell.append((cell.index, n))
    if end is not None and end not in teacher:
        # the extensions' heading may share its cell with what comes before it
        before = []
        for line in cells[end].source.splitlines():
            m = _HEADING.match(line.strip())
            if m and (
                _EXTENSIONS.match(_ANCHOR.sub("", m[2]).strip()) or 'id="extensions"' in m[2]
            ):
                break
            before.append(line)
        n = count_words(markdown_text("\n".join(before)))
        if n:
            per_cell.append((end, n))
    return WordCount(sum(n for _, n in per_cell), word_limit(plan), tuple(per_cell), end)
