"""Hidden information stays hidden at the tables: no seed, no refusal that lists another person's
moves, no view the browser may ask for on its own, and no first game that is always the same.

The check behind most tests here: a table and the same table whose position is dealt again where
the viewer shown cannot see (``state.resample_hidden``) must send the browser exactly the same
(every synced trait, the text and the static HTML of its display data). Anything that differs
tells the viewer something about what is hidden. A property test drives every table with random
Python calls and random messages from the browser, well-formed or not, and checks this after every
step.
"""

from __future__ import annotations

import base64
import copy
import json
import zlib
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

import kaskaria
from kaskaria import CHANCE, OMNISCIENT, TABLE, TERMINAL, IllegalActionError, Match
from kaskaria.hints import can_look_back
from kaskaria.present import Presenter
from kaskaria.widgets import DragonBattleTable, DragonsGoldTable, GameTable, HeroesTable

#: a seed whose digits cannot turn up in a view by chance
SEED = 9_876_543_210
TABLES = {
    "heroes": HeroesTable,
    "dragons-gold": DragonsGoldTable,
    "dragon-battle": DragonBattleTable,
}


def click(table, **content):
    """A message from the browser, as its clicks send them (with the view's version)."""
    content.setdefault("version", table.view["version"])
    send(table, content)


def send(table, content):
    """Any message, as the browser's console could send it."""
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def synced(table: GameTable) -> str:
    """Everything the browser gets from ``table``, as one text: every synced trait (the view and
    the module, styles and settings) and the display data's text and static HTML. Left out: the
    widget's own ids (they differ between two widgets) and the frame marker of a played turn."""
    traits = {
        name: getattr(table, name) for name in table.trait_names(sync=True) if name != "layout"
    }
    data, _ = table._repr_mimebundle_()
    traits["text/plain"] = data["text/plain"]
    traits["text/html"] = data["text/html"]
    return json.dumps(traits, sort_keys=True, ensure_ascii=False, default=str)


#: the shared table's own settings a re-dealt twin copies (the match is what differs)
_SETTINGS = (
    "_seat_specs",
    "_bots",
    "_help",
    "_pace",
    "_autoplay",
    "_autoplay_auto",
    "_news",
    "_news_no",
    "_version",
    "_fresh",
    "_hourglass_on",
    "_summary",
    "_watching",
    "_watch_owner",
    "_due",
    "_hg_key",
    "_hg_deadline",
    "_ticks",
    "_bot_names",
    "_seat_names",
    "_time_up_at",
    "_time_up_who",
    "_clock",
    "_hints",
)
#: and its screen's
_SCREEN = (
    "viewer_setting",
    "viewer",
    "passing",
    "epoch",
    "refusal",
    "refusal_news",
    "lang",
    "may_view",
    "log_shown",
    "sound",
    "motion",
    "advice",
)


def redealt(table: GameTable, rng: np.random.Generator) -> GameTable | None:
    """The same table, its game dealt again where the viewer shown cannot see (None for the
    omniscient viewer, from whom nothing is hidden, or if no such deal is found).

    First the position itself is dealt again (``state.resample_hidden``): for a seat's view for
    that seat; for the table's view (or the pass screen) for a seat other than the one to move,
    so that the mover's hidden cards change. That re-deal must leave the game's lines as the viewer reads them
    unchanged (a Dragon Battle resident drawn face down is named ``?`` only while it lies under
    its dragon: re-dealt elsewhere, its line would name it). Where it does not, the game is played
    again with every chance result hidden from the viewer drawn anew, until the lines and what
    the viewer sees agree."""
    session = table.session
    viewer = session.shown_viewer
    if viewer is OMNISCIENT:
        return None
    match = session.match
    state = match.state
    if isinstance(viewer, int):
        seat = viewer
    else:
        others = [s for s in range(table.game.players) if s != state.current_player()]
        seat = others[int(rng.integers(len(others)))]
    twin_match: Match | None = match.copy()
    twin_match.states[-1] = state.resample_hidden(seat, rng)
    if twin_match.lines(viewer) != match.lines(viewer):
        twin_match = next(
            (m for m in (replayed(match, viewer, rng) for _ in range(5)) if m is not None), None
        )
    if twin_match is None:
        return None
    twin = type(table).from_match(twin_match, seats=("human",) * table.game.players)
    for name in _SETTINGS:
        setattr(twin.session.table, name, copy.copy(session.table.__dict__[name]))
    for name in _SCREEN:
        setattr(twin.session.screen, name, copy.copy(getattr(session.screen, name)))
    # the same clock (a copy of a function is itself)
    twin.session.table._clock = session.table._clock
    twin._sync()
    return twin


