"""The class's store when the disk is not well: a change is kept whole or not at all and every
change that could not be kept is said. Loopback only, bounded loops."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_class_guard import move
from test_class_room import Clock, counter, pupil, teacher

from kaskaria.classroom.room import ClassRoom
from kaskaria.classroom.store import Store
from kaskaria.core import TERMINAL

FAILED = "That could not be saved, so it did not happen. Try again in a moment."
REWRITTEN = "The class's file was deleted: it has been written again from memory."


@pytest.fixture
def clock() -> Clock:
    return Clock()


def playing(path: Path, clock: Clock, game: str = "heroes") -> tuple[ClassRoom, Any, Any, int]:
    """A class at ``path`` with a table of ``game`` where Ann sits at seat 0: (room, teacher,
    Ann, table)."""
    room = ClassRoom(str(path), clock=clock, seeds=counter(4242))
    t = teacher(room)
    t.say(type="create", game=game, players=2, level="easy")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=0)
    return room, t, ann, tid


def actions(room: ClassRoom, tid: int) -> list[str]:
    return [str(a) for a in room.tables[tid].table.match.actions]


def start_server(store: Path) -> subprocess.CompletedProcess[str]:
    """``kaskaria-class`` on ``store`` for a tenth of a second (or its refusal)."""
    cmd = [sys.executable, "-m", "kaskaria.classroom.server", "--port", "0"]
    cmd += ["--store", str(store), "--no-announce", "--stop-after", "0.1"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def kept_lines(room: ClassRoom, tid: int) -> list[str]:
    """The action lines the store holds for table ``tid`` (read through the store's own
    connection: the file is the server's alone while it runs)."""
    return next(row["lines"] for row in room.store.tables() if row["id"] == tid)


class FailingAt:
    """The store's database, failing every other statement that contains ``sql`` (as a disk
    that fills up in the middle of a transaction): ``failed`` counts the failures."""

    def __init__(self, db: sqlite3.Connection, sql: str) -> None:
        self.db, self.sql, self.seen, self.failed = db, sql, 0, 0

    def _check(self, statement: str) -> None:
        if self.sql in statement:
            self.seen += 1
            if self.seen % 2:
                self.failed += 1
                raise sqlite3.OperationalError("database or disk is full")

    def execute(self, statement: str, *args: Any) -> Any:
        self._check(statement)
        return self.db.execute(statement, *args)

    def executemany(self, statement: str, *args: Any) -> Any:
        self._check(statement)
        return self.db.executemany(statement, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


# -- a failed write ---------------------------------------------------------------------------
@pytest.mark.parametrize("fails", ["INTO tally_games", "INTO results"])
def test_a_write_that_fails_halfway_keeps_nothing_of_the_change(tmp_path, clock, fails):
    """The action lines went in, then the tally (or the result) could not: the whole change is
    taken back, so "it did not happen" is true everywhere, in the store too."""
    path = tmp_path / "class.sqlite3"
    room, t, ann, tid = playing(path, clock, "dragon-battle")
    table = room.tables[tid].table
    woken: list[tuple[int, float | None]] = []
    room.on_wake = lambda table_id, wait: woken.append((table_id, wait))
    real = room.store._db
    failing = FailingAt(real, fails)
    refused = 0
    for _ in range(400):  # bounded: a game of Dragon Battle ends well before
        if table.state.current_player() == TERMINAL:
            break
        room.store._db = failing  # type: ignore[assignment]
        before, told = actions(room, tid), len(ann.errors())
        tally = room.tables[tid].tally
        mine = table.state.current_player() == 0
        if mine:
            move(ann, room, tid)
        else:
            clock.t += room.wake_in(tid) or 1
            woken.clear()
            room.tick(tid)
        room.store._db = real
        if failing.failed > refused:  # this change could not be kept: nothing of it is
            refused = failing.failed
            assert actions(room, tid) == before and room.tables[tid].tally == tally
            assert kept_lines(room, tid) == before
            if mine:
                assert ann.errors()[told:] == [FAILED]
            else:  # a bot's step: its timer is set again, the bot tries once more
                assert woken and woken[-1][0] == tid and woken[-1][1] is not None
            assert room.store_trouble and room.snapshot()["alert"]
            room.housekeeping()  # the disk has room again
            assert not room.store_trouble
        else:
            assert len(ann.errors()) == told  # a kept change is never called lost
            assert kept_lines(room, tid) == actions(room, tid)
    assert table.state.current_player() == TERMINAL and refused >= 1
    shown = actions(room, tid)
    counted = room.tables[tid].tally
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert actions(again, tid) == shown
    kept = {(g[0], g[1]): g[2:4] for g in again.store.tally_games()}
    assert kept[(tid, 1)] == (counted[1], counted[2])
    assert [r[0] for r in again.store.results()] == [tid, tid]
    again.store.close()


def test_a_tiny_store_that_fills_up_loses_nothing_shown(tmp_path, clock):
    """A store that can grow no more (SQLite's page limit, a full disk for the file alone): a
    change that does not fit is refused whole, one that fits is kept, and nothing a screen was
    shown is missing after a restart."""
    path = tmp_path / "class.sqlite3"
    room, t, ann, tid = playing(path, clock, "dragon-battle")
    table = room.tables[tid].table
    db = room.store._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={pages}")
    # what is left of the pages of action lines is filled (lines of a table that is not
    # there), so that the next line needs a page the store cannot have
    filled = 0
    for size in (400, 40, 1):
        with pytest.raises(sqlite3.OperationalError, match="full"):
            for _ in range(1000):  # bounded: a few pages of 4 kB
                db.execute("INSERT INTO lines VALUES (?, ?, ?)", (10**6, filled, "x" * size))
                filled += 1
    refused = applied = 0
    for _ in range(60):  # bounded
        if table.state.current_player() == TERMINAL:
            break
        before = actions(room, tid)
        if table.state.current_player() == 0:
            move(ann, room, tid)
        else:
            clock.t += room.wake_in(tid) or 1
            room.tick(tid)
        if actions(room, tid) == before:
            refused += 1
        else:
            applied += 1
        if refused == 5:  # the teacher frees some room
            db.execute("DELETE FROM lines WHERE table_id=?", (10**6,))
            room.housekeeping()
    assert refused >= 5 and applied > 0 and not room.store_trouble
    assert FAILED in ann.errors()
    assert t.errors()[0].startswith("The class's file cannot be written (is the disk full?)")
    shown = actions(room, tid)
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert actions(again, tid) == shown
    again.store.close()


def test_the_teacher_hears_every_change_that_was_not_kept(tmp_path, clock, monkeypatch):
    room, t, ann, tid = playing(tmp_path / "class.sqlite3", clock)

    def full(store: Store):  # type: ignore[no-untyped-def]
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "_tx", full)
    t.say(type="create", game="heroes", players=3, level="easy")
    assert t.errors()[-1].startswith("The class's file cannot be written")
    t.say(type="create", game="heroes", players=3, level="easy")
    assert t.errors()[-1] == FAILED
    # a command from Python (the projector's widget, a notebook) is told as well
    assert room.command('{"type": "create", "game": "heroes", "players": 2}') == [
        {"type": "error", "text": FAILED}
    ]
    assert len(room.tables) == 1
    room.store.close()
