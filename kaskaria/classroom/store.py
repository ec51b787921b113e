"""The class's memory: one SQLite file (write-ahead log) holding everything a lesson makes.

Every table's set-up (game, players, variant, seed, seats and who sits there) and its game as
action lines, the pupils (a nickname and the token their browser keeps), the predictions and
their votes, the lesson's questions with each pupil's answer, and the class tally are written
the moment they change. Nothing is kept only in memory: a server killed mid-game and started
again on the same file finds every table, vote, answer and tally where it was (the tables are
replayed from their lines).

Only plain values are stored (text, whole numbers, JSON lists of text); nothing is pickled.

**One server, one store.** Opening a store takes two exclusive locks, held while the server runs:
a ``.lock`` file beside it (which also notes the class code kept there) and SQLite's own lock on
the file (so a second server is refused even when the ``.lock`` file was deleted). It checks
that the file can be written and refuses with one clear sentence (:class:`StoreError`) when the
path is a folder, cannot be written, is read-only, is not a class's file or is in use by another
server. The files are made readable by their owner only (they hold the teacher key and the
pupils' tokens). A store whose file was deleted or emptied since a class last used it says so
(:attr:`Store.deleted_class`) rather than starting a new class silently.

**Deleted while the class plays.** :meth:`Store.check` (called by every write, and by the server
every few seconds) finds a store file, folder or ``.lock`` file that was deleted or replaced and
writes them again from the open database: the class goes on and a restart finds it. Should another server have
taken the store's path meanwhile, this one writes nothing more (:attr:`Store.taken_by`; every
write raises :class:`sqlite3.Error`) rather than overwrite that server's file.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

try:  # the lock beside the store (POSIX; elsewhere the store is opened without one)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["Store", "StoreError"]

#: the write-ahead log beside the store is folded back into the store every this many pages
#: (4 kB each) and cut back to :data:`WAL_BYTES` after: the store needs little more room on the
#: disk than its own size (SQLite's default lets the log grow to about 4 MB first)
WAL_PAGES = 64
WAL_BYTES = 256 * 1024


class StoreError(Exception):
    """The class's store cannot be used: one sentence saying why and what to do."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pupils (
    token TEXT PRIMARY KEY, name TEXT NOT NULL, joined REAL NOT NULL,
    address TEXT NOT NULL DEFAULT '', browser TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, variant TEXT NOT NULL,
    level TEXT NOT NULL, seed INTEGER NOT NULL, game_no INTEGER NOT NULL DEFAULT 1,
    seats TEXT NOT NULL, sitters TEXT NOT NULL, pace REAL NOT NULL, hourglass INTEGER NOT NULL,
    help INTEGER NOT NULL DEFAULT 1,
    removed INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, maker TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS lines (
    table_id INTEGER NOT NULL, n INTEGER NOT NULL, line TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS results (
    table_id INTEGER NOT NULL, game_no INTEGER NOT NULL, seed INTEGER NOT NULL,
    seat INTEGER NOT NULL, who TEXT NOT NULL, score TEXT NOT NULL, winner INTEGER NOT NULL,
    PRIMARY KEY (table_id, game_no, seat)
);
CREATE TABLE IF NOT EXISTS polls (
    id INTEGER PRIMARY KEY, question TEXT NOT NULL, options TEXT NOT NULL,
    state TEXT NOT NULL, answer INTEGER, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS votes (
    poll_id INTEGER NOT NULL, token TEXT NOT NULL, choice INTEGER NOT NULL,
    PRIMARY KEY (poll_id, token)
);
CREATE TABLE IF NOT EXISTS tally_games (
    table_id INTEGER NOT NULL, game_no INTEGER NOT NULL, rolls INTEGER NOT NULL,
    fails INTEGER NOT NULL, expected_num INTEGER NOT NULL, expected_den INTEGER NOT NULL,
    PRIMARY KEY (table_id, game_no)
);
CREATE TABLE IF NOT EXISTS questions (
    qid TEXT PRIMARY KEY, spec TEXT NOT NULL, state TEXT NOT NULL, opened REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    qid TEXT NOT NULL, token TEXT NOT NULL, typed TEXT NOT NULL, lang TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (qid, token)
);
CREATE TABLE IF NOT EXISTS tally_typed (
    id INTEGER PRIMARY KEY, label TEXT NOT NULL, rolls INTEGER NOT NULL, fails INTEGER NOT NULL,
    created REAL NOT NULL
);
"""
#: Columns added since the first stores (a store made before them gets them when it opens): the
#: address and the browser (a hash of its number) a pupil last joined from (the teacher blocks
#: them, also after a restart) and the pupil who made a table (the tables one pupil may make
#: are counted across restarts).
_COLUMNS = (
    ("pupils", "address", "TEXT NOT NULL DEFAULT ''"),
    ("pupils", "browser", "TEXT NOT NULL DEFAULT ''"),
    ("tables", "maker", "TEXT NOT NULL DEFAULT ''"),
)


class Store:
    """The class's SQLite file (``":memory:"`` for a store that is forgotten at the end)."""

    def __init__(self, path: str | Path) -> None:
        if not isinstance(path, (str, Path)):
            raise TypeError(f"the store's path is a file name, got {type(path).__name__}")
        self.path = str(path)
        self._lock: int | None = None
        #: the class code once kept in a store whose file has since been deleted (or None)
        self.deleted_class: str | None = None
        #: the process of another class server that took this store's path while this one ran
        #: (this one writes nothing then), or None
        self.taken_by: str | None = None
        #: how often the store's file was written again after it was deleted or replaced
        self.rewritten = 0
        self._ino: int | None = None
        if self.path == ":memory:":
            self._db = self._connect()
            self._db.executescript(_SCHEMA)
            self._add_columns()
            return
        where = Path(self.path)
        if where.is_dir():
            raise StoreError(
                f"The store {where} is a folder: give a file name, e.g. {where / 'class.sqlite3'}."
            )
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            raise StoreError(
                f"The store's folder {where.parent} cannot be made: choose another --store."
            ) from None
        self._take_lock(where)
        noted = self._lock_note("code")
        made = False  # did this start make the store's file (a refused start takes it away)?
        try:
            if where.exists() and not os.access(where, os.W_OK):
                raise PermissionError(errno.EACCES, "read-only", str(where))
            if not where.exists():
                os.close(os.open(where, os.O_CREAT | os.O_WRONLY, 0o600))
                made = True
            self._db = self._connect()
            self._db.executescript(_SCHEMA)
            self._add_columns()
            self._opened()
        except (sqlite3.Error, OSError) as err:
            if hasattr(self, "_db"):
                self._db.close()  # no file of a store that cannot serve stays open
            self._release()
            if getattr(self, "_made_lock", False):
                try:  # a refused start leaves nothing behind
                    os.remove(self.path + ".lock")
                except OSError:
                    pass
            # nor an empty store it made (a full disk); a store that was there stays
            for extra in ("", "-wal", "-shm") if made else ():
                with suppress(OSError):
                    os.remove(self.path + extra)
            raise StoreError(self._why(where, err)) from None
        for extra in ("", "-wal", "-shm"):
            try:
                os.chmod(self.path + extra, 0o600)
            except OSError:
                pass
        self._ino = _inode(where)
        code = self.meta("code")
        if code is not None:
            try:
                self._note(code=code)
            except OSError as err:
                self.close()
                raise StoreError(self._why(where, err)) from None
        elif noted is not None:
            self.deleted_class = noted  # the file is new or empty, the lock knew a class

    def _add_columns(self) -> None:
        """The columns later versions keep (:data:`_COLUMNS`), added to a store made before them."""
        for table, column, kind in _COLUMNS:
            have = {str(r[1]) for r in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def _connect(self) -> sqlite3.Connection:
        # another process waiting for the file is refused within a second, not five
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=1)
        # the file is this server's alone while it runs (SQLite's lock, taken by the first write)
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
        db.execute("PRAGMA journal_mode=WAL")
        # WAL with NORMAL: a killed process loses nothing that was committed (only a power cut
        # could lose the latest commits)
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
        db.execute(f"PRAGMA journal_size_limit={WAL_BYTES}")
        db.execute("PRAGMA foreign_keys=OFF")
        return db

    @staticmethod
    def _why(where: Path, err: BaseException) -> str:
        text = str(err).lower()
        if "readonly" in text or "read-only" in text or isinstance(err, PermissionError):
            return f"The store {where} is read-only: make it writable or choose another --store."
        if "not a database" in text or "malformed" in text:
            return f"The file {where} is not a class's store: choose another --store."
        if "locked" in text or "busy" in text:
            return f"The store {where} is in use by another program: stop it or choose another --store."
        if "full" in text or getattr(err, "errno", None) == errno.ENOSPC:
            return (
                f"The store {where} cannot be written: the disk is full. Free some space on it, "
                "or choose another --store."
            )
        return f"The store {where} cannot be written ({text[:60]}): choose another --store."

    # -- the lock beside the store -----------------------------------------------------------
    def _take_lock(self, where: Path) -> None:
        if fcntl is None:  # pragma: no cover
            return
        lock = self.path + ".lock"
        made = not os.path.exists(lock)
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as err:
            if where.exists() and (isinstance(err, PermissionError) or err.errno == errno.EROFS):
                raise StoreError(
                    f"The store {where} is read-only: make it writable or choose another --store."
                ) from None
            raise StoreError(
                f"The store's folder {where.parent} cannot be written: choose another --store."
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            pid = _read_note(lock).get("pid", "?")
            raise StoreError(
                f"Another class server (process {pid}) already uses the store {where}: "
                "stop it or choose another --store."
            ) from None
        self._lock = fd
        #: this server made the .lock file (a start that fails takes it away again)
        self._made_lock = made
        try:
            self._note(pid=os.getpid())
        except OSError as err:  # a full disk: one line, and no empty .lock left behind
            self._release()
            if made:
                with suppress(OSError):
                    os.remove(lock)
            raise StoreError(self._why(where, err)) from None

    def _opened(self) -> None:
        """A write as the store opens: a read-only file or folder is found at the start, not by
        the first pupil, and SQLite's exclusive lock on the file is taken."""
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('opened', ?)",
                (repr(os.getpid()),),
            )

    def _lock_note(self, key: str) -> str | None:
        value = _read_note(self.path + ".lock").get(key)
        return None if value is None else str(value)

    def _note(self, **values: Any) -> None:
        """What the lock file tells (the pid holding it, the class code kept here)."""
        if self._lock is None:
            return
        note = {**_read_note(self.path + ".lock"), **values}
        data = json.dumps(note).encode()
        # written over the note there, then cut to its length: a write that fails (a full disk)
        # leaves the note it had, never an empty file (the file is not replaced: its lock is on
        # this open file)
        written = os.pwrite(self._lock, data, 0)
        if written != len(data):
            raise OSError(errno.ENOSPC, "the lock file's note was cut short", self.path + ".lock")
        os.ftruncate(self._lock, len(data))

    def _release(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the file ends its lock
            self._lock = None

    def check(self) -> bool:
        """Is the store's file still the one this server writes? A store file, folder or
        ``.lock`` file deleted or replaced while the server runs is written again from the open
        database (returns False when the store file was; every write checks the file first, so
        a write may have done it already: :attr:`rewritten` counts them all). Should another
        server hold the lock at the store's path now, this one writes nothing more
        (:attr:`taken_by`) and :class:`StoreError` says so; the next check takes the path back
        once that server is gone."""
        if self.path == ":memory:" or self._ino is None:
            return True
        where = Path(self.path)
        if (
            self._lock is not None
            and _inode(Path(self.path + ".lock")) != os.fstat(self._lock).st_ino
        ):
            self._relock(where)
        if _inode(where) == self._ino:
            return True
        where.parent.mkdir(parents=True, exist_ok=True)
        copy = self.path + ".new"
        try:
            fresh = sqlite3.connect(copy, isolation_level=None)
            try:
                self._db.backup(fresh)
            finally:
                fresh.close()
            os.chmod(copy, 0o600)
            os.replace(copy, self.path)
        except (sqlite3.Error, OSError):
            if os.path.exists(copy):
                os.remove(copy)  # a half copy takes no room on a full disk
            raise
        self._db.close()
        # what is left of the old file's log belongs to the old file, not to its copy
        for extra in ("-wal", "-shm"):
            try:
                os.remove(self.path + extra)
            except FileNotFoundError:
                pass
        self._db = self._connect()
        self._ino = _inode(where)
        self.rewritten += 1
        self._opened()
        return False

    def _relock(self, where: Path) -> None:
        """The ``.lock`` file was deleted or replaced: take the lock at the store's path again
        (noting the class), or, when another server holds it now, write nothing more."""
        assert self._lock is not None
        where.parent.mkdir(parents=True, exist_ok=True)
        lock = self.path + ".lock"
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            self.taken_by = str(_read_note(lock).get("pid", "?"))
            raise StoreError(
                f"Another class server (process {self.taken_by}) has taken the store {where}: "
                "this class writes nothing more until it stops."
            ) from None
        os.close(self._lock)
        self._lock = fd
        self.taken_by = None
        code = self.meta("code")
        self._note(pid=os.getpid(), **({} if code is None else {"code": code}))

    def close(self) -> None:
        """Closed at the end of a class: the file is left a plain SQLite file (no log beside it),
        which any SQLite program reads, also from a read-only folder."""
        if self.path != ":memory:":
            try:
                self.check()  # a file deleted a moment ago is written again first
                if self.taken_by is None:
                    self._db.execute("PRAGMA journal_mode=DELETE")
            except (sqlite3.Error, OSError, StoreError):
                pass  # a full disk: the log stays beside the file, the next start reads it
        self._db.close()
        self._release()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        if self._ino is not None and _inode(self.path) != self._ino:
            # the file was deleted or replaced: written again before this write goes in, so
            # that nothing is written to a file that no restart would find
            try:
                self.check()
            except (OSError, StoreError) as err:
                raise sqlite3.OperationalError(
                    f"the store cannot be written again: {err}"
                ) from None
        if self.taken_by is not None:
            raise sqlite3.OperationalError(f"the store is taken by process {self.taken_by}")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            if self._db.in_transaction:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # the database ended the transaction itself
            raise
        self._db.execute("COMMIT")

    # -- the class itself --------------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
        if key == "code":
            self._note(code=value)

    # -- pupils ------------------------------------------------------------------------------
    def add_pupil(
        self, token: str, name: str, when: float, address: str = "", browser: str = ""
    ) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO pupils (token, name, joined, address, browser) VALUES (?, ?, ?, ?, ?)",
                (token, name, when, address, browser),
            )

    def set_device(self, token: str, address: str, browser: str) -> None:
        """The address and browser (a hash of its number) the pupil joined from this time."""
        with self._tx() as db:
            db.execute(
                "UPDATE pupils SET address=?, browser=? WHERE token=?", (address, browser, token)
            )

    def devices(self) -> dict[str, tuple[str, str]]:
        """The address and browser each pupil last joined from ("" when not known), by token."""
        rows = self._db.execute("SELECT token, address, browser FROM pupils").fetchall()
        return {str(t): (str(a), str(b)) for t, a, b in rows}

    def remove_pupil(self, token: str) -> None:
        with self._tx() as db:
            db.execute("DELETE FROM pupils WHERE token=?", (token,))
            db.execute("DELETE FROM answers WHERE token=?", (token,))

    def new_token(self, old: str, new: str) -> None:
        """The pupil of token ``old`` has token ``new`` from now on (at their seat too)."""
        with self._tx() as db:
            db.execute("UPDATE pupils SET token=? WHERE token=?", (new, old))
            for tid, sitters in db.execute("SELECT id, sitters FROM tables").fetchall():
                seated = json.loads(sitters)
                if old in seated:
                    seated = [new if t == old else t for t in seated]
                    db.execute("UPDATE tables SET sitters=? WHERE id=?", (json.dumps(seated), tid))
            db.execute("UPDATE votes SET token=? WHERE token=?", (new, old))
            db.execute("UPDATE answers SET token=? WHERE token=?", (new, old))
            db.execute("UPDATE tables SET maker=? WHERE maker=?", (new, old))

    def remove_pupils(self, tokens: list[str]) -> None:
        """Many pupils out of the class in one write."""
        with self._tx() as db:
            db.executemany("DELETE FROM pupils WHERE token=?", [(t,) for t in tokens])
            db.executemany("DELETE FROM answers WHERE token=?", [(t,) for t in tokens])

    def joined(self) -> dict[str, float]:
        """When each pupil joined (seconds since the epoch), by token."""
        rows = self._db.execute("SELECT token, joined FROM pupils").fetchall()
        return {str(t): float(j) for t, j in rows}

    def pupils(self) -> list[tuple[str, str]]:
        rows = self._db.execute("SELECT token, name FROM pupils ORDER BY joined, name").fetchall()
        return [(str(t), str(n)) for t, n in rows]

    # -- tables ------------------------------------------------------------------------------
    def add_table(self, row: dict[str, Any]) -> int:
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO tables (game, players, variant, level, seed, seats, sitters, pace,"
                " hourglass, help, created, maker) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row["game"],
                    row["players"],
                    row["variant"],
                    row["level"],
                    row["seed"],
                    json.dumps(row["seats"]),
                    json.dumps(row["sitters"]),
                    row["pace"],
                    int(row["hourglass"]),
                    int(row["help"]),
                    row["created"],
                    row.get("maker", ""),
                ),
            )
            assert cur.lastrowid is not None
            return int(cur.lastrowid)

    def update_table(self, table_id: int, **fields: Any) -> None:
        allowed = {"seed", "game_no", "seats", "sitters", "pace", "hourglass", "help", "removed"}
        if not fields or not set(fields) <= allowed:
            raise ValueError(f"a table's stored fields are {sorted(allowed)}, got {sorted(fields)}")
        values = [json.dumps(v) if k in ("seats", "sitters") else v for k, v in fields.items()]
        sets = ", ".join(f"{k}=?" for k in fields)
        with self._tx() as db:
            db.execute(f"UPDATE tables SET {sets} WHERE id=?", (*values, table_id))

    def makers(self) -> dict[int, str]:
        """The pupil (by token) who made each table that is not removed (the teacher's: none)."""
        rows = self._db.execute(
            "SELECT id, maker FROM tables WHERE removed=0 AND maker != ''"
        ).fetchall()
        return {int(t): str(m) for t, m in rows}

    def tables(self) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT id, game, players, variant, level, seed, game_no, seats, sitters, pace,"
            " hourglass, help FROM tables WHERE removed=0 ORDER BY id"
        ).fetchall()
        out = []
        for r in rows:
            lines = [
                str(x[0])
                for x in self._db.execute(
                    "SELECT line FROM lines WHERE table_id=? ORDER BY n", (r[0],)
                ).fetchall()
            ]
            out.append(
                {
                    "id": int(r[0]),
                    "game": str(r[1]),
                    "players": int(r[2]),
                    "variant": str(r[3]),
                    "level": str(r[4]),
                    "seed": int(r[5]),
                    "game_no": int(r[6]),
                    "seats": json.loads(r[7]),
                    "sitters": json.loads(r[8]),
                    "pace": float(r[9]),
                    "hourglass": bool(r[10]),
                    "help": bool(r[11]),
                    "lines": lines,
                }
            )
        return out

    def save_play(
        self,
        table_id: int,
        keep: int,
        new: list[str],
        *,
        game: tuple[int, int] | None = None,
        tally: tuple[int, int, int, tuple[int, int]] | None = None,
        result: tuple[int, int, list[tuple[int, str, str, bool]]] | None = None,
    ) -> None:
        """What one change at a table makes, in one transaction (all of it is kept or none):
        keep the first ``keep`` lines of the table's game and append ``new`` after them; a new
        game's ``(seed, number)``; the game's tally ``(number, events, hits, (numerator,
        denominator) of the hits expected)``; a finished game's ``(number, seed, rows)``, a row
        for each seat ``(seat, who, score, won?)``."""
        with self._tx() as db:
            db.execute("DELETE FROM lines WHERE table_id=? AND n>=?", (table_id, keep))
            db.executemany(
                "INSERT INTO lines (table_id, n, line) VALUES (?, ?, ?)",
                [(table_id, keep + i, line) for i, line in enumerate(new)],
            )
            if game is not None:
                db.execute("UPDATE tables SET seed=?, game_no=? WHERE id=?", (*game, table_id))
            if tally is not None:
                game_no, events, hits, (num, den) = tally
                db.execute(
                    "INSERT OR REPLACE INTO tally_games (table_id, game_no, rolls, fails,"
                    " expected_num, expected_den) VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, game_no, events, hits, num, den),
                )
            if result is not None:
                game_no, seed, rows = result
                db.executemany(
                    "INSERT OR REPLACE INTO results (table_id, game_no, seed, seat, who, score,"
                    " winner) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(table_id, game_no, seed, st, who, sc, int(w)) for st, who, sc, w in rows],
                )

    def results(self) -> list[tuple[int, int, int, str, str, bool]]:
        rows = self._db.execute(
            "SELECT table_id, game_no, seat, who, score, winner FROM results"
            " ORDER BY table_id, game_no, seat"
        ).fetchall()
        return [(int(a), int(b), int(c), str(d), str(e), bool(f)) for a, b, c, d, e, f in rows]

    # -- predictions -------------------------------------------------------------------------
    def add_poll(self, question: str, options: list[str], when: float) -> int:
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO polls (question, options, state, created) VALUES (?, ?, 'open', ?)",
                (question, json.dumps(options), when),
            )
            assert cur.lastrowid is not None
            return int(cur.lastrowid)

    def update_poll(self, poll_id: int, state: str, answer: int | None) -> None:
        with self._tx() as db:
            db.execute("UPDATE polls SET state=?, answer=? WHERE id=?", (state, answer, poll_id))

    def polls(self) -> list[dict[str, Any]]:
        out = []
        for pid, question, options, state, answer in self._db.execute(
            "SELECT id, question, options, state, answer FROM polls ORDER BY id"
        ).fetchall():
            votes = {
                str(t): int(c)
                for t, c in self._db.execute(
                    "SELECT token, choice FROM votes WHERE poll_id=?", (pid,)
                ).fetchall()
            }
            out.append(
                {
                    "id": int(pid),
                    "question": str(question),
                    "options": json.loads(options),
                    "state": str(state),
                    "answer": None if answer is None else int(answer),
                    "votes": votes,
                }
            )
        return out

    def vote(self, poll_id: int, token: str, choice: int) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO votes (poll_id, token, choice) VALUES (?, ?, ?)",
                (poll_id, token, choice),
            )

    # -- the lesson's questions and each pupil's answer ---------------------------------------
    def save_question(self, qid: str, spec: dict[str, Any], state: str, opened: float) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO questions (qid, spec, state, opened) VALUES (?, ?, ?, ?)",
                (qid, json.dumps(spec, sort_keys=True), state, opened),
            )

    def set_question_state(self, qid: str, state: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE questions SET state=? WHERE qid=?", (state, qid))

    def questions(self) -> list[tuple[str, dict[str, Any], str, float]]:
        rows = self._db.execute(
            "SELECT qid, spec, state, opened FROM questions ORDER BY opened"
        ).fetchall()
        return [(str(q), json.loads(s), str(st), float(o)) for q, s, st, o in rows]

    def save_answer(self, qid: str, token: str, typed: str, lang: str, at: float) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO answers (qid, token, typed, lang, at) VALUES (?, ?, ?, ?, ?)",
                (qid, token, typed, lang, at),
            )

    def answers(self) -> list[tuple[str, str, str, str]]:
        rows = self._db.execute(
            "SELECT qid, token, typed, lang FROM answers ORDER BY at"
        ).fetchall()
        return [(str(q), str(t), str(a), str(lg)) for q, t, a, lg in rows]

    # -- the tally ---------------------------------------------------------------------------
    def tally_games(self) -> list[tuple[int, int, int, int, int, int]]:
        rows = self._db.execute(
            "SELECT table_id, game_no, rolls, fails, expected_num, expected_den FROM tally_games"
            " ORDER BY table_id, game_no"
        ).fetchall()
        return [tuple(int(x) for x in r) for r in rows]  # type: ignore[misc]

    def add_typed(self, label: str, rolls: int, fails: int, when: float) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO tally_typed (label, rolls, fails, created) VALUES (?, ?, ?, ?)",
                (label, rolls, fails, when),
            )

    def typed(self) -> list[tuple[str, int, int]]:
        rows = self._db.execute(
            "SELECT label, rolls, fails FROM tally_typed ORDER BY id"
        ).fetchall()
        return [(str(a), int(b), int(c)) for a, b, c in rows]


def _inode(path: str | Path) -> int | None:
    try:
        return os.stat(path).st_ino
    except OSError:
        return None


def _read_note(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as f:
            note = json.loads(f.read() or "{}")
    except (OSError, ValueError):
        return {}
    return note if isinstance(note, dict) else {}
