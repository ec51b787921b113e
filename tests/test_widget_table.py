"""The shared table widget (``GameTable``): what every game's table gets, tested without a
browser: the static picture for notebooks opened without a kernel, viewers, languages, set-up on
screen, a whole bot turn watched step by step at the pace, autoplay, the view's parts (only the
changed ones are sent), and that a closed table is freed."""

from __future__ import annotations

import gc
import json
import weakref

import pytest

import kaskaria
from kaskaria import Match
from kaskaria.session import LOG_PAGE, LOG_TAIL, PARTS
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
    for button in table.view["moves"]["actions"]:
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
    assert all(d["resident"] for d in table.view["board"]["observation"]["dragons"])
    # even the omniscient view gets no seed while the game runs: it tells the dice to come
    assert table.view["info"]["code_is_view"] and table.view["info"]["seed"] is None
    view = kaskaria.match.read_code(table.view["info"]["code"])
    assert view.viewer == kaskaria.OMNISCIENT and list(view.lines) == table.match.lines()
    table.viewer = "table"
    assert table.viewer == kaskaria.TABLE
    assert not any(d["resident"] for d in table.view["board"]["observation"]["dragons"])
    with pytest.raises(ValueError, match="viewer must be a seat from 0 to 1"):
        table.viewer = 5
    assert "viewer must be" in table.message
    click(table, type="viewer", viewer=1)
    assert table.viewer == 1


