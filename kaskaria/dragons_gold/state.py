"""A Dragon's Gold state: who decides, what is legal, and ``apply`` (the steps themselves are in
:mod:`~kaskaria.dragons_gold.flow`), the results, and the checks of the conformance suite."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from fractions import Fraction
from itertools import compress
from operator import attrgetter, lt, sub
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core import (
    CHANCE,
    OMNISCIENT,
    TERMINAL,
    Action,
    IllegalActionError,
    InvalidActionError,
    State,
    ViewerLike,
    check_viewer,
    pick_outcome,
)
from ..i18n import Phrase
from ..validate import short
from .flow import _Flow
from .log import describe_action
from .notation import (
    _AKEY,
    _CARD_IDS,
    _GIVE_IDS,
    _IN_ALPHA,
    _NOTATION,
    _SEND_IDS,
    _SENDS,
    _STOLEN,
    _STOLEN_ALPHA,
    _STOLEN_IDS,
    _TOKEN,
    _TOKEN_ALPHA,
    _TOKEN_IDS,
    _act,
    _card,
    _card_actions,
    _give_action,
    _parse_words,
)
from .pieces import (
    _AI,
    _ALPHA,
    _CI,
    _KEYED,
    CHANCE_PHASES,
    DOWN,
    NAME,
    UP,
    ZERO,
    _add,
    _leq,
    _min,
    _sub,
)
from .rules import ADVENTURERS, COLOURS
from .scoring import _score_table
from .views import observe, redacted_line

if TYPE_CHECKING:  # pragma: no cover
    from .engine import DragonsGold

_GENERATOR = np.random.Generator
_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True, repr=False)
class DragonsGoldState(State):
    """One moment of a Dragon's Gold game. Immutable and hashable; ``apply`` returns a new state.

    Token counts are 9-tuples in the order of :data:`~kaskaria.dragons_gold.rules.COLOURS`.
    ``slots``: the dragon card (0-based index into the rules table) on each of the four places,
    or -1; ``treasure``: the tokens on each dragon; ``fighters``: the adventurers under each
    dragon in the order they were sent (``4 * seat + adventurer``); ``advs``: per player and
    adventurer -2 (face down at home), -1 (face up at home) or the place it fights at;
    ``deck``/``gone``: dragon cards not yet revealed (no order: draws are chance) / killed;
    ``drawn``: dragons revealed as replacements (the market opens with the ``market_at``-th);
    ``bag``, ``out`` (left the game after a failed split), ``screens``; ``known[s][p]``: a lower
    bound of ``p``'s screen that seat ``s`` can be sure of (row ``players``: what the whole table
    knows); ``hands``, ``item_deck``, ``discard``: magic items per kind; the rest is the context
    of the current phase.

    (Frozen but not slotted: a successor state is its predecessor's field dictionary copied in
    one step and a few entries changed, which keeps the engine fast with this many fields.)
    """

    game: DragonsGold = field(repr=False)
    phase: str
    turn: int
    slots: tuple[int, ...]
    treasure: tuple[tuple[int, ...], ...]
    fighters: tuple[tuple[int, ...], ...]
    advs: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    gone: tuple[int, ...]
    drawn: int
    market: int
    bag: tuple[int, ...]
    out: tuple[int, ...]
    screens: tuple[tuple[int, ...], ...]
    known: tuple[tuple[tuple[int, ...], ...], ...]
    hands: tuple[tuple[int, ...], ...]
    item_deck: tuple[int, ...]
    discard: tuple[int, ...]
    target: int
    pending: int
    items_due: tuple[tuple[int, int], ...]
    resume: str
    involved: tuple[int, ...]
    parts: tuple[tuple[int, ...], ...]
    budget: int
    proposer: int
    order: tuple[int, ...]
    owners: tuple[int, ...]
    thieves: tuple[int, ...]
    victim: int
    offers: tuple[int, ...]
    offer: tuple[int, ...]
    ask: tuple[int, ...]
    partner: int
    _legal: Any = field(default=None, compare=False, hash=False, repr=False)

    # -- who decides -----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == "turn":
            return self.turn
        if phase in ("build", "divide"):
            return self.proposer
        if phase in ("answer", "choose", "swap", "market", "offer"):
            return self.order[0]
        if phase in ("victim", "pick"):
            return self.thieves[0]
        if phase == "ward":
            return self.victim
        if phase == "reply":
            return self.partner
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def chance_kind(self) -> str:
        """``"reveal"`` (a dragon card), ``"treasure"`` (a token from the bag), ``"item"`` (a magic
        item is drawn) or ``"theft"`` (a thief's random token)."""
        kind = {"card": "reveal", "token": "treasure", "item": "item", "steal": "theft"}.get(
            self.phase
        )
        if kind is None:
            raise IllegalActionError(f"no chance event is due (phase {self.phase!r})")
        return kind

    # -- chance ----------------------------------------------------------------------------
    def _weights(self) -> tuple[tuple[Action, int], ...]:
        """The chance outcomes now due with whole-number weights, in sorted order."""
        phase = self.phase
        if phase == "token":
            bag = self.bag
            return tuple((_TOKEN[i], bag[i]) for i in _ALPHA if bag[i])
        if phase == "card":
            return tuple(sorted(((_card(c), 1) for c in self.deck), key=lambda x: x[0].args))
        if phase == "steal":
            screen = self.screens[self.victim]
            return tuple((_STOLEN[i], screen[i]) for i in _ALPHA if screen[i])
        if phase == "item":
            return tuple(
                sorted(
                    (
                        (_act("item", name), n)
                        for name, n in zip(self.game.item_names, self.item_deck, strict=True)
                        if n
                    ),
                    key=lambda x: x[0].args,
                )
            )
        raise IllegalActionError(
            f"no chance event is due: a player decides now (phase {self.phase!r})"
        )

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Every outcome of the chance event now due, with exact probabilities summing to 1: a
        token colour (weights: the tokens of that colour in the bag or on the robbed screen), an
        item kind (weights: cards of that kind in the deck) or a dragon card (all equally likely).
        """
        weights = self._weights()
        total = sum(w for _, w in weights)
        return tuple((a, Fraction(w, total)) for a, w in weights)

    def _chance_table(self) -> tuple[tuple[Action, ...], tuple[int, ...] | None]:
        """The outcomes of the chance event now due in sorted order with whole-number weights
        (some may be 0: those cannot happen), or ``(outcomes, None)`` when all are equally likely.
        The same outcomes and weights as :meth:`_weights`, read straight from the counts."""
        phase = self.phase
        if phase == "token":
            return _TOKEN_ALPHA, _IN_ALPHA(self.bag)
        if phase == "card":
            return _card_actions(self.deck), None
        if phase == "steal":
            return _STOLEN_ALPHA, _IN_ALPHA(self.screens[self.victim])
        if phase == "item":
            deck = self.item_deck
            return self.game.item_draws, tuple(deck[k] for k in self.game.item_alpha)
        raise IllegalActionError(
            f"no chance event is due: a player decides now (phase {self.phase!r})"
        )

    def sample_chance(self, rng: np.random.Generator) -> Action:
        # the same pick as pick_outcome over the (sorted) outcomes: one whole number below the
        # total weight, and the first outcome whose running weight passes it
        phase = self.phase
        if phase == "token" and rng.__class__ is _GENERATOR:  # the commonest chance event
            bag = self.bag
            x = int(rng.integers(sum(bag)))
            for i in _ALPHA:  # the colours in the order their actions sort in
                x -= bag[i]
                if x < 0:
                    return _TOKEN[i]
        if rng.__class__ is _GENERATOR and phase in CHANCE_PHASES:
            actions, weights = self._chance_table()
            if weights is None:
                return actions[int(rng.integers(len(actions)))]
            x = int(rng.integers(sum(weights)))
            for action, weight in zip(actions, weights, strict=True):
                x -= weight
                if x < 0:
                    return action
        return pick_outcome(self.chance_outcomes(), rng)

    # -- what may be done ------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase in CHANCE_PHASES:
                actions, weights = self._chance_table()
                legal = actions if weights is None else tuple(compress(actions, weights))
            elif phase in _KEYED:
                # the same few situations come back all the time: keep their sorted lists
                key = self._legal_key()
                cache = self.game.legal_cache
                legal = cache.get(key)
                if legal is None:
                    legal = tuple(sorted(self._compute_legal(), key=_AKEY))
                    if len(cache) > 50_000:
                        cache.clear()
                    cache[key] = legal
            else:  # "divide"; every list is built without repeats
                legal = tuple(sorted(self._compute_legal(), key=_AKEY))
            self.__dict__["_legal"] = legal
        return legal

    def _compute_legal(self) -> list[Action] | tuple[Action, ...]:
        phase = self.phase
        g = self.game
        if phase in CHANCE_PHASES:
            return [a for a, _ in self._weights()]
        if phase == "turn":
            p = self.turn
            out: list[Action] = []
            places = [i for i in range(4) if self.slots[i] >= 0]
            dragons = [str(i + 1) for i in places]
            for a, status in enumerate(self.advs[p]):
                if status == UP:
                    out.extend(_SENDS[a, i] for i in places)
            hand = self.hands[p]
            for k, name in enumerate(g.item_names):
                if not hand[k]:
                    continue
                if name == "swap-dragons":
                    out.extend(
                        _act("play", name, dragons[i], dragons[j])
                        for i in range(len(dragons))
                        for j in range(i + 1, len(dragons))
                    )
                elif name == "recall":
                    out.extend(_act("play", name, str(i + 1)) for i in range(4) if self.fighters[i])
            return out
        if phase == "build":
            out = [_act("no", "deal")]
            left = self._left()
            if not any(left):
                out.append(_act("propose"))
            else:
                for k, n in enumerate(left):
                    if n:
                        out.extend(_give_action(k, p) for p in self.involved)
            return out
        if phase == "answer":
            return [_act("accept"), _act("refuse"), _act("no", "deal")]
        if phase == "divide":
            left = self._left()
            if not any(left):
                return [_act("split")]
            total = sum(self.treasure[self.target])
            n = len(self.parts)
            need_piles = min(n, total)
            remaining = sum(left)
            nonempty = sum(1 for pile in self.parts if any(pile))
            out = []
            for k, pile in enumerate(self.parts):
                after = nonempty + (0 if any(pile) else 1)
                if remaining - 1 >= max(0, need_piles - after):
                    out.extend(
                        _act("put", c, "in", "pile", str(k + 1))
                        for c, x in zip(COLOURS, left, strict=True)
                        if x
                    )
            return out
        if phase == "choose":
            return [_act("choose", "pile", str(k + 1)) for k, o in enumerate(self.owners) if o < 0]
        if phase == "swap":
            out = [_act("pass")]
            k = g.item_names.index("swap-shares") if "swap-shares" in g.item_names else -1
            if k >= 0 and self.hands[self.order[0]][k] and len(self.involved) > 1:
                inv = self.involved
                out.extend(
                    _act("play", "swap-shares", str(inv[i] + 1), str(inv[j] + 1))
                    for i in range(len(inv))
                    for j in range(i + 1, len(inv))
                )
            return out
        if phase == "victim":
            t = self.thieves[0]
            out = [_act("pass")]
            out.extend(
                _act("steal", "from", str(p + 1))
                for p in self.involved
                if p != t and any(self.screens[p])
            )
            return out
        if phase == "ward":
            out = [_act("pass")]
            k = g.item_names.index("ward") if "ward" in g.item_names else -1
            if k >= 0 and self.hands[self.victim][k]:
                out.extend(
                    _act("ward", c)
                    for c, n in zip(COLOURS, self.screens[self.victim], strict=True)
                    if n
                )
            return out
        if phase == "pick":
            out = [_act("pass")]
            out.extend(
                _act("pick", c)
                for c, n in zip(COLOURS, self.screens[self.victim], strict=True)
                if n
            )
            return out
        if phase in ("market", "offer"):
            return self._market_actions()
        if phase == "reply":
            if _leq(self.ask, self.screens[self.partner]):
                return [_act("accept"), _act("refuse")]
            return [_act("refuse")]
        return []

    def _market_actions(self) -> list[Action]:
        """At the market (phases ``market`` and ``offer``): what the player at the head of the
        order may add to its offer (``offer`` one more of a colour it holds, ``ask`` one more of
        a colour the others hold between them; a colour is either given or asked), and to start
        with ``pass`` (leave the market), or once the offer gives and asks something, ``trade
        with`` another player, or ``cancel``."""
        p = self.order[0]
        out: list[Action] = []
        if self.phase == "market":
            out.append(_act("pass"))
            if not self.offers[p]:
                return out
        mine, given, asked = self.screens[p], self.offer, self.ask
        others = self._others_hold(p)
        for c, word in enumerate(COLOURS):
            if given[c] < mine[c] and not asked[c]:
                out.append(_act("offer", word))
            if asked[c] < others[c] and not given[c]:
                out.append(_act("ask", word))
        if self.phase == "offer":
            out.append(_act("cancel"))
            if any(given) and any(asked):
                out.extend(
                    _act("trade", "with", str(q + 1)) for q in range(self.game.players) if q != p
                )
        return out

    def _others_hold(self, p: int) -> tuple[int, ...]:
        """How many tokens of each colour lie behind the other screens together (what ``p`` can
        work out from what lies open and its own screen)."""
        total = ZERO
        for q, screen in enumerate(self.screens):
            if q != p:
                total = _add(total, screen)
        return total

    def _legal_key(self) -> tuple[Any, ...]:
        """Everything the legal actions of the phases in ``_KEYED`` depend on (the game aside)."""
        phase = self.phase
        if phase == "turn":
            p = self.turn
            hand = self.hands[p]
            slots = self.slots
            filled = _FILLED.get(slots)
            if filled is None:
                if len(_FILLED) > 100_000:
                    _FILLED.clear()
                filled = _FILLED[slots] = tuple(s >= 0 for s in slots)
            recall = self.game.recall
            # which dragons are fought at matters only to a player holding a recall
            fought = tuple(map(bool, self.fighters)) if recall >= 0 and hand[recall] else None
            return ("turn", self.advs[p], filled, fought, hand)
        if phase == "build":
            left: Any = self.treasure[self.target]
            for part in self.parts:
                left = map(sub, left, part)
            return ("build", self.involved, tuple(map(bool, left)))
        if phase == "victim":
            t = self.thieves[0]
            screens = self.screens
            return ("victim", tuple(p for p in self.involved if p != t and any(screens[p])))
        if phase == "ward":
            v = self.victim
            k = self.game.ward
            return ("ward", k >= 0 and self.hands[v][k] > 0, tuple(map(bool, self.screens[v])))
        if phase == "pick":
            return ("pick", tuple(map(bool, self.screens[self.victim])))
        if phase == "answer":
            return ("answer",)
        if phase == "reply":
            return ("reply", _leq(self.ask, self.screens[self.partner]))
        if phase == "choose":
            return ("choose", tuple(o < 0 for o in self.owners))
        if phase == "swap":
            k = self.game.swap_shares
            inv = self.involved
            holds = k >= 0 and self.hands[self.order[0]][k] > 0 and len(inv) > 1
            return ("swap", inv if holds else None)
        if phase in ("market", "offer"):
            p = self.order[0]
            if phase == "market" and not self.offers[p]:
                return ("market", None)
            mine, given, asked = self.screens[p], self.offer, self.ask
            others = self._others_hold(p)
            return (
                phase,
                p,
                tuple(map(lt, given, mine)),
                tuple(map(lt, asked, others)),
                tuple(map(bool, given)),
                tuple(map(bool, asked)),
            )
        raise ValueError(f"no kept legal actions in phase {phase!r}")

    def _left(self) -> tuple[int, ...]:
        """The tokens of the treasure not yet handed out in the proposal or piles being built."""
        left = self.treasure[self.target]
        for part in self.parts:
            left = _sub(left, part)
        return left

    def apply(self, action: Action | str) -> DragonsGoldState:
        """The state after ``action`` (an :class:`Action` or its text). This state is unchanged."""
        if action.__class__ is not Action:
            action = self.to_action(action)
        phase = self.phase
        # The commonest steps first: the engine's own actions for them are made once and known
        # by identity, so their legality is checked straight from the counts. Any other action,
        # equal or not, is checked against the legal actions further down.
        if phase == "token":
            found = _TOKEN_IDS.get(id(action))
            if found is not None and found[0] is action and self.bag[found[1]]:
                return self._token(found[1])
        elif phase == "build":
            give = _GIVE_IDS.get(id(action))
            if give is not None and give[0] is action:
                new = self._give(give[1], give[2])
                if new is not None:
                    return new
        elif phase == "turn":
            sent = _SEND_IDS.get(id(action))
            if sent is not None and sent[0] is action:
                p, a, slot = self.turn, sent[1], sent[2]
                if self.advs[p][a] == UP and self.slots[slot] >= 0:
                    return self._by_flow(_Flow.send, p, a, slot)
        elif phase == "card":
            found = _CARD_IDS.get(id(action))
            if found is not None and found[0] is action and found[1] in self.deck:
                return self._by_flow(_Flow.after_card, found[1])
        elif phase == "item":
            found = self.game.item_ids.get(id(action))
            if found is not None and found[0] is action and self.item_deck[found[1]]:
                return self._by_flow(_Flow.after_item, found[1])
        elif phase == "steal":
            found = _STOLEN_IDS.get(id(action))
            if found is not None and found[0] is action and self.screens[self.victim][found[1]]:
                return self._by_flow(_Flow.steal, found[1], False)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # the engine's actions are shared objects: look for the same object first (fast)
        for a in legal:
            if a is action:
                break
        else:
            if action not in legal:
                self._check_well_formed(action)
                raise self.illegal(action)
        if phase == "token":
            return self._token(_CI[action.args[0]])
        verb = action.verb
        if phase == "build" and verb == "give":
            new = self._give(_CI[action.args[0]], int(action.args[2]) - 1)
            assert new is not None  # it is legal
            return new
        if phase == "turn" and verb == "send":
            args = action.args
            return self._by_flow(_Flow.send, self.turn, _AI[args[0]], int(args[3]) - 1)
        return self._by_flow(_Flow.act, self, action)

    def _by_flow(self, step: Callable[..., None], *args: Any) -> DragonsGoldState:
        """The state after ``step(flow, *args)``: automatic steps of :class:`_Flow` on a copy of
        this state's fields."""
        b = self.__dict__.copy()
        step(_Flow(self.game, b), *args)
        b["_legal"] = None
        return _made(b)

    def _give(self, c: int, p: int) -> DragonsGoldState | None:
        """A token of colour ``c`` handed to player ``p`` in the proposal being built (only the
        parts change), or ``None`` if that is not allowed now."""
        involved = self.involved
        if p not in involved:
            return None
        parts = self.parts
        given = 0
        for part in parts:
            given += part[c]
        left = self.treasure[self.target][c] - given
        if left <= 0:
            return None
        i = involved.index(p)
        part = parts[i]
        d = self.__dict__.copy()
        d["parts"] = parts[:i] + (part[:c] + (part[c] + 1,) + part[c + 1 :],) + parts[i + 1 :]
        # While tokens of that colour are left to hand out, the same actions stay legal (they
        # depend only on who is involved and which colours are left: _legal_key).
        legal = self._legal
        new = _made(d)
        if left > 1 or legal is None:
            return new  # the same list, or none yet
        # That colour is all handed out: its gives leave the list. What is left depends only on
        # the list and the colour, so the game keeps the answer.
        drops = self.game.legal_drops
        entry = drops.get(id(legal))
        if entry is None or entry[0] is not legal:
            if len(drops) > 50_000:
                drops.clear()
            entry = drops[id(legal)] = (legal, {})
        after = entry[1].get(c)
        if after is None:
            d["_legal"] = None
            after = entry[1][c] = new.legal_actions()
        d["_legal"] = after
        return new

    def _token(self, c: int) -> DragonsGoldState:
        """A token of colour ``c`` from the bag onto the dragon being filled (the same as
        :meth:`_Flow.act` in phase ``token``, with the fields copied in one step)."""
        slot = self.target
        pending = self.pending - 1
        bag = self.bag
        bag = bag[:c] + (bag[c] - 1,) + bag[c + 1 :]
        treasure = self.treasure
        t = treasure[slot]
        t = t[:c] + (t[c] + 1,) + t[c + 1 :]
        d = self.__dict__.copy()
        d["bag"] = bag
        d["treasure"] = treasure[:slot] + (t,) + treasure[slot + 1 :]
        d["pending"] = pending
        d["_legal"] = None
        if not pending or not any(bag):
            _Flow(self.game, d).after_tokens()
        return _made(d)

    def _holds(self, p: int, name: str) -> bool:
        names = self.game.item_names
        return name in names and self.hands[p][names.index(name)] > 0

    # -- text notation ---------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Parse action text (``"send wizard to dragon 3"``) into an :class:`Action`.

        Raises :class:`InvalidActionError` for text that is no Dragon's Gold action at all; the
        action may still be illegal now (``apply`` checks that).
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be a string, got {type(text).__name__}")
        words = tuple(text.lower().split())
        if not words:
            raise InvalidActionError(f"empty action text {short(text, 20)}; {_NOTATION}")
        action = _parse_words(words, self.game)
        if action is None:
            raise InvalidActionError(
                f"{short(text, 60)} is not a Dragon's Gold action; {_NOTATION}"
            )
        return action

    def _check_well_formed(self, action: Action) -> None:
        if not isinstance(action, Action) or not action.well_formed():
            raise InvalidActionError(
                f"{action!r} is not a Dragon's Gold action: the verb and its words must be text; "
                f"{_NOTATION}"
            )
        canonical = self.parse_action(str(action))
        if canonical != action:
            raise InvalidActionError(
                f"{action!r} is not written as Dragon's Gold writes it; write '{canonical}'"
            )

    def _rule_broken(self, action: Action) -> tuple[str, dict[str, Any]]:
        phase, verb, args = self.phase, action.verb, action.args
        if phase == "over":
            return "rule.over", {}
        if phase in CHANCE_PHASES:
            if verb in ("card", "token", "item", "stolen"):
                return "rule.not_in_bag", {"what": str(action)}
            return "rule.chance_due", {}
        expected = {
            "turn": ("send", "play"),
            "build": ("give", "propose", "no"),
            "answer": ("accept", "refuse", "no"),
            "divide": ("put", "split"),
            "choose": ("choose",),
            "swap": ("play", "pass"),
            "victim": ("steal", "pass"),
            "ward": ("ward", "pass"),
            "pick": ("pick", "pass"),
            "market": ("offer", "ask", "pass"),
            "offer": ("offer", "ask", "trade", "cancel"),
            "reply": ("accept", "refuse"),
        }[phase]
        if verb in ("offer", "ask") and phase not in ("market", "offer", "ward"):
            # a token of your screen clicked outside the market (where it offers it): why not
            if phase == "reply":
                return "rule.reply_first", {}
            if phase == "pick":
                return "rule.pick_theirs", {"n": self.victim + 1}
            if phase == "victim":
                return "rule.rob_other", {}
            if phase in ("build", "divide"):  # the child meant to hand that token out
                return "rule.share_treasure", {}
            return ("rule.market_later" if self.market == 0 else "rule.market_over"), {}
        if verb not in expected:
            return f"rule.now.{phase}", {}
        if verb == "send":
            a = _AI[args[0]]
            d = int(args[3]) - 1
            if self.slots[d] < 0:
                return "rule.no_dragon", {"n": d + 1}
            status = self.advs[self.turn][a]
            return ("rule.adventurer_down" if status == DOWN else "rule.adventurer_busy"), {}
        if verb == "play":
            p = self.turn if phase == "turn" else self.order[0]
            if self._holds(p, args[0]) and self.game.item_timing[args[0]] == (
                "turn" if phase == "turn" else "split"
            ):
                return "rule.item_target", {"item": Phrase(NAME, f"item.{args[0]}")}
            return "rule.no_item", {"item": Phrase(NAME, f"item.{args[0]}")}
        if verb == "put" and int(args[3]) > len(self.parts):
            return "rule.no_pile", {"k": args[3], "n": len(self.parts)}
        if verb in ("give", "put"):
            if phase == "divide" and args[0] in COLOURS and self._left()[_CI[args[0]]]:
                return "rule.pile_empty", {}
            if verb == "give" and int(args[2]) - 1 not in self.involved:
                return "rule.not_involved", {"n": args[2]}
            return "rule.no_such_token", {"colour": Phrase(NAME, f"short.{args[0]}")}
        if verb in ("propose", "split"):
            return "rule.hand_out_all", {}
        if verb == "accept":
            return "rule.cannot_give", {}
        if verb == "steal":
            return "rule.bad_victim", {}
        if verb in ("ward", "pick"):
            if verb == "ward" and not self._holds(self.victim, "ward"):
                return "rule.no_item", {"item": Phrase(NAME, "item.ward")}
            return "rule.no_such_token", {"colour": Phrase(NAME, f"short.{args[0]}")}
        if verb in ("offer", "ask"):
            if phase == "market" and not self.offers[self.order[0]]:
                return "rule.no_offers", {}
            c = _CI[args[0]]
            colour = Phrase(NAME, f"short.{args[0]}")
            if (self.ask if verb == "offer" else self.offer)[c]:
                return "rule.both_sides", {"colour": colour}
            return f"rule.{verb}_more", {"colour": colour}
        if verb == "trade":
            if args[1] == str(self.order[0] + 1):
                return "rule.trade_self", {}
            return "rule.offer_incomplete", {}
        if verb == "choose":
            return "rule.pile_taken", {"k": args[1]}
        return f"rule.now.{phase}", {}

    # -- results ---------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Each player's points for the treasure behind their screen now (the final score at the
        end)."""
        return _score_table(self.screens, self.game.advanced, self.game.rules)

    def winners(self) -> tuple[int, ...]:
        if self.phase != "over":
            return ()
        s = self.scores()
        best = max(s)
        return tuple(p for p in range(self.game.players) if s[p] == best)

    # -- what a viewer may see -------------------------------------------------------------

    def observation(self, viewer: ViewerLike = OMNISCIENT) -> dict[str, Any]:
        """What ``viewer`` may see. A seat sees its own screen and items, the number of tokens and
        items of every other player, and what it can be sure lies behind their screens
        (``sure``); ``"table"`` sees what lies open (and what everyone can be sure of);
        ``"omniscient"`` everything. At the end every screen is shown (the rulebook's count)."""
        return observe(self, viewer)

    def redact(self, action: Action, viewer: ViewerLike, now: State | None = None) -> str:
        """``item ?`` for an item another seat draws; ``stolen ?``, ``ward ?`` and ``pick ?`` for a
        theft the viewer took no part in."""
        return redacted_line(self, action, viewer)

    def action_text(
        self,
        action: Action,
        viewer: ViewerLike = OMNISCIENT,
        lang: str = "en",
        now: State | None = None,
    ) -> str:
        """A short sentence for the log, as ``viewer`` may know it."""
        return describe_action(self, action, viewer, lang)

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> DragonsGoldState:
        """A state ``seat`` cannot tell from this one, with what it cannot see dealt again: the
        tokens behind other screens beyond what it can be sure of, and the items in other hands
        and in the item deck. (The bag, the table and the dragon deck's make-up are public; the
        deck's order is never stored.) The player to move keeps its own screen and hand (its
        legal actions depend on them), and so does the robbed player while a thief helped by its
        wizard picks a token."""
        g = self.game
        check_viewer(seat, g.players, "seat")
        if seat.__class__ is not int:
            raise ValueError(f"seat must be a seat from 0 to {g.players - 1}, got {short(seat)}")
        keep = {seat}
        mover = self.current_player()
        if mover >= 0:
            keep.add(int(mover))
        if self.phase == "pick":
            keep.add(self.victim)
        if self.phase == "over":
            return self  # every screen is shown at the end
        row = self.known[seat]
        redeal = [p for p in range(g.players) if p not in keep]
        screens = list(self.screens)
        pool = list(self.tokens_unplaced(keep, row))
        tokens = [c for c, n in enumerate(pool) for _ in range(n)]
        order: Any = rng.permutation(len(tokens)) if tokens else []
        k = 0
        for p in redeal:
            need = sum(self.screens[p]) - sum(row[p])
            got = list(row[p])
            for _ in range(need):
                got[tokens[order[k]]] += 1
                k += 1
            screens[p] = tuple(got)
        new_screens = tuple(screens)
        known = tuple(
            r
            if s in (seat, g.players)
            else tuple(_min(r[p], new_screens[p]) for p in range(g.players))
            for s, r in enumerate(self.known)
        )
        # items: the other hands and the deck from the items the seat cannot place
        items = list(self.item_deck)
        for p in redeal:
            items = [x + y for x, y in zip(items, self.hands[p], strict=True)]
        cards = [k for k, n in enumerate(items) for _ in range(n)]
        order = rng.permutation(len(cards)) if cards else []
        hands = list(self.hands)
        k = 0
        for p in redeal:
            got = [0] * g.nk
            for _ in range(sum(self.hands[p])):
                got[cards[order[k]]] += 1
                k += 1
            hands[p] = tuple(got)
        deck = [0] * g.nk
        for i in range(k, len(cards)):
            deck[cards[order[i]]] += 1
        b = {f: getattr(self, f) for f in _FIELDS}
        b.update(screens=new_screens, known=known, hands=tuple(hands), item_deck=tuple(deck))
        return DragonsGoldState(g, **b)

    def tokens_unplaced(self, keep: set[int], row: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        """The tokens a seat cannot place: all tokens less the bag, the table, those out of the
        game, the screens in ``keep`` and what it is sure of in the others."""
        g = self.game
        left = _sub(g.tokens, self.bag)
        left = _sub(left, self.out)
        for t in self.treasure:
            left = _sub(left, t)
        for p in range(g.players):
            left = _sub(left, self.screens[p] if p in keep else row[p])
        return left

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole position as plain JSON values (``game.state_from_dict`` rebuilds it)."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "slots": list(self.slots),
            "treasure": [list(x) for x in self.treasure],
            "fighters": [list(x) for x in self.fighters],
            "advs": [list(x) for x in self.advs],
            "deck": list(self.deck),
            "gone": list(self.gone),
            "drawn": self.drawn,
            "market": self.market,
            "bag": list(self.bag),
            "out": list(self.out),
            "screens": [list(x) for x in self.screens],
            "known": [[list(x) for x in row] for row in self.known],
            "hands": [list(x) for x in self.hands],
            "item_deck": list(self.item_deck),
            "discard": list(self.discard),
            "target": self.target,
            "pending": self.pending,
            "items_due": [list(x) for x in self.items_due],
            "resume": self.resume,
            "involved": list(self.involved),
            "parts": [list(x) for x in self.parts],
            "budget": self.budget,
            "proposer": self.proposer,
            "order": list(self.order),
            "owners": list(self.owners),
            "thieves": list(self.thieves),
            "victim": self.victim,
            "offers": list(self.offers),
            "offer": list(self.offer),
            "ask": list(self.ask),
            "partner": self.partner,
        }

    # -- checks ----------------------------------------------------------------------------
    def components(self) -> dict[str, int]:
        total = [
            sum(col) for col in zip(self.bag, self.out, *self.treasure, *self.screens, strict=False)
        ]
        out = {f"tokens.{c}": n for c, n in zip(COLOURS, total, strict=True)}
        out["tokens"] = sum(total)
        cards = [c for c in self.slots if c >= 0] + list(self.deck) + list(self.gone)
        out["dragons"] = len(set(cards)) if len(set(cards)) == len(cards) else -len(cards)
        placed = sum(len(f) for f in self.fighters) + sum(1 for a in self.advs for s in a if s < 0)
        out["adventurers"] = placed
        out["items"] = sum(self.item_deck) + sum(self.discard) + sum(sum(h) for h in self.hands)
        return out

    def text(self) -> str:
        g = self.game
        parts = []
        for i in range(4):
            c = self.slots[i]
            if c < 0:
                parts.append("-")
                continue
            card = g.cards[c]
            fighters = "".join(f"{f // 4 + 1}{ADVENTURERS[f % 4][0]}" for f in self.fighters[i])
            parts.append(
                f"D{c + 1}(S{card.strength} {sum(self.treasure[i])}t"
                + (f" [{fighters}]" if fighters else "")
                + ")"
            )
        head = (
            f"over, winners {[w + 1 for w in self.winners()]}"
            if self.phase == "over"
            else f"{self.phase} p{self.turn + 1}"
        )
        tokens = " ".join(str(sum(s)) for s in self.screens)
        return f"{head} | {' '.join(parts)} | bag {sum(self.bag)} deck {len(self.deck)} | tokens {tokens}"


def _made(fields: dict[str, Any]) -> DragonsGoldState:
    """A state whose field dictionary is ``fields`` (a changed copy of another state's; taken
    over, not copied)."""
    new = _new(DragonsGoldState)
    _set(new, "__dict__", fields)
    return new


_FIELDS = tuple(f.name for f in fields(DragonsGoldState) if f.name not in ("game", "_legal"))
_FIELD_SET = frozenset(_FIELDS)
_GET = attrgetter(*_FIELDS)
#: which of the four places hold a dragon, by the places' cards (see ``_legal_key``)
_FILLED: dict[tuple[int, ...], tuple[bool, ...]] = {}
