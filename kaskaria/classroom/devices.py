"""The devices connected to a class: a pupil's browser, the teacher's page, the projector widget.

A :class:`Device` carries messages to one browser (``send``) and remembers what the class knows
of it: its role once it said hello, its language, the table it looks at and, while it does, its
:class:`~kaskaria.tables.Screen` of that table (its viewer, log, sound, motion, its own refusal),
what it was last sent (so only changed parts travel) and its rate of messages.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from ipaddress import IPv6Address, ip_address
from typing import Any

from ..tables import Screen

__all__ = [
    "FLOOD_CLOSE",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "TEACHER_BURST",
    "TEACHER_PER_SECOND",
    "Bucket",
    "Device",
    "Pupil",
    "board_key",
    "device_address",
    "public_id",
]

#: A device may send this many messages in a burst, and this many more each second.
RATE_BURST = 30
RATE_PER_SECOND = 10.0
#: After this many refused messages in a row for going too fast, the device is closed.
FLOOD_CLOSE = 200
#: The teacher's page (with the key) cleans up after a mischievous pupil: a bigger burst and rate.
TEACHER_BURST = 400
TEACHER_PER_SECOND = 100.0


@lru_cache(maxsize=4096)
def device_address(address: str) -> str:
    """The address that stands for one device in every limit by address, written one way: an
    IPv4 address itself (also written as IPv6, ``::ffff:10.0.0.5``), an IPv6 address in its
    short form (``2001:db8::1``); anything else as given ("" stays ""). An IPv6 address is not
    counted by its /64: every device of a school's network has an address in one /64, and
    counted so, the fifth pupil of a class heard "enough nicknames"."""
    try:
        parsed = ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, IPv6Address) and parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(parsed)


@dataclass
class Bucket:
    """A token bucket: a burst, then a steady rate (a pupil's device's unless told)."""

    tokens: float = RATE_BURST
    at: float = 0.0
    refused: int = 0
    burst: float = RATE_BURST
    rate: float = RATE_PER_SECOND

    @classmethod
    def teacher(cls) -> Bucket:
        """The teacher's: big enough to clean up a class in a few clicks."""
        return cls(tokens=TEACHER_BURST, burst=TEACHER_BURST, rate=TEACHER_PER_SECOND)

    def _fill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def left(self, now: float) -> bool:
        """Is one more allowed now (asked without spending it)?"""
        self._fill(now)
        return self.tokens >= 1

    def full(self, now: float) -> bool:
        """Has it filled up again (a bucket that counts nothing more)?"""
        return self.tokens + (now - self.at) * self.rate >= self.burst

    def take(self, now: float) -> bool:
        self._fill(now)
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


@dataclass(eq=False)
class Device:
    """One connected browser: ``send(message)`` carries a dict to it; ``close()`` ends it."""

    send: Callable[[dict[str, Any]], None]
    close: Callable[[], None] = lambda: None
    #: carries a message already encoded as JSON text (the server's sockets: a message that
    #: goes to many devices, or whose parts were encoded already, is encoded once)
    send_text: Callable[[str], None] | None = None
    role: str | None = None  # None until hello; "pupil" or "teacher"
    #: a teacher's board on the projector (the answers as counts, no names)
    projector: bool = False
    token: str | None = None
    lang: str = "en"
    table: int | None = None  # the table it shows
    seat: int | None = None  # the seat it plays (None: watching)
    #: its screen of that table (None while it shows none)
    screen: Screen | None = None
    sent: dict[str, str] = field(default_factory=dict)  # each view part's JSON as last sent
    version: int = -1  # the version of the view it was last sent (-1: none yet)
    #: when it was last sent a change of its own screen (its log, sound, language...): those are
    #: sent at most once in :data:`~kaskaria.classroom.room.SCREEN_EVERY` seconds
    screen_at: float = float("-inf")
    lobby: str = ""
    bucket: Bucket = field(default_factory=Bucket)
    hello_tries: int = 0
    #: the network address it connects from, as :func:`device_address` counts it once it said
    #: hello ("" when unknown: Python, tests)
    address: str = ""
    #: the browser it runs in: a hash of the random number its pages keep ("" when not said)
    browser: str = ""


@dataclass(eq=False)
class Pupil:
    token: str
    name: str
    device: Device | None = None
    #: the address of the device they last joined from ("" when unknown)
    address: str = ""
    #: the browser they last joined from (a hash of its number; "" when not known)
    browser: str = ""
    #: when they joined (seconds since the epoch; 0 when not known)
    joined: float = 0.0
    #: have they sat down at a table, voted, answered a question or made a move (a real pupil
    #: soon does; a made-up nickname does not)?
    took_part: bool = False


@lru_cache(maxsize=4096)
def public_id(token: str) -> str:
    """A pupil's number on the teacher's page: it names the pupil, never shows the token."""
    return hashlib.sha256(token.encode()).hexdigest()[:12]


def board_key(key: str) -> str:
    """The projector's key, made from the teacher key ``key``: it opens the class board as the
    projector shows it (the answers as counts) and changes nothing, so what a projector's page
    holds (and a notebook that saves its widgets keeps) is not the teacher key."""
    return hmac.new(key.encode(), b"kaskaria class board", hashlib.sha256).hexdigest()[:24]
