"""Dragon's Gold: the whole rulebook (basic and advanced rules, negotiated and divide-and-choose
splits) as an immutable state machine.

Phases of a state (``state.phase``); chance phases are marked *(chance)*:

``card``    *(chance)* a dragon card is revealed onto the empty place ``target`` (``card 07``:
            the card's number, two digits, so that reveals sort by number);
``token``   *(chance)* one token is drawn from the bag onto dragon ``target`` (``token gold``):
            its known treasure when it is revealed, its hidden treasure when it is killed;
``item``    *(chance)* a magic item is drawn (``item ward``) by the seat at the head of
            ``items_due``;
``turn``    the player to move sends one face-up adventurer to a dragon
            (``send wizard to dragon 3``) or first plays a turn item (``play recall 2``);
``build``   negotiated split: the proposer hands out the treasure token by token
            (``give gold to 2``), then ``propose``; any involved player may say ``no deal``;
``answer``  each other involved player, in seat order after the proposer: ``accept``,
            ``refuse`` or ``no deal``;
``divide``  divide-and-choose: the splitter puts each token in a pile (``put gold in pile 1``),
            then ``split``;
``choose``  the others, strongest first, take a pile (``choose pile 2``);
``swap``    each player holding an item may swap two shares (``play swap-shares 1 3``) or ``pass``;
``victim``  a thief's player names whom it robs (``steal from 2``) or lets it be (``pass``: the
            rulebook lets a thief steal, it does not make it);
``ward``    the robbed player, if it holds items, may choose the token (``ward gold``) or ``pass``;
``pick``    a thief helped by its own wizard picks the token (``pick gold``) or, having looked,
            takes nothing (``pass``);
``steal``   *(chance)* the stolen token (``stolen gold``), picked at random from the screen;
``market``  the market: a player starts an offer with one of its tokens (``offer silver``) or one
            it asks for (``ask gold``), or leaves the market (``pass``);
``offer``   the offer being built, one token at a time (``offer silver``, ``ask gold``), then made
            to one player (``trade with 3``) or withdrawn (``cancel``);
``reply``   the asked player ``accept`` s (only holding everything asked) or ``refuse`` s;
``over``    the game has ended.

Seats are 0-based in Python and 1-based in the text notation (``give gold to 2`` hands gold to
seat 1); dragons are the places 1-4 on the table. See ``docs/dragons-gold.md`` for every reading of
the rulebook that the engine takes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import cache, lru_cache
from itertools import chain, compress
from operator import add, attrgetter, itemgetter, le, lt, mul, sub
from typing import Any

import numpy as np

from ..core import (
    CHANCE,
    OMNISCIENT,
    TERMINAL,
    Action,
    Game,
    GameType,
    IllegalActionError,
    InvalidActionError,
    State,
    ViewerLike,
    check_viewer,
    pick_outcome,
    whole_word,
)
from ..i18n import Phrase, register_loader, text
from ..validate import short
from .rules import (
    ADVENTURERS,
    COLOURS,
    GEMS,
    OPTION_TABLE,
    RULES,
    VARIANTS,
    DragonsGoldRules,
)

__all__ = [
    "GAME_TYPE",
    "NAME",
    "DragonsGold",
    "DragonsGoldState",
    "describe_action",
    "score_table",
    "tokens_text",
]

NAME = "dragons-gold"
NC = len(COLOURS)
ZERO = (0,) * NC
RED = COLOURS.index("red")
BLACK = COLOURS.index("black")
_CI = {c: i for i, c in enumerate(COLOURS)}
_AI = {a: i for i, a in enumerate(ADVENTURERS)}
THIEF, WIZARD = _AI["thief"], _AI["wizard"]
#: the indices of the five gem colours
_GEM_INDEX = tuple(_CI[g] for g in GEMS)
#: colour indices in alphabetical order of their names (the order of sorted actions)
_ALPHA = tuple(sorted(range(NC), key=lambda i: COLOURS[i]))
_TOKEN = tuple(Action("token", (c,)) for c in COLOURS)
_STOLEN = tuple(Action("stolen", (c,)) for c in COLOURS)
#: counts per colour read in alphabetical order, and the token actions in that (sorted) order
_IN_ALPHA = itemgetter(*_ALPHA)
_TOKEN_ALPHA = tuple(_TOKEN[i] for i in _ALPHA)
_STOLEN_ALPHA = tuple(_STOLEN[i] for i in _ALPHA)
#: the token actions by identity: ``apply`` finds the one it was given without hashing it (an
#: entry holds the action itself, so an id is trusted only together with the object it names)
_TOKEN_IDS = {id(a): (a, i) for i, a in enumerate(_TOKEN)}
_STOLEN_IDS = {id(a): (a, i) for i, a in enumerate(_STOLEN)}
#: "send <adventurer> to dragon <n>" for adventurer ``a`` and place ``slot`` (0-based), made once,
#: and by identity: the action, ``a`` and ``slot``
_SENDS = {
    (a, slot): Action("send", (ADVENTURERS[a], "to", "dragon", str(slot + 1)))
    for a in range(4)
    for slot in range(4)
}
_SEND_IDS = {id(x): (x, a, slot) for (a, slot), x in _SENDS.items()}
#: "give <colour> to <seat>" for colour ``c`` and seat ``p`` (0-based), made once, and by identity
_GIVES: dict[tuple[int, int], Action] = {}
_GIVE_IDS: dict[int, tuple[Action, int, int]] = {}
#: the reveal of each dragon card (by 0-based index), made once, and those actions by identity
_CARDS: dict[int, Action] = {}
_CARD_IDS: dict[int, tuple[Action, int]] = {}
_GENERATOR = np.random.Generator
_new = object.__new__
_set = object.__setattr__
#: sort key of actions: the same order as Action's own comparison, computed in C
_AKEY = attrgetter("verb", "args")
UP, DOWN = -1, -2
CHANCE_PHASES = frozenset({"card", "token", "item", "steal"})
#: the decision phases whose legal actions the game keeps by situation (see ``_legal_key``)
_KEYED = frozenset(
    {
        "turn", "build", "market", "offer", "answer", "reply", "victim", "ward", "pick", "choose",
        "swap",
    }
)  # fmt: skip
#: the phases of the market
MARKET_PHASES = frozenset({"market", "offer", "reply"})
PHASES = (
    "card", "token", "item", "turn", "build", "answer", "divide", "choose", "swap", "victim",
    "ward", "pick", "steal", "market", "offer", "reply", "over",
)  # fmt: skip
RESUMES = ("setup", "replace", "kill", "start", "split", "thefts", "next-thief", "")

GAME_TYPE = GameType(
    name=NAME,
    title="Dragon's Gold",
    min_players=3,
    max_players=6,
    variants=tuple(VARIANTS),
    information="imperfect",
    score_unit="points",
    automatic_chance=frozenset({"reveal", "treasure"}),
    shown_chance=frozenset({"item", "theft"}),
    max_actions=20_000,
)


def _load_messages() -> None:
    from . import messages  # noqa: F401  (registers the tables)


register_loader(NAME, _load_messages)


@cache
def _act(verb: str, *args: str) -> Action:
    return Action(verb, args)


def _card_word(card: int) -> str:
    """The word of dragon card ``card`` (0-based) in the notation: its number in two digits
    (``07``, ``17``), so that the reveals sort by number (a deck holds at most 60 cards)."""
    return f"{card + 1:02d}"


def _card(card: int) -> Action:
    """The reveal of dragon card ``card`` (0-based), ``card 07``: always the same object."""
    action = _CARDS.get(card)
    if action is None:
        action = _CARDS[card] = _act("card", _card_word(card))
        _CARD_IDS[id(action)] = (action, card)
    return action


def _give_action(c: int, p: int) -> Action:
    """``give <colour c> to <seat p>``: always the same object."""
    action = _GIVES.get((c, p))
    if action is None:
        action = _GIVES[c, p] = _act("give", COLOURS[c], "to", str(p + 1))
        _GIVE_IDS[id(action)] = (action, c, p)
    return action


@lru_cache(maxsize=4096)
def _card_actions(deck: tuple[int, ...]) -> tuple[Action, ...]:
    """The reveals of the dragon cards ``deck`` (0-based), sorted as actions sort."""
    return tuple(sorted(map(_card, deck), key=_AKEY))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(add, a, b))


def _sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(sub, a, b))


def _floor_sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """``max(0, x - y)`` for each pair, written as ``x - min(x, y)``."""
    return tuple(map(sub, a, map(min, a, b)))


def _one(colour: int) -> tuple[int, ...]:
    return ZERO[:colour] + (1,) + ZERO[colour + 1 :]


def _put(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _leq(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True))


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


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------
class DragonsGold(Game):
    """Dragon's Gold (Bruno Faidutti; White Goblin Games 2011) for 3-6 players.

    Variants: ``"basic"``, ``"basic-strategic"``, ``"advanced"``, ``"advanced-strategic"``
    (the scoring and set-up, and negotiated or divide-and-choose splits). Options: see
    :data:`kaskaria.dragons_gold.rules.OPTION_TABLE`; rules-table overrides: ``dragons=[(strength,
    known, hidden), ...]``, ``item_counts={kind: count}``, ``hourglass_seconds=`` or ``rules=`` (a
    :class:`DragonsGoldRules`).
    """

    game_type = GAME_TYPE
    private_information = True
    saved_options = (*OPTION_TABLE, "dragons", "item_counts", "hourglass_seconds")

    def __init__(
        self,
        players: int = 4,
        variant: str = "basic",
        seed: int | None = None,
        *,
        rules: DragonsGoldRules | None = None,
        dragons: Any = None,
        item_counts: Any = None,
        hourglass_seconds: Any = None,
        **options: Any,
    ) -> None:
        OPTION_TABLE.check_names(options, ("rules", "dragons", "item_counts", "hourglass_seconds"))
        if rules is not None and not isinstance(rules, DragonsGoldRules):
            raise TypeError(f"rules must be a DragonsGoldRules table, got {type(rules).__name__}")
        self.rules = (
            (rules or RULES).validate().with_overrides(dragons, item_counts, hourglass_seconds)
        )
        super().__init__(players, variant, seed)
        chosen = OPTION_TABLE.resolve(options, players)
        self.first_player: int = chosen["first_player"]
        self.use_items: bool = chosen["items"]
        self.proposals: int = chosen["proposals"]
        self.market_offers: int = chosen["market_offers"]
        self.advanced = variant.startswith("advanced")
        self.strategic = variant.endswith("strategic")
        r = self.rules
        self.cards = r.dragons.value
        self.strengths = r.adventurers.value
        #: the strength of a fighter by its code ``4 * seat + adventurer``
        self.strength_of = tuple(self.strengths[c % 4] for c in range(4 * players)).__getitem__
        self.tokens = r.tokens.value
        self.item_names = r.item_names()
        self.item_counts = tuple(k.count for k in r.items.value)
        self.item_timing = {k.name: k.timing for k in r.items.value}
        self.market_at = (len(self.cards) - 4) // 2
        self.nk = len(self.item_names)
        #: item kinds in the order their draws sort in (by name), and those draws
        self.item_alpha = tuple(sorted(range(self.nk), key=self.item_names.__getitem__))
        self.item_draws = tuple(_act("item", self.item_names[k]) for k in self.item_alpha)
        #: those draws by identity: the action and its item kind
        self.item_ids = {
            id(a): (a, k) for a, k in zip(self.item_draws, self.item_alpha, strict=True)
        }
        #: the item kind "recall" (-1: not in the game)
        self.recall = self.item_names.index("recall") if "recall" in self.item_names else -1
        #: the item kinds "ward" and "swap-shares" (-1: not in the game)
        self.ward = self.item_names.index("ward") if "ward" in self.item_names else -1
        self.swap_shares = (
            self.item_names.index("swap-shares") if "swap-shares" in self.item_names else -1
        )
        #: the sorted legal actions of the situations of the decision phases seen so far
        self.legal_cache: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        #: phase "build": a cached list of legal actions and, per colour, the list that follows
        #: when that colour's last token is handed out (by the list's identity; the entry keeps
        #: the list alive, so its identity cannot pass to another object)
        self.legal_drops: dict[int, tuple[tuple[Action, ...], dict[int, tuple[Action, ...]]]] = {}

    def player_range(self) -> tuple[int, int]:
        rules = getattr(self, "rules", None) or RULES
        return rules.players.value

    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {
            "first_player": self.first_player,
            "items": self.use_items,
            "proposals": self.proposals,
            "market_offers": self.market_offers,
        }
        if self.rules.dragons != RULES.dragons:
            opts["dragons"] = [[c.strength, c.known, c.hidden] for c in self.cards]
        if self.rules.items != RULES.items:
            opts["item_counts"] = dict(zip(self.item_names, self.item_counts, strict=True))
        if self.rules.hourglass_seconds != RULES.hourglass_seconds:
            opts["hourglass_seconds"] = self.rules.hourglass_seconds.value
        return opts

    def components(self) -> dict[str, int]:
        out = {f"tokens.{c}": n for c, n in zip(COLOURS, self.tokens, strict=True)}
        out["tokens"] = sum(self.tokens)
        out["dragons"] = len(self.cards)
        out["adventurers"] = 4 * self.players
        out["items"] = sum(self.item_counts)
        return out

    def new_state(self) -> DragonsGoldState:
        P, nk = self.players, self.nk
        b = dict(
            phase="card",
            turn=self.first_player,
            slots=(-1,) * 4,
            treasure=(ZERO,) * 4,
            fighters=((),) * 4,
            advs=((UP,) * 4,) * P,
            deck=tuple(range(len(self.cards))),
            gone=(),
            drawn=0,
            market=0,
            bag=self.tokens,
            out=ZERO,
            screens=(ZERO,) * P,
            known=((ZERO,) * P,) * (P + 1),
            hands=((0,) * nk,) * P,
            item_deck=self.item_counts if self.use_items else (0,) * nk,
            discard=(0,) * nk,
            target=0,
            pending=0,
            items_due=(),
            resume="setup",
            involved=(),
            parts=(),
            budget=0,
            proposer=-1,
            order=(),
            owners=(),
            thieves=(),
            victim=-1,
            offers=(),
            offer=ZERO,
            ask=ZERO,
            partner=-1,
        )
        if not self.use_items:
            # without items the cards stay in the box: counted in the discard pile, never drawn
            b["discard"] = self.item_counts
        _Flow(self, b).reveal_or_next(0)
        return DragonsGoldState(self, **b)

    def state_from_dict(self, data: Any) -> DragonsGoldState:
        return _state_from_dict(self, data)


# ---------------------------------------------------------------------------------------------
# Transitions on a mutable copy of the fields
# ---------------------------------------------------------------------------------------------
#: the context of a phase, cleared when a turn starts
_TURN_RESET: dict[str, Any] = {
    "involved": (),
    "parts": (),
    "budget": 0,
    "proposer": -1,
    "order": (),
    "owners": (),
    "thieves": (),
    "victim": -1,
    "resume": "",
    "target": -1,
    "pending": 0,
}


class _Flow:
    """The automatic steps between decisions, on a dict of the state's fields."""

    __slots__ = ("g", "b")

    def __init__(self, game: DragonsGold, b: dict[str, Any]) -> None:
        self.g, self.b = game, b

    # -- knowledge ---------------------------------------------------------------------------
    def public_gain(self, p: int, vec: tuple[int, ...]) -> None:
        b = self.b
        b["known"] = tuple(
            row if s == p else _put(row, p, _add(row[p], vec)) for s, row in enumerate(b["known"])
        )

    def public_loss(self, p: int, vec: tuple[int, ...]) -> None:
        b = self.b
        b["known"] = tuple(
            row if s == p else _put(row, p, _floor_sub(row[p], vec))
            for s, row in enumerate(b["known"])
        )

    def give(self, p: int, vec: tuple[int, ...]) -> None:
        """Tokens from the table go behind ``p``'s screen, seen by everyone."""
        b = self.b
        b["screens"] = _put(b["screens"], p, _add(b["screens"][p], vec))
        self.public_gain(p, vec)

    # -- revealing dragons -------------------------------------------------------------------
    def can_reveal(self) -> bool:
        b = self.b
        return bool(b["deck"]) and sum(b["bag"]) > 0

    def reveal_or_next(self, slot: int) -> None:
        """Set-up: reveal a dragon onto ``slot`` (or the next steps when none can come)."""
        b = self.b
        if slot < 4 and self.can_reveal():
            b["phase"], b["target"], b["resume"] = "card", slot, "setup"
            return
        self.after_setup()

    def after_setup(self) -> None:
        b, g = self.b, self.g
        n = g.rules.items_dealt_advanced.value
        if g.advanced and g.use_items and n:
            P = g.players
            b["items_due"] = tuple(((g.first_player + i) % P, n) for i in range(P))
            b["resume"] = "start"
            self.run_items()
        else:
            self.start_turn(g.first_player)

    def after_card(self, card: int) -> None:
        b = self.b
        slot = b["target"]
        b["slots"] = _put(b["slots"], slot, card)
        deck = b["deck"]
        i = deck.index(card)
        b["deck"] = deck[:i] + deck[i + 1 :]
        if b["resume"] == "replace":
            b["drawn"] += 1
        self.draw_tokens(self.g.cards[card].known)

    def draw_tokens(self, n: int) -> None:
        b = self.b
        n = min(n, sum(b["bag"]))
        if n:
            b["phase"], b["pending"] = "token", n
            return
        self.after_tokens()

    def after_tokens(self) -> None:
        b = self.b
        b["pending"] = 0
        resume = b["resume"]
        if resume == "setup":
            self.reveal_or_next(b["target"] + 1)
        elif resume == "kill":
            self.resolve_kill()
        else:  # "replace"
            self.after_replace()

    # -- turns -------------------------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        b, g = self.b, self.g
        P = g.players
        b.update(_TURN_RESET)
        if max(b["slots"]) < 0:  # no dragon left on the table
            b["phase"] = "over"
            return
        if UP in b["advs"][seat]:  # the usual case: the seat has an adventurer ready
            b["turn"], b["phase"] = seat, "turn"
            return
        for _attempt in range(2):
            advs = list(b["advs"])
            for i in range(P):
                p = (seat + i) % P
                mine = advs[p]
                if UP not in mine and DOWN in mine:
                    advs[p] = tuple(UP if a == DOWN else a for a in mine)
                if UP in advs[p]:
                    b["advs"] = tuple(advs)
                    b["turn"], b["phase"] = p, "turn"
                    return
            # every adventurer of every player is fighting and no dragon fell: they all come
            # home face down (a reading: the rulebook's turns would otherwise stop for good)
            b["fighters"] = ((),) * 4
            b["advs"] = tuple((DOWN,) * 4 for _ in range(P))
        raise AssertionError("no player can move")  # pragma: no cover

    def send(self, p: int, a: int, slot: int) -> None:
        b, g = self.b, self.g
        advs = b["advs"]
        mine = advs[p]
        b["advs"] = advs = advs[:p] + (mine[:a] + (slot,) + mine[a + 1 :],) + advs[p + 1 :]
        all_fighters = b["fighters"]
        fighters = all_fighters[slot] + (p * 4 + a,)
        b["fighters"] = all_fighters[:slot] + (fighters,) + all_fighters[slot + 1 :]
        card = g.cards[b["slots"][slot]]
        if sum(map(g.strength_of, fighters)) >= card.strength:
            b["target"], b["resume"] = slot, "kill"
            self.draw_tokens(card.hidden)
            return
        seat = p + 1 if p + 1 < g.players else 0
        if UP in advs[seat]:  # start_turn's usual case (a dragon is on the table: p's)
            b.update(_TURN_RESET)
            b["turn"], b["phase"] = seat, "turn"
        else:
            self.start_turn(seat)

    # -- a kill ------------------------------------------------------------------------------
    def fighters_of(self) -> tuple[int, ...]:
        return self.b["fighters"][self.b["target"]]

    def resolve_kill(self) -> None:
        b, g = self.b, self.g
        slot = b["target"]
        codes = self.fighters_of()
        involved = tuple(sorted({c // 4 for c in codes}))
        wizards = [c // 4 for c in codes if c % 4 == WIZARD]
        b["involved"] = involved
        pot = b["treasure"][slot]
        b["items_due"] = ()
        if len(involved) == 1:
            p = involved[0]
            self.give(p, pot)
            b["treasure"] = _put(b["treasure"], slot, ZERO)
            if wizards and pot[RED] and g.use_items:
                b["items_due"] = ((p, pot[RED]),)
            b["resume"] = "thefts"
            self.run_items()
            return
        if not g.advanced and len(wizards) == 1 and pot[RED]:
            w = wizards[0]
            reds = _one(RED)
            reds = tuple(pot[RED] * x for x in reds)
            self.give(w, reds)
            b["treasure"] = _put(b["treasure"], slot, _sub(pot, reds))
            if g.use_items:
                b["items_due"] = ((w, pot[RED]),)
            b["resume"] = "split"
            self.run_items()
            return
        self.begin_split()

    def begin_split(self) -> None:
        b, g = self.b, self.g
        pot = b["treasure"][b["target"]]
        involved = b["involved"]
        if not any(pot):
            self.begin_thefts()
            return
        n = len(involved)
        b["parts"] = (ZERO,) * n
        if not g.strategic:
            b["phase"], b["proposer"], b["budget"] = "build", b["turn"], g.proposals
            return
        strength, first = self.contributions()
        # strongest first; equal strength: who played first counts as stronger
        ranked = sorted(involved, key=lambda p: (-strength[p], first[p]))
        b["proposer"] = ranked[-1]
        b["order"] = tuple(ranked[:-1])
        b["owners"] = (-1,) * n
        b["phase"] = "divide"

    def contributions(self) -> tuple[dict[int, int], dict[int, int]]:
        strength: dict[int, int] = {}
        first: dict[int, int] = {}
        for i, c in enumerate(self.fighters_of()):
            p = c // 4
            strength[p] = strength.get(p, 0) + self.g.strengths[c % 4]
            first.setdefault(p, i)
        return strength, first

    def fail_split(self) -> None:
        b = self.b
        slot = b["target"]
        b["out"] = _add(b["out"], b["treasure"][slot])
        b["treasure"] = _put(b["treasure"], slot, ZERO)
        b["parts"], b["owners"], b["order"], b["proposer"], b["budget"] = (), (), (), -1, 0
        self.begin_thefts()

    def settled(self, shares: tuple[tuple[int, ...], ...]) -> None:
        """The shares (one per involved player, in seat order) are agreed."""
        b, g = self.b, self.g
        b["parts"], b["owners"], b["proposer"], b["budget"] = shares, (), -1, 0
        P = g.players
        seats = [(b["turn"] + i) % P for i in range(P)]
        holders = tuple(p for p in seats if any(b["hands"][p]))
        if g.use_items and holders:
            b["phase"], b["order"] = "swap", holders
            return
        self.distribute()

    def distribute(self) -> None:
        b, g = self.b, self.g
        codes = self.fighters_of()
        wizards = {c // 4 for c in codes if c % 4 == WIZARD}
        due = []
        for p, share in zip(b["involved"], b["parts"], strict=True):
            self.give(p, share)
            if g.advanced and g.use_items and p in wizards and share[RED]:
                due.append((p, share[RED]))
        b["treasure"] = _put(b["treasure"], b["target"], ZERO)
        b["parts"], b["order"] = (), ()
        b["items_due"], b["resume"] = tuple(due), "thefts"
        self.run_items()

    # -- items -------------------------------------------------------------------------------
    def run_items(self) -> None:
        b = self.b
        due = b["items_due"]
        while due:
            seat, n = due[0]
            if n <= 0:
                due = due[1:]
                continue
            if not any(b["item_deck"]) and any(b["discard"]):
                # the discard pile is shuffled into a new deck (its order is never stored)
                b["item_deck"], b["discard"] = b["discard"], (0,) * self.g.nk
            if not any(b["item_deck"]):
                due = ()  # no item left anywhere: nobody draws
                break
            b["items_due"], b["phase"] = due, "item"
            return
        b["items_due"] = ()
        resume = b["resume"]
        if resume == "start":
            self.start_turn(self.g.first_player)
        elif resume == "split":
            self.begin_split()
        elif resume == "next-thief":
            self.next_thief()
        else:  # "thefts"
            self.begin_thefts()

    def after_item(self, kind: int) -> None:
        b = self.b
        seat, n = b["items_due"][0]
        b["item_deck"] = _put(b["item_deck"], kind, b["item_deck"][kind] - 1)
        b["hands"] = _put(
            b["hands"], seat, _put(b["hands"][seat], kind, b["hands"][seat][kind] + 1)
        )
        rest = b["items_due"][1:]
        b["items_due"] = (((seat, n - 1),) if n > 1 else ()) + rest
        self.run_items()

    # -- thefts ------------------------------------------------------------------------------
    def begin_thefts(self) -> None:
        b = self.b
        if len(b["involved"]) > 1:
            b["thieves"] = tuple(c // 4 for c in self.fighters_of() if c % 4 == THIEF)
        else:
            b["thieves"] = ()
        self.next_thief()

    def next_thief(self) -> None:
        b = self.b
        b["victim"] = -1
        while b["thieves"]:
            t = b["thieves"][0]
            if any(p != t and any(b["screens"][p]) for p in b["involved"]):
                b["phase"] = "victim"
                return
            b["thieves"] = b["thieves"][1:]
        self.cleanup()

    def steal(self, colour: int, picked: bool) -> None:
        b, g = self.b, self.g
        t, v = b["thieves"][0], b["victim"]
        one = _one(colour)
        screens = _put(b["screens"], v, _sub(b["screens"][v], one))
        screens = _put(screens, t, _add(screens[t], one))
        b["screens"] = screens
        known = []
        for s, row in enumerate(b["known"]):
            if s == t:
                row = _put(row, v, screens[v] if picked else _floor_sub(row[v], one))
            elif s == v:
                row = _put(row, t, _add(row[t], one))
            else:  # an unseen token left v: every colour's sure count may drop by one
                sure = row[v]
                row = _put(row, v, tuple(map(sub, sure, map(bool, sure))))  # max(0, x - 1)
            known.append(row)
        b["known"] = tuple(known)
        b["thieves"] = b["thieves"][1:]
        b["victim"] = -1
        if colour == RED and not g.advanced and g.use_items:
            b["items_due"], b["resume"] = ((t, 1),), "next-thief"
            self.run_items()
            return
        self.next_thief()

    # -- after the split ---------------------------------------------------------------------
    def cleanup(self) -> None:
        b = self.b
        slot = b["target"]
        advs = list(b["advs"])
        for c in b["fighters"][slot]:
            p, a = divmod(c, 4)
            advs[p] = _put(advs[p], a, DOWN)
        b["advs"] = tuple(advs)
        b["fighters"] = _put(b["fighters"], slot, ())
        b["gone"] = tuple(sorted(b["gone"] + (b["slots"][slot],)))
        b["slots"] = _put(b["slots"], slot, -1)
        b["involved"], b["thieves"], b["items_due"] = (), (), ()
        if self.can_reveal():
            b["phase"], b["resume"] = "card", "replace"
            return
        self.end_turn()

    def after_replace(self) -> None:
        b, g = self.b, self.g
        if b["market"] == 0 and b["drawn"] >= g.market_at:
            b["market"] = 1
            if g.market_offers:
                P = g.players
                b["order"] = tuple((b["turn"] + i) % P for i in range(P))
                b["offers"] = (g.market_offers,) * P
                # the market is nobody's dragon: the place of the dragon just revealed is done
                b["phase"], b["resume"], b["target"] = "market", "", -1
                return
        self.end_turn()

    def end_market(self) -> None:
        b = self.b
        b["offers"], b["order"] = (), ()
        b["offer"], b["ask"], b["partner"] = ZERO, ZERO, -1
        self.end_turn()

    def let_go(self, looked: bool) -> None:
        """The thief at the head of ``thieves`` steals nothing (the rulebook allows stealing, it
        does not demand it); ``looked``: its wizard showed it the robbed screen first."""
        b = self.b
        if looked:
            t, v = b["thieves"][0], b["victim"]
            b["known"] = _put(b["known"], t, _put(b["known"][t], v, b["screens"][v]))
        b["thieves"] = b["thieves"][1:]
        self.next_thief()

    def end_turn(self) -> None:
        b = self.b
        self.start_turn((b["turn"] + 1) % self.g.players)


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class DragonsGoldState(State):
    """One moment of a Dragon's Gold game. Immutable and hashable; ``apply`` returns a new state.

    Token counts are 9-tuples in the order of :data:`~kaskaria.dragons_gold.rules.COLOURS`.
    ``slots``: the dragon card (0-based index into the rules table) on each of the four places,
    or -1; ``treasure``: the tokens on each dragon; ``fighters``: the adventurers under each
    dragon in the order they were sent (``4 * seat + adventurer``); ``advs``: per player and
    adventurer -2 (face down at home), -1 (face up at home) or the place it fights at;
    ``deck``/``gone``: dragon cards not yet revealed (no order: draws are chance) / killed;
    ``drawn``: dragons revealed as replacements (the market opens with the ``market_at``-th);
    ``bag``, ``out`` (left the game after a failed split), ``screens``; ``known[s][p]``: a lower
    bound of ``p``'s screen that seat ``s`` can be sure of (row ``players``: what the whole table
    knows); ``hands``, ``item_deck``, ``discard``: magic items per kind; the rest is the context
    of the current phase.

    (Frozen but not slotted: a successor state is its predecessor's field dictionary copied in
    one step and a few entries changed, which keeps the engine fast with this many fields.)
    """

    game: DragonsGold = field(repr=False)
    phase: str
    turn: int
    slots: tuple[int, ...]
    treasure: tuple[tuple[int, ...], ...]
    fighters: tuple[tuple[int, ...], ...]
    advs: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    gone: tuple[int, ...]
    drawn: int
    market: int
    bag: tuple[int, ...]
    out: tuple[int, ...]
    screens: tuple[tuple[int, ...], ...]
    known: tuple[tuple[tuple[int, ...], ...], ...]
    hands: tuple[tuple[int, ...], ...]
    item_deck: tuple[int, ...]
    discard: tuple[int, ...]
    target: int
    pending: int
    items_due: tuple[tuple[int, int], ...]
    resume: str
    involved: tuple[int, ...]
    parts: tuple[tuple[int, ...], ...]
    budget: int
    proposer: int
    order: tuple[int, ...]
    owners: tuple[int, ...]
    thieves: tuple[int, ...]
    victim: int
    offers: tuple[int, ...]
    offer: tuple[int, ...]
    ask: tuple[int, ...]
    partner: int
    _legal: Any = field(default=None, compare=False, hash=False, repr=False)

    # -- who decides -----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == "turn":
            return self.turn
        if phase in ("build", "divide"):
            return self.proposer
        if phase in ("answer", "choose", "swap", "market", "offer"):
            return self.order[0]
        if phase in ("victim", "pick"):
            return self.thieves[0]
        if phase == "ward":
            return self.victim
        if phase == "reply":
            return self.partner
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def chance_kind(self) -> str:
        """``"reveal"`` (a dragon card), ``"treasure"`` (a token from the bag), ``"item"`` (a magic
        item is drawn) or ``"theft"`` (a thief's random token)."""
        kind = {"card": "reveal", "token": "treasure", "item": "item", "steal": "theft"}.get(
            self.phase
        )
        if kind is None:
            raise IllegalActionError(f"no chance event is due (phase {self.phase!r})")
        return kind

    # -- chance ----------------------------------------------------------------------------
    def _weights(self) -> tuple[tuple[Action, int], ...]:
        """The chance outcomes now due with whole-number weights, in sorted order."""
        phase = self.phase
        if phase == "token":
            bag = self.bag
            return tuple((_TOKEN[i], bag[i]) for i in _ALPHA if bag[i])
        if phase == "card":
            return tuple(sorted(((_card(c), 1) for c in self.deck), key=lambda x: x[0].args))
        if phase == "steal":
            screen = self.screens[self.victim]
            return tuple((_STOLEN[i], screen[i]) for i in _ALPHA if screen[i])
        if phase == "item":
            return tuple(
                sorted(
                    (
                        (_act("item", name), n)
                        for name, n in zip(self.game.item_names, self.item_deck, strict=True)
                        if n
                    ),
                    key=lambda x: x[0].args,
                )
            )
        raise IllegalActionError(
            f"no chance event is due: a player decides now (phase {self.phase!r})"
        )

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Every outcome of the chance event now due, with exact probabilities summing to 1: a
        token colour (weights: the tokens of that colour in the bag or on the robbed screen), an
        item kind (weights: cards of that kind in the deck) or a dragon card (all equally likely).
        """
        weights = self._weights()
        total = sum(w for _, w in weights)
        return tuple((a, Fraction(w, total)) for a, w in weights)

    def _chance_table(self) -> tuple[tuple[Action, ...], tuple[int, ...] | None]:
        """The outcomes of the chance event now due in sorted order with whole-number weights
        (some may be 0: those cannot happen), or ``(outcomes, None)`` when all are equally likely.
        The same outcomes and weights as :meth:`_weights`, read straight from the counts."""
        phase = self.phase
        if phase == "token":
            return _TOKEN_ALPHA, _IN_ALPHA(self.bag)
        if phase == "card":
            return _card_actions(self.deck), None
        if phase == "steal":
            return _STOLEN_ALPHA, _IN_ALPHA(self.screens[self.victim])
        if phase == "item":
            deck = self.item_deck
            return self.game.item_draws, tuple(deck[k] for k in self.game.item_alpha)
        raise IllegalActionError(
            f"no chance event is due: a player decides now (phase {self.phase!r})"
        )

    def sample_chance(self, rng: np.random.Generator) -> Action:
        # the same pick as pick_outcome over the (sorted) outcomes: one whole number below the
        # total weight, and the first outcome whose running weight passes it
        phase = self.phase
        if phase == "token" and rng.__class__ is _GENERATOR:  # the commonest chance event
            bag = self.bag
            x = int(rng.integers(sum(bag)))
            for i in _ALPHA:  # the colours in the order their actions sort in
                x -= bag[i]
                if x < 0:
                    return _TOKEN[i]
        if rng.__class__ is _GENERATOR and phase in CHANCE_PHASES:
            actions, weights = self._chance_table()
            if weights is None:
                return actions[int(rng.integers(len(actions)))]
            x = int(rng.integers(sum(weights)))
            for action, weight in zip(actions, weights, strict=True):
                x -= weight
                if x < 0:
                    return action
        return pick_outcome(self.chance_outcomes(), rng)

    # -- what may be done ------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase in CHANCE_PHASES:
                actions, weights = self._chance_table()
                legal = actions if weights is None else tuple(compress(actions, weights))
            elif phase in _KEYED:
                # the same few situations come back all the time: keep their sorted lists
                key = self._legal_key()
                cache = self.game.legal_cache
                legal = cache.get(key)
                if legal is None:
                    legal = tuple(sorted(self._compute_legal(), key=_AKEY))
                    if len(cache) > 50_000:
                        cache.clear()
                    cache[key] = legal
            else:  # "divide"; every list is built without repeats
                legal = tuple(sorted(self._compute_legal(), key=_AKEY))
            self.__dict__["_legal"] = legal
        return legal

    def _compute_legal(self) -> list[Action] | tuple[Action, ...]:
        phase = self.phase
        g = self.game
        if phase in CHANCE_PHASES:
            return [a for a, _ in self._weights()]
        if phase == "turn":
            p = self.turn
            out: list[Action] = []
            places = [i for i in range(4) if self.slots[i] >= 0]
            dragons = [str(i + 1) for i in places]
            for a, status in enumerate(self.advs[p]):
                if status == UP:
                    out.extend(_SENDS[a, i] for i in places)
            hand = self.hands[p]
            for k, name in enumerate(g.item_names):
                if not hand[k]:
                    continue
                if name == "swap-dragons":
                    out.extend(
                        _act("play", name, dragons[i], dragons[j])
                        for i in range(len(dragons))
                        for j in range(i + 1, len(dragons))
                    )
                elif name == "recall":
                    out.extend(_act("play", name, str(i + 1)) for i in range(4) if self.fighters[i])
            return out
        if phase == "build":
            out = [_act("no", "deal")]
            left = self._left()
            if not any(left):
                out.append(_act("propose"))
            else:
                for k, n in enumerate(left):
                    if n:
                        out.extend(_give_action(k, p) for p in self.involved)
            return out
        if phase == "answer":
            return [_act("accept"), _act("refuse"), _act("no", "deal")]
        if phase == "divide":
            left = self._left()
            if not any(left):
                return [_act("split")]
            total = sum(self.treasure[self.target])
            n = len(self.parts)
            need_piles = min(n, total)
            remaining = sum(left)
            nonempty = sum(1 for pile in self.parts if any(pile))
            out = []
            for k, pile in enumerate(self.parts):
                after = nonempty + (0 if any(pile) else 1)
                if remaining - 1 >= max(0, need_piles - after):
                    out.extend(
                        _act("put", c, "in", "pile", str(k + 1))
                        for c, x in zip(COLOURS, left, strict=True)
                        if x
                    )
            return out
        if phase == "choose":
            return [_act("choose", "pile", str(k + 1)) for k, o in enumerate(self.owners) if o < 0]
        if phase == "swap":
            out = [_act("pass")]
            k = g.item_names.index("swap-shares") if "swap-shares" in g.item_names else -1
            if k >= 0 and self.hands[self.order[0]][k] and len(self.involved) > 1:
                inv = self.involved
                out.extend(
                    _act("play", "swap-shares", str(inv[i] + 1), str(inv[j] + 1))
                    for i in range(len(inv))
                    for j in range(i + 1, len(inv))
                )
            return out
        if phase == "victim":
            t = self.thieves[0]
            out = [_act("pass")]
            out.extend(
                _act("steal", "from", str(p + 1))
                for p in self.involved
                if p != t and any(self.screens[p])
            )
            return out
        if phase == "ward":
            out = [_act("pass")]
            k = g.item_names.index("ward") if "ward" in g.item_names else -1
            if k >= 0 and self.hands[self.victim][k]:
                out.extend(
                    _act("ward", c)
                    for c, n in zip(COLOURS, self.screens[self.victim], strict=True)
                    if n
                )
            return out
        if phase == "pick":
            out = [_act("pass")]
            out.extend(
                _act("pick", c)
                for c, n in zip(COLOURS, self.screens[self.victim], strict=True)
                if n
            )
            return out
        if phase in ("market", "offer"):
            return self._market_actions()
        if phase == "reply":
            if _leq(self.ask, self.screens[self.partner]):
                return [_act("accept"), _act("refuse")]
            return [_act("refuse")]
        return []

    def _market_actions(self) -> list[Action]:
        """At the market (phases ``market`` and ``offer``): what the player at the head of the
        order may add to its offer (``offer`` one more of a colour it holds, ``ask`` one more of
        a colour the others hold between them; a colour is either given or asked), and to start
        with ``pass`` (leave the market), or once the offer gives and asks something, ``trade
        with`` another player, or ``cancel``."""
        p = self.order[0]
        out: list[Action] = []
        if self.phase == "market":
            out.append(_act("pass"))
            if not self.offers[p]:
                return out
        mine, given, asked = self.screens[p], self.offer, self.ask
        others = self._others_hold(p)
        for c, word in enumerate(COLOURS):
            if given[c] < mine[c] and not asked[c]:
                out.append(_act("offer", word))
            if asked[c] < others[c] and not given[c]:
                out.append(_act("ask", word))
        if self.phase == "offer":
            out.append(_act("cancel"))
            if any(given) and any(asked):
                out.extend(
                    _act("trade", "with", str(q + 1)) for q in range(self.game.players) if q != p
                )
        return out

    def _others_hold(self, p: int) -> tuple[int, ...]:
        """How many tokens of each colour lie behind the other screens together (what ``p`` can
        work out from what lies open and its own screen)."""
        total = ZERO
        for q, screen in enumerate(self.screens):
            if q != p:
                total = _add(total, screen)
        return total

    def _legal_key(self) -> tuple[Any, ...]:
        """Everything the legal actions of the phases in ``_KEYED`` depend on (the game aside)."""
        phase = self.phase
        if phase == "turn":
            p = self.turn
            hand = self.hands[p]
            slots = self.slots
            filled = _FILLED.get(slots)
            if filled is None:
                if len(_FILLED) > 100_000:
                    _FILLED.clear()
                filled = _FILLED[slots] = tuple(s >= 0 for s in slots)
            recall = self.game.recall
            # which dragons are fought at matters only to a player holding a recall
            fought = tuple(map(bool, self.fighters)) if recall >= 0 and hand[recall] else None
            return ("turn", self.advs[p], filled, fought, hand)
        if phase == "build":
            left: Any = self.treasure[self.target]
            for part in self.parts:
                left = map(sub, left, part)
            return ("build", self.involved, tuple(map(bool, left)))
        if phase == "victim":
            t = self.thieves[0]
            screens = self.screens
            return ("victim", tuple(p for p in self.involved if p != t and any(screens[p])))
        if phase == "ward":
            v = self.victim
            k = self.game.ward
            return ("ward", k >= 0 and self.hands[v][k] > 0, tuple(map(bool, self.screens[v])))
        if phase == "pick":
            return ("pick", tuple(map(bool, self.screens[self.victim])))
        if phase == "answer":
            return ("answer",)
        if phase == "reply":
            return ("reply", _leq(self.ask, self.screens[self.partner]))
        if phase == "choose":
            return ("choose", tuple(o < 0 for o in self.owners))
        if phase == "swap":
            k = self.game.swap_shares
            inv = self.involved
            holds = k >= 0 and self.hands[self.order[0]][k] > 0 and len(inv) > 1
            return ("swap", inv if holds else None)
        if phase in ("market", "offer"):
            p = self.order[0]
            if phase == "market" and not self.offers[p]:
                return ("market", None)
            mine, given, asked = self.screens[p], self.offer, self.ask
            others = self._others_hold(p)
            return (
                phase,
                p,
                tuple(map(lt, given, mine)),
                tuple(map(lt, asked, others)),
                tuple(map(bool, given)),
                tuple(map(bool, asked)),
            )
        raise ValueError(f"no kept legal actions in phase {phase!r}")

    def _left(self) -> tuple[int, ...]:
        """The tokens of the treasure not yet handed out in the proposal or piles being built."""
        left = self.treasure[self.target]
        for part in self.parts:
            left = _sub(left, part)
        return left

    def apply(self, action: Action | str) -> DragonsGoldState:
        """The state after ``action`` (an :class:`Action` or its text). This state is unchanged."""
        if action.__class__ is not Action:
            action = self.to_action(action)
        phase = self.phase
        # The commonest steps first: the engine's own actions for them are made once and known
        # by identity, so their legality is checked straight from the counts. Any other action,
        # equal or not, is checked against the legal actions further down.
        if phase == "token":
            found = _TOKEN_IDS.get(id(action))
            if found is not None and found[0] is action and self.bag[found[1]]:
                return self._token(found[1])
        elif phase == "build":
            give = _GIVE_IDS.get(id(action))
            if give is not None and give[0] is action:
                new = self._give(give[1], give[2])
                if new is not None:
                    return new
        elif phase == "turn":
            sent = _SEND_IDS.get(id(action))
            if sent is not None and sent[0] is action:
                p, a, slot = self.turn, sent[1], sent[2]
                if self.advs[p][a] == UP and self.slots[slot] >= 0:
                    return self._by_flow(_Flow.send, p, a, slot)
        elif phase == "card":
            found = _CARD_IDS.get(id(action))
            if found is not None and found[0] is action and found[1] in self.deck:
                return self._by_flow(_Flow.after_card, found[1])
        elif phase == "item":
            found = self.game.item_ids.get(id(action))
            if found is not None and found[0] is action and self.item_deck[found[1]]:
                return self._by_flow(_Flow.after_item, found[1])
        elif phase == "steal":
            found = _STOLEN_IDS.get(id(action))
            if found is not None and found[0] is action and self.screens[self.victim][found[1]]:
                return self._by_flow(_Flow.steal, found[1], False)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # the engine's actions are shared objects: look for the same object first (fast)
        for a in legal:
            if a is action:
                break
        else:
            if action not in legal:
                self._check_well_formed(action)
                raise self.illegal(action)
        if phase == "token":
            return self._token(_CI[action.args[0]])
        verb = action.verb
        if phase == "build" and verb == "give":
            new = self._give(_CI[action.args[0]], int(action.args[2]) - 1)
            assert new is not None  # it is legal
            return new
        if phase == "turn" and verb == "send":
            args = action.args
            return self._by_flow(_Flow.send, self.turn, _AI[args[0]], int(args[3]) - 1)
        return self._by_flow(self._transition, action)

    def _by_flow(self, step: Callable[..., None], *args: Any) -> DragonsGoldState:
        """The state after ``step(flow, *args)``: automatic steps of :class:`_Flow` on a copy of
        this state's fields."""
        b = self.__dict__.copy()
        step(_Flow(self.game, b), *args)
        b["_legal"] = None
        return _made(b)

    def _give(self, c: int, p: int) -> DragonsGoldState | None:
        """A token of colour ``c`` handed to player ``p`` in the proposal being built (only the
        parts change), or ``None`` if that is not allowed now."""
        involved = self.involved
        if p not in involved:
            return None
        parts = self.parts
        given = 0
        for part in parts:
            given += part[c]
        left = self.treasure[self.target][c] - given
        if left <= 0:
            return None
        i = involved.index(p)
        part = parts[i]
        d = self.__dict__.copy()
        d["parts"] = parts[:i] + (part[:c] + (part[c] + 1,) + part[c + 1 :],) + parts[i + 1 :]
        # While tokens of that colour are left to hand out, the same actions stay legal (they
        # depend only on who is involved and which colours are left: _legal_key).
        legal = self._legal
        new = _made(d)
        if left > 1 or legal is None:
            return new  # the same list, or none yet
        # That colour is all handed out: its gives leave the list. What is left depends only on
        # the list and the colour, so the game keeps the answer.
        drops = self.game.legal_drops
        entry = drops.get(id(legal))
        if entry is None or entry[0] is not legal:
            if len(drops) > 50_000:
                drops.clear()
            entry = drops[id(legal)] = (legal, {})
        after = entry[1].get(c)
        if after is None:
            d["_legal"] = None
            after = entry[1][c] = new.legal_actions()
        d["_legal"] = after
        return new

    def _token(self, c: int) -> DragonsGoldState:
        """A token of colour ``c`` from the bag onto the dragon being filled (the same as
        :meth:`_transition` in phase ``token``, with the fields copied in one step)."""
        slot = self.target
        pending = self.pending - 1
        bag = self.bag
        bag = bag[:c] + (bag[c] - 1,) + bag[c + 1 :]
        treasure = self.treasure
        t = treasure[slot]
        t = t[:c] + (t[c] + 1,) + t[c + 1 :]
        d = self.__dict__.copy()
        d["bag"] = bag
        d["treasure"] = treasure[:slot] + (t,) + treasure[slot + 1 :]
        d["pending"] = pending
        d["_legal"] = None
        if not pending or not any(bag):
            _Flow(self.game, d).after_tokens()
        return _made(d)

    def _transition(self, flow: _Flow, action: Action) -> None:
        b, g = flow.b, self.game
        phase, verb, args = self.phase, action.verb, action.args
        if phase == "card":
            flow.after_card(int(args[0]) - 1)
        elif phase == "token":
            c = _CI[args[0]]
            slot = b["target"]
            b["bag"] = _put(b["bag"], c, b["bag"][c] - 1)
            b["treasure"] = _put(
                b["treasure"], slot, _put(b["treasure"][slot], c, b["treasure"][slot][c] + 1)
            )
            b["pending"] -= 1
            if b["pending"] == 0 or not any(b["bag"]):
                flow.after_tokens()
        elif phase == "item":
            flow.after_item(g.item_names.index(args[0]))
        elif phase == "steal":
            flow.steal(_CI[args[0]], picked=False)
        elif phase == "turn":
            if verb == "send":
                flow.send(self.turn, _AI[args[0]], int(args[3]) - 1)
            else:
                self._play_turn_item(flow, args)
        elif phase == "build":
            if verb == "no":
                flow.fail_split()
            elif verb == "propose":
                P = g.players
                me = self.proposer
                seats = [(me + i) % P for i in range(1, P)]
                b["order"] = tuple(q for q in seats if q in self.involved)
                b["phase"] = "answer"
            else:  # give
                i = self.involved.index(int(args[2]) - 1)
                c = _CI[args[0]]
                b["parts"] = _put(b["parts"], i, _put(b["parts"][i], c, b["parts"][i][c] + 1))
        elif phase == "answer":
            if verb == "accept":
                b["order"] = self.order[1:]
                if not b["order"]:
                    flow.settled(self.parts)
            elif verb == "refuse":
                b["budget"] -= 1
                if b["budget"] <= 0:
                    flow.fail_split()
                else:
                    inv = self.involved
                    b["proposer"] = inv[(inv.index(self.proposer) + 1) % len(inv)]
                    b["parts"] = (ZERO,) * len(inv)
                    b["order"] = ()
                    b["phase"] = "build"
            else:
                flow.fail_split()
        elif phase == "divide":
            if verb == "split":
                b["phase"] = "choose"
            else:
                k = int(args[3]) - 1
                c = _CI[args[0]]
                b["parts"] = _put(b["parts"], k, _put(b["parts"][k], c, b["parts"][k][c] + 1))
        elif phase == "choose":
            k = int(args[1]) - 1
            b["owners"] = owners = _put(self.owners, k, self.order[0])
            b["order"] = self.order[1:]
            if not b["order"]:
                owners = tuple(o if o >= 0 else self.proposer for o in owners)
                shares = tuple(
                    next(pile for pile, o in zip(self.parts, owners, strict=True) if o == p)
                    for p in self.involved
                )
                flow.settled(shares)
        elif phase == "swap":
            if verb == "play":
                p = self.order[0]
                k = g.item_names.index("swap-shares")
                self._discard(b, p, k)
                i = self.involved.index(int(args[1]) - 1)
                j = self.involved.index(int(args[2]) - 1)
                parts = list(self.parts)
                parts[i], parts[j] = parts[j], parts[i]
                b["parts"] = tuple(parts)
            b["order"] = self.order[1:]
            if not b["order"]:
                flow.distribute()
        elif phase == "victim":
            if verb == "pass":
                flow.let_go(looked=False)
                return
            v = int(args[1]) - 1
            b["victim"] = v
            t = self.thieves[0]
            if t * 4 + WIZARD in self.fighters[self.target]:
                b["phase"] = "pick"
            elif g.use_items and any(self.hands[v]):
                b["phase"] = "ward"
            else:
                b["phase"] = "steal"
        elif phase == "ward":
            if verb == "pass":
                b["phase"] = "steal"
            else:
                self._discard(b, self.victim, g.item_names.index("ward"))
                flow.steal(_CI[args[0]], picked=False)
        elif phase == "pick":
            if verb == "pass":
                flow.let_go(looked=True)
            else:
                flow.steal(_CI[args[0]], picked=True)
        elif phase in ("market", "offer"):
            p = self.order[0]
            if verb == "pass":  # p leaves the market
                b["order"] = self.order[1:]
                if not b["order"]:
                    flow.end_market()
            elif verb == "cancel":  # the offer is withdrawn; it counted
                b["offer"], b["ask"], b["phase"] = ZERO, ZERO, "market"
            elif verb == "trade":
                b["partner"], b["phase"] = int(args[1]) - 1, "reply"
            else:  # one more token offered or asked for
                if phase == "market":  # a new offer: it counts against the budget
                    b["offers"] = _put(self.offers, p, self.offers[p] - 1)
                    b["phase"] = "offer"
                c = _CI[args[0]]
                if verb == "ask":
                    b["ask"] = _put(self.ask, c, self.ask[c] + 1)
                else:
                    n = self.offer[c] + 1
                    b["offer"] = _put(self.offer, c, n)
                    # offers are made in the open: everyone sees p holds at least n such tokens
                    b["known"] = tuple(
                        row if s == p or row[p][c] >= n else _put(row, p, _put(row[p], c, n))
                        for s, row in enumerate(b["known"])
                    )
        elif phase == "reply":
            p, q = self.order[0], self.partner
            if verb == "accept":
                given, asked = self.offer, self.ask
                # the asked player shows it holds what was asked for, then the tokens change
                # hands in the open
                b["known"] = tuple(
                    row if s == q else _put(row, q, tuple(map(max, row[q], asked)))
                    for s, row in enumerate(b["known"])
                )
                screens = _put(b["screens"], p, _add(_sub(b["screens"][p], given), asked))
                b["screens"] = _put(screens, q, _add(_sub(screens[q], asked), given))
                flow.public_loss(p, given)
                flow.public_gain(p, asked)
                flow.public_loss(q, asked)
                flow.public_gain(q, given)
            b["offer"], b["ask"], b["partner"] = ZERO, ZERO, -1
            rest = self.order[1:]
            b["order"] = rest + ((p,) if b["offers"][p] else ())
            if not b["order"]:
                flow.end_market()
            else:
                b["phase"] = "market"

    def _holds(self, p: int, name: str) -> bool:
        names = self.game.item_names
        return name in names and self.hands[p][names.index(name)] > 0

    def _discard(self, b: dict[str, Any], p: int, k: int) -> None:
        b["hands"] = _put(b["hands"], p, _put(b["hands"][p], k, b["hands"][p][k] - 1))
        b["discard"] = _put(b["discard"], k, b["discard"][k] + 1)

    def _play_turn_item(self, flow: _Flow, args: tuple[str, ...]) -> None:
        b, g = flow.b, self.game
        p = self.turn
        name = args[0]
        self._discard(b, p, g.item_names.index(name))
        if name == "swap-dragons":
            i, j = int(args[1]) - 1, int(args[2]) - 1
            for key in ("slots", "treasure"):
                t = list(b[key])
                t[i], t[j] = t[j], t[i]
                b[key] = tuple(t)
        else:  # recall: the adventurers fighting one dragon go home face down
            i = int(args[1]) - 1
            advs = list(b["advs"])
            for c in self.fighters[i]:
                q, a = divmod(c, 4)
                advs[q] = _put(advs[q], a, DOWN)
            b["advs"] = tuple(advs)
            b["fighters"] = _put(b["fighters"], i, ())
            # a player left with no face-up adventurer turns them up at the start of a turn;
            # if that is the player to move now, it does so at once
            if UP not in b["advs"][p]:
                flow.start_turn(p)

    # -- text notation ---------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Parse action text (``"send wizard to dragon 3"``) into an :class:`Action`.

        Raises :class:`InvalidActionError` for text that is no Dragon's Gold action at all; the
        action may still be illegal now (``apply`` checks that).
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be a string, got {type(text).__name__}")
        words = tuple(text.lower().split())
        if not words:
            raise InvalidActionError(f"empty action text {short(text, 20)}; {_NOTATION}")
        action = _parse_words(words, self.game)
        if action is None:
            raise InvalidActionError(
                f"{short(text, 60)} is not a Dragon's Gold action; {_NOTATION}"
            )
        return action

    def _check_well_formed(self, action: Action) -> None:
        if not isinstance(action, Action) or not action.well_formed():
            raise InvalidActionError(
                f"{action!r} is not a Dragon's Gold action: the verb and its words must be text; "
                f"{_NOTATION}"
            )
        canonical = self.parse_action(str(action))
        if canonical != action:
            raise InvalidActionError(
                f"{action!r} is not written as Dragon's Gold writes it; write '{canonical}'"
            )

    def _rule_broken(self, action: Action) -> tuple[str, dict[str, Any]]:
        phase, verb, args = self.phase, action.verb, action.args
        if phase == "over":
            return "rule.over", {}
        if phase in CHANCE_PHASES:
            if verb in ("card", "token", "item", "stolen"):
                return "rule.not_in_bag", {"what": str(action)}
            return "rule.chance_due", {}
        expected = {
            "turn": ("send", "play"),
            "build": ("give", "propose", "no"),
            "answer": ("accept", "refuse", "no"),
            "divide": ("put", "split"),
            "choose": ("choose",),
            "swap": ("play", "pass"),
            "victim": ("steal", "pass"),
            "ward": ("ward", "pass"),
            "pick": ("pick", "pass"),
            "market": ("offer", "ask", "pass"),
            "offer": ("offer", "ask", "trade", "cancel"),
            "reply": ("accept", "refuse"),
        }[phase]
        if verb not in expected:
            return "rule.wrong_moment", {"phase": Phrase(NAME, f"phase.{phase}")}
        if verb == "send":
            a = _AI[args[0]]
            d = int(args[3]) - 1
            if self.slots[d] < 0:
                return "rule.no_dragon", {"n": d + 1}
            status = self.advs[self.turn][a]
            return ("rule.adventurer_down" if status == DOWN else "rule.adventurer_busy"), {}
        if verb == "play":
            p = self.turn if phase == "turn" else self.order[0]
            if self._holds(p, args[0]) and self.game.item_timing[args[0]] == (
                "turn" if phase == "turn" else "split"
            ):
                return "rule.item_target", {"item": Phrase(NAME, f"item.{args[0]}")}
            return "rule.no_item", {"item": Phrase(NAME, f"item.{args[0]}")}
        if verb == "put" and int(args[3]) > len(self.parts):
            return "rule.no_pile", {"k": args[3], "n": len(self.parts)}
        if verb in ("give", "put"):
            if phase == "divide" and args[0] in COLOURS and self._left()[_CI[args[0]]]:
                return "rule.pile_empty", {}
            if verb == "give" and int(args[2]) - 1 not in self.involved:
                return "rule.not_involved", {"n": args[2]}
            return "rule.no_such_token", {"colour": Phrase(NAME, f"colour.{args[0]}")}
        if verb in ("propose", "split"):
            return "rule.hand_out_all", {}
        if verb == "accept":
            return "rule.cannot_give", {}
        if verb == "steal":
            return "rule.bad_victim", {"n": args[1]}
        if verb in ("ward", "pick"):
            if verb == "ward" and not self._holds(self.victim, "ward"):
                return "rule.no_item", {"item": Phrase(NAME, "item.ward")}
            return "rule.no_such_token", {"colour": Phrase(NAME, f"colour.{args[0]}")}
        if verb in ("offer", "ask"):
            if phase == "market" and not self.offers[self.order[0]]:
                return "rule.no_offers", {}
            c = _CI[args[0]]
            colour = Phrase(NAME, f"colour.{args[0]}")
            if (self.ask if verb == "offer" else self.offer)[c]:
                return "rule.both_sides", {"colour": colour}
            return f"rule.{verb}_more", {"colour": colour}
        if verb == "trade":
            if args[1] == str(self.order[0] + 1):
                return "rule.trade_self", {}
            return "rule.offer_incomplete", {}
        if verb == "choose":
            return "rule.pile_taken", {"k": args[1]}
        return "rule.wrong_moment", {"phase": Phrase(NAME, f"phase.{phase}")}

    # -- results ---------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each player's points for the treasure behind their screen now (the final score at the
        end)."""
        return _score_table(self.screens, self.game.advanced, self.game.rules)

    def winners(self) -> tuple[int, ...]:
        if self.phase != "over":
            return ()
        s = self.scores()
        best = max(s)
        return tuple(p for p in range(self.game.players) if s[p] == best)

    # -- what a viewer may see -------------------------------------------------------------
    def observation(self, viewer: ViewerLike = OMNISCIENT) -> dict[str, Any]:
        """What ``viewer`` may see. A seat sees its own screen and items, the number of tokens and
        items of every other player, and what it can be sure lies behind their screens
        (``sure``); ``"table"`` sees what lies open (and what everyone can be sure of);
        ``"omniscient"`` everything. At the end every screen is shown (the rulebook's count)."""
        g = self.game
        viewer = check_viewer(viewer, g.players, "viewer")
        everything = viewer is OMNISCIENT
        over = self.phase == "over"
        row = self.known[g.players if viewer.__class__ is not int else viewer]
        players = []
        for p in range(g.players):
            mine = everything or over or viewer == p
            players.append(
                {
                    "adventurers": [
                        {
                            "name": name,
                            "strength": g.strengths[a],
                            "state": "down" if s == DOWN else "up" if s == UP else "fighting",
                            "dragon": s if s >= 0 else None,
                        }
                        for a, (name, s) in enumerate(zip(ADVENTURERS, self.advs[p], strict=True))
                    ],
                    "tokens": sum(self.screens[p]),
                    "screen": _named(self.screens[p]) if mine else None,
                    "sure": _named(self.screens[p] if mine else row[p]),
                    "items": sum(self.hands[p]),
                    "hand": (
                        dict(zip(g.item_names, self.hands[p], strict=True))
                        if everything or viewer == p
                        else None
                    ),
                }
            )
        dragons = []
        for i in range(4):
            c = self.slots[i]
            card = g.cards[c] if c >= 0 else None
            fighters = [
                {"player": f // 4, "adventurer": ADVENTURERS[f % 4], "strength": g.strengths[f % 4]}
                for f in self.fighters[i]
            ]
            dragons.append(
                {
                    "place": i,
                    "card": c if c >= 0 else None,
                    "strength": card.strength if card else None,
                    "known": card.known if card else None,
                    "hidden": card.hidden if card else None,
                    "treasure": _named(self.treasure[i]),
                    "fighters": fighters,
                    "sum": sum(f["strength"] for f in fighters),
                }
            )
        obs: dict[str, Any] = {
            "game": NAME,
            "variant": g.variant,
            "viewer": viewer if viewer.__class__ is int else str(viewer),
            "phase": self.phase,
            "turn": self.turn,
            "to_move": _who(self.current_player()),
            "dragons": dragons,
            "bag": _named(self.bag),
            "bag_total": sum(self.bag),
            "out": _named(self.out),
            "deck": len(self.deck),
            "deck_cards": list(self.deck),
            "market_in": (
                max(0, g.market_at - self.drawn) if self.market == 0 and self.deck else None
            ),
            "market_open": self.phase in MARKET_PHASES,
            "players": players,
            "item_deck": sum(self.item_deck) if g.use_items else 0,
            "discard": dict(zip(g.item_names, self.discard, strict=True)) if g.use_items else {},
            "scores": list(self.scores()) if over or everything else None,
            "winners": list(self.winners()),
        }
        if self.phase in ("build", "answer", "divide", "choose", "swap"):
            obs["split"] = {
                "dragon": self.target,
                "pot": _named(self.treasure[self.target]),
                "involved": list(self.involved),
                "mode": "piles" if self.phase in ("divide", "choose") else "shares",
                "parts": [_named(x) for x in self.parts],
                "left": _named(self._left()) if self.phase in ("build", "divide") else None,
                "owners": list(self.owners),
                "proposer": self.proposer,
                "order": list(self.order),
                "proposals_left": self.budget,
            }
        if self.phase in ("victim", "ward", "pick", "steal"):
            obs["theft"] = {"thief": self.thieves[0], "victim": self.victim}
        if self.phase in MARKET_PHASES:
            # offers are made in the open: everyone sees what is given, asked for and to whom
            obs["market"] = {
                "order": list(self.order),
                "offers": list(self.offers),
                "maker": self.order[0],
                "offer": _named(self.offer),
                "ask": _named(self.ask),
                "partner": self.partner if self.partner >= 0 else None,
            }
        if self.phase == "item":
            obs["drawing_item"] = self.items_due[0][0]
        return obs

    def _sees_theft(self, viewer: ViewerLike) -> bool:
        return viewer is OMNISCIENT or viewer == self.thieves[0] or viewer == self.victim

    def redact(self, action: Action, viewer: ViewerLike, now: State | None = None) -> str:
        """``item ?`` for an item another seat draws; ``stolen ?``, ``ward ?`` and ``pick ?`` for a
        theft the viewer took no part in."""
        if viewer is OMNISCIENT:
            return str(action)
        phase = self.phase
        if phase == "item" and viewer != self.items_due[0][0]:
            return "item ?"
        if phase in ("steal", "ward", "pick") and action.verb != "pass":
            if not self._sees_theft(viewer):
                return f"{action.verb} ?"
        return str(action)

    def action_text(
        self,
        action: Action,
        viewer: ViewerLike = OMNISCIENT,
        lang: str = "en",
        now: State | None = None,
    ) -> str:
        """A short sentence for the log, as ``viewer`` may know it."""
        return describe_action(self, action, viewer, lang)

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> DragonsGoldState:
        """A state ``seat`` cannot tell from this one, with what it cannot see dealt again: the
        tokens behind other screens beyond what it can be sure of, and the items in other hands
        and in the item deck. (The bag, the table and the dragon deck's make-up are public; the
        deck's order is never stored.) The player to move keeps its own screen and hand (its
        legal actions depend on them), and so does the robbed player while a thief helped by its
        wizard picks a token."""
        g = self.game
        check_viewer(seat, g.players, "seat")
        if seat.__class__ is not int:
            raise ValueError(f"seat must be a seat from 0 to {g.players - 1}, got {short(seat)}")
        keep = {seat}
        mover = self.current_player()
        if mover >= 0:
            keep.add(int(mover))
        if self.phase == "pick":
            keep.add(self.victim)
        if self.phase == "over":
            return self  # every screen is shown at the end
        row = self.known[seat]
        redeal = [p for p in range(g.players) if p not in keep]
        screens = list(self.screens)
        pool = list(self.tokens_unplaced(keep, row))
        tokens = [c for c, n in enumerate(pool) for _ in range(n)]
        order: Any = rng.permutation(len(tokens)) if tokens else []
        k = 0
        for p in redeal:
            need = sum(self.screens[p]) - sum(row[p])
            got = list(row[p])
            for _ in range(need):
                got[tokens[order[k]]] += 1
                k += 1
            screens[p] = tuple(got)
        new_screens = tuple(screens)
        known = tuple(
            r
            if s in (seat, g.players)
            else tuple(_min(r[p], new_screens[p]) for p in range(g.players))
            for s, r in enumerate(self.known)
        )
        # items: the other hands and the deck from the items the seat cannot place
        items = list(self.item_deck)
        for p in redeal:
            items = [x + y for x, y in zip(items, self.hands[p], strict=True)]
        cards = [k for k, n in enumerate(items) for _ in range(n)]
        order = rng.permutation(len(cards)) if cards else []
        hands = list(self.hands)
        k = 0
        for p in redeal:
            got = [0] * g.nk
            for _ in range(sum(self.hands[p])):
                got[cards[order[k]]] += 1
                k += 1
            hands[p] = tuple(got)
        deck = [0] * g.nk
        for i in range(k, len(cards)):
            deck[cards[order[i]]] += 1
        b = {f: getattr(self, f) for f in _FIELDS}
        b.update(screens=new_screens, known=known, hands=tuple(hands), item_deck=tuple(deck))
        return DragonsGoldState(g, **b)

    def tokens_unplaced(self, keep: set[int], row: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        """The tokens a seat cannot place: all tokens less the bag, the table, those out of the
        game, the screens in ``keep`` and what it is sure of in the others."""
        g = self.game
        left = _sub(g.tokens, self.bag)
        left = _sub(left, self.out)
        for t in self.treasure:
            left = _sub(left, t)
        for p in range(g.players):
            left = _sub(left, self.screens[p] if p in keep else row[p])
        return left

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain JSON values (``game.state_from_dict`` rebuilds it)."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "slots": list(self.slots),
            "treasure": [list(x) for x in self.treasure],
            "fighters": [list(x) for x in self.fighters],
            "advs": [list(x) for x in self.advs],
            "deck": list(self.deck),
            "gone": list(self.gone),
            "drawn": self.drawn,
            "market": self.market,
            "bag": list(self.bag),
            "out": list(self.out),
            "screens": [list(x) for x in self.screens],
            "known": [[list(x) for x in row] for row in self.known],
            "hands": [list(x) for x in self.hands],
            "item_deck": list(self.item_deck),
            "discard": list(self.discard),
            "target": self.target,
            "pending": self.pending,
            "items_due": [list(x) for x in self.items_due],
            "resume": self.resume,
            "involved": list(self.involved),
            "parts": [list(x) for x in self.parts],
            "budget": self.budget,
            "proposer": self.proposer,
            "order": list(self.order),
            "owners": list(self.owners),
            "thieves": list(self.thieves),
            "victim": self.victim,
            "offers": list(self.offers),
            "offer": list(self.offer),
            "ask": list(self.ask),
            "partner": self.partner,
        }

    # -- checks ----------------------------------------------------------------------------
    def components(self) -> dict[str, int]:
        total = [
            sum(col) for col in zip(self.bag, self.out, *self.treasure, *self.screens, strict=False)
        ]
        out = {f"tokens.{c}": n for c, n in zip(COLOURS, total, strict=True)}
        out["tokens"] = sum(total)
        cards = [c for c in self.slots if c >= 0] + list(self.deck) + list(self.gone)
        out["dragons"] = len(set(cards)) if len(set(cards)) == len(cards) else -len(cards)
        placed = sum(len(f) for f in self.fighters) + sum(1 for a in self.advs for s in a if s < 0)
        out["adventurers"] = placed
        out["items"] = sum(self.item_deck) + sum(self.discard) + sum(sum(h) for h in self.hands)
        return out

    def text(self) -> str:
        g = self.game
        parts = []
        for i in range(4):
            c = self.slots[i]
            if c < 0:
                parts.append("-")
                continue
            card = g.cards[c]
            fighters = "".join(f"{f // 4 + 1}{ADVENTURERS[f % 4][0]}" for f in self.fighters[i])
            parts.append(
                f"D{c + 1}(S{card.strength} {sum(self.treasure[i])}t"
                + (f" [{fighters}]" if fighters else "")
                + ")"
            )
        head = (
            f"over, winners {[w + 1 for w in self.winners()]}"
            if self.phase == "over"
            else f"{self.phase} p{self.turn + 1}"
        )
        tokens = " ".join(str(sum(s)) for s in self.screens)
        return f"{head} | {' '.join(parts)} | bag {sum(self.bag)} deck {len(self.deck)} | tokens {tokens}"


def _made(fields: dict[str, Any]) -> DragonsGoldState:
    """A state whose field dictionary is ``fields`` (a changed copy of another state's; taken
    over, not copied)."""
    new = _new(DragonsGoldState)
    _set(new, "__dict__", fields)
    return new


def _min(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(min(x, y) for x, y in zip(a, b, strict=True))


def _named(counts: tuple[int, ...]) -> dict[str, int]:
    return {c: n for c, n in zip(COLOURS, counts, strict=True) if n}


def _who(player: int) -> Any:
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "over"
    return int(player)


_FIELDS = tuple(f.name for f in fields(DragonsGoldState) if f.name not in ("game", "_legal"))
_FIELD_SET = frozenset(_FIELDS)
_GET = attrgetter(*_FIELDS)
#: which of the four places hold a dragon, by the places' cards (see ``_legal_key``)
_FILLED: dict[tuple[int, ...], tuple[bool, ...]] = {}


_NOTATION = (
    "actions are: send <big-knight|small-knight|thief|wizard> to dragon <1-4>, play <item> ..., "
    "give <colour> to <player>, propose, accept, refuse, no deal, put <colour> in pile <k>, "
    "split, choose pile <k>, pass, steal from <player>, ward <colour>, pick <colour>, "
    "offer <colour>, ask <colour>, trade with <player>, cancel; chance: card <number>, "
    "token <colour>, item <kind>, stolen <colour>"
)


def _seat_word(w: str, players: int) -> bool:
    n = whole_word(w, 1)
    return n is not None and 1 <= n <= players


def _parse_words(words: tuple[str, ...], g: DragonsGold) -> Action | None:
    verb, args = words[0], words[1:]
    n = len(args)
    P = g.players
    colour = _CI.__contains__
    if verb == "send" and n == 4 and args[0] in _AI and args[1:3] == ("to", "dragon"):
        if args[3] in ("1", "2", "3", "4"):
            return _act(verb, *args)
    elif verb == "play" and n >= 2 and args[0] in g.item_timing:
        name = args[0]
        if name == "swap-dragons" and n == 3 and all(x in ("1", "2", "3", "4") for x in args[1:]):
            if args[1] < args[2]:
                return _act(verb, *args)
        if name == "recall" and n == 2 and args[1] in ("1", "2", "3", "4"):
            return _act(verb, *args)
        if (
            name == "swap-shares"
            and n == 3
            and all(_seat_word(x, P) for x in args[1:])
            and args[1] < args[2]
        ):
            return _act(verb, *args)
    elif (
        verb == "give" and n == 3 and colour(args[0]) and args[1] == "to" and _seat_word(args[2], P)
    ):
        return _act(verb, *args)
    elif verb in ("propose", "accept", "refuse", "split", "pass", "cancel") and n == 0:
        return _act(verb)
    elif verb == "no" and args == ("deal",):
        return _act(verb, *args)
    elif verb == "put" and n == 4 and colour(args[0]) and args[1:3] == ("in", "pile"):
        if _seat_word(args[3], P):
            return _act(verb, *args)
    elif verb == "choose" and n == 2 and args[0] == "pile" and _seat_word(args[1], P):
        return _act(verb, *args)
    elif verb == "steal" and n == 2 and args[0] == "from" and _seat_word(args[1], P):
        return _act(verb, *args)
    elif verb in ("ward", "pick", "token", "stolen", "offer", "ask") and n == 1 and colour(args[0]):
        return _act(verb, *args)
    elif verb == "trade" and n == 2 and args[0] == "with" and _seat_word(args[1], P):
        return _act(verb, *args)
    elif verb == "card" and n == 1 and whole_word(args[0], 2) is not None:
        # "card 7" and "card 07" are the same card, written "card 07"
        if 1 <= int(args[0]) <= len(g.cards):
            return _card(int(args[0]) - 1)
    elif verb == "item" and n == 1 and args[0] in g.item_timing:
        return _act(verb, *args)
    return None


# ---------------------------------------------------------------------------------------------
# Log sentences (the engine's ``action_text``; the table's presenter uses the same)
# ---------------------------------------------------------------------------------------------
def _say(key: str, lang: str, **params: Any) -> str:
    return text(NAME, key, lang, **params)


def _player(seat: int, lang: str) -> str:
    return text("core", "player", lang, n=seat + 1)


def tokens_text(counts: tuple[int, ...] | dict[str, int], lang: str) -> str:
    """Tokens in words for a learner (``2 × silver, 1 × gold``), from 9 counts or a dict of colour
    to count; ``nothing`` when there are none."""
    if isinstance(counts, dict):
        counts = tuple(counts.get(c, 0) for c in COLOURS)
    shown = [f"{n} × {_say(f'short.{c}', lang)}" for c, n in zip(COLOURS, counts, strict=True) if n]
    return ", ".join(shown) if shown else _say("board.nothing", lang)


def describe_action(state: DragonsGoldState, action: Action, viewer: ViewerLike, lang: str) -> str:
    """A sentence for the log: what ``action`` (taken in ``state``) does, as ``viewer`` may know
    it (the words of a hidden draw or theft are left out)."""
    verb, args = action.verb, action.args
    line = state.redact(action, viewer)
    hidden = line.endswith("?")
    g = state.game
    mover = state.current_player()
    who = _player(mover, lang) if mover >= 0 else ""
    # a decision of the viewer itself is told to it as "you" ("you send the thief to dragon 3")
    you = "_you" if viewer.__class__ is int and viewer == mover else ""
    if verb == "card":
        card = g.cards[int(args[0]) - 1]
        return _say(
            "log.card", lang, card=int(args[0]), strength=card.strength, place=state.target + 1
        )
    if verb == "token":
        return _say(
            "log.token", lang, colour=_say(f"colour.{args[0]}", lang), place=state.target + 1
        )
    if verb == "item":
        drawer = _player(state.items_due[0][0], lang)
        if hidden:
            return _say("log.item_hidden", lang, who=drawer)
        return _say("log.item", lang, who=drawer, item=_say(f"item.{args[0]}", lang))
    if verb == "stolen":
        if hidden:
            return _say("log.stolen_hidden", lang)
        return _say("log.stolen", lang, colour=_say(f"colour.{args[0]}", lang))
    if verb == "send":
        return _say(
            f"log.send{you}", lang, who=who, adv=_say(f"adv_acc.{args[0]}", lang), place=args[3]
        )
    if verb == "play":
        return _say(f"log.play{you}", lang, who=who, item=_say(f"item.{args[0]}", lang))
    if verb == "give":
        to = int(args[2]) - 1
        key = "log.give_you_self" if you and to == mover else f"log.give{you}"
        return _say(
            key, lang, who=who, colour=_say(f"colour.{args[0]}", lang), to=_player(to, lang)
        )
    if verb == "put":
        return _say(
            f"log.put{you}", lang, who=who, colour=_say(f"colour.{args[0]}", lang), k=args[3]
        )
    if verb == "choose":
        return _say(f"log.choose{you}", lang, who=who, k=args[1])
    if verb == "steal":
        return _say(f"log.steal_from{you}", lang, who=who, victim=_player(int(args[1]) - 1, lang))
    if verb in ("ward", "pick"):
        if hidden:
            return _say(f"log.{verb}_hidden{you}", lang, who=who)
        return _say(f"log.{verb}{you}", lang, who=who, colour=_say(f"colour.{args[0]}", lang))
    if verb in ("offer", "ask"):
        return _say(f"log.{verb}{you}", lang, who=who, colour=_say(f"colour.{args[0]}", lang))
    if verb == "trade":
        return _say(
            f"log.trade{you}", lang, who=who, give=tokens_text(state.offer, lang),
            ask=tokens_text(state.ask, lang), to=_player(int(args[1]) - 1, lang),
        )  # fmt: skip
    if verb == "pass" and state.phase in ("victim", "pick", "market"):
        return _say(f"log.pass_{state.phase}{you}", lang, who=who)
    if verb in ("accept", "refuse") and state.phase == "reply":
        return _say(f"log.{verb}_trade{you}", lang, who=who)
    if verb == "no":
        return _say(f"log.no_deal{you}", lang, who=who)
    return _say(f"log.{verb}{you}", lang, who=who)


# ---------------------------------------------------------------------------------------------
# Loading a position
# ---------------------------------------------------------------------------------------------
_INT_ONLY = frozenset({int})
_LIST_ONLY = frozenset({list})


def _fail(msg: str) -> None:
    raise ValueError(f"impossible Dragon's Gold position: {msg}")


def _int(v: Any, name: str, lo: int, hi: int) -> int:
    if v.__class__ is not int or not lo <= v <= hi:
        _fail(f"{name} must be a whole number from {lo} to {hi}, got {short(v)}")
    return v


def _ints(v: Any, name: str, n: int | None, lo: int, hi: int) -> tuple[int, ...]:
    if (
        v.__class__ is list
        and (n is None or len(v) == n)
        and (not v or (_INT_ONLY >= set(map(type, v)) and lo <= min(v) and max(v) <= hi))
    ):
        return tuple(v)
    if v.__class__ is not list or (n is not None and len(v) != n):
        _fail(f"{name} must be a list" + (f" of {n} whole numbers" if n is not None else ""))
    for x in v:
        if x.__class__ is not int or not lo <= x <= hi:
            _fail(f"{name} holds {short(x)}; each must be a whole number from {lo} to {hi}")
    return tuple(v)


def _rows(v: Any, name: str, n: int, width: int, lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    if (
        v.__class__ is list
        and len(v) == n
        and _LIST_ONLY >= set(map(type, v))
        and ({width} == set(map(len, v)))
    ):
        flat = list(chain.from_iterable(v))
        if not flat or (_INT_ONLY >= set(map(type, flat)) and lo <= min(flat) and max(flat) <= hi):
            return tuple(map(tuple, v))
    if v.__class__ is not list or len(v) != n:
        _fail(f"{name} must be a list of {n} lists")
    return tuple(_ints(r, name, width, lo, hi) for r in v)


def _state_from_dict(game: DragonsGold, data: Any) -> DragonsGoldState:
    """Rebuild a position from ``state.to_dict()``, checking it: field names and types, counts in
    range, every token, dragon card, adventurer and item exactly once, adventurers and fighters
    in agreement, what each seat is sure of really behind the screen, and the context each
    phase needs. A ``ValueError`` names the first thing wrong."""
    if not isinstance(game, DragonsGold):
        raise TypeError(f"game must be a Dragon's Gold game, got {short(game)}")
    if not isinstance(data, dict):
        _fail(f"expected a JSON object, got {type(data).__name__}")
    if data.keys() != _FIELD_SET:
        _fail(
            f"fields missing {sorted(_FIELD_SET - set(data))}, unknown "
            f"{[short(k, 20) for k in sorted(set(data) - _FIELD_SET, key=repr)][:5]}"
        )
    P, nk, ncards = game.players, game.nk, len(game.cards)
    big = game.rules.total_tokens()
    phase = data["phase"]
    if phase.__class__ is not str or phase not in PHASES:
        _fail(f"phase {short(phase)} is unknown; phases are {', '.join(PHASES)}")
    resume = data["resume"]
    if resume.__class__ is not str or resume not in RESUMES:
        _fail(f"resume {short(resume)} is unknown; it is one of {RESUMES}")
    b: dict[str, Any] = {"phase": phase, "resume": resume}
    b["turn"] = _int(data["turn"], "turn", 0, P - 1)
    b["slots"] = _ints(data["slots"], "slots", 4, -1, ncards - 1)
    b["treasure"] = _rows(data["treasure"], "treasure", 4, NC, 0, big)
    fighters = data["fighters"]
    if fighters.__class__ is not list or len(fighters) != 4:
        _fail("fighters must be a list of 4 lists")
    b["fighters"] = tuple(_ints(f, "fighters", None, 0, 4 * P - 1) for f in fighters)
    b["advs"] = _rows(data["advs"], "advs", P, 4, -2, 3)
    b["deck"] = _ints(data["deck"], "deck", None, 0, ncards - 1)
    b["gone"] = _ints(data["gone"], "gone", None, 0, ncards - 1)
    if list(b["deck"]) != sorted(set(b["deck"])) or list(b["gone"]) != sorted(set(b["gone"])):
        _fail("deck and gone must list distinct cards in sorted order")
    b["drawn"] = _int(data["drawn"], "drawn", 0, ncards)
    b["market"] = _int(data["market"], "market", 0, 1)
    b["bag"] = _ints(data["bag"], "bag", NC, 0, big)
    b["out"] = _ints(data["out"], "out", NC, 0, big)
    b["screens"] = _rows(data["screens"], "screens", P, NC, 0, big)
    known = data["known"]
    if known.__class__ is not list or len(known) != P + 1:
        _fail(f"known must be a list of {P + 1} rows")
    b["known"] = tuple(_rows(r, "known", P, NC, 0, big) for r in known)
    b["hands"] = _rows(data["hands"], "hands", P, nk, 0, 100)
    b["item_deck"] = _ints(data["item_deck"], "item_deck", nk, 0, 100)
    b["discard"] = _ints(data["discard"], "discard", nk, 0, 100)
    b["target"] = _int(data["target"], "target", -1, 3)
    b["pending"] = _int(data["pending"], "pending", 0, big)
    due = data["items_due"]
    if due.__class__ is not list:
        _fail("items_due must be a list of [seat, count] pairs")
    b["items_due"] = tuple(tuple(_ints(x, "items_due", 2, 0, 100)) for x in due)
    if any(s >= P or n < 1 for s, n in b["items_due"]):
        _fail("items_due pairs must name a seat and a count >= 1")
    b["involved"] = _ints(data["involved"], "involved", None, 0, P - 1)
    if list(b["involved"]) != sorted(set(b["involved"])):
        _fail("involved must list distinct seats in order")
    parts = data["parts"]
    if parts.__class__ is not list or len(parts) > P:
        _fail("parts must be a list of at most one share per player")
    b["parts"] = tuple(_ints(x, "parts", NC, 0, big) for x in parts)
    b["budget"] = _int(data["budget"], "budget", 0, 30)
    b["proposer"] = _int(data["proposer"], "proposer", -1, P - 1)
    b["order"] = _ints(data["order"], "order", None, 0, P - 1)
    b["owners"] = _ints(data["owners"], "owners", None, -1, P - 1)
    b["thieves"] = _ints(data["thieves"], "thieves", None, 0, P - 1)
    b["victim"] = _int(data["victim"], "victim", -1, P - 1)
    b["offers"] = _ints(data["offers"], "offers", None, 0, 10)
    b["offer"] = _ints(data["offer"], "offer", NC, 0, big)
    b["ask"] = _ints(data["ask"], "ask", NC, 0, big)
    b["partner"] = _int(data["partner"], "partner", -1, P - 1)
    state = DragonsGoldState(game, **b)

    # every component exactly once
    counted, expected = state.components(), game.components()
    for key, want in expected.items():
        if counted[key] != want:
            _fail(f"{counted[key]} {key} are placed; there are {want}")
    cards = [c for c in b["slots"] if c >= 0] + list(b["deck"]) + list(b["gone"])
    if len(set(cards)) != ncards:
        _fail(f"each of the {ncards} dragon cards must be on the table, in the deck or gone")
    # adventurers and fighters agree
    for i, codes in enumerate(b["fighters"]):
        if codes and b["slots"][i] < 0:
            _fail(f"adventurers fight at place {i + 1}, where no dragon lies")
        for c in codes:
            if b["advs"][c // 4][c % 4] != i:
                _fail(f"fighter {c} at place {i + 1} is not marked as fighting there")
    for p in range(P):
        for a in range(4):
            s = b["advs"][p][a]
            if s >= 0 and p * 4 + a not in b["fighters"][s]:
                _fail(
                    f"player {p + 1}'s {ADVENTURERS[a]} is marked at place {s + 1} but is not there"
                )
    screens = b["screens"]
    flat_screens = list(chain.from_iterable(screens))
    for s, row in enumerate(b["known"]):
        if s < P and any(row[s]):
            _fail("a seat's knowledge of its own screen is not stored (must be zeros)")
        if row != screens and not all(map(le, chain.from_iterable(row), flat_screens)):
            p = next(p for p in range(P) if not _leq(row[p], screens[p]))
            _fail(f"seat {s + 1} is sure of tokens that are not behind player {p + 1}'s screen")
    if not game.use_items and (any(b["item_deck"]) or any(map(any, b["hands"]))):
        _fail("without items nobody holds or draws an item")
    # the context of the phase
    mover = None
    if phase in ("token", "card") and (
        b["target"] < 0 or resume not in ("setup", "replace", "kill")
    ):
        _fail(f"phase {phase} needs a dragon place (target) and where it goes on (resume)")
    if phase == "card" and (b["slots"][b["target"]] >= 0 or not b["deck"] or not any(b["bag"])):
        _fail("a dragon is revealed only onto an empty place while the deck and bag hold some")
    if phase == "token" and (b["pending"] < 1 or not any(b["bag"]) or b["slots"][b["target"]] < 0):
        _fail("a token is drawn only onto a dragon, from a bag that holds one, with draws pending")
    if phase == "item" and (not b["items_due"] or not any(b["item_deck"])):
        _fail("an item is drawn only when one is due and the item deck holds one")
    if phase in ("build", "answer", "divide", "choose", "swap"):
        if len(b["involved"]) < 2 or b["target"] < 0 or len(b["parts"]) != len(b["involved"]):
            _fail(f"phase {phase} needs the involved players, the dragon and one part each")
        total = b["treasure"][b["target"]]
        for part in b["parts"]:
            total = _sub(total, part)
        if min(total) < 0:
            _fail("the parts hand out more tokens than the treasure holds")
        if phase in ("answer", "choose", "swap") and any(total):
            _fail(f"in phase {phase} every token of the treasure is handed out")
        mover = (
            b["proposer"]
            if phase in ("build", "divide")
            else (b["order"][0] if b["order"] else None)
        )
        if phase in ("build", "divide") and b["proposer"] not in b["involved"]:
            _fail("the proposer or splitter must be involved")
        if phase == "choose" and len(b["owners"]) != len(b["parts"]):
            _fail("phase choose needs an owner entry per pile")
    if phase in ("victim", "ward", "pick", "steal"):
        if not b["thieves"] or b["target"] < 0:
            _fail(f"phase {phase} needs a thief")
        if phase != "victim" and (
            b["victim"] not in b["involved"] or b["victim"] == b["thieves"][0]
        ):
            _fail("the robbed player must be another involved player")
        if phase in ("steal", "pick", "ward") and not any(b["screens"][b["victim"]]):
            _fail("the robbed player must hold a token")
    if phase in MARKET_PHASES:
        if len(b["offers"]) != P or not b["order"]:
            _fail("the market needs the offers left per player and who is in it")
        if b["target"] != -1 or b["market"] != 1:
            _fail("at the market no dragon is being fought over (target -1) and market is 1")
        given, asked = b["offer"], b["ask"]
        if phase == "market" and (any(given) or any(asked) or b["partner"] >= 0):
            _fail("phase market starts an offer: nothing is offered or asked yet")
        if phase != "market":
            maker = b["order"][0]
            if not any(given) and not any(asked):
                _fail(f"phase {phase} needs an offer that gives or asks something")
            if any(x and y for x, y in zip(given, asked, strict=True)):
                _fail("an offer gives and asks for the same colour")
            if not _leq(given, b["screens"][maker]):
                _fail("the offer gives tokens its maker does not hold")
            others = ZERO
            for q in range(P):
                if q != maker:
                    others = _add(others, b["screens"][q])
            # while the offer is built, its maker may ask only for what the others hold between
            # them; once it is made, the asked player simply cannot accept what it lacks (and a
            # seat that cannot see the maker's screen may deal it what was asked for)
            if phase == "offer" and not _leq(asked, others):
                _fail("the offer asks for more tokens than the other players hold")
        if phase == "offer" and b["partner"] >= 0:
            _fail("an offer being built has no partner yet")
        if phase == "reply" and (
            not any(given) or not any(asked) or b["partner"] in (-1, b["order"][0])
        ):
            _fail(
                "phase reply needs an offer that gives and asks something, made to another player"
            )
    elif b["offers"] or any(b["offer"]) or any(b["ask"]) or b["partner"] >= 0:
        _fail("offers exist only at the market")
    if phase in ("answer", "choose", "swap", "market", "offer") and not b["order"]:
        _fail(f"phase {phase} needs someone to decide (order)")
    if phase == "turn" and UP not in b["advs"][b["turn"]]:
        _fail("the player to move must have a face-up adventurer")
    if phase == "over" and any(s >= 0 for s in b["slots"]):
        _fail("the game is over only when no dragon is left on the table")
    if phase != "over" and phase not in ("card",) and all(s < 0 for s in b["slots"]):
        if phase not in ("token",):
            _fail("with no dragon on the table the game is over")
    if state.current_player() >= 0 and not state.legal_actions():
        _fail(f"nobody could move in phase {phase}")
    del mover
    return state
