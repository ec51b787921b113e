"""What a viewer may see of a Heroes of Kaskaria state: its observation, the action lines as that
viewer may read them, and the log's sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import OMNISCIENT, Action, ViewerLike, check_viewer
from ..i18n import text as _t
from .pieces import NAME, card_word, colour_word

if TYPE_CHECKING:  # pragma: no cover
    from .state import HeroesState


def observe(state: HeroesState, viewer: ViewerLike) -> dict[str, Any]:
    """What ``viewer`` may see: a seat sees its own hand; everyone sees the display, the
    discard pile, the set being played, the figures, the gold, the cards known to be in each
    hand (taken from the display) and the sizes of the hands and of the draw pile, and where
    the waterfall may be. ``"table"`` sees no hand; ``"omniscient"`` sees everything (the
    hands, the pile and the waterfall's place)."""
    g = state.game
    viewer = check_viewer(viewer, g.players, "viewer")
    everything = viewer is OMNISCIENT
    hands = [
        state._names(h) if (everything or viewer == p) else None for p, h in enumerate(state.hands)
    ]
    in_pile = state.above >= 0
    waterfall: dict[str, Any] = {
        "in_pile": in_pile,
        "lowest": state.wf_lo,
        "highest": state.pile_size,
    }
    if everything:
        waterfall["above"] = state.above if in_pile else None
    obs = {
        "game": NAME,
        "variant": g.variant,
        "viewer": viewer if viewer.__class__ is int else str(viewer),
        "phase": state.phase,
        "resume": state.resume,
        "player": state.player,
        "turns": state.turns,
        "hands": hands,
        "hand_sizes": [len(h) for h in state.hands],
        "known": [state._names(k) for k in state.known],
        "display": [g.kind_names[k] if k >= 0 else None for k in state.display],
        "pile": state.pile_size,
        "discard": state._count_names(state.discard),
        "played": state._names(state.played),
        "draws_left": state.draws_left,
        "waterfall": waterfall,
        "griffins": list(state.griffins),
        "runners": list(state.runners),
        "paths": {"griffin": g.griffin_path, "runner": g.runner_path},
        "gold": list(state.gold),
        "stand_ins": list(state.stand_ins),
        "supply": state.supply,
        "amulet": state.amulet if state.amulet >= 0 else None,
        "final_scoring": list(state.final_scoring()) if state.phase == "over" else None,
        "scores": list(state.scores()),
        "winners": list(state.winners()),
    }
    if everything:
        obs["pile_cards"] = state._count_names(state.pile)
    return obs


def hidden_from(state: HeroesState, action: Action, viewer: Any) -> bool:
    """Is the outcome ``action`` (taken in this state) hidden from ``viewer``?"""
    if action.verb == "reveal":
        return state.phase in ("deal", "draw") and viewer != state.player
    return action.verb == "waterfall" and bool(action.args)


def redacted_line(state: HeroesState, action: Action, viewer: ViewerLike) -> str:
    """The line of ``action`` as ``viewer`` may read it: a card from the pile into another
    seat's hand is ``reveal ?``; the waterfall's place is ``waterfall below ?`` for every
    viewer but the omniscient one."""
    if action.verb not in ("reveal", "waterfall"):
        return str(action)
    viewer = check_viewer(viewer, state.game.players)
    if viewer is OMNISCIENT or not hidden_from(state, action, viewer):
        return str(action)
    return "reveal ?" if action.verb == "reveal" else "waterfall below ?"


def describe_action(state: HeroesState, action: Action, viewer: ViewerLike, lang: str) -> str:
    """A short sentence for the log: what ``action`` (taken in this state) did, as ``viewer``
    may know it ("Player 2 draws a card" / "you draw the blue griffin")."""
    g = state.game
    viewer = check_viewer(viewer, g.players)
    verb, args = action.verb, action.args
    mine = viewer == state.player and viewer.__class__ is int
    who = _t("core", "you", lang) if mine else _t("core", "player", lang, n=state.player + 1)
    key_you = "_you" if mine else ""
    if verb == "reveal":
        card = card_word(args[0], args[1], lang)
        if state.phase in ("deal", "draw"):
            if viewer is not OMNISCIENT and hidden_from(state, action, viewer):
                return _t(NAME, "log.draws_hidden", lang, who=who)
            return _t(NAME, f"log.draws{key_you}", lang, who=who, card=card)
        return _t(NAME, "log.to_display", lang, card=card)
    if verb == "waterfall":
        if not args:
            return _t(NAME, "log.waterfall", lang)
        if viewer is OMNISCIENT:
            return _t(NAME, "log.bury_seen", lang, n=int(args[1]))
        return _t(NAME, "log.bury", lang)
    if verb == "draw":
        return _t(NAME, f"log.draw_pile{key_you}", lang, who=who)
    if verb == "pass":
        return _t(NAME, f"log.pass{key_you}", lang, who=who)
    if verb in ("take", "plus2"):
        if args[0] == "pile":
            return _t(NAME, f"log.plus2_pile{key_you}", lang, who=who)
        kind = state.display[int(args[1]) - 1]
        colour, motif = g.kind_names[kind].split()
        card = card_word(colour, motif, lang)
        return _t(NAME, f"log.take{key_you}", lang, who=who, card=card)
    # play
    cards = _t(NAME, "cards", lang, n=len(args) - 1)
    colour = colour_word(args[0], lang)
    return _t(NAME, f"log.play{key_you}", lang, who=who, cards=cards, colour=colour)
