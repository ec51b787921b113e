"""The ``"search"`` bot of Heroes of Kaskaria: it imagines the rest of the game many times.

At each decision the bot deals the cards it cannot see again from its own observation
(:func:`~kaskaria.heroes.sample_state`: the other hands' unknown cards, the draw pile and the
waterfall's place, consistent with everything it has seen), tries each of its legal moves and
plays the game to the end with a quick policy for every seat (:func:`quick_move`, a fast cousin
of the ``"planner"`` bot that reads the imagined state), and counts who wins. It cannot know how
its opponents play, so in a share :data:`HURRIED` of its deals (half) the other seats play in a
hurry instead (:func:`racer_move`: they move their figures as soon as they can, as the
``"racer"`` bot does) and end the game sooner. The search
(:func:`kaskaria.search.search`) compares the moves on the same deals and the same cards, and
drops the worse half round by round. It ranks them by a value that weighs the win and how far
ahead of the best other player each playout ended, and with four players how far ahead of each
other player too (:func:`_outcome`): a move that wins as often as another but leaves it
further behind when it loses is the worse move, and when it cannot win any more it still plays
for the best place, second rather than last. The best move by that value is played; at the
tables of :data:`GUARD` (three players, and two with the brave rules) only where it did clearly better than the move the
``"planner"`` bot would make, on the same deals: else the planner's move.

The thinking budget is ``iterations`` playouts per decision (default :data:`ITERATIONS`, by the
number of players) and, optionally, ``seconds``; with ``seconds=None`` the same seed gives the
same choice everywhere.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..bots import Bot, SeatView, register_bot
from ..core import Action
from ..search import (
    SearchResult,
    check_budget,
    lead_value,
    place_value,
    search,
    search_bot_spec,
)
from .bots import PlannerBot, set_value_split
from .engine import NAME, sample_state

__all__ = [
    "GUARD",
    "HURRIED",
    "ITERATIONS",
    "MARGIN_SCALE",
    "PLACE_FROM",
    "SearchBot",
    "full_budget",
    "quick_move",
    "racer_move",
    "think",
]

#: The default budget ("hard"): playouts per decision by the number of players (a playout of a
#: game of four takes about three times as long as one of two: each budget keeps the 95th
#: percentile of a decision under a second on one core, see benchmarks/bot_speed.py).
ITERATIONS = {2: 128, 3: 72, 4: 88}
#: From this many players on a playout is ranked by the seat's place among all the others
#: (:func:`kaskaria.search.place_value`), below by its lead over the best other player: at four
#: players the place made the search win 0.610 of its ladder games rather than 0.487; at three
#: players it made it weaker (win rate 0.573 rather than 0.658, rating +136 rather than +187: see
#: docs/bots.md), so three players keep the lead.
PLACE_FROM = 4
#: The longest playout (actions, chance included); a game of the printed rules is far shorter.
_MAX_ACTIONS = 4000
#: The share of deals in which the other seats play in a hurry (:func:`racer_move`) rather than
#: patiently (:func:`quick_move`): the bot does not know how its opponents play.
HURRIED = 0.5
#: By the rules and the number of players: the search's guard (:func:`kaskaria.search.search`)
#: for the ``"planner"`` bot's move, in standard errors: at those tables the search plays the
#: planner's move unless another did clearly better on the same deals. With three players its 72
#: playouts spread over many moves picked the luckiest too often: against two ``planner`` bots
#: (90 games, the same seed) the plain search won 0.400, the guarded one 0.678 (a fair share
#: 0.333). With two players and the brave rules, where ``planner``'s big sets pay more, against
#: one ``planner`` (120 games, seed 2024): 0.692 guarded (an earlier search without the guard:
#: 0.550), and on the ladder its interval now lies above ``planner``'s. With four players the
#: guard did not help (docs/bots.md).
GUARD: dict[tuple[str, int], float] = {("basic", 3): 1.0, ("brave", 3): 1.0, ("brave", 2): 1.0}

GRIFFIN, RUNNER, GOLD, PLUS2 = range(4)


_SPLITS: dict[tuple[int, tuple[int, ...]], Any] = {}
#: the guard's planner (its default parameters; it keeps nothing between decisions)
_PLANNER = PlannerBot()


def _split(g: Any, kinds: tuple[int, ...]) -> Any:
    """:func:`~kaskaria.heroes.bots.set_value_split` of a set, kept per game and set."""
    key = (id(g), kinds)
    found = _SPLITS.get(key)
    if found is None or found[0] is not g:
        if len(_SPLITS) > 50_000:
            _SPLITS.clear()
        found = _SPLITS[key] = (g, set_value_split(g, kinds))
    return found[1]


def _ends(state: Any, p: int, kinds: tuple[int, ...]) -> bool:
    g = state.game
    (grif, run), _, _ = _split(g, kinds)
    return state.griffins[p] + grif >= g.griffin_path or state.runners[p] + run >= g.runner_path


def _final(state: Any, p: int, kinds: tuple[int, ...]) -> list[int]:
    """Every seat's final gold if seat ``p`` ends the game with the set ``kinds``."""
    g = state.game
    (grif, run), gold_n, _ = _split(g, kinds)
    griffins = list(state.griffins)
    runners = list(state.runners)
    griffins[p] = min(griffins[p] + grif, g.griffin_path)
    runners[p] = min(runners[p] + run, g.runner_path)
    paid = gold_n if g.gold_runs_out == "stand_ins" else min(gold_n, state.supply)
    gold = [a + b for a, b in zip(state.gold, state.stand_ins, strict=True)]
    gold[p] += paid + g.amulet_gold
    rank_gold = g.rank_gold
    for positions in (griffins, runners):
        places = sorted(set(positions), reverse=True)
        for q in range(g.players):
            rank = places.index(positions[q])
            gold[q] += rank_gold[rank] if rank < len(rank_gold) else 0
    return gold


