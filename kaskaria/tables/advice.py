"""Hints and "what if?" at a table: the strong bot's move and why, for the seat to move, and a
look back at a seat's finished turn (:mod:`kaskaria.hints` computes both; this module decides who
may ask and keeps the answer on the screen that asked).

The table's ``hints`` setting (Python only, off by default; on in the play apps) allows them.
Only a screen showing a person's own seat may ask, and only for that seat: a hint while that seat
is to move, a "what if?" once that seat's turn has ended. The answer is computed from that
seat's view alone (:func:`kaskaria.hints.hint` hands the game's hint code the seat's observation;
its random numbers come from that observation too) and shown on the asking screen only, until
the table changes. A refusal says why in words every viewer may read.

Asking again for the same answer (the same seat, kind and language, the table unchanged) costs
nothing: the answer kept on the screen stands. Where the table has a ``thinker`` (a class server
hands the work to a thread of its own, so that one pupil's hint holds up nobody else's move), the
screen says "Let me think…" at once and the answer follows when it is ready; an answer about a
position the table has left is dropped.

The ``advice`` part of a view (:func:`advice_part`) carries the two buttons (each only when the
screen may press it), the answer the screen asked for, and ``thinking``: "Player 2 is thinking…"
while a bot is to move (a screen shows it while the bot decides; nothing a child presses waits
for it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypedDict

from ..core import TERMINAL, ViewerLike
from ..i18n import register_messages
from ..i18n import text as _t
from .screen import ANY, Screen
from .words import Refused, TableError

if TYPE_CHECKING:
    from .table import Table

__all__ = [
    "DOMAIN",
    "Advice",
    "AdvicePart",
    "Thinker",
    "advice_part",
    "advise",
    "asking_seat",
    "busy_answer",
    "no_answer",
    "work_out",
]

#: The message table of these words.
DOMAIN = "table-hints"

EN = {
    "hint": "Hint",
    "hint_title": "What would the best player do now, and why?",
    "what_if": "What if?",
    "what_if_title": "What would the other choice have given in your last turn?",
    "thinking": "{who} is thinking…",
    "refuse.off": "Hints are switched off at this table.",
    "refuse.not_yours": "Only the player whose turn it is gets a hint, on their own screen.",
    "refuse.no_turn": "You have not finished a turn yet to look back at.",
    "refuse.own_only": "You can look back only at your own turns, on your own screen.",
    "refuse.none": "There is no hint for this moment.",
    "working": "Let me think…",
    "refuse.busy": "Many hints are being worked out right now: ask again in a moment.",
}
DE = {
    "hint": "Tipp",
    "hint_title": "Was würde die beste Spielerin jetzt tun, und warum?",
    "what_if": "Was wäre, wenn?",
    "what_if_title": "Was hätte die andere Wahl in deinem letzten Zug gebracht?",
    "thinking": "{who} überlegt …",
    "refuse.off": "Tipps sind an diesem Tisch ausgeschaltet.",
    "refuse.not_yours": "Einen Tipp bekommt nur, wer am Zug ist, auf dem eigenen Bildschirm.",
    "refuse.no_turn": "Du hast noch keinen Zug beendet, auf den du zurückschauen kannst.",
    "refuse.own_only": "Du kannst nur auf deine eigenen Züge zurückschauen, auf deinem Bildschirm.",
    "refuse.none": "Für diesen Moment gibt es keinen Tipp.",
    "working": "Ich überlege …",
    "refuse.busy": "Gerade werden viele Tipps ausgerechnet: Frag gleich noch einmal.",
}
register_messages(DOMAIN, {"en": EN, "de": DE})


def _w(key: str, lang: str, **params: Any) -> str:
    return _t(DOMAIN, key, lang, **params)


@dataclass(frozen=True)
class Advice:
    """An answer a screen asked for: ``kind`` (``"hint"`` or ``"what_if"``), the ``seat`` it
    is for, its ``text`` in ``lang``, and the table ``version`` it belongs to (shown until the
    table changes)."""

    kind: str
    seat: int
    text: str
    lang: str
    version: int

    def answers(self, other: Any) -> bool:
        """Is ``other`` an answer to the same question (kind, seat, language, table version)?"""
        return isinstance(other, Advice) and (
            other.kind,
            other.seat,
            other.lang,
            other.version,
        ) == (self.kind, self.seat, self.lang, self.version)


class Button(TypedDict):
    label: str
    title: str


class AdvicePart(TypedDict):
    on: bool
    hint: Button | None
    what_if: Button | None
    kind: str
    text: str
    thinking: str


def asking_seat(table: Table, screen: Screen, viewer: ViewerLike | None = None) -> int | None:
    """The seat ``screen`` may ask for: the person's seat it shows (and plays), never while its
    device is passed; None otherwise."""
    if screen.passing:
        return None
    seat = screen.shown_viewer if viewer is None else viewer
    if seat.__class__ is not int or not 0 <= seat < table.game.players:
        return None
    assert isinstance(seat, int)
    if screen.plays is None or (screen.plays != ANY and screen.plays != seat):
        return None
    if table.is_bot(seat):
        return None
    return seat


def _may_hint(table: Table, seat: int | None) -> bool:
    """Is it ``seat``'s decision now (a pass the table makes for it is none)?"""
    return seat is not None and table.state.current_player() == seat and table.forced_pass() is None


