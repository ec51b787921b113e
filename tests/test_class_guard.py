"""The class server against a mischievous pupil and a tired laptop: a failed write loses nothing
shown, the store refuses to be shared or misused with one clear sentence, the teacher key stays
out of logs, URLs and other users' reach; joins, names, tables and connections are capped with a
plain sentence at every cap, and the teacher can remove, block and hand back. Loopback only,
bounded loops."""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import stat

import pytest
from test_class_room import Clock, Device, counter, pupil, snapshot_of, teacher, until_turn

from kaskaria.classroom import room as room_module
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
    assert t.errors()[-1].startswith("The class's file could not be written")
    assert room.snapshot()["alert"].startswith("The class's file could not be written")
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
    # the teacher's settings, a prediction and a vote: nothing changes when nothing is kept
    pace = room.tables[tid].table.pace
    t.say(type="pace", table=tid, seconds=1)
    t.say(type="odds", table=tid, on=False)
    assert room.tables[tid].table.pace == pace and room.tables[tid].table.help is True
    t.say(type="poll_open", question="Who wins?", options=["Ann", "Ben"])
    assert len(room.polls) == 0
    disk.full = False
    t.say(type="poll_open", question="Who wins?", options=["Ann", "Ben"])
    pid = max(room.polls)
    disk.full = True
    ann.say(type="vote", poll=pid, choice=1)
    t.say(type="poll_reveal", poll=pid, answer=0)
    assert room.polls[pid]["votes"] == {} and room.polls[pid]["state"] == "open"
    assert room.store.polls()[0]["state"] == "open"


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
    assert fresh.store.deleted_class == code and fresh.code != code


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
    for path in (
        f"api/nothing?key={s.key}",
        f"api/class?key={s.key}x",
        "nothing?key=" + s.key,
        f"?lang={s.key}%ff",  # Tornado's own message for this one would quote the argument
    ):
        try:
            urllib.request.urlopen(s.url + path, timeout=5)
        except urllib.error.HTTPError as err:
            assert err.code in (400, 403, 404)
        else:
            raise AssertionError(f"{path} was not refused")
    with urllib.request.urlopen(s.url, timeout=5) as r:
        csp = r.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "connect-src 'self';" in csp  # a socket to the server's own host only
        assert r.headers["X-Frame-Options"] == "DENY"
    # an address the server does not have carries the same headers; the browser's icon is
    # none; the socket's address asked as a page answers 400, with the same headers too
    for path in ("nothing", "favicon.ico", "ws"):
        try:
            answer = urllib.request.urlopen(s.url + path, timeout=5)
        except urllib.error.HTTPError as err:
            assert (path, err.code) in (("nothing", 404), ("ws", 400))
            answer = err
        else:
            assert (path, answer.status) == ("favicon.ico", 204)
        with answer:
            assert answer.headers["Content-Security-Policy"] == csp, path
            assert answer.headers["X-Frame-Options"] == "DENY", path
            assert answer.headers["X-Content-Type-Options"] == "nosniff", path
            assert answer.headers["Referrer-Policy"] == "no-referrer", path
    request = urllib.request.Request(s.url + "api/qr.svg", headers={"X-Kaskaria-Key": s.key})
    with urllib.request.urlopen(request, timeout=5) as r:
        assert r.status == 200
    s.stop()
    # what the server says after its banner (the banner on the teacher's own screen names the
    # key on purpose)
    out = s.proc.stdout.read() if s.proc and s.proc.stdout else ""
    assert "403 GET /api/class" in out  # the refusal is logged, without its query string
    assert "400 GET /\n" in out
    assert s.key not in out
    for name in os.listdir(tmp_path):
        mode = stat.S_IMODE(os.stat(tmp_path / name).st_mode)
        assert mode & 0o077 == 0, (name, oct(mode))


