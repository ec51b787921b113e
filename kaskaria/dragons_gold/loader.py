"""Reading a saved Dragon's Gold position (``state.to_dict()`` output) back, checked: field names
and types, counts in range, every component exactly once, and the context each phase needs."""

from __future__ import annotations

from itertools import chain
from operator import le
from typing import TYPE_CHECKING, Any

from ..core import Game
from ..validate import short
from .pieces import GAME_TYPE, MARKET_PHASES, NC, PHASES, RESUMES, UP, ZERO, _add, _leq, _sub
from .rules import ADVENTURERS
from .state import _FIELD_SET, DragonsGoldState

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DragonsGold

_INT_ONLY = frozenset({int})
_LIST_ONLY = frozenset({list})


def _fail(msg: str) -> None:
    raise ValueError(f"impossible Dragon's Gold position: {msg}")


def _int(v: Any, name: str, lo: int, hi: int) -> int:
    if v.__class__ is not int or not lo <= v <= hi:
        _fail(f"{name} must be a whole number from {lo} to {hi}, got {short(v)}")
    return v


def _ints(v: Any, name: str, n: int | None, lo: int, hi: int) -> tuple[int, ...]:
    if (
        v.__class__ is list
        and (n is None or len(v) == n)
        and (not v or (_INT_ONLY >= set(map(type, v)) and lo <= min(v) and max(v) <= hi))
    ):
        return tuple(v)
    if v.__class__ is not list or (n is not None and len(v) != n):
        _fail(f"{name} must be a list" + (f" of {n} whole numbers" if n is not None else ""))
    for x in v:
        if x.__class__ is not int or not lo <= x <= hi:
            _fail(f"{name} holds {short(x)}; each must be a whole number from {lo} to {hi}")
    return tuple(v)


