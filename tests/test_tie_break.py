"""The results screen's sentence about a tie on the score: who won it by the rulebook's tie-break
(Dragon Battle: fewer rescued residents; Heroes: the amulet), or that the win is shared."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

import kaskaria
from kaskaria.present import presenter_for


@dataclass
class Ended:
    """A finished game as the results screen reads it: the scores and the winners."""

    points: tuple[int, ...]
    won: tuple[int, ...]

    def scores(self):
        return list(self.points)

    def winners(self):
        return list(self.won)


def name(seat: int) -> str:
    return f"Player {seat + 1}"


@pytest.mark.parametrize(
    ("game", "lang", "broken"),
    [
        (
            "dragon-battle",
            "en",
            "Player 2 wins: 18 stars like Player 1, and fewer residents rescued breaks the tie.",
        ),
        (
            "dragon-battle",
            "de",
            "Player 2 gewinnt: 18 Sterne wie Player 1, und weniger befreite Burgbewohner entscheiden den Gleichstand.",
        ),
        (
            "heroes",
            "en",
            "Player 2 and Player 1 have the same gold: Player 2 rescued the amulet and wins.",
        ),
        (
            "heroes",
            "de",
            "Player 2 und Player 1 haben gleich viel Gold: Player 2 hat das Amulett gerettet",
        ),
    ],
)
def test_a_tie_broken_by_the_rulebook_is_told(game, lang, broken):
    presenter = presenter_for(kaskaria.load(game, players=3))
    assert broken in presenter.tie_break(Ended((18, 18, 10), (1,)), lang, name)


@pytest.mark.parametrize("game", ["dragon-battle", "heroes"])
def test_a_tie_left_standing_is_a_shared_win_and_no_tie_says_nothing(game):
    presenter = presenter_for(kaskaria.load(game, players=3))
    shared = presenter.tie_break(Ended((18, 18, 10), (0, 1)), "en", name)
    assert "Player 1" in shared and "Player 2" in shared and "Player 3" not in shared
    assert "fewer" not in shared and "amulet" not in shared
    assert presenter.tie_break(Ended((18, 17, 10), (0,)), "en", name) == ""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_the_end_after_a_broken_tie_says_why_and_who_won_in_two_short_sentences(lang, viewer):
    """Dragon Battle's end at a tie-break: why the game ended, then one sentence for who won and
    how the tie was broken (it was three sentences, the last of 18 words)."""
    from kaskaria.present import Names

    presenter = presenter_for(kaskaria.load("dragon-battle", players=3))
    names = Names(lambda p, lg=lang: name(p), viewer)
    end = presenter.game_over(Ended((16, 16, 10), (1,)), lang, names)
    said = [s for s in re.split(r"(?<=[.!?])\s+", end) if s]
    assert said[0] == presenter.t("say.over", lang)
    assert len(said) == 2, end
    assert all(len(s.split()) <= 15 for s in said), end
    # the rule that broke the tie, said as a rule (a child read "but fewer residents rescued"
    # and did not know that fewer wins)
    rule = (
        "fewer residents rescued breaks the tie"
        if lang == "en"
        else "weniger befreite Burgbewohner entscheiden den Gleichstand"
    )
    assert rule in said[1], end


def test_a_tie_for_second_place_is_no_tie_break():
    presenter = presenter_for(kaskaria.load("dragon-battle", players=3))
    assert presenter.tie_break(Ended((20, 18, 18), (0,)), "en", name) == ""


def test_the_tie_break_decides_a_real_game_and_the_results_screen_says_so():
    """Played games: wherever two players tie on stars and one wins, the results screen of the
    table names the tie-break."""
    from kaskaria.widgets import DragonBattleTable

    found = 0
    for seed in range(400):
        table = DragonBattleTable(players=3, seats=("optimal",) * 3, seed=seed, autoplay=None)
        table.play_turn(max_steps=100_000)
        while table.state.current_player() >= 0:
            table.play_turn(max_steps=100_000)
        scores = table.state.scores()
        best = max(scores)
        if scores.count(best) > 1 and len(table.state.winners()) == 1:
            result = table.view["result"]
            assert "fewer residents" in str(result), result
            found += 1
            break
        table.close()
    assert found, "no game of 400 had a tie broken by residents"
