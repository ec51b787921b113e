"""The ``"search"`` bot of Dragon's Gold: it imagines the rest of the game, and negotiates to win.

**What it cannot see** (the tokens behind the other screens beyond what it is sure of, the other
players' magic items and the item deck) it deals again at random from its own observation
(:func:`deal`: a full position with exactly that observation for its seat), many times; on each
deal it tries its choices and plays the game to the end with a quick policy for every seat
(:func:`quick_move`), and it counts who wins (scores with majorities and, in the advanced rules,
sets and the cursed diamond: the engine's own scoring). The search
(:func:`kaskaria.search.search`) compares the choices on the same deals and the same luck, and
ranks them by a value that weighs the win and how far ahead of the best other player each
playout ended (:func:`_outcome`): with a few dozen playouts, wins alone tell choices apart too
late (each of six sends is first tried twice).

**Where it thinks:**

- *sending an adventurer* (and playing a turn item): the :data:`SENDS` best sends by the quick
  policy's ranking and every turn item are searched;
- *proposing a split*: it builds a few complete proposals (:func:`proposals`) that every other
  player should accept (each gets at least what the ``"fair"`` and the ``"greedy"`` bots accept:
  an equal share less one token, and a share in proportion to its attack strength, in the tokens'
  public points), giving away the tokens worth least *to itself* (its majorities count), or
  least to itself and to the other player they would help most (no gem that wins a rival a
  majority), and searches among them and ``no deal``; the chosen proposal is then handed out
  token by token;
- *answering a proposal*: ``accept``, ``refuse`` and ``no deal`` are searched: refusing costs
  time (the next player proposes), and when nobody agrees the whole treasure leaves the game;
- *dividing and choosing* (the strategic variants): no playouts either, since nothing is left
  to luck once the piles lie open: it foresees which pile each chooser takes and ranks the
  splits, or the piles to take, by the scores that leaves it against the others
  (:mod:`kaskaria.dragons_gold.dividing`);
- *thieves*, *wards* and *the market*: the exact valuations of the ``"maximiser"`` bot (the
  points a token or a trade adds to its own score, from what it can see), which need no search.

The thinking budget is ``iterations`` playouts per searched decision (default
:data:`ITERATIONS`) and optionally ``seconds``; with ``seconds=None`` the same seed gives the
same choice everywhere.
"""

from __future__ import annotations

from fractions import Fraction
from operator import mul
from typing import Any

import numpy as np

from ..bots import Bot, SeatView, register_bot
from ..core import Action
from ..search import SearchResult, check_budget, lead_value, search, search_bot_spec
from .bots import PUBLIC, MaximiserBot, _next_step, token_values
from .dividing import best_pile, best_piles
from .engine import NAME
from .rules import COLOURS

__all__ = ["ITERATIONS", "SearchBot", "deal", "proposals", "quick_move", "think"]

#: The default budget: playouts per searched decision.
ITERATIONS = 48
NC = len(COLOURS)
_PUBLIC = tuple(PUBLIC[c] for c in COLOURS)
_BY_PUBLIC = sorted(range(NC), key=lambda c: (-_PUBLIC[c], c))
_MAX_ACTIONS = 20_000
_ZERO = (0,) * NC
UP, DOWN = -1, -2


# ---------------------------------------------------------------------------------------------
# A full position from one seat's observation
# ---------------------------------------------------------------------------------------------
def _vec(d: dict[str, int]) -> tuple[int, ...]:
    return tuple(int(d.get(c, 0)) for c in COLOURS)