def _may_look_back(table: Table, seat: int | None) -> bool:
    """Has ``seat`` finished a turn (it decided before, and it is not its turn now)?"""
    if seat is None:
        return False
    match = table.match
    if not any(s.current_player() == seat for s in match.states[:-1]):
        return False
    return table.state.current_player() == TERMINAL or table.turn_owner() != seat


def _refuse(key: str, reason: str) -> Refused:
    return Refused(TableError(lambda lang: _w(f"refuse.{key}", lang)), reason=reason)


#: Where a table works out an answer: ``thinker(work, done)`` runs ``work()`` (it reads only
#: what it was handed, never the live table) and then calls ``done`` on the table's own thread
#: with its words or the :class:`Refused` it raised.
Thinker = Callable[[Callable[[], str], Callable[[Any], None]], None]


def advise(table: Table, screen: Screen, kind: str) -> None:
    """Answer ``screen``'s ``"hint"`` or ``"what_if"`` (kept on the screen until the table
    changes), or raise :class:`~kaskaria.tables.words.Refused` (nothing changes)."""
    if not table.hints:
        raise _refuse("off", "hints_off")
    seat = asking_seat(table, screen)
    lang = screen.lang
    if kind == "hint":
        if not _may_hint(table, seat):
            raise _refuse("not_yours", "hint_not_yours")
    else:
        if seat is None:
            raise _refuse("own_only", "what_if_not_yours")
        if not _may_look_back(table, seat):
            raise _refuse("no_turn", "what_if_no_turn")
    assert seat is not None
    asked = Advice(kind, seat, "", lang, table.version)
    if asked.answers(screen.advice):
        table.screen_changed(screen)  # the same question: the answer on screen stands
        return
    work = _work(table, kind, seat, lang)
    thinker = table.thinker
    if thinker is None:
        screen.advice = replace(asked, text=work())  # a refusal raised here changes nothing
        table.screen_changed(screen)
        return
    screen.advice = replace(asked, text=_w("working", lang))
    table.screen_changed(screen)

    def wanted() -> str:
        # still asked when its turn to be worked out comes? (a later question on the screen, a
        # move at the table or the screen gone: nothing is worked out, and nothing is shown)
        if not _waits(table, screen, asked):
            raise no_answer()
        return work()

    thinker(wanted, lambda result: _answer(table, screen, asked, result))


def _work(table: Table, kind: str, seat: int, lang: str) -> Callable[[], str]:
    """The answer's computation, on what the table holds now (a state never changes; the match
    is copied), so it may run while the table goes on."""
    from .. import hints

    if kind == "hint":
        state = table.state

        def hint() -> str:
            try:
                return hints.hint(state, seat, lang).text
            except ValueError:
                raise no_answer() from None

        return hint
    match = table.match.copy()
    return lambda: hints.what_if(match, seat, lang).text


def work_out(work: Callable[[], Any]) -> Any:
    """Run an answer's computation: its words, or the :class:`Refused` it raised (what a
    :data:`Thinker` hands to ``done``)."""
    try:
        return work()
    except Refused as no:
        return no


def busy_answer() -> Refused:
    """The refusal a thinker gives when it has as much work waiting as it takes."""
    return _refuse("busy", "hints_busy")


def _waits(table: Table, screen: Screen, asked: Advice) -> bool:
    """Does ``screen`` still wait for the answer to ``asked`` (the table where it was asked, the
    screen still at it, no later question)?"""
    return table.version == asked.version and table.shows(screen) and asked.answers(screen.advice)


def no_answer() -> Refused:
    """The refusal "There is no hint for this moment"."""
    return _refuse("none", "hint_none")


def _answer(table: Table, screen: Screen, asked: Advice, result: Any) -> None:
    """Show ``result`` (the words, or a :class:`Refused`), worked out by a thinker, on
    ``screen``, only while the table is where it was asked and the screen still waits for it."""
    if not _waits(table, screen, asked):
        return
    if isinstance(result, Refused):
        screen.advice = None
        screen.show(result.refusal, table)
        return
    screen.advice = replace(asked, text=str(result))
    table.screen_changed(screen)


def advice_part(table: Table, screen: Screen, viewer: ViewerLike, lang: str) -> AdvicePart:
    """The ``advice`` part of ``screen``'s view for ``viewer`` in ``lang``."""
    on = table.hints
    seat = asking_seat(table, screen, viewer) if viewer == screen.shown_viewer else None
    player = table.state.current_player()
    hint: Button | None = None
    what_if: Button | None = None
    if on and _may_hint(table, seat):
        hint = {"label": _w("hint", lang), "title": _w("hint_title", lang)}
    if on and _may_look_back(table, seat):
        what_if = {"label": _w("what_if", lang), "title": _w("what_if_title", lang)}
    kind, text = "", ""
    shown = getattr(screen, "advice", None)
    if (
        on
        and isinstance(shown, Advice)
        and shown.version == table.version
        and shown.seat == seat
        and shown.lang == lang
    ):
        kind, text = shown.kind, shown.text
    thinking = ""
    if player >= 0 and table.is_bot(player):
        thinking = _w("thinking", lang, who=table.name(player, lang))
    return {
        "on": on,
        "hint": hint,
        "what_if": what_if,
        "kind": kind,
        "text": text,
        "thinking": thinking,
    }
