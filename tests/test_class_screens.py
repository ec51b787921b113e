"""One table, many screens on the class server: every device showing a table is a screen of that
one table, with its own refusal and its own log; a move from a device passes the table's one gate
(checked once, applied once); and no device's own messages, sent as fast as the class allows,
ever stop a seated pupil's move."""

from __future__ import annotations

import asyncio
import json
import types

import numpy as np
import pytest
from class_support import run_async

from kaskaria import hints
from kaskaria.classroom import devices
from kaskaria.classroom import room as room_module
from kaskaria.classroom.devices import RATE_BURST, RATE_PER_SECOND
from kaskaria.classroom.room import SCREEN_BATCH, SCREEN_EVERY, SCREENS_PER_SECOND, ClassRoom
from kaskaria.core import TABLE
from kaskaria.tables import PARTS, Screen, Table, view
from kaskaria.tables import protocol as tp
from kaskaria.tables.screen import LOG_PAGE, LOG_TAIL
from kaskaria.tables.view import SETTING_PARTS, view_parts


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Phone:
    """A device that keeps what it was sent."""

    def __init__(self, room: ClassRoom) -> None:
        self.room = room
        self.got: list[dict] = []
        self.device = devices.Device(send=self.got.append)

    def say(self, **message) -> dict:
        before = len(self.got)
        self.room.receive(self.device, json.dumps(message))
        new = self.got[before:]
        return new[-1] if new else {}

    def table(self, **msg) -> dict:
        return self.say(type="table", msg=msg)

    def errors(self) -> list[str]:
        return [m["text"] for m in self.got if m["type"] == "error"]

    def held(self, tid: int) -> dict:
        """The view this device holds now, part by part (as its page has drawn it: a refusal at
        the table goes in its message line until a view brings the table's message again)."""
        parts: dict = {}
        for m in self.got:
            if m["type"] == "view" and m["table"] == tid:
                parts.update(m["parts"])
                parts["version"] = m["version"]
            elif m["type"] == "error" and m.get("table") == tid and parts:
                parts["message"] = {"text": m["text"], "kind": "error", "prompt": m["text"]}
        return parts

    def views(self) -> int:
        return sum(1 for m in self.got if m["type"] == "view")


class Timers:
    """The server's event loop for a device's own screen changes (``room.on_screens``): the
    waits asked for, run when the test's clock reaches them."""

    def __init__(self, room: ClassRoom, clock: Clock) -> None:
        self.room, self.clock = room, clock
        self.due: list[float] = []
        room.on_screens = lambda wait: self.due.append(clock.t + wait)

    def run(self) -> None:
        """Every timer due by now (a timer may set the next)."""
        while self.due and min(self.due) <= self.clock.t:
            self.due.remove(min(self.due))
            self.room.push_screens()

    def drain(self) -> None:
        """Time passes until nothing waits."""
        for _ in range(1000):
            if not self.due:
                return
            self.clock.t = max(self.clock.t, min(self.due))
            self.run()
        raise AssertionError("the screens' timer never stops")


def counter(start: int = 1):
    n = iter(range(start, start + 10_000))
    return lambda: next(n)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def room(tmp_path, clock) -> ClassRoom:
    return ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(77))


def join(room: ClassRoom, name: str) -> Phone:
    phone = Phone(room)
    phone.say(type="hello", code=room.code, name=name)
    assert phone.got[0]["type"] == "welcome"
    return phone


def teacher(room: ClassRoom, lang: str = "en") -> Phone:
    phone = Phone(room)
    phone.say(type="hello", code=room.code, key=room.key, lang=lang)
    assert phone.got[0]["role"] == "teacher"
    return phone


def heroes_for_two(room: ClassRoom, clock: Clock) -> tuple[int, Phone, Phone, Phone]:
    """A Heroes table with Ann and Ben seated and Cat watching, with a few moves made."""
    t = teacher(room)
    t.say(type="create", game="heroes", players=3, level="easy")
    tid = max(room.tables)
    ann, ben, cat = join(room, "Ann"), join(room, "Ben"), join(room, "Cat")
    ann.say(type="sit", table=tid, seat=0)
    ben.say(type="sit", table=tid, seat=1)
    cat.say(type="watch", table=tid)
    play(room, clock, tid, {0: ann, 1: ben}, moves=6)
    return tid, ann, ben, cat


def play(room, clock, tid, seated: dict[int, Phone], moves: int, rng=None) -> int:
    """Seated pupils make random legal moves from their own view (bots step when due);
    returns how many moves they made. It stops at the move of a pupil it does not play for
    (time never runs through their turn: after TURN_WAIT they would stand up)."""
    rng = rng or np.random.default_rng(0)
    kept = room.tables[tid]
    table = kept.table
    made = 0
    for _ in range(400):
        if made >= moves or table.state.is_terminal():
            break
        player = table.state.current_player()
        if player not in seated and 0 <= player < kept.players and kept.sitters[player]:
            break
        if player in seated:
            phone = seated[player]
            held = phone.held(tid)
            actions = held["moves"]["actions"]
            assert actions, "the seated pupil whose turn it is has buttons"
            pick = actions[int(rng.integers(len(actions)))]["action"]
            before = len(table.match.actions)
            phone.table(type="action", action=pick, version=held["version"])
            assert len(table.match.actions) > before, phone.errors()[-1:]
            made += 1
        else:
            clock.t += room.wake_in(tid) or 0.1
            room.tick(tid)
    return made


