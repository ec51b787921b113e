"""A bot that says no to a trade or to a proposed split says why, in one short sentence, from the
numbers it decided by; a screen that may not see the bot's screen reads only what everyone can
tell."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from dg_support import killed_together, load, market_open, play

from kaskaria import OMNISCIENT
from kaskaria.bots import SeatView, make_bot
from kaskaria.core import Action
from kaskaria.present import Names, presenter_for

SMALL_KNIGHT = "small-knight"


def _answering(game):
    """Seat 1 killed dragon 1 with seat 0 (2 silver and 3 gold) and proposes everything for
    itself; seat 0 answers."""
    state = play(
        killed_together(game, "2 silver, gold"),
        ["give gold to 2"] * 3 + ["give silver to 2"] * 2 + ["propose"],
    )
    assert state.phase == "answer" and state.current_player() == 0
    return state


def said(before, viewer, lang="en", bot="fair"):
    """What just happened on ``viewer``'s screen after the seat to move refuses, a bot playing
    that seat."""
    game = before.game
    seat = before.current_player()
    robot = make_bot(game, bot)
    assert robot.choose(before, np.random.default_rng(0)) == Action("refuse")
    after = before.apply("refuse")
    match = SimpleNamespace(actions=[Action("refuse")], states=[before, after], state=after)
    names = Names(
        lambda p, lg=lang: f"Player {p + 1}", viewer, lambda p: robot if p == seat else None
    )
    text, _ = presenter_for(game).narrate(match, 0, viewer, lang, names)
    return text


def test_a_bot_without_the_tokens_asked_for_says_so_to_a_screen_that_may_know():
    state = market_open(load(3), ["gold", "-", "blue"])
    before = play(state, ["offer gold", "ask blue", "trade with 2"])
    assert said(before, OMNISCIENT).startswith(
        "Player 2 says no to the trade: it has too little blue."
    )
    assert said(before, OMNISCIENT, "de").startswith(
        "Spieler 2 sagt Nein zum Tausch: Er hat zu wenig Blau."
    )
    # Player 1 cannot see behind the screen: it reads what the refusal itself tells (the
    # colour it asked for, and the two reasons a refusal can have)
    assert said(before, 0).startswith(
        "Player 2 says no to the trade. Maybe it has too little blue, or the trade gains it"
        " nothing."
    )
    assert said(before, 0, "de").startswith(
        "Spieler 2 sagt Nein zum Tausch. Vielleicht hat er zu wenig Blau, oder der Tausch"
        " bringt ihm nichts."
    )


def test_a_bot_that_would_lose_points_says_how_many_to_its_own_screen_only():
    # a silver (1 point) for a gold coin (3 points): Player 2 would lose 2 points
    state = market_open(load(3), ["silver", "gold", "-"], sure={(0, 1): "gold"})
    before = play(state, ["offer silver", "ask gold", "trade with 2"])
    view = SeatView(before, 1)
    assert make_bot(before.game, "fair").why_refused(view) == ("why.trade_loses", {"n": 2})
    for viewer in (OMNISCIENT, 1):
        assert said(before, viewer).startswith(
            "Player 2 says no to the trade: it would lose 2 points."
        )
        assert said(before, viewer, "de").startswith(
            "Spieler 2 sagt Nein zum Tausch: Er würde 2 Punkte verlieren."
        )
    # Player 1 knows Player 2 holds the gold coin: the trade would not gain it points
    assert said(before, 0).startswith("Player 2 says no to the trade: it would gain no points.")
    assert said(before, 0, "de").startswith(
        "Spieler 2 sagt Nein zum Tausch: Er würde keinen Punkt gewinnen."
    )
    # Player 3 is not sure of it
    assert "Maybe it has too little gold, or the trade gains it nothing." in said(before, 2)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_words_of_a_refused_trade_tell_nothing_hidden_behind_the_screens(lang):
    """Dealt again where Player 1 cannot see, Player 1's screen reads the same reason."""
    state = market_open(load(3), ["silver", "gold", "-"])
    before = play(state, ["offer silver", "ask gold", "trade with 2"])
    text = said(before, 0, lang)
    rng = np.random.default_rng(3)
    seen = 0
    for _ in range(30):
        twin = before.resample_hidden(0, rng)
        if Action("refuse") != make_bot(twin.game, "fair").choose(twin, rng):
            continue  # a world where the bot would have said yes: not this story
        assert said(twin, 0, lang) == text
        seen += 1
    assert seen


@pytest.mark.parametrize(
    "bot, en, de",
    [
        (
            "fair",
            "Player 1 says no: its share is worth 0 points, it wants at least 3.",
            "Spieler 1 sagt Nein: Sein Anteil ist 0 Punkte wert, er möchte mindestens 3.",
        ),
        (
            "greedy",
            "Player 1 says no: its share is worth 0 points, it wants at least",
            "Spieler 1 sagt Nein: Sein Anteil ist 0 Punkte wert, er möchte mindestens",
        ),
    ],
)
def test_a_bot_refusing_a_split_says_what_its_share_is_worth_and_what_it_wants(bot, en, de):
    before = _answering(load(3))
    robot = make_bot(before.game, bot)
    key, params = robot.why_refused(SeatView(before, 0))
    assert key == "why.share_low" and params["n"] == 0
    assert params["least"] == robot.least_share(before.observation(0)) > 0
    # a share is public: every screen reads the same reason
    for viewer in (OMNISCIENT, 0, 1, 2):
        assert said(before, viewer, bot=bot).startswith(en)
        assert said(before, viewer, "de", bot=bot).startswith(de)


def test_a_person_who_refuses_is_told_as_before():
    before = _answering(load(3))
    after = before.apply("refuse")
    match = SimpleNamespace(actions=[Action("refuse")], states=[before, after], state=after)
    names = Names(lambda p, lg="en": f"Player {p + 1}", 1, lambda p: None)
    text, _ = presenter_for(before.game).narrate(match, 0, 1, "en", names)
    assert "says no" not in text and "refuses" in text


def test_a_bot_short_of_one_colour_of_two_names_only_that_one():
    """Asked for gold and blue while holding the gold, Player 2's own reason names blue alone; a
    screen that cannot see behind Player 2's screen reads both colours asked for."""
    state = market_open(load(3), ["silver", "gold", "blue"])
    before = play(state, ["offer silver", "ask gold", "ask blue", "trade with 2"])
    assert said(before, 1).startswith("Player 2 says no to the trade: it has too little blue.")
    assert said(before, 1, "de").startswith("Spieler 2 sagt Nein zum Tausch: Er hat zu wenig Blau.")
    assert "Maybe it has too little gold and blue, or" in said(before, 0)
