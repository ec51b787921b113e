"""The class server against a mischievous pupil and a tired laptop: a failed write loses nothing
shown, the store refuses to be shared or misused with one clear sentence, the teacher key stays
out of logs, URLs and other users' reach; joins, names, tables and connections are capped with a
plain sentence at every cap, and the teacher can remove, block and hand back. Loopback only,
bounded loops."""

from __future__ import annotations

import os
import sqlite3
import stat

import pytest
from test_class_room import Clock, Device, counter, pupil, teacher

from kaskaria.classroom.room import ClassRoom
from kaskaria.classroom.store import Store, StoreError
from kaskaria.core import TERMINAL


class Disk:
    """A disk that fills up on demand: every write of the store raises sqlite3.Error while
    ``full``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        real = Store._tx

        def tx(store: Store):  # type: ignore[no-untyped-def]
            if self.full:
                raise sqlite3.OperationalError("database or disk is full")
            return real(store)

        monkeypatch.setattr(Store, "_tx", tx)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def room(tmp_path, clock) -> ClassRoom:
    return ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(4242))


def stored_lines(path) -> dict[int, list[str]]:
    db = sqlite3.connect(path)
    out: dict[int, list[str]] = {}
    for tid, line in db.execute("SELECT table_id, line FROM lines ORDER BY table_id, n"):
        out.setdefault(tid, []).append(line)
    db.close()
    return out


def move(device: Device, room: ClassRoom, tid: int) -> str:
    """The device's pupil makes the first legal move on their latest view."""
    table = room.tables[tid].table
    action = str(table.state.legal_actions()[0])
    device.say(
        type="table",
        msg={"type": "action", "action": action, "version": device.views()[-1]["version"]},
    )
    return action


def until_turn(room: ClassRoom, clock: Clock, tid: int, seat: int) -> None:
    """The bots step (on the server's clock) until ``seat`` decides."""
    table = room.tables[tid].table
    for _ in range(100):
        if table.state.current_player() in (seat, TERMINAL):
            return
        clock.t += room.wake_in(tid) or 1
        room.tick(tid)
    raise AssertionError("the bots did not hand the turn over")


# -- 2. nothing lost -------------------------------------------------------------------------
def test_a_failed_write_refuses_the_move_alerts_the_teacher_and_loses_nothing(
    tmp_path, room, clock, monkeypatch
):
    disk = Disk(monkeypatch)
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=0)
    table = room.tables[tid].table
    for _ in range(3):  # a few moves that are kept
        until_turn(room, clock, tid, 0)
        move(ann, room, tid)
    until_turn(room, clock, tid, 0)
    kept = [str(a) for a in table.match.actions]
    shown_before = ann.views()[-1]
    disk.full = True
    move(ann, room, tid)
    # the move was not kept, so it did not happen: the table is where the store is
    assert [str(a) for a in table.match.actions] == kept
    assert ann.errors()[-1] == (
        "That could not be saved, so it did not happen. Try again in a moment."
    )
    assert "Traceback" not in ann.text()
    assert t.errors()[-1].startswith("The class's file cannot be written")
    assert room.snapshot()["alert"].startswith("The class's file cannot be written")
    assert room.snapshot("de")["alert"].startswith("Die Datei der Klasse")
    # no device was ever shown the move that was not kept
    for m in ann.views() + t.got:
        if m.get("type") == "class":
            for summary in m["tables"]:
                assert summary["actions"] <= len(kept)
    assert ann.views()[-1]["version"] >= shown_before["version"]
    # the bots do not step past the store either, and the class stays where it was
    for _ in range(5):
        clock.t += 5
        room.tick(tid)
    assert [str(a) for a in table.match.actions] == kept
    # the disk has room again: the server's housekeeping finds it, the alert goes, play goes on
    room.housekeeping()
    assert room.store_trouble  # still full
    disk.full = False
    room.housekeeping()
    assert not room.store_trouble and room.snapshot()["alert"] == ""
    until_turn(room, clock, tid, 0)
    move(ann, room, tid)
    assert len(table.match.actions) > len(kept)
    shown = [str(a) for a in table.match.actions]
    room.store.close()
    # after a restart every move a screen was shown is there
    assert stored_lines(tmp_path / "class.sqlite3")[tid] == shown
    again = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock)
    assert [str(a) for a in again.tables[tid].table.match.actions] == shown


