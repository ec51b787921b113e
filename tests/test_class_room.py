"""The class server's logic without the network: joining, seats, views per device, forged
messages, predictions, the tally and the store (kaskaria.classroom.room)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from kaskaria.classroom import devices
from kaskaria.classroom.protocol import Leave
from kaskaria.classroom.room import (
    FLOOD_CLOSE,
    MAX_MESSAGE_BYTES,
    RATE_BURST,
    ClassRoom,
    check_message,
)
from kaskaria.classroom.server import export_csv
from kaskaria.core import TABLE, TERMINAL
from kaskaria.i18n import keys
from kaskaria.i18n import text as i18n_text


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def until_turn(room: ClassRoom, clock: Clock, tid: int, seat: int) -> None:
    """The bots step (on the server's clock) until ``seat`` decides."""
    table = room.tables[tid].table
    for _ in range(100):
        if table.state.current_player() in (seat, TERMINAL):
            return
        clock.t += room.wake_in(tid) or 1
        room.tick(tid)
    raise AssertionError("the bots did not hand the turn over")


class Device:
    """A screen that keeps what it was sent."""

    def __init__(self, room: ClassRoom) -> None:
        self.room = room
        self.got: list[dict] = []
        self.closed = False
        self.screen = devices.Device(send=self.got.append, close=self._close)

    def _close(self) -> None:
        self.closed = True

    def say(self, **message) -> dict:
        """Send a message as a child clicks: a moment after the last one."""
        if isinstance(self.room.clock, Clock):
            self.room.clock.t += 0.2
        before = len(self.got)
        self.room.receive(self.screen, json.dumps(message))
        new = self.got[before:]
        return new[-1] if new else {}

    def raw(self, text) -> dict:
        before = len(self.got)
        self.room.receive(self.screen, text)
        new = self.got[before:]
        return new[-1] if new else {}

    def errors(self) -> list[str]:
        return [m["text"] for m in self.got if m["type"] == "error"]

    def views(self) -> list[dict]:
        return [m for m in self.got if m["type"] == "view"]

    def text(self) -> str:
        return json.dumps(self.got)


@pytest.fixture
def clock() -> Clock:
    return Clock()


def counter(start: int = 1):
    n = iter(range(start, start + 1000))
    return lambda: next(n)


@pytest.fixture
def room(tmp_path, clock) -> ClassRoom:
    return ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(1_234_567_891))


def pupil(room: ClassRoom, name: str) -> Device:
    d = Device(room)
    reply = d.say(type="hello", code=room.code, name=name)
    assert d.got[0]["type"] == "welcome", d.got
    assert reply["type"] in ("lobby", "welcome")
    return d


def teacher(room: ClassRoom) -> Device:
    d = Device(room)
    d.say(type="hello", code=room.code, key=room.key)
    assert d.got[0] == {"type": "welcome", "role": "teacher", "code": room.code}
    return d


def ann_and_ben_at(room: ClassRoom, game: str, players: int) -> tuple[Device, int, Device, Device]:
    """The teacher makes a table of ``game`` (bots at level easy); Ann sits in seat 0, Ben in
    seat 1: (the teacher, the table's id, Ann, Ben)."""
    t = teacher(room)
    t.say(type="create", game=game, players=players, level="easy")
    tid = max(room.tables)
    ann, ben = pupil(room, "Ann"), pupil(room, "Ben")
    ann.say(type="sit", table=tid, seat=0)
    ben.say(type="sit", table=tid, seat=1)
    return t, tid, ann, ben


def ann_after_a_bot(room: ClassRoom) -> tuple[Device, int, Device]:
    """The teacher makes a two-player Dragon Battle table (an easy bot in seat 0, which plays
    first); Ann sits in seat 1: (the teacher, the table's id, Ann)."""
    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=1)
    return t, tid, ann


def advice_held(device: Device) -> dict:
    """The advice part of the latest view ``device`` was sent that carried one."""
    return [v["parts"]["advice"] for v in device.views() if "advice" in v["parts"]][-1]


def snapshot_of(room: ClassRoom):
    """Everything a forged message must leave as it was."""
    return (
        {
            t: (tb.table.version, tuple(tb.lines), tuple(tb.sitters))
            for t, tb in room.tables.items()
        },
        json.dumps(room.store.polls()),
        room.store.typed(),
        sorted(room.pupils),
    )


def play_own_seat(room: ClassRoom, devices: dict[int, Device], tid: int, steps: int, seed: int = 0):
    """Each pupil makes a random legal move on their own device when it is their turn."""
    rng = np.random.default_rng(seed)
    session = room.tables[tid].table
    for _ in range(steps):
        player = session.state.current_player()
        if player not in devices:
            return
        actions = session.state.legal_actions()
        action = actions[int(rng.integers(len(actions)))]
        before = len(session.match.actions)
        version = devices[player].views()[-1]["version"]  # the device's latest view's
        devices[player].say(
            type="table", msg={"type": "action", "action": str(action), "version": version}
        )
        assert len(session.match.actions) > before, devices[player].errors()[-1:]


# -- joining ---------------------------------------------------------------------------------
def test_nothing_without_the_class_code(room):
    d = Device(room)
    assert d.say(type="hello", code="WRONG1", name="Ann")["type"] == "error"
    assert d.say(type="sit", table=1, seat=0)["text"].startswith("Join the class first")
    assert d.say(type="create", game="heroes", players=2)["type"] == "error"
    assert not room.tables and not room.pupils
    assert all(m["type"] == "error" for m in d.got)
    assert room.code not in d.text()


