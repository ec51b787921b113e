"""A Dragon Battle state: who decides, what is legal, the transitions of ``apply``, the results and
the checks of the conformance suite."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
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
)
from ..i18n import Phrase
from ..i18n import text as _t
from ..validate import short
from .notation import check_well_formed, parse
from .pieces import _COLOUR_INDEX, GAME_TYPE, NAME, _draw_action, _roll_set, _split_roll
from .rules import COLOURS, FACE_LETTERS
from .turn import ROLL, STOP, _placement_actions, mask_of, placements, roll_outcomes, roll_picker
from .views import describe_action, observe, redacted_line

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DragonBattle

_GENERATOR = np.random.Generator


def _check_game(game: Any) -> None:
    """Refuse anything but a Dragon Battle game (its engine's class carries the game type)."""
    if not isinstance(game, Game) or game.game_type is not GAME_TYPE:
        raise TypeError(f"game must be a Dragon Battle game, got {short(game)}")


@dataclass(frozen=True, slots=True, repr=False)
class DragonBattleState(State):
    """One moment of a Dragon Battle game. Immutable and hashable; ``apply`` returns a new state.

    ``under``: the resident under each dragon (yellow, red, blue, purple) or ``None``;
    ``face_up``: whether that resident is showing (always, except in the memory variant);
    ``pile``: the hidden draw pile (kept sorted: its order is not known to anyone);
    ``on_dragon``: the dice faces lying on each dragon this turn; ``well``: black dice this turn;
    ``hand``: dice in the player's hand; ``rolled``: faces of the current roll waiting to be set
    aside (black ones are already in the well); ``rescued`` and ``jugglers``: per player;
    ``turns``: scares finished so far.
    """

    game: DragonBattle = field(repr=False)
    phase: str
    player: int
    under: tuple[str | None, ...]
    face_up: tuple[bool, ...]
    pile: tuple[str, ...]
    on_dragon: tuple[tuple[str, ...], ...]
    well: int
    hand: int
    rolled: tuple[str, ...]
    rescued: tuple[tuple[str, ...], ...]
    jugglers: tuple[int, ...]
    jugglers_left: int
    turns: int
    _legal: Any = field(default=None, compare=False, hash=False, repr=False)

    # -- who decides -----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase in ("draw", "rolling"):
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase in ("draw", "rolling")

    # -- what may be done ------------------------------------------------------------------
    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Every outcome of the chance event now due, with exact probabilities summing to 1."""
        if self.phase == "rolling":
            return roll_outcomes(self.hand)
        if self.phase == "draw":
            p = Fraction(1, len(self.pile))
            return tuple((a, p) for a in self.legal_actions())
        raise IllegalActionError(
            f"no chance event is due: it is {self._whose()} decision ({self._phase_words()})"
        )

    def chance_kind(self) -> str:
        """``"roll"`` (the dice in hand are rolled: a learner watches) or ``"refill"`` (residents
        come from the pile to the empty places: part of what caused it)."""
        if self.phase == "rolling":
            return "roll"
        if self.phase == "draw":
            return "refill"
        raise IllegalActionError(f"no chance event is due (phase {self.phase!r})")

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions allowed now, sorted; chance outcomes at a chance point; () at the end."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == "rolling":
            return roll_picker(self.hand).actions  # the outcomes' actions, shared and cached
        if phase == "draw":
            return tuple(map(_draw_action, self.pile))
        if phase == "start":
            return (ROLL,)
        if phase == "decide":
            return (ROLL, STOP)
        if phase == "place":
            return placements(self.rolled, self.on_dragon, self.game.silver_with_colour)
        return ()

    def apply(self, action: Action | str) -> DragonBattleState:
        """The state after ``action`` (an :class:`Action` or its text). This state is unchanged."""
        if action.__class__ is not Action:
            action = self.to_action(action)
        phase = self.phase
        args = action.args
        if phase == "rolling":
            try:
                ok = action in _roll_set(self.hand)
            except TypeError:  # words that cannot be compared (reported below)
                ok = False
        elif phase == "draw":
            ok = (
                args.__class__ is tuple
                and action.verb == "draw"
                and len(args) == 1
                and args[0].__class__ is str
                and args[0] in self.pile
            )
        else:
            ok = action in self.legal_actions()
        if not ok:
            self._check_well_formed(action)
            raise self.illegal(action)
        if phase == "draw":
            return self._after_draw(action.args[0])
        if phase == "rolling":
            return self._after_roll(action.args)
        if phase == "start":
            # The first roll of a scare: all dice. In the memory variant the residents are
            # turned face down now that everyone has seen them.
            return self._but("rolling", face_up=self._face_up_after_roll())
        if phase == "decide":
            if action.verb == "stop":
                return self._end_scare(success=True)
            return self._but("rolling")
        # phase == "place"
        return self._after_place(action)

    # -- chance ----------------------------------------------------------------------------
    def sample_chance(self, rng: np.random.Generator) -> Action:
        """One chance outcome picked by ``rng`` with exactly its probability.

        The same as ``pick_outcome(self.chance_outcomes(), rng)``, with tables for speed.
        """
        if rng.__class__ is _GENERATOR:
            if self.phase == "rolling":
                return roll_picker(self.hand).pick(rng)
            if self.phase == "draw":  # every tile in the pile is equally likely
                return _draw_action(self.pile[int(rng.integers(len(self.pile)))])
        return pick_outcome(self.chance_outcomes(), rng)

    # -- transitions -----------------------------------------------------------------------
    def _but(
        self,
        phase: str,
        *,
        under: tuple[str | None, ...] | None = None,
        face_up: tuple[bool, ...] | None = None,
        pile: tuple[str, ...] | None = None,
        on_dragon: tuple[tuple[str, ...], ...] | None = None,
        well: int | None = None,
        hand: int | None = None,
        rolled: tuple[str, ...] | None = None,
    ) -> DragonBattleState:
        """A new state of the same scare in ``phase`` with the given fields changed.

        (Written out field by field, as :func:`_make` does: this is the engine's hottest path.)
        """
        s: Any = _new(_Draft)
        s.game = self.game
        s.phase = phase
        s.player = self.player
        s.under = self.under if under is None else under
        s.face_up = self.face_up if face_up is None else face_up
        s.pile = self.pile if pile is None else pile
        s.on_dragon = self.on_dragon if on_dragon is None else on_dragon
        s.well = self.well if well is None else well
        s.hand = self.hand if hand is None else hand
        s.rolled = self.rolled if rolled is None else rolled
        s.rescued = self.rescued
        s.jugglers = self.jugglers
        s.jugglers_left = self.jugglers_left
        s.turns = self.turns
        s._legal = None
        s.__class__ = DragonBattleState
        return s

    def _face_up_after_roll(self) -> tuple[bool, ...]:
        if self.game.memory:
            return (False,) * 4
        return self.face_up

    def _after_draw(self, name: str) -> DragonBattleState:
        slot = self.under.index(None)
        under = self.under[:slot] + (name,) + self.under[slot + 1 :]
        face_up = self.face_up[:slot] + (True,) + self.face_up[slot + 1 :]
        at = self.pile.index(name)
        pile = self.pile[:at] + self.pile[at + 1 :]
        phase = "draw" if None in under else "start"
        return self._but(phase, under=under, face_up=face_up, pile=pile)

    def _after_roll(self, faces: tuple[str, ...]) -> DragonBattleState:
        black, rolled, counts = _split_roll(faces)
        legal = _placement_actions(mask_of(self.on_dragon), counts, self.game.silver_with_colour)
        state = self._but("place", well=self.well + black, hand=0, rolled=rolled)
        if not legal:
            return state._end_scare(success=False)
        _s_legal(state, legal)
        return state

    def _after_place(self, action: Action) -> DragonBattleState:
        colour = action.args[0]
        if colour == "silver":
            target = action.args[2]
            moved = tuple(f for f in self.rolled if f == "silver")
        elif len(action.args) == 3:  # "<colour> with silver"
            target = colour
            moved = tuple(f for f in self.rolled if f in (colour, "silver"))
        else:
            target = colour
            moved = tuple(f for f in self.rolled if f == colour)
        i = _COLOUR_INDEX[target]
        on_dragon = self.on_dragon[:i] + (moved,) + self.on_dragon[i + 1 :]
        hand = len(self.rolled) - len(moved)
        state = self._but("decide", on_dragon=on_dragon, hand=hand, rolled=())
        if hand == 0:
            return state._end_scare(success=True)
        return state

    def _end_scare(self, success: bool) -> DragonBattleState:
        game = self.game
        p = self.player
        under = list(self.under)
        face_up = list(self.face_up)
        rescued = list(self.rescued)
        jugglers = list(self.jugglers)
        jugglers_left = self.jugglers_left
        if success:
            won = tuple(str(under[i]) for i in range(4) if self.on_dragon[i])
            rescued[p] = rescued[p] + won
            for i in range(4):
                if self.on_dragon[i]:
                    under[i] = None
                    face_up[i] = False
        elif jugglers_left > 0:
            jugglers_left -= 1
            jugglers[p] += 1
        elif game.jugglers_run_out == "unlimited":
            jugglers[p] += 1
        empty = under.count(None)
        if empty == 0:
            phase = "start"
        elif len(self.pile) < empty:
            phase = "over"  # not all four places can be filled: the game ends at once
        else:
            phase = "draw"
        return _make(
            game,
            phase,
            (p + 1) % game.players,
            tuple(under),
            tuple(face_up),
            self.pile,
            _NO_DICE,
            0,
            game.dice,
            (),
            tuple(rescued),
            tuple(jugglers),
            jugglers_left,
            self.turns + 1,
        )

    # -- text notation ---------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Parse action text (``"place silver on blue"``) into an :class:`Action`.

        Raises :class:`InvalidActionError` for text that is no Dragon Battle action at all; the
        action may still be illegal now (``apply`` checks that).
        """
        return parse(self, text)

    def _check_well_formed(self, action: Action) -> None:
        """Raise InvalidActionError if ``action`` is not written as this game writes actions."""
        check_well_formed(self, action)

    def _whose(self) -> str:
        return f"player {self.player}'s"

    def _phase_words(self, lang: str = "en") -> str:
        return _t(NAME, f"phase.{self.phase}", lang, rolled=" ".join(self.rolled), hand=self.hand)

    def _phase_phrase(self) -> Phrase:
        return Phrase(NAME, f"phase.{self.phase}", rolled=" ".join(self.rolled), hand=self.hand)

    def _rule_broken(self, action: Action) -> tuple[str, dict[str, Any]]:
        phase, verb, args = self.phase, action.verb, action.args
        if phase == "over":
            return "rule.over", {}
        if (
            phase in ("draw", "rolling")
            and verb not in ("draw", "roll")
            or (phase in ("draw", "rolling") and not args)
        ):
            return "rule.not_a_decision", {"phase": self._phase_phrase()}
        if verb == "draw":
            if phase != "draw":
                return "rule.draw_only_to_fill", {}
            return "rule.not_in_pile", {"name": args[0]}
        if verb == "roll" and args:
            if phase != "rolling":
                return "rule.dice_decide", {}
            return "rule.roll_size", {"hand": self.hand}
        if verb == "roll":
            if phase == "place":
                return "rule.place_first", {}
        if verb == "stop":
            if phase == "start":
                return "rule.no_stop_before_roll", {}
            if phase == "place":
                return "rule.place_before_stop", {}
        if verb == "place":
            if phase != "place":  # before the first roll, or after this roll's placement
                return ("rule.roll_first" if phase == "start" else "rule.one_colour_per_roll"), {}
            colour = args[0]
            target = args[2] if colour == "silver" else colour
            if self.on_dragon[_COLOUR_INDEX[target]]:
                return "rule.dragon_taken", {"dragon": Phrase(NAME, f"the_dragon_dat.{target}")}
            if colour not in self.rolled:
                return "rule.no_such_die", {"colour": Phrase(NAME, f"colour.{colour}")}
            if len(args) == 3 and args[1] == "with":
                if not self.game.silver_with_colour:
                    return "rule.silver_alone", {}
                return "rule.no_silver", {}
        return "rule.misfit", {"phase": self._phase_phrase()}

    # -- results ---------------------------------------------------------------------------
    def stars(self) -> tuple[int, ...]:
        """Each player's stars: rescued residents plus jugglers."""
        g = self.game
        return tuple(
            sum(g.stars[n] for n in self.rescued[p]) + g.juggler_stars * self.jugglers[p]
            for p in range(g.players)
        )

    def scores(self) -> tuple[int, ...]:
        """The variant's score: stars (basic, memory) or rescued residents (younger children)."""
        if self.game.variant == "younger":
            return tuple(len(r) for r in self.rescued)
        return self.stars()

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several on a full tie); () before that."""
        if not self.is_terminal():
            return ()
        scores = self.scores()
        best = max(scores)
        top = [p for p in range(self.game.players) if scores[p] == best]
        if self.game.variant != "younger":
            fewest = min(len(self.rescued[p]) for p in top)
            top = [p for p in top if len(self.rescued[p]) == fewest]
        return tuple(top)

    def scared(self) -> tuple[bool, ...]:
        """For each dragon: does it hold dice this turn?"""
        return tuple(bool(d) for d in self.on_dragon)

    # -- what a viewer may see -------------------------------------------------------------
    def observation(
        self, viewer: ViewerLike = OMNISCIENT, memory: str = "forgetful"
    ) -> dict[str, Any]:
        """What ``viewer`` may see: everything except the pile's order and face-down residents.

        ``viewer``: a seat, ``"table"`` (what lies open: the same as a seat here) or
        ``"omniscient"`` (face-down residents shown, still marked ``face_down``).
        ``memory="perfect"``: a seat that remembers every resident it has seen: in the memory
        variant every resident was shown to all players when it was drawn, so its name and
        stars are given under ``"remembered"`` (``resident`` stays ``None``: it lies face down).
        """
        return observe(self, viewer, memory)

    def redact(self, action: Action, viewer: ViewerLike, now: State | None = None) -> str:
        """The line of ``action`` as ``viewer`` may read it once the game reached ``now``: in the
        memory variant a resident still lying face down is not named (``draw ?``)."""
        return redacted_line(self, action, viewer, now)

    def action_text(
        self,
        action: Action,
        viewer: ViewerLike = OMNISCIENT,
        lang: str = "en",
        now: State | None = None,
    ) -> str:
        """A short sentence for the log: what ``action`` (taken in this state) did, as ``viewer``
        may know it once the game reached ``now``."""
        return describe_action(self, action, viewer, lang, now)

    # -- display ---------------------------------------------------------------------------
    def text(self) -> str:
        """A short, stable, one-line summary."""
        g = self.game
        parts = []
        for i, colour in enumerate(COLOURS):
            name = self.under[i]
            if name is None:
                who = "-"
            elif self.face_up[i]:
                who = f"{name}{g.stars[name]}"
            else:
                who = "?"
            dice = "".join(FACE_LETTERS[f] for f in self.on_dragon[i])
            parts.append(f"{colour[0].upper()}:{who}" + (f"[{dice}]" if dice else ""))
        if self.phase == "over":
            head = f"over, winners {list(self.winners())}"
        else:
            head = f"p{self.player} {self.phase}"
        extra = f" rolled {' '.join(self.rolled)}" if self.rolled else ""
        return (
            f"{head} | {' '.join(parts)} | well {self.well} hand {self.hand}{extra} | "
            f"pile {len(self.pile)} jugglers {self.jugglers_left} | stars {list(self.stars())}"
        )

    def _repr_html_(self) -> str:
        from .render import render_html

        return render_html(self)

    # -- saving a position ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain JSON values (see :meth:`from_dict`)."""
        return {
            "phase": self.phase,
            "player": self.player,
            "under": list(self.under),
            "face_up": list(self.face_up),
            "pile": list(self.pile),
            "on_dragon": [list(d) for d in self.on_dragon],
            "well": self.well,
            "hand": self.hand,
            "rolled": list(self.rolled),
            "rescued": [list(r) for r in self.rescued],
            "jugglers": list(self.jugglers),
            "jugglers_left": self.jugglers_left,
            "turns": self.turns,
        }

    @classmethod
    def from_dict(cls, game: DragonBattle, data: Any) -> DragonBattleState:
        """Rebuild a position, checking that it is one the rules can reach.

        Raises ``ValueError`` naming the first thing wrong: an unknown field, a face or resident
        that does not exist, a component missing or counted twice (say 21 residents), or numbers
        that cannot go together. The same as ``game.state_from_dict(data)``.
        """
        _check_game(game)
        return game.state_from_dict(data)

    # -- checks ----------------------------------------------------------------------------
    def components(self) -> dict[str, int]:
        """Counts of every component, for conservation checks (what ``game.components()`` says
        there are). With ``jugglers_run_out="unlimited"`` the stand-in tokens given once the
        juggler tiles are gone are not tiles and are not counted."""
        residents = (
            [n for n in self.under if n is not None]
            + list(self.pile)
            + [n for r in self.rescued for n in r]
        )
        jugglers = self.jugglers_left + sum(self.jugglers)
        if self.game.jugglers_run_out == "unlimited" and self.jugglers_left == 0:
            jugglers = min(jugglers, self.game.jugglers)
        return {
            "residents": len(residents),
            "distinct_residents": len(set(residents)),
            "jugglers": jugglers,
            "dice": sum(len(d) for d in self.on_dragon) + self.well + self.hand + len(self.rolled),
        }

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> DragonBattleState:
        """The residents face down (memory variant) and the pile dealt again at random: what no
        seat can see now. (The pile's order is never part of the state.)"""
        check_viewer(seat, self.game.players, "seat")
        slots = [i for i, name in enumerate(self.under) if name is not None and not self.face_up[i]]
        if not slots:
            return self
        unseen = [self.under[i] for i in slots] + list(self.pile)
        order = rng.permutation(len(unseen))
        dealt = [unseen[k] for k in order]
        under = list(self.under)
        for i, name in zip(slots, dealt, strict=False):
            under[i] = name
        pile = tuple(sorted(dealt[len(slots) :]))
        return DragonBattleState(
            self.game,
            self.phase,
            self.player,
            tuple(under),
            self.face_up,
            pile,
            self.on_dragon,
            self.well,
            self.hand,
            self.rolled,
            self.rescued,
            self.jugglers,
            self.jugglers_left,
            self.turns,
        )


_NO_DICE: tuple[tuple[str, ...], ...] = ((),) * 4
# the cache of the legal actions is set through the slot's own setter (the state is frozen)
_s_legal = DragonBattleState.__dict__["_legal"].__set__
_new = object.__new__
#: a state being built by :func:`_make`
_Draft = draft_class(DragonBattleState)


def _make(
    game: DragonBattle,
    phase: str,
    player: int,
    under: tuple[str | None, ...],
    face_up: tuple[bool, ...],
    pile: tuple[str, ...],
    on_dragon: tuple[tuple[str, ...], ...],
    well: int,
    hand: int,
    rolled: tuple[str, ...],
    rescued: tuple[tuple[str, ...], ...],
    jugglers: tuple[int, ...],
    jugglers_left: int,
    turns: int,
) -> DragonBattleState:
    """``DragonBattleState(...)`` for the engine's own transitions (same fields, same result),
    built as a draft (:func:`kaskaria.core.draft_class`)."""
    s: Any = _new(_Draft)
    s.game = game
    s.phase = phase
    s.player = player
    s.under = under
    s.face_up = face_up
    s.pile = pile
    s.on_dragon = on_dragon
    s.well = well
    s.hand = hand
    s.rolled = rolled
    s.rescued = rescued
    s.jugglers = jugglers
    s.jugglers_left = jugglers_left
    s.turns = turns
    s._legal = None
    s.__class__ = DragonBattleState
    return s
