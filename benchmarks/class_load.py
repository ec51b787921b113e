"""A year group on one class server: 30, 60, 120 and 200 simulated pupils, every one of them
seated, plus the teacher's page and the projector, all over WebSockets on 127.0.0.1, with and
without another process keeping one core busy.

The mix: tables of 2 to 4 seats of all three games; about 30% of the pupils sit at a table with a
bot in one seat (the bots play at the table's pace, 2 s). When a pupil's view shows their moves,
they think for 0.5-2 s and send a random legal one. For every pupil's move the script measures

- the time until every device at that table has received the new version of the table
  (*move to every screen*: the figure a pupil waits for), and
- the time until the teacher's page and the projector both show it (*class board*: it gets at
  most four snapshots a second, so this is a quarter of a second more by design),

and prints their median, 95th and 99th percentiles, the server's CPU (share of one core) and
memory per pupil count, a same-run floor (a message the server answers at once) and the machine's
load average. ``--profile`` also measures where the server's time goes, in this process and
without the network: building the views, encoding them, the class board's snapshots.

    python benchmarks/class_load.py                  # 4 counts x busy core off/on, 60 s each
    python benchmarks/class_load.py --pupils 200 --busy on --seconds 30
    python benchmarks/class_load.py --quick          # 30 pupils for a few seconds (the tests)
    python benchmarks/class_load.py --flood off,log,mix --seconds 40   # watchers' own screens

``--flood`` plays 16 pupils at 12 tables, once without and once with 36 watchers (3 a table, in
another process so this one is not slowed) each sending their own screen's messages at 9 a
second, within their rate (``log``: showing more and less of the log; ``mix``: also a refused
hint and "what if?", another view, sound, language): the moves' p50/p95/p99, the round trip of a
ping, the machine's load and the server's wait for a core (its run-queue wait from
``/proc/<pid>/schedstat``), with each flood's ratios to the run without one.

The server runs in its own process (``kaskaria-class``), the pupils in this one; both share the
machine's cores, as a teacher's laptop would with its browser.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import tornado.websocket  # noqa: E402
from class_support import Client, ServerProcess  # noqa: E402
from tornado.iostream import StreamClosedError  # noqa: E402

#: The games of the mix and the seats a table of each may have (2 to 4 within the game's range).
GAMES = ("dragon-battle", "heroes", "dragons-gold")
#: The share of pupils who sit at a table with a bot in one seat.
WITH_BOT = 0.3
THINK = (0.5, 2.0)


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user + system), seconds."""
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


def plan(pupils: int, rng: random.Random) -> list[tuple[str, int, int]]:
    """(game, seats, pupils seated) for each table: every pupil seated, tables of 2-4 seats,
    about :data:`WITH_BOT` of the pupils at a table with a bot in one seat."""
    from kaskaria.classroom.tables import player_range

    tables = []
    placed = 0
    while placed < pupils:
        game = rng.choice(GAMES)
        lo, hi = player_range(game)
        size = rng.choice([s for s in (2, 3, 4) if lo <= s <= hi])
        bot = rng.random() < WITH_BOT
        n = min(size - bot, pupils - placed)  # the last table may have a free seat: a bot
        tables.append((game, size, n))
        placed += n
    return tables


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, int(round(q * len(values))) - 1))]


class Pupil:
    def __init__(self, url: str, name: str, rng: random.Random) -> None:
        self.client = Client(url)
        self.name = name
        self.rng = rng
        self.table = -1
        self.seat = -1
        self.view: dict[str, Any] = {}

    async def join(self, code: str, table: int, seat: int) -> None:
        await self.client.open()
        await self.client.send(type="hello", code=code, name=self.name)
        await self.client.wait_for(lambda m: m["type"] == "lobby", timeout=60)
        await self.client.sit(table, seat)
        self.table, self.seat = table, seat


