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
a placement the scare ends as a success.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from ..core import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    InvalidActionError,
    check_choice,
    pick_outcome,
)
from .rules import COLOURS, FACE_LETTERS, FACES, OPTIONS, RULES, VARIANTS, DragonBattleRules

NAME = "dragon-battle"

_FACE_SET = frozenset(FACES)
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
ROLL = Action("roll")
STOP = Action("stop")


# ---------------------------------------------------------------------------------------------
# Chance tables (shared, cached)
# ---------------------------------------------------------------------------------------------
@cache
def roll_outcomes(dice: int) -> tuple[tuple[Action, Fraction], ...]:
    """Every multiset of faces ``dice`` dice can show, with its exact probability.

    Faces in the text are in alphabetical order (``roll black blue red red``). For 4 dice there
    are 126 outcomes whose weights (ordered rolls) sum to 6**4 = 1296.
    """
    if dice not in (1, 2, 3, 4):
        raise ValueError(f"a roll uses 1 to 4 dice, not {dice!r}")
    total = len(FACES) ** dice
    out = []
    for combo in combinations_with_replacement(sorted(FACES), dice):
        ways = math.factorial(dice)
        for face in set(combo):
            ways //= math.factorial(combo.count(face))
        out.append((Action("roll", combo), Fraction(ways, total)))
    out.sort(key=lambda pair: pair[0])
    return tuple(out)


@cache
def _draw_action(name: str) -> Action:
    """The action that draws ``name`` from the pile (one shared object per name)."""
    return Action("draw", (name,))