def test_a_pupil_joins_with_code_and_nickname_only(room):
    d = Device(room)
    d.say(type="hello", code=room.code.lower(), name="  Mia  ")
    welcome = d.got[0]
    assert welcome["type"] == "welcome" and welcome["name"] == "Mia"
    assert len(welcome["token"]) >= 32
    # no other personal data is accepted
    e = Device(room).say(type="hello", code=room.code, name="Tom", email="tom@example.org")
    assert e["type"] == "error"
    assert [p.name for p in room.pupils.values()] == ["Mia"]
    # a nickname is short and plain, and unique in the class
    for bad in ("", "x" * 21, "<b>hi</b>", "Mia", "MIA"):
        assert Device(room).say(type="hello", code=room.code, name=bad)["type"] == "error"


def test_teacher_key_needed_for_teacher_controls(room):
    d = Device(room)
    assert (
        d.say(type="hello", code=room.code, key="guess")["text"] == "That is not the teacher key."
    )
    p = pupil(room, "Ann")
    before = snapshot_of(room)
    for msg in (
        {"type": "poll_open", "question": "Which?", "options": ["a", "b"]},
        {"type": "tally_add", "rolls": 10, "fails": 2},
        {"type": "creating", "on": False},
        {"type": "remove", "table": 1},
    ):
        assert p.say(**msg)["text"] == "Only the teacher can change that."
    assert snapshot_of(room) == before
    assert not any(m["type"] == "class" for m in p.got)


# -- tables across devices -------------------------------------------------------------------
def test_every_device_gets_only_its_own_seat_view(room):
    t, tid, ann, ben = ann_and_ben_at(room, "heroes", 3)
    session = room.tables[tid].table
    assert session.seats == ("human", "human", "easy")
    play_own_seat(room, {0: ann, 1: ben}, tid, 6)
    # what each device holds now, part by part, is its own seat's view (and never the other's)
    for device, seat, other in ((ann, 0, 1), (ben, 1, 0)):
        held: dict = {}
        for m in device.views():
            assert m["seat"] == seat and m["table"] == tid
            held.update(m["parts"])
        own = room.view(tid, seat, "en")
        theirs = room.view(tid, other, "en")
        assert held["board"] == own["board"]
        assert own["board"] != theirs["board"]  # hands differ: the check can fail
        text = device.text()
        assert str(session.seed) not in text
        assert room.pupils[ben.screen.token if seat == 0 else ann.screen.token].token not in text
    # the teacher sees the table as the table view sees it
    snap = [m for m in t.got if m["type"] == "class"][-1]
    assert snap["tables"][0]["status"] == room.view(tid, TABLE)["status"]
    assert str(session.seed) not in t.text()


def test_acting_for_another_seat_or_reading_another_view_is_refused(room):
    t, tid, ann, ben = ann_and_ben_at(room, "dragons-gold", 3)
    session = room.tables[tid].table
    assert session.state.current_player() == 0
    legal = str(session.state.legal_actions()[0])
    before = snapshot_of(room)
    # Ben acts for Ann's seat
    reply = ben.say(type="table", msg={"type": "action", "action": legal})
    assert reply["text"] == "It is not your turn yet: Player 1 decides now."
    # Ben asks for Ann's view, for the omniscient view, or takes her seat
    assert ben.say(type="table", msg={"type": "viewer", "viewer": 0})["type"] == "error"
    assert ben.say(type="table", msg={"type": "viewer", "viewer": "omniscient"})["type"] == "error"
    assert ben.say(type="sit", table=tid, seat=0)["text"].startswith("That seat is taken")
    # or changes the table for everyone
    for msg in (
        {"type": "seat", "player": 0, "seat": "easy"},
        {"type": "new"},
        {"type": "code", "code": "KAS1-x"},
        {"type": "autoplay", "delay": 0.05},
        {"type": "next"},
        {"type": "hourglass", "on": False},
    ):
        assert ben.say(type="table", msg=msg)["type"] == "error", msg
    assert snapshot_of(room) == before
    assert all(m["seat"] == 1 for m in ben.views())
    # a watcher sees the table's view only
    cat = pupil(room, "Cat")
    cat.say(type="watch", table=tid)
    assert cat.views()[-1]["seat"] is None
    before = snapshot_of(room)
    assert cat.say(type="table", msg={"type": "action", "action": legal})["type"] == "error"
    assert snapshot_of(room) == before


def test_replaying_another_pupils_token(room):
    ann = pupil(room, "Ann")
    token = ann.screen.token
    thief = Device(room)
    reply = thief.say(type="hello", code=room.code, token=token)
    assert reply["text"] == "This nickname is playing on another device right now."
    assert thief.screen.role is None and token not in thief.text()
    # a made-up token is nobody's: without a nickname nothing happens
    fake = Device(room)
    assert fake.say(type="hello", code=room.code, token="A" * 32)["type"] == "error"
    assert len(room.pupils) == 1
    # Ann's own device, after a reload, gets her back (the old screen has gone)
    room.disconnect(ann.screen)
    again = Device(room)
    again.say(type="hello", code=room.code, token=token)
    assert again.got[0]["name"] == "Ann" and again.got[0]["token"] == token


