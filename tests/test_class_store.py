"""The class's store when the disk is not well: a change is kept whole or not at all, a store
deleted while the class plays is written again before the next write, a second server is refused
even when the ``.lock`` file is gone, a server that took a deleted store's path is not
overwritten, and a restart over a store that was emptied says it starts a new class. Loopback
only, bounded loops."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from test_class_guard import move, stored_lines, until_turn
from test_class_room import Clock, Device, counter, pupil, teacher

from kaskaria.classroom.room import ClassRoom
from kaskaria.classroom.store import WAL_BYTES, Store, StoreError
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


#: The teacher's alert while writes fail: true when only some fail (a nearly full disk), as here.
ALERT = (
    "The class's file could not be written (is the disk full?): a move that cannot be saved is "
    "taken back, and play goes on when there is room. Free some space on the disk. Retrying."
)


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
            assert room.store_trouble and room.snapshot()["alert"] == ALERT
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
    assert t.errors()[0] == ALERT
    shown = actions(room, tid)
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert actions(again, tid) == shown
    again.store.close()


def test_the_log_beside_the_store_stays_small_while_a_class_plays(tmp_path):
    """Hundreds of changes, each in its own transaction: the write-ahead log is folded back into
    the store and cut back, so a small disk is not filled by the log alone (it grew to about
    4 MB before), and everything written is in the store."""
    path = tmp_path / "class.sqlite3"
    store = Store(str(path))
    largest = 0
    for n in range(400):  # bounded: about 1,200 pages written
        store.save_play(1, 5 * n, [f"{n}-{i}-" + "x" * 200 for i in range(5)])
        largest = max(largest, os.path.getsize(str(path) + "-wal"))
    assert largest <= WAL_BYTES + 16 * 4096  # the limit, and one change's pages over it
    rows = store._db.execute("SELECT COUNT(*) FROM lines WHERE table_id=1").fetchone()[0]
    assert rows == 2000
    store.close()


def test_the_teacher_hears_every_change_that_was_not_kept(tmp_path, clock, monkeypatch):
    room, t, ann, tid = playing(tmp_path / "class.sqlite3", clock)

    def full(store: Store):  # type: ignore[no-untyped-def]
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "_tx", full)
    # a command from Python (the projector's widget, a notebook) is told, the teacher's page
    # shows the alert
    create = '{"type": "create", "game": "heroes", "players": 2}'
    assert room.command(create) == [{"type": "error", "text": FAILED}]
    assert t.errors()[-1].startswith("The class's file could not be written")
    t.say(type="create", game="heroes", players=3, level="easy")
    assert t.errors()[-1] == FAILED
    assert room.command(create) == [{"type": "error", "text": FAILED}]
    assert len(room.tables) == 1
    # once the store writes again, the teacher's page hears the alert first again
    monkeypatch.undo()
    room.housekeeping()
    assert room.snapshot()["alert"] == ""
    monkeypatch.setattr(Store, "_tx", full)
    told = len(t.errors())
    t.say(type="create", game="heroes", players=3, level="easy")
    assert t.errors()[told:] == [room.snapshot()["alert"]]
    room.store.close()


# -- the store deleted while the class plays ---------------------------------------------------
@pytest.mark.parametrize("deleted", ["file", "file and log", "folder"])
def test_a_store_deleted_mid_play_is_written_again_before_the_next_write(tmp_path, clock, deleted):
    folder = tmp_path / "class"
    path = folder / "class.sqlite3"
    room, t, ann, tid = playing(path, clock)
    code = room.code
    until_turn(room, clock, tid, 0)
    move(ann, room, tid)
    if deleted == "folder":  # the store, its log and its lock: everything
        shutil.rmtree(folder)
    else:
        for extra in ("", "-wal", "-shm") if deleted == "file and log" else ("",):
            if os.path.exists(f"{path}{extra}"):
                os.remove(f"{path}{extra}")
    # the next move is kept (the file is written again before it), well before housekeeping
    until_turn(room, clock, tid, 0)
    before = len(actions(room, tid))
    move(ann, room, tid)
    assert len(actions(room, tid)) > before and FAILED not in ann.errors()
    assert path.exists() and kept_lines(room, tid) == actions(room, tid)
    # the teacher hears it once, at the next housekeeping
    room.housekeeping()
    room.housekeeping()
    assert t.errors().count(REWRITTEN) == 1
    # the lock is back: a second server is refused
    with pytest.raises(StoreError, match=r"^Another class server \(process \d+\) already uses"):
        Store(path)
    shown = actions(room, tid)
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert again.code == code and actions(again, tid) == shown
    assert again.store.deleted_class is None
    again.store.close()


def test_a_deleted_store_that_cannot_be_written_again_refuses_the_move(
    tmp_path, clock, monkeypatch
):
    """The store deleted on a full disk: its copy cannot be put in place, so the move is refused
    (not written to a file no restart would find), the half copy is removed, and the next try
    writes the file again."""
    path = tmp_path / "class.sqlite3"
    room, t, ann, tid = playing(path, clock)
    until_turn(room, clock, tid, 0)
    os.remove(path)
    real = os.replace

    def full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    before = actions(room, tid)
    move(ann, room, tid)
    assert actions(room, tid) == before and ann.errors()[-1] == FAILED
    assert t.errors()[-1].startswith("The class's file could not be written")
    assert not path.exists() and not os.path.exists(f"{path}.new")
    monkeypatch.setattr(os, "replace", real)
    room.housekeeping()
    assert path.exists() and not room.store_trouble and t.errors()[-1] == REWRITTEN
    move(ann, room, tid)
    shown = actions(room, tid)
    assert len(shown) > len(before)
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert actions(again, tid) == shown
    again.store.close()


def test_a_server_that_took_a_deleted_stores_path_is_not_overwritten(tmp_path, clock):
    folder = tmp_path / "class"
    path = folder / "class.sqlite3"
    room, t, ann, tid = playing(path, clock)
    until_turn(room, clock, tid, 0)
    shutil.rmtree(folder)
    other = Store(path)  # a second server started while the folder was gone
    other.set_meta("code", "OTHER2")
    before = actions(room, tid)
    move(ann, room, tid)
    # this class keeps nothing in the other's file: the move is refused, the teacher told why
    assert actions(room, tid) == before and ann.errors()[-1] == FAILED
    said = t.errors()[-1]
    assert said.startswith("Another class server (process ") and "moves are refused" in said
    assert room.snapshot("de")["alert"].startswith("Ein anderer Klassenserver (Prozess ")
    room.housekeeping()
    assert other.meta("code") == "OTHER2" and room.store.taken_by is not None
    # the other server stops: this class writes its file again and plays on
    other.close()
    room.housekeeping()
    assert room.store.taken_by is None and room.snapshot()["alert"] == ""
    assert t.errors()[-1] == REWRITTEN
    move(ann, room, tid)
    assert len(actions(room, tid)) > len(before)
    shown = actions(room, tid)
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert again.code == room.code and actions(again, tid) == shown
    again.store.close()


# -- starting over a store ---------------------------------------------------------------------
def test_a_restart_over_an_emptied_store_says_it_is_a_new_class(tmp_path, clock):
    path = tmp_path / "class.sqlite3"
    room, t, ann, tid = playing(path, clock)
    code = room.code
    room.store.close()
    path.write_bytes(b"")  # emptied while no server ran (a sync tool, a careless copy)
    fresh = ClassRoom(str(path), clock=clock)
    assert fresh.store.deleted_class == code and fresh.code != code
    said = fresh.snapshot()["alert"]
    assert said == (
        f"This is a new class ({fresh.code}): the class {code} kept in this file was deleted "
        "before the server started."
    )
    assert fresh.snapshot("de")["alert"].startswith(f"Das ist eine neue Klasse ({fresh.code})")
    # once the new class has pupils the note has done its work
    pupil(fresh, "Ben")
    assert fresh.snapshot()["alert"] == ""
    fresh.store.close()
    # the terminal says so as well
    path.write_bytes(b"")
    out = start_server(path)
    assert out.returncode == 0, out.stderr
    assert f"Note: the class {fresh.code} kept in this store was deleted" in out.stdout


def test_the_server_refuses_a_store_in_use_or_unfit_in_one_line(tmp_path, clock):
    path = tmp_path / "class.sqlite3"
    room, t, ann, tid = playing(path, clock)
    # the .lock file deleted while the class runs: SQLite's own lock still refuses a second
    # server (within a second), before housekeeping makes the .lock file again
    os.remove(f"{path}.lock")
    notes = tmp_path / "notes.txt"
    notes.write_text("not a class" * 100)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for store, said in (
        (path, "is in use by another program: stop it or choose another --store."),
        (notes, "is not a class's store: choose another --store."),
        (blocker / "sub" / "class.sqlite3", "cannot be made: choose another --store."),
    ):
        out = start_server(store)
        assert out.returncode == 2, out.stderr
        assert out.stderr.count("\n") == 1 and said in out.stderr, out.stderr
        assert out.stderr.startswith("kaskaria-class: ") and "Traceback" not in out.stderr
        assert "Class code" not in out.stdout
    # a refused start over a file that is no store leaves no .lock file behind
    assert not Path(f"{notes}.lock").exists()
    # the class was not touched by any of them
    until_turn(room, clock, tid, 0)
    move(ann, room, tid)
    shown = actions(room, tid)
    room.store.close()
    assert stored_lines(path)[tid] == shown


def test_a_running_server_whose_store_folder_is_deleted_loses_nothing_after_kill_9(tmp_path):
    """The real server: the store's whole folder deleted mid-play, Ann plays on, the teacher's
    page is told, ``kill -9``: the restarted server has the same class and every move."""
    import json

    from class_support import Client, ServerProcess, open_teacher, run_async
    from test_class_server import get

    store = tmp_path / "class" / "class.sqlite3"

    async def play(s: ServerProcess) -> dict[str, Any]:
        teacher = await open_teacher(s)
        await teacher.send(type="create", game="dragon-battle", players=2, level="easy")
        snap = await teacher.wait_for(lambda m: m["type"] == "class" and m["tables"])
        tid = snap["tables"][0]["id"]
        ann = await Client(s.url).open()
        await ann.send(type="hello", code=s.code, name="Ann")
        await ann.wait_for(lambda m: m["type"] == "welcome")
        await ann.send(type="sit", table=tid, seat=0)
        await ann.wait_for(lambda m: m["type"] == "view" and m["seat"] == 0)
        shutil.rmtree(store.parent)
        made = 0
        for _ in range(200):  # bounded: Ann's few moves, the bot's turns in between
            held = ann.held_view()
            to_move = held["turn"]["to_move"]
            if to_move == "over" or (made >= 3 and to_move == "human"):
                break
            n = len(ann.got)
            if to_move == "human" and held["moves"]["actions"]:
                action = held["moves"]["actions"][0]["action"]
                await ann.send(
                    type="table",
                    msg={"type": "action", "action": action, "version": held["version"]},
                )
                made += 1
            await ann.wait_for(lambda m: m["type"] in ("view", "error"), timeout=15, start=n)
        assert made >= 3 and not any(m["type"] == "error" for m in ann.got)
        told = await teacher.wait_for(lambda m: m["type"] == "error", timeout=10)
        assert told["text"] == REWRITTEN
        assert store.exists() and os.path.exists(f"{store}.lock")
        status, text = get(s.url + "api/class", key=s.key)
        assert status == 200
        return json.loads(text)

    first = ServerProcess(store, extra=("--pace", "0.2")).start()
    try:
        before = run_async(play(first))
    finally:
        first.kill()
    second = ServerProcess(store).start()
    try:
        assert (second.code, second.key) == (first.code, first.key)
        now = json.loads(get(second.url + "api/class", key=second.key)[1])
    finally:
        second.stop()
    assert [t["actions"] for t in now["tables"]] == [t["actions"] for t in before["tables"]]
    assert before["tables"][0]["actions"] >= 3


# -- any order of moves, failures, deletions and restarts ---------------------------------------
class StoreMachine(RuleBasedStateMachine):
    """A class with Ann at a Dragon Battle table and a bot at the other seat, while writes fail
    (whole or halfway), the store's file, folder or ``.lock`` file is deleted and the server
    restarts. After every step every move a screen was shown is what the store holds, with its
    tally; a refused change says so on the device that made it; and a restart finds the same."""

    @initialize()
    def set_up(self) -> None:
        self.folder = Path(tempfile.mkdtemp()) / "class"
        self.path = self.folder / "class.sqlite3"
        self.clock = Clock()
        self.room, self.t, self.ann, self.tid = playing(self.path, self.clock, "dragon-battle")
        self.token = self.ann.got[0]["token"]
        self.full = False

    def teardown(self) -> None:
        room = getattr(self, "room", None)
        if room is not None:
            room.store.close()
            shutil.rmtree(self.folder.parent, ignore_errors=True)

    def _fill(self, full: bool) -> None:
        """The disk full (every write fails) or not."""
        self.full = full
        if full:

            def tx(*_: Any) -> Any:
                raise sqlite3.OperationalError("database or disk is full")

            self.room.store._tx = tx  # type: ignore[method-assign]
        else:
            self.room.store.__dict__.pop("_tx", None)

    @rule()
    def ann_moves(self) -> None:
        table = self.room.tables[self.tid].table
        if table.state.current_player() != 0:
            return
        before, told = actions(self.room, self.tid), len(self.ann.errors())
        move(self.ann, self.room, self.tid)
        if actions(self.room, self.tid) == before:
            assert self.ann.errors()[told:] == [FAILED]
        else:
            assert len(self.ann.errors()) == told

    @rule()
    def bot_steps(self) -> None:
        self.clock.t += self.room.wake_in(self.tid) or 1
        self.room.tick(self.tid)

    @rule()
    def ann_moves_while_a_write_fails_halfway(self) -> None:
        store = self.room.store
        failing = FailingAt(store._db, "INTO tally_games")
        store._db = failing  # type: ignore[assignment]
        try:
            self.ann_moves()
        finally:
            if store._db is failing:  # (a store written again has a connection of its own)
                store._db = failing.db

    @rule(full=st.booleans())
    def disk(self, full: bool) -> None:
        self._fill(full)

    @rule(what=st.sampled_from(["file", "folder", "lock"]))
    def delete(self, what: str) -> None:
        if what == "folder":
            shutil.rmtree(self.folder, ignore_errors=True)
        else:
            Path(f"{self.path}.lock" if what == "lock" else self.path).unlink(missing_ok=True)

    @rule()
    def housekeeping(self) -> None:
        self.room.housekeeping()

    @rule()
    def restart(self) -> None:
        """The server stops (Ctrl+C) and starts again; Ann's device comes back with its token."""
        full = self.full
        self._fill(False)
        shown = actions(self.room, self.tid)
        code = self.room.code
        self.room.store.close()
        self.room = ClassRoom(str(self.path), clock=self.clock, seeds=counter(77))
        assert self.room.code == code and actions(self.room, self.tid) == shown
        self.ann = Device(self.room)
        self.ann.say(type="hello", code=self.room.code, token=self.token)
        assert self.ann.got[0]["type"] == "welcome"
        self.t = teacher(self.room)
        self._fill(full)

    @invariant()
    def every_move_shown_is_stored(self) -> None:
        if not hasattr(self, "room"):
            return
        kept = self.room.tables[self.tid]
        assert kept_lines(self.room, self.tid) == actions(self.room, self.tid)
        stored = {(g[0], g[1]): g[2:4] for g in self.room.store.tally_games()}
        assert stored.get((self.tid, kept.game_no), (0, 0)) == (kept.tally[1], kept.tally[2])
        if self.room.store_trouble:
            assert self.room.snapshot()["alert"]


