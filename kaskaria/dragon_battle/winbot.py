"""Dragon Battle played to win the game: the ``"win"`` bot and the numbers behind its choices.

The ``"optimal"`` bot makes the most stars *this turn*. The ``"win"`` bot makes the largest
chance of *winning the game*, from the solved two-player game of :mod:`.duel`:

- **two players, basic or younger children's variant** (jugglers running out as the rulebook
  implies): exact. Every choice of the turn gets the chance of winning that follows from it under
  best play by both players; the best one is taken. When two choices differ by less than
  :data:`EQUAL` (a billionth) the one with the most expected stars this turn is taken, so the bot
  plays exactly like ``"optimal"`` wherever the game's outcome does not care;
- **three or four players**: an estimate by playouts (:mod:`.rollout`): after each choice the
  rest of the game is played out :data:`FUTURES` times (the pile dealt again in a random order,
  random dice; the same futures for every choice), every player, the bot too, following the
  per-turn solver of ``"optimal"``; the chance of winning of a choice is its share of wins. The
  choice with the most wins is taken where it beats ``"optimal"``'s choice by more than
  :data:`MARGIN` standard errors, else ``"optimal"``'s. One step of policy improvement over
  ``"optimal"``: measurably stronger than it (see docs/bots.md), where the earlier reading, the
  product of the two-player duels near the end (``MULTI = "product"``), was not;
- **the memory variant** (residents face down once the dice are rolled): the bot reads only what
  lies open, as its seat's screen shows it: a face-down resident may be any of those it cannot
  see (face down or in the pile), each way they can lie as likely as the next. With two players
  the chance of winning at each moment of the turn is the exact mean over every way the
  face-down residents can lie (the ends of the turn averaged, then the turn's best play worked
  out on those means: the player learns nothing new about them until the turn ends); after the
  turn the solution of the basic rules counts on (the players then play as if the residents
  were open). With three or four players each playout deals the face-down residents again with
  the pile, and its players play on what their screens show (:mod:`.rollout`);
- rules the solution does not cover (unlimited jugglers with two players): the bot plays like
  ``"optimal"`` (the most expected stars).

:func:`win_advice` gives every choice with its chance of winning, its expected stars this turn
and its chance of failing the turn; :func:`differences` lists positions where playing to win
differs from playing for stars (for instance far behind near the end it rolls on where
``"optimal"`` stops).

Everything is read from the deciding seat's observation (see :func:`win_advice`).
"""

from __future__ import annotations

import hashlib
import math
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..bots import Bot, BotSpec, SeatView, register_bot
from ..core import Action
from ..validate import short
from . import odds, rollout
from .duel import DuelRules, DuelTable, cache_dir, duel_rules, read_or_solve
from .engine import NAME
from .turn import STOP, after_option, counts_of, mask_of
from .turn import options as placement_options

__all__ = [
    "EQUAL",
    "Difference",
    "WinAdvice",
    "WinBot",
    "WinChoice",
    "cache_dir",
    "differences",
    "duel_table",
    "use_table",
    "win_advice",
]

#: Chances of winning closer than this count as equal (then the most expected stars decide).
EQUAL = 1e-9
#: With three or four players and ``MULTI = "product"`` or ``"rival"`` (not the bot's default,
#: ``"playout"``) the duels are consulted only once the pile holds at most this
#: many residents (None: always); before that the bot plays for stars, like ``"optimal"``.
#: Measured (head to head against two or three ``"optimal"`` bots, 1,200 seeded games, see
#: docs/bots.md): consulting the duels all game long loses (win share 0.29 with three players,
#: fair 0.33); from 3 residents left it plays even or a little better (0.347).
DUEL_PILE: int | None = 3
#: With three or four players: ``"playout"`` (every choice weighed by playing the rest of the
#: game out :data:`FUTURES` times, everyone following the per-turn solver: see :mod:`.rollout`),
#: ``"product"`` (the chance of winning read as the product of the chances of beating each
#: opponent, each from the two-player solution, once the pile holds at most :data:`DUEL_PILE`)
#: or ``"rival"`` (the duel with the strongest opponent alone; weaker: 0.26 where the product
#: gives 0.29, all game long). Measured in docs/bots.md: only ``"playout"`` beats ``"optimal"``.
MULTI = "playout"
#: With ``MULTI = "playout"``: the futures played out after each choice (the same for every
#: choice), and how sure the playouts must be to choose otherwise than ``"optimal"``: the
#: choice with the most wins is taken only if its wins exceed those of ``"optimal"``'s choice by
#: more than :data:`MARGIN` standard errors of the difference (future by future); else the
#: choice of ``"optimal"`` (the most stars this turn).
FUTURES = 400
MARGIN = 1.0
#: With ``MULTI = "playout"``: how the playouts rank the choices, future by future: the value
#: ``(1 - PLACE) * win + PLACE * place``, where ``place`` is the share of the other players the
#: bot finished ahead of as the ladder reads a game (a winner ahead of all; between two losers
#: the more stars; see :func:`.rollout.places`). 0: the wins alone (the earlier bot).
PLACE = 0.0
#: With ``MULTI = "playout"``: the styles the playouts give the other players besides
#: ``"optimal"``, one drawn evenly per player and future (:func:`.rollout.outcomes`); empty:
#: every other player follows ``"optimal"``.
OTHERS: tuple[str, ...] = ()

