"""The class: pupils, tables, predictions and the tally, behind any number of devices.

:class:`ClassRoom` is the class server's whole logic without the network. A device (a pupil's
browser, the teacher's page, the projector widget) is a :class:`~.devices.Device` with a ``send``
function, and every message it sends goes through :meth:`ClassRoom.receive`: checked completely in
one pass (:mod:`.protocol`: size, JSON, type, fields and their kinds and sizes) and held to a rate
before it changes anything. The web server (:mod:`kaskaria.classroom.server`) only carries text
both ways and calls :meth:`ClassRoom.tick` when a table asks for time (a bot's step, the
hourglass).

**One table, many screens.** Each table is a shared :class:`kaskaria.tables.Table`; every device
that shows it has a :class:`~kaskaria.tables.Screen` of it: a pupil's plays their own seat, a
watcher's plays none, and the class board (the teacher's page, the projector) has one per language
that changes the table for everyone. A message from a device's table goes through the table's one
gate (:meth:`~kaskaria.tables.Table.apply`) with that device's screen, so a move is checked once
and applied once, and a refusal, the log's length or the language are that device's alone. What a
device is sent is :func:`kaskaria.tables.view` of the table and its screen: built without what its
viewer may not see, the seed or the clock.

**Nothing lost.** Every change is written to the :class:`~.store.Store` before any device hears
of it: the tables' action lines, seats, votes, results and the tally. When a write fails (a full
disk, a store gone read-only) the change is taken back (the table returns to the position the
store holds), the device that asked hears a short sentence, the teacher's page shows an alert,
and :meth:`ClassRoom.housekeeping` tries the store again until it writes.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import logging
import secrets
import sqlite3
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from msgspec import UNSET

from ..bots import prepare_strong_bot, strong_bot_prepares, thinks
from ..core import TABLE
from ..i18n import LANGUAGES
from ..i18n import text as _t
from ..names import NameRefused, check_name, skeletons
from ..tables import AUTO, HUMAN, PARTS, Refusal, Screen, View, view
from ..tables import protocol as tp
from ..tables.view import SETTING_PARTS, view_parts
from ..tables.words import Refused, TableError
from . import messages as _messages  # noqa: F401  (registers the words)
from . import protocol as cp
from .answers import Answers, spec_of
from .devices import (
    FLOOD_CLOSE,
    RATE_BURST,
    RATE_PER_SECOND,
    Bucket,
    Device,
    Pupil,
    board_key,
    device_address,
    public_id,
)
from .lobby import lobby, lobby_table, seat_words, snapshot, table_summary, who
from .polls import Polls
from .polls import Refused as _No
from .protocol import MAX_MESSAGE_BYTES, MAX_TEACHER_BYTES, TEACHER_ONLY, check_message
from .store import Store, StoreError
from .tables import CLASS_GAMES, ClassTable, Tables, levels, open_to_all, player_range
from .tally import ClassTally

#: Where the class works something out away from the server's event loop: ``think(work, then,
#: wanted, who)`` runs ``work()`` and calls ``then`` with its outcome on the loop, unless
#: ``wanted()`` says False when its turn comes; ``who`` asked (a table; None: the class itself),
#: so that turns are fair (see ClassRoom.think).
Think = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[], bool], object], None]

__all__ = [
    "FLOOD_CLOSE",
    "GAMES",
    "MAX_MESSAGE_BYTES",
    "CLASS_INTERVAL",
    "MAX_PUPILS",
    "MAX_TABLES",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "ClassRoom",
    "Device",
    "check_message",
    "new_code",
]

#: The games a class can play, in the order the menus show them.
GAMES = CLASS_GAMES
#: The most pupils one class holds.
MAX_PUPILS = 200
#: The most tables one class holds: every pupil seated at tables of three or more, with room
#: for the tables the teacher keeps for bots and for watching.
MAX_TABLES = 80
#: The teacher's page and the projector get at most one class snapshot in this many seconds
#: while pupils and bots play (the teacher's own actions are answered at once).
CLASS_INTERVAL = 0.25
#: A device's own changes of its screen (its log, sound, motion, language; a refused click's
#: fresh view) reach it at most once in this many seconds, the latest always: a watcher sending
#: ten a second costs the class four views. A move's view is never held back by this.
SCREEN_EVERY = 0.25
#: Those changes are sent in turns of the event loop of at most this many devices, and at most
#: :data:`SCREENS_PER_SECOND` in all: the moves (and the views they make every screen at their
#: table see) that arrive meanwhile go first, in the turns between.
SCREEN_BATCH = 8
SCREENS_PER_SECOND = 160.0
#: What a device's own change may make it be sent again: any part of its view, and its lobby.
LOBBY = "lobby"
WHOLE_VIEW = frozenset(PARTS)
#: The parts of a view sent alone after a change of the screen's own setting (the rest: the
#: whole view is built).
_ALONE = frozenset(p for parts in SETTING_PARTS.values() for p in parts)
#: The most live tables one pupil may have made (the teacher makes as many as the class holds).
#: Two, not one: a pupil makes a table for their group and may make a second (another game, or
#: one for friends who come later) without asking; more is what one device makes to fill the
#: lobby. One device's nicknames (4 at once on the school network) hold 8 tables at most, the
#: count is kept in the store, and the teacher removes every table where no pupil sits at once.
TABLES_PER_PUPIL = 2
#: New nicknames one address may make: a burst, then one more every so many seconds (a class's
#: devices each have their own address; a server behind a proxy sees one and sets no limit).
JOINS_PER_ADDRESS = 4
JOIN_EVERY = 60.0
#: New nicknames the whole class takes, whatever their addresses: a burst, then one more every so
#: many seconds (a class of 30 joins at once; behind a proxy, where every device has one address,
#: one device cannot fill the class in a second: the teacher has minutes to close the class).
CLASS_JOINS = 40
CLASS_JOIN_EVERY = 1.5
#: Seconds between a pupil's page's pings (see :attr:`ClassRoom.ping_every`).
PING_EVERY = 5.0
#: How long the teacher's page says that many nicknames came in a short time (seconds).
RUSH_SHOWN = 120.0
#: The teacher's page says so (refusing nobody) when this many new nicknames join within
#: :data:`RUSH_WINDOW` seconds once the class's :data:`ARRIVAL` is over: a class of 30 arrives
#: in a few minutes, and later pupils come one or two at a time (a latecomer, a pupil on a new
#: device), so 15 in a minute later in the lesson is a flood of made-up nicknames (the
#: class-wide limit, :data:`CLASS_JOINS`, refuses only past 40 at once).
RUSH_NICKNAMES = 15
RUSH_WINDOW = 60.0
#: ... and when this many join within :data:`RUSH_LONG_WINDOW` seconds after the arrival: a
#: patient flood (13 a minute, under the class-wide limit's one every 1.5 s) that the short
#: window does not see. Latecomers come to a few in ten minutes.
RUSH_LONG_NICKNAMES = 25
RUSH_LONG_WINDOW = 600.0
#: The class arrives when it gets busy: :data:`ARRIVING` new nicknames within
#: :data:`RUSH_WINDOW` seconds (not the teacher's test join with one device before the lesson),
#: and for :data:`ARRIVAL` seconds from then the windows above are not counted, however fast
#: nicknames come ...
ARRIVING = 5
ARRIVAL = 300.0
#: ... but the line is shown when :data:`ARRIVAL_NICKNAMES` new nicknames join within
#: :data:`ARRIVAL` seconds, far more than a class: a script that starts the arrival itself (40
#: at once, then one every 1.6 s, under the class-wide limit) would otherwise fill the class
#: unseen. A year group of 200 arriving at once sees it too, and its advice fits them.
ARRIVAL_NICKNAMES = 60
#: Wrong class codes one address may type: a burst, then one more every so many seconds.
GUESSES_PER_ADDRESS = 10
GUESS_EVERY = 6.0
#: The addresses whose limits the class keeps before it forgets those whose limits have filled
#: up again.
ADDRESSES_KEPT = 5000
#: ... and looks them over again at least so often (seconds), or when they have doubled
FORGET_EVERY = 60.0
#: Wrong codes the whole class may type, whatever their addresses: a burst, then so many a
#: second. A class of 30 that mistypes the code once or twice each never reaches it. Past it a
#: wrong code is answered "many wrong codes", but the class code and a code that hands a seat
#: back are still taken at once: a flood of wrong codes cannot keep their pupils out.
CLASS_GUESSES = 100
CLASS_GUESSES_PER_SECOND = 10.0
#: The teacher's page says that many wrong class codes are being typed (refusing nobody) when
#: the class-wide limit above refuses one, and when :data:`WRONG_CODES_SHOWN` wrong codes come
#: faster than one every :data:`WRONG_CODE_EVERY` seconds (a flood paced under that limit). A
#: class of 30 that mistypes the code twice each types 60, a year group of 200 about 400 over
#: its arrival of several minutes: neither reaches it.
WRONG_CODES_SHOWN = 300
WRONG_CODE_EVERY = 2.0
#: ... and that many nicknames have never taken part when more than :data:`IDLE_NICKNAMES` of
#: them, each joined :data:`IDLE_AFTER` seconds ago or more, have never voted, answered or moved
#: (sitting at a table does not count: a script's nicknames sat at each other's tables), and
#: they outnumber the pupils who did: a flood paced under every window of the line about new
#: nicknames. A class's pupils move or vote within minutes of joining, and a year group of 200 at
#: play has far fewer than 40 who never did.
IDLE_NICKNAMES = 40
IDLE_AFTER = 600.0
#: ... and that devices at one address were refused as one device when the limits by address
#: turned away :data:`SHARED_BROWSERS` different browsers at one address within
#: :data:`SHARED_WINDOW` seconds (new nicknames past the device's limit, or the right class code
#: after the device's wrong ones): a school whose pupils share one public address behind a
#: ``--trusted-proxy`` (a hub outside the school), or one device posing as several.
SHARED_BROWSERS = 3
SHARED_WINDOW = 600.0
#: Seat changes one pupil may make (sit down, stand up, leave a seat to watch): a burst, then one
#: more every so many seconds. Sitting down and standing up again and again changes the table for
#: everyone at it (its lobby, the class board, the seats' names): a pupil who finds their seat
#: does it once or twice, not ten times a second.
SEAT_CHANGES = 3
SEAT_CHANGE_EVERY = 2.0
#: Seconds a pupil may take over a move while other pupils at the table wait for it: then the
#: pupil stands up and a bot at the table's level plays the seat, so nobody can hold a table by
#: sitting down and never moving (a pupil alone with bots may think as long as they like).
TURN_WAIT = 120.0
#: How long a code to hand a seat back works (seconds).
HAND_BACK_FOR = 600.0
#: Letters of a class code (no 0/O, 1/I/L: read from a projector).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Letters of a code the teacher makes for one pupil (to hand a seat back, or to let one new
#: pupil in): it is looked up before the class's limit on wrong codes (so a flood of them cannot
#: keep its pupil out), so a script may guess at it as fast as it types: 31^8 codes (about 850
#: thousand million) keep that hopeless (at 3,200 tries a second, the fastest measured from one
#: computer, 1.9 million tries in a code's 10 minutes: about 1 chance in 450,000), and no count
#: of wrong codes ends it early (which a flood could then use to end every code at once).
SEAT_CODE_LENGTH = 8
#: A table's refusals the class says in its own words (the others in the table's).
_CLASS_WORDS = {
    "over": "game_over",
    "not_your_turn": "not_your_turn",
    "illegal": "not_a_move",
    "unreadable": "not_a_move",
    "not_allowed": "teacher_only",
    "viewer": "teacher_only",
    "not_passing": "teacher_only",
    "watching": "sit_first",
    "bad_message": "bad_message",
}
_LOG = logging.getLogger("kaskaria.classroom")
#: The words of the teacher's controls of pupils and joining.
_GUARD_WORDS = (
    "w_pupil_remove",
    "w_pupil_block",
    "w_hand_back",
    "w_idle_mark",
    "w_join_code",
    "w_joins_close",
    "w_joins_open",
    "w_remove_offline",
    "w_close_empty",
    "w_cleanup_note",
    "w_sure",
    "w_back",
    "w_block_yes",
    "w_blocked_title",
    "w_let_in",
    "w_taken_out",
)
#: The minutes the teacher's page offers for "remove pupils who joined in the last minutes".
RECENT_MINUTES = 10


def new_code(length: int = CODE_LENGTH) -> str:
    """A fresh code: letters and digits easy to read from a projector (six for a class code)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def _w(key: str, lang: str, **params: Any) -> str:
    return _t("classroom", key, lang, **params)


