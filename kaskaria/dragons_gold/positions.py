"""Dragon's Gold positions set up from what matters, and their position texts.

``kaskaria.setup("dragons-gold", players=3, dragons=[{"card": 4, "treasure": "2 gold, red"}],
screens={0: "3 silver"}, to_move=1)``: the rest is filled in: the dragons on the places not
named (the first cards of the rules table not used elsewhere), the dragon deck (every card
neither on the table nor killed), the bag (every token not placed elsewhere), the item deck, the
adventurers at home face up, what each seat is sure of behind the others' screens (all of it:
every token went behind a screen in the open) and how many replacement dragons were revealed.

A dragon being shared (``killed=place``) gives the split's positions: the negotiated split (the
proposer, the shares handed out so far, who still answers, the proposals left), divide and choose
(the piles, the piles taken), the swap of shares with items, and the thefts that follow (the
thieves still to steal, the robbed player). An open market (``market_open=True``) gives the
market's positions: the players still at the market, their offers left, and an offer being built
or waiting for its answer. See :func:`setup_state` and ``docs/positions.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..positions import (
    PositionError,
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
from .engine import DragonsGold, DragonsGoldState
from .rules import ADVENTURERS, COLOURS

__all__ = ["position_fields", "read_position", "setup_state"]

_TOKEN_INDEX = {c: i for i, c in enumerate(COLOURS)}
_ADVENTURER_INDEX = {a: i for i, a in enumerate(ADVENTURERS)}
_THIEF = _ADVENTURER_INDEX["thief"]
_WIZARD = _ADVENTURER_INDEX["wizard"]
UP, DOWN = -1, -2
_SPLIT_PHASES = ("build", "answer", "divide", "choose", "swap")
_THEFT_PHASES = ("victim", "ward", "pick")
_MARKET = ("market", "offer", "reply")


def at(i: int) -> str:
    """A dragon's place named for both readers: ``place 2 (index 1)``."""
    return f"place {i + 1} (index {i})"


def _tokens(value: Any, what: str) -> list[int]:
    return counted(value, _TOKEN_INDEX, what)


def _sub(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x - y for x, y in zip(a, b, strict=True)]


def _add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


def _seats(value: Any, players: int, what: str) -> list[int]:
    if value.__class__ is int:
        value = [value]
    if not isinstance(value, (list, tuple)):
        fail(f"{what} is a list of seats, got {short(value)}")
    return [check_seat(v, players, f"a seat in {what}") for v in value]


def _attackers(value: Any, players: int, what: str) -> list[tuple[int, int]]:
    """Attackers in the order they were sent: ``[(seat, adventurer), ...]``."""
    if value is None:
        return []
    if not isinstance(value, (list, tuple)):
        fail(
            f"{what} is a list of (seat, adventurer) in the order they were sent, got {short(value)}"
        )
    out = []
    for item in value:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            fail(f"{what} lists (seat, adventurer) pairs, got {short(item)}")
        seat, name = item
        seat = check_seat(seat, players, f"a seat in {what}")
        if name not in _ADVENTURER_INDEX:
            fail(
                f"{short(name, 20)} in {what} is not an adventurer; adventurers are {', '.join(ADVENTURERS)}"
            )
        out.append((seat, _ADVENTURER_INDEX[name]))
    return out


def _card(game: DragonsGold, value: Any, what: str) -> int:
    return whole(
        value,
        f"{what} (a card of the rules table, 0 to {len(game.cards) - 1})",
        0,
        len(game.cards) - 1,
    )