def test_any_order_of_moves_failures_deletions_and_restarts_loses_nothing_shown():
    run_state_machine_as_test(
        StoreMachine,
        settings=settings(
            max_examples=6,
            stateful_step_count=20,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )


def test_a_store_on_a_full_disk_is_refused_with_what_to_do(tmp_path):
    """SQLite's "database or disk is full" (and the system's ENOSPC) name the full disk and say
    to free some space; other errors keep their own words."""
    import errno
    import sqlite3

    from kaskaria.classroom.store import Store

    where = tmp_path / "class.sqlite3"
    full = sqlite3.OperationalError("database or disk is full")
    said = Store._why(where, full)
    assert said == (
        f"The store {where} cannot be written: the disk is full. Free some space on it, "
        "or choose another --store."
    )
    assert Store._why(where, OSError(errno.ENOSPC, "No space left on device")) == said
    other = Store._why(where, sqlite3.OperationalError("disk I/O error"))
    assert other.endswith("(disk i/o error): choose another --store.")


def test_a_start_on_a_full_disk_says_so_in_one_line_and_a_failed_note_keeps_the_old_one(
    tmp_path, clock, monkeypatch
):
    """No store yet (or its .lock deleted) on a full disk: the start is refused with the
    full-disk sentence and leaves no .lock behind; a note that cannot be written mid-play leaves
    the lock's note as it was (the pid and the class code), never an empty file."""
    import errno

    from kaskaria.classroom import store as store_module

    real = os.pwrite

    def full(fd: int, data: bytes, offset: int) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    path = tmp_path / "class.sqlite3"
    said = (
        f"The store {path} cannot be written: the disk is full. Free some space on it, "
        "or choose another --store."
    )
    monkeypatch.setattr(store_module.os, "pwrite", full)
    with pytest.raises(StoreError) as refused:
        Store(str(path))
    assert str(refused.value) == said and not Path(f"{path}.lock").exists()
    monkeypatch.setattr(store_module.os, "pwrite", real)
    room = ClassRoom(str(path), clock=clock)
    note = Path(f"{path}.lock").read_text()
    assert room.code in note and str(os.getpid()) in note
    monkeypatch.setattr(store_module.os, "pwrite", full)
    with pytest.raises(OSError):
        room.store._note(pid=1)
    assert Path(f"{path}.lock").read_text() == note
    monkeypatch.setattr(store_module.os, "pwrite", real)
    room.store.close()
    # the .lock deleted, then a start on the full disk: the same one line
    os.remove(f"{path}.lock")
    monkeypatch.setattr(store_module.os, "pwrite", full)
    with pytest.raises(StoreError) as refused:
        Store(str(path))
    assert str(refused.value) == said and not Path(f"{path}.lock").exists()


def test_a_start_refused_on_a_full_disk_leaves_no_store_it_made(tmp_path, clock, monkeypatch):
    """The disk fills while a new store is being made: the refused start takes away the file it
    made (and its log), never a store that was there before."""
    import sqlite3 as sql

    def full(self: Store) -> None:
        raise sql.OperationalError("database or disk is full")

    path = tmp_path / "new.sqlite3"
    monkeypatch.setattr(Store, "_opened", full)
    with pytest.raises(StoreError, match="the disk is full"):
        Store(str(path))
    assert sorted(os.listdir(tmp_path)) == []
    monkeypatch.undo()
    room = ClassRoom(str(tmp_path / "kept.sqlite3"), clock=clock)
    code = room.code
    room.store.close()
    monkeypatch.setattr(Store, "_opened", full)
    with pytest.raises(StoreError, match="the disk is full"):
        Store(str(tmp_path / "kept.sqlite3"))
    monkeypatch.undo()
    again = ClassRoom(str(tmp_path / "kept.sqlite3"), clock=clock)
    assert again.code == code
    again.store.close()
