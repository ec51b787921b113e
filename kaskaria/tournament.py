"""Tournaments: many seeded games between bots, through the real engine, with honest statistics.

>>> import kaskaria
>>> from kaskaria.dragon_battle.bots import make_bot
>>> from kaskaria.tournament import play_tournament
>>> game = kaskaria.load("dragon-battle", players=2)
>>> result = play_tournament(game, [make_bot("optimal"), make_bot("cautious")], games=20, seed=1)
>>> result.games
20

Works for any game of the engine vocabulary: states with ``current_player()``, ``is_terminal()``,
``legal_actions()``, ``apply()``, ``sample_chance(rng)``, ``scores()`` and ``winners()``; bots
are objects with ``.choose(state, rng)``. Chance is resolved with ``state.sample_chance(rng)``.
The unit of the scores (``game.score_unit``) and any extra per-seat numbers
(``game.tournament_stats(final_state)``, such as the stars of Dragon Battle when the "younger"
variant scores residents) come from the game.

Randomness: game ``i`` of a tournament with seed ``s`` resolves chance with
``numpy.random.default_rng([s, i, 0])`` and gives the bots ``numpy.random.default_rng([s, i, 1])``,
so the same seed always gives the same games, and the dice do not depend on how many random
numbers the bots draw.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .bots import playout_seconds
from .core import CHANCE, Game
from .validate import check_seed, short

__all__ = ["GameRecord", "TournamentResult", "play_game", "play_tournament", "wilson_interval"]

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054

# Rough seconds per game (the game's bots module says, kaskaria.bots.playout_seconds), used only
# to decide whether a progress bar is worth showing (a fixed estimate, never a measurement, so that
# notebook outputs do not depend on the machine's speed).
_DEFAULT_SECONDS_PER_GAME = 0.01


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    ``successes`` may be fractional (a shared win counts ``1/k``); the interval is then the
    usual approximation with the observed proportion ``successes / n``.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0))
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class GameRecord:
    """One finished game: each seat's score, the game's extra numbers per seat (``extra``, e.g.
    ``{"stars": (...)}``), the winners, the seat that made the first decision, and the number of
    actions (chance included)."""

    scores: tuple
    extra: dict[str, tuple]
    winners: tuple[int, ...]
    first_player: int
    actions: int

    @property
    def stars(self) -> tuple | None:
        """The stars of each seat, for games that count stars besides their score."""
        return self.extra.get("stars")


def _label(bot: Any) -> str:
    label = getattr(bot, "label", None) or getattr(bot, "name", None)
    return str(label) if label else repr(bot)


def play_game(
    game: Game,
    bots: Sequence[Any],
    seed: int | Sequence[int],
    *,
    max_actions: int = 1_000_000,
) -> GameRecord:
    """Play one game to the end with ``bots[seat]`` deciding for each seat.

    ``seed`` seeds chance (``default_rng([*seed, 0])``) and the bots
    (``default_rng([*seed, 1])``) separately. Raises ``RuntimeError`` if the game has not ended
    after ``max_actions`` actions.
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game from kaskaria.load(...), got {short(game)}")
    if len(bots) != game.players:
        raise ValueError(f"{game.title} has {game.players} seats; got {len(bots)} bots")
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(f"a bot needs a .choose(state, rng) method, got {short(bot)}")
    words = [seed] if isinstance(seed, (int, np.integer)) else list(seed)
    chance = np.random.default_rng([*words, 0])
    rng = np.random.default_rng([*words, 1])
    state = game.new_state()
    first = None
    actions = 0
    while not state.is_terminal():
        if actions >= max_actions:
            raise RuntimeError(f"the game has not ended after {max_actions} actions: {state!r}")
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(chance)
        else:
            if first is None:
                first = int(player)
            action = bots[player].choose(state, rng)
        state = state.apply(action)
        actions += 1
    extra: dict[str, tuple] = {k: tuple(v) for k, v in game.tournament_stats(state).items()}
    return GameRecord(
        tuple(state.scores()), extra, tuple(state.winners()), 0 if first is None else first, actions
    )


def _fmt_ci(ci: tuple[float, float]) -> str:
    return f"[{ci[0]:.3f}, {ci[1]:.3f}]"


