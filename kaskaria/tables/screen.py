"""One screen of a table: everything that differs between two devices showing the same table.

A :class:`Screen` is small: who it shows (a seat, the table, or ``"auto"``: the person to move,
with the pass-the-device screen between two people at one device), its language, how much of the
log is open, sound and motion, and the last refusal it was shown. It also says what the device
may do: which seats it plays, whether it may change the table for everyone, whether it keeps the
time (sets timers and sends ticks) and whether it may ever show the seed.

Nothing one screen asks for changes another: a screen's own settings never change the table, its
refusals are its own, and its view version (the table's version plus its own changes of what moves
it shows) is what its clicks carry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core import TABLE, TERMINAL, ViewerLike, check_viewer
from ..i18n import check_lang
from ..validate import short
from .words import Refusal

if TYPE_CHECKING:
    from .table import Table

__all__ = ["ANY", "AUTO_VIEWER", "LOG_PAGE", "LOG_TAIL", "MOTIONS", "Screen"]

#: ``plays=ANY``: a shared device, making the moves of whichever person it shows.
ANY = "any"
#: The viewer setting that follows the person to move.
AUTO_VIEWER = "auto"
#: The log entries a view carries at first (a screen asks for more).
LOG_TAIL = 8
#: How many more a ``{"type": "log", "more": true}`` message shows.
LOG_PAGE = 40
#: The ways a screen may draw motion: from the device's setting, or fixed by the teacher.
MOTIONS = ("auto", "full", "reduced")


def check_viewer_setting(viewer: Any, players: int) -> ViewerLike | str:
    """A viewer, or ``"auto"``."""
    if viewer.__class__ is str and viewer == AUTO_VIEWER:
        return AUTO_VIEWER
    return check_viewer(viewer, players)


def check_viewers(viewers: Any, players: int) -> tuple[ViewerLike | str, ...] | None:
    """The views a screen may ask for (None: the default)."""
    if viewers is None:
        return None
    if isinstance(viewers, (str, int)) or not isinstance(viewers, (list, tuple, set, frozenset)):
        raise TypeError(
            "viewers is a list of the views the screen may ask for, e.g. ['auto', 'table', 0], "
            f"or None for the default; got {short(viewers)}"
        )
    if len(viewers) > players + 3:
        raise ValueError(
            f"viewers lists at most {players + 3} views ('auto', 'table', 'omniscient' and the "
            f"seats 0 to {players - 1}), got {len(viewers)}"
        )
    checked = [check_viewer_setting(v, players) for v in viewers]
    return tuple(dict.fromkeys(checked))


@dataclass(eq=False)
class Screen:
    """A screen of one table (see the module's text).

    ``plays``: :data:`ANY` (a notebook's table: the moves of the person it shows), a seat (a
    pupil's device: that seat's moves only) or None (watching). ``controls``: may it change the
    table for everyone (seats, new games, pace, the hourglass, Next)? ``keeps_time``: does it set
    timers and send ticks (a class server keeps the time itself)? ``shows_seed``: may it show the
    seed and the full code once the table allows it (never on a class server's devices)?
    ``may_view``: the views it may ask for (None: ``"auto"``, the table and each person's seat).
    """

    viewer_setting: ViewerLike | str = AUTO_VIEWER
    lang: str = "en"
    plays: int | str | None = ANY
    controls: bool = True
    keeps_time: bool = True
    shows_seed: bool = True
    may_view: tuple[ViewerLike | str, ...] | None = None
    log_shown: int = LOG_TAIL
    sound: bool = False
    motion: str = "auto"
    #: who it shows now, and is the device being passed to the next person?
    viewer: ViewerLike = TABLE
    passing: bool = False
    #: grows whenever what it shows changes on its own (a refusal, its viewer, its language...)
    epoch: int = 0
    #: the oldest of its view versions that shows the moves it shows now (a click made on an
    #: older one is ignored; its log, sound or language never make a click older)
    moves_from: int = 0
    #: the last refusal it was shown, and the table's news then (a newer news replaces it)
    refusal: Refusal | None = None
    refusal_news: int = -1
    #: the hint or "what if?" it asked for (:class:`kaskaria.tables.advice.Advice`), shown
    #: until the table changes
    advice: Any = None
    listeners: list[Callable[[], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lang = check_lang(self.lang)

    # -- what it shows -------------------------------------------------------------------------
    @property
    def shown_viewer(self) -> ViewerLike:
        """The viewer whose view is shown now (the table while the device is passed)."""
        return TABLE if self.passing else self.viewer

    def version(self, table: Table) -> int:
        """The version of this screen's view: the table's, plus the screen's own changes (a
        click made on an older view of this screen is ignored; another screen's changes never
        make it older)."""
        return table.version + self.epoch

    def viewers(self, table: Table) -> tuple[ViewerLike | str, ...]:
        """The views this screen may ask for."""
        if self.may_view is None:
            return (AUTO_VIEWER, TABLE, *table.people)
        return self.may_view

    def message(self, table: Table) -> Refusal | None:
        """The refusal this screen shows, if the table has said nothing since."""
        if self.refusal is not None and self.refusal_news == table.news_no:
            return self.refusal
        return None

    # -- changes -------------------------------------------------------------------------------
    def is_current(self, version: int | None, table: Table) -> bool:
        """Was a click made on a view that shows the moves this screen shows now?"""
        return version is None or self.moves_from <= version <= self.version(table)

    def changed(self, table: Table, moves: bool = False) -> None:
        """What the screen shows changed on its own (``moves``: also what moves it offers): its
        view version grows and its listeners hear it (the table's changes are the table's
        listeners' to hear)."""
        self.epoch += 1
        if moves:
            self.moves_from = self.version(table)
        for listener in list(self.listeners):
            listener()

    def show(self, refusal: Refusal, table: Table) -> None:
        """Show ``refusal`` (until the table says something new); a click made before it is
        older than it."""
        if refusal.silent:
            return
        self.refusal, self.refusal_news = refusal, table.news_no
        self.changed(table, moves=True)

    def follow(self, table: Table, how: str) -> None:
        """Choose who the screen shows after a change of the table, and whether the device must
        be passed first: ``how`` is ``"turn"`` (a step: the person to move, passing the device
        between two people when hands are private), ``"undo"`` (the same, never passing) or
        ``"new"`` (a new game: the first person, passing first when hands are private; the log
        shows its latest entries again)."""
        if how in ("undo", "new"):
            self.passing = False
        if how == "new":
            self.log_shown = LOG_TAIL
        self.settle(table, initial=how == "new")

    def settle(self, table: Table, initial: bool = False) -> None:
        setting = self.viewer_setting
        if setting != AUTO_VIEWER:
            self.viewer = setting  # type: ignore[assignment]
            self.passing = False
            return
        humans = table.people
        if not humans:
            self.viewer, self.passing = TABLE, False
            return
        if len(humans) == 1:
            self.viewer, self.passing = humans[0], False
            return
        player = table.state.current_player()
        target = self.viewer
        if player >= 0 and player in humans and table.forced_pass() is None:
            # (a seat whose pass the table makes is not handed the device for it)
            target = player
        elif not isinstance(target, int) or target not in humans:
            target = humans[0]
        private = getattr(table.game, "private_information", False)
        if private and not initial and target != self.viewer and player != TERMINAL:
            self.passing = True
        elif initial and private:
            self.passing = True
        self.viewer = target

    def set_viewer(self, table: Table, viewer: Any) -> None:
        """Show ``viewer`` (a seat, ``"table"``, ``"omniscient"`` or ``"auto"``)."""
        self.viewer_setting = check_viewer_setting(viewer, table.game.players)
        self.passing = False
        self.settle(table, initial=True)
