"""One table widget for every game: :class:`GameTable`, a thin anywidget shell over a
:class:`kaskaria.session.TableSession` (one shared :class:`kaskaria.tables.Table` and this
widget's :class:`kaskaria.tables.Screen`).

The widget syncs the screen's view as one trait, ``view`` (the parts of
:data:`kaskaria.tables.PARTS` plus ``version``), and the browser redraws only the parts that
changed. Messages from the browser go to :meth:`TableSession.handle`: parsed once by the
protocol, then through the table's gate. What Python reads and the buttons' methods are the
session's, forwarded by name (:data:`_READ`, :data:`_SET`, :data:`_METHODS`).

The browser half is the table's shell (``widgets/table*.js``), joined at import with the game's
board module into one ES module (:func:`kaskaria.tables.assets.table_module`). The shell depends
only on ``model.get("view")``, ``model.on("change:view", ...)`` and ``model.send(message)``, so the
same modules are served by the class server (see ``docs/tables.md``).

**Time.** Bots take their steps at the table's pace while autoplay is on (or a turn is being
watched), and the hourglass runs out, without the kernel ever sleeping: the view's ``clock`` part
says when something is due (``wake_ms``), the browser sets a timer and sends ``{"type":
"tick"}``, and the table does what is due by its own clock (an early or repeated tick does
nothing). In Python, :meth:`GameTable.tick` does the same.
"""

from __future__ import annotations

import inspect
from typing import Any, ClassVar

import anywidget
import traitlets

from ..match import Match
from ..session import HUMAN, TableSession
from ..validate import short
from ._static import table_module, table_styles

__all__ = ["HUMAN", "GameTable"]