@dataclass(frozen=True, eq=False)
class TournamentResult:
    """The outcome of :func:`play_tournament`.

    Wins are counted per entrant (an entry of the ``bots`` list) and per position in the order
    of play (0 = the seat that decides first). A win shared by ``k`` tied winners counts
    ``1/k`` for each of them, so the win rates of all entrants add up to 1. Intervals are Wilson
    95% intervals of the win rate over the games played (for shared wins, an approximation).

    ``scores`` (in ``unit``) and each of ``extra`` (the game's own numbers, such as
    ``extra["stars"]``) are arrays of shape (games, players) indexed by entrant; ``positions``
    gives, for each game and entrant, its position in the order of play. ``simulated``: the
    games were played by a vectorised simulator of fixed policies (such as
    :func:`kaskaria.dragon_battle.simulate.simulate_tournament`), not through the engine;
    ``seed`` is ``None`` when it was not recorded.
    """

    game: dict
    labels: tuple[str, ...]
    seed: int | None
    rotate: bool
    scores: np.ndarray
    extra: dict[str, np.ndarray]
    wins: np.ndarray
    positions: np.ndarray
    actions: np.ndarray
    unit: str = "points"
    simulated: bool = False

    @property
    def games(self) -> int:
        return int(self.scores.shape[0])

    @property
    def players(self) -> int:
        return int(self.scores.shape[1])

    @property
    def stars(self) -> np.ndarray | None:
        """The stars of each game and entrant, for games that count stars (else None)."""
        return self.extra.get("stars")

    # -- per entrant -----------------------------------------------------------------------
    @property
    def win_rate(self) -> tuple[float, ...]:
        """Each entrant's share of wins (shared wins split)."""
        return tuple(float(w) for w in self.wins.sum(axis=0) / max(self.games, 1))

    @property
    def win_ci(self) -> tuple[tuple[float, float], ...]:
        """Wilson 95% interval of each entrant's win rate."""
        totals = self.wins.sum(axis=0)
        return tuple(wilson_interval(float(w), self.games) for w in totals)

    @property
    def mean_score(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.scores.mean(axis=0))

    def mean(self, name: str) -> tuple[float, ...]:
        """The mean of one of the game's extra numbers per entrant (``mean("stars")``)."""
        if name not in self.extra:
            raise ValueError(f"no {name!r} recorded; recorded: {sorted(self.extra) or 'nothing'}")
        return tuple(float(x) for x in self.extra[name].mean(axis=0))

    @property
    def mean_stars(self) -> tuple[float, ...] | None:
        return self.mean("stars") if "stars" in self.extra else None

    # -- per position in the order of play -------------------------------------------------
    def _by_position(self, values: np.ndarray) -> np.ndarray:
        out = np.zeros(self.players)
        for pos in range(self.players):
            out[pos] = values[self.positions == pos].sum()
        return out

    @property
    def position_win_rate(self) -> tuple[float, ...]:
        """Win rate of the seat that decides first, second, ... (shared wins split)."""
        return tuple(float(w) for w in self._by_position(self.wins) / max(self.games, 1))

    @property
    def position_win_ci(self) -> tuple[tuple[float, float], ...]:
        return tuple(wilson_interval(float(w), self.games) for w in self._by_position(self.wins))

    @property
    def position_mean_score(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self._by_position(self.scores) / max(self.games, 1))

    @property
    def position_mean_stars(self) -> tuple[float, ...] | None:
        if self.stars is None:
            return None
        return tuple(float(x) for x in self._by_position(self.stars) / max(self.games, 1))

    @property
    def first_player_advantage(self) -> float:
        """Win rate of the first to play minus the fair share ``1 / players``."""
        return self.position_win_rate[0] - 1 / self.players

    @property
    def mean_actions(self) -> float:
        return float(self.actions.mean()) if self.games else 0.0

    # -- display ---------------------------------------------------------------------------
    def summary(self) -> str:
        """A fixed-width text table of the results."""
        width = max(8, *(len(label) for label in self.labels))
        extra = list(self.extra)
        score_head = "mean score"
        lines = [
            f"{self.games} {'simulated ' if self.simulated else ''}games of "
            f"{self.game.get('game')} ({self.players} players, "
            f"variant {self.game.get('variant')})"
            + (f", seed {self.seed}" if self.seed is not None else "")
            + (", seats rotated" if self.rotate else "")
            + f"; scores in {self.unit}",
            f"{'bot':<{width}}  win rate  95% interval      {score_head}"
            + "".join(f"  {'mean ' + k:>10}" for k in extra),
        ]
        for e, label in enumerate(self.labels):
            line = (
                f"{label:<{width}}  {self.win_rate[e]:8.3f}  {_fmt_ci(self.win_ci[e]):16s}  "
                f"{self.mean_score[e]:10.2f}"
            )
            for k in extra:
                line += f"  {self.mean(k)[e]:{max(10, len(k) + 5)}.2f}"
            lines.append(line)
        lines.append(
            "by order of play: "
            + ", ".join(
                f"{pos + 1}. {rate:.3f} {_fmt_ci(ci)}"
                for pos, (rate, ci) in enumerate(
                    zip(self.position_win_rate, self.position_win_ci, strict=True)
                )
            )
        )
        lines.append(f"first-player advantage: {self.first_player_advantage:+.3f}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        rates = ", ".join(
            f"{label}: {rate:.3f}" for label, rate in zip(self.labels, self.win_rate, strict=True)
        )
        return f"<TournamentResult {self.games} games, win rates {rates}>"

    def __str__(self) -> str:
        return self.summary()


