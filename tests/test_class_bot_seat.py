"""A class table's thinking bot (a search bot seated as "hard") decides away from the event loop.

A search bot is "hard" where the ladder shows it strongest (``kaskaria.STRONG_AT_TABLES``); here
the tests fix where (Heroes of Kaskaria for two, Dragon's Gold for three) and give it a budget of
a few hundredths of a second, or seat a stand-in bot that waits for a file the test writes. The room hands the bot's
step to its ``decide`` (the server's processes): every screen at the table says the bot is
thinking until the answer comes, then shows the move; an answer about a position the table has
left is dropped; a refused, failed or lost answer lets the game's quick "hard" bot move. Nothing
here waits for a time: the table's clock is the test's.
"""

from __future__ import annotations

import asyncio
import functools
import operator
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from class_support import run_async
from hypothesis import given, settings
from hypothesis import strategies as st
from test_class_room import Clock, Device, advice_held, counter, play_own_seat, pupil, teacher

from kaskaria import bots
from kaskaria.bots import Bot, BotSpec, difficulty_of, quick_bot
from kaskaria.classroom.room import ClassRoom
from kaskaria.classroom.server import ClassServer
from kaskaria.classroom.thinker import LEAST_USE, HintWorkers, Use
from kaskaria.present import presenter_for
from kaskaria.tables.advice import busy_answer, no_answer
from kaskaria.tables.stepping import DECIDE_MOST, bot_step, decide_step
from kaskaria.tables.words import Refused

THINKING = "Player 2 (hard bot) is thinking…"


@pytest.fixture
def search_hard(monkeypatch):
    """The search bots are "hard" at Heroes tables for two and Dragon's Gold tables for three,
    their search stopped after 0.02 s in the class server's processes."""
    monkeypatch.setitem(bots._STRONG_AT, "heroes", frozenset({(2, "basic")}))
    monkeypatch.setitem(bots._STRONG_AT, "dragons-gold", frozenset({(3, "basic")}))
    monkeypatch.setattr(bots, "GUARD_SECONDS", 0.02)


@dataclass
class Asked:
    """A step handed to the room's ``decide``."""

    work: Any
    then: Any
    wanted: Any
    who: Any


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def room(tmp_path, clock) -> ClassRoom:
    return ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(1_234_567_891))


@pytest.fixture
def asked(room) -> list[Asked]:
    """What the room hands to its ``decide`` (nothing is worked out until the test says so)."""
    out: list[Asked] = []
    room.decide = lambda work, then, wanted, who: out.append(Asked(work, then, wanted, who))
    return out


def hard_table(room: ClassRoom, game: str = "heroes", players: int = 2) -> tuple[int, Device]:
    """A "hard" table of ``game`` with Ann in the first seat: (its number, Ann)."""
    t = teacher(room)
    t.say(type="create", game=game, players=players, level="hard")
    tid = max(room.tables)
    ann = pupil(room, "Ann")
    ann.say(type="sit", table=tid, seat=0)
    return tid, ann


def to_the_bots_turn(room: ClassRoom, clock: Clock, tid: int, ann: Device) -> None:
    """Ann moves until a bot is to move, and the bot's step is due: it is handed on."""
    table = room.tables[tid].table
    play_own_seat(room, {0: ann}, tid, steps=40)
    assert table.is_bot(table.state.current_player())
    clock.t += room.wake_in(tid)
    room.tick(tid)


def prompt_of(device: Device) -> str:
    """The table's message line in ``device``'s latest view that carried one."""
    return [v["parts"]["message"] for v in device.views() if "message" in v["parts"]][-1]["text"]


