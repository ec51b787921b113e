"""What pupils' hints cost the others at a class server: honest pupils play at tables (some with a
bot) over WebSockets on 127.0.0.1, in three runs of one invocation:

- ``quiet``: nobody asks for a hint;
- ``hints``: before 30% of their turns, pupils ask for a hint and wait for it (or for the
  sentence saying why there is none);
- ``hints+4``: the same, and 4 more pupils each send hint, lang de, what if?, lang en, over and
  over, at 9 messages a second (under the class's rate limit);
- ``pests`` (with ``--pests N``): the same as ``hints``, and N more pupils, each alone with a bot
  at a table of their own, ask for a hint at every turn and wait for it, then send lang de, what
  if?, lang en and a move (a hint flood from many nicknames).

For each run it prints the honest pupils' move (action sent to the new view back, as the mover
sees it) p50/p95, a ping's round trip p95 (a probe socket, every 0.25 s), the honest hints'
p50/p95 and how many went unanswered within 8 s, with what the answers said (the hint, "busy",
another sentence), the same for the pests' own questions (so that who goes before whom can be
read), the CPU the hint processes used, and beside every figure the machine's load average (at
the run's start and end) and the server process's run-queue wait (from ``/proc/<pid>/schedstat``:
the time its event loop was ready to run but waited for a core, per second of the run); then
each run's move p95 and ping p95 as ratios of the first run's.

    python benchmarks/class_hints.py                 # 16 pupils, 30 s a run
    python benchmarks/class_hints.py --pupils 16 --seconds 20 --json
    python benchmarks/class_hints.py --pupils 10 --pests 20 --runs hints,pests --seconds 20

``--loop-debug`` runs the server with asyncio's debug mode and prints every step of its event
loop that held it 100 ms or more (asyncio's "Executing ... took" lines), counted by what it ran.

The server runs in its own process (``kaskaria-class --hints``), the pupils in this one.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_load import Pupil, cpu_seconds, percentile, plan  # noqa: E402
from class_support import Client, ServerProcess  # noqa: E402

from kaskaria.tables.advice import DE, EN  # noqa: E402  (the tables' own words)

#: The share of an honest pupil's turns before which they ask for a hint.
ASK = 0.3
#: The messages a second of a pupil switching languages and asking again and again.
PESTER_RATE = 9.0
WORKING = (EN["working"], DE["working"])
#: "ask again in a moment": many hints ahead, or (counted with them) the hints still getting ready
BUSY = tuple(words[key] for words in (EN, DE) for key in ("refuse.busy", "refuse.ready"))
HINT_WAIT = 8.0


def schedstat_wait(pid: int) -> float:
    """Seconds the process's main thread has waited on a run queue so far."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


def children_cpu(pid: int) -> float:
    """The CPU seconds of the processes whose parent is ``pid`` (the hint processes)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += cpu_seconds(int(entry.name))
    return total


def ms(values: list[float], q: float | None = None) -> float:
    if not values:
        return float("nan")
    return statistics.median(values) if q is None else percentile(values, q)


def drain(server: ServerProcess) -> None:
    """Keep reading the server's output (into ``server.out``) so that it never waits to write."""
    assert server.proc is not None and server.proc.stdout is not None
    for line in server.proc.stdout:
        server.out.append(line)


def answer_words(m: dict[str, Any], shown: dict[str, Any]) -> str | None:
    """What message ``m`` answers a hint question with, ``shown`` being the asking screen's view
    so far (updated): "(the hint)", a sentence (a refusal such as "busy"), or None (not yet)."""
    if m["type"] == "error":
        return str(m.get("text", "(an error)"))
    if m["type"] != "view":
        return None
    shown.update(m["parts"])
    message = (m["parts"].get("message") or {}).get("text")
    if message:
        return str(message)
    text = (shown.get("advice") or {}).get("text", "")
    return "(the hint)" if text and text not in WORKING else None


def outcomes(said: dict[str, int], unanswered: int) -> str:
    """Questions asked, and how many got the hint, "busy", another sentence, or nothing."""
    busy = sum(n for w, n in said.items() if w in BUSY)
    hinted = said.get("(the hint)", 0)
    other = sum(said.values()) - busy - hinted
    total = sum(said.values()) + unanswered
    return f"{total} asked: {hinted} the hint, {busy} busy, {other} other, {unanswered} unanswered"


