"""Hints and "what if?": the strong bot's move and why, in words a child reads, with the numbers
that chose it.

>>> import kaskaria
>>> from kaskaria.hints import hint
>>> m = kaskaria.setup("dragon-battle", players=3, scared={"red": 2}, hand=2, seed=1)
>>> h = hint(m)
>>> h.action, h.basis
(Action('roll'), 'stars')

:func:`hint` gives the move of the strong bot of each game for the seat to move, with the
reason as data (the numbers) and as one or two short sentences in English or German:

- **Dragon Battle**: the ``"win"`` bot's choice (:mod:`kaskaria.dragon_battle.winbot`). Two
  players: its exact chances of winning (``basis="exact"``); more players: the duel with the
  strongest opponent (``"duel"``); the memory variant: the most expected stars (``"stars"``).
  With the exact chance that the next roll works or fails, and the stars at stake.
- **Heroes of Kaskaria** and **Dragon's Gold**: the ``"search"`` bot's choice, with what the
  move does and the search's own count (``basis="search"``: "I tried it in 96 imagined games: it
  won 61 times in 100"); where that bot weighs exact values instead of searching (Dragon's Gold:
  choosing a pile, robbing), those values (``basis="value"``).

The reason is read from the same computation that chose the move: the numbers in the sentence
are ``hint.numbers``, and ``hint.detail`` is the computation itself. A hint is computed from the
seat's observation alone (the search's random numbers come from that observation too), so it
never depends on what the seat may not see.

:func:`what_if` looks back at a finished turn of a match: what the other choice would have given,
with exact chances where the game allows them, and what the best player would have done.

Any bot meeting the bot contract can give the move instead (``hint(state, bot=my_bot)``); its
reason is then only the move itself, in the game's own words.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from . import hint_messages  # noqa: F401  (registers the words)
from .bots import SeatView
from .core import Action
from .i18n import check_lang
from .i18n import text as _text
from .validate import short

__all__ = ["Hint", "WhatIf", "hint", "hint_rng", "in100", "what_if"]

DOMAIN = "hints"


def _t(key: str, lang: str, **params: Any) -> str:
    return _text(DOMAIN, key, lang, **params)


def in100(p: float | Fraction) -> int:
    """A chance as "times in 100" for a child: rounded, but never 0 or 100 unless it is so."""
    x = float(p)
    n = int(round(100 * x))
    if n == 0 and x > 0:
        return 1
    if n == 100 and x < 1:
        return 99
    return n


def _decimal(x: float | Fraction, lang: str) -> str:
    """One decimal place, with the language's decimal sign (1.3, 1,3)."""
    return f"{float(x):.1f}".replace(".", _t("decimal", lang))


def _points(x: float | Fraction) -> int:
    return int(round(float(x)))


