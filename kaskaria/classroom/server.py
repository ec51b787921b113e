"""The class server: Tornado (web pages and WebSockets) around a :class:`ClassRoom`.

``kaskaria-class`` starts it (``make class`` binds it to the school network). Pupils open the
address it prints (or scan the QR code), type the class code and a nickname, and play on their own
device: their page draws the same board modules as the notebook's tables, fed over a WebSocket
with the view of their own seat. The teacher's page (``/teacher#key=...``) and the projector
widget (:class:`kaskaria.classroom.ClassBoard`) need the teacher key.

Time for the tables (a bot's step at the table's pace, the end of the hourglass) comes from the
event loop: after every change the server asks the table when it wants to be woken
(``session.wake_in``) and sets one timer for it; every 2 s it lets the room look after its store
(:meth:`ClassRoom.housekeeping`).

One computer cannot hold the server (:class:`Limits`): sockets are capped in all and per address,
a socket that says no hello and a silent or half-sent request are closed, the open-file limit is
raised where allowed, and a flood is logged once a minute. No query string is ever logged, the
pages carry a content policy and refuse framing, a WebSocket from another site's page is refused,
and the files holding the key are the owner's only (docs/class-safety.md lists every limit).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import functools
import hmac
import html
import io
import json
import logging
import os
import re
import socket
import sys
import time
import types
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.ioloop
import tornado.log
import tornado.netutil
import tornado.web
import tornado.websocket

from ..core import load
from ..i18n import text as _t
from ..present import presenter_for
from ..tables.assets import table_module, table_styles
from .devices import device_address
from .polls import Polls
from .protocol import MAX_TEACHER_BYTES
from .room import GAMES, JOINS_PER_ADDRESS, MAX_PUPILS, ClassRoom, Device
from .store import StoreError
from .thinker import HintWorkers

__all__ = ["ClassServer", "Limits", "client_address", "default_store", "main", "school_address"]

_LOG = logging.getLogger("kaskaria.classroom")

HERE = Path(__file__).resolve().parent / "static"


def board_files(game: str) -> tuple[str | None, str | None] | None:
    """The board module and styles a page loads for ``game`` (its presenter's, the very ones a
    notebook's table joins with the shell), or None for a game the class does not play."""
    if game not in GAMES:
        return None
    presenter = presenter_for(load(game))
    return presenter.board_js, presenter.board_css


# The server's pages and scripts are read once: they do not change while it runs, and a page
# load that opens no file still works when a flood of sockets has used up the open files.
@functools.cache
def static_file(name: str) -> str:
    """The text of the class's file ``name`` (a page, script or styles in ``static/``)."""
    return (HERE / name).read_text(encoding="utf-8")


def board_file(game: str, ext: str) -> str | None:
    """The board module (``ext`` "js") or styles ("css") of ``game`` joined with the table's
    shell, or None for a game the class does not play (kept once per game the class plays, so
    no made-up name takes memory)."""
    return _board_file(game, ext) if game in GAMES and ext in ("js", "css") else None


@functools.cache
def _board_file(game: str, ext: str) -> str:
    files = board_files(game)
    assert files is not None
    js, css = files
    return table_module(js) if ext == "js" else table_styles(css)


PAGES = {"pupil.js", "teacher.js", "classboard.js", "class.css"}
#: The words of the pupil's page (its buttons; everything else comes over the socket).
_PAGE_WORDS = (
    "ui_code",
    "ui_name",
    "ui_join",
    "ui_back",
    "ui_new_table",
    "ui_make_own",
    "ui_game",
    "ui_rules",
    "ui_players",
    "ui_bots",
    "connection_lost",
    "ui_page_title",
    "ui_teacher_title",
)
#: The shortest timer the server sets for a table (a guard against a table that asks for 0 s).
MIN_WAKE = 0.02
#: Tornado closes a connection whose single message is longer than this; shorter messages over
#: the room's own cap get a short error instead.
WS_MAX = 64 * 1024
#: The longest body of a command from Python (the room refuses more than its own cap).
MAX_BODY = MAX_TEACHER_BYTES
#: What the class's pages may load and run: only the server's own scripts, styles, images and
#: socket (``'self'`` covers the page's own ws:/wss: address in current browsers, behind a path
#: prefix too: the socket is on the page's own host); no socket to another host, no framing by
#: another site.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'; object-src 'none'"
)
#: Seconds between the pings a class socket is sent; one not answered within as long again closes
#: it (a device gone from the network stops holding its seat's screen).
PING = 10.0
#: Seconds between the server's checks of its store (a failed write tried again, a deleted file).
HOUSEKEEPING = 2.0


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
    log("%d %s %s", status, request.method, request.path[:80])


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