_TABLES: dict[str, DuelTable] = {}
_READING = threading.Lock()


def use_table(table: DuelTable) -> None:
    """Play by ``table`` whenever its rules come up (a table solved or loaded elsewhere)."""
    _TABLES[table.rules.key] = table


def duel_table(rules: DuelRules, *, solve_missing: bool = True, save: bool = True) -> DuelTable:
    """The solved two-player game of ``rules``: from memory, else from the cache directory
    (:func:`cache_dir`; a file that fails its checks is solved again), else solved now (and
    saved there). ``solve_missing=False`` raises ``LookupError`` instead of solving."""
    key = rules.key
    table = _TABLES.get(key)
    if table is not None:
        return table
    with _READING:  # one reader: a server's bot and its hints' thread may both ask at once
        table = _TABLES.get(key)
        if table is None:
            table = read_or_solve(rules, solve_missing=solve_missing, save=save)
            _TABLES[key] = table
    return table


# ---------------------------------------------------------------------------------------------
# Advice
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class WinChoice:
    """One legal action: its chance of winning the game (under best play afterwards; ``None``
    where no chance of winning is computed), its expected stars this turn and its chance of
    failing this turn (both exact, under the per-turn solver's best play afterwards)."""

    action: Action
    win: float | None
    expected_stars: Fraction
    fail_chance: Fraction


@dataclass(frozen=True)
class WinAdvice:
    """Every choice at one moment of a turn, and the one the ``"win"`` bot takes.

    ``method``: ``"exact"`` (two players, solved), ``"playout"`` (more players: each choice's
    share of wins in playouts), ``"duel"`` (more players with ``MULTI = "product"``, near the
    end: the product of the duels with every opponent) or ``"stars"`` (the per-turn solver's
    choice: no chance of winning is computed); ``best``: the bot's choice; ``optimal``: the choice of the ``"optimal"`` bot (the
    most stars this turn); ``rival``: the strongest opponent (``"duel"``), else None;
    ``stars``: the per-turn solver's :class:`~kaskaria.dragon_battle.odds.Advice`.
    """

    phase: str
    choices: tuple[WinChoice, ...]
    best: Action
    optimal: Action
    method: str
    rival: int | None
    stars: odds.Advice

    def choice(self, action: Action | str) -> WinChoice:
        for c in self.choices:
            if c.action == action or str(c.action) == action:
                return c
        raise ValueError(
            f"{action!s} is not a legal choice here; the choices are: "
            + ", ".join(str(c.action) for c in self.choices)
        )

    @property
    def best_choice(self) -> WinChoice:
        return self.choice(self.best)

    @property
    def differs(self) -> bool:
        """Does playing to win choose otherwise than playing for the most stars?"""
        return self.best != self.optimal


def _observed(state: Any) -> tuple[Any, dict[str, Any], int]:
    """(game, observation of the deciding seat, seat) of a state or a bot's seat view."""
    if isinstance(state, SeatView):
        return state.game, state.observation, state.seat
    game = getattr(state, "game", None)
    if getattr(game, "name", None) != NAME:
        raise TypeError(f"this needs a Dragon Battle state, got {short(state)}")
    seat = state.current_player()
    if seat < 0 or state.phase not in ("start", "place", "decide"):
        raise ValueError(
            "advice is given in phases 'start', 'place' and 'decide' (a player's decision), "
            f"not in phase {state.phase!r}"
        )
    return game, state.observation(seat), seat


