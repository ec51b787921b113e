"""One table session: everything a game table does, in pure Python, for any number of screens.

A :class:`TableSession` owns a match and everything around it: the seats (people or bots, by
difficulty or by name), the bots and their pace, autoplay, undo rights (a person takes back only
their own decisions), the viewer rules (who a screen shows, the pass-the-device screen, the views a
screen may ask for), the messages (each worded for the viewer who reads it), the hourglass, the
log and the results. It imports no Jupyter: the notebook widget
(:class:`kaskaria.widgets.GameTable`) is a thin shell over a session, and a class server can serve
one viewer per device from the same session.

**Views in parts.** :meth:`TableSession.view` builds what one screen shows, for one viewer and one
language, as a dict of named parts (:data:`PARTS`): ``frame``, ``board``, ``players``, ``turn``,
``summary``, ``message``, ``moves``, ``passing``, ``timer``, ``log``, ``rules``, ``settings``,
``info``, ``status``, ``result`` and ``clock``, plus ``version``. A screen redraws only the parts
whose data changed. Every part is bounded in size (the log sends its latest entries; a screen
asks for more with a ``log`` message).

**Screens' messages.** :meth:`TableSession.handle` takes a message from a screen (a dict such as
``{"type": "action", "action": "roll"}``), checks it completely (type, fields, their types and
sizes; see :data:`SCREEN_MESSAGES`) and does what the table's controls do; a malformed message
changes nothing and the table says so. A screen may show only the viewers in :attr:`viewers`,
and may make a move only when it shows the mover's moves.

**Time.** The session never sleeps and reads no clock on its own schedule: time is given to it.
``clock`` (default :func:`time.monotonic`) is read when something happens, and the shell calls
:meth:`TableSession.tick` when :meth:`TableSession.wake_in` says something is due: a bot's step
(at :attr:`pace`, while autoplay is on or a turn is being watched) or the end of the hourglass. The
notebook widget does this with the browser's timers (the view's ``clock`` part says when to wake
it; the browser then sends a ``tick`` message); a server would use its event loop; tests give a
fake clock and call ``tick`` themselves.

**A step** (the same for Next, autoplay, a watched turn and :meth:`play_turn`): one bot decision
with the chance that resolves by itself after it, or one chance event a learner should see. A
decision that a game builds from several actions (a Dragon's Gold proposal, token by token) is one
step when a bot makes it: the presenter says which decisions join (``Presenter.joins``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from .bots import (
    DIFFICULTIES,
    bot_from_choice,
    check_bot,
    difficulty_bots,
    difficulty_of,
    seat_choices,
)
from .core import (
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
from .i18n import LANGUAGES, Localized, Phrase, check_lang
from .i18n import text as _t
from .match import Match
from .present import Presenter, presenter_for
from .tables import protocol
from .validate import check_seed, fresh_seed, quote, short

__all__ = [
    "AUTO",
    "DEFAULT_PACE",
    "HUMAN",
    "LOG_TAIL",
    "PARTS",
    "TableSession",
]

#: The seat kind for a person at the table (every other seat is a bot).
HUMAN = "human"
#: ``autoplay="auto"``: on (at the pace) when a bot sits at the table, off when only people play.
AUTO = "auto"
#: The shortest and the longest time a step stays on screen, seconds.
SPEEDS = (0.05, 10.0)
#: The paces a screen offers (seconds a step stays on screen), by their message key.
PACES = ((3.0, "slow"), (2.0, "normal"), (1.2, "fast"))
#: The pace of a new table: a step with a sentence stays at least this long (a child reads it).
DEFAULT_PACE = 2.0
#: The log entries a view carries at first (a screen asks for more).
LOG_TAIL = 8
#: How many more a ``{"type": "log", "more": true}`` message shows.
LOG_PAGE = 40
#: The step sentences the turn summary keeps (the oldest go first).
SUMMARY_LINES = 6
#: The longest message kept on the table.
MAX_MESSAGE = 600
#: The names of the parts of a view, in the order a screen draws them.
PARTS = (
    "frame",
    "board",
    "players",
    "turn",
    "summary",
    "message",
    "moves",
    "passing",
    "timer",
    "log",
    "rules",
    "settings",
    "info",
    "status",
    "result",
    "clock",
)
#: A tick this early is still on time (timers in browsers fire a little early or late).
_EARLY = 0.05
#: The ways a screen may draw motion: from the device's setting, or fixed by the teacher.
MOTIONS = ("auto", "full", "reduced")


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


_SHELL_WORDS = (
    "next_step",
    "nothing_to_step",
    "play_turn",
    "autoplay_on",
    "autoplay_off",
    "autoplay_over",
    "speed",
    "undo",
    "new_game",
    "seed",
    "random_seed",
    "code",
    "code_view",
    "load_code",
    "paste_code",
    "log",
    "log_more",
    "moves",
    "winner",
    "viewer",
    "language",
    "variant",
    "players",
    "keys",
    "summary",
    "summary_empty",
    "rules",
    "settings",
    "seats",
    "sound",
    "sound_on",
    "sound_off",
    "motion",
    "motion_auto",
    "motion_full",
    "motion_reduced",
    "hourglass",
    "hourglass_on",
    "hourglass_off",
    "seconds",
    "confirm_yes",
    "confirm_back",
    "results",
    "play_again",
    "close",
    "points_total",
)


def _shell_words(lang: str) -> dict[str, str]:
    return {k: _t("core", f"shell.{k}", lang) for k in _SHELL_WORDS}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (never two)."""
    text = _capital(text.strip())
    return text if not text or text[-1] in ".!?…" else text + "."


