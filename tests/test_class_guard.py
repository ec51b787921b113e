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


# -- 1. connections, 2. the key and the headers, over the network (127.0.0.1 only) -----------
def _connect_from(source: str, port: int):
    """A raw TCP socket to the server from another loopback address (127.0.0.2: one computer
    of a class, as the server sees it)."""
    import socket

    s = socket.socket()
    s.settimeout(5)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def _is_closed(sock) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(64) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


@pytest.fixture
def guarded(tmp_path):
    from class_support import ServerProcess

    s = ServerProcess(
        tmp_path / "class.sqlite3",
        stop_after=60,
        extra=(
            "--per-address",
            "8",
            "--max-connections",
            "40",
            "--hello-wait",
            "1",
            "--idle",
            "1",
        ),
    ).start()
    yield s
    s.stop()


def test_idle_and_half_sent_sockets_cannot_lock_out_the_class(guarded):
    import time

    from class_support import Client, run_async

    s = guarded
    # one computer opens many idle sockets and half-sent requests (slowloris)
    idle = [_connect_from("127.0.0.2", s.port) for _ in range(30)]
    for sock in idle[:10]:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    time.sleep(0.3)
    assert sum(not _is_closed(sock) for sock in idle) <= 8  # the rest closed at once

    async def join_and_play() -> None:
        ann = await Client(s.url).open()  # a pupil on another computer still gets in
        await ann.send(type="hello", code=s.code, name="Ann")
        await ann.wait_for(lambda m: m["type"] == "welcome")
        # a socket that never says hello is closed after the wait
        silent = await Client(s.url).open()
        await silent.wait_for(lambda m: m["type"] == "closed", timeout=5)
        # Ann, who said hello, is still here
        await ann.send(type="create", game="heroes", players=2, level="easy")
        await ann.wait_for(lambda m: m["type"] == "lobby" and m["tables"])

    run_async(join_and_play())
    # the header timeout closed the half-sent requests and the idle sockets
    end = time.monotonic() + 10
    while time.monotonic() < end and not all(_is_closed(sock) for sock in idle):
        time.sleep(0.2)
    assert all(_is_closed(sock) for sock in idle)
    for sock in idle:
        sock.close()
    s.stop()
    out = "".join(s.out) + (s.proc.stdout.read() if s.proc and s.proc.stdout else "")
    # the flood is in the log once, not once per socket
    assert out.count("too many connections") == 1, out[-2000:]
    assert "Traceback" not in out


def test_no_key_in_the_log_or_a_file_others_may_read_and_the_pages_headers(guarded, tmp_path):
    import urllib.error
    import urllib.request

    s = guarded
    for path in (f"api/nothing?key={s.key}", f"api/class?key={s.key}x", "nothing?key=" + s.key):
        try:
            urllib.request.urlopen(s.url + path, timeout=5)
        except urllib.error.HTTPError as err:
            assert err.code in (403, 404)
    with urllib.request.urlopen(s.url, timeout=5) as r:
        csp = r.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert r.headers["X-Frame-Options"] == "DENY"
    request = urllib.request.Request(s.url + "api/qr.svg", headers={"X-Kaskaria-Key": s.key})
    with urllib.request.urlopen(request, timeout=5) as r:
        assert r.status == 200
    s.stop()
    # what the server says after its banner (the banner on the teacher's own screen names the
    # key on purpose)
    out = s.proc.stdout.read() if s.proc and s.proc.stdout else ""
    assert "403 GET /api/class" in out  # the refusal is logged, without its query string
    assert s.key not in out
    for name in os.listdir(tmp_path):
        mode = stat.S_IMODE(os.stat(tmp_path / name).st_mode)
        assert mode & 0o077 == 0, (name, oct(mode))


def test_a_socket_from_another_site_is_refused(guarded):
    import tornado.httpclient
    import tornado.websocket
    from class_support import run_async

    s = guarded

    async def try_origin(origin: str) -> bool:
        request = tornado.httpclient.HTTPRequest(
            s.url.replace("http", "ws") + "ws", headers={"Origin": origin}
        )
        try:
            ws = await tornado.websocket.websocket_connect(request)
        except tornado.httpclient.HTTPClientError as err:
            assert err.code == 403
            return False
        ws.close()
        return True

    async def run() -> None:
        assert await try_origin(f"http://127.0.0.1:{s.port}")  # the server's own pages
        assert await try_origin("http://localhost:8888")  # the teacher's notebook
        assert not await try_origin("https://evil.example")
        assert not await try_origin("null")

    run_async(run())


def test_csv_cells_that_start_a_formula_are_text(room):
    from kaskaria.classroom.server import csv_cell, export_csv

    assert [csv_cell(v) for v in ("=1+1", "+A1", "-2+3", "@SUM(A1)", "\tx", "\rx", "ok")] == [
        "'=1+1",
        "'+A1",
        "'-2+3",
        "'@SUM(A1)",
        "'\tx",
        "'\rx",
        "ok",
    ]
    assert csv_cell("-3") == "-3" and csv_cell(-3) == -3  # a number stays a number
    t = teacher(room)
    t.say(type="poll_open", question='=HYPERLINK("x")', options=["-1+1", "@A"])
    text = export_csv(room)
    assert "'=HYPERLINK" in text and "'-1+1" in text and "'@A" in text
    assert "\n=" not in text and ",=" not in text and ",-1+1" not in text