def test_a_socket_from_another_site_is_refused(guarded):
    import tornado.httpclient
    import tornado.websocket
    from class_support import run_async

    s = guarded

    async def try_origin(origin: str, **more: str) -> bool:
        request = tornado.httpclient.HTTPRequest(
            s.url.replace("http", "ws") + "ws", headers={"Origin": origin, **more}
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
        assert await try_origin("http://[::1]:8888")  # this computer, by its IPv6 address
        assert not await try_origin("https://evil.example")
        assert not await try_origin("null")
        # sites whose names only begin like this computer's
        assert not await try_origin("http://127.evil.example")
        assert not await try_origin("http://127.0.0.1.evil.example")
        assert not await try_origin("http://localhost.evil.example")
        # a device cannot name its own page's address: X-Forwarded-Host counts from a trusted
        # proxy only
        assert not await try_origin("http://evil.example", **{"X-Forwarded-Host": "evil.example"})

    run_async(run())


def test_a_forwarded_host_counts_only_from_a_trusted_proxy():
    from types import SimpleNamespace

    from kaskaria.classroom.server import origin_allowed

    def request(peer: str) -> SimpleNamespace:
        headers = {"Host": "10.0.0.2:8765", "X-Forwarded-Host": "hub.school.example"}
        return SimpleNamespace(remote_ip=peer, headers=headers)

    hub = "https://hub.school.example"
    assert origin_allowed(hub, request("10.0.0.9"), trusted=frozenset({"10.0.0.9"}))
    assert not origin_allowed(hub, request("10.0.0.66"), trusted=frozenset({"10.0.0.9"}))
    assert origin_allowed("http://10.0.0.2:8765", request("10.0.0.66"))


def test_a_site_pointed_at_the_servers_address_is_not_one_of_its_pages():
    """DNS rebinding: a page of another site whose name was pointed at the server's address
    sends that name as both Host and Origin, and was let in (an attacker's test got "101
    Switching Protocols"). A Host asked for directly names this computer by an address or
    localhost; a school that names its server gives the name with --allow-origin."""
    from types import SimpleNamespace

    from kaskaria.classroom.server import origin_allowed

    def request(host: str) -> SimpleNamespace:
        return SimpleNamespace(remote_ip="10.0.0.66", headers={"Host": host})

    evil = "http://rebind.evil:8891"
    assert not origin_allowed(evil, request("rebind.evil:8891"))
    assert origin_allowed(evil, request("rebind.evil:8891"), frozenset({evil}))  # allowed by name
    for own in ("10.0.0.2:8891", "[fe80::1]:8891", "localhost:8891", "127.0.0.1:8891"):
        assert origin_allowed(f"http://{own}", request(own)), own
    assert not origin_allowed("http://10.0.0.3:8891", request("10.0.0.2:8891"))  # another address


def test_the_projector_s_key_shows_the_class_board_and_changes_nothing(room):
    """The projector widget's page connects with the projector's key, not the teacher key: it
    gets the board as the projector shows it (the answers as counts), and every command it sends is
    refused and changes nothing; the teacher key cannot be read from it."""
    from kaskaria.classroom.devices import board_key

    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    ann = join(room, "Annabel", "10.0.0.7")
    t.say(type="poll_open", question="Which?", options=["a", "b"])
    assert room.board_key == board_key(room.key) and room.key not in room.board_key
    projector = Device(room)
    projector.say(type="hello", code=room.code, key=room.board_key)
    assert projector.got[0] == {"type": "welcome", "role": "teacher", "code": room.code}
    board = projector.got[1]
    assert board["type"] == "class" and board["tables"] and board["answers"]["pupils"] is None
    tid = board["tables"][0]["id"]
    pid = board["polls"][0]["id"]
    before = snapshot_of(room)
    pupils = dict(room.pupils)
    for message in (
        {"type": "remove", "table": tid},
        {"type": "poll_reveal", "poll": pid, "answer": 0},
        {"type": "poll_open", "question": "Mine?", "options": ["x", "y"]},
        {"type": "create", "game": "heroes", "players": 2, "level": "easy"},
        {"type": "joins_open", "on": False},
        {"type": "pupils_remove", "which": "offline"},
        {"type": "tally_add", "label": "x", "rolls": 3, "fails": 1},
        {"type": "watch", "table": tid},
        {"type": "table", "msg": {"type": "new"}},
    ):
        reply = projector.say(**message)
        assert reply == {"type": "error", "text": "Only the teacher can change that."}, message
    assert snapshot_of(room) == before and room.pupils == pupils and room.joins_open
    assert room.polls[pid]["state"] == "open"
    # the teacher key opens everything still; a key that is neither is refused
    t.say(type="poll_reveal", poll=pid, answer=0)
    assert room.polls[pid]["state"] == "revealed"
    other = Device(room)
    assert other.say(type="hello", code=room.code, key=room.board_key[:-1] + "x") == {
        "type": "error",
        "text": "That is not the teacher key.",
    }
    assert ann.errors() == []


def test_pages_and_boards_are_read_once_and_made_up_names_keep_nothing(monkeypatch):
    """A page load opens no file once the server has read its files (a flood that used up the
    open files cannot make a page fail), and asking for boards of made-up games fills no
    memory."""
    from pathlib import Path

    from kaskaria.classroom import server
    from kaskaria.widgets import DragonsGoldTable

    page = server.static_file("pupil.html")
    module = server.board_file("dragons-gold", "js")
    styles = server.board_file("heroes", "css")
    assert module == DragonsGoldTable._esm and "kc-join" in page and styles

    def no_files(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(Path, "read_text", no_files)
    assert server.static_file("pupil.html") == page
    assert server.board_file("dragons-gold", "js") == module
    assert server.board_file("heroes", "css") == styles
    kept = server._board_file.cache_info().currsize
    for i in range(50):  # bounded
        assert server.board_file(f"chess-{i}", "js") is None
    assert server.board_file("heroes", "py") is None
    assert server._board_file.cache_info().currsize == kept <= 2 * len(server.GAMES)


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
    # the forms NFKC makes a formula's start: full-width, small, and a full-width minus number
    for text in ("\uff1d1+1", "\uff0b1", "\uff0d1+1", "\uff20SUM(1)", "\ufe621", "\uff0d3"):
        assert csv_cell(text) == "'" + text
    assert csv_cell("-\u0661") == "'-\u0661"  # another script's digit: no number to a sheet
    assert csv_cell("\uff21nna") == "\uff21nna"  # a full-width letter starts no formula
    # spaces and format characters before a formula's start, and the minus sign
    for text in (
        " =cmd",
        "\u00a0=cmd",
        "\u200b=cmd",
        "\u2212cmd",
        " \u200b\u00a0+1",
        "\u2003@x",
        "\x00=x",
        "\x1b=x",
    ):
        assert csv_cell(text) == "'" + text
    assert csv_cell(" Anna") == " Anna" and csv_cell("\u200bok") == "\u200bok"
    t = teacher(room)
    t.say(type="poll_open", question='=HYPERLINK("x")', options=["-1+1", "@A"])
    text = export_csv(room)
    assert "'=HYPERLINK" in text and "'-1+1" in text and "'@A" in text
    assert "\n=" not in text and ",=" not in text and ",-1+1" not in text


# -- 1. what one pupil can do ----------------------------------------------------------------
def at(room: ClassRoom, address: str) -> Device:
    """A device on the school network at ``address``."""
    d = Device(room)
    d.screen.address = address
    return d


def join(room: ClassRoom, name: str, address: str) -> Device:
    d = at(room, address)
    d.say(type="hello", code=room.code, name=name)
    return d


def test_made_up_joins_cannot_fill_the_class(tmp_path, room, clock):
    made = 0
    for i in range(182):  # one device making up nicknames as fast as it can
        d = join(room, f"Fake{i}", "10.0.0.66")
        made += d.got[0]["type"] == "welcome"
    assert made == room_module.JOINS_PER_ADDRESS
    assert d.errors()[-1] == "This device has made enough nicknames for now: ask your teacher."
    ann = join(room, "Ann", "10.0.0.7")  # a real pupil still gets in
    assert ann.got[0]["type"] == "welcome"
    # the same device may make one more nickname a minute later (a pupil who mistyped)
    clock.t += room_module.JOIN_EVERY
    assert join(room, "Fake999", "10.0.0.66").got[0]["type"] == "welcome"


def test_a_full_class_says_so_also_after_a_restart(tmp_path, room, clock, monkeypatch):
    monkeypatch.setattr(room_module, "MAX_PUPILS", 12)
    for i in range(12):
        assert join(room, f"Kid{i}", f"10.0.1.{i}").got[0]["type"] == "welcome"
    late = join(room, "Late", "10.0.2.1")
    assert late.errors() == ["The class is full: ask your teacher."]
    late_de = at(room, "10.0.2.2")
    late_de.say(type="hello", code=room.code, name="Spät", lang="de")
    assert late_de.errors() == ["Die Klasse ist voll: Frag deine Lehrkraft."]
    room.store.close()
    again = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock)
    assert join(again, "Late", "10.0.2.1").errors() == ["The class is full: ask your teacher."]
    # the teacher makes room: a pupil taken out frees a place
    t = teacher(again)
    kid = next(p for p in t.got[-1]["pupils"] if p["name"] == "Kid3")
    t.say(type="pupil_remove", pupil=kid["id"])
    assert join(again, "Late", "10.0.2.1").got[0]["type"] == "welcome"


def test_the_teacher_sees_removes_blocks_and_closes_the_class(room, clock):
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    mal = join(room, "Mallory", "10.0.0.66")
    mal.say(type="sit", table=tid, seat=0)
    ann = join(room, "Ann", "10.0.0.7")
    shown = t.got[-1]
    assert [p["name"] for p in shown["pupils"]] == ["Mallory", "Ann"]
    assert all(len(p["id"]) == 12 and p["id"] not in ann.text() for p in shown["pupils"])
    assert mal.screen.token not in json.dumps(t.got)  # the teacher's page never holds a token
    # removed: the seat goes back to a bot, the device hears why and stops
    mid = shown["pupils"][0]["id"]
    t.say(type="pupil_remove", pupil=mid, block=True)
    assert room.tables[tid].sitters == [None, None]
    assert room.tables[tid].table.seats == ("easy", "easy")
    assert mal.errors()[-1] == "The teacher took this nickname out of the class."
    assert "Mallory" not in [p["name"] for p in t.got[-1]["pupils"]]
    # blocked: that device's address makes no new nickname
    assert join(room, "Mal2", "10.0.0.66").errors() == [
        "The teacher has stopped this device from joining."
    ]
    # the old token works no more either
    back = at(room, "10.0.0.99")
    back.say(type="hello", code=room.code, token=mal.screen.token or "x" * 10)
    assert back.got[0]["type"] == "error"
    assert (
        t.say(type="pupil_remove", pupil="nobody")["text"] == "There is no such pupil in the class."
    )
    # closed to new joins: pupils who joined come back, new ones are told
    t.say(type="joins_open", on=False)
    assert t.got[-1]["joins_open"] is False
    assert join(room, "Zoe", "10.0.0.8").errors() == [
        "The class is closed to new pupils: ask your teacher."
    ]
    again = at(room, "10.0.0.7")
    token = ann.screen.token
    room.disconnect(ann.screen)
    again.say(type="hello", code=room.code, token=token)
    assert again.got[0]["type"] == "welcome"
    t.say(type="joins_open", on=True)
    assert join(room, "Zoe", "10.0.0.8").got[0]["type"] == "welcome"
    # a pupil may not do any of this
    for message in (
        {"type": "pupil_remove", "pupil": mid},
        {"type": "hand_back", "pupil": mid},
        {"type": "joins_open", "on": False},
    ):
        assert again.say(**message)["text"] == "Only the teacher can change that."
    assert room.joins_open


def test_look_alike_and_invisible_nicknames_are_refused(room):
    assert join(room, "Anna", "10.0.0.1").got[0]["type"] == "welcome"
    cases = {
        "\u3164": "A nickname cannot have invisible characters: use letters or numbers you can see.",
        "Anna\u3164": "A nickname cannot have invisible characters: use letters or numbers you can see.",
        "An\u200bna": "A nickname cannot have invisible characters: use letters or numbers you can see.",
        "\u2800": "A nickname cannot have invisible characters: use letters or numbers you can see.",
        "\u0410nna": "Use the letters of one alphabet in a nickname.",  # a Cyrillic А
        "\uff21\uff4e\uff4e\uff41": "Someone in the class already has that nickname: choose another one.",
        "ANNA": "Someone in the class already has that nickname: choose another one.",
        "\u0410\u043f\u043f\u0430": None,  # Cyrillic "Аппа" looks different: welcome
    }
    for i, (name, said) in enumerate(cases.items()):
        d = join(room, name, f"10.0.3.{i}")
        if said is None:
            assert d.got[0]["type"] == "welcome", d.got
        else:
            assert d.errors() == [said], name
    assert join(room, "Paul", "10.0.4.1").got[0]["type"] == "welcome"
    assert join(room, "PauI", "10.0.4.2").errors() == [
        "That nickname looks like Paul, who is already in the class: choose another one."
    ]
    assert join(room, "\u0412\u0415\u041d", "10.0.4.3").got[0]["type"] == "welcome"  # ВЕН
    assert join(room, "BEH", "10.0.4.4").errors()[0].startswith("That nickname looks like")
    d = at(room, "10.0.4.5")
    d.say(type="hello", code=room.code, name="PauI", lang="de")
    assert d.errors() == [
        "Dieser Spitzname sieht aus wie Paul, und Paul ist schon in der Klasse: Wähle einen anderen."
    ]
    # the name is kept normalised
    assert join(room, "Ｌｅｏ", "10.0.4.6").got[0]["name"] == "Leo"


def test_one_pupil_cannot_fill_the_tables(room, monkeypatch):
    t = teacher(room)
    eve = join(room, "Eve", "10.0.0.66")
    for _ in range(5):
        eve.say(type="create", game="heroes", players=2, level="easy")
    assert len(room.tables) == room_module.TABLES_PER_PUPIL
    assert eve.errors()[-1] == (
        "You have made 2 tables already: sit at one of them, or ask your teacher."
    )
    # the teacher closes one of them: Eve may make one again
    t.say(type="remove", table=max(room.tables))
    eve.say(type="create", game="heroes", players=2, level="easy")
    assert len(room.tables) == room_module.TABLES_PER_PUPIL
    # at the class's cap everyone hears that the class has as many tables as it can hold
    monkeypatch.setattr(room_module, "MAX_TABLES", 3)
    t.say(type="create", game="heroes", players=2, level="easy")
    ann = join(room, "Ann", "10.0.0.7")
    for d in (t, ann):
        d.say(type="create", game="heroes", players=2, level="easy")
        assert d.errors()[-1] == (
            "The class has as many tables as it can hold: sit at one, or ask your teacher to "
            "close one."
        )
    assert len(room.tables) == 3


def test_the_teacher_hands_a_taken_seat_back_to_its_owner(room, clock):
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    ann = join(room, "Ann", "10.0.0.7")
    ann.say(type="sit", table=tid, seat=0)
    token = ann.screen.token
    room.disconnect(ann.screen)  # Ann's tablet sleeps
    thief = at(room, "10.0.0.66")
    thief.say(type="hello", code=room.code, token=token)  # her token, replayed
    assert thief.got[0]["type"] == "welcome" and thief.views()[-1]["seat"] == 0
    owner = at(room, "10.0.0.7")
    owner.say(type="hello", code=room.code, token=token)
    assert owner.errors() == ["This nickname is playing on another device right now."]
    pid = next(p["id"] for p in t.got[-1]["pupils"] if p["name"] == "Ann")
    t.say(type="hand_back", pupil=pid)
    [said] = t.got[-1]["hand_backs"]  # on the teacher's page until it is used
    code = said["code"]
    # never on the projector (its key may sit in a saved notebook), nor any pupil's number
    projector = Device(room)
    projector.say(type="hello", code=room.code, key=room.board_key)
    board = [m for m in projector.got if m.get("type") == "class"][-1]
    assert board["hand_backs"] == [] and code not in json.dumps(board)
    assert board["pupils"] and all("id" not in p for p in board["pupils"])
    # nor whether a pupil has taken part (the teacher's list marks it, the board does not)
    assert all("idle" not in p for p in board["pupils"])
    assert pid not in json.dumps(board)
    assert said["text"] == (
        f"Ann joins again by typing {code} as the class code, with any nickname."
    )
    assert thief.errors()[-1] == (
        "The teacher gave this seat back to its owner, so this screen has stopped."
    )
    # the old token works nowhere now; the code works once, for Ann, with her seat
    again = at(room, "10.0.0.66")
    again.say(type="hello", code=room.code, token=token)
    assert again.errors() == [
        "The teacher gave this seat back to its owner, so this screen has stopped."
    ]
    assert not [m for m in again.got if m.get("type") == "welcome"]
    owner = at(room, "10.0.0.7")
    owner.say(type="hello", code=code.lower(), name="whatever")
    assert owner.got[0]["type"] == "welcome" and owner.got[0]["name"] == "Ann"
    assert owner.got[0]["token"] != token
    assert owner.views()[-1]["seat"] == 0 and owner.views()[-1]["table"] == tid
    assert room.tables[tid].sitters[0] == owner.got[0]["token"]
    assert t.got[-1]["hand_backs"] == []
    other = at(room, "10.0.0.67")
    other.say(type="hello", code=code, name="Ann")
    assert other.errors() == ["That is not the class code. Look at the board and try again."]
    # kept after a restart: the new token is Ann's
    room.store.close()
    back = ClassRoom(room.store.path, clock=clock)
    assert back.tables[tid].sitters[0] == owner.got[0]["token"]
    # the retired token still hears why, in the screen's language; the store keeps no token
    assert token not in (back.store.meta("retired_tokens") or "")
    later = at(back, "10.0.0.66")
    later.say(type="hello", code=back.code, token=token, lang="de")
    assert later.errors() == [
        "Die Lehrkraft hat diesen Platz seinem Kind zurückgegeben, darum ist dieser Bildschirm "
        "angehalten."
    ]


def test_seated_pupils_play_on_while_a_pupil_tries_everything(room, clock):
    """Made-up joins, look-alike names, tables until the cap, every message a watcher may send
    at the highest rate the limits allow: every legal move of the seated pupils applies."""
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    ann = join(room, "Ann", "10.0.0.7")
    ben = join(room, "Ben", "10.0.0.8")
    ann.say(type="sit", table=tid, seat=0)
    ben.say(type="sit", table=tid, seat=1)
    mal = join(room, "Mallory", "10.0.0.66")
    mal.say(type="watch", table=tid)
    table = room.tables[tid].table
    pupils = {0: ann, 1: ben}
    attacks = [
        {"type": "table", "msg": {"type": "log", "more": True}},
        {"type": "table", "msg": {"type": "sound", "on": False}},
        {"type": "table", "msg": {"type": "motion", "motion": "reduced"}},
        {"type": "table", "msg": {"type": "action", "action": "pass", "version": 1}},
        {"type": "create", "game": "heroes", "players": 2, "level": "easy"},
        {"type": "sit", "table": tid, "seat": 0},
        {"type": "hand_back", "pupil": "x"},
    ]
    applied = 0
    start = clock.t
    for i in range(30):  # bounded: 30 moves of the seated pupils
        if table.state.current_player() == TERMINAL:
            break
        for j in range(len(attacks)):  # between two moves, each of Mallory's messages
            mal.raw(json.dumps(attacks[(i + j) % len(attacks)]))
            join(room, f"Fake{i}x{j}", "10.0.0.66")
            join(room, "\u0410nn", "10.0.0.66")
        player = table.state.current_player()
        before = len(table.match.actions)
        move(pupils[player], room, tid)
        assert len(table.match.actions) > before, pupils[player].errors()[-1:]
        applied += 1
    assert applied >= 15
    assert len(room.tables) <= 1 + room_module.TABLES_PER_PUPIL
    # Mallory and her made-up nicknames: a burst, then one a minute of the server's clock
    allowed = room_module.JOINS_PER_ADDRESS + (clock.t - start) / room_module.JOIN_EVERY
    assert sum(1 for p in room.pupils.values() if p.name != "Ann" and p.name != "Ben") <= allowed


def test_the_server_refuses_a_bad_store_in_one_line(tmp_path, guarded):
    import subprocess
    import sys

    def start(store) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "kaskaria.classroom.server", "--port", "0"]
        cmd += ["--store", str(store), "--no-announce", "--stop-after", "0.1"]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)

    for store, said in (
        (tmp_path, "is a folder: give a file name"),
        (guarded.store, "Another class server (process "),  # the one running beside
    ):
        out = start(store)
        assert out.returncode == 2
        assert out.stderr.count("\n") == 1 and said in out.stderr, out.stderr
        assert out.stderr.startswith("kaskaria-class: ") and "Traceback" not in out.stderr
        assert "Class code" not in out.stdout


