"""The Dragon Battle table widget, driven from Python without a browser.

The browser half only draws ``table.view`` and sends messages; these tests drive the same paths:
the Python methods, and the browser's messages through the widget's own message handler.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import zipfile
import zlib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from browser_support import WidgetPage

import kaskaria
from kaskaria import CHANCE, IllegalActionError, InvalidActionError, Match, SavedGameError
from kaskaria.session import LOG_TAIL
from kaskaria.widgets import DragonBattleTable, _static

REPO = Path(__file__).resolve().parents[1]
HH = ("human", "human")
DECISIONS = ("start", "place", "decide")


class FirstBot:
    """A tiny deterministic bot for the seat machinery: stops when it may, else the first
    legal action."""

    name = "first"

    def __init__(self):
        self.calls = 0

    def choose(self, state, rng):
        assert isinstance(rng, np.random.Generator)
        self.calls += 1
        legal = state.legal_actions()
        return kaskaria.Action("stop") if kaskaria.Action("stop") in legal else legal[0]


def click(table, **content):
    """Send a message exactly as the browser does (a comm message with a custom method)."""
    content.setdefault("version", table.view["version"])
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def button_actions(table):
    return sorted(b["action"] for b in table.view["moves"]["actions"])


def legal(table):
    return sorted(str(a) for a in table.state.legal_actions())


def snapshot(table):
    return (table.match.lines(), table.state, table.code)


def worked_example_table(**kwargs):
    """Set-up of the rulebook's examples: maid under yellow, king under red, knight under blue."""
    return DragonBattleTable(
        seats=HH,
        seed=1,
        actions=["draw maid", "draw king", "draw knight", "draw page"],
        **kwargs,
    )


