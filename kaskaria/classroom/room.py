"""The class: pupils, tables, predictions and the tally, behind any number of screens.

:class:`ClassRoom` is the class server's whole logic without the network: a screen (a pupil's
browser, the teacher's page, the projector widget) is a :class:`Screen` with a ``send`` function,
and every message it sends goes through :meth:`ClassRoom.receive`, which checks it completely
(size, JSON, known type, known fields of the right kinds and sizes, the rate) before it changes
anything. The web server (:mod:`kaskaria.classroom.server`) only carries text both ways and
calls :meth:`ClassRoom.tick` when a table asks for time (a bot's step, the hourglass).

**The only full state.** Each table is a :class:`kaskaria.session.TableSession`; a screen is sent
what its viewer may see, built by ``session.view(seat)`` for a pupil's seat and by
``session.view(TABLE)`` for watchers and the teacher. A screen never receives another seat's view,
the seed, a scenario code with the seed, or another pupil's token.

**Nothing lost.** Every change is written to the :class:`kaskaria.classroom.store.Store` before
any screen hears of it: the tables' action lines, seats, votes, results and the tally.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from msgspec import UNSET

from ..bots import DIFFICULTIES, difficulty_bots, seat_choices
from ..core import CHANCE, TABLE, TERMINAL, ViewerLike, load
from ..i18n import LANGUAGES
from ..i18n import text as _t
from ..session import AUTO, HUMAN, TableSession
from ..tables import protocol as tp
from . import messages as _messages  # noqa: F401  (registers the words)
from . import protocol as cp
from .protocol import MAX_MESSAGE_BYTES, TEACHER_ONLY, check_message
from .store import Store

__all__ = [
    "GAMES",
    "MAX_MESSAGE_BYTES",
    "MAX_TABLES",
    "ClassRoom",
    "Screen",
    "new_code",
]

#: The games a class can play, in the order the menus show them.
GAMES = ("dragon-battle", "heroes", "dragons-gold")
#: The most tables one class holds.
MAX_TABLES = 40
#: The most pupils one class holds.
MAX_PUPILS = 200
#: A screen may send this many messages in a burst, and this many more each second.
RATE_BURST = 30
RATE_PER_SECOND = 10.0
#: After this many refused messages in a row for going too fast, the screen is closed.
FLOOD_CLOSE = 200
#: Letters of a class code (no 0/O, 1/I/L: read from a projector).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: What a pupil's table messages may do (the others change the table for everyone: teacher's).
PUPIL_TABLE_MESSAGES = ("action", "undo", "log", "lang", "tick", "new")

_INT = 2**31
_LOG = logging.getLogger("kaskaria.classroom")


def new_code() -> str:
    """A fresh class code: six letters and digits easy to read from a projector."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def _w(key: str, lang: str, **params: Any) -> str:
    return _t("classroom", key, lang, **params)


def _check_name(name: Any) -> str | None:
    if name.__class__ is not str:
        return None
    name = " ".join(name.split())
    if not 1 <= len(name) <= 20:
        return None
    if not all(c.isalnum() or c in " -_." for c in name):
        return None
    return name


# -- the screens -------------------------------------------------------------------------------
@dataclass
class _Bucket:
    """A token bucket: a burst, then a steady rate."""

    tokens: float = RATE_BURST
    at: float = 0.0
    refused: int = 0

    def take(self, now: float) -> bool:
        self.tokens = min(RATE_BURST, self.tokens + (now - self.at) * RATE_PER_SECOND)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


@dataclass(eq=False)
class Screen:
    """One connected device: ``send(message)`` carries a dict to it; ``close()`` ends it."""

    send: Callable[[dict[str, Any]], None]
    close: Callable[[], None] = lambda: None
    role: str | None = None  # None until hello; "pupil" or "teacher"
    token: str | None = None
    lang: str = "en"
    table: int | None = None  # the table it shows
    seat: int | None = None  # the seat it plays (None: watching)
    sent: dict[str, str] = field(default_factory=dict)  # each view part's JSON as last sent
    shown: tuple[int | None, int | None] = (None, None)
    lobby: str = ""
    bucket: _Bucket = field(default_factory=_Bucket)
    hello_tries: int = 0


@dataclass
class _Pupil:
    token: str
    name: str
    screen: Screen | None = None


@dataclass(eq=False)
class _Table:
    id: int
    game: str
    players: int
    variant: str
    level: str
    session: TableSession
    sitters: list[str | None]
    seed: int
    game_no: int
    lines: list[str]
    dirty: bool = True
    tally: tuple[int, int, int, Fraction] = (0, 0, 0, Fraction(0))  # upto, rolls, fails, expected
    saved_result: int = 0
    summary: dict[str, Any] | None = None
    summary_version: int = -1