def test_the_file_for_the_notebooks_is_the_owners_only(tmp_path):
    from kaskaria.classroom.server import private_write

    path = tmp_path / "class-server.json"
    path.write_text("old")
    os.chmod(path, 0o644)
    private_write(path, '{"key": "k"}')
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and path.read_text() == '{"key": "k"}'


@pytest.fixture
def tiny_disk(tmp_path):
    """A real disk of 1 MB (a tmpfs; mounting one needs root, as on CI and the developers'
    machines)."""
    import subprocess

    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {done.stderr.strip()[:80]}")
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def test_a_full_disk_loses_nothing_shown(tiny_disk, clock):
    path = tiny_disk / "class.sqlite3"
    room = ClassRoom(str(path), clock=clock, seeds=counter(99))
    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    tid = max(room.tables)
    ann = join(room, "Ann", "10.0.0.7")
    ann.say(type="sit", table=tid, seat=0)
    table = room.tables[tid].table
    # the disk fills up: one file takes what is left
    filler = tiny_disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for _ in range(4096):  # bounded: 2 MB at most on a 1 MB disk
            os.write(fd, b"x" * 512)
    except OSError:
        pass
    finally:
        os.close(fd)
    refused = applied = 0
    for _ in range(150):  # bounded
        if table.state.current_player() == TERMINAL:
            break
        before = len(table.match.actions)
        if table.state.current_player() == 0:
            move(ann, room, tid)
        else:
            clock.t += room.wake_in(tid) or 1
            room.tick(tid)
        if len(table.match.actions) == before:
            refused += 1
        else:
            applied += 1
        if refused == 10 and filler.exists():  # the teacher frees some room
            os.remove(filler)
            room.housekeeping()
    assert refused >= 10 and room.store_failures >= 5, (refused, room.store_failures)
    assert not room.store_trouble and applied > 0
    assert "That could not be saved, so it did not happen." in " ".join(ann.errors())
    shown = [str(a) for a in table.match.actions]
    room.store.close()
    again = ClassRoom(str(path), clock=clock)
    assert [str(a) for a in again.tables[tid].table.match.actions] == shown
    again.store.close()


def test_an_error_logged_for_a_request_names_its_path_only(room, caplog):
    """Also an uncaught error (Tornado's own line prints the whole request) and an HTTP error
    whose message quotes an argument, of a page and of a socket."""
    import logging
    from unittest import mock

    import tornado.httputil
    import tornado.web

    from kaskaria.classroom.server import ClassServer, _Api, _Socket

    server = ClassServer(room)
    for handler_class, path in ((_Api, "/api/class"), (_Socket, "/ws")):
        line = tornado.httputil.RequestStartLine("GET", f"{path}?key=SECRETKEY", "HTTP/1.1")
        request = tornado.httputil.HTTPServerRequest(
            start_line=line,
            headers=tornado.httputil.HTTPHeaders({"Host": "127.0.0.1:8765"}),
            connection=mock.Mock(),
        )
        handler = handler_class(server.app(), request, server=server)
        assert handler._request_summary() == f"GET {path}"
        caplog.clear()
        with caplog.at_level(logging.INFO):
            try:
                raise RuntimeError("a bug")
            except RuntimeError as err:
                handler.log_exception(type(err), err, err.__traceback__)
            said = tornado.web.HTTPError(400, "Invalid unicode in key: %r", "SECRETKEY")
            handler.log_exception(type(said), said, None)
        assert f"Uncaught exception GET {path}" in caplog.text and "a bug" in caplog.text
        assert "SECRETKEY" not in caplog.text, caplog.text


def test_guessing_the_class_code_is_slowed_per_address(room, clock):
    guesses = []
    start = clock.t
    for i in range(30):  # bounded: 30 devices of one computer, 5 tries each at most
        d = at(room, "10.0.0.66")
        d.say(type="hello", code=f"GUESS{i:02d}", name="Mal")
        guesses.append(d.errors()[-1])
    wrong = "That is not the class code. Look at the board and try again."
    slow = "Too many wrong codes from this device: wait a minute, then look at the board."
    # a burst, then one every few seconds of the server's clock (each click here takes 0.2 s)
    burst, every = room_module.GUESSES_PER_ADDRESS, room_module.GUESS_EVERY
    assert burst <= guesses.count(wrong) <= burst + (clock.t - start) / every
    assert guesses[burst] == slow and guesses.count(slow) >= 30 - burst - 2
    # past the limit even the right code waits: a guess tells nothing
    assert guesses[-1] == slow
    d = at(room, "10.0.0.66")
    d.raw(json.dumps({"type": "hello", "code": room.code, "name": "Mal"}))  # at once
    assert d.errors() == [slow]
    # a code the teacher made for one pupil is taken past it (a school whose pupils all reach
    # the server from one address, where one pupil's wrong codes would keep a latecomer out)
    t = teacher(room)
    t.say(type="join_code")
    [code] = [j["code"] for j in t.got[-1]["join_codes"]]
    d = at(room, "10.0.0.66")
    d.raw(json.dumps({"type": "hello", "code": code, "name": "Lea"}))
    assert d.got[0]["type"] == "welcome"
    other = at(room, "10.0.0.7")  # another computer is not slowed
    other.say(type="hello", code="WRONG1", name="Ann")
    assert other.errors() == [wrong]
    clock.t += room_module.GUESS_EVERY
    d = at(room, "10.0.0.66")
    d.say(type="hello", code=room.code, name="Mal")
    assert d.got[0]["type"] == "welcome"  # a moment later the right code lets them in


def test_a_device_taking_a_new_address_for_every_try_does_not_grow_the_servers_memory(
    room, clock, monkeypatch
):
    """A device may take a new address for every try (IPv6 gives a device many): the class
    forgets the addresses whose limits have filled up again, and keeps those
    still counting (a guesser's own stays slowed)."""
    monkeypatch.setattr(room_module, "ADDRESSES_KEPT", 50)
    slow = "Too many wrong codes from this device: wait a minute, then look at the board."
    for _ in range(room_module.GUESSES_PER_ADDRESS):
        at(room, "10.0.0.66").say(type="hello", code="WRONG1", name="Mal")
    for i in range(400):  # bounded: a new address for every try
        at(room, f"2001:db8:{i:x}::1").say(type="hello", code="WRONG1", name="Mal")
        clock.t += 2.0
    # only what still counts is kept: the tries of the last few seconds
    assert len(room._joins) <= 50 + 1
    assert ("10.0.0.66", "guess") not in room._joins  # long since filled up again
    for _ in range(room_module.GUESSES_PER_ADDRESS):
        at(room, "10.0.0.77").say(type="hello", code="WRONG1", name="Mal")
    d = at(room, "10.0.0.77")
    d.say(type="hello", code="WRONG1", name="Mal")
    assert d.errors() == [slow]
    kept = room._joins[("10.0.0.77", "guess")]
    kept = dataclasses.replace(kept)  # as it stands now (the class keeps the same bucket on)
    for i in range(60):  # the table of addresses fills again: an address still counting stays
        at(room, f"2001:db8:1:{i:x}::1").say(type="hello", code="WRONG1", name="Mal")
    assert room._joins[("10.0.0.77", "guess")] == kept


