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
    # even the omniscient view gets no seed while the game runs: it tells the dice to come
    assert table.view["code_is_view"] and table.view["seed"] is None
    view = kaskaria.match.read_code(table.view["code"])
    assert view.viewer == kaskaria.OMNISCIENT and list(view.lines) == table.match.lines()
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
    titles = [
        table.view["words"]["dragons"][c]["title"] for c in ("yellow", "red", "blue", "purple")
    ]
    assert titles == ["Gelber Drache", "Roter Drache", "Blauer Drache", "Lila Drache"]
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


# ----------------------------------------------------------------------------------------------
# a whole bot turn in one request; autoplay's default
# ----------------------------------------------------------------------------------------------
def pushed_views(table):
    """Every view the table pushes to the browser from now on, in order (one comm message
    each, as the browser receives them)."""
    seen = []
    table.observe(lambda change: seen.append(change["new"]), names="view")
    return seen


def test_one_turn_request_plays_the_whole_bot_turn_and_pushes_every_step():
    # seed 2: the bot rolls, places, rolls on three times, then stops (10 steps)
    table = DragonBattleTable(seats=("optimal", "human"), seed=2, autoplay=None)
    twin = DragonBattleTable(seats=("optimal", "human"), seed=2, autoplay=None)
    steps = []  # the twin presses Next step by step: its views are the steps to be drawn
    while twin.view["next"] is not None:
        twin.next()
        steps.append(twin.view)
    assert len(steps) >= 5
    version = table.view["version"]
    assert table.view["turn"]["label"] == "Play whole turn"
    pushed = pushed_views(table)
    click(table, type="turn")  # one request from the browser
    # the person decides now; the match is the one Next-by-Next gives
    assert table.state.current_player() == 1 and table.state.phase == "start"
    assert table.match.lines() == twin.match.lines()
    assert table.view["turn"] is None and table.view["next"] is None
    assert [b["action"] for b in table.view["actions"]] == ["roll"]
    # one pushed view per step, each the step Next would have drawn
    assert len(pushed) == len(steps)
    assert [v["version"] for v in pushed] == list(range(version + 1, version + 1 + len(steps)))
    assert pushed[-1] is table.view
    for k, (frame, step) in enumerate(zip(pushed, steps, strict=True), 1):
        assert frame["playing"] == {
            "step": k,
            "steps": len(steps),
            "label": f"Step {k} of {len(steps)}",
        }
        for key in ("observation", "status", "phase", "player", "log", "meter", "undo", "to_move"):
            assert frame[key] == step[key], (k, key)
        if k < len(steps):
            assert frame["message"] == step["message"]
    # the last step also says how many steps were played
    assert table.message == f"({len(steps)} steps played; see the log.) {twin.message}"
    # learners see the roll being asked for, the dice, then the placement
    first = [(f["log"][-1]["who"], f["log"][-1]["action"]) for f in pushed[:3]]
    assert first[0] == ("Player 1 (optimal bot)", "roll")
    assert first[1][0] == "Dice" and first[1][1].startswith("roll ")
    assert first[2][1].startswith("place")
    assert [f["phase"] for f in pushed[:3]] == ["rolling", "place", "decide"]


def test_a_turn_plays_on_through_every_bot_until_a_person_decides():
    table = DragonBattleTable(players=3, seats=("human", "optimal", "cautious"), seed=7)
    twin = DragonBattleTable(players=3, seats=("human", "optimal", "cautious"), seed=7)
    for t in (table, twin):
        while t.state.player == 0:  # the person's turn: roll, then stop as soon as allowed
            legal = [b["action"] for b in t.view["actions"]]
            t.act("stop" if "stop" in legal else legal[0])
    assert table.state.player == 1 and table.view["turn"] is not None
    assert table.view["turn"]["title"] == (
        "Play every step, one after another, until a person decides"
    )
    twin.run_bots()
    pushed = pushed_views(table)
    table.play_turn()
    assert table.match.lines() == twin.match.lines()
    assert table.state.player == 0 and table.state.phase == "start"
    movers = {f["player"] for f in pushed}
    assert {1, 2} <= movers  # both bots' turns, drawn step by step
    assert len(pushed) > 4 and pushed[-1]["playing"]["steps"] == len(pushed)


def test_at_a_table_of_bots_one_request_plays_one_turn():
    table = DragonBattleTable(seats=("optimal", "cautious"), seed=3)
    assert table.view["turn"]["title"] == (
        "Play the whole turn of Player 1 (optimal bot), one step after another"
    )
    requests = 0
    while table.state.phase != "over":
        owner = table.state.player
        turns = table.state.turns
        pushed = pushed_views(table)
        click(table, type="turn")
        requests += 1
        assert table.view["message"]["kind"] != "error"
        assert {f["player"] for f in pushed} <= {owner, (owner + 1) % 2}
        if table.state.phase != "over":
            # it stops where the next bot's turn starts: one turn per click
            assert table.state.player != owner and table.state.phase == "start"
            assert table.state.turns == turns + 1
            assert all(f["player"] == owner for f in pushed[:-1])
        assert requests < 200
    assert requests == table.state.turns
    assert table.view["turn"] is None


def test_play_turn_is_refused_when_a_person_decides_and_changes_nothing():
    table = DragonBattleTable(seats=("human", "optimal"), seed=1)
    assert table.view["turn"] is None and table.view["next"] is None
    lines, version = table.match.lines(), table.view["version"]
    with pytest.raises(kaskaria.IllegalActionError, match="it is Player 1's decision"):
        table.play_turn()
    assert table.match.lines() == lines and table.view["version"] == version + 1
    assert table.view["message"]["kind"] == "error"
    click(table, type="turn")  # from the browser: explained, never raised
    assert table.match.lines() == lines


