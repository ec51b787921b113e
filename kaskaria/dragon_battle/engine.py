"""Dragon Battle: the whole rulebook as an immutable state machine.

Phases of a state (``state.phase``):

``"draw"``    chance: a resident is drawn from the pile and laid under the leftmost empty dragon
              (at set-up, and between turns to refill empty places);
``"start"``   the player to move must roll all the dice (``roll``);
``"rolling"`` chance: the dice in hand are rolled (``roll black blue red red``);
``"place"``   the player must set aside one colour of the roll (``place red``,
              ``place silver on blue``, with an option also ``place red with silver``);
``"decide"``  the player rolls the dice still in hand (``roll``) or stops (``stop``);
``"over"``    the game has ended.

Black dice go to the well as part of the roll itself; a roll on which nothing can be placed fails
the scare at once (the player takes a juggler if any are left); when no dice are left in hand after
a placement the scare ends as a success. The turn itself (dice, outcomes, placements) is the model
of :mod:`kaskaria.dragon_battle.turn`, which the odds, the bots and the simulator share.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
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
)
from ..i18n import Phrase, register_loader
from ..i18n import text as _t
from ..validate import short
from .rules import (
    COLOURS,
    FACE_LETTERS,
    FACES,
    OPTION_TABLE,
    RULES,
    VARIANTS,
    DragonBattleRules,
)
from .turn import (
    ROLL,
    STOP,
    _placement_actions,
    counts_of,
    mask_of,
    placements,
    roll_outcomes,
    roll_picker,
)

__all__ = [
    "GAME_TYPE",
    "NAME",
    "ROLL",
    "STOP",
    "DragonBattle",
    "DragonBattleState",
    "placements",
    "roll_outcomes",
]

NAME = "dragon-battle"
_GENERATOR = np.random.Generator

_FACE_SET = frozenset(FACES)
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}

GAME_TYPE = GameType(
    name=NAME,
    title="Dragon Battle",
    min_players=2,
    max_players=4,
    variants=tuple(VARIANTS),
    information="imperfect",  # only the memory variant hides something, and from everyone
    score_unit="stars",
    automatic_chance=frozenset({"refill"}),
    shown_chance=frozenset({"roll"}),
    max_actions=10_000,
)


def _load_messages() -> None:
    from . import messages  # noqa: F401  (registers the tables)


register_loader(NAME, _load_messages)


@cache
def _roll_set(dice: int) -> frozenset[Action]:
    """The possible results of rolling ``dice`` dice."""
    return frozenset(roll_picker(dice).actions)


@cache
def _split_roll(faces: tuple[str, ...]) -> tuple[int, tuple[str, ...], tuple[int, ...]]:
    """A roll's black dice, its other faces, and those faces counted (one entry per roll)."""
    rolled = tuple(f for f in faces if f != "black")
    return len(faces) - len(rolled), rolled, counts_of(rolled)


