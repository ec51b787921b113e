"""The three Dragon's Gold lessons: the rules lesson (``05-dragons-gold-rules.ipynb``: a turn, a
kill, the scoring), the deals lesson (``05b-dragons-gold-deals.ipynb``: sharing a treasure,
wizards, thieves, the market) and the fair-shares lesson (``06-dragons-gold-fair-shares.ipynb``).

Their words (the notebooks, every question, the timing, the notes for the teacher) are the text
files ``kaskaria/lessons/text/05-dragons-gold-rules.yaml``, ``05b-dragons-gold-deals.yaml`` and
``06-dragons-gold-fair-shares.yaml``; here is what is computed: each question's exact answer, by
the question's id, from the engine (the positions of :mod:`kaskaria.lessons.dragons_gold`, set up
from what matters; the fair division and expected values of :mod:`kaskaria.dragons_gold.fairness`;
the generic tournament) when first asked for. Pure Python, no Jupyter.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .content import LessonPlan
from .source import build

__all__ = ["DRAGONS_GOLD_DEALS", "DRAGONS_GOLD_RULES", "DRAGONS_GOLD_SHARES"]


def _dg() -> Any:
    from . import dragons_gold

    return dragons_gold


# ---------------------------------------------------------------------------------------------
# exact answers of the rules lesson
# ---------------------------------------------------------------------------------------------
def _moves() -> str:
    return str(len(_dg().state_after(_dg().SETUP).legal_actions()))


#: which adventurers make a dragon fall -> the choice that says so
_FALLING = {
    (): "none",
    ("big-knight",): "big-knight",
    ("big-knight", "small-knight"): "knights",
    ("big-knight", "small-knight", "thief"): "knights-thief",
    ("big-knight", "small-knight", "thief", "wizard"): "all",
}


def _killers() -> str:
    """Which of Player 3's adventurers would make the dragon of strength 6 fall after Player 1's
    small knight and Player 2's wizard (an attack of 4)."""
    dg = _dg()
    return _FALLING.get(dg.falling_with(dg.attack_four()), "other")


def _killers_nine() -> str:
    """The exit ticket: which of Player 3's adventurers kill the dragon of strength 9."""
    dg = _dg()
    return _FALLING.get(dg.falling_with(dg.strength_nine()), "other")


def _shared() -> str:
    parts = _dg().score_parts(_dg().SHARED_MAJORITY)
    got = [p["majorities"].get("blue", 0) for p in parts]
    if got[0] == got[1] == 15 and got[2] == 0:
        return "both-full"
    if got[0] == got[1] and 0 < got[0] < 15:
        return "both-half"
    return "nobody" if not any(got) else "one"


#: exercise 2 of the rules lesson: Player 1's screen at the end, and the others'
_EX2 = ({"silver": 4, "gold": 2, "red": 1, "blue": 2}, {"gold": 3, "green": 1}, {"silver": 5})


def _score_ex2() -> Fraction:
    return Fraction(_dg().final_score(_EX2, 0))


def _four_players() -> Fraction:
    dg = _dg()
    return Fraction(dg.final_score(dg.FOUR_SCREENS, 1))


#: the exact answer of each question of 05-dragons-gold-rules.yaml, by its id
RULES_ANSWERS: dict[str, Any] = {
    "moves": _moves,
    "shared": _shared,
    "ex1": _killers,
    "ex2": _score_ex2,
    "t1": _killers_nine,
    "t2": _four_players,
}

DRAGONS_GOLD_RULES: LessonPlan = build("05-dragons-gold-rules", RULES_ANSWERS)


# ---------------------------------------------------------------------------------------------
# exact answers of the deals lesson
# ---------------------------------------------------------------------------------------------
def _no_deal() -> str:
    dg = _dg()
    before = dg.state_after((*dg.SETUP, *dg.NEGOTIATE))
    after = dg.state_after((*dg.SETUP, *dg.NEGOTIATE, *dg.NO_DEAL))
    pot = sum(before.observation("table")["split"]["pot"].values())
    gone = sum(after.out) - sum(before.out)
    if gone == pot and sum(after.bag) == sum(before.bag) and not any(map(sum, after.screens)):
        return "out"
    return "bag" if sum(after.bag) > sum(before.bag) else "killer"


