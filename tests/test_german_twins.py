"""Every English notebook has a German twin under notebooks/de/ with the same sections (the same
heading levels and anchors, in the same order) and, section by section, as many bullet items, the
same cells calling the same helpers in the same order, in German (``lang="de"`` everywhere), and
links that stay among the German notebooks (and their teacher editions)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kaskaria.lessons.audit import load, twin

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GERMAN = NOTEBOOKS / "de"

#: the English notebooks; each German twin has the same file name under notebooks/de/
TWINS = (
    "00-start-here.ipynb",
    "01-dragon-battle-rules.ipynb",
    "02-dragon-battle-odds.ipynb",
    "play-dragon-battle.ipynb",
    "03-heroes-rules.ipynb",
    "04-heroes-cards.ipynb",
    "play-heroes.ipynb",
    "05-dragons-gold-rules.ipynb",
    "05b-dragons-gold-deals.ipynb",
    "06-dragons-gold-fair-shares.ipynb",
    "play-dragons-gold.ipynb",
)
PAIRS = [(NOTEBOOKS / name, GERMAN / name) for name in TWINS]
IDS = list(TWINS)

_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
_LINK = re.compile(r"\]\(([^)\s]+\.ipynb)(#[^)]*)?\)")
# the calls that make a lesson: its helpers, its questions, its tables
_CALL = re.compile(
    r"\b(db\.\w+|hk\.\w+|dg\.\w+|L\.(?:predict|reveal|exercise)\(\"[^\"]+\"\)|L\.\w+|"
    r"lessons\.\w+|DragonBattleTable|HeroesTable|DragonsGoldTable|kaskaria\.\w+|match\.\w+|"
    r"finished\.\w+)"
)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def heading_anchors(path: Path) -> list[str]:
    """The anchor ids of the notebook's headings, in reading order."""
    found = []
    for cell in _cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for line in _source(cell).splitlines():
            if line.lstrip().startswith("#"):
                found += _ANCHOR.findall(line)
    return found


def test_every_english_notebook_has_a_twin():
    english = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert english == set(TWINS), "a new English notebook needs its German twin in TWINS"
    assert {p.name for p in GERMAN.glob("*.ipynb")} == english, "twins have the same file names"


@pytest.mark.parametrize(("english", "german"), PAIRS, ids=IDS)
def test_the_twin_has_the_same_sections_in_the_same_order(english, german):
    en, de = heading_anchors(english), heading_anchors(german)
    assert en, f"{english.name} has no heading anchors to compare"
    assert de == en, (
        f"sections differ: only in English {[a for a in en if a not in de]}, "
        f"only in German {[a for a in de if a not in en]}, English order {en}, German order {de}"
    )


def test_a_missing_or_extra_section_is_caught(tmp_path):
    """The comparison above fails for a German twin that lost or gained a section."""
    english = NOTEBOOKS / "02-dragon-battle-odds.ipynb"
    nb = json.loads(english.read_text(encoding="utf-8"))
    nb["cells"].append(
        {"cell_type": "markdown", "metadata": {}, "source": ['## New <a id="new"></a>']}
    )
    grown = tmp_path / "grown.ipynb"
    grown.write_text(json.dumps(nb), encoding="utf-8")
    assert heading_anchors(grown) == [*heading_anchors(english), "new"]
    with pytest.raises(AssertionError, match="only in German \\['new'\\]"):
        test_the_twin_has_the_same_sections_in_the_same_order(english, grown)


@pytest.mark.parametrize(("english", "german"), PAIRS, ids=IDS)
def test_the_twin_has_the_same_sections_and_bullet_lists(english, german):
    """Heading levels and anchors in order, and the bullet items of each section, counted
    (``kaskaria.lessons.audit.twin``; its own tests plant a missing section and a missing
    bullet in tests/test_lesson_audit.py)."""
    found = twin(load(english), load(german))
    assert found == [], f"{german.name}:\n" + "\n".join(map(str, found))


