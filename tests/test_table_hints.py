"""Hints and "what if?" at a table, and the strong bot as a table's "hard" seat.

The gate: a hint only when the table's hints are on (a Python setting, off by default), only
for the person whose turn it is and on a screen that shows that person; "what if?" only for the
screen's own seat once its turn is over. The answer is the library's (kaskaria.hints), in the
screen's language, on the asking screen alone. (That it is computed from the seat's view only is
checked in tests/test_leaks.py, with a re-deal of what the seat cannot see.)
"""

from __future__ import annotations

import pytest

from kaskaria import bots
from kaskaria.bots import GUARD_SECONDS, difficulty_of, guarded, make_bot, table_bot
from kaskaria.core import TABLE, load
from kaskaria.hints import hint, what_if
from kaskaria.session import TableSession
from kaskaria.tables import Screen, parse
from kaskaria.tables import protocol as p
from kaskaria.tables.advice import no_answer, work_out


def db_session(**kw) -> TableSession:
    settings = {"players": 2, "seats": ("human", "hard"), "seed": 3, "autoplay": None}
    return TableSession("dragon-battle", **{**settings, **kw})


def to_decide(s: TableSession) -> None:
    """Roll, then place, until seat 0 chooses between rolling on and stopping."""
    s.act("roll")
    while s.state.current_player() == 0 and s.state.phase != "decide":
        s.act(s.state.legal_actions()[0])
    assert s.state.phase == "decide"


# -- the protocol ---------------------------------------------------------------------------------
def test_hint_and_what_if_are_messages_without_fields():
    assert isinstance(parse({"type": "hint"}), p.Hint)
    assert isinstance(parse('{"type": "what_if", "version": 3}'), p.WhatIf)
    assert parse({"type": "hint", "seat": 1}) is None  # no seat to name: it is the screen's own
    assert parse({"type": "what_if", "lang": "de"}) is None
    assert {"hint", "what_if"} <= p.SCREEN_ONLY


# -- the gate ---------------------------------------------------------------------------------------
def test_hints_are_off_by_default_and_refused_in_words():
    s = db_session()
    assert s.hints is False and s.view()["advice"]["hint"] is None
    version = s.table.version
    assert s.handle({"type": "hint"}) is False
    assert s.view()["message"]["text"] == "Hints are switched off at this table."
    assert s.handle({"type": "what_if"}) is False
    assert s.view(lang="de")["message"]["text"] == "Tipps sind an diesem Tisch ausgeschaltet."
    assert s.table.version == version and s.view()["advice"]["text"] == ""


def test_the_teacher_switches_hints_on_in_python_only():
    s = db_session()
    assert s.handle({"type": "help", "on": True})  # a screen's setting that exists
    assert parse({"type": "hints", "on": True}) is None  # the browser cannot switch hints on
    s.hints = True
    assert s.view()["advice"]["on"] is True
    with pytest.raises(TypeError, match="hints must be True or False"):
        s.hints = "yes"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_is_the_strong_bots_move_and_why_for_the_seat_to_move(lang):
    s = db_session(hints=True, lang=lang)
    to_decide(s)
    advice = s.view()["advice"]
    assert advice["hint"] is not None and advice["what_if"] is None
    assert s.handle({"type": "hint"})
    expected = hint(s.match, 0, lang)
    assert s.view()["advice"]["kind"] == "hint"
    assert s.view()["advice"]["text"] == expected.text
    assert s.view()["advice"]["text"].startswith(("Roll again", "Stop", "Würfle", "Hör"))
    # it stays until the table changes, then goes
    s.act("stop")
    assert s.view()["advice"]["text"] == ""


def _build_start(seed: int) -> TableSession:
    """A three-player Dragon's Gold table at seat 0's first step of building a split."""
    s = TableSession(
        "dragons-gold", players=3, seats=("human", "easy", "easy"), seed=seed, hints=True,
        autoplay=None,
    )  # fmt: skip
    for _ in range(400):
        state = s.state
        if state.is_terminal():
            break
        if state.current_player() == 0 and state.phase == "build":
            if not any(state.observation(0)["split"]["parts"]):
                break
        if state.current_player() == 0:
            s.act(state.legal_actions()[0])
        else:
            s.next()
    assert s.state.phase == "build" and s.state.current_player() == 0
    return s


def _gives(s: TableSession, follow: bool) -> list:
    """Seat 0's give moves that follow the split its hint named (``follow``), or that leave it."""
    from kaskaria.dragons_gold.rules import COLOURS

    plan = s.table.advice_kept[(0, "hint")].plan["shares"]
    split = s.state.observation(0)["split"]
    out = []
    for a in s.state.legal_actions():
        if a.verb != "give":
            continue
        to = int(a.args[2]) - 1
        c = COLOURS.index(a.args[0])
        given = split["parts"][split["involved"].index(to)].get(a.args[0], 0)
        if (plan[to][c] > given) == follow:
            out.append(a)
    return out