def test_every_screen_says_the_bot_is_thinking_then_shows_the_move_worked_out_away(
    search_hard, room, clock, asked
):
    """Ann plays at a "hard" Heroes table and Cleo watches: at the bot's time its step is handed
    on once (only the bot's seat's view crosses), both screens say it is thinking, and when the
    answer comes the table makes it, keeps it in the store and sends both the move."""
    tid, ann = hard_table(room)
    cleo = pupil(room, "Cleo")
    cleo.say(type="watch", table=tid)
    table = room.tables[tid].table
    assert table.bots[1].params == {} and difficulty_of(table.game, table.bots[1])
    to_the_bots_turn(room, clock, tid, ann)
    state, moved = table.state, len(table.match.actions)
    assert len(asked) == 1 and asked[0].who == ("table", tid)
    for screen in (ann, cleo):
        assert advice_held(screen)["thinking"] == THINKING
        assert prompt_of(screen).endswith(THINKING)
    # its step is worked out once, however often the table's time comes meanwhile
    for _ in range(3):
        clock.t += 1.0
        room.tick(tid)
    assert len(asked) == 1 and table.state is state and asked[0].wanted()
    # what crosses: the bot's seat's view (the rest dealt again), the bot and its numbers
    work = asked[0].work
    assert work.func is decide_step
    seen, bot, rng = work.args
    assert seen is not state and seen.observation(1) == state.observation(1)
    assert seen.observation(0) != state.observation(0)  # Ann's hand was dealt again
    # the seat's bot, with the clock a class server's processes think with
    assert bot is not table.bots[1] and (bot.name, bot.params) == ("search", {"seconds": 0.02})
    step = work()
    assert step and all(isinstance(text, str) for text in step)
    shown = {screen: screen.views()[-1]["version"] for screen in (ann, cleo)}
    asked[0].then(step)
    assert [str(a) for a in table.match.actions[moved : moved + len(step)]] == step
    assert not asked[0].wanted()
    for screen, version in shown.items():  # every screen is sent the move
        assert screen.views()[-1]["version"] > version
    assert room.store.tables()[0]["lines"] == [str(a) for a in table.match.actions]


def test_a_bots_proposal_built_token_by_token_comes_back_as_one_step(
    search_hard, room, clock, asked
):
    """Dragon's Gold: the search bot's proposal (a split, token by token) is worked out in one
    piece of work, and the table makes every token of it at once."""
    tid, ann = hard_table(room, "dragons-gold", 3)
    table = room.tables[tid].table
    joins = presenter_for(table.game).joins
    made = 0
    for _ in range(30):
        play_own_seat(room, {0: ann}, tid, steps=40)
        if table.state.current_player() == 0 or table.state.is_terminal():
            break
        clock.t += room.wake_in(tid)
        room.tick(tid)
        if not asked:
            continue  # chance, or a pass the table makes
        job = asked.pop()
        step = job.work()
        before = len(table.match.actions)
        job.then(step)
        assert [str(a) for a in table.match.actions[before : before + len(step)]] == step
        states = table.match.states
        made = max(made, len(step))
        for i in range(1, len(step)):
            assert joins(states[before + i - 1], states[before + i])
    assert made > 1  # a step of several tokens came back whole


@pytest.mark.parametrize("change", ["another bot", "new game", "closed", "a pupil sits down"])
def test_an_answer_about_a_position_the_table_left_is_dropped(
    search_hard, room, clock, asked, change
):
    tid, ann = hard_table(room)
    table = room.tables[tid].table
    to_the_bots_turn(room, clock, tid, ann)
    job = asked[0]
    step = job.work()
    t = teacher(room)
    if change == "another bot":
        t.say(type="seat", table=tid, seat=1, level="medium")
        # its step comes at the table's pace (not when the old bot's answer would be overdue)
        assert room.wake_in(tid) == pytest.approx(table.step_seconds())
    elif change == "new game":
        t.say(type="new_game", table=tid)
    elif change == "closed":
        t.say(type="remove", table=tid)
    else:
        ann.say(type="leave")  # a table of bots: any seat may be taken
        dan = pupil(room, "Dan")
        dan.say(type="sit", table=tid, seat=1)
        assert room.tables[tid].sitters[1] is not None
    state, lines = table.state, list(table.match.actions)
    assert not job.wanted()
    job.then(step)  # comes anyway: dropped, and nothing breaks
    assert table.state is state and list(table.match.actions) == lines
    if change == "closed":
        assert tid not in room.tables
        return
    assert room.store.tables()[0]["lines"] == [str(a) for a in lines]
    if change == "new game":  # the new game's bot thinks again, at its time
        play_own_seat(room, {0: ann}, tid, steps=40)
        clock.t += room.wake_in(tid)
        room.tick(tid)
        assert len(asked) == 2 and asked[1].wanted()


def test_a_server_started_again_works_the_bots_step_out_again(
    search_hard, tmp_path, room, clock, asked
):
    """The server stops while a bot's step is being worked out (its answer never comes): the
    class started again from its store has no step waiting, and the bot thinks again at its
    time."""
    tid, ann = hard_table(room)
    to_the_bots_turn(room, clock, tid, ann)
    lines = list(room.tables[tid].lines)
    room.store.close()  # its server is gone
    again = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(7))
    asked_again: list[Asked] = []
    again.decide = lambda work, then, wanted, who: asked_again.append(
        Asked(work, then, wanted, who)
    )
    table = again.tables[tid].table
    assert [str(a) for a in table.match.actions] == lines
    clock.t += again.wake_in(tid)
    again.tick(tid)
    assert len(asked_again) == 1
    step = asked_again[0].work()
    asked_again[0].then(step)
    assert [str(a) for a in table.match.actions[len(lines) : len(lines) + len(step)]] == step
    assert again.store.tables()[0]["lines"][: len(lines) + len(step)] == lines + step