def spinner() -> subprocess.Popen[bytes]:
    """Another process keeping one core busy (the teacher's JupyterLab, a browser...)."""
    return subprocess.Popen([sys.executable, "-c", "while True:\n    pass"])


async def play(
    count: int,
    seconds: float,
    pace: float,
    seed: int,
    tables: list[tuple[str, int, int]] | None = None,
    beside: Flood | None = None,
) -> dict[str, Any]:
    """One run: ``count`` pupils at the tables of :func:`plan` (or ``tables``), with ``beside``
    started once they sit and running while they play (its figures join the run's)."""
    rng = random.Random(seed * 1000 + count)
    store = Path(tempfile.mkdtemp()) / "class.sqlite3"
    # the whole year group joins within seconds here: the class's rate of new nicknames (made
    # for a device that makes them up) is lifted, as a teacher would for a year group
    extra = ("--pace", str(pace), "--seed", str(seed), "--joins-per-minute", "0")
    server = ServerProcess(store, stop_after=seconds + 600, extra=extra).start()
    assert server.proc is not None
    tables = plan(count, rng) if tables is None else tables
    try:
        teacher = await Client(server.url).open()
        projector = await Client(server.url).open()
        for board in (teacher, projector):
            await board.send(type="hello", code=server.code, key=server.key)
            await board.wait_for(lambda m: m["type"] == "class")
        for i, (game, size, _) in enumerate(tables):
            if i and i % 20 == 0:
                await asyncio.sleep(2.2)  # the teacher's rate: a burst, then 10 a second
            await teacher.send(type="create", game=game, players=size, level="medium")
        snap = await teacher.wait_for(
            lambda m: m["type"] == "class" and len(m["tables"]) == len(tables), timeout=60
        )
        ids = [t["id"] for t in snap["tables"]]
        pupils: list[Pupil] = []
        seats = []
        for tid, (_, _, n) in zip(ids, tables, strict=True):
            for seat in range(n):
                pupils.append(Pupil(server.url, f"Pupil{len(pupils)}", random.Random(rng.random())))
                seats.append((tid, seat))
        for start in range(0, len(pupils), 25):
            await asyncio.gather(
                *(
                    p.join(server.code, tid, seat)
                    for p, (tid, seat) in list(zip(pupils, seats, strict=True))[start : start + 25]
                )
            )
        at_table = {tid: [i for i, p in enumerate(pupils) if p.table == tid] for tid in ids}
        # arrival times of each table's versions, per pupil's screen
        seen: dict[tuple[int, int], dict[int, float]] = {}  # (screen, table) -> version -> t

        def on_view(screen: int, table: int, version: int, at: float) -> None:
            arrived = seen.setdefault((screen, table), {})
            if version not in arrived:
                arrived[version] = at

        # (table, version before, actions before, sent at)
        moves: list[tuple[int, int, int, float]] = []
        refused: list[str] = []
        dropped: list[int] = []
        if beside is not None:
            await beside.start(server, ids)
        stop_at = time.perf_counter() + seconds

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
                    await asyncio.sleep(p.rng.uniform(*THINK))
                    # the view may have moved on while thinking: read again first
                    if p.client.got[read:]:
                        continue
                    action = p.rng.choice(actions)["action"]
                    version = view["version"]
                    done = view.get("log", {}).get("total", 0)
                    sent = time.perf_counter()
                    try:
                        await p.client.send(
                            type="table",
                            msg={"type": "action", "action": action, "version": version},
                        )
                    except (tornado.websocket.WebSocketClosedError, StreamClosedError):
                        dropped.append(i)  # the connection ended: counted, not fatal
                        return
                    try:
                        reply = await p.client.wait_for(
                            lambda m: m["type"] in ("view", "error"), timeout=10, start=read
                        )
                    except TimeoutError:
                        refused.append(action)
                        continue
                    if reply["type"] == "view" and reply["version"] > version:
                        moves.append((p.table, version, done, sent))
                    else:
                        refused.append(action)
                else:
                    try:
                        await p.client.wait_for(lambda m: True, timeout=0.5, start=read)
                    except TimeoutError:
                        pass

        # the class board: when each table's count of actions first reached each value
        boards: dict[int, dict[int, list[tuple[int, float]]]] = {0: {}, 1: {}}

        def read_boards() -> None:
            for b, client in enumerate((teacher, projector)):
                mine = boards[b]
                for m, at in zip(client.got, client.arrived, strict=True):
                    if m["type"] == "class":
                        for t in m["tables"]:
                            rows = mine.setdefault(t["id"], [])
                            if not rows or rows[-1][0] < t["actions"]:
                                rows.append((t["actions"], at))

        mem_samples: list[float] = []
        floor: list[float] = []

        async def floor_loop() -> None:
            """The same-run floor: a message the server answers at once (a vote from a class
            board's device, which may not vote), round trip, every half second. The probe says
            hello first, as every device must (the server closes a silent socket)."""
            probe = await Client(server.url).open()
            await probe.send(type="hello", code=server.code, key=server.key)
            await probe.wait_for(lambda m: m["type"] != "error")
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
        besides = [] if beside is None else [beside.during(stop_at)]
        done = await asyncio.gather(
            *(pupil_loop(i, p) for i, p in enumerate(pupils)),
            sample_memory(),
            floor_loop(),
            *besides,
        )
        side: dict[str, Any] = done[-1] if beside is not None else {}
        cpu_used = cpu_seconds(server.proc.pid) - cpu_start
        wall = time.perf_counter() - wall_start
        await asyncio.sleep(1.0)
        # the pupils' screens keep reading until the end: collect what arrived late
        for i, p in enumerate(pupils):
            for m, at in zip(p.client.got, p.client.arrived, strict=True):
                if m["type"] == "view" and m["table"] == p.table:
                    on_view(i, p.table, m["version"], at)
        read_boards()
        screens_ms: list[float] = []
        board_ms: list[float] = []
        missing = 0
        for table, version, done, sent in moves:
            if sent > stop_at - 2:  # too near the end to be sure every screen had its time
                continue
            worst = 0.0
            for s in at_table[table]:
                later = [
                    t for v, t in seen.get((s, table), {}).items() if v > version and t >= sent
                ]
                if not later:
                    missing += 1
                    worst = float("nan")
                    break
                worst = max(worst, min(later) - sent)
            if worst == worst:  # not NaN
                screens_ms.append(worst * 1000)
            last = 0.0
            for b in (0, 1):
                shown = [t for n, t in boards[b].get(table, []) if n > done and t >= sent]
                if not shown:
                    last = float("nan")
                    break
                last = max(last, shown[0] - sent)
            if last == last:
                board_ms.append(last * 1000)
            else:
                missing += 1
        rss, peak = memory(server.proc.pid)
        for p in pupils:
            p.client.close()
        teacher.close()
        projector.close()
    finally:
        if beside is not None:
            beside.stop()
        server.stop()
    return {
        **side,
        "pupils": len(pupils),
        "tables": len(tables),
        "with_bot": sum(n for _, size, n in tables if n < size),
        "seconds": seconds,
        "moves": len(screens_ms),
        "missing": missing,
        "refused": len(refused),
        "dropped": len(dropped),
        "p50_ms": statistics.median(screens_ms) if screens_ms else float("nan"),
        "p95_ms": percentile(screens_ms, 0.95),
        "p99_ms": percentile(screens_ms, 0.99),
        "max_ms": max(screens_ms, default=float("nan")),
        "board_p50_ms": statistics.median(board_ms) if board_ms else float("nan"),
        "board_p95_ms": percentile(board_ms, 0.95),
        "board_p99_ms": percentile(board_ms, 0.99),
        "floor_p50_ms": statistics.median(floor) if floor else float("nan"),
        "floor_p95_ms": percentile(floor, 0.95),
        "server_cpu_share": cpu_used / wall,
        "rss_mb": rss,
        "peak_mb": peak,
        "rss_max_sampled_mb": max(mem_samples, default=rss),
    }


