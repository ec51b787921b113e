"""The Heroes of Kaskaria table widget, driven from Python without a browser.

The browser half only draws ``table.view`` and sends messages; these tests drive the same paths:
the Python methods, and the browser's messages through the widget's own message handler.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

import kaskaria
from kaskaria import IllegalActionError, InvalidActionError
from kaskaria.heroes import card_word, odds
from kaskaria.widgets import HeroesTable, _static

HH = ("human", "human")


def click(table, **content):
    """Send a message exactly as the browser does."""
    content.setdefault("version", table.view["version"])
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def buttons(table):
    return sorted(b["action"] for b in table.view["moves"]["actions"])


def legal(table):
    return sorted(str(a) for a in table.state.legal_actions())


# ----------------------------------------------------------------------------------------------
# packaging
# ----------------------------------------------------------------------------------------------
def test_import_kaskaria_heroes_does_not_import_the_widget_stack_or_the_heavy_parts():
    code = (
        "import sys, kaskaria\n"
        "g = kaskaria.load('heroes', players=3)\n"
        "s = g.new_state()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('anywidget', 'traitlets', 'ipywidgets', 'IPython', 'matplotlib') or "
        "m.startswith('kaskaria.widgets') or m in ('kaskaria.heroes.odds', "
        "'kaskaria.heroes.bots', 'kaskaria.heroes.present'))\n"
        "print(bad, 'kaskaria.heroes.engine' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] True"


def _selectors(group: str) -> list[str]:
    """The selectors of a rule's selector list: split at its commas outside brackets
    (":is(a, b)" is one selector)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(group):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(group[start:i])
            start = i + 1
    return [*out, group[start:]]


def test_the_module_and_styles_are_joined_and_scoped():
    js = _static.static_path("heroes.js").read_text(encoding="utf-8")
    shell = "\n".join(_static.static_text(n) for n in _static.SHELL)  # joined in its order
    assert HeroesTable._esm == js + "\n" + shell
    css = _static.static_path("heroes.css").read_text(encoding="utf-8")
    assert HeroesTable._css.endswith(css)
    assert "const BOARD = {" in js
    assert not re.search(r"^\s*(import|export)\b", js, re.M)
    rules = re.findall(r"([^{}]+)\{", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    for group in rules:
        if group.strip().startswith(("@container", "@media")):
            continue  # a size query around scoped rules (the rules inside are checked)
        for selector in _selectors(group):
            assert selector.strip().startswith(".kaskaria-hk"), selector
    assert "@import" not in css and "url(" not in css


def test_the_styles_say_the_read_out_only_words_and_the_row_of_drawings_once():
    """The declarations that leave a word to screen readers alone (not drawn) are written once,
    each screen's rule turning them on, and the condition of the short screen's row of drawings
    (under a hint's answer, or beside three sets or more) once, its rules nested in it."""
    css = re.sub(r"/\*.*?\*/", "", _static.static_text("heroes.css"), flags=re.S)
    assert css.count("clip:") == 1 and css.count("position: var(--hk-said) absolute") == 1
    assert css.count("--hk-said: ;") >= 7  # each screen's words read out only
    assert css.count(":has(.kt-advice-text)") == 1


def test_the_package_exports_the_table():
    import kaskaria.widgets as widgets

    assert "HeroesTable" in widgets.__all__ and widgets.HeroesTable is HeroesTable
    assert HeroesTable.game_name == "heroes" and HeroesTable.default_bot == "planner"


# ----------------------------------------------------------------------------------------------
# playing by clicks
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["basic", "brave"])
def test_a_whole_game_by_clicks_offers_exactly_the_legal_buttons(variant):
    table = HeroesTable(seats=HH, variant=variant, seed=4)
    rng = np.random.default_rng(1)
    passes = moves = 0
    while table.state.phase != "over":
        assert moves < 1000
        if table.passing:
            assert table.view["moves"]["actions"] == [] and table.view["passing"] is not None
            click(table, type="pass")
            passes += 1
            continue
        assert table.viewer == table.state.current_player()
        assert buttons(table) == legal(table)
        # whose turn, then what the screen can do now in the message's own words
        assert table.view["status"].startswith(f"Player {table.state.player + 1}'s turn. ")
        assert table.view["message"]["prompt"] in table.view["status"]
        labels = [b["label"] for b in table.view["moves"]["actions"]]
        assert len(set(labels)) == len(labels)  # every button says something different
        # a move picked among the legal ones, whatever the buttons' order on screen
        choice = legal(table)[int(rng.integers(len(table.view["moves"]["actions"])))]
        click(table, type="action", action=choice)
        moves += 1
    assert table.view["turn"]["to_move"] == "over" and table.view["moves"]["actions"] == []
    assert passes >= moves // 2
    # the end in one short sentence, who won: each seat's gold and its parts are in the results
    end = table.message.split(". ")[-1]
    # (a tie of gold is won by the amulet, and says so)
    assert " win" in end and "(" not in end, end
    assert "gold" in end or end.endswith("the tie: the amulet decides."), end
    assert len(end.split()) <= 15, end


