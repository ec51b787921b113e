"""Dragon's Gold's market when an offer leaves nothing to add on its other side.

A colour is either offered or asked for (the engine's market, see
``DragonsGoldState._market_actions``), and only a colour the others hold between them may be
asked for. So a child who offers every colour the others hold can ask for nothing: the row "You
ask for" is gone and the only moves are "Withdraw the offer" and "Take back". The message said
"Now choose what you ask for." all the same; now it says why nothing can be asked for and what
the child can do. The same the other way round (asking for every colour the child could offer).
"""

from __future__ import annotations

import pytest

import kaskaria
from kaskaria.widgets import DragonsGoldTable

WORDS = {
    "en": {
        "ask": "You offer every colour you could ask for. Take a token back or withdraw the offer.",
        "give": "You ask for every colour you could offer. "
        "Take a token back or withdraw the offer.",
        "cancel": "Withdraw the offer",
    },
    "de": {
        "ask": "Du bietest jede Farbe an, um die du bitten könntest. "
        "Nimm einen Stein zurück oder ziehe das Angebot zurück.",
        "give": "Du bittest um jede Farbe, die du anbieten könntest. "
        "Nimm einen Stein zurück oder ziehe das Angebot zurück.",
        "cancel": "Angebot zurückziehen",
    },
}


def _table(lang, **what):
    """Player 1 (the child) at the market, building an offer; the others hold silver and gold."""
    match = kaskaria.setup(
        "dragons-gold",
        players=3,
        screens={0: "silver, gold", 1: "silver", 2: "gold"},
        market_open=True,
        **what,
    )
    return DragonsGoldTable.from_match(
        match, seats=("human", "easy", "easy"), lang=lang, autoplay=None, viewer=0
    )


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("what", "last", "side"),
    [({"offer": "silver"}, "offer gold", "ask"), ({"ask": "gold"}, "ask silver", "give")],
)
def test_an_offer_with_nothing_left_to_add_says_why_and_what_to_do(lang, what, last, side):
    table = _table(lang, **what)
    before = table.view["message"]["prompt"]
    assert before != WORDS[lang][side]
    table.act(last)
    view = table.view
    moves = view["moves"]
    # nothing more can be offered or asked for: withdraw, or take the last token back
    assert [(a["action"], a["label"]) for a in moves["actions"]] == [
        ("cancel", WORDS[lang]["cancel"])
    ]
    assert moves["undo"]["shown"] and moves["undo"]["enabled"]
    # the message says so, in one short pair of sentences, and no longer asks to choose
    assert view["message"]["prompt"] == WORDS[lang][side]
    assert view["message"]["text"].endswith(WORDS[lang][side])
    # taken back, the offer can be completed again, and the message asks for it again
    table.undo()
    assert table.view["message"]["prompt"] == before