def test_the_teacher_page_the_projector_and_each_pupils_page_are_screens_of_one_table(room, clock):
    tid, ann, ben, cat = heroes_for_two(room, clock)
    projector = teacher(room, "de")  # the projector widget connects as the teacher does
    kept = room.tables[tid]
    table = kept.table
    # every device showing the table has its own screen of that very table
    screens = [ann.device.screen, ben.device.screen, cat.device.screen]
    assert all(s is not None and s in table._screens for s in screens)
    assert len({id(s) for s in screens}) == 3
    assert [s.viewer for s in screens] == [0, 1, TABLE]
    # the class board (the teacher's page, the projector) shows the table through its screens
    snap = [m for m in projector.got if m["type"] == "class"][-1]
    board = kept.boards["de"]
    assert board in table._screens and board.viewer == TABLE
    shown = view(table, board)
    summary = [s for s in snap["tables"] if s["id"] == tid][0]
    assert summary["status"] == shown["status"] and summary["title"] == shown["frame"]["title"]
    assert summary["title"] == "Die Helden von Kaskaria"  # in the projector's language
    # and each pupil's page holds its own screen's view, never another's
    for phone in (ann, ben, cat):
        held = phone.held(tid)
        own = view(table, phone.device.screen)
        for part in ("board", "moves", "players", "log", "message"):
            assert held[part] == own[part], part
    assert ann.held(tid)["board"] != ben.held(tid)["board"]  # hands differ: the check can fail
    # a device that leaves the table leaves its screen behind
    cat.say(type="leave")
    assert cat.device.screen is None and screens[2] not in table._screens


def test_two_pupils_at_one_table_each_get_their_own_refusal_and_log(room, clock):
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    while table.state.current_player() != 0:
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
    before = (table.version, list(table.match.actions))
    # Ben acts out of turn: refused on his device alone, in one sentence his page shows in its
    # message line; no view is built or sent for it
    views = ben.views()
    reply = ben.table(type="action", action=str(table.state.legal_actions()[0]))
    refusal = "It is not your turn yet: Player 1 decides now."
    assert reply == {"type": "error", "text": refusal, "table": tid}
    assert ben.views() == views
    assert (
        ben.held(tid)["message"]["text"] == refusal and ben.held(tid)["message"]["kind"] == "error"
    )
    for other in (ann, cat):  # never shown on another device, nor is the table changed
        assert refusal not in json.dumps(other.got)
        assert other.held(tid)["message"]["kind"] != "error"
    assert (table.version, list(table.match.actions)) == before
    # Ann's own refusal is hers, in her words
    ann.table(type="action", action="no such move")
    assert ann.held(tid)["message"]["text"] == "That is not a move you can make now."
    assert ben.held(tid)["message"]["text"] == refusal  # Ben's is still his own
    # each opens their own share of the log
    total = len(table.match.actions)
    assert total > LOG_TAIL + 1
    ann.table(type="log", more=True)
    assert len(ann.held(tid)["log"]["entries"]) == min(total, LOG_TAIL + LOG_PAGE)
    for other in (ben, cat):
        assert len(other.held(tid)["log"]["entries"]) == LOG_TAIL
    ben.table(type="log", more=True)
    ann.table(type="log", more=False)
    assert len(ann.held(tid)["log"]["entries"]) == LOG_TAIL
    assert len(ben.held(tid)["log"]["entries"]) == min(total, LOG_TAIL + LOG_PAGE)
    assert (table.version, list(table.match.actions)) == before  # the table never heard of it
    # Ann's move supersedes her refusal; Ben's screen shows the table's news again too
    held = ann.held(tid)
    ann.table(type="action", action=held["moves"]["actions"][0]["action"], version=held["version"])
    assert len(table.match.actions) > len(before[1])
    assert ann.held(tid)["message"]["kind"] != "error"
    assert ben.held(tid)["message"]["kind"] != "error"


def test_a_move_from_a_device_is_checked_once_and_applied_once(room, clock, monkeypatch):
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    while table.state.current_player() != 0:
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
    # what the rules are asked while the table's gate handles a device's message (the views
    # built afterwards for the devices may ask the rules too: the odds of a draw)
    state_class = type(table.state)
    calls: list[str] = []
    gate = {"open": False}
    real_apply, real_parse, real_gate = state_class.apply, state_class.parse_action, Table.apply

    def apply(self, action):
        if gate["open"]:
            calls.append(f"apply {action}")
        return real_apply(self, action)

    def parse(self, text):
        if gate["open"]:
            calls.append(f"parse {text}")
        return real_parse(self, text)

    def through_gate(self, command, by):
        gate["open"] = True
        try:
            return real_gate(self, command, by)
        finally:
            gate["open"] = False

    monkeypatch.setattr(state_class, "apply", apply)
    monkeypatch.setattr(state_class, "parse_action", parse)
    monkeypatch.setattr(Table, "apply", through_gate)
    held = ann.held(tid)
    pick = held["moves"]["actions"][0]["action"]
    start = len(table.match.actions)
    ann.table(type="action", action=pick, version=held["version"])
    assert str(table.match.actions[start]) == pick
    # the move's text is read once and the rules see the move once; after it only chance
    # (the card drawn) is applied
    assert calls.count(f"parse {pick}") == 1
    assert calls.count(f"apply {pick}") == 1
    assert all(c.startswith("apply") for c in calls if not c.startswith(f"parse {pick}"))
    chance = [str(a) for a in table.match.actions[start + 1 :]]
    assert sorted(c for c in calls if c != f"apply {pick}" and c.startswith("apply")) == sorted(
        f"apply {a}" for a in chance
    )
    # a move out of turn is refused before the rules see it, and changes nothing
    player = table.state.current_player()
    other = ben if player != 1 else ann
    calls.clear()
    before = list(table.match.actions)
    other.table(type="action", action=str(table.state.legal_actions()[0]))
    assert calls == [] and table.match.actions == before
    assert other.errors()[-1].startswith("It is not your turn yet")


