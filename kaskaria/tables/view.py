"""The view: what one screen draws, a pure function of (table, screen).

:func:`view` builds the parts of :data:`PARTS` (and ``version``) for the screen's viewer in its
language; each part has its typed definition below (a screen redraws only the parts whose JSON
changed). What the screen may not see is never put in: the board and the moves come from the
viewer's observation, the seed and the full code only for a screen that may show them
(``Screen.shows_seed``), the clock only for a screen that keeps the time.
"""

from __future__ import annotations

import math
import re
import weakref
from html import escape
from typing import Any, TypedDict

from ..core import CHANCE, TERMINAL, ViewerLike, check_viewer
from ..i18n import LANGUAGES, check_lang
from ..i18n import text as _t
from ..present import Names, Presenter, cells_aligned, is_you
from .advice import AdvicePart, advice_part
from .screen import AUTO_VIEWER, MOTIONS, Screen
from .table import HUMAN, PACES, Table
from .words import capital, sentence, shell_words

__all__ = [
    "PARTS",
    "SETTING_PARTS",
    "View",
    "describe",
    "flat_view",
    "log_lines",
    "message",
    "glance",
    "static_html",
    "view",
    "view_parts",
]

#: The names of the parts of a view, in the order a screen draws them.
PARTS = (
    "frame",
    "board",
    "players",
    "turn",
    "summary",
    "message",
    "moves",
    "passing",
    "timer",
    "log",
    "rules",
    "settings",
    "info",
    "status",
    "result",
    "clock",
    "advice",
)
#: The parts of a view that each of a screen's own settings changes (the others stay as they
#: were): a screen that changed one is sent these parts only (:func:`view_parts`).
SETTING_PARTS: dict[str, tuple[str, ...]] = {
    "log": ("log",),
    "sound": ("frame", "settings"),
    "motion": ("frame", "settings"),
}


class Frame(TypedDict):
    game: str
    title: str
    prefix: str
    lang: str
    viewer: int | str
    motion: str
    sound: bool
    steps: bool
    text: dict[str, str]


class Player(TypedDict, total=False):
    seat: int
    name: str
    label: str
    kind: str
    bot: str | None
    spec: str
    to_move: bool
    winner: bool
    viewer: bool
    played_by: str
    # and the presenter's own lines for the seat (``Presenter.player_extra``)


class Turn(TypedDict):
    kind: str
    seat: int
    text: str
    phase: str
    player: int
    to_move: str


class Line(TypedDict):
    text: str
    kind: str


class Summary(TypedDict):
    lines: list[Line]


class Message(TypedDict):
    text: str
    kind: str
    prompt: str


class Undo(TypedDict):
    shown: bool
    enabled: bool
    label: str
    reason: str


class Moves(TypedDict):
    actions: list[dict[str, Any]]
    next: dict[str, str] | None
    turn: dict[str, str] | None
    running: bool
    undo: Undo
    wait: str
    hint: str


class Passing(TypedDict):
    seat: int
    title: str
    ready: str
    hint: str


class Timer(TypedDict):
    on: bool
    running: bool
    key: str | None
    seconds: int
    left_ms: int | None
    text: str
    title: str


class LogEntry(TypedDict):
    n: int
    who: str
    text: str
    chance: bool


class Log(TypedDict):
    entries: list[LogEntry]
    total: int
    more: bool


class Rules(TypedDict):
    variant: str
    help: list[str]
    options: list[dict[str, str]]
    assumed: str


class Settings(TypedDict):
    autoplay_ms: int | None
    autoplay_enabled: bool
    pace_ms: int
    paces: list[dict[str, Any]]
    seat_menu: list[dict[str, str]]
    seats: list[str]
    variant: str
    variants: list[dict[str, str]]
    player_counts: list[int]
    languages: list[dict[str, str]]
    help: bool
    hourglass: bool | None
    sound: bool
    motion: str
    motions: list[dict[str, str]]


class Info(TypedDict):
    this_game: str
    seed: int | None
    code: str
    code_is_view: bool


class Clock(TypedDict):
    wake_ms: int | None
    n: int


