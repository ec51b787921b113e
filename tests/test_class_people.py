"""The teacher's hold on who is in the class, across restarts: a blocked pupil's token, browser
and address never join again (also after a restart, also where every device has one address);
the tables a pupil made count after a restart; nicknames never pass for a word the tables show
or for each other (properties over any text, and a class that joins, removes, blocks, closes and
restarts in any order). Loopback only, bounded loops."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from confusable_homoglyphs import categories
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from test_class_room import Clock, Device, counter, teacher

from kaskaria.classroom import room as room_module
from kaskaria.classroom.lobby import seat_words
from kaskaria.classroom.room import ClassRoom
from kaskaria.names import (
    JOIN_CONTROL_SCRIPTS,
    JOIN_CONTROLS,
    NameRefused,
    check_name,
    everyday,
    invisible,
    skeletons,
)


def join(room: ClassRoom, name: str, address: str = "", browser: str = "", **more) -> Device:
    d = Device(room)
    d.screen.address = address
    hello = {"type": "hello", "code": room.code, "name": name, **more}
    if browser:
        hello["browser"] = browser
    d.say(**hello)
    return d


def welcomed(d: Device) -> bool:
    return bool(d.got) and d.got[0]["type"] == "welcome"


def pupil_id(t: Device, name: str) -> str:
    shown = [m for m in t.got if m["type"] == "class"][-1]
    return next(p["id"] for p in shown["pupils"] if p["name"] == name)


def done(t: Device, **message) -> str:
    """What the teacher's page hears back for ``message`` (its one "done" line)."""
    before = len(t.got)
    t.say(**message)
    [said] = [m["text"] for m in t.got[before:] if m["type"] == "done"]
    return said


def restart(room: ClassRoom, clock: Clock) -> ClassRoom:
    room.store.close()
    return ClassRoom(room.store.path, clock=clock)


BLOCKED = "The teacher has stopped this device from joining."


def test_a_block_holds_after_a_restart(tmp_path, clock):
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(7))
    mal = join(room, "Mallory", "10.0.0.66", browser="b" * 32)
    token = mal.got[0]["token"]
    assert welcomed(mal) and welcomed(join(room, "Ann", "10.0.0.7"))
    # her made-up nicknames: one from her browser elsewhere, two from her device's address
    fakes = [join(room, "Mal9", "10.0.0.65", browser="b" * 32)]
    fakes += [join(room, f"Fake{i}", "10.0.0.66") for i in range(2)]
    assert all(welcomed(d) for d in fakes)
    room.disconnect(mal.screen)
    room = restart(room, clock)  # Mallory has not come back since: her address is in the store
    t = teacher(room)
    assert done(t, type="pupil_remove", pupil=pupil_id(t, "Mallory"), block=True) == (
        "Mallory and 3 more nicknames of that device are out of the class, and the device "
        "cannot join again."
    )
    back = join(room, "Fake0", "10.0.0.99", token=fakes[1].got[0]["token"])
    assert back.errors() == [BLOCKED]  # their tokens are blocked too
    room = restart(room, clock)
    # her device's address, her token and her browser: from anywhere, under any nickname
    assert join(room, "Mal2", "10.0.0.66").errors() == [BLOCKED]
    assert join(room, "Mal3", "10.0.0.99", token=token).errors() == [BLOCKED]
    d = join(room, "Mal4", "10.0.0.98", browser="b" * 32, lang="de")
    assert d.errors() == ["Die Lehrkraft hat dieses Gerät vom Beitreten ausgeschlossen."]
    assert [p.name for p in room.pupils.values()] == ["Ann"]
    assert welcomed(join(room, "Zoe", "10.0.0.8", browser="c" * 32))
    # the store keeps hashes, never the token or the browser's number
    stored = json.dumps([room.store.meta("blocked_pupils"), room.store.meta("blocked")])
    assert token not in stored and "b" * 32 not in stored and "10.0.0.66" in stored


