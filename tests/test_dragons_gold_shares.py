"""What a share of a Dragon's Gold split is worth, in words: its points now and, for its gems, whether
it would give its player the most of that colour among what the viewer can see; and, for a player
answering a proposal, what it gets, what that is worth to it and what saying no costs.

The words are built from the viewer's observation only: a position dealt again where the viewer
cannot see (``state.resample_hidden``) must give exactly the same words (the check of
tests/test_leaks.py, on the split's words).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import kaskaria
from kaskaria.present import presenter_for

GAME = kaskaria.load("dragons-gold", players=3)
PRESENTER = presenter_for(GAME)


def answering(proposals: int = 4, proposer: int = 2):
    """Player 3 (a bot, say) has proposed a split of dragon 1's treasure; Players 1 and 2 answer.
    Player 1 holds a blue and a yellow; Player 2 holds 2 blue and a green, and Player 1 only
    knows of 1 blue of them; Player 3 holds 2 blue and a white nobody else knows of."""
    shares = {0: "blue, gold", 1: "green", 2: "silver, yellow"}
    return kaskaria.setup(
        GAME,
        dragons=[{"card": 0, "treasure": "blue, gold, green, silver, yellow",
                   "attackers": [(0, "big-knight"), (1, "wizard"),
                                                             (2, "small-knight")]}],
        screens=["blue, yellow", "2 blue, green", "2 blue, white"],
        sure={(0, 1): "blue", (0, 2): "-", (1, 0): "-", (1, 2): "-", (2, 0): "-",
              (2, 1): "-", ("table", 0): "-", ("table", 1): "-", ("table", 2): "-"},
        killed=0,
        proposer=proposer,
        shares=shares,
        answering=[q for q in (0, 1, 2) if q != proposer],
        proposals=proposals,
        to_move=proposer,
        bag="10 gold",
        seed=3,
    )  # fmt: skip


def split_words(state, viewer: int, lang: str = "en") -> dict:
    return PRESENTER.board(SimpleNamespace(state=state), viewer, lang, False)["words"]["split"]


def test_the_worth_of_a_share_says_the_majorities_the_viewer_can_see():
    match = answering()
    assert match.state.phase == "answer"
    parts = split_words(match.state, 0)["parts"]
    # Player 1 would hold 2 blue: more than the 1 blue it knows of behind Player 2's screen (the
    # 2 blue behind Player 3's screen it cannot see, so they count for nothing here)
    assert parts[0]["worth"] == "3 points now, 1 gem: the most blue so far."
    # Player 2 would hold 1 green it can be seen to get, plus nothing known: most green
    assert parts[1]["worth"] == "0 points now, 1 gem: the most green so far."
    # Player 3's yellow: as many as Player 1's own
    assert parts[2]["worth"] == "1 point now, 1 gem: tied for the most yellow so far."
    de = split_words(match.state, 0, "de")["parts"]
    assert de[0]["worth"] == "jetzt 3 Punkte, dazu 1 Edelstein: bisher am meisten Blau."
    # Player 2 sees its own 2 blue and nothing behind Player 1's screen: the 1 blue of Player
    # 1's share makes no majority Player 2 can see, so nothing is said of it
    p2 = split_words(match.state, 1)["parts"]
    assert p2[0]["worth"] == "3 points now, 1 gem for the end."
    # Player 2's own green: it holds 1 already, so 2 with the share
    assert p2[1]["worth"] == "0 points now, 1 gem: the most green so far."


def test_a_colour_another_player_is_seen_to_hold_more_of_is_left_unsaid():
    match = answering()
    # Player 3 sees nothing behind the other screens but its own 2 blue: Player 1's blue
    # share gives Player 1 no majority that Player 3 can see, so nothing is said of it
    parts = split_words(match.state, 2)["parts"]
    assert parts[0]["worth"] == "3 points now, 1 gem for the end."


@pytest.mark.parametrize("viewer", [0, 1])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_worth_words_tell_nothing_hidden(viewer, lang):
    """The same words for every position the viewer cannot tell from this one."""
    match = answering()
    if viewer == 1:
        match.apply("accept")  # Player 1 accepts: Player 2 answers now
    state = match.state
    assert state.current_player() == viewer
    words = split_words(state, viewer, lang)
    rng = np.random.default_rng(5)
    differ = 0
    for _ in range(30):
        twin = state.resample_hidden(viewer, rng)
        differ += twin.screens != state.screens
        assert split_words(twin, viewer, lang) == words
    assert differ  # the hidden screens were dealt again, differently


def test_the_whole_truth_would_change_the_words():
    """The leak check can fail: the omniscient view (which sees everyone's 2 blue) words Player
    1's share otherwise than the seat's own view does."""
    state = answering().state
    parts = PRESENTER.board(SimpleNamespace(state=state), kaskaria.OMNISCIENT, "en", False)
    assert parts["words"]["split"]["parts"][0]["worth"] == (
        "3 points now, 1 gem: tied for the most blue so far."
    )


def test_answering_a_proposal_says_what_i_get_its_worth_and_the_cost_of_no():
    match = answering(proposals=4)
    a = split_words(match.state, 0)["answer"]
    # after Player 3 comes Player 1 in the round: Player 1 proposes next
    assert a == {
        "part": 0,
        "label": "You get",
        "get": "You get: 1 gold, 1 blue.",
        "worth": "For you: 3 points now, 1 gem: the most blue so far.",
        "refuse": "Refuse: you make the next proposal.",
        "no_deal": "No deal: nobody gets the treasure.",
    }
    assert split_words(match.state, 1)["answer"]["refuse"] == (
        "Refuse: Player 1 makes the next proposal."
    )
    de = split_words(match.state, 1, "de")["answer"]
    assert de["get"] == "Du bekommst: 1 Grün."
    assert de["refuse"] == "Ablehnen: Spieler 1 macht den nächsten Vorschlag."
    # the proposer answers nothing, and neither does the projector
    assert "answer" not in split_words(match.state, 2)


def test_on_the_last_proposal_saying_no_loses_the_treasure():
    match = answering(proposals=1)
    a = split_words(match.state, 1)["answer"]
    assert a["refuse"] == "Refuse or no deal: nobody gets the treasure."
    assert a["no_deal"] == ""
    assert split_words(match.state, 1, "de")["answer"]["refuse"] == (
        "Ablehnen oder keine Einigung: Niemand bekommt den Schatz."
    )


def test_a_share_with_nothing_in_it_is_said_plainly():
    match = kaskaria.setup(
        GAME,
        dragons=[{"card": 0, "treasure": "2 gold", "attackers": [(0, "big-knight"), (1, "small-knight")]}],
        killed=0, proposer=1, shares={1: "2 gold"}, answering=[0], to_move=1,
        bag="10 gold", seed=3,
    )  # fmt: skip
    a = split_words(match.state, 0)["answer"]
    assert a["get"] == "You get nothing." and a["worth"] == "For you: 0 points now."


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_shares_worth_is_one_short_sentence(lang):
    """Read under a 60 s hourglass by children of eight: one sentence, at most 15 words with a
    colour in each part, whatever the share holds (points only, gems, the most of a colour, as
    much as anyone, both)."""
    said = set()
    for part in ({"gold": 1}, {"blue": 2}, {"gold": 1, "blue": 1, "purple": 1}):
        for most, tied in (([], []), (["blue"], []), ([], ["purple"]), (["blue"], ["purple"])):
            worth = PRESENTER._worth(part, lang, (most, tied))
            said.add(worth)
            assert worth.endswith(".") and worth.count(".") == 1, worth
            assert len(worth.split()) <= 15, worth
            assert "·" not in worth and "you can see" not in worth, worth
    assert len(said) == 2 * 4 + 1  # a share without gems says its points only


def test_a_share_of_gems_only_says_it_gives_no_points_now():
    assert PRESENTER._worth({"blue": 3}, "en") == "0 points now, 3 gems for the end."
    assert (
        PRESENTER._worth({"blue": 3}, "de")
        == "jetzt 0 Punkte, dazu 3 Edelsteine für das Spielende."
    )
    assert PRESENTER._worth({"blue": 1, "purple": 1}, "en", (["blue"], ["purple"])) == (
        "0 points now, 2 gems: the most blue so far, tied for the most purple."
    )
    assert PRESENTER._worth({"blue": 1, "purple": 1}, "de", (["blue"], ["purple"])) == (
        "jetzt 0 Punkte, dazu 2 Edelsteine: bisher am meisten Blau, mit anderen am meisten Lila."
    )


def test_two_shares_tied_for_a_colour_read_as_a_tie_and_so_far_is_said_one_way():
    """Two shares with 1 purple each (nobody else holds purple) tie for the most purple: both
    cards say so as a tie, not as two shares each with more than anyone; a share that alone has
    the most of a colour says "the most", with "so far" at the same place."""
    match = kaskaria.setup(
        GAME,
        dragons=[{"card": 0, "treasure": "purple, purple, gold, blue",
                  "attackers": [(0, "big-knight"), (1, "wizard"), (2, "small-knight")]}],
        screens=["-", "-", "-"],
        killed=0,
        proposer=2,
        shares={0: "purple", 1: "purple, gold", 2: "blue"},
        answering=[0, 1],
        proposals=4,
        to_move=2,
        bag="10 gold",
        seed=3,
    )  # fmt: skip
    for lang, tie, most in (
        ("en", "tied for the most purple so far.", "the most blue so far."),
        ("de", "bisher mit anderen am meisten Lila.", "bisher am meisten Blau."),
    ):
        worth = [p["worth"] for p in split_words(match.state, 0, lang)["parts"]]
        assert worth[0].endswith(tie) and worth[1].endswith(tie), worth
        assert worth[2].endswith(most) and "anderen" not in worth[2], worth
        assert all(w.count("so far") + w.count("bisher") == 1 for w in worth), worth
    en = [p["worth"] for p in split_words(match.state, 0)["parts"]]
    assert en[0] == "0 points now, 1 gem: tied for the most purple so far."
    assert en[2] == "0 points now, 1 gem: the most blue so far."
