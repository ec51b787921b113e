"""Reading a saved Dragon Battle position (``state.to_dict()`` output) back, checked against what
the rules can reach."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..validate import short
from .pieces import _FACE_SET, _PHASES
from .rules import COLOURS, FACES
from .state import DragonBattleState, _check_game

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DragonBattle


def _fail(msg: str) -> None:
    raise ValueError(f"impossible Dragon Battle position: {msg}")


def _whole(data: dict, name: str, lo: int, hi: int) -> int:
    v = data[name]
    if v.__class__ is not int or not lo <= v <= hi:  # bool is not int here
        _fail(f"{name} must be a whole number from {lo} to {hi}, got {short(v)}")
    return v


def _list(data: dict, name: str, length: int | None = None) -> list:
    v = data[name]
    if v.__class__ is not list or (length is not None and len(v) != length):
        _fail(f"{name} must be a list" + (f" of {length}" if length is not None else ""))
    return v


def _known(allowed: frozenset[str], values: list) -> bool:
    """Are all ``values`` in ``allowed``? (False for unhashable values, without a loop.)"""
    try:
        return allowed.issuperset(values)
    except TypeError:
        return False


def _faces(name: str, values: Any) -> tuple[str, ...]:
    if values.__class__ is not list:
        _fail(f"{name} must be a list of die faces")
    if not _known(_FACE_SET, values):
        bad = next(f for f in values if f.__class__ is not str or f not in _FACE_SET)
        _fail(f"{short(bad)} in {name} is not a die face; faces are {', '.join(FACES)}")
    return tuple(values)


def _residents(names: frozenset[str], values: list, where: str) -> tuple[str, ...]:  # type: ignore[return]
    if _known(names, values):
        return tuple(values)
    bad = next(v for v in values if v.__class__ is not str or v not in names)
    _fail(f"{short(bad)} in {where} is not a resident; residents are {', '.join(sorted(names))}")


def _state_from_dict(game: DragonBattle, data: Any) -> DragonBattleState:
    fail = _fail
    _check_game(game)
    if not isinstance(data, dict):
        fail(f"expected a JSON object, got {type(data).__name__}")
    if data.keys() != _FIELD_SET:
        fail(
            f"fields missing {sorted(_FIELD_SET - set(data))}, "
            f"unknown {sorted(set(data) - _FIELD_SET, key=repr)}"
        )
    phase = data["phase"]
    if phase.__class__ is not str or phase not in _PHASES:
        fail(f"phase {short(phase)} is unknown; phases are {', '.join(_PHASES)}")
    player = _whole(data, "player", 0, game.players - 1)
    names = frozenset(game.resident_names)

    under = tuple(_list(data, "under", 4))
    _residents(names, [v for v in under if v is not None], "under")
    face_up_list = _list(data, "face_up", 4)
    if not all(v.__class__ is bool for v in face_up_list):
        fail("face_up must be four true/false values")
    face_up = tuple(face_up_list)
    pile = _residents(names, _list(data, "pile"), "pile")
    if list(pile) != sorted(pile):
        fail("the pile must be listed in sorted order")
    on_dragon = tuple(_faces("on_dragon", d) for d in _list(data, "on_dragon", 4))
    rolled = _faces("rolled", data["rolled"])
    rescued_lists = []
    for r in _list(data, "rescued", game.players):
        if r.__class__ is not list:
            fail(f"rescued must hold one list of residents per player, got {short(r)}")
        rescued_lists.append(_residents(names, r, "rescued"))
    rescued = tuple(rescued_lists)
    jugglers = tuple(_list(data, "jugglers", game.players))
    if not all(j.__class__ is int and j >= 0 for j in jugglers):
        fail(f"jugglers must be whole numbers >= 0, got {short(list(jugglers))}")
    well = _whole(data, "well", 0, game.dice)
    hand = _whole(data, "hand", 0, game.dice)
    jugglers_left = _whole(data, "jugglers_left", 0, game.jugglers)
    state = DragonBattleState(
        game,
        phase,
        player,
        under,
        face_up,
        pile,
        on_dragon,
        well,
        hand,
        rolled,
        rescued,
        jugglers,
        jugglers_left,
        _whole(data, "turns", 0, game.describe().max_actions // 2),
    )

    # every component exactly once
    tiles = [n for n in under if n is not None]
    tiles += pile
    for r in rescued:
        tiles += r
    total = len(names)
    if len(tiles) != total or len(set(tiles)) != total:
        fail(
            f"{len(tiles)} resident tiles ({len(set(tiles))} different) are "
            f"placed; there must be each of the {total} exactly once"
        )
    dice = well + hand + len(rolled) + sum(len(d) for d in on_dragon)
    if dice != game.dice:
        fail(f"{dice} dice are placed; there are {game.dice}")
    counted = jugglers_left + sum(jugglers)
    if counted != game.jugglers and (
        game.jugglers_run_out == "nothing" or counted < game.jugglers or jugglers_left
    ):
        fail(f"{short(counted)} jugglers are counted; there are {game.jugglers}")

    # dice on the dragons and residents under them
    for i, d in enumerate(on_dragon):
        if not d:
            continue
        colour = COLOURS[i]
        if "black" in d:
            fail(f"a black die lies on the {colour} dragon; black dice go to the well")
        if under[i] is None:
            fail(f"dice lie on the {colour} dragon, which guards no resident")
        kinds = set(d)
        if kinds != {"silver"} and kinds != {colour}:
            if not (game.silver_with_colour and kinds == {colour, "silver"}):
                fail(
                    f"dice {list(d)} lie on the {colour} dragon; a dragon holds only its own "
                    "colour or only silver dice"
                )
    memory = game.memory
    scare = phase in ("rolling", "place", "decide")
    for i, name in enumerate(under):
        if name is None:
            if face_up[i]:
                fail(f"the empty place under the {COLOURS[i]} dragon is marked face up")
        elif not memory and not face_up[i]:
            fail(f"{name} lies face down, but residents lie face down only in the memory variant")
        elif memory and scare and face_up[i]:
            fail(f"{name} lies face up during a scare; in the memory variant it is face down")

    # the phase and where the dice are
    if "black" in rolled:
        fail("a black die is among the rolled dice; black dice go to the well at once")
    empty = under.count(None)
    if phase != "draw" and phase != "over" and empty:
        fail(f"a place under a dragon is empty in phase {phase!r}")
    if phase == "place" and not state.legal_actions():
        fail("in phase 'place' at least one colour of the roll must be placeable")
    if phase != "place" and rolled:
        fail("rolled dice wait only in phase 'place'")
    if phase in ("start", "draw", "over") and (any(on_dragon) or well or hand != game.dice):
        fail(f"in phase {phase!r} all dice are in hand")
    if phase in ("rolling", "decide") and hand == 0:
        fail(f"in phase {phase!r} at least one die is in hand")
    if phase == "place" and hand:
        fail("in phase 'place' the rolled dice are not in hand (hand must be 0)")
    if phase == "decide" and not any(on_dragon):
        fail("in phase 'decide' at least one dragon holds dice")
    if phase == "draw" and not empty:
        fail("in phase 'draw' a place under a dragon must be empty")
    if phase == "draw" and len(pile) < empty:
        fail(f"{empty} places are empty but the pile holds {len(pile)}: the game would be over")
    if phase == "over" and len(pile) >= empty:
        fail(f"the game is over only when the pile ({len(pile)}) cannot fill the empty places")
    scared = any(on_dragon)
    if phase == "rolling" and not scared and (well or hand != game.dice):
        fail(
            "in phase 'rolling' with no dragon scared the scare has just begun: no die is in the "
            f"well and all {game.dice} are in hand"
        )
    if phase == "place" and not scared and well + len(rolled) != game.dice:
        fail("in phase 'place' with no dragon scared the roll is the first: it used every die")
    turns = state.turns
    if state.player != (game.first_player + turns) % game.players:
        fail(
            f"after {turns} scares it is seat {(game.first_player + turns) % game.players}'s turn "
            f"(seats take turns from seat {game.first_player}), not seat {state.player}'s"
        )
    rescued_count = sum(len(r) for r in rescued)
    fewest = sum(jugglers) + -(-rescued_count // 4)
    if turns < fewest:
        fail(
            f"{turns} scares cannot have rescued {rescued_count} residents and given "
            f"{sum(jugglers)} jugglers (at least {fewest} scares)"
        )
    return state


_FIELDS = (
    "phase",
    "player",
    "under",
    "face_up",
    "pile",
    "on_dragon",
    "well",
    "hand",
    "rolled",
    "rescued",
    "jugglers",
    "jugglers_left",
    "turns",
)
_FIELD_SET = frozenset(_FIELDS)