# ----------------------------------------------------------------------------------------------
# packaging and imports
# ----------------------------------------------------------------------------------------------
def test_import_kaskaria_does_not_import_widget_stack():
    code = (
        "import sys, kaskaria, kaskaria.dragon_battle\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('anywidget', 'traitlets', 'ipywidgets', 'IPython') or m.startswith('kaskaria.widgets'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_static_files_are_found_and_used_by_the_widget():
    js = _static.static_path("dragon_battle.js")
    css = _static.static_path("dragon_battle.css")
    shell_js = "\n".join(_static.static_text(n) for n in _static.SHELL)  # joined in its order
    shell_css = _static.static_path("table.css")
    # one ES module: the board first, the shared shell (with the one export) last; passed to
    # anywidget as text, never as a path (a path keeps every widget alive: anywidget #929)
    assert isinstance(DragonBattleTable._esm, str) and isinstance(DragonBattleTable._css, str)
    assert DragonBattleTable._esm == (js.read_text(encoding="utf-8") + "\n" + shell_js)
    assert DragonBattleTable._css == (
        shell_css.read_text(encoding="utf-8") + "\n" + css.read_text(encoding="utf-8")
    )
    # In a checkout (editable install) the files come from the top-level widgets/ folder.
    if not _static.PACKAGED.is_dir():
        assert js == REPO / "widgets" / "dragon_battle.js"


def test_static_path_rejects_bad_names():
    with pytest.raises(ValueError, match="plain file name"):
        _static.static_path("../pyproject.toml")
    with pytest.raises(FileNotFoundError, match="no_such_widget.js"):
        _static.static_path("no_such_widget.js")


@pytest.mark.parametrize(
    ("name", "root"), [("dragon_battle.css", ".kaskaria-db"), ("table.css", ".kaskaria-table")]
)
def test_css_is_scoped_under_the_root_class(name, root):
    css = _static.static_path(name).read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    # animations are named for the whole page: only the table's own names (kt-...), and their
    # frames are no selectors
    for name in re.findall(r"@keyframes\s+([\w-]+)", css):
        assert name.startswith(("kt-", root.removeprefix(".") + "-")), name
    css = re.sub(r"@keyframes\s+[\w-]+\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    selectors = re.findall(r"([^{}]+)\{", css)
    assert selectors
    for group in selectors:
        if group.strip().startswith(("@media", "@container")):
            continue  # the rules inside are checked one by one
        for selector in group.split(","):
            assert selector.strip().startswith(root), selector
    assert "@import" not in css and "url(" not in css  # no external fonts or network


def test_js_is_one_plain_module_with_the_dom_hooks():
    js = DragonBattleTable._esm
    assert js.count("export default { render }") == 1 and js.rstrip().endswith(
        "export default { render };"
    )
    assert not re.search(r"^\s*import\s", js, flags=re.M)  # no imports: one module, no build
    shell = "\n".join(_static.static_text(n) for n in _static.SHELL)
    for hook in ('"data-version"', '"data-phase"', '"data-player"', '"data-action"'):
        assert hook in shell, hook
    # the shared controls carry `kt-<name>` and `<prefix>-<name>` (kaskaria-db for this game)
    for name in ("action", "next", "autoplay", "undo", "new", "status", "log", "message"):
        assert re.search(rf'\bk\("{name}"\)|klassOf\(prefix, "{name}"\)', shell), name
    board = _static.static_path("dragon_battle.js").read_text(encoding="utf-8")
    for hook in ("kaskaria-db-help", "kaskaria-db-meter", "kaskaria-db-dragon", "kaskaria-db-die"):
        assert hook in board, hook
    assert DragonBattleTable(seats=HH).view["frame"]["prefix"] == "kaskaria-db"


def test_wheel_ships_the_widget_files_and_they_load_from_it(tmp_path):
    try:
        from hatchling.builders.wheel import WheelBuilder
    except ImportError:  # pragma: no cover - a missing build tool is a failure, not a skip
        pytest.fail(
            "hatchling (the build backend in pyproject.toml) is needed to check the wheel: "
            "pip install 'hatchling>=1.24,<2'"
        )
    wheel = Path(next(iter(WheelBuilder(str(REPO)).build(directory=str(tmp_path / "dist")))))
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        for name in ("dragon_battle.js", "dragon_battle.css", *_static.SHELL, "table.css"):
            packaged = zf.read(f"kaskaria/static/{name}").decode("utf-8")
            assert packaged == (REPO / "widgets" / name).read_text(encoding="utf-8")
        assert "kaskaria/widgets/__init__.py" in names
        assert "kaskaria/widgets/_static.py" in names
        zf.extractall(tmp_path / "site")
    # Import from the unpacked wheel alone (as after `pip install .`): the packaged copy is used.
    code = (
        "import kaskaria.widgets as w, kaskaria.widgets._static as s\n"
        "print(w.__file__)\n"
        "print(s.static_path('dragon_battle.js'))\n"
        "print(len(str(w.DragonBattleTable._esm)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"},
    )
    module, js, size = out.stdout.split()
    site = (tmp_path / "site").resolve()
    assert Path(module).resolve().is_relative_to(site)
    assert Path(js).resolve() == site / "kaskaria" / "static" / "dragon_battle.js"
    joined = [
        (REPO / "widgets" / n).read_text(encoding="utf-8")
        for n in ("dragon_battle.js", *_static.SHELL)
    ]
    assert int(size) == len("\n".join(joined))


# ----------------------------------------------------------------------------------------------
# construction, repr, mimebundle
# ----------------------------------------------------------------------------------------------
def test_new_table_draws_the_set_up_and_waits_for_the_first_roll():
    table = DragonBattleTable(seats=HH, seed=1)
    assert table.state.phase == "start"
    assert [a.split()[0] for a in table.match.lines()] == ["draw"] * 4
    same = Match(kaskaria.load("dragon-battle"), seed=1)
    same.resolve_chance()
    assert table.match.lines() == same.lines()
    assert table.view["turn"]["to_move"] == "human"
    assert button_actions(table) == ["roll"]
    assert table.view["moves"]["actions"][0]["label"] == "Roll (4 dice)"
    assert table.seats == HH and table.seed == 1


def test_repr_is_stable_and_shows_seats_and_state_and_the_seed_only_at_the_end():
    a = DragonBattleTable(seats=HH, seed=5)
    b = DragonBattleTable(seats=HH, seed=5)
    assert repr(a) == repr(b)
    assert "0x" not in repr(a)
    # the whole position in sentences (the line under the table says less): players counted
    # from 1, words not codes; no seed while the game runs (it would tell the dice to come)
    assert repr(a) == (
        f"<DragonBattleTable seats=(human, human) players=2 variant=basic actions=4: "
        f"{a.session.presenter.status(a.state, a.viewer)}>"
    )
    assert a.view["status"].startswith("Player 1's turn. Roll all 4 dice. ")
    assert "p0" not in repr(a)
    a.roll()
    assert "Player 1 sets dice aside now. " in repr(a) and "actions=6" in repr(a)
    while a.state.phase != "over":
        a.act(a.view["moves"]["actions"][-1]["action"])
    # two people at one screen: the seed is never shown, not even at the end
    assert repr(a).startswith("<DragonBattleTable seats=(human, human) players=2 ")
    assert a.view["info"]["seed"] is None and a.code != a.full_code
    # one person against a bot: once the game is over, the seed and the full code
    solo = DragonBattleTable(seats=("human", "optimal"), seed=5)
    while solo.state.phase != "over":
        if solo.session.next_info() is not None:
            solo.next()
        else:
            solo.act(solo.view["moves"]["actions"][-1]["action"])
    assert repr(solo).startswith("<DragonBattleTable seed=5 seats=(human, optimal) players=2 ")
    assert solo.view["info"]["seed"] == 5 and solo.code == solo.full_code


def test_mimebundle_keeps_the_widget_view_and_a_stable_text():
    table = DragonBattleTable(seats=HH, seed=2)
    data, _meta = table._repr_mimebundle_()
    assert data["text/plain"] == repr(table)
    view = data["application/vnd.jupyter.widget-view+json"]
    assert view["model_id"] == table.model_id
    other = DragonBattleTable(seats=HH, seed=2)
    assert other._repr_mimebundle_()[0]["text/plain"] == data["text/plain"]


def test_constructor_rejects_bad_input():
    with pytest.raises(ValueError, match="seats must name 2 players"):
        DragonBattleTable(seats=("human",))
    with pytest.raises(ValueError, match="unknown seat 'wizard'"):
        DragonBattleTable(seats=("human", "wizard"))
    with pytest.raises(TypeError, match="seats must be a list"):
        DragonBattleTable(seats="human")
    with pytest.raises(TypeError, match="a seat is 'human'"):
        DragonBattleTable(seats=("human", 3))
    with pytest.raises(ValueError, match="seed must be"):
        DragonBattleTable(seats=HH, seed=-1)
    with pytest.raises(ValueError, match="seed must be"):
        DragonBattleTable(seats=HH, seed=True)
    with pytest.raises(TypeError, match="help must be True or False"):
        DragonBattleTable(seats=HH, help="yes")
    with pytest.raises(TypeError, match="list of action lines"):
        DragonBattleTable(seats=HH, actions="draw king")
    with pytest.raises(ValueError, match="2-4 players"):
        DragonBattleTable(players=5, seats=("human",) * 5)
    with pytest.raises(ValueError, match="unknown option|unexpected|silver_with_colour"):
        DragonBattleTable(seats=HH, silver_with_colour="maybe")
    with pytest.raises(ValueError, match="autoplay delay"):
        DragonBattleTable(seats=HH, autoplay=100)


def test_rule_options_and_variants_reach_the_game():
    table = DragonBattleTable(
        players=3, seats=("human",) * 3, variant="younger", seed=3, silver_with_colour=True
    )
    game = table.state.game
    assert (game.players, game.variant, game.silver_with_colour) == (3, "younger", True)
    assert table.view["board"]["score_unit"] == "residents"
    assert len(table.view["players"]) == 3


# ----------------------------------------------------------------------------------------------
# the synced view: legal buttons only
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["basic", "memory", "younger"])
def test_whole_game_by_clicks_offers_exactly_the_legal_buttons(variant):
    table = DragonBattleTable(players=3, seats=("human",) * 3, variant=variant, seed=11)
    rng = np.random.default_rng(4)
    reference = Match(kaskaria.load("dragon-battle", players=3, variant=variant), seed=11)
    reference.resolve_chance()
    clicks = 0
    while table.state.phase != "over":
        state = table.state
        assert state.phase in DECISIONS
        view = table.view
        assert button_actions(table) == legal(table)
        # whose turn, then what the screen can do now in the message's own words
        assert view["status"].startswith(f"Player {state.player + 1}'s turn. ")
        assert view["message"]["prompt"] in view["status"]
        assert (view["turn"]["phase"], view["turn"]["player"]) == (state.phase, state.player)
        assert view["moves"]["next"] is None and view["turn"]["to_move"] == "human"
        assert view["board"]["observation"] == state.observation(state.player)
        choice = view["moves"]["actions"][int(rng.integers(len(view["moves"]["actions"])))][
            "action"
        ]
        version = view["version"]
        click(table, type="action", action=choice)
        assert table.view["version"] == version + 1
        assert table.view["message"]["kind"] != "error"
        reference.play(choice)
        clicks += 1
    # The table game is the Match game: same seed, same decisions, same chance.
    assert table.match.lines() == reference.lines()
    assert table.view["moves"]["actions"] == [] and table.view["moves"]["next"] is None
    assert table.view["turn"]["to_move"] == "over"
    assert table.message.startswith(
        "The game ends: the pile has too few residents for all four dragons. "
    )
    assert clicks > 20


def test_button_labels_say_what_happens():
    table = worked_example_table()
    table.apply("roll")
    table.apply("roll black blue red red")
    labels = {b["action"]: b["label"] for b in table.view["moves"]["actions"]}
    assert labels == {"place blue": "Place blue (1 die)", "place red": "Place red (2 dice)"}
    table.place("red")
    labels = {b["action"]: b["label"] for b in table.view["moves"]["actions"]}
    assert labels == {"roll": "Roll again (1 die)", "stop": "Stop and take 4 stars"}


def test_silver_buttons_offer_each_empty_dragon():
    table = worked_example_table()
    table.apply("roll")
    table.apply("roll red red silver silver")
    silver = [b for b in table.view["moves"]["actions"] if b["kind"] == "silver"]
    assert [b["target"] for b in silver] == ["yellow", "red", "blue", "purple"]
    assert silver[2] == {
        "action": "place silver on blue",
        "kind": "silver",
        "label": "Silver on blue (2 dice)",
        "short": "Silver on blue",
        "face": "silver",
        "target": "blue",
        "dice": 2,
        "key": "4",
    }
    # the board shows "Silver (2 dice) on:" before the four buttons, each naming its dragon
    assert table.view["board"]["words"]["silver_group"] == "Silver (2 dice) on:"
    assert table.view["board"]["words"]["Colour"]["blue"] == "Blue"
    table.place("silver", on="blue")
    assert table.state.on_dragon[2] == ("silver", "silver")
    assert table.state.phase == "decide"
    assert table.view["board"]["words"]["silver_group"] == ""


def test_silver_with_colour_option_has_its_own_button():
    table = worked_example_table(silver_with_colour=True)
    table.apply("roll")
    table.apply("roll black red red silver")
    labels = {b["action"]: b["label"] for b in table.view["moves"]["actions"]}
    assert labels["place red with silver"] == "Red with silver (3 dice)"
    table.place("red", with_silver=True)
    # all dice are placed: the scare ends and red's resident (the king) is rescued
    assert table.state.rescued[0] == ("king",) and table.state.turns == 1


def test_bot_turn_and_chance_show_no_action_buttons_but_next():
    bot = FirstBot()
    table = DragonBattleTable(seats=("human", bot), seed=1, actions=[])
    assert table.state.current_player() == CHANCE
    assert table.view["moves"]["actions"] == []
    assert table.view["moves"]["next"] == {"label": "Next: refill from pile", "who": "chance"}
    assert table.view["turn"]["to_move"] == "chance"
    table.next()  # one step: the whole refill (set-up) at once
    assert table.state.phase == "start" and len(table.match.lines()) == 4
    table.set_seat(0, bot)
    assert table.view["moves"]["actions"] == []
    assert table.view["moves"]["next"]["who"] == "bot"
    assert table.view["moves"]["next"]["label"] == "Next: Player 1 (bot) moves"
    table.bot_names = True  # the teacher's setting: bots by their names
    assert table.view["moves"]["next"]["label"] == "Next: Player 1 (first bot) moves"


# ----------------------------------------------------------------------------------------------
# the rulebook's worked examples, replayed on the table
# ----------------------------------------------------------------------------------------------
def test_rulebook_examples_on_the_table():
    table = worked_example_table()
    assert [d["resident"] for d in table.view["board"]["observation"]["dragons"]] == [
        "maid",
        "king",
        "knight",
        "page",
    ]
    # First example: black, blue, red, red; red on the red dragon (the king); roll on; yellow.
    table.apply("roll")
    table.apply("roll black blue red red")
    assert table.view["board"]["observation"]["well"] == 1
    assert "The black die goes into the well" in table.message
    table.place("red")
    assert table.view["board"]["meter"] is not None
    table.apply("roll")
    table.apply("roll yellow")
    table.place("yellow")  # the last die: the scare ends and the empty places are refilled
    assert table.state.rescued[0] == ("maid", "king")  # in dragon order
    assert table.message.startswith(
        "Player 1 puts 1 die on the yellow dragon and rescues 2 residents."
    )
    assert "New under the dragons:" in table.message
    assert table.state.phase == "start" and table.state.player == 1
    assert table.state.under[2] == "knight"
    # Second example: yellow, red, silver, silver; silver on blue (the knight); roll on: black, blue.
    table.apply("roll")
    table.apply("roll red silver silver yellow")
    table.place("silver", on="blue")
    table.apply("roll")
    table.apply("roll black blue")
    assert table.state.player == 0 and table.state.jugglers == (0, 1)
    assert table.state.under[2] == "knight"
    message = table.message
    assert message.startswith(
        "Player 2 rolls 2 dice: black, blue. "
        "No die fits, so the scare fails; a juggler (1 star) makes up for it."
    )
    assert table.view["message"]["kind"] == "fail"
    assert table.view["players"][1]["jugglers"] == 1


def test_all_black_failure_and_no_jugglers_left_are_explained():
    table = worked_example_table()
    table.apply("roll")
    table.apply("roll black black black black")
    assert "Only black dice, so the scare fails; a juggler (1 star) makes up for it." in (
        table.message
    )
    # with no jugglers left (option "nothing"): no consolation
    match = table.match
    for _ in range(7):
        match.apply("roll")
        match.apply("roll black black black black")
    assert match.state.jugglers_left == 0
    table = DragonBattleTable.from_match(match, seats=HH)
    table.apply("roll")
    table.apply("roll black black black black")
    assert "Only black dice, so the scare fails; no juggler is left." in table.message


# ----------------------------------------------------------------------------------------------
# refusals: explained, and the state is unchanged
# ----------------------------------------------------------------------------------------------
def test_illegal_calls_explain_the_rule_and_change_nothing():
    table = worked_example_table()
    table.apply("roll")
    table.apply("roll red red silver yellow")
    table.place("red")
    table.apply("roll")
    table.apply("roll purple red")  # red again: its dragon already holds dice
    before = snapshot(table)
    version = table.view["version"]
    with pytest.raises(IllegalActionError, match="red dragon already holds dice"):
        table.place("red")
    assert snapshot(table) == before
    assert table.view["version"] == version + 1
    assert table.view["message"]["kind"] == "error"
    # the screen says the rule as one sentence of its own; the move's code and the list of
    # legal moves stay in the error Python raises (for the teacher)
    assert table.message == "The red dragon already holds dice; dice go only on an empty dragon."
    with pytest.raises(IllegalActionError, match="Legal now: place purple"):
        table.place("red")
    with pytest.raises(IllegalActionError, match="set aside one colour"):
        table.stop()
    with pytest.raises(IllegalActionError, match="first set aside one colour"):
        table.roll()
    assert snapshot(table) == before
    table.place("purple")  # the legal move still works afterwards
    assert table.state.on_dragon[3] == ("purple",)


UNKNOWN_MOVE = "The table does not know that move. Choose one of the moves shown."


@pytest.mark.parametrize(
    ("call", "error", "text", "shown"),
    [
        (lambda t: t.place("green"), ValueError, "unknown colour 'green'", None),
        (lambda t: t.place("silver"), ValueError, "silver dice go on an empty dragon", None),
        (
            lambda t: t.place("silver", on="gold"),
            ValueError,
            "silver dice go on an empty dragon",
            None,
        ),
        (lambda t: t.place("red", on="blue"), ValueError, "on= is only for silver", None),
        (lambda t: t.act("dance"), InvalidActionError, "not a Dragon Battle action", UNKNOWN_MOVE),
        (lambda t: t.act(42), InvalidActionError, "must be a string", UNKNOWN_MOVE),
        (
            lambda t: t.apply("roll purple purple"),
            IllegalActionError,
            "results come from the dice",
            "Dice results come from the dice, not from a player's decision.",
        ),
        (
            lambda t: t.apply("draw king"),
            IllegalActionError,
            "not allowed",
            "Residents are drawn only to fill an empty place under a dragon.",
        ),
        (lambda t: t.stop(), IllegalActionError, "cannot stop before", None),
        (
            lambda t: t.next(),
            IllegalActionError,
            "nothing to step: it is Player 1's decision",
            None,
        ),
        (lambda t: t.undo(), IllegalActionError, "Nothing to undo", None),
        (lambda t: t.new_game(seed=-3), ValueError, "seed must be", None),
        (lambda t: t.load_code("hello"), SavedGameError, "starts with 'KAS1-'", None),
        (lambda t: t.load_code("KAS1-abc"), SavedGameError, "damaged", None),
        (lambda t: t.set_seat(2, "human"), ValueError, "player must be a seat from 0 to 1", None),
        (lambda t: t.set_seat(1, "nobody"), ValueError, "unknown seat 'nobody'", None),
    ],
)
def test_bad_calls_raise_and_leave_the_state(call, error, text, shown):
    """Python gets the full error; the screen says it in words (a move's refusal never quotes
    the move or lists the legal ones)."""
    table = worked_example_table()
    before = snapshot(table)
    with pytest.raises(error, match=text):
        call(table)
    assert snapshot(table) == before
    assert table.view["message"]["kind"] == "error"
    if shown is None:
        assert text.lower() in table.message.lower()
    else:
        assert table.message == shown


def test_humans_cannot_move_for_bots_or_for_chance_or_after_the_end():
    table = DragonBattleTable(seats=("human", FirstBot()), seed=3)
    table.roll()
    while table.state.player == 0 and table.state.phase != "start":
        table.act(table.view["moves"]["actions"][0]["action"])
    assert table.state.player == 1
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="Not now: Player 2 \\(bot\\) plays"):
        table.roll()
    assert snapshot(table) == before
    table.apply("roll")  # a demonstration may move for anyone
    with pytest.raises(IllegalActionError, match="must be rolled first"):
        table.place("red")
    table.run_bots()
    assert table.state.player == 0 and table.state.phase == "start"
    over = DragonBattleTable(seats=HH, seed=5)
    while over.state.phase != "over":
        over.act(over.view["moves"]["actions"][-1]["action"])
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.roll()
    with pytest.raises(IllegalActionError, match="game is over"):
        over.next()


