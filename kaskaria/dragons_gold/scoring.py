"""Dragon's Gold's scoring: the points of every screen by the basic or the advanced rules, and how a
change of some screens moves the scores (which the bots ask many times)."""

from __future__ import annotations

from functools import lru_cache
from operator import add, mul
from typing import Any

from ..validate import short
from .pieces import _CI, _GEM_INDEX, BLACK, NC
from .rules import COLOURS, RULES, DragonsGoldRules


# ---------------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------------
def score_table(screens: Any, advanced: bool, rules: DragonsGoldRules = RULES) -> tuple[int, ...]:
    """Each player's points for the given screens, by the basic or the advanced scoring of the
    rulebook.

    ``screens`` is a list with one screen per player (3-6 players), each either a dict of colour
    name to count as observations give them (``{"gold": 2, "blue": 1}``; a colour not named counts
    0) or 9 counts in the order silver, gold, red, blue, green, purple, yellow, white, black.
    Anything else raises ``ValueError`` (or ``TypeError``) naming the bad value."""
    if not isinstance(screens, (list, tuple)):
        raise TypeError(
            f"screens must be a list of screens (one per player), got {type(screens).__name__}"
        )
    if not 3 <= len(screens) <= 6:
        raise ValueError(
            f"screens must hold one screen for each of 3 to 6 players, got {len(screens)}"
        )
    if advanced is not True and advanced is not False:
        raise TypeError(f"advanced must be True or False, got {short(advanced)}")
    if not isinstance(rules, DragonsGoldRules):
        raise TypeError(f"rules must be a DragonsGoldRules table, got {type(rules).__name__}")
    return _score_table(tuple(_screen_counts(x, p) for p, x in enumerate(screens)), advanced, rules)


def _screen_counts(screen: Any, p: int) -> tuple[int, ...]:
    """One screen for :func:`score_table` as 9 counts (see there); ``p`` names it in errors."""
    if isinstance(screen, dict):
        for c, n in screen.items():
            if c.__class__ is not str or c not in _CI:
                raise ValueError(
                    f"screen {p + 1}: unknown colour {short(c, 20)}; colours are "
                    f"{', '.join(COLOURS)}"
                )
            if n.__class__ is not int or not 0 <= n <= 1000:
                raise ValueError(
                    f"screen {p + 1}: {c} must be a whole count from 0 to 1000, got {short(n, 20)}"
                )
        return tuple(screen.get(c, 0) for c in COLOURS)
    if isinstance(screen, (list, tuple)):
        if len(screen) == NC and all(n.__class__ is int and 0 <= n <= 1000 for n in screen):
            return tuple(screen)
        raise ValueError(
            f"screen {p + 1} must be 9 whole counts from 0 to 1000 ({', '.join(COLOURS)}), got "
            f"{short(screen, 60)}"
        )
    raise TypeError(
        f"screen {p + 1} must be a dict of colour to count or 9 counts, got {type(screen).__name__}"
    )


def _score_table(
    screens: tuple[tuple[int, ...], ...], advanced: bool, rules: DragonsGoldRules = RULES
) -> tuple[int, ...]:
    """:func:`score_table` on screens already checked (9 counts each)."""
    players = len(screens)
    points = rules.token_points.value
    bonus = _majority_bonus(players, advanced, rules)
    scores = [sum(map(mul, s, points)) for s in screens]
    cursed = tuple(advanced and s[BLACK] > 0 for s in screens)
    for g in _GEM_INDEX:
        for p, share in _gem_shares(tuple(s[g] for s in screens), cursed, advanced, bonus):
            scores[p] += share
    if advanced:
        sets = rules.gem_set.value
        for p in range(players):
            if not cursed[p]:
                scores[p] += sets * min(screens[p][g] for g in _GEM_INDEX)
    return tuple(scores)


def _majority_bonus(players: int, advanced: bool, rules: DragonsGoldRules) -> int:
    table = (rules.majority_advanced if advanced else rules.majority).value
    return table[players] if players in table else table[min(6, max(3, players))]


@lru_cache(maxsize=1 << 16)
def _gem_shares(
    counts: tuple[int, ...], cursed: tuple[bool, ...], advanced: bool, bonus: int
) -> tuple[tuple[int, int], ...]:
    """The majority bonus of one gem colour: ``(player, points)`` for each player who scores it,
    given every player's count of that colour and who holds the cursed black diamond. (The same
    few columns come back all the time: the answers are kept.)"""
    best = max(counts)
    if best == 0:
        return ()
    top = [p for p, n in enumerate(counts) if n == best]
    if not advanced:
        return tuple((p, bonus) for p in top)  # everyone sharing the majority gets the full bonus
    if len(top) >= 3:
        return ()
    if len(top) == 1 and cursed[top[0]]:
        return ()  # the cursed owner alone holds the majority: nobody scores this colour
    share = bonus if len(top) == 1 else bonus // 2
    return tuple((p, share) for p in top if not cursed[p])


def _score_changes(
    screens: tuple[tuple[int, ...], ...],
    changes: dict[int, tuple[int, ...]],
    advanced: bool,
    rules: DragonsGoldRules = RULES,
) -> dict[int, int]:
    """How the score of each player in ``changes`` moves when its screen changes by the 9 counts
    given there (what a trade or a stolen token does): the same as :func:`_score_table` after
    minus before for those players, worked out only for the colours that change (the bots ask
    this many times)."""
    if any(d[BLACK] for d in changes.values()):  # the curse moves: score everything again
        after = list(screens)
        for p, d in changes.items():
            after[p] = tuple(map(add, screens[p], d))
        old, new = (
            _score_table(screens, advanced, rules),
            _score_table(tuple(after), advanced, rules),
        )
        return {p: new[p] - old[p] for p in changes}
    points = rules.token_points.value
    out = {p: sum(map(mul, d, points)) for p, d in changes.items()}
    cursed = tuple(advanced and s[BLACK] > 0 for s in screens)
    bonus = _majority_bonus(len(screens), advanced, rules)
    touched = {g for d in changes.values() for g in _GEM_INDEX if d[g]}
    for g in touched:
        before = tuple(s[g] for s in screens)
        after_g = list(before)
        for p, d in changes.items():
            after_g[p] += d[g]
        for p, share in _gem_shares(before, cursed, advanced, bonus):
            if p in out:
                out[p] -= share
        for p, share in _gem_shares(tuple(after_g), cursed, advanced, bonus):
            if p in out:
                out[p] += share
    if advanced and touched:
        sets = rules.gem_set.value
        for p, d in changes.items():
            if not cursed[p]:
                mine = screens[p]
                out[p] += sets * (
                    min(mine[g] + d[g] for g in _GEM_INDEX) - min(mine[g] for g in _GEM_INDEX)
                )
    return out
