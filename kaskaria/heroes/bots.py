"""Bots for Heroes of Kaskaria, registered with :mod:`kaskaria.bots`.

>>> from kaskaria.bots import make_bot
>>> make_bot("heroes", "hoarder", size=5)
make_bot('hoarder', size=5)

Every bot decides from its seat's :class:`~kaskaria.bots.SeatView` only (the observation and the
legal actions), chooses only legal actions and draws randomness only from the ``rng`` it is given.

- ``"random"``: uniformly among the legal actions (every game has it);
- ``"greedy"``: plays the largest set it holds; else takes a display card that joins its biggest
  colour, else draws from the pile;
- ``"racer"``: plays a set that moves its figures as soon as it has one (the most fields first);
  draws griffin and cliff-runner cards from the display when it can;
- ``"hoarder"``: waits until a colour holds ``size`` cards (or, in the brave variant, a pair of
  gold or cliff-runner cards) before it plays; draws like greedy;
- ``"odds"``: uses the exact odds of :mod:`kaskaria.heroes.odds`: takes a display card or draws
  from the pile by the exact chance of growing a set, and waits with a set while the next card is
  likely enough to add to it;
- ``"planner"``: plans over what it cannot see: it finishes the game when finishing wins, deals
  the cards it cannot see again from its observation (:func:`kaskaria.heroes.sample_state`) to
  measure how likely an opponent can finish and win next turn, cashes in its best set when that
  threat is high, and builds big sets otherwise.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..bots import (
    Bot,
    BotSpec,
    SeatView,
    bot_spec,
    fraction_param,
    register_bot,
    register_difficulties,
)
from ..core import Action
from ..validate import short
from .engine import Heroes
from .pieces import NAME, _bonus
from .state import sample_state

__all__ = [
    "BOT_NAMES",
    "GreedyBot",
    "HoarderBot",
    "OddsBot",
    "PlannerBot",
    "RacerBot",
    "make_bot",
]

#: The bots of this game (``"random"`` plays every game).
BOT_NAMES: tuple[str, ...] = ("random", "greedy", "racer", "hoarder", "odds", "planner")

GRIFFIN, RUNNER, GOLD, PLUS2 = range(4)


# ---------------------------------------------------------------------------------------------
# Reading the view
# ---------------------------------------------------------------------------------------------
class Seen:
    """What a seat sees, in kinds (``colour * 4 + motif``), read once from its observation."""

    __slots__ = ("game", "obs", "seat", "hand", "display", "colour_count", "legal")

    def __init__(self, game: Heroes, obs: dict[str, Any], legal: tuple[Action, ...]) -> None:
        kind_of = game.kind_of
        self.game = game
        self.obs = obs
        self.seat: int = obs["viewer"]
        self.hand = [kind_of[n] for n in obs["hands"][self.seat]]
        self.display = [kind_of[n] if n is not None else -1 for n in obs["display"]]
        counts = [0] * len(game.colours)
        for k in self.hand:
            counts[k >> 2] += 1
        self.colour_count = counts
        self.legal = legal

    def plays(self) -> list[tuple[Action, tuple[int, ...]]]:
        """The legal plays with the kinds each plays."""
        table = self.game.plays(tuple(sorted(self.hand)))
        return [(a, table[a]) for a in self.legal if a.verb == "play"]

    def draws(self) -> list[Action]:
        """The legal ways to take a card (from the pile or the display)."""
        return [a for a in self.legal if a.verb in ("draw", "take", "plus2")]

    def slot_of(self, action: Action) -> int:
        """The display place a take action names (-1 for the pile)."""
        return int(action.args[1]) - 1 if action.args[0] == "display" else -1


def set_value(game: Heroes, kinds: tuple[int, ...]) -> tuple[int, int, int]:
    """(fields moved, gold gained, "+2" draws) of a set, with the brave bonuses."""
    counts = [0, 0, 0, 0]
    for k in kinds:
        counts[k & 3] += 1
    runner, gold = counts[RUNNER], counts[GOLD]
    if game.brave:
        runner = _bonus(runner, game.brave_runner_move, game.brave_pairs)
        gold = _bonus(gold, game.brave_gold, game.brave_pairs)
    return counts[GRIFFIN] + runner, gold, counts[PLUS2] * game.plus2_draws


def take_for_colours(seen: Seen, prefer: Any = None) -> Action:
    """A card to take: the display card that joins the biggest colour group in hand (``prefer``
    ranks cards first: a function of the kind), else the pile (else the first legal draw)."""
    best, best_key = None, None
    for a in seen.draws():
        slot = seen.slot_of(a)
        if slot < 0:
            continue
        k = seen.display[slot]
        group = seen.colour_count[k >> 2]
        key = ((prefer(k) if prefer else 0), group, -slot)
        if group >= 1 and (best_key is None or key > best_key):
            best, best_key = a, key
    if best is not None:
        return best
    for a in seen.draws():
        if seen.slot_of(a) < 0:
            return a
    return seen.draws()[0]


class _HeroesBot(Bot):
    game = NAME

    def decide(self, view: SeatView, rng: Any) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seen = Seen(view.game, view.observation, legal)  # type: ignore[arg-type]
        return self.choose_from(seen, rng)

    def choose_from(self, seen: Seen, rng: Any) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError


class GreedyBot(_HeroesBot):
    """Plays the largest set it holds (the most gold, then the most fields, on a tie); else takes
    a display card that joins a colour it holds, else draws from the pile."""

    name = "greedy"

    def choose_from(self, seen: Seen, rng: Any) -> Action:
        plays = seen.plays()
        if plays:
            game = seen.game

            def key(item: tuple[Action, tuple[int, ...]]) -> tuple[int, int, int]:
                moved, gold, _ = set_value(game, item[1])
                return (len(item[1]), gold, moved)

            return max(plays, key=key)[0]
        return take_for_colours(seen)


class RacerBot(_HeroesBot):
    """Plays a set that moves a figure as soon as it has one (the most fields, then the most
    cards); with a full hand and no such set, the largest set. Takes griffin and cliff-runner
    cards from the display when they join a colour it holds."""

    name = "racer"

    def choose_from(self, seen: Seen, rng: Any) -> Action:
        game = seen.game
        plays = seen.plays()
        moving = [(a, k, set_value(game, k)) for a, k in plays]
        moving = [m for m in moving if m[2][0] > 0]
        if moving:
            return max(moving, key=lambda m: (m[2][0], len(m[1]), m[2][1]))[0]
        if plays and not seen.draws():
            return max(plays, key=lambda p: len(p[1]))[0]
        return take_for_colours(seen, prefer=lambda k: (k & 3) in (GRIFFIN, RUNNER))


class HoarderBot(_HeroesBot):
    """Waits for big sets: plays only a colour holding at least ``size`` cards, or (brave
    variant) a set with a pair of gold or cliff-runner cards, or when the hand is full; draws like
    greedy. Waiting pays off in the brave variant, where pairs are worth more."""

    name = "hoarder"

    def __init__(self, size: int = 4) -> None:
        if size.__class__ is not int or not 2 <= size <= 10:
            raise ValueError(f"size must be a whole number from 2 to 10, got {short(size)}")
        self.size = size

    @property
    def params(self) -> dict[str, Any]:
        return {} if self.size == 4 else {"size": self.size}

    def choose_from(self, seen: Seen, rng: Any) -> Action:
        game = seen.game
        plays = seen.plays()
        if plays:
            full = not seen.draws()
            good = []
            for a, kinds in plays:
                counts = [0, 0, 0, 0]
                for k in kinds:
                    counts[k & 3] += 1
                pair = game.brave and (counts[GOLD] >= 2 or counts[RUNNER] >= 2)
                if full or len(kinds) >= self.size or pair:
                    moved, gold, draws = set_value(game, kinds)
                    good.append(((len(kinds), gold + moved, draws), a))
            if good:
                return max(good)[1]
        return take_for_colours(seen)


class OddsBot(_HeroesBot):
    """Decides with the exact odds (:mod:`kaskaria.heroes.odds`).

    Taking a card: each display card is worth the size its colour group grows to; the pile is
    worth the exact expected size over the next card's distribution; the best is taken. Playing:
    with a set in hand, it waits (draws) while the chance that the next card from the pile adds to
    its biggest colour is at least ``patience``, the hand has room and no set can end the game;
    else it plays the largest set.
    """

    name = "odds"

    def __init__(self, patience: Any = Fraction(1, 5)) -> None:
        self.patience = fraction_param("patience", patience)

    @property
    def params(self) -> dict[str, Any]:
        return {} if self.patience == Fraction(1, 5) else {"patience": self.patience}

    def choose_from(self, seen: Seen, rng: Any) -> Action:
        from . import odds

        game, obs = seen.game, seen.obs
        plays = seen.plays()
        draws = seen.draws()
        if plays:
            best = max(plays, key=lambda p: (len(p[1]), sum(set_value(game, p[1]))))
            if not draws:
                return best[0]
            moved, _, _ = set_value(game, best[1])
            seat = seen.seat
            ends = (
                obs["griffins"][seat] + moved >= game.griffin_path
                or obs["runners"][seat] + moved >= game.runner_path
            )
            colour = best[1][0] >> 2
            room = len(seen.hand) < game.hand_limit - 1
            card = odds.next_card(game, obs)
            if ends or not room or card.colour(colour) < self.patience:
                return best[0]
        else:
            card = odds.next_card(game, obs) if draws else None  # type: ignore[assignment]
        if not draws:  # pragma: no cover - a turn always has a draw or a play
            return seen.legal[0]
        # the expected size of the group the new card joins (0 if it starts a new colour)
        values = []
        for a in draws:
            slot = seen.slot_of(a)
            if slot >= 0:
                k = seen.display[slot]
                values.append((Fraction(seen.colour_count[k >> 2]), -slot, a))
            else:
                assert card is not None
                pile = sum(
                    (card.colour(c) * n for c, n in enumerate(seen.colour_count)), Fraction(0)
                )
                values.append((pile, -99, a))
        return max(values, key=lambda v: (v[0], v[1]))[2]


# ---------------------------------------------------------------------------------------------
# The planner
# ---------------------------------------------------------------------------------------------
def final_scores(game: Heroes, obs: dict[str, Any], seat: int, kinds: tuple[int, ...]) -> list[int]:
    """Every seat's final gold if ``seat`` plays ``kinds`` and that ends the game (all public:
    gold, positions, the amulet's worth and the final scoring)."""
    moved_g = sum(1 for k in kinds if k & 3 == GRIFFIN)
    runners = sum(1 for k in kinds if k & 3 == RUNNER)
    golds = sum(1 for k in kinds if k & 3 == GOLD)
    if game.brave:
        runners = _bonus(runners, game.brave_runner_move, game.brave_pairs)
        golds = _bonus(golds, game.brave_gold, game.brave_pairs)
    griffins = list(obs["griffins"])
    run = list(obs["runners"])
    griffins[seat] = min(griffins[seat] + moved_g, game.griffin_path)
    run[seat] = min(run[seat] + runners, game.runner_path)
    paid = golds if game.gold_runs_out == "stand_ins" else min(golds, obs["supply"])
    gold = [g + s for g, s in zip(obs["gold"], obs["stand_ins"], strict=True)]
    gold[seat] += paid + game.amulet_gold
    for positions in (griffins, run):
        places = sorted(set(positions), reverse=True)
        for p in range(game.players):
            rank = places.index(positions[p])
            gold[p] += game.rank_gold[rank] if rank < len(game.rank_gold) else 0
    return gold