def win_advice(state: Any, *, solve_missing: bool = True, rng: Any = None) -> WinAdvice:
    """Every legal choice of the player to move with its chance of winning the game, and the
    ``"win"`` bot's choice (see the module's text for what is exact and what is approximated).

    ``state``: a Dragon Battle state in phase ``"start"``, ``"place"`` or ``"decide"``, or a bot's
    :class:`~kaskaria.bots.SeatView`. Only the deciding seat's observation is used. ``rng`` (a
    ``numpy.random.Generator``): the random numbers of the playouts with three or four players
    (one number is drawn from it); without it they are seeded by the position, so the same
    position gets the same advice.
    """
    game, seen, seat = _observed(state)
    return advice_from_observation(game, seen, seat, solve_missing=solve_missing, rng=rng)


def advice_from_observation(
    game: Any, seen: dict[str, Any], seat: int, *, solve_missing: bool = True, rng: Any = None
) -> WinAdvice:
    """:func:`win_advice` from the deciding seat's observation."""
    stars_advice = odds.advise_observation(game, seen)
    phase = seen["phase"]
    if _plays_out(game, seen):
        return _playout_advice(game, seen, seat, stars_advice, rng)
    method, rival, ends = _ends(game, seen, seat, solve_missing)
    mask = mask_of(tuple(tuple(d["dice"]) for d in seen["dragons"]))
    choices = []
    if ends is None:
        for c in stars_advice.choices:
            choices.append(WinChoice(c.action, None, c.expected_stars, c.fail_chance))
        return WinAdvice(
            phase, tuple(choices), stars_advice.best, stars_advice.best, "stars", None, stars_advice
        )
    graph = ends[1]
    x = ends[0]
    for c in stars_advice.choices:
        a = c.action
        if phase == "start":
            win = x[graph.start]
        elif phase == "decide":
            win = x[mask] if a == STOP else x[graph.roll[(mask, seen["hand"])]]
        else:
            counts = counts_of(seen["rolled"])
            option = next(
                o for o in placement_options(mask, counts, game.silver_with_colour) if o[0] == a
            )
            m2, h2 = after_option(mask, counts, option)
            win = x[graph.target(m2, h2)]
        choices.append(WinChoice(a, float(win), c.expected_stars, c.fail_chance))
    top = max(c.win for c in choices if c.win is not None)
    near = [c for c in choices if c.win is not None and c.win >= top - EQUAL]
    if any(c.action == stars_advice.best for c in near):
        best = stars_advice.best
    else:
        best = max(near, key=lambda c: (c.expected_stars, -c.fail_chance)).action
    return WinAdvice(phase, tuple(choices), best, stars_advice.best, method, rival, stars_advice)


def _plays_out(game: Any, seen: dict[str, Any]) -> bool:
    """Are the choices weighed by playouts (three or four players, ``MULTI = "playout"``)?"""
    return game.players > 2 and MULTI == "playout"


def _position_seed(seen: dict[str, Any], seat: int) -> int:
    """A seed from everything the seat sees that matters (the same position, the same seed)."""
    text = repr(
        (
            seat,
            seen["phase"],
            [(d["resident"], tuple(d["dice"])) for d in seen["dragons"]],
            seen["hand"],
            sorted(seen["rolled"]),
            seen["pile"],
            seen["jugglers_left"],
            [[r["resident"] for r in rescued] for rescued in seen["rescued"]],
            seen["stars"],
        )
    )
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


def _playout_advice(
    game: Any, seen: dict[str, Any], seat: int, stars_advice: odds.Advice, rng: Any
) -> WinAdvice:
    """The advice of three or four players: every choice's share of wins in the playouts."""
    seed = int(rng.integers(2**63)) if rng is not None else _position_seed(seen, seat)
    weighed = {
        str(w.action): w
        for w in rollout.weigh(game, seen, seat, FUTURES, seed, place_weight=PLACE, others=OTHERS)
    }
    choices = tuple(
        WinChoice(c.action, weighed[str(c.action)].win, c.expected_stars, c.fail_chance)
        for c in stars_advice.choices
    )
    best = optimal = stars_advice.best
    top = max(weighed.values(), key=lambda w: w.value)
    if str(top.action) != str(optimal):
        diff = top.values - weighed[str(optimal)].values
        if diff.mean() > MARGIN * diff.std() / math.sqrt(len(diff)):
            best = next(c.action for c in choices if str(c.action) == str(top.action))
    return WinAdvice(seen["phase"], choices, best, optimal, "playout", None, stars_advice)