def test_the_first_table_with_a_thinking_bot_starts_the_processes_before_its_first_step(
    search_hard, room, clock, asked
):
    """Making a table whose "hard" seat thinks starts the server's processes (and loads the
    bot there) at once, once for each kind of game: its bot's first step does not wait for
    them."""
    from kaskaria.bots import prepare_strong_bot

    warmed: list[Any] = []
    room.think = lambda work, then, wanted, who: warmed.append((work, who))
    t = teacher(room)
    t.say(type="create", game="heroes", players=2, level="easy")
    assert warmed == []
    for _ in range(3):
        t.say(type="create", game="heroes", players=2, level="hard")
    assert len(warmed) == 1
    work, who = warmed[0]
    assert work.func is prepare_strong_bot and who is None
    work()  # loads nothing, imports the bot
    # a table whose "hard" is not the search bot (four players, the brave rules) warms nothing
    t.say(type="create", game="heroes", players=4, variant="brave", level="hard")
    assert len(warmed) == 1


def quick_step(table) -> list[str]:
    """The step the game's quick "hard" bot makes here (with the numbers the table gives it)."""
    match = table.match
    start = len(match.actions)
    rngs = lambda i: np.random.default_rng([match.seed, start + i, 1])  # noqa: E731
    joins = getattr(presenter_for(table.game), "joins", None)
    step = bot_step(table.state, quick_bot(table.game), rngs, joins)
    return [str(a) for a in step]


@pytest.mark.parametrize(
    "answer",
    [no_answer(), busy_answer(), None, ["not a move"], [], "roll"],
    ids=["failed", "busy", "nothing", "unreadable", "empty", "not a list"],
)
def test_a_failed_or_refused_answer_lets_the_quick_bot_make_that_move(
    search_hard, room, clock, asked, answer
):
    tid, ann = hard_table(room)
    table = room.tables[tid].table
    to_the_bots_turn(room, clock, tid, ann)
    expected = quick_step(table)
    moved = len(table.match.actions)
    shown = ann.views()[-1]["version"]
    asked[0].then(answer)
    assert [str(a) for a in table.match.actions[moved : moved + len(expected)]] == expected
    assert ann.views()[-1]["version"] > shown


def test_a_lost_answer_lets_the_quick_bot_move_once_the_table_waited_long_enough(
    search_hard, room, clock, asked
):
    """The room's processes stopped with the step waiting (its answer never comes): past
    DECIDE_MOST seconds of the table's clock the quick bot makes it; the table never stops."""
    tid, ann = hard_table(room)
    table = room.tables[tid].table
    to_the_bots_turn(room, clock, tid, ann)
    until = clock.t + DECIDE_MOST
    assert room.wake_in(tid) == pytest.approx(DECIDE_MOST)
    t = teacher(room)
    t.say(type="pace", table=tid, seconds=1.2)  # a change of the table meanwhile: still waits
    assert room.wake_in(tid) == pytest.approx(until - clock.t)
    moved = len(table.match.actions)
    clock.t = until - 1.0
    room.tick(tid)
    assert len(table.match.actions) == moved and len(asked) == 1
    expected = quick_step(table)
    clock.t += 1.0
    room.tick(tid)
    assert [str(a) for a in table.match.actions[moved : moved + len(expected)]] == expected
    asked[0].then(asked[0].work())  # the lost answer after all: dropped
    assert [str(a) for a in table.match.actions[moved:]][: len(expected)] == expected


# -- in the server's own processes -----------------------------------------------------------
class GatedBot(Bot):
    """A stand-in thinking bot: it waits until the file ``gate`` exists (in whatever process it
    decides), writes its process's id beside it, then plays the first legal move."""

    name = "gated"
    game = "heroes"

    def __init__(self, gate: str, seconds: float | None = None) -> None:
        self.gate = gate
        self.seconds = seconds

    @property
    def params(self) -> dict[str, Any]:
        return {"seconds": self.seconds}

    def decide(self, view, rng):
        while not os.path.exists(self.gate):
            time.sleep(0.005)
        Path(self.gate + ".pid").write_text(str(os.getpid()))
        return view.legal_actions()[0]


class FirstMoveBot(GatedBot):
    """A stand-in thinking bot that plays the first legal move at once (the same every time)."""

    name = "first"

    def decide(self, view, rng):
        return view.legal_actions()[0]


