"""Bots for every game, and the registry that knows them.

>>> from kaskaria.bots import make_bot, available_bots
>>> available_bots("dragon-battle")[:3]
('random', 'all-in', 'cautious')
>>> make_bot("dragon-battle", "threshold", risk=0.25)
make_bot('threshold', risk=Fraction(1, 4))

A bot decides from what its seat may see and nothing else: :meth:`Bot.choose` hands the bot's
:meth:`Bot.decide` a :class:`SeatView` (the seat, its observation, the legal actions), never the
state. Bots draw randomness only from the ``rng`` they are given. The same bots play in matches,
in widgets and in tournaments (:mod:`kaskaria.tournament`).

A game registers its bots with :func:`register_bot` (usually in its ``bots`` module, imported on
first use through :func:`register_bot_module`); ``"random"`` plays every game.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .core import Action, _check_rng
from .validate import short

_GENERATOR: Any = None  # numpy.random.Generator, looked up on first use (numpy loads lazily)

__all__ = [
    "Bot",
    "BotSpec",
    "RandomBot",
    "SeatView",
    "available_bots",
    "bot_spec",
    "make_bot",
    "register_bot",
    "register_bot_module",
    "seat_choices",
    "bot_from_choice",
    "DIFFICULTIES",
    "difficulty_bots",
    "difficulty_of",
    "prepare_strong_bot",
    "strong_bot_prepares",
    "register_strong_bot",
    "strong_bot",
    "strong_at_table",
    "table_bot",
    "thinks",
    "quick_bot",
    "guarded",
    "GUARD_SECONDS",
    "register_difficulties",
    "register_playout_seconds",
    "playout_seconds",
]

#: The key of bots that play any game.
ANY = "*"


class SeatView:
    """What a bot may look at when its seat decides: nothing the seat may not see.

    ``seat``: the deciding seat; ``game``: the game (rules and options are public);
    ``observation``: ``state.observation(seat)`` (computed once, on first use);
    ``legal_actions()``; ``parse_action(text)``.
    """

    __slots__ = ("seat", "game", "_state", "_observation")

    def __init__(self, state: Any, seat: int) -> None:
        self.seat = seat
        self.game = getattr(state, "game", None)
        self._state = state
        self._observation: dict[str, Any] | None = None

    @property
    def observation(self) -> dict[str, Any]:
        if self._observation is None:
            self._observation = self._state.observation(self.seat)
        return self._observation

    def observe(self, **options: Any) -> dict[str, Any]:
        """The seat's observation with a game's own options (say ``memory="perfect"``: what the
        seat has seen before, where a game offers that); never another seat's."""
        return self._state.observation(self.seat, **options)

    def legal_actions(self) -> tuple[Action, ...]:
        return self._state.legal_actions()

    def parse_action(self, text: str) -> Action:
        return self._state.parse_action(text)

    def __repr__(self) -> str:
        return f"<SeatView seat={self.seat} of {self.game!r}>"


def decision_seat(state: Any) -> int:
    """The seat to move; ``ValueError`` if nobody is to decide."""
    current = getattr(state, "current_player", None)
    if current is None:
        raise TypeError(f"a bot needs a game state, got {type(state).__name__}")
    player = current()
    if player < 0:
        raise ValueError(
            f"a bot chooses only a player's decision; nobody decides now ({short(state, 80)}): "
            "resolve chance with state.sample_chance(rng)"
        )
    return int(player)


class Bot:
    """Base class: a name, parameters, and ``decide(view, rng) -> Action``.

    Call :meth:`choose` with a state: it checks that a seat decides and passes the bot only that
    seat's :class:`SeatView`.
    """

    name: str = ""
    #: the game this bot plays (``"*"``: any game)
    game: str = ANY
    #: roughly how many times longer its decisions take than a random bot's (a tournament shows
    #: a progress bar only when it will take a while)
    cost: float = 1.0

    @property
    def params(self) -> dict[str, Any]:
        return {}

    @property
    def label(self) -> str:
        """A short display name with the parameters, e.g. ``"threshold(1/5)"``."""
        if not self.params:
            return self.name
        return f"{self.name}({', '.join(str(v) for v in self.params.values())})"

    def prepare(self, game: Any) -> None:
        """Load now what the bot needs to decide in ``game`` (a Game), so that its first
        decision does not: a solved game read from disk. Nothing by default."""

    def choose(self, state: Any, rng: Any) -> Action:
        """The bot's decision for the seat to move in ``state``."""
        seat = decision_seat(state)
        if rng.__class__ is not _GENERATOR:
            _check_rng(rng)
            _remember_generator()
        if self.game != ANY and getattr(state.game, "name", None) != self.game:
            raise TypeError(
                f"the {self.name} bot plays {self.game}, not {getattr(state.game, 'name', state)!r}"
            )
        return self.decide(SeatView(state, seat), rng)

    def decide(self, view: SeatView, rng: Any) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"make_bot({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and repr(other) == repr(self)

    def __hash__(self) -> int:
        return hash(repr(self))


