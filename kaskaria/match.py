"""A match: a game, a seed and the list of actions taken, with undo, replay and JSON save/load.

Chance is resolved by a generator seeded from the match seed and the position in the game
(``numpy.random.default_rng([seed, ply])``), so the same seed and the same decisions always give the
same game, and a roll made again at the same moment shows the same dice.

A match knows whether its chance results are the ones its seed gives (*fair*) or were set by hand
(*staged*: a lesson replaying the rulebook's dice). Saved games and codes carry that, and anything
that pools results from several games counts only fair ones.

A scenario code is the saved game, compressed. ``match.to_code()`` is the full code (the
teacher's). ``match.to_code(viewer=1)`` is the code *for a viewer*: it leaves out the words hidden
from that viewer (``draw ?``) and the seed, so no one can learn from it what that seat has not
seen; such a code can be read (:func:`read_code`) but not replayed.

The seed rule: while the game is not over, no viewer is given the seed (not in a viewer's code,
nor anywhere a table shows): from the seed and the lines, anyone could work out every hidden
draw, and every chance result still to come (the next dice). Once the game is over, a viewer from
whom no line is hidden gets the full code, seed included (:meth:`Match.seed_hidden_from`). The
teacher still has it in Python: ``match.seed`` and ``match.to_code()``.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .core import (
    CHANCE,
    OMNISCIENT,
    Action,
    Game,
    IllegalActionError,
    InvalidActionError,
    ViewerLike,
    check_viewer,
    game_class,
    load,
)
from .i18n import Localized
from .positions import MAX_POSITION_CHARS, position_text, read_position
from .validate import MAX_SEED, check_seed, exact_keys, fresh_seed, loads_limited, quote, short

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np


__all__ = [
    "CODE_PREFIX",
    "FORMAT",
    "MAX_CODE_CHARS",
    "VERSION",
    "Match",
    "MatchView",
    "SavedGameError",
    "read_code",
    "setup",
]

FORMAT = "kaskaria-match"
VERSION = 1
CODE_PREFIX = "KAS1-"
#: The longest scenario code read (a whole game of any of the games fits in far less).
MAX_CODE_CHARS = 60_000
#: The most bytes a code may decompress to.
MAX_CODE_BYTES = 600_000
#: The longest line of action text in a saved game.
MAX_ACTION_CHARS = 400
_FIELDS = ("format", "version", "game", "players", "variant", "options", "seed", "actions")
_VIEW_FIELDS = ("format", "version", "game", "players", "variant", "options", "viewer", "actions")


class SavedGameError(Localized, ValueError):
    """A saved game (JSON or scenario code) that cannot be loaded; the message says why."""

    def __init__(self, message: str, key: str = "saved_game_bad", **params: Any) -> None:
        super().__init__(message)
        self.set_message("core", key, detail=message, **params)


def _fail(message: str, key: str = "saved_game_bad", **params: Any) -> NoReturn:
    raise SavedGameError(message, key, **params)


def _bad(reason: str) -> NoReturn:
    _fail(f"a saved game must be JSON: {reason}")


@dataclass(frozen=True)
class MatchView:
    """A game as one viewer may read it (a viewer's code): the rules, the viewer, the lines."""

    spec: dict[str, Any]
    viewer: ViewerLike
    lines: tuple[str, ...]
    #: where the lines start: ``None`` (a new game), a position text, or ``"?"`` (a position
    #: that holds what the viewer may not see)
    start: str | None = None


class Match:
    """A game in progress: ``Match(kaskaria.load("dragon-battle"), seed=7)``.

    ``match.state`` is the current state; ``match.play("place red")`` applies a decision and then
    resolves any chance that follows; ``match.undo()`` goes back one decision; ``match.at(n)`` is
    the state after ``n`` actions; ``match.to_json()`` / ``Match.from_json(text)`` save and load.

    ``start``: a state of ``game`` where a player decides to begin at instead of a new game (see
    :func:`kaskaria.setup` and :meth:`from_position`): ``at(0)`` is that state, undo stops there,
    and saved games carry it as its position text (``start``).
    """

    def __init__(
        self, game: Game, seed: Any = None, actions: Iterable[Any] = (), start: Any = None
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game from kaskaria.load(...), got {short(game)}")
        if seed is None:
            seed = game.seed
        if seed is None:
            seed = fresh_seed()
        self.game = game
        self.seed: int = check_seed(seed)  # type: ignore[assignment]
        #: the position text of the start, for a match set up at a position (None: a new game)
        self.start_text: str | None = None
        if start is None:
            self.states: list[Any] = [game.new_state()]
        else:
            self.start_text = _start_text(game, start)
            self.states = [start]
        self.actions: list[Action] = []
        #: plies whose chance result is not the one the seed gives
        self._staged: list[int] = []
        for i, action in enumerate(actions):
            try:
                self.apply(action)
            except ValueError as err:
                raise type(err)(f"action {i + 1} ({quote(action)}): {err}") from None

    # -- the current position --------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, ply: int) -> Any:
        """The state after the first ``ply`` actions (0 is the start; negative counts from the end)."""
        if ply.__class__ is not int or not -len(self.states) <= ply < len(self.states):
            raise ValueError(f"ply must be from 0 to {len(self.actions)}, got {short(ply)}")
        return self.states[ply]

    def actors(self) -> list[int]:
        """Who took each action: a seat, or CHANCE."""
        return [int(s.current_player()) for s in self.states[:-1]]

    @property
    def fair(self) -> bool:
        """Did every chance result come from the match's seed (not set by hand)?"""
        return not self._staged

    @property
    def staged_plies(self) -> tuple[int, ...]:
        """The positions (action indices) of chance results that were set by hand."""
        return tuple(self._staged)

    # -- moving ----------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Any:
        """Apply one action (a decision or an explicit chance outcome); returns the new state.

        An explicit chance outcome that differs from what the seed gives here makes the match
        *staged* (see :attr:`fair`)."""
        state = self.state
        if isinstance(action, str) and len(action) > MAX_ACTION_CHARS:
            raise InvalidActionError(
                f"action text is too long ({len(action):,} characters): {short(action)}"
            )
        move: Action = state.to_action(action)
        new = state.apply(move)
        if state.current_player() == CHANCE and move != state.sample_chance(self.chance_rng()):
            self._staged.append(len(self.actions))
        self.actions.append(move)
        self.states.append(new)
        return new

    def chance_rng(self, ply: int | None = None) -> np.random.Generator:
        """The generator that picks the chance outcome at position ``ply`` (default: now)."""
        import numpy as np

        return np.random.default_rng([self.seed, len(self.actions) if ply is None else ply])

    def step_chance(self) -> Any:
        """Resolve the one chance event due now with the match's seed; returns the new state."""
        state = self.state
        if state.current_player() != CHANCE:
            raise IllegalActionError("no chance event is due now: a player decides")
        action = state.sample_chance(self.chance_rng())
        new = state.apply(action)
        self.actions.append(action)
        self.states.append(new)
        return new

    def resolve_chance(self) -> Any:
        """Resolve chance events with the match's seed until a player must decide (or the end)."""
        while self.state.current_player() == CHANCE:
            self.step_chance()
        return self.state

    def play(self, action: Action | str) -> Any:
        """Apply a player's decision, then resolve any chance that follows."""
        if self.state.current_player() == CHANCE:
            raise IllegalActionError(
                f"'{quote(action)}' is not allowed: a chance event is due, not a decision; "
                "call resolve_chance() or apply an outcome"
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

    def undo(self, through_chance: bool = False) -> Any:
        """Go back one decision and return the state before it.

        Dice results stand: if chance followed the last decision (a roll, a draw), undo is refused
        unless ``through_chance=True``, which removes those results too (made again at the same
        moment, they come out the same, since chance is seeded by position).
        """
        i = self.last_decision()
        if i is None:
            raise IllegalActionError("nothing to undo: no decision has been taken yet")
        if not through_chance and i != len(self.actions) - 1:
            shown = ", ".join(str(a) for a in self.actions[i + 1 :][:8])
            raise IllegalActionError(
                f"cannot undo '{self.actions[i]}': the chance results after it stand ({shown})"
            )
        self._cut(i)
        return self.state

    def truncate(self, ply: int) -> Any:
        """Go back to the position after ``ply`` actions (a replay point); returns that state."""
        self.at(ply)
        self._cut(ply % len(self.states))
        return self.state

    def _cut(self, ply: int) -> None:
        del self.actions[ply:]
        del self.states[ply + 1 :]
        self._staged = [p for p in self._staged if p < ply]

    def copy(self) -> Match:
        other = Match.__new__(Match)
        other.game, other.seed = self.game, self.seed
        other.states, other.actions = list(self.states), list(self.actions)
        other._staged = list(self._staged)
        other.start_text = self.start_text
        return other

    # -- positions -------------------------------------------------------------------------
    @classmethod
    def from_position(cls, text: str, seed: Any = None) -> Match:
        """A match that starts at the position a position text describes (see
        :mod:`kaskaria.positions`); it plays on with ``seed`` (a fresh one if ``None``)."""
        state = read_position(text)
        return cls(state.game, seed=seed, start=state)

    def position_text(self) -> str:
        """The position text of the current position (where a player decides, or the end)."""
        return position_text(self.state)

    def _start_hides(self, viewer: ViewerLike) -> bool:
        """Does the start position hold something ``viewer`` may not see?"""
        if self.start_text is None or viewer is OMNISCIENT:
            return False
        start = self.states[0]
        seen = dict(start.observation(viewer))
        everything = dict(start.observation(OMNISCIENT))
        seen.pop("viewer", None)
        everything.pop("viewer", None)
        return seen != everything

    # -- text ------------------------------------------------------------------------------
    def lines(self, viewer: ViewerLike | None = None) -> list[str]:
        """The game as lines of action text; for a ``viewer`` (a seat, ``"table"``), the lines as
        that viewer may read them now (hidden words written ``?``)."""
        if viewer is None or viewer is OMNISCIENT:
            return [str(a) for a in self.actions]
        viewer = check_viewer(viewer, self.game.players)
        if viewer is OMNISCIENT:
            return [str(a) for a in self.actions]
        now = self.state
        return [
            s.redact(a, viewer, now) for s, a in zip(self.states[:-1], self.actions, strict=True)
        ]

    def hides_from(self, viewer: ViewerLike | None) -> bool:
        """Does any line read differently for ``viewer`` than in full?"""
        return self.lines(viewer) != self.lines()

    def seed_hidden_from(self, viewer: ViewerLike | None) -> bool:
        """Must the seed be kept from ``viewer`` (``None``: the teacher in Python, who may know
        it)? Yes while the game is not over (the seed tells every chance result to come, hidden
        draws included), and after the end if any line, or the start position, is hidden from the
        viewer."""
        if viewer is None:
            return False
        return not self.state.is_terminal() or self.hides_from(viewer) or self._start_hides(viewer)

    def __repr__(self) -> str:
        seed = "" if self.seed_hidden_from(OMNISCIENT) else f"seed={self.seed} "
        return (
            f"<Match {self.game.name} players={self.game.players} variant={self.game.variant} "
            f"{seed}actions={len(self.actions)}: {self.state.text()}>"
        )

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self, viewer: ViewerLike | None = None, *, record: bool = False) -> dict[str, Any]:
        """The saved game as plain JSON values; for a ``viewer`` from whom the seed is kept
        (:meth:`seed_hidden_from`), the viewer's record (hidden words as ``?``, no seed), which
        cannot be replayed. ``record=True``: the viewer's record in any case (a table where
        several people share a screen never shows the full code)."""
        if viewer is not None:
            viewer = check_viewer(viewer, self.game.players)
            if record or self.seed_hidden_from(viewer):
                lines = self.lines(viewer)
                return {
                    "format": FORMAT,
                    "version": VERSION,
                    **self.game.spec(),
                    "viewer": viewer if isinstance(viewer, int) else str(viewer),
                    **self._start_field(viewer),
                    "actions": lines,
                }
        data = {
            "format": FORMAT,
            "version": VERSION,
            **self.game.spec(),
            "seed": self.seed,
            **self._start_field(None),
            "actions": self.lines(),
        }
        if self._staged:
            data["chance"] = "staged"
        return data

    def _start_field(self, viewer: ViewerLike | None) -> dict[str, Any]:
        """The saved game's ``start``: nothing for a new game; the start's position text; for a
        viewer from whom the start hides something, ``"?"``."""
        if self.start_text is None:
            return {}
        if viewer is not None and self._start_hides(viewer):
            return {"start": HIDDEN_START}
        return {"start": self.start_text}

    def to_json(self, viewer: ViewerLike | None = None) -> str:
        return json.dumps(self.to_dict(viewer), indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @staticmethod
    def _check_common(data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            _fail(f"a saved game is a JSON object, got {type(data).__name__}")
        view = "viewer" in data
        exact_keys(
            data,
            _VIEW_FIELDS if view else _FIELDS,
            ("start",) if view else ("chance", "start"),
            what="saved game",
            fail=_fail,
        )
        if "start" in data:
            _check_start(data["start"], view)
        if data["format"] != FORMAT:
            _fail(f"not a saved game: format is {short(data['format'])}, not {FORMAT!r}")
        if data["version"].__class__ is not int or data["version"] != VERSION:
            _fail(
                f"saved game version {short(data['version'])} is not supported; this is version {VERSION}"
            )
        if not view:
            seed = data["seed"]
            if seed.__class__ is not int or not 0 <= seed <= MAX_SEED:
                _fail(f"seed must be a whole number from 0 to 2**63 - 1, got {short(seed)}")
            if "chance" in data and data["chance"] != "staged":
                _fail(f"chance must be 'staged' when present, got {short(data['chance'])}")
        if not isinstance(data["options"], dict):
            _fail(f"options must be an object, got {short(data['options'])}")
        actions = data["actions"]
        if actions.__class__ is not list or not all(a.__class__ is str for a in actions):
            _fail("actions must be a list of action texts")
        long = next((a for a in actions if len(a) > MAX_ACTION_CHARS), None)
        if long is not None:
            _fail(f"an action line is too long ({len(long):,} characters): {short(long)}")
        return data

    @staticmethod
    def _game_of(data: dict[str, Any]) -> Game:
        try:
            saveable: Any = game_class(data["game"])
        except ValueError as err:
            _fail(f"saved game cannot be set up: {err}", "saved_game_setup")
        allowed = getattr(saveable, "saved_options", None)
        if allowed is not None:
            extra = sorted((k for k in data["options"] if k not in allowed), key=repr)
            if extra:
                _fail(
                    f"unknown option(s) {', '.join(short(k, 30) for k in extra[:5])} for a saved "
                    f"game; saved games hold: {', '.join(allowed)}"
                )
        try:
            game = load(
                data["game"], players=data["players"], variant=data["variant"], **data["options"]
            )
        except (TypeError, ValueError) as err:
            _fail(f"saved game cannot be set up: {err}", "saved_game_setup")
        limit = game.describe().max_actions
        if len(data["actions"]) > limit:
            _fail(
                f"a game of {game.title} has at most {limit:,} actions, this one {len(data['actions']):,}"
            )
        return game

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """Rebuild a match from ``to_dict()`` output, validating every field and every action."""
        data = cls._check_common(data)
        if "viewer" in data:
            who = data["viewer"]
            _fail(
                f"this code is a view of a game for viewer {short(who)}: it leaves out what that "
                "viewer has not seen, so it cannot be replayed; use the full code to continue "
                "the game (kaskaria.match.read_code reads this one)",
                "saved_game_view",
            )
        game = cls._game_of(data)
        start = _start_of(game, data["start"]) if "start" in data else None
        try:
            match = cls(game, seed=data["seed"], actions=data["actions"], start=start)
        except (TypeError, ValueError) as err:
            _fail(f"saved game does not replay: {err}", "saved_game_replay")
        return match

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        return cls.from_dict(loads_limited(text, _bad))

    @classmethod
    def load(cls, path: str | Path) -> Match:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    # -- scenario codes --------------------------------------------------------------------
    def to_code(self, viewer: ViewerLike | None = None, *, record: bool = False) -> str:
        """A short code to paste into another notebook: ``Match.from_code(code)``.

        Without ``viewer``: the full code. With a viewer: that viewer's code, without the seed
        (see the module notes); the full code only once the game is over and nothing is hidden
        from the viewer (never with ``record=True``)."""
        raw = json.dumps(self.to_dict(viewer, record=record), separators=(",", ":")).encode()
        return CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")

    @classmethod
    def from_code(cls, code: str) -> Match:
        return cls.from_dict(_decode(code))


def _decode(code: Any) -> Any:
    """The JSON value inside a scenario code (sizes capped before anything is expanded)."""
    if not isinstance(code, str):
        _fail(
            f"a scenario code starts with {CODE_PREFIX!r} and is text, got {type(code).__name__}",
            "code_not_code",
        )
    if len(code) > MAX_CODE_CHARS:
        _fail(
            f"this scenario code is too long ({len(code):,} characters; a code has at most "
            f"{MAX_CODE_CHARS:,})",
            "code_too_long",
        )
    code = code.strip()
    if not code.startswith(CODE_PREFIX):
        _fail(f"a scenario code starts with {CODE_PREFIX!r}, got {short(code)}", "code_not_code")
    body = code[len(CODE_PREFIX) :]
    too_big = damaged = False
    raw = b""
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_CODE_BYTES)
        too_big = bool(inflater.unconsumed_tail)
        damaged = not too_big and (not inflater.eof or bool(inflater.unused_data))
    except (ValueError, binascii.Error, zlib.error):
        damaged = True
    if too_big:
        _fail(
            f"this scenario code unpacks to more than {MAX_CODE_BYTES:,} bytes; it is not a code "
            "of a game",
            "code_too_long",
        )
    if damaged:
        _fail(
            "scenario code is damaged: some of it is missing or changed; copy it again in full",
            "code_damaged",
        )
    return loads_limited(raw, _bad)


def read_code(code: str) -> MatchView | Match:
    """Read a scenario code: a full code gives its :class:`Match`; a viewer's code gives a
    :class:`MatchView` (the rules, the viewer and the lines that viewer may read)."""
    data = _decode(code)
    if isinstance(data, dict) and "viewer" in data:
        data = Match._check_common(data)
        game = Match._game_of(data)
        try:
            viewer = check_viewer(data["viewer"], game.players)
        except ValueError:
            _fail(f"viewer must be a seat, 'table' or 'omniscient', got {short(data['viewer'])}")
        return MatchView(game.spec(), viewer, tuple(data["actions"]), data.get("start"))
    return Match.from_dict(data)


#: A viewer's record writes a start position that holds what the viewer may not see as this.
HIDDEN_START = "?"


def _start_text(game: Game, start: Any) -> str:
    """The position text of a match's start (checked: a state of ``game`` that a position
    text can hold)."""
    if getattr(start, "game", None) != game:
        raise ValueError(
            f"the start must be a state of this game ({game.title}, {game.players} players, "
            f"variant {game.variant!r}), got {short(start)}"
        )
    return position_text(start)


def _check_start(start: Any, view: bool) -> None:
    if start.__class__ is not str or not start or len(start) > MAX_POSITION_CHARS:
        _fail(
            f"start must be a position text of at most {MAX_POSITION_CHARS:,} characters, got "
            f"{short(start)}"
        )
    if start == HIDDEN_START and not view:
        _fail("start '?' (a hidden start) belongs to a viewer's record, which cannot be replayed")


def _start_of(game: Game, text: str) -> Any:
    """The start state of a saved game (its position text read and checked against the saved
    game's rules)."""
    try:
        state = read_position(text)
    except ValueError as err:
        _fail(f"the start position cannot be read: {err}")
    if state.game != game:
        _fail(f"the start position is of other rules than the saved game ({short(text, 50)})")
    return state


# ---------------------------------------------------------------------------------------------
# Setting up a match at a position (kaskaria.setup)
# ---------------------------------------------------------------------------------------------
_DEFAULT: Any = object()


def setup(
    game: str | Game,
    players: int = _DEFAULT,
    variant: str = _DEFAULT,
    seed: int | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    **what: Any,
) -> Match:
    """A match that starts at the position described by ``what``.

    ``game`` is a game's name (``"heroes"``; then ``players``, ``variant`` and ``options``, the
    named rule options of :func:`kaskaria.load`, choose the rules) or a game from
    :func:`kaskaria.load`. ``what`` names the parts of the position that matter; each game
    fills in the rest (see its ``setup`` method and ``docs/positions.md``). Seats count from 0,
    as everywhere in Python. The match plays on with ``seed`` (a fresh one if ``None``).

    >>> import kaskaria
    >>> m = kaskaria.setup("dragon-battle", players=2, scared={"red": 2}, hand=2, seed=1)
    >>> m.state.legal_actions()
    (Action('roll'), Action('stop'))
    """
    if isinstance(game, Game):
        if players is not _DEFAULT or variant is not _DEFAULT or options:
            raise TypeError(
                "setup(game, ...) with a game from kaskaria.load takes its players, variant and "
                "options from that game; give them to kaskaria.load instead"
            )
        chosen = game
    else:
        if not isinstance(game, str):
            raise TypeError(
                f"game must be a game's name or a game from kaskaria.load, got {short(game)}"
            )
        if options is not None and not isinstance(options, Mapping):
            raise TypeError(f"options must be a dict of rule options, got {short(options)}")
        kwargs: dict[str, Any] = dict(options or {})
        if players is not _DEFAULT:
            kwargs["players"] = players
        if variant is not _DEFAULT:
            kwargs["variant"] = variant
        chosen = load(game, **kwargs)
    state = chosen.setup(**what)
    return Match(chosen, seed=seed, start=state)