def test_devices_turned_away_as_one_at_a_shared_address_are_told_to_the_teacher(room, clock):
    """A school behind one public address (a hub outside it, with --trusted-proxy): the limits
    by address count its pupils as one device. The teacher's page says so once three browsers
    were turned away there (past the nicknames of one device, or the right class code after one
    pupil's wrong codes); one browser turned away again and again is not told."""

    def hello(address: str, browser: str, name: str, code: str | None = None) -> Device:
        d = at(room, address)
        message = {"type": "hello", "code": code or room.code, "name": name, "browser": browser}
        d.raw(json.dumps(message))
        return d

    enough = "This device has made enough nicknames for now: ask your teacher."
    for i in range(room_module.JOINS_PER_ADDRESS):
        assert hello("203.0.113.7", f"{i:032x}", f"Kid{i}").got[0]["type"] == "welcome"
    for again in range(3):  # one browser turned away three times
        assert hello("203.0.113.7", "e" * 32, f"Eve{again}").errors() == [enough]
    assert room.snapshot()["address_rush"] == ""
    assert hello("203.0.113.7", "f" * 32, "Fay").errors() == [enough]
    assert room.snapshot()["address_rush"] == ""
    assert hello("203.0.113.7", "a" * 32, "Abe").errors() == [enough]  # the third browser
    # on the school network an address is one device: it posed as several
    line = room.snapshot()["address_rush"]
    assert line.startswith("One device tried to join with several browsers"), line
    assert "block it" in line and "“Code for one new pupil”" in line
    assert room.snapshot("de")["address_rush"].startswith("Ein Gerät hat mit mehreren Browsern")
    # behind a trusted proxy (as the server tells the room): perhaps a school behind one address
    from kaskaria.classroom.server import ClassServer, Limits

    joins = room_module.JOINS_PER_ADDRESS
    ClassServer(room, limits=Limits(joins=joins, trusted=frozenset({"127.0.0.1"})))
    assert room.behind_proxy
    line = room.snapshot()["address_rush"]
    assert line.startswith("Several devices at one internet address were turned away"), line
    assert "“Code for one new pupil”" in line and "--trusted-proxy" in line
    assert room.snapshot("de")["address_rush"].startswith("Mehrere Geräte mit derselben")
    clock.t += room_module.RUSH_SHOWN + 1
    assert room.snapshot()["address_rush"] == ""
    # the right class code refused after one pupil's wrong codes, at another shared address
    for _ in range(room_module.GUESSES_PER_ADDRESS):
        hello("198.51.100.9", "9" * 32, "Mal", code="WRONG1")
    slow = "Too many wrong codes from this device: wait a minute, then look at the board."
    for i in range(3):
        assert hello("198.51.100.9", f"{i + 100:032x}", f"Pupil{i}").errors() == [slow]
    assert room.snapshot()["address_rush"] != ""


def test_each_ipv6_address_counts_on_its_own_and_an_ipv4_one_also_written_as_ipv6(room):
    """A school network on IPv6 gives every device an address in one /64: each address counts on
    its own (counted by the /64, the fifth pupil heard "enough nicknames" and one pupil's block
    took out the class); an IPv4 address counts as itself, also written as IPv6."""
    slow = "Too many wrong codes from this device: wait a minute, then look at the board."
    hello = json.dumps({"type": "hello", "code": "WRONG1", "name": "Mal"})
    # one pupil's wrong codes slow that device only
    for _ in range(room_module.GUESSES_PER_ADDRESS):
        at(room, "2001:db8:0:1::66").raw(hello)
    d = at(room, "2001:db8:0:1:0:0:0:66")  # the same address written in full
    d.raw(hello)
    assert d.errors() == [slow]
    # thirty pupils of one /64 join, each from its own address
    said = []
    for i in range(30):
        d = at(room, f"2001:db8:0:1::{i + 1:x}")
        d.raw(json.dumps({"type": "hello", "code": room.code, "name": f"Kid{i}"}))
        said.append(d.got[0].get("text", d.got[0]["type"]))
    assert said == ["welcome"] * 30
    # a block takes that one address, not its neighbours
    t = teacher(room)
    kid = next(p for p in t.got[-1]["pupils"] if p["name"] == "Kid0")
    t.say(type="pupil_remove", pupil=kid["id"], block=True)
    assert len(room.pupils) == 29
    d = at(room, "2001:db8:0:1::1")
    d.raw(json.dumps({"type": "hello", "code": room.code, "name": "Zed"}))
    assert d.errors() == ["The teacher has stopped this device from joining."]
    d = at(room, "2001:db8:0:1::99")
    d.raw(json.dumps({"type": "hello", "code": room.code, "name": "Ann"}))
    assert d.got[0]["type"] == "welcome"
    # IPv4 stays per address, and ::ffff:10.0.0.5 is 10.0.0.5
    for i in range(room_module.GUESSES_PER_ADDRESS):
        at(room, "::ffff:10.0.0.5" if i % 2 else "10.0.0.5").raw(hello)
    d = at(room, "::ffff:10.0.0.5")
    d.raw(hello)
    assert d.errors() == [slow]
    d = at(room, "10.0.0.6")
    d.raw(json.dumps({"type": "hello", "code": room.code, "name": "Ben"}))
    assert d.got[0]["type"] == "welcome"


def test_a_flood_of_new_addresses_looks_over_the_kept_ones_rarely(room, clock, monkeypatch):
    """Addresses that all still count (a flood at one moment) are looked over when their number
    has doubled, not at every try: 400 new addresses, 4 looks (a look at every try from the 50th
    on held a server at a whole core)."""
    monkeypatch.setattr(room_module, "ADDRESSES_KEPT", 50)
    looks = []
    forget = room._forget_addresses
    monkeypatch.setattr(room, "_forget_addresses", lambda now: looks.append(now) or forget(now))
    wrong = json.dumps({"type": "hello", "code": "WRONG1", "name": "Mal"})
    for i in range(400):  # all at one moment: raw() moves no clock
        at(room, f"2001:db8::{i:x}").raw(wrong)
    assert len(room._joins) == 400 and len(looks) == 4  # at 50, 100, 200 and 400 kept
    clock.t += 3600.0  # an hour later every limit has filled up again: the next try forgets them
    at(room, "10.0.0.5").raw(wrong)
    assert len(looks) == 5 and len(room._joins) == 1


def test_a_flood_of_wrong_codes_is_refused_class_wide_and_the_right_code_still_joins(room, clock):
    # every device on one address (behind a proxy, or this computer): no limit by address
    room.joins_per_address = None
    room.wall = Wall()
    wrong = "That is not the class code. Look at the board and try again."
    busy = (
        "Many wrong codes are being typed in the class right now: look at the board and try "
        "again in a moment."
    )
    # an honest class of 30 mistypes the code twice each, all at one moment: never slowed
    kids = [Device(room) for _ in range(30)]
    for typo in ("CODE", room.code[:-1]):
        for i, d in enumerate(kids):
            d.raw(json.dumps({"type": "hello", "code": typo, "name": f"Kid{i}"}))
    assert [d.errors() for d in kids] == [[wrong, wrong]] * 30
    assert room.snapshot()["codes_rush"] == ""  # nor is the teacher told of it
    for i, d in enumerate(kids):
        d.say(type="hello", code=room.code, name=f"Kid{i}")
        assert [m["type"] for m in d.got].count("welcome") == 1
    t = teacher(room)
    kid = next(p for p in t.got[-1]["pupils"] if p["name"] == "Kid0")
    t.say(type="hand_back", pupil=kid["id"])
    [handed] = t.got[-1]["hand_backs"]
    code = handed["code"]
    # a script's guesses, all at one moment of the server's clock, 5 to a socket
    burst = room_module.CLASS_GUESSES
    heard = []
    for n in range(burst + 50):
        if n % 5 == 0:
            d = Device(room)
        d.raw(json.dumps({"type": "hello", "code": f"Z{n:05d}", "name": "Mal"}))
        heard.append(d.errors()[-1])
    assert heard == [wrong] * burst + [busy] * 50
    # the teacher is told, with what still works and what to do
    line = room.snapshot()["codes_rush"]
    assert line.startswith("Very many wrong class codes are being typed")
    assert "Code for one new pupil" in line and "close the class to new pupils" in line
    assert room.snapshot("de")["codes_rush"].startswith(
        "Gerade werden sehr viele falsche Klassencodes eingegeben"
    )
    # the class code is on the board, not a secret: it joins at once during the flood
    zoe = Device(room)
    zoe.raw(json.dumps({"type": "hello", "code": room.code, "name": "Zoe"}))
    assert zoe.got[0]["type"] == "welcome"
    de = Device(room)  # the same sentence in German
    de.raw(json.dumps({"type": "hello", "code": "FALSCH", "name": "Mal", "lang": "de"}))
    assert de.errors() == [
        "Gerade werden in der Klasse sehr viele falsche Codes eingegeben: Schau an die Tafel "
        "und versuche es gleich noch einmal."
    ]
    # a code that hands a seat back is taken during the flood too, the first time it is typed
    # (the limit is on wrong codes), and only once
    back = Device(room)
    back.raw(json.dumps({"type": "hello", "code": code.lower()}))
    assert back.got[0]["type"] == "welcome" and back.got[0]["name"] == "Kid0"
    assert room.snapshot()["hand_backs"] == []
    again = Device(room)
    assert again.raw(json.dumps({"type": "hello", "code": code}))["text"] == busy


