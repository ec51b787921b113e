"""Hints and "what if?": the strong bot's move and why, in words a child reads, with the numbers
that chose it.

>>> import kaskaria
>>> from kaskaria.hints import hint
>>> m = kaskaria.setup("dragon-battle", players=3, scared={"red": 2}, hand=2, seed=1)
>>> h = hint(m)
>>> h.action, h.basis
(Action('roll'), 'playout')

:func:`hint` gives the move of the strong bot of each game for the seat to move, with the
reason as data (the numbers) and as one or two short sentences in English or German:

- **Dragon Battle**: the ``"win"`` bot's choice (:mod:`kaskaria.dragon_battle.winbot`). Two
  players: its exact chances of winning (``basis="exact"``); more players: its chances of
  winning from playing the rest of the game out (``"playout"``); the memory variant: the most
  expected stars (``"stars"``).
  With the exact chance that the next roll works or fails, and the stars at stake.
- **Heroes of Kaskaria** and **Dragon's Gold**: the ``"search"`` bot's choice, with what the
  move does and the search's own count (``basis="search"``: "This move won 59 of 96 games in
  my head"); where that bot weighs exact values instead of searching (Dragon's Gold: choosing or
  making piles, robbing, the market), those values (``basis="value"``).

The reason is read from the same computation that chose the move: the numbers in the sentence
are ``hint.numbers``, and ``hint.detail`` is the computation itself. A hint is computed from the
seat's observation alone (the search's random numbers come from that observation too), so it
never depends on what the seat may not see.

:func:`what_if` looks back at a finished turn of a match: what the other choice would have given,
with exact chances where the game allows them, and what the best player would have done.

Any bot meeting the bot contract can give the move instead (``hint(state, bot=my_bot)``); its
reason is then only the move itself, in the game's own words.

**Games** provide their hints in a module of their own (``kaskaria/<game>/hints.py``, registered
with :func:`register_hints` and imported on first use): a function ``hint(state, view, lang,
iterations) -> Hint`` and a function ``what_if(match, seat, lang, iterations) -> WhatIf``. This
module holds what they share: the two results, the numbers as a child reads them, the random
numbers of a hint, the words every game uses (the ``"hints"`` message table).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import inspect
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from .bots import SeatView
from .core import Action
from .i18n import check_lang, text
from .validate import short

__all__ = [
    "DOMAIN",
    "Hint",
    "WhatIf",
    "budget",
    "can_look_back",
    "decimal",
    "games_with_hints",
    "hint",
    "hint_rng",
    "hint_texts",
    "hint_words",
    "hints_module",
    "in100",
    "move_words",
    "rate_sentence",
    "register_hints",
    "say",
    "searched",
    "thinner",
    "what_if",
    "what_if_texts",
]

#: The message table of the words every game's hints share.
DOMAIN = "hints"

_MODULES: dict[str, str] = {}


def register_hints(game: str, module: str) -> None:
    """Import ``module`` (the game's hints: functions ``hint`` and ``what_if``) the first time a
    hint of ``game`` is asked for."""
    _MODULES[game] = module


def games_with_hints() -> tuple[str, ...]:
    """The games that give hints and "what if?"."""
    return tuple(sorted(_MODULES))


def _module(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise ValueError(
            f"no hints for the game {short(name)}; hints exist for: "
            + ", ".join(repr(g) for g in games_with_hints())
        )
    return importlib.import_module(module)


def hints_module(game: str) -> Any:
    """The module of ``game``'s hints (imported on its first use)."""
    return _module(game)


def can_look_back(match: Any, seat: int) -> bool:
    """Has ``seat``'s last turn in ``match`` a choice its game's "what if?" looks back at (a
    game's hints may say so with ``looks_back(match, seat)``: Dragon's Gold looks back at an
    answer to a proposal only)? Quick: no search."""
    looks = getattr(_module(match.game.name), "looks_back", None)
    return True if looks is None else bool(looks(match, seat))


# ---------------------------------------------------------------------------------------------
# Numbers and words
# ---------------------------------------------------------------------------------------------
def say(domain: str, key: str, lang: str, **params: Any) -> str:
    """A sentence of a hint: from the game's hint table ``domain`` or, failing that, from the
    shared ``"hints"`` table."""
    try:
        return counted(text(domain, key, lang, **params), lang)
    except KeyError:
        if domain == DOMAIN:
            raise
        return counted(text(DOMAIN, key, lang, **params), lang)


#: German counts of "times" written as words where a digit reads oddly ("1-mal" is "einmal")
_MAL = re.compile(r"\b([01])-mal\b")


#: ... and the English "1 times" as "once"
_TIMES = re.compile(r"\b1 times\b")
#: one point, not "1 points" / "1 Punkte"
_POINT = {"en": (re.compile(r"(?<![\d.,])\b1 points\b"), "1 point"),
          "de": (re.compile(r"(?<![\d.,])\b1 Punkte\b"), "1 Punkt")}  # fmt: skip


def counted(sentence: str, lang: str) -> str:
    """``sentence`` with a count of one or none said in words where a digit reads oddly: German
    "0-mal" and "1-mal" as "keinmal" and "einmal", English "1 times" as "once"; and one point
    as one ("1 point", "1 Punkt")."""
    if lang in _POINT:
        pattern, one = _POINT[lang]
        sentence = pattern.sub(one, sentence)
    if lang == "de":
        return _MAL.sub(lambda m: "keinmal" if m.group(1) == "0" else "einmal", sentence)
    return _TIMES.sub("once", sentence)


def in100(p: float | Fraction) -> int:
    """A chance as "times in 100" for a child: rounded, but never 0 or 100 unless it is so."""
    x = float(p)
    n = int(round(100 * x))
    if n == 0 and x > 0:
        return 1
    if n == 100 and x < 1:
        return 99
    return n


def decimal(x: float | Fraction, lang: str) -> str:
    """One decimal place, with the language's decimal sign (1.3, 1,3)."""
    return f"{float(x):.1f}".replace(".", text(DOMAIN, "decimal", lang))


def move_words(state: Any, action: Action, seat: int, lang: str) -> str:
    """A move in the game's own words, as the seat reads its own moves ("you ...")."""
    return str(state.action_text(action, seat, lang))


def rate_sentence(
    result: Any, action: Action, lang: str
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The search's own count for ``action`` (a :class:`~kaskaria.search.SearchResult`): (the
    sentence, its numbers, the numbers as written).

    The sentence says how often the move won, then how it stands against the other moves, as
    the search saw them: no move won a larger share ("rate_best"); none of those tried as often
    did, while a move the search stopped trying early won a larger share of its fewer games
    ("rate_most_tried"); or one tried as often won as often or more, and the search ranked this
    one higher by how far ahead it ended ("rate_tied", "rate_ahead"), or level ("rate_even");
    or the search's guard kept it, the quick policy's move, over one that did a tiny bit better
    on the same deals, too little to tell from luck ("rate_kept")."""
    n = result.tried(action)
    rate = result.rate(action)
    # one count a child reads ("won 11 of them"), not a second base; a game shared in a tie
    # counts its share, so the games won are rounded
    won = round(rate * n)
    shown: dict[str, Any] = {"n": n, "won": won, "rate": in100(rate)}
    numbers: dict[str, Any] = {"playouts": n, "win_rate": rate}
    key = "rate" if won > 1 else "rate_one" if won == 1 else _none_won(result)
    kept = getattr(result, "kept", None)
    if kept is not None and action == result.best:
        # the search's guard kept this move (the quick policy's): another did a tiny bit
        # better on the same deals, too little to tell from luck
        numbers.update(other_move=kept, other_wins=result.wins[result.actions.index(kept)])
        key = "rate_kept" + ("" if won > 1 else "_one" if won == 1 else "_none")
    elif won:
        others = [
            i
            for i, (a, tried) in enumerate(zip(result.actions, result.playouts, strict=True))
            if tried and a != action
        ]
        # the moves the search tried as often as this one (the last round of its halving)
        rivals = [i for i in others if result.playouts[i] >= n]
        better = [i for i in rivals if result.wins[i] / result.playouts[i] >= rate]
        if others and all(result.wins[i] / result.playouts[i] < rate for i in others):
            # a small count alone ("won 2 of 18") reads like bad advice: say it beat the others,
            # and where it still lost most of its games, that every move did
            key = ("rate_low" if rate < 0.5 else "rate") + ("_one" if won == 1 else "") + "_best"
        elif rivals and not better:
            # a move dropped early won a larger share of its fewer games: of the moves tried as
            # often as this one, none won as often
            key = "rate_most_tried" + ("_one" if won == 1 else "")
        elif better:
            # a move tried as often won as often or more: where the search ranked this one
            # higher (by how far ahead of the others its games ended), that is why; where it
            # ranked them level (kept by its order), that they did as well
            top = max(better, key=lambda i: (result.wins[i], -i))
            other = round(result.wins[top])
            mine, theirs = result.value(action), result.value(result.actions[top])
            numbers.update(other_move=result.actions[top], other_wins=result.wins[top])
            one = "_one" if won == 1 else ""
            if mine == theirs:
                key = "rate_even" + one
            elif mine > theirs and other == won:
                key = "rate_tied" + one
            elif mine > theirs:
                key = "rate_ahead" + one
                shown["other"] = other
    return say(DOMAIN, key, lang, **shown), numbers, shown


def _none_won(result: Any) -> str:
    """The words for a move that won none of its imagined games: where the search ranked its
    moves by a value besides the win (Dragon's Gold: the lead too), the move kept the seat
    closest to the winner, whether another move won a game ("rate_closest") or none did
    ("rate_none_closest"); a search by the win alone chose it because no move won ("rate_none")."""
    if getattr(result, "values", None) is None:
        return "rate_none"
    return "rate_closest" if any(w >= 0.5 for w in result.wins) else "rate_none_closest"


def _plain(v: Any) -> Any:
    if isinstance(v, Fraction):
        return {"exact": str(v), "float": float(v)}
    if isinstance(v, Action):
        return str(v)
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if hasattr(v, "item") and callable(v.item):  # a numpy number
        return v.item()
    return v


# ---------------------------------------------------------------------------------------------
# The results
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hint:
    """The strong bot's move for ``seat`` now and why.

    ``action``: the move; ``text``: one or two sentences in ``lang``; ``key``: the message key
    of the first sentence; ``numbers``: the numbers behind the words as the computation gave
    them (exact fractions where the game has them); ``shown``: those numbers as the text writes
    them; ``basis``: ``"exact"``, ``"playout"``, ``"duel"``, ``"stars"``, ``"search"``, ``"value"`` or
    ``"bot"``; ``detail``: the computation (advice, search result) the move came from.
    """

    game: str
    seat: int
    action: Action
    text: str
    lang: str
    key: str
    numbers: dict[str, Any]
    shown: dict[str, Any]
    basis: str
    detail: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON: the move, the words, the numbers (fractions as text and as floats)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "action": str(self.action),
            "text": self.text,
            "lang": self.lang,
            "key": self.key,
            "basis": self.basis,
            "numbers": {k: _plain(v) for k, v in self.numbers.items()},
            "shown": {k: _plain(v) for k, v in self.shown.items()},
        }


@dataclass(frozen=True)
class WhatIf:
    """A look back at one decision of a finished turn: ``ply`` (its place in the match's
    actions), ``taken`` (the move made), ``best`` (the strong bot's move there, from the seat's
    view at the time), ``text`` and ``numbers`` (as for :class:`Hint`), ``key``."""

    game: str
    seat: int
    ply: int | None
    taken: Action | None
    best: Action | None
    text: str
    lang: str
    key: str
    numbers: dict[str, Any]
    shown: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "ply": self.ply,
            "taken": None if self.taken is None else str(self.taken),
            "best": None if self.best is None else str(self.best),
            "text": self.text,
            "lang": self.lang,
            "key": self.key,
            "numbers": {k: _plain(v) for k, v in self.numbers.items()},
            "shown": {k: _plain(v) for k, v in self.shown.items()},
        }


# ---------------------------------------------------------------------------------------------
# The entry points
# ---------------------------------------------------------------------------------------------
def _state_of(what: Any) -> Any:
    from .match import Match

    if isinstance(what, Match):
        return what.state
    if hasattr(what, "current_player") and hasattr(what, "observation"):
        return what
    raise TypeError(f"a hint needs a match or a game state, got {short(what)}")


def hint_rng(view: SeatView) -> Any:
    """The random numbers of a hint's search (a ``numpy.random.Generator``): from the seat's
    observation alone (so the hint is the same for every position the seat cannot tell apart,
    and tells nothing more)."""
    import numpy as np

    digest = hashlib.sha256(
        json.dumps(view.observation, sort_keys=True, default=str).encode()
    ).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


_T = TypeVar("_T")
#: the searches made while one question is answered in several languages (None: not now)
_SEARCHES: ContextVar[dict[tuple[Any, ...], Any] | None] = ContextVar("searches", default=None)


def searched(
    view: SeatView, iterations: int | None, search: Callable[[SeatView, int | None], _T]
) -> _T:
    """``search(view, iterations)``, a game's search for its hint or look back, made once for
    one question however many languages its words are given in (:func:`hint_texts`,
    :func:`what_if_texts`): its random numbers come from the observation, so the same
    observation gives the same result."""
    made = _SEARCHES.get()
    if made is None:
        return search(view, iterations)
    key = (search, view.seat, json.dumps(view.observation, sort_keys=True, default=str), iterations)
    if key not in made:
        made[key] = search(view, iterations)
    result: _T = made[key]
    return result


#: The share of its full budget a hint's or look back's search uses now (1: all of it).
_SHARE: ContextVar[float] = ContextVar("share", default=1.0)
#: The fewest playouts a thinner search makes (its full budget, if that is less).
LEAST_PLAYOUTS = 16


@contextlib.contextmanager
def thinner(share: float) -> Iterator[None]:
    """Hints and looks back worked out inside search with ``share`` (more than 0, at most 1) of
    their full budget of playouts, at least :data:`LEAST_PLAYOUTS` (a class server whose
    questions wait answers more of them a second this way). The move is still the search's own
    choice, and the sentence quotes the playouts it made. Exact answers (Dragon Battle's chances,
    Dragon's Gold's values) stay exact."""
    if not 0 < share <= 1:
        raise ValueError(f"share must be more than 0 and at most 1, got {short(share)}")
    token = _SHARE.set(share)
    try:
        yield
    finally:
        _SHARE.reset(token)


def budget(iterations: int | None, full: int) -> int | None:
    """The playouts of a hint's search: ``iterations`` when asked for; else None (the bot's
    default, ``full``), or inside :func:`thinner` that share of ``full``."""
    share = _SHARE.get()
    if iterations is not None or share >= 1:
        return iterations
    return min(full, max(LEAST_PLAYOUTS, round(full * share)))


def _in_languages(words: Callable[[str], str], langs: Iterable[str]) -> dict[str, str]:
    token = _SEARCHES.set({})
    try:
        return {lang: words(lang) for lang in langs}
    finally:
        _SEARCHES.reset(token)


def hint_texts(what: Any, seat: int | None, langs: Iterable[str]) -> dict[str, str]:
    """The words of :func:`hint` in each language of ``langs`` (``{"en": ..., "de": ...}``),
    from one search."""
    return hint_words(what, seat, langs)[0]


def hint_words(what: Any, seat: int | None, langs: Iterable[str]) -> tuple[dict[str, str], Any]:
    """:func:`hint_texts` and the plan the hint names, where it names one the seat carries out
    step by step (its ``numbers["plan"]``: Dragon's Gold's split or piles; else None)."""
    plans: list[Any] = []

    def words(lang: str) -> str:
        told = hint(what, seat, lang)
        plans.append(told.numbers.get("plan"))
        return told.text

    texts = _in_languages(words, langs)
    return texts, plans[0] if plans else None


def what_if_texts(
    match: Any, seat: int | None, langs: Iterable[str], who: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The words of :func:`what_if` in each language of ``langs``, from one search;
    ``who``: the seat's name in each language (see :func:`what_if`)."""

    def words(lang: str) -> str:
        return what_if(match, seat, lang, who=None if who is None else who[lang]).text

    return _in_languages(words, langs)


def _check_iterations(iterations: Any) -> None:
    if iterations is not None and (
        iterations.__class__ is not int or not 1 <= iterations <= 100_000
    ):
        raise ValueError(
            f"iterations must be None or a whole number from 1 to 100000, got {short(iterations)}"
        )


def hint(
    what: Any,
    seat: int | None = None,
    lang: str = "en",
    *,
    iterations: int | None = None,
    bot: Any = None,
) -> Hint:
    """The strong bot's move for ``seat`` (default: the seat to move) in ``what`` (a match or
    a state) and why (see the module's text). ``iterations``: the search's budget (Heroes of
    Kaskaria and Dragon's Gold; default the bot's "hard" budget); ``bot``: any bot to give the
    move instead. ``ValueError`` if ``seat`` does not decide now."""
    check_lang(lang)
    _check_iterations(iterations)
    state = _state_of(what)
    mover = state.current_player()
    if mover < 0:
        raise ValueError("a hint is for a player's decision; nobody decides now")
    if seat is None:
        seat = int(mover)
    if seat != mover:
        raise ValueError(
            f"seat {short(seat)} does not decide now; seat {mover} does (hints are for the seat "
            "to move)"
        )
    view = SeatView(state, seat)
    name = state.game.name
    if bot is not None:
        return _hint_by_bot(state, view, bot, lang)
    result: Hint = _module(name).hint(state, view, lang, iterations)
    return result


def _hint_by_bot(state: Any, view: SeatView, bot: Any, lang: str) -> Hint:
    from .ladder import as_bot

    b = as_bot(bot)
    action = b.choose(state, hint_rng(view))
    words = move_words(state, action, view.seat, lang)
    sentence = text(DOMAIN, "by_bot", lang, bot=b.name, move=words)
    return Hint(state.game.name, view.seat, action, sentence, lang, "by_bot", {}, {}, "bot")


def what_if(
    match: Any,
    seat: int | None = None,
    lang: str = "en",
    *,
    iterations: int | None = None,
    who: str | None = None,
) -> WhatIf:
    """What the other choice would have given, for ``seat``'s last decision of the kind each
    game looks back at (default: the seat that moved last):

    - Dragon Battle: its last choice between rolling and stopping; the stars it would have
      kept, the exact chance of the roll, and the best player's choice;
    - Heroes of Kaskaria: its last card taken: what the draw pile or the display offered
      instead (exact chances of the pile), and the best player's choice;
    - Dragon's Gold: its last answer to a proposal: what the share was worth to it, what came of
      it (the treasure lost, or what it got in the end), and the best player's answer.

    Everything is read from what the seat could see at the time and what happened openly since.
    The words speak to the seat ("You stopped …"); given ``who`` (the seat's name), they tell of
    it instead, for a screen the whole class sees ("Ann stopped …"): Dragon Battle's only, the
    one game whose turns such a screen may show (nothing in it is hidden).
    """
    from .match import Match

    check_lang(lang)
    _check_iterations(iterations)
    if not isinstance(match, Match):
        raise TypeError(f"what_if needs a match (its history), got {short(match)}")
    if seat is None:
        decided = [p for p in match.actors() if p >= 0]
        if not decided:
            raise ValueError("nobody has made a decision in this match yet")
        seat = decided[-1]
    if seat.__class__ is not int or not 0 <= seat < match.game.players:
        raise ValueError(
            f"seat must be a seat from 0 to {match.game.players - 1}, got {short(seat)}"
        )
    if who is None:
        result: WhatIf = _module(match.game.name).what_if(match, seat, lang, iterations)
        return result
    told = _module(match.game.name).what_if
    if "who" not in inspect.signature(told).parameters:
        # (a game with hands or screens: its look back stays with its seat)
        raise ValueError(
            f"a look back told of a seat by its name is not offered for {match.game.name}"
        )
    if not isinstance(who, str) or not who.strip():
        raise ValueError(f"who must be the seat's name (a non-empty text), got {short(who)}")
    result = told(match, seat, lang, iterations, who=who)
    return result