def test_the_button_methods():
    table = HeroesTable(
        seats=HH,
        seed=1,
        actions=[
            *_deal(
                [
                    ["blue griffin", "blue gold", "blue gold", "blue plus2", "red runner"],
                    [
                        "orange runner",
                        "orange runner",
                        "orange gold",
                        "green griffin",
                        "yellow gold",
                    ],
                ],
                ["purple gold", "white runner", "black griffin"],
            )
        ],
    )
    table.pass_device()
    table.play("blue", "griffin", "plus2")
    assert table.state.phase == "choose"
    table.plus2(0)  # display place 1: Python counts from 0
    table.plus2("pile")
    assert table.state.current_player() == 1
    table.pass_device()
    table.play("orange runner runner")
    table.pass_device()
    table.take(2)  # display place 3
    table.pass_device()
    table.draw()
    assert table.state.turns == 4
    table.pass_device()
    before = table.match.lines()
    for call, error, text in [
        (lambda: table.take(3), ValueError, "counts from 0 in Python: a whole number from 0 to 2"),
        (lambda: table.take(-1), ValueError, "a whole number from 0 to 2, got -1"),
        (lambda: table.take("1"), ValueError, "a display place counts from 0"),
        (lambda: table.plus2("hand"), ValueError, "a display place counts from 0"),
        (lambda: table.plus2(0), IllegalActionError, "only right after its set is played"),
        (lambda: table.play("blue", 3), TypeError, "play takes the colour and the motifs as text"),
        (lambda: table.play("blue", "dragon"), InvalidActionError, "'dragon' is not a motif"),
        (lambda: table.play("green", "gold"), IllegalActionError, "at least 2 cards"),
        (lambda: table.pass_turn(), IllegalActionError, "you must draw a card or play a set"),
        (lambda: table.act("x" * 10_000), InvalidActionError, "too long"),
    ]:
        with pytest.raises(error, match=text):
            call()
        assert table.match.lines() == before
        assert table.view["message"]["kind"] == "error"
        assert len(table.view["message"]["text"]) <= 600


MIA = ["blue griffin", "blue gold", "blue gold", "blue plus2", "red runner"]
PETER = ["orange runner", "orange runner", "orange gold", "green griffin", "yellow gold"]
DISPLAY = ["purple gold", "white runner", "black griffin"]


