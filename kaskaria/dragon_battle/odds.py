"""Exact odds of Dragon Battle, computed from the rules with fractions.

One turn (a "scare") is a small game against the dice. Its state is the set of dragons that
already hold dice (a 4-bit mask: yellow 1, red 2, blue 4, purple 8) and the number of dice in hand.
A roll of ``h`` dice sends its black dice to the well; of the other faces the player sets aside one
colour on an empty dragon (silver dice on any empty dragon; with the option ``silver_with_colour``
also one colour together with all silver dice); if nothing can be set aside the turn fails. The
player then stops (and rescues the residents of every dragon holding dice) or rolls the dice left
in hand. With no dice left the turn ends as a success.

Everything here is exact (:class:`fractions.Fraction`):

- :func:`fail_chance` -- the chance that one roll fails;
- :func:`optimal_turn_value` -- the largest expected number of stars a whole turn can bring;
- :func:`advise` / :func:`advise_turn` -- for any moment of a turn, every legal choice with its
  expected stars and its chance of failing the turn (under best play afterwards), and the best one;
- :func:`turn_distribution` -- how a whole turn ends (failed, or which dragons were scared) under a
  policy: ``"optimal"``, ``"all-in"``, ``"cautious"``, ``"threshold"`` (with ``risk``),
  ``"random"`` or ``"rule"``; :func:`expected_stars` of a policy;
- :func:`optimal_rule_text` -- the best play as a rule a child can follow (see :func:`rule_says_roll`).

The rule, found with the solver for residents of 1-4 stars and a juggler of 1 star: with 3 or 4
dice in hand always roll again; with 2 dice roll again unless two dragons are scared, both empty
dragons have at most 2 stars and you could lose 6 or more stars (3 or more if both have 1 star),
where "what you could lose" is the stars held minus the juggler's; with 1 die, roll only if the
faces that scare a new dragon win more stars (silver: the best empty dragon) than the failing
faces (black and the scared colours) lose. It is the optimal stop-or-roll choice in every such
moment; placing by "stars minus dice set aside" gives up about 0.2% of the best expected stars.

The solver is backward induction over (dragons scared, dice in hand), memoised on hashable keys;
a roll of ``h`` dice is taken as its multisets of faces with their weights out of ``6**h``. When two
choices bring the same expected stars, the one less likely to fail the turn is preferred (so a tie
between rolling and stopping is a stop), then the first in the sorted order of actions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from numbers import Rational
from typing import Any

from ..core import Action
from ..validate import short
from .rules import COLOURS, FACES
from .turn import (
    ROLL,
    STOP,
    after_option,
    mask_of,
    multisets,
)
from .turn import options as placement_options

__all__ = [
    "POLICY_NAMES",
    "Advice",
    "Choice",
    "TurnDistribution",
    "TurnPolicy",
    "advise",
    "advise_turn",
    "expected_stars",
    "fail_chance",
    "make_policy",
    "rule_placement_score",
    "rule_says_roll",
    "optimal_rule_text",
    "optimal_turn_value",
    "turn_distribution",
    "turn_view",
    "MEMORY_MODELS",
    "advise_observation",
    "checked_model",
    "clear_caches",
    "outcome_name",
    "turn_model",
    "view_from_observation",
]

_FULL = 0b1111

#: The turn policies known by name (see :func:`make_policy`).
POLICY_NAMES: tuple[str, ...] = ("optimal", "all-in", "cautious", "threshold", "random", "rule")

# A "model" is the hashable key of one turn problem: (stars of the 4 residents, value of a failed
# turn, silver_with_colour). Star values are ints when whole (fast hashing) or Fractions.
Model = tuple[tuple[Any, Any, Any, Any], Any, bool]


# ---------------------------------------------------------------------------------------------
# Input checks
# ---------------------------------------------------------------------------------------------
def _number(name: str, value: Any) -> int | Fraction:
    """A non-negative exact number: an int or a Fraction (stored as int when whole)."""
    if isinstance(value, bool) or not isinstance(value, Rational):
        raise TypeError(
            f"{name} must be a whole number or a fractions.Fraction (exact), got {value!r}"
        )
    value = Fraction(value)
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
    return int(value) if value.denominator == 1 else value


def turn_model(stars: Any, juggler: Any, silver_with_colour: Any) -> Model:
    """The checked, hashable key of one turn problem: (stars, juggler, silver_with_colour)."""
    if isinstance(stars, (str, bytes)) or not isinstance(stars, Iterable):
        raise TypeError(
            "stars must be 4 numbers: the stars of the residents under the yellow, red, blue and "
            f"purple dragons, got {stars!r}"
        )
    stars = tuple(stars)
    if len(stars) != 4:
        raise ValueError(
            "stars must be 4 numbers (yellow, red, blue, purple dragons), "
            f"got {len(stars)}: {stars!r}"
        )
    values = tuple(
        _number(f"stars of the {c} resident", s) for c, s in zip(COLOURS, stars, strict=True)
    )
    if silver_with_colour not in (False, True) or not isinstance(silver_with_colour, bool):
        raise ValueError(f"silver_with_colour must be True or False, got {silver_with_colour!r}")
    return (values, _number("juggler", juggler), silver_with_colour)  # type: ignore[return-value]


def _check_dice(dice: Any, scared: Any) -> None:
    for name, v in (("dice", dice), ("scared", scared)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name} must be a whole number, got {v!r}")
    if not (1 <= dice <= 4 and 0 <= scared <= 3 and dice + scared <= 4):
        raise ValueError(
            f"dice={dice}, scared={scared} is not a moment of a turn: allowed are 1 <= dice <= 4, "
            "0 <= scared <= 3 and dice + scared <= 4 (every scared dragon holds at least one die)"
        )


def fail_chance(dice: int, scared: int) -> Fraction:
    """The chance that one roll of ``dice`` dice fails when ``scared`` dragons already hold dice.

    A roll fails when no die can be set aside: every die shows black or the colour of a dragon
    that already holds dice (a silver die could always go on an empty dragon). So each die must
    show one of ``1 + scared`` faces out of 6: the chance is ``((1 + scared) / 6) ** dice``.

    >>> fail_chance(2, 1)
    Fraction(1, 9)
    """
    _check_dice(dice, scared)
    return Fraction(1 + scared, 6) ** dice


# ---------------------------------------------------------------------------------------------
# The solver: memoised backward induction
# ---------------------------------------------------------------------------------------------
# Inside the solver every value is an integer: stars times SCALE * D, where D is the common
# denominator of the star values and the juggler, and chances times SCALE. SCALE = 6**10 is the
# product of the dice counts of the longest turn (4 + 3 + 2 + 1 dice), so every expected value
# of a turn is a whole multiple of 1 / (SCALE * D) and the divisions below are exact.
_SCALE = 6**10


@lru_cache(maxsize=1 << 12)
def _scaled(model: Model) -> tuple[tuple[int, ...], int, int]:
    """(scaled stop value of each of the 16 masks, scaled juggler, denominator of the scale)."""
    stars, juggler = model[0], model[1]
    d = math.lcm(*(Fraction(x).denominator for x in (*stars, juggler)))
    unit = _SCALE * d
    stop = tuple(
        int(sum(Fraction(stars[i]) for i in range(4) if mask >> i & 1) * unit) for mask in range(16)
    )
    return stop, int(Fraction(juggler) * unit), unit


def _stop_value(model: Model, mask: int) -> Fraction:
    stop, _, unit = _scaled(model)
    return Fraction(stop[mask], unit)


def _better(a: tuple, b: tuple) -> bool:
    """Is (value, fail) ``a`` strictly better than ``b``? More stars, then less failing."""
    return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1])


# The recursion works on a key of plain integers (the scaled stop values, the scaled juggler,
# silver_with_colour) rather than on the model: a model's star values may be Fractions (the
# memory variant's expected stars), and hashing those at every step of the recursion cost more
# than the step. Two models with the same key have the same scaled solution.
Key = tuple[tuple[int, ...], int, bool]


@lru_cache(maxsize=1 << 12)
def _key(model: Model) -> Key:
    stop, juggler, _ = _scaled(model)
    return stop, juggler, model[2]


@lru_cache(maxsize=1 << 16)
def _roll_key(key: Key, mask: int, hand: int) -> tuple[int, int]:
    stop, juggler, swc = key
    value = fail = 0
    for counts, ways in multisets(hand):
        options = placement_options(mask, counts, swc)
        if not options:
            value += ways * juggler
            fail += ways * _SCALE
            continue
        best: tuple[int, int] | None = None
        for option in options:
            got = _after_key(key, *after_option(mask, counts, option))
            if best is None or _better(got, best):
                best = got
        assert best is not None
        value += ways * best[0]
        fail += ways * best[1]
    total = 6**hand
    assert value % total == 0 and fail % total == 0
    return value // total, fail // total


@lru_cache(maxsize=1 << 16)
def _decide_key(key: Key, mask: int, hand: int) -> tuple[int, int, bool]:
    stop = (key[0][mask], 0)
    roll = _roll_key(key, mask, hand)
    if _better(roll, stop):
        return roll[0], roll[1], True
    return stop[0], stop[1], False


def _after_key(key: Key, mask: int, hand: int) -> tuple[int, int]:
    if hand == 0:
        return key[0][mask], 0
    v, f, _ = _decide_key(key, mask, hand)
    return v, f


def _roll_value(model: Model, mask: int, hand: int) -> tuple[int, int]:
    """Scaled (expected stars, fail chance) of rolling ``hand`` dice now, then playing on
    optimally."""
    return _roll_key(_key(model), mask, hand)


def _decide(model: Model, mask: int, hand: int) -> tuple[int, int, bool]:
    """Scaled (expected stars, fail chance, roll?) with ``hand`` dice in hand after a
    placement."""
    return _decide_key(_key(model), mask, hand)


def _after(model: Model, mask: int, hand: int) -> tuple[int, int]:
    return _after_key(_key(model), mask, hand)


def _exact(model: Model, pair: tuple[int, int]) -> tuple[Fraction, Fraction]:
    """A scaled (value, fail chance) pair as Fractions."""
    return Fraction(pair[0], _scaled(model)[2]), Fraction(pair[1], _SCALE)


@lru_cache(maxsize=1 << 16)
def _best_option(model: Model, mask: int, counts: tuple[int, ...]) -> int:
    """Index (in sorted order) of the optimal placement for this roll; -1 if the roll fails."""
    key = _key(model)
    best, best_i = None, -1
    for i, option in enumerate(placement_options(mask, counts, model[2])):
        got = _after_key(key, *after_option(mask, counts, option))
        if best is None or _better(got, best):
            best, best_i = got, i
    return best_i


def optimal_turn_value(
    stars: Sequence[int | Fraction],
    juggler: int | Fraction = 1,
    *,
    silver_with_colour: bool = False,
) -> Fraction:
    """The largest expected number of stars one whole turn can bring.

    ``stars`` are the stars of the residents under the yellow, red, blue and purple dragons; the
    turn starts with all 4 dice and no dragon scared; every placement and every stop-or-roll
    decision is chosen to maximise expected stars; a failed turn is worth ``juggler`` stars.

    >>> optimal_turn_value((1, 1, 1, 1), juggler=1)
    Fraction(17113, 8748)
    """
    model = turn_model(stars, juggler, silver_with_colour)
    return _exact(model, _roll_value(model, 0, 4))[0]


# ---------------------------------------------------------------------------------------------
# Decision support
# ---------------------------------------------------------------------------------------------
def _fmt(x: Fraction, percent: bool = False) -> str:
    """``"121/36 (3.361)"``, ``"1/9 (11.1%)"``; whole numbers as they are."""
    if x.denominator == 1:
        return str(x)
    shown = f"{float(x):.1%}" if percent else f"{float(x):.3f}"
    return f"{x} ({shown})"


@dataclass(frozen=True)
class Choice:
    """One legal action with its exact expected stars and chance of failing the turn.

    Both numbers assume best play after this action (see :func:`advise`).
    """

    action: Action
    expected_stars: Fraction
    fail_chance: Fraction

    def __repr__(self) -> str:
        return (
            f"Choice({str(self.action)!r}, expected_stars={_fmt(self.expected_stars)}, "
            f"fail_chance={_fmt(self.fail_chance, True)})"
        )


@dataclass(frozen=True)
class Advice:
    """Every legal choice at one moment of a turn, and the best one.

    ``choices``: a :class:`Choice` per legal action, in the engine's sorted order;
    ``best``: the action with the most expected stars (ties: the one less likely to fail, then
    the first); ``next_roll_fail``: the chance that the very next roll fails (phases ``"start"``
    and ``"decide"``, else ``None``); ``stop_value``: the stars of stopping now (``"decide"``
    only, else ``None``); ``phase``: ``"start"``, ``"decide"`` or ``"place"``.
    """

    choices: tuple[Choice, ...]
    best: Action
    next_roll_fail: Fraction | None
    stop_value: Fraction | None
    phase: str = "decide"

    def choice(self, action: Action | str) -> Choice:
        """The :class:`Choice` of one action (an :class:`Action` or its text)."""
        for c in self.choices:
            if c.action == action or str(c.action) == action:
                return c
        shown = ", ".join(str(c.action) for c in self.choices)
        raise ValueError(f"{action!s} is not a legal choice here; the choices are: {shown}")

    @property
    def best_choice(self) -> Choice:
        return self.choice(self.best)

    @property
    def expected_stars(self) -> Fraction:
        """Expected stars of this turn under best play from here."""
        return self.best_choice.expected_stars

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (fractions as text and as floats), e.g. for a widget."""

        def num(x: Fraction | None) -> Any:
            return None if x is None else {"exact": str(x), "float": float(x)}

        return {
            "phase": self.phase,
            "best": str(self.best),
            "next_roll_fail": num(self.next_roll_fail),
            "stop_value": num(self.stop_value),
            "choices": [
                {
                    "action": str(c.action),
                    "expected_stars": num(c.expected_stars),
                    "fail_chance": num(c.fail_chance),
                    "best": c.action == self.best,
                }
                for c in self.choices
            ],
        }

    def __repr__(self) -> str:
        head = [f"phase={self.phase!r}", f"best={str(self.best)!r}"]
        if self.stop_value is not None:
            head.append(f"stop_value={_fmt(self.stop_value)}")
        if self.next_roll_fail is not None:
            head.append(f"next_roll_fail={_fmt(self.next_roll_fail, True)}")
        lines = [f"Advice({', '.join(head)},"]
        lines += [f"  {c!r}," for c in self.choices]
        return "\n".join(lines) + "\n)"


