"""The Dragon Battle table: a thin anywidget view over a :class:`kaskaria.Match`.

Python owns the match and the rules; the browser (``widgets/dragon_battle.js``) only draws the
synced ``view`` trait and sends back which button was pressed. Every button has a Python method
behind it, so ``table.roll()``, ``table.place("red")`` and ``table.stop()`` take exactly the same
path as a click.

What one step does (kept the same for clicks, Python calls, bots and autoplay):

- A human decision (``roll()``, ``place()``, ``stop()``) is applied and then the chance that follows
  at once is resolved with the match's seed: the dice of the roll the human asked for, and, when a
  scare ends with empty places, the refill of those places from the pile.
- ``next()`` makes exactly one visible step when a bot is to move or chance is due: one bot
  decision (a decision that ends a scare brings its refill with it), or one chance event: the dice
  of a roll, or the refill of all empty places (refilling is one act at the table).
- Set-up (a new game) draws the four first residents at once.
- ``apply(text)`` applies exactly the one action given, a decision or an explicit chance outcome
  (``table.apply("roll black blue red red")``), and resolves nothing else: for demonstrations.

Chance is always picked by the match (``numpy.random.default_rng([seed, ply])``), so a table game
and a ``Match`` with the same seed and the same decisions are the same game. A bot deciding at
position ``ply`` gets ``numpy.random.default_rng([seed, ply, 1])``, so bot games replay exactly.

Undo takes back the last decision only if nothing followed it by chance (dice results and draws
stand) and only if a person took it (a bot would take it again).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import anywidget
import numpy as np
import traitlets

from ..core import CHANCE, TERMINAL, Action, IllegalActionError, InvalidActionError, load
from ..dragon_battle.engine import NAME, DragonBattleState
from ..dragon_battle.rules import COLOURS, FACE_LETTERS
from ..match import Match
from ._static import static_path

__all__ = ["DragonBattleTable", "HUMAN"]

#: The seat kind for a person at the table (every other seat is a bot).
HUMAN = "human"
_MAX_SEED = 2**63
_STAR = "\u2605"
_SPEEDS = (0.05, 10.0)


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _stars(n: int) -> str:
    return f"{n} star" if n == 1 else f"{n} stars"


def _and(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _fraction(value: Fraction) -> dict[str, Any]:
    """An exact value for the browser: the fraction as text and a float for drawing."""
    value = Fraction(value)
    return {"exact": str(value), "value": float(value)}


def _bot_registry():
    from ..dragon_battle import bots

    return bots


class DragonBattleTable(anywidget.AnyWidget):
    """A Dragon Battle table for humans and bots, for JupyterLab and for tests.

    ``DragonBattleTable(players=2, seats=("human", "optimal"), variant="basic", seed=1,
    help=True, **options)``: ``seats`` says for each player ``"human"`` or a bot name from
    ``kaskaria.dragon_battle.bots.BOT_NAMES`` (or a bot object with ``.name`` and ``.choose``);
    by default player 1 is human and the others are ``"optimal"`` bots. ``options`` are the game's
    rule options (``silver_with_colour=True``, ...). ``actions`` replays lines of action text from
    the start instead of drawing the set-up, to show an exact position; see also
    :meth:`from_match` and :meth:`from_code`.

    Methods: :meth:`roll`, :meth:`place`, :meth:`stop` (the human's buttons), :meth:`next`
    (one bot or chance step), :meth:`run_bots`, :meth:`apply`, :meth:`undo`, :meth:`new_game`,
    :meth:`load_code`, :meth:`set_seat`; properties :attr:`state`, :attr:`match`, :attr:`code`,
    :attr:`log`, :attr:`message`, :attr:`help`, :attr:`autoplay`.
    """

    _esm = static_path("dragon_battle.js")
    _css = static_path("dragon_battle.css")

    #: Everything the browser draws (read-only for users; rebuilt after every change).
    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        players: int = 2,
        seats: Sequence[Any] | None = None,
        variant: str = "basic",
        seed: int | None = 1,
        help: bool = True,
        *,
        actions: Iterable[str | Action] | None = None,
        autoplay: float | None = None,
        **options: Any,
    ) -> None:
        seed = self._check_seed(seed)
        game = load(NAME, players=players, variant=variant, **options)
        if actions is None:
            match = Match(game, seed=seed)
            match.resolve_chance()  # set-up: the first four residents
        else:
            if isinstance(actions, str):
                raise TypeError(
                    "actions must be a list of action lines, e.g. ['draw maid', 'roll'], "
                    f"not one string {actions!r:.40}"
                )
            match = Match(game, seed=seed, actions=list(actions))
        greeting = "A new game: seed {seed}." if actions is None else "A position: seed {seed}."
        self._setup(match, seats, help, autoplay, greeting)

    # -- other ways to build a table ---------------------------------------------------------
    @classmethod
    def from_match(
        cls,
        match: Match,
        seats: Sequence[Any] | None = None,
        help: bool = True,
        autoplay: float | None = None,
    ) -> DragonBattleTable:
        """A table showing a copy of ``match`` exactly as it stands (pending chance waits for
        :meth:`next` or :meth:`apply`)."""
        if not isinstance(match, Match):
            raise TypeError(f"match must be a kaskaria.Match, got {type(match).__name__}")
        if match.game.name != NAME:
            raise ValueError(f"this table plays {NAME!r}, not {match.game.name!r}")
        table = cls.__new__(cls)
        table._setup(match.copy(), seats, help, autoplay, "A position from a match: seed {seed}.")
        return table

    @classmethod
    def from_code(
        cls,
        code: str,
        seats: Sequence[Any] | None = None,
        help: bool = True,
        autoplay: float | None = None,
    ) -> DragonBattleTable:
        """A table at the position of a scenario code (``table.code`` of another learner)."""
        return cls.from_match(Match.from_code(code), seats=seats, help=help, autoplay=autoplay)

    def _setup(
        self,
        match: Match,
        seats: Sequence[Any] | None,
        help: bool,
        autoplay: float | None,
        greeting: str,
    ) -> None:
        self._match = match
        self._version = 0
        self._seat_specs, self._bots = self._check_seats(seats, match.game.players)
        if not isinstance(help, bool):
            raise TypeError(f"help must be True or False, got {help!r}")
        self._help = help
        self._autoplay = self._check_autoplay(autoplay)
        self._log_cache: list[dict[str, Any]] = []
        self._message = greeting.format(seed=match.seed) + " " + self._prompt()
        self._message_kind = "info"
        super().__init__(view=self._build_view())
        self.on_msg(self._on_msg)

    # -- checking input ----------------------------------------------------------------------
    @staticmethod
    def _check_seed(seed: Any) -> int | None:
        if seed is None:
            return None
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _MAX_SEED:
            raise ValueError(
                f"seed must be a whole number from 0 to 2**63 - 1 or None, got {seed!r}"
            )
        return seed

    @staticmethod
    def _check_autoplay(delay: Any) -> float | None:
        if delay is None or delay is False or delay == 0:
            return None
        if isinstance(delay, bool) or not isinstance(delay, (int, float)):
            raise TypeError(f"autoplay is a delay in seconds (or None for off), got {delay!r}")
        if not _SPEEDS[0] <= delay <= _SPEEDS[1]:
            raise ValueError(
                f"autoplay delay must be from {_SPEEDS[0]} to {_SPEEDS[1]} seconds, got {delay!r}"
            )
        return float(delay)

    @staticmethod
    def _make_seat(spec: Any) -> tuple[str, Any]:
        """(the seat's text for ``seats`` and the repr, the bot or None for a human)."""
        if isinstance(spec, str):
            if spec == HUMAN:
                return HUMAN, None
            bots = _bot_registry()
            risk = _THRESHOLD_SEAT.fullmatch(spec)
            if risk:  # a preset of the seat menu, e.g. "threshold(1/4)"
                bot = bots.make_bot("threshold", risk=Fraction(int(risk[1]), int(risk[2])))
                return spec, bot
            if spec not in bots.BOT_NAMES:
                raise ValueError(
                    f"unknown seat {spec!r}; a seat is 'human' or one of the bots: "
                    f"{', '.join(bots.BOT_NAMES)}"
                )
            try:
                return spec, bots.make_bot(spec)
            except ValueError as err:
                raise ValueError(
                    f"the {spec!r} bot needs parameters ({err}); seat a bot made with them "
                    f"instead, e.g. make_bot({spec!r}, ...) from kaskaria.dragon_battle.bots"
                ) from None
        if callable(getattr(spec, "choose", None)) and isinstance(getattr(spec, "name", None), str):
            params = getattr(spec, "params", None)
            if isinstance(params, dict) and params:
                shown = ", ".join(f"{k}={v}" for k, v in params.items())
                return f"{spec.name}({shown})", spec
            return spec.name, spec
        raise TypeError(
            f"a seat is 'human', a bot name or a bot (with .name and .choose), got {spec!r}"
        )

    @classmethod
    def _check_seats(cls, seats: Any, players: int) -> tuple[list[str], list[Any]]:
        if seats is None:
            seats = (HUMAN,) + ("optimal",) * (players - 1)
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise TypeError(
                f"seats must be a list with one entry per player, e.g. ('human', 'optimal'), "
                f"got {seats!r}"
            )
        if len(seats) != players:
            raise ValueError(f"seats must name {players} players (one per seat), got {len(seats)}")
        made = [cls._make_seat(s) for s in seats]
        return [m[0] for m in made], [m[1] for m in made]

    # -- what users read ---------------------------------------------------------------------
    @property
    def state(self) -> DragonBattleState:
        """The current position (immutable)."""
        return self._match.state

    @property
    def match(self) -> Match:
        """A copy of the match behind the table (change the table through its methods)."""
        return self._match.copy()

    @property
    def seed(self) -> int:
        return self._match.seed

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat: ``"human"`` or the bot's name."""
        return tuple(self._seat_specs)

    @property
    def code(self) -> str:
        """The scenario code (seed + actions) another learner can load to reach this position."""
        return self._match.to_code()

    @property
    def message(self) -> str:
        """The latest explanation shown on the table."""
        return self._message

    @property
    def log(self) -> list[str]:
        """The game so far as the table shows it, one line per action: ``"Player 1: place red"``.

        In the memory variant a resident still face down is not named (``draw ?``), as on the
        table; ``table.match.lines()`` has the full record.
        """
        return [f"{e['who']}: {e['action']}" for e in self._visible_log()]

    @property
    def help(self) -> bool:
        """Whether the "should I roll again?" meter is shown."""
        return self._help

    @help.setter
    def help(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise TypeError(f"help must be True or False, got {on!r}")
        self._help = on
        self._refresh()

    @property
    def autoplay(self) -> float | None:
        """Seconds between bot steps when the browser plays bots on its own (None: off)."""
        return self._autoplay

    @autoplay.setter
    def autoplay(self, delay: float | None) -> None:
        self._autoplay = self._check_autoplay(delay)
        self._refresh()

    def __repr__(self) -> str:
        seats = ", ".join(self._seat_specs)
        g = self._match.game
        return (
            f"<DragonBattleTable seed={self._match.seed} seats=({seats}) players={g.players} "
            f"variant={g.variant} actions={len(self._match.actions)}: {self.state.text()}>"
        )

    # -- the buttons ---------------------------------------------------------------------------
    def roll(self) -> None:
        """Roll the dice in hand (the Roll / Roll again button); the dice are rolled at once."""
        self.act(Action("roll"))

    def stop(self) -> None:
        """Stop and rescue the residents of the scared dragons (the Stop button)."""
        self.act(Action("stop"))

    def place(self, colour: str, on: str | None = None, *, with_silver: bool = False) -> None:
        """Set aside the dice of one colour: ``place("red")``, ``place("silver", on="blue")``;
        with the option ``silver_with_colour``: ``place("red", with_silver=True)``."""
        choices = (*COLOURS, "silver")
        if colour not in choices:
            raise self._refuse(
                ValueError(f"unknown colour {colour!r}; choose one of: {', '.join(choices)}")
            )
        if colour == "silver":
            if on not in COLOURS:
                raise self._refuse(
                    ValueError(
                        "silver dice go on an empty dragon of your choice: say which, e.g. "
                        f"place('silver', on='blue'); dragons are {', '.join(COLOURS)} "
                        f"(got on={on!r})"
                    )
                )
            self.act(Action("place", ("silver", "on", on)))
            return
        if on is not None:
            raise self._refuse(
                ValueError(
                    f"{colour} dice go on the {colour} dragon; on= is only for silver "
                    f"(got on={on!r})"
                )
            )
        if with_silver:
            self.act(Action("place", (colour, "with", "silver")))
        else:
            self.act(Action("place", (colour,)))

    def act(self, action: str | Action) -> None:
        """Take a decision for the human to move, by its text (``"place silver on blue"``): what
        every action button of the browser calls. Illegal decisions raise
        :class:`kaskaria.IllegalActionError` and leave the table as it was."""
        state = self.state
        try:
            if not isinstance(action, Action):
                action = state.parse_action(action)
            self._check_human_turn(action)
            state.apply(action)  # raises the rules' explanation if it is not allowed
        except (ValueError, TypeError) as err:
            raise self._refuse(err) from None
        start = len(self._match.actions)
        self._match.apply(action)
        self._match.resolve_chance()
        self._done(start)

    # -- bots and chance -----------------------------------------------------------------------
    def next(self) -> None:
        """One visible step when a bot is to move or chance is due (the Next button)."""
        if self._next_info() is None:
            raise self._refuse(IllegalActionError(self._no_step_reason()))
        start = len(self._match.actions)
        try:
            self._step()
        except RuntimeError as err:
            raise self._refuse(err) from None
        self._done(start)

    def run_bots(self, max_steps: int = 10_000) -> None:
        """Step until a human must decide or the game is over (for notebooks)."""
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a whole number >= 1, got {max_steps!r}")
        start = len(self._match.actions)
        steps = 0
        while self._next_info() is not None and steps < max_steps:
            last = len(self._match.actions)
            try:
                self._step()
            except RuntimeError as err:
                raise self._refuse(err) from None
            steps += 1
        if steps:
            self._done(last, first=start)

    def _step(self) -> None:
        match = self._match
        state = match.state
        player = state.current_player()
        if player == CHANCE:
            if state.phase == "rolling":
                match.apply(state.sample_chance(match.chance_rng()))
            self._resolve_draws()
            return
        bot = self._bots[player]
        rng = np.random.default_rng([match.seed, len(match.actions), 1])
        choice = bot.choose(state, rng)
        if isinstance(choice, str):
            choice = state.parse_action(choice)
        if choice not in state.legal_actions():
            shown = ", ".join(str(a) for a in state.legal_actions())
            raise RuntimeError(
                f"the {bot.name} bot chose '{choice!s}', which is not legal here (legal: {shown}); "
                "the table is unchanged"
            )
        match.apply(choice)
        self._resolve_draws()

    def _resolve_draws(self) -> None:
        match = self._match
        while match.state.phase == "draw":
            match.apply(match.state.sample_chance(match.chance_rng()))

    # -- demonstrations -----------------------------------------------------------------------
    def apply(self, action: str | Action) -> None:
        """Apply exactly one action, whoever is to move: a decision or an explicit chance
        outcome (``"roll black blue red red"``, ``"draw king"``). Nothing else is resolved."""
        try:
            self._match.apply(action)
        except (ValueError, TypeError) as err:
            raise self._refuse(err) from None
        self._done(len(self._match.actions) - 1)

    # -- undo, new game, scenario codes --------------------------------------------------------
    def undo(self) -> None:
        """Take back the last decision. Dice results and draws stand: a decision followed by
        chance cannot be undone, nor can a bot's move."""
        reason = self._undo_block()
        if reason is not None:
            raise self._refuse(IllegalActionError(reason))
        taken = self._match.actions[-1]
        who = self._seat_name(self._match.states[-2].current_player())
        self._match.undo()
        self._trim_log()
        self._say(f"Undone: {who}'s '{taken}'. " + self._prompt())

    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same seats and rules; ``seed=None`` picks a fresh seed."""
        try:
            seed = self._check_seed(seed)
        except ValueError as err:
            raise self._refuse(err) from None
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % _MAX_SEED)
        match = Match(self._match.game, seed=seed)
        match.resolve_chance()
        self._replace_match(match)
        self._say(f"A new game: seed {seed}. " + self._prompt())

    def load_code(self, code: str) -> None:
        """Go to the position of a scenario code; seats are kept (extra players are human)."""
        try:
            match = Match.from_code(code)
            if match.game.name != NAME:
                raise ValueError(f"this code is for {match.game.name!r}, not {NAME!r}")
        except (ValueError, TypeError) as err:
            raise self._refuse(err) from None
        players = match.game.players
        specs = (self._seat_specs + [HUMAN] * players)[:players]
        bots = (self._bots + [None] * players)[:players]
        self._seat_specs, self._bots = specs, bots
        self._replace_match(match)
        self._say(
            f"Scenario loaded: seed {match.seed}, {len(match.actions)} actions. " + self._prompt()
        )

    def set_seat(self, player: int, seat: Any) -> None:
        """Put a human or a bot (name or object) in seat ``player`` (0 = Player 1)."""
        players = self._match.game.players
        if isinstance(player, bool) or player not in range(players):
            raise self._refuse(
                ValueError(f"player must be a seat from 0 to {players - 1}, got {player!r}")
            )
        try:
            spec, bot = self._make_seat(seat)
        except (ValueError, TypeError) as err:
            raise self._refuse(err) from None
        self._seat_specs[player], self._bots[player] = spec, bot
        what = "a human" if bot is None else f"the {bot.name} bot"
        self._say(f"Player {player + 1} is now {what}. " + self._prompt())

    def _replace_match(self, match: Match) -> None:
        self._match = match
        self._log_cache = []

    # -- the browser's messages ----------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        stale = content.get("version") not in (None, self._version)
        try:
            if kind in ("action", "next", "undo") and stale:
                return  # a click on a table that has changed since: ignore it
            if kind == "action":
                self.act(content.get("action"))
            elif kind == "next":
                self.next()
            elif kind == "undo":
                self.undo()
            elif kind == "new":
                self.new_game(content.get("seed"))
            elif kind == "help":
                self.help = bool(content.get("on"))
            elif kind == "autoplay":
                self.autoplay = content.get("delay")
            elif kind == "code":
                self.load_code(content.get("code"))
            elif kind == "seat":
                self.set_seat(content.get("player"), content.get("seat"))
        except (ValueError, TypeError, RuntimeError):
            # already explained on the table (see _refuse); a click must not raise in the kernel
            return

    # -- messages and refresh ------------------------------------------------------------------
    def _refuse(self, err: Exception) -> Exception:
        """Show why a request was refused (the state is unchanged) and return the error."""
        text = str(err)
        if isinstance(err, (IllegalActionError, InvalidActionError)):
            text = text[:1].upper() + text[1:]
        self._message, self._message_kind = text, "error"
        self._refresh()
        return err

    def _say(self, text: str, kind: str = "info") -> None:
        self._message, self._message_kind = text, kind
        self._refresh()

    def _done(self, start: int, first: int | None = None) -> None:
        """After actions from index ``start`` were applied: explain them and redraw."""
        text, kind = self._narrate(start)
        if first is not None and first < start:
            steps = len(self._match.actions) - first
            text = f"({steps} steps played; see the log.) " + text
        self._say((text + " " + self._prompt()).strip(), kind)

    def _refresh(self) -> None:
        self._version += 1
        self.view = self._build_view()

    # -- who is who ----------------------------------------------------------------------------
    def _seat_name(self, player: int) -> str:
        if player == CHANCE:
            return "Chance"
        name = f"Player {player + 1}"
        if self._bots[player] is not None:
            name += f" ({_bot_label(self._bots[player])} bot)"
        return name

    def _is_bot(self, player: int) -> bool:
        return player >= 0 and self._bots[player] is not None

    def _check_human_turn(self, action: Action) -> None:
        state = self.state
        player = state.current_player()
        if player == TERMINAL:
            raise IllegalActionError(
                f"'{action}' is not allowed: the game is over; start a new game (table.new_game())"
            )
        if player == CHANCE:
            raise IllegalActionError(
                f"'{action}' is not allowed now: {self._chance_words()} first; press Next "
                "(table.next()) or give the outcome with table.apply(...)"
            )
        if self._is_bot(player):
            raise IllegalActionError(
                f"'{action}' is not allowed: it is {self._seat_name(player)}'s turn, and bots "
                "make their own decisions; press Next (table.next()) to watch its move"
            )

    def _chance_words(self) -> str:
        if self.state.phase == "rolling":
            return f"the {_dice(self.state.hand)} must be rolled"
        return "empty places under the dragons must be refilled from the pile"

    def _next_info(self) -> dict[str, str] | None:
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            label = "Next: roll the dice" if state.phase == "rolling" else "Next: refill from pile"
            return {"label": label, "who": "chance"}
        if self._is_bot(player):
            return {"label": f"Next: {self._bots[player].name} bot moves", "who": "bot"}
        return None

    def _no_step_reason(self) -> str:
        player = self.state.current_player()
        if player == TERMINAL:
            return "nothing to step: the game is over; start a new game (table.new_game())"
        return (
            f"nothing to step: it is {self._seat_name(player)}'s decision "
            f"({', '.join(str(a) for a in self.state.legal_actions())})"
        )

    def _prompt(self) -> str:
        state = self.state
        player = state.current_player()
        if player == TERMINAL:
            return ""
        if player == CHANCE:
            return f"Next: {self._chance_words()}."
        who = self._seat_name(player)
        if self._is_bot(player):
            return f"{who} is thinking: press Next to see its move."
        if state.phase == "start":
            return f"{who}: roll all {_dice(state.hand)}."
        if state.phase == "place":
            return f"{who}: set aside one colour of the roll."
        return f"{who}: roll the {_dice(state.hand)} in hand again, or stop."

    # -- undo rules ------------------------------------------------------------------------------
    def _undo_block(self) -> str | None:
        match = self._match
        i = match.last_decision()
        if i is None:
            return "Nothing to undo: no decision has been taken yet."
        taken = match.actions[i]
        who = match.states[i].current_player()
        if i != len(match.actions) - 1:
            after = match.actions[i + 1 :]
            if any(a.verb == "roll" and a.args for a in after):
                shown = "; ".join(" ".join(a.args) for a in after if a.verb == "roll")
                return (
                    f"Dice results stand: after '{taken}' the dice showed {shown}, and a roll "
                    "cannot be taken back."
                )
            drawn = _and([a.args[0] for a in after if a.verb == "draw"])
            return (
                f"Cannot undo '{taken}': new residents ({drawn}) were drawn from the pile after "
                "it, and draws stand like dice."
            )
        if self._is_bot(who):
            return (
                f"Cannot undo '{taken}': it was {self._seat_name(who)}'s move; only the "
                "decisions of people at the table can be taken back."
            )
        return None

    # -- explanations ----------------------------------------------------------------------------
    def _narrate(self, start: int) -> tuple[str, str]:
        """Plain sentences for the actions from index ``start`` on, and a message kind."""
        match = self._match
        sentences: list[str] = []
        kind = "info"
        drawn: list[str] = []
        for i in range(start, len(match.actions)):
            before, action, after = match.states[i], match.actions[i], match.states[i + 1]
            if action.verb == "draw":
                drawn.append(self._draw_words(before, action.args[0]))
                continue
            if drawn:
                sentences.append(self._refill_sentence(drawn))
                drawn = []
            if action.verb == "roll" and not action.args and i + 1 < len(match.actions):
                continue  # the dice result that follows says it all
            text, k = self._explain(before, action, after)
            sentences.append(text)
            if k != "info":
                kind = k
        if drawn:
            sentences.append(self._refill_sentence(drawn))
        state = match.state
        if state.phase == "over":
            sentences.append(self._game_over_words(state))
            kind = "over"
        return " ".join(s for s in sentences if s), kind

    def _draw_words(self, before: DragonBattleState, name: str) -> str:
        slot = before.under.index(None)
        stars = before.game.stars[name]
        return f"{name} ({_stars(stars)}) under the {COLOURS[slot]} dragon"

    def _refill_sentence(self, drawn: list[str]) -> str:
        text = f"From the pile: {_and(drawn)}."
        if self._match.game.variant == "memory":
            text += " Remember them: they turn face down at the first roll."
        return text

    def _explain(
        self, before: DragonBattleState, action: Action, after: DragonBattleState
    ) -> tuple[str, str]:
        who = self._seat_name(before.player)
        if action.verb == "roll" and not action.args:
            again = " again" if before.phase == "decide" else ""
            return f"{who} decides to roll{again}: {_dice(before.hand)} in hand.", "info"
        if action.verb == "roll":
            letters = " ".join(FACE_LETTERS[f] for f in action.args)
            text = f"{who} rolls {_dice(before.hand)}: {letters} ({', '.join(action.args)})."
            black = action.args.count("black")
            if black:
                text += f" {'The black die goes' if black == 1 else f'{black} black dice go'}"
                text += " into the well."
            if after.turns > before.turns:
                return text + " " + self._failure_words(before, action, after), "fail"
            return text, "info"
        if action.verb == "place":
            colour = action.args[0]
            target = action.args[2] if colour == "silver" else colour
            if colour == "silver":
                moved = before.rolled.count("silver")
            elif len(action.args) == 3:  # "<colour> with silver"
                moved = before.rolled.count(colour) + before.rolled.count("silver")
            else:
                moved = before.rolled.count(colour)
            text = f"{who} puts {_dice(moved)} on the {target} dragon."
            if after.turns > before.turns:
                text += " All dice are placed, so the scare ends. " + self._success_words(
                    before, after
                )
                return text, "success"
            return text, "info"
        if action.verb == "stop":
            return f"{who} stops. " + self._success_words(before, after), "success"
        return f"{who}: {action}.", "info"

    def _success_words(self, before: DragonBattleState, after: DragonBattleState) -> str:
        p = before.player
        won = after.rescued[p][len(before.rescued[p]) :]
        stars = before.game.stars
        names = _and([f"the {n} ({_stars(stars[n])})" for n in won])
        total = sum(stars[n] for n in won)
        return f"The scare succeeds: {self._seat_name(p)} rescues {names}, {_stars(total)} in all."

    def _failure_words(
        self, before: DragonBattleState, action: Action, after: DragonBattleState
    ) -> str:
        faces = [f for f in action.args if f != "black"]
        if not faces:
            why = "Every die showed black, so no dragon could be scared"
        else:
            shown = sorted(set(faces), key=COLOURS.index)
            dragons = _and(shown)
            verb = "holds" if len(shown) == 1 else "hold"
            why = (
                f"The roll showed {dragons}, but the {dragons} "
                f"{'dragon' if len(shown) == 1 else 'dragons'} already {verb} dice; dice go only "
                "on an empty dragon of their colour, so nothing could be placed"
            )
        p = before.player
        if after.jugglers[p] > before.jugglers[p]:
            consolation = (
                f"{self._seat_name(p)} takes a juggler "
                f"({_stars(before.game.juggler_stars)}) as consolation."
            )
        else:
            consolation = "No jugglers are left, so there is no consolation."
        return (
            f"{why}. The scare fails: the residents stay with their dragons and the dice "
            f"placed this turn rescue no one. {consolation}"
        )

    def _game_over_words(self, state: DragonBattleState) -> str:
        winners = state.winners()
        scores = state.scores()
        unit = "residents" if state.game.variant == "younger" else "stars"
        names = _and([self._seat_name(w) for w in winners])
        verb = "wins" if len(winners) == 1 else "share the win"
        return (
            f"The game is over: the pile cannot fill all four places. {names} {verb} with "
            f"{scores[winners[0]]} {unit}."
        )

    # -- the log -------------------------------------------------------------------------------
    def _trim_log(self) -> None:
        del self._log_cache[len(self._match.actions) :]

    def _log_entries(self) -> list[dict[str, Any]]:
        match = self._match
        self._trim_log()
        for i in range(len(self._log_cache), len(match.actions)):
            before, action, after = match.states[i], match.actions[i], match.states[i + 1]
            self._log_cache.append(self._log_entry(i, before, action, after))
        return self._log_cache

    def _log_entry(
        self, i: int, before: DragonBattleState, action: Action, after: DragonBattleState
    ) -> dict[str, Any]:
        player = before.current_player()
        secret = None
        if action.verb == "draw":
            who = "Pile"
            note = self._draw_words(before, action.args[0])
            secret = action.args[0]
        elif action.verb == "roll" and action.args:
            who = "Dice"
            note = " ".join(FACE_LETTERS[f] for f in action.args)
            if after.turns > before.turns:
                note += ": the scare fails"
        else:
            who = self._seat_name(player)
            note = ""
            if after.turns > before.turns and action.verb in ("place", "stop"):
                p = before.player
                won = after.rescued[p][len(before.rescued[p]) :]
                note = "rescues " + _and(list(won))
        return {"n": i + 1, "who": who, "action": str(action), "note": note, "secret": secret}

    def _visible_log(self) -> list[dict[str, Any]]:
        """The log as the table shows it: in the memory variant, residents still face down
        under a dragon are not named (the log must not spoil the memory game)."""
        state = self.state
        hidden = set()
        if state.game.variant == "memory":
            hidden = {
                n
                for n, up in zip(state.under, state.face_up, strict=True)
                if n is not None and not up
            }
        out = []
        for e in self._log_entries():
            entry = {k: e[k] for k in ("n", "who", "action", "note")}
            if e["secret"] in hidden:
                slot = e["note"].rsplit(" under the ", 1)[-1]
                entry["action"] = "draw ?"
                entry["note"] = f"a resident, face down under the {slot}"
            out.append(entry)
        return out

    # -- the view --------------------------------------------------------------------------------
    def _buttons(self) -> list[dict[str, Any]]:
        state = self.state
        player = state.current_player()
        if player < 0 or self._is_bot(player):
            return []
        out = []
        for action in state.legal_actions():
            out.append(self._button(state, action))
        order = {"roll": 0, "place": 1, "silver": 2, "stop": 3}
        out.sort(key=lambda b: (order[b["kind"]], COLOURS.index(b["target"]) if b["target"] else 0))
        return out

    def _button(self, state: DragonBattleState, action: Action) -> dict[str, Any]:
        text = str(action)
        if action.verb == "roll":
            label = "Roll again" if state.phase == "decide" else "Roll"
            return {
                "action": text,
                "kind": "roll",
                "label": f"{label} ({_dice(state.hand)})",
                "face": None,
                "target": None,
                "dice": state.hand,
            }
        if action.verb == "stop":
            scared = [i for i in range(4) if state.on_dragon[i]]
            if state.game.variant == "basic" and all(state.face_up[i] for i in scared):
                total = sum(state.game.stars[state.under[i]] for i in scared)
                label = f"Stop and take {_stars(total)}"
            else:
                n = len(scared)
                label = f"Stop and rescue {n} resident{'s' if n != 1 else ''}"
                if all(state.face_up[i] for i in scared):
                    total = sum(state.game.stars[state.under[i]] for i in scared)
                    label += f" ({_stars(total)})"
            return {
                "action": text,
                "kind": "stop",
                "label": label,
                "face": None,
                "target": None,
                "dice": 0,
            }
        colour = action.args[0]
        if colour == "silver":
            target = action.args[2]
            n = state.rolled.count("silver")
            return {
                "action": text,
                "kind": "silver",
                "label": f"Silver on {target} ({_dice(n)})",
                "face": "silver",
                "target": target,
                "dice": n,
            }
        if len(action.args) == 3:
            n = state.rolled.count(colour) + state.rolled.count("silver")
            label = f"{colour.capitalize()} with silver ({_dice(n)})"
        else:
            n = state.rolled.count(colour)
            label = f"Place {colour} ({_dice(n)})"
        return {
            "action": text,
            "kind": "place",
            "label": label,
            "face": colour,
            "target": colour,
            "dice": n,
        }

    def _meter(self) -> dict[str, Any] | None:
        """The "should I roll again?" numbers from the exact solver, at a stop-or-roll decision."""
        state = self.state
        if not self._help or state.phase != "decide":
            return None
        from ..dragon_battle.odds import advise

        advice = advise(state)
        choices = {str(c.action): c for c in advice.choices}
        roll, stop = choices["roll"], choices["stop"]
        stop_value = advice.stop_value if advice.stop_value is not None else stop.expected_stars
        return {
            "dice": state.hand,
            "next_roll_fail": _fraction(advice.next_roll_fail),
            "roll_stars": _fraction(roll.expected_stars),
            "roll_fail": _fraction(roll.fail_chance),
            "stop_stars": _fraction(stop_value),
            "best": str(advice.best),
        }

    def _last_roll(self) -> list[str]:
        """The faces of the latest roll of the scare in progress (for the tray's caption)."""
        match = self._match
        state = match.state
        if state.phase not in ("place", "decide"):
            return []
        for i in range(len(match.actions) - 1, -1, -1):
            if match.states[i].turns != state.turns:
                break
            a = match.actions[i]
            if a.verb == "roll" and a.args:
                return list(a.args)
        return []

    def _build_view(self) -> dict[str, Any]:
        state = self.state
        game = state.game
        obs = state.observation(state.player)
        player = state.current_player()
        if player == TERMINAL:
            to_move = "over"
        elif player == CHANCE:
            to_move = "chance"
        else:
            to_move = "bot" if self._is_bot(player) else "human"
        bots = _bot_registry_names()
        undo_reason = self._undo_block()
        last = self._match.last_decision()
        players = []
        for p in range(game.players):
            players.append(
                {
                    "seat": p,
                    "name": self._seat_name(p),
                    "kind": "human" if self._bots[p] is None else "bot",
                    "bot": _bot_label(self._bots[p]),
                    "spec": self._seat_specs[p],
                    "rescued": obs["rescued"][p],
                    "jugglers": obs["jugglers"][p],
                    "stars": obs["stars"][p],
                    "score": obs["scores"][p],
                    "to_move": state.phase != "over" and state.player == p,
                    "winner": p in obs["winners"],
                }
            )
        return {
            "version": self._version,
            "phase": state.phase,
            "player": state.player,
            "to_move": to_move,
            "status": state.text(),
            "variant": game.variant,
            "score_unit": "residents" if game.variant == "younger" else "stars",
            "juggler_stars": game.juggler_stars,
            "letters": dict(FACE_LETTERS),
            "observation": obs,
            "last_roll": self._last_roll(),
            "players": players,
            "actions": self._buttons(),
            "next": self._next_info(),
            "undo": {
                "enabled": undo_reason is None,
                "label": "Undo" if last is None else f"Undo '{self._match.actions[last]}'",
                "reason": undo_reason or "",
            },
            "help": self._help,
            "meter": self._meter(),
            "autoplay_ms": None if self._autoplay is None else round(self._autoplay * 1000),
            "seat_choices": [HUMAN, *bots],
            "log": self._visible_log(),
            "message": {"text": self._message, "kind": self._message_kind},
            "seed": self._match.seed,
            "code": self._match.to_code(),
        }


_SEAT_CHOICES: list[str] | None = None
#: Risk appetites of the threshold bot offered in the seat menu (largest next-roll failure chance).
_THRESHOLD_PRESETS = ("1/10", "1/4", "1/2")
_THRESHOLD_SEAT = re.compile(r"threshold\((\d+)/(\d+)\)")


def _bot_label(bot: Any) -> str | None:
    """The name shown for a bot seat: its label with parameters (``threshold(1/4)``) if it has one."""
    if bot is None:
        return None
    return getattr(bot, "label", bot.name)


def _bot_registry_names() -> list[str]:
    """The bots a seat can take by name alone (bots that need parameters are seated as objects)."""
    global _SEAT_CHOICES
    if _SEAT_CHOICES is None:
        try:
            bots = _bot_registry()
        except ImportError:  # the bots module is optional for all-human tables
            return []
        names = []
        for name in bots.BOT_NAMES:
            try:
                bots.make_bot(name)
            except ValueError:
                if name == "threshold":  # offered with a few risk appetites
                    names.extend(f"threshold({r})" for r in _THRESHOLD_PRESETS)
                continue
            names.append(name)
        _SEAT_CHOICES = names
    return list(_SEAT_CHOICES)
