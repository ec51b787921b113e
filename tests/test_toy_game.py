"""The contract generalises: a test-only card game with hidden hands, a shuffled deck and a step
where every other player answers a proposal registers like any game, plays in ``GameTable`` and is
driven by the generic bots (its conformance run is in ``test_conformance.py``, from the registry)."""

from __future__ import annotations

import json

import numpy as np
import pytest
import toy_game

import kaskaria
from kaskaria import CHANCE, OMNISCIENT, TABLE, IllegalActionError, Match, SavedGameError
from kaskaria.bots import available_bots, make_bot
from kaskaria.match import MatchView, read_code
from kaskaria.tournament import play_tournament

NAME = toy_game.NAME


def dealt(players: int = 3, seed: int = 5) -> Match:
    match = Match(kaskaria.load(NAME, players=players), seed=seed)
    match.resolve_chance()
    return match


def test_it_registers_like_any_game():
    assert NAME in kaskaria.available_games()
    game = kaskaria.load(NAME, players=3, rounds=2)
    assert game.describe().information == "imperfect" and game.private_information
    assert game.spec() == {"game": NAME, "players": 3, "variant": "basic", "options": {"rounds": 2}}
    assert available_bots(NAME) == ("random",)  # the generic bots play it
    with pytest.raises(ValueError, match=r"unknown option\(s\) 'speed'"):
        kaskaria.load(NAME, speed=2)


def test_every_other_player_answers_a_proposal_in_seat_order():
    match = dealt(players=4)
    state = match.state
    assert state.phase == "turn" and state.current_player() == 0
    card = state.hands[0][0]
    match.play(f"offer {card}")
    order = []
    for answer in ("refuse", "accept", "accept"):
        order.append(match.state.current_player())
        match.play(answer)
    assert order == [1, 2, 3]  # one single-player decision after another
    after = match.state
    assert card in after.known[2] and after.points[0] == 1  # the first to accept takes it
    assert after.current_player() == 1 and after.phase == "turn"
    with pytest.raises(IllegalActionError, match=r"'accept' is not allowed"):
        after.apply("accept")


def test_hands_are_private_and_the_log_says_so():
    match = dealt(players=3)
    state = match.state
    for seat in range(3):
        seen = state.observation(seat)
        assert seen["hand"] == list(state.hands[seat])
        others = [h for q, h in enumerate(state.hands) if q != seat]
        assert seen["hand_sizes"] == [2, 2, 2] and seen["hands"] is None
        del others
    assert state.observation(TABLE)["hand"] is None
    assert state.observation(OMNISCIENT)["hands"] == [list(h) for h in state.hands]
    lines = match.lines(viewer=1)
    assert lines[2:4] == [str(match.actions[2]), str(match.actions[3])]  # dealt to seat 1
    assert set(lines[:2] + lines[4:6]) == {"deal ?"}
    first = match.states[2]
    assert first.action_text(match.actions[2], 1).startswith("you are dealt a ")
    assert first.action_text(match.actions[2], 0) == "Player 2 is dealt a card"
    assert first.action_text(match.actions[2], 0, "de") == "Spieler 2 bekommt eine Karte"


def test_a_viewers_code_hides_the_hidden_and_cannot_be_replayed():
    match = dealt(players=2, seed=9)
    full = match.to_code()
    assert Match.from_code(full).states == match.states
    code = match.to_code(viewer=0)
    data = json.loads(
        __import__("zlib").decompress(__import__("base64").urlsafe_b64decode(code[5:] + "=="))
    )
    assert "seed" not in data and data["viewer"] == 0
    for card in match.state.hands[1]:
        assert f"deal {card}" not in data["actions"][2:4]
    with pytest.raises(SavedGameError, match=r"view of a game for viewer 0"):
        Match.from_code(code)
    view = read_code(code)
    assert isinstance(view, MatchView) and view.viewer == 0 and list(view.lines) == match.lines(0)


def test_resample_hidden_keeps_what_a_seat_knows():
    match = dealt(players=3, seed=2)
    match.play(f"offer {match.state.hands[0][0]}")
    match.play("accept")  # seat 1 takes it: now public
    state = match.state
    rng = np.random.default_rng(0)
    changed = 0
    for _ in range(50):
        twin = state.resample_hidden(0, rng)
        assert twin.observation(0) == state.observation(0)
        assert twin.hands[0] == state.hands[0]
        for q in (1, 2):
            for card in state.known[q]:
                assert card in twin.hands[q]
        changed += twin != state
    assert changed > 0  # something really was dealt again


def test_plays_in_a_game_table_from_python():
    from kaskaria.widgets import GameTable

    table = GameTable(NAME, players=3, seats=("human", "human", "random"), seed=4)
    # two people at one device with private hands: first the device is passed
    assert (
        table.passing
        and table.view["turn"]["to_move"] == "pass"
        and table.view["moves"]["actions"] == []
    )
    table.pass_device()
    assert table.viewer == 0 and table.view["moves"]["actions"]
    hidden = [c for q in (1, 2) for c in table.state.hands[q]]
    while table.state.current_player() != kaskaria.TERMINAL:
        player = table.state.current_player()
        if table.passing:
            assert json.dumps(table.view).count('"hand": [') == 0  # nothing private on screen
            table.pass_device()
            continue
        if player == CHANCE or table.view["moves"]["next"] is not None:
            table.next()
            continue
        viewer = table.viewer
        assert viewer == player
        view = table.view
        assert view["board"]["observation"]["hand"] == list(table.state.hands[viewer])
        for q in range(3):
            if q != viewer:
                assert view["board"]["observation"]["hands"] is None
        table.act(view["moves"]["actions"][0]["action"])
    assert table.view["turn"]["to_move"] == "over" and hidden is not None


def test_generic_bots_play_whole_games():
    game = kaskaria.load(NAME, players=3)
    result = play_tournament(game, [make_bot(NAME, "random")] * 3, games=30, seed=1, progress=False)
    assert result.games == 30 and abs(sum(result.win_rate) - 1) < 1e-9
    assert result.unit == "points"
