"""The engine contract shared by every game.

A :class:`Game` is a rules table plus its parameters, described by a :class:`GameType`. A state
(a subclass of :class:`State`) is an immutable, hashable value that knows whose decision it is (a
seat, or :data:`CHANCE` / :data:`TERMINAL`), which actions are legal and how to apply one. Chance
is explicit: at a chance point the state lists every outcome with its exact probability as a
:class:`fractions.Fraction`, and a seeded ``numpy.random.Generator`` only picks among them.

What a viewer may see is answered in one place, ``state.observation(viewer)``: a viewer is a seat
(0, 1, ...), :data:`TABLE` (everything that lies open on the table: the teacher's projector) or
:data:`OMNISCIENT` (tests and replays). Decisions that several players make one after another
(everyone involved answers a proposal) are single-player decisions in a fixed order, so a game
stays a list of action lines.

The contract in short (``State`` provides the defaults marked *):

==========================  =====================================================================
``current_player()``        a seat, ``CHANCE`` or ``TERMINAL``
``is_terminal()`` *         ``current_player() == TERMINAL``
``is_chance_node()`` *      ``current_player() == CHANCE``
``legal_actions()``         sorted tuple of :class:`Action` (the outcomes at a chance point)
``chance_outcomes()``       ``((action, Fraction), ...)`` summing to exactly 1
``chance_kind()`` *         what the chance event is (``"roll"``, ``"refill"``): see GameType
``sample_chance(rng)`` *    an outcome picked exactly (:func:`pick_outcome`)
``apply(action)``           a new state; illegal: :class:`IllegalActionError`, nothing changes
``parse_action(text)``      text notation back to an :class:`Action`
``scores()``/``winners()``  the game's score per seat / the winning seats at the end
``returns()`` *             +1 for each winner, -1 for the others, 0 before the end
``observation(viewer)``     plain JSON of what ``viewer`` may see
``redact(action, viewer,    the action line as ``viewer`` may read it once the game reached
now)`` *                    ``now`` (hidden parts written ``?``)
``action_text(action,       a sentence for a log ("Player 2 draws a card" / "you draw ...")
viewer, lang)`` *
``to_dict()``               the whole position as JSON; ``game.state_from_dict(data)`` rebuilds it
``components()``            counts of every component (conservation checks)
``text()``                  a short, stable one-line summary
==========================  =====================================================================
"""

from __future__ import annotations

import enum
import importlib
import math
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Union

from .i18n import Localized, Phrase
from .validate import check_seed, quote, seed_number, short

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = [
    "Action",
    "CHANCE",
    "OMNISCIENT",
    "TABLE",
    "TERMINAL",
    "ExactPicker",
    "Game",
    "GameType",
    "IllegalActionError",
    "InvalidActionError",
    "Player",
    "State",
    "Viewer",
    "ViewerLike",
    "available_games",
    "check_choice",
    "check_viewer",
    "draft_class",
    "load",
    "pick_outcome",
    "positions_module",
    "register",
    "register_positions",
    "whole_word",
]


class Player(enum.IntEnum):
    """Sentinels returned by ``state.current_player()`` when no player is to decide."""

    CHANCE = -1
    TERMINAL = -4

    def __repr__(self) -> str:
        return self.name


CHANCE = Player.CHANCE
TERMINAL = Player.TERMINAL


