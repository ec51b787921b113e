"""Dragon's Gold: the whole rulebook (basic and advanced rules, negotiated and divide-and-choose
splits) as an immutable state machine.

Phases of a state (``state.phase``); chance phases are marked *(chance)*:

``card``    *(chance)* a dragon card is revealed onto the empty place ``target`` (``card 07``:
            the card's number, two digits, so that reveals sort by number);
``token``   *(chance)* one token is drawn from the bag onto dragon ``target`` (``token gold``):
            its known treasure when it is revealed, its hidden treasure when it is killed;
``item``    *(chance)* a magic item is drawn (``item ward``) by the seat at the head of
            ``items_due``;
``turn``    the player to move sends one face-up adventurer to a dragon
            (``send wizard to dragon 3``) or first plays a turn item (``play recall 2``);
``build``   negotiated split: the proposer hands out the treasure token by token
            (``give gold to 2``), then ``propose``; any involved player may say ``no deal``;
``answer``  each other involved player, in seat order after the proposer: ``accept``,
            ``refuse`` or ``no deal``;
``divide``  divide-and-choose: the splitter puts each token in a pile (``put gold in pile 1``),
            then ``split``;
``choose``  the others, strongest first, take a pile (``choose pile 2``);
``swap``    each player holding an item may swap two shares (``play swap-shares 1 3``) or ``pass``;
``victim``  a thief's player names whom it robs (``steal from 2``) or lets it be (``pass``: the
            rulebook lets a thief steal, it does not make it);
``ward``    the robbed player, if it holds items, may choose the token (``ward gold``) or ``pass``;
``pick``    a thief helped by its own wizard picks the token (``pick gold``) or, having looked,
            takes nothing (``pass``);
``steal``   *(chance)* the stolen token (``stolen gold``), picked at random from the screen;
``market``  the market: a player starts an offer with one of its tokens (``offer silver``) or one
            it asks for (``ask gold``), or leaves the market (``pass``);
``offer``   the offer being built, one token at a time (``offer silver``, ``ask gold``), then made
            to one player (``trade with 3``) or withdrawn (``cancel``);
``reply``   the asked player ``accept`` s (only holding everything asked) or ``refuse`` s;
``over``    the game has ended.

Seats are 0-based in Python and 1-based in the text notation (``give gold to 2`` hands gold to
seat 1); dragons are the places 1-4 on the table. See ``docs/dragons-gold.md`` for every reading of
the rulebook that the engine takes.

This module is the game (:class:`DragonsGold`, what the registry loads); the engine's jobs each
have a module of their own: :mod:`.pieces` (the name, the kind of game, pieces as numbers),
:mod:`.notation` (the action objects and the parser), :mod:`.scoring`, :mod:`.flow` (the
transitions), :mod:`.state` (:class:`DragonsGoldState`), :mod:`.views` (what a viewer sees),
:mod:`.log` (the log's sentences) and :mod:`.loader` (a saved position read back).
"""

from __future__ import annotations

from typing import Any

from ..core import Action, Game
from .flow import _Flow
from .loader import _state_from_dict
from .log import describe_action, tokens_text
from .notation import _SENDS as _SENDS
from .notation import _STOLEN as _STOLEN
from .notation import _TOKEN as _TOKEN
from .notation import _act
from .notation import _card as _card
from .notation import _give_action as _give_action
from .pieces import GAME_TYPE, NAME, UP, ZERO
from .rules import COLOURS, OPTION_TABLE, RULES, DragonsGoldRules
from .scoring import _score_changes as _score_changes
from .scoring import _score_table as _score_table
from .scoring import score_table
from .state import DragonsGoldState

__all__ = [
    "GAME_TYPE",
    "NAME",
    "DragonsGold",
    "DragonsGoldState",
    "describe_action",
    "score_table",
    "tokens_text",
]
# (the names imported "as" themselves above are kept here for code that imported them from this
# module before the engine was split along its jobs: the engine's own action objects and the
# scoring helpers; their homes are notation.py and scoring.py)


