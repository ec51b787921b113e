"""What a device may send to the class server: one frozen type per message, parsed and checked in
one step (:func:`check_message`).

A device sends JSON text over its WebSocket. A message is refused before it changes anything when
it is too long, is not JSON, has an unknown type, misses a field, has a field its type does not
know, or a value of another type or out of its bounds (``true`` is not a number, ``"1"`` is not a
table). A table's message (``{"type": "table", "msg": {...}}``) carries one of the table's own
commands (:mod:`kaskaria.tables.protocol`), checked in the same pass.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from ..tables.protocol import Command

__all__ = [
    "MAX_MESSAGE_BYTES",
    "MAX_TEACHER_BYTES",
    "Answer",
    "TEACHER_ONLY",
    "Create",
    "Creating",
    "HandBack",
    "Hello",
    "HourglassSet",
    "JoinsOpen",
    "Lang",
    "Leave",
    "Message",
    "NewGame",
    "Odds",
    "PaceSet",
    "Ping",
    "PollClose",
    "PollOpen",
    "PollReveal",
    "PupilRemove",
    "QuestionClose",
    "QuestionOpen",
    "PupilsRemove",
    "Remove",
    "SeatBot",
    "Sit",
    "TableMessage",
    "TablesRemove",
    "Unblock",
    "TallyAdd",
    "Vote",
    "Watch",
    "check_message",
]

#: The longest message a device may send (bytes of JSON text).
MAX_MESSAGE_BYTES = 2048
#: The longest message the teacher's devices may send (a lesson's question in two languages).
MAX_TEACHER_BYTES = 16384
#: The longest answer a pupil may type (the marking reads no more).
MAX_ANSWER = 80
#: Whole numbers a device sends (tables, seats, polls, counts) stay below this.
_INT = 2**31
Int = Annotated[int, Meta(gt=-_INT, lt=_INT)]
Text = Annotated[str, Meta(max_length=40)]
Secret = Annotated[str, Meta(max_length=64)]


class _Message(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"):
    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)


class Hello(_Message, tag="hello", frozen=True, kw_only=True):
    """Join the class: a pupil with a nickname (or the token of an earlier visit), the teacher
    with the key."""

    code: Text
    name: Text | UnsetType = UNSET
    token: Secret | UnsetType = UNSET
    key: Secret | UnsetType = UNSET
    lang: Text | UnsetType = UNSET
    #: the teacher's board on the projector: the answers as counts only, no names
    projector: bool | UnsetType = UNSET
    #: the pupil's browser: a random number its pages keep (the teacher blocks a browser)
    browser: Secret | UnsetType = UNSET


class Lang(_Message, tag="lang", frozen=True, kw_only=True):
    lang: Text


class Ping(_Message, tag="ping", frozen=True, kw_only=True):
    """A pupil's page asks whether the server still hears it (answered with a pong)."""


class Sit(_Message, tag="sit", frozen=True, kw_only=True):
    table: Int
    seat: Int


class Watch(_Message, tag="watch", frozen=True, kw_only=True):
    table: Int


class Leave(_Message, tag="leave", frozen=True, kw_only=True):
    pass


class Create(_Message, tag="create", frozen=True, kw_only=True):
    game: Text
    players: Int
    variant: Text | UnsetType = UNSET
    level: Text | UnsetType = UNSET


class TableMessage(_Message, tag="table", frozen=True, kw_only=True):
    """A message from the table on the device's screen."""

    msg: Command


class Vote(_Message, tag="vote", frozen=True, kw_only=True):
    poll: Int
    choice: Int


QuestionId = Annotated[str, Meta(min_length=1, max_length=40)]


class Answer(_Message, tag="answer", frozen=True, kw_only=True):
    """A pupil's answer to a question of the lesson (it replaces their earlier one)."""

    question: QuestionId
    text: Annotated[str, Meta(max_length=MAX_ANSWER)]


# -- the teacher's ------------------------------------------------------------------------------
class Remove(_Message, tag="remove", frozen=True, kw_only=True):
    table: Int


class SeatBot(_Message, tag="seat", frozen=True, kw_only=True):
    """A bot at ``level`` takes a seat (the pupil there stands up)."""

    table: Int
    seat: Int
    level: Text


class PaceSet(_Message, tag="pace", frozen=True, kw_only=True):
    table: Int
    seconds: Int | Annotated[float, Meta(ge=-_INT, le=_INT)]


class HourglassSet(_Message, tag="hourglass", frozen=True, kw_only=True):
    table: Int
    on: bool


class Odds(_Message, tag="odds", frozen=True, kw_only=True):
    table: Int
    on: bool


class NewGame(_Message, tag="new_game", frozen=True, kw_only=True):
    table: Int


class PollOpen(_Message, tag="poll_open", frozen=True, kw_only=True):
    question: Annotated[str, Meta(max_length=200)]
    options: Annotated[list[Annotated[str, Meta(min_length=1, max_length=60)]], Meta(max_length=6)]


class PollClose(_Message, tag="poll_close", frozen=True, kw_only=True):
    poll: Int


class PollReveal(_Message, tag="poll_reveal", frozen=True, kw_only=True):
    poll: Int
    answer: Int | UnsetType = UNSET


class TallyAdd(_Message, tag="tally_add", frozen=True, kw_only=True):
    label: Text | UnsetType = UNSET
    rolls: Int
    fails: Int