def test_a_block_where_every_device_has_one_address(room_with_one_address):
    """Behind a proxy (or on this computer) the server cannot tell devices apart by address:
    the block holds the pupil's token and browser, and the teacher is told what it cannot do."""
    room = room_with_one_address
    t = teacher(room)
    mal = join(room, "Mallory", browser="m" * 32)
    ann = join(room, "Ann", browser="a" * 32)
    token = mal.got[0]["token"]
    assert done(t, type="pupil_remove", pupil=pupil_id(t, "Mallory"), block=True) == (
        "Mallory is out of the class, and that browser cannot join again. This server cannot "
        "tell devices apart, so if everyone is in, close the class to new pupils."
    )
    assert [p.name for p in room.pupils.values()] == ["Ann"]
    assert mal.closed and mal.errors()[-1] == "The teacher took this nickname out of the class."
    # her page reloads (its token and its name), or she types another nickname: refused
    assert join(room, "Mallory", browser="m" * 32, token=token).errors() == [BLOCKED]
    assert join(room, "Mal2", browser="m" * 32).errors() == [BLOCKED]
    # a plain remove (no block) lets the page join again under its nickname
    t.say(type="pupil_remove", pupil=pupil_id(t, "Ann"))
    again = join(room, "Ann", browser="a" * 32, token=ann.got[0]["token"])
    assert welcomed(again) and again.got[0]["token"] != ann.got[0]["token"]
    assert t.say(type="pupil_remove", pupil="nobody", block=True)["text"] == (
        "There is no such pupil in the class."
    )


@pytest.fixture
def room_with_one_address(tmp_path, clock):
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(9))
    room.joins_per_address = None
    return room


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_the_tables_a_pupil_made_count_after_a_restart(tmp_path, clock):
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(11))
    eve = join(room, "Eve", "10.0.0.66")
    token = eve.got[0]["token"]
    for _ in range(room_module.TABLES_PER_PUPIL):
        eve.say(type="create", game="heroes", players=2, level="easy")
    assert len(room.tables) == room_module.TABLES_PER_PUPIL
    room = restart(room, clock)
    back = join(room, "Eve", "10.0.0.66", token=token)
    assert welcomed(back)
    back.say(type="create", game="heroes", players=2, level="easy")
    assert back.errors() == [
        "You have made 2 tables already: sit at one of them, or ask your teacher."
    ]
    # a seat handed back keeps what its pupil made; the teacher closing one frees a place
    t = teacher(room)
    t.say(type="hand_back", pupil=pupil_id(t, "Eve"))
    code = t.got[-1]["hand_backs"][0]["code"]
    room = restart(room, clock)  # the code is kept too
    t = teacher(room)
    assert [h["code"] for h in t.got[-1]["hand_backs"]] == [code]
    eve = Device(room)
    eve.say(type="hello", code=code, name="x")
    assert welcomed(eve) and eve.got[0]["name"] == "Eve"
    assert (
        Device(room)
        .say(type="hello", code=code, name="y")["text"]
        .startswith("That is not the class code")
    )  # once only
    eve.say(type="create", game="heroes", players=2, level="easy")
    assert eve.errors()[-1].startswith("You have made 2 tables already")
    t.say(type="remove", table=max(room.tables))
    eve.say(type="create", game="heroes", players=2, level="easy")
    assert len(room.tables) == room_module.TABLES_PER_PUPIL
    # the teacher makes as many as the class holds
    t.say(type="create", game="heroes", players=2, level="easy")
    assert len(room.tables) == room_module.TABLES_PER_PUPIL + 1


def test_a_store_made_before_the_new_columns_opens_with_them(tmp_path, clock):
    import sqlite3

    path = tmp_path / "class.sqlite3"
    room = ClassRoom(str(path), clock=clock, seeds=counter(5))
    ann = join(room, "Ann", "10.0.0.7", browser="a" * 32)
    ann.say(type="create", game="heroes", players=2, level="easy")
    room.store.close()
    db = sqlite3.connect(path)  # as an earlier version wrote it
    for table, column in (("pupils", "address"), ("pupils", "browser"), ("tables", "maker")):
        db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    db.commit()
    db.close()
    room = ClassRoom(str(path), clock=clock)
    assert [(p.name, p.address, p.browser) for p in room.pupils.values()] == [("Ann", "", "")]
    assert len(room.tables) == 1 and room.made_by == {}
    back = join(room, "Ann", "10.0.0.7", browser="a" * 32, token=ann.got[0]["token"])
    assert welcomed(back)
    room = restart(room, clock)
    assert [p.address for p in room.pupils.values()] == ["10.0.0.7"]


