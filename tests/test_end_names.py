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


#: each game ends one way only: Dragon Battle when the pile cannot fill the empty places under the
#: dragons, Heroes when a figure reaches the volcano, Dragon's Gold when no dragon is left
ENDINGS = [
    ("dragon-battle", "basic", "The game ends: the pile has too few residents"),
    ("dragon-battle", "younger", "The game ends: the pile has too few residents"),
    ("dragon-battle", "memory", "The game ends: the pile has too few residents"),
    ("heroes", "basic", "The game ends: a figure has reached the volcano."),
    ("heroes", "brave", "The game ends: a figure has reached the volcano."),
    ("dragons-gold", "basic", "The game ends: every dragon is beaten, and the bag is empty."),
    ("dragons-gold", "advanced", "The game ends: every dragon is beaten, and the bag is empty."),
]


@pytest.mark.parametrize(("game", "variant", "english"), ENDINGS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_end_says_why_the_game_ended_before_who_won(game, variant, english, lang):
    """The results' headline and the end's message say first why the game ended (a child saw
    "Player 3 wins with 22 gold." and asked why it was over), on the shared screen and a
    seat's."""
    from kaskaria.core import TABLE
    from kaskaria.session import TableSession

    session = TableSession(
        game, players=3, seats=["easy"] * 3, variant=variant, seed=3, autoplay=None
    )
    table = session.table
    while not table.state.is_terminal():
        table.next()
    why = table.presenter.t("say.over", lang)
    assert why.startswith(english if lang == "en" else "Das Spiel endet: "), why
    for viewer in (TABLE, 0, 1):
        view = session.view(viewer, lang)
        for line in (view["result"]["headline"], view["message"]["text"]):
            assert line.startswith(why + " ") or f". {why} " in line, line
            assert line.endswith("."), line
        # the headline: why, then who won, two sentences
        assert view["result"]["headline"].startswith(why + " "), view["result"]["headline"]
        assert view["result"]["headline"].count(". ") == 1, view["result"]["headline"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dragons_gold_ends_on_an_empty_dragon_deck_and_says_so(lang):
    """A new dragon comes only while the bag has tokens and the dragon deck has cards: with the
    rulebook's numbers the bag always empties first, but a table whose deck ran out first says
    that, not "the bag is empty"."""
    import dataclasses

    from kaskaria.session import TableSession

    session = TableSession("dragons-gold", players=3, seats=["easy"] * 3, seed=3, autoplay=None)
    table = session.table
    while not table.state.is_terminal():
        table.next()
    assert sum(table.state.bag) == 0 and table.state.deck  # the usual end
    left = dataclasses.replace(table.state, bag=(1, *table.state.bag[1:]), deck=())
    said = table.presenter.game_over(left, lang, lambda p: f"P{p + 1}")
    assert said.startswith(table.presenter.t("say.over_deck", lang) + " "), said
    assert ("no dragon card is left" if lang == "en" else "keine Drachenkarte mehr") in said