#: What the watchers of ``--flood`` send about their own screens, in turn (each within the
#: class's rate; a watcher's hint, "what if?" and other view are refused).
FLOODS: dict[str, list[dict[str, Any]]] = {
    "log": [{"type": "log", "more": True}, {"type": "log", "more": False}],
    "mix": [
        {"type": "log", "more": True},
        {"type": "hint"},
        {"type": "log", "more": False},
        {"type": "what_if"},
        {"type": "viewer", "viewer": 0},
        {"type": "sound", "on": True},
        {"type": "lang", "lang": "de"},
        {"type": "sound", "on": False},
        {"type": "lang", "lang": "en"},
    ],
}
#: 16 pupils at 12 tables, 3 watchers at each, 9 messages a second each (the class allows 10).
FLOOD_PUPILS, FLOOD_TABLES, FLOOD_WATCHERS, FLOOD_RATE = 16, 12, 3, 9.0


def flood_plan(pupils: int = FLOOD_PUPILS, count: int = FLOOD_TABLES) -> list[tuple[str, int, int]]:
    """(game, seats, pupils seated) for ``count`` tables holding ``pupils`` in all, the games in
    turn, a bot in at least one seat of each."""
    from kaskaria.classroom.tables import player_range

    tables = []
    for i in range(count):
        game = GAMES[i % len(GAMES)]
        n = pupils // count + (i < pupils % count)
        lo, _ = player_range(game)
        tables.append((game, max(lo, n + 1), n))
    return tables


