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
can, else the weakest adventurer to the dragon closest to falling (the strengths come from the
observation).

Thieves (every bot but ``random``): the rulebook lets a thief steal, it does not make it. For each
player the thief may rob, the bot works out the expected worth *to itself* of a token drawn at
random from that screen, from its own observation only: the tokens it is sure of, and for the rest
the tokens it cannot place (all tokens less the bag, the dragons, those out of the game, its own
screen and what it is sure of elsewhere), each equally likely. It robs the player where that is
highest (ties: the one with most tokens), and steals nothing when it is negative everywhere (the
cursed black diamond of the advanced rules, say, when the bot holds majorities or sets it would
lose). Helped by its wizard it takes the token worth most to it, or nothing if each would cost it
points.

The market (every bot but ``random``): a bot looks for a trade of one or two of its tokens of one
colour for one or two tokens of another colour with a player it knows holds them (``sure``) that
adds points to its own score and, as far as it can tell, to the partner's too (so the partner may
accept); the one that adds most to its own score is offered, token by token, else it leaves the
market. It accepts an offer exactly when the trade adds points to its own score (by its view).
The market's budget (``market_offers``) bounds how often it tries. Items are played only by
``planner`` (never, for now, by the others: they pass).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import ceil
from typing import Any

from ..bots import Bot, BotSpec, SeatView, register_bot, register_difficulties
from ..core import Action
from .fairness import _trade_gains, _vec, holdings_of, seat_valuation
from .pieces import NAME
from .rules import COLOURS, GEMS, DragonsGoldRules
from .scoring import _gem_shares, _majority_bonus, _score_changes

__all__ = ["BOT_NAMES", "FairBot", "GreedyBot", "MaximiserBot", "PlannerBot"]

BOT_NAMES = ("random", "fair", "greedy", "maximiser", "planner")
#: public points of one token for splitting (gems: a flat guess of their majority worth)
PUBLIC = {"silver": 1, "gold": 3, "red": 1, "black": 7, **{g: 2 for g in GEMS}}
NC = len(COLOURS)
_BLACK = COLOURS.index("black")
_GEMS = tuple(COLOURS.index(g) for g in GEMS)


def _game(view: SeatView) -> Any:
    """The game of a seat's view (its rules and options are public)."""
    return view.game


def _strengths(obs: dict[str, Any]) -> dict[str, int]:
    """The adventurers' strengths by name, as the observation gives them (the rules table's)."""
    return {a["name"]: a["strength"] for a in obs["players"][obs["viewer"]]["adventurers"]}


def _unplaced(view: SeatView, obs: dict[str, Any]) -> tuple[int, ...]:
    """The tokens the seat cannot place, from its observation: all tokens less the bag, the
    dragons, those out of the game, its own screen and what it is sure of behind the others."""
    left = list(_game(view).tokens)
    places = [obs["bag"], obs["out"], *(d["treasure"] for d in obs["dragons"])]
    places += [p["screen"] if p["screen"] is not None else p["sure"] for p in obs["players"]]
    for counts in places:
        for c, n in counts.items():
            left[COLOURS.index(c)] -= n
    return tuple(max(0, n) for n in left)


def theft_value(view: SeatView, obs: dict[str, Any], victim: int) -> Fraction:
    """The expected worth to the seat of a token drawn at random from ``victim``'s screen, from
    the seat's observation alone: the tokens it is sure of count as they are; each of the others
    is one of the tokens the seat cannot place, all equally likely."""
    info = obs["players"][victim]
    n = info["tokens"]
    if n == 0:
        return Fraction(0)
    sure = _vec(info["sure"])
    unknown = n - sum(sure)
    pool = _unplaced(view, obs)
    total = sum(pool)
    values = token_values(view, obs)
    worth = Fraction(0)
    for c in range(NC):
        chance = Fraction(sure[c], n)
        if unknown and total:
            chance += Fraction(unknown * pool[c], n * total)
        if chance:
            worth += chance * values[c]
    return worth


def token_values(view: SeatView, obs: dict[str, Any], seat: int | None = None) -> tuple[int, ...]:
    """What one more token of each colour adds to the score of ``seat`` (None: the view's own),
    by the view (the others' screens at what it is sure of)."""
    holdings = holdings_of(obs)
    advanced = obs["variant"].startswith("advanced")
    rules = _game(view).rules
    seat = view.seat if seat is None else seat
    key = (holdings, seat, advanced, id(rules))
    found = _VALUES.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    values = tuple(
        _score_changes(holdings, {seat: _ONE[c]}, advanced, rules)[seat] for c in range(NC)
    )
    if len(_VALUES) > 4096:
        _VALUES.clear()
    _VALUES[key] = (rules, values)
    return values


