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
running, a question is answered at once that hints are busy; one that waited :data:`WAIT_MOST`
seconds for a free process is answered so then, not late. A question held up by no other
pupil's question, only by the processes starting or a table's bot being loaded, hears that the
hints are still getting ready instead (a class's first questions on a busy computer).

**Bots' moves and questions take turns.** The same processes work out the steps of the tables'
thinking bots (a search bot seated as "hard": :meth:`HintWorkers.decide`, the room's ``decide``).
A bot's move is the table's, not a pupil's question: it counts in no asker's use, searches with
its whole budget (its clock, :data:`kaskaria.bots.GUARD_SECONDS`, stops it only on a busy
computer) and is never answered "busy" because of questions.
A free process takes a waiting bot's move (in the order they came) before a question, but never
two moves in a row while a question waits: so the questions keep at least half of the processes
however many tables' bots think (many tables with a search bot, made by a class or by one
pupil, do not starve the hints). Past :data:`MOVE_QUEUE` moves waiting, or once a move waited
:data:`WAIT_MOST` seconds, or when its process failed, the table hears so and its game's quick
"hard" bot makes that move at once: a table never stops for a move that cannot be worked out.

While others wait, a question's search makes fewer playouts (half its budget with one more
waiting, down to a quarter; :func:`kaskaria.hints.thinner`), so that under a flood a process
answers about three times as many questions a second; the hint is still the search's own choice,
and its sentence quotes the playouts it made. Dragon Battle's exact hints cost little anyway.

Turns are fair: each piece of work names who asked (``who``: the class gives the pupil), and the
pool keeps each asker's recent use of the processes (:class:`Use`: the processor seconds a
process gave their questions, at least :data:`LEAST_USE` a question, halving every
:data:`HALF_LIFE` seconds; waits, for a free process or for a core, are not counted). A free
process takes the waiting work of the asker who used the processes least lately (among equals,
the work that waited longest). When the queue is full, a question from someone who used them
less than a waiting asker takes the place of that asker's newest work (which hears "busy"). So a
pupil who asks now and then goes before one who asks at every move, and each nickname counts
alone: many nicknames asking at every move are each "one who asks often", while a pupil who
asks now and then still waits for the piece running (on one process, up to a second's search,
longer on a busy computer). When the class asks for more than the processes can work out, some
questions hear "busy", at once or after :data:`WAIT_MOST` seconds, whoever asks them; on a
computer so busy that the processes get almost no processor time, nobody's are answered.
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
from dataclasses import dataclass
from typing import Any

from ..tables.advice import busy_answer, no_answer, ready_answer

__all__ = [
    "HALF_LIFE",
    "LEAST_USE",
    "MOVE_QUEUE",
    "NICE",
    "THIN",
    "THINK_QUEUE",
    "WAIT_MOST",
    "WORKERS",
    "HintWorkers",
    "Use",
]

#: The most hints (and board look backs) waiting to be worked out at once in a class; more are
#: answered "ask again in a moment" (a hint is worked out in up to about a second).
THINK_QUEUE = 6
#: The most bots' moves waiting for a process at once; one more is made by its game's quick bot
#: at once (each takes a few tenths of a second of a process, at most
#: :data:`kaskaria.bots.GUARD_SECONDS`: with four waiting, the last waits a second or two).
MOVE_QUEUE = 4
#: How many processes work out hints: one on a computer with two cores or fewer (the other core
#: is the server's), two on a bigger one.
WORKERS = max(1, min(2, (os.cpu_count() or 1) - 1))
#: How much lower the hint processes' priority is than the server's (``nice``; where allowed).
NICE = 10
#: Seconds between a hint process's looks at whether the server still runs.
WATCH = 0.5
#: Seconds in which an asker's use of the hint processes counts half as much (fair turns).
HALF_LIFE = 120.0
#: The seconds a question counts at least (more when its answer took a process longer), so that
#: asking again and again after "busy" counts like waiting all along.
LEAST_USE = 1.0
#: The most seconds a question waits for a free process: one that waited longer hears "busy"
#: then (the pupil would be waiting still, and its answer would come too late to help).
WAIT_MOST = 5.0
#: While questions wait, the one handed on searches with a smaller share of its budget: half
#: with one more waiting, a third with two, and at least ``1/THIN`` (see
#: :func:`kaskaria.hints.thinner`), so that the processes answer more questions a second.
THIN = 4
_LOG = logging.getLogger("kaskaria.classroom")


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