def schedstat(pid: int) -> tuple[float, float]:
    """(seconds on a core, seconds waiting for one) of a process's main thread (the server's
    event loop) so far."""
    ran, waited = Path(f"/proc/{pid}/schedstat").read_text().split()[:2]
    return int(ran) / 1e9, int(waited) / 1e9


class Flood:
    """Beside a run of :func:`play`: watchers flooding their own screens from another process
    (``kind``: one of :data:`FLOODS`, None for none), and the run's probes: a pupil's ping round
    trips, the load average and the server's wait for a core."""

    def __init__(self, kind: str | None) -> None:
        self.kind = kind
        self.proc: subprocess.Popen[str] | None = None
        self.pid = 0
        self.probe: Client | None = None

    async def start(self, server: Any, ids: list[int]) -> None:
        self.pid = server.proc.pid
        self.probe = await Client(server.url).open()
        await self.probe.send(type="hello", code=server.code, name="Probe")
        await self.probe.wait_for(lambda m: m["type"] == "welcome")
        if self.kind is None:
            return
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--flood-only", self.kind, server.url, server.code]
            + [str(t) for t in ids],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        ready = await asyncio.get_running_loop().run_in_executor(None, self.proc.stdout.readline)
        if ready.strip() != "ready":
            raise RuntimeError(f"the watchers did not start: {ready!r}")

    async def during(self, stop_at: float) -> dict[str, Any]:
        probe = self.probe
        assert probe is not None
        pings: list[float] = []
        load_start = os.getloadavg()[0]
        (ran0, waited0), at0 = schedstat(self.pid), time.perf_counter()
        while time.perf_counter() < stop_at:
            n = len(probe.got)
            sent = time.perf_counter()
            await probe.send(type="ping")
            await probe.wait_for(lambda m: m["type"] == "pong", start=n)
            at = next(k for k in range(n, len(probe.got)) if probe.got[k]["type"] == "pong")
            pings.append((probe.arrived[at] - sent) * 1000)
            await asyncio.sleep(0.25)
        (ran1, waited1), at1 = schedstat(self.pid), time.perf_counter()
        return {
            "flood": self.kind or "off",
            "ping_p50_ms": statistics.median(pings) if pings else float("nan"),
            "ping_p95_ms": percentile(pings, 0.95),
            "load_start": load_start,
            "server_ran_share": (ran1 - ran0) / (at1 - at0),
            "server_wait_ms_per_s": 1000 * (waited1 - waited0) / (at1 - at0),
        }

    def stop(self) -> None:
        if self.probe is not None:
            self.probe.close()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


