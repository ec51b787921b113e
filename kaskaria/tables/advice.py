"""Hints and "what if?" at a table: the strong bot's move and why, for the seat to move, and a
look back at a seat's finished turn (:mod:`kaskaria.hints` computes both; this module decides who
may ask and keeps the answer on the screen that asked).

The table's ``hints`` setting (Python only, off by default; on in the play apps) allows them.
Only a screen showing a person's own seat may ask, and only for that seat: a hint while that seat
is to move, a "what if?" once that seat's turn has ended. The answer is computed from that
seat's view alone (:func:`kaskaria.hints.hint` hands the game's hint code the seat's observation;
its random numbers come from that observation too) and shown on the asking screen only, until
the table changes. A refusal says why in words every viewer may read.

Asking again for the same answer (the same seat and kind, the table unchanged) costs nothing:
the answer kept at the table stands, in whatever language the screen shows now. Where the table
has a ``thinker`` (a class server hands the work to a process of its own, so that one pupil's
hint holds up nobody else's move), the question crosses to it as plain data (the position and the
seat), the words come back in every language the project speaks (switching language starts no
new work), and the screen says "Working it out…" until the answer, or a sentence saying why there
is none, comes (while the table is where it was asked): an answer about a position the table
has left is not shown ("The game went on: ask again." while the decision is still the seat's;
nothing once the seat moved on or its turn passed). A seat has one question worked out at a time; another meanwhile is refused in
words, so a seat starts at most one hint and one "what if?" per position of the table.

The ``advice`` part of a view (:func:`advice_part`) carries the two buttons (each only when the
screen may press it), the answer the screen asked for, and ``thinking``: "Player 2 is thinking…"
while a bot is to move (a screen shows it while the bot decides; nothing a child presses waits
for it), and ``wait``: "Wait: Player 2 is thinking…", the answer to a click on the board then.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypedDict

from ..core import TERMINAL, ViewerLike
from ..i18n import LANGUAGES, register_messages
from ..i18n import text as _t
from ..present import presenter_for
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
    "went_on",
    "words",
    "work_out",
]

#: The message table of these words.
DOMAIN = "table-hints"

EN = {
    "hint": "Hint",
    "hint_title": "What the best player would do now, and why",
    "what_if": "Look back",
    "what_if_title": "What the other choice would have given in your last turn",
    "thinking": "{who} is thinking…",
    # the answer to a click on the board meanwhile
    "thinking_wait": "Wait: {who} is thinking…",
    "refuse.off": "Hints are switched off at this table.",
    "refuse.not_yours": "Only the player whose turn it is gets a hint, on their own screen.",
    "refuse.no_turn": "You have not finished a turn yet to look back at.",
    "refuse.own_only": "You can look back only at your own turns, on your own screen.",
    "refuse.none": "There is no hint for this moment.",
    "working": "Working it out…",
    "refuse.busy": "Many hints are being worked out right now: ask again in a moment.",
    "refuse.ready": "The hints are still getting ready: ask again in a moment.",
    "refuse.wait": "Your last question is still being worked out: wait for its answer.",
    "refuse.went_on": "The game went on: ask again.",
}
DE = {
    "hint": "Tipp",
    "hint_title": "Der beste Zug jetzt, und warum",
    "what_if": "Rückblick",
    "what_if_title": "Was die andere Wahl in deinem letzten Zug gebracht hätte",
    "thinking": "{who} überlegt\u00a0…",
    "thinking_wait": "Warte: {who} überlegt\u00a0…",
    "refuse.off": "Tipps sind an diesem Tisch ausgeschaltet.",
    "refuse.not_yours": "Einen Tipp bekommt nur, wer am Zug ist, auf dem eigenen Bildschirm.",
    "refuse.no_turn": "Du hast noch keinen Zug beendet, auf den du zurückschauen kannst.",
    "refuse.own_only": "Du kannst nur auf deine eigenen Züge zurückschauen, auf deinem Bildschirm.",
    "refuse.none": "Für diesen Moment gibt es keinen Tipp.",
    "working": "Wird ausgerechnet …",
    "refuse.busy": "Gerade werden viele Tipps ausgerechnet: Frag gleich noch einmal.",
    "refuse.ready": "Die Tipps werden noch vorbereitet: Frag gleich noch einmal.",
    "refuse.wait": "Deine letzte Frage wird noch ausgerechnet: Warte auf die Antwort.",
    "refuse.went_on": "Das Spiel ist weitergegangen: Frag noch einmal.",
}
register_messages(DOMAIN, {"en": EN, "de": DE})


def _w(key: str, lang: str, **params: Any) -> str:
    return _t(DOMAIN, key, lang, **params)


@dataclass(frozen=True)
class Advice:
    """An answer asked for at a table: ``kind`` (``"hint"`` or ``"what_if"``), the ``seat`` it
    is for, the table ``version`` it belongs to (shown until the table changes) and its words by
    language, ``texts`` (None while it is worked out; empty when there is no hint for that
    moment)."""

    kind: str
    seat: int
    version: int
    texts: Mapping[str, str] | None = None
    #: the game's state when it was asked: a hint stays on screen while the game's presenter
    #: says it still holds (:func:`held`), e.g. while the seat hands out the split it names
    state: Any = field(default=None, compare=False, repr=False)
    #: what the hint's plan is, where it names one the seat carries out step by step (Dragon's
    #: Gold: the split it names, the piles): it holds only while the steps taken follow it
    plan: Any = field(default=None, compare=False, repr=False)

    def answers(self, kind: str, seat: int, version: int, lang: str) -> bool:
        """Is this the answer (or the work on it) to ``kind`` for ``seat`` at ``version``, with
        words in ``lang`` where it has words?"""
        return (self.kind, self.seat, self.version) == (kind, seat, version) and (
            not self.texts or lang in self.texts
        )


@dataclass(frozen=True)
class Words:
    """What a thinker works out for a question: the words by language and, for a hint, the
    plan they name (see :attr:`Advice.plan`; plain data)."""

    texts: dict[str, str]
    plan: Any = None


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
    wait: str


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
    """Has ``seat`` finished a turn (it decided before, and it is not its turn now) with a
    choice its game's "what if?" looks back at?"""
    if seat is None:
        return False
    match = table.match
    if not any(s.current_player() == seat for s in match.states[:-1]):
        return False
    if table.state.current_player() != TERMINAL and table.turn_owner() == seat:
        return False
    from .. import hints

    return hints.can_look_back(match, seat)


