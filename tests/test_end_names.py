"""The end of a game names the seats alone: "Player 2 wins ...", never "Player 2 (easy bot) wins
...". The results' headline and the line under it, the end's message and the screen reader's
line say who won in one short sentence; the ranking below says who played each seat."""

from __future__ import annotations

import pytest

from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, HeroesTable

_BOT = {"en": ("easy bot", "medium bot"), "de": ("leichter Bot", "mittlerer Bot")}
_SEAT = {"en": "Player", "de": "Spieler"}


def _finished(cls, **kw):
    table = cls(seats=("easy", "medium", "easy"), seed=3, autoplay=None, **kw)
    for _ in range(2000):
        if table.state.current_player() < 0 and table.state.is_terminal():
            break
        table.play_turn(max_steps=100_000)
    assert table.state.is_terminal()
    return table


@pytest.mark.parametrize("cls", [DragonBattleTable, HeroesTable, DragonsGoldTable])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_names_the_seats_alone_and_the_ranking_who_played_them(cls, lang):
    table = _finished(cls, players=3)
    table.lang = lang
    view = table.view
    result = view["result"]
    said = [result["headline"], result.get("tie_break", ""), view["message"]["text"]]
    said.append(view.get("status", ""))
    for line in said:
        for bot in _BOT[lang]:
            assert bot not in line, (line, bot)
    winners = table.state.winners()
    for p in winners:
        assert f"{_SEAT[lang]} {p + 1}" in result["headline"], result["headline"]
    # the ranking still says who played each seat
    rows = {row["seat"]: row["name"] for row in result["ranking"]}
    assert all(any(bot in rows[p] for bot in _BOT[lang]) for p in range(3)), rows
    table.close()


def test_a_seat_given_a_name_keeps_it_at_the_end():
    """A named seat ("Mia") is said by its name in the headline, without who plays it."""
    table = DragonBattleTable(players=2, seats=("easy", "medium"), seed=3, autoplay=None)
    table.seat_names = ("Ali", "Mia")
    for _ in range(2000):
        if table.state.is_terminal():
            break
        table.play_turn(max_steps=100_000)
    headline = table.view["result"]["headline"]
    winner = ("Ali", "Mia")[table.state.winners()[0]]
    assert winner in headline and "bot" not in headline, headline
    table.close()


@pytest.mark.parametrize("variant", ["basic", "younger", "memory"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragon_battle_s_end_says_why_the_game_ended_before_who_won(variant, lang):
    """The game ends one way only (the pile cannot fill the empty places under the dragons): the
    results' headline and the end's message say so first, on the shared screen and a seat's."""
    from kaskaria.core import TABLE
    from kaskaria.session import TableSession

    session = TableSession(
        "dragon-battle", players=3, seats=["easy"] * 3, variant=variant, seed=3, autoplay=None
    )
    table = session.table
    while not table.state.is_terminal():
        table.next()
    why = table.presenter.t("say.over", lang)
    for viewer in (TABLE, 0, 1):
        view = session.view(viewer, lang)
        for line in (view["result"]["headline"], view["message"]["text"]):
            assert line.startswith(why + " "), line
            assert line.count(".") == 2, line  # why, then who won: two sentences
