"""One step, one short line: what a table says about one step a child can read in one go.

Whole seeded games of each game, every variant and every number of players, all seats bots; each
step's "What just happened" entry, in English and German, on the shared screen and on the first
seat's own ("You"), has at most two sentences of at most 15 words each (a bot's label such as
"(easy bot)" counts; "×" does not).
"""

from __future__ import annotations

import re

import pytest

from kaskaria.core import TABLE, load
from kaskaria.present import Names
from kaskaria.session import TableSession

MAX_LINES = 2
MAX_WORDS = 15
SEEDS = (1, 2)
#: A game takes fewer steps than this; the bound only keeps a broken game from running on.
MAX_STEPS = 600


def _words(line: str) -> int:
    """Words as a child counts them: runs with a letter or a digit ("2 × red" is two words)."""
    return len([w for w in line.split() if any(c.isalnum() for c in w)])


def _lines(text: str) -> list[str]:
    """The sentences of a step's text (a sentence ends with ".", "!" or "?" and a space)."""
    return [line for line in re.split(r"(?<=[.!?])\s+", text.strip()) if line]


def _setups(game: str) -> list[tuple[str, int]]:
    the_game = load(game)
    low, high = the_game.min_players, the_game.max_players
    return [(v, n) for v in the_game.variants for n in range(low, high + 1)]


def _too_long(game: str, variant: str, players: int, seed: int) -> list[str]:
    """Every step text of one all-bot game that is longer than the limit, and how."""
    session = TableSession(
        game,
        players=players,
        seats=["easy"] * players,
        variant=variant,
        seed=seed,
        autoplay=None,
        hourglass=False,
    )
    table = session.table
    faults: list[str] = []
    steps = 0
    while table.next_info("en") is not None:
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
        table.next()
        start, end = table.summary[-1]
        for lang in ("en", "de"):
            for viewer in (TABLE, 0):
                names = Names(
                    lambda p, lg=lang: table.name(p, lg),
                    viewer if viewer == 0 else None,
                    table.bot_at,
                )
                text, _ = table.presenter.narrate(session.match, start, viewer, lang, names, end)
                lines = _lines(text)
                assert text.strip(), "a step says nothing"
                longest = max(_words(line) for line in lines)
                if len(lines) > MAX_LINES or longest > MAX_WORDS:
                    faults.append(f"{len(lines)} lines, longest {longest} words: {text}")
    assert table.state.is_terminal()
    return faults


def test_lines_split_at_the_end_of_a_sentence_only_and_words_are_counted_as_read():
    assert _words("Player 2 (easy bot) wants 2 × red.") == 7
    assert _lines("You stop and rescue the king: 4 stars. New: cook (blue).") == [
        "You stop and rescue the king: 4 stars.",
        "New: cook (blue).",
    ]
    assert _lines("The scare succeeds! Player 2 (easy bot) rolls 2 dice: red, 1.5 blue.") == [
        "The scare succeeds!",
        "Player 2 (easy bot) rolls 2 dice: red, 1.5 blue.",
    ]


@pytest.mark.parametrize("game", ["dragon-battle", "heroes", "dragons-gold"])
def test_every_step_of_whole_games_is_at_most_two_short_lines(game):
    faults = []
    for variant, players in _setups(game):
        for seed in SEEDS:
            found = _too_long(game, variant, players, seed)
            faults += [f"{variant}, {players} players, seed {seed}: {f}" for f in found]
    assert not faults, f"{len(faults)} step texts too long, for example:\n" + "\n".join(faults[:5])
