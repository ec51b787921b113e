"""Dragon Battle's choices weighed by playing the rest of the game out: the ``"win"`` bot's reading
of a position with three or four players.

From the deciding seat's observation, :func:`playouts` plays the rest of the game many times
(``futures``) after each candidate choice, every player (the deciding one too, after its choice)
following the per-turn solver of the ``"optimal"`` bot, and counts the deciding seat's wins.
Everything hidden from the seat is the order of the pile (the residents in it are known: every
other resident lies under a dragon or has been rescued) and, in the memory variant, which of the
residents not in sight lies face down under which dragon, so each future deals those residents
again in a random order (the face-down places first, the rest as the pile); the dice are random
too. (In the memory variant every player, the deciding one too, plays as the ``"optimal"`` bot
does on what its screen shows: once the dice roll every resident lies face down and counts as
the mean of those not rescued, under the dragons or in the pile, as the simulator's forgetful
seats count them.) Each future is the same for every candidate (common random numbers): the
same order of the pile, and the ``k``-th turn after the present one rolls the same dice in every
candidate, so the candidates' counts differ by what the choice changes, not by luck.

The simulation is vectorised like :func:`~kaskaria.dragon_battle.game_sim.simulate_games` (whose
tables of the optimal policy it reads): rows are (candidate, future) pairs, a loop over turns and
over the at most four rolls of a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .game_sim import (
    _BITS,
    _POPCOUNT,
    _legal_placements,
    _Optimal,
    _optimal_tables,
    _refill,
    _roll_counts,
    _Seat,
    _seat,
    _styled_step,
    _View,
    _views,
)
from .odds import make_policy

__all__ = ["Position", "Start", "Weighed", "outcomes", "places", "playouts", "position_of", "weigh"]

#: how a seat following the per-turn solver plays (the simulator's ``"optimal"`` policy)
_OPTIMAL = _Seat(make_policy("optimal"), "perfect", "optimal")
#: the random numbers of a playout whose seats all follow the solver: none is drawn
_NO_DRAWS = np.random.default_rng(0)


@dataclass(frozen=True)
class Position:
    """A Dragon Battle position in whole numbers, as the deciding seat sees it.

    ``under``: the stars of the resident under each dragon (4; 0 where it lies face down);
    ``pile``: the stars of each resident in the pile and face down (the memory variant), which
    the seat cannot tell apart; ``stars`` and ``rescued``: each seat's stars (jugglers included)
    and residents rescued; ``jugglers_left``; ``seat``: the player to move; ``hidden``: the
    dragons whose resident lies face down (each future deals them the first residents of
    ``pile`` in a random order).
    """

    under: tuple[int, ...]
    pile: tuple[int, ...]
    stars: tuple[int, ...]
    rescued: tuple[int, ...]
    jugglers_left: int
    seat: int
    hidden: tuple[int, ...] = ()


@dataclass(frozen=True)
class Start:
    """How the present turn goes on after a candidate choice: ``stop`` (the turn ends now with the
    dragons of ``mask`` scared: ``hand`` is ignored), else the player rolls its ``hand`` dice
    with the dragons of ``mask`` scared and plays the rest of the turn like ``"optimal"``."""

    mask: int
    hand: int
    stop: bool


def position_of(game: Any, seen: dict[str, Any], seat: int) -> Position:
    """The :class:`Position` of a game from the seat's observation (in the memory variant the
    residents lying face down are among those it cannot see, as in the pile)."""
    younger = game.variant == "younger"

    def value(name: str) -> int:
        return 1 if younger else int(game.stars[name])

    hidden = tuple(i for i, d in enumerate(seen["dragons"]) if d["resident"] is None)
    under = tuple(0 if i in hidden else value(d["resident"]) for i, d in enumerate(seen["dragons"]))
    known = {d["resident"] for d in seen["dragons"]}
    known |= {r["resident"] for rescued in seen["rescued"] for r in rescued}
    pile = tuple(sorted(value(n) for n in game.resident_names if n not in known))
    rescued = tuple(len(r) for r in seen["rescued"])
    stars = rescued if younger else tuple(int(s) for s in seen["stars"])
    return Position(under, pile, stars, rescued, int(seen["jugglers_left"]), seat, hidden)


def _turns(
    mask: np.ndarray,
    hand: np.ndarray,
    dice: np.ndarray,
    view: _View,
    optimal: _Optimal,
    silver_with_colour: bool,
    styled: tuple[np.ndarray, tuple[_Seat, ...], np.random.Generator] | None = None,
) -> np.ndarray:
    """The rest of one turn in each row, played like ``"optimal"`` from ``mask`` scared and
    ``hand`` >= 1 dice to roll, the ``r``-th roll being ``dice[row, r]``: 0 for a failed turn,
    else the mask of the dragons scared. ``styled``: (kind, styles, rng): the row ``r`` is
    played by ``styles[kind[r]]`` instead (the simulator's own policies,
    :func:`~kaskaria.dragon_battle.game_sim._place` and ``_rolls_on``; a random style draws
    from ``rng``)."""
    kind, styles, rng = styled or (np.zeros(len(mask), dtype=np.int64), (_OPTIMAL,), _NO_DRAWS)
    rows = len(mask)
    mask = mask.copy()
    hand = hand.copy()
    outcome = np.full(rows, -1, dtype=np.int64)
    rolling = np.arange(rows)
    for r in range(4):
        if not len(rolling):
            break
        m, h = mask[rolling], hand[rolling]
        counts = _roll_counts(dice[rolling, r], h)
        legal, moved = _legal_placements(counts, m, silver_with_colour)
        ok = legal.any(axis=1)
        outcome[rolling[~ok]] = 0
        _, on = _styled_step(
            styles, kind, rolling, ok, legal, moved, counts, mask, hand, view, optimal, rng
        )
        done = rolling[ok]
        stop = done[~on[ok]]
        outcome[stop] = mask[stop]
        rolling = done[on[ok]]
    assert (outcome >= 0).all()
    return outcome


def styles_of(game: Any, others: Sequence[Any]) -> tuple[_Seat, ...]:
    """The styles a playout may give the other seats: ``"optimal"`` first, then ``others``
    (policy names or seat texts such as ``"threshold(1/4)"``, as
    :func:`~kaskaria.dragon_battle.game_sim.simulate_games` takes them)."""
    return tuple(_seat(entry, game, "perfect") for entry in ("optimal", *others))


def playouts(
    game: Any,
    position: Position,
    starts: Sequence[Start],
    futures: int,
    rng: np.random.Generator,
) -> np.ndarray:
    """The deciding seat's wins (a tie for the win counts as a share) in each of ``futures``
    plays of the rest of the game after each of ``starts``: an array (starts, futures), the
    same futures for every start (see the module's text)."""
    return outcomes(game, position, starts, futures, rng)[0]


def _winners(scores: np.ndarray, rescued: np.ndarray, younger: bool) -> np.ndarray:
    """Who won each finished game (a row per game, a column per seat): the highest score, a tie
    going to the fewest residents rescued (basic rules)."""
    top = scores == scores.max(axis=1, keepdims=True)
    if not younger:
        fewest = np.where(top, rescued, np.iinfo(np.int64).max).min(axis=1, keepdims=True)
        top &= rescued == fewest
    return top


def places(scores: np.ndarray, rescued: np.ndarray, seat: int, younger: bool) -> np.ndarray:
    """The place of ``seat`` in each finished game (a row of final ``scores`` and residents
    ``rescued`` per seat) as the ladder reads a game (:func:`kaskaria.ladder.comparisons`): the
    share of the other seats it finished ahead of, a winner ahead of every loser, else the
    higher score ahead, equal (two winners of a shared win, two losers with the same score)
    half. The winners are the engine's: the highest score, a tie going to the fewest residents
    rescued (basic rules; with the younger children's rules the score is the residents)."""
    top = _winners(scores, rescued, younger)
    mine_top = top[:, seat : seat + 1]
    mine = scores[:, seat : seat + 1]
    ahead = (mine_top & ~top) | ((mine_top == top) & (mine > scores))
    level = (mine_top == top) & (mine == scores)
    share = ahead + 0.5 * level
    share[:, seat] = 0.0
    return share.sum(axis=1) / (scores.shape[1] - 1)


def outcomes(
    game: Any,
    position: Position,
    starts: Sequence[Start],
    futures: int,
    rng: np.random.Generator,
    others: Sequence[Any] = (),
) -> tuple[np.ndarray, np.ndarray]:
    """(wins, places) of the deciding seat in each of ``futures`` plays of the rest of the game
    after each of ``starts``: two arrays (starts, futures), the same futures for every start
    (see the module's text). Wins as :func:`playouts`; places as :func:`places` (the share of
    the other seats finished ahead of: 1 for a win alone).

    ``others``: the styles the other seats may play (:func:`styles_of`); in each future each
    other seat plays one of ``"optimal"`` and ``others``, drawn evenly (the same in every
    start). Empty: every seat plays ``"optimal"``. The deciding seat always plays
    ``"optimal"`` after its choice."""
    n = game.players
    younger = game.variant == "younger"
    unlimited = game.jugglers_run_out == "unlimited"
    juggler_stars = 0 if younger else int(game.juggler_stars)
    c = len(starts)
    f = int(futures)
    rows = c * f
    future = np.tile(np.arange(f), c)
    styles = styles_of(game, others) if others else ()
    if styles:  # each other seat's style in each future (the deciding seat: "optimal")
        drawn_styles = rng.integers(0, len(styles), size=(f, n))
        drawn_styles[:, position.seat] = 0
        style = drawn_styles[future]
    hidden = list(position.hidden)
    pile_len = len(position.pile) - len(hidden)
    order = rng.permuted(np.tile(np.array(position.pile, dtype=np.int64), (f, 1)), axis=1)
    under = np.tile(np.array(position.under, dtype=np.int64), (rows, 1))
    if hidden:  # the memory variant: the face-down places get the first residents of the deal
        under[:, hidden] = order[future, : len(hidden)]
        order = order[:, len(hidden) :]
    pile = order[future] if pile_len else np.zeros((rows, 0), dtype=np.int64)
    memory = game.variant == "memory"  # (the younger children's rules have no memory variant)
    if memory:  # the stars of the pile's first k residents, row by row (k = 0 .. pile_len)
        drawn_stars = np.concatenate(
            [np.zeros((rows, 1), dtype=np.int64), np.cumsum(pile, axis=1)], axis=1
        )
    drawn = np.zeros(rows, dtype=np.int64)
    stars = np.tile(np.array(position.stars, dtype=np.int64), (rows, 1))
    rescued = np.tile(np.array(position.rescued, dtype=np.int64), (rows, 1))
    jl = np.full(rows, position.jugglers_left, dtype=np.int64)
    player = np.full(rows, position.seat, dtype=np.int64)

    def view_of(live: np.ndarray) -> _View:
        a = len(live)
        if younger:
            return _View(
                np.ones((a, 4), dtype=np.int64),
                np.zeros(a, dtype=np.int64),
                np.ones(a, dtype=np.int64),
            )
        juggler = np.where((jl[live] > 0) | unlimited, juggler_stars, 0).astype(np.int64)
        return _View(under[live], juggler, np.ones(a, dtype=np.int64))

    # the present turn
    start_mask = np.repeat(np.array([s.mask for s in starts], dtype=np.int64), f)
    start_hand = np.repeat(np.array([s.hand for s in starts], dtype=np.int64), f)
    start_stop = np.repeat(np.array([s.stop for s in starts], dtype=bool), f)
    outcome = np.where(start_stop, start_mask, -1)
    go = np.flatnonzero(~start_stop)
    if len(go):
        dice = rng.integers(0, 6, size=(f, 4, 4))[future[go]]
        view = view_of(go)
        if memory:
            # the rest of the present turn as the deciding seat can play it: once the dice
            # roll every resident lies face down, each counted as the mean of those not
            # rescued (in whole numbers times ``unit``, as the simulator's forgetful seats count
            # them); the residents it cannot see now count with their mean too
            known = [u for i, u in enumerate(position.under) if i not in hidden]
            unseen = np.full(len(go), sum(known) + sum(position.pile), dtype=np.int64)
            count = np.full(len(go), len(known) + len(position.pile), dtype=np.int64)
            view = _views(game, view.stars, jl[go], unseen, count)["forgetful"]
        optimal = _optimal_tables(view, game.silver_with_colour)
        outcome[go] = _turns(
            start_mask[go], start_hand[go], dice, view, optimal, game.silver_with_colour
        )

    live = np.arange(rows)
    while True:
        # the turn of ``player`` ended with ``outcome`` in the rows ``live``
        bits = _BITS[outcome]
        seen = under[live]
        got = np.where(bits, seen, 0).sum(axis=1)
        p = player[live]
        stars[live, p] += got if not younger else _POPCOUNT[outcome]
        rescued[live, p] += _POPCOUNT[outcome]
        under[live] = np.where(bits, -1, seen)
        failed = outcome == 0
        left = jl[live]
        give = failed & ((left > 0) | unlimited)
        stars[live[give], p[give]] += juggler_stars
        jl[live[failed & (left > 0)]] -= 1
        live, _, _ = _refill(under, pile, drawn, live, pile_len)
        if not len(live):
            break
        player[live] = (player[live] + 1) % n
        dice = rng.integers(0, 6, size=(f, 4, 4))[future[live]]
        view = view_of(live)
        if memory:
            # the memory variant: once the dice roll, every resident lies face down, and a
            # player who sees only what lies open counts each as the mean of those not rescued
            # (under the dragons or in the pile), as the simulator's forgetful seats do
            unseen = under[live].sum(axis=1) + drawn_stars[live, -1]
            unseen -= drawn_stars[live, drawn[live]]
            count = 4 + pile_len - drawn[live]
            view = _views(game, view.stars, jl[live], unseen, count)["forgetful"]
        optimal = _optimal_tables(view, game.silver_with_colour)
        a = len(live)
        outcome = _turns(
            np.zeros(a, dtype=np.int64),
            np.full(a, 4, dtype=np.int64),
            dice,
            view,
            optimal,
            game.silver_with_colour,
            (style[live, player[live]], styles, rng) if styles else None,
        )

    scores = rescued if younger else stars
    top = _winners(scores, rescued, younger)
    wins = top[:, position.seat] / top.sum(axis=1)
    place = places(scores, rescued, position.seat, younger)
    return wins.reshape(c, f), place.reshape(c, f)


@dataclass(frozen=True)
class Weighed:
    """One legal action weighed by playouts: its share of wins over the futures (after a
    placement: the better of stopping and rolling on, by the value below) and the wins in each
    future; its mean place (:func:`places`) and the place in each future; and the value in each
    future that ranks the choices, ``(1 - place_weight) * wins + place_weight * places``
    (:func:`weigh`)."""

    action: Any
    win: float
    wins: np.ndarray
    place: float
    places: np.ndarray
    values: np.ndarray

    @property
    def value(self) -> float:
        return float(self.values.mean())


def weigh(
    game: Any,
    seen: dict[str, Any],
    seat: int,
    futures: int,
    seed: int,
    *,
    place_weight: float = 0.0,
    others: Sequence[Any] = (),
) -> tuple[Weighed, ...]:
    """Every legal action of the seat's decision (phase ``"start"``, ``"decide"`` or
    ``"place"``) with its share of wins and its mean place over ``futures`` playouts
    (:func:`outcomes`, the same futures for all, from ``numpy.random.default_rng(seed)``), and
    its value future by future: ``(1 - place_weight) * wins + place_weight * places``. After a
    placement that leaves dice in hand the better of stopping and rolling on (by the mean
    value) counts. ``others``: the styles of the other seats (:func:`outcomes`)."""
    from .turn import ROLL, STOP, after_option, counts_of, mask_of
    from .turn import options as placement_options

    def weighed(action: Any, wins: np.ndarray, place: np.ndarray) -> Weighed:
        values = wins if place_weight == 0 else (1 - place_weight) * wins + place_weight * place
        return Weighed(action, float(wins.mean()), wins, float(place.mean()), place, values)

    rng = np.random.default_rng(seed)
    position = position_of(game, seen, seat)
    mask = mask_of(tuple(tuple(d["dice"]) for d in seen["dragons"]))
    phase = seen["phase"]
    if phase == "start":
        wins, place = outcomes(game, position, [Start(0, 4, False)], futures, rng, others)
        return (weighed(ROLL, wins[0], place[0]),)
    if phase == "decide":
        actions = [ROLL, STOP]
        starts = [Start(mask, seen["hand"], False), Start(mask, 0, True)]
        wins, place = outcomes(game, position, starts, futures, rng, others)
        return tuple(weighed(a, w, p) for a, w, p in zip(actions, wins, place, strict=True))
    if phase != "place":
        raise ValueError(f"playouts weigh the phases 'start', 'decide' and 'place', not {phase!r}")
    counts = counts_of(seen["rolled"])
    options = placement_options(mask, counts, game.silver_with_colour)
    starts = []
    spans = []
    for option in options:
        m2, h2 = after_option(mask, counts, option)
        first = len(starts)
        starts.append(Start(m2, 0, True))
        if h2:
            starts.append(Start(m2, h2, False))
        spans.append((first, len(starts)))
    wins, place = outcomes(game, position, starts, futures, rng, others)
    out = []
    for option, (a, b) in zip(options, spans, strict=True):
        each = [weighed(option[0], wins[k], place[k]) for k in range(a, b)]
        out.append(max(each, key=lambda w: w.value))
    return tuple(out)
