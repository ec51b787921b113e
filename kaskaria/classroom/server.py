"""The class server: Tornado (web pages and WebSockets) around a :class:`ClassRoom`.

``kaskaria-class`` starts it (``make class`` binds it to the school network). Pupils open the
address it prints (or scan the QR code), type the class code and a nickname, and play on their own
device: their page draws the same board modules as the notebook's tables, fed over a WebSocket
with the view of their own seat. The teacher's page (``/teacher#key=...``) and the projector
widget (:class:`kaskaria.classroom.ClassBoard`) need the teacher key.

Time for the tables (a bot's step at the table's pace, the end of the hourglass) comes from the
event loop: after every change the server asks the table when it wants to be woken
(``session.wake_in``) and sets one timer for it.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import hmac
import html
import io
import json
import os
import socket
import sys
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.log
import tornado.netutil
import tornado.web
import tornado.websocket

from ..core import load
from ..i18n import text as _t
from ..present import presenter_for
from ..tables.assets import table_module, table_styles
from .polls import Polls
from .room import GAMES, ClassRoom, Device
from .store import StoreError

__all__ = ["ClassServer", "default_store", "main", "school_address"]

HERE = Path(__file__).resolve().parent / "static"


def board_files(game: str) -> tuple[str | None, str | None] | None:
    """The board module and styles a page loads for ``game`` (its presenter's, the very ones a
    notebook's table joins with the shell), or None for a game the class does not play."""
    if game not in GAMES:
        return None
    presenter = presenter_for(load(game))
    return presenter.board_js, presenter.board_css


PAGES = {"pupil.js", "teacher.js", "classboard.js", "class.css"}
#: The words of the pupil's page (its buttons; everything else comes over the socket).
_PAGE_WORDS = ("ui_code", "ui_name", "ui_join", "ui_back", "ui_new_table")
#: The shortest timer the server sets for a table (a guard against a table that asks for 0 s).
MIN_WAKE = 0.02
#: Tornado closes a connection whose single message is longer than this; shorter messages over
#: the room's own cap get a short error instead.
WS_MAX = 64 * 1024
#: The longest body of a command from Python (the room refuses more than its own cap).
MAX_BODY = 4096


def default_store() -> Path:
    """Where the class's SQLite file lives unless ``--store`` or ``KASKARIA_CLASS_STORE`` says."""
    env = os.environ.get("KASKARIA_CLASS_STORE")
    if env:
        return Path(env)
    return Path.home() / ".kaskaria" / "class.sqlite3"


def announce_path() -> Path:
    """The file a running class server writes for the lessons' notebooks to find it."""
    env = os.environ.get("KASKARIA_CLASS_ANNOUNCE")
    if env:
        return Path(env)
    return Path.home() / ".kaskaria" / "class-server.json"


def private_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only (it holds the teacher key)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


def log_request(handler: tornado.web.RequestHandler) -> None:
    """One line per request without its query string (a key in a URL never reaches the log)."""
    status = handler.get_status()
    if status < 400:
        return
    request = handler.request
    log = tornado.log.access_log.warning if status < 500 else tornado.log.access_log.error
    log(
        "%d %s %s %.0f ms", status, request.method, request.path[:80], 1000 * request.request_time()
    )


def school_address() -> str:
    """This computer's address on the school network (no packet is sent to find it)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class _Base(tornado.web.RequestHandler):
    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")

    def teacher(self) -> bool:
        key = self.request.headers.get("X-Kaskaria-Key") or self.get_query_argument("key", "")
        return hmac.compare_digest(key.encode()[:64], self.server.room.key.encode())


class _Page(_Base):
    def get(self, name: str = "pupil") -> None:
        """The page, in the device's language (``?lang=de``, or the browser's first choice)."""
        lang = self.get_query_argument("lang", "")
        if lang not in ("en", "de"):
            accept = self.request.headers.get("Accept-Language", "")[:200].strip().lower()
            lang = "de" if accept.startswith("de") else "en"
        page = (HERE / f"{name}.html").read_text(encoding="utf-8")
        words = {"lang": lang, **{k: _t("classroom", k, lang) for k in _PAGE_WORDS}}
        for key, word in words.items():
            page = page.replace("{{" + key + "}}", html.escape(word))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(page)


class _Asset(_Base):
    def get(self, name: str) -> None:
        if name not in PAGES:
            raise tornado.web.HTTPError(404)
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.write((HERE / name).read_text(encoding="utf-8"))


class _Board(_Base):
    """The game's board module joined with the table's shell (the notebook's very module)."""

    def get(self, game: str, ext: str) -> None:
        files = board_files(game)
        if files is None:
            raise tornado.web.HTTPError(404)
        js, css = files
        if ext == "js":
            self.set_header("Content-Type", "text/javascript; charset=utf-8")
            self.write(table_module(js))
        else:
            self.set_header("Content-Type", "text/css; charset=utf-8")
            self.write(table_styles(css))


class _Api(_Base):
    def get(self, what: str) -> None:
        if not self.teacher():
            raise tornado.web.HTTPError(403)
        room = self.server.room
        if what == "class":
            lang = self.get_query_argument("lang", "en")
            self.set_header("Content-Type", "application/json")
            self.write(json.dumps(room.snapshot(lang if lang in ("en", "de") else "en")))
        elif what == "qr.svg":
            self.set_header("Content-Type", "image/svg+xml")
            self.write(self.server.qr_svg())
        elif what == "results.csv":
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="class-results.csv"')
            self.write(export_csv(room))
        else:
            raise tornado.web.HTTPError(404)


class _Command(_Base):
    """A teacher's command from Python (the projector widget's methods): the same message a
    teacher's screen sends, checked the same way."""

    def check_xsrf_cookie(self) -> None:  # the key in a header proves the sender, no cookie
        return

    def post(self) -> None:
        if not self.teacher() or not self.request.headers.get("X-Kaskaria-Key"):
            raise tornado.web.HTTPError(403)
        errors = self.server.room.command(self.request.body[: MAX_BODY + 1])
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps({"ok": not errors, "errors": [e["text"] for e in errors]}))


