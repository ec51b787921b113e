"""Bots for Dragon Battle, registered with :mod:`kaskaria.bots`.

>>> from kaskaria.bots import make_bot
>>> make_bot("dragon-battle", "threshold", risk=0.2)
make_bot('threshold', risk=Fraction(1, 5))

Every bot decides from what the player to move may see (its seat's observation: see
:func:`~kaskaria.dragon_battle.odds.turn_view`), chooses only legal actions, and draws randomness
only from the ``rng`` it is given (the bots other than ``"random"`` do not draw at all).

- ``"random"``: uniformly among the legal actions (works for any game);
- ``"cautious"``: stops after the first successful placement;
- ``"all-in"``: rolls on until no dice are left;
- ``"threshold"``: rolls on while the chance that the next roll fails is at most ``risk``;
- ``"rule"``: the rule a child can follow (:func:`~kaskaria.dragon_battle.odds.optimal_rule_text`);
- ``"optimal"``: the exact solver's best choice (:func:`~kaskaria.dragon_battle.odds.advise`).

``"cautious"``, ``"all-in"`` and ``"threshold"`` place greedily: on the empty dragon with the most
stars, with the fewest dice on a tie. Each bot plays one turn exactly like the turn policy of the
same name (:func:`~kaskaria.dragon_battle.odds.make_policy`). In the memory variant the policy bots
and ``"optimal"`` take ``memory="perfect"`` to remember the residents they saw drawn (the default,
``"forgetful"``, counts a face-down resident as the average of those not in sight).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..bots import (
    Bot,
    BotSpec,
    RandomBot,
    SeatView,
    bot_spec,
    register_bot,
    register_difficulties,
    register_playout_seconds,
)
from ..core import Action
from ..validate import short
from . import odds
from .odds import MEMORY_MODELS, TurnPolicy, make_policy
from .pieces import NAME
from .turn import ROLL, STOP, counts_of, mask_of
from .turn import options as placement_options

__all__ = [
    "BOT_NAMES",
    "AllInBot",
    "Bot",
    "CautiousBot",
    "OptimalBot",
    "PolicyBot",
    "RandomBot",
    "RuleBot",
    "ThresholdBot",
    "make_bot",
]

#: The bots :func:`make_bot` knows.
BOT_NAMES: tuple[str, ...] = ("random", "cautious", "all-in", "threshold", "optimal", "rule")


def _memory(memory: Any) -> str:
    if memory not in MEMORY_MODELS or not isinstance(memory, str):
        raise ValueError(f"memory must be 'forgetful' or 'perfect', got {short(memory, 30)}")
    return memory


class _DragonBattleBot(Bot):
    game = NAME

    def __init__(self, memory: str = "forgetful") -> None:
        self.memory = _memory(memory)

    @property
    def params(self) -> dict[str, Any]:
        return {} if self.memory == "forgetful" else {"memory": self.memory}

    def _seen(self, view: SeatView) -> dict[str, Any]:
        if self.memory == "perfect":
            return view.observe(memory="perfect")
        return view.observation


class PolicyBot(_DragonBattleBot):
    """Plays each turn with a :class:`~kaskaria.dragon_battle.odds.TurnPolicy`."""

    def __init__(self, policy: TurnPolicy, memory: str = "forgetful") -> None:
        super().__init__(memory)
        self.policy = policy
        self.name = policy.name

    def decide(self, view: SeatView, rng: Any) -> Action:
        seen = self._seen(view)
        phase = seen["phase"]
        if phase == "start":
            return ROLL
        model = odds.checked_model(odds.view_from_observation(view.game, seen))
        mask = mask_of(tuple(tuple(d["dice"]) for d in seen["dragons"]))
        if phase == "decide":
            return ROLL if self.policy.roll_probability(model, mask, seen["hand"]) else STOP
        counts = counts_of(seen["rolled"])
        ((i, _),) = self.policy.placement(model, mask, counts)
        return placement_options(mask, counts, model[2])[i][0]


class CautiousBot(PolicyBot):
    """Stops after the first successful placement (greedy placement)."""

    def __init__(self, memory: str = "forgetful") -> None:
        super().__init__(make_policy("cautious"), memory)


class AllInBot(PolicyBot):
    """Rolls on until no dice are left (greedy placement)."""

    def __init__(self, memory: str = "forgetful") -> None:
        super().__init__(make_policy("all-in"), memory)


class ThresholdBot(PolicyBot):
    """Rolls on while the chance that the next roll fails is at most ``risk`` (greedy placement).

    ``risk`` 0 never rolls again after the first roll; ``risk`` 1 always rolls on.
    """

    def __init__(self, risk: Any, memory: str = "forgetful") -> None:
        super().__init__(make_policy("threshold", risk=risk), memory)

    @property
    def risk(self) -> Fraction:
        return self.policy.risk  # type: ignore[return-value]

    @property
    def params(self) -> dict[str, Any]:
        return {"risk": self.policy.risk, **super().params}


class RuleBot(PolicyBot):
    """Follows the rule of :func:`~kaskaria.dragon_battle.odds.optimal_rule_text`."""

    def __init__(self, memory: str = "forgetful") -> None:
        super().__init__(make_policy("rule"), memory)


class OptimalBot(_DragonBattleBot):
    """The exact solver's best choice (:func:`~kaskaria.dragon_battle.odds.advise`): the most
    expected stars this turn, the smaller chance of failing on a tie."""

    name = "optimal"
    cost = 3.0

    def decide(self, view: SeatView, rng: Any) -> Action:
        return odds.advise_observation(view.game, self._seen(view)).best


_MEMORY = {"memory": "'forgetful' (default) or 'perfect': remembers the residents it saw drawn"}
_RISK = {"risk": "the largest chance of failing the next roll it accepts, 0 to 1"}
for _spec in (
    BotSpec(
        "cautious",
        CautiousBot,
        "stops after the first successful placement",
        _MEMORY,
        {"memory": "forgetful"},
    ),
    BotSpec(
        "all-in", AllInBot, "rolls on until no dice are left", _MEMORY, {"memory": "forgetful"}
    ),
    BotSpec(
        "threshold",
        ThresholdBot,
        "rolls on while the next roll fails at most as often as its risk",
        {**_RISK, **_MEMORY},
        {"memory": "forgetful"},
        presets={f"threshold({r})": {"risk": Fraction(r)} for r in ("1/10", "1/4", "1/2")},
    ),
    BotSpec(
        "optimal",
        OptimalBot,
        "the exact best choice for the most stars",
        _MEMORY,
        {"memory": "forgetful"},
    ),
    BotSpec("rule", RuleBot, "the short rule a child can follow", _MEMORY, {"memory": "forgetful"}),
):
    register_bot(NAME, _spec)
# The bots a child chooses by difficulty, from a seeded three-bot tournament
# (kaskaria.tournament.play_tournament, seats rotated; 300 games of cautious / rule / optimal):
# win rates 0.02 / 0.42 / 0.56.
register_difficulties(NAME, easy="cautious", medium="rule", hard="optimal")
# a whole game between two random bots takes about 2 ms
register_playout_seconds(NAME, 0.002)


def make_bot(name: str, **params: Any) -> Bot:
    """A Dragon Battle bot by name (one of :data:`BOT_NAMES`); ``"threshold"`` needs ``risk=``
    (0 to 1); every bot but ``"random"`` takes ``memory=``. The same as
    ``kaskaria.bots.make_bot("dragon-battle", name, **params)``."""
    return bot_spec(NAME, name).make(**params)