@impossible_positions("Dragon's Gold")
def setup_state(
    game: DragonsGold,
    *,
    dragons: Any = None,
    screens: Any = None,
    items: Any = None,
    discard: Any = None,
    down: Any = None,
    out: Any = None,
    bag: Any = None,
    gone: Any = None,
    drawn: Any = None,
    market_held: Any = None,
    sure: Any = None,
    to_move: Any = None,
    killed: Any = None,
    proposer: Any = None,
    shares: Any = None,
    answering: Any = None,
    proposals: Any = None,
    piles: Any = None,
    taken: Any = None,
    choosing: Any = False,
    swapping: Any = None,
    thieves: Any = None,
    victim: Any = None,
    resume: Any = None,
    market_open: Any = False,
    queue: Any = None,
    offers_left: Any = None,
    offer: Any = None,
    ask: Any = None,
    trade_with: Any = None,
) -> DragonsGoldState:
    """A Dragon's Gold position from what matters (seats, places, piles and the cards of the
    rules table count from 0; in texts they count from 1).

    Tokens are written as the notation writes their colours: a text with counts (``"2 gold,
    red"``), a list of colours or a dict ``{colour: count}``. ``dragons``: the dragon on each of
    the four places (a list, index 0 is place 1, or ``{place: dragon}``; ``None`` for an empty
    place): ``{"card": 4, "treasure": "2 gold, red", "attackers": [(0, "thief"), (2,
    "wizard")]}`` (attackers in the order they were sent) or just the card; places not named get
    the first cards not used elsewhere. ``screens``: the tokens behind each seat's screen;
    ``items``: each seat's magic items; ``discard``: the items played; ``down``: each seat's
    adventurers lying face down at home (the others are at home face up or attacking);
    ``out``: tokens out of the game; ``bag``: the tokens in the bag (default: every token not
    placed elsewhere; if given, the rest goes out of the game); ``gone``: the cards of the dragons
    killed; ``drawn`` and ``market_held``: replacement dragons revealed and whether the market
    was held (both follow from ``gone`` by default); ``sure``: what a seat is sure of behind
    another's screen where it is less than all of it, ``{(seat or "table", player): tokens}``;
    ``to_move``: whose turn it is.

    A dragon being shared: ``killed`` (its place: its attackers share its treasure; the seat of
    its last attacker has the turn); negotiated (basic and advanced): ``proposer`` (default: the
    player to move), ``shares`` (``{seat: tokens}`` handed out so far), ``answering`` (the seats
    still to answer a proposal made) and ``proposals`` (proposals left, default: what the
    proposer's place in the round leaves); divide and choose (the strategic variants): ``piles``
    (the splitter's piles, a list), ``taken`` (``{pile: seat}``) and ``choosing`` (all piles are
    made); with items, ``swapping`` (the seats still to decide whether to swap shares, with the
    agreed ``shares``); thefts: ``thieves`` (the seats whose thief still steals, in order; the
    treasure is shared out) and ``victim`` (whom the first robs). ``resume`` is the engine's own
    bookkeeping of the step after the split (only exact copies of played positions need it).

    The market (``market_open=True``: it is being held now; ``to_move`` is the player whose kill
    revealed the dragon that opened it, and the dragons killed so far default to the first
    cards not on the table, as many as open the market): ``queue`` (the players still at the
    market in the order they decide, the first deciding now; default: everyone, in seat order
    from the player to move), ``offers_left`` (each seat's offers left; default: the option
    ``market_offers``, one fewer for a player whose offer is being made), ``offer`` and ``ask``
    (what the offer of the first in the queue gives and asks for so far) and ``trade_with`` (the
    seat the offer is made to, which answers it now).
    """
    if not isinstance(game, DragonsGold):
        raise TypeError(f"game must be a Dragon's Gold game, got {short(game)}")
    P = game.players
    ncards = len(game.cards)
    nk = game.nk

    # the dragons
    gone_cards = (
        []
        if gone is None
        else [_card(game, c, "gone") for c in (gone if isinstance(gone, (list, tuple)) else [gone])]
    )
    if len(set(gone_cards)) != len(gone_cards):
        fail("a card is listed twice in gone")
    entries: list[Any] = [True] * 4  # True: a default dragon
    if dragons is not None:
        if isinstance(dragons, Mapping):
            for place, entry in dragons.items():
                entries[whole(place, "a place in dragons (0 to 3)", 0, 3)] = entry
        elif isinstance(dragons, (list, tuple)) and len(dragons) <= 4:
            entries[: len(dragons)] = list(dragons)
        else:
            fail(
                f"dragons lists the dragon on each of the four places (or a dict {{place: dragon}}), got {short(dragons)}"
            )
    slots = [-1] * 4
    treasure = [[0] * len(COLOURS) for _ in range(4)]
    fighters: list[list[tuple[int, int]]] = [[] for _ in range(4)]
    used = set(gone_cards)
    for place, entry in enumerate(entries):
        if entry is None or entry is True:
            continue
        if entry.__class__ is int:
            entry = {"card": entry}
        if not isinstance(entry, Mapping) or not set(entry) <= {"card", "treasure", "attackers"}:
            fail(
                f"the dragon at {at(place)} is a card number or a dict with card, treasure and "
                f"attackers, got {short(entry)}"
            )
        if "card" in entry:
            card = _card(game, entry["card"], f"the card at {at(place)}")
            if card in used:
                fail(f"card {card + 1} (index {card}) is used twice (on the table or gone)")
            used.add(card)
            slots[place] = card
        else:
            slots[place] = -3  # a default card, chosen below
        treasure[place] = _tokens(entry.get("treasure"), f"the treasure at {at(place)}")
        fighters[place] = _attackers(entry.get("attackers"), P, f"the attackers at {at(place)}")
    free = [c for c in range(ncards) if c not in used]
    for place, entry in enumerate(entries):
        if entry is True or slots[place] == -3:
            if not free:
                fail(f"no dragon card is left for {at(place)}: all are on the table or gone")
            slots[place] = free.pop(0)
    if market_open not in (True, False):
        fail(f"market_open is True or False, got {short(market_open)}")
    opens_at = max(game.market_at, 1)  # the replacement dragon whose reveal opens the market
    if market_open and gone is None:
        # the dragons killed before the market: as many as were replaced until it opened
        gone_cards, free = free[:opens_at], free[opens_at:]
    deck = sorted(free)

    # the adventurers
    advs = [[UP] * 4 for _ in range(P)]
    for place, codes in enumerate(fighters):
        for seat, a in codes:
            if advs[seat][a] == place:
                fail(
                    f"{who(seat)}'s {ADVENTURERS[a]} is listed twice among the attackers at {at(place)}"
                )
            if advs[seat][a] != UP:
                fail(
                    f"{who(seat)}'s {ADVENTURERS[a]} attacks at two places ({at(advs[seat][a])} and {at(place)})"
                )
            advs[seat][a] = place
    down_lists = per_seat(
        down, P, "down", lambda v, p: _down(v, f"{who(p)}'s face-down adventurers"), []
    )
    for seat, names in enumerate(down_lists):
        for a in names:
            if advs[seat][a] >= 0:
                fail(
                    f"{who(seat)}'s {ADVENTURERS[a]} is face down at home and attacks at {at(advs[seat][a])}"
                )
            advs[seat][a] = DOWN

    # tokens
    screen_rows = per_seat(
        screens, P, "screens", lambda v, p: _tokens(v, f"{who(p)}'s screen"), None
    )
    screen_rows = [r if r is not None else [0] * len(COLOURS) for r in screen_rows]
    out_row = _tokens(out, "out")
    placed = list(out_row)
    for row in (*screen_rows, *treasure):
        placed = _add(placed, row)
    left = _sub(game.tokens, placed)
    for c, n in enumerate(left):
        if n < 0:
            where = [f"{r[c]} on {who(p)}'s screen" for p, r in enumerate(screen_rows) if r[c]]
            where += [f"{t[c]} on the dragon at {at(i)}" for i, t in enumerate(treasure) if t[c]]
            if out_row[c]:
                where.append(f"{out_row[c]} out of the game")
            fail(
                f"{placed[c]} {COLOURS[c]} tokens are placed ({', '.join(where)}); there are {game.tokens[c]}"
            )
    if bag is None:
        bag_row = left
    else:
        bag_row = _tokens(bag, "bag")
        extra = _sub(left, bag_row)
        if min(extra) < 0:
            c = next(c for c, n in enumerate(extra) if n < 0)
            fail(
                f"the bag holds {bag_row[c]} {COLOURS[c]} tokens, but only {left[c]} are not placed elsewhere"
            )
        if out is not None and any(extra):
            fail("out and bag are both given but do not account for every token: give one of them")
        out_row = _add(out_row, extra)

    # items
    names = {n: i for i, n in enumerate(game.item_names)}
    hands = per_seat(items, P, "items", lambda v, p: counted(v, names, f"{who(p)}'s items"), None)
    hands = [h if h is not None else [0] * nk for h in hands]
    discard_row = counted(discard, names, "discard") if discard is not None else [0] * nk
    if not game.use_items:
        if any(map(any, hands)) or any(discard_row):
            fail("this game is played without magic items (option items=False)")
        item_deck = [0] * nk
        discard_row = list(game.item_counts)
    else:
        held = list(discard_row)
        for h in hands:
            held = _add(held, h)
        item_deck = _sub(game.item_counts, held)
        if min(item_deck) < 0:
            k = next(k for k, n in enumerate(item_deck) if n < 0)
            fail(
                f"{held[k]} {game.item_names[k]} items are held or played; there are {game.item_counts[k]}"
            )

    # knowledge
    known = [
        [list(screen_rows[p]) if s != p else [0] * len(COLOURS) for p in range(P)]
        for s in range(P + 1)
    ]
    if sure is not None:
        if not isinstance(sure, Mapping):
            fail(f"sure is a dict {{(seat or 'table', player): tokens}}, got {short(sure)}")
        for key, value in sure.items():
            if not isinstance(key, tuple) or len(key) != 2:
                fail(f"a key of sure is (seat or 'table', player), got {short(key)}")
            s = P if key[0] == "table" else check_seat(key[0], P, "the seat that is sure")
            p = check_seat(key[1], P, "the player whose screen it is")
            if s == p:
                fail(f"{who(p)} sees their own screen: sure is about the others'")
            row = _tokens(value, f"what is sure of {who(p)}'s screen")
            if any(x > y for x, y in zip(row, screen_rows[p], strict=True)):
                fail(
                    f"{'the table' if s == P else who(s)} is sure of tokens that are not behind {who(p)}'s screen"
                )
            known[s][p] = row

    # replacements and the market
    empty = slots.count(-1)
    revealed = (
        max(0, len(gone_cards) - empty) if drawn is None else whole(drawn, "drawn", 0, ncards)
    )
    held_market = revealed >= game.market_at if market_held is None else market_held
    if held_market not in (True, False):
        fail(f"market_held is True or False, got {short(market_held)}")
    if market_open:
        if market_held is False:
            fail("the market is open: it is being held (market_held cannot be False)")
        held_market = True
        if revealed < opens_at:
            fail(
                f"the market opens as replacement dragon {opens_at} comes out: {revealed} were "
                f"revealed (give gone, the {opens_at} dragons killed before it, or drawn)"
            )
    if empty and deck and any(bag_row) and killed is None:
        i = slots.index(-1)
        fail(
            f"{at(i)} is empty, but the deck holds dragons and the bag tokens: a new dragon "
            "would have been revealed there (an empty place stays only once the deck or the bag "
            "is empty)"
        )

    # the phase and its context
    b: dict[str, Any] = {
        "involved": [],
        "parts": [],
        "budget": 0,
        "proposer": -1,
        "order": [],
        "owners": [],
        "thieves": [],
        "victim": -1,
        "target": -1,
        "resume": "",
    }
    split_words = {
        "proposer": proposer,
        "shares": shares,
        "answering": answering,
        "proposals": proposals,
        "piles": piles,
        "taken": taken,
        "swapping": swapping,
        "thieves": thieves,
        "victim": victim,
    }
    market_words = {
        "queue": queue,
        "offers_left": offers_left,
        "offer": offer,
        "ask": ask,
        "trade_with": trade_with,
    }
    if not market_open:
        given = [k for k, v in market_words.items() if v is not None]
        if given:
            fail(f"{', '.join(given)} describes the market: say market_open=True")
    if killed is None:
        given = [k for k, v in split_words.items() if v is not None]
        if given or choosing:
            fail(
                f"{', '.join(given) or 'choosing'} describes a dragon being shared: name it with killed=<place>"
            )
        if resume not in (None, ""):
            fail("resume is bookkeeping of a dragon being shared (killed=<place>)")
        phase = "over" if all(s < 0 for s in slots) else "turn"
        turn = game.first_player if to_move is None else check_seat(to_move, P, "to_move")
        if market_open:
            if phase == "over":
                fail("the market is held while dragons are on the table, not once the game is over")
            phase = _market(game, b, turn, market_words, screen_rows, known)
    elif market_open:
        fail("the market opens after a dragon is shared and replaced, not while it is (killed)")
    else:
        phase, turn = _kill(
            game,
            b,
            killed,
            slots,
            treasure,
            fighters,
            screen_rows,
            hands,
            to_move,
            split_words,
            choosing,
            resume,
        )

    # the fields of a new game (the market's and any other context: empty), then the position
    data = game.new_state().to_dict()
    data.update(
        {
            "phase": phase,
            "turn": turn,
            "slots": slots,
            "treasure": treasure,
            "fighters": [[4 * s + a for s, a in codes] for codes in fighters],
            "advs": advs,
            "deck": deck,
            "gone": sorted(gone_cards),
            "drawn": revealed,
            "market": int(held_market),
            "bag": bag_row,
            "out": out_row,
            "screens": screen_rows,
            "known": known,
            "hands": hands,
            "item_deck": item_deck,
            "discard": discard_row,
            "pending": 0,
            "items_due": [],
            **b,
        }
    )
    try:
        return game.state_from_dict(data)
    except PositionError:
        raise
    except ValueError as err:
        fail(str(err))


