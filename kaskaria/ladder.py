"""The ladder: every bot against every other, and ratings with honest 95% intervals.

>>> import kaskaria
>>> from kaskaria.bots import make_bot
>>> from kaskaria.ladder import play_ladder
>>> ladder = play_ladder("dragon-battle", {"cautious": make_bot("dragon-battle", "cautious"),
...     "optimal": make_bot("dragon-battle", "optimal")}, players=2, games=4, seed=1)
>>> ladder.names
('cautious', 'optimal')

**Who plays whom.** For a game of ``players`` seats, every group of ``players`` different
entrants sits at a table (with fewer entrants than seats, every group with repeats); each table
plays ``games`` seeded games, the order of play changing from game to game so that every entrant
plays every place in it equally often and sits right after every other entrant equally often
(:func:`orders`: within each block of games, ``games`` a multiple of the block). Rotating the
seats alone kept each entrant's neighbours: in four-player Dragon Battle the player right after a
strong one wins less often (two copies of the same bot won 0.31 and 0.40 of 800 games by where
they sat), and an entrant always seated after a strong one was rated low for it. Games are
played through the engine with :func:`kaskaria.tournament.play_game`: game ``i`` of table ``t``
has the seed ``[seed, t, i]``, so a ladder is the same every time, whichever order or process its
games run in.

**Ratings** (:func:`bradley_terry`). Each game is read as comparisons between every two entrants
at its table: the one that did better in the game (a winner against a loser; between two winners
or two losers, the higher score; equal: half a win each) beats the other. The Bradley-Terry model
gives each entrant a strength ``p`` such that ``i`` beats ``j`` with chance ``p_i / (p_i + p_j)``;
the ratings are ``400 * log10(p)`` (the Elo scale: 400 points more means ten times the odds),
centred on a mean of 0. The 95% interval of each rating comes from the bootstrap: the games are
drawn again with replacement (whole games, so that the comparisons of one game stay together),
the model is fitted again, and the 2.5th and 97.5th percentiles are taken.

**Two readings of a game** (``reading``). The one above, ``"places"``, also ranks the players who
did not win (by score), so it measures how well a bot does over the whole table. ``"wins"`` reads
a game by who won it alone, with Luce's choice model (:func:`luce`, the Bradley-Terry model for
more than two at a table): entrant ``i`` wins at a table with chance ``p_i / sum p``, over the
seats at that table (a shared win is split). With two seats both readings are the same; with more,
a bot that plays for the win (risking its score when it cannot win) can win more games and yet
finish below the others in the places reading. A ladder keeps every game's outcome
(``Ladder.outcomes``), so one set of games can be read both ways (:meth:`Ladder.read`).

**Bots** are anything that meets the bot contract of :mod:`kaskaria.bots`: an object with a
``name`` and ``choose(state, rng) -> action`` (deciding from what its seat may see), or a
function ``(view, rng) -> action`` given to :func:`as_bot` (see ``docs/bots.md``).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from .bots import Bot, SeatView, check_bot
from .core import load
from .validate import check_seed, short

__all__ = [
    "FunctionBot",
    "Ladder",
    "as_bot",
    "bootstrap_ratings",
    "bradley_terry",
    "comparisons",
    "luce",
    "head_to_head",
    "orders",
    "play_ladder",
]


# ---------------------------------------------------------------------------------------------
# Any bot
# ---------------------------------------------------------------------------------------------
class FunctionBot(Bot):
    """A bot made of a function ``decide(view, rng) -> action`` (see :func:`as_bot`)."""

    def __init__(self, decide: Callable[[SeatView, Any], Any], name: str) -> None:
        self._decide = decide
        self.name = name

    def decide(self, view: SeatView, rng: Any) -> Any:
        action = self._decide(view, rng)
        if isinstance(action, str):
            action = view.parse_action(action)
        return action

    def __repr__(self) -> str:
        return f"as_bot({getattr(self._decide, '__name__', 'decide')}, name={self.name!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)


def as_bot(bot: Any, name: str | None = None) -> Any:
    """A bot from anything that meets the bot contract: a bot object (a ``name`` and
    ``choose(state, rng)``) is returned as it is; a function ``decide(view, rng)`` (``view``: a
    :class:`~kaskaria.bots.SeatView`, what the seat may see; the action may be given as text) is
    wrapped in a :class:`FunctionBot` named ``name`` (default: the function's name)."""
    if callable(getattr(bot, "choose", None)) and isinstance(getattr(bot, "name", None), str):
        return bot
    if callable(bot):
        return FunctionBot(bot, str(name or getattr(bot, "__name__", "bot")))
    return check_bot(bot)  # the error naming what a bot needs


# ---------------------------------------------------------------------------------------------
# Ratings
# ---------------------------------------------------------------------------------------------
def comparisons(
    seated: Sequence[int], winners: Sequence[int], scores: Sequence[float]
) -> list[tuple[int, int, float]]:
    """The comparisons one game gives: ``(i, j, s)`` for every two seats' entrants ``i < j``,
    ``s`` the share of the win that goes to ``i`` (1, 0 or 1/2). ``seated[seat]`` is the entrant
    in each seat; ``winners`` the winning seats; ``scores`` each seat's score."""
    out = []
    for a, b in itertools.combinations(range(len(seated)), 2):
        key_a = (a in winners, scores[a])
        key_b = (b in winners, scores[b])
        share = 1.0 if key_a > key_b else 0.0 if key_a < key_b else 0.5
        i, j = seated[a], seated[b]
        if i == j:
            continue
        if i > j:
            i, j, share = j, i, 1.0 - share
        out.append((i, j, share))
    return out


def bradley_terry(
    wins: np.ndarray, *, iterations: int = 10_000, tolerance: float = 1e-10
) -> np.ndarray:
    """Bradley-Terry ratings (Elo scale, mean 0) from ``wins[i, j]``: the (possibly fractional)
    number of comparisons ``i`` won against ``j``.

    Fitted by the MM algorithm of Hunter (2004): ``p_i <- W_i / sum_j n_ij / (p_i + p_j)``.
    An entrant that never lost (or never won) has no finite strength; half a win and half a loss
    against every other entrant it met are added to every pair that met (a standard prior that
    keeps every rating finite and changes well-measured ones very little).
    """
    w = np.array(wins, dtype=float)
    n = w.shape[0]
    if w.shape != (n, n) or np.any(w < 0):
        raise ValueError(f"wins must be a square table of counts >= 0, got shape {w.shape}")
    met = (w + w.T) > 0
    w = w + 0.5 * met
    games = w + w.T
    total = w.sum(axis=1)
    return _minorize(
        total, lambda p: (games / (p[:, None] + p[None, :])).sum(axis=1), iterations, tolerance
    )


def _minorize(
    total: np.ndarray,
    denominator: Callable[[np.ndarray], np.ndarray],
    iterations: int,
    tolerance: float,
) -> np.ndarray:
    """The MM iteration of Hunter (2004), ``p_i <- W_i / denominator(p)_i`` (``total`` the wins
    ``W``), scaled to a geometric mean of 1 each step: the ratings (Elo scale, mean 0)."""
    p = np.ones(len(total))
    for _ in range(iterations):
        denom = denominator(p)
        new = np.where(denom > 0, total / np.where(denom > 0, denom, 1.0), p)
        new = np.where(new > 0, new, 1.0)
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < tolerance:
            p = new
            break
        p = new
    r = 400.0 * np.log10(p)
    return r - r.mean()


def _table_of(records: Sequence[list[tuple[int, int, float]]], n: int) -> np.ndarray:
    wins = np.zeros((n, n))
    for game in records:
        for i, j, s in game:
            wins[i, j] += s
            wins[j, i] += 1.0 - s
    return wins


def bootstrap_ratings(
    records: Sequence[list[tuple[int, int, float]]],
    n: int,
    *,
    samples: int = 400,
    seed: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """(ratings, 95% intervals of shape ``(n, 2)``) from the comparisons of each game
    (``records[g]``: the list of :func:`comparisons` of game ``g``), resampling whole games."""
    ratings = bradley_terry(_table_of(records, n))
    rng = np.random.default_rng(seed)
    games = len(records)
    # each game's table once, then a resample is a weighted sum of them
    per_game = np.zeros((games, n, n))
    for g, game in enumerate(records):
        for i, j, s in game:
            per_game[g, i, j] += s
            per_game[g, j, i] += 1.0 - s
    draws = np.empty((samples, n))
    for b in range(samples):
        counts = np.bincount(rng.integers(games, size=games), minlength=games)
        draws[b] = bradley_terry(np.tensordot(counts, per_game, axes=1))
    lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
    return ratings, np.stack([lo, hi], axis=1)


def luce(
    seats: np.ndarray,
    counts: np.ndarray,
    won: np.ndarray,
    *,
    iterations: int = 10_000,
    tolerance: float = 1e-10,
) -> np.ndarray:
    """Luce ratings (Elo scale, mean 0) from who won: ``seats[c, i]`` the seats entrant ``i``
    has at a table of kind ``c``, ``counts[c]`` the games played at such tables, ``won[c, i]``
    the games ``i`` won there (a shared win split). Entrant ``i`` wins a game at table ``c`` with
    chance ``seats[c, i] * p_i / sum_j seats[c, j] * p_j``.

    Fitted by the MM algorithm of Hunter (2004): ``p_i <- W_i / sum_c counts_c seats_ci / D_c``
    with ``D_c = sum_j seats_cj p_j``. As in :func:`bradley_terry`, every two entrants that sat
    at one table play one more game between the two of them, each winning half of it, so that an
    entrant that always (or never) wins keeps a finite rating.
    """
    seats = np.asarray(seats, dtype=float)
    counts = np.asarray(counts, dtype=float)
    won = np.asarray(won, dtype=float)
    kinds, n = seats.shape
    if counts.shape != (kinds,) or won.shape != (kinds, n):
        raise ValueError(
            f"seats {seats.shape}, counts {counts.shape} and won {won.shape} do not fit together"
        )
    if np.any(seats < 0) or np.any(counts < 0) or np.any(won < 0):
        raise ValueError("seats, counts and wins must be counts >= 0")
    together = (seats > 0).astype(float)
    met = (together.T @ (together * (counts > 0)[:, None])) > 0
    np.fill_diagonal(met, False)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if met[i, j]]
    prior = np.zeros((len(pairs), n))
    for k, (i, j) in enumerate(pairs):
        prior[k, i] = prior[k, j] = 1.0
    seats = np.vstack([seats, prior])
    counts = np.concatenate([counts, np.ones(len(pairs))])
    won = np.vstack([won, prior / 2])
    return _minorize(
        won.sum(axis=0),
        lambda p: ((counts / (seats @ p))[:, None] * seats).sum(axis=0),
        iterations,
        tolerance,
    )


Outcome = tuple[Sequence[int], Sequence[int], Sequence[float]]
READINGS = ("places", "wins")


def rate(
    played: Sequence[Outcome],
    n: int,
    *,
    reading: str = "places",
    samples: int = 400,
    seed: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """(ratings, 95% intervals) of ``n`` entrants from the games ``played`` (each: the entrant in
    each seat, the winning seats, the scores), read by places (:func:`comparisons` and
    :func:`bradley_terry`) or by wins (:func:`luce`); the bootstrap resamples whole games."""
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, got {short(reading)}")
    if reading == "places":
        records = [comparisons(seated, winners, scores) for seated, winners, scores in played]
        return bootstrap_ratings(records, n, samples=samples, seed=seed)
    kinds: dict[tuple[int, ...], int] = {}
    kind_of = np.zeros(len(played), dtype=int)
    shares = np.zeros((len(played), n))
    for g, (seated, winners, _scores) in enumerate(played):
        key = tuple(np.bincount(np.asarray(seated, dtype=int), minlength=n))
        kind_of[g] = kinds.setdefault(key, len(kinds))
        for seat in winners:
            shares[g, seated[seat]] += 1 / len(winners)
    seats = np.array(list(kinds), dtype=float).reshape(len(kinds), n)

    def fit(weights: np.ndarray) -> np.ndarray:
        counts = np.bincount(kind_of, weights=weights, minlength=len(kinds))
        won = np.zeros((len(kinds), n))
        np.add.at(won, kind_of, shares * weights[:, None])
        return luce(seats, counts, won)

    ratings = fit(np.ones(len(played)))
    rng = np.random.default_rng(seed)
    draws = np.empty((samples, n))
    games = len(played)
    for b in range(samples):
        draws[b] = fit(np.bincount(rng.integers(games, size=games), minlength=games) * 1.0)
    lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
    return ratings, np.stack([lo, hi], axis=1)


# ---------------------------------------------------------------------------------------------
# Playing the ladder
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Ladder:
    """The outcome of :func:`play_ladder`.

    ``names``: the entrants; ``ratings`` and ``intervals``: the ratings of its ``reading``
    (Elo scale, mean 0) with their bootstrap 95% intervals; ``games``: games played; ``wins``: the
    comparison table (``wins[i, j]``: comparisons ``i`` won against ``j``); ``win_rate``: each
    entrant's share of the wins of the games it played (shared wins split); ``seconds``: the
    time per entrant per decision (mean), measured while the ladder ran; ``outcomes``: each game's
    entrant per seat, winning seats and scores.
    """

    game: str
    players: int
    variant: str
    names: tuple[str, ...]
    ratings: np.ndarray
    intervals: np.ndarray
    wins: np.ndarray
    games: int
    win_rate: tuple[float, ...]
    seconds: tuple[float, ...] = field(default=())
    records: tuple[Any, ...] = field(default=(), repr=False)
    outcomes: tuple[Outcome, ...] = field(default=(), repr=False)
    reading: str = "places"
    bootstrap: int = 400
    seed: int = 0
    calls: tuple[float, ...] = field(default=(), repr=False)
    seating: str = "balanced"

    def read(self, reading: str) -> Ladder:
        """The same games rated by another reading (``"places"`` or ``"wins"``)."""
        ratings, intervals = rate(
            self.outcomes, len(self.names), reading=reading, samples=self.bootstrap, seed=self.seed
        )
        return replace(self, ratings=ratings, intervals=intervals, reading=reading)

    def ranked(self) -> list[int]:
        """The entrants, best rating first."""
        return sorted(range(len(self.names)), key=lambda i: -self.ratings[i])

    def above_all(self, name: str) -> bool:
        """Does ``name``'s interval lie above every other entrant's interval?"""
        i = self.names.index(name)
        return all(
            self.intervals[i, 0] > self.intervals[j, 1] for j in range(len(self.names)) if j != i
        )

    def summary(self) -> str:
        """A text table, best first."""
        width = max(8, *(len(n) for n in self.names))
        head = (
            f"{self.game}, {self.players} players ({self.variant}): {self.games} games, "
            f"{_SEATED['rotate' if self.players <= 2 else self.seating]}, read by {self.reading}"
        )
        lines = [head, f"{'bot':<{width}}  rating  95% interval    win rate"]
        for i in self.ranked():
            lo, hi = self.intervals[i]
            lines.append(
                f"{self.names[i]:<{width}}  {self.ratings[i]:+6.0f}  [{lo:+5.0f}, {hi:+5.0f}]  "
                f"{self.win_rate[i]:8.3f}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def _tables(n: int, players: int) -> list[tuple[int, ...]]:
    if n >= players:
        return list(itertools.combinations(range(n), players))
    return list(itertools.combinations_with_replacement(range(n), players))


#: how a table's games seat its entrants: ``"balanced"`` (:func:`orders`) or ``"rotate"`` (the
#: earlier design, the seats rotating alone: every place equally often, the same neighbours
#: always; the ladders measured before the balanced orders, reproduced game for game)
SEATINGS = ("balanced", "rotate")
_SEATED = {"balanced": "orders of play balanced", "rotate": "seats rotated"}


def orders(players: int, seating: str = "balanced") -> list[tuple[int, ...]]:
    """The orders of play a table's games cycle through, as places of the table's entrants
    (game ``i`` seats ``orders(players)[i % len(...)]``): every entrant plays every place
    equally often and sits right after every other entrant equally often. The cycles of the
    order of play (who follows whom), each played from every start: for a prime number of
    players the cycles by steps 1, 2, ... (each pair of entrants follows in exactly one), else
    every cycle; with two players the two seatings."""
    n = players
    if seating not in SEATINGS:
        raise ValueError(f"seating must be one of {SEATINGS}, got {short(seating)}")
    if n <= 2 or seating == "rotate":
        return [tuple((s - k) % n for s in range(n)) for k in range(n)]
    prime = all(n % d for d in range(2, n))
    if prime:
        cycles = [tuple((d * s) % n for s in range(n)) for d in range(1, n)]
    else:
        # each cycle, then the same one backwards (the next block of games swaps every
        # entrant's neighbours: a table that plays part of the games is nearer balance)
        cycles = []
        for rest in itertools.permutations(range(1, n)):
            if rest[0] < rest[-1]:
                cycles += [(0, *rest), (0, *reversed(rest))]
    return [tuple(c[(s - k) % n] for s in range(n)) for c in cycles for k in range(n)]


def _play_table(args: tuple[Any, ...]) -> tuple[list[Any], list[tuple[float, int]]]:
    """Play the games of one table (run in a worker process or here): (for each game the
    entrant in each seat, the winning seats and the scores; each seat's time and decisions)."""
    game_name, players, variant, options, bots, table, games, seed, t, seating = args
    from .tournament import play_game

    game = load(game_name, players=players, variant=variant, **options)
    timed = [_Timed(bots[e]) for e in table]
    out = []
    plan = orders(players, seating)
    for i in range(games):
        order = plan[i % len(plan)]  # the place of the table's entrant in each seat
        seated = [table[order[s]] for s in range(players)]
        record = play_game(game, [timed[order[s]] for s in range(players)], [seed, t, i])
        out.append((seated, record.winners, list(record.scores)))
    return out, [(tb.seconds, tb.calls) for tb in timed]


class _Timed:
    """A bot wrapper that counts decisions and the time they take."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.calls = 0

    def choose(self, state: Any, rng: Any) -> Any:
        t = time.perf_counter()
        try:
            return self.bot.choose(state, rng)
        finally:
            self.seconds += time.perf_counter() - t
            self.calls += 1


def play_ladder(
    game: str,
    entrants: Mapping[str, Any],
    *,
    players: int = 2,
    games: int = 20,
    seed: int = 0,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    bootstrap: int = 400,
    workers: int = 1,
    progress: Callable[[int, int], Any] | None = None,
    tables: Sequence[Sequence[int]] | None = None,
    reading: str = "places",
    seating: str = "balanced",
) -> Ladder:
    """Play every table of ``entrants`` (name -> bot, see :func:`as_bot`) at ``game`` with
    ``players`` seats, ``games`` games per table, and rate them by ``reading`` (see the
    module's text).

    ``workers`` > 1 plays the tables in that many processes (the bots must then be picklable,
    as every registered bot is); the results do not depend on it. ``tables``: the groups of
    entrants (by index) to seat, instead of every group. ``seating``: how the games seat them
    (:data:`SEATINGS`, :func:`orders`).
    """
    if not isinstance(entrants, Mapping) or len(entrants) < 2:
        raise ValueError(f"a ladder needs at least two entrants by name, got {short(entrants)}")
    names = tuple(entrants)
    bots = [as_bot(entrants[n], n) for n in names]
    seed = int(check_seed(seed))  # type: ignore[arg-type]
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, got {short(games)}")
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, got {short(reading)}")
    if seating not in SEATINGS:
        raise ValueError(f"seating must be one of {SEATINGS}, got {short(seating)}")
    probe = (
        load(game, players=players, variant=variant or "")
        if variant
        else load(game, players=players)
    )
    variant = probe.variant
    opts = dict(options or {})
    tables = [tuple(t) for t in tables] if tables is not None else _tables(len(names), players)
    jobs = [
        (game, players, variant, opts, bots, tab, games, seed, t, seating)
        for t, tab in enumerate(tables)
    ]
    results: list[Any] = []
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            for k, r in enumerate(pool.map(_play_table, jobs)):
                results.append(r)
                if progress:
                    progress(k + 1, len(jobs))
    else:
        for k, job in enumerate(jobs):
            results.append(_play_table(job))
            if progress:
                progress(k + 1, len(jobs))
    n = len(names)
    outcomes: list[Outcome] = []
    seconds = np.zeros(n)
    calls = np.zeros(n)
    for tab, (played_games, timing) in zip(tables, results, strict=True):
        for e, (s, c) in zip(tab, timing, strict=True):
            seconds[e] += s
            calls[e] += c
        for seated, winners, scores in played_games:
            outcomes.append((tuple(seated), tuple(winners), tuple(scores)))
    return replace(
        _ladder_of(
            game, players, variant, names, outcomes, seconds, calls, reading, bootstrap, seed
        ),
        seating=seating,
    )


def _ladder_of(
    game: str,
    players: int,
    variant: str,
    names: tuple[str, ...],
    outcomes: Sequence[Outcome],
    seconds: np.ndarray,
    calls: np.ndarray,
    reading: str,
    bootstrap: int,
    seed: int,
) -> Ladder:
    """The ladder of these games' outcomes (and the entrants' thinking time and decisions)."""
    n = len(names)
    records = [comparisons(seated, winners, scores) for seated, winners, scores in outcomes]
    wins_share = np.zeros(n)
    played = np.zeros(n)
    for seated, winners, _scores in outcomes:
        for seat, e in enumerate(seated):
            played[e] += 1
            if seat in winners:
                wins_share[e] += 1 / len(winners)
    ratings, intervals = rate(outcomes, n, reading=reading, samples=bootstrap, seed=seed)
    return Ladder(
        game=game,
        players=players,
        variant=variant,
        names=names,
        ratings=ratings,
        intervals=intervals,
        wins=_table_of(records, n),
        games=len(records),
        win_rate=tuple(float(w / max(p, 1)) for w, p in zip(wins_share, played, strict=True)),
        seconds=tuple(float(s / max(c, 1)) for s, c in zip(seconds, calls, strict=True)),
        records=tuple(records),
        outcomes=tuple(outcomes),
        reading=reading,
        bootstrap=bootstrap,
        seed=seed,
        calls=tuple(float(c) for c in calls),
    )


def join(ladders: Sequence[Ladder]) -> Ladder:
    """One ladder of the games of several (the same game, players, rules and entrants, e.g.
    played with different seeds), read as the first is; its bootstrap seed is the first's."""
    if not ladders:
        raise ValueError("join needs at least one ladder")
    first = ladders[0]
    for other in ladders[1:]:
        same = (other.game, other.players, other.variant, other.names)
        if same != (first.game, first.players, first.variant, first.names):
            raise ValueError(
                f"only ladders of one game, player count, rules and entrants join, got "
                f"{short(same)} and {short((first.game, first.players, first.variant, first.names))}"
            )
    calls = np.sum([np.array(lad.calls or (0.0,) * len(lad.names)) for lad in ladders], axis=0)
    seconds = np.sum(
        [
            np.array(lad.seconds or (0.0,) * len(lad.names))
            * np.array(lad.calls or (0.0,) * len(lad.names))
            for lad in ladders
        ],
        axis=0,
    )
    return _ladder_of(
        first.game,
        first.players,
        first.variant,
        first.names,
        [o for lad in ladders for o in lad.outcomes],
        seconds,
        calls,
        first.reading,
        first.bootstrap,
        first.seed,
    )


def head_to_head(
    game: str,
    a: Any,
    b: Any,
    *,
    players: int = 2,
    games: int = 100,
    seed: int = 0,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
) -> tuple[float, tuple[float, float], int]:
    """``a`` against ``b`` (for more than two players: ``a`` in one seat, copies of ``b`` in the
    others), seats rotated: (``a``'s share of the wins, its Wilson 95% interval, games). With
    two players a fair match is 1/2; with ``players`` seats, ``1 / players``."""
    from .tournament import wilson_interval

    bot_a, bot_b = as_bot(a, "a"), as_bot(b, "b")
    ladder = play_ladder(
        game,
        {"a": bot_a, "b": bot_b},
        players=players,
        games=games,
        seed=seed,
        variant=variant,
        options=options,
        bootstrap=1,
        workers=workers,
        tables=[(0,) + (1,) * (players - 1)],
    )
    share = ladder.win_rate[0]
    n = ladder.games
    return share, wilson_interval(share * n, n), n