def test_browser_messages_never_raise_and_stale_clicks_are_ignored():
    table = worked_example_table()
    version = table.view["version"]
    click(table, type="action", action="stop")  # illegal: explained, no exception
    assert table.view["version"] == version + 1
    assert table.view["message"]["kind"] == "error"
    before = snapshot(table)
    version = table.view["version"]
    click(table, type="action", action="roll", version=version - 1)  # a click on an old table
    assert snapshot(table) == before and table.view["version"] == version
    click(table, type="no such thing")
    click(table, type="action", action=None)
    assert snapshot(table) == before
    click(table, type="action", action="roll")
    assert table.state.phase in ("place", "start")
    assert len(table.match.lines()) == 6


# ----------------------------------------------------------------------------------------------
# bots, step by step
# ----------------------------------------------------------------------------------------------
def _kinds(actions):
    return [
        "draw" if a.startswith("draw") else "dice" if a.startswith("roll ") else a for a in actions
    ]


def test_bots_move_one_visible_step_at_a_time():
    bot = FirstBot()
    table = DragonBattleTable(seats=("human", bot), seed=8)
    table.roll()
    while table.state.player == 0 and table.state.phase != "start":
        table.act(table.view["moves"]["actions"][0]["action"])
    steps = []
    while table.state.player == 1 and table.state.phase != "over":
        assert table.view["moves"]["next"] is not None and table.view["moves"]["actions"] == []
        lines = len(table.match.lines())
        version = table.view["version"]
        click(table, type="next")
        assert table.view["version"] == version + 1
        new = _kinds(table.match.lines()[lines:])
        steps.append(new)
        # one bot decision (a scare it ends brings the refill), or one roll of the dice
        assert new in (["roll"], ["dice"], ["stop"], ["stop", *["draw"] * (len(new) - 1)]) or (
            new[0].startswith("place") and set(new[1:]) <= {"draw"}
        ), new
    assert steps[0] == ["roll"] and steps[1] == ["dice"]
    assert bot.calls == sum(1 for s in steps if s[0] not in ("dice", "draw"))
    assert table.view["turn"]["to_move"] in ("human", "over")


