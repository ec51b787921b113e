"""How a table moves on by itself: bots' steps and chance, at a pace, and the hourglass.

:class:`Stepping` is the part of a :class:`~kaskaria.tables.Table` that takes a step (one bot
decision with the chance that resolves by itself after it, or one chance event a learner should
see; a decision a game builds from several actions, such as a Dragon's Gold proposal, is one step
for a bot), for Next, a whole turn, autoplay and ``run_bots``; that makes a person's pass when
the pass is all they may do (:meth:`Stepping.forced_pass`: nothing to decide, so no click), at the
pace as it steps a bot; and that keeps the time: the table
reads its clock only when something happens, says when something is due (:meth:`wake_in`) and
does it when the shell calls :meth:`tick`.

**A bot that thinks** (:func:`kaskaria.bots.thinks`: a search bot, a few tenths of a second a
decision at its whole budget) decides on the table's own thread, as every bot does, unless the
table has a ``mover`` (a class server's processes): then its step is handed to the mover as plain
data (:func:`decide_step` over what the bot's seat may see, the rest dealt again at random; the
bot with a clock, :func:`kaskaria.bots.guarded`, so that a busy computer cannot hold the table up
long), every screen goes on saying that the bot is thinking, and the step is made when
the answer (the step's actions) comes, only if the table is still where it was asked and the
same bot sits in the seat; else it is dropped. When no answer comes (the mover refused it, the
work failed, or none came within :data:`DECIDE_MOST` seconds) the game's quick "hard" bot
(:func:`kaskaria.bots.quick_bot`) makes that step at once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..bots import guarded, quick_bot, thinks
from ..core import CHANCE, TABLE, TERMINAL, Action
from ..i18n import text as _t
from ..present import Names, Presenter, presenter_for
from ..validate import quote, short
from .words import News, Refusal, Refused, core

if TYPE_CHECKING:
    from ..match import Match
    from .advice import Thinker
    from .screen import Screen

__all__ = [
    "DECIDE_MOST",
    "JOINED_MOST",
    "READ_BASE",
    "READ_WORDS",
    "SUMMARY_LINES",
    "Stepping",
    "bot_step",
    "decide_step",
    "lone_pass",
    "read_seconds",
]

#: The step sentences the turn summary keeps (the oldest go first).
SUMMARY_LINES = 6
#: How long a step stays on screen, in paces: at least one pace, and :data:`READ_BASE` paces plus
#: one pace for every :data:`READ_WORDS` words of what the step says (a child of eight reads about
#: two words a second, so at the normal pace of 2 s a line of 10 words stays 5 s, one of 15 words
#: 7 s; "slow" and "fast" scale it).
READ_BASE = 0.5
READ_WORDS = 5
#: A tick this early is still on time (timers in browsers fire a little early or late).
_EARLY = 0.05
#: The most seconds a table waits for a thinking bot's step from its ``mover``: past them the
#: game's quick bot makes the step (a mover answers sooner, also when it cannot work the step
#: out: this is for an answer lost on the way, e.g. a server's processes stopped meanwhile).
DECIDE_MOST = 10.0
#: The most decisions after the first that a bot's step joins (a proposal, token by token).
JOINED_MOST = 500


@dataclass(frozen=True, eq=False)
class _Deciding:
    """A thinking bot's step handed to the table's mover: the position it is for (a state never
    changes: the same object is the same position), the bot asked, and until when the table
    waits for the answer (its clock)."""

    state: Any
    bot: Any
    until: float


class Stepping:
    """Bots' steps, chance and the time of a table (a part of :class:`~kaskaria.tables.Table`)."""

    _match: Match
    _presenter: Presenter
    _bots: list[Any]
    _clock: Callable[[], float]
    _pace: float
    _autoplay: float | None
    _autoplay_auto: bool
    _hourglass_on: bool
    _screens: list[Screen]
    _summary: list[tuple[int, int]]
    _watching: bool
    _watch_owner: int | None
    _due: float | None
    _hg_key: Any
    _hg_deadline: float | None
    _ticks: int
    _time_up_at: int | None
    _time_up_who: int
    #: where a thinking bot's step is worked out (None: here, at once; see the module's text)
    mover: Thinker | None
    _deciding: _Deciding | None
    if TYPE_CHECKING:

        @property
        def state(self) -> Any: ...

        @property
        def people(self) -> list[int]: ...

        @property
        def game(self) -> Any: ...

        def is_bot(self, player: int) -> bool: ...

        def name(self, player: int, lang: str) -> str: ...

        def bot_at(self, player: int) -> Any: ...

        def _tell(self, news: News, follow: str | None = None) -> None: ...

        def _notify(self) -> None: ...

    def next_info(self, lang: str) -> dict[str, str] | None:
        """The Next button when a bot is to move or chance is due (None: a person decides or the
        game is over)."""
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            return {"label": self._presenter.next_label(state, lang, None), "who": "chance"}
        if self.is_bot(player):
            label = _t("core", "generic.next_bot", lang, name=self.name(player, lang))
            return {"label": label, "who": "bot"}
        return None

    def can_step(self) -> bool:
        player = self.state.current_player()
        return player == CHANCE or self.is_bot(player) or self.forced_pass() is not None

    def forced_pass(self) -> Action | None:
        """The pass a person at the table must make now because it is their only legal move
        (a Dragon's Gold seat with no magic item to play on the shares): there is nothing to
        decide, so the table makes it for them at its pace, as it steps a bot, and never sooner
        (the moment it comes tells the other seats nothing). None: no such pass is due."""
        state = self.state
        player = state.current_player()
        if player < 0 or self.is_bot(player):
            return None
        return lone_pass(state)

    def _no_step(self) -> Refused:
        player = self.state.current_player()
        if player == TERMINAL:
            return Refused(core("refuse.no_step_over"))
        return Refused(core("refuse.no_step", who=lambda lang: self.name(player, lang)))

    def next(self) -> None:
        """One visible step when a bot is to move or chance is due (the Next button)."""
        if not self.can_step():
            raise self._no_step()
        start = len(self._match.actions)
        if not self._step():
            self._notify()  # a thinking bot's step comes with its answer
            return
        self._add_summary(start)
        self._done(start)

    def run_bots(self, max_steps: int = 10_000) -> None:
        """Step until a person must decide or the game is over (for notebooks)."""
        _check_steps(max_steps)
        steps = 0
        last = len(self._match.actions)
        while self.can_step() and steps < max_steps:
            last = len(self._match.actions)
            self._step(here=True)
            self._add_summary(last)
            steps += 1
        if steps:
            self._done(last, steps=steps)

    def play_turn(self, max_steps: int = 10_000) -> None:
        """Every step until a person must decide or the game is over, at once (at a table of bots
        only: until the turn passes to the next bot)."""
        _check_steps(max_steps)
        if not self.can_step():
            raise self._no_step()
        owner = self.turn_owner()
        only_bots = not self.people
        steps = 0
        start = len(self._match.actions)
        error: Exception | None = None
        while steps < max_steps:
            start = len(self._match.actions)
            try:
                self._step(here=True)
            except RuntimeError as err:
                error = err
                break
            self._add_summary(start)
            steps += 1
            if not self.can_step():
                break
            now = self.turn_owner()
            if owner is None:
                owner = now
            elif only_bots and now is not None and now != owner:
                break
        if steps:
            self._done(start, steps=steps)
        if error is not None:
            raise error

    def watch_turn(self) -> None:
        """A screen's "Play whole turn": the next step now, then one step every :attr:`pace`
        seconds (as :meth:`tick` is called) until a person decides (at a table of bots only:
        until the turn passes to the next bot)."""
        if not self.can_step():
            raise self._no_step()
        self._watch_owner = self.turn_owner()
        self._watching = True
        start = len(self._match.actions)
        try:
            stepped = self._step()
        except RuntimeError:
            self._watching = False
            raise
        if not stepped:
            self._notify()  # a thinking bot's step comes with its answer, and the turn goes on
            return
        self._add_summary(start)
        self._stop_watching_if_done()
        self._done(start)

    def _stop_watching_if_done(self) -> None:
        if not self._watching:
            return
        if not self.can_step():
            self._watching = False
            return
        now = self.turn_owner()
        if self._watch_owner is None:
            self._watch_owner = now
        elif not self.people and now is not None and now != self._watch_owner:
            self._watching = False

    def turn_owner(self) -> int | None:
        """The seat whose turn it is (also while chance is due), or None."""
        state = self.state
        seat = getattr(state, "player", None)
        if seat.__class__ is int and seat >= 0:
            return seat
        player = state.current_player()
        return player if player >= 0 else None

    def _step(self, here: bool = False, bot: Any = None) -> bool:
        """One step now: chance, a pass the table makes, or a bot's step (``bot``: this bot
        instead of the seat's); True. A thinking bot's step goes to the table's mover instead
        (not with ``here``): False, and the step is made when the answer comes
        (:meth:`_decided`)."""
        import numpy as np

        match = self._match
        state = match.state
        player = state.current_player()
        if player == CHANCE:
            match.step_chance()
            self._resolve_automatic()
            return True
        forced = self.forced_pass()
        if forced is not None:
            match.apply(forced)
            self._resolve_automatic()
            return True
        if bot is None:
            bot = self._bots[player]
            if not here and self.mover is not None and thinks(self.game, bot):
                self._hand_on(player, bot)
                return False
        start = len(match.actions)
        joins = getattr(self._presenter, "joins", None)
        return self._play(
            bot_step(state, bot, lambda i: np.random.default_rng([match.seed, start + i, 1]), joins)
        )

    def _play(self, actions: Sequence[Action]) -> bool:
        """Make a bot's step (its actions, legal each in turn) and the chance that resolves by
        itself after it; True (a step made)."""
        for action in actions:
            self._match.apply(action)
        self._resolve_automatic()
        return True

    # -- a thinking bot's step, worked out by the mover --------------------------------------
    def _hand_on(self, player: int, bot: Any) -> None:
        """Hand the step of ``bot`` (in seat ``player``, a bot that thinks) to the mover, unless
        it is being worked out already: the seat's view crosses (the rest of the position dealt
        again at random), with the random numbers the bot would get here."""
        import numpy as np

        match = self._match
        state = match.state
        if self._deciding_here():
            return
        start = len(match.actions)
        seen = state.resample_hidden(player, np.random.default_rng([match.seed, start, 2]))
        rng = np.random.default_rng([match.seed, start, 1])
        asked = _Deciding(state, bot, self.now() + DECIDE_MOST)
        self._deciding = asked
        self._due = asked.until  # the table's own watch, should no answer come
        assert self.mover is not None
        self.mover(
            functools.partial(decide_step, seen, guarded(self.game, bot), rng),
            lambda answer: self._decided(asked, answer),
            lambda: self._deciding is asked and self._still(asked),
        )

    def _still(self, asked: _Deciding) -> bool:
        """Is the table where ``asked`` was handed on, with the same bot in the seat to move?"""
        state = self._match.state
        return state is asked.state and self.bot_at(state.current_player()) is asked.bot

    def _deciding_here(self) -> bool:
        """Is the step of the bot to move being worked out by the mover now?"""
        return self._deciding is not None and self._still(self._deciding)

    def _decided(self, asked: _Deciding, answer: Any) -> None:
        """The mover's answer to ``asked`` (the step's actions as text, or a refusal when it
        could not work it out): the step is made if the table is still where it was asked
        (else the answer is dropped), by the game's quick bot if the answer is no step here."""
        if self._deciding is not asked:
            return  # a later step is being worked out, or the quick bot made this one
        self._deciding = None
        if not self._still(asked):
            return  # the table moved on (a new game, another bot, a person sat down)
        actions = self._legal_step(answer)
        if actions is None:
            self._step_now(lambda: self._step(here=True, bot=quick_bot(self.game)))
        else:
            self._step_now(lambda: self._play(actions))

    def _legal_step(self, answer: Any) -> list[Action] | None:
        """``answer`` (a mover's) as a step of the bot to move here: its actions, each legal in
        turn and the same seat's; None if it is none (a refusal, or anything else)."""
        if not isinstance(answer, list) or not 1 <= len(answer) <= 1 + JOINED_MOST:
            return None
        state = self.state
        player = state.current_player()
        actions: list[Action] = []
        for text in answer:
            if not isinstance(text, str) or state.current_player() != player:
                return None
            try:
                action = state.parse_action(text)
            except ValueError:
                return None
            if action not in state.legal_actions():
                return None
            actions.append(action)
            state = state.apply(action)
        return actions

    def _resolve_automatic(self) -> None:
        match = self._match
        automatic = match.game.describe().automatic_chance
        while match.state.current_player() == CHANCE and match.state.chance_kind() in automatic:
            match.step_chance()

    def _add_summary(self, start: int) -> None:
        self._summary.append((start, len(self._match.actions)))
        if len(self._summary) > SUMMARY_LINES:
            del self._summary[: len(self._summary) - SUMMARY_LINES]

    def _done(self, start: int, steps: int | None = None) -> None:
        self._tell(News("done", (start, steps)), follow="turn")

    # -- time ----------------------------------------------------------------------------------
    def now(self) -> float:
        return float(self._clock())

    def stepping(self) -> bool:
        """Do bots and chance step on their own now (autoplay, or a turn being watched), or is a
        person's pass with nothing to decide due (always made at the pace)?"""
        if self.forced_pass() is not None:
            return True
        return (self._autoplay is not None or self._watching) and self.can_step()

    def timed(self) -> bool:
        """Does this game's presenter time a decision (the hourglass)?"""
        return getattr(self._presenter, "timed", None) is not None

    def _timed_key(self) -> Any:
        """The hourglass's key when it runs now (a person must answer in time), else None."""
        if not self._hourglass_on or not self.timed():
            return None
        player = self.state.current_player()
        if player < 0 or self.is_bot(player) or self._held():
            return None
        return self._presenter.timed(self._match)  # type: ignore[attr-defined]

    def _held(self) -> bool:
        """Is a device being passed (the hourglass waits until the next person is ready)?"""
        return any(screen.passing for screen in self._screens)

    def _schedule(self, keep_due: bool = False) -> None:
        """After a change: when the next step is due, and the hourglass for the decision now.
        ``keep_due``: the game did not change (who sits in a seat, a seat's name), so a step
        already due keeps its time: sitting down and standing up again cannot put it off."""
        deciding = self._deciding
        if deciding is not None and not self._still(deciding):
            # the table moved on (a new game, another bot in the seat): the answer will be
            # dropped, and the next step comes at the pace, not at the end of the watch
            self._deciding = deciding = None
            keep_due = False
        if not self.stepping():
            self._due = None
        elif deciding is not None:
            self._due = deciding.until  # the watch on the mover's answer stays
        elif not keep_due or self._due is None:
            self._due = self.now() + self.step_seconds()
        self._schedule_hourglass()

    def step_seconds(self) -> float:
        """How long the newest step stays on screen before the next one comes: the pace, longer
        for a long sentence of a bot or of chance (:func:`read_seconds` of its words, in the
        longest of the screens' languages; a person's own move needs no reading). The words are
        those every screen may read, so the wait tells no secret."""
        if not self._summary:
            return self._pace
        start, end = self._summary[-1]
        if end > len(self._match.actions) or start >= end:
            return self._pace
        mover = self._match.states[start].current_player()
        if mover >= 0 and not self.is_bot(mover):
            return self._pace
        langs = {screen.lang for screen in self._screens} or {"en"}
        words = max(self._step_words(start, end, lang) for lang in langs)
        return read_seconds(words, self._pace)

    def _step_words(self, start: int, end: int, lang: str) -> int:
        names = Names(lambda p, lg=lang: self.name(p, lg), None, self.bot_at)
        text, _kind = self._presenter.narrate(self._match, start, TABLE, lang, names, end)
        return len(text.split())

    def _schedule_hourglass(self) -> None:
        key = self._timed_key()
        if key is None:
            self._hg_key, self._hg_deadline = None, None
        elif key != self._hg_key:
            self._hg_key = key
            self._hg_deadline = self.now() + self.hourglass_seconds()
        if self._held() and self._hg_key is not None:
            self._hg_key, self._hg_deadline = None, None

    def hourglass_seconds(self) -> float:
        seconds = getattr(self._presenter, "hourglass_seconds", None)
        return float(seconds()) if seconds is not None else 60.0

    def wake_in(self, now: float | None = None) -> float | None:
        """Seconds until something is due (a step, the end of the hourglass), or None."""
        now = self.now() if now is None else now
        times = [t for t in (self._due, self._hg_deadline) if t is not None]
        if not times:
            return None
        return max(0.0, min(times) - now)

    def tick(self, now: float | None = None) -> bool:
        """Do what is due at ``now`` (default: the clock): the hourglass running out, or the
        next step of autoplay or of a watched turn. Returns whether anything happened; a tick
        with nothing due changes only the views' clock part (so a screen sets its timer again)."""
        now = self.now() if now is None else now
        if self._hg_deadline is not None and now >= self._hg_deadline - _EARLY:
            self._time_up()
            return True
        if self._due is not None and now >= self._due - _EARLY and self.stepping():
            if self._deciding_here():  # no answer came in time: the game's quick bot moves
                self._deciding = None
                return self._step_now(lambda: self._step(here=True, bot=quick_bot(self.game)))
            return self._step_now(self._step)
        self._ticks += 1
        self._notify()
        return False

    def _step_now(self, step: Callable[[], bool]) -> bool:
        """Take ``step`` (a step made: True; handed to the mover: False) on the table's time:
        the step shown, or, when a bot chose a move that is not legal, the table's bots stopped
        and the error told. Returns whether anything happened."""
        start = len(self._match.actions)
        try:
            stepped = step()
        except RuntimeError as err:
            self._watching = False
            self._autoplay = None
            self._autoplay_auto = False
            self._tell(News("error", Refusal(err), "error"))
            return True
        if not stepped:
            self._ticks += 1
            self._notify()
            return False
        self._add_summary(start)
        self._stop_watching_if_done()
        self._done(start)
        return True

    def _time_up(self) -> None:
        """The hourglass ran out: the game's rule for it (a Dragon's Gold answer is a refusal)."""
        state = self.state
        action = self._presenter.timeout_action(state)  # type: ignore[attr-defined]
        player = state.current_player()
        self._hg_key, self._hg_deadline = None, None
        start = len(self._match.actions)
        self._match.apply(action)
        self._match.resolve_chance()
        self._add_summary(start)
        self._time_up_at = start
        self._time_up_who = player
        self._done(start)