def finish_wins(game: Heroes, obs: dict[str, Any], seat: int, kinds: tuple[int, ...]) -> bool:
    """Does ``seat`` win if it ends the game with ``kinds`` (the amulet breaks its ties)?"""
    scores = final_scores(game, obs, seat, kinds)
    return scores[seat] >= max(scores)


def _ends(game: Heroes, obs: dict[str, Any], seat: int, kinds: tuple[int, ...]) -> bool:
    moved, _, _ = set_value_split(game, kinds)
    return (
        obs["griffins"][seat] + moved[0] >= game.griffin_path
        or obs["runners"][seat] + moved[1] >= game.runner_path
    )


def set_value_split(game: Heroes, kinds: tuple[int, ...]) -> tuple[tuple[int, int], int, int]:
    """((griffin fields, cliff-runner fields), gold, "+2" draws) of a set."""
    counts = [0, 0, 0, 0]
    for k in kinds:
        counts[k & 3] += 1
    runner, gold = counts[RUNNER], counts[GOLD]
    if game.brave:
        runner = _bonus(runner, game.brave_runner_move, game.brave_pairs)
        gold = _bonus(gold, game.brave_gold, game.brave_pairs)
    return (counts[GRIFFIN], runner), gold, counts[PLUS2] * game.plus2_draws