def test_a_proposal_hint_stays_while_the_child_hands_out_the_split_it_names():
    """Dragon's Gold: the hint names the whole split; it stays on screen while the child hands
    it out token by token as it says (Hint pressed again says the same plan, not a new search
    from the next position), and goes once the proposal is made."""
    s = _build_start(4)
    assert s.handle({"type": "hint"})
    text = s.view()["advice"]["text"]
    assert text.startswith("Propose this split: you keep")
    s.act(_gives(s, follow=True)[0])
    assert s.state.phase == "build" and s.view()["advice"]["text"] == text  # still there
    assert s.handle({"type": "hint"})
    assert s.view()["advice"]["text"] == text
    s.act(_gives(s, follow=True)[-1])
    assert s.handle({"type": "hint"})
    assert s.view()["advice"]["text"] == text
    while s.state.phase == "build" and s.state.current_player() == 0:
        moves = s.state.legal_actions()
        done = [a for a in moves if a.verb == "propose"]
        s.act(done[0] if done else next(a for a in moves if a.verb == "give"))
    assert s.view()["advice"]["text"] == ""  # proposed: the hint is gone


def test_a_proposal_hint_goes_when_the_child_hands_a_token_elsewhere():
    """A token handed out where the named split does not put it: the board can no longer make
    that split, so the hint goes, and Hint pressed again works out a plan from here (which
    keeps what was handed out)."""
    for seed in (4, 5, 6):
        s = _build_start(seed)
        assert s.handle({"type": "hint"})
        text = s.view()["advice"]["text"]
        if not text.startswith("Propose this split"):
            continue
        astray = _gives(s, follow=False)
        if not astray:
            continue
        s.act(astray[0])
        assert s.view()["advice"]["text"] == ""
        assert s.handle({"type": "hint"})
        again = s.view()["advice"]["text"]
        assert again and again != text
        return
    pytest.fail("no split hint with a token to hand out elsewhere in three tables")


def test_a_no_deal_hint_goes_once_the_child_hands_out_a_token_all_the_same():
    """A hint that says "no deal" names no split: it stays while the split is as it was asked
    about (Hint pressed again says the same), and goes once the child hands out a token all the
    same, so that the line says again what the clicks do ("propose this split now" once every
    token is out; a child tester read the stale "Say no deal" above "Propose this split")."""
    s = _build_start(9)
    assert s.handle({"type": "hint"})
    text = s.view()["advice"]["text"]
    assert text.startswith("Say no deal"), text
    assert s.handle({"type": "hint"})
    assert s.view()["advice"]["text"] == text  # nothing handed out: still the answer
    give = next(a for a in s.state.legal_actions() if a.verb == "give")
    s.act(give)
    assert s.state.phase == "build" and s.state.current_player() == 0
    assert s.view()["advice"]["text"] == ""
    while s.state.phase == "build" and any(a.verb == "give" for a in s.state.legal_actions()):
        s.act(next(a for a in s.state.legal_actions() if a.verb == "give"))
    assert s.view()["advice"]["text"] == ""
    assert s.view()["message"]["prompt"] == "Every token is handed out, propose this split now."


def test_a_hint_is_refused_for_a_seat_not_on_turn_and_for_the_projector():
    s = db_session(hints=True, seats=("human", "human"))
    table = s.table
    # a pupil's device of seat 1 while seat 0 decides
    other = table.attach(Screen(1, "en", plays=1, controls=False, keeps_time=False))
    refusal = table.apply(p.Hint(), other)
    assert refusal is not None and refusal.reason == "hint_not_yours"
    assert "whose turn it is" in refusal.text(table, 1, "en")
    assert other.advice is None
    # the projector shows the table: it speaks for nobody
    s.viewer = "table"
    assert s.view()["advice"]["hint"] is None
    assert s.handle({"type": "hint"}) is False
    # a device that watches
    watcher = table.attach(Screen(TABLE, "en", plays=None, controls=False, keeps_time=False))
    assert table.apply(p.Hint(), watcher).reason == "hint_not_yours"


