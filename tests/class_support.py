"""Helpers for tests that talk to a real class server on 127.0.0.1 (a subprocess)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import tornado.httpclient
import tornado.websocket


def run_async(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)`` in a thread of its own (a browser test earlier in the same
    process leaves an event loop running in this thread)."""
    import threading

    out: dict[str, Any] = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(coroutine)
        except BaseException as err:  # handed to the caller
            out["error"] = err

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


class ServerProcess:
    """``kaskaria-class`` in a subprocess on a free loopback port; stops by itself after
    ``stop_after`` seconds in any case."""

    def __init__(self, store: Path, stop_after: float = 120, extra: tuple[str, ...] = ()) -> None:
        self.store = store
        self.stop_after = stop_after
        self.extra = extra
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.code = ""
        self.key = ""
        self.out: list[str] = []

    def start(self, timeout: float = 30) -> ServerProcess:
        cmd = [
            sys.executable,
            "-m",
            "kaskaria.classroom.server",
            "--port",
            "0",
            "--store",
            str(self.store),
            "--no-announce",
            "--stop-after",
            str(self.stop_after),
            *self.extra,
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        end = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.out.append(line)
            if m := re.search(r"Class code:\s+(\S+)", line):
                self.code = m.group(1)
            if m := re.search(r"Teacher key:\s+(\S+)", line):
                self.key = m.group(1)
            if m := re.search(r"\[ready on port (\d+)\]", line):
                self.port = int(m.group(1))
                return self
        self.stop()
        raise RuntimeError("the class server did not start:\n" + "".join(self.out[-20:]))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def kill(self) -> None:
        """``kill -9``: no chance to tidy up."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Client:
    """One device's WebSocket, keeping every message it receives."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.url = url.replace("http://", "ws://") + "ws"
        #: headers of the opening request (a proxy's X-Forwarded-For)
        self.headers = headers
        self.ws: Any = None
        self.got: list[dict[str, Any]] = []
        #: when each message arrived (time.perf_counter)
        self.arrived: list[float] = []
        self._new = asyncio.Event()

    async def open(self) -> Client:
        request = tornado.httpclient.HTTPRequest(self.url, headers=self.headers)
        self.ws = await asyncio.wait_for(tornado.websocket.websocket_connect(request), 10)
        asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        while True:
            msg = await self.ws.read_message()
            if msg is None:
                self.arrived.append(time.perf_counter())
                self.got.append({"type": "closed"})
                self._new.set()
                return
            data = json.loads(msg)
            self.arrived.append(time.perf_counter())
            self.got.append(data)
            self._new.set()

    async def send(self, **message: Any) -> None:
        await self.ws.write_message(json.dumps(message))

    async def send_raw(self, text: str | bytes) -> None:
        await self.ws.write_message(text, binary=isinstance(text, bytes))

    async def wait_for(self, test: Any, timeout: float = 10.0, start: int = 0) -> dict[str, Any]:
        """The first message from ``start`` on for which ``test(message)`` holds."""
        end = time.monotonic() + timeout
        seen = start
        while True:
            for m in self.got[seen:]:
                if test(m):
                    return m
            seen = len(self.got)
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such message; last: {self.got[-3:]}")
            self._new.clear()
            try:
                await asyncio.wait_for(self._new.wait(), left)
            except asyncio.TimeoutError:
                pass

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()

    async def sit(self, table: int, seat: int, timeout: float = 60.0) -> None:
        """Sit down at ``seat`` and wait for its view; while the bot in that seat is deciding
        (a table where pupils play: the class's rule), again a moment later, as a pupil would."""
        end = time.monotonic() + timeout
        while True:
            start = len(self.got)
            await self.send(type="sit", table=table, seat=seat)
            got = await self.wait_for(
                lambda m: m["type"] == "error" or (m["type"] == "view" and m["seat"] == seat),
                timeout=max(0.1, end - time.monotonic()),
                start=start,
            )
            if got["type"] == "view":
                return
            if time.monotonic() > end:
                raise TimeoutError(f"never sat down at table {table}, seat {seat}: {got['text']}")
            await asyncio.sleep(0.3)

    def held_view(self) -> dict[str, Any]:
        """The view as the device holds it now (parts merged in order)."""
        held: dict[str, Any] = {}
        for m in self.got:
            if m.get("type") == "view":
                if held.get("_key") != (m["table"], m["seat"]):
                    held = {"_key": (m["table"], m["seat"])}
                held.update(m["parts"])
                held["version"] = m["version"]
        return held


def teacher_command(server: ServerProcess, **message) -> dict:
    """A teacher's command sent as the projector widget's Python sends it (the key in a
    header), and the server's reply."""
    request = urllib.request.Request(
        server.url + "api/command",
        data=json.dumps(message).encode(),
        headers={"X-Kaskaria-Key": server.key},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as r:
        return dict(json.loads(r.read()))


async def open_teacher(server: ServerProcess) -> Client:
    """The teacher's page on ``server``: connected with the key, its first class board read."""
    teacher = await Client(server.url).open()
    await teacher.send(type="hello", code=server.code, key=server.key)
    await teacher.wait_for(lambda m: m["type"] == "class")
    return teacher