def _ends(
    game: Any, seen: dict[str, Any], seat: int, solve_missing: bool
) -> tuple[str, int | None, Any]:
    """(method, rival, (turn values, graph) or None) for the turn being played."""
    if game.players == 2:
        rules = _duel_rules_behind(game)
        method = "exact"
        rival = 1 - seat
    else:
        if game.variant == "memory" or (DUEL_PILE is not None and seen["pile"] > DUEL_PILE):
            return "stars", None, None
        rules = _duel_rules_behind(game)
        method = "duel"
        rival = _rival(seen, seat)
    if rules is None:
        return "stars", None, None
    table = duel_table(rules, solve_missing=solve_missing)
    under, pile = _residents(game, seen, rules)
    jl = seen["jugglers_left"] if rules.jugglers else 0
    jl = min(jl, rules.jugglers)
    n = game.players
    opponents = [rival] if n == 2 or MULTI == "rival" else [p for p in range(n) if p != seat]
    diffs = []
    for opp in opponents:
        if game.variant == "younger":
            diffs.append((len(seen["rescued"][seat]) - len(seen["rescued"][opp]), 0))
        else:
            diffs.append(
                (
                    seen["stars"][seat] - seen["stars"][opp],
                    len(seen["rescued"][seat]) - len(seen["rescued"][opp]),
                )
            )
    key = (rules.key, under, pile, jl, tuple(diffs))
    x = _TURNS.get(key)
    if x is None:
        if len(_TURNS) > 4096:
            _TURNS.clear()
        # (more players read the duels only with the residents face up: the memory variant
        # returned above)
        ends = np.prod([_expected_ends(table, under, pile, jl, d, dr) for d, dr in diffs], axis=0)
        x = table.graph.values(ends[:, None])[:, 0]
        _TURNS[key] = x
    return method, rival, (x, table.graph)


#: the turn tables already worked out, by position (a turn asks for the same one at every choice)
_TURNS: dict[tuple[Any, ...], np.ndarray] = {}


def _expected_ends(
    table: DuelTable, under: tuple[int | None, ...], pile: tuple[int, ...], jl: int, d: int, dr: int
) -> np.ndarray:
    """:meth:`DuelTable.ends` where some residents lie face down (``None`` in ``under``; ``pile``
    counts them with the pile, by star value): the mean over every way they can lie, each
    resident the seat cannot see as likely as the next in each face-down place. Exact: the
    player to move learns nothing about them until its turn ends, so its best play in the turn
    is the best play on these means."""
    hidden = [i for i, u in enumerate(under) if u is None]
    if not hidden:  # (every resident in sight: the ends as they are)
        return table.ends(tuple(u for u in under if u is not None), pile, jl, d, dr)
    stars = table.rules.stars
    total = np.zeros(16)

    def deal(k: int, placed: list[int], left: list[int], chance: Fraction) -> None:
        nonlocal total
        if k == len(hidden):
            total += float(chance) * table.ends(tuple(placed), tuple(left), jl, d, dr)
            return
        n = sum(left)
        for t, count in enumerate(left):
            if count:
                placed[hidden[k]] = stars[t]
                left[t] -= 1
                deal(k + 1, placed, left, chance * Fraction(count, n))
                left[t] += 1

    deal(0, [0 if u is None else u for u in under], list(pile), Fraction(1))
    return total


def _duel_rules_behind(game: Any) -> DuelRules | None:
    """The solved two-player rules the bot reads ``game`` by: its own with two players, else
    those of two players with its rules (the approximation for three or four players); for the
    memory variant those of the basic rules (the same but for residents lying face down)."""
    import kaskaria

    if game.players == 2 and game.variant != "memory":
        return duel_rules(game)
    if game.jugglers_run_out != "nothing":
        return None
    variant = "basic" if game.variant == "memory" else game.variant
    two = kaskaria.load(NAME, players=2, variant=variant, **_rule_options(game))
    return duel_rules(two)


def _rule_options(game: Any) -> dict[str, Any]:
    opts = dict(game.options())
    opts.pop("first_player", None)
    return opts


def _rival(seen: dict[str, Any], seat: int) -> int:
    """The strongest opponent: most stars (score), then fewest residents, then the next seat."""
    n = len(seen["stars"])
    others = [(seat + k) % n for k in range(1, n)]
    return max(
        others, key=lambda p: (seen["scores"][p], -len(seen["rescued"][p]), -others.index(p))
    )