def test_only_the_asking_screen_shows_the_answer():
    s = db_session(hints=True, seats=("human", "human"))
    table = s.table
    mine = table.attach(Screen(0, "en", plays=0, controls=False, keeps_time=False))
    theirs = table.attach(Screen(1, "en", plays=1, controls=False, keeps_time=False))
    assert table.apply(p.Hint(), mine) is None
    from kaskaria.tables import view

    assert view(table, mine)["advice"]["text"]
    assert view(table, theirs)["advice"]["text"] == ""
    assert s.view()["advice"]["text"] == ""  # the notebook's own screen asked for nothing


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_if_looks_back_at_the_screens_own_finished_turn(lang):
    s = db_session(hints=True, lang=lang)
    assert s.view()["advice"]["what_if"] is None
    assert s.handle({"type": "what_if"}) is False  # no turn finished yet
    assert s.screen.refusal.reason == "what_if_no_turn"
    to_decide(s)
    assert s.handle({"type": "what_if"}) is False  # its turn is still on
    s.act("stop")
    advice = s.view()["advice"]
    assert advice["what_if"] is not None and advice["hint"] is None
    assert advice["thinking"]  # the bot decides now: "Player 2 (hard bot) is thinking…"
    assert s.handle({"type": "what_if"})
    assert s.view()["advice"]["kind"] == "what_if"
    assert s.view()["advice"]["text"] == what_if(s.match, 0, lang).text
    # asked for a hint now (not its turn): refused, nothing else changes
    assert s.handle({"type": "hint"}) is False


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_look_back_stays_while_the_bots_play_on_until_the_seat_decides_again(lang):
    """A child asked "Look back" after a turn and saw it gone 1.3 s later, when the bot made its
    first step (autoplay): the look back tells of a turn that is over, so it stays through the
    other seats' steps and chance, and goes when the child decides again (or a new game)."""
    s = db_session(hints=True, lang=lang)
    to_decide(s)
    s.act("stop")
    assert s.handle({"type": "what_if"})
    told = what_if(s.match, 0, lang).text
    assert s.view()["advice"]["text"] == told
    steps = 0
    while s.state.current_player() != 0:  # the bot's whole turn, and chance, step by step
        assert s.handle({"type": "next"})
        steps += 1
        advice = s.view()["advice"]
        assert (advice["kind"], advice["text"]) == ("what_if", told), steps
    assert steps >= 3
    assert s.view()["advice"]["text"] == told  # the child's turn again: still there to read
    s.act("roll")  # the child decides: the look back has had its time
    assert (s.view()["advice"]["kind"], s.view()["advice"]["text"]) == ("", "")


def test_what_if_is_refused_for_another_seats_turn():
    s = db_session(hints=True, seats=("human", "human"))
    table = s.table
    s.act("roll")
    while s.state.current_player() == 0:
        legal = [str(a) for a in s.state.legal_actions()]
        s.act("stop" if "stop" in legal else legal[0])
    # seat 1 has not played: its device may not look back at seat 0's turn
    theirs = table.attach(Screen(1, "en", plays=1, controls=False, keeps_time=False))
    assert table.apply(p.WhatIf(), theirs).reason == "what_if_no_turn"
    watcher = table.attach(Screen(TABLE, "en", plays=None, controls=False, keeps_time=False))
    assert table.apply(p.WhatIf(), watcher).reason == "what_if_not_yours"
    mine = table.attach(Screen(0, "en", plays=0, controls=False, keeps_time=False))
    assert table.apply(p.WhatIf(), mine) is None


def test_the_thinking_line_names_the_bot_to_move():
    s = db_session(hints=False)
    assert s.view()["advice"]["thinking"] == s.view()["advice"]["wait"] == ""
    s.act("roll")
    while s.state.current_player() == 0:
        legal = [str(a) for a in s.state.legal_actions()]
        s.act("stop" if "stop" in legal else legal[0])
    assert s.view()["advice"]["thinking"] == "Player 2 (hard bot) is thinking…"
    assert s.view(lang="de")["advice"]["thinking"] == "Spieler 2 (starker Bot) überlegt\u00a0…"
    # the answer to a click on the board meanwhile says why nothing happens
    assert s.view()["advice"]["wait"] == "Wait: Player 2 (hard bot) is thinking…"
    assert s.view(lang="de")["advice"]["wait"] == "Warte: Spieler 2 (starker Bot) überlegt\u00a0…"


