"""The ladder: Bradley-Terry ratings against hand-computed cases, bootstrap intervals, and a tiny
ladder of any bots (a pupil's function among them), the same whichever way it is played."""

from __future__ import annotations

import math

import numpy as np
import pytest

from kaskaria.bots import make_bot
from kaskaria.ladder import (
    as_bot,
    bootstrap_ratings,
    bradley_terry,
    comparisons,
    head_to_head,
    join,
    luce,
    orders,
    play_ladder,
    rate,
)


def test_two_entrants_have_the_closed_form_rating():
    # A beat B 3 times, lost once; the prior adds half a win each way: odds 3.5 : 1.5
    r = bradley_terry(np.array([[0, 3], [1, 0]]))
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3.5 / 1.5), abs=1e-6)
    assert r.sum() == pytest.approx(0, abs=1e-9)
    # equal records, equal ratings
    assert bradley_terry(np.array([[0, 5], [5, 0]])) == pytest.approx([0, 0], abs=1e-9)


def test_the_fitted_strengths_solve_the_likelihood_equations():
    wins = np.array([[0, 7, 9, 4], [3, 0, 6, 5], [1, 4, 0, 6], [6, 5, 4, 0]], dtype=float)
    r = bradley_terry(wins)
    p = 10 ** (r / 400)
    w = wins + 0.5 * ((wins + wins.T) > 0)
    n = w + w.T
    expected = (n * p[:, None] / (p[:, None] + p[None, :])).sum(axis=1)
    assert expected == pytest.approx(w.sum(axis=1), rel=1e-8)
    # an entrant that always wins still gets a finite rating, above the others
    r = bradley_terry(np.array([[0, 4, 4], [0, 0, 2], [0, 2, 0]]))
    assert np.isfinite(r).all() and r[0] > r[1] == pytest.approx(r[2])


def test_comparisons_read_a_game_between_every_two_seats():
    # seats hold entrants 2, 0, 1; seat 1 (entrant 0) won; seat 2 scored more than seat 0
    out = comparisons([2, 0, 1], winners=(1,), scores=[3, 9, 5])
    assert sorted(out) == [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 1.0)]
    # two winners tie; the same entrant twice compares with nobody
    assert comparisons([0, 1], winners=(0, 1), scores=[4, 4]) == [(0, 1, 0.5)]
    assert comparisons([0, 0, 1], winners=(0,), scores=[2, 1, 1]) == [(0, 1, 1.0), (0, 1, 0.5)]


def _log_likelihood(p, seats, counts, won):
    return float((won * np.log(p)).sum() - (counts * np.log(seats @ p)).sum())


def test_luce_ratings_maximise_the_chance_of_who_won():
    # tables of three seats (one of them with an entrant twice), two seats, and a shared win
    seats = np.array([[1, 1, 1, 0], [0, 1, 1, 1], [2, 0, 0, 1], [1, 0, 1, 0]], dtype=float)
    counts = np.array([10, 8, 6, 5], dtype=float)
    won = np.array([[5, 3, 2, 0], [0, 2.5, 2.5, 3], [4, 0, 0, 2], [1, 0, 4, 0]])
    r = luce(seats, counts, won)
    assert r.sum() == pytest.approx(0, abs=1e-9)
    p = 10 ** (r / 400)
    # the prior: every two entrants that sat together play one more two-seat game, half each
    pairs = [
        (i, j) for i in range(4) for j in range(i + 1, 4) if (seats[:, [i, j]] > 0).all(1).any()
    ]
    prior = np.zeros((len(pairs), 4))
    for k, (i, j) in enumerate(pairs):
        prior[k, [i, j]] = 1
    all_seats = np.vstack([seats, prior])
    all_counts = np.concatenate([counts, np.ones(len(pairs))])
    all_won = np.vstack([won, prior / 2])
    # the likelihood equations: each entrant's expected wins are its wins
    expected = ((all_counts / (all_seats @ p))[:, None] * all_seats * p).sum(axis=0)
    assert expected == pytest.approx(all_won.sum(axis=0), rel=1e-8)
    # and by brute force, no nearby strengths explain the wins better
    best = _log_likelihood(p, all_seats, all_counts, all_won)
    rng = np.random.default_rng(0)
    for _ in range(300):
        q = p * np.exp(rng.normal(0, 0.05, size=4))
        assert _log_likelihood(q, all_seats, all_counts, all_won) <= best + 1e-12


