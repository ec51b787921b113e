"""Dragon's Gold: exact expected values and fair division against brute-force twins, and the bots
(legal choices, blind to hidden information, games that end, a seeded tournament)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from dg_support import load, random_states, vec

from kaskaria.bots import available_bots, make_bot
from kaskaria.dragons_gold import fairness as f
from kaskaria.dragons_gold.rules import COLOURS
from kaskaria.tournament import play_game, play_tournament


# ---------------------------------------------------------------------------------------------
# Brute-force twins
# ---------------------------------------------------------------------------------------------
def brute_draws(bag, k):
    """Every ordered draw of ``k`` distinct tokens, each equally likely, grouped by colours."""
    tokens = [c for c, n in enumerate(bag) for _ in range(n)]
    counts = Counter()
    total = 0
    for order in itertools.permutations(range(len(tokens)), k):
        key = [0] * len(COLOURS)
        for i in order:
            key[tokens[i]] += 1
        counts[tuple(key)] += 1
        total += 1
    return {key: Fraction(n, total) for key, n in counts.items()}


@pytest.mark.parametrize(
    ("bag", "k"),
    [
        (vec(silver=2, gold=1, blue=2), 2),
        (vec(gold=3, red=1, black=1), 3),
        (vec(white=1, green=2), 3),
        (vec(silver=4), 1),
    ],
)
def test_draw_distribution_matches_counting_every_ordering(bag, k):
    exact = dict(f.draw_distribution(tuple(bag), k))
    assert exact == brute_draws(bag, k)
    assert sum(exact.values()) == 1


def test_expected_hidden_value_matches_averaging_every_ordering():
    game = load(3)
    state = next(s for s in random_states(game, games=1, seed=1) if s.phase == "turn")
    obs = state.observation(0)
    # a small public bag, so that every ordering can be listed
    obs["bag"] = {"silver": 2, "gold": 1, "blue": 2}
    obs["dragons"][0]["hidden"] = 2
    obs["dragons"][0]["treasure"] = {"blue": 1}
    value = f.seat_valuation(obs)
    known = tuple(vec(blue=1))
    twin = sum(
        (
            p * (value(tuple(a + b for a, b in zip(known, draw, strict=False))) - value(known))
            for draw, p in brute_draws(vec(silver=2, gold=1, blue=2), 2).items()
        ),
        Fraction(0),
    )
    assert f.expected_hidden_value(obs, 0) == twin  # place 1 on the table is index 0
    assert f.expected_dragon_value(obs, 0) == value(known) + twin


def test_expected_values_take_a_place_from_0_to_3_and_name_a_bad_one():
    game = load(3)
    # place 1 is empty (the deck ran out), card 5 lies at place 2 (index 1)
    gone = [c for c in range(len(game.cards)) if c not in (4, 5, 6)]
    obs = game.setup(dragons=[None, 4, 5, 6], gone=gone).observation(0)
    assert obs["dragons"][1]["card"] == 4 and f.expected_dragon_value(obs, 1) > 0
    for bad, message in (
        (4, "from 0 to 3 .Python counts from 0., got 4"),
        (-1, "got -1"),
        (True, "got True"),
        ("1", "got '1'"),
        (0, "no dragon lies at place 1 .index 0."),
    ):
        with pytest.raises(ValueError, match=message):
            f.expected_hidden_value(obs, bad)
        with pytest.raises(ValueError, match=message):
            f.expected_dragon_value(obs, bad)


def test_a_simulation_of_the_hidden_treasure_agrees_with_the_exact_value():
    bag = vec(silver=5, gold=3, red=2)
    weights = (1, 3, 1) + (0,) * 6
    exact = sum(
        (
            p * sum(w * n for w, n in zip(weights, d, strict=False))
            for d, p in f.draw_distribution(tuple(bag), 3)
        ),
        Fraction(0),
    )
    rng = np.random.default_rng(5)
    tokens = np.repeat(np.arange(9), bag)
    n = 20_000
    draws = np.array([rng.choice(tokens, 3, replace=False) for _ in range(n)])
    values = np.array(weights)[draws].sum(axis=1)
    mean, sd = values.mean(), values.std(ddof=1)
    assert abs(mean - float(exact)) < 4 * sd / np.sqrt(n)
    assert exact == Fraction(3 * (5 + 9 + 2), 10)


def test_pile_value_depends_on_holdings_through_majorities():
    holdings = [tuple(vec(blue=2)), tuple(vec(blue=3)), tuple(vec())]
    blue = tuple(vec(blue=1))
    # for seat 0 one sapphire ties the majority (15 more points); for seat 2 it is worth nothing
    assert f.pile_value(blue, 0, holdings) == 15
    assert f.pile_value(blue, 2, holdings) == 0
    assert f.pile_value(blue, 1, holdings) == 0
    # the same in the advanced rules: a tie halves the bonus (12 -> 6 each)
    assert f.pile_value(blue, 0, holdings, advanced=True) == 6


def brute_divide_and_choose(treasure, splitter, choosers):
    tokens = [c for c, n in enumerate(treasure) for _ in range(n)]
    n = len(choosers) + 1
    need = min(n, len(tokens))
    best = None
    for assign in itertools.product(range(n), repeat=len(tokens)):
        piles = [[0] * 9 for _ in range(n)]
        for t, k in zip(tokens, assign, strict=False):
            piles[k][t] += 1
        piles = [tuple(p) for p in piles]
        if sum(1 for p in piles if any(p)) < need:
            continue
        worst = min(splitter(p) for p in piles)
        if best is None or worst > best:
            best = worst
    return best


@pytest.mark.parametrize("seed", range(6))
def test_divide_and_choose_gives_the_splitter_its_best_guarantee(seed):
    rng = np.random.default_rng(seed)
    treasure = tuple(
        vec(
            silver=int(rng.integers(0, 3)),
            gold=int(rng.integers(1, 3)),
            blue=int(rng.integers(0, 2)),
        )
    )
    vals = [f.additive(list(rng.integers(0, 4, size=3)) + [0] * 6) for _ in range(3)]
    split, shares = f.divide_and_choose(treasure, vals[0], vals[1:])
    assert min(vals[0](p) for p in split) == brute_divide_and_choose(treasure, vals[0], vals[1:])
    assert sorted(shares) == sorted(split)
    # the first chooser takes a pile it likes best
    assert vals[1](shares[1]) == max(vals[1](p) for p in split)


def test_proportional_and_envy_free_checks():
    a, b = f.additive([1, 3] + [0] * 7), f.additive([3, 1] + [0] * 7)
    gold, silver = tuple(vec(gold=1)), tuple(vec(silver=1))
    assert f.is_envy_free([gold, silver], [a, b]) and f.is_proportional([gold, silver], [a, b])
    assert not f.is_envy_free([silver, gold], [a, b]) and not f.is_proportional(
        [silver, gold], [a, b]
    )


def test_two_player_divide_and_choose_by_enumeration():
    report = f.two_player_check(max_tokens=4, colours=2, weights=3)
    assert report["cases"] > 1000
    assert report["chooser_envious"] == 0
    assert report["even_splits"] > 0 and report["splitter_envious_when_even"] == 0
    # tokens cannot be cut: without an even split the splitter can be left envious
    assert report["splitter_envious"] > 0


def test_three_player_divide_and_choose_counterexample():
    found = f.three_player_counterexample(max_tokens=4, colours=2, weights=2)
    assert found is not None
    ws = found["weights"]
    vals = [f.additive(list(w) + [0] * 7) for w in ws]
    assert len({vals[0](p) for p in found["piles"]}) == 1  # the splitter's piles are even to it
    assert not f.is_envy_free(found["shares"], vals)


def test_the_counterexample_search_runs_once_per_size_and_each_caller_gets_its_own_answer():
    f._three_player_counterexample.cache_clear()
    first = f.three_player_counterexample(max_tokens=3, colours=2, weights=1)
    first["weights"] = "changed by a caller"
    again = f.three_player_counterexample(max_tokens=3, colours=2, weights=1)
    assert again is not first and again["weights"] == ((1, 1), (1, 0), (1, 0))
    info = f._three_player_counterexample.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    assert f.three_player_counterexample(max_tokens=1, colours=1, weights=1) is None


# ---------------------------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------------------------
BOTS = ("random", "fair", "greedy", "maximiser", "planner")


def test_the_bots_are_registered():
    assert set(BOTS) <= set(available_bots("dragons-gold"))


@pytest.mark.parametrize("variant", ["basic", "basic-strategic", "advanced", "advanced-strategic"])
def test_every_bot_finishes_games_with_legal_moves(variant):
    game = load(4, variant)
    for i, name in enumerate(BOTS):
        bots = [make_bot("dragons-gold", name)] * 2 + [make_bot("dragons-gold", "random")] * 2
        record = play_game(game, bots, [i, 1], max_actions=game.describe().max_actions)
        assert record.winners and record.actions < game.describe().max_actions


def test_bots_choose_the_same_when_only_hidden_information_differs():
    game = load(4, "advanced")
    bots = [make_bot("dragons-gold", n) for n in BOTS[1:]]
    rng = np.random.default_rng(0)
    checked = 0
    for state in random_states(game, games=3, seed=4):
        if state.current_player() < 0:
            continue
        seat = int(state.current_player())
        twin = state.resample_hidden(seat, rng)
        for bot in bots:
            assert bot.choose(state, np.random.default_rng(1)) == bot.choose(
                twin, np.random.default_rng(1)
            )
        checked += twin != state
    assert checked > 20


def test_a_seeded_tournament_is_reproducible():
    game = load(4, "basic")
    bots = [make_bot("dragons-gold", n) for n in ("fair", "greedy", "planner", "random")]
    a = play_tournament(game, bots, games=8, seed=3, progress=False)
    b = play_tournament(game, bots, games=8, seed=3, progress=False)
    assert (a.scores == b.scores).all() and a.games == 8