def _scared_mask(scared: Any) -> int:
    if isinstance(scared, (str, bytes)) or not isinstance(scared, Iterable):
        raise TypeError(f"scared must be a collection of dragon colours, got {scared!r}")
    mask = 0
    for d in scared:
        if isinstance(d, str) and d in COLOURS:
            i = COLOURS.index(d)
        elif isinstance(d, int) and not isinstance(d, bool) and 0 <= d < 4:
            i = d
        else:
            raise ValueError(
                f"{d!r} is not a dragon; give colours ({', '.join(COLOURS)}) or indices 0-3"
            )
        if mask >> i & 1:
            raise ValueError(f"the {COLOURS[i]} dragon is listed twice in scared")
        mask |= 1 << i
    return mask


def _counts_of(rolled: Any) -> tuple[int, ...]:
    if isinstance(rolled, (str, bytes)) or not isinstance(rolled, Iterable):
        raise TypeError(f"rolled must be a collection of die faces, got {rolled!r}")
    counts = [0] * 6
    for f in rolled:
        if f not in FACES:
            raise ValueError(f"{f!r} is not a die face; faces are {', '.join(FACES)}")
        counts[FACES.index(f)] += 1
    return tuple(counts)


@lru_cache(maxsize=1 << 16)
def _advice(model: Model, phase: str, mask: int, hand: int, counts: tuple[int, ...]) -> Advice:
    if phase == "place":
        choices = tuple(
            Choice(opt[0], *_exact(model, _after(model, *after_option(mask, counts, opt))))
            for opt in placement_options(mask, counts, model[2])
        )
        next_fail = stop_value = None
    else:
        rv, rf = _exact(model, _roll_value(model, mask, hand))
        next_fail = fail_chance(hand, mask.bit_count())
        if phase == "start":
            choices = (Choice(ROLL, rv, rf),)
            stop_value = None
        else:
            stop_value = _stop_value(model, mask)
            choices = (Choice(ROLL, rv, rf), Choice(STOP, stop_value, Fraction(0)))
    best = choices[0]
    for c in choices[1:]:
        if _better((c.expected_stars, c.fail_chance), (best.expected_stars, best.fail_chance)):
            best = c
    return Advice(choices, best.action, next_fail, stop_value, phase)