def _wizard() -> str:
    dg = _dg()
    before = dg.state_after((*dg.SETUP, *dg.ATTACK))
    after = dg.state_after((*dg.EXAMPLE, *dg.WIZARD_ITEMS))
    red = before.observation("table")["dragons"][0]["treasure"].get("red", 0)
    red += dg.HIDDEN.count("token red")
    pot = after.observation("table")["split"]["pot"]
    if after.screens[0][2] == red and "red" not in pot:
        return "wizard"
    return "shared" if "red" in pot else "bag"


def _steal() -> str:
    return "may" if _dg().thief_may_decline() else "must"


def _hand_out() -> Fraction:
    return Fraction(_dg().to_hand_out())


def _one_wizard() -> Fraction:
    """The exit ticket: the tokens the deal hands out when one wizard fought among three players
    (its player took the red tokens first)."""
    dg = _dg()
    return Fraction(dg.to_hand_out(dg.ONE_WIZARD, dg.ONE_WIZARD_LINES))


def _theft_gold() -> Fraction:
    return Fraction(_dg().theft_chance("gold"))


#: the exact answer of each question of 05b-dragons-gold-deals.yaml, by its id
DEALS_ANSWERS: dict[str, Any] = {
    "no-deal": _no_deal,
    "wizard": _wizard,
    "steal": _steal,
    "ex1": _hand_out,
    "t1": _one_wizard,
    "t2": _theft_gold,
}

DRAGONS_GOLD_DEALS: LessonPlan = build("05b-dragons-gold-deals", DEALS_ANSWERS)


# ---------------------------------------------------------------------------------------------
# exact answers of the fair-shares lesson
# ---------------------------------------------------------------------------------------------
def _uneven() -> str:
    case = _dg().uneven_case()
    if case["even_split"]:  # pragma: no cover - the example is chosen without an even split
        return "nobody"
    return "splitter" if case["splitter_envious"] else "chooser"


def _three() -> str:
    return "yes" if _dg().counterexample()["jealous"] else "no"


def _keeps(**counts: int) -> Fraction:
    keeps, _ = _dg().split_for_two(_dg()._treasure(**counts))
    return Fraction(keeps)


def _ex1() -> Fraction:
    return _keeps(gold=1, silver=6)


def _hidden_more() -> str:
    value = _dg().hidden_expected()
    return "more" if value > 3 else "less" if value < 3 else "same"


def _bag_points() -> Fraction:
    return Fraction(_dg().bag_points(_dg().PYTHON_BAG))


def _ex2() -> Fraction:
    dg = _dg()
    return dg.hidden_expected(dg.EX2_BAG, dg.EX2_HIDDEN)


def _t1() -> Fraction:
    dg = _dg()
    return dg.hidden_expected(dg.EXIT_BAG, dg.EXIT_HIDDEN)


def _same_worth() -> str:
    worth = [_dg().worth_of("blue", p) for p in range(3)]
    return "same" if len(set(worth)) == 1 else "different"


def _t2() -> str:
    dg = _dg()
    worth = [dg.worth_of("green", p, holdings=dg.EMERALDS_BEHIND) for p in range(3)]
    if len(set(worth)) == 1:
        return "same"
    best = max(worth)
    return f"p{worth.index(best) + 1}" if worth.count(best) == 1 else "tie"


def _proportional() -> str:
    return "yes" if _dg().proportional_case()["proportional"] else "no"


def _most_wins() -> str:
    return str(_dg().most_wins())


def _planner_sure() -> str:
    """Extension C: do the live games alone tell that the planner wins less often than the fair
    bot ("sure"), or could the order be luck? (The long run's claim: ``planner_against_fair``.)"""
    return "sure" if _dg().live_planner_apart() else "luck"


def _splitter_jealous() -> str:
    counts = _dg().two_player_counts()
    uneven = counts["cases"] - counts["even_splits"]
    if counts["splitter_envious"] == 0:
        return "never"
    return "always" if counts["splitter_envious"] == uneven else "sometimes"


#: the exact answer of each question of 06-dragons-gold-fair-shares.yaml, by its id
SHARES_ANSWERS: dict[str, Any] = {
    "uneven": _uneven,
    "hidden": _hidden_more,
    "worth": _same_worth,
    "three": _three,
    "tournament": _most_wins,
    "planner": _planner_sure,
    "cases": _splitter_jealous,
    "ex1": _ex1,
    "ex2": _ex2,
    "ex3": _proportional,
    "t1": _t1,
    "t2": _t2,
    "bag-points": _bag_points,
}

DRAGONS_GOLD_SHARES: LessonPlan = build("06-dragons-gold-fair-shares", SHARES_ANSWERS)
