"""Bots for Dragon's Gold, registered with :mod:`kaskaria.bots`.

Every bot decides from its seat's :class:`~kaskaria.bots.SeatView` only (the observation and the
legal actions), never from the state, and chooses only legal actions.

- ``"random"``: uniformly among the legal actions (any game);
- ``"fair"``: proposes the split that maximises the least share (by the tokens' public points),
  accepts a share worth at least an equal part less one token; divides the same way, chooses the
  pile worth most to it;
- ``"greedy"``: proposes and accepts only shares worth at least its part of the attack strength;
- ``"maximiser"``: for divide-and-choose: as splitter it makes the piles whose least valuable one is
  worth most *to itself* (its own holdings and majorities count), as chooser it takes the pile that
  adds most to its own score;
- ``"planner"``: sends its adventurers where the expected treasure per partner (exact expected
  token points of the hidden treasure, from the public bag) is highest, and splits like ``"fair"``.

Placements (``fair``, ``greedy``, ``maximiser``): the adventurer that kills a dragon alone if one
can, else the weakest adventurer to the dragon closest to falling. Thieves rob the player with the
most tokens; market offers are passed; items are played only by ``planner`` (never, for now, by
the others: they pass).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..bots import Bot, BotSpec, SeatView, register_bot
from ..core import Action
from .engine import NAME
from .fairness import seat_valuation
from .rules import COLOURS, GEMS

__all__ = ["BOT_NAMES", "FairBot", "GreedyBot", "MaximiserBot", "PlannerBot"]

BOT_NAMES = ("random", "fair", "greedy", "maximiser", "planner")
#: public points of one token for splitting (gems: a flat guess of their majority worth)
PUBLIC = {"silver": 1, "gold": 3, "red": 1, "black": 7, **{g: 2 for g in GEMS}}
_STRENGTH = {"knight4": 4, "knight3": 3, "thief": 2, "wizard": 1}


def _tokens(counts: dict[str, int]) -> list[str]:
    """The tokens of a pile, most valuable first (a fixed order)."""
    out = [c for c in COLOURS for _ in range(counts.get(c, 0))]
    return sorted(out, key=lambda c: (-PUBLIC[c], COLOURS.index(c)))


def _value(counts: dict[str, int] | list[str]) -> int:
    if isinstance(counts, dict):
        return sum(PUBLIC[c] * n for c, n in counts.items())
    return sum(PUBLIC[c] for c in counts)


def _lpt(tokens: list[str], weights: list[Fraction]) -> list[list[str]]:
    """Hand out tokens, most valuable first, each to the part furthest below its weighted target
    (equal weights: the part worth least so far)."""
    return [list(p) for p in _lpt_plan(tuple(tokens), tuple(weights))]


@lru_cache(maxsize=4096)
def _lpt_plan(
    tokens: tuple[str, ...], weights: tuple[Fraction, ...]
) -> tuple[tuple[str, ...], ...]:
    # the same plan at every step of one split (the pot does not change while it is handed out):
    # made once, with each part's running value
    parts: list[list[str]] = [[] for _ in weights]
    values = [0] * len(weights)
    for tok in tokens:
        k = min(range(len(parts)), key=lambda i: (Fraction(values[i]) / weights[i], i))
        parts[k].append(tok)
        values[k] += PUBLIC[tok]
    return tuple(tuple(p) for p in parts)


def _next_step(
    target: list[list[str]],
    current: list[dict[str, int]],
    legal: set[Action],
    verb: str,
    names: list[str],
) -> Action | None:
    for i, want in enumerate(target):
        have = dict(current[i])
        for tok in want:
            if have.get(tok, 0) > 0:
                have[tok] -= 1
                continue
            a = Action(
                verb, (tok, "to", names[i]) if verb == "give" else (tok, "in", "pile", names[i])
            )
            if a in legal:
                return a
    return None


class _Base(Bot):
    game = NAME

    def decide(self, view: SeatView, rng: Any) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        phase = obs["phase"]
        handler = getattr(self, f"on_{phase}", None)
        choice = handler(view, obs, legal) if handler is not None else None
        if choice is None or choice not in legal:
            choice = self.fallback(legal)
        return choice

    @staticmethod
    def fallback(legal: tuple[Action, ...]) -> Action:
        for verb in ("pass", "refuse", "split", "propose"):
            for a in legal:
                if a.verb == verb:
                    return a
        return legal[0]

    # -- placements ------------------------------------------------------------------------
    def on_turn(
        self, view: SeatView, obs: dict[str, Any], legal: tuple[Action, ...]
    ) -> Action | None:
        sends = [a for a in legal if a.verb == "send"]
        best = None
        for a in sends:
            d = obs["dragons"][int(a.args[3]) - 1]
            need = d["strength"] - d["sum"]
            s = _STRENGTH[a.args[0]]
            alone = not d["fighters"] and s >= need
            key = (0 if alone else 1, 0 if s >= need else 1, need - s if s < need else s - need, a)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else None

    def on_victim(self, view, obs, legal):
        return max(legal, key=lambda a: (obs["players"][int(a.args[1]) - 1]["tokens"], a))

    def on_pick(self, view, obs, legal):
        return max(legal, key=lambda a: (PUBLIC[a.args[0]], a))

    def on_ward(self, view, obs, legal):
        wards = [a for a in legal if a.verb == "ward"]
        return min(wards, key=lambda a: (PUBLIC[a.args[0]], a)) if wards else None

    def on_market(self, view, obs, legal):
        return Action("pass")

    def on_reply(self, view, obs, legal):
        return Action("refuse")

    def on_swap(self, view, obs, legal):
        return Action("pass")

    # -- splits ----------------------------------------------------------------------------
    def weights(self, obs: dict[str, Any]) -> list[Fraction]:
        return [Fraction(1)] * len(obs["split"]["involved"])

    def target(self, obs: dict[str, Any]) -> list[list[str]]:
        return _lpt(_tokens(obs["split"]["pot"]), self.weights(obs))

    def on_build(self, view, obs, legal):
        sp = obs["split"]
        names = [str(p + 1) for p in sp["involved"]]
        step = _next_step(self.target(obs), sp["parts"], set(legal), "give", names)
        return step or (Action("propose") if Action("propose") in legal else None)

    def acceptable(self, view: SeatView, obs: dict[str, Any]) -> bool:
        sp = obs["split"]
        i = sp["involved"].index(view.seat)
        total = _value(sp["pot"])
        biggest = max((PUBLIC[c] for c in sp["pot"]), default=0)
        return _value(sp["parts"][i]) * len(sp["involved"]) >= total - biggest * len(sp["involved"])

    def on_answer(self, view, obs, legal):
        return Action("accept") if self.acceptable(view, obs) else Action("refuse")

    def on_divide(self, view, obs, legal):
        sp = obs["split"]
        n = len(sp["parts"])
        target = _lpt(_tokens(sp["pot"]), [Fraction(1)] * n)
        step = _next_step(target, sp["parts"], set(legal), "put", [str(k + 1) for k in range(n)])
        if step is None:
            puts = [a for a in legal if a.verb == "put"]
            return puts[0] if puts else Action("split")
        return step

    def on_choose(self, view, obs, legal):
        value = seat_valuation(obs)
        parts = obs["split"]["parts"]
        vec = lambda d: tuple(d.get(c, 0) for c in COLOURS)  # noqa: E731
        return max(legal, key=lambda a: (value(vec(parts[int(a.args[1]) - 1])), -int(a.args[1])))


class FairBot(_Base):
    """Proposes the split that maximises the least share; accepts a roughly equal share."""

    name = "fair"


class GreedyBot(_Base):
    """Accepts (and proposes) only shares worth at least its part of the attack strength."""

    name = "greedy"

    def weights(self, obs: dict[str, Any]) -> list[Fraction]:
        strength: dict[int, int] = {}
        for f in obs["dragons"][obs["split"]["dragon"] - 1]["fighters"]:
            strength[f["player"]] = strength.get(f["player"], 0) + f["strength"]
        return [Fraction(strength.get(p, 1)) for p in obs["split"]["involved"]]

    def acceptable(self, view: SeatView, obs: dict[str, Any]) -> bool:
        sp = obs["split"]
        w = self.weights(obs)
        i = sp["involved"].index(view.seat)
        return _value(sp["parts"][i]) * sum(w) >= _value(sp["pot"]) * w[i]


class MaximiserBot(_Base):
    """Divide-and-choose by its own valuation (its holdings and majorities count)."""

    name = "maximiser"

    def on_divide(self, view, obs, legal):
        from math import comb, prod

        from .fairness import divide_and_choose

        sp = obs["split"]
        n = len(sp["parts"])
        # the plan is made from the whole treasure (the same plan at every step); too many ways
        # to split: fall back to the fair bot's piles
        ways = prod(comb(k + n - 1, n - 1) for k in sp["pot"].values())
        if ways > 5000:
            return super().on_divide(view, obs, legal)
        value = seat_valuation(obs)
        pot = tuple(sp["pot"].get(c, 0) for c in COLOURS)
        split, _ = divide_and_choose(pot, value, [value] * (n - 1))
        target = [[c for i, c in enumerate(COLOURS) for _ in range(p[i])] for p in split]
        step = _next_step(target, sp["parts"], set(legal), "put", [str(k + 1) for k in range(n)])
        return step or super().on_divide(view, obs, legal)


class PlannerBot(_Base):
    """Sends adventurers where the expected treasure per partner is highest."""

    name = "planner"

    def on_turn(self, view, obs, legal):
        bag = obs["bag"]
        total = sum(bag.values())
        mean = Fraction(_value(bag), total) if total else Fraction(0)
        best = None
        for a in legal:
            if a.verb != "send":
                continue
            d = obs["dragons"][int(a.args[3]) - 1]
            s = _STRENGTH[a.args[0]]
            partners = {f["player"] for f in d["fighters"]} | {view.seat}
            worth = _value(d["treasure"]) + d["hidden"] * mean  # exact expected token points
            kills = d["sum"] + s >= d["strength"]
            score = worth / len(partners) if kills else worth / (len(partners) + 1) / 2
            key = (score, -s if not kills else s, str(a))
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None


for _cls, _summary in (
    (FairBot, "proposes the split that maximises the least share"),
    (GreedyBot, "accepts only shares worth its part of the attack"),
    (MaximiserBot, "divides and chooses by its own valuation (majorities count)"),
    (PlannerBot, "places adventurers by expected treasure per partner"),
):
    register_bot(NAME, BotSpec(_cls.name, _cls, _summary))
