"""The engine vocabulary shared by every game.

A :class:`Game` is a rules table plus its parameters; a state is an immutable, hashable value that
knows whose decision it is (a player index, or :data:`CHANCE` / :data:`TERMINAL`), which actions are
legal, and how to apply one.  Chance is explicit: at a chance point the state lists every outcome with
its exact probability as a :class:`fractions.Fraction`, and a seeded ``numpy.random.Generator`` only
picks among them.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = [
    "Action",
    "CHANCE",
    "TERMINAL",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "Player",
    "available_games",
    "check_choice",
    "load",
    "pick_outcome",
    "register",
]


class Player(enum.IntEnum):
    """Sentinels returned by ``state.current_player()`` when no player is to decide."""

    CHANCE = -1
    TERMINAL = -4

    def __repr__(self) -> str:
        return self.name


CHANCE = Player.CHANCE
TERMINAL = Player.TERMINAL


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow at this moment."""


class InvalidActionError(ValueError):
    """Text or a value that is not an action of this game at all."""


@dataclass(frozen=True, order=True, slots=True)
class Action:
    """One move, written as a verb and words: ``Action("place", ("silver", "on", "blue"))``.

    ``str(action)`` is the text notation (``"place silver on blue"``); each state parses that text
    back with ``state.parse_action(text)``.
    """

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def check_choice(name: str, value: Any, allowed: Iterable[Any]) -> Any:
    """Return ``value`` if it is one of ``allowed``, else raise a ``ValueError`` naming both."""
    allowed = tuple(allowed)
    if value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ValueError(f"unknown {name} {value!r}; choose one of: {shown}")
    return value


def pick_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: np.random.Generator) -> Action:
    """Pick one chance outcome with exactly its probability.

    The probabilities are brought to a common denominator ``D`` and one integer in ``[0, D)`` is
    drawn, so the pick is exact (no floating-point rounding of the odds).
    """
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), got {rng!r}"
        )
    denominator = 1
    for _, p in outcomes:
        denominator = math.lcm(denominator, p.denominator)
    k = int(rng.integers(denominator))
    for action, p in outcomes:
        k -= p.numerator * (denominator // p.denominator)
        if k < 0:
            return action
    raise AssertionError("chance outcomes do not sum to 1")  # pragma: no cover


class Game:
    """Base class of every game: a name, the rules table and the chosen parameters.

    Subclasses set ``name``, ``title``, ``min_players``, ``max_players``, ``variants`` and
    implement :meth:`new_state`, :meth:`options` and :meth:`parse_options`.
    """

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    variants: tuple[str, ...] = ("basic",)

    def __init__(self, players: int, variant: str, seed: int | None) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be a whole number, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        check_choice(f"variant of {self.title}", variant, self.variants)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise ValueError(f"seed must be a whole number >= 0 or None, got {seed!r}")
        self.players = players
        self.variant = variant
        self.seed = seed

    # -- to be provided by each game -------------------------------------------------------
    def new_state(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def options(self) -> dict[str, Any]:  # pragma: no cover - abstract
        """The game's named options (rule interpretations and overrides) as plain JSON values."""
        raise NotImplementedError

    # -- shared ----------------------------------------------------------------------------
    def new_initial_state(self):
        return self.new_state()

    def rng(self, seed: int | None = None) -> np.random.Generator:
        """A generator seeded with ``seed`` (or the game's own seed)."""
        return np.random.default_rng(self.seed if seed is None else seed)

    def spec(self) -> dict[str, Any]:
        """Everything needed to rebuild this game with :func:`load` (JSON values only)."""
        return {
            "game": self.name,
            "players": self.players,
            "variant": self.variant,
            "options": self.options(),
        }

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Game) and self.spec() == other.spec())

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.variant))

    def __repr__(self) -> str:
        return f"kaskaria.load({self.name!r}, players={self.players}, variant={self.variant!r})"


_REGISTRY: dict[str, Callable[..., Game]] = {}


def register(name: str, factory: Callable[..., Game]) -> None:
    """Make a game available to :func:`load` under ``name``."""
    _REGISTRY[name] = factory


def available_games() -> tuple[str, ...]:
    """The names :func:`load` accepts, sorted."""
    return tuple(sorted(_REGISTRY))


def load(
    name: str, players: int = 2, variant: str = "basic", seed: int | None = None, **options: Any
) -> Game:
    """Build a game by name: ``kaskaria.load("dragon-battle", players=3, variant="memory")``.

    ``options`` are the game's named rule options (see each game's ``OPTIONS``).  Unknown names,
    player counts, variants or options raise ``ValueError`` listing what exists.
    """
    if not isinstance(name, str) or name not in _REGISTRY:
        raise ValueError(f"unknown game {name!r}; available games: {', '.join(available_games())}")
    return _REGISTRY[name](players=players, variant=variant, seed=seed, **options)