def _opt(value: Any, default: Any) -> Any:
    """A message's optional field, or ``default`` when the device left it out."""
    return default if value is UNSET else value


class ClassRoom:
    """The class (see the module's text). ``store``: a :class:`Store` or a path; ``code`` and
    ``key`` default to the store's (made once and kept, so a restarted server has the same code
    and every pupil's token still works). ``clock``: seconds for the tables' time (default
    :func:`time.monotonic`); ``seeds``: where the tables' games come from (tests give a fixed
    sequence)."""

    def __init__(
        self,
        store: Store | str,
        *,
        code: str | None = None,
        key: str | None = None,
        clock: Callable[[], float] | None = None,
        pace: float = 2.0,
        pupils_create: bool = True,
        seeds: Callable[[], int] | None = None,
        odds: bool = True,
        hints: bool = False,
    ) -> None:
        self.store = store if isinstance(store, Store) else Store(store)
        self.clock = clock or time.monotonic
        self.seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.pace = pace
        #: do new tables show the odds panel (the table's help)?
        self.odds = odds
        self.code = self._kept("code", code, new_code).upper()
        self.key = self._kept("key", key, lambda: secrets.token_urlsafe(12))
        #: the projector's key (:func:`~kaskaria.classroom.devices.board_key`): the board only
        self.board_key = board_key(self.key)
        self.pupils_create = (
            self._kept("pupils_create", None, lambda: "1" if pupils_create else "0") == "1"
        )
        #: may new pupils join (the teacher closes the class when everyone is in)?
        self.joins_open = self._kept("joins_open", None, lambda: "1") == "1"
        #: addresses the teacher blocked, and how many nicknames each address may still make
        self.blocked: set[str] = set(json.loads(self._kept("blocked", None, lambda: "[]")))
        #: the tokens and browsers the teacher blocked (as :func:`_hashed` keeps them)
        self.blocked_pupils: set[str] = set(json.loads(self.store.meta("blocked_pupils") or "[]"))
        #: each block the teacher made, to show and to undo: its id, the blocked pupil's name,
        #: the hashes and the address it added to the sets above
        self.blocks: list[dict[str, Any]] = json.loads(self.store.meta("blocks") or "[]")
        #: the address limits (None: no limits by address, e.g. behind a proxy)
        self.joins_per_address: int | None = JOINS_PER_ADDRESS
        #: are devices named by a trusted proxy (--trusted-proxy)? The line about devices turned
        #: away as one then says what a school behind one public address does
        self.behind_proxy = False
        #: each address's limits, by (address, what is limited)
        self._joins: dict[tuple[str, str], Bucket] = {}
        #: twice the addresses kept after they were last looked over, and when (_forget_addresses)
        self._forget_at, self._forgot = 0, float("-inf")
        #: each pupil's seat changes (see :data:`SEAT_CHANGES`), by token
        self._seat_changes: dict[str, Bucket] = {}
        #: new nicknames the whole class takes (a burst, then one every so many seconds; None:
        #: no limit), what is left of the burst, and when the limit last refused one
        self.join_rate: tuple[int, float] | None = (CLASS_JOINS, CLASS_JOIN_EVERY)
        self._class_joins: Bucket | None = None
        #: when each line of the teacher's page about a flood ("joins_rush": many new nicknames,
        #: "codes_rush": many wrong codes, "address_rush": devices at one address turned away as
        #: one) was last raised, on :attr:`clock`
        self._flood_at: dict[str, float] = {}
        #: when the latest new nicknames joined (:data:`RUSH_WINDOW`), those until the class's
        #: arrival is over (:data:`ARRIVAL`) and those after it (:data:`RUSH_LONG_WINDOW`), on
        #: :attr:`clock` (in memory only: a restart counts from nothing)
        self._new_nicknames: deque[float] = deque()
        self._arriving_nicknames: deque[float] = deque()
        self._late_nicknames: deque[float] = deque()
        #: wrong codes the whole class may type (a burst, then so many a second; None: no
        #: limit), and what is left of them
        self.guess_rate: tuple[int, float] | None = (CLASS_GUESSES, CLASS_GUESSES_PER_SECOND)
        self._class_guesses: Bucket | None = None
        #: the latest browsers the limits by address turned away: (when, address, browser)
        self._turned_away: deque[tuple[float, str, str]] = deque(maxlen=200)
        #: the wrong codes the class types before the teacher's page says so
        #: (:data:`WRONG_CODES_SHOWN`)
        self._wrong_codes: Bucket | None = None
        #: codes that let one new pupil in past the limits on joining and a closed class (the
        #: teacher's "code for one new pupil"), and until when each works (:attr:`wall` seconds;
        #: not kept in the store: a restart forgets them)
        self.join_codes: dict[str, float] = {}
        #: seconds between a pupil's page's pings: a page that hears nothing for a few of them
        #: says the connection is lost and connects again
        self.ping_every: float = PING_EVERY
        #: the wall clock (pupils' join times are kept in seconds since the epoch)
        self.wall: Callable[[], float] = time.time
        closed_at = self._kept("joins_closed_at", None, lambda: "")
        #: when the teacher closed the class to new pupils (None: open)
        self.joins_closed_at: float | None = float(closed_at) if closed_at else None
        #: the tables each pupil made (by table number), and codes to hand a seat back
        self.made_by: dict[int, str] = self.store.makers()
        #: (each code's pupil and until when it works, in :attr:`wall` seconds: kept in the store)
        self.hand_backs: dict[str, tuple[str, float]] = {
            code: (str(token), float(until))
            for code, (token, until) in json.loads(self.store.meta("hand_backs") or "{}").items()
        }
        #: the tokens a hand back retired (as :func:`_hashed` keeps them): a screen that comes
        #: back with one hears why it stopped, not a request for a nickname
        self.retired: set[str] = set(json.loads(self.store.meta("retired_tokens") or "[]"))
        self.devices: set[Device] = set()
        #: writes refused by the store so far, and is it failing now (the teacher is alerted)?
        self.store_failures = 0
        self.store_trouble = False
        #: the store's rewrites of a deleted file the teacher was told of
        self._rewritten = 0
        joined, devices = self.store.joined(), self.store.devices()
        self.pupils: dict[str, Pupil] = {}
        for t, n in self.store.pupils():
            address, browser = devices.get(t, ("", ""))
            self.pupils[t] = Pupil(t, n, address=address, browser=browser, joined=joined.get(t, 0))
        #: when the class got busy (:data:`ARRIVING`; :attr:`wall` seconds; None: not yet): the
        #: class arrives in the minutes after it (:data:`ARRIVAL`)
        self._arrived_at: float | None = _busy_from(
            sorted(p.joined for p in self.pupils.values() if p.joined)
        )
        #: the pupils who have made a move (as :func:`_hashed` keeps their tokens)
        self._took_parts: set[str] = set(json.loads(self.store.meta("moved") or "[]"))
        for pupil in self.pupils.values():
            pupil.took_part = _hashed(pupil.token) in self._took_parts
        #: the skeletons of the nicknames in the class and their nicknames (kept as pupils come
        #: and go: a join compares its nickname with them without looking at every pupil)
        self._names: dict[str, str] = {}
        for pupil in self.pupils.values():
            self._name_in(pupil.name)
        self.polls = Polls(self.store)
        #: the lesson's exercises and exit ticket on the devices, with each pupil's answer
        self.answers = Answers(self.store)
        self.class_tally = ClassTally(self.store, GAMES)
        self.tables = Tables(self.store, self.class_tally, self.clock, lambda: self.seeds())
        self.tables.hints = _hints_switch(hints)
        self._think: Think | None = None
        self._decide: Think | None = None
        #: the kinds of game (name, rules, players) whose strong bot the hint processes were
        #: asked to load (see :meth:`_warm`)
        self._warmed: set[tuple[str, str, int]] = set()
        #: the device whose table message is being applied (who asks for a hint, if anyone)
        self._asking: Device | None = None
        self.tables.changed = self._all_dirty
        self.on_wake: Callable[[int, float | None], None] = lambda table, wait: None
        #: set by the server: call :meth:`push_class` after this many seconds (None: no timer,
        #: every change reaches the class board at once)
        self.on_later: Callable[[float], None] | None = None
        #: set by the server: call :meth:`push_screens` after this many seconds (None: a
        #: device's own changes of its screen are sent at once, as in Python and the tests)
        self.on_screens: Callable[[float], None] | None = None
        #: the devices whose own screen changed, with what to send them (view parts, LOBBY)
        self._screens_due: dict[Device, frozenset[str]] = {}
        self._screens_waiting = False
        self._class_sent_at = -CLASS_INTERVAL
        self._class_waiting = False
        self._class_dirty = True
        self._lobby_dirty = True
        self._api_bucket = Bucket.teacher()
        #: each table's summary on the class board, by language, and the version it shows
        self._summaries: dict[tuple[int, str], tuple[int, dict[str, Any]]] = {}
        #: each table's part of the pupils' lobbies, by language, and what it was made from
        self._lobby_parts: dict[tuple[int, str], tuple[Any, str]] = {}
        for row in self.store.tables():
            self.tables.restore(row)
        self.flush()

    def _kept(self, name: str, given: str | None, make: Callable[[], str]) -> str:
        stored = self.store.meta(name)
        if given is not None:
            if given != stored:
                self.store.set_meta(name, given)
            return given
        if stored is None:
            stored = make()
            self.store.set_meta(name, stored)
        return stored

    def _all_dirty(self) -> None:
        self._lobby_dirty = self._class_dirty = True

    @property
    def typed(self) -> list[tuple[str, int, int]]:
        return self.class_tally.typed

    # -- tables --------------------------------------------------------------------------------
    @staticmethod
    def levels(game: str) -> list[str]:
        return levels(game)

    def create_table(
        self,
        game: str,
        players: int,
        variant: str = "basic",
        level: str | None = None,
        maker: str = "",
    ) -> int:
        """A new table of ``game`` with every seat a bot at ``level``; returns its number
        (``maker``: the token of the pupil who made it, who sits at its first seat at once and
        leaves the seat they had)."""
        if game not in GAMES:
            raise ValueError(f"the class plays {', '.join(GAMES)}, not {game[:30]!r}")
        lo, hi = player_range(game)
        if players.__class__ is not int or not lo <= players <= hi:
            raise ValueError(f"{game} is for {lo} to {hi} players, got {str(players)[:12]}")
        choices = levels(game)
        level = choices[0] if level is None else level
        if level not in choices:
            raise ValueError(f"a level is one of {', '.join(choices)}, got {str(level)[:30]!r}")
        if len(self.tables) >= MAX_TABLES:
            raise ValueError(f"a class holds at most {MAX_TABLES} tables")
        had = self._seat_of(maker) if maker else None
        tid = self.tables.create(
            game, players, variant, level, self.pace, self.odds, maker, sitter=maker or None
        )
        if maker:
            self.made_by[tid] = maker
        if had is not None:
            self._stand_up(self.tables[had[0]], had[1])
        self._warm(self.tables[tid], level)
        return tid

    def _warm(self, kept: ClassTable, level: str) -> None:
        """A table whose strong bot may decide or hint (a "hard" seat, or hints on) loads what
        that bot needs where the server works out hints now, not on the event loop at its first
        decision (Dragon Battle's solved game: seconds), and a table with a thinking bot starts
        those processes now (a new one takes 1-2 s), not at its bot's first step. Once for each
        kind of game, and only where the bot has something to load or thinks there: such work
        is nobody's question and is never dropped, so thirty tables made at once (a flood of
        nicknames) would fill the queue with it, and pupils' questions would hear "busy". (A
        hint process replaced after a crash loads it again at its first question.)"""
        if self._think is None or not (level == "hard" or self.hints):
            return
        table = kept.table
        game = table.game
        kind = (game.name, str(game.variant), int(game.players))
        thinking = self._decide is not None and any(thinks(game, bot) for bot in table.bots)
        if kind in self._warmed or not (strong_bot_prepares(game) or thinking):
            return
        self._warmed.add(kind)
        self._think(functools.partial(prepare_strong_bot, game), lambda _: None, lambda: True, None)

    def remove_table(self, tid: int) -> None:
        self.tables.remove(tid)
        for device in self.devices:
            if device.table == tid:
                self._look_at(device, None, None)
        for lang in [lg for t, lg in self._summaries if t == tid]:
            del self._summaries[(tid, lang)]
        for lang in [lg for t, lg in self._lobby_parts if t == tid]:
            del self._lobby_parts[(tid, lang)]

    def view(self, tid: int, viewer: Any, lang: str = "en") -> View:
        """What a device showing ``viewer`` (a seat, or ``"table"`` for a watcher) at table
        ``tid`` is shown in ``lang`` (for Python and tests; devices are sent it part by part)."""
        kept = self.tables[tid]
        screen = _device_screen(viewer if isinstance(viewer, int) else None, lang)
        screen.settle(kept.table)
        return view(kept.table, screen)

    def _seat_of(self, token: str) -> tuple[int, int] | None:
        for kept in self.tables.values():
            if token in kept.sitters:
                return kept.id, kept.sitters.index(token)
        return None

    def _set_running(self, kept: ClassTable) -> None:
        """Bots step on their own while a pupil sits at the table; a table of bots waits."""
        table = kept.table
        want = AUTO if table.people else None
        if want is not None and len(table.people) == table.game.players:
            return  # no bot to step (the table's "auto" is off until one sits again)
        if (table.autoplay is None) != (want is None):
            table.autoplay = want

    def sit(self, token: str, tid: int, seat: int) -> None:
        kept = self.tables.get(tid)
        if kept is None:
            raise _No("no_table")
        if seat.__class__ is not int or not 0 <= seat < kept.players:
            raise _No("no_seat")
        if kept.sitters[seat] == token:
            return
        if kept.sitters[seat] is not None:
            raise _No("seat_taken")
        if kept.table.people and kept.table.state.current_player() == seat:
            # pupils play there, and the bot in that seat is deciding: it finishes its turn, so a
            # pupil who sits down and never moves cannot stop a turn the others are waiting for
            raise _No("seat_bot_turn")
        self.leave(token)
        before = self._seats_of(kept)
        kept.sitters[seat] = token
        kept.table.set_seat(seat, HUMAN)
        self._seated(kept, before)

    def leave(self, token: str) -> None:
        """The pupil's seat goes back to a bot at the table's level."""
        found = self._seat_of(token)
        if found is not None:
            self._stand_up(self.tables[found[0]], found[1])

    def _stand_up(self, kept: ClassTable, seat: int) -> None:
        """The pupil in ``seat`` at ``kept`` stands up: a bot at the table's level takes it."""
        before = self._seats_of(kept)
        kept.sitters[seat] = None
        kept.table.set_seat(seat, kept.level)
        self._seated(kept, before)

    def set_bot(self, tid: int, seat: int, level: str, lang: str = "en") -> None:
        """The teacher puts a bot at ``level`` in a seat (the pupil there stands up)."""
        kept = self.tables.get(tid)
        if kept is None:
            raise _No("no_table")
        if not 0 <= seat < kept.players:
            raise _No("no_seat")
        if level not in levels(kept.game):
            raise _No("bad_table")
        before = self._seats_of(kept)
        kept.sitters[seat] = None
        self._gate(kept, tp.Seat(player=seat, seat=level), kept.board(lang))
        self._seated(kept, before)
        self._warm(kept, level)

    def _seated(self, kept: ClassTable, before: tuple[list[Any], list[Any]] | None = None) -> None:
        """Keep the table's seats (``before``: the sitters and seats to go back to when the store
        cannot keep them)."""
        try:
            self.tables.save_seats(kept)
        except sqlite3.Error:
            if before is not None:
                kept.sitters[:] = before[0]
                for p, spec in enumerate(before[1]):
                    if kept.table.seats[p] != spec:
                        kept.table.set_seat(p, spec)
                self._set_running(kept)
            raise
        self._set_running(kept)
        self._all_dirty()

    @staticmethod
    def _seats_of(kept: ClassTable) -> tuple[list[Any], list[Any]]:
        return list(kept.sitters), list(kept.table.seats)

    def _gate(self, kept: ClassTable, command: tp.Command, screen: Screen) -> None:
        """The teacher's control of a table, through the table's gate."""
        refusal = kept.table.apply(command, screen)
        if refusal is not None:
            raise _No("bad_message")

    # -- time ----------------------------------------------------------------------------------
    def wake_in(self, tid: int) -> float | None:
        """Seconds until something is due at table ``tid``: a step, the hourglass, or the end of
        the wait for a pupil's move (:data:`TURN_WAIT`)."""
        kept = self.tables.get(tid)
        if kept is None:
            return None
        times = [t for t in (kept.table.wake_in(), self._turn_wait(kept)) if t is not None]
        return min(times) if times else None

    def tick(self, tid: int) -> None:
        """Do what is due at table ``tid`` (the server's timer calls this)."""
        kept = self.tables.get(tid)
        if kept is None:
            return
        kept.table.tick()
        wait = self._turn_wait(kept)
        if wait is not None and wait <= 0:
            self._stand_idle_up(kept)
        self.flush()

    def _turn_wait(self, kept: ClassTable) -> float | None:
        """Seconds left for the pupil whose move it is while other pupils at the table wait
        (None: no pupil to move, or nobody else waits). The clock starts when the move became
        theirs."""
        table = kept.table
        player = table.state.current_player()
        sitter = kept.sitters[player] if 0 <= player < kept.players else None
        others = sum(1 for s in kept.sitters if s is not None and s != sitter)
        if sitter is None or others == 0 or table.state.is_terminal():
            kept.turn_mark = None
            return None
        mark = (len(table.match.actions), player, sitter)
        if kept.turn_mark is None or kept.turn_mark[0] != mark:
            kept.turn_mark = (mark, self.clock())
        return kept.turn_mark[1] + TURN_WAIT - self.clock()

    def _stand_idle_up(self, kept: ClassTable) -> None:
        """The pupil to move made no move for :data:`TURN_WAIT` seconds while others waited:
        they stand up, a bot plays their seat, and their devices are told why."""
        player = kept.table.state.current_player()
        token = kept.sitters[player]
        if token is None:
            return
        try:
            self._stand_up(kept, player)
        except sqlite3.Error as err:
            self._store_failed(err)  # the seat stays theirs until the store can keep the change
            return
        kept.turn_mark = None
        minutes = round(TURN_WAIT / 60)
        for device in list(self.devices):
            if device.token == token:
                self._error(device, "turn_wait_over", minutes=minutes)

    # -- persisting and pushing ----------------------------------------------------------------
    def flush(self, now: bool = False) -> None:
        """Write what changed to the store, then tell every device what it may see of it (the
        class board at once with ``now``, else at its pace: :data:`CLASS_INTERVAL`)."""
        for kept in list(self.tables.values()):
            if kept.dirty:
                kept.dirty = False
                try:
                    if self.tables.persist(kept, lambda k, p, lang: who(self, k, p, lang)):
                        self._lobby_dirty = True
                except sqlite3.Error as err:
                    # the table is back at the position the store holds: its devices are sent
                    # that one (they were never shown the move that could not be kept)
                    self._store_failed(err)
                self._class_dirty = True
                for device in list(self.devices):
                    if device.table == kept.id:
                        self._push_view(device, kept)
                self.on_wake(kept.id, self.wake_in(kept.id))
        if self._lobby_dirty or self._class_dirty:
            self._push_class(now)

    def _push_class(self, now: bool) -> None:
        """The pupils' lobbies and the class snapshot to the teacher's devices: at once after a
        teacher's action, else at most once in :data:`CLASS_INTERVAL` (a timer sends what
        changed meanwhile)."""
        at = self.clock()
        if not now and self.on_later is not None:
            if self._class_waiting:
                return
            wait = self._class_sent_at + CLASS_INTERVAL - at
            if wait > 0:
                self._class_waiting = True
                self.on_later(wait)
                return
        self._class_sent_at = at
        if self._lobby_dirty:
            self._lobby_dirty = False
            self._push_lobbies()
        if not self._class_dirty:
            return
        self._class_dirty = False
        sent: dict[tuple[str, bool], tuple[dict[str, Any], str]] = {}
        for device in list(self.devices):
            if device.role == "teacher":
                which = (device.lang, device.projector)
                if which not in sent:
                    shown = self.snapshot(device.lang, projector=device.projector)
                    sent[which] = (shown, _encode(shown))
                _deliver(device, *sent[which])

    def push_class(self) -> None:
        """The timer set through :attr:`on_later` is due: send the lobbies and the class board
        what changed."""
        self._class_waiting = False
        if self._class_dirty or self._lobby_dirty:
            self._push_class(False)

    def _push_lobbies(self) -> None:
        """Every pupil's lobby. A lobby is the same for every pupil in one language but for the
        table they sit at (their seat says "you"): each table's part is built and encoded once
        per language, and a device that carries text gets its lobby put together from them."""
        for device in list(self.devices):
            if device.role == "pupil":
                self._push_lobby(device)

    def tally(self) -> dict[str, Any]:
        """The class tally: every counted action of every table (this game and the ones before)
        and the counts typed from real play."""
        return self.class_tally.sums(self.tables.live_tally())

    def add_counts(self, label: str, rolls: int, fails: int) -> None:
        """Counts typed from real play (two dice, the red dragon scared)."""
        if not 0 < rolls <= 100_000 or not 0 <= fails <= rolls:
            raise _No("bad_count")
        self.class_tally.add_typed(label, rolls, fails)
        self._class_dirty = True

    def snapshot(self, lang: str = "en", projector: bool = False) -> dict[str, Any]:
        """Everything the teacher's page and the projector show (the tables as their class-board
        screens see them: no seat's hidden things); the projector's answers are counts only,
        with no pupil's name or answer."""
        summaries = {}
        for tid, kept in self.tables.items():
            cached = self._summaries.get((tid, lang))
            if cached is None or cached[0] != kept.table.version:
                cached = (kept.table.version, table_summary(self, kept, lang))
                self._summaries[(tid, lang)] = cached
            summaries[tid] = {**cached[1], "look_back": self._look_back_part(kept, lang)}
        shot = snapshot(self, lang, summaries)
        shot["alert"] = self._store_words(lang)
        shot["joins_open"] = self.joins_open
        wall, now = self.wall(), self.clock()
        shot["hand_backs"] = [
            {
                "code": code,
                "text": _w("hand_back_code", lang, name=self.pupils[token].name, code=code),
            }
            for code, (token, until) in self.hand_backs.items()
            if until >= wall and token in self.pupils
        ]
        shot["join_codes"] = [
            {
                "code": code,
                "text": _w("join_code_text", lang, code=code, n=int(HAND_BACK_FOR // 60)),
            }
            for code, until in self.join_codes.items()
            if until >= wall
        ]
        shot["words"].update({k: _w(k, lang) for k in _GUARD_WORDS})
        if projector:
            # the projector's key may sit in a saved notebook: no hand-back code (it would take a
            # seat), no code for a new pupil (it would pass the limits) and no pupil's number
            # reaches it
            shot["hand_backs"] = []
            shot["join_codes"] = []
            # the board shows names only: no pupil's id, nor who has not taken part yet
            shot["pupils"] = [
                {k: v for k, v in p.items() if k not in ("id", "idle")} for p in shot["pupils"]
            ]
            shot["answers"] = self.answers.for_projector(lang, len(self.pupils))
        else:
            pupils = [(public_id(p.token), p.token, p.name) for p in self.pupils.values()]
            shot["answers"] = self.answers.for_teacher(lang, pupils)
            shot["blocks"] = [{"id": b["id"], "name": b["name"]} for b in self.blocks]
            # the question is asked on the pupil's own row: the page puts the name in
            shot["words"]["w_block_ask"] = _w("w_block_ask", lang, name="{name}")
        recent = "w_remove_recent" if self.joins_closed_at is None else "w_remove_recent_closed"
        shot["words"]["w_remove_recent"] = _w(recent, lang, n=RECENT_MINUTES)
        shot["recent_minutes"] = RECENT_MINUTES
        # the clean-up that keeps the class at play says how many it takes before it is asked
        idle = len(self._idle_recent(RECENT_MINUTES)) if not projector else 0
        shot["idle_recent"] = idle
        # (not among the words: a count that changes would redraw the teacher's typed fields)
        shot["remove_idle"] = _w(
            "w_remove_idle_one" if idle == 1 else "w_remove_idle", lang, n=idle, m=RECENT_MINUTES
        )
        shot["rush"] = self._flood_line("joins_rush", lang, now)
        shot["codes_rush"] = self._flood_line("codes_rush", lang, now)
        shot["address_rush"] = self._flood_line("address_rush", lang, now)
        if shot["address_rush"] and not self.behind_proxy:  # on the school network: one device
            shot["address_rush"] = _w("address_rush_device", lang)
        shot["idle_rush"] = self._idle_line(lang, wall)
        return shot

    def _flood_line(self, key: str, lang: str, now: float) -> str:
        """The teacher's line ``key`` about a flood, while the class is open and for
        :data:`RUSH_SHOWN` seconds after it was last raised (""; closing the class is its
        advice)."""
        at = self._flood_at.get(key)
        return _w(key, lang) if at is not None and now - at < RUSH_SHOWN and self.joins_open else ""

    def _idle_line(self, lang: str, wall: float) -> str:
        """The teacher's line about nicknames that never took part (see :data:`IDLE_NICKNAMES`),
        while the class is open ("")."""
        if not self.joins_open:
            return ""
        idle = took_part = 0
        for p in self.pupils.values():
            took_part += p.took_part
            idle += not p.took_part and p.joined <= wall - IDLE_AFTER
        return _w("joins_idle", lang) if idle > max(IDLE_NICKNAMES, took_part) else ""

    def lobby(self, device: Device) -> dict[str, Any]:
        return lobby(self, device)

    def _lobby_part(self, kept: ClassTable, lang: str) -> str:
        """A table's part of the pupils' lobbies in ``lang``, as JSON text: made again only when
        the table, its seats or who sits there changed (a join builds no table's part)."""
        key = (kept.table.version, tuple(kept.sitters), tuple(kept.table.seats))
        cached = self._lobby_parts.get((kept.id, lang))
        if cached is None or cached[0] != key:
            cached = (key, _encode(lobby_table(self, kept, lang, None)))
            self._lobby_parts[(kept.id, lang)] = cached
        return cached[1]

    def _send_lobby(self, device: Device) -> None:
        """``device``'s lobby as text, put together from the tables' parts (see
        :meth:`_lobby_part`)."""
        assert device.send_text is not None
        lang = device.lang
        seat = self._seat_of(device.token or "")
        parts = []
        for tid, kept in self.tables.items():
            if seat is not None and tid == seat[0]:
                mine = lobby_table(self, kept, lang, device.token)
                parts.append(_encode(mine))
            else:
                parts.append(self._lobby_part(kept, lang))
        own = lobby(self, device, tables=False)
        del own["tables"]
        head = _encode(own)
        text = head[:-1] + ',"tables":[' + ",".join(parts) + "]}"
        if text != device.lobby:
            device.lobby = text
            device.send_text(text)

    def _push_lobby(self, device: Device) -> None:
        if device.send_text is not None:
            self._send_lobby(device)
            return
        shown = lobby(self, device)
        text = json.dumps(shown, sort_keys=True)
        if text != device.lobby:
            device.lobby = text
            device.send(shown)

    def _look_at(self, device: Device, tid: int | None, seat: int | None) -> None:
        """Point ``device`` at table ``tid`` (None: at none), playing ``seat`` (None: watching),
        with a screen of that table of its own."""
        shown = self.tables.get(device.table) if device.table is not None else None
        if device.screen is not None and shown is not None:
            shown.table.detach(device.screen)
        if (device.table, device.seat) != (tid, seat):
            device.sent, device.version = {}, -1
        device.table, device.seat, device.screen = tid, seat, None
        if tid is not None:
            device.screen = self.tables[tid].table.attach(_device_screen(seat, device.lang))

    @staticmethod
    def _seat_lost(device: Device, kept: ClassTable) -> bool:
        """Is the seat ``device`` plays no longer its pupil's (the teacher put a bot there)?"""
        return device.seat is not None and (
            device.token is None or kept.sitters[device.seat] != device.token
        )

    def _push_view(self, device: Device, kept: ClassTable, always: bool = True) -> None:
        """``device``'s whole view of ``kept`` (the parts that changed since it was last sent);
        it covers every change of the device's own screen still waiting to be sent. ``always``
        False: nothing is sent when no part changed (see :meth:`_send_view`)."""
        if self._seat_lost(device, kept):
            self._look_at(device, kept.id, None)  # a bot took the seat: watch instead
        if device.screen is None:
            self._look_at(device, kept.id, device.seat)
        assert device.screen is not None
        due = self._screens_due.pop(device, None)
        if due is not None and due - WHOLE_VIEW:
            self._screens_due[device] = due - WHOLE_VIEW
        self._send_view(device, kept, view(kept.table, device.screen), always)

    def _send_view(self, device: Device, kept: ClassTable, shown: Any, always: bool = True) -> None:
        """The parts of ``shown`` (a view, or some of its parts, with its version) whose JSON
        differs from what ``device`` was last sent, as one message; with ``always`` False, none
        when no part differs (the version alone is news only for a screen whose clicks it
        makes current again)."""
        parts = {}
        texts = []
        for name, value in shown.items():
            if name == "version":
                continue
            text = json.dumps(value, sort_keys=True, separators=(",", ":"))
            if device.sent.get(name) != text:
                device.sent[name] = text
                parts[name] = value
                texts.append(f'"{name}":{text}')
        if not parts and not always:
            return
        device.version = shown["version"]
        message = {
            "type": "view",
            "table": kept.id,
            "game": kept.game,
            "seat": device.seat,
            "version": shown["version"],
            "parts": parts,
        }
        if device.send_text is None:
            device.send(message)
            return
        # the parts are encoded already (to find what changed): the message is put together
        # from their text rather than encoded a second time
        head = _encode({k: v for k, v in message.items() if k != "parts"})
        device.send_text(head[:-1] + ',"parts":{' + ",".join(texts) + "}}")

    # -- a device's own screen -----------------------------------------------------------------
    def _screen_changed(self, device: Device, parts: frozenset[str]) -> None:
        """``device``'s own screen changed what it shows in ``parts`` (view parts, :data:`LOBBY`):
        sent at the device's pace (:data:`SCREEN_EVERY`) in a later turn of the event loop, after
        the moves waiting; what is sent is the latest state then."""
        if self.on_screens is None:
            self._show_screen(device, parts)
            return
        self._screens_due[device] = self._screens_due.get(device, frozenset()) | parts
        self._wait_for_screens(0.0)

    def _wait_for_screens(self, wait: float) -> None:
        if not self._screens_waiting and self.on_screens is not None:
            self._screens_waiting = True
            self.on_screens(wait)

    def push_screens(self) -> None:
        """The timer set through :attr:`on_screens` is due: up to :data:`SCREEN_BATCH` devices
        whose own screen changed (and whose pace allows) are sent what changed; the timer is set
        again for the others."""
        self._screens_waiting = False
        now = self.clock()
        sent = 0
        for device in list(self._screens_due):
            if sent >= SCREEN_BATCH:
                break
            if device.screen_at + SCREEN_EVERY <= now:
                self._show_screen(device, self._screens_due.pop(device))
                sent += 1
        if self._screens_due:
            soonest = min(d.screen_at for d in self._screens_due) + SCREEN_EVERY - now
            rest = SCREEN_BATCH / SCREENS_PER_SECOND if sent >= SCREEN_BATCH else 0.0
            self._wait_for_screens(max(soonest, rest, 0.0))

    def _show_screen(self, device: Device, parts: frozenset[str]) -> None:
        """Send ``device`` what it shows in ``parts``: its lobby, and of its view only the parts
        a setting of its own changed (:data:`~kaskaria.tables.view.SETTING_PARTS`), or the
        whole view (only what changed travels)."""
        if device not in self.devices:
            return
        device.screen_at = self.clock()
        if LOBBY in parts and device.role == "pupil":
            self._push_lobby(device)
        kept = self.tables.get(device.table) if device.table is not None else None
        names = tuple(p for p in PARTS if p in parts)
        if kept is None or not names:
            return
        screen = device.screen
        # a change undone before it went ("more" of the log, then "less") leaves every part as
        # it was sent: nothing goes, unless the clicks of the view the device holds are old
        always = screen is None or screen.moves_from > device.version
        if screen is None or not device.sent or not _ALONE.issuperset(names):
            self._push_view(device, kept, always)
        elif self._seat_lost(device, kept):
            self._push_view(device, kept)
        else:
            self._send_view(device, kept, view_parts(kept.table, screen, names), always)

    # -- devices -------------------------------------------------------------------------------
    def connect(self, device: Device) -> None:
        self.devices.add(device)

    def disconnect(self, device: Device) -> None:
        self.devices.discard(device)
        self._screens_due.pop(device, None)
        shown = self.tables.get(device.table) if device.table is not None else None
        if device.screen is not None and shown is not None:
            shown.table.detach(device.screen)
        if device.token is not None:
            pupil = self.pupils.get(device.token)
            if pupil is not None and pupil.device is device:
                pupil.device = None
                self._class_dirty = True
        self.flush()

    def receive(self, device: Device, raw: Any) -> None:
        """A message from ``device`` (text as received). A bad one gets a short error and
        changes nothing."""
        if not device.bucket.take(self.clock()):
            if device.bucket.refused == 1:
                self._error(device, "slow_down")
            if device.bucket.refused >= FLOOD_CLOSE:
                device.close()
            return
        data = check_message(
            raw, MAX_TEACHER_BYTES if device.role == "teacher" else MAX_MESSAGE_BYTES
        )
        if isinstance(data, str):
            self._error(device, data)
            return
        if isinstance(data, cp.Ping) and device.role is not None:
            device.send({"type": "pong"})  # changes nothing: nothing to write or send on
            return
        failures, trouble = self.store_failures, self.store_trouble
        try:
            self._dispatch(device, data)
        except _No as no:
            self._error(device, no.key, **no.params)
        except sqlite3.Error as err:
            self._store_failed(err)
        except (ValueError, TypeError, KeyError, IndexError, RuntimeError):
            # a request the checks above should have stopped: the device hears a short sentence,
            # the log keeps the details for a fix
            _LOG.exception("a message from a device failed")
            self._error(device, "bad_message")
        self.flush(now=device.role == "teacher")
        # a teacher's page hears the alert the first time; every other device that asked (a
        # command from Python too) hears that the change did not happen
        alerted = device.role == "teacher" and device in self.devices and not trouble
        if self.store_failures != failures and not alerted:
            self._error(device, "store_failed")

    # -- the store's health --------------------------------------------------------------------
    def _store_failed(self, err: Exception) -> None:
        """A write failed: the teacher is alerted (once until the store writes again), the log
        says it once, and :meth:`housekeeping` tries again."""
        self.store_failures += 1
        if self.store_trouble:
            return
        self.store_trouble = True
        _LOG.error("the class's store could not be written (%s): retrying", str(err)[:80])
        for device in list(self.devices):
            if device.role == "teacher":
                device.send({"type": "error", "text": self._store_words(device.lang)})
        self._class_dirty = True

    def _store_words(self, lang: str) -> str:
        """What the teacher's page says of the store: why it cannot write now, or that this
        empty class is new because the one kept in the store's file was deleted."""
        store = self.store
        if store.taken_by is not None:
            return _w("store_taken", lang, pid=store.taken_by)
        if self.store_trouble:
            return _w("store_alert", lang)
        if store.deleted_class is not None and not self.pupils and not self.tables:
            return _w("store_new_class", lang, old=store.deleted_class, code=self.code)
        return ""

    def housekeeping(self) -> None:
        """Every few seconds (the server's timer): try a store that failed again, write again a
        store file deleted while the class runs."""
        try:
            self.store.check()
            if self.store.rewritten != self._rewritten:
                self._rewritten = self.store.rewritten
                _LOG.warning("the class's store file was deleted or replaced: written again")
                for device in list(self.devices):
                    if device.role == "teacher":
                        self._error(device, "store_rewritten")
            if self.store_trouble:
                self.store.set_meta("alive", repr(time.time()))
                _LOG.warning(
                    "the class's store writes again (%d changes were refused meanwhile)",
                    self.store_failures,
                )
                self.store_trouble = False
                self._class_dirty = True
        except (sqlite3.Error, OSError, StoreError) as err:
            # the store's folder cannot be made again, another server took the store's path:
            # writes are refused (and tried again) as on a full disk
            self._store_failed(err)
        self.flush()

    def command(self, raw: Any) -> list[dict[str, Any]]:
        """A teacher's command from the server's API (its key already checked): the same checks
        and the same rate as a device's; returns the errors a device would have been sent."""
        out: list[dict[str, Any]] = []
        device = Device(send=out.append, role="teacher", bucket=self._api_bucket)
        self.receive(device, raw)
        return [m for m in out if m.get("type") == "error"]

    def _error(self, device: Device, key: str, **params: Any) -> None:
        device.send({"type": "error", "text": _w(key, device.lang, **params)})

    def _dispatch(self, device: Device, data: cp.Message) -> None:
        kind = data.kind
        if isinstance(data, cp.Hello):
            self._hello(device, data)
            return
        if device.role is None:
            raise _No("hello_first")
        if device.projector and not isinstance(data, cp.Lang):
            raise _No("teacher_only")  # the projector shows the class board and changes nothing
        if isinstance(data, cp.Lang):
            self._lang(device, data.lang)
            return
        if kind in TEACHER_ONLY:
            if device.role != "teacher":
                raise _No("teacher_only")
            self._teacher(device, data)
            return
        if isinstance(data, cp.Create):
            if device.role != "teacher" and not self.pupils_create:
                raise _No("creating_off")
            if len(self.tables) >= MAX_TABLES:
                raise _No("too_many_tables")
            # the tables of this pupil and of every nickname of their browser (one device)
            browser = self.pupils[device.token].browser if device.token in self.pupils else ""
            mine = [
                t
                for t, who in self.made_by.items()
                if t in self.tables
                and (
                    who == device.token
                    or (
                        browser != "" and who in self.pupils and self.pupils[who].browser == browser
                    )
                )
            ]
            if device.role == "pupil" and len(mine) >= TABLES_PER_PUPIL:
                raise _No("your_tables", n=len(mine))
            maker = device.token if device.role == "pupil" and device.token is not None else ""
            try:
                self.create_table(
                    data.game,
                    data.players,
                    _opt(data.variant, "basic"),
                    _opt(data.level, None),
                    maker,
                )
            except ValueError:
                raise _No("bad_table") from None
            if maker:
                self._follow_seat(maker)  # the pupil's screen shows the new table at once
            return
        if isinstance(data, cp.Watch):
            if data.table not in self.tables:
                raise _No("no_table")
            if device.role == "pupil" and self._seat_of(device.token or "") is not None:
                self._seat_change(device.token or "")
                self.leave(device.token or "")
            self._look_at(device, data.table, None)
            self._push_view(device, self.tables[data.table])
            return
        if device.role != "pupil" or device.token is None:
            raise _No(
                "teacher_only" if kind in ("sit", "leave", "vote", "answer") else "bad_message"
            )
        token = device.token
        if isinstance(data, cp.Sit):
            if self._seat_of(token) != (data.table, data.seat):
                self._seat_change(token)
            self.sit(token, data.table, data.seat)
            self._follow_seat(token)
        elif isinstance(data, cp.Leave):
            if self._seat_of(token) is not None:
                self._seat_change(token)
            self.leave(token)
            self._look_at(device, None, None)
        elif isinstance(data, cp.Vote):
            self.polls.vote(token, data.poll, data.choice)
            self._took_part(self.pupils.get(token))
            self._all_dirty()
        elif isinstance(data, cp.Answer):
            self.answers.answer(token, data.question, data.text, device.lang)
            self._took_part(self.pupils.get(token))
            self._answered(device)
        elif isinstance(data, cp.TableMessage):
            self._table_message(device, data.msg)

    def _lang(self, device: Device, lang: str) -> None:
        if lang not in LANGUAGES:
            raise _No("bad_message")
        if lang == device.lang and (device.screen is None or device.screen.lang == lang):
            return  # the language it has: nothing to send again
        device.lang = lang
        if device.screen is not None:
            device.screen.lang = lang
        # (what it was sent stays: only the parts the language changed go, and nothing when it
        # is back to the one it had before anything went)
        if device.role == "teacher":
            device.send(self.snapshot(device.lang, projector=device.projector))
            return
        self._screen_changed(device, WHOLE_VIEW | {LOBBY})

    def _follow_seat(self, token: str) -> None:
        """Point the pupil's device at their seat (after sitting, or coming back)."""
        pupil = self.pupils.get(token)
        if pupil is None or pupil.device is None:
            return
        device = pupil.device
        found = self._seat_of(token)
        if found is None:
            if device.seat is not None:
                self._look_at(device, None, None)
            return
        self._look_at(device, *found)
        self._push_view(device, self.tables[found[0]])

    def _hello(self, device: Device, data: cp.Hello) -> None:
        if device.role is not None:
            raise _No("bad_message")
        lang = _opt(data.lang, "en")
        device.lang = lang if lang in LANGUAGES else "en"
        device.hello_tries += 1
        if device.hello_tries > 5:
            device.close()
            return
        given = "".join(data.code.split()).replace("-", "").upper()  # "abcd efgh" as typed
        device.address = device_address(device.address)  # one address written one way
        device.browser = _hashed(_opt(data.browser, ""))
        # The codes the teacher made for one pupil (8 letters: guessing them is hopeless at any
        # speed) are taken before every limit on wrong codes, so that neither a flood of wrong
        # codes nor a school whose pupils all reach the server from one address keeps their
        # pupil out.
        if not hmac.compare_digest(given.encode(), self.code.encode()):
            back = self._handed_back(given)
            if back is not None:
                # the seat's owner, back on their own device: what the store knew of the device
                # was the one that took the seat over, and a block of that one must not reach
                # the owner
                self._welcome(device, back, returning=True)
                return
            if self.join_codes.get(given, 0.0) >= self.wall():
                self._check_blocked(device, None)
                newcomer = self._new_pupil(device, _opt(data.name, None), invited=True)
                del self.join_codes[given]  # once: a refused nickname leaves it for the next
                self._class_dirty = True
                self._welcome(device, newcomer)
                return
        wrong = not hmac.compare_digest(given.encode(), self.code.encode())
        # a computer out of guesses is not told whether the class code is right (its wrong codes
        # still count towards the teacher's line)
        if not self._spend(device.address, "guess", GUESSES_PER_ADDRESS, GUESS_EVERY, 0):
            if wrong:
                self._count_wrong_code()
            else:
                self._turned_away_as_one(device)
            raise _No("too_many_guesses")
        if wrong:
            self._spend(device.address, "guess", GUESSES_PER_ADDRESS, GUESS_EVERY)
            self._count_wrong_code()
            raise _No("wrong_code" if self._class_guess() else "codes_busy")
        if data.key is not UNSET:
            board = hmac.compare_digest(data.key.encode(), self.board_key.encode())
            if not board and not hmac.compare_digest(data.key.encode(), self.key.encode()):
                raise _No("wrong_key")
            device.role = "teacher"
            device.projector = board or bool(_opt(data.projector, False))
            device.bucket = Bucket.teacher()
            self.connect(device)
            device.send({"type": "welcome", "role": "teacher", "code": self.code})
            device.send(self.snapshot(device.lang, projector=device.projector))
            return
        token = _opt(data.token, None)
        self._check_blocked(device, token)
        pupil = self.pupils.get(token) if token else None
        if pupil is None and token and _hashed(token) in self.retired:
            raise _No("handed_back")
        if pupil is not None:
            if pupil.device is not None and pupil.device in self.devices:
                raise _No("token_busy")
        else:
            pupil = self._new_pupil(device, _opt(data.name, None))
        self._welcome(device, pupil)

    def _check_blocked(self, device: Device, token: str | None) -> None:
        """Refuse a device (or a token) the teacher blocked."""
        if not self.blocked_pupils.isdisjoint({_hashed(token or ""), device.browser}) or (
            self.joins_per_address is not None and device.address in self.blocked
        ):
            raise _No("blocked")

    def _welcome(self, device: Device, pupil: Pupil, returning: bool = False) -> None:
        if returning:
            seen = (device.address, device.browser)
        else:
            seen = (device.address or pupil.address, device.browser or pupil.browser)
        if seen != (pupil.address, pupil.browser):
            self.store.set_device(pupil.token, *seen)  # the teacher may block them
            pupil.address, pupil.browser = seen
        pupil.device = device
        device.role, device.token = "pupil", pupil.token
        self.connect(device)
        device.send(
            {
                "type": "welcome",
                "role": "pupil",
                "token": pupil.token,
                "name": pupil.name,
                "code": self.code,
                "ping": self.ping_every,
            }
        )
        self._push_lobby(device)
        self._follow_seat(pupil.token)
        self._class_dirty = True

    def _new_pupil(self, device: Device, name: Any, invited: bool = False) -> Pupil:
        """A new pupil with nickname ``name``, if the class takes one now (checked in the
        order a pupil can do something about). ``invited``: with a code the teacher made for
        one new pupil, which joins a closed class past the limits on joining."""
        if not self.joins_open and not invited:
            raise _No("class_closed")
        if len(self.pupils) >= MAX_PUPILS:
            raise _No("class_full")
        address = device.address
        limited = self.joins_per_address is not None and address != "" and not invited
        try:
            name = check_name(name, self._names, seat_words())
        except NameRefused as no:
            raise _No(no.key, **no.params) from None
        if limited and not self._spend(address, "join", self.joins_per_address or 0, JOIN_EVERY):
            self._turned_away_as_one(device)
            raise _No("too_many_joins")
        if not invited and not self._class_join():
            raise _No("joins_busy")
        pupil = Pupil(secrets.token_urlsafe(24), name, address=address, browser=device.browser)
        pupil.joined = self.wall()
        self.store.add_pupil(pupil.token, pupil.name, pupil.joined, address, device.browser)
        self.pupils[pupil.token] = pupil
        self._name_in(pupil.name)
        if not invited:  # the teacher let this one in: no made-up nickname
            self._count_new_nickname(pupil.joined)
        return pupil

    def _count_new_nickname(self, joined: float) -> None:
        """A new nickname joined (at ``joined``, :attr:`wall` seconds): until the class's arrival
        is over, :data:`ARRIVAL_NICKNAMES` of them within :data:`ARRIVAL` seconds, and past it
        :data:`RUSH_NICKNAMES` within :data:`RUSH_WINDOW` seconds or
        :data:`RUSH_LONG_NICKNAMES` within :data:`RUSH_LONG_WINDOW`, show the teacher the line
        about many new nicknames (nobody is refused for it)."""
        now = self.clock()
        recent = self._new_nicknames
        recent.append(now)
        while recent[0] < now - RUSH_WINDOW:
            recent.popleft()
        if self._arrived_at is None and len(recent) >= ARRIVING:
            self._arrived_at = joined
        if self._arrived_at is None or joined - self._arrived_at < ARRIVAL:
            counted, window, most = self._arriving_nicknames, ARRIVAL, ARRIVAL_NICKNAMES
            many = False
        else:
            counted, window, most = self._late_nicknames, RUSH_LONG_WINDOW, RUSH_LONG_NICKNAMES
            many = len(recent) >= RUSH_NICKNAMES
        counted.append(now)
        while counted[0] < now - window:
            counted.popleft()
        if many or len(counted) >= most:
            self._flood("joins_rush", now)

    def _flood(self, key: str, now: float) -> None:
        """Show the teacher the line ``key`` about a flood (for :data:`RUSH_SHOWN` seconds from
        ``now``, :attr:`clock`)."""
        at = self._flood_at.get(key)
        if at is None or now - at > 1:
            self._class_dirty = True
        self._flood_at[key] = now

    def _turned_away_as_one(self, device: Device) -> None:
        """The limits by address turned ``device`` away: once :data:`SHARED_BROWSERS` different
        browsers at its address were, within :data:`SHARED_WINDOW` seconds, the teacher's page
        says that devices at one address count as one."""
        now = self.clock()
        self._turned_away.append((now, device.address, device.browser))
        browsers = {
            browser
            for at, address, browser in self._turned_away
            if address == device.address and at > now - SHARED_WINDOW
        }
        if len(browsers) >= SHARED_BROWSERS:
            self._flood("address_rush", now)

    def _count_wrong_code(self) -> None:
        """A wrong class code was typed: past :data:`WRONG_CODES_SHOWN` of them (faster than one
        every :data:`WRONG_CODE_EVERY` seconds) the teacher's page says so."""
        now = self.clock()
        if self._wrong_codes is None:
            most = WRONG_CODES_SHOWN
            self._wrong_codes = Bucket(most, now, burst=most, rate=1 / WRONG_CODE_EVERY)
        if not self._wrong_codes.take(now):
            self._flood("codes_rush", now)

    def _class_guess(self) -> bool:
        """May the class type one more wrong code now (:data:`CLASS_GUESSES`)? A refusal is
        shown on the teacher's page for a while."""
        if self.guess_rate is None:
            return True
        now = self.clock()
        if self._class_guesses is None:
            burst, rate = self.guess_rate
            self._class_guesses = Bucket(burst, now, burst=burst, rate=rate)
        if self._class_guesses.take(now):
            return True
        self._flood("codes_rush", now)
        return False

    def _class_join(self) -> bool:
        """May the class take one more new nickname now (:data:`CLASS_JOINS`)? A refusal is
        shown on the teacher's page for a while."""
        if self.join_rate is None:
            return True
        now = self.clock()
        if self._class_joins is None:
            burst, every = self.join_rate
            self._class_joins = Bucket(burst, now, burst=burst, rate=1 / every)
        if self._class_joins.take(now):
            return True
        self._flood("joins_rush", now)
        return False

    def _name_in(self, name: str) -> None:
        for key in skeletons(name):
            self._names.setdefault(key, name)

    def _name_out(self, name: str) -> None:
        for key in skeletons(name):
            if self._names.get(key) == name:
                del self._names[key]
        # another pupil's nickname with a skeleton in common keeps it
        for pupil in self.pupils.values():
            if pupil.name != name and not skeletons(pupil.name).isdisjoint(skeletons(name)):
                self._name_in(pupil.name)

    def _seat_change(self, token: str) -> None:
        """A pupil's device sits down or stands up: refused while it has made
        :data:`SEAT_CHANGES` in a short time (see :data:`SEAT_CHANGE_EVERY`)."""
        bucket = self._seat_changes.get(token)
        now = self.clock()
        if bucket is None:
            bucket = Bucket(SEAT_CHANGES, now, burst=SEAT_CHANGES, rate=1 / SEAT_CHANGE_EVERY)
            self._seat_changes[token] = bucket
        if not bucket.take(now):
            raise _No("seat_wait")

    def _spend(self, address: str, what: str, burst: int, every: float, cost: int = 1) -> bool:
        """May ``address`` do ``what`` once more (a burst, then once every ``every`` seconds)?
        ``cost`` 0 asks without spending. Always, when the class limits nothing by address."""
        if self.joins_per_address is None or not address:
            return True
        now = self.clock()
        kept = len(self._joins)
        if kept >= ADDRESSES_KEPT and (
            kept >= self._forget_at or now - self._forgot >= FORGET_EVERY
        ):
            self._forget_addresses(now)
        bucket = self._joins.get((address, what))
        if bucket is None:
            bucket = Bucket(burst, now, burst=burst, rate=1 / every)
            self._joins[(address, what)] = bucket
        return bucket.take(now) if cost else bucket.left(now)

    def _forget_addresses(self, now: float) -> None:
        """Forget the addresses whose limits have filled up again (an address forgotten is one
        with its whole burst: nothing changes for it), so that a device taking a new address
        for every socket (IPv6 gives a device many) cannot grow the server's memory: what is
        kept is only what still counts (a try a few seconds ago). The next look is when the
        addresses kept have doubled, or :data:`FORGET_EVERY` seconds later (and with at least
        :data:`ADDRESSES_KEPT` kept), so a flood of new addresses costs each try a small share of
        one look, not a look over all of them."""
        self._joins = {k: b for k, b in self._joins.items() if not b.full(now)}
        self._forget_at, self._forgot = 2 * len(self._joins), now

    def _pupil(self, pid: str) -> Pupil:
        for pupil in self.pupils.values():
            if public_id(pupil.token) == pid:
                return pupil
        raise _No("no_pupil")

    def remove_pupil(self, pid: str, block: bool = False) -> tuple[bool, int]:
        """The teacher takes a pupil out of the class (a bot takes their seat, their device
        stops). ``block``: the device goes: every nickname of the pupil's browser (and, where
        the class tells devices apart by address, of their address) leaves the class too, and
        none of their tokens, nor that browser or address, joins again. Returns whether the
        address was blocked and how many other nicknames went."""
        pupil = self._pupil(pid)
        by_address = block and self.joins_per_address is not None and pupil.address != ""
        going = [pupil]
        if block:
            going += [
                p
                for p in self.pupils.values()
                if p is not pupil
                and (
                    (pupil.browser != "" and p.browser == pupil.browser)
                    or (by_address and p.address == pupil.address)
                )
            ]
            # blocked first: a pupil blocked but not yet removed is blocked all the same
            hashes = {_hashed(p.token) for p in going} | {pupil.browser}
            tokens = sorted(self.blocked_pupils | hashes - {""})
            self.store.set_meta("blocked_pupils", json.dumps(tokens))
            self.blocked_pupils = set(tokens)
        if by_address:
            blocked = sorted(self.blocked | {pupil.address})
            self.store.set_meta("blocked", json.dumps(blocked))
            self.blocked = set(blocked)
        if block:
            entry = {
                "id": secrets.token_hex(4),
                "name": pupil.name,
                "hashes": sorted(hashes - {""}),
                "address": pupil.address if by_address else "",
            }
            self._keep_blocks([*self.blocks, entry])
        self._remove(going)
        return by_address, len(going) - 1

    def _took_part(self, pupil: Pupil | None) -> None:
        """``pupil`` sat down at a table, voted, answered a question or made a move: kept (once a
        pupil) so that the clean-up after a rush of made-up nicknames leaves them in the class.
        ``None`` (a device the class no longer holds) changes nothing. (The store's key is still
        "moved", so a class kept before reads the same.)"""
        if pupil is not None and not pupil.took_part:
            pupil.took_part = True
            self._took_parts.add(_hashed(pupil.token))
            self.store.set_meta("moved", json.dumps(sorted(self._took_parts)))

    def _idle_recent(self, minutes: int) -> list[Pupil]:
        """The pupils who joined in the last ``minutes`` (before the class was closed, when it
        is), sit at no table (but their own) and have not voted, answered or moved: a rush's
        made-up nicknames, not the class at play (sitting down once and standing up again is not
        taking part)."""
        until = self.joins_closed_at if self.joins_closed_at is not None else self.wall()
        seated = self._at_others_tables()
        return [
            p
            for p in self.pupils.values()
            if p.joined >= until - minutes * 60 and not p.took_part and p.token not in seated
        ]

    def _at_others_tables(self) -> set[str]:
        """The tokens of the pupils sitting now at a table they did not make (making a table
        sits its maker down, as a script's nicknames may do at no cost)."""
        return {
            token
            for kept in self.tables.values()
            for token in kept.sitters
            if token and self.made_by.get(kept.id) != token
        }

    def _keep_blocks(self, blocks: list[dict[str, Any]]) -> None:
        self.store.set_meta("blocks", json.dumps(blocks))
        self.blocks = blocks

    def unblock(self, bid: str) -> str:
        """The teacher lets a blocked device in again (a block made by mistake); returns the
        blocked pupil's name. What another block still holds stays blocked."""
        entry = next((b for b in self.blocks if b["id"] == bid), None)
        if entry is None:
            raise _No("no_block")
        rest = [b for b in self.blocks if b is not entry]
        held = {h for b in rest for h in b["hashes"]}
        tokens = sorted(self.blocked_pupils - (set(entry["hashes"]) - held))
        self.store.set_meta("blocked_pupils", json.dumps(tokens))
        self.blocked_pupils = set(tokens)
        if entry["address"] and entry["address"] not in {b["address"] for b in rest}:
            blocked = sorted(self.blocked - {entry["address"]})
            self.store.set_meta("blocked", json.dumps(blocked))
            self.blocked = set(blocked)
        self._keep_blocks(rest)
        self._all_dirty()
        return str(entry["name"])

    def _remove(self, going: list[Pupil]) -> None:
        """``going`` out of the class, in one write: a bot takes each one's seat, their answers
        go with them and their devices hear why and stop."""
        self.store.remove_pupils([p.token for p in going])
        for pupil in going:
            self.leave(pupil.token)
            del self.pupils[pupil.token]
            self._seat_changes.pop(pupil.token, None)
        for pupil in going:
            self.answers.forget(pupil.token)
            self._name_out(pupil.name)
            self._stop(pupil, "removed")
        self._all_dirty()

    def remove_pupils(self, which: str, minutes: int | None = None) -> tuple[int, int]:
        """The teacher takes many pupils out at once (as :meth:`remove_pupil`, in one write):
        ``which`` "offline", every pupil whose device is not connected now; "recent", every pupil
        who joined in the last ``minutes`` (counted back from the moment the class was closed to
        new pupils, when it is); "idle", those of them who have not sat down, voted, answered or
        moved. The tables the going pupils made, where no pupil sits once they are out, close
        with them. Returns how many pupils and how many tables went."""
        if which == "offline":
            going = [p for p in self.pupils.values() if p.device is None]
        else:
            if minutes is None or minutes.__class__ is not int or not 1 <= minutes <= 600:
                raise _No("bad_minutes")
            until = self.joins_closed_at if self.joins_closed_at is not None else self.wall()
            going = [p for p in self.pupils.values() if p.joined >= until - minutes * 60]
            if which == "idle":
                going = self._idle_recent(minutes)
        if not going:
            return 0, 0
        tokens = {p.token for p in going}
        made = [tid for tid, maker in self.made_by.items() if maker in tokens]
        self._remove(going)
        empty = [tid for tid in made if tid in self.tables and not any(self.tables[tid].sitters)]
        for tid in empty:
            self.remove_table(tid)
        return len(going), len(empty)

    def remove_empty_tables(self) -> int:
        """The teacher removes every table where no pupil sits; returns how many went."""
        empty = [t for t, kept in self.tables.items() if not any(kept.sitters)]
        for tid in empty:
            self.remove_table(tid)
        return len(empty)

    def hand_back(self, pid: str) -> str:
        """The teacher hands a pupil's seat back to them (someone else took it over with their
        token): the old token stops working on every device and a one-time code lets the pupil
        join again as themselves, with the seat (typed in place of the class code)."""
        pupil = self._pupil(pid)
        old, new = pupil.token, secrets.token_urlsafe(24)
        code = new_code(SEAT_CODE_LENGTH)
        codes = {c: v for c, v in self.hand_backs.items() if v[0] != old}
        codes[code] = (new, self.wall() + HAND_BACK_FOR)
        self._keep_hand_backs(codes)  # first: a code whose token was not kept opens nothing
        retired = sorted(self.retired | {_hashed(old)})
        self.store.set_meta("retired_tokens", json.dumps(retired))
        self.retired = set(retired)
        self.store.new_token(old, new)
        for kept in self.tables.values():
            kept.sitters[:] = [new if t == old else t for t in kept.sitters]
        for poll in self.polls.values():
            if old in poll["votes"]:
                poll["votes"][new] = poll["votes"].pop(old)
        self.answers.new_token(old, new)
        for tid, maker in list(self.made_by.items()):
            if maker == old:
                self.made_by[tid] = new
        del self.pupils[old]
        pupil.token = new
        self.pupils[new] = pupil
        if pupil.took_part:  # the mark goes with the pupil to the new token
            pupil.took_part = False
            self._took_part(pupil)
        self._stop(pupil, "handed_back")
        self._all_dirty()
        return code

    def _keep_hand_backs(self, codes: dict[str, tuple[str, float]]) -> None:
        """The codes to hand a seat back, in the store (those still working) and here."""
        now = self.wall()
        codes = {c: v for c, v in codes.items() if v[1] >= now}
        self.store.set_meta("hand_backs", json.dumps(codes))
        self.hand_backs = codes

    def join_code(self) -> str:
        """A code that lets one new pupil join (typed in place of the class code, with a
        nickname) for :data:`HAND_BACK_FOR` seconds, once, past the class's limit on joining and
        a closed class: the teacher's way in for a real latecomer while a script floods the
        class with nicknames from the address every device shares. Codes out of time go."""
        wall = self.wall()
        self.join_codes = {c: until for c, until in self.join_codes.items() if until >= wall}
        code = new_code(SEAT_CODE_LENGTH)
        while code in self.hand_backs or code in self.join_codes:
            code = new_code(SEAT_CODE_LENGTH)
        self.join_codes[code] = wall + HAND_BACK_FOR
        self._class_dirty = True
        return code

    def _handed_back(self, code: str) -> Pupil | None:
        found = self.hand_backs.get(code)
        if found is None or found[1] < self.wall() or found[0] not in self.pupils:
            return None
        self._keep_hand_backs({c: v for c, v in self.hand_backs.items() if c != code})
        pupil = self.pupils[found[0]]
        if pupil.device is not None and pupil.device in self.devices:
            self._stop(pupil, "handed_back")
        return pupil

    def _stop(self, pupil: Pupil, key: str) -> None:
        """The device of ``pupil`` hears why and is closed."""
        device = pupil.device
        pupil.device = None
        for d in list(self.devices):
            if d is device or (d.role == "pupil" and d.token not in self.pupils):
                self._error(d, key)
                self._look_at(d, None, None)
                self.devices.discard(d)
                d.token, d.role = None, None
                d.close()

    def _teacher(self, device: Device, data: cp.Message) -> None:
        if isinstance(data, cp.Remove):
            if data.table not in self.tables:
                raise _No("no_table")
            self.remove_table(data.table)
        elif isinstance(data, cp.SeatBot):
            self.set_bot(data.table, data.seat, data.level, device.lang)
        elif isinstance(data, cp.LookBack):
            self.look_back(data.table, data.on, data.seat)
        elif isinstance(data, (cp.PaceSet, cp.HourglassSet, cp.Odds, cp.NewGame)):
            kept = self.tables.get(data.table)
            if kept is None:
                raise _No("no_table")
            board = kept.board(device.lang)
            table = kept.table
            if isinstance(data, cp.NewGame):
                self._gate(kept, tp.New(), board)
                return
            # a setting: changed through the table's gate, then kept; put back if it cannot be
            before: tp.Command
            if isinstance(data, cp.PaceSet):
                before = tp.Pace(delay=table.pace)
                self._gate(kept, tp.Pace(delay=data.seconds), board)
                field = {"pace": table.pace}
            elif isinstance(data, cp.HourglassSet):
                before = tp.Hourglass(on=table.hourglass)
                self._gate(kept, tp.Hourglass(on=data.on), board)
                field = {"hourglass": int(data.on)}
            else:
                before = tp.Help(on=table.help)
                self._gate(kept, tp.Help(on=data.on), board)
                field = {"help": int(data.on)}
            try:
                self.store.update_table(kept.id, **field)
            except sqlite3.Error:
                table.apply(before, board)
                raise
        elif isinstance(data, cp.PollOpen):
            self.polls.open(data.question, data.options)
            self._all_dirty()
        elif isinstance(data, cp.PollClose):
            self.polls.close(data.poll)
            self._all_dirty()
        elif isinstance(data, cp.QuestionOpen):
            self.answers.open(spec_of(data))
            self._all_dirty()
        elif isinstance(data, cp.QuestionClose):
            self.answers.close(data.qid)
            self._all_dirty()
        elif isinstance(data, cp.PollReveal):
            self.polls.reveal(data.poll, _opt(data.answer, None))
            self._all_dirty()
        elif isinstance(data, cp.TallyAdd):
            self.add_counts(_opt(data.label, ""), data.rolls, data.fails)
        elif isinstance(data, cp.PupilRemove):
            name = self._pupil(data.pupil).name
            block = _opt(data.block, False)
            by_address, more = self.remove_pupil(data.pupil, block=block)
            if block:  # the teacher hears what a block holds, and what else went with it
                key = "blocked_device" if by_address else "blocked_browser"
                more_went = {"n": more} if more else {}  # "_one" and "_many" say what else went
                device.send({"type": "done", "text": _w(key, device.lang, name=name, **more_went)})
        elif isinstance(data, cp.Unblock):
            name = self.unblock(data.block)
            device.send({"type": "done", "text": _w("let_in_again", device.lang, name=name)})
        elif isinstance(data, cp.HandBack):
            self.hand_back(data.pupil)
        elif isinstance(data, cp.JoinCode):
            self.join_code()
        elif isinstance(data, cp.PupilsRemove):
            n, tables = self.remove_pupils(data.which, _opt(data.minutes, None))
            text = _w("removed_pupil" if n == 1 else "removed_pupils", device.lang, n=n)
            if tables:  # the tables they made went with them
                also = _w(
                    "removed_table" if tables == 1 else "removed_tables", device.lang, n=tables
                )
                text = f"{text} {also}"
            device.send({"type": "done", "text": text})
        elif isinstance(data, cp.TablesRemove):
            n = self.remove_empty_tables()
            key = "removed_table" if n == 1 else "removed_tables"
            device.send({"type": "done", "text": _w(key, device.lang, n=n)})
        elif isinstance(data, cp.JoinsOpen):
            closed_at = "" if data.on else repr(self.joins_closed_at or self.wall())
            self.store.set_meta("joins_open", "1" if data.on else "0")
            self.store.set_meta("joins_closed_at", closed_at)
            self.joins_open = data.on
            self.joins_closed_at = float(closed_at) if closed_at else None
            self._all_dirty()
        elif isinstance(data, cp.Creating):
            self.store.set_meta("pupils_create", "1" if data.on else "0")
            self.pupils_create = data.on
            self._all_dirty()

    def _answered(self, device: Device) -> None:
        """A pupil answered: their own device hears at once, the teacher's page at its pace (a
        class answering together makes one snapshot, not thirty)."""
        self._push_lobby(device)
        self._class_dirty = True

    @property
    def hints(self) -> bool:
        """May pupils ask for a hint (on their own turn) and "what if?" (after it) at every
        table of the class? The teacher's switch in Python, off by default."""
        return self.tables.hints

    @hints.setter
    def hints(self, on: Any) -> None:
        self.tables.hints = _hints_switch(on)
        for kept in self.tables.values():
            kept.table.hints = self.tables.hints
            self._warm(kept, kept.level)

    @property
    def think(self) -> Think | None:
        """Where the class's tables work out hints and "what if?": ``think(work, then, wanted,
        who)`` runs ``work`` away from the server's event loop and calls ``then`` with its
        outcome on it (the server's hint processes: ``work`` is a function of the module level,
        or a :func:`functools.partial` of one, over data that pickles), skipping work whose
        ``wanted()`` says False when its turn comes; ``who`` asked (the pupil, or the class
        board's table, for fair turns); None (the default): at once."""
        return self._think

    @think.setter
    def think(self, think: Think | None) -> None:
        self._think = think
        self.tables.thinker = None if think is None else self._thinking
        self._rewire()

    @property
    def decide(self) -> Think | None:
        """Where the class's tables' thinking bots (:func:`kaskaria.bots.thinks`: a search bot
        seated as "hard") work out their steps: ``decide(work, then, wanted, who)`` as
        :attr:`think` (the server's processes, where the bots' moves and the questions take
        turns; ``who`` is the table). None (the default): on the event loop, as every other bot
        decides."""
        return self._decide

    @decide.setter
    def decide(self, decide: Think | None) -> None:
        self._decide = decide
        self.tables.mover = None if decide is None else self._moving
        self._rewire()

    def _rewire(self) -> None:
        """Every table of the class works out its hints and bots' steps where :attr:`think` and
        :attr:`decide` now say, with its strong bot loaded there."""
        for kept in self.tables.values():
            self.tables.think_at(kept)
            self._warm(kept, kept.level)

    def _moving(
        self,
        kept: ClassTable,
        work: Callable[[], Any],
        done: Callable[[Any], None],
        wanted: Callable[[], bool],
    ) -> None:
        """Work out the step of the thinking bot to move at ``kept`` with :attr:`decide`; its
        answer goes to the table (which makes the step, or drops it when it moved on) only while
        ``kept`` is still one of the class's tables (not closed meanwhile), and every device is
        then sent what changed."""

        def here() -> bool:
            return self.tables.get(kept.id) is kept

        def then(outcome: Any) -> None:
            if here():
                done(outcome)
                self.flush()

        assert self._decide is not None
        self._decide(work, then, lambda: here() and wanted(), ("table", kept.id))

    def _thinking(
        self,
        kept: ClassTable,
        work: Callable[[], Any],
        done: Callable[[Any], None],
        wanted: Callable[[], bool],
    ) -> None:
        """Work out an answer at ``kept`` with :attr:`think` (unless ``wanted()`` says False when
        its turn comes), then show it on the devices at that table that wait for it (only the
        asking screen's view has changed)."""

        def then(outcome: Any) -> None:
            done(outcome)
            for device in list(self.devices):
                if device.table == kept.id and kept.id in self.tables:
                    self._push_view(device, kept)

        assert self._think is not None
        asker = self._asking
        who = ("pupil", asker.token) if asker is not None and asker.token else kept.id
        self._think(work, then, wanted, who)  # fair turns between the pupils who ask

    def look_back(self, tid: int, on: bool = True, seat: int | None = None) -> None:
        """The class board shows, at table ``tid``, what the other choice would
        have given in the last finished turn (:func:`kaskaria.hints.what_if`, worked out with
        :attr:`think`), or in ``seat``'s last turn (the turn the teacher picks: a pupil's, say,
        while the bots play on), until the teacher takes it away (``on=False``) or asks again.
        Only at a
        game open to all (:func:`open_to_all`: Dragon Battle's dice and dragons), so that a
        seat's look back shows the projector nothing hidden (a hand, a screen)."""
        kept = self.tables.get(tid)
        if kept is None:
            raise _No("no_table")
        if not on:
            kept.look_back = None
            self._all_dirty()
            return
        table = kept.table
        if not all(open_to_all(s, kept.players) for s in table.match.states):
            raise _No("look_back_open_only")
        if seat is not None:
            if not 0 <= seat < kept.players:
                raise _No("no_seat")
            if seat not in table.match.actors():
                raise _No("look_back_none_seat")
        else:
            to_move = table.state.current_player()
            ended = [p for p in table.match.actors() if p >= 0 and p != to_move]
            if not ended:
                raise _No("look_back_none")
            seat = ended[-1]
        from ..hints import what_if_texts

        match = table.match.copy()
        names = {lg: self._seat_name(kept, seat, lg) for lg in LANGUAGES}
        asked = {"seat": seat, "who": names}
        kept.look_back = asked

        work = functools.partial(what_if_texts, match, seat, LANGUAGES, names)

        def then(outcome: Any) -> None:
            if kept.look_back is asked and kept.id in self.tables:
                if isinstance(outcome, Refused):  # "busy", "still getting ready": said on the card
                    outcome = {lg: outcome.refusal.text(kept.table, TABLE, lg) for lg in LANGUAGES}
                kept.look_back = {**asked, "text": outcome} if isinstance(outcome, dict) else None
                self._all_dirty()

        if self._think is None:
            then(work())
        else:
            self._think(work, then, lambda: kept.look_back is asked, ("board", kept.id))
        self._all_dirty()

    def _seat_name(self, kept: ClassTable, seat: int, lang: str) -> str:
        """A pupil's nickname, or the seat and its bot ("Player 2 (easy bot)")."""
        token = kept.sitters[seat]
        if token is not None and token in self.pupils:
            return self.pupils[token].name
        return kept.table.name(seat, lang)

    @staticmethod
    def _look_back_part(kept: ClassTable, lang: str) -> dict[str, str] | None:
        """What the class board shows of table ``kept``'s look back in ``lang`` (None: none)."""
        asked = kept.look_back
        if asked is None:
            return None
        text = asked.get("text")
        return {
            "title": _w("look_back", lang, who=asked["who"][lang]),
            # while it is worked out: the same words as a table's ("Working it out…": nobody is "I")
            "text": text[lang] if text else _w("look_back_working", lang),
        }

    def _table_message(self, device: Device, command: tp.Command) -> None:
        """A message from the table on a device: through the table's gate, with the device's own
        screen of it (a pupil's plays their seat only; a watcher's plays none)."""
        if device.table is None or device.table not in self.tables:
            raise _No("sit_first")
        kept = self.tables[device.table]
        if isinstance(command, tp.Lang):  # the device's language: its lobby's too
            self._lang(device, command.lang)
            return
        if device.screen is None:
            self._look_at(device, kept.id, device.seat)
        screen = device.screen
        assert screen is not None
        epoch = screen.epoch
        self._asking = device  # who asks, should the table work out an answer (fair turns)
        try:
            refusal = kept.table.apply(command, screen)
        finally:
            self._asking = None
        if refusal is None:
            if isinstance(command, tp.Action) and device.token in self.pupils:
                self._took_part(self.pupils[device.token])
            # only this device's view changed (a setting sent again changed nothing: no view)
            if isinstance(command, tp.Pass):
                self._push_view(device, kept)  # the person passed the device may play now
            elif command.kind in tp.SCREEN_ONLY and (
                screen.epoch != epoch or isinstance(command, (tp.Hint, tp.WhatIf))
            ):
                self._screen_changed(device, frozenset(SETTING_PARTS.get(command.kind, PARTS)))
            return
        if refusal.reason == "stale":
            self._screen_changed(device, WHOLE_VIEW)  # a click on an older view: the new one
            return
        if refusal.silent:
            return
        key = _CLASS_WORDS.get(refusal.reason)
        if key is not None:
            params = {}
            if "who" in refusal.params:
                seat = refusal.params["who"]
                params["who"] = lambda lang: kept.table.name(seat, lang)
            refusal = Refusal(TableError(lambda lang: _w(key, lang, **params)), reason=key)
        # one sentence to this device alone (its page shows it in the table's message line); no
        # view is built for it, and its next view draws the table's own message line again
        device.sent.pop("message", None)
        text = refusal.text(kept.table, screen.shown_viewer, device.lang)
        device.send({"type": "error", "text": text, "table": kept.id})


def _busy_from(joined: list[float]) -> float | None:
    """When a class whose pupils joined at ``joined`` (sorted, :attr:`ClassRoom.wall` seconds)
    got busy: its first :data:`ARRIVING` joins within :data:`RUSH_WINDOW` seconds (None: not
    yet)."""
    for first, last in zip(joined, joined[ARRIVING - 1 :], strict=False):
        if last - first <= RUSH_WINDOW:
            return last
    return None


def _hashed(secret: str) -> str:
    """How the class keeps a pupil's browser and a blocked token: a hash, never the secret
    itself ("" for none)."""
    return hashlib.sha256(secret.encode()).hexdigest()[:32] if secret else ""


def _hints_switch(on: Any) -> bool:
    if on is not True and on is not False:
        raise TypeError(f"hints must be True or False, got {on!r}"[:200])
    return on


def _encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def _deliver(device: Device, message: dict[str, Any], text: str) -> None:
    """``message`` to ``device``, as ``text`` (its JSON) when the device carries text."""
    if device.send_text is not None:
        device.send_text(text)
    else:
        device.send(message)


def _device_screen(seat: int | None, lang: str) -> Screen:
    """A device's screen of a table: it shows and plays its pupil's seat (or watches, showing
    the table), asks for no other view, changes nothing for the others, and keeps no time and
    never the seed (the server does the one; the other stays with the teacher)."""
    viewer = TABLE if seat is None else seat
    return Screen(
        viewer,
        lang,
        plays=seat,
        controls=False,
        keeps_time=False,
        shows_seed=False,
        may_view=(),
    )