def test_wrong_codes_paced_under_the_class_wide_limit_or_from_one_slowed_device_are_told(
    room, clock
):
    """The teacher's line about wrong codes also counts a flood that no limit refuses: one
    device slowed per address, a script paced under the class-wide limit; a year group that
    mistypes the code twice each while arriving stays quiet."""
    room.wall = wall = Wall()

    def wrong_code(address: str) -> None:
        at(room, address).raw(json.dumps({"type": "hello", "code": "WRONG1", "name": "Mal"}))

    def later(seconds: float) -> None:
        wall.t += seconds
        clock.t += seconds

    # a year group of 200 on the school network arrives over five minutes, two typos each
    for i in range(200):
        later(1.5)
        wrong_code(f"10.6.{i // 100}.{i % 100}")
        wrong_code(f"10.6.{i // 100}.{i % 100}")
    assert room.snapshot()["codes_rush"] == ""
    # one device, slowed after 10, goes on at one moment: the line from the 301st wrong code
    later(room_module.WRONG_CODES_SHOWN * room_module.WRONG_CODE_EVERY)
    for _ in range(room_module.WRONG_CODES_SHOWN):
        wrong_code("10.6.9.9")
    assert room.snapshot()["codes_rush"] == ""
    wrong_code("10.6.9.9")
    assert room.snapshot()["codes_rush"] != ""
    # closing the class is its advice: a closed class needs it no more
    room.joins_open = False
    assert room.snapshot()["codes_rush"] == ""
    room.joins_open = True
    # behind a proxy, five wrong codes a second (under the class-wide ten): told within 70 s
    later(room_module.RUSH_SHOWN + room_module.WRONG_CODES_SHOWN * room_module.WRONG_CODE_EVERY)
    room.joins_per_address = None
    assert room.snapshot()["codes_rush"] == ""
    told = None
    for n in range(1, 400):
        later(0.2)
        wrong_code("127.0.0.1")
        if room.snapshot()["codes_rush"]:
            told = n
            break
    assert told is not None and room_module.WRONG_CODES_SHOWN < told <= 350


def test_a_hand_back_code_is_taken_under_a_flood_however_long_it_lasts(room, clock):
    """A code the teacher makes for one pupil is looked up before the class's limit on wrong
    codes, and no count of wrong codes ends it (a flood could then end every code at once): it
    is long enough (8 of 31 letters and digits) that guessing it at any speed is hopeless."""
    # every device on one address; a flood of wrong codes all at one moment of the clock
    room.joins_per_address = None
    room.wall = wall = Wall()
    busy = (
        "Many wrong codes are being typed in the class right now: look at the board and try "
        "again in a moment."
    )
    for name in ("Ann", "Ben"):
        join(room, name, "")
    t = teacher(room)
    ids = {p["name"]: p["id"] for p in t.got[-1]["pupils"]}
    t.say(type="hand_back", pupil=ids["Ann"])
    [ann_code] = [h["code"] for h in t.got[-1]["hand_backs"]]
    assert len(ann_code) == room_module.SEAT_CODE_LENGTH == 8
    assert set(ann_code) <= set(room_module.CODE_LETTERS)

    def flood(n: int, start: int) -> list[str]:
        heard = []
        for i in range(start, start + n):
            d = Device(room)
            heard.append(d.raw(json.dumps({"type": "hello", "code": f"Q{i:07d}"}))["text"])
        return heard

    # a flood far past the class's wrong codes (and past any count) leaves the codes working
    assert flood(room_module.CLASS_GUESSES + 10, 0)[-10:] == [busy] * 10
    t.say(type="hand_back", pupil=ids["Ben"])
    ben_code = next(h["code"] for h in t.got[-1]["hand_backs"] if h["code"] != ann_code)
    flood(7000, 1000)
    assert {h["code"] for h in room.snapshot()["hand_backs"]} == {ann_code, ben_code}
    # after a restart too, and typed as a pupil types it: small letters, a space in the middle
    room.store.close()
    room = ClassRoom(room.store.path, clock=clock)
    room.joins_per_address = None
    room.wall = wall
    flood(room_module.CLASS_GUESSES + 10, 9000)
    ben = Device(room)
    ben.raw(json.dumps({"type": "hello", "code": f"{ben_code[:4].lower()} {ben_code[4:]}"}))
    assert ben.got[0]["type"] == "welcome" and ben.got[0]["name"] == "Ben"
    ann = Device(room)
    ann.raw(json.dumps({"type": "hello", "code": ann_code}))
    assert ann.got[0]["type"] == "welcome" and ann.got[0]["name"] == "Ann"
    # used once: typed again it is a wrong code
    again = Device(room)
    assert again.raw(json.dumps({"type": "hello", "code": ann_code}))["text"] == busy


def test_a_class_arriving_raises_no_rush_and_a_later_burst_does_without_refusing(room, clock):
    room.wall = wall = Wall()
    t = teacher(room)
    # a class of 30 arrives at the start of the lesson, a click every 0.2 s
    for i in range(30):
        assert join(room, f"Kid{i}", f"10.3.0.{i}").got[0]["type"] == "welcome"
    assert room.snapshot()["rush"] == ""
    # later, latecomers one at a time and a trickle of 20 over 100 s: still nothing to say
    wall.t += 20 * 60
    clock.t += 20 * 60
    for i in range(20):
        wall.t += 5
        clock.t += 5
        assert join(room, f"Late{i}", f"10.3.1.{i}").got[0]["type"] == "welcome"
    assert room.snapshot()["rush"] == ""
    # a burst of 20 made-up nicknames within a minute (ten minutes after the trickle): the line
    # shows from the 15th, and every one of them joins (the line refuses nobody)
    wall.t += room_module.RUSH_LONG_WINDOW
    clock.t += room_module.RUSH_LONG_WINDOW
    shown = []
    for i in range(20):
        assert join(room, f"Fake{i}", f"10.3.2.{i}").got[0]["type"] == "welcome"
        shown.append(room.snapshot()["rush"] != "")
    assert shown == [False] * (room_module.RUSH_NICKNAMES - 1) + [True] * 6
    t.say(type="lang", lang="en")
    rush = t.got[-1]["rush"]
    assert rush.startswith("Many new nicknames in a short time.")
    # it says what the teacher can do: close the class, the clean-ups, Remove by a name
    assert "close the class to new pupils" in rush and "clean-ups" in rush and "Remove" in rush
    assert room.snapshot("de")["rush"].startswith("Viele neue Spitznamen in kurzer Zeit.")
    # it goes a while after the burst, and a class closed to new pupils needs it no more
    clock.t += room_module.RUSH_SHOWN + 1
    assert room.snapshot()["rush"] == ""
    for i in range(15):
        join(room, f"More{i}", f"10.3.3.{i}")
    assert room.snapshot()["rush"] != ""
    t.say(type="joins_open", on=False)
    assert room.snapshot()["rush"] == ""


def test_a_code_for_one_new_pupil_lets_a_latecomer_past_a_join_flood_and_a_closed_class(
    room, clock, monkeypatch
):
    # every device on one address, and a script joining made-up nicknames as fast as it can
    room.joins_per_address = None
    room.wall = wall = Wall()
    busy = "Many pupils are joining right now: try again in a moment."

    def hello(code: str, name: str) -> Device:  # all at one moment of the server's clock
        d = Device(room)
        d.raw(json.dumps({"type": "hello", "code": code, "name": name}))
        return d

    for i in range(room_module.CLASS_JOINS + 20):
        hello(room.code, f"Fake{i}")
    late = hello(room.code, "Zoe")
    assert late.errors() == [busy]  # an honest newcomer is refused with the script's nicknames
    t = teacher(room)
    t.say(type="join_code")
    [made] = t.got[-1]["join_codes"]
    code = made["code"]
    assert made["text"] == (
        f"One new pupil joins by typing {code} as the class code, with a nickname: once, "
        "within 10 minutes, also when the class is closed or many are joining."
    )
    assert room.snapshot("de")["join_codes"][0]["text"].startswith(
        f"Ein neues Kind tritt bei, indem es {code} als Klassencode eintippt"
    )
    assert room.snapshot(projector=True)["join_codes"] == []  # never on the projector
    # the script's next nicknames are still refused; a look-alike nickname with the code is
    # refused too, and leaves the code for the next try
    assert hello(room.code, "Fake99").errors() == [busy]
    assert hello(code, "Fake1").errors() == [
        "Someone in the class already has that nickname: choose another one."
    ]
    zoe = hello(code.lower(), "Zoe")
    assert zoe.got[0]["type"] == "welcome" and zoe.got[0]["name"] == "Zoe"
    assert room.snapshot()["join_codes"] == []
    # once only: the code is then a wrong code
    assert hello(code, "Max").errors() == [
        "That is not the class code. Look at the board and try again."
    ]
    # a closed class takes a newcomer with a code, and a code works ten minutes
    t.say(type="joins_open", on=False)
    t.say(type="join_code")
    [first] = [j["code"] for j in t.got[-1]["join_codes"]]
    t.say(type="join_code")
    [second] = [j["code"] for j in t.got[-1]["join_codes"] if j["code"] != first]
    assert hello(room.code, "Max").errors() == [
        "The class is closed to new pupils: ask your teacher."
    ]
    assert hello(first, "Max").got[0]["type"] == "welcome"
    wall.t += room_module.HAND_BACK_FOR + 1
    assert hello(second, "Lea").errors() == [
        "That is not the class code. Look at the board and try again."
    ]
    # like a code that hands a seat back, a flood of wrong codes does not end it
    t.say(type="join_code")
    [third] = [j["code"] for j in t.got[-1]["join_codes"]]
    assert len(third) == room_module.SEAT_CODE_LENGTH
    for i in range(room_module.CLASS_GUESSES + 50):
        hello(f"W{i:07d}", "Mal")
    assert [j["code"] for j in room.snapshot()["join_codes"]] == [third]
    assert hello(third, "Lea").got[0]["type"] == "welcome"


