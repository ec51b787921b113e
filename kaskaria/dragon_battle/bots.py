"""Bots for Dragon Battle: ``bot.choose(state, rng) -> Action`` for a player's decision.

>>> from kaskaria.dragon_battle.bots import make_bot
>>> make_bot("threshold", risk=0.2)
make_bot('threshold', risk=Fraction(1, 5))

Every bot sees only what the player to move may see (:func:`~kaskaria.dragon_battle.odds.turn_view`),
chooses only legal actions, and draws randomness only from the ``rng`` it is given (the bots
other than ``"random"`` do not draw at all). The same bots play in the engine, in widgets and in
tournaments (:mod:`kaskaria.tournament`).

- ``"random"``: uniformly among the legal actions (works for any game);
- ``"cautious"``: stops after the first successful placement;
- ``"all-in"``: rolls on until no dice are left;
- ``"threshold"``: rolls on while the chance that the next roll fails is at most ``risk``;
- ``"rule"``: the rule a child can follow (:func:`~kaskaria.dragon_battle.odds.optimal_rule_text`);
- ``"optimal"``: the exact solver's best choice (:func:`~kaskaria.dragon_battle.odds.advise`).

``"cautious"``, ``"all-in"`` and ``"threshold"`` place greedily: on the empty dragon with the most
stars, with the fewest dice on a tie. Each bot plays one turn exactly like the turn policy of the
same name (:func:`~kaskaria.dragon_battle.odds.make_policy`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import Action
from . import odds
from .odds import ROLL, STOP, TurnPolicy, make_policy

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


def _decision_state(state: Any) -> int:
    """The player to move; a ValueError if nobody is to decide."""
    current = getattr(state, "current_player", None)
    if current is None:
        raise TypeError(f"a bot needs a game state, got {type(state).__name__}")
    player = current()
    if player < 0:
        raise ValueError(
            f"a bot chooses only a player's decision; nobody decides now ({state!r}): "
            "resolve chance with state.sample_chance(rng)"
        )
    return player


def _check_rng(rng: Any) -> None:
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"rng must be a numpy.random.Generator (numpy.random.default_rng(seed)), got {rng!r}"
        )


class Bot:
    """Base class: a name, parameters, and ``choose(state, rng) -> Action``."""

    name: str = ""

    @property
    def params(self) -> dict[str, Any]:
        return {}

    @property
    def label(self) -> str:
        """A short display name with the parameters, e.g. ``"threshold(1/5)"``."""
        if not self.params:
            return self.name
        return f"{self.name}({', '.join(str(v) for v in self.params.values())})"

    def choose(self, state: Any, rng: np.random.Generator) -> Action:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"make_bot({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and repr(other) == repr(self)

    def __hash__(self) -> int:
        return hash(repr(self))


class RandomBot(Bot):
    """Picks uniformly among the legal actions (in any game)."""

    name = "random"

    def choose(self, state: Any, rng: np.random.Generator) -> Action:
        _decision_state(state)
        _check_rng(rng)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return legal[int(rng.integers(len(legal)))]


def _turn(state: Any) -> tuple[odds.Model, int]:
    """The turn model as the player to move sees it, and the mask of scared dragons."""
    if not hasattr(state, "on_dragon"):
        raise TypeError(f"this bot plays Dragon Battle, got {type(state).__name__}")
    model = odds._state_model(state)
    mask = 0
    for i, dice in enumerate(state.on_dragon):
        if dice:
            mask |= 1 << i
    return model, mask


class PolicyBot(Bot):
    """Plays each turn with a :class:`~kaskaria.dragon_battle.odds.TurnPolicy`."""

    def __init__(self, policy: TurnPolicy) -> None:
        self.policy = policy
        self.name = policy.name

    def choose(self, state: Any, rng: np.random.Generator) -> Action:
        _decision_state(state)
        _check_rng(rng)
        model, mask = _turn(state)
        phase = state.phase
        if phase == "start":
            return ROLL
        if phase == "decide":
            return ROLL if self.policy.roll_probability(model, mask, state.hand) else STOP
        if phase == "place":
            counts = odds._counts_of(state.rolled)
            ((i, _),) = self.policy.placement(model, mask, counts)
            return odds._options(mask, counts, model[2])[i][0]
        raise ValueError(f"no decision in phase {phase!r}")  # pragma: no cover


class CautiousBot(PolicyBot):
    """Stops after the first successful placement (greedy placement)."""

    def __init__(self) -> None:
        super().__init__(make_policy("cautious"))


class AllInBot(PolicyBot):
    """Rolls on until no dice are left (greedy placement)."""

    def __init__(self) -> None:
        super().__init__(make_policy("all-in"))


class ThresholdBot(PolicyBot):
    """Rolls on while the chance that the next roll fails is at most ``risk`` (greedy placement).

    ``risk`` 0 never rolls again after the first roll; ``risk`` 1 always rolls on.
    """

    def __init__(self, risk: Any) -> None:
        super().__init__(make_policy("threshold", risk=risk))

    @property
    def risk(self):
        return self.policy.risk

    @property
    def params(self) -> dict[str, Any]:
        return {"risk": self.policy.risk}


class RuleBot(PolicyBot):
    """Follows the rule of :func:`~kaskaria.dragon_battle.odds.optimal_rule_text`."""

    def __init__(self) -> None:
        super().__init__(make_policy("rule"))


class OptimalBot(Bot):
    """The exact solver's best choice (:func:`~kaskaria.dragon_battle.odds.advise`): the most
    expected stars this turn, the smaller chance of failing on a tie."""

    name = "optimal"

    def choose(self, state: Any, rng: np.random.Generator) -> Action:
        _decision_state(state)
        _check_rng(rng)
        return odds.advise(state).best


_FACTORIES = {
    "random": RandomBot,
    "cautious": CautiousBot,
    "all-in": AllInBot,
    "threshold": ThresholdBot,
    "optimal": OptimalBot,
    "rule": RuleBot,
}


def make_bot(name: str, **params: Any) -> Bot:
    """A bot by name (one of :data:`BOT_NAMES`); ``"threshold"`` needs ``risk=`` (0 to 1)."""
    if name not in _FACTORIES:
        shown = ", ".join(repr(n) for n in BOT_NAMES)
        raise ValueError(f"unknown bot {name!r}; choose one of: {shown}")
    if name == "threshold":
        unknown = sorted(set(params) - {"risk"})
        if unknown or "risk" not in params:
            raise ValueError(
                f"the 'threshold' bot takes exactly one parameter, risk= (0 to 1); got {params}"
            )
        return ThresholdBot(params["risk"])
    if params:
        raise ValueError(f"the {name!r} bot takes no parameters, got {sorted(params)}")
    return _FACTORIES[name]()
