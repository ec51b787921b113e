"""What a screen may send to a table: one frozen type per message, and one step that parses and
checks it.

A screen (the notebook widget's browser half, a pupil's page of the class server) sends
``{"type": ..., ...}``. :func:`parse` turns it into one of the frozen commands below or refuses
it: an unknown type, a missing or unknown field, a value of another type (``true`` is not a
number, ``"1"`` is not a seat), a text or number out of its bounds. Nothing else in the project
checks a screen's message again: the table's gate (:meth:`kaskaria.tables.Table.apply`) decides
only who may do what, and what the rules allow.

The checks are msgspec's (strict: no conversion but a whole number where a decimal is asked for),
so a message costs one pass whether it comes as JSON text (the class server) or as a dict
(Jupyter's comm has already read the JSON).
"""

from __future__ import annotations

import sys
from typing import Annotated, Any, Union

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ..match import MAX_ACTION_CHARS, MAX_CODE_CHARS

__all__ = [
    "COMMANDS",
    "SCREEN_ONLY",
    "VERSIONED",
    "Action",
    "Autoplay",
    "Code",
    "Command",
    "Help",
    "Hint",
    "Hourglass",
    "Lang",
    "Log",
    "Motion",
    "New",
    "Next",
    "Pace",
    "Pass",
    "Restart",
    "Seat",
    "Sound",
    "Tick",
    "Turn",
    "Undo",
    "Viewer",
    "WhatIf",
    "parse",
]

#: Whole numbers from a screen stay within what JavaScript numbers carry exactly.
SCREEN_INT = 2**53
Int = Annotated[int, Meta(gt=-SCREEN_INT, lt=SCREEN_INT)]
#: A number: a whole one stays whole, a decimal is never NaN or infinite.
Number = Union[Int, Annotated[float, Meta(ge=-SCREEN_INT, le=SCREEN_INT)]]  # noqa: UP007
#: A short word (a language, a seat's choice, a variant, a viewer's name).
Word = Annotated[str, Meta(max_length=80)]
Version = Annotated[int, Meta(ge=0, lt=SCREEN_INT)]


class _Command(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"):
    """A message from a screen; ``version`` is the view it was sent from."""

    version: Version | None = None

    @property
    def kind(self) -> str:
        """The message's type (its tag)."""
        return str(self.__struct_config__.tag)


class Action(_Command, tag="action", frozen=True, kw_only=True):
    """A move: its code as the view's ``moves`` part gave it."""

    action: Annotated[str, Meta(max_length=MAX_ACTION_CHARS)]


class Next(_Command, tag="next", frozen=True, kw_only=True):
    """One step of a bot or of chance."""


class Turn(_Command, tag="turn", frozen=True, kw_only=True):
    """Watch a whole turn, step by step at the pace."""


class Undo(_Command, tag="undo", frozen=True, kw_only=True):
    """Take back the screen's own last decision."""


class Pass(_Command, tag="pass", frozen=True, kw_only=True):
    """The person the device was passed to is ready."""


class Tick(_Command, tag="tick", frozen=True, kw_only=True):
    """The screen's timer ran out: do what is due."""


#: A seed as a screen may type it: a whole number of 64 bits or a finite decimal (a number input
#: sends 1e20 for twenty digits); the table's seed check then refuses what is no seed, in the
#: screen's words
SeedNumber = Union[  # noqa: UP007
    Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)],
    Annotated[float, Meta(ge=-sys.float_info.max, le=sys.float_info.max)],
]


class New(_Command, tag="new", frozen=True, kw_only=True):
    """A new game (``seed``: None for a fresh one)."""

    seed: SeedNumber | None = None


class Help(_Command, tag="help", frozen=True, kw_only=True):
    on: bool


class Autoplay(_Command, tag="autoplay", frozen=True, kw_only=True):
    """Bots step on their own every ``delay`` seconds (None: off)."""

    delay: Number | None


class Pace(_Command, tag="pace", frozen=True, kw_only=True):
    delay: Number


class Code(_Command, tag="code", frozen=True, kw_only=True):
    """Go to the position of a scenario code."""

    code: Annotated[str, Meta(max_length=MAX_CODE_CHARS)]


class Seat(_Command, tag="seat", frozen=True, kw_only=True):
    """Put a person or a bot (a seat menu's entry) in seat ``player``."""

    player: Int
    seat: Word


class Lang(_Command, tag="lang", frozen=True, kw_only=True):
    lang: Word


class Restart(_Command, tag="restart", frozen=True, kw_only=True):
    """A new game with another player count or variant."""

    players: Int | UnsetType = UNSET
    variant: Word | UnsetType = UNSET


class Viewer(_Command, tag="viewer", frozen=True, kw_only=True):
    """Show another view (one the screen may ask for)."""

    viewer: Int | Word


class Log(_Command, tag="log", frozen=True, kw_only=True):
    """Show more of the log (or only its latest entries again)."""

    more: bool


class Sound(_Command, tag="sound", frozen=True, kw_only=True):
    on: bool


class Motion(_Command, tag="motion", frozen=True, kw_only=True):
    motion: Word


class Hourglass(_Command, tag="hourglass", frozen=True, kw_only=True):
    on: bool


class Hint(_Command, tag="hint", frozen=True, kw_only=True):
    """The screen's seat asks what the strong bot would do now, and why (only when the table's
    hints are on, and only for the seat to move)."""


class WhatIf(_Command, tag="what_if", frozen=True, kw_only=True):
    """The screen's seat asks what its other choice would have given in its last turn (only
    when the table's hints are on)."""


Command = Union[  # noqa: UP007 (msgspec reads the union at run time)
    Action,
    Next,
    Turn,
    Undo,
    Pass,
    Tick,
    New,
    Help,
    Autoplay,
    Pace,
    Code,
    Seat,
    Lang,
    Restart,
    Viewer,
    Log,
    Sound,
    Motion,
    Hourglass,
    Hint,
    WhatIf,
]
#: Every command by its type.
COMMANDS: dict[str, type[_Command]] = {
    c.__struct_config__.tag: c
    for c in Command.__args__  # type: ignore[attr-defined]
}
#: Commands that change only the screen that sends them (its language, its view, its log...).
SCREEN_ONLY = frozenset({"lang", "viewer", "log", "sound", "motion", "pass", "hint", "what_if"})
#: Commands a screen sends with the version of the view it shows: ignored when that is not the
#: screen's latest (a click on a table that has changed since).
VERSIONED = frozenset({"action", "next", "turn", "undo", "pass"})

_DECODER = msgspec.json.Decoder(Command)


def parse(content: Any) -> Command | None:
    """The command a screen sent (a dict, or JSON text or bytes), or None if it is not one."""
    try:
        if isinstance(content, dict):
            return msgspec.convert(content, Command, strict=True)
        if isinstance(content, (str, bytes)):
            return _DECODER.decode(content)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
    return None