def bot_step(
    state: Any, bot: Any, rngs: Callable[[int], Any], joins: Callable[[Any, Any], bool] | None
) -> list[Action]:
    """The actions of ``bot``'s step from ``state``: its decision and, where the game builds one
    decision from several actions (``joins``, the presenter's: a proposal), the rest of it, at
    most :data:`JOINED_MOST` more; its ``i``-th decision draws from ``rngs(i)``. A choice that
    is not legal raises :class:`RuntimeError`, naming neither it nor the legal moves (they may
    show the bot's hand)."""
    player = state.current_player()
    taken: list[Action] = []
    while True:
        choice = bot.choose(state, rngs(len(taken)))
        if isinstance(choice, str):
            choice = state.parse_action(choice)
        if choice not in state.legal_actions():
            raise RuntimeError(
                f"the {quote(bot.name, 30)} bot chose a move that is not legal here; the table is "
                "unchanged"
            )
        taken.append(choice)
        before, state = state, state.apply(choice)
        if (
            joins is None
            or len(taken) > JOINED_MOST
            or state.current_player() != player
            or not joins(before, state)
        ):
            return taken


def decide_step(seen: Any, bot: Any, rng: Any) -> list[str]:
    """A thinking bot's step, worked out away from its table (a mover's work, e.g. in a class
    server's process): ``seen`` is the position as the bot's seat may see it (the rest dealt
    again at random: ``State.resample_hidden``), ``rng`` the random numbers the table gives the
    bot; the step's actions as text, which the table checks again before it makes them."""
    joins = getattr(presenter_for(seen.game), "joins", None)
    return [str(action) for action in bot_step(seen, bot, lambda i: rng, joins)]


def lone_pass(state: Any) -> Action | None:
    """The pass that is the only legal move of the player to move in ``state`` (None: there is
    something to decide)."""
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 and legal[0].verb == "pass" else None


def _check_steps(max_steps: Any) -> None:
    if max_steps.__class__ is not int or max_steps < 1:
        raise ValueError(f"max_steps must be a whole number >= 1, got {short(max_steps)}")


def read_seconds(words: int, pace: float) -> float:
    """Seconds a step that says ``words`` words stays on screen at ``pace`` (the seconds of a
    short step): ``pace`` times :data:`READ_BASE` plus one for every :data:`READ_WORDS` words,
    and never less than ``pace``."""
    return pace * max(1.0, READ_BASE + words / READ_WORDS)