def test_the_status_line_names_players_and_what_lies_open():
    """The line under the table says in short sentences whose turn it is, what the screen can do
    now and everyone's gold (the screen's own "you", its hand's size); the table's repr says in
    sentences what the board shows, players counted from 1, from the viewer's observation: hand
    sizes, never a hand's cards, and the waterfall's possible places, never its place."""
    table = HeroesTable(seats=HH, seed=1, actions=_deal([MIA, PETER], DISPLAY), viewer=0)
    status = table.view["status"]
    others = (
        "Player 2 has 0 gold and 5 cards in hand. Their griffin is on field 0, their cliff "
        "runner on field 0. In the display: purple gold, white cliff runner and black griffin. "
        "Cards in the draw pile: 41. Cards on the discard pile: 0. The waterfall card lies under "
        "21 to 41 cards."
    )
    # the screen fixed to Player 1 is told in sentences to "you" (as its prompt is), never
    # "Player 1"; the table's repr names the seat
    assert status == (
        "Your turn. Draw a card or play one set of two or more cards of one colour. "
        "You have 0 gold and 5 cards. Player 2 has 0 gold."
    )
    assert (
        "Player 1 draws a card or plays a set now. Player 1 has 0 gold and 5 cards in hand. "
        "Their griffin is on field 0, their cliff runner on field 0. " + others
    ) in repr(table)
    assert "p0" not in repr(table)
    for card in PETER:  # the other seat's hand, and Player 1's own, stay off the line
        assert card not in status
    assert "blue" not in status and "below 30" not in status
    table.play("blue griffin gold gold plus2")
    assert table.view["status"] == (
        "Your turn. Draw-two card! Take 2 more cards from the draw pile or the display. "
        "You have 2 gold and 1 card. Player 2 has 0 gold."
    )
    table.lang = "de"
    assert table.view["status"] == (
        "Du bist dran. Zieh-zwei-Karte! Nimm noch 2 Karten vom Nachziehstapel oder aus der "
        "Auslage. Du hast 2 Gold und 1 Karte. Spieler 2 hat 0 Gold."
    )
    assert "Spieler 1" not in table.view["status"]


def test_the_status_line_of_a_full_hand_and_of_the_end():
    table = HeroesTable(seats=HH, seed=1, actions=_deal([MIA, PETER], DISPLAY), viewer=1)
    for _ in range(5):  # both draw five times: Player 1 then holds 10 cards
        table.act("draw pile")
        table.act("draw pile")
    assert table.state.hands[0].__len__() == 10
    # the screen of Player 2: Player 1 keeps its name
    assert table.view["status"] == (
        "Player 1: your hand is full (10 cards): play a set. Player 1 has 0 gold. "
        "You have 0 gold and 10 cards."
    )
    done = HeroesTable(seats=("greedy", "racer"), seed=2)
    done.run_bots()
    assert done.state.phase == "over"
    winner = done.state.winners()[0] + 1
    # the end: who won in one short sentence (the results panel has the details), the repr
    # keeps the whole line, why the game ended first
    gold = done.state.scores()[winner - 1]
    assert done.view["status"] == f"Player {winner} wins with {gold} gold."
    ended = "The game ends: a figure has reached the volcano."
    assert repr(done).count(f"{ended} Player {winner} wins with {gold} gold. ") == 1
    assert f"Player {done.state.amulet + 1} has the amulet." in repr(done)
    done.lang = "de"
    assert done.view["status"] == f"Spieler {winner} gewinnt mit {gold} Gold."


def _deal(hands, display, below=30):
    lines = []
    for i in range(5):
        for hand in hands:
            lines.append(f"reveal {hand[i]}")
    return [*lines, *(f"reveal {c}" for c in display), f"waterfall below {below}"]


def test_bots_move_one_visible_step_at_a_time_and_their_cards_stay_hidden():
    table = HeroesTable(seats=("human", "greedy"), seed=6)
    assert table.viewer == 0 and not table.passing
    table.draw()
    while table.state.current_player() != 0 and table.state.phase != "over":
        assert table.view["moves"]["actions"] == []
        info = table.view["moves"]["next"]
        assert info is not None
        click(table, type="next")
    lines = table.match.lines(0)
    entries = table.view["log"]["entries"]
    assert entries
    for entry in entries:
        if entry["chance"] and lines[entry["n"] - 1] == "reveal ?":
            assert entry["text"] == "Player 2 draws a card."
    assert all(
        line == "reveal ?" or not line.startswith("reveal") or _public_reveal(table, i)
        for i, line in enumerate(table.match.lines(0))
    )


def _public_reveal(table, i):
    before = table.match.states[i]
    return before.phase in ("lay", "refill") or before.player == 0


def test_a_bot_only_table_plays_to_the_end():
    table = HeroesTable(seats=("planner", "racer", "hoarder"), players=3, seed=2)
    assert table.viewer == kaskaria.TABLE
    table.run_bots()
    assert table.state.phase == "over"
    assert "wins" in table.message or "share" in table.message


