"""Dragon Battle's playouts (:mod:`kaskaria.dragon_battle.rollout`), which the ``"win"`` bot
weighs its choices by with three or four players: checked against the exact chance of winning
when every player follows the ``"optimal"`` bot, computed over the engine's own states on reduced
games; the bot's seeded play replays; and a position where it chooses otherwise than
``"optimal"``."""

from __future__ import annotations

import numpy as np
import pytest
from test_dragon_battle_duel import _key  # an engine state named by its stars

import kaskaria
from kaskaria import CHANCE
from kaskaria.bots import make_bot
from kaskaria.dragon_battle.rollout import (
    Position,
    Start,
    outcomes,
    places,
    playouts,
    position_of,
    weigh,
)
from kaskaria.dragon_battle.turn import ROLL, STOP
from kaskaria.dragon_battle.winbot import WinBot, win_advice
from kaskaria.ladder import comparisons
from kaskaria.tournament import play_game

#: a reduced game: five residents (1, 1, 2, 2 and 3 stars) and one juggler
SMALL = {"residents": {"ann": 1, "bob": 1, "cid": 2, "dan": 2, "eve": 3}, "jugglers": 1}


def exact_under_optimal(start, seat):
    """The chance that ``seat`` wins from ``start`` (a shared win counting as its share) when
    every player follows the ``"optimal"`` bot: value iteration over the engine's states (a
    failed turn with no juggler left can hand the same position round the table again)."""
    bot = make_bot("dragon-battle", "optimal")
    rng = np.random.default_rng(0)
    states, kids, order = {}, {}, []
    stack = [start]
    while stack:
        s = stack.pop()
        k = _key(s)
        if k in states:
            continue
        states[k] = s
        order.append(k)
        if s.is_terminal():
            continue
        if s.current_player() == CHANCE:
            kids[k] = [(float(p), s.apply(a)) for a, p in s.chance_outcomes()]
        else:
            kids[k] = [(1.0, s.apply(bot.choose(s, rng)))]
        stack.extend(c for _, c in kids[k])
    kids = {k: [(p, _key(c)) for p, c in v] for k, v in kids.items()}
    value = {}
    for k in order:
        s = states[k]
        w = s.winners() if s.is_terminal() else ()
        value[k] = (1 / len(w) if seat in w else 0.0) if s.is_terminal() else 0.0
    live = [k for k in reversed(order) if not states[k].is_terminal()]
    for _ in range(10_000):
        delta = 0.0
        for k in live:
            v = sum(p * value[c] for p, c in kids[k])
            delta = max(delta, abs(v - value[k]))
            value[k] = v
        if delta < 1e-13:
            break
    return value[_key(start)]


EMPTY = {"rescued": [[], ["eve"], []]}  # the pile is empty: the first scare that works ends it
NO_JUGGLER = {"rescued": [[], [], []], "jugglers": [0, 1, 0]}  # one in the pile, no juggler left
JUGGLER = {"rescued": [[], [], []], "to_move": 2}  # one in the pile and the juggler left


@pytest.mark.parametrize(
    ("players", "where"),
    [
        (3, EMPTY),
        (4, EMPTY),
        # the larger brute forces (ten seconds and more each): in make soak
        pytest.param(3, JUGGLER, marks=pytest.mark.soak),
        pytest.param(3, NO_JUGGLER, marks=pytest.mark.soak),
        pytest.param(4, JUGGLER, marks=pytest.mark.soak),
    ],
)
def test_playouts_agree_with_the_exact_chance_when_everyone_plays_optimal(where, players):
    game = kaskaria.load("dragon-battle", players=players, **SMALL)
    where = dict(where)
    where["rescued"] = where["rescued"] + [[]] * (players - 3)
    if "jugglers" in where:
        where["jugglers"] = where["jugglers"] + [0] * (players - 3)
    state = game.setup(
        residents=["ann", "bob", "dan", "cid"], scared={"yellow": 1}, hand=3, **where
    )
    seat = state.current_player()
    seen = state.observation(seat)
    futures = 20_000
    weighed = {w.action: w for w in weigh(game, seen, seat, futures, 7)}
    for action in (ROLL, STOP):
        exact = exact_under_optimal(state.apply(action), seat)
        got = weighed[action]
        se = max(got.wins.std(), 0.01) / np.sqrt(futures)
        assert abs(got.win - exact) < 4.5 * se, (action, got.win, exact)