class _Socket(tornado.websocket.WebSocketHandler):
    def initialize(self, server: ClassServer) -> None:
        self.server = server
        self.device: Device | None = None

    def check_origin(self, origin: str) -> bool:
        # Every request over the socket proves itself (class code, token, teacher key): no
        # cookie is trusted, so a page from another origin (the notebook's projector widget)
        # may connect.
        return True

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.device = Device(send=self._send, close=self._close)

    def _send(self, message: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(json.dumps(message, separators=(",", ":")))
        except tornado.websocket.WebSocketClosedError:
            pass

    def _close(self) -> None:
        self.close(1008, "bye")

    def on_message(self, message: str | bytes) -> None:
        if self.device is not None:
            self.server.room.receive(self.device, message)

    def on_close(self) -> None:
        if self.device is not None:
            self.server.room.disconnect(self.device)
            self.device = None


def export_csv(room: ClassRoom) -> str:
    """The lesson's results for a spreadsheet: games and scores, predictions and the tally."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["section", "table", "game", "game_no", "seat", "who", "score", "winner"])
    games = {t: room.tables[t].game for t in room.tables}
    for table, game_no, seat, who, score, winner in room.store.results():
        w.writerow(
            [
                "result",
                table,
                games.get(table, ""),
                game_no,
                seat + 1,
                who,
                score,
                "yes" if winner else "",
            ]
        )
    w.writerow([])
    w.writerow(["section", "question", "answer", "votes", "correct"])
    for poll in room.polls.values():
        counts = Polls.counts(poll)
        for i, option in enumerate(poll["options"]):
            w.writerow(
                [
                    "prediction",
                    poll["question"],
                    option,
                    counts[i],
                    "yes" if poll["answer"] == i else "",
                ]
            )
    w.writerow([])
    tally = room.tally()
    w.writerow(["section", "source", "rolls", "failed", "expected failures"])
    for row in tally["tables"]:
        w.writerow(
            [
                "tally",
                f"table {row['table']} game {row['game_no']}",
                row["rolls"],
                row["fails"],
                f"{row['expected']:.2f}",
            ]
        )
    for row in tally["typed"]:
        w.writerow(
            [
                "tally",
                row["label"] or "real dice",
                row["rolls"],
                row["fails"],
                f"{row['rolls'] * float(tally['typed_exact']):.2f}",
            ]
        )
    w.writerow(["tally", "all", tally["rolls"], tally["fails"], f"{float(tally['expected']):.2f}"])
    return out.getvalue()


class ClassServer:
    """The web server of one class. ``host`` 127.0.0.1 (only this computer) unless the teacher
    asks for the school network; ``port`` 0 picks a free one (see :attr:`port`)."""

    def __init__(
        self,
        room: ClassRoom,
        host: str = "127.0.0.1",
        port: int = 8765,
        public_host: str | None = None,
    ) -> None:
        self.room = room
        self.host = host
        self.port = port
        self.public_host = public_host or host
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._http: Any = None
        room.on_wake = self._arm

    def app(self) -> tornado.web.Application:
        s = {"server": self}
        return tornado.web.Application(
            [
                (r"/", _Page, s),
                (r"/(teacher)", _Page, s),
                (r"/class/([a-z]+\.(?:js|css))", _Asset, s),
                (r"/board/([a-z-]+)\.(js|css)", _Board, s),
                (r"/api/command", _Command, s),
                (r"/api/([a-z.]+)", _Api, s),
                (r"/ws", _Socket, s),
            ],
            websocket_max_message_size=WS_MAX,
            log_function=log_request,
            websocket_ping_interval=10,
            websocket_ping_timeout=30,
        )

    def start(self) -> None:
        """Listen (call inside the running event loop)."""
        sockets = tornado.netutil.bind_sockets(self.port, self.host)
        self.port = sockets[0].getsockname()[1]
        self._http = tornado.httpserver.HTTPServer(self.app(), max_body_size=WS_MAX)
        self._http.add_sockets(sockets)
        for tid in list(self.room.tables):
            self._arm(tid, self.room.wake_in(tid))

    def stop(self) -> None:
        if self._http is not None:
            self._http.stop()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()

    @property
    def url(self) -> str:
        return f"http://{self.public_host}:{self.port}/"

    def pupil_url(self) -> str:
        return f"{self.url}?c={self.room.code}"

    def teacher_url(self) -> str:
        return f"{self.url}teacher#key={self.room.key}&c={self.room.code}"

    def qr_svg(self) -> str:
        import segno

        out = io.BytesIO()
        segno.make(self.pupil_url(), error="m").save(out, kind="svg", scale=8, border=2)
        return out.getvalue().decode("utf-8")

    def _arm(self, tid: int, wait: float | None) -> None:
        old = self._timers.pop(tid, None)
        if old is not None:
            old.cancel()
        if wait is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timers[tid] = loop.call_later(max(MIN_WAKE, wait), self._fire, tid)

    def _fire(self, tid: int) -> None:
        self._timers.pop(tid, None)
        self.room.tick(tid)
        if tid not in self._timers:
            self._arm(tid, self.room.wake_in(tid))


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kaskaria-class",
        description="Serve Kaskaria's tables to a class: every pupil plays on their own device.",
    )
    p.add_argument(
        "--network",
        action="store_true",
        help="listen on the school network (default: only this computer)",
    )
    p.add_argument("--host", default=None, help="the address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="the port (0: a free one)")
    p.add_argument(
        "--store",
        default=None,
        help="the class's SQLite file (default: $KASKARIA_CLASS_STORE or "
        "~/.kaskaria/class.sqlite3)",
    )
    p.add_argument("--pace", type=float, default=2.0, help="seconds a bot's step stays on screen")
    p.add_argument(
        "--no-odds",
        action="store_true",
        help="new tables start without the odds panel (the teacher can turn it on)",
    )
    p.add_argument(
        "--teacher-makes-tables",
        action="store_true",
        help="pupils join tables but do not make their own",
    )
    p.add_argument(
        "--no-announce",
        action="store_true",
        help="do not tell this computer's notebooks where the server runs",
    )
    p.add_argument("--stop-after", type=float, default=None, help=argparse.SUPPRESS)
    # tests and benchmarks: the tables' seeds from a fixed sequence (the same games every run)
    p.add_argument("--seed", type=int, default=None, help=argparse.SUPPRESS)
    return p


def _seed_sequence(seed: int | None) -> Any:
    """The tables' seeds from ``seed`` (None: fresh ones)."""
    if seed is None:
        return None
    import numpy as np

    rng = np.random.default_rng(seed)
    return lambda: int(rng.integers(2**31))


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    host = args.host or ("0.0.0.0" if args.network else "127.0.0.1")
    public = school_address() if host == "0.0.0.0" else host
    store = Path(args.store) if args.store else default_store()
    try:
        room = ClassRoom(
            str(store),
            pace=args.pace,
            pupils_create=not args.teacher_makes_tables,
            odds=not args.no_odds,
            seeds=_seed_sequence(args.seed),
        )
    except StoreError as err:
        print(f"kaskaria-class: {err}", file=sys.stderr, flush=True)
        return 2
    server = ClassServer(room, host, args.port, public)

    async def run() -> None:
        server.start()
        announce = None if args.no_announce else announce_path()
        _print_banner(server, store)
        if announce is not None:
            announce.parent.mkdir(parents=True, exist_ok=True)
            private_write(
                announce,
                json.dumps(
                    {
                        "url": f"http://127.0.0.1:{server.port}/",
                        "key": room.key,
                        "code": room.code,
                        "pid": os.getpid(),
                    }
                ),
            )
        try:
            if args.stop_after is not None:
                await asyncio.sleep(args.stop_after)
            else:
                await asyncio.Event().wait()
        finally:
            server.stop()
            if announce is not None and announce.exists():
                try:
                    if json.loads(announce.read_text()).get("pid") == os.getpid():
                        announce.unlink()
                except (OSError, ValueError):
                    pass

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    return 0


def _print_banner(server: ClassServer, store: Path) -> None:
    room = server.room
    lines = [
        "Kaskaria class server",
        f"  Pupils open:   {server.url}",
        f"  Class code:    {room.code}",
        f"  Teacher page:  {server.teacher_url()}",
        f"  Teacher key:   {room.key}",
        f"  Stored in:     {store}",
    ]
    if room.store.gone:
        lines.append(
            f"  Note: the class {room.store.gone} kept in this store was deleted since it last "
            "ran: this is a new class with a new code."
        )
    print("\n".join(lines), flush=True)
    try:
        import segno

        segno.make(server.pupil_url(), error="m").terminal(out=sys.stdout, compact=True)
    except ImportError:  # pragma: no cover - segno is a dependency of the class extra
        print("  (install segno for a QR code)")
    print(f"  Stop with Ctrl+C.  [ready on port {server.port}]", flush=True)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


__all__ += ["GAMES", "announce_path", "export_csv"]
