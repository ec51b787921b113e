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

**Modules.** This one is the game (:class:`Heroes`, what the registry loads); the engine's jobs
each have a module of their own: :mod:`.pieces` (the name, the kind of game, cards as numbers and
in words), :mod:`.notation` (the parser), :mod:`.state` (:class:`HeroesState`: the state machine
and :func:`sample_state`), :mod:`.views` (what a viewer sees, the log's sentences) and
:mod:`.loader` (a saved position read back).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..core import Action, Game
from .loader import _state_from_dict
from .pieces import _ONE_OF, _SINGLE, DRAW_PILE, GAME_TYPE, NAME, PASS, PLUS2_PILE, WATERFALL
from .pieces import _bonus as _bonus
from .pieces import card_word as card_word
from .pieces import colour_word as colour_word
from .rules import MOTIFS, OPTION_TABLE, OVERRIDES, RULES, HeroesRules
from .state import HeroesState, _make, sample_state

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
# (the names imported "as" themselves above are kept here for code that imported them from this
# module before the engine was split along its jobs; their home is pieces.py)


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