class View(TypedDict):
    version: int
    frame: Frame
    board: dict[str, Any]
    players: list[Player]
    turn: Turn
    summary: Summary
    message: Message
    moves: Moves
    passing: Passing | None
    timer: Timer | None
    log: Log
    rules: Rules
    settings: Settings
    info: Info
    status: str
    result: dict[str, Any] | None
    clock: Clock
    advice: AdvicePart


def view(
    table: Table, screen: Screen, viewer: ViewerLike | None = None, lang: str | None = None
) -> View:
    """What ``screen`` shows of ``table``: for its viewer (the table while its device is passed)
    in its language; ``viewer`` and ``lang`` build the same screen's view as another viewer or in
    another language would see it."""
    shown = screen.shown_viewer
    viewer = shown if viewer is None else check_viewer(viewer, table.game.players)
    lang = check_lang(lang or screen.lang)
    match = table.match
    state = match.state
    presenter = table.presenter
    player = state.current_player()
    passing = screen.passing and viewer == shown
    if player == TERMINAL:
        to_move = "over"
    elif player == CHANCE:
        to_move = "chance"
    elif passing:
        to_move = "pass"
    elif table.is_bot(player):
        to_move = "bot"
    else:
        to_move = "auto" if _passes_itself(table, viewer, player) else "human"
    board = presenter.board(match, viewer, lang, table.help)
    board.pop("hourglass", None)
    board["help"] = table.help
    if not table.help_switch:  # the screens draw no switch (the key only when it is locked)
        board["help_locked"] = True
    seat_of = getattr(state, "player", player)
    seat_of = int(seat_of) if seat_of >= 0 else -1
    text, kind, prompt = message(table, screen, viewer, lang)
    return {
        "version": screen.version(table),
        "frame": _frame(table, screen, viewer, lang),
        "board": board,
        "players": _players(table, board, viewer, lang),
        "turn": {
            **_turn(table, to_move, viewer, lang),  # type: ignore[typeddict-item]
            "phase": getattr(state, "phase", ""),
            "player": seat_of,
            "to_move": to_move,
        },
        "summary": _summary(table, viewer, lang),
        "message": {"text": text, "kind": kind, "prompt": prompt},
        "moves": _moves(table, screen, to_move, viewer, passing, lang),
        "passing": _passing(table, lang) if passing and player >= 0 else None,
        "timer": _timer(table, lang),
        "log": _log(table, screen, viewer, lang),
        "rules": _rules(table, lang),
        "settings": _settings(table, screen, player, lang),
        "info": _info(table, screen, viewer, player, lang),
        "status": _status(table, screen, viewer, lang, prompt),
        "result": _result(table, viewer, lang) if player == TERMINAL else None,
        "clock": _clock(table) if screen.keeps_time else {"wake_ms": None, "n": 0},
        "advice": advice_part(table, screen, viewer, lang),
    }


def view_parts(table: Table, screen: Screen, names: tuple[str, ...]) -> dict[str, Any]:
    """Only the parts ``names`` (each one of :data:`SETTING_PARTS`'s) of ``screen``'s view, as
    :func:`view` builds them, with the view's ``version``: what a screen that changed its log,
    sound or motion is sent, without building the board, the moves and the rest again."""
    viewer = screen.shown_viewer
    lang = check_lang(screen.lang)
    build = {
        "frame": lambda: _frame(table, screen, viewer, lang),
        "log": lambda: _log(table, screen, viewer, lang),
        "settings": lambda: _settings(table, screen, table.state.current_player(), lang),
    }
    unknown = [n for n in names if n not in build]
    if unknown:
        raise ValueError(f"a view's parts built alone are {', '.join(build)}, not {unknown[0]!r}")
    return {"version": screen.version(table), **{n: build[n]() for n in names}}


def _frame(table: Table, screen: Screen, viewer: ViewerLike, lang: str) -> Frame:
    presenter = table.presenter
    return {
        "game": table.game.name,
        "title": presenter.title(lang),
        "prefix": presenter.prefix,
        "lang": lang,
        "viewer": viewer if isinstance(viewer, int) else str(viewer),
        "motion": screen.motion,
        "sound": screen.sound,
        # may this screen step the table for everyone ("Next step", "Play whole turn",
        # Autoplay)? A pupil's device may not: it shows none of them, nor their keys
        "steps": screen.controls,
        "text": shell_words(lang)
        if screen.controls
        else {**shell_words(lang), "keys": _t("core", "shell.keys_seat", lang)},
    }


