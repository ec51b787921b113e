"""A class on the class server: 30 simulated pupils at 8 tables (bots in the other seats) and a
projector, all over WebSockets on 127.0.0.1.

Each pupil plays on their own connection: when their view shows their moves, they think for a
moment (0.3-1.5 s) and send one of them. For every pupil's move the script measures the time
until every affected screen (each device at that table and the projector) has received the new
version of the table; it prints the median and the 95th percentile of that time, and the
server's memory (resident set, and its peak).

    python benchmarks/class_load.py            # 60 s of play
    python benchmarks/class_load.py --quick    # a few seconds (the test suite runs this)

The server runs in its own process (``kaskaria-class``), the pupils in this one; both share the
machine's cores, as a teacher's laptop would with its browser.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from class_support import Client, ServerProcess  # noqa: E402

#: (game, players, pupils) for the 8 tables: 30 pupils, 4 seats for bots
TABLES = [
    ("dragon-battle", 4, 4),
    ("dragon-battle", 4, 4),
    ("dragon-battle", 4, 3),
    ("heroes", 4, 4),
    ("heroes", 4, 4),
    ("heroes", 4, 3),
    ("dragons-gold", 5, 4),
    ("dragons-gold", 5, 4),
]


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user + system), seconds."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> tuple[float, float]:
    """(resident, peak resident) of a process in MB."""
    rss = hwm = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
        elif line.startswith("VmHWM:"):
            hwm = int(line.split()[1]) / 1024
    return rss, hwm


class Pupil:
    def __init__(self, url: str, name: str, rng: random.Random) -> None:
        self.client = Client(url)
        self.name = name
        self.rng = rng
        self.table = -1
        self.seat = -1
        self.view: dict[str, Any] = {}
        self.versions: dict[int, float] = {}  # version -> when it arrived

    async def join(self, code: str, table: int, seat: int) -> None:
        await self.client.open()
        await self.client.send(type="hello", code=code, name=self.name)
        await self.client.wait_for(lambda m: m["type"] == "lobby")
        await self.client.send(type="sit", table=table, seat=seat)
        await self.client.wait_for(lambda m: m["type"] == "view" and m["seat"] == seat)
        self.table, self.seat = table, seat


async def play(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    store = Path(tempfile.mkdtemp()) / "class.sqlite3"
    extra = ("--pace", str(args.pace)) + (("--no-odds",) if args.no_odds else ())
    server = ServerProcess(store, stop_after=args.seconds + 120, extra=extra).start()
    assert server.proc is not None
    try:
        projector = await Client(server.url).open()
        await projector.send(type="hello", code=server.code, key=server.key)
        await projector.wait_for(lambda m: m["type"] == "class")
        for game, players, _ in TABLES:
            await projector.send(type="create", game=game, players=players, level="medium")
        snap = await projector.wait_for(
            lambda m: m["type"] == "class" and len(m["tables"]) == len(TABLES)
        )
        ids = [t["id"] for t in snap["tables"]]
        pupils: list[Pupil] = []
        seats = []
        for tid, (_, _, count) in zip(ids, TABLES, strict=True):
            for seat in range(count):
                pupils.append(Pupil(server.url, f"Pupil{len(pupils)}", random.Random(rng.random())))
                seats.append((tid, seat))
        await asyncio.gather(
            *(p.join(server.code, tid, seat) for p, (tid, seat) in zip(pupils, seats, strict=True))
        )
        at_table = {tid: [p for p in pupils if p.table == tid] for tid in ids}
        # arrival times of each table's versions, per screen
        seen: dict[tuple[int, int], dict[int, float]] = {}  # (screen, table) -> version -> t

        def on_view(screen: int, table: int, version: int, at: float) -> None:
            arrived = seen.setdefault((screen, table), {})
            if version not in arrived:
                arrived[version] = at

        moves: list[tuple[int, int, float]] = []  # table, version before the move, sent at
        refused: list[str] = []
        stop_at = time.perf_counter() + args.seconds

        async def pupil_loop(i: int, p: Pupil) -> None:
            read = 0
            while time.perf_counter() < stop_at:
                got = p.client.got
                while read < len(got):
                    m = got[read]
                    read += 1
                    if m["type"] == "view" and m["table"] == p.table:
                        p.view.update(m["parts"])
                        p.view["version"] = m["version"]
                        on_view(i, p.table, m["version"], p.client.arrived[read - 1])
                view = p.view
                actions = view.get("moves", {}).get("actions") or []
                mine = view.get("turn", {}).get("player") == p.seat
                if actions and mine and view.get("turn", {}).get("to_move") == "human":
                    await asyncio.sleep(p.rng.uniform(0.3, 1.5))
                    # the view may have moved on while thinking: read again first
                    if p.client.got[read:]:
                        continue
                    action = p.rng.choice(actions)["action"]
                    version = view["version"]
                    sent = time.perf_counter()
                    await p.client.send(
                        type="table", msg={"type": "action", "action": action, "version": version}
                    )
                    # wait for the answer before thinking again; only moves the table took
                    # count (a click on a view that changed meanwhile is ignored by the server)
                    try:
                        reply = await p.client.wait_for(
                            lambda m: m["type"] in ("view", "error"), timeout=5, start=read
                        )
                    except TimeoutError:
                        refused.append(action)
                        continue
                    if reply["type"] == "view" and reply["version"] > version:
                        moves.append((p.table, version, sent))
                    else:
                        refused.append(action)
                else:
                    try:
                        await p.client.wait_for(lambda m: True, timeout=0.5, start=read)
                    except TimeoutError:
                        pass

        async def projector_loop() -> None:
            read = 0
            while time.perf_counter() < stop_at + 1:
                got = projector.got
                while read < len(got):
                    m = got[read]
                    read += 1
                    if m["type"] == "class":
                        for t in m["tables"]:
                            on_view(-1, t["id"], t["version"], projector.arrived[read - 1])
                try:
                    await projector.wait_for(lambda m: True, timeout=0.5, start=read)
                except TimeoutError:
                    pass

        mem_samples: list[float] = []
        floor: list[float] = []

        async def floor_loop() -> None:
            """The same-run floor: a message the server answers at once (a vote on no question),
            round trip from a device of its own, every half second."""
            probe = await Client(server.url).open()
            await probe.send(type="hello", code=server.code, name="Probe")
            await probe.wait_for(lambda m: m["type"] == "lobby")
            while time.perf_counter() < stop_at:
                n = len(probe.got)
                sent = time.perf_counter()
                await probe.send(type="vote", poll=0, choice=0)
                await probe.wait_for(lambda m: m["type"] == "error", start=n)
                floor.append((probe.arrived[len(probe.got) - 1] - sent) * 1000)
                await asyncio.sleep(0.5)
            probe.close()

        async def sample_memory() -> None:
            while time.perf_counter() < stop_at:
                mem_samples.append(memory(server.proc.pid)[0])  # type: ignore[union-attr]
                await asyncio.sleep(1)

        cpu_start, wall_start = cpu_seconds(server.proc.pid), time.perf_counter()
        proj = asyncio.get_running_loop().create_task(projector_loop())
        await asyncio.gather(
            *(pupil_loop(i, p) for i, p in enumerate(pupils)), sample_memory(), floor_loop()
        )
        cpu_used = cpu_seconds(server.proc.pid) - cpu_start
        wall = time.perf_counter() - wall_start
        await asyncio.sleep(0.5)
        # the pupils' screens keep reading until the end: collect what arrived late
        for i, p in enumerate(pupils):
            for m, at in zip(p.client.got, p.client.arrived, strict=True):
                if m["type"] == "view" and m["table"] == p.table:
                    on_view(i, p.table, m["version"], at)
        await proj
        latencies = []
        missing = 0
        index = {id(p): i for i, p in enumerate(pupils)}
        for table, version, sent in moves:
            if sent > stop_at - 2:  # too near the end to be sure every screen had its time
                continue
            screens = [index[id(p)] for p in at_table[table]] + [-1]
            worst = 0.0
            for s in screens:
                later = [
                    t for v, t in seen.get((s, table), {}).items() if v > version and t >= sent
                ]
                if not later:
                    missing += 1
                    worst = float("nan")
                    break
                worst = max(worst, min(later) - sent)
            if worst == worst:  # not NaN
                latencies.append(worst * 1000)
        rss, peak = memory(server.proc.pid)
        for p in pupils:
            p.client.close()
        projector.close()
    finally:
        server.stop()
    latencies.sort()
    floor.sort()
    p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)] if latencies else float("nan")
    return {
        "pupils": len(pupils),
        "tables": len(TABLES),
        "seconds": args.seconds,
        "moves": len(latencies),
        "missing": missing,
        "refused": len(refused),
        "median_ms": statistics.median(latencies) if latencies else float("nan"),
        "p95_ms": p95,
        "max_ms": latencies[-1] if latencies else float("nan"),
        "floor_median_ms": statistics.median(floor) if floor else float("nan"),
        "floor_p95_ms": floor[max(0, int(round(0.95 * len(floor))) - 1)] if floor else float("nan"),
        "odds": not args.no_odds,
        "server_cpu_share": cpu_used / wall,
        "rss_mb": rss,
        "peak_mb": peak,
        "rss_max_sampled_mb": max(mem_samples, default=rss),
    }


def server_work(moves: int, no_odds: bool, seed: int) -> dict[str, float]:
    """The server's own work for a pupil's move, without the network: the same class in this
    process (a ClassRoom, screens that encode what they are sent as the server does), each move
    timed from its arrival until every affected screen's message is encoded. Bots are stepped
    between the pupils' moves, as the server's timers would."""
    from kaskaria.classroom import room as class_room

    ClassRoom = class_room.ClassRoom
    # a connected device (named Screen before the table had screens of its own)
    Device = getattr(class_room, "Device", None) or class_room.Screen

    rng = random.Random(seed)
    room = ClassRoom(":memory:", odds=not no_odds, seeds=lambda: rng.randrange(2**31))
    encode = lambda m: json.dumps(m, separators=(",", ":"))  # noqa: E731
    teacher = Device(send=encode)
    room.receive(teacher, json.dumps({"type": "hello", "code": room.code, "key": room.key}))
    kids = []
    for game, players, count in TABLES:
        room.receive(
            teacher,
            json.dumps({"type": "create", "game": game, "players": players, "level": "medium"}),
        )
        tid = max(room.tables)
        for seat in range(count):
            screen = Device(send=encode)
            room.receive(
                screen, json.dumps({"type": "hello", "code": room.code, "name": f"k{len(kids)}"})
            )
            room.receive(screen, json.dumps({"type": "sit", "table": tid, "seat": seat}))
            kids.append((screen, tid, seat))
    times = []
    for _ in range(moves * 4):
        if len(times) >= moves:
            break
        for screen, tid, seat in kids:
            kept = room.tables[tid]
            table = kept.table if hasattr(kept, "table") else kept.session
            if table.state.current_player() != seat:
                table.tick(table.now() + 60)  # a bot's step (or the hourglass) is due
                room.flush()
                continue
            shown = room.view(tid, seat) if hasattr(room, "view") else table.view(seat)
            actions = shown["moves"]["actions"]
            if not actions:
                continue
            screen.bucket.tokens = 30
            message = json.dumps(
                {
                    "type": "table",
                    "msg": {"type": "action", "action": rng.choice(actions)["action"]},
                }
            )
            start = time.perf_counter()
            room.receive(screen, message)
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "work_moves": len(times),
        "work_median_ms": statistics.median(times),
        "work_p95_ms": times[max(0, int(round(0.95 * len(times))) - 1)],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="a few seconds only")
    parser.add_argument("--pace", type=float, default=2.0, help="the bots' pace (seconds)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-odds", action="store_true", help="tables without the odds panel")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds = min(args.seconds, 6.0)
    result = asyncio.run(play(args))
    result.update(server_work(20 if args.quick else 400, args.no_odds, args.seed))
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"class load: {result['pupils']} pupils at {result['tables']} tables + a projector, "
            f"{result['seconds']:.0f} s, {result['moves']} pupil moves "
            f"({result['missing']} not seen on every screen, {result['refused']} clicks on a "
            f"view that had changed)\n"
            f"  move -> every affected screen: median {result['median_ms']:.1f} ms, "
            f"p95 {result['p95_ms']:.1f} ms, max {result['max_ms']:.1f} ms "
            f"(odds panel {'on' if result['odds'] else 'off'})\n"
            f"  same-run floor (a message answered at once): median "
            f"{result['floor_median_ms']:.1f} ms, p95 {result['floor_p95_ms']:.1f} ms\n"
            f"  the server's own work per move (in one process, no network): median "
            f"{result['work_median_ms']:.1f} ms, p95 {result['work_p95_ms']:.1f} ms over "
            f"{result['work_moves']} moves\n"
            f"  server memory: {result['rss_mb']:.0f} MB resident at the end, peak "
            f"{result['peak_mb']:.0f} MB; server CPU: {100 * result['server_cpu_share']:.0f}% "
            f"of one core"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
