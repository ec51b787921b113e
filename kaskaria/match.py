"""A match: a game, a seed and the list of actions taken, with undo, replay and JSON save/load.

Chance is resolved by a generator seeded from the match seed and the position in the game
(``numpy.random.default_rng([seed, ply])``), so the same seed and the same decisions always give the
same game, and a roll made again at the same moment shows the same dice.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from .core import CHANCE, Action, Game, IllegalActionError, load

__all__ = ["FORMAT", "VERSION", "Match", "SavedGameError"]

FORMAT = "kaskaria-match"
VERSION = 1
_MAX_SEED = 2**63


class SavedGameError(ValueError):
    """A saved game (JSON or scenario code) that cannot be loaded; the message says why."""


class Match:
    """A game in progress: ``Match(kaskaria.load("dragon-battle"), seed=7)``.

    ``match.state`` is the current state; ``match.play("place red")`` applies a decision and then
    resolves any chance that follows; ``match.undo()`` goes back one decision; ``match.at(n)`` is
    the state after ``n`` actions; ``match.to_json()`` / ``Match.from_json(text)`` save and load.
    """

    def __init__(self, game: Game, seed: int | None = None, actions: Iterable[Any] = ()) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game from kaskaria.load(...), got {game!r}")
        if seed is None:
            seed = game.seed
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % _MAX_SEED)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _MAX_SEED:
            raise ValueError(f"seed must be a whole number from 0 to 2**63 - 1, got {seed!r}")
        self.game = game
        self.seed = seed
        self.states = [game.new_state()]
        self.actions: list[Action] = []
        for i, action in enumerate(actions):
            try:
                self.apply(action)
            except ValueError as err:
                raise type(err)(f"action {i + 1} ({action!s}): {err}") from None

    # -- the current position --------------------------------------------------------------
    @property
    def state(self):
        return self.states[-1]

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, ply: int):
        """The state after the first ``ply`` actions (0 is the start; negative counts from the end)."""
        if (
            isinstance(ply, bool)
            or not isinstance(ply, int)
            or not -len(self.states) <= ply < len(self.states)
        ):
            raise ValueError(f"ply must be from 0 to {len(self.actions)}, got {ply!r}")
        return self.states[ply]

    def actors(self) -> list[int]:
        """Who took each action: a seat, or CHANCE."""
        return [int(s.current_player()) for s in self.states[:-1]]

    # -- moving ----------------------------------------------------------------------------
    def apply(self, action: Action | str):
        """Apply one action (a decision or an explicit chance outcome); returns the new state."""
        state = self.state
        if not isinstance(action, Action):
            action = state.parse_action(action)
        new = state.apply(action)
        self.actions.append(action)
        self.states.append(new)
        return new

    def chance_rng(self, ply: int | None = None) -> np.random.Generator:
        """The generator that picks the chance outcome at position ``ply`` (default: now)."""
        return np.random.default_rng([self.seed, len(self.actions) if ply is None else ply])

    def resolve_chance(self):
        """Resolve chance events with the match's seed until a player must decide (or the end)."""
        while self.state.current_player() == CHANCE:
            self.apply(self.state.sample_chance(self.chance_rng()))
        return self.state

    def play(self, action: Action | str):
        """Apply a player's decision, then resolve any chance that follows."""
        if self.state.current_player() == CHANCE:
            raise IllegalActionError(
                f"'{action}' is not allowed: a chance event is due, not a decision; call "
                "resolve_chance() or apply an outcome"
            )
        self.apply(action)
        return self.resolve_chance()

    def last_decision(self) -> int | None:
        """The index of the last player decision in ``actions``, or None."""
        for i in range(len(self.actions) - 1, -1, -1):
            if self.states[i].current_player() >= 0:
                return i
        return None

    def can_undo(self, through_chance: bool = False) -> bool:
        i = self.last_decision()
        if i is None:
            return False
        return through_chance or i == len(self.actions) - 1

    def undo(self, through_chance: bool = False):
        """Go back one decision and return the state before it.

        Dice results stand: if chance followed the last decision (a roll, a draw), undo is refused
        unless ``through_chance=True``, which removes those results too (made again at the same
        moment, they come out the same, since chance is seeded by position).
        """
        i = self.last_decision()
        if i is None:
            raise IllegalActionError("nothing to undo: no decision has been taken yet")
        if not through_chance and i != len(self.actions) - 1:
            shown = ", ".join(str(a) for a in self.actions[i + 1 :])
            raise IllegalActionError(
                f"cannot undo '{self.actions[i]}': the chance results after it stand ({shown})"
            )
        del self.actions[i:]
        del self.states[i + 1 :]
        return self.state

    def truncate(self, ply: int):
        """Go back to the position after ``ply`` actions (a replay point); returns that state."""
        self.at(ply)
        ply %= len(self.states)
        del self.actions[ply:]
        del self.states[ply + 1 :]
        return self.state

    def copy(self) -> Match:
        other = Match.__new__(Match)
        other.game, other.seed = self.game, self.seed
        other.states, other.actions = list(self.states), list(self.actions)
        return other

    # -- text ------------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The game as lines of action text."""
        return [str(a) for a in self.actions]

    def __repr__(self) -> str:
        return (
            f"<Match {self.game.name} players={self.game.players} variant={self.game.variant} "
            f"seed={self.seed} actions={len(self.actions)}: {self.state.text()}>"
        )

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            **self.game.spec(),
            "seed": self.seed,
            "actions": self.lines(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """Rebuild a match from ``to_dict()`` output, validating every field and every action."""
        if not isinstance(data, dict):
            raise SavedGameError(f"a saved game is a JSON object, got {type(data).__name__}")
        expected = {"format", "version", "game", "players", "variant", "options", "seed", "actions"}
        missing = sorted(expected - set(data))
        extra = sorted(set(data) - expected)
        if missing or extra:
            raise SavedGameError(
                f"saved game fields are wrong (missing {missing}, unknown {extra}); expected "
                f"{sorted(expected)}"
            )
        if data["format"] != FORMAT:
            raise SavedGameError(f"not a saved game: format is {data['format']!r}, not {FORMAT!r}")
        if data["version"] != VERSION or isinstance(data["version"], bool):
            raise SavedGameError(
                f"saved game version {data['version']!r} is not supported; this is version {VERSION}"
            )
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SavedGameError(f"seed must be a whole number from 0 to 2**63 - 1, got {seed!r}")
        if not isinstance(data["options"], dict):
            raise SavedGameError(f"options must be an object, got {data['options']!r}")
        if not isinstance(data["actions"], list) or not all(
            isinstance(a, str) for a in data["actions"]
        ):
            raise SavedGameError("actions must be a list of action texts")
        try:
            game = load(
                data["game"],
                players=data["players"],
                variant=data["variant"],
                **data["options"],
            )
        except (TypeError, ValueError) as err:
            raise SavedGameError(f"saved game cannot be set up: {err}") from None
        try:
            return cls(game, seed=data["seed"], actions=data["actions"])
        except (TypeError, ValueError) as err:
            raise SavedGameError(f"saved game does not replay: {err}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise SavedGameError(f"a saved game must be JSON: {err}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Match:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    # -- scenario codes --------------------------------------------------------------------
    def to_code(self) -> str:
        """A short code (seed + actions) to paste into another notebook: ``Match.from_code(c)``."""
        raw = json.dumps(self.to_dict(), separators=(",", ":")).encode()
        return "KAS1-" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")

    @classmethod
    def from_code(cls, code: str) -> Match:
        if not isinstance(code, str) or not code.strip().startswith("KAS1-"):
            raise SavedGameError(f"a scenario code starts with 'KAS1-', got {code!r:.40}")
        body = code.strip()[5:]
        try:
            raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        except (ValueError, zlib.error) as err:
            raise SavedGameError(
                f"scenario code is damaged ({err}); copy it again in full"
            ) from None
        return cls.from_json(raw)