def test_with_two_seats_the_wins_reading_is_bradley_terry():
    wins = np.array([[0, 7, 9], [3, 0, 6], [1, 4, 0]], dtype=float)
    seats, counts, won = [], [], []
    for i in range(3):
        for j in range(i + 1, 3):
            row = np.zeros(3)
            row[[i, j]] = 1
            seats.append(row)
            counts.append(wins[i, j] + wins[j, i])
            w = np.zeros(3)
            w[i], w[j] = wins[i, j], wins[j, i]
            won.append(w)
    assert luce(np.array(seats), np.array(counts), np.array(won)) == pytest.approx(
        bradley_terry(wins), abs=1e-6
    )
    played = [((0, 1), (0,), (5, 2))] * 3 + [((1, 0), (1,), (4, 1))] + [((2, 1), (0,), (3, 3))] * 2
    assert rate(played, 3, reading="wins", samples=50)[0] == pytest.approx(
        rate(played, 3, reading="places", samples=50)[0], abs=1e-6
    )


def test_a_bot_that_wins_most_but_places_last_otherwise_leads_by_wins_only():
    # entrant 0 wins 4 games in 10 and is last in the others; 1 and 2 win 3 each and beat 0
    played = []
    for g in range(3000):
        seated = [(g + k) % 3 for k in range(3)]  # seats rotate
        winner = (0, 0, 0, 0, 1, 1, 1, 2, 2, 2)[g % 10]
        scores = [0 if e == 0 and winner != 0 else 10 if e == winner else 5 for e in seated]
        played.append((seated, (seated.index(winner),), scores))
    by_wins, wins_interval = rate(played, 3, reading="wins", samples=200, seed=1)
    by_places, _ = rate(played, 3, reading="places", samples=200, seed=1)
    assert by_wins[0] > max(by_wins[1:]) and wins_interval[0, 0] > wins_interval[1:, 1].max()
    assert by_places[0] < min(by_places[1:])
    # strengths 4 : 3 : 3, found within the interval
    assert by_wins[0] - by_wins[1] == pytest.approx(400 * math.log10(4 / 3), abs=10)


def test_a_ladder_is_read_both_ways_from_one_set_of_games():
    bots = {
        "cautious": make_bot("dragon-battle", "cautious"),
        "rule": make_bot("dragon-battle", "rule"),
        "optimal": make_bot("dragon-battle", "optimal"),
    }
    places = play_ladder("dragon-battle", bots, players=3, games=6, seed=2, bootstrap=20)
    wins = play_ladder(
        "dragon-battle", bots, players=3, games=6, seed=2, bootstrap=20, reading="wins"
    )
    assert len(places.outcomes) == places.games == 6 and places.outcomes == wins.outcomes
    again = places.read("wins")
    assert again.reading == "wins" and (again.ratings == wins.ratings).all()
    assert (again.intervals == wins.intervals).all() and "read by wins" in again.summary()
    with pytest.raises(ValueError, match="reading must be one of .*'score'"):
        play_ladder("dragon-battle", bots, players=3, games=3, reading="score")


def test_ladders_of_two_seeds_join_into_one_of_all_their_games():
    bots = {
        "cautious": make_bot("dragon-battle", "cautious"),
        "rule": make_bot("dragon-battle", "rule"),
        "optimal": make_bot("dragon-battle", "optimal"),
    }
    a = play_ladder("dragon-battle", bots, players=3, games=6, seed=2, bootstrap=20, reading="wins")
    b = play_ladder("dragon-battle", bots, players=3, games=6, seed=3, bootstrap=20, reading="wins")
    both = join([a, b])
    assert both.games == 12 and both.outcomes == a.outcomes + b.outcomes
    assert both.reading == "wins" and both.seed == 2
    ratings, intervals = rate(both.outcomes, 3, reading="wins", samples=20, seed=2)
    assert (both.ratings == ratings).all() and (both.intervals == intervals).all()
    assert (both.wins == a.wins + b.wins).all()
    # each entrant's share of the wins over all its games
    assert both.win_rate == pytest.approx((np.array(a.win_rate) + np.array(b.win_rate)) / 2)
    two = play_ladder("dragon-battle", dict(list(bots.items())[:2]), players=2, games=2)
    with pytest.raises(ValueError, match="only ladders of one game"):
        join([a, two])


