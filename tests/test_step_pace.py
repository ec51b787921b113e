"""How long a bot's step stays on screen: long enough for a child to read what it says."""

from __future__ import annotations

import pytest

from kaskaria.core import TABLE
from kaskaria.present import Names
from kaskaria.session import DEFAULT_PACE, TableSession
from kaskaria.tables.stepping import read_seconds
from kaskaria.tables.table import PACES


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_line_of_ten_words_stays_five_seconds_at_the_normal_pace():
    assert read_seconds(10, DEFAULT_PACE) == pytest.approx(5.0)
    assert read_seconds(15, DEFAULT_PACE) == pytest.approx(7.0)
    assert read_seconds(6, DEFAULT_PACE) == pytest.approx(3.4)
    # a short line (or none) stays one pace, never less
    assert read_seconds(0, DEFAULT_PACE) == read_seconds(2, DEFAULT_PACE) == DEFAULT_PACE
    # a longer line always stays longer, and the pace setting scales the whole wait
    waits = [read_seconds(words, DEFAULT_PACE) for words in range(3, 30)]
    assert waits == sorted(waits) and len(set(waits)) == len(waits)
    paces = dict((key, seconds) for seconds, key in PACES)
    slow, normal, fast = (read_seconds(10, paces[key]) for key in ("slow", "normal", "fast"))
    assert slow == pytest.approx(7.5) and fast == pytest.approx(3.0) and slow > normal > fast


def _words(session: TableSession, lang: str = "en") -> int:
    start, end = session.table.summary[-1]
    names = Names(lambda p, lg=lang: session.table.name(p, lg), None, session.table.bot_at)
    text, _ = session.table.presenter.narrate(session.match, start, TABLE, lang, names, end)
    return len(text.split())


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("dragon-battle", ("easy", "human")),
        ("heroes", ("easy", "easy", "human")),
        ("dragons-gold", ("easy", "easy", "human")),
    ],
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_bot_step_waits_by_the_words_it_says_and_next_skips_ahead(game, seats, lang):
    clock = Clock()
    session = TableSession(game, players=len(seats), seats=seats, seed=7, lang=lang, clock=clock)
    waits = []
    for _ in range(4):
        if session.table.next_info(lang) is None:
            break
        wait = session.wake_in()
        assert wait is not None
        before = len(session.match.actions)
        clock.now += wait - 0.2
        assert session.tick() is False and len(session.match.actions) == before  # not yet
        clock.now += 0.2
        assert session.tick() is True and len(session.match.actions) > before
        mover = session.match.states[session.table.summary[-1][0]].current_player()
        if session.table.next_info(lang) is not None and mover >= 0 and session.table.is_bot(mover):
            expected = read_seconds(_words(session, lang), session.pace)
            assert session.wake_in() == pytest.approx(expected)
            waits.append(expected)
    assert waits and max(waits) > session.pace  # a bot's line is long enough to need longer
    # "Next step" does not wait: it takes the next step at once
    if session.table.next_info(lang) is not None:
        before = len(session.match.actions)
        session.table.next()
        assert len(session.match.actions) > before