def deal(game: Any, obs: dict[str, Any], rng: np.random.Generator) -> Any:
    """A full position dealt at random from one seat's ``observation``: what the seat cannot see
    (the tokens behind the other screens beyond what it is sure of, from the tokens it cannot
    place; the other players' items and the item deck, from the items it cannot place) is dealt
    uniformly; the rest is read from the observation. The position has exactly that observation
    for that seat. What the others are sure of is not part of what the seat sees: they are taken
    to be sure of what the seat is sure of (and of nothing behind the seat's own screen)."""
    seat = obs["viewer"]
    if seat.__class__ is not int:
        raise ValueError(f"deal needs a seat's observation, not the {seat!r} view")
    P = game.players
    players = obs["players"]
    mine = _vec(players[seat]["screen"])
    sure = [_vec(p["screen"]) if q == seat else _vec(p["sure"]) for q, p in enumerate(players)]
    # the tokens the seat cannot place
    pool = list(game.tokens)
    places = [obs["bag"], obs["out"], *(d["treasure"] for d in obs["dragons"])]
    for counts in places:
        for c, n in counts.items():
            pool[COLOURS.index(c)] -= n
    for q in range(P):
        for c in range(NC):
            pool[c] -= sure[q][c]
    tokens = np.repeat(np.arange(NC), pool)
    tokens = tokens[rng.permutation(len(tokens))]
    screens = []
    k = 0
    for q in range(P):
        if q == seat:
            screens.append(mine)
            continue
        need = players[q]["tokens"] - sum(sure[q])
        got = list(sure[q])
        for t in tokens[k : k + need]:
            got[int(t)] += 1
        k += need
        screens.append(tuple(got))
    # items: the other hands and the deck from the items the seat cannot place
    names = list(game.item_names)
    nk = len(names)
    own_hand = players[seat]["hand"] or {}
    hand_mine = tuple(int(own_hand.get(n, 0)) for n in names)
    discard = (
        tuple(int(obs["discard"].get(n, 0)) for n in names) if game.use_items else game.item_counts
    )
    hands = []
    if game.use_items:
        left = [c - d - h for c, d, h in zip(game.item_counts, discard, hand_mine, strict=True)]
        cards = np.repeat(np.arange(nk), left)
        cards = cards[rng.permutation(len(cards))]
        k = 0
        for q in range(P):
            if q == seat:
                hands.append(hand_mine)
                continue
            got = [0] * nk
            for c in cards[k : k + players[q]["items"]]:
                got[int(c)] += 1
            k += players[q]["items"]
            hands.append(tuple(got))
        deck = [0] * nk
        for c in cards[k:]:
            deck[int(c)] += 1
        item_deck = tuple(deck)
    else:
        hands = [(0,) * nk] * P
        item_deck = (0,) * nk
    # what each seat is sure of: the seat's own row as it sees it; the others like the seat
    row = [(_ZERO if q == seat else sure[q]) for q in range(P)]
    known = []
    for s in range(P + 1):
        if s == seat:
            known.append([list(r) for r in row])
        else:
            known.append(
                [list(_ZERO) if q in (s, seat) else [min(a, b) for a, b in zip(row[q], screens[q], strict=True)]
                 for q in range(P)]
            )  # fmt: skip
    phase = obs["phase"]
    dragons = obs["dragons"]
    slots = [d["card"] if d["card"] is not None else -1 for d in dragons]
    deck_cards = sorted(obs["deck_cards"])
    gone = sorted(set(range(len(game.cards))) - set(deck_cards) - {s for s in slots if s >= 0})
    fighters = [[f["player"] * 4 + _ADV[f["adventurer"]] for f in d["fighters"]] for d in dragons]
    advs = []
    for q in range(P):
        row_q = []
        for a in players[q]["adventurers"]:
            st = a["state"]
            row_q.append(DOWN if st == "down" else UP if st == "up" else a["dragon"])
        advs.append(row_q)
    market_in = obs["market_in"]
    revealed = len(game.cards) - len(deck_cards)
    drawn = max(0, revealed - 4)
    market = 0 if market_in is not None else (1 if drawn >= game.market_at else 0)
    data: dict[str, Any] = {
        "phase": phase,
        "turn": obs["turn"],
        "slots": slots,
        "treasure": [list(_vec(d["treasure"])) for d in dragons],
        "fighters": fighters,
        "advs": advs,
        "deck": deck_cards,
        "gone": gone,
        "drawn": drawn,
        "market": market,
        "bag": list(_vec(obs["bag"])),
        "out": list(_vec(obs["out"])),
        "screens": [list(s) for s in screens],
        "known": known,
        "hands": [list(h) for h in hands],
        "item_deck": list(item_deck),
        "discard": list(discard),
        "target": -1,
        "pending": 0,
        "items_due": [],
        "resume": "",
        "involved": [],
        "parts": [],
        "budget": 0,
        "proposer": -1,
        "order": [],
        "owners": [],
        "thieves": [],
        "victim": -1,
        "offers": [],
        "offer": list(_ZERO),
        "ask": list(_ZERO),
        "partner": -1,
    }
    split = obs.get("split")
    if split is not None:
        data.update(
            target=split["dragon"],
            resume="kill",
            involved=list(split["involved"]),
            parts=[list(_vec(x)) for x in split["parts"]],
            budget=split["proposals_left"],
            proposer=split["proposer"],
            order=list(split["order"]),
            owners=list(split["owners"]),
        )
    theft = obs.get("theft")
    if theft is not None:
        target = next(
            i
            for i, d in enumerate(dragons)
            if d["card"] is not None and d["fighters"] and d["sum"] >= d["strength"]
        )
        codes = fighters[target]
        thieves = [c // 4 for c in codes if c % 4 == _ADV["thief"]]
        thieves = thieves[thieves.index(theft["thief"]) :]
        data.update(
            target=target,
            resume="thefts",
            involved=sorted({c // 4 for c in codes}),
            thieves=thieves,
            victim=theft["victim"] if theft["victim"] is not None else -1,
        )
    market_obs = obs.get("market")
    if market_obs is not None:
        data.update(
            order=list(market_obs["order"]),
            offers=list(market_obs["offers"]),
            offer=list(_vec(market_obs["offer"])),
            ask=list(_vec(market_obs["ask"])),
            partner=market_obs["partner"] if market_obs["partner"] is not None else -1,
            market=1,
        )
    return game.state_from_dict(data)


_ADV = {"big-knight": 0, "small-knight": 1, "thief": 2, "wizard": 3}


# ---------------------------------------------------------------------------------------------
# The quick policy of the playouts (reads the imagined full state)
# ---------------------------------------------------------------------------------------------
def _public(vec: tuple[int, ...]) -> int:
    return sum(map(mul, vec, _PUBLIC))


def _needs(state: Any) -> dict[int, float]:
    """What each involved player accepts at least, in public points: the larger of an equal
    share less the biggest token (the ``"fair"`` bot) and a share in proportion to its attack
    strength (the ``"greedy"`` bot)."""
    pot = state.treasure[state.target]
    total = _public(pot)
    biggest = max((_PUBLIC[c] for c in range(NC) if pot[c]), default=0)
    involved = state.involved
    n = len(involved)
    strength: dict[int, int] = {}
    g = state.game
    for code in state.fighters[state.target]:
        strength[code // 4] = strength.get(code // 4, 0) + g.strengths[code % 4]
    weights = sum(strength.get(p, 1) for p in involved)
    # a hair below, so that an exact share is accepted despite rounding
    return {
        p: max(total / n - biggest, total * strength.get(p, 1) / weights) - 1e-9 for p in involved
    }


def quick_move(state: Any, rng: Any = None) -> Action:
    """The quick policy of the playouts, for the player to move in a full state: it sends the
    adventurer that kills a dragon (alone if it can, the richest), else the weakest one to the
    dragon closest to falling; it splits fairly in public points and accepts a share every
    ``"fair"`` and ``"greedy"`` bot would accept; robs the richest screen; leaves the market."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == "turn":
        return _quick_send(state, legal)
    if phase == "build":
        return _quick_give(state, legal, "give")
    if phase == "divide":
        return _quick_give(state, legal, "put")
    if phase == "answer":
        p = state.order[0]
        i = state.involved.index(p)
        if _public(state.parts[i]) >= _needs(state)[p]:
            return _ACCEPT
        return _REFUSE
    if phase == "choose":
        best = max(
            (a for a in legal if a.verb == "choose"),
            key=lambda a: (_public(state.parts[int(a.args[1]) - 1]), -int(a.args[1])),
        )
        return best
    if phase == "victim":
        steals = [a for a in legal if a.verb == "steal"]
        if not steals:
            return legal[0]
        return max(steals, key=lambda a: (sum(state.screens[int(a.args[1]) - 1]), a.args[1]))
    if phase == "pick":
        picks = [a for a in legal if a.verb == "pick"]
        return max(picks, key=lambda a: (PUBLIC[a.args[0]], a.args[0])) if picks else legal[0]
    if phase in ("market", "swap", "ward"):
        return _PASS if _PASS in legal else legal[0]
    if phase == "offer":
        return _CANCEL if _CANCEL in legal else legal[0]
    if phase == "reply":
        return _REFUSE
    return legal[0]


_ACCEPT, _REFUSE, _PASS, _CANCEL = (
    Action("accept"),
    Action("refuse"),
    Action("pass"),
    Action("cancel"),
)
_PROPOSE, _SPLIT, _NO_DEAL = Action("propose"), Action("split"), Action("no", ("deal",))


def _quick_send(state: Any, legal: tuple[Action, ...]) -> Action:
    g = state.game
    bag = state.bag
    total = sum(bag)
    mean = _public(bag) / total if total else 0.0
    best, best_key = None, None
    for a in legal:
        if a.verb != "send":
            continue
        slot = int(a.args[3]) - 1
        adv = _ADV[a.args[0]]
        s = g.strengths[adv]
        card = g.cards[state.slots[slot]]
        fighters = state.fighters[slot]
        have = sum(g.strengths[c % 4] for c in fighters)
        need = card.strength - have
        worth = _public(state.treasure[slot]) + card.hidden * mean
        partners = len({c // 4 for c in fighters} | {state.turn})
        if s >= need:
            key = (0 if partners == 1 else 1, -worth / partners, s)
        else:
            key = (2, need - s, s)
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best if best is not None else legal[0]


def _quick_give(state: Any, legal: tuple[Action, ...], verb: str) -> Action:
    """The next token of the quick policy's split, made once per treasure and followed step by
    step: most valuable token first, to the part furthest below its target. A proposal aims at
    what each player accepts (:func:`_needs`), so that it passes; piles are equal."""
    done = _PROPOSE if verb == "give" else _SPLIT
    pot = state.treasure[state.target]
    key = (verb, pot, state.involved, state.fighters[state.target] if verb == "give" else ())
    plan = _FAIR.get(key)
    if plan is None:
        n = len(state.parts)
        if verb == "give":
            needs = _needs(state)
            targets = [max(needs[p], 0.0) + 1.0 for p in state.involved]
        else:
            targets = [1.0] * n
        shares = [[0] * NC for _ in range(n)]
        values = [0] * n
        for c in _BY_PUBLIC:
            for _ in range(pot[c]):
                k = min(range(n), key=lambda k: (values[k] / targets[k], k))
                shares[k][c] += 1
                values[k] += _PUBLIC[c]
        plan = tuple(tuple(x) for x in shares)
        if len(_FAIR) > 20_000:
            _FAIR.clear()
        _FAIR[key] = plan
    for k, part in enumerate(state.parts):
        want = plan[k]
        for c in _BY_PUBLIC:
            if part[c] < want[c]:
                if verb == "give":
                    return _give(c, state.involved[k])
                return _put(c, k)
    if done in legal:
        return done
    return next((a for a in legal if a.verb == verb), legal[0])


_FAIR: dict[tuple[Any, ...], tuple[tuple[int, ...], ...]] = {}
_GIVE: dict[tuple[int, int], Action] = {}
_PUT: dict[tuple[int, int], Action] = {}


def _give(c: int, p: int) -> Action:
    a = _GIVE.get((c, p))
    if a is None:
        a = _GIVE[(c, p)] = Action("give", (COLOURS[c], "to", str(p + 1)))
    return a


def _put(c: int, k: int) -> Action:
    a = _PUT.get((c, k))
    if a is None:
        a = _PUT[(c, k)] = Action("put", (COLOURS[c], "in", "pile", str(k + 1)))
    return a


def _share(state: Any, seat: int) -> float:
    winners = state.winners() if state.is_terminal() else ()
    if not winners:
        scores = state.scores()
        best = max(scores)
        winners = tuple(q for q, s in enumerate(scores) if s == best)
    return 1.0 / len(winners) if seat in winners else 0.0


#: how far ahead or behind a playout ends counts in its value: a lead of this many points is
#: worth about three quarters (the logistic curve), a tie a half
MARGIN_SCALE = 10.0


def _outcome(state: Any, seat: int) -> tuple[float, float, float]:
    """What a played-out game brings ``seat``: its share of the win, the value the search
    ranks by (half the share of the win, half how far ahead of the best other player it ended:
    its points less theirs, on a logistic curve: 0 far behind, 1/2 level, 1 far ahead), and
    that lead in points itself (which a hint may quote)."""
    share = _share(state, seat)
    scores = state.scores()
    lead = scores[seat] - max(x for q, x in enumerate(scores) if q != seat)
    return share, lead_value(share, lead, MARGIN_SCALE), float(lead)


def playout(
    state: Any, steps: tuple[Action, ...], rng: np.random.Generator, seat: int
) -> tuple[float, float, float]:
    """Take ``steps`` in ``state`` (one choice, or the steps of a whole proposal), play on with
    :func:`quick_move` (chance by ``rng``) and return ``seat``'s share of the win, the value the
    search ranks by and its lead in points (:func:`_outcome`)."""
    s = state
    for a in steps:
        s = s.apply(a)
    for _ in range(_MAX_ACTIONS):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s = s.apply(s.sample_chance(rng))
        else:
            s = s.apply(quick_move(s))
    return _outcome(s, seat)


# ---------------------------------------------------------------------------------------------
# Proposals
# ---------------------------------------------------------------------------------------------
def _proposal(steps: tuple[Action, ...], shares: dict[int, tuple[int, ...]]) -> Action:
    words = []
    for p in sorted(shares):
        tokens = [COLOURS[c] for c in range(NC) for _ in range(shares[p][c])]
        words.append(f"{p + 1}:" + ("-".join(tokens) or "nothing"))
    a = Action("propose", tuple(words))
    if len(_STEPS) > 10_000:
        _STEPS.clear()
    _STEPS[a] = steps
    return a


#: the steps of each proposal action made (by its text)
_STEPS: dict[Action, tuple[Action, ...]] = {}


def proposals(view: SeatView) -> list[tuple[Action, dict[int, tuple[int, ...]], str]]:
    """The complete proposals the bot weighs in phase ``build`` (each as a choice with its
    steps, the shares per seat and its name): ``tight`` (every other player gets just what it accepts:
    the larger of the ``"fair"`` and the ``"greedy"`` bots' thresholds, in public points, paid in
    the tokens worth least to the bot per public point), ``safe`` (one point more each),
    ``deny`` (as ``tight``, the tokens' cost to the bot counted together with what each adds to
    the score of the other player it helps most: a gem that would win a rival a majority is
    kept) and ``fair`` (equal public points). Proposals that come out the same are weighed once.
    Only the tokens not handed out yet are shared; a proposal keeps what was handed out so far."""
    obs = view.observation
    sp = obs["split"]
    seat = view.seat
    involved = list(sp["involved"])
    pot = _vec(sp["pot"])
    given = [_vec(x) for x in sp["parts"]]
    left = list(_vec(sp["left"]))
    mine = token_values(view, obs)
    total = _public(pot)
    biggest = max((_PUBLIC[c] for c in range(NC) if pot[c]), default=0)
    strength: dict[int, int] = {}
    for f in obs["dragons"][sp["dragon"]]["fighters"]:
        strength[f["player"]] = strength.get(f["player"], 0) + f["strength"]
    weights = sum(strength.get(p, 1) for p in involved)
    n = len(involved)
    need = {
        p: max(Fraction(total, n) - biggest, Fraction(total * strength.get(p, 1), weights))
        for p in involved
    }
    # tokens cheapest for the bot per public point first
    order = _cheapest_first(left, mine)
    # the same, with what a token adds to the score of the other player it would help most (a
    # gem that wins that player a majority costs the bot that much more)
    helps = [token_values(view, obs, p) for p in involved if p != seat]
    theirs = [max(values[c] for values in helps) for c in range(NC)]
    deny = _cheapest_first(left, tuple(m + t for m, t in zip(mine, theirs, strict=True)))
    plans = (("tight", 0, order), ("safe", 1, order), ("deny", 0, deny))
    out = []
    for label, margin, tokens in plans:
        best = None
        for cover in (True, False):
            shares = _hand_out(involved, seat, given, tokens, need, margin, cover)
            ok = all(_public(tuple(shares[p])) >= need[p] + margin for p in involved if p != seat)
            kept = sum(mine[c] * shares[seat][c] for c in range(NC))
            key = (ok, kept)
            if best is None or key > best[0]:
                best = (key, shares)
        assert best is not None
        out.append((label, {p: tuple(v) for p, v in best[1].items()}))
    # fair: most valuable first, to the part worth least so far
    shares = {p: list(given[i]) for i, p in enumerate(involved)}
    for c in sorted((c for c in range(NC) for _ in range(left[c])), key=lambda c: (-_PUBLIC[c], c)):
        p = min(involved, key=lambda q: (_public(tuple(shares[q])), q != seat, q))
        shares[p][c] += 1
    out.append(("fair", {p: tuple(v) for p, v in shares.items()}))
    result = []
    seen: set[tuple[tuple[int, tuple[int, ...]], ...]] = set()
    for label, shares_t in out:
        shares_key = tuple(sorted(shares_t.items()))
        if shares_key in seen:
            continue
        seen.add(shares_key)
        steps = []
        for i, p in enumerate(involved):
            extra = [shares_t[p][c] - given[i][c] for c in range(NC)]
            for c in range(NC):
                steps += [Action("give", (COLOURS[c], "to", str(p + 1)))] * extra[c]
        steps.append(_PROPOSE)
        result.append((_proposal(tuple(steps), shares_t), shares_t, label))
    return result


def _cheapest_first(left: list[int], cost: tuple[int, ...]) -> list[int]:
    """The tokens ``left`` (counts per colour), one entry per token, cheapest first: by ``cost``
    (per colour) per public point; ties: the most public points, then the colour's order."""
    return sorted(
        (c for c in range(NC) for _ in range(left[c])),
        key=lambda c: (
            Fraction(cost[c], _PUBLIC[c]) if _PUBLIC[c] else Fraction(10**6),
            -_PUBLIC[c],
            c,
        ),
    )


def _hand_out(
    involved: list[int],
    seat: int,
    given: list[tuple[int, ...]],
    order: list[int],
    need: dict[int, Fraction],
    margin: int,
    cover: bool,
) -> dict[int, list[int]]:
    """Hand the tokens ``order`` (cheapest for the bot first) to the other players until each
    has what it accepts (``need`` plus ``margin`` public points), the rest to the bot: the
    player furthest below its need gets, with ``cover``, the cheapest token that covers its gap
    (else the biggest), without ``cover`` the cheapest that does not overshoot it (else the
    smallest)."""
    shares = {p: list(given[i]) for i, p in enumerate(involved)}
    pool = list(order)
    while pool:
        short = [(need[p] + margin - _public(tuple(shares[p])), p) for p in involved if p != seat]
        gap, p = max(short, default=(Fraction(0), -1))
        if gap <= 0:
            break
        if cover:
            fits = [c for c in pool if _PUBLIC[c] >= gap] or [max(pool, key=lambda c: _PUBLIC[c])]
        else:
            fits = [c for c in pool if _PUBLIC[c] <= gap] or [min(pool, key=lambda c: _PUBLIC[c])]
        c = fits[0]
        pool.remove(c)
        shares[p][c] += 1
    for c in pool:
        shares[seat][c] += 1
    return shares


# ---------------------------------------------------------------------------------------------
# The bot
# ---------------------------------------------------------------------------------------------
def think(
    view: SeatView,
    rng: np.random.Generator,
    choices: list[Action],
    iterations: int = ITERATIONS,
    seconds: float | None = None,
    prior: Action | None = None,
) -> SearchResult:
    """The search of one decision among ``choices`` (legal actions, or whole proposals), from the
    seat's view alone."""
    game = view.game
    obs = view.observation
    seat = view.seat

    def make(r: np.random.Generator) -> Any:
        return deal(game, obs, r)

    def play(state: Any, choice: Action, r: np.random.Generator) -> tuple[float, float, float]:
        return playout(state, _STEPS.get(choice, (choice,)), r, seat)

    return search(choices, make, play, rng, iterations=iterations, seconds=seconds, prior=prior)


#: sends searched at most (the quick policy's best first; turn items are always searched)
SENDS = 6


def _candidates(view: SeatView, legal: tuple[Action, ...]) -> list[Action]:
    """The choices of a turn worth searching: the :data:`SENDS` best sends by the quick
    policy's ranking (from the seat's view: the dragons, strengths and treasures lie open) and
    every turn item."""
    obs = view.observation
    strengths = {a["name"]: a["strength"] for a in obs["players"][view.seat]["adventurers"]}
    bag = obs["bag"]
    total = sum(bag.values())
    mean = sum(PUBLIC[c] * n for c, n in bag.items()) / total if total else 0.0
    ranked = []
    for a in legal:
        if a.verb != "send":
            continue
        d = obs["dragons"][int(a.args[3]) - 1]
        s = strengths[a.args[0]]
        need = d["strength"] - d["sum"]
        worth = sum(PUBLIC[c] * n for c, n in d["treasure"].items()) + d["hidden"] * mean
        partners = len({f["player"] for f in d["fighters"]} | {view.seat})
        key = (0 if partners == 1 else 1, -worth / partners, s) if s >= need else (2, need - s, s)
        ranked.append((key, str(a), a))
    ranked.sort()
    out = [a for _, _, a in ranked[:SENDS]]
    out += [a for a in legal if a.verb != "send"]
    return out or list(legal)


class SearchBot(Bot):
    """Searches its sends, proposals and answers by playouts over deals of what it cannot see,
    divides and chooses by looking ahead exactly (:mod:`.dividing`), and uses the
    ``"maximiser"`` bot's exact valuations elsewhere (see the module's text).
    ``iterations``: playouts per searched decision; ``seconds``: an optional time limit."""

    name = "search"
    game = NAME

    def __init__(self, iterations: int | None = None, seconds: float | None = None) -> None:
        if iterations is None:
            iterations = ITERATIONS
        check_budget(iterations, seconds)
        self.iterations = iterations
        self.seconds = seconds
        self._helper = MaximiserBot()
        #: the search of the last searched decision, and (phase ``build``) the shares per seat
        #: of the proposal being handed out
        self.last: SearchResult | None = None
        self.plan: dict[int, tuple[int, ...]] | None = None
        #: the shares chosen for each split this bot is building, and the search that chose
        #: them, by the seat's view of the split (see _build)
        self._plans: dict[str, tuple[dict[int, tuple[int, ...]], SearchResult]] = {}

    @property
    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.iterations != ITERATIONS:
            out["iterations"] = self.iterations
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    def decide(self, view: SeatView, rng: Any) -> Action:
        legal = view.legal_actions()
        self.last = None
        self.plan = None
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        phase = obs["phase"]
        if phase == "turn":
            choices = _candidates(view, legal)
            result = think(view, rng, choices, self.iterations, self.seconds, prior=choices[0])
            self.last = result
            return result.best
        if phase == "answer":
            options = [a for a in (_ACCEPT, _REFUSE, _NO_DEAL) if a in legal]
            result = think(view, rng, options, self.iterations, self.seconds, prior=_ACCEPT)
            self.last = result
            return result.best
        if phase == "build":
            return self._build(view, rng, legal)
        if phase == "divide":
            game: Any = view.game
            made = best_piles(obs, game.rules)
            target = [[c for i, c in enumerate(COLOURS) for _ in range(p[i])] for p in made.piles]
            names = [str(k + 1) for k in range(len(target))]
            step = _next_step(target, obs["split"]["parts"], set(legal), "put", names)
            if step is not None:
                return step
            if _SPLIT in legal and not any(obs["split"]["left"].values()):
                return _SPLIT
        if phase == "choose":
            game = view.game
            k, _ = best_pile(obs, game.rules)
            return Action("choose", ("pile", str(k + 1)))
        return self._helper.decide(view, rng)

    def _build(self, view: SeatView, rng: Any, legal: tuple[Action, ...]) -> Action:
        """The next step of the proposal chosen for this split: the search runs at the first
        step; the later steps follow the shares it chose (kept by the bot, by the seat's view of
        the split less what was handed out). A bot that comes to a split half handed out (a
        game loaded there) searches again among proposals that keep what was handed out."""
        obs = view.observation
        sp = obs["split"]
        key = _plan_key(obs)
        found = self._plans.get(key)
        target = found[0] if found is not None else None
        given = {p: _vec(x) for p, x in zip(sp["involved"], sp["parts"], strict=True)}
        if found is not None:
            self.last = found[1]
        if target is None or any(
            target.get(p, _ZERO)[c] < given[p][c] for p in given for c in range(NC)
        ):
            options = proposals(view)
            choices = [a for a, _, _ in options]
            if _NO_DEAL in legal:
                choices.append(_NO_DEAL)
            result = think(view, rng, choices, self.iterations, self.seconds, prior=choices[0])
            self.last = result
            if result.best == _NO_DEAL:
                return _NO_DEAL
            target = dict(options[choices.index(result.best)][1])
            if len(self._plans) > 64:
                self._plans.clear()
            self._plans[key] = (target, result)
        self.plan = target
        for p in sp["involved"]:
            for c in range(NC):
                if given[p][c] < target[p][c]:
                    step = Action("give", (COLOURS[c], "to", str(p + 1)))
                    if step in legal:
                        return step
        return _PROPOSE if _PROPOSE in legal else self._helper.decide(view, rng)


def _plan_key(obs: dict[str, Any]) -> str:
    import json

    rest = {k: v for k, v in obs.items() if k != "split"}
    split = {k: v for k, v in obs["split"].items() if k not in ("parts", "left")}
    return json.dumps([rest, split], sort_keys=True)


# Registered with the game's bots (kaskaria/__init__.py names this module), not offered in the
# seat menus (``listed=False``): made by its name, ``make_bot(..., "search")``.
register_bot(NAME, search_bot_spec(SearchBot))
