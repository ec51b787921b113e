"""Heroes of Kaskaria positions set up from what matters, and their position texts.

``kaskaria.setup("heroes", players=2, hands={0: "blue griffin, 2 blue gold"}, to_move=0)``: the
rest is filled in: the display (one card of each of the first colours left, unless given), the
draw pile (every card not placed elsewhere), the waterfall at the bottom of the pile (unless
given), the gold supply (what the players do not hold), the amulet (with the figure that reached
the volcano) and how many turns were played. See :func:`setup_state` and ``docs/positions.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..positions import (
    PositionField,
    check_seat,
    counted,
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
    write_counted,
)
from ..validate import short
from .engine import Heroes, HeroesState
from .rules import MOTIFS

__all__ = ["position_fields", "read_position", "setup_state"]

_PLUS2 = MOTIFS.index("plus2")


def _aliases(game: Heroes) -> dict[str, str]:
    return {f"{c} +2": f"{c} plus2" for c in game.colours}


def _cards(game: Heroes, value: Any, what: str) -> list[int]:
    """Counts per kind of cards given as a text, a list of names or a dict."""
    return counted(value, game.kind_of, what, aliases=_aliases(game))


def _kinds(counts: Sequence[int]) -> list[int]:
    return [k for k, n in enumerate(counts) for _ in range(n)]


def _display(game: Heroes, value: Any) -> list[int | None]:
    """The display places (a card's kind, or None) from a list or a text."""
    if isinstance(value, str):
        items: Sequence[Any] = [w.strip() for w in value.split(",")]
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        fail(
            f"display is a list of the cards in its places (None for an empty place), got {short(value)}"
        )
    size = game.display_size
    if len(items) != size:
        fail(
            f"display lists its {size} places in order (None, or '-' in a text, for an empty "
            f"place), got {len(items)}"
        )
    out: list[int | None] = []
    for i, item in enumerate(items):
        if item is None or item == "-":
            out.append(None)
            continue
        counts = _cards(game, [item], f"display place {i + 1}")
        out.append(counts.index(1))
    return out


@impossible_positions("Heroes of Kaskaria")
def setup_state(
    game: Heroes,
    *,
    hands: Any = None,
    display: Any = None,
    known: Any = None,
    discard: Any = None,
    played: Any = None,
    draws_left: Any = None,
    griffins: Any = None,
    runners: Any = None,
    gold: Any = None,
    stand_ins: Any = None,
    waterfall: Any = None,
    waterfall_min: Any = None,
    to_move: Any = None,
    turns: Any = None,
) -> HeroesState:
    """A Heroes of Kaskaria position from what matters (seats count from 0, display places are
    list indices: ``display[0]`` is place 1).

    Cards are written as the notation writes them (``"blue griffin"``, ``"blue +2"``), as a list
    of names or a text with counts (``"2 blue gold, red runner"``). ``hands``: each seat's
    cards (a list per seat, or ``{seat: cards}``); ``display``: the cards in the display's places,
    in order (``None`` for an empty place; default: one card of each of the first colours left);
    ``known``: cards everyone knows are in a hand (taken from the display; default none);
    ``discard``: the discard pile; ``played`` and ``draws_left``: a set being played whose '+2'
    cards still bring ``draws_left`` cards (default: all of them), each taken from the pile or the
    display; ``griffins``/``runners``: the fields each seat's figures have moved; ``gold`` and
    ``stand_ins``: each seat's gold pieces (the rest lie in the supply); ``waterfall``: how many
    cards lie above the waterfall in the draw pile (default: all, it is the bottom card);
    ``waterfall_min``: the fewest cards the players know lie above it (default 0: it may be
    anywhere); ``to_move``: whose turn it is (default: the first player, or the seat whose
    figure reached the volcano); ``turns``: turns played (default: the fewest that fit).

    Every card not placed elsewhere lies in the draw pile. A figure at the end of its path ends
    the game (its seat holds the amulet), unless '+2' cards of the last set are still taken.
    """
    if not isinstance(game, Heroes):
        raise TypeError(f"game must be a Heroes of Kaskaria game, got {short(game)}")
    players = game.players
    names = game.kind_names

    hand_counts = per_seat(
        hands, players, "hands", lambda v, p: _cards(game, v, f"{who(p)}'s hand"), None
    )
    hand_counts = [c if c is not None else [0] * game.kinds for c in hand_counts]
    known_counts = per_seat(
        known,
        players,
        "known",
        lambda v, p: _cards(game, v, f"the cards known in {who(p)}'s hand"),
        None,
    )
    known_counts = [c if c is not None else [0] * game.kinds for c in known_counts]
    for p in range(players):
        for k in range(game.kinds):
            if known_counts[p][k] > hand_counts[p][k]:
                fail(
                    f"{names[k]} is known to be in {who(p)}'s hand, but that hand holds {hand_counts[p][k]} of it"
                )
    discard_counts = _cards(game, discard, "the discard pile")
    played_counts = _cards(game, played, "the set being played")

    # every card at most once; the rest to the draw pile
    placed = [0] * game.kinds
    for counts in (*hand_counts, discard_counts, played_counts):
        for k, n in enumerate(counts):
            placed[k] += n
    if display is not None:
        shown = _display(game, display)
        for kind in shown:
            if kind is not None:
                placed[kind] += 1
    _check_deck(
        game, placed, hand_counts, discard_counts, played_counts, display is not None and shown
    )
    for p in range(players):
        held = sum(hand_counts[p])
        if held > game.hand_limit and not game.plus2_above_limit:
            fail(f"{who(p)} holds {held} cards; a hand holds at most {game.hand_limit}")
    if display is None:
        left = [d - n for d, n in zip(game.deck, placed, strict=True)]
        shown = _default_display(game, left)
        for kind in shown:
            if kind is not None:
                placed[kind] += 1
    pile = [d - n for d, n in zip(game.deck, placed, strict=True)]
    pile_size = sum(pile)

    # the figures, the gold, the amulet
    def path(value: Any, what: str, length: int) -> list[int]:
        return per_seat(
            value, players, what, lambda v, p: whole(v, f"{who(p)}'s {what[:-1]}", 0, length), 0
        )

    griffin_at = path(griffins, "griffins", game.griffin_path)
    runner_at = path(runners, "runners", game.runner_path)
    at_volcano = [
        p
        for p in range(players)
        if griffin_at[p] == game.griffin_path or runner_at[p] == game.runner_path
    ]
    if len(at_volcano) > 1:
        fail(
            f"figures of {' and '.join(who(p) for p in at_volcano)} stand on the volcano; the "
            "first figure there ends the game"
        )
    amulet = at_volcano[0] if at_volcano else -1
    gold_held = per_seat(
        gold, players, "gold", lambda v, p: whole(v, f"{who(p)}'s gold", 0, game.gold_supply), 0
    )
    if sum(gold_held) > game.gold_supply:
        fail(f"{sum(gold_held)} gold pieces are held; there are {game.gold_supply}")
    stand = per_seat(
        stand_ins, players, "stand_ins", lambda v, p: whole(v, f"{who(p)}'s stand-ins", 0, 10**6), 0
    )

    # the set being played and the phase
    plus2 = played_counts[_PLUS2::4]
    if any(played_counts):
        most = sum(plus2) * game.plus2_draws
        left_draws = most if draws_left is None else whole(draws_left, "draws_left", 0, most)
        if not left_draws:
            fail(
                "a set waits on the table only while its '+2' cards still bring cards "
                f"(draws_left from 1 to {most})"
            )
        phase = "choose"
    else:
        if draws_left:
            fail(
                "draws_left counts the cards a '+2' card still brings: name the set being played (played=...)"
            )
        left_draws = 0
        phase = "over" if amulet >= 0 else "turn"

    # whose turn
    if turns is None:
        if to_move is None:
            seat = amulet if amulet >= 0 else game.first_player
        else:
            seat = check_seat(to_move, players, "to_move")
        played_turns = (seat - game.first_player) % players
    else:
        played_turns = whole(turns, "turns", 0, game.describe().max_actions)
        seat = (game.first_player + played_turns) % players
        if to_move is not None and check_seat(to_move, players, "to_move") != seat:
            fail(
                f"after {played_turns} turns it is {who(seat)}'s turn (turns go round from "
                f"{who(game.first_player)}), not {who(to_move)}'s"
            )
    if amulet >= 0 and seat != amulet:
        fail(
            f"{who(amulet)}'s figure reached the volcano on their own turn, so it is their turn, not {who(seat)}'s"
        )

    # the waterfall
    above = (
        pile_size
        if waterfall is None
        else whole(waterfall, "waterfall (cards above it)", 0, pile_size)
    )
    lowest = 0 if waterfall_min is None else whole(waterfall_min, "waterfall_min", 0, above)
    data = {
        "phase": phase,
        "player": seat,
        "hands": [[names[k] for k in _kinds(h)] for h in hand_counts],
        "known": [[names[k] for k in _kinds(h)] for h in known_counts],
        "display": [names[k] if k is not None else None for k in shown],
        "pile": [names[k] for k in _kinds(pile)],
        "above": above,
        "wf_lo": lowest,
        "discard": [names[k] for k in _kinds(discard_counts)],
        "played": [names[k] for k in _kinds(played_counts)],
        "draws_left": left_draws,
        "resume": "",
        "griffins": griffin_at,
        "runners": runner_at,
        "gold": gold_held,
        "stand_ins": stand,
        "supply": game.gold_supply - sum(gold_held),
        "amulet": amulet,
        "turns": played_turns,
    }
    try:
        return game.state_from_dict(data)
    except ValueError as err:
        fail(str(err))


def _check_deck(
    game: Heroes,
    placed: list[int],
    hands: list[list[int]],
    discard: list[int],
    played: list[int],
    shown: Any,
) -> None:
    """Fail naming a kind of card placed more often than the deck holds it, and where."""
    for k, n in enumerate(placed):
        if n <= game.deck[k]:
            continue
        where = [f"{h[k]} in {who(p)}'s hand" for p, h in enumerate(hands) if h[k]]
        if shown:
            on = sum(1 for s in shown if s == k)
            if on:
                where.append(f"{on} on the display")
        if discard[k]:
            where.append(f"{discard[k]} on the discard pile")
        if played[k]:
            where.append(f"{played[k]} in the set being played")
        fail(
            f"{n} {game.kind_names[k]} cards are placed ({', '.join(where)}); the deck has "
            f"{game.deck[k]}"
        )


def _default_display(game: Heroes, left: list[int]) -> list[int | None]:
    """One card of each of the first colours with cards left (their first motif left), round
    the colours again if needed; empty places when the cards run out."""
    left = list(left)
    out: list[int | None] = []
    colours = len(game.colours)
    c = 0
    for _ in range(game.display_size):
        for step in range(colours):
            colour = (c + step) % colours
            kinds = [4 * colour + m for m in range(4) if left[4 * colour + m]]
            if kinds:
                out.append(kinds[0])
                left[kinds[0]] -= 1
                c = colour + 1
                break
        else:
            out.append(None)
    return out


# ---------------------------------------------------------------------------------------------
# Position texts
# ---------------------------------------------------------------------------------------------
_FORMS = {
    "player": "player <seat>",
    "hand": "hand <seat>: <card>, ...",
    "known": "known <seat>: <card>, ...",
    "display": "display: <card or ->, ... (one per place)",
    "discard": "discard: <card>, ...",
    "played": "played: <card>, ...",
    "draws": "draws <number>",
    "griffins": "griffins <fields per seat>",
    "runners": "runners <fields per seat>",
    "gold": "gold <pieces per seat>",
    "stand-ins": "stand-ins <pieces per seat>",
    "waterfall": "waterfall below <cards above it> [min <fewest known>]",
    "turns": "turns <number>",
}


def position_fields(state: HeroesState) -> list[str]:
    """The fields of ``state``'s position text (see ``docs/positions.md``)."""
    game = state.game
    names = game.kind_names
    out = [f"player {state.player + 1}"]

    def counts(kinds: Sequence[int]) -> list[int]:
        c = [0] * game.kinds
        for k in kinds:
            c[k] += 1
        return c

    for p, hand in enumerate(state.hands):
        if hand:
            out.append(f"hand {p + 1}: {write_counted(counts(hand), names)}")
    for p, cards in enumerate(state.known):
        if cards:
            out.append(f"known {p + 1}: {write_counted(counts(cards), names)}")
    out.append("display: " + ", ".join(names[k] if k >= 0 else "-" for k in state.display))
    if state.discard_size:
        out.append(f"discard: {write_counted(state.discard, names)}")
    if state.played:
        out.append(f"played: {write_counted(counts(state.played), names)}")
        most = sum(1 for k in state.played if k % 4 == _PLUS2) * game.plus2_draws
        if state.draws_left != most:
            out.append(f"draws {state.draws_left}")
    for key, values in (
        ("griffins", state.griffins),
        ("runners", state.runners),
        ("gold", state.gold),
        ("stand-ins", state.stand_ins),
    ):
        if any(values):
            out.append(f"{key} {' '.join(map(str, values))}")
    if state.above != state.pile_size or state.wf_lo:
        out.append(
            f"waterfall below {state.above}" + (f" min {state.wf_lo}" if state.wf_lo else "")
        )
    if state.turns != (state.player - game.first_player) % game.players:
        out.append(f"turns {state.turns}")
    return out


def read_position(game: Heroes, fields: Sequence[PositionField]) -> HeroesState:
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
    for key, name in (("hand", "hands"), ("known", "known")):
        per: dict[int, str] = {}
        for f in group.get(key, []):
            value = with_value(f, _FORMS[key], 1)
            p = seat_of_text(f.args[0], players, key)
            if p in per:
                fail(f"{key} {p + 1} is given twice")
            per[p] = value
        if per:
            what[name] = per
    for key in ("display", "discard", "played"):
        f = single(group, key, _FORMS[key])
        if f is not None:
            what[key] = with_value(f, _FORMS[key], 0)
    for key, name in (("draws", "draws_left"), ("turns", "turns")):
        f = single(group, key, _FORMS[key])
        if f is not None:
            words = no_value(f, _FORMS[key])
            if len(words) != 1:
                fail(f"{f.quoted()}: write {_FORMS[key]}")
            what[name] = number(words[0], key)
    for key in ("griffins", "runners", "gold", "stand-ins"):
        f = single(group, key, _FORMS[key])
        if f is not None:
            what[key.replace("-", "_")] = numbers(no_value(f, _FORMS[key]), key, players)
    f = single(group, "waterfall", _FORMS["waterfall"])
    if f is not None:
        words = no_value(f, _FORMS["waterfall"])
        if (
            len(words) not in (2, 4)
            or words[0] != "below"
            or (len(words) == 4 and words[2] != "min")
        ):
            fail(f"{f.quoted()}: write {_FORMS['waterfall']}")
        what["waterfall"] = number(words[1], "waterfall below")
        if len(words) == 4:
            what["waterfall_min"] = number(words[3], "waterfall min")
    return setup_state(game, **what)
