"""The shared table widget (``GameTable``): what every game's table gets, tested without a
browser: the static picture for notebooks opened without a kernel, viewers, languages, set-up on
screen, and that a closed table is freed."""

from __future__ import annotations

import gc
import json
import weakref

import pytest

import kaskaria
from kaskaria import Match
from kaskaria.widgets import DragonBattleTable, GameTable

HH = ("human", "human")


def click(table, **content):
    content.setdefault("version", table.view["version"])
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def test_the_static_picture_shows_the_position_without_a_kernel():
    table = DragonBattleTable(seats=HH, seed=2)
    table.roll()
    data, _ = table._repr_mimebundle_()
    html = data["text/html"]
    assert html.startswith('<div class="kaskaria-db-static"') and html.endswith("</div>")
    for d in table.state.observation(0)["dragons"]:
        assert d["resident"] in html
    for button in table.view["actions"]:
        assert button["label"] in html  # what a person would press
    assert table.message.split(".")[0] in html
    again = DragonBattleTable(seats=HH, seed=2)
    again.roll()
    assert again._repr_mimebundle_()[0]["text/html"] == html  # stable for nbval
    assert "0x" not in html and "<script" not in html


def test_the_static_picture_keeps_hidden_things_hidden():
    table = DragonBattleTable(seats=HH, variant="memory", seed=3)
    table.roll()
    html = table._repr_mimebundle_()[0]["text/html"]
    for name, up in zip(table.state.under, table.state.face_up, strict=True):
        if name and not up:
            assert name not in html


def test_viewers_can_be_chosen_and_are_checked():
    table = DragonBattleTable(seats=HH, variant="memory", seed=3)
    table.roll()
    assert table.viewer == 0
    table.viewer = "omniscient"
    assert all(d["resident"] for d in table.view["observation"]["dragons"])
    assert table.view["code"] == table.full_code and not table.view["code_is_view"]
    table.viewer = "table"
    assert table.viewer == kaskaria.TABLE
    assert not any(d["resident"] for d in table.view["observation"]["dragons"])
    with pytest.raises(ValueError, match="viewer must be a seat from 0 to 1"):
        table.viewer = 5
    assert "viewer must be" in table.message
    click(table, type="viewer", viewer=1)
    assert table.viewer == 1


def test_language_is_chosen_on_screen():
    table = DragonBattleTable(seats=HH, seed=1)
    click(table, type="lang", lang="de")
    assert table.lang == "de" and table.view["text"]["new_game"] == "Neues Spiel"
    assert table.view["actions"][0]["label"] == "Würfeln (4 Würfel)"
    click(table, type="lang", lang="xx")
    assert table.lang == "de" and table.view["message"]["kind"] == "error"
    with pytest.raises(ValueError, match="unknown language"):
        GameTable("dragon-battle", seats=HH, lang="fr")


def test_variant_and_player_count_are_chosen_on_screen():
    table = DragonBattleTable(seats=("human", "optimal"), seed=5)
    click(table, type="restart", variant="memory")
    assert table.game.variant == "memory" and table.seats == ("human", "optimal")
    click(table, type="restart", players=4)
    assert table.game.players == 4 and table.seats == ("human", "optimal", "human", "human")
    assert [v["value"] for v in table.view["variants"]] == ["basic", "younger", "memory"]
    assert table.view["player_counts"] == [2, 3, 4]
    before = table.match.lines()
    click(table, type="restart", players=9)
    assert table.view["message"]["kind"] == "error" and table.match.lines() == before


def test_a_game_table_plays_any_registered_game_by_name():
    table = GameTable("dragon-battle", seats=HH, seed=1)
    assert table.view["prefix"] == "kaskaria-db"
    table.act("roll")
    assert len(table.match.lines()) == 6
    with pytest.raises(TypeError, match="needs the game's name"):
        GameTable()
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        GameTable("chess")
    with pytest.raises(ValueError, match="plays 'dragon-battle'"):
        DragonBattleTable.from_match(Match(kaskaria.load("toy-swap"), seed=1))


def test_a_closed_table_is_freed():
    table = DragonBattleTable(seats=HH, seed=1)
    ref = weakref.ref(table)
    table.close()
    del table
    gc.collect()
    assert ref() is None


def test_the_view_holds_no_seed_of_a_hidden_game():
    match = Match(kaskaria.load("toy-swap", players=2), seed=77)
    match.resolve_chance()
    table = GameTable.from_match(match, seats=("human", "random"))
    view = json.dumps(table.view)
    # the seed would let anyone replay the hidden deals: it is not synced while anything is hidden
    assert table.view["code_is_view"] and table.view["seed"] is None and "77" not in view
    code = table.view["code"]
    assert kaskaria.match.read_code(code).viewer == 0