def _worked(work: Callable[[], Any], share: float) -> tuple[Any, float]:
    """``work()`` in a hint process, its searches with ``share`` of their budget: its outcome and
    the processor seconds it took (not the seconds on the clock: on a busy computer a process
    waits for a core, and that wait is nobody's use)."""
    from ..hints import thinner

    started = time.process_time()
    with thinner(share):
        outcome = work()
    return outcome, time.process_time() - started


class Use:
    """Each asker's recent use of the hint processes: the processor seconds their questions
    took (at least :data:`LEAST_USE` a question, also for one answered "busy" or skipped),
    halving every ``half_life`` seconds of ``clock``, and :data:`LEAST_USE` for each question
    not answered yet. Fair turns: the least used asker goes first. Neither the seconds a
    question waits for a free process nor those its process waits for a core are counted: under
    a flood every question waits, and on a busy computer every process does, and counting
    either would make a pupil who asks now and then look as busy as the flood. A pupil who asks
    at every move, or again after "busy", gains a second or more a question; one who asks now
    and then, only their few questions."""

    def __init__(self, half_life: float = HALF_LIFE, clock: Callable[[], float] = time.monotonic):
        self.half_life = half_life
        self.clock = clock
        #: each asker's use of answered questions and when it was last counted
        self._use: dict[object, tuple[float, float]] = {}
        #: each asker's questions not answered yet
        self.open: collections.Counter[object] = collections.Counter()

    def __call__(self, who: object) -> float:
        """``who``'s use now (0 for nobody or a new asker)."""
        now = self.clock()
        used, at = self._use.get(who, (0.0, now))
        return used * 0.5 ** ((now - at) / self.half_life) + LEAST_USE * self.open[who]

    def add(self, who: object, seconds: float) -> None:
        """Count ``seconds`` more of use for ``who`` (nothing for nobody)."""
        if who is None:
            return
        now = self.clock()
        used, at = self._use.get(who, (0.0, now))
        self._use[who] = (used * 0.5 ** ((now - at) / self.half_life) + seconds, now)
        if len(self._use) > 4 * 1024:  # forget those whose use has faded
            self._use = {w: u for w, u in self._use.items() if self(w) >= LEAST_USE / 64}

    def counting(self, who: object, then: Callable[[Any], None]) -> _Counted:
        """``then``, counting the question of ``who``'s it answers when it is called with the
        outcome (answered, "busy", skipped): :attr:`_Counted.worked` (the processor seconds
        its process gave it), at least :data:`LEAST_USE`."""
        return _Counted(self, who, then)

    def clear(self) -> None:
        self._use.clear()
        self.open.clear()


class _Counted:
    """An outcome's destination that counts the question's use (see :meth:`Use.counting`)."""

    def __init__(self, use: Use, who: object, then: Callable[[Any], None]) -> None:
        self.use, self.who, self.then = use, who, then
        #: the processor seconds a process gave the question (0 until one answered it)
        self.worked = 0.0
        self.done = who is None
        if who is not None:
            use.open[who] += 1

    def __call__(self, outcome: Any) -> None:
        if not self.done:
            self.done = True
            self.use.open[self.who] -= 1
            if self.use.open[self.who] <= 0:
                del self.use.open[self.who]
            self.use.add(self.who, max(LEAST_USE, self.worked))
        self.then(outcome)


@dataclass
class _Piece:
    """A piece of work, where its outcome goes, whether it is still wanted, who asked, and when
    (the use's clock)."""

    work: Callable[[], Any]
    then: _Counted
    wanted: Callable[[], bool]
    who: object
    since: float
    #: how many pupils' questions the thinker had handed on when this one came
    handed_before: int = 0
    #: a table's bot's move (not a question)
    move: bool = False


def _nothing() -> None:
    """The work that starts a process (its start imports what the hints need)."""


