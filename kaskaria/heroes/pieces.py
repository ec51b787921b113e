"""Heroes of Kaskaria's name, its kind of game, the actions the engine makes once, cards as numbers
(a kind is ``colour * 4 + motif``) and the words of a card in any language."""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core import Action, GameType
from ..i18n import register_loader
from ..i18n import text as _t
from ..validate import quote
from .rules import MOTIFS, VARIANTS

NAME = "heroes"
GRIFFIN, RUNNER, GOLD, PLUS2 = range(4)
_MOTIF_INDEX = {m: i for i, m in enumerate(MOTIFS)}

GAME_TYPE = GameType(
    name=NAME,
    title="Heroes of Kaskaria",
    min_players=2,
    max_players=4,
    variants=tuple(VARIANTS),
    information="imperfect",
    score_unit="gold",
    automatic_chance=frozenset({"deal", "refill", "waterfall"}),
    shown_chance=frozenset({"draw"}),
    max_actions=20_000,
)

DRAW_PILE = Action("draw", ("pile",))
PLUS2_PILE = Action("plus2", ("pile",))
WATERFALL = Action("waterfall")
PASS = Action("pass")
_ONE = Fraction(1)
_plus = int.__add__
#: one card of each motif, packed three bits per motif (the count key of a colour's sets)
_ONE_OF = (1, 8, 64, 512)
#: packed counts of a colour with fewer than two cards (no set)
_SINGLE = frozenset({0, 1, 8, 64, 512})
_CHANCE_PHASES = frozenset({"deal", "lay", "bury", "draw", "refill"})
_PHASES = ("deal", "lay", "bury", "turn", "draw", "refill", "choose", "over")
_CHANCE_KIND = {
    "deal": "deal",
    "lay": "deal",
    "bury": "waterfall",
    "draw": "draw",
    "refill": "refill",
}


def _load_messages() -> None:
    from . import messages  # noqa: F401  (registers the tables)


register_loader(NAME, _load_messages)


def colour_word(colour: str, lang: str = "en") -> str:
    """A card colour in ``lang`` (a colour of a teacher's own table keeps its name)."""
    try:
        return _t(NAME, f"colour.{colour}", lang)
    except KeyError:
        return colour


def card_word(colour: str, motif: str, lang: str = "en") -> str:
    """A card in ``lang``: "blue griffin", "Schuppengreif (blau)"."""
    return _t(
        NAME, "card", lang, colour=colour_word(colour, lang), motif=_t(NAME, f"motif.{motif}", lang)
    )


def _quoted(text: str, limit: int = 60) -> str:
    """``text`` in quotes for an error message, at most ``limit + 2`` characters long: cut before
    it is quoted *and* after (the quoted form writes a character such as ``\\x1f`` as four or
    more, so text of ``limit`` characters could otherwise quote to ten times that)."""
    said = repr(quote(text, limit))
    return said if len(said) <= limit + 2 else said[: limit - 2] + "...'"


def _card_phrase(colour: str, motif: str) -> Any:
    """A card, to be put into words later in any language."""
    return lambda lang: card_word(colour, motif, lang)


@lru_cache(maxsize=4096)
def _bury_actions(lo: int, hi: int) -> tuple[Action, ...]:
    """The places of the waterfall, ``lo`` to ``hi`` cards above it, as sorted actions."""
    return tuple(sorted(Action("waterfall", ("below", str(k))) for k in range(lo, hi + 1)))


def _add(cards: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``cards`` (sorted) with one more ``kind``, still sorted."""
    i = bisect_right(cards, kind)
    return cards[:i] + (kind,) + cards[i:]


def _remove(cards: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` without ``kinds`` (both sorted; every one of ``kinds`` is in ``cards``)."""
    out = list(cards)
    for k in kinds:
        out.remove(k)
    return tuple(out)


def _remove_some(cards: tuple[int, ...], kinds: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` without those of ``kinds`` it holds (a multiset difference, floored at none)."""
    if not cards:
        return cards
    out = list(cards)
    for k in kinds:
        if k in out:
            out.remove(k)
    return tuple(out)


def _bonus(n: int, pair: int, reading: str) -> int:
    """What ``n`` cliff-runner (or gold) cards of one set are worth in the brave variant, where
    two of them are worth ``pair``: see the option ``brave_pairs``."""
    if n < 2:
        return n
    if reading == "each_pair":
        return (n // 2) * pair + n % 2
    if reading == "first_pair":
        return pair + n - 2
    return pair if n == 2 else n  # "exactly_two"