def _market(
    game: DragonsGold,
    b: dict[str, Any],
    turn: int,
    words: dict[str, Any],
    screens: list[list[int]],
    known: list[list[list[int]]],
) -> str:
    """The phase and the context of the market (it is open)."""
    P = game.players
    most = game.market_offers
    if not most:
        fail("with no trade offers (option market_offers=0) the market is never held")
    if words["queue"] is None:
        queue = [(turn + i) % P for i in range(P)]
    else:
        queue = _seats(words["queue"], P, "queue")
    n = len(queue)
    if not queue:
        fail("queue lists the players still at the market, the one deciding first")
    if len(set(queue)) != n:
        fail("a player is listed twice in queue")
    if n > 1 and sum(queue[(i + 1) % n] < queue[i] for i in range(n)) != 1:
        fail(
            "the market's queue goes round the table in seat order (whoever has made an offer "
            "goes to the back), got " + ", ".join(who(p) for p in queue)
        )
    maker = queue[0]
    given = _tokens(words["offer"], "offer")
    asked = _tokens(words["ask"], "ask")
    partner = -1
    if words["trade_with"] is not None:
        partner = check_seat(words["trade_with"], P, "trade_with")
        if partner == maker:
            fail(f"{who(maker)} makes the offer and trades with another player, not with itself")
    phase = "reply" if partner >= 0 else "offer" if any(given) or any(asked) else "market"
    if phase == "reply" and not (any(given) and any(asked)):
        fail("an offer is made to a player (trade_with) once it gives something and asks something")
    both = next((c for c in range(len(COLOURS)) if given[c] and asked[c]), None)
    if both is not None:
        fail(f"an offer gives or asks for {COLOURS[both]} tokens, not both")
    over = next((c for c in range(len(COLOURS)) if given[c] > screens[maker][c]), None)
    if over is not None:
        fail(
            f"{who(maker)} offers {given[over]} {COLOURS[over]} tokens and holds "
            f"{screens[maker][over]}: an offer gives only tokens its maker holds"
        )
    if phase == "offer":
        others = [0] * len(COLOURS)
        for q in range(P):
            if q != maker:
                others = _add(others, screens[q])
        over = next((c for c in range(len(COLOURS)) if asked[c] > others[c]), None)
        if over is not None:
            fail(
                f"{who(maker)} asks for {asked[over]} {COLOURS[over]} tokens; the other players "
                f"hold {others[over]} between them"
            )
    start = 0 if phase == "market" else 1  # an offer started counts against its maker's offers
    if words["offers_left"] is None:
        left = [most - (start if p == maker else 0) for p in range(P)]
    else:
        left = per_seat(
            words["offers_left"],
            P,
            "offers_left",
            lambda v, p: whole(v, f"{who(p)}'s offers left", 0, most),
            most,
        )
    if left[maker] > most - start:
        fail(
            f"{who(maker)}'s offer being made counts against its {most} offers: it has at most "
            f"{most - start} left"
        )
    waiting = next((q for q in queue[1:] if not left[q]), None)
    if waiting is not None:
        fail(
            f"{who(waiting)} waits in the queue with no offers left (a player whose offers are "
            "used up leaves the market)"
        )
    for s in range(P + 1):
        if s != maker and any(x < y for x, y in zip(known[s][maker], given, strict=True)):
            fail(
                f"everyone saw {who(maker)} offer {write_counted(given, COLOURS)}: "
                f"{'the table' if s == P else who(s)} is sure of at least that behind its screen"
            )
    b.update(order=queue, offers=left, offer=given, ask=asked, partner=partner)
    return phase


