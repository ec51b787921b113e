"""The documentation runs: every Python block of README.md and docs/*.md (the blocks of one file
in order, in one namespace, as a reader would paste them), and every position text shown in them
reads back into a position that writes the very same text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kaskaria
from kaskaria.positions import position_text, read_position

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A block that truly cannot run (say, a fragment) is marked on the line before its fence with
#: this comment and a reason: <!-- not run: why -->
SKIP = re.compile(r"<!--\s*not run:\s*\S.*-->")
FENCE = re.compile(r"^```(\w*)\s*$")


def fenced(path: Path) -> list[tuple[int, str, str, bool]]:
    """The fenced blocks of a Markdown file: (line, language, code, marked not to run)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        start, lang = i, m.group(1)
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        skipped = start > 0 and SKIP.search(lines[start - 1]) is not None
        out.append((start + 1, lang, "\n".join(lines[start + 1 : j]), skipped))
        i = j + 1
    return out


def python_docs() -> list[Path]:
    return [p for p in DOCS if any(lang == "python" for _, lang, _, _ in fenced(p))]


def test_the_readme_and_the_positions_page_have_python_blocks():
    names = {p.name for p in python_docs()}
    assert {"README.md", "positions.md"} <= names


@pytest.mark.parametrize("path", python_docs(), ids=lambda p: p.name)
def test_every_python_block_runs(path):
    namespace: dict = {"__name__": f"docs_{path.stem}"}
    ran = 0
    for line, lang, code, skipped in fenced(path):
        if lang != "python" or skipped:
            continue
        exec(compile(code, f"{path.name}:{line}", "exec"), namespace)  # our own docs
        ran += 1
    assert ran


def test_no_block_is_skipped_without_a_reason():
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        assert "<!-- not run -->" not in text and "<!-- not run: -->" not in text, path.name


def position_examples() -> list[tuple[str, str]]:
    games = kaskaria.available_games()
    found = []
    for path in DOCS:
        for line, lang, code, _ in fenced(path):
            if lang == "text" and code.split(" ", 1)[0] in games:
                found.append((f"{path.name}:{line}", code.strip()))
    return found


def test_the_docs_show_a_position_text_of_every_game():
    shown = {text.split(" ", 1)[0] for _, text in position_examples()}
    assert {"dragon-battle", "heroes", "dragons-gold"} <= shown


@pytest.mark.parametrize(("where", "text"), position_examples(), ids=lambda x: x[:30])
def test_position_texts_in_the_docs_read_and_write_back(where, text):
    assert position_text(read_position(text)) == text, where


def test_the_readmes_pictures_of_the_tables_show_the_tables_as_they_are():
    """A child tester found the README's pictures showing words the tables no longer say ("▶
    Player 1", "surely behind it"). Each picture's view is recorded beside it when it is drawn;
    a table that says something else now makes its picture stale."""
    import json
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    import browser_support as bs

    recorded = json.loads(bs.PICTURE_VIEWS.read_text(encoding="utf-8"))
    assert set(recorded) == {name for name, _, _ in bs.PICTURES}
    now = bs.picture_views()
    stale = sorted(name for name, seen in now.items() if recorded[name] != seen)
    assert stale == [], (
        f"docs/img: {stale} show an older table; draw them again with "
        "`.venv/bin/python tools/table_screenshots.py` and look at them"
    )