async def flood_only(kind: str, url: str, code: str, ids: list[int]) -> None:
    """The watchers of ``--flood`` (this process is started by :class:`Flood`): they join, watch
    their tables, say "ready", then send :data:`FLOODS` ``[kind]`` at :data:`FLOOD_RATE` a second
    each until stopped; what they are sent is read and dropped."""
    messages = [json.dumps({"type": "table", "msg": m}) for m in FLOODS[kind]]
    sockets = []
    for i in range(len(ids) * FLOOD_WATCHERS):
        ws = await tornado.websocket.websocket_connect(url.replace("http://", "ws://") + "ws")
        await ws.write_message(json.dumps({"type": "hello", "code": code, "name": f"Watcher{i}"}))
        await ws.write_message(json.dumps({"type": "watch", "table": ids[i % len(ids)]}))
        sockets.append(ws)

    async def drop(ws: Any) -> None:
        while await ws.read_message() is not None:
            pass

    async def send(i: int, ws: Any) -> None:
        await asyncio.sleep(i / len(sockets) / FLOOD_RATE)  # spread over the second
        due = time.perf_counter()
        for k in range(i, 10**9):
            await ws.write_message(messages[k % len(messages)])
            due += 1 / FLOOD_RATE
            await asyncio.sleep(max(0.0, due - time.perf_counter()))

    print("ready", flush=True)
    await asyncio.gather(
        *(drop(ws) for ws in sockets), *(send(i, ws) for i, ws in enumerate(sockets))
    )


def floods(kinds: list[str], seconds: float, pace: float, seed: int, json_out: bool) -> list[dict]:
    """The runs of ``--flood``: each kind ("off": no flood) in turn, in this one invocation."""
    runs = []
    for kind in kinds:
        flood = Flood(None if kind == "off" else kind)
        result = asyncio.run(play(FLOOD_PUPILS, seconds, pace, seed, flood_plan(), flood))
        result["load"] = os.getloadavg()[0]
        runs.append(result)
        if not json_out:
            print_flood(result, runs[0])
    return runs


def print_flood(r: dict[str, Any], first: dict[str, Any]) -> None:
    watchers = "no watchers" if r["flood"] == "off" else f"{FLOOD_TABLES * FLOOD_WATCHERS} watchers"
    line = (
        f"{r['pupils']} pupils at {r['tables']} tables, {watchers} ({r['flood']}): {r['moves']} "
        f"moves p50 {r['p50_ms']:.0f} / p95 {r['p95_ms']:.0f} / p99 {r['p99_ms']:.0f} ms, ping "
        f"p95 {r['ping_p95_ms']:.1f} ms; load {r['load_start']:.1f}-{r['load']:.1f}, server on a "
        f"core {100 * r['server_ran_share']:.0f}% and waiting for one "
        f"{r['server_wait_ms_per_s']:.0f} ms a second; {r['missing']} not seen, "
        f"{r['dropped']} connections ended"
    )
    if r is not first:
        line += (
            f"; against no watchers: move p95 x{r['p95_ms'] / first['p95_ms']:.2f}, p50 "
            f"x{r['p50_ms'] / first['p50_ms']:.2f}, ping p95 "
            f"x{r['ping_p95_ms'] / first['ping_p95_ms']:.2f}"
        )
    print(line, flush=True)


