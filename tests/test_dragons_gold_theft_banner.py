"""Dragon's Gold's thief banner calls the screen's own seat "your" and "you", as its log does."""

from __future__ import annotations

import pytest

from kaskaria.core import TABLE
from kaskaria.session import TableSession


@pytest.mark.parametrize(
    ("lang", "yours", "you", "choosing"),
    [
        ("en", "Your thief robs Player 3", "Player 2's thief robs you", "Your thief chooses whom"),
        (
            "de",
            "Dein Dieb bestiehlt Spieler 3",
            "Der Dieb von Spieler 2 bestiehlt dich",
            "Dein Dieb wählt",
        ),
    ],
)
def test_dragons_gold_thief_banner_calls_the_screens_own_seat_you(lang, yours, you, choosing):
    session = TableSession("dragons-gold", players=3, seats=("human", "easy", "easy"), seed=1)
    words = session.table.presenter._theft_words
    assert words({"thief": 0, "victim": 2}, 0, lang) == yours
    assert words({"thief": 1, "victim": 0}, 0, lang) == you
    assert words({"thief": 0, "victim": -1}, 0, lang).startswith(choosing)
    # another screen (and the projector) keeps every seat's name
    for viewer in (2, TABLE):
        assert "Player 1" in words({"thief": 0, "victim": -1}, viewer, "en")
        assert "Spieler 1" in words({"thief": 1, "victim": 0}, viewer, "de")