def test_a_taken_display_card_stays_and_the_reason_names_the_new_card():
    """Taking a display card refills the display from the pile at once: chance came after the
    take, so it stays, and the reason says so in a child's words (why it cannot be taken back:
    the card that came, not "the display was filled up")."""
    table = HeroesTable(seats=HH, seed=1, actions=[*_deal([MIA, PETER], DISPLAY)])
    table.pass_device()
    table.take(0)
    assert table.match.lines()[-2:][0] == "take display 1"
    assert table.match.lines()[-1].startswith("reveal ")
    stays = "You can't take this back: a new card is already on the display."
    assert table.view["moves"]["undo"] == {
        "shown": True,
        "enabled": False,
        "label": "Take back",
        "reason": stays,
    }
    before = table.match.lines()
    with pytest.raises(IllegalActionError, match=re.escape(stays)):
        table.undo()
    assert table.match.lines() == before
    table.lang = "de"
    assert table.view["moves"]["undo"]["reason"] == (
        "Das kannst du nicht zurücknehmen: Eine neue Karte liegt schon in der Auslage."
    )


# ----------------------------------------------------------------------------------------------
# nothing hidden reaches the browser
# ----------------------------------------------------------------------------------------------
def secret_cards(table, viewer):
    """Cards in other seats' hands that the viewer has never been shown: none of their kind is
    in the viewer's observation now or in any line of the log as the viewer may read it."""
    state = table.state
    obs = state.observation(viewer)
    seen = set()
    for hand in obs["hands"]:
        if hand:
            seen.update(hand)
    for known in obs["known"]:
        seen.update(known)
    seen.update(n for n in obs["display"] if n)
    seen.update(obs["discard"])
    seen.update(obs["played"])
    names = state.game.kind_names
    lines = " ".join(table.match.lines(viewer))
    secret = set()
    for p, hand in enumerate(state.hands):
        if p == viewer:
            continue
        for k in hand:
            name = names[k]
            colour, motif = name.split()
            if name not in seen and f"{colour} {motif}" not in lines:
                secret.add(name)
    return secret


def view_text(table):
    return json.dumps(table.view, ensure_ascii=False)


def forbidden_words(name, lang):
    colour, motif = name.split()
    return {name, card_word(colour, motif, lang), f"{colour} {motif}"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_nothing_synced_shows_a_card_the_viewer_may_not_see(lang):
    """For every viewer (each seat, the table), over many positions of several games, the whole
    JSON of the view (board, buttons, log, status, message, code) names no secret card."""
    checked = secrets_total = 0
    for seed in range(3):
        table = HeroesTable(
            seats=("human", "greedy", "racer"), players=3, seed=seed, lang=lang, viewer=0
        )
        rng = np.random.default_rng(seed)
        step = 0
        while table.state.phase != "over" and step < 400:
            if step % 3 == 0:
                for viewer in (0, 1, 2, "table"):
                    table.viewer = viewer
                    text = view_text(table)
                    for name in secret_cards(table, viewer):
                        secrets_total += 1
                        for word in forbidden_words(name, lang):
                            assert word not in text, (viewer, name, word)
                    assert table.code.startswith("KAS1-")
                    assert table.view["info"]["code_is_view"]
                    checked += 1
                table.viewer = 0
            step += 1
            if table.state.current_player() == 0:
                legal_now = table.state.legal_actions()
                table.act(legal_now[int(rng.integers(len(legal_now)))])
            else:
                table.next()
    assert checked > 100 and secrets_total > 300


def test_the_code_for_a_viewer_cannot_be_replayed_and_hides_the_draws():
    table = HeroesTable(seats=("human", "greedy"), seed=9)
    table.draw()
    table.run_bots()
    view = kaskaria.match.read_code(table.code)
    assert isinstance(view, kaskaria.match.MatchView) and view.viewer == 0
    assert "reveal ?" in view.lines
    full = kaskaria.Match.from_code(table.full_code)
    assert full.states[-1] == table.state


def test_a_screen_that_is_not_the_movers_shows_no_move_buttons():
    table = HeroesTable(seats=HH, seed=3, viewer="table")
    assert table.view["turn"]["to_move"] == "human" and table.view["moves"]["actions"] == []
    assert all(h is None for h in table.view["board"]["observation"]["hands"])
    table.act("draw pile")  # a person can still move from Python
    assert table.state.current_player() == 1
    table.viewer = "omniscient"
    assert buttons(table) == legal(table)
    assert table.view["board"]["others"]  # the teacher sees every hand


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Red: 1 card", "Purple: 3 cards, a set", "White: 1 card"]),
        ("de", ["Rot: 1 Karte", "Lila: 3 Karten, ein Kartenset", "Weiß: 1 Karte"]),
    ],
)
def test_each_colour_group_of_the_hand_is_named_by_its_colour_its_cards_and_its_set(lang, names):
    # the group's one name for screen readers (its letters and words drawn inside are for the eye)
    hand = "purple griffin, purple runner, purple gold, white griffin, red gold"
    match = kaskaria.setup("heroes", players=3, hands={0: hand}, seed=5)
    table = HeroesTable.from_match(match, seats=("human", "easy", "medium"), lang=lang)
    assert [g["name"] for g in table.view["board"]["hand"]] == names
    table.viewer = "omniscient"  # the teacher's screen names every hand's groups the same way
    assert [g["name"] for g in table.view["board"]["others"][0]] == names