def _expected_seconds(game: Game, bots: Sequence[Any], games: int) -> float:
    per_game = playout_seconds(game, _DEFAULT_SECONDS_PER_GAME)
    cost = max(float(getattr(bot, "cost", 1.0)) for bot in bots)
    return games * per_game * cost


class _TextProgress:
    """A plain progress line on stderr, for an install without ``tqdm``."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.shown = -1

    def update(self, done: int) -> None:
        tenth = done * 10 // self.total
        if tenth != self.shown:
            self.shown = tenth
            print(f"games: {100 * done // self.total}% ({done:,}/{self.total:,})", file=sys.stderr)

    def close(self) -> None:
        pass


def _progress_reporter(progress: Any, total: int, expected: float):
    """(update(done), close()) for the progress argument of :func:`play_tournament`."""
    if progress is None:
        progress = expected > 1.0
    if progress is False:
        return (lambda done: None), (lambda: None)
    if progress is True:
        try:
            from tqdm.auto import tqdm  # lazily, and only if installed: it is optional
        except ImportError:
            text = _TextProgress(total)
            return text.update, text.close

        bar = tqdm(total=total, desc="games", leave=True, mininterval=0.2)

        def update(done: int) -> None:
            bar.update(done - bar.n)

        return update, bar.close
    if callable(progress):
        return (lambda done: progress(done, total)), (lambda: None)
    raise TypeError(
        f"progress must be None (automatic), True, False or a function (done, total), "
        f"got {short(progress)}"
    )


def play_tournament(
    game: Game,
    bots: Sequence[Any],
    games: int = 1000,
    seed: int = 0,
    *,
    rotate: bool = True,
    progress: bool | Callable[[int, int], Any] | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games between ``bots`` (one per seat) through the engine.

    ``bots[e]`` is entrant ``e``. With ``rotate=True`` (the default) the seats rotate from game
    to game (in game ``i`` entrant ``e`` sits in seat ``(e + i) % players``), so every entrant
    plays every position in the order of play equally often when ``games`` is a multiple of the
    number of players; with ``rotate=False`` entrant ``e`` always sits in seat ``e``.

    ``progress``: ``True`` shows a progress bar (``tqdm.auto`` if it is installed, else a plain
    line of text), ``False`` none, a function is called with ``(done, total)`` after every game;
    the default ``None`` shows the bar only when the run is expected to take more than a second,
    judged from a fixed estimate per game (never from the clock, so the output of a notebook does
    not depend on the machine).

    A win shared by ``k`` tied winners counts ``1/k`` for each of them.
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game from kaskaria.load(...), got {short(game)}")
    bots = list(bots)
    if len(bots) != game.players:
        raise ValueError(
            f"{game.title} is set up for {game.players} players; give one bot per seat, "
            f"got {len(bots)}"
        )
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, got {short(games)}")
    seed = int(check_seed(seed))  # type: ignore[arg-type]
    if rotate not in (True, False):
        raise ValueError(f"rotate must be True or False, got {short(rotate)}")
    games, players = int(games), game.players
    names = [_label(b) for b in bots]
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        if names.count(name) > 1:  # the same bot twice: "random #1", "random #2"
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} #{seen[name]}"
        labels.append(name)

    scores = np.zeros((games, players))
    extra: dict[str, np.ndarray] = {}
    wins = np.zeros((games, players))
    positions = np.zeros((games, players), dtype=np.int64)
    actions = np.zeros(games, dtype=np.int64)
    update, close = _progress_reporter(progress, games, _expected_seconds(game, bots, games))
    try:
        for i in range(games):
            shift = i % players if rotate else 0
            entrant_of_seat = [(s - shift) % players for s in range(players)]
            record = play_game(game, [bots[e] for e in entrant_of_seat], [seed, i])
            for name, values in record.extra.items():
                if name not in extra:
                    extra[name] = np.zeros((games, players))
                for seat, e in enumerate(entrant_of_seat):
                    extra[name][i, e] = values[seat]
            for seat, e in enumerate(entrant_of_seat):
                scores[i, e] = record.scores[seat]
                positions[i, e] = (seat - record.first_player) % players
                if seat in record.winners:
                    wins[i, e] = 1 / len(record.winners)
            actions[i] = record.actions
            update(i + 1)
    finally:
        close()
    return TournamentResult(
        game=game.spec(),
        labels=tuple(labels),
        seed=seed,
        rotate=rotate,
        scores=scores,
        extra=extra,
        wins=wins,
        positions=positions,
        actions=actions,
        unit=game.score_unit,
    )
