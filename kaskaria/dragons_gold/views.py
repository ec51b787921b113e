"""What a viewer may see of a Dragon's Gold state: its observation and the action lines as that
viewer may read them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import CHANCE, OMNISCIENT, TERMINAL, Action, ViewerLike, check_viewer
from .pieces import DOWN, MARKET_PHASES, NAME, UP, _named
from .rules import ADVENTURERS

if TYPE_CHECKING:  # pragma: no cover
    from .state import DragonsGoldState


def observe(state: DragonsGoldState, viewer: ViewerLike) -> dict[str, Any]:
    """What ``viewer`` may see. A seat sees its own screen and items, the number of tokens and
    items of every other player, and what it can be sure lies behind their screens
    (``sure``); ``"table"`` sees what lies open (and what everyone can be sure of);
    ``"omniscient"`` everything. At the end every screen is shown (the rulebook's count)."""
    g = state.game
    viewer = check_viewer(viewer, g.players, "viewer")
    everything = viewer is OMNISCIENT
    over = state.phase == "over"
    row = state.known[g.players if viewer.__class__ is not int else viewer]
    players = []
    for p in range(g.players):
        mine = everything or over or viewer == p
        players.append(
            {
                "adventurers": [
                    {
                        "name": name,
                        "strength": g.strengths[a],
                        "state": "down" if s == DOWN else "up" if s == UP else "fighting",
                        "dragon": s if s >= 0 else None,
                    }
                    for a, (name, s) in enumerate(zip(ADVENTURERS, state.advs[p], strict=True))
                ],
                "tokens": sum(state.screens[p]),
                "screen": _named(state.screens[p]) if mine else None,
                "sure": _named(state.screens[p] if mine else row[p]),
                "items": sum(state.hands[p]),
                "hand": (
                    dict(zip(g.item_names, state.hands[p], strict=True))
                    if everything or viewer == p
                    else None
                ),
            }
        )
    dragons = []
    for i in range(4):
        c = state.slots[i]
        card = g.cards[c] if c >= 0 else None
        fighters = [
            {"player": f // 4, "adventurer": ADVENTURERS[f % 4], "strength": g.strengths[f % 4]}
            for f in state.fighters[i]
        ]
        dragons.append(
            {
                "place": i,
                "card": c if c >= 0 else None,
                "strength": card.strength if card else None,
                "known": card.known if card else None,
                "hidden": card.hidden if card else None,
                "treasure": _named(state.treasure[i]),
                "fighters": fighters,
                "sum": sum(f["strength"] for f in fighters),
            }
        )
    obs: dict[str, Any] = {
        "game": NAME,
        "variant": g.variant,
        "viewer": viewer if viewer.__class__ is int else str(viewer),
        "phase": state.phase,
        "turn": state.turn,
        "to_move": _who(state.current_player()),
        "dragons": dragons,
        "bag": _named(state.bag),
        "bag_total": sum(state.bag),
        "out": _named(state.out),
        "deck": len(state.deck),
        "deck_cards": list(state.deck),
        "market_in": (
            max(0, g.market_at - state.drawn) if state.market == 0 and state.deck else None
        ),
        "market_open": state.phase in MARKET_PHASES,
        "players": players,
        "item_deck": sum(state.item_deck) if g.use_items else 0,
        "discard": dict(zip(g.item_names, state.discard, strict=True)) if g.use_items else {},
        "scores": list(state.scores()) if over or everything else None,
        "winners": list(state.winners()),
    }
    if state.phase in ("build", "answer", "divide", "choose", "swap"):
        obs["split"] = {
            "dragon": state.target,
            "pot": _named(state.treasure[state.target]),
            "involved": list(state.involved),
            "mode": "piles" if state.phase in ("divide", "choose") else "shares",
            "parts": [_named(x) for x in state.parts],
            "left": _named(state._left()) if state.phase in ("build", "divide") else None,
            "owners": list(state.owners),
            "proposer": state.proposer,
            "order": list(state.order),
            "proposals_left": state.budget,
        }
    if state.phase in ("victim", "ward", "pick", "steal"):
        obs["theft"] = {"thief": state.thieves[0], "victim": state.victim}
    if state.phase in MARKET_PHASES:
        # offers are made in the open: everyone sees what is given, asked for and to whom
        obs["market"] = {
            "order": list(state.order),
            "offers": list(state.offers),
            "maker": state.order[0],
            "offer": _named(state.offer),
            "ask": _named(state.ask),
            "partner": state.partner if state.partner >= 0 else None,
        }
    if state.phase == "item":
        obs["drawing_item"] = state.items_due[0][0]
    return obs


def _sees_theft(state: DragonsGoldState, viewer: ViewerLike) -> bool:
    return viewer is OMNISCIENT or viewer == state.thieves[0] or viewer == state.victim


def redacted_line(state: DragonsGoldState, action: Action, viewer: ViewerLike) -> str:
    """``item ?`` for an item another seat draws; ``stolen ?``, ``ward ?`` and ``pick ?`` for a
    theft the viewer took no part in."""
    if viewer is OMNISCIENT:
        return str(action)
    phase = state.phase
    if phase == "item" and viewer != state.items_due[0][0]:
        return "item ?"
    if phase in ("steal", "ward", "pick") and action.verb != "pass":
        if not _sees_theft(state, viewer):
            return f"{action.verb} ?"
    return str(action)


def _who(player: int) -> Any:
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "over"
    return int(player)
