"""The shared table: what every screen of one table shares, and the one gate for every command.

A :class:`Table` holds the match, the seats (people, or bots by difficulty or by name), the bots'
pace and autoplay, the hourglass, undo rights, the turn summary, the latest news and the clock.
:meth:`Table.apply` is the only way a screen changes anything: it takes a command of
:mod:`kaskaria.tables.protocol` and the screen that sent it, decides who may do what (a screen
plays its own seat or, at a shared device, the person it shows; it takes back only its own
decisions; the device is passed before a private move), does it, and returns the refusal to the
caller instead of keeping it for everyone (None: done).

**Time.** The table never sleeps and reads no clock on its own schedule: ``clock`` (default
:func:`time.monotonic`) is read when something happens, and the shell calls :meth:`Table.tick`
when :meth:`Table.wake_in` says something is due: a bot's step (at :attr:`pace`, while autoplay is
on or a turn is being watched) or the end of the hourglass.

**A step** (the same for Next, autoplay, a watched turn and :meth:`play_turn`): one bot decision
with the chance that resolves by itself after it, or one chance event a learner should see. A
decision a game builds from several actions (a Dragon's Gold proposal, token by token) is one step
when a bot makes it: the presenter says which decisions join (``Presenter.joins``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core import CHANCE, OMNISCIENT, TERMINAL, Action, Game, InvalidActionError, ViewerLike, load
from ..i18n import check_lang
from ..i18n import text as _t
from ..match import Match
from ..present import Presenter, presenter_for
from ..validate import check_seed, fresh_seed, short
from . import protocol as p
from .advice import Advice, Thinker, advise
from .screen import ANY, LOG_PAGE, LOG_TAIL, MOTIONS, Screen, check_viewer_setting
from .seats import HUMAN, Seating, check_seat_names
from .stepping import Stepping, lone_pass
from .words import (
    IGNORED,
    STALE,
    ForViewer,
    News,
    Refusal,
    Refused,
    TableError,
    UnreadableError,
    capital,
    core,
)

__all__ = ["AUTO", "DEFAULT_PACE", "HUMAN", "PACES", "SPEEDS", "Table", "new_match"]

#: ``autoplay="auto"``: on (at the pace) when a bot sits at the table, off when only people play.
AUTO = "auto"
#: The shortest and the longest time a step stays on screen, seconds.
SPEEDS = (0.05, 10.0)
#: The paces a screen offers (seconds a step stays on screen), by their message key.
PACES = ((3.0, "slow"), (2.0, "normal"), (1.2, "fast"))
#: The pace of a new table: a step with a sentence stays at least this long (a child reads it).
DEFAULT_PACE = 2.0
#: Commands that change the table for everyone: only a screen that ``controls`` the table sends them.
_TABLE_WIDE = frozenset(
    {"next", "turn", "new", "help", "autoplay", "pace", "code", "seat", "restart", "hourglass"}
)


def new_match(
    game: str,
    players: int = 2,
    variant: str = "basic",
    seed: int | None = 1,
    actions: Iterable[str | Action] | None = None,
    **options: Any,
) -> tuple[Match, str, bool]:
    """(a new match, the greeting's key, was it dealt with a fresh seed?): the set-up resolved,
    or ``actions`` (lines of action text) replayed from the start for an exact position."""
    if not isinstance(game, str):
        raise TypeError(f"game is a game's name, e.g. 'dragon-battle', got {short(game)}")
    seed = check_seed(seed, allow_none=True)
    fresh = seed is None
    if seed is None:
        seed = fresh_seed()
    the_game = load(game, players=players, variant=variant, **options)
    if actions is None:
        match = Match(the_game, seed=seed)
        match.resolve_chance()  # the set-up
        return match, "greet_new", fresh
    if isinstance(actions, str):
        raise TypeError(
            "actions must be a list of action lines, e.g. ['draw maid', 'roll'], "
            f"not one string {short(actions)}"
        )
    return Match(the_game, seed=seed, actions=list(actions)), "greet_position", fresh


class Table(Seating, Stepping):
    """The shared table (see the module's text).

    ``Table(match, seats, help=True, autoplay="auto", pace=None, hourglass=True, clock=None,
    hints=False, help_switch=True)``:
    ``seats`` names for each seat ``"human"``, a difficulty (``"easy"``, ``"medium"``,
    ``"hard"``), a bot of :func:`kaskaria.bots.available_bots`, a seat-menu preset
    (``"threshold(1/4)"``) or a bot object (with ``.name`` and ``.choose``); by default seat 1 is a
    person and the others are ``default_bot``. ``autoplay``: seconds between the steps bots take on
    their own (it becomes the :attr:`pace`), None for off, or ``"auto"``: on at the pace when a bot
    sits at the table. ``seeds``: where a new game's seed comes from when none is asked for
    (default: a fresh one). ``hints``: may a person ask for a hint and "what if?" (see
    :mod:`kaskaria.tables.advice`; off by default).
    """

    def __init__(
        self,
        match: Match,
        seats: Sequence[Any] | None = None,
        *,
        help: bool = True,
        autoplay: float | str | None = AUTO,
        default_bot: str = "random",
        pace: float | None = None,
        hourglass: bool = True,
        clock: Callable[[], float] | None = None,
        greeting: str = "greet_match",
        fresh: bool = False,
        hints: bool = False,
        help_switch: bool = True,
    ) -> None:
        if not isinstance(match, Match):
            raise TypeError(f"match must be a kaskaria.Match, got {type(match).__name__}")
        self._match = match
        self._fresh = fresh
        self._presenter: Presenter = presenter_for(match.game)
        self._version = 0
        self._listeners: list[Callable[[], None]] = []
        self._screens: list[Screen] = []
        self._default_bot = default_bot
        self._bot_names = False
        self._seat_names: tuple[str | None, ...] = ()
        self._seat_specs, self._bots = self._check_seats(seats, match.game)
        if not isinstance(help, bool):
            raise TypeError(f"help must be True or False, got {short(help)}")
        self._help = help
        self._help_switch = _switch("help_switch", help_switch)
        self._hints = _switch("hints", hints)
        #: where a hint or "what if?" is worked out (:data:`~kaskaria.tables.advice.Thinker`):
        #: None at once; a class server hands it to a process, so that it stops no other move
        self.thinker: Thinker | None = None
        #: where a thinking bot's step is worked out (the same kind of function): None at once,
        #: here; a class server hands it to a process, so that no other table waits for it
        self.mover: Thinker | None = None
        self._deciding = None
        #: the latest hint and "what if?" asked for each seat, by (seat, kind): worked out or
        #: being worked out (:class:`~kaskaria.tables.advice.Advice`)
        self.advice_kept: dict[tuple[int, str], Advice] = {}
        if hourglass is not True and hourglass is not False:
            raise TypeError(f"hourglass must be True or False, got {short(hourglass)}")
        self._hourglass_on = hourglass
        if clock is not None and not callable(clock):
            raise TypeError(f"clock is a function returning seconds, got {short(clock)}")
        self._clock: Callable[[], float] = clock or time.monotonic
        self._pace = DEFAULT_PACE if pace is None else _check_pace(pace)
        self._autoplay: float | None = None
        self._autoplay_auto = False
        self._set_autoplay(autoplay)
        self.seeds: Callable[[], int] | None = None
        #: what happened last (every screen shows it), and how many news there have been
        self._news = News("say", (greeting, {}))
        self._news_no = 0
        #: the steps since the last decision of a person at the table: (start, end) ranges
        self._summary: list[tuple[int, int]] = []
        #: a turn a screen asked to watch (steps at the pace until a person decides)
        self._watching = False
        self._watch_owner: int | None = None
        #: when the next step is due (a clock reading), or None
        self._due: float | None = None
        #: the hourglass: the decision it times, and when it runs out
        self._hg_key: Any = None
        self._hg_deadline: float | None = None
        self._ticks = 0
        #: the start of the step the hourglass ended, and whose answer ran out
        self._time_up_at: int | None = None
        self._time_up_who = -1
        self._schedule()

    # -- screens and listeners -----------------------------------------------------------------
    def attach(self, screen: Screen) -> Screen:
        """A screen that shows this table: it follows the turn (and holds the hourglass while
        its device is passed)."""
        if screen not in self._screens:
            self._screens.append(screen)
            screen.follow(self, "new")
            screen.moves_from = screen.version(self)
            self._schedule_hourglass()
        return screen

    def shows(self, screen: Screen) -> bool:
        """Is ``screen`` attached to this table?"""
        return screen in self._screens

    def detach(self, screen: Screen) -> None:
        if screen in self._screens:
            self._screens.remove(screen)
            self._schedule_hourglass()

    def screen_changed(self, screen: Screen, moves: bool = False) -> None:
        """A screen changed on its own (its viewer or its device passed: ``moves``; its language,
        log, sound...): the hourglass waits while a device is passed; only that screen is told."""
        self._schedule_hourglass()
        screen.changed(self, moves)

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` after every change of the table; returns a function that stops
        it."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def _changed(self, follow: str | None = None, moves: bool = True) -> None:
        """The table changed: its version grows. ``moves``: the game itself changed, so a click
        made on any older view is ignored; ``False`` (who sits in a seat, a seat's name): the
        moves are the ones they were, so a click made before it still counts (the rules check
        it again when it comes) on every screen that still shows the same seat the same way."""
        shown = [(screen.viewer, screen.passing) for screen in self._screens]
        if follow is not None:
            for screen in self._screens:
                screen.follow(self, follow)
        self._version += 1
        for screen, before in zip(self._screens, shown, strict=True):
            if moves or (screen.viewer, screen.passing) != before:
                screen.moves_from = screen.version(self)
        self._schedule(keep_due=not moves)
        self._notify()

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener()

    def _tell(self, news: News, follow: str | None = None, moves: bool = True) -> None:
        self._news = news
        self._news_no += 1
        self._changed(follow, moves)

    # -- what screens read ---------------------------------------------------------------------
    @property
    def version(self) -> int:
        """A number that grows with every change of the table."""
        return self._version

    @property
    def news(self) -> News:
        return self._news

    @property
    def news_no(self) -> int:
        return self._news_no

    @property
    def match(self) -> Match:
        """The match itself (change it through the table only)."""
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
    def fresh(self) -> bool:
        """Was this game dealt with a fresh seed (nobody chose it)?"""
        return self._fresh

    @property
    def summary(self) -> list[tuple[int, int]]:
        return list(self._summary)

    @property
    def time_up(self) -> tuple[int | None, int]:
        """(the start of the step the hourglass ended, whose answer ran out)."""
        return self._time_up_at, self._time_up_who

    @property
    def ticks(self) -> int:
        """How many ticks found nothing due (a screen sets its timer again)."""
        return self._ticks

    @property
    def hourglass_state(self) -> tuple[Any, float | None]:
        """(the decision the hourglass times, when it runs out), or (None, None)."""
        return self._hg_key, self._hg_deadline

    # -- settings (a teacher's, in Python, or a screen that controls the table) ----------------
    @property
    def help(self) -> bool:
        return self._help

    @help.setter
    def help(self, on: Any) -> None:
        self._help = _switch("help", on)
        self._changed()

    @property
    def help_switch(self) -> bool:
        """May a screen switch the help on and off? ``False``: only Python changes :attr:`help`
        (the screens draw no switch and a message asking for it is refused)."""
        return self._help_switch

    @help_switch.setter
    def help_switch(self, on: Any) -> None:
        self._help_switch = _switch("help_switch", on)
        self._changed()

    @property
    def hints(self) -> bool:
        """May the person to move ask for a hint, and a person look back at a finished turn
        ("what if?")? A teacher's switch, off by default (on in the play apps)."""
        return self._hints

    @hints.setter
    def hints(self, on: Any) -> None:
        self._hints = _switch("hints", on)
        self._changed()

    @property
    def pace(self) -> float:
        """Seconds each step stays on screen while bots play on their own."""
        return self._pace

    @pace.setter
    def pace(self, seconds: Any) -> None:
        self._pace = _check_pace(seconds)
        if self._autoplay is not None:
            self._autoplay = self._pace
        self._changed()

    @property
    def autoplay(self) -> float | None:
        """Seconds between the steps bots take on their own (None: off)."""
        return self._autoplay

    @autoplay.setter
    def autoplay(self, delay: Any) -> None:
        self._set_autoplay(delay)
        if self._autoplay is None:
            self._watching = False
        self._changed()

    @property
    def hourglass(self) -> bool:
        """Is the hourglass on (it times a person's answer where the game's rules use one)?"""
        return self._hourglass_on

    @hourglass.setter
    def hourglass(self, on: Any) -> None:
        self._hourglass_on = _switch("hourglass", on)
        self._hg_key = None  # turned again (a fresh hourglass) when switched on
        self._changed()

    @property
    def bot_names(self) -> bool:
        """Do screens name bots by their names rather than by their difficulty, and offer every
        bot in the seat menus? Off by default."""
        return self._bot_names

    @bot_names.setter
    def bot_names(self, on: Any) -> None:
        self._bot_names = _switch("bot_names", on)
        self._changed()

    @property
    def seat_names(self) -> tuple[str | None, ...]:
        """The players' names, from the first seat (``("Mia", "Peter")``; ``None`` or a seat left
        out: ``"Player 2"``). Each is checked as a class nickname: anything odd is refused."""
        return self._seat_names

    @seat_names.setter
    def seat_names(self, names: Any) -> None:
        self._seat_names = check_seat_names(names, self.game.players)
        self._changed(moves=False)

    def _set_autoplay(self, delay: Any) -> None:
        """Autoplay off (None), on with a delay (which becomes the pace), or "auto"."""
        if isinstance(delay, str) and delay == AUTO:
            self._autoplay_auto = True
            self._autoplay = self._default_autoplay()
            return
        checked = _check_autoplay(delay)
        self._autoplay_auto = False
        self._autoplay = checked
        if checked is not None:
            self._pace = checked

    def _default_autoplay(self) -> float | None:
        return self._pace if any(bot is not None for bot in self._bots) else None

    def _seats_changed(self) -> None:
        if self._autoplay_auto:
            self._autoplay = self._default_autoplay()

    # -- who may see what ----------------------------------------------------------------------
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

    def hides_moves(self, viewer: ViewerLike) -> bool:
        """Would the buttons show what ``viewer`` may not see? (A seat's moves name its cards in
        a game where cards are private: shown only to that seat or to the omniscient viewer.)"""
        if not getattr(self._match.game, "private_information", False):
            return False
        return viewer is not OMNISCIENT and viewer != self.state.current_player()

    def private_refusal(self, unreadable: bool = False) -> TableError:
        """The refusal of a move, for a viewer who may not see the mover's moves: it names only
        whose decision it is (or that chance is next), the same whatever is hidden."""

        def words(lang: str) -> str:
            player = self.state.current_player()
            if player == CHANCE:
                return _t("core", "refuse.private_chance", lang)
            who = self.name(player, lang) if player >= 0 else ""
            return _t("core", "refuse.private_decision", lang, who=who)

        return UnreadableError(words) if unreadable else TableError(words)

    def code_for(self, viewer: ViewerLike) -> str:
        """The scenario code ``viewer``'s screen shows: the viewer's record without the seed; the
        full code only once the game is over, nothing of it is hidden from the viewer and at most
        one person sits at the table."""
        return self._match.to_code(viewer=viewer, record=len(self.people) > 1)

    def seed_shown(self, viewer: ViewerLike) -> int | None:
        """The seed, if ``viewer``'s screen may show it (once the game is over, nothing of it is
        hidden from the viewer, and at most one person sits at the table), else None."""
        if len(self.people) > 1:
            return None
        match = self._match
        return None if match.seed_hidden_from(viewer) else match.seed

    def unplayed_fresh(self) -> bool:
        """A new game dealt with a fresh seed that nobody has played yet?"""
        return self._fresh and self._match.last_decision() is None

    def chance_words(self, lang: str) -> str:
        words = getattr(self._presenter, "chance_words", None)
        if words is not None:
            return str(words(self.state, lang))
        return self._presenter.chance_label(self.state, lang)

    def taken_words(self, i: int, viewer: ViewerLike, lang: str) -> str:
        """Decision ``i`` as a sentence for ``viewer`` ("you play three white cards")."""
        match = self._match
        return match.states[i].action_text(match.actions[i], viewer, lang, match.state)

    def undo_label(self, i: int, viewer: ViewerLike, lang: str) -> str:
        """The Take back button's words for decision ``i``: the game's own short label where it
        has one ("Take back the swap"), else "Take back: " and the decision's sentence."""
        match = self._match
        own = self._presenter.undo_label(match.states[i], match.actions[i], lang)
        if own is not None:
            return own
        taken = self.taken_words(i, viewer, lang)
        # German: the sentence after the colon starts with a capital ("Zurücknehmen: Du legst …")
        return _t("core", "shell.undo_this", lang, taken=capital(taken) if lang == "de" else taken)

    def undo_block(self, viewer: ViewerLike | None, lang: str, passing: bool = False) -> str | None:
        """Why Undo is refused now for a screen showing ``viewer`` (None: Python, which may take
        back any person's decision; ``passing``: that screen's device is being passed); None when
        it is allowed."""
        match = self._match
        i = match.last_decision()
        if i is None:
            return _t("core", "shell.nothing_to_undo", lang)
        who = match.states[i].current_player()
        if self.is_bot(who):
            return _t("core", "shell.bot_undo", lang, who=self.name(who, lang))
        if i != len(match.actions) - 1:
            # chance came after it; while a bot plays its turn, that is what the screen says
            now = match.state.current_player()
            if self.is_bot(now):
                if viewer == who or (viewer in (None, OMNISCIENT) and len(self.people) == 1):
                    # the screen's own move ended its turn: the bot playing now is no reason
                    return _t("core", "shell.turn_over_undo", lang)
                return _t("core", "shell.bot_turn_undo", lang, who=self.name(now, lang))
            # else the chance, named by its kind, never by its result
            return self._presenter.chance_stands(match.states[i + 1].chance_kind(), lang)
        if lone_pass(match.states[i]) is not None:
            # taken back, it would only be made again (the table makes it, see forced_pass)
            return _t("core", "shell.passed_undo", lang)
        if viewer is not None and viewer is not OMNISCIENT and viewer != who:
            return _t("core", "shell.other_undo", lang, who=self.name(who, lang))
        if passing and viewer is not None:
            return _t("core", "shell.other_undo", lang, who=self.name(who, lang))
        return None

    # -- the gate ------------------------------------------------------------------------------
    def apply(self, command: p.Command, by: Screen) -> Refusal | None:
        """Do what ``command`` asks for ``by`` (the screen that sent it), if that screen may:
        returns None when it was done, else the refusal (nothing changed), for the caller to
        show on that screen alone."""
        kind = command.kind
        refusal = self._may(kind, by, command)
        if refusal is not None:
            return refusal
        if kind in p.VERSIONED and not by.is_current(command.version, self):
            return STALE  # a click on a table (or moves of the screen) that has changed since
        try:
            self._obey(command, by)
        except Refused as no:
            return no.refusal
        except (ValueError, TypeError, RuntimeError) as err:
            return Refusal(err)
        return None

    def _may(self, kind: str, by: Screen, command: p.Command) -> Refusal | None:
        """May screen ``by`` send ``kind``? (Its rights, not the rules.)"""
        if kind == "tick":
            return None if by.keeps_time else IGNORED
        if kind in ("action", "undo") or (kind == "new" and not by.controls):
            if by.plays is None:
                return Refusal(core("refuse.watching"), reason="watching")
            if kind == "new" and not (by.plays != ANY and self.state.current_player() == TERMINAL):
                return Refusal(core("refuse.not_allowed"), reason="not_allowed")
            return None
        if kind == "hourglass" and getattr(self._presenter, "timed", None) is None:
            return Refusal(core("refuse.bad_message"), reason="bad_message")
        if kind in _TABLE_WIDE and not by.controls:
            return Refusal(core("refuse.not_allowed"), reason="not_allowed")
        if isinstance(command, p.Viewer):
            try:
                wanted = check_viewer_setting(command.viewer, self.game.players)
            except ValueError:
                wanted = None
            if wanted is None or wanted not in by.viewers(self):
                return Refusal(core("refuse.viewer"), reason="viewer")
        return None

    def _obey(self, c: p.Command, by: Screen) -> None:
        if isinstance(c, p.Action):
            self.act(c.action, by)
        elif isinstance(c, p.Undo):
            self.undo(by=by)
        elif isinstance(c, p.Next):
            self.next()
        elif isinstance(c, p.Turn):
            self.watch_turn()
        elif isinstance(c, p.Tick):
            self.tick()
        elif isinstance(c, p.New):
            seed: Any = c.seed  # a decimal is refused by the seed's own check
            if seed is None and self.seeds is not None:
                seed = self.seeds()
            try:
                seed = check_seed(seed, allow_none=True)
            except ValueError as err:
                # the screen's words, not the check's ("... 2**63 - 1 or None, got -3")
                raise Refused(core("refuse.seed"), reason="seed") from err
            self.new_game(seed)
        elif isinstance(c, p.Seat):
            if c.seat not in self.seat_menu_values():
                raise Refused(core("refuse.bad_message"), reason="bad_message")
            self.set_seat(c.player, c.seat)
        elif isinstance(c, p.Restart):
            players = None if c.players is p.UNSET else c.players
            variant = None if c.variant is p.UNSET else c.variant
            self.restart(players, variant)
        elif isinstance(c, p.Code):
            self.load_code(c.code)
        elif isinstance(c, p.Help):
            if not self._help_switch:
                raise Refused(core("refuse.help_locked"), reason="help_locked")
            self.help = c.on
        elif isinstance(c, p.Autoplay):
            self.autoplay = c.delay
        elif isinstance(c, p.Pace):
            self.pace = c.delay
        elif isinstance(c, p.Hourglass):
            self.hourglass = c.on
        else:
            self._screen_only(c, by)

    def _screen_only(self, c: p.Command, by: Screen) -> None:
        """What changes only the screen ``by``: its language, view, log, sound, motion."""
        if isinstance(c, (p.Hint, p.WhatIf)):
            advise(self, by, c.kind)  # shows the answer on this screen alone
            return
        before = self._shown_by(by)
        if isinstance(c, p.Viewer):
            by.set_viewer(self, c.viewer)
        elif isinstance(c, p.Pass):
            if not by.passing:
                raise Refused(core("refuse.not_passing"), reason="not_passing")
            by.passing = False
        elif isinstance(c, p.Lang):
            by.lang = check_lang(c.lang)
        elif isinstance(c, p.Log):
            if not c.more:
                by.log_shown = LOG_TAIL
            elif by.log_shown < len(self.match.actions):  # (the whole log shown: no more to show)
                by.log_shown += LOG_PAGE
        elif isinstance(c, p.Sound):
            by.sound = c.on
        elif isinstance(c, p.Motion):
            if c.motion not in MOTIONS:
                raise Refused(core("refuse.bad_message"), reason="bad_message")
            by.motion = c.motion
        if self._shown_by(by) == before:
            return  # the same again (a second "sound on", a log already open): no view to send
        self.screen_changed(by, moves=isinstance(c, (p.Viewer, p.Pass)))

    def _shown_by(self, by: Screen) -> tuple[Any, ...]:
        """What a screen's own settings make it show (its log counted as far as there is one)."""
        log = min(by.log_shown, max(LOG_TAIL, len(self.match.actions)))
        return (by.viewer_setting, by.viewer, by.passing, by.lang, log, by.sound, by.motion)

    # -- a person's decision -------------------------------------------------------------------
    def _check_turn(self, by: Screen | None) -> None:
        """Refuse a person's move when no person decides now (in words every viewer may know)."""
        player = self.state.current_player()
        if player == TERMINAL:
            raise Refused(core("refuse.over"), reason="over")
        if by is not None and by.plays != ANY:
            if player != by.plays:
                who = lambda lang: self.name(player, lang)  # noqa: E731
                raise Refused(
                    core("refuse.not_your_turn", who=who), reason="not_your_turn", who=player
                )
            return
        if player == CHANCE:
            raise Refused(core("refuse.chance_due", what=lambda lang: self.chance_words(lang)))
        if self.is_bot(player):
            raise Refused(core("refuse.bot_turn", who=lambda lang: self.name(player, lang)))
        if by is not None and by.passing:
            raise Refused(self._passing_refusal(player))

    def _passing_refusal(self, player: int) -> TableError:
        def ready(lang: str) -> str:  # the button's own label, quoted
            return _t("core", "shell.pass_ready", lang, who=self.seat_name(player, lang))

        return core("refuse.passing", who=lambda lang: self.name(player, lang), ready=ready)

    def act(self, action: Any, by: Screen | None = None, *, trusted: bool = False) -> None:
        """A decision of the person to move, by its text or as an Action. ``by``: the screen
        that sent it (it must play that seat, or be a shared device showing that person's moves);
        ``trusted``: Python at the notebook, which may decide for any person at the table (the
        device must still have been passed). Refused with :class:`Refused` (nothing changes)."""
        state = self.state
        player = state.current_player()
        if not trusted and by is not None and by.plays == ANY:
            if player >= 0 and not self.is_bot(player):
                if by.passing:
                    raise Refused(self._passing_refusal(player))
                if self.hides_moves(by.shown_viewer):
                    raise Refused(self.private_refusal(), reason="not_your_turn", who=player)
        if not isinstance(action, (Action, str)):
            raise Refused(
                InvalidActionError(f"action text must be a string, got {type(action).__name__}")
            )
        seat_bound = by is not None and by.plays != ANY
        if seat_bound:  # a device of one seat hears first whether it is its turn at all
            self._check_turn(by)
        start = len(self._match.actions)
        try:
            if isinstance(action, str):
                action = state.parse_action(action)
            assert isinstance(action, Action)
            if not seat_bound:
                self._check_turn(by)
            # the rules' one check, and the move made: an illegal move raises their
            # explanation and changes nothing
            self._match.apply(action)
        except Refused:
            raise
        except (ValueError, TypeError) as err:
            unreadable = isinstance(err, InvalidActionError)
            raise Refused(err, True, "unreadable" if unreadable else "illegal") from None
        self._match.resolve_chance()
        self._summary = [(start, len(self._match.actions))]  # the person's click: a new summary
        self._watching = False
        self._done(start)

    # -- demonstrations ------------------------------------------------------------------------
    def apply_action(self, action: str | Action) -> None:
        """Apply exactly one action, whoever is to move (a decision or an explicit chance
        outcome); nothing else is resolved."""
        try:
            self._match.apply(action)
        except (ValueError, TypeError) as err:
            raise Refused(err, True) from None
        start = len(self._match.actions) - 1
        self._summary = [(start, start + 1)]
        self._done(start)

    def recap(self, start: int) -> None:
        """Show the steps from action ``start`` on as what just happened, as if they had just
        been taken: for a table set up at a position (``actions``) whose last turn a class looks
        back at, where "Nothing yet: the game has just begun." would not be true. The game and
        its moves stay as they are."""
        end = len(self._match.actions)
        if start.__class__ is not int or not 0 <= start < end:
            raise ValueError(
                f"start must be an action's index from 0 to {end - 1}, got {short(start)}"
            )
        self._summary = [(start, end)]
        self._changed(moves=False)

    # -- undo ----------------------------------------------------------------------------------
    def undo(self, by: Screen | None = None) -> None:
        """Take back the last decision. Chance results stand, a bot's move stands, and a screen
        (``by``) takes back only its own seat's decision; Python (``by=None``) may take back any
        person's."""
        viewer = None if by is None else by.shown_viewer
        passing = by is not None and by.passing
        if self.undo_block(viewer, "en", passing) is not None:
            words = lambda lang: self.undo_block(viewer, lang, passing) or ""  # noqa: E731
            raise Refused(TableError(words), reason="undo")
        match = self._match
        before, taken, now = match.states[-2], match.actions[-1], match.state
        seat = before.current_player()
        match.undo()
        self._summary = []
        self._watching = False

        def taken_words(viewer: ViewerLike, lang: str) -> str:  # as each viewer may read it
            return str(before.action_text(taken, viewer, lang, now))

        who = lambda lang: self.name(seat, lang)  # noqa: E731
        said = {"who": who, "taken": ForViewer(taken_words)}
        self._tell(News("say", ("undone", said)), follow="undo")

    # -- new games -----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same seats and rules; ``seed=None`` picks a fresh seed."""
        seed = check_seed(seed, allow_none=True)
        fresh = seed is None
        if seed is None:
            seed = fresh_seed()
        match = Match(self._match.game, seed=seed)
        match.resolve_chance()
        self._replace_match(match, fresh, News("say", ("new_game", {})))

    def restart(
        self, players: int | None = None, variant: str | None = None, seed: int | None = None
    ) -> None:
        """A new game with another player count or variant; new seats are of the last seat's
        kind where that is a bot by difficulty, else people."""
        game = self._match.game
        players = game.players if players is None else players
        variant = game.variant if variant is None else variant
        fresh = self._fresh and seed is None
        options = game.options()
        options = {k: v for k, v in options.items() if not (k == "first_player" and v >= players)}
        new = load(game.name, players=players, variant=variant, **options)
        seed = self._match.seed if seed is None else check_seed(seed)
        match = Match(new, seed=seed)
        match.resolve_chance()
        self._seat_more(players)
        self._remake_difficulties(new)
        self._seats_changed()
        self._replace_match(match, fresh, News("say", ("new_game", {})))

    def load_code(self, code: Any) -> None:
        """Go to the position of a scenario code; seats are kept (extra players are people)."""
        match = Match.from_code(code)
        if match.game.name != self._match.game.name:
            raise ValueError(f"this code is for {match.game.name!r}, not {self._match.game.name!r}")
        players = match.game.players
        self._seat_specs = (self._seat_specs + [HUMAN] * players)[:players]
        self._bots = (self._bots + [None] * players)[:players]
        self._remake_difficulties(match.game)
        self._seats_changed()
        self._replace_match(match, False, News("say", ("loaded", {"n": len(match.actions)})))

    def rewind(self, match: Match, news: News) -> None:
        """Back to ``match``, a position of this game its owner kept, saying ``news`` again (the
        news of that position): seats, settings and screens stay. A class server whose store
        could not keep a move takes it back this way."""
        if match.game.name != self._match.game.name:
            raise ValueError(
                f"a rewind stays in {self._match.game.name!r}, not {match.game.name!r}"
            )
        self._match = match
        self._summary = []
        self._watching = False
        self._news = news
        self._changed(follow="new")

    def _replace_match(self, match: Match, fresh: bool, news: News) -> None:
        self._match = match
        self._presenter = presenter_for(match.game)
        self._summary = []
        self._watching = False
        self._fresh = fresh
        self._tell(news, follow="new")


def _switch(name: str, on: Any) -> bool:
    """``on`` checked as a setting that is on or off."""
    if on is not True and on is not False:
        raise TypeError(f"{name} must be True or False, got {short(on)}")
    return on


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


def _check_pace(pace: Any) -> float:
    if isinstance(pace, bool) or not isinstance(pace, (int, float)):
        raise TypeError(f"pace is the seconds a step stays on screen, got {short(pace)}")
    if not SPEEDS[0] <= pace <= SPEEDS[1]:
        raise ValueError(f"pace must be from {SPEEDS[0]} to {SPEEDS[1]} seconds, got {short(pace)}")
    return float(pace)
