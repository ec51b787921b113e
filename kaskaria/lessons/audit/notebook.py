"""Reading a lesson notebook as the audit sees it: its cells, their stored outputs as text, the
lesson it belongs to, its ``L.<method>(...)`` calls, headings and sections, and the words a pupil
reads. Pure Python (the ``.ipynb`` JSON only)."""

from __future__ import annotations

import html as _html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content import LessonPlan, lesson

REPO = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class Violation:
    """One thing a lesson must change: which check, which cell (an index into the notebook's
    cells, None for the notebook as a whole), which question, and what is wrong."""

    check: str
    cell: int | None
    message: str
    question: str | None = None

    def __str__(self) -> str:
        where = f"cell {self.cell}" if self.cell is not None else "notebook"
        return f"{where}: [{self.check}] {self.message}"


@dataclass(frozen=True)
class Cell:
    """A cell as the audit reads it: its index, kind, source and outputs (``(kind, text)``
    pairs: ``"text/plain"``, ``"text/html"`` (tags dropped), ``"stream"``, ``"image"``), and
    the HTML of its outputs as stored (``html``: to count a table's buttons, or to tell what a
    reveal shows closed)."""

    index: int
    kind: str
    source: str
    outputs: tuple[tuple[str, str], ...] = ()
    metadata: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    html: tuple[str, ...] = field(default=(), compare=False, hash=False)
    #: the cell's id in the notebook (the lesson text's ``cell ids``): where the plan's teacher
    #: notes for a cell (``say``) belong
    id: str = field(default="", compare=False, hash=False)

    @property
    def hidden(self) -> bool:
        """The cell's source is hidden (``jupyter.source_hidden``): a pupil sees only its output."""
        meta = self.metadata.get("jupyter", {})
        return bool(isinstance(meta, dict) and meta.get("source_hidden"))

    def allowed(self) -> dict[str, str]:
        """The questions whose answer this cell may show, each with the reason given (an entry
        without a reason allows nothing)."""
        meta = self.metadata.get("kaskaria", {})
        allow = meta.get("audit-allow", {}) if isinstance(meta, dict) else {}
        if not isinstance(allow, dict):
            return {}
        return {str(k): v.strip() for k, v in allow.items() if isinstance(v, str) and v.strip()}


def _join(value: Any) -> str:
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return str(value) if value is not None else ""