def test_a_class_arriving_after_the_teachers_test_raises_no_rush_and_a_patient_flood_does(
    tmp_path, clock
):
    room = ClassRoom(tmp_path / "class.sqlite3", clock=clock)
    room.wall = wall = Wall()

    def later(seconds: float) -> None:
        wall.t += seconds
        clock.t += seconds

    # the teacher tries the class with her phone, and her class arrives five minutes later,
    # one pupil every 2.3 s: the class got busy with its fifth, and arrives from there
    assert join(room, "Frau Weber", "10.4.0.1").got[0]["type"] == "welcome"
    later(300)
    for i in range(25):
        later(2.3)
        assert join(room, f"Kid{i}", f"10.4.1.{i}").got[0]["type"] == "welcome"
    assert room.snapshot()["rush"] == ""
    # after a restart the class is still known to have arrived
    room.store.close()
    room = ClassRoom(tmp_path / "class.sqlite3", clock=clock)
    room.wall = wall
    later(room_module.ARRIVAL)
    # a patient flood, 13 made-up nicknames a minute (too slow for the class-wide limit and
    # for the short window): the line shows from the 25th in ten minutes
    shown = []
    for i in range(28):
        later(60 / 13)
        assert join(room, f"Fake{i}", f"10.4.2.{i}").got[0]["type"] == "welcome"
        shown.append(room.snapshot()["rush"] != "")
    assert shown == [False] * (room_module.RUSH_LONG_NICKNAMES - 1) + [True] * 4
    # latecomers a few at a time over the next half hour raise nothing
    later(room_module.RUSH_SHOWN + room_module.RUSH_LONG_WINDOW)
    for i in range(12):
        later(150)
        assert join(room, f"Late{i}", f"10.4.3.{i}").got[0]["type"] == "welcome"
        assert room.snapshot()["rush"] == ""


def test_a_flood_that_starts_the_arrival_raises_the_line_and_a_big_class_arriving_does_not(
    tmp_path, room, clock
):
    def later(seconds: float) -> None:
        wall.t += seconds
        clock.t += seconds

    # every device on one address (this computer, or a proxy): a script is the first to join,
    # 40 made-up nicknames at once and then one every 1.6 s, under the class-wide limit; its own
    # burst starts the arrival, and the line shows from the 60th within five minutes
    room.joins_per_address = None
    room.wall = wall = Wall()
    shown = []
    for i in range(room_module.ARRIVAL_NICKNAMES + 10):
        if i >= room_module.CLASS_JOINS:
            later(1.6)
        assert join(room, f"Fake{i}", "127.0.0.1").got[0]["type"] == "welcome"  # none refused
        shown.append(room.snapshot()["rush"] != "")
    assert shown == [False] * (room_module.ARRIVAL_NICKNAMES - 1) + [True] * 11
    assert room.snapshot()["rush"].startswith("Many new nicknames in a short time.")
    # two classes of 30 (less one) arriving together, one every 4 s, hear nothing, nor do
    # their latecomers after the arrival
    room = ClassRoom(tmp_path / "big.sqlite3", clock=clock)
    room.wall = wall
    for i in range(room_module.ARRIVAL_NICKNAMES - 1):
        later(4)
        assert join(room, f"Kid{i}", f"10.5.0.{i}").got[0]["type"] == "welcome"
    assert room.snapshot()["rush"] == ""
    for i in range(4):
        later(90)
        assert join(room, f"Late{i}", f"10.5.1.{i}").got[0]["type"] == "welcome"
        assert room.snapshot()["rush"] == ""


def test_nicknames_that_never_take_part_are_told_however_slowly_they_come(tmp_path, clock):
    """A script paced under every window of the line about new nicknames (an attacker's plans,
    on simulated clocks) is told by the nicknames that sit at no table and never voted,
    answered or moved; a year group of 200 that joins and takes part is not."""
    wall = Wall()

    def later(seconds: float) -> None:
        wall.t += seconds
        clock.t += seconds

    def fresh(name: str) -> ClassRoom:
        room = ClassRoom(tmp_path / name, clock=clock, seeds=counter(7))
        room.wall = wall
        return room

    def came(room: ClassRoom, name: str, address: str = "127.0.0.1") -> str:
        """``name`` joins (and goes offline: a script keeps no socket); its token."""
        d = join(room, name, address)
        assert d.got[0]["type"] == "welcome", d.got
        room.disconnect(d.screen)
        return str(d.screen.token)

    def until_told(room: ClassRoom, plan: list[float]) -> int:
        """The nicknames of ``plan`` (each a pause before it) that join before the line shows."""
        for n, pause in enumerate(plan, 1):
            later(pause)
            came(room, f"Fake{n}")
            if room.snapshot()["idle_rush"]:
                assert room.snapshot()["rush"] == ""  # no window saw it
                return n
        raise AssertionError("never told")

    # before the class arrives, 4 a minute (never 5 within one): 200 would fill the class in
    # 50 minutes; the line shows after about 20 of them
    room = fresh("trickle.sqlite3")
    room.joins_per_address = None
    assert until_told(room, [15.1] * 200) <= 85
    assert room.snapshot()["idle_rush"].startswith("Many nicknames in the class have never voted")
    assert room.snapshot("de")["idle_rush"].startswith("Viele Spitznamen in der Klasse haben")
    room.joins_open = False  # closing the class is its advice
    assert room.snapshot()["idle_rush"] == ""
    # the script starts the arrival (40 at once, 19 more within 5 minutes), then 24 in ten
    room = fresh("paced.sqlite3")
    room.joins_per_address = None
    assert until_told(room, [0.0] * 40 + [16.0] * 19 + [25.5] * 130) <= 75
    # a year group of 200 joins over five minutes and votes on the teacher's first question
    # within ten: 50 of them never do, far fewer than those who did
    room = fresh("year.sqlite3")
    t = teacher(room)
    t.say(type="poll_open", question="Which?", options=["a", "b"])
    poll = max(room.polls)
    room.disconnect(t.screen)

    def vote(token: str) -> None:
        later(1.5)
        back = Device(room)
        back.raw(json.dumps({"type": "hello", "code": room.code, "token": token}))
        back.raw(json.dumps({"type": "vote", "poll": poll, "choice": 0}))
        room.disconnect(back.screen)

    tokens = []
    for i in range(200):
        later(1.5)
        tokens.append(came(room, f"Kid{i}", f"10.7.{i // 100}.{i % 100}"))
    for token in tokens[:150]:
        vote(token)
    assert room.snapshot()["idle_rush"] == ""
    later(30 * 60)
    assert room.snapshot()["idle_rush"] == ""
    # nicknames that never take part are told once they outnumber those who did: beside a
    # class of 42 who voted, 42 are not, the 43rd is
    room = fresh("fifty.sqlite3")
    t = teacher(room)
    t.say(type="poll_open", question="Which?", options=["a", "b"])
    room.disconnect(t.screen)
    room.join_rate = None
    for i in range(42):
        vote(came(room, f"Kid{i}", f"10.8.0.{i}"))
    fakes = [came(room, f"Fake{i}", f"10.8.1.{i}") for i in range(42)]
    later(room_module.IDLE_AFTER)
    assert room.snapshot()["idle_rush"] == ""
    # a nickname seated at a table has not taken part until it moves: sitting down (at each
    # other's tables, as a script's nicknames did) does not hide it
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    table = max(room.tables)
    back = Device(room)
    back.raw(json.dumps({"type": "hello", "code": room.code, "token": fakes[0]}))
    back.raw(json.dumps({"type": "sit", "table": table, "seat": 0}))
    assert room._seat_of(fakes[0]) == (table, 0)
    came(room, "Fake42", "10.8.2.1")
    later(room_module.IDLE_AFTER)
    assert room.snapshot()["idle_rush"].startswith("Many nicknames in the class have never voted")
    assert room.snapshot("de")["idle_rush"].startswith("Viele Spitznamen in der Klasse haben")


def test_real_names_with_vowel_signs_join_and_capitals_of_another_alphabet_do_not_pass(room):
    # names in the scripts of India and Thailand carry vowel signs and viramas (marks)
    for i, name in enumerate(("प्रिया", "ਗੁਰਪ੍ਰੀਤ", "தமிழ்செல்வி", "ศรีสุดา", "O'Brien", "Anne-Marie")):
        d = join(room, name, f"10.0.9.{i}")
        assert d.got[0]["type"] == "welcome" and d.got[0]["name"] == name, name
    # a Greek "ΤΙΜ" first: "Tim" is then its look-alike, and the other way round
    assert join(room, "ΤΙΜ", "10.0.9.20").got[0]["type"] == "welcome"
    assert join(room, "Tim", "10.0.9.21").errors() == [
        "That nickname looks like ΤΙΜ, who is already in the class: choose another one."
    ]
    assert join(room, "Mia", "10.0.9.22").got[0]["type"] == "welcome"
    for i, name in enumerate(("ΜΙΑ", "МІА", "O’Brien", "OBrien", "प्रिया\u0951")):
        assert (
            join(room, name, f"10.0.9.{30 + i}").errors()[0].startswith("That nickname looks like ")
        ), name
    # marks without their letter, or piled up, have words of their own, in German too
    d = join(room, "Joq\u0301\u0302\u0303\u0304", "10.0.9.40")
    assert d.errors() == [
        "Too many accents on one letter, or an accent without a letter: write the nickname as "
        "usual."
    ]
    de = at(room, "10.0.9.41")
    de.say(type="hello", code=room.code, name="Mia!", lang="de")
    assert de.errors() == [
        "Nimm Buchstaben und Ziffern für einen Spitznamen (ein Leerzeichen, - _ . oder ' "
        "dazwischen geht auch)."
    ]


def test_letters_of_old_and_rare_scripts_and_an_l_among_capitals_are_refused(room):
    for i, name in enumerate(("Anna", "Nick", "Ella")):
        assert join(room, name, f"10.0.8.{i}").got[0]["type"] == "welcome"
    script = "Some of these letters cannot be used in a nickname: choose other letters."
    nick = "That nickname looks like Nick, who is already in the class: choose another one."
    refused = {
        "\u2c81\u2c9b\u2c9b\u2c81": script,  # Coptic small "ⲁⲛⲛⲁ" beside Anna
        "\U00010300\U0001030d\U0001030d\U00010300": script,  # Old Italic "𐌀𐌍𐌍𐌀"
        "\U00010320\U00010320": script,  # Old Italic numerals: no digits of ours
        "\u13a0\u13c6": script,  # Cherokee "ᎠᏆ", a script of limited use
        # an l or the Lisu "ꓲ" among capitals reads as a capital I: "NICK", so Nick
        "\ua4e0\ua4f2\ua4da\ua4d7": nick,  # Lisu "ꓠꓲꓚꓗ"
        "NlCK": nick,
        "NICK": "Someone in the class already has that nickname: choose another one.",
    }
    for i, (name, words) in enumerate(refused.items()):
        assert join(room, name, f"10.0.9.{i}").errors() == [words], name
    # among small letters an l is an l (Ella and Elia are two names); everyday alphabets join:
    # Cyrillic, Arabic, Hiragana, Hangul, Hebrew, Georgian, Latin
    welcome = ("Elia", "\u0414\u0438\u043c\u0430", "\u0645\u062d\u0645\u062f", "\u3055\u304f\u3089")
    welcome += ("\uc9c0\ubbfc", "\u05d3\u05e0\u05d4", "\u10dc\u10d8\u10dc\u10dd", "\u00d6mer")
    for i, name in enumerate(welcome):
        assert join(room, name, f"10.0.10.{i}").got[0]["type"] == "welcome", name
    de = at(room, "10.0.11.1")
    de.say(type="hello", code=room.code, name="\u2c81\u2c9b\u2c9b\u2c81", lang="de")
    assert de.errors() == [
        "Einige dieser Buchstaben gehen in einem Spitznamen nicht: Nimm andere Buchstaben."
    ]