def replayed(match: Match, viewer, rng: np.random.Generator) -> Match | None:
    """The match played again with the same decisions, every chance result that ``viewer`` does
    not read drawn anew; None if that game does not replay or reads differently for the viewer."""
    lines = match.lines(viewer)
    twin = Match(match.game, seed=match.seed)
    try:
        for line, action in zip(lines, match.actions, strict=True):
            state = twin.state
            if state.current_player() == CHANCE and line != str(action):
                outcomes = state.chance_outcomes()
                weights = np.array([float(p) for _, p in outcomes])
                action = outcomes[int(rng.choice(len(outcomes), p=weights / weights.sum()))][0]
            twin.apply(action)
    except ValueError:
        return None
    if twin.lines(viewer) != lines:
        return None
    if twin.state.observation(viewer) != match.state.observation(viewer):
        return None
    return twin


def outcome(call, table) -> tuple[str, str] | None:
    try:
        call(table)
    except (ValueError, TypeError, RuntimeError) as err:
        return type(err).__name__, str(err)
    return None


def same_for_the_viewer(table: GameTable, call, rng: np.random.Generator) -> None:
    """``call`` on the table and on a re-deal of it for the viewer shown. When it changes the
    position on neither (a refusal, a setting) and leaves the same viewer shown, everything it
    shows and raises is the same on both; it may not be refused on one and done on the other.
    (A call that makes a move, or shows another viewer, may show different things: a bot decides
    from its own cards, chance deals from what is left, a seat sees its own cards; what the table
    then shows is compared with a new re-deal by the property test.)"""
    viewer = table.session.shown_viewer
    twin = redealt(table, rng)
    if twin is not None:
        # the view's clock part is the time left until the next step, worked out when the view
        # is built: build the table's again now, at the same moment as its twin's
        table._sync()
        assert synced(twin) == synced(table), "the re-deal already shows differently"
        before_there = list(twin.session.match.actions)
        said_there = outcome(call, twin)
        changed_there = twin.session.match.actions != before_there
        shown_there = synced(twin)
        twin.close()
    before_here = list(table.session.match.actions)
    said_here = outcome(call, table)
    changed_here = table.session.match.actions != before_here
    if twin is None or table.session.shown_viewer != viewer or (changed_here and changed_there):
        return
    assert changed_here == changed_there, "done on one of the two, refused on the other"
    assert said_here == said_there
    assert synced(table) == shown_there


def decoded(code: str) -> dict:
    body = code[len("KAS1-") :]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


def play_until(table: GameTable, done, rng: np.random.Generator, limit: int = 600) -> None:
    """Random legal moves for the people and Next for the rest, until ``done(table)``."""
    for _ in range(limit):
        if done(table):
            return
        state = table.state
        player = state.current_player()
        if player == TERMINAL:
            break
        if table.session.next_info() is not None:
            table.next()
            continue
        if table.passing:
            table.pass_device()
            continue
        legal = state.legal_actions()
        table.act(legal[int(rng.integers(len(legal)))])
    assert done(table), "never reached the position asked for"


# ---------------------------------------------------------------------------------------------
# 1. the seed
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", TABLES)
def test_nothing_synced_carries_the_seed_while_the_game_runs(name):
    cls = TABLES[name]
    table = cls(seed=SEED)
    players = table.game.players
    table.viewers = ["auto", "table", "omniscient", *range(players)]
    rng = np.random.default_rng(1)
    for step in range(20):
        for viewer in ("auto", "table", "omniscient", *range(players)):
            table.viewer = viewer
            assert str(SEED) not in synced(table), (name, step, viewer)
            assert table.view["info"]["seed"] is None and table.view["info"]["code_is_view"]
            assert "seed" not in decoded(table.code)
            assert "seed" not in table.message.lower() and "seed=" not in repr(table)
        table.viewer = "auto"
        if table.state.current_player() == TERMINAL:
            break
        if table.session.next_info() is not None:
            table.next()
        else:
            legal = table.state.legal_actions()
            table.act(legal[int(rng.integers(len(legal)))])
    # a new game asked for by the screen, with the seed typed in
    click(table, type="new", seed=SEED + 1)
    assert table.seed == SEED + 1 and str(SEED + 1) not in synced(table)
    assert table.message.startswith("A new game.")


