"""Dragon Battle: the whole rulebook as an immutable state machine.

Phases of a state (``state.phase``):

``"draw"``    chance: a resident is drawn from the pile and laid under the leftmost empty dragon
              (at set-up, and between turns to refill empty places);
``"start"``   the player to move must roll all the dice (``roll``);
``"rolling"`` chance: the dice in hand are rolled (``roll black blue red red``);
``"place"``   the player must set aside one colour of the roll (``place red``,
              ``place silver on blue``, with an option also ``place red with silver``);
``"decide"``  the player rolls the dice still in hand (``roll``) or stops (``stop``);
``"over"``    the game has ended.

Black dice go to the well as part of the roll itself; a roll on which nothing can be placed fails
the scare at once (the player takes a juggler if any are left); when no dice are left in hand after
a placement the scare ends as a success. The turn itself (dice, outcomes, placements) is the model
of :mod:`kaskaria.dragon_battle.turn`, which the odds, the bots and the simulator share.

This module is the game (:class:`DragonBattle`, what the registry loads); the engine's other jobs
each have a module of their own: :mod:`.pieces` (the name, the kind of game, the words of a
resident), :mod:`.notation` (the parser), :mod:`.state` (:class:`DragonBattleState`, the state
machine), :mod:`.views` (what a viewer sees, the log's sentences) and :mod:`.loader` (a saved
position read back).
"""

from __future__ import annotations

from typing import Any

from ..core import Game
from .loader import _state_from_dict
from .pieces import GAME_TYPE, NAME
from .pieces import resident_word as resident_word
from .rules import OPTION_TABLE, RULES, DragonBattleRules
from .state import DragonBattleState
from .turn import ROLL, STOP, placements, roll_outcomes

__all__ = [
    "GAME_TYPE",
    "NAME",
    "ROLL",
    "STOP",
    "DragonBattle",
    "DragonBattleState",
    "placements",
    "roll_outcomes",
]
# (``resident_word``, imported "as" itself above, is kept here for code that imported it from this
# module before the engine was split along its jobs; its home is pieces.py)


class DragonBattle(Game):
    """Dragon Battle (HABA's Drachenschreck) for 2-4 players.

    Variants: ``"basic"``, ``"younger"`` (most rescued residents wins), ``"memory"`` (residents are
    shown, then face down until rescued). Options: see :data:`kaskaria.dragon_battle.OPTIONS`;
    rules-table overrides: ``juggler_stars=``, ``jugglers=``, ``stars={name: stars}``,
    ``residents={name: stars}`` (a whole new list) or ``rules=`` (a :class:`DragonBattleRules`).
    """

    game_type = GAME_TYPE
    #: what a seat at this game may keep private from the others (nothing: see the memory variant)
    private_information = False
    #: option names a saved game may hold (``rules`` is a Python table: saved as its values)
    saved_options = (*OPTION_TABLE, "juggler_stars", "jugglers", "stars", "residents")

    def __init__(
        self,
        players: int = 2,
        variant: str = "basic",
        seed: int | None = None,
        *,
        rules: DragonBattleRules | None = None,
        juggler_stars: int | None = None,
        jugglers: int | None = None,
        stars: dict[str, int] | None = None,
        residents: dict[str, int] | None = None,
        **options: Any,
    ) -> None:
        OPTION_TABLE.check_names(
            options, ("rules", "juggler_stars", "jugglers", "stars", "residents")
        )
        if rules is not None and not isinstance(rules, DragonBattleRules):
            raise TypeError(f"rules must be a DragonBattleRules table, got {type(rules).__name__}")
        self.rules = (
            (rules or RULES).validate().with_overrides(juggler_stars, stars, residents, jugglers)
        )
        super().__init__(players, variant, seed)
        chosen = OPTION_TABLE.resolve(options, players)
        self.silver_with_colour: bool = chosen["silver_with_colour"]
        self.jugglers_run_out: str = chosen["jugglers_run_out"]
        self.first_player: int = chosen["first_player"]
        self.resident_names = self.rules.resident_names()
        self.stars = {r.name: r.stars for r in self.rules.residents.value}
        self.juggler_stars = self.rules.juggler_stars.value
        self.dice = self.rules.dice.value
        self.jugglers = self.rules.jugglers.value
        self.memory = variant == "memory"
        self._pile = tuple(sorted(self.resident_names))

    def player_range(self) -> tuple[int, int]:
        rules = getattr(self, "rules", None) or RULES
        lo, hi = rules.players.value
        return lo, hi

    def options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {
            "silver_with_colour": self.silver_with_colour,
            "jugglers_run_out": self.jugglers_run_out,
            "first_player": self.first_player,
        }
        if self.rules != RULES:
            opts["juggler_stars"] = self.juggler_stars
            if self.jugglers != RULES.jugglers.value:
                opts["jugglers"] = self.jugglers
            defaults = {r.name: r.stars for r in RULES.residents.value}
            if list(defaults) != list(self.stars):
                opts["residents"] = dict(self.stars)
            else:
                changed = {n: s for n, s in self.stars.items() if defaults[n] != s}
                if changed:
                    opts["stars"] = changed
        return opts

    @property
    def score_unit(self) -> str:
        return "residents" if self.variant == "younger" else "stars"

    def tournament_stats(self, state: Any) -> dict[str, tuple[Any, ...]]:
        return {"stars": state.stars()}

    def components(self) -> dict[str, int]:
        return {
            "residents": len(self.resident_names),
            "distinct_residents": len(self.resident_names),
            "jugglers": self.jugglers,
            "dice": self.dice,
        }

    def new_state(self) -> DragonBattleState:
        """The state before set-up: four residents are drawn (chance) before the first roll."""
        return DragonBattleState(
            game=self,
            phase="draw",
            player=self.first_player,
            under=(None,) * 4,
            face_up=(False,) * 4,
            pile=self._pile,
            on_dragon=((),) * 4,
            well=0,
            hand=self.dice,
            rolled=(),
            rescued=((),) * self.players,
            jugglers=(0,) * self.players,
            jugglers_left=self.jugglers,
            turns=0,
        )

    def state_from_dict(self, data: Any) -> DragonBattleState:
        """Rebuild a position, checking that it is one the rules can reach (see
        :meth:`DragonBattleState.from_dict`)."""
        return _state_from_dict(self, data)