def test_a_code_to_hand_a_seat_back_works_for_ten_minutes(tmp_path, clock):
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(13))
    wall = [1_700_000_000.0]
    room.wall = lambda: wall[0]
    assert welcomed(join(room, "Ann", "10.0.0.7"))
    t = teacher(room)
    t.say(type="hand_back", pupil=pupil_id(t, "Ann"))
    code = t.got[-1]["hand_backs"][0]["code"]
    t.say(type="hand_back", pupil=pupil_id(t, "Ann"))  # again: only the newest code works
    newest = t.got[-1]["hand_backs"][0]["code"]
    assert [h["code"] for h in t.got[-1]["hand_backs"]] == [newest] and newest != code
    wall[0] += room_module.HAND_BACK_FOR + 1
    t.say(type="lang", lang="de")  # a new snapshot (the same language again sends none)
    assert t.got[-1]["type"] == "class" and t.got[-1]["hand_backs"] == []
    late = Device(room)
    late.say(type="hello", code=newest, name="x")
    assert late.errors() == ["That is not the class code. Look at the board and try again."]


def test_a_nickname_never_passes_for_a_word_the_tables_show(room_with_one_address):
    room = room_with_one_address
    for name, said in {
        "free seat": "The class's screens use “free seat” for something else, so it cannot be a "
        "nickname: choose another one.",
        "Free-Seat": "The class's screens use “free seat” for something else, so it cannot be a "
        "nickname: choose another one.",
        "You": "The class's screens use “you” for something else, so it cannot be a "
        "nickname: choose another one.",
        "Easy bot": "The class's screens use “easy bot” for something else, so it cannot be a "
        "nickname: choose another one.",
        "Player 2": "The class's screens use “Player 2” for something else, so it cannot be a "
        "nickname: choose another one.",
    }.items():
        assert join(room, name).errors() == [said], name
    d = join(room, "freier Platz", lang="de")
    assert d.errors() == [
        "Die Bildschirme der Klasse verwenden „freier Platz“ für etwas anderes, darum kann das "
        "kein Spitzname sein: Wähle einen anderen."
    ]
    assert join(room, "Spieler1").errors()[0].startswith("The class's screens use “Spieler 1”")
    # nor for the teacher ("Teacher decides now." was read as the teacher's move on the board)
    for name, word in (("Teacher", "teacher"), ("TEACHER", "teacher"), ("Lehrkraft", "Lehrkraft"),
                       ("Lehrerin", "Lehrerin"), ("Lehrer", "Lehrer")):  # fmt: skip
        assert join(room, name).errors()[0].startswith(f"The class's screens use “{word}”"), name
    # names that only share letters with them are welcome, and so is writing that mixes
    # scripts as Japanese, Chinese and Korean do, but not with Latin letters ("丨vy" passes for
    # "Ivy", "Tom ㄒ" for "Tom T")
    for name in ("Freya", "Yousef", "Bobby", "山田たろう", "カーテン", "한국이"):
        assert welcomed(join(room, name)), name
    mixed = ["Use the letters of one alphabet in a nickname."]
    for name in ("Kenカ\u0410", "Ken山田", "Ken 山田"):
        assert join(room, name).errors() == mixed, name


# -- properties of nicknames over any text ------------------------------------------------------
_ALPHABET = st.characters(
    codec="utf-8",
    categories=("Lu", "Ll", "Lo", "Lm", "Nd", "Mn", "Zs", "Cf", "Cc", "Po", "Pd", "Pc", "So"),
)
_NAMES = st.text(_ALPHABET, min_size=0, max_size=24)
_PLAIN = st.text(
    st.sampled_from("abcdefghijkmnopqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ"), min_size=2, max_size=12
)


@settings(max_examples=300, deadline=None)
@given(_NAMES)
def test_any_text_is_refused_with_a_reason_or_kept_as_it_shows(text):
    try:
        name = check_name(text, None, seat_words())
    except NameRefused as no:
        assert no.key in (
            "bad_name",
            "name_chars",
            "name_marks",
            "name_invisible",
            "name_mixed",
            "name_screen_word",
            "name_script",
        ), no.key
        return
    assert unicodedata.normalize("NFKC", name) == name
    assert all(everyday(c) for c in name if c.isalnum())  # letters of an everyday alphabet
    assert 2 <= len(name) <= 20 and name == " ".join(name.split())
    assert not any(invisible(c) and c not in JOIN_CONTROLS for c in name)
    if any(c in JOIN_CONTROLS for c in name):  # inside a name of a script that writes them
        assert name[0] not in JOIN_CONTROLS and name[-1] not in JOIN_CONTROLS
        assert {categories.alias(c) for c in name if c.isalpha()} <= JOIN_CONTROL_SCRIPTS
    assert check_name(name) == name  # kept as it is: checking it again changes nothing
    # the class then holds it: the same nickname, or any look-alike of it, is refused
    taken = dict.fromkeys(skeletons(name), name)
    with pytest.raises(NameRefused) as again:
        check_name(name.upper() if name.upper() != name else name.lower(), taken)
    assert again.value.key in ("name_taken", "name_lookalike", "bad_name", "name_mixed")