def advise_turn(
    stars: Sequence[int | Fraction],
    *,
    scared: Iterable[str | int] = (),
    hand: int | None = None,
    rolled: Iterable[str] | None = None,
    juggler: int | Fraction = 1,
    silver_with_colour: bool = False,
) -> Advice:
    """Advice for any moment of a turn, given without an engine state.

    ``stars``: the 4 residents' stars (yellow, red, blue, purple); ``scared``: the dragons that
    already hold dice (colours or indices); then either ``hand`` (dice in hand, before a roll:
    phase ``"start"`` when nothing is scared and all 4 dice are in hand, else ``"decide"``) or
    ``rolled`` (the faces of a roll waiting to be set aside, phase ``"place"``; black faces may
    be included and are ignored, as they go to the well).

    >>> advise_turn((1, 1, 1, 1), scared=["red"], hand=2).best
    Action('roll')
    """
    model = turn_model(stars, juggler, silver_with_colour)
    mask = _scared_mask(scared)
    scared_n = mask.bit_count()
    if (hand is None) == (rolled is None):
        raise ValueError("give either hand= (dice in hand, before a roll) or rolled= (a roll)")
    if rolled is not None:
        rolled = list(rolled)
        counts = _counts_of(rolled)
        dice = sum(counts)
        if dice == 0 or dice + scared_n > 4:
            raise ValueError(
                f"a roll of {dice} dice with {scared_n} dragons scared is impossible: there are "
                "4 dice, each scared dragon holds at least one, and a roll has at least one die"
            )
        counts = (0,) + counts[1:]  # black dice go to the well
        if not placement_options(mask, counts, model[2]):
            raise ValueError(
                f"nothing of the roll {list(rolled)} can be set aside with "
                f"{[COLOURS[i] for i in range(4) if mask >> i & 1]} scared: the turn has failed"
            )
        return _advice(model, "place", mask, 0, counts)
    _check_dice(hand, scared_n)
    if scared_n == 0 and hand != 4:
        raise ValueError(
            f"with no dragon scared the turn is at its start and all 4 dice are in hand, not {hand}"
        )
    phase = "start" if scared_n == 0 else "decide"
    return _advice(model, phase, mask, hand, (0,) * 6)