@dataclass(frozen=True)
class Limits:
    """What one computer on the network may hold of the server. ``connections``: open sockets
    in all (kept below the open-file limit); ``per_address``: open sockets from one address and
    ``joins``: new nicknames one address makes in a burst (then one a minute); both None (no cap)
    by default, for a server on this computer only or behind a proxy where every pupil comes from
    one address (``kaskaria-class --network`` sets 40 and 4); ``hello_wait``:
    seconds a class socket may stay open without saying hello; ``idle``: seconds a connection may
    stay silent, or take to send a request's header (Tornado's idle and header timeouts);
    ``body``: seconds to send a request's body; ``trusted``: the addresses of proxies whose
    ``X-Forwarded-For`` / ``X-Real-IP`` name the pupil's device (a JupyterHub's, see
    :func:`client_address`); ``grace``: seconds a new socket is safe from being closed to make
    room for another (below).

    Room is kept for the pupils who joined: the sockets that have not joined (said hello as a
    pupil or the teacher) may fill :attr:`newcomers` of the connections only, and when they do
    a new socket closes the oldest of them that has waited :attr:`grace` seconds, so a flood of
    silent or half-sent sockets holds no pupil out: a pupil's device comes back with its token,
    and a new pupil joins, in well under that time."""

    connections: int = 600
    per_address: int | None = None
    joins: int | None = None
    hello_wait: float = 10.0
    idle: float = 20.0
    body: float = 10.0
    trusted: frozenset[str] = frozenset()
    grace: float = 1.0

    @property
    def newcomers(self) -> int:
        """The sockets that have not joined may hold this many of the connections (the rest is
        kept for the class's pupils and the teacher's pages)."""
        return self.connections - min(MAX_PUPILS + 20, self.connections // 2)


def raise_open_files(want: int = 4096) -> int:
    """Raise this process's open-file limit towards ``want`` where the system allows (a laptop
    often starts at 1,024); returns the limit now in force (0 where there is none to read)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return int(soft) if soft != resource.RLIM_INFINITY else want


class OnceAMinute(logging.Filter):
    """Lets a message through once a minute: a flood (thousands of refused sockets, a failing
    disk) is logged once with a count of the repeats, not once per event."""

    def __init__(self, every: float = 60.0) -> None:
        super().__init__()
        self.every = every
        self._seen: dict[tuple[str, str], list[float]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        try:
            said = record.getMessage()
        except (TypeError, ValueError):
            said = str(record.msg)
        key = (record.name, f"{said}|{exc}")
        now = time.monotonic()
        seen = self._seen.get(key)
        if seen is not None and now - seen[0] < self.every:
            seen[1] += 1
            return False
        if seen is not None and seen[1]:
            record.msg = f"{record.msg} (and {int(seen[1])} more like it in the last minute)"
        if len(self._seen) > 1000:
            self._seen.clear()
        self._seen[key] = [now, 0]
        return True


_QUIET = OnceAMinute()


def quiet_floods() -> None:
    """Every logger the server writes to says a repeated message once a minute at most."""
    for name in ("tornado.access", "tornado.application", "tornado.general", "asyncio"):
        logger = logging.getLogger(name)
        if _QUIET not in logger.filters:
            logger.addFilter(_QUIET)
    logger = logging.getLogger("kaskaria.classroom")
    if _QUIET not in logger.filters:
        logger.addFilter(_QUIET)


class _Held:
    """What the server knows of one open socket: the address it comes from (the pupil's device
    behind a trusted proxy, once a request said it), when it opened, has it joined?"""

    __slots__ = ("host", "opened", "joined")

    def __init__(self, host: str, opened: float) -> None:
        self.host = host
        self.opened = opened
        self.joined = False


class GuardedServer(tornado.httpserver.HTTPServer):
    """Tornado's HTTP server with caps on the sockets it keeps open (in all, per address, and
    for sockets that have not joined: see :class:`Limits`): a socket over a cap is closed the
    moment it is accepted."""

    def initialize(self, *args: Any, limits: Limits = Limits(), **kwargs: Any) -> None:  # noqa: B008
        super().initialize(*args, **kwargs)
        self.limits = limits
        self.held: dict[Any, _Held] = {}
        self.refused = 0
        self.made_room = 0

    def _refuse(self, stream: Any, host: str) -> None:
        self.refused += 1
        _LOG.warning("too many connections: one from %s was closed", host or "a socket")
        stream.close()

    def handle_stream(self, stream: Any, address: Any) -> None:
        self.held = {s: h for s, h in self.held.items() if not s.closed()}
        host = str(address[0]) if isinstance(address, tuple) and address else ""
        limits = self.limits
        device = device_address(host)  # one address written one way
        if len(self.held) >= limits.connections or (
            host not in limits.trusted and self.over(device, extra=1)
        ):
            self._refuse(stream, host)
            return
        now = time.monotonic()
        waiting = [(h.opened, id(s), s) for s, h in self.held.items() if not h.joined]
        if len(waiting) >= limits.newcomers:
            opened, _, oldest = min(waiting, key=lambda w: (w[0], w[1]))
            if now - opened < limits.grace:
                self._refuse(stream, host)
                return
            # room for this one: the socket that waited longest without joining goes
            self.made_room += 1
            _LOG.warning("many sockets that do not join: the oldest are closed to make room")
            oldest.close()
            del self.held[oldest]
        self.held[stream] = _Held(device, now)
        super().handle_stream(stream, address)

    def over(self, host: str, extra: int = 0) -> bool:
        """Does ``host`` hold its share of the sockets already (``per_address``)?"""
        per = self.limits.per_address
        if per is None or not host:
            return False
        return (
            sum(1 for s, h in self.held.items() if h.host == host and not s.closed()) + extra > per
        )

    def seen_as(self, stream: Any, host: str) -> bool:
        """A request on ``stream`` (from a trusted proxy) names the device ``host``: the socket
        counts for that address from now on; False when that address holds its share already."""
        held = self.held.get(stream)
        if held is None or held.host == host:
            return True
        if self.over(host, extra=1):
            return False
        held.host = host
        return True

    def joined(self, stream: Any) -> None:
        """The socket joined the class (a pupil or the teacher): it holds no newcomer's room."""
        held = self.held.get(stream)
        if held is not None:
            held.joined = True