def test_malformed_oversized_and_odd_messages_change_nothing(room):
    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=0)
    before = snapshot_of(room)
    odd = [
        "not json",
        "[1, 2, 3]",
        "null",
        json.dumps({"type": "sit", "table": 1}),  # a field missing
        json.dumps({"type": "sit", "table": "1", "seat": 0}),  # a number as text
        json.dumps({"type": "sit", "table": True, "seat": 0}),  # True is not a number
        json.dumps({"type": "sit", "table": 10**30, "seat": 0}),
        json.dumps({"type": "sit", "table": 1, "seat": 0, "extra": 1}),
        json.dumps({"type": "vote", "poll": 1.5, "choice": 0}),
        '{"type": "sit", "table": NaN, "seat": 0}',
        json.dumps({"type": "table", "msg": {"type": "action", "action": "roll", "x": [[[]]]}}),
        json.dumps({"type": "table", "msg": {"type": "action", "action": "¹²³"}}),
        json.dumps({"type": "table", "msg": {"type": "action", "action": 5}}),
        json.dumps({"type": "table", "msg": "roll"}),
        json.dumps({"type": "x" * 30}),
        "[" * 1000 + "]" * 1000,
        b"\xff\xfe",
        json.dumps({"type": "hello", "code": room.code, "name": "again"}),  # a second hello
    ]
    for text in odd:
        reply = ann.raw(text)
        assert reply["type"] == "error", text
        assert len(reply["text"]) < 120
    big = json.dumps(
        {"type": "table", "msg": {"type": "action", "action": "r" * MAX_MESSAGE_BYTES}}
    )
    assert ann.raw(big)["text"] == "That message was too long. Nothing changed."
    assert ann.raw(big.encode())["text"] == "That message was too long. Nothing changed."
    assert snapshot_of(room) == before
    assert check_message(json.dumps({"type": "leave"})) == Leave()


def test_a_flood_is_cut_off(room, clock):
    ann = pupil(room, "Ann")
    before = snapshot_of(room)
    done = 0
    for _ in range(RATE_BURST * 3):  # all at once
        reply = ann.raw(json.dumps({"type": "vote", "poll": 99, "choice": 0}))
        done += reply.get("text") == "There is no such question open."
    assert done <= RATE_BURST
    assert "Too many clicks at once: wait a moment and try again." in ann.errors()
    for _ in range(FLOOD_CLOSE):
        ann.raw(json.dumps({"type": "leave"}))
    assert ann.closed
    assert snapshot_of(room) == before
    clock.t += 10  # after a pause the device is heard again
    assert ann.say(type="vote", poll=99, choice=0)["text"] == "There is no such question open."


# -- Dragon's Gold across devices ------------------------------------------------------------
def test_dragons_gold_negotiation_across_three_devices(room, clock):
    t = teacher(room)
    t.say(type="create", game="dragons-gold", players=3, level="easy")
    tid = max(room.tables)
    devices = {}
    for seat, name in enumerate(("Ann", "Ben", "Cat")):
        devices[seat] = pupil(room, name)
        devices[seat].say(type="sit", table=tid, seat=seat)
    session = room.tables[tid].table
    assert session.people == [0, 1, 2]
    answered = set()
    rng = np.random.default_rng(3)
    for _ in range(400):
        state = session.state
        seat = state.current_player()
        if seat < 0:
            break
        if state.phase == "answer":
            answered.add(seat)
            # the proposal shows on the answering device with its moves, and its hourglass runs
            view = [m for m in devices[seat].views() if "moves" in m["parts"]][-1]["parts"]
            assert view["moves"]["actions"], "the answering pupil gets buttons"
            assert room.view(tid, seat)["timer"]["running"]
        actions = state.legal_actions()
        gives = [a for a in actions if a.verb == "give"]
        settle = [a for a in actions if a.verb in ("propose", "accept")]
        if gives and rng.random() < 0.6:
            action = gives[int(rng.integers(len(gives)))]
        elif settle:
            action = settle[0]
        else:
            action = actions[int(rng.integers(len(actions)))]
        devices[seat].say(type="table", msg={"type": "action", "action": str(action)})
        if len(answered) >= 2 and any(a.verb == "accept" for a in session.match.actions):
            break
    assert len(answered) >= 2, "answers came from at least two devices"
    assert any(a.verb == "accept" for a in session.match.actions)


def test_bots_and_the_hourglass_run_on_the_servers_clock(room, clock):
    t = teacher(room)
    t.say(type="create", game="dragons-gold", players=3, level="easy")
    tid = max(room.tables)
    table = room.tables[tid]
    assert room.wake_in(tid) is None  # a table of bots waits for a pupil
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=1)
    session = table.table
    steps = 0
    while session.state.current_player() != 1 and steps < 50:
        wait = room.wake_in(tid)
        assert wait is not None
        clock.t += wait
        room.tick(tid)
        steps += 1
    assert session.state.current_player() == 1
    assert steps >= 1
    # no device is ever asked to keep the time
    assert all(m["parts"].get("clock", {"wake_ms": None})["wake_ms"] is None for m in ann.views())


# -- predictions, the tally, the store -------------------------------------------------------
def test_a_prediction_from_three_devices(room):
    t = teacher(room)
    kids = [pupil(room, n) for n in ("Ann", "Ben", "Cat")]
    t.say(
        type="poll_open",
        question="Two dice, red scared: how often does a roll fail?",
        options=["1 in 3", "1 in 9", "1 in 36"],
    )
    pid = max(room.polls)
    for kid, choice in zip(kids, (1, 1, 2), strict=True):
        kid.say(type="vote", poll=pid, choice=choice)
    assert (
        kids[0].say(type="vote", poll=pid, choice=7)["text"] == "Choose one of the answers shown."
    )
    snap = [m for m in t.got if m["type"] == "class"][-1]
    assert snap["polls"][-1]["counts"] == [0, 2, 1]
    # pupils see no one else's vote before the reveal
    lobby = [m for m in kids[0].got if m["type"] == "lobby"][-1]
    assert lobby["polls"][0]["mine"] == 1 and lobby["polls"][0]["counts"] is None
    t.say(type="poll_reveal", poll=pid, answer=1)
    lobby = [m for m in kids[2].got if m["type"] == "lobby"][-1]
    assert lobby["polls"][0]["answer"] == 1 and lobby["polls"][0]["counts"] == [0, 2, 1]
    assert kids[2].say(type="vote", poll=pid, choice=0)["type"] == "error"  # closed


