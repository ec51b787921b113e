"""The class server's hints, worked out in processes of their own (kaskaria/classroom/thinker.py).

A hint's search runs in another process (its pid is not the server's) at a lower priority; the
server's event loop goes on meanwhile. A question crosses as plain data, the words come back in
every language at once (a pupil switching languages starts no new work), a pupil has one question
worked out at a time, and a process that dies is replaced: the pupil waiting hears "There is no
hint for this moment" and the next hint works. Everything runs on this computer; the work that
waits here waits for a file the test writes, never for a time.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import json
import operator
import os
import signal
import time
from pathlib import Path

import pytest
from class_support import run_async
from hypothesis import given, settings
from hypothesis import strategies as st
from test_class_room import Clock, advice_held, ann_and_ben_at, counter

from kaskaria import hints
from kaskaria.classroom.room import ClassRoom
from kaskaria.classroom.server import ClassServer
from kaskaria.classroom.thinker import LEAST_USE, HintWorkers, Use, _worked
from kaskaria.tables.words import Refused


def wait_for(path: str) -> str:
    """Work that waits until ``path`` exists (in the hint process), then says so."""
    while not os.path.exists(path):
        time.sleep(0.005)
    return "done"


async def outcome_of(workers: HintWorkers, work) -> object:
    """What ``work`` gives, handed to ``workers`` and waited for on the event loop."""
    outcomes: list[object] = []
    workers.think(work, outcomes.append)
    while not outcomes:
        await asyncio.sleep(0.005)
    return outcomes[0]


async def until(check) -> None:
    while not check():
        await asyncio.sleep(0.005)


def test_a_hint_is_worked_out_in_another_process_while_the_loop_goes_on(tmp_path):
    workers = HintWorkers(workers=1, wait_most=600.0)
    gate = tmp_path / "gate"

    async def run() -> tuple[int, int, object]:
        workers.start()
        pid = await outcome_of(workers, os.getpid)
        nice = await outcome_of(workers, functools.partial(os.nice, 0))
        outcomes: list[object] = []
        workers.think(functools.partial(wait_for, str(gate)), outcomes.append)
        turns = 0
        while not outcomes:
            await asyncio.sleep(0.001)  # the loop is free while the work waits
            turns += 1
            if turns == 5:
                gate.touch()
        assert turns >= 5
        return pid, nice, outcomes[0]

    try:
        pid, nice, outcome = run_async(run())
    finally:
        workers.stop()
    assert isinstance(pid, int) and pid != os.getpid()
    assert nice >= os.nice(0) + min(workers.nice, 19 - os.nice(0))  # a lower priority
    assert outcome == "done"


def test_work_asked_before_the_server_started_is_done_once_it_starts():
    workers = HintWorkers(workers=1, wait_most=600.0)
    outcomes: list[object] = []
    workers.think(functools.partial(operator.add, 2, 3), outcomes.append)
    assert outcomes == []

    async def run() -> None:
        workers.start()
        await until(lambda: outcomes)

    try:
        run_async(run())
    finally:
        workers.stop()
    assert outcomes == [5]


def test_past_the_queue_the_asker_hears_at_once_that_hints_are_busy(tmp_path):
    # (no question waits long enough here to hear "busy" for its wait: a process starting on a
    # busy machine can take seconds)
    workers = HintWorkers(workers=1, queue=2, wait_most=600.0)
    gate = tmp_path / "gate"
    outcomes: list[object] = []

    async def run() -> list[object]:
        workers.start()
        for who in ("ann", "ben", "cleo"):
            workers.think(functools.partial(wait_for, str(gate)), outcomes.append, who=who)
        busy = list(outcomes)  # answered at once, before any work ran
        gate.touch()
        await until(lambda: len(outcomes) == 3)
        again = await outcome_of(workers, functools.partial(operator.add, 1, 1))
        return [*busy, again]

    try:
        (refused, again) = run_async(run())
    finally:
        workers.stop()
    assert isinstance(refused, Refused) and refused.refusal.reason == "hints_busy"
    assert refused.refusal.text(None, 0, "de") == (
        "Gerade werden viele Tipps ausgerechnet: Frag gleich noch einmal."
    )
    assert outcomes.count("done") == 2 and again == 2


def test_a_killed_hint_process_says_no_hint_and_the_next_hint_works(tmp_path):
    workers = HintWorkers(workers=1, wait_most=600.0)
    gate = tmp_path / "gate"

    async def run() -> tuple[int, object, int]:
        workers.start()
        pid = await outcome_of(workers, os.getpid)
        outcomes: list[object] = []
        workers.think(functools.partial(wait_for, str(gate)), outcomes.append)
        os.kill(pid, signal.SIGKILL)
        await until(lambda: outcomes)
        after = await outcome_of(workers, os.getpid)
        return pid, outcomes[0], after

    try:
        pid, waited, after = run_async(run())
    finally:
        workers.stop()
    assert isinstance(waited, Refused) and waited.refusal.reason == "hint_none"
    assert waited.refusal.text(None, 0, "en") == "There is no hint for this moment."
    assert isinstance(after, int) and after not in (pid, os.getpid()) and workers.pools == 2


def test_work_that_fails_unforeseen_says_no_hint_and_is_logged(caplog):
    import logging

    workers = HintWorkers(workers=1, wait_most=600.0)

    async def run() -> object:
        workers.start()
        return await outcome_of(workers, functools.partial(int, "not a number"))

    with caplog.at_level(logging.ERROR, logger="kaskaria.classroom"):
        try:
            outcome = run_async(run())
        finally:
            workers.stop()
    assert isinstance(outcome, Refused) and outcome.refusal.reason == "hint_none"
    assert "a hint could not be worked out" in caplog.text


def test_class_hints_come_from_the_servers_processes_in_every_language_once(tmp_path: Path):
    """Ann asks for a hint at a Heroes table (Ben's hand hidden from her): the words are the
    library's from her seat's view, reach her device alone, and switching language and asking
    again and again starts no new work."""
    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=Clock(), seeds=counter(99))
    room.hints = True
    server = ClassServer(room, port=0)
    assert room.think == server.hint_workers.think
    workers = server.hint_workers

    async def run() -> dict:
        workers.start()
        _, tid, ann, ben = ann_and_ben_at(room, "heroes", 2)
        table = room.tables[tid].table
        state = table.state
        taken = workers.taken
        ann.say(type="table", msg={"type": "hint"})
        assert advice_held(ann)["text"] == "Working it out…"
        for lang in ("de", "en", "de"):
            ann.say(type="lang", lang=lang)
            ann.say(type="table", msg={"type": "hint"})
        assert workers.taken == taken + 1
        await until(
            lambda: advice_held(ann)["text"] not in ("Working it out…", "Wird ausgerechnet …")
        )
        german = advice_held(ann)["text"]
        ann.say(type="lang", lang="en")
        english = advice_held(ann)["text"]
        assert workers.taken == taken + 1  # the kept words, no new work
        return {
            "de": german,
            "en": english,
            "expected": {lg: hints.hint(state, 0, lg).text for lg in ("en", "de")},
            "ben": ben.text(),
            "kept": table.advice_kept[(0, "hint")].texts,
        }

    try:
        got = run_async(run())
    finally:
        server.stop()
    assert got["expected"] == {"en": got["en"], "de": got["de"]} == got["kept"]
    assert got["en"] not in got["ben"] and got["de"] not in got["ben"]


def test_the_hint_processes_end_with_the_server_however_it_ends(tmp_path: Path):
    """A server killed outright (no clean stop) leaves no hint process behind: each watches the
    server and ends with it (else it would hold the server's output open, and a core)."""
    from class_support import ServerProcess

    server = ServerProcess(tmp_path / "class.sqlite3", extra=("--hints",)).start()
    assert server.proc is not None
    pid = server.proc.pid

    def children() -> list[int]:
        found = []
        for entry in Path("/proc").iterdir():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
        return found

    for _ in range(600):  # the hint process starts with the server
        workers = children()
        if workers:
            break
        time.sleep(0.05)
    assert workers
    server.proc.kill()
    server.proc.wait()
    assert server.proc.stdout is not None
    assert isinstance(server.proc.stdout.read(), str)  # the end of the output: nobody holds it
    for _ in range(600):
        alive = [w for w in workers if Path(f"/proc/{w}").exists()]
        if not alive:
            break
        time.sleep(0.05)
    assert alive == []


def test_work_waits_for_a_free_process_and_is_skipped_if_nobody_wants_it_then(tmp_path):
    workers = HintWorkers(workers=1, wait_most=600.0)
    gate = tmp_path / "gate"
    wanted = {"sum": True, "product": True}
    outcomes: dict[str, object] = {}

    async def run() -> None:
        workers.start()
        workers.think(functools.partial(wait_for, str(gate)), lambda o: outcomes.update(wait=o))
        workers.think(
            functools.partial(operator.add, 2, 3),
            lambda o: outcomes.update(sum=o),
            lambda: wanted["sum"],
        )
        workers.think(
            functools.partial(operator.mul, 2, 3),
            lambda o: outcomes.update(product=o),
            lambda: wanted["product"],
        )
        assert workers.handed == 1  # the others wait on the server for the one process
        wanted["sum"] = False  # (the pupil moved on meanwhile)
        gate.touch()
        await until(lambda: len(outcomes) == 3)

    try:
        run_async(run())
    finally:
        workers.stop()
    assert outcomes["wait"] == "done" and outcomes["product"] == 6
    refused = outcomes["sum"]
    assert isinstance(refused, Refused) and refused.refusal.reason == "hint_none"
    assert workers.skipped == 1 and workers.handed == 2


@pytest.mark.parametrize(
    ("lang", "went_on"),
    [
        ("en", "The game went on: ask again."),
        ("de", "Das Spiel ist weitergegangen: Frag noch einmal."),
    ],
)
def test_a_pupil_who_moved_on_before_the_answer_is_not_told_of_it_while_another_decides(
    tmp_path: Path, lang: str, went_on: str
):
    """Ann presses Hint and plays her move before the answer comes: while Ben decides her
    screen shows neither "Working it out…" nor, when the answer comes late, "The game went on"
    (a sentence that stayed through Ben's whole turn, with no Hint button to ask again);
    the late answer is not shown either."""
    from kaskaria.tables.advice import work_out

    room = ClassRoom(str(tmp_path / "class.sqlite3"), clock=Clock(), seeds=counter(99))
    asked: list = []
    room.think = lambda work, then, wanted, who: asked.append((work, then, wanted))
    room.hints = True
    _, tid, ann, ben = ann_and_ben_at(room, "heroes", 2)
    ann.say(type="lang", lang=lang)
    ann.say(type="table", msg={"type": "hint"})
    work, then, wanted = asked[-1]
    view = [v for v in ann.views() if "moves" in v["parts"]][-1]
    action = view["parts"]["moves"]["actions"][0]["action"]
    ann.say(type="table", msg={"type": "action", "action": action})
    # her move answers the question she asked: no "Working it out…" left while Ben decides
    assert advice_held(ann)["text"] == ""
    assert not wanted()
    seen = len(ann.got)
    then(work_out(work))
    late = ann.got[seen:]
    assert went_on not in json.dumps(late, ensure_ascii=False)
    assert advice_held(ann)["text"] == ""
    assert went_on not in json.dumps(ben.got, ensure_ascii=False)


def test_a_pupil_who_asks_now_and_then_is_not_kept_waiting_by_one_who_asks_at_every_move(tmp_path):
    """Turns are fair between askers: with the queue full of one pupil's questions, another
    pupil's question takes the place of that pupil's newest (which hears "busy"), and a free
    process takes the work of the asker who used the processes least lately, not the oldest."""
    workers = HintWorkers(workers=1, queue=3, wait_most=600.0)
    gate = tmp_path / "gate"
    order: list[str] = []
    outcomes: dict[str, object] = {}

    def note(name: str):
        def then(outcome: object) -> None:
            order.append(name)
            outcomes[name] = outcome

        return then

    async def run() -> None:
        workers.start()
        workers.think(functools.partial(wait_for, str(gate)), note("a1"), who="a")
        workers.think(functools.partial(operator.add, 1, 1), note("a2"), who="a")
        workers.think(functools.partial(operator.add, 1, 2), note("a3"), who="a")
        workers.think(functools.partial(operator.add, 2, 2), note("b1"), who="b")  # full: a3 goes
        workers.think(functools.partial(operator.add, 3, 3), note("a4"), who="a")  # full: busy
        gate.touch()
        await until(lambda: len(outcomes) == 5)

    try:
        run_async(run())
    finally:
        workers.stop()
    for pushed in ("a3", "a4"):
        refused = outcomes[pushed]
        assert isinstance(refused, Refused) and refused.refusal.reason == "hints_busy", pushed
    assert outcomes["a1"] == "done" and outcomes["b1"] == 4 and outcomes["a2"] == 2
    # a3 and a4 heard "busy" at once; b was served before a's waiting question
    assert order == ["a3", "a4", "a1", "b1", "a2"]


class FakePool:
    """Hint processes that run nothing until the test finishes a piece: what was handed on, in
    order (the work, as :func:`_worked` runs it with the share of its search), each with the
    future the test completes."""

    def __init__(self) -> None:
        self.handed: list[tuple[functools.partial, concurrent.futures.Future]] = []

    def submit(self, run, *args) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.handed.append((functools.partial(run, *args), future))
        return future

    def asked(self, i: int = -1) -> tuple[object, float]:
        """The work handed on ``i``-th (the asker's own) and the share of its search."""
        work, share = self.handed[i][0].args
        return work, share

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def test_use_counts_the_processor_seconds_at_least_a_second_and_halves_every_half_life():
    clock = Clock()
    use = Use(half_life=60.0, clock=clock)
    outcomes: list[object] = []
    assert use("ann") == 0.0 and use(None) == 0.0 and LEAST_USE == 1.0
    then = use.counting("ann", outcomes.append)
    clock.t += 5.0  # waiting for a free process: a second for the question, not the wait
    assert use("ann") == 1.0
    then.worked = 3.0  # the processor seconds its process gave it
    then("answer")
    assert outcomes == ["answer"] and use("ann") == 3.0
    use.counting("ann", outcomes.append)("busy")  # answered at once: a second all the same
    assert use("ann") == 4.0
    quick = use.counting("ann", outcomes.append)
    quick.worked = 0.2
    quick("answer")  # worked out in a fifth of a second: a second too
    assert use("ann") == 5.0
    use.counting(None, outcomes.append)("x")  # nobody: not counted
    clock.t += 60.0
    assert use("ann") == pytest.approx(2.5)
    clock.t += 120.0
    assert use("ann") == pytest.approx(0.625)
    assert use("ben") == 0.0


@pytest.mark.parametrize("pests", [3, 20])
def test_a_flood_from_many_nicknames_never_keeps_a_rare_asker_waiting(pests: int):
    """``pests`` pupils each ask again the moment their answer comes (every piece takes a
    second). Once each has been served, a pupil who asks now and then (every 5 s) is handed on
    as soon as the running piece is done, before every pest waiting; when the queue is full, a
    pest's question gives her its place (that pest hears "busy"), she never does."""
    clock = Clock()
    workers = HintWorkers(workers=1, queue=6, use=Use(clock=clock))
    pool = FakePool()
    workers._pool_now = lambda: pool  # type: ignore[method-assign]
    outcomes: dict[str, list[object]] = {"ann": [], "pest": []}
    later: list[str] = []  # pests who heard "busy": they ask again after the next piece

    def pest_asks(name: str) -> None:
        def then(outcome: object) -> None:
            outcomes["pest"].append(outcome)
            if isinstance(outcome, Refused):
                later.append(name)
            else:
                pest_asks(name)  # at once, again

        workers.think(functools.partial(operator.add, 0, 0), then, who=name)

    def more_than(handed: int):
        return lambda: len(pool.handed) > handed

    async def run() -> list[bool]:
        workers.start(warm=False)
        for i in range(pests):
            pest_asks(f"pest{i}")
        next_is_hers = []
        for piece in range(pests + 50):
            asks = piece >= pests and piece % 5 == 0
            if asks:
                workers.think(
                    functools.partial(operator.add, 1, 1), outcomes["ann"].append, who="ann"
                )
            clock.t += 1.0  # the piece running takes a second
            work, future = pool.handed[-1]
            future.set_result(work())
            await until(more_than(len(pool.handed)))
            if asks:
                next_is_hers.append(pool.asked()[0].args == (1, 1))
            again, later[:] = list(later), []
            for name in again:
                pest_asks(name)
        return next_is_hers

    try:
        next_is_hers = run_async(run())
    finally:
        workers.stop()
    assert next_is_hers == [True] * 10
    assert outcomes["ann"] == [2] * 10
    busy = [o for o in outcomes["pest"] if isinstance(o, Refused)]
    assert all(o.refusal.reason == "hints_busy" for o in busy)
    if pests < 6:  # room for everyone: nobody hears "busy"
        assert busy == [] and workers.late == 0
    else:  # a full queue: each time she asks, a pest gives up its place to her
        assert len(busy) >= 10


class SlowComputer:
    """A hint process on a busy computer: each piece takes ``wall`` seconds on the clock but
    only ``cpu`` seconds of the processor (the rest it waits for a core)."""

    def __init__(self, clock: Clock, wall: float, cpu: float) -> None:
        self.clock, self.wall, self.cpu = clock, wall, cpu

    def finish(self, pool: FakePool, i: int = -1) -> None:
        work, future = pool.handed[i]
        outcome, _ = work()
        self.clock.t += self.wall
        future.set_result((outcome, self.cpu))


def test_a_slow_computer_does_not_make_a_pupil_whose_hints_were_answered_look_busy():
    """On a busy computer Ann's answered hints took 4 s each on the clock, though only 0.3 s of
    the processor; twenty pests asked four times each, most heard "busy". Ann has had two
    answers: her third question still goes before every pest's, and a full queue gives a pest's
    place to her, not hers to a pest (counting the seconds on the clock, she would have looked
    busier than the pests: 8 s against their 4)."""
    clock = Clock()
    workers = HintWorkers(workers=1, queue=6, use=Use(clock=clock))
    pool = FakePool()
    workers._pool_now = lambda: pool  # type: ignore[method-assign]
    slow = SlowComputer(clock, wall=4.0, cpu=0.3)
    ann: list[object] = []
    pests: list[object] = []

    async def run() -> None:
        workers.start(warm=False)
        for _ in range(2):
            workers.think(functools.partial(operator.add, 1, 1), ann.append, who="ann")
            slow.finish(pool)
            await until(lambda: len(ann) == len(pool.handed))
        for _ in range(4):
            for i in range(20):
                workers.think(functools.partial(operator.add, 0, i), pests.append, who=f"p{i}")
        assert len(pests) == 4 * 20 - 6  # the queue of six holds the first six
        assert workers.use("ann") < min(workers.use(f"p{i}") for i in range(1, 6))
        workers.think(functools.partial(operator.add, 2, 2), ann.append, who="ann")
        slow.finish(pool)  # the pest's piece running
        await until(lambda: len(pool.handed) == 4)

    try:
        run_async(run())
    finally:
        workers.stop()
    assert ann == [2, 2]
    assert pool.asked()[0].args == (2, 2)  # hers goes next, before the five pests' waiting
    busy = [o for o in pests if isinstance(o, Refused)]
    assert all(o.refusal.reason == "hints_busy" for o in busy)
    # p0's answer; one more pest heard "busy", giving its place in the queue to Ann
    assert [o for o in pests if not isinstance(o, Refused)] == [0]
    assert len(busy) == 4 * 20 - 6 + 1


def test_a_question_that_waited_too_long_hears_busy_then_and_work_nobody_asked_stays():
    """A question that waited ``wait_most`` seconds for a free process hears "busy" then (not
    its answer too late); the piece running goes on, and a table's bot warming up (nobody's
    question) waits for its turn however long."""
    clock = Clock()
    workers = HintWorkers(workers=1, queue=6, use=Use(clock=clock), wait_most=5.0)
    pool = FakePool()
    workers._pool_now = lambda: pool  # type: ignore[method-assign]
    said: dict[str, list[object]] = {"ann": [], "ben": [], "cleo": [], "bot": []}

    async def run() -> None:
        workers.start(warm=False)
        workers.think(functools.partial(operator.add, 1, 1), said["ann"].append, who="ann")
        workers.think(functools.partial(operator.add, 2, 2), said["ben"].append, who="ben")
        workers.think(functools.partial(operator.add, 0, 0), said["bot"].append, who=None)
        clock.t += 4.9
        workers._drop_late()
        assert said["ben"] == []  # not yet
        clock.t += 0.1
        workers.think(functools.partial(operator.add, 3, 3), said["cleo"].append, who="cleo")
        work, future = pool.handed[-1]
        future.set_result(work())
        await until(lambda: len(pool.handed) == 2)
        assert workers.use("ben") == LEAST_USE  # a second, as for any "busy"

    try:
        run_async(run())
    finally:
        workers.stop()
    assert [o.refusal.reason for o in said["ben"]] == ["hints_busy"]  # type: ignore[attr-defined]
    assert said["ann"] == [2] and said["cleo"] == [] and workers.late == 1
    assert pool.asked()[0].args == (0, 0)  # the bot's warming, waiting since Ben asked, goes on


def test_a_question_held_up_only_by_the_processes_getting_ready_says_so_not_busy():
    """A class's first question on a busy computer waits behind a table's bot warming up
    (nobody's question): after ``wait_most`` seconds it hears that the hints are still getting
    ready, not that many hints are being worked out; behind another pupil's question, "busy"."""
    clock = Clock()
    workers = HintWorkers(workers=1, queue=6, use=Use(clock=clock), wait_most=5.0)
    pool = FakePool()
    workers._pool_now = lambda: pool  # type: ignore[method-assign]
    said: dict[str, list[object]] = {"ann": [], "ben": [], "bot": []}

    async def run() -> None:
        workers.start(warm=False)
        workers.think(functools.partial(operator.add, 0, 0), said["bot"].append, who=None)
        workers.think(functools.partial(operator.add, 1, 1), said["ann"].append, who="ann")
        clock.t += 5.0
        workers._drop_late()
        # the warm-up done, Ann asks again: her question runs, and Ben's waits behind it
        work, future = pool.handed[-1]
        future.set_result(work())
        await until(lambda: said["bot"] == [0])
        workers.think(functools.partial(operator.add, 2, 2), said["ann"].append, who="ann")
        workers.think(functools.partial(operator.add, 3, 3), said["ben"].append, who="ben")
        clock.t += 5.0
        workers._drop_late()

    try:
        run_async(run())
    finally:
        workers.stop()
    (first,) = said["ann"]  # (her second question is still being worked out)
    assert first.refusal.reason == "hints_ready"  # type: ignore[attr-defined]
    assert first.refusal.text(None, 0, "en") == (  # type: ignore[attr-defined]
        "The hints are still getting ready: ask again in a moment."
    )
    assert first.refusal.text(None, 0, "de") == (  # type: ignore[attr-defined]
        "Die Tipps werden noch vorbereitet: Frag gleich noch einmal."
    )
    # Ben waited behind Ann's question: that is "busy"
    assert [o.refusal.reason for o in said["ben"]] == ["hints_busy"]  # type: ignore[attr-defined]


def test_while_questions_wait_the_one_handed_on_searches_with_a_smaller_share():
    """The piece handed on with nothing waiting gets its whole search; with one, two, three or
    more waiting, a half, a third, then a quarter at least."""
    workers = HintWorkers(workers=1, queue=8, use=Use(clock=Clock()))
    pool = FakePool()
    workers._pool_now = lambda: pool  # type: ignore[method-assign]

    async def run() -> None:
        workers.start(warm=False)
        workers.think(functools.partial(operator.add, 0, 0), lambda _: None, who="a")
        for i in range(6):
            workers.think(functools.partial(operator.add, 1, i), lambda _: None, who=f"p{i}")
        for handed in range(2, 8):
            work, future = pool.handed[-1]
            future.set_result(work())
            await until(lambda handed=handed: len(pool.handed) == handed)

    try:
        run_async(run())
    finally:
        workers.stop()
    shares = [pool.asked(i)[1] for i in range(7)]
    assert shares == [1.0, 1 / 4, 1 / 4, 1 / 4, 1 / 3, 1 / 2, 1.0]
    assert workers.thinned == 5


def test_a_thinner_search_makes_fewer_playouts_and_its_sentence_says_how_many():
    """:func:`hints.thinner` gives a hint's search a share of its budget (at least 16 playouts):
    the hint is the search's own move, and its sentence quotes the playouts it made."""
    from kaskaria.heroes.search import full_budget

    assert hints.budget(None, 128) is None and hints.budget(50, 128) == 50
    with hints.thinner(0.25):
        assert hints.budget(None, 128) == 32 and hints.budget(None, 44) == 16
        assert hints.budget(None, 10) == 10 and hints.budget(50, 128) == 50
    for share in (0, 1.5, -1):
        with pytest.raises(ValueError, match="share must be more than 0 and at most 1, got"):
            with hints.thinner(share):
                pass
    import kaskaria

    state = kaskaria.setup("heroes", players=2, seed=4).state
    full = hints.hint(state)
    with hints.thinner(0.25):
        thin = hints.hint(state)
    assert full_budget(2) == 128
    assert sum(full.detail.playouts) == 128 and sum(thin.detail.playouts) == 32
    tried = thin.detail.playouts[thin.detail.actions.index(thin.action)]
    assert thin.action == thin.detail.best and f"In {tried} pretend games, " in thin.text
    # in a hint process: the words of the thinner search, and the processor seconds it took
    work = functools.partial(hints.hint_texts, state, 0, ("en",))
    words, seconds = _worked(work, 0.25)
    assert words == {"en": thin.text} and seconds > 0.0


class NowLoop:
    """An event loop stand-in that runs what is handed to it at once (timers: never; the test
    calls the check itself)."""

    def call_soon_threadsafe(self, run, *args) -> None:
        run(*args)

    def call_later(self, delay: float, run) -> None:
        pass


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("ask"), st.integers(0, 6)),
            st.tuples(st.just("finish"), st.integers(0, 1)),
            st.tuples(st.just("tick"), st.floats(0.0, 4.0)),
        ),
        max_size=60,
    )
)
def test_every_question_hears_once_and_none_waits_past_wait_most(steps):
    """Whatever the order of questions (seven askers), finished pieces and passing seconds: no
    more pieces wait or run than the queue holds, no more run than there are processes, none
    waits ``wait_most`` seconds past a check, each question hears exactly one outcome (its
    answer, or "busy") once everything is done, and an answer is its own work's."""
    clock = Clock()
    workers = HintWorkers(workers=2, queue=6, use=Use(clock=clock), wait_most=5.0)
    pool = FakePool()
    workers._pool_now = lambda: pool  # type: ignore[method-assign]
    workers._loop = NowLoop()  # type: ignore[assignment]
    heard: list[list[object]] = []
    finished = 0

    def finish() -> None:
        nonlocal finished
        work, future = pool.handed[finished]
        finished += 1
        future.set_result(work())

    for kind, value in steps:
        if kind == "ask":
            heard.append([])
            work = functools.partial(operator.add, len(heard), 0)
            workers.think(work, heard[-1].append, who=f"pupil{value}")
        elif kind == "finish" and finished < len(pool.handed):
            finish()
        elif kind == "tick":
            clock.t += value
            workers._drop_late()
        assert len(workers._waiting) + workers._running <= workers.queue
        assert workers._running <= workers.workers
        assert all(clock.t - p.since < workers.wait_most for p in workers._waiting)
        assert all(len(h) <= 1 for h in heard)
    while finished < len(pool.handed) or workers._waiting:
        if finished < len(pool.handed):
            finish()
        else:
            clock.t += workers.wait_most
            workers._drop_late()
    for i, outcome in enumerate(heard, start=1):
        assert len(outcome) == 1
        assert outcome[0] == i or (
            isinstance(outcome[0], Refused) and outcome[0].refusal.reason == "hints_busy"
        )