def test_run_bots_stops_when_a_human_must_decide_and_is_deterministic():
    def play(seed):
        table = DragonBattleTable(seats=(FirstBot(), "human", FirstBot()), players=3, seed=seed)
        table.run_bots()
        assert table.state.player == 1 and table.state.phase == "start"
        table.run_bots()  # nothing to do: no error, no change
        return table.match.lines()

    assert play(21) == play(21)
    assert play(21) != play(22)


def test_a_bot_choosing_an_illegal_action_is_reported_and_changes_nothing():
    class BadBot(FirstBot):
        name = "bad"

        def choose(self, state, rng):
            return kaskaria.Action("stop")  # never legal at the start of a scare

    table = DragonBattleTable(seats=(BadBot(), "human"), seed=1)
    before = snapshot(table)
    with pytest.raises(
        RuntimeError, match="the bad bot chose a move that is not legal here"
    ) as err:
        table.next()
    assert "stop" not in str(err.value)  # a bot's choice could name its hidden cards
    assert snapshot(table) == before and table.view["message"]["kind"] == "error"
    click(table, type="next")  # from the browser: explained, not raised
    assert snapshot(table) == before and "not legal" in table.message


def test_bot_only_table_plays_to_the_end_by_run_bots():
    table = DragonBattleTable(seats=(FirstBot(), FirstBot()), seed=2)
    table.run_bots()
    assert table.state.phase == "over"
    # at the end the message is the end alone (what led to it is in what just happened)
    # (why it is over first: whose turn says "The game is over", the results' headline not again)
    assert table.message.startswith(
        "The game ends: the pile has too few residents for all four dragons. "
    )
    assert "steps played" not in table.message
    assert table.message == table.view["result"]["headline"]
    assert table.view["moves"]["next"] is None