class GameTable(anywidget.AnyWidget):
    """A table for any registered game, for people and bots, in JupyterLab and in tests.

    ``GameTable("dragon-battle", players=2, seats=("human", "hard"), variant="basic", seed=1,
    help=True, lang="en", viewer="auto", **options)`` takes the parameters of
    :class:`kaskaria.session.TableSession` (the seats, bots by difficulty or by name, autoplay and
    pace, the hourglass, the viewer and the views the browser may ask for, a clock for tests);
    by default seat 1 is a person and the others are the game's default bot. See also
    :meth:`from_match` / :meth:`from_code` / :meth:`from_session`.

    The buttons' methods (:meth:`act`, :meth:`next`, :meth:`play_turn`, :meth:`run_bots`,
    :meth:`apply`, :meth:`undo`, :meth:`new_game`, :meth:`restart`, :meth:`load_code`,
    :meth:`set_seat`, :meth:`pass_device`, :meth:`tick`) and what Python reads and sets
    (:attr:`state`, :attr:`game`, :attr:`seed`, :attr:`seats`, :attr:`code`, :attr:`full_code`,
    :attr:`passing`, :attr:`help`, :attr:`help_switch`, :attr:`autoplay`, :attr:`pace`, :attr:`hourglass`,
    :attr:`lang`, :attr:`viewer`, :attr:`viewers`, :attr:`bot_names`, :attr:`seat_names`, :attr:`sound`,
    :attr:`motion`) are the session's (:attr:`session`); besides them :attr:`match` (a copy),
    :attr:`message`, :attr:`log` and :attr:`view` (what the browser draws).
    """

    #: the game this class plays (``None``: any game, given by name)
    game_name: ClassVar[str | None] = None
    #: the bot a seat gets by default
    default_bot: ClassVar[str] = "random"

    _esm = table_module()
    _css = table_styles()

    #: what the browser draws: the session's view for the viewer shown, ``{"version": ..., part:
    #: ...}`` for every part of :data:`kaskaria.tables.PARTS` (the browser compares each part
    #: with the one it drew last and redraws only the parts that changed)
    view = traitlets.Dict().tag(sync=True)

    def __init__(self, game: str | None = None, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("default_bot", self.default_bot)
        if kwargs.get("hourglass") is None:
            kwargs["hourglass"] = self._hourglass_default()
        self._attach(TableSession(self._game_name(game), *args, **kwargs))

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
    def from_match(cls, match: Match, *args: Any, **settings: Any) -> GameTable:
        """A table showing a copy of ``match`` exactly as it stands (pending chance waits for
        :meth:`next` or :meth:`apply`); the settings of :meth:`TableSession.from_match`."""
        if not isinstance(match, Match):
            raise TypeError(f"match must be a kaskaria.Match, got {type(match).__name__}")
        if cls.game_name is not None and match.game.name != cls.game_name:
            raise ValueError(f"this table plays {cls.game_name!r}, not {match.game.name!r}")
        settings.setdefault("default_bot", cls.default_bot)
        if settings.get("hourglass") is None:
            settings["hourglass"] = cls._hourglass_default()
        return cls.from_session(TableSession.from_match(match, *args, **settings))

    @classmethod
    def from_code(cls, code: str, *args: Any, **settings: Any) -> GameTable:
        """A table at the position of a scenario code (the full code: ``table.full_code``)."""
        return cls.from_match(Match.from_code(code), *args, **settings)

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
        super().__init__(view=dict(session.view()))
        self._unsubscribe = session.subscribe(self._sync)
        self.on_msg(self._on_msg)

    def _sync(self) -> None:
        """Send the new view (traitlets sends it only when it differs from the last one)."""
        self.view = dict(self._session.view())

    def close(self) -> None:
        stop = getattr(self, "_unsubscribe", None)
        if stop is not None:
            stop()
        super().close()

    # -- what users read besides the session's own ---------------------------------------------
    @property
    def session(self) -> TableSession:
        """The table session behind this widget (pure Python)."""
        return self._session

    @property
    def version(self) -> int:
        """The version of the view on screen (it grows with every change)."""
        return int(self.view["version"])

    @property
    def match(self) -> Match:
        """A copy of the match behind the table (change the table through its methods)."""
        return self._session.match.copy()

    @property
    def message(self) -> str:
        """The latest explanation shown on the table, in the table's language."""
        return self._session.message_text()

    @property
    def log(self) -> list[str]:
        """The game so far as action lines the current viewer may read, one per action:
        ``"Player 1: place red"`` (the table itself shows sentences)."""
        return self._session.log_lines()

    def undo(self) -> None:
        """Take back the last decision of a person (chance results and bots' moves stand)."""
        self._session.undo()

    def tick(self) -> bool:
        """Do what is due now (a bot's step at the pace, the hourglass running out); what the
        browser's timer asks for. Returns whether anything happened."""
        return self._session.tick()

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

    # -- the browser's messages ----------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the browser, handed to the session (which trusts nothing in it)."""
        self._session.handle(content)


#: Read from the session as they are (the last ones can be set: a refusal is shown on the table
#: and raised).
_READ = ("state", "game", "seed", "seats", "code", "full_code", "passing")
_SET = (
    "help",
    "help_switch",
    "autoplay",
    "pace",
    "hourglass",
    "lang",
    "viewer",
    "viewers",
    "bot_names",
    "seat_names",
    "hints",
    "sound",
    "motion",
)
#: The buttons' methods, as the session's.
_METHODS = (
    "act", "next", "run_bots", "play_turn", "apply", "new_game", "restart", "load_code",
    "set_seat", "pass_device",
)  # fmt: skip


def _forward(name: str, settable: bool) -> property:
    doc = getattr(getattr(TableSession, name, None), "__doc__", None)

    def get(self: GameTable) -> Any:
        return getattr(self._session, name)

    def put(self: GameTable, value: Any) -> None:
        setattr(self._session, name, value)

    return property(get, put if settable else None, doc=doc)


def _method(name: str) -> Any:
    def call(self: GameTable, *args: Any, **kwargs: Any) -> Any:
        return getattr(self._session, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = getattr(TableSession, name).__doc__
    call.__signature__ = inspect.signature(getattr(TableSession, name))  # type: ignore[attr-defined]
    return call


for _name in _READ:
    setattr(GameTable, _name, _forward(_name, settable=False))
for _name in _SET:
    setattr(GameTable, _name, _forward(_name, settable=True))
for _name in _METHODS:
    setattr(GameTable, _name, _method(_name))
# one signature, the session's, shown by help(GameTable) and the notebooks' tooltips
GameTable.__init__.__signature__ = inspect.signature(TableSession.__init__)  # type: ignore[attr-defined]
