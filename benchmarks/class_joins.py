"""What one more pupil joining costs the class server as the class grows: 30, 100 and 200 pupils
already in (each on a device of their own, seated at tables of three, the teacher's page open),
then new pupils join one at a time. Prints the median and the slowest time of a join (the hello,
the new pupil's welcome and lobby, and what the other devices are sent because of it) per class
size, and the ratio to 30 pupils: a join should cost the same in a big class as in a small one.

In this process, without the network (the server's work alone, on its event loop's thread).

    python benchmarks/class_joins.py               # 30, 100, 200 pupils, 40 joins each
    python benchmarks/class_joins.py --joins 10    # quicker
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from kaskaria.classroom import room as room_module
from kaskaria.classroom.devices import Device
from kaskaria.classroom.room import ClassRoom


def _device(address: str) -> Device:
    return Device(send=lambda m: None, send_text=lambda t: None, address=address)


def class_of(n: int, where: Path) -> ClassRoom:
    """A class of ``n`` pupils online, seated at tables of three, the teacher's page open."""
    room = ClassRoom(str(where / f"class-{n}.sqlite3"), seeds=iter(range(1, 10**6)).__next__)
    room.join_rate = None  # the class's rate of new nicknames: the class is made in one go
    teacher = _device("127.0.0.1")
    room.receive(teacher, json.dumps({"type": "hello", "code": room.code, "key": room.key}))
    tid = None
    for i in range(n):
        if i % 3 == 0:
            room.receive(
                teacher,
                json.dumps({"type": "create", "game": "heroes", "players": 3, "level": "easy"}),
            )
            tid = max(room.tables)
        d = _device(f"10.0.{i // 250}.{i % 250}")
        room.receive(d, json.dumps({"type": "hello", "code": room.code, "name": f"Kid{i:03d}x"}))
        d.bucket.tokens = 30
        room.receive(d, json.dumps({"type": "sit", "table": tid, "seat": i % 3}))
    return room


def join_times(room: ClassRoom, joins: int) -> list[float]:
    """The time of each of ``joins`` joins. As in the server, the class board's snapshot waits
    for its timer (at most four a second, whatever the number of joins): it is timed apart."""
    room.on_later = lambda wait: None
    times = []
    for j in range(joins):
        d = _device(f"10.9.{j // 250}.{j % 250}")
        hello = json.dumps({"type": "hello", "code": room.code, "name": f"New{j:03d}q"})
        start = time.perf_counter()
        room.receive(d, hello)
        times.append(time.perf_counter() - start)
        assert d.role == "pupil", "the join was refused"
        room.disconnect(d)
        room._joins.clear()  # the benchmark's joins come from one process, not one pupil
        room.push_class()
    return times


def snapshot_time(room: ClassRoom, runs: int = 20) -> float:
    """The median time of one class-board snapshot (built and encoded), after a join."""
    times = []
    for _ in range(runs):
        room._class_dirty = True
        start = time.perf_counter()
        room._push_class(now=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--joins", type=int, default=40)
    parser.add_argument("--sizes", default="30,100,200")
    args = parser.parse_args()
    base = None
    # the class's cap is raised for the joins measured beyond the class of 200
    room_module.MAX_PUPILS = max(int(s) for s in args.sizes.split(",")) + args.joins
    print(
        f"{'pupils':>6} {'join median ms':>15} {'max ms':>8} {'ratio to 30':>12} {'snapshot ms':>12}"
    )
    with tempfile.TemporaryDirectory() as where:
        for n in (int(s) for s in args.sizes.split(",")):
            room = class_of(n, Path(where))
            times = join_times(room, args.joins)
            med = statistics.median(times) * 1000
            base = base or med
            snap = snapshot_time(room) * 1000
            print(
                f"{n:>6} {med:>15.2f} {max(times) * 1000:>8.2f} {med / base:>12.2f} {snap:>12.2f}",
                flush=True,
            )
            room.store.close()


if __name__ == "__main__":
    main()