@cache
def _draw_action(name: str) -> Action:
    """The action that draws ``name`` from the pile (one shared object per name)."""
    return Action("draw", (name,))


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------
class DragonBattle(Game):
    """Dragon Battle (HABA's Drachenschreck) for 2-4 players.

    Variants: ``"basic"``, ``"younger"`` (most rescued residents wins), ``"memory"`` (residents are
    shown, then face down until rescued). Options: see :data:`kaskaria.dragon_battle.OPTIONS`;
    rules-table overrides: ``juggler_stars=``, ``jugglers=``, ``stars={name: stars}``,
    ``residents={name: stars}`` (a whole new list) or ``rules=`` (a :class:`DragonBattleRules`).
    """

    game_type = GAME_TYPE
    #: what a seat at this game may keep private from the others (nothing: see the memory variant)
    private_information = False
    #: option names a saved game may hold (``rules`` is a Python table: saved as its values)
    saved_options = (*OPTION_TABLE, "juggler_stars", "jugglers", "stars", "residents")

    def __init__(
        self,
        players: int = 2,
        variant: str = "basic",
        seed: int | None = None,
        *,
        rules: DragonBattleRules | None = None,
        juggler_stars: int | None = None,
        jugglers: int | None = None,
        stars: dict[str, int] | None = None,
        residents: dict[str, int] | None = None,
        **options: Any,
    ) -> None:
        OPTION_TABLE.check_names(
            options, ("rules", "juggler_stars", "jugglers", "stars", "residents")
        )
        if rules is not None and not isinstance(rules, DragonBattleRules):
            raise TypeError(f"rules must be a DragonBattleRules table, got {type(rules).__name__}")
        self.rules = (
            (rules or RULES).validate().with_overrides(juggler_stars, stars, residents, jugglers)
        )
        super().__init__(players, variant, seed)
        chosen = OPTION_TABLE.resolve(options, players)
        self.silver_with_colour: bool = chosen["silver_with_colour"]
        self.jugglers_run_out: str = chosen["jugglers_run_out"]
        self.first_player: int = chosen["first_player"]
        self.resident_names = self.rules.resident_names()
        self.stars = {r.name: r.stars for r in self.rules.residents.value}
        self.juggler_stars = self.rules.juggler_stars.value
        self.dice = self.rules.dice.value
        self.jugglers = self.rules.jugglers.value
        self.memory = variant == "memory"
        self._pile = tuple(sorted(self.resident_names))

    def player_range(self) -> tuple[int, int]:
        rules = getattr(self, "rules", None) or RULES
        lo, hi = rules.players.value
        return lo, hi

    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {
            "silver_with_colour": self.silver_with_colour,
            "jugglers_run_out": self.jugglers_run_out,
            "first_player": self.first_player,
        }
        if self.rules != RULES:
            opts["juggler_stars"] = self.juggler_stars
            if self.jugglers != RULES.jugglers.value:
                opts["jugglers"] = self.jugglers
            defaults = {r.name: r.stars for r in RULES.residents.value}
            if list(defaults) != list(self.stars):
                opts["residents"] = dict(self.stars)
            else:
                changed = {n: s for n, s in self.stars.items() if defaults[n] != s}
                if changed:
                    opts["stars"] = changed
        return opts

    @property
    def score_unit(self) -> str:
        return "residents" if self.variant == "younger" else "stars"

    def tournament_stats(self, state: Any) -> dict[str, tuple[Any, ...]]:
        return {"stars": state.stars()}

    def components(self) -> dict[str, int]:
        return {
            "residents": len(self.resident_names),
            "distinct_residents": len(self.resident_names),
            "jugglers": self.jugglers,
            "dice": self.dice,
        }

    def new_state(self) -> DragonBattleState:
        """The state before set-up: four residents are drawn (chance) before the first roll."""
        return DragonBattleState(
            game=self,
            phase="draw",
            player=self.first_player,
            under=(None,) * 4,
            face_up=(False,) * 4,
            pile=self._pile,
            on_dragon=((),) * 4,
            well=0,
            hand=self.dice,
            rolled=(),
            rescued=((),) * self.players,
            jugglers=(0,) * self.players,
            jugglers_left=self.jugglers,
            turns=0,
        )

    def state_from_dict(self, data: Any) -> DragonBattleState:
        """Rebuild a position, checking that it is one the rules can reach (see
        :meth:`DragonBattleState.from_dict`)."""
        return _state_from_dict(self, data)


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
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be a string, got {type(text).__name__}")
        words = text.lower().split()
        if not words:
            raise InvalidActionError(f"empty action text {short(text, 20)}; {_NOTATION}")
        verb, args = words[0], tuple(words[1:])
        if verb == "roll":
            bad = [w for w in args if w not in _FACE_SET]
            if bad:
                raise InvalidActionError(
                    f"{short(text, 60)}: {short(bad[0], 20)} is not a die face; faces are {', '.join(FACES)}"
                )
            if len(args) > self.game.dice:
                raise InvalidActionError(f"{short(text, 60)}: there are only {self.game.dice} dice")
            return Action("roll", tuple(sorted(args)))
        if verb == "stop" and not args:
            return STOP
        if verb == "place":
            if len(args) == 1 and args[0] in COLOURS:
                return Action("place", args)
            if len(args) == 3 and args[0] == "silver" and args[1] == "on" and args[2] in COLOURS:
                return Action("place", args)
            if len(args) == 3 and args[0] in COLOURS and args[1:] == ("with", "silver"):
                return Action("place", args)
            raise InvalidActionError(
                f"{short(text, 60)} is not a placement; write 'place <colour>' with a colour of "
                f"{', '.join(COLOURS)}, or 'place silver on <colour>'"
            )
        if verb == "draw" and len(args) == 1:
            if args[0] not in self.game.stars:
                raise InvalidActionError(
                    f"{short(text, 60)}: {short(args[0], 20)} is not a resident; residents are "
                    f"{', '.join(self.game.resident_names)}"
                )
            return Action("draw", args)
        raise InvalidActionError(f"{short(text, 60)} is not a Dragon Battle action; {_NOTATION}")

    def _check_well_formed(self, action: Action) -> None:
        """Raise InvalidActionError if ``action`` is not written as this game writes actions."""
        if not isinstance(action, Action) or not action.well_formed():
            raise InvalidActionError(
                f"{action!r} is not a Dragon Battle action: the verb and its words must be text; "
                f"{_NOTATION}"
            )
        canonical = self.parse_action(str(action))
        if canonical != action:
            raise InvalidActionError(
                f"{action!r} is not written as Dragon Battle writes it; write "
                f"'{canonical}' (dice results list their faces in alphabetical order)"
            )

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
            if phase != "place":
                return "rule.place_after_roll", {}
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
        g = self.game
        viewer = check_viewer(viewer, g.players, "player")
        if memory not in ("forgetful", "perfect"):
            raise ValueError(f"memory must be 'forgetful' or 'perfect', got {short(memory)}")
        reveal = viewer is OMNISCIENT
        dragons = []
        for i, colour in enumerate(COLOURS):
            name = self.under[i]
            shown = name is not None and (self.face_up[i] or reveal)
            dragon = {
                "colour": colour,
                "resident": name if shown else None,
                "stars": g.stars[name] if shown else None,
                "face_down": name is not None and not self.face_up[i],
                "dice": list(self.on_dragon[i]),
            }
            if memory == "perfect" and name is not None and not self.face_up[i]:
                dragon["remembered"] = {"resident": name, "stars": g.stars[name]}
            dragons.append(dragon)
        return {
            "game": NAME,
            "variant": g.variant,
            "viewer": viewer if viewer.__class__ is int else str(viewer),
            "phase": self.phase,
            "player": self.player,
            "dragons": dragons,
            "well": self.well,
            "hand": self.hand,
            "rolled": list(self.rolled),
            "pile": len(self.pile),
            "jugglers_left": self.jugglers_left,
            "rescued": [[{"resident": n, "stars": g.stars[n]} for n in r] for r in self.rescued],
            "jugglers": list(self.jugglers),
            "stars": list(self.stars()),
            "scores": list(self.scores()),
            "winners": list(self.winners()),
            "turns": self.turns,
        }

    def redact(self, action: Action, viewer: ViewerLike, now: State | None = None) -> str:
        """The line of ``action`` as ``viewer`` may read it once the game reached ``now``: in the
        memory variant a resident still lying face down is not named (``draw ?``)."""
        if (
            action.verb == "draw"
            and self.game.memory
            and viewer is not OMNISCIENT
            and _face_down_in(action.args[0], now if now is not None else self.apply(action))  # type: ignore[arg-type]
        ):
            return "draw ?"
        return str(action)

    def action_text(
        self,
        action: Action,
        viewer: ViewerLike = OMNISCIENT,
        lang: str = "en",
        now: State | None = None,
    ) -> str:
        """A short sentence for the log: what ``action`` (taken in this state) did, as ``viewer``
        may know it once the game reached ``now``."""
        verb, args = action.verb, action.args
        if verb == "draw":
            slot = self.under.index(None)
            dragon = _t(NAME, f"the_dragon_acc.{COLOURS[slot]}", lang)
            if self.redact(action, viewer, now) == "draw ?":
                return _t(NAME, "log.draw_hidden", lang, dragon=dragon)
            name = args[0]
            stars = _t(NAME, "stars", lang, n=self.game.stars[name])
            return _t(
                NAME, "log.draw", lang, name=resident_word(name, lang), stars=stars, dragon=dragon
            )
        who = _t("core", "player", lang, n=self.player + 1)
        # the viewer's own decision is told to it as "you" ("you put 1 die on the blue dragon")
        you = "_you" if viewer.__class__ is int and viewer == self.player else ""
        if verb == "roll" and not args:
            return _t(
                NAME,
                f"log.roll_decision{you}",
                lang,
                who=who,
                dice=_t(NAME, "dice", lang, n=self.hand),
            )
        if verb == "roll":
            faces = " ".join(_t(NAME, f"colour.{f}", lang) for f in args)
            return _t(NAME, "log.roll_result", lang, faces=faces)
        if verb == "stop":
            return _t(NAME, f"log.stop{you}", lang, who=who)
        colour = args[0]
        target = args[2] if colour == "silver" else colour
        moved = _moved(self.rolled, action)
        on = _t(NAME, f"on_the_dragon.{target}", lang)
        dice = _t(NAME, "dice", lang, n=moved)
        return _t(NAME, f"log.place{you}", lang, who=who, dice=dice, on=on)

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
        return _state_from_dict(game, data)

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


