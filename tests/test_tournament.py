"""Tournaments: seeded, generic over games, shared wins split, honest intervals."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import kaskaria
from kaskaria.core import CHANCE, TERMINAL, Action, Game, IllegalActionError
from kaskaria.dragon_battle.bots import make_bot
from kaskaria.tournament import (
    _expected_seconds,
    play_game,
    play_tournament,
    wilson_interval,
)


# ---------------------------------------------------------------------------------------------
# A tiny game of another kind, to show the tournament is generic (and to force ties)
# ---------------------------------------------------------------------------------------------
class CoinToss(Game):
    """Each player in turn may flip a coin (heads scores 1) or pass; three rounds."""

    name = "coin-toss"
    title = "Coin toss"
    min_players = 2
    max_players = 4

    def __init__(self, players=2, rounds=3):
        super().__init__(players, "basic", None)
        self.rounds = rounds

    def options(self):
        return {"rounds": self.rounds}

    def new_state(self):
        return CoinState(self, (0,) * self.players, 0, False)


class CoinState:
    def __init__(self, game, heads, moves, flipping):
        self.game, self.heads, self.moves, self.flipping = game, heads, moves, flipping

    def current_player(self):
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.flipping else (1 + self.moves) % self.game.players

    def is_terminal(self):
        return self.moves >= self.game.rounds * self.game.players

    def legal_actions(self):
        if self.is_terminal():
            return ()
        if self.flipping:
            return (Action("heads"), Action("tails"))
        return (Action("flip"), Action("pass"))

    def sample_chance(self, rng):
        return self.legal_actions()[int(rng.integers(2))]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not legal")
        if action == Action("flip"):
            return CoinState(self.game, self.heads, self.moves, True)
        heads = list(self.heads)
        if action == Action("heads"):
            heads[self.current_player_when_flipping()] += 1
        return CoinState(self.game, tuple(heads), self.moves + 1, False)

    def current_player_when_flipping(self):
        return (1 + self.moves) % self.game.players

    def scores(self):
        return self.heads

    def winners(self):
        best = max(self.heads)
        return tuple(p for p, h in enumerate(self.heads) if h == best)


class Always:
    def __init__(self, action):
        self.name = action
        self.action = Action(action)

    def choose(self, state, rng):
        return self.action


# ---------------------------------------------------------------------------------------------
def test_wilson_interval_solves_its_defining_equation():
    # the interval's ends are the two p with (k/n - p)^2 = z^2 p (1 - p) / n
    z = 1.959963984540054
    for k, n in [(5, 10), (1, 20), (73, 100), (400, 1000), (2.5, 10)]:
        phat = k / n
        a = 1 + z * z / n
        b = -(2 * phat + z * z / n)
        c = phat * phat
        roots = sorted(np.roots([a, b, c]).real)
        lo, hi = wilson_interval(k, n)
        assert lo == pytest.approx(roots[0], abs=1e-12)
        assert hi == pytest.approx(roots[1], abs=1e-12)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(0, 10)[1] == pytest.approx(0.27753, abs=1e-5)
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_dragon_battle_tournament_is_seeded_and_consistent():
    game = kaskaria.load("dragon-battle", players=3)
    bots = [make_bot("optimal"), make_bot("cautious"), make_bot("random")]
    result = play_tournament(game, bots, games=30, seed=4, progress=False)
    again = play_tournament(game, bots, games=30, seed=4, progress=False)
    other = play_tournament(game, bots, games=30, seed=5, progress=False)
    assert np.array_equal(result.scores, again.scores)
    assert not np.array_equal(result.scores, other.scores)
    assert result.games == 30 and result.players == 3
    assert result.labels == ("optimal", "cautious", "random")
    # every game has one win in all, shared or not
    assert np.allclose(result.wins.sum(axis=1), 1)
    assert math.isclose(sum(result.win_rate), 1)
    assert math.isclose(sum(result.position_win_rate), 1)
    # rotated seats: each entrant plays each position 10 times out of 30
    for e in range(3):
        assert sorted(np.bincount(result.positions[:, e], minlength=3)) == [10, 10, 10]
    # in the basic variant the score is the stars
    assert np.array_equal(result.scores, result.stars)
    for lo_hi, rate in zip(result.win_ci, result.win_rate, strict=True):
        assert lo_hi[0] <= rate <= lo_hi[1]
    assert result.first_player_advantage == pytest.approx(result.position_win_rate[0] - 1 / 3)
    assert result.mean_actions > 50
    text = result.summary()
    assert "30 games of dragon-battle (3 players, variant basic), seed 4" in text
    assert "first-player advantage" in text
    assert repr(result).startswith("<TournamentResult 30 games, win rates optimal: ")


def test_each_game_replays_with_play_game():
    game = kaskaria.load("dragon-battle", players=2)
    bots = [make_bot("rule"), make_bot("threshold", risk=0.2)]
    result = play_tournament(game, bots, games=4, seed=9, progress=False)
    for i in range(4):
        seats = bots if i % 2 == 0 else bots[::-1]
        record = play_game(game, seats, [9, i])
        scores = record.scores if i % 2 == 0 else record.scores[::-1]
        assert tuple(result.scores[i]) == scores


def test_without_rotation_entrants_keep_their_seats():
    game = kaskaria.load("dragon-battle", players=2, first_player=1)
    result = play_tournament(
        game,
        [make_bot("random"), make_bot("random")],
        games=6,
        seed=0,
        rotate=False,
        progress=False,
    )
    # seat 1 decides first in every game
    assert result.positions[:, 1].tolist() == [0] * 6
    assert result.positions[:, 0].tolist() == [1] * 6
    assert result.labels == ("random #1", "random #2")


def test_optimal_bot_beats_random_bot():
    game = kaskaria.load("dragon-battle", players=2)
    result = play_tournament(
        game, [make_bot("optimal"), make_bot("random")], games=200, seed=1, progress=False
    )
    lo, _ = result.win_ci[0]
    assert lo > 0.5, result.summary()
    assert result.mean_stars[0] > result.mean_stars[1]


def test_shared_wins_count_one_over_k():
    game = CoinToss(players=4)
    passers = [Always("pass")] * 4
    result = play_tournament(game, passers, games=8, seed=0, progress=False)
    assert result.stars is None and result.mean_stars is None
    assert np.array_equal(result.wins, np.full((8, 4), 0.25))
    assert result.win_rate == (0.25, 0.25, 0.25, 0.25)
    # player 1 moves first in this toy game
    assert result.position_win_rate == (0.25, 0.25, 0.25, 0.25)
    flip = play_tournament(
        CoinToss(players=2, rounds=5),
        [Always("flip"), Always("pass")],
        games=40,
        seed=3,
        progress=False,
    )
    # whoever flips wins unless no heads came up in 5 flips (then a 2-way tie)
    shares = flip.wins[:, 0]
    assert set(shares.tolist()) <= {1.0, 0.5}
    assert flip.win_rate[0] == pytest.approx(float(Fraction(int(shares.sum() * 2), 80)))
    assert flip.win_rate[0] > 0.9


def test_progress_function_and_bar(capsys):
    calls = []
    game = CoinToss(players=2)
    bots = [Always("flip"), Always("flip")]
    play_tournament(game, bots, games=5, seed=0, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    play_tournament(game, bots, games=5, seed=0)  # expected to be quick: no bar by default
    assert capsys.readouterr().err == ""
    play_tournament(game, bots, games=5, seed=0, progress=True)  # a text bar outside Jupyter
    assert "games: 100%" in capsys.readouterr().err
    with pytest.raises(TypeError, match="progress must be"):
        play_tournament(game, bots, games=5, seed=0, progress="yes")


def test_expected_seconds_is_a_fixed_estimate():
    game = kaskaria.load("dragon-battle", players=2)
    quick = [make_bot("random"), make_bot("cautious")]
    slow = [make_bot("optimal"), make_bot("cautious")]
    assert _expected_seconds(game, quick, 100) < 1 < _expected_seconds(game, quick, 1000)
    assert _expected_seconds(game, slow, 200) > _expected_seconds(game, quick, 200)
    assert _expected_seconds(game, quick, 100) == _expected_seconds(game, quick, 100)


def test_tournament_checks_its_input():
    game = kaskaria.load("dragon-battle", players=2)
    bots = [make_bot("random"), make_bot("random")]
    with pytest.raises(ValueError, match="one bot per seat"):
        play_tournament(game, bots[:1], games=1)
    with pytest.raises(ValueError, match="games must be"):
        play_tournament(game, bots, games=0)
    with pytest.raises(ValueError, match="seed must be"):
        play_tournament(game, bots, games=1, seed=-1)
    with pytest.raises(TypeError, match="Game"):
        play_tournament("dragon-battle", bots, games=1)
    with pytest.raises(ValueError, match="rotate"):
        play_tournament(game, bots, games=1, rotate="yes")
    with pytest.raises(TypeError, match="choose"):
        play_game(game, [make_bot("random"), "random"], 0)
    with pytest.raises(RuntimeError, match="not ended"):
        play_game(game, bots, 0, max_actions=10)


def test_progress_without_tqdm_is_a_plain_line(monkeypatch, capsys):
    """tqdm is optional: on an install without it a progress request prints plain lines."""
    import sys

    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    game = CoinToss(players=2)
    result = play_tournament(
        game, [Always("flip"), Always("flip")], games=20, seed=0, progress=True
    )
    err = capsys.readouterr().err
    assert "games: 100% (20/20)" in err and result.games == 20


def test_the_score_unit_and_extra_numbers_come_from_the_game():
    game = kaskaria.load("dragon-battle", players=2, variant="younger")
    result = play_tournament(
        game, [make_bot("cautious"), make_bot("optimal")], games=10, seed=2, progress=False
    )
    assert result.unit == "residents" and set(result.extra) == {"stars"}
    assert "scores in residents" in result.summary() and "mean stars" in result.summary()
    coin = play_tournament(CoinToss(players=2), [Always("pass")] * 2, games=2, seed=0)
    assert coin.unit == "points" and coin.extra == {} and coin.stars is None
