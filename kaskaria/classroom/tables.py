"""The class's tables and their memory: each is a shared :class:`kaskaria.tables.Table` with the
class's bookkeeping (who sits where, which game of the table this is, what was stored), made,
restored after a restart and written to the store after every change, before any device hears of
it."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .. import GAMES
from ..bots import DIFFICULTIES, difficulty_bots, seat_choices
from ..core import TABLE, TERMINAL, load
from ..i18n import text as _t
from ..tables import AUTO, HUMAN, Screen, Table, new_match
from ..tables.advice import Thinker
from ..tables.words import News
from .store import Store
from .tally import ClassTally

__all__ = ["CLASS_GAMES", "ClassTable", "Tables", "levels", "open_to_all", "player_range"]

#: The games a class can play, in the order the menus show them (the package's registry).
CLASS_GAMES: tuple[str, ...] = tuple(GAMES)
_RANGES: dict[str, tuple[int, int]] = {}


def player_range(game: str) -> tuple[int, int]:
    if game not in _RANGES:
        _RANGES[game] = load(game).player_range()
    return _RANGES[game]


def open_to_all(state: Any, players: int) -> bool:
    """Does every seat see of ``state`` just what the table sees (no hand, no screen; what is
    face down, face down for all)? Then what a seat may read, the projector may show."""
    seen = dict(state.observation(TABLE))
    seen.pop("viewer", None)
    for seat in range(players):
        mine = dict(state.observation(seat))
        mine.pop("viewer", None)
        if mine != seen:
            return False
    return True


def levels(game: str) -> list[str]:
    """The levels a table's bots can play at: the difficulties, or the bots' names for a game
    without difficulties."""
    if difficulty_bots(game):
        return list(DIFFICULTIES)
    return [c for c in seat_choices(load(game, players=player_range(game)[0])) if c != HUMAN]


@dataclass(eq=False)
class ClassTable:
    """A table of the class: the shared table and who sits at it."""

    id: int
    game: str
    players: int
    variant: str
    level: str
    table: Table
    sitters: list[str | None]
    seed: int
    game_no: int
    lines: list[str]
    dirty: bool = True
    #: the tally counted so far: (actions counted, events, hits, hits expected)
    tally: tuple[int, int, int, Fraction] = (0, 0, 0, Fraction(0))
    saved_result: int = 0
    #: the class board's screens of this table (the teacher's page and the projector), by language
    boards: dict[str, Screen] = field(default_factory=dict)
    #: the news of the position last stored (said again when a move that could not be stored is
    #: taken back)
    news: News | None = None
    #: what the class board shows of a finished turn's "what if?" (:meth:`ClassRoom.look_back`):
    #: the seat, its name by language and, once worked out, the text by language
    look_back: dict[str, Any] | None = None
    #: the move a pupil is to make while others wait, and since when: ((actions, seat, token),
    #: clock reading), or None (see :data:`kaskaria.classroom.room.TURN_WAIT`)
    turn_mark: tuple[tuple[int, int, str], float] | None = None

    def board(self, lang: str) -> Screen:
        """The class board's screen of this table in ``lang``: it shows the table's view (no
        seat's), keeps no time and never the seed, and changes the table for everyone (the
        teacher's controls)."""
        if lang not in self.boards:
            screen = Screen(
                TABLE, lang, plays=None, keeps_time=False, shows_seed=False, may_view=()
            )
            self.boards[lang] = self.table.attach(screen)
        return self.boards[lang]


#: Where the class works something out for a table: ``(kept, work, done, wanted)``.
_TableThinker = Callable[
    [ClassTable, Callable[[], Any], Callable[[Any], None], Callable[[], bool]], None
]


def _at(kept: ClassTable, thinker: _TableThinker | None) -> Thinker | None:
    """``thinker`` for table ``kept`` alone (None: None)."""
    if thinker is None:
        return None
    return lambda work, done, wanted: thinker(kept, work, done, wanted)


class Tables(dict[int, ClassTable]):
    """The class's tables by number, kept in the store."""

    def __init__(
        self,
        store: Store,
        tally: ClassTally,
        clock: Callable[[], float],
        seeds: Callable[[], int],
    ) -> None:
        super().__init__()
        self.store = store
        self.class_tally = tally
        self.clock = clock
        self.seeds = seeds
        self.changed: Callable[[], None] = lambda: None
        #: may pupils ask for hints and "what if?" at the class's tables (the teacher's switch,
        #: off by default; :attr:`ClassRoom.hints`)
        self.hints = False
        #: where the tables work out hints (``thinker(kept, work, done, wanted)``; None: at once)
        self.thinker: _TableThinker | None = None
        #: where the tables' thinking bots work out their steps (the same kind of function;
        #: None: on the table's own thread, at once)
        self.mover: _TableThinker | None = None

    def _table(
        self,
        game: str,
        players: int,
        variant: str,
        seats: list[str],
        seed: int,
        lines: list[str] | None,
        pace: float,
        hourglass: bool,
        help: bool,
    ) -> Table:
        match, greeting, _ = new_match(game, players, variant, seed, lines)
        table = Table(
            match,
            seats,
            help=help,
            autoplay=AUTO if HUMAN in seats else None,
            pace=pace,
            hourglass=hourglass,
            clock=self.clock,
            greeting=greeting,
            hints=self.hints,
        )
        table.seeds = self.seeds  # a new game asked for at the table: from the class's seeds
        return table

    def think_at(self, kept: ClassTable) -> None:
        """Table ``kept`` works out its hints with :attr:`thinker` and its thinking bots' steps
        with :attr:`mover`."""
        kept.table.thinker = _at(kept, self.thinker)
        kept.table.mover = _at(kept, self.mover)

    def _add(self, kept: ClassTable) -> None:
        def changed() -> None:
            kept.dirty = True

        kept.table.subscribe(changed)
        self.think_at(kept)
        kept.news = kept.table.news
        self[kept.id] = kept
        self.changed()

    def restore(self, row: dict[str, Any]) -> None:
        """A stored table, its game replayed from its lines."""
        settings = (row["pace"], row["hourglass"], row["help"])
        setup = (row["game"], row["players"], row["variant"], row["seats"], row["seed"])
        try:
            table = self._table(*setup, row["lines"], *settings)
        except (ValueError, TypeError):
            # a table that no longer replays (its game's rules changed): set it up again
            table = self._table(*setup, None, *settings)
        kept = ClassTable(
            row["id"],
            row["game"],
            row["players"],
            row["variant"],
            row["level"],
            table,
            list(row["sitters"]),
            row["seed"],
            row["game_no"],
            list(row["lines"]),
        )
        self._add(kept)
        self._count(kept)
        if table.state.current_player() == TERMINAL:
            kept.saved_result = kept.game_no

    def create(
        self,
        game: str,
        players: int,
        variant: str,
        level: str,
        pace: float,
        odds: bool,
        maker: str = "",
        sitter: str | None = None,
    ) -> int:
        """A new table with every seat a bot at ``level``, but for the first one when ``sitter``
        (a pupil's token) sits there from the start: its bots wait for that pupil's moves, never
        play a move before. Returns its number (``maker``: the token of the pupil who made it,
        "" for the teacher's)."""
        seed = self.seeds()
        sitters: list[str | None] = [sitter] + [None] * (players - 1)
        seats = [level if s is None else HUMAN for s in sitters]
        table = self._table(game, players, variant, seats, seed, None, pace, True, odds)
        row = {
            "game": game,
            "players": players,
            "variant": table.game.variant,
            "level": level,
            "seed": seed,
            "seats": seats,
            "sitters": sitters,
            "pace": pace,
            "hourglass": True,
            "help": odds,
            "created": time.time(),
            "maker": maker,
        }
        tid = self.store.add_table(row)
        kept = ClassTable(
            tid, game, players, table.game.variant, level, table, sitters, seed, 1, []
        )
        self._add(kept)
        return tid

    def remove(self, tid: int) -> None:
        self.store.update_table(tid, removed=1)
        self.pop(tid)
        self.changed()

    def save_seats(self, kept: ClassTable) -> None:
        self.store.update_table(kept.id, seats=list(kept.table.seats), sitters=kept.sitters)

    def persist(self, kept: ClassTable, who: Callable[[ClassTable, int, str], str]) -> bool:
        """Write what changed at ``kept`` (new action lines, a new game, the tally, a result) in
        one transaction; returns whether the lobby changed too (a new game or a result). When
        the store cannot keep it the table goes back to the position the store holds (the move
        is taken back, nobody was shown it) and :class:`sqlite3.Error` is raised."""
        table = kept.table
        lines = [str(a) for a in table.match.actions]
        new_game = table.seed != kept.seed
        game_no = kept.game_no + 1 if new_game else kept.game_no
        keep = 0
        if not new_game:
            top = min(len(kept.lines), len(lines))
            while keep < top and kept.lines[keep] == lines[keep]:
                keep += 1
        upto, *counted = (0, 0, 0, Fraction(0)) if new_game else kept.tally
        upto, (events, hits, expected), grew = self.class_tally.count(
            kept.game,
            table.match,
            upto,
            tuple(counted),  # type: ignore[arg-type]
        )
        state = table.state
        result = None
        if state.current_player() == TERMINAL and kept.saved_result != game_no:
            scores, winners = state.scores(), state.winners()
            rows = [
                (p, who(kept, p, "en"), str(scores[p]), p in winners) for p in range(kept.players)
            ]
            result = (game_no, table.seed, rows)
        if keep < len(kept.lines) or keep < len(lines) or new_game or grew or result:
            try:
                self.store.save_play(
                    kept.id,
                    keep,
                    lines[keep:],
                    game=(table.seed, game_no) if new_game else None,
                    tally=(game_no, events, hits, (expected.numerator, expected.denominator))
                    if grew
                    else None,
                    result=result,
                )
            except sqlite3.Error:
                self.rewind(kept)
                raise
        kept.seed, kept.game_no, kept.lines, kept.news = table.seed, game_no, lines, table.news
        kept.tally = (upto, events, hits, expected)
        if result is not None:
            kept.saved_result = game_no
        return new_game or result is not None

    def rewind(self, kept: ClassTable) -> None:
        """The table back at the position the store holds (its lines, seed and news)."""
        match, _, _ = new_match(kept.game, kept.players, kept.variant, kept.seed, kept.lines)
        assert kept.news is not None
        kept.table.rewind(match, kept.news)
        kept.dirty = False

    def _count(self, kept: ClassTable) -> None:
        """The tally of a restored table's stored actions (kept in the store already)."""
        upto, *counted = kept.tally
        upto, (events, hits, expected), _ = self.class_tally.count(
            kept.game,
            kept.table.match,
            upto,
            tuple(counted),  # type: ignore[arg-type]
        )
        kept.tally = (upto, events, hits, expected)

    def live_tally(self) -> dict[tuple[int, int], tuple[int, int, Fraction]]:
        return {(k.id, k.game_no): k.tally[1:] for k in self.values()}

    @staticmethod
    def level_word(level: str, lang: str) -> str:
        if level in DIFFICULTIES:
            return _t("core", f"difficulty.{level}", lang)
        return _t("core", "bot_suffix", lang, name=level)