@pytest.mark.parametrize(
    ("lang", "figures", "ways"),
    [
        (
            "en",
            ["griffin 2 · cliff runner 0", "griffin 0 · cliff runner 3"],
            "Purple: 4 ways to play",
        ),
        (
            "de",
            ["Schuppengreif 2 · Klippenläufer 0", "Schuppengreif 0 · Klippenläufer 3"],
            "Lila: 4 Möglichkeiten",
        ),
    ],
)
def test_player_cards_and_a_colour_of_several_ways_say_it_in_words(lang, figures, ways):
    """A child tester read "▲ 0 · » 0" on the player cards (a screen reader says "black
    up-pointing triangle") and a button "[P] Purple …" that hid the colour's ways: the figures'
    places are words, and the button says what it opens."""
    hand = "purple griffin, purple runner, purple gold, white griffin, red gold"
    match = kaskaria.setup(
        "heroes", players=2, hands={0: hand}, griffins=[2, 0], runners=[0, 3], seed=5
    )
    table = HeroesTable.from_match(match, seats=("human", "easy"), lang=lang)
    words = table.view["board"]["words"]
    assert [f"{f['griffin']} · {f['runner']}" for f in words["figures"]] == figures
    groups = {g["colour"]: g["ways"] for g in table.view["board"]["hand"]}
    assert groups == {"purple": ways, "white": "", "red": ""}
    # the number said is the number of the colour's moves offered
    plays = [a for a in table.view["moves"]["actions"] if a["action"].startswith("play purple ")]
    assert str(len(plays)) in ways
    # while another seat moves, no colour opens ways
    table.act("draw pile")
    assert table.state.current_player() == 1
    groups = {g["colour"]: g["ways"] for g in table.view["board"]["hand"]}
    assert "purple" in groups and set(groups.values()) == {""}


def test_static_html_shows_only_what_the_viewer_sees():
    table = HeroesTable(seats=("human", "greedy"), seed=12)
    bundle = table._repr_mimebundle_()
    html = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]
    assert "kaskaria-hk-static" in html and "Griffin path" in html
    for name in secret_cards(table, 0):
        assert name not in html


# ----------------------------------------------------------------------------------------------
# the pass-the-device screen
# ----------------------------------------------------------------------------------------------
def test_pass_the_device_between_people():
    table = HeroesTable(seats=HH, seed=7)
    assert table.passing and table.view["turn"]["to_move"] == "pass"
    view = table.view
    assert view["moves"]["actions"] == [] and view["passing"]["seat"] == 0
    assert view["board"]["observation"]["viewer"] == "table"
    assert (
        all(h is None for h in view["board"]["observation"]["hands"])
        and view["board"]["hand"] is None
    )
    with pytest.raises(
        IllegalActionError, match="Player 1 presses “I am Player 1: show my cards” first"
    ):
        table.draw()
    click(table, type="pass")
    assert not table.passing and table.viewer == 0 and table.view["board"]["hand"]
    with pytest.raises(IllegalActionError, match="nothing to confirm"):
        table.pass_device()
    table.draw()
    assert table.passing and table.view["passing"]["seat"] == 1
    assert (
        table.view["board"]["hand"] is None
        and table.view["board"]["observation"]["viewer"] == "table"
    )
    click(table, type="pass")
    assert table.viewer == 1 and table.view["board"]["observation"]["hands"][0] is None


