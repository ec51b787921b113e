"""Dragon Battle positions set up from what matters, and their position texts.

``kaskaria.setup("dragon-battle", players=2, scared={"red": 2}, hand=2)`` is the moment after a
scare of the red dragon with two red dice, two dice in hand: the player rolls again or stops. The
rest is filled in: the residents under the dragons (the first ones of the rules table not placed
elsewhere), the pile (every resident not under a dragon nor rescued), the jugglers left, whose turn
and how many scares were played. See :func:`setup_state` and ``docs/positions.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..positions import (
    PositionField,
    check_seat,
    fail,
    fields_by_key,
    impossible_positions,
    no_value,
    number,
    numbers,
    per_seat,
    seat_of_text,
    single,
    who,
    whole,
    with_value,
)
from ..validate import short
from .engine import DragonBattle, DragonBattleState
from .rules import COLOURS, FACES

__all__ = ["position_fields", "read_position", "setup_state"]

_DIE_FACES = tuple(f for f in FACES if f != "black")


def _faces(value: Any, what: str, colour: str | None = None) -> list[str]:
    """Dice faces from a number (that many of ``colour``), a text (``"red red"``, ``"2 red"``,
    ``"silver, red"``) or a list of faces."""
    if value.__class__ is int:
        if colour is None:
            fail(f"{what} names the faces of the dice, got the number {value}")
        return [colour] * whole(value, f"the dice in {what}", 0, 4)
    if isinstance(value, str):
        words = value.replace(",", " ").lower().split()
    elif isinstance(value, (list, tuple)):
        words = list(value)
    else:
        fail(
            f"{what} is a number of dice, a text of faces ('red red') or a list of faces, got {short(value)}"
        )
    out: list[str] = []
    n = 1
    for w in words:
        if isinstance(w, str) and w.isascii() and w.isdecimal():
            n = number(w, f"a count in {what}", 1, 4)
            continue
        if w == "black":
            fail(
                f"a black die in {what}: black dice go to the well as soon as they are rolled "
                "(give them as well=<number>)"
            )
        if w.__class__ is not str or w not in _DIE_FACES:
            fail(f"{short(w, 20)} in {what} is not a die face; faces are {', '.join(FACES)}")
        out += [w] * n
        n = 1
        if len(out) > 4:
            fail(f"{what} holds more dice than the four there are")
    return out


def _names(value: Any, names: frozenset[str], what: str) -> list[str]:
    """Resident names from a text (``"king, maid"`` or ``"king maid"``) or a list."""
    if value is None:
        return []
    if isinstance(value, str):
        words: Sequence[Any] = value.replace(",", " ").lower().split()
    elif isinstance(value, (list, tuple)):
        words = value
    else:
        fail(f"{what} is a list of residents or a text ('king, maid'), got {short(value)}")
    if len(words) > len(names):
        fail(f"{what} names more residents than the {len(names)} there are")
    if words == ["-"]:
        return []
    for w in words:
        if w.__class__ is not str or w not in names:
            fail(
                f"{short(w, 20)} in {what} is not a resident; residents are {', '.join(sorted(names))}"
            )
    return list(words)


def _first_turns(game: DragonBattle, seat: int, fewest: int) -> int:
    """The fewest scares, at least ``fewest``, after which it is ``seat``'s turn."""
    players = game.players
    return fewest + (seat - game.first_player - fewest) % players