@pytest.fixture(scope="module")
def bots_module():
    from kaskaria.dragon_battle import bots

    return bots


def test_named_bots_sit_at_the_table(bots_module):
    assert "optimal" in bots_module.BOT_NAMES
    by_name = []
    for name in bots_module.BOT_NAMES:
        try:
            bots_module.make_bot(name)
        except ValueError:
            with pytest.raises(ValueError, match=f"the '{name}' bot needs parameters"):
                DragonBattleTable(seats=("human", name))
            continue
        by_name.append(name)
    threshold = bots_module.make_bot("threshold", risk=Fraction(1, 4))
    for seat in [*by_name, threshold]:
        table = DragonBattleTable(seats=(seat, seat), seed=6)
        # a child reads the difficulty (or "bot"); the teacher may show the bot's name
        shown = table.view["players"][0]["bot"]
        word = {"cautious": "easy bot", "rule": "medium bot", "optimal": "hard bot"}
        assert shown == word.get(seat, "bot") if isinstance(seat, str) else shown == "bot"
        assert f"({shown})" in table.view["players"][0]["name"]
        table.bot_names = True
        name = table.view["players"][0]["bot"]
        assert name == (seat if isinstance(seat, str) else seat.label)  # e.g. threshold(1/4)
        assert f"({name} bot)" in table.view["players"][0]["name"]
        table.run_bots()
        assert table.state.phase == "over", seat
        again = DragonBattleTable(seats=(seat, seat), seed=6)
        again.run_bots()
        assert again.match.lines() == table.match.lines(), seat
    assert DragonBattleTable(seats=("human", threshold)).seats == (
        "human",
        "threshold(risk=1/4)",
    )
    assert DragonBattleTable(seed=1).seats == ("human", "optimal")
    # a seat menu offers a person and the three difficulties; with the teacher's setting, also
    # every bot by its name
    table = DragonBattleTable(seed=1)
    menu = table.view["settings"]["seat_menu"]
    assert [c["value"] for c in menu] == ["human", "easy", "medium", "hard"]
    assert [c["label"] for c in menu] == ["a person", "an easy bot", "a medium bot", "a hard bot"]
    table.bot_names = True
    presets = ["threshold(1/10)", "threshold(1/4)", "threshold(1/2)"]
    at = by_name.index("all-in") + 1  # the threshold bot is offered with three risk appetites
    choices = ["human", "easy", "medium", "hard", *by_name[:at], *presets, *by_name[at:]]
    assert [c["value"] for c in table.view["settings"]["seat_menu"]] == choices


def test_seat_can_be_changed_from_the_browser(bots_module):
    table = DragonBattleTable(seats=HH, seed=1)
    click(table, type="seat", player=1, seat="optimal")  # a bot's name: only for the teacher
    assert table.seats == HH and "did not understand a message" in table.message
    click(table, type="seat", player=1, seat="hard")
    assert table.seats == ("human", "hard")
    assert "Player 2 is now played by the hard bot" in table.message
    # two players, basic rules: "hard" is the bot that plays to win (kaskaria.STRONG_AT_TABLES)
    assert table.session.bots[1].name == "win"
    click(table, type="seat", player=1, seat="human")
    table.bot_names = True
    click(table, type="seat", player=1, seat="optimal")
    assert table.seats == ("human", "optimal")
    assert "Player 2 is now played by the optimal" in table.message
    click(table, type="seat", player=1, seat="human")
    assert table.seats == HH
    click(table, type="seat", player=1, seat="threshold(1/2)")  # a preset of the seat menu
    assert table.seats == ("human", "threshold(1/2)")
    assert table.view["players"][1]["bot"] == "threshold(1/2)"
    assert repr(table.session.bots[1]) == "make_bot('threshold', risk=Fraction(1, 2))"
    click(table, type="seat", player=1, seat="threshold(3/2)")  # not in the menu: refused
    assert table.seats == ("human", "threshold(1/2)")
    assert "did not understand a message from the screen" in table.message
    with pytest.raises(ValueError, match="risk must be a number from 0 to 1, got"):
        table.set_seat(1, "threshold(3/2)")  # Python may seat any bot; this one has no such risk
    assert table.seats == ("human", "threshold(1/2)")
    assert "risk must be a number from 0 to 1, got 3/2" in table.message