def _down(value: Any, what: str) -> list[int]:
    if isinstance(value, str):
        value = [w.strip() for w in value.replace(",", " ").split()]
    if not isinstance(value, (list, tuple)):
        fail(f"{what} is a list of adventurers, got {short(value)}")
    out = []
    for name in value:
        if name not in _ADVENTURER_INDEX:
            fail(
                f"{short(name, 20)} in {what} is not an adventurer; adventurers are {', '.join(ADVENTURERS)}"
            )
        out.append(_ADVENTURER_INDEX[name])
    return out


def _ranked(game: DragonsGold, codes: Sequence[tuple[int, int]]) -> list[int]:
    """The involved seats, strongest first (equal strength: who attacked first): the last one
    splits, the others choose in this order."""
    strength: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, (p, a) in enumerate(codes):
        strength[p] = strength.get(p, 0) + game.strengths[a]
        first.setdefault(p, i)
    return sorted(strength, key=lambda p: (-strength[p], first[p]))


def _kill(
    game: DragonsGold,
    b: dict[str, Any],
    killed: Any,
    slots: list[int],
    treasure: list[list[int]],
    fighters: list[list[tuple[int, int]]],
    screens: list[list[int]],
    hands: list[list[int]],
    to_move: Any,
    words: dict[str, Any],
    choosing: Any,
    resume: Any,
) -> tuple[str, int]:
    """The phase, the player to move and the context of a dragon being shared."""
    P = game.players
    place = whole(killed, "killed (the place of the dragon being shared, 0 to 3)", 0, 3)
    if slots[place] < 0:
        fail(f"no dragon lies at {at(place)} to be shared")
    codes = fighters[place]
    card = game.cards[slots[place]]
    strength = sum(game.strengths[a] for _, a in codes)
    if not codes or strength < card.strength:
        fail(
            f"the dragon at {at(place)} (strength {card.strength}) is killed only by attackers of "
            f"at least that strength; its attackers have {strength}"
        )
    killer = codes[-1][0]
    turn = killer if to_move is None else check_seat(to_move, P, "to_move")
    if turn != killer:
        fail(
            f"{who(killer)} sent the last attacker to {at(place)} and killed the dragon: it is their turn"
        )
    involved = sorted({p for p, _ in codes})
    n = len(involved)
    pot = treasure[place]
    b.update(target=place, involved=involved)
    if choosing not in (True, False):
        fail(f"choosing is True or False, got {short(choosing)}")

    def check_parts(parts: list[list[int]], what: str, whole_pot: bool) -> None:
        total = [0] * len(COLOURS)
        for part in parts:
            total = _add(total, part)
        over = next((c for c in range(len(COLOURS)) if total[c] > pot[c]), None)
        if over is not None:
            fail(
                f"the {what} hold {total[over]} {COLOURS[over]} tokens; the treasure holds {pot[over]}"
            )
        if whole_pot and total != pot:
            fail(f"every token of the treasure is in the {what} by now")

    def shares_of(whole_pot: bool) -> list[list[int]]:
        given = per_seat(
            words["shares"], P, "shares", lambda v, p: _tokens(v, f"{who(p)}'s share"), None
        )
        for p, part in enumerate(given):
            if part is not None and p not in involved:
                fail(f"{who(p)} did not attack this dragon and gets no share")
        parts = [given[p] if given[p] is not None else [0] * len(COLOURS) for p in involved]
        check_parts(parts, "shares", whole_pot)
        return parts

    thief_words = words["thieves"] is not None or words["victim"] is not None
    if thief_words:
        for key in ("proposer", "shares", "answering", "proposals", "piles", "taken", "swapping"):
            if words[key] is not None:
                fail(f"{key} belongs to the split, which is over once thieves steal")
        if any(pot):
            fail(
                f"thieves steal once the treasure at {at(place)} is shared out: give it to the screens (or out)"
            )
        if n < 2:
            fail("thieves steal only when several players killed the dragon together")
        queue = _seats(words["thieves"] if words["thieves"] is not None else [], P, "thieves")
        if not queue:
            fail("name the thieves still to steal (thieves=[seat, ...])")
        order = [p for p, a in codes if a == _THIEF]
        if queue != order[len(order) - len(queue) :]:
            fail(
                "thieves lists the seats whose thief still steals, in the order they attacked "
                f"(the thieves at {at(place)}: {', '.join(who(p) for p in order) or 'none'})"
            )
        t = queue[0]
        b["thieves"] = queue
        b["resume"] = "thefts" if resume is None else resume
        if words["victim"] is None:
            return "victim", turn
        v = check_seat(words["victim"], P, "victim")
        if v == t or v not in involved:
            fail(f"the victim is another player who attacked this dragon, not {who(v)}")
        if not any(screens[v]):
            fail(f"{who(v)} has no token to steal")
        b["victim"] = v
        if (t, _WIZARD) in codes:
            return "pick", turn
        if game.use_items and any(hands[v]):
            return "ward", turn
        fail(
            "with the victim named, the stolen token is drawn at random (a chance step, not a "
            "position): name only the thieves, or give the victim a ward to choose with"
        )

    if n < 2:
        fail(
            "a lone attacker takes the whole treasure at once: a split needs two or more attackers"
        )
    b["resume"] = "kill" if resume is None else resume
    if words["swapping"] is not None:
        for key in ("proposer", "answering", "proposals", "piles", "taken"):
            if words[key] is not None:
                fail(f"{key} belongs to the split, which is agreed once shares are swapped")
        order = _seats(words["swapping"], P, "swapping")
        if not order:
            fail("swapping lists the seats still to decide whether to swap shares")
        seats = [(turn + i) % P for i in range(P)]
        if order != [p for p in seats if p in order] or any(not any(hands[p]) for p in order):
            fail("swapping lists seats holding items, in seat order from the player to move")
        b.update(parts=shares_of(True), order=order)
        return "swap", turn

    if game.strategic:
        for key in ("proposer", "shares", "answering", "proposals"):
            if words[key] is not None:
                fail(
                    f"{key} belongs to a negotiated split; this variant divides and chooses (piles, taken)"
                )
        ranked = _ranked(game, codes)
        splitter, choosers = ranked[-1], ranked[:-1]
        given = words["piles"] if words["piles"] is not None else []
        if not isinstance(given, (list, tuple)) or len(given) > n:
            fail(f"piles lists at most {n} piles (one per player sharing), got {short(given)}")
        parts = [_tokens(p, f"pile {i + 1} (index {i})") for i, p in enumerate(given)]
        parts += [[0] * len(COLOURS) for _ in range(n - len(parts))]
        owners = [-1] * n
        if words["taken"] is not None:
            if not isinstance(words["taken"], Mapping):
                fail(f"taken is a dict {{pile: seat}}, got {short(words['taken'])}")
            for pile, seat in words["taken"].items():
                owners[whole(pile, f"a pile in taken (0 to {n - 1})", 0, n - 1)] = check_seat(
                    seat, P, "a seat in taken"
                )
        chose = [o for o in owners if o >= 0]
        if sorted(chose) != sorted(choosers[: len(chose)]) or len(set(chose)) != len(chose):
            fail(
                "the piles are taken strongest attacker first: "
                + ", ".join(who(p) for p in choosers)
                + f"; {who(splitter)} made them and takes the last"
            )
        b.update(proposer=splitter, parts=parts, owners=owners)
        if choosing or chose:
            check_parts(parts, "piles", True)
            b["order"] = choosers[len(chose) :]
            return "choose", turn
        check_parts(parts, "piles", False)
        b["order"] = choosers
        return "divide", turn

    for key in ("piles", "taken"):
        if words[key] is not None:
            fail(
                f"{key} belongs to divide and choose (the strategic variants); this split is negotiated"
            )
    if choosing:
        fail("choosing belongs to divide and choose (the strategic variants)")
    start = involved.index(turn)
    if words["proposer"] is None:
        first = turn
    else:
        first = check_seat(words["proposer"], P, "proposer")
        if first not in involved:
            fail(f"the proposer is one of the players sharing, not {who(first)}")
    refused = (involved.index(first) - start) % n
    if words["proposals"] is None:
        budget = game.proposals - refused
    else:
        budget = whole(words["proposals"], "proposals (left)", 1, game.proposals)
        if (game.proposals - budget) % n != refused:
            fail(
                f"with {budget} of {game.proposals} proposals left the proposer is "
                f"{who(involved[(start + game.proposals - budget) % n])} (proposing goes round from "
                f"{who(turn)}), not {who(first)}"
            )
    if budget < 1:
        fail(f"{who(first)} never proposes: the {game.proposals} proposals run out before")
    b.update(proposer=first, budget=budget)
    if words["answering"] is not None:
        order = _seats(words["answering"], P, "answering")
        after = [(first + i) % P for i in range(1, P)]
        full = [p for p in after if p in involved]
        if not order or order != full[len(full) - len(order) :]:
            fail(
                "answering lists the players still to answer the proposal, in seat order after "
                f"the proposer ({', '.join(who(p) for p in full)})"
            )
        b.update(parts=shares_of(True), order=order)
        return "answer", turn
    b["parts"] = shares_of(False)
    return "build", turn


