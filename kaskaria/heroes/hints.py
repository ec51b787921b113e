"""Heroes of Kaskaria's hints and "what if?" (see :mod:`kaskaria.hints`, which calls them).

The move is the ``"search"`` bot's (:mod:`.search`), searched with the hint's random numbers
(:func:`~kaskaria.hints.hint_rng`, from the seat's observation). The words say what the move
does (a set's fields and gold, the colour a card joins, the exact chance that the draw pile
fits the hand) and the search's own count for it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..bots import SeatView
from ..core import Action
from ..hints import (
    Hint,
    WhatIf,
    budget,
    hint_rng,
    in100,
    move_words,
    rate_sentence,
    say,
    searched,
)
from . import (
    hint_messages,  # noqa: F401  (registers the words)
    odds,
)
from .bots import finish_wins, set_value_split
from .engine import NAME
from .pieces import card_word, colour_word
from .rules import MOTIFS
from .search import SearchBot, full_budget

__all__ = ["DOMAIN", "hint", "what_if"]

#: The message table of these words (kaskaria/heroes/hint_messages.py).
DOMAIN = "hints-heroes"


_EFFECTS = ("griffin", "runner", "gold", "draw")


def _t(key: str, lang: str, **params: Any) -> str:
    return say(DOMAIN, key, lang, **params)


def _card(game: Any, kind: int, lang: str) -> tuple[str, str]:
    colour = game.colours[kind >> 2]
    return card_word(colour, MOTIFS[kind & 3], lang), colour_word(colour, lang)


def _named(colour: str) -> dict[str, str]:
    """A colour for the words, as the table's buttons name it: ``{colour}`` ("2 green cards") and
    ``{Colour}`` (German after "in": "2 Karten in Grün")."""
    return {"colour": colour, "Colour": colour.capitalize()}


def _colour_counts(game: Any, obs: dict[str, Any], seat: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for name in obs["hands"][seat]:
        k = game.kind_of[name]
        counts[k >> 2] = counts.get(k >> 2, 0) + 1
    return counts


def _search(view: SeatView, iterations: int | None) -> tuple[Action, Any]:
    game: Any = view.game
    bot = SearchBot(iterations=budget(iterations, full_budget(game.players)))
    action = bot.decide(view, hint_rng(view))
    return action, bot.last


def hint(state: Any, view: SeatView, lang: str, iterations: int | None = None) -> Hint:
    """The ``"search"`` bot's move for the seat of ``view`` and why."""
    action, result = searched(view, iterations, _search)
    game: Any = view.game
    obs = view.observation
    seat = view.seat
    hand = sorted(game.kind_of[n] for n in obs["hands"][seat])
    counts = _colour_counts(game, obs, seat)
    numbers: dict[str, Any] = {}
    shown: dict[str, Any] = {}
    if action.verb == "play":
        kinds = game.plays(tuple(hand))[action]
        colour = colour_word(game.colours[kinds[0] >> 2], lang)
        (grif, run), gold, draws = set_value_split(game, kinds)
        ends = (
            obs["griffins"][seat] + grif >= game.griffin_path
            or obs["runners"][seat] + run >= game.runner_path
        )
        numbers.update(cards=len(kinds), griffin=grif, runner=run, gold=gold, draws=draws)
        if ends and finish_wins(game, obs, seat, kinds):
            key = "play.finish"
            shown = _named(colour)
        else:
            # one effect in a sentence of its own; several as a short list
            effects = [
                (part, n) for part, n in zip(_EFFECTS, (grif, run, gold, draws), strict=True) if n
            ]
            if len(effects) == 1:
                phrases = [_t(f"effect.{effects[0][0]}", lang, n=effects[0][1])]
            else:
                phrases = [_t(f"list.{part}", lang, n=n) for part, n in effects]
            listed = (
                phrases[0]
                if len(phrases) == 1
                else ", ".join(phrases[:-1]) + f" {_t('and', lang)} " + phrases[-1]
            )
            key = "play"
            shown = {"n": len(kinds), **_named(colour), "effects": listed}
    elif action.verb in ("take", "plus2") and action.args[0] == "display":
        kind = game.kind_of[obs["display"][int(action.args[1]) - 1]]
        card, colour = _card(game, kind, lang)
        have = counts.get(kind >> 2, 0) + 1
        numbers.update(colour_cards=have)
        if have == 1:
            key = "take.new"
            shown = {"card": card}
        else:
            key = "take"
            shown = {"card": card, "n": have, **_named(colour)}
    elif action.verb in ("draw", "plus2"):
        nxt = odds.next_card(game, obs)
        fits = sum((nxt.colour(c) for c in counts), Fraction(0))
        numbers.update(fits=fits)
        # with no card in hand there is no colour to fit (any card, the display's too, starts
        # the first one): the move alone, with the search's count as its reason
        key = "draw" if counts else "draw.first"
        shown = {"p": in100(fits)}
    else:
        key = "move"
        shown = {"move": move_words(state, action, seat, lang)}
    words = _t(key, lang, **shown)
    if result is not None and result.total:
        rate_words, rate_numbers, rate_shown = rate_sentence(result, action, lang)
        words += " " + rate_words
        numbers.update(rate_numbers)
        shown.update({f"rate.{k}": v for k, v in rate_shown.items()})
    return Hint(NAME, seat, action, words, lang, key, numbers, shown, "search", result)