#: Every message that changes only the device that sends it (and a tick, which the server keeps).
PER_SCREEN = [
    {"type": "log", "more": True},
    {"type": "log", "more": False},
    {"type": "sound", "on": True},
    {"type": "sound", "on": False},
    {"type": "motion", "motion": "reduced"},
    {"type": "motion", "motion": "auto"},
    {"type": "lang", "lang": "de"},
    {"type": "lang", "lang": "en"},
    {"type": "tick"},
]
#: ... and every other message a table's screen may send (:data:`kaskaria.tables.protocol.COMMANDS`),
#: each refused on a watcher's screen (an action and an undo are a seated pupil's; the others are
#: the teacher's, or ask for another view or a pass the device was not given); "action" and
#: "undo" carry the latest version the sender holds, the action the move of the pupil to move
OTHERS = [
    {"type": "viewer", "viewer": 0},
    {"type": "pass"},
    {"type": "viewer", "viewer": 1},
    {"type": "hint"},
    {"type": "what_if"},
    {"type": "action"},
    {"type": "undo"},
    {"type": "next"},
    {"type": "turn"},
    {"type": "new"},
    {"type": "restart", "players": 2},
    {"type": "code", "code": "x"},
    {"type": "seat", "player": 0, "seat": "bot"},
    {"type": "help", "on": False},
    {"type": "hourglass", "on": False},
    {"type": "autoplay", "delay": 0.1},
    {"type": "pace", "delay": 0.1},
]


def test_the_hammering_sends_every_message_a_table_s_screen_may_send():
    assert {m["type"] for m in PER_SCREEN + OTHERS} == set(tp.COMMANDS)


def hammer(phone: Phone, message: dict, tid: int, move: str) -> None:
    """``phone`` sends ``message`` to its table (an action or an undo as its page would: with
    the version it holds)."""
    if message["type"] in ("action", "undo"):
        message = {**message, "version": phone.held(tid)["version"]}
        if message["type"] == "action":
            message["action"] = move
    phone.table(**message)


@pytest.mark.parametrize("paced", [False, True], ids=["at-once", "paced"])
@pytest.mark.parametrize("game", ["heroes", "dragons-gold", "dragon-battle"])
def test_watchers_and_players_hammering_their_own_screens_never_stop_a_move(
    tmp_path, clock, game, paced, monkeypatch
):
    """Five watchers send every message a table's screen may send (those that change their own
    screen and those refused on it), the seated pupil who waits does too, and the pupil to move
    asks for hints and changes their own screen, as fast as the class's limits allow, between
    looking at the table and clicking: every legal move applies. (A screen's own refusal makes
    the clicks it had shown before older, as on a notebook's table, and taking back one's own
    last move is the game's rule: the pupil to move keeps to what they may send, and the one
    who waits to what changes no move. ``paced``: as on the server, each device's own screen
    changes are sent at its pace in later turns of the event loop.)"""
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(77), hints=True)
    timers = Timers(room, clock) if paced else None
    # a hint's words come from a bot's search (a second or more); what it shows is this test's
    # matter, not what it says: the advice is a fixed sentence, counted
    advised: list[str] = []

    def advice(kind: str):  # type: ignore[no-untyped-def]
        def words(*args, **kwargs):  # type: ignore[no-untyped-def]
            advised.append(kind)
            return types.SimpleNamespace(text=f"The {kind} of this test.", numbers={})

        return words

    monkeypatch.setattr(hints, "hint", advice("hint"))
    monkeypatch.setattr(hints, "what_if", advice("what if"))
    # and every finished turn has something to look back at (Dragon's Gold's answers are rare
    # in the first moves this test plays)
    monkeypatch.setattr(hints, "can_look_back", lambda match, seat: True)
    tid, seated = _two_kids_and_a_bot(room, game)
    watchers = [join(room, f"Watcher{i}") for i in range(5)]
    for w in watchers:
        w.say(type="watch", table=tid)
    table = room.tables[tid].table
    rng = np.random.default_rng(5)
    step = 1 / RATE_PER_SECOND  # the steady rate a device may keep up: one message a step
    clock.t += 60  # every device's allowance is full
    everything = PER_SCREEN + OTHERS
    waiting = [m for m in everything if m["type"] != "undo"]
    to_move = [*PER_SCREEN, {"type": "hint"}]
    moves = sent = 0
    for round_ in range(400):
        if moves >= 16 or table.state.is_terminal():
            break
        player = table.state.current_player()
        mover = seated.get(player)
        held = mover.held(tid) if mover is not None else None
        legal = str(table.state.legal_actions()[0]) if not table.state.is_chance_node() else "x"
        # everyone hammers between the mover's looking and the mover's click: a whole burst
        # first, then the steady rate (two steps a round; the seated pupils one message every
        # other round: their moves count too)
        for phone in watchers:
            for _ in range(RATE_BURST - 1 if round_ == 0 else 2):
                hammer(phone, everything[sent % len(everything)], tid, legal)
                sent += 1
        for phone in seated.values():
            said = to_move if phone is mover else waiting
            for _ in range(RATE_BURST - 2 if round_ == 0 else round_ % 2):
                message = said[sent % len(said)]
                if round_ % 4 == 1:  # advice, often: a hint on one's turn, else "what if?"
                    message = {"type": "hint" if phone is mover else "what_if"}
                hammer(phone, message, tid, legal)
                sent += 1
        clock.t += 2 * step
        if timers is not None:
            timers.run()
        if mover is None:
            clock.t += table.wake_in() or step  # the table's own steps: no jump through a wait
            room.tick(tid)
            continue
        actions = held["moves"]["actions"]
        assert actions, "the seated pupil whose turn it is has buttons"
        pick = actions[int(rng.integers(len(actions)))]["action"]
        before = len(table.match.actions)
        mover.table(type="action", action=pick, version=held["version"])
        assert len(table.match.actions) > before, (round_, mover.errors()[-3:])
        moves += 1
    assert moves >= 10 and sent > 300
    assert "hint" in advised and "what if" in advised  # the seated pupils were answered
    slow = "Too many clicks at once: wait a moment and try again."
    assert not any(slow in p.errors() for p in [*watchers, *seated.values()])  # within limits
    # the refused messages were refused on the sender's screen alone (each hears why)
    assert all(w.errors() for w in watchers)
    # and each device's log is as long as that device asked for, whatever the others asked
    # (the latest of its own changes reaches it)
    if timers is not None:
        timers.drain()
    total = len(table.match.actions)
    for phone in [*watchers, *seated.values()]:
        held = phone.held(tid)["log"]["entries"]
        assert len(held) == min(total, phone.device.screen.log_shown)


