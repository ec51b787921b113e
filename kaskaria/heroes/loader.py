"""Reading a saved Heroes of Kaskaria position (``state.to_dict()`` output) back, checked against
what the rules can reach."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..validate import short
from .pieces import _PHASES, PLUS2, _plus
from .rules import MOTIFS
from .state import HeroesState, _check_game, _make

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Heroes

_FIELDS = (
    "phase",
    "player",
    "hands",
    "known",
    "display",
    "pile",
    "above",
    "wf_lo",
    "discard",
    "played",
    "draws_left",
    "resume",
    "griffins",
    "runners",
    "gold",
    "stand_ins",
    "supply",
    "amulet",
    "turns",
)
_FIELD_SET = frozenset(_FIELDS)
_SET_UP = frozenset({"deal", "lay"})


def _fail(msg: str) -> None:
    raise ValueError(f"impossible Heroes of Kaskaria position: {msg}")


def _whole(data: dict, name: str, lo: int, hi: int) -> int:
    v = data[name]
    if v.__class__ is not int or not lo <= v <= hi:  # bool is not int here
        _fail(f"{name} must be a whole number from {lo} to {hi}, got {short(v)}")
    return v


def _wholes(data: dict, name: str, n: int, lo: int, hi: int) -> tuple[int, ...]:
    v = data[name]
    ok = v.__class__ is list and len(v) == n
    if ok:
        for x in v:
            if x.__class__ is not int or not lo <= x <= hi:
                ok = False
                break
    if not ok:
        _fail(f"{name} must be a list of {n} whole numbers from {lo} to {hi}, got {short(v, 60)}")
    return tuple(v)


def _kinds(game: Heroes, value: Any, where: str) -> list[int]:
    """The kinds of a list of card names (``["blue griffin", ...]``)."""
    if value.__class__ is not list:
        _fail(f"{where} must be a list of cards, got {short(value)}")
    kind_of = game.kind_of
    try:
        return [kind_of[n] for n in value]
    except (KeyError, TypeError):
        bad = next(n for n in value if n.__class__ is not str or n not in kind_of)
        _fail(
            f"{short(bad, 30)} in {where} is not a card; a card is '<colour> <motif>' with a "
            f"colour of {', '.join(game.colours)} and a motif of {', '.join(MOTIFS)}"
        )
        raise  # pragma: no cover


def _counts(game: Heroes, value: Any, where: str) -> tuple[int, ...]:
    counts = [0] * game.kinds
    for k in _kinds(game, value, where):
        counts[k] += 1
    return tuple(counts)


def _state_from_dict(game: Heroes, data: Any) -> HeroesState:
    _check_game(game)
    if not isinstance(data, dict):
        _fail(f"expected a JSON object, got {type(data).__name__}")
    if data.keys() != _FIELD_SET:
        _fail(
            f"fields missing {sorted(_FIELD_SET - set(data))}, unknown "
            f"{[k if k.__class__ is str and len(k) <= 30 else short(k, 30) for k in sorted(set(data) - _FIELD_SET, key=repr)[:5]]}"
        )
    players = game.players
    phase = data["phase"]
    if phase.__class__ is not str or phase not in _PHASES:
        _fail(f"phase {short(phase)} is unknown; phases are {', '.join(_PHASES)}")
    player = _whole(data, "player", 0, players - 1)
    hands_in = data["hands"]
    if hands_in.__class__ is not list or len(hands_in) != players:
        _fail(f"hands must be a list of {players} hands")
    hands = tuple(tuple(sorted(_kinds(game, h, "hands"))) for h in hands_in)
    known_in = data["known"]
    if known_in.__class__ is not list or len(known_in) != players:
        _fail(f"known must be a list of {players} lists of cards")
    known = tuple(tuple(sorted(_kinds(game, k, "known"))) for k in known_in)
    display_in = data["display"]
    if display_in.__class__ is not list or len(display_in) != game.display_size:
        _fail(f"display must be a list of {game.display_size} places (a card or null)")
    display = tuple(_kinds(game, [n for n in display_in if n is not None], "display"))
    if len(display) < len(display_in):
        shown = iter(display)
        display = tuple(-1 if n is None else next(shown) for n in display_in)
    pile = _counts(game, data["pile"], "pile")
    discard = _counts(game, data["discard"], "discard")
    played = tuple(sorted(_kinds(game, data["played"], "played")))
    pile_size, discard_size = sum(pile), sum(discard)
    above = _whole(data, "above", -1, pile_size)
    wf_lo = _whole(data, "wf_lo", 0, pile_size)
    most_draws = game.plus2_draws * game.per_colour[PLUS2]
    draws_left = _whole(data, "draws_left", 0, most_draws)
    resume = data["resume"]
    if resume not in ("", "turn", "draw", "refill"):
        _fail(f"resume must be '', 'turn', 'draw' or 'refill', got {short(resume)}")
    griffins = _wholes(data, "griffins", players, 0, game.griffin_path)
    runners = _wholes(data, "runners", players, 0, game.runner_path)
    gold = _wholes(data, "gold", players, 0, game.gold_supply)
    stand_ins = _wholes(data, "stand_ins", players, 0, 10**6)
    supply = _whole(data, "supply", 0, game.gold_supply)
    amulet = _whole(data, "amulet", -1, players - 1)
    turns = _whole(data, "turns", 0, game.describe().max_actions)
    state = _make(
        game,
        phase,
        player,
        hands,
        known,
        display,
        pile,
        above,
        wf_lo,
        discard,
        played,
        draws_left,
        resume,
        griffins,
        runners,
        gold,
        stand_ins,
        supply,
        amulet,
        turns,
        pile_size,
        discard_size,
    )

    # every card exactly once, every piece of gold
    counts = list(map(_plus, pile, discard))
    for cards in (*hands, played, display):
        for k in cards:
            if k >= 0:
                counts[k] += 1
    if tuple(counts) != game.deck:
        k = next(k for k in range(game.kinds) if counts[k] != game.deck[k])
        _fail(
            f"{counts[k]} {game.kind_names[k]} cards are placed; there "
            f"{'is' if game.deck[k] == 1 else 'are'} {game.deck[k]}"
        )
    if supply + sum(gold) != game.gold_supply:
        _fail(
            f"{supply} gold in the supply and {sum(gold)} held make {supply + sum(gold)}; "
            f"there are {game.gold_supply}"
        )
    if any(stand_ins) and (game.gold_runs_out == "stop" or supply):
        _fail("stand-in gold is paid only once the supply is empty (option gold_runs_out)")
    for p in range(players):
        rest = list(hands[p])
        for k in known[p]:
            if k not in rest:
                _fail(f"{game.kind_names[k]} is known to be in hand {p} but is not there")
            rest.remove(k)
    if not game.plus2_above_limit and max(map(len, hands)) > game.hand_limit:
        _fail(f"a hand holds more than {game.hand_limit} cards")

    # the waterfall
    aside = phase in _SET_UP or phase == "bury"
    if aside != (above == -1):
        _fail(
            "the waterfall is set aside exactly while the cards are dealt and while it is being "
            f"put into the pile; in phase {phase!r} above must be "
            + ("-1" if aside else f"from {wf_lo} to {pile_size} (cards above it)")
        )
    if above >= 0 and above < wf_lo:
        _fail(f"{above} cards above the waterfall, but at least {wf_lo} must be")
    if (phase == "bury") != (resume != ""):
        _fail("resume names the interrupted phase exactly while the waterfall is put in")

    # the figures and the amulet
    at_volcano = [
        p
        for p in range(players)
        if griffins[p] == game.griffin_path or runners[p] == game.runner_path
    ]
    if amulet >= 0 and at_volcano != [amulet]:
        _fail(
            f"player {amulet} holds the amulet, so exactly that player's figure is on the volcano"
        )
    if amulet < 0 and at_volcano:
        _fail("a figure is on the volcano but nobody holds the amulet")

    # the phase
    dealt = sum(map(len, hands))
    if phase in _SET_UP or (phase == "bury" and resume == "turn"):
        if turns or any(griffins) or any(runners) or any(gold) or discard_size or played:
            _fail(f"in phase {phase!r} the game has not started: nothing is played yet")
        if any(known) or draws_left or amulet >= 0:
            _fail(f"in phase {phase!r} no card is taken from the display and nothing is drawn")
        if phase == "deal":
            expected = [0] * players
            for i in range(dealt):
                expected[(game.first_player + i) % players] += 1
            if dealt >= players * game.start_hand or [len(h) for h in hands] != expected:
                _fail(
                    f"the cards are dealt one at a time from seat {game.first_player}: "
                    f"{dealt} dealt cards make hands of {expected}"
                )
            if player != (game.first_player + dealt) % players or any(k >= 0 for k in display):
                _fail("while the hands are dealt the next card goes to the next seat in turn")
        else:
            if any(len(h) != game.start_hand for h in hands) or player != game.first_player:
                _fail(f"after the deal each hand holds {game.start_hand} cards")
            laid = [k >= 0 for k in display]
            if laid != sorted(laid, reverse=True):
                _fail("the display is laid out from its first place on")
            if phase == "lay" and (all(laid) or not pile_size):
                _fail("the display is laid out only while a place is empty and cards are left")
            if phase == "bury":
                if not all(laid) and pile_size:
                    _fail("the waterfall goes in only once the display is laid out")
                if wf_lo != game.waterfall_floor(pile_size):
                    _fail(
                        f"at set-up the waterfall goes into the bottom half: at least "
                        f"{game.waterfall_floor(pile_size)} cards above it (option bottom_half)"
                    )
        return state
    if player != (game.first_player + turns) % players:
        _fail(
            f"after {turns} turns it is seat {(game.first_player + turns) % players}'s turn "
            f"(seats take turns from seat {game.first_player}), not seat {player}'s"
        )
    available = pile_size + discard_size > 0
    if phase == "bury":
        if wf_lo != 0 or discard_size:
            _fail(
                "after the waterfall shows, every card is shuffled together: anywhere, discard empty"
            )
        return state
    empty_slot = -1 in display
    if phase == "refill":
        if not empty_slot or not available:
            _fail("the display is refilled only while a place is empty and cards are left")
    elif empty_slot and available:
        _fail(f"in phase {phase!r} an empty place of the display would be refilled first")
    plus2 = sum(1 for k in played if k & 3 == PLUS2)
    if phase == "over":
        if amulet < 0 or played or draws_left:
            _fail("the game is over only once a figure is on the volcano and the set is done")
        return state
    if amulet >= 0 and not (game.final_plus2 == "draw" and plus2):
        _fail("a figure is on the volcano, so the game is over")
    if phase == "turn" and (played or draws_left):
        _fail("a turn starts with no set being played and no '+2' card waiting")
    if phase == "choose" and not (draws_left and plus2):
        _fail("a '+2' choice waits only while a set with a '+2' card is played")
    if phase in ("draw", "refill") and draws_left and not plus2:
        _fail("draws are left only while a set with a '+2' card is played")
    if played and len(played) < 2:
        _fail("a set has at least 2 cards")
    if played and len({k >> 2 for k in played}) != 1:
        _fail("a set has cards of one colour only")
    if draws_left > plus2 * game.plus2_draws:
        _fail(
            f"{draws_left} '+2' draws are left, but the set gives at most {plus2 * game.plus2_draws}"
        )
    if phase == "draw" and not played and len(hands[player]) >= game.hand_limit:
        _fail("a player with a full hand cannot draw")
    return state