#: one token of each colour, and the token values already worked out (see ``token_values``)
_ONE = tuple(tuple(int(i == c) for i in range(NC)) for c in range(NC))
_VALUES: dict[tuple[Any, ...], tuple[DragonsGoldRules, tuple[int, ...]]] = {}


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
        strengths = _strengths(obs)
        best = None
        for a in sends:
            d = obs["dragons"][int(a.args[3]) - 1]
            need = d["strength"] - d["sum"]
            s = strengths[a.args[0]]
            alone = not d["fighters"] and s >= need
            key = (0 if alone else 1, 0 if s >= need else 1, need - s if s < need else s - need, a)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else None

    def on_victim(self, view, obs, legal):
        best = None
        for a in legal:
            if a.verb != "steal":
                continue
            v = int(a.args[1]) - 1
            key = (theft_value(view, obs, v), obs["players"][v]["tokens"], a)
            if best is None or key > best:
                best = key
        if best is None or best[0] < 0:
            return Action("pass")  # nothing to gain: the thief steals nothing
        return best[2]

    def on_pick(self, view, obs, legal):
        values = token_values(view, obs)
        picks = [a for a in legal if a.verb == "pick"]
        worth = {a: values[COLOURS.index(a.args[0])] for a in picks}
        best = max(picks, key=lambda a: (worth[a], PUBLIC[a.args[0]], a), default=None)
        if best is None or worth[best] < 0:
            return Action("pass")  # every token there would cost points: take nothing
        return best

    def on_ward(self, view, obs, legal):
        wards = [a for a in legal if a.verb == "ward"]
        return min(wards, key=lambda a: (PUBLIC[a.args[0]], a)) if wards else None

    # -- the market ------------------------------------------------------------------------
    def trade_plan(self, view: SeatView, obs: dict[str, Any]) -> tuple[Any, ...] | None:
        """The trade this bot wants to offer now: ``(give, ask, partner)`` (9 counts, 9 counts,
        seat) or None."""
        holdings = holdings_of(obs)
        return _trade_plan(
            holdings, view.seat, obs["variant"].startswith("advanced"), _game(view).rules
        )

    def on_market(self, view, obs, legal):
        plan = self.trade_plan(view, obs) if len(legal) > 1 else None
        if plan is None:
            return Action("pass")
        return _next_trade_step(plan, obs["market"], legal)

    def on_offer(self, view, obs, legal):
        plan = self.trade_plan(view, obs)
        if plan is None:
            return Action("cancel")
        return _next_trade_step(plan, obs["market"], legal)

    def trade_worth(self, view: SeatView, obs: dict[str, Any]) -> int | None:
        """What the trade offered to the seat adds to its score, by its view (None: it does not
        hold what is asked for, so it cannot accept)."""
        if Action("accept") not in view.legal_actions():
            return None
        m = obs["market"]
        mine, _ = _trade_gains(
            holdings_of(obs), view.seat, m["maker"], _vec(m["ask"]), _vec(m["offer"]),
            obs["variant"].startswith("advanced"), _game(view).rules,
        )  # fmt: skip
        return mine

    def on_reply(self, view, obs, legal):
        worth = self.trade_worth(view, obs)
        return Action("accept") if worth is not None and worth > 0 else Action("refuse")

    def why_refused(self, view: SeatView) -> tuple[str, dict[str, Any]] | None:
        """Why the bot refuses a trade or a proposed split at ``view``, from the same numbers it
        decides by: a message key of the game (``why.*``) and its parameters; None where it
        accepts. The trade's reason comes from the seat's own screen: a table shows it only to
        those who may see that screen."""
        obs = view.observation
        if obs["phase"] == "reply":
            worth = self.trade_worth(view, obs)
            if worth is None:  # the colours asked for that its screen holds too few of
                held = _vec(obs["players"][view.seat]["screen"])
                asked = _vec(obs["market"]["ask"])
                short = tuple(int(h < a) for a, h in zip(asked, held, strict=True))
                return "why.trade_lacks", {"colours": short}
            if worth > 0:
                return None
            return ("why.trade_loses", {"n": -worth}) if worth < 0 else ("why.trade_nothing", {})
        if obs["phase"] == "answer":
            sp = obs["split"]
            worth = _value(sp["parts"][sp["involved"].index(view.seat)])
            least = self.least_share(obs)
            return None if worth >= least else ("why.share_low", {"n": worth, "least": least})
        return None

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

    def least_share(self, obs: dict[str, Any]) -> int:
        """The least share (in public points) the bot accepts: an equal part less one token (the
        most valuable)."""
        sp = obs["split"]
        n = len(sp["involved"])
        biggest = max((PUBLIC[c] for c in sp["pot"]), default=0)
        return ceil(Fraction(_value(sp["pot"]) - biggest * n, n))

    def acceptable(self, view: SeatView, obs: dict[str, Any]) -> bool:
        sp = obs["split"]
        i = sp["involved"].index(view.seat)
        return _value(sp["parts"][i]) >= self.least_share(obs)

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