def _remember_generator() -> None:
    global _GENERATOR
    import numpy as np

    _GENERATOR = np.random.Generator


class RandomBot(Bot):
    """Picks uniformly among the legal actions (in any game)."""

    name = "random"

    def choose(self, state: Any, rng: Any) -> Action:
        # The same checks as Bot.choose; the decision needs nothing but the legal actions (which
        # the seat to move may always see), so no SeatView is built: random playouts run faster.
        try:
            seat = state.current_player()
        except AttributeError:
            seat = -1
        if seat.__class__ is not int or seat < 0:
            decision_seat(state)  # the error for a state where nobody decides, or a non-state
        if rng.__class__ is not _GENERATOR:
            _check_rng(rng)
            _remember_generator()
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return legal[int(rng.integers(len(legal)))]

    def decide(self, view: SeatView, rng: Any) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return legal[int(rng.integers(len(legal)))]


# ---------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotSpec:
    """A registered bot: how to build it and what it takes.

    ``params``: parameter name -> what it means (all required unless in ``defaults``);
    ``presets``: seat-menu entries with their parameters (``{"threshold(1/4)": {"risk": ...}}``);
    ``summary``: one line for learners; ``listed``: offered by :func:`available_bots` and the
    seat menus (an unlisted bot is made by its name only: the strong bots, until the tables
    offer them).
    """

    name: str
    factory: Callable[..., Bot]
    summary: str = ""
    params: Mapping[str, str] = field(default_factory=dict)
    defaults: Mapping[str, Any] = field(default_factory=dict)
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    listed: bool = True

    def make(self, **params: Any) -> Bot:
        unknown = sorted(set(params) - set(self.params), key=repr)
        missing = sorted(set(self.params) - set(params) - set(self.defaults))
        if unknown or missing:
            if not self.params:
                raise ValueError(
                    f"the {self.name!r} bot takes no parameters, got {sorted(map(short, params))}"
                )
            if set(self.params) <= set(self.defaults):
                shown = ", ".join(f"{k}= ({v})" for k, v in self.params.items())
                raise ValueError(
                    f"the {self.name!r} bot takes no parameters but the optional {shown}; got "
                    f"{sorted(map(short, params))}"
                )
            shown = ", ".join(f"{k}= ({v})" for k, v in self.params.items())
            raise ValueError(
                f"the {self.name!r} bot takes {shown}; got {short(params, 80)}"
                + (f" (missing {missing})" if missing else "")
            )
        return self.factory(**{**self.defaults, **params})


_BOTS: dict[str, dict[str, BotSpec]] = {ANY: {}}
_MODULES: dict[str, list[str]] = {}
_LOADED: set[str] = set()


def register_bot(game: str, spec: BotSpec) -> None:
    """Make ``spec`` available for ``game`` (``"*"``: for every game)."""
    _BOTS.setdefault(game, {})[spec.name] = spec


def register_bot_module(game: str, module: str) -> None:
    """Import ``module`` (which registers some of the game's bots) the first time the game's
    bots are asked for; a game may have several such modules (imported in the order given)."""
    modules = _MODULES.setdefault(game, [])
    if module not in modules:
        modules.append(module)
        _LOADED.discard(game)


_PLAYOUT_SECONDS: dict[str, float] = {}


def register_playout_seconds(game: str, seconds: float) -> None:
    """About how long one whole game of ``game`` between random bots takes (a fixed estimate,
    never a measurement: it only decides whether a tournament shows a progress bar)."""
    _PLAYOUT_SECONDS[game] = float(seconds)