def test_no_pass_screen_with_one_person():
    table = HeroesTable(seats=("human", "greedy"), seed=7)
    assert not table.passing and table.viewer == 0


# ----------------------------------------------------------------------------------------------
# words and the odds panel
# ----------------------------------------------------------------------------------------------
def test_german_labels():
    table = HeroesTable(seats=("human", "greedy"), seed=5, lang="de")
    labels = [b["label"] for b in table.view["moves"]["actions"]]
    # the display's cards first (their keys 1, 2, 3 are their places' numbers), then the pile
    assert [x.endswith(f"nehmen (Auslage {n})") for n, x in enumerate(labels[:3], 1)] == [True] * 3
    assert labels[3] == "Vom Nachziehstapel ziehen"
    words = table.view["board"]["words"]
    assert words["display"] == "Auslage" and words["volcano"] == "Vulkan"
    assert words["pile"].startswith("Nachziehstapel") and words["discard"].startswith(
        "Ablagestapel"
    )
    assert "Schuppengreife" in words["griffin_path"] and "Klippenläufer" in words["runner_path"]
    assert table.view["frame"]["title"] == "Die Helden von Kaskaria"
    assert table.view["frame"]["text"]["new_game"] == "Neues Spiel"
    table.draw()
    assert "Spieler" in table.message
    table.lang = "en"
    assert table.view["board"]["words"]["display"] == "Display"


def test_the_odds_panel_is_exact_and_can_be_hidden():
    table = HeroesTable(seats=("human", "greedy"), seed=8)
    panel = table.view["board"]["odds"]
    obs = table.state.observation(0)
    held = Counter(n.split()[0] for n in obs["hands"][0])
    assert [r["colour"] for r in panel["rows"]] == [c for c in table.game.colours if held[c]]
    for row in panel["rows"]:
        if held[row["colour"]] == 1:
            exact = odds.completes_set(table.game, obs, row["colour"])
            assert row["chance"]["exact"] == str(exact)
            assert row["text"] == f"Next card makes {row['colour']} a set"
        else:
            assert row["chance"] is None
    # the waterfall's rows, each with its exact chance; a chance of none is no row (a child read
    # "Next card is the waterfall never")
    water = (
        ("Next card is the waterfall", odds.waterfall_next(table.game, obs)),
        ("Waterfall comes within 5 cards", odds.waterfall_within(table.game, obs, 5)),
    )
    assert [(w["text"], w["chance"]["exact"]) for w in panel["waterfall"]] == [
        (words, str(chance)) for words, chance in water if chance
    ]
    assert water[0][1] == 0  # this deal's pile: the waterfall cannot come next (no row)
    click(table, type="help", on=False)
    assert table.view["board"]["odds"] is None and table.help is False
    click(table, type="help", on=True)
    assert table.view["board"]["odds"] is not None
    table.viewer = "table"
    assert table.view["board"]["odds"] is None  # the odds are a seat's


def test_no_odds_are_shown_while_the_hand_is_full():
    """A child read "Next card makes red a set" beside "Your hand is full (10 cards): play a
    set.": no card may be taken then, so the panel waits until the hand has room."""
    import random

    table = HeroesTable(seats=("human", "medium"), seed=3, autoplay=None)
    rng = random.Random(5)
    waterfall = 0
    for _ in range(600):
        view = table.view
        if view["turn"]["to_move"] == "human" and view["turn"]["phase"] == "turn":
            full = view["board"]["observation"]["hand_sizes"][0] >= table.game.hand_limit
            if full:
                break
            panel = view["board"]["odds"]
            assert panel is not None and view["board"]["odds_full"] is False
            # on the way: every waterfall row that is shown has a chance (none is "never")
            assert all(w["chance"]["exact"] != "0" for w in panel["waterfall"]), panel
            waterfall += len(panel["waterfall"])
        if view["moves"]["actions"]:
            table.act(rng.choice(view["moves"]["actions"])["action"])
        else:
            table.next()
    else:
        raise AssertionError("no full hand at the person's turn")
    assert table.view["board"]["odds"] is None and table.view["board"]["odds_full"] is True
    assert waterfall > 0  # the waterfall's rows were met