def test_look_alikes_made_of_letter_pairs_digits_and_accents_are_refused(room):
    for i, name in enumerate(("Tim", "Bob", "Anna", "Sam", "Will", "Mia", "Dad", "Leo", "ABE")):
        assert join(room, name, f"10.0.5.{i}").got[0]["type"] == "welcome"
    refused = {
        "Tirn": "Tim",  # "rn" passes for "m" (Unicode's confusables data)
        "b0b": "Bob",  # 0 for o
        "8ob": "Bob",  # 8 for B
        "BOB": None,  # the same nickname in capitals
        "Anná": "Anna",  # an accent
        "Ánna": "Anna",
        "5am": "Sam",  # 5 for S
        "Wi1l": "Will",  # 1 for l
        "VViII": "Will",  # vv for w, I for l
        "\u0412\u043e\u0432": "Bob",  # Cyrillic "Вов": its small "в" for b
        "\u028dia": "Mia",  # the turned "ʍ" for m
        "Bo\u0185": "Bob",  # the tone six "ƅ" for b
        "Dacl": "Dad",  # "cl" for d
        "\u13de\u13ac\u13be": "Leo",  # Cherokee "ᏞᎬᎾ"
        "\u1d00\u0274\u0274\u1d00": "Anna",  # Latin small capitals "ᴀɴɴᴀ"
        "\u1d1b\u026a\u1d0d": "Tim",  # "ᴛɪᴍ"
        "\u15c5\u15f7\u15f4": "ABE",  # Canadian syllabics "ᗅᗷᗴ"
        "\u1515\u15e9\u163b": "Sam",  # Canadian syllabics "ᔕᗩᘻ"
    }
    for i, (name, other) in enumerate(refused.items()):
        said = join(room, name, f"10.0.6.{i}").errors()
        if other is None:
            assert said == ["Someone in the class already has that nickname: choose another one."]
        else:
            assert said == [
                f"That nickname looks like {other}, who is already in the class: choose another one."
            ], name
    # nicknames that only share letters are welcome; one letter names nobody on the board
    for i, name in enumerate(("Tom", "Bo", "Annika", "Sami", "Bern")):
        assert join(room, name, f"10.0.7.{i}").got[0]["type"] == "welcome", name
    assert join(room, "Q", "10.0.7.9").errors() == [
        "Choose a nickname of 2 to 20 letters or numbers (no full names, please)."
    ]
    # a nickname taken out of the class frees its look-alikes
    t = teacher(room)
    tim = next(p for p in t.got[-1]["pupils"] if p["name"] == "Tim")
    t.say(type="pupil_remove", pupil=tim["id"])
    assert join(room, "Tirn", "10.0.7.10").got[0]["type"] == "welcome"
    assert join(room, "Tim", "10.0.7.11").errors()[0].startswith("That nickname looks like Tirn")


def test_a_join_costs_the_same_in_a_big_class(room, monkeypatch):
    """A new pupil is compared with the class's nicknames through their kept skeletons, and
    their lobby is put together from the tables' kept parts: nothing is made again for every
    pupil or every table of the class."""
    from kaskaria.classroom import devices as devices_module
    from kaskaria.classroom import lobby as lobby_module

    t = teacher(room)
    kids = []
    for i in range(45):
        if i % 3 == 0:
            t.say(type="create", game="heroes", players=3, level="easy")
        d = Device(room)
        d.screen = devices_module.Device(
            send=d.got.append, send_text=lambda text, got=d.got: got.append(json.loads(text))
        )
        d.screen.address = f"10.1.0.{i}"
        d.say(type="hello", code=room.code, name=f"Kid{i}")
        d.say(type="sit", table=max(room.tables), seat=i % 3)
        kids.append(d)
    calls = {"skeletons": 0, "tables": 0}
    real_skeletons, real_table = room_module.skeletons, lobby_module.lobby_table

    def counted_skeletons(name):  # type: ignore[no-untyped-def]
        calls["skeletons"] += 1
        return real_skeletons(name)

    def counted_table(*args):  # type: ignore[no-untyped-def]
        calls["tables"] += 1
        return real_table(*args)

    monkeypatch.setattr(room_module, "skeletons", counted_skeletons)
    monkeypatch.setattr(lobby_module, "lobby_table", counted_table)
    monkeypatch.setattr(room_module, "lobby_table", counted_table)
    new = Device(room)
    new.screen = devices_module.Device(
        send=new.got.append, send_text=lambda text: new.got.append(json.loads(text))
    )
    new.screen.address = "10.1.1.1"
    new.say(type="hello", code=room.code, name="Newcomer")
    assert new.got[0]["type"] == "welcome"
    lobby_sent = next(m for m in new.got if m["type"] == "lobby")
    assert len(lobby_sent["tables"]) == 15
    assert calls == {"skeletons": 1, "tables": 0}, calls


def test_the_banner_keeps_the_key_away_from_the_qr_code(tmp_path):
    from class_support import ServerProcess

    s = ServerProcess(tmp_path / "class.sqlite3", stop_after=30).start()
    s.stop()
    lines = "".join(s.out).splitlines()
    qr = [i for i, line in enumerate(lines) if "\u2588" in line or "\u2580" in line]
    key = [i for i, line in enumerate(lines) if s.key in line]
    assert qr and key and s.code
    code_line = next(i for i, line in enumerate(lines) if "Class code:" in line)
    # the pupils' address, the code and the QR code come first; the key only well below the
    # QR code, under a warning, never beside what a teacher projects
    assert code_line < qr[0] and min(key) > max(qr) + 2
    warning = next(i for i, line in enumerate(lines) if "do not show" in line)
    assert max(qr) < warning < min(key)
    assert all(s.key not in line for line in lines[: max(qr) + 1])


def answer(device: Device, **message) -> str:
    """What ``device`` hears back for ``message`` (its "done" or error line)."""
    before = len(device.got)
    device.say(**message)
    said = [m["text"] for m in device.got[before:] if m["type"] in ("done", "error")]
    assert len(said) == 1, device.got[before:]
    return said[0]


class Wall:
    """The wall clock of the pupils' join times, moved on by the test."""

    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t


def test_one_device_behind_a_proxy_cannot_fill_the_class(room, clock):
    # behind a proxy (or on this computer) every device has one address: no per-address limits
    room.joins_per_address = None
    room.wall = wall = Wall()
    t = teacher(room)
    ann = join(room, "Ann", "")
    token = ann.screen.token
    wall.t += 20 * 60
    made = 0
    for i in range(182):  # made-up nicknames as fast as a script sends them
        d = Device(room)
        room.receive(d.screen, json.dumps({"type": "hello", "code": room.code, "name": f"Fake{i}"}))
        made += d.got[0]["type"] == "welcome"
        room.disconnect(d.screen)
    assert made <= room_module.CLASS_JOINS + 1, made
    assert d.errors() == ["Many pupils are joining right now: try again in a moment."]
    assert len(room.pupils) < room_module.MAX_PUPILS
    t.say(type="lang", lang="en")
    assert t.got[-1]["rush"].startswith("Many new nicknames in a short time")
    # a pupil who joined before comes back at once; a new one a moment later
    room.disconnect(ann.screen)
    back = Device(room)
    back.say(type="hello", code=room.code, token=token)
    assert back.got[0]["type"] == "welcome"
    clock.t += room_module.CLASS_JOIN_EVERY
    assert join(room, "Zoe", "").got[0]["type"] == "welcome"
    # the teacher cleans up in two clicks: closes the class, removes who joined in the last
    # 10 minutes before closing it (every made-up nickname, and Zoe, who joins again)
    t.say(type="joins_open", on=False)
    wall.t += 30 * 60  # the teacher noticed later: the minutes count back from the closing
    said = answer(t, type="pupils_remove", which="recent", minutes=10)
    assert said == f"{made + 1} pupils were taken out of the class."
    assert [p.name for p in room.pupils.values()] == ["Ann"]
    assert back.got[-1]["type"] != "error"  # Ann plays on
    assert answer(t, type="pupils_remove", which="recent", minutes=0).startswith(
        "Give the minutes as a whole number"
    )
    # the nicknames are free again, and Mallory's device hears why
    t.say(type="joins_open", on=True)
    assert join(room, "Fake1", "").got[0]["type"] == "welcome"


def test_the_teacher_cleans_up_a_class_in_a_few_clicks(room, clock):
    room.joins_per_address = None
    room.join_rate = None
    t = teacher(room)
    ann = join(room, "Ann", "")
    fakes = []
    for i in range(60):
        d = join(room, f"Fake{i}", "")
        if i < 40:
            d.say(type="create", game="heroes", players=2, level="easy")
        fakes.append(d)
    t.say(type="create", game="heroes", players=2, level="easy")
    ann.say(type="sit", table=max(room.tables), seat=0)
    for d in fakes:
        room.disconnect(d.screen)
    # one by one, as fast as a page sends: the teacher is not held to a pupil's rate
    ids = [p["id"] for p in t.got[-1]["pupils"] if p["name"].startswith("Fake")][:45]
    before = len(t.got)
    for pid in ids:
        room.receive(t.screen, json.dumps({"type": "pupil_remove", "pupil": pid}))
    assert not [m for m in t.got[before:] if m["type"] == "error"], t.got[-1]
    assert len(room.pupils) == 16
    # then all at once: every pupil not here, every table where no pupil sits
    assert answer(t, type="pupils_remove", which="offline") == (
        "15 pupils were taken out of the class."
    )
    assert answer(t, type="tables_remove", which="empty") == "40 tables were removed."
    assert [p.name for p in room.pupils.values()] == ["Ann"] and len(room.tables) == 1
    d = at(room, "")
    d.say(type="hello", code=room.code, name="Bea", lang="de")
    t2 = Device(room)
    t2.say(type="hello", code=room.code, key=room.key, lang="de")
    assert answer(t2, type="tables_remove", which="empty") == "0 Tische wurden entfernt."
    shown = [m for m in t2.got if m["type"] == "class"][-1]
    assert shown["words"]["w_remove_offline"] == "Alle Kinder entfernen, die nicht da sind"
    # a pupil may not
    for message in (
        {"type": "pupils_remove", "which": "offline"},
        {"type": "tables_remove", "which": "empty"},
    ):
        assert ann.say(**message)["text"] == "Only the teacher can change that."
    assert len(room.pupils) == 2 and len(room.tables) == 1
    # a pupil's device is still held to its rate
    for _ in range(40):
        room.receive(ann.screen, json.dumps({"type": "lang", "lang": "en"}))
    assert "Too many clicks at once: wait a moment and try again." in ann.errors()