def test_the_seed_and_the_full_code_are_left_out_by_the_view_of_a_class_device(tmp_path, clock):
    """Once a game is over the table would show its seed and full code to a viewer who saw
    everything (a notebook's screen does); a class device's screen never may, so the view
    built for it has neither (built so, not stripped: what the device holds is that view)."""
    seed = 1_234_567_891  # digits that cannot turn up in a view by chance
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(seed))
    t = teacher(room)
    t.say(type="create", game="dragon-battle", players=2, level="easy")
    tid = max(room.tables)
    ann, cat = join(room, "Ann"), join(room, "Cat")
    ann.say(type="sit", table=tid, seat=0)
    cat.say(type="watch", table=tid)
    table = room.tables[tid].table
    assert table.seed == seed
    play(room, clock, tid, {0: ann}, moves=10_000)
    for _ in range(2_000):  # the bounded rest of the game (play() stops after 400 steps)
        if table.state.is_terminal():
            break
        play(room, clock, tid, {0: ann}, moves=10_000)
    assert table.state.is_terminal()
    # the table's rule would show them here: one person, a game with nothing hidden, over
    assert table.seed_shown(0) == seed and table.seed_shown(TABLE) == seed
    notebook = Screen(0)
    table.attach(notebook)
    assert view(table, notebook)["info"]["seed"] == seed
    assert view(table, notebook)["info"]["code"] == table.match.to_code()
    table.detach(notebook)
    # ... yet no class device's view carries them, nor anything a device was sent
    for phone in (ann, cat):
        screen = phone.device.screen
        assert screen is not None and screen.shows_seed is False
        built = view(table, screen)["info"]
        assert built["seed"] is None and built["code"] == "" and built["this_game"] == ""
        assert phone.held(tid)["info"] == built
        assert str(seed) not in json.dumps(phone.got)
    for board in room.tables[tid].boards.values():
        assert view(table, board)["info"]["seed"] is None
    assert str(seed) not in json.dumps(t.got)