def glance(table: Table, screen: Screen) -> dict[str, Any]:
    """The few parts of ``screen``'s view that a card of the table on a class board shows (the
    title, whose turn, the status, the last steps, the result): the same words as :func:`view`
    builds, without the board, the moves or the log (a board of many tables builds one per
    change of each)."""
    viewer = screen.shown_viewer
    lang = screen.lang
    state = table.state
    player = state.current_player()
    if player == TERMINAL:
        to_move = "over"
    elif player == CHANCE:
        to_move = "chance"
    else:
        to_move = "bot" if table.is_bot(player) else "human"
    return {
        "version": screen.version(table),
        "title": table.presenter.title(lang),
        # a card on the teacher's class board: the players by name, nobody is "you"
        "turn": _turn(table, to_move, None, lang),
        "status": _status(table, screen, viewer, lang, _prompt(table, screen, viewer, lang)),
        "summary": _summary(table, viewer, lang, you=False),
        "result": _result(table, None, lang) if player == TERMINAL else None,
    }


# -- the message -------------------------------------------------------------------------------
def _prompt(table: Table, screen: Screen, viewer: ViewerLike, lang: str) -> str:
    state = table.state
    player = state.current_player()
    if screen.passing and player >= 0:
        # the sentence quotes the button itself, so nobody looks for a button that isn't there
        ready = _t("core", "shell.pass_ready", lang, who=table.seat_name(player, lang))
        return _t("core", "shell.pass_prompt", lang, who=table.name(player, lang), ready=ready)
    if player >= 0 and table.is_bot(player):
        key = "generic.thinking_auto" if table.stepping() else "generic.thinking"
        return _t("core", key, lang, who=table.name(player, lang))
    if _passes_itself(table, viewer, player):
        return _t("core", "generic.passes_itself", lang)
    who = table.name(player, lang) if player >= 0 else ""
    prompt = table.presenter.prompt(state, lang, who, False)
    if _is_viewer(viewer, player) and prompt.startswith(f"{who}: "):
        # the screen's own player is told what to do, never called "Player 1"
        prompt = capital(prompt[len(who) + 2 :])
    return prompt


def _own_seat(table: Table, screen: Screen, viewer: ViewerLike) -> int | None:
    """The seat whose screen this is, "you" in its log and its screen reader's line; None on a
    screen of no seat (the table's view, everyone's) and where people share one device (its view
    follows the person to move: a line of the log would change its subject with each pass, so
    the seats keep their names)."""
    if viewer.__class__ is not int:
        return None
    if screen.viewer_setting == AUTO_VIEWER and len(table.people) > 1:
        return None
    return viewer


def _status(table: Table, screen: Screen, viewer: ViewerLike, lang: str, prompt: str) -> str:
    """The line a screen reader reads under the table, short: once the game is over, who won in
    one sentence (the results panel has the details); before that whose turn it is and what
    this screen can do now, in the words of its message (``prompt``), then the few facts a
    child needs (:meth:`~kaskaria.present.Presenter.status_brief`). The seats by their names,
    the screen's own seat "you" (as in the narration)."""
    state = table.state
    presenter = table.presenter
    own = _own_seat(table, screen, viewer)
    names = narration_names(table, viewer, lang, own is not None)
    if state.current_player() == TERMINAL:
        return presenter.winner_line(state, lang, names)
    lines = []
    owner = table.turn_owner()
    # whose turn, unless the message names the mover already ("Player 2: choose a move.",
    # "Player 2 (easy bot) is thinking ...")
    named = owner is not None and prompt.startswith((names(owner), table.name(owner, lang)))
    if owner is not None and not named:
        key = "status.turn_you" if is_you(names, owner) else "status.turn"
        lines.append(_t("core", key, lang, who=names(owner)))
    lines.append(prompt)
    lines.extend(presenter.status_brief(state, viewer, lang, names))
    return " ".join(line for line in lines if line)