_NOTATION = (
    "actions are: roll, stop, place <colour>, place silver on <colour>, "
    "roll <faces> (dice results), draw <resident> (a draw from the pile)"
)


def _face_down_in(name: str, state: DragonBattleState) -> bool:
    """Does resident ``name`` lie face down under a dragon in ``state``?"""
    for slot, under in enumerate(state.under):
        if under == name:
            return not state.face_up[slot]
    return False


def _moved(rolled: tuple[str, ...], action: Action) -> int:
    """How many dice the placement ``action`` sets aside from ``rolled``."""
    colour = action.args[0]
    if colour == "silver":
        return rolled.count("silver")
    if len(action.args) == 3:  # "<colour> with silver"
        return rolled.count(colour) + rolled.count("silver")
    return rolled.count(colour)


def resident_word(name: str, lang: str = "en") -> str:
    """A resident's name in ``lang`` (a resident of a teacher's own table keeps its name)."""
    try:
        return _t(NAME, f"resident.{name}", lang)
    except KeyError:
        return name


_PHASES = ("draw", "start", "rolling", "place", "decide", "over")


def _fail(msg: str) -> None:
    raise ValueError(f"impossible Dragon Battle position: {msg}")


def _whole(data: dict, name: str, lo: int, hi: int) -> int:
    v = data[name]
    if v.__class__ is not int or not lo <= v <= hi:  # bool is not int here
        _fail(f"{name} must be a whole number from {lo} to {hi}, got {short(v)}")
    return v