def _rows(v: Any, name: str, n: int, width: int, lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    if (
        v.__class__ is list
        and len(v) == n
        and _LIST_ONLY >= set(map(type, v))
        and ({width} == set(map(len, v)))
    ):
        flat = list(chain.from_iterable(v))
        if not flat or (_INT_ONLY >= set(map(type, flat)) and lo <= min(flat) and max(flat) <= hi):
            return tuple(map(tuple, v))
    if v.__class__ is not list or len(v) != n:
        _fail(f"{name} must be a list of {n} lists")
    return tuple(_ints(r, name, width, lo, hi) for r in v)


def _state_from_dict(game: DragonsGold, data: Any) -> DragonsGoldState:
    """Rebuild a position from ``state.to_dict()``, checking it: field names and types, counts in
    range, every token, dragon card, adventurer and item exactly once, adventurers and fighters
    in agreement, what each seat is sure of really behind the screen, and the context each
    phase needs. A ``ValueError`` names the first thing wrong."""
    if not isinstance(game, Game) or game.game_type is not GAME_TYPE:  # a DragonsGold
        raise TypeError(f"game must be a Dragon's Gold game, got {short(game)}")
    if not isinstance(data, dict):
        _fail(f"expected a JSON object, got {type(data).__name__}")
    if data.keys() != _FIELD_SET:
        _fail(
            f"fields missing {sorted(_FIELD_SET - set(data))}, unknown "
            f"{[short(k, 20) for k in sorted(set(data) - _FIELD_SET, key=repr)][:5]}"
        )
    P, nk, ncards = game.players, game.nk, len(game.cards)
    big = game.rules.total_tokens()
    phase = data["phase"]
    if phase.__class__ is not str or phase not in PHASES:
        _fail(f"phase {short(phase)} is unknown; phases are {', '.join(PHASES)}")
    resume = data["resume"]
    if resume.__class__ is not str or resume not in RESUMES:
        _fail(f"resume {short(resume)} is unknown; it is one of {RESUMES}")
    b: dict[str, Any] = {"phase": phase, "resume": resume}
    b["turn"] = _int(data["turn"], "turn", 0, P - 1)
    b["slots"] = _ints(data["slots"], "slots", 4, -1, ncards - 1)
    b["treasure"] = _rows(data["treasure"], "treasure", 4, NC, 0, big)
    fighters = data["fighters"]
    if fighters.__class__ is not list or len(fighters) != 4:
        _fail("fighters must be a list of 4 lists")
    b["fighters"] = tuple(_ints(f, "fighters", None, 0, 4 * P - 1) for f in fighters)
    b["advs"] = _rows(data["advs"], "advs", P, 4, -2, 3)
    b["deck"] = _ints(data["deck"], "deck", None, 0, ncards - 1)
    b["gone"] = _ints(data["gone"], "gone", None, 0, ncards - 1)
    if list(b["deck"]) != sorted(set(b["deck"])) or list(b["gone"]) != sorted(set(b["gone"])):
        _fail("deck and gone must list distinct cards in sorted order")
    b["drawn"] = _int(data["drawn"], "drawn", 0, ncards)
    b["market"] = _int(data["market"], "market", 0, 1)
    b["bag"] = _ints(data["bag"], "bag", NC, 0, big)
    b["out"] = _ints(data["out"], "out", NC, 0, big)
    b["screens"] = _rows(data["screens"], "screens", P, NC, 0, big)
    known = data["known"]
    if known.__class__ is not list or len(known) != P + 1:
        _fail(f"known must be a list of {P + 1} rows")
    b["known"] = tuple(_rows(r, "known", P, NC, 0, big) for r in known)
    b["hands"] = _rows(data["hands"], "hands", P, nk, 0, 100)
    b["item_deck"] = _ints(data["item_deck"], "item_deck", nk, 0, 100)
    b["discard"] = _ints(data["discard"], "discard", nk, 0, 100)
    b["target"] = _int(data["target"], "target", -1, 3)
    b["pending"] = _int(data["pending"], "pending", 0, big)
    due = data["items_due"]
    if due.__class__ is not list:
        _fail("items_due must be a list of [seat, count] pairs")
    b["items_due"] = tuple(tuple(_ints(x, "items_due", 2, 0, 100)) for x in due)
    if any(s >= P or n < 1 for s, n in b["items_due"]):
        _fail("items_due pairs must name a seat and a count >= 1")
    b["involved"] = _ints(data["involved"], "involved", None, 0, P - 1)
    if list(b["involved"]) != sorted(set(b["involved"])):
        _fail("involved must list distinct seats in order")
    parts = data["parts"]
    if parts.__class__ is not list or len(parts) > P:
        _fail("parts must be a list of at most one share per player")
    b["parts"] = tuple(_ints(x, "parts", NC, 0, big) for x in parts)
    b["budget"] = _int(data["budget"], "budget", 0, 30)
    b["proposer"] = _int(data["proposer"], "proposer", -1, P - 1)
    b["order"] = _ints(data["order"], "order", None, 0, P - 1)
    b["owners"] = _ints(data["owners"], "owners", None, -1, P - 1)
    b["thieves"] = _ints(data["thieves"], "thieves", None, 0, P - 1)
    b["victim"] = _int(data["victim"], "victim", -1, P - 1)
    b["offers"] = _ints(data["offers"], "offers", None, 0, 10)
    b["offer"] = _ints(data["offer"], "offer", NC, 0, big)
    b["ask"] = _ints(data["ask"], "ask", NC, 0, big)
    b["partner"] = _int(data["partner"], "partner", -1, P - 1)
    state = DragonsGoldState(game, **b)

    # every component exactly once
    counted, expected = state.components(), game.components()
    for key, want in expected.items():
        if counted[key] != want:
            _fail(f"{counted[key]} {key} are placed; there are {want}")
    cards = [c for c in b["slots"] if c >= 0] + list(b["deck"]) + list(b["gone"])
    if len(set(cards)) != ncards:
        _fail(f"each of the {ncards} dragon cards must be on the table, in the deck or gone")
    # adventurers and fighters agree
    for i, codes in enumerate(b["fighters"]):
        if codes and b["slots"][i] < 0:
            _fail(f"adventurers fight at place {i + 1}, where no dragon lies")
        for c in codes:
            if b["advs"][c // 4][c % 4] != i:
                _fail(f"fighter {c} at place {i + 1} is not marked as fighting there")
    for p in range(P):
        for a in range(4):
            s = b["advs"][p][a]
            if s >= 0 and p * 4 + a not in b["fighters"][s]:
                _fail(
                    f"player {p + 1}'s {ADVENTURERS[a]} is marked at place {s + 1} but is not there"
                )
    screens = b["screens"]
    flat_screens = list(chain.from_iterable(screens))
    for s, row in enumerate(b["known"]):
        if s < P and any(row[s]):
            _fail("a seat's knowledge of its own screen is not stored (must be zeros)")
        if row != screens and not all(map(le, chain.from_iterable(row), flat_screens)):
            p = next(p for p in range(P) if not _leq(row[p], screens[p]))
            _fail(f"seat {s + 1} is sure of tokens that are not behind player {p + 1}'s screen")
    if not game.use_items and (any(b["item_deck"]) or any(map(any, b["hands"]))):
        _fail("without items nobody holds or draws an item")
    # the context of the phase
    mover = None
    if phase in ("token", "card") and (
        b["target"] < 0 or resume not in ("setup", "replace", "kill")
    ):
        _fail(f"phase {phase} needs a dragon place (target) and where it goes on (resume)")
    if phase == "card" and (b["slots"][b["target"]] >= 0 or not b["deck"] or not any(b["bag"])):
        _fail("a dragon is revealed only onto an empty place while the deck and bag hold some")
    if phase == "token" and (b["pending"] < 1 or not any(b["bag"]) or b["slots"][b["target"]] < 0):
        _fail("a token is drawn only onto a dragon, from a bag that holds one, with draws pending")
    if phase == "item" and (not b["items_due"] or not any(b["item_deck"])):
        _fail("an item is drawn only when one is due and the item deck holds one")
    if phase in ("build", "answer", "divide", "choose", "swap"):
        if len(b["involved"]) < 2 or b["target"] < 0 or len(b["parts"]) != len(b["involved"]):
            _fail(f"phase {phase} needs the involved players, the dragon and one part each")
        total = b["treasure"][b["target"]]
        for part in b["parts"]:
            total = _sub(total, part)
        if min(total) < 0:
            _fail("the parts hand out more tokens than the treasure holds")
        if phase in ("answer", "choose", "swap") and any(total):
            _fail(f"in phase {phase} every token of the treasure is handed out")
        mover = (
            b["proposer"]
            if phase in ("build", "divide")
            else (b["order"][0] if b["order"] else None)
        )
        if phase in ("build", "divide") and b["proposer"] not in b["involved"]:
            _fail("the proposer or splitter must be involved")
        if phase == "choose" and len(b["owners"]) != len(b["parts"]):
            _fail("phase choose needs an owner entry per pile")
    if phase in ("victim", "ward", "pick", "steal"):
        if not b["thieves"] or b["target"] < 0:
            _fail(f"phase {phase} needs a thief")
        if phase != "victim" and (
            b["victim"] not in b["involved"] or b["victim"] == b["thieves"][0]
        ):
            _fail("the robbed player must be another involved player")
        if phase in ("steal", "pick", "ward") and not any(b["screens"][b["victim"]]):
            _fail("the robbed player must hold a token")
    if phase in MARKET_PHASES:
        if len(b["offers"]) != P or not b["order"]:
            _fail("the market needs the offers left per player and who is in it")
        if b["target"] != -1 or b["market"] != 1:
            _fail("at the market no dragon is being fought over (target -1) and market is 1")
        given, asked = b["offer"], b["ask"]
        if phase == "market" and (any(given) or any(asked) or b["partner"] >= 0):
            _fail("phase market starts an offer: nothing is offered or asked yet")
        if phase != "market":
            maker = b["order"][0]
            if not any(given) and not any(asked):
                _fail(f"phase {phase} needs an offer that gives or asks something")
            if any(x and y for x, y in zip(given, asked, strict=True)):
                _fail("an offer gives and asks for the same colour")
            if not _leq(given, b["screens"][maker]):
                _fail("the offer gives tokens its maker does not hold")
            others = ZERO
            for q in range(P):
                if q != maker:
                    others = _add(others, b["screens"][q])
            # while the offer is built, its maker may ask only for what the others hold between
            # them; once it is made, the asked player simply cannot accept what it lacks (and a
            # seat that cannot see the maker's screen may deal it what was asked for)
            if phase == "offer" and not _leq(asked, others):
                _fail("the offer asks for more tokens than the other players hold")
        if phase == "offer" and b["partner"] >= 0:
            _fail("an offer being built has no partner yet")
        if phase == "reply" and (
            not any(given) or not any(asked) or b["partner"] in (-1, b["order"][0])
        ):
            _fail(
                "phase reply needs an offer that gives and asks something, made to another player"
            )
    elif b["offers"] or any(b["offer"]) or any(b["ask"]) or b["partner"] >= 0:
        _fail("offers exist only at the market")
    if phase in ("answer", "choose", "swap", "market", "offer") and not b["order"]:
        _fail(f"phase {phase} needs someone to decide (order)")
    if phase == "turn" and UP not in b["advs"][b["turn"]]:
        _fail("the player to move must have a face-up adventurer")
    if phase == "over" and any(s >= 0 for s in b["slots"]):
        _fail("the game is over only when no dragon is left on the table")
    if phase != "over" and phase not in ("card",) and all(s < 0 for s in b["slots"]):
        if phase not in ("token",):
            _fail("with no dragon on the table the game is over")
    if state.current_player() >= 0 and not state.legal_actions():
        _fail(f"nobody could move in phase {phase}")
    del mover
    return state