def _is_viewer(viewer: ViewerLike | None, player: int) -> bool:
    return viewer.__class__ is int and viewer == player


def _passes_itself(table: Table, viewer: ViewerLike | None, player: int) -> bool:
    """Is the pass of ``viewer``'s own seat, with nothing to decide, about to be made by the
    table (:meth:`~kaskaria.tables.Table.forced_pass`)? Only that seat's screen is told: on the
    others it is a decision like any other (it may depend on what they may not see)."""
    return _is_viewer(viewer, player) and table.forced_pass() is not None


def message(table: Table, screen: Screen, viewer: ViewerLike, lang: str) -> tuple[str, str, str]:
    """(the whole message, its kind, the prompt alone) for ``viewer`` in ``lang``: the screen's
    own refusal if the table has said nothing since, else the table's news."""
    prompt = _prompt(table, screen, viewer, lang)
    refusal = screen.message(table)
    news = table.news
    if refusal is None and news.what == "error":
        refusal = news.data
    if refusal is not None:
        text = refusal.text(table, viewer, lang)
        return text, "error", text
    kind = news.kind
    if news.what == "done" and table.state.current_player() == TERMINAL:
        # the end alone (what led to it is in what just happened); a screen shows it once, in
        # its results. The seats by their names alone ("Player 2 wins ...", not "Player 2 (easy
        # bot) wins ..."): one short line, the results list who played each seat
        names = narration_names(table, viewer, lang)
        return table.presenter.game_over(table.state, lang, names), "over", ""
    if news.what == "done":
        start, steps = news.data
        text, kind = table.presenter.narrate(
            table.match, start, viewer, lang, narration_names(table, viewer, lang)
        )
        if steps is not None and steps > 1:
            text = _t("core", "shell.steps_played", lang, n=steps) + " " + text
        return (text + " " + prompt).strip(), kind, prompt
    key, _ = news.data
    if key.startswith("greet") or key in ("new_game", "loaded"):
        key = f"{key}_hidden"
    words = _t("core", f"say.{key}", lang, **news.params_for(viewer))
    return (words + " " + prompt).strip(), kind, prompt


def narration_names(table: Table, viewer: ViewerLike | None, lang: str, you: bool = True) -> Names:
    """The seats' names in what just happened on ``viewer``'s screen: "Player 2" or the seat's
    given name (the players' panel says which seat a bot plays), and the viewer's own seat is "you" (unless ``you`` is
    False: a screen read by someone else)."""

    def name(p: int, lg: str = lang) -> str:
        return table.seat_name(p, lg) if p >= 0 else table.name(p, lg)

    return Names(name, viewer if you else None, table.bot_at)


#: where one sentence ends and the next begins (each is a line of what just happened)
_SENTENCE_END = re.compile(r"(?<=[.!])\s+(?=[A-ZÄÖÜ0-9„\"])")


def sentences(text: str) -> list[str]:
    """``text`` cut into its sentences."""
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def _without_the_end(table: Table, text: str, names: Names, lang: str) -> str:
    """A narration without the game's end: once the game is over, the results and the message
    say who won and how, what just happened does not say it a third time."""
    state = table.state
    if state.current_player() != TERMINAL:
        return text
    end = table.presenter.game_over(state, lang, names)
    if not end:
        return text
    # sentence by sentence: a step may say only the end's last sentence ("Player 2 wins with 24
    # stars.", where the end says first why the game is over)
    said = set(sentences(end))
    return " ".join(s for s in sentences(text) if s not in said)


# -- the parts ---------------------------------------------------------------------------------
def _clock(table: Table) -> Clock:
    wait = table.wake_in()
    return {
        "wake_ms": None if wait is None else max(1, math.ceil(wait * 1000)),
        "n": table.ticks,
    }