@settings(max_examples=200, deadline=None)
@given(
    _PLAIN,
    st.integers(0, 20),
    st.sampled_from(["\u3164", "\u200b", "\u200d", "\u202e", "\u2066", "\ufeff", "\u00ad", "\x07"]),
)
def test_an_invisible_character_anywhere_is_refused(name, at, hidden):
    at = at % (len(name) + 1)
    with pytest.raises(NameRefused) as no:
        check_name(name[:at] + hidden + name[at:], {})
    assert no.value.key == "name_invisible"


#: Letters of other alphabets that look like a Latin one
_LOOKS = {
    "a": "\u0430",
    "e": "\u0435",
    "o": "\u043e",
    "p": "\u0440",
    "c": "\u0441",
    "x": "\u0445",
    "A": "\u0391",
    "B": "\u0392",
    "E": "\u0395",
    "H": "\u0397",
    "K": "\u039a",
    "T": "\u03a4",
}


@settings(max_examples=200, deadline=None)
@given(_PLAIN, st.data())
def test_a_look_alike_letter_never_passes_for_a_nickname_in_the_class(name, data):
    assume_letters = [i for i, c in enumerate(name) if c in _LOOKS]
    if not assume_letters:
        return
    taken = dict.fromkeys(skeletons(name), name)
    try:
        name = check_name(name, None)
    except NameRefused:
        return  # a plain name refused on its own (two letters read as one, ...)
    i = data.draw(st.sampled_from(assume_letters))
    fake = name[:i] + _LOOKS[name[i]] + name[i + 1 :]
    with pytest.raises(NameRefused) as no:
        check_name(fake, taken)
    assert no.value.key in ("name_mixed", "name_lookalike", "name_taken")
    if len(set(name)) == 1 or all(c in _LOOKS for c in name):
        return
    # written wholly in the other alphabet where it can be, it still looks like the first one
    whole = "".join(_LOOKS.get(c, c) for c in name)
    with pytest.raises(NameRefused):
        check_name(whole, taken)


# -- a class that joins, removes, blocks, closes and restarts in any order ----------------------
class TheTeachersHold(RuleBasedStateMachine):
    """Pupils join from a few devices (an address, a browser, a nickname), the teacher removes,
    blocks, closes and opens the class, and the server restarts: a blocked device never gets in
    again, no two nicknames in the class look alike, the class never holds more than it may,
    and a restart keeps all of it."""

    def __init__(self) -> None:
        super().__init__()
        import tempfile

        self.dir = tempfile.TemporaryDirectory()
        self.clock = Clock()
        self.room = ClassRoom(f"{self.dir.name}/class.sqlite3", clock=self.clock)
        self.room.join_rate = None
        self.blocked_devices: set[int] = set()
        self.tokens: dict[int, str] = {}  # the last token each device got

    def teardown(self) -> None:
        self.room.store.close()
        self.dir.cleanup()

    @rule(
        device=st.integers(0, 4),
        name=st.sampled_from(
            ["Anna", "Аnna", "ANNA", "Ben", "B3n", "Tim", "Tirn", "Mia", "free seat"]
        ),
        again=st.booleans(),
    )
    def join(self, device: int, name: str, again: bool) -> None:
        self.clock.t += 61  # a minute on: each address may make one more nickname
        token = self.tokens.get(device) if again else None
        d = join(
            self.room,
            name,
            f"10.0.0.{device}",
            browser=f"{device:032d}",
            **({"token": token} if token else {}),
        )
        if device in self.blocked_devices:
            assert d.errors() == [BLOCKED]
        if welcomed(d):
            assert device not in self.blocked_devices
            self.tokens[device] = d.got[0]["token"]
        self.room.disconnect(d.screen)

    @precondition(lambda self: len(self.room.pupils) > 0)
    @rule(which=st.integers(0, 50), block=st.booleans())
    def remove(self, which: int, block: bool) -> None:
        pupils = list(self.room.pupils.values())
        pupil = pupils[which % len(pupils)]
        if block:
            self.blocked_devices.add(int(pupil.address.rsplit(".", 1)[1]))
        t = teacher(self.room)
        t.say(type="pupil_remove", pupil=pupil_id(t, pupil.name), block=block)
        assert pupil.token not in self.room.pupils

    @rule(on=st.booleans())
    def joins_open(self, on: bool) -> None:
        teacher(self.room).say(type="joins_open", on=on)
        assert self.room.joins_open is on

    @rule()
    def restart(self) -> None:
        before = self._kept()
        self.room = restart(self.room, self.clock)
        self.room.join_rate = None
        assert self._kept() == before

    def _kept(self) -> tuple:
        room = self.room
        return (
            sorted((p.token, p.name, p.address) for p in room.pupils.values()),
            sorted(room.blocked),
            sorted(room.blocked_pupils),
            room.joins_open,
        )

    @invariant()
    def nicknames_never_look_alike(self) -> None:
        seen: set[str] = set()
        for pupil in self.room.pupils.values():
            mine = skeletons(pupil.name)
            assert seen.isdisjoint(mine), pupil.name
            seen |= mine
        assert len(self.room.pupils) <= room_module.MAX_PUPILS


