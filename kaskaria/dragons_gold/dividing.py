"""How the ``"search"`` bot divides and chooses (the strategic variants): by where it leaves it.

In divide and choose the weakest contributor makes as many piles as players share the treasure,
the others choose one each (the strongest first) and the divider takes the pile left. Once the
piles lie open nothing is left to luck, so the bot looks ahead exactly instead of playing out:

- it foresees the choosers (:func:`foresee`): each takes the pile that adds most to its own
  score, as this seat can see the screens (the others' at what it is sure of; ties: the lowest
  pile, as every bot of the game chooses);
- it ranks a split, or a pile to take, by the scores that leaves (:func:`standing`): its own
  less the mean of the others' (every other player counted, as the ladder counts who finished
  ahead of whom), ties by its own score.

Piles made for the own score alone (the ``"maximiser"`` bot: the least pile worth most to
itself) hand the choosers whatever is worth little to the divider, such as the gem that wins a
rival a majority; equal piles (the ``"fair"`` bot) beat them (docs/bots.md).

Dividing (:func:`best_piles`): every split of the treasure when there are at most :data:`LIMIT`
ways, else the best of a few climbs (from equal piles and from piles dealt at random, seeded: a
token moved to another pile, or two tokens swapped, while that helps); tokens a child has
already put on a pile stay there. Choosing: :func:`best_pile`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb, prod
from typing import Any

import numpy as np

from .bots import PUBLIC
from .fairness import _vec, holdings_of, seat_valuation
from .rules import COLOURS, RULES, DragonsGoldRules
from .scoring import _score_table

__all__ = ["LIMIT", "Outlook", "best_pile", "best_piles", "foresee", "outlooks", "standing"]

#: the most splits of a treasure tried one by one (more: the best of :data:`STARTS` climbs)
LIMIT = 5000
NC = len(COLOURS)
Counts = tuple[int, ...]


@dataclass(frozen=True)
class Outlook:
    """A split and what the bot foresees of it: ``piles`` (9 counts each, in the order they lie),
    ``owners`` (the seat that ends with each pile), ``scores`` (every player's score afterwards,
    as the seat sees the screens), ``value`` (the seat's score less the mean of the others') and
    ``every`` (True: every split was tried, none is better; False: the climb's split)."""

    piles: tuple[Counts, ...]
    owners: tuple[int, ...]
    scores: tuple[int, ...]
    value: Fraction
    every: bool = True


class _Eyes:
    """What one seat sees of a split: the screens, the scoring and each player's valuation of a
    pile (kept, since a split is weighed thousands of times)."""

    def __init__(self, obs: dict[str, Any], rules: DragonsGoldRules) -> None:
        self.seat = obs["viewer"]
        sp = obs["split"]
        self.order = tuple(sp["order"])
        self.divider = sp["proposer"]
        self.holdings = holdings_of(obs)
        self.advanced = obs["variant"].startswith("advanced")
        self.rules = rules
        self._value = {p: seat_valuation(obs, p, rules) for p in sp["involved"]}
        self._kept: dict[tuple[int, Counts], Fraction] = {}

    def value(self, p: int, pile: Counts) -> Fraction:
        key = (p, pile)
        v = self._kept.get(key)
        if v is None:
            v = self._kept[key] = self._value[p](pile)
        return v

    def outlook(
        self, parts: Sequence[Counts], owners: Sequence[int], order: Sequence[int]
    ) -> Outlook:
        """``parts`` with the piles of ``owners`` taken (-1: free) and ``order`` still to
        choose: who ends with each pile, the scores and their value to the seat."""
        owners = foresee(parts, owners, order, self.divider, self.value)
        scores, value = standing(self.holdings, parts, owners, self.seat, self.advanced, self.rules)
        return Outlook(tuple(parts), owners, scores, value)


def foresee(
    parts: Sequence[Counts],
    owners: Sequence[int],
    order: Sequence[int],
    divider: int,
    value: Any,
) -> tuple[int, ...]:
    """Who ends with each pile: the piles of ``owners`` -1 are still free; each seat of ``order``
    in turn takes the free pile worth most to it (``value(seat, pile)``; ties: the lowest pile),
    the ``divider`` the pile left."""
    owners = list(owners)
    for p in order:
        free = [k for k, o in enumerate(owners) if o < 0]
        k = max(free, key=lambda k: (value(p, parts[k]), -k))
        owners[k] = p
    return tuple(divider if o < 0 else o for o in owners)


def standing(
    holdings: Sequence[Counts],
    parts: Sequence[Counts],
    owners: Sequence[int],
    seat: int,
    advanced: bool,
    rules: DragonsGoldRules = RULES,
) -> tuple[tuple[int, ...], Fraction]:
    """Every player's score once each pile is with its owner (``holdings``: the screens), and what
    that is worth to ``seat``: its score less the mean of the others'."""
    after = [tuple(h) for h in holdings]
    for pile, p in zip(parts, owners, strict=True):
        after[p] = tuple(a + b for a, b in zip(after[p], pile, strict=True))
    scores = _score_table(tuple(after), advanced, rules)
    others = [s for q, s in enumerate(scores) if q != seat]
    return scores, scores[seat] - Fraction(sum(others), len(others))


def _key(o: Outlook, seat: int) -> tuple[Fraction, int]:
    return (o.value, o.scores[seat])


def best_piles(obs: dict[str, Any], rules: DragonsGoldRules = RULES) -> Outlook:
    """The piles the divider (the seat of ``obs``, in phase ``divide``) makes, with what it
    foresees: the best piles of the whole treasure while the tokens put so far lie where those
    piles have them (so the same at every step of making them); else the best piles that keep
    every token where it lies."""
    sp = obs["split"]
    parts = tuple(_vec(x) for x in sp["parts"])
    n = len(parts)
    base = (
        _vec(sp["pot"]),
        holdings_of(obs),
        obs["viewer"],
        tuple(sp["order"]),
        obs["variant"].startswith("advanced"),
        id(rules),
    )
    made = _made(obs, rules, base, ((0,) * NC,) * n)
    if all(
        x <= y
        for part, pile in zip(parts, made.piles, strict=True)
        for x, y in zip(part, pile, strict=True)
    ):
        return made
    return _made(obs, rules, base, parts)


def _made(
    obs: dict[str, Any], rules: DragonsGoldRules, base: tuple[Any, ...], parts: Any
) -> Outlook:
    key = (*base, parts)
    found = _MADE.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    eyes = _Eyes(obs, rules)
    pot = base[0]
    n = len(parts)
    left = [t - sum(part[c] for part in parts) for c, t in enumerate(pot)]
    free = (-1,) * n
    seat = eyes.seat
    enough = sum(pot) >= n
    if prod(comb(k + n - 1, n - 1) for k in left) <= LIMIT:
        best = None
        for split in _labelled(parts, left):
            if enough and not all(any(p) for p in split):
                continue
            o = eyes.outlook(split, free, eyes.order)
            if best is None or _key(o, seat) > _key(best, seat):
                best = o
        assert best is not None
    else:
        best = _climb(eyes, parts, left)
    if len(_MADE) > 1024:
        _MADE.clear()
    _MADE[key] = (rules, best)
    return best


def _labelled(parts: tuple[Counts, ...], left: list[int]) -> Any:
    """Every way to add the tokens ``left`` (counts per colour) to the piles ``parts``."""
    n = len(parts)
    per_colour = [[x for x in product(range(k + 1), repeat=n) if sum(x) == k] for k in left]
    for combo in product(*per_colour):
        yield tuple(tuple(parts[i][c] + combo[c][i] for c in range(NC)) for i in range(n))


#: piles already worked out, by the treasure, the screens as the seat sees them, the seat, the
#: choosers' order, the scoring, the rules table (kept alive by the entry) and the tokens put
_MADE: dict[tuple[Any, ...], tuple[DragonsGoldRules, Outlook]] = {}


def _climb(eyes: _Eyes, parts: tuple[Counts, ...], left: list[int]) -> Outlook:
    """The best of :data:`STARTS` climbs: the first from the piles so far with the tokens left
    handed out equally (in public points, the most valuable first), the others from the tokens
    left handed out at random (seeded: the same piles every time)."""
    n = len(parts)
    tokens = [
        c for c in sorted(range(NC), key=lambda c: (-PUBLIC[COLOURS[c]], c)) for _ in range(left[c])
    ]
    rng = np.random.default_rng(0)
    best = None
    for start in range(STARTS):
        split = [list(part) for part in parts]
        worth = [sum(PUBLIC[c] * k for c, k in zip(COLOURS, part, strict=True)) for part in parts]
        order = tokens if start == 0 else [tokens[i] for i in rng.permutation(len(tokens))]
        for c in order:
            i = min(range(n), key=lambda i: (worth[i], i)) if start == 0 else int(rng.integers(n))
            split[i][c] += 1
            worth[i] += PUBLIC[COLOURS[c]]
        o = _climb_from(eyes, parts, split)
        if best is None or _key(o, eyes.seat) > _key(best, eyes.seat):
            best = o
    assert best is not None
    return Outlook(best.piles, best.owners, best.scores, best.value, every=False)


#: climbs from different piles (the first from equal piles): a climb ends where no single move
#: or swap of a token helps, which need not be the best split
STARTS = 8


def _climb_from(eyes: _Eyes, parts: tuple[Counts, ...], split: list[list[int]]) -> Outlook:
    """Move one token at a time to another pile, or swap two tokens of two piles, while that
    ranks better; the tokens of ``parts`` stay, and every pile keeps a token while there are
    enough."""
    n = len(parts)
    free = (-1,) * n
    seat = eyes.seat
    enough = sum(map(sum, split)) >= n
    for pile in split if enough else ():
        if not any(pile):  # a random start may leave a pile empty: give it a token
            donor = max(range(n), key=lambda i: sum(split[i]) - sum(parts[i]))
            c = next(c for c in range(NC) if split[donor][c] > parts[donor][c])
            split[donor][c] -= 1
            pile[c] += 1
    best = eyes.outlook(tuple(map(tuple, split)), free, eyes.order)

    def tried(*moves: tuple[int, int, int]) -> bool:
        """Move tokens (pile, colour, +1 or -1 each); keep the moves if that ranks better."""
        nonlocal best
        for k, c, d in moves:
            split[k][c] += d
        o = eyes.outlook(tuple(map(tuple, split)), free, eyes.order)
        if _key(o, seat) > _key(best, seat):
            best = o
            return True
        for k, c, d in moves:
            split[k][c] -= d
        return False

    better = True
    while better:
        better = False
        for i in range(n):
            for c in range(NC):
                for j in range(n):
                    if j == i or split[i][c] <= parts[i][c]:
                        continue
                    if not (enough and sum(split[i]) == 1) and tried((i, c, -1), (j, c, 1)):
                        better = True
                        continue
                    for d in range(NC):  # or swap it for a token of pile j
                        if d == c or split[j][d] <= parts[j][d] or split[i][c] <= parts[i][c]:
                            continue
                        if tried((i, c, -1), (j, c, 1), (j, d, -1), (i, d, 1)):
                            better = True
    return best


def outlooks(obs: dict[str, Any], rules: DragonsGoldRules = RULES) -> dict[int, Outlook]:
    """What the chooser (the seat of ``obs``, in phase ``choose``) foresees for each free pile it
    may take (0-based), the choosers after it foreseen."""
    sp = obs["split"]
    eyes = _Eyes(obs, rules)
    parts = tuple(_vec(x) for x in sp["parts"])
    out = {}
    for k, owner in enumerate(sp["owners"]):
        if owner < 0:
            owners = list(sp["owners"])
            owners[k] = eyes.seat
            out[k] = eyes.outlook(parts, owners, eyes.order[1:])
    return out


def best_pile(obs: dict[str, Any], rules: DragonsGoldRules = RULES) -> tuple[int, Outlook]:
    """The pile the chooser (the seat of ``obs``, in phase ``choose``) takes (0-based) and what it
    foresees: the free pile whose outcome ranks best (ties: the lowest pile)."""
    seat = obs["viewer"]
    ranked = outlooks(obs, rules)
    if not ranked:
        raise ValueError("no free pile to choose")
    k = max(ranked, key=lambda k: (*_key(ranked[k], seat), -k))
    return k, ranked[k]