#: How a player's memory is modelled in the memory variant (see :func:`turn_view`).
MEMORY_MODELS: tuple[str, ...] = ("forgetful", "perfect")


def _observed(state: Any, memory: str) -> tuple[Any, dict[str, Any]]:
    """(the game, the observation of the player to move) for a state or a bot's SeatView."""
    if memory not in MEMORY_MODELS:
        raise ValueError(f"memory must be 'forgetful' or 'perfect', got {short(memory, 30)}")
    game = getattr(state, "game", None)
    if getattr(game, "name", None) != "dragon-battle":
        raise TypeError(f"this needs a Dragon Battle state, got {type(state).__name__}")
    if hasattr(state, "seat"):  # a bot's SeatView: only what its seat may see
        if memory == "perfect":
            return game, state.observe(memory="perfect")
        return game, state.observation
    player = state.current_player()
    if player < 0:
        raise ValueError(
            "advice is given in phases 'start', 'place' and 'decide' (a player's decision), "
            f"not in phase {getattr(state, 'phase', None)!r}"
        )
    return game, state.observation(player, memory=memory)


def view_from_observation(game: Any, seen: dict[str, Any]) -> tuple[tuple[Any, ...], Any, bool]:
    """The turn model (stars, value of a failed turn, silver_with_colour) from an observation."""
    if game.variant == "younger":
        return (1, 1, 1, 1), 0, game.silver_with_colour
    if game.jugglers_run_out == "unlimited" or seen["jugglers_left"] > 0:
        juggler = game.juggler_stars
    else:
        juggler = 0
    dragons = seen["dragons"]
    if not any(d["face_down"] and d["stars"] is None and "remembered" not in d for d in dragons):
        stars = tuple(
            d["stars"] if d["stars"] is not None else d["remembered"]["stars"] for d in dragons
        )
        return stars, juggler, game.silver_with_colour
    known = {d["resident"] for d in dragons if d["resident"] is not None}
    known |= {d["remembered"]["resident"] for d in dragons if "remembered" in d}
    known |= {r["resident"] for rescued in seen["rescued"] for r in rescued}
    unseen = [s for name, s in game.stars.items() if name not in known]
    mean = Fraction(sum(unseen), len(unseen)) if unseen else Fraction(0)
    average: int | Fraction = int(mean) if mean.denominator == 1 else mean
    stars = tuple(
        d["stars"]
        if d["stars"] is not None
        else d["remembered"]["stars"]
        if "remembered" in d
        else average
        for d in dragons
    )
    return stars, juggler, game.silver_with_colour