# -- "hard" at the tables ------------------------------------------------------------------------
def test_hard_is_the_win_bot_only_where_the_ladder_shows_it_strongest():
    assert db_session().bots[1].name == "win"
    # the memory rules with two players: above every other bot, two seeds' ladders together
    assert db_session(variant="memory").bots[1].name == "win"
    three = TableSession(
        "dragon-battle", players=3, seats=("human", "hard", "hard"), seed=3, autoplay=None
    )
    # three players: above every other bot read by wins, two seeds' ladders together
    assert [b.name for b in three.bots[1:]] == ["win", "win"]
    # four players: above every other bot read by wins, on a ladder whose tables play every
    # order of play (docs/bots.md)
    four = TableSession(
        "dragon-battle", players=4, seats=("human", "hard", "hard", "easy"), autoplay=None
    )
    assert [b.name for b in four.bots[1:3]] == ["win", "win"]
    # three players, the younger children's rules: above every other bot read by wins, two
    # seeds' ladders together, every order of play; with four it is level: "hard" stays optimal
    younger = TableSession(
        "dragon-battle", players=3, variant="younger", seats=("human", "hard", "easy")
    )
    assert younger.bots[1].name == "win"
    younger_four = TableSession(
        "dragon-battle", players=4, variant="younger", seats=("human", "hard", "easy", "easy")
    )
    assert younger_four.bots[1].name == "optimal"
    heroes = TableSession("heroes", players=2, seats=("human", "hard"), seed=3, autoplay=None)
    assert heroes.bots[1].name == "search" and heroes.bots[1].params == {}
    brave = TableSession("heroes", players=2, variant="brave", seats=("human", "hard"))
    assert brave.bots[1].name == "search" and brave.bots[1].params == {}
    three_heroes = TableSession("heroes", players=3, seats=("human", "hard", "easy"))
    assert three_heroes.bots[1].name == "search" and three_heroes.bots[1].params == {}
    # four players: above every other bot read by wins, two seeds' ladders together
    four_heroes = TableSession("heroes", players=4, seats=("human", "hard", "easy", "easy"))
    assert four_heroes.bots[1].name == "search" and four_heroes.bots[1].params == {}
    brave_four = TableSession(
        "heroes", players=4, variant="brave", seats=("human", "hard", "easy", "easy")
    )
    assert brave_four.bots[1].name == "planner"
    brave_three = TableSession(
        "heroes", players=3, variant="brave", seats=("human", "hard", "easy")
    )
    assert brave_three.bots[1].name == "planner"
    gold = TableSession("dragons-gold", players=3, seats=("human", "hard", "easy"), autoplay=None)
    assert gold.bots[1].name == "search" and gold.bots[1].params == {}
    gold4 = TableSession("dragons-gold", players=4, seats=("human", "hard", "easy", "easy"))
    assert gold4.bots[1].name == "search" and gold4.bots[1].params == {}
    gold5 = TableSession("dragons-gold", players=5, seats=("human", "hard", "easy", "easy", "easy"))
    assert gold5.bots[1].name == "search" and gold5.bots[1].params == {}
    gold5_advanced = TableSession(
        "dragons-gold",
        players=5,
        variant="advanced",
        seats=("human", "hard", "easy", "easy", "easy"),
    )
    assert gold5_advanced.bots[1].name == "search"  # two seeds with balanced orders
    strategic = TableSession(
        "dragons-gold",
        players=4,
        variant="basic-strategic",
        seats=("human", "hard", "easy", "easy"),
    )
    # (divide and choose with two seeds and balanced orders; the advanced rules' tables too, in
    # test_dragons_gold_seats_the_search_as_hard_where_its_ladder_shows_it_strongest)
    assert strategic.bots[1].name == "search"
    # the seat menus still call it "hard"
    s = db_session()
    assert s.table.seat_menu_value(1) == "hard" and s.view()["players"][1]["bot"] == "hard bot"


def test_a_new_player_count_seats_that_counts_hard_bot():
    s = db_session()
    s.restart(players=4)
    assert s.bots[1].name == "win"
    s.restart(players=4, variant="younger")  # level with the quick bots: the quick bot
    assert s.bots[1].name == "optimal"
    s.restart(players=3, variant="younger")
    assert s.bots[1].name == "win"
    s.restart(players=3, variant="memory")  # overlapping the quick bots: the quick bot
    assert s.bots[1].name == "optimal"
    s.restart(players=4, variant="memory")
    assert s.bots[1].name == "win"
    s.restart(players=3, variant="basic")
    assert s.bots[1].name == "win"
    s.restart(players=2)
    assert s.bots[1].name == "win"
    s.set_seat(1, "hard")
    assert s.bots[1].name == "win"


@pytest.mark.parametrize("variant, hard", [("basic", "win"), ("younger", "win"), ("memory", "win")])
def test_two_players_hard_bot_plays_to_win_wherever_the_ladder_shows_it_strongest(variant, hard):
    # the younger children's rules: the solved duel's bot above every other (docs/bots.md); the
    # memory rules: the duel's bot weighing every way the face-down residents lie, above every
    # other bot on two seeds' ladders together
    game = load("dragon-battle", players=2, variant=variant)
    assert table_bot(game, "hard").name == hard
    # four players: the basic and the memory rules above every other bot read by wins, two
    # seeds together; the younger children's rules overlapping
    four = "optimal" if variant == "younger" else "win"
    assert table_bot(load("dragon-battle", players=4, variant=variant), "hard").name == four