# ----------------------------------------------------------------------------------------------
# the meter
# ----------------------------------------------------------------------------------------------
def test_meter_values_are_the_solvers():
    from kaskaria.dragon_battle.odds import advise

    seen = 0
    for seed in range(6):
        table = DragonBattleTable(seats=HH, seed=seed)
        rng = np.random.default_rng(seed)
        while table.state.phase != "over" and seen < 60:
            state = table.state
            meter = table.view["board"]["meter"]
            if state.phase != "decide":
                assert meter is None
            else:
                seen += 1
                advice = advise(state)
                roll = advice.choice("roll")
                assert Fraction(meter["next_roll_fail"]["exact"]) == advice.next_roll_fail
                assert Fraction(meter["roll_stars"]["exact"]) == roll.expected_stars
                assert Fraction(meter["roll_fail"]["exact"]) == roll.fail_chance
                assert Fraction(meter["stop_stars"]["exact"]) == advice.stop_value
                assert meter["next_roll_fail"]["value"] == float(advice.next_roll_fail)
                assert meter["best"] == str(advice.best)
                assert meter["dice"] == state.hand
            actions = table.view["moves"]["actions"]
            table.act(actions[int(rng.integers(len(actions)))]["action"])
    assert seen >= 20


def test_meter_can_be_hidden_for_no_help():
    table = worked_example_table(help=False)
    table.apply("roll")
    table.apply("roll black blue red red")
    table.place("red")
    assert table.view["board"]["meter"] is None and table.view["board"]["help"] is False
    click(table, type="help", on=True)
    assert table.help is True and table.view["board"]["meter"] is not None
    table.help = False
    assert table.view["board"]["meter"] is None
    with pytest.raises(TypeError, match="help must be True or False"):
        table.help = "no"


# ----------------------------------------------------------------------------------------------
# undo
# ----------------------------------------------------------------------------------------------
def test_undo_takes_back_a_placement_but_never_dice():
    table = worked_example_table()
    table.roll()
    while table.state.phase != "place":  # a roll that fails at once passes the turn; roll on
        table.roll()
    assert table.view["moves"]["undo"]["enabled"] is False
    # one short line that fits under the button: what chance did, never its result
    assert table.view["moves"]["undo"]["reason"] == "The dice have rolled: this stays."
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="The dice have rolled: this stays."):
        table.undo()
    table.lang = "de"
    assert table.view["moves"]["undo"]["reason"] == "Die Würfel sind gefallen: das bleibt."
    table.lang = "en"
    assert snapshot(table) == before
    rolled = table.state.rolled
    placement = table.view["moves"]["actions"][0]["action"]
    table.act(placement)
    assert table.state.phase == "decide"  # seed 1: a placement leaves dice in hand
    taken = table.match.states[-2].action_text(table.match.actions[-1], 0, "en")
    assert taken.startswith("you put ") and placement not in taken  # words, not the code
    assert table.view["moves"]["undo"] == {
        "shown": True,
        "enabled": True,
        "label": f"Take back: {taken}",
        "reason": "",
    }
    click(table, type="undo")
    assert table.state.phase == "place" and table.state.rolled == rolled
    assert snapshot(table)[0] == before[0]
    assert table.message.startswith(f"Taken back: “{taken}”.")


def test_undo_is_refused_after_draws_and_after_a_bot_move():
    table = worked_example_table()
    table.apply("roll")
    table.apply("roll black blue red red")
    table.place("red")
    table.stop()  # rescues the king; a new resident is drawn at once
    with pytest.raises(IllegalActionError, match="New residents were drawn: this stays."):
        table.undo()
    bot_table = DragonBattleTable(seats=("human", FirstBot()), seed=1)
    bot_table.set_seat(0, FirstBot())
    bot_table.next()  # the bot's decision "roll"
    assert bot_table.match.lines()[-1] == "roll"
    with pytest.raises(
        IllegalActionError,
        match="^Only your own moves can be taken back.$",
    ):
        bot_table.undo()


def test_after_the_childs_stop_undo_says_the_turn_is_over():
    """The child's stop drew new residents and the bot is to move: the screen says the child's
    turn is over (not that only the child's own moves come back: the stop was the child's own),
    nor what chance drew; once the bot has moved, that only the child's own moves come back. The
    child's move stays either way."""
    table = DragonBattleTable(
        seats=("human", FirstBot()),
        seed=1,
        actions=["draw maid", "draw king", "draw knight", "draw page"],
    )
    table.apply("roll")
    table.apply("roll black blue red red")
    table.place("red")
    table.stop()  # a new resident is drawn at once; then it is the bot's turn
    assert table.match.lines()[-2] == "stop" and table.state.current_player() == 1
    playing = "Your turn is over: you cannot take it back."
    assert table.view["moves"]["undo"]["reason"] == playing
    before = table.match.lines()
    with pytest.raises(IllegalActionError, match=re.escape(playing)):
        table.undo()
    assert table.match.lines() == before
    table.lang = "de"
    assert table.view["moves"]["undo"]["reason"] == (
        "Dein Zug ist vorbei: Du kannst ihn nicht zurücknehmen."
    )
    table.lang = "en"
    table.next()  # the bot rolls
    assert table.match.lines()[-1] == "roll"
    # one short sentence: what just happened already says who moved
    assert table.view["moves"]["undo"]["reason"] == "Only your own moves can be taken back."
    table.lang = "de"
    assert table.view["moves"]["undo"]["reason"] == (
        "Nur deine eigenen Züge kannst du zurücknehmen."
    )


def test_undo_works_for_demonstrations_too():
    table = worked_example_table()
    table.apply("roll")
    assert table.view["moves"]["undo"]["enabled"] is True
    table.undo()
    assert table.state.phase == "start" and len(table.match.lines()) == 4


# ----------------------------------------------------------------------------------------------
# new game, scenario codes, constructing from a match
# ----------------------------------------------------------------------------------------------
def test_new_game_with_a_seed_is_that_game():
    table = DragonBattleTable(seats=HH, seed=1)
    table.roll()
    click(table, type="new", seed=9)
    assert table.seed == 9
    assert table.match.lines() == DragonBattleTable(seats=HH, seed=9).match.lines()
    assert table.view["log"]["entries"][-1]["n"] == 4
    table.new_game()  # a fresh seed
    assert isinstance(table.seed, int) and table.state.phase == "start"