@pytest.mark.parametrize("players", [3, pytest.param(4, marks=pytest.mark.soak)])
def test_in_the_memory_rules_playouts_deal_the_face_down_residents_again(players):
    """The memory rules: the four residents lie face down and the pile is empty. The playouts
    deal the residents again in each future, and every player plays as the ``"optimal"`` bot
    does on what its screen shows (a face-down resident counted as the mean of those not in
    sight), so each choice's share of wins is the mean, over every way they can lie, of the
    exact chance when everyone plays that bot in the engine's memory game. (Stopping now wins,
    ties or loses by which two residents it rescues.)"""
    from itertools import permutations

    memory = kaskaria.load("dragon-battle", players=players, variant="memory", **SMALL)
    where = {
        "rescued": [[], ["eve"]] + [[]] * (players - 2),
        "scared": {"yellow": 1, "red": 1},
        "well": 1,
        "hand": 1,
    }
    m = memory.setup(**where)
    seat = m.current_player()
    seen = m.observation(seat)
    assert all(d["resident"] is None for d in seen["dragons"])
    futures = 20_000
    weighed = {w.action: w for w in weigh(memory, seen, seat, futures, 7)}
    lies = list(permutations(m.under))
    for action in (ROLL, STOP):
        exact = np.mean(
            [
                exact_under_optimal(memory.setup(**where, residents=list(p)).apply(action), seat)
                for p in lies
            ]
        )
        got = weighed[action]
        se = max(got.wins.std(), 0.01) / np.sqrt(futures)
        assert abs(got.win - exact) < 4.5 * se, (action, got.win, exact)


def test_the_same_futures_for_every_choice_and_the_same_seed_the_same_wins():
    game = kaskaria.load("dragon-battle", players=3)
    state = game.setup(residents=["page", "king", "cook", "maid"], scared={"red": 1}, hand=3)
    position = position_of(game, state.observation(0), 0)
    starts = [Start(2, 3, False), Start(2, 0, True)]
    a = playouts(game, position, starts, 300, np.random.default_rng(1))
    b = playouts(game, position, starts, 300, np.random.default_rng(1))
    assert a.shape == (2, 300) and np.array_equal(a, b)
    # one start given twice: the same futures give the same wins, future by future
    twice = playouts(game, position, [starts[0], starts[0]], 300, np.random.default_rng(2))
    assert np.array_equal(twice[0], twice[1])


@pytest.mark.parametrize(
    "variant, deals, games, within",
    [
        ("basic", 40, 4000, 0.045),
        # the memory rules: every seat plays on what lies open, as the simulator's (0.466); players
        # who remembered every resident would give the first 0.520
        ("memory", 80, 20_000, 0.025),
    ],
)
def test_playouts_of_the_whole_game_agree_with_the_simulator(variant, deals, games, within):
    """From a fresh deal the first player's share of wins is the simulator's (all optimal)."""
    from kaskaria.dragon_battle.game_sim import simulate_games

    game = kaskaria.load("dragon-battle", players=3, variant=variant)
    rng = np.random.default_rng(3)
    stars = sorted(game.stars.values())
    wins = []
    for _ in range(deals):
        deal = rng.permutation(stars)
        pos = Position(tuple(deal[:4]), tuple(deal[4:]), (0, 0, 0), (0, 0, 0), 8, 0)
        wins.append(playouts(game, pos, [Start(0, 4, False)], 100, rng)[0])
    share = float(np.concatenate(wins).mean())
    sample = simulate_games(game, ["optimal"] * 3, games, np.random.default_rng(1), rotate=False)
    expected = float(sample.wins[:, 0].mean())
    assert abs(share - expected) < within, (share, expected)


