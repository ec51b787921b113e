"""Determinised Monte Carlo search: the thinking of the search bots, for any game.

A seat that cannot see everything (the other hands, what lies behind the screens, the order of a
pile) imagines the game many times over: each time it deals what it cannot see again at random,
consistently with everything it has seen (a *determinisation*, built from its observation
alone), tries one of its legal moves and plays the game to the end with a quick policy for every
seat. The move that wins most often in its imagination is the one it makes. This is Monte Carlo
search over determinisations (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", 2012, call it determinised search; flat: the tree has one level, the seat's moves now):

- **paired playouts**: in each round, every move still in the running is tried on the *same*
  deals and with the same dice (common random numbers), so two moves are compared on equal
  luck, and small differences show after few playouts;
- **sequential halving** (Karnin, Koren and Somekh, 2013): the budget is spread over rounds;
  after each round the worse half of the moves is dropped, so the playouts go to the moves that
  could be best;
- **a thinking budget**: ``iterations`` playouts at most and, optionally, ``seconds``. With an
  iteration budget (and no time limit) the search is a function of its random numbers: the same
  seed gives the same choice on any machine. The time limit only ever stops it early (out of
  time in the middle of a deal, that deal is dropped: every move is compared on the same deals).

What it reports (:class:`SearchResult`) is what it saw: per move, the playouts and the share of
them it won. Hints quote those numbers.

A game may rank its moves by more than the win (opt in: its playout returns a pair, the share
of the win and a *value* from 0 to 1, say the win and the margin of points together): the wins
are still counted and reported as they are, and the moves are dropped and chosen by their mean
value. A win or a loss of a single playout says little; how far ahead or behind it ended says
more, and with a few dozen playouts that tells moves apart sooner (:func:`lead_value`; both
games' searches use it). A playout that returns one number is ranked by its wins alone.

**A guard for a sound quick move** (opt in, ``guard``): with a few dozen playouts spread over
many moves, the move that looks best is often only the luckiest. Given the move a good quick
policy would play (``prior``), the search keeps that move in every round and plays another only
where it did clearly better on the very same deals: its mean value over them beats the prior's
by more than ``guard`` standard errors of the paired difference. Otherwise it keeps the prior
(:attr:`SearchResult.kept`), and a hint says that another move did a tiny bit better, which
could be luck.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .bots import BotSpec
from .core import Action
from .validate import short

__all__ = [
    "SearchResult",
    "check_budget",
    "lead_value",
    "place_value",
    "search",
    "search_bot_spec",
]


@dataclass(frozen=True)
class SearchResult:
    """What one search saw: ``actions`` (the moves weighed), ``playouts[i]`` and ``wins[i]``
    (the playouts of move ``i`` and the share of the win they brought: a shared win counts
    ``1/k``), ``best`` (the move chosen), ``rounds`` (of sequential halving), ``seconds``;
    ``values[i]``: the sum of the values move ``i``'s playouts brought, where the playouts gave
    one (the moves were ranked by them), else None; ``leads[i]``: the sum of how far ahead of the
    best other player move ``i``'s playouts ended (the seat's points less theirs; behind: less
    than 0), where the playouts said so, else None."""

    actions: tuple[Action, ...]
    playouts: tuple[int, ...]
    wins: tuple[float, ...]
    best: Action
    rounds: int
    seconds: float
    values: tuple[float, ...] | None = None
    leads: tuple[float, ...] | None = None
    #: with a guard: the move ranked best by value when the search kept the prior rather than it
    #: (it did better on the same deals, but too little to tell from luck), else None
    kept: Action | None = None

    def rate(self, action: Action) -> float:
        """The share of its playouts that ``action`` won (0 if it was never tried)."""
        i = self.actions.index(action)
        return self.wins[i] / self.playouts[i] if self.playouts[i] else 0.0

    def tried(self, action: Action) -> int:
        return self.playouts[self.actions.index(action)]

    def value(self, action: Action) -> float:
        """The mean value of ``action``'s playouts: what the moves were ranked by (the win rate
        where the playouts gave no value of their own)."""
        if self.values is None:
            return self.rate(action)
        i = self.actions.index(action)
        return self.values[i] / self.playouts[i] if self.playouts[i] else 0.0

    def lead(self, action: Action) -> float | None:
        """How far ahead of the best other player ``action``'s playouts ended on average, in
        the game's points (behind: less than 0); None where the playouts did not say, or
        ``action`` was never tried."""
        if self.leads is None:
            return None
        i = self.actions.index(action)
        return self.leads[i] / self.playouts[i] if self.playouts[i] else None

    @property
    def total(self) -> int:
        return sum(self.playouts)

    def ranking(self) -> list[Action]:
        """The moves by how far they got (the last round they were in), then their value (the
        win rate, where the playouts gave no value)."""
        return sorted(self.actions, key=lambda a: (-self.tried(a), -self.value(a)))


def search(
    actions: Sequence[Action],
    deal: Callable[[np.random.Generator], Any],
    playout: Callable[
        [Any, Action, np.random.Generator],
        float | tuple[float, float] | tuple[float, float, float],
    ],
    rng: np.random.Generator,
    *,
    iterations: int,
    seconds: float | None = None,
    prior: Action | None = None,
    guard: float | None = None,
) -> SearchResult:
    """Choose among ``actions`` by paired playouts and sequential halving.

    ``deal(rng)``: a determinisation (a full state as the seat might be in); ``playout(state,
    action, rng)``: the share of the win the seat gets when ``action`` is taken in ``state`` and
    the game is played out (0 to 1), or a pair: that share and a value from 0 to 1 to rank the
    moves by (see the module's text), or a triple: those and how far ahead of the best other
    player the seat ended, in points (reported, not ranked by: :meth:`SearchResult.lead`).
    ``iterations``: the most playouts in all; ``seconds``: an optional time limit (the search
    stops after the playout that passes it). ``prior``: the move to prefer when win rates tie
    (say, the quick policy's own choice); else the first. ``guard`` (with a ``prior``): the prior
    stays in every round, and another move is played only where its mean value on the deals
    both were tried on beats the prior's by more than ``guard`` standard errors of the
    difference (see the module's text).
    """
    if guard is not None and (
        isinstance(guard, bool) or not isinstance(guard, (int, float)) or not 0 <= guard < 100
    ):
        raise ValueError(
            f"guard must be a number from 0 to 100 (standard errors), got {short(guard)}"
        )
    start = time.perf_counter()
    moves = tuple(actions)
    k = len(moves)
    if k == 0:
        raise ValueError("there is no move to search")
    playouts = [0] * k
    wins = [0.0] * k
    values = [0.0] * k
    leads = [0.0] * k
    valued = led = False
    if k == 1:
        return SearchResult(moves, (0,), (0.0,), moves[0], 0, 0.0)
    order = list(range(k))
    p = -1
    if prior is not None and prior in moves:
        p = moves.index(prior)
        order.remove(p)
        order.insert(0, p)
    guarded = guard is not None and p >= 0
    # with a guard, each move's value on each deal (by the deal's number): the paired differences
    by_deal: list[dict[int, float]] = [{} for _ in range(k)]
    deals = 0
    alive = order[:]
    rounds = max(1, math.ceil(math.log2(k)))
    budget = iterations
    done = 0
    stopped = False
    r = 0
    for r in range(rounds):
        left_rounds = rounds - r
        per = max(1, (budget - done) // (left_rounds * len(alive)))
        for _ in range(per):
            seed = int(rng.integers(2**63))
            deal_rng = np.random.default_rng([seed, 0])
            state = deal(deal_rng)
            results: list[float | tuple[float, ...]] = []
            for i in alive:
                results.append(playout(state, moves[i], np.random.default_rng([seed, 1])))
                if seconds is not None and time.perf_counter() - start > seconds and done:
                    # out of time in the middle of a deal: that deal is dropped, so that every
                    # move is still compared on the same deals
                    stopped = True
                    break
            if stopped:
                break
            for i, result in zip(alive, results, strict=True):
                if isinstance(result, tuple):
                    valued = True
                    won, value = result[0], result[1]
                    if len(result) > 2:
                        led = True
                        leads[i] += result[2]
                else:
                    won = value = result
                wins[i] += won
                values[i] += value
                playouts[i] += 1
                done += 1
                if guarded:
                    by_deal[i][deals] = value
            deals += 1
            if seconds is not None and time.perf_counter() - start > seconds:
                stopped = True
                break
        if stopped or len(alive) == 1:
            break
        # keep the better half (ties: the earlier in the order, which starts with the prior);
        # with a guard, the prior and the better half of the others
        ranked = sorted(alive, key=lambda i: (-values[i] / max(playouts[i], 1), order.index(i)))
        if guarded:
            rest = [i for i in ranked if i != p]
            alive = [p, *rest[: max(1, math.ceil(len(alive) / 2) - 1)]]
        else:
            alive = ranked[: max(1, math.ceil(len(alive) / 2))]
        if done >= budget:
            break
    best = max(alive, key=lambda i: (values[i] / max(playouts[i], 1), -order.index(i)))
    kept = None
    if guarded and best != p and not _clearly_better(by_deal[best], by_deal[p], float(guard or 0)):
        kept, best = moves[best], p
    return SearchResult(
        moves,
        tuple(playouts),
        tuple(wins),
        moves[best],
        r + 1,
        time.perf_counter() - start,
        tuple(values) if valued else None,
        tuple(leads) if led else None,
        kept,
    )


def _clearly_better(move: dict[int, float], prior: dict[int, float], guard: float) -> bool:
    """Did ``move`` do better than ``prior`` on the deals both were tried on (each a value by
    the deal's number), by more than ``guard`` standard errors of the mean difference? Fewer
    than two such deals: no."""
    diffs = [v - prior[d] for d, v in move.items() if d in prior]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean > guard * math.sqrt(var / n)


def lead_value(share: float, lead: float, scale: float) -> float:
    """The value a game's search may rank a playout by (see the module's text): half the share
    of the win, half how far ahead of the best other player the seat ended (``lead``, its score
    less theirs) on a logistic curve: 0 far behind, 1/2 level, 1 far ahead; a lead of ``scale``
    counts about three quarters. A seat that cannot win any more still plays for the best
    place it can reach, as a player does."""
    return 0.5 * share + 0.5 / (1.0 + math.exp(-lead / scale))


def place_value(share: float, leads: Sequence[float], scale: float) -> float:
    """The value a search at a table of more than two may rank a playout by: half the share of
    the win; a quarter how far ahead of the best other seat the seat ended (as
    :func:`lead_value`); a quarter the mean over every other seat of how far ahead of it the
    seat ended (``leads``: its score less each other seat's, one number per other seat), each
    on the logistic curve of :func:`lead_value`. A seat that cannot win any more then plays to
    finish ahead of as many of the others as it can, second rather than last, as the ladder
    reads a game (every two seats compared). With one other seat it is :func:`lead_value`."""
    if not leads:
        raise ValueError("place_value needs the lead over at least one other seat")
    ahead = sum(1.0 / (1.0 + math.exp(-lead / scale)) for lead in leads) / len(leads)
    best = 1.0 / (1.0 + math.exp(-min(leads) / scale))
    return 0.5 * share + 0.5 * (0.5 * best + 0.5 * ahead)


def check_budget(iterations: Any, seconds: Any) -> None:
    """Refuse a thinking budget a search bot cannot use: ``iterations`` a whole number from 1 to
    100000 (or None: the game's default), ``seconds`` a number > 0 (or None: no time limit)."""
    if iterations is not None and (
        iterations.__class__ is not int or not 1 <= iterations <= 100_000
    ):
        raise ValueError(
            f"iterations must be a whole number from 1 to 100000, got {short(iterations)}"
        )
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
    ):
        raise ValueError(f"seconds must be a number > 0 or None, got {short(seconds)}")


def search_bot_spec(factory: Callable[..., Any]) -> BotSpec:
    """The registration of a game's search bot: made by its name, ``make_bot(game, "search")``,
    not offered in the seat menus (``listed=False``), with the thinking budget as parameters."""
    return BotSpec(
        "search",
        factory,
        "imagines the rest of the game many times and plays what wins most often",
        {
            "iterations": "playouts per decision (the thinking budget; None: the default)",
            "seconds": "a time limit per decision, or None (then the same seed plays the same)",
        },
        {"iterations": None, "seconds": None},
        listed=False,
    )