def turn_view(state: Any, memory: str = "forgetful") -> tuple[tuple[Any, ...], Any, bool]:
    """(stars of the 4 residents, value of a failed turn, silver_with_colour) as the player to
    move sees them.

    Uses only what that player can see (``state.observation(player)``). In the memory variant,
    ``memory="forgetful"`` (the default) counts a face-down resident as the average stars of all
    residents the player cannot see now (the face-down ones and the draw pile);
    ``memory="perfect"`` remembers every resident the player saw drawn (every player sees each
    resident when it is drawn, so this is every resident under a dragon). A failed turn is worth
    the juggler's stars only while jugglers are left (or with ``jugglers_run_out="unlimited"``).
    In the ``"younger"`` variant the score is the number of rescued residents, so each resident
    counts 1 and a juggler 0. ``state`` may also be a bot's seat view.
    """
    game, seen = _observed(state, memory)
    return view_from_observation(game, seen)


def advise(state: Any, memory: str = "forgetful") -> Advice:
    """Exact advice for the player to move in a Dragon Battle state.

    The state must be in phase ``"start"`` (the only choice is to roll), ``"place"`` (which
    colour to set aside) or ``"decide"`` (roll again or stop). Every legal action gets its
    expected stars this turn and its chance that this turn fails, both under optimal play
    afterwards; ``best`` is the action with the most expected stars. Only what the player to
    move can see is used, with the memory model ``memory`` (see :func:`turn_view`).
    """
    phase = getattr(state, "phase", None)
    if phase is None and hasattr(state, "seat"):
        phase = state.observation["phase"]
    if phase not in ("start", "place", "decide"):
        if getattr(getattr(state, "game", None), "name", None) != "dragon-battle":
            raise TypeError(f"advise needs a Dragon Battle state, got {type(state).__name__}")
        raise ValueError(
            f"advice is given in phases 'start', 'place' and 'decide' (a player's decision), "
            f"not in phase {phase!r}"
        )
    game, seen = _observed(state, memory)
    return advise_observation(game, seen)


def advise_observation(game: Any, seen: dict[str, Any]) -> Advice:
    """:func:`advise` for an observation of the player to move (what a bot or a meter sees)."""
    model = checked_model(view_from_observation(game, seen))
    mask = mask_of(tuple(tuple(d["dice"]) for d in seen["dragons"]))
    phase = seen["phase"]
    if phase == "place":
        return _advice(model, "place", mask, 0, _counts_of(seen["rolled"]))
    return _advice(model, phase, mask, seen["hand"], (0,) * 6)


_MODELS: dict[Model, Model] = {}  # views already checked by _model