def test_playouts_with_the_other_players_in_other_styles_agree_with_the_simulator():
    """``others``: each other seat plays ``"optimal"`` or one of ``others``, drawn evenly per
    future; from a fresh deal the first player's share of wins is the simulator's, averaged over
    the four ways the two other seats may play (``"optimal"`` or ``"cautious"``, which stops as
    soon as it can: very different, so a style not played shows)."""
    from kaskaria.dragon_battle.game_sim import simulate_games

    game = kaskaria.load("dragon-battle", players=3)
    rng = np.random.default_rng(5)
    stars = sorted(game.stars.values())
    wins, alone = [], []
    for _ in range(40):
        deal = rng.permutation(stars)
        pos = Position(tuple(deal[:4]), tuple(deal[4:]), (0, 0, 0), (0, 0, 0), 8, 0)
        start = [Start(0, 4, False)]
        wins.append(outcomes(game, pos, start, 100, rng, others=("cautious",))[0][0])
        alone.append(playouts(game, pos, start, 100, rng)[0])
    share = float(np.concatenate(wins).mean())
    expected = []
    for one in ("optimal", "cautious"):
        for two in ("optimal", "cautious"):
            sample = simulate_games(
                game, ["optimal", one, two], 1000, np.random.default_rng(1), rotate=False
            )
            expected.append(float(sample.wins[:, 0].mean()))
    assert abs(share - np.mean(expected)) < 0.045, (share, expected)
    # against every other seat playing "optimal" the first player wins far less often
    assert share - float(np.concatenate(alone).mean()) > 0.1


def test_playouts_whose_other_players_all_play_optimal_are_the_plain_ones():
    """A style drawn as ``"optimal"`` plays exactly as the plain playouts do: with only
    ``"optimal"`` to draw from, the same futures give the same wins and places, future by
    future (the styles are drawn first, so the plain playouts skip those numbers)."""
    from kaskaria.dragon_battle.rollout import styles_of

    game = kaskaria.load("dragon-battle", players=4)
    state = game.setup(residents=["page", "king", "cook", "maid"], scared={"red": 1}, hand=3)
    position = position_of(game, state.observation(0), 0)
    starts = [Start(2, 3, False), Start(2, 0, True)]
    assert [s.policy.name for s in styles_of(game, ("optimal",))] == ["optimal", "optimal"]
    skipped = np.random.default_rng(4)
    skipped.integers(0, 2, size=(200, 4))
    plain = outcomes(game, position, starts, 200, skipped)
    drawn = outcomes(game, position, starts, 200, np.random.default_rng(4), others=("optimal",))
    assert plain[0].shape == (2, 200) and 0 < plain[0].mean() < 1
    assert np.array_equal(plain[0], drawn[0]) and np.array_equal(plain[1], drawn[1])


def _behind_at_the_end():
    """Three players, the pile empty: seat 0 holds the knight (3 stars) on the yellow dragon with
    one die left (two fell in the well) and no juggler to get. Stopping ends the game (the yellow dragon cannot be
    refilled) with 18 stars against 19: lost. Rolling on works 4 times in 6 and ends the game too:
    with 2 more stars (the baker, by red or silver) seat 0 wins."""
    game = kaskaria.load("dragon-battle", players=3)
    return game.setup(
        residents=["knight", "baker", "page", "groom"],
        rescued=[
            ["wizard", "cook", "guard", "gardener", "tailor"],
            ["king", "queen", "princess", "prince"],
            ["minstrel", "falconer", "maid", "smith", "shepherd", "miller", "weaver"],
        ],
        jugglers=[1, 3, 4],
        scared={"yellow": 1},
        well=2,
        hand=1,
    )


def test_behind_at_the_end_the_win_bot_rolls_on_where_optimal_stops():
    state = _behind_at_the_end()
    assert state.stars() == (15, 19, 17)
    advice = win_advice(state)
    assert advice.method == "playout"
    # for stars, rolling on and stopping are worth the same (2 stars to win 4 times in 6, 3 to
    # lose 2 times in 6), and on a tie the stars stop
    assert advice.optimal == STOP
    assert advice.choice(STOP).win == 0.0  # exact: the game ends, lost, in every future
    assert advice.choice(ROLL).win > 2 / 6  # the baker wins it; and the others may fail too
    assert advice.best == ROLL and advice.differs
    assert WinBot().choose(state, np.random.default_rng(0)) == ROLL


