"""Dragon's Gold's hints and "what if?" (see :mod:`kaskaria.hints`, which calls them).

The move is the ``"search"`` bot's (:mod:`.search`), searched with the hint's random numbers
(:func:`~kaskaria.hints.hint_rng`, from the seat's observation). The words say what the move
does, with what a share is worth to the seat (its own scoring: majorities and sets count, from
what it can see), and, where the bot searched, the search's own count for the move; where the
bot weighs exact values instead (robbing, the market), those values; making or choosing piles
(divide and choose), what the bot foresees the others take.
"""

from __future__ import annotations

from operator import mul
from typing import Any

from ..bots import SeatView
from ..core import Action
from ..hints import (
    Hint,
    WhatIf,
    budget,
    hint_rng,
    move_words,
    rate_sentence,
    say,
    searched,
)
from ..i18n import text
from ..present import presenter_for
from . import hint_messages  # noqa: F401  (registers the words)
from .bots import _ONE, PUBLIC, MaximiserBot, theft_value, token_values
from .dividing import best_pile, best_piles, outlooks
from .fairness import _trade_gains, _vec, holdings_of, seat_valuation
from .log import tokens_said
from .pieces import NAME
from .rules import COLOURS, GEMS
from .search import ITERATIONS, SearchBot

__all__ = ["DOMAIN", "hint", "what_if"]

#: The message table of these words (kaskaria/dragons_gold/hint_messages.py).
DOMAIN = "hints-dragons-gold"
_NO_DEAL = Action("no", ("deal",))
_ACCEPT = Action("accept")


def _t(key: str, lang: str, **params: Any) -> str:
    return say(DOMAIN, key, lang, **params)


def _points(x: Any) -> int:
    return int(round(float(x)))


def _now(state: Any, part: tuple[int, ...]) -> int:
    """A share's points now: its coins' and tokens' own points, as the board's card says them."""
    return sum(map(mul, state.game.rules.token_points.value, part))


def _worth(state: Any, part: tuple[int, ...], total: Any, lang: str) -> dict[str, Any]:
    """What a share gives the seat, as the board's card says it: its points now (the coins and
    tokens' own points) and the rest of ``total`` (its score as the game stands: the gems, for
    the most of a colour); the words as ``{"worth": ...}`` with the numbers."""
    now = _now(state, part)
    total = _points(total)
    more = total - now
    if more > 0:
        words = _t("worth.gems", lang, now=now, more=more)
    elif more == 0:
        words = _t("worth.now", lang, now=now)
    else:  # the gems cost points (a cursed token): say the whole
        words = _t("worth.total", lang, total=total)
    return {"worth": words, "now": now, "more": more}


def _pile_worth(state: Any, part: tuple[int, ...], lang: str) -> dict[str, Any]:
    """What a pile gives, in the words its card on the board says it (divide and choose): its
    points now and its gems, which score only at the end ("3 points now, 1 gem for the end");
    the words as ``{"worth": ...}`` with the two numbers. The bot's own score for the pile
    (the gems' points for the most of a colour) is shown nowhere on the board, so it is not
    said."""
    now = _now(state, part)
    gems = sum(n for c, n in zip(COLOURS, part, strict=True) if c in GEMS)
    t = presenter_for(state.game).t
    points = t("board.share_points", lang, n=now)
    words = (
        _t("worth.pile", lang, points=points, gems=t("board.share_gems", lang, n=gems))
        if gems
        else _t("worth.pile_points", lang, points=points)
    )
    return {"worth": words, "now": now, "gems": gems}


def _search(view: SeatView, iterations: int | None) -> tuple[Action, SearchBot]:
    bot = SearchBot(iterations=budget(iterations, ITERATIONS))
    action = bot.decide(view, hint_rng(view))
    return action, bot