def test_bootstrap_intervals_hold_the_rating_and_narrow_with_more_games():
    rng = np.random.default_rng(0)

    def games(n):
        out = []
        for _ in range(n):
            a_wins = rng.random() < 0.75
            out.append([(0, 1, 1.0 if a_wins else 0.0)])
        return out

    few, many = games(40), games(640)
    r1, i1 = bootstrap_ratings(few, 2, samples=200, seed=1)
    r2, i2 = bootstrap_ratings(many, 2, samples=200, seed=1)
    for r, i in ((r1, i1), (r2, i2)):
        assert (i[:, 0] <= r).all() and (r <= i[:, 1]).all()
    assert (i2[:, 1] - i2[:, 0]).max() < (i1[:, 1] - i1[:, 0]).max() / 2
    again = bootstrap_ratings(few, 2, samples=200, seed=1)
    assert (again[1] == i1).all()


def pupil(view, rng):
    """A pupil's bot: rolls while fewer than two dragons are scared; places on the most stars."""
    seen = view.observation
    if seen["phase"] == "decide":
        return "roll" if sum(1 for d in seen["dragons"] if d["dice"]) < 2 else "stop"
    stars = {d["colour"]: d["stars"] or 0 for d in seen["dragons"]}
    return max(view.legal_actions(), key=lambda a: stars.get(a.args[-1], 0) if a.args else 0)


def test_a_tiny_ladder_of_any_bots_is_the_same_every_time():
    bots = {
        "pupil": pupil,
        "cautious": make_bot("dragon-battle", "cautious"),
        "optimal": make_bot("dragon-battle", "optimal"),
    }
    ladder = play_ladder("dragon-battle", bots, players=2, games=6, seed=3, bootstrap=50)
    assert ladder.names == ("pupil", "cautious", "optimal")
    assert ladder.games == 3 * 6
    assert ladder.wins.sum() == pytest.approx(ladder.games)  # one comparison per two-seat game
    again = play_ladder("dragon-battle", bots, players=2, games=6, seed=3, bootstrap=50)
    assert (again.ratings == ladder.ratings).all() and (again.intervals == ladder.intervals).all()
    assert "pupil" in ladder.summary()
    assert as_bot(pupil).name == "pupil"
    # three seats: every group of three, seats rotating, with the games' pairs compared
    three = play_ladder("dragon-battle", bots, players=3, games=3, seed=3, bootstrap=20)
    assert three.games == 3 and three.wins.sum() == pytest.approx(3 * 3)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_orders_of_play_put_every_entrant_in_every_place_and_after_every_other(players):
    """Rotating the seats alone kept every entrant's neighbours: in four-player Dragon Battle an
    entrant always seated right after a strong one won less (docs/bots.md). A table's games
    cycle through orders of play in which every entrant plays every place equally often and
    sits right after every other entrant equally often; the first ``players`` games are the
    rotation of before (a two-player ladder plays the same games as before)."""
    from collections import Counter

    plan = orders(players)
    n = players
    assert all(sorted(o) == list(range(n)) for o in plan) and len(set(plan)) == len(plan)
    places = Counter((o[s], s) for o in plan for s in range(n))
    assert len(places) == n * n and len(set(places.values())) == 1
    after = Counter((o[s], o[(s + 1) % n]) for o in plan for s in range(n))
    assert len(after) == n * (n - 1) and len(set(after.values())) == 1, after
    rotated = [tuple((s - k) % n for s in range(n)) for k in range(n)]
    assert plan[:n] == rotated and orders(n, "rotate") == rotated
    # a block as short as the balance allows: (n - 1)! orders of who follows whom, fewer for a
    # prime number of players (n - 1 cycles by steps), each played from every start
    assert len(plan) == {2: 2, 3: 6, 4: 24, 5: 20}[n]


