"""The rulebook's two worked examples, replayed action by action.

Lukas (seat 0) rolls black, blue, red, red; the black die goes to the well, the two reds scare
the red dragon (the king). He could stop but rolls the last die, gets yellow and scares the
yellow dragon (the maid): every die is placed, so he rescues the king (4 stars) and the maid
(2 stars).

Ella (seat 1) then fills the two empty places from the pile and rolls yellow, red, silver,
silver. She puts both silver dice on the blue dragon, whose knight has 3 stars. She could stop
but rolls the other two dice: black and blue. The black die goes to the well and the blue one
has nowhere to go (the blue dragon already holds dice), so her turn fails: the knight stays and
she takes a juggler.
"""

from __future__ import annotations

import json

import pytest

import kaskaria
from kaskaria import CHANCE, Match
from kaskaria.dragon_battle import DragonBattleState, roll_outcomes

GAME = "dragon-battle"
# Set-up: the maid under the yellow dragon, the king under the red one, the knight under the
# blue one (all three named in the examples); the fourth resident is not named there.
SET_UP = ["draw maid", "draw king", "draw knight", "draw cook"]
LUKAS = ["roll", "roll black blue red red", "place red", "roll", "roll yellow", "place yellow"]
REFILL = ["draw baker", "draw page"]  # the two residents Ella lays out (not named there)
ELLA = ["roll", "roll red silver silver yellow", "place silver on blue", "roll", "roll black blue"]


def texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


@pytest.fixture(params=["basic", "memory", "younger"])
def game(request):
    return kaskaria.load(GAME, players=2, variant=request.param)


def play(state, lines):
    for line in lines:
        state = state.apply(line)
    return state


def test_lukas_example(game):
    state = play(game.new_state(), SET_UP)
    assert state.player == 0 and state.phase == "start"
    assert state.under == ("maid", "king", "knight", "cook")
    assert (game.stars["maid"], game.stars["king"], game.stars["knight"]) == (2, 4, 3)

    # he rolls all four dice
    assert texts(state) == ["roll"]
    state = state.apply("roll")
    assert state.current_player() == CHANCE and state.hand == 4
    state = state.apply("roll black blue red red")
    # the black die is in the well at once; blue and red wait to be placed
    assert state.well == 1 and state.rolled == ("blue", "red", "red") and state.hand == 0
    assert texts(state) == ["place blue", "place red"]

    # both red dice go on the red dragon (the king)
    state = state.apply("place red")
    assert state.on_dragon == ((), ("red", "red"), (), ())
    assert state.hand == 1 and state.well == 1
    # he could stop here ...
    assert texts(state) == ["roll", "stop"]
    assert state.apply("stop").rescued[0] == ("king",)
    # ... but rolls the remaining die
    state = state.apply("roll")
    assert state.chance_outcomes() == roll_outcomes(1)
    state = state.apply("roll yellow")
    assert texts(state) == ["place yellow"]
    state = state.apply("place yellow")

    # every die is placed: his turn is over and he takes the king and the maid
    assert state.turns == 1
    assert state.rescued == (("maid", "king"), ())
    assert state.stars() == (6, 0)
    assert state.jugglers == (0, 0) and state.jugglers_left == 8
    assert state.under == (None, None, "knight", "cook")
    assert state.player == 1 and state.phase == "draw"
    assert state.on_dragon == ((),) * 4 and state.well == 0 and state.hand == 4


def test_ella_example(game):
    state = play(game.new_state(), SET_UP + LUKAS)
    assert state.player == 1

    # two new residents are drawn for the two empty places
    assert state.current_player() == CHANCE and len(state.pile) == 16
    state = play(state, REFILL)
    assert state.under == ("baker", "page", "knight", "cook")
    assert state.phase == "start" and state.player == 1 and len(state.pile) == 14

    # she rolls all four dice: yellow, red and two silver
    state = state.apply("roll")
    assert state.hand == 4
    state = state.apply("roll red silver silver yellow")
    assert state.well == 0 and state.rolled == ("red", "silver", "silver", "yellow")
    assert texts(state) == [
        "place red",
        "place silver on blue",
        "place silver on purple",
        "place silver on red",
        "place silver on yellow",
        "place yellow",
    ]

    # both silver dice go on the blue dragon, for the knight's 3 stars
    state = state.apply("place silver on blue")
    assert state.on_dragon == ((), (), ("silver", "silver"), ())
    assert state.hand == 2
    # she could stop here (and would rescue the knight) ...
    assert texts(state) == ["roll", "stop"]
    assert state.apply("stop").rescued[1] == ("knight",)
    # ... but rolls the yellow and red dice again
    state = state.apply("roll")
    assert state.chance_outcomes() == roll_outcomes(2)
    state = state.apply("roll black blue")

    # black goes to the well; blue has no empty dragon: the scare fails at once
    assert state.turns == 2
    assert state.rescued == (("maid", "king"), ())
    assert state.under == ("baker", "page", "knight", "cook")  # the knight stays
    assert state.jugglers == (0, 1) and state.jugglers_left == 7
    assert state.on_dragon == ((),) * 4 and state.well == 0 and state.hand == 4
    assert state.player == 0 and state.phase == "start"  # nothing to refill
    if game.variant == "younger":
        assert state.scores() == (2, 0)
    else:
        assert state.scores() == state.stars() == (6, 1)


def test_ella_fails_at_the_blue_roll_not_later():
    """The failing roll is decided as it is applied: no placement of the blue die is offered."""
    game = kaskaria.load(GAME, players=2)
    before = play(game.new_state(), SET_UP + LUKAS + REFILL + ELLA[:-1])
    assert before.phase == "rolling" and before.hand == 2
    after = before.apply("roll black blue")
    assert after.turns == before.turns + 1 and after.phase == "start"
    # the same blue die alone on a board where the blue dragon is free could be placed
    free = before.to_dict()
    free["on_dragon"] = [[], [], [], ["silver", "silver"]]
    moved = DragonBattleState.from_dict(game, free).apply("roll black blue")
    assert moved.phase == "place" and [str(a) for a in moved.legal_actions()] == ["place blue"]


def test_both_examples_as_a_saved_match():
    """The two turns saved as a match, loaded back and replayed to every point."""
    game = kaskaria.load(GAME, players=2)
    lines = SET_UP + LUKAS + REFILL + ELLA
    match = Match(game, seed=2018)
    for line in lines:
        match.apply(line)
    assert match.lines() == lines
    loaded = Match.from_json(match.to_json())
    assert loaded.states == match.states
    assert json.loads(loaded.to_json())["actions"] == lines
    assert loaded.state.stars() == (6, 1)
    after_lukas = loaded.at(len(SET_UP) + len(LUKAS))
    assert after_lukas.rescued == (("maid", "king"), ()) and after_lukas.stars() == (6, 0)
    # the decisions are Lukas's and Ella's; dice and draws are chance
    assert loaded.actors() == [
        -1, -1, -1, -1,  # set-up draws
        0, -1, 0, 0, -1, 0,  # Lukas
        -1, -1,  # refill
        1, -1, 1, 1, -1,  # Ella
    ]  # fmt: skip
    # going back to Ella's choice, stopping instead saves the knight
    loaded.truncate(len(SET_UP) + len(LUKAS) + len(REFILL) + 3)
    assert loaded.state.phase == "decide"
    loaded.apply("stop")
    assert loaded.state.rescued == (("maid", "king"), ("knight",))
    assert loaded.state.stars() == (6, 3)