def _refuse(key: str, reason: str) -> Refused:
    return Refused(TableError(lambda lang: _w(f"refuse.{key}", lang)), reason=reason)


#: Where a table works out an answer: ``thinker(work, done, wanted)`` runs ``work()`` (a function
#: of the module level, or a :func:`functools.partial` of one, over plain data that pickles: it
#: may run in another process, and never reads the live table) and then calls ``done`` on the
#: table's own thread with its outcome or a :class:`Refused` ("no hint", "busy"); work waiting
#: for its turn whose ``wanted()`` (asked on the table's thread) says False by then is skipped
#: and answered "no hint".
Thinker = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[], bool]], None]


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
    kept = table.advice_kept
    had = kept.get((seat, kind))
    if had is not None and had.answers(kind, seat, table.version, lang):
        if had.texts == {}:
            raise no_answer()
        screen.advice = had  # the same question: the answer kept stands, no new work
        table.screen_changed(screen)
        return
    if kind == "hint" and had is not None and had.texts and lang in had.texts and held(table, had):
        # the child follows the plan the hint named (hands out its split token by token): the
        # same words again, not a new search from the new position that may name another plan
        screen.advice = had
        table.screen_changed(screen)
        return
    question = _question(table, kind, seat)
    thinker = table.thinker
    if thinker is None:
        worded = words(*question, (lang,))
        if worded is None:
            raise no_answer()  # nothing has changed
        texts = worded.texts
        if had is not None and had.version == table.version and had.texts:
            texts = {**had.texts, **texts}
        screen.advice = kept[(seat, kind)] = Advice(
            kind, seat, table.version, texts, table.state, worded.plan
        )
        table.screen_changed(screen)
        return
    if any(a.texts is None for (s, _), a in kept.items() if s == seat):
        raise _refuse("wait", "hint_wait")
    asked = Advice(kind, seat, table.version, state=table.state)
    screen.advice = kept[(seat, kind)] = asked
    table.screen_changed(screen)
    work = functools.partial(words, *question, LANGUAGES)
    thinker(
        work,
        lambda result: _answer(table, screen, asked, result),
        lambda: _waits(table, screen, asked),
    )


def _waits(table: Table, screen: Screen, asked: Advice) -> bool:
    """Does ``screen`` still wait for the answer to ``asked`` (the table where it was asked, the
    screen still at it, no later question)?"""
    here = table.version == asked.version or (
        asked.kind == "what_if" and _no_decision_since(table, asked)
    )
    return here and screen.advice is asked and table.shows(screen)


def _question(table: Table, kind: str, seat: int) -> tuple[str, Any, int]:
    """What an answer is worked out from, as plain data that may cross to another process: the
    kind, what the table holds now (the state for a hint; a copy of the match for a look back:
    a state never changes) and the seat. It holds what the seat may not see, so it stays with
    the server; only the words come back, to the asking screen."""
    return kind, table.state if kind == "hint" else table.match.copy(), seat


