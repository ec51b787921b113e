"""Extension I of lesson 02 ("What if?"): its reveal is the library's look back at the seeded turn,
word for word, in both languages, the same words the table's Look back button gives; the vote
comes before it, the exercise on its numbers after it, and nothing above the reveal says it."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import pytest

import kaskaria
from kaskaria.hints import what_if
from kaskaria.lessons import dragon_battle as db
from kaskaria.lessons.content_dragon_battle import (
    ODDS,
    RULES_RESIDENTS,
    WHAT_IF_TURN,
    what_if_turn,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PUPILS = {
    "en": NOTEBOOKS / "02-dragon-battle-odds.ipynb",
    "de": NOTEBOOKS / "de" / "02-dragon-battle-odds.ipynb",
}


def _fresh_look_back(lang: str) -> str:
    """The look back straight from the engine: a new match, the turn's lines, what_if."""
    match = kaskaria.setup("dragon-battle", players=2, residents=RULES_RESIDENTS, seed=1)
    for line in WHAT_IF_TURN:
        match.apply(line)
    return what_if(match, seat=0, lang=lang).text


def _cells(lang: str) -> list[dict]:
    return json.loads(PUPILS[lang].read_text(encoding="utf-8"))["cells"]


def _index(cells: list[dict], code: str) -> int:
    found = [
        i for i, c in enumerate(cells) if c["cell_type"] == "code" and code in "".join(c["source"])
    ]
    assert len(found) == 1, (code, found)
    return found[0]


def _shown(cell: dict) -> str:
    """A cell's source and every stored output, as one text."""
    parts = ["".join(cell["source"])]
    for out in cell.get("outputs", []):
        for value in out.get("data", {}).values():
            parts.append(value if isinstance(value, str) else "".join(map(str, value)))
        parts.append("".join(out.get("text", "")))
    return "\n".join(parts)


def test_the_moment_is_a_good_choice_that_failed() -> None:
    w = what_if_turn("en")
    assert w.key == "whatif.failed" and w.numbers["failed"] is True
    assert str(w.taken) == "roll" and str(w.best) == "roll"
    # the vote's answer is the look back's own; the exercise (32 pupils at this moment) uses its
    # chance
    assert ODDS.question("stop-better").exact() == str(w.best)
    assert ODDS.question("ex8").exact() == 32 * w.numbers["fail"] == 8


def test_the_exercises_answer_needs_no_solved_game(monkeypatch) -> None:
    """Exercise 8 is 32 times the roll's exact chance, worked out without the strong bot's solved
    two-player game: the tests work out every lesson's answers while they are collected, and
    `make test` collects them while that game is still being solved."""
    from kaskaria.dragon_battle import winbot
    from kaskaria.lessons.content_dragon_battle import _failing_pupils

    def no_table(*args, **kwargs):
        raise AssertionError("the solved two-player game was asked for")

    looked_back = 32 * what_if_turn("en").numbers["fail"]
    what_if_turn.cache_clear()  # nothing worked out before is reused
    monkeypatch.setattr(winbot, "read_or_solve", no_table)
    monkeypatch.setattr(winbot, "duel_table", no_table)
    assert _failing_pupils() == looked_back == 8


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_reveal_says_the_tables_what_if(lang: str) -> None:
    said = _fresh_look_back(lang)
    assert db.looked_back(lang).text == said
    # the table of the extension answers Look back with the same words
    table = db.what_if_table(lang=lang)
    session = table.session
    assert session.handle({"type": "what_if", "version": session.version})
    advice = session.view()["advice"]
    assert advice["kind"] == "what_if" and advice["text"] == said
    # the stored reveal of the notebook holds those words, inside its closed answer
    cells = _cells(lang)
    reveal = cells[_index(cells, 'L.reveal("stop-better"')]
    html = _shown(reveal)
    assert escape(said) in html
    assert html.index("<details>") < html.index(escape(said)) < html.index("</details>")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_vote_comes_before_the_reveal(lang: str) -> None:
    """The moment is a picture (nothing to press: a live table's Look back button would answer
    the vote) before the vote, then the reveal, then the exercise."""
    cells = _cells(lang)
    picture = _index(cells, "db.picture(*db.WHAT_IF_TURN")
    vote = _index(cells, 'L.predict("stop-better")')
    reveal = _index(cells, 'L.reveal("stop-better"')
    exercise = _index(cells, 'L.exercise("ex8")')
    assert picture < vote < reveal < exercise
    assert not any("db.what_if_table(" in "".join(c["source"]) for c in cells)
    w = what_if_turn(lang)
    verdict = w.text.split(". ")[-1]
    for cell in cells[:reveal]:
        shown = _shown(cell)
        assert w.text not in shown and verdict not in shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_reveal_says_what_rolling_on_brings_on_average(lang: str) -> None:
    """A teacher found the reveal's "why" rested on the best player's word and the 25%: it also
    says what rolling on brings on average (at least 3/4 x 9 + 1/4 x 1 = 7 stars, against the 6
    stopping keeps), worked out by the engine, in one short sentence."""
    from kaskaria.dragon_battle.odds import advise_observation
    from kaskaria.lessons.content_dragon_battle import _what_if_match

    match = _what_if_match(WHAT_IF_TURN[:-2])  # the learner deciding to roll the last time
    rolled = advise_observation(match.game, match.state.observation(0)).choice("roll")
    assert rolled.expected_stars == 7  # the engine's own number, not written in the words
    w = what_if_turn(lang)
    assert w.numbers["roll_stars"] == rolled.expected_stars > w.numbers["keep"] == 6
    sentence = {
        "en": "Rolling on brings 7 stars on average.",
        "de": "Weiterwürfeln bringt im Schnitt 7 Sterne.",
    }[lang]
    assert sentence in w.text and len(sentence.split()) <= 8
    # before the verdict, which stays the last sentence
    assert w.text.index(sentence) < w.text.index(w.text.split(". ")[-1])
    assert db.looked_back(lang).text == w.text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_live_table_tells_the_turn_that_failed(lang: str) -> None:
    """A teacher found `db.what_if_table()` saying "Nothing yet: the game has just begun."
    beside "Jugglers: 1" and the look back at the failed turn: the table starts from a set
    position, so its "What just happened" tells that turn, step by step, ending with the roll
    that failed and the juggler."""
    from kaskaria.i18n import text

    table = db.what_if_table(lang=lang)
    view = table.session.view()
    lines = [line["text"] for line in view["summary"]["lines"]]
    assert lines, "What just happened is empty: the box says the game has just begun"
    juggler = {"en": "a juggler (1 star)", "de": "einen Gaukler (1 Stern)"}[lang]
    rolled = {"en": "You roll 2 dice: black, red.", "de": "Du wirfst 2 Würfel: Schwarz, Rot."}
    assert lines[-2] == rolled[lang] and juggler in lines[-1], lines
    assert len(lines) == len(WHAT_IF_TURN) - 2  # each roll and each placement: one line
    # the box's words for an empty summary are for a game that has just begun: not drawn here
    assert view["frame"]["text"]["summary_empty"] == text("core", "shell.summary_empty", lang)
    # the look back still answers about that turn, and nothing of the game changed
    session = table.session
    assert session.handle({"type": "what_if", "version": session.version})
    assert session.view()["advice"]["text"] == what_if_turn(lang).text
    assert len(table.session.table.match.actions) == len(db.SET_UP) + len(WHAT_IF_TURN)
