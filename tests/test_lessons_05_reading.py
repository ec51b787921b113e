"""What a teacher's reading of lesson 05 (Dragon's Gold: the rules) asked for: the exit slip
names the numbers it needs, the pupils close their screens for it, the walked minutes are the
table's, the common wrong counts are named, and the German says what it means."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path

import pytest

from kaskaria import lessons
from kaskaria.lessons.content import LESSONS
from kaskaria.lessons.teacher import edition_text
from kaskaria.lessons.worksheets import answer_key, part_three, worksheet

RULES = LESSONS["dragons-gold-rules"]
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _said(text: str) -> str:
    return " ".join(text.split())


def _cells(lang: str) -> list[dict]:
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / "de"
    return json.loads((folder / "05-dragons-gold-rules.ipynb").read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_slip_names_the_point_values_exit_ticket_2_needs(lang: str) -> None:
    """The board may stay and extension A's table below the exit ticket gives nothing away: t2
    itself says what silver, the black diamond and the bonus are worth."""
    t2 = _said(RULES.question("t2").prompt[lang])
    needed = {
        "en": ("a silver coin is worth 1 point", "the black diamond 7", "is 12 points"),
        "de": ("eine Silbermünze bringt 1 Punkt", "der schwarze Diamant 7", "bekommt 12 Punkte"),
    }[lang]
    assert all(words in t2 for words in needed), t2
    assert t2 in _said(part_three(worksheet(RULES, lang)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_pupils_close_their_screens_for_the_slip(lang: str) -> None:
    cells = _cells(lang)
    first = next(i for i, c in enumerate(cells) if "L.exit_ticket(" in "".join(c["source"]))
    above = _said("".join(cells[first - 1]["source"]))
    assert {"en": "Close your screen", "de": "Klapp den Bildschirm zu"}[lang] in above, above


def test_the_timing_table_has_the_walked_minutes() -> None:
    """A teacher walked sections 4-5 in 3 minutes; the summary and the slip take 9 (a fresh
    reader walked 9 to 10 with the rules said once and nothing wiped), and section 6 with
    exercise 2 takes 9, without the round of feedback a reader walked it with (9.5), so the
    core path stays at 40 with its 5 minutes of slack."""
    minutes = {p.title["en"].split("(")[0].strip(): p.minutes for p in RULES.parts if p.core}
    assert minutes["The end and the scoring, majorities"] == 9
    assert minutes["A kill alone and its hidden treasure; after the kill, face down"] == 3
    assert minutes["What we found"] == 9
    assert next(m for title, m in minutes.items() if title.startswith("Slack")) == 5
    assert RULES.core_minutes() == 40


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("qid", "typed", "value"),
    [
        ("ex2", "4+2+1+2", "9"),  # tokens counted, not points
        ("ex2", "4+6+1+30", "41"),  # 15 for each sapphire
        ("t2", "3+7+15", "25"),  # the bonus of three players
        ("t2", "3+7+12+12", "34"),  # Player 4's bonus too
        ("ex2", "4+6+1+15+2", "28"),  # each sapphire a point as well
        ("t2", "3+7+12+2", "24"),  # each amethyst a point as well
    ],
)
def test_the_common_wrong_counts_are_named(lang: str, qid: str, typed: str, value: str) -> None:
    L = lessons.Lesson("dragons-gold-rules", lang)
    box = L.exit_ticket(qid) if qid.startswith("t") else L.exercise(qid)
    verdict = box.mark(typed)
    assert verdict.kind == "mistake" and value in verdict.message, verdict.message


def test_the_german_says_what_it_means() -> None:
    t2 = _said(RULES.question("t2").explain["de"])
    assert "so wie auch Spieler 4 die vollen 12 bekommt" in t2
    # plural: the answer may be several adventurers (exercise 1's is three), so the question
    # must not point at one; the worksheet and the key print the same prompts
    prompts = [_said(RULES.question(q).prompt["de"]) for q in ("ex1", "t1")]
    assert all("Welche seiner Abenteurer würden den Drachen" in p for p in prompts), prompts
    papers = _said(worksheet(RULES, "de")) + _said(answer_key(RULES, "de"))
    assert "Welcher seiner" not in papers and "Welcher seiner" not in json.dumps(
        _cells("de"), ensure_ascii=False
    )
    notebook = json.dumps(_cells("de"), ensure_ascii=False)
    for slip in (
        "Schatzplättchen",
        "ein Angriff von 3",
        "den Zufall um einen Zug",
        "Die Tabelle zählt",
    ):
        assert slip not in notebook, slip
    assert "The table counts" not in json.dumps(_cells("en"))
    # extension C says in German too what a thief's buttons name
    assert "auf den Knöpfen eines Diebs stehen die Spieler, die er bestehlen darf" in _said(
        notebook
    )
    answers = " ".join(_said(a["de"]) for _, a in RULES.discussion)
    assert "also kann der vierte Saphir das Spiel trotzdem entscheiden" in answers


def _heading(cell: dict) -> str:
    """A Markdown cell's heading, without its '#' marks and its anchor."""
    first = "".join(cell["source"]).splitlines()[0]
    return first.lstrip("#").split("<a id=")[0].strip()