def test_the_tally_counts_every_roll_like_lesson_02(room, clock):
    from kaskaria.lessons.dragon_battle import rolls_in_code

    t = teacher(room)
    kids = []
    tables = []
    for i in range(3):
        t.say(type="create", game="dragon-battle", players=2, level="easy")
        tables.append(max(room.tables))
        kids.append(pupil(room, f"Kid{i}"))
        kids[-1].say(type="sit", table=tables[-1], seat=0)
    for i, tid in enumerate(tables):
        session = room.tables[tid].table
        for _ in range(200):
            if session.state.current_player() == TERMINAL:
                break
            if session.state.current_player() == 0:
                play_own_seat(room, {0: kids[i]}, tid, 1, seed=i)
            else:
                clock.t += room.wake_in(tid) or 0
                room.tick(tid)
    t.say(type="tally_add", label="group 1", rolls=40, fails=5)
    tally = room.tally()
    # the brute-force twin: lesson 02's count of each table's game from its scenario code
    rolls = fails = 0
    expected = 0
    for tid in tables:
        found = rolls_in_code(room.tables[tid].table.match.to_code())
        assert found is not None
        rolls, fails, expected = rolls + found[0], fails + found[1], expected + found[2]
    assert rolls > 0
    assert (tally["table_rolls"], tally["table_fails"], tally["table_expected"]) == (
        rolls,
        fails,
        expected,
    )
    assert tally["rolls"] == rolls + 40 and tally["fails"] == fails + 5
    assert tally["expected"] == expected + 40 * tally["typed_exact"]
    snap = [m for m in t.got if m["type"] == "class"][-1]
    assert snap["tally"]["rolls"] == rolls + 40
    assert snap["tally"]["text"].startswith(f"{rolls + 40} rolls, {fails + 5} failed (")
    assert snap["words"]["w_csv"] == "Results as CSV"
    csv_text = export_csv(room)
    assert "tally,group 1,40,5," in csv_text and f"tally,all,{rolls + 40},{fails + 5}," in csv_text


def test_everything_is_back_after_a_restart(tmp_path, clock):
    path = str(tmp_path / "class.sqlite3")
    room = ClassRoom(path, clock=clock, seeds=counter(7))
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="medium")
    t.say(type="create", game="dragon-battle", players=2, level="hard")
    heroes, dice = sorted(room.tables)
    ann, ben = pupil(room, "Ann"), pupil(room, "Ben")
    ann.say(type="sit", table=heroes, seat=0)
    ben.say(type="sit", table=dice, seat=1)
    play_own_seat(room, {0: ann}, heroes, 3)
    for _ in range(60):
        session = room.tables[dice].table
        if session.state.current_player() == 1:
            play_own_seat(room, {1: ben}, dice, 1)
        elif session.state.current_player() != TERMINAL:
            clock.t += room.wake_in(dice) or 0
            room.tick(dice)
    t.say(type="poll_open", question="Who wins?", options=["Ann", "Ben"])
    pid = max(room.polls)
    ann.say(type="vote", poll=pid, choice=1)
    t.say(type="tally_add", rolls=12, fails=1)
    lines = {tid: [str(a) for a in tb.table.match.actions] for tid, tb in room.tables.items()}
    tally = room.tally()
    code, key = room.code, room.key
    assert room.tally()["table_rolls"] > 0

    room.store.close()  # its server is gone (a server that is still running keeps its store)
    again = ClassRoom(path, clock=clock)
    assert (again.code, again.key) == (code, key)
    assert {
        tid: [str(a) for a in tb.table.match.actions] for tid, tb in again.tables.items()
    } == lines
    assert again.tables[heroes].table.seats == ("human", "medium")
    assert again.tables[dice].sitters[1] == ben.screen.token
    assert again.polls[pid]["votes"] == {ann.screen.token: 1}
    assert again.tally() == tally
    back = Device(again)
    back.say(type="hello", code=code, token=ann.screen.token)
    assert back.views()[-1]["seat"] == 0 and back.views()[-1]["table"] == heroes


def test_messages_in_both_languages():
    import kaskaria.classroom.messages  # noqa: F401

    assert keys("classroom", "en") == keys("classroom", "de")
    room_words = ClassRoom(":memory:")
    d = Device(room_words)
    d.say(type="hello", code="NOPE00", lang="de")
    assert (
        d.got[-1]["text"]
        == "Das ist nicht der Klassencode. Schau an die Tafel und versuche es noch einmal."
    )


def test_pupils_make_tables_unless_the_teacher_says_no(room):
    ann = pupil(room, "Ann")
    ann.say(type="create", game="heroes", players=2, level="hard")
    assert len(room.tables) == 1
    for bad in (
        {"game": "chess", "players": 2},
        {"game": "heroes", "players": 9},
        {"game": "heroes", "players": 2, "level": "planner9"},
    ):
        assert ann.say(type="create", **bad)["text"].startswith("A table needs")
    teacher(room).say(type="creating", on=False)
    assert (
        ann.say(type="create", game="heroes", players=2)["text"]
        == "The teacher makes the tables today."
    )
    assert len(room.tables) == 1


def lobby_of(device: Device) -> dict:
    """The latest lobby ``device`` was sent."""
    return [m for m in device.got if m["type"] == "lobby"][-1]


def german_pupil(room: ClassRoom, name: str) -> Device:
    d = Device(room)
    d.say(type="hello", code=room.code, name=name, lang="de")
    assert d.got[0]["type"] == "welcome", d.got
    return d


