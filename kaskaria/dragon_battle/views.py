"""What a viewer may see of a Dragon Battle state: its observation, the action lines as that viewer
may read them, and the log's sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import OMNISCIENT, Action, State, ViewerLike, check_viewer
from ..i18n import text as _t
from ..validate import short
from .pieces import NAME, _face_down_in, _moved, resident_word
from .rules import COLOURS

if TYPE_CHECKING:  # pragma: no cover
    from .state import DragonBattleState


def observe(state: DragonBattleState, viewer: ViewerLike, memory: str) -> dict[str, Any]:
    """What ``viewer`` may see: everything except the pile's order and face-down residents.

    ``viewer``: a seat, ``"table"`` (what lies open: the same as a seat here) or
    ``"omniscient"`` (face-down residents shown, still marked ``face_down``).
    ``memory="perfect"``: a seat that remembers every resident it has seen: in the memory
    variant every resident was shown to all players when it was drawn, so its name and
    stars are given under ``"remembered"`` (``resident`` stays ``None``: it lies face down).
    """
    g = state.game
    viewer = check_viewer(viewer, g.players, "player")
    if memory not in ("forgetful", "perfect"):
        raise ValueError(f"memory must be 'forgetful' or 'perfect', got {short(memory)}")
    reveal = viewer is OMNISCIENT
    dragons = []
    for i, colour in enumerate(COLOURS):
        name = state.under[i]
        shown = name is not None and (state.face_up[i] or reveal)
        dragon = {
            "colour": colour,
            "resident": name if shown else None,
            "stars": g.stars[name] if shown else None,
            "face_down": name is not None and not state.face_up[i],
            "dice": list(state.on_dragon[i]),
        }
        if memory == "perfect" and name is not None and not state.face_up[i]:
            dragon["remembered"] = {"resident": name, "stars": g.stars[name]}
        dragons.append(dragon)
    return {
        "game": NAME,
        "variant": g.variant,
        "viewer": viewer if viewer.__class__ is int else str(viewer),
        "phase": state.phase,
        "player": state.player,
        "dragons": dragons,
        "well": state.well,
        "hand": state.hand,
        "rolled": list(state.rolled),
        "pile": len(state.pile),
        "jugglers_left": state.jugglers_left,
        "rescued": [[{"resident": n, "stars": g.stars[n]} for n in r] for r in state.rescued],
        "jugglers": list(state.jugglers),
        "stars": list(state.stars()),
        "scores": list(state.scores()),
        "winners": list(state.winners()),
        "turns": state.turns,
    }


def redacted_line(
    state: DragonBattleState, action: Action, viewer: ViewerLike, now: State | None
) -> str:
    """The line of ``action`` as ``viewer`` may read it once the game reached ``now``: in the
    memory variant a resident still lying face down is not named (``draw ?``)."""
    if (
        action.verb == "draw"
        and state.game.memory
        and viewer is not OMNISCIENT
        and _face_down_in(action.args[0], now if now is not None else state.apply(action))  # type: ignore[arg-type]
    ):
        return "draw ?"
    return str(action)


def describe_action(
    state: DragonBattleState,
    action: Action,
    viewer: ViewerLike,
    lang: str,
    now: State | None,
) -> str:
    """A short sentence for the log: what ``action`` (taken in this state) did, as ``viewer``
    may know it once the game reached ``now``."""
    verb, args = action.verb, action.args
    if verb == "draw":
        slot = state.under.index(None)
        dragon = _t(NAME, f"the_dragon_acc.{COLOURS[slot]}", lang)
        if state.redact(action, viewer, now) == "draw ?":
            return _t(NAME, "log.draw_hidden", lang, dragon=dragon)
        name = args[0]
        stars = _t(NAME, "stars", lang, n=state.game.stars[name])
        return _t(
            NAME, "log.draw", lang, name=resident_word(name, lang), stars=stars, dragon=dragon
        )
    who = _t("core", "player", lang, n=state.player + 1)
    # the viewer's own decision is told to it as "you" ("you put 1 die on the blue dragon")
    you = "_you" if viewer.__class__ is int and viewer == state.player else ""
    if verb == "roll" and not args:
        return _t(
            NAME,
            f"log.roll_decision{you}",
            lang,
            who=who,
            dice=_t(NAME, "dice", lang, n=state.hand),
        )
    if verb == "roll":
        faces = " ".join(_t(NAME, f"colour.{f}", lang) for f in args)
        return _t(NAME, "log.roll_result", lang, faces=faces)
    if verb == "stop":
        return _t(NAME, f"log.stop{you}", lang, who=who)
    colour = args[0]
    target = args[2] if colour == "silver" else colour
    moved = _moved(state.rolled, action)
    on = _t(NAME, f"on_the_dragon.{target}", lang)
    dice = _t(NAME, "dice", lang, n=moved)
    return _t(NAME, f"log.place{you}", lang, who=who, dice=dice, on=on)
