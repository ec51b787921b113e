"""Dragon's Gold's transitions: the steps of each decision and chance outcome, and the automatic
steps between decisions, worked on a mutable copy of a state's fields."""

from __future__ import annotations

from operator import sub
from typing import TYPE_CHECKING, Any

from ..core import Action
from .pieces import (
    _AI,
    _CI,
    DOWN,
    RED,
    THIEF,
    UP,
    WIZARD,
    ZERO,
    _add,
    _floor_sub,
    _one,
    _put,
    _sub,
)

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DragonsGold
    from .state import DragonsGoldState

# ---------------------------------------------------------------------------------------------
# Transitions on a mutable copy of the fields
# ---------------------------------------------------------------------------------------------
#: the context of a phase, cleared when a turn starts
_TURN_RESET: dict[str, Any] = {
    "involved": (),
    "parts": (),
    "budget": 0,
    "proposer": -1,
    "order": (),
    "owners": (),
    "thieves": (),
    "victim": -1,
    "resume": "",
    "target": -1,
    "pending": 0,
}


class _Flow:
    """The automatic steps between decisions, on a dict of the state's fields."""

    __slots__ = ("g", "b")

    def __init__(self, game: DragonsGold, b: dict[str, Any]) -> None:
        self.g, self.b = game, b

    # -- knowledge ---------------------------------------------------------------------------
    def public_gain(self, p: int, vec: tuple[int, ...]) -> None:
        b = self.b
        b["known"] = tuple(
            row if s == p else _put(row, p, _add(row[p], vec)) for s, row in enumerate(b["known"])
        )

    def public_loss(self, p: int, vec: tuple[int, ...]) -> None:
        b = self.b
        b["known"] = tuple(
            row if s == p else _put(row, p, _floor_sub(row[p], vec))
            for s, row in enumerate(b["known"])
        )

    def give(self, p: int, vec: tuple[int, ...]) -> None:
        """Tokens from the table go behind ``p``'s screen, seen by everyone."""
        b = self.b
        b["screens"] = _put(b["screens"], p, _add(b["screens"][p], vec))
        self.public_gain(p, vec)

    # -- revealing dragons -------------------------------------------------------------------
    def can_reveal(self) -> bool:
        b = self.b
        return bool(b["deck"]) and sum(b["bag"]) > 0

    def reveal_or_next(self, slot: int) -> None:
        """Set-up: reveal a dragon onto ``slot`` (or the next steps when none can come)."""
        b = self.b
        if slot < 4 and self.can_reveal():
            b["phase"], b["target"], b["resume"] = "card", slot, "setup"
            return
        self.after_setup()

    def after_setup(self) -> None:
        b, g = self.b, self.g
        n = g.rules.items_dealt_advanced.value
        if g.advanced and g.use_items and n:
            P = g.players
            b["items_due"] = tuple(((g.first_player + i) % P, n) for i in range(P))
            b["resume"] = "start"
            self.run_items()
        else:
            self.start_turn(g.first_player)

    def after_card(self, card: int) -> None:
        b = self.b
        slot = b["target"]
        b["slots"] = _put(b["slots"], slot, card)
        deck = b["deck"]
        i = deck.index(card)
        b["deck"] = deck[:i] + deck[i + 1 :]
        if b["resume"] == "replace":
            b["drawn"] += 1
        self.draw_tokens(self.g.cards[card].known)

    def draw_tokens(self, n: int) -> None:
        b = self.b
        n = min(n, sum(b["bag"]))
        if n:
            b["phase"], b["pending"] = "token", n
            return
        self.after_tokens()

    def after_tokens(self) -> None:
        b = self.b
        b["pending"] = 0
        resume = b["resume"]
        if resume == "setup":
            self.reveal_or_next(b["target"] + 1)
        elif resume == "kill":
            self.resolve_kill()
        else:  # "replace"
            self.after_replace()

    # -- turns -------------------------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        b, g = self.b, self.g
        P = g.players
        b.update(_TURN_RESET)
        if max(b["slots"]) < 0:  # no dragon left on the table
            b["phase"] = "over"
            return
        if UP in b["advs"][seat]:  # the usual case: the seat has an adventurer ready
            b["turn"], b["phase"] = seat, "turn"
            return
        for _attempt in range(2):
            advs = list(b["advs"])
            for i in range(P):
                p = (seat + i) % P
                mine = advs[p]
                if UP not in mine and DOWN in mine:
                    advs[p] = tuple(UP if a == DOWN else a for a in mine)
                if UP in advs[p]:
                    b["advs"] = tuple(advs)
                    b["turn"], b["phase"] = p, "turn"
                    return
            # every adventurer of every player is fighting and no dragon fell: they all come
            # home face down (a reading: the rulebook's turns would otherwise stop for good)
            b["fighters"] = ((),) * 4
            b["advs"] = tuple((DOWN,) * 4 for _ in range(P))
        raise AssertionError("no player can move")  # pragma: no cover

    def send(self, p: int, a: int, slot: int) -> None:
        b, g = self.b, self.g
        advs = b["advs"]
        mine = advs[p]
        b["advs"] = advs = advs[:p] + (mine[:a] + (slot,) + mine[a + 1 :],) + advs[p + 1 :]
        all_fighters = b["fighters"]
        fighters = all_fighters[slot] + (p * 4 + a,)
        b["fighters"] = all_fighters[:slot] + (fighters,) + all_fighters[slot + 1 :]
        card = g.cards[b["slots"][slot]]
        if sum(map(g.strength_of, fighters)) >= card.strength:
            b["target"], b["resume"] = slot, "kill"
            self.draw_tokens(card.hidden)
            return
        seat = p + 1 if p + 1 < g.players else 0
        if UP in advs[seat]:  # start_turn's usual case (a dragon is on the table: p's)
            b.update(_TURN_RESET)
            b["turn"], b["phase"] = seat, "turn"
        else:
            self.start_turn(seat)

    # -- a kill ------------------------------------------------------------------------------
    def fighters_of(self) -> tuple[int, ...]:
        return self.b["fighters"][self.b["target"]]

    def resolve_kill(self) -> None:
        b, g = self.b, self.g
        slot = b["target"]
        codes = self.fighters_of()
        involved = tuple(sorted({c // 4 for c in codes}))
        wizards = [c // 4 for c in codes if c % 4 == WIZARD]
        b["involved"] = involved
        pot = b["treasure"][slot]
        b["items_due"] = ()
        if len(involved) == 1:
            p = involved[0]
            self.give(p, pot)
            b["treasure"] = _put(b["treasure"], slot, ZERO)
            if wizards and pot[RED] and g.use_items:
                b["items_due"] = ((p, pot[RED]),)
            b["resume"] = "thefts"
            self.run_items()
            return
        if not g.advanced and len(wizards) == 1 and pot[RED]:
            w = wizards[0]
            reds = _one(RED)
            reds = tuple(pot[RED] * x for x in reds)
            self.give(w, reds)
            b["treasure"] = _put(b["treasure"], slot, _sub(pot, reds))
            if g.use_items:
                b["items_due"] = ((w, pot[RED]),)
            b["resume"] = "split"
            self.run_items()
            return
        self.begin_split()

    def begin_split(self) -> None:
        b, g = self.b, self.g
        pot = b["treasure"][b["target"]]
        involved = b["involved"]
        if not any(pot):
            self.begin_thefts()
            return
        n = len(involved)
        b["parts"] = (ZERO,) * n
        if not g.strategic:
            b["phase"], b["proposer"], b["budget"] = "build", b["turn"], g.proposals
            return
        strength, first = self.contributions()
        # strongest first; equal strength: who played first counts as stronger
        ranked = sorted(involved, key=lambda p: (-strength[p], first[p]))
        b["proposer"] = ranked[-1]
        b["order"] = tuple(ranked[:-1])
        b["owners"] = (-1,) * n
        b["phase"] = "divide"

    def contributions(self) -> tuple[dict[int, int], dict[int, int]]:
        strength: dict[int, int] = {}
        first: dict[int, int] = {}
        for i, c in enumerate(self.fighters_of()):
            p = c // 4
            strength[p] = strength.get(p, 0) + self.g.strengths[c % 4]
            first.setdefault(p, i)
        return strength, first

    def fail_split(self) -> None:
        b = self.b
        slot = b["target"]
        b["out"] = _add(b["out"], b["treasure"][slot])
        b["treasure"] = _put(b["treasure"], slot, ZERO)
        b["parts"], b["owners"], b["order"], b["proposer"], b["budget"] = (), (), (), -1, 0
        self.begin_thefts()

    def settled(self, shares: tuple[tuple[int, ...], ...]) -> None:
        """The shares (one per involved player, in seat order) are agreed."""
        b, g = self.b, self.g
        b["parts"], b["owners"], b["proposer"], b["budget"] = shares, (), -1, 0
        P = g.players
        seats = [(b["turn"] + i) % P for i in range(P)]
        holders = tuple(p for p in seats if any(b["hands"][p]))
        if g.use_items and holders:
            b["phase"], b["order"] = "swap", holders
            return
        self.distribute()

    def distribute(self) -> None:
        b, g = self.b, self.g
        codes = self.fighters_of()
        wizards = {c // 4 for c in codes if c % 4 == WIZARD}
        due = []
        for p, share in zip(b["involved"], b["parts"], strict=True):
            self.give(p, share)
            if g.advanced and g.use_items and p in wizards and share[RED]:
                due.append((p, share[RED]))
        b["treasure"] = _put(b["treasure"], b["target"], ZERO)
        b["parts"], b["order"] = (), ()
        b["items_due"], b["resume"] = tuple(due), "thefts"
        self.run_items()

    # -- items -------------------------------------------------------------------------------
    def run_items(self) -> None:
        b = self.b
        due = b["items_due"]
        while due:
            seat, n = due[0]
            if n <= 0:
                due = due[1:]
                continue
            if not any(b["item_deck"]) and any(b["discard"]):
                # the discard pile is shuffled into a new deck (its order is never stored)
                b["item_deck"], b["discard"] = b["discard"], (0,) * self.g.nk
            if not any(b["item_deck"]):
                due = ()  # no item left anywhere: nobody draws
                break
            b["items_due"], b["phase"] = due, "item"
            return
        b["items_due"] = ()
        resume = b["resume"]
        if resume == "start":
            self.start_turn(self.g.first_player)
        elif resume == "split":
            self.begin_split()
        elif resume == "next-thief":
            self.next_thief()
        else:  # "thefts"
            self.begin_thefts()

    def after_item(self, kind: int) -> None:
        b = self.b
        seat, n = b["items_due"][0]
        b["item_deck"] = _put(b["item_deck"], kind, b["item_deck"][kind] - 1)
        b["hands"] = _put(
            b["hands"], seat, _put(b["hands"][seat], kind, b["hands"][seat][kind] + 1)
        )
        rest = b["items_due"][1:]
        b["items_due"] = (((seat, n - 1),) if n > 1 else ()) + rest
        self.run_items()

    # -- thefts ------------------------------------------------------------------------------
    def begin_thefts(self) -> None:
        b = self.b
        if len(b["involved"]) > 1:
            b["thieves"] = tuple(c // 4 for c in self.fighters_of() if c % 4 == THIEF)
        else:
            b["thieves"] = ()
        self.next_thief()

    def next_thief(self) -> None:
        b = self.b
        b["victim"] = -1
        while b["thieves"]:
            t = b["thieves"][0]
            if any(p != t and any(b["screens"][p]) for p in b["involved"]):
                b["phase"] = "victim"
                return
            b["thieves"] = b["thieves"][1:]
        self.cleanup()

    def steal(self, colour: int, picked: bool) -> None:
        b, g = self.b, self.g
        t, v = b["thieves"][0], b["victim"]
        one = _one(colour)
        screens = _put(b["screens"], v, _sub(b["screens"][v], one))
        screens = _put(screens, t, _add(screens[t], one))
        b["screens"] = screens
        known = []
        for s, row in enumerate(b["known"]):
            if s == t:
                row = _put(row, v, screens[v] if picked else _floor_sub(row[v], one))
            elif s == v:
                row = _put(row, t, _add(row[t], one))
            else:  # an unseen token left v: every colour's sure count may drop by one
                sure = row[v]
                row = _put(row, v, tuple(map(sub, sure, map(bool, sure))))  # max(0, x - 1)
            known.append(row)
        b["known"] = tuple(known)
        b["thieves"] = b["thieves"][1:]
        b["victim"] = -1
        if colour == RED and not g.advanced and g.use_items:
            b["items_due"], b["resume"] = ((t, 1),), "next-thief"
            self.run_items()
            return
        self.next_thief()

    # -- after the split ---------------------------------------------------------------------
    def cleanup(self) -> None:
        b = self.b
        slot = b["target"]
        advs = list(b["advs"])
        for c in b["fighters"][slot]:
            p, a = divmod(c, 4)
            advs[p] = _put(advs[p], a, DOWN)
        b["advs"] = tuple(advs)
        b["fighters"] = _put(b["fighters"], slot, ())
        b["gone"] = tuple(sorted(b["gone"] + (b["slots"][slot],)))
        b["slots"] = _put(b["slots"], slot, -1)
        b["involved"], b["thieves"], b["items_due"] = (), (), ()
        if self.can_reveal():
            b["phase"], b["resume"] = "card", "replace"
            return
        self.end_turn()

    def after_replace(self) -> None:
        b, g = self.b, self.g
        if b["market"] == 0 and b["drawn"] >= g.market_at:
            b["market"] = 1
            if g.market_offers:
                P = g.players
                b["order"] = tuple((b["turn"] + i) % P for i in range(P))
                b["offers"] = (g.market_offers,) * P
                # the market is nobody's dragon: the place of the dragon just revealed is done
                b["phase"], b["resume"], b["target"] = "market", "", -1
                return
        self.end_turn()

    def end_market(self) -> None:
        b = self.b
        b["offers"], b["order"] = (), ()
        b["offer"], b["ask"], b["partner"] = ZERO, ZERO, -1
        self.end_turn()

    def let_go(self, looked: bool) -> None:
        """The thief at the head of ``thieves`` steals nothing (the rulebook allows stealing, it
        does not demand it); ``looked``: its wizard showed it the robbed screen first."""
        b = self.b
        if looked:
            t, v = b["thieves"][0], b["victim"]
            b["known"] = _put(b["known"], t, _put(b["known"][t], v, b["screens"][v]))
        b["thieves"] = b["thieves"][1:]
        self.next_thief()

    def end_turn(self) -> None:
        b = self.b
        self.start_turn((b["turn"] + 1) % self.g.players)

    # -- a decision or a chance outcome ----------------------------------------------------
    def act(self, state: DragonsGoldState, action: Action) -> None:
        """The steps of ``action`` (legal) taken in ``state``, whose fields this flow holds."""
        b, g = self.b, state.game
        phase, verb, args = state.phase, action.verb, action.args
        if phase == "card":
            self.after_card(int(args[0]) - 1)
        elif phase == "token":
            c = _CI[args[0]]
            slot = b["target"]
            b["bag"] = _put(b["bag"], c, b["bag"][c] - 1)
            b["treasure"] = _put(
                b["treasure"], slot, _put(b["treasure"][slot], c, b["treasure"][slot][c] + 1)
            )
            b["pending"] -= 1
            if b["pending"] == 0 or not any(b["bag"]):
                self.after_tokens()
        elif phase == "item":
            self.after_item(g.item_names.index(args[0]))
        elif phase == "steal":
            self.steal(_CI[args[0]], picked=False)
        elif phase == "turn":
            if verb == "send":
                self.send(state.turn, _AI[args[0]], int(args[3]) - 1)
            else:
                self.play_turn_item(state, args)
        elif phase == "build":
            if verb == "no":
                self.fail_split()
            elif verb == "propose":
                P = g.players
                me = state.proposer
                seats = [(me + i) % P for i in range(1, P)]
                b["order"] = tuple(q for q in seats if q in state.involved)
                b["phase"] = "answer"
            else:  # give
                i = state.involved.index(int(args[2]) - 1)
                c = _CI[args[0]]
                b["parts"] = _put(b["parts"], i, _put(b["parts"][i], c, b["parts"][i][c] + 1))
        elif phase == "answer":
            if verb == "accept":
                b["order"] = state.order[1:]
                if not b["order"]:
                    self.settled(state.parts)
            elif verb == "refuse":
                b["budget"] -= 1
                if b["budget"] <= 0:
                    self.fail_split()
                else:
                    inv = state.involved
                    b["proposer"] = inv[(inv.index(state.proposer) + 1) % len(inv)]
                    b["parts"] = (ZERO,) * len(inv)
                    b["order"] = ()
                    b["phase"] = "build"
            else:
                self.fail_split()
        elif phase == "divide":
            if verb == "split":
                b["phase"] = "choose"
            else:
                k = int(args[3]) - 1
                c = _CI[args[0]]
                b["parts"] = _put(b["parts"], k, _put(b["parts"][k], c, b["parts"][k][c] + 1))
        elif phase == "choose":
            k = int(args[1]) - 1
            b["owners"] = owners = _put(state.owners, k, state.order[0])
            b["order"] = state.order[1:]
            if not b["order"]:
                owners = tuple(o if o >= 0 else state.proposer for o in owners)
                shares = tuple(
                    next(pile for pile, o in zip(state.parts, owners, strict=True) if o == p)
                    for p in state.involved
                )
                self.settled(shares)
        elif phase == "swap":
            if verb == "play":
                p = state.order[0]
                k = g.item_names.index("swap-shares")
                self.discard(p, k)
                i = state.involved.index(int(args[1]) - 1)
                j = state.involved.index(int(args[2]) - 1)
                parts = list(state.parts)
                parts[i], parts[j] = parts[j], parts[i]
                b["parts"] = tuple(parts)
            b["order"] = state.order[1:]
            if not b["order"]:
                self.distribute()
        elif phase == "victim":
            if verb == "pass":
                self.let_go(looked=False)
                return
            v = int(args[1]) - 1
            b["victim"] = v
            t = state.thieves[0]
            if t * 4 + WIZARD in state.fighters[state.target]:
                b["phase"] = "pick"
            elif g.use_items and any(state.hands[v]):
                b["phase"] = "ward"
            else:
                b["phase"] = "steal"
        elif phase == "ward":
            if verb == "pass":
                b["phase"] = "steal"
            else:
                self.discard(state.victim, g.item_names.index("ward"))
                self.steal(_CI[args[0]], picked=False)
        elif phase == "pick":
            if verb == "pass":
                self.let_go(looked=True)
            else:
                self.steal(_CI[args[0]], picked=True)
        elif phase in ("market", "offer"):
            p = state.order[0]
            if verb == "pass":  # p leaves the market
                b["order"] = state.order[1:]
                if not b["order"]:
                    self.end_market()
            elif verb == "cancel":  # the offer is withdrawn; it counted
                b["offer"], b["ask"], b["phase"] = ZERO, ZERO, "market"
            elif verb == "trade":
                b["partner"], b["phase"] = int(args[1]) - 1, "reply"
            else:  # one more token offered or asked for
                if phase == "market":  # a new offer: it counts against the budget
                    b["offers"] = _put(state.offers, p, state.offers[p] - 1)
                    b["phase"] = "offer"
                c = _CI[args[0]]
                if verb == "ask":
                    b["ask"] = _put(state.ask, c, state.ask[c] + 1)
                else:
                    n = state.offer[c] + 1
                    b["offer"] = _put(state.offer, c, n)
                    # offers are made in the open: everyone sees p holds at least n such tokens
                    b["known"] = tuple(
                        row if s == p or row[p][c] >= n else _put(row, p, _put(row[p], c, n))
                        for s, row in enumerate(b["known"])
                    )
        elif phase == "reply":
            p, q = state.order[0], state.partner
            if verb == "accept":
                given, asked = state.offer, state.ask
                # the asked player shows it holds what was asked for, then the tokens change
                # hands in the open
                b["known"] = tuple(
                    row if s == q else _put(row, q, tuple(map(max, row[q], asked)))
                    for s, row in enumerate(b["known"])
                )
                screens = _put(b["screens"], p, _add(_sub(b["screens"][p], given), asked))
                b["screens"] = _put(screens, q, _add(_sub(screens[q], asked), given))
                self.public_loss(p, given)
                self.public_gain(p, asked)
                self.public_loss(q, asked)
                self.public_gain(q, given)
            b["offer"], b["ask"], b["partner"] = ZERO, ZERO, -1
            rest = state.order[1:]
            b["order"] = rest + ((p,) if b["offers"][p] else ())
            if not b["order"]:
                self.end_market()
            else:
                b["phase"] = "market"

    def discard(self, p: int, k: int) -> None:
        """Player ``p`` plays an item of kind ``k``: it goes to the discard pile."""
        b = self.b
        b["hands"] = _put(b["hands"], p, _put(b["hands"][p], k, b["hands"][p][k] - 1))
        b["discard"] = _put(b["discard"], k, b["discard"][k] + 1)

    def play_turn_item(self, state: DragonsGoldState, args: tuple[str, ...]) -> None:
        b, g = self.b, state.game
        p = state.turn
        name = args[0]
        self.discard(p, g.item_names.index(name))
        if name == "swap-dragons":
            i, j = int(args[1]) - 1, int(args[2]) - 1
            for key in ("slots", "treasure"):
                t = list(b[key])
                t[i], t[j] = t[j], t[i]
                b[key] = tuple(t)
        else:  # recall: the adventurers fighting one dragon go home face down
            i = int(args[1]) - 1
            advs = list(b["advs"])
            for c in state.fighters[i]:
                q, a = divmod(c, 4)
                advs[q] = _put(advs[q], a, DOWN)
            b["advs"] = tuple(advs)
            b["fighters"] = _put(b["fighters"], i, ())
            # a player left with no face-up adventurer turns them up at the start of a turn;
            # if that is the player to move now, it does so at once
            if UP not in b["advs"][p]:
                self.start_turn(p)