_DROP_HTML = re.compile(r"<(script|style)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)


_ALT = re.compile(r"""<img\b[^>]*?\balt=(["'])(.*?)\1""", re.IGNORECASE | re.DOTALL)


def html_text(html: str) -> str:
    """The words an HTML output shows: tags, scripts and styles dropped, entities read; a picture
    by its text (``alt``: a chart drawn in a reveal carries the numbers it shows there)."""
    html = _ALT.sub(lambda m: f" {m[2]} {m[0]}", html)
    text = _DROP_HTML.sub(" ", html)
    text = re.sub(r"<br\s*/?>|</(?:p|div|li|tr|h\d|summary|details)>", "\n", text, flags=re.I)
    text = re.sub(r"</t[dh]>", " | ", text, flags=re.I)
    text = re.sub(r"<[^>]*>", " ", text)
    return re.sub(r"[ \t]+", " ", _html.unescape(text))


def load(notebook: str | Path | dict[str, Any]) -> list[Cell]:
    """The cells of a notebook (a path, or the notebook's JSON already read)."""
    nb = (
        notebook
        if isinstance(notebook, dict)
        else json.loads(Path(notebook).read_text(encoding="utf-8"))
    )
    cells = []
    for i, cell in enumerate(nb.get("cells", [])):
        outputs: list[tuple[str, str]] = []
        raw: list[str] = []
        for out in cell.get("outputs", []) or []:
            if out.get("output_type") == "stream":
                outputs.append(("stream", _join(out.get("text"))))
            elif out.get("output_type") == "error":
                outputs.append(("stream", "\n".join(out.get("traceback", []))))
            data = out.get("data", {}) or {}
            if "text/plain" in data:
                outputs.append(("text/plain", _join(data["text/plain"])))
            if "text/html" in data:
                raw.append(_join(data["text/html"]))
                outputs.append(("text/html", html_text(raw[-1])))
            if any(k.startswith("image/") for k in data):
                outputs.append(("image", ""))
        cells.append(
            Cell(
                i,
                str(cell.get("cell_type", "")),
                _join(cell.get("source")),
                tuple(outputs),
                dict(cell.get("metadata", {}) or {}),
                tuple(raw),
                str(cell.get("id", "") or ""),
            )
        )
    return cells


_LESSON = re.compile(
    r"""lessons\.Lesson\(\s*["']([\w-]+)["'](?:\s*,\s*(?:lang\s*=\s*)?["'](\w+)["'])?"""
)


def lesson_of(cells: Sequence[Cell], path: str | Path | None = None) -> tuple[LessonPlan, str]:
    """The lesson plan and language of a notebook (from its ``lessons.Lesson(...)`` call)."""
    for cell in cells:
        if cell.kind == "code":
            found = _LESSON.search(cell.source)
            if found:
                lang = found[2] or (
                    "de" if path is not None and Path(path).parent.name == "de" else "en"
                )
                return lesson(found[1]), lang
    raise ValueError(
        f"{str(path or 'the notebook')[:80]} is not a lesson: no lessons.Lesson(...) call"
    )


_CALL = re.compile(
    r"\bL\.(predict|reveal|exercise|exit_ticket|your_turn|check_code|answers|discussion|timing)"
    r'\(\s*(?:"([^"]*)")?'
)


def calls(cells: Sequence[Cell]) -> list[tuple[int, str, str]]:
    """``(cell index, method, question id)`` of every ``L.<method>(...)`` call, in order."""
    found = []
    for cell in cells:
        if cell.kind == "code":
            for method, qid in _CALL.findall(cell.source):
                found.append((cell.index, method, qid))
    return found


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def headings(cells: Sequence[Cell]) -> list[tuple[int, int, str, str]]:
    """``(cell index, level, text, anchor)`` of every markdown heading, in order."""
    found = []
    for cell in cells:
        if cell.kind != "markdown":
            continue
        fenced = False
        for line in cell.source.splitlines():
            if line.strip().startswith("```"):
                fenced = not fenced
            m = None if fenced else _HEADING.match(line.strip())
            if m:
                anchor = _ANCHOR.search(m[2])
                text = _ANCHOR.sub("", m[2]).strip()
                found.append((cell.index, len(m[1]), text, anchor[1] if anchor else ""))
    return found


_EXTENSIONS = re.compile(r"^(?:extensions|erweiterungen)\b", re.IGNORECASE)
_TEACHER = re.compile(r"^(?:teacher notes|hinweise für (?:die )?lehrkr)", re.IGNORECASE)
_SUMMARY = re.compile(r"^(?:what we found|was wir herausgefunden haben)\b", re.IGNORECASE)


def core_end(cells: Sequence[Cell]) -> int | None:
    """The index of the cell whose heading "Extensions" begins the optional part (None: the
    notebook has no such heading)."""
    for index, _, text, anchor in headings(cells):
        if anchor == "extensions" or _EXTENSIONS.match(text):
            return index
    return None


def _teacher_cells(cells: Sequence[Cell]) -> set[int]:
    """The cells of the teacher notes (from their heading to the next heading of its level)."""
    found: set[int] = set()
    marks = headings(cells)
    for n, (index, level, text, anchor) in enumerate(marks):
        if anchor == "teacher" or _TEACHER.match(text):
            end = next((i for i, lv, _, _ in marks[n + 1 :] if lv <= level), len(cells))
            found.update(range(index, end))
    return found


_WORD = re.compile(r"[^\W_]+(?:['’.,/\-][^\W_]+)*")
_OBJECT_REPR = re.compile(r"^\s*<[A-Za-z_][\w.]*\b[^\n]*>\s*$", re.DOTALL)


def markdown_text(source: str) -> str:
    """The words a rendered markdown cell shows (roughly): tags, link targets and LaTeX commands
    dropped."""
    text = re.sub(r"<!--.*?-->", " ", source, flags=re.DOTALL)
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"\\[A-Za-z]+", " ", text)
    return _html.unescape(text)


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


_BULLET = re.compile(r"^\s*[-*+]\s+\S")
_ORDERED = re.compile(r"^\s*(\d+)[.)]\s+\S")


def sections(cells: Sequence[Cell]) -> list[tuple[int, int, str, int]]:
    """``(cell index, heading level, anchor, list items)`` of every section (the part before the
    first heading is a section with level 0). A list item is a line starting with ``-``, ``*`` or
    ``+``, or a numbered line that starts a list (after a blank line, a heading or another item,
    or numbered 1): a wrapped line that happens to start with ``7)`` is not one."""
    out = [(0, 0, "", 0)]
    for cell in cells:
        if cell.kind != "markdown":
            continue
        fenced = False
        previous = "blank"
        for line in cell.source.splitlines():
            if line.strip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                continue
            m = _HEADING.match(line.strip())
            ordered = _ORDERED.match(line)
            if m:
                found = _ANCHOR.search(m[2])
                out.append((cell.index, len(m[1]), found[1] if found else "", 0))
                previous = "blank"
            elif _BULLET.match(line) or (
                ordered and (previous in ("blank", "item") or ordered[1] == "1")
            ):
                i, level, anchor, n = out[-1]
                out[-1] = (i, level, anchor, n + 1)
                previous = "item"
            elif not line.strip():
                previous = "blank"
            elif previous == "item" and line.startswith((" ", "\t")):
                previous = "item"  # an item's continuation
            else:
                previous = "text"
    return out


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def _pieces(cell: Cell, with_source: bool = True) -> list[tuple[str, str, bool]]:
    """``(where, text, is code)`` of everything a cell shows."""
    out: list[tuple[str, str, bool]] = []
    if cell.kind == "markdown":
        out.append(("markdown", cell.source, False))
    elif cell.kind == "code":
        if with_source:
            out.append(("source", cell.source, True))
        for kind, text in cell.outputs:
            if text:
                out.append((f"output {kind}", text, False))
    return out


def _snippet(text: str, at: int, length: int) -> str:
    start, end = max(0, at - 30), min(len(text), at + length + 30)
    shown = re.sub(r"\s+", " ", text[start:end])
    return ("..." if start else "") + shown + ("..." if end < len(text) else "")
