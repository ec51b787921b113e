"""The screen's own seat is "You" ("Du") everywhere a child reads it: the results (the ranking,
the headline, how a tie was broken), Dragon's Gold's share builder; other seats keep their names,
and so does every screen without a seat of its own. The Heroes "+2" card is the draw-two card
(Zieh-zwei-Karte) on every button, prompt and board word."""

from __future__ import annotations

import re

import numpy as np
import pytest
from dg_support import load, nobody_sure, play

import kaskaria
from kaskaria.core import OMNISCIENT
from kaskaria.match import Match
from kaskaria.present import Names, presenter_for

YOU = {"en": "You", "de": "Du"}
SEAT = {"en": "Player {n}", "de": "Spieler {n}"}


def finished(game_name: str, players: int, seed: int):
    """A whole game of ``game_name`` played at random to its end."""
    state = kaskaria.load(game_name, players=players).new_state()
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.integers(len(legal)))])
    return state


def names(lang: str, viewer) -> Names:
    return Names(lambda p, lg=lang: SEAT[lg].format(n=p + 1), viewer)


@pytest.mark.parametrize(
    ("game_name", "players"), [("dragon-battle", 2), ("heroes", 3), ("dragons-gold", 3)]
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_results_call_the_screens_own_seat_you(game_name, players, lang):
    state = finished(game_name, players, seed=3)
    presenter = presenter_for(state.game)
    winners = state.winners()
    for viewer in [*range(players), "table", OMNISCIENT]:
        result = presenter.result(state, lang, names(lang, viewer))
        for row in result["ranking"]:
            seat = row["seat"]
            assert row["name"] == (YOU[lang] if viewer == seat else SEAT[lang].format(n=seat + 1))
        # the end message too (Heroes: the final scoring, "You 27 gold (...)")
        end = presenter.game_over(state, lang, names(lang, viewer))
        words = " ".join((result["headline"], result["tie_break"], end))
        if isinstance(viewer, int):
            # the seat reads about itself as "you", never by its seat's name
            assert SEAT[lang].format(n=viewer + 1) not in words
            if viewer in winners:
                assert re.search(r"\b(you|You|Du)\b", words)
        else:
            assert not re.search(r"\b(you|You|du|Du)\b", words)


@pytest.mark.parametrize(
    ("lang", "viewer", "said"),
    [
        ("en", 0, "You win: 7 stars like Player 2, and fewer residents rescued breaks the tie."),
        ("en", 1, "Player 1 wins: 7 stars like you, and fewer residents rescued breaks the tie."),
        ("en", 2, "Player 1 wins: 7 stars like Player 2, and fewer residents rescued breaks the tie."),
        ("de", 0, "Du gewinnst: 7 Sterne wie Spieler 2, und weniger befreite Burgbewohner entscheiden den Gleichstand."),
        ("de", 1, "Spieler 1 gewinnt: 7 Sterne wie du, und weniger befreite Burgbewohner entscheiden den Gleichstand."),
    ],
)  # fmt: skip
def test_a_broken_tie_is_told_to_the_winner_and_to_the_loser_in_their_own_words(lang, viewer, said):
    presenter = presenter_for(kaskaria.load("dragon-battle", players=3))
    key = presenter.tie_break_key
    assert key is not None
    stars = presenter.stars(7, lang)
    assert presenter.tie_said(key, lang, [0], [1], names(lang, viewer), stars=stars) == said


@pytest.mark.parametrize(
    ("lang", "viewer", "said"),
    [
        ("en", 1, "Equal: you share the win with Player 1 and Player 3."),
        ("en", "table", "Equal: Player 1, Player 2 and Player 3 share the win."),
        ("de", 1, "Gleichstand: Du gewinnst gemeinsam mit Spieler 1 und Spieler 3."),
    ],
)
def test_a_shared_win_is_told_to_each_winner_as_its_own(lang, viewer, said):
    presenter = presenter_for(kaskaria.load("heroes", players=3))
    assert presenter.tie_said("result.tie_shared", lang, [0, 1, 2], [], names(lang, viewer)) == said
    with_you = presenter.winners_said("say.share", lang, [0, 1], names(lang, 1), gold="9 gold")
    assert (
        with_you
        == {
            "en": "You share the win with Player 1, each with 9 gold.",
            "de": "Du gewinnst gemeinsam mit Spieler 1, jeder mit 9 gold.",
        }[lang]
    )


def building() -> Match:
    """Player 2 killed dragon 1 with Player 1's small knight and builds the split (3 gold and 2
    silver to hand out)."""
    game = load(3)
    state = game.setup(
        dragons=[{"card": 0, "treasure": "2 silver, gold", "attackers": [(0, "small-knight")]}],
        to_move=1,
        bag="10 gold",
        sure=nobody_sure(game),
    )
    state = play(state, ["send big-knight to dragon 1"])
    while state.phase == "token":
        state = state.apply(state.legal_actions()[0])
    assert state.phase == "build" and state.current_player() == 1
    return Match(game, seed=1, start=play(state, ["give gold to 2"]))


@pytest.mark.parametrize(
    ("lang", "mine", "other"),
    [("en", ("gold for you", "You"), ("gold → Player 1", "Player 1")),
     ("de", ("Gold für dich", "Du"), ("Gold → Spieler 1", "Spieler 1"))],
)  # fmt: skip
def test_the_share_builder_gives_to_you_on_the_builders_own_screen(lang, mine, other):
    match = building()
    presenter = presenter_for(match.game)
    state = match.state
    gives = {
        b["to"]: (b["label"], b["short"])
        for b in presenter.buttons(state, lang, you=True)
        if b["kind"] == "give" and b["colour"] == "gold"
    }
    assert gives == {1: mine, 0: other}
    # a screen that is not the builder's (the teacher's, a shared view) names every seat
    shown = {
        b["to"]: b["short"]
        for b in presenter.buttons(state, lang)
        if b["kind"] == "give" and b["colour"] == "gold"
    }
    assert shown == {0: SEAT[lang].format(n=1), 1: SEAT[lang].format(n=2)}
    split = presenter.board(match, 1, lang, True)["words"]["split"]
    assert split["who"] == {"en": "Your proposal", "de": "Dein Vorschlag"}[lang]
    assert [p["label"] for p in split["parts"]] == [SEAT[lang].format(n=1), YOU[lang]]
    assert (
        split["parts"][1]["give_here"]
        == {"en": "Tokens for you", "de": "Schatzsteine für dich"}[lang]
    )
    for viewer in (0, 2, "table", OMNISCIENT):
        split = presenter.board(match, viewer, lang, True)["words"]["split"]
        assert split["parts"][1]["label"] == SEAT[lang].format(n=2)
        assert not split["who"].startswith(("Your", "Dein"))


def choosing():
    """A Heroes game played at random until a set with a draw-two card waits for its cards."""
    state = kaskaria.load("heroes", players=2).new_state()
    rng = np.random.default_rng(2)
    while state.phase != "choose":
        assert not state.is_terminal()
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        plays = [a for a in legal if a.verb == "play" and "plus2" in a.args]
        state = state.apply(plays[0] if plays else legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize(
    ("lang", "name", "pile"),
    [("en", "draw-two card", "Take a card from the draw pile"),
     ("de", "Zieh-zwei-Karte", "Eine Karte vom Nachziehstapel nehmen")],
)  # fmt: skip
def test_the_plus2_card_is_the_draw_two_card_on_buttons_and_prompts(lang, name, pile):
    state = choosing()
    presenter = presenter_for(state.game)
    buttons = presenter.buttons(state, lang, you=True)
    labels = [b["label"] for b in buttons]
    assert pile in labels
    prompt = presenter.prompt(state, lang, SEAT[lang].format(n=state.player + 1), False)
    words = [*labels, prompt, presenter.status(state, state.player, lang)]
    assert name in prompt
    assert not any("+2" in w for w in words), words
    # every button is a plain sentence starting with what the child does
    assert all(re.match(r"(Take|[A-ZÄÖÜ].* nehmen)", w) for w in labels), labels
    cards = presenter.board(Match(state.game, seed=1, start=state), state.player, lang, True)
    motifs = {c["motif_word"] for c in cards["cards"].values() if c["motif"] == "plus2"}
    assert motifs <= {"Draw-two", "Zieh-zwei"}