def test_language_is_chosen_on_screen():
    table = DragonBattleTable(seats=HH, seed=1)
    click(table, type="lang", lang="de")
    assert table.lang == "de" and table.view["frame"]["text"]["new_game"] == "Neues Spiel"
    assert table.view["moves"]["actions"][0]["label"] == "Würfeln (4 Würfel)"
    titles = [
        table.view["board"]["words"]["dragons"][c]["title"]
        for c in ("yellow", "red", "blue", "purple")
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
    settings = table.view["settings"]
    assert [v["value"] for v in settings["variants"]] == ["basic", "younger", "memory"]
    assert [v["label"] for v in settings["variants"]] == [
        "basic rules",
        "younger children",
        "memory game",
    ]
    assert settings["player_counts"] == [2, 3, 4]
    before = table.match.lines()
    click(table, type="restart", players=9)
    assert table.view["message"]["kind"] == "error" and table.match.lines() == before


def test_a_bigger_table_seats_its_new_players_as_its_last_seat_by_difficulty():
    """The apps seat a child against bots by difficulty: a teacher who picks four players in the
    settings adds a bot of the last seat's difficulty, not a second person (a child alone was
    asked to pass the device before every turn); a table of people adds people, and a bot
    chosen by name (not by difficulty) is followed by people, as before."""
    from kaskaria.widgets import DragonsGoldTable, HeroesTable

    app = DragonsGoldTable(players=3, seats=("human", "easy", "medium"), seed=4, autoplay=None)
    click(app, type="restart", players=4)
    assert app.game.players == 4 and app.seats == ("human", "easy", "medium", "medium")
    assert app.view["players"][3]["bot"] == "medium bot"
    click(app, type="restart", players=3)
    assert app.seats == ("human", "easy", "medium")
    heroes = HeroesTable(players=2, seats=("human", "hard"), seed=1, autoplay=None)
    click(heroes, type="restart", players=4)
    assert heroes.seats == ("human", "hard", "hard", "hard")
    bots = heroes._session.table.bots
    assert bots[2] is not None and bots[2] is not bots[3]  # a bot of its own in each seat
    people = DragonBattleTable(seats=HH, seed=1)
    click(people, type="restart", players=3)
    assert people.seats == ("human", "human", "human")


def test_a_game_table_plays_any_registered_game_by_name():
    table = GameTable("dragon-battle", seats=HH, seed=1)
    assert table.view["frame"]["prefix"] == "kaskaria-db"
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
    info = table.view["info"]
    assert info["code_is_view"] and info["seed"] is None and "77" not in view
    assert kaskaria.match.read_code(info["code"]).viewer == 0


# ----------------------------------------------------------------------------------------------
# the view in parts: only the parts that changed are sent again
# ----------------------------------------------------------------------------------------------
def sent_parts(table):
    """The traits the widget sends to the browser from now on, one list per change."""
    sent: list[list[str]] = []

    def record(change):
        if change["name"] == "version":
            sent.append([])
        else:
            sent[-1:] = [[*(sent[-1] if sent else []), change["name"]]]

    table.observe(record)
    return sent


def test_the_view_comes_in_parts_in_one_synced_trait_and_a_change_touches_only_its_parts():
    table = DragonBattleTable(seats=HH, seed=2)
    assert set(table.view) == {"version", *PARTS}
    # the browser's whole model: one synced trait, "view" (a WebSocket page can give the same)
    assert "view" in table.trait_names(sync=True)
    assert not {*PARTS} & set(table.trait_names(sync=True))
    views = []
    table.observe(lambda change: views.append((change["old"], change["new"])), names="view")

    def changed_parts() -> set[str]:
        old, new = views[-1]
        assert new["version"] > old["version"]
        return {p for p in PARTS if old[p] != new[p]}

    click(table, type="help", on=False)  # the odds meter off: the board and settings change
    assert changed_parts() == {"board", "settings"}
    click(table, type="log", more=True)  # nothing earlier to show: nothing changes, nothing sent
    assert len(views) == 1
    table.roll()
    assert {"board", "moves", "log", "summary", "status"} <= changed_parts()
    assert not {"rules", "frame"} & changed_parts()
    assert len(views) == 2  # one message per change


def test_the_log_sends_its_latest_entries_and_more_on_demand():
    table = DragonBattleTable(seats=("optimal", "cautious"), seed=5, autoplay=None)
    for _ in range(30):
        table.next()
    log = table.view["log"]
    total = len(table.match.actions)
    assert log["total"] == total and len(log["entries"]) == LOG_TAIL and log["more"]
    assert [e["n"] for e in log["entries"]] == list(range(total - LOG_TAIL + 1, total + 1))
    # sentences, never action lines
    for entry in log["entries"]:
        assert entry["text"][0].isupper() and entry["text"].endswith(".")
        assert not entry["text"].startswith(("roll ", "place ", "draw ", "stop"))
    click(table, type="log", more=True)
    assert len(table.view["log"]["entries"]) == min(total, LOG_TAIL + LOG_PAGE)
    click(table, type="log", more=False)
    assert len(table.view["log"]["entries"]) == LOG_TAIL


# ----------------------------------------------------------------------------------------------
# a whole bot turn, watched step by step; autoplay's default
# ----------------------------------------------------------------------------------------------
class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_turn_from_the_screen_is_watched_one_step_per_pace():
    # seed 2: the bot rolls, places, rolls on three times, then stops (10 steps)
    clock = Clock()
    table = DragonBattleTable(seats=("optimal", "human"), seed=2, autoplay=None, clock=clock)
    twin = DragonBattleTable(seats=("optimal", "human"), seed=2, autoplay=None)
    steps = []  # the twin presses Next step by step: its views are the steps to be drawn
    while twin.view["moves"]["next"] is not None:
        twin.next()
        steps.append(twin.view)
    assert len(steps) >= 5
    assert table.view["moves"]["turn"]["label"] == "Play whole turn"
    click(table, type="turn")  # one request from the browser: the first step at once
    shown = [table.view]
    while table.view["moves"]["running"]:
        wake = table.view["clock"]["wake_ms"]
        # one pace, longer when the step just shown says more than a child reads in one
        seconds = table.session.table.step_seconds()
        assert seconds >= table.pace and abs(wake - seconds * 1000) <= 1
        clock.now += wake / 1000 / 2
        assert table.tick() is False  # too early: nothing happens
        clock.now += wake / 1000 / 2
        assert table.tick() is True
        shown.append(table.view)
    assert table.state.current_player() == 1 and table.state.phase == "start"
    assert table.match.lines() == twin.match.lines()
    assert len(shown) == len(steps)
    for k, (frame, step) in enumerate(zip(shown, steps, strict=True), 1):
        for part in ("board", "log", "players"):
            assert frame[part] == step[part], (k, part)
        # the line under the table: the same but for the message's words it quotes (a turn
        # watched says "is thinking…", a step at a time "press Next step")
        said = [v["status"].replace(v["message"]["prompt"], "") for v in (frame, step)]
        assert said[0] == said[1], (k, "status")
    assert table.view["moves"]["turn"] is None and table.view["moves"]["next"] is None
    assert [b["action"] for b in table.view["moves"]["actions"]] == ["roll"]
    assert table.view["clock"]["wake_ms"] is None
    # what just happened: the bot's steps, a short sentence a line, as the twin tells them
    lines = [line["text"] for line in table.view["summary"]["lines"]]
    assert 1 < len(lines) and lines == [line["text"] for line in steps[-1]["summary"]["lines"]]


def test_a_turn_plays_on_through_every_bot_until_a_person_decides():
    table = DragonBattleTable(players=3, seats=("human", "optimal", "cautious"), seed=7)
    twin = DragonBattleTable(players=3, seats=("human", "optimal", "cautious"), seed=7)
    for t in (table, twin):
        while t.state.player == 0:  # the person's turn: roll, then stop as soon as allowed
            legal = [b["action"] for b in t.view["moves"]["actions"]]
            t.act("stop" if "stop" in legal else legal[0])
    assert table.state.player == 1 and table.view["moves"]["turn"] is not None
    assert table.view["moves"]["turn"]["title"] == (
        "Play every step, one after another, until a person decides"
    )
    twin.run_bots()
    table.play_turn()  # from Python: every step at once
    assert table.match.lines() == twin.match.lines()
    assert table.state.player == 0 and table.state.phase == "start"
    assert table.message.startswith("(") and "steps played" in table.message


def test_at_a_table_of_bots_one_request_plays_one_turn():
    clock = Clock()
    table = DragonBattleTable(seats=("optimal", "cautious"), seed=3, autoplay=None, clock=clock)
    assert table.view["moves"]["turn"]["title"] == (
        "Play the whole turn of Player 1 (hard bot), one step after another"
    )
    requests = 0
    while table.state.phase != "over":
        owner = table.state.player
        turns = table.state.turns
        click(table, type="turn")
        requests += 1
        while table.view["moves"]["running"]:
            clock.now += table.pace
            assert table.state.player == owner
            click(table, type="tick")
        assert table.view["message"]["kind"] != "error"
        if table.state.phase != "over":
            # it stops where the next bot's turn starts: one turn per click
            assert table.state.player != owner and table.state.phase == "start"
            assert table.state.turns == turns + 1
        assert requests < 200
    assert requests == table.state.turns
    assert table.view["moves"]["turn"] is None


def test_play_turn_is_refused_when_a_person_decides_and_changes_nothing():
    table = DragonBattleTable(seats=("human", "optimal"), seed=1)
    assert table.view["moves"]["turn"] is None and table.view["moves"]["next"] is None
    lines, version = table.match.lines(), table.view["version"]
    with pytest.raises(kaskaria.IllegalActionError, match="it is Player 1's decision"):
        table.play_turn()
    assert table.match.lines() == lines and table.view["version"] == version + 1
    assert table.view["message"]["kind"] == "error"
    click(table, type="turn")  # from the browser: explained, never raised
    assert table.match.lines() == lines


def test_a_stale_turn_click_changes_nothing():
    table = DragonBattleTable(seats=("optimal", "human"), seed=2, autoplay=None)
    version = table.view["version"]
    table.help = False  # the table changes under the click (a new version)
    lines = table.match.lines()
    click(table, type="turn", version=version)  # sent from the table as it was before
    click(table, type="next", version=version)
    assert table.match.lines() == lines
    assert table.view["version"] == version + 1
    click(table, type="turn")  # the current version: played
    assert len(table.match.lines()) > len(lines) and table.view["moves"]["running"]


def test_a_bot_error_in_the_middle_of_a_turn_keeps_the_steps_before_it():
    class StopsTooEarly:
        """Rolls once, then tries to stop before setting a colour aside."""

        name = "early"

        def choose(self, state, rng):
            return kaskaria.Action("roll" if state.phase == "start" else "stop")

    table = DragonBattleTable(seats=(StopsTooEarly(), "human"), seed=1)
    table_lines = len(table.match.lines())
    with pytest.raises(RuntimeError, match="the early bot chose a move that is not legal here"):
        table.play_turn()
    # the roll and the dice were played; then the refusal is shown
    assert len(table.match.lines()) == table_lines + 2
    assert table.view["message"]["kind"] == "error"
    # the same bot under autoplay: the failing step stops autoplay and says why
    clock = Clock()
    auto = DragonBattleTable(seats=(StopsTooEarly(), "human"), seed=1, clock=clock)
    for _ in range(3):
        clock.now += auto.session.wake_in() or auto.pace
        auto.tick()
    assert auto.autoplay is None and auto.view["message"]["kind"] == "error"
    assert auto.view["clock"]["wake_ms"] is None


def test_play_turn_works_for_any_game_and_reads_in_german():
    match = Match(kaskaria.load("toy-swap", players=3), seed=5)
    match.resolve_chance()
    table = GameTable.from_match(match, seats=("random", "random", "random"), lang="de")
    assert table.view["moves"]["turn"]["label"] == "Ganzen Zug spielen"
    owner = table.state.player
    table.play_turn()
    assert "Schritte gespielt" in table.message or "Schritt gespielt" in table.message
    assert table.state.player != owner or table.state.current_player() == kaskaria.TERMINAL


def test_autoplay_is_on_by_default_with_bots_and_off_with_only_people():
    people = DragonBattleTable(seats=HH, seed=1)
    assert people.autoplay is None and people.view["settings"]["autoplay_ms"] is None
    with_bot = DragonBattleTable(seats=("human", "optimal"), seed=1)
    assert with_bot.autoplay == with_bot.pace == 2.0
    settings = with_bot.view["settings"]
    assert settings["autoplay_ms"] == settings["pace_ms"] == 2000
    assert settings["autoplay_enabled"] is True
    assert DragonBattleTable(seats=("optimal", "optimal")).autoplay == 2.0
    assert GameTable("toy-swap", seed=1).autoplay == 2.0  # seat 2 is the default bot
    # the default follows the seats until someone sets autoplay
    click(people, type="seat", player=1, seat="hard")
    assert people.view["settings"]["autoplay_ms"] == 2000
    assert people.seats == ("human", "hard") and people.view["players"][1]["bot"] == "hard bot"
    click(people, type="seat", player=1, seat="human")
    assert people.view["settings"]["autoplay_ms"] is None
    # an explicit choice stays
    off = DragonBattleTable(seats=("human", "optimal"), autoplay=None)
    assert off.autoplay is None and off.view["settings"]["autoplay_ms"] is None
    click(off, type="seat", player=0, seat="easy")
    assert off.autoplay is None
    click(with_bot, type="autoplay", delay=None)
    click(with_bot, type="restart", players=3)
    assert with_bot.autoplay is None
    with_bot.autoplay = "auto"
    assert with_bot.autoplay == 2.0
    match = Match(kaskaria.load("dragon-battle"), seed=4)
    match.resolve_chance()
    assert DragonBattleTable.from_match(match, seats=("optimal", "human")).autoplay == 2.0
    assert DragonBattleTable.from_match(match, seats=HH).autoplay is None


def test_autoplay_steps_at_the_pace_and_the_prompt_does_not_ask_for_next():
    clock = Clock()
    table = DragonBattleTable(seats=("optimal", "human"), seed=2, clock=clock)
    assert table.view["moves"]["running"] and table.view["clock"]["wake_ms"] == 2000
    assert table.message == "A new game. Player 1 (hard bot) is thinking…"
    assert "Next" not in table.view["moves"]["wait"]
    clock.now += 1.0
    table.tick()
    assert len(table.match.actions) == 4  # not yet
    clock.now += 1.0
    table.tick()
    assert len(table.match.actions) > 4
    off = DragonBattleTable(seats=("optimal", "human"), seed=2, clock=clock, autoplay=None)
    assert off.message.endswith("is thinking: press Next step to see its move.")
    assert off.view["clock"]["wake_ms"] is None and not off.view["moves"]["running"]


def test_autoplay_is_shown_off_once_the_game_is_over():
    table = DragonBattleTable(seats=("optimal", "cautious"), seed=5)
    assert table.view["settings"]["autoplay_ms"] == 2000
    table.run_bots()
    assert table.state.phase == "over"
    settings = table.view["settings"]
    assert settings["autoplay_ms"] is None and settings["autoplay_enabled"] is False
    assert table.autoplay == 2.0  # the setting stays for the next game
    table.new_game(seed=6)
    settings = table.view["settings"]
    assert settings["autoplay_ms"] == 2000 and settings["autoplay_enabled"] is True


def test_pace_is_the_speed_menu_and_autoplay_follows_it():
    table = DragonBattleTable(seats=("human", "optimal"), seed=1)
    assert [p["ms"] for p in table.view["settings"]["paces"]] == [3000, 2000, 1200]
    assert [p["label"] for p in table.view["settings"]["paces"]] == ["slow", "normal", "fast"]
    click(table, type="pace", delay=1.2)
    assert table.pace == 1.2 and table.view["settings"]["pace_ms"] == 1200
    assert table.autoplay == 1.2 and table.view["settings"]["autoplay_ms"] == 1200
    click(table, type="autoplay", delay=None)
    click(table, type="pace", delay=3.0)
    assert table.pace == 3.0 and table.autoplay is None
    click(table, type="pace", delay="slow")
    assert table.pace == 3.0 and table.view["message"]["kind"] == "error"
    with pytest.raises(ValueError, match="pace must be from 0.05 to 10"):
        table.pace = 60
    table.autoplay = 0.4  # an autoplay delay sets the pace too
    assert table.pace == 0.4
    teacher = DragonBattleTable(seats=("human", "optimal"), seed=1, pace=4)
    assert teacher.pace == teacher.autoplay == 4.0


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "A seed is a whole number, 0 or more, with at most 18 digits; nothing changed."),
        (
            "de",
            "Ein Startwert ist eine ganze Zahl, 0 oder größer, mit höchstens 18 Ziffern; nichts "
            "hat sich geändert.",
        ),
    ],
)
def test_a_seed_the_table_refuses_is_said_in_the_screens_words(lang, words):
    """New game with a seed the table cannot take (typed -3, a decimal): the screen says what a
    seed is in its own language, never the check's "... 2**63 - 1 or None, got -3" (a tester
    read that on a German screen), and the game stays as it was. The largest seed is taken."""
    table = DragonBattleTable(seats=("human", "easy"), seed=4, autoplay=None, lang=lang)
    table.act("roll")
    before = (table.seed, table.state)
    for seed in (-3, 2.5, -(2**63), 1e20, 9.3e18):
        table._on_msg(None, {"type": "new", "seed": seed, "version": table.view["version"]}, None)
        message = table.view["message"]
        assert message["kind"] == "error" and message["text"] == words, message
        assert (table.seed, table.state) == before
    largest = 2**63 - 1
    table._on_msg(None, {"type": "new", "seed": largest, "version": table.view["version"]}, None)
    assert table.seed == largest and table.view["message"]["kind"] != "error"


@pytest.mark.parametrize(
    ("lang", "position", "played"),
    [
        ("en", "Here is the table.", "Here is the table from a game played before."),
        ("de", "So sieht der Tisch aus.", "So sah der Tisch in einer früheren Partie aus."),
    ],
)
def test_a_table_set_up_from_moves_greets_in_plain_words(lang, position, played):
    """A table a lesson sets up from moves (or from a match) opens with a plain sentence, not
    with a word of the trade: a teacher found "A position." above every picture of a lesson."""
    match = Match(kaskaria.load("dragon-battle"), seed=4)
    match.resolve_chance()  # the residents dealt under the dragons
    table = DragonBattleTable(seats=HH, actions=[str(a) for a in match.actions], lang=lang)
    assert table.message.startswith(position + " "), table.message
    from_match = DragonBattleTable.from_match(match, seats=HH, lang=lang)
    assert from_match.message.startswith(played + " "), from_match.message
