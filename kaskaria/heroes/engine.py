"""Heroes of Kaskaria: the whole rulebook as an immutable state machine with exact chance.

**Cards.** Every card other than the waterfall is a *kind*: a colour and a motif (``blue
griffin``, ``orange gold``). A kind is a small number ``colour * 4 + motif`` (motifs in the order
griffin, runner, gold, plus2); hands and the set being played are sorted tuples of kinds; the
draw pile and the discard pile are tuples of counts per kind. Cards of one kind cannot be told
apart, so nothing else is needed.

**The draw pile and the waterfall (the exact model).** The order of the pile is known to no one
and is never part of the state: a card coming off the pile is a chance event over the *kinds* left
in it, each with probability ``count / cards in the pile``. The waterfall card is the one card
whose place matters. When it is put into the pile (at set-up: somewhere in the bottom half; after
a reshuffle: anywhere), its place is a chance event of its own, uniform over the allowed places,
written ``waterfall below 27`` (27 cards lie above it). The state keeps that number as ``above``
and counts it down with every card taken from the pile; the next card is the waterfall exactly
when ``above`` is 0, and then it is the only outcome. Because the place of the waterfall is chosen
independently of the order of the other cards, the cards above it are a uniformly random part of
the pile, so the kinds stay exact.

No player knows ``above``. What the table knows is an interval: right after the waterfall went in,
every allowed place was equally likely; each card taken from the pile without the waterfall
showing rules out one place at the top. So from every seat's view the waterfall lies uniformly at
one of the places ``wf_lo .. pile size`` (``wf_lo`` is kept in the state; the upper end is always
the pile size), and the chance that the next card is the waterfall is ``1 / (pile size - wf_lo +
1)`` when ``wf_lo`` is 0, else 0. Averaged over the hidden place this is exactly the engine's own
chance (a test checks it), and :mod:`kaskaria.heroes.odds` computes it from a seat's view.

When the waterfall shows (drawn by a player or while refilling the display), the game stops: the
waterfall, the discard pile and the draw pile become one new pile, the waterfall's new place is
dealt (``waterfall below k`` for ``k`` from 0 to the number of other cards, uniformly), and the
interrupted draw or refill goes on from the new pile (which may even show the waterfall again).

**Phases** (``state.phase``): ``deal`` (chance: a card from the pile to a hand, at set-up),
``lay`` (chance: a card to the display, at set-up), ``bury`` (chance: the waterfall's place),
``turn`` (a player draws, takes from the display or plays a set), ``draw`` (chance: a card from
the pile to the hand of the player to move), ``refill`` (chance: a card from the pile to an empty
place of the display), ``choose`` (the player picks where each card of a '+2' comes from),
``over``.

**Hidden information.** A card from the pile to a hand is seen only by its owner (``reveal ?`` to
everyone else); the waterfall's place is seen by no one (``waterfall below ?``). A card taken from
the face-up display is publicly known to be in that hand until its owner plays a card of that
kind: ``known`` keeps that public knowledge, so observations and :meth:`HeroesState.resample_hidden`
respect it. :func:`sample_state` deals a full state from a seat's observation alone (what bots use
to plan over what they cannot see).

**Notation.** Decisions: ``draw pile``, ``take display 2``, ``play blue griffin gold gold plus2``
(motifs in the order griffin, runner, gold, plus2), ``plus2 pile``, ``plus2 display 1`` and, only
when nothing else is possible (never with the printed deck), ``pass``. Chance: ``reveal orange
gold``, ``waterfall``, ``waterfall below 27``.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, compress
from operator import itemgetter
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
    draft_class,
    pick_outcome,
    whole_word,
)
from ..i18n import Phrase, register_loader
from ..i18n import text as _t
from ..validate import quote, short
from .rules import MOTIFS, OPTION_TABLE, OVERRIDES, RULES, VARIANTS, HeroesRules

__all__ = [
    "DRAW_PILE",
    "GAME_TYPE",
    "NAME",
    "PASS",
    "PLUS2_PILE",
    "WATERFALL",
    "Heroes",
    "HeroesState",
    "sample_state",
]

NAME = "heroes"
GRIFFIN, RUNNER, GOLD, PLUS2 = range(4)
_MOTIF_INDEX = {m: i for i, m in enumerate(MOTIFS)}

GAME_TYPE = GameType(
    name=NAME,
    title="Heroes of Kaskaria",
    min_players=2,
    max_players=4,
    variants=tuple(VARIANTS),
    information="imperfect",
    score_unit="gold",
    automatic_chance=frozenset({"deal", "refill", "waterfall"}),
    shown_chance=frozenset({"draw"}),
    max_actions=20_000,
)

DRAW_PILE = Action("draw", ("pile",))
PLUS2_PILE = Action("plus2", ("pile",))
WATERFALL = Action("waterfall")
PASS = Action("pass")
_ONE = Fraction(1)
_plus = int.__add__
_GENERATOR = np.random.Generator
#: one card of each motif, packed three bits per motif (the count key of a colour's sets)
_ONE_OF = (1, 8, 64, 512)
#: packed counts of a colour with fewer than two cards (no set)
_SINGLE = frozenset({0, 1, 8, 64, 512})
_CHANCE_PHASES = frozenset({"deal", "lay", "bury", "draw", "refill"})
_PHASES = ("deal", "lay", "bury", "turn", "draw", "refill", "choose", "over")
_CHANCE_KIND = {
    "deal": "deal",
    "lay": "deal",
    "bury": "waterfall",
    "draw": "draw",
    "refill": "refill",
}
_NOTATION = (
    "actions are: draw pile, take display <n>, play <colour> <motif> <motif> ..., plus2 pile, "
    "plus2 display <n>, pass; chance: reveal <colour> <motif>, waterfall, waterfall below <n>"
)


def _load_messages() -> None:
    from . import messages  # noqa: F401  (registers the tables)


register_loader(NAME, _load_messages)


def colour_word(colour: str, lang: str = "en") -> str:
    """A card colour in ``lang`` (a colour of a teacher's own table keeps its name)."""
    try:
        return _t(NAME, f"colour.{colour}", lang)
    except KeyError:
        return colour


def card_word(colour: str, motif: str, lang: str = "en") -> str:
    """A card in ``lang``: "blue griffin", "Schuppengreif (blau)"."""
    return _t(
        NAME, "card", lang, colour=colour_word(colour, lang), motif=_t(NAME, f"motif.{motif}", lang)
    )


def _quoted(text: str, limit: int = 60) -> str:
    """``text`` in quotes for an error message, at most ``limit + 2`` characters long: cut before
    it is quoted *and* after (the quoted form writes a character such as ``\\x1f`` as four or
    more, so text of ``limit`` characters could otherwise quote to ten times that)."""
    said = repr(quote(text, limit))
    return said if len(said) <= limit + 2 else said[: limit - 2] + "...'"


def _card_phrase(colour: str, motif: str) -> Any:
    """A card, to be put into words later in any language."""
    return lambda lang: card_word(colour, motif, lang)


@lru_cache(maxsize=4096)
def _bury_actions(lo: int, hi: int) -> tuple[Action, ...]:
    """The places of the waterfall, ``lo`` to ``hi`` cards above it, as sorted actions."""
    return tuple(sorted(Action("waterfall", ("below", str(k))) for k in range(lo, hi + 1)))


def _add(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``cards`` (sorted) with one more ``kind``, still sorted."""
    i = bisect_right(cards, kind)
    return cards[:i] + (kind,) + cards[i:]


def _remove(cards: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` without ``kinds`` (both sorted; every one of ``kinds`` is in ``cards``)."""
    out = list(cards)
    for k in kinds:
        out.remove(k)
    return tuple(out)


def _remove_some(cards: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` without those of ``kinds`` it holds (a multiset difference, floored at none)."""
    if not cards:
        return cards
    out = list(cards)
    for k in kinds:
        if k in out:
            out.remove(k)
    return tuple(out)


def _bonus(n: int, pair: int, reading: str) -> int:
    """What ``n`` cliff-runner (or gold) cards of one set are worth in the brave variant, where
    two of them are worth ``pair``: see the option ``brave_pairs``."""
    if n < 2:
        return n
    if reading == "each_pair":
        return (n // 2) * pair + n % 2
    if reading == "first_pair":
        return pair + n - 2
    return pair if n == 2 else n  # "exactly_two"


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------
class Heroes(Game):
    """Heroes of Kaskaria (HABA's Die Helden von Kaskaria) for 2-4 players.

    Variants: ``"basic"`` and ``"brave"`` (two cliff runners of a set move three fields, two gold
    cards bring five gold). Options: :data:`kaskaria.heroes.OPTIONS`. Rules-table overrides: any
    entry of :class:`~kaskaria.heroes.rules.HeroesRules` by name (``griffin_path=6``,
    ``colours=[...]``), or ``rules=`` (a whole table).
    """

    game_type = GAME_TYPE
    #: a seat's hand is its own: hot-seat tables show "pass the device" between people
    private_information = True
    #: option names a saved game may hold
    saved_options = (*OPTION_TABLE, *OVERRIDES)

    def __init__(
        self,
        players: int = 2,
        variant: str = "basic",
        seed: int | None = None,
        *,
        rules: HeroesRules | None = None,
        **options: Any,
    ) -> None:
        overrides = {k: v for k, v in options.items() if k in OVERRIDES}
        options = {k: v for k, v in options.items() if k not in OVERRIDES}
        OPTION_TABLE.check_names(options, ("rules", *OVERRIDES))
        if rules is not None and not isinstance(rules, HeroesRules):
            raise TypeError(f"rules must be a HeroesRules table, got {type(rules).__name__}")
        table = (rules or RULES).validate()
        if overrides:
            table = table.with_overrides(**overrides)
        self.rules = table
        super().__init__(players, variant, seed)
        chosen = OPTION_TABLE.resolve(options, players)
        self.first_player: int = chosen["first_player"]
        self.bottom_half: str = chosen["bottom_half"]
        self.plus2_above_limit: bool = chosen["plus2_above_limit"]
        self.gold_runs_out: str = chosen["gold_runs_out"]
        self.brave_pairs: str = chosen["brave_pairs"]
        self.final_plus2: str = chosen["final_plus2"]
        self.whole_colour: bool = chosen["whole_colour"]
        self.brave = variant == "brave"

        r = self.rules
        self.colours: tuple[str, ...] = r.colours.value
        self.per_colour = r.per_colour()
        self.kinds = 4 * len(self.colours)
        self.kind_names: tuple[str, ...] = tuple(f"{c} {m}" for c in self.colours for m in MOTIFS)
        self.kind_of: dict[str, int] = {n: k for k, n in enumerate(self.kind_names)}
        self.deck: tuple[int, ...] = tuple(
            self.per_colour[k % 4] for k in range(self.kinds)
        )  # how many cards of each kind there are
        self.cards = sum(self.deck)
        self.griffin_path: int = r.griffin_path.value
        self.runner_path: int = r.runner_path.value
        self.gold_supply: int = r.gold_supply.value
        self.amulet_gold: int = r.amulet_gold.value
        self.rank_gold: tuple[int, ...] = r.rank_gold.value
        self.start_hand: int = r.start_hand.value
        self.display_size: int = r.display_size.value
        self.hand_limit: int = r.hand_limit.value
        self.plus2_draws: int = r.plus2_draws.value
        self.brave_runner_move: int = r.brave_runner_move.value
        self.brave_gold: int = r.brave_gold.value
        # actions, shared by every state of this game
        self.reveal: tuple[Action, ...] = tuple(
            Action("reveal", (c, m)) for c in self.colours for m in MOTIFS
        )
        #: kinds in the order of their ``reveal`` actions (the order legal actions are sorted in)
        self.reveal_order: tuple[int, ...] = tuple(
            sorted(range(self.kinds), key=lambda k: self.reveal[k])
        )
        self.take: tuple[Action, ...] = tuple(
            Action("take", ("display", str(i + 1))) for i in range(self.display_size)
        )
        self.plus2_take: tuple[Action, ...] = tuple(
            Action("plus2", ("display", str(i + 1))) for i in range(self.display_size)
        )
        #: a '+2' choice with the display full and cards to draw ("display" sorts before "pile")
        self.plus2_choices: tuple[Action, ...] = (*self.plus2_take, PLUS2_PILE)
        #: the reveal actions in their sorted order, and a pile's counts in that order
        self.reveal_sorted: tuple[Action, ...] = tuple(self.reveal[k] for k in self.reveal_order)
        self.in_reveal_order: Any = itemgetter(*self.reveal_order)
        # The engine's own action objects by identity: ``apply`` finds the one it was given
        # without hashing it (an equal action built elsewhere takes the general way). Each entry
        # holds the action itself, so an id is only trusted together with the object it names.
        self._reveal_ids = {id(a): (a, k) for k, a in enumerate(self.reveal)}
        self._take_ids = {id(a): (a, i) for i, a in enumerate(self.take)}
        self._plus2_ids = {id(a): (a, i) for i, a in enumerate(self.plus2_take)}
        #: legal actions of a turn with the display full and cards to draw, by hand
        self._turn_legal: dict[tuple[int, ...], tuple[Action, ...]] = {}
        self._play_ids: dict[tuple[int, ...], dict[int, tuple[Action, tuple[int, ...]]]] = {}
        #: the keys of components() for each kind ("blue griffin cards")
        self.card_keys: tuple[str, ...] = tuple(f"{n} cards" for n in self.kind_names)
        self._components = {
            "cards": self.cards + 1,
            "waterfall": 1,
            **dict(zip(self.card_keys, self.deck, strict=True)),
            "gold": self.gold_supply,
            "amulet": 1,
            "griffins": players,
            "runners": players,
        }
        self._names_of: dict[tuple[int, ...], tuple[str, ...]] = {}
        self._identity = super().identity()
        self._plays: dict[tuple[int, ...], dict[Action, tuple[int, ...]]] = {}
        self._by_colour: dict[tuple[int, int], Any] = {}
        self._colour_index = {c: i for i, c in enumerate(self.colours)}
        #: the kind of each reveal action
        self.reveal_kind: dict[Action, int] = {a: k for k, a in enumerate(self.reveal)}
        self._colours_by_name = tuple(
            sorted(range(len(self.colours)), key=self.colours.__getitem__)
        )
        self._name_rank = {c: r for r, c in enumerate(self._colours_by_name)}
        self._play_actions: dict[tuple[int, ...], tuple[Action, ...]] = {}
        self._empty_counts = (0,) * self.kinds

    def player_range(self) -> tuple[int, int]:
        rules = getattr(self, "rules", None) or RULES
        lo, hi = rules.player_counts.value
        return lo, hi

    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {
            "first_player": self.first_player,
            "bottom_half": self.bottom_half,
            "plus2_above_limit": self.plus2_above_limit,
            "gold_runs_out": self.gold_runs_out,
            "brave_pairs": self.brave_pairs,
            "final_plus2": self.final_plus2,
            "whole_colour": self.whole_colour,
        }
        opts.update(self.rules.overrides_from(RULES))
        return opts

    def components(self) -> dict[str, int]:
        return dict(self._components)

    def identity(self) -> tuple[Any, ...]:
        return self._identity  # the rules and options never change: computed once

    def tournament_stats(self, state: Any) -> dict[str, tuple]:
        return {
            "gold_in_play": tuple(g + s for g, s in zip(state.gold, state.stand_ins, strict=True)),
            "final_scoring": state.final_scoring(),
        }

    # -- the tables the states share ---------------------------------------------------------
    def plays(self, hand: tuple[int, ...]) -> dict[Action, tuple[int, ...]]:
        """Every set ``hand`` can play, as ``{play action: the kinds it plays}``."""
        found = self._plays.get(hand)
        if found is None:
            found = {}
            for action in self.play_actions(hand):
                found[action] = self.play_kinds(hand, action)  # type: ignore[assignment]
            if len(self._plays) > 100_000:
                self._plays.clear()
            self._plays[hand] = found
        return found

    def play_actions(self, hand: tuple[int, ...]) -> tuple[Action, ...]:
        """The play actions of ``hand``, sorted (built from the sets of each colour)."""
        found = self._play_actions.get(hand)
        if found is None:
            packed: dict[int, int] = {}
            for k in hand:
                c = k >> 2
                packed[c] = packed.get(c, 0) + _ONE_OF[k & 3]
            sets = [c for c, counts in packed.items() if counts not in _SINGLE]
            if not sets:
                found = ()
            elif len(sets) == 1:
                found = self._colour_plays(sets[0], packed[sets[0]])[0]
            else:
                sets.sort(key=self._name_rank.__getitem__)  # the order play actions sort in
                parts: list[Action] = []
                for c in sets:
                    parts += self._colour_plays(c, packed[c])[0]
                found = tuple(parts)
            if len(self._play_actions) > 200_000:
                self._play_actions.clear()
            self._play_actions[hand] = found
        return found

    def play_index(self, hand: tuple[int, ...]) -> dict[int, tuple[Action, tuple[int, ...]]]:
        """The sets ``hand`` can play by the identity of their actions: ``{id(action): (action,
        the kinds it plays)}`` (trust an entry only if it holds the very action looked up)."""
        found = self._play_ids.get(hand)
        if found is None:
            found = {id(a): (a, kinds) for a, kinds in self.plays(hand).items()}
            if len(self._play_ids) > 100_000:
                self._play_ids.clear()
            self._play_ids[hand] = found
        return found

    def play_kinds(self, hand: tuple[int, ...], action: Action) -> tuple[int, ...] | None:
        """The kinds the play ``action`` takes from ``hand``, or None if it cannot be played."""
        args = action.args
        c = self._colour_index.get(args[0]) if args.__class__ is tuple and args else None
        if c is None:
            return None
        counts = 0
        for k in hand:
            if k >> 2 == c:
                counts += _ONE_OF[k & 3]
        if counts in _SINGLE:
            return None
        return self._colour_plays(c, counts)[1].get(action)

    @staticmethod
    def _picks(counts: tuple[int, ...], whole: bool) -> list[tuple[int, ...]]:
        if whole:
            return [counts]
        return [
            (a, b, g, p)
            for a in range(counts[0] + 1)
            for b in range(counts[1] + 1)
            for g in range(counts[2] + 1)
            for p in range(counts[3] + 1)
            if a + b + g + p >= 2
        ]

    def _colour_plays(
        self, c: int, packed: int
    ) -> tuple[tuple[Action, ...], dict[Action, tuple[int, ...]]]:
        """The sets of colour ``c`` a hand can play that holds ``packed`` cards of each motif
        (three bits per motif): the sorted actions and the kinds each plays."""
        key = (c, packed)
        found = self._by_colour.get(key)
        if found is None:
            counts = tuple((packed >> (3 * m)) & 7 for m in range(4))
            colour = self.colours[c]
            pairs = []
            for pick in self._picks(counts, self.whole_colour):
                words: list[str] = []
                kinds: list[int] = []
                for m in range(4):
                    words += [MOTIFS[m]] * pick[m]
                    kinds += [4 * c + m] * pick[m]
                pairs.append((Action("play", (colour, *words)), tuple(kinds)))
            pairs.sort()
            found = (tuple(a for a, _ in pairs), dict(pairs))
            self._by_colour[key] = found
        return found

    def names_of_counts(self, counts: tuple[int, ...]) -> tuple[str, ...]:
        """The card names of a tuple of counts per kind, in kind order (kept for reuse)."""
        found = self._names_of.get(counts)
        if found is None:
            out: list[str] = []
            for name, n in zip(self.kind_names, counts, strict=True):
                if n == 1:
                    out.append(name)
                elif n:
                    out += [name] * n
            found = tuple(out)
            if len(self._names_of) > 100_000:
                self._names_of.clear()
            self._names_of[counts] = found
        return found

    def waterfall_floor(self, pile: int) -> int:
        """The fewest cards that lie above the waterfall when it goes into a pile of ``pile``
        cards at set-up (the option ``bottom_half``)."""
        return (pile + 1) // 2 if self.bottom_half == "round_up" else pile // 2

    # -- states ------------------------------------------------------------------------------
    def new_state(self) -> HeroesState:
        """The state before set-up: the cards are dealt (chance) before the first turn."""
        p = self.players
        return _make(
            self,
            "deal" if self.start_hand else "lay",
            self.first_player,
            ((),) * p,
            ((),) * p,
            (-1,) * self.display_size,
            self.deck,
            -1,
            0,
            self._empty_counts,
            (),
            0,
            "",
            (0,) * p,
            (0,) * p,
            (0,) * p,
            (0,) * p,
            self.gold_supply,
            -1,
            0,
            self.cards,
            0,
        )

    def state_from_dict(self, data: Any) -> HeroesState:
        """Rebuild a position from ``state.to_dict()`` output, checking that the rules can reach
        it (see :meth:`HeroesState.from_dict`)."""
        return _state_from_dict(self, data)


# ---------------------------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, repr=False)
class HeroesState(State):
    """One moment of a game of Heroes of Kaskaria. Immutable and hashable.

    ``hands``: each seat's cards (sorted kinds); ``known``: the cards of each hand that everyone
    knows are there (taken from the display); ``display``: the kind in each place of the display
    (-1: empty); ``pile`` and ``discard``: counts per kind; ``above``: cards above the waterfall
    in the pile (-1: the waterfall is not in the pile); ``wf_lo``: the fewest cards that may lie
    above it as far as anyone can tell; ``played``: the set whose actions are being carried out;
    ``draws_left``: cards still to take for '+2' cards; ``resume``: the phase a reshuffle
    interrupted; ``griffins``/``runners``: fields each figure has moved; ``gold``: pieces each
    seat holds, ``stand_ins``: stand-in pieces (option ``gold_runs_out``); ``supply``: pieces left;
    ``amulet``: the seat holding it (-1: on the volcano); ``turns``: turns finished.
    """

    game: Heroes = field(repr=False)
    phase: str
    player: int
    hands: tuple[tuple[int, ...], ...]
    known: tuple[tuple[int, ...], ...]
    display: tuple[int, ...]
    pile: tuple[int, ...]
    above: int
    wf_lo: int
    discard: tuple[int, ...]
    played: tuple[int, ...]
    draws_left: int
    resume: str
    griffins: tuple[int, ...]
    runners: tuple[int, ...]
    gold: tuple[int, ...]
    stand_ins: tuple[int, ...]
    supply: int
    amulet: int
    turns: int
    #: cards in the draw pile and the discard pile (derived from ``pile``/``discard``)
    pile_size: int = field(compare=False, hash=False)
    discard_size: int = field(compare=False, hash=False)
    _legal: Any = field(default=None, init=False, compare=False, hash=False, repr=False)

    # -- who decides -----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == "turn" or phase == "choose":
            return self.player
        if phase == "over":
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase in _CHANCE_PHASES

    def chance_kind(self) -> str:
        """``"deal"`` (set-up), ``"draw"`` (a player's card from the pile: a learner watches),
        ``"refill"`` (the display is refilled) or ``"waterfall"`` (the waterfall's place)."""
        kind = _CHANCE_KIND.get(self.phase)
        if kind is None:
            raise IllegalActionError(f"no chance event is due (phase {self.phase!r})")
        return kind

    # -- what may be done ------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            _s__legal(self, legal)
        return legal

    def _available(self) -> bool:
        """Is there a card to draw (in the draw pile, or in the discard pile to shuffle in)?"""
        return self.pile_size + self.discard_size > 0

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        g = self.game
        if phase == "turn":
            hand = self.hands[self.player]
            if len(hand) >= g.hand_limit:
                return g.play_actions(hand)
            if -1 not in self.display and self.pile_size + self.discard_size > 0:
                # the usual turn: what it allows depends on the hand alone
                legal = g._turn_legal.get(hand)
                if legal is None:
                    legal = (DRAW_PILE, *g.play_actions(hand), *g.take)
                    if len(g._turn_legal) > 100_000:
                        g._turn_legal.clear()
                    g._turn_legal[hand] = legal
                return legal
            plays = g.play_actions(hand)
            take = tuple(g.take[i] for i, k in enumerate(self.display) if k >= 0)
            if self.pile_size + self.discard_size > 0:
                legal = (DRAW_PILE, *plays, *take)
            else:
                legal = (*plays, *take)
            return legal or (PASS,)
        if phase == "choose":
            available = self.pile_size + self.discard_size > 0
            if available and -1 not in self.display:
                return g.plus2_choices  # the usual choice: every place, or the pile
            take = tuple(g.plus2_take[i] for i, k in enumerate(self.display) if k >= 0)
            if available:
                return (*take, PLUS2_PILE)  # "display" sorts before "pile"
            return take
        if phase == "bury":
            return _bury_actions(self.wf_lo, self.pile_size)
        if phase == "over":
            return ()
        if self.above == 0:
            return (WATERFALL,)
        return tuple(compress(g.reveal_sorted, g.in_reveal_order(self.pile)))

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Every outcome of the chance event due now, exactly; they sum to 1."""
        phase = self.phase
        if phase not in _CHANCE_PHASES:
            raise IllegalActionError(
                f"no chance event is due: it is player {self.player + 1}'s decision "
                f"(phase {phase!r})"
            )
        legal = self.legal_actions()
        if phase == "bury":
            p = Fraction(1, len(legal))
            return tuple((a, p) for a in legal)
        if self.above == 0:
            return ((WATERFALL, _ONE),)
        n = self.pile_size
        pile = self.pile
        return tuple(
            (self.game.reveal[k], Fraction(pile[k], n)) for k in self.game.reveal_order if pile[k]
        )

    def sample_chance(self, rng: np.random.Generator) -> Action:
        """One chance outcome picked by ``rng`` with exactly its probability: the same pick as
        ``pick_outcome(self.chance_outcomes(), rng)``, without building the fractions."""
        phase = self.phase
        if rng.__class__ is not _GENERATOR or phase not in _CHANCE_PHASES:
            return pick_outcome(self.chance_outcomes(), rng)
        if phase == "bury":
            legal = self.legal_actions()
            return legal[int(rng.integers(len(legal)))]
        if self.above == 0:
            rng.integers(1)
            return WATERFALL
        pile = self.pile
        n = self.pile_size
        common = math.gcd(n, *pile)  # the outcomes' common denominator is n / common
        r = int(rng.integers(n // common)) * common
        # the first kind (in sorted order) whose running count passes r
        g = self.game
        return g.reveal_sorted[bisect_right(list(accumulate(g.in_reveal_order(pile))), r)]

    # -- applying --------------------------------------------------------------------------
    def apply(self, action: Action | str) -> HeroesState:
        """The state after ``action`` (an :class:`Action` or its text). This state is unchanged."""
        if action.__class__ is not Action:
            action = self.to_action(action)
        phase = self.phase
        verb = action.verb
        g = self.game
        if phase == "turn":
            if verb == "play":
                hand = self.hands[self.player]
                entry = g.play_index(hand).get(id(action))
                if entry is not None and entry[0] is action:
                    return self._play(entry[1])
                try:
                    kinds = g.play_kinds(hand, action)
                except TypeError:  # words that are not text (reported below)
                    kinds = None
                if kinds is not None:
                    return self._play(kinds)
            elif len(self.hands[self.player]) < g.hand_limit:
                if action is DRAW_PILE or action == DRAW_PILE:
                    if self.pile_size + self.discard_size > 0:
                        return self._to_draw(0)
                elif verb == "take":
                    found = g._take_ids.get(id(action))
                    if found is not None and found[0] is action:
                        slot = found[1] if self.display[found[1]] >= 0 else -1
                    else:
                        slot = self._filled_slot(action.args, "take")
                    if slot >= 0:
                        return self._take(slot, 0)
                elif action == PASS and self.legal_actions() == (PASS,):
                    return self._end_turn()
            elif action == PASS and self.legal_actions() == (PASS,):  # pragma: no cover
                return self._end_turn()
        elif phase == "choose":
            if action is PLUS2_PILE or action == PLUS2_PILE:
                if self.pile_size + self.discard_size > 0:
                    return self._to_draw(self.draws_left - 1)
            elif verb == "plus2":
                found = g._plus2_ids.get(id(action))
                if found is not None and found[0] is action:
                    slot = found[1] if self.display[found[1]] >= 0 else -1
                else:
                    slot = self._filled_slot(action.args, "plus2")
                if slot >= 0:
                    return self._take(slot, self.draws_left - 1)
        elif phase == "bury":
            args = action.args
            if (
                action.verb == "waterfall"
                and args.__class__ is tuple
                and len(args) == 2
                and args[0] == "below"
                and (k := whole_word(args[1])) is not None
                and args[1] == str(k)
                and self.wf_lo <= k <= self.pile_size
            ):
                return self._but(self.resume, above=k, resume="")
        elif phase in _CHANCE_PHASES:
            if self.above == 0:
                if action is WATERFALL or action == WATERFALL:
                    return self._reshuffle()
            elif verb == "reveal":
                found = g._reveal_ids.get(id(action))
                if found is not None and found[0] is action:
                    kind: int | None = found[1]
                else:
                    try:
                        kind = g.reveal_kind.get(action)
                    except TypeError:  # words that are not text (reported below)
                        kind = None
                if kind is not None and self.pile[kind]:
                    return self._reveal(kind)
        self._check_well_formed(action)
        raise self.illegal(action)

    def _filled_slot(self, args: Any, verb: str) -> int:
        """The display place ``args`` (``("display", "2")``) names if it holds a card, else -1."""
        g = self.game
        actions = g.take if verb == "take" else g.plus2_take
        for i, k in enumerate(self.display):
            if k >= 0 and actions[i].args == args:
                return i
        return -1

    # -- transitions -----------------------------------------------------------------------
    def _but(
        self,
        phase: str,
        *,
        player: int | None = None,
        hands: tuple[tuple[int, ...], ...] | None = None,
        known: tuple[tuple[int, ...], ...] | None = None,
        display: tuple[int, ...] | None = None,
        pile: tuple[int, ...] | None = None,
        above: int | None = None,
        wf_lo: int | None = None,
        discard: tuple[int, ...] | None = None,
        played: tuple[int, ...] | None = None,
        draws_left: int | None = None,
        resume: str | None = None,
        pile_size: int | None = None,
        discard_size: int | None = None,
    ) -> HeroesState:
        """A new state in ``phase`` with the given fields changed (the hottest path)."""
        return _make(
            self.game,
            phase,
            self.player if player is None else player,
            self.hands if hands is None else hands,
            self.known if known is None else known,
            self.display if display is None else display,
            self.pile if pile is None else pile,
            self.above if above is None else above,
            self.wf_lo if wf_lo is None else wf_lo,
            self.discard if discard is None else discard,
            self.played if played is None else played,
            self.draws_left if draws_left is None else draws_left,
            self.resume if resume is None else resume,
            self.griffins,
            self.runners,
            self.gold,
            self.stand_ins,
            self.supply,
            self.amulet,
            self.turns,
            self.pile_size if pile_size is None else pile_size,
            self.discard_size if discard_size is None else discard_size,
        )

    def _to_draw(self, draws_left: int) -> HeroesState:
        """This state in phase ``draw`` with ``draws_left`` (the player draws from the pile)."""
        return _make(
            self.game,
            "draw",
            self.player,
            self.hands,
            self.known,
            self.display,
            self.pile,
            self.above,
            self.wf_lo,
            self.discard,
            self.played,
            draws_left,
            self.resume,
            self.griffins,
            self.runners,
            self.gold,
            self.stand_ins,
            self.supply,
            self.amulet,
            self.turns,
            self.pile_size,
            self.discard_size,
        )

    def _reveal(self, kind: int) -> HeroesState:
        """A card of ``kind`` comes off the pile and goes where the phase says."""
        pile = self.pile
        pile = pile[:kind] + (pile[kind] - 1,) + pile[kind + 1 :]
        above, wf_lo = self.above, self.wf_lo
        if above > 0:
            above -= 1
            if wf_lo:
                wf_lo -= 1
        phase = self.phase
        g = self.game
        if phase == "deal" or phase == "draw":
            p = self.player
            hands = self.hands[:p] + (_add(self.hands[p], kind),) + self.hands[p + 1 :]
            if phase == "deal":
                dealt = sum(map(len, hands))
                if dealt < g.players * g.start_hand:
                    return self._but(
                        "deal",
                        player=(p + 1) % g.players,
                        hands=hands,
                        pile=pile,
                        pile_size=self.pile_size - 1,
                    )
                return self._but(
                    "lay",
                    player=g.first_player,
                    hands=hands,
                    pile=pile,
                    pile_size=self.pile_size - 1,
                )._after_lay()
            if not self.draws_left and not self.played and -1 not in self.display:
                return self._next_turn(hands, pile, above, wf_lo, self.display)  # the usual draw
            return self._but(
                phase,
                hands=hands,
                pile=pile,
                above=above,
                wf_lo=wf_lo,
                pile_size=self.pile_size - 1,
            )._after_card()
        slot = self.display.index(-1)
        display = self.display[:slot] + (kind,) + self.display[slot + 1 :]
        if (
            phase == "refill"
            and not self.draws_left
            and not self.played
            and -1 not in display
            and self.amulet < 0
        ):
            return self._next_turn(self.hands, pile, above, wf_lo, display)  # the usual refill
        state = self._but(
            phase,
            display=display,
            pile=pile,
            above=above,
            wf_lo=wf_lo,
            pile_size=self.pile_size - 1,
        )
        if phase == "lay":
            return state._after_lay()
        return state._after_card()

    def _after_lay(self) -> HeroesState:
        """At set-up, once the hands are dealt: lay out the display, then put in the waterfall."""
        if -1 in self.display and self.pile_size:
            return self if self.phase == "lay" else self._but("lay")
        return self._but(
            "bury", above=-1, wf_lo=self.game.waterfall_floor(self.pile_size), resume="turn"
        )

    def _reshuffle(self) -> HeroesState:
        """The waterfall showed: it, the discard pile and the draw pile become one new pile."""
        pile = tuple(a + b for a, b in zip(self.pile, self.discard, strict=True))
        return self._but(
            "bury",
            pile=pile,
            discard=self.game._empty_counts,
            above=-1,
            wf_lo=0,
            resume=self.phase,
            pile_size=self.pile_size + self.discard_size,
            discard_size=0,
        )

    def _take(self, slot: int, draws_left: int) -> HeroesState:
        """The player takes the display card in ``slot`` (everyone sees which)."""
        kind = self.display[slot]
        p = self.player
        hands = self.hands[:p] + (_add(self.hands[p], kind),) + self.hands[p + 1 :]
        known = self.known[:p] + (_add(self.known[p], kind),) + self.known[p + 1 :]
        display = self.display[:slot] + (-1,) + self.display[slot + 1 :]
        if self.pile_size + self.discard_size > 0:  # the display is refilled at once
            return _make(
                self.game,
                "refill",
                p,
                hands,
                known,
                display,
                self.pile,
                self.above,
                self.wf_lo,
                self.discard,
                self.played,
                draws_left,
                self.resume,
                self.griffins,
                self.runners,
                self.gold,
                self.stand_ins,
                self.supply,
                self.amulet,
                self.turns,
                self.pile_size,
                self.discard_size,
            )
        return self._but(
            "turn", hands=hands, known=known, display=display, draws_left=draws_left
        )._after_card()

    def _next_turn(
        self,
        hands: tuple[tuple[int, ...], ...],
        pile: tuple[int, ...],
        above: int,
        wf_lo: int,
        display: tuple[int, ...],
    ) -> HeroesState:
        """The next player's turn right after a card came off the pile, when nothing else is
        pending (no set being played, no '+2' draw left, the display full, the game not over):
        the same as landing the card and ending the turn, built in one step."""
        return _make(
            self.game,
            "turn",
            (self.player + 1) % self.game.players,
            hands,
            self.known,
            display,
            pile,
            above,
            wf_lo,
            self.discard,
            (),
            0,
            "",
            self.griffins,
            self.runners,
            self.gold,
            self.stand_ins,
            self.supply,
            self.amulet,
            self.turns + 1,
            self.pile_size - 1,
            self.discard_size,
        )

    def _after_card(self) -> HeroesState:
        """What comes once a card has landed (or a draw found none): refill the display, the
        next '+2' draw, or the end of the turn."""
        available = self.pile_size + self.discard_size > 0
        if available and -1 in self.display:
            return self if self.phase == "refill" else self._but("refill")
        left = self.draws_left
        if left:
            g = self.game
            full = not g.plus2_above_limit and len(self.hands[self.player]) >= g.hand_limit
            if not full and (available or any(k >= 0 for k in self.display)):
                return self._but("choose")
        return self._end_turn()

    def _play(self, kinds: tuple[int, ...]) -> HeroesState:
        """Play the set ``kinds`` and carry out every card's action at once; then what comes
        after a card (:meth:`_after_card`), built as one state."""
        g = self.game
        p = self.player
        counts = [0, 0, 0, 0]
        for k in kinds:
            counts[k & 3] += 1
        n_griffin, n_runner, n_gold, n_plus2 = counts
        if g.brave:
            n_runner = _bonus(n_runner, g.brave_runner_move, g.brave_pairs)
            n_gold = _bonus(n_gold, g.brave_gold, g.brave_pairs)
        griffin = min(self.griffins[p] + n_griffin, g.griffin_path)
        runner = min(self.runners[p] + n_runner, g.runner_path)
        griffins = self.griffins[:p] + (griffin,) + self.griffins[p + 1 :]
        runners = self.runners[:p] + (runner,) + self.runners[p + 1 :]
        amulet = self.amulet
        if griffin == g.griffin_path or runner == g.runner_path:
            amulet = p  # the first figure on the volcano: the game ends with this set
        paid = min(n_gold, self.supply)
        gold = self.gold[:p] + (self.gold[p] + paid,) + self.gold[p + 1 :]
        stand_ins = self.stand_ins
        if paid < n_gold and g.gold_runs_out == "stand_ins":
            stand_ins = stand_ins[:p] + (stand_ins[p] + n_gold - paid,) + stand_ins[p + 1 :]
        draws = n_plus2 * g.plus2_draws
        if amulet >= 0 and g.final_plus2 == "skip":
            draws = 0
        hand = _remove(self.hands[p], kinds)
        hands = self.hands[:p] + (hand,) + self.hands[p + 1 :]
        known = self.known
        if known[p]:
            known = known[:p] + (_remove_some(known[p], kinds),) + known[p + 1 :]
        supply = self.supply - paid
        display = self.display
        available = self.pile_size + self.discard_size > 0
        phase = ""
        if available and -1 in display:
            phase = "refill"
        elif draws:
            full = not g.plus2_above_limit and len(hand) >= g.hand_limit
            if not full and (available or any(k >= 0 for k in display)):
                phase = "choose"
        if not phase:  # the set is done: the turn ends
            return self._close(
                hands, known, griffins, runners, gold, stand_ins, supply, amulet, kinds
            )
        return _make(
            g,
            phase,
            p,
            hands,
            known,
            display,
            self.pile,
            self.above,
            self.wf_lo,
            self.discard,
            kinds,
            draws,
            "",
            griffins,
            runners,
            gold,
            stand_ins,
            supply,
            amulet,
            self.turns,
            self.pile_size,
            self.discard_size,
        )

    def _end_turn(self) -> HeroesState:
        """The played set goes to the discard pile; then the game ends, the display is refilled,
        or the next player's turn begins."""
        return self._close(
            self.hands,
            self.known,
            self.griffins,
            self.runners,
            self.gold,
            self.stand_ins,
            self.supply,
            self.amulet,
            self.played,
        )

    def _close(
        self,
        hands: tuple[tuple[int, ...], ...],
        known: tuple[tuple[int, ...], ...],
        griffins: tuple[int, ...],
        runners: tuple[int, ...],
        gold: tuple[int, ...],
        stand_ins: tuple[int, ...],
        supply: int,
        amulet: int,
        played: tuple[int, ...],
    ) -> HeroesState:
        """:meth:`_end_turn` of this state with the given fields: ``played`` goes to the discard
        pile; then the game ends, the display is refilled, or the next player's turn begins."""
        g = self.game
        discard, discard_size = self.discard, self.discard_size
        if played:
            counts = list(discard)
            for k in played:
                counts[k] += 1
            discard, discard_size = tuple(counts), discard_size + len(played)
        player, turns = self.player, self.turns
        if amulet >= 0:
            phase = "over"
        elif -1 in self.display and self.pile_size + discard_size > 0:
            phase = "refill"
        else:
            phase, player, turns = "turn", (player + 1) % g.players, turns + 1
        return _make(
            g,
            phase,
            player,
            hands,
            known,
            self.display,
            self.pile,
            self.above,
            self.wf_lo,
            discard,
            (),
            0,
            "",
            griffins,
            runners,
            gold,
            stand_ins,
            supply,
            amulet,
            turns,
            self.pile_size,
            discard_size,
        )

    # -- text notation ---------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Parse action text (``"play blue griffin gold gold plus2"``) into an :class:`Action`.

        Raises :class:`InvalidActionError` for text that is no action of this game at all; the
        action may still be illegal now (``apply`` checks that). Motifs of a set may be written
        in any order (they are put in the order griffin, runner, gold, plus2); ``+2`` may be
        written for ``plus2``.
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be a string, got {type(text).__name__}")
        if len(text) > 400:
            raise InvalidActionError(f"action text is too long ({len(text):,} characters)")
        words = ["plus2" if w == "+2" else w for w in text.lower().split()]
        if not words:
            raise InvalidActionError(f"empty action text {_quoted(text)}; {_NOTATION}")
        g = self.game
        verb, args = words[0], tuple(words[1:])
        if verb == "draw" and args == ("pile",):
            return DRAW_PILE
        if verb == "pass" and not args:
            return PASS
        if verb in ("take", "plus2"):
            if verb == "plus2" and args == ("pile",):
                return PLUS2_PILE
            if len(args) == 2 and args[0] == "display":
                slot = self._slot(text, args[1])
                return (g.take if verb == "take" else g.plus2_take)[slot]
            where = "display <n>" if verb == "take" else "pile' or 'plus2 display <n>"
            raise InvalidActionError(f"{_quoted(text)}: write '{verb} {where}'")
        if verb == "play":
            if not args or args[0] not in g.colours:
                raise InvalidActionError(
                    f"{_quoted(text)}: a set starts with its colour, one of {', '.join(g.colours)}"
                )
            bad = next((m for m in args[1:] if m not in _MOTIF_INDEX), None)
            if bad in g.colours:
                raise InvalidActionError(
                    f"{_quoted(text)}: a set has cards of one colour only; write its colour "
                    "once, then each card's motif"
                )
            if bad is not None:
                raise InvalidActionError(
                    f"{_quoted(text)}: {_quoted(bad, 20)} is not a motif; motifs are "
                    f"{', '.join(MOTIFS)}"
                )
            if len(args) < 2:
                raise InvalidActionError(
                    f"{_quoted(text)}: name each card of the set by its motif, e.g. "
                    f"'play {args[0]} griffin gold'"
                )
            if len(args) > 1 + g.hand_limit + 10:
                raise InvalidActionError(f"{_quoted(text)}: no hand holds that many cards")
            motifs = sorted(args[1:], key=_MOTIF_INDEX.__getitem__)
            return Action("play", (args[0], *motifs))
        if verb == "reveal":
            if len(args) == 2 and f"{args[0]} {args[1]}" in g.kind_of:
                return g.reveal[g.kind_of[f"{args[0]} {args[1]}"]]
            raise InvalidActionError(
                f"{_quoted(text)}: write 'reveal <colour> <motif>' with a colour of "
                f"{', '.join(g.colours)} and a motif of {', '.join(MOTIFS)}"
            )
        if verb == "waterfall":
            if not args:
                return WATERFALL
            k = whole_word(args[1]) if len(args) == 2 and args[0] == "below" else None
            if k is not None:
                if k <= g.cards:
                    return Action("waterfall", ("below", str(k)))
            raise InvalidActionError(
                f"{_quoted(text)}: write 'waterfall' (it shows) or 'waterfall below <n>' (its "
                f"place: n cards above it, 0 to {g.cards})"
            )
        raise InvalidActionError(f"{_quoted(text)} is not a Heroes of Kaskaria action; {_NOTATION}")

    def _slot(self, text: str, word: str) -> int:
        n = self.game.display_size
        place = whole_word(word, 2)
        if place is not None and 1 <= place <= n:
            return place - 1
        raise InvalidActionError(
            f"{_quoted(text)}: the display has places 1 to {n}, not {_quoted(word, 12)}"
        )

    def _check_well_formed(self, action: Action) -> None:
        """Raise InvalidActionError if ``action`` is not written as this game writes actions."""
        if not isinstance(action, Action) or not action.well_formed():
            raise InvalidActionError(
                f"{action!r} is not a Heroes of Kaskaria action: the verb and its words must be "
                f"text; {_NOTATION}"
            )
        canonical = self.parse_action(str(action))
        if canonical != action:
            raise InvalidActionError(
                f"{action!r} is not written as Heroes of Kaskaria writes it; write "
                f"'{canonical}' (a set lists its motifs in the order griffin, runner, gold, plus2)"
            )

    # -- why an action is not allowed --------------------------------------------------------
    def _rule_broken(self, action: Action) -> tuple[str, dict[str, Any]]:
        phase, verb, args = self.phase, action.verb, action.args
        g = self.game
        if phase == "over":
            return "rule.over", {}
        chance_verbs = ("reveal", "waterfall")
        if phase in _CHANCE_PHASES:
            if verb not in chance_verbs:
                return "rule.not_a_decision", {"phase": Phrase(NAME, f"phase.{phase}")}
            if phase == "bury":
                if verb == "waterfall" and args:
                    return "rule.bury_range", {"lo": self.wf_lo, "hi": self.pile_size}
                return "rule.bury_now", {}
            if self.above == 0:
                return "rule.waterfall_next", {}
            if verb == "waterfall":
                if args:
                    return "rule.bury_only_after", {}
                return "rule.waterfall_not_next", {}
            return "rule.not_in_pile", {"card": _card_phrase(args[0], args[1])}
        if verb in chance_verbs:
            return "rule.chance_only", {}
        if phase == "choose":
            if verb != "plus2":
                return "rule.plus2_first", {"n": self.draws_left}
            if args == ("pile",):
                return "rule.no_card", {}
            return "rule.display_empty", {"slot": args[1]}
        # phase == "turn"
        hand = self.hands[self.player]
        if verb == "plus2":
            return "rule.plus2_only_after", {}
        if verb == "pass":
            return "rule.no_pass", {}
        if verb in ("draw", "take") and len(hand) >= g.hand_limit:
            return "rule.hand_full", {"limit": g.hand_limit}
        if verb == "draw":
            return "rule.no_card", {}
        if verb == "take":
            return "rule.display_empty", {"slot": args[1]}
        # a set that cannot be played
        if len(args) < 3:
            return "rule.set_of_one", {}
        colour = args[0]
        c = g.colours.index(colour)
        held = [0, 0, 0, 0]
        for k in hand:
            if k >> 2 == c:
                held[k & 3] += 1
        wanted = [0, 0, 0, 0]
        for m in args[1:]:
            wanted[_MOTIF_INDEX[m]] += 1
        short_of = [m for i, m in enumerate(MOTIFS) if wanted[i] > held[i]]
        if short_of:
            return "rule.not_in_hand", {
                "card": _card_phrase(colour, short_of[0]),
                "n": wanted[_MOTIF_INDEX[short_of[0]]],
            }
        if g.whole_colour:
            return "rule.whole_colour", {"colour": lambda lang: colour_word(colour, lang)}
        return "rule.misfit", {"phase": Phrase(NAME, f"phase.{phase}")}  # pragma: no cover

    # -- results ---------------------------------------------------------------------------
    def place_gold(self, path: str) -> tuple[int, ...]:
        """The gold each seat's figure on ``path`` (``"griffin"`` or ``"runner"``) brings in the
        final scoring: figures on the same field share a place, and no place is skipped (two
        first places, then a second)."""
        if path == "griffin":
            positions = self.griffins
        elif path == "runner":
            positions = self.runners
        else:
            raise ValueError(f"path must be 'griffin' or 'runner', got {short(path)}")
        rank_gold = self.game.rank_gold
        places = sorted(set(positions), reverse=True)
        out = []
        for x in positions:
            rank = places.index(x)
            out.append(rank_gold[rank] if rank < len(rank_gold) else 0)
        return tuple(out)

    def final_scoring(self) -> tuple[int, ...]:
        """The gold each seat gets for the places of its two figures (see :meth:`place_gold`).
        Counted only at the end; before the end, what the positions would bring now."""
        return tuple(
            a + b
            for a, b in zip(self.place_gold("griffin"), self.place_gold("runner"), strict=True)
        )

    def scores(self) -> tuple[int, ...]:
        """Each seat's gold: pieces (and stand-ins) so far; at the end also the amulet and the
        final scoring."""
        g = self.game
        base = [a + b for a, b in zip(self.gold, self.stand_ins, strict=True)]
        if self.phase != "over":
            return tuple(base)
        final = self.final_scoring()
        return tuple(
            base[p] + final[p] + (g.amulet_gold if self.amulet == p else 0)
            for p in range(g.players)
        )

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over: the most gold; on a tie the amulet holder
        if among the tied, else every tied seat."""
        if self.phase != "over":
            return ()
        scores = self.scores()
        best = max(scores)
        top = tuple(p for p, s in enumerate(scores) if s == best)
        if len(top) > 1 and self.amulet in top:
            return (self.amulet,)
        return top

    # -- what a viewer may see -------------------------------------------------------------
    def _names(self, kinds: Any) -> list[str]:
        names = self.game.kind_names
        return [names[k] for k in kinds]

    def _count_names(self, counts: tuple[int, ...]) -> list[str]:
        return list(self.game.names_of_counts(counts))

    def observation(self, viewer: ViewerLike = OMNISCIENT) -> dict[str, Any]:
        """What ``viewer`` may see: a seat sees its own hand; everyone sees the display, the
        discard pile, the set being played, the figures, the gold, the cards known to be in each
        hand (taken from the display) and the sizes of the hands and of the draw pile, and where
        the waterfall may be. ``"table"`` sees no hand; ``"omniscient"`` sees everything (the
        hands, the pile and the waterfall's place)."""
        g = self.game
        viewer = check_viewer(viewer, g.players, "viewer")
        everything = viewer is OMNISCIENT
        hands = [
            self._names(h) if (everything or viewer == p) else None
            for p, h in enumerate(self.hands)
        ]
        in_pile = self.above >= 0
        waterfall: dict[str, Any] = {
            "in_pile": in_pile,
            "lowest": self.wf_lo,
            "highest": self.pile_size,
        }
        if everything:
            waterfall["above"] = self.above if in_pile else None
        obs = {
            "game": NAME,
            "variant": g.variant,
            "viewer": viewer if viewer.__class__ is int else str(viewer),
            "phase": self.phase,
            "resume": self.resume,
            "player": self.player,
            "turns": self.turns,
            "hands": hands,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [self._names(k) for k in self.known],
            "display": [g.kind_names[k] if k >= 0 else None for k in self.display],
            "pile": self.pile_size,
            "discard": self._count_names(self.discard),
            "played": self._names(self.played),
            "draws_left": self.draws_left,
            "waterfall": waterfall,
            "griffins": list(self.griffins),
            "runners": list(self.runners),
            "paths": {"griffin": g.griffin_path, "runner": g.runner_path},
            "gold": list(self.gold),
            "stand_ins": list(self.stand_ins),
            "supply": self.supply,
            "amulet": self.amulet if self.amulet >= 0 else None,
            "final_scoring": list(self.final_scoring()) if self.phase == "over" else None,
            "scores": list(self.scores()),
            "winners": list(self.winners()),
        }
        if everything:
            obs["pile_cards"] = self._count_names(self.pile)
        return obs

    def _hidden_from(self, action: Action, viewer: Any) -> bool:
        """Is the outcome ``action`` (taken in this state) hidden from ``viewer``?"""
        if action.verb == "reveal":
            return self.phase in ("deal", "draw") and viewer != self.player
        return action.verb == "waterfall" and bool(action.args)

    def redact(self, action: Action, viewer: ViewerLike, now: State | None = None) -> str:
        """The line of ``action`` as ``viewer`` may read it: a card from the pile into another
        seat's hand is ``reveal ?``; the waterfall's place is ``waterfall below ?`` for every
        viewer but the omniscient one."""
        if action.verb not in ("reveal", "waterfall"):
            return str(action)
        viewer = check_viewer(viewer, self.game.players)
        if viewer is OMNISCIENT or not self._hidden_from(action, viewer):
            return str(action)
        return "reveal ?" if action.verb == "reveal" else "waterfall below ?"

    def action_text(
        self,
        action: Action,
        viewer: ViewerLike = OMNISCIENT,
        lang: str = "en",
        now: State | None = None,
    ) -> str:
        """A short sentence for the log: what ``action`` (taken in this state) did, as ``viewer``
        may know it ("Player 2 draws a card" / "you draw the blue griffin")."""
        g = self.game
        viewer = check_viewer(viewer, g.players)
        verb, args = action.verb, action.args
        mine = viewer == self.player and viewer.__class__ is int
        who = _t("core", "you", lang) if mine else _t("core", "player", lang, n=self.player + 1)
        key_you = "_you" if mine else ""
        if verb == "reveal":
            card = card_word(args[0], args[1], lang)
            if self.phase in ("deal", "draw"):
                if viewer is not OMNISCIENT and self._hidden_from(action, viewer):
                    return _t(NAME, "log.draws_hidden", lang, who=who)
                return _t(NAME, f"log.draws{key_you}", lang, who=who, card=card)
            return _t(NAME, "log.to_display", lang, card=card)
        if verb == "waterfall":
            if not args:
                return _t(NAME, "log.waterfall", lang)
            if viewer is OMNISCIENT:
                return _t(NAME, "log.bury_seen", lang, n=int(args[1]))
            return _t(NAME, "log.bury", lang)
        if verb == "draw":
            return _t(NAME, f"log.draw_pile{key_you}", lang, who=who)
        if verb == "pass":
            return _t(NAME, f"log.pass{key_you}", lang, who=who)
        if verb in ("take", "plus2"):
            if args[0] == "pile":
                return _t(NAME, f"log.plus2_pile{key_you}", lang, who=who)
            kind = self.display[int(args[1]) - 1]
            colour, motif = g.kind_names[kind].split()
            card = card_word(colour, motif, lang)
            return _t(NAME, f"log.take{key_you}", lang, who=who, card=card)
        # play
        cards = _t(NAME, "cards", lang, n=len(args) - 1)
        colour = colour_word(args[0], lang)
        return _t(NAME, f"log.play{key_you}", lang, who=who, cards=cards, colour=colour)

    # -- display ---------------------------------------------------------------------------
    def text(self) -> str:
        """A short, stable, one-line summary of what lies open (no hand, no hidden card)."""
        g = self.game
        if self.phase == "over":
            head = f"over, winners {list(self.winners())}"
        else:
            head = f"p{self.player} {self.phase}"
        display = " ".join(
            g.kind_names[k].replace(" ", "-") if k >= 0 else "-" for k in self.display
        )
        wf = f"wf {self.wf_lo}-{self.pile_size}" if self.above >= 0 else "wf out"
        amulet = f" amulet p{self.amulet}" if self.amulet >= 0 else ""
        return (
            f"{head} | griffins {list(self.griffins)} runners {list(self.runners)}{amulet} | "
            f"gold {list(self.scores())} | hands {[len(h) for h in self.hands]} | "
            f"display {display} | pile {self.pile_size} discard {self.discard_size} {wf}"
        )

    # -- saving a position ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain JSON values (see :meth:`from_dict`)."""
        names = self.game.kind_names
        return {
            "phase": self.phase,
            "player": self.player,
            "hands": [[names[k] for k in h] for h in self.hands],
            "known": [[names[k] for k in h] for h in self.known],
            "display": [names[k] if k >= 0 else None for k in self.display],
            "pile": self._count_names(self.pile),
            "above": self.above,
            "wf_lo": self.wf_lo,
            "discard": self._count_names(self.discard),
            "played": [names[k] for k in self.played],
            "draws_left": self.draws_left,
            "resume": self.resume,
            "griffins": list(self.griffins),
            "runners": list(self.runners),
            "gold": list(self.gold),
            "stand_ins": list(self.stand_ins),
            "supply": self.supply,
            "amulet": self.amulet,
            "turns": self.turns,
        }

    @classmethod
    def from_dict(cls, game: Heroes, data: Any) -> HeroesState:
        """Rebuild a position, checking that it is one the rules can reach (the same as
        ``game.state_from_dict(data)``)."""
        return _state_from_dict(game, data)

    # -- checks ----------------------------------------------------------------------------
    def components(self) -> dict[str, int]:
        """Counts of every component, for conservation checks: every card where it lies (hands,
        display, draw pile, discard pile, the set being played), the waterfall where the phase
        says it is, the real gold pieces, the amulet, and the figures on their paths."""
        g = self.game
        counts = list(map(_plus, self.pile, self.discard))
        for cards in (*self.hands, self.played, self.display):
            for k in cards:
                if k >= 0:
                    counts[k] += 1
        aside = self.phase in ("deal", "lay", "bury")  # set aside, or being shuffled in
        waterfall = int((self.above >= 0) != aside)
        out = {"cards": sum(counts) + waterfall, "waterfall": waterfall}
        out.update(zip(g.card_keys, counts, strict=True))
        at_volcano = [
            p
            for p in range(g.players)
            if self.griffins[p] == g.griffin_path or self.runners[p] == g.runner_path
        ]
        amulet = int(at_volcano == [self.amulet] if self.amulet >= 0 else not at_volcano)
        out.update(
            {
                "gold": self.supply + sum(self.gold),
                "amulet": amulet,
                "griffins": sum(0 <= x <= g.griffin_path for x in self.griffins),
                "runners": sum(0 <= x <= g.runner_path for x in self.runners),
            }
        )
        return out

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> HeroesState:
        """A state ``seat`` cannot tell from this one, with everything hidden from it dealt
        again at random: the other hands' cards it does not know, the draw pile, and the
        waterfall's place (uniform over the places it may have, as far as anyone can tell)."""
        checked = check_viewer(seat, self.game.players, "seat")
        if not isinstance(checked, int):
            raise ValueError(f"seat must be a seat, not {checked}")
        return sample_state(self.game, self.observation(checked), rng)


# the cache of the legal actions is set through the slot's own setter (the state is frozen)
_s__legal = HeroesState.__dict__["_legal"].__set__
_new = object.__new__


#: a state being built by :func:`_make` (see :func:`kaskaria.core.draft_class`)
_Draft = draft_class(HeroesState)


def _make(
    game: Heroes,
    phase: str,
    player: int,
    hands: tuple[tuple[int, ...], ...],
    known: tuple[tuple[int, ...], ...],
    display: tuple[int, ...],
    pile: tuple[int, ...],
    above: int,
    wf_lo: int,
    discard: tuple[int, ...],
    played: tuple[int, ...],
    draws_left: int,
    resume: str,
    griffins: tuple[int, ...],
    runners: tuple[int, ...],
    gold: tuple[int, ...],
    stand_ins: tuple[int, ...],
    supply: int,
    amulet: int,
    turns: int,
    pile_size: int,
    discard_size: int,
) -> HeroesState:
    """``HeroesState(...)`` for the engine's own transitions (same fields, same result), built
    as a draft (:func:`kaskaria.core.draft_class`)."""
    s: Any = _new(_Draft)
    s.game = game
    s.phase = phase
    s.player = player
    s.hands = hands
    s.known = known
    s.display = display
    s.pile = pile
    s.above = above
    s.wf_lo = wf_lo
    s.discard = discard
    s.played = played
    s.draws_left = draws_left
    s.resume = resume
    s.griffins = griffins
    s.runners = runners
    s.gold = gold
    s.stand_ins = stand_ins
    s.supply = supply
    s.amulet = amulet
    s.turns = turns
    s.pile_size = pile_size
    s.discard_size = discard_size
    s._legal = None
    s.__class__ = HeroesState
    return s


# ---------------------------------------------------------------------------------------------
# A full state from what one seat sees
# ---------------------------------------------------------------------------------------------
def sample_state(
    game: Heroes, observation: dict[str, Any], rng: np.random.Generator
) -> HeroesState:
    """A full state dealt at random from one seat's ``observation`` (``state.observation(seat)``):
    the cards that seat cannot see (the other hands' unknown cards and the draw pile) are dealt
    again uniformly, keeping the cards known to be in each hand, and the waterfall is put at one
    of the places it may have (uniformly). The state has exactly that observation for that seat.

    Bots get only their seat's observation; this is how they plan over what they cannot see.
    """
    if not isinstance(game, Heroes):
        raise TypeError(f"game must be a Heroes of Kaskaria game, got {short(game)}")
    if not isinstance(observation, dict) or observation.get("game") != NAME:
        raise ValueError("observation must be a Heroes of Kaskaria observation (state.observation)")
    seat = observation["viewer"]
    if seat.__class__ is not int:
        raise ValueError(f"sample_state needs a seat's observation, not the {seat!r} view")
    kind_of = game.kind_of
    own = tuple(sorted(kind_of[n] for n in observation["hands"][seat]))
    known = tuple(tuple(sorted(kind_of[n] for n in k)) for k in observation["known"])
    display = tuple(kind_of[n] if n is not None else -1 for n in observation["display"])
    discard = [0] * game.kinds
    for n in observation["discard"]:
        discard[kind_of[n]] += 1
    played = tuple(kind_of[n] for n in observation["played"])
    unseen = list(game.deck)
    for kinds in (own, played, *(known[p] for p in range(game.players) if p != seat)):
        for k in kinds:
            unseen[k] -= 1
    for k in display:
        if k >= 0:
            unseen[k] -= 1
    for k, n in enumerate(discard):
        unseen[k] -= n
    pool = np.repeat(np.arange(game.kinds), unseen)
    sizes = observation["hand_sizes"]
    hidden = [0 if p == seat else sizes[p] - len(known[p]) for p in range(game.players)]
    pile_size = observation["pile"]
    if min(unseen) < 0 or len(pool) != pile_size + sum(hidden):
        raise ValueError("the observation does not add up to the cards of the game")
    pool = pool[rng.permutation(len(pool))]
    hands = []
    start = 0
    for p in range(game.players):
        if p == seat:
            hands.append(own)
            continue
        dealt = pool[start : start + hidden[p]].tolist()
        start += hidden[p]
        hands.append(tuple(sorted([*known[p], *dealt])))
    pile = np.bincount(pool[start:], minlength=game.kinds)
    wf = observation["waterfall"]
    wf_lo = wf["lowest"]
    above = wf_lo + int(rng.integers(pile_size - wf_lo + 1)) if wf["in_pile"] else -1
    amulet = observation["amulet"]
    return _make(
        game,
        observation["phase"],
        observation["player"],
        tuple(hands),
        known,
        display,
        tuple(pile.tolist()),
        above,
        wf_lo,
        tuple(discard),
        played,
        observation["draws_left"],
        observation["resume"],
        tuple(observation["griffins"]),
        tuple(observation["runners"]),
        tuple(observation["gold"]),
        tuple(observation["stand_ins"]),
        observation["supply"],
        -1 if amulet is None else amulet,
        observation["turns"],
        pile_size,
        len(observation["discard"]),
    )


# ---------------------------------------------------------------------------------------------
# Loading a position
# ---------------------------------------------------------------------------------------------
_FIELDS = (
    "phase",
    "player",
    "hands",
    "known",
    "display",
    "pile",
    "above",
    "wf_lo",
    "discard",
    "played",
    "draws_left",
    "resume",
    "griffins",
    "runners",
    "gold",
    "stand_ins",
    "supply",
    "amulet",
    "turns",
)
_FIELD_SET = frozenset(_FIELDS)
_SET_UP = frozenset({"deal", "lay"})


def _fail(msg: str) -> None:
    raise ValueError(f"impossible Heroes of Kaskaria position: {msg}")


def _whole(data: dict, name: str, lo: int, hi: int) -> int:
    v = data[name]
    if v.__class__ is not int or not lo <= v <= hi:  # bool is not int here
        _fail(f"{name} must be a whole number from {lo} to {hi}, got {short(v)}")
    return v


def _wholes(data: dict, name: str, n: int, lo: int, hi: int) -> tuple[int, ...]:
    v = data[name]
    ok = v.__class__ is list and len(v) == n
    if ok:
        for x in v:
            if x.__class__ is not int or not lo <= x <= hi:
                ok = False
                break
    if not ok:
        _fail(f"{name} must be a list of {n} whole numbers from {lo} to {hi}, got {short(v, 60)}")
    return tuple(v)


def _kinds(game: Heroes, value: Any, where: str) -> list[int]:
    """The kinds of a list of card names (``["blue griffin", ...]``)."""
    if value.__class__ is not list:
        _fail(f"{where} must be a list of cards, got {short(value)}")
    kind_of = game.kind_of
    try:
        return [kind_of[n] for n in value]
    except (KeyError, TypeError):
        bad = next(n for n in value if n.__class__ is not str or n not in kind_of)
        _fail(
            f"{short(bad, 30)} in {where} is not a card; a card is '<colour> <motif>' with a "
            f"colour of {', '.join(game.colours)} and a motif of {', '.join(MOTIFS)}"
        )
        raise  # pragma: no cover


def _counts(game: Heroes, value: Any, where: str) -> tuple[int, ...]:
    counts = [0] * game.kinds
    for k in _kinds(game, value, where):
        counts[k] += 1
    return tuple(counts)


def _state_from_dict(game: Heroes, data: Any) -> HeroesState:
    if not isinstance(game, Heroes):
        raise TypeError(f"game must be a Heroes of Kaskaria game, got {short(game)}")
    if not isinstance(data, dict):
        _fail(f"expected a JSON object, got {type(data).__name__}")
    if data.keys() != _FIELD_SET:
        _fail(
            f"fields missing {sorted(_FIELD_SET - set(data))}, unknown "
            f"{[k if k.__class__ is str and len(k) <= 30 else short(k, 30) for k in sorted(set(data) - _FIELD_SET, key=repr)[:5]]}"
        )
    players = game.players
    phase = data["phase"]
    if phase.__class__ is not str or phase not in _PHASES:
        _fail(f"phase {short(phase)} is unknown; phases are {', '.join(_PHASES)}")
    player = _whole(data, "player", 0, players - 1)
    hands_in = data["hands"]
    if hands_in.__class__ is not list or len(hands_in) != players:
        _fail(f"hands must be a list of {players} hands")
    hands = tuple(tuple(sorted(_kinds(game, h, "hands"))) for h in hands_in)
    known_in = data["known"]
    if known_in.__class__ is not list or len(known_in) != players:
        _fail(f"known must be a list of {players} lists of cards")
    known = tuple(tuple(sorted(_kinds(game, k, "known"))) for k in known_in)
    display_in = data["display"]
    if display_in.__class__ is not list or len(display_in) != game.display_size:
        _fail(f"display must be a list of {game.display_size} places (a card or null)")
    display = tuple(_kinds(game, [n for n in display_in if n is not None], "display"))
    if len(display) < len(display_in):
        shown = iter(display)
        display = tuple(-1 if n is None else next(shown) for n in display_in)
    pile = _counts(game, data["pile"], "pile")
    discard = _counts(game, data["discard"], "discard")
    played = tuple(sorted(_kinds(game, data["played"], "played")))
    pile_size, discard_size = sum(pile), sum(discard)
    above = _whole(data, "above", -1, pile_size)
    wf_lo = _whole(data, "wf_lo", 0, pile_size)
    most_draws = game.plus2_draws * game.per_colour[PLUS2]
    draws_left = _whole(data, "draws_left", 0, most_draws)
    resume = data["resume"]
    if resume not in ("", "turn", "draw", "refill"):
        _fail(f"resume must be '', 'turn', 'draw' or 'refill', got {short(resume)}")
    griffins = _wholes(data, "griffins", players, 0, game.griffin_path)
    runners = _wholes(data, "runners", players, 0, game.runner_path)
    gold = _wholes(data, "gold", players, 0, game.gold_supply)
    stand_ins = _wholes(data, "stand_ins", players, 0, 10**6)
    supply = _whole(data, "supply", 0, game.gold_supply)
    amulet = _whole(data, "amulet", -1, players - 1)
    turns = _whole(data, "turns", 0, game.describe().max_actions)
    state = _make(
        game,
        phase,
        player,
        hands,
        known,
        display,
        pile,
        above,
        wf_lo,
        discard,
        played,
        draws_left,
        resume,
        griffins,
        runners,
        gold,
        stand_ins,
        supply,
        amulet,
        turns,
        pile_size,
        discard_size,
    )

    # every card exactly once, every piece of gold
    counts = list(map(_plus, pile, discard))
    for cards in (*hands, played, display):
        for k in cards:
            if k >= 0:
                counts[k] += 1
    if tuple(counts) != game.deck:
        k = next(k for k in range(game.kinds) if counts[k] != game.deck[k])
        _fail(
            f"{counts[k]} {game.kind_names[k]} cards are placed; there "
            f"{'is' if game.deck[k] == 1 else 'are'} {game.deck[k]}"
        )
    if supply + sum(gold) != game.gold_supply:
        _fail(
            f"{supply} gold in the supply and {sum(gold)} held make {supply + sum(gold)}; "
            f"there are {game.gold_supply}"
        )
    if any(stand_ins) and (game.gold_runs_out == "stop" or supply):
        _fail("stand-in gold is paid only once the supply is empty (option gold_runs_out)")
    for p in range(players):
        rest = list(hands[p])
        for k in known[p]:
            if k not in rest:
                _fail(f"{game.kind_names[k]} is known to be in hand {p} but is not there")
            rest.remove(k)
    if not game.plus2_above_limit and max(map(len, hands)) > game.hand_limit:
        _fail(f"a hand holds more than {game.hand_limit} cards")

    # the waterfall
    aside = phase in _SET_UP or phase == "bury"
    if aside != (above == -1):
        _fail(
            "the waterfall is set aside exactly while the cards are dealt and while it is being "
            f"put into the pile; in phase {phase!r} above must be "
            + ("-1" if aside else f"from {wf_lo} to {pile_size} (cards above it)")
        )
    if above >= 0 and above < wf_lo:
        _fail(f"{above} cards above the waterfall, but at least {wf_lo} must be")
    if (phase == "bury") != (resume != ""):
        _fail("resume names the interrupted phase exactly while the waterfall is put in")

    # the figures and the amulet
    at_volcano = [
        p
        for p in range(players)
        if griffins[p] == game.griffin_path or runners[p] == game.runner_path
    ]
    if amulet >= 0 and at_volcano != [amulet]:
        _fail(
            f"player {amulet} holds the amulet, so exactly that player's figure is on the volcano"
        )
    if amulet < 0 and at_volcano:
        _fail("a figure is on the volcano but nobody holds the amulet")

    # the phase
    dealt = sum(map(len, hands))
    if phase in _SET_UP or (phase == "bury" and resume == "turn"):
        if turns or any(griffins) or any(runners) or any(gold) or discard_size or played:
            _fail(f"in phase {phase!r} the game has not started: nothing is played yet")
        if any(known) or draws_left or amulet >= 0:
            _fail(f"in phase {phase!r} no card is taken from the display and nothing is drawn")
        if phase == "deal":
            expected = [0] * players
            for i in range(dealt):
                expected[(game.first_player + i) % players] += 1
            if dealt >= players * game.start_hand or [len(h) for h in hands] != expected:
                _fail(
                    f"the cards are dealt one at a time from seat {game.first_player}: "
                    f"{dealt} dealt cards make hands of {expected}"
                )
            if player != (game.first_player + dealt) % players or any(k >= 0 for k in display):
                _fail("while the hands are dealt the next card goes to the next seat in turn")
        else:
            if any(len(h) != game.start_hand for h in hands) or player != game.first_player:
                _fail(f"after the deal each hand holds {game.start_hand} cards")
            laid = [k >= 0 for k in display]
            if laid != sorted(laid, reverse=True):
                _fail("the display is laid out from its first place on")
            if phase == "lay" and (all(laid) or not pile_size):
                _fail("the display is laid out only while a place is empty and cards are left")
            if phase == "bury":
                if not all(laid) and pile_size:
                    _fail("the waterfall goes in only once the display is laid out")
                if wf_lo != game.waterfall_floor(pile_size):
                    _fail(
                        f"at set-up the waterfall goes into the bottom half: at least "
                        f"{game.waterfall_floor(pile_size)} cards above it (option bottom_half)"
                    )
        return state
    if player != (game.first_player + turns) % players:
        _fail(
            f"after {turns} turns it is seat {(game.first_player + turns) % players}'s turn "
            f"(seats take turns from seat {game.first_player}), not seat {player}'s"
        )
    available = pile_size + discard_size > 0
    if phase == "bury":
        if wf_lo != 0 or discard_size:
            _fail(
                "after the waterfall shows, every card is shuffled together: anywhere, discard empty"
            )
        return state
    empty_slot = -1 in display
    if phase == "refill":
        if not empty_slot or not available:
            _fail("the display is refilled only while a place is empty and cards are left")
    elif empty_slot and available:
        _fail(f"in phase {phase!r} an empty place of the display would be refilled first")
    plus2 = sum(1 for k in played if k & 3 == PLUS2)
    if phase == "over":
        if amulet < 0 or played or draws_left:
            _fail("the game is over only once a figure is on the volcano and the set is done")
        return state
    if amulet >= 0 and not (game.final_plus2 == "draw" and plus2):
        _fail("a figure is on the volcano, so the game is over")
    if phase == "turn" and (played or draws_left):
        _fail("a turn starts with no set being played and no '+2' card waiting")
    if phase == "choose" and not (draws_left and plus2):
        _fail("a '+2' choice waits only while a set with a '+2' card is played")
    if phase in ("draw", "refill") and draws_left and not plus2:
        _fail("draws are left only while a set with a '+2' card is played")
    if played and len(played) < 2:
        _fail("a set has at least 2 cards")
    if played and len({k >> 2 for k in played}) != 1:
        _fail("a set has cards of one colour only")
    if draws_left > plus2 * game.plus2_draws:
        _fail(
            f"{draws_left} '+2' draws are left, but the set gives at most {plus2 * game.plus2_draws}"
        )
    if phase == "draw" and not played and len(hands[player]) >= game.hand_limit:
        _fail("a player with a full hand cannot draw")
    return state