TheTeachersHold.TestCase.settings = settings(
    max_examples=15,
    stateful_step_count=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_teachers_hold = TheTeachersHold.TestCase


# -- on the wire ---------------------------------------------------------------------------------
def test_a_burst_of_made_up_nicknames_and_tables_on_the_wire_while_pupils_play(tmp_path):
    """A real server behind a trusted proxy on 127.0.0.1 (each device named by the proxy's
    X-Forwarded-For): one device fires made-up and look-alike nicknames and makes tables as fast
    as it can while two seated pupils play. Every move of the seated pupils applies, the device
    gets 4 nicknames and 2 tables for each, and hears a plain sentence for every refusal."""
    import asyncio
    import urllib.request

    from class_support import Client, ServerProcess, run_async

    def api(what: str, message: dict | None = None) -> dict:
        """The teacher's API with the key: ``what`` read, or ``message`` sent as a command."""
        body = None if message is None else json.dumps(message).encode()
        request = urllib.request.Request(
            s.url + f"api/{what}", data=body, headers={"X-Kaskaria-Key": s.key}
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.loads(r.read())

    s = ServerProcess(
        tmp_path / "class.sqlite3", stop_after=90, extra=("--trusted-proxy", "127.0.0.1")
    ).start()

    async def pupil(name: str, address: str, seat: int) -> Client:
        c = await Client(s.url, {"X-Forwarded-For": address}).open()
        await c.send(type="hello", code=s.code, name=name, browser=address.replace(".", "") * 3)
        await c.wait_for(lambda m: m["type"] == "welcome")
        await c.send(type="sit", table=1, seat=seat)
        await c.wait_for(lambda m: m["type"] == "view" and m["seat"] == seat)
        return c

    finished: set[str] = set()

    async def play(c: Client, name: str, moves: int) -> int:
        """The pupil makes up to ``moves`` moves, each on their latest view (while the other
        plays on too); returns how many applied."""
        applied = 0
        for _ in range(400):  # bounded: views while the other pupil decides
            held = c.held_view()
            legal = held["moves"]["actions"] if held["turn"]["to_move"] == "human" else []
            if applied == moves or held["turn"]["to_move"] == "over" or (not legal and finished):
                break
            n = len(c.got)
            if not legal:
                try:
                    await c.wait_for(lambda m: m["type"] == "view", timeout=0.5, start=n)
                except TimeoutError:
                    pass
                continue
            version = held["version"]
            await c.send(
                type="table",
                msg={"type": "action", "action": legal[0]["action"], "version": version},
            )
            said = await c.wait_for(lambda m: m["type"] in ("view", "error"), timeout=15, start=n)
            assert said["type"] == "view" and said["version"] > version, said
            applied += 1
        finished.add(name)
        return applied

    async def mischief() -> list[dict]:
        said = []
        mal = {"X-Forwarded-For": "10.0.0.66"}
        names = [f"Fake{i}" for i in range(40)] + ["\u0410nn", "ANN", "Ben.", "free seat", "B3n"]
        for name in names:
            c = await Client(s.url, mal).open()
            await c.send(type="hello", code=s.code, name=name, browser=f"{name:>32}")
            m = await c.wait_for(lambda m: m["type"] in ("welcome", "error"))
            said.append(m)
            if m["type"] == "welcome":
                for _ in range(4):
                    n = len(c.got)
                    await c.send(type="create", game="heroes", players=2, level="easy")
                    said.append(
                        await c.wait_for(lambda m: m["type"] in ("lobby", "error"), start=n)
                    )
            c.close()
        return said

    async def scene() -> tuple[int, int, list[dict]]:
        ann = await pupil("Ann", "10.0.0.7", 0)
        ben = await pupil("Ben", "10.0.0.8", 1)
        done = await asyncio.gather(play(ann, "Ann", 10), play(ben, "Ben", 10), mischief())
        return done[0], done[1], done[2]

    try:
        assert api("command", {"type": "create", "game": "heroes", "players": 2})["ok"]
        ann_moves, ben_moves, said = run_async(scene())
        shown = api("class")
        assert max(ann_moves, ben_moves) == 10 and min(ann_moves, ben_moves) >= 5
        welcomes = [m for m in said if m["type"] == "welcome"]
        assert len(welcomes) == room_module.JOINS_PER_ADDRESS
        texts = {m["text"] for m in said if m["type"] == "error"}
        assert texts == {
            "This device has made enough nicknames for now: ask your teacher.",
            "You have made 2 tables already: sit at one of them, or ask your teacher.",
            "Use the letters of one alphabet in a nickname.",
            "Someone in the class already has that nickname: choose another one.",
            "That nickname looks like Ben, who is already in the class: choose another one.",
            "The class's screens use “free seat” for something else, so it cannot be a "
            "nickname: choose another one.",
        }
        assert len(shown["tables"]) == 1 + 2 * room_module.JOINS_PER_ADDRESS
        assert len(shown["pupils"]) == 2 + room_module.JOINS_PER_ADDRESS
        # the teacher cleans up from the API: the device blocked (its nicknames go with it),
        # its tables gone
        fake = next(p["id"] for p in shown["pupils"] if p["name"] == "Fake0")
        assert api("command", {"type": "pupil_remove", "pupil": fake, "block": True})["ok"]
        assert api("command", {"type": "tables_remove", "which": "empty"})["ok"]
        shown = api("class")
        assert [p["name"] for p in shown["pupils"]] == ["Ann", "Ben"] and len(shown["tables"]) == 1
    finally:
        s.stop()


def test_blocking_the_thief_of_a_seat_handed_back_leaves_its_owner_in(tmp_path, clock):
    """An attacker found: a thief replays an offline pupil's token, the teacher hands the seat
    back, the owner comes back with the code on her own device, then the teacher blocks the
    thief's new nickname; the owner was blocked too, as the store still held the thief's browser
    for her. The owner's own device is what the store keeps once she is back."""
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(7))
    ann = join(room, "Ann", "", browser="a" * 32)
    token = ann.got[0]["token"]
    room.disconnect(ann.screen)  # Ann's tablet sleeps
    thief = join(room, "ignored", "", browser="t" * 32, token=token)
    assert welcomed(thief) and thief.got[0]["name"] == "Ann"
    t = teacher(room)
    t.say(type="hand_back", pupil=pupil_id(t, "Ann"))
    code = t.got[-1]["hand_backs"][0]["code"]
    owner = Device(room)
    owner.say(type="hello", code=code, name="x", browser="a" * 32)
    assert welcomed(owner) and owner.got[0]["name"] == "Ann"
    mal = join(room, "Mal", "", browser="t" * 32)  # the thief, under a new nickname
    assert welcomed(mal)
    said = done(t, type="pupil_remove", pupil=pupil_id(t, "Mal"), block=True)
    assert "Ann" not in said
    names = {p["name"] for p in [m for m in t.got if m["type"] == "class"][-1]["pupils"]}
    assert "Ann" in names and "Mal" not in names
    assert owner.errors() == []
    room = restart(room, clock)  # and after a restart she still comes back
    again = Device(room)
    again.say(type="hello", code=room.code, token=owner.got[0]["token"], browser="a" * 32)
    assert welcomed(again), again.got


def test_the_teacher_lets_a_blocked_device_in_again(tmp_path):
    """A block by mistake is undone from the teacher's page: the device joins again (after a
    restart too); what another block holds stays blocked."""
    clock = Clock()
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(7))
    join(room, "Kid05", "10.0.0.5", browser="k" * 32)
    join(room, "Mallory", "10.0.0.66", browser="m" * 32)
    t = teacher(room)
    done(t, type="pupil_remove", pupil=pupil_id(t, "Kid05"), block=True)
    done(t, type="pupil_remove", pupil=pupil_id(t, "Mallory"), block=True)
    assert [b["name"] for b in room.snapshot()["blocks"]] == ["Kid05", "Mallory"]
    room = restart(room, clock)
    t = teacher(room)
    blocks = room.snapshot()["blocks"]
    assert (
        done(t, type="unblock", block=blocks[0]["id"]) == "Kid05's device can join the class again."
    )
    assert [b["name"] for b in room.snapshot()["blocks"]] == ["Mallory"]
    assert "blocks" not in room.snapshot(projector=True)
    room = restart(room, clock)
    assert welcomed(join(room, "Kid05", "10.0.0.5", browser="k" * 32))
    assert join(room, "Mal2", "10.0.0.66").errors() == [BLOCKED]
    assert join(room, "Mal3", "10.0.0.9", browser="m" * 32).errors() == [BLOCKED]
    t = teacher(room)
    assert t.say(type="unblock", block="nothing")["text"] == "That device is not blocked."
    assert [b["name"] for b in room.snapshot()["blocks"]] == ["Mallory"]


