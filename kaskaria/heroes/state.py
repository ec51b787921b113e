"""A Heroes of Kaskaria state: who decides, what is legal, the transitions of ``apply``, the
results and the checks of the conformance suite; and a full state dealt from one seat's view."""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate, compress
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core import (
    CHANCE,
    OMNISCIENT,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    State,
    ViewerLike,
    check_viewer,
    draft_class,
    pick_outcome,
    whole_word,
)
from ..i18n import Phrase
from ..validate import short
from .notation import check_well_formed, parse
from .pieces import (
    _CHANCE_KIND,
    _CHANCE_PHASES,
    _MOTIF_INDEX,
    _ONE,
    DRAW_PILE,
    GAME_TYPE,
    NAME,
    PASS,
    PLUS2_PILE,
    WATERFALL,
    _add,
    _bonus,
    _bury_actions,
    _card_phrase,
    _plus,
    _remove,
    _remove_some,
    colour_word,
)
from .rules import MOTIFS
from .views import describe_action, observe, redacted_line

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Heroes

_GENERATOR = np.random.Generator


def _check_game(game: Any) -> None:
    """Refuse anything but a Heroes of Kaskaria game (its engine's class carries the game type)."""
    if not isinstance(game, Game) or game.game_type is not GAME_TYPE:
        raise TypeError(f"game must be a Heroes of Kaskaria game, got {short(game)}")


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
        return parse(self, text)

    def _check_well_formed(self, action: Action) -> None:
        """Raise InvalidActionError if ``action`` is not written as this game writes actions."""
        check_well_formed(self, action)

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
        return observe(self, viewer)

    def redact(self, action: Action, viewer: ViewerLike, now: State | None = None) -> str:
        """The line of ``action`` as ``viewer`` may read it: a card from the pile into another
        seat's hand is ``reveal ?``; the waterfall's place is ``waterfall below ?`` for every
        viewer but the omniscient one."""
        return redacted_line(self, action, viewer)

    def action_text(
        self,
        action: Action,
        viewer: ViewerLike = OMNISCIENT,
        lang: str = "en",
        now: State | None = None,
    ) -> str:
        """A short sentence for the log: what ``action`` (taken in this state) did, as ``viewer``
        may know it ("Player 2 draws a card" / "you draw the blue griffin")."""
        return describe_action(self, action, viewer, lang)

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
        _check_game(game)
        return game.state_from_dict(data)

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
    _check_game(game)
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