def checked_model(view: tuple[tuple[Any, ...], Any, bool]) -> Model:
    """The checked model of a turn view (checked once per distinct view)."""
    model = _MODELS.get(view)
    if model is None:
        if len(_MODELS) > 1 << 14:
            _MODELS.clear()
        model = _MODELS[view] = turn_model(*view)
    return model


def _state_model(state: Any, memory: str = "forgetful") -> Model:
    """The checked model of :func:`turn_view`."""
    return checked_model(turn_view(state, memory))


# ---------------------------------------------------------------------------------------------
# Policies and exact turn distributions
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnPolicy:
    """A way of playing one turn: how to place after a roll and whether to roll on.

    ``"optimal"``: the solver's choices (most expected stars). The others place greedily (on the
    empty dragon with the most stars; ties: the fewest dice set aside, then the first action) and
    roll on: ``"all-in"`` always, until no dice are left; ``"cautious"`` never (stop after the
    first successful placement); ``"threshold"`` while the chance that the next roll fails is at
    most ``risk``. ``"random"`` picks uniformly among the legal placements and rolls on or stops
    with chance 1/2 each (like a random bot). ``"rule"`` follows :func:`optimal_rule_text`.
    """

    name: str
    risk: Fraction | None = field(default=None)

    def __repr__(self) -> str:
        if self.name == "threshold":
            return f"make_policy('threshold', risk={self.risk})"
        return f"make_policy({self.name!r})"

    @property
    def deterministic(self) -> bool:
        return self.name != "random"

    def placement(self, model: Model, mask: int, counts: tuple[int, ...]) -> tuple:
        """((option index, probability), ...) for a roll with these face counts."""
        options = placement_options(mask, counts, model[2])
        if not options:
            return ()
        if self.name == "optimal":
            return ((_best_option(model, mask, counts), Fraction(1)),)
        if self.name == "random":
            p = Fraction(1, len(options))
            return tuple((i, p) for i in range(len(options)))
        if self.name == "rule":
            return ((_rule_option(model[0], options), Fraction(1)),)
        return ((_greedy_option(model[0], options), Fraction(1)),)

    def roll_probability(self, model: Model, mask: int, hand: int) -> Fraction:
        """The chance of rolling on (rather than stopping) with ``hand`` dice in hand."""
        name = self.name
        if name == "all-in":
            return Fraction(1)
        if name == "cautious":
            return Fraction(0)
        if name == "threshold":
            assert self.risk is not None
            return Fraction(int(fail_chance(hand, mask.bit_count()) <= self.risk))
        if name == "random":
            return Fraction(1, 2)
        if name == "rule":
            stars = model[0]
            held = [stars[i] for i in range(4) if mask >> i & 1]
            empty = [stars[i] for i in range(4) if not mask >> i & 1]
            return Fraction(int(rule_says_roll(hand, held, empty, model[1])))
        return Fraction(int(_decide(model, mask, hand)[2]))


def _greedy_option(stars: tuple, options: tuple[tuple[Action, int, int], ...]) -> int:
    """Index of the placement on the most stars; ties: fewest dice moved, then the first."""
    best_i, best_key = 0, None
    for i, (_, dragon, moved) in enumerate(options):
        key = (stars[dragon], -moved)
        if best_key is None or key > best_key:
            best_i, best_key = i, key
    return best_i


def _rule_option(stars: tuple, options: tuple[tuple[Action, int, int], ...]) -> int:
    """Index of the placement with the best rule score (stars minus dice), then fewest dice."""
    best_i, best_key = 0, None
    for i, (_, dragon, moved) in enumerate(options):
        key = (rule_placement_score(stars[dragon], moved), -moved)
        if best_key is None or key > best_key:
            best_i, best_key = i, key
    return best_i


def _risk(risk: Any) -> Fraction:
    if isinstance(risk, bool) or not isinstance(risk, (Rational, float)):
        raise TypeError(f"risk must be a number from 0 to 1, got {risk!r}")
    if isinstance(risk, float):
        if not math.isfinite(risk):
            raise ValueError(f"risk must be a number from 0 to 1, got {risk!r}")
        risk = Fraction(risk).limit_denominator(10**6)
    risk = Fraction(risk)
    if not 0 <= risk <= 1:
        raise ValueError(f"risk must be a number from 0 to 1, got {risk}")
    return risk


def make_policy(name: str | TurnPolicy, risk: Any = None) -> TurnPolicy:
    """A :class:`TurnPolicy` by name: one of :data:`POLICY_NAMES`.

    ``risk`` (only for ``"threshold"``) is the largest chance of failing the next roll that the
    policy accepts; a float is read as the nearest fraction with a denominator up to a million
    (so ``1/9`` means exactly one ninth).
    """
    if isinstance(name, TurnPolicy):
        if risk is not None:
            raise ValueError("risk is given by the policy itself")
        return name
    if name not in POLICY_NAMES:
        shown = ", ".join(repr(p) for p in POLICY_NAMES)
        raise ValueError(f"unknown policy {name!r}; choose one of: {shown}")
    if name == "threshold":
        if risk is None:
            raise ValueError("the 'threshold' policy needs risk= (a number from 0 to 1)")
        return TurnPolicy(name, _risk(risk))
    if risk is not None:
        raise ValueError(f"risk= is only for the 'threshold' policy, not {name!r}")
    return TurnPolicy(name)


