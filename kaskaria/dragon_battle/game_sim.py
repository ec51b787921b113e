"""Fast simulation of whole Dragon Battle games with numpy: :func:`simulate_games` plays many
complete games at once (residents, refills, jugglers, the end, scores and tie-breaks of the game's
rules table and variant), each seat with a fixed turn policy, and :func:`simulate_tournament` gives
the same :class:`~kaskaria.tournament.TournamentResult` as
:func:`~kaskaria.tournament.play_tournament`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ..validate import check_seed, short
from . import odds
from .odds import TurnPolicy, make_policy
from .rules import FACES
from .turn import SILVER
from .turn import options as placement_options

if TYPE_CHECKING:
    from ..tournament import TournamentResult

__all__ = ["GameSample", "simulate_games", "simulate_tournament"]


# The twelve placements a roll can allow, in the engine's sorted order of actions: for each, the
# dragon it scares, the faces whose dice it moves, and the face that must be rolled for it.
def _placement_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, tuple[Any, ...]]:
    every = placement_options(0, (0, 1, 1, 1, 1, 1), True)  # every face once: all 12
    dragon, needs, kind, actions = [], [], [], []
    faces = np.zeros((6, len(every)), dtype=np.int64)
    for o, (action, i, _) in enumerate(every):
        args = action.args
        if args[0] == "silver":  # "place silver on <colour>"
            faces[SILVER, o] = 1
            needs.append(SILVER)
            kind.append(0)
        elif len(args) == 1:  # "place <colour>"
            faces[i + 1, o] = 1
            needs.append(i + 1)
            kind.append(1)
        else:  # "place <colour> with silver"
            faces[i + 1, o] = faces[SILVER, o] = 1
            needs.append(i + 1)
            kind.append(2)
        dragon.append(i)
        actions.append(action)
    return (
        np.array(dragon, dtype=np.int64),
        faces,
        np.array(needs, dtype=np.int64),
        np.array(kind, dtype=np.int64),
        tuple(actions),
    )


_OPT_DRAGON, _OPT_FACES, _OPT_NEEDS, _OPT_KIND, _OPT_ACTIONS = _placement_table()
_OPT_BIT = (1 << _OPT_DRAGON).astype(np.int64)
_POPCOUNT = np.array([m.bit_count() for m in range(16)], dtype=np.int64)
_BITS = ((np.arange(16)[:, None] >> np.arange(4)[None, :]) & 1).astype(bool)  # mask -> dragons
_LOW = np.iinfo(np.int64).min
_MEMORIES = ("forgetful", "perfect")


def _roll_counts(dice: np.ndarray, hand: np.ndarray) -> np.ndarray:
    """Counts of each face (black, yellow, red, blue, purple, silver) among the first ``hand[g]``
    of the four dice drawn for each game ``g``."""
    valid = np.arange(4)[None, :] < hand[:, None]
    counts = np.empty((len(hand), 6), dtype=np.int64)
    for f in range(6):
        counts[:, f] = ((dice == f) & valid).sum(axis=1)
    return counts


def _legal_placements(
    counts: np.ndarray, mask: np.ndarray, silver_with_colour: bool
) -> tuple[np.ndarray, np.ndarray]:
    """(legal, moved): for each game and each of the 12 placements (in sorted order of actions),
    whether the roll ``counts`` allows it with the dragons of ``mask`` scared, and how many dice
    it sets aside. The same rule as :func:`kaskaria.dragon_battle.turn.options`."""
    moved = counts @ _OPT_FACES
    legal = (mask[:, None] & _OPT_BIT[None, :]) == 0
    legal &= counts[:, _OPT_NEEDS] > 0
    if silver_with_colour:
        legal[:, _OPT_KIND == 2] &= counts[:, SILVER : SILVER + 1] > 0
    else:
        legal[:, _OPT_KIND == 2] = False
    return legal, moved


def _best(legal: np.ndarray, primary: np.ndarray, secondary: np.ndarray) -> np.ndarray:
    """Per row: the first legal column with the largest ``primary``, then ``secondary`` (the
    first in the sorted order of actions on a full tie). Every row must have a legal column."""
    p = np.where(legal, primary, _LOW)
    top = legal & (p == p.max(axis=1, keepdims=True))
    s = np.where(top, secondary, _LOW)
    top &= s == s.max(axis=1, keepdims=True)
    return top.argmax(axis=1)


@dataclass(frozen=True)
class _View:
    """What the players to move see, in whole numbers: the stars of the residents under the four
    dragons and a failed turn's juggler, both times ``unit`` (a per-game denominator: 1 unless
    a face-down resident counts as an average)."""

    stars: np.ndarray  # (games, 4) int64
    juggler: np.ndarray  # (games,) int64
    unit: np.ndarray  # (games,) int64

    def take(self, rows: np.ndarray) -> _View:
        return _View(self.stars[rows], self.juggler[rows], self.unit[rows])


@lru_cache(maxsize=1 << 12)
def _optimal_table(model: odds.Model) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The exact solver's (value, fail chance, roll on?) of every moment after a placement:
    arrays of shape (16 masks, 5 hands), scaled integers as inside :mod:`.odds`."""
    value = np.zeros((16, 5), dtype=np.int64)
    fail = np.zeros((16, 5), dtype=np.int64)
    roll = np.zeros((16, 5), dtype=bool)
    try:
        for mask in range(1, 16):
            for hand in range(5 - mask.bit_count()):
                value[mask, hand], fail[mask, hand] = odds._after(model, mask, hand)
                if hand:
                    roll[mask, hand] = odds._decide(model, mask, hand)[2]
    except OverflowError:
        raise ValueError(
            f"the stars {model[0]} (juggler {model[1]}) are too large for the simulator's "
            "64-bit tables of the optimal policy"
        ) from None
    for a in (value, fail, roll):
        a.setflags(write=False)
    return value, fail, roll