def _list(data: dict, name: str, length: int | None = None) -> list:
    v = data[name]
    if v.__class__ is not list or (length is not None and len(v) != length):
        _fail(f"{name} must be a list" + (f" of {length}" if length is not None else ""))
    return v


def _known(allowed: frozenset[str], values: list) -> bool:
    """Are all ``values`` in ``allowed``? (False for unhashable values, without a loop.)"""
    try:
        return allowed.issuperset(values)
    except TypeError:
        return False


def _faces(name: str, values: Any) -> tuple[str, ...]:
    if values.__class__ is not list:
        _fail(f"{name} must be a list of die faces")
    if not _known(_FACE_SET, values):
        bad = next(f for f in values if f.__class__ is not str or f not in _FACE_SET)
        _fail(f"{short(bad)} in {name} is not a die face; faces are {', '.join(FACES)}")
    return tuple(values)


def _residents(names: frozenset[str], values: list, where: str) -> tuple[str, ...]:  # type: ignore[return]
    if _known(names, values):
        return tuple(values)
    bad = next(v for v in values if v.__class__ is not str or v not in names)
    _fail(f"{short(bad)} in {where} is not a resident; residents are {', '.join(sorted(names))}")


def _state_from_dict(game: DragonBattle, data: Any) -> DragonBattleState:
    fail = _fail
    if not isinstance(game, DragonBattle):
        raise TypeError(f"game must be a Dragon Battle game, got {short(game)}")
    if not isinstance(data, dict):
        fail(f"expected a JSON object, got {type(data).__name__}")
    if data.keys() != _FIELD_SET:
        fail(
            f"fields missing {sorted(_FIELD_SET - set(data))}, "
            f"unknown {sorted(set(data) - _FIELD_SET, key=repr)}"
        )
    phase = data["phase"]
    if phase.__class__ is not str or phase not in _PHASES:
        fail(f"phase {short(phase)} is unknown; phases are {', '.join(_PHASES)}")
    player = _whole(data, "player", 0, game.players - 1)
    names = frozenset(game.resident_names)

    under = tuple(_list(data, "under", 4))
    _residents(names, [v for v in under if v is not None], "under")
    face_up_list = _list(data, "face_up", 4)
    if not all(v.__class__ is bool for v in face_up_list):
        fail("face_up must be four true/false values")
    face_up = tuple(face_up_list)
    pile = _residents(names, _list(data, "pile"), "pile")
    if list(pile) != sorted(pile):
        fail("the pile must be listed in sorted order")
    on_dragon = tuple(_faces("on_dragon", d) for d in _list(data, "on_dragon", 4))
    rolled = _faces("rolled", data["rolled"])
    rescued_lists = []
    for r in _list(data, "rescued", game.players):
        if r.__class__ is not list:
            fail(f"rescued must hold one list of residents per player, got {short(r)}")
        rescued_lists.append(_residents(names, r, "rescued"))
    rescued = tuple(rescued_lists)
    jugglers = tuple(_list(data, "jugglers", game.players))
    if not all(j.__class__ is int and j >= 0 for j in jugglers):
        fail(f"jugglers must be whole numbers >= 0, got {short(list(jugglers))}")
    well = _whole(data, "well", 0, game.dice)
    hand = _whole(data, "hand", 0, game.dice)
    jugglers_left = _whole(data, "jugglers_left", 0, game.jugglers)
    state = DragonBattleState(
        game,
        phase,
        player,
        under,
        face_up,
        pile,
        on_dragon,
        well,
        hand,
        rolled,
        rescued,
        jugglers,
        jugglers_left,
        _whole(data, "turns", 0, game.describe().max_actions // 2),
    )

    # every component exactly once
    tiles = [n for n in under if n is not None]
    tiles += pile
    for r in rescued:
        tiles += r
    total = len(names)
    if len(tiles) != total or len(set(tiles)) != total:
        fail(
            f"{len(tiles)} resident tiles ({len(set(tiles))} different) are "
            f"placed; there must be each of the {total} exactly once"
        )
    dice = well + hand + len(rolled) + sum(len(d) for d in on_dragon)
    if dice != game.dice:
        fail(f"{dice} dice are placed; there are {game.dice}")
    counted = jugglers_left + sum(jugglers)
    if counted != game.jugglers and (
        game.jugglers_run_out == "nothing" or counted < game.jugglers or jugglers_left
    ):
        fail(f"{short(counted)} jugglers are counted; there are {game.jugglers}")

    # dice on the dragons and residents under them
    for i, d in enumerate(on_dragon):
        if not d:
            continue
        colour = COLOURS[i]
        if "black" in d:
            fail(f"a black die lies on the {colour} dragon; black dice go to the well")
        if under[i] is None:
            fail(f"dice lie on the {colour} dragon, which guards no resident")
        kinds = set(d)
        if kinds != {"silver"} and kinds != {colour}:
            if not (game.silver_with_colour and kinds == {colour, "silver"}):
                fail(
                    f"dice {list(d)} lie on the {colour} dragon; a dragon holds only its own "
                    "colour or only silver dice"
                )
    memory = game.memory
    scare = phase in ("rolling", "place", "decide")
    for i, name in enumerate(under):
        if name is None:
            if face_up[i]:
                fail(f"the empty place under the {COLOURS[i]} dragon is marked face up")
        elif not memory and not face_up[i]:
            fail(f"{name} lies face down, but residents lie face down only in the memory variant")
        elif memory and scare and face_up[i]:
            fail(f"{name} lies face up during a scare; in the memory variant it is face down")

    # the phase and where the dice are
    if "black" in rolled:
        fail("a black die is among the rolled dice; black dice go to the well at once")
    empty = under.count(None)
    if phase != "draw" and phase != "over" and empty:
        fail(f"a place under a dragon is empty in phase {phase!r}")
    if phase == "place" and not state.legal_actions():
        fail("in phase 'place' at least one colour of the roll must be placeable")
    if phase != "place" and rolled:
        fail("rolled dice wait only in phase 'place'")
    if phase in ("start", "draw", "over") and (any(on_dragon) or well or hand != game.dice):
        fail(f"in phase {phase!r} all dice are in hand")
    if phase in ("rolling", "decide") and hand == 0:
        fail(f"in phase {phase!r} at least one die is in hand")
    if phase == "place" and hand:
        fail("in phase 'place' the rolled dice are not in hand (hand must be 0)")
    if phase == "decide" and not any(on_dragon):
        fail("in phase 'decide' at least one dragon holds dice")
    if phase == "draw" and not empty:
        fail("in phase 'draw' a place under a dragon must be empty")
    if phase == "draw" and len(pile) < empty:
        fail(f"{empty} places are empty but the pile holds {len(pile)}: the game would be over")
    if phase == "over" and len(pile) >= empty:
        fail(f"the game is over only when the pile ({len(pile)}) cannot fill the empty places")
    scared = any(on_dragon)
    if phase == "rolling" and not scared and (well or hand != game.dice):
        fail(
            "in phase 'rolling' with no dragon scared the scare has just begun: no die is in the "
            f"well and all {game.dice} are in hand"
        )
    if phase == "place" and not scared and well + len(rolled) != game.dice:
        fail("in phase 'place' with no dragon scared the roll is the first: it used every die")
    turns = state.turns
    if state.player != (game.first_player + turns) % game.players:
        fail(
            f"after {turns} scares it is seat {(game.first_player + turns) % game.players}'s turn "
            f"(seats take turns from seat {game.first_player}), not seat {state.player}'s"
        )
    rescued_count = sum(len(r) for r in rescued)
    fewest = sum(jugglers) + -(-rescued_count // 4)
    if turns < fewest:
        fail(
            f"{turns} scares cannot have rescued {rescued_count} residents and given "
            f"{sum(jugglers)} jugglers (at least {fewest} scares)"
        )
    return state


_FIELDS = (
    "phase",
    "player",
    "under",
    "face_up",
    "pile",
    "on_dragon",
    "well",
    "hand",
    "rolled",
    "rescued",
    "jugglers",
    "jugglers_left",
    "turns",
)
_FIELD_SET = frozenset(_FIELDS)