def test_scenario_code_reaches_the_same_position():
    table = worked_example_table()
    table.apply("roll")
    table.apply("roll black blue red red")
    table.place("red")
    shown = table.code  # the code on screen: no seed while the game runs, so not replayable
    assert shown.startswith("KAS1-") and table.view["info"]["code"] == shown
    assert kaskaria.match.read_code(shown).lines == tuple(table.match.lines())
    with pytest.raises(SavedGameError, match="cannot be replayed"):
        DragonBattleTable.from_code(shown, seats=HH)
    code = table.full_code  # the teacher's code, from Python
    other = DragonBattleTable.from_code(code, seats=HH)
    assert other.match.lines() == table.match.lines()
    assert other.state == table.state and other.seed == table.seed
    assert repr(other) == repr(table)
    third = DragonBattleTable(seats=HH, seed=99)
    click(third, type="code", code=code)
    assert third.state == table.state
    assert "A game loaded: 7 moves so far." in third.message and "seed" not in third.message


def test_loading_a_code_for_more_players_adds_human_seats():
    match = Match(kaskaria.load("dragon-battle", players=3), seed=4)
    match.resolve_chance()
    table = DragonBattleTable(seats=("human", FirstBot()), seed=1)
    table.load_code(match.to_code())
    assert table.seats == ("human", "first", "human")
    assert len(table.view["players"]) == 3


def test_from_match_copies_and_waits_for_pending_chance():
    match = Match(kaskaria.load("dragon-battle"), seed=3)
    match.resolve_chance()
    match.apply("roll")
    table = DragonBattleTable.from_match(match, seats=HH)
    assert table.state.current_player() == CHANCE
    assert table.view["moves"]["next"]["label"] == "Next: roll the dice"
    assert "the 4 dice must be rolled" in table.message
    table.next()
    assert table.state.current_player() != CHANCE
    assert len(match.lines()) == 5  # the caller's match is untouched
    expected = match.copy()
    expected.resolve_chance()
    assert table.match.lines()[:6] == expected.lines()[:6]
    with pytest.raises(TypeError, match="kaskaria.Match"):
        DragonBattleTable.from_match("match")


def test_table_from_action_lines_replays_them_exactly():
    lines = [
        "draw maid",
        "draw king",
        "draw knight",
        "draw page",
        "roll",
        "roll black blue red red",
    ]
    table = DragonBattleTable(seats=HH, seed=1, actions=lines)
    assert table.match.lines() == lines
    with pytest.raises(IllegalActionError, match="action 2"):
        DragonBattleTable(seats=HH, actions=["draw maid", "roll"])


# ----------------------------------------------------------------------------------------------
# the log, the memory variant, autoplay
# ----------------------------------------------------------------------------------------------
def test_log_says_who_did_what():
    table = worked_example_table()
    table.apply("roll")
    table.apply("roll black blue red red")
    table.place("red")
    assert table.log[-3:] == [
        "Player 1: roll",
        "Dice: roll black blue red red",
        "Player 1: place red",
    ]
    # the screen's log: sentences, the latest first asked for (all 7 here)
    entries = table.view["log"]["entries"]
    assert entries[0] == {
        "n": 1,
        "who": "Pile",
        "text": "Maid (2 stars) under the yellow dragon.",
        "chance": True,  # the browser tells chance from decisions by this, never by the words
    }
    assert entries[4] == {"n": 5, "who": "Player 1", "text": "You roll 4 dice.", "chance": False}
    assert entries[5]["text"] == "The dice show black blue red red." and entries[5]["chance"]
    assert entries[6]["text"] == "You put 2 dice on the red dragon."  # the viewer's own
    table.undo()
    assert table.log[-1] == "Dice: roll black blue red red"
    assert len(table.view["log"]["entries"]) == 6


def test_memory_variant_hides_face_down_residents_everywhere():
    table = DragonBattleTable(seats=HH, variant="memory", seed=7)
    names = [n for n in table.state.under]
    assert all(
        d["resident"] for d in table.view["board"]["observation"]["dragons"]
    )  # shown at first
    table.roll()
    view = table.view
    assert all(d["face_down"] for d in view["board"]["observation"]["dragons"])
    # everything synced to the browser, the scenario code unpacked too
    code = view["info"]["code"]
    unpacked = zlib.decompress(base64.urlsafe_b64decode(code[5:] + "=" * (-len(code[5:]) % 4)))
    shown = json.dumps(view) + unpacked.decode()
    for name in names:
        assert name not in shown, name
    assert view["info"]["seed"] is None  # the seed would let anyone replay the draws
    assert all(e["text"].startswith("A resident, face down") for e in view["log"]["entries"][:4])
    assert not any(name in view["status"] for name in names)
    assert (
        "Yellow dragon: face down. Red dragon: face down. Blue dragon: face down. "
        "Purple dragon: face down." in table.session.presenter.status(table.state, table.viewer)
    )
    assert table.log[:4] == ["Pile: draw ?"] * 4  # the Python log hides them too
    assert "\n".join(table.log).count("draw ?") == 4
    assert table.match.lines()[:4] == [f"draw {n}" for n in names]  # the full record


def test_autoplay_setting_is_synced_and_validated():
    table = DragonBattleTable(seats=HH, seed=1)
    assert table.autoplay is None and table.view["settings"]["autoplay_ms"] is None
    click(table, type="autoplay", delay=0.8)
    assert table.autoplay == 0.8 and table.view["settings"]["autoplay_ms"] == 800
    click(table, type="autoplay", delay=None)
    assert table.autoplay is None
    table.autoplay = 1.5
    assert table.view["settings"]["autoplay_ms"] == 1500
    with pytest.raises(ValueError, match="autoplay delay"):
        table.autoplay = 0.001
    with pytest.raises(TypeError, match="delay in seconds"):
        table.autoplay = "fast"
    assert DragonBattleTable(seats=HH, autoplay=0.4).view["settings"]["autoplay_ms"] == 400


def test_view_is_plain_json():
    table = DragonBattleTable(seats=HH, seed=1)
    table.roll()
    assert json.loads(json.dumps(table.view)) == table.view