def test_advice_without_an_rng_is_seeded_by_the_position():
    state = _behind_at_the_end()
    a, b = win_advice(state), win_advice(state)
    assert [c.win for c in a.choices] == [c.win for c in b.choices]


@pytest.mark.parametrize("players", [3, 4])
def test_seeded_play_of_the_win_bot_replays(players):
    game = kaskaria.load("dragon-battle", players=players)
    bots = [make_bot("dragon-battle", "win")] + [make_bot("dragon-battle", "optimal")] * (
        players - 1
    )
    first = play_game(game, bots, 11)
    again = play_game(game, bots, 11)
    assert first == again


def _place_as_the_ladder_reads_it(scores, rescued, seat, younger):
    """Brute force: the engine's winners (the highest score; basic rules: a tie to the fewest
    residents), then the ladder's comparisons of the game, the seat's share of them."""
    n = len(scores)
    top = [p for p in range(n) if scores[p] == max(scores)]
    if not younger:
        top = [p for p in top if rescued[p] == min(rescued[q] for q in top)]
    got = 0.0
    for i, j, share in comparisons(list(range(n)), top, list(scores)):
        if seat in (i, j):
            got += share if i == seat else 1.0 - share
    return got / (n - 1)


@pytest.mark.parametrize("younger", [False, True])
@pytest.mark.parametrize("players", [3, 4])
def test_the_place_is_the_share_of_the_others_finished_ahead_of_as_the_ladder_reads_it(
    players, younger
):
    rng = np.random.default_rng(5)
    # small numbers, so that ties of scores and of residents are frequent
    scores = rng.integers(0, 4, size=(3000, players))
    rescued = rng.integers(0, 3, size=(3000, players))
    if younger:
        rescued = scores.copy()
    for seat in range(players):
        got = places(scores, rescued, seat, younger)
        want = [
            _place_as_the_ladder_reads_it(s, r, seat, younger)
            for s, r in zip(scores.tolist(), rescued.tolist(), strict=True)
        ]
        assert np.allclose(got, want)


def test_the_place_in_final_scores_made_by_hand():
    # stars and residents of four seats; the rows: a game each
    scores = np.array(
        [
            [20, 18, 18, 10],  # seat 0 won; seats 1 and 2 level: half each
            [18, 20, 18, 18],  # seat 0 lost, level with seats 2 and 3
            [20, 20, 12, 25],  # seat 3 won; seats 0 and 1 level on stars below it
            [20, 20, 12, 5],  # seats 0 and 1 tie on stars: seat 1 rescued fewer and wins
            [20, 20, 12, 5],  # the same stars, the same residents: a shared win
        ]
    )
    rescued = np.array([[5, 6, 6, 3], [5, 5, 5, 5], [5, 4, 3, 6], [6, 5, 3, 2], [5, 5, 3, 2]])
    assert places(scores, rescued, 0, False).tolist() == [1.0, 1 / 3, 1 / 2, 2 / 3, 5 / 6]
    assert places(scores, rescued, 1, False).tolist() == [1 / 2, 1.0, 1 / 2, 1.0, 5 / 6]
    assert places(scores, rescued, 2, False).tolist() == [1 / 2, 1 / 3, 0.0, 1 / 3, 1 / 3]
    # the younger children's rules: the score is the residents, every top score wins
    assert places(rescued, rescued, 1, True).tolist() == [5 / 6, 1 / 2, 1 / 3, 2 / 3, 5 / 6]


def test_a_seat_alone_ahead_of_all_wins_and_the_wins_are_the_places_of_1():
    state = _behind_at_the_end()
    game = state.game
    position = position_of(game, state.observation(0), 0)
    wins, place = outcomes(game, position, [Start(1, 1, False)], 400, np.random.default_rng(4))
    assert np.array_equal(
        wins, playouts(game, position, [Start(1, 1, False)], 400, np.random.default_rng(4))
    )
    assert (place[wins == 1] == 1).all() and (place[wins < 1] < 1).all()
