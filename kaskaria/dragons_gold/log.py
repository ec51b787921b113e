"""The sentences of Dragon's Gold's log: what an action does, as a viewer may know it (the engine's
``action_text``; the table's presenter uses the same)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Action, ViewerLike
from ..i18n import text
from .pieces import NAME
from .rules import COLOURS

if TYPE_CHECKING:  # pragma: no cover
    from .state import DragonsGoldState


def _say(key: str, lang: str, **params: Any) -> str:
    return text(NAME, key, lang, **params)


def _player(seat: int, lang: str) -> str:
    return text("core", "player", lang, n=seat + 1)


def _is(viewer: ViewerLike, seat: int) -> bool:
    """Whether ``seat`` is the viewer (told as "you")."""
    return viewer.__class__ is int and viewer == seat


def tokens_said(counts: tuple[int, ...], lang: str) -> str:
    """Tokens in a sentence, as the board names them (``2 × silver, gold and blue``)."""
    shown = [
        f"{n} × {_say(f'short.{c}', lang)}" if n > 1 else _say(f"short.{c}", lang)
        for c, n in zip(COLOURS, counts, strict=True)
        if n
    ]
    and_ = text("core", "and", lang)
    if len(shown) > 1:
        return ", ".join(shown[:-1]) + f" {and_} " + shown[-1]
    return shown[0] if shown else _say("board.nothing", lang)


def tokens_text(counts: tuple[int, ...] | dict[str, int], lang: str) -> str:
    """Tokens in words for a learner (``2 × silver, 1 × gold``), from 9 counts or a dict of colour
    to count; ``nothing`` when there are none."""
    if isinstance(counts, dict):
        counts = tuple(counts.get(c, 0) for c in COLOURS)
    shown = [f"{n} × {_say(f'short.{c}', lang)}" for c, n in zip(COLOURS, counts, strict=True) if n]
    return ", ".join(shown) if shown else _say("board.nothing", lang)


def describe_action(state: DragonsGoldState, action: Action, viewer: ViewerLike, lang: str) -> str:
    """A sentence for the log: what ``action`` (taken in ``state``) does, as ``viewer`` may know
    it (the words of a hidden draw or theft are left out)."""
    verb, args = action.verb, action.args
    line = state.redact(action, viewer)
    hidden = line.endswith("?")
    g = state.game
    mover = state.current_player()
    who = _player(mover, lang) if mover >= 0 else ""
    # a decision of the viewer itself is told to it as "you" ("you send the thief to dragon 3")
    you = "_you" if viewer.__class__ is int and viewer == mover else ""
    if verb == "card":
        card = g.cards[int(args[0]) - 1]
        return _say(
            "log.card", lang, card=int(args[0]), strength=card.strength, place=state.target + 1
        )
    if verb == "token":
        return _say(
            "log.token", lang, colour=_say(f"short.{args[0]}", lang), place=state.target + 1
        )
    if verb == "item":
        seat = state.items_due[0][0]
        drawer = _player(seat, lang)
        if hidden:
            return _say("log.item_hidden", lang, who=drawer)
        key = "log.item_you" if _is(viewer, seat) else "log.item"
        return _say(key, lang, who=drawer, item=_say(f"item.{args[0]}", lang))
    if verb == "stolen":
        if hidden:
            return _say("log.stolen_hidden", lang)
        return _say("log.stolen", lang, colour=_say(f"short.{args[0]}", lang))
    if verb == "send":
        return _say(
            f"log.send{you}", lang, who=who, adv=_say(f"adv_acc.{args[0]}", lang), place=args[3]
        )
    if verb == "play":
        return _say(f"log.play{you}", lang, who=who, item=_say(f"item.{args[0]}", lang))
    if verb == "give":
        to = int(args[2]) - 1
        key = "log.give_you_self" if you and to == mover else f"log.give{you}"
        if not you and _is(viewer, to):
            key = "log.give_to_you"
        return _say(key, lang, who=who, colour=_say(f"short.{args[0]}", lang), to=_player(to, lang))
    if verb == "put":
        return _say(
            f"log.put{you}", lang, who=who, colour=_say(f"short.{args[0]}", lang), k=args[3]
        )
    if verb == "choose":
        return _say(f"log.choose{you}", lang, who=who, k=args[1])
    if verb == "steal":
        victim = int(args[1]) - 1
        if not you and _is(viewer, victim):
            return _say("log.robs_you", lang, who=who)
        return _say(f"log.steal_from{you}", lang, who=who, victim=_player(victim, lang))
    if verb in ("ward", "pick"):
        if hidden:
            return _say(f"log.{verb}_hidden{you}", lang, who=who)
        return _say(f"log.{verb}{you}", lang, who=who, colour=_say(f"short.{args[0]}", lang))
    if verb in ("offer", "ask"):
        return _say(f"log.{verb}{you}", lang, who=who, colour=_say(f"short.{args[0]}", lang))
    if verb == "trade":
        to = int(args[1]) - 1
        key = "log.trade_to_you" if not you and _is(viewer, to) else f"log.trade{you}"
        return _say(
            key, lang, who=who, give=tokens_said(state.offer, lang),
            ask=tokens_said(state.ask, lang), to=_player(int(args[1]) - 1, lang),
        )  # fmt: skip
    if (
        verb == "pass"
        and you
        and state.phase in ("swap", "ward")
        and len(state.legal_actions()) == 1
    ):
        # the table made this pass for the seat (it had no item to play): its own screen says why
        return _say(f"log.pass_{state.phase}_none_you", lang)
    if verb == "pass" and state.phase in ("victim", "pick", "market"):
        return _say(f"log.pass_{state.phase}{you}", lang, who=who)
    if verb in ("accept", "refuse") and state.phase == "reply":
        return _say(f"log.{verb}_trade{you}", lang, who=who)
    if verb == "no":
        return _say(f"log.no_deal{you}", lang, who=who)
    return _say(f"log.{verb}{you}", lang, who=who)