def _players(table: Table, board: dict[str, Any], viewer: ViewerLike, lang: str) -> list[Player]:
    state = table.state
    player = state.current_player()
    seat_of = getattr(state, "player", player)
    out = []
    for p in range(table.game.players):
        seat = _t("core", "player", lang, n=p + 1)
        # the screen's own seat is "You" on its card, as in what just happened
        label = capital(_t("core", "you", lang)) if viewer == p else seat
        out.append(
            {
                "seat": p,
                "name": table.name(p, lang),
                "label": label,
                "kind": "human" if table.bots[p] is None else "bot",
                "bot": table.bot_label(p, lang),
                "spec": table.seat_menu_value(p),
                "to_move": player != TERMINAL and seat_of == p,
                "winner": player == TERMINAL and p in state.winners(),
                "viewer": viewer == p,
                "played_by": _t("core", "shell.played_by", lang, who=seat),
                **table.presenter.player_extra(board, p, lang),
            }
        )
    return out  # type: ignore[return-value]


def _turn(table: Table, to_move: str, viewer: ViewerLike | None, lang: str) -> dict[str, Any]:
    """Whose moment it is, in a few words (always on screen)."""
    player = table.state.current_player()
    owner = table.turn_owner()
    if to_move == "over":
        text = _t("core", "turn.over", lang)
    elif to_move == "chance":  # "The dice roll.", else "Chance: roll the dice"
        happens = table.presenter.chance_happens(table.state, lang)
        text = happens or _t("core", "turn.chance", lang, what=capital(table.chance_words(lang)))
    elif to_move == "pass":
        text = _t("core", "turn.pass", lang, who=table.name(player, lang))
    elif to_move == "auto":
        text = _t("core", "turn.auto", lang)
    elif to_move == "bot":
        text = _t("core", "turn.bot", lang, who=table.name(player, lang))
    elif _is_viewer(viewer, player):
        text = _t("core", "turn.you", lang)
    elif viewer.__class__ is int:
        # a screen of another person's own seat (their device in class): not "your turn"
        text = _t("core", "turn.other", lang, who=table.name(player, lang))
    else:
        text = _t("core", "turn.person", lang, who=table.name(player, lang))
    return {"kind": to_move, "seat": owner if owner is not None else -1, "text": text}


def _summary(table: Table, viewer: ViewerLike, lang: str, you: bool = True) -> Summary:
    """What happened since a person at the table last decided, one line per step (it stays
    until the next click of a person)."""
    lines: list[Line] = []
    names = narration_names(table, viewer, lang, you)
    match = table.match
    time_up_at, time_up_who = table.time_up
    steps: list[tuple[int, int]] = []
    for start, end in table.summary:
        if end > len(match.actions) or start >= end:
            continue
        # steps the game tells as one ("Player 2 draws 2 magic items", not the line twice)
        if (
            steps
            and steps[-1][1] == start
            and table.presenter.told_together(match, steps[-1], (start, end))
        ):
            steps[-1] = (steps[-1][0], end)
        else:
            steps.append((start, end))
    for start, end in steps:
        text, kind = table.presenter.narrate(match, start, viewer, lang, names, end)
        text = _without_the_end(table, text, names, lang)
        if time_up_at == start:
            if viewer.__class__ is int and viewer == time_up_who:
                head = _t("core", "say.time_up_you", lang)  # the viewer's own answer
            else:
                head = _t("core", "say.time_up", lang, who=table.name(time_up_who, lang))
            text = (head + " " + text).strip()
        # one sentence a line: a child reads a step a line at a time
        lines.extend({"text": line, "kind": kind} for line in sentences(text))
    news = table.news
    if not lines and news.what == "say" and news.data[0] == "undone":
        # after a take-back the summary says what was taken back (not "nothing yet")
        params = news.params_for(viewer)
        if "taken" in params:
            # the move taken back, quoted as the sentence it was: “You send …”, „Du schickst …“
            taken = params["taken"]
            said = taken(lang) if callable(taken) else str(taken)
            params["taken"] = said[:1].upper() + said[1:]
        lines.append({"text": _t("core", "say.undone", lang, **params), "kind": "info"})
    return {"lines": lines}