def _fewest_scares(rescued: Sequence[Sequence[str]], jugglers: Sequence[int]) -> int:
    """The fewest scares that rescue these residents and give these jugglers (a scare rescues at
    most four residents, or gives one juggler)."""
    return sum(jugglers) + -(-sum(len(r) for r in rescued) // 4)


@impossible_positions("Dragon Battle")
def setup_state(
    game: DragonBattle,
    *,
    residents: Any = None,
    scared: Any = None,
    rolled: Any = None,
    well: Any = None,
    hand: Any = None,
    face_down: Any = None,
    rescued: Any = None,
    jugglers: Any = None,
    jugglers_left: Any = None,
    to_move: Any = None,
    turns: Any = None,
) -> DragonBattleState:
    """A Dragon Battle position from what matters (seats count from 0):

    ``residents``: the residents under the yellow, red, blue and purple dragons (a list of four,
    ``None`` for an empty place, or a dict ``{colour: name}``; places not named get the first
    residents of the rules table that lie nowhere else); ``scared``: the dice on the dragons
    this turn, ``{colour: dice}`` with dice a number (of that colour), faces (``"silver"``,
    ``"red red"``) or a list of faces; ``rolled``: the faces of a roll waiting to be placed (no
    black: those are in the ``well``); ``well``: black dice rolled this turn; ``hand``: dice in
    hand (default: the rest of the four); ``face_down`` (memory variant): the colours whose
    resident lies face down (default: all during a scare, none before it); ``rescued``: each
    seat's rescued residents (a list per seat or ``{seat: [...]}``); ``jugglers``: each seat's
    juggler tiles; ``jugglers_left``: tiles still to give (default: the rest); ``to_move``: whose
    turn it is (default: the first player); ``turns``: scares played (default: the fewest that
    fit). Every resident not under a dragon nor rescued lies in the pile.

    Without ``scared`` or ``rolled`` the player is about to roll all four dice; with ``scared``
    the player rolls again or stops; with ``rolled`` the player places a colour of that roll.
    With empty places that the pile cannot fill, the game is over.
    """
    if not isinstance(game, DragonBattle):
        raise TypeError(f"game must be a Dragon Battle game, got {short(game)}")
    players = game.players
    names = frozenset(game.resident_names)

    # the residents
    rescued_lists = per_seat(
        rescued,
        players,
        "rescued",
        lambda v, p: _names(v, names, f"{who(p)}'s rescued residents"),
        [],
    )
    under: list[str | None | bool] = [True] * 4  # True: to be filled in
    if residents is not None:
        if isinstance(residents, Mapping):
            for colour, name in residents.items():
                if colour not in COLOURS:
                    fail(
                        f"{short(colour, 20)} in residents is not a dragon; dragons are {', '.join(COLOURS)}"
                    )
                under[COLOURS.index(colour)] = name
        elif isinstance(residents, (list, tuple)) and len(residents) == 4:
            under = list(residents)
        elif isinstance(residents, str) and len(residents.split()) == 4:
            under = [None if w == "-" else w for w in residents.lower().split()]
        else:
            fail(
                "residents names the resident under each of the four dragons (yellow, red, blue, "
                f"purple; None for an empty place) or is a dict {{colour: name}}, got {short(residents)}"
            )
        for i, name in enumerate(under):
            if name is True or name is None:
                continue
            if name.__class__ is not str or name not in names:
                fail(
                    f"{short(name, 20)} under the {COLOURS[i]} dragon is not a resident; residents "
                    f"are {', '.join(sorted(names))}"
                )
    where: dict[str, str] = {}
    for i, name in enumerate(under):
        if isinstance(name, str):
            where.setdefault(name, f"under the {COLOURS[i]} dragon")
            if where[name] != f"under the {COLOURS[i]} dragon":
                fail(f"the {name} is placed twice: {where[name]} and under the {COLOURS[i]} dragon")
    for p, names_of in enumerate(rescued_lists):
        for name in names_of:
            here = f"rescued by {who(p)}"
            if name in where:
                fail(f"the {name} is placed twice: {where[name]} and {here}")
            where[name] = here
    free = [n for n in game.resident_names if n not in where]
    for i, name in enumerate(under):
        if name is True:
            if not free:
                fail(f"no resident is left for the {COLOURS[i]} dragon: all are placed elsewhere")
            under[i] = free.pop(0)
    pile = sorted(free)
    empty = under.count(None)

    # the dice
    on_dragon: list[list[str]] = [[] for _ in range(4)]
    if scared is not None:
        if not isinstance(scared, Mapping):
            fail(
                f"scared is a dict {{colour: dice}} of the dragons holding dice, got {short(scared)}"
            )
        for colour, dice in scared.items():
            if colour not in COLOURS:
                fail(
                    f"{short(colour, 20)} in scared is not a dragon; dragons are {', '.join(COLOURS)}"
                )
            on_dragon[COLOURS.index(colour)] = _faces(
                dice, f"the dice on the {colour} dragon", colour
            )
    roll = _faces(rolled, "rolled") if rolled is not None else []
    black = 0 if well is None else whole(well, "well (black dice rolled this turn)", 0, game.dice)
    placed = sum(map(len, on_dragon)) + black + len(roll)
    if hand is None:
        in_hand = 0 if roll else game.dice - placed
        if in_hand < 0:
            fail(
                f"{placed} dice are placed ({sum(map(len, on_dragon))} on dragons, {black} in the "
                f"well, {len(roll)} rolled); there are {game.dice}"
            )
    else:
        in_hand = whole(hand, "hand (dice in hand)", 0, game.dice)
        if placed + in_hand != game.dice:
            fail(
                f"{placed + in_hand} dice: {sum(map(len, on_dragon))} on dragons, {black} in the "
                f"well, {len(roll)} rolled and {in_hand} in hand; there are {game.dice}"
            )

    # the phase
    if empty:
        if len(pile) >= empty:
            fail(
                f"{empty} place(s) under the dragons are empty and the pile holds {len(pile)} "
                "residents: they are refilled before anyone decides (the game ends only when the "
                "pile cannot fill them)"
            )
        phase = "over"
        if placed or in_hand != game.dice:
            fail("the game is over (the pile cannot fill the empty places): no dice are in play")
    elif roll:
        phase = "place"
    elif any(on_dragon):
        phase = "decide"
        if not in_hand:
            fail(
                "no die is left in hand: the scare is over (with every die placed it ends as a "
                "success, and a roll without a placeable colour ends it at once)"
            )
    else:
        phase = "start"
        if black:
            fail(
                f"{black} black dice in the well but no dragon is scared: a scare starts with every "
                "die in hand (a roll without a placeable colour ends the scare at once)"
            )

    # face down (memory variant)
    filled = [name is not None for name in under]
    if face_down is not None:
        if not game.memory:
            fail("residents lie face down only in the memory variant (variant='memory')")
        if isinstance(face_down, str):
            face_down = face_down.replace(",", " ").split()
        if not isinstance(face_down, (list, tuple)):
            fail(f"face_down is a list of dragon colours, got {short(face_down)}")
        down = [False] * 4
        for colour in face_down:
            if colour not in COLOURS:
                fail(
                    f"{short(colour, 20)} in face_down is not a dragon; dragons are {', '.join(COLOURS)}"
                )
            i = COLOURS.index(colour)
            if not filled[i]:
                fail(f"no resident lies under the {colour} dragon to lie face down")
            down[i] = True
    else:
        hidden = game.memory and phase != "start"
        down = [hidden and f for f in filled]
    face_up = [f and not d for f, d in zip(filled, down, strict=True)]

    # the players
    juggler_counts = per_seat(
        jugglers, players, "jugglers", lambda v, p: whole(v, f"{who(p)}'s jugglers", 0, 1000), 0
    )
    taken = sum(juggler_counts)
    if jugglers_left is None:
        left = game.jugglers - taken
        if left < 0:
            if game.jugglers_run_out == "nothing":
                fail(
                    f"{taken} jugglers are taken; there are {game.jugglers} (with the option "
                    "jugglers_run_out='unlimited' a failed scare always brings one)"
                )
            left = 0
    else:
        left = whole(jugglers_left, "jugglers_left", 0, game.jugglers)
    fewest = _fewest_scares(rescued_lists, juggler_counts)
    if turns is None:
        seat = game.first_player if to_move is None else check_seat(to_move, players, "to_move")
        played = _first_turns(game, seat, fewest)
    else:
        played = whole(turns, "turns (scares played)", 0, game.describe().max_actions // 2)
        if played < fewest:
            fail(
                f"{played} scares cannot have rescued {sum(map(len, rescued_lists))} residents and "
                f"given {taken} jugglers (at least {fewest} scares)"
            )
        seat = (game.first_player + played) % players
        if to_move is not None and check_seat(to_move, players, "to_move") != seat:
            fail(
                f"after {played} scares it is {who(seat)}'s turn (turns go round from "
                f"{who(game.first_player)}), not {who(to_move)}'s"
            )
    data = {
        "phase": phase,
        "player": seat,
        "under": under,
        "face_up": face_up,
        "pile": pile,
        "on_dragon": on_dragon,
        "well": black,
        "hand": in_hand,
        "rolled": sorted(roll),
        "rescued": rescued_lists,
        "jugglers": juggler_counts,
        "jugglers_left": left,
        "turns": played,
    }
    try:
        return game.state_from_dict(data)
    except ValueError as err:
        fail(str(err))


# ---------------------------------------------------------------------------------------------
# Position texts
# ---------------------------------------------------------------------------------------------
_FORMS = {
    "player": "player <seat>",
    "residents": "residents <yellow> <red> <blue> <purple> (- for an empty place)",
    "face-down": "face-down <colour> ...",
    "scared": "scared <colour>: <faces>",
    "rolled": "rolled <faces>",
    "well": "well <number>",
    "hand": "hand <number>",
    "rescued": "rescued <seat>: <resident>, ...",
    "jugglers": "jugglers <number per seat>",
    "jugglers-left": "jugglers-left <number>",
    "turns": "turns <number>",
}


def position_fields(state: DragonBattleState) -> list[str]:
    """The fields of ``state``'s position text (see ``docs/positions.md``)."""
    game = state.game
    out = [f"player {state.player + 1}"]
    out.append("residents " + " ".join(n if n is not None else "-" for n in state.under))
    filled = [n is not None for n in state.under]
    down = [f and not up for f, up in zip(filled, state.face_up, strict=True)]
    default_down = [game.memory and state.phase != "start" and f for f in filled]
    if down != default_down:
        out.append("face-down " + " ".join(c for c, d in zip(COLOURS, down, strict=True) if d))
    for colour, dice in zip(COLOURS, state.on_dragon, strict=True):
        if dice:
            out.append(f"scared {colour}: {' '.join(dice)}")
    if state.rolled:
        out.append("rolled " + " ".join(state.rolled))
    if state.well:
        out.append(f"well {state.well}")
    for p, names in enumerate(state.rescued):
        if names:
            out.append(f"rescued {p + 1}: {', '.join(names)}")
    if any(state.jugglers):
        out.append("jugglers " + " ".join(map(str, state.jugglers)))
    taken = sum(state.jugglers)
    if state.jugglers_left != max(0, game.jugglers - taken):
        out.append(f"jugglers-left {state.jugglers_left}")
    if state.turns != _first_turns(
        game, state.player, _fewest_scares(state.rescued, state.jugglers)
    ):
        out.append(f"turns {state.turns}")
    return out


def read_position(game: DragonBattle, fields: Sequence[PositionField]) -> DragonBattleState:
    """The state the fields of a position text describe."""
    group = fields_by_key(fields, _FORMS, game.title)
    players = game.players
    what: dict[str, Any] = {}
    f = single(group, "player", _FORMS["player"])
    if f is not None:
        words = no_value(f, _FORMS["player"])
        if len(words) != 1:
            fail(f"{f.quoted()}: write {_FORMS['player']}")
        what["to_move"] = seat_of_text(words[0], players, "player")
    f = single(group, "residents", _FORMS["residents"])
    if f is not None:
        words = no_value(f, _FORMS["residents"])
        if len(words) != 4:
            fail(f"{f.quoted()}: write {_FORMS['residents']}")
        what["residents"] = [None if w == "-" else w for w in words]
    f = single(group, "face-down", _FORMS["face-down"])
    if f is not None:
        what["face_down"] = list(no_value(f, _FORMS["face-down"]))
    scared: dict[str, Any] = {}
    for f in group.get("scared", []):
        value = with_value(f, _FORMS["scared"], 1)
        colour = f.args[0]
        if colour not in COLOURS:
            fail(
                f"{f.quoted()}: {short(colour, 20)} is not a dragon; dragons are {', '.join(COLOURS)}"
            )
        if colour in scared:
            fail(f"the dice on the {colour} dragon are given twice")
        scared[colour] = value
    if scared:
        what["scared"] = scared
    f = single(group, "rolled", _FORMS["rolled"])
    if f is not None:
        what["rolled"] = " ".join(no_value(f, _FORMS["rolled"]))
    for key in ("well", "hand", "jugglers-left", "turns"):
        f = single(group, key, _FORMS[key])
        if f is not None:
            words = no_value(f, _FORMS[key])
            if len(words) != 1:
                fail(f"{f.quoted()}: write {_FORMS[key]}")
            what[key.replace("-", "_")] = number(words[0], key)
    rescued: dict[int, Any] = {}
    for f in group.get("rescued", []):
        value = with_value(f, _FORMS["rescued"], 1)
        p = seat_of_text(f.args[0], players, "rescued")
        if p in rescued:
            fail(f"the residents rescued by player {p + 1} are given twice")
        rescued[p] = value
    if rescued:
        what["rescued"] = rescued
    f = single(group, "jugglers", _FORMS["jugglers"])
    if f is not None:
        what["jugglers"] = numbers(no_value(f, _FORMS["jugglers"]), "jugglers", players, 0, 1000)
    return setup_state(game, **what)