class PlannerBot(_HeroesBot):
    """Plans over what it cannot see.

    The end of the game is public arithmetic (gold, figures, the amulet, the final scoring), so:

    1. if a set of its own ends the game and wins it, it plays that set;
    2. it deals the cards it cannot see again from its observation, ``samples`` times
       (:func:`~kaskaria.heroes.sample_state`: the other hands' unknown cards, the draw pile, the
       waterfall's place, all consistent with what it has seen), and counts how often an
       opponent could end the game on its next turn and win: the *threat*;
    3. with a threat of at least ``alarm`` it cashes in: it plays the set that leaves it best
       placed if the game ended right after (gold, places on both paths);
    4. otherwise it builds: it plays only big sets (``size`` cards, a brave pair, or a nearly
       full hand), never a set that would end the game and lose it, and takes the display card
       that grows its biggest colour (else draws from the pile).
    """

    name = "planner"

    def __init__(self, samples: int = 24, alarm: Any = Fraction(1, 4), size: int = 4) -> None:
        if samples.__class__ is not int or not 1 <= samples <= 1000:
            raise ValueError(f"samples must be a whole number from 1 to 1000, got {short(samples)}")
        if size.__class__ is not int or not 2 <= size <= 10:
            raise ValueError(f"size must be a whole number from 2 to 10, got {short(size)}")
        self.samples, self.size = samples, size
        self.alarm = fraction_param("alarm", alarm)

    @property
    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.samples != 24:
            out["samples"] = self.samples
        if self.alarm != Fraction(1, 4):
            out["alarm"] = self.alarm
        if self.size != 4:
            out["size"] = self.size
        return out

    def choose_from(self, seen: Seen, rng: Any) -> Action:
        game, obs, seat = seen.game, seen.obs, seen.seat
        plays = seen.plays()
        can_draw = bool(seen.draws())
        if plays:
            ending = [(a, k) for a, k in plays if _ends(game, obs, seat, k)]
            winning = [(a, k) for a, k in ending if finish_wins(game, obs, seat, k)]
            if winning:
                return max(winning, key=lambda p: self._margin(game, obs, seat, p[1]))[0]
            safe = [(a, k) for a, k in plays if not _ends(game, obs, seat, k)]
            if not can_draw:
                pool = safe or plays
                return max(pool, key=lambda p: self._margin(game, obs, seat, p[1]))[0]
            if safe:
                if self.threat(seen, rng) >= self.alarm:
                    return max(safe, key=lambda p: self._margin(game, obs, seat, p[1]))[0]
                big = [(a, k) for a, k in safe if self._big(game, seen, k)]
                if big:
                    return max(big, key=lambda p: self._worth(game, p[1]))[0]
        return take_for_colours(seen)

    def _big(self, game: Heroes, seen: Seen, kinds: tuple[int, ...]) -> bool:
        counts = [0, 0, 0, 0]
        for k in kinds:
            counts[k & 3] += 1
        pair = game.brave and (counts[GOLD] >= 2 or counts[RUNNER] >= 2)
        return len(kinds) >= self.size or pair or len(seen.hand) >= game.hand_limit - 1

    @staticmethod
    def _worth(game: Heroes, kinds: tuple[int, ...]) -> tuple[int, int]:
        (g, r), gold, draws = set_value_split(game, kinds)
        return (g + r + gold + draws, len(kinds))

    @staticmethod
    def _margin(game: Heroes, obs: dict[str, Any], seat: int, kinds: tuple[int, ...]) -> tuple:
        """How ``seat`` stands if the game ended right after it plays ``kinds`` (its final gold
        minus the best opponent's), then the set's worth."""
        scores = final_scores(game, obs, seat, kinds)
        if not _ends(game, obs, seat, kinds):
            scores[seat] -= game.amulet_gold
        best_other = max(s for p, s in enumerate(scores) if p != seat)
        return (scores[seat] - best_other, PlannerBot._worth(game, kinds))

    def threat(self, seen: Seen, rng: Any) -> Fraction:
        """The share of deals of the hidden cards in which an opponent holds a set that ends the
        game on its turn and wins it (from this seat's observation alone)."""
        game, obs, seat = seen.game, seen.obs, seen.seat
        hits = 0
        for _ in range(self.samples):
            deal = sample_state(game, obs, rng)
            for p in range(game.players):
                if p == seat:
                    continue
                for kinds in game.plays(deal.hands[p]).values():
                    if _ends(game, obs, p, kinds) and finish_wins(game, obs, p, kinds):
                        hits += 1
                        break
                else:
                    continue
                break
        return Fraction(hits, self.samples)