def test_a_flood_of_sockets_holds_no_pupil_out_on_this_computer(tmp_path):
    """The default (this computer, or behind a proxy): no per-address caps. Sockets that never
    join fill their share of the connections; a pupil who joined comes back with their token
    and a new pupil joins, while the flood goes on."""
    import asyncio
    import time

    from class_support import Client, ServerProcess, run_async

    s = ServerProcess(
        tmp_path / "class.sqlite3", stop_after=60, extra=("--max-connections", "40")
    ).start()
    flood: list = []
    try:

        async def scene() -> None:
            ann = await Client(s.url).open()
            await ann.send(type="hello", code=s.code, name="Ann")
            await ann.wait_for(lambda m: m["type"] == "welcome")
            ben = await Client(s.url).open()
            await ben.send(type="hello", code=s.code, name="Ben")
            token = (await ben.wait_for(lambda m: m["type"] == "welcome"))["token"]
            ben.close()
            # one device opens silent sockets, half-sent requests and sockets that never say
            # hello, more than the server holds, and keeps opening them
            silent = []
            for _ in range(20):
                silent.append(await Client(s.url).open())
            for i in range(50):
                sock = _connect_from("127.0.0.1", s.port)
                if i % 2:
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                flood.append(sock)
            await asyncio.sleep(1.2)
            for _ in range(10):
                flood.append(_connect_from("127.0.0.1", s.port))
            start = time.monotonic()
            # Ben's device comes back with its token, and Cleo joins: both at once
            back = await Client(s.url).open()
            await back.send(type="hello", code=s.code, token=token)
            assert (await back.wait_for(lambda m: m["type"] in ("welcome", "error")))[
                "type"
            ] == "welcome"
            await asyncio.sleep(1.1)
            cleo = await Client(s.url).open()
            await cleo.send(type="hello", code=s.code, name="Cleo")
            assert (await cleo.wait_for(lambda m: m["type"] in ("welcome", "error")))[
                "type"
            ] == "welcome"
            assert time.monotonic() - start < 5
            # Ann, who joined before the flood, plays on
            await ann.send(type="create", game="heroes", players=2, level="easy")
            await ann.wait_for(lambda m: m["type"] == "lobby" and m["tables"])
            for c in (*silent, ann, back, cleo):
                c.close()

        run_async(scene())
    finally:
        for sock in flood:
            sock.close()
        s.stop()
    out = "".join(s.out) + (s.proc.stdout.read() if s.proc and s.proc.stdout else "")
    assert out.count("the oldest are closed to make room") == 1, out[-2000:]
    assert "Traceback" not in out


def test_behind_a_trusted_proxy_the_limits_count_each_device(tmp_path):
    import asyncio

    from class_support import Client, ServerProcess, run_async

    from kaskaria.classroom.server import client_address

    # a device may write anything in X-Forwarded-For; only the proxy's last entry counts, and
    # only from the trusted proxy
    trusted = frozenset({"127.0.0.1"})
    assert client_address("127.0.0.1", {"X-Forwarded-For": "1.2.3.4, 10.0.0.7"}, trusted) == (
        "10.0.0.7"
    )
    assert client_address("10.0.0.9", {"X-Forwarded-For": "10.0.0.7"}, trusted) == "10.0.0.9"
    assert client_address("127.0.0.1", {"X-Real-IP": "10.0.0.8"}, trusted) == "10.0.0.8"
    assert client_address("127.0.0.1", {"X-Forwarded-For": "nonsense"}, trusted) == "127.0.0.1"
    assert client_address("127.0.0.1", {}, trusted) == "127.0.0.1"
    # a long forged start (a device's own header, 400 characters and more) does not push the
    # entry its proxy added out of reach
    forged = ", ".join(f"10.9.{i // 250}.{i % 250}" for i in range(120))
    assert len(forged) > 1000
    header = {"X-Forwarded-For": f"{forged}, 10.0.0.7"}
    assert client_address("127.0.0.1", header, trusted) == "10.0.0.7"
    header = {"X-Forwarded-For": f"{'9' * 5000}, 10.0.0.7"}
    assert client_address("127.0.0.1", header, trusted) == "10.0.0.7"
    # an IPv6 address in its short form (each device of a network's /64 its own); an IPv4
    # address written as IPv6 is that IPv4 address
    for said in ("2001:db8:5:6::1", "2001:DB8:5:6:0:0:0:1"):
        header = {"X-Forwarded-For": said}
        assert client_address("127.0.0.1", header, trusted) == "2001:db8:5:6::1"
    assert client_address("2001:db8:5:7::9", {}, trusted) == "2001:db8:5:7::9"
    assert client_address("::ffff:10.0.0.7", {}, trusted) == "10.0.0.7"
    assert client_address("127.0.0.1", {"X-Forwarded-For": "::ffff:10.0.0.7"}, trusted) == (
        "10.0.0.7"
    )

    s = ServerProcess(
        tmp_path / "class.sqlite3",
        stop_after=60,
        extra=("--trusted-proxy", "127.0.0.1", "--per-address", "3"),
    ).start()
    try:

        async def scene() -> None:
            mal = {"X-Forwarded-For": "10.0.0.66"}
            socks = [await Client(s.url, mal).open() for _ in range(3)]
            with pytest.raises(Exception, match="429"):
                await Client(s.url, mal).open()  # a fourth socket from that device
            for c in socks:
                c.close()
            await asyncio.sleep(0.3)
            # its nicknames are counted too: 4 at once (the school network's default)
            said = []
            for i in range(6):
                c = await Client(s.url, mal).open()
                await c.send(type="hello", code=s.code, name=f"Fake{i}")
                said.append(await c.wait_for(lambda m: m["type"] in ("welcome", "error")))
                c.close()
                await asyncio.sleep(0.1)
            assert [m["type"] for m in said[:4]] == ["welcome"] * 4
            assert said[4]["text"] == (
                "This device has made enough nicknames for now: ask your teacher."
            )
            # another device behind the same proxy is not held by it
            ann = await Client(s.url, {"X-Forwarded-For": "10.0.0.7"}).open()
            await ann.send(type="hello", code=s.code, name="Ann")
            assert (await ann.wait_for(lambda m: m["type"] in ("welcome", "error")))[
                "type"
            ] == "welcome"

        run_async(scene())
    finally:
        s.stop()


@pytest.fixture
def read_only(tmp_path):
    """Makes files and folders read-only for real: by their modes for a user, by a read-only
    bind mount for root (who may write whatever the modes say). Each is checked to refuse a
    write, so the test cannot pass on a store the server could still write."""
    import subprocess

    done: list = []

    def make(path) -> None:
        if os.geteuid() != 0:
            os.chmod(path, 0o555 if path.is_dir() else 0o444)
            done.append(("chmod", path, stat.S_IMODE(os.stat(path).st_mode)))
        else:
            for cmd in (
                ["mount", "--bind", str(path), str(path)],
                ["mount", "-o", "remount,bind,ro", str(path)],
            ):
                out = subprocess.run(cmd, capture_output=True, text=True)
                if out.returncode != 0:
                    pytest.skip(f"root cannot make a read-only mount here: {out.stderr[:80]}")
                if "--bind" in cmd:
                    done.append(("mount", path, 0))
        # the file system refuses a write now
        probe = path / "probe" if path.is_dir() else path
        with pytest.raises(OSError):
            with open(probe, "a"):
                pass

    yield make
    for how, path, mode in reversed(done):
        if how == "chmod":
            os.chmod(path, mode)
        elif subprocess.run(["umount", str(path)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(path)], capture_output=True)


def test_a_read_only_store_refuses_at_the_start_and_loses_nothing(tmp_path, clock, read_only):
    import subprocess
    import sys

    folder = tmp_path / "class"
    path = folder / "class.sqlite3"
    room = ClassRoom(str(path), clock=clock)
    code = room.code
    join(room, "Ann", "10.0.0.7")
    teacher(room).say(type="create", game="heroes", players=2, level="easy")
    room.store.close()
    said = "is read-only: make it writable or choose another --store."

    def start() -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "kaskaria.classroom.server", "--port", "0"]
        cmd += ["--store", str(path), "--no-announce", "--stop-after", "0.1"]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)

    # the store's file read-only (the folder writable), then the whole folder
    for target in (path, folder):
        read_only(target)
        with pytest.raises(StoreError, match=said):
            ClassRoom(str(path), clock=clock)
        out = start()
        assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
        assert out.stderr.startswith("kaskaria-class: The store ") and said in out.stderr
        assert "Traceback" not in out.stderr and "Class code" not in out.stdout
    # a new store in a read-only folder
    with pytest.raises(StoreError, match="cannot be written: choose another --store"):
        Store(folder / "other.sqlite3")
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert db.execute("SELECT count(*) FROM pupils").fetchone() == (1,)
        assert db.execute("SELECT value FROM meta WHERE key='code'").fetchone() == (code,)
    finally:
        db.close()


def test_a_ping_is_answered_after_hello_and_changes_nothing(room):
    d = Device(room)
    assert (
        d.say(type="ping")["text"] == "Join the class first: type the class code and your nickname."
    )
    ann = join(room, "Ann", "10.0.0.7")
    welcome = ann.got[0]
    assert welcome["ping"] == room_module.PING_EVERY
    before = len(ann.got)
    assert ann.say(type="ping") == {"type": "pong"}
    assert len(ann.got) == before + 1