class CrashingBot(GatedBot):
    """A stand-in thinking bot whose process dies as it decides."""

    name = "crashing"

    def decide(self, view, rng):
        os._exit(3)


def seat_stand_in(monkeypatch, bot: type[GatedBot], gate: Path) -> None:
    """``bot`` is Heroes' strongest bot, "hard" at tables for two."""
    spec = BotSpec(
        bot.name,
        functools.partial(bot, str(gate)),
        params={"seconds": "a time limit"},
        defaults={"seconds": None},
        listed=False,
    )
    bots._specs("heroes")
    monkeypatch.setitem(bots._BOTS["heroes"], bot.name, spec)
    monkeypatch.setitem(bots._STRONG, "heroes", bot.name)
    monkeypatch.setitem(bots._STRONG_AT, "heroes", frozenset({(2, "basic")}))


async def until(check) -> None:
    while not check():
        await asyncio.sleep(0.005)


def test_while_a_bot_thinks_in_a_process_other_tables_and_the_teacher_are_answered(
    monkeypatch, tmp_path, clock
):
    gate = tmp_path / "gate"
    seat_stand_in(monkeypatch, GatedBot, gate)
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(99))
    server = ClassServer(room, port=0)
    workers = server.hint_workers
    assert room.decide == workers.decide

    async def run() -> dict:
        workers.start(warm=False)
        tid, ann = hard_table(room)
        table = room.tables[tid].table
        to_the_bots_turn(room, clock, tid, ann)
        moved = len(table.match.actions)
        await until(lambda: workers._running == 1)  # the bot decides in a process
        # another table: Ben makes a move and is answered; the teacher makes a table
        t = teacher(room)
        t.say(type="create", game="dragon-battle", players=2, level="easy")
        other = max(room.tables)
        ben = pupil(room, "Ben")
        ben.say(type="sit", table=other, seat=0)
        seen = len(ben.views())
        play_own_seat(room, {0: ben}, other, steps=1)
        answered = len(ben.views()) > seen and len(room.tables[other].table.match.actions) > 0
        still = len(table.match.actions) == moved and prompt_of(ann).endswith(THINKING)
        shown = ann.views()[-1]["version"]
        gate.touch()
        await until(lambda: len(table.match.actions) > moved)
        return {
            "answered": answered,
            "still": still,
            "pid": int(Path(str(gate) + ".pid").read_text()),
            "made": str(table.match.actions[moved]),
            "first": str(table.match.states[moved].legal_actions()[0]),
            "shown": ann.views()[-1]["version"] > shown,
        }

    try:
        got = run_async(run())
    finally:
        server.stop()
    assert got["answered"] and got["still"]
    assert got["pid"] != os.getpid()
    assert got["made"] == got["first"] and got["shown"]


def test_a_bot_whose_process_crashes_leaves_the_move_to_the_quick_bot_and_play_goes_on(
    monkeypatch, tmp_path, clock
):
    seat_stand_in(monkeypatch, CrashingBot, tmp_path / "gate")
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=clock, seeds=counter(99))
    server = ClassServer(room, port=0)
    workers = server.hint_workers

    async def run() -> list[tuple[list[str], list[str]]]:
        workers.start(warm=False)
        tid, ann = hard_table(room)
        table = room.tables[tid].table
        steps = []
        for _ in range(2):  # the dead process is replaced: the next step is handed on again
            to_the_bots_turn(room, clock, tid, ann)
            expected = quick_step(table)
            moved = len(table.match.actions)
            await until(lambda: len(table.match.actions) > moved)  # noqa: B023
            steps.append(([str(a) for a in table.match.actions[moved:]], expected))
        return steps

    try:
        steps = run_async(run())
    finally:
        server.stop()
    for made, expected in steps:
        assert made[: len(expected)] == expected
    assert server.hint_workers.pools == 2


# -- whatever happens meanwhile --------------------------------------------------------------
EVENTS = st.lists(
    st.one_of(
        st.tuples(st.just("tick"), st.floats(0.0, 1.0)),
        st.tuples(st.just("answer"), st.sampled_from(["work", "busy", "failed"])),
        st.tuples(st.just("lose"), st.just(None)),
        st.tuples(st.just("seat"), st.sampled_from(["hard", "medium"])),
        st.tuples(st.just("new game"), st.integers(1, 3)),
        st.tuples(st.just("move"), st.integers(0, 9)),
    ),
    max_size=25,
)