def _button_keys(buttons: list[dict[str, Any]]) -> None:
    """Number the buttons a person presses most (keys 1-9), never a destructive one nor one the
    game marks ``keyless`` (where a number on it would read as an amount or a place). A button
    the game gives a number of its own (``key_at``, a place's number the board shows) gets that
    number, and the buttons after it are numbered on from there."""
    n = 0
    for b in buttons:
        at = b.pop("key_at", None) or 0
        if b.get("confirm") or b.get("keyless") or max(n + 1, at) > 9:
            b["key"] = None
            continue
        n = max(n + 1, at)
        b["key"] = str(n)


def _moves(
    table: Table, screen: Screen, to_move: str, viewer: ViewerLike, passing: bool, lang: str
) -> Moves:
    state = table.state
    presenter = table.presenter
    if to_move == "human" and not passing and not table.hides_moves(viewer):
        buttons = presenter.buttons(state, lang, _is_viewer(viewer, state.current_player()))
    else:
        buttons = []
    _button_keys(presenter.key_order(buttons))
    # once the game is over the screen offers "Play again", never a take-back
    over = to_move == "over"
    undo_reason = "" if over else table.undo_block(viewer, lang, screen.passing)
    last = table.match.last_decision()
    # a pass the table makes for a seat runs on its own only on that seat's screen (the others
    # see a decision like any other)
    stepping = table.stepping() and to_move != "human"
    if to_move == "over":
        wait = _t("core", "shell.game_over_hint", lang)
    elif to_move == "bot":
        wait = _t("core", "shell.bot_hint_auto" if stepping else "shell.bot_hint", lang)
    elif to_move == "pass":
        wait = _t("core", "shell.pass_hint", lang)
    elif to_move == "auto":
        wait = _t("core", "shell.passes_itself_hint", lang)
    elif to_move == "chance":
        wait = _t("core", "shell.bot_hint_auto" if stepping else "shell.chance_hint", lang)
    elif not buttons:
        wait = _t("core", "shell.other_screen", lang)
    else:
        wait = ""
    # "Next step" and "Play whole turn" only on a screen that may step the table for everyone: a
    # pupil pressed "Next step" on a class table and the bot still came at the table's pace
    next_info = table.next_info(lang) if screen.controls else None
    turn = None
    if next_info is not None:
        if table.people:
            title = _t("core", "shell.play_turn_people", lang)
        else:
            owner = table.turn_owner()
            who = table.name(owner, lang) if owner is not None else _t("core", "chance", lang)
            title = _t("core", "shell.play_turn_bots", lang, who=who)
        turn = {"label": _t("core", "shell.play_turn", lang), "title": title}
        next_info = {**next_info, "label": _next_label(table, lang)}
    return {
        "actions": buttons,
        "next": next_info,
        "turn": turn,
        "running": stepping,
        "undo": {
            "shown": not over,
            "enabled": undo_reason is None,
            "label": _t("core", "shell.undo", lang)
            if last is None or undo_reason is not None
            else table.undo_label(last, viewer, lang),
            "reason": undo_reason or "",
        },
        "wait": wait,
        "hint": presenter.choice_help(state, lang) if buttons else "",
    }


def _next_label(table: Table, lang: str) -> str:
    state = table.state
    player = state.current_player()
    if player == CHANCE:
        return table.presenter.next_label(state, lang, None)
    return _t("core", "generic.next_bot", lang, name=table.name(player, lang))


def _passing(table: Table, lang: str) -> Passing:
    player = table.state.current_player()
    return {
        "seat": player,
        "title": _t("core", "shell.pass_title", lang, who=table.name(player, lang)),
        "ready": _t("core", "shell.pass_ready", lang, who=table.seat_name(player, lang)),
        "hint": _t("core", "shell.pass_hint", lang),
    }


def _timer(table: Table, lang: str) -> Timer | None:
    """The hourglass, for a game that times a decision (None for the others, and at the game's
    end: "The hourglass runs while a person must answer." stayed under the results)."""
    if not table.timed() or table.state.current_player() == TERMINAL:
        return None
    key, deadline = table.hourglass_state
    running = deadline is not None
    left = None if deadline is None else max(0.0, deadline - table.now())
    who = table.state.current_player()
    on = table.hourglass
    return {
        "on": on,
        "running": running,
        "key": None if key is None else str(key),
        "seconds": round(table.hourglass_seconds()),
        "left_ms": None if left is None else round(left * 1000),
        "text": _t("core", "timer.running", lang, who=table.name(who, lang))
        if running
        else _t("core", "timer.off" if not on else "timer.idle", lang),
        "title": _t("core", "shell.hourglass", lang),
    }