class HintWorkers:
    """The server's hint processes: :meth:`think` is the room's ``think`` (see
    :attr:`kaskaria.classroom.room.ClassRoom.think`), :meth:`decide` its ``decide`` (the
    tables' thinking bots' steps)."""

    def __init__(
        self,
        workers: int = WORKERS,
        queue: int = THINK_QUEUE,
        nice: int = NICE,
        moves: int = MOVE_QUEUE,
        use: Use | None = None,
        wait_most: float = WAIT_MOST,
        thin: int = THIN,
    ) -> None:
        if workers.__class__ is not int or not 1 <= workers <= 8:
            raise ValueError(f"workers must be a whole number from 1 to 8, got {workers!r}")
        self.workers = workers
        self.queue = queue
        self.moves = moves
        self.nice = nice
        self.wait_most = wait_most
        self.thin = thin
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: work waiting for a process (handed on in turn; before the server starts, at its start)
        self._waiting: collections.deque[_Piece] = collections.deque()
        #: bots' moves waiting for a process (handed on before a question, in order, but not
        #: two in a row while a question waits)
        self._moves: collections.deque[_Piece] = collections.deque()
        #: was the last piece handed on a bot's move (then a waiting question goes next)?
        self._last_move = False
        self._running = 0
        #: who asked each piece of work running (None: a warm-up nobody asked)
        self._running_who: list[object] = []
        #: pupils' questions and bots' moves handed on so far (warm-ups nobody asked not counted)
        self._asked_handed = 0
        #: pieces of work taken so far (not answered "busy")
        self.taken = 0
        #: pieces of work handed to the processes so far
        self.handed = 0
        #: pieces of work skipped when their turn came (nobody wanted them any more)
        self.skipped = 0
        #: pieces of work answered "busy" after waiting :attr:`wait_most` seconds
        self.late = 0
        #: bots' moves taken so far, and those answered "busy" (too many waited, or too long)
        self.moves_taken = 0
        self.moves_refused = 0
        #: pieces of work handed on with less than their full search budget (others waited)
        self.thinned = 0
        #: pools started so far (one, and one more for each that broke)
        self.pools = 0
        #: each asker's recent use of the processes (fair turns)
        self.use = Use() if use is None else use

    def start(self, warm: bool = True) -> None:
        """Take work from now on (inside the running event loop) and hand on the work asked for
        before; ``warm``: start the processes now, not at the first piece of work."""
        self._loop = asyncio.get_running_loop()
        if warm:
            for _ in range(self.workers):
                self._pool_now().submit(_nothing)
        if self._waiting or self._moves:
            self._loop.call_later(self.wait_most, self._drop_late)
        self._next()

    def stop(self) -> None:
        """End the processes (work waiting is dropped; a process ends once its work is done)."""
        pool, self._pool = self._pool, None
        self._loop = None
        self._waiting.clear()
        self._moves.clear()
        self.use.clear()
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

    def _refusal(self, piece: _Piece | None = None) -> Any:
        """What a question that cannot be worked out now (``piece``, waiting; None: asked now)
        hears: "busy" when questions (others', or the asker's own earlier ones) are
        or were ahead of it (running, waiting since before it, or handed on while it waited);
        "still getting ready" when none was, so that only the processes' start or a warm-up
        nobody asked held it up (a class's first question on a busy computer: not "many
        hints")."""
        if piece is not None and self._asked_handed > piece.handed_before:
            return busy_answer()
        since = None if piece is None else piece.since
        ahead = [w for w in self._running_who if w is not None]
        ahead += [p.who for p in self._moves]  # a bot's move may go before a question
        ahead += [
            p.who
            for p in self._waiting
            if p.who is not None and p is not piece and (since is None or p.since < since)
        ]
        return busy_answer() if ahead else ready_answer()

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
        this work, or for the waiting work of an asker who used the processes more lately than
        ``who`` (which then gives its place to this work); "busy" too once it has waited
        :attr:`wait_most` seconds (unless nobody asked it: ``who`` None); "still getting ready"
        instead of "busy" when no other asker's work was ahead of it (:meth:`_refusal`)."""
        self._drop_late()
        counted = self.use.counting(who, then)
        if len(self._waiting) + self._running >= self.queue:
            pushed = self._most_used()
            if pushed is None or pushed.who == who or self.use(pushed.who) <= self.use(who):
                counted(self._refusal())
                return
            self._waiting.remove(pushed)
            pushed.then(busy_answer())  # another asker's question takes its place
        self._waiting.append(
            _Piece(work, counted, wanted, who, self.use.clock(), self._asked_handed)
        )
        self.taken += 1
        if self._loop is not None:
            self._loop.call_later(self.wait_most, self._drop_late)
        self._next()

    def decide(
        self,
        work: Callable[[], Any],
        then: Callable[[Any], None],
        wanted: Callable[[], bool] = lambda: True,
        who: object = None,
    ) -> None:
        """Work out a table's bot's move (``who``: the table) in a process when one is free,
        before a question waiting (moves and questions take turns while both wait), then
        ``then(outcome)`` on the event loop: as
        :meth:`think`, but "busy" only past :attr:`moves` moves waiting (at once) or once it
        waited :attr:`wait_most` seconds; it counts in nobody's use, and its search has its
        whole budget."""
        self._drop_late()
        self.moves_taken += 1
        if len(self._moves) >= self.moves:
            self.moves_refused += 1
            then(busy_answer())
            return
        counted = self.use.counting(None, then)
        self._moves.append(
            _Piece(work, counted, wanted, who, self.use.clock(), self._asked_handed, move=True)
        )
        if self._loop is not None:
            self._loop.call_later(self.wait_most, self._drop_late)
        self._next()

    def _drop_late(self) -> None:
        """Answer "busy" to the questions, and the bots' moves, that waited :attr:`wait_most`
        seconds or more."""
        now = self.use.clock()
        late = [p for p in self._waiting if p.who is not None and now - p.since >= self.wait_most]
        for piece in late:
            self._waiting.remove(piece)
            self.late += 1
            piece.then(self._refusal(piece))
        while self._moves and now - self._moves[0].since >= self.wait_most:
            self.moves_refused += 1
            self._moves.popleft().then(busy_answer())

    def _most_used(self) -> _Piece | None:
        """The waiting work of the asker who used the processes most lately (the newest of
        theirs)."""
        return max(reversed(self._waiting), key=lambda piece: self.use(piece.who), default=None)

    def _least_used(self) -> _Piece:
        """The waiting work of the asker who used the processes least lately (the oldest of
        theirs)."""
        return min(self._waiting, key=lambda piece: self.use(piece.who))

    def _next(self) -> None:
        """Hand waiting work to the processes while one is free: a bot's move before a
        question, but not two moves in a row while a question waits (questions and moves take
        turns), a question with a thinner search while other questions wait."""
        self._drop_late()
        while (
            self._loop is not None
            and (self._moves or self._waiting)
            and self._running < self.workers
        ):
            if self._moves and not (self._last_move and self._waiting):
                piece, share = self._moves.popleft(), 1.0
            else:
                piece = self._least_used()
                self._waiting.remove(piece)
                share = 1 / min(self.thin, 1 + len(self._waiting))
            if not piece.wanted():
                self.skipped += 1
                piece.then(no_answer())
                continue
            for _ in range(2):  # a pool whose process died since the last question: a new one
                pool = self._pool_now()
                try:
                    future = pool.submit(_worked, piece.work, share)
                    break
                except BrokenProcessPool:
                    self._replace(pool)
            else:
                piece.then(no_answer())
                continue
            self._running += 1
            self._last_move = piece.move
            self._running_who.append(piece.who)
            self._asked_handed += piece.who is not None
            self.handed += 1
            self.thinned += share < 1
            future.add_done_callback(functools.partial(self._back, self._loop, pool, piece))

    def _back(
        self,
        loop: asyncio.AbstractEventLoop,
        pool: concurrent.futures.ProcessPoolExecutor,
        piece: _Piece,
        future: concurrent.futures.Future[Any],
    ) -> None:
        """Hand a finished piece of work back to the event loop (on the pool's own thread)."""
        _soon(loop, self._finished, pool, future, piece)

    def _finished(
        self,
        pool: concurrent.futures.ProcessPoolExecutor,
        future: concurrent.futures.Future[Any],
        piece: _Piece,
    ) -> None:
        if self._loop is None:  # the server has stopped
            return
        self._running -= 1
        self._running_who.remove(piece.who)
        then = piece.then
        if future.cancelled():
            outcome: Any = no_answer()
        elif future.exception() is None:
            outcome, then.worked = future.result()
        else:
            error = future.exception()
            if isinstance(error, BrokenProcessPool):
                self._replace(pool)
            elif piece.move:
                _LOG.error("a bot's move could not be worked out", exc_info=error)
            else:
                _LOG.error("a hint could not be worked out", exc_info=error)
            outcome = no_answer()
        then(outcome)
        self._next()


def _soon(loop: asyncio.AbstractEventLoop | None, call: Callable[..., None], *args: Any) -> None:
    """Call ``call(*args)`` on ``loop`` soon (from a pool's thread); nothing once it has ended."""
    if loop is None:
        return
    try:
        loop.call_soon_threadsafe(call, *args)
    except RuntimeError:  # the event loop has ended: nobody waits any more
        pass