@settings(max_examples=50, deadline=None)
@given(EVENTS)
def test_a_thinking_bots_table_never_stops_and_makes_only_answers_to_where_it_is(events):
    """Whatever comes in whatever order (the table's time, answers worked out or refused, answers
    lost, another bot in the seat, a new game, the person's moves): at most one step is wanted
    at a time, an answer changes the table only at the position it was asked for, and once the
    person has nothing to do the bots move on without any answer, within two of the table's
    wake-ups."""
    from kaskaria.tables import Table, new_match

    with pytest.MonkeyPatch.context() as monkeypatch:
        seat_stand_in(monkeypatch, FirstMoveBot, Path("unused"))
        clock = Clock()
        table = Table(new_match("heroes", 2, "basic", 7)[0], ["hard", "human"], clock=clock)
        pending: list[tuple[Any, Any, Any, Any]] = []
        table.mover = lambda work, done, wanted: pending.append((work, done, wanted, table.state))
        for kind, value in events:
            if kind == "tick":  # the table's next wake-up, or a moment
                clock.t += value if table.wake_in() is None else table.wake_in()
                table.tick()
            elif kind in ("answer", "lose") and pending:
                work, done, wanted, asked_at = pending.pop(0)
                if kind == "lose":
                    continue
                before = table.state
                answer = {"work": work, "busy": busy_answer, "failed": no_answer}[value]()
                done(answer)
                if before is not asked_at:
                    assert table.state is before  # dropped
            elif kind == "seat":
                table.set_seat(0, value)
            elif kind == "new game":
                table.new_game(value)
            elif kind == "move" and table.people == [table.state.current_player()]:
                legal = table.state.legal_actions()
                if legal:
                    table.act(legal[value % len(legal)])
            assert sum(1 for *_, wanted, _ in pending if wanted()) <= 1
        # the answers never come: the bots move on all the same
        for _ in range(20):
            player = table.state.current_player()
            if player < 0 and table.state.is_terminal():
                break
            if not table.is_bot(player) and player >= 0:
                table.act(table.state.legal_actions()[0])
                continue
            state = table.state
            for _ in range(2):
                if table.state is state:
                    clock.t += table.wake_in()
                    table.tick()
            assert table.state is not state


def test_the_processes_take_a_bots_move_before_a_question_in_turns_and_never_as_a_pupils():
    """A bot's move waits for a free process like a question, but goes before a question (in
    the order the moves came; never two moves in a row while a question waits, so questions keep
    half of the processes), with its whole budget; past ``moves`` waiting it hears "busy"
    at once, and after ``wait_most`` seconds of waiting too (its table's quick bot moves then);
    it is nobody's use, so the pupils' turns stay as they were."""
    from test_class_hints import FakePool, NowLoop

    clock = Clock()
    workers = HintWorkers(workers=1, queue=6, moves=2, use=Use(clock=clock), wait_most=5.0)
    pool = FakePool()
    workers._pool_now = lambda: pool  # type: ignore[method-assign]
    workers._loop = NowLoop()  # type: ignore[assignment]
    heard: dict[str, list[object]] = {}

    def ask(name: str, value: int, move: bool = False) -> None:
        heard[name] = []
        work = functools.partial(operator.add, value, 0)
        if move:
            workers.decide(work, heard[name].append, who=("table", name))
        else:
            workers.think(work, heard[name].append, who=name)

    ask("ann", 1)  # runs at once
    ask("ben", 2)
    ask("t1", 11, move=True)
    ask("t2", 12, move=True)
    ask("t3", 13, move=True)  # a third move waiting: too many, its table's quick bot moves
    assert isinstance(heard["t3"][0], Refused) and heard["t3"][0].refusal.reason == "hints_busy"
    assert workers.moves_refused == 1
    handed = []
    for _ in range(4):  # each piece finished in turn: the next is handed on
        work, share = pool.asked()
        handed.append((work(), share))
        pool.handed[-1][1].set_result(pool.handed[-1][0]())
    # a move went before Ben's question, then his question before the second move (turns),
    # the moves with their whole budget
    assert handed == [(1, 1.0), (11, 1.0), (2, 1.0), (12, 1.0)]
    assert workers.use("ann") >= LEAST_USE
    assert heard["t1"] == [11] and heard["t2"] == [12] and heard["ben"] == [2]
    assert workers.use(("table", "t1")) == 0.0  # a bot's move is nobody's use
    # a move that waited wait_most seconds hears "busy" (its table does not wait any longer)
    ask("cleo", 3)
    ask("t4", 14, move=True)
    clock.t += 5.0
    workers._drop_late()
    assert isinstance(heard["t4"][0], Refused) and workers.moves_refused == 2