class Viewer(str, enum.Enum):
    """Viewers that are not a seat."""

    #: Everything that lies open on the table (the teacher's projector): no seat's secrets.
    TABLE = "table"
    #: Everything, hidden or not (tests, replays, the teacher's own notes).
    OMNISCIENT = "omniscient"

    def __repr__(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.value


TABLE = Viewer.TABLE
OMNISCIENT = Viewer.OMNISCIENT
#: A seat (0, 1, ...) or one of the :class:`Viewer` values.
ViewerLike = Union[int, Viewer]  # noqa: UP007 (a runtime alias on Python 3.10)


def check_viewer(viewer: Any, players: int, name: str = "viewer") -> ViewerLike:
    """A seat ``0 <= viewer < players``, ``TABLE`` or ``OMNISCIENT`` (also as ``"table"`` /
    ``"omniscient"``); anything else raises ``ValueError``."""
    if viewer.__class__ is int and 0 <= viewer < players:
        return viewer
    if isinstance(viewer, Viewer):
        return viewer
    if viewer.__class__ is str and viewer in ("table", "omniscient"):
        return Viewer(viewer)
    raise ValueError(
        f"{name} must be a seat from 0 to {players - 1}, got {short(viewer)} (the other viewers "
        "are 'table' and 'omniscient')"
    )


def whole_word(word: Any, max_digits: int = 4) -> int | None:
    """The whole number that ``word`` writes in the digits 0-9 (at most ``max_digits`` of them),
    or ``None`` for anything else: the one check every action parser uses for a number word.

    ``str.isdigit`` alone is not enough: it accepts superscripts (``"²"``) and the digits of other
    scripts, which ``int`` then refuses with an error of its own; and a word of thousands of digits
    would make ``int`` slow. Here such words are simply not numbers, so the parser answers them
    with its own :class:`InvalidActionError`."""
    if (
        word.__class__ is not str
        or not 0 < len(word) <= max_digits
        or not word.isascii()
        or not word.isdigit()
    ):
        return None
    return int(word)


class IllegalActionError(Localized, ValueError):
    """A well-formed action that the rules do not allow at this moment."""


class InvalidActionError(Localized, ValueError):
    """Text or a value that is not an action of this game at all."""


@dataclass(frozen=True, order=True, slots=True)
class Action:
    """One move, written as a verb and words: ``Action("place", ("silver", "on", "blue"))``.

    ``str(action)`` is the text notation (``"place silver on blue"``); each state parses that text
    back with ``state.parse_action(text)``. Building an Action never fails; one whose verb is not
    text or whose words are not a tuple of text is not *well formed*: every game refuses it with
    :class:`InvalidActionError`, and its ``str``/``repr`` still work.
    """

    verb: str
    args: tuple[str, ...] = ()

    def well_formed(self) -> bool:
        """Is the verb text and the words a tuple of text?"""
        args = self.args
        return (
            self.verb.__class__ is str
            and args.__class__ is tuple
            and all(a.__class__ is str for a in args)
        )

    def __str__(self) -> str:
        if self.well_formed():
            return " ".join((self.verb, *self.args))
        return f"{short(self.verb, 30)} {short(self.args, 50)}"

    def __repr__(self) -> str:
        if self.well_formed():
            return f"Action({short(str(self), 80)})"  # a giant action is cut, never quoted whole
        return f"Action({short(self.verb, 30)}, {short(self.args, 50)})"


def check_choice(name: str, value: Any, allowed: Iterable[Any]) -> Any:
    """Return ``value`` if it is one of ``allowed``, else raise a ``ValueError`` naming both."""
    allowed = tuple(allowed)
    try:
        ok = value in allowed
    except TypeError:  # an unhashable or odd object
        ok = False
    if not ok:
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"unknown {name} {short(value)}; choose one of: {shown}")
    return value


def _check_rng(rng: Any) -> None:
    import numpy as np

    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), got {short(rng)}"
        )


class ExactPicker:
    """Exact picks among weighted outcomes: the weights are brought to whole numbers over a common
    denominator ``D``; one integer in ``[0, D)`` is drawn and looked up in the cumulative weights.

    Build it once for a fixed table of outcomes (the rolls of ``h`` dice) and call :meth:`pick`;
    :func:`pick_outcome` does the same for a table used once.
    """

    __slots__ = ("actions", "cumulative", "denominator")

    def __init__(self, outcomes: Sequence[tuple[Action, Fraction]]) -> None:
        denominator = 1
        for _, p in outcomes:
            denominator = math.lcm(denominator, p.denominator)
        cumulative, total = [], 0
        for _, p in outcomes:
            total += p.numerator * (denominator // p.denominator)
            cumulative.append(total)
        if total != denominator:
            raise ValueError(
                f"chance outcomes must sum to exactly 1, they sum to {Fraction(total, denominator)}"
            )
        self.denominator = denominator
        self.cumulative = tuple(cumulative)
        self.actions = tuple(a for a, _ in outcomes)

    def index(self, k: int) -> int:
        """The outcome that the drawn integer ``k`` (``0 <= k < D``) stands for."""
        return bisect_right(self.cumulative, k)

    def pick(self, rng: np.random.Generator) -> Action:
        return self.actions[bisect_right(self.cumulative, int(rng.integers(self.denominator)))]


def pick_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: np.random.Generator) -> Action:
    """Pick one chance outcome with exactly its probability.

    The probabilities are brought to a common denominator ``D`` and one integer in ``[0, D)`` is
    drawn, so the pick is exact (no floating-point rounding of the odds).
    """
    _check_rng(rng)
    return ExactPicker(outcomes).pick(rng)


