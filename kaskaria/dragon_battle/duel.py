"""The chance of winning a two-player game of Dragon Battle, solved.

The per-turn solver of :mod:`kaskaria.dragon_battle.odds` maximises the stars of one turn. A
player who wants to *win* plays differently: far behind near the end it must roll on, far ahead it
should stop early. This module solves the whole two-player game for the chance of winning, as
Neller and Presser solved the dice game Pig (2004): by backward induction over every position that
matters, with a fixed point where positions repeat.

**A position** at the start of a turn is, from the point of view of the player to move:

- ``u``: the residents under the four dragons, counted by star value;
- ``p``: the draw pile, counted by star value (its order is known to no one: a refill is a draw
  without replacement, whose exact distribution follows from the counts);
- ``jl``: the jugglers left (a failed turn brings one while any are left);
- ``d``: my stars minus my opponent's; ``dr``: my rescued residents minus my opponent's (the
  tie-break: on equal stars, fewer residents wins).

Which resident lies under which dragon matters inside a turn (the dice are coloured); the whole
turn is solved again for each position from the values of the positions it can end in. The
residents already rescued follow from ``u`` and ``p``, so nothing else matters: the names of the
residents, the order of the pile and how the stars were won are all irrelevant to the chance of
winning.

**The value** ``V`` is the chance that the player to move wins, a tie (equal stars and equal
residents) counting one half; so the opponent's chance is ``1 - V``. A turn ends in one of 16 ways
(failed, or with the dragons of a mask scared); the value of each end is known from smaller
positions (residents rescued: fewer left; a failed turn: one juggler fewer), except a failed turn
once the jugglers are gone, which gives the same position to the opponent. Those pairs of
positions are solved as a fixed point by Newton's method on the policy (each step solves the pair
exactly for the turn policies of the last step), to within ``1e-12``. Positions where one player
is ahead by more stars than are left are decided and not stored.

**Precision.** Solved in 64-bit floats; stored (and cached) in 32-bit floats, so every value is
the exact chance of winning to within ``1e-6``. The bot (:mod:`kaskaria.dragon_battle.winbot`)
compares choices whose chances differ by more than ``1e-9``; closer choices are treated as equal
and broken by the most expected stars this turn.

**Size.** For the rules table's 20 residents (five each of 1-4 stars) and 8 jugglers there are
about 22 million positions; :func:`solve` takes about a minute on one core and some 500 MB while it
runs; the table it leaves is about 90 MB in memory, cached on disk as a ``.npz`` file (no pickle)
that is checked when it is loaded (see :func:`duel_table`). Reduced games (fewer residents, fewer
jugglers) solve in a blink and are what the tests check against a brute force over the engine's own
states.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import os
import tempfile
import time
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..validate import short
from .turn import after_option, multisets
from .turn import options as placement_options

__all__ = [
    "DuelRules",
    "cache_dir",
    "cache_lock",
    "DuelTable",
    "TurnGraph",
    "duel_rules",
    "read_or_solve",
    "solve",
    "turn_graph",
]

#: The version of the solver's table format (a cached table of another version is solved again).
FORMAT = 1
#: Newton's method stops when a turn's value changes by less than this.
TOLERANCE = 1e-12
#: Positions solved together in one pass of a turn (the work arrays stay in the cache).
_CHUNK = 1024
#: The step of the finite difference that gives a turn's chance of failing (see _fixed_point).
_STEP = 1e-6


def cache_dir() -> Path:
    """Where solved tables are kept: ``$KASKARIA_CACHE``, else ``$XDG_CACHE_HOME/kaskaria``, else
    ``~/.cache/kaskaria``."""
    env = os.environ.get("KASKARIA_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kaskaria"


# ---------------------------------------------------------------------------------------------
# What the solution depends on
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DuelRules:
    """Everything the chance of winning a two-player game depends on.

    ``stars``: the distinct star values of the residents, ascending; ``counts``: how many
    residents have each value; ``juggler``: the stars of a juggler (0: jugglers do not count, and
    then ``jugglers`` is 0); ``jugglers``: the juggler tiles; ``silver_with_colour``: the rule
    option of that name; ``tiebreak``: equal stars are won by the fewer rescued residents (the
    basic game; in the younger children's variant a tie is shared).
    """

    stars: tuple[int, ...]
    counts: tuple[int, ...]
    juggler: int
    jugglers: int
    silver_with_colour: bool = False
    tiebreak: bool = True

    def __post_init__(self) -> None:
        if len(self.stars) != len(self.counts) or not self.stars:
            raise ValueError("stars and counts must be non-empty and of the same length")
        if list(self.stars) != sorted(set(self.stars)) or min(self.stars) < 0:
            raise ValueError(f"stars must be distinct values >= 0, ascending, got {self.stars}")
        if min(self.counts) < 1 or sum(self.counts) < 4:
            raise ValueError(f"counts must be >= 1 and add up to at least 4, got {self.counts}")
        if self.juggler < 0 or self.jugglers < 0 or (self.juggler == 0 and self.jugglers):
            raise ValueError("juggler stars and jugglers must be >= 0 (no jugglers if worth 0)")

    @property
    def key(self) -> str:
        """A short stable name of these rules (for the cache file)."""
        text = json.dumps(
            [FORMAT, *map(list, (self.stars, self.counts))]
            + [self.juggler, self.jugglers, self.silver_with_colour, self.tiebreak]
        )
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def residents(self) -> int:
        return sum(self.counts)


def duel_rules(game: Any) -> DuelRules | None:
    """The :class:`DuelRules` of a Dragon Battle game whose chance of winning this module solves
    exactly, or None: it solves two players, the basic and the younger children's variants (in
    the memory variant residents lie face down) and the default ``jugglers_run_out="nothing"``
    (unlimited jugglers would make the scores unbounded)."""
    if getattr(game, "name", None) != "dragon-battle":
        raise TypeError(f"this needs a Dragon Battle game, got {short(game)}")
    if game.players != 2 or game.variant not in ("basic", "younger"):
        return None
    if game.jugglers_run_out != "nothing":
        return None
    if game.variant == "younger":
        values = {name: 1 for name in game.stars}
        juggler, jugglers = 0, 0
    else:
        values = dict(game.stars)
        juggler = game.juggler_stars
        jugglers = game.jugglers if juggler else 0
    tally: dict[int, int] = {}
    for v in values.values():
        tally[v] = tally.get(v, 0) + 1
    stars = tuple(sorted(tally))
    return DuelRules(
        stars,
        tuple(tally[s] for s in stars),
        juggler,
        jugglers,
        game.silver_with_colour,
        game.variant == "basic",
    )


# ---------------------------------------------------------------------------------------------
# One turn, for any values of its 16 ends
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Step:
    mask: int
    hand: int
    weights: np.ndarray  # (outcomes,): the chance of each outcome
    col_roll: int
    col_decide: int  # -1 for the start (mask 0: no stopping)
    #: the outcomes grouped by their number of options: (their rows, one array per option of the
    #: column each of them leads to), so that the best option is taken over an outcome's own
    #: options only (padding every outcome to the widest was nearly half of the work)
    by_width: tuple[tuple[np.ndarray, tuple[np.ndarray, ...]], ...] = field(repr=False)


@dataclass(frozen=True)
class TurnGraph:
    """The moments of one turn as columns of a table of values.

    Columns 0-15 hold the value of each end of the turn: column 0 a failed turn, column ``m`` a
    turn that ends with the dragons of mask ``m`` scared (yellow 1, red 2, blue 4, purple 8). For
    each moment before a roll (dragons scared, dice in hand) there is a column ``roll[(mask,
    hand)]``, the value of rolling under best play, and for ``mask > 0`` a column ``decide[(mask,
    hand)]``, the better of stopping and rolling. Outcomes of a roll that leave the same choices are
    merged.
    """

    steps: tuple[_Step, ...]
    roll: dict[tuple[int, int], int] = field(repr=False)
    decide: dict[tuple[int, int], int] = field(repr=False)
    columns: int

    @property
    def start(self) -> int:
        return self.roll[(0, 4)]

    def target(self, mask: int, hand: int) -> int:
        """The column of the moment after a placement: an end (no dice left) or a decision."""
        return mask if hand == 0 else self.decide[(mask, hand)]

    def values(self, ends: np.ndarray, keep: int | None = None) -> np.ndarray:
        """Fill the table for ``ends`` (shape ``(16, N)``: the value of each end, per position):
        the table ``(columns, N)``, or with ``keep`` only that column (shape ``(N,)``, worked out
        in pieces that stay in the processor's cache)."""
        n = ends.shape[1]
        if keep is not None:
            out = np.empty(n)
            for i in range(0, n, _CHUNK):
                out[i : i + _CHUNK] = self._values(ends[:, i : i + _CHUNK])[keep]
            return out
        return self._values(ends)

    def _values(self, ends: np.ndarray) -> np.ndarray:
        n = ends.shape[1]
        x = np.empty((self.columns, n))
        x[:16] = ends
        for s in self.steps:
            best = np.empty((len(s.weights), n))  # the best option's value per outcome
            for rows, columns in s.by_width:
                b = x[columns[0]]
                for c in columns[1:]:
                    np.maximum(b, x[c], out=b)
                best[rows] = b
            roll = s.weights @ best
            x[s.col_roll] = roll
            if s.col_decide >= 0:
                np.maximum(x[s.mask], roll, out=x[s.col_decide])
        return x


@lru_cache(maxsize=2)
def turn_graph(silver_with_colour: bool = False) -> TurnGraph:
    """The :class:`TurnGraph` of a turn with the given placement option."""
    rolling = sorted(
        ((mask, hand) for mask in range(16) for hand in range(1, 5 - mask.bit_count())
         if mask or hand == 4),
        key=lambda mh: (mh[1], mh[0]),
    )  # fmt: skip
    roll: dict[tuple[int, int], int] = {}
    decide: dict[tuple[int, int], int] = {}
    col = 16
    for mh in rolling:
        roll[mh] = col
        col += 1
        if mh[0]:
            decide[mh] = col
            col += 1
    steps = []
    for mask, hand in rolling:
        merged: dict[tuple[int, ...], float] = {}
        for counts, ways in multisets(hand):
            opts = placement_options(mask, counts, silver_with_colour)
            if not opts:
                targets: tuple[int, ...] = (0,)
            else:
                found = set()
                for o in opts:
                    m2, h2 = after_option(mask, counts, o)
                    found.add(m2 if h2 == 0 else decide[(m2, h2)])
                targets = tuple(sorted(found))
            merged[targets] = merged.get(targets, 0.0) + ways / 6**hand
        weights = np.array(list(merged.values()))
        outcomes = list(merged)
        by_width = []
        for w in sorted({len(t) for t in outcomes}):
            rows = [i for i, t in enumerate(outcomes) if len(t) == w]
            by_width.append(
                (
                    np.array(rows),
                    tuple(
                        np.array([outcomes[i][j] for i in rows], dtype=np.intp) for j in range(w)
                    ),
                )
            )
        steps.append(
            _Step(
                mask, hand, weights, roll[(mask, hand)], decide.get((mask, hand), -1),
                tuple(by_width),
            )
        )  # fmt: skip
    return TurnGraph(tuple(steps), roll, decide, col)


# ---------------------------------------------------------------------------------------------
# The positions
# ---------------------------------------------------------------------------------------------
def _vectors(limit: tuple[int, ...], total: int | None = None) -> list[tuple[int, ...]]:
    """Every vector ``v`` with ``0 <= v <= limit`` (and ``sum(v) == total`` if given), in
    lexicographic order."""
    out = []
    for v in itertools.product(*(range(x + 1) for x in limit)):
        if total is None or sum(v) == total:
            out.append(v)
    return out


class _Group:
    """The positions with the same residents rescued (``r``, by star value): every way ``u`` of
    having four of the others under the dragons (the rest is the pile), every number of jugglers
    left, and every pair (``d``, ``dr``) the rescued residents and taken jugglers allow."""

    def __init__(self, rules: DuelRules, r: tuple[int, ...]) -> None:
        self.r = r
        left = tuple(c - x for c, x in zip(rules.counts, r, strict=True))
        self.left = left
        self.n = sum(left)  # residents still in play (under the dragons and in the pile)
        self.us = _vectors(tuple(min(4, x) for x in left), 4)
        self.urow = {u: i for i, u in enumerate(self.us)}
        self.n1 = self.n + 1 if rules.tiebreak else 0  # the clamp of dr
        stars = rules.stars
        self.stars_left = sum(s * x for s, x in zip(stars, left, strict=True))
        # (d, dr) pairs the rescued residents allow (each split between the two players)
        pairs = {(0, 0)}
        for s, x in zip(stars, r, strict=True):
            pairs = {(d + s * (2 * a - x), e + 2 * a - x) for d, e in pairs for a in range(x + 1)}
        self.pairs = pairs
        # per number of jugglers left: the positions, sorted; their keys for look-ups
        self.R: list[int] = []
        self.d: list[np.ndarray] = []
        self.dr: list[np.ndarray] = []
        self.keys: list[np.ndarray] = []
        self.offset = [0]
        width = 2 * self.n1 + 1
        # the pairs as arrays (d, and dr clamped: equal in look-ups beyond the clamp)
        pair = np.array(sorted(pairs), dtype=np.int64).reshape(-1, 2)
        d_pair = pair[:, 0]
        e_pair = np.clip(pair[:, 1], -self.n1, self.n1) if rules.tiebreak else 0 * pair[:, 1]
        for jl in range(rules.jugglers + 1):
            taken = rules.jugglers - jl
            big = self.stars_left + jl * rules.juggler
            # each pair with each way the taken jugglers split: d moves by the juggler's stars
            shift = rules.juggler * (2 * np.arange(taken + 1, dtype=np.int64) - taken)
            d_all = (d_pair[:, None] + shift[None, :]).ravel()
            e_all = np.repeat(e_pair, taken + 1)
            inside = (d_all >= -big) & (d_all <= big)
            d_all, e_all = d_all[inside], e_all[inside]
            # fill each d's row between its lowest and highest dr (keeps look-ups simple)
            row_d, row = np.unique(d_all, return_inverse=True)
            lo = np.full(len(row_d), self.n1, dtype=np.int64)
            hi = np.full(len(row_d), -self.n1, dtype=np.int64)
            np.minimum.at(lo, row, e_all)
            np.maximum.at(hi, row, e_all)
            length = hi - lo + 1
            first = np.cumsum(length) - length
            d_arr = np.repeat(row_d, length)
            e_arr = np.repeat(lo, length) + np.arange(int(length.sum()), dtype=np.int64)
            e_arr -= np.repeat(first, length)
            self.R.append(big)
            self.d.append(d_arr)
            self.dr.append(e_arr)
            self.keys.append((d_arr + big) * width + (e_arr + self.n1))
            self.offset.append(self.offset[-1] + len(d_arr))
        self.K = self.offset[-1]
        self.width = width
        self.values: np.ndarray | None = None  # (len(us), K) once solved
        self.box: np.ndarray | None = None  # the look-up table of columns (see _box)

    def positions(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(jl, d, dr) of every column."""
        jl = np.repeat(np.arange(len(self.d)), np.diff(self.offset))
        return jl, np.concatenate(self.d), np.concatenate(self.dr)

    def _box(self) -> np.ndarray:
        """``box[jl, d + R, dr + n1]``: the column of each position (the nearest stored one of the
        same ``d`` between stored ones; -1 where no position of that ``d`` is stored)."""
        if self.box is None:
            big = self.R[-1]
            box = np.full((len(self.R), 2 * big + 1, self.width), -1, dtype=np.int32)
            for jl in range(len(self.R)):
                d, e = self.d[jl], self.dr[jl]
                cols = self.offset[jl] + np.arange(len(d))
                box[jl, d + big, e + self.n1] = cols
            # beyond the stored dr of a row (each row's stored dr are one run): the nearest stored
            width = np.arange(self.width)
            have = box >= 0
            last = np.maximum.accumulate(np.where(have, width, -1), axis=2)
            first = np.flip(
                np.minimum.accumulate(np.flip(np.where(have, width, self.width), axis=2), axis=2),
                axis=2,
            )
            pick = np.where(last >= 0, last, np.minimum(first, self.width - 1))
            box = np.take_along_axis(box, pick, axis=2)
            self.box = box
        return self.box

    def locate(
        self, jl: np.ndarray, d: np.ndarray, dr: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(column, won, lost) of positions (``jl``, ``d``, ``dr``) of this group: ``won`` where the
        player to move has won whatever happens (more stars ahead than are left), ``lost`` where
        it has lost; elsewhere the column (positions between the stored ones are read from the
        nearest stored one of the same ``d``: only positions no game reaches fall there)."""
        box = self._box()
        big = np.asarray(self.R)[jl]
        won = d > big
        lost = d < -big
        top = self.R[-1]
        e = np.clip(dr, -self.n1, self.n1) + self.n1
        col = box[jl, np.clip(d, -top, top) + top, e].astype(np.int64)
        return np.maximum(col, 0), won, lost


def _final(d: np.ndarray, dr: np.ndarray, tiebreak: bool) -> np.ndarray:
    """The chance of winning for a player ``d`` stars and ``dr`` residents ahead at the end."""
    out = np.where(d > 0, 1.0, np.where(d < 0, 0.0, 0.5))
    if tiebreak:
        tie = d == 0
        out = np.where(tie & (dr < 0), 1.0, np.where(tie & (dr > 0), 0.0, out))
    return out


@lru_cache(maxsize=64)
def _log_comb(n: int) -> np.ndarray:
    table = np.zeros((n + 1, n + 1))
    for a in range(n + 1):
        for b in range(a + 1):
            table[a, b] = math.comb(a, b)
    return table


def _draw_matrix(rules: DuelRules, g: _Group, g2: _Group, rho: tuple[int, ...]) -> np.ndarray:
    """``Q[i, j]``: the chance that a refill after rescuing ``rho`` from ``g.us[i]`` leaves
    ``g2.us[j]`` under the dragons (the ``|rho|`` new residents drawn from the pile)."""
    comb = _log_comb(max(rules.counts))
    u = np.array(g.us)
    u2 = np.array(g2.us)
    rho_a = np.array(rho)
    pile = np.array(g.left) - u  # (nU, T)
    draw = u2[None, :, :] - u[:, None, :] + rho_a  # (nU, nU2, T)
    fits = np.asarray((u >= rho_a).all(axis=1))
    ok = (draw >= 0).all(axis=2) & (draw <= pile[:, None, :]).all(axis=2) & fits[:, None]
    k = int(sum(rho))
    size = pile.sum(axis=1)
    safe = np.where(ok[..., None], draw, 0)
    ways = np.prod(comb[np.broadcast_to(pile[:, None, :], safe.shape), safe], axis=2)
    total = np.array([math.comb(int(s), k) if s >= k else 1 for s in size], dtype=float)
    return np.where(ok, ways / total[:, None], 0.0)


def _rho_of_masks(rules: DuelRules, u: tuple[int, ...]) -> list[tuple[int, ...]]:
    """For each mask 1-15, the residents (counted by star value) under the scared dragons, when
    the residents ``u`` lie under the dragons in ascending order of stars."""
    types = [t for t, x in enumerate(u) for _ in range(x)]
    out = []
    for mask in range(1, 16):
        rho = [0] * len(u)
        for i in range(4):
            if mask >> i & 1:
                rho[types[i]] += 1
        out.append(tuple(rho))
    return out


# ---------------------------------------------------------------------------------------------
# The solver
# ---------------------------------------------------------------------------------------------
class DuelTable:
    """The solved game: the chance of winning of every position (see the module's text).

    Build it with :func:`solve` or load it with :func:`duel_table`; read it with :meth:`value`
    (a turn's start) or :meth:`turn` (every moment of one turn).
    """

    def __init__(self, rules: DuelRules, groups: dict[tuple[int, ...], _Group]) -> None:
        self.rules = rules
        self.groups = groups
        self.graph = turn_graph(rules.silver_with_colour)
        self.seconds = 0.0

    @property
    def positions(self) -> int:
        """How many positions are stored (those not decided yet)."""
        return sum(len(g.us) * g.K for g in self.groups.values())

    @property
    def nbytes(self) -> int:
        return sum(g.values.nbytes for g in self.groups.values() if g.values is not None)

    def _lookup(
        self, r: tuple[int, ...], rows: np.ndarray, jl: np.ndarray, d: np.ndarray, dr: np.ndarray
    ) -> np.ndarray:
        g = self.groups[r]
        col, won, lost = g.locate(jl, d, dr)
        assert g.values is not None
        v = g.values[rows, col].astype(float)
        return np.where(won, 1.0, np.where(lost, 0.0, v))

    def value(self, u: tuple[int, ...], pile: tuple[int, ...], jl: int, d: int, dr: int) -> float:
        """The chance that the player to move wins, at the start of its turn with the residents
        ``u`` under the dragons and ``pile`` in the pile (both counted by star value, in the order
        of ``rules.stars``), ``jl`` jugglers left, ``d`` stars and ``dr`` residents ahead."""
        r = tuple(c - a - b for c, a, b in zip(self.rules.counts, u, pile, strict=True))
        g = self.groups[r]
        v = self._lookup(
            r, np.array([g.urow[tuple(u)]]), np.array([jl]), np.array([d]), np.array([dr])
        )
        return float(v[0])

    def ends(
        self, under: tuple[int, ...], pile: tuple[int, ...], jl: int, d: int, dr: int
    ) -> np.ndarray:
        """The value of each of the 16 ends of the turn starting now (for the player to move):
        ``under`` is the star value under each dragon (yellow, red, blue, purple), ``pile`` the
        pile counted by star value. Index 0 is a failed turn, index ``m`` the turn ending with the
        dragons of mask ``m`` scared."""
        rules = self.rules
        index = {s: t for t, s in enumerate(rules.stars)}
        types = [index[s] for s in under]
        T = len(rules.stars)
        u = [0] * T
        for t in types:
            u[t] += 1
        r = tuple(c - a - b for c, a, b in zip(rules.counts, u, pile, strict=True))
        pile_size = sum(pile)
        out = np.empty(16)
        done: dict[tuple[int, ...], float] = {}
        for mask in range(1, 16):
            rho = [0] * T
            for i in range(4):
                if mask >> i & 1:
                    rho[types[i]] += 1
            key = tuple(rho)
            if key in done:  # the same residents rescued from other dragons: the same value
                out[mask] = done[key]
                continue
            k = mask.bit_count()
            s = sum(under[i] for i in range(4) if mask >> i & 1)
            if pile_size < k:
                v = float(_final(np.array([d + s]), np.array([dr + k]), rules.tiebreak)[0])
            else:
                r2 = tuple(a + b for a, b in zip(r, rho, strict=True))
                g2 = self.groups[r2]
                draws = _vectors(tuple(pile), k)
                ways = np.array(
                    [math.prod(math.comb(pile[t], x[t]) for t in range(T)) for x in draws],
                    dtype=float,
                )
                rows = np.array(
                    [g2.urow[tuple(u[t] - rho[t] + x[t] for t in range(T))] for x in draws]
                )
                col, won, lost = g2.locate(
                    np.array([jl]), np.array([-(d + s)]), np.array([-(dr + k)])
                )
                if won[0]:
                    theirs = np.ones(len(rows))
                elif lost[0]:
                    theirs = np.zeros(len(rows))
                else:
                    assert g2.values is not None
                    theirs = g2.values[rows, col[0]].astype(float)
                v = float(ways @ (1.0 - theirs) / math.comb(pile_size, k))
            out[mask] = done[key] = v
        # a failed turn: the juggler (if any left), then the opponent's turn
        if jl > 0:
            g = self.groups[r]
            fail = (
                1.0
                - self._lookup(
                    r,
                    np.array([g.urow[tuple(u)]]),
                    np.array([jl - 1]),
                    np.array([-(d + rules.juggler)]),
                    np.array([-dr]),
                )[0]
            )
        else:
            fail = 1.0 - self.value(tuple(u), tuple(pile), 0, -d, -dr)
        out[0] = fail
        return out

    def turn(
        self, under: tuple[int, ...], pile: tuple[int, ...], jl: int, d: int, dr: int
    ) -> np.ndarray:
        """Every column of the :class:`TurnGraph` for the turn starting now: the chance of
        winning at each moment of the turn under best play (see :meth:`ends`)."""
        return self.graph.values(self.ends(under, pile, jl, d, dr)[:, None])[:, 0]

    # -- saving -------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the table as a ``.npz`` file (plain arrays, no pickle)."""
        order = sorted(self.groups)
        meta = {
            "format": FORMAT,
            "rules": [list(self.rules.stars), list(self.rules.counts), self.rules.juggler,
                      self.rules.jugglers, self.rules.silver_with_colour, self.rules.tiebreak],
            "key": self.rules.key,
            "seconds": round(self.seconds, 1),
        }  # fmt: skip
        values = np.concatenate([self.groups[r].values.ravel() for r in order])  # type: ignore[union-attr]
        meta["sha256"] = hashlib.sha256(values.astype(np.float32).tobytes()).hexdigest()
        sizes = np.array([self.groups[r].values.size for r in order], dtype=np.int64)  # type: ignore[union-attr]
        # a file of its own beside the table, then renamed over it: two processes solving the
        # same rules at once each write whole files, and a reader never sees half of one
        target = Path(path)
        fd, name = tempfile.mkstemp(prefix=target.name + ".", suffix=".part", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                np.savez_compressed(
                    out,
                    meta=np.array(json.dumps(meta)),
                    groups=np.array(order, dtype=np.int16).reshape(len(order), -1),
                    sizes=sizes,
                    values=values.astype(np.float32),
                )
            os.chmod(name, 0o644)  # as a file the user saved: others on the computer may read it
            os.replace(name, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(name)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str], rules: DuelRules) -> DuelTable:
        """Read a table written by :meth:`save` for ``rules``; ``ValueError`` if the file is not
        one (another format or rules, a damaged or changed file)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                order = [tuple(int(x) for x in row) for row in data["groups"]]
                sizes = data["sizes"]
                values = data["values"]
        except (KeyError, ValueError, EOFError, zipfile.BadZipFile, zlib.error) as err:
            # not an archive of ours, or a damaged one (a cut or changed byte)
            raise ValueError(f"{path} is not a Dragon Battle duel table: {err}") from None
        if meta.get("format") != FORMAT or meta.get("key") != rules.key:
            raise ValueError(f"{path} was solved for other rules or by another version")
        if hashlib.sha256(values.tobytes()).hexdigest() != meta.get("sha256"):
            raise ValueError(f"{path} is damaged: its values do not match their checksum")
        if values.dtype != np.float32 or not (np.all(values >= 0) and np.all(values <= 1)):
            raise ValueError(f"{path} holds values that are not chances")
        groups = _groups(rules)
        if sorted(groups) != order:
            raise ValueError(f"{path} does not hold the positions of these rules")
        start = 0
        for r, size in zip(order, sizes, strict=True):
            g = groups[r]
            if size != len(g.us) * g.K:
                raise ValueError(f"{path} does not hold the positions of these rules")
            g.values = values[start : start + size].reshape(len(g.us), g.K)
            start += size
        if start != len(values):
            raise ValueError(f"{path} holds more values than these rules have positions")
        table = cls(rules, groups)
        table.seconds = float(meta.get("seconds", 0.0))
        return table


def _groups(rules: DuelRules) -> dict[tuple[int, ...], _Group]:
    out = {}
    for r in _vectors(rules.counts):
        if rules.residents - sum(r) >= 4:
            out[r] = _Group(rules, r)
    return out


def solve(rules: DuelRules, *, progress: Any = None) -> DuelTable:
    """Solve the two-player game of ``rules`` for the chance of winning (see the module's
    text). ``progress``: a function called with (positions done, positions in all)."""
    t0 = time.perf_counter()
    graph = turn_graph(rules.silver_with_colour)
    groups = _groups(rules)
    total = sum(len(g.us) * g.K for g in groups.values())
    done = 0
    by_n: dict[int, list[_Group]] = {}
    for g in groups.values():
        by_n.setdefault(g.n, []).append(g)
    T = len(rules.stars)
    stars = np.array(rules.stars)
    rhos = [v for k in range(1, 5) for v in _vectors(tuple([4] * T), k)]
    draw_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], np.ndarray] = {}
    for n in sorted(by_n):
        # one group at a time (a failed turn stays in the group; a rescue leaves for a smaller n)
        for g in by_n[n]:
            ends = _ends(rules, g, groups, rhos, stars, draw_cache)
            g.values = np.empty((len(g.us), g.K))
            for jl in range(rules.jugglers + 1):
                lo, hi = g.offset[jl], g.offset[jl + 1]
                if hi == lo:
                    continue
                block = np.ascontiguousarray(ends[:, :, lo:hi].reshape(16, -1))
                if jl > 0:
                    block[0] = _fail_values(rules, g, lo, hi, jl)
                    v = graph.values(block, keep=graph.start)
                else:
                    v = _fixed_point(graph, block, _mirror(g, lo, hi, 0))
                g.values[:, lo:hi] = v.reshape(len(g.us), hi - lo)
                done += v.size
            if progress is not None:
                progress(done, total)
        # values of lower levels stay float64 until no level above needs them: store as float32
        for g in by_n.get(n - 5, []):
            if g.values is not None and g.values.dtype != np.float32:
                g.values = np.clip(g.values, 0.0, 1.0).astype(np.float32)
            g.box = None
    for g in groups.values():
        if g.values is not None and g.values.dtype != np.float32:
            g.values = g.values.astype(np.float32)
        if g.values is not None:  # rounding may leave a hair beyond 0 or 1
            np.clip(g.values, 0.0, 1.0, out=g.values)
        g.box = None
    table = DuelTable(rules, groups)
    table.seconds = time.perf_counter() - t0
    return table


def _ends(
    rules: DuelRules,
    g: _Group,
    groups: dict[tuple[int, ...], _Group],
    rhos: list[tuple[int, ...]],
    stars: np.ndarray,
    draw_cache: dict,
) -> np.ndarray:
    """The value of the 15 successful ends of the turn (index 1-15) for every position of group
    ``g`` (index 0 is filled in later): shape ``(16, len(g.us), g.K)``."""
    jl, d, dr = g.positions()
    nu = len(g.us)
    by_rho: dict[tuple[int, ...], np.ndarray] = {}
    pile = g.n - 4
    for rho in rhos:
        if any(a > b for a, b in zip(rho, g.left, strict=True)):
            continue
        if not any(all(x >= y for x, y in zip(u, rho, strict=True)) for u in g.us):
            continue
        k = sum(rho)
        s = int(stars @ np.array(rho))
        if pile < k:  # the game ends: not all places can be filled
            by_rho[rho] = np.broadcast_to(_final(d + s, dr + k, rules.tiebreak), (nu, g.K))
            continue
        r2 = tuple(a + b for a, b in zip(g.r, rho, strict=True))
        g2 = groups[r2]
        col, won, lost = g2.locate(jl, -(d + s), -(dr + k))
        assert g2.values is not None
        sub = g2.values[:, col]  # (nU2, K)
        sub = np.where(won, 1.0, np.where(lost, 0.0, sub))
        key = (g.r, rho)
        q = draw_cache.get(key)
        if q is None:
            q = draw_cache[key] = _draw_matrix(rules, g, g2, rho)
        by_rho[rho] = 1.0 - q @ sub
    names = list(by_rho)
    stacked = np.stack([np.broadcast_to(by_rho[rho], (nu, g.K)) for rho in names])
    where = {rho: i for i, rho in enumerate(names)}
    index = np.array([[where[rho] for rho in _rho_of_masks(rules, u)] for u in g.us])  # (nU, 15)
    out = np.zeros((16, nu, g.K))
    rows = np.arange(nu)
    for mask in range(1, 16):
        out[mask] = stacked[index[:, mask - 1], rows]
    return out


def _fail_values(rules: DuelRules, g: _Group, lo: int, hi: int, jl: int) -> np.ndarray:
    """The value of a failed turn (a juggler, then the opponent's turn) for the positions of
    group ``g`` with ``jl`` jugglers left (columns ``lo:hi``), flattened row by row."""
    d = g.d[jl]
    dr = g.dr[jl]
    col, won, lost = g.locate(np.full(len(d), jl - 1), -(d + rules.juggler), -dr)
    assert g.values is not None
    sub = g.values[:, col].astype(float)
    sub = np.where(won, 1.0, np.where(lost, 0.0, sub))
    return (1.0 - sub).ravel()


def _mirror(g: _Group, lo: int, hi: int, base: int) -> np.ndarray:
    """For the positions of group ``g`` with no juggler left (flattened row by row, starting at
    ``base``): the index of the same position seen from the opponent (``-d``, ``-dr``)."""
    d = g.d[0]
    dr = g.dr[0]
    col, won, lost = g.locate(np.zeros(len(d), dtype=np.int64), -d, -dr)
    assert not won.any() and not lost.any()
    width = hi - lo
    rows = np.arange(len(g.us))[:, None]
    return (base + rows * width + (col - lo)[None, :]).ravel()


def _fixed_point(graph: TurnGraph, block: np.ndarray, mirror: np.ndarray) -> np.ndarray:
    """Values of positions with no juggler left, where a failed turn hands the same position to
    the opponent: ``V = f(1 - V[mirror])`` with ``f`` the turn's best play, solved by Newton's
    method on the policy (each step solves every pair exactly for the policies of the last)."""
    n = block.shape[1]
    block[0] = 0.5
    value = graph.values(block, keep=graph.start)
    fail = 1.0 - value[mirror]
    active = np.arange(n)  # positions not settled yet (always with their mirrors)
    sub_mirror = mirror
    for _ in range(60):
        sub = block[:, active]
        m = len(active)
        both = np.concatenate([sub, sub], axis=1)
        both[0, :m] = fail[active]
        both[0, m:] = fail[active] + _STEP
        x = graph.values(both, keep=graph.start)
        v = x[:m]
        value[active] = v
        off = np.abs(fail[active] - (1.0 - v[sub_mirror])) >= TOLERANCE
        off |= off[sub_mirror]
        if not off.any():
            return value
        # the value is a + slope * fail for the turn policy that is best near this fail value
        slope = np.clip((x[m:] - v) / _STEP, 0.0, 1.0 - 1e-9)
        a = v - slope * fail[active]
        a2, s2 = a[sub_mirror], slope[sub_mirror]
        new = (a + slope * (1.0 - a2 - s2)) / (1.0 - slope * s2)
        fail[active] = 1.0 - new[sub_mirror]
        # keep only the unsettled positions, and re-index their mirrors among them
        keep = np.flatnonzero(off)
        where = np.full(len(active), -1)
        where[keep] = np.arange(len(keep))
        sub_mirror = where[sub_mirror[keep]]
        active = active[keep]
    raise RuntimeError(  # pragma: no cover - Newton has always converged in a few steps
        "the fixed point of repeated failed turns did not converge"
    )


# ---------------------------------------------------------------------------------------------
# The cache
# ---------------------------------------------------------------------------------------------
def read_or_solve(rules: DuelRules, *, solve_missing: bool = True, save: bool = True) -> DuelTable:
    """The solved game of ``rules`` from the cache directory (a file that fails its checks is
    solved again), else solved now and saved there; ``solve_missing=False`` raises
    ``LookupError`` instead of solving."""
    path = cache_dir() / f"dragon-battle-duel-{rules.key}.npz"
    if not (solve_missing and save):
        return _read_or_solve_here(rules, path, solve_missing=solve_missing, save=save)
    # a whole table is read without the lock (it is written to a file of its own and renamed
    # over the table's, so a reader never sees half of one): processes that read it at once do
    # not wait for each other
    if path.exists():
        with contextlib.suppress(ValueError, OSError):
            return DuelTable.load(path, rules)
    # one process solves, the others wait for its file (a test run's workers, a server's hint
    # processes and a notebook's kernel may all ask at once on a new machine: each would solve)
    with cache_lock(path):
        return _read_or_solve_here(rules, path, solve_missing=solve_missing, save=save)


@contextlib.contextmanager
def cache_lock(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path``'s lock file among the processes of this computer (none
    where the directory cannot be written or the system has no ``fcntl``)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX system
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = open(path.with_suffix(".lock"), "a")  # noqa: SIM115 - held until the end
    except OSError:  # a read-only home: every process solves for itself
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _read_or_solve_here(
    rules: DuelRules, path: Path, *, solve_missing: bool, save: bool
) -> DuelTable:
    table: DuelTable | None = None
    if path.exists():
        try:
            table = DuelTable.load(path, rules)
        except (ValueError, OSError):
            table = None
    if table is None:
        if not solve_missing:
            raise LookupError(f"the two-player game of {rules} is not solved yet ({path})")
        table = solve(rules)
        if save:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                table.save(path)
            except OSError:  # a read-only home: keep it in memory only
                pass
    return table


def main(argv: list[str] | None = None) -> int:
    """``python -m kaskaria.dragon_battle.duel [--out FILE] [--if-missing]``: solve the
    two-player game of the default rules table and save it where the ``"win"`` bot looks for it
    (or to ``FILE``); ``--if-missing``: only if no whole table is there yet (``make test`` and
    ``make lab`` ask for it so, while they set up, rather than a bot's first move)."""
    import argparse
    import resource

    import kaskaria

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--out", help="the .npz file to write (default: the cache directory)")
    parser.add_argument("--younger", action="store_true", help="the younger children's variant")
    parser.add_argument(
        "--if-missing",
        action="store_true",
        help="read the cached table if it is there and whole; solve and save it only if not",
    )
    args = parser.parse_args(argv)
    game = kaskaria.load("dragon-battle", players=2, variant="younger" if args.younger else "basic")
    rules = duel_rules(game)
    assert rules is not None
    if args.if_missing and not args.out:
        started = time.perf_counter()
        table = read_or_solve(rules)  # one process solves: others asking at once wait for it
        print(
            f"the two-player game is solved ({table.positions:,} positions; "
            f"{time.perf_counter() - started:.0f} s to read or solve it)"
        )
        return 0
    last = [0.0]

    def progress(done: int, total: int) -> None:
        if time.perf_counter() - last[0] > 10:
            last[0] = time.perf_counter()
            print(f"  {done:,} of {total:,} positions", flush=True)

    with open("/proc/loadavg") if os.path.exists("/proc/loadavg") else open(os.devnull) as f:
        load = f.read().split()[:3]
    print(f"solving {rules} (load average {' '.join(load) or 'unknown'})", flush=True)
    table = solve(rules, progress=progress)
    out = Path(args.out) if args.out else cache_dir() / f"dragon-battle-duel-{rules.key}.npz"
    out.parent.mkdir(parents=True, exist_ok=True)
    table.save(out)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{table.positions:,} positions solved in {table.seconds:.0f} s; table {table.nbytes / 1e6:.0f} MB "
        f"in memory, {out.stat().st_size / 1e6:.0f} MB on disk ({out}); peak memory {peak:.0f} MB"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