def slow_steps(lines: list[str]) -> dict[str, list[float]]:
    """asyncio debug mode's "Executing <what> took N seconds" lines: the times (ms) by what ran."""
    steps: dict[str, list[float]] = collections.defaultdict(list)
    for line in lines:
        found = re.search(r"Executing <(.*?)> took ([0-9.]+) seconds", line)
        if found:
            what = re.sub(r" at 0x[0-9a-f]+|\(\)|created at .*", "", found.group(1))
            steps[what[:120]].append(float(found.group(2)) * 1000)
    return dict(steps)


async def run(
    kind: str, pupils: int, seconds: float, seed: int, pests: int = 0, loop_debug: bool = False
) -> dict[str, Any]:
    rng = random.Random(seed)
    store = Path(tempfile.mkdtemp()) / "class.sqlite3"
    extra = ("--hints", "--pace", "1", "--seed", str(seed), "--joins-per-minute", "0")
    if loop_debug:
        os.environ["PYTHONASYNCIODEBUG"] = "1"
    try:
        server = ServerProcess(store, stop_after=seconds + 300, extra=extra).start()
    finally:
        os.environ.pop("PYTHONASYNCIODEBUG", None)
    assert server.proc is not None
    pid = server.proc.pid
    threading.Thread(target=drain, args=(server,), daemon=True).start()
    pesterers = {"hints+4": 4, "pests": pests}.get(kind, 0)
    tables = plan(pupils, rng)
    tables += [("heroes", 2, 1)] * pesterers  # each alone with a bot: a turn ends, a look back
    asks = ASK if kind != "quiet" else 0.0
    try:
        teacher = await Client(server.url).open()
        await teacher.send(type="hello", code=server.code, key=server.key)
        await teacher.wait_for(lambda m: m["type"] == "class")
        for game, size, _ in tables:
            await teacher.send(type="create", game=game, players=size, level="medium")
        snap = await teacher.wait_for(
            lambda m: m["type"] == "class" and len(m["tables"]) == len(tables), timeout=60
        )
        ids = [t["id"] for t in snap["tables"]]
        everyone: list[Pupil] = []
        for tid, (_, _, n) in zip(ids, tables, strict=True):
            for seat in range(n):
                p = Pupil(server.url, f"Pupil{len(everyone)}", random.Random(rng.random()))
                await p.join(server.code, tid, seat)
                everyone.append(p)
        honest, pests = everyone[: len(everyone) - pesterers], everyone[len(everyone) - pesterers :]
        await asyncio.sleep(3.0)  # the hint processes warm up (the tables' strong bots)
        moves: list[float] = []
        hints: list[float] = []
        unanswered: list[int] = []
        said: dict[str, int] = {}
        pest_unanswered: list[int] = []
        pest_said: dict[str, int] = {}
        pings: list[float] = []
        stop_at = time.perf_counter() + seconds

        async def ask(
            p: Pupil,
            shown: dict[str, Any],
            start: int,
            said: dict[str, int],
            unanswered: list[int],
            took: list[float] | None = None,
        ) -> None:
            """Wait for the answer to the hint question just sent (``shown``: the view as the
            pupil's screen shows it meanwhile) and count what it said."""
            sent = time.perf_counter()
            words: list[str] = []

            def answered(m: dict[str, Any]) -> bool:
                if m["type"] == "view" and m["table"] != p.table:
                    return False
                found = answer_words(m, shown)
                if found is not None:
                    words.append(found)
                return found is not None

            try:
                await p.client.wait_for(answered, timeout=HINT_WAIT, start=start)
            except TimeoutError:
                unanswered.append(1)
                return
            if took is not None:
                took.append((time.perf_counter() - sent) * 1000)
            said[words[0]] = said.get(words[0], 0) + 1

        async def honest_loop(p: Pupil) -> None:
            read = 0
            decided = -1  # the version of the table the pupil last decided to ask or not at

            def catch_up() -> None:
                nonlocal read
                while read < len(p.client.got):
                    m = p.client.got[read]
                    read += 1
                    if m["type"] == "view" and m["table"] == p.table:
                        p.view.update(m["parts"])
                        p.view["version"] = m["version"]

            while time.perf_counter() < stop_at:
                catch_up()
                view = p.view
                actions = view.get("moves", {}).get("actions") or []
                mine = view.get("turn", {}).get("player") == p.seat
                if not (actions and mine):
                    try:
                        await p.client.wait_for(lambda m: True, timeout=0.5, start=read)
                    except TimeoutError:
                        pass
                    continue
                fresh, decided = view["version"] != decided, view["version"]
                # a hint already on the screen (asked at this position) is read, not asked again:
                # asking again changes nothing, so the server sends nothing
                on_screen = (view.get("advice") or {}).get("text", "") not in ("", *WORKING)
                hint_button = (view.get("advice") or {}).get("hint")
                if fresh and hint_button and not on_screen and p.rng.random() < asks:
                    start, sent = read, time.perf_counter()
                    await p.client.send(type="table", msg={"type": "hint"})

                    await ask(p, dict(view), start, said, unanswered, hints)
                    continue
                await asyncio.sleep(p.rng.uniform(0.3, 1.0))
                catch_up()
                if p.client.got[read:]:
                    continue
                version = p.view["version"]
                action = p.rng.choice(p.view["moves"]["actions"])["action"]
                sent = time.perf_counter()
                await p.client.send(
                    type="table", msg={"type": "action", "action": action, "version": version}
                )
                try:
                    reply = await p.client.wait_for(
                        lambda m: m["type"] in ("view", "error"), timeout=10, start=read
                    )
                except TimeoutError:
                    continue
                if reply["type"] == "view" and reply["version"] > version:
                    moves.append((time.perf_counter() - sent) * 1000)

        async def pest_loop(p: Pupil) -> None:
            """A hint at every turn, waited for; then lang de, what if?, lang en and a move."""
            read = 0
            while time.perf_counter() < stop_at:
                while read < len(p.client.got):
                    m = p.client.got[read]
                    read += 1
                    if m["type"] == "view" and m["table"] == p.table:
                        p.view.update(m["parts"])
                acts = p.view.get("moves", {}).get("actions") or []
                if not (acts and p.view.get("turn", {}).get("player") == p.seat):
                    try:
                        await p.client.wait_for(lambda m: True, timeout=0.3, start=read)
                    except TimeoutError:
                        pass
                    continue
                start = len(p.client.got)
                await p.client.send(type="table", msg={"type": "hint"})
                await ask(p, dict(p.view), start, pest_said, pest_unanswered)
                await p.client.send(type="lang", lang="de")
                await p.client.send(type="table", msg={"type": "what_if"})
                await p.client.send(type="lang", lang="en")
                await p.client.send(
                    type="table", msg={"type": "action", "action": p.rng.choice(acts)["action"]}
                )
                await asyncio.sleep(0.15)

        async def pester_loop(p: Pupil) -> None:
            cycle = [
                {"type": "table", "msg": {"type": "hint"}},
                {"type": "lang", "lang": "de"},
                {"type": "table", "msg": {"type": "what_if"}},
                {"type": "lang", "lang": "en"},
            ]
            i = 0
            while time.perf_counter() < stop_at:
                await p.client.send(**cycle[i % 4])
                i += 1
                await asyncio.sleep(1 / PESTER_RATE)
                if not p.client.got:
                    continue
                last = p.client.got[-1]  # play on when it is the pupil's turn: new positions
                if i % 18 == 0 and last["type"] == "view":
                    p.view.update(last["parts"])
                    acts = p.view.get("moves", {}).get("actions") or []
                    if acts and p.view.get("turn", {}).get("player") == p.seat:
                        await p.client.send(
                            type="table",
                            msg={"type": "action", "action": acts[0]["action"]},
                        )

        async def ping_loop() -> None:
            probe = await Client(server.url).open()
            await probe.send(type="hello", code=server.code, key=server.key)
            await probe.wait_for(lambda m: m["type"] != "error")
            while time.perf_counter() < stop_at:
                n, sent = len(probe.got), time.perf_counter()
                await probe.send(type="ping")
                await probe.wait_for(lambda m: m["type"] == "pong", start=n)
                pings.append((time.perf_counter() - sent) * 1000)
                await asyncio.sleep(0.25)
            probe.close()

        load0 = os.getloadavg()[0]
        wait0, cpu0, hints0 = schedstat_wait(pid), cpu_seconds(pid), children_cpu(pid)
        wall0 = time.perf_counter()
        await asyncio.gather(
            *(honest_loop(p) for p in honest),
            *((pest_loop if kind == "pests" else pester_loop)(p) for p in pests),
            ping_loop(),
        )
        wall = time.perf_counter() - wall0
        result = {
            "run": kind,
            "honest": len(honest),
            "pesterers": pesterers,
            "moves": len(moves),
            "move_p50_ms": ms(moves),
            "move_p95_ms": ms(moves, 0.95),
            "move_p99_ms": ms(moves, 0.99),
            "move_max_ms": max(moves, default=float("nan")),
            "ping_p95_ms": ms(pings, 0.95),
            "ping_max_ms": max(pings, default=float("nan")),
            "hints": len(hints),
            "hint_p50_ms": ms(hints),
            "hint_p95_ms": ms(hints, 0.95),
            "hints_unanswered": len(unanswered),
            "hint_words": said,
            "pest_hints_unanswered": len(pest_unanswered),
            "pest_hint_words": pest_said,
            "hint_cpu_s": children_cpu(pid) - hints0,
            "server_cpu_share": (cpu_seconds(pid) - cpu0) / wall,
            "runq_wait_ms_per_s": 1000 * (schedstat_wait(pid) - wait0) / wall,
            "load_start": load0,
            "load": os.getloadavg()[0],
        }
        if loop_debug:
            result["slow_steps"] = slow_steps(server.out)
        for p in everyone:
            p.client.close()
        teacher.close()
    finally:
        server.stop()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=16, help="honest pupils")
    parser.add_argument("--seconds", type=float, default=30.0, help="of play per run")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--runs", default="quiet,hints,hints+4")
    parser.add_argument("--pests", type=int, default=20, help="pupils flooding in the pests run")
    parser.add_argument("--loop-debug", action="store_true", help="the server's slow loop steps")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = []
    for kind in args.runs.split(","):
        r = asyncio.run(
            run(kind, args.pupils, args.seconds, args.seed, args.pests, args.loop_debug)
        )
        results.append(r)
        if not args.json:
            print(
                f"{r['run']:8s}: {r['honest']} honest pupils + {r['pesterers']} pestering, "
                f"{r['moves']} moves p50 {r['move_p50_ms']:.0f} / p95 {r['move_p95_ms']:.0f} / "
                f"p99 {r['move_p99_ms']:.0f} / max {r['move_max_ms']:.0f} ms; "
                f"ping p95 {r['ping_p95_ms']:.0f} (max {r['ping_max_ms']:.0f}) ms; "
                f"{r['hints']} answers p50 {r['hint_p50_ms']:.0f} / p95 {r['hint_p95_ms']:.0f} ms; "
                f"honest questions {outcomes(r['hint_words'], r['hints_unanswered'])}; "
                + (
                    f"pests' questions {outcomes(r['pest_hint_words'], r['pest_hints_unanswered'])}; "
                    if r["run"] == "pests"
                    else ""
                )
                + f"hint processes {r['hint_cpu_s']:.1f} s "
                f"CPU; server {100 * r['server_cpu_share']:.0f}% of a core, run-queue wait "
                f"{r['runq_wait_ms_per_s']:.0f} ms/s; load {r['load_start']:.1f} at the start, {r['load']:.1f} at the end",
                flush=True,
            )
            for what, took in sorted(r.get("slow_steps", {}).items(), key=lambda i: -sum(i[1])):
                print(f"  loop held {len(took)}x, max {max(took):.0f} ms: {what}")
    base = results[0]
    for r in results[1:]:
        r["move_p95_ratio"] = r["move_p95_ms"] / base["move_p95_ms"]
        r["ping_p95_ratio"] = r["ping_p95_ms"] / base["ping_p95_ms"]
        if not args.json:
            print(
                f"{r['run']} / {base['run']}: move p95 x{r['move_p95_ratio']:.2f}, "
                f"ping p95 x{r['ping_p95_ratio']:.2f}"
            )
    if args.json:
        print(json.dumps({"runs": results, "cores": os.cpu_count()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