def test_a_pupil_who_makes_a_table_sits_at_its_first_seat_and_its_bots_wait(room, clock):
    ann = pupil(room, "Ann")
    ann.say(type="create", game="dragon-battle", players=3, level="hard")
    [tid] = room.tables
    kept = room.tables[tid]
    assert kept.sitters[0] == ann.screen.token and kept.sitters[1:] == [None, None]
    # her screen shows the new table from her seat at once, and her lobby says "you" there
    assert ann.views()[-1]["table"] == tid and ann.views()[-1]["seat"] == 0
    seats = lobby_of(ann)["tables"][0]["seats"]
    assert [(s["who"], s["mine"], s["free"]) for s in seats] == [
        ("you", True, False),
        ("hard bot", False, True),
        ("hard bot", False, True),
    ]
    # the bots wait for her: once the residents are drawn it is her turn, and however long
    # she thinks nothing more is played
    dealt = len(kept.table.match.actions)
    for _ in range(5):
        clock.t += room.wake_in(tid) or 30
        room.tick(tid)
        assert kept.table.state.current_player() == 0
        assert len(kept.table.match.actions) == dealt
    # she moves (rolls all dice) on her own screen
    play_own_seat(room, {0: ann}, tid, 1)
    assert len(kept.table.match.actions) >= 1
    # the store holds her seat: after a restart she is still at it
    sitters = list(kept.sitters)
    room.store.close()
    again = ClassRoom(room.store.path, clock=clock)
    assert again.tables[tid].sitters == sitters
    assert again.tables[tid].table.seats[0] == "human"
    again.store.close()


def test_a_pupil_who_makes_a_table_leaves_the_seat_she_had(room):
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=1, seat=1)
    held = snapshot_of(room)
    # a table that cannot be made leaves her where she was
    ann.say(type="create", game="heroes", players=2, variant="no-such-rules")
    assert ann.errors()[-1].startswith("A table needs")
    assert snapshot_of(room) == held
    ann.say(type="create", game="dragon-battle", players=2, level="easy")
    assert room.tables[1].sitters == [None, None] and room.tables[1].table.seats[1] == "easy"
    assert room.tables[2].sitters == [ann.screen.token, None]
    assert ann.views()[-1]["table"] == 2 and ann.views()[-1]["seat"] == 0


def test_each_sit_here_button_names_its_own_table(room):
    """Tom makes table 1, Lena (in German) table 2: each sits at the table they made, and every
    "Sit here" button says, to a screen reader too, which table and seat it is for."""
    tom = pupil(room, "Tom")
    tom.say(type="create", game="dragon-battle", players=3, level="medium")
    lena = german_pupil(room, "Lena")
    lena.say(type="create", game="dragon-battle", players=3, level="medium")
    assert room.tables[1].sitters[0] == tom.screen.token
    assert room.tables[2].sitters[0] == lena.screen.token
    assert lena.views()[-1]["table"] == 2 and tom.views()[-1]["table"] == 1
    tables = lobby_of(lena)["tables"]
    assert [(t["id"], t["watch"]) for t in tables] == [
        (1, "Bei Tisch 1 zuschauen"),
        (2, "Bei Tisch 2 zuschauen"),
    ]
    sits = [(t["id"], s["seat"], s["sit"]) for t in tables for s in t["seats"] if s["free"]]
    assert sits == [
        (1, 1, "Hier hinsetzen: Tisch 1, Spieler 2"),
        (1, 2, "Hier hinsetzen: Tisch 1, Spieler 3"),
        (2, 1, "Hier hinsetzen: Tisch 2, Spieler 2"),
        (2, 2, "Hier hinsetzen: Tisch 2, Spieler 3"),
    ]
    assert [s["who"] for s in tables[1]["seats"]][0] == "du"
    assert lobby_of(lena)["words"]["ui_lobby_sit"].startswith("Zum Mitspielen")
    assert lobby_of(tom)["tables"][1]["seats"][1]["sit"] == "Sit here: table 2, Player 2"


def test_a_pupil_moved_off_their_seat_sees_no_more_of_it(room):
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=0)
    assert ann.views()[-1]["seat"] == 0
    t.say(type="seat", table=tid, seat=0, level="hard")  # the teacher puts a bot there
    session = room.tables[tid].table
    assert session.seats[0] == "planner" or session.seats[0] == "hard"
    last = ann.views()[-1]
    assert last["seat"] is None  # watching now: the table's view, not the bot's hand
    assert last["parts"]["board"] == room.view(tid, TABLE, "en")["board"]
    assert ann.say(type="table", msg={"type": "undo"})["type"] == "error"


def test_odd_messages_never_raise_and_change_nothing(room):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    t = teacher(room)
    t.say(type="create", game="dragons-gold", players=3, level="easy")
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=max(room.tables), seat=0)
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=50),
        st.sampled_from(["sit", "vote", "table", "action", "seat", "leave", "hello", "¹²", "∞"]),
    )
    values = st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )
    messages = st.dictionaries(
        st.sampled_from(["type", "table", "seat", "poll", "choice", "msg", "action", "x"]),
        values,
        max_size=5,
    )

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(messages)
    def check(message):
        before = snapshot_of(room)
        ann.screen.bucket.tokens = 30
        try:
            text = json.dumps(message)
        except ValueError:
            return
        ann.raw(text)
        # only a well-formed request to stand up or sit down may change something
        allowed = not isinstance(check_message(text), str) and message["type"] in ("leave", "sit")
        assert snapshot_of(room) == before or allowed

    check()


