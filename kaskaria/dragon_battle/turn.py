"""One turn of Dragon Battle (a "scare") as a small model, shared by the engine, the exact odds,
the bots and the simulator: the dice, their outcomes and which placements a roll allows.

A moment of a turn is the set of dragons that already hold dice (a 4-bit mask: yellow 1, red 2,
blue 4, purple 8) and the dice in hand. A roll of ``h`` dice is one of the multisets of ``h``
faces, written as the count of each face (black, yellow, red, blue, purple, silver) with the
number of ordered rolls that show it (``ways``, out of ``6**h``). Black dice go to the well; of
the other faces one colour is set aside on an empty dragon (silver on any empty dragon; with the
option ``silver_with_colour`` also a colour together with all silver dice). If nothing can be set
aside, the turn fails.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

from ..core import Action, ExactPicker
from .rules import COLOURS, FACES

__all__ = [
    "DICE",
    "ROLL",
    "SILVER",
    "STOP",
    "counts_of",
    "multisets",
    "after_option",
    "nonblack",
    "options",
    "placements",
    "roll_outcomes",
    "roll_picker",
]

#: The number of dice (the whole model assumes four; the rules table refuses other counts).
DICE = 4
ROLL = Action("roll")
STOP = Action("stop")
#: Face indices: black 0, yellow 1, red 2, blue 3, purple 4, silver 5 (dragon i has face i + 1).
SILVER = FACES.index("silver")
_FACE_INDEX = {f: i for i, f in enumerate(FACES)}


@cache
def multisets(hand: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of ``hand`` dice as (count of each face, number of ordered rolls giving it),
    in the order of :data:`FACES` combinations."""
    out = []
    for combo in combinations_with_replacement(range(len(FACES)), hand):
        counts = tuple(combo.count(f) for f in range(len(FACES)))
        ways = math.factorial(hand)
        for c in counts:
            ways //= math.factorial(c)
        out.append((counts, ways))
    return tuple(out)


def _roll_action(counts: tuple[int, ...]) -> Action:
    faces = sorted(f for i, f in enumerate(FACES) for _ in range(counts[i]))
    return Action("roll", tuple(faces))


@cache
def roll_outcomes(dice: int) -> tuple[tuple[Action, Fraction], ...]:
    """Every multiset of faces ``dice`` dice can show, with its exact probability.

    Faces in the text are in alphabetical order (``roll black blue red red``). For 4 dice there
    are 126 outcomes whose weights (ordered rolls) sum to 6**4 = 1296.
    """
    if dice.__class__ is not int or not 1 <= dice <= DICE:
        raise ValueError(f"a roll uses 1 to {DICE} dice, not {dice!r}")
    total = len(FACES) ** dice
    out = [(_roll_action(c), Fraction(w, total)) for c, w in multisets(dice)]
    out.sort(key=lambda pair: pair[0])
    return tuple(out)


@cache
def roll_picker(dice: int) -> ExactPicker:
    """The exact picker of :func:`roll_outcomes` (one integer below ``6**dice`` per roll)."""
    return ExactPicker(roll_outcomes(dice))


def counts_of(faces: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """The count of each face in ``faces`` (which must all be faces)."""
    counts = [0] * len(FACES)
    for f in faces:
        counts[_FACE_INDEX[f]] += 1
    return tuple(counts)


def nonblack(counts: tuple[int, ...]) -> int:
    return sum(counts) - counts[0]


@cache
def options(
    mask: int, counts: tuple[int, ...], silver_with_colour: bool
) -> tuple[tuple[Action, int, int], ...]:
    """The legal placements of a roll as (action, dragon index, dice it moves), in sorted order."""
    out = []
    silver = counts[SILVER]
    for i, colour in enumerate(COLOURS):
        if mask >> i & 1:
            continue
        if silver:
            out.append((Action("place", ("silver", "on", colour)), i, silver))
        k = counts[i + 1]
        if k:
            out.append((Action("place", (colour,)), i, k))
            if silver and silver_with_colour:
                out.append((Action("place", (colour, "with", "silver")), i, k + silver))
    out.sort(key=lambda t: t[0])
    return tuple(out)


def after_option(
    mask: int, counts: tuple[int, ...], option: tuple[Action, int, int]
) -> tuple[int, int]:
    """(new mask, dice left in hand) after a placement."""
    _, i, moved = option
    return mask | (1 << i), nonblack(counts) - moved


def mask_of(on_dragon: tuple[tuple[str, ...], ...]) -> int:
    """The mask of the dragons that hold dice."""
    mask = 0
    for i, dice in enumerate(on_dragon):
        if dice:
            mask |= 1 << i
    return mask


@cache
def _placement_actions(
    mask: int, counts: tuple[int, ...], silver_with_colour: bool
) -> tuple[Action, ...]:
    return tuple(o[0] for o in options(mask, counts, silver_with_colour))


def placements(
    rolled: tuple[str, ...], on_dragon: tuple[tuple[str, ...], ...], silver_with_colour: bool
) -> tuple[Action, ...]:
    """The sorted legal placements for the non-black ``rolled`` faces."""
    return _placement_actions(mask_of(on_dragon), counts_of(rolled), silver_with_colour)
