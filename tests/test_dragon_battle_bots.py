"""Bots: legal choices only, each behaves as its definition says, deterministic given the rng."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

import kaskaria
from kaskaria.core import CHANCE, Action
from kaskaria.dragon_battle import COLOURS
from kaskaria.dragon_battle.bots import BOT_NAMES, Bot, RandomBot, make_bot
from kaskaria.dragon_battle.odds import advise, fail_chance, rule_says_roll, turn_view

ROLL, STOP = Action("roll"), Action("stop")

ALL_BOTS = [
    make_bot("random"),
    make_bot("cautious"),
    make_bot("all-in"),
    make_bot("threshold", risk=Fraction(1, 9)),
    make_bot("threshold", risk=0.3),
    make_bot("optimal"),
    make_bot("rule"),
]

SETUPS = [
    {"players": 2},
    {"players": 3, "variant": "memory"},
    {"players": 4, "variant": "younger"},
    {"players": 2, "silver_with_colour": True},
    {"players": 2, "jugglers_run_out": "unlimited", "juggler_stars": 2},
]


def decision_states(setup, seed, games):
    """Decision states of seeded games in which the seats are played by a mix of bots."""
    game = kaskaria.load("dragon-battle", **setup)
    rng = np.random.default_rng(seed)
    out = []
    for g in range(games):
        seats = [ALL_BOTS[(g + s) % len(ALL_BOTS)] for s in range(game.players)]
        state = game.new_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action = state.sample_chance(rng)
            else:
                out.append(state)
                action = seats[player].choose(state, rng)
            state = state.apply(action)
    return out


@pytest.fixture(scope="module", params=range(len(SETUPS)), ids=lambda i: str(SETUPS[i]))
def states(request):
    return decision_states(SETUPS[request.param], seed=request.param, games=12)


def test_every_bot_chooses_only_legal_actions(states):
    rng = np.random.default_rng(0)
    assert len(states) > 300
    assert {s.phase for s in states} == {"start", "place", "decide"}
    for state in states:
        legal = state.legal_actions()
        for bot in ALL_BOTS:
            assert bot.choose(state, rng) in legal, (bot, state)


def greedy_key(state, action, stars):
    """(stars of the target dragon, -dice set aside) of a placement, from the rules."""
    args = action.args
    if args[0] == "silver":
        return stars[COLOURS.index(args[2])], -state.rolled.count("silver")
    moved = state.rolled.count(args[0]) + (state.rolled.count("silver") if len(args) == 3 else 0)
    return stars[COLOURS.index(args[0])], -moved


def test_policy_bots_follow_their_definitions(states):
    rng = np.random.default_rng(1)
    for state in states:
        stars, juggler, _ = turn_view(state)
        legal = state.legal_actions()
        if state.phase == "start":
            for bot in ALL_BOTS[1:]:
                assert bot.choose(state, rng) == ROLL
            continue
        if state.phase == "place":
            greedy = max(legal, key=lambda a: (greedy_key(state, a, stars), -legal.index(a)))

            def rule_key(a, state=state, stars=stars, legal=legal):
                s, minus_moved = greedy_key(state, a, stars)
                return (s + minus_moved, minus_moved, -legal.index(a))

            rule = max(legal, key=rule_key)
            for name in ("cautious", "all-in"):
                assert make_bot(name).choose(state, rng) == greedy
            assert make_bot("threshold", risk=0.5).choose(state, rng) == greedy
            assert make_bot("rule").choose(state, rng) == rule
            continue
        scared = [i for i in range(4) if state.on_dragon[i]]
        p_fail = fail_chance(state.hand, len(scared))
        assert make_bot("cautious").choose(state, rng) == STOP
        assert make_bot("all-in").choose(state, rng) == ROLL
        # risk exactly at the chance still rolls; just below it stops
        assert make_bot("threshold", risk=p_fail).choose(state, rng) == ROLL
        assert make_bot("threshold", risk=p_fail - Fraction(1, 10**9)).choose(state, rng) == STOP
        held = [stars[i] for i in scared]
        empty = [stars[i] for i in range(4) if i not in scared]
        expected = ROLL if rule_says_roll(state.hand, held, empty, juggler) else STOP
        assert make_bot("rule").choose(state, rng) == expected


def test_optimal_bot_takes_the_advised_action(states):
    rng = np.random.default_rng(2)
    bot = make_bot("optimal")
    for state in states:
        assert bot.choose(state, rng) == advise(state).best


def test_bots_other_than_random_draw_no_random_numbers(states):
    rng = np.random.default_rng(3)
    before = rng.bit_generator.state
    for state in states[:200]:
        for bot in ALL_BOTS[1:]:
            bot.choose(state, rng)
    assert rng.bit_generator.state == before


def test_random_bot_is_uniform_and_seeded():
    game = kaskaria.load("dragon-battle")
    state = game.new_state()
    for name in ("king", "queen", "princess", "prince"):
        state = state.apply(f"draw {name}")
    state = state.apply("roll").apply("roll blue purple red silver")
    legal = state.legal_actions()
    assert len(legal) == 7
    bot = make_bot("random")
    rng = np.random.default_rng(42)
    n = 14_000
    picks = [bot.choose(state, rng) for _ in range(n)]
    counts = np.array([picks.count(a) for a in legal])
    # each count is binomial(n, 1/7): within 5 standard deviations (fixed seed, so the test is
    # deterministic; 5 sd keeps it from flagging a correct bot for any seed in practice)
    sd = np.sqrt(n * (1 / 7) * (6 / 7))
    assert np.all(np.abs(counts - n / 7) < 5 * sd), counts
    again = [bot.choose(state, np.random.default_rng(7)) for _ in range(3)]
    assert len(set(again)) == 1  # the same rng state gives the same choice


def test_random_bot_works_for_any_game_state():
    class Toy:
        def current_player(self):
            return 0

        def legal_actions(self):
            return (Action("a"), Action("b"))

    choice = RandomBot().choose(Toy(), np.random.default_rng(0))
    assert choice in (Action("a"), Action("b"))


def test_bots_refuse_chance_states_and_bad_rng():
    game = kaskaria.load("dragon-battle")
    state = game.new_state()  # a draw: chance decides
    for bot in ALL_BOTS:
        with pytest.raises(ValueError, match="nobody decides"):
            bot.choose(state, np.random.default_rng(0))
    start = state
    for name in ("king", "queen", "princess", "prince"):
        start = start.apply(f"draw {name}")
    for bot in ALL_BOTS:
        with pytest.raises(TypeError, match="numpy.random.Generator"):
            bot.choose(start, 42)
    with pytest.raises(TypeError, match="game state"):
        make_bot("optimal").choose("roll", np.random.default_rng(0))


def test_make_bot_names_params_and_repr():
    assert BOT_NAMES == ("random", "cautious", "all-in", "threshold", "optimal", "rule")
    for name in BOT_NAMES:
        bot = make_bot(name, risk=0.25) if name == "threshold" else make_bot(name)
        assert isinstance(bot, Bot)
        assert bot.name == name
        # the repr is stable and rebuilds an equal bot
        assert eval(repr(bot), {"make_bot": make_bot, "Fraction": Fraction}) == bot
        assert repr(bot) == repr(make_bot(name, **bot.params))
    assert repr(make_bot("threshold", risk=1 / 9)) == "make_bot('threshold', risk=Fraction(1, 9))"
    assert make_bot("threshold", risk=0.2).label == "threshold(1/5)"
    assert make_bot("optimal").label == "optimal"
    assert make_bot("threshold", risk=0.2) != make_bot("threshold", risk=0.3)
    assert len({make_bot("cautious"), make_bot("cautious")}) == 1
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        make_bot("smart")
    with pytest.raises(ValueError, match="risk="):
        make_bot("threshold")
    with pytest.raises(ValueError, match="risk="):
        make_bot("threshold", risk=0.1, greed=2)
    with pytest.raises(ValueError, match="no parameters"):
        make_bot("optimal", risk=0.1)
    with pytest.raises(ValueError, match="from 0 to 1"):
        make_bot("threshold", risk=-0.1)


def test_bots_play_whole_games_in_a_match():
    game = kaskaria.load("dragon-battle", players=3, seed=5)
    match = kaskaria.Match(game)
    match.resolve_chance()
    bots = [make_bot("optimal"), make_bot("rule"), make_bot("threshold", risk=0.2)]
    rng = np.random.default_rng(5)
    while not match.state.is_terminal():
        match.play(bots[match.state.current_player()].choose(match.state, rng))
    assert match.state.winners()
    assert sum(len(r) for r in match.state.rescued) > 0


def test_bots_see_only_what_the_player_sees():
    # in the memory variant, swapping a face-down resident with one of the pile (which nobody can
    # see) never changes a bot's choice
    states = decision_states({"players": 2, "variant": "memory"}, seed=9, games=4)
    hidden = [s for s in states if not all(s.face_up) and s.pile]
    assert len(hidden) > 50
    rng = np.random.default_rng(0)
    for state in hidden:
        i = next(i for i in range(4) if not state.face_up[i])
        under = list(state.under)
        other = state.pile[-1]
        pile = tuple(sorted((*state.pile[:-1], under[i])))
        under[i] = other
        swapped = dataclasses.replace(state, under=tuple(under), pile=pile)
        for bot in ALL_BOTS[1:]:
            assert bot.choose(swapped, rng) == bot.choose(state, rng)
