"""A lesson names the seats of its table ("Mia", "Peter"): every screen and sentence uses the
name, in both languages; anything odd is refused, never shown."""

from __future__ import annotations

import re

import pytest

from kaskaria.lessons import heroes as hk
from kaskaria.widgets import HeroesTable


def _players_listed(table) -> list[str]:
    data, _ = table._repr_mimebundle_()
    return re.findall(r"<li>(.*?)</li>", data["text/html"])


@pytest.mark.parametrize(("lang", "gold"), [("en", "0 gold"), ("de", "0 Gold")])
def test_a_named_seat_shows_its_name_on_the_table(lang, gold):
    table = hk.table_at(*hk.SETUP, lang=lang, names=("Mia", "Peter"))
    listed = _players_listed(table)
    assert listed[0].startswith("&#9654; Mia: " + gold)
    assert listed[1].startswith("Peter: ")
    assert not any("Player" in li or "Spieler" in li for li in listed)


def test_an_unnamed_table_keeps_player_1():
    listed = _players_listed(hk.table_at(*hk.SETUP, lang="de"))
    assert listed[0].startswith("&#9654; Spieler 1: ")


def test_the_story_of_a_turn_and_the_unseen_count_use_the_names():
    table = hk.table_at(*hk.SETUP, lang="de", names=("Mia", "Peter"))
    assert hk.unseen_table(table, lang="de").text.startswith("Mia sieht 8 Karten")
    head = hk.legal(table, lang="de")
    assert "Spieler 1" not in head.text
    later = hk.table_at(*hk.SETUP, *hk.MIA_TURN, viewer=1, names=("Mia", "Peter"))
    assert "Player 1" not in later.session.message_text()


def test_a_bot_seat_keeps_its_label_after_its_name():
    table = HeroesTable(seats=("human", "easy"), autoplay=None, lang="de")
    table.seat_names = (None, "Peter")
    assert table.session.name(0) == "Spieler 1"
    assert table.session.name(1).startswith("Peter (")


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "M",
        "a" * 21,
        "Mia<b>",
        "Mi\u200ba",  # shows nothing between the letters
        "Mіa",  # a Cyrillic і in a Latin name
        3,
        "Mia Mia Mia Mia Mia Mia",
    ],
)
def test_an_odd_name_is_refused_and_never_shown(bad):
    table = hk.table_at(*hk.SETUP)
    with pytest.raises(ValueError, match="2 to 20 letters"):
        table.seat_names = (bad,)
    assert table.seat_names == ()
    assert _players_listed(table)[0].startswith("&#9654; Player 1: ")


def test_two_seats_cannot_share_a_name_or_a_look_alike():
    table = hk.table_at(*hk.SETUP)
    with pytest.raises(ValueError):
        table.seat_names = ("Mia", "MIA")
    with pytest.raises(ValueError):
        table.seat_names = ("Tim", "Tirn")


def test_names_are_a_list_from_the_first_seat_and_no_longer_than_the_seats():
    table = hk.table_at(*hk.SETUP)
    with pytest.raises(TypeError):
        table.seat_names = "Mia"
    with pytest.raises(ValueError):
        table.seat_names = ("Mia", "Peter", "Lena")
    table.seat_names = ["  Mia  "]
    assert table.seat_names == ("Mia",)