def server_work(count: int, moves: int, seed: int) -> dict[str, float]:
    """Where the server's time goes for a pupil's move, in this process and without the
    network: the same mix in a :class:`ClassRoom` whose devices carry encoded text as the
    server's sockets do, the class board's snapshots at their pace; each part timed."""
    import kaskaria.classroom.room as room_module
    from kaskaria.classroom.room import ClassRoom, Device

    rng = random.Random(seed)
    spent: dict[str, float] = {"view": 0.0, "encode": 0.0, "board": 0.0}
    built = {"views": 0}

    def timed(name: str, fn: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - start
                if name == "view":
                    built["views"] += 1

        return wrapper

    real_view, real_json = room_module.view, room_module.json.dumps
    real_snapshot = ClassRoom.snapshot
    room_module.view = timed("view", real_view)
    room_module.json = SimpleNamespace(dumps=timed("encode", real_json), loads=json.loads)
    ClassRoom.snapshot = timed("board", real_snapshot)  # type: ignore[method-assign]
    try:
        room = ClassRoom(":memory:", seeds=lambda: rng.randrange(2**31))
        due: list[float] = []
        room.on_later = lambda wait: due.append(time.monotonic() + wait)
        sink = lambda text: None  # noqa: E731
        teacher = Device(send=lambda m: None, send_text=sink)
        projector = Device(send=lambda m: None, send_text=sink)
        for board in (teacher, projector):
            room.receive(board, json.dumps({"type": "hello", "code": room.code, "key": room.key}))
        kids = []
        for game, size, n in plan(count, rng):
            teacher.bucket.tokens = 30
            room.receive(
                teacher,
                json.dumps({"type": "create", "game": game, "players": size, "level": "medium"}),
            )
            tid = max(room.tables)
            for seat in range(n):
                kid = Device(send=lambda m: None, send_text=sink)
                name = f"k{len(kids)}"
                room.receive(kid, json.dumps({"type": "hello", "code": room.code, "name": name}))
                room.receive(kid, json.dumps({"type": "sit", "table": tid, "seat": seat}))
                kids.append((kid, tid, seat))
        for key in spent:
            spent[key] = 0.0
        built["views"] = 0
        times = []
        total = 0.0
        cpu_start = time.process_time()
        while len(times) < moves:
            if due and time.monotonic() >= due[0]:
                due.pop(0)
                start = time.perf_counter()
                room.push_class()
                total += time.perf_counter() - start
            kid, tid, seat = rng.choice(kids)
            table = room.tables[tid].table
            if table.state.current_player() != seat:
                if table.wake_in() is not None:
                    start = time.perf_counter()
                    table.tick(table.now() + 60)  # a bot's step (or the hourglass) is due
                    room.flush()
                    total += time.perf_counter() - start
                continue
            kept_spent, kept_views = dict(spent), built["views"]
            legal = [a["action"] for a in room.view(tid, seat)["moves"]["actions"]]
            spent.update(kept_spent)  # the pupil's reading of their moves is not the server's
            built["views"] = kept_views
            if not legal:
                continue
            kid.bucket.tokens = 30
            message = json.dumps(
                {"type": "table", "msg": {"type": "action", "action": rng.choice(legal)}}
            )
            start = time.perf_counter()
            room.receive(kid, message)
            took = time.perf_counter() - start
            total += took
            times.append(took * 1000)
        cpu = time.process_time() - cpu_start
    finally:
        room_module.view, room_module.json = real_view, json
        ClassRoom.snapshot = real_snapshot  # type: ignore[method-assign]
    return {
        "work_moves": len(times),
        "work_p50_ms": statistics.median(times),
        "work_p95_ms": percentile(times, 0.95),
        "work_per_move_ms": 1000 * total / len(times),
        # the CPU this process used per move (the pupils' own reading of their moves included):
        # what the machine's other load does not inflate
        "work_cpu_per_move_ms": 1000 * cpu / len(times),
        "work_views_per_move": built["views"] / len(times),
        "work_view_share": spent["view"] / total,
        "work_encode_share": spent["encode"] / total,
        "work_board_share": spent["board"] / total,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", default="30,60,120,200", help="pupil counts, e.g. 30,200")
    parser.add_argument("--busy", default="off,on", help="another process busy: off, on or both")
    parser.add_argument("--seconds", type=float, default=60.0, help="of play per run")
    parser.add_argument("--quick", action="store_true", help="30 pupils for a few seconds")
    parser.add_argument("--pace", type=float, default=2.0, help="the bots' pace (seconds)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profile", action="store_true", help="where the server's time goes")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--flood",
        default=None,
        help="watchers flooding their own screens: off, log, mix (e.g. off,log,mix)",
    )
    parser.add_argument("--flood-only", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.flood_only:
        kind, url, code, *ids = args.flood_only
        asyncio.run(flood_only(kind, url, code, [int(t) for t in ids]))
        return 0
    if args.flood:
        runs = floods(args.flood.split(","), args.seconds, args.pace, args.seed, args.json)
        if args.json:
            print(json.dumps({"floods": runs, "cores": os.cpu_count()}))
        return 0
    counts = [int(c) for c in args.pupils.split(",")]
    busy = [b.strip() == "on" for b in args.busy.split(",")]
    if args.quick:
        counts, busy, args.seconds = [30], [False], min(args.seconds, 6.0)
    load_before = os.getloadavg()
    runs = []
    for on in busy:
        spin = spinner() if on else None
        try:
            for count in counts:
                result = asyncio.run(play(count, args.seconds, args.pace, args.seed))
                result["busy_core"] = on
                result["load"] = os.getloadavg()[0]
                runs.append(result)
                if not args.json:
                    print_run(result)
        finally:
            if spin is not None:
                spin.kill()
                spin.wait()
    out: dict[str, Any] = {
        "runs": runs,
        "cores": os.cpu_count(),
        "load_before": load_before[0],
        "load_after": os.getloadavg()[0],
    }
    if args.profile:
        out["work"] = server_work(max(counts), 30 if args.quick else 400, args.seed)
    if args.json:
        print(json.dumps(out))
    else:
        print(
            f"machine: {out['cores']} cores, load average {out['load_before']:.1f} before, "
            f"{out['load_after']:.1f} after"
        )
        if args.profile:
            w = out["work"]
            print(
                f"the server's own work per pupil's move at {max(counts)} pupils (one process, no "
                f"network; bots' steps and the class board's snapshots included): "
                f"{w['work_per_move_ms']:.1f} ms ({w['work_cpu_per_move_ms']:.1f} ms of CPU), "
                f"{w['work_views_per_move']:.1f} views built; "
                f"views {100 * w['work_view_share']:.0f}%, JSON encoding "
                f"{100 * w['work_encode_share']:.0f}%, class board snapshots "
                f"{100 * w['work_board_share']:.0f}%"
            )
    return 0


def print_run(r: dict[str, Any]) -> None:
    print(
        f"{r['pupils']:4d} pupils at {r['tables']:3d} tables ({r['with_bot']} pupils beside a bot), busy "
        f"core {'on ' if r['busy_core'] else 'off'}: {r['moves']} moves, move to every screen "
        f"p50 {r['p50_ms']:.0f} / p95 {r['p95_ms']:.0f} / p99 {r['p99_ms']:.0f} ms (max "
        f"{r['max_ms']:.0f}); class board p50 {r['board_p50_ms']:.0f} / p95 "
        f"{r['board_p95_ms']:.0f} / p99 {r['board_p99_ms']:.0f} ms; floor p95 "
        f"{r['floor_p95_ms']:.0f} ms; server CPU {100 * r['server_cpu_share']:.0f}% of one core, "
        f"{r['rss_mb']:.0f} MB resident (peak {r['peak_mb']:.0f}); {r['missing']} not seen, "
        f"{r['refused']} clicks on a changed view, {r['dropped']} connections ended; load "
        f"{r['load']:.1f}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