def test_a_dragons_gold_table_no_longer_greets_with_its_seed():
    table = DragonsGoldTable(players=3, seats=("human", "fair", "planner"), seed=2026)
    assert "2026" not in table.message and "2026" not in synced(table)
    assert table.view["info"]["this_game"] == (
        "This game: basic rules, negotiation (its seed is shown when the game is over)"
    )


def test_the_seed_is_shown_once_the_game_is_over_to_a_viewer_who_saw_everything():
    table = DragonBattleTable(seats=("optimal", "cautious"), seed=SEED)
    table.run_bots()
    assert table.state.current_player() == TERMINAL
    assert table.view["info"]["seed"] == SEED and f"seed {SEED}" in table.view["info"]["this_game"]
    assert repr(table).startswith(f"<DragonBattleTable seed={SEED} ")
    assert table.code == table.full_code and not table.view["info"]["code_is_view"]
    # a game with cards nobody else saw keeps it from those viewers even at the end
    heroes = HeroesTable(seats=("greedy", "racer"), seed=SEED)
    heroes.run_bots()
    assert heroes.state.current_player() == TERMINAL and heroes.view["info"]["seed"] is None
    assert "stays hidden" in heroes.view["info"]["this_game"]


def test_the_teacher_still_has_the_seed_in_python():
    table = HeroesTable(seats=("human", "greedy"), seed=SEED)
    assert table.seed == SEED and table.match.seed == SEED
    assert Match.from_code(table.full_code).seed == SEED
    assert table.match.to_code() == table.full_code


# ---------------------------------------------------------------------------------------------
# 2. refusals are worded for the viewer who reads them
# ---------------------------------------------------------------------------------------------
def moves_named(text: str, state, sent: str = "") -> list[str]:
    """The mover's legal moves (of more than one word) that ``text`` names, apart from the one
    that was sent (a refusal may quote what it refuses)."""
    if sent:
        text = text.replace(sent, "")
    return [str(a) for a in state.legal_actions() if " " in str(a) and str(a) in text]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_refusals_on_the_pass_screen_name_no_move(lang):
    rng = np.random.default_rng(3)
    table = HeroesTable(seats=("human", "human"), seed=11, lang=lang)
    assert table.passing
    state = table.state
    texts = []
    for content in (
        {"type": "next"},
        {"type": "turn"},
        {"type": "action", "action": "play blue griffin gold"},
        {"type": "action", "action": str(state.legal_actions()[-1])},
        {"type": "undo"},
    ):
        same_for_the_viewer(table, lambda t, c=content: click(t, **c), rng)
        assert table.view["message"]["kind"] == "error"
        assert not moves_named(table.message, state, content.get("action", ""))
        texts.append(table.message)
    assert table.state == state and table.passing  # nothing happened
    assert "Player 1" in texts[0] or "Spieler 1" in texts[0]
    for call in (lambda t: t.next(), lambda t: t.act("play blue griffin gold")):
        same_for_the_viewer(table, call, rng)
        with pytest.raises(IllegalActionError) as err:
            call(table)
        said = "play blue griffin gold"
        assert not moves_named(str(err.value), state, said) and "Legal now" not in str(err.value)


@pytest.mark.parametrize("name", ["heroes", "dragons-gold"])
def test_refusals_on_the_projector_and_at_another_seat_name_no_move(name):
    rng = np.random.default_rng(5)
    cls = TABLES[name]
    players = 2 if name == "heroes" else 3
    for viewer in ("table", 1):
        table = cls(players=players, seats=("human",) * players, seed=4, viewer=viewer)
        state = table.state
        assert state.current_player() == 0 and table.viewer == viewer
        mover_moves = [str(a) for a in state.legal_actions()]
        for text in (mover_moves[-1], "play blue griffin gold", "give gold to 2", "nonsense"):
            same_for_the_viewer(table, lambda t, x=text: click(t, type="action", action=x), rng)
            assert not moves_named(table.message, state, text), table.message
            # from Python a teacher may move for anyone, but a refusal still names no move
            if text not in mover_moves:
                same_for_the_viewer(table, lambda t, x=text: t.act(x), rng)
                with pytest.raises(ValueError) as err:
                    table.act(text)
                assert not moves_named(str(err.value), state, text), str(err.value)
        same_for_the_viewer(table, lambda t: click(t, type="next"), rng)
        assert "decision" in table.message or "entscheidet" in table.message
        assert not moves_named(table.message, state)
        assert table.state == state  # the screen made no move for Player 1