# ---------------------------------------------------------------------------------------------
# Position texts
# ---------------------------------------------------------------------------------------------
_FORMS = {
    "turn": "turn <seat>",
    "dragon": "dragon <place>: card <n>, <tokens> (or -)",
    "attackers": "attackers <place>: <adventurer> of <seat>, ...",
    "screen": "screen <seat>: <tokens>",
    "items": "items <seat>: <item>, ...",
    "discard": "discard: <item>, ...",
    "down": "down <seat>: <adventurer>, ...",
    "out": "out: <tokens>",
    "bag": "bag: <tokens>",
    "gone": "gone <card> ...",
    "drawn": "drawn <number>",
    "market": "market open (or: market held, market ahead)",
    "sure": "sure <seat or table> of <seat>: <tokens>",
    "killed": "killed <place>",
    "proposer": "proposer <seat>",
    "proposals": "proposals <left>",
    "share": "share <seat>: <tokens>",
    "answering": "answering <seat> ...",
    "pile": "pile <k>: <tokens> (taken: pile <k> for <seat>: <tokens>)",
    "choosing": "choosing",
    "swapping": "swapping <seat> ...",
    "thieves": "thieves <seat> ...",
    "victim": "victim <seat>",
    "resume": "resume <step>",
    "queue": "queue <seat> ...",
    "offers-left": "offers-left <n per seat>",
    "offer": "offer: <tokens>",
    "ask": "ask: <tokens>",
    "trade": "trade with <seat>",
}