#: The most entries of ``X-Forwarded-For`` read, from its end (a device's proxy and the proxies
#: in front of it; what a device wrote comes before them).
FORWARDED_ENTRIES = 8


def client_address(peer: str, headers: Any, trusted: frozenset[str]) -> str:
    """The address of the device behind a request that came from ``peer``: ``peer`` itself,
    unless ``peer`` is a trusted proxy; then the last address of ``X-Forwarded-For`` that is
    not a trusted proxy (a device may write any address at the start of that header, but not
    the one its proxy adds at the end), or ``X-Real-IP``; as :func:`~.devices.device_address`
    counts it."""
    import ipaddress

    if peer not in trusted:
        return device_address(peer)
    # read from the end: the proxies' entries are the last ones, however long a device made the
    # start (Tornado bounds a header's length; only the last few entries are split off)
    tail = headers.get("X-Forwarded-For", "").rsplit(",", FORWARDED_ENTRIES)[-FORWARDED_ENTRIES:]
    said = [a.strip() for a in tail if a.strip()]
    said += [] if said else [headers.get("X-Real-IP", "").strip()[:64]]
    for address in reversed(said):
        try:
            ipaddress.ip_address(address)
        except ValueError:
            return device_address(peer)
        if address not in trusted:
            return device_address(address)
    return device_address(peer)