def test_play_again_is_for_the_pupils_at_the_table_once_the_game_is_over(room, clock):
    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    tid = max(room.tables)
    ann, cat = pupil(room, "Ann"), pupil(room, "Cat")
    ann.say(type="sit", table=tid, seat=0)
    cat.say(type="watch", table=tid)
    session = room.tables[tid].table
    assert ann.say(type="table", msg={"type": "new"})["text"] == "Only the teacher can change that."
    assert ann.say(type="table", msg={"type": "lang", "lang": "xx"})["type"] == "error"
    assert ann.screen.lang == "en"
    for _ in range(400):
        player = session.state.current_player()
        if player == TERMINAL:
            break
        if player == 0:
            play_own_seat(room, {0: ann}, tid, 1)
        else:
            clock.t += room.wake_in(tid) or 0
            room.tick(tid)
    assert session.state.current_player() == TERMINAL
    seed = session.seed
    assert cat.say(type="table", msg={"type": "new"})["type"] == "error"  # watching
    ann.say(type="table", msg={"type": "new"})
    assert session.seed != seed and session.state.current_player() != TERMINAL
    assert room.tables[tid].game_no == 2
    assert [r[1] for r in room.store.results()] == [1, 1]  # the first game's result is kept


# -- the class board at its pace -------------------------------------------------------------
def test_the_class_board_gets_at_most_a_few_snapshots_a_second(room, clock):
    """While pupils play, the teacher's devices get one snapshot per CLASS_INTERVAL at most
    (a timer sends what changed meanwhile, nothing is lost); the teacher's own action is answered
    at once; a device that carries text gets the snapshot encoded once, the same for all."""
    from kaskaria.classroom.room import CLASS_INTERVAL

    timers: list[float] = []
    room.on_later = timers.append
    board = teacher(room)
    texts: list[str] = []
    projector = devices.Device(send=lambda m: None, send_text=texts.append)
    room.receive(projector, json.dumps({"type": "hello", "code": room.code, "key": room.key}))
    tid = room.create_table("dragon-battle", 2, level="easy")
    kids = {seat: pupil(room, name) for seat, name in enumerate(("Ann", "Ben"))}
    for seat, kid in kids.items():
        kid.say(type="sit", table=tid, seat=seat)
    clock.t += 1
    board.say(type="creating", on=True)  # the teacher's action: answered at once
    classes = lambda: [m for m in board.got if m["type"] == "class"]  # noqa: E731
    if timers:  # the timer set while the pupils sat down is due: nothing left to send
        timers.clear()
        room.push_class()
    before, sent_texts = len(classes()), len(texts)
    play_own_seat(room, kids, tid, 6, seed=3)  # six moves within 1.2 s of the clock
    session = room.tables[tid].table
    moves = len(session.match.actions)
    # the first change went at once; the rest wait for the one timer
    assert len(classes()) - before <= 1 + int(1.2 / CLASS_INTERVAL)
    assert len(timers) >= 1 and all(0 < t <= CLASS_INTERVAL for t in timers)
    clock.t += CLASS_INTERVAL
    room.push_class()
    last = classes()[-1]
    assert [t["actions"] for t in last["tables"]] == [moves]  # nothing lost
    assert json.loads(texts[-1]) == last  # the same snapshot, as text
    assert len(texts) - sent_texts == len(classes()) - before
    # a teacher's action is answered at once, timer or not
    board.say(type="tally_add", rolls=4, fails=1)
    assert classes()[-1]["tally"]["typed_rolls"] == 4


def test_a_lobby_put_together_from_shared_parts_is_the_pupils_own(room):
    """A device that carries text gets its lobby put together from each table's part, built once
    per language: the very lobby built for that pupil alone (their own seat says "you")."""
    from kaskaria.classroom.lobby import lobby

    tid = room.create_table("heroes", 3, level="easy")
    room.create_table("dragon-battle", 2, level="easy")
    texts: list[str] = []
    kid = devices.Device(send=lambda m: None, send_text=texts.append)
    room.receive(kid, json.dumps({"type": "hello", "code": room.code, "name": "Ann"}))
    other = pupil(room, "Ben")
    other.say(type="sit", table=tid, seat=0)
    kid.bucket.tokens = 30
    room.receive(kid, json.dumps({"type": "sit", "table": tid, "seat": 2}))
    room.push_class()
    for lang in ("en", "de"):
        kid.lang = lang
        kid.lobby = ""
        room._push_lobby(kid)
        sent = json.loads(texts[-1])
        assert sent == lobby(room, kid)
        seats = sent["tables"][0]["seats"]
        assert [s["mine"] for s in seats] == [False, False, True]
        assert seats[0]["who"] == "Ben" and seats[2]["who"] != "Ann"


def test_hints_in_class_are_the_teachers_switch_and_answer_only_the_pupil_on_turn(room):
    """Off by default: a pupil's Hint is refused in words; the teacher switches hints on in
    Python (ClassRoom.hints, or --hints), for the tables there are and those to come; then only
    the pupil whose turn it is gets a hint, on their own device, and nobody else's view has it."""
    t, tid, ann, ben = ann_and_ben_at(room, "heroes", 2)
    table = room.tables[tid].table
    assert table.state.current_player() == 0
    assert room.hints is False and table.hints is False
    assert ann.say(type="table", msg={"type": "hint"})["text"] == (
        "Hints are switched off at this table."
    )
    room.hints = True
    assert table.hints is True
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    assert room.tables[max(room.tables)].table.hints is True
    reply = ben.say(type="table", msg={"type": "hint"})
    assert reply["type"] == "error" and "whose turn" in reply["text"]
    ann.say(type="table", msg={"type": "hint"})
    advice = advice_held(ann)
    assert advice["kind"] == "hint" and advice["text"]
    theirs = advice_held(ben)
    assert theirs["text"] == "" and theirs["hint"] is None
    assert advice["text"] not in ben.text()
    with pytest.raises(TypeError):
        room.hints = "on"


