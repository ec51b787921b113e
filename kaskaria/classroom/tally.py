"""The class tally: what the class counts as it plays, next to what the exact chances expect.

A game says what its tables count through its presenter (``Presenter.tally``, a
:class:`kaskaria.present.Tally`: for each action the events, the hits and the hits expected);
this module adds them up over every table of such a game (this game and the ones before, from the
store) and over the counts a class types from real play. It names no game: a game without a tally
is simply not counted.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from ..core import load
from ..i18n import text as _t
from ..present import Tally, presenter_for
from .store import Store

__all__ = ["ClassTally", "game_tally"]

_TALLIES: dict[str, Tally | None] = {}


def game_tally(game: str) -> Tally | None:
    """The tally of ``game`` (a registered game's name), or None."""
    if game not in _TALLIES:
        _TALLIES[game] = presenter_for(load(game)).tally
    return _TALLIES[game]


class ClassTally:
    """Every counted action of the class's tables and the counts typed from real play; the typed
    counts are of the first of ``games`` that has a tally (its experiment: ``typed_chance``)."""

    def __init__(self, store: Store, games: tuple[str, ...]) -> None:
        self.store = store
        self.games = tuple(g for g in games if game_tally(g) is not None)
        self.typed: list[tuple[str, int, int]] = store.typed()

    def count(
        self, game: str, match: Any, upto: int, counted: tuple[int, int, Fraction]
    ) -> tuple[int, tuple[int, int, Fraction], bool]:
        """Count a table's actions from ``upto`` on: (how far it is counted now, the counts,
        did they grow?). A taken-back decision takes nothing away (a counted event stands)."""
        tally = game_tally(game)
        n = len(match.actions)
        if tally is None:
            return n, counted, False
        upto = min(upto, n)
        events, hits, expected = counted
        grew = False
        for i in range(upto, n):
            e, h, x = tally.count(match.states[i], match.actions[i], match.states[i + 1])
            if e:
                events, hits, expected, grew = events + e, hits + h, expected + x, True
        return n, (events, hits, expected), grew

    def add_typed(self, label: str, rolls: int, fails: int) -> None:
        """Counts typed from real play (two dice, the red dragon scared, in the lesson's own
        experiment): ``rolls`` events, ``fails`` hits."""
        label = " ".join(label.split())[:30]
        self.store.add_typed(label, rolls, fails, time.time())
        self.typed.append((label, rolls, fails))

    def sums(self, live: dict[tuple[int, int], tuple[int, int, Fraction]]) -> dict[str, Any]:
        """The whole tally: the stored games of every table, the ``live`` counts of the games
        being played ((table, game number) -> counts) and the typed counts."""
        games: dict[tuple[int, int], tuple[int, int, Fraction]] = {
            (t, g): (r, f, Fraction(num, den)) for t, g, r, f, num, den in self.store.tally_games()
        }
        games.update({key: counts for key, counts in live.items() if counts[0]})
        rolls = sum(r for r, _, _ in games.values())
        fails = sum(f for _, f, _ in games.values())
        expected = sum((e for _, _, e in games.values()), Fraction(0))
        typed_rolls = sum(r for _, r, _ in self.typed)
        typed_fails = sum(f for _, _, f in self.typed)
        first = game_tally(self.games[0]) if self.games else None
        p = first.typed_chance if first is not None else Fraction(0)
        return {
            "table_rolls": rolls,
            "table_fails": fails,
            "table_expected": expected,
            "typed_rolls": typed_rolls,
            "typed_fails": typed_fails,
            "typed_exact": p,
            "rolls": rolls + typed_rolls,
            "fails": fails + typed_fails,
            "expected": expected + typed_rolls * p,
            "typed": [{"label": a, "rolls": b, "fails": c} for a, b, c in self.typed],
            "tables": [
                {"table": t, "game_no": g, "rolls": r, "fails": f, "expected": float(e)}
                for (t, g), (r, f, e) in sorted(games.items())
            ],
        }

    @staticmethod
    def words(tally: dict[str, Any], lang: str) -> str:
        rolls = tally["rolls"]
        if not rolls:
            return _t("classroom", "tally_none", lang)
        dec = "," if lang == "de" else "."

        def pct(x: Fraction) -> str:
            if lang == "de":
                return f"{100 * float(x):.1f} %".replace(".", dec)
            return f"{100 * float(x):.1f}%"

        return _t(
            "classroom",
            "tally_line",
            lang,
            rolls=rolls,
            fails=tally["fails"],
            share=pct(Fraction(tally["fails"], rolls)),
            expected=f"{float(tally['expected']):.1f}".replace(".", dec),
            exact=pct(tally["expected"] / rolls),
        )