@dataclass(frozen=True)
class _Optimal:
    """The exact solver's tables for the turns of many games: ``value``, ``fail`` and ``roll``
    (shape (layouts, 16, 5), see :func:`_optimal_table`) of each distinct sorted star layout;
    game ``g`` reads layout ``index[g]``, its mask ``m`` being ``smap[g, m]`` there."""

    index: np.ndarray  # (games,)
    smap: np.ndarray  # (games, 16)
    value: np.ndarray
    fail: np.ndarray
    roll: np.ndarray

    def take(self, rows: np.ndarray) -> _Optimal:
        return _Optimal(self.index[rows], self.smap[rows], self.value, self.fail, self.roll)

    def at(self, table: np.ndarray, mask: np.ndarray, hand: np.ndarray) -> np.ndarray:
        """``table`` of each game (rows) at its own ``mask`` and ``hand`` (same shape, 1-D or
        one column per placement)."""
        rows = np.arange(len(self.index))
        if mask.ndim == 2:
            rows = rows[:, None]
            return table[self.index[:, None], self.smap[rows, mask], hand]
        return table[self.index, self.smap[rows, mask], hand]


def _refill(
    under: np.ndarray, pile: np.ndarray, drawn: np.ndarray, live: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """After a turn in the games ``live``: the empty places are refilled from the pile (``pile``
    rows of ``count`` residents, ``drawn`` of them drawn), leftmost first, unless it cannot fill
    them all, which ends that game. ``under`` and ``drawn`` change in place; returns the games
    still going, those refilled and how many places each of those got."""
    empty = (under[live] < 0).sum(axis=1)
    ends = empty > count - drawn[live]
    filled = ~ends & (empty > 0)
    refill = live[filled]
    for slot in range(4):
        r = refill[under[refill, slot] < 0]
        under[r, slot] = pile[r, drawn[r]]
        drawn[r] += 1
    return live[~ends], refill, empty[filled]


def _optimal_tables(view: _View, silver_with_colour: bool) -> _Optimal:
    """The optimal policy's tables for the turns of the games of ``view``.

    Colours are alike on the dice, so a turn's values only permute with its star layout: the
    solver is asked about each distinct sorted layout once, and each game reads its table through
    the map from its own dragons to the sorted ones (exact: the values and fail chances, which
    decide every choice, are the same numbers)."""
    order = np.argsort(view.stars, axis=1, kind="stable")
    ranked = np.take_along_axis(view.stars, order, axis=1)
    keys = np.column_stack([ranked, view.juggler, view.unit])
    radix = keys.max(axis=0) + 1
    if float(np.prod(radix.astype(float))) < 2.0**62:  # one whole number per layout: faster
        code = keys @ np.cumprod(np.concatenate([[1], radix[:-1]]))
        _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
        distinct = keys[first]
    else:
        distinct, inverse = np.unique(keys, axis=0, return_inverse=True)
    tables = []
    for row in distinct.tolist():
        unit = row[5]
        model = odds.turn_model(
            tuple(Fraction(s, unit) for s in row[:4]), Fraction(row[4], unit), silver_with_colour
        )
        tables.append(_optimal_table(model))
    value, fail, roll = (np.stack([t[k] for t in tables]) for k in range(3))
    smap = np.zeros((len(order), 16), dtype=np.int64)
    for k in range(4):  # the sorted layout's dragon k is the game's dragon order[g, k]
        smap += _BITS[:, order[:, k]].T.astype(np.int64) << k
    return _Optimal(inverse.reshape(-1), smap, value, fail, roll)


@dataclass(frozen=True)
class _Seat:
    """How one entrant plays: its turn policy and (memory variant) what it remembers."""

    policy: TurnPolicy
    memory: str
    label: str


def _rule_rolls(view: _View, mask: np.ndarray, hand: np.ndarray) -> np.ndarray:
    """:func:`~kaskaria.dragon_battle.odds.rule_says_roll` for every game at once (exact, in
    whole numbers times each game's unit)."""
    bits = _BITS[mask]
    unit = view.unit
    held = np.where(bits, view.stars, 0).sum(axis=1)
    empty = np.where(bits, 0, view.stars)
    big = np.where(bits, _LOW, view.stars).max(axis=1)
    lose = held - view.juggler
    scared = _POPCOUNT[mask]
    two = (scared < 2) | ~(
        (big <= 2 * unit) & ((lose >= 6 * unit) | ((big <= unit) & (lose >= 3 * unit)))
    )
    one = empty.sum(axis=1) + big > (scared + 1) * lose
    return np.where(hand >= 3, True, np.where(hand == 2, two, one))


@cache
def _threshold_table(risk: Fraction) -> np.ndarray:
    """``table[hand, scared]``: does the threshold policy roll on?"""
    table = np.zeros((5, 5), dtype=bool)
    for hand in range(1, 5):
        for scared in range(5 - hand):
            table[hand, scared] = odds.fail_chance(hand, scared) <= risk
    return table


def _place(
    seat: _Seat,
    legal: np.ndarray,
    moved: np.ndarray,
    mask: np.ndarray,
    nonblack: np.ndarray,
    view: _View,
    optimal: _Optimal | None,
    rng: np.random.Generator,
) -> np.ndarray:
    """The placement (index into the 12 in sorted order) ``seat`` chooses in each game; every
    row has at least one legal placement."""
    name = seat.policy.name
    if name == "random":  # uniformly among the legal placements, like the random bot
        k = rng.integers(0, legal.sum(axis=1))
        return (np.cumsum(legal, axis=1) > k[:, None]).argmax(axis=1)
    if name == "optimal":
        assert optimal is not None
        after_mask = mask[:, None] | _OPT_BIT[None, :]
        after_hand = np.maximum(nonblack[:, None] - moved, 0)
        value = optimal.at(optimal.value, after_mask, after_hand)
        return _best(legal, value, -optimal.at(optimal.fail, after_mask, after_hand))
    stars = view.stars[:, _OPT_DRAGON]
    if name == "rule":  # the dragon's stars minus the dice set aside, then fewer dice
        return _best(legal, stars - moved * view.unit[:, None], -moved)
    return _best(legal, stars, -moved)  # greedy: the most stars, then fewer dice


def _rolls_on(
    seat: _Seat,
    mask: np.ndarray,
    hand: np.ndarray,
    view: _View,
    optimal: _Optimal | None,
    rng: np.random.Generator,
) -> np.ndarray:
    """Does ``seat`` roll on (rather than stop) with ``hand`` >= 1 dice and ``mask`` scared?"""
    policy = seat.policy
    name = policy.name
    if name == "all-in":
        return np.ones(len(mask), dtype=bool)
    if name == "cautious":
        return np.zeros(len(mask), dtype=bool)
    if name == "threshold":
        assert policy.risk is not None
        return _threshold_table(policy.risk)[hand, _POPCOUNT[mask]]
    if name == "rule":
        return _rule_rolls(view, mask, hand)
    if name == "optimal":
        assert optimal is not None
        return optimal.at(optimal.roll, mask, hand)
    return rng.integers(0, 2, size=len(mask)) == 0  # random: "roll" or "stop", like the bot


@dataclass
class _TurnLog:
    """Every roll of a simulation, in the order they happened (for :meth:`GameSample.game_trace`)."""

    game: list[np.ndarray] = field(default_factory=list)
    dice: list[np.ndarray] = field(default_factory=list)
    hand: list[np.ndarray] = field(default_factory=list)
    placed: list[np.ndarray] = field(default_factory=list)
    decision: list[np.ndarray] = field(default_factory=list)


def _play_turns(
    seats: tuple[_Seat, ...],
    kind: np.ndarray,
    view: _View,
    silver_with_colour: bool,
    rng: np.random.Generator,
    games: np.ndarray,
    log: _TurnLog | None,
) -> tuple[np.ndarray, np.ndarray]:
    """One turn in each game: ``kind[r]`` is the index in ``seats`` of how the player to move
    in row ``r`` plays. Returns (outcome, actions): 0 for a failed turn, else the mask of the
    dragons scared; and the engine's number of actions in the turn (decisions and dice)."""
    a = len(kind)
    mask = np.zeros(a, dtype=np.int64)
    hand = np.full(a, 4, dtype=np.int64)
    outcome = np.full(a, -1, dtype=np.int64)
    actions = np.ones(a, dtype=np.int64)  # the "roll" that begins the scare
    optimal: _Optimal | None = None
    solved = np.array([s.policy.name == "optimal" for s in seats])[kind]
    if solved.any():  # the exact solver's tables, for the rows that play optimally
        rows = np.flatnonzero(solved)
        part = _optimal_tables(view.take(rows), silver_with_colour)
        index = np.zeros(a, dtype=np.int64)
        smap = np.zeros((a, 16), dtype=np.int64)
        index[rows], smap[rows] = part.index, part.smap
        optimal = _Optimal(index, smap, part.value, part.fail, part.roll)
    rolling = np.arange(a)
    for _ in range(4):  # each roll that does not fail sets at least one die aside
        if not len(rolling):
            break
        m, h = mask[rolling], hand[rolling]
        dice = rng.integers(0, 6, size=(len(rolling), 4))
        counts = _roll_counts(dice, h)
        legal, moved = _legal_placements(counts, m, silver_with_colour)
        actions[rolling] += 1  # the dice's outcome
        ok = legal.any(axis=1)
        outcome[rolling[~ok]] = 0  # nothing can be set aside: the scare fails
        choice, roll_on = _styled_step(
            seats, kind, rolling, ok, legal, moved, counts, mask, hand, view, optimal, rng
        )
        placed = rolling[ok]
        actions[placed] += 1  # the placement
        decided = placed[hand[placed] > 0]
        actions[decided] += 1  # roll on or stop
        go = ok & roll_on
        stop = ok & ~roll_on
        outcome[rolling[stop]] = mask[rolling[stop]]  # stopped, or no dice left
        if log is not None:
            log.game.append(games[rolling])
            log.dice.append(dice)
            log.hand.append(h)
            log.placed.append(choice)
            log.decision.append(np.where(ok & (hand[rolling] > 0), roll_on.astype(np.int8), -1))
        rolling = rolling[go]
    assert not len(rolling) and (outcome >= 0).all()
    return outcome, actions


def _styled_step(
    seats: Sequence[_Seat],
    kind: np.ndarray,
    rolling: np.ndarray,
    ok: Any,
    legal: np.ndarray,
    moved: np.ndarray,
    counts: np.ndarray,
    mask: np.ndarray,
    hand: np.ndarray,
    view: _View,
    optimal: _Optimal | None,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """One roll's decisions in the rows ``rolling`` whose roll can set dice aside (``ok``), each
    row played by ``seats[kind[row]]``: the placement chosen (-1 where the roll failed) and
    whether the row rolls on; ``mask`` and ``hand`` are brought up to date in place."""
    m, h = mask[rolling], hand[rolling]
    choice = np.full(len(rolling), -1, dtype=np.int64)
    roll_on = np.zeros(len(rolling), dtype=bool)
    nonblack = h - counts[:, 0]
    k_here = kind[rolling]
    for k in np.unique(k_here[ok]).tolist():
        sel = np.flatnonzero(ok & (k_here == k))
        rows = rolling[sel]
        sub_view = view.take(rows)
        sub_opt = None if optimal is None else optimal.take(rows)
        c = _place(seats[k], legal[sel], moved[sel], m[sel], nonblack[sel], sub_view, sub_opt, rng)
        choice[sel] = c
        new_mask = m[sel] | _OPT_BIT[c]
        new_hand = nonblack[sel] - moved[sel, c]
        more = np.flatnonzero(new_hand > 0)
        if len(more):
            roll_on[sel[more]] = _rolls_on(
                seats[k],
                new_mask[more],
                new_hand[more],
                sub_view.take(more),
                None if sub_opt is None else sub_opt.take(more),
                rng,
            )
        mask[rows] = new_mask
        hand[rows] = new_hand
    return choice, roll_on


def _check_game(game: Any) -> Any:
    from .engine import DragonBattle

    if not isinstance(game, DragonBattle):
        raise TypeError(
            "game must be a Dragon Battle game (kaskaria.load('dragon-battle', players=...)), "
            f"got {short(game)}"
        )
    return game


def _seat(entry: Any, game: Any, memory: str) -> _Seat:
    """How an entrant plays, from a policy name, a seat-menu text such as ``"threshold(1/4)"``,
    a :class:`TurnPolicy` or a Dragon Battle bot."""
    from ..bots import RandomBot, bot_from_choice
    from .bots import OptimalBot, PolicyBot, make_bot

    if isinstance(entry, str) and entry not in odds.POLICY_NAMES and "(" in entry:
        entry = bot_from_choice(game, entry)
    if isinstance(entry, str):
        policy = make_policy(entry)
    elif isinstance(entry, TurnPolicy):
        policy = entry
    elif isinstance(entry, PolicyBot):
        policy, memory = entry.policy, entry.memory
    elif isinstance(entry, OptimalBot):
        policy, memory = make_policy("optimal"), entry.memory
    elif isinstance(entry, RandomBot):
        policy = make_policy("random")
    else:
        raise TypeError(
            "each entrant must be a turn policy name ('cautious', 'all-in', 'rule', 'optimal', "
            "'random'), a seat text such as 'threshold(1/4)', a TurnPolicy of make_policy(...) or "
            f"a Dragon Battle bot, got {short(entry)}"
        )
    if policy.name == "random":
        bot: Any = RandomBot()
    elif policy.name == "threshold":
        bot = make_bot("threshold", risk=policy.risk, memory=memory)
    else:
        bot = make_bot(policy.name, memory=memory)
    return _Seat(policy, memory, bot.label)


def _labels(names: list[str]) -> tuple[str, ...]:
    """Entrant labels as :func:`kaskaria.tournament.play_tournament` writes them."""
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} #{seen[name]}"
        labels.append(name)
    return tuple(labels)


def _views(
    game: Any,
    seen_stars: np.ndarray,
    jugglers_left: np.ndarray,
    unseen_stars: np.ndarray,
    unseen_count: np.ndarray,
) -> dict[str, _View]:
    """What the players to move see, by memory model: ``"perfect"`` (every resident known: the
    stars under the dragons) and ``"forgetful"`` (in the memory variant every resident lies face
    down during a scare and counts as the average of those not rescued: under the dragons or in
    the pile, as :func:`~kaskaria.dragon_battle.odds.turn_view` says)."""
    a = len(jugglers_left)
    ones = np.ones(a, dtype=np.int64)
    if game.variant == "younger":  # the score is residents: each counts 1, a juggler 0
        view = _View(np.ones((a, 4), dtype=np.int64), np.zeros(a, dtype=np.int64), ones)
        return {"perfect": view, "forgetful": view}
    if game.jugglers_run_out == "unlimited":
        juggler = np.full(a, game.juggler_stars, dtype=np.int64)
    else:
        juggler = np.where(jugglers_left > 0, game.juggler_stars, 0).astype(np.int64)
    perfect = _View(seen_stars, juggler, ones)
    if not game.memory:
        return {"perfect": perfect, "forgetful": perfect}
    forgetful = _View(
        np.repeat(unseen_stars[:, None], 4, axis=1), juggler * unseen_count, unseen_count
    )
    return {"perfect": perfect, "forgetful": forgetful}


#: The most turns a simulated game may take (a guard: real games take a few dozen).
MAX_TURNS = 10_000


def simulate_games(
    game: Any,
    policies: Sequence[Any],
    n: int,
    rng: np.random.Generator,
    *,
    rotate: bool = True,
    memory: str = "forgetful",
    trace: bool = False,
) -> GameSample:
    """Play ``n`` whole games of ``game`` at once, each seat playing a fixed turn policy.

    ``game``: a Dragon Battle game of :func:`kaskaria.load` (its players, variant, options and
    rules table: residents and their stars, jugglers and their stars, ``jugglers_run_out``,
    ``silver_with_colour``, ``first_player``; the variant's score and tie-break).
    ``policies``: one entrant per seat, each a policy name of
    :func:`~kaskaria.dragon_battle.odds.make_policy` (``"cautious"``, ``"all-in"``, ``"rule"``,
    ``"optimal"``, ``"random"``), a seat text such as ``"threshold(1/4)"``, a
    :class:`~kaskaria.dragon_battle.odds.TurnPolicy`, or a Dragon Battle bot (it plays exactly as
    its policy; its ``memory`` is kept). ``rng``: a ``numpy.random.Generator``; the same seed gives
    the same games. ``rotate``: as in :func:`kaskaria.tournament.play_tournament`, entrant ``e``
    sits in seat ``(e + i) % players`` in game ``i`` (else always in seat ``e``). ``memory``
    (memory variant, for entrants given by name or policy): ``"forgetful"`` (a face-down resident
    counts as the average of the residents not rescued, as the bots do by default) or
    ``"perfect"`` (the residents seen drawn are remembered). ``trace=True`` keeps every draw,
    roll and choice (:meth:`GameSample.game_trace`), to replay a game through the engine.

    The games are vectorised: numpy arrays of games x dragons and games x seats, a loop over
    turns and over the at most four rolls of a turn. The dice are ``rng.integers(0, 6,
    size=(games rolling, 4))`` (a roll of ``h`` dice reads the first ``h``); each game's pile is
    shuffled once at the start (``rng.permuted``) and refills are dealt from its top, which is
    the same as drawing each refill uniformly from the pile. Each policy decides from what the
    player to move sees, with the same choices, tie-breaks and exact arithmetic as its bot:
    placements by the policy's key over the legal placements in the engine's sorted order,
    rolling on by the policy's rule; ``"optimal"`` reads the exact solver's memoised values.

    >>> import numpy as np, kaskaria
    >>> game = kaskaria.load("dragon-battle", players=3)
    >>> sample = simulate_games(game, ["optimal", "threshold(1/4)", "threshold(1/4)"], 300,
    ...                         np.random.default_rng(1))
    >>> sample.games, sample.players, round(float(sample.wins.sum()))
    (300, 3, 300)
    """
    game = _check_game(game)
    if isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence):
        raise TypeError(f"policies must be a list with one entrant per seat, got {short(policies)}")
    if len(policies) != game.players:
        raise ValueError(
            f"the game is set up for {game.players} players; give one policy per seat, got "
            f"{len(policies)}"
        )
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"n must be a whole number of games >= 0, got {short(n)}")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), got {short(rng)}"
        )
    if not isinstance(rotate, (bool, np.bool_)):
        raise ValueError(f"rotate must be True or False, got {short(rotate)}")
    if not isinstance(memory, str) or memory not in _MEMORIES:
        raise ValueError(f"memory must be 'forgetful' or 'perfect', got {short(memory)}")
    if not isinstance(trace, (bool, np.bool_)):
        raise ValueError(f"trace must be True or False, got {short(trace)}")
    entrants = tuple(_seat(entry, game, memory) for entry in policies)
    n, players = int(n), game.players
    names = game.resident_names
    count = len(names)
    resident_stars = np.array([game.stars[name] for name in names], dtype=np.int64)
    total_stars = int(resident_stars.sum())

    # how each entrant plays, merged where two play alike
    seats: list[_Seat] = []
    kind_of_entrant = []
    for e in entrants:
        same = [k for k, s in enumerate(seats) if (s.policy, s.memory) == (e.policy, e.memory)]
        if not same:
            seats.append(e)
        kind_of_entrant.append(same[0] if same else len(seats) - 1)
    shift = np.arange(n) % players if rotate else np.zeros(n, dtype=np.int64)
    entrant_of_seat = (np.arange(players)[None, :] - shift[:, None]) % players
    kind_of_seat = np.array(kind_of_entrant, dtype=np.int64)[entrant_of_seat]

    pile = rng.permuted(np.tile(np.arange(count), (n, 1)), axis=1)
    under = pile[:, :4].copy()
    drawn = np.full(n, 4, dtype=np.int64)
    rescued_stars = np.zeros((n, players), dtype=np.int64)
    rescued = np.zeros((n, players), dtype=np.int64)
    jugglers = np.zeros((n, players), dtype=np.int64)
    jugglers_left = np.full(n, game.jugglers, dtype=np.int64)
    turns = np.zeros(n, dtype=np.int64)
    seat_turns = np.zeros((n, players), dtype=np.int64)
    seat_failed = np.zeros((n, players), dtype=np.int64)
    actions = np.full(n, 4, dtype=np.int64)  # the four draws of the set-up
    first_turn = np.zeros(n, dtype=np.uint8)
    first_stars = resident_stars[under]
    unlimited = game.jugglers_run_out == "unlimited"
    log = _TurnLog() if trace else None

    live = np.arange(n)
    while len(live):
        if turns[live[0]] >= MAX_TURNS:
            raise RuntimeError(f"a simulated game has not ended after {MAX_TURNS} turns")
        player = (game.first_player + turns[live]) % players
        seen = resident_stars[under[live]]
        taken = rescued_stars[live].sum(axis=1)
        views = _views(
            game,
            seen,
            jugglers_left[live],
            total_stars - taken,
            count - rescued[live].sum(axis=1),
        )
        kind = kind_of_seat[live, player]
        pv, fv = views["perfect"], views["forgetful"]
        if pv is fv:
            view = pv
        else:  # each player to move sees with its own memory
            forgets = np.array([s.memory == "forgetful" for s in seats])[kind]
            view = _View(
                np.where(forgets[:, None], fv.stars, pv.stars),
                np.where(forgets, fv.juggler, pv.juggler),
                np.where(forgets, fv.unit, pv.unit),
            )
        outcome, turn_actions = _play_turns(
            tuple(seats), kind, view, game.silver_with_colour, rng, live, log
        )
        bits = _BITS[outcome]
        rescued_stars[live, player] += np.where(bits, seen, 0).sum(axis=1)
        rescued[live, player] += _POPCOUNT[outcome]
        under[live] = np.where(bits, -1, under[live])
        failed = outcome == 0
        left = jugglers_left[live]
        give = failed & ((left > 0) | unlimited)
        jugglers[live[give], player[give]] += 1
        jugglers_left[live[failed & (left > 0)]] -= 1
        seat_failed[live[failed], player[failed]] += 1
        seat_turns[live, player] += 1
        first = turns[live] == 0
        first_turn[live[first]] = outcome[first]
        actions[live] += turn_actions
        turns[live] += 1
        live, refilled, places = _refill(under, pile, drawn, live, count)
        actions[refilled] += places

    stars = rescued_stars + game.juggler_stars * jugglers
    scores = rescued if game.variant == "younger" else stars
    top = scores == scores.max(axis=1, keepdims=True)
    if game.variant != "younger":  # a tie goes to the fewest rescued residents
        fewest = np.where(top, rescued, np.iinfo(np.int64).max).min(axis=1, keepdims=True)
        top &= rescued == fewest
    wins = top / top.sum(axis=1, keepdims=True)
    return GameSample(
        game=game,
        labels=_labels([e.label for e in entrants]),
        policies=tuple(e.policy for e in entrants),
        memory=tuple(e.memory for e in entrants),
        rotate=bool(rotate),
        entrant_of_seat=entrant_of_seat,
        scores=scores.copy(),
        stars=stars,
        rescued=rescued,
        jugglers=jugglers,
        wins=wins,
        turns=turns,
        seat_turns=seat_turns,
        seat_failed=seat_failed,
        actions=actions,
        first_player=game.first_player,
        first_turn=first_turn,
        first_stars=first_stars,
        _pile=pile if trace else None,
        _drawn=drawn if trace else None,
        _log=log,
    )