def position_fields(state: DragonsGoldState) -> list[str]:
    """The fields of ``state``'s position text (see ``docs/positions.md``)."""
    game = state.game
    P = game.players
    phase = state.phase
    out = [f"turn {state.turn + 1}"]
    for i in range(4):
        c = state.slots[i]
        if c < 0:
            out.append(f"dragon {i + 1}: -")
            continue
        tokens = write_counted(state.treasure[i], COLOURS)
        out.append(f"dragon {i + 1}: card {c + 1}" + (f", {tokens}" if tokens != "-" else ""))
        if state.fighters[i]:
            shown = ", ".join(f"{ADVENTURERS[f % 4]} of {f // 4 + 1}" for f in state.fighters[i])
            out.append(f"attackers {i + 1}: {shown}")
    for p in range(P):
        if any(state.screens[p]):
            out.append(f"screen {p + 1}: {write_counted(state.screens[p], COLOURS)}")
    if game.use_items:
        for p in range(P):
            if any(state.hands[p]):
                out.append(f"items {p + 1}: {write_counted(state.hands[p], game.item_names)}")
        if any(state.discard):
            out.append(f"discard: {write_counted(state.discard, game.item_names)}")
    for p in range(P):
        down = [ADVENTURERS[a] for a in range(4) if state.advs[p][a] == DOWN]
        if down:
            out.append(f"down {p + 1}: {', '.join(down)}")
    if any(state.out):
        out.append(f"out: {write_counted(state.out, COLOURS)}")
    if state.gone:
        out.append("gone " + " ".join(str(c + 1) for c in state.gone))
    empty = state.slots.count(-1)
    revealed = max(0, len(state.gone) - empty)
    if state.drawn != revealed:
        out.append(f"drawn {state.drawn}")
    if phase in _MARKET:
        out.append("market open")
    elif bool(state.market) != (state.drawn >= game.market_at):
        out.append("market held" if state.market else "market ahead")
    for s in range(P + 1):
        for p in range(P):
            if s != p and state.known[s][p] != state.screens[p]:
                who_s = "table" if s == P else str(s + 1)
                out.append(f"sure {who_s} of {p + 1}: {write_counted(state.known[s][p], COLOURS)}")
    if phase in _SPLIT_PHASES or phase in _THEFT_PHASES:
        out += _kill_fields(state)
    elif phase in _MARKET:
        out += _market_fields(state)
    return out