def _worth(g: Any, kinds: tuple[int, ...]) -> tuple[int, int]:
    (grif, run), gold, draws = _split(g, kinds)
    return (grif + run + gold + draws, len(kinds))


def _take(state: Any, legal: tuple[Action, ...], p: int) -> Action:
    """The display card that joins the biggest colour group in hand, else the pile."""
    counts: dict[int, int] = {}
    for k in state.hands[p]:
        counts[k >> 2] = counts.get(k >> 2, 0) + 1
    best, best_key = None, None
    pile = None
    for a in legal:
        if a.args and a.args[0] == "display":
            slot = int(a.args[1]) - 1
            k = state.display[slot]
            if k < 0:
                continue
            group = counts.get(k >> 2, 0)
            key = (group, -slot)
            if group >= 1 and (best_key is None or key > best_key):
                best, best_key = a, key
        elif a.verb in ("draw", "plus2"):
            pile = a
    if best is not None:
        return best
    if pile is not None:
        return pile
    return legal[0]


def quick_move(state: Any, rng: Any = None) -> Action:
    """The quick policy of the playouts, for the player to move in a full state (the search's
    imagined deal: it reads the other hands of that deal, which is fair there). Like the
    ``"planner"`` bot: it ends the game when that wins it; it cashes in its best set when an
    opponent could end the game and win on its next turn; otherwise it plays only big sets (4
    cards, or a nearly full hand), never one that ends the game and loses, and takes the display
    card that grows its biggest colour, else draws from the pile."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    p = state.player
    if state.phase == "choose":
        return _take(state, legal, p)
    g = state.game
    hand = state.hands[p]
    plays = g.plays(hand)
    if not plays:
        return _take(state, legal, p)
    can_draw = any(a.verb in ("draw", "take") for a in legal)
    best_win = None
    safe = []
    for a, kinds in plays.items():
        if a not in legal:
            continue
        if _ends(state, p, kinds):
            scores = _final(state, p, kinds)
            margin = scores[p] - max(s for q, s in enumerate(scores) if q != p)
            if margin >= 0 and (best_win is None or (margin, _worth(g, kinds)) > best_win[0]):
                best_win = ((margin, _worth(g, kinds)), a)
        else:
            safe.append((a, kinds))
    if best_win is not None:
        return best_win[1]
    if not can_draw:
        pool = safe or [(a, k) for a, k in plays.items() if a in legal]
        return max(pool, key=lambda ak: _worth(g, ak[1]))[0]
    if not safe:
        return _take(state, legal, p)
    if _threat(state, p):
        return max(safe, key=lambda ak: _worth(g, ak[1]))[0]
    big = [(a, k) for a, k in safe if len(k) >= 4 or len(hand) >= g.hand_limit - 1]
    if big:
        return max(big, key=lambda ak: _worth(g, ak[1]))[0]
    return _take(state, legal, p)


def _threat(state: Any, p: int) -> bool:
    """Could an opponent end the game and win on its next turn (with its hand in this deal)?"""
    g = state.game
    for q in range(g.players):
        if q == p:
            continue
        hand = state.hands[q]
        # a quick bound first: can its cards reach the end of a path at all?
        grif = sum(1 for k in hand if k & 3 == GRIFFIN)
        run = sum(1 for k in hand if k & 3 == RUNNER)
        if state.griffins[q] + grif < g.griffin_path and state.runners[q] + 2 * run < g.runner_path:
            continue
        for kinds in g.plays(hand).values():
            if _ends(state, q, kinds):
                scores = _final(state, q, kinds)
                if scores[q] >= max(scores):
                    return True
    return False


#: how far ahead or behind a playout ends counts in its value: a lead of this much gold is worth
#: about three quarters (:func:`kaskaria.search.lead_value`), a tie a half
MARGIN_SCALE = 8.0


def _outcome(state: Any, seat: int) -> tuple[float, float]:
    """What a played-out game brings ``seat``: its share of the win, and the value the search
    ranks by. With two or three players :func:`kaskaria.search.lead_value`: the win and its lead
    in gold over the best other player, so that a seat that cannot win still plays for the best
    place. With :data:`PLACE_FROM` players or more, :func:`kaskaria.search.place_value`: the win
    and its lead over each other seat, so that a seat that cannot win plays to finish ahead of as
    many others as it can, second rather than last."""
    if state.is_terminal():
        winners = state.winners()
        share = 1.0 / len(winners) if seat in winners else 0.0
        scores = state.scores()
    else:
        # a playout that ran too long: the gold and the places now decide
        scores = tuple(a + b for a, b in zip(state.scores(), state.final_scoring(), strict=True))
        best = max(scores)
        top = [q for q, s in enumerate(scores) if s == best]
        share = 1.0 / len(top) if seat in top else 0.0
    leads = [scores[seat] - x for q, x in enumerate(scores) if q != seat]
    if len(scores) < PLACE_FROM:
        return share, lead_value(share, min(leads), MARGIN_SCALE)
    return share, place_value(share, leads, MARGIN_SCALE)


def racer_move(state: Any, rng: Any = None) -> Action:
    """The quick policy of a hurried player (like the ``"racer"`` bot): it ends the game when
    that wins it, plays the set that moves its figures the most as soon as it has one, and takes
    cards like :func:`quick_move` otherwise."""
    legal = state.legal_actions()
    if len(legal) == 1 or state.phase == "choose":
        return quick_move(state, rng)
    g = state.game
    p = state.player
    plays = g.plays(state.hands[p])
    best, best_key = None, None
    for a, kinds in plays.items():
        if _ends(state, p, kinds):
            scores = _final(state, p, kinds)
            if scores[p] < max(scores):
                continue  # never end the game and lose it
        (grif, run), gold, _ = _split(g, kinds)
        key = (grif + run, len(kinds), gold)
        if grif + run > 0 and (best_key is None or key > best_key):
            best, best_key = a, key
    if best is not None and best in legal:
        return best
    return quick_move(state, rng)


def playout(
    state: Any, action: Action, rng: np.random.Generator, seat: int, others: Any = quick_move
) -> tuple[float, float]:
    """Take ``action`` in ``state``, play on with :func:`quick_move` for ``seat`` and ``others``
    (a quick policy) for every other seat (chance by ``rng``) and return ``seat``'s share of the
    win and the value the search ranks by (:func:`_outcome`)."""
    s = state.apply(action)
    for _ in range(_MAX_ACTIONS):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s = s.apply(s.sample_chance(rng))
        elif s.player == seat:
            s = s.apply(quick_move(s, rng))
        else:
            s = s.apply(others(s, rng))
    return _outcome(s, seat)


def full_budget(players: int) -> int:
    """The default playouts of a decision at a table of ``players``."""
    return ITERATIONS.get(players, min(ITERATIONS.values()))


def think(
    view: SeatView,
    rng: np.random.Generator,
    iterations: int | None = None,
    seconds: float | None = None,
) -> SearchResult:
    """The search of one decision, from the seat's view alone (see the module's text);
    ``iterations`` None: the default budget for the number of players."""
    game: Any = view.game
    if iterations is None:
        iterations = full_budget(game.players)
    obs = view.observation
    seat = view.seat
    legal = view.legal_actions()

    def deal(r: np.random.Generator) -> Any:
        others = racer_move if r.random() < HURRIED else quick_move
        return sample_state(game, obs, r), others

    def play(dealt: Any, action: Action, r: np.random.Generator) -> tuple[float, float]:
        state, others = dealt
        return playout(state, action, r, seat, others)

    guard = GUARD.get((game.variant, game.players))
    if guard is None:
        prior = quick_move(sample_state(game, obs, np.random.default_rng(0)))
    else:  # the planner's own move, from the seat's view, with random numbers of its own
        prior = _PLANNER.decide(view, np.random.default_rng(int(rng.integers(2**63))))
    return search(
        legal, deal, play, rng, iterations=iterations, seconds=seconds, prior=prior, guard=guard
    )


class SearchBot(Bot):
    """Plays the move that wins most often in playouts over deals of what it cannot see (see the
    module's text). ``iterations``: playouts per decision (default: :data:`ITERATIONS` for the
    number of players); ``seconds``: an optional time limit per decision (then the choice may
    depend on the machine's speed)."""

    name = "search"
    game = NAME

    def __init__(self, iterations: int | None = None, seconds: float | None = None) -> None:
        check_budget(iterations, seconds)
        self.iterations = iterations
        self.seconds = seconds
        self.last: SearchResult | None = None

    @property
    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.iterations is not None:
            out["iterations"] = self.iterations
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    def decide(self, view: SeatView, rng: Any) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        result = think(view, rng, self.iterations, self.seconds)
        self.last = result
        return result.best


# Registered with the game's bots (kaskaria/__init__.py names this module), not offered in the
# seat menus (``listed=False``): made by its name, ``make_bot(..., "search")``.
register_bot(NAME, search_bot_spec(SearchBot))