def test_a_hint_worked_out_away_from_the_class_reaches_the_asking_device_alone(room):
    """With the server's thinker (here: work kept until the test runs it) the asking pupil sees
    "Working it out…" at once; the answer follows on that device alone."""
    from kaskaria.tables.advice import work_out

    asked = []
    room.think = lambda work, then, wanted, who: asked.append((work, then))
    room.hints = True
    t, tid, ann, ben = ann_and_ben_at(room, "heroes", 2)
    table = room.tables[tid].table
    assert table.thinker is not None
    warming = len(asked)  # hints on: the table's strong bot is read first (see below)
    ann.say(type="table", msg={"type": "hint"})
    advice = advice_held(ann)
    assert advice["kind"] == "hint" and advice["text"] == "Working it out…"
    assert len(asked) == warming + 1
    work, then = asked[-1]
    then(work_out(work))
    advice = advice_held(ann)
    assert advice["text"] not in ("", "Working it out…")
    assert advice["text"] not in ben.text()
    room.think = None
    assert table.thinker is None


def _ann_ends_a_dragon_battle_turn(room: ClassRoom) -> tuple[Device, int]:
    """Ann (seat 0) and Ben at a Dragon Battle table; Ann rolls once, places, and stops."""
    t, tid, ann, _ = ann_and_ben_at(room, "dragon-battle", 2)
    table = room.tables[tid].table
    while table.state.current_player() == 0:
        legal = [str(a) for a in table.state.legal_actions()]
        action = "stop" if "stop" in legal else legal[0]
        version = ann.views()[-1]["version"]
        ann.say(type="table", msg={"type": "action", "action": action, "version": version})
    return t, tid


def test_the_teacher_shows_a_dragon_battle_turns_what_if_on_the_class_board(room):
    """The teacher's Look back puts the library's look back at the last finished turn on the
    class board (the teacher's page and the projector, in each one's language) until the teacher
    hides it; only at a game open to all (Dragon Battle's dice, not Heroes' hands); refused in
    words before any turn."""
    from kaskaria.hints import what_if

    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    fresh = max(room.tables)
    assert t.say(type="look_back", table=fresh)["text"] == (
        "Nobody has finished a turn at this table yet."
    )
    t.say(type="create", game="heroes", players=2, level="easy")
    assert t.say(type="look_back", table=max(room.tables))["text"] == (
        "This game has hands or screens the board may not show, so its turns are not looked "
        "back at on the board."
    )
    shown = {tb["id"]: tb["look_back_open"] for tb in room.snapshot()["tables"]}
    assert shown == {fresh: True, max(room.tables): False}
    t, tid = _ann_ends_a_dragon_battle_turn(room)
    match = room.tables[tid].table.match
    pupil_said = pupil(room, "Cat").say(type="look_back", table=tid)
    assert pupil_said["type"] == "error"  # the teacher's alone
    assert room.snapshot()["tables"][-1]["look_back"] is None
    t.say(type="look_back", table=tid)
    for lang in ("en", "de"):
        for projector in (False, True):
            shown = [tb for tb in room.snapshot(lang, projector)["tables"] if tb["id"] == tid][0]
            assert shown["look_back"] == {
                "title": {
                    "en": "Look back at a turn of Ann:",
                    "de": "Rückblick auf einen Zug von Ann:",
                }[lang],
                "text": what_if(match, 0, lang, who="Ann").text,
            }
            # the class board never speaks to the seat as "you" (the title names Ann)
            words = shown["look_back"]["text"].replace(",", " ").replace(".", " ").split()
            assert not {"You", "you", "Your", "your", "Du", "du", "Hättest", "hättest"} & set(words)
    # until the teacher hides it
    t.say(type="look_back", table=tid, on=False)
    assert [tb for tb in room.snapshot()["tables"] if tb["id"] == tid][0]["look_back"] is None


def test_the_class_boards_what_if_names_a_bots_seat_in_the_third_person(room, clock):
    """A bot's last turn on the teacher's page and the projector: the seat's name ("Player 1
    (easy bot)"), in English and German, never the "You" of the seat's own screen."""
    from kaskaria.hints import what_if

    t, tid, _ = ann_after_a_bot(room)
    session = room.tables[tid].table
    until_turn(room, clock, tid, 1)  # the bot in seat 0 plays its turn
    assert session.state.current_player() == 1
    t.say(type="look_back", table=tid)
    told = what_if(session.match, 0, "en")
    assert told.key != "whatif.none" and told.text.startswith("You ")
    for lang, who, first in (
        ("en", "Player 1 (easy bot)", "Player 1 (easy bot) "),
        ("de", "Spieler 1 (leichter Bot)", "Spieler 1 (leichter Bot) "),
    ):
        for projector in (False, True):
            shown = [tb for tb in room.snapshot(lang, projector)["tables"] if tb["id"] == tid][0]
            assert shown["look_back"]["title"].endswith(f" {who}:")
            assert shown["look_back"]["text"] == what_if(session.match, 0, lang, who=who).text
            assert shown["look_back"]["text"].startswith(first)
            assert shown["look_back"]["text"] != what_if(session.match, 0, lang).text


