"""Golden views: what a screen receives, recorded once and held byte for byte.

A fixed set of seeded runs per game (every player count and variant, people and bots) is played
through a table's public doors: the messages a screen sends (``session.handle``) and the Python
methods a notebook calls. After every step the view of every viewer (each seat, the table, the
omniscient viewer) in both languages is built, and so is the screen's own view, its static HTML,
its one-line text and its log lines; whatever a step said back (its result, the error a Python
call raised, with its words) is kept too. A class run does the same through the class server's
logic (``ClassRoom.receive``): every message each device (pupils, a watcher, the teacher) gets.

The record (``tests/golden/<name>.views``) is text a reviewer can read in a diff:

- ``run <name> <set-up>`` starts a run; ``= <step> <what was done> -> <what it said>`` is a step;
- then one line per stream (``self``, ``0/en``, ``table/de``, ...): ``v+<n>`` (how much the view's
  version grew since that stream's previous line; a click carries the latest) and, for each
  part of the view that changed since that stream's previous line, ``<part>=<hash>`` (the first 10
  hex digits of BLAKE2b over the part's JSON text exactly as a screen receives it: key order kept,
  ``separators=(",", ":")``). A part that did not change is not written, so a diff shows which part
  of which screen changed at which step;
- ``tests/golden/<name>.sample.jsonl`` holds full copies (the screen's own view, in full JSON, at
  the first and last step of every run), so the words behind a changed hash can be read.

``python tests/golden_views.py`` records them again (after an intended change: review the diff
and say in the file's header what changed and why); ``tests/test_golden_views.py`` checks that the
code reproduces them.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
LANGS = ("en", "de")


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=5).hexdigest()


def dumps(value: Any) -> str:
    """A part's JSON as a screen receives it (key order kept)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# ----------------------------------------------------------------------------------------------
# table runs
# ----------------------------------------------------------------------------------------------
@dataclass
class Run:
    """One seeded run: the table's set-up, how many steps, and what happens at given steps
    (anything else is a person's random legal move from their own screen, or Next / a watched
    turn / a tick for bots and chance)."""

    name: str
    game: str
    players: int
    variant: str
    seats: tuple[str, ...]
    seed: int
    steps: int
    options: dict[str, Any] = field(default_factory=dict)
    events: dict[int, list[tuple[Any, ...]]] = field(default_factory=dict)
    finish: bool = True  # bots take every seat at the end and play the game out

    def setup(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "variant": self.variant,
            "seats": list(self.seats),
            "seed": self.seed,
            **self.options,
        }


def _people_events(at: int = 8) -> dict[int, list[tuple[Any, ...]]]:
    """What a screen and a notebook do besides playing (the same steps in every game), from
    step ``at`` on (a few moves first, so that there is something to take back)."""
    events: list[list[tuple[Any, ...]]] = [
        [("msg", {"type": "log", "more": True})],
        [("msg", {"type": "undo"}, 1), ("msg", {"type": "undo"}, 0)],
        [("msg", {"type": "action", "action": "no such move"})],
        [("msg", {"type": "action", "action": 5}), ("msg", {"type": "bogus"})],
        [("msg", {"type": "lang", "lang": "de"}), ("passing-act",)],
        [("msg", {"type": "sound", "on": True}), ("msg", {"type": "motion", "motion": "reduced"})],
        [("msg", {"type": "viewer", "viewer": "table"}), ("hidden-act",)],
        [("msg", {"type": "viewer", "viewer": "omniscient"})],
        [("msg", {"type": "viewer", "viewer": "auto"})],
        [("stale",)],
        [("msg", {"type": "help", "on": False}), ("msg", {"type": "lang", "lang": "en"})],
        [("py", "undo"), ("msg", {"type": "log", "more": False})],
        [("msg", {"type": "pace", "delay": 3}), ("msg", {"type": "pace", "delay": 99})],
        [("msg", {"type": "pass"}), ("msg", {"type": "next"})],
        [
            ("msg", {"type": "help", "on": True}),
            ("msg", {"type": "seat", "player": 0, "seat": "x"}),
        ],
        [("set", "lang", "xx"), ("set", "motion", "sideways"), ("set", "sound", 1)],
        [("msg", {"type": "log", "more": True}), ("msg", {"type": "log", "more": True})],
        [("msg", {"type": "code", "code": "KAS1-nonsense"})],
        [("msg", {"type": "restart", "players": 99})],
        [("py", "pass_device"), ("py", "next")],
        [("msg", {"type": "turn"}), ("passing-act",)],
        [("msg", {"type": "hourglass", "on": False}), ("msg", {"type": "hourglass", "on": True})],
    ]
    return {at + i: e for i, e in enumerate(events)}