#: plans already worked out (the same plan is asked for at every step of building an offer), by
#: holdings, seat, scoring and the rules table's identity (the entry keeps the table alive)
_PLANS: dict[tuple[Any, ...], tuple[DragonsGoldRules, Any]] = {}


def _trade_plan(
    holdings: tuple[tuple[int, ...], ...], seat: int, advanced: bool, rules: DragonsGoldRules
) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    """The best trade for ``seat`` (see the module's words on the market): one or two of its
    tokens of one colour for one or two of another colour from a player known to hold them, that
    adds points to its score and (by what it knows) to the partner's; the most for itself, ties
    to the fewest tokens and then to the first colours and players. ``None``: no such trade."""
    key = (holdings, seat, advanced, id(rules))
    found = _PLANS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_PLANS) > 4096:
        _PLANS.clear()
    plan = _PLANS[key] = (rules, _best_trade(holdings, seat, advanced, rules))
    return plan[1]


def _best_trade(
    holdings: tuple[tuple[int, ...], ...], seat: int, advanced: bool, rules: DragonsGoldRules
) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    mine = holdings[seat]
    gains = _PairGains(holdings, advanced, rules)
    best: tuple[Any, ...] | None = None
    # colours whose points do not depend on who else holds what: a trade of those alone moves
    # points from one side to the other and cannot help both
    plain = {COLOURS.index(c) for c in ("silver", "gold", "red")}
    if not advanced:
        plain.add(COLOURS.index("black"))
    for c in range(NC):
        for k in range(1, min(2, mine[c]) + 1):
            for d in range(NC):
                if d == c or (c in plain and d in plain):
                    continue
                for m in (1, 2):
                    for q in range(len(holdings)):
                        if q == seat or holdings[q][d] < m:
                            continue
                        gain, theirs = gains(seat, q, c, k, d, m)
                        if gain <= 0 or theirs <= 0:
                            continue
                        key = (gain, theirs, -(k + m), -c, -d, -q)
                        if best is None or key > best[0]:
                            best = (key, c, k, d, m, q)
    if best is None:
        return None
    _, c, k, d, m, q = best
    give = tuple(k if i == c else 0 for i in range(NC))
    ask = tuple(m if i == d else 0 for i in range(NC))
    return give, ask, q


class _PairGains:
    """What a trade of ``k`` tokens of colour ``c`` for ``m`` of colour ``d`` adds to the scores
    of its maker and its partner, all screens being ``holdings``: the same as
    :func:`~kaskaria.dragons_gold.fairness.trade_gains`, with each gem colour's majority before
    the trade worked out once for all the trades a bot weighs."""

    def __init__(
        self, holdings: tuple[tuple[int, ...], ...], advanced: bool, rules: DragonsGoldRules
    ) -> None:
        self.h, self.advanced, self.rules = holdings, advanced, rules
        self.points = rules.token_points.value
        self.cursed = tuple(advanced and s[_BLACK] > 0 for s in holdings)
        self.bonus = _majority_bonus(len(holdings), advanced, rules)
        self.columns = {g: tuple(s[g] for s in holdings) for g in _GEMS}
        self.before = {
            g: dict(_gem_shares(col, self.cursed, advanced, self.bonus))
            for g, col in self.columns.items()
        }

    def __call__(self, a: int, b: int, c: int, k: int, d: int, m: int) -> tuple[int, int]:
        h, advanced = self.h, self.advanced
        if advanced and _BLACK in (c, d):  # the curse moves: the general way
            give = tuple(k if i == c else 0 for i in range(NC))
            ask = tuple(m if i == d else 0 for i in range(NC))
            return _trade_gains(h, a, b, give, ask, advanced, self.rules)
        mine = m * self.points[d] - k * self.points[c]
        theirs = -mine
        gems = False
        for g, change in ((c, -k), (d, m)):
            if g not in self.columns:
                continue
            gems = True
            col = list(self.columns[g])
            col[a] += change
            col[b] -= change
            before = self.before[g]
            mine -= before.get(a, 0)
            theirs -= before.get(b, 0)
            for p, share in _gem_shares(tuple(col), self.cursed, advanced, self.bonus):
                if p == a:
                    mine += share
                elif p == b:
                    theirs += share
        if advanced and gems:
            sets = self.rules.gem_set.value
            for p, sign in ((a, 1), (b, -1)):
                if self.cursed[p]:
                    continue
                screen = h[p]
                low = min(screen[g] for g in _GEMS)
                new = min(
                    screen[g] + sign * ((m if g == d else 0) - (k if g == c else 0)) for g in _GEMS
                )
                if p == a:
                    mine += sets * (new - low)
                else:
                    theirs += sets * (new - low)
        return mine, theirs