@cache
def _roll_table(dice: int) -> tuple[int, tuple[int, ...], tuple[Action, ...]]:
    """(denominator, cumulative weights, actions) for drawing a roll of ``dice`` dice exactly."""
    outcomes = roll_outcomes(dice)
    denominator = len(FACES) ** dice
    cumulative, total = [], 0
    for _, p in outcomes:
        total += p.numerator * (denominator // p.denominator)
        cumulative.append(total)
    return denominator, tuple(cumulative), tuple(a for a, _ in outcomes)


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------
class DragonBattle(Game):
    """Dragon Battle (HABA's Drachenschreck) for 2-4 players.

    Variants: ``"basic"``, ``"younger"`` (most rescued residents wins), ``"memory"`` (residents are
    shown, then face down until rescued). Options: see :data:`kaskaria.dragon_battle.OPTIONS`.
    """

    name = NAME
    title = "Dragon Battle"
    min_players = 2
    max_players = 4
    variants = tuple(VARIANTS)

    def __init__(
        self,
        players: int = 2,
        variant: str = "basic",
        seed: int | None = None,
        *,
        silver_with_colour: bool = False,
        jugglers_run_out: str = "nothing",
        first_player: int = 0,
        rules: DragonBattleRules | None = None,
        juggler_stars: int | None = None,
        stars: dict[str, int] | None = None,
        **unknown: Any,
    ) -> None:
        if unknown:
            known = (*OPTIONS, "rules", "juggler_stars", "stars")
            raise ValueError(
                f"unknown option(s) {', '.join(repr(k) for k in sorted(unknown))} for "
                f"{self.title}; options are: {', '.join(known)}"
            )
        super().__init__(players, variant, seed)
        check_choice("value for silver_with_colour", silver_with_colour, (False, True))
        if not isinstance(silver_with_colour, bool):
            raise ValueError(
                f"silver_with_colour must be True or False, got {silver_with_colour!r}"
            )
        check_choice("value for jugglers_run_out", jugglers_run_out, OPTIONS["jugglers_run_out"][1])
        if first_player.__class__ is not int or first_player not in range(players):
            raise ValueError(
                f"first_player must be a seat from 0 to {players - 1}, got {first_player!r}"
            )
        if rules is not None and not isinstance(rules, DragonBattleRules):
            raise TypeError(f"rules must be a DragonBattleRules table, got {type(rules).__name__}")
        self.rules = (rules or RULES).validate().with_overrides(juggler_stars, stars)
        self.silver_with_colour = silver_with_colour
        self.jugglers_run_out = jugglers_run_out
        self.first_player = first_player
        self.resident_names = self.rules.resident_names()
        self.stars = {r.name: r.stars for r in self.rules.residents.value}
        self.juggler_stars = self.rules.juggler_stars.value
        self.dice = self.rules.dice.value
        self.jugglers = self.rules.jugglers.value
        self.memory = variant == "memory"

    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {
            "silver_with_colour": self.silver_with_colour,
            "jugglers_run_out": self.jugglers_run_out,
            "first_player": self.first_player,
        }
        if self.rules != RULES:
            opts["juggler_stars"] = self.juggler_stars
            defaults = {r.name: r.stars for r in RULES.residents.value}
            if set(defaults) != set(self.stars):
                raise ValueError("a rules table with other residents cannot be saved as options")
            changed = {n: s for n, s in self.stars.items() if defaults[n] != s}
            if changed:
                opts["stars"] = changed
        return opts

    def new_state(self) -> DragonBattleState:
        """The state before set-up: four residents are drawn (chance) before the first roll."""
        return DragonBattleState(
            game=self,
            phase="draw",
            player=self.first_player,
            under=(None,) * 4,
            face_up=(False,) * 4,
            pile=tuple(sorted(self.resident_names)),
            on_dragon=((),) * 4,
            well=0,
            hand=self.dice,
            rolled=(),
            rescued=((),) * self.players,
            jugglers=(0,) * self.players,
            jugglers_left=self.jugglers,
            turns=0,
        )


@dataclass(frozen=True, slots=True)
class DragonBattleState:
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
            return _roll_table(self.hand)[2]  # the outcomes' actions, shared and cached
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
        if isinstance(action, str):
            action = self.parse_action(action)
        elif not isinstance(action, Action):
            raise InvalidActionError(
                f"an action must be an Action or its text, got {type(action).__name__} {action!r}"
            )
        phase = self.phase
        if phase == "rolling":
            args = action.args
            try:
                ok = (
                    action.verb == "roll"
                    and len(args) == self.hand
                    and all(f in _FACE_SET for f in args)
                    and list(args) == sorted(args)
                )
            except TypeError:  # words that are not text (reported below)
                ok = False
        elif phase == "draw":
            ok = action.verb == "draw" and len(action.args) == 1 and action.args[0] in self.pile
        else:
            ok = action in self.legal_actions()
        if not ok:
            self._check_well_formed(action)
            raise IllegalActionError(self._illegal_message(action))
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
        if self.phase == "rolling":
            if not isinstance(rng, np.random.Generator):
                return pick_outcome(self.chance_outcomes(), rng)  # raises the TypeError
            denominator, cumulative, actions = _roll_table(self.hand)
            return actions[bisect_right(cumulative, int(rng.integers(denominator)))]
        if self.phase == "draw" and isinstance(rng, np.random.Generator):
            # every tile in the pile is equally likely
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

        (Written out field by field: this is the engine's hottest path.)
        """
        return DragonBattleState(
            self.game,
            phase,
            self.player,
            self.under if under is None else under,
            self.face_up if face_up is None else face_up,
            self.pile if pile is None else pile,
            self.on_dragon if on_dragon is None else on_dragon,
            self.well if well is None else well,
            self.hand if hand is None else hand,
            self.rolled if rolled is None else rolled,
            self.rescued,
            self.jugglers,
            self.jugglers_left,
            self.turns,
        )

    def _face_up_after_roll(self) -> tuple[bool, ...]:
        if self.game.memory:
            return (False,) * 4
        return self.face_up

    def _after_draw(self, name: str) -> DragonBattleState:
        slot = self.under.index(None)
        under = self.under[:slot] + (name,) + self.under[slot + 1 :]
        face_up = self.face_up[:slot] + (True,) + self.face_up[slot + 1 :]
        pile = tuple(n for n in self.pile if n != name)
        phase = "draw" if None in under else "start"
        return self._but(phase, under=under, face_up=face_up, pile=pile)

    def _after_roll(self, faces: tuple[str, ...]) -> DragonBattleState:
        black = faces.count("black")
        rolled = tuple(f for f in faces if f != "black")
        state = self._but("place", well=self.well + black, hand=0, rolled=rolled)
        if not state.legal_actions():
            return state._end_scare(success=False)
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
            won = tuple(under[i] for i in range(4) if self.on_dragon[i])
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
        return DragonBattleState(
            game=game,
            phase=phase,
            player=(p + 1) % game.players,
            under=tuple(under),
            face_up=tuple(face_up),
            pile=self.pile,
            on_dragon=((),) * 4,
            well=0,
            hand=game.dice,
            rolled=(),
            rescued=tuple(rescued),
            jugglers=tuple(jugglers),
            jugglers_left=jugglers_left,
            turns=self.turns + 1,
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
            raise InvalidActionError(f"empty action text {text!r}; {_NOTATION}")
        verb, args = words[0], tuple(words[1:])
        if verb == "roll":
            bad = [w for w in args if w not in _FACE_SET]
            if bad:
                raise InvalidActionError(
                    f"{text!r}: {bad[0]!r} is not a die face; faces are {', '.join(FACES)}"
                )
            if len(args) > self.game.dice:
                raise InvalidActionError(f"{text!r}: there are only {self.game.dice} dice")
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
                f"{text!r} is not a placement; write 'place <colour>' with a colour of "
                f"{', '.join(COLOURS)}, or 'place silver on <colour>'"
            )
        if verb == "draw" and len(args) == 1:
            if args[0] not in self.game.stars:
                raise InvalidActionError(
                    f"{text!r}: {args[0]!r} is not a resident; residents are "
                    f"{', '.join(self.game.resident_names)}"
                )
            return Action("draw", args)
        raise InvalidActionError(f"{text!r} is not a Dragon Battle action; {_NOTATION}")

    def _check_well_formed(self, action: Action) -> None:
        """Raise InvalidActionError if ``action`` is not written as this game writes actions."""
        if not isinstance(action.verb, str) or not all(isinstance(a, str) for a in action.args):
            raise InvalidActionError(
                f"Action({action.verb!r}, {action.args!r}) is not a Dragon Battle action: the "
                f"verb and its words must be text; {_NOTATION}"
            )
        canonical = self.parse_action(str(action))
        if canonical != action:
            raise InvalidActionError(
                f"{action!r} is not written as Dragon Battle writes it; write "
                f"'{canonical}' (dice results list their faces in alphabetical order)"
            )

    def _whose(self) -> str:
        return f"player {self.player}'s"

    def _phase_words(self) -> str:
        return {
            "draw": "a resident is being drawn from the pile",
            "start": "the scare starts with a roll of all dice",
            "rolling": "the dice are being rolled",
            "place": f"one colour of the roll {' '.join(self.rolled)} must be set aside",
            "decide": f"roll the {self.hand} dice in hand again, or stop",
            "over": "the game is over",
        }[self.phase]

    def _illegal_message(self, action: Action) -> str:
        legal = self.legal_actions()
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        instead = f"Legal now: {shown}." if legal else "Nothing is legal: the game is over."
        return f"'{action}' is not allowed: {self._rule_broken(action)}. {instead}"

    def _rule_broken(self, action: Action) -> str:
        phase, verb, args = self.phase, action.verb, action.args
        if phase == "over":
            return "the game is over"
        if (
            phase in ("draw", "rolling")
            and verb not in ("draw", "roll")
            or (phase in ("draw", "rolling") and not args)
        ):
            return f"it is not a player's decision now ({self._phase_words()})"
        if verb == "draw":
            if phase != "draw":
                return "residents are drawn only to fill an empty place under a dragon"
            return f"{args[0]} is not in the draw pile"
        if verb == "roll" and args:
            if phase != "rolling":
                return "dice results come from the dice, not from a player's decision"
            return f"{self.hand} dice are being rolled, so a result shows exactly {self.hand} faces"
        if verb == "roll":
            if phase == "place":
                return "after a roll you must first set aside one colour that can be placed"
        if verb == "stop":
            if phase == "start":
                return "you cannot stop before you have scared a dragon: roll first"
            if phase == "place":
                return "you must first set aside one colour of this roll"
        if verb == "place":
            if phase != "place":
                return "you may place dice only right after a roll, once per roll"
            colour = args[0]
            target = args[2] if colour == "silver" else colour
            if self.on_dragon[_COLOUR_INDEX[target]]:
                return f"the {target} dragon already holds dice; dice go only on an empty dragon"
            if colour not in self.rolled:
                return f"this roll shows no {colour} die"
            if len(args) == 3 and args[1] == "with":
                if not self.game.silver_with_colour:
                    return (
                        "silver dice are placed on their own, not together with a colour "
                        "(option silver_with_colour=False)"
                    )
                return "this roll shows no silver die"
        return f"it does not fit the moment ({self._phase_words()})"

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

    def returns(self) -> tuple[float, ...]:
        """+1 for each winner, -1 for each other player (0 for all until the game is over)."""
        if not self.is_terminal():
            return (0.0,) * self.game.players
        w = set(self.winners())
        return tuple(1.0 if p in w else -1.0 for p in range(self.game.players))

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

    # -- what a player may see -------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: everything except the pile's order and face-down residents."""
        g = self.game
        if player.__class__ is not int or player not in range(g.players):
            raise ValueError(f"player must be a seat from 0 to {g.players - 1}, got {player!r}")
        dragons = []
        for i, colour in enumerate(COLOURS):
            name = self.under[i]
            shown = name is not None and self.face_up[i]
            dragons.append(
                {
                    "colour": colour,
                    "resident": name if shown else None,
                    "stars": g.stars[name] if shown else None,
                    "face_down": name is not None and not shown,
                    "dice": list(self.on_dragon[i]),
                }
            )
        return {
            "game": NAME,
            "variant": g.variant,
            "viewer": player,
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

    # -- display ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<DragonBattleState {self.text()}>"

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
        that cannot go together.
        """
        return _state_from_dict(game, data)

    # -- checks ----------------------------------------------------------------------------
    def components(self) -> dict[str, int]:
        """Counts of every component, for conservation checks."""
        residents = (
            [n for n in self.under if n is not None]
            + list(self.pile)
            + [n for r in self.rescued for n in r]
        )
        return {
            "residents": len(residents),
            "distinct_residents": len(set(residents)),
            "jugglers": self.jugglers_left + sum(self.jugglers),
            "dice": sum(len(d) for d in self.on_dragon) + self.well + self.hand + len(self.rolled),
        }


_NOTATION = (
    "actions are: roll, stop, place <colour>, place silver on <colour>, "
    "roll <faces> (dice results), draw <resident> (a draw from the pile)"
)


def placements(
    rolled: tuple[str, ...], on_dragon: tuple[tuple[str, ...], ...], silver_with_colour: bool
) -> tuple[Action, ...]:
    """The sorted legal placements for the non-black ``rolled`` faces."""
    scared = tuple(bool(d) for d in on_dragon)
    return _placements(frozenset(rolled), scared, silver_with_colour)


@cache
def _placements(
    faces: frozenset[str], scared: tuple[bool, ...], silver_with_colour: bool
) -> tuple[Action, ...]:
    acts = []
    has_silver = "silver" in faces
    for i, colour in enumerate(COLOURS):
        if scared[i]:
            continue
        if has_silver:
            acts.append(Action("place", ("silver", "on", colour)))
        if colour in faces:
            acts.append(Action("place", (colour,)))
            if has_silver and silver_with_colour:
                acts.append(Action("place", (colour, "with", "silver")))
    acts.sort()
    return tuple(acts)


_PHASES = ("draw", "start", "rolling", "place", "decide", "over")


def _fail(msg: str) -> None:
    raise ValueError(f"impossible Dragon Battle position: {msg}")


def _whole(data: dict, name: str, lo: int, hi: int) -> int:
    v = data[name]
    if v.__class__ is not int or not lo <= v <= hi:  # bool is not int here
        _fail(f"{name} must be a whole number from {lo} to {hi}, got {v!r}")
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
        _fail(f"{bad!r} in {name} is not a die face; faces are {', '.join(FACES)}")
    return tuple(values)


def _residents(names: frozenset[str], values: list, where: str) -> tuple[str, ...]:
    if _known(names, values):
        return tuple(values)
    bad = next(v for v in values if v.__class__ is not str or v not in names)
    _fail(f"{bad!r} in {where} is not a resident; residents are {', '.join(sorted(names))}")


def _state_from_dict(game: DragonBattle, data: Any) -> DragonBattleState:
    fail = _fail
    if not isinstance(game, DragonBattle):
        raise TypeError(f"game must be a Dragon Battle game, got {game!r}")
    if not isinstance(data, dict):
        fail(f"expected a JSON object, got {type(data).__name__}")
    if data.keys() != _FIELD_SET:
        fail(
            f"fields missing {sorted(_FIELD_SET - set(data))}, "
            f"unknown {sorted(set(data) - _FIELD_SET, key=repr)}"
        )
    phase = data["phase"]
    if phase.__class__ is not str or phase not in _PHASES:
        fail(f"phase {phase!r} is unknown; phases are {', '.join(_PHASES)}")
    player = _whole(data, "player", 0, game.players - 1)
    names = frozenset(game.resident_names)

    under = tuple(_list(data, "under", 4))
    _residents(names, [v for v in under if v is not None], "under")
    face_up = _list(data, "face_up", 4)
    if not all(v.__class__ is bool for v in face_up):
        fail("face_up must be four true/false values")
    face_up = tuple(face_up)
    pile = _residents(names, _list(data, "pile"), "pile")
    if list(pile) != sorted(pile):
        fail("the pile must be listed in sorted order")
    on_dragon = tuple(_faces("on_dragon", d) for d in _list(data, "on_dragon", 4))
    rolled = _faces("rolled", data["rolled"])
    rescued = []
    for r in _list(data, "rescued", game.players):
        if r.__class__ is not list:
            fail(f"rescued must hold one list of residents per player, got {r!r}")
        rescued.append(_residents(names, r, "rescued"))
    rescued = tuple(rescued)
    jugglers = tuple(_list(data, "jugglers", game.players))
    if not all(j.__class__ is int and j >= 0 for j in jugglers):
        fail(f"jugglers must be whole numbers >= 0, got {jugglers}")
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
        _whole(data, "turns", 0, 10**9),
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
        fail(f"{counted} jugglers are counted; there are {game.jugglers}")

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
