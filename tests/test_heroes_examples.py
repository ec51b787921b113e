"""The rulebook's worked examples, replayed action by action.

Mia (seat 0) plays four blue cards: her griffin flies one field, she takes two gold, and with the
"+2" card she takes two cards: the first from the display (which is refilled at once), the second
from the draw pile. Then the four cards go face up to the discard pile.

Peter (seat 1) plays three orange cards: his cliff runner walks two fields and he takes one gold.

The final-scoring example: the yellow cliff runner reaches the volcano (7 gold and the amulet,
worth 2); the green and red cliff runners share the second place (4 each), the blue one is third
(1). The blue griffin is first (7), the green second (4), the yellow third (1), the red fourth
(nothing).
"""

from __future__ import annotations

import json

import pytest
from heroes_support import load, play, set_up_lines, state_at, texts

from kaskaria import CHANCE, Match

MIA = ["blue griffin", "blue gold", "blue gold", "blue plus2", "red runner"]
PETER = ["orange runner", "orange runner", "orange gold", "green griffin", "yellow gold"]
DISPLAY = ["purple gold", "white runner", "black griffin"]

MIA_TURN = [
    "play blue griffin gold gold plus2",
    "plus2 display 1",  # the first card from the display ...
    "reveal green gold",  # ... which is refilled at once
    "plus2 pile",  # the second card from the draw pile
    "reveal red gold",
]
PETER_TURN = ["play orange runner runner gold"]


@pytest.fixture(params=["basic", "brave"])
def game(request):
    return load(2, request.param)


def test_mia_plays_four_blue_cards(game):
    state = play(game.new_state(), set_up_lines(game, [MIA, PETER], DISPLAY, below=30))
    assert state.current_player() == 0 and state.pile_size == 41
    assert "play blue griffin gold gold plus2" in texts(state)

    state = state.apply(MIA_TURN[0])
    # every card acts at once: the griffin one field, two gold (a pair of gold is worth five in
    # the brave variant), and two cards to take
    assert state.griffins == (1, 0) and state.runners == (0, 0)
    assert state.gold == ((5, 0) if game.brave else (2, 0))
    assert state.phase == "choose" and state.draws_left == 2
    assert state.observation("table")["played"] == [
        "blue griffin",
        "blue gold",
        "blue gold",
        "blue plus2",
    ]

    state = state.apply("plus2 display 1")
    assert state.phase == "refill" and state.current_player() == CHANCE
    assert state.observation("table")["display"] == [None, "white runner", "black griffin"]
    state = state.apply("reveal green gold")
    assert state.observation("table")["display"] == ["green gold", "white runner", "black griffin"]
    assert state.phase == "choose" and state.draws_left == 1

    state = state.apply("plus2 pile")
    assert state.chance_kind() == "draw"
    state = state.apply("reveal red gold")

    # the four cards lie face up on the discard pile; Peter's turn
    assert state.current_player() == 1 and state.turns == 1
    table = state.observation("table")
    assert table["discard"] == ["blue griffin", "blue gold", "blue gold", "blue plus2"]
    assert table["played"] == []
    assert sorted(state.observation(0)["hands"][0]) == ["purple gold", "red gold", "red runner"]
    assert table["known"][0] == ["purple gold"]  # everyone saw it come from the display
    assert table["hand_sizes"] == [3, 5] and table["pile"] == 39
    assert state.above == 28  # two cards came off the pile above the waterfall
    assert state.supply == 80 - state.gold[0]


def test_peter_plays_three_orange_cards(game):
    state = play(game.new_state(), set_up_lines(game, [MIA, PETER], DISPLAY, below=30))
    state = play(state, MIA_TURN)
    gold_before = state.gold[0]
    state = state.apply(PETER_TURN[0])
    # two cliff runners: two fields (three in the brave variant); one gold
    assert state.runners == (0, 3 if game.brave else 2)
    assert state.gold == (gold_before, 1)
    assert state.current_player() == 0
    assert state.observation("table")["discard"][-3:] == [
        "orange runner",
        "orange runner",
        "orange gold",
    ]
    assert len(state.observation("table")["discard"]) == 7


def test_the_examples_replay_as_a_saved_match():
    game = load(2)
    lines = set_up_lines(game, [MIA, PETER], DISPLAY, below=30) + MIA_TURN + PETER_TURN
    match = Match(game, seed=3, actions=lines)
    assert not match.fair  # the cards were set by hand: a staged match
    loaded = Match.from_json(match.to_json())
    assert loaded.states == match.states
    assert json.loads(loaded.to_json())["chance"] == "staged"


# seats: 0 yellow, 1 green, 2 red, 3 blue (the figure colours of the example)
YELLOW, GREEN, RED, BLUE = range(4)


def test_final_scoring_example():
    game = load(4)
    state = state_at(
        game,
        hands=[["orange runner", "orange gold"], ["red gold"], ["green gold"], ["blue gold"]],
        display=DISPLAY,
        runners=[11, 8, 8, 5],
        griffins=[3, 6, 1, 7],
        gold=[9, 12, 14, 11],
        turns=44,
    )
    assert state.current_player() == YELLOW
    state = state.apply("play orange runner gold")
    assert state.phase == "over"
    assert state.runners[YELLOW] == game.runner_path and state.amulet == YELLOW
    runner = state.place_gold("runner")
    griffin = state.place_gold("griffin")
    # cliff runners: yellow on the volcano 7; green and red share second place, 4 each; blue 1
    assert runner[YELLOW] == 7 and runner[GREEN] == 4 and runner[RED] == 4 and runner[BLUE] == 1
    # griffins: blue first 7, green second 4, yellow third 1, red fourth nothing
    assert griffin[BLUE] == 7 and griffin[GREEN] == 4 and griffin[YELLOW] == 1 and griffin[RED] == 0
    assert state.final_scoring() == (8, 8, 4, 8)
    # the amulet counts two gold: yellow 10 gold from the game + 8 + 2
    assert state.scores() == (10 + 8 + 2, 12 + 8, 14 + 4, 11 + 8)
    assert state.scores() == (20, 20, 18, 19)
    assert state.winners() == (YELLOW,)  # a tie with green: the amulet holder wins
    obs = state.observation("table")
    assert obs["final_scoring"] == [8, 8, 4, 8] and obs["amulet"] == YELLOW
