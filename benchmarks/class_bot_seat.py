"""What a search bot seated as "hard" costs the other tables of a class server.

Heroes' search bot is the "hard" seat of two-player tables (``kaskaria.STRONG_AT_TABLES``); this
run seats it there at its whole budget (in the server's processes with the clock
``GUARD_SECONDS``), at ``--tables`` tables, each with a pupil who moves as soon as it is their
turn, and one more table (Dragon Battle, an easy bot) whose pupil moves every 50 ms of their turns. One class
server (the room, its hint processes and its event loop, in this process; the devices are
in-process, without sockets) runs for ``--seconds``, twice:

- ``loop``: the bots decide on the event loop (the room has no ``decide``), as they would without
  the server's processes;
- ``processes``: the bots' steps go to the server's processes (:meth:`HintWorkers.decide`).

For each run it prints the event loop's lateness (a 10 ms timer: how often it ran, p50/p95/max,
and the seconds it was held up more than 50 ms at a time, in all), the quick table's
pupil's move (from when it is sent to its view, including any wait for the loop) p50/p95/max, the
bots' steps made and those the quick bot made instead, and each thinking step's wait (handed on
to made) p50/p95/max; beside them, the machine's load average.

    python benchmarks/class_bot_seat.py                  # 3 search tables, 20 s a run
    python benchmarks/class_bot_seat.py --tables 5 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from typing import Any

import numpy as np

from kaskaria import bots
from kaskaria.classroom import devices
from kaskaria.classroom.room import ClassRoom
from kaskaria.classroom.server import ClassServer


class Screen:
    """An in-process device: what it was sent, and a message sent as a click."""

    def __init__(self, room: ClassRoom) -> None:
        self.room = room
        self.got: list[dict[str, Any]] = []
        self.device = devices.Device(send=self.got.append, close=lambda: None)

    def say(self, **message: Any) -> None:
        self.room.receive(self.device, json.dumps(message))

    def version(self) -> int:
        return int([m for m in self.got if m["type"] == "view"][-1]["version"])


def _ms(values: list[float]) -> str:
    if not values:
        return "    0      -      -      -"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{len(ordered):5} {statistics.median(ordered) * 1000:6.0f} {p95 * 1000:6.0f}"
        f" {ordered[-1] * 1000:6.0f}"
    )


async def _run(on_loop: bool, tables: int, seconds: float) -> dict[str, Any]:
    store = os.path.join(tempfile.mkdtemp(), "class.sqlite3")
    room = ClassRoom(store, pace=0.5)
    server = ClassServer(room, port=0)
    if on_loop:
        room.decide = None
    waits: list[float] = []
    if room.decide is not None:
        decide = room.decide

        def timed(work: Any, then: Any, wanted: Any, who: Any) -> None:
            asked = time.perf_counter()

            def back(outcome: Any) -> None:
                waits.append(time.perf_counter() - asked)
                then(outcome)

            decide(work, back, wanted, who)

        room.decide = timed
    server.start()
    teacher = Screen(room)
    teacher.say(type="hello", code=room.code, key=room.key)
    rng = np.random.default_rng(1)
    pupils: list[tuple[Screen, int]] = []
    for i in range(tables + 1):
        game, level = ("heroes", "hard") if i < tables else ("dragon-battle", "easy")
        teacher.say(type="create", game=game, players=2, level=level)
        tid = max(room.tables)
        pupil = Screen(room)
        pupil.say(type="hello", code=room.code, name=f"Pupil{i}")
        pupil.say(type="sit", table=tid, seat=0)
        pupils.append((pupil, tid))
    lateness: list[float] = []
    moves: list[float] = []
    done = time.perf_counter() + seconds

    async def tick_lateness() -> None:
        while time.perf_counter() < done:
            at = time.perf_counter()
            await asyncio.sleep(0.01)
            lateness.append(time.perf_counter() - at - 0.01)

    async def play(pupil: Screen, tid: int, every: float, timed: bool) -> None:
        while time.perf_counter() < done:
            sent = time.perf_counter()
            await asyncio.sleep(every)
            table = room.tables[tid].table
            state = table.state
            if state.is_terminal():
                pupil.say(type="table", msg={"type": "new", "version": pupil.version()})
                continue
            if state.current_player() != 0:
                continue
            legal = state.legal_actions()
            action = str(legal[int(rng.integers(len(legal)))])
            pupil.say(
                type="table", msg={"type": "action", "action": action, "version": pupil.version()}
            )
            if timed:
                moves.append(time.perf_counter() - sent - every)

    steps_before = {tid: len(room.tables[tid].table.match.actions) for _, tid in pupils[:-1]}
    load = os.getloadavg()[0]
    await asyncio.gather(
        tick_lateness(),
        *(play(p, tid, 0.1, False) for p, tid in pupils[:-1]),
        play(*pupils[-1], 0.05, True),
    )
    made = sum(len(room.tables[t].table.match.actions) - n for t, n in steps_before.items())
    quick = server.hint_workers.moves_refused
    server.stop()
    return {
        "lateness": lateness,
        "moves": moves,
        "waits": waits,
        "actions": made,
        "refused": quick,
        "load": (load, os.getloadavg()[0]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=3, help="tables with a search bot")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds a run")
    args = parser.parse_args()
    bots._STRONG_AT["heroes"] = frozenset({(2, "basic")})  # as kaskaria.STRONG_AT_TABLES does
    print(
        f"{args.tables} Heroes tables with the search bot as hard (its whole budget; in the "
        f"processes at most {bots.GUARD_SECONDS} s)"
    )
    print(
        "run        loop late: n p50 p95 max ms   a quick move: n p50 p95 max   thinking: n p50 p95 max"
    )
    for on_loop in (True, False):
        got = asyncio.run(_run(on_loop, args.tables, args.seconds))
        name = "loop" if on_loop else "processes"
        print(
            f"{name:10} {_ms(got['lateness'])}   {_ms(got['moves'])}   {_ms(got['waits'])}"
            f"   held {sum(x for x in got['lateness'] if x > 0.05):4.1f} s,"
            f" actions at the search tables {got['actions']}, busy {got['refused']},"
            f" load {got['load'][0]:.1f}-{got['load'][1]:.1f}"
        )


if __name__ == "__main__":
    main()