def _residents(
    game: Any, seen: dict[str, Any], rules: DuelRules
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """(star value under each dragon, None where it lies face down; the pile and the face-down
    residents counted by star value) from an observation."""
    value = (lambda name: 1) if game.variant == "younger" else (lambda name: game.stars[name])
    # (a resident face down, in the memory variant: None; it is counted with the pile)
    under = tuple(None if d["resident"] is None else value(d["resident"]) for d in seen["dragons"])
    seen_names = {d["resident"] for d in seen["dragons"]}
    seen_names |= {r["resident"] for rescued in seen["rescued"] for r in rescued}
    pile = [0] * len(rules.stars)
    index = {s: t for t, s in enumerate(rules.stars)}
    for name in game.resident_names:
        if name not in seen_names:
            pile[index[value(name)]] += 1
    return under, tuple(pile)


# ---------------------------------------------------------------------------------------------
# The bot
# ---------------------------------------------------------------------------------------------
class WinBot(Bot):
    """Plays for the largest chance of winning the game (see :func:`win_advice`)."""

    name = "win"
    game = NAME

    def decide(self, view: SeatView, rng: Any) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return win_advice(view, rng=rng).best

    def prepare(self, game: Any) -> None:
        """Read (or solve) the two-player game behind ``game``'s rules now (about 60 MB)."""
        if game.players > 2 and MULTI == "playout":
            return
        rules = _duel_rules_behind(game)
        if rules is not None:
            duel_table(rules)


# Registered with the game's bots (kaskaria/__init__.py names this module), not offered in the
# seat menus (``listed=False``): made by its name, ``make_bot("dragon-battle", "win")``.
register_bot(
    NAME,
    BotSpec("win", WinBot, "plays for the largest chance of winning the game", listed=False),
)


# ---------------------------------------------------------------------------------------------
# Where playing to win differs from playing for stars
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Difference:
    """A moment where the ``"win"`` bot chooses otherwise than the ``"optimal"`` bot.

    ``state``: the position (a Dragon Battle state, the player to move deciding); ``win`` and
    ``optimal``: the two choices; ``chances``: the chance of winning after each (the win bot's
    first); ``stars``: the expected stars this turn after each.
    """

    state: Any
    win: Action
    optimal: Action
    chances: tuple[float, float]
    stars: tuple[Fraction, Fraction]

    def __str__(self) -> str:
        return (
            f"{self.state.text()}: to win {self.win} ({self.chances[0]:.3f}), for stars "
            f"{self.optimal} ({self.chances[1]:.3f}; {float(self.stars[1]):.2f} stars against "
            f"{float(self.stars[0]):.2f})"
        )


def differences(game: Any, states: Any, *, solve_missing: bool = True) -> Iterator[Difference]:
    """The states among ``states`` (Dragon Battle states of ``game`` in a decision phase; others
    are skipped) where playing to win chooses otherwise than playing for the most stars."""
    for state in states:
        if state.game is not game and state.game != game:
            raise ValueError("every state must be a state of the game given")
        if state.phase not in ("start", "place", "decide"):
            continue
        advice = win_advice(state, solve_missing=solve_missing)
        if advice.differs:
            a, b = advice.choice(advice.best), advice.choice(advice.optimal)
            yield Difference(
                state,
                advice.best,
                advice.optimal,
                (float(a.win or 0.0), float(b.win or 0.0)),
                (a.expected_stars, b.expected_stars),
            )


def decide_moments(game: Any, *, pile: int | None = None) -> Iterator[Any]:
    """Positions of a two-player ``game`` to look for differences in: every moment where the
    player to move may stop (one or two dragons scared with the dice that scared them), for
    every way the residents lie, scores from far behind to far ahead (``pile``: only positions
    whose pile holds that many residents; default: an almost empty pile)."""
    from itertools import combinations

    names = sorted(game.resident_names, key=lambda n: (game.stars[n], n))
    size = len(names) - 4 if pile is None else pile + 0
    for under in combinations(names, 4):
        rest = [n for n in names if n not in under]
        if len(rest) < size:
            continue
        for cut in range(len(rest) - size + 1):
            rescued_a = rest[:cut]
            rescued_b = rest[cut : len(rest) - size]
            for scared in ((0,), (0, 1)):
                hand = 4 - len(scared)
                try:
                    yield game.setup(
                        residents=list(under),
                        rescued=[rescued_a, rescued_b],
                        scared={"yellow": 1, "red": 1} if len(scared) == 2 else {"yellow": 1},
                        hand=hand,
                    )
                except ValueError:
                    continue