def what_if(match: Any, seat: int, lang: str, iterations: int | None = None) -> WhatIf:
    """``seat``'s last card taken on its turn (from the display or the draw pile, the cards a
    draw-two lets it take included): what the other source offered (the exact chance that the
    pile fits its colours; the display card that best joins its hand) and the ``"search"``
    bot's choice there."""
    states, actions = match.states, match.actions
    for i in range(len(actions) - 1, -1, -1):
        s = states[i]
        a = actions[i]
        if s.current_player() == seat and (
            (s.phase == "turn" and a.verb in ("draw", "take"))
            or (s.phase == "choose" and a.verb == "plus2")
        ):
            break
    else:
        none = _t("whatif.none", lang)
        return WhatIf(NAME, seat, None, None, None, none, lang, "whatif.none", {}, {})
    view = SeatView(s, seat)
    obs = view.observation
    game: Any = s.game
    best, _ = searched(view, iterations, _search)
    counts = _colour_counts(game, obs, seat)
    numbers: dict[str, Any] = {"best": best}
    shown: dict[str, Any]
    if a.args and a.args[0] == "display":  # a display card ("take", or a draw-two's "plus2")
        kind = game.kind_of[obs["display"][int(a.args[1]) - 1]]
        card, _ = _card(game, kind, lang)
        nxt = odds.next_card(game, obs)
        fits = sum((nxt.colour(c) for c in counts), Fraction(0))
        numbers.update(fits=fits)
        key = "whatif.took" if counts else "whatif.took_first"
        shown = {"card": card, "p": in100(fits)}
    else:
        options = [
            (counts.get(game.kind_of[n] >> 2, 0), -slot, game.kind_of[n])
            for slot, n in enumerate(obs["display"])
            if n is not None and counts.get(game.kind_of[n] >> 2, 0) > 0
        ]
        if options:
            have, _, kind = max(options)
            card, colour = _card(game, kind, lang)
            numbers.update(colour_cards=have + 1)
            key = "whatif.drew"
            shown = {"card": card, "n": have + 1, **_named(colour)}
        else:
            key = "whatif.drew_none"
            shown = {}
    if best == a:
        verdict = _t("verdict.same", lang)
    else:
        verdict = _t("verdict.other", lang, move=move_words(s, best, seat, lang))
    words = _t(key, lang, **shown) + " " + verdict
    return WhatIf(NAME, seat, i, a, best, words, lang, key, numbers, shown)