def test_one_address_a_rush_of_nicknames_is_cleaned_up_and_the_class_stays(
    room_with_one_address, clock
):
    """Where every device has one address a script's nicknames cannot be told apart by it:
    tables count per browser as well as per nickname, and the teacher takes out the recent
    nicknames that have made no move (the count is on the button), not the class at play."""
    from test_class_guard import move, until_turn

    room = room_with_one_address
    t = teacher(room)
    players = []
    for name in ("Ann", "Ben"):
        kid = join(room, name, browser=name[0].lower() * 32)
        kid.say(type="create", game="heroes", players=2, level="easy")
        tid = max(room.tables)
        until_turn(room, clock, tid, 0)
        move(kid, room, tid)
        players.append(kid)
    join(room, "Cat", browser="c" * 32)  # in the class, has not played yet
    # one browser, many nicknames: two tables in all
    fakes = [join(room, f"Fake{i}", browser="f" * 32) for i in range(3)]
    made = []
    for d in fakes:
        for _ in range(2):
            before = len(room.tables)
            d.say(type="create", game="heroes", players=2, level="easy")
            made.append(len(room.tables) - before)
    assert sum(made) == room_module.TABLES_PER_PUPIL
    assert fakes[1].errors()[-1] == (
        "You have made 2 tables already: sit at one of them, or ask your teacher."
    )
    t.say(type="lang", lang="en")
    shot = t.got[-1]
    assert shot["idle_recent"] == 4  # Cat and the three made-up nicknames
    assert shot["remove_idle"] == (
        "Remove the 4 nicknames that joined in the last 10 minutes, sit at no table and have "
        "not voted, answered or moved"
    )
    t.say(type="lang", lang="de")
    assert t.got[-1]["remove_idle"] == (
        "Die 4 Spitznamen entfernen, die in den letzten 10 Minuten beigetreten sind, an keinem "
        "Tisch sitzen und bisher weder abgestimmt noch geantwortet oder gezogen haben"
    )
    room = restart(room, clock)  # who has moved is kept
    t = teacher(room)
    # the tables the made-up nicknames made, where nobody sits once they are out, go with them
    assert done(t, type="pupils_remove", which="idle", minutes=10) == (
        "4 pupils were taken out of the class. 2 tables were removed."
    )
    assert sorted(p.name for p in room.pupils.values()) == ["Ann", "Ben"]
    assert len(room.tables) == 2
    assert done(t, type="tables_remove", which="empty") == "0 tables were removed."