def test_a_table_seats_its_games_by_the_orders_of_play():
    bots = {
        "cautious": make_bot("dragon-battle", "cautious"),
        "rule": make_bot("dragon-battle", "rule"),
        "optimal": make_bot("dragon-battle", "optimal"),
        "random": make_bot("dragon-battle", "random"),
    }
    ladder = play_ladder("dragon-battle", bots, players=4, games=24, seed=1, bootstrap=10)
    assert [seated for seated, _, _ in ladder.outcomes] == [tuple(o) for o in orders(4)]
    assert ladder.seating == "balanced" and "orders of play balanced" in ladder.summary()
    old = play_ladder(
        "dragon-battle", bots, players=4, games=8, seed=1, bootstrap=10, seating="rotate"
    )
    assert [seated for seated, _, _ in old.outcomes] == [tuple(o) for o in orders(4)[:4]] * 2
    assert old.outcomes[:4] == ladder.outcomes[:4] and "seats rotated" in old.summary()
    with pytest.raises(ValueError, match="seating must be one of"):
        play_ladder("dragon-battle", bots, players=4, games=4, seating="shuffled")


def test_the_ladder_plays_the_same_games_in_parallel_processes():
    bots = {
        "cautious": make_bot("dragon-battle", "cautious"),
        "rule": make_bot("dragon-battle", "rule"),
    }
    one = play_ladder("dragon-battle", bots, players=2, games=4, seed=8, bootstrap=20)
    two = play_ladder("dragon-battle", bots, players=2, games=4, seed=8, bootstrap=20, workers=2)
    assert (one.wins == two.wins).all() and (one.ratings == two.ratings).all()


def test_head_to_head_and_the_check_above_all():
    share, (lo, hi), n = head_to_head(
        "dragon-battle",
        make_bot("dragon-battle", "optimal"),
        make_bot("dragon-battle", "random"),
        games=20,
        seed=1,
    )
    assert n == 20 and lo <= share <= hi and share > 0.5
    bots = {
        "random": make_bot("dragon-battle", "random"),
        "optimal": make_bot("dragon-battle", "optimal"),
    }
    ladder = play_ladder("dragon-battle", bots, players=2, games=30, seed=2, bootstrap=100)
    assert ladder.above_all("optimal") and not ladder.above_all("random")


def test_a_ladder_refuses_what_is_no_bot():
    with pytest.raises(ValueError, match="at least two entrants"):
        play_ladder("dragon-battle", {"a": make_bot("dragon-battle", "random")})
    with pytest.raises(TypeError, match="choose"):
        play_ladder("dragon-battle", {"a": 3, "b": make_bot("dragon-battle", "random")})


def test_make_bench_measures_every_table_that_seats_the_strong_bot_as_hard():
    """Every (players, rules) whose tables seat the strong bot as "hard" is measured by the full
    ladder run (benchmarks/ladder.py: PLAN for the basic rules, VARIANT_PLAN for the others), so
    `make bench` shows the figures that choice rests on."""
    import importlib.util
    from pathlib import Path

    import kaskaria

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for game, places in kaskaria.STRONG_AT_TABLES.items():
        for players, variant in places:
            plan = bench.PLAN[game] if variant == "basic" else bench.VARIANT_PLAN[(game, variant)]
            assert players in plan, (game, players, variant)


def test_make_bench_plays_whole_blocks_of_the_orders_of_play():
    """Each table of the full ladder run plays a whole number of blocks of the orders of play
    (6 games with three players, 24 with four, 20 with five), so every entrant sits in every place
    and right after every other entrant equally often: a table that stops inside a block leaves
    some orders played once more than others."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    plans = {(game, "basic"): plan for game, plan in bench.PLAN.items()} | bench.VARIANT_PLAN
    for (game, variant), plan in plans.items():
        for players, (games, _h2h) in plan.items():
            block = len(orders(players))
            assert games % block == 0, (game, variant, players, games, block)