def test_a_stale_turn_click_changes_nothing():
    table = DragonBattleTable(seats=("optimal", "human"), seed=2)
    version = table.view["version"]
    table.help = False  # the table changes under the click (a new version)
    lines = table.match.lines()
    pushed = pushed_views(table)
    click(table, type="turn", version=version)  # sent from the table as it was before
    click(table, type="next", version=version)
    assert pushed == [] and table.match.lines() == lines
    assert table.view["version"] == version + 1
    click(table, type="turn")  # the current version: played
    assert table.state.player == 1 and len(pushed) > 1


def test_a_bot_error_in_the_middle_of_a_turn_keeps_the_steps_before_it():
    class StopsTooEarly:
        """Rolls once, then tries to stop before setting a colour aside."""

        name = "early"

        def choose(self, state, rng):
            return kaskaria.Action("roll" if state.phase == "start" else "stop")

    table = DragonBattleTable(seats=(StopsTooEarly(), "human"), seed=1)
    pushed = pushed_views(table)
    table_lines = len(table.match.lines())
    with pytest.raises(RuntimeError, match="the early bot chose a move that is not legal here"):
        table.play_turn()
    # the roll and the dice were played and drawn; then the refusal is shown
    assert len(table.match.lines()) == table_lines + 2
    assert [f["playing"]["step"] for f in pushed[:-1]] == [1, 2]
    assert pushed[-1]["playing"] is None and pushed[-1]["message"]["kind"] == "error"


def test_play_turn_works_for_any_game_and_reads_in_german():
    match = Match(kaskaria.load("toy-swap", players=3), seed=5)
    match.resolve_chance()
    table = GameTable.from_match(match, seats=("random", "random", "random"), lang="de")
    assert table.view["turn"]["label"] == "Ganzen Zug spielen"
    owner = table.state.player
    pushed = pushed_views(table)
    table.play_turn()
    assert pushed and pushed[0]["playing"]["label"] == f"Schritt 1 von {len(pushed)}"
    assert table.state.player != owner or table.state.current_player() == kaskaria.TERMINAL


def test_autoplay_is_on_by_default_with_bots_and_off_with_only_people():
    people = DragonBattleTable(seats=HH, seed=1)
    assert people.autoplay is None and people.view["autoplay_ms"] is None
    with_bot = DragonBattleTable(seats=("human", "optimal"), seed=1)
    assert with_bot.autoplay == with_bot.pace == 1.2
    assert with_bot.view["autoplay_ms"] == with_bot.view["pace_ms"] == 1200
    assert with_bot.view["autoplay_enabled"] is True
    assert DragonBattleTable(seats=("optimal", "optimal")).autoplay == 1.2
    assert GameTable("toy-swap", seed=1).autoplay == 1.2  # seat 2 is the default bot
    # the default follows the seats until someone sets autoplay
    click(people, type="seat", player=1, seat="optimal")
    assert people.view["autoplay_ms"] == 1200
    click(people, type="seat", player=1, seat="human")
    assert people.view["autoplay_ms"] is None
    # an explicit choice stays
    off = DragonBattleTable(seats=("human", "optimal"), autoplay=None)
    assert off.autoplay is None and off.view["autoplay_ms"] is None
    click(off, type="seat", player=0, seat="cautious")
    assert off.autoplay is None
    click(with_bot, type="autoplay", delay=None)
    click(with_bot, type="restart", players=3)
    assert with_bot.autoplay is None
    with_bot.autoplay = "auto"
    assert with_bot.autoplay == 1.2
    match = Match(kaskaria.load("dragon-battle"), seed=4)
    match.resolve_chance()
    assert DragonBattleTable.from_match(match, seats=("optimal", "human")).autoplay == 1.2
    assert DragonBattleTable.from_match(match, seats=HH).autoplay is None


def test_autoplay_is_shown_off_once_the_game_is_over():
    table = DragonBattleTable(seats=("optimal", "cautious"), seed=5)
    assert table.view["autoplay_ms"] == 1200
    table.run_bots()
    assert table.state.phase == "over"
    assert table.view["autoplay_ms"] is None and table.view["autoplay_enabled"] is False
    assert table.autoplay == 1.2  # the setting stays for the next game
    table.new_game(seed=6)
    assert table.view["autoplay_ms"] == 1200 and table.view["autoplay_enabled"] is True
    # a turn played to the end: its last step already shows autoplay off
    last = DragonBattleTable(players=2, seats=("optimal", "cautious"), seed=5)
    while last.state.phase != "over":
        pushed = pushed_views(last)
        last.play_turn()
    assert pushed[-1]["to_move"] == "over" and pushed[-1]["autoplay_ms"] is None
    assert all(f["autoplay_ms"] == 1200 for f in pushed[:-1])


def test_pace_is_the_speed_menu_and_autoplay_follows_it():
    table = DragonBattleTable(seats=("human", "optimal"), seed=1)
    assert [p["ms"] for p in table.view["paces"]] == [2000, 1200, 600]
    assert [p["label"] for p in table.view["paces"]] == ["slow", "normal", "fast"]
    click(table, type="pace", delay=0.6)
    assert table.pace == 0.6 and table.view["pace_ms"] == 600
    assert table.autoplay == 0.6 and table.view["autoplay_ms"] == 600
    click(table, type="autoplay", delay=None)
    click(table, type="pace", delay=2.0)
    assert table.pace == 2.0 and table.autoplay is None
    click(table, type="pace", delay="slow")
    assert table.pace == 2.0 and table.view["message"]["kind"] == "error"
    with pytest.raises(ValueError, match="pace must be from 0.05 to 10"):
        table.pace = 60
    table.autoplay = 0.4  # an autoplay delay sets the pace too
    assert table.pace == 0.4
