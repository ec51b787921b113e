"""The text notation of Dragon's Gold's actions: every action the engine makes, made once (the
engine knows its own by identity, which keeps ``apply`` fast), and the parser of action text."""

from __future__ import annotations

from functools import cache, lru_cache
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

from ..core import Action, whole_word
from .pieces import _AI, _ALPHA, _CI
from .rules import ADVENTURERS, COLOURS

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DragonsGold

_TOKEN = tuple(Action("token", (c,)) for c in COLOURS)
_STOLEN = tuple(Action("stolen", (c,)) for c in COLOURS)
#: counts per colour read in alphabetical order, and the token actions in that (sorted) order
_IN_ALPHA = itemgetter(*_ALPHA)
_TOKEN_ALPHA = tuple(_TOKEN[i] for i in _ALPHA)
_STOLEN_ALPHA = tuple(_STOLEN[i] for i in _ALPHA)
#: the token actions by identity: ``apply`` finds the one it was given without hashing it (an
#: entry holds the action itself, so an id is trusted only together with the object it names)
_TOKEN_IDS = {id(a): (a, i) for i, a in enumerate(_TOKEN)}
_STOLEN_IDS = {id(a): (a, i) for i, a in enumerate(_STOLEN)}
#: "send <adventurer> to dragon <n>" for adventurer ``a`` and place ``slot`` (0-based), made once,
#: and by identity: the action, ``a`` and ``slot``
_SENDS = {
    (a, slot): Action("send", (ADVENTURERS[a], "to", "dragon", str(slot + 1)))
    for a in range(4)
    for slot in range(4)
}
_SEND_IDS = {id(x): (x, a, slot) for (a, slot), x in _SENDS.items()}
#: "give <colour> to <seat>" for colour ``c`` and seat ``p`` (0-based), made once, and by identity
_GIVES: dict[tuple[int, int], Action] = {}
_GIVE_IDS: dict[int, tuple[Action, int, int]] = {}
#: the reveal of each dragon card (by 0-based index), made once, and those actions by identity
_CARDS: dict[int, Action] = {}
_CARD_IDS: dict[int, tuple[Action, int]] = {}
#: sort key of actions: the same order as Action's own comparison, computed in C
_AKEY = attrgetter("verb", "args")


@cache
def _act(verb: str, *args: str) -> Action:
    return Action(verb, args)


def _card_word(card: int) -> str:
    """The word of dragon card ``card`` (0-based) in the notation: its number in two digits
    (``07``, ``17``), so that the reveals sort by number (a deck holds at most 60 cards)."""
    return f"{card + 1:02d}"


def _card(card: int) -> Action:
    """The reveal of dragon card ``card`` (0-based), ``card 07``: always the same object."""
    action = _CARDS.get(card)
    if action is None:
        action = _CARDS[card] = _act("card", _card_word(card))
        _CARD_IDS[id(action)] = (action, card)
    return action


def _give_action(c: int, p: int) -> Action:
    """``give <colour c> to <seat p>``: always the same object."""
    action = _GIVES.get((c, p))
    if action is None:
        action = _GIVES[c, p] = _act("give", COLOURS[c], "to", str(p + 1))
        _GIVE_IDS[id(action)] = (action, c, p)
    return action


@lru_cache(maxsize=4096)
def _card_actions(deck: tuple[int, ...]) -> tuple[Action, ...]:
    """The reveals of the dragon cards ``deck`` (0-based), sorted as actions sort."""
    return tuple(sorted(map(_card, deck), key=_AKEY))


_NOTATION = (
    "actions are: send <big-knight|small-knight|thief|wizard> to dragon <1-4>, play <item> ..., "
    "give <colour> to <player>, propose, accept, refuse, no deal, put <colour> in pile <k>, "
    "split, choose pile <k>, pass, steal from <player>, ward <colour>, pick <colour>, "
    "offer <colour>, ask <colour>, trade with <player>, cancel; chance: card <number>, "
    "token <colour>, item <kind>, stolen <colour>"
)


def _seat_word(w: str, players: int) -> bool:
    n = whole_word(w, 1)
    return n is not None and 1 <= n <= players


def _parse_words(words: tuple[str, ...], g: DragonsGold) -> Action | None:
    verb, args = words[0], words[1:]
    n = len(args)
    P = g.players
    colour = _CI.__contains__
    if verb == "send" and n == 4 and args[0] in _AI and args[1:3] == ("to", "dragon"):
        if args[3] in ("1", "2", "3", "4"):
            return _act(verb, *args)
    elif verb == "play" and n >= 2 and args[0] in g.item_timing:
        name = args[0]
        if name == "swap-dragons" and n == 3 and all(x in ("1", "2", "3", "4") for x in args[1:]):
            if args[1] < args[2]:
                return _act(verb, *args)
        if name == "recall" and n == 2 and args[1] in ("1", "2", "3", "4"):
            return _act(verb, *args)
        if (
            name == "swap-shares"
            and n == 3
            and all(_seat_word(x, P) for x in args[1:])
            and args[1] < args[2]
        ):
            return _act(verb, *args)
    elif (
        verb == "give" and n == 3 and colour(args[0]) and args[1] == "to" and _seat_word(args[2], P)
    ):
        return _act(verb, *args)
    elif verb in ("propose", "accept", "refuse", "split", "pass", "cancel") and n == 0:
        return _act(verb)
    elif verb == "no" and args == ("deal",):
        return _act(verb, *args)
    elif verb == "put" and n == 4 and colour(args[0]) and args[1:3] == ("in", "pile"):
        if _seat_word(args[3], P):
            return _act(verb, *args)
    elif verb == "choose" and n == 2 and args[0] == "pile" and _seat_word(args[1], P):
        return _act(verb, *args)
    elif verb == "steal" and n == 2 and args[0] == "from" and _seat_word(args[1], P):
        return _act(verb, *args)
    elif verb in ("ward", "pick", "token", "stolen", "offer", "ask") and n == 1 and colour(args[0]):
        return _act(verb, *args)
    elif verb == "trade" and n == 2 and args[0] == "with" and _seat_word(args[1], P):
        return _act(verb, *args)
    elif verb == "card" and n == 1 and whole_word(args[0], 2) is not None:
        # "card 7" and "card 07" are the same card, written "card 07"
        if 1 <= int(args[0]) <= len(g.cards):
            return _card(int(args[0]) - 1)
    elif verb == "item" and n == 1 and args[0] in g.item_timing:
        return _act(verb, *args)
    return None