def words(kind: str, what: Any, seat: int, langs: tuple[str, ...]) -> Words | None:
    """The words of a ``"hint"`` (``what``: a state) or ``"what_if"`` (a match) for ``seat``
    in each language of ``langs``, from one search, with the plan a hint names; None when
    there is no hint for the moment. What a :data:`Thinker` runs."""
    from .. import hints

    try:
        if kind == "hint":
            return Words(*hints.hint_words(what, seat, langs))
        return Words(hints.what_if_texts(what, seat, langs))
    except ValueError:
        return None


def work_out(work: Callable[[], Any]) -> Any:
    """Run an answer's computation: its outcome, or the :class:`Refused` it raised (what a
    :data:`Thinker` hands to ``done``)."""
    try:
        return work()
    except Refused as no:
        return no


def busy_answer() -> Refused:
    """The refusal a thinker gives when it has as much work waiting as it takes."""
    return _refuse("busy", "hints_busy")


def ready_answer() -> Refused:
    """The refusal a thinker gives while it is still getting ready (its processes starting, or
    loading what the bots need) and no one else's question is ahead: not "busy"."""
    return _refuse("ready", "hints_ready")


def no_answer() -> Refused:
    """The refusal "There is no hint for this moment"."""
    return _refuse("none", "hint_none")


def went_on() -> Refused:
    """The refusal "The game went on: ask again." (an answer about a position the table left)."""
    return _refuse("went_on", "hint_went_on")


def _answer(table: Table, screen: Screen, asked: Advice, result: Any) -> None:
    """Keep ``result`` (the words by language, None for no hint, or a :class:`Refused`), worked
    out by a thinker, at the table, and show it on ``screen`` if the screen still waits for it:
    the answer while the table is where it was asked, else the sentence that the game went on."""
    key = (asked.seat, asked.kind)
    answered = None
    if isinstance(result, Words):
        answered = replace(asked, texts=dict(result.texts), plan=result.plan)
    elif result is None:
        answered = replace(asked, texts={})
    if table.advice_kept.get(key) is asked:
        if answered is None:
            del table.advice_kept[key]  # busy, or the work failed: it may be asked again
        else:
            table.advice_kept[key] = answered
    if screen.advice is not asked or not table.shows(screen):
        return  # a later question on the screen, or the screen gone
    screen.advice = None
    if table.version != asked.version and not (answered is not None and held(table, answered)):
        if _may_hint(table, asked.seat):
            screen.show(went_on().refusal, table)  # it is theirs to decide still: ask again
        else:
            # they moved on, or their turn passed: nothing to ask again now, so no sentence
            # that stays on their screen through another player's turn
            table.screen_changed(screen)
    elif answered is None or not answered.texts:
        screen.show((result if isinstance(result, Refused) else no_answer()).refusal, table)
    else:
        screen.advice = answered
        table.screen_changed(screen)


def held(table: Table, shown: Advice) -> bool:
    """Does the hint ``shown`` still hold though the table moved on: the game's presenter says so
    (``hint_holds(asked, now, seat, plan)``: Dragon's Gold while the seat hands out, token by
    token, the split the hint names, and every token so far as it names)? A look back ("what
    if?") holds until its seat decides again in the same game: it tells of a turn that is over,
    and the bots playing on after it (a child saw it go after 1.3 s) change nothing in it."""
    if shown.kind == "what_if":
        return _no_decision_since(table, shown)
    holds = getattr(presenter_for(table.game), "hint_holds", None)
    return (
        shown.kind == "hint"
        and shown.state is not None
        and holds is not None
        and bool(holds(shown.state, table.state, shown.seat, shown.plan))
    )


def _no_decision_since(table: Table, shown: Advice) -> bool:
    """Is the game the one ``shown`` was asked in, and has its seat made no decision since?"""
    states = table.match.states
    asked = next((i for i, s in enumerate(states) if s is shown.state), None)
    if asked is None:  # a new game, or the moves it was asked after were taken back
        return False
    return all(states[i].current_player() != shown.seat for i in range(asked, len(states) - 1))


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
    if on and isinstance(shown, Advice) and shown.seat == seat:
        if shown.texts is None:
            # worked out still: "Working it out…" only while the table is where it was asked (a
            # child who moved on meanwhile, or whose turn passed, is not told the game thinks
            # for them while another player decides; the late answer says the game went on)
            if shown.version == table.version:
                kind, text = shown.kind, _w("working", lang)
        elif lang in shown.texts and (shown.version == table.version or held(table, shown)):
            kind, text = shown.kind, shown.texts[lang]
    thinking = wait = ""
    if player >= 0 and table.is_bot(player):
        thinking = _w("thinking", lang, who=table.name(player, lang))
        wait = _w("thinking_wait", lang, who=table.name(player, lang))
    return {
        "on": on,
        "hint": hint,
        "what_if": what_if,
        "kind": kind,
        "text": text,
        "thinking": thinking,
        "wait": wait,
    }