def test_the_idle_clean_up_keeps_every_pupil_who_sat_voted_answered_or_moved(
    room_with_one_address, clock
):
    """A pupil seated in a running game before their first turn, one who only voted and one who
    only answered a question stay (after a restart too); a nickname that did none of it goes."""
    from test_class_answers import ODDS

    room = room_with_one_address
    t = teacher(room)
    ann = join(room, "Ann", browser="a" * 32)
    ann.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    ben = join(room, "Ben", browser="b" * 32)
    ben.say(type="sit", table=tid, seat=1)
    assert room.tables[tid].sitters[1] is not None  # seated, no turn taken yet
    t.say(type="poll_open", question="Who wins?", options=["Ann", "Ben"])
    voter = join(room, "Vic", browser="v" * 32)
    voter.say(type="vote", poll=max(room.polls), choice=1)
    t.say(type="question_open", **ODDS.answer_spec("ex2"))
    answerer = join(room, "Ada", browser="d" * 32)
    answerer.say(type="answer", question="ex2", text="1/2")
    for d in (ben, voter, answerer):
        assert d.errors() == []
    join(room, "Fake", browser="f" * 32)
    assert ann.errors() == []
    t.say(type="lang", lang="en")
    assert t.got[-1]["idle_recent"] == 2  # Ann made her table and sits, but has not moved
    # the teacher's list marks who has not voted, answered or moved yet (seated or not)
    idle = {p["name"]: p["idle"] for p in t.got[-1]["pupils"]}
    assert idle == {"Ann": True, "Ben": True, "Vic": False, "Ada": False, "Fake": True}
    assert t.got[-1]["words"]["w_idle_mark"] == "has not taken part yet"
    room = restart(room, clock)
    t = teacher(room)
    assert done(t, type="pupils_remove", which="idle", minutes=10) == (
        "2 pupils were taken out of the class."
    )
    assert sorted(p.name for p in room.pupils.values()) == ["Ada", "Ben", "Vic"]
    assert room.tables[tid].sitters[1] is not None  # Ben is still at play


