"""Dragon Battle's name, its kind of game, the actions the engine makes once, and a resident's name
in any language."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..core import Action, GameType
from ..i18n import register_loader
from ..i18n import text as _t
from .rules import COLOURS, FACES, VARIANTS
from .turn import counts_of, roll_picker

if TYPE_CHECKING:  # pragma: no cover
    from .state import DragonBattleState

NAME = "dragon-battle"

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


#: Where a resident's name may break in a narrow dragon card (a soft hyphen), by language:
#: "Prin-cess" over two lines rather than "Prince" cut off.
_BREAKS = {
    "en": "prin-cess wiz-ard min-strel fal-con-er ba-ker gar-den-er tai-lor shep-herd mil-ler "
    "weav-er",
    "de": "Kö-nig Kö-ni-gin Prin-zes-sin Zau-be-rer Rit-ter Wa-che Spiel-mann Falk-ner Bä-cker "
    "Gärt-ne-rin Schnei-de-rin Stall-bur-sche Schä-fe-rin Mül-ler We-be-rin",
}
_SOFT = {
    lang: {w.replace("-", ""): w.replace("-", "\u00ad") for w in words.split()}
    for lang, words in _BREAKS.items()
}


def resident_breaks(name: str, lang: str = "en") -> str:
    """A resident's name with the places it may break (soft hyphens) for a narrow card."""
    word = resident_word(name, lang)
    return _SOFT.get(lang, {}).get(word, word)


_PHASES = ("draw", "start", "rolling", "place", "decide", "over")