# ---------------------------------------------------------------------------------------------
# The description of a game
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameType:
    """What kind of game this is (after OpenSpiel's ``GameType``).

    ``turns``: always ``"sequential"`` here: one seat decides at a time; where several players must
    answer before play goes on, they answer one after another in a fixed order (what the others
    must not see yet is hidden by ``observation``).
    ``information``: ``"perfect"`` (nothing is hidden from any seat) or ``"imperfect"``.
    ``score_unit``: what ``scores()`` counts (``"stars"``, ``"gold"``, ``"victory points"``).
    ``automatic_chance``: kinds of chance (``state.chance_kind()``) that resolve by themselves right
    after what caused them (a refill of the table); ``shown_chance``: kinds a learner should see
    happen as a step of its own (a roll of the dice, a card drawn).
    ``max_actions``: the most actions a saved game of this kind may hold (a guard for loading).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[str, ...] = ("basic",)
    information: str = "perfect"
    score_unit: str = "points"
    automatic_chance: frozenset[str] = frozenset()
    shown_chance: frozenset[str] = frozenset({"chance"})
    max_actions: int = 10_000
    turns: str = "sequential"
    chance: str = "explicit"

    def __post_init__(self) -> None:
        if self.information not in ("perfect", "imperfect"):
            raise ValueError(
                f"information must be 'perfect' or 'imperfect', not {self.information!r}"
            )
        if self.turns != "sequential":
            raise ValueError("every Kaskaria game takes turns one seat at a time ('sequential')")
        if self.automatic_chance & self.shown_chance:
            raise ValueError("a chance kind is either automatic or shown, not both")


# ---------------------------------------------------------------------------------------------
# States
# ---------------------------------------------------------------------------------------------
class State:
    """The base of every game's state: the shared defaults of the contract.

    A game's state is a frozen (slotted) dataclass deriving from this class with a ``game`` field.
    It must provide ``current_player``, ``legal_actions``, ``chance_outcomes``, ``apply``,
    ``parse_action``, ``scores``, ``winners``, ``observation``, ``to_dict``, ``components`` and
    ``text``; for the illegal-action message it gives ``_rule_broken(action)`` (a phrase, or a
    ``(key, params)`` pair of its message table).
    """

    __slots__ = ()
    game: Game

    # -- who decides -------------------------------------------------------------------------
    def current_player(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # -- what may be done --------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:  # pragma: no cover
        raise NotImplementedError

    def chance_kind(self) -> str:
        """What the chance event due now is (one of the game type's chance kinds)."""
        return "chance"

    def sample_chance(self, rng: np.random.Generator) -> Action:
        """One chance outcome picked by ``rng`` with exactly its probability."""
        return pick_outcome(self.chance_outcomes(), rng)

    def apply(self, action: Action | str) -> State:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_action(self, action: Any) -> Action:
        """``action`` as an :class:`Action`: text is read by :meth:`parse_action`; anything else
        than an Action or a string is an :class:`InvalidActionError` naming what it got. Every
        game's ``apply`` starts here (it need not be legal yet)."""
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return self.parse_action(action)
        raise InvalidActionError(
            f"an action must be an Action or its text, got {type(action).__name__} {short(action)}"
        )

    def parse_action(self, text: str) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- results -----------------------------------------------------------------------------
    def scores(self) -> tuple[Any, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def returns(self) -> tuple[float, ...]:
        """+1 for each winner, -1 for each other player (0 for all until the game is over)."""
        players = self.game.players
        if not self.is_terminal():
            return (0.0,) * players
        w = set(self.winners())
        return tuple(1.0 if p in w else -1.0 for p in range(players))

    # -- what a viewer may see ----------------------------------------------------------------
    def observation(self, viewer: ViewerLike = OMNISCIENT) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def redact(self, action: Action, viewer: ViewerLike, now: State | None = None) -> str:
        """The line of ``action`` (taken in this state) as ``viewer`` may read it once the game
        has reached ``now`` (default: right after it). Hidden words are written ``?``.

        The default shows every line: right for games of perfect information.
        """
        return str(action)

    def action_text(
        self,
        action: Action,
        viewer: ViewerLike = OMNISCIENT,
        lang: str = "en",
        now: State | None = None,
    ) -> str:
        """A sentence saying what ``action`` (taken in this state) does, as ``viewer`` may know it
        once the game has reached ``now`` (default: right after it)."""
        return self.redact(action, viewer, now)

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> State:
        """A state that ``seat`` cannot tell from this one (the same observation for it, the same
        legal actions), with everything hidden from that seat dealt again at random, consistent
        with what it has seen. Bots that plan over what they cannot see sample these; the
        conformance suite checks that nothing visible changes. Default: nothing is hidden."""
        return self

    # -- checks --------------------------------------------------------------------------------
    def components(self) -> dict[str, int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def text(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text()}>"

    # -- the illegal-action message ----------------------------------------------------------------
    def _rule_broken(self, action: Action) -> str | tuple[str, dict[str, Any]]:
        return "it does not fit the moment"

    def illegal(self, action: Action) -> IllegalActionError:
        """The error for a well-formed ``action`` that is not legal now: it names the action, the
        rule it breaks (from ``_rule_broken``) and what is legal instead."""
        legal = self.legal_actions()
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        rule = self._rule_broken(action)
        if isinstance(rule, tuple):
            key, params = rule
            rule_words = Phrase(self.game.name, key, **params)
        else:
            rule_words = Phrase(None, rule)
        err = IllegalActionError("")
        if legal:
            err.set_message(
                "core", "illegal_action", action=quote(str(action)), rule=rule_words, legal=shown
            )
        else:
            err.set_message(
                "core", "illegal_action_over", action=quote(str(action)), rule=rule_words
            )
        err.args = (err.text("en"),)
        return err


# ---------------------------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------------------------
def draft_class(cls: type[State]) -> type:
    """For an engine's own transitions: a class with the very slots of the frozen, slotted state
    class ``cls`` but without the guard that freezes it. A state is built by plain assignments on a
    draft (``object.__new__(draft)``) and then becomes a ``cls`` (``draft.__class__ = cls``, which
    Python allows between classes of the same layout), frozen like any other; a draft never leaves
    the function that builds it. States are built on every action: this is about three times as
    fast as the slots' setters called one by one (and several times the dataclass's ``__init__``).
    """
    if not (isinstance(cls, type) and issubclass(cls, State) and cls.__dict__.get("__slots__")):
        raise TypeError(f"a draft is made of a slotted State class, got {short(cls)}")
    return type(f"{cls.__name__}Draft", (State,), {"__slots__": cls.__slots__})


class Game:
    """Base class of every game: its :class:`GameType`, the rules table and the chosen parameters.

    Subclasses set ``game_type`` (or, for small test games, the plain attributes ``name``,
    ``title``, ``min_players``, ``max_players``, ``variants``) and implement :meth:`new_state`,
    :meth:`options` and :meth:`state_from_dict`. Two games are equal when they have the same type,
    player count, variant, rules-table numbers and options (the seed is not part of the rules).
    """

    game_type: ClassVar[GameType | None] = None
    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    variants: tuple[str, ...] = ("basic",)
    #: the rules table (a frozen dataclass of provenance-labelled values), if the game has one
    rules: Any = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        gt = cls.__dict__.get("game_type")
        if gt is not None:
            cls.name, cls.title = gt.name, gt.title
            cls.min_players, cls.max_players = gt.min_players, gt.max_players
            cls.variants = gt.variants

    def __init__(self, players: int, variant: str, seed: int | None) -> None:
        if players.__class__ is not int:
            raise TypeError(f"players must be a whole number, got {short(players)}")
        lo, hi = self.player_range()
        if not lo <= players <= hi:
            raise ValueError(f"{self.title} is for {lo}-{hi} players, not {short(players)}")
        check_choice(f"variant of {self.title}", variant, self.variants)
        seed = seed_number(seed)  # numpy's integers are seeds too, kept as a plain int
        if seed is not None and (seed.__class__ is not int or seed < 0):
            raise ValueError(f"seed must be a whole number >= 0 or None, got {short(seed)}")
        self.players = players
        self.variant = variant
        self.seed: int | None = check_seed(seed, allow_none=True)

    def player_range(self) -> tuple[int, int]:
        """The player counts this game (with its rules table) is for."""
        return self.min_players, self.max_players

    # -- to be provided by each game ---------------------------------------------------------
    def new_state(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def options(self) -> dict[str, Any]:  # pragma: no cover - abstract
        """The game's named options (rule interpretations and overrides) as plain JSON values."""
        raise NotImplementedError

    def state_from_dict(self, data: Any) -> Any:  # pragma: no cover - abstract
        """Rebuild a position from ``state.to_dict()`` output, checking that the rules can reach
        it; a ``ValueError`` names the first thing wrong."""
        raise NotImplementedError

    def components(self) -> dict[str, int]:
        """How many of each component the game has (what ``state.components()`` must count)."""
        return {}

    # -- positions a person can write (kaskaria.positions); optional ------------------------
    # A game's positions module (registered with :func:`register_positions`) provides these: it
    # builds the game's states, so the game's engine need not know it.
    def setup(self, **what: Any) -> Any:
        """A state where a player decides (or the end), set up from ``what`` matters (hands,
        dice, tokens, whose turn; each game documents its words), with everything else filled in
        consistently; an impossible position raises ``ValueError`` saying what does not add up.
        ``kaskaria.setup`` wraps it in a :class:`kaskaria.Match`. (The game's positions module's
        ``setup_state(game, **what)``.)"""
        module = positions_module(self.name)
        if module is None:
            raise NotImplementedError(f"{self.title} has no set-up of positions (Game.setup)")
        return module.setup_state(self, **what)

    def position_fields(self, state: Any) -> list[str]:
        """The fields of ``state``'s position text, after its header (see
        :mod:`kaskaria.positions`; the game's positions module's ``position_fields(state)``)."""
        module = positions_module(self.name)
        if module is None:
            raise NotImplementedError(f"{self.title} has no position texts")
        return module.position_fields(state)

    def read_position(self, fields: Any) -> Any:
        """The state that the parsed fields of a position text (a list of
        :class:`kaskaria.positions.PositionField`) describe (the game's positions module's
        ``read_position(game, fields)``)."""
        module = positions_module(self.name)
        if module is None:
            raise NotImplementedError(f"{self.title} has no position texts")
        return module.read_position(self, fields)

    def describe(self) -> GameType:
        """This game's :class:`GameType` (built from the plain attributes if it has none)."""
        if self.game_type is not None:
            return self.game_type
        return GameType(self.name, self.title, self.min_players, self.max_players, self.variants)

    @property
    def score_unit(self) -> str:
        """What the scores of this game (and variant) count."""
        return self.describe().score_unit

    def tournament_stats(self, state: Any) -> dict[str, tuple[Any, ...]]:
        """Extra per-seat numbers a tournament records at the end of a game (say stars where the
        score counts residents): ``{name: (value of seat 0, value of seat 1, ...)}``."""
        return {}

    # -- shared ------------------------------------------------------------------------------
    def new_initial_state(self) -> Any:
        return self.new_state()

    def rng(self, seed: int | None = None) -> np.random.Generator:
        """A generator seeded with ``seed`` (or the game's own seed)."""
        import numpy as np

        return np.random.default_rng(self.seed if seed is None else seed)

    def spec(self) -> dict[str, Any]:
        """Everything needed to rebuild this game with :func:`load` (JSON values only)."""
        return {
            "game": self.name,
            "players": self.players,
            "variant": self.variant,
            "options": self.options(),
        }

    def identity(self) -> tuple[Any, ...]:
        """What makes two games the same game: built from the rules table and the options, so
        that comparing two games (or two states) never raises. (A game does not change once
        built, so this is worked out once.)"""
        found = self.__dict__.get("_identity")
        if found is None:
            found = (type(self), self.players, self.variant, self.rules, self._option_key())
            self.__dict__["_identity"] = found
        return found

    def _option_key(self) -> Any:
        try:
            return _freeze(self.options())
        except ValueError:  # a table that cannot be written as options: compare the table itself
            return None

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Game):
            return NotImplemented
        return self.identity() == other.identity()

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.variant))

    def __repr__(self) -> str:
        return f"kaskaria.load({self.name!r}, players={self.players}, variant={self.variant!r})"


def _freeze(value: Any) -> Any:
    """A hashable, order-free form of plain JSON values (for comparing options)."""
    if isinstance(value, dict):
        return frozenset((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return (type(value), value)


# ---------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------
#: name -> a Game class or factory, or "module:attribute" imported on first use
_REGISTRY: dict[str, Callable[..., Game] | str] = {}


def register(name: str, factory: Callable[..., Game] | str) -> None:
    """Make a game available to :func:`load` under ``name``.

    ``factory`` is a :class:`Game` subclass (or a function building one), or the text
    ``"package.module:Class"`` to import it only when the game is first loaded.
    """
    _REGISTRY[name] = factory


#: name -> "package.module" of the game's positions, imported on first use
_POSITIONS: dict[str, str] = {}


def register_positions(name: str, module: str) -> None:
    """Name the module that sets up the positions of the game ``name`` and reads and writes its
    position texts (:mod:`kaskaria.positions`): it has ``setup_state(game, **what)``,
    ``position_fields(state)`` and ``read_position(game, fields)``, which :meth:`Game.setup`,
    :meth:`Game.position_fields` and :meth:`Game.read_position` call. It is imported the first
    time a position of that game is set up, written or read."""
    _POSITIONS[name] = module


def positions_module(name: str) -> Any:
    """The positions module registered for the game ``name`` (imported), or ``None``."""
    module = _POSITIONS.get(name)
    return None if module is None else importlib.import_module(module)


def available_games() -> tuple[str, ...]:
    """The names :func:`load` accepts, sorted."""
    return tuple(sorted(_REGISTRY))


def game_class(name: str) -> Callable[..., Game]:
    """The class (or factory) registered as ``name``, imported if needed."""
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ValueError(
            f"unknown game {short(name)}; available games: {', '.join(available_games())}"
        )
    factory = _REGISTRY[name]
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        factory = getattr(importlib.import_module(module), attr)
        _REGISTRY[name] = factory
    return factory


#: ``load``'s "no player count given" (``None`` stays an error, like any other non-number)
_GAME_DEFAULT: Any = object()


def load(
    name: str,
    players: int = _GAME_DEFAULT,
    variant: str = "basic",
    seed: int | None = None,
    **options: Any,
) -> Game:
    """Build a game by name: ``kaskaria.load("dragon-battle", players=3, variant="memory")``.

    Without ``players`` the game's own default count is used (2 for Dragon Battle and Heroes of
    Kaskaria, 4 for Dragon's Gold). ``options`` are the game's named rule options (see each game's
    ``OPTIONS``). Unknown names, player counts, variants or options raise ``ValueError`` listing
    what exists.
    """
    cls = game_class(name)
    if players is _GAME_DEFAULT:
        return cls(variant=variant, seed=seed, **options)
    return cls(players=players, variant=variant, seed=seed, **options)