def outcome_name(mask: int) -> str:
    """``"failed"`` for mask 0, else the scared dragons: ``"yellow+red"``."""
    if mask == 0:
        return "failed"
    return "+".join(COLOURS[i] for i in range(4) if mask >> i & 1)


@dataclass(frozen=True)
class TurnDistribution:
    """How one whole turn ends under a policy, exactly.

    ``by_mask[m]`` is the chance that the turn succeeds with exactly the dragons of mask ``m``
    scared (yellow 1, red 2, blue 4, purple 8); ``by_mask[0]`` is the chance it fails.
    """

    policy: TurnPolicy
    stars: tuple
    juggler: Fraction
    by_mask: tuple[Fraction, ...]

    @property
    def failed(self) -> Fraction:
        return self.by_mask[0]

    @property
    def succeeded(self) -> Fraction:
        return 1 - self.by_mask[0]

    def stars_of(self, mask: int) -> Fraction:
        """Stars a turn ending with ``mask`` brings (``mask`` 0: a failed turn, the juggler)."""
        if mask == 0:
            return self.juggler
        return Fraction(sum(self.stars[i] for i in range(4) if mask >> i & 1))

    @property
    def expected_stars(self) -> Fraction:
        return sum((p * self.stars_of(m) for m, p in enumerate(self.by_mask)), Fraction(0))

    @property
    def outcomes(self) -> dict[str, Fraction]:
        """``{"failed": p, "yellow": p, "yellow+red": p, ...}`` for the outcomes that can happen."""
        return {outcome_name(m): p for m, p in enumerate(self.by_mask) if p}

    def by_count(self) -> tuple[Fraction, ...]:
        """Chance of 0 (failed), 1, 2, 3 and 4 dragons scared."""
        out = [Fraction(0)] * 5
        for m, p in enumerate(self.by_mask):
            out[m.bit_count()] += p
        return tuple(out)

    def by_stars(self) -> dict[Fraction, Fraction]:
        """Chance of each number of stars the turn brings (a failure counts the juggler)."""
        out: dict[Fraction, Fraction] = {}
        for m, p in enumerate(self.by_mask):
            if p:
                s = self.stars_of(m)
                out[s] = out.get(s, Fraction(0)) + p
        return dict(sorted(out.items()))

    def __repr__(self) -> str:
        return (
            f"TurnDistribution({self.policy!r}, stars={list(map(str, self.stars))}, "
            f"juggler={self.juggler}, failed={_fmt(self.failed, True)}, "
            f"expected_stars={_fmt(self.expected_stars)})"
        )


# Chances of whole-turn outcomes are integers times 1 / _PSCALE inside _distribution: each of at
# most 4 rolls divides by 6**dice, by the number of placements (at most 10, so a divisor of 2520)
# and by 2 (a random choice between rolling and stopping).
_PSCALE = _SCALE * 5040**4


@lru_cache(maxsize=256)
def _distribution(policy: TurnPolicy, model: Model) -> tuple[Fraction, ...]:
    probs = [0] * 16
    frontier = {(0, 4): _PSCALE}
    swc = model[2]
    while frontier:  # every roll scares one more dragon or fails: at most 4 rounds
        following: dict[tuple[int, int], int] = {}
        for (mask, hand), p in frontier.items():
            total = 6**hand
            for counts, ways in multisets(hand):
                q = p * ways // total
                choice = policy.placement(model, mask, counts)
                if not choice:
                    probs[0] += q
                    continue
                options = placement_options(mask, counts, swc)
                for i, pi in choice:
                    new_mask, new_hand = after_option(mask, counts, options[i])
                    qi = q * pi.numerator // pi.denominator
                    roll = policy.roll_probability(model, new_mask, new_hand) if new_hand else 0
                    if roll:
                        key = (new_mask, new_hand)
                        rolled = qi * roll.numerator // roll.denominator
                        following[key] = following.get(key, 0) + rolled
                        probs[new_mask] += qi - rolled
                    else:
                        probs[new_mask] += qi
        frontier = following
    assert sum(probs) == _PSCALE
    return tuple(Fraction(x, _PSCALE) for x in probs)


