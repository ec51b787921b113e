"""One table widget for every game: :class:`GameTable`, a thin anywidget view over a Match.

Python owns the match and the rules; the browser only draws the synced ``view`` trait (the shell,
``widgets/table.js``, joined at import with the game's board module) and sends back which control
was pressed. Every control has a Python method behind it, so tests drive exactly the path a click
takes. What is particular to a game comes from its presenter (:mod:`kaskaria.present`).

What one step does (the same for clicks, Python calls, bots and autoplay):

- A person's decision (:meth:`GameTable.act`) is applied, then every chance event that follows
  is resolved with the match's seed (the dice of the roll they asked for, a refill).
- :meth:`GameTable.next` makes one visible step when a bot is to move or chance is due: one bot
  decision with the chance that resolves by itself after it (a refill), or one chance event that
  a learner should see (a roll), again with what resolves by itself after it. The game type says
  which kinds are which (``GameType.automatic_chance`` / ``shown_chance``).
- :meth:`GameTable.play_turn` makes those steps one after another until a person must decide or
  the game is over (at a table of bots only: until the turn passes to the next bot), in one
  request. Each step is still its own view (``view["playing"]`` says "step 2 of 5"), so the
  browser draws the roll, then the placement, ... one after another, ``pace`` seconds apart.
- :meth:`GameTable.apply` applies exactly the one action given (a decision or an explicit chance
  outcome) and resolves nothing else: for demonstrations.

Chance is always picked by the match (``numpy.random.default_rng([seed, ply])``), so a table game
and a ``Match`` with the same seed and the same decisions are the same game. A bot deciding at
position ``ply`` gets ``numpy.random.default_rng([seed, ply, 1])``, so bot games replay exactly.

Who sees what: the table shows one *viewer* at a time: a seat, ``"table"`` (what lies open: a
projector) or ``"omniscient"`` (a teacher's demonstration). By default (``viewer="auto"``) it is
the one person at the table; with several people, the person whose decision it is; with bots only,
the table. When a game keeps cards private and the device passes from one person to another, the
table first shows a "pass the device" screen with nothing private on it. Nothing synced to the
browser holds what the viewer may not see: the board, the log, the status line, the messages
(refusals too: "It is Player 1's decision", never Player 1's moves) and the scenario code are all
made for the viewer. The seed is never shown while the game is not over (it would tell every
hidden draw and every roll to come; see :mod:`kaskaria.match`); the teacher has it in Python
(:attr:`GameTable.seed`, :attr:`GameTable.full_code`).

The browser is trusted with nothing: every message from it is checked (its type, its fields, their
types and sizes) before anything happens, and it may ask to show only the viewers the table's
Python settings allow (:attr:`GameTable.viewers`); a refused message changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any, ClassVar

import anywidget
import numpy as np
import traitlets

from ..bots import bot_from_choice, check_bot, seat_choices
from ..core import (
    CHANCE,
    OMNISCIENT,
    TABLE,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    InvalidActionError,
    ViewerLike,
    check_viewer,
    load,
)
from ..i18n import LANGUAGES, Localized, check_lang
from ..i18n import text as _t
from ..match import MAX_ACTION_CHARS, MAX_CODE_CHARS, Match
from ..present import Presenter, presenter_for
from ..validate import check_seed, fresh_seed, quote, short
from ._static import static_text

__all__ = ["HUMAN", "GameTable"]

#: The seat kind for a person at the table (every other seat is a bot).
HUMAN = "human"
#: The shortest and the longest time a step stays on screen (autoplay, a played turn), seconds.
_SPEEDS = (0.05, 10.0)
#: The paces the table offers (seconds a step stays on screen), by their message key.
_PACES = ((2.0, "slow"), (1.2, "normal"), (0.6, "fast"))
#: The pace of a new table.
_DEFAULT_PACE = 1.2
#: ``autoplay="auto"``: on (at the pace) when a bot sits at the table, off when only people play.
AUTO = "auto"
#: The longest message kept on the table (errors quote at most a short prefix of bad input).
_MAX_MESSAGE = 600
#: How much of an action's text a refusal quotes.
_QUOTED = 40

_NUMBER = (int, float)
_NONE = type(None)
#: What the browser may send: for each message type, its fields with their accepted types (exact
#: classes: ``True`` is not a number here) and whether the field is required. Every message may
#: also carry ``version`` (the view it was sent from). Anything else is refused.
SCREEN_MESSAGES: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "action": {"action": ((str,), True)},
    "next": {},
    "turn": {},
    "undo": {},
    "pass": {},
    "new": {"seed": ((*_NUMBER, _NONE), False)},
    "help": {"on": ((bool,), True)},
    "autoplay": {"delay": ((*_NUMBER, _NONE), True)},
    "pace": {"delay": (_NUMBER, True)},
    "code": {"code": ((str,), True)},
    "seat": {"player": ((int,), True), "seat": ((str,), True)},
    "lang": {"lang": ((str,), True)},
    "restart": {"players": ((int,), False), "variant": ((str,), False)},
    "viewer": {"viewer": ((int, str), True)},
}
#: The longest text accepted in a field of a browser message (80 characters for the others).
_TEXT_LIMITS = {"action": MAX_ACTION_CHARS, "code": MAX_CODE_CHARS}
#: Whole numbers from the browser stay within what JavaScript numbers carry exactly.
_SCREEN_INT = 2**53


class _Refusal(IllegalActionError):
    """A refusal the table words itself, at the moment it is shown, from what the viewer of the
    screen may know (so a message still on screen when the viewer changes is worded again)."""

    def __init__(self, words: Callable[[str], str]) -> None:
        self._words = words
        super().__init__(words("en"))

    def text(self, lang: str = "en") -> str:
        return self._words(lang)


class _Unreadable(_Refusal, InvalidActionError):
    """The same for text that is no action at all (the error keeps its kind)."""


def _shell_words(lang: str) -> dict[str, str]:
    keys = (
        "next_step",
        "nothing_to_step",
        "play_turn",
        "watch_hint",
        "game_over",
        "autoplay_over",
        "autoplay_on",
        "autoplay_off",
        "speed",
        "slow",
        "normal",
        "fast",
        "undo",
        "new_game",
        "seed",
        "random_seed",
        "code",
        "code_view",
        "load_code",
        "paste_code",
        "log",
        "moves",
        "game_over_hint",
        "bot_hint",
        "chance_hint",
        "winner",
        "person",
        "bot",
        "pass_hint",
        "viewer",
        "language",
        "variant",
        "players",
        "keys",
    )
    return {k: _t("core", f"shell.{k}", lang) for k in keys}


class GameTable(anywidget.AnyWidget):
    """A table for any registered game, for people and bots, in JupyterLab and in tests.

    ``GameTable("dragon-battle", players=2, seats=("human", "optimal"), variant="basic", seed=1,
    help=True, lang="en", viewer="auto", **options)``: ``seats`` names for each seat ``"human"``,
    a bot of :func:`kaskaria.bots.available_bots` or a seat-menu preset (``"threshold(1/4)"``),
    or a bot object (with ``.name`` and ``.choose``); by default seat 1 is a person and the others
    are the game's default bot. ``actions`` replays lines of action text from the start instead of
    resolving the set-up, to show an exact position; see also :meth:`from_match` /
    :meth:`from_code`.

    ``autoplay``: seconds between the steps the browser asks for on its own while bots move or
    chance is due, ``None`` for off, or ``"auto"`` (the default): on at the table's pace when a bot
    sits at the table, off when only people play.

    ``seed=None`` deals with a fresh seed (a new game every time); the table never shows the seed
    while the game runs (:attr:`seed` has it). ``viewer``: who is shown (``"auto"``, a seat,
    ``"table"``, ``"omniscient"``); ``viewers``: the views the browser may ask for (see
    :attr:`viewers`).

    Methods: :meth:`act` (a person's decision, by its text), :meth:`next` (one bot or chance
    step), :meth:`play_turn` (every step until a person decides), :meth:`run_bots`,
    :meth:`apply`, :meth:`undo`, :meth:`new_game`, :meth:`load_code`, :meth:`set_seat`,
    :meth:`pass_device` (the person at the device is ready); properties :attr:`state`,
    :attr:`match`, :attr:`code`, :attr:`full_code`, :attr:`log`, :attr:`message`, :attr:`help`,
    :attr:`autoplay`, :attr:`pace`, :attr:`lang`, :attr:`viewer`, :attr:`viewers`.
    """

    #: the game this class plays (``None``: any game, given by name)
    game_name: ClassVar[str | None] = None
    #: the bot a seat gets by default
    default_bot: ClassVar[str] = "random"

    _esm = static_text("table.js")
    _css = static_text("table.css")

    #: Everything the browser draws (read-only for users; rebuilt after every change).
    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: str | None = None,
        players: int = 2,
        seats: Sequence[Any] | None = None,
        variant: str = "basic",
        seed: int | None = 1,
        help: bool = True,
        *,
        actions: Iterable[str | Action] | None = None,
        autoplay: float | str | None = AUTO,
        lang: str = "en",
        viewer: Any = "auto",
        viewers: Any = None,
        **options: Any,
    ) -> None:
        name = self._game_name(game)
        seed = check_seed(seed, allow_none=True)
        fresh = seed is None
        if fresh:
            seed = fresh_seed()
        the_game = load(name, players=players, variant=variant, **options)
        if actions is None:
            match = Match(the_game, seed=seed)
            match.resolve_chance()  # the set-up
            greeting = ("greet_new", {"seed": match.seed})
        else:
            if isinstance(actions, str):
                raise TypeError(
                    "actions must be a list of action lines, e.g. ['draw maid', 'roll'], "
                    f"not one string {short(actions)}"
                )
            match = Match(the_game, seed=seed, actions=list(actions))
            greeting = ("greet_position", {"seed": match.seed})
        self._setup(match, seats, help, autoplay, greeting, lang, viewer, viewers, fresh=fresh)

    @classmethod
    def _game_name(cls, game: str | None) -> str:
        if cls.game_name is not None:
            if game is not None and game != cls.game_name:
                raise ValueError(f"{cls.__name__} plays {cls.game_name!r}, not {short(game)}")
            return cls.game_name
        if game is None:
            raise TypeError("GameTable needs the game's name, e.g. GameTable('dragon-battle')")
        return game

    # -- other ways to build a table -----------------------------------------------------------
    @classmethod
    def from_match(
        cls,
        match: Match,
        seats: Sequence[Any] | None = None,
        help: bool = True,
        autoplay: float | str | None = AUTO,
        *,
        lang: str = "en",
        viewer: Any = "auto",
        viewers: Any = None,
    ) -> GameTable:
        """A table showing a copy of ``match`` exactly as it stands (pending chance waits for
        :meth:`next` or :meth:`apply`)."""
        if not isinstance(match, Match):
            raise TypeError(f"match must be a kaskaria.Match, got {type(match).__name__}")
        if cls.game_name is not None and match.game.name != cls.game_name:
            raise ValueError(f"this table plays {cls.game_name!r}, not {match.game.name!r}")
        table = cls.__new__(cls)
        table._setup(
            match.copy(),
            seats,
            help,
            autoplay,
            ("greet_match", {"seed": match.seed}),
            lang,
            viewer,
            viewers,
        )
        return table

    @classmethod
    def from_code(
        cls,
        code: str,
        seats: Sequence[Any] | None = None,
        help: bool = True,
        autoplay: float | str | None = AUTO,
        *,
        lang: str = "en",
        viewer: Any = "auto",
        viewers: Any = None,
    ) -> GameTable:
        """A table at the position of a scenario code (the full code: ``table.full_code``)."""
        return cls.from_match(
            Match.from_code(code),
            seats=seats,
            help=help,
            autoplay=autoplay,
            lang=lang,
            viewer=viewer,
            viewers=viewers,
        )

    def _setup(
        self,
        match: Match,
        seats: Sequence[Any] | None,
        help: bool,
        autoplay: float | str | None,
        greeting: tuple[str, dict[str, Any]],
        lang: str,
        viewer: Any,
        viewers: Any = None,
        *,
        fresh: bool = False,
    ) -> None:
        self._match = match
        #: was this game dealt with a fresh seed (nobody chose it)?
        self._fresh = fresh
        self._presenter: Presenter = presenter_for(match.game)
        self._version = 0
        self._lang = check_lang(lang)
        self._seat_specs, self._bots = self._check_seats(seats, match.game)
        if not isinstance(help, bool):
            raise TypeError(f"help must be True or False, got {short(help)}")
        self._help = help
        self._pace = _DEFAULT_PACE
        self._autoplay: float | None = None
        self._autoplay_auto = False
        self._set_autoplay(autoplay)
        self._playing: dict[str, Any] | None = None
        self._viewer_setting = self._check_viewer_setting(viewer, match.game.players)
        self._viewers = self._check_viewers(viewers, match.game.players)
        self._viewer: ViewerLike = TABLE
        self._passing = False
        self._settle_viewer(initial=True)
        self._message: tuple[str, Any] = ("say", greeting)
        self._message_kind = "info"
        super().__init__(view=self._build_view())
        self.on_msg(self._on_msg)

    # -- checking input ------------------------------------------------------------------------
    @staticmethod
    def _check_autoplay(delay: Any) -> float | None:
        if delay is None or delay is False or (delay.__class__ in (int, float) and delay == 0):
            return None
        if isinstance(delay, bool) or not isinstance(delay, (int, float)):
            raise TypeError(
                f"autoplay is a delay in seconds (or None for off, or 'auto'), got {short(delay)}"
            )
        if not _SPEEDS[0] <= delay <= _SPEEDS[1]:
            raise ValueError(
                f"autoplay delay must be from {_SPEEDS[0]} to {_SPEEDS[1]} seconds, got {short(delay)}"
            )
        return float(delay)

    @staticmethod
    def _check_pace(pace: Any) -> float:
        if isinstance(pace, bool) or not isinstance(pace, (int, float)):
            raise TypeError(f"pace is the seconds a step stays on screen, got {short(pace)}")
        if not _SPEEDS[0] <= pace <= _SPEEDS[1]:
            raise ValueError(
                f"pace must be from {_SPEEDS[0]} to {_SPEEDS[1]} seconds, got {short(pace)}"
            )
        return float(pace)

    def _set_autoplay(self, delay: Any) -> None:
        """Autoplay off (None), on with a delay (which becomes the pace), or "auto"."""
        if isinstance(delay, str) and delay == AUTO:
            self._autoplay_auto = True
            self._autoplay = self._default_autoplay()
            return
        checked = self._check_autoplay(delay)
        self._autoplay_auto = False
        self._autoplay = checked
        if checked is not None:
            self._pace = checked

    def _default_autoplay(self) -> float | None:
        """On at the pace when a bot sits at the table; off when only people play."""
        return self._pace if any(bot is not None for bot in self._bots) else None

    def _seats_changed(self) -> None:
        if self._autoplay_auto:
            self._autoplay = self._default_autoplay()

    @staticmethod
    def _check_viewer_setting(viewer: Any, players: int) -> ViewerLike | str:
        if viewer.__class__ is str and viewer == "auto":
            return "auto"
        return check_viewer(viewer, players)

    @classmethod
    def _check_viewers(cls, viewers: Any, players: int) -> tuple[ViewerLike | str, ...] | None:
        """The viewers the browser may ask for (``None``: the default, see :attr:`viewers`)."""
        if viewers is None:
            return None
        if isinstance(viewers, (str, int)) or not isinstance(
            viewers, (list, tuple, set, frozenset)
        ):
            raise TypeError(
                "viewers is a list of the views the screen may ask for, e.g. ['auto', 'table', 0], "
                f"or None for the default; got {short(viewers)}"
            )
        if len(viewers) > players + 3:
            raise ValueError(
                f"viewers lists at most {players + 3} views ('auto', 'table', 'omniscient' and the "
                f"seats 0 to {players - 1}), got {len(viewers)}"
            )
        checked = [cls._check_viewer_setting(v, players) for v in viewers]
        return tuple(dict.fromkeys(checked))

    def _make_seat(self, spec: Any, game: Game) -> tuple[str, Any]:
        """(the seat's text for ``seats`` and the repr, the bot or None for a person)."""
        if isinstance(spec, str):
            if spec == HUMAN:
                return HUMAN, None
            return spec, bot_from_choice(game, spec)
        if callable(getattr(spec, "choose", None)) and isinstance(getattr(spec, "name", None), str):
            check_bot(spec)
            params = getattr(spec, "params", None)
            if isinstance(params, dict) and params:
                shown = ", ".join(f"{k}={v}" for k, v in params.items())
                return f"{spec.name}({shown})", spec
            return spec.name, spec
        raise TypeError(
            f"a seat is 'human', a bot name or a bot (with .name and .choose), got {short(spec)}"
        )

    def _check_seats(self, seats: Any, game: Game) -> tuple[list[str], list[Any]]:
        players = game.players
        if seats is None:
            seats = (HUMAN,) + (self.default_bot,) * (players - 1)
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise TypeError(
                f"seats must be a list with one entry per player, e.g. ('human', "
                f"'{self.default_bot}'), got {short(seats)}"
            )
        if len(seats) != players:
            raise ValueError(f"seats must name {players} players (one per seat), got {len(seats)}")
        made = [self._make_seat(s, game) for s in seats]
        return [m[0] for m in made], [m[1] for m in made]

    # -- what users read -----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current position (immutable). It holds everything, hidden or not: show a class
        ``table.view`` or the table itself, not this."""
        return self._match.state

    @property
    def match(self) -> Match:
        """A copy of the match behind the table (change the table through its methods)."""
        return self._match.copy()

    @property
    def game(self) -> Game:
        return self._match.game

    @property
    def seed(self) -> int:
        """The seed of this game (for the teacher in Python: the table never shows it while the
        game is not over, since it tells every chance result to come)."""
        return self._match.seed

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat: ``"human"`` or the bot's name."""
        return tuple(self._seat_specs)

    @property
    def code(self) -> str:
        """The scenario code of this position for the viewer shown now (what the table shows):
        a viewer's code, which leaves out what the viewer may not see and the seed, and can be
        read but not played on; the full code only once the game is over and nothing of it is
        hidden from the viewer (:meth:`kaskaria.Match.to_code`)."""
        return self._match.to_code(viewer=self._shown_viewer())

    @property
    def full_code(self) -> str:
        """The full scenario code (the teacher's: everything, hidden or not, and the seed). Never
        shown on the table."""
        return self._match.to_code()

    @property
    def message(self) -> str:
        """The latest explanation shown on the table, in the table's language."""
        return self._render_message()[0]

    @property
    def log(self) -> list[str]:
        """The game so far as the table shows it to the current viewer, one line per action:
        ``"Player 1: place red"``; ``table.match.lines()`` has the full record."""
        return [f"{e['who']}: {e['action']}" for e in self._log_entries()]

    @property
    def help(self) -> bool:
        """Whether the game's odds panel is shown."""
        return self._help

    @help.setter
    def help(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise self._refuse(TypeError(f"help must be True or False, got {short(on)}"))
        self._help = on
        self._refresh()

    @property
    def autoplay(self) -> float | None:
        """Seconds between bot steps when the browser plays bots on its own (None: off). Set a
        delay (it becomes the :attr:`pace`), ``None``, or ``"auto"`` (on when a bot sits at the
        table). Once the game is over the table shows autoplay off: nothing is left to play; a
        new game plays on with this setting."""
        return self._autoplay

    @autoplay.setter
    def autoplay(self, delay: float | str | None) -> None:
        try:
            self._set_autoplay(delay)
        except (TypeError, ValueError) as err:
            raise self._refuse(err) from None
        self._refresh()

    @property
    def pace(self) -> float:
        """Seconds each step stays on screen when :meth:`play_turn` plays a turn (the browser
        draws its steps one after another) and between autoplay's steps; the speed menu."""
        return self._pace

    @pace.setter
    def pace(self, seconds: Any) -> None:
        try:
            self._pace = self._check_pace(seconds)
        except (TypeError, ValueError) as err:
            raise self._refuse(err) from None
        if self._autoplay is not None:
            self._autoplay = self._pace
        self._refresh()

    @property
    def lang(self) -> str:
        """The language of every word on the table: ``"en"`` or ``"de"``."""
        return self._lang

    @lang.setter
    def lang(self, lang: Any) -> None:
        try:
            self._lang = check_lang(lang)
        except ValueError as err:
            raise self._refuse(err) from None
        self._refresh()

    @property
    def viewer(self) -> ViewerLike:
        """Who the table is showing: a seat, ``TABLE`` or ``OMNISCIENT``."""
        return self._viewer

    @viewer.setter
    def viewer(self, viewer: Any) -> None:
        try:
            self._viewer_setting = self._check_viewer_setting(viewer, self.game.players)
        except ValueError as err:
            raise self._refuse(err) from None
        self._passing = False
        self._settle_viewer(initial=True)
        self._refresh()

    @property
    def viewers(self) -> tuple[ViewerLike | str, ...]:
        """The views the screen may ask for (the browser can send a request to show a viewer;
        Python may show any viewer with :attr:`viewer`). By default ``"auto"``, ``"table"`` and
        the seat of each person at the table; set a list (``table.viewers = ["table", 0, 1,
        "omniscient"]``) to allow others, or ``None`` for the default. ``"omniscient"`` is never
        allowed unless set here."""
        if self._viewers is None:
            return ("auto", TABLE, *self._humans())
        return self._viewers

    @viewers.setter
    def viewers(self, viewers: Any) -> None:
        try:
            self._viewers = self._check_viewers(viewers, self.game.players)
        except (TypeError, ValueError) as err:
            raise self._refuse(err) from None

    @property
    def passing(self) -> bool:
        """Is the "pass the device" screen up (nothing private shown until :meth:`pass_device`)?"""
        return self._passing

    def __repr__(self) -> str:
        """A stable text for notebooks, made for the viewer shown (no seed while the game is not
        over; only the seats for a new game dealt with a fresh seed, see :meth:`_unplayed_fresh`)."""
        seats = ", ".join(self._seat_specs)
        g = self._match.game
        name = type(self).__name__
        if self._unplayed_fresh():
            return (
                f"<{name} seats=({seats}) players={g.players} variant={g.variant}: a new game "
                "dealt with a fresh seed>"
            )
        seed = self._seed_shown()
        said = "" if seed is None else f"seed={seed} "
        return (
            f"<{name} {said}seats=({seats}) players={g.players} "
            f"variant={g.variant} actions={len(self._match.actions)}: {self._status()}>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, its stable text and a static HTML picture of the position (shown where
        no kernel runs: GitHub, nbviewer, a notebook whose widget state was not saved)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/html"] = self._static_html()
        return bundle

    def _unplayed_fresh(self) -> bool:
        """Is this a new game dealt with a fresh seed that nobody has played yet? Its static
        picture and text then show only what does not depend on the deal (a play notebook shows
        the same output every time it runs, so its stored output stays what nbval compares)."""
        return self._fresh and self._match.last_decision() is None

    def _static_html(self) -> str:
        if not self._unplayed_fresh():
            return self._presenter.static_html(self.view)
        lang = self._lang
        names = "".join(f"<li>{escape(self._name(p))}</li>" for p in range(self.game.players))
        return (
            f'<div class="{self._presenter.prefix}-static kaskaria-static">'
            f"<p><b>{escape(self._presenter.title(lang))}</b>: "
            f"{escape(_t('core', 'shell.fresh_static', lang))}</p><ul>{names}</ul></div>"
        )

    def _seed_shown(self) -> int | None:
        """The seed, if the viewer shown may read it (once the game is over and nothing of it is
        hidden from the viewer), else None."""
        match = self._match
        return None if match.seed_hidden_from(self._shown_viewer()) else match.seed

    # -- a person's decision -------------------------------------------------------------------
    def act(self, action: Any) -> None:
        """Take a decision for the person to move, by its text: what every action button calls.
        An illegal decision raises :class:`kaskaria.IllegalActionError` and leaves the table as
        it was. The refusal is worded for the viewer shown: the rules' explanation (which lists
        the legal moves) only for a viewer who may see the mover's moves."""
        state = self.state
        if not isinstance(action, (Action, str)):
            raise self._refuse(
                InvalidActionError(f"action text must be a string, got {type(action).__name__}")
            )
        said = quote(action if isinstance(action, str) else str(action), _QUOTED)
        try:
            if isinstance(action, str):
                action = state.parse_action(action)
            assert isinstance(action, Action)
            self._check_human_turn(action)
            state.apply(action)  # raises the rules' explanation if it is not allowed
        except _Refusal as err:
            raise self._refuse(err) from None
        except (ValueError, TypeError) as err:
            raise self._refuse(err, private=said) from None
        start = len(self._match.actions)
        self._match.apply(action)
        self._match.resolve_chance()
        self._done(start)

    # -- bots and chance -----------------------------------------------------------------------
    def next(self) -> None:
        """One visible step when a bot is to move or chance is due (the Next button)."""
        if self._next_info() is None:
            raise self._refuse(self._no_step())
        start = len(self._match.actions)
        try:
            self._step()
        except RuntimeError as err:
            raise self._refuse(err) from None
        self._done(start)

    def run_bots(self, max_steps: int = 10_000) -> None:
        """Step until a person must decide or the game is over (for notebooks)."""
        if max_steps.__class__ is not int or max_steps < 1:
            raise self._refuse(
                ValueError(f"max_steps must be a whole number >= 1, got {short(max_steps)}")
            )
        start = len(self._match.actions)
        steps = 0
        last = start
        while self._next_info() is not None and steps < max_steps:
            last = len(self._match.actions)
            try:
                self._step()
            except RuntimeError as err:
                raise self._refuse(err) from None
            steps += 1
        if steps:
            self._done(last, steps=steps)

    def play_turn(self, max_steps: int = 10_000) -> None:
        """Every step until a person must decide or the game is over, in one call (the "Play
        whole turn" button); at a table of bots only, until the turn passes to the next bot.

        Each step is pushed to the browser as a view of its own, marked ``view["playing"] =
        {"step": k, "steps": n, ...}``, so the browser draws every step, :attr:`pace` seconds
        apart (learners see the roll, then the placement, ...). The match itself is at the end of
        the turn when this returns. Refused (and nothing changes) when a person decides now."""
        if max_steps.__class__ is not int or max_steps < 1:
            raise self._refuse(
                ValueError(f"max_steps must be a whole number >= 1, got {short(max_steps)}")
            )
        if self._next_info() is None:
            raise self._refuse(self._no_step())
        owner = self._turn_owner()
        only_bots = not self._humans()
        frames: list[dict[str, Any]] = []
        error: Exception | None = None
        start = len(self._match.actions)
        while len(frames) < max_steps:
            start = len(self._match.actions)
            try:
                self._step()
            except RuntimeError as err:
                error = err
                break
            self._settle_viewer()
            self._message, self._message_kind = ("done", (start, None)), "info"
            self._version += 1
            frames.append(self._build_view())  # each step narrates itself
            if self._next_info() is None:
                break  # a person decides now, or the game is over
            now = self._turn_owner()
            if owner is None:
                owner = now
            elif only_bots and now is not None and now != owner:
                break  # bots only: one bot's turn per click
        if len(frames) > 1 and error is None:
            # the last step also says how many were played (the log has them all)
            self._message = ("done", (start, len(frames)))
            text, kind = self._render_message()
            frames[-1]["message"] = {"text": text, "kind": kind}
        for k, frame in enumerate(frames, 1):
            frame["playing"] = {
                "step": k,
                "steps": len(frames),
                "label": _t("core", "shell.playing", self._lang, n=k, total=len(frames)),
            }
            self.view = frame
        if error is not None:
            raise self._refuse(error) from None

    def _turn_owner(self) -> int | None:
        """The seat whose turn it is (also while chance is due), or None if no seat's."""
        state = self.state
        seat = getattr(state, "player", None)
        if seat.__class__ is int and seat >= 0:
            return seat
        player = state.current_player()
        return player if player >= 0 else None

    def _step(self) -> None:
        match = self._match
        state = match.state
        player = state.current_player()
        if player == CHANCE:
            match.step_chance()
            self._resolve_automatic()
            return
        bot = self._bots[player]
        rng = np.random.default_rng([match.seed, len(match.actions), 1])
        choice = bot.choose(state, rng)
        if isinstance(choice, str):
            choice = state.parse_action(choice)
        if choice not in state.legal_actions():
            # neither its choice nor the legal moves are named: they may show the bot's hand
            raise RuntimeError(
                f"the {quote(bot.name, 30)} bot chose a move that is not legal here; the table is "
                "unchanged"
            )
        match.apply(choice)
        self._resolve_automatic()

    def _resolve_automatic(self) -> None:
        """Resolve chance that happens by itself (a refill) after a step."""
        match = self._match
        automatic = match.game.describe().automatic_chance
        while match.state.current_player() == CHANCE and match.state.chance_kind() in automatic:
            match.step_chance()

    # -- demonstrations ------------------------------------------------------------------------
    def apply(self, action: str | Action) -> None:
        """Apply exactly one action, whoever is to move: a decision or an explicit chance
        outcome (``"roll black blue red red"``). Nothing else is resolved."""
        said = quote(action if isinstance(action, str) else str(action), _QUOTED)
        try:
            self._match.apply(action)
        except (ValueError, TypeError) as err:
            raise self._refuse(err, private=said) from None
        self._done(len(self._match.actions) - 1)

    # -- undo, new game, scenario codes --------------------------------------------------------
    def undo(self) -> None:
        """Take back the last decision. Chance results stand: a decision followed by chance
        cannot be undone, nor can a bot's move."""
        if self._undo_block(self._lang) is not None:
            raise self._refuse(_Refusal(lambda lang: self._undo_block(lang) or ""))
        before, taken, now = self._match.states[-2], self._match.actions[-1], self._match.state
        seat = before.current_player()
        self._match.undo()
        self._passing = False
        self._settle_viewer()

        def who(lang: str) -> str:
            return self._name(seat, lang)

        def line(lang: str) -> str:  # as the viewer shown *when the message is read* may read it
            return before.redact(taken, self._shown_viewer(), now)

        self._say("undone", {"who": who, "taken": line})

    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same seats and rules; ``seed=None`` picks a fresh seed."""
        try:
            seed = check_seed(seed, allow_none=True)
        except ValueError as err:
            raise self._refuse(err) from None
        fresh = seed is None
        if seed is None:
            seed = fresh_seed()
        match = Match(self._match.game, seed=seed)
        match.resolve_chance()
        self._replace_match(match)
        self._fresh = fresh
        self._say("new_game", {"seed": seed})

    def restart(
        self, players: int | None = None, variant: str | None = None, seed: int | None = None
    ) -> None:
        """A new game with another player count or variant (the same options and language);
        new seats are people."""
        game = self._match.game
        players = game.players if players is None else players
        variant = game.variant if variant is None else variant
        fresh = self._fresh and seed is None  # the same seed as before, or one chosen now
        try:
            options = game.options()
            options = {
                k: v for k, v in options.items() if not (k == "first_player" and v >= players)
            }
            new = load(game.name, players=players, variant=variant, **options)
            seed = self._match.seed if seed is None else check_seed(seed)
        except (TypeError, ValueError) as err:
            raise self._refuse(err) from None
        match = Match(new, seed=seed)
        match.resolve_chance()
        self._seat_specs = (self._seat_specs + [HUMAN] * players)[:players]
        self._bots = (self._bots + [None] * players)[:players]
        self._seats_changed()
        self._replace_match(match)
        self._fresh = fresh
        self._say("new_game", {"seed": seed})

    def load_code(self, code: Any) -> None:
        """Go to the position of a scenario code; seats are kept (extra players are people)."""
        try:
            match = Match.from_code(code)
            if match.game.name != self._match.game.name:
                raise ValueError(
                    f"this code is for {match.game.name!r}, not {self._match.game.name!r}"
                )
        except (ValueError, TypeError) as err:
            raise self._refuse(err) from None
        players = match.game.players
        self._seat_specs = (self._seat_specs + [HUMAN] * players)[:players]
        self._bots = (self._bots + [None] * players)[:players]
        self._seats_changed()
        self._replace_match(match)
        self._fresh = False
        self._say("loaded", {"seed": match.seed, "n": len(match.actions)})

    def set_seat(self, player: Any, seat: Any) -> None:
        """Put a person or a bot (name, preset or object) in seat ``player`` (0 = Player 1)."""
        players = self._match.game.players
        if player.__class__ is not int or player not in range(players):
            raise self._refuse(
                ValueError(f"player must be a seat from 0 to {players - 1}, got {short(player)}")
            )
        try:
            spec, bot = self._make_seat(seat, self._match.game)
        except (ValueError, TypeError) as err:
            raise self._refuse(err) from None
        self._seat_specs[player], self._bots[player] = spec, bot
        self._seats_changed()
        self._settle_viewer()
        if bot is None:
            self._say("seat_human", {"n": player + 1})
        else:
            self._say("seat_bot", {"n": player + 1, "name": bot.name})

    def pass_device(self) -> None:
        """The person the device was passed to is ready: show their seat's view."""
        if not self._passing:
            raise self._refuse(_Refusal(lambda lang: _t("core", "refuse.not_passing", lang)))
        self._passing = False
        self._refresh()

    def _replace_match(self, match: Match) -> None:
        self._match = match
        self._presenter = presenter_for(match.game)
        self._passing = False
        self._settle_viewer(initial=True)

    # -- the browser's messages ----------------------------------------------------------------
    #: the messages this table accepts from the browser (see :data:`SCREEN_MESSAGES`)
    screen_messages: ClassVar[dict[str, dict[str, tuple[tuple[type, ...], bool]]]] = SCREEN_MESSAGES

    def _screen_message(self, content: Any) -> str | None:
        """The type of a well-formed message from the browser, or None: a dict of at most a few
        fields, a known type, only that type's fields, each of an accepted type and size."""
        if content.__class__ is not dict or len(content) > 6:
            return None
        kind = content.get("type")
        fields = self.screen_messages.get(kind) if kind.__class__ is str else None
        if fields is None:
            return None
        for key, value in content.items():
            if key == "type":
                continue
            if key == "version":
                if value is not None and (
                    value.__class__ is not int or not 0 <= value < _SCREEN_INT
                ):
                    return None
                continue
            spec = fields.get(key)
            if spec is None or value.__class__ not in spec[0]:
                return None
            if value.__class__ is str and len(value) > _TEXT_LIMITS.get(key, 80):
                return None
            if value.__class__ is int and not -_SCREEN_INT < value < _SCREEN_INT:
                return None
            if value.__class__ is float and not math.isfinite(value):
                return None
        if any(required and key not in content for key, (_, required) in fields.items()):
            return None
        return kind

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser. Nothing it sends is trusted: a malformed message is
        refused (nothing changes; the table says so), and a well-formed one only does what the
        table's controls do."""
        kind = self._screen_message(content)
        if kind is None:
            self._refuse(_Refusal(lambda lang: _t("core", "refuse.bad_message", lang)))
            return
        stale = content.get("version") not in (None, self._version)
        if kind in ("action", "next", "turn", "undo", "pass") and stale:
            return  # a click on a table that has changed since: ignore it
        try:
            self._from_screen(kind, content)
        except (ValueError, TypeError, RuntimeError):
            # already explained on the table (see _refuse); a click must not raise in the kernel
            return

    def _from_screen(self, kind: str, content: dict[str, Any]) -> None:
        """Do what a well-formed message from the browser asks (its fields are checked)."""
        if kind == "action":
            self._act_from_screen(content["action"])
        elif kind == "seat":
            if content["seat"] not in seat_choices(self._match.game):
                raise self._refuse(_Refusal(lambda lang: _t("core", "refuse.bad_message", lang)))
            self.set_seat(content["player"], content["seat"])
        elif kind == "viewer":
            self._viewer_from_screen(content["viewer"])
        else:
            self._control(kind, content)

    def _act_from_screen(self, text: str) -> None:
        """A move sent by the screen: only a screen that shows the mover's moves can make one
        (otherwise whether it is legal would tell what the screen may not see)."""
        player = self.state.current_player()
        if player >= 0 and not self._is_bot(player) and (self._passing or self._hides_moves()):
            said = quote(text, _QUOTED)
            if self._passing:
                raise self._refuse(self._passing_refusal(said, player))
            raise self._refuse(self._private_refusal(said))
        self.act(text)

    def _viewer_from_screen(self, viewer: Any) -> None:
        """The screen asks to show ``viewer``: only one that :attr:`viewers` allows."""
        players = self.game.players
        try:
            wanted = self._check_viewer_setting(viewer, players)
        except ValueError:
            wanted = None
        if wanted is None or wanted not in self.viewers:
            raise self._refuse(_Refusal(lambda lang: _t("core", "refuse.viewer", lang)))
        self.viewer = wanted

    def _control(self, kind: str, content: dict[str, Any]) -> None:
        """The table's other controls, as the browser's buttons and menus use them."""
        if kind == "next":
            self.next()
        elif kind == "turn":
            self.play_turn()
        elif kind == "undo":
            self.undo()
        elif kind == "new":
            self.new_game(content.get("seed"))
        elif kind == "help":
            self.help = content["on"]
        elif kind == "autoplay":
            self.autoplay = content["delay"]
        elif kind == "pace":
            self.pace = content["delay"]
        elif kind == "code":
            self.load_code(content["code"])
        elif kind == "pass":
            self.pass_device()
        elif kind == "lang":
            self.lang = content["lang"]
        elif kind == "restart":
            self.restart(content.get("players"), content.get("variant"))

    # -- messages and refresh ------------------------------------------------------------------
    def _refuse(self, err: Exception, private: str | None = None) -> Exception:
        """Show why a request was refused (the state is unchanged) and return the error to raise.

        ``private`` (the action's text, quoted) marks an error of the rules about the position
        (an illegal or unreadable move): its explanation lists the legal moves of the one to move
        and may depend on what is hidden, so a viewer who may not see the mover's moves reads
        the table's own sentence instead ("It is Player 1's decision."), and so does the
        error raised."""
        self._message, self._message_kind = ("error", (err, private)), "error"
        self._refresh()
        if private is not None and not self._moves_open_to(self._shown_viewer()):
            return self._private_refusal(private, isinstance(err, InvalidActionError))
        return err

    def _say(self, key: str, params: dict[str, Any], kind: str = "info") -> None:
        self._message, self._message_kind = ("say", (key, params)), kind
        self._refresh()

    def _done(self, start: int, steps: int | None = None) -> None:
        """After actions from index ``start`` were applied (the last of ``steps`` steps, if more
        than one was played): explain them and redraw."""
        self._settle_viewer()
        self._message = ("done", (start, steps))
        self._message_kind = "info"
        self._refresh()

    def _render_message(self) -> tuple[str, str]:
        """The message in the table's language, for the current viewer."""
        what, data = self._message
        lang = self._lang
        kind = self._message_kind
        if what == "error":
            err, private = data
            if private is not None and not self._moves_open_to(self._shown_viewer()):
                text = self._private_refusal(private).text(lang)
            elif isinstance(err, _Refusal) or (isinstance(err, Localized) and err.key):
                text = err.text(lang)
            else:
                text = str(err)
            if isinstance(err, (IllegalActionError, InvalidActionError)):
                text = text[:1].upper() + text[1:]
            if len(text) > _MAX_MESSAGE:
                text = text[: _MAX_MESSAGE - 3] + "..."
        elif what == "done":
            start, steps = data
            text, kind = self._presenter.narrate(
                self._match, start, self._narration_viewer(), lang, self._name
            )
            if steps is not None and steps > 1:
                text = _t("core", "shell.steps_played", lang, n=steps) + " " + text
            text = (text + " " + self._prompt()).strip()
        else:
            key, params = data
            if "seed" in params and self._seed_shown() is None:
                key = f"{key}_hidden"  # the seed would tell this viewer what it may not know
            words = _t("core", f"say.{key}", lang, **params)
            text = (words + " " + self._prompt()).strip()
        return text, kind

    def _refresh(self) -> None:
        self._version += 1
        self.view = self._build_view()

    # -- who is who ----------------------------------------------------------------------------
    def _name(self, player: int, lang: str | None = None) -> str:
        bot = self._bots[player] if player >= 0 else None
        return self._presenter.seat_name(
            player, lang or self._lang, _bot_label(bot) if bot else None
        )

    def _is_bot(self, player: int) -> bool:
        return player >= 0 and self._bots[player] is not None

    def _humans(self) -> list[int]:
        return [p for p, bot in enumerate(self._bots) if bot is None]

    def _settle_viewer(self, initial: bool = False) -> None:
        """Choose who the table shows now, and whether the device must be passed first."""
        setting = self._viewer_setting
        if setting != "auto":
            self._viewer = setting  # type: ignore[assignment]
            self._passing = False
            return
        humans = self._humans()
        if not humans:
            self._viewer = TABLE
            self._passing = False
            return
        if len(humans) == 1:
            self._viewer = humans[0]
            self._passing = False
            return
        player = self.state.current_player()
        target = self._viewer
        if player >= 0 and player in humans:
            target = player
        elif not isinstance(target, int) or target not in humans:
            target = humans[0]
        private = getattr(self._match.game, "private_information", False)
        if private and not initial and target != self._viewer and player != TERMINAL:
            self._passing = True
        elif initial and private:
            self._passing = True
        self._viewer = target

    def _shown_viewer(self) -> ViewerLike:
        """The viewer whose view is synced now (the table while the device is passed)."""
        return TABLE if self._passing else self._viewer

    def _narration_viewer(self) -> ViewerLike:
        return self._shown_viewer()

    def _check_human_turn(self, action: Action) -> None:
        """Refuse a person's move when no person decides now (the words say only what every
        viewer may know)."""
        state = self.state
        player = state.current_player()
        said = quote(str(action), _QUOTED)
        if player == TERMINAL:
            raise _Refusal(lambda lang: _t("core", "refuse.over", lang, action=said))
        if player == CHANCE:
            raise _Refusal(
                lambda lang: _t(
                    "core", "refuse.chance_due", lang, action=said, what=self._chance_words(lang)
                )
            )
        if self._is_bot(player):
            raise _Refusal(
                lambda lang: _t(
                    "core", "refuse.bot_turn", lang, action=said, who=self._name(player, lang)
                )
            )
        if self._passing:
            raise self._passing_refusal(said, player)

    def _passing_refusal(self, said: str, player: int) -> _Refusal:
        return _Refusal(
            lambda lang: _t(
                "core", "refuse.passing", lang, action=said, who=self._name(player, lang)
            )
        )

    def _moves_open_to(self, viewer: ViewerLike) -> bool:
        """May ``viewer`` read what the one to move may do now (the legal moves an explanation
        of the rules lists)? The omniscient viewer may; a seat may read its own; when a seat
        decides in a game without private cards, everyone may; when chance is due, only in a game
        where nothing is hidden (the outcomes left can tell what lies hidden: the cards still in
        the pile)."""
        if viewer is OMNISCIENT:
            return True
        player = self.state.current_player()
        if player == TERMINAL:
            return True
        if player == CHANCE:
            return self._match.game.describe().information == "perfect"
        return player == viewer or not getattr(self._match.game, "private_information", False)

    def _private_refusal(self, said: str, unreadable: bool = False) -> _Refusal:
        """The refusal of a move, for a viewer who may not see the mover's moves: it names only
        whose decision it is (or that chance is next), the same whatever is hidden. (An
        ``InvalidActionError`` when the text was no action at all.)"""

        def words(lang: str) -> str:
            player = self.state.current_player()
            if player == CHANCE:
                return _t("core", "refuse.private_chance", lang, action=said)
            who = self._name(player, lang) if player >= 0 else ""
            return _t("core", "refuse.private_decision", lang, action=said, who=who)

        return _Unreadable(words) if unreadable else _Refusal(words)

    def _no_step(self) -> _Refusal:
        """Why Next does nothing now: the game is over, or a person decides (never their moves)."""
        player = self.state.current_player()
        if player == TERMINAL:
            return _Refusal(lambda lang: _t("core", "refuse.no_step_over", lang))
        return _Refusal(
            lambda lang: _t("core", "refuse.no_step", lang, who=self._name(player, lang))
        )

    def _hides_moves(self) -> bool:
        """Would the buttons show what the viewer may not see? In a game where seats keep cards
        private, a seat's moves name its cards: they are shown only to that seat (or to the
        omniscient viewer); a person at the table can still move with :meth:`act`."""
        if not getattr(self._match.game, "private_information", False):
            return False
        viewer = self._shown_viewer()
        return viewer is not OMNISCIENT and viewer != self.state.current_player()

    def _chance_words(self, lang: str = "en") -> str:
        words = getattr(self._presenter, "chance_words", None)
        if words is not None:
            return words(self.state, lang)
        return self._presenter.chance_label(self.state, lang)

    def _next_info(self) -> dict[str, str] | None:
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            return {"label": self._presenter.next_label(state, self._lang, None), "who": "chance"}
        if self._is_bot(player):
            label = self._presenter.next_label(state, self._lang, self._bots[player].name)
            return {"label": label, "who": "bot"}
        return None

    def _turn_info(self) -> dict[str, str] | None:
        """The "Play whole turn" button: its label and what it will do (None: disabled)."""
        if self._next_info() is None:
            return None
        lang = self._lang
        if self._humans():
            title = _t("core", "shell.play_turn_people", lang)
        else:
            owner = self._turn_owner()
            who = self._name(owner) if owner is not None else _t("core", "chance", lang)
            title = _t("core", "shell.play_turn_bots", lang, who=who)
        return {"label": _t("core", "shell.play_turn", lang), "title": title}

    def _prompt(self) -> str:
        state = self.state
        player = state.current_player()
        if self._passing and player >= 0:
            return _t("core", "shell.pass_prompt", self._lang, who=self._name(player))
        who = self._name(player) if player >= 0 else ""
        return self._presenter.prompt(state, self._lang, who, self._is_bot(player))

    # -- undo rules ----------------------------------------------------------------------------
    def _line(self, i: int) -> str:
        """Action ``i`` as the viewer shown now may read it (a hidden word written ``?``)."""
        match = self._match
        return match.states[i].redact(match.actions[i], self._shown_viewer(), match.state)

    def _undo_block(self, lang: str) -> str | None:
        """Why Undo is refused now (None: it is allowed), worded for the viewer shown: every
        line it names is written as that viewer may read it (a hidden draw as ``?``)."""
        match = self._match
        i = match.last_decision()
        if i is None:
            return _t("core", "shell.nothing_to_undo", lang)
        who = match.states[i].current_player()
        if i != len(match.actions) - 1:
            after = [self._line(j) for j in range(i + 1, len(match.actions))]
            return self._presenter.chance_stands(self._line(i), after, lang)
        if self._is_bot(who):
            return _t(
                "core", "shell.bot_undo", lang, taken=self._line(i), who=self._name(who, lang)
            )
        return None

    # -- the view ------------------------------------------------------------------------------
    def _status(self) -> str:
        return self._presenter.status(self.state, self._shown_viewer(), self._lang)

    def _log_entries(self) -> list[dict[str, Any]]:
        match = self._match
        viewer = self._shown_viewer()
        now = match.state
        out = []
        for i, (before, action) in enumerate(zip(match.states[:-1], match.actions, strict=True)):
            player = before.current_player()
            who = self._name(player) if player >= 0 else ""
            entry = self._presenter.log_entry(
                before, action, match.states[i + 1], viewer, self._lang, now, who
            )
            out.append({"n": i + 1, **entry})
        return out

    def _build_view(self) -> dict[str, Any]:
        match = self._match
        state = match.state
        game = match.game
        lang = self._lang
        presenter = self._presenter
        viewer = self._shown_viewer()
        player = state.current_player()
        if player == TERMINAL:
            to_move = "over"
        elif player == CHANCE:
            to_move = "chance"
        elif self._passing:
            to_move = "pass"
        else:
            to_move = "bot" if self._is_bot(player) else "human"
        board = presenter.board(match, viewer, lang, self._help)
        undo_reason = self._undo_block(lang)
        last = match.last_decision()
        seat_of = getattr(state, "player", player)
        players = []
        for p in range(game.players):
            players.append(
                {
                    "seat": p,
                    "name": self._name(p),
                    "label": _t("core", "player", lang, n=p + 1),
                    "kind": "human" if self._bots[p] is None else "bot",
                    "bot": _bot_label(self._bots[p]),
                    "spec": self._seat_specs[p],
                    "to_move": player != TERMINAL and seat_of == p,
                    "winner": player == TERMINAL and p in state.winners(),
                    "viewer": viewer == p,
                    "played_by": _t(
                        "core", "shell.played_by", lang, who=_t("core", "player", lang, n=p + 1)
                    ),
                    **presenter.player_extra(board, p, lang),
                }
            )
        message, kind = self._render_message()
        # the seed tells every chance result to come: shown only once the game is over, and only
        # to a viewer from whom nothing of the game is hidden
        seed_shown = self._seed_shown()
        seat_menu = [
            {
                "value": c,
                "label": _t("core", "human", lang)
                if c == HUMAN
                else _t("core", "bot_suffix", lang, name=c),
            }
            for c in seat_choices(game)
        ]
        view = {
            "version": self._version,
            "game": game.name,
            "title": presenter.title(lang),
            "prefix": presenter.prefix,
            "lang": lang,
            "languages": list(LANGUAGES),
            "text": _shell_words(lang),
            "phase": getattr(state, "phase", ""),
            "player": seat_of if seat_of >= 0 else -1,
            "to_move": to_move,
            "status": self._status(),
            "variant": game.variant,
            "variants": [
                {"value": v, "label": _variant_label(presenter, v, lang)} for v in game.variants
            ],
            "player_counts": list(range(*_range(game))),
            "players": players,
            "actions": []
            if (to_move != "human" or self._hides_moves())
            else presenter.buttons(state, lang),
            "next": self._next_info(),
            "turn": self._turn_info(),
            "playing": None,
            "undo": {
                "enabled": undo_reason is None,
                "label": _t("core", "shell.undo", lang)
                if last is None
                else _t("core", "shell.undo_this", lang, taken=self._line(last)),
                "reason": undo_reason or "",
            },
            "help": self._help,
            # autoplay as shown: off once the game is over (nothing is left to play)
            "autoplay_ms": None
            if self._autoplay is None or player == TERMINAL
            else round(self._autoplay * 1000),
            "autoplay_enabled": player != TERMINAL,
            "pace_ms": round(self._pace * 1000),
            "paces": [
                {"ms": round(seconds * 1000), "label": _t("core", f"shell.{key}", lang)}
                for seconds, key in _PACES
            ],
            "seat_choices": [c["value"] for c in seat_menu],
            "seat_menu": seat_menu,
            "viewer": viewer if isinstance(viewer, int) else str(viewer),
            "passing": {
                "seat": player,
                "title": _t("core", "shell.pass_title", lang, who=self._name(player)),
                "ready": _t(
                    "core", "shell.pass_ready", lang, who=_t("core", "player", lang, n=player + 1)
                ),
                "hint": _t("core", "shell.pass_hint", lang),
            }
            if self._passing and player >= 0
            else None,
            "this_game": _t(
                "core",
                "shell.this_game"
                if seed_shown is not None
                else "shell.this_game_hidden"
                if player == TERMINAL
                else "shell.this_game_running",
                lang,
                variant=_variant_label(presenter, game.variant, lang),
                seed=seed_shown,
            ),
            "log": self._log_entries(),
            "message": {"text": message, "kind": kind},
            "seed": seed_shown,
            "code": self.code,
            "code_is_view": seed_shown is None,
        }
        view.update(board)
        if self._passing:
            view["actions"] = []
        return view


def _bot_label(bot: Any) -> str | None:
    """The name shown for a bot seat: its label with parameters (``threshold(1/4)``) if any."""
    if bot is None:
        return None
    return getattr(bot, "label", bot.name)


def _variant_label(presenter: Presenter, variant: str, lang: str) -> str:
    try:
        return presenter.t(f"variant.{variant}", lang)
    except KeyError:
        return variant


def _range(game: Game) -> tuple[int, int]:
    lo, hi = game.player_range()
    return lo, hi + 1