class TableSession:
    """A table for any registered game, for people and bots, behind any number of screens.

    ``TableSession("dragon-battle", players=2, seats=("human", "hard"), variant="basic", seed=1,
    help=True, lang="en", viewer="auto", **options)``: ``seats`` names for each seat ``"human"``,
    a difficulty (``"easy"``, ``"medium"``, ``"hard"``: each game maps them to its bots, see
    :func:`kaskaria.bots.difficulty_bots`), a bot of :func:`kaskaria.bots.available_bots` or a
    seat-menu preset (``"threshold(1/4)"``), or a bot object (with ``.name`` and ``.choose``); by
    default seat 1 is a person and the others are ``default_bot``. ``actions`` replays lines of
    action text from the start instead of resolving the set-up (an exact position); see also
    :meth:`from_match`.

    ``autoplay``: seconds between the steps bots take on their own (it becomes the :attr:`pace`),
    ``None`` for off, or ``"auto"`` (the default): on at the pace when a bot sits at the table.
    ``pace``: seconds a step stays on screen (default :data:`DEFAULT_PACE`). ``hourglass``: is the
    hourglass on (for games whose presenter times a decision: a Dragon's Gold answer)?
    ``clock``: a function returning seconds (default :func:`time.monotonic`).

    ``seed=None`` deals with a fresh seed; no view carries the seed while the game runs, nor ever
    when more than one person sits at the table (:attr:`seed` has it for the teacher).
    """

    def __init__(
        self,
        game: str,
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
        default_bot: str = "random",
        pace: float | None = None,
        hourglass: bool = True,
        clock: Callable[[], float] | None = None,
        **options: Any,
    ) -> None:
        if not isinstance(game, str):
            raise TypeError(f"game is a game's name, e.g. 'dragon-battle', got {short(game)}")
        seed = check_seed(seed, allow_none=True)
        fresh = seed is None
        if fresh:
            seed = fresh_seed()
        the_game = load(game, players=players, variant=variant, **options)
        if actions is None:
            match = Match(the_game, seed=seed)
            match.resolve_chance()  # the set-up
            greeting = "greet_new"
        else:
            if isinstance(actions, str):
                raise TypeError(
                    "actions must be a list of action lines, e.g. ['draw maid', 'roll'], "
                    f"not one string {short(actions)}"
                )
            match = Match(the_game, seed=seed, actions=list(actions))
            greeting = "greet_position"
        self._setup(
            match,
            seats,
            help,
            autoplay,
            greeting,
            lang,
            viewer,
            viewers,
            default_bot=default_bot,
            pace=pace,
            hourglass=hourglass,
            clock=clock,
            fresh=fresh,
        )

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
        default_bot: str = "random",
        pace: float | None = None,
        hourglass: bool = True,
        clock: Callable[[], float] | None = None,
    ) -> TableSession:
        """A session showing a copy of ``match`` exactly as it stands (pending chance waits for
        :meth:`next` or :meth:`apply`)."""
        if not isinstance(match, Match):
            raise TypeError(f"match must be a kaskaria.Match, got {type(match).__name__}")
        session = cls.__new__(cls)
        session._setup(
            match.copy(),
            seats,
            help,
            autoplay,
            "greet_match",
            lang,
            viewer,
            viewers,
            default_bot=default_bot,
            pace=pace,
            hourglass=hourglass,
            clock=clock,
        )
        return session

    def _setup(
        self,
        match: Match,
        seats: Sequence[Any] | None,
        help: bool,
        autoplay: float | str | None,
        greeting: str,
        lang: str,
        viewer: Any,
        viewers: Any = None,
        *,
        default_bot: str = "random",
        pace: float | None = None,
        hourglass: bool = True,
        clock: Callable[[], float] | None = None,
        fresh: bool = False,
    ) -> None:
        self._match = match
        self._fresh = fresh
        self._presenter: Presenter = presenter_for(match.game)
        self._version = 0
        self._listeners: list[Callable[[], None]] = []
        self._lang = check_lang(lang)
        self._default_bot = default_bot
        self._bot_names = False
        self._seat_specs, self._bots = self._check_seats(seats, match.game)
        if not isinstance(help, bool):
            raise TypeError(f"help must be True or False, got {short(help)}")
        self._help = help
        if hourglass is not True and hourglass is not False:
            raise TypeError(f"hourglass must be True or False, got {short(hourglass)}")
        self._hourglass_on = hourglass
        if clock is not None and not callable(clock):
            raise TypeError(f"clock is a function returning seconds, got {short(clock)}")
        self._clock: Callable[[], float] = clock or time.monotonic
        self._pace = DEFAULT_PACE if pace is None else self._check_pace(pace)
        self._autoplay: float | None = None
        self._autoplay_auto = False
        self._set_autoplay(autoplay)
        self._viewer_setting = self._check_viewer_setting(viewer, match.game.players)
        self._viewers = self._check_viewers(viewers, match.game.players)
        self._viewer: ViewerLike = TABLE
        self._passing = False
        self._settle_viewer(initial=True)
        self._message: tuple[str, Any] = ("say", (greeting, {}))
        self._message_kind = "info"
        #: the steps since the last decision of a person at the table: (start, end) ranges
        self._summary: list[tuple[int, int]] = []
        #: a turn the screen asked to watch (steps at the pace until a person decides)
        self._watching = False
        self._watch_owner: int | None = None
        #: when the next step is due (a clock reading), or None
        self._due: float | None = None
        #: the hourglass: the decision it times, and when it runs out
        self._hg_key: Any = None
        self._hg_deadline: float | None = None
        self._ticks = 0
        self._log_shown = LOG_TAIL
        self._sound = False
        self._motion = "auto"
        #: the start of the step the hourglass ended, and whose answer ran out
        self._time_up_at: int | None = None
        self._time_up_who = -1
        #: the viewer a message is being worded for (words that depend on it read this)
        self._rendering_for: ViewerLike = self._viewer
        self._schedule()

    # -- listening -----------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` after every change of the session (a screen then asks for its
        view); returns a function that stops it."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def _changed(self) -> None:
        self._version += 1
        self._schedule()
        for listener in list(self._listeners):
            listener()

    @property
    def version(self) -> int:
        """A number that grows with every change (a screen's clicks carry the version shown)."""
        return self._version

    # -- checking input ------------------------------------------------------------------------
    @staticmethod
    def _check_autoplay(delay: Any) -> float | None:
        if delay is None or delay is False or (delay.__class__ in (int, float) and delay == 0):
            return None
        if isinstance(delay, bool) or not isinstance(delay, (int, float)):
            raise TypeError(
                f"autoplay is a delay in seconds (or None for off, or 'auto'), got {short(delay)}"
            )
        if not SPEEDS[0] <= delay <= SPEEDS[1]:
            raise ValueError(
                f"autoplay delay must be from {SPEEDS[0]} to {SPEEDS[1]} seconds, got {short(delay)}"
            )
        return float(delay)

    @staticmethod
    def _check_pace(pace: Any) -> float:
        if isinstance(pace, bool) or not isinstance(pace, (int, float)):
            raise TypeError(f"pace is the seconds a step stays on screen, got {short(pace)}")
        if not SPEEDS[0] <= pace <= SPEEDS[1]:
            raise ValueError(
                f"pace must be from {SPEEDS[0]} to {SPEEDS[1]} seconds, got {short(pace)}"
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
            f"a seat is 'human', a difficulty ('easy', 'medium', 'hard'), a bot name or a bot "
            f"(with .name and .choose), got {short(spec)}"
        )

    def _check_seats(self, seats: Any, game: Game) -> tuple[list[str], list[Any]]:
        players = game.players
        if seats is None:
            seats = (HUMAN,) + (self._default_bot,) * (players - 1)
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise TypeError(
                f"seats must be a list with one entry per player, e.g. ('human', 'easy'), got "
                f"{short(seats)}"
            )
        if len(seats) != players:
            raise ValueError(f"seats must name {players} players (one per seat), got {len(seats)}")
        made = [self._make_seat(s, game) for s in seats]
        return [m[0] for m in made], [m[1] for m in made]

    # -- what Python reads ---------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The match itself (change it through the session's methods only)."""
        return self._match

    @property
    def state(self) -> Any:
        return self._match.state

    @property
    def game(self) -> Game:
        return self._match.game

    @property
    def presenter(self) -> Presenter:
        return self._presenter

    @property
    def seed(self) -> int:
        return self._match.seed

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._seat_specs)

    @property
    def bots(self) -> tuple[Any, ...]:
        """Each seat's bot, or None for a person."""
        return tuple(self._bots)

    @property
    def fresh(self) -> bool:
        """Was this game dealt with a fresh seed (nobody chose it)?"""
        return self._fresh

    @property
    def people(self) -> list[int]:
        """The seats of the people at the table."""
        return [p for p, bot in enumerate(self._bots) if bot is None]

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: Any) -> None:
        try:
            self._lang = check_lang(lang)
        except ValueError as err:
            raise self._refuse(err) from None
        self._changed()

    def _switch(self, name: str, on: Any) -> bool:
        """``on`` checked as a setting that is on or off (refused, and said on screen, if not)."""
        if on is not True and on is not False:
            raise self._refuse(TypeError(f"{name} must be True or False, got {short(on)}"))
        return on

    @property
    def help(self) -> bool:
        return self._help

    @help.setter
    def help(self, on: Any) -> None:
        self._help = self._switch("help", on)
        self._changed()

    @property
    def pace(self) -> float:
        """Seconds each step stays on screen while bots play on their own (autoplay, a watched
        turn): the speed menu. A teacher sets it (``session.pace = 3``)."""
        return self._pace

    @pace.setter
    def pace(self, seconds: Any) -> None:
        try:
            self._pace = self._check_pace(seconds)
        except (TypeError, ValueError) as err:
            raise self._refuse(err) from None
        if self._autoplay is not None:
            self._autoplay = self._pace
        self._changed()

    @property
    def autoplay(self) -> float | None:
        """Seconds between the steps bots take on their own (None: off)."""
        return self._autoplay

    @autoplay.setter
    def autoplay(self, delay: Any) -> None:
        try:
            self._set_autoplay(delay)
        except (TypeError, ValueError) as err:
            raise self._refuse(err) from None
        if self._autoplay is None:
            self._watching = False
        self._changed()

    @property
    def hourglass(self) -> bool:
        """Is the hourglass on (it times a person's answer where the game's rules use one)?"""
        return self._hourglass_on

    @hourglass.setter
    def hourglass(self, on: Any) -> None:
        self._hourglass_on = self._switch("hourglass", on)
        self._hg_key = None  # turned again (a fresh hourglass) when switched on
        self._changed()

    @property
    def bot_names(self) -> bool:
        """The teacher's setting: do screens name bots by their names (``"planner"``) rather than
        by their difficulty, and offer every bot in the seat menus? Off by default."""
        return self._bot_names

    @bot_names.setter
    def bot_names(self, on: Any) -> None:
        self._bot_names = self._switch("bot_names", on)
        self._changed()

    @property
    def sound(self) -> bool:
        """May the screen beep when a person's turn comes and at the end (off by default)?"""
        return self._sound

    @sound.setter
    def sound(self, on: Any) -> None:
        self._sound = self._switch("sound", on)
        self._changed()

    @property
    def motion(self) -> str:
        """How screens draw motion: ``"auto"`` (the device's reduced-motion setting decides),
        ``"full"`` or ``"reduced"`` (no animation)."""
        return self._motion

    @motion.setter
    def motion(self, value: Any) -> None:
        if value.__class__ is not str or value not in MOTIONS:
            raise self._refuse(
                ValueError(f"motion is one of {', '.join(MOTIONS)}, got {short(value)}")
            )
        self._motion = value
        self._changed()

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
        self._changed()

    @property
    def viewers(self) -> tuple[ViewerLike | str, ...]:
        """The views a screen may ask for (by default ``"auto"``, ``"table"`` and the seat of each
        person at the table; ``"omniscient"`` only when set here)."""
        if self._viewers is None:
            return ("auto", TABLE, *self.people)
        return self._viewers

    @viewers.setter
    def viewers(self, viewers: Any) -> None:
        try:
            self._viewers = self._check_viewers(viewers, self.game.players)
        except (TypeError, ValueError) as err:
            raise self._refuse(err) from None

    @property
    def passing(self) -> bool:
        return self._passing

    @property
    def shown_viewer(self) -> ViewerLike:
        """The viewer whose view is shown now (the table while the device is passed)."""
        return TABLE if self._passing else self._viewer

    @property
    def code(self) -> str:
        """The scenario code for the viewer shown now (see :meth:`code_for`)."""
        return self.code_for(self.shown_viewer)

    def code_for(self, viewer: ViewerLike) -> str:
        """The scenario code ``viewer``'s screen shows: the viewer's record without the seed; the
        full code only once the game is over, nothing of it is hidden from the viewer and at most
        one person sits at the table."""
        return self._match.to_code(viewer=viewer, record=len(self.people) > 1)

    @property
    def full_code(self) -> str:
        return self._match.to_code()

    def seed_shown(self, viewer: ViewerLike | None = None) -> int | None:
        """The seed, if ``viewer``'s screen may show it (once the game is over, nothing of it is
        hidden from the viewer, and at most one person sits at the table), else None."""
        if len(self.people) > 1:
            return None
        viewer = self.shown_viewer if viewer is None else viewer
        match = self._match
        return None if match.seed_hidden_from(viewer) else match.seed

    def unplayed_fresh(self) -> bool:
        """A new game dealt with a fresh seed that nobody has played yet?"""
        return self._fresh and self._match.last_decision() is None

    def message_text(self, viewer: ViewerLike | None = None, lang: str | None = None) -> str:
        """The latest message in full (what happened last, and what is next; or a refusal)."""
        return self._render_message(self.shown_viewer if viewer is None else viewer, lang)[0]

    def log_lines(self, viewer: ViewerLike | None = None) -> list[str]:
        """The game as action lines as ``viewer`` (default: the one shown) may read them,
        ``"Player 1: place red"`` (for Python; screens show sentences)."""
        viewer = self.shown_viewer if viewer is None else viewer
        match = self._match
        now = match.state
        out = []
        for i, line in enumerate(match.lines(viewer)):
            before = match.states[i]
            player = before.current_player()
            who = self.name(player) if player >= 0 else ""
            entry = self._presenter.log_entry(
                before, match.actions[i], match.states[i + 1], viewer, self._lang, now, who
            )
            out.append(f"{entry['who']}: {line}")
        return out

    # -- who is who ----------------------------------------------------------------------------
    def bot_label(self, seat: int, lang: str | None = None) -> str | None:
        """What a screen calls the bot in ``seat``: its difficulty (``"easy"``), or its name
        with the teacher's setting :attr:`bot_names` (None for a person)."""
        bot = self._bots[seat]
        if bot is None:
            return None
        lang = lang or self._lang
        label = getattr(bot, "label", bot.name)
        if self._bot_names:
            return label
        word = difficulty_of(self.game, bot)
        if word is None:
            return _t("core", "bot_other", lang)
        return _t("core", f"difficulty.{word}", lang)

    def name(self, player: int, lang: str | None = None) -> str:
        """A seat's name on screen: ``"Player 2 (easy bot)"``."""
        lang = lang or self._lang
        if player < 0:
            return _t("core", "chance", lang)
        bot = self._bots[player]
        name = _t("core", "player", lang, n=player + 1)
        if bot is None:
            return name
        if self._bot_names:
            return name + f" ({_t('core', 'bot_suffix', lang, name=self.bot_label(player, lang))})"
        return name + f" ({self.bot_label(player, lang)})"

    def is_bot(self, player: int) -> bool:
        return player >= 0 and self._bots[player] is not None

    def _settle_viewer(self, initial: bool = False) -> None:
        """Choose who the table shows now, and whether the device must be passed first."""
        setting = self._viewer_setting
        if setting != "auto":
            self._viewer = setting  # type: ignore[assignment]
            self._passing = False
            return
        humans = self.people
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

    # -- refusals ------------------------------------------------------------------------------
    def _check_human_turn(self) -> None:
        """Refuse a person's move when no person decides now (in words every viewer may know)."""
        player = self.state.current_player()
        if player == TERMINAL:
            raise _Refusal(lambda lang: _t("core", "refuse.over", lang))
        if player == CHANCE:
            raise _Refusal(
                lambda lang: _t("core", "refuse.chance_due", lang, what=self._chance_words(lang))
            )
        if self.is_bot(player):
            raise _Refusal(
                lambda lang: _t("core", "refuse.bot_turn", lang, who=self.name(player, lang))
            )
        if self._passing:
            raise self._passing_refusal(player)

    def _passing_refusal(self, player: int) -> _Refusal:
        return _Refusal(
            lambda lang: _t("core", "refuse.passing", lang, who=self.name(player, lang))
        )

    def moves_open_to(self, viewer: ViewerLike) -> bool:
        """May ``viewer`` read what the one to move may do now?"""
        if viewer is OMNISCIENT:
            return True
        player = self.state.current_player()
        if player == TERMINAL:
            return True
        if player == CHANCE:
            return self._match.game.describe().information == "perfect"
        return player == viewer or not getattr(self._match.game, "private_information", False)

    def _private_refusal(self, unreadable: bool = False) -> _Refusal:
        """The refusal of a move, for a viewer who may not see the mover's moves: it names only
        whose decision it is (or that chance is next), the same whatever is hidden."""

        def words(lang: str) -> str:
            player = self.state.current_player()
            if player == CHANCE:
                return _t("core", "refuse.private_chance", lang)
            who = self.name(player, lang) if player >= 0 else ""
            return _t("core", "refuse.private_decision", lang, who=who)

        return _Unreadable(words) if unreadable else _Refusal(words)

    def _no_step(self) -> _Refusal:
        player = self.state.current_player()
        if player == TERMINAL:
            return _Refusal(lambda lang: _t("core", "refuse.no_step_over", lang))
        return _Refusal(
            lambda lang: _t("core", "refuse.no_step", lang, who=self.name(player, lang))
        )

    def hides_moves(self, viewer: ViewerLike | None = None) -> bool:
        """Would the buttons show what the viewer may not see? (A seat's moves name its cards in
        a game where cards are private: shown only to that seat or to the omniscient viewer.)"""
        if not getattr(self._match.game, "private_information", False):
            return False
        viewer = self.shown_viewer if viewer is None else viewer
        return viewer is not OMNISCIENT and viewer != self.state.current_player()

    def _chance_words(self, lang: str) -> str:
        words = getattr(self._presenter, "chance_words", None)
        if words is not None:
            return words(self.state, lang)
        return self._presenter.chance_label(self.state, lang)

    def _rule_words(self, err: Exception, lang: str) -> str:
        """A refused move in words for the screen: the rule it breaks, never the move's code nor
        the list of legal moves."""
        if isinstance(err, InvalidActionError):
            return _t("core", "refuse.unreadable", lang)
        if isinstance(err, Localized) and err.key in ("illegal_action", "illegal_action_over"):
            rule = err.params.get("rule")
            if isinstance(rule, Phrase) and rule.domain is not None:
                return _t("core", "refuse.illegal", lang, rule=rule(lang))
        if isinstance(err, Localized) and err.key:
            return err.text(lang)
        return _t("core", "refuse.illegal_plain", lang)

    # -- a person's decision -------------------------------------------------------------------
    def act(self, action: Any) -> None:
        """Take a decision for the person to move, by its text or as an Action. An illegal
        decision raises :class:`kaskaria.IllegalActionError` and leaves everything as it was;
        the screen's message says why in words."""
        state = self.state
        if not isinstance(action, (Action, str)):
            raise self._refuse(
                InvalidActionError(f"action text must be a string, got {type(action).__name__}")
            )
        try:
            if isinstance(action, str):
                action = state.parse_action(action)
            assert isinstance(action, Action)
            self._check_human_turn()
            state.apply(action)  # raises the rules' explanation if it is not allowed
        except _Refusal as err:
            raise self._refuse(err) from None
        except (ValueError, TypeError) as err:
            raise self._refuse(err, private=True) from None
        start = len(self._match.actions)
        self._match.apply(action)
        self._match.resolve_chance()
        self._summary = [(start, len(self._match.actions))]  # the child's click: a new summary
        self._watching = False
        self._done(start)

    # -- bots and chance -----------------------------------------------------------------------
    def next_info(self) -> dict[str, str] | None:
        """The Next button when a bot is to move or chance is due (None: a person decides or the
        game is over)."""
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            return {"label": self._presenter.next_label(state, self._lang, None), "who": "chance"}
        if self.is_bot(player):
            label = _t("core", "generic.next_bot", self._lang, name=self.name(player))
            return {"label": label, "who": "bot"}
        return None

    def next(self) -> None:
        """One visible step when a bot is to move or chance is due (the Next button)."""
        if self.next_info() is None:
            raise self._refuse(self._no_step())
        start = len(self._match.actions)
        try:
            self._step()
        except RuntimeError as err:
            raise self._refuse(err) from None
        self._add_summary(start)
        self._done(start)

    def run_bots(self, max_steps: int = 10_000) -> None:
        """Step until a person must decide or the game is over (for notebooks)."""
        if max_steps.__class__ is not int or max_steps < 1:
            raise self._refuse(
                ValueError(f"max_steps must be a whole number >= 1, got {short(max_steps)}")
            )
        steps = 0
        last = len(self._match.actions)
        while self.next_info() is not None and steps < max_steps:
            last = len(self._match.actions)
            try:
                self._step()
            except RuntimeError as err:
                raise self._refuse(err) from None
            self._add_summary(last)
            steps += 1
        if steps:
            self._done(last, steps=steps)

    def play_turn(self, max_steps: int = 10_000) -> None:
        """Every step until a person must decide or the game is over, at once (at a table of bots
        only: until the turn passes to the next bot). The turn summary lists every step. A screen
        that asks for the whole turn watches it step by step instead (:meth:`watch_turn`)."""
        if max_steps.__class__ is not int or max_steps < 1:
            raise self._refuse(
                ValueError(f"max_steps must be a whole number >= 1, got {short(max_steps)}")
            )
        if self.next_info() is None:
            raise self._refuse(self._no_step())
        owner = self.turn_owner()
        only_bots = not self.people
        steps = 0
        start = len(self._match.actions)
        error: Exception | None = None
        while steps < max_steps:
            start = len(self._match.actions)
            try:
                self._step()
            except RuntimeError as err:
                error = err
                break
            self._add_summary(start)
            steps += 1
            if self.next_info() is None:
                break
            now = self.turn_owner()
            if owner is None:
                owner = now
            elif only_bots and now is not None and now != owner:
                break
        if steps:
            self._done(start, steps=steps)
        if error is not None:
            raise self._refuse(error) from None

    def watch_turn(self) -> None:
        """The screen's "Play whole turn": the next step now, then one step every :attr:`pace`
        seconds (as :meth:`tick` is called) until a person decides (at a table of bots only:
        until the turn passes to the next bot)."""
        if self.next_info() is None:
            raise self._refuse(self._no_step())
        self._watch_owner = self.turn_owner()
        self._watching = True
        start = len(self._match.actions)
        try:
            self._step()
        except RuntimeError as err:
            self._watching = False
            raise self._refuse(err) from None
        self._add_summary(start)
        self._stop_watching_if_done()
        self._done(start)

    def _stop_watching_if_done(self) -> None:
        if not self._watching:
            return
        if self.next_info() is None:
            self._watching = False
            return
        now = self.turn_owner()
        if self._watch_owner is None:
            self._watch_owner = now
        elif not self.people and now is not None and now != self._watch_owner:
            self._watching = False

    def turn_owner(self) -> int | None:
        """The seat whose turn it is (also while chance is due), or None."""
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
        self._bot_decides(player)
        # a decision a game builds from several actions (a proposal) is one step for a bot
        joins = getattr(self._presenter, "joins", None)
        guard = 0
        while (
            joins is not None
            and guard < 500
            and match.state.current_player() == player
            and joins(match.states[-2], match.state)
        ):
            self._bot_decides(player)
            guard += 1
        self._resolve_automatic()

    def _bot_decides(self, player: int) -> None:
        import numpy as np

        match = self._match
        state = match.state
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

    def _resolve_automatic(self) -> None:
        match = self._match
        automatic = match.game.describe().automatic_chance
        while match.state.current_player() == CHANCE and match.state.chance_kind() in automatic:
            match.step_chance()

    def _add_summary(self, start: int) -> None:
        self._summary.append((start, len(self._match.actions)))
        if len(self._summary) > SUMMARY_LINES:
            del self._summary[: len(self._summary) - SUMMARY_LINES]

    # -- time ----------------------------------------------------------------------------------
    def now(self) -> float:
        return float(self._clock())

    def _stepping(self) -> bool:
        """Do bots and chance step on their own now (autoplay, or a turn being watched)?"""
        return (self._autoplay is not None or self._watching) and self.next_info() is not None

    def _timed(self) -> Any:
        """The hourglass's key when it runs now (a person must answer in time), else None."""
        if not self._hourglass_on:
            return None
        timed = getattr(self._presenter, "timed", None)
        if timed is None:
            return None
        player = self.state.current_player()
        if player < 0 or self.is_bot(player) or self._passing:
            return None
        return timed(self._match)

    def _schedule(self) -> None:
        """After a change: when the next step is due, and the hourglass for the decision now."""
        now = self.now()
        self._due = now + self._pace if self._stepping() else None
        key = self._timed()
        if key is None:
            self._hg_key, self._hg_deadline = None, None
        elif key != self._hg_key:
            self._hg_key = key
            self._hg_deadline = now + self._hourglass_seconds()
        if self._passing and self._hg_key is not None:
            self._hg_key, self._hg_deadline = None, None

    def _hourglass_seconds(self) -> float:
        seconds = getattr(self._presenter, "hourglass_seconds", None)
        return float(seconds()) if seconds is not None else 60.0

    def wake_in(self, now: float | None = None) -> float | None:
        """Seconds until something is due (a step, the end of the hourglass), or None."""
        now = self.now() if now is None else now
        times = [t for t in (self._due, self._hg_deadline) if t is not None]
        if not times:
            return None
        return max(0.0, min(times) - now)

    def tick(self, now: float | None = None) -> bool:
        """Do what is due at ``now`` (default: the clock): the hourglass running out, or the
        next step of autoplay or of a watched turn. Returns whether anything happened; a tick
        with nothing due changes only the view's clock part (so a screen sets its timer again)."""
        now = self.now() if now is None else now
        if self._hg_deadline is not None and now >= self._hg_deadline - _EARLY:
            self._time_up()
            return True
        if self._due is not None and now >= self._due - _EARLY and self._stepping():
            start = len(self._match.actions)
            try:
                self._step()
            except RuntimeError as err:
                self._watching = False
                self._autoplay = None
                self._autoplay_auto = False
                self._refuse(err)
                return True
            self._add_summary(start)
            self._stop_watching_if_done()
            self._done(start)
            return True
        self._ticks += 1
        for listener in list(self._listeners):
            listener()
        return False

    def _time_up(self) -> None:
        """The hourglass ran out: the game's rule for it (a Dragon's Gold answer is a refusal)."""
        state = self.state
        action = self._presenter.timeout_action(state)  # type: ignore[attr-defined]
        player = state.current_player()
        self._hg_key, self._hg_deadline = None, None
        start = len(self._match.actions)
        self._match.apply(action)
        self._match.resolve_chance()
        self._add_summary_note(start, player)
        self._done(start)

    def _add_summary_note(self, start: int, player: int) -> None:
        self._add_summary(start)
        self._time_up_at = start
        self._time_up_who = player

    # -- demonstrations ------------------------------------------------------------------------
    def apply(self, action: str | Action) -> None:
        """Apply exactly one action, whoever is to move (a decision or an explicit chance
        outcome); nothing else is resolved."""
        try:
            self._match.apply(action)
        except (ValueError, TypeError) as err:
            raise self._refuse(err, private=True) from None
        start = len(self._match.actions) - 1
        self._summary = [(start, start + 1)]
        self._done(start)

    # -- undo ----------------------------------------------------------------------------------
    def _taken_words(self, i: int, viewer: ViewerLike, lang: str) -> str:
        """Decision ``i`` as a sentence for ``viewer`` ("you play three white cards")."""
        match = self._match
        return match.states[i].action_text(match.actions[i], viewer, lang, match.state)

    def undo_block(self, viewer: ViewerLike | None, lang: str) -> str | None:
        """Why Undo is refused now for a screen showing ``viewer`` (None: Python, which may take
        back any person's decision), worded for the viewer shown; None when it is allowed."""
        match = self._match
        shown = self.shown_viewer if viewer is None else viewer
        i = match.last_decision()
        if i is None:
            return _t("core", "shell.nothing_to_undo", lang)
        who = match.states[i].current_player()
        taken = self._taken_words(i, shown, lang)
        if i != len(match.actions) - 1:
            return self._presenter.chance_stands(_capital(taken), [], lang)
        if self.is_bot(who):
            return _t("core", "shell.bot_undo", lang, who=self.name(who, lang))
        if viewer is not None and viewer is not OMNISCIENT and viewer != who:
            return _t("core", "shell.other_undo", lang, who=self.name(who, lang))
        if self._passing and viewer is not None:
            return _t("core", "shell.other_undo", lang, who=self.name(who, lang))
        return None

    def undo(self, by: ViewerLike | None = None) -> None:
        """Take back the last decision. Chance results stand, a bot's move stands, and a screen
        (``by``: the viewer it shows) takes back only that seat's own decision; Python (``by=None``)
        may take back any person's."""
        if self.undo_block(by, self._lang) is not None:
            raise self._refuse(_Refusal(lambda lang: self.undo_block(by, lang) or ""))
        match = self._match
        before, taken, now = match.states[-2], match.actions[-1], match.state
        seat = before.current_player()
        match.undo()
        self._passing = False
        self._settle_viewer()
        self._summary = []
        self._watching = False

        def words(lang: str) -> str:  # as the viewer the message is worded for may read it
            return before.action_text(taken, self._rendering_for, lang, now)

        self._say("undone", {"who": lambda lang: self.name(seat, lang), "taken": words})

    # -- new games -----------------------------------------------------------------------------
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
        self._say("new_game", {})

    def restart(
        self, players: int | None = None, variant: str | None = None, seed: int | None = None
    ) -> None:
        """A new game with another player count or variant; new seats are people."""
        game = self._match.game
        players = game.players if players is None else players
        variant = game.variant if variant is None else variant
        fresh = self._fresh and seed is None
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
        self._say("new_game", {})

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
        self._say("loaded", {"n": len(match.actions)})

    def set_seat(self, player: Any, seat: Any) -> None:
        """Put a person or a bot (difficulty, name, preset or object) in seat ``player``."""
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
            self._say(
                "seat_bot", {"n": player + 1, "name": lambda lang: self.bot_label(player, lang)}
            )

    def pass_device(self) -> None:
        """The person the device was passed to is ready: show their seat's view."""
        if not self._passing:
            raise self._refuse(_Refusal(lambda lang: _t("core", "refuse.not_passing", lang)))
        self._passing = False
        self._changed()

    def _replace_match(self, match: Match) -> None:
        self._match = match
        self._presenter = presenter_for(match.game)
        self._passing = False
        self._summary = []
        self._watching = False
        self._log_shown = LOG_TAIL
        self._settle_viewer(initial=True)

    # -- the screens' messages -----------------------------------------------------------------
    def handle(self, content: Any, screen: ViewerLike | None = None) -> bool:
        """A message from a screen. Nothing it sends is trusted: a malformed message is refused
        (nothing changes; the table says so), and a well-formed one only does what the table's
        controls do. ``screen``: the viewer the screen shows (default: the one shown now).
        Returns whether the message was done (False: ignored or refused); never raises."""
        command = protocol.parse(content)
        if command is None or (
            command.kind == "hourglass" and getattr(self._presenter, "timed", None) is None
        ):
            self._refuse(_Refusal(lambda lang: _t("core", "refuse.bad_message", lang)))
            return False
        if command.kind in protocol.VERSIONED and command.version not in (None, self._version):
            return False  # a click on a table that has changed since: ignored
        try:
            self._from_screen(command, screen)
        except (ValueError, TypeError, RuntimeError):
            return False  # already explained on the table (see _refuse)
        return True

    def _from_screen(self, c: protocol.Command, screen: ViewerLike | None) -> None:
        p = protocol
        if isinstance(c, p.Action):
            self._act_from_screen(c.action)
        elif isinstance(c, p.Seat):
            if c.seat not in self.seat_menu_values():
                raise self._refuse(_Refusal(lambda lang: _t("core", "refuse.bad_message", lang)))
            self.set_seat(c.player, c.seat)
        elif isinstance(c, p.Viewer):
            self._viewer_from_screen(c.viewer)
        elif isinstance(c, p.Motion):
            if c.motion not in MOTIONS:
                raise self._refuse(_Refusal(lambda lang: _t("core", "refuse.bad_message", lang)))
            self.motion = c.motion
        elif isinstance(c, p.Undo):
            self.undo(by=self.shown_viewer if screen is None else screen)
        elif isinstance(c, p.Next):
            self.next()
        elif isinstance(c, p.Turn):
            self.watch_turn()
        elif isinstance(c, p.Tick):
            self.tick()
        elif isinstance(c, p.New):
            self.new_game(c.seed)  # type: ignore[arg-type]
        elif isinstance(c, p.Help):
            self.help = c.on
        elif isinstance(c, p.Autoplay):
            self.autoplay = c.delay
        elif isinstance(c, p.Pace):
            self.pace = c.delay
        elif isinstance(c, p.Code):
            self.load_code(c.code)
        elif isinstance(c, p.Pass):
            self.pass_device()
        elif isinstance(c, p.Lang):
            self.lang = c.lang
        elif isinstance(c, p.Restart):
            players = None if c.players is p.UNSET else c.players
            variant = None if c.variant is p.UNSET else c.variant
            self.restart(players, variant)
        elif isinstance(c, p.Log):
            self._log_shown = self._log_shown + LOG_PAGE if c.more else LOG_TAIL
            self._changed()
        elif isinstance(c, p.Sound):
            self.sound = c.on
        elif isinstance(c, p.Hourglass):
            self.hourglass = c.on

    def _act_from_screen(self, text: str) -> None:
        """A move sent by a screen: only a screen that shows the mover's moves can make one."""
        player = self.state.current_player()
        if player >= 0 and not self.is_bot(player) and (self._passing or self.hides_moves()):
            if self._passing:
                raise self._refuse(self._passing_refusal(player))
            raise self._refuse(self._private_refusal())
        self.act(text)

    def _viewer_from_screen(self, viewer: Any) -> None:
        players = self.game.players
        try:
            wanted = self._check_viewer_setting(viewer, players)
        except ValueError:
            wanted = None
        if wanted is None or wanted not in self.viewers:
            raise self._refuse(_Refusal(lambda lang: _t("core", "refuse.viewer", lang)))
        self.viewer = wanted

    def seat_menu_values(self) -> list[str]:
        """What a screen's seat menu offers: a person, the difficulties, and with the teacher's
        :attr:`bot_names` every bot by name."""
        out = [HUMAN, *(d for d in DIFFICULTIES if d in difficulty_bots(self.game))]
        if self._bot_names or not difficulty_bots(self.game):
            out += [c for c in seat_choices(self.game) if c not in out]
        return out

    # -- messages ------------------------------------------------------------------------------
    def _refuse(self, err: Exception, private: bool = False) -> Exception:
        """Show why a request was refused (nothing changed) and return the error to raise.

        ``private`` marks an error of the rules about the position (an illegal or unreadable
        move): its explanation may depend on what is hidden, so a viewer who may not see the
        mover's moves reads the table's own sentence instead, and so does the error raised."""
        self._message, self._message_kind = ("error", (err, private)), "error"
        self._changed()
        if private and not self.moves_open_to(self.shown_viewer):
            return self._private_refusal(isinstance(err, InvalidActionError))
        return err

    def refused(self, err: Exception, private: bool = False) -> Exception:
        """Show on the table why a request to a table class's own method was refused (nothing
        changed) and return the error to raise (see :meth:`_refuse`)."""
        return self._refuse(err, private)

    def _say(self, key: str, params: dict[str, Any], kind: str = "info") -> None:
        self._message, self._message_kind = ("say", (key, params)), kind
        self._changed()

    def _done(self, start: int, steps: int | None = None) -> None:
        self._settle_viewer()
        self._message = ("done", (start, steps))
        self._message_kind = "info"
        self._changed()

    def _prompt(self, viewer: ViewerLike, lang: str) -> str:
        state = self.state
        player = state.current_player()
        if self._passing and player >= 0:
            return _t("core", "shell.pass_prompt", lang, who=self.name(player, lang))
        if player >= 0 and self.is_bot(player):
            key = "generic.thinking_auto" if self._stepping() else "generic.thinking"
            return _t("core", key, lang, who=self.name(player, lang))
        who = self.name(player, lang) if player >= 0 else ""
        return self._presenter.prompt(state, lang, who, False)

    def _render_message(self, viewer: ViewerLike, lang: str | None = None) -> tuple[str, str, str]:
        """(the whole message, its kind, the prompt alone) in ``lang`` for ``viewer``."""
        what, data = self._message
        lang = lang or self._lang
        kind = self._message_kind
        self._rendering_for = viewer
        prompt = self._prompt(viewer, lang)
        if what == "error":
            err, private = data
            if private and not self.moves_open_to(viewer):
                text = self._private_refusal().text(lang)
            elif isinstance(err, _Refusal):
                text = err.text(lang)
            elif private or isinstance(err, (IllegalActionError, InvalidActionError)):
                text = self._rule_words(err, lang)
            elif isinstance(err, Localized) and err.key:
                text = err.text(lang)
            else:
                text = str(err)
            if isinstance(err, (IllegalActionError, InvalidActionError)) or private:
                text = _capital(text)
            if len(text) > MAX_MESSAGE:
                text = text[: MAX_MESSAGE - 1] + "…"
            return text, kind, text
        if what == "done":
            start, steps = data
            text, kind = self._presenter.narrate(
                self._match, start, viewer, lang, lambda p, lg=lang: self.name(p, lg)
            )
            if steps is not None and steps > 1:
                text = _t("core", "shell.steps_played", lang, n=steps) + " " + text
            return (text + " " + prompt).strip(), kind, prompt
        key, params = data
        if key.startswith("greet") or key in ("new_game", "loaded"):
            key = f"{key}_hidden"
        words = _t("core", f"say.{key}", lang, **params)
        return (words + " " + prompt).strip(), kind, prompt

    # -- the view ------------------------------------------------------------------------------
    def view(self, viewer: ViewerLike | None = None, lang: str | None = None) -> dict[str, Any]:
        """What one screen shows: the parts of :data:`PARTS` and ``version``, for ``viewer``
        (default: the viewer shown now, the table while the device is passed) in ``lang``."""
        viewer = self.shown_viewer if viewer is None else check_viewer(viewer, self.game.players)
        lang = check_lang(lang or self._lang)
        match = self._match
        state = match.state
        presenter = self._presenter
        player = state.current_player()
        passing = self._passing and viewer == self.shown_viewer
        if player == TERMINAL:
            to_move = "over"
        elif player == CHANCE:
            to_move = "chance"
        elif passing:
            to_move = "pass"
        else:
            to_move = "bot" if self.is_bot(player) else "human"
        board = presenter.board(match, viewer, lang, self._help)
        board.pop("hourglass", None)
        board["help"] = self._help
        seat_of = getattr(state, "player", player)
        seat_of = int(seat_of) if seat_of >= 0 else -1
        text, kind, prompt = self._render_message(viewer, lang)
        return {
            "version": self._version,
            "frame": {
                "game": self.game.name,
                "title": presenter.title(lang),
                "prefix": presenter.prefix,
                "lang": lang,
                "viewer": viewer if isinstance(viewer, int) else str(viewer),
                "motion": self._motion,
                "sound": self._sound,
                "text": _shell_words(lang),
            },
            "board": board,
            "players": self._players_part(board, viewer, lang),
            "turn": {
                **self._turn_part(to_move, lang),
                "phase": getattr(state, "phase", ""),
                "player": seat_of,
                "to_move": to_move,
            },
            "summary": self._summary_part(viewer, lang),
            "message": {"text": text, "kind": kind, "prompt": prompt},
            "moves": self._moves_part(to_move, viewer, passing, lang),
            "passing": self._passing_part(lang) if passing and player >= 0 else None,
            "timer": self._timer_part(lang),
            "log": self._log_part(viewer, lang),
            "rules": self._rules_part(lang),
            "settings": self._settings_part(player, lang),
            "info": self._info_part(viewer, player, lang),
            "status": presenter.status(state, viewer, lang),
            "result": self._result_part(lang) if player == TERMINAL else None,
            "clock": {"wake_ms": self._wake_ms(), "n": self._ticks},
        }

    def _wake_ms(self) -> int | None:
        wait = self.wake_in()
        return None if wait is None else max(1, math.ceil(wait * 1000))

    def _players_part(
        self, board: dict[str, Any], viewer: ViewerLike, lang: str
    ) -> list[dict[str, Any]]:
        state = self.state
        player = state.current_player()
        seat_of = getattr(state, "player", player)
        out = []
        for p in range(self.game.players):
            bot = self._bots[p]
            label = _t("core", "player", lang, n=p + 1)
            out.append(
                {
                    "seat": p,
                    "name": self.name(p, lang),
                    "label": label,
                    "kind": "human" if bot is None else "bot",
                    "bot": self.bot_label(p, lang),
                    "spec": self._seat_menu_value(p),
                    "to_move": player != TERMINAL and seat_of == p,
                    "winner": player == TERMINAL and p in state.winners(),
                    "viewer": viewer == p,
                    "played_by": _t("core", "shell.played_by", lang, who=label),
                    **self._presenter.player_extra(board, p, lang),
                }
            )
        return out

    def _seat_menu_value(self, p: int) -> str:
        """The seat's entry in the seat menus (its difficulty, or its name for the teacher)."""
        bot = self._bots[p]
        if bot is None:
            return HUMAN
        word = difficulty_of(self.game, bot)
        if word is not None and not self._bot_names:
            return word
        return getattr(bot, "label", bot.name)

    def _turn_part(self, to_move: str, lang: str) -> dict[str, Any]:
        """Whose moment it is, in a few words (always on screen)."""
        state = self.state
        player = state.current_player()
        owner = self.turn_owner()
        if to_move == "over":
            text = _t("core", "turn.over", lang)
        elif to_move == "chance":
            text = _t("core", "turn.chance", lang, what=_capital(self._chance_words(lang)))
        elif to_move == "pass":
            text = _t("core", "turn.pass", lang, who=self.name(player, lang))
        elif to_move == "bot":
            text = _t("core", "turn.bot", lang, who=self.name(player, lang))
        else:
            text = _t("core", "turn.person", lang, who=self.name(player, lang))
        return {"kind": to_move, "seat": owner if owner is not None else -1, "text": text}

    def _summary_part(self, viewer: ViewerLike, lang: str) -> dict[str, Any]:
        """What happened since a person at the table last decided, one line per step (it stays
        until the next click of a person)."""
        lines = []
        names = lambda p, lg=lang: self.name(p, lg)  # noqa: E731
        for start, end in self._summary:
            if end > len(self._match.actions) or start >= end:
                continue
            text, kind = self._presenter.narrate(self._match, start, viewer, lang, names, end)
            if self._time_up_at == start:
                who = self._time_up_who
                if viewer.__class__ is int and viewer == who:
                    head = _t("core", "say.time_up_you", lang)  # the viewer's own answer
                else:
                    head = _t("core", "say.time_up", lang, who=self.name(who, lang))
                text = (head + " " + text).strip()
            if text:
                lines.append({"text": text, "kind": kind})
        return {"lines": lines}

    def _button_key(self, buttons: list[dict[str, Any]]) -> None:
        """Number the buttons a person presses most (keys 1-9), never a destructive one."""
        n = 0
        for b in buttons:
            if b.get("confirm") or n >= 9:
                b["key"] = None
                continue
            n += 1
            b["key"] = str(n)

    def _moves_part(
        self, to_move: str, viewer: ViewerLike, passing: bool, lang: str
    ) -> dict[str, Any]:
        state = self.state
        if to_move == "human" and not passing and not self.hides_moves(viewer):
            buttons = self._presenter.buttons(state, lang)
        else:
            buttons = []
        self._button_key(buttons)
        undo_reason = self.undo_block(viewer, lang)
        last = self._match.last_decision()
        if to_move == "over":
            wait = _t("core", "shell.game_over_hint", lang)
        elif to_move == "bot":
            key = "shell.bot_hint_auto" if self._stepping() else "shell.bot_hint"
            wait = _t("core", key, lang)
        elif to_move == "pass":
            wait = _t("core", "shell.pass_hint", lang)
        elif to_move == "chance":
            key = "shell.bot_hint_auto" if self._stepping() else "shell.chance_hint"
            wait = _t("core", key, lang)
        elif not buttons:
            wait = _t("core", "shell.other_screen", lang)
        else:
            wait = ""
        next_info = self.next_info()
        turn = None
        if next_info is not None:
            if self.people:
                title = _t("core", "shell.play_turn_people", lang)
            else:
                owner = self.turn_owner()
                who = self.name(owner, lang) if owner is not None else _t("core", "chance", lang)
                title = _t("core", "shell.play_turn_bots", lang, who=who)
            turn = {"label": _t("core", "shell.play_turn", lang), "title": title}
        if next_info is not None:
            next_info = {**next_info, "label": self._next_label(lang)}
        return {
            "actions": buttons,
            "next": next_info,
            "turn": turn,
            "running": self._stepping(),
            "undo": {
                "enabled": undo_reason is None,
                "label": _t("core", "shell.undo", lang)
                if last is None or undo_reason is not None
                else _t(
                    "core",
                    "shell.undo_this",
                    lang,
                    taken=self._taken_words(last, viewer, lang),
                ),
                "reason": undo_reason or "",
            },
            "wait": wait,
            "hint": self._presenter.choice_help(state, lang) if buttons else "",
        }

    def _next_label(self, lang: str) -> str:
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            return self._presenter.next_label(state, lang, None)
        return _t("core", "generic.next_bot", lang, name=self.name(player, lang))

    def _passing_part(self, lang: str) -> dict[str, Any]:
        player = self.state.current_player()
        return {
            "seat": player,
            "title": _t("core", "shell.pass_title", lang, who=self.name(player, lang)),
            "ready": _t(
                "core", "shell.pass_ready", lang, who=_t("core", "player", lang, n=player + 1)
            ),
            "hint": _t("core", "shell.pass_hint", lang),
        }

    def _timer_part(self, lang: str) -> dict[str, Any] | None:
        """The hourglass, for a game that times a decision (None for the others)."""
        if getattr(self._presenter, "timed", None) is None:
            return None
        deadline = self._hg_deadline
        running = deadline is not None
        seconds = self._hourglass_seconds()
        left = None if deadline is None else max(0.0, deadline - self.now())
        who = self.state.current_player()
        return {
            "on": self._hourglass_on,
            "running": running,
            "key": None if self._hg_key is None else str(self._hg_key),
            "seconds": round(seconds),
            "left_ms": None if left is None else round(left * 1000),
            "text": _t("core", "timer.running", lang, who=self.name(who, lang))
            if running
            else _t("core", "timer.off" if not self._hourglass_on else "timer.idle", lang),
            "title": _t("core", "shell.hourglass", lang),
        }

    def _log_part(self, viewer: ViewerLike, lang: str) -> dict[str, Any]:
        """The latest log entries as sentences (``shown`` of them; a screen asks for more)."""
        match = self._match
        now = match.state
        total = len(match.actions)
        first = max(0, total - self._log_shown)
        entries = []
        for i in range(first, total):
            before = match.states[i]
            player = before.current_player()
            who = self.name(player, lang) if player >= 0 else ""
            entry = self._presenter.log_entry(
                before, match.actions[i], match.states[i + 1], viewer, lang, now, who
            )
            text = entry.get("note") or before.action_text(match.actions[i], viewer, lang, now)
            entries.append(
                {
                    "n": i + 1,
                    "who": entry.get("who", who),
                    "text": _sentence(text),
                    "chance": bool(entry.get("chance")),
                }
            )
        return {"entries": entries, "total": total, "more": first > 0}

    def _rules_part(self, lang: str) -> dict[str, Any]:
        presenter = self._presenter
        game = self.game
        return {
            "variant": _variant_label(presenter, game.variant, lang),
            "help": presenter.rules_help(lang),
            "options": presenter.option_words(lang),
            "assumed": presenter.assumed(lang),
        }

    def _settings_part(self, player: int, lang: str) -> dict[str, Any]:
        presenter = self._presenter
        game = self.game
        values = self.seat_menu_values()
        menu = [{"value": v, "label": self._seat_word(v, lang)} for v in values]
        return {
            "autoplay_ms": None
            if self._autoplay is None or player == TERMINAL
            else round(self._autoplay * 1000),
            "autoplay_enabled": player != TERMINAL,
            "pace_ms": round(self._pace * 1000),
            "paces": [
                {"ms": round(seconds * 1000), "label": _t("core", f"shell.{key}", lang)}
                for seconds, key in PACES
            ],
            "seat_menu": menu,
            "seats": [self._seat_menu_value(p) for p in range(game.players)],
            "variant": game.variant,
            "variants": [
                {"value": v, "label": _variant_label(presenter, v, lang)} for v in game.variants
            ],
            "player_counts": list(range(game.player_range()[0], game.player_range()[1] + 1)),
            "languages": [
                {"value": code, "label": _t("core", f"language.{code}", lang)} for code in LANGUAGES
            ],
            "help": self._help,
            "hourglass": self._hourglass_on
            if getattr(self._presenter, "timed", None) is not None
            else None,
            "sound": self._sound,
            "motion": self._motion,
            "motions": [
                {"value": m, "label": _t("core", f"shell.motion_{m}", lang)} for m in MOTIONS
            ],
        }

    def _seat_word(self, value: str, lang: str) -> str:
        if value == HUMAN:
            return _t("core", "human", lang)
        if value in DIFFICULTIES:
            return _t("core", f"difficulty.{value}_bot", lang)
        return _t("core", "bot_suffix", lang, name=value)

    def _info_part(self, viewer: ViewerLike, player: int, lang: str) -> dict[str, Any]:
        seed_shown = self.seed_shown(viewer)
        presenter = self._presenter
        key = (
            "shell.this_game"
            if seed_shown is not None
            else "shell.this_game_people"
            if len(self.people) > 1
            else "shell.this_game_hidden"
            if player == TERMINAL
            else "shell.this_game_running"
        )
        return {
            "this_game": _t(
                "core",
                key,
                lang,
                variant=_variant_label(presenter, self.game.variant, lang),
                seed=seed_shown,
            ),  # fmt: skip
            "seed": seed_shown,
            "code": self.code_for(viewer),
            "code_is_view": seed_shown is None,
        }

    def _result_part(self, lang: str) -> dict[str, Any]:
        names = lambda p, lg=lang: self.name(p, lg)  # noqa: E731
        result = self._presenter.result(self.state, lang, names)
        return {**result, "title": _t("core", "shell.results", lang)}

    # -- without a screen ----------------------------------------------------------------------
    def flat_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view as one dict, as the presenters' static pictures read it."""
        return {
            **view["board"],
            "title": view["frame"]["title"],
            "text": view["frame"]["text"],
            "phase": view["turn"]["phase"],
            "players": view["players"],
            "actions": view["moves"]["actions"],
            "message": view["message"],
            "passing": view["passing"],
        }

    def static_html(self, view: dict[str, Any] | None = None) -> str:
        """The position as plain HTML (what GitHub or nbviewer show of a table)."""
        lang = self._lang
        if self.unplayed_fresh():
            names = "".join(f"<li>{escape(self.name(p))}</li>" for p in range(self.game.players))
            return (
                f'<div class="{self._presenter.prefix}-static kaskaria-static">'
                f"<p><b>{escape(self._presenter.title(lang))}</b>: "
                f"{escape(_t('core', 'shell.fresh_static', lang))}</p><ul>{names}</ul></div>"
            )
        view = self.view() if view is None else view
        flat = self.flat_view(view)
        flat["message"] = {"text": self.message_text(), "kind": view["message"]["kind"]}
        return self._presenter.static_html(flat)

    def describe(self, name: str) -> str:
        """A stable one-line text for notebooks (no seed while it must stay hidden)."""
        seats = ", ".join(self._seat_specs)
        g = self._match.game
        if self.unplayed_fresh():
            return (
                f"<{name} seats=({seats}) players={g.players} variant={g.variant}: a new game "
                "dealt with a fresh seed>"
            )
        seed = self.seed_shown()
        said = "" if seed is None else f"seed={seed} "
        status = self._presenter.status(self.state, self.shown_viewer, self._lang)
        return (
            f"<{name} {said}seats=({seats}) players={g.players} "
            f"variant={g.variant} actions={len(self._match.actions)}: {status}>"
        )


def _variant_label(presenter: Presenter, variant: str, lang: str) -> str:
    try:
        return presenter.t(f"variant.{variant}", lang)
    except KeyError:
        return variant