# ----------------------------------------------------------------------------------------------
# the browser half, in a real Chromium with a stand-in for the Jupyter model (no JupyterLab)
# ----------------------------------------------------------------------------------------------
_READ_DOM = """() => {
  const root = document.querySelector('.kaskaria-db');
  return {
    version: root.getAttribute('data-version'),
    phase: root.getAttribute('data-phase'),
    player: root.getAttribute('data-player'),
    status: root.querySelector('.kaskaria-db-status').textContent,
    message: root.querySelector('.kaskaria-db-message').textContent,
    actions: [...root.querySelectorAll('button.kaskaria-db-action')].map((b) => b.dataset.action),
    disabled: [...root.querySelectorAll('button.kaskaria-db-action')].some((b) => b.disabled),
    buttons: [...root.querySelectorAll('button')].length,
    controls: [...root.querySelectorAll('[data-key]')].map((e) => e.tagName),
    next: root.querySelector('button.kaskaria-db-next').disabled,
    undo: root.querySelector('button.kaskaria-db-undo').disabled,
    help: root.querySelector('button.kaskaria-db-help').getAttribute('aria-pressed'),
    autoplay: root.querySelector('button.kaskaria-db-autoplay').getAttribute('aria-pressed'),
    new: root.querySelectorAll('button.kaskaria-db-new').length,
    meter: root.querySelector('.kaskaria-db-meter').getAttribute('data-shown'),
    log: root.querySelectorAll('.kaskaria-db-log li').length,
    dragonArt: [...root.querySelectorAll('.kaskaria-db-dragon .kaskaria-db-badge svg.kt-dragon-art')]
      .map((b) => [...b.classList].find((c) => c.startsWith('kt-dragon-') && c !== 'kt-dragon-art')),
    dice: [...root.querySelectorAll('.kaskaria-db-die')]
      .filter((d) => !d.classList.contains('kaskaria-db-in-hand'))
      .map((d) => [d.getAttribute('data-face'),
                   [...(d.querySelector('svg.kt-die-art')?.classList || [])].join(' '),
                   d.getAttribute('aria-label'),
                   d.getAttribute('data-move') && root.querySelector(
                     `button.kt-action[data-action="${d.getAttribute('data-move')}"]`)?.getAttribute('aria-label')]),
  };
}"""


@pytest.mark.browser
def test_js_draws_exactly_the_view_and_reports_clicks(browser):
    table = DragonBattleTable(seats=HH, seed=1)
    widget = WidgetPage(browser, table)
    page, watch, relay = widget.page, widget.watch, widget.relay
    try:

        def check():
            dom = page.evaluate(_READ_DOM)
            state = table.state
            assert dom["version"] == str(table.view["version"])
            assert (dom["phase"], dom["player"]) == (state.phase, str(state.player))
            assert dom["status"] == table.view["status"]
            # the prompt (what happened is in the summary above it)
            assert dom["message"] == table.view["message"]["prompt"]
            assert table.message.endswith(dom["message"])
            assert sorted(dom["actions"]) == legal(table) and not dom["disabled"]
            assert dom["next"] is (table.view["moves"]["next"] is None)
            assert dom["undo"] is (not table.view["moves"]["undo"]["enabled"])
            assert dom["meter"] == ("true" if table.view["board"]["meter"] else "false")
            assert dom["log"] == min(len(table.match.lines()), LOG_TAIL)
            # each dragon card is drawn with its dragon, each die with its face and its mark
            assert dom["dragonArt"] == [
                "kt-dragon-yellow",
                "kt-dragon-red",
                "kt-dragon-blue",
                "kt-dragon-purple",
            ]
            for face, drawn, label, move_label in dom["dice"]:
                assert f"kt-face-{face}" in drawn.split(), (face, drawn)
                assert any(
                    c.startswith("kt-mark-") and c != "kt-mark-unknown" for c in drawn.split()
                )
                # a die is named by its colour; a die that is a move, by that move (its button's name)
                assert label == (move_label or table.view["board"]["words"]["die"][face]), (
                    label,
                    move_label,
                )
            assert dom["new"] == 1
            assert set(dom["controls"]) <= {"BUTTON", "SELECT", "INPUT"}  # real controls
            return dom

        check()
        decisions = 0
        rng = np.random.default_rng(0)
        while decisions < 25 and table.state.phase != "over":
            actions = table.view["moves"]["actions"]
            choice = actions[int(rng.integers(len(actions)))]["action"]
            button = page.locator(f'button.kaskaria-db-action[data-action="{choice}"]')
            if decisions % 2:
                button.focus()
                page.keyboard.press("Enter")  # a real button: the keyboard works
            else:
                button.click()
            sent = relay()
            assert sent == [
                {"type": "action", "action": choice, "version": table.view["version"] - 1}
            ]
            check()
            decisions += 1
        # the other controls send their messages too
        page.locator("button.kaskaria-db-help").click()
        assert relay()[0]["type"] == "help" and table.help is False
        assert check()["help"] == "false"
        page.locator("button.kaskaria-db-autoplay").click()
        assert relay()[0] == {
            "type": "autoplay",
            "delay": 2.0,  # the table's pace ("normal")
            "version": table.view["version"] - 1,
        }
        assert check()["autoplay"] == "true" and table.autoplay == 2.0
        page.locator("button.kaskaria-db-autoplay").click()
        relay()
        page.locator("button.kt-tab-settings").click()  # the new game is in the settings
        page.locator("input.kaskaria-db-seed").fill("12")
        page.locator("button.kaskaria-db-new").click()
        assert relay()[0]["seed"] == 12 and table.seed == 12
        check()
        assert watch.errors() == []
    finally:
        widget.close()


@pytest.mark.browser
def test_js_autoplay_sends_one_tick_per_step_only_while_bots_move(browser):
    """The browser's timer wakes the table when its clock part says a step is due; Python makes
    the step by its own clock."""
    table = DragonBattleTable(seats=(FirstBot(), "human"), seed=4, autoplay=0.05)
    widget = WidgetPage(browser, table)
    page = widget.page
    try:
        steps = 0
        while table.state.player == 0:
            page.wait_for_function("window.__sent.length > 0", timeout=5_000)
            page.wait_for_timeout(120)  # time for a second (wrong) timer to fire, if any
            lines = len(table.match.lines())
            sent = widget.relay()
            assert [m["type"] for m in sent] == ["tick"], sent
            assert len(table.match.lines()) > lines
            steps += 1
        assert steps >= 2 and table.state.phase == "start"
        page.wait_for_timeout(300)  # a person decides now: autoplay must wait
        assert page.evaluate("() => window.__sent.length") == 0
        assert widget.watch.errors() == []
    finally:
        widget.close()