@pytest.mark.parametrize(
    "players, variant, hard",
    [
        (3, "basic", "search"),
        (3, "advanced", "search"),
        (4, "basic", "search"),
        (4, "advanced", "search"),
        # divide and choose: the search rated first and above every other bot with the basic
        # rules, level with the advanced ones (docs/bots.md)
        (3, "basic-strategic", "search"),
        (4, "basic-strategic", "search"),
        (5, "basic-strategic", "search"),
        (3, "advanced-strategic", "greedy"),
        (4, "advanced-strategic", "search"),
        (5, "advanced-strategic", "greedy"),
        # five players: above every other bot when games are read by who won (docs/bots.md);
        # with the advanced rules in both readings, two seeds with balanced orders
        (5, "basic", "search"),
        (5, "advanced", "search"),
    ],
)
def test_dragons_gold_seats_the_search_as_hard_where_its_ladder_shows_it_strongest(
    players, variant, hard
):
    game = load("dragons-gold", players=players, variant=variant)
    assert table_bot(game, "hard").name == hard


def test_a_strong_hard_bot_plays_its_whole_budget_at_a_table_with_no_clock(monkeypatch):
    heroes = load("heroes", players=2)
    monkeypatch.setitem(bots._STRONG_AT, "heroes", frozenset({(2, "basic")}))
    bot = table_bot(heroes, "hard")
    assert bot.name == "search" and bot.seconds is None and bot.iterations is None
    assert difficulty_of(heroes, bot) == "hard"
    assert table_bot(heroes, "easy").name == "greedy"
    assert table_bot(load("heroes", players=3), "hard").name == "planner"
    # a class server's processes think with a clock, the budget and the rest unchanged
    limited = guarded(heroes, make_bot("heroes", "search", iterations=40))
    assert (limited.name, limited.iterations, limited.seconds) == ("search", 40, GUARD_SECONDS)
    shorter = guarded(heroes, make_bot("heroes", "search", seconds=GUARD_SECONDS / 4))
    assert shorter.seconds == GUARD_SECONDS / 4  # its own shorter limit stays
    gold = guarded("dragons-gold", make_bot("dragons-gold", "search"))
    assert gold.name == "search" and gold.seconds == GUARD_SECONDS
    quick = make_bot("heroes", "planner")
    assert guarded(heroes, quick) is quick  # a bot that does not think has no clock to set


def test_a_seeded_table_with_a_search_bot_plays_the_same_on_a_slow_computer(monkeypatch):
    """The table's search bot counts playouts, not seconds: a computer whose clock races (every
    reading a second later, as if each playout took a second) plays the same moves."""
    import itertools

    from kaskaria import search

    monkeypatch.setitem(bots._STRONG_AT, "dragons-gold", frozenset({(3, "basic")}))

    def played() -> list[str]:
        s = TableSession(
            "dragons-gold", players=3, seats=("hard", "hard", "easy"), seed=5, autoplay=None
        )
        assert s.bots[0].name == "search"
        s.run_bots(max_steps=12)
        return [str(a) for a in s.table.match.actions]

    calm = played()
    ticks = itertools.count()
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(ticks)))
    assert played() == calm
    assert next(ticks) >= 4  # the bot searched (each search reads the clock as it starts and ends)


# -- where the answer is worked out --------------------------------------------------------------
def hint_asked_of_a_thinker(lang: str = "en", seed: int = 3) -> tuple[TableSession, list]:
    """Seat 0 to decide at a table whose thinker keeps the work asked of it (in the list
    returned) instead of running it; seat 0 has pressed Hint."""
    s = db_session(hints=True, lang=lang, seed=seed)
    to_decide(s)
    asked: list = []
    s.table.thinker = lambda work, done, wanted: asked.append((work, done, wanted))
    assert s.handle({"type": "hint"})
    return s, asked


def test_asking_the_same_question_again_works_nothing_out_again(monkeypatch):
    """A second press of Hint (the table unchanged) keeps the answer on screen: a pupil pressing
    it again and again costs the table nothing."""
    import kaskaria.hints

    calls = []
    real = kaskaria.hints.hint

    def counted(*args, **kw):
        calls.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(kaskaria.hints, "hint", counted)
    s = db_session(hints=True)
    to_decide(s)
    for _ in range(3):
        assert s.handle({"type": "hint"})
    assert len(calls) == 1
    assert s.view()["advice"]["text"] == real(s.match, 0, "en").text