def _index(cells: list[dict], code: str, pick=min) -> int:
    return pick(i for i, c in enumerate(cells) if code in "".join(c["source"]))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_pairs_run_the_notebook_down_to_what_we_found_only(lang: str) -> None:
    """The exit-ticket boxes stay unrun on the pairs' devices: the first cell has pairs run every
    cell above the heading 'What we found', which lies below the last exercise box and above the
    first exit-ticket box, and never says Run All. The extensions run from their own heading
    down, below the last exit-ticket box."""
    cells = _cells(lang)
    found = next(i for i, c in enumerate(cells) if '<a id="found">' in "".join(c["source"]))
    heading = _heading(cells[found])
    assert heading == {"en": "What we found", "de": "Was wir herausgefunden haben"}[lang]
    assert _index(cells, "L.exercise(", max) < found < _index(cells, "L.exit_ticket(")
    first = _said("".join(cells[0]["source"]))
    menu = "Run All Above Selected Cell"  # as Binder's English menu shows it, in German too
    assert f"*{heading}*" in first and "(#found)" in first and menu in first, first
    for run_all in ("Run All Cells", "Run all cells", "alle Zellen aus", "⏩"):
        assert run_all not in first, run_all
    extensions = next(
        i for i, c in enumerate(cells) if '<a id="extensions">' in "".join(c["source"])
    )
    assert extensions > _index(cells, "L.exit_ticket(", max)
    below = "Run Selected Cell and All Below"
    assert below in _said("".join(cells[extensions]["source"]))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_teacher_edition_says_where_the_pairs_stop(lang: str) -> None:
    """The materials and the first section's note say the same stopping place as the pupils'
    first cell, and that the exit-ticket boxes stay unrun there; no line asks for Run All."""
    said = _said(" ".join(m[lang] for m in RULES.materials))
    stop = {
        "en": ('"What we found"', "Run All Above Selected Cell", "stay unrun"),
        "de": ("„Was wir herausgefunden haben“", "Run All Above Selected Cell", "unausgeführt"),
    }[lang]
    assert all(words in said for words in stop), said
    edition = _said(edition_text(RULES, lang))
    assert {"en": "Run ▸ Run All Cells", "de": "Ausführen ▸ Alle Zellen"}[lang] not in edition
    assert {"en": "Hand out page 1", "de": "Teilen Sie Seite 1"}[lang] in edition


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_slip_and_the_boxes_ask_the_same(lang: str) -> None:
    """The slip asks what the boxes ask, so the notebook must not call its numbers new."""
    slip = _said(unescape(part_three(worksheet(RULES, lang))))
    for qid in ("t1", "t2"):
        assert _said(RULES.question(qid).prompt[lang]) in slip
    notebook = _said(json.dumps(_cells(lang), ensure_ascii=False))
    assert {"en": "numbers are new", "de": "Zahlen sind neu"}[lang] not in notebook


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_gem_scores_nothing_by_itself(lang: str) -> None:
    """Section 6 and the page 2 rule box (what exercise 2 is worked from) say that a gem brings
    nothing but its colour's bonus, and the two counts that give each gem a point are named."""
    said = {
        "en": "a gem scores nothing by itself",
        "de": "ein edelstein allein bringt keine punkte",
    }
    cells = _cells(lang)
    end = next(c for c in cells if '<a id="end">' in "".join(c["source"]))
    assert said[lang] in _said("".join(end["source"])).lower()
    assert said[lang] in _said(RULES.sheet_rules_found[lang]).lower()
    for qid, count in (("ex2", "4+6+1+15+2"), ("t2", "3+7+12+2")):
        L = lessons.Lesson("dragons-gold-rules", lang)
        box = L.exit_ticket(qid) if qid.startswith("t") else L.exercise(qid)
        verdict = box.mark(count)
        assert verdict.kind == "mistake" and said[lang] in verdict.message.lower(), verdict


@pytest.mark.parametrize("lang", ["en", "de"])
def test_exercise_1_says_equal_is_enough_and_section_4_counts_the_8(lang: str) -> None:
    explain = _said(RULES.question("ex1").explain[lang])
    assert "4 + 2 = 6" in explain and "mindestens 6" not in explain and "at least 6" not in explain
    assert {"en": "equal is enough", "de": "gleich viel genügt"}[lang] in explain
    kill = next(c for c in _cells(lang) if '<a id="kill">' in "".join(c["source"]))
    assert "2 + 6 = 8" in _said("".join(kill["source"]))