class _PathOnly(tornado.web.RequestHandler):
    """A handler of this server: every answer carries the security headers (also the socket's
    answer to a plain request, "Can Upgrade only to WebSocket"), and its log lines name a
    request by its method and path only, never its query string (where a key could be), which
    Tornado's own lines would print (an uncaught error prints the whole request, an HTTP error's
    message may quote an argument)."""

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Content-Security-Policy", CSP)

    def _request_summary(self) -> str:
        return f"{self.request.method} {self.request.path[:80]}"

    def log_exception(
        self,
        typ: type[BaseException] | None,
        value: BaseException | None,
        tb: types.TracebackType | None,
    ) -> None:
        if isinstance(value, tornado.web.HTTPError):
            return  # the access log's line says it (its status and path; its message could
            # quote an argument of the query string)
        tornado.log.app_log.error("Uncaught exception %s", self._request_summary(), exc_info=value)


class _Base(_PathOnly):
    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def teacher(self) -> bool:
        """Does the request carry the teacher key? Only in its header: an address with the key
        would end up in a history, a log or on a projected screen."""
        key = self.request.headers.get("X-Kaskaria-Key", "")
        return hmac.compare_digest(key.encode()[:64], self.server.room.key.encode())


class _NotFound(_Base):
    """An address the server does not have: Tornado's own 404 page, with the headers every page
    carries (its content policy too)."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class _Favicon(_Base):
    """The icon a browser asks for by itself: none, and no 404 in the page's console."""

    def get(self) -> None:
        self.set_status(204)


class _Page(_Base):
    def get(self, name: str = "pupil") -> None:
        """The page, in the device's language (``?lang=de``, or the browser's first choice)."""
        lang = self.get_query_argument("lang", "")
        if lang not in ("en", "de"):
            accept = self.request.headers.get("Accept-Language", "")[:200].strip().lower()
            lang = "de" if accept.startswith("de") else "en"
        page = static_file(f"{name}.html")
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
        self.write(static_file(name))


class _Board(_Base):
    """The game's board module joined with the table's shell (the notebook's very module)."""

    def get(self, game: str, ext: str) -> None:
        text = board_file(game, ext)
        if text is None:
            raise tornado.web.HTTPError(404)
        kind = "text/javascript" if ext == "js" else "text/css"
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.write(text)


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
        if not self.teacher():
            raise tornado.web.HTTPError(403)
        errors = self.server.room.command(self.request.body[: MAX_BODY + 1])
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps({"ok": not errors, "errors": [e["text"] for e in errors]}))


class _Socket(_PathOnly, tornado.websocket.WebSocketHandler):
    def initialize(self, server: ClassServer) -> None:
        self.server = server
        self.device: Device | None = None

    def check_origin(self, origin: str) -> bool:
        """A browser's page may connect when it comes from this server's own address (as the
        browser asked for it), from this computer (the teacher's notebook and its projector
        widget) or from an address the teacher allowed (``--allow-origin``: a JupyterHub's)."""
        return origin_allowed(origin, self.request, self.server.origins, self.server.limits.trusted)

    def prepare(self) -> None:
        self._stream = getattr(self.request.connection, "stream", None)
        limits = self.server.limits
        peer = str(self.request.remote_ip or "")
        self._address = client_address(peer, self.request.headers, limits.trusted)
        guard = self.server.guard
        if (
            self._address != device_address(peer)
            and guard is not None
            and not guard.seen_as(self._stream, self._address)
        ):
            # behind a trusted proxy, a device over its share of the sockets: refused
            raise tornado.web.HTTPError(429)

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.device = Device(
            send=self._send, close=self._close, send_text=self._send_text, address=self._address
        )
        wait = self.server.limits.hello_wait
        self._hello_due = asyncio.get_running_loop().call_later(wait, self._no_hello)

    def _no_hello(self) -> None:
        """A socket that has not said hello in time is closed (it only held a connection)."""
        if self.device is not None and self.device.role is None:
            self.close(1008, "hello first")

    def _send(self, message: dict[str, Any]) -> None:
        self._send_text(json.dumps(message, separators=(",", ":")))

    def _send_text(self, text: str) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass

    def _close(self) -> None:
        self.close(1008, "bye")

    def on_message(self, message: str | bytes) -> None:
        if self.device is not None:
            joined = self.device.role is not None
            self.server.room.receive(self.device, message)
            if not joined and self.device is not None and self.device.role is not None:
                guard = self.server.guard
                if guard is not None:
                    guard.joined(self._stream)

    def on_close(self) -> None:
        due = getattr(self, "_hello_due", None)
        if due is not None:
            due.cancel()
        if self.device is not None:
            self.server.room.disconnect(self.device)
            self.device = None