def playout_seconds(game: Any, default: float = 0.01) -> float:
    name = game if isinstance(game, str) else getattr(game, "name", "")
    if name in _MODULES and name not in _LOADED:
        _specs(name)
    return _PLAYOUT_SECONDS.get(name, default)


def _specs(game: str) -> dict[str, BotSpec]:
    if not isinstance(game, str):
        game = getattr(game, "name", game)
    if game in _MODULES and game not in _LOADED:
        for module in _MODULES[game]:
            importlib.import_module(module)
        _LOADED.add(game)
    if game not in _BOTS and game not in _MODULES:
        from .core import available_games

        if game not in available_games():
            raise ValueError(
                f"unknown game {short(game)}; available games: {', '.join(available_games())}"
            )
    return {**_BOTS[ANY], **_BOTS.get(game, {})}


def available_bots(game: Any) -> tuple[str, ...]:
    """The names of the bots that play ``game`` (a name or a Game): ``"random"`` first, then
    the game's own in the order it registered them."""
    specs = _specs(game)
    return ("random", *(n for n, spec in specs.items() if n != "random" and spec.listed))


def bot_spec(game: Any, name: str) -> BotSpec:
    specs = _specs(game)
    if not isinstance(name, str) or name not in specs:
        raise ValueError(
            f"unknown bot {short(name)}; choose one of: "
            f"{', '.join(repr(n) for n in available_bots(game))}"
        )
    return specs[name]


def make_bot(game: Any, name: str, **params: Any) -> Bot:
    """A bot for ``game`` (a name or a Game) by name, with its parameters."""
    return bot_spec(game, name).make(**params)


def seat_choices(game: Any) -> list[str]:
    """What a seat menu offers: ``"human"``, then every bot that needs no parameters and the
    presets of those that do."""
    out = ["human"]
    specs = _specs(game)
    for name in available_bots(game):
        spec = specs[name]
        if not (set(spec.params) - set(spec.defaults)):
            out.append(name)
        out.extend(spec.presets)
    return out


#: The words a child chooses opponents by.
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")

_DIFFICULTY: dict[str, dict[str, str]] = {}


def register_difficulties(game: str, easy: str, medium: str, hard: str) -> None:
    """The bots behind the words a child chooses opponents by, for ``game`` (registered by the
    game's bots module, next to its bots; each bot must be one of the game's). Games without
    them offer their bots by name only."""
    named = dict(zip(DIFFICULTIES, (easy, medium, hard), strict=True))
    for word, name in named.items():
        if name not in _BOTS.get(game, {}):
            raise ValueError(f"the {word} bot of {game!r} must be one of its bots, got {name!r}")
    _DIFFICULTY[game] = named


#: For each game, its strongest bot (registered with :func:`register_strong_bot`): the bot that
#: plays to win, offered as "hard" when a table asks for it (``strong=True``).
_STRONG: dict[str, str] = {}


#: For each game, the tables (player count, variant) where its strongest bot is "hard": only
#: where the measured ladder shows it above every other bot (see docs/bots.md).
_STRONG_AT: dict[str, frozenset[tuple[int, str]]] = {}
#: A thinking bot (:func:`thinks`) plays its whole budget at a table (playouts, not seconds),
#: so a seeded table plays the same game on every computer; at that budget the 95th percentile of
#: a decision is a few tenths of a second on one core (``benchmarks/bot_speed.py``). Only where a
#: class server works its moves out (:func:`guarded`) does a clock stop its search, after this
#: many seconds, so that a busy computer never holds a table up much longer.
GUARD_SECONDS = 1.0


def register_strong_bot(game: str, name: str, at_tables: tuple[tuple[int, str], ...] = ()) -> None:
    """``name`` is ``game``'s strongest bot (the one that plays to win; it may think up to a
    second per decision), which a table may offer as its "hard" seat; ``at_tables``: the
    (player count, variant) pairs where tables do (:func:`strong_at_table`)."""
    _STRONG[game] = name
    _STRONG_AT[game] = frozenset(at_tables)