def test_a_script_that_plays_once_is_ended_by_the_tables_and_recent_clean_ups(
    room_with_one_address, clock
):
    """Nicknames that each make a table, move once and stand up took part: the idle clean-up
    keeps them (the teacher's page says so). Their tables, where nobody sits, go with the
    clean-up of tables; removing the recent pupils takes them and the tables they made."""
    from test_class_guard import move, until_turn

    room = room_with_one_address
    t = teacher(room)
    for i in range(3):
        kid = join(room, f"Bot{i}", browser=f"{i}" * 32)
        kid.say(type="create", game="heroes", players=2, level="easy")
        tid = max(room.tables)
        until_turn(room, clock, tid, 0)
        move(kid, room, tid)
        kid.say(type="leave")
        assert kid.errors() == []
    assert len(room.tables) == 3
    t.say(type="lang", lang="en")
    shot = t.got[-1]
    assert shot["idle_recent"] == 0
    assert shot["words"]["w_cleanup_note"] == (
        "These clean-ups catch recent nicknames that sit at no table and do nothing, and tables "
        "where nobody sits. A nickname that sits at a table or plays along stays: close the class "
        "to new pupils and remove it by its name."
    )
    # the teacher's list marks who has not taken part yet: they all moved once
    assert [p["idle"] for p in shot["pupils"]] == [False] * 3
    assert done(t, type="tables_remove", which="empty") == "3 tables were removed."
    assert len(room.tables) == 0
    kid = join(room, "Bot9", browser="9" * 32)
    kid.say(type="create", game="heroes", players=2, level="easy")
    until_turn(room, clock, max(room.tables), 0)
    move(kid, room, max(room.tables))
    kid.say(type="leave")
    assert done(t, type="pupils_remove", which="recent", minutes=10) == (
        "4 pupils were taken out of the class. 1 table was removed."
    )
    assert len(room.tables) == 0


def test_every_latin_small_capital_reads_as_its_letter():
    """The small capitals are found by their Unicode names, so none is left out: each one's
    skeleton is its letter's."""
    from kaskaria.names import letter_shapes, skeleton

    shapes = letter_shapes()
    small_capitals = [
        chr(code)
        for code in range(0x250, 0x1E000)
        if re.fullmatch("LATIN LETTER SMALL CAPITAL [A-Z]", unicodedata.name(chr(code), ""))
    ]
    assert len(small_capitals) >= 20
    for c in small_capitals:
        letter = unicodedata.name(c)[-1]
        assert shapes[ord(c)] == letter
        assert skeleton(c + c) == skeleton(letter + letter), c