def _market_fields(state: DragonsGoldState) -> list[str]:
    """The fields of a position at the market: what differs from its defaults (the queue of
    everyone from the player to move, the offers of the option, one fewer for an offer's
    maker) and the offer being made."""
    game = state.game
    P = game.players
    out = []
    maker = state.order[0]
    if list(state.order) != [(state.turn + i) % P for i in range(P)]:
        out.append("queue " + " ".join(str(p + 1) for p in state.order))
    start = 0 if state.phase == "market" else 1
    if list(state.offers) != [game.market_offers - (start if p == maker else 0) for p in range(P)]:
        out.append("offers-left " + " ".join(str(n) for n in state.offers))
    if any(state.offer):
        out.append(f"offer: {write_counted(state.offer, COLOURS)}")
    if any(state.ask):
        out.append(f"ask: {write_counted(state.ask, COLOURS)}")
    if state.partner >= 0:
        out.append(f"trade with {state.partner + 1}")
    return out


def _kill_fields(state: DragonsGoldState) -> list[str]:
    game = state.game
    phase = state.phase
    out = [f"killed {state.target + 1}"]
    involved = state.involved
    if phase in _THEFT_PHASES:
        out.append("thieves " + " ".join(str(t + 1) for t in state.thieves))
        if state.victim >= 0:
            out.append(f"victim {state.victim + 1}")
        if state.resume != "thefts":
            out.append(f"resume {state.resume}")
        return out
    if state.resume != "kill":
        out.append(f"resume {state.resume}")
    if phase in ("build", "answer", "swap"):
        for p, part in zip(involved, state.parts, strict=True):
            if any(part):
                out.append(f"share {p + 1}: {write_counted(part, COLOURS)}")
    if phase == "swap":
        out.append("swapping " + " ".join(str(p + 1) for p in state.order))
    elif phase in ("build", "answer"):
        out.append(f"proposer {state.proposer + 1}")
        n = len(involved)
        refused = (involved.index(state.proposer) - involved.index(state.turn)) % n
        if state.budget != game.proposals - refused:
            out.append(f"proposals {state.budget}")
        if phase == "answer":
            out.append("answering " + " ".join(str(p + 1) for p in state.order))
    else:  # divide, choose
        for k, (part, owner) in enumerate(zip(state.parts, state.owners, strict=True)):
            if any(part) or owner >= 0:
                taker = f" for {owner + 1}" if owner >= 0 else ""
                out.append(f"pile {k + 1}{taker}: {write_counted(part, COLOURS)}")
        if phase == "choose" and all(o < 0 for o in state.owners):
            out.append("choosing")
    return out