@dataclass(frozen=True, eq=False)
class GameSample:
    """Whole games played by :func:`simulate_games`.

    Arrays of shape (games, players) are indexed by **seat** (as the game numbers them);
    ``entrant_of_seat[i, s]`` is the entrant (index into ``labels`` and ``policies``) in seat
    ``s`` of game ``i``, and :meth:`by_entrant` reorders any such array by entrant.

    ``scores``: the variant's score (stars, or rescued residents for ``"younger"``); ``stars``:
    residents' stars plus jugglers' stars; ``rescued``: residents rescued; ``jugglers``: jugglers
    taken (with ``jugglers_run_out="unlimited"`` also the stand-ins); ``wins``: 1 for the winner,
    ``1/k`` for each of ``k`` tied winners (after the variant's tie-break), else 0; ``turns``:
    scares played in each game; ``seat_turns`` and ``seat_failed``: scares played and failed by
    each seat; ``actions``: the engine's number of actions the game takes (draws, dice and
    decisions); ``first_player``: the seat that plays first in every game; ``first_turn``: how the
    first scare ended (0 failed, else the mask of dragons scared: yellow 1, red 2, blue 4,
    purple 8) and ``first_stars`` the stars under the dragons (yellow, red, blue, purple) then.
    """

    game: Any
    labels: tuple[str, ...]
    policies: tuple[TurnPolicy, ...]
    memory: tuple[str, ...]
    rotate: bool
    entrant_of_seat: np.ndarray
    scores: np.ndarray
    stars: np.ndarray
    rescued: np.ndarray
    jugglers: np.ndarray
    wins: np.ndarray
    turns: np.ndarray
    seat_turns: np.ndarray
    seat_failed: np.ndarray
    actions: np.ndarray
    first_player: int
    first_turn: np.ndarray
    first_stars: np.ndarray
    _pile: np.ndarray | None = field(default=None, repr=False)
    _drawn: np.ndarray | None = field(default=None, repr=False)
    _log: _TurnLog | None = field(default=None, repr=False)

    @property
    def games(self) -> int:
        return int(self.scores.shape[0])

    @property
    def players(self) -> int:
        return int(self.scores.shape[1])

    def by_entrant(self, values: np.ndarray) -> np.ndarray:
        """A (games, players) array indexed by seat, reordered by entrant."""
        values = np.asarray(values)
        if values.shape != self.entrant_of_seat.shape:
            raise ValueError(
                f"expected an array of shape {self.entrant_of_seat.shape} (games, players), got "
                f"{values.shape}"
            )
        out = np.empty_like(values)
        np.put_along_axis(out, self.entrant_of_seat, values, axis=1)
        return out

    @property
    def positions(self) -> np.ndarray:
        """Each entrant's position in the order of play (0 plays first), shape (games, players)."""
        seats = np.broadcast_to(np.arange(self.players), self.entrant_of_seat.shape)
        return self.by_entrant((seats - self.first_player) % self.players)

    @property
    def win_rate(self) -> tuple[float, ...]:
        """Each entrant's share of wins (shared wins split)."""
        return tuple(float(x) for x in self.by_entrant(self.wins).mean(axis=0))

    @property
    def mean_stars(self) -> tuple[float, ...]:
        """Each entrant's mean stars per game."""
        return tuple(float(x) for x in self.by_entrant(self.stars).mean(axis=0))

    @property
    def failed_share(self) -> tuple[float, ...]:
        """Each entrant's share of failed scares among the scares it played."""
        failed = self.by_entrant(self.seat_failed).sum(axis=0)
        played = self.by_entrant(self.seat_turns).sum(axis=0)
        return tuple(float(f / max(p, 1)) for f, p in zip(failed, played, strict=True))

    @property
    def mean_turns(self) -> float:
        """Scares per game, on average."""
        return float(self.turns.mean()) if self.games else 0.0

    def to_tournament(self, seed: int | None = None) -> TournamentResult:
        """The same :class:`~kaskaria.tournament.TournamentResult` as
        :func:`~kaskaria.tournament.play_tournament` returns (arrays by entrant, positions in
        the order of play, ``extra["stars"]``, the engine's count of actions), marked as
        simulated; ``seed``: the seed to show in its summary, if the generator was seeded with
        one."""
        from ..tournament import TournamentResult

        if seed is not None:
            seed = int(check_seed(seed))  # type: ignore[arg-type]
        if not self.games:
            raise ValueError("a tournament result needs at least one game; this sample has none")
        return TournamentResult(
            game=self.game.spec(),
            labels=self.labels,
            seed=seed,
            rotate=self.rotate,
            scores=self.by_entrant(self.scores).astype(float),
            extra={"stars": self.by_entrant(self.stars).astype(float)},
            wins=self.by_entrant(self.wins),
            positions=self.positions.astype(np.int64),
            actions=self.actions.copy(),
            unit=self.game.score_unit,
            simulated=True,
        )

    def game_trace(self, i: int) -> dict[str, Any]:
        """Everything chance and the players did in game ``i`` (only with ``trace=True``):
        ``{"draws": [resident, ...], "rolls": [(faces, placement, decision), ...]}`` in order:
        ``faces`` the sorted faces of each roll (as in ``roll black red``), ``placement`` the
        action that set dice aside (``None`` if the roll failed), ``decision`` ``"roll"``,
        ``"stop"`` or ``None`` (no decision: the roll failed or no dice were left)."""
        if self._log is None or self._pile is None or self._drawn is None:
            raise ValueError("this sample kept no trace; simulate with trace=True")
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < self.games:
            raise ValueError(f"i must be a game from 0 to {self.games - 1}, got {short(i)}")
        names = self.game.resident_names
        draws = [names[r] for r in self._pile[i, : self._drawn[i]].tolist()]
        rolls = []
        log = self._log
        for games, dice, hand, placed, decision in zip(
            log.game, log.dice, log.hand, log.placed, log.decision, strict=True
        ):
            for row in np.flatnonzero(games == i).tolist():
                faces = tuple(sorted(FACES[f] for f in dice[row, : hand[row]].tolist()))
                c = int(placed[row])
                d = int(decision[row])
                rolls.append(
                    (
                        faces,
                        None if c < 0 else _OPT_ACTIONS[c],
                        None if d < 0 else ("stop", "roll")[d],
                    )
                )
        return {"draws": draws, "rolls": rolls}

    def __repr__(self) -> str:
        rates = ", ".join(
            f"{label}: {rate:.3f}" for label, rate in zip(self.labels, self.win_rate, strict=True)
        )
        return f"<GameSample {self.games} games, win rates {rates}>"


def simulate_tournament(
    game: Any,
    policies: Sequence[Any],
    games: int = 1000,
    seed: int = 0,
    *,
    rotate: bool = True,
    memory: str = "forgetful",
) -> TournamentResult:
    """:func:`kaskaria.tournament.play_tournament` for fixed turn policies, vectorised: the
    result of ``simulate_games(game, policies, games, numpy.random.default_rng(seed), ...)`` as
    a :class:`~kaskaria.tournament.TournamentResult` (same summary, intervals and positions).

    The games are not the engine's games for the same seed (the random numbers are used
    differently); they follow the same rules and the same policies, so every statistic has the
    same distribution.
    """
    seed = int(check_seed(seed))  # type: ignore[arg-type]
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, got {short(games)}")
    sample = simulate_games(
        game, policies, games, np.random.default_rng(seed), rotate=rotate, memory=memory
    )
    return sample.to_tournament(seed)