def _address(name: str) -> Any:
    """``name`` (an address's host) as an IP address (``192.168.1.20``, ``::1``), or None for a
    name (``localhost``, ``class.school.example``)."""
    import ipaddress

    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


def _loopback(name: str) -> bool:
    """Is ``name`` (an address's host) this computer: ``localhost`` or a loopback address
    (``127.0.0.5``, ``::1``), not a site whose name merely begins so (``127.example.org``)?"""
    if name == "localhost":
        return True
    address = _address(name)
    return address is not None and address.is_loopback


def origin_allowed(
    origin: str,
    request: Any,
    extra: frozenset[str] = frozenset(),
    trusted: frozenset[str] = frozenset(),
) -> bool:
    """Is a WebSocket from a page of ``origin`` one of this class's own pages (see
    :meth:`_Socket.check_origin`)? The page's own address is the ``Host`` the browser asked for,
    or ``X-Forwarded-Host`` when a ``trusted`` proxy sent the request (a device may write any
    header itself). A ``Host`` asked for directly must name this computer by an address (the
    one the server prints, ``192.168.1.20:8000``) or ``localhost``: a site whose own name was
    pointed at this computer's address (DNS rebinding) sends its name as both ``Host`` and
    ``Origin``, and is not one of the class's pages (a school that names its server gives the
    name with ``--allow-origin``). Every message over the socket still proves itself (the class
    code, a token, the teacher key)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(origin.strip().lower())
        name = parts.hostname or ""
        netloc = parts.netloc
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not netloc:
        return False
    if _loopback(name) or f"{parts.scheme}://{netloc}" in extra:
        return True
    if str(getattr(request, "remote_ip", "") or "") in trusted:
        forwarded = request.headers.get("X-Forwarded-Host", "").strip().lower()
        if forwarded and netloc == forwarded:
            return True
    if netloc != request.headers.get("Host", "").strip().lower():
        return False
    return _address(name) is not None  # an address, not a name a site could point at it


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(\.\d+)?", re.ASCII)


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: a text that begins like a formula (``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return, also in a form that NFKC makes one of them: the
    full-width ``＝`` or ``＋``, the small ``﹢``...; the minus sign ``−``; after spaces or
    format characters: :func:`_formula_head`) gets a ``'`` in front; numbers (written with the
    digits 0-9) stay numbers."""
    if (
        isinstance(value, str)
        and _formula_head(value).startswith(_FORMULA_START)
        and not _NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


def _formula_head(value: str) -> str:
    """``value`` as a spreadsheet may read its start: NFKC, the minus sign (U+2212) as ``-``,
    the spaces, format and control characters before it (a no-break or zero-width space, a NUL)
    left out."""
    text = unicodedata.normalize("NFKC", value).replace("\u2212", "-")
    skip = 0
    while skip < len(text) and text[skip] not in "\t\r":
        if not (text[skip].isspace() or unicodedata.category(text[skip]) in ("Cf", "Cc")):
            break
        skip += 1
    return text[skip:]


class _SafeWriter:
    def __init__(self, out: io.StringIO) -> None:
        self._w = csv.writer(out)

    def writerow(self, row: list[Any]) -> None:
        self._w.writerow([csv_cell(v) for v in row])


def export_csv(room: ClassRoom) -> str:
    """The lesson's results for a spreadsheet: games and scores, predictions, the tally, and
    each pupil's answer to each question of the lesson with its verdict (a cell that would start a formula is written as text, see :func:`csv_cell`)."""
    out = io.StringIO()
    w = _SafeWriter(out)
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
    w.writerow([])
    w.writerow(
        ["section", "pupil", "lesson", "question", "part", "answer typed", "verdict", "marking"]
    )
    for row in room.answers.rows({t: p.name for t, p in room.pupils.items()}):
        w.writerow(row)
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
        limits: Limits | None = None,
        origins: tuple[str, ...] = (),
    ) -> None:
        self.room = room
        self.limits = limits or Limits()
        room.joins_per_address = self.limits.joins
        room.behind_proxy = bool(self.limits.trusted)
        #: pages of other addresses whose class boards may connect (e.g. a JupyterHub's)
        self.origins = frozenset(o.strip().lower().rstrip("/") for o in origins)
        self.host = host
        self.port = port
        self.public_host = public_host or host
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._http: Any = None
        #: the HTTP server guarding the sockets (None until :meth:`start`)
        self.guard: GuardedServer | None = None
        room.on_wake = self._arm
        room.on_later = self._later
        #: the processes that work out the pupils' hints (started with the server), so that a
        #: hint (up to a second of search) holds up no other pupil's move
        self.hint_workers = HintWorkers()
        room.think = self.hint_workers.think
        #: ... and the steps of the tables' thinking bots (a search bot as "hard"), taking turns
        #: with the hints: no other table, pupil or teacher waits for a bot's search
        room.decide = self.hint_workers.decide

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
                (r"/favicon\.ico", _Favicon, s),
            ],
            default_handler_class=_NotFound,
            default_handler_args=s,
            websocket_max_message_size=WS_MAX,
            log_function=log_request,
            websocket_ping_interval=PING,
            websocket_ping_timeout=PING,
        )

    def start(self) -> None:
        """Listen (call inside the running event loop)."""
        for name in (*PAGES, "pupil.html", "teacher.html"):
            static_file(name)  # read now: a page load opens no file
        sockets = tornado.netutil.bind_sockets(self.port, self.host)
        self.port = sockets[0].getsockname()[1]
        quiet_floods()
        self._http = GuardedServer(
            self.app(),
            max_body_size=WS_MAX,
            idle_connection_timeout=self.limits.idle,  # also the time to send a header
            body_timeout=self.limits.body,
            limits=self.limits,
        )
        self.guard = self._http
        self._http.add_sockets(sockets)
        self._house = tornado.ioloop.PeriodicCallback(self.room.housekeeping, HOUSEKEEPING * 1000)
        self.room.on_screens = self._screens_later
        self._house.start()
        self.hint_workers.start(warm=self.room.hints)
        for tid in list(self.room.tables):
            self._arm(tid, self.room.wake_in(tid))

    def stop(self) -> None:
        self.hint_workers.stop()
        self.room.on_screens = None
        if self._http is not None:
            self._http.stop()
            self._house.stop()
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

    def _later(self, wait: float) -> None:
        """The class board's next snapshot, in ``wait`` seconds."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.room.push_class()
            return
        loop.call_later(wait, self.room.push_class)

    def _screens_later(self, wait: float) -> None:
        """The devices' own changes of their screens, in ``wait`` seconds: in a later turn of the
        event loop, after the messages that arrived meanwhile (the moves first)."""
        asyncio.get_running_loop().call_later(wait, self.room.push_screens)

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
        "--hints",
        action="store_true",
        help="pupils may ask for a hint on their turn and look back after it",
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
    p.add_argument(
        "--max-connections",
        type=int,
        default=600,
        help="open connections in all (default 600, kept below the open-file limit)",
    )
    p.add_argument(
        "--per-address",
        type=int,
        default=None,
        help="open connections from one address (default 40 on the school network; 0: no cap, "
        "e.g. behind a proxy where every pupil comes from one address)",
    )
    p.add_argument(
        "--joins-per-address",
        type=int,
        default=None,
        help=f"new nicknames one address may make at once, then one a minute (default "
        f"{JOINS_PER_ADDRESS} when connections are capped per address; 0: no cap)",
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a proxy in front of the server whose X-Forwarded-For / X-Real-IP header names the "
        "pupil's device, e.g. 127.0.0.1 for JupyterHub with jupyter-server-proxy; the limits per "
        "address then count each device (40 sockets, 4 nicknames); may be given more than once. "
        "Only where the proxy sees each device's own address (a hub inside the school's "
        "network): from outside it the whole school is one address, so leave this out there",
    )
    p.add_argument(
        "--joins-per-minute",
        type=int,
        default=None,
        help="new nicknames the whole class takes in a burst and then each minute (default "
        "40; a year group joining at once may want more; 0: no limit)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        help="another address whose pages may connect, e.g. https://hub.school.example "
        "(a JupyterHub showing the class board); may be given more than once",
    )
    p.add_argument("--stop-after", type=float, default=None, help=argparse.SUPPRESS)
    # tests: shorter waits for a socket's hello and a silent connection
    p.add_argument("--hello-wait", type=float, default=Limits.hello_wait, help=argparse.SUPPRESS)
    p.add_argument("--idle", type=float, default=Limits.idle, help=argparse.SUPPRESS)
    # tests: a pupil's page pings more often (it finds a lost connection sooner)
    p.add_argument("--ping", type=float, default=None, help=argparse.SUPPRESS)
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
            hints=args.hints,
            seeds=_seed_sequence(args.seed),
        )
    except StoreError as err:
        print(f"kaskaria-class: {err}", file=sys.stderr, flush=True)
        return 2
    if args.ping is not None:
        room.ping_every = args.ping
    if args.joins_per_minute is not None:
        room.join_rate = (
            (args.joins_per_minute, 60.0 / args.joins_per_minute)
            if args.joins_per_minute > 0
            else None
        )
    files = raise_open_files()
    loopback = host.startswith("127.") or host in ("localhost", "::1")
    trusted = frozenset(a.strip() for a in args.trusted_proxy if a.strip())
    # on this computer only, every device has one address, unless a trusted proxy names them
    own = loopback and not trusted
    per_address = args.per_address if args.per_address is not None else (0 if own else 40)
    joins = args.joins_per_address
    if joins is None:
        joins = JOINS_PER_ADDRESS if per_address else 0
    limits = Limits(
        connections=max(16, min(args.max_connections, (files or 1024) - 100)),
        per_address=per_address or None,
        joins=joins or None,
        hello_wait=args.hello_wait,
        idle=args.idle,
        trusted=trusted,
    )
    server = ClassServer(room, host, args.port, public, limits, tuple(args.allow_origin))

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
    finally:
        room.store.close()
    return 0


def _print_banner(server: ClassServer, store: Path) -> None:
    """What the teacher's terminal shows: first what the pupils need (the address, the class
    code, the QR code: fine on the projector), then, well below and under a warning, the
    teacher's page and key (never next to the QR code a teacher projects)."""
    room = server.room
    lines = [
        "Kaskaria class server",
        f"  Pupils open:   {server.url}",
        f"  Class code:    {room.code}",
    ]
    if room.store.deleted_class:
        lines.append(
            f"  Note: the class {room.store.deleted_class} kept in this store was deleted since it last "
            "ran: this is a new class with a new code."
        )
    print("\n".join(lines), flush=True)
    try:
        import segno

        segno.make(server.pupil_url(), error="m").terminal(out=sys.stdout, compact=True)
    except ImportError:  # pragma: no cover - segno is a dependency of the class extra
        print("  (install segno for a QR code)")
    print(
        "\n".join(
            [
                f"  Stored in:     {store}",
                "",
                "",
                "  -- For the teacher only: do not show the lines below on the projector --",
                f"  Teacher page:  {server.teacher_url()}",
                f"  Teacher key:   {room.key}",
                "",
                f"  Stop with Ctrl+C.  [ready on port {server.port}]",
            ]
        ),
        flush=True,
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


__all__ += ["GAMES", "announce_path", "export_csv"]
