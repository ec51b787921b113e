"""Dragon Battle's hints and "what if?" (see :mod:`kaskaria.hints`, which calls them).

The move is the ``"win"`` bot's (:func:`~kaskaria.dragon_battle.winbot.win_advice`), and every
number in the words comes from that same advice: the exact chance that the next roll works, the
stars kept by stopping, and the chance of winning of each choice (two players: exact; three or
four: the share of wins in playouts of the rest of the game, said as "about"; in the memory
variant both weigh every way the face-down residents can lie and name none of them; where
winning is not worked out, the stars).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..bots import SeatView
from ..hints import Hint, WhatIf, in100, say
from ..i18n import text
from . import hint_messages  # noqa: F401  (registers the words)
from .engine import NAME
from .odds import fail_chance
from .rules import FACES
from .turn import ROLL, STOP, counts_of
from .winbot import win_advice

__all__ = ["DOMAIN", "hint", "what_if"]

#: The message table of these words (kaskaria/dragon_battle/hint_messages.py).
DOMAIN = "hints-dragon-battle"


def _t(key: str, lang: str, **params: Any) -> str:
    return say(DOMAIN, key, lang, **params)


def _unit(game: Any) -> str:
    """What a turn brings in ``game``'s words: stars, or with the younger children's rules
    (where each resident counts one and the game is won by the most residents) residents."""
    return "residents" if game.variant == "younger" else "stars"


def _stars(n: Any, lang: str, unit: str = "stars", average: bool = False) -> str:
    """Stars (or ``unit="residents"``) as a child reads them: a whole number as it is ("3
    stars"); else the nearest whole number ("about 3 stars"), and less than a half as "less than
    1 star" (no decimals: a child tester read "2.9 stars" badly). An ``average`` is said in a
    sentence that says "on average" already: its nearest whole number without "about" ("this
    turn brings 4 stars on average", never "about 4 stars on average"). The exact number stays
    in the hint's numbers."""
    value = Fraction(n)
    if value.denominator == 1:
        return text(NAME, unit, lang, n=int(value))
    whole = math.floor(value + Fraction(1, 2))
    if whole >= 1:
        if average:
            return text(NAME, unit, lang, n=whole)
        return _t("about_stars", lang, stars=text(NAME, unit, lang, n=whole))
    if value < 0:
        raise ValueError(f"stars are not fewer than none: {value}")
    return _t(f"under_one_{unit}", lang)


def _chance(p: Any, lang: str, kind: str = "chance") -> str:
    """A chance as a child reads it: "7 times in 100"; one that rounds to none in 100 as "less
    than 1 time in 100", and under 1 in 1000 as "almost never (less than 1 time in 1000)" (a
    child knows 100 and 1000, not 1296). ``kind="fails"`` says the first roll's failing the
    same way, ``kind="case"`` what happened, as a look back tells it, ``kind="about"`` a chance
    of winning a duel's or a playout's count makes about right. One in 100 is "1 time in 100",
    as "less than 1 time in 100" says it. The exact chance stays in the hint's numbers."""
    value = Fraction(p)
    if 0 < value < Fraction(1, 1000):
        return _t(f"{kind}.under1000", lang)
    if 0 < value < Fraction(1, 200):
        return _t(f"{kind}.under100", lang)
    n = in100(value)
    return _t(f"{kind}.in100_one", lang) if n == 1 else _t(f"{kind}.in100", lang, n=n)


def hint(state: Any, view: SeatView, lang: str, iterations: int | None = None) -> Hint:
    """The ``"win"`` bot's move for the seat of ``view`` and why (``iterations`` is not used:
    the advice is exact)."""
    advice = win_advice(view)
    obs = view.observation
    unit = _unit(view.game)
    stars = advice.stars
    best = advice.best
    method = advice.method
    numbers: dict[str, Any] = {"method": method}
    shown: dict[str, Any] = {}
    key_equal = ""
    # the words' own key where they differ from the hint's (a choice that cannot win any more)
    said = ""
    # where the words speak of stars, not of winning: why, in a few words
    key_why = ""
    if advice.phase == "start":
        numbers["fail"] = fail_chance(4, 0)
        key = "start"
        shown = {"fails": _chance(numbers["fail"], lang, "fails")}
    elif advice.phase == "decide":
        stop_value = stars.stop_value
        fail = stars.next_roll_fail
        assert stop_value is not None and fail is not None
        roll, stop = advice.choice(ROLL), advice.choice(STOP)
        numbers.update(
            fail=fail,
            works=1 - fail,
            keep=stop_value,
            gain=roll.expected_stars - stop_value,
            win_roll=roll.win,
            win_stop=stop.win,
        )
        # chances of winning that read the same: the stars decided (as they did for the bot)
        same = method != "stars" and in100(roll.win or 0) == in100(stop.win or 0)
        # a chance of winning as the hint's count makes it: exact, or about right
        kind = "chance" if method == "exact" else "about"
        if best == ROLL:
            shown = {"works": _chance(1 - fail, lang)}
            if method == "stars" or same:
                key = "roll.stars"
                shown["gain"] = _stars(numbers["gain"], lang, unit, average=True)
                if numbers["gain"] < 0:
                    # (chances of winning that read the same, and the bot's playouts chose the
                    # roll: it costs stars on average, and the words say so)
                    key = "roll.stars_lose"
                    shown["gain"] = _stars(-numbers["gain"], lang, unit, average=True)
            else:
                assert roll.win is not None and stop.win is not None
                key = f"roll.{method}"
                shown.update(win=_chance(roll.win, lang, kind), other=_chance(stop.win, lang, kind))
                if not stop.win:
                    said = "roll.none"
        else:
            shown = {"stars": _stars(stop_value, lang, unit)}
            if method == "stars" or same:
                key = "stop.stars"
                shown["fail"] = _chance(fail, lang)
            else:
                assert roll.win is not None and stop.win is not None
                key = f"stop.{method}"
                shown.update(win=_chance(stop.win, lang, kind), other=_chance(roll.win, lang, kind))
                if not roll.win:
                    said = "stop.none"
        # (a game lost either way says only the stars: a child tester was told "you win 0
        # times in 100" turn after turn)
        if same and in100(roll.win or 0) > 0:
            shown["win"] = _chance(roll.win or 0, lang, kind)
            key_equal = f"equal.{method}"
        elif same:
            key_why = "why.lost"
        elif method == "stars":
            key_why = "why.hard"
    else:  # place
        chosen = advice.best_choice
        args = best.args
        target = args[2] if args[0] == "silver" else args[0]
        rolled = counts_of(obs["rolled"])
        moved = rolled[FACES.index(args[0])]
        if len(args) == 3 and args[1] == "with":
            moved += rolled[FACES.index("silver")]
        numbers.update(win=chosen.win, expected_stars=chosen.expected_stars, dice=moved)
        shown = {
            "dice": text(NAME, "dice", lang, n=moved),
            "on": text(NAME, f"on_the_dragon.{target}", lang),
        }
        # where no placement can win any more (every one at 0), the bot places by the stars
        # (winbot: the stars' best among the equal), and the hint says so
        if method == "stars" or (chosen.win is not None and in100(chosen.win) == 0):
            key = "place.stars"
            shown["stars"] = _stars(chosen.expected_stars, lang, unit, average=True)
            # why the words are of stars, not of winning
            key_why = "why.hard" if method == "stars" else "why.lost"
        else:
            assert chosen.win is not None
            key = f"place.{method}"
            shown["win"] = _chance(chosen.win, lang, "chance" if method == "exact" else "about")
    words = _t(said or key, lang, **shown)
    if key_equal:
        words += " " + _t(key_equal, lang, **shown)
    if key_why:
        words += " " + _t(key_why, lang, unit=text(NAME, f"unit.{unit}", lang))
        numbers["why"] = key_why
    return Hint(NAME, view.seat, best, words, lang, key, numbers, shown, method, advice)


def what_if(
    match: Any, seat: int, lang: str, iterations: int | None = None, who: str | None = None
) -> WhatIf:
    """``seat``'s last choice between rolling and stopping in its last turn (or that the turn
    had no such choice):
    the stars stopping keeps, the exact chance of the roll, what came of it, the stars rolling on
    brings on average (under best play after it), and the ``"win"`` bot's choice there. Told to the seat ("You stopped …"), or, given ``who`` (the seat's name),
    of it ("Player 2 (easy bot) stopped …")."""
    states, actions = match.states, match.actions
    starts = [
        i
        for i in range(len(actions))
        if states[i].phase == "start" and states[i].current_player() == seat
    ]
    first = starts[-1] if starts else 0  # (a match set up in the middle of a turn: no start)
    moments = [
        i
        for i in range(first, len(actions))
        if states[i].phase == "decide"
        and states[i].current_player() == seat
        and actions[i] in (ROLL, STOP)
    ]
    if not moments:
        none = _t("whatif.none", lang)
        return WhatIf(NAME, seat, None, None, None, none, lang, "whatif.none", {}, {})
    i = moments[-1]
    s = states[i]
    taken = actions[i]
    unit = _unit(match.game)
    advice = win_advice(SeatView(s, seat))
    fail = advice.stars.next_roll_fail
    keep = advice.stars.stop_value
    assert fail is not None and keep is not None
    # the turn's stars rolling on brings on average, under best play after the roll (exact)
    rolled = advice.stars.choice(ROLL).expected_stars
    numbers: dict[str, Any] = {
        "fail": fail,
        "works": 1 - fail,
        "keep": keep,
        "roll_stars": rolled,
        "best": advice.best,
    }
    shown: dict[str, Any]
    if taken == ROLL:
        # what the roll brought is open to all: after a roll that works, a colour is placed
        after = _after_roll(states, i)
        if after is None:
            key = "whatif.rolling"
            shown = {"works": _chance(1 - fail, lang), "stars": _stars(keep, lang, unit)}
        elif after == "failed":
            key = "whatif.failed"
            shown = {"stars": _stars(keep, lang, unit), "fail": _chance(fail, lang, "case")}
        else:
            key = "whatif.worked"
            shown = {"works": _chance(1 - fail, lang, "case"), "stars": _stars(keep, lang, unit)}
        numbers["failed"] = after == "failed"
        verdict = "verdict.same_roll" if advice.best == ROLL else "verdict.brave"
    else:
        key = "whatif.stopped"
        shown = {"stars": _stars(keep, lang, unit), "works": _chance(1 - fail, lang)}
        verdict = "verdict.same_stop" if advice.best == STOP else "verdict.careful"
    shown["average"] = _stars(rolled, lang, unit, average=True)
    average = _t(
        "whatif.average" if taken == ROLL else "whatif.average_stopped",
        lang,
        stars=shown["average"],
    )
    if who is not None:
        key += ".they"
        shown["who"] = who
    words = _t(key, lang, **shown) + " " + average + " " + _t(verdict, lang)
    return WhatIf(NAME, seat, i, taken, advice.best, words, lang, key, numbers, shown)


def _after_roll(states: list[Any], i: int) -> str | None:
    """What the roll decided at ``states[i]`` brought: ``"worked"`` (a colour placed),
    ``"failed"`` or None (not rolled yet)."""
    for s in states[i + 1 :]:
        if s.phase == "place":
            return "worked"
        if s.current_player() >= 0 or s.is_terminal():
            return "failed"
    return None