def test_a_twin_that_lost_a_bullet_is_caught(tmp_path):
    """The comparison above fails for a German twin that lost one item of a list."""
    english = NOTEBOOKS / "01-dragon-battle-rules.ipynb"
    nb = json.loads((GERMAN / english.name).read_text(encoding="utf-8"))
    listed = next(
        c
        for c in nb["cells"]
        if c["cell_type"] == "markdown"
        and sum(line.startswith("- ") for line in "".join(c["source"]).splitlines()) >= 2
    )
    lines = "".join(listed["source"]).splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("- "))
    end = next(
        (j for j in range(first + 1, len(lines)) if not lines[j].startswith("  ")), len(lines)
    )
    listed["source"] = lines[:first] + lines[end:]
    shorter = tmp_path / english.name
    shorter.write_text(json.dumps(nb), encoding="utf-8")
    found = twin(load(english), load(shorter))
    assert len(found) == 1 and "bullet items in German" in found[0].message


@pytest.mark.parametrize(("english", "german"), PAIRS, ids=IDS)
def test_the_twin_has_the_same_cells_and_calls(english, german):
    en, de = _cells(english), _cells(german)
    assert [c["cell_type"] for c in de] == [c["cell_type"] for c in en]
    for i, (a, b) in enumerate(zip(en, de, strict=True)):
        assert b.get("metadata", {}) == a.get("metadata", {}), f"cell {i}: metadata differs"
        if a["cell_type"] == "code":
            assert _CALL.findall(_source(b)) == _CALL.findall(_source(a)), f"cell {i}"


@pytest.mark.parametrize("german", [g for _, g in PAIRS], ids=IDS)
def test_german_code_asks_for_german(german):
    for i, cell in enumerate(_cells(german)):
        if cell["cell_type"] != "code":
            continue
        source = _source(cell)
        assert 'lang="en"' not in source and "'en'" not in source, f"cell {i}"
        calls = r"\b(db\.\w+|hk\.\w+|dg\.\w+|DragonBattleTable|HeroesTable|DragonsGoldTable|"
        calls += r"lessons\.Lesson)\("
        for call in re.finditer(calls, source):
            # the call's own arguments (up to its closing bracket) must ask for German
            depth, end = 0, call.end() - 1
            for end in range(call.end() - 1, len(source)):
                depth += {"(": 1, ")": -1}.get(source[end], 0)
                if depth == 0:
                    break
            arguments = source[call.end() : end]
            assert 'lang="de"' in arguments, f"cell {i}: {call.group(0)}({arguments[:60]}...)"
        if "at_a_glance(" in source:
            assert 'at_a_glance("de")' in source


@pytest.mark.parametrize("german", [g for _, g in PAIRS], ids=IDS)
def test_german_links_stay_german(german):
    for cell in _cells(german):
        if cell["cell_type"] != "markdown":
            continue
        for target, _ in _LINK.findall(_source(cell)):
            resolved = (german.parent / target).resolve()
            assert resolved.is_file(), f"{german.name} links to a missing {target}"
            if not target.startswith("../"):
                assert resolved.parent in (GERMAN, GERMAN / "teacher"), target


def test_the_english_start_page_links_to_the_german_one():
    links = [
        t for c in _cells(NOTEBOOKS / "00-start-here.ipynb") for t, _ in _LINK.findall(_source(c))
    ]
    assert "de/00-start-here.ipynb" in links
    german = [
        t for c in _cells(GERMAN / "00-start-here.ipynb") for t, _ in _LINK.findall(_source(c))
    ]
    assert "../00-start-here.ipynb" in german


@pytest.mark.parametrize("german", [g for _, g in PAIRS], ids=IDS)
def test_german_outputs_are_german(german):
    """The stored outputs carry the German words of the tables, not the English ones."""
    text = ""
    for cell in _cells(german):
        for out in cell.get("outputs", []):
            text += "".join(out.get("text", "")) + "".join(
                out.get("data", {}).get("text/plain", "")
            )
    assert text, f"{german.name} is stored without outputs"
    for english_only in ("Player 1", "Predict first", "Show the answer", "Exercise:", " stars"):
        assert english_only not in text, f"{german.name} shows {english_only!r}"
