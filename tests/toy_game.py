"""*Swap*: a small card game that exists only to show the engine contract fits games with hidden
hands, a shuffled deck and a step where every other player answers a proposal.

Rules. Twelve cards, values 1, 2 and 3, four of each. Each player is dealt two cards (only their
owner sees them). On a turn a player either draws a card from the deck (seen only by them), or
offers one card of their hand to the table; then every other player, in seat order from the
offering player's left, answers ``accept`` or ``refuse``. The card goes to the first who accepted
(everyone now knows it is in that hand) and the offering player scores a point for the kindness;
if nobody accepts, the card stays. A player who can do neither passes. After three rounds the game
ends: each pair of equal cards in a hand scores a point too; the most points win (ties: several
winners).

Notation: ``draw``, ``offer 2``, ``accept``, ``refuse``, ``pass``; chance: ``deal 3`` (a set-up
card), ``card 1`` (a drawn card). Other seats read hidden cards as ``deal ?`` / ``card ?``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import numpy as np

from kaskaria.core import (
    CHANCE,
    OMNISCIENT,
    TERMINAL,
    Action,
    Game,
    GameType,
    IllegalActionError,
    InvalidActionError,
    State,
    check_viewer,
)
from kaskaria.i18n import register_messages
from kaskaria.i18n import text as _t
from kaskaria.options import Option, OptionTable
from kaskaria.provenance import ASSUMED, Value

NAME = "toy-swap"
VALUES = ("1", "2", "3")
DRAW, PASS, ACCEPT, REFUSE = Action("draw"), Action("pass"), Action("accept"), Action("refuse")

GAME_TYPE = GameType(
    name=NAME,
    title="Swap",
    min_players=2,
    max_players=4,
    variants=("basic",),
    information="imperfect",
    score_unit="points",
    automatic_chance=frozenset({"deal"}),
    shown_chance=frozenset({"card"}),
    max_actions=400,
)


@dataclass(frozen=True)
class SwapRules:
    copies: Value = Value(4, ASSUMED, "four cards of each value")
    hand: Value = Value(2, ASSUMED, "cards dealt to each player")


OPTIONS = OptionTable(
    "Swap",
    (Option("rounds", 3, "rounds played before the game ends", choices=(1, 2, 3, 4)),),
)

register_messages(
    NAME,
    {
        "en": {
            "title": "Swap",
            "log.card_own": "you draw a {value}",
            "log.card_other": "{who} draws a card",
            "log.deal_own": "you are dealt a {value}",
            "log.deal_other": "{who} is dealt a card",
            "log.offer": "{who} offers a {value}",
            "log.answer": "{who} answers: {word}",
            "log.draw": "{who} draws",
            "log.pass": "{who} passes",
            "chance.card": "draw a card",
            "chance.deal": "deal the cards",
            "rule.not_now": "it is not the moment for that",
            "rule.not_in_hand": "you have no {value} to offer",
            "rule.deck_empty": "the deck is empty",
            "rule.answer": "an offer is waiting for an answer",
        },
        "de": {
            "title": "Tausch",
            "log.card_own": "du ziehst eine {value}",
            "log.card_other": "{who} zieht eine Karte",
            "log.deal_own": "du bekommst eine {value}",
            "log.deal_other": "{who} bekommt eine Karte",
            "log.offer": "{who} bietet eine {value} an",
            "log.answer": "{who} antwortet: {word}",
            "log.draw": "{who} zieht",
            "log.pass": "{who} passt",
            "chance.card": "eine Karte ziehen",
            "chance.deal": "Karten austeilen",
            "rule.not_now": "das geht gerade nicht",
            "rule.not_in_hand": "du hast keine {value} zum Anbieten",
            "rule.deck_empty": "der Stapel ist leer",
            "rule.answer": "ein Angebot wartet auf Antwort",
        },
    },
)


class Swap(Game):
    game_type = GAME_TYPE
    private_information = True
    saved_options = ("rounds",)

    def __init__(
        self, players: int = 2, variant: str = "basic", seed: int | None = None, **options: Any
    ):
        super().__init__(players, variant, seed)
        self.rules = SwapRules()
        self.rounds = OPTIONS.resolve(options, players)["rounds"]

    def options(self) -> dict[str, Any]:
        return {"rounds": self.rounds}

    def components(self) -> dict[str, int]:
        return {"cards": len(VALUES) * self.rules.copies.value}

    def new_state(self) -> SwapState:
        n = self.rules.copies.value
        return SwapState(
            self,
            "deal",
            0,
            (n,) * len(VALUES),
            ((),) * self.players,
            ((),) * self.players,
            (0,) * self.players,
            None,
            (),
            0,
        )

    def state_from_dict(self, data: Any) -> SwapState:
        def fail(msg: str) -> None:
            raise ValueError(f"impossible Swap position: {msg}")

        fields = {"phase", "player", "deck", "hands", "known", "points", "offer", "answers", "turn"}
        if not isinstance(data, dict) or set(data) != fields:
            fail(f"expected the fields {sorted(fields)}")
        if data["phase"] not in ("deal", "turn", "draw", "answer", "over"):
            fail(f"unknown phase {data['phase']!r:.30}")
        p = self.players

        def hand(h: Any) -> tuple[str, ...]:
            if not isinstance(h, list) or not all(isinstance(c, str) and c in VALUES for c in h):
                fail(f"a hand is a list of values {VALUES}, got {h!r:.40}")
            return tuple(sorted(h))

        if not isinstance(data["hands"], list) or len(data["hands"]) != p:
            fail("hands must hold one list per player")
        if not isinstance(data["known"], list) or len(data["known"]) != p:
            fail("known must hold one list per player")
        hands = tuple(hand(h) for h in data["hands"])
        known = tuple(hand(h) for h in data["known"])
        deck = data["deck"]
        if (
            not isinstance(deck, list)
            or len(deck) != len(VALUES)
            or not all(x.__class__ is int and x >= 0 for x in deck)
        ):
            fail("deck must be a count per value")
        points = data["points"]
        if (
            not isinstance(points, list)
            or len(points) != p
            or not all(x.__class__ is int and x >= 0 for x in points)
        ):
            fail("points must be whole numbers, one per player")
        for i in range(p):
            for v in VALUES:
                if known[i].count(v) > hands[i].count(v):
                    fail(f"player {i} is known to hold more {v}s than they have")
        for k, v in enumerate(VALUES):
            total = deck[k] + sum(h.count(v) for h in hands)
            if total != self.rules.copies.value:
                fail(f"{total} cards of value {v}; there are {self.rules.copies.value}")
        player, turn = data["player"], data["turn"]
        if player.__class__ is not int or not 0 <= player < p:
            fail("player must be a seat")
        if turn.__class__ is not int or not 0 <= turn <= self.rounds * p:
            fail("turn out of range")
        offer = data["offer"]
        answers = data["answers"]
        if data["phase"] == "answer":
            if offer not in hands[player]:
                fail("the offered card must be in the offering hand")
            if (
                not isinstance(answers, list)
                or len(answers) >= p - 1
                or not all(a in ("accept", "refuse") for a in answers)
            ):
                fail("answers must be fewer than the other players")
        elif offer is not None or answers != []:
            fail("an offer exists only while it is answered")
        return SwapState(
            self,
            data["phase"],
            player,
            tuple(deck),
            hands,
            known,
            tuple(points),
            offer,
            tuple(answers),
            turn,
        )


@dataclass(frozen=True, slots=True, repr=False)
class SwapState(State):
    game: Swap = field(repr=False)
    phase: str  # deal (chance), turn, draw (chance), answer, over
    player: int  # the seat whose turn it is
    deck: tuple[int, ...]  # cards left per value
    hands: tuple[tuple[str, ...], ...]  # sorted
    known: tuple[tuple[str, ...], ...]  # cards everyone knows are in that hand
    points: tuple[int, ...]
    offer: str | None
    answers: tuple[str, ...]
    turn: int  # turns finished

    # -- who decides ---------------------------------------------------------------------------
    def _dealing_to(self) -> int:
        return next(i for i, h in enumerate(self.hands) if len(h) < self.game.rules.hand.value)

    def current_player(self) -> int:
        if self.phase in ("deal", "draw"):
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        if self.phase == "answer":
            return (self.player + 1 + len(self.answers)) % self.game.players
        return self.player

    def chance_kind(self) -> str:
        return "deal" if self.phase == "deal" else "card"

    # -- what may be done ----------------------------------------------------------------------
    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.phase not in ("deal", "draw"):
            raise IllegalActionError(f"no chance event is due (phase {self.phase!r})")
        verb = "deal" if self.phase == "deal" else "card"
        total = sum(self.deck)
        return tuple(
            (Action(verb, (v,)), Fraction(n, total))
            for v, n in zip(VALUES, self.deck, strict=True)
            if n
        )

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase in ("deal", "draw"):
            return tuple(a for a, _ in self.chance_outcomes())
        if self.phase == "answer":
            return (ACCEPT, REFUSE)
        if self.phase == "turn":
            acts = [Action("offer", (v,)) for v in sorted(set(self.hands[self.player]))]
            if sum(self.deck):
                acts.append(DRAW)
            if not acts:
                acts.append(PASS)
            return tuple(sorted(acts))
        return ()

    def parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be a string, got {type(text).__name__}")
        words = text.lower().split()
        if words in (["draw"], ["pass"], ["accept"], ["refuse"]):
            return Action(words[0])
        if len(words) == 2 and words[0] in ("offer", "deal", "card") and words[1] in VALUES:
            return Action(words[0], (words[1],))
        raise InvalidActionError(
            f"{text[:40]!r} is not a Swap action; actions are draw, offer <1-3>, accept, refuse, pass"
        )

    def _rule_broken(self, action: Action) -> tuple[str, dict[str, Any]]:
        if self.phase == "answer":
            return "rule.answer", {}
        if action.verb == "offer" and self.phase == "turn":
            return "rule.not_in_hand", {"value": action.args[0]}
        if action.verb == "draw" and self.phase == "turn":
            return "rule.deck_empty", {}
        return "rule.not_now", {}

    def apply(self, action: Action | str) -> SwapState:
        action = self.to_action(action)
        if not action.well_formed():
            raise InvalidActionError(f"{action!r:.60} is not a Swap action")
        if action not in self.legal_actions():
            if self.parse_action(str(action)) != action:
                raise InvalidActionError(f"{action!r} is not written as Swap writes it")
            raise self.illegal(action)
        verb = action.verb
        if verb == "deal":
            seat = self._dealing_to()
            state = self._gain(seat, action.args[0])
            if all(len(h) == state.game.rules.hand.value for h in state.hands):
                return replace(state, phase="turn")
            return state
        if verb == "card":
            return replace(self._gain(self.player, action.args[0]), phase="turn")._next_turn()
        if verb == "draw":
            return replace(self, phase="draw")
        if verb == "pass":
            return self._next_turn()
        if verb == "offer":
            return replace(self, phase="answer", offer=action.args[0], answers=())
        answers = (*self.answers, verb)
        if len(answers) < self.game.players - 1:
            return replace(self, answers=answers)
        return self._settle(answers)

    def _gain(self, seat: int, value: str) -> SwapState:
        deck = list(self.deck)
        deck[VALUES.index(value)] -= 1
        hands = list(self.hands)
        hands[seat] = tuple(sorted((*hands[seat], value)))
        return replace(self, deck=tuple(deck), hands=tuple(hands))

    def _settle(self, answers: tuple[str, ...]) -> SwapState:
        p, card = self.player, self.offer
        assert card is not None
        state = replace(self, phase="turn", offer=None, answers=())
        if "accept" in answers:
            taker = (p + 1 + answers.index("accept")) % self.game.players
            hands, known, points = list(self.hands), list(self.known), list(self.points)
            mine = list(hands[p])
            mine.remove(card)
            hands[p] = tuple(mine)
            if card in known[p]:
                k = list(known[p])
                k.remove(card)
                known[p] = tuple(k)
            hands[taker] = tuple(sorted((*hands[taker], card)))
            known[taker] = tuple(sorted((*known[taker], card)))
            points[p] += 1
            state = replace(state, hands=tuple(hands), known=tuple(known), points=tuple(points))
        return state._next_turn()

    def _next_turn(self) -> SwapState:
        turn = self.turn + 1
        if turn >= self.game.rounds * self.game.players:
            return replace(self, phase="over", turn=turn)
        return replace(self, phase="turn", turn=turn, player=(self.player + 1) % self.game.players)

    # -- results -------------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        return tuple(
            pts + sum(h.count(v) // 2 for v in VALUES)
            for pts, h in zip(self.points, self.hands, strict=True)
        )

    def winners(self) -> tuple[int, ...]:
        if self.phase != "over":
            return ()
        s = self.scores()
        return tuple(i for i, x in enumerate(s) if x == max(s))

    # -- what a viewer may see -------------------------------------------------------------------
    def observation(self, viewer: Any = OMNISCIENT) -> dict[str, Any]:
        viewer = check_viewer(viewer, self.game.players)
        return {
            "phase": self.phase,
            "player": self.player,
            "viewer": viewer if isinstance(viewer, int) else str(viewer),
            "hand": list(self.hands[viewer]) if isinstance(viewer, int) else None,
            "hands": [list(h) for h in self.hands] if viewer is OMNISCIENT else None,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "deck": sum(self.deck),
            "points": list(self.points),
            "offer": self.offer,
            "answers": list(self.answers),
            "turn": self.turn,
            "scores": list(self.scores()) if self.phase == "over" else None,
        }

    def _receiver(self, action: Action) -> int:
        return self._dealing_to() if action.verb == "deal" else self.player

    def redact(self, action: Action, viewer: Any, now: State | None = None) -> str:
        if (
            action.verb in ("deal", "card")
            and viewer is not OMNISCIENT
            and viewer != self._receiver(action)
        ):
            return f"{action.verb} ?"
        return str(action)

    def action_text(
        self, action: Action, viewer: Any = OMNISCIENT, lang: str = "en", now: State | None = None
    ) -> str:
        if action.verb in ("deal", "card"):
            seat = self._receiver(action)
            who = _t("core", "player", lang, n=seat + 1)
            if viewer == seat:
                return _t(NAME, f"log.{action.verb}_own", lang, value=action.args[0])
            if viewer is OMNISCIENT:
                return f"{who}: {action}"
            return _t(NAME, f"log.{action.verb}_other", lang, who=who)
        who = _t("core", "player", lang, n=self.current_player() + 1)
        if action.verb == "offer":
            return _t(NAME, "log.offer", lang, who=who, value=action.args[0])
        if action.verb in ("accept", "refuse"):
            return _t(NAME, "log.answer", lang, who=who, word=action.verb)
        return _t(NAME, f"log.{action.verb}", lang, who=who)

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> SwapState:
        """Deal again every card ``seat`` cannot see: the deck and the unknown part of other hands."""
        check_viewer(seat, self.game.players)
        pool: list[str] = [v for v, n in zip(VALUES, self.deck, strict=True) for _ in range(n)]
        hands = list(self.hands)
        public = [list(k) for k in self.known]
        if self.offer is not None and self.offer not in public[self.player]:
            public[self.player].append(self.offer)  # the card on offer is in that hand
        for q in range(self.game.players):
            if q != seat:
                unknown = list(hands[q])
                for c in public[q]:
                    unknown.remove(c)
                pool += unknown
        order = [pool[i] for i in rng.permutation(len(pool))]
        for q in range(self.game.players):
            if q != seat:
                free = len(hands[q]) - len(public[q])
                hands[q] = tuple(sorted((*public[q], *order[:free])))
                order = order[free:]
        deck = tuple(order.count(v) for v in VALUES)
        return replace(self, hands=tuple(hands), deck=deck)

    # -- checks ----------------------------------------------------------------------------------
    def components(self) -> dict[str, int]:
        return {"cards": sum(self.deck) + sum(len(h) for h in self.hands)}

    def to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "player": self.player,
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "points": list(self.points),
            "offer": self.offer,
            "answers": list(self.answers),
            "turn": self.turn,
        }

    def text(self) -> str:
        hands = " ".join("".join(h) or "-" for h in self.hands)
        return f"{self.phase} p{self.player} turn {self.turn} | hands {hands} | deck {sum(self.deck)} | points {list(self.points)}"


def register() -> None:
    """Make the game loadable (the tests call this; the package never does)."""
    from kaskaria.core import register as register_game

    register_game(NAME, Swap)