def test_a_screen_message_that_changes_nothing_sends_no_view(room, clock):
    """A second "sound on", the same language again, "show more" with the whole log open: the
    device's view stays as it is, so nothing is built or sent (a burst of them costs the class
    nothing); a message that changes the screen still sends its view."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    total = len(table.match.actions)
    assert LOG_TAIL < total < LOG_TAIL + LOG_PAGE

    def views(phone: Phone) -> int:
        return sum(1 for m in phone.got if m["type"] == "view")

    for phone in (ann, cat):
        for msg, again in (
            ({"type": "sound", "on": True}, {"type": "sound", "on": True}),
            ({"type": "motion", "motion": "reduced"}, {"type": "motion", "motion": "reduced"}),
            ({"type": "lang", "lang": "de"}, {"type": "lang", "lang": "de"}),
            ({"type": "log", "more": True}, {"type": "log", "more": True}),
            ({"type": "log", "more": False}, {"type": "log", "more": False}),
        ):
            clock.t += RATE_BURST / RATE_PER_SECOND  # (a pupil's pace: no message refused)
            before = views(phone)
            phone.table(**msg)
            assert views(phone) == before + 1, msg  # a change is shown
            epoch = phone.held(tid)["version"]
            for _ in range(5):
                phone.table(**again)
            assert views(phone) == before + 1, again  # the same again sends nothing
            assert phone.held(tid)["version"] == epoch
    # the log opened once shows all of it; more of it shows nothing new and sends nothing
    assert not ann.errors() and not cat.errors()
    ann.table(type="log", more=True)
    assert len(ann.held(tid)["log"]["entries"]) == total
    version = ann.held(tid)["version"]
    ann.table(type="log", more=True)
    assert ann.held(tid)["version"] == version
    # a move still reaches every screen, and a click on the view held is current
    held = ann.held(tid)
    while table.state.current_player() != 0:
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
        held = ann.held(tid)
    moves = len(table.match.actions)
    ann.table(type="action", action=held["moves"]["actions"][0]["action"], version=held["version"])
    assert len(table.match.actions) > moves


class Builds:
    """The views the class builds, by screen: whole (:func:`view`) and parts alone."""

    def __init__(self, monkeypatch) -> None:
        self.whole: list[Screen] = []
        self.alone: list[tuple[Screen, tuple[str, ...]]] = []
        real_view, real_parts = room_module.view, room_module.view_parts

        def whole(table, screen, *args, **kwargs):
            self.whole.append(screen)
            return real_view(table, screen, *args, **kwargs)

        def alone(table, screen, names):
            self.alone.append((screen, names))
            return real_parts(table, screen, names)

        monkeypatch.setattr(room_module, "view", whole)
        monkeypatch.setattr(room_module, "view_parts", alone)

    def of(self, phone: Phone) -> int:
        screen = phone.device.screen
        return sum(s is screen for s in self.whole) + sum(s is screen for s, _ in self.alone)


#: Every message that changes a watcher's own screen (and a tick, ignored on a device).
OWN_SCREEN = [m for m in PER_SCREEN if m["type"] != "tick"] + [{"type": "tick"}]


def test_a_setting_s_parts_built_alone_are_the_view_s_own(room, clock):
    """A screen's log, sound and motion change only the parts :data:`SETTING_PARTS` names, and
    those parts built alone are the very ones the whole view has."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    assert len(table.match.actions) > LOG_TAIL
    for phone in (ann, cat):
        screen = phone.device.screen
        for msg in (
            {"type": "log", "more": True},
            {"type": "sound", "on": True},
            {"type": "motion", "motion": "reduced"},
            {"type": "log", "more": False},
            {"type": "motion", "motion": "full"},
            {"type": "sound", "on": False},
        ):
            clock.t += 1
            before = view(table, screen)
            phone.table(**msg)
            after = view(table, screen)
            names = SETTING_PARTS[msg["type"]]
            changed = {p for p in PARTS if before[p] != after[p]}  # type: ignore[literal-required]
            assert changed and changed <= set(names), msg
            alone = view_parts(table, screen, names)
            assert alone == {"version": after["version"], **{n: after[n] for n in names}}
            assert phone.held(tid) == after  # and the device holds its whole view
    with pytest.raises(ValueError, match="'board'"):
        view_parts(table, ann.device.screen, ("board",))


def test_a_refusal_is_one_sentence_and_builds_no_view(room, clock, monkeypatch):
    """A refused message at a table (a watcher's hint, "what if?", another view, a move, a new
    game; a seated pupil's move out of turn) is answered with its one sentence to that device
    alone: no view is built for any screen, nothing else is sent, the table is as it was."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    while table.state.current_player() != 0:
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
    builds = Builds(monkeypatch)
    before = (table.version, list(table.match.actions))
    phones = (ann, ben, cat)
    sent = [len(p.got) for p in phones]
    refused = [
        (cat, {"type": "hint"}),
        (cat, {"type": "what_if"}),
        (cat, {"type": "viewer", "viewer": 0}),
        (cat, {"type": "action", "action": "x"}),
        (cat, {"type": "new"}),
        (ben, {"type": "action", "action": str(table.state.legal_actions()[0])}),
        (ben, {"type": "pass"}),
        (ann, {"type": "hint"}),
        (ann, {"type": "what_if"}),
    ]
    for phone, msg in refused:
        clock.t += 1
        said = len(phone.got)
        phone.table(**msg)
        new = phone.got[said:]
        assert len(new) == 1 and new[0]["type"] == "error" and new[0]["table"] == tid, msg
        assert new[0]["text"] and "_" not in new[0]["text"]
    assert builds.whole == [] and builds.alone == []
    assert [len(p.got) - n for p, n in zip(phones, sent, strict=True)] == [2, 2, 5]
    assert (table.version, list(table.match.actions)) == before
    # the pupil's next move draws the table's message line again on every screen
    held = ann.held(tid)
    assert held["message"]["kind"] == "error"
    ann.table(type="action", action=held["moves"]["actions"][0]["action"], version=held["version"])
    assert len(table.match.actions) > len(before[1])
    for phone in phones:
        assert phone.held(tid)["message"] == view(table, phone.device.screen)["message"]
        assert phone.held(tid)["message"]["kind"] != "error"


def test_watchers_own_screen_changes_cost_the_seated_nothing_and_come_at_their_pace(
    room, clock, monkeypatch
):
    """Three watchers send every message that changes their own screen as fast as their rate
    allows, for three seconds: no view is built for any seated pupil's screen and none is sent
    to them; each watcher is sent at most one view in :data:`SCREEN_EVERY` seconds, its log,
    sound and motion as those parts alone, and at the end the view it holds is its screen's."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    watchers = [cat, join(room, "Dan"), join(room, "Eve")]
    for w in watchers[1:]:
        w.say(type="watch", table=tid)
    timers = Timers(room, clock)
    builds = Builds(monkeypatch)
    seated = [ann.views(), ben.views()]
    views = [w.views() for w in watchers]
    clock.t += 60
    seconds = 3
    steps = seconds * int(RATE_PER_SECOND)
    for i in range(steps):
        for j, w in enumerate(watchers):
            w.table(**OWN_SCREEN[(i + j) % len(OWN_SCREEN)])
        clock.t += 1 / RATE_PER_SECOND
        timers.run()
    timers.drain()
    assert not any(w.errors() for w in watchers)  # within their rate, nothing refused
    assert [ann.views(), ben.views()] == seated
    assert builds.of(ann) == builds.of(ben) == 0
    for w, before in zip(watchers, views, strict=True):
        got = w.views() - before
        # built at its pace at most, and sent when something changed since it was last sent
        assert 0 < got <= builds.of(w) <= seconds / SCREEN_EVERY + 1
        assert w.held(tid) == view(table, w.device.screen)
    # the log, sound and motion were sent as their parts alone (those changed since the last
    # view, together); a language as the whole view
    alone = {p for names in SETTING_PARTS.values() for p in names}
    assert all(set(names) <= alone for _, names in builds.alone)
    assert builds.alone and builds.whole