class ClassRoom:
    """The class (see the module's text). ``store``: a :class:`Store` or a path; ``code`` and
    ``key`` default to the store's (made once and kept, so a restarted server has the same code
    and every pupil's token still works). ``clock``: seconds for the tables' time (default
    :func:`time.monotonic`)."""

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
    ) -> None:
        self.store = store if isinstance(store, Store) else Store(store)
        self.clock = clock or time.monotonic
        #: where new tables' seeds come from (tests give a fixed sequence)
        self.seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.pace = pace
        #: do new tables show the odds panel (the table's help)?
        self.odds = odds
        self.code = self._kept("code", code, new_code).upper()
        self.key = self._kept("key", key, lambda: secrets.token_urlsafe(12))
        self.pupils_create = (
            self._kept("pupils_create", None, lambda: "1" if pupils_create else "0") == "1"
        )
        self.screens: set[Screen] = set()
        self.pupils: dict[str, _Pupil] = {t: _Pupil(t, n) for t, n in self.store.pupils()}
        self.tables: dict[int, _Table] = {}
        self.polls: dict[int, dict[str, Any]] = {p["id"]: p for p in self.store.polls()}
        self.typed: list[tuple[str, int, int]] = self.store.typed()
        self.on_wake: Callable[[int, float | None], None] = lambda table, wait: None
        self._class_dirty = True
        self._lobby_dirty = True
        self._api_bucket = _Bucket()
        self._menu: dict[str, list[dict[str, Any]]] = {}
        for row in self.store.tables():
            self._restore(row)
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

    # -- tables --------------------------------------------------------------------------------
    @staticmethod
    def levels(game: str) -> list[str]:
        """The levels a table's bots can play at: the difficulties, or the bots' names for a
        game without difficulties."""
        if difficulty_bots(game):
            return list(DIFFICULTIES)
        return [c for c in seat_choices(load(game, players=_PLAYERS[game][0])) if c != HUMAN]

    def _session(
        self,
        game: str,
        players: int,
        variant: str,
        seats: list[str],
        seed: int,
        lines: list[str] | None,
        pace: float,
        hourglass: bool,
        help: bool = True,
    ) -> TableSession:
        session = TableSession(
            game,
            players,
            seats,
            variant,
            seed,
            help,
            actions=lines,
            autoplay=AUTO if HUMAN in seats else None,
            viewer="table",
            pace=pace,
            hourglass=hourglass,
            clock=self.clock,
        )
        return session

    def _attach(self, table: _Table) -> None:
        def changed() -> None:
            table.dirty = True

        table.session.subscribe(changed)
        self.tables[table.id] = table
        self._lobby_dirty = self._class_dirty = True

    def _restore(self, row: dict[str, Any]) -> None:
        try:
            session = self._session(
                row["game"],
                row["players"],
                row["variant"],
                row["seats"],
                row["seed"],
                row["lines"],
                row["pace"],
                row["hourglass"],
                row["help"],
            )
        except (ValueError, TypeError):
            # a table that no longer replays (its game's rules changed): set it up again
            session = self._session(
                row["game"],
                row["players"],
                row["variant"],
                row["seats"],
                row["seed"],
                None,
                row["pace"],
                row["hourglass"],
                row["help"],
            )
        table = _Table(
            row["id"],
            row["game"],
            row["players"],
            row["variant"],
            row["level"],
            session,
            list(row["sitters"]),
            row["seed"],
            row["game_no"],
            list(row["lines"]),
        )
        self._attach(table)
        self._count_tally(table, save=False)
        if session.state.current_player() == TERMINAL:
            table.saved_result = table.game_no

    def create_table(
        self,
        game: str,
        players: int,
        variant: str = "basic",
        level: str | None = None,
        seed: int | None = None,
    ) -> int:
        """A new table of ``game`` with every seat a bot at ``level``; returns its number."""
        if game not in GAMES:
            raise ValueError(f"the class plays {', '.join(GAMES)}, not {game[:30]!r}")
        lo, hi = _PLAYERS[game]
        if players.__class__ is not int or not lo <= players <= hi:
            raise ValueError(f"{game} is for {lo} to {hi} players, got {str(players)[:12]}")
        levels = self.levels(game)
        level = levels[0] if level is None else level
        if level not in levels:
            raise ValueError(f"a level is one of {', '.join(levels)}, got {str(level)[:30]!r}")
        if len(self.tables) >= MAX_TABLES:
            raise ValueError(f"a class holds at most {MAX_TABLES} tables")
        seed = self.seeds() if seed is None else seed
        seats = [level] * players
        session = self._session(
            game, players, variant, seats, seed, None, self.pace, True, self.odds
        )
        row = {
            "game": game,
            "players": players,
            "variant": session.game.variant,
            "level": level,
            "seed": seed,
            "seats": seats,
            "sitters": [None] * players,
            "pace": self.pace,
            "hourglass": True,
            "help": self.odds,
            "created": time.time(),
        }
        tid = self.store.add_table(row)
        table = _Table(
            tid, game, players, session.game.variant, level, session, [None] * players, seed, 1, []
        )
        self._attach(table)
        return tid

    def remove_table(self, tid: int) -> None:
        table = self.tables.pop(tid)
        self.store.update_table(tid, removed=1)
        for screen in self.screens:
            if screen.table == tid:
                screen.table = screen.seat = None
                screen.sent = {}
        del table
        self._lobby_dirty = self._class_dirty = True

    def _seat_of(self, token: str) -> tuple[int, int] | None:
        for table in self.tables.values():
            if token in table.sitters:
                return table.id, table.sitters.index(token)
        return None

    def _set_running(self, table: _Table) -> None:
        """Bots step on their own while a pupil sits at the table; a table of bots waits."""
        want = AUTO if table.session.people else None
        if (table.session.autoplay is None) != (want is None):
            table.session.autoplay = want

    def sit(self, token: str, tid: int, seat: int) -> None:
        table = self.tables.get(tid)
        if table is None:
            raise _No("no_table")
        if seat.__class__ is not int or not 0 <= seat < table.players:
            raise _No("no_seat")
        if table.sitters[seat] == token:
            return
        if table.sitters[seat] is not None:
            raise _No("seat_taken")
        self.leave(token)
        table.sitters[seat] = token
        table.session.set_seat(seat, HUMAN)
        self._set_running(table)
        self._save_seats(table)

    def leave(self, token: str) -> None:
        """The pupil's seat goes back to a bot at the table's level."""
        found = self._seat_of(token)
        if found is None:
            return
        table = self.tables[found[0]]
        table.sitters[found[1]] = None
        table.session.set_seat(found[1], table.level)
        self._set_running(table)
        self._save_seats(table)

    def set_bot(self, tid: int, seat: int, level: str) -> None:
        """The teacher puts a bot at ``level`` in a seat (the pupil there stands up)."""
        table = self.tables.get(tid)
        if table is None:
            raise _No("no_table")
        if not 0 <= seat < table.players:
            raise _No("no_seat")
        if level not in self.levels(table.game):
            raise _No("bad_table")
        table.sitters[seat] = None
        table.session.set_seat(seat, level)
        self._set_running(table)
        self._save_seats(table)

    def _save_seats(self, table: _Table) -> None:
        self.store.update_table(table.id, seats=list(table.session.seats), sitters=table.sitters)
        self._lobby_dirty = self._class_dirty = True

    # -- time ----------------------------------------------------------------------------------
    def wake_in(self, tid: int) -> float | None:
        table = self.tables.get(tid)
        return None if table is None else table.session.wake_in()

    def tick(self, tid: int) -> None:
        """Do what is due at table ``tid`` (the server's timer calls this)."""
        table = self.tables.get(tid)
        if table is None:
            return
        table.session.tick()
        self.flush()

    # -- persisting and pushing ----------------------------------------------------------------
    def flush(self) -> None:
        """Write what changed to the store, then tell every screen what it may see of it."""
        for table in list(self.tables.values()):
            if table.dirty:
                table.dirty = False
                self._persist(table)
                self._class_dirty = True
                for screen in list(self.screens):
                    if screen.table == table.id:
                        self._push_view(screen, table)
                self.on_wake(table.id, table.session.wake_in())
        if self._lobby_dirty:
            self._lobby_dirty = False
            for screen in list(self.screens):
                if screen.role == "pupil":
                    self._push_lobby(screen)
        if self._class_dirty:
            self._class_dirty = False
            snapshot = None
            for screen in list(self.screens):
                if screen.role == "teacher":
                    snapshot = snapshot or self.snapshot(screen.lang)
                    screen.send(snapshot)

    def _persist(self, table: _Table) -> None:
        session = table.session
        lines = [str(a) for a in session.match.actions]
        if session.seed != table.seed:  # a new game
            table.seed = session.seed
            table.game_no += 1
            table.tally = (0, 0, 0, Fraction(0))
            self.store.save_lines(table.id, 0, lines, seed=table.seed, game_no=table.game_no)
            self._lobby_dirty = True
        else:
            old = table.lines
            keep = 0
            top = min(len(old), len(lines))
            while keep < top and old[keep] == lines[keep]:
                keep += 1
            if keep < len(old) or keep < len(lines):
                self.store.save_lines(table.id, keep, lines[keep:])
        table.lines = lines
        self._count_tally(table)
        state = session.state
        if state.current_player() == TERMINAL and table.saved_result != table.game_no:
            table.saved_result = table.game_no
            scores = state.scores()
            winners = state.winners()
            rows = [
                (p, self._who(table, p, "en"), str(scores[p]), p in winners)
                for p in range(table.players)
            ]
            self.store.save_result(table.id, table.game_no, table.seed, rows)
            self._lobby_dirty = True

    def _count_tally(self, table: _Table, save: bool = True) -> None:
        """Every roll of a Dragon Battle table: rolls, failed rolls and the failures expected
        (each roll's exact chance of failing, added up)."""
        if table.game != "dragon-battle":
            return
        from ..dragon_battle.odds import fail_chance

        match = table.session.match
        upto, rolls, fails, expected = table.tally
        n = len(match.actions)
        if n < upto:  # taken back (a decision only: rolls stand, so nothing to take away)
            upto = n
        changed = False
        for i in range(upto, n):
            before, action, after = match.states[i], match.actions[i], match.states[i + 1]
            if before.phase == "rolling" and action.args:
                rolls += 1
                scared = sum(1 for d in before.on_dragon if d)
                expected += fail_chance(before.hand, scared)
                fails += int(after.turns > before.turns)
                changed = True
        table.tally = (n, rolls, fails, expected)
        if changed and save:
            self.store.save_tally_game(
                table.id, table.game_no, rolls, fails, (expected.numerator, expected.denominator)
            )

    def _safe_view(self, table: _Table, viewer: ViewerLike, lang: str) -> dict[str, Any]:
        """The view a device gets: the session's for its viewer, without the seed and with no
        timer of its own (the server keeps the time)."""
        view: dict[str, Any] = dict(table.session.view(viewer, lang))
        info = view.get("info")
        if isinstance(info, dict) and info.get("seed") is not None:
            view["info"] = {**info, "seed": None, "code": "", "this_game": ""}
        view["clock"] = {"wake_ms": None, "n": 0}
        return view

    def _push_view(self, screen: Screen, table: _Table) -> None:
        if screen.seat is not None and (
            screen.token is None or table.sitters[screen.seat] != screen.token
        ):
            # the seat is no longer this pupil's (the teacher put a bot there): watch instead
            screen.seat = None
        viewer: ViewerLike = TABLE if screen.seat is None else screen.seat
        view = self._safe_view(table, viewer, screen.lang)
        if screen.shown != (table.id, screen.seat):
            screen.sent = {}
            screen.shown = (table.id, screen.seat)
        parts = {}
        for name, value in view.items():
            if name == "version":
                continue
            text = json.dumps(value, sort_keys=True, separators=(",", ":"))
            if screen.sent.get(name) != text:
                screen.sent[name] = text
                parts[name] = value
        screen.send(
            {
                "type": "view",
                "table": table.id,
                "game": table.game,
                "seat": screen.seat,
                "version": view["version"],
                "parts": parts,
            }
        )

    def _who(self, table: _Table, seat: int, lang: str) -> str:
        token = table.sitters[seat]
        if token is not None and token in self.pupils:
            return self.pupils[token].name
        label = table.session.bot_label(seat, lang)
        return label if label is not None else _w("free", lang)

    def lobby(self, screen: Screen) -> dict[str, Any]:
        lang = screen.lang
        tables = []
        for table in self.tables.values():
            seats = []
            for p in range(table.players):
                token = table.sitters[p]
                seats.append(
                    {
                        "seat": p,
                        "label": _t("core", "player", lang, n=p + 1),
                        "who": _w("you", lang)
                        if token == screen.token and token
                        else self._who(table, p, lang),
                        "free": token is None,
                        "mine": token is not None and token == screen.token,
                    }
                )
            tables.append(
                {
                    "id": table.id,
                    "game": table.game,
                    "title": table.session.presenter.title(lang),
                    "players": table.players,
                    "seats": seats,
                    "over": table.session.state.current_player() == TERMINAL,
                }
            )
        polls = [self._poll_for(p, screen) for p in self.polls.values() if p["state"] != "closed"]
        return {
            "type": "lobby",
            "code": self.code,
            "name": self.pupils[screen.token].name if screen.token in self.pupils else "",
            "tables": tables,
            "polls": polls[-1:],
            "can_create": self.pupils_create,
            "words": {k: _w(k, lang) for k in ("ui_sit", "ui_watch")},
            "games": self._game_menu(lang),
        }

    def _push_lobby(self, screen: Screen) -> None:
        lobby = self.lobby(screen)
        text = json.dumps(lobby, sort_keys=True)
        if text != screen.lobby:
            screen.lobby = text
            screen.send(lobby)

    def _poll_for(self, poll: dict[str, Any], screen: Screen) -> dict[str, Any]:
        mine = poll["votes"].get(screen.token or "")
        revealed = poll["state"] == "revealed"
        return {
            "id": poll["id"],
            "question": poll["question"],
            "options": poll["options"],
            "open": poll["state"] == "open",
            "mine": mine,
            "answer": poll["answer"] if revealed else None,
            "counts": self._counts(poll) if revealed else None,
        }

    @staticmethod
    def _counts(poll: dict[str, Any]) -> list[int]:
        counts = [0] * len(poll["options"])
        for choice in poll["votes"].values():
            counts[choice] += 1
        return counts

    # -- what the teacher and the projector see ------------------------------------------------
    def _table_summary(self, table: _Table, lang: str) -> dict[str, Any]:
        session = table.session
        if (
            table.summary is not None
            and table.summary_version == session.version
            and table.summary.get("lang") == lang
        ):
            return table.summary
        view = self._safe_view(table, TABLE, lang)
        state = session.state
        player = state.current_player()
        summary = {
            "lang": lang,
            "id": table.id,
            "game": table.game,
            "title": view["frame"]["title"],
            "variant": table.variant,
            "players": table.players,
            "level": table.level,
            "game_no": table.game_no,
            "seats": [
                {
                    "seat": p,
                    "label": _t("core", "player", lang, n=p + 1),
                    "who": self._who(table, p, lang),
                    "pupil": table.sitters[p] is not None,
                    "online": table.sitters[p] is not None
                    and self.pupils.get(table.sitters[p] or "", _Pupil("", "")).screen is not None,
                    "to_move": player >= 0 and player == p,
                }
                for p in range(table.players)
            ],
            "turn": _w("turn_of", lang, who=self._who(table, player, lang))
            if player >= 0 and not session.is_bot(player)
            else view["turn"]["text"],
            "status": view["status"],
            "summary": [line["text"] for line in view["summary"]["lines"]][-3:],
            "over": player == TERMINAL,
            "chance": player == CHANCE,
            "result": view["result"],
            "actions": len(session.match.actions),
            "version": session.version,
        }
        table.summary, table.summary_version = summary, session.version
        return summary

    def tally(self) -> dict[str, Any]:
        """The class tally: every roll of every Dragon Battle table (this game and the ones
        before) and the counts typed from real dice (2 dice, red scared)."""
        from ..dragon_battle.odds import fail_chance

        games: dict[tuple[int, int], tuple[int, int, Fraction]] = {
            (t, g): (r, f, Fraction(num, den)) for t, g, r, f, num, den in self.store.tally_games()
        }
        for table in self.tables.values():
            if table.game == "dragon-battle":
                _, r, f, e = table.tally
                if r:
                    games[(table.id, table.game_no)] = (r, f, e)
        rolls = sum(r for r, _, _ in games.values())
        fails = sum(f for _, f, _ in games.values())
        expected = sum((e for _, _, e in games.values()), Fraction(0))
        typed_rolls = sum(r for _, r, _ in self.typed)
        typed_fails = sum(f for _, _, f in self.typed)
        p = fail_chance(2, 1)
        return {
            "table_rolls": rolls,
            "table_fails": fails,
            "table_expected": expected,
            "typed_rolls": typed_rolls,
            "typed_fails": typed_fails,
            "typed_exact": p,
            "rolls": rolls + typed_rolls,
            "fails": fails + typed_fails,
            "expected": expected + typed_rolls * p,
            "typed": [{"label": a, "rolls": b, "fails": c} for a, b, c in self.typed],
            "tables": [
                {"table": t, "game_no": g, "rolls": r, "fails": f, "expected": float(e)}
                for (t, g), (r, f, e) in sorted(games.items())
            ],
        }

    def snapshot(self, lang: str = "en") -> dict[str, Any]:
        """Everything the teacher's page and the projector show (no seat's hidden things: the
        tables as the table view sees them)."""
        seated = {}
        for table in self.tables.values():
            for p, token in enumerate(table.sitters):
                if token is not None:
                    seated[token] = (table.id, p)
        tally = self.tally()
        return {
            "type": "class",
            "code": self.code,
            "creating": self.pupils_create,
            "pupils": [
                {
                    "name": pupil.name,
                    "online": pupil.screen is not None,
                    "table": seated.get(pupil.token, (None, None))[0],
                    "seat": seated.get(pupil.token, (None, None))[1],
                }
                for pupil in self.pupils.values()
            ],
            "tables": [self._table_summary(t, lang) for t in self.tables.values()],
            "polls": [
                {
                    "id": p["id"],
                    "question": p["question"],
                    "options": p["options"],
                    "state": p["state"],
                    "answer": p["answer"],
                    "counts": self._counts(p),
                    "votes": len(p["votes"]),
                }
                for p in self.polls.values()
            ],
            "tally": {
                **{k: v for k, v in tally.items() if not isinstance(v, Fraction)},
                "table_expected": float(tally["table_expected"]),
                "expected": float(tally["expected"]),
                "expected_exact": str(tally["expected"]),
                "text": self._tally_words(tally, lang),
                "typed_exact": float(tally["typed_exact"]),
            },
            "games": self._game_menu(lang),
            "words": {
                k: _w(k, lang)
                for k in (
                    "chart_label",
                    "w_csv",
                    "w_new_table",
                    "w_ask",
                    "w_question",
                    "w_answers",
                    "w_add",
                    "w_rolls",
                    "w_fails",
                    "w_reveal",
                    "w_new_game",
                    "w_remove",
                    "w_bot",
                    "w_votes",
                )
            },
            "online_text": _w(
                "pupils_online",
                lang,
                n=sum(1 for p in self.pupils.values() if p.screen),
                total=len(self.pupils),
            ),
        }

    @staticmethod
    def _tally_words(tally: dict[str, Any], lang: str) -> str:
        rolls = tally["rolls"]
        if not rolls:
            return _w("tally_none", lang)
        dec = "," if lang == "de" else "."

        def pct(x: Fraction) -> str:
            return (
                f"{100 * float(x):.1f} %".replace(".", dec)
                if lang == "de"
                else f"{100 * float(x):.1f}%"
            )

        return _w(
            "tally_line",
            lang,
            rolls=rolls,
            fails=tally["fails"],
            share=pct(Fraction(tally["fails"], rolls)),
            expected=f"{float(tally['expected']):.1f}".replace(".", dec),
            exact=pct(tally["expected"] / rolls),
        )

    def _game_menu(self, lang: str) -> list[dict[str, Any]]:
        """What the menus offer: each game's variants (in words), player counts and levels."""
        if lang not in self._menu:
            from ..present import presenter_for

            menu = []
            for g in GAMES:
                game = load(g, players=_PLAYERS[g][0])
                presenter = presenter_for(game)
                variants = []
                for v in game.variants:
                    try:
                        label = presenter.t(f"variant.{v}", lang)
                    except KeyError:
                        label = v
                    variants.append({"value": v, "label": label})
                menu.append(
                    {
                        "game": g,
                        "title": presenter.title(lang),
                        "players": list(range(_PLAYERS[g][0], _PLAYERS[g][1] + 1)),
                        "levels": [
                            {"value": lv, "label": self._level_word(g, lv, lang)}
                            for lv in self.levels(g)
                        ],
                        "variants": variants,
                    }
                )
            self._menu[lang] = menu
        return self._menu[lang]

    @staticmethod
    def _level_word(game: str, level: str, lang: str) -> str:
        if level in DIFFICULTIES:
            return _t("core", f"difficulty.{level}", lang)
        return _t("core", "bot_suffix", lang, name=level)

    # -- predictions and the tally -------------------------------------------------------------
    def open_poll(self, question: str, options: list[str]) -> int:
        question = " ".join(question.split())
        if not question or not 2 <= len(options) <= 6:
            raise _No("bad_poll")
        for poll in self.polls.values():
            if poll["state"] == "open":
                poll["state"] = "closed"
                self.store.update_poll(poll["id"], "closed", poll["answer"])
        pid = self.store.add_poll(question, list(options), time.time())
        self.polls[pid] = {
            "id": pid,
            "question": question,
            "options": list(options),
            "state": "open",
            "answer": None,
            "votes": {},
        }
        self._lobby_dirty = self._class_dirty = True
        return pid

    def close_poll(self, pid: int) -> None:
        poll = self.polls.get(pid)
        if poll is None:
            raise _No("no_poll")
        poll["state"] = "shut" if poll["state"] == "open" else poll["state"]
        self.store.update_poll(pid, poll["state"], poll["answer"])
        self._lobby_dirty = self._class_dirty = True

    def reveal_poll(self, pid: int, answer: int | None) -> None:
        poll = self.polls.get(pid)
        if poll is None:
            raise _No("no_poll")
        if answer is not None and not 0 <= answer < len(poll["options"]):
            raise _No("bad_choice")
        poll["state"], poll["answer"] = "revealed", answer
        self.store.update_poll(pid, "revealed", answer)
        self._lobby_dirty = self._class_dirty = True

    def vote(self, token: str, pid: int, choice: int) -> None:
        poll = self.polls.get(pid)
        if poll is None or poll["state"] != "open":
            raise _No("no_poll")
        if not 0 <= choice < len(poll["options"]):
            raise _No("bad_choice")
        self.store.vote(pid, token, choice)
        poll["votes"][token] = choice
        self._lobby_dirty = self._class_dirty = True

    def add_counts(self, label: str, rolls: int, fails: int) -> None:
        """Counts typed from real dice (two dice, the red dragon scared)."""
        if not 0 < rolls <= 100_000 or not 0 <= fails <= rolls:
            raise _No("bad_count")
        label = " ".join(label.split())[:30]
        self.store.add_typed(label, rolls, fails, time.time())
        self.typed.append((label, rolls, fails))
        self._class_dirty = True

    # -- screens -------------------------------------------------------------------------------
    def connect(self, screen: Screen) -> None:
        self.screens.add(screen)

    def disconnect(self, screen: Screen) -> None:
        self.screens.discard(screen)
        if screen.token is not None:
            pupil = self.pupils.get(screen.token)
            if pupil is not None and pupil.screen is screen:
                pupil.screen = None
                self._class_dirty = True
        self.flush()

    def receive(self, screen: Screen, raw: Any) -> None:
        """A message from ``screen`` (text as received). A bad one gets a short error and
        changes nothing."""
        if not screen.bucket.take(self.clock()):
            if screen.bucket.refused == 1:
                self._error(screen, "slow_down")
            if screen.bucket.refused >= FLOOD_CLOSE:
                screen.close()
            return
        data = check_message(raw)
        if isinstance(data, str):
            self._error(screen, data)
            return
        try:
            self._dispatch(screen, data)
        except _No as no:
            self._error(screen, no.key, **no.params)
        except (ValueError, TypeError, KeyError, IndexError, RuntimeError):
            # a request the checks above should have stopped: the device hears a short sentence,
            # the log keeps the details for a fix
            _LOG.exception("a message from a screen failed")
            self._error(screen, "bad_message")
        self.flush()

    def command(self, raw: Any) -> list[dict[str, Any]]:
        """A teacher's command from the server's API (its key already checked): the same checks
        and the same rate as a screen's; returns the messages a screen would have been sent."""
        out: list[dict[str, Any]] = []
        screen = Screen(send=out.append, role="teacher", bucket=self._api_bucket)
        self.receive(screen, raw)
        return [m for m in out if m.get("type") == "error"]

    def _error(self, screen: Screen, key: str, **params: Any) -> None:
        screen.send({"type": "error", "text": _w(key, screen.lang, **params)})

    def _dispatch(self, screen: Screen, data: Any) -> None:
        kind = data.kind
        if kind == "hello":
            self._hello(screen, data)
            return
        if screen.role is None:
            raise _No("hello_first")
        if kind == "lang":
            if data.lang not in LANGUAGES:
                raise _No("bad_message")
            screen.lang = data.lang
            screen.sent, screen.lobby = {}, ""
            self._refresh(screen)
            return
        if kind in TEACHER_ONLY:
            if screen.role != "teacher":
                raise _No("teacher_only")
            self._teacher(screen, data)
            return
        if kind == "create":
            if screen.role != "teacher" and not self.pupils_create:
                raise _No("creating_off")
            try:
                self.create_table(
                    data.game, data.players, _opt(data.variant, "basic"), _opt(data.level, None)
                )
            except ValueError:
                raise _No("bad_table") from None
            return
        if kind == "watch":
            if data.table not in self.tables:
                raise _No("no_table")
            if screen.role == "pupil" and self._seat_of(screen.token or "") is not None:
                self.leave(screen.token or "")
            screen.table, screen.seat = data.table, None
            self._push_view(screen, self.tables[data.table])
            return
        if screen.role != "pupil" or screen.token is None:
            raise _No("teacher_only" if kind in ("sit", "leave", "vote") else "bad_message")
        token = screen.token
        if kind == "sit":
            self.sit(token, data.table, data.seat)
            self._follow_seat(token)
        elif kind == "leave":
            self.leave(token)
            screen.table = screen.seat = None
            screen.sent = {}
        elif kind == "vote":
            self.vote(token, data.poll, data.choice)
        elif kind == "table":
            self._table_message(screen, data.msg)

    def _refresh(self, screen: Screen) -> None:
        if screen.role == "teacher":
            screen.send(self.snapshot(screen.lang))
            return
        self._push_lobby(screen)
        if screen.table in self.tables:
            self._push_view(screen, self.tables[screen.table])

    def _follow_seat(self, token: str) -> None:
        """Point the pupil's screen at their seat (after sitting, or coming back)."""
        pupil = self.pupils.get(token)
        if pupil is None or pupil.screen is None:
            return
        screen = pupil.screen
        found = self._seat_of(token)
        if found is None:
            if screen.seat is not None:
                screen.table = screen.seat = None
            return
        screen.table, screen.seat = found
        self._push_view(screen, self.tables[found[0]])

    def _hello(self, screen: Screen, data: cp.Hello) -> None:
        if screen.role is not None:
            raise _No("bad_message")
        lang = _opt(data.lang, "en")
        screen.lang = lang if lang in LANGUAGES else "en"
        screen.hello_tries += 1
        if screen.hello_tries > 5:
            screen.close()
            return
        if not hmac.compare_digest(data.code.strip().upper().encode(), self.code.encode()):
            raise _No("wrong_code")
        if data.key is not UNSET:
            if not hmac.compare_digest(data.key.encode(), self.key.encode()):
                raise _No("wrong_key")
            screen.role = "teacher"
            self.connect(screen)
            screen.send({"type": "welcome", "role": "teacher", "code": self.code})
            screen.send(self.snapshot(screen.lang))
            return
        token = _opt(data.token, None)
        pupil = self.pupils.get(token) if isinstance(token, str) and token else None
        if pupil is not None:
            if pupil.screen is not None and pupil.screen in self.screens:
                raise _No("token_busy")
        else:
            name = _check_name(_opt(data.name, None))
            if name is None:
                raise _No("bad_name")
            if any(p.name.casefold() == name.casefold() for p in self.pupils.values()):
                raise _No("name_taken")
            if len(self.pupils) >= MAX_PUPILS:
                raise _No("bad_name")
            pupil = _Pupil(secrets.token_urlsafe(24), name)
            self.store.add_pupil(pupil.token, pupil.name, time.time())
            self.pupils[pupil.token] = pupil
        pupil.screen = screen
        screen.role, screen.token = "pupil", pupil.token
        self.connect(screen)
        screen.send(
            {
                "type": "welcome",
                "role": "pupil",
                "token": pupil.token,
                "name": pupil.name,
                "code": self.code,
            }
        )
        self._push_lobby(screen)
        self._follow_seat(pupil.token)
        self._class_dirty = True

    def _teacher(self, screen: Screen, data: Any) -> None:
        kind = data.kind
        if kind == "remove":
            if data.table not in self.tables:
                raise _No("no_table")
            self.remove_table(data.table)
        elif kind == "seat":
            self.set_bot(data.table, data.seat, data.level)
        elif kind in ("pace", "hourglass", "odds", "new_game"):
            table = self.tables.get(data.table)
            if table is None:
                raise _No("no_table")
            try:
                if kind == "pace":
                    table.session.pace = data.seconds
                    self.store.update_table(table.id, pace=table.session.pace)
                elif kind == "hourglass":
                    table.session.hourglass = data.on
                    self.store.update_table(table.id, hourglass=int(data.on))
                elif kind == "odds":
                    table.session.help = data.on
                    self.store.update_table(table.id, help=int(data.on))
                else:
                    table.session.new_game()
            except (ValueError, TypeError):
                raise _No("bad_message") from None
        elif kind == "poll_open":
            self.open_poll(data.question, data.options)
        elif kind == "poll_close":
            self.close_poll(data.poll)
        elif kind == "poll_reveal":
            self.reveal_poll(data.poll, _opt(data.answer, None))
        elif kind == "tally_add":
            self.add_counts(_opt(data.label, ""), data.rolls, data.fails)
        elif kind == "creating":
            self.pupils_create = data.on
            self.store.set_meta("pupils_create", "1" if data.on else "0")
            self._lobby_dirty = self._class_dirty = True

    def _table_message(self, screen: Screen, msg: tp.Command) -> None:
        """A message from the table on a pupil's screen: only their own seat's moves."""
        found = self._seat_of(screen.token or "")
        if screen.table is None or screen.table not in self.tables:
            raise _No("sit_first")
        table = self.tables[screen.table]
        session = table.session
        kind = msg.kind
        if kind == "hourglass" and getattr(session.presenter, "timed", None) is None:
            raise _No("bad_message")
        if kind not in PUPIL_TABLE_MESSAGES:
            raise _No("teacher_only")
        if kind == "tick":
            return  # the server keeps the time
        if kind == "lang":
            if msg.lang not in LANGUAGES:  # type: ignore[union-attr]
                raise _No("bad_message")
            screen.lang = msg.lang  # type: ignore[union-attr]
            screen.sent, screen.lobby = {}, ""
            self._refresh(screen)
            return
        if kind == "log":
            session.handle({"type": "log", "more": msg.more}, TABLE)  # type: ignore[union-attr]
            return
        if found is None or found[0] != table.id or screen.seat != found[1]:
            raise _No("sit_first")
        seat = found[1]
        if msg.version not in (None, session.version):
            self._push_view(screen, table)  # a click on an older view: show the new one
            return
        state = session.state
        player = state.current_player()
        if kind == "new":  # "play again" at the end, for the pupils at the table
            if player != TERMINAL:
                raise _No("teacher_only")
            session.new_game(self.seeds())
            return
        if kind == "undo":
            block = session.undo_block(seat, screen.lang)
            if block is not None:
                screen.send({"type": "error", "text": block})
                return
            session.undo(by=seat)
            return
        if player == TERMINAL:
            raise _No("game_over")
        if player != seat:
            who = (
                session.name(player, screen.lang)
                if player >= 0
                else _t("core", "chance", screen.lang)
            )
            raise _No("not_your_turn", who=who)
        try:
            action = state.parse_action(msg.action)  # type: ignore[union-attr]
            state.apply(action)  # the rules' check, on a copy: nothing changes here
        except (ValueError, TypeError):
            raise _No("not_a_move") from None
        session.act(action)


def _opt(value: Any, default: Any) -> Any:
    """A message's optional field, or ``default`` when the device left it out."""
    return default if value is UNSET else value


class _No(Exception):
    """A refused request: the key of the words that say why."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def _player_range(game: str) -> tuple[int, int]:
    ok = []
    for n in range(1, 9):
        try:
            load(game, players=n)
        except ValueError:
            continue
        ok.append(n)
    return ok[0], ok[-1]


class _Players(dict[str, tuple[int, int]]):
    def __missing__(self, game: str) -> tuple[int, int]:
        self[game] = _player_range(game)
        return self[game]


_PLAYERS: dict[str, tuple[int, int]] = _Players()