class Words(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A lesson's words in both languages."""

    en: Annotated[str, Meta(max_length=600)]
    de: Annotated[str, Meta(max_length=600)]


class Choice(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    value: Text
    label: Words
    also: Annotated[list[Text], Meta(max_length=24)] = []  # the words a pupil may type for it


class Mistake(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    value: Text  # a Fraction as text: "1/9"
    words: Words
    written: Text = ""  # the sum the mistake writes ("7 + 2 + 2"), named only for that working


class QuestionOpen(_Message, tag="question_open", frozen=True, kw_only=True):
    """The lesson opens an exercise or an exit-ticket question on the pupils' devices: what
    the server needs to mark it by the lessons' rule (:mod:`kaskaria.classroom.answers`)."""

    qid: QuestionId
    lesson: Text
    #: a number to type, or one of the choices (``kind`` is every message's type)
    form: Literal["number", "choice"]
    exact: Text  # a Fraction as text ("1/27"), or the right choice's value
    prompt: Words
    hint: Words
    choices: Annotated[list[Choice], Meta(max_length=8)] = []
    mistakes: Annotated[list[Mistake], Meta(max_length=12)] = []
    exit: bool = False
    young: bool = False
    #: how a simple fraction typed for the chance is marked, as the lesson's text says: "exact"
    #: (pupils compute it exactly), "estimate", or "" (by the chance's denominator)
    marking: Literal["", "exact", "estimate"] = ""


class QuestionClose(_Message, tag="question_close", frozen=True, kw_only=True):
    """No more answers to a question: each pupil's device shows their verdict."""

    qid: QuestionId


class PupilRemove(_Message, tag="pupil_remove", frozen=True, kw_only=True):
    """The teacher takes a pupil out of the class (``block``: their device makes no new one)."""

    pupil: Text
    block: bool | UnsetType = UNSET


class Unblock(_Message, tag="unblock", frozen=True, kw_only=True):
    """The teacher lets a blocked device join again (``block``: the block's id)."""

    block: Text


class HandBack(_Message, tag="hand_back", frozen=True, kw_only=True):
    """The teacher hands a pupil's seat back to them (a code for them to join again)."""

    pupil: Text


class JoinCode(_Message, tag="join_code", frozen=True, kw_only=True):
    """The teacher makes a code that lets one new pupil join past the limits on joining."""


class PupilsRemove(_Message, tag="pupils_remove", frozen=True, kw_only=True):
    """The teacher takes many pupils out at once: every pupil not here now (``offline``), or
    every one who joined in the last ``minutes`` (before the class was closed, when it is), or
    those of them who have made no move (``idle``)."""

    which: Literal["offline", "recent", "idle"]
    minutes: Int | UnsetType = UNSET


class TablesRemove(_Message, tag="tables_remove", frozen=True, kw_only=True):
    """The teacher removes every table where no pupil sits."""

    which: Literal["empty"]


class JoinsOpen(_Message, tag="joins_open", frozen=True, kw_only=True):
    """May new pupils join the class?"""

    on: bool


class Creating(_Message, tag="creating", frozen=True, kw_only=True):
    """May pupils make their own tables?"""

    on: bool


class LookBack(_Message, tag="look_back", frozen=True, kw_only=True):
    """The class board shows what the other choice would have given in the last finished turn
    at a Dragon Battle table (``on``: False takes it away), or in ``seat``'s last turn (the
    teacher picks the turn to talk about)."""

    table: Int
    on: bool = True
    seat: Int | None = None


Message = Union[  # noqa: UP007 (msgspec reads the union at run time)
    Hello,
    Lang,
    Ping,
    Sit,
    Watch,
    Leave,
    Create,
    TableMessage,
    Vote,
    Answer,
    Remove,
    SeatBot,
    PaceSet,
    HourglassSet,
    Odds,
    NewGame,
    PollOpen,
    PollClose,
    PollReveal,
    TallyAdd,
    Creating,
    PupilRemove,
    Unblock,
    HandBack,
    JoinCode,
    JoinsOpen,
    QuestionOpen,
    QuestionClose,
    PupilsRemove,
    TablesRemove,
    LookBack,
]
#: The messages only the teacher may send.
TEACHER_ONLY = frozenset(
    {
        "remove",
        "seat",
        "pace",
        "hourglass",
        "odds",
        "new_game",
        "poll_open",
        "poll_close",
        "poll_reveal",
        "tally_add",
        "creating",
        "pupil_remove",
        "unblock",
        "hand_back",
        "join_code",
        "joins_open",
        "question_open",
        "question_close",
        "pupils_remove",
        "tables_remove",
        "look_back",
    }
)

_DECODER = msgspec.json.Decoder(Message)


def check_message(raw: Any, limit: int = MAX_MESSAGE_BYTES) -> Message | str:
    """The message (text or bytes as received), or the key of the words that refuse it.
    ``limit``: its most bytes (the teacher's devices: :data:`MAX_TEACHER_BYTES`)."""
    if isinstance(raw, bytes):
        if len(raw) > limit:
            return "too_big"
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            return "bad_message"
    elif isinstance(raw, str):
        if len(raw.encode("utf-8", "surrogatepass")) > limit:
            return "too_big"
    else:
        return "bad_message"
    try:
        return _DECODER.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeEncodeError):
        return "bad_message"
