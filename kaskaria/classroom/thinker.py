"""Where a class server works out hints and "what if?": a small pool of processes of its own.

A hint is up to a second of search. Worked out on a thread of the server's own process it would
compete with the event loop for the interpreter, and every pupil's move would wait for it; in a
process of its own (started at a lower priority where the system allows, so that the server
comes first) it takes only what the processor has left.

The pool starts with a server whose hints are on (:meth:`HintWorkers.start`: the processes are
spawned and import the hints at once, not at the first question; a new one takes 1-2 s), or
else with the first work (the room warms a table's strong bot as soon as it may hint or play
"hard"), and ends with the server, however it ends (each process watches the server). What crosses to a process is the
question as plain data that pickles (a function of the module level and its arguments, e.g.
:func:`kaskaria.tables.advice.words` with the position and the seat); what comes back is the
answer's words. Work waits on the server until a process is free, and work nobody waits for any
more by then (the pupil moved on, asked something else, left) is skipped. Work that fails, or
whose process died (a crash, a kill), is answered "There is no hint for this moment": the pool is
replaced and the next question works. Past :data:`THINK_QUEUE` pieces of work waiting or
running, a question is answered at once that hints are busy.

Turns are fair: each piece of work names who asked (``who``: the class gives its table), and a
free process takes the waiting work of whoever was served longest ago, not the oldest. When the
queue is full, a question from someone served less recently than a waiting one takes that one's
place (the waiting one hears "busy"), so that a few pupils asking at every move cannot keep a
pupil who asks now and then from getting an answer.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..tables.advice import busy_answer, no_answer

__all__ = ["NICE", "THINK_QUEUE", "WORKERS", "HintWorkers"]

#: The most hints (and board look backs) waiting to be worked out at once in a class; more are
#: answered "ask again in a moment" (a hint is worked out in up to about a second).
THINK_QUEUE = 6
#: How many processes work out hints: one on a computer with two cores or fewer (the other core
#: is the server's), two on a bigger one.
WORKERS = max(1, min(2, (os.cpu_count() or 1) - 1))
#: How much lower the hint processes' priority is than the server's (``nice``; where allowed).
NICE = 10
#: Seconds between a hint process's looks at whether the server still runs.
WATCH = 0.5
_LOG = logging.getLogger("kaskaria.classroom")
#: a piece of work, where its outcome goes, whether it is still wanted, and who asked
_Work = tuple[Callable[[], Any], Callable[[Any], None], Callable[[], bool], object]


def _start_worker(nice: int, server: int) -> None:
    """A hint process's start: a lower priority, what every hint needs imported, and a watch
    that ends the process when the server (process ``server``) has ended, however it ended."""
    threading.Thread(target=_watch, args=(server,), daemon=True, name="watch").start()
    if nice and hasattr(os, "nice"):
        try:
            os.nice(nice)
        except OSError:  # not allowed here: the same priority as the server
            pass
    from .. import hints

    for game in hints.games_with_hints():
        hints.hints_module(game)


def _watch(server: int) -> None:
    while os.getppid() == server:
        time.sleep(WATCH)
    os._exit(0)


def _nothing() -> None:
    """The work that starts a process (its start imports what the hints need)."""


class HintWorkers:
    """The server's hint processes: :meth:`think` is the room's ``think`` (see
    :attr:`kaskaria.classroom.room.ClassRoom.think`)."""

    def __init__(self, workers: int = WORKERS, queue: int = THINK_QUEUE, nice: int = NICE) -> None:
        if workers.__class__ is not int or not 1 <= workers <= 8:
            raise ValueError(f"workers must be a whole number from 1 to 8, got {workers!r}")
        self.workers = workers
        self.queue = queue
        self.nice = nice
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: work waiting for a process (handed on in turn; before the server starts, at its start)
        self._waiting: collections.deque[_Work] = collections.deque()
        self._running = 0
        #: pieces of work taken so far (not answered "busy")
        self.taken = 0
        #: pieces of work handed to the processes so far
        self.handed = 0
        #: pieces of work skipped when their turn came (nobody wanted them any more)
        self.skipped = 0
        #: pools started so far (one, and one more for each that broke)
        self.pools = 0
        #: when each asker's last work was handed on (a count that grows; for fair turns)
        self._served: dict[object, int] = {}
        self._turns = 0

    def start(self, warm: bool = True) -> None:
        """Take work from now on (inside the running event loop) and hand on the work asked for
        before; ``warm``: start the processes now, not at the first piece of work."""
        self._loop = asyncio.get_running_loop()
        if warm:
            for _ in range(self.workers):
                self._pool_now().submit(_nothing)
        self._next()

    def stop(self) -> None:
        """End the processes (work waiting is dropped; a process ends once its work is done)."""
        pool, self._pool = self._pool, None
        self._loop = None
        self._waiting.clear()
        self._served.clear()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _pool_now(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(self.nice, os.getpid()),
            )
            self.pools += 1
        return self._pool

    def _replace(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        if self._pool is pool:
            _LOG.warning("a hint process ended unforeseen; a new one starts")
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    def think(
        self,
        work: Callable[[], Any],
        then: Callable[[Any], None],
        wanted: Callable[[], bool] = lambda: True,
        who: object = None,
    ) -> None:
        """Run ``work()`` in a hint process when one is free, then ``then(outcome)`` on the
        event loop: its result, or a :class:`~kaskaria.tables.words.Refused`: "no hint for this
        moment" when it failed, its process died, or ``wanted()`` said False when its turn came
        (it is then not run); "busy" past :attr:`queue` pieces waiting or running, at once for
        this work, or for the waiting work of an asker served more recently than ``who`` (which
        then gives its place to this work)."""
        if len(self._waiting) + self._running >= self.queue:
            pushed = self._most_served()
            if pushed is None or self._last(pushed[3]) <= self._last(who):
                then(busy_answer())
                return
            self._waiting.remove(pushed)
            pushed[1](busy_answer())
        self._waiting.append((work, then, wanted, who))
        self.taken += 1
        self._next()

    def _last(self, who: object) -> int:
        """When ``who``'s work was last handed on (-1: never)."""
        return -1 if who is None else self._served.get(who, -1)

    def _most_served(self) -> _Work | None:
        """The waiting work of the asker served most recently (the newest of theirs)."""
        return max(reversed(self._waiting), key=lambda piece: self._last(piece[3]), default=None)

    def _least_served(self) -> _Work:
        """The waiting work whose asker was served longest ago (the oldest of theirs)."""
        return min(self._waiting, key=lambda piece: self._last(piece[3]))

    def _next(self) -> None:
        """Hand waiting work to the processes while one is free."""
        while self._loop is not None and self._waiting and self._running < self.workers:
            piece = self._least_served()
            self._waiting.remove(piece)
            work, then, wanted, who = piece
            if not wanted():
                self.skipped += 1
                then(no_answer())
                continue
            for _ in range(2):  # a pool whose process died since the last question: a new one
                pool = self._pool_now()
                try:
                    future = pool.submit(work)
                    break
                except BrokenProcessPool:
                    self._replace(pool)
            else:
                then(no_answer())
                continue
            self._running += 1
            self.handed += 1
            if who is not None:
                self._turns += 1
                self._served[who] = self._turns
            future.add_done_callback(functools.partial(self._back, self._loop, pool, then))

    def _back(
        self,
        loop: asyncio.AbstractEventLoop,
        pool: concurrent.futures.ProcessPoolExecutor,
        then: Callable[[Any], None],
        future: concurrent.futures.Future[Any],
    ) -> None:
        """Hand a finished piece of work back to the event loop (on the pool's own thread)."""
        try:
            loop.call_soon_threadsafe(self._finished, pool, future, then)
        except RuntimeError:  # the event loop has ended: nobody waits any more
            pass

    def _finished(
        self,
        pool: concurrent.futures.ProcessPoolExecutor,
        future: concurrent.futures.Future[Any],
        then: Callable[[Any], None],
    ) -> None:
        if self._loop is None:  # the server has stopped
            return
        self._running -= 1
        if future.cancelled():
            outcome: Any = no_answer()
        elif future.exception() is None:
            outcome = future.result()
        else:
            error = future.exception()
            if isinstance(error, BrokenProcessPool):
                self._replace(pool)
            else:
                _LOG.error("a hint could not be worked out", exc_info=error)
            outcome = no_answer()
        then(outcome)
        self._next()