def _log(table: Table, screen: Screen, viewer: ViewerLike, lang: str) -> Log:
    """The latest log entries as sentences (the screen's share of them; it asks for more)."""
    match = table.match
    now = match.state
    total = len(match.actions)
    first = max(0, total - screen.log_shown)
    own = _own_seat(table, screen, viewer)
    # the entries are the same for every screen of one viewer, language and own seat until the
    # table changes: kept, so that many screens (and one opening more of its log) make each once
    kept = _LOG_ENTRIES.setdefault(table, {})
    key = (viewer, lang, own)
    made = kept.get(key)
    if made is None or made[0] != table.version:
        made = (table.version, {})
        kept[key] = made
    entries = made[1]
    for i in range(first, total):
        if i in entries:
            continue
        if table.presenter.log_folded(match, i, viewer):
            entries[i] = None  # a later line says it (a proposal's tokens, in its one line)
            continue
        before = match.states[i]
        player = before.current_player()
        who = table.name(player, lang) if player >= 0 else ""
        entry = table.presenter.log_entry(
            before, match.actions[i], match.states[i + 1], viewer, lang, now, who
        )
        text = entry.get("note") or before.action_text(match.actions[i], viewer, lang, now)
        entries[i] = {
            "n": i + 1,
            # the screen's own seat: its line says "You ..." and needs no name before it
            "who": "" if own is not None and player == own else entry.get("who", who),
            "text": sentence(text),
            "chance": bool(entry.get("chance")),
        }
    shown = [dict(told) for i in range(first, total) if (told := entries[i]) is not None]
    return {"entries": shown, "total": total, "more": first > 0}  # type: ignore[typeddict-item]


#: Each table's log entries as :func:`_log` made them, by (viewer, language, own seat), with the
#: table's version they were made at (a table that goes takes its entries with it).
_LOG_ENTRIES: weakref.WeakKeyDictionary[
    Table, dict[Any, tuple[int, dict[int, LogEntry | None]]]
] = weakref.WeakKeyDictionary()


def log_lines(table: Table, viewer: ViewerLike, lang: str) -> list[str]:
    """The game as action lines as ``viewer`` may read them, ``"Player 1: place red"``."""
    match = table.match
    now = match.state
    out = []
    for i, line in enumerate(match.lines(viewer)):
        before = match.states[i]
        player = before.current_player()
        who = table.name(player, lang) if player >= 0 else ""
        entry = table.presenter.log_entry(
            before, match.actions[i], match.states[i + 1], viewer, lang, now, who
        )
        out.append(f"{entry['who']}: {line}")
    return out


def _rules(table: Table, lang: str) -> Rules:
    presenter = table.presenter
    return {
        "variant": variant_label(presenter, table.game.variant, lang),
        "help": presenter.rules_help(lang),
        "options": presenter.option_words(lang),
        "assumed": presenter.assumed(lang),
    }


def _settings(table: Table, screen: Screen, player: int, lang: str) -> Settings:
    presenter = table.presenter
    game = table.game
    menu = [{"value": v, "label": _seat_word(v, lang)} for v in table.seat_menu_values()]
    autoplay = table.autoplay
    lo, hi = game.player_range()
    return {
        "autoplay_ms": None if autoplay is None or player == TERMINAL else round(autoplay * 1000),
        "autoplay_enabled": player != TERMINAL,
        "pace_ms": round(table.pace * 1000),
        "paces": [
            {"ms": round(seconds * 1000), "label": _t("core", f"shell.{key}", lang)}
            for seconds, key in PACES
        ],
        "seat_menu": menu,
        "seats": [table.seat_menu_value(p) for p in range(game.players)],
        "variant": game.variant,
        "variants": [
            {"value": v, "label": variant_label(presenter, v, lang)} for v in game.variants
        ],
        "player_counts": list(range(lo, hi + 1)),
        "languages": [
            {"value": code, "label": _t("core", f"language.{code}", lang)} for code in LANGUAGES
        ],
        "help": table.help,
        "hourglass": table.hourglass if table.timed() else None,
        "sound": screen.sound,
        "motion": screen.motion,
        "motions": [{"value": m, "label": _t("core", f"shell.motion_{m}", lang)} for m in MOTIONS],
    }


