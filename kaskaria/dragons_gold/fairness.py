"""Fair division and expected value in Dragon's Gold, exactly (Fractions).

- :func:`draw_distribution`: the exact distribution of the colours of ``k`` tokens drawn from a bag
  (multivariate hypergeometric, over colour counts, never over orderings);
- :func:`pile_value`: what a pile is worth to one player *given their own holdings* (and what they
  can see of the others'): the points it adds to their score, so majorities make the same token
  worth different amounts to different players;
- :func:`expected_hidden_value` / :func:`expected_dragon_value`: the exact expected worth of a
  dragon's hidden treasure (and of the whole dragon) for one seat, from its observation only (the
  bag's contents follow from what lies open);
- :func:`is_proportional`, :func:`is_envy_free`: checks of a split for given valuations;
- :func:`divide_and_choose`: the strategic variant's outcome (the splitter maximises the least
  valuable pile, the others choose in order, the splitter takes the last);
- :func:`two_player_check` and :func:`three_player_counterexample`: the enumeration behind the
  lesson: with two players the chooser never envies, and the splitter does not either whenever it
  can split evenly; with three, a search finds a treasure where a chooser envies another.

A valuation is a function from a pile (9 counts, silver ... black) to a Fraction.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from ..validate import short
from .rules import COLOURS, RULES, DragonsGoldRules
from .scoring import _score_changes, _score_table

__all__ = [
    "Valuation",
    "additive",
    "divide_and_choose",
    "draw_distribution",
    "expected_dragon_value",
    "expected_hidden_value",
    "holdings_of",
    "is_envy_free",
    "is_proportional",
    "pile_value",
    "piles",
    "seat_valuation",
    "three_player_counterexample",
    "trade_gains",
    "two_player_check",
]

Counts = tuple[int, ...]
Valuation = Callable[[Counts], Fraction]


def _vec(counts: dict[str, int] | Sequence[int]) -> Counts:
    if isinstance(counts, dict):
        unknown = [c for c in counts if c not in COLOURS]
        if unknown:
            raise ValueError(
                f"unknown token colour {short(unknown[0], 20)}; colours are {', '.join(COLOURS)}"
            )
        return tuple(int(counts.get(c, 0)) for c in COLOURS)
    t = tuple(counts)
    if len(t) != len(COLOURS) or not all(x.__class__ is int and x >= 0 for x in t):
        raise ValueError(
            f"a pile is 9 whole counts >= 0 ({', '.join(COLOURS)}), got {short(t, 60)}"
        )
    return t


@lru_cache(maxsize=4096)
def draw_distribution(bag: Counts, k: int) -> tuple[tuple[Counts, Fraction], ...]:
    """Every colour make-up of ``k`` tokens drawn without replacement from ``bag`` (9 counts),
    with its exact probability: ``prod C(bag_c, x_c) / C(total, k)``. (If the bag holds fewer than
    ``k`` tokens, all of them are drawn.)"""
    bag = _vec(bag)
    if k.__class__ is not int or k < 0:
        raise ValueError(f"k must be a whole number >= 0, got {short(k, 20)}")
    total = sum(bag)
    k = min(k, total)
    denom = comb(total, k)
    out = []

    def rec(i: int, left: int, acc: list[int], ways: int) -> None:
        if i == len(bag) - 1:
            if left <= bag[i]:
                out.append((tuple(acc + [left]), Fraction(ways * comb(bag[i], left), denom)))
            return
        for x in range(min(left, bag[i]) + 1):
            rec(i + 1, left - x, acc + [x], ways * comb(bag[i], x))

    rec(0, k, [], 1)
    return tuple(out)


def pile_value(
    pile: Counts | dict[str, int],
    seat: int,
    holdings: Sequence[Counts],
    advanced: bool = False,
    rules: DragonsGoldRules = RULES,
) -> Fraction:
    """The points ``pile`` adds to ``seat``'s score, all screens being ``holdings`` (one screen per
    player, 9 counts or a dict of colour to count: the seat's own and what it knows of the
    others)."""
    pile = _vec(pile)
    holdings = [_vec(h) for h in holdings]
    if seat.__class__ is not int or not 0 <= seat < len(holdings):
        raise ValueError(f"seat must be a seat from 0 to {len(holdings) - 1}, got {seat!r:.20}")
    return _pile_value(pile, seat, tuple(holdings), advanced, rules)


def _pile_value(
    pile: Counts, seat: int, holdings: tuple[Counts, ...], advanced: bool, rules: DragonsGoldRules
) -> Fraction:
    before = _score_table(holdings, advanced, rules)[seat]
    after_h = list(holdings)
    after_h[seat] = tuple(a + b for a, b in zip(holdings[seat], pile, strict=True))
    return Fraction(_score_table(tuple(after_h), advanced, rules)[seat] - before)


def holdings_of(obs: dict[str, Any]) -> tuple[Counts, ...]:
    """Every screen as a seat sees it in its observation: its own (and any it may see) exactly,
    the others at what it can be sure of (``sure``)."""
    return tuple(
        _vec(p["screen"] if p["screen"] is not None else p["sure"]) for p in obs["players"]
    )


def seat_valuation(
    obs: dict[str, Any], seat: int | None = None, rules: DragonsGoldRules = RULES
) -> Valuation:
    """The valuation of a seat from its observation: the points a pile adds to its score, the
    other screens taken at what it can be sure of (``sure``)."""
    seat = obs["viewer"] if seat is None else seat
    holdings = holdings_of(obs)
    advanced = obs["variant"].startswith("advanced")

    def value(pile: Counts) -> Fraction:
        return Fraction(_score_changes(holdings, {seat: _vec(pile)}, advanced, rules)[seat])

    return value


def trade_gains(
    holdings: Sequence[Counts],
    maker: int,
    partner: int,
    give: Counts,
    ask: Counts,
    advanced: bool,
    rules: DragonsGoldRules = RULES,
) -> tuple[int, int]:
    """What a market trade adds to the scores of its ``maker`` and its ``partner`` (``maker``
    gives ``give`` and receives ``ask``), all screens being ``holdings`` (9 counts each; the
    partner must hold ``ask`` and the maker ``give``)."""
    h = tuple(_vec(x) for x in holdings)
    give, ask = _vec(give), _vec(ask)
    if maker == partner or not (0 <= maker < len(h) and 0 <= partner < len(h)):
        raise ValueError(f"maker and partner must be two seats from 0 to {len(h) - 1}")
    if any(x < y for x, y in zip(h[maker], give, strict=True)) or any(
        x < y for x, y in zip(h[partner], ask, strict=True)
    ):
        raise ValueError("a trade gives only tokens its side holds")
    return _trade_gains(h, maker, partner, give, ask, advanced, rules)


def _trade_gains(
    h: tuple[Counts, ...],
    maker: int,
    partner: int,
    give: Counts,
    ask: Counts,
    advanced: bool,
    rules: DragonsGoldRules,
) -> tuple[int, int]:
    gain = tuple(k - g for g, k in zip(give, ask, strict=True))
    change = _score_changes(h, {maker: gain, partner: tuple(-x for x in gain)}, advanced, rules)
    return change[maker], change[partner]


def additive(weights: Sequence[int | Fraction]) -> Valuation:
    """An additive valuation: ``weights[c]`` per token of colour ``c``."""
    w = [Fraction(x) for x in weights]
    return lambda pile: sum((n * x for n, x in zip(pile, w, strict=False)), Fraction(0))


def _dragon(obs: dict[str, Any], place: int) -> dict[str, Any]:
    """The dragon at ``place`` (0-3, as in the observation's list: place 1 on the table is 0)."""
    if place.__class__ is not int or not 0 <= place < len(obs["dragons"]):
        raise ValueError(
            f"place must be a dragon's place from 0 to 3 (Python counts from 0), got {short(place)}"
        )
    d = obs["dragons"][place]
    if d["card"] is None:
        raise ValueError(f"no dragon lies at place {place + 1} (index {place})")
    return d


def expected_hidden_value(obs: dict[str, Any], place: int, seat: int | None = None) -> Fraction:
    """The exact expected worth, for ``seat``, of the hidden treasure of the dragon at ``place``
    (0-3: the index into ``obs["dragons"]``, place 1 on the table is 0) if that seat took it
    alone, from its observation: the bag is public."""
    d = _dragon(obs, place)
    bag = _vec(obs["bag"])
    value = seat_valuation(obs, seat)
    known = _vec(d["treasure"])
    return sum(
        (
            p * value(tuple(a + b for a, b in zip(known, draw, strict=True)))
            for draw, p in draw_distribution(bag, d["hidden"])
        ),
        Fraction(0),
    ) - value(known)


def expected_dragon_value(obs: dict[str, Any], place: int, seat: int | None = None) -> Fraction:
    """The exact expected worth, for ``seat``, of the whole dragon at ``place`` (0-3; its known
    treasure plus its hidden treasure) if that seat took it alone."""
    value = seat_valuation(obs, seat)
    known = _vec(_dragon(obs, place)["treasure"])
    return value(known) + expected_hidden_value(obs, place, seat)


# -- splits -------------------------------------------------------------------------------------
def is_proportional(shares: Sequence[Counts], valuations: Sequence[Valuation]) -> bool:
    """Does every player value its own share at least 1/n of the whole?"""
    n = len(shares)
    whole = tuple(map(sum, zip(*shares, strict=True)))
    return all(v(s) * n >= v(whole) for s, v in zip(shares, valuations, strict=True))


def is_envy_free(shares: Sequence[Counts], valuations: Sequence[Valuation]) -> bool:
    """Does every player value its own share at least as much as anyone else's?"""
    return all(
        v(shares[i]) >= v(shares[j]) for i, v in enumerate(valuations) for j in range(len(shares))
    )


def piles(treasure: Counts, n: int) -> Iterable[tuple[Counts, ...]]:
    """Every way to split ``treasure`` into ``n`` piles (as the strategic variant requires: each
    pile at least one token while there are enough tokens), piles listed in a canonical order so
    that each split appears once."""
    treasure = _vec(treasure)
    need = min(n, sum(treasure))
    seen = set()

    def per_colour(c: int) -> Iterable[tuple[int, ...]]:
        return (
            x for x in itertools.product(range(treasure[c] + 1), repeat=n) if sum(x) == treasure[c]
        )

    for combo in itertools.product(*(list(per_colour(c)) for c in range(len(COLOURS)))):
        split = tuple(tuple(combo[c][k] for c in range(len(COLOURS))) for k in range(n))
        if sum(1 for p in split if any(p)) < need:
            continue
        key = tuple(sorted(split))
        if key in seen:
            continue
        seen.add(key)
        yield key


def divide_and_choose(
    treasure: Counts, splitter: Valuation, choosers: Sequence[Valuation]
) -> tuple[tuple[Counts, ...], tuple[Counts, ...]]:
    """The strategic variant: the splitter makes ``len(choosers) + 1`` piles maximising the least
    valuable pile in its own eyes (ties: the first such split in canonical order); each chooser in
    turn takes the pile it values most (ties: the lowest pile); the splitter takes the last.
    Returns ``(piles, shares)`` with ``shares[0]`` the splitter's and ``shares[i]`` chooser ``i``'s.
    """
    n = len(choosers) + 1
    best, best_split = None, None
    for split in piles(treasure, n):
        worst = min(splitter(p) for p in split)
        if best is None or worst > best:
            best, best_split = worst, split
    assert best_split is not None
    left = list(best_split)
    taken = []
    for v in choosers:
        k = max(range(len(left)), key=lambda i: (v(left[i]), -i))
        taken.append(left.pop(k))
    return best_split, (left[0], *taken)


def _small_treasures(max_tokens: int, colours: int) -> Iterable[Counts]:
    for counts in itertools.product(range(max_tokens + 1), repeat=colours):
        if 2 <= sum(counts) <= max_tokens:
            yield tuple(counts) + (0,) * (len(COLOURS) - colours)


def two_player_check(max_tokens: int = 4, colours: int = 2, weights: int = 3) -> dict[str, int]:
    """Enumerate every treasure of 2..``max_tokens`` tokens in ``colours`` colours and every pair of
    additive valuations with weights 0..``weights``, and play divide-and-choose. Returns counts:
    ``cases``; ``chooser_envious`` (always 0: the chooser takes the pile it prefers);
    ``even_splits`` (cases where the splitter can split exactly evenly in its own eyes) and
    ``splitter_envious_when_even`` (always 0: then both piles are worth the same to it); and
    ``splitter_envious`` (cases where no even split exists and the chooser took the better pile:
    indivisible tokens)."""
    out = dict(
        cases=0, chooser_envious=0, even_splits=0, splitter_envious_when_even=0, splitter_envious=0
    )
    grid = list(itertools.product(range(weights + 1), repeat=colours))
    for t in _small_treasures(max_tokens, colours):
        for ws in grid:
            s = additive(ws)
            all_splits = list(piles(t, 2))
            for wc in grid:
                c = additive(wc)
                split, (mine, theirs) = divide_and_choose(t, s, [c])
                out["cases"] += 1
                if c(theirs) < c(mine):
                    out["chooser_envious"] += 1
                even = any(s(a) == s(b) for a, b in all_splits)
                envious = s(mine) < s(theirs)
                if even:
                    out["even_splits"] += 1
                    out["splitter_envious_when_even"] += envious
                out["splitter_envious"] += envious
    return out


def three_player_counterexample(
    max_tokens: int = 4, colours: int = 2, weights: int = 3
) -> dict[str, Any] | None:
    """Search for a treasure and three additive valuations where divide-and-choose (splitter's
    split exactly even in its own eyes, so the splitter envies nobody) still leaves a chooser
    envious of another. Returns the first found (a new dict each call), or None. The search
    runs once per size (a lesson, its worksheet and its teacher edition all ask for it)."""
    found = _three_player_counterexample(max_tokens, colours, weights)
    return None if found is None else dict(found)


@lru_cache(maxsize=8)
def _three_player_counterexample(
    max_tokens: int, colours: int, weights: int
) -> dict[str, Any] | None:
    grid = list(itertools.product(range(weights + 1), repeat=colours))
    for t in _small_treasures(max_tokens, colours):
        for ws in grid:
            if not any(ws):
                continue  # a splitter who values nothing is no example
            s = additive(ws)
            for w1 in grid:
                for w2 in grid:
                    v1, v2 = additive(w1), additive(w2)
                    split, shares = divide_and_choose(t, s, [v1, v2])
                    if len({s(p) for p in split}) != 1 or s(split[0]) == 0:
                        continue
                    if not is_envy_free(shares, [s, v1, v2]):
                        return {
                            "treasure": t,
                            "weights": (ws, w1, w2),
                            "piles": split,
                            "shares": shares,
                        }
    return None