def strong_at_table(game: Any) -> bool:
    """Is ``game``'s (a Game) "hard" seat its strongest bot at a table? Only for the player
    counts and variants where the strong bot was measured above every other bot."""
    name = getattr(game, "name", "")
    where = _STRONG_AT.get(name, frozenset())
    return (getattr(game, "players", None), getattr(game, "variant", None)) in where


def table_bot(game: Any, choice: str) -> Bot:
    """The bot a table seats for a seat-menu entry ``choice`` of ``game`` (a Game): as
    :func:`bot_from_choice`, with "hard" the strongest bot where :func:`strong_at_table` says so,
    at its default budget and with no clock (:data:`GUARD_SECONDS`): the same seed plays the same
    game on any computer."""
    strong = strong_at_table(game)
    if strong and choice == "hard":
        return make_bot(game, difficulty_bots(game, strong=True)["hard"])
    return bot_from_choice(game, choice)


def guarded(game: Any, bot: Any) -> Any:
    """``bot`` (a thinking bot of ``game``: :func:`thinks`) with a clock: the same bot, budget and
    parameters, its search stopped after :data:`GUARD_SECONDS` (or its own shorter limit). A
    class server's processes think with it; any other bot is returned as it is."""
    if not thinks(game, bot):
        return bot
    params = dict(getattr(bot, "params", {}))
    own = params.get("seconds")
    params["seconds"] = GUARD_SECONDS if own is None else min(own, GUARD_SECONDS)
    return make_bot(game, bot.name, **params)


def thinks(game: Any, bot: Any) -> bool:
    """Does ``bot`` think at a table of ``game`` (a Game or a name): is it one of the game's
    bots that takes a time limit per decision (``seconds``: the search bots, a few tenths of a
    second a decision at a table)? A class server works out such a bot's
    decisions away from its event loop; every other bot decides in milliseconds."""
    name = getattr(bot, "name", None)
    specs = _specs(game)
    return isinstance(name, str) and name in specs and "seconds" in specs[name].params


def quick_bot(game: Any) -> Bot:
    """The bot that moves for a thinking bot (:func:`thinks`) whose decision did not come (its
    process crashed, too many waited, the answer was lost): the game's quick "hard" bot
    (milliseconds a decision), or ``random`` in a game without difficulties."""
    if difficulty_bots(game):
        return bot_from_choice(game, "hard")
    return RandomBot()


def prepare_strong_bot(game: Any) -> None:
    """Load what ``game``'s strongest bot needs (:meth:`Bot.prepare`), for its first decision
    as a table's "hard" seat and its first hint: a server does it away from its event loop when
    a table is made."""
    name = strong_bot(game)
    if name is not None:
        make_bot(game.name, name).prepare(game)


def strong_bot_prepares(game: Any) -> bool:
    """Whether ``game``'s strongest bot has anything to load before its first decision (its own
    :meth:`Bot.prepare`: Dragon Battle's solved game; the search bots need nothing)."""
    name = strong_bot(game)
    if name is None:
        return False
    return type(make_bot(game.name, name)).prepare is not Bot.prepare


def strong_bot(game: Any) -> str | None:
    """The name of ``game``'s strongest bot (see :func:`register_strong_bot`), or None."""
    name = game if isinstance(game, str) else getattr(game, "name", "")
    return _STRONG.get(name)


def difficulty_bots(game: Any, *, strong: bool = False) -> dict[str, str]:
    """``{"easy": bot name, "medium": ..., "hard": ...}`` for ``game`` (a name or a Game);
    empty for a game without difficulties. ``strong=True``: "hard" is the game's strongest bot
    (:func:`strong_bot`: Dragon Battle's ``"win"``, the others' ``"search"``), which plays to
    win and thinks up to a second per decision; the default keeps today's quick "hard" bot."""
    name = game if isinstance(game, str) else getattr(game, "name", "")
    if name in _MODULES and name not in _LOADED:
        _specs(name)  # the game's bots modules register them
    out = dict(_DIFFICULTY.get(name, {}))
    if strong and out and name in _STRONG:
        out["hard"] = _STRONG[name]
    return out