def read_position(game: DragonsGold, fields: Sequence[PositionField]) -> DragonsGoldState:
    """The state the fields of a position text describe."""
    group = fields_by_key(fields, _FORMS, game.title)
    P = game.players
    what: dict[str, Any] = {}
    f: PositionField | None
    value: str | None

    def one_word(key: str) -> str | None:
        f = single(group, key, _FORMS[key])
        if f is None:
            return None
        words = no_value(f, _FORMS[key])
        if len(words) != 1:
            fail(f"{f.quoted()}: write {_FORMS[key]}")
        return words[0]

    def seat_list(key: str) -> list[int] | None:
        f = single(group, key, _FORMS[key])
        if f is None:
            return None
        return [seat_of_text(w, P, key) for w in no_value(f, _FORMS[key])]

    def per_seat_values(key: str) -> dict[int, str]:
        found: dict[int, str] = {}
        for f in group.get(key, []):
            value = with_value(f, _FORMS[key], 1)
            p = seat_of_text(f.args[0], P, key)
            if p in found:
                fail(f"{key} {p + 1} is given twice")
            found[p] = value
        return found

    word = one_word("turn")
    if word is not None:
        what["to_move"] = seat_of_text(word, P, "turn")
    dragons: dict[int, Any] = {}
    for f in group.get("dragon", []):
        value = with_value(f, _FORMS["dragon"], 1)
        place = number(f.args[0], "a dragon's place", 1, 4) - 1
        if place in dragons:
            fail(f"dragon {place + 1} is given twice")
        if value == "-":
            dragons[place] = None
            continue
        first, _, rest = value.partition(",")
        words = first.split()
        if len(words) != 2 or words[0] != "card":
            fail(f"{f.quoted()}: write {_FORMS['dragon']}")
        dragons[place] = {
            "card": number(words[1], "a dragon card", 1, len(game.cards)) - 1,
            "treasure": rest,
        }
    for f in group.get("attackers", []):
        value = with_value(f, _FORMS["attackers"], 1)
        place = number(f.args[0], "a dragon's place", 1, 4) - 1
        entry = dragons.get(place)
        if not isinstance(entry, dict):
            fail(
                f"{f.quoted()}: attackers need a dragon at place {place + 1} (dragon {place + 1}: card <n>, ...)"
            )
        if "attackers" in entry:
            fail(f"the attackers at place {place + 1} are given twice")
        pairs = []
        for item in value.split(","):
            words = item.split()
            if len(words) != 3 or words[1] != "of":
                fail(f"{f.quoted()}: write {_FORMS['attackers']}")
            pairs.append((seat_of_text(words[2], P, "an attacker's seat"), words[0]))
        entry["attackers"] = pairs
    if dragons:
        what["dragons"] = dragons
    for key, name in (("screen", "screens"), ("items", "items"), ("down", "down")):
        found = per_seat_values(key)
        if found:
            what[name] = found
    for key in ("discard", "out", "bag"):
        f = single(group, key, _FORMS[key])
        if f is not None:
            what[key] = with_value(f, _FORMS[key], 0)
    f = single(group, "gone", _FORMS["gone"])
    if f is not None:
        what["gone"] = [
            number(w, "a gone card", 1, len(game.cards)) - 1 for w in no_value(f, _FORMS["gone"])
        ]
    word = one_word("drawn")
    if word is not None:
        what["drawn"] = number(word, "drawn")
    word = one_word("market")
    if word is not None:
        if word not in ("open", "held", "ahead"):
            fail(f"write {_FORMS['market']}")
        if word == "open":
            what["market_open"] = True
        else:
            what["market_held"] = word == "held"
    sure: dict[tuple[Any, int], str] = {}
    for f in group.get("sure", []):
        value = f.value
        if value is None or len(f.args) != 3 or f.args[1] != "of":
            fail(f"{f.quoted()}: write {_FORMS['sure']}")
        s: Any = "table" if f.args[0] == "table" else seat_of_text(f.args[0], P, "sure")
        p = seat_of_text(f.args[2], P, "sure ... of")
        if (s, p) in sure:
            fail(f"{f.quoted()} is given twice")
        sure[s, p] = value
    if sure:
        what["sure"] = sure
    word = one_word("killed")
    if word is not None:
        what["killed"] = number(word, "killed (a place)", 1, 4) - 1
    for key in ("proposer", "victim"):
        word = one_word(key)
        if word is not None:
            what[key] = seat_of_text(word, P, key)
    word = one_word("proposals")
    if word is not None:
        what["proposals"] = number(word, "proposals")
    shares = per_seat_values("share")
    if shares:
        what["shares"] = shares
    for key in ("answering", "swapping", "thieves"):
        seats = seat_list(key)
        if seats is not None:
            what[key] = seats
    piles: dict[int, str] = {}
    taken: dict[int, int] = {}
    for f in group.get("pile", []):
        if (
            f.value is None
            or len(f.args) not in (1, 3)
            or (len(f.args) == 3 and f.args[1] != "for")
        ):
            fail(f"{f.quoted()}: write {_FORMS['pile']}")
        k = number(f.args[0], "a pile", 1, P) - 1
        if k in piles:
            fail(f"pile {k + 1} is given twice")
        piles[k] = f.value
        if len(f.args) == 3:
            taken[k] = seat_of_text(f.args[2], P, "pile ... for")
    if piles:
        what["piles"] = [piles.get(k, "-") for k in range(max(piles) + 1)]
    if taken:
        what["taken"] = taken
    f = single(group, "choosing", _FORMS["choosing"])
    if f is not None:
        if f.args or f.value is not None:
            fail(f"{f.quoted()}: write {_FORMS['choosing']}")
        what["choosing"] = True
    word = one_word("resume")
    if word is not None:
        what["resume"] = word
    seats = seat_list("queue")
    if seats is not None:
        what["queue"] = seats
    f = single(group, "offers-left", _FORMS["offers-left"])
    if f is not None:
        what["offers_left"] = numbers(
            no_value(f, _FORMS["offers-left"]), "offers-left", P, 0, game.market_offers
        )
    for key in ("offer", "ask"):
        f = single(group, key, _FORMS[key])
        if f is not None:
            what[key] = with_value(f, _FORMS[key], 0)
    f = single(group, "trade", _FORMS["trade"])
    if f is not None:
        partner = no_value(f, _FORMS["trade"])
        if len(partner) != 2 or partner[0] != "with":
            fail(f"{f.quoted()}: write {_FORMS['trade']}")
        what["trade_with"] = seat_of_text(partner[1], P, "trade with")
    return setup_state(game, **what)
