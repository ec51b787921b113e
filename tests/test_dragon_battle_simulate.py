"""The vectorised turn simulator: exactly the right tables, and frequencies near the exact odds.

Two kinds of checks:

- exact: the lookup tables of the simulator, counted over all ``6**10`` values of its one draw
  per turn, give exactly ``6**10`` times the exact distribution of
  :func:`~kaskaria.dragon_battle.odds.turn_distribution` (itself checked against a brute force
  in ``test_dragon_battle_odds.py``);
- statistical: with a fixed seed, every outcome's count is within 5 standard deviations of
  ``n * p`` (and the mean stars within 5 standard errors). 5 sd is wide enough that a correct
  simulator passes for practically any seed (about 6 in 10 million per check), and narrow
  enough to catch any error the exact checks could miss, such as a wrong use of the draws
  (with a million turns, 5 sd is at most 0.25 percentage points).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from kaskaria.dragon_battle import odds
from kaskaria.dragon_battle.odds import make_policy, turn_distribution
from kaskaria.dragon_battle.simulate import (
    CHUNK,
    TURN_DRAWS,
    TurnSample,
    _chain_tables,
    _simulate_chain,
    _turn_tables,
    draw_turn_dice,
    simulate_turns,
    transition_table,
)

POLICIES = [
    ("optimal", None),
    ("all-in", None),
    ("cautious", None),
    ("threshold", Fraction(1, 9)),
    ("threshold", Fraction(1, 3)),
    ("rule", None),
]
LAYOUTS = [((1, 1, 1, 1), 1, False), ((1, 2, 3, 4), 1, False), ((4, 1, 3, 2), 0, True)]


@pytest.mark.parametrize("name, risk", POLICIES)
@pytest.mark.parametrize("stars, juggler, swc", LAYOUTS)
def test_turn_tables_are_exact(name, risk, stars, juggler, swc):
    policy = make_policy(name, risk)
    model = odds._model(stars, juggler, swc)
    first, second = _turn_tables(policy, model)
    assert first.shape == (6**7,) and second.shape == (80 * 216,)
    # how many of the 6**7 values of the first two rolls lead to each state...
    after_two = np.bincount(first // 216, minlength=80)
    # ...and, from each state, how many of the 216 values of the last two rolls end in each way
    ends = np.zeros(16, dtype=object)
    for state in np.flatnonzero(after_two):
        finals = np.bincount(second[state * 216 : (state + 1) * 216], minlength=16)
        assert len(finals) == 16, "every turn ends after four rolls at most"
        ends += int(after_two[state]) * finals.astype(object)
    exact = turn_distribution(policy, stars, juggler, silver_with_colour=swc).by_mask
    assert [Fraction(int(c), TURN_DRAWS) for c in ends] == list(exact)


@pytest.mark.parametrize("name, risk", [*POLICIES, ("random", None)])
def test_chain_tables_are_exact(name, risk):
    policy = make_policy(name, risk)
    stars = (1, 3, 2, 4)
    model = odds._model(stars, 1, False)
    denominator, keys, nexts = _chain_tables(policy, model)
    # walk the chain exactly: state -> next state with the weights in the cumulative table
    lows = np.concatenate([[0], keys[:-1]])
    dist = {19: Fraction(1)}  # mask 0, 4 dice in hand
    ends = [Fraction(0)] * 16
    for _ in range(4):
        following: dict[int, Fraction] = {}
        for state, p in dist.items():
            rows = np.flatnonzero(
                (keys > state * denominator) & (keys <= (state + 1) * denominator)
            )
            for row in rows:
                low = max(int(lows[row]), state * denominator)
                q = p * Fraction(int(keys[row]) - low, denominator)
                nxt = int(nexts[row])
                if nxt < 16:
                    ends[nxt] += q
                else:
                    following[nxt] = following.get(nxt, Fraction(0)) + q
        dist = following
    assert not dist
    assert ends == list(turn_distribution(policy, stars).by_mask)


def test_transition_table_rows():
    table = transition_table(make_policy("all-in"), odds._model((1, 1, 1, 1), 1, False))
    assert table.shape == (80, 1296) and table.dtype == np.uint8
    assert np.array_equal(table[:16], np.repeat(np.arange(16)[:, None], 1296, axis=1))
    # from the start, four black dice (ordered index 0: every digit is face 0) fail the turn
    assert table[19, 0] == 0
    # with red scared and one die in hand, each face: black, yellow, red, blue, purple, silver
    # (all dragons alike, silver goes on the first in sorted order of actions: "silver on blue")
    assert list(table[16 + 4 * 2 + 0, :6]) == [0, 3, 0, 6, 10, 6]
    with pytest.raises(ValueError, match="not deterministic"):
        transition_table(make_policy("random"), odds._model((1, 1, 1, 1), 1, False))


def check_sample(sample: TurnSample, exact, n):
    assert len(sample) == n and sample.counts().sum() == n
    z = sample.z_scores(exact)
    assert np.all(np.abs(z) < 5), z
    table = np.array([float(exact.stars_of(m)) for m in range(16)])
    mean = float(exact.expected_stars)
    sd = np.sqrt(sum(float(p) * (table[m] - mean) ** 2 for m, p in enumerate(exact.by_mask)))
    assert abs(sample.mean_stars - mean) < 5 * sd / np.sqrt(n)


@pytest.mark.parametrize("name, risk", [*POLICIES, ("random", None)])
def test_simulated_frequencies_agree_with_exact_odds(name, risk):
    n = 1_000_000 if name != "random" else 200_000
    stars = (1, 2, 3, 4)
    sample = simulate_turns(name, n, np.random.default_rng(20240), stars, risk=risk)
    exact = turn_distribution(name, stars, risk=risk)
    check_sample(sample, exact, n)
    assert sample.outcomes.dtype == np.uint8


def test_chain_simulator_agrees_for_a_deterministic_policy_too():
    policy = make_policy("optimal")
    model = odds._model((2, 2, 3, 1), 1, False)
    outcomes = _simulate_chain(policy, model, 200_000, np.random.default_rng(3))
    sample = TurnSample(policy, (2, 2, 3, 1), Fraction(1), outcomes)
    check_sample(sample, turn_distribution("optimal", (2, 2, 3, 1)), 200_000)


def test_one_draw_per_turn_and_seeded():
    rng = np.random.default_rng(11)
    n = 3 * CHUNK + 17
    first = simulate_turns("optimal", n, rng, (1, 1, 1, 1))
    # the simulator drew exactly what draw_turn_dice draws: one value per turn
    twin = np.random.default_rng(11)
    draws = np.concatenate(list(draw_turn_dice(n, twin)))
    assert len(draws) == n and draws.max() < TURN_DRAWS
    assert rng.bit_generator.state == twin.bit_generator.state
    # and each turn's result is the table lookup of its own draw
    f, s = _turn_tables(make_policy("optimal"), odds._model((1, 1, 1, 1), 1, False))
    q, r = np.divmod(draws.astype(np.int64), 6**7)
    assert np.array_equal(first.outcomes, s[f[r].astype(np.int64) + q])
    again = simulate_turns("optimal", n, np.random.default_rng(11), (1, 1, 1, 1))
    assert np.array_equal(first.outcomes, again.outcomes)
    other = simulate_turns("optimal", n, np.random.default_rng(12), (1, 1, 1, 1))
    assert not np.array_equal(first.outcomes, other.outcomes)


def test_turn_sample_views():
    sample = simulate_turns("cautious", 50_000, np.random.default_rng(1), (1, 2, 3, 4))
    assert set(sample.frequencies()) <= {"failed", "yellow", "red", "blue", "purple"}
    assert abs(sum(sample.frequencies().values()) - 1) < 1e-12
    per_turn = sample.stars_per_turn()
    assert per_turn.shape == (50_000,)
    assert abs(per_turn.mean() - sample.mean_stars) < 1e-9
    assert repr(sample).startswith("TurnSample(make_policy('cautious'), n=50000, failed=")
    empty = simulate_turns("optimal", 0, np.random.default_rng(1), (1, 2, 3, 4))
    assert len(empty) == 0 and empty.counts().sum() == 0


def test_simulate_turns_checks_its_input():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="whole number of turns"):
        simulate_turns("optimal", -1, rng, (1, 1, 1, 1))
    with pytest.raises(ValueError, match="whole number of turns"):
        simulate_turns("optimal", 2.5, rng, (1, 1, 1, 1))
    with pytest.raises(TypeError, match="numpy.random.Generator"):
        simulate_turns("optimal", 10, 42, (1, 1, 1, 1))
    with pytest.raises(ValueError, match="unknown policy"):
        simulate_turns("bold", 10, rng, (1, 1, 1, 1))
    with pytest.raises(ValueError, match="stars must be 4"):
        simulate_turns("optimal", 10, rng, (1, 1, 1))
    with pytest.raises(ValueError, match="needs risk"):
        simulate_turns("threshold", 10, rng, (1, 1, 1, 1))