def test_a_locked_odds_switch_keeps_the_odds_hidden_from_every_screen_message():
    """``help_switch=False`` (the lesson's table before its counting questions): no screen can
    open the odds, the view says the switch is locked, and only Python changes it."""
    table = HeroesTable(seats=("human", "greedy"), seed=8, help=False, help_switch=False)
    assert table.view["board"]["help_locked"] is True and table.view["board"]["odds"] is None
    click(table, type="help", on=True)
    assert table.help is False and table.view["board"]["odds"] is None
    assert table.message == "The odds stay as they are at this table; nothing changed."
    table.lang = "de"
    click(table, type="help", on=True)
    assert table.help is False and "Wahrscheinlichkeiten bleiben" in table.message
    table.help_switch = True  # the teacher, in Python, opens the switch again
    assert "help_locked" not in table.view["board"]
    click(table, type="help", on=True)
    assert table.help is True and table.view["board"]["odds"] is not None
    with pytest.raises(TypeError, match="help_switch must be True or False"):
        table.help_switch = "no"
    # an unlocked table's view carries no lock (the golden views stay as they were)
    assert "help_locked" not in HeroesTable(seats=("human", "greedy"), seed=8).view["board"]


def test_the_german_odds_name_the_colour_as_a_noun():
    table = HeroesTable(seats=("human", "greedy"), seed=8, lang="de")
    texts = [r["text"] for r in table.view["board"]["odds"]["rows"] if r["chance"]]
    assert texts and all(re.search(r"ein Kartenset in [A-ZÄÖÜ]\w+$", t) for t in texts), texts
    table.lang = "en"
    texts = [r["text"] for r in table.view["board"]["odds"]["rows"] if r["chance"]]
    assert all(re.search(r"^Next card makes [a-z]+ a set$", t) for t in texts), texts


def test_words_have_the_same_keys_in_both_languages():
    from kaskaria.i18n import keys

    kaskaria.heroes.messages  # noqa: B018 (registers the tables)
    assert keys("heroes", "en") == keys("heroes", "de")
    assert len(keys("heroes", "en")) > 150


def test_the_view_is_plain_json():
    table = HeroesTable(seats=("human", "greedy"), seed=1)
    table.draw()
    assert json.loads(json.dumps(table.view)) == table.view
    assert repr(table).startswith("<HeroesTable seats=(human, greedy)")


@pytest.mark.parametrize(
    ("lang", "took", "drew", "kept"),
    [
        (
            "en",
            "Player 2 takes a card from the draw pile.",
            "Player 2 draws a card.",
            "Player 2 keeps the card hidden.",
        ),
        (
            "de",
            "Spieler 2 nimmt eine Karte vom Nachziehstapel.",
            "Spieler 2 zieht eine Karte.",
            "Spieler 2 hält die Karte verdeckt.",
        ),
    ],
)
def test_a_card_drawn_unseen_is_told_once(lang, took, drew, kept):
    """A child read "Player 2 takes a card from the draw pile." and then "Player 2 draws a card."
    as two cards: the card another player takes from the pile, unseen, is drawn once; the step
    that brings it says it stays hidden (the player's own screen still says which card came)."""
    import random

    table = HeroesTable(seats=("human", "easy"), seed=0, autoplay=None, lang=lang)
    rng = random.Random(1)
    pairs: set[tuple[str, str]] = set()  # each line "what just happened" showed, the next
    for _ in range(300):
        view = table.view
        if view["turn"]["to_move"] == "over":
            break
        if view["moves"]["actions"]:
            table.act(rng.choice(view["moves"]["actions"])["action"])
        else:
            table.next()
        lines = [line["text"] for line in table.view["summary"]["lines"]]
        pairs |= set(zip(lines, [*lines[1:], ""], strict=True))
    assert (took, drew) not in pairs
    assert (took, kept) in pairs
    assert {first for first, _ in pairs} >= {took}, "no card taken from the pile, unseen"