def _seat_word(value: str, lang: str) -> str:
    from ..bots import DIFFICULTIES

    if value == HUMAN:
        return _t("core", "human", lang)
    if value in DIFFICULTIES:
        return _t("core", f"difficulty.{value}_bot", lang)
    return _t("core", "bot_suffix", lang, name=value)


def _info(table: Table, screen: Screen, viewer: ViewerLike, player: int, lang: str) -> Info:
    seed_shown = table.seed_shown(viewer)
    if seed_shown is not None and not screen.shows_seed:
        # the table would show the seed here; this device never does (nor the full code)
        return {"this_game": "", "seed": None, "code": "", "code_is_view": False}
    key = (
        "shell.this_game"
        if seed_shown is not None
        else "shell.this_game_people"
        if len(table.people) > 1
        else "shell.this_game_hidden"
        if player == TERMINAL
        else "shell.this_game_running"
    )
    variant = variant_label(table.presenter, table.game.variant, lang)
    return {
        "this_game": _t("core", key, lang, variant=variant, seed=seed_shown),
        "seed": seed_shown,
        "code": table.code_for(viewer),
        "code_is_view": seed_shown is None,
    }


def _result(table: Table, viewer: ViewerLike | None, lang: str) -> dict[str, Any]:
    names = Names(lambda p, lg=lang: table.name(p, lg), viewer)
    result = table.presenter.result(table.state, lang, names, narration_names(table, viewer, lang))
    return {**result, "title": _t("core", "shell.results", lang)}


def variant_label(presenter: Presenter, variant: str, lang: str) -> str:
    try:
        return presenter.t(f"variant.{variant}", lang)
    except KeyError:
        return variant


# -- without a screen: notebooks opened without a kernel ---------------------------------------
def flat_view(v: View) -> dict[str, Any]:
    """The view as one dict, as the presenters' static pictures read it."""
    return {
        **v["board"],
        "title": v["frame"]["title"],
        "lang": v["frame"]["lang"],
        "text": v["frame"]["text"],
        "phase": v["turn"]["phase"],
        "players": v["players"],
        "actions": v["moves"]["actions"],
        "message": v["message"],
        "passing": v["passing"],
    }


def static_html(table: Table, screen: Screen, v: View | None = None) -> str:
    """The position as plain HTML (what GitHub or nbviewer show of a table)."""
    lang = screen.lang
    presenter = table.presenter
    if table.unplayed_fresh():
        names = "".join(
            f"<li>{escape(table.name(p, lang))}</li>" for p in range(table.game.players)
        )
        return (
            f'<div class="{presenter.prefix}-static kaskaria-static">'
            f"<p><b>{escape(presenter.title(lang))}</b>: "
            f"{escape(_t('core', 'shell.fresh_static', lang))}</p><ul>{names}</ul></div>"
        )
    v = view(table, screen) if v is None else v
    flat = flat_view(v)
    text = message(table, screen, screen.shown_viewer, lang)[0]
    flat["message"] = {"text": text, "kind": v["message"]["kind"]}
    return cells_aligned(presenter.static_html(flat))


def describe(table: Table, screen: Screen, name: str) -> str:
    """A stable one-line text for notebooks (no seed while it must stay hidden)."""
    seats = ", ".join(table.seats)
    g = table.game
    if table.unplayed_fresh():
        return (
            f"<{name} seats=({seats}) players={g.players} variant={g.variant}: a new game "
            "dealt with a fresh seed>"
        )
    seed = table.seed_shown(screen.shown_viewer)
    said = "" if seed is None else f"seed={seed} "
    status = table.presenter.status(table.state, screen.shown_viewer, screen.lang)
    return (
        f"<{name} {said}seats=({seats}) players={g.players} "
        f"variant={g.variant} actions={len(table.match.actions)}: {status}>"
    )