@pytest.mark.parametrize(
    ("lang", "working"), [("en", "Working it out…"), ("de", "Wird ausgerechnet …")]
)
def test_a_table_with_a_thinker_answers_at_once_and_shows_the_answer_when_it_is_ready(
    lang, working
):
    s, asked = hint_asked_of_a_thinker(lang)
    assert s.view()["advice"] == {**s.view()["advice"], "kind": "hint", "text": working}
    assert s.handle({"type": "hint"})  # pressed again while it works: nothing more to do
    assert len(asked) == 1
    work, done, _ = asked[0]
    done(work_out(work))
    assert s.view()["advice"]["text"] == hint(s.match, 0, lang).text


@pytest.mark.parametrize(
    ("lang", "working", "went_on"),
    [
        ("en", "Working it out…", "The game went on: ask again."),
        ("de", "Wird ausgerechnet …", "Das Spiel ist weitergegangen: Frag noch einmal."),
    ],
)
def test_an_answer_about_a_position_the_table_has_left_is_not_shown(lang, working, went_on):
    """The pupil did not wait. Their move is what their screen shows at once: no "Let me
    think…" left over (it reads as the game thinking for them). When the work ends, never an
    answer about a position the table has left: while the decision is still theirs (they
    rolled on and now place), the screen says the game went on, so they may ask again; once
    their turn has passed, nothing (no sentence that stays through another player's turn,
    with no Hint button to ask again)."""
    # the decision still theirs: roll on, and the roll works (seed 9: it does)
    s, asked = hint_asked_of_a_thinker(lang, seed=9)
    assert s.view()["advice"]["text"] == working
    s.act("roll")
    assert s.state.current_player() == 0 and s.state.phase == "place"
    version = s.table.version
    assert s.view()["advice"]["text"] == ""  # still worked out, no longer said
    ((work, done, _),) = asked
    done(work_out(work))  # the work read the position it was asked about, never the live table
    assert s.view()["advice"]["text"] == "" and s.table.version == version
    assert s.view()["message"]["text"] == went_on
    # the turn over: they stopped, the other player decides
    s, asked = hint_asked_of_a_thinker(lang)
    s.act("stop")
    assert s.state.current_player() != 0
    version = s.table.version
    assert s.view()["advice"]["text"] == ""
    ((work, done, _),) = asked
    done(work_out(work))
    assert s.view()["advice"]["text"] == "" and s.table.version == version
    assert s.view()["message"]["text"] != went_on


def test_a_refusal_worked_out_later_is_said_on_the_asking_screen():
    s, asked = hint_asked_of_a_thinker()
    asked[0][1](no_answer())
    assert s.view()["message"]["text"] == "There is no hint for this moment."
    assert s.view()["advice"]["text"] == ""


def test_one_question_is_worked_out_once_for_every_language(monkeypatch):
    """A pupil switching languages and asking again and again at one position starts one
    piece of work: the words come back in every language and switching shows the kept ones."""
    import kaskaria.hints

    calls = []
    real = kaskaria.hints.hint
    monkeypatch.setattr(kaskaria.hints, "hint", lambda *a, **kw: calls.append(a) or real(*a, **kw))
    s, asked = hint_asked_of_a_thinker("en")
    for lang in ("de", "en", "de"):
        assert s.handle({"type": "lang", "lang": lang})
        assert s.handle({"type": "hint"})
        assert s.view()["advice"]["text"] == (
            "Wird ausgerechnet …" if lang == "de" else "Working it out…"
        )
    ((work, done, _),) = asked
    done(work_out(work))
    assert [c[2] for c in calls] == ["en", "de"]  # the words in each language, one search
    assert s.view()["advice"]["text"] == real(s.match, 0, "de").text
    assert s.handle({"type": "lang", "lang": "en"}) and s.handle({"type": "hint"})
    assert s.view()["advice"]["text"] == real(s.match, 0, "en").text
    assert len(asked) == 1 and len(calls) == 2