def _bots_events() -> dict[int, list[tuple[Any, ...]]]:
    return {
        3: [("msg", {"type": "turn"}), ("tick",), ("tick",), ("tick",)],
        6: [("msg", {"type": "autoplay", "delay": 0.5}), ("tick",), ("tick",)],
        8: [("msg", {"type": "autoplay", "delay": None})],
        9: [("py", "play_turn")],
        10: [("msg", {"type": "seat", "player": 1, "seat": "medium"})],
        11: [("set", "bot_names", True)],
        12: [("msg", {"type": "undo"})],
        13: [("set", "bot_names", False), ("msg", {"type": "lang", "lang": "de"})],
        16: [("msg", {"type": "log", "more": True})],
    }


def _python_events() -> dict[int, list[tuple[Any, ...]]]:
    """A notebook's calls: moves by text, explicit chance, codes, new games, seats."""
    return {
        1: [("py", "run_bots")],
        3: [("py", "undo"), ("py", "undo")],
        4: [("py", "act", "nothing"), ("py", "act", 7)],
        6: [("code",)],
        8: [("py", "new_game", 5)],
        10: [("py", "set_seat", 1, "hard"), ("py", "set_seat", 9, "human")],
        12: [("py", "restart", None, None, 11)],
        14: [("set", "viewer", 7), ("set", "pace", "slow"), ("set", "autoplay", 0.01)],
        15: [("set", "help", False), ("set", "hourglass", False)],
        17: [("py", "new_game", None)],
        18: [("py", "new_game", -1)],
    }


RUNS: dict[str, list[Run]] = {
    "dragon-battle": [
        Run(
            "2p-basic-people",
            "dragon-battle",
            2,
            "basic",
            ("human", "human"),
            3,
            50,
            {"autoplay": None},
            _people_events(),
        ),
        Run(
            "3p-younger-mixed",
            "dragon-battle",
            3,
            "younger",
            ("human", "easy", "hard"),
            8,
            50,
            {},
            {**_bots_events(), 20: [("msg", {"type": "restart", "players": 4})]},
        ),
        Run(
            "4p-memory-bots",
            "dragon-battle",
            4,
            "memory",
            ("easy", "medium", "hard", "random"),
            5,
            45,
            {"autoplay": None},
            _bots_events(),
        ),
        Run(
            "2p-memory-python",
            "dragon-battle",
            2,
            "memory",
            ("human", "optimal"),
            12,
            30,
            {"autoplay": None},
            _python_events(),
        ),
    ],
    "heroes": [
        Run(
            "2p-basic-people",
            "heroes",
            2,
            "basic",
            ("human", "human"),
            4,
            50,
            {"autoplay": None},
            _people_events(),
        ),
        Run(
            "3p-brave-mixed",
            "heroes",
            3,
            "brave",
            ("human", "easy", "hard"),
            6,
            45,
            {},
            _bots_events(),
        ),
        # (the bot that was "hard" here by name: a four-player table's "hard" is now the search,
        # whose thinking this file need not record again: tests/test_search_bots.py)
        Run(
            "4p-basic-bots",
            "heroes",
            4,
            "basic",
            ("easy", "medium", "planner", "random"),
            2,
            40,
            {"autoplay": None},
            _bots_events(),
        ),
        Run(
            "2p-brave-python",
            "heroes",
            2,
            "brave",
            ("human", "planner"),
            9,
            30,
            {"autoplay": None, "viewer": 0},
            _python_events(),
        ),
    ],
    "dragons-gold": [
        Run(
            "3p-basic-people",
            "dragons-gold",
            3,
            "basic",
            ("human", "human", "human"),
            4,
            60,
            {"autoplay": None, "hourglass": True},
            {**_people_events(), 35: [("timeout",)], 45: [("timeout",)], 55: [("timeout",)]},
        ),
        Run(
            "4p-advanced-mixed",
            "dragons-gold",
            4,
            "advanced",
            ("human", "easy", "medium", "hard"),
            7,
            45,
            {"hourglass": True},
            {**_bots_events(), 25: [("timeout",)]},
        ),
        Run(
            "5p-basic-strategic-bots",
            "dragons-gold",
            5,
            "basic-strategic",
            ("easy", "medium", "hard", "fair", "random"),
            3,
            30,
            {"autoplay": None},
            _bots_events(),
        ),
        Run(
            "6p-advanced-strategic-python",
            "dragons-gold",
            6,
            "advanced-strategic",
            ("human", "easy", "easy", "medium", "medium", "hard"),
            10,
            25,
            {"autoplay": None, "hourglass": False},
            _python_events(),
        ),
    ],
}