def hint(state: Any, view: SeatView, lang: str, iterations: int | None = None) -> Hint:
    """The ``"search"`` bot's move for the seat of ``view`` and why."""
    action, bot = searched(view, iterations, _search)
    result = bot.last
    obs = view.observation
    seat = view.seat
    phase = obs["phase"]
    numbers: dict[str, Any] = {}
    shown: dict[str, Any] = {}
    key = "move"
    basis = "search" if result is not None else "value"
    if phase == "turn" and action.verb == "send":
        d = obs["dragons"][int(action.args[3]) - 1]
        strength = next(
            a["strength"]
            for a in obs["players"][seat]["adventurers"]
            if a["name"] == action.args[0]
        )
        need = d["strength"] - d["sum"] - strength
        partners = {f["player"] for f in d["fighters"]} - {seat}
        adventurer = text(NAME, f"adv_acc.{action.args[0]}", lang)
        place = int(action.args[3])
        numbers.update(strength=strength, missing=max(need, 0), partners=len(partners))
        if need <= 0 and not partners:
            key = "send.alone"
            shown = {"adventurer": adventurer, "place": place}
        elif need <= 0:
            key = "send.shared"
            shown = {"adventurer": adventurer, "place": place, "n": len(partners)}
        else:
            key = "send.short" if need > 1 else "send.short_one"
            shown = {"adventurer": adventurer, "place": place, "n": need}
    elif phase == "build" and action == _NO_DEAL:
        key = "no_deal"
    elif phase == "build":
        value = seat_valuation(obs)
        assert bot.plan is not None
        mine = bot.plan[seat]
        points = value(mine)
        numbers.update(points=points, share=mine, shares=dict(bot.plan))
        # the split the child hands out, token by token (the hint holds while they follow it)
        numbers["plan"] = {"phase": "build", "shares": {p: tuple(x) for p, x in bot.plan.items()}}
        key = "propose"
        # the whole split, so that a child can hand it out token by token: what each other
        # player gets, a line each under the two sentences (a player who gets nothing has
        # nothing to hand out: not named)
        others = [
            _t(
                "propose.share",
                lang,
                who=text("core", "player", lang, n=p + 1),
                tokens=tokens_said(part, lang),
            )
            for p, part in sorted(bot.plan.items())
            if p != seat and any(part)
        ]
        shown = {"tokens": tokens_said(mine, lang), "others": "\n".join(others)}
    elif phase == "answer":
        value = seat_valuation(obs)
        sp = obs["split"]
        part = _vec(sp["parts"][sp["involved"].index(seat)])
        points = value(part)
        numbers.update(points=points)
        key = {"accept": "accept", "refuse": "refuse"}.get(action.verb, "answer_no_deal")
        shown = {"points": _points(points), **_worth(state, part, points, lang)}
    elif phase == "choose":
        key, numbers, shown = _chosen(state, view, action, lang)
    elif phase == "divide":
        key, numbers, shown = _divided(state, view, action, lang)
    elif phase == "victim":
        if action.verb == "steal":
            victim = int(action.args[1]) - 1
            worth = theft_value(view, obs, victim)
            numbers.update(points=worth, victim=victim)
            # a whole number a child knows ("about 3"); below one, "less than 1 point"
            key = "rob" if worth >= 1 else "rob_small"
            shown = {"n": victim + 1, "points": _points(worth)}
        else:
            key = "rob_none"
    elif phase == "swap" and action.verb == "pass":
        key = "swap_pass"
    elif phase in ("market", "offer", "reply", "pick", "ward"):
        # the search leaves these to the exact valuations of the "maximiser" bot: its numbers
        key, numbers, shown = _valued(state, view, action, lang)
    if key == "move":
        # the button the child presses, in the words it shows ("Recall the fighters of dragon
        # 4"); a token put on a pile says the move (its button shows only "Pile 1", beside a
        # gem); a short button in a group, the group too ("1 ↔ 3" under "Swap of dragons")
        key, shown = _press(state, action, seat, lang)
    if key == "refuse" and result is not None and _ACCEPT in result.actions:
        # why refuse, from the search's own counts: where refusing won more of its games than
        # accepting, the count after the sentence says so, as every hint counts (the search's
        # games of this move against the others', :func:`rate_sentence`); where it won as many or
        # fewer, the search ranked it higher by the lead: how much better it ended
        tried = result.tried(_ACCEPT)
        if tried:
            accepted = result.rate(_ACCEPT)
            won = round(accepted * tried)
            numbers.update(accept_rate=accepted, accept_won=won, accept_tried=tried)
            if result.rate(action) <= accepted:
                # as many wins or fewer, but the search ranked refusing higher by the lead: how
                # much better it ended against the best other player, on average, in points
                key = "refuse_closer"
                led, accept_led = result.lead(action), result.lead(_ACCEPT)
                if led is not None and accept_led is not None:
                    better = _points(led - accept_led)
                    numbers.update(lead=led, accept_lead=accept_led)
                    if better >= 1:
                        key = "refuse_closer_by_one" if better == 1 else "refuse_closer_by"
                        shown.update(d=better)
    words = _t(key, lang, **shown)
    count = ""
    if key.startswith("refuse_closer_by"):
        # the sentence already says the search's comparison: its counts are kept, not said again
        numbers.update(rate_sentence(result, action, lang)[1])
    elif result is not None and result.total:
        count, rate_numbers, rate_shown = rate_sentence(result, result.best, lang)
        numbers.update(rate_numbers)
        shown.update({f"rate.{k}": v for k, v in rate_shown.items()})
    if key == "propose" and shown["others"]:
        # what you keep, then who gets what, a line per player (the list the child follows
        # token by token while the hint stays on screen), then the count on a line of its own:
        # a child tester read the count between "you keep" and the list as an interruption
        words += "\n" + shown["others"] + ("\n" + count if count else "")
    elif count:
        words += " " + count
    return Hint(NAME, seat, action, words, lang, key, numbers, shown, basis, result)