@pytest.mark.parametrize("game", ["heroes", "dragons-gold"])
def test_the_words_in_every_language_come_from_one_search(game, monkeypatch):
    import importlib

    import kaskaria
    from kaskaria.hints import hint_texts, what_if_texts

    module = importlib.import_module(f"kaskaria.{game.replace('-', '_')}.hints")
    searches = []
    real = module._search
    monkeypatch.setattr(module, "_search", lambda v, i: searches.append(v) or real(v, i))
    m = kaskaria.setup(game, players=3, seed=5)
    texts = hint_texts(m, None, ("en", "de"))
    assert len(searches) == 1
    assert texts == {lang: hint(m, None, lang).text for lang in ("en", "de")}
    assert len(searches) == 3  # outside one question, each hint searches
    while m.state.current_player() in (m.state.current_player(), -1) and len(m.actions) < 12:
        m.play(m.state.legal_actions()[0]) if m.state.current_player() >= 0 else m.step_chance()
    seat = [p for p in m.actors() if p >= 0][-1]
    looked = what_if_texts(m, seat, ("en", "de"))
    assert looked == {lang: what_if(m, seat, lang).text for lang in ("en", "de")}


def test_a_seat_has_one_question_worked_out_at_a_time():
    """The pupil moved on while the hint is worked out and asks again: refused in words until
    the first answer is in (one pupil cannot fill the class's queue); then the new one works."""
    s, asked = hint_asked_of_a_thinker(seed=9)  # the roll works: seat 0 decides again
    s.act("roll")
    while s.state.current_player() == 0 and s.state.phase != "decide":
        s.act(s.state.legal_actions()[0])
    assert s.state.current_player() == 0 and s.state.phase == "decide"
    version = s.table.version
    assert not s.handle({"type": "hint"})
    assert s.view()["message"]["text"] == (
        "Your last question is still being worked out: wait for its answer."
    )
    assert len(asked) == 1 and s.table.version == version
    asked[0][1](work_out(asked[0][0]))
    assert s.view()["message"]["text"] == "The game went on: ask again."
    assert s.handle({"type": "hint"}) and len(asked) == 2
    asked[1][1](work_out(asked[1][0]))
    assert s.view()["advice"]["text"] == hint(s.match, 0, "en").text


def test_work_nobody_waits_for_any_more_is_not_worth_working_out():
    """What the thinker asks before the work's turn comes: still wanted while the screen waits
    at that position; not once the table moved on, the screen asked something else or left."""
    s, asked = hint_asked_of_a_thinker()
    ((_, _, wanted),) = asked
    assert wanted()
    s.act("stop")
    assert not wanted()
    s2, asked2 = hint_asked_of_a_thinker()
    s2.table.detach(s2.screen)
    assert not asked2[0][2]()


def test_dragons_gold_looks_back_only_at_an_answer_in_the_seats_last_turn():
    """Dragon's Gold's "what if?" is about an answer to a proposal: the button is there while
    the others play after the child answered, and gone once the child's last turn was another
    kind (an adventurer sent), so it never looks back at an old treasure."""
    from kaskaria.dragons_gold.hints import last_answer

    s = TableSession(
        "dragons-gold", players=3, seats=("human", "easy", "easy"), seed=4, hints=True,
        autoplay=None,
    )  # fmt: skip
    seen = {"answer": 0, "send": 0}
    for _ in range(600):
        state = s.state
        if state.is_terminal() or min(seen.values()) >= 2:
            break
        if state.current_player() == 0:
            last = state.phase
            s.act(state.legal_actions()[0])
            continue
        if state.current_player() >= 0 and any(
            t.current_player() == 0 for t in s.match.states[:-1]
        ):
            offered = s.view()["advice"]["what_if"] is not None
            answered = last_answer(s.match, 0) is not None
            assert offered == answered
            if last == "answer":
                assert offered
                seen["answer"] += 1
                assert s.handle({"type": "what_if"})
                assert s.view()["advice"]["text"].startswith("You ")
            elif last == "turn":
                assert not offered
                assert s.handle({"type": "what_if"}) is False
                seen["send"] += 1
        s.next()
    assert min(seen.values()) >= 2, seen


def at_piles():
    """Tables of the strategic rules (seeds 1-11) at seat 0's first decision making piles (the
    tables whose game reaches none are left out)."""
    for seed in range(1, 12):
        s = TableSession(
            "dragons-gold", players=3, variant="basic-strategic", seats=("human", "easy", "easy"),
            seed=seed, hints=True, autoplay=None,
        )  # fmt: skip
        for _ in range(400):
            state = s.state
            if state.is_terminal() or (state.current_player() == 0 and state.phase == "divide"):
                break
            if state.current_player() == 0:
                s.act(state.legal_actions()[0])
            else:
                s.next()
        if s.state.phase == "divide" and s.state.current_player() == 0:
            yield s


