"""Fast, honest simulation of Dragon Battle turns with numpy.

A turn policy (see :func:`kaskaria.dragon_battle.odds.make_policy`) decides from the dragons
scared, the dice in hand and the faces rolled; that is a small state space, so the whole policy
becomes lookup tables. States are coded in one byte: 0 is a failed turn, 1-15 a turn that ended
with the dragons of that mask scared (yellow 1, red 2, blue 4, purple 8), and ``16 + 4 * mask +
hand - 1`` a turn about to roll ``hand`` dice with ``mask`` scared.

Deterministic policies (all but ``"random"``) use ONE random draw per turn: an integer ``u``
uniform in ``[0, 6**10)``, which is exactly the ordered faces of up to four rolls of 4, 3, 2 and 1
dice (a turn never rolls more: each roll that does not fail sets at least one die aside). Its
base-6 digits are the dice: ``u % 6**4`` is the first roll, the next ``6**3`` the second (of
which ``x % 6**h`` is a roll of ``h <= 3`` dice), and so on. Two tables do the rest: the first two
rolls from the start (``6**7`` entries) and the last two from any state (``80 * 6**3`` entries).

The ``"random"`` policy also draws its choices; it uses one draw per roll from the exact
next-state distribution of each state (a cumulative table searched with ``searchsorted``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import numpy as np

from . import odds
from .odds import TurnDistribution, TurnPolicy, make_policy
from .turn import after_option, multisets
from .turn import options as placement_options

__all__ = ["TurnSample", "draw_turn_dice", "simulate_turns", "transition_table"]

#: Draws per turn of the deterministic simulator: up to 4 + 3 + 2 + 1 dice.
TURN_DRAWS = 6**10
#: Turns simulated per block (keeps the work arrays in the processor's cache).
CHUNK = 1 << 16
_ROLL12 = 6**7  # ordered outcomes of the first two rolls (4 and at most 3 dice)
_ROLL34 = 6**3  # ordered outcomes of the last two rolls (at most 2 and 1 dice)
_STATES = 80
_START = 16 + 3  # mask 0, 4 dice in hand


def _code(mask: int, hand: int) -> int:
    return 16 + 4 * mask + hand - 1 if hand else mask


def _check(n: Any, rng: Any) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a whole number of turns >= 0, got {n!r}")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), got {rng!r}"
        )


@cache
def _ordered_to_multiset(hand: int) -> np.ndarray:
    """For each ordered roll of ``hand`` dice (its index in base 6), the index of its multiset
    in ``multisets(hand)``."""
    index = {counts: i for i, (counts, _) in enumerate(multisets(hand))}
    out = np.empty(6**hand, dtype=np.int64)
    for x in range(6**hand):
        counts, rest = [0] * 6, x
        for _ in range(hand):
            counts[rest % 6] += 1  # digit = face index: black 0, yellow 1, ..., silver 5
            rest //= 6
        out[x] = index[tuple(counts)]
    out.setflags(write=False)
    return out


def _transitions(policy: TurnPolicy, model: odds.Model, mask: int, hand: int) -> list:
    """For each multiset of a roll of ``hand`` dice with ``mask`` scared: the next states as
    ``[(code, probability), ...]`` under ``policy``."""
    out = []
    for counts, _ in multisets(hand):
        choice = policy.placement(model, mask, counts)
        if not choice:
            out.append([(0, Fraction(1))])
            continue
        options = placement_options(mask, counts, model[2])
        nexts: dict[int, Fraction] = {}
        for i, p in choice:
            new_mask, new_hand = after_option(mask, counts, options[i])
            roll = policy.roll_probability(model, new_mask, new_hand) if new_hand else 0
            if roll:
                c = _code(new_mask, new_hand)
                nexts[c] = nexts.get(c, Fraction(0)) + p * roll
            if roll != 1:
                nexts[new_mask] = nexts.get(new_mask, Fraction(0)) + p * (1 - roll)
        out.append(sorted(nexts.items()))
    return out


def _rolling_states():
    for mask in range(16):
        for hand in range(1, 5 - mask.bit_count()):
            if mask or hand == 4:
                yield mask, hand


@lru_cache(maxsize=64)
def transition_table(policy: TurnPolicy, model: odds.Model) -> np.ndarray:
    """The next state after one roll, for every state and every ordered roll of 4 dice.

    ``table[s, x]`` (uint8, shape ``(80, 1296)``) is the state after rolling in state ``s`` with
    the ordered faces ``x % 6**hand`` (the first ``hand`` base-6 digits of ``x``); states that
    are over (codes 0-15) stay as they are. Only for deterministic policies.
    """
    if not policy.deterministic:
        raise ValueError(f"{policy!r} is not deterministic; it has no transition table")
    table = np.tile(np.arange(_STATES, dtype=np.uint8)[:, None], (1, 6**4))
    for mask, hand in _rolling_states():
        by_multiset = np.array(
            [nexts[0][0] for nexts in _transitions(policy, model, mask, hand)], dtype=np.uint8
        )
        row = by_multiset[_ordered_to_multiset(hand)]
        table[_code(mask, hand)] = np.tile(row, 6 ** (4 - hand))
    table.setflags(write=False)
    return table


@lru_cache(maxsize=64)
def _turn_tables(policy: TurnPolicy, model: odds.Model) -> tuple[np.ndarray, np.ndarray]:
    """(first table, second table) of the one-draw-per-turn simulator.

    ``first[r]`` for ``r`` in ``[0, 6**7)``: 216 times the state after the first two rolls
    (digits ``r % 1296`` and ``r // 1296``); ``second[216 * s + q]`` for ``q`` in ``[0, 216)``:
    the final state after the last two rolls from state ``s`` (digits ``q % 36``, ``q // 36``).
    """
    step = transition_table(policy, model)
    r = np.arange(_ROLL12)
    after1 = step[_START, r % 6**4]
    after2 = step[after1, r // 6**4]
    first = after2.astype(np.uint16) * _ROLL34
    q = np.arange(_ROLL34)
    states = np.arange(_STATES)[:, None]
    after3 = step[states, q[None, :] % 36]
    second = step[after3, q[None, :] // 36].reshape(-1).astype(np.uint8)
    first.setflags(write=False)
    second.setflags(write=False)
    return first, second


def draw_turn_dice(n: int, rng: np.random.Generator):
    """The random values the deterministic simulator draws for ``n`` turns, block by block.

    Yields uint32 arrays (``CHUNK`` values each, the last one shorter), uniform in
    ``[0, 6**10)``: one value per turn, all the dice that turn can roll. The benchmark times this
    alone as the speed limit set by the random generator.
    """
    _check(n, rng)
    for start in range(0, n, CHUNK):
        yield rng.integers(0, TURN_DRAWS, size=min(CHUNK, n - start), dtype=np.uint32)


def _simulate_tables(policy: TurnPolicy, model: odds.Model, n: int, rng) -> np.ndarray:
    first, second = _turn_tables(policy, model)
    out = np.empty(n, dtype=np.uint8)
    q = np.empty(CHUNK, dtype=np.uint32)
    r = np.empty(CHUNK, dtype=np.uint32)
    looked_up = np.empty(CHUNK, dtype=np.uint16)
    start = 0
    for u in draw_turn_dice(n, rng):
        m = len(u)
        qm, rm, lm = q[:m], r[:m], looked_up[:m]
        np.floor_divide(u, _ROLL12, out=qm)  # the last two rolls' digits, in [0, 216)
        np.multiply(qm, _ROLL12, out=rm)
        np.subtract(u, rm, out=rm)  # the first two rolls' digits, in [0, 6**7)
        # every index is in range by construction; "wrap" only skips numpy's bounds check
        first.take(rm, out=lm, mode="wrap")
        qm += lm
        second.take(qm, out=out[start : start + m], mode="wrap")
        start += m
    return out


@lru_cache(maxsize=64)
def _chain_tables(policy: TurnPolicy, model: odds.Model) -> tuple[int, np.ndarray, np.ndarray]:
    """(denominator D, sorted cumulative keys, next states) for one-draw-per-roll simulation.

    A turn in state ``s`` draws ``u`` uniform in ``[0, D)``; the next state is
    ``nexts[searchsorted(keys, s * D + u, "right")]``.
    """
    per_state = {}
    for mask, hand in _rolling_states():
        weights: dict[int, Fraction] = {}
        for (_, ways), nexts in zip(
            multisets(hand), _transitions(policy, model, mask, hand), strict=True
        ):
            for code, p in nexts:
                weights[code] = weights.get(code, Fraction(0)) + p * Fraction(ways, 6**hand)
        per_state[_code(mask, hand)] = weights
    denominator = 1
    for weights in per_state.values():
        for p in weights.values():
            denominator = math.lcm(denominator, p.denominator)
    keys, nexts = [], []
    for s in range(_STATES):
        weights = per_state.get(s, {s: Fraction(1)})
        total = 0
        for code, p in sorted(weights.items()):
            total += p.numerator * (denominator // p.denominator)
            keys.append(s * denominator + total)
            nexts.append(code)
        assert total == denominator
    return denominator, np.array(keys, dtype=np.int64), np.array(nexts, dtype=np.uint8)


def _simulate_chain(policy: TurnPolicy, model: odds.Model, n: int, rng) -> np.ndarray:
    denominator, keys, nexts = _chain_tables(policy, model)
    out = np.empty(n, dtype=np.uint8)
    for start in range(0, n, CHUNK):
        m = min(CHUNK, n - start)
        state = np.full(m, _START, dtype=np.uint8)
        for _ in range(4):  # at most four rolls in a turn
            live = np.flatnonzero(state >= 16)
            if not len(live):
                break
            u = rng.integers(0, denominator, size=len(live), dtype=np.int64)
            at = np.searchsorted(keys, state[live].astype(np.int64) * denominator + u, "right")
            state[live] = nexts[at]
        out[start : start + m] = state
    return out


def _stars_table(model: odds.Model) -> np.ndarray:
    stars, juggler = model[0], model[1]
    values = [float(juggler)] + [
        float(sum(Fraction(stars[i]) for i in range(4) if mask >> i & 1)) for mask in range(1, 16)
    ]
    return np.array(values)


@dataclass(frozen=True, eq=False)
class TurnSample:
    """Simulated turns: ``outcomes[k]`` is how turn ``k`` ended.

    0 means the turn failed; 1-15 is the mask of the dragons scared in a successful turn
    (yellow 1, red 2, blue 4, purple 8).
    """

    policy: TurnPolicy
    stars: tuple
    juggler: Fraction
    outcomes: np.ndarray

    def __len__(self) -> int:
        return len(self.outcomes)

    def counts(self) -> np.ndarray:
        """How many turns ended with each outcome (an array of 16, index as in ``outcomes``)."""
        return np.bincount(self.outcomes, minlength=16)

    @property
    def failed(self) -> float:
        """The share of failed turns."""
        return float(self.counts()[0] / max(len(self), 1))

    def stars_per_turn(self) -> np.ndarray:
        """The stars each turn brought (a failed turn: the juggler)."""
        return _stars_table(((*self.stars,), self.juggler, False))[self.outcomes]

    @property
    def mean_stars(self) -> float:
        counts = self.counts()
        table = _stars_table(((*self.stars,), self.juggler, False))
        return float(counts @ table / max(len(self), 1))

    def frequencies(self) -> dict[str, float]:
        """``{"failed": share, "yellow+red": share, ...}`` for the outcomes that happened."""
        counts = self.counts()
        return {odds.outcome_name(m): float(c / len(self)) for m, c in enumerate(counts) if c}

    def z_scores(self, exact: TurnDistribution) -> np.ndarray:
        """For each outcome: (count - n p) / sqrt(n p (1 - p)) against the exact chances ``p``
        (0 where ``p`` is 0 or 1 and the count is as it must be)."""
        n = len(self)
        p = np.array([float(x) for x in exact.by_mask])
        counts = self.counts()
        sd = np.sqrt(n * p * (1 - p))
        diff = counts - n * p
        with np.errstate(divide="ignore", invalid="ignore"):
            z = np.where(sd > 0, diff / np.where(sd > 0, sd, 1), np.where(diff == 0, 0.0, np.inf))
        return z

    def __repr__(self) -> str:
        return (
            f"TurnSample({self.policy!r}, n={len(self)}, failed={self.failed:.4f}, "
            f"mean_stars={self.mean_stars:.4f})"
        )


def simulate_turns(
    policy: str | TurnPolicy,
    n: int,
    rng: np.random.Generator,
    stars: Any,
    juggler: Any = 1,
    *,
    risk: Any = None,
    silver_with_colour: bool = False,
) -> TurnSample:
    """Simulate ``n`` independent turns under ``policy``, vectorised.

    ``policy``, ``stars``, ``juggler``, ``risk`` and ``silver_with_colour`` are as in
    :func:`kaskaria.dragon_battle.odds.turn_distribution`, whose exact answer the frequencies
    approach. ``rng`` is a ``numpy.random.Generator``; the same seed gives the same turns.

    >>> import numpy as np
    >>> s = simulate_turns("optimal", 10_000, np.random.default_rng(1), (1, 1, 1, 1))
    >>> len(s), int(s.counts().sum())
    (10000, 10000)
    """
    _check(n, rng)
    pol = make_policy(policy, risk)
    model = odds.turn_model(stars, juggler, silver_with_colour)
    if pol.deterministic:
        outcomes = _simulate_tables(pol, model, int(n), rng)
    else:
        outcomes = _simulate_chain(pol, model, int(n), rng)
    return TurnSample(pol, tuple(model[0]), Fraction(model[1]), outcomes)