def difficulty_of(game: Any, bot: Any) -> str | None:
    """The difficulty word of a bot (a name or a bot object) in ``game``, or None when the bot
    is none of the game's easy / medium / hard bots (a bot with parameters never is); the
    game's strongest bot is "hard" too."""
    name = bot if isinstance(bot, str) else getattr(bot, "label", getattr(bot, "name", None))
    for word, bot_name in difficulty_bots(game).items():
        if name == bot_name:
            return word
    strong = strong_bot(game)
    if strong is not None and difficulty_bots(game):
        if name == strong or getattr(bot, "name", None) == strong:  # also with a time limit
            return "hard"
    return None


_CALL = re.compile(r"([a-z][a-z0-9-]*)\((.*)\)")


def bot_from_choice(game: Any, choice: str, *, strong: bool = False) -> Bot:
    """The bot of a seat-menu entry: a difficulty word, a bot name or a preset such as
    ``"threshold(1/4)"``; ``strong=True``: "hard" is the game's strongest bot (see
    :func:`difficulty_bots`)."""
    specs = _specs(game)
    if not isinstance(choice, str):
        raise TypeError(f"a seat is chosen by text, got {short(choice)}")
    by_difficulty = difficulty_bots(game, strong=strong)
    if choice in by_difficulty:
        return make_bot(game, by_difficulty[choice])
    for spec in specs.values():
        if choice in spec.presets:
            return spec.make(**spec.presets[choice])
    call = _CALL.fullmatch(choice)
    if call and call[1] in specs:
        spec = specs[call[1]]
        words = [w.strip() for w in call[2].split(",")] if call[2].strip() else []
        names = list(spec.params)
        if len(words) > len(names):
            raise ValueError(
                f"unknown seat {short(choice)}: the {spec.name!r} bot takes {len(names)} "
                f"parameter(s) ({', '.join(names) or 'none'})"
            )
        return spec.make(**{n: _param_value(n, w) for n, w in zip(names, words, strict=False)})
    try:
        return make_bot(game, choice)
    except ValueError as err:
        if isinstance(choice, str) and choice in specs:
            raise ValueError(
                f"the {choice!r} bot needs parameters ({err}); seat a bot made with them, e.g. "
                f"kaskaria.bots.make_bot({getattr(game, 'name', game)!r}, {choice!r}, ...)"
            ) from None
        raise ValueError(
            f"unknown seat {short(choice)}; a seat is 'human' or one of the bots: "
            f"{', '.join(seat_choices(game)[1:])}"
        ) from None


#: A number in a seat choice: ``1/4``, ``0.25``, ``-1``; digits 0-9 only, a few of them (no
#: exponent: ``1e99999999`` would be a number too large to work with).
_NUMBER = re.compile(r"-?(?:[0-9]{1,9}(?:/[0-9]{1,9}|\.[0-9]{1,9})?|\.[0-9]{1,9})")


def _param_value(name: str, word: str) -> Any:
    """A parameter written in a seat choice: a number (``1/4``, ``0.25``) or a word."""
    if word and (word[0].isdigit() or word[0] in "-."):
        if not _NUMBER.fullmatch(word):
            raise ValueError(f"{name} must be a number such as 1/4 or 0.25, got {short(word)}")
        try:
            return Fraction(word)
        except ZeroDivisionError:
            raise ValueError(f"{name} must be a number, got {short(word)}") from None
    return word


def check_bot(bot: Any) -> Any:
    """A bot object: anything with ``.name`` (text) and ``.choose(state, rng)``."""
    if callable(getattr(bot, "choose", None)) and isinstance(getattr(bot, "name", None), str):
        return bot
    raise TypeError(f"a bot needs a .name and a .choose(state, rng) method, got {short(bot)}")


def fraction_param(
    name: str, value: Any, lo: Fraction = Fraction(0), hi: Fraction = Fraction(1)
) -> Fraction:
    """A number from ``lo`` to ``hi`` as an exact Fraction (a float is read as the nearest
    fraction with a denominator up to a million, so ``1/9`` means exactly one ninth)."""
    import math
    from numbers import Rational

    if isinstance(value, bool) or not isinstance(value, (Rational, float)):
        raise TypeError(f"{name} must be a number from {lo} to {hi}, got {short(value)}")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a number from {lo} to {hi}, got {value!r}")
        value = Fraction(value).limit_denominator(10**6)
    value = Fraction(value)
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be a number from {lo} to {hi}, got {short(value)}")
    return value


register_bot(ANY, BotSpec("random", RandomBot, "picks uniformly among the legal moves"))