def test_a_piles_hint_stays_while_the_child_makes_the_piles_it_names():
    """Divide and choose (the strategic rules): the hint names every pile; putting a token where
    it says keeps it on screen (and Hint again says the same), a token put elsewhere takes it
    away, and Hint again then names piles made around the tokens where they lie."""
    from kaskaria.dragons_gold.rules import COLOURS

    for s in at_piles():
        assert s.handle({"type": "hint"})
        text = s.view()["advice"]["text"]
        assert text.startswith("Make these piles.")
        piles = s.table.advice_kept[(0, "hint")].plan["piles"]

        def puts(follow: bool, s: TableSession = s, piles: list = piles) -> list:
            parts = s.state.observation(0)["split"]["parts"]
            return [
                a
                for a in s.state.legal_actions()
                if a.verb == "put"
                and (
                    piles[int(a.args[3]) - 1][COLOURS.index(a.args[0])]
                    > parts[int(a.args[3]) - 1].get(a.args[0], 0)
                )
                == follow
            ]

        s.act(puts(True)[0])
        assert s.view()["advice"]["text"] == text
        assert s.handle({"type": "hint"}) and s.view()["advice"]["text"] == text
        astray = puts(False)
        if astray:
            s.act(astray[0])
            assert s.view()["advice"]["text"] == ""
            # Hint again: new piles, made around every token where it now lies
            if s.state.phase == "divide" and s.state.current_player() == 0:
                assert s.handle({"type": "hint"})
                again = s.view()["advice"]["text"]
                anew = s.table.advice_kept[(0, "hint")].plan["piles"]
                parts = s.state.observation(0)["split"]["parts"]
                assert anew != piles
                assert all(
                    pile[COLOURS.index(c)] >= n
                    for pile, part in zip(anew, parts, strict=True)
                    for c, n in part.items()
                )
                assert again.startswith("Make these piles."), again
                assert "You will likely get pile" in again
        return
    pytest.fail("seat 0 made no piles in eleven strategic games")


def test_a_piles_hint_followed_to_the_end_says_the_piles_are_ready():
    """The child puts every token where the piles hint says: the hint no longer says "Make these
    piles" (nothing is left to make), and Hint again says to press "These are my piles"."""
    from kaskaria.dragons_gold.rules import COLOURS

    for s in at_piles():
        assert s.handle({"type": "hint"})
        text = s.view()["advice"]["text"]
        assert text.startswith("Make these piles.")
        piles = s.table.advice_kept[(0, "hint")].plan["piles"]
        for _ in range(60):
            parts = s.state.observation(0)["split"]["parts"]
            follow = [
                a
                for a in s.state.legal_actions()
                if a.verb == "put"
                and piles[int(a.args[3]) - 1][COLOURS.index(a.args[0])]
                > parts[int(a.args[3]) - 1].get(a.args[0], 0)
            ]
            if not follow:
                break
            s.act(follow[0])
            if any(a.verb == "put" for a in s.state.legal_actions()) and any(
                piles[int(a.args[3]) - 1][COLOURS.index(a.args[0])]
                > s.state.observation(0)["split"]["parts"][int(a.args[3]) - 1].get(a.args[0], 0)
                for a in s.state.legal_actions()
                if a.verb == "put"
            ):
                assert s.view()["advice"]["text"] == text  # still being made: still said
        assert s.state.phase == "divide" and s.state.current_player() == 0
        assert s.view()["advice"]["text"] == ""
        assert s.handle({"type": "hint"})
        assert s.view()["advice"]["text"].startswith(
            "Your piles are ready: press “These are my piles”."
        ), s.view()["advice"]["text"]
        return
    pytest.fail("seat 0 made no piles in eleven strategic games")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_another_persons_turn_is_not_your_turn_on_your_own_screen(lang):
    """In class each pupil's device shows their own seat: while another person decides, the
    header names who plays ("Player 1 is playing"), never "Player 1: your turn", which a child
    reads as their own turn. The one screen that all share still speaks to the person."""
    from kaskaria.tables import view

    s = TableSession(
        "dragons-gold", players=3, seats=("human", "human", "easy"), seed=4, autoplay=None,
        lang=lang,
    )  # fmt: skip
    table = s.table
    assert s.state.current_player() == 0
    mine = table.attach(Screen(0, lang, plays=0, controls=False, keeps_time=False))
    theirs = table.attach(Screen(1, lang, plays=1, controls=False, keeps_time=False))
    you, playing, person = {
        "en": ("Your turn", "Player 1 is playing", "Player 1: your turn"),
        "de": ("Du bist dran", "Spieler 1 spielt", "Spieler 1: Du bist dran"),
    }[lang]
    assert view(table, mine)["turn"]["text"] == you
    assert view(table, theirs)["turn"]["text"] == playing
    shared = table.attach(Screen(TABLE, lang, plays=None, controls=False, keeps_time=False))
    assert view(table, shared)["turn"]["text"] == person