# ---------------------------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------------------------
for _spec in (
    BotSpec("greedy", GreedyBot, "plays the largest set it holds"),
    BotSpec("racer", RacerBot, "moves its figures as soon as it can"),
    BotSpec(
        "hoarder",
        HoarderBot,
        "waits for big sets (pays off in the brave variant)",
        {"size": "the fewest cards of one colour it plays (2 to 10)"},
        {"size": 4},
        presets={"hoarder(5)": {"size": 5}},
    ),
    BotSpec(
        "odds",
        OddsBot,
        "takes cards and waits with sets by the exact odds",
        {"patience": "waits while the next card joins its set at least this often, 0 to 1"},
        {"patience": Fraction(1, 5)},
    ),
    BotSpec(
        "planner",
        PlannerBot,
        "finishes when that wins; deals the hidden cards again to see threats; else builds",
        {
            "samples": "deals of the hidden cards it tries per decision",
            "alarm": "the threat (0 to 1) at which it plays its best set at once",
            "size": "the fewest cards of a set it builds up to (2 to 10)",
        },
        {"samples": 24, "alarm": Fraction(1, 4), "size": 4},
    ),
):
    register_bot(NAME, _spec)
# The bots a child chooses by difficulty, from seeded tournaments (60 games of greedy / odds /
# planner against each other and random): greedy and odds about even (0.43 / 0.51 with random),
# planner ahead (0.53 against greedy and racer).
register_difficulties(NAME, easy="greedy", medium="odds", hard="planner")


def make_bot(name: str, **params: Any) -> Bot:
    """A Heroes of Kaskaria bot by name (one of :data:`BOT_NAMES`). The same as
    ``kaskaria.bots.make_bot("heroes", name, **params)``."""
    return bot_spec(NAME, name).make(**params)