def test_screen_changes_go_out_in_turns_of_a_batch(room, clock, monkeypatch):
    """Twelve watchers change their own log at once: the first turn sends :data:`SCREEN_BATCH`
    of them, and the rest come in the next turn, a moment later (the class's budget)."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    watchers = [join(room, f"W{i}") for i in range(12)]
    for w in watchers:
        w.say(type="watch", table=tid)
    timers = Timers(room, clock)
    views = [w.views() for w in watchers]
    for w in watchers:
        w.table(type="log", more=True)
    assert [w.views() for w in watchers] == views  # nothing yet: a later turn sends them
    assert timers.due == [clock.t]
    timers.run()
    sent = [w.views() - v for w, v in zip(watchers, views, strict=True)]
    assert sent == [1] * SCREEN_BATCH + [0] * (12 - SCREEN_BATCH)
    assert timers.due == [clock.t + SCREEN_BATCH / SCREENS_PER_SECOND]
    timers.drain()
    assert [w.views() - v for w, v in zip(watchers, views, strict=True)] == [1] * 12
    assert not timers.due


def test_a_move_among_a_burst_of_screen_changes_reaches_every_screen_first(room, clock):
    """On the event loop, a burst of watchers' own screen changes arrives, then a seated pupil's
    move: the move is applied and its view sent to every screen at the table before any of
    the burst's views; the watchers' views from the move already show their changes, so the
    burst sends them nothing more."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    while table.state.current_player() != 0:
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
    watchers = [cat, *(join(room, f"W{i}") for i in range(11))]
    for w in watchers[1:]:
        w.say(type="watch", table=tid)
    clock.t += 60
    out: list[tuple[Phone, dict]] = []
    for phone in (ann, ben, *watchers):
        phone.device.send = lambda m, phone=phone: (phone.got.append(m), out.append((phone, m)))
    held = ann.held(tid)
    move = held["moves"]["actions"][0]["action"]
    burst = [{"type": "log", "more": True}, {"type": "sound", "on": True}]

    async def arrive() -> None:
        loop = asyncio.get_running_loop()
        room.on_screens = lambda wait: loop.call_later(wait, room.push_screens)
        for w in watchers:  # as the sockets' messages arrive in one turn of the loop
            for msg in burst:
                loop.call_soon(lambda w=w, msg=msg: w.table(**msg))
        click = {"type": "action", "action": move, "version": held["version"]}
        loop.call_soon(lambda: ann.table(**click))
        for _ in range(50):
            await asyncio.sleep(0.01)
            if not room._screens_due and len(table.match.actions) > actions:
                return

    actions = len(table.match.actions)
    run_async(arrive())  # a browser test may leave a loop running here
    room.on_screens = None
    assert len(table.match.actions) > actions
    views = [(p, m) for p, m in out if m["type"] == "view"]
    # the first views out are the move's, one to each screen at the table, the seated first
    assert {id(p) for p, _ in views[: 2 + len(watchers)]} == {id(p) for p in (ann, ben, *watchers)}
    assert all(m["version"] > held["version"] for _, m in views[: 2 + len(watchers)])
    assert len(views) == 2 + len(watchers)  # and nothing more: the move's view showed it all
    for w in watchers:
        screen = w.device.screen
        assert screen.sound and screen.log_shown == LOG_TAIL + LOG_PAGE
        assert w.held(tid) == view(table, screen)


