"""A notebook's table: one shared table and one screen, behind one object.

:class:`TableSession` is the facade every notebook, lesson and widget uses: it builds a
:class:`kaskaria.tables.Table` (the match, seats, bots, pace, hourglass, undo rights, the clock)
and one :class:`kaskaria.tables.Screen` for it (the viewer, language, log, sound, motion, the
pass-the-device screen, the last refusal), and speaks for both. Its methods are the table's
buttons for Python (a refusal is shown on the screen and raised); :meth:`handle` takes a message
from the screen's browser half and passes it through the table's one gate; :meth:`view` is the
screen's view (:func:`kaskaria.tables.view`). A class server does not use this facade: it keeps one
table and a screen per device (see ``docs/tables.md``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .core import Action, ViewerLike
from .i18n import check_lang
from .match import Match
from .tables import protocol
from .tables.screen import LOG_PAGE, LOG_TAIL, MOTIONS, Screen, check_viewer_setting, check_viewers
from .tables.table import AUTO, DEFAULT_PACE, HUMAN, Table, new_match
from .tables.view import PARTS, View, describe, flat_view, log_lines, message, static_html, view
from .tables.words import Refusal, Refused, core
from .validate import short

__all__ = ["AUTO", "DEFAULT_PACE", "HUMAN", "LOG_PAGE", "LOG_TAIL", "PARTS", "TableSession"]

#: What a session reads straight from its table.
_FROM_TABLE = frozenset(
    {
        "match", "state", "game", "presenter", "seed", "seats", "bots", "fresh", "people",
        "turn_owner", "is_bot", "moves_open_to", "code_for", "unplayed_fresh", "seat_menu_values",
        "wake_in", "now",
    }
)  # fmt: skip
#: The table's settings a session sets (a refusal is shown on its screen and raised).
_TABLE_SETTINGS = (
    "help", "help_switch", "pace", "autoplay", "hourglass", "bot_names", "seat_names", "hints",
)  # fmt: skip
_SCREEN_SETTINGS = ("lang", "viewer", "viewers")


class TableSession:
    """A table for any registered game, for people and bots, with one screen.

    ``TableSession("dragon-battle", players=2, seats=("human", "hard"), variant="basic", seed=1,
    help=True, lang="en", viewer="auto", **options)``: ``seats`` names for each seat ``"human"``,
    a difficulty (``"easy"``, ``"medium"``, ``"hard"``: each game maps them to its bots), a bot of
    :func:`kaskaria.bots.available_bots`, a seat-menu preset (``"threshold(1/4)"``) or a bot
    object; by default seat 1 is a person and the others are ``default_bot``. ``actions`` replays
    lines of action text from the start instead of resolving the set-up (an exact position); see
    also :meth:`from_match`.

    ``autoplay``: seconds between the steps bots take on their own (it becomes the :attr:`pace`),
    ``None`` for off, or ``"auto"`` (the default): on at the pace when a bot sits at the table.
    ``pace``: seconds a step stays on screen (default :data:`DEFAULT_PACE`). ``hourglass``: is the
    hourglass on (for games whose presenter times a decision)? ``clock``: a function returning
    seconds (default :func:`time.monotonic`). ``viewer``: who the screen shows (``"auto"``, a
    seat, ``"table"``, ``"omniscient"``); ``viewers``: the views its browser may ask for.
    ``hints``: may the person to move ask for a hint and look back at a finished turn ("what
    if?")? Off by default (a teacher's switch; the play apps turn it on). ``help_switch=False``
    locks the help as ``help`` says: the screens draw no switch for it.

    ``seed=None`` deals with a fresh seed; no view carries the seed while the game runs, nor ever
    when more than one person sits at the table (:attr:`seed` has it for the teacher).
    """

    #: the table's settings, set here (see :class:`kaskaria.tables.Table`; a refusal is shown on
    #: the screen and raised)
    help: bool
    help_switch: bool
    pace: float
    autoplay: Any  # seconds or None; set also to "auto"
    hourglass: bool
    bot_names: bool
    seat_names: tuple[str | None, ...]
    hints: bool

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
        hints: bool = False,
        help_switch: bool = True,
        **options: Any,
    ) -> None:
        match, greeting, fresh = new_match(game, players, variant, seed, actions, **options)
        table = Table(
            match,
            seats,
            help=help,
            autoplay=autoplay,
            default_bot=default_bot,
            pace=pace,
            hourglass=hourglass,
            clock=clock,
            greeting=greeting,
            fresh=fresh,
            hints=hints,
            help_switch=help_switch,
        )
        self._join(table, lang, viewer, viewers)

    @classmethod
    def from_match(
        cls,
        match: Match,
        seats: Sequence[Any] | None = None,
        help: bool = True,
        autoplay: float | str | None = AUTO,
        **settings: Any,
    ) -> TableSession:
        """A session showing a copy of ``match`` exactly as it stands (pending chance waits for
        :meth:`next` or :meth:`apply`); ``settings``: ``lang``, ``viewer``, ``viewers`` and
        ``default_bot``, ``pace``, ``hourglass``, ``clock``, as for a new session."""
        if not isinstance(match, Match):
            raise TypeError(f"match must be a kaskaria.Match, got {type(match).__name__}")
        shown = {k: settings.pop(k) for k in _SCREEN_SETTINGS if k in settings}
        table = Table(match.copy(), seats, help=help, autoplay=autoplay, **settings)
        session = cls.__new__(cls)
        session._join(
            table, shown.get("lang", "en"), shown.get("viewer", "auto"), shown.get("viewers")
        )
        return session

    def _join(self, table: Table, lang: str, viewer: Any, viewers: Any) -> None:
        players = table.game.players
        screen = Screen(
            viewer_setting=check_viewer_setting(viewer, players),
            lang=check_lang(lang),
            may_view=check_viewers(viewers, players),
        )
        self.table = table
        self.screen = table.attach(screen)

    # -- the screen's side ---------------------------------------------------------------------
    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` after every change of the table or of this screen; returns a
        function that stops it."""
        stop_table = self.table.subscribe(listener)
        self.screen.listeners.append(listener)

        def stop() -> None:
            stop_table()
            if listener in self.screen.listeners:
                self.screen.listeners.remove(listener)

        return stop

    @property
    def version(self) -> int:
        """The version of the screen's view (its clicks carry it)."""
        return self.screen.version(self.table)

    def view(self, viewer: ViewerLike | None = None, lang: str | None = None) -> View:
        """What the screen shows (the parts of :data:`PARTS` and ``version``), for ``viewer``
        (default: the viewer shown now, the table while the device is passed) in ``lang``."""
        return view(self.table, self.screen, viewer, lang)

    def handle(self, content: Any, screen: ViewerLike | None = None) -> bool:
        """A message from the screen (``screen``: the viewer it shows, default the one shown
        now), through the table's gate. Nothing it sends is trusted: a malformed or refused
        message changes nothing and the screen says why. Returns whether it was done; never
        raises."""
        command = protocol.parse(content)
        if command is None:
            self._show(Refusal(core("refuse.bad_message"), reason="bad_message"))
            return False
        by = self.screen
        if screen is not None and screen != by.viewer:
            by = dataclasses.replace(by, viewer=screen, listeners=[])
        refusal = self.table.apply(command, by)
        if refusal is not None:
            self._show(refusal)
            return False
        return True

    def _show(self, refusal: Refusal) -> Exception:
        """Show ``refusal`` on the screen; the error Python raises for it."""
        self.screen.show(refusal, self.table)
        return refusal.raised(self.table, self.screen.shown_viewer)

    def refused(self, err: Exception, private: bool = False) -> Exception:
        """Show on the screen why a request to a table class's own method was refused (nothing
        changed) and return the error to raise (``private``: an error of the rules about the
        position, worded for a viewer who may not see the mover's moves)."""
        return self._show(Refusal(err, private))

    def _do(self, do: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return do(*args, **kwargs)
        except Refused as no:
            raise self._show(no.refusal) from None
        except (ValueError, TypeError, RuntimeError) as err:
            raise self._show(Refusal(err)) from None

    # -- the buttons, for Python ---------------------------------------------------------------
    def act(self, action: Any) -> None:
        """Take a decision for the person to move, by its text or as an Action. An illegal
        decision raises :class:`kaskaria.IllegalActionError` and leaves everything as it was;
        the screen says why in words."""
        self._do(self.table.act, action, self.screen, trusted=True)

    def next(self) -> None:
        """One visible step when a bot is to move or chance is due (the Next button)."""
        self._do(self.table.next)

    def run_bots(self, max_steps: int = 10_000) -> None:
        """Step until a person must decide or the game is over (for notebooks)."""
        self._do(self.table.run_bots, max_steps)

    def play_turn(self, max_steps: int = 10_000) -> None:
        """Every step until a person must decide or the game is over, at once (at a table of bots
        only: until the turn passes to the next bot)."""
        self._do(self.table.play_turn, max_steps)

    def watch_turn(self) -> None:
        """ "Play whole turn": the next step now, then one every :attr:`pace` seconds."""
        self._do(self.table.watch_turn)

    def apply(self, action: str | Action) -> None:
        """Apply exactly one action, whoever is to move (a decision or an explicit chance
        outcome); nothing else is resolved."""
        self._do(self.table.apply_action, action)

    def undo(self, by: ViewerLike | None = None) -> None:
        """Take back the last decision: ``by`` is the viewer of a screen asking (only its own
        seat's decision); ``by=None`` is Python, which may take back any person's."""
        if by is None:
            self._do(self.table.undo, None)
        else:
            self._do(self.table.undo, dataclasses.replace(self.screen, viewer=by, listeners=[]))

    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same seats and rules; ``seed=None`` picks a fresh seed."""
        self._do(self.table.new_game, seed)

    def restart(
        self, players: int | None = None, variant: str | None = None, seed: int | None = None
    ) -> None:
        """A new game with another player count or variant; new seats are of the last seat's
        kind where that is a bot by difficulty, else people."""
        self._do(self.table.restart, players, variant, seed)

    def load_code(self, code: Any) -> None:
        """Go to the position of a scenario code; seats are kept (extra players are people)."""
        self._do(self.table.load_code, code)

    def set_seat(self, player: Any, seat: Any) -> None:
        """Put a person or a bot (difficulty, name, preset or object) in seat ``player``."""
        self._do(self.table.set_seat, player, seat)

    def pass_device(self) -> None:
        """The person the device was passed to is ready: show their seat's view."""
        refusal = self.table.apply(protocol.Pass(), self.screen)
        if refusal is not None:
            raise self._show(refusal)

    def tick(self, now: float | None = None) -> bool:
        """Do what is due (a bot's step at the pace, the hourglass running out)."""
        return bool(self._do(self.table.tick, now))

    # -- what Python reads ---------------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        if name in _FROM_TABLE:
            return getattr(self.table, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def lang(self) -> str:
        return self.screen.lang

    @lang.setter
    def lang(self, lang: Any) -> None:
        self.screen.lang = self._do(check_lang, lang)
        self.table.screen_changed(self.screen)

    @property
    def sound(self) -> bool:
        """May the screen beep when a person's turn comes and at the end (off by default)?"""
        return self.screen.sound

    @sound.setter
    def sound(self, on: Any) -> None:
        if on is not True and on is not False:
            raise self._show(Refusal(TypeError(f"sound must be True or False, got {short(on)}")))
        self.screen.sound = on
        self.table.screen_changed(self.screen)

    @property
    def motion(self) -> str:
        """``"auto"`` (the device's reduced-motion setting decides), ``"full"`` or ``"reduced"``."""
        return self.screen.motion

    @motion.setter
    def motion(self, value: Any) -> None:
        if value.__class__ is not str or value not in MOTIONS:
            raise self._show(
                Refusal(ValueError(f"motion is one of {', '.join(MOTIONS)}, got {short(value)}"))
            )
        self.screen.motion = value
        self.table.screen_changed(self.screen)

    @property
    def viewer(self) -> ViewerLike:
        """Who the screen is showing: a seat, ``TABLE`` or ``OMNISCIENT``."""
        return self.screen.viewer

    @viewer.setter
    def viewer(self, viewer: Any) -> None:
        self._do(self.screen.set_viewer, self.table, viewer)
        self.table.screen_changed(self.screen, moves=True)

    @property
    def viewers(self) -> tuple[ViewerLike | str, ...]:
        """The views the screen may ask for (by default ``"auto"``, ``"table"`` and the seat of
        each person at the table; ``"omniscient"`` only when set here)."""
        return self.screen.viewers(self.table)

    @viewers.setter
    def viewers(self, viewers: Any) -> None:
        self.screen.may_view = self._do(check_viewers, viewers, self.game.players)

    @property
    def passing(self) -> bool:
        return self.screen.passing

    @property
    def shown_viewer(self) -> ViewerLike:
        """The viewer whose view is shown now (the table while the device is passed)."""
        return self.screen.shown_viewer

    @property
    def code(self) -> str:
        """The scenario code for the viewer shown now."""
        return self.table.code_for(self.shown_viewer)

    @property
    def full_code(self) -> str:
        return self.table.match.to_code()

    def seed_shown(self, viewer: ViewerLike | None = None) -> int | None:
        """The seed, if ``viewer``'s screen may show it, else None."""
        return self.table.seed_shown(self.shown_viewer if viewer is None else viewer)

    def hides_moves(self, viewer: ViewerLike | None = None) -> bool:
        return self.table.hides_moves(self.shown_viewer if viewer is None else viewer)

    def next_info(self) -> dict[str, str] | None:
        return self.table.next_info(self.lang)

    def name(self, player: int, lang: str | None = None) -> str:
        return self.table.name(player, lang or self.lang)

    def bot_label(self, seat: int, lang: str | None = None) -> str | None:
        return self.table.bot_label(seat, lang or self.lang)

    def undo_block(self, viewer: ViewerLike | None, lang: str) -> str | None:
        """Why Undo is refused now for a screen showing ``viewer`` (None: Python), or None."""
        return self.table.undo_block(viewer, lang, self.screen.passing)

    def message_text(self, viewer: ViewerLike | None = None, lang: str | None = None) -> str:
        """The latest message in full (what happened last, and what is next; or a refusal)."""
        shown = self.shown_viewer if viewer is None else viewer
        return message(self.table, self.screen, shown, lang or self.lang)[0]

    def log_lines(self, viewer: ViewerLike | None = None) -> list[str]:
        """The game as action lines as ``viewer`` (default: the one shown) may read them,
        ``"Player 1: place red"`` (for Python; screens show sentences)."""
        return log_lines(self.table, self.shown_viewer if viewer is None else viewer, self.lang)

    def flat_view(self, v: View) -> dict[str, Any]:
        return flat_view(v)

    def static_html(self, v: View | None = None) -> str:
        """The position as plain HTML (what GitHub or nbviewer show of a table)."""
        return static_html(self.table, self.screen, v)

    def describe(self, name: str) -> str:
        """A stable one-line text for notebooks (no seed while it must stay hidden)."""
        return describe(self.table, self.screen, name)


def _table_setting(name: str) -> property:
    def get(self: TableSession) -> Any:
        return getattr(self.table, name)

    def set(self: TableSession, value: Any) -> None:
        self._do(setattr, self.table, name, value)

    return property(get, set, doc=getattr(Table, name).__doc__)


for _name in _TABLE_SETTINGS:
    setattr(TableSession, _name, _table_setting(_name))
