"""What a teacher's reading of lesson 05 (Dragon's Gold: the rules) asked for: the exit slip
names the numbers it needs, the pupils close their screens for it, the walked minutes are the
table's, the common wrong counts are named, and the German says what it means."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaskaria import lessons
from kaskaria.lessons.content import LESSONS
from kaskaria.lessons.worksheets import part_three, worksheet

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
    """A teacher walked section 6 with exercise 2 in 10 minutes and sections 4-5 in 3; the
    summary and the slip take 8 now that the rules are said once and nothing is wiped."""
    minutes = {p.title["en"].split("(")[0].strip(): p.minutes for p in RULES.parts if p.core}
    assert minutes["The end and the scoring, majorities"] == 10
    assert minutes["A kill alone and its hidden treasure; after the kill, face down"] == 3
    assert minutes["What we found"] == 8
    assert RULES.core_minutes() == 40


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("qid", "typed", "value"),
    [
        ("ex2", "4+2+1+2", "9"),  # tokens counted, not points
        ("ex2", "4+6+1+30", "41"),  # 15 for each sapphire
        ("t2", "3+7+15", "25"),  # the bonus of three players
        ("t2", "3+7+12+12", "34"),  # Player 4's bonus too
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
    prompts = [_said(RULES.question(q).prompt["de"]) for q in ("ex1", "t1")]
    assert all("Welcher seiner Abenteurer würde" in p for p in prompts), prompts
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
