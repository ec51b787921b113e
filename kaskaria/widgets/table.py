"""One table widget for every game: :class:`GameTable`, a thin anywidget shell over a
:class:`kaskaria.session.TableSession`.

The session (pure Python) owns the match and everything a table does: seats and bots, steps and
their pace, undo rights, the viewer, the messages, the hourglass, the log and the results. The
widget syncs the session's view for the viewer shown as one trait, ``view`` (the parts of
:data:`kaskaria.session.PARTS` plus ``version``), and the browser redraws only the parts that
changed. Messages from the browser go to
:meth:`TableSession.handle`, which checks them completely.

The browser half is ``widgets/table.js`` (the shell), joined at import with the game's board module
into one ES module. The shell depends only on ``model.get("view")``, ``model.on("change:view",
...)`` and ``model.send(message)``, so the same modules can be served outside Jupyter (see
``docs/tables.md``).

**Time.** Bots take their steps at the session's pace while autoplay is on (or a turn is being
watched), and the hourglass runs out, without the kernel ever sleeping: the view's ``clock`` part
says when something is due (``wake_ms``), the browser sets a timer and sends ``{"type":
"tick"}``, and the session does what is due by its own clock (an early or repeated tick does
nothing). In Python, :meth:`GameTable.tick` does the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import anywidget
import traitlets

from ..core import Action, Game, ViewerLike
from ..match import Match
from ..session import AUTO, HUMAN, TableSession
from ..validate import short
from ._static import static_text

__all__ = ["HUMAN", "GameTable"]


class GameTable(anywidget.AnyWidget):
    """A table for any registered game, for people and bots, in JupyterLab and in tests.

    ``GameTable("dragon-battle", players=2, seats=("human", "hard"), variant="basic", seed=1,
    help=True, lang="en", viewer="auto", **options)``: ``seats`` names for each seat ``"human"``,
    a difficulty (``"easy"``, ``"medium"``, ``"hard"``), a bot of
    :func:`kaskaria.bots.available_bots` or a seat-menu preset (``"threshold(1/4)"``), or a bot
    object; by default seat 1 is a person and the others are the game's default bot.
    ``actions`` replays lines of action text from the start instead of resolving the set-up;
    see also :meth:`from_match` / :meth:`from_code`.

    ``autoplay``: seconds between the steps bots take on their own (``None`` for off, or
    ``"auto"``, the default: on at the table's :attr:`pace` when a bot sits at the table).
    ``pace``: seconds a bot's step stays on screen (default 2). ``clock``: a function returning
    seconds (default ``time.monotonic``; tests give their own). ``seed=None`` deals with a fresh
    seed; the table never shows the seed while the game runs (:attr:`seed` has it). ``viewer``:
    who is shown (``"auto"``, a seat, ``"table"``, ``"omniscient"``); ``viewers``: the views the
    browser may ask for.

    Methods: :meth:`act`, :meth:`next`, :meth:`play_turn`, :meth:`run_bots`, :meth:`apply`,
    :meth:`undo`, :meth:`new_game`, :meth:`restart`, :meth:`load_code`, :meth:`set_seat`,
    :meth:`pass_device`, :meth:`tick`; properties :attr:`session`, :attr:`state`,
    :attr:`match`, :attr:`code`, :attr:`full_code`, :attr:`log`, :attr:`message`, :attr:`help`,
    :attr:`autoplay`, :attr:`pace`, :attr:`lang`, :attr:`viewer`, :attr:`viewers`,
    :attr:`bot_names`, :attr:`sound`, :attr:`motion`, :attr:`view`.
    """

    #: the game this class plays (``None``: any game, given by name)
    game_name: ClassVar[str | None] = None
    #: the bot a seat gets by default
    default_bot: ClassVar[str] = "random"

    _esm = static_text("table.js")
    _css = static_text("table.css")

    #: what the browser draws: the session's view for the viewer shown, ``{"version": ..., part:
    #: ...}`` for every part of :data:`kaskaria.session.PARTS` (the browser compares each part
    #: with the one it drew last and redraws only the parts that changed)
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
        pace: float | None = None,
        hourglass: bool | None = None,
        clock: Any = None,
        **options: Any,
    ) -> None:
        session = TableSession(
            self._game_name(game),
            players,
            seats,
            variant,
            seed,
            help,
            actions=actions,
            autoplay=autoplay,
            lang=lang,
            viewer=viewer,
            viewers=viewers,
            default_bot=self.default_bot,
            pace=pace,
            hourglass=self._hourglass_default() if hourglass is None else hourglass,
            clock=clock,
            **options,
        )
        self._attach(session)

    @classmethod
    def _hourglass_default(cls) -> bool:
        return True

    @classmethod
    def _game_name(cls, game: str | None) -> str:
        if cls.game_name is not None:
            if game is not None and game != cls.game_name:
                raise ValueError(f"{cls.__name__} plays {cls.game_name!r}, not {short(game)}")
            return cls.game_name
        if game is None:
            raise TypeError("GameTable needs the game's name, e.g. GameTable('dragon-battle')")
        return game

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
        pace: float | None = None,
        hourglass: bool | None = None,
        clock: Any = None,
    ) -> GameTable:
        """A table showing a copy of ``match`` exactly as it stands (pending chance waits for
        :meth:`next` or :meth:`apply`)."""
        if not isinstance(match, Match):
            raise TypeError(f"match must be a kaskaria.Match, got {type(match).__name__}")
        if cls.game_name is not None and match.game.name != cls.game_name:
            raise ValueError(f"this table plays {cls.game_name!r}, not {match.game.name!r}")
        session = TableSession.from_match(
            match,
            seats,
            help,
            autoplay,
            lang=lang,
            viewer=viewer,
            viewers=viewers,
            default_bot=cls.default_bot,
            pace=pace,
            hourglass=cls._hourglass_default() if hourglass is None else hourglass,
            clock=clock,
        )
        table = cls.__new__(cls)
        table._attach(session)
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
        pace: float | None = None,
        hourglass: bool | None = None,
        clock: Any = None,
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
            pace=pace,
            hourglass=hourglass,
            clock=clock,
        )

    @classmethod
    def from_session(cls, session: TableSession) -> GameTable:
        """A widget showing an existing session (several widgets may show one session)."""
        if not isinstance(session, TableSession):
            raise TypeError(f"session must be a TableSession, got {type(session).__name__}")
        if cls.game_name is not None and session.game.name != cls.game_name:
            raise ValueError(f"this table plays {cls.game_name!r}, not {session.game.name!r}")
        table = cls.__new__(cls)
        table._attach(session)
        return table

    def _attach(self, session: TableSession) -> None:
        self._session = session
        super().__init__(view=session.view())
        self._unsubscribe = session.subscribe(self._sync)
        self.on_msg(self._on_msg)

    def _sync(self) -> None:
        """Send the new view (traitlets sends it only when it differs from the last one)."""
        self.view = self._session.view()

    def close(self) -> None:
        stop = getattr(self, "_unsubscribe", None)
        if stop is not None:
            stop()
        super().close()

    # -- what users read -----------------------------------------------------------------------
    @property
    def session(self) -> TableSession:
        """The table session behind this widget (pure Python)."""
        return self._session

    @property
    def version(self) -> int:
        """The version of the view on screen (it grows with every change)."""
        return int(self.view["version"])

    @property
    def state(self) -> Any:
        """The current position (immutable). It holds everything, hidden or not: show a class
        the table itself, not this."""
        return self._session.state

    @property
    def match(self) -> Match:
        """A copy of the match behind the table (change the table through its methods)."""
        return self._session.match.copy()

    @property
    def game(self) -> Game:
        return self._session.game

    @property
    def seed(self) -> int:
        """The seed of this game (for the teacher in Python: the table never shows it while the
        game is not over)."""
        return self._session.seed

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat: ``"human"``, the difficulty or the bot's name it was given."""
        return self._session.seats

    @property
    def code(self) -> str:
        """The scenario code of this position for the viewer shown now (what the table shows)."""
        return self._session.code

    @property
    def full_code(self) -> str:
        """The full scenario code (the teacher's). Never shown on the table."""
        return self._session.full_code

    @property
    def message(self) -> str:
        """The latest explanation shown on the table, in the table's language."""
        return self._session.message_text()

    @property
    def log(self) -> list[str]:
        """The game so far as action lines the current viewer may read, one per action:
        ``"Player 1: place red"`` (the table itself shows sentences)."""
        return self._session.log_lines()

    @property
    def help(self) -> bool:
        return self._session.help

    @help.setter
    def help(self, on: bool) -> None:
        self._session.help = on

    @property
    def autoplay(self) -> float | None:
        """Seconds between the steps bots take on their own (None: off); ``"auto"``: on when a
        bot sits at the table."""
        return self._session.autoplay

    @autoplay.setter
    def autoplay(self, delay: float | str | None) -> None:
        self._session.autoplay = delay

    @property
    def pace(self) -> float:
        """Seconds each bot step stays on screen (the teacher's setting; the speed menu)."""
        return self._session.pace

    @pace.setter
    def pace(self, seconds: Any) -> None:
        self._session.pace = seconds

    @property
    def lang(self) -> str:
        return self._session.lang

    @lang.setter
    def lang(self, lang: Any) -> None:
        self._session.lang = lang

    @property
    def viewer(self) -> ViewerLike:
        return self._session.viewer

    @viewer.setter
    def viewer(self, viewer: Any) -> None:
        self._session.viewer = viewer

    @property
    def viewers(self) -> tuple[Any, ...]:
        """The views the screen may ask for (see :attr:`TableSession.viewers`)."""
        return self._session.viewers

    @viewers.setter
    def viewers(self, viewers: Any) -> None:
        self._session.viewers = viewers

    @property
    def passing(self) -> bool:
        return self._session.passing

    @property
    def bot_names(self) -> bool:
        """The teacher's setting: name bots by name rather than difficulty on screen."""
        return self._session.bot_names

    @bot_names.setter
    def bot_names(self, on: Any) -> None:
        self._session.bot_names = on

    @property
    def sound(self) -> bool:
        """A short beep when a person's turn comes and at the end (off by default)."""
        return self._session.sound

    @sound.setter
    def sound(self, on: Any) -> None:
        self._session.sound = on

    @property
    def motion(self) -> str:
        """``"auto"`` (the device's reduced-motion setting), ``"full"`` or ``"reduced"``."""
        return self._session.motion

    @motion.setter
    def motion(self, value: Any) -> None:
        self._session.motion = value

    def __repr__(self) -> str:
        """A stable text for notebooks, made for the viewer shown (no seed while it must stay
        hidden; only the seats for a new game dealt with a fresh seed)."""
        return self._session.describe(type(self).__name__)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, its stable text and a static HTML picture of the position (shown where
        no kernel runs: GitHub, nbviewer)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/html"] = self._session.static_html()
        return bundle

    # -- the buttons' methods ------------------------------------------------------------------
    def act(self, action: Any) -> None:
        """Take a decision for the person to move, by its text: what every move button does. An
        illegal decision raises :class:`kaskaria.IllegalActionError` and changes nothing."""
        self._session.act(action)

    def next(self) -> None:
        """One visible step when a bot is to move or chance is due (the Next button)."""
        self._session.next()

    def run_bots(self, max_steps: int = 10_000) -> None:
        """Step until a person must decide or the game is over (for notebooks)."""
        self._session.run_bots(max_steps)

    def play_turn(self, max_steps: int = 10_000) -> None:
        """Every step until a person must decide, at once (the browser's button watches the
        steps one by one at the pace instead)."""
        self._session.play_turn(max_steps)

    def apply(self, action: str | Action) -> None:
        """Apply exactly one action, whoever is to move (for demonstrations)."""
        self._session.apply(action)

    def undo(self) -> None:
        """Take back the last decision of a person (chance results and bots' moves stand)."""
        self._session.undo()

    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same seats and rules; ``seed=None`` picks a fresh seed."""
        self._session.new_game(seed)

    def restart(
        self, players: int | None = None, variant: str | None = None, seed: int | None = None
    ) -> None:
        """A new game with another player count or variant; new seats are people."""
        self._session.restart(players, variant, seed)

    def load_code(self, code: Any) -> None:
        """Go to the position of a scenario code; seats are kept."""
        self._session.load_code(code)

    def set_seat(self, player: Any, seat: Any) -> None:
        """Put a person or a bot (difficulty, name, preset or object) in seat ``player``
        (0 = Player 1)."""
        self._session.set_seat(player, seat)

    def pass_device(self) -> None:
        """The person the device was passed to is ready: show their seat's view."""
        self._session.pass_device()

    def tick(self) -> bool:
        """Do what is due now (a bot's step at the pace, the hourglass running out); what the
        browser's timer asks for. Returns whether anything happened."""
        return self._session.tick()

    # -- the browser's messages ----------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser, handed to the session (which trusts nothing in it)."""
        self._session.handle(content)
