"""Dragon's Gold's name, its kind of game, and its pieces as numbers: colours and adventurers by
index, the states of an adventurer, the phases, and arithmetic on 9-tuples of token counts (one
count per colour, in the order of :data:`~kaskaria.dragons_gold.rules.COLOURS`)."""

from __future__ import annotations

from operator import add, sub
from typing import Any

from ..core import GameType
from ..i18n import register_loader
from .rules import ADVENTURERS, COLOURS, GEMS, VARIANTS

NAME = "dragons-gold"
NC = len(COLOURS)
ZERO = (0,) * NC
RED = COLOURS.index("red")
BLACK = COLOURS.index("black")
_CI = {c: i for i, c in enumerate(COLOURS)}
_AI = {a: i for i, a in enumerate(ADVENTURERS)}
THIEF, WIZARD = _AI["thief"], _AI["wizard"]
#: the indices of the five gem colours
_GEM_INDEX = tuple(_CI[g] for g in GEMS)
#: colour indices in alphabetical order of their names (the order of sorted actions)
_ALPHA = tuple(sorted(range(NC), key=lambda i: COLOURS[i]))
UP, DOWN = -1, -2
CHANCE_PHASES = frozenset({"card", "token", "item", "steal"})
#: the decision phases whose legal actions the game keeps by situation (see ``_legal_key``)
_KEYED = frozenset(
    {
        "turn", "build", "market", "offer", "answer", "reply", "victim", "ward", "pick", "choose",
        "swap",
    }
)  # fmt: skip
#: the phases of the market
MARKET_PHASES = frozenset({"market", "offer", "reply"})
PHASES = (
    "card", "token", "item", "turn", "build", "answer", "divide", "choose", "swap", "victim",
    "ward", "pick", "steal", "market", "offer", "reply", "over",
)  # fmt: skip
RESUMES = ("setup", "replace", "kill", "start", "split", "thefts", "next-thief", "")

GAME_TYPE = GameType(
    name=NAME,
    title="Dragon's Gold",
    min_players=3,
    max_players=6,
    variants=tuple(VARIANTS),
    information="imperfect",
    score_unit="points",
    automatic_chance=frozenset({"reveal", "treasure"}),
    shown_chance=frozenset({"item", "theft"}),
    max_actions=20_000,
)


def _load_messages() -> None:
    from . import messages  # noqa: F401  (registers the tables)


register_loader(NAME, _load_messages)


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(add, a, b))


def _sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(sub, a, b))


def _floor_sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """``max(0, x - y)`` for each pair, written as ``x - min(x, y)``."""
    return tuple(map(sub, a, map(min, a, b)))


def _one(colour: int) -> tuple[int, ...]:
    return ZERO[:colour] + (1,) + ZERO[colour + 1 :]


def _put(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def _leq(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True))


def _min(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(min(x, y) for x, y in zip(a, b, strict=True))


def _named(counts: tuple[int, ...]) -> dict[str, int]:
    return {c: n for c, n in zip(COLOURS, counts, strict=True) if n}