def test_a_failed_write_during_a_game_of_bots_and_a_new_game(tmp_path, room, clock, monkeypatch):
    disk = Disk(monkeypatch)
    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=1)
    table = room.tables[tid].table
    shown: list[str] = []
    for step in range(200):  # bounded: the game ends well before
        disk.full = step % 3 == 1  # every third write fails
        before = [str(a) for a in table.match.actions]
        if table.state.current_player() == 1:
            move(ann, room, tid)
        elif table.state.current_player() == TERMINAL:
            break
        else:
            clock.t += room.wake_in(tid) or 1
            room.tick(tid)
        after = [str(a) for a in table.match.actions]
        if disk.full:
            assert after == before  # refused, nothing shown
        else:
            disk.full = False
            room.housekeeping()
        shown = after
    disk.full = False
    room.housekeeping()
    room.store.close()
    assert stored_lines(tmp_path / "class.sqlite3")[tid] == shown


def test_a_failed_write_when_sitting_or_joining_changes_nothing(room, monkeypatch):
    disk = Disk(monkeypatch)
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    disk.full = True
    ann.say(type="sit", table=tid, seat=0)
    assert room.tables[tid].sitters == [None, None]
    assert room.tables[tid].table.seats == ("easy", "easy")
    assert ann.errors()[-1].startswith("That could not be saved")
    ben = Device(room)
    ben.say(type="hello", code=room.code, name="Ben")
    assert [p.name for p in room.pupils.values()] == ["Ann"]
    assert ben.errors()[-1].startswith("That could not be saved")
    t.say(type="remove", table=tid)
    assert tid in room.tables


def test_the_store_refuses_with_one_sentence(tmp_path, monkeypatch):
    path = tmp_path / "class.sqlite3"
    first = Store(path)
    # two servers on one store: the second is refused while the first runs
    with pytest.raises(StoreError, match=r"^Another class server \(process \d+\) already uses"):
        Store(path)
    first.close()
    Store(path).close()
    with pytest.raises(StoreError, match=r"is a folder: give a file name"):
        Store(tmp_path)
    (tmp_path / "notes.txt").write_text("not a class" * 100)
    with pytest.raises(StoreError, match=r"is not a class's store"):
        Store(tmp_path / "notes.txt")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match=r"cannot be made"):
        Store(blocker / "sub" / "class.sqlite3")

    # a read-only store is found at the start, not by the first pupil (root may write any
    # file, so the file system's refusal is made here)
    def readonly(store: Store):  # type: ignore[no-untyped-def]
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(Store, "_tx", readonly)
    with pytest.raises(StoreError, match=r"is read-only: make it writable"):
        Store(path)


def test_the_store_files_are_the_owners_only_and_a_deleted_store_says_so(tmp_path, clock):
    path = tmp_path / "class.sqlite3"
    room = ClassRoom(str(path), clock=clock)
    code = room.code
    for name in os.listdir(tmp_path):
        mode = stat.S_IMODE(os.stat(tmp_path / name).st_mode)
        assert mode == 0o600, (name, oct(mode))
    # deleted while the class runs: written again from the open store, the teacher told
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    os.remove(path)
    room.housekeeping()
    assert path.exists()
    assert t.errors()[-1] == "The class's file was deleted: it has been written again from memory."
    t.say(type="create", game="heroes", players=3, level="easy")
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert again.code == code and len(again.tables) == 2
    again.store.close()
    # deleted while no server ran: the next one says it starts a new class
    for extra in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{extra}"):
            os.remove(f"{path}{extra}")
    fresh = ClassRoom(str(path), clock=clock)
    assert fresh.store.gone == code and fresh.code != code