def test_a_change_undone_before_it_went_sends_nothing(room, clock):
    """A device shows more of its log and less again (sound on and off, German and English)
    before its pace lets the first change go: every part is as it was sent, so nothing is sent,
    and the click the seated pupil makes on the view she holds still counts."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    while table.state.current_player() != 0:
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
    timers = Timers(room, clock)
    for phone in (cat, ann):
        clock.t += 1
        phone.table(type="sound", on=True)  # a change that goes: the pace starts
        timers.run()
        views = phone.views()
        for there, back in (
            ({"type": "log", "more": True}, {"type": "log", "more": False}),
            ({"type": "sound", "on": False}, {"type": "sound", "on": True}),
            ({"type": "lang", "lang": "de"}, {"type": "lang", "lang": "en"}),
        ):
            phone.table(**there)
            phone.table(**back)
        timers.drain()
        assert phone.views() == views
        held, own = phone.held(tid), view(table, phone.device.screen)
        assert {p: held[p] for p in PARTS} == {p: own[p] for p in PARTS}
    held = ann.held(tid)
    assert held["version"] < view(table, ann.device.screen)["version"]  # her screen changed
    moves = len(table.match.actions)
    ann.table(type="action", action=held["moves"]["actions"][0]["action"], version=held["version"])
    assert len(table.match.actions) > moves


def test_a_pupil_sitting_down_elsewhere_at_the_table_leaves_a_seated_pupil_s_click_standing(
    room, clock
):
    """Who sits in another seat is not the game: a click made on the view before it still
    counts (the rules check it when it comes); a change of the game itself makes it older."""
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    clock.t += 60
    while table.state.current_player() != 0:
        play(room, clock, tid, {1: ben}, moves=1)
    held = ann.held(tid)
    cat.say(type="sit", table=tid, seat=2)  # a bot's seat, not the one to move
    assert room.tables[tid].sitters[2] is not None and held["version"] < table.version
    before = len(table.match.actions)
    pick = held["moves"]["actions"][0]["action"]
    ann.table(type="action", action=pick, version=held["version"])
    assert len(table.match.actions) > before, ann.errors()[-1:]
    # a change of the game under a click: that click is still ignored
    mover = {0: ann, 1: ben, 2: cat}[table.state.current_player()]
    held = mover.held(tid)
    table.help = not table.help
    before = len(table.match.actions)
    mover.table(
        type="action", action=held["moves"]["actions"][0]["action"], version=held["version"]
    )
    assert len(table.match.actions) == before


def test_a_bot_s_seat_is_not_taken_while_that_bot_decides_and_seat_changes_have_a_pace(room, clock):
    tid, ann, ben, cat = heroes_for_two(room, clock)
    table = room.tables[tid].table
    clock.t += 60
    while table.state.current_player() != 2:
        play(room, clock, tid, {0: ann, 1: ben}, moves=1)
    seats = list(table.seats)
    cat.say(type="sit", table=tid, seat=2)
    assert cat.errors()[-1] == (
        "The bot in that seat is making its move. Sit down when it has finished."
    )
    assert list(table.seats) == seats and room.tables[tid].sitters[2] is None
    dan = join(room, "Dan")  # at a table of bots nobody waits: any seat may be taken
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    empty = max(room.tables)
    seat = room.tables[empty].table.state.current_player()
    dan.say(type="sit", table=empty, seat=seat)
    assert room.tables[empty].sitters[seat] is not None
    # sitting down and standing up: a few at once, then one every SEAT_CHANGE_EVERY seconds
    changes = [{"type": "leave"}, {"type": "sit", "table": empty, "seat": seat}]
    for i in range(room_module.SEAT_CHANGES - 1):
        dan.say(**changes[i % 2])
    assert not dan.errors()
    sitting = room.tables[empty].sitters[seat]
    dan.say(**changes[(room_module.SEAT_CHANGES - 1) % 2])
    wait = "You changed your seat a moment ago. Wait a little, then try again."
    assert dan.errors() == [wait] and room.tables[empty].sitters[seat] == sitting
    clock.t += room_module.SEAT_CHANGE_EVERY
    dan.say(**changes[(room_module.SEAT_CHANGES - 1) % 2])
    assert dan.errors() == [wait] and room.tables[empty].sitters[seat] != sitting


@pytest.mark.parametrize("game", ["heroes", "dragons-gold", "dragon-battle"])
def test_pupils_hopping_on_and_off_a_bot_s_seat_never_stop_a_seated_pupil_s_move(
    tmp_path, clock, game
):
    """Two watchers send sit at the bot's seat, watch and leave, in turn, as fast as a device's
    rate allows, between the mover's looking and clicking: every legal move applies, the bot's
    turn is never taken from it, and the hoppers hear why they wait."""
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(77))
    tid, seated = _two_kids_and_a_bot(room, game)
    hoppers = [join(room, f"Hop{i}") for i in range(2)]
    hops = [{"type": "sit", "table": tid, "seat": 2}, {"type": "watch", "table": tid}]
    hops.append({"type": "leave"})
    table, kept = room.tables[tid].table, room.tables[tid]
    rng = np.random.default_rng(3)
    step = 1 / RATE_PER_SECOND
    clock.t += 60
    moves = sent = bot_turns = 0
    for _ in range(600):
        if moves >= 16 or table.state.is_terminal():
            break
        player = table.state.current_player()
        mover = seated.get(player)
        held = mover.held(tid) if mover is not None else None
        bots_turn = player == 2 and table.is_bot(2)
        for phone in hoppers:
            for _ in range(2):
                phone.say(**hops[sent % len(hops)])
                sent += 1
        if bots_turn:  # nobody sat down in the bot's seat while it decides
            bot_turns += 1
            assert kept.sitters[2] is None and table.is_bot(2)
        clock.t += 2 * step
        if mover is None:
            clock.t += table.wake_in() or step  # the table's own steps: no jump through a wait
            room.tick(tid)
            continue
        actions = held["moves"]["actions"]
        pick = actions[int(rng.integers(len(actions)))]["action"]
        before = len(table.match.actions)
        mover.table(type="action", action=pick, version=held["version"])
        assert len(table.match.actions) > before, mover.errors()[-3:]
        moves += 1
    assert moves >= 10 and sent > 100 and bot_turns > 0
    heard = {text for phone in hoppers for text in phone.errors()}
    assert "You changed your seat a moment ago. Wait a little, then try again." in heard
    assert "The bot in that seat is making its move. Sit down when it has finished." in heard
    assert "Too many clicks at once: wait a moment and try again." not in heard
    assert not any(phone.errors() for phone in seated.values())


def _two_kids_and_a_bot(room, game):
    """A table of three made by the teacher, two pupils seated at seats 0 and 1 (seat 2 a bot):
    its id and the two pupils' devices by seat."""
    teacher(room).say(type="create", game=game, players=3, level="easy")
    tid = max(room.tables)
    seated = {seat: join(room, f"Kid{seat}") for seat in (0, 1)}
    for seat, phone in seated.items():
        phone.say(type="sit", table=tid, seat=seat)
    return tid, seated