def _press(state: Any, action: Action, seat: int, lang: str) -> tuple[str, dict[str, Any]]:
    """The words of a move without words of its own: (key, shown): the button as ``seat``'s own
    screen shows it, its label, or its short label under its group's heading. (A token handed
    out or put on a pile always has words of its own: the split's or the piles' hint.)"""
    for button in presenter_for(state.game).buttons(state, lang, you=True):
        if button["action"] == str(action):
            if button.get("short") and button.get("group"):
                return "press_group", {"button": button["short"], "group": button["group"]}
            return "press", {"button": str(button["label"])}
    return "press", {"button": move_words(state, action, seat, lang)}


def _valued(
    state: Any, view: SeatView, action: Action, lang: str
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The words of a decision the search leaves to the ``"maximiser"`` bot (a trade, a thief's
    pick, a ward), from the very numbers that bot decides by: the message key, the
    numbers and the words shown; ``"move"`` where they do not explain ``action``."""
    obs = view.observation
    seat = view.seat
    phase = obs["phase"]
    helper = MaximiserBot()
    numbers: dict[str, Any] = {}
    if phase in ("market", "offer"):
        plan = helper.trade_plan(view, obs)
        if plan is None:
            numbers["trade"] = None
            return ("market_none" if action.verb == "pass" else "offer_none"), numbers, {}
        if action.verb == "pass":
            return "move", numbers, {}  # a step of the plan the market does not offer now
        give, ask, partner = plan
        mine, _ = _trade_gains(
            holdings_of(obs), seat, partner, give, ask,
            obs["variant"].startswith("advanced"), state.game.rules,
        )  # fmt: skip
        numbers.update(points=mine, give=give, ask=ask, partner=partner)
        shown = {
            "n": partner + 1,
            "give": tokens_said(give, lang),
            "ask": tokens_said(ask, lang),
            "points": mine,
        }
        return ("trade_again" if action.verb == "cancel" else "trade"), numbers, shown
    if phase == "reply":
        worth = helper.trade_worth(view, obs)
        numbers["points"] = worth
        if action.verb == "accept":
            return "trade_accept", numbers, {"points": worth}
        if worth is None:
            return "trade_lacks", numbers, {}
        if worth < 0:
            return "trade_costs", numbers, {"points": -worth}
        return "trade_nothing", numbers, {}
    if phase == "pick":
        if action.verb != "pick":
            return "pick_none", numbers, {}
        c = COLOURS.index(action.args[0])
        worth = token_values(view, obs)[c]
        numbers["points"] = worth
        return "pick", numbers, {"tokens": tokens_said(_ONE[c], lang), "points": worth}
    if phase == "ward" and action.verb == "ward":
        numbers["points"] = PUBLIC[action.args[0]]
        one = _ONE[COLOURS.index(action.args[0])]
        return "ward", numbers, {"tokens": tokens_said(one, lang)}
    return "move", numbers, {}


#: the phases of one treasure's negotiation: a seat's decisions in them after its answer (its
#: own proposal of the same treasure, a swap of two shares) belong to the same turn
_NEGOTIATION = ("build", "answer", "swap")


def last_answer(match: Any, seat: int) -> int | None:
    """Where in ``match`` ``seat`` answered a proposal in its last turn: its latest answer, or
    None when it has answered none, or has made a decision of another kind since (sent an
    adventurer, robbed, traded): that later turn is not about a proposal."""
    states = match.states
    for i in range(len(match.actions) - 1, -1, -1):
        s = states[i]
        if s.current_player() != seat:
            continue
        if s.phase == "answer":
            return i
        if s.phase not in _NEGOTIATION:
            return None
    return None


def looks_back(match: Any, seat: int) -> bool:
    """Has ``seat``'s last turn an answer to look back at (:func:`last_answer`)?"""
    return last_answer(match, seat) is not None


def what_if(match: Any, seat: int, lang: str, iterations: int | None = None) -> WhatIf:
    """``seat``'s answer to a proposal in its last turn (:func:`last_answer`): what the share was
    worth to it, what came of the answer (the treasure left the game, or what it got in the
    end) and the ``"search"`` bot's answer there."""
    states, actions = match.states, match.actions
    i = last_answer(match, seat)
    if i is None:
        none = _t("whatif.none", lang)
        return WhatIf(NAME, seat, None, None, None, none, lang, "whatif.none", {}, {})
    s = states[i]
    a = actions[i]
    view = SeatView(s, seat)
    obs = view.observation
    sp = obs["split"]
    value = seat_valuation(obs)
    points = value(_vec(sp["parts"][sp["involved"].index(seat)]))
    best, _ = searched(view, iterations, _search)
    numbers: dict[str, Any] = {"points": points, "best": best}
    shown: dict[str, Any] = {"points": _points(points)}
    # what came of it (open to all): the treasure left the game, or the seat's share; a new
    # proposal built after the answer means another player refused the split answered
    before = _vec(obs["players"][seat]["screen"])
    after_words: list[str] = []
    refused_later = agreed = False
    for j in range(i + 1, len(states)):
        t = states[j]
        refused_later = refused_later or t.phase == "build"
        agreed = agreed or (t.phase == "swap" and not refused_later)
        if t.phase in ("build", "answer", "swap") or t.current_player() < 0 and not t.is_terminal():
            continue
        seen = t.observation(seat)
        if sum(_vec(seen["out"])) > sum(_vec(obs["out"])):
            numbers["lost"] = True
            after_words.append(_t("whatif.lost", lang))
        else:
            after = _vec(seen["players"][seat]["screen"])
            got = tuple(max(0, x - y) for x, y in zip(after, before, strict=True))
            numbers["got"] = value(got)
            if a.verb != "accept" or refused_later:  # (else the answer's sentence says it)
                shown["got"] = _points(numbers["got"])
                after_words.append(_t("whatif.got", lang, points=shown["got"]))
        break
    else:
        # not settled yet: the others still answer, a new split is being built, or the shares
        # are agreed and may still be swapped
        numbers["open"] = True
    # the answer's sentence, by what is settled so far
    if a.verb != "accept":
        key = "whatif.refused" if a.verb == "refuse" else "whatif.no_deal"
    elif refused_later:
        key = "whatif.accepted_refused"
    elif numbers.get("open"):
        key = "whatif.accepted_agreed" if agreed else "whatif.accepted_open"
    else:
        key = "whatif.accepted_lost" if numbers.get("lost") else "whatif.accepted"  # never came
    words = [_t(key, lang, **shown), *after_words]
    if best == a:
        words.append(_t("verdict.same", lang))
    else:
        verdict = {"accept": "verdict.accept", "refuse": "verdict.refuse"}.get(
            best.verb, "verdict.no_deal"
        )
        words.append(_t(verdict, lang))
    return WhatIf(NAME, seat, i, a, best, " ".join(words), lang, key, numbers, shown)


def _chosen(
    state: Any, view: SeatView, action: Action, lang: str
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The words of a pile to take (divide and choose), from what the bot foresaw
    (:func:`~kaskaria.dragons_gold.dividing.best_pile`): what the pile gives the seat and, where
    another pile would have given it more, that the others would then have gained even more
    (the bot ranks a pile by its score less the mean of the others')."""
    obs = view.observation
    seat = view.seat
    k = int(action.args[1])
    part = _vec(obs["split"]["parts"][k - 1])
    points = seat_valuation(obs, rules=state.game.rules)(part)
    numbers: dict[str, Any] = {"points": points, "pile": k}
    shown = {"k": k, "points": _points(points), **_pile_worth(state, part, lang)}
    chosen, foreseen = best_pile(obs, state.game.rules)
    if chosen != k - 1:
        return "choose", numbers, shown  # not the bot's pile (a hint asked of another move)
    numbers["scores"] = foreseen.scores
    # the free pile that would have left the seat the highest score of its own, said only where
    # the board shows it richer too (more points now): a child tester read "pile 1 would give
    # you more" of a pile showing 0 points now beside the 13 of the pile to take (its gem would
    # have won a majority, which neither the board nor the hint says)
    richer = None
    for j, o in outlooks(obs, state.game.rules).items():
        if o.scores[seat] > foreseen.scores[seat] and (
            richer is None or o.scores[seat] > richer[1].scores[seat]
        ):
            richer = (j, o)
    if richer is None:
        return "choose", numbers, shown
    if _now(state, _vec(obs["split"]["parts"][richer[0]])) <= shown["now"]:
        return "choose", numbers, shown
    numbers.update(richer=richer[0] + 1, richer_scores=richer[1].scores)
    return "choose_not_richest", numbers, {**shown, "j": richer[0] + 1}


def _divided(
    state: Any, view: SeatView, action: Action, lang: str
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The words of making piles (divide and choose), from the piles the bot makes
    (:func:`~kaskaria.dragons_gold.dividing.best_piles`, around the tokens put so far): the
    piles, and the one it foresees left for the seat once the others have taken the piles worth
    most to them."""
    obs = view.observation
    seat = view.seat
    numbers: dict[str, Any] = {}
    made = best_piles(obs, state.game.rules)
    piles = list(made.piles)
    if action.verb not in ("put", "split"):
        return "move", numbers, {}
    left = made.owners.index(seat)
    worth = seat_valuation(obs, rules=state.game.rules)(piles[left])
    numbers.update(
        piles=piles,
        left=left + 1,
        worth=worth,
        owners=made.owners,
        scores=made.scores,
        plan={"phase": "divide", "piles": piles},
    )
    listed = " ".join(
        _t("divide.pile", lang, k=k + 1, tokens=tokens_said(pile, lang))
        for k, pile in enumerate(piles)
        if any(pile)  # an empty pile has nothing to put in it: not named
    )
    key = "divide_done" if action.verb == "split" else "divide"
    # who chooses before the child, then the pile foreseen for the child, worth as its card on
    # the board will say it (points now, gems for the end: a child tester looked in vain for
    # the "about 6 at the end" of the bot's own score)
    order = obs["split"]["order"]
    first = (
        _t("divide.first_one", lang, who=text("core", "player", lang, n=order[0] + 1))
        if len(order) == 1
        else _t("divide.first", lang)
    )
    told = _pile_worth(state, piles[left], lang)
    left_words = first + " " + _t("divide.left", lang, k=left + 1, worth=told["worth"])
    points = _points(worth)
    return key, numbers, {"piles": listed, "points": points, "left": left_words}