def _next_trade_step(
    plan: tuple[Any, ...], market: dict[str, Any], legal: tuple[Action, ...]
) -> Action:
    """The next step towards the offer ``plan``: the tokens given, then those asked for, then the
    offer to the partner; ``cancel`` (or ``pass``) if the offer on the table left the plan."""
    give, ask, partner = plan
    have_give, have_ask = _vec(market["offer"]), _vec(market["ask"])
    stop = Action("cancel") if Action("cancel") in legal else Action("pass")
    if any(h > w for h, w in zip(have_give, give, strict=True)) or any(
        h > w for h, w in zip(have_ask, ask, strict=True)
    ):
        return stop
    for verb, want, have in (("offer", give, have_give), ("ask", ask, have_ask)):
        for c in range(NC):
            if have[c] < want[c]:
                step = Action(verb, (COLOURS[c],))
                return step if step in legal else stop
    step = Action("trade", ("with", str(partner + 1)))
    return step if step in legal else stop


class FairBot(_Base):
    """Proposes the split that maximises the least share; accepts a roughly equal share."""

    name = "fair"


class GreedyBot(_Base):
    """Accepts (and proposes) only shares worth at least its part of the attack strength."""

    name = "greedy"

    def weights(self, obs: dict[str, Any]) -> list[Fraction]:
        strength: dict[int, int] = {}
        for f in obs["dragons"][obs["split"]["dragon"]]["fighters"]:
            strength[f["player"]] = strength.get(f["player"], 0) + f["strength"]
        return [Fraction(strength.get(p, 1)) for p in obs["split"]["involved"]]

    def least_share(self, obs: dict[str, Any]) -> int:
        """The least share (in public points) it accepts: its part of the attack strength."""
        w = self.weights(obs)
        i = obs["split"]["involved"].index(obs["viewer"])
        return ceil(_value(obs["split"]["pot"]) * w[i] / sum(w))


class MaximiserBot(_Base):
    """Divide-and-choose by its own valuation (its holdings and majorities count)."""

    name = "maximiser"

    def divide_plan(self, obs: dict[str, Any]) -> list[list[str]]:
        """The piles this bot makes of the treasure being divided (tokens by colour name, one
        list per pile): the split whose least pile is worth most to itself (divide and choose:
        the choosers leave it a pile), made from the whole treasure, so the same at every step.
        Too many ways to split: the fair bot's piles."""
        from math import comb, prod

        from .fairness import divide_and_choose

        sp = obs["split"]
        n = len(sp["parts"])
        ways = prod(comb(k + n - 1, n - 1) for k in sp["pot"].values())
        if ways > 5000:
            return _lpt(_tokens(sp["pot"]), [Fraction(1)] * n)
        pot = tuple(sp["pot"].get(c, 0) for c in COLOURS)
        key = (pot, n, holdings_of(obs), obs["viewer"], obs["variant"].startswith("advanced"))
        split = _DIVIDED.get(key)
        if split is None:
            value = seat_valuation(obs)
            split, _ = divide_and_choose(pot, value, [value] * (n - 1))
            if len(_DIVIDED) > 1024:
                _DIVIDED.clear()
            _DIVIDED[key] = split
        return [[c for i, c in enumerate(COLOURS) for _ in range(p[i])] for p in split]

    def on_divide(self, view, obs, legal):
        n = len(obs["split"]["parts"])
        target = self.divide_plan(obs)
        step = _next_step(
            target, obs["split"]["parts"], set(legal), "put", [str(k + 1) for k in range(n)]
        )
        return step or super().on_divide(view, obs, legal)


#: piles already worked out (a pile is made step by step, the same plan at each step), by the
#: treasure, the number of piles, the screens as the seat sees them, the seat and the scoring
_DIVIDED: dict[tuple[Any, ...], tuple[tuple[int, ...], ...]] = {}


class PlannerBot(_Base):
    """Sends adventurers where the expected treasure per partner is highest."""

    name = "planner"

    def on_turn(self, view, obs, legal):
        bag = obs["bag"]
        total = sum(bag.values())
        mean = Fraction(_value(bag), total) if total else Fraction(0)
        strengths = _strengths(obs)
        best = None
        for a in legal:
            if a.verb != "send":
                continue
            d = obs["dragons"][int(a.args[3]) - 1]
            s = strengths[a.args[0]]
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
# The bots a child chooses by difficulty, from seeded tournaments (30 games): greedy ahead of fair
# and planner (0.73), maximiser even with fair (0.45 / 0.55) and ahead of greedy (0.50 / 0.37).
# The easy bot is the fair one: it proposes even splits, which a child can accept.
register_difficulties(NAME, easy="fair", medium="maximiser", hard="greedy")