def test_a_refusal_still_on_screen_is_worded_again_for_a_new_viewer():
    table = HeroesTable(seats=("human", "human"), seed=11)
    table.pass_device()
    with pytest.raises(IllegalActionError, match="Legal now"):
        table.act("play blue griffin gold")  # Python gets the rules' whole explanation
    # Player 1's own screen: the rule, in words (never the list of legal moves)
    own = "You do not have a blue griffin card in your hand."
    assert table.message == own and not moves_named(table.message, table.state)
    table.viewer = "table"
    assert not moves_named(table.message, table.state) and "Legal now" not in table.message
    assert "Player 1 decides, on their own screen" in table.message
    table.viewer = 0
    assert table.message == own


def test_a_move_from_a_screen_that_does_not_show_it_is_never_made():
    """Even a legal move: made from the projector's screen it would tell, by being accepted or
    not, which cards the mover holds."""
    table = HeroesTable(seats=("human", "human"), seed=11, viewer="table")
    state = table.state
    for action in state.legal_actions():
        click(table, type="action", action=str(action))
        assert table.state == state
    table.act(state.legal_actions()[0])  # the teacher, in Python, may
    assert table.state != state


def test_undo_refusals_name_no_hidden_chance_result():
    match = Match(kaskaria.load("toy-swap", players=2), seed=3)
    match.resolve_chance()
    table = GameTable.from_match(match, seats=("human", "human"), viewer="table")
    table.act("draw")  # a card off the deck, seen by its owner only
    drawn = table.match.actions[-1]
    assert drawn.verb == "card"
    same_for_the_viewer(table, lambda t: t.undo(), np.random.default_rng(1))
    stands = "Chance came next: this stays."  # the game words no "stands.draw" of its own
    assert str(drawn) not in table.message and table.message == stands
    assert table.view["moves"]["undo"]["reason"] == stands
    table.viewer = 0
    # the owner's screen, which saw the card: the same line, no chance result named either
    assert table.view["moves"]["undo"]["reason"] == stands
    assert Presenter(match.game).chance_stands("draw", "de") == "Danach kam der Zufall: das bleibt."


def test_a_bot_that_chooses_badly_is_reported_without_its_choice():
    class Cheeky:
        name = "cheeky"

        def choose(self, state, rng):
            return kaskaria.Action("play", ("blue", "griffin", "gold"))

    table = HeroesTable(seats=(Cheeky(), "human"), seed=2, viewer="table")
    with pytest.raises(RuntimeError) as err:
        table.next()
    assert "griffin" not in str(err.value) and "Legal" not in str(err.value)
    assert not moves_named(table.message, table.state)


# ---------------------------------------------------------------------------------------------
# 3. the browser asks only for what Python allows
# ---------------------------------------------------------------------------------------------
def test_the_screen_cannot_make_itself_omniscient():
    table = HeroesTable(players=3, seats=("human", "planner", "greedy"), seed=2)
    assert table.viewers == ("auto", TABLE, 0)
    shown = synced(table)
    for viewer in ("omniscient", 1, 2, 3, -1, "Omniscient", "table ", True, 0.0):
        click(table, type="viewer", viewer=viewer)
        assert table.viewer == 0 and table.view["message"]["kind"] == "error"
    assert (
        json.loads(synced(table))["view"]["board"]["observation"]
        == json.loads(shown)["view"]["board"]["observation"]
    )
    click(table, type="viewer", viewer="table")
    assert table.viewer == TABLE
    click(table, type="viewer", viewer="auto")
    assert table.viewer == 0
    # the teacher, in Python, may show anything, and may allow the screen to ask for more
    table.viewer = "omniscient"
    assert table.viewer == OMNISCIENT
    click(table, type="viewer", viewer="table")
    click(table, type="viewer", viewer="omniscient")
    assert table.viewer == TABLE  # showing it once allows nothing
    table.viewers = ["table", "omniscient", 1]
    click(table, type="viewer", viewer="omniscient")
    assert table.viewer == OMNISCIENT
    click(table, type="viewer", viewer=0)
    assert table.viewer == OMNISCIENT and "may not show" in table.message
    table.viewers = None
    assert table.viewers == ("auto", TABLE, 0)
    with pytest.raises(TypeError, match="viewers is a list"):
        table.viewers = "omniscient"
    with pytest.raises(ValueError, match="viewer must be a seat"):
        table.viewers = ["table", 9]
    table2 = HeroesTable(seats=("human", "human"), seed=2, viewers=["table"])
    assert table2.viewers == (TABLE,)