def _said(value: Any) -> str:
    if isinstance(value, BaseException):
        from kaskaria import IllegalActionError, InvalidActionError

        kinds = (IllegalActionError, InvalidActionError, ValueError, TypeError, RuntimeError)
        kind = "+".join(k.__name__ for k in kinds if isinstance(value, k))
        return f"{kind}: {value}"
    return json.dumps(value, ensure_ascii=False, default=str)


class Recorder:
    """Plays one run and yields its lines."""

    def __init__(self, run: Run) -> None:
        from kaskaria.session import TableSession

        self.run = run
        self.clock = Clock()
        options = dict(run.options)
        self.session = TableSession(
            run.game,
            run.players,
            run.seats,
            run.variant,
            run.seed,
            clock=self.clock,
            **options,
        )
        self.rng = np.random.default_rng(run.seed)
        self.last: dict[str, dict[str, str]] = {}
        self.samples: list[dict[str, Any]] = []
        self.viewers: list[Any] = [*range(run.players), "table", "omniscient"]

    # -- doing ------------------------------------------------------------------------------
    def _call(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except (ValueError, TypeError, RuntimeError) as err:
            return err

    def _msg(self, content: dict[str, Any], screen: Any = None) -> str:
        s = self.session
        shown = json.dumps(content, ensure_ascii=False)
        content = dict(content)
        if content["type"] in ("action", "next", "turn", "undo", "pass"):
            content.setdefault("version", s.version)  # a click on the latest view
            shown += " @latest"
        said = self._call(lambda: s.handle(content, screen))
        who = "" if screen is None else f" by {screen}"
        return f"msg {shown}{who} -> {_said(said)}"

    def _event(self, event: tuple[Any, ...]) -> str:
        s = self.session
        kind = event[0]
        if kind == "msg":
            return self._msg(event[1], event[2] if len(event) > 2 else None)
        if kind == "py":
            name, args = event[1], event[2:]
            said = self._call(lambda: getattr(s, name)(*args))
            return f"py {name}{args!r} -> {_said(said)}"
        if kind == "set":
            name, value = event[1], event[2]
            said = self._call(lambda: setattr(s, name, value))
            return f"set {name}={value!r} -> {_said(said)}"
        if kind == "tick":
            wait = s.wake_in()
            self.clock.now += 0.0 if wait is None else wait
            return self._msg({"type": "tick"})
        if kind == "timeout":  # play on until the hourglass runs, then let it run out
            done = []
            for _ in range(60):
                timer = s.view()["timer"]
                if timer is not None and timer["running"]:
                    break
                done.append(self._play())
            wait = s.wake_in()
            self.clock.now += 0.0 if wait is None else wait
            said = self._call(s.tick)
            return " | ".join([*done, f"wait {wait!r} tick -> {_said(said)}"])
        if kind in ("passing-act", "hidden-act"):  # a move from a screen that may not make it
            done = []
            for _ in range(12 if kind == "passing-act" else 0):
                if s.passing or s.state.is_terminal():
                    break
                done.append(self._play())
            state = s.state
            if state.current_player() < 0:
                return f"{kind}: nobody decides"
            action = str(state.legal_actions()[0])
            return " | ".join([*done, self._msg({"type": "action", "action": action})])
        if kind == "stale":
            content = {"type": "next", "version": max(0, s.version - 1)}
            said = self._call(lambda: s.handle(content))
            return f"msg {json.dumps({'type': 'next'})} @older -> {_said(said)}"
        if kind == "code":
            code = s.full_code
            said = self._call(lambda: s.load_code(code))
            return f"py load_code(full_code) -> {_said(said)}"
        raise ValueError(f"unknown event {event!r}")

    def _play(self) -> str:
        """A person's random legal move from the screen, or a step for bots and chance (and for a
        pass with nothing to choose, which the table makes)."""
        s = self.session
        view = s.view()
        if view["passing"]:
            return self._msg({"type": "pass"})
        actions = view["moves"]["actions"]
        if actions:
            codes = [a["action"] for a in actions]
            if "propose" in codes and self.rng.random() < 0.5:  # a deal to answer, sometimes
                return self._msg({"type": "action", "action": "propose"})
            if "no deal" in codes and len(codes) > 1:
                codes.remove("no deal")
            pick = codes[int(self.rng.integers(len(codes)))]
            return self._msg({"type": "action", "action": pick})
        if view["moves"]["next"]:
            if s.autoplay is not None:
                return self._event(("tick",))
            kind = "turn" if self.rng.random() < 0.3 else "next"
            line = self._msg({"type": kind})
            while kind == "turn" and s.wake_in() is not None and s.next_info() is not None:
                line += " | " + self._event(("tick",))
                if self.rng.random() < 0.5:
                    break
            return line
        if view["turn"]["to_move"] == "auto":  # a pass the table makes for this seat, at the pace
            return self._event(("tick",))
        if view["turn"]["to_move"] == "human":  # the mover's moves are not on this screen
            state = s.state
            legal = state.legal_actions()
            action = str(legal[int(self.rng.integers(len(legal)))])
            return self._msg({"type": "action", "action": action}, state.current_player())
        return "nothing to do"

    def _finish(self) -> str:
        s = self.session
        for p in range(s.game.players):
            if s.seats[p] == "human":
                s.set_seat(p, "easy")
        said = self._call(s.run_bots)
        return f"py finish: every seat a bot, run_bots() -> {_said(said)}"

    # -- recording --------------------------------------------------------------------------
    def _streams(self) -> Iterator[tuple[str, dict[str, Any]]]:
        s = self.session
        yield "self", s.view()
        for viewer in self.viewers:
            for lang in LANGS:
                yield f"{viewer}/{lang}", s.view(viewer, lang)

    def _record(self) -> list[str]:
        s = self.session
        lines = []
        for name, view in self._streams():
            parts = {k: digest(dumps(v)) for k, v in view.items() if k != "version"}
            parts["version"] = str(view["version"])
            before = self.last.get(name, {})
            changed = " ".join(
                f"{k}={h}" for k, h in parts.items() if k != "version" and before.get(k) != h
            )
            self.last[name] = parts
            grown = int(parts["version"]) - int(before.get("version", 0))
            lines.append(f"{name} v+{grown} {changed}".rstrip())
        extras = {
            "static": s.static_html(),
            "repr": s.describe("Table"),
            "log": "\n".join(s.log_lines()),
            "message": s.message_text(),
        }
        hashes = {k: digest(v) for k, v in extras.items()}
        before = self.last.get("python", {})
        changed = " ".join(f"{k}={h}" for k, h in hashes.items() if before.get(k) != h)
        self.last["python"] = hashes
        if changed:
            lines.append(f"python {changed}")
        return lines

    def lines(self) -> Iterator[str]:
        from unittest import mock

        fresh = iter(range(10**12, 10**12 + 1000))  # "fresh" seeds from a fixed sequence
        with mock.patch("secrets.randbelow", lambda n: next(fresh) % n):
            yield from self._lines()

    def _lines(self) -> Iterator[str]:
        run = self.run
        yield f"run {run.name} {json.dumps(run.setup(), ensure_ascii=False)}"
        yield "= 0 set up"
        yield from self._record()
        self._sample(0)
        for step in range(1, run.steps + 1):
            did = [self._event(e) for e in run.events.get(step, [])]
            if not did:
                did = [self._play()]
            yield f"= {step} " + " ; ".join(did)
            yield from self._record()
        if run.finish:
            yield f"= {run.steps + 1} {self._finish()}"
            yield from self._record()
        self._sample(run.steps + 1)

    def _sample(self, step: int) -> None:
        self.samples.append({"run": self.run.name, "step": step, "view": self.session.view()})


# ----------------------------------------------------------------------------------------------
# a class run: the class server's logic, every device's messages
# ----------------------------------------------------------------------------------------------
class _Tokens:
    """Pupils' tokens from a fixed sequence (the record holds no random text)."""

    def __init__(self) -> None:
        self.n = 0

    def token_urlsafe(self, n: int = 24) -> str:
        self.n += 1
        return f"token{self.n:04d}".ljust(32, "x")


class ClassRecorder:
    """A class of three tables (one per game), pupils at seats, a watcher and the teacher."""

    def __init__(self, store: str) -> None:
        from unittest import mock

        from kaskaria.classroom import room as room_module

        self.clock = Clock()
        seeds = iter(range(1_000, 2_000))
        fresh = iter(range(10**12, 10**12 + 1000))  # "fresh" seeds from a fixed sequence
        self._patches = [
            mock.patch("secrets.token_urlsafe", _Tokens().token_urlsafe),
            mock.patch("secrets.randbelow", lambda n: next(fresh) % n),
        ]
        for patch in self._patches:
            patch.start()
        self.room = room_module.ClassRoom(
            store, code="GOLDEN", key="teacher-key", clock=self.clock, seeds=lambda: next(seeds)
        )
        self.devices: dict[str, Any] = {}
        self.got: dict[str, list[dict[str, Any]]] = {}
        self.versions: dict[str, int] = {}
        self.rng = np.random.default_rng(7)
        self.samples: list[dict[str, Any]] = []

    def close(self) -> None:
        for patch in self._patches:
            patch.stop()

    def device(self, name: str) -> Any:
        from kaskaria.classroom import room as room_module

        make = getattr(room_module, "Device", None) or room_module.Screen
        got: list[dict[str, Any]] = []
        self.got[name] = got
        self.devices[name] = make(send=got.append, close=lambda: None)
        return self.devices[name]

    def say(self, who: str, /, **message: Any) -> str:
        self.clock.now += 0.25
        self.room.receive(self.devices[who], json.dumps(message))
        return f"{who} {json.dumps(message, ensure_ascii=False)}"

    def _heard(self) -> list[str]:
        lines = []
        for name, got in self.got.items():
            for m in got:
                text = json.dumps(m, separators=(",", ":"))
                kind = m.get("type")
                if kind == "view":
                    parts = " ".join(
                        f"{k}={digest(json.dumps(v, separators=(',', ':')))}"
                        for k, v in m["parts"].items()
                    )
                    key = f"{name}:{m['table']}"
                    grown = m["version"] - self.versions.get(key, 0)
                    self.versions[key] = m["version"]
                    lines.append(
                        f"{name} view table={m['table']} seat={m['seat']} v+{grown} {parts}"
                    )
                elif kind == "error":
                    lines.append(f"{name} error {m['text']}")
                elif kind == "welcome":
                    lines.append(f"{name} welcome {m['role']}")
                else:
                    lines.append(f"{name} {kind} {digest(text)}")
            got.clear()
        return lines

    def _latest(self, name: str, tid: int) -> int:
        """The version of the latest view of table ``tid`` that device ``name`` got (what its
        clicks carry)."""
        for m in reversed(self.got[name]):
            if m.get("type") == "view" and m["table"] == tid:
                return int(m["version"])
        return self.versions.get(f"{name}:{tid}", 0)

    def _table_move(self, name: str, tid: int, seat: int) -> str | None:
        kept = self.room.tables[tid]
        session = kept.session if hasattr(kept, "session") else kept.table
        state = session.state
        if state.current_player() != seat:
            return None
        legal = state.legal_actions()
        action = str(legal[int(self.rng.integers(len(legal)))])
        msg = {"type": "action", "action": action, "version": self._latest(name, tid)}
        self.clock.now += 0.25
        self.room.receive(self.devices[name], json.dumps({"type": "table", "msg": msg}))
        return f"{name} table action {action} @latest"

    def _tick_all(self) -> str:
        said = []
        for tid in sorted(self.room.tables):
            wait = self.room.wake_in(tid)
            if wait is not None:
                self.clock.now += wait
                self.room.tick(tid)
                said.append(f"tick {tid}")
        return ", ".join(said) or "no tick due"

    def lines(self) -> Iterator[str]:
        yield "run class"
        script: list[Callable[[], str]] = []
        for name in ("teacher", "ann", "ben", "cat", "dan", "eve"):
            self.device(name)
        script.append(lambda: self.say("teacher", type="hello", code="GOLDEN", key="teacher-key"))
        for name in ("ann", "ben", "cat", "dan", "eve"):
            script.append(lambda n=name: self.say(n, type="hello", code="golden", name=n.title()))
        for game, players in (("dragon-battle", 2), ("heroes", 3), ("dragons-gold", 3)):
            script.append(
                lambda g=game, p=players: self.say(
                    "teacher", type="create", game=g, players=p, level="easy"
                )
            )
        script += [
            lambda: self.say("ann", type="sit", table=1, seat=0),
            lambda: self.say("ben", type="sit", table=2, seat=0),
            lambda: self.say("cat", type="sit", table=2, seat=1),
            lambda: self.say("dan", type="sit", table=3, seat=1),
            lambda: self.say("eve", type="watch", table=2),
            lambda: self.say("eve", type="table", msg={"type": "log", "more": True}),
            lambda: self.say("ben", type="table", msg={"type": "action", "action": "nonsense"}),
            lambda: self.say("cat", type="table", msg={"type": "undo"}),
            lambda: self.say("ann", type="table", msg={"type": "lang", "lang": "de"}),
            lambda: self.say("ann", type="table", msg={"type": "next"}),
            lambda: self.say("teacher", type="pace", table=1, seconds=1),
            lambda: self.say("teacher", type="poll_open", question="Who wins?", options=["A", "B"]),
            lambda: self.say("ben", type="vote", poll=1, choice=1),
        ]
        seated = {"ann": (1, 0), "ben": (2, 0), "cat": (2, 1), "dan": (3, 1)}
        for i in range(60):

            def move(i: int = i) -> str:
                done = []
                for name, (tid, seat) in seated.items():
                    line = self._table_move(name, tid, seat)
                    if line:
                        done.append(line)
                if i % 3 == 2:
                    done.append(self._tick_all())
                if i == 20:
                    done.append(self.say("ben", type="table", msg={"type": "undo"}))
                if i == 30:
                    done.append(self.say("cat", type="table", msg={"type": "log", "more": True}))
                if i == 40:
                    done.append(self.say("teacher", type="seat", table=2, seat=1, level="hard"))
                return " ; ".join(done) or "nothing"

            script.append(move)
        script += [
            lambda: self.say("teacher", type="poll_reveal", poll=1, answer=1),
            lambda: self.say("teacher", type="tally_add", rolls=20, fails=3),
            lambda: self.say("dan", type="leave"),
            lambda: self.say("teacher", type="new_game", table=3),
        ]
        for step, do in enumerate(script, 1):
            yield f"= {step} {do()}"
            yield from self._heard()
        snap = self.room.snapshot("en")
        self.samples.append({"run": "class", "step": len(script), "snapshot": snap})


# ----------------------------------------------------------------------------------------------
# files
# ----------------------------------------------------------------------------------------------
HEADER = """\
# Golden views of {name}: what a screen receives at each step of fixed seeded runs (see
# tests/golden_views.py for the format; `python tests/golden_views.py` records them again).
"""


def record(name: str, store: str = ":memory:") -> tuple[list[str], list[dict[str, Any]]]:
    if name == "class":
        rec = ClassRecorder(store)
        try:
            lines = list(rec.lines())
        finally:
            rec.close()
        return lines, rec.samples
    lines: list[str] = []
    samples: list[dict[str, Any]] = []
    for run in RUNS[name]:
        rec = Recorder(run)
        lines.extend(rec.lines())
        samples.extend(rec.samples)
    return lines, samples


def names() -> list[str]:
    return [*RUNS, "class"]


def read(name: str) -> tuple[list[str], list[str]]:
    """(the header's comment lines, the record's lines) of a golden file."""
    text = (GOLDEN / f"{name}.views").read_text(encoding="utf-8").splitlines()
    header = [line for line in text if line.startswith("#")]
    return header, [line for line in text if not line.startswith("#")]


def write(name: str, lines: list[str], samples: list[dict[str, Any]]) -> None:
    GOLDEN.mkdir(exist_ok=True)
    path = GOLDEN / f"{name}.views"
    header = HEADER.format(name=name)
    if path.exists():  # keep the reviewed notes of earlier records
        kept = [
            line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")
        ]
        header = "\n".join(kept) + "\n"
    path.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    sample = GOLDEN / f"{name}.sample.jsonl"
    sample.write_text(
        "".join(json.dumps(s, ensure_ascii=False, sort_keys=False) + "\n" for s in samples),
        encoding="utf-8",
    )


def main(argv: list[str]) -> None:
    import tempfile

    wanted = argv or names()
    for name in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            lines, samples = record(name, str(Path(tmp) / "class.sqlite3"))
        write(name, lines, samples)
        print(f"{name}: {len(lines)} lines")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main(sys.argv[1:])