@pytest.mark.parametrize("game", ["dragon-battle", "heroes"])
def test_sitting_down_and_standing_up_never_puts_off_a_bot_s_step(room, clock, game):
    """A pupil sits down at a bot's seat that is not to move and stands up again, as often as
    the seat's pace allows: the bot to move still steps when its step is due (a seat change is
    not a change of the game, so it does not start the step's wait again)."""
    teacher(room).say(type="create", game=game, players=3, level="easy")
    tid = max(room.tables)
    kid, hopper = join(room, "Kid"), join(room, "Hop")
    kid.say(type="sit", table=tid, seat=0)
    table = room.tables[tid].table
    clock.t += 60
    hops = [{"type": "sit", "table": tid, "seat": 2}, {"type": "leave"}]
    hopped = stepped = 0
    for _ in range(40):
        if stepped >= 6 or table.state.is_terminal():
            break
        if table.state.current_player() != 1:  # the kid's move, or the other bot's step
            play(room, clock, tid, {0: kid}, moves=1)
            continue
        due = clock.t + room.wake_in(tid)
        before = len(table.match.actions)
        while clock.t < due:  # the hopper changes seat every time its pace lets it
            clock.t = min(due, clock.t + room_module.SEAT_CHANGE_EVERY + 0.05)
            hopper.say(**hops[hopped % 2])
            hopped += 1
            assert clock.t + room.wake_in(tid) == pytest.approx(due) or clock.t >= due
        room.tick(tid)
        assert len(table.match.actions) > before, "the bot stepped when its step was due"
        stepped += 1
        if room.tables[tid].sitters[2] is not None:  # stand up before that bot's turn comes
            clock.t += room_module.SEAT_CHANGE_EVERY
            hopper.say(type="leave")
            hopped += 1
    assert stepped >= 3 and hopped >= stepped


def test_a_pupil_who_never_moves_while_others_wait_hands_the_seat_to_a_bot(room, clock):
    """Sitting down at a table and never moving cannot hold the others: after TURN_WAIT seconds
    of their move the pupil stands up with a sentence and a bot plays the seat; a move in time
    starts the wait again, and a pupil alone with bots may think as long as they like."""
    tid, seated = _two_kids_and_a_bot(room, "heroes")
    ann, ben = seated[0], seated[1]
    table, kept = room.tables[tid].table, room.tables[tid]
    clock.t += 60

    def to_ann() -> None:
        """Ben moves and the bot steps until the move is Ann's (never waiting in her turn)."""
        for _ in range(200):
            player = table.state.current_player()
            assert not table.state.is_terminal()
            if player == 0:
                return
            if player == 1:
                play(room, clock, tid, {1: ben}, moves=1)
            else:
                clock.t += table.wake_in() or 0.1
                room.tick(tid)
        raise AssertionError("the move never came to Ann")

    for _ in range(3):  # Ann moves just in time, three turns running: she keeps her seat
        to_ann()
        left = room.wake_in(tid)  # the wait started when the move became hers
        assert left is not None and 0 < left <= room_module.TURN_WAIT
        clock.t += left - 1
        room.tick(tid)
        assert kept.sitters[0] is not None and not table.is_bot(0)
        play(room, clock, tid, {0: ann}, moves=1)
    to_ann()
    before = len(table.match.actions)
    assert room.wake_in(tid) == pytest.approx(room_module.TURN_WAIT)
    clock.t += room_module.TURN_WAIT - 1
    room.tick(tid)
    assert kept.sitters[0] is not None
    clock.t += 1
    room.tick(tid)
    assert kept.sitters[0] is None and table.is_bot(0)
    said = (
        "The others waited 2 minutes for your move, so a bot plays your seat now. "
        "Sit down again to play."
    )
    assert ann.errors()[-1] == said and said not in ben.errors()
    for _ in range(10):  # the bot takes the turn at the table's pace
        if len(table.match.actions) > before:
            break
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
    assert len(table.match.actions) > before
    clock.t += room_module.SEAT_CHANGE_EVERY
    ann.say(type="sit", table=tid, seat=0)  # and Ann may sit down again
    assert kept.sitters[0] is not None or table.state.current_player() == 0


def test_a_pupil_alone_with_bots_may_think_as_long_as_they_like(room, clock):
    dan = join(room, "Dan")
    dan.say(type="create", game="heroes", players=2, level="easy")
    tid = max(room.tables)
    kept = room.tables[tid]
    seat = kept.sitters.index(next(s for s in kept.sitters if s is not None))
    clock.t += 60
    while kept.table.state.current_player() != seat:
        clock.t += room.wake_in(tid) or 0.1
        room.tick(tid)
    assert room.wake_in(tid) is None
    clock.t += 10 * room_module.TURN_WAIT
    room.tick(tid)
    assert kept.sitters[seat] is not None and not dan.errors()