@dataclass(frozen=True)
class Hint:
    """The strong bot's move for ``seat`` now and why.

    ``action``: the move; ``text``: one or two sentences in ``lang``; ``key``: the message key
    of the first sentence; ``numbers``: the numbers behind the words as the computation gave
    them (exact fractions where the game has them); ``shown``: those numbers as the text writes
    them; ``basis``: ``"exact"``, ``"duel"``, ``"stars"``, ``"search"``, ``"value"`` or
    ``"bot"``; ``detail``: the computation (advice, search result) the move came from.
    """

    game: str
    seat: int
    action: Action
    text: str
    lang: str
    key: str
    numbers: dict[str, Any]
    shown: dict[str, Any]
    basis: str
    detail: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: the move, the words, the numbers (fractions as text and as floats)."""

        def plain(v: Any) -> Any:
            if isinstance(v, Fraction):
                return {"exact": str(v), "float": float(v)}
            if isinstance(v, (np.floating, np.integer)):
                return v.item()
            return v

        return {
            "game": self.game,
            "seat": self.seat,
            "action": str(self.action),
            "text": self.text,
            "lang": self.lang,
            "key": self.key,
            "basis": self.basis,
            "numbers": {k: plain(v) for k, v in self.numbers.items()},
            "shown": dict(self.shown),
        }


def _state_of(what: Any) -> Any:
    from .match import Match

    if isinstance(what, Match):
        return what.state
    if hasattr(what, "current_player") and hasattr(what, "observation"):
        return what
    raise TypeError(f"a hint needs a match or a game state, got {short(what)}")


def hint_rng(view: SeatView) -> np.random.Generator:
    """The random numbers of a hint's search: from the seat's observation alone (so the hint
    is the same for every position the seat cannot tell apart, and tells nothing more)."""
    digest = hashlib.sha256(
        json.dumps(view.observation, sort_keys=True, default=str).encode()
    ).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


def hint(
    what: Any,
    seat: int | None = None,
    lang: str = "en",
    *,
    iterations: int | None = None,
    bot: Any = None,
) -> Hint:
    """The strong bot's move for ``seat`` (default: the seat to move) in ``what`` (a match or
    a state) and why (see the module's text). ``iterations``: the search's budget (Heroes of
    Kaskaria and Dragon's Gold; default the bot's); ``bot``: any bot to give the move instead.
    ``ValueError`` if ``seat`` does not decide now."""
    check_lang(lang)
    state = _state_of(what)
    mover = state.current_player()
    if mover < 0:
        raise ValueError("a hint is for a player's decision; nobody decides now")
    if seat is None:
        seat = int(mover)
    if seat != mover:
        raise ValueError(
            f"seat {short(seat)} does not decide now; seat {mover} does (hints are for the seat "
            "to move)"
        )
    view = SeatView(state, seat)
    name = state.game.name
    if bot is not None:
        return _hint_by_bot(state, view, bot, lang)
    if name == "dragon-battle":
        return _hint_dragon_battle(view, lang)
    if name == "heroes":
        return _hint_heroes(view, lang, iterations)
    if name == "dragons-gold":
        return _hint_dragons_gold(state, view, lang, iterations)
    raise ValueError(f"no hints for the game {short(name)}")


def _move_words(state: Any, action: Action, seat: int, lang: str) -> str:
    """A move in the game's own words, as the seat reads its own moves ("you ...")."""
    return str(state.action_text(action, seat, lang))


def _hint_by_bot(state: Any, view: SeatView, bot: Any, lang: str) -> Hint:
    from .ladder import as_bot

    b = as_bot(bot)
    action = b.choose(state, hint_rng(view))
    words = _move_words(state, action, view.seat, lang)
    text = _t("by_bot", lang, bot=b.name, move=words)
    return Hint(state.game.name, view.seat, action, text, lang, "by_bot", {}, {}, "bot", None)


# ---------------------------------------------------------------------------------------------
# Dragon Battle
# ---------------------------------------------------------------------------------------------
def _stars(n: Any, lang: str) -> str:
    from .i18n import text

    value = Fraction(n)
    if value.denominator == 1:
        return text("dragon-battle", "stars", lang, n=int(value))
    return text("dragon-battle", "stars_many", lang, n=_decimal(value, lang))


def _hint_dragon_battle(view: SeatView, lang: str) -> Hint:
    from .dragon_battle.odds import fail_chance
    from .dragon_battle.turn import ROLL, STOP, counts_of
    from .dragon_battle.winbot import win_advice
    from .i18n import text

    advice = win_advice(view)
    obs = view.observation
    stars = advice.stars
    best = advice.best
    exact = advice.method in ("exact", "duel")
    basis = advice.method
    numbers: dict[str, Any] = {"method": advice.method}
    if advice.phase == "start":
        numbers["fail"] = fail_chance(4, 0)
        key = "db.start"
        words = _t(key, lang)
        shown: dict[str, Any] = {}
    elif advice.phase == "decide":
        stop_value = stars.stop_value
        fail = stars.next_roll_fail
        assert stop_value is not None and fail is not None
        roll = advice.choice(ROLL)
        stop = advice.choice(STOP)
        numbers.update(
            fail=fail,
            works=1 - fail,
            keep=stop_value,
            gain=roll.expected_stars - stop_value,
            win_roll=roll.win,
            win_stop=stop.win,
        )
        keep = _stars(stop_value, lang)
        if best == ROLL:
            if exact:
                key = "db.roll.win"
                shown = {"works": in100(1 - fail), "win": in100(roll.win), "other": in100(stop.win)}  # type: ignore[arg-type]
            else:
                key = "db.roll.stars"
                shown = {"works": in100(1 - fail), "gain": _decimal(numbers["gain"], lang)}
            words = _t(key, lang, **shown)
        else:
            if exact:
                key = "db.stop.win"
                shown = {"stars": keep, "win": in100(stop.win), "other": in100(roll.win)}  # type: ignore[arg-type]
            else:
                key = "db.stop.stars"
                shown = {"stars": keep, "fail": in100(fail)}
            words = _t(key, lang, **shown)
    else:  # place
        chosen = advice.best_choice
        args = best.args
        target = args[2] if args[0] == "silver" else args[0]
        rolled = counts_of(obs["rolled"])
        from .dragon_battle.rules import FACES

        moved = (
            rolled[FACES.index("silver")] if args[0] == "silver" else rolled[FACES.index(args[0])]
        )
        if len(args) == 3 and args[1] == "with":
            moved += rolled[FACES.index("silver")]
        dice = text("dragon-battle", "dice", lang, n=moved)
        on = text("dragon-battle", f"on_the_dragon.{target}", lang)
        numbers.update(win=chosen.win, expected_stars=chosen.expected_stars, dice=moved)
        if exact:
            key = "db.place.win"
            shown = {"dice": dice, "on": on, "win": in100(chosen.win)}  # type: ignore[arg-type]
        else:
            key = "db.place.stars"
            shown = {"dice": dice, "on": on, "stars": _decimal(chosen.expected_stars, lang)}
        words = _t(key, lang, **shown)
    return Hint("dragon-battle", view.seat, best, words, lang, key, numbers, shown, basis, advice)


# ---------------------------------------------------------------------------------------------
# Heroes of Kaskaria
# ---------------------------------------------------------------------------------------------
def _rate_sentence(
    result: Any, action: Action, lang: str
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    n = result.tried(action)
    rate = result.rate(action)
    shown = {"n": n, "rate": in100(rate)}
    return _t("rate", lang, **shown), {"playouts": n, "win_rate": rate}, shown


def _heroes_card(game: Any, kind: int, lang: str) -> tuple[str, str]:
    from .heroes import card_word, colour_word
    from .heroes.rules import MOTIFS

    colour = game.colours[kind >> 2]
    return card_word(colour, MOTIFS[kind & 3], lang), colour_word(colour, lang)


def _hint_heroes(view: SeatView, lang: str, iterations: int | None) -> Hint:
    from .heroes import colour_word
    from .heroes.bots import finish_wins, set_value_split
    from .heroes.search import SearchBot

    bot = SearchBot() if iterations is None else SearchBot(iterations=iterations)
    action = bot.decide(view, hint_rng(view))
    result = bot.last
    game: Any = view.game
    obs = view.observation
    seat = view.seat
    hand = [game.kind_of[n] for n in obs["hands"][seat]]
    counts: dict[int, int] = {}
    for k in hand:
        counts[k >> 2] = counts.get(k >> 2, 0) + 1
    numbers: dict[str, Any] = {}
    shown: dict[str, Any] = {}
    if action.verb == "play":
        kinds = game.plays(tuple(sorted(hand)))[action]
        colour = colour_word(game.colours[kinds[0] >> 2], lang)
        (grif, run), gold, draws = set_value_split(game, kinds)
        ends = (
            obs["griffins"][seat] + grif >= game.griffin_path
            or obs["runners"][seat] + run >= game.runner_path
        )
        numbers.update(cards=len(kinds), griffin=grif, runner=run, gold=gold, draws=draws)
        if ends and finish_wins(game, obs, seat, kinds):
            key = "heroes.play.finish"
            shown = {"colour": colour}
        else:
            parts = []
            if grif:
                parts.append(_t("heroes.effect.griffin", lang, n=grif))
            if run:
                parts.append(_t("heroes.effect.runner", lang, n=run))
            if gold:
                parts.append(_t("heroes.effect.gold", lang, n=gold))
            if draws:
                parts.append(_t("heroes.effect.draw", lang, n=draws))
            effects = (
                parts[0]
                if len(parts) == 1
                else ", ".join(parts[:-1]) + f" {_t('and', lang)} " + parts[-1]
            )
            key = "heroes.play"
            shown = {"n": len(kinds), "colour": colour, "effects": effects}
    elif action.verb in ("take", "plus2") and action.args[0] == "display":
        kind = game.kind_of[obs["display"][int(action.args[1]) - 1]]
        card, colour = _heroes_card(game, kind, lang)
        have = counts.get(kind >> 2, 0) + 1
        numbers.update(colour_cards=have)
        if have == 1:
            key = "heroes.take.new"
            shown = {"card": card}
        else:
            key = "heroes.take"
            shown = {"card": card, "n": have, "colour": colour}
    elif action.verb in ("draw", "plus2"):
        from .heroes import odds

        nxt = odds.next_card(game, obs)
        fits = sum((nxt.colour(c) for c in counts), Fraction(0))
        numbers.update(fits=fits)
        key = "heroes.draw"
        shown = {"p": in100(fits)}
    else:
        key = "heroes.pass"
    words = _t(key, lang, **shown)
    basis = "search"
    if result is not None and result.total:
        rate_words, rate_numbers, rate_shown = _rate_sentence(result, action, lang)
        words += " " + rate_words
        numbers.update(rate_numbers)
        shown.update({f"rate.{k}": v for k, v in rate_shown.items()})
    return Hint("heroes", seat, action, words, lang, key, numbers, shown, basis, result)


# ---------------------------------------------------------------------------------------------
# Dragon's Gold
# ---------------------------------------------------------------------------------------------
def _hint_dragons_gold(state: Any, view: SeatView, lang: str, iterations: int | None) -> Hint:
    from .dragons_gold.bots import theft_value
    from .dragons_gold.fairness import seat_valuation
    from .dragons_gold.search import _PLANS, SearchBot, _plan_key, _vec
    from .i18n import text

    bot = SearchBot() if iterations is None else SearchBot(iterations=iterations)
    action = bot.decide(view, hint_rng(view))
    result = bot.last
    searched = False
    obs = view.observation
    seat = view.seat
    phase = obs["phase"]
    numbers: dict[str, Any] = {}
    shown: dict[str, Any] = {}
    key = "move"
    basis = "search"
    if phase == "turn" and action.verb == "send":
        searched = True
        d = obs["dragons"][int(action.args[3]) - 1]
        strength = next(
            a["strength"]
            for a in obs["players"][seat]["adventurers"]
            if a["name"] == action.args[0]
        )
        need = d["strength"] - d["sum"] - strength
        partners = {f["player"] for f in d["fighters"]} - {seat}
        adventurer = text("dragons-gold", f"adv_acc.{action.args[0]}", lang)
        place = int(action.args[3])
        numbers.update(strength=strength, missing=max(need, 0), partners=len(partners))
        if need <= 0 and not partners:
            key = "dg.send.alone"
            shown = {"adventurer": adventurer, "place": place}
        elif need <= 0:
            key = "dg.send.shared"
            shown = {"adventurer": adventurer, "place": place, "n": len(partners)}
        else:
            key = "dg.send.short"
            shown = {"adventurer": adventurer, "place": place, "n": need}
    elif phase == "turn":
        searched = True
    elif phase == "build":
        searched = True
        if action == Action("no", ("deal",)):
            key = "dg.no_deal"
        else:
            value = seat_valuation(obs)
            sp = obs["split"]
            mine = _vec(sp["parts"][sp["involved"].index(seat)])
            # the shares the search chose (the proposal whose next step this is)
            found = _PLANS.get(_plan_key(obs))
            if found is not None:
                mine = found[0][seat]
            points = value(mine)
            numbers.update(points=points, share=mine)
            key = "dg.propose"
            shown = {"points": _points(points)}
    elif phase == "answer":
        searched = True
        value = seat_valuation(obs)
        sp = obs["split"]
        points = value(_vec(sp["parts"][sp["involved"].index(seat)]))
        numbers.update(points=points)
        key = {"accept": "dg.accept", "refuse": "dg.refuse"}.get(action.verb, "dg.answer_no_deal")
        shown = {"points": _points(points)}
    elif phase == "choose":
        basis = "value"
        value = seat_valuation(obs)
        k = int(action.args[1])
        points = value(_vec(obs["split"]["parts"][k - 1]))
        numbers.update(points=points, pile=k)
        key = "dg.choose"
        shown = {"k": k, "points": _points(points)}
    elif phase == "victim":
        basis = "value"
        if action.verb == "steal":
            victim = int(action.args[1]) - 1
            worth = theft_value(view, obs, victim)
            numbers.update(points=worth, victim=victim)
            key = "dg.rob"
            shown = {"n": victim + 1, "points": _decimal(worth, lang)}
        else:
            key = "dg.rob_none"
    else:
        basis = "value"
    if key == "move":
        shown = {"move": _move_words(state, action, seat, lang)}
    words = _t(key, lang, **shown)
    if searched and result is not None and result.total:
        rate_words, rate_numbers, rate_shown = _rate_sentence(result, result.best, lang)
        words += " " + rate_words
        numbers.update(rate_numbers)
        shown.update({f"rate.{k}": v for k, v in rate_shown.items()})
    return Hint(
        "dragons-gold",
        seat,
        action,
        words,
        lang,
        key,
        numbers,
        shown,
        basis,
        result if searched else None,
    )


# ---------------------------------------------------------------------------------------------
# What if?
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class WhatIf:
    """A look back at one decision of a finished turn: ``ply`` (its place in the match's
    actions), ``taken`` (the move made), ``best`` (the strong bot's move there, from the seat's
    view at the time), ``text`` and ``numbers`` (as for :class:`Hint`), ``key``."""

    game: str
    seat: int
    ply: int | None
    taken: Action | None
    best: Action | None
    text: str
    lang: str
    key: str
    numbers: dict[str, Any]
    shown: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        def plain(v: Any) -> Any:
            if isinstance(v, Fraction):
                return {"exact": str(v), "float": float(v)}
            if isinstance(v, Action):
                return str(v)
            return v

        return {
            "game": self.game,
            "seat": self.seat,
            "ply": self.ply,
            "taken": None if self.taken is None else str(self.taken),
            "best": None if self.best is None else str(self.best),
            "text": self.text,
            "lang": self.lang,
            "key": self.key,
            "numbers": {k: plain(v) for k, v in self.numbers.items()},
            "shown": dict(self.shown),
        }


def what_if(
    match: Any, seat: int | None = None, lang: str = "en", *, iterations: int | None = None
) -> WhatIf:
    """What the other choice would have given, for ``seat``'s last finished turn in ``match``
    (default: the seat that moved last):

    - Dragon Battle: its last choice between rolling and stopping; the stars it would have
      kept, the exact chance of the roll, and the best player's choice;
    - Heroes of Kaskaria: its last card taken: what the draw pile or the display offered
      instead (exact chances of the pile), and the best player's choice;
    - Dragon's Gold: its last answer to a proposal: what the share was worth to it, what came of
      it (the treasure lost, or what it got in the end), and the best player's answer.

    Everything is read from what the seat could see at the time and what happened openly since.
    """
    from .match import Match

    check_lang(lang)
    if not isinstance(match, Match):
        raise TypeError(f"what_if needs a match (its history), got {short(match)}")
    actors = match.actors()
    if seat is None:
        decided = [p for p in actors if p >= 0]
        if not decided:
            raise ValueError("nobody has made a decision in this match yet")
        seat = decided[-1]
    if seat.__class__ is not int or not 0 <= seat < match.game.players:
        raise ValueError(
            f"seat must be a seat from 0 to {match.game.players - 1}, got {short(seat)}"
        )
    name = match.game.name
    if name == "dragon-battle":
        return _what_if_dragon_battle(match, seat, lang)
    if name == "heroes":
        return _what_if_heroes(match, seat, lang, iterations)
    if name == "dragons-gold":
        return _what_if_dragons_gold(match, seat, lang, iterations)
    raise ValueError(f"no 'what if?' for the game {short(name)}")


def _what_if_dragon_battle(match: Any, seat: int, lang: str) -> WhatIf:
    from .dragon_battle.turn import ROLL, STOP
    from .dragon_battle.winbot import win_advice

    states, actions = match.states, match.actions
    # the seat's last finished turn: from its last "start" to the state after it
    end = None
    for i in range(len(actions) - 1, -1, -1):
        s = states[i]
        if s.current_player() == seat and s.phase in ("start", "decide", "place"):
            after = states[i + 1]
            if end is None and (after.turns > s.turns):
                end = i
            if end is not None and s.phase == "start":
                break
    if end is None:
        for i in range(len(actions) - 1, -1, -1):  # a turn still going: its decisions so far
            if states[i].current_player() == seat:
                end = i
                break
    if end is None:
        raise ValueError(f"seat {seat} has not played a turn yet")
    start = end
    while start > 0 and not (states[start].phase == "start" and states[start].player == seat):
        start -= 1
    moments = [
        i
        for i in range(start, end + 1)
        if states[i].phase == "decide" and states[i].player == seat and actions[i] in (ROLL, STOP)
    ]
    if not moments:
        return WhatIf(
            "dragon-battle",
            seat,
            None,
            None,
            None,
            _t("db.whatif.none", lang),
            lang,
            "db.whatif.none",
            {},
            {},
        )
    i = moments[-1]
    s = states[i]
    taken = actions[i]
    advice = win_advice(SeatView(s, seat))
    fail = advice.stars.next_roll_fail
    keep = advice.stars.stop_value
    assert fail is not None and keep is not None
    numbers: dict[str, Any] = {"fail": fail, "works": 1 - fail, "keep": keep, "best": advice.best}
    if taken == ROLL:
        # did the roll that followed fail? (its result is open to all: after a roll that works,
        # a colour is placed)
        failed = i + 2 < len(states) and states[i + 2].phase != "place"
        if failed:
            key = "db.whatif.failed"
            shown: dict[str, Any] = {"stars": _stars(keep, lang), "fail": in100(fail)}
        else:
            key = "db.whatif.worked"
            shown = {"works": in100(1 - fail), "stars": _stars(keep, lang)}
        verdict = "db.verdict.same_roll" if advice.best == ROLL else "db.verdict.brave"
        numbers["failed"] = failed
    else:
        key = "db.whatif.stopped"
        shown = {"stars": _stars(keep, lang), "works": in100(1 - fail)}
        verdict = "db.verdict.same_stop" if advice.best == STOP else "db.verdict.careful"
    words = _t(key, lang, **shown) + " " + _t(verdict, lang)
    return WhatIf("dragon-battle", seat, i, taken, advice.best, words, lang, key, numbers, shown)


def _what_if_heroes(match: Any, seat: int, lang: str, iterations: int | None) -> WhatIf:
    from .heroes import odds
    from .heroes.search import SearchBot

    states, actions = match.states, match.actions
    for i in range(len(actions) - 1, -1, -1):
        s = states[i]
        a = actions[i]
        if s.current_player() == seat and s.phase == "turn" and a.verb in ("draw", "take"):
            break
    else:
        return WhatIf(
            "heroes",
            seat,
            None,
            None,
            None,
            _t("heroes.whatif.none", lang),
            lang,
            "heroes.whatif.none",
            {},
            {},
        )
    view = SeatView(s, seat)
    obs = view.observation
    game: Any = s.game
    bot = SearchBot() if iterations is None else SearchBot(iterations=iterations)
    best = bot.decide(view, hint_rng(view))
    hand = [game.kind_of[n] for n in obs["hands"][seat]]
    counts: dict[int, int] = {}
    for k in hand:
        counts[k >> 2] = counts.get(k >> 2, 0) + 1
    numbers: dict[str, Any] = {"best": best}
    if a.verb == "take":
        kind = game.kind_of[obs["display"][int(a.args[1]) - 1]]
        card, _ = _heroes_card(game, kind, lang)
        nxt = odds.next_card(game, obs)
        fits = sum((nxt.colour(c) for c in counts), Fraction(0))
        numbers.update(fits=fits)
        key = "heroes.whatif.took"
        shown: dict[str, Any] = {"card": card, "p": in100(fits)}
    else:
        options = [
            (counts.get(game.kind_of[n] >> 2, 0), -slot, game.kind_of[n])
            for slot, n in enumerate(obs["display"])
            if n is not None and counts.get(game.kind_of[n] >> 2, 0) > 0
        ]
        if options:
            have, _, kind = max(options)
            card, colour = _heroes_card(game, kind, lang)
            numbers.update(colour_cards=have + 1)
            key = "heroes.whatif.drew"
            shown = {"card": card, "n": have + 1, "colour": colour}
        else:
            key = "heroes.whatif.drew_none"
            shown = {}
    if best == a:
        verdict = _t("heroes.verdict.same", lang)
    else:
        verdict = _t("heroes.verdict.other", lang, move=_move_words(s, best, seat, lang))
    words = _t(key, lang, **shown) + " " + verdict
    return WhatIf("heroes", seat, i, a, best, words, lang, key, numbers, shown)


def _what_if_dragons_gold(match: Any, seat: int, lang: str, iterations: int | None) -> WhatIf:
    from .dragons_gold.fairness import seat_valuation
    from .dragons_gold.search import SearchBot, _vec

    states, actions = match.states, match.actions
    for i in range(len(actions) - 1, -1, -1):
        s = states[i]
        if s.current_player() == seat and s.phase == "answer":
            break
    else:
        return WhatIf(
            "dragons-gold",
            seat,
            None,
            None,
            None,
            _t("dg.whatif.none", lang),
            lang,
            "dg.whatif.none",
            {},
            {},
        )
    a = actions[i]
    view = SeatView(s, seat)
    obs = view.observation
    sp = obs["split"]
    value = seat_valuation(obs)
    offered = _vec(sp["parts"][sp["involved"].index(seat)])
    points = value(offered)
    bot = SearchBot() if iterations is None else SearchBot(iterations=iterations)
    best = bot.decide(view, hint_rng(view))
    numbers: dict[str, Any] = {"points": points, "best": best}
    shown: dict[str, Any] = {"points": _points(points)}
    key = "dg.whatif.accepted" if a.verb == "accept" else "dg.whatif.refused"
    words = [_t(key, lang, **shown)]
    # what came of it (open to all): the treasure left the game, or the seat's share
    before = _vec(obs["players"][seat]["screen"])
    for j in range(i + 1, len(states)):
        t = states[j]
        if t.phase in ("build", "answer", "swap"):
            continue
        seen = t.observation(seat)
        if sum(_vec(seen["out"])) > sum(_vec(obs["out"])):
            numbers["lost"] = True
            words.append(_t("dg.whatif.lost", lang))
        else:
            after = _vec(seen["players"][seat]["screen"])
            got = tuple(max(0, x - y) for x, y in zip(after, before, strict=True))
            numbers["got"] = value(got)
            if a.verb != "accept":
                shown["got"] = _points(numbers["got"])
                words.append(_t("dg.whatif.got", lang, points=shown["got"]))
        break
    if best == a:
        words.append(_t("dg.verdict.same", lang))
    else:
        words.append(_t("dg.verdict.other", lang, move=_move_words(s, best, seat, lang)))
    return WhatIf("dragons-gold", seat, i, a, best, " ".join(words), lang, key, numbers, shown)