def test_the_teacher_picks_the_seat_whose_last_turn_the_board_looks_back_at(room, clock):
    """A teacher found that the board's look back always showed the last finished turn, a bot's
    as soon as the bots played on after a pupil: each seat that has decided has a button of its
    own, and the board then looks back at that seat's last turn, whatever came after. A seat
    with no turn yet, or no such seat, is refused in words; the title tells whose turn it is,
    not that it is the last one (the game goes on under it)."""
    from kaskaria.hints import what_if

    t, tid, ann = ann_after_a_bot(room)
    session = room.tables[tid].table

    assert t.say(type="look_back", table=tid, seat=1)["text"] == (
        "This player has not finished a turn yet."
    )
    assert t.say(type="look_back", table=tid, seat=2)["text"] == "That table has no such seat."
    until_turn(room, clock, tid, 1)
    while session.state.current_player() == 1:  # Ann rolls once, places, and stops
        legal = [str(a) for a in session.state.legal_actions()]
        action = "stop" if "stop" in legal else legal[0]
        version = ann.views()[-1]["version"]
        ann.say(type="table", msg={"type": "action", "action": action, "version": version})
    until_turn(room, clock, tid, 1)  # the bot's next turn: now the last finished one
    seats = [tb for tb in room.snapshot()["tables"] if tb["id"] == tid][0]["seats"]
    assert [s["look_back_label"] for s in seats] == [
        "Look back at the last turn of Player 1 (easy bot)",
        "Look back at the last turn of Ann",
    ]
    t.say(type="look_back", table=tid)
    shown = [tb for tb in room.snapshot()["tables"] if tb["id"] == tid][0]["look_back"]
    assert shown["title"] == "Look back at a turn of Player 1 (easy bot):"
    t.say(type="look_back", table=tid, seat=1)
    for lang in ("en", "de"):
        shown = [tb for tb in room.snapshot(lang)["tables"] if tb["id"] == tid][0]["look_back"]
        assert shown == {
            "title": {
                "en": "Look back at a turn of Ann:",
                "de": "Rückblick auf einen Zug von Ann:",
            }[lang],
            "text": what_if(session.match, 1, lang, who="Ann").text,
        }
        assert shown["text"].startswith("Ann ")
    # a pupil may not pick it
    assert ann.say(type="look_back", table=tid, seat=1)["type"] == "error"


def test_a_pupils_screen_offers_no_next_step_the_table_steps_at_its_pace(room, clock):
    """A pupil pressed "Next step" at a bot's turn and nothing came until the table's pace: a
    pupil's device may not step the table for everyone, so it offers neither "Next step" nor
    "Play whole turn"; it says that the bot plays on its own, and the bot does."""
    _, tid, _ = ann_after_a_bot(room)
    session = room.tables[tid].table
    assert session.state.current_player() == 0  # the bot's turn first
    for lang in ("en", "de"):
        seen = room.view(tid, 1, lang)
        moves = seen["moves"]
        assert moves["next"] is None and moves["turn"] is None, moves
        # nor the row of step buttons, Autoplay included, nor their keys in the keys' line
        assert seen["frame"]["steps"] is False
        assert seen["frame"]["text"]["keys"] == i18n_text("core", "shell.keys_seat", lang)
        assert moves["wait"] == i18n_text("core", "shell.bot_hint_auto", lang)
    until_turn(room, clock, tid, 1)  # and the bot plays, at the table's pace
    assert session.state.current_player() == 1


def test_a_look_back_worked_out_away_from_the_class_says_it_is_thinking_first(room):
    asked = []
    room.think = lambda work, then, wanted, who: asked.append((work, then))
    t, tid = _ann_ends_a_dragon_battle_turn(room)
    t.say(type="look_back", table=tid)
    shown = [tb for tb in room.snapshot("de")["tables"] if tb["id"] == tid][0]["look_back"]
    # not the table's "Wird ausgerechnet …": nobody is "ich" on the class board
    assert shown["text"] == "Wird ausgerechnet …"
    ((work, then),) = asked
    then(work())
    shown = [tb for tb in room.snapshot("de")["tables"] if tb["id"] == tid][0]["look_back"]
    assert shown["text"] not in ("", "Wird ausgerechnet …")
    # asked again meanwhile: the older answer is dropped
    t.say(type="look_back", table=tid)
    old_then = asked[-1][1]
    t.say(type="look_back", table=tid, on=False)
    old_then({"en": "old", "de": "alt"})
    assert [tb for tb in room.snapshot()["tables"] if tb["id"] == tid][0]["look_back"] is None
    # not worked out now ("busy", "still getting ready"): the card says so, in the board's language
    from kaskaria.tables.advice import ready_answer

    t.say(type="look_back", table=tid)
    asked[-1][1](ready_answer())
    shown = [tb for tb in room.snapshot("de")["tables"] if tb["id"] == tid][0]["look_back"]
    assert shown["text"] == "Die Tipps werden noch vorbereitet: Frag gleich noch einmal."


def test_a_table_whose_strong_bot_may_decide_loads_it_on_the_thinking_thread(room, monkeypatch):
    """A "hard" seat or hints on: the strong bot's solved game is read on the server's thread
    when the table is made (not on the event loop at its first decision, which froze a class
    for seconds); an easy table costs nothing, and so does a kind of game already read or whose
    strong bot needs nothing read (twenty tables made at once filled the hint queue with it)."""
    from kaskaria.classroom import room as room_module

    prepared = []
    monkeypatch.setattr(room_module, "prepare_strong_bot", lambda game: prepared.append(game))
    asked = []
    room.think = lambda work, then, wanted, who: asked.append((work, then))
    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    easy = max(room.tables)
    assert asked == []
    t.say(type="create", game="dragon-battle", players=2, level="hard")
    assert len(asked) == 1
    asked[0][0]()
    assert [(g.name, g.players) for g in prepared] == [("dragon-battle", 2)]
    t.say(type="seat", table=easy, seat=1, level="hard")
    room.hints = True  # every table's strong bot may hint now
    for _ in range(20):
        t.say(type="create", game="dragon-battle", players=2, level="easy")
    assert len(asked) == 1  # the same kind of game: read once
    t.say(type="create", game="dragon-battle", players=3, level="easy")
    assert len(asked) == 2
    asked[1][0]()
    assert [(g.name, g.players) for g in prepared][1:] == [("dragon-battle", 3)]
    t.say(type="create", game="heroes", players=2, level="hard")
    t.say(type="create", game="dragons-gold", players=3, level="hard")
    assert len(asked) == 2  # the search bots read nothing