def turn_distribution(
    policy: str | TurnPolicy,
    stars: Sequence[int | Fraction],
    juggler: int | Fraction = 1,
    *,
    risk: Any = None,
    silver_with_colour: bool = False,
) -> TurnDistribution:
    """The exact distribution of how a whole turn ends under ``policy``.

    ``policy``: a name of :data:`POLICY_NAMES` (``risk=`` for ``"threshold"``) or a
    :class:`TurnPolicy`; ``stars``: the residents' stars under the yellow, red, blue and purple
    dragons; ``juggler``: the stars of a failed turn.

    >>> d = turn_distribution("all-in", (1, 1, 1, 1))
    >>> d.failed > turn_distribution("optimal", (1, 1, 1, 1)).failed
    True
    """
    pol = make_policy(policy, risk)
    model = turn_model(stars, juggler, silver_with_colour)
    return TurnDistribution(pol, tuple(model[0]), Fraction(model[1]), _distribution(pol, model))


def expected_stars(
    policy: str | TurnPolicy,
    stars: Sequence[int | Fraction],
    juggler: int | Fraction = 1,
    *,
    risk: Any = None,
    silver_with_colour: bool = False,
) -> Fraction:
    """Expected stars of a whole turn under ``policy`` (see :func:`turn_distribution`)."""
    return turn_distribution(
        policy, stars, juggler, risk=risk, silver_with_colour=silver_with_colour
    ).expected_stars


# ---------------------------------------------------------------------------------------------
# The optimal play as a rule a child can follow
# ---------------------------------------------------------------------------------------------
def rule_says_roll(
    hand: int, held: Sequence[int | Fraction], empty: Sequence[int | Fraction], juggler: Any = 1
) -> bool:
    """Does the rule of :func:`optimal_rule_text` say "roll again"?

    ``hand``: dice in hand; ``held``: the stars under the dragons already scared (what you would
    rescue by stopping); ``empty``: the stars under the dragons still empty; ``juggler``: the
    stars of a failed turn.

    With 1 die the rule is exactly the solver's choice for any stars: rolling is worth it when
    the faces that scare a new dragon win more stars than the failing faces lose. With 2 or more
    dice it is the solver's choice in every moment for residents of 1 to 4 stars and a juggler
    of 1. With no juggler left (juggler 0) it differs in one kind of moment only: 2 dice in hand,
    the two 4-star dragons scared, 1 and 3 stars left, where the rule rolls and stopping is best.
    """
    _check_dice(hand, len(held))
    if len(held) + len(empty) != 4 or not held:
        raise ValueError(
            f"held ({len(held)}) and empty ({len(empty)}) must together be the 4 dragons, with at "
            "least one dragon scared"
        )
    lose = sum(held) - juggler
    if hand >= 3:
        return True
    if hand == 2:
        if len(held) < 2:
            return True
        biggest = max(empty)
        return not (biggest <= 2 and (lose >= 6 or (biggest <= 1 and lose >= 3)))
    win = sum(empty) + max(empty)  # one face per empty dragon's colour, silver on the best one
    return win > (len(held) + 1) * lose  # black and the scared dragons' colours fail


def rule_placement_score(stars: int | Fraction, dice: int) -> int | Fraction:
    """The rule's score of a placement: the dragon's stars minus the dice set aside on it."""
    return stars - dice


def optimal_rule_text() -> str:
    """The best play of a turn as a rule a child can follow (residents of 1-4 stars, juggler 1).

    Derived from the solver: the stop-or-roll part agrees with the optimal choice in every
    state of a turn with those star values; the placement part is a simple score that is
    sometimes a little worse than the best placement. Playing the whole rule (policy ``"rule"``)
    brings on average 99.8% of the optimal expected stars over all 256 layouts of 1-4 star
    residents (the worst layout: 99.3%).
    """
    return _RULE_TEXT


_RULE_TEXT = """\
How to play a turn of Dragon Battle well (residents of 1 to 4 stars, a juggler worth 1 star)

Placing: give each possible placement a score, the dragon's stars minus the number of dice you
put on it, and take the highest score (on a tie, the one that uses fewer dice).

Rolling again or stopping ("what you can lose" is the stars of the dragons you have scared, minus
the 1 star of the juggler you get if the turn fails):
- 3 or 4 dice in hand: always roll again.
- 2 dice in hand: roll again, unless two dragons are scared, both empty dragons have at most
  2 stars, and you can lose 6 or more stars (3 or more if both empty dragons have just 1 star).
- 1 die in hand: think of its 6 faces. Each colour of an empty dragon wins that dragon's stars,
  silver wins the best empty dragon; black and each colour of a scared dragon lose what you can
  lose. Add up what the faces win and what they lose: roll only if they win more.

This is the best choice in every roll-or-stop moment with these star values; the placing score
gives up about 0.2% of the best expected stars."""


def clear_caches() -> None:
    """Forget every solved turn (for measuring the solver from scratch)."""
    for fn in (_roll_key, _decide_key, _key, _advice, _best_option, _scaled, _distribution):
        fn.cache_clear()
    _MODELS.clear()


# the old private names, kept for code written against them
_model = turn_model
_outcome_name = outcome_name