class DragonsGold(Game):
    """Dragon's Gold (Bruno Faidutti; White Goblin Games 2011) for 3-6 players.

    Variants: ``"basic"``, ``"basic-strategic"``, ``"advanced"``, ``"advanced-strategic"``
    (the scoring and set-up, and negotiated or divide-and-choose splits). Options: see
    :data:`kaskaria.dragons_gold.rules.OPTION_TABLE`; rules-table overrides: ``dragons=[(strength,
    known, hidden), ...]``, ``item_counts={kind: count}``, ``hourglass_seconds=`` or ``rules=`` (a
    :class:`DragonsGoldRules`).
    """

    game_type = GAME_TYPE
    private_information = True
    saved_options = (*OPTION_TABLE, "dragons", "item_counts", "hourglass_seconds")

    def __init__(
        self,
        players: int = 4,
        variant: str = "basic",
        seed: int | None = None,
        *,
        rules: DragonsGoldRules | None = None,
        dragons: Any = None,
        item_counts: Any = None,
        hourglass_seconds: Any = None,
        **options: Any,
    ) -> None:
        OPTION_TABLE.check_names(options, ("rules", "dragons", "item_counts", "hourglass_seconds"))
        if rules is not None and not isinstance(rules, DragonsGoldRules):
            raise TypeError(f"rules must be a DragonsGoldRules table, got {type(rules).__name__}")
        self.rules = (
            (rules or RULES).validate().with_overrides(dragons, item_counts, hourglass_seconds)
        )
        super().__init__(players, variant, seed)
        chosen = OPTION_TABLE.resolve(options, players)
        self.first_player: int = chosen["first_player"]
        self.use_items: bool = chosen["items"]
        self.proposals: int = chosen["proposals"]
        self.market_offers: int = chosen["market_offers"]
        self.advanced = variant.startswith("advanced")
        self.strategic = variant.endswith("strategic")
        r = self.rules
        self.cards = r.dragons.value
        self.strengths = r.adventurers.value
        #: the strength of a fighter by its code ``4 * seat + adventurer``
        self.strength_of = tuple(self.strengths[c % 4] for c in range(4 * players)).__getitem__
        self.tokens = r.tokens.value
        self.item_names = r.item_names()
        self.item_counts = tuple(k.count for k in r.items.value)
        self.item_timing = {k.name: k.timing for k in r.items.value}
        self.market_at = (len(self.cards) - 4) // 2
        self.nk = len(self.item_names)
        #: item kinds in the order their draws sort in (by name), and those draws
        self.item_alpha = tuple(sorted(range(self.nk), key=self.item_names.__getitem__))
        self.item_draws = tuple(_act("item", self.item_names[k]) for k in self.item_alpha)
        #: those draws by identity: the action and its item kind
        self.item_ids = {
            id(a): (a, k) for a, k in zip(self.item_draws, self.item_alpha, strict=True)
        }
        #: the item kind "recall" (-1: not in the game)
        self.recall = self.item_names.index("recall") if "recall" in self.item_names else -1
        #: the item kinds "ward" and "swap-shares" (-1: not in the game)
        self.ward = self.item_names.index("ward") if "ward" in self.item_names else -1
        self.swap_shares = (
            self.item_names.index("swap-shares") if "swap-shares" in self.item_names else -1
        )
        #: the sorted legal actions of the situations of the decision phases seen so far
        self.legal_cache: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        #: phase "build": a cached list of legal actions and, per colour, the list that follows
        #: when that colour's last token is handed out (by the list's identity; the entry keeps
        #: the list alive, so its identity cannot pass to another object)
        self.legal_drops: dict[int, tuple[tuple[Action, ...], dict[int, tuple[Action, ...]]]] = {}

    def player_range(self) -> tuple[int, int]:
        rules = getattr(self, "rules", None) or RULES
        return rules.players.value

    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {
            "first_player": self.first_player,
            "items": self.use_items,
            "proposals": self.proposals,
            "market_offers": self.market_offers,
        }
        if self.rules.dragons != RULES.dragons:
            opts["dragons"] = [[c.strength, c.known, c.hidden] for c in self.cards]
        if self.rules.items != RULES.items:
            opts["item_counts"] = dict(zip(self.item_names, self.item_counts, strict=True))
        if self.rules.hourglass_seconds != RULES.hourglass_seconds:
            opts["hourglass_seconds"] = self.rules.hourglass_seconds.value
        return opts

    def components(self) -> dict[str, int]:
        out = {f"tokens.{c}": n for c, n in zip(COLOURS, self.tokens, strict=True)}
        out["tokens"] = sum(self.tokens)
        out["dragons"] = len(self.cards)
        out["adventurers"] = 4 * self.players
        out["items"] = sum(self.item_counts)
        return out

    def new_state(self) -> DragonsGoldState:
        P, nk = self.players, self.nk
        b = dict(
            phase="card",
            turn=self.first_player,
            slots=(-1,) * 4,
            treasure=(ZERO,) * 4,
            fighters=((),) * 4,
            advs=((UP,) * 4,) * P,
            deck=tuple(range(len(self.cards))),
            gone=(),
            drawn=0,
            market=0,
            bag=self.tokens,
            out=ZERO,
            screens=(ZERO,) * P,
            known=((ZERO,) * P,) * (P + 1),
            hands=((0,) * nk,) * P,
            item_deck=self.item_counts if self.use_items else (0,) * nk,
            discard=(0,) * nk,
            target=0,
            pending=0,
            items_due=(),
            resume="setup",
            involved=(),
            parts=(),
            budget=0,
            proposer=-1,
            order=(),
            owners=(),
            thieves=(),
            victim=-1,
            offers=(),
            offer=ZERO,
            ask=ZERO,
            partner=-1,
        )
        if not self.use_items:
            # without items the cards stay in the box: counted in the discard pile, never drawn
            b["discard"] = self.item_counts
        _Flow(self, b).reveal_or_next(0)
        return DragonsGoldState(self, **b)

    def state_from_dict(self, data: Any) -> DragonsGoldState:
        return _state_from_dict(self, data)