def test_the_default_views_follow_the_people_at_the_table():
    table = DragonsGoldTable(players=3, seats=("human", "fair", "fair"), seed=2)
    assert table.viewers == ("auto", TABLE, 0)
    click(table, type="seat", player=2, seat="human")
    assert table.viewers == ("auto", TABLE, 0, 2)


MALFORMED: list[Any] = [
    None,
    "next",
    ["next"],
    42,
    {},
    {"type": None},
    {"type": "nonsense"},
    {"type": "viewer"},
    {"type": "viewer", "viewer": None},
    {"type": "viewer", "viewer": ["table"]},
    {"type": "viewer", "viewer": "x" * 10_000},
    {"type": "action"},
    {"type": "action", "action": 5},
    {"type": "action", "action": ["draw", "pile"]},
    {"type": "action", "action": "draw pile", "player": 1},
    {"type": "action", "action": "x" * 1_000_000},
    {"type": "next", "version": "1"},
    {"type": "next", "version": 2**80},
    {"type": "next", "version": -1},
    {"type": "next", "extra": 1},
    {"type": "new", "seed": True},
    {"type": "new", "seed": "1"},
    {"type": "new", "seed": float("nan")},
    {"type": "new", "seed": 10**4000},
    {"type": "help", "on": 1},
    {"type": "help"},
    {"type": "pace", "delay": float("inf")},
    {"type": "pace", "delay": None},
    {"type": "autoplay", "delay": "auto"},
    {"type": "lang", "lang": ["de"]},
    {"type": "code", "code": 5},
    {"type": "code", "code": "K" * 100_000},
    {"type": "seat", "player": 1},
    {"type": "seat", "player": 1, "seat": "threshold(1e99999999)"},
    {"type": "seat", "player": 1, "seat": "x" * 1000},
    {"type": "seat", "player": True, "seat": "human"},
    {"type": "restart", "players": "4"},
    {"type": "restart", "players": 10**4000},
    {"type": "restart", "variant": 3},
    {"type": "hourglass", "on": False},  # not a Heroes control
    {"type": "pass", "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6},
]


@pytest.mark.parametrize("content", MALFORMED, ids=[f"m{i}" for i in range(len(MALFORMED))])
def test_a_malformed_message_changes_nothing_and_says_so_briefly(content):
    table = HeroesTable(seats=("human", "greedy"), seed=2)
    state, seed, viewer, lang = table.state, table.seed, table.viewer, table.lang
    settings_before = (table.help, table.pace, table.autoplay, table.seats, table.viewers)
    send(table, content)
    assert (table.state, table.seed, table.viewer, table.lang) == (state, seed, viewer, lang)
    assert (table.help, table.pace, table.autoplay, table.seats, table.viewers) == settings_before
    assert table.view["message"]["kind"] == "error" and len(table.message) < 120
    assert table.message.startswith("The table did not understand a message")


def test_well_formed_messages_still_work_and_the_hourglass_belongs_to_dragons_gold():
    table = DragonsGoldTable(players=3, seats=("human", "fair", "fair"), seed=2)
    click(table, type="hourglass", on=False)
    assert table.hourglass is False
    click(table, type="help", on=False)
    assert table.help is False
    click(table, type="pace", delay=0.6)
    assert table.pace == 0.6
    click(table, type="lang", lang="de")
    assert table.lang == "de"
    click(table, type="new", seed=None)  # the seed box left empty: a fresh seed
    assert table.seed != 2 and table.message.startswith(
        "Ein neues Spiel. Schicke"
    )  # the screen's own player: no "Spieler 1"
    click(table, type="restart", players=4)
    assert table.game.players == 4


# ---------------------------------------------------------------------------------------------
# 4. every first game is not the same
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", TABLES)
def test_a_fresh_seed_deals_a_new_game_and_its_stored_output_does_not_depend_on_it(name):
    cls = TABLES[name]
    tables = [cls(seed=None) for _ in range(4)]
    assert len({t.seed for t in tables}) == 4
    assert len({str(t.match.lines()) for t in tables}) > 1  # the deals differ
    outputs = {json.dumps(t._repr_mimebundle_()[0]["text/plain"]) for t in tables}
    htmls = {t._repr_mimebundle_()[0]["text/html"] for t in tables}
    assert len(outputs) == 1 and len(htmls) == 1
    assert "a new game dealt with a fresh seed" in outputs.pop()
    # once someone has played, the table shows its position again
    table = tables[0]
    play_until(
        table, lambda t: t.session.match.last_decision() is not None, np.random.default_rng(0)
    )
    assert "fresh seed" not in repr(table)
    fixed = cls(seed=7)
    assert "fresh seed" not in repr(fixed)


def test_a_new_game_from_the_screen_with_an_empty_seed_box_is_fresh():
    table = HeroesTable(seats=("human", "greedy"), seed=1)
    assert "fresh seed" not in repr(table)
    click(table, type="new", seed=None)
    assert "fresh seed" in repr(table)
    click(table, type="new", seed=5)
    assert "fresh seed" not in repr(table)


# ---------------------------------------------------------------------------------------------
# hints and "what if?": from the seat's own view only
# ---------------------------------------------------------------------------------------------
def _advice_table(name: str, seed: int) -> GameTable:
    players = {"heroes": 2, "dragons-gold": 3, "dragon-battle": 2}[name]
    return TABLES[name](
        players=players,
        seats=("human",) * players,
        seed=seed,
        viewer=0,
        autoplay=None,
        hints=True,
    )


@pytest.mark.parametrize("name", ["heroes", "dragons-gold"])
def test_a_hint_and_what_if_say_the_same_whatever_the_seat_cannot_see(name):
    """At the seat's own turn (a hint) and after it (what if?), the table and its re-deal for
    that seat show the same answer, word for word: nothing else went into it."""
    rng = np.random.default_rng(5)
    table = _advice_table(name, 4321)
    try:
        twin = None
        for _ in range(40):  # seat 0's decisions until one where something is hidden from it
            n = len(table.session.match.actions)
            play_until(
                table,
                lambda t, n=n: t.state.current_player() == 0 and len(t.session.match.actions) > n,
                rng,
            )
            here = table.state.observation(OMNISCIENT)
            twin = redealt(table, rng)
            if twin is not None and twin.state.observation(OMNISCIENT) != here:
                break
            if twin is not None:
                twin.close()
            twin = None
        assert twin is not None, "no position found where the seat cannot see everything"
        twin.close()
        same_for_the_viewer(table, lambda t: click(t, type="hint"), rng)
        text = table.view["advice"]["text"]
        assert text and table.view["advice"]["kind"] == "hint"
        # a re-deal that changed what the seat cannot see: the hint did not change
        for _ in range(10):
            twin = redealt(table, rng)
            assert twin is not None
            if twin.state.observation(OMNISCIENT) != here:
                break
            twin.close()
        assert twin.state.observation(OMNISCIENT) != here
        click(twin, type="hint")
        assert twin.view["advice"]["text"] == text
        twin.close()
        decided = len(table.session.match.actions)
        # after a turn of seat 0 that its game looks back at (Dragon's Gold: an answer)
        play_until(
            table,
            lambda t: (
                len(t.session.match.actions) > decided
                and t.session.turn_owner() not in (0, None)
                and can_look_back(t.session.match, 0)
            ),
            rng,
        )
        assert table.view["advice"]["what_if"] is not None
        same_for_the_viewer(table, lambda t: click(t, type="what_if"), rng)
        assert table.view["advice"]["kind"] == "what_if" and table.view["advice"]["text"]
    finally:
        table.close()


def test_no_hint_reaches_a_screen_that_shows_another_seat():
    table = _advice_table("heroes", 4321)
    try:
        rng = np.random.default_rng(1)
        play_until(table, lambda t: t.state.current_player() == 1, rng)
        click(table, type="hint")  # seat 0's screen while seat 1 decides
        assert table.view["advice"]["text"] == ""
        assert "whose turn" in table.view["message"]["text"]
    finally:
        table.close()


class Clock:
    """A clock the test moves by hand (a table and its re-dealt twin share it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ---------------------------------------------------------------------------------------------
# the property test: random calls and messages, nothing synced differs on a re-deal
# ---------------------------------------------------------------------------------------------
#: action texts that are never legal, or legal by what lies open (so that a re-deal of what is
#: hidden cannot change whether they are): unreadable ones, and well-formed ones whose refusal
#: explains the rules and lists the legal moves
JUNK_ACTIONS = {
    "heroes": ["play blue griffin griffin griffin griffin griffin griffin", "waterfall below 0"],
    "dragons-gold": ["steal from 1", "choose pile 1", "propose", "put gold in pile 1"],
    "dragon-battle": ["stop", "place red", "place silver on blue", "roll"],
}
UNREADABLE = ["take display ²", "give gold to ²", "waterfall below ²", "dance", "", "play"]
#: who sits at the table and who is shown: the children's app (one person, bots, the person's
#: view), people sharing one device (the pass-the-device screen), the projector (the table's
#: view) and a screen fixed to one seat while another person decides
CONFIGS = {
    "app": ("bots", "auto"),
    "hot-seat": ("people", "auto"),
    "projector": ("mixed", "table"),
    "fixed": ("people", 1),
}
BOTS = {
    "heroes": ["greedy", "planner", "random"],
    "dragons-gold": ["fair", "greedy", "random"],
    "dragon-battle": ["optimal", "cautious", "random"],
}
PLAYERS = {"heroes": (2, 3), "dragons-gold": (3, 4), "dragon-battle": (2, 3)}
VARIANTS = {
    "heroes": ["basic", "brave"],
    "dragons-gold": ["basic", "advanced", "basic-strategic"],
    "dragon-battle": ["memory", "basic"],
}
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


class TableMachine(RuleBasedStateMachine):
    """One table, driven by Python calls and browser messages; after every step, the table and
    a re-deal of it for the viewer shown send the browser the same, and no seed is sent while
    the game runs."""

    name = "heroes"
    config = "app"

    @initialize(data=st.data())
    def set_up(self, data):
        name = self.name
        players = data.draw(st.sampled_from(PLAYERS[name]))
        sitting, viewer = CONFIGS[self.config]
        kinds = {"bots": BOTS[name], "people": ["human"], "mixed": ["human", *BOTS[name]]}
        others = data.draw(
            st.lists(st.sampled_from(kinds[sitting]), min_size=players - 1, max_size=players - 1)
        )
        variant = data.draw(st.sampled_from(VARIANTS[name]))
        self.seed = data.draw(st.integers(10**9, 10**10))
        self.rng = np.random.default_rng(self.seed)
        # a fresh seed (a new game with the seed box empty) comes from the example's own numbers,
        # so that an example plays the same when it is run again
        self.fresh = mock.patch(
            "kaskaria.tables.table.fresh_seed", lambda: int(self.rng.integers(10**9, 10**10))
        )
        self.fresh.start()
        self.clock = Clock()
        self.table = TABLES[name](
            players=players,
            seats=("human", *others),
            variant=variant,
            seed=self.seed,
            viewer=viewer,
            autoplay=None,
            clock=self.clock,
            hints=data.draw(st.booleans()),
        )

    def teardown(self):
        table = getattr(self, "table", None)
        if table is not None:
            table.close()
            self.fresh.stop()

    def step(self, call) -> None:
        same_for_the_viewer(self.table, call, self.rng)

    # -- Python, as a teacher's notebook calls it ----------------------------------------------
    @rule(data=st.data())
    def python_act(self, data):
        shown = [b["action"] for b in self.table.view["moves"]["actions"]]
        text = data.draw(st.sampled_from(shown + JUNK_ACTIONS[self.name] + UNREADABLE))
        self.step(lambda t: t.act(text))

    @rule(which=st.sampled_from(["next", "play_turn", "undo", "pass_device"]))
    def python_button(self, which):
        self.step(lambda t: getattr(t, which)())

    @rule(viewer=st.sampled_from(["auto", "table", 0, 1, "omniscient"]))
    def python_viewer(self, viewer):
        self.step(lambda t: setattr(t, "viewer", viewer))

    @rule(seed=st.none() | st.integers(10**9, 10**10))
    def python_new_game(self, seed):
        self.table.new_game(seed)

    # -- time: bots at their pace, the hourglass running out -----------------------------------
    @rule(on=st.booleans())
    def python_autoplay(self, on):
        self.step(lambda t: setattr(t, "autoplay", 1.0 if on else None))

    @rule(seconds=st.sampled_from([0.5, 1.0, 61.0]))
    def time_passes(self, seconds):
        """Time goes by and the screen's timer wakes the table (a bot's step, or the end of the
        hourglass when a person must answer)."""
        self.clock.now += seconds
        self.step(lambda t: click(t, type="tick"))

    @rule()
    def python_tick(self):
        self.step(lambda t: t.tick())

    # -- the browser ---------------------------------------------------------------------------
    @rule(data=st.data())
    def screen_move(self, data):
        """(Moves from the screen are what most refusals are about: tried twice as often.)"""
        self.screen_action(data)

    @rule(data=st.data())
    def screen_action(self, data):
        state = self.table.state
        legal = [str(a) for a in state.legal_actions()] if state.current_player() >= 0 else []
        shown = [b["action"] for b in self.table.view["moves"]["actions"]]
        junk = JUNK_ACTIONS[self.name] + UNREADABLE
        # mostly the mover's own moves, whether this screen shows them or not
        if legal and data.draw(st.integers(0, 3)):
            text = data.draw(st.sampled_from(legal))
        else:
            text = data.draw(st.sampled_from(shown + junk))
        self.step(lambda t: click(t, type="action", action=text))

    @rule(kind=st.sampled_from(["next", "turn", "undo", "pass"]))
    def screen_button(self, kind):
        self.step(lambda t: click(t, type=kind))

    @rule(kind=st.sampled_from(["hint", "what_if"]))
    def screen_advice(self, kind):
        """A hint or "what if?" (answered from the seat's own view, or refused)."""
        self.step(lambda t: click(t, type=kind))

    @rule(viewer=st.sampled_from(["auto", "table", "omniscient", 0, 1, 2, 7, "x", None]))
    def screen_viewer(self, viewer):
        was = self.table.viewer
        self.step(lambda t: click(t, type="viewer", viewer=viewer))
        if self.table.viewer is OMNISCIENT:
            assert was is OMNISCIENT or "omniscient" in self.table.viewers

    @rule(
        content=st.sampled_from(
            [
                {"type": "lang", "lang": "de"},
                {"type": "lang", "lang": "en"},
                {"type": "help", "on": False},
                {"type": "help", "on": True},
                {"type": "pace", "delay": 0.6},
                {"type": "log", "more": True},
                {"type": "sound", "on": True},
                {"type": "motion", "motion": "reduced"},
                {"type": "new", "seed": None},
                {"type": "new", "seed": 1234567890},
            ]
        )
    )
    def screen_setting(self, content):
        self.step(lambda t: click(t, **content))

    @rule(data=st.data())
    def screen_garbage(self, data):
        """Anything at all, or a known type with odd fields."""
        if data.draw(st.booleans()):
            content = data.draw(json_values)
        else:
            kind = data.draw(st.sampled_from(["action", "viewer", "new", "seat", "help", "next"]))
            extra = data.draw(st.dictionaries(st.text(max_size=8), json_values, max_size=2))
            content = {"type": kind, **extra}
        self.step(lambda t: send(t, content))

    # -- after every step ----------------------------------------------------------------------
    @invariant()
    def nothing_differs_on_a_re_deal(self):
        table = self.table
        twin = redealt(table, self.rng)
        if twin is not None:
            assert synced(twin) == synced(table)
            twin.close()

    @invariant()
    def no_seed_while_the_game_runs(self):
        table = self.table
        if table.state.current_player() != TERMINAL:
            assert str(table.seed) not in synced(table)
            assert table.view["info"]["seed"] is None and "seed" not in decoded(table.code)


def machine(name: str, config: str) -> type[TableMachine]:
    title = f"{name.title().replace('-', '')}{config.title().replace('-', '')}Machine"
    return type(title, (TableMachine,), {"name": name, "config": config})


FAST = settings(
    max_examples=3,
    stateful_step_count=12,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


#: Dragon Battle keeps nothing from one seat that another sees: its screens are the same for
#: every seat, so the app and the projector cover it
QUICK = [
    (name, config)
    for name in TABLES
    for config in CONFIGS
    if name != "dragon-battle" or config in ("app", "projector")
]


@pytest.mark.parametrize(("name", "config"), QUICK)
def test_random_calls_and_messages_never_show_what_is_hidden(name, config):
    run_state_machine_as_test(machine(name, config), settings=FAST)


@pytest.mark.soak
@pytest.mark.parametrize(("name", "config"), QUICK)
def test_random_calls_and_messages_never_show_what_is_hidden_long(name, config):
    """The same with new random examples on every run, longer and more of them: a soak (make
    soak; 10 to 17 s a table and setting, about two minutes of CPU in all), the same machine
    and invariants as the quick test above, which make test runs for every table and setting."""
    run_state_machine_as_test(
        machine(name, config),
        settings=settings(
            max_examples=15,
            stateful_step_count=25,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
